"""Seeded positions from real (randomly played) hands: the source of generated cases.

Play is random among the legal cards (``Rng.pick_bit`` on the seat's legal cards), so
the positions look like real hands and every case is reproducible from its seed.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from hearts_teach.agents import driver
from hearts_teach.agents.hearts.simple import StreamRandomBot
from hearts_teach.agents.protocol import Watching
from hearts_teach.games.hearts.hand import Hand, Trick
from hearts_teach.games.hearts.legality import cascade
from hearts_teach.games.hearts.rules import Rules
from hearts_teach.games.hearts.scoring import final_scores
from hearts_teach.games.hearts.view import View
from hearts_teach.kernel.cards import DECK, Card, indices_of
from hearts_teach.kernel.rng import Rng
from hearts_teach.kernel.table import SEAT_COUNT

STANDARD = Rules().compiled  # the checked positions are standard four-seat games


@dataclass(frozen=True)
class Position:
    """The player to move: their hand, the trick so far and the flags that matter."""

    seed: int
    hand: int  # mask of the cards held
    trick: tuple[int, ...]  # card indices already in the trick, in play order
    first_trick: bool
    broken: bool

    @property
    def legal(self) -> tuple[int, tuple]:
        led = self.trick[0] // 13 if self.trick else -1
        return cascade(self.hand, led, self.first_trick, self.broken, STANDARD)


@dataclass(frozen=True)
class PlayedHand:
    seed: int
    tricks: tuple[tuple[int, tuple[int, ...], int], ...]  # (leader, cards, winner)
    taken: tuple[int, ...]  # masks per seat
    positions: tuple[Position, ...]


def random_hand(seed: int) -> PlayedHand:
    """Deal hand ``seed`` (no pass) and play it out with random legal cards (``StreamRandomBot``
    on the driver), noting every position before a card is played."""
    positions: list[Position] = []
    tricks: list[tuple[int, tuple[int, ...], int]] = []

    def note_position(view: View) -> None:
        positions.append(Position(seed, view.hand, view.trick, view.tricks_done == 0, view.broken))

    def note_trick(_seat: int, _kind: str, _card: Card, trick: Trick | None) -> None:
        if trick is not None and trick.winner is not None:
            tricks.append((trick.leader, tuple(c.index for c in trick.cards), trick.winner))

    player = Watching(StreamRandomBot(Rng(f"hearts_teach.checks/{seed}")), note_position)
    hand = Hand.deal(seed=seed, pass_direction="hold")
    driver.play(hand, [player] * SEAT_COUNT, on_move=note_trick)
    return PlayedHand(seed, tuple(tricks), tuple(hand.taken(s).mask for s in range(SEAT_COUNT)), tuple(positions))


def random_hands(first_seed: int, count: int) -> Iterator[PlayedHand]:
    for seed in range(first_seed, first_seed + count):
        yield random_hand(seed)


def names(mask_or_indices: int | Iterable[int]) -> list[str]:
    """Card strings ('QS') of a mask or of a sequence of indices, lowest index first for masks."""
    idx = indices_of(mask_or_indices) if isinstance(mask_or_indices, int) else mask_or_indices
    return [str(DECK[i]) for i in idx]


__all__ = ["Position", "PlayedHand", "random_hand", "random_hands", "names", "final_scores"]
