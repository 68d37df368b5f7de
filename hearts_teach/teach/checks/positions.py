"""Seeded positions from real (randomly played) hands: the source of generated cases.

Play is random among the legal cards (``Rng.pick_bit`` on ``PlayState.legal()``), so
the positions look like real hands and every case is reproducible from its seed.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from hearts_teach.games.hearts.hand import Hand
from hearts_teach.games.hearts.legality import PlayState, cascade, final_scores
from hearts_teach.kernel.cards import DECK, indices_of
from hearts_teach.kernel.rng import Rng


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
        return cascade(self.hand, led, self.first_trick, self.broken, True)


@dataclass(frozen=True)
class PlayedHand:
    seed: int
    tricks: tuple[tuple[int, tuple[int, ...], int], ...]  # (leader, cards, winner)
    taken: tuple[int, ...]  # masks per seat
    positions: tuple[Position, ...]


def random_hand(seed: int) -> PlayedHand:
    """Deal hand ``seed`` (no pass) and play it out with random legal cards."""
    rng = Rng(f"hearts_teach.checks/{seed}")
    st: PlayState = Hand.deal(seed=seed, pass_direction="hold").play_state()
    tricks = []
    positions = []
    while not st.is_over:
        positions.append(Position(seed, st.hands[st.turn], tuple(st.trick), st.tricks_done == 0, st.broken))
        leader, before = st.leader, list(st.trick)
        card = rng.pick_bit(st.legal())
        won = st.play(card)
        if won >= 0:
            tricks.append((leader, tuple(before + [card]), won))
    return PlayedHand(seed, tuple(tricks), tuple(st.taken), tuple(positions))


def random_hands(first_seed: int, count: int) -> Iterator[PlayedHand]:
    for seed in range(first_seed, first_seed + count):
        yield random_hand(seed)


def names(mask_or_indices) -> list[str]:
    """Card strings ('QS') of a mask or of a sequence of indices, lowest index first for masks."""
    idx = indices_of(mask_or_indices) if isinstance(mask_or_indices, int) else mask_or_indices
    return [str(DECK[i]) for i in idx]


__all__ = ["Position", "PlayedHand", "random_hand", "random_hands", "names", "final_scores"]
