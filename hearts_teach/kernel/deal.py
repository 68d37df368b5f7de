"""Dealing: one shuffle of the deck shared out among the seats of a table (any trick game)."""

from __future__ import annotations

from typing import Any

from hearts_teach.kernel.cards import BIT, DECK_SIZE, FULL_DECK, indices_of
from hearts_teach.kernel.table import SEAT_COUNT


def deal_masks(rng: Any, players: int = SEAT_COUNT, deck: int = FULL_DECK) -> list[int]:
    """The dealt hands (masks) of one shuffle of ``rng`` (an ``Rng``): the cards of ``deck``
    (lowest first) are shuffled and seat s gets the s-th run of ``size`` cards, ``size`` the
    deck divided by ``players``. With the defaults (four seats, 52 cards) seat s gets cards
    13s..13s+12. ``Hand.deal`` and the batch engine deal here."""
    # lowest first (range() for the whole deck: indices_of would cost more than the shuffle)
    order = list(range(DECK_SIZE)) if deck == FULL_DECK else indices_of(deck)
    size = len(order) // players
    rng.shuffle(order)
    hands = [0] * players
    for k, c in enumerate(order):
        hands[k // size] |= BIT[c]
    return hands
