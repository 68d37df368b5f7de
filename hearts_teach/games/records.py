"""What the records of every game share: JSON text in and out, typed fields that name
themselves when wrong, the deal and seat names, and the replay of recorded cards through the
checked ``play`` (a corrupt record is rejected with the name of the bad field)."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, Self

from hearts_teach.kernel.cards import CardList
from hearts_teach.kernel.errors import ArgumentTypeError, HeartsError, RecordError, quote
from hearts_teach.kernel.table import FOUR, Table
from hearts_teach.kernel.validation import check_seat_names

HAND_NUMBER_MAX = 100_000  # far beyond any match (end_score is at most 10,000); keeps records and messages printable
TOO_MANY_DIGITS = f"a number has more than {sys.get_int_max_str_digits():,} digits"


def load_json(text: str | bytes) -> Any:
    """The decoded JSON value of a record, or a ``RecordError``: the text (or UTF-8 bytes)
    must be valid JSON, nest at most about 900 levels and hold no int of over 4,300 digits."""
    if isinstance(text, bytes | bytearray):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as e:
            raise RecordError(f"the record is not valid UTF-8 (byte {e.start})", field="record") from None
    if not isinstance(text, str):
        raise RecordError(f"a record is JSON text (a str), got {type(text).__name__} {quote(text)}",
                          field="record")
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise RecordError(f"not valid JSON ({e})", field="record") from None
    except RecursionError:
        raise RecordError("not valid JSON: nested too deeply", field="record") from None
    except ValueError:  # Python refuses to convert ints of more than 4,300 digits
        raise RecordError(f"not valid JSON: {TOO_MANY_DIGITS}", field="record") from None


@contextmanager
def as_record_error(field: str) -> Iterator[None]:
    """Turn a project error raised inside into a ``RecordError`` naming ``field``; a
    ``RecordError`` passes unchanged (its field is already the precise one)."""
    try:
        yield
    except RecordError:
        raise
    except HeartsError as e:
        raise RecordError(str(e), field=field) from None


JSON_OPTIONS = ("indent", "sort_keys", "separators", "ensure_ascii")  # what to_json passes to json.dumps
JSON_INDENT_MAX = 16  # spaces (or characters of an indent string): a huge indent would fill memory


def _json_option_ok(name: str, value: Any) -> bool:
    if name in ("sort_keys", "ensure_ascii"):
        return isinstance(value, bool)
    if name == "indent":
        if isinstance(value, str):
            return len(value) <= JSON_INDENT_MAX and not value.strip()
        return value is None or (type(value) is int and 0 <= value <= JSON_INDENT_MAX)
    return (value is None or (isinstance(value, tuple | list) and len(value) == 2
                              and all(isinstance(v, str) and len(v) <= JSON_INDENT_MAX for v in value)))


def dumps_json(value: Any, options: dict[str, Any]) -> str:
    """``json.dumps(value, **options)`` for a ``to_json``: an unknown keyword or a bad option
    value is an ``ArgumentError`` naming it, never json's own TypeError (nor a memory error)."""
    for name, option in options.items():
        if name not in JSON_OPTIONS:
            raise ArgumentTypeError(f"to_json takes the options {', '.join(JSON_OPTIONS)} of json.dumps, "
                                    f"not {quote(name)}", argument=str(name)[:40])
        if not _json_option_ok(name, option):
            raise ArgumentTypeError(f"to_json got {name}={quote(option)}: indent is None, 0..{JSON_INDENT_MAX} "
                                    f"or a string of up to {JSON_INDENT_MAX} spaces, sort_keys and ensure_ascii "
                                    f"True or False, separators two short strings such as (',', ': ')",
                                    argument=name)
    return json.dumps(value, **options)


class JsonRecord:
    """``to_json`` / ``from_json`` for a class with ``to_record`` / ``from_record`` (the
    hands and matches of both games)."""

    if TYPE_CHECKING:  # what each subclass defines, for the type checker
        def to_record(self) -> dict[str, Any]: ...
        @classmethod
        def from_record(cls, record: dict[str, Any]) -> Self: ...

    def to_json(self, **kwargs: Any) -> str:
        """The record as JSON; ``indent``, ``sort_keys``, ``separators`` and ``ensure_ascii`` are
        passed to ``json.dumps``."""
        return dumps_json(self.to_record(), kwargs)

    @classmethod
    def from_json(cls, text: str) -> Self:
        return cls.from_record(load_json(text))


def record_field(rec: dict, name: str, kind: type | tuple, default: Any = ..., path: str = "") -> Any:
    if name not in rec:
        if default is ...:
            raise RecordError("missing", field=path + name)
        return default
    value = rec[name]
    ints = kind is int or (isinstance(kind, tuple) and int in kind)
    if not isinstance(value, kind) or (ints and isinstance(value, bool)):
        want = kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)
        raise RecordError(f"expected {want}, got {type(value).__name__} {quote(value)}", field=path + name)
    if ints and isinstance(value, int) and value.bit_length() > 64:  # no count or seed is that big
        raise RecordError(f"expected a whole number of at most 64 bits, got {quote(value)}", field=path + name)
    return value


def cards_field(value: Any, field: str) -> CardList:
    if not isinstance(value, list):
        raise RecordError(f"expected a list of cards, got {quote(value)}", field=field)
    with as_record_error(field):
        return CardList(value)


def check_hand_header(rec: Any, what: str, fmt_expected: str, path: str) -> None:
    """A hand record is a JSON object whose format, when given, is ``fmt_expected``
    (shared with the Spades records; ``what`` names the record in the message)."""
    if not isinstance(rec, dict):
        raise RecordError(f"{what} is a JSON object, got {type(rec).__name__}", field=path or "record")
    fmt = rec.get("format", fmt_expected)
    if fmt != fmt_expected:
        raise RecordError(f"unknown format {quote(fmt)}, expected {fmt_expected!r}", field=path + "format")


def deal_field(rec: dict, path: str, table: Table = FOUR) -> list[CardList]:
    """The record's ``deal``: one list of cards per seat of ``table`` (the engine checks
    sizes and repeats)."""
    deal = record_field(rec, "deal", list, ..., path)
    if len(deal) != table.players:
        raise RecordError(f"expected {table.players} hands, got {len(deal)}", field=path + "deal")
    return [cards_field(h, f"{path}deal[{i}]") for i, h in enumerate(deal)]


def names_field(rec: dict, path: str, want: str | None = None,
                 table: Table = FOUR) -> list[str] | None:
    """The record's optional ``seat_names``: one string per seat of ``table`` (``want``
    words the expectation)."""
    names = record_field(rec, "seat_names", list, None, path)
    want = want or f"{table.players} seat names (strings)"
    if names is not None and (len(names) != table.players or not all(isinstance(n, str) for n in names)):
        raise RecordError(f"expected {want}, got {quote(names)}", field=path + "seat_names")
    if names is not None:
        # printable, not blank, not too long
        check_seat_names(names, RecordError, path + "seat_names", table=table)
    return names


def check_hand_number(number: int, path: str) -> None:
    if not 0 <= number <= HAND_NUMBER_MAX:
        raise RecordError(f"must be 0 or more (at most {HAND_NUMBER_MAX:,}), got {quote(number)}",
                          field=path + "hand_number")


def play_all(hand: Any, plays: list, path: str) -> None:
    """Replay the recorded cards through the checked ``play``; the first refused card is a
    ``RecordError`` naming its place in ``plays`` (shared with the Spades records)."""
    for i, card in enumerate(plays):
        with as_record_error(f"{path}plays[{i}]"):
            hand.play(card)
