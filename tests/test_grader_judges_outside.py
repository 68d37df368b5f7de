"""The grader judges across the sandbox boundary: a notebook that patches the checks' modules
(the "changed its input" check, the time limit) from inside its own process changes nothing.

Before this, both patches lifted a grade: the worker asked the patched modules whether the
input had changed and how long a call might run. Now the worker reports the inputs as they are
after the call, through a copy of the encoder no import reaches, and the grader compares them
with what it sent and times each case on its own clock."""

from __future__ import annotations

from pathlib import Path

from graded_notebooks import grade_trick_winner

from hearts_teach.classroom import grader

RIGHT = ("def trick_winner(trick):\n"
         "    order = '23456789TJQKA'\n"
         "    best = 0\n"
         "    for i, card in enumerate(trick):\n"
         "        if card[1] == trick[0][1] and order.index(card[0]) > order.index(trick[best][0]):\n"
         "            best = i\n"
         "{extra}"
         "    return best\n")


def _grade(tmp_path: Path, answer: str, cell: str) -> grader.Row:
    return grade_trick_winner(tmp_path, answer, cell)


def test_switching_off_the_changed_input_check_from_the_notebook_does_not_lift_the_grade(tmp_path):
    answer = RIGHT.format(extra="    trick.append('2C')  # changes the caller's list\n")
    patch = ("import hearts_teach.classroom.checks.framework as fw\n"
             "fw._changed = lambda given, pristine: False\n")
    row = _grade(tmp_path, answer, patch)
    assert row.passed == 0, row
    assert "changed the input it was given" in row.message


def test_switching_off_the_time_limit_from_the_notebook_does_not_lift_the_grade(tmp_path):
    # slow on the first case only (8 s against a limit of 2 s), right and fast on the others
    answer = RIGHT.format(extra="    import time\n"
                                "    if not getattr(trick_winner, 'slept', False):\n"
                                "        trick_winner.slept = True\n"
                                "        time.sleep(8)\n")
    patch = ("import hearts_teach.classroom.checks.calls as calls, hearts_teach.classroom.checks.framework as fw\n"
             "def unlimited(func, args, limit):\n"
             "    return calls._Outcome(value=func(*args))\n"
             "calls.call_with_limit = fw.call_with_limit = unlimited\n")
    row = _grade(tmp_path, answer, patch)
    # as in check(): a case out of time stops the check (before: the patch let case 1 finish, 65/65)
    assert (row.passed, row.status) == (0, "timeout"), row
    assert "first problem: case 1 " in row.message and "did not finish within the time limit of 2 s" in row.message


def test_the_grader_times_each_case_on_its_own_clock():
    """Whatever the worker says, an answer that reached the grader long after the case started
    is out of time; one within the limit is judged on its value."""
    prep = grader.prepare([grader.Expect("trick_winner", "trick_winner")])["trick_winner"]
    case = prep.cases[0]
    answer = {"case": [0, 0], "printed": "", "value": ["int", str(case.expected)],
              "after": prep.sent[0]}
    on_time = dict(answer, arrived=101.0)
    late = dict(answer, arrived=100.0 + 2 * prep.limit + 4.0)
    assert grader._failure(prep, 0, on_time, started=100.0) == (None, "")
    failure, status = grader._failure(prep, 0, late, started=100.0)
    assert failure is not None and (failure.kind, status) == ("timeout", "timeout")
    failure, _ = grader._failure(prep, 0, on_time, started=None)  # never announced its start
    assert failure is not None and failure.kind == "timeout"
    failure, _ = grader._failure(prep, 0, dict(on_time, after=None), started=100.0)  # inputs changed
    assert failure is not None and failure.kind == "mutated"


def test_an_honest_right_answer_is_still_right(tmp_path):
    row = _grade(tmp_path, RIGHT.format(extra=""), "x = 1\n")
    assert (row.passed, row.status) == (row.total, "ok"), row
