"""Exercise 10: the checks on a learner's whole bot and its evaluation against the
highest-card bot."""

from __future__ import annotations

import time

import pytest

from hearts_teach import Card
from hearts_teach.agents.hearts import make_bot
from hearts_teach.agents.hearts.simple import HighestCardBot
from hearts_teach.classroom.checks import bot as ex10
from hearts_teach.classroom.checks import check, checker

RULE = make_bot("rule")
HIGH = HighestCardBot()


def test_the_rule_bot_passes_both_checks_and_the_cases_cover_every_kind_of_decision():
    assert check("choose_pass", RULE.choose_pass, quiet=True).ok
    assert check("choose_play", RULE.choose_play, quiet=True).ok
    views = [c.args[0] for c in checker("choose_play").cases()]
    assert len(views) >= 100
    assert any(v.tricks_done == 0 for v in views)  # the first trick (2♣ lead, no points)
    assert any(not v.trick for v in views if v.tricks_done)  # leads later on
    assert sum(1 for v in views if ex10.is_discard(v)) >= 20  # void in the led suit
    assert len({v.key() for v in views}) == len(views)


@pytest.mark.parametrize("func,problem", [
    (lambda view: view.cards[-1], "is not legal here"),
    (lambda view: "QS" if "QS" not in {str(c) for c in view.cards} else "2C", "is not in your hand"),
    (lambda view: None, "forget the return"),
    (lambda view: 7, "should be a card"),
])
def test_an_illegal_or_invalid_play_is_shown_with_its_position(func, problem):
    res = check("choose_play", func, quiet=True)
    assert not res.ok and problem in res.first_failure.message


def test_the_report_names_the_position_and_the_legal_cards():
    res = check("choose_play", lambda view: view.cards[-1], quiet=True)
    assert any("'s view" in line for line in res.lines)
    assert any("legal:" in line for line in res.lines)


@pytest.mark.parametrize("func,problem", [
    (lambda view: list(view.cards)[:2], "exactly 3 cards"),
    (lambda view: [view.cards[0]] * 3, "appears twice"),
    (lambda view: ["QS", "AS", "KS"] if not {"QS", "AS", "KS"} & {str(c) for c in view.cards}
     else ["2C", "3C", "4C"] if not {"2C", "3C", "4C"} & {str(c) for c in view.cards} else ["JH", "JD", "JC"],
     "not in your hand"),
])
def test_invalid_passes_are_caught(func, problem):
    res = check("choose_pass", func, quiet=True)
    assert not res.ok and problem in res.first_failure.message


def test_a_slow_play_stops_the_check_with_a_clear_message():
    def slow(view):
        time.sleep(5)

    res = check("choose_play", slow, quiet=True, time_limit=0.2)
    assert res.timed_out and res.first_failure.kind == "timeout"


def test_evaluate_beats_loses_and_reports_the_interval(capsys):
    good = ex10.evaluate_bot(RULE.choose_pass, RULE.choose_play)
    assert good.verdict == "beats" and good.interval[0] > 0
    out = capsys.readouterr().out
    assert f"your edge: {good.edge:+.2f} points per hand (standard error {good.se:.2f}; 99% interval" in out
    assert "the whole 99% interval is above zero" in out

    def lowest(view):
        return min(view.legal, key=lambda c: (c.rank, c.index))

    def first_three(view):
        return list(view.cards)[:3]

    bad = ex10.evaluate_bot(first_three, lowest)
    assert bad.verdict == "loses" and bad.interval[1] < 0
    assert "MORE than the highest-card bot" in capsys.readouterr().out


def test_the_highest_card_bot_against_itself_is_never_called_better():
    # the same policy: the true edge is 0, so the verdict must not claim a difference
    res = ex10.evaluate_bot(HIGH.choose_pass, HIGH.choose_play, looks=(25,))
    assert res.verdict == "unsure" and res.edge == pytest.approx(0.0, abs=1e-9)


def test_stubs_and_errors_in_the_evaluation_are_one_line_messages(capsys):
    def stub(view):
        raise NotImplementedError()

    res = ex10.evaluate_bot(stub, stub)
    assert res.verdict == "" and "not implemented yet" in capsys.readouterr().out

    def broken(view):
        return Card("QS") if view.tricks_done > 3 else min(view.legal, key=lambda c: c.index)

    res = ex10.evaluate_bot(RULE.choose_pass, broken)
    out = capsys.readouterr().out
    assert res.verdict == "" and "the tournament stopped" in out and "Q♠" in out

    res = ex10.evaluate_bot(RULE.choose_pass, "not a function")
    assert res.verdict == "" and "needs your functions" in capsys.readouterr().out


def test_highest_card_bot_plays_its_highest_legal_card():
    from hearts_teach import Hand

    hand = Hand.deal(seed=3)
    for s in hand.to_pass:
        hand.pass_cards(s, HIGH.choose_pass(hand.view(s)))
    for _ in range(8):
        view = hand.view(hand.turn)
        card = HIGH.choose_play(view)
        assert card.rank == max(c.rank for c in view.legal)
        hand.play(card, hand.turn)
