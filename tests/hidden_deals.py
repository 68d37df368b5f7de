"""A different hidden deal behind the same view, for the information-hygiene tests of both
games (test_bots.py for Hearts, test_spades_view.py for Spades)."""

from collections.abc import Callable
from typing import Any


def swap_hidden(hand: Any, seat: int, rebuild: Callable[[list[list]], Any]) -> Any | None:
    """The same public history and the same cards for ``seat``, but two unplayed cards of one
    suit swapped between two other seats. ``rebuild(deal)`` makes a fresh hand of the game from
    the changed deal (the history is replayed on it here); None when no such swap exists."""
    deal = [set(hand.dealt(s)) for s in range(len(hand.seat_names))]
    played = set(hand.played)
    others = [s for s in range(len(deal)) if s != seat]
    for a in others:
        for b in others:
            if a >= b:
                continue
            for ca in sorted(deal[a] - played):
                for cb in sorted(deal[b] - played):
                    if ca.suit == cb.suit:
                        deal[a].remove(ca)
                        deal[b].remove(cb)
                        deal[a].add(cb)
                        deal[b].add(ca)
                        new = rebuild([sorted(d) for d in deal])
                        new.replay(hand.history)
                        return new
    return None


def assert_private(view: Any, hand: Any, game_types: tuple[type, ...]) -> None:
    """Nothing in ``view`` refers to the game (``game_types``) or shows another seat's cards:
    the unseen cards are exactly the others' hands, and its text names none of them."""
    for name, value in vars(view).items():
        assert not isinstance(value, game_types), name
    others = [s for s in range(len(hand.seat_names)) if s != view.seat]
    hidden = 0
    for s in others:
        hidden |= hand.cards(s).mask
    assert view.unseen_mask == hidden
    text = str(view)
    for s in others:
        assert hand.cards(s).pretty not in text
