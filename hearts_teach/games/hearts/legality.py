"""The fast inner engine: play-phase state on bitmasks and the one legality cascade.

The cascade decides rules H4-H9 of docs/rules.md (and the ``queen_waits`` option, D7 there).

Everything here works on card indices (0..51) and 52-bit masks; ``Hand`` wraps it with
``Card`` objects, history, explanations and records. Bots, the coach and the benchmark
use ``PlayState`` directly because it is cheap to copy and to step.
"""

from __future__ import annotations

from typing import Any

from hearts_teach.kernel.cards import (
    BIT,
    DECK_SIZE,
    FULL_DECK,
    HEARTS_MASK,
    JD_MASK,
    NO_TRUMP,
    POINTS_MASK,
    QS_MASK,
    QS_POINTS,
    SUIT_MASKS,
    indices_of,
    join_pretty,
)
from hearts_teach.kernel.errors import Rule
from hearts_teach.kernel.table import FOUR, SEAT_COUNT, Table
from hearts_teach.kernel.trick import TrickState

CLUBS_2 = 1  # bit of the 2♣
MOON_POINTS = 26  # every heart and Q♠: what a moon is worth, whatever the table size
NON_HEARTS = FULL_DECK ^ HEARTS_MASK
NON_POINTS = FULL_DECK ^ POINTS_MASK
SPADES_MASK = SUIT_MASKS[3]

_FOLLOW = (Rule.FOLLOWS_SUIT, Rule.MUST_FOLLOW_SUIT)
_OPEN = (Rule.OPENING_LEAD, Rule.MUST_LEAD_TWO_OF_CLUBS)
_UNBROKEN = (Rule.FREE_LEAD, Rule.HEARTS_NOT_BROKEN)
_ALL_HEARTS = (Rule.ALL_HEARTS_LEAD, None)
_FREE = (Rule.FREE_LEAD, None)
_FIRST_VOID = (Rule.VOID_DISCARD, Rule.NO_POINTS_ON_FIRST_TRICK)
_ONLY_POINTS = (Rule.ONLY_POINTS_LEFT, None)
_VOID = (Rule.VOID_DISCARD, None)


def cascade(hand: int, led_suit: int, first_trick: bool, broken: bool,
            no_points_first: bool, queen_waits: bool = False, opening: int = CLUBS_2) -> tuple[int, tuple]:
    """The legal cards of ``hand`` and the rule that decided them.

    ``led_suit`` is -1 when leading. Returns ``(legal_mask, (why_legal, why_not))``:
    every card in the mask is legal because of ``why_legal``; every other held card
    is illegal because of ``why_not``. Steps run in order and stop at the first one
    that leaves a non-empty set (OpenSpiel's order).

    ``queen_waits`` (the variant): while hearts are unbroken, Q♠ may not be led or
    discarded by a player who holds any other card; the other steps then run on the
    hand without her (so a hand of hearts and Q♠ leads a heart). Following suit with
    her is always allowed, and the 2♣ opening comes first.

    ``opening`` is the bit of the card that opens the first trick: 2♣, or the lowest club
    in play at a table that took 2♣ out (``Rules.opening_mask``).
    """
    if (queen_waits and not broken and hand & QS_MASK and hand != QS_MASK
            and not (led_suit >= 0 and hand & SUIT_MASKS[led_suit])
            and not (led_suit < 0 and first_trick and hand & opening)):
        rest = hand ^ QS_MASK
        mask, (why_legal, why_not) = cascade(rest, led_suit, first_trick, broken, no_points_first,
                                             False, opening)
        if mask == rest:  # only the queen is held back
            return mask, (why_legal, Rule.QUEEN_WAITS)
        if why_not is Rule.HEARTS_NOT_BROKEN:  # hearts and the queen both wait
            return mask, (why_legal, Rule.HEARTS_AND_QUEEN_WAIT)
        return mask, (why_legal, why_not)  # first trick: she is a point card anyway
    if led_suit >= 0:
        follow = hand & SUIT_MASKS[led_suit]
        if follow:
            return follow, _FOLLOW
        if first_trick and no_points_first:
            safe = hand & NON_POINTS
            if safe:
                return safe, _FIRST_VOID
            return hand, _ONLY_POINTS
        return hand, _VOID
    if first_trick and hand & opening:
        return opening, _OPEN
    if not broken:
        safe = hand & NON_HEARTS
        if safe:
            return safe, (_UNBROKEN if hand & HEARTS_MASK else _FREE)
        return hand, _ALL_HEARTS
    return hand, _FREE


