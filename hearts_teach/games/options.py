"""What a game's rule options have in common (Hearts' ``Rules``, ``SpadesRules``).

Each game's rules are a frozen dataclass of named options with named presets. This base gives
them one way to be built from names (a misspelt option gets a message listing the valid ones),
from a preset, from a plain dict (records), to be changed with ``replace``, and to say how they
differ from the standard game (``changes``, ``name``, ``repr``, ``str``). A subclass declares
its options as dataclass fields (with ``repr=False``: the repr is this one), checks their values
in ``__post_init__`` and sets ``GAME`` (words before "rule option" in messages), ``PRESETS``
and ``EXAMPLE`` (an option in the hint for positional arguments).
"""

from __future__ import annotations

import dataclasses
from typing import Any, ClassVar, TypeVar

from hearts_teach.kernel.display import draw
from hearts_teach.kernel.errors import RulesError, quote

R = TypeVar("R", bound="RuleSet")


class RuleSet:
    __dataclass_fields__: ClassVar[dict[str, dataclasses.Field[Any]]]  # every subclass is a dataclass
    GAME: ClassVar[str] = ""  # "Spades " for Spades: "unknown Spades rule option ..."
    # options that say where the game is played rather than which variant (Hearts' ``players``):
    # a preset keeps its name at any table
    TABLE_OPTIONS: ClassVar[tuple[str, ...]] = ()
    PRESETS: ClassVar[dict[str, dict[str, Any]]] = {}
    EXAMPLE: ClassVar[str] = ""

    def __new__(cls: type[R], *args: Any, **options: Any) -> R:
        # the generated __init__ would raise a bare TypeError for a misspelt option or extra values
        names = cls.options()
        unknown = [k for k in options if k not in names]
        if unknown:
            raise RulesError(f"unknown {cls.GAME}rule option {quote(unknown[0])}; valid options are: "
                             f"{', '.join(names)}")
        if len(args) > len(names):
            raise RulesError(f"{cls.__name__} takes at most {len(names)} options, got {len(args)} "
                             f"values; name them, e.g. {cls.__name__}({cls.EXAMPLE})")
        return super().__new__(cls)

    def _check_flags(self) -> None:
        """Every option declared ``bool`` holds True or False (1 and "yes" are refused)."""
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if f.type in ("bool", bool) and not isinstance(value, bool):
                raise RulesError(f"{self.GAME}rule option {f.name!r} must be True or False, got {quote(value)}")

    # construction -----------------------------------------------------------------
    @classmethod
    def options(cls) -> tuple[str, ...]:
        return tuple(f.name for f in dataclasses.fields(cls))

    @classmethod
    def standard(cls: type[R]) -> R:
        return cls()

    @classmethod
    def from_options(cls: type[R], **options: Any) -> R:
        """Like ``cls(**options)``: an unknown name gets a message listing the valid ones."""
        return cls(**options)

    @classmethod
    def presets(cls) -> tuple[str, ...]:
        return tuple(cls.PRESETS)

    @classmethod
    def preset(cls: type[R], name: str) -> R:
        key = name.strip().lower().replace("-", "_").replace(" ", "_") if isinstance(name, str) else None
        if key not in cls.PRESETS:  # a non-string (even an unhashable list) is an unknown preset
            raise RulesError(f"unknown {cls.GAME}preset {quote(name)}; valid presets are: {', '.join(cls.PRESETS)}")
        return cls(**cls.PRESETS[key])

    def replace(self: R, **options: Any) -> R:
        return type(self)(**(self.to_dict() | options))

    # conversion -------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)

    @classmethod
    def from_dict(cls: type[R], data: Any) -> R:
        """From ``{option: value}``; ``{"preset": name, ...}`` starts from a preset."""
        if data is None:
            return cls()
        if not isinstance(data, dict):
            raise RulesError(f"{cls.GAME}rules must be an object of option: value, got {type(data).__name__}")
        for bad in data:
            if not isinstance(bad, str):  # cls(**data) would raise a bare TypeError
                raise RulesError(f"{cls.GAME}rule option names are strings, got {type(bad).__name__} "
                                 f"{quote(bad)}; valid options are: {', '.join(cls.options())}")
        data = dict(data)
        base = cls.preset(data.pop("preset")) if "preset" in data else cls()
        return base.replace(**data) if data else base

    def changes(self) -> dict[str, Any]:
        """Options that differ from the standard game."""
        std = type(self)()
        return {k: v for k, v in self.to_dict().items() if getattr(std, k) != v}

    @property
    def name(self) -> str:
        """The preset's name when these rules are exactly a preset, else 'custom'."""
        changes = {k: v for k, v in self.changes().items() if k not in self.TABLE_OPTIONS}
        for name, opts in self.PRESETS.items():
            if changes == opts:
                return name
        return "custom"

    def __repr__(self) -> str:
        return f"{type(self).__name__}({', '.join(f'{k}={v!r}' for k, v in self.changes().items())})"

    def _repr_html_(self) -> str:
        return draw("html", self)  # the name and the rules one per line (present.render)

    def __str__(self) -> str:
        changes = self.changes()
        if not changes:
            return f"standard {self.GAME}rules"
        return f"{self.name} {self.GAME}rules ({', '.join(f'{k}={v!r}' for k, v in changes.items())})"
