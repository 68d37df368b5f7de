"""The trick: the play-phase state every trick game keeps, and the one transition.

A played card leaves the mover's hand and joins the trick. The trick's winner so far is
the highest card of the led suit or, once a trump has been played, the highest trump. A
seat that does not follow shows a void in the led suit. A card in the game's ``breaks``
set breaks the suit that may not be led before (hearts in Hearts, spades in Spades: the
game supplies the set). When every seat of the table has played, the winner takes the
cards and leads the next trick.

Hearts (``games.hearts.legality.PlayState``), Spades (``games.spades.legality``) and the
rollouts of the bots all step this state; each game adds its own legality cascade. The
numpy batch engine (``games.hearts.batch``) mirrors ``TrickState.play`` on arrays, and
tests/test_trick_conformance.py checks every one of them against the checked games.
"""

from __future__ import annotations

from typing import Any

from hearts_teach.kernel.cards import BIT, NO_TRUMP, RANKS, SPADES
from hearts_teach.kernel.errors import ArgumentError, quote
from hearts_teach.kernel.table import FOUR, Table


def beats(card: int, best: int, led_suit: int, trump: int = NO_TRUMP) -> bool:
    """Does ``card`` beat ``best``, the card winning a trick led in ``led_suit`` so far?

    Only a card of the led suit or a trump can win, and then only by a higher index: the
    card order puts spades, the one trump suit there is, above every other suit, so a trump
    beats any card of another suit and a card of the led suit never beats a trump.
    ``TrickState.play`` applies the same rule inline (the hot path)."""
    suit = card // RANKS
    return (suit == led_suit or suit == trump) and card > best


def check_trump(trump: int) -> int:
    """``trump`` if the kernel's winner rule handles it: no trump or spades (see ``beats``)."""
    if trump not in (NO_TRUMP, SPADES):
        raise ArgumentError(f"NO_TRUMP ({NO_TRUMP}) or SPADES ({SPADES}), got {quote(trump)}: the winner "
                            f"rule relies on spades being the highest suit in card order", argument="trump")
    return trump


_BREAKS: dict[int, tuple[bool, ...]] = {}


def breaks_table(mask: int) -> tuple[bool, ...]:
    """Per card index: does playing it break the suit (the cards of ``mask``)? A tuple
    lookup of a small int is cheaper in the hot path than ``&`` on a 52-bit mask."""
    table = _BREAKS.get(mask)
    if table is None:
        table = _BREAKS[mask] = tuple(bool(mask & bit) for bit in BIT)
    return table


class TrickState:
    """The play phase on bitmasks for a table of ``table.players`` seats.

    Fields: ``hands`` and ``taken`` (masks per seat), ``trick`` (card indices in play
    order), ``trick_mask``, ``leader``, ``turn``, ``led_suit`` (-1 while leading),
    ``win_seat``/``win_card`` (the trick's winner so far), ``broken``, ``tricks_done``,
    ``played`` (mask), ``void`` (per seat, bit s set: showed void in suit s), ``breaks``
    (per card: does playing it break the suit, from the game's mask).
    Mutable and cheap to copy; no checks: callers pass legal cards (the checked games
    check them, bots pick from their game's cascade)."""

    __slots__ = ("hands", "taken", "trick", "trick_mask", "leader", "turn", "led_suit", "broken",
                 "tricks_done", "played", "win_seat", "win_card", "void", "breaks", "trump",
                 "table", "players")

    def __init__(self, hands: list[int], leader: int, breaks: int, trump: int = NO_TRUMP,
                 table: Table = FOUR):
        n = table.players
        self.hands = list(hands)
        self.taken = [0] * n
        self.trick: list[int] = []
        self.trick_mask = 0
        self.leader = leader
        self.turn = leader
        self.led_suit = -1
        self.broken = False
        self.tricks_done = 0
        self.played = 0
        self.win_seat = -1
        self.win_card = -1
        self.void = [0] * n
        self.breaks = breaks_table(breaks)
        if trump != NO_TRUMP and trump != SPADES:
            check_trump(trump)  # raises
        self.trump = trump
        self.table = table
        self.players = n

    def _copy_into(self, new: Any) -> Any:
        """Copy every field into ``new`` (a bare instance of a subclass) and return it."""
        new.hands = self.hands[:]
        new.taken = self.taken[:]
        new.trick = self.trick[:]
        new.trick_mask = self.trick_mask
        new.leader = self.leader
        new.turn = self.turn
        new.led_suit = self.led_suit
        new.broken = self.broken
        new.tricks_done = self.tricks_done
        new.played = self.played
        new.win_seat = self.win_seat
        new.win_card = self.win_card
        new.void = self.void[:]
        new.breaks = self.breaks
        new.trump = self.trump
        new.table = self.table
        new.players = self.players
        return new

    def copy(self) -> Any:
        return self._copy_into(type(self).__new__(type(self)))

    @property
    def is_over(self) -> bool:
        return self.tricks_done == self.table.hand_size

    def play(self, card: int) -> int:
        """Play ``card`` for the seat to move; returns the trick winner when the trick
        completes, else -1. (Hot path of every simulation: kept flat on purpose.)"""
        seat = self.turn
        bit = BIT[card]
        self.hands[seat] ^= bit
        self.played |= bit
        trick = self.trick
        trick.append(card)
        self.trick_mask |= bit
        suit = card // RANKS
        led = self.led_suit
        if led < 0:
            self.led_suit = suit
            self.win_seat = seat
            self.win_card = card
        elif suit == led:  # the rule of ``beats``, inline
            if card > self.win_card:
                self.win_card = card
                self.win_seat = seat
        else:
            self.void[seat] |= 1 << led
            if suit == self.trump and card > self.win_card:
                self.win_card = card
                self.win_seat = seat
        if self.breaks[card]:
            self.broken = True
        n = self.players
        if len(trick) < n:
            self.turn = (seat + 1) % n
            return -1
        w = self.win_seat
        self.taken[w] |= self.trick_mask
        self.trick = []
        self.trick_mask = 0
        self.led_suit = -1
        self.tricks_done += 1
        self.leader = w
        self.turn = w
        return w


def trick_winner(cards: list[int], leader: int, trump: int = NO_TRUMP, table: Table = FOUR) -> int:
    """The seat that wins a complete trick (card indices in play order) led by ``leader``:
    the trick played out on a ``TrickState``, so the rule is the transition's own."""
    if len(cards) != table.players:
        raise ArgumentError(f"a complete trick at a table of {table.players} has {table.players} cards, "
                            f"got {len(cards)}", argument="cards")
    hands = [0] * table.players
    for i, c in enumerate(cards):
        hands[table.left(leader, i)] |= BIT[c]
    st = TrickState(hands, leader, 0, trump, table)
    for c in cards:
        winner = st.play(c)
    return winner


__all__ = ["TrickState", "beats", "check_trump", "trick_winner"]
