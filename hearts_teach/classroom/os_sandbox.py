"""Start a process that runs students' code inside an operating-system sandbox (bubblewrap).

Everything that runs untrusted code goes through ``launch``: the grader's notebook workers
(``sandbox``), the league's bot processes (``bot_sandbox``) and so nbgrader's re-grading
(``autograde``, which calls the grader). On Linux the child runs under ``bwrap`` (Debian's
``bubblewrap``):

- a new mount namespace that holds only the system's programs and libraries (``/usr``),
  the interpreter's own folders and the installed packages (read-only), a snapshot of
  ``hearts_teach`` taken once per run (read-only, first on the path), and a private
  working folder on a small tmpfs (``/home/sandbox``, also ``HOME`` and the current
  folder); the teacher's files, the answers, the other students' work and ``$HOME`` are
  not there at all;
- its own empty network namespace (no network, not even the machine's loopback), its own
  PID namespace (``/proc`` shows only its own processes; it cannot signal the teacher's),
  its own IPC and host name; killed with the process that started it;
- the unprivileged user and group ``nobody`` (65534) in its own user namespace, also when
  the teacher is root, with no capabilities, ``no_new_privs`` and ``nosuid`` mounts;
- resource limits: CPU seconds, address space, file size, and processes (``RLIMIT_NPROC``,
  set inside the sandbox's own user namespace, where only its own processes count; the
  kernel does not apply it to a sandbox started by root, whose user outside is root, so
  there a pids cgroup of its own counts them, where one can be made).

Results come back over pipes, never through files. The Python audit hook of
``sandbox_worker`` stays inside as a second layer.

Where ``bwrap`` is missing or cannot make namespaces (macOS, some containers) the grader and
the league refuse to start (``OsSandboxMissing``) unless the teacher opts out
(``--no-os-sandbox``, ``isolate=False``); their reports then say the run was not isolated.
"""

from __future__ import annotations

import atexit
import itertools
import os
import resource
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hearts_teach.kernel.errors import HeartsError

PACKAGE_DIR = Path(__file__).resolve().parents[1]  # the hearts_teach package folder
HOME = "/home/sandbox"  # the working folder inside (a tmpfs)
SITE = "/opt/hearts_teach"  # the package snapshot inside (holds hearts_teach/)
NOBODY = 65534
FIX = ("install bubblewrap (sudo apt-get install bubblewrap) or enable unprivileged user namespaces "
       "(sudo sysctl -w kernel.unprivileged_userns_clone=1), or pass --no-os-sandbox to run students' "
       "code without isolation")
NOT_ISOLATED = "NOT ISOLATED: run with --no-os-sandbox, students' code had the teacher's rights"


class OsSandboxMissing(HeartsError):
    """Untrusted code was to run in the OS sandbox, and this machine cannot make one."""


@dataclass(frozen=True)
class Limits:
    """Resource limits of a sandboxed process (soft = hard)."""

    cpu_seconds: int
    memory_bytes: int  # address space
    file_bytes: int  # the largest file it may write (in its tmpfs)
    processes: int = 64  # its own processes and threads (counted in its user namespace or pids cgroup)
    folder_bytes: int = 64 << 20  # size of its tmpfs working folder


# ----------------------------------------------------------------------------------------
# is bubblewrap here and working?

_PROBE: list[str] = []
_PROBE_LOCK = threading.Lock()


def unavailable() -> str:
    """Why no OS sandbox can be made here ("" when it can); probed once per process by
    starting a trivial sandbox (``bwrap ... true``)."""
    with _PROBE_LOCK:
        if not _PROBE:
            _PROBE.append(_probe())
        return _PROBE[0]


def _probe() -> str:
    if not sys.platform.startswith("linux"):
        return f"the OS sandbox needs Linux (bubblewrap); this is {sys.platform}"
    if shutil.which("bwrap") is None:
        return "bubblewrap (bwrap) is not installed"
    try:
        done = _run_sandboxed(["/bin/true" if os.path.exists("/bin/true") else "/usr/bin/true"])
    except (OSError, subprocess.SubprocessError) as e:
        return f"bubblewrap could not start a sandbox ({type(e).__name__}: {e})"
    if done.returncode != 0:
        said = done.stderr.decode("utf-8", "replace").strip().splitlines()
        return f"bubblewrap could not make a sandbox ({said[-1] if said else f'exit status {done.returncode}'})"
    return ""


def _run_sandboxed(argv: list[str]) -> subprocess.CompletedProcess:
    with Launch(argv, limits=Limits(10, 256 << 20, 1 << 20), isolate=True,
                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE) as launch:
        _out, err = launch.proc.communicate(timeout=30)
        return subprocess.CompletedProcess(argv, launch.proc.returncode, b"", err)


