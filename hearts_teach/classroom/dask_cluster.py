"""Dask for the long runs: the league's tables (``league``) and the class grader's notebooks
(``grade_cluster``) on a local cluster or on a scheduler the teacher started.

- ``need_dask`` imports ``dask.distributed`` or says in one line how to install it;
- ``connect`` reaches a scheduler or says in one line why it cannot (an address that is no
  address, a host no one knows, a port where nothing answers: at once, not after Dask's
  connection timeout, which for an unknown host ends in a bare ``AssertionError``);
- ``local_cluster`` starts worker processes that leave Ctrl-C to the run that made them;
- ``as_finished`` keeps a bounded number of tasks on the cluster and hands back each one as
  it finishes.

Every worker runs students' code in the same OS sandbox as a run on this machine: the task
carries the ``isolate`` switch and the worker makes its own package snapshot
(``os_sandbox.shared_snapshot``), so nothing of this machine's files travels with a task.
"""

from __future__ import annotations

import contextlib
import socket
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from hearts_teach.kernel.errors import HeartsError

INSTALL = "pip install 'dask[distributed]' (or pip install 'hearts_teach[league]')"
CONNECT_SECONDS = 20  # Dask's own handshake, once something answers at the address
PROBE_SECONDS = 10  # the first TCP connection to the address


class ClusterError(HeartsError):
    """A Dask cluster that cannot be used as asked: said in one line, with the fix."""


def need_dask(option: str, error: type[Exception] = ClusterError) -> Any:
    """``dask.distributed``, or ``error`` naming the install command."""
    try:
        import dask.distributed as distributed
    except ImportError:
        raise error(f"{option} need{'s' if ' and ' not in option else ''} Dask: {INSTALL}") from None
    return distributed


def _probe(address: str, error: type[Exception]) -> None:
    """Refuse at once an address Dask would wait on and then fail with a bare exception."""
    from distributed.comm.addressing import parse_address, parse_host_port

    said = f"--scheduler {address}"
    try:
        scheme, where = parse_address(address)
        if scheme not in ("tcp", "tls", "ws", "wss"):
            return  # inproc and ucx addresses: Dask's own connection says what is wrong
        host, port = parse_host_port(where)
    except (ValueError, TypeError) as e:
        raise error(f"{said}: not a scheduler address ({e}); give one such as tcp://10.0.0.5:8786") from None
    if not 0 < port < 65536:
        raise error(f"{said}: the port must be from 1 to 65535; give an address such as tcp://10.0.0.5:8786")
    try:
        socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (OSError, UnicodeError):
        raise error(f"{said}: no machine is called {host!r} (check the address)") from None
    try:
        socket.create_connection((host, port), timeout=PROBE_SECONDS).close()
    except ConnectionRefusedError:
        raise error(f"{said}: nothing answers there (connection refused); start the scheduler with "
                    f"'dask scheduler' or check the address") from None
    except TimeoutError:
        raise error(f"{said}: no answer within {PROBE_SECONDS} s (a firewall, or the wrong machine?)") from None
    except OSError as e:
        raise error(f"{said}: cannot reach it ({e.strerror or type(e).__name__})") from None


def connect(address: str, error: type[Exception] = ClusterError) -> Any:
    """A ``Client`` of the scheduler at ``address``, or ``error`` in one line."""
    distributed = need_dask("--scheduler", error)
    _probe(address, error)
    try:
        return distributed.Client(address, timeout=f"{CONNECT_SECONDS}s")
    except (OSError, ValueError, TypeError, AssertionError) as e:  # e.g. an HTTP server at that port
        why = str(e).splitlines()[0] if str(e).strip() else type(e).__name__
        raise error(f"--scheduler {address}: no Dask scheduler answered there ({why[:200]})") from None


# A local cluster's own housekeeping, made rare: by default each worker samples its running
# task's stack every 10 ms (the profile) and every process polls its memory and the system
# several times a second. On a box with two cores that takes CPU from the bots' processes
# (3-8 % of a core idle), and it is nothing a teacher looks at: there is no dashboard.
QUIET = {"distributed.worker.profile.enabled": False,
         "distributed.admin.system-monitor.interval": "10s",
         "distributed.admin.system-monitor.gil.enabled": False,
         "distributed.worker.memory.monitor-interval": "10s",
         "distributed.admin.tick.interval": "2s"}


