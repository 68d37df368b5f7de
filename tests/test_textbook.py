"""The textbook suite: positions from real deals where an expert's answer is clear (Q♠
handling, passing, ducking, leads, late-hand counting, moon stopping and shooting), each with
the right and the wrong choice and why (``tests/textbook_positions.py``).

The coach must never grade the wrong choice "best" nor better than the right one, and must
flag it (inaccuracy or worse, decided: "too close to call" does not count) in at least 95 %
of the positions. The score is printed (``pytest tests/test_textbook.py -s``)."""

from __future__ import annotations

import pytest

from hearts_teach import Hand
from hearts_teach.agents.coach import assess_pass, assess_play
from tests.textbook_positions import POSITIONS

FLAGGED = ("inaccuracy", "mistake", "blunder")


def view_of(p: dict):
    """The position: the deal, the four passes and the cards played, replayed by the engine
    (so every card is checked legal on the way)."""
    hand = Hand.deal(seed=p["seed"], hand_number=p["hand"])
    if p["passes"] is None:
        return hand.view(p["seat"])
    for seat, cards in enumerate(p["passes"]):
        hand.pass_cards(seat, cards)
    for card in p["plays"].split():
        hand.play(card)
    return hand.view(hand.turn)


def grade(p: dict):
    """The coach's candidates for the right and the wrong choice (seed 0, default widths)."""
    v = view_of(p)
    if p["passes"] is None:
        a = assess_pass(v, include=[p["right"].split(), p["wrong"].split()])
        return a.of(p["right"].split()), a.of(p["wrong"].split())
    a = assess_play(v)
    return a.of(p["right"]), a.of(p["wrong"])


def test_the_suite_covers_ten_principles_with_forty_positions_written_down():
    principles = {p["principle"] for p in POSITIONS}
    assert len(POSITIONS) >= 40 and len(principles) >= 10
    for p in POSITIONS:
        assert p["right"] != p["wrong"] and p["why_right"] and p["why_wrong"]
        v = view_of(p)
        if p["passes"] is None:
            assert v.phase == "pass" and v.pass_direction != "hold"
        else:  # both choices are legal cards of the seat to play
            legal = {str(c) for c in v.legal}
            assert {p["right"], p["wrong"]} <= legal, (p, legal)


@pytest.fixture(scope="module")
def graded():
    return [(p, *grade(p)) for p in POSITIONS]


def test_the_coach_flags_the_wrong_choice_and_never_prefers_it(graded):
    flagged = contradictions = 0
    lines = []
    for p, right, wrong in graded:
        is_flagged = wrong.verdict in FLAGGED
        contradiction = wrong.verdict == "best" or wrong.delta_vs_best < right.delta_vs_best
        flagged += is_flagged
        contradictions += contradiction
        mark = "CONTRADICTION" if contradiction else "flagged" if is_flagged else "not flagged"
        lines.append(f"{p['principle']:22s} seed {p['seed']:4d} hand {p['hand']}: right {right.label} "
                     f"{right.call} ({right.delta_vs_best:+.2f}), wrong {wrong.label} {wrong.call} "
                     f"({wrong.delta_vs_best:+.2f}) — {mark}")
    n = len(graded)
    print("\n".join(lines))
    print(f"textbook suite: wrong choice flagged in {flagged}/{n} ({100 * flagged / n:.0f} %), "
          f"contradictions {contradictions}")
    assert contradictions == 0
    assert flagged >= 0.95 * n
