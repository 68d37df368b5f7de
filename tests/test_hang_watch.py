"""The run's watchdog (``conftest.py``): a test stuck where no Python signal handler can run (a
long C call holding the interpreter lock) stops its worker, fails, and the summary shows the
stuck test's stack; the rest of the run goes on, and the stuck test is not run a second time."""

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


def run_stuck(tmp_path: Path, *options: str) -> subprocess.CompletedProcess:
    sandbox = tmp_path / "run"
    sandbox.mkdir()
    (sandbox / "conftest.py").write_text((ROOT / "conftest.py").read_text())
    (sandbox / "test_stuck.py").write_text(STUCK)
    env = dict(os.environ, HEARTS_TEACH_HANG_LIMIT="3")
    env.pop("PYTEST_XDIST_WORKER", None)  # this run's own controller, not one of ours
    return subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-rs", *options,
                           "test_stuck.py"], cwd=sandbox, env=env, capture_output=True, text=True, timeout=300)


def test_a_test_stuck_in_c_code_fails_with_its_stack_and_the_run_goes_on(tmp_path):
    proc = run_stuck(tmp_path, "-n", "2", "--dist", "loadfile")
    out = proc.stdout
    assert proc.returncode == 1, out
    assert "crashed while running 'test_stuck.py::test_stuck_in_c'" in out
    assert "test_stuck.py::test_stuck_in_c was still running after 3 s" in out
    assert 'test_stuck.py", line 6 in test_stuck_in_c' in out  # the stuck line itself
    assert "1 failed, 2 passed, 1 skipped" in out  # the rerun xdist schedules is skipped, not stuck again


def test_without_workers_the_stack_reaches_the_terminal_and_the_run_ends(tmp_path):
    proc = run_stuck(tmp_path, "-p", "no:xdist")
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert "Timeout (0:00:03)!" in proc.stderr
    assert 'test_stuck.py", line 6 in test_stuck_in_c' in proc.stderr
