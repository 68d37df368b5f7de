"""Values as plain data: what crosses the pipe between the grader and a student's process.

The grader never unpickles anything a student's process sends. A student's answer is
turned into tagged JSON here (in the student's process), with a size budget, and rebuilt
in the grader's process from the tags alone:

- ``None``, ``bool``, ``int`` (up to 1,000 digits), ``float`` and ``str`` (up to
  ``MAX_STR`` characters) travel as themselves; subclasses travel as their base type, so an
  ``int`` subclass whose ``__eq__`` always says yes arrives as a plain ``int``;
- ``list``, ``tuple``, ``set``, ``frozenset`` and ``dict`` travel item by item, at most
  ``MAX_NODES`` values in all and ``MAX_DEPTH`` levels deep;
- a card (``Card``) travels as its name and comes back as the grader's own ``Card``;
- a position (a ``View``, the argument of exercise 10's ``choose_pass``/``choose_play``)
  travels as its fields (masks, numbers, names and the rule options) only from the grader to
  the student's process, which rebuilds it with its private copy of the package
  (``positions=True`` on both sides); an answer that is a ``View`` comes back ``Opaque``;
- an iterator (a generator, ``map``) is read up to ``MAX_ITEMS`` items; a longer one comes
  back as ``TooLong``;
- anything else (or anything too big) comes back as an ``Opaque`` stand-in that keeps only
  the type's name and the start of the repr, so the checkers can say what was returned.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from typing import Any

MAX_STR = 10_000
MAX_NODES = 50_000
MAX_DEPTH = 30
MAX_DIGITS = 1_000
MAX_ITEMS = 10_000


class Opaque:
    """Stands for a value that could not (or should not) travel as data."""

    __slots__ = ("type_name", "text")

    def __init__(self, type_name: str, text: str) -> None:
        self.type_name = type_name
        self.text = text

    def __repr__(self) -> str:
        return self.text

    def __hash__(self) -> int:
        return hash((self.type_name, self.text))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Opaque) and (self.type_name, self.text) == (other.type_name, other.text)


def _opaque_class(type_name: str) -> type:
    # a stand-in whose type carries the original name, so that "got ... (a generator)" reads right
    name = type_name if type_name.isidentifier() else "object"
    return type(name, (Opaque,), {"__slots__": ()})


class _Budget:
    def __init__(self) -> None:
        self.nodes = 0


def _text(value: Any, limit: int = 200) -> str:
    try:
        text = repr(value)
    except Exception:  # noqa: BLE001 - the student's __repr__ may raise
        text = f"<a {type(value).__name__} object>"
    return text if len(text) <= limit else text[: limit - 3] + "..."


def encode(value: Any, *, positions: bool = False) -> Any:
    """``value`` as tagged, JSON-ready data (answers: in the student's process; cases, with
    ``positions=True``: in the grader's)."""
    return _encode(value, _Budget(), 0, positions)


def _is_ours(v: Any, name: str) -> bool:
    return type(v).__name__ == name and type(v).__module__.startswith("hearts_teach.")


def _encode_view(v: Any) -> list:
    from dataclasses import fields

    data = {f.name: getattr(v, f.name) for f in fields(v)}
    rules = data.pop("rules")
    data["rules"] = {f.name: getattr(rules, f.name) for f in fields(rules)}
    return ["view", data]


def _encode(v: Any, budget: _Budget, depth: int, positions: bool = False) -> Any:
    budget.nodes += 1
    if budget.nodes > MAX_NODES or depth > MAX_DEPTH:
        return ["opaque", type(v).__name__, "<too big to send: more than "
                f"{MAX_NODES:,} values or {MAX_DEPTH} levels>"]
    if v is None:
        return ["none"]
    if isinstance(v, bool):
        return ["bool", v is True]
    if isinstance(v, int):
        n = int.__int__(v)  # the plain value, whatever a subclass says
        if n.bit_length() > MAX_DIGITS * 3.33:
            return ["opaque", "int", f"<a whole number with about {int(n.bit_length() / 3.33):,} digits>"]
        return ["int", str(n)]
    if isinstance(v, float):
        return ["float", float.__float__(v)] if v == v and abs(v) != float("inf") else ["float_text", repr(float(v))]
    if isinstance(v, str):
        s = str.__str__(v)
        if len(s) > MAX_STR:
            return ["opaque", "str", f"{s[:12]!r}... ({len(s):,} characters)"]
        return ["str", s]
    if type(v).__name__ in ("Card", "CardList") and type(v).__module__.startswith("hearts_teach."):
        return ["card", str(v)] if type(v).__name__ == "Card" else ["cards", [str(c) for c in v]]
    if positions and _is_ours(v, "View"):
        return _encode_view(v)  # JSON-ready as it is: ints, strings, tuples of ints, a dict of options
    for base, tag in ((tuple, "tuple"), (list, "list"), (frozenset, "frozenset"), (set, "set")):
        if isinstance(v, base):
            iterate: Callable[[Any], Iterator[Any]] = base.__iter__  # the base's, not a subclass's override
            items = list(iterate(v))
            return [tag, [_encode(x, budget, depth + 1, positions) for x in items]]
    if isinstance(v, dict):
        return ["dict", [[_encode(k, budget, depth + 1, positions), _encode(x, budget, depth + 1, positions)]
                         for k, x in list(dict.items(v))]]
    if isinstance(v, Iterator):
        items = list(itertools.islice(v, MAX_ITEMS + 1))
        if len(items) > MAX_ITEMS:
            return ["toolong", type(v).__name__]
        return ["list", [_encode(x, budget, depth + 1) for x in items]]
    return ["opaque", type(v).__name__, _text(v)]


def decode(data: Any, *, positions: bool = False) -> Any:
    """Rebuild a value from ``encode``'s output (answers: in the grader's process, trusting
    nothing; cases, with ``positions=True``: in the student's process)."""
    return _decode(data, 0, positions)


def _decode_view(data: Any) -> Any:
    from hearts_teach.games.hearts.rules import Rules
    from hearts_teach.games.hearts.view import View

    if not isinstance(data, dict) or not isinstance(data.get("rules"), dict):
        raise BadData("malformed position")
    fields = dict(data)
    fields["rules"] = Rules(**fields["rules"])
    for name in ("plays",):
        fields[name] = tuple(tuple(p) for p in fields.get(name, ()))
    for name in ("trick", "taken", "void", "sizes", "seat_names"):
        if name in fields:
            fields[name] = tuple(fields[name])
    return View(**fields)


class BadData(ValueError):
    """The data did not come from ``encode``."""


def _decode(d: Any, depth: int, positions: bool = False) -> Any:
    if depth > MAX_DEPTH + 2 or not isinstance(d, list) or not d or not isinstance(d[0], str):
        raise BadData("malformed value")
    tag = d[0]
    if tag == "none":
        return None
    if tag == "bool" and len(d) == 2 and isinstance(d[1], bool):
        return d[1]
    if tag == "int" and len(d) == 2 and isinstance(d[1], str) and len(d[1]) <= MAX_DIGITS + 2:
        return int(d[1])
    if tag == "float" and len(d) == 2 and isinstance(d[1], int | float) and not isinstance(d[1], bool):
        return float(d[1])
    if tag == "float_text" and len(d) == 2 and d[1] in ("nan", "inf", "-inf"):
        return float(d[1])
    if tag == "str" and len(d) == 2 and isinstance(d[1], str) and len(d[1]) <= MAX_STR:
        return d[1]
    if tag in ("card", "cards"):
        from hearts_teach.kernel.cards import Card, CardList

        if tag == "card" and len(d) == 2 and isinstance(d[1], str):
            return Card(d[1])
        if tag == "cards" and len(d) == 2 and isinstance(d[1], list) and all(isinstance(c, str) for c in d[1]):
            return CardList(d[1])
    if tag == "view" and positions and len(d) == 2:
        return _decode_view(d[1])
    if tag in ("list", "tuple", "set", "frozenset") and len(d) == 2 and isinstance(d[1], list):
        items = [_decode(x, depth + 1, positions) for x in d[1]]
        return {"list": list, "tuple": tuple, "set": set, "frozenset": frozenset}[tag](items)
    if tag == "dict" and len(d) == 2 and isinstance(d[1], list):
        out = {}
        for pair in d[1]:
            if not isinstance(pair, list) or len(pair) != 2:
                raise BadData("malformed dict item")
            out[_decode(pair[0], depth + 1, positions)] = _decode(pair[1], depth + 1, positions)
        return out
    if tag == "toolong" and len(d) == 2 and isinstance(d[1], str):
        from hearts_teach.classroom.checks.framework import TooLong

        return TooLong(d[1][:40])
    if tag == "opaque" and len(d) == 3 and isinstance(d[1], str) and isinstance(d[2], str):
        return _opaque_class(d[1][:40])(d[1][:40], d[2][:300])
    raise BadData(f"unknown value tag {tag[:20]!r}")