def legal_mask(hand: int, led_suit: int, first_trick: bool, broken: bool, no_points_first: bool,
               queen_waits: bool = False, opening: int = CLUBS_2) -> int:
    return cascade(hand, led_suit, first_trick, broken, no_points_first, queen_waits, opening)[0]


def trick_points(mask: int, omnibus: bool = False) -> int:
    """Penalty points in a set of cards: hearts 1, Q♠ 13, J♦ −10 under omnibus."""
    p = (mask & HEARTS_MASK).bit_count() + (QS_POINTS if mask & QS_MASK else 0)
    if omnibus and mask & JD_MASK:
        p -= 10
    return p


def final_scores(taken: list[int] | tuple[int, ...], moon_rule: str, omnibus: bool) -> tuple[tuple[int, ...], int | None]:
    """Scores of one hand from the cards each seat took (one mask per seat, at any table),
    and the moon shooter (or None). A moon is worth every point in the deck (26)."""
    moon = None
    seats = range(len(taken))
    for seat in seats:
        if taken[seat] & POINTS_MASK == POINTS_MASK:
            moon = seat
    if moon is None:
        scores = [trick_points(t) for t in taken]
    elif moon_rule == "add_to_others":
        scores = [0 if s == moon else MOON_POINTS for s in seats]
    else:
        scores = [-MOON_POINTS if s == moon else 0 for s in seats]
    if omnibus:
        scores = [sc - (10 if taken[s] & JD_MASK else 0) for s, sc in enumerate(scores)]
    return tuple(scores), moon


class PlayState(TrickState):
    """The Hearts play phase: the kernel's trick state (``kernel.trick.TrickState``) with
    the options of the cascade. Hearts (and Q♠ under ``queen_breaks``) break hearts; no
    trump. Mutable and cheap to ``copy()``; no checks: callers pass legal cards (``Hand``
    checks them; bots pick from ``legal()``)."""

    __slots__ = ("no_points_first", "queen_breaks", "queen_waits", "opening")

    def __init__(self, hands: list[int], leader: int, no_points_first: bool = True,
                 queen_breaks: bool = False, queen_waits: bool = False, table: Table = FOUR,
                 opening: int = CLUBS_2):
        TrickState.__init__(self, hands, leader, HEARTS_MASK | QS_MASK if queen_breaks else HEARTS_MASK,
                            NO_TRUMP, table)
        self.opening = opening  # the bit of the card that opens the hand (the lowest club in play)
        self.no_points_first = no_points_first
        self.queen_breaks = queen_breaks
        self.queen_waits = queen_waits

    def copy(self) -> PlayState:
        new = self._copy_into(PlayState.__new__(PlayState))
        new.no_points_first = self.no_points_first
        new.queen_breaks = self.queen_breaks
        new.queen_waits = self.queen_waits
        new.opening = self.opening
        return new

    def legal(self) -> int:
        return cascade(self.hands[self.turn], self.led_suit, self.tricks_done == 0,
                       self.broken, self.no_points_first, self.queen_waits, self.opening)[0]

    def points_taken(self, omnibus: bool = False) -> list[int]:
        return [trick_points(t, omnibus) for t in self.taken]


def deal_masks(rng: Any, players: int = SEAT_COUNT, deck: int = FULL_DECK) -> list[int]:
    """The dealt hands (masks) of one shuffle of ``rng`` (an ``Rng``): the cards of ``deck``
    (lowest first) are shuffled and seat s gets the s-th run of ``size`` cards, ``size`` the
    deck divided by ``players``. With the defaults (four seats, 52 cards) seat s gets cards
    13s..13s+12. ``Hand.deal`` and the batch engine deal here."""
    # lowest first (range() for the whole deck: indices_of would cost more than the shuffle)
    order = list(range(DECK_SIZE)) if deck == FULL_DECK else indices_of(deck)
    size = len(order) // players
    rng.shuffle(order)
    hands = [0] * players
    for k, c in enumerate(order):
        hands[k // size] |= BIT[c]
    return hands


def opening_holder(hands: list[int], opening: int = CLUBS_2) -> int:
    """The seat holding the opening card (``opening`` is its bit: 2♣ by default)."""
    for seat, held in enumerate(hands):
        if held & opening:
            return seat
    raise ValueError(f"nobody holds the opening card {join_pretty(opening)}")


two_clubs_holder = opening_holder  # the four-player name: the default opening card is 2♣

