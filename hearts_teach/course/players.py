"""Who makes the moves in a lesson: a predictable moon shooter for demonstrations and the bots
at the table (every loop goes through the one driver, ``agents.driver``)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from hearts_teach.agents import driver
from hearts_teach.games.hearts.hand import Hand
from hearts_teach.games.hearts.view import View
from hearts_teach.kernel.cards import Card
from hearts_teach.kernel.table import FOUR


class Shooter:
    """A crude moon shooter for demonstrations: always plays its highest legal card."""

    name = "shooter"

    def choose_play(self, view: View) -> Card:
        return max(view.legal, key=lambda c: (c.rank, c.suit))


# bots at the table ----------------------------------------------------------------------


def table_bots(names: str | Sequence[str] = "rule", seed: int = 0, players: int = FOUR.players) -> list:
    """A bot for each of ``players`` seats (one name for all seats, or one per seat), seeded
    ``seed``, ``seed + 1``, …"""
    from hearts_teach.agents.hearts import make_bot

    names = [names] * players if isinstance(names, str) else list(names)
    return [make_bot(n, seed + i) for i, n in enumerate(names)]


def bots_play(hand: Hand, bots: Sequence, stop: Callable[[Hand], bool] | None = None) -> Hand:
    """Let ``bots[seat]`` make every move (passes too) until the hand is over or ``stop(hand)``
    is true before a move. Returns the same hand."""
    return driver.play(hand, bots, stop=stop)
