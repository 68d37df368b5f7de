"""A hostile student against the OS sandbox: the grader's notebook workers, nbgrader's
re-grading (``autograde``) and the league's bots (local and on Dask) each try to empty or
append to a file outside, read a planted secret next to the teacher's files (and the
root-only password file), send UDP and TCP to a listener on this machine, fork a bomb,
signal their parent, pid 1 and the grader, snoop /proc, and allocate 10 GB.

Nothing gets out: the file is unchanged, the secret and the listener's port get nothing,
every process is alive; in the league every attempt is a counted problem with a reason.
Where bubblewrap is missing these tests skip, except on CI (``CI=true``), where they fail."""

from __future__ import annotations

import json
import os
import select
import socket
import subprocess
import sys
import uuid
from pathlib import Path

import pytest

from hearts_teach.classroom import os_sandbox
from hearts_teach.classroom.plaindata import decode, encode
from hearts_teach.classroom.sandbox import run_submission

SECRET_TEXT = "the answer key: " + uuid.uuid4().hex
MARKER = "600.4242"  # in the command line of a process of the teacher's (sleep 600.4242)


@pytest.fixture(scope="module", autouse=True)
def _needs_bubblewrap():
    why = os_sandbox.unavailable()
    if why:
        if os.environ.get("CI") == "true":
            pytest.fail(f"CI must run the OS sandbox escape tests: {why}")
        pytest.skip(f"no OS sandbox here: {why}")


class Target:
    """What the attacks aim at, made fresh for each test: a secret file in the teacher's venv
    (readable to the Python guard alone: it lets a submission read Python's folders), UDP and TCP
    listeners on 127.0.0.1, and a bystander process of the teacher's."""

    def __init__(self) -> None:
        self.secret = Path(sys.prefix) / f".hearts-escape-test-{uuid.uuid4().hex}.txt"
        self.secret.write_text(SECRET_TEXT, encoding="utf-8")
        self.udp = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        self.udp.bind(("127.0.0.1", 0))
        self.tcp = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.tcp.bind(("127.0.0.1", 0))
        self.tcp.listen(8)
        self.bystander = subprocess.Popen(["sleep", MARKER])

    def names(self) -> dict[str, object]:
        return {"SECRET": str(self.secret), "UDP": self.udp.getsockname()[1], "TCP": self.tcp.getsockname()[1],
                "BYSTANDER": self.bystander.pid, "GRADER": os.getpid()}

    def assert_untouched(self) -> None:
        assert self.secret.read_text(encoding="utf-8") == SECRET_TEXT, "the file outside was changed"
        assert not select.select([self.udp], [], [], 0.2)[0], "a datagram reached the UDP listener"
        assert not select.select([self.tcp], [], [], 0.2)[0], "a connection reached the TCP listener"
        assert self.bystander.poll() is None, "the teacher's process was killed"

    def close(self) -> None:
        self.secret.unlink(missing_ok=True)
        self.udp.close()
        self.tcp.close()
        self.bystander.kill()
        self.bystander.wait()


@pytest.fixture
def target():
    t = Target()
    yield t
    t.close()


# Each attack is a function body; it returns what it got (a leak) or raises (it was stopped).
ATTACKS = {
    "truncate": "os.close(os.open(SECRET, os.O_RDONLY | os.O_TRUNC))\nreturn 'emptied'",
    "append": "fd = os.open(SECRET, os.O_WRONLY | os.O_APPEND)\nos.write(fd, b'pwned')\nreturn 'appended'",
    "read_secret": "return open(SECRET).read()",
    "read_shadow": "return open('/etc/shadow').read()[:40] or 'read /etc/shadow'",
    "udp": "s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)\n"
           "for _ in range(20):\n    s.sendto(b'leak', ('127.0.0.1', UDP))\nreturn 'sent'",
    "tcp": "s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)\n"
           "s.sendto(b'leak', socket.MSG_FASTOPEN, ('127.0.0.1', TCP))\nreturn 'sent'",
    "fork_bomb": "n = 0\nfor _ in range(200):\n    if os.fork() == 0:\n        time.sleep(20)\n        os._exit(0)\n"
                 "    n += 1\nreturn f'forked {n}'",
    "kill_parent": "os.kill(os.getppid(), signal.SIGKILL)\nreturn 'signalled'",
    "kill_pid1": "os.kill(1, signal.SIGKILL)\nreturn 'signalled'",
    "kill_grader": "os.kill(GRADER, signal.SIGKILL)\nos.kill(BYSTANDER, signal.SIGKILL)\nreturn 'signalled'",
    "proc_snoop": "seen = []\nfor pid in os.listdir('/proc'):\n    if pid.isdigit():\n        seen.append(pid)\n"
                  "        try:\n            seen.append(open(f'/proc/{pid}/cmdline').read())\n"
                  "        except OSError:\n            pass\nreturn ' '.join(seen)",
    "allocate_10gb": "b = bytearray(10 * 2**30)\nreturn f'allocated {len(b)}'",
    # the sandbox's root and /dev are tmpfs as big as half the teacher's memory, which no rlimit
    # counts: files there (a few at a time, each under the file size limit) would fill it
    "fill_unsized_tmpfs": "for d in ('', '/dev/shm', '/dev'):\n    os.makedirs(d or '/', exist_ok=True)\n"
                          "    with open(d + '/filler', 'wb') as fh:\n        fh.write(b'x' * 1000)\n"
                          "return 'wrote into a tmpfs without a size'",
}


