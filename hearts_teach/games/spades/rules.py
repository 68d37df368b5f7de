"""The rule options of Spades as one immutable object with named presets (like Hearts' ``Rules``).

The rules are stated in ``docs/rules.md`` (Spades S1-S9); the choices where the sources are
silent (SD1-SD6 there) that these options control:

- Blind nil (``blind_nil=True``): a player bids nil *before looking at the cards*; it scores
  +200 when that player takes no trick and −200 otherwise (``blind_nil_value``). It may be bid
  only when the bidder's team is behind by at least ``blind_nil_deficit`` (100) points at the
  start of the hand (the running totals before the deal). The engine cannot see whether a
  person looked: the bid widget enforces it by keeping the cards face down until the player
  either bids blind nil or turns them over. There is no card exchange between the partners.
- ``nil_tricks_count`` (default True, rule S8): a broken nil's tricks count toward the
  partner's contract (and can be bags). With False they count for nothing: neither toward
  the contract nor as bags (the other common rule set).
- ``end_score`` (500): the match ends after a hand in which a team has reached it; the higher
  total wins and an exact tie plays another hand.
- ``mercy`` (0 = off): when positive, the match also ends after a hand in which one team is
  ``mercy`` points or more behind the other (for example 500); the team ahead wins.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, fields
from typing import Any

from hearts_teach.kernel.display import draw
from hearts_teach.kernel.errors import RulesError, quote

POINTS_MAX = 10_000  # a cap on every points option (like the Hearts end_score): tables stay printable


@dataclass(frozen=True)
class SpadesRules:
    """Spades rule options. ``SpadesRules()`` is the standard game; ``SpadesRules.preset('blind_nil')``.

    blind_nil: blind nil may be bid (±``blind_nil_value``, only ``blind_nil_deficit`` behind).
    blind_nil_value: what a blind nil scores when kept (and costs when broken).
    blind_nil_deficit: how far behind a team must be to bid blind nil.
    nil_tricks_count: a broken nil's tricks count toward the partner's contract.
    end_score: the match target.
    mercy: 0, or a lead that ends the match early (the team ahead wins).
    """

    blind_nil: bool = False
    blind_nil_value: int = 200
    blind_nil_deficit: int = 100
    nil_tricks_count: bool = True
    end_score: int = 500
    mercy: int = 0

    def __new__(cls, *args: Any, **options: Any) -> SpadesRules:
        # the generated __init__ would raise a bare TypeError for a misspelt option or extra values
        unknown = [k for k in options if k not in _OPTION_NAMES]
        if unknown:
            raise RulesError(f"unknown Spades rule option {quote(unknown[0])}; valid options are: "
                             f"{', '.join(_OPTION_NAMES)}")
        if len(args) > len(_OPTION_NAMES):
            raise RulesError(f"SpadesRules takes at most {len(_OPTION_NAMES)} options, got {len(args)} "
                             f"values; name them, e.g. SpadesRules(blind_nil=True)")
        return super().__new__(cls)

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            if f.type in ("bool", bool):
                if not isinstance(value, bool):
                    raise RulesError(f"Spades rule option {f.name!r} must be True or False, got {quote(value)}")
            elif isinstance(value, bool) or not isinstance(value, int):
                raise RulesError(f"Spades rule option {f.name!r} must be a whole number, got {quote(value)}")
        for name, low in (("blind_nil_value", 1), ("end_score", 1), ("blind_nil_deficit", 0), ("mercy", 0)):
            value = getattr(self, name)
            if value < low:
                raise RulesError(f"Spades rule option {name!r} must be {low} or more, got {quote(value)}")
            if value > POINTS_MAX:  # huge numbers would only make tables unprintable
                raise RulesError(f"Spades rule option {name!r} must be at most {POINTS_MAX:,}, got {quote(value)}")

    @classmethod
    def options(cls) -> tuple[str, ...]:
        return _OPTION_NAMES

    @classmethod
    def presets(cls) -> tuple[str, ...]:
        return tuple(PRESETS)

    @classmethod
    def preset(cls, name: str) -> SpadesRules:
        key = name.strip().lower().replace("-", "_").replace(" ", "_") if isinstance(name, str) else None
        if key not in PRESETS:  # a non-string (even an unhashable list) is an unknown preset
            raise RulesError(f"unknown Spades preset {quote(name)}; valid presets are: {', '.join(PRESETS)}")
        return cls(**PRESETS[key])

    def replace(self, **options: Any) -> SpadesRules:
        return SpadesRules(**(self.to_dict() | options))

    def to_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)

    @classmethod
    def from_dict(cls, data: Any) -> SpadesRules:
        """From ``{option: value}``; ``{"preset": name, ...}`` starts from a preset."""
        if data is None:
            return cls()
        if not isinstance(data, dict):
            raise RulesError(f"Spades rules must be an object of option: value, got {type(data).__name__}")
        for bad in data:
            if not isinstance(bad, str):  # SpadesRules(**data) would raise a bare TypeError
                raise RulesError(f"Spades rule option names are strings, got {type(bad).__name__} "
                                 f"{quote(bad)}; valid options are: {', '.join(_OPTION_NAMES)}")
        data = dict(data)
        base = cls.preset(data.pop("preset")) if "preset" in data else cls()
        return base.replace(**data) if data else base

    def changes(self) -> dict[str, Any]:
        std = SpadesRules()
        return {k: v for k, v in self.to_dict().items() if getattr(std, k) != v}

    @property
    def name(self) -> str:
        for name, opts in PRESETS.items():
            if self.changes() == opts:
                return name
        return "custom"

    def __repr__(self) -> str:
        return f"SpadesRules({', '.join(f'{k}={v!r}' for k, v in self.changes().items())})"

    def __str__(self) -> str:
        changes = self.changes()
        if not changes:
            return "standard Spades rules"
        return f"{self.name} Spades rules ({', '.join(f'{k}={v!r}' for k, v in changes.items())})"

    def _repr_html_(self) -> str:
        return draw("html", self)  # the name and the rules one per line (present.render)

    def describe(self) -> str:
        """A learner-facing summary, one rule per line."""
        lines = ["Bids 0-13 (0 = nil: +100 kept, −100 broken); a team's contract is the sum of its bids",
                 "A broken nil's tricks " + ("count toward the partner's contract" if self.nil_tricks_count
                                             else "count for nothing (no contract, no bags)")]
        if self.blind_nil:
            lines.append(f"Blind nil: bid before looking at your cards, ±{self.blind_nil_value}; only when "
                         f"your team is behind by {self.blind_nil_deficit} or more")
        else:
            lines.append("Blind nil: not played")
        lines.append(f"The match ends when a team reaches {self.end_score}; the higher total wins, "
                     f"an exact tie plays another hand")
        if self.mercy:
            lines.append(f"Mercy rule: a team {self.mercy} or more behind loses at once")
        return "\n".join(lines)

    def may_bid_blind_nil(self, team_total: int, other_total: int) -> bool:
        """Blind nil is allowed for a team with ``team_total`` against ``other_total``."""
        return self.blind_nil and other_total - team_total >= self.blind_nil_deficit


_OPTION_NAMES = tuple(f.name for f in fields(SpadesRules))

PRESETS: dict[str, dict[str, Any]] = {
    "standard": {},
    "blind_nil": {"blind_nil": True},
    "nil_tricks_lost": {"nil_tricks_count": False},
    "mercy": {"mercy": 500},
}

__all__ = ["SpadesRules", "PRESETS"]
