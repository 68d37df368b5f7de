"""Argument checks shared by the Hearts ``Hand`` and the Spades ``SpadesHand``.

Both games seat four players 0..3 and deal 4 hands of 13 different cards by default;
Hearts also seats 3, 5 or 6 (a ``kernel.table.Table``) with a smaller deck. The checks
live here once. Game-specific wording (Spades mentions partners) and the error class a
game has always raised come in as parameters, so each game keeps its exact messages.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

from hearts_teach.kernel.cards import BIT, FULL_DECK, CardList, join_pretty
from hearts_teach.kernel.errors import (
    ArgumentError,
    ArgumentTypeError,
    HeartsError,
    InvalidDealError,
    InvalidSeatError,
    quote,
)
from hearts_teach.kernel.table import FOUR, Table

SEAT_HELP = FOUR.seat_help()  # "0 South, 1 West, 2 North, 3 East"
NAME_MAX = 40  # a seat name wider than this would wreck every table it appears in
SEED_MAX_BITS = 64  # Rng keeps 64 bits; larger ints only make records and messages huge
SEED_STR_MAX = 200


def check_seat(seat: Any, help: str = SEAT_HELP, table: Table = FOUR) -> int:
    """``seat`` if it is an int 0..players−1 of ``table`` (not a bool), else an
    ``InvalidSeatError``; ``help`` is the parenthesised hint after "seats are numbered
    0, 1, 2, 3 clockwise" (at other tables: their seat names)."""
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < table.players:
        if table is not FOUR and help == SEAT_HELP:
            help = table.seat_help()
        raise InvalidSeatError(f"invalid seat {quote(seat)}: seats are numbered {table.seat_list()} clockwise "
                               f"({help})")
    return seat


def check_deal(deal: Any, error: type[HeartsError] = InvalidDealError, reject_string: bool = True,
               max_len: int | None = None, *, table: Table = FOUR, deck: int = FULL_DECK) -> tuple[CardList, ...]:
    """One hand per seat of ``table``, the cards of ``deck`` shared out evenly, no card twice:
    each hand sorted, as a tuple of ``CardList`` (4 hands of 13 by default).

    ``error`` is the class raised; ``reject_string`` names a whole-string deal as such
    (otherwise its single characters fail as cards); ``max_len`` cuts the message that
    quotes a non-iterable deal. The defaults are the Hearts behaviour.
    """
    n = table.players
    size = deck.bit_count() // n
    if reject_string and isinstance(deal, str):  # iterating a string would complain about single characters
        raise error(f"a deal is {n} lists of {size} cards, not one string: {quote(deal, 40)}")
    try:
        hands = [CardList(h) for h in deal]
    except TypeError:
        raise error(f"a deal is {n} lists of {size} cards, got {quote(deal)}"[:max_len]) from None
    if len(hands) != n:
        raise error(f"a deal is {n} hands (seats 0..{n - 1}), got {len(hands)}")
    seen = 0
    for seat, h in enumerate(hands):
        if len(h) != size:
            raise error(f"seat {seat} is dealt {len(h)} cards; every seat gets exactly {size}")
        for c in h:
            if seen & BIT[c.index]:
                raise error(f"{c.pretty} is dealt twice; each of the {deck.bit_count()} cards is dealt once")
            if not deck & BIT[c.index]:
                raise error(f"{c.pretty} is not in the deck: with {n} players "
                            f"{join_pretty(FULL_DECK ^ deck)} are taken out before the deal")
            seen |= BIT[c.index]
    return tuple(CardList(sorted(h)) for h in hands)


def check_seat_names(names: Any, error: type[HeartsError] = ArgumentError,
                     argument: str = "seat_names", table: Table = FOUR) -> tuple[str, ...]:
    """One printable, non-blank string of at most ``NAME_MAX`` characters per seat of
    ``table``, as a tuple; else ``error`` naming ``argument`` (names are printed in tables,
    sheets and records)."""
    n = table.players
    if isinstance(names, str | bytes | dict | set | frozenset) or not hasattr(names, "__iter__"):
        raise _error(error, argument, f"expected {n} seat names (strings), got {quote(names)}", True)
    try:
        items = list(names)
    except Exception:
        raise _error(error, argument, f"expected {n} seat names (strings), got {quote(names)}",
                     True) from None
    if len(items) != n:
        raise _error(error, argument, f"expected {n} seat names (seats 0..{n - 1}), got {len(items)}: "
                                      f"{quote(items)}")
    for seat, n in enumerate(items):
        if not isinstance(n, str):
            raise _error(error, argument, f"seat {seat}: a name is a string, got "
                                          f"{type(n).__name__} {quote(n)}", True)
        if not n.strip() or not n.isprintable() or len(n) > NAME_MAX:
            raise _error(error, argument, f"seat {seat}: a name is 1 to {NAME_MAX} printable "
                                          f"characters on one line, got {quote(n)}")
    return tuple(items)


