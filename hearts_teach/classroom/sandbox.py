"""Run a student's notebook code in a process of its own and collect its answers as data.

``run_submission(sources, calls)`` starts ``hearts_teach.classroom.sandbox_worker`` in a new process:

- inside the OS sandbox (``hearts_teach.classroom.os_sandbox``): only Python, the installed
  packages and a read-only snapshot of ``hearts_teach`` (first on its path) are there, its
  working folder and home is a small private tmpfs, no network, its own PID namespace;
  with ``isolate=False`` (``--no-os-sandbox``) a plain process with a private copy of the
  package instead;
- ``python -I -B``: no user site, no ``PYTHON*`` variables, no current folder on the path;
- resource limits: memory (address space), CPU seconds, file size, processes; killed with
  everything it started when the time is up;
- the job goes in on stdin; the events come back as JSON lines on a private pipe, read with
  a deadline and a size cap; stdout and stderr are discarded.

The result is plain data (``Event`` dicts); the grader judges it in its own process.
"""

from __future__ import annotations

import json
import os
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hearts_teach.classroom.os_sandbox import (
    HOME,
    PACKAGE_DIR,
    SITE,
    Launch,
    Limits,
    PackageSnapshot,
    require,
)
from hearts_teach.classroom.teacher_files import SOLUTIONS

MAX_OUTPUT = 32 * 1024 * 1024  # bytes of events a submission may send
# folders a submission may not read: the answers (a student could exec the solution cell)
PRIVATE = (SOLUTIONS,)
CASE_LIMIT = 2.0  # seconds per case, unless the checker sets its own (``Checker.time_limit``)
ARRIVED = "arrived"  # key the grader adds to each event: when it read it (time.monotonic())
BOOT = ("import sys; sys.path.insert(0, sys.argv[1]); "
        "from hearts_teach.classroom.sandbox_worker import main; main()")


@dataclass
class SandboxRun:
    """What came back from one submission's process."""

    events: list[dict] = field(default_factory=list)
    finished: bool = False  # the worker reached the end of its job
    timed_out: bool = False  # killed at the deadline
    crashed: str = ""  # a one-line reason when the process ended early
    current_cell: int | None = None  # the last cell started
    seconds: float = 0.0


_FONT_CACHE: list[tempfile.TemporaryDirectory] = []  # built once per grading process, on first use


def _matplotlib_cache() -> Path | None:
    """matplotlib's font list, built once here in a trusted process: with an empty config folder a
    submission's first plot runs ``fc-list`` to build it, the guard refuses that, and an honest
    plot would be noted as "tried to use subprocess.Popen". None when matplotlib is missing."""
    if not _FONT_CACHE:
        tmp = tempfile.TemporaryDirectory(prefix="hearts_grade_mpl_")
        try:
            subprocess.run([sys.executable, "-I", "-c", "import matplotlib.font_manager"], cwd=tmp.name,
                           env={"MPLCONFIGDIR": tmp.name, "MPLBACKEND": "Agg", "HOME": tmp.name,
                                "PATH": os.environ.get("PATH", "/usr/bin:/bin")},
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=120, check=False)
        except (OSError, subprocess.SubprocessError):
            pass
        _FONT_CACHE.append(tmp)
    folder = Path(_FONT_CACHE[0].name)
    return folder if any(folder.glob("fontlist*.json")) else None