def local_cluster(workers: int | None) -> Any:
    """A local cluster of ``workers`` processes (one thread each) that ignore Ctrl-C: the
    interrupt is the run's to handle (it stops, keeps what is written and closes the cluster),
    not a traceback per worker. An ignored signal stays ignored in spawned children."""
    import logging
    import signal
    import threading
    import warnings

    import dask

    distributed = need_dask("--workers")
    main = threading.current_thread() is threading.main_thread()
    saved = signal.signal(signal.SIGINT, signal.SIG_IGN) if main else None
    try:
        # Forked, not spawned, workers: a spawned worker imports Python and Dask afresh (about
        # 2.5 s each, and two at once on two cores take 4.6 s), which a short league or a class
        # of a dozen notebooks pays in full; a forked one is up in 0.3 s. The students' code
        # never runs in these processes (it runs in the OS sandbox they start), so what they
        # inherit from this process is the teacher's own.
        with warnings.catch_warnings(), dask.config.set({"distributed.worker.multiprocessing-method": "fork",
                                                         **QUIET}):
            # the scheduler's internal HTTP server picks another port when 8787 is taken (another
            # Dask on this machine): nothing for the teacher to do, so no warning on the screen
            warnings.filterwarnings("ignore", message=r"Port \d+ is already in use", category=UserWarning)
            return distributed.LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                                            dashboard_address=None, silence_logs=logging.ERROR)
    finally:
        if main:
            signal.signal(signal.SIGINT, saved)


def quiet_at_close() -> None:
    """Run on each worker just before the cluster closes it. A worker that closes while a
    heartbeat is on its way to the scheduler logs the closed connection as an ERROR with two
    tracebacks (Dask's own race, harmless: the worker was leaving). Nothing a worker says
    from here on is news to the teacher, whose run has ended or been interrupted."""
    import logging

    for name in ["distributed", *(n for n in logging.Logger.manager.loggerDict if n.startswith("distributed."))]:
        logging.getLogger(name).setLevel(logging.CRITICAL)


@contextlib.contextmanager
def client(workers: int | None, scheduler: str | None, error: type[Exception] = ClusterError) -> Iterator[Any]:
    """A client of the scheduler at ``scheduler``, or of a local cluster of ``workers``
    processes made for this run; both are closed at the end."""
    distributed = need_dask("--workers and --scheduler", error)
    if scheduler:
        made, cluster = connect(scheduler, error), None
    else:
        cluster = local_cluster(workers)
        made = distributed.Client(cluster)
    try:
        yield made
    finally:
        if cluster is not None:
            with contextlib.suppress(Exception):  # a worker that is already gone has nothing to say
                made.run(quiet_at_close)
        made.close()
        if cluster is not None:
            cluster.close()


def worker_count(client: Any) -> int:
    return len(client.scheduler_info(n_workers=-1)["workers"])


def as_finished(client: Any, fn: Callable[[Any], Any], tasks: Sequence[Any], key: Callable[[Any], str],
                window: int = 0) -> Iterator[tuple[Any, Any]]:
    """``(task, future)`` for each task as it finishes on the cluster (``future.result()`` is
    its result, or raises what the task raised). At most ``window`` tasks (default 8 per
    worker) are on the cluster at once: results stream back, and an interruption loses little."""
    from distributed import as_completed

    window = window or 8 * max(1, worker_count(client))
    pending = iter(tasks)
    running = as_completed()
    task_of: dict[str, Any] = {}

    def submit(k: int) -> None:
        for _ in range(k):
            task = next(pending, None)
            if task is None:
                return
            fut = client.submit(fn, task, key=key(task), pure=False)
            task_of[fut.key] = task
            running.add(fut)

    submit(window)
    for fut in running:
        yield task_of.pop(fut.key), fut
        fut.release()
        submit(1)
