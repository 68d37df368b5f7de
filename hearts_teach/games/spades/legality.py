"""The Spades play phase on bitmasks, and its legality cascade.

Same layout as ``hearts_teach.games.hearts.legality``: card indices 0..51 (suit * 13 + rank - 2, spades
are suit 3) and 52-bit masks. Spades are trump; a spade may be led only once spades
are broken, unless the leader holds nothing else (docs/rules.md S4-S5).
"""

from __future__ import annotations

from hearts_teach.games.spades.rules import SpadesTables
from hearts_teach.kernel.cards import FULL_DECK, SPADES, SPADES_MASK, SUIT_MASKS
from hearts_teach.kernel.errors import Rule, RulesError, quote
from hearts_teach.kernel.table import FOUR, Table
from hearts_teach.kernel.trick import TrickState
from hearts_teach.kernel.trick import beats as trick_beats
from hearts_teach.kernel.trick import trick_winner as kernel_trick_winner

NON_SPADES = FULL_DECK ^ SPADES_MASK  # the standard game's cards that may be led before spades break

_FOLLOW = (Rule.FOLLOWS_SUIT, Rule.MUST_FOLLOW_SUIT)
_VOID = (Rule.VOID_DISCARD, None)
_UNBROKEN = (Rule.FREE_LEAD, Rule.SPADES_NOT_BROKEN)
_ALL_SPADES = (Rule.ALL_SPADES_LEAD, None)
_FREE = (Rule.FREE_LEAD, None)


def cascade(hand: int, led_suit: int, broken: bool,
            rules: SpadesTables) -> tuple[int, tuple[Rule, Rule | None]]:
    """The legal cards of ``hand`` and the rule behind them: ``(mask, (why_legal, why_not))``,
    under ``rules`` (the compiled options: ``SpadesRules(...).compiled``).

    ``led_suit`` is -1 when leading. Follow suit if you can, else anything; a leader may
    not lead a spade (``rules.breaks``) before spades are broken unless the hand is all spades.
    """
    if led_suit >= 0:
        follow = hand & SUIT_MASKS[led_suit]
        if follow:
            return follow, _FOLLOW
        return hand, _VOID
    if not broken:
        safe = hand & ~rules.breaks
        if safe:
            return safe, (_UNBROKEN if hand & SPADES_MASK else _FREE)
        return hand, _ALL_SPADES
    return hand, _FREE


class SpadesState(TrickState):
    """The Spades play phase: the kernel's trick state (``kernel.trick.TrickState``) with
    spades as trump and as the suit that breaks, and ``won``: the tricks each seat has taken.
    Mutable and cheap to ``copy()``; no checks (``SpadesHand`` checks, bots pick from
    ``legal()``)."""

    __slots__ = ("won", "rules")

    def __init__(self, hands: list[int], leader: int, rules: SpadesTables, table: Table = FOUR):
        if not isinstance(rules, SpadesTables):
            raise RulesError(f"SpadesState takes compiled rules (e.g. SpadesRules().compiled), got {quote(rules)}")
        TrickState.__init__(self, hands, leader, rules.breaks, rules.trump, table)
        self.won = [0] * table.players
        self.rules = rules

    def copy(self) -> SpadesState:
        new = self._copy_into(SpadesState.__new__(SpadesState))
        new.won = self.won[:]
        new.rules = self.rules
        return new

    def play(self, card: int) -> int:
        """``TrickState.play``, counting the tricks each seat wins (what Spades scores)."""
        w = TrickState.play(self, card)
        if w >= 0:
            self.won[w] += 1
        return w

    def legal(self) -> int:
        return cascade(self.hands[self.turn], self.led_suit, self.broken, self.rules)[0]


def beats(card: int, best: int, led_suit: int) -> bool:
    """Does ``card`` beat the card ``best`` currently winning a trick led in ``led_suit``?
    (``kernel.trick.beats`` with spades as trump.)"""
    return trick_beats(card, best, led_suit, SPADES)


def trick_winner(cards: list[int], leader: int) -> int:
    """The seat that wins a complete trick (card indices in play order) led by ``leader``."""
    return kernel_trick_winner(cards, leader, SPADES)
