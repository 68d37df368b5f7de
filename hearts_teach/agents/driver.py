"""The one play loop: seats' players move on a checked game until it is over or waits for someone.

    play(hand, [make_bot("rule") for _ in hand.table.seats])   # a Hearts hand to the end
    play(spades_hand, bots, on_move=log)                 # a Spades hand, each move reported
    play(hand, {1: bot, 2: bot, 3: bot})                 # seat 0 is a person: stops at their turn

Each round the driver asks the game which seats may move and for what (``"pass"``: every seat
still to pass in Hearts; ``"bid"``/``"play"``: the seat to move), asks each such seat's player
through the bot protocol (``agents.protocol``) with that seat's view only, and applies the
answer to the checked game, so an illegal answer raises the game's own error and changes nothing.
It stops when the game is over, when no waiting seat moved (a seat with no player, or whose
player returned ``None``: a person still choosing), when ``stop(game)`` is true before a move,
or after ``moves`` moves.

Hooks: ``on_move(seat, kind, action, result)`` after every move (widgets log and redraw,
tournaments count; ``result`` is what the game returned, e.g. the completed trick or None).
Tournaments, lessons, the tables, the class league and the checkers all play through here.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from hearts_teach.agents.protocol import BID, METHODS, PASS, PLAY, Bidder, Passer, Player
from hearts_teach.games.hearts.hand import Hand, Phase
from hearts_teach.games.hearts.view import View
from hearts_teach.games.spades.game import SpadesHand
from hearts_teach.games.spades.view import SpadesView
from hearts_teach.kernel.errors import ArgumentTypeError, quote

OnMove = Callable[[int, str, Any, Any], Any]
Players = Sequence[Player | Passer | Bidder | None] | Mapping[int, Player | Passer | Bidder | None]

Waiting = tuple[tuple[Any, ...], str, str, Callable[[Any, int], Any]]  # seats, kind, ask, apply
_ASK = METHODS  # the player's method for each kind of move
_NOBODY: Waiting = ((), PLAY, _ASK[PLAY], lambda action, seat: None)


_PLAYING, _PASSING = Phase.PLAY, Phase.PASS  # read once: an Enum member lookup is not free


class HeartsMoves:
    """How the driver reads and moves a Hearts ``Hand``."""

    view = View.from_hand  # the seat's view (what ``hand.view(seat)`` returns, one call fewer)

    @staticmethod
    def waiting(hand: Hand) -> Waiting:
        """The seats that may move now, the kind of move, the player's method to ask and the
        game's method that applies an answer as ``apply(action, seat)`` (no seats: the hand
        is over). Bound methods of the game, so the hot loop calls the game directly."""
        phase = hand.phase
        if phase is _PLAYING:
            return (hand.turn,), PLAY, _ASK[PLAY], hand.play
        if phase is _PASSING:
            return hand.to_pass, PASS, _ASK[PASS], lambda cards, seat: hand.pass_cards(seat, cards)
        return _NOBODY


class SpadesMoves:
    """How the driver reads and moves a ``SpadesHand``."""

    view = SpadesView.from_hand

    @staticmethod
    def waiting(hand: SpadesHand) -> Waiting:
        phase = hand.phase
        if phase == "play":
            return (hand.turn,), PLAY, _ASK[PLAY], hand.play
        if phase == "bid":
            return (hand.turn,), BID, _ASK[BID], hand.bid
        return _NOBODY


def moves_for(game: Any) -> type[HeartsMoves] | type[SpadesMoves]:
    if isinstance(game, Hand):
        return HeartsMoves
    if isinstance(game, SpadesHand):
        return SpadesMoves
    raise ArgumentTypeError(f"the driver plays a Hearts Hand or a SpadesHand, got {type(game).__name__} "
                            f"{quote(game)}", argument="game")


def play(game: Any, players: Players, *, stop: Callable[[Any], bool] | None = None,
         on_move: OnMove | None = None, moves: int | None = None) -> Any:
    """Let ``players[seat]`` move on ``game`` (a Hearts ``Hand`` or a ``SpadesHand``) until it
    is over or waits for a seat without a player; see the module docstring. Returns ``game``."""
    moves_of = moves_for(game)
    waiting, view_of = moves_of.waiting, moves_of.view
    if isinstance(players, Mapping):  # a list by seat: the hot loop indexes it
        players = [players.get(s) for s in range(len(game.seat_names))]
    if moves is not None:
        stop, on_move = _counting(moves, stop, on_move)
    while True:
        seats, kind, method, apply = waiting(game)
        moved = False
        for seat in seats:
            if stop is not None and stop(game):
                return game
            player = players[seat]
            if player is None:
                continue
            action = getattr(player, method)(view_of(game, seat))
            if action is None:
                continue  # the seat declines: a person who has not chosen yet
            result = apply(action, seat)
            moved = True
            if on_move is not None:
                on_move(seat, kind, action, result)
        if not moved:
            return game


def _counting(moves: int, stop: Callable[[Any], bool] | None,
              on_move: OnMove | None) -> tuple[Callable[[Any], bool], OnMove]:
    """``stop`` and ``on_move`` that also stop after ``moves`` moves (kept out of the hot loop)."""
    done = [0]

    def counted_stop(game: Any) -> bool:
        return done[0] >= moves or (stop is not None and stop(game))

    def counted_move(seat: int, kind: str, action: Any, result: Any) -> None:
        done[0] += 1
        if on_move is not None:
            on_move(seat, kind, action, result)

    return counted_stop, counted_move


__all__ = ["HeartsMoves", "OnMove", "Players", "SpadesMoves", "moves_for", "play"]
