"""Argument checks shared by the Hearts ``Hand`` and the Spades ``SpadesHand``.

Both games seat four players 0..3 and deal 4 hands of 13 different cards; the checks
live here once. Game-specific wording (Spades mentions partners) and the error class a
game has always raised come in as parameters, so each game keeps its exact messages.
"""

from __future__ import annotations

from typing import Any

from .cards import BIT, CardList
from .errors import HeartsError, InvalidDealError, InvalidSeatError

SEAT_HELP = "0 South, 1 West, 2 North, 3 East"


def check_seat(seat: Any, help: str = SEAT_HELP) -> int:
    """``seat`` if it is an int 0..3 (not a bool), else an ``InvalidSeatError``;
    ``help`` is the parenthesised hint after "seats are numbered 0, 1, 2, 3 clockwise"."""
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat <= 3:
        raise InvalidSeatError(f"invalid seat {seat!r}: seats are numbered 0, 1, 2, 3 clockwise "
                               f"({help})")
    return seat


def check_deal(deal: Any, error: type[HeartsError] = InvalidDealError, reject_string: bool = True,
               max_len: int | None = None) -> tuple[CardList, ...]:
    """4 hands of 13 cards, no card twice: each hand sorted, as a tuple of ``CardList``.

    ``error`` is the class raised; ``reject_string`` names a whole-string deal as such
    (otherwise its single characters fail as cards); ``max_len`` cuts the message that
    quotes a non-iterable deal. The defaults are the Hearts behaviour.
    """
    if reject_string and isinstance(deal, str):  # iterating a string would complain about single characters
        raise error(f"a deal is 4 lists of 13 cards, not one string: {deal[:40]!r}")
    try:
        hands = [CardList(h) for h in deal]
    except TypeError:
        raise error(f"a deal is 4 lists of 13 cards, got {deal!r}"[:max_len]) from None
    if len(hands) != 4:
        raise error(f"a deal is 4 hands (seats 0..3), got {len(hands)}")
    seen = 0
    for seat, h in enumerate(hands):
        if len(h) != 13:
            raise error(f"seat {seat} is dealt {len(h)} cards; every seat gets exactly 13")
        for c in h:
            if seen & BIT[c.index]:
                raise error(f"{c.pretty} is dealt twice; each of the 52 cards is dealt once")
            seen |= BIT[c.index]
    return tuple(CardList(sorted(h)) for h in hands)


__all__ = ["check_seat", "check_deal", "SEAT_HELP"]
