"""The run's watchdog (``conftest.py``): a test stuck where no Python signal handler can run (a
long C call holding the interpreter lock) stops its worker, fails, and the summary shows the
stuck test's stack; the rest of the run goes on, the stuck test is not run a second time, and
the run ends (pytest-xdist 3.8.0 alone hung for good after a stopped worker: ``conftest.py``)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

STUCK = '''
def test_before():
    pass

def test_stuck_in_c():
    sum(range(10**15))  # a C loop: it never returns to the interpreter, so no signal handler runs

def test_after():
    pass
'''


def run_stuck(tmp_path: Path, *options: str, finished_before: int = 0) -> subprocess.CompletedProcess:
    """A run of ``test_stuck.py``, after ``finished_before`` files of one quick test each."""
    sandbox = tmp_path / "run"
    sandbox.mkdir()
    (sandbox / "conftest.py").write_text((ROOT / "conftest.py").read_text())
    for k in range(finished_before):
        (sandbox / f"test_{k:02d}_quick.py").write_text("def test_quick():\n    pass\n")
    (sandbox / "test_stuck.py").write_text(STUCK)
    env = dict(os.environ, HEARTS_TEACH_HANG_LIMIT="3")
    env.pop("PYTEST_XDIST_WORKER", None)  # this run's own controller, not one of ours
    return subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-rs", *options],
                          cwd=sandbox, env=env, capture_output=True, text=True, timeout=120)


def test_a_test_stuck_in_c_code_fails_with_its_stack_and_the_run_goes_on(tmp_path):
    proc = run_stuck(tmp_path, "-n", "2", "--dist", "loadfile")
    out = proc.stdout
    assert proc.returncode == 1, out
    assert "crashed while running 'test_stuck.py::test_stuck_in_c'" in out
    assert "test_stuck.py::test_stuck_in_c was still running after 3 s" in out
    assert 'test_stuck.py", line 6 in test_stuck_in_c' in out  # the stuck line itself
    assert "1 failed, 2 passed in" in out  # test_after ran; the stuck test was not run again


def test_after_a_stopped_worker_the_run_ends_though_that_worker_had_finished_other_files(tmp_path):
    # pytest-xdist 3.8.0 put the finished files back on the queue as empty work: the workers
    # waited for a test that never came (CI's 90 minutes ran out; here: TimeoutExpired)
    proc = run_stuck(tmp_path, "-n", "1", "--dist", "loadfile", finished_before=10)
    out = proc.stdout
    assert proc.returncode == 1, out
    assert "test_stuck.py::test_stuck_in_c was still running after 3 s" in out
    assert "1 failed, 12 passed in" in out  # each quick file once, test_before and test_after


def test_without_workers_the_stack_reaches_the_terminal_and_the_run_ends(tmp_path):
    proc = run_stuck(tmp_path, "-p", "no:xdist")
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert "Timeout (0:00:03)!" in proc.stderr
    assert 'test_stuck.py", line 6 in test_stuck_in_c' in proc.stderr
