"""Exercise 03: the legal plays for a position.

Students write ``legal_plays(hand, trick, first_trick, hearts_broken)``: ``hand`` is a
list of card strings, ``trick`` the cards already played to this trick (``[]`` when
leading), and two booleans. The answer is a list of the cards that may be played (any
order). Expected answers come from the engine's legality cascade
(``games.hearts.legality.cascade``: docs/rules.md H4-H9 and golden cases G1-G5).
"""

from __future__ import annotations

from typing import Any

from hearts_teach.classroom.checks.framework import (
    Case,
    Checker,
    WrongType,
    _short,
    as_card,
    card_text,
    cards_text,
)
from hearts_teach.classroom.checks.hidden import hidden_rng, hidden_seed, teacher_picked
from hearts_teach.classroom.checks.positions import Position, names, random_hands
from hearts_teach.kernel.cards import Card, CardList, Suit, indices_of
from hearts_teach.kernel.errors import Rule
from hearts_teach.kernel.rng import Rng
from hearts_teach.kernel.table import FOUR

RULES = {
    Rule.OPENING_LEAD: "The player holding 2♣ must lead it to the first trick.",
    Rule.FOLLOWS_SUIT: "If you hold a card of the led suit you must play one of them.",
    Rule.MUST_FOLLOW_SUIT: "If you hold a card of the led suit you must play one of them.",
    Rule.VOID_DISCARD: ("If you hold no card of the led suit you may play any card, except a heart or Q♠ "
                        "on the first trick while you hold something else."),
    Rule.FREE_LEAD: "The leader may lead any card (hearts only once hearts are broken).",
    Rule.HEARTS_NOT_BROKEN: ("You may not lead a heart until hearts are broken, unless your hand is all hearts "
                             "(Q♠ is not a heart)."),
    Rule.ALL_HEARTS_LEAD: "Exception: a leader who holds only hearts may lead a heart even before hearts are broken.",
    Rule.NO_POINTS_ON_FIRST_TRICK: ("No heart and no Q♠ on the first trick, unless you hold nothing else "
                                    "(when you cannot follow clubs)."),
    Rule.ONLY_POINTS_LEFT: ("Exception: on the first trick, a player who cannot follow clubs and holds only hearts "
                            "and Q♠ may play any of them."),
}

HAND_PICKED: list[tuple[str, str, bool, bool, str]] = [
    # (hand, trick, first_trick, hearts_broken, label)
    ("2C 5C 9D KD 3H 7H QH 4S 8S JS QS KS AS", "", True, False, "the 2♣ opens the first trick"),
    ("2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH QS", "2C", True, False,
     "first trick, no clubs, only hearts and Q♠: any of them"),
    ("3H 4H 5H 6H 7H 8H 9H TH JH QH KH QS 7D", "2C", True, False,
     "first trick, no clubs, hearts, Q♠ and one diamond: the diamond"),
    ("4D 9D 2H 8H 3S QS KS AS 5S 6S 7S 8S 9S", "2C 5C", True, False,
     "first trick, no clubs: any spade except Q♠, or a diamond"),
    ("2H 5H 9H KH", "", False, False, "leading, hearts not broken, all hearts: the exception"),
    ("2H 5H 9H KH QS", "", False, False, "leading, hearts not broken, hearts and Q♠: must lead Q♠"),
    ("4C 8D 2H 5H 9H", "", False, False, "leading, hearts not broken: no heart"),
    ("4C 8D 2H 5H 9H", "", False, True, "leading, hearts broken: anything"),
    ("4C 8D JS KS", "", False, False, "leading, no hearts in hand: anything"),
    ("3H 9H 4C QS", "6H", False, False, "a heart was led: follow with a heart even if hearts look unbroken"),
    ("3D TD KD 2S 7H", "5D 9D", False, True, "following suit: any diamond"),
    ("2H 8H QS 5S", "KC", False, False, "void in clubs after the first trick: any card, Q♠ and hearts too"),
    ("AC 4S", "3D 9D AD", False, True, "last to play, void: any card"),
    ("KS", "4H", False, True, "the last card of the hand"),
    # each exception gets more than one case, so that missing a rule cannot still score almost full marks
    ("2H 7H 9H JH AH", "", False, False, "leading, hearts not broken, only hearts left: any heart"),
    ("KH", "", False, False, "leading the last card, a heart, before hearts are broken"),
    ("2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH", "2C", True, False, "first trick, no clubs, all 13 hearts"),
    ("QS 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH", "2C 7C 9C", True, False,
     "first trick, last to play, only hearts and Q♠"),
    ("QS 8H", "", False, False, "leading, hearts not broken: Q♠ is not a heart, so it must be led"),
    ("QS 2H 3D", "", False, False, "leading, hearts not broken: Q♠ or the diamond"),
]

