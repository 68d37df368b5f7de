"""Fixed positions for the lessons: a deal with hand-picked cards in chosen seats (the rest
shuffled from a seed), played on to the moment a lesson wants to show."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from hearts_teach.games.base import DEFAULT_SEAT_NAMES
from hearts_teach.games.hearts.hand import Hand
from hearts_teach.games.hearts.rules import Rules
from hearts_teach.kernel.cards import DECK, Card, CardLike, CardList
from hearts_teach.kernel.errors import ArgumentError
from hearts_teach.kernel.rng import Rng
from hearts_teach.kernel.table import FOUR

SEATS = DEFAULT_SEAT_NAMES  # South, West, North, East (seats 0..3, clockwise)
HAND_SIZE = FOUR.hand_size  # the whole deck is dealt


def deal_with(fixed: Mapping[int, str | Iterable[CardLike]], seed: int = 0) -> list[CardList]:
    """A deal in which seat ``s`` holds the cards ``fixed[s]``; the remaining cards are
    shuffled with ``Rng(seed)`` and fill every seat up to 13."""
    hands: list[list[Card]] = [[] for _ in FOUR.seats]
    used = 0
    for seat in sorted(fixed):
        for c in CardList(fixed[seat]):
            if used & c.mask:
                raise ArgumentError(f"{c.pretty} is given to two seats", argument="hands")
            used |= c.mask
            hands[seat].append(c)
        if len(hands[seat]) > HAND_SIZE:
            raise ArgumentError(f"seat {seat} is given {len(hands[seat])} cards; at most {HAND_SIZE}",
                                argument="hands")
    rest = [c for c in DECK if not used & c.mask]
    Rng(seed).shuffle(rest)
    for seat in FOUR.seats:
        need = HAND_SIZE - len(hands[seat])
        hands[seat] += rest[:need]
        rest = rest[need:]
    return [CardList(sorted(h)) for h in hands]


def position(fixed: Mapping[int, str | Iterable[CardLike]], plays: str | Iterable[CardLike] = (),
             seed: int = 0, rules: Rules | None = None) -> Hand:
    """A hold hand (no pass) dealt by ``deal_with`` with ``plays`` already played in order."""
    hand = Hand(deal_with(fixed, seed), "hold", rules)
    for c in CardList(plays):
        hand.play(c)
    return hand


def cannot_follow(hand: Hand) -> bool:
    """True when the player to move holds none of the led suit (after the first trick)."""
    trick = hand.current_trick
    if trick is None or trick.led_suit is None or hand.trick_number == 1:
        return False
    return not hand.cards(hand.to_act()).of_suit(trick.led_suit)


def situation(hand: Hand, seat: int | None = None) -> str:
    """A position in words, written from the engine so that the prose cannot disagree with it:
    'Standard rules, trick 5 of 13. You are South and you lead; hearts are not broken. South
    holds 9 cards: Q♠ 9♥ …' (``positions_check`` reads sentences of this form back)."""
    s = hand.to_act() if seat is None else seat
    name = hand.seat_names[s]
    rules = "Standard rules" if hand.rules == Rules() else f"{hand.rules.name} rules"
    size = hand.rules.table.hand_size
    trick = hand.current_trick
    parts = [f"{rules}, trick {hand.trick_number} of {size}."]
    if trick is None or not trick.cards:
        parts.append(f"You are {name} and you lead;")
    else:
        played = ", ".join(f"{hand.seat_names[p]} {c.pretty}" for p, c in zip(trick.seats, trick.cards, strict=False))
        parts.append(f"You are {name}; so far in this trick: {played};")
    parts.append(f"hearts are {'broken' if hand.hearts_broken else 'not broken'}.")
    cards = sorted(hand.cards(s), key=lambda c: (-c.suit, -c.rank))
    parts.append(f"{name} holds {len(cards)} card{'s' if len(cards) != 1 else ''}: "
                 + " ".join(c.pretty for c in cards) + ".")
    return " ".join(parts)
