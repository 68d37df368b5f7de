"""The rule options of Hearts as one immutable object with named presets.

Defaults follow ``RULES.md`` (the project's choice where sources disagree).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, fields
from typing import Any

from hearts_teach.kernel.errors import InvalidSeatError, RulesError, quote

MOON_CHOICES = ("add_to_others", "subtract_from_self")
PASS_DIRECTIONS = ("left", "right", "across", "hold")
PASS_OFFSETS = {"left": 1, "right": 3, "across": 2, "hold": 0}
END_SCORE_MAX = 10_000  # a bound keeps records and tables printable


@dataclass(frozen=True)
class Rules:
    """Rule options. ``Rules()`` is the standard game; ``Rules.preset('omnibus')`` a variant.

    passing: players pass three cards before play (False: every hand is a hold hand).
    no_points_on_first_trick: no heart or Q♠ on the first trick unless the hand has nothing else.
    queen_breaks_hearts: playing Q♠ also breaks hearts.
    queen_waits: Q♠ may not be led or discarded until hearts are broken, unless the player
        holds nothing else (following suit with her is always allowed; the other rules then
        apply to the rest of the hand, so a hand of only hearts and Q♠ leads a heart).
    moon: 'add_to_others' (shooter 0, others 26) or 'subtract_from_self' (shooter −26, others 0).
    end_score: the match ends once a total reaches this at the end of a hand.
    omnibus: the jack of diamonds counts −10 to whoever takes it.
    """

    passing: bool = True
    no_points_on_first_trick: bool = True
    queen_breaks_hearts: bool = False
    moon: str = "add_to_others"
    end_score: int = 100
    omnibus: bool = False
    queen_waits: bool = False

    def __new__(cls, *args: Any, **options: Any) -> Rules:
        # the generated __init__ would raise a bare TypeError for a misspelt option
        unknown = [k for k in options if k not in _OPTION_NAMES]
        if unknown:
            raise RulesError(f"unknown rule option {quote(unknown[0])}; valid options are: "
                             f"{', '.join(_OPTION_NAMES)}")
        return super().__new__(cls)

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            if f.type in ("bool", bool) and not isinstance(value, bool):
                raise RulesError(f"rule option {f.name!r} must be True or False, got {quote(value)}")
        if not isinstance(self.moon, str) or self.moon not in MOON_CHOICES:
            raise RulesError(f"rule option 'moon' must be one of {', '.join(map(repr, MOON_CHOICES))}, "
                             f"got {quote(self.moon)}")
        if not isinstance(self.end_score, int) or isinstance(self.end_score, bool) \
                or not 1 <= self.end_score <= END_SCORE_MAX:
            raise RulesError(f"rule option 'end_score' must be a positive whole number (at most {END_SCORE_MAX:,}), "
                             f"got {quote(self.end_score)}")

    # construction -----------------------------------------------------------------
    @classmethod
    def options(cls) -> tuple[str, ...]:
        return tuple(f.name for f in fields(cls))

    @classmethod
    def standard(cls) -> Rules:
        return cls()

    @classmethod
    def from_options(cls, **options: Any) -> Rules:
        """Like ``Rules(**options)`` but an unknown name gets a message listing the valid ones."""
        unknown = [k for k in options if k not in cls.options()]
        if unknown:
            raise RulesError(f"unknown rule option {quote(unknown[0])}; valid options are: "
                             f"{', '.join(cls.options())}")
        return cls(**options)

    @classmethod
    def presets(cls) -> tuple[str, ...]:
        return tuple(PRESETS)

    @classmethod
    def preset(cls, name: str) -> Rules:
        key = name.strip().lower().replace("-", "_").replace(" ", "_") if isinstance(name, str) else None
        if key not in PRESETS:  # a non-string (even an unhashable list) is an unknown preset
            raise RulesError(f"unknown preset {quote(name)}; valid presets are: {', '.join(PRESETS)}")
        return cls.from_options(**PRESETS[key])

    def replace(self, **options: Any) -> Rules:
        return Rules.from_options(**(self.to_dict() | options))

    # conversion -------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)

    @classmethod
    def from_dict(cls, data: Any) -> Rules:
        """From ``{option: value}``; ``{"preset": name, ...}`` starts from a preset."""
        if data is None:
            return cls()
        if not isinstance(data, dict):
            raise RulesError(f"rules must be an object of option: value, got {type(data).__name__}")
        for bad in data:
            if not isinstance(bad, str):  # Rules(**data) would raise a bare TypeError
                raise RulesError(f"rule option names are strings, got {type(bad).__name__} {quote(bad)}; "
                                 f"valid options are: {', '.join(cls.options())}")
        data = dict(data)
        base = cls.preset(data.pop("preset")) if "preset" in data else cls()
        return base.replace(**data) if data else base

    def changes(self) -> dict[str, Any]:
        """Options that differ from the standard game."""
        std = Rules()
        return {k: v for k, v in self.to_dict().items() if getattr(std, k) != v}

    @property
    def name(self) -> str:
        """The preset's name when these rules are exactly a preset, else 'custom'."""
        for name, opts in PRESETS.items():
            if self.changes() == opts:
                return name
        return "custom"

    def __repr__(self) -> str:
        args = ", ".join(f"{k}={v!r}" for k, v in self.changes().items())
        return f"Rules({args})"

    def __str__(self) -> str:
        changes = self.changes()
        if not changes:
            return "standard rules"
        return f"{self.name} rules ({', '.join(f'{k}={v!r}' for k, v in changes.items())})"

    def describe(self) -> str:
        """A learner-facing summary, one rule per line."""
        lines = [
            "Passing: 3 cards, rotating left, right, across, hold" if self.passing
            else "Passing: none (every hand is a hold hand)",
            "First trick: no hearts or Q♠ unless you hold nothing else" if self.no_points_on_first_trick
            else "First trick: point cards may be discarded",
            "Hearts are broken by a heart" + (" or by Q♠" if self.queen_breaks_hearts else " only (not by Q♠)"),
            "Shooting the moon: " + ("the shooter scores 0, everyone else 26" if self.moon == "add_to_others"
                                     else "the shooter scores −26, everyone else 0"),
            f"The match ends after a hand in which someone reaches {self.end_score}: lowest total wins "
            f"(a tie for lowest plays another hand)",
        ]
        if self.omnibus:
            lines.append("Omnibus: the J♦ counts −10 to whoever takes it")
        if self.queen_waits:
            lines.append("The queen waits: Q♠ may not be led or discarded until hearts are broken, "
                         "unless you hold nothing else")
        return "\n".join(lines)

    def pass_direction(self, hand_number: int) -> str:
        """'left', 'right', 'across' or 'hold' for hand ``hand_number`` (0-based)."""
        if isinstance(hand_number, bool) or not isinstance(hand_number, int) or hand_number < 0:
            raise RulesError(f"hand_number must be a whole number 0, 1, 2, ..., got {quote(hand_number)}")
        if not self.passing:
            return "hold"
        return PASS_DIRECTIONS[hand_number % 4]


_OPTION_NAMES = tuple(f.name for f in fields(Rules))

PRESETS: dict[str, dict[str, Any]] = {
    "standard": {},
    "omnibus": {"omnibus": True},
    "no_pass": {"passing": False},
    "queen_breaks": {"queen_breaks_hearts": True},
    "new_moon": {"moon": "subtract_from_self"},
    "first_trick_points": {"no_points_on_first_trick": False},
    "queen_waits": {"queen_waits": True},
}


def pass_target(seat: int, direction: str) -> int | None:
    """The seat that receives ``seat``'s pass, or None on a hold hand. Left is seat + 1."""
    if not isinstance(direction, str) or direction not in PASS_OFFSETS:
        raise RulesError(f"unknown pass direction {quote(direction)}; valid: {', '.join(PASS_DIRECTIONS)}")
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat <= 3:
        raise InvalidSeatError(f"invalid seat {quote(seat)}: seats are numbered 0, 1, 2, 3 clockwise")
    if direction == "hold":
        return None
    return (seat + PASS_OFFSETS[direction]) % 4
