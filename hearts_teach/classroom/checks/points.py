"""Exercises 04 and 05: the points of a hand's taken cards, and the moon adjustment.

``hand_points(taken)``: a list of card strings one player took -> their penalty points.
``hand_scores(points, new_moon=False)``: the 4 players' points taken -> the hand's
scores after the moon adjustment (standard: shooter 0, others 26; ``new_moon``:
shooter -26, others 0). Expected answers come from ``games.hearts.scoring.trick_points``
and ``final_scores`` (docs/rules.md H10-H11, D8, golden cases G6-G7).
"""

from __future__ import annotations

from typing import Any

from hearts_teach.classroom.checks.framework import (
    Case,
    Checker,
    WrongType,
    _short,
    as_card,
    cards_text,
    whole,
)
from hearts_teach.classroom.checks.hidden import hidden_rng, hidden_seed, teacher_picked
from hearts_teach.classroom.checks.positions import names, random_hands
from hearts_teach.games.hearts.scoring import final_scores, trick_points
from hearts_teach.kernel.cards import HEARTS_MASK, QS_INDEX, Card, CardList, indices_of
from hearts_teach.kernel.rng import Rng
from hearts_teach.kernel.table import FOUR, SEAT_NAMES

RANDOM_MOON_CASES = 4

SEATS = SEAT_NAMES
POINTS_RULE = "Each heart taken is worth 1 point and the Q♠ 13; every other card is worth 0."
MOON_RULE = ("Shooting the moon: a player who took all 26 points (every heart and Q♠) scores 0 and everyone "
             "else 26; otherwise everyone scores the points they took.")
NEW_MOON_RULE = ("The new_moon variant: a player who took all 26 points scores -26 and everyone else 0; "
                 "otherwise everyone scores the points they took.")

POINTS_PICKED = [
    ("", "no cards taken"),
    ("QS", "the queen of spades alone"),
    ("QH", "the queen of hearts is just a heart"),
    ("JD KS AS QC QD", "no hearts and no Q♠"),
    ("2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH", "all 13 hearts"),
    ("2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH QS 2C 3C 4C", "everything: 26"),
    ("AH KS 7C 2D", "one heart among other cards"),
]


def _points_case(taken: list[str], label: str) -> Case:
    shown = (f"call: hand_points({taken!r})", f"cards taken: {cards_text(taken)}")
    return Case((list(taken),), trick_points(CardList(taken).mask), POINTS_RULE, shown, label)


def points_cases(hidden: bool = False) -> list[Case]:
    picked = teacher_picked("hand_points") if hidden else POINTS_PICKED
    out = [_points_case(t.split(), f"hand-picked: {why}") for t, why in picked]
    for played in random_hands(hidden_seed("hand_points"), 3) if hidden else random_hands(20, 5):
        for seat in FOUR.seats:
            out.append(_points_case(names(played.taken[seat]),
                                    f"the cards {SEATS[seat]} took in dealt hand {played.seed}"))
    return out


def _taken_masks(owners: list[int]) -> list[int]:
    """Masks of the 14 point cards given to seats ``owners`` (13 hearts, then Q♠)."""
    taken = [0, 0, 0, 0]
    for card, seat in zip(indices_of(HEARTS_MASK) + [QS_INDEX], owners, strict=True):
        taken[seat] |= 1 << card
    return taken


def _scores_case(taken: list[int], new_moon: bool, label: str) -> Case:
    points = [trick_points(t) for t in taken]
    scores, _ = final_scores(taken, "subtract_from_self" if new_moon else "add_to_others", False)
    shown = (f"call: hand_scores({points!r}, new_moon={new_moon})",
             "points taken: " + ", ".join(f"{SEATS[s]} {p}" for s, p in enumerate(points)),
             "moon rule: " + ("new_moon (shooter -26, others 0)" if new_moon else "standard (shooter 0, others 26)"))
    return Case((points, new_moon), tuple(scores), NEW_MOON_RULE if new_moon else MOON_RULE, shown, label)


