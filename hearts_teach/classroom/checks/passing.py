"""Exercise 01: the pass direction and the pass target for a hand number.

Students write ``pass_direction(hand_number)`` ('left', 'right', 'across' or 'hold') and
``pass_target(seat, hand_number)`` (the receiving seat, or None on a hold hand).
Expected answers come from the engine's ``Rules.pass_direction`` and ``pass_target``
(docs/rules.md H3, golden case G9).
"""

from __future__ import annotations

from typing import Any

from hearts_teach.classroom.checks.framework import Case, Checker, WrongType, _short, whole
from hearts_teach.classroom.checks.hidden import hidden_rng
from hearts_teach.games.hearts.rules import Rules
from hearts_teach.games.hearts.rules import pass_target as engine_pass_target
from hearts_teach.kernel.rng import Rng
from hearts_teach.kernel.table import FOUR, SEAT_NAMES

SEATS = SEAT_NAMES
ROTATION = ("In hand h (counting from 0) the pass goes by h % 4: 0 left, 1 right, 2 across, "
            "3 hold (no pass); the cycle repeats.")
TARGET = ("Seats 0..3 sit clockwise (South, West, North, East); left is seat + 1, right is seat + 3 "
          "(one to the right), across is seat + 2, all modulo 4; a hold hand passes to nobody (None).")


def _hand_numbers(hidden: bool = False) -> list[int]:
    # every hand of two full cycles, then a few large numbers from the project RNG
    if hidden:  # the grader's extra cases: a third cycle and other large numbers
        rng = hidden_rng("pass_target")
        later: set[int] = set()
        while len(later) < 8:  # eight different numbers whatever the key
            later.add(rng.randint(201, 5000))
        return list(range(8, 12)) + sorted(later)
    rng = Rng("hearts_teach.checks/pass")
    return list(range(8)) + sorted({rng.randint(8, 200) for _ in range(6)})


def direction_cases(hidden: bool = False) -> list[Case]:
    rules = Rules()
    return [Case((h,), rules.pass_direction(h), ROTATION,
                 (f"call: pass_direction({h})", f"hand number {h} (hand {h + 1} of the match)"),
                 "the first two cycles" if h < 8 else "a later hand")
            for h in _hand_numbers(hidden)]


def target_cases(hidden: bool = False) -> list[Case]:
    rules = Rules()
    out = []
    for h in _hand_numbers(hidden):
        d = rules.pass_direction(h)
        for seat in FOUR.seats:
            out.append(Case((seat, h), engine_pass_target(seat, d), TARGET,
                            (f"call: pass_target({seat}, {h})",
                             f"seat {seat} ({SEATS[seat]}), hand number {h}: this hand passes {d}"),
                            "hold hand" if d == "hold" else f"pass {d}"))
    return out


def _norm_direction(value: Any) -> str:
    if not isinstance(value, str):
        raise WrongType(f"pass_direction should return a string such as 'left', got {_short(value)}")
    v = value.strip().lower()
    if v not in ("left", "right", "across", "hold"):
        raise WrongType(f"pass_direction should return one of 'left', 'right', 'across', 'hold', got {value!r}")
    return v


def _norm_target(value: Any) -> int | None:
    if value is None:
        return None
    value = whole(value, f"pass_target should return a seat number 0..3 (or None on a hold hand), "
                         f"got {_short(value)}")
    if not 0 <= value <= 3:
        raise WrongType(f"pass_target returned {value}, but seats are 0..3 (did you forget % 4?)")
    return value


def _show_target(value: Any, case: Case) -> str:
    if value is None:
        return "None (nobody: a hold hand)"
    if isinstance(value, int) and 0 <= value <= 3:
        return f"{value} ({SEATS[value]})"
    return repr(value)


def _hint_target(case: Case, actual: Any) -> str:
    seat, h = case.args
    d = Rules().pass_direction(h)
    if d == "hold":
        return "this is a hold hand: return None"
    if actual is None:
        return f"hand number {h} is not a hold hand: it passes {d}"
    if d in ("left", "right"):
        other = "right" if d == "left" else "left"
        if actual == engine_pass_target(seat, other):
            return f"that is the seat to the {other}; this hand passes {d} (left is seat + 1)"
    return ""


ORDER = ("left", "right", "across", "hold")


def _hint_direction(case: Case, actual: Any) -> str:
    h = case.args[0]
    hint = f"{h} % 4 is {h % 4}, and {h % 4} means {ORDER[h % 4]} (0 left, 1 right, 2 across, 3 hold)"
    if actual == ORDER[(h - 1) % 4]:
        hint += (f"; you gave the direction of hand number {h - 1}: hand numbers count from 0 "
                 f"(hand 0 passes left), did you count from 1?")
    elif actual == ORDER[(h + 1) % 4]:
        hint += f"; you gave the direction of hand number {h + 1}: is there an extra + 1?"
    return hint


CHECKERS = {
    "pass_direction": Checker("pass_direction", "pass_direction(hand_number) -> str", direction_cases,
                              _norm_direction, lambda v, c: repr(v), _hint_direction,
                              make_hidden=lambda: direction_cases(hidden=True)),
    "pass_target": Checker("pass_target", "pass_target(seat, hand_number) -> int or None", target_cases,
                           _norm_target, _show_target, _hint_target,
                           make_hidden=lambda: target_cases(hidden=True)),
}
