"""Feedback defects a teacher found: each one gets a one-line message and never hangs."""

from __future__ import annotations

import threading
import time

import pytest
from test_checks import hand_scores, suit, trick_winner

from hearts_teach.classroom.checks import check, checker, try_it
from hearts_teach.classroom.checks import framework as fw
from hearts_teach.classroom.checks.framework import run_check


def _report(capsys, name, func, limit=0.5):
    res = check(name, func, time_limit=limit)
    out = capsys.readouterr().out
    assert all(len(line) <= fw.MAX_LINE for line in out.splitlines())
    assert "Traceback" not in out
    return res, out


def test_a_timeout_after_a_wrong_case_names_both(capsys):
    calls = []

    def slow_after_a_while(trick):
        calls.append(1)
        if len(calls) >= 5:
            while True:
                pass
        return 0

    res, out = _report(capsys, "trick_winner", slow_after_a_while)
    assert res.first_failure.kind == "wrong" and res.first_failure.index == 0
    assert res.timeout_index == 4
    assert "Case 5 of 38 then did not finish" in out
    assert out.strip().splitlines()[-1].endswith("before case 5 ran out of time (check stopped).")


def test_try_it_caps_what_it_prints(capsys):
    def chatty(x):
        for i in range(5000):
            print("line", i, "x" * 1000)
        return "y" * 1_000_000

    try_it(chatty, 1)
    out = capsys.readouterr().out.splitlines()
    assert len(out) <= 22 and all(len(line) <= fw.MAX_LINE for line in out)
    # the printout is kept to its first MAX_PRINTED characters, with a note of how many more there were
    printed = 5000 * len("line 0 " + "x" * 1000 + "\n") + sum(len(str(i)) - 1 for i in range(5000))
    assert f"... ({printed - fw.MAX_PRINTED:,} more characters printed, not shown)" == out[-2]
    assert "more characters" in out[-1] and "returned" in out[-1]


def test_system_exit_inside_the_strategy_evaluators_is_one_line(capsys):
    from hearts_teach.classroom.checks.strategy import evaluate_discard, evaluate_pass

    def leaves(*args):
        raise SystemExit("bye")

    for evaluate in (evaluate_pass, evaluate_discard):
        res = evaluate(leaves, deals=1)
        out = capsys.readouterr().out.strip()
        assert not res.ok and "SystemExit: bye" in out and len(out.splitlines()) == 1


def test_an_endless_generator_is_cut_short(capsys):
    import itertools

    start = time.monotonic()
    res, out = _report(capsys, "legal_plays", lambda *a: itertools.cycle(["2C"]))
    # only a hang is caught here (the cut is by count, not by time): a busy CI machine took > 5 s
    assert time.monotonic() - start < 60
    assert res.first_failure.kind == "wrong_type" and "does not end" in out


def test_a_bare_except_loop_is_stopped(capsys):
    done = threading.Event()  # set after the checks: the thread must not outlive the test

    def stubborn(trick):
        while not done.is_set():
            try:
                while not done.is_set():
                    pass
            except:  # noqa: E722 - the point of the test
                pass

    before = threading.active_count()
    start = time.monotonic()
    try:
        res, out = _report(capsys, "trick_winner", stubborn, limit=0.3)
        assert time.monotonic() - start < 0.3 + fw.STOP_GRACE + 2
        assert res.timed_out and "did not finish" in out
        if res.unstoppable:  # the message must say what to do about the thread that keeps running
            assert "restart the kernel" in out
        else:
            assert threading.active_count() == before
    finally:
        # a thread that survived the stop would hold the GIL for the rest of the test run
        done.set()


def test_a_huge_string_answer_is_shown_short(capsys):
    res, out = _report(capsys, "pass_direction", lambda h: "left" * 2_500_000)
    assert res.first_failure.kind == "wrong_type" and "more characters" in out