def _module(names: dict[str, object], prefix: str = "attack_") -> str:
    """Python source defining one function per attack (``attack_truncate``, ...)."""
    lines = ["import os, signal, socket, time", *(f"{k} = {v!r}" for k, v in names.items())]
    for name, body in ATTACKS.items():
        lines.append(f"def {prefix}{name}(*args):")
        lines += ["    " + line for line in body.splitlines()]
    return "\n".join(lines) + "\n"


def _leaked(text: object, t: Target) -> bool:
    s = str(text)
    return SECRET_TEXT in s or MARKER in s or f" {t.names()['GRADER']} " in f" {s} " or "root:" in s


def test_the_grader_worker_escapes_nothing(target):
    calls = [{"function": f"attack_{name}", "cases": [encode(())]} for name in ATTACKS]
    run = run_submission([_module(target.names())], calls, timeout=90)
    assert run.finished, run.crashed
    answers = {e["case"][0]: e for e in run.events if "case" in e}
    for k, name in enumerate(ATTACKS):
        event = answers[k]
        got = decode(event["value"]) if "value" in event else None
        assert "value" not in event, f"{name}: the attack went through and returned {str(got)[:80]!r}"
        assert not _leaked(event, target), name
    target.assert_untouched()


# The Python guard is a tripwire: this cell switches it off from inside (through the frame of a
# refusal's traceback it reaches the guard's closure and empties its lists), as a determined
# student can (docs/teaching.md, §3). What follows meets the OS sandbox alone.
UNGUARD = """
def _unguard():
    try:
        open('/root/.unguard-probe')
    except PermissionError as e:
        tb = e.__traceback__
    while tb.tb_next:
        tb = tb.tb_next
    refusal = tb.tb_frame.f_locals['refusal']
    for name, cell in zip(refusal.__code__.co_freevars, refusal.__closure__):
        if name in ('refuse_always', 'refuse_imports', 'path_events'):
            cell.cell_contents = frozenset()
        elif name in ('secret', 'inside'):
            cell.cell_contents = (lambda p: False) if name == 'secret' else (lambda p: True)
_unguard()
"""

# what the OS sandbox alone lets through without harm: processes of its own (up to its limit),
# its own PID namespace's /proc, datagrams to its own network namespace's loopback (the
# listener on the teacher's 127.0.0.1 gets nothing: assert_untouched); a signal to its own
# parent would end the run itself
UNGUARDED_HARMLESS = {"fork_bomb", "proc_snoop", "kill_pid1", "udp"}


def test_the_grader_worker_escapes_nothing_with_the_python_guard_switched_off(target):
    # (the fork bomb, unguarded, fills the sandbox's own process limit and ends the worker itself
    # early: contained, but it would stop the other attacks of this run, so it is left out here)
    attacks = [name for name in ATTACKS if name not in ("kill_parent", "fork_bomb")]
    calls = [{"function": f"attack_{name}", "cases": [encode(())]} for name in attacks]
    run = run_submission([UNGUARD, _module(target.names())], calls, timeout=90)
    assert run.finished, run.crashed
    answers = {e["case"][0]: e for e in run.events if "case" in e}
    assert decode(answers[attacks.index("proc_snoop")]["value"]), "the guard was not switched off"
    for k, name in enumerate(attacks):
        event = answers[k]
        if name not in UNGUARDED_HARMLESS:
            assert "value" not in event, f"{name}: got through the OS sandbox: {str(decode(event['value']))[:80]!r}"
        assert not _leaked(event, target), name
    target.assert_untouched()


def test_nbgrader_regrading_escapes_nothing(target):
    # a notebook whose cells attack while the autograder's grader process re-runs them
    attacks = "\n".join(f"    try:\n        got.append(attack_{n}())\n    except BaseException as e:\n"
                        f"        got.append(type(e).__name__)" for n in ATTACKS)
    cell = _module(target.names()) + "got = []\ndef run_all():\n" + attacks + "\nrun_all()\n"
    # the answer is what reading the secret gave: the verdict's message would show it
    answer = f"def trick_winner(trick):\n    return got[{list(ATTACKS).index('read_secret')}]\n"
    job = {"check": "trick_winner", "function": "trick_winner", "sources": [cell, answer]}
    done = subprocess.run([sys.executable, "-I", "-m", "hearts_teach.classroom.autograde_job"], input=json.dumps(job),
                          capture_output=True, text=True, timeout=300)
    verdict = json.loads(done.stdout.strip().splitlines()[-1])
    assert verdict["passed"] == 0 and verdict.get("isolated") is True, verdict
    assert "got 'FileNotFoundError'" in verdict["message"], verdict["message"]  # no such file in the sandbox
    assert not _leaked(verdict["message"], target), verdict["message"]
    target.assert_untouched()


