"""The table: how many seats, what they are called and who sits where.

Seats are numbered clockwise from South (0). Play and the left pass go to ``seat + 1``.
This module is the one place that knows the seat count; everything else asks a ``Table``
(``FOUR`` is the standard four-player table that Hearts and Spades use by default).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from hearts_teach.kernel.cards import DECK_SIZE
from hearts_teach.kernel.errors import ArgumentError, quote

# the seat names of each table size, clockwise from the seat numbered 0
_NAMES: dict[int, tuple[str, ...]] = {
    3: ("South", "West", "East"),
    4: ("South", "West", "North", "East"),
    5: ("South", "West", "North-West", "North-East", "East"),
    6: ("South", "South-West", "North-West", "North", "North-East", "South-East"),
}
MIN_SEATS = min(_NAMES)
MAX_SEATS = max(_NAMES)


@dataclass(frozen=True)
class Table:
    """A table of ``players`` seats (3 to 6)."""

    players: int = 4

    def __post_init__(self) -> None:
        if isinstance(self.players, bool) or not isinstance(self.players, int) or self.players not in _NAMES:
            raise ArgumentError(f"a table seats {MIN_SEATS} to {MAX_SEATS} players (a whole number), "
                                f"not {type(self.players).__name__} {quote(self.players)}", argument="players")

    def __repr__(self) -> str:
        return f"Table({self.players})"

    @property
    def names(self) -> tuple[str, ...]:
        """Seat names, indexed by seat number."""
        return _NAMES[self.players]

    @cached_property  # read on every "is the hand over?" of the play loops
    def hand_size(self) -> int:
        """Cards dealt to each seat, and so tricks in a hand (the deck shared out evenly)."""
        return DECK_SIZE // self.players

    @property
    def seats(self) -> range:
        return range(self.players)

    def left(self, seat: int, steps: int = 1) -> int:
        """The seat ``steps`` places to the left (clockwise, the way play goes)."""
        return (seat + steps) % self.players

    def right(self, seat: int, steps: int = 1) -> int:
        return (seat - steps) % self.players

    def across(self, seat: int) -> int:
        """The seat opposite ``seat``; only an even table has one."""
        if self.players % 2:
            raise ArgumentError(f"a table of {self.players} has no seat across", argument="seat")
        return (seat + self.players // 2) % self.players

    def partner(self, seat: int) -> int:
        """Partnership games (Spades) pair the seats across from each other."""
        return self.across(seat)

    def team(self, seat: int) -> int:
        """0 for the partnership of seat 0, 1 for the other (even tables only)."""
        if self.players % 2:
            raise ArgumentError(f"a table of {self.players} has no partnerships", argument="seat")
        return seat % 2

    @property
    def has_across(self) -> bool:
        """Whether every seat has one opposite (an even table)."""
        return self.players % 2 == 0

    def seat_list(self) -> str:
        """'0, 1, 2, 3': the valid seat numbers, for messages."""
        return ", ".join(str(s) for s in self.seats)

    def seat_help(self) -> str:
        """'0 South, 1 West, 2 East': each seat number with its name, for messages."""
        return ", ".join(f"{s} {n}" for s, n in enumerate(self.names))


def table_of(players: int) -> Table:
    """The shared ``Table`` of ``players`` seats (checked: 3 to 6)."""
    return _TABLES[players] if type(players) is int and players in _TABLES else Table(players)


_TABLES = {n: Table(n) for n in _NAMES}
FOUR = _TABLES[4]
SEAT_COUNT = FOUR.players  # the standard table; games with other sizes take a Table
SEAT_NAMES = FOUR.names
