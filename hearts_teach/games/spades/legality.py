"""The Spades play phase on bitmasks, and its legality cascade.

Same layout as ``hearts_teach.games.hearts.legality``: card indices 0..51 (suit * 13 + rank - 2, spades
are suit 3) and 52-bit masks. Spades are trump; a spade may be led only once spades
are broken, unless the leader holds nothing else (docs/rules.md S4-S5).
"""

from __future__ import annotations

from hearts_teach.games.hearts.legality import TrickState
from hearts_teach.kernel.cards import BIT, SPADES_MASK, SUIT_MASKS
from hearts_teach.kernel.errors import Rule

SPADES = 3
NON_SPADES = ((1 << 52) - 1) ^ SPADES_MASK

_FOLLOW = (Rule.FOLLOWS_SUIT, Rule.MUST_FOLLOW_SUIT)
_VOID = (Rule.VOID_DISCARD, None)
_UNBROKEN = (Rule.FREE_LEAD, Rule.SPADES_NOT_BROKEN)
_ALL_SPADES = (Rule.ALL_SPADES_LEAD, None)
_FREE = (Rule.FREE_LEAD, None)


def cascade(hand: int, led_suit: int, broken: bool) -> tuple[int, tuple]:
    """The legal cards of ``hand`` and the rule behind them: ``(mask, (why_legal, why_not))``.

    ``led_suit`` is -1 when leading. Follow suit if you can, else anything; a leader may
    not lead a spade before spades are broken unless the hand is all spades.
    """
    if led_suit >= 0:
        follow = hand & SUIT_MASKS[led_suit]
        if follow:
            return follow, _FOLLOW
        return hand, _VOID
    if not broken:
        safe = hand & NON_SPADES
        if safe:
            return safe, (_UNBROKEN if hand & SPADES_MASK else _FREE)
        return hand, _ALL_SPADES
    return hand, _FREE


def beats(card: int, best: int, led_suit: int) -> bool:
    """Does ``card`` beat the card ``best`` currently winning a trick led in ``led_suit``?"""
    cs, bs = card // 13, best // 13
    if cs == bs:
        return card > best  # same suit: higher rank (index order is rank order within a suit)
    return cs == SPADES  # a spade beats any other suit; any other off-suit card never wins


def trick_winner(cards: list[int], leader: int) -> int:
    """The seat that wins a complete trick of 4 card indices led by ``leader``."""
    best, win = cards[0], 0
    for i in range(1, 4):
        if beats(cards[i], best, cards[0] // 13):
            best, win = cards[i], i
    return (leader + win) & 3


class SpadesState(TrickState):
    """The play phase: hands, tricks won per seat, the trick in progress. Mutable and cheap
    to ``copy()``; no checks (``SpadesHand`` checks, bots pick from ``legal()``). The
    fields both games share (and ``is_over``) come from ``core.TrickState``."""

    __slots__ = ("won",)

    def __init__(self, hands: list[int], leader: int):
        super().__init__(hands, leader)
        self.won = [0, 0, 0, 0]  # tricks taken per seat

    def copy(self) -> SpadesState:
        new = self._copy_into(SpadesState.__new__(SpadesState))
        new.won = self.won[:]
        return new

    def legal(self) -> int:
        return cascade(self.hands[self.turn], self.led_suit, self.broken)[0]

    def play(self, card: int) -> int:
        """Play ``card`` for the seat to move; the trick winner when it completes, else -1."""
        seat = self.turn
        bit = BIT[card]
        self.hands[seat] ^= bit
        self.played |= bit
        self.trick.append(card)
        suit = card // 13
        if self.led_suit < 0:
            self.led_suit = suit
            self.win_seat, self.win_card = seat, card
        else:
            if suit != self.led_suit:
                self.void[seat] |= 1 << self.led_suit
            if beats(card, self.win_card, self.led_suit):
                self.win_seat, self.win_card = seat, card
        if suit == SPADES:
            self.broken = True  # any spade played, led (all-spades hand) or trumped in
        if len(self.trick) == 4:
            w = self.win_seat
            self.won[w] += 1
            self.trick = []
            self.led_suit = -1
            self.tricks_done += 1
            self.leader = self.turn = w
            return w
        self.turn = (seat + 1) & 3
        return -1