def _rule_of(why: tuple) -> str:
    why_legal, why_not = why
    # the rule that removed cards explains the case best; otherwise the rule that allowed them
    if why_not in RULES and why_legal is not Rule.OPENING_LEAD:
        return RULES[why_not]
    return RULES.get(why_legal, RULES[Rule.FREE_LEAD])


def _case(pos: Position, label: str) -> Case:
    legal, why = pos.legal
    hand, trick = names(pos.hand), names(pos.trick)
    if trick:
        led = Suit(pos.trick[0] // 13)
        where = f"trick so far: {cards_text(trick)}   ({led.symbol} {led.plural} led)"
    else:
        where = "trick so far: nothing: you are leading"
    shown = (f"call: legal_plays({hand!r}, {trick!r}, {pos.first_trick}, {pos.broken})",
             f"your hand: {CardList(hand).pretty}", where,
             f"first trick: {'yes' if pos.first_trick else 'no'} · hearts broken: {'yes' if pos.broken else 'no'}")
    return Case((hand, trick, pos.first_trick, pos.broken), frozenset(names(legal)), _rule_of(why),
                shown, label)


def make_cases(hidden: bool = False) -> list[Case]:
    out = []
    for hand, trick, first, broken, label in teacher_picked("legal_plays") if hidden else HAND_PICKED:
        pos = Position(-1, CardList(hand).mask, tuple(c.index for c in CardList(trick)), first, broken)
        out.append(_case(pos, f"hand-picked: {label}"))
    rng = hidden_rng("legal_plays") if hidden else Rng("hearts_teach.checks/legal")
    for played in random_hands(hidden_seed("legal_plays"), 4) if hidden else random_hands(1, 8):
        # the first trick's positions always, then a few seeded picks from the rest
        picks = sorted(set(FOUR.seats) | set(rng.sample(range(FOUR.players, 52), 5)))
        for k in picks:
            pos = played.positions[k]
            out.append(_case(pos, f"play {k + 1} of dealt hand {played.seed}"))
    return out


def _norm(value: Any) -> frozenset[str]:
    if isinstance(value, str | Card):
        raise WrongType(f"legal_plays should return a list of cards such as ['7C', 'KC'], got {_short(value)}")
    if value is None:
        raise WrongType("legal_plays returned None: did you forget the return statement?")
    try:
        items = list(value)
    except TypeError:
        raise WrongType(f"legal_plays should return a list of cards such as ['7C', 'KC'], "
                        f"got {_short(value)}") from None
    return frozenset(str(as_card(v, "an item of the list")) for v in items)


def _show(value: Any, case: Case) -> str:
    if isinstance(value, frozenset):
        return cards_text(sorted(value, key=lambda c: Card(c).index)) if value else "(no cards)"
    return repr(value)


def _hint(case: Case, actual: frozenset[str]) -> str:
    hand = set(case.args[0])
    parts = []
    outside = sorted(actual - hand, key=lambda c: Card(c).index)
    if outside:
        return f"{cards_text(outside)} {'is' if len(outside) == 1 else 'are'} not in the hand"
    missing = sorted(case.expected - actual, key=lambda c: Card(c).index)
    extra = sorted(actual - case.expected, key=lambda c: Card(c).index)
    if missing:
        parts.append(f"you left out {cards_text(missing)}")
    if extra:
        parts.append(f"{cards_text(extra)} may not be played here")
    return "; ".join(parts)


CHECKERS = {
    "legal_plays": Checker("legal_plays", "legal_plays(hand, trick, first_trick, hearts_broken) -> list",
                           make_cases, _norm, _show, _hint, make_hidden=lambda: make_cases(hidden=True)),
}

__all__ = ["CHECKERS", "card_text", "indices_of"]
