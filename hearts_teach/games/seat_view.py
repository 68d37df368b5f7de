"""What every seat's view has in common (the Hearts ``View``, the ``SpadesView``).

A seat's view holds its own cards and the public facts as masks and card indices (cheap for
bots); these accessors give ``Card`` and ``CardList`` objects for people. Written once here so
the two games' views cannot drift apart.
"""

from __future__ import annotations

from collections.abc import Iterable
from html import escape
from typing import TYPE_CHECKING

from hearts_teach.kernel.cards import DECK, FULL_DECK, CardList, join_held


class SeatView:
    """Mixin for a frozen view dataclass with the fields ``hand`` (the seat's cards),
    ``played`` (every card played so far) and ``trick`` (card indices of the trick in
    progress) and a ``legal_mask`` property."""

    __slots__ = ()

    if TYPE_CHECKING:
        hand: int
        played: int
        trick: tuple[int, ...]
        tricks_done: int
        turn: int
        broken: bool
        seat_names: tuple[str, ...]

        @property
        def my_turn(self) -> bool: ...

        @property
        def legal_mask(self) -> int: ...

    @property
    def deck_mask(self) -> int:
        """The cards in play (all 52 unless a game takes some out)."""
        return FULL_DECK

    @property
    def unseen_mask(self) -> int:
        """Cards this seat has not seen: in play, neither in its hand nor played."""
        return self.deck_mask & ~self.hand & ~self.played

    @property
    def cards(self) -> CardList:
        return CardList.from_mask(self.hand)

    @property
    def legal(self) -> CardList:
        return CardList.from_mask(self.legal_mask)

    @property
    def current_trick(self) -> CardList:
        return CardList(DECK[i] for i in self.trick)

    @property
    def last_to_play(self) -> bool:
        """Every other seat has played to this trick (at any table size)."""
        return len(self.trick) == len(self.seat_names) - 1

    @property
    def played_cards(self) -> CardList:
        return CardList.from_mask(self.played)

    def _play_lines(self, broken_suit: str, tally: str, counts: Iterable[int]) -> list[str]:
        """The play-phase lines of both views' ``str``: the trick so far, each seat's ``tally``
        (points or tricks taken) and, on the seat's turn, its legal cards."""
        names = self.seat_names
        lines = [f"  trick {self.tricks_done + 1}: "
                 f"{' '.join(DECK[c].pretty for c in self.trick) or '(to lead)'} · "
                 f"{names[self.turn]} to play · {broken_suit} {'broken' if self.broken else 'not broken'}",
                 f"  {tally} taken: " + ", ".join(f"{names[s]} {n}" for s, n in enumerate(counts))]
        if self.my_turn:
            lines.append(f"  legal: {join_held(self.legal_mask)}")
        return lines

    def _repr_html_(self) -> str:
        return "<pre>" + escape(str(self)) + "</pre>"


__all__ = ["SeatView"]
