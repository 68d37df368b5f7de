"""Grade a class on a Dask cluster: ``python -m hearts_teach grade DIR --scheduler ADDRESS``.

Only the running moves to the workers. This machine (the teacher's, the Dask client) reads
the notebooks, computes the expected answers (the hidden cases from the teacher's grading key
included) and judges what comes back (``grader.judge``), as a run on this machine does. A
worker gets a ``sandbox.SandboxJob``: the notebook's code cells and the cases' arguments as
plain data, with no expected answer and no key, and sends back what the notebook's process
sent (``SandboxRun``). So the rows, and the CSV, are the same as a local run's, byte for byte,
and a worker without the grading key grades the same.

Every worker runs each notebook in its own OS sandbox (bubblewrap), with a snapshot of its
own ``hearts_teach`` (``os_sandbox.shared_snapshot``), exactly as ``grade`` does here. Before
any work ``connect`` checks that the scheduler answers, that it has a worker, that every worker
can make the OS sandbox (unless ``--no-os-sandbox``) and that every worker has the same
``hearts_teach`` as this machine (a digest of the package's files): another version could run
a notebook differently. A worker that joins later is checked by each job it takes.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from functools import cache
from typing import Any

from hearts_teach.classroom.dask_cluster import ClusterError, as_finished, connect, worker_count
from hearts_teach.classroom.os_sandbox import (
    FIX,
    PACKAGE_DIR,
    OsSandboxMissing,
    require,
    shared_snapshot,
    unavailable,
)
from hearts_teach.classroom.sandbox import PRIVATE, Runner, RunOptions, SandboxJob, SandboxRun
from hearts_teach.kernel.rng import hash64

WAIT_FOR_WORKERS = 20  # seconds: workers started together with the scheduler need a moment to join


@cache
def package_digest() -> str:
    """A digest of this process's ``hearts_teach`` (every file the sandbox's snapshot copies)."""
    h = hashlib.sha256()
    for path in sorted(PACKAGE_DIR.rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc":
            h.update(path.relative_to(PACKAGE_DIR).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    return h.hexdigest()[:16]


def worker_state() -> dict[str, str]:
    """Run on each worker: why it cannot make the OS sandbox ("" when it can), and its package."""
    return {"sandbox": unavailable(), "package": package_digest()}


def _worker_name() -> str:
    try:
        from distributed import get_worker

        return f"the Dask worker at {get_worker().address}"
    except ValueError:  # not in a worker (a test calling it directly)
        return "a Dask worker"


def run_on_worker(task: dict) -> SandboxRun:
    """Run on a worker: one notebook in the worker's OS sandbox, as ``grade`` runs it locally."""
    if task["package"] != package_digest():
        raise ClusterError(f"{_worker_name()} has another hearts_teach than the teacher's machine: install the "
                           f"same version on every worker")
    options = RunOptions(**task["options"])
    try:
        require(options.isolate)
    except OsSandboxMissing as e:
        raise ClusterError(f"{_worker_name()}: {e}") from None
    # the worker's own copy of the answers stays unread too (the audit hook, without the OS sandbox)
    private = tuple(dict.fromkeys((*map(str, PRIVATE), *options.private)))
    options = RunOptions(options.timeout, options.memory_mb, options.cell_limit, private, options.isolate)
    return options.run(SandboxJob(task["sources"], task["calls"]), shared_snapshot().path)


def check_workers(client: Any, isolate: bool) -> int:
    """The number of workers, after checking each one (``ClusterError`` in one line)."""
    try:
        client.wait_for_workers(1, timeout=WAIT_FOR_WORKERS)
    except TimeoutError:
        raise ClusterError(f"the Dask scheduler has no workers (none joined within {WAIT_FOR_WORKERS} s): start "
                           f"some with 'dask worker ADDRESS' on machines with hearts_teach and bubblewrap") from None
    try:
        states = client.run(worker_state)
    except Exception as e:  # noqa: BLE001 - e.g. a worker with an older hearts_teach, without grade_cluster
        raise ClusterError(f"a Dask worker could not run the grader's check ({str(e)[:160]}): install the same "
                           f"version of hearts_teach as this machine's on every worker") from None
    for address, state in sorted(states.items()):
        if isolate and state["sandbox"]:
            raise ClusterError(f"the Dask worker at {address} cannot make the OS sandbox ({state['sandbox']}): "
                               f"on every worker, {FIX}")
        if state["package"] != package_digest():
            raise ClusterError(f"the Dask worker at {address} has another hearts_teach than this machine: install "
                               f"the same version on every worker")
    return worker_count(client)


def open_cluster(address: str, isolate: bool) -> tuple[Any, int]:
    """A client of the scheduler at ``address`` and its number of workers, every worker checked;
    ``ClusterError`` in one line before any work."""
    client = connect(address)
    try:
        return client, check_workers(client, isolate)
    except BaseException:
        client.close()
        raise


def on_cluster(client: Any) -> Runner:
    """A ``sandbox.Runner`` that runs the notebooks on the cluster of ``client``."""
    def run(staged: list[SandboxJob], options: RunOptions) -> Iterator[tuple[int, SandboxRun | Exception]]:
        settings = {"timeout": options.timeout, "memory_mb": options.memory_mb, "cell_limit": options.cell_limit,
                    "private": list(options.private), "isolate": options.isolate}
        tasks = [{"index": i, "sources": job.sources, "calls": job.calls, "options": settings,
                  "package": package_digest()} for i, job in enumerate(staged)]

        def key(task: dict) -> str:
            return f"hearts-grade-{task['index']}-{hash64(json.dumps(task, sort_keys=True)):x}"

        for task, fut in as_finished(client, run_on_worker, tasks, key):
            try:
                yield task["index"], fut.result()
            except ClusterError:
                raise  # a worker set up unlike the others: the teacher's to fix, not a student's row
            except Exception as exc:  # noqa: BLE001 - e.g. KilledWorker: that notebook's row says so
                yield task["index"], exc
    return run
