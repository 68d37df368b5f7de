"""Every command line exits quietly when the reader of its output goes away (``... | head -1``):
no BrokenPipeError traceback, status 0 or 1. The reader here closes the pipe before the command
writes anything, so its first write (or the flush at exit) meets a closed pipe."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from hearts_teach.agents import driver
from hearts_teach.agents.hearts import make_bot
from hearts_teach.games.hearts.hand import Hand

COMMANDS = {
    "tournament": ["-m", "hearts_teach", "tournament", "--seats", "rule,random,random,random", "--hands", "3"],
    "tournament --json": ["-m", "hearts_teach", "tournament", "--seats", "rule,random,random,random",
                          "--hands", "3", "--json"],
    "replay --help": ["-m", "hearts_teach", "replay", "--help"],
    "league --help": ["-m", "hearts_teach", "league", "--help"],
    "grade --help": ["-m", "hearts_teach", "grade", "--help"],
    "hearts_teach --help": ["-m", "hearts_teach", "--help"],
    "exercises --help": ["-m", "hearts_teach.classroom.exercises", "--help"],
    "notebooks --help": ["-m", "hearts_teach.course.notebooks", "--help"],
    "spades bots": ["-m", "hearts_teach.agents.spades", "--hands", "1"],
}


def _closed_reader(args: list[str], stdin=subprocess.DEVNULL) -> tuple[int, str]:
    proc = subprocess.Popen([sys.executable, *args], stdin=stdin, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)
    proc.stdout.close()  # the reader goes away before the first line
    err = proc.stderr.read().decode("utf-8", "replace")
    proc.stderr.close()
    return proc.wait(timeout=300), err


@pytest.mark.parametrize("name", list(COMMANDS))
def test_a_closed_pipe_ends_the_command_quietly(name):
    status, err = _closed_reader(COMMANDS[name])
    assert "Traceback" not in err and "BrokenPipeError" not in err, err
    assert status in (0, 1)


def test_replay_of_many_lines_into_a_closed_pipe(tmp_path):
    hand = Hand.deal(2)
    driver.play(hand, [make_bot("rule")] * 4)
    record = {"pass_direction": hand.pass_direction, "deal": [[str(c) for c in hand.dealt(s)] for s in range(4)],
              "passes": [[str(c) for c in hand.passed(s)] for s in range(4)], "plays": [str(c) for c in hand.plays]}
    path = tmp_path / "hands.jsonl"
    path.write_text((json.dumps(record) + "\n") * 200)
    status, err = _closed_reader(["-m", "hearts_teach", "replay", str(path)])
    assert "Traceback" not in err and "BrokenPipeError" not in err, err
    assert status == 1
    with path.open("rb") as f:
        status, err = _closed_reader(["-m", "hearts_teach", "replay", "-"], stdin=f)
    assert err == "" and status == 1