def _private_copy(root: Path, source: Path = PACKAGE_DIR) -> Path:
    site = root / "site"
    shutil.copytree(source, site / PACKAGE_DIR.name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    return site


FONTS = "/opt/matplotlib"  # the font list inside the sandbox (copied into the worker's folder there)


def run_submission(sources: list[str], calls: list[dict], *, timeout: float = 60.0,
                   memory_mb: int = 2048, cell_limit: float = 10.0, case_limit: float = CASE_LIMIT,
                   package: Path = PACKAGE_DIR, private: tuple[Path, ...] = PRIVATE,
                   isolate: bool = True) -> SandboxRun:
    """Run the code cells ``sources`` in a fresh worker process, then make ``calls``
    (``[{"function": name, "cases": [encoded args, ...]}, ...]``); return the events.

    With ``isolate`` (the default) the worker runs in the OS sandbox (``os_sandbox``), which
    shows it ``package`` read-only and nothing of the teacher's files; raises
    ``OsSandboxMissing`` when this machine cannot make one. Without, it runs as a plain
    process with a private copy of the package, where only the audit hook keeps the files
    under ``private`` (the solutions, the class's submissions) unread."""
    require(isolate)
    run = SandboxRun()
    start = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="hearts_grade_") as tmp:
        site = package if isolate else _private_copy(Path(tmp), package) / PACKAGE_DIR.name
        fonts = _matplotlib_cache()
        binds = {FONTS: str(fonts)} if fonts is not None else {}
        env = {"MPLBACKEND": "Agg", "MPLCONFIGDIR": f"{HOME}/.matplotlib", "IPYTHONDIR": f"{HOME}/.ipython",
               "OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1"}
        cpu_seconds = int(timeout * 2) + 5
        limits = Limits(cpu_seconds=cpu_seconds, memory_bytes=memory_mb * 2**20, file_bytes=16 * 2**20)
        read_fd, write_fd = os.pipe()
        try:
            launch = Launch([sys.executable, "-I", "-B", "-c", BOOT, SITE, str(write_fd)], limits=limits,
                            isolate=isolate, package=site, ro_binds=binds, env=env, pass_fds=(write_fd,),
                            stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        finally:
            os.close(write_fd)
        # the worker lowers its own limits (hard and soft) before it runs any student code
        job = {"sources": sources, "calls": calls, "root": launch.path(HOME), "cell_limit": cell_limit,
               "case_limit": case_limit, "memory_bytes": limits.memory_bytes, "cpu_seconds": cpu_seconds,
               "file_bytes": limits.file_bytes, "fonts": launch.path(FONTS) if fonts is not None else None,
               "private": [os.path.realpath(p) for p in private]}
        proc = launch.proc
        try:
            try:
                assert proc.stdin is not None
                proc.stdin.write(json.dumps(job).encode())
                proc.stdin.close()
            except BrokenPipeError:
                pass
            _read_events(read_fd, run, start + timeout)
            if not run.timed_out:  # its pipe closed: let it end by itself, so its own status is read
                try:
                    proc.wait(timeout=2)
                except subprocess.TimeoutExpired:
                    pass
        finally:
            os.close(read_fd)
            launch.close()
        if not run.finished and not run.timed_out and not run.crashed:
            run.crashed = _crash_words(proc.returncode, run, launch.forks_refused, limits)
    run.seconds = time.monotonic() - start
    return run


def _crash_words(code: int | None, run: SandboxRun, forks_refused: int, limits: Limits) -> str:
    """Why the notebook's process ended before it was done, in a teacher's words."""
    if code and code > 128:  # bubblewrap passes on a signal as 128 + its number
        code = 128 - code
    cell = f" in cell {run.current_cell + 1}" if run.current_cell is not None and not any(
        e.get("calls") is True for e in run.events) else ""
    if forks_refused:  # the pids cgroup counted it: say that, not the signal that followed
        return (f"the notebook's process ended early{cell}: its code tried to start more than "
                f"{limits.processes} processes or threads (the sandbox's limit) and could not go on")
    if code == -signal.SIGXCPU:
        return (f"the notebook's process ended early{cell}: it used up its {limits.cpu_seconds} s of "
                f"CPU time (a loop that never ends?)")
    if code == -signal.SIGKILL:
        return (f"the notebook's process was stopped{cell} (killed): it went over a limit of the sandbox "
                f"(memory {limits.memory_bytes >> 20} MB, {limits.processes} processes or threads, "
                f"{limits.cpu_seconds} s of CPU)")
    why = f"signal {-code}" if code and code < 0 else f"exit status {code}"
    return f"the notebook's process ended early{cell} ({why}): did its code exit?"


def _read_events(fd: int, run: SandboxRun, deadline: float) -> None:
    buf = b""
    received = 0
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            run.timed_out = True
            return
        ready, _, _ = select.select([fd], [], [], min(left, 1.0))
        if not ready:
            continue
        chunk = os.read(fd, 65536)
        if not chunk:
            return  # the worker closed the pipe (finished, crashed or exited)
        received += len(chunk)
        if received > MAX_OUTPUT:
            run.crashed = f"the notebook's process sent more than {MAX_OUTPUT // 2**20} MB of answers"
            return
        buf += chunk
        *lines, buf = buf.split(b"\n")
        for line in lines:
            try:
                event = json.loads(line)
            except ValueError:
                run.crashed = "the notebook's process sent something that is not an answer"
                return
            if not isinstance(event, dict):
                run.crashed = "the notebook's process sent something that is not an answer"
                return
            if "cell" in event and isinstance(event["cell"], int):
                run.current_cell = event["cell"]
            event[ARRIVED] = time.monotonic()  # the grader's clock, whatever the event said
            run.events.append(event)
            if event.get("done") is True:
                run.finished = True
                return


def repeated_case(run: SandboxRun) -> tuple[int, int] | None:
    """A (call, case) answered twice: the worker answers each once, so the notebook's own code
    wrote to the result pipe (forged answers ahead of the real ones)."""
    seen: set[tuple[int, int]] = set()
    for e in run.events:
        key = e.get("case")
        if isinstance(key, list) and len(key) == 2 and all(type(x) is int for x in key):
            if (key[0], key[1]) in seen:
                return key[0], key[1]
            seen.add((key[0], key[1]))
    return None


def case_starts(run: SandboxRun) -> dict[tuple[int, int], float]:
    """When each (call, case) started, on the grader's clock (the first start reported)."""
    found: dict[tuple[int, int], float] = {}
    for e in run.events:
        key = e.get("start")
        if isinstance(key, list) and len(key) == 2 and all(type(x) is int for x in key):
            found.setdefault((key[0], key[1]), float(e[ARRIVED]))
    return found


def events_by_case(run: SandboxRun) -> dict[tuple[int, int], dict[str, Any]]:
    """The first outcome reported for each (call, case)."""
    found: dict[tuple[int, int], dict[str, Any]] = {}
    for e in run.events:
        key = e.get("case")
        if isinstance(key, list) and len(key) == 2 and all(type(x) is int for x in key):
            found.setdefault((key[0], key[1]), e)
    return found


# ----------------------------------------------------------------------------------------
# many notebooks: what each one runs, how, and where


@dataclass(frozen=True)
class SandboxJob:
    """A notebook ready to run: its code cells and the calls to make (``run_submission``), as
    plain data. It holds the cases' arguments and no expected answer: a Dask worker gets this."""

    sources: list[str]
    calls: list[dict]


@dataclass(frozen=True)
class RunOptions:
    """How every notebook of a class runs: the same on this machine and on each Dask worker."""

    timeout: float
    memory_mb: int
    cell_limit: float
    private: tuple[str, ...]  # folders the notebook may not read (without the OS sandbox: the audit hook)
    isolate: bool = True

    def run(self, job: SandboxJob, package: Path) -> SandboxRun:
        return run_submission(job.sources, job.calls, timeout=self.timeout, memory_mb=self.memory_mb,
                              cell_limit=self.cell_limit, package=package,
                              private=tuple(Path(p) for p in self.private), isolate=self.isolate)


# runs the jobs and yields (index, what came back or the exception that stopped it) as each ends
Runner = Callable[[list[SandboxJob], RunOptions], Iterator[tuple[int, "SandboxRun | Exception"]]]


def run_here(jobs: int = 1) -> Runner:
    """A ``Runner`` in processes of this machine, ``jobs`` at once (``grade_cluster.on_cluster``
    is the one for Dask workers)."""
    def run(staged: list[SandboxJob], options: RunOptions) -> Iterator[tuple[int, SandboxRun | Exception]]:
        snapshot = PackageSnapshot()  # taken before any student code runs
        try:
            with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
                futures = {pool.submit(options.run, job, snapshot.path): i for i, job in enumerate(staged)}
                for fut in as_completed(futures):
                    try:
                        yield futures[fut], fut.result()
                    except Exception as exc:  # noqa: BLE001 - one broken submission never stops the class run
                        yield futures[fut], exc
        finally:
            snapshot.close()
    return run
