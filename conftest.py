"""Keep every test run away from the learner's real data (``hearts_teach.present.learner_db``).

The whole run gets a temporary ``HEARTS_TEACH_DATA`` folder before anything starts (servers of
the browser tests, subprocesses), and each notebook checked by nbval starts its kernel with a
fresh empty one, as ``python -m hearts_teach.course.notebooks execute`` does: a lesson's stored
outputs (no drills due, no progress yet) are then the same however the run is ordered. The tests
under ``tests/`` get a fresh folder per test from ``tests/conftest.py``.
"""

from __future__ import annotations

import faulthandler
import glob
import os
import shutil
import tempfile

import pytest

_folders: list[str] = []
_notebook: list[object] = [None]


def _fresh() -> str:
    # inside the run's own folder when ./dev test made one, else in the system's temporary folder
    base = _folders[0] if _folders else os.environ.get("HEARTS_TEACH_DATA", "")
    if not (os.path.basename(base).startswith("hearts-teach-data-") and os.path.isdir(base)):
        base = None
    folder = tempfile.mkdtemp(prefix="hearts-teach-data-", dir=base)
    _folders.append(folder)
    os.environ["HEARTS_TEACH_DATA"] = folder
    return folder


def pytest_configure(config: pytest.Config) -> None:
    _fresh()
    if not _is_worker():  # the workers inherit the controller's folder
        os.environ[_HANG_DIR] = tempfile.mkdtemp(prefix="hearts-teach-hangs-")
        _stderr.append(os.dup(2))  # the terminal's: pytest captures it only while a test runs
        _mend_xdist_crash_requeue()


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    # an nbval cell's parent is its notebook, whose kernel starts with the notebook's first cell
    if item.__class__.__name__ == "IPyNbCell" and item.parent is not _notebook[0]:
        _notebook[0] = item.parent
        _fresh()


def pytest_unconfigure(config: pytest.Config) -> None:
    for folder in _folders:
        shutil.rmtree(folder, ignore_errors=True)
    if not _is_worker():
        shutil.rmtree(os.environ.get(_HANG_DIR, ""), ignore_errors=True)


# A test (or a notebook cell) stuck for HANG_LIMIT seconds stops its process with every thread's
# stack: written to the terminal in a run without workers, else to a file that the run's summary
# prints (the other workers go on). Why not pytest-timeout: its signal
# never ran in a worker stuck in C code (or waiting for a lock held by such a thread), and CI's
# 90 minutes ran out with nothing said; faulthandler's watchdog is a C thread that needs no lock.
HANG_LIMIT = int(os.environ.get("HEARTS_TEACH_HANG_LIMIT", "1200"))
_HANG_DIR = "HEARTS_TEACH_HANG_DIR"
_hang_file: list = []
_stderr: list[int] = []


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None):
    folder = os.environ.get(_HANG_DIR, "")
    if not _is_worker() or not os.path.isdir(folder):
        if _stderr:  # one process: the stacks (the stuck test's own frame among them) end the run
            faulthandler.dump_traceback_later(HANG_LIMIT, exit=True, file=_stderr[0])
        try:
            yield
        finally:
            faulthandler.cancel_dump_traceback_later()
        return
    if not _hang_file:
        _hang_file.append(open(os.path.join(folder, f"{os.getpid()}.txt"), "w"))  # noqa: SIM115 - one per process
    f = _hang_file[0]
    _empty(f)
    f.write(f"{item.nodeid} was still running after {HANG_LIMIT} s; its process was stopped. "
            f"Every thread's stack (most recent call first):\n")
    f.flush()
    faulthandler.dump_traceback_later(HANG_LIMIT, exit=True, file=f)
    try:
        yield
    finally:
        faulthandler.cancel_dump_traceback_later()
        _empty(f)


def _is_worker() -> bool:
    return bool(os.environ.get("PYTEST_XDIST_WORKER"))


def _empty(f) -> None:
    f.seek(0)
    f.truncate()


def pytest_terminal_summary(terminalreporter) -> None:
    for path in sorted(glob.glob(os.path.join(os.environ.get(_HANG_DIR, "-"), "*.txt"))):
        with open(path) as f:
            text = f.read()
        if text:
            terminalreporter.write_sep("=", "a stuck test")
            terminalreporter.write_line(text)


def _mend_xdist_crash_requeue() -> None:
    """Let a run go on after a worker is stopped (the watchdog above) or crashes.

    pytest-xdist 3.8.0's ``--dist loadfile`` puts a crashed worker's whole workload back on the
    queue, the files it had finished included; their empty work units reach the workers last, who
    wait for a test that never comes, and the run hangs with nothing said (CI's 90 minutes ran
    out so). A replacement worker given one file also waits for a second before running the
    first's last test. The upstream fixes (pytest-xdist 25282ab and cc03fbc, merged after 3.8.0,
    not yet released) requeue only unfinished files and reschedule twice; the test a worker died
    on is not run again (it is reported as a failure already). The lock pins 3.8.0; another
    version is left alone, and ``tests/test_hang_watch.py`` says whether it still hangs."""
    try:
        import xdist
        from xdist.scheduler.loadscope import LoadScopeScheduling
    except ImportError:
        return
    if xdist.__version__ != "3.8.0":
        return

    def remove_node(self, node):
        workload = self.assigned_work.pop(node)
        if not self._pending_of(workload):
            return None
        crashitem = next(nodeid for unit in workload.values() for nodeid, done in unit.items() if not done)
        for unit in workload.values():
            if crashitem in unit:
                unit[crashitem] = True  # reported as failed: a second run would crash its worker too
        for scope, unit in workload.items():
            if not all(unit.values()):
                self.workqueue[scope] = unit
        for other in self.assigned_work:
            self._reschedule(other)
        return crashitem

    original_schedule = LoadScopeScheduling.schedule

    def schedule(self):
        if self.collection is None:
            return original_schedule(self)
        for _ in range(2):  # a node runs a test only once it holds the next one
            for node in self.nodes:
                self._reschedule(node)
        return None

    LoadScopeScheduling.remove_node = remove_node
    LoadScopeScheduling.schedule = schedule

