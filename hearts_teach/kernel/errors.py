"""The project's exceptions.

Every rejection is a ``ValueError`` subclass, so a beginner's ``except ValueError``
catches them all, while tests and tools can tell them apart. Messages quote the
input, name the rule and say what the player may do instead.
"""

from __future__ import annotations

import reprlib
from enum import StrEnum
from typing import Any


class Rule(StrEnum):
    """The rule behind a verdict: why a card is legal or why an action is rejected."""

    # reasons a card may be played
    OPENING_LEAD = "opening_lead"  # the 2♣ opens the hand
    FOLLOWS_SUIT = "follows_suit"
    VOID_DISCARD = "void_discard"  # void in the led suit: any card (subject to the first trick)
    FREE_LEAD = "free_lead"
    ALL_HEARTS_LEAD = "all_hearts_lead"  # hearts unbroken but the hand holds only hearts
    ONLY_POINTS_LEFT = "only_points_left"  # first trick, void, nothing but point cards
    # reasons a card or an action is rejected
    MUST_LEAD_TWO_OF_CLUBS = "must_lead_two_of_clubs"
    MUST_FOLLOW_SUIT = "must_follow_suit"
    NO_POINTS_ON_FIRST_TRICK = "no_points_on_first_trick"
    HEARTS_NOT_BROKEN = "hearts_not_broken"
    QUEEN_WAITS = "queen_waits"  # variant: Q♠ may not be led or discarded before hearts break
    HEARTS_AND_QUEEN_WAIT = "hearts_and_queen_wait"  # variant, leading: neither hearts nor Q♠
    NOT_IN_HAND = "not_in_hand"
    OUT_OF_TURN = "out_of_turn"
    WRONG_PHASE = "wrong_phase"
    PASS_SIZE = "pass_size"
    PASS_DUPLICATE = "pass_duplicate"
    ALREADY_PASSED = "already_passed"
    # Spades-only reasons
    SPADES_NOT_BROKEN = "spades_not_broken"
    ALL_SPADES_LEAD = "all_spades_lead"
    BID_RANGE = "bid_range"
    BLIND_NIL_NOT_ALLOWED = "blind_nil_not_allowed"

    def __str__(self) -> str:
        return self.value


class HeartsError(ValueError):
    """Base class of every error the project raises on purpose."""


class InvalidCardError(HeartsError):
    """A card string that cannot be parsed."""


class InvalidSeatError(HeartsError):
    """A seat number outside the table (0..3 at the four-seat table)."""


class InvalidDealError(HeartsError):
    """A deal that does not give every seat its hand of different cards (4 × 13 at four seats)."""


class RulesError(HeartsError):
    """An unknown rule option, a bad option value or an unknown preset."""


class UnsupportedRuleError(RulesError):
    """Rules that an engine cannot play (the numpy batch engine and a rule option it has not
    learnt, or a table it does not seat); ``option`` names the option."""

    def __init__(self, message: str, *, option: str):
        super().__init__(message)
        self.option = option


class ActionError(HeartsError):
    """An action (a play, a pass, a bid) that the rules reject; ``rule`` says which rule."""

    def __init__(self, message: str, *, rule: Rule, card: Any = None, seat: int | None = None):
        super().__init__(message)
        self.rule = rule
        self.card = card
        self.seat = seat


class IllegalPlayError(ActionError):
    """A card that may not be played now (wrong suit, hearts unbroken, first trick...)."""


class NotInHandError(IllegalPlayError):
    """A card the player does not hold."""


class OutOfTurnError(ActionError):
    """Someone acted when it was not their turn."""


class WrongPhaseError(ActionError):
    """An action that belongs to another phase (playing during the pass, passing after it)."""


class IllegalPassError(ActionError):
    """A pass of the wrong size, with duplicates or with cards not held."""


class IllegalBidError(ActionError):
    """A Spades bid outside 0-13 or out of turn."""


class NothingToUndoError(HeartsError):
    """``undo()`` with an empty history."""


class RecordError(HeartsError):
    """A saved record (JSON) that is malformed; ``field`` names the bad field."""

    def __init__(self, message: str, *, field: str = ""):
        super().__init__(f"{field}: {message}" if field else message)
        self.field = field


class ArgumentError(HeartsError):
    """A bad argument to a public function or constructor (a count out of range, an unknown
    option); ``argument`` names it. Still a ``ValueError``, as before."""

    def __init__(self, message: str, *, argument: str = ""):
        super().__init__(f"{argument}: {message}" if argument else message)
        self.argument = argument


class ArgumentTypeError(ArgumentError, TypeError):
    """An argument of the wrong type (a list where a seed goes). Both a ``ValueError`` (like
    every project error) and a ``TypeError`` (what such calls raised before)."""


# --- quoting bad input ---------------------------------------------------------------------
QUOTE_LIMIT = 80


class _BoundedRepr(reprlib.Repr):
    """``reprlib`` with limits fit for error messages: short strings and containers, shallow
    nesting, and ints too long for ``str`` (Python refuses beyond 4,300 digits) described."""

    def __init__(self) -> None:
        super().__init__()
        self.maxlevel = 3
        self.maxstring = self.maxother = self.maxlong = QUOTE_LIMIT
        self.maxlist = self.maxtuple = self.maxset = self.maxfrozenset = self.maxdeque = 6
        self.maxdict = 4

    def repr_int(self, x: int, level: int) -> str:
        if x.bit_length() > 256:  # str() of a huge int is slow or refused outright
            return f"<{'negative ' if x < 0 else ''}int of {x.bit_length()} bits>"
        return super().repr_int(x, level)

    def repr_instance(self, x: object, level: int) -> str:
        try:
            text = repr(x)
        except Exception:  # a hostile __repr__ must not replace the real error
            return f"<{type(x).__name__} object>"
        return text if len(text) <= self.maxother else text[:self.maxother - 3] + "..."


_REPR = _BoundedRepr()


def quote(value: Any, limit: int = QUOTE_LIMIT) -> str:
    """``repr(value)`` cut to about ``limit`` characters, for messages that quote input: a
    1 MB string, a huge int or a deeply nested list gives a short, safe quote."""
    if isinstance(value, str) and len(value) > limit:
        return repr(value[:limit - 5]) + f"... ({len(value):,} characters)"
    try:
        text = _REPR.repr(value)
    except Exception:
        text = f"<{type(value).__name__} object>"
    return text if len(text) <= limit + 30 else text[:limit] + "..."


def describe(value: Any, limit: int = QUOTE_LIMIT) -> str:
    """The type and a bounded quote: ``list [1, 2]``."""
    return f"{type(value).__name__} {quote(value, limit)}"