def require(isolate: bool) -> None:
    """Raise ``OsSandboxMissing`` (naming the fix) when isolation is asked for and impossible."""
    if isolate:
        why = unavailable()
        if why:
            raise OsSandboxMissing(f"{why}: students' code runs only in an OS sandbox; {FIX}")


# ----------------------------------------------------------------------------------------
# the package snapshot


class PackageSnapshot:
    """A copy of ``hearts_teach`` (without caches) taken before any student code runs; the
    sandbox shows it read-only. ``path`` is the package folder; its parent goes on sys.path."""

    def __init__(self, source: Path = PACKAGE_DIR) -> None:
        self._tmp = tempfile.TemporaryDirectory(prefix="hearts_package_")
        site = Path(self._tmp.name) / "site"
        shutil.copytree(source, site / PACKAGE_DIR.name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        # readable by the sandbox's user (nobody); a copy of public code, nothing private
        os.chmod(self._tmp.name, 0o755)  # without the OS sandbox, a bot dropped to nobody reads it
        for folder, _dirs, files in os.walk(site):
            os.chmod(folder, 0o755)
            for f in files:
                os.chmod(os.path.join(folder, f), 0o644)
        self.path = site / PACKAGE_DIR.name

    def close(self) -> None:
        self._tmp.cleanup()


_SHARED: list[PackageSnapshot] = []


def shared_snapshot() -> PackageSnapshot:
    """One snapshot per process (the league's driver or one Dask worker), made on first use."""
    with _PROBE_LOCK:
        if not _SHARED:
            _SHARED.append(PackageSnapshot())
            atexit.register(_SHARED[0].close)
        return _SHARED[0]


# ----------------------------------------------------------------------------------------
# the mounts


def python_folders() -> list[str]:
    """The folders the interpreter needs: its prefixes (a venv's and the base interpreter's,
    which a venv's ``python`` links to: pyenv's, or /usr on Debian) and the installed packages."""
    paths = {sys.prefix, sys.exec_prefix, sys.base_prefix, sys.base_exec_prefix,
             os.path.dirname(os.path.dirname(os.path.realpath(sys.executable)))}
    for key in ("stdlib", "platstdlib", "purelib", "platlib"):
        p = sysconfig.get_paths().get(key)
        if p:
            paths.add(p)
    real = sorted({os.path.realpath(p) for p in paths if p and os.path.isdir(p)} |
                  {os.path.abspath(p) for p in paths if p and os.path.isdir(p)})
    kept: list[str] = []
    for p in real:  # a folder inside one already kept (or inside /usr) adds nothing
        if p in ("/", "") or _under(p, "/usr") or any(_under(p, k) for k in kept):
            continue
        kept.append(p)
    return kept


def _python_binds(folder: str) -> list[str]:
    """Read-only binds of one of the interpreter's folders: of a venv only what Python reads
    (``pyvenv.cfg``, ``bin``, ``lib``), not whatever else the teacher keeps in it."""
    if not os.path.isfile(os.path.join(folder, "pyvenv.cfg")):
        return ["--ro-bind", folder, folder]
    args: list[str] = []
    for name in ("pyvenv.cfg", "bin", "lib", "lib64"):
        path = os.path.join(folder, name)
        if os.path.islink(path):
            args += ["--symlink", os.readlink(path), path]
        elif os.path.exists(path):
            args += ["--ro-bind", path, path]
    return args


def _under(path: str, folder: str) -> bool:
    return path == folder or path.startswith(folder.rstrip("/") + "/")


def _system_mounts() -> list[str]:
    args = ["--ro-bind", "/usr", "/usr"]
    for top in ("/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32"):
        if os.path.islink(top):
            args += ["--symlink", os.readlink(top), top]
        elif os.path.isdir(top):
            args += ["--ro-bind", top, top]
    if os.path.exists("/etc/ld.so.cache"):  # where the shared libraries are: faster start-up
        args += ["--ro-bind", "/etc/ld.so.cache", "/etc/ld.so.cache"]
    return args


# ----------------------------------------------------------------------------------------
# starting a sandboxed process


class Launch:
    """A process started in the sandbox (or, with ``isolate=False``, as a plain child in a new
    session with the same limits). Use as a context manager: on exit the process and everything
    it started are killed, and the descriptors are closed.

    ``argv`` runs inside; ``ro_binds`` maps host paths to paths inside (read-only); ``package``
    is a ``PackageSnapshot`` folder to show at ``SITE``; ``env`` is the whole environment
    (``HOME``, ``TMPDIR`` and ``PATH`` are set here). Without isolation the working folder is
    a private temporary folder (``workdir``), and ``SITE`` paths in ``argv`` and ``env`` are
    replaced by the snapshot's real folder."""

    def __init__(self, argv: list[str], *, limits: Limits, isolate: bool = True, package: Path | None = None,
                 ro_binds: dict[str, str] | None = None, env: dict[str, str] | None = None,
                 pass_fds: tuple[int, ...] = (), **popen: Any) -> None:
        self.isolate = isolate
        self.workdir: str = HOME
        self._tmp: tempfile.TemporaryDirectory | None = None
        self._local: dict[str, str] = {}  # without isolation: a path inside -> the real one
        env = dict(env or {})
        base_env = {"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "PYTHONDONTWRITEBYTECODE": "1"}
        site = str(package.parent) if package is not None else ""
        if isolate:
            env = {**base_env, **env, "HOME": HOME, "TMPDIR": "/tmp"}
            cmd = self._bwrap_args(limits, site, ro_binds or {}, env, pass_fds) + ["--"] + argv
        else:
            self._tmp = tempfile.TemporaryDirectory(prefix="hearts_unisolated_")
            self.workdir = self._tmp.name
            os.chmod(self.workdir, 0o700)

            self._local = {SITE: site, **(ro_binds or {}), HOME: self.workdir}
            env = {**base_env, **{k: self.path(v) for k, v in env.items()},
                   "HOME": self.workdir, "TMPDIR": self.workdir}
            cmd = [self.path(a) for a in argv]
        popen.setdefault("stdin", subprocess.DEVNULL)
        # root is exempt from RLIMIT_NPROC: its sandboxes count processes in a pids cgroup instead
        self._cgroup = _pids_cgroup(limits.processes) if isolate and os.geteuid() == 0 else ""
        self.forks_refused = 0  # read from the pids cgroup at close(), where there is one
        try:
            self.proc = subprocess.Popen(
                cmd, env=env, cwd=None if isolate else self.workdir, close_fds=True,
                pass_fds=tuple(pass_fds), start_new_session=True,
                preexec_fn=_limiter(limits, self._cgroup), **popen)
        except BaseException:
            if self._tmp is not None:
                self._tmp.cleanup()
            if self._cgroup:
                _remove_cgroup(self._cgroup)
            raise

    def _bwrap_args(self, limits: Limits, site: str, ro_binds: dict[str, str], env: dict[str, str],
                    pass_fds: tuple[int, ...]) -> list[str]:
        args = ["bwrap", "--unshare-all", "--unshare-user", "--disable-userns",
                 "--die-with-parent", "--new-session", "--uid", str(NOBODY), "--gid", str(NOBODY),
                 "--cap-drop", "ALL", "--hostname", "sandbox", "--clearenv"]
        args += _system_mounts()
        # the private /tmp before the interpreter's folders: a venv under /tmp (a checkout there)
        # is bound on top of it, where a tmpfs mounted after would hide it (exit status 127)
        args += ["--size", str(16 << 20), "--tmpfs", "/tmp"]
        for folder in python_folders():
            args += _python_binds(folder)
        if site:
            args += ["--ro-bind", site, SITE]
        for inside, host in ro_binds.items():
            args += ["--ro-bind", host, inside]
        args += ["--proc", "/proc", "--dev", "/dev",
                 "--size", str(limits.folder_bytes), "--perms", "0700", "--tmpfs", HOME,
                 # the root and /dev are tmpfs too, as big as half the machine's memory and
                 # writable by the sandbox's user: read-only, only the two sized ones above take files
                 "--remount-ro", "/dev", "--remount-ro", "/",
                 "--chdir", HOME]
        for k, v in sorted(env.items()):
            args += ["--setenv", k, v]
        if shutil.which("prlimit", path="/usr/bin:/bin"):
            # counted in the sandbox's own user namespace: set inside it, not before it is made
            # (there the teacher's other processes would count too)
            args += ["--", "prlimit", f"--nproc={limits.processes}"]
        return args

    def path(self, inside: str) -> str:
        """The real path of a path inside the sandbox (the same one, when isolated)."""
        for prefix, real in self._local.items():
            if inside == prefix or inside.startswith(prefix + "/"):
                return real + inside[len(prefix):]
        return inside

    def kill(self) -> None:
        """Kill the process and all it started (the sandbox's PID namespace dies with it)."""
        try:
            os.killpg(self.proc.pid, 9)
        except OSError:
            try:
                self.proc.kill()
            except OSError:
                pass

    def close(self) -> None:
        if self.proc.poll() is None:
            self.kill()
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:  # pragma: no cover - the kernel always reaps a SIGKILL
            pass
        for f in (self.proc.stdin, self.proc.stdout, self.proc.stderr):
            if f is not None:
                try:
                    f.close()
                except OSError:
                    pass
        if self._tmp is not None:
            try:
                self._tmp.cleanup()
            except OSError:
                pass
            self._tmp = None
        if self._cgroup:
            self.forks_refused = _forks_refused(self._cgroup)
            _remove_cgroup(self._cgroup)
            self._cgroup = ""

    def __enter__(self) -> Launch:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()


def _pids_cgroup(limit: int) -> str:
    """A new pids cgroup (v1, or v2 where its parent delegates ``pids``) that allows ``limit``
    processes, or "" where none can be made (then root's sandboxes have no process limit and
    the Python guard's refusal of new processes is what stops a fork loop)."""
    try:
        with open("/proc/self/cgroup", encoding="ascii") as fh:
            lines = fh.read().splitlines()
    except OSError:
        return ""
    candidates = []
    for line in lines:
        _id, controllers, path = line.split(":", 2)
        if "pids" in controllers.split(","):
            candidates.append(os.path.join("/sys/fs/cgroup/pids", path.lstrip("/")))
        elif _id == "0" and controllers == "":
            candidates.append(os.path.join("/sys/fs/cgroup", path.lstrip("/")))
    for parent in candidates:
        _sweep(parent)
        folder = os.path.join(parent, f"hearts_sandbox_{os.getpid()}_{next(_CGROUP_NUMBERS)}")
        try:
            os.mkdir(folder)
        except OSError:
            continue
        try:
            with open(os.path.join(folder, "pids.max"), "w", encoding="ascii") as fh:
                fh.write(str(limit))
            return folder
        except OSError:
            _remove_cgroup(folder)
    return ""


_CGROUP_NUMBERS = itertools.count()
_SWEPT: set[str] = set()
_LEFT: set[str] = set()  # cgroups still busy when their sandbox closed: removed at exit


def _sweep(parent: str) -> None:
    """Once per process: remove the empty cgroups of earlier runs whose process is gone
    (a Dask worker that was killed never removed its own)."""
    if parent in _SWEPT:
        return
    _SWEPT.add(parent)
    try:
        names = os.listdir(parent)
    except OSError:
        return
    for name in names:
        parts = name.split("_")
        if len(parts) == 4 and parts[:2] == ["hearts", "sandbox"] and parts[2].isdigit() \
                and not os.path.exists(f"/proc/{parts[2]}"):
            try:
                os.rmdir(os.path.join(parent, name))
            except OSError:
                pass


def _forks_refused(folder: str) -> int:
    """How many new processes or threads the pids cgroup refused (its ``pids.events``)."""
    try:
        with open(os.path.join(folder, "pids.events"), encoding="ascii") as fh:
            for line in fh:
                key, _, value = line.partition(" ")
                if key == "max":
                    return int(value)
    except (OSError, ValueError):
        pass
    return 0


def _remove_cgroup(folder: str, wait: float = 2.0) -> None:
    deadline = time.monotonic() + wait
    while True:  # the sandbox's last processes may take a moment to be reaped
        try:
            os.rmdir(folder)
            _LEFT.discard(folder)
            return
        except FileNotFoundError:
            _LEFT.discard(folder)
            return
        except OSError:
            if time.monotonic() > deadline:
                _LEFT.add(folder)
                return
            time.sleep(0.01)


@atexit.register
def _remove_left_cgroups() -> None:
    for folder in list(_LEFT):
        _remove_cgroup(folder, wait=0.5)


def _limiter(limits: Limits, cgroup: str = "") -> Any:
    """The limits set in the child before it starts bubblewrap (inherited by the sandbox):
    CPU, address space, file size, no core files, and the pids cgroup when there is one."""
    values = {resource.RLIMIT_CPU: limits.cpu_seconds, resource.RLIMIT_AS: limits.memory_bytes,
              resource.RLIMIT_FSIZE: limits.file_bytes, resource.RLIMIT_CORE: 0}

    def limit() -> None:  # pragma: no cover - runs in the child between fork and exec
        for res, value in values.items():
            try:
                resource.setrlimit(res, (value, value))
            except (ValueError, OSError):
                pass
        if cgroup:
            try:
                with open(os.path.join(cgroup, "cgroup.procs"), "w", encoding="ascii") as fh:
                    fh.write("0")  # this process, and so everything the sandbox starts
            except OSError:
                pass

    return limit


__all__ = ["FIX", "HOME", "Launch", "Limits", "NOT_ISOLATED", "OsSandboxMissing", "PackageSnapshot", "SITE",
           "python_folders", "require", "shared_snapshot", "unavailable"]