def test_nbgrader_regrading_shows_the_package_alone_not_the_checkout_beside_it():
    # in a checkout, hearts_teach sits beside solutions/ and tests/: the sandbox shows a copy of
    # the package alone (it showed the whole checkout, and a student's cell could read solutions/)
    cell = "import os\nSEEN = sorted(os.listdir('/opt/hearts_teach'))\n"
    answer = ("def trick_winner(trick):\n    if SEEN != ['hearts_teach']:\n        return SEEN\n"
              "    led = trick[0][1]\n"
              "    return max(range(4), key=lambda i: ('23456789TJQKA'.index(trick[i][0]) if trick[i][1] == led else -1))\n")
    job = {"check": "trick_winner", "function": "trick_winner", "sources": [cell, answer]}
    done = subprocess.run([sys.executable, "-I", "-m", "hearts_teach.classroom.autograde_job"], input=json.dumps(job),
                          capture_output=True, text=True, timeout=300)
    verdict = json.loads(done.stdout.strip().splitlines()[-1])
    assert verdict["status"] == "ok" and verdict["passed"] == verdict["total"] > 0, verdict


def _league_bots(tmp_path: Path, names: dict[str, object]) -> list[Path]:
    files = []
    for name in ATTACKS:
        source = (_module(names, prefix="_") +
                  "def choose_pass(view):\n    return sorted(view.cards, key=lambda c: c.rank)[-3:]\n"
                  f"def choose_play(view):\n    _{name}()\n    return max(view.legal, key=lambda c: c.rank)\n")
        path = tmp_path / f"{name}.py"
        path.write_text(source, encoding="utf-8")
        files.append(path)
    return files


def _check_league(result, target: Target) -> None:
    for s in result.standings:
        assert s.problems > 0, f"{s.name}: 0 problems (the attack was not stopped)"
        assert s.first_problem and not _leaked(s.first_problem, target), (s.name, s.first_problem)
    assert {s.hands for s in result.standings} == {4}  # every bot played every hand
    target.assert_untouched()


def test_league_bots_escape_nothing(tmp_path, target):
    from hearts_teach.classroom.league import run_league

    result = run_league(_league_bots(tmp_path, target.names()), hands=1, seed=4, progress=False)
    _check_league(result, target)


def test_league_bots_on_dask_escape_nothing(tmp_path, target):
    pytest.importorskip("dask.distributed")
    from hearts_teach.classroom.league import run_league

    result = run_league(_league_bots(tmp_path, target.names()), hands=1, seed=4, workers=1, progress=False)
    _check_league(result, target)


def test_without_bubblewrap_the_grader_and_the_league_refuse_unless_told(tmp_path, monkeypatch):
    from hearts_teach.classroom.league import run_league

    monkeypatch.setattr(os_sandbox, "_PROBE", ["bubblewrap (bwrap) is not installed"])
    bot = tmp_path / "b.py"
    bot.write_text("def choose_pass(view):\n    return list(view.cards)[:3]\n"
                   "def choose_play(view):\n    return view.legal[0]\n", encoding="utf-8")
    with pytest.raises(os_sandbox.OsSandboxMissing, match="apt-get install bubblewrap.*--no-os-sandbox"):
        run_league([bot], hands=1)
    with pytest.raises(os_sandbox.OsSandboxMissing):
        run_submission(["def f():\n    return 1\n"], [{"function": "f", "cases": [encode(())]}])
    result = run_league([bot], hands=1, isolate=False, progress=False)
    assert not result.isolated and os_sandbox.NOT_ISOLATED in result.table()
    assert all(row.endswith("not isolated") for row in result.table().splitlines()[3:4])
    assert result.to_dict()["isolated"] is False and all(b["isolated"] is False for b in result.to_dict()["bots"])
    run = run_submission(["def f():\n    return 1\n"], [{"function": "f", "cases": [encode(())]}], isolate=False)
    assert run.finished


def test_an_interpreter_under_tmp_is_seen_inside_the_sandbox(monkeypatch):
    """A checkout (and its venv) under /tmp: the sandbox's private /tmp once hid the venv bound
    before it, and every graded notebook ended with exit status 127 (no python)."""
    import tempfile

    folder = Path(tempfile.mkdtemp(prefix="hearts-venv-", dir="/tmp"))
    try:
        (folder / "bin").mkdir()
        (folder / "bin" / "marker").write_text("seen\n", encoding="utf-8")
        real = os_sandbox.python_folders
        monkeypatch.setattr(os_sandbox, "python_folders", lambda: [*real(), str(folder)])
        limits = os_sandbox.Limits(cpu_seconds=10, memory_bytes=1 << 30, file_bytes=1 << 20)
        with os_sandbox.Launch(["/bin/cat", str(folder / "bin" / "marker")], limits=limits,
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT) as launch:
            out, _ = launch.proc.communicate(timeout=30)
        assert out.decode() == "seen\n" and launch.proc.returncode == 0
    finally:
        import shutil

        shutil.rmtree(folder, ignore_errors=True)