def check_seed(seed: Any, argument: str = "seed", allow_str: bool = True,
               extra: tuple[type, ...] = (), error: type[HeartsError] = ArgumentError) -> Any:
    """A seed: an int of at most 64 bits (not a bool), a string of at most ``SEED_STR_MAX``
    characters when ``allow_str``, or an instance of one of ``extra`` (e.g. ``Rng``)."""
    if extra and isinstance(seed, extra):
        return seed
    want = "a whole number" + (" or a string" if allow_str else "") + (
        "".join(f" or an {t.__name__}" for t in extra))
    if isinstance(seed, bool) or not isinstance(seed, int | str) or (
            isinstance(seed, str) and not allow_str):
        raise _error(error, argument, f"{want}, got {type(seed).__name__} {quote(seed)}", True)
    if isinstance(seed, int) and abs(seed).bit_length() > SEED_MAX_BITS:
        raise _error(error, argument, f"a whole number of at most {SEED_MAX_BITS} bits, got {quote(seed)}")
    if isinstance(seed, str) and len(seed) > SEED_STR_MAX:
        raise _error(error, argument, f"a string seed has at most {SEED_STR_MAX} characters, "
                                      f"got {len(seed):,}: {quote(seed)}")
    return seed


def check_int(value: Any, argument: str, low: int | None = None, high: int | None = None,
              error: type[HeartsError] = ArgumentError) -> int:
    """``value`` if it is an int (not a bool) within ``low..high`` (either end optional)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise _error(error, argument, f"expected a whole number, got {type(value).__name__} "
                                      f"{quote(value)}", True)
    if (low is not None and value < low) or (high is not None and value > high):
        span = (f"from {low} to {high}" if high is not None else f"≥ {low}") if low is not None \
            else f"≤ {high}"
        raise _error(error, argument, f"expected a whole number {span}, got {quote(value)}")
    return value


def check_probability(value: Any, argument: str, error: type[HeartsError] = ArgumentError) -> float:
    """``value`` as a float if it is a number (not a bool) above 0 and at most 1."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise _error(error, argument, f"expected a probability above 0 and at most 1, got "
                                      f"{type(value).__name__} {quote(value)}", True)
    if not 0 < value <= 1:  # (a NaN fails this too)
        raise _error(error, argument, f"expected a probability above 0 and at most 1, got {quote(value)}")
    return float(value)


def check_choice(value: Any, argument: str, choices: tuple[str, ...],
                 error: type[HeartsError] = ArgumentError) -> str:
    """``value`` if it is one of the strings ``choices``."""
    if not isinstance(value, str) or value not in choices:
        raise _error(error, argument, f"expected one of {', '.join(map(repr, choices))}, got "
                                      f"{quote(value)}", not isinstance(value, str))
    return value


def check_callable(value: Any, argument: str, what: str = "a function") -> Callable:
    if not callable(value):
        raise ArgumentTypeError(f"must be {what}, got {type(value).__name__} {quote(value)} "
                                f"(pass the function itself, without calling it)", argument=argument)
    return value


def _error(error: type[HeartsError], argument: str, message: str, wrong_type: bool = False) -> HeartsError:
    """``error`` for ``argument``: the argument classes (a wrong type also a ``TypeError``)
    or another project class, whose message then starts with the argument's name."""
    if error is ArgumentError:
        return (ArgumentTypeError if wrong_type else ArgumentError)(message, argument=argument)
    make: Callable[..., HeartsError] = error  # only some error classes take ``field=``: try it
    try:
        return make(message, field=argument)
    except TypeError:
        return error(f"{argument}: {message}")


__all__ = ["check_seat", "check_deal", "check_seat_names", "check_seed", "check_int",
           "check_choice", "check_callable", "SEAT_HELP", "NAME_MAX"]


def positive_int(text: str) -> int:
    """An argparse type: a whole number ≥ 1 (argparse turns the error into a usage
    message and exit status 2)."""
    try:
        value = int(text) if len(text) <= 20 else int("x")  # no 4,300-digit conversions
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {quote(text)}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number ≥ 1, got {value}")
    return value
