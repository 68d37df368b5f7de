"""Fuzz the replay command (issue 14): one bounded output line per non-blank input line.

Valid replay records (hands in every phase) are corrupted at paths Hypothesis chooses,
and raw junk lines (invalid UTF-8, 3,000-deep nesting, 5,000-digit ints, 200 KB card
strings) are mixed in. ``replay_line`` must answer each with an object; ``run`` must
print exactly one JSON line per non-blank input line and go on after a bad one; a
failure line stays short (messages quote at most about 80 characters of any value).
"""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

from fuzz_support import FUZZ, LONG, Harness, hearts_hand, json_junk, mutated, to_line
from hypothesis import given, settings
from hypothesis import strategies as st

from hearts_teach import Hand
from hearts_teach.games.hearts.replay import replay_line, run

H = Harness()
FAIL_LINE_MAX = 1000  # a failure line: the message, the field and a quoted card at most
NASTY = [
    b'{"rules": {"preset": ["omnibus"]}, "pass_direction": "hold", "deal": []}',
    b'{"pass_direction": ' + b"9" * 5000 + b"}",
    b"[" * 3000 + b"]" * 3000,
    b"\xff\xfe\n",
    b'{"pass_direction": "hold", "deal": [[], [], [], []], "plays": ["' + LONG.encode() + b'"]}',
    b'{"pass_direction": "left", "deal": [], "passes": [null, [], [], []]}',
    json.dumps({"pass_direction": "left", "deal": [[str(c) for c in Hand.deal(1).dealt(s)] for s in range(4)],
                "passes": [[None, "2C", "3C"], [], [], []]}).encode(),  # a null inside a pass
]


@st.composite
def replay_record(draw: st.DrawFn) -> dict:
    rec = draw(hearts_hand()).to_record()
    return {k: rec[k] for k in ("rules", "pass_direction", "deal", "passes", "plays") if k in rec}


lines = st.one_of(
    replay_record().flatmap(mutated).map(to_line),
    replay_record().map(to_line),
    json_junk.map(to_line),
    st.binary(max_size=30), st.text(max_size=30), st.sampled_from(NASTY), st.sampled_from(["", "  ", "\t"]),
)


def check_answer(line: str | bytes) -> None:
    out = replay_line(line)
    if out is None:
        if (line.decode("utf-8", "replace") if isinstance(line, bytes) else line).strip():
            raise AssertionError("no answer for a non-blank line")
        return
    text = json.dumps(out)
    if not isinstance(out.get("ok"), bool):
        raise AssertionError(f"no ok field: {text[:200]}")
    if not out["ok"] and len(text) > FAIL_LINE_MAX:
        raise AssertionError(f"a failure line of {len(text):,} characters: {text[:200]}")


def every_line_gets_one_bounded_answer() -> None:
    @settings(FUZZ, max_examples=500)
    @given(lines)
    def go(line):
        H.call("replay_line", lambda: check_answer(line), exercise=False)
        if isinstance(line, str):
            H.call("replay_line(bytes)", lambda: check_answer(line.encode("utf-8")), exercise=False)

    go()


CHILD = """
import faulthandler, sys
sys.path.insert(0, {tests!r})
faulthandler.dump_traceback_later({limit}, exit=True)  # stuck: every thread's stack, then exit 1
import test_fuzz_replay
test_fuzz_replay.{name}()
"""


def in_fresh_interpreter(name: str, limit: int = 240) -> None:
    """Run ``name()`` of this module in a new Python. Why: in two CI runs this fuzz test stuck, at
    full CPU and deaf to signals, in a pytest worker that had run other test files before it (alone
    it takes about 3 s, and it never stuck in a fresh process); a new interpreter keeps other
    tests' leftovers out, and if it sticks anyway it fails with every thread's stack."""
    code = CHILD.format(tests=str(Path(__file__).parent), limit=limit, name=name)
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=limit + 120)
    assert proc.returncode == 0, (proc.stdout + proc.stderr)[-6000:]


def test_every_line_gets_one_bounded_answer():
    in_fresh_interpreter("every_line_gets_one_bounded_answer")


def count_run(batch: list[bytes]) -> None:
    source = b"\n".join(b.replace(b"\n", b" ") for b in batch) + b"\n"
    out = io.StringIO()
    status = run(io.BytesIO(source), out)
    printed = out.getvalue().splitlines()
    wanted = sum(1 for b in source.split(b"\n") if b.decode("utf-8", "replace").strip())
    if len(printed) != wanted:
        raise AssertionError(f"{len(printed)} output lines for {wanted} non-blank input lines")
    answers = [json.loads(p) for p in printed]
    if status != (0 if all(a["ok"] for a in answers) else 1):
        raise AssertionError(f"exit status {status}")


def test_run_prints_one_line_per_non_blank_input_line():
    @settings(FUZZ, max_examples=60)
    @given(st.lists(lines.map(lambda x: x.encode("utf-8") if isinstance(x, str) else x), min_size=1, max_size=6))
    def go(batch):
        H.call("replay.run", lambda: count_run(batch), exercise=False)

    go()


def test_the_command_survives_the_lines_from_the_issue():
    good = to_line(hearts_hand_record()).encode()
    source = b"\n".join([*NASTY[:4], b"", good, *NASTY[4:], good]) + b"\n"
    proc = subprocess.run([sys.executable, "-m", "hearts_teach", "replay", "-"], input=source,
                          capture_output=True, timeout=120)
    printed = proc.stdout.decode().splitlines()
    assert proc.returncode == 1, proc.stderr.decode()[-500:]
    assert proc.stderr == b""
    assert len(printed) == 9
    answers = [json.loads(p) for p in printed]
    assert [a["ok"] for a in answers] == [False] * 4 + [True, False, False, False, True]
    assert answers[7]["rule"] == "invalid_card" and answers[7]["pass_seat"] == 0
    assert max(len(p) for i, p in enumerate(printed) if not answers[i]["ok"]) <= FAIL_LINE_MAX
    assert answers[1]["field"] == "record" and "4,300 digits" in answers[1]["error"]
    assert answers[2]["error"] == "not valid JSON: nested too deeply"


def hearts_hand_record() -> dict:
    rec = Hand.deal(5, hand_number=3).to_record()  # a hold hand: no passes needed
    return {k: rec[k] for k in ("pass_direction", "deal", "passes", "plays")}
