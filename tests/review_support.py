"""A cheap, deterministic stand-in for the coach's grading (``agents.review.grade``) for widget
tests that play many hands: the lowest legal card (or the three highest cards for a pass) is
"best", anything else a "mistake" costing 1.5 points. The real grading is tested in
tests/test_review.py."""

from __future__ import annotations

from hearts_teach.agents.review import Graded, position_at
from hearts_teach.kernel.cards import CardList


def stub_grade(hand, index, seed=0):
    action = hand.history[index]
    before = position_at(hand, index)
    if action.kind == "pass":
        held = sorted(before.cards(action.seat), key=lambda c: (c.rank, c.index), reverse=True)
        best, trick, choices = CardList(held[:3]), 0, 20
    else:
        legal = sorted(before.legal_plays(action.seat), key=lambda c: (c.rank, c.index))
        best, trick, choices = CardList(legal[:1]), before.trick_number, len(legal)
    good = set(map(str, best)) == set(map(str, action.cards))
    return Graded(index, action.kind, action.seat, hand.hand_number, trick, CardList(action.cards),
                  "best" if good else "mistake", 0.0 if good else 1.5, "stub reason", best, "stub best reason",
                  choices, "stub position")
