"""What every seat's view has in common (the Hearts ``View``, the ``SpadesView``).

A seat's view holds its own cards and the public facts as masks and card indices (cheap for
bots); these accessors give ``Card`` and ``CardList`` objects for people. Written once here so
the two games' views cannot drift apart.
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from hearts_teach.kernel.cards import DECK, FULL_DECK, CardList


class SeatView:
    """Mixin for a frozen view dataclass with the fields ``hand`` (the seat's cards),
    ``played`` (every card played so far) and ``trick`` (card indices of the trick in
    progress) and a ``legal_mask`` property."""

    __slots__ = ()

    if TYPE_CHECKING:
        hand: int
        played: int
        trick: tuple[int, ...]

        @property
        def legal_mask(self) -> int: ...

    @property
    def unseen_mask(self) -> int:
        """Cards this seat has not seen: neither in its hand nor played."""
        return FULL_DECK & ~self.hand & ~self.played

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
    def played_cards(self) -> CardList:
        return CardList.from_mask(self.played)

    def _repr_html_(self) -> str:
        return "<pre>" + escape(str(self)) + "</pre>"


__all__ = ["SeatView"]