def scores_cases(hidden: bool = False) -> list[Case]:
    if hidden:
        return _hidden_scores_cases()
    picked = [
        ([0] * 14, "South shoots the moon"),
        ([2] * 14, "North shoots the moon"),
        ([3] * 13 + [1], "all 13 hearts to East, Q♠ to West: no moon"),
        ([1] * 13 + [1], "West shoots the moon"),
        ([0] * 12 + [1, 0], "one heart away from the moon"),
        ([3] * 14, "East shoots the moon"),
    ]
    out = []
    for new_moon in (False, True):
        for owners, why in picked:
            out.append(_scores_case(_taken_masks(owners), new_moon, f"hand-picked: {why}"))
    rng = Rng("hearts_teach.checks/moon")
    for k in range(6):  # point cards scattered by the project RNG
        owners = [rng.randbelow(FOUR.players) for _ in range(14)]  # a seat for each of the 14 point cards
        out.append(_scores_case(_taken_masks(owners), k % 2 == 1, "points scattered at random"))
    for played in random_hands(40, 4):  # real hands played out
        out.append(_scores_case(list(played.taken), played.seed % 2 == 1, f"dealt hand {played.seed}"))
    return out


def _hidden_scores_cases() -> list[Case]:
    out = [_scores_case(_taken_masks(list(owners)), bool(new_moon), f"hand-picked: {why}")
           for owners, new_moon, why in teacher_picked("hand_scores")]
    rng = hidden_rng("hand_scores")  # then RANDOM_MOON_CASES scattered cases
    for k in range(RANDOM_MOON_CASES):
        owners = [rng.randbelow(FOUR.players) for _ in range(14)]
        out.append(_scores_case(_taken_masks(owners), k % 2 == 0, "points scattered at random"))
    for played in random_hands(hidden_seed("hand_scores"), 3):
        out.append(_scores_case(list(played.taken), played.seed % 2 == 0, f"dealt hand {played.seed}"))
    return out


def _norm_points(value: Any) -> int:
    return whole(value, f"hand_points should return a whole number, got {_short(value)}")


def _norm_scores(value: Any) -> tuple[int, ...]:
    if value is None:
        raise WrongType("hand_scores returned None: did you forget the return statement?")
    if isinstance(value, str) or not hasattr(value, "__iter__"):
        raise WrongType(f"hand_scores should return a list of 4 whole numbers, got {_short(value)}")
    items = list(value)
    wrong = f"hand_scores should return a list of 4 whole numbers (one per seat), got {_short(value)}"
    if len(items) != FOUR.players:
        raise WrongType(wrong)
    return tuple(whole(v, wrong) for v in items)


def _hint_points(case: Case, actual: Any) -> str:
    taken = [as_card(c, "card") for c in case.args[0]]
    if any(c.rank == 12 and c.suit.letter == "H" for c in taken) and Card("QS") not in taken \
            and actual - case.expected == 12:
        return "only the queen of SPADES is worth 13; the queen of hearts is a heart worth 1"
    if Card("QS") in taken and actual == case.expected - 13:
        return "the queen of spades is worth 13 points"
    hearts = sum(1 for c in taken if c.suit.letter == "H")
    if hearts and actual == case.expected - hearts:
        return "every heart is worth 1 point"
    return ""


def _hint_scores(case: Case, actual: Any) -> str:
    points, new_moon = case.args
    if 26 in points:
        if list(actual) == points:
            return f"{SEATS[points.index(26)]} took all 26 points: that is shooting the moon"
        if new_moon and tuple(actual) == tuple(0 if p == 26 else 26 for p in points):
            return "this case uses new_moon: the shooter gets -26 and the others 0"
        if not new_moon and tuple(actual) == tuple(-26 if p == 26 else 0 for p in points):
            return "this case uses the standard moon rule (new_moon=False): shooter 0, others 26"
    elif tuple(actual) != tuple(points):
        return "nobody took all 26 points, so nobody shot the moon: the scores are the points taken"
    return ""


CHECKERS = {
    "hand_points": Checker("hand_points", "hand_points(taken) -> int", points_cases, _norm_points,
                           lambda v, c: repr(v), _hint_points, make_hidden=lambda: points_cases(hidden=True)),
    "hand_scores": Checker("hand_scores", "hand_scores(points, new_moon=False) -> list", scores_cases,
                           _norm_scores, lambda v, c: repr(list(v)) if isinstance(v, tuple) else repr(v),
                           _hint_scores, make_hidden=lambda: scores_cases(hidden=True)),
}
