"""The one bot protocol for both games: a player decides from its own seat's view, never the game.

A game asks a seat for one kind of decision at a time:

- ``"pass"`` (Hearts): ``choose_pass(view) -> 3 cards``, the view a Hearts ``View``;
- ``"bid"`` (Spades): ``choose_bid(view) -> int`` (0 nil, ``BLIND_NIL``), the view a ``SpadesView``;
- ``"play"`` (both): ``choose_play(view) -> Card``.

A view holds the seat's own cards and what is public, and no reference to the game, so a
player cannot read another seat's cards. A player implements the methods of the game it plays:
Hearts bots (``agents.hearts.Bot``, ``FunctionBot``) pass and play, Spades bots
(``agents.spades``) bid and play. A player may return ``None`` to decline the decision (a seat
a person plays, who has not chosen yet): the driver (``agents.driver``) then stops and waits.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol, runtime_checkable

from hearts_teach.kernel.cards import DECK, Card, CardList

PASS = "pass"
BID = "bid"
PLAY = "play"
KINDS = (PASS, BID, PLAY)
METHODS = {PASS: "choose_pass", BID: "choose_bid", PLAY: "choose_play"}  # kind -> the player's method


@runtime_checkable
class Player(Protocol):
    """Plays cards from its seat's view (both games)."""

    def choose_play(self, view: Any) -> Card | None: ...


@runtime_checkable
class Passer(Protocol):
    """Chooses the Hearts pass from its seat's view."""

    def choose_pass(self, view: Any) -> CardList | None: ...


@runtime_checkable
class Bidder(Protocol):
    """Bids in Spades from its seat's view."""

    def choose_bid(self, view: Any) -> int | None: ...


class ForcedCardsOnly:
    """A person's seat whose forced cards play themselves: plays the card when exactly one is
    legal and declines (``None``) otherwise, so the driver waits for the person."""

    name = "forced"

    def choose_play(self, view: Any) -> Card | None:
        legal = view.legal_mask
        return DECK[legal.bit_length() - 1] if legal and not legal & (legal - 1) else None

    def choose_pass(self, view: Any) -> None:
        return None

    def choose_bid(self, view: Any) -> None:
        return None


class Watching:
    """``player`` with every view it is asked about shown to ``watch`` first (checkers and
    benchmarks collect the positions of bot-played hands this way; the player decides alone)."""

    def __init__(self, player: Any, watch: Callable[[Any], Any]):
        self.player = player
        self.watch = watch

    def choose_pass(self, view: Any) -> Any:
        self.watch(view)
        return self.player.choose_pass(view)

    def choose_bid(self, view: Any) -> Any:
        self.watch(view)
        return self.player.choose_bid(view)

    def choose_play(self, view: Any) -> Any:
        self.watch(view)
        return self.player.choose_play(view)


__all__ = ["BID", "KINDS", "METHODS", "PASS", "PLAY", "Bidder", "ForcedCardsOnly", "Passer", "Player", "Watching"]
