"""check() in a real Jupyter kernel, as a learner runs it: an endless loop shows only the
friendly message (on the base commit an internal ``_Stop`` traceback appeared above it in most
runs: a stop sent as the worker thread finished), and a closed ``sys.stdout`` gives one line
while the cell's output keeps working."""

from __future__ import annotations

import pytest

jupyter_client = pytest.importorskip("jupyter_client")

ENDLESS = '''
from hearts_teach.classroom.checks import check
def trick_winner(trick):
    while True:
        sorted(range(10**6), reverse=True)   # long C calls: the stop lands late
for _ in range(3):
    check("trick_winner", trick_winner, time_limit=0.5)
'''

CLOSES = '''
import sys
from hearts_teach.classroom.checks import check
def trick_winner(trick):
    sys.stdout.close()
    return 0
check("trick_winner", trick_winner, time_limit=0.5)
print("still printing")
'''


@pytest.fixture(scope="module")
def kernel():
    km, kc = jupyter_client.manager.start_new_kernel(kernel_name="python3")
    try:
        yield kc
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=True)


def _run(kc, code: str) -> list[tuple[str, str]]:
    outs: list[tuple[str, str]] = []

    def hook(msg):
        kind = msg["msg_type"]
        if kind == "stream":
            outs.append((msg["content"]["name"], msg["content"]["text"]))
        elif kind == "error":
            outs.append(("error", "\n".join(msg["content"]["traceback"])))

    kc.execute_interactive(code, output_hook=hook, timeout=120)
    kc.execute_interactive("import time; time.sleep(0.5)", output_hook=hook, timeout=60)  # late output too
    return outs


def test_an_endless_loop_shows_no_internal_traceback(kernel):
    outs = _run(kernel, ENDLESS)
    text = "".join(t for _, t in outs)
    assert [name for name, _ in outs if name != "stdout"] == [], text
    assert "_Stop" not in text and "Traceback" not in text
    assert text.count("ran out of time (check stopped).") == 3


def test_a_closed_stdout_is_one_line_in_a_kernel(kernel):
    outs = _run(kernel, CLOSES)
    text = "".join(t for _, t in outs)
    assert [name for name, _ in outs if name != "stdout"] == [], text
    assert "your function closed sys.stdout (sys.stdout.close())" in text
    assert "trick_winner: 0 of 38 cases right." in text
    assert "still printing" in text


def test_a_typo_in_the_answer_cell_is_one_line_and_so_is_each_cell_after_it(kernel):
    """A syntax error in the answer cell, then try_it and check: three tracebacks before, now
    one line each, the first naming the line and the code, the others saying what to do."""
    cells = ["from hearts_teach.classroom.checks import check, try_it\n"
             "globals().pop('trick_winner', None)  # the other tests' function, in this shared kernel\n",
             "def trick_winner(trick):\n    if trick[0] = '7C':\n        return 1\n    return 0\n",
             "try_it(trick_winner, ['7C', 'KC', '2H', '9C'])\n",
             "x = 1\ncheck('trick_winner', trick_winner)\n"]
    errors = []
    for cell in cells:
        errors.append([text for name, text in _run(kernel, cell) if name == "error"])
    assert errors[0] == []
    syntax, try_cell, check_cell = (e[0] for e in errors[1:])
    assert [len(e) for e in errors[1:]] == [1, 1, 1]  # one error message per cell
    assert "\n" not in syntax + try_cell + check_cell  # each one line
    assert syntax.startswith("SyntaxError in line 2 of this cell (if trick[0] = '7C':): ")
    assert try_cell == ("NameError (line 1 of this cell): name 'trick_winner' is not defined: run the cell that "
                        "defines it first (if that cell showed an error, fix it and run it again)")
    assert check_cell.startswith("NameError (line 2 of this cell): name 'trick_winner' is not defined")
