"""Exercise 06: is the match over, and who won (with the tie rule).

``match_over(totals, end_score=100)`` -> bool and ``match_winner(totals, end_score=100)``
-> the winning seat or None. Expected answers come from the engine's match logic
(``games.hearts.match._decided``): over once a total reaches ``end_score`` and the lowest
total is held by exactly one player (docs/rules.md H12, golden case G8).
"""

from __future__ import annotations

from typing import Any

from hearts_teach.classroom.checks.framework import Case, Checker, WrongType, _short, whole
from hearts_teach.classroom.checks.hidden import hidden_rng, hidden_seed, teacher_picked
from hearts_teach.classroom.checks.positions import random_hand
from hearts_teach.games.hearts.match import _decided
from hearts_teach.games.hearts.scoring import final_scores
from hearts_teach.kernel.rng import Rng
from hearts_teach.kernel.table import FOUR, SEAT_NAMES

SEATS = SEAT_NAMES
RULE = ("The match ends when, after a hand, some total has reached the end score; the lowest total wins, "
        "but if two or more players share the lowest total another hand is played (not over yet).")

PICKED = [
    ([0, 0, 0, 0], 100, "the start of the match"),
    ([99, 50, 60, 70], 100, "99 is not yet 100"),
    ([100, 50, 60, 70], 100, "exactly 100 ends the match"),
    ([105, 40, 40, 80], 100, "tie for lowest: play on"),
    ([105, 40, 40, 30], 100, "a tie that is not for lowest does not matter"),
    ([120, 110, 101, 100], 100, "everyone is over 100: the lowest still wins"),
    ([100, 100, 100, 100], 100, "a four-way tie"),
    ([-26, 40, 100, 0], 100, "negative totals (new_moon)"),
    ([55, 20, 30, 40], 50, "a shorter match to 50"),
    ([45, 20, 30, 49], 50, "a match to 50, nobody there yet"),
    ([130, 60, 60, 60], 100, "a three-way tie for lowest"),
    ([98, 99, 100, 99], 100, "the winner is the lowest, not the first"),
    ([60, 20, 30, 40], 50, "a match to 50: 60 is past the end"),
    ([149, 60, 70, 80], 150, "a longer match to 150: 149 is not there yet"),
]

def _totals_after_each_hand(match_seed: int) -> list[list[int]]:
    """Running totals of a match played with random legal cards (no passing)."""
    totals, out = [0, 0, 0, 0], []
    for n in range(40):
        played = random_hand(1000 * match_seed + n)
        scores, _ = final_scores(list(played.taken), "add_to_others", False)
        totals = [a + b for a, b in zip(totals, scores, strict=True)]
        out.append(list(totals))
        if _decided(totals, 100):
            break
    return out


def _all_totals(hidden: bool = False) -> list[tuple[list[int], int, str]]:
    picked = [(list(t), e, why) for t, e, why in teacher_picked("match")] if hidden else PICKED
    out = [(t, e, f"hand-picked: {why}") for t, e, why in picked]
    for m in (hidden_seed("match/1"), hidden_seed("match/2")) if hidden else (1, 2, 3):
        run = _totals_after_each_hand(m)
        for k in sorted({1, len(run) - 2, len(run) - 1}):
            out.append((run[k], 100, f"after hand {k + 1} of a played match"))
    rng = hidden_rng("match") if hidden else Rng("hearts_teach.checks/match")
    for _ in range(8):  # totals near the end, with deliberate ties for lowest
        t = [rng.randint(60, 115) for _ in FOUR.seats]
        if rng.random() < 0.5:
            low = min(t)
            t[FOUR.left(t.index(low), 1 + rng.randbelow(FOUR.players - 1))] = low
        out.append((t, 100, "totals near the end"))
    return out


def _winner(totals: list[int], end: int) -> int | None:
    return totals.index(min(totals)) if _decided(totals, end) else None


def _shown(fn: str, totals: list[int], end: int) -> tuple[str, ...]:
    call = f"call: {fn}({totals!r})" if end == 100 else f"call: {fn}({totals!r}, end_score={end})"
    return (call, "totals: " + ", ".join(f"{SEATS[s]} {v}" for s, v in enumerate(totals)) + f"; end score {end}")


def _args(totals: list[int], end: int) -> tuple:
    return (list(totals), end)


def over_cases(hidden: bool = False) -> list[Case]:
    return [Case(_args(t, e), _decided(t, e), RULE, _shown("match_over", t, e), why)
            for t, e, why in _all_totals(hidden)]


def winner_cases(hidden: bool = False) -> list[Case]:
    return [Case(_args(t, e), _winner(t, e), RULE, _shown("match_winner", t, e), why)
            for t, e, why in _all_totals(hidden)]


def _norm_over(value: Any) -> bool:
    if not isinstance(value, bool):
        raise WrongType(f"match_over should return True or False, got {_short(value)}")
    return value


def _norm_winner(value: Any) -> int | None:
    if value is None:
        return None
    wrong = f"match_winner should return a seat 0..3 (or None while the match goes on), got {_short(value)}"
    seat = whole(value, wrong)
    if not 0 <= seat <= 3:
        raise WrongType(wrong)
    return seat


def _show_winner(value: Any, case: Case) -> str:
    if value is None:
        return "None (no winner yet)"
    if isinstance(value, int) and 0 <= value <= 3:
        return f"{value} ({SEATS[value]})"
    return repr(value)


def _hint(case: Case, actual: Any) -> str:
    totals, end = case.args
    tie = totals.count(min(totals)) > 1
    if max(totals) < end:
        return f"nobody has reached {end} yet"
    if tie:
        return "two or more players share the lowest total: another hand is played"
    if isinstance(actual, int) and not isinstance(actual, bool) and actual == totals.index(max(totals)):
        return "the LOWEST total wins in Hearts, not the highest"
    if actual is False or (actual is None and case.expected is not None):
        shared = sorted(v for v in set(totals) if totals.count(v) > 1)
        if shared:
            return (f"two players share {shared[0]}, but that is not the lowest total: only a tie for the "
                    f"lowest total keeps the match going")
        top = max(totals)
        if top == end:
            return f"{SEATS[totals.index(top)]} has reached {end} exactly, and reaching it exactly counts"
        return f"{SEATS[totals.index(top)]} has {top}, past the end score {end}: the match is over"
    return ""


CHECKERS = {
    "match_over": Checker("match_over", "match_over(totals, end_score=100) -> bool", over_cases, _norm_over,
                          lambda v, c: repr(v), _hint, make_hidden=lambda: over_cases(hidden=True)),
    "match_winner": Checker("match_winner", "match_winner(totals, end_score=100) -> int or None", winner_cases,
                            _norm_winner, _show_winner, _hint, make_hidden=lambda: winner_cases(hidden=True)),
}
