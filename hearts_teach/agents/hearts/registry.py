"""The bot registry: every bot the package can make by name, and the learner's ladder.

``register_bot(name, factory, ladder=False, label=..., description=...)`` adds a bot that
``make_bot(name, seed)`` can build. Only bots registered with ``ladder=True`` appear in the
learner's level menu (``ladder_levels()``, read by the Play app), in registration order, which
is the order of strength the ladder benchmark measures (``tools.bench_bots --ladder``). Any
other bot (a yardstick, a teacher's toy, a lesson's prop) can be made by name but stays off
the menu.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from hearts_teach.agents.hearts.base import Bot
from hearts_teach.kernel.errors import ArgumentError, ArgumentTypeError, HeartsError, quote
from hearts_teach.kernel.validation import check_seed

BotFactory = Callable[[int], Bot]  # seed -> a fresh bot


class UnknownBotError(HeartsError):
    """A bot name that is not registered."""


@dataclass(frozen=True)
class BotEntry:
    """A registered bot: its name, how to make it from a seed, and how the menu shows it.

    search: the bot thinks by sampling deals (slow; benchmarks give it fewer deals)."""

    name: str
    factory: BotFactory
    ladder: bool
    label: str
    description: str
    search: bool = False


_BOTS: dict[str, BotEntry] = {}  # registration order = ladder order (dicts keep insertion order)
_ALIASES: dict[str, str] = {}


def _key(name: object) -> str:
    if not isinstance(name, str):
        raise ArgumentTypeError(f"a bot name is a string, got {quote(name)}", argument="name")
    key = name.strip().lower()
    if not key or not key.replace("_", "").replace("-", "").isalnum() or not key.isascii():
        raise ArgumentError(f"a bot name is letters, digits, '-' or '_', got {quote(name)}", argument="name")
    return key


def register_bot(name: str, factory: BotFactory, ladder: bool = False, label: str | None = None,
                 description: str = "", *, search: bool = False, aliases: tuple[str, ...] = (),
                 replace: bool = False) -> BotEntry:
    """Register a bot so that ``make_bot(name, seed)`` builds it with ``factory(seed)``.

    ladder: list it in the learner's level menu, above every ladder bot registered before it
    (register weakest first, and measure the step with ``tools.bench_bots --ladder``).
    label / description: the menu's plain-words name and one line about how it plays.
    A name already taken is refused unless ``replace=True``.
    """
    key = _key(name)
    if not callable(factory):
        raise ArgumentTypeError(f"factory is a function seed -> Bot, got {quote(factory)}", argument="factory")
    if not isinstance(ladder, bool):
        raise ArgumentTypeError(f"ladder is True or False, got {quote(ladder)}", argument="ladder")
    taken = key in _BOTS or key in _ALIASES
    if taken and not (replace and key in _BOTS):
        raise ArgumentError(f"a bot named {quote(key)} is already registered (pass replace=True to replace it)",
                            argument="name")
    if ladder and not (label and description):
        raise ArgumentError(f"a ladder bot needs a label and a one-line description for the level menu "
                            f"({quote(key)})", argument="label")
    entry = BotEntry(key, factory, ladder, label or key, description, search)
    _BOTS[key] = entry
    for alias in aliases:
        _ALIASES[_key(alias)] = key
    return entry


def unregister_bot(name: str) -> None:
    """Remove a registered bot (and its aliases), e.g. a toy bot at the end of a test."""
    key = _ALIASES.get(_key(name), _key(name))
    if key not in _BOTS:
        raise UnknownBotError(f"no bot named {quote(name)} is registered")
    del _BOTS[key]
    for alias in [a for a, k in _ALIASES.items() if k == key]:
        del _ALIASES[alias]


def registered(name: str) -> BotEntry:
    """The registry entry of ``name`` (or of an alias such as ``greedy``)."""
    key = name.strip().lower() if isinstance(name, str) else name
    entry = _BOTS.get(_ALIASES.get(key, key)) if isinstance(key, str) else None
    if entry is None:
        raise UnknownBotError(f"unknown bot {quote(name)}; choose one of {', '.join(_BOTS)} or mc:N (e.g. mc:64)")
    return entry


def bot_names() -> tuple[str, ...]:
    """Every registered bot name (the ladder's first, weakest first, then the others)."""
    return tuple(n for n, e in _BOTS.items() if e.ladder) + tuple(n for n, e in _BOTS.items() if not e.ladder)


def ladder_names() -> tuple[str, ...]:
    """The learner's ladder, weakest first."""
    return tuple(n for n, e in _BOTS.items() if e.ladder)


def ladder_levels() -> tuple[tuple[str, str, str], ...]:
    """``(name, label, description)`` of each ladder bot, weakest first: the level menu."""
    return tuple((e.name, e.label, e.description) for e in _BOTS.values() if e.ladder)


def build(name: str, seed: int) -> Bot:
    check_seed(seed, allow_str=False)
    return registered(name).factory(seed)


__all__ = ["BotEntry", "BotFactory", "UnknownBotError", "bot_names", "build", "ladder_levels", "ladder_names",
           "register_bot", "registered", "unregister_bot"]
