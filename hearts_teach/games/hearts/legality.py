"""The fast inner engine: play-phase state on bitmasks and the one legality cascade.

Scoring (a trick's points, a hand's scores and the moon) is ``games.hearts.scoring``; dealing
is ``kernel.deal``.

The cascade decides rules H4-H9 of docs/rules.md (and the ``queen_waits`` option, D7 there).

Everything here works on card indices (0..51) and 52-bit masks; ``Hand`` wraps it with
``Card`` objects, history, explanations and records. Bots, the coach and the benchmark
use ``PlayState`` directly because it is cheap to copy and to step.
"""

from __future__ import annotations

from hearts_teach.games.hearts.rules import RuleTables
from hearts_teach.games.hearts.scoring import trick_points
from hearts_teach.kernel.cards import (
    FULL_DECK,
    HEARTS_MASK,
    NO_TRUMP,
    POINTS_MASK,
    QS_MASK,
    SUIT_MASKS,
    join_pretty,
)
from hearts_teach.kernel.errors import InvalidDealError, Rule, RulesError, quote
from hearts_teach.kernel.trick import TrickState

CLUBS_2 = 1  # bit of the 2♣
NON_HEARTS = FULL_DECK ^ HEARTS_MASK
NON_POINTS = FULL_DECK ^ POINTS_MASK

_FOLLOW = (Rule.FOLLOWS_SUIT, Rule.MUST_FOLLOW_SUIT)
_OPEN = (Rule.OPENING_LEAD, Rule.MUST_LEAD_TWO_OF_CLUBS)
_UNBROKEN = (Rule.FREE_LEAD, Rule.HEARTS_NOT_BROKEN)
_ALL_HEARTS = (Rule.ALL_HEARTS_LEAD, None)
_FREE = (Rule.FREE_LEAD, None)
_FIRST_VOID = (Rule.VOID_DISCARD, Rule.NO_POINTS_ON_FIRST_TRICK)
_ONLY_POINTS = (Rule.ONLY_POINTS_LEFT, None)
_VOID = (Rule.VOID_DISCARD, None)


def cascade(hand: int, led_suit: int, first_trick: bool, broken: bool,
            rules: RuleTables) -> tuple[int, tuple[Rule, Rule | None]]:
    """The legal cards of ``hand`` and the rule that decided them, under ``rules`` (the
    compiled options: ``Rules(...).compiled``).

    ``led_suit`` is -1 when leading. Returns ``(legal_mask, (why_legal, why_not))``:
    every card in the mask is legal because of ``why_legal``; every other held card
    is illegal because of ``why_not``. Steps run in order and stop at the first one
    that leaves a non-empty set (OpenSpiel's order).

    ``rules.queen_waits`` (the variant): while hearts are unbroken, Q♠ may not be led or
    discarded by a player who holds any other card; the other steps then run on the
    hand without her (so a hand of hearts and Q♠ leads a heart). Following suit with
    her is always allowed, and the opening lead comes first.

    ``rules.opening`` holds the cards that may open the first trick: 2♣, or the lowest club
    in play at a table that took 2♣ out.
    """
    if (rules.queen_waits and not broken and hand & QS_MASK and hand != QS_MASK
            and not (led_suit >= 0 and hand & SUIT_MASKS[led_suit])
            and not (led_suit < 0 and first_trick and hand & rules.opening)):
        return _queen_waits(hand, led_suit, first_trick, broken, rules)
    if led_suit >= 0:
        follow = hand & SUIT_MASKS[led_suit]
        if follow:
            return follow, _FOLLOW
        if first_trick and rules.no_points_first:
            safe = hand & ~rules.first_trick_points
            if safe:
                return safe, _FIRST_VOID
            return hand, _ONLY_POINTS
        return hand, _VOID
    if first_trick and hand & rules.opening:
        return hand & rules.opening, _OPEN
    if not broken:
        safe = hand & NON_HEARTS
        if safe:
            return safe, (_UNBROKEN if hand & HEARTS_MASK else _FREE)
        return hand, _ALL_HEARTS
    return hand, _FREE


def _queen_waits(hand: int, led_suit: int, first_trick: bool, broken: bool,
                 rules: RuleTables) -> tuple[int, tuple[Rule, Rule | None]]:
    """Q♠ held back: the other steps on the rest of the hand (``rules.without_queen_waits``)."""
    rest = hand ^ QS_MASK
    mask, (why_legal, why_not) = cascade(rest, led_suit, first_trick, broken, rules.without_queen_waits)
    if mask == rest:  # only the queen is held back
        return mask, (why_legal, Rule.QUEEN_WAITS)
    if why_not is Rule.HEARTS_NOT_BROKEN:  # hearts and the queen both wait
        return mask, (why_legal, Rule.HEARTS_AND_QUEEN_WAIT)
    return mask, (why_legal, why_not)  # first trick: she is a point card anyway


def legal_mask(hand: int, led_suit: int, first_trick: bool, broken: bool, rules: RuleTables) -> int:
    """The legal cards only (``cascade(...)[0]``)."""
    return cascade(hand, led_suit, first_trick, broken, rules)[0]


class PlayState(TrickState):
    """The Hearts play phase: the kernel's trick state (``kernel.trick.TrickState``) under
    compiled rules (``rules``: a ``RuleTables``, from ``Rules(...).compiled``). The cards of
    ``rules.breaks`` break hearts; no trump. Mutable and cheap to ``copy()``; no checks:
    callers pass legal cards (``Hand`` checks them; bots pick from ``legal()``)."""

    __slots__ = ("rules",)

    def __init__(self, hands: list[int], leader: int, rules: RuleTables):
        if not isinstance(rules, RuleTables):
            raise RulesError(f"PlayState takes compiled rules (e.g. Rules().compiled), got {quote(rules)}")
        TrickState.__init__(self, hands, leader, rules.breaks, NO_TRUMP, rules.table)
        self.rules = rules

    def copy(self) -> PlayState:
        new = self._copy_into(PlayState.__new__(PlayState))
        new.rules = self.rules
        return new

    def legal(self) -> int:
        return cascade(self.hands[self.turn], self.led_suit, self.tricks_done == 0, self.broken,
                       self.rules)[0]

    def points_taken(self) -> list[int]:
        omnibus = self.rules.omnibus
        return [trick_points(t, omnibus) for t in self.taken]


def opening_holder(hands: list[int], rules: RuleTables) -> int:
    """The seat that leads the first trick: the holder of ``rules.leader_card`` (2♣, or the
    lowest club in play)."""
    card = rules.leader_card
    for seat, held in enumerate(hands):
        if held & card:
            return seat
    raise InvalidDealError(f"nobody holds the opening card {join_pretty(card)}")


