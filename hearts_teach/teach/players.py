"""Who makes the moves in a lesson: simple, fully predictable policies (for setting up
positions and small demonstrations) and the bots at the table."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from hearts_teach.agents import driver
from hearts_teach.games.hearts.hand import Hand
from hearts_teach.games.hearts.view import View
from hearts_teach.kernel.cards import Card
from hearts_teach.kernel.table import FOUR

Policy = Callable[[Hand], Card]


def lowest(hand: Hand) -> Card:
    """Play the lowest legal card (by rank, ties by suit order ♣ ♦ ♥ ♠)."""
    return min(hand.legal_plays(), key=lambda c: (c.rank, c.suit))


def highest(hand: Hand) -> Card:
    """Play the highest legal card (by rank, ties by suit order ♠ ♥ ♦ ♣)."""
    return max(hand.legal_plays(), key=lambda c: (c.rank, c.suit))


def play_out(hand: Hand, policies: Sequence[Policy], until_trick: int = 14) -> Hand:
    """Play ``hand`` on, seat ``s`` choosing with ``policies[s]``, until the hand is over or
    trick ``until_trick`` is about to start. Returns the same hand."""
    while not hand.is_over and not (hand.trick_number >= until_trick and not hand.current_trick.cards):
        hand.play(policies[hand.turn](hand))
    return hand


class Shooter:
    """A crude moon shooter for demonstrations: always plays its highest legal card."""

    name = "shooter"

    def choose_play(self, view: View) -> Card:
        return max(view.legal, key=lambda c: (c.rank, c.suit))  # as ``highest``

    def act(self, hand: Hand, seat: int | None = None) -> Card:
        card = self.choose_play(hand.view(hand.turn))
        hand.play(card)
        return card


# bots at the table ----------------------------------------------------------------------


def table_bots(names: str | Sequence[str] = "rule", seed: int = 0) -> list:
    """Four bots (one name for all seats, or one per seat), seeded ``seed``, ``seed + 1``, …"""
    from hearts_teach.agents.hearts import make_bot

    names = [names] * FOUR.players if isinstance(names, str) else list(names)
    return [make_bot(n, seed + i) for i, n in enumerate(names)]


def bots_play(hand: Hand, bots: Sequence, stop: Callable[[Hand], bool] | None = None) -> Hand:
    """Let ``bots[seat]`` make every move (passes too) until the hand is over or ``stop(hand)``
    is true before a move. Returns the same hand."""
    return driver.play(hand, bots, stop=stop)