def test_an_answer_whose_eq_and_repr_raise(capsys):
    class Liar:
        def __eq__(self, other):
            raise RuntimeError("no")

        def __repr__(self):
            raise RuntimeError("no")

        def __iter__(self):
            raise RuntimeError("no")

        __hash__ = None

    for name in ("hand_scores", "legal_plays", "trick_winner"):
        res, out = _report(capsys, name, lambda *a: Liar())
        assert not res.ok and res.first_failure.kind == "wrong_type", out
        assert "Liar" in out


def test_check_with_a_list_for_the_name_says_what_it_wanted(capsys):
    res = check(["trick_winner"], trick_winner)
    out = capsys.readouterr().out
    assert "name of the exercise first" in out and 'check("trick_winner", trick_winner)' in out
    assert res.total == 0 and not res.ok


# ---------------------------------------------------------------- the three misleading hints
def test_off_by_one_rotation_hint(capsys):
    _, out = _report(capsys, "pass_direction", lambda h: ["left", "right", "across", "hold"][(h - 1) % 4])
    assert "count from 1?" in out and "0 means left" in out


def test_one_based_trick_position_hint(capsys):
    _, out = _report(capsys, "trick_winner", lambda t: trick_winner(t) + 1 if trick_winner(t) < 3 else 3)
    assert "positions count from 0" in out and "is higher than" not in out


def test_any_tie_blocks_the_end_hint(capsys):
    _, out = _report(capsys, "match_over", lambda t, e=100: max(t) >= e and len(set(t)) == 4)
    assert "not the lowest total" in out and "reaching it exactly counts" not in out


# ---------------------------------------------------------------- every rule has several cases
def _legal_slip(**skip):
    def f(hand, trick, first_trick, hearts_broken):
        penalty = (lambda c: suit(c) == "H") if skip.get("qs_ok_first") else (lambda c: suit(c) == "H" or c == "QS")
        if trick:
            same = [c for c in hand if suit(c) == suit(trick[0])]
            if same:
                return same
            if first_trick and not skip.get("no_firstpts"):
                safe = [c for c in hand if not penalty(c)]
                if safe or skip.get("no_onlypoints"):
                    return safe
            return list(hand)
        if first_trick and "2C" in hand and not skip.get("no_2c"):
            return ["2C"]
        if not hearts_broken and not skip.get("no_broken"):
            other = [c for c in hand if suit(c) != "H" and not (skip.get("qs_heart") and c == "QS")]
            if other or skip.get("no_allhearts"):
                return other
        return list(hand)
    return f


SLIPS = {
    "legal_plays": [_legal_slip(**{k: True}) for k in
                    ("no_allhearts", "no_onlypoints", "no_2c", "no_broken", "no_firstpts", "qs_heart", "qs_ok_first")],
    "match_over": [lambda t, e=100: max(t) >= 100 and t.count(min(t)) == 1,  # ignores end_score
                   lambda t, e=100: max(t) > e and t.count(min(t)) == 1,
                   lambda t, e=100: max(t) >= e],
    "hand_scores": [lambda p, new_moon=False: hand_scores(p, False)],
    "trick_winner": [lambda t: max((i for i in range(4) if suit(t[i]) == suit(t[0])),
                                   key=lambda i: "23456789JQKAT".index(t[i][0]))],  # T ranked above A
}


@pytest.mark.parametrize("name,slip", [(n, s) for n, ss in SLIPS.items() for s in ss])
def test_leaving_out_one_rule_fails_several_visible_and_a_hidden_case(name, slip):
    chk = checker(name)
    visible = run_check(chk, slip, 1.0)
    hidden = run_check(chk, slip, 1.0, cases=chk.hidden_cases())
    assert visible.total - visible.passed >= 3
    assert hidden.total - hidden.passed >= 1


def test_reference_answers_pass_the_hidden_cases_too():
    from test_checks import REFERENCE

    for name, func in REFERENCE.items():
        chk = checker(name)
        assert run_check(chk, func, 2.0, cases=chk.hidden_cases()).ok, name
