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

from dataclasses import dataclass, fields
from functools import lru_cache
from typing import Any, ClassVar

from hearts_teach.games.options import RuleSet
from hearts_teach.kernel.cards import SPADES, SPADES_MASK
from hearts_teach.kernel.errors import RulesError, quote

# the fixed scores (S6-S8 of docs/rules.md): here, so describe() and scoring read one value
BAG_LIMIT = 10
BAG_PENALTY = 100
NIL_VALUE = 100

POINTS_MAX = 10_000  # a cap on every points option (like the Hearts end_score): tables stay printable


PRESETS: dict[str, dict[str, Any]] = {
    "standard": {},
    "blind_nil": {"blind_nil": True},
    "nil_tricks_lost": {"nil_tricks_count": False},
    "mercy": {"mercy": 500},
}


@dataclass(frozen=True, repr=False)
class SpadesRules(RuleSet):
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

    GAME: ClassVar[str] = "Spades "
    PRESETS: ClassVar[dict[str, dict[str, Any]]] = PRESETS
    EXAMPLE: ClassVar[str] = "blind_nil=True"

    def __post_init__(self) -> None:
        self._check_flags()
        for f in fields(self):
            value = getattr(self, f.name)
            if f.type not in ("bool", bool) and (isinstance(value, bool) or not isinstance(value, int)):
                raise RulesError(f"Spades rule option {f.name!r} must be a whole number, got {quote(value)}")
        for name, low in (("blind_nil_value", 1), ("end_score", 1), ("blind_nil_deficit", 0), ("mercy", 0)):
            value = getattr(self, name)
            if value < low:
                raise RulesError(f"Spades rule option {name!r} must be {low} or more, got {quote(value)}")
            if value > POINTS_MAX:  # huge numbers would only make tables unprintable
                raise RulesError(f"Spades rule option {name!r} must be at most {POINTS_MAX:,}, got {quote(value)}")

    def describe(self) -> str:
        """A learner-facing summary, one rule per line."""
        lines = [f"Bids 0-13 (0 = nil: +{NIL_VALUE} kept, −{NIL_VALUE} broken); a team's contract is the sum of its bids",
                 f"Contract made: +10 a trick bid, +1 a bag (a trick over the contract); set: −10 a trick bid; "
                 f"every {BAG_LIMIT} bags: −{BAG_PENALTY}",
                 "A broken nil's tricks " + ("count toward the partner's contract" if self.nil_tricks_count
                                             else "count for nothing (no contract, no bags)")]
        if self.blind_nil:
            lines.append(f"Blind nil: bid before looking at your cards, ±{self.blind_nil_value}; only when "
                         f"your team is behind by {self.blind_nil_deficit} or more")
        else:
            lines.append("Blind nil: not played")
        lines.append(f"The match ends after a hand in which a team reaches {self.end_score}; the higher total wins, "
                     f"an exact tie plays another hand")
        if self.mercy:
            lines.append(f"Mercy rule: a team {self.mercy} or more behind after a hand loses")
        return "\n".join(lines)

    def may_bid_blind_nil(self, team_total: int, other_total: int) -> bool:
        """Blind nil is allowed for a team with ``team_total`` against ``other_total``."""
        return self.blind_nil and other_total - team_total >= self.blind_nil_deficit

    @property
    def compiled(self) -> SpadesTables:
        """These rules compiled once into the value the play phase reads (``SpadesTables``)."""
        return _compiled(self)


@dataclass(frozen=True, slots=True, repr=False)
class SpadesTables:
    """``SpadesRules`` compiled: what the Spades cascade and play state read (``SpadesHand``,
    ``SpadesView``, ``SpadesState``). No option changes legality today; the trump and the
    suit that must be broken live here so that one that does is compiled in one place."""

    rules: SpadesRules
    trump: int  # the trump suit
    breaks: int  # the cards that break the suit that may not be led before it is broken
    end_score: int
    mercy: int

    def __repr__(self) -> str:  # eval-able where SpadesRules is in scope
        return f"{self.rules!r}.compiled"


def compile_rules(rules: SpadesRules) -> SpadesTables:
    """Each option of ``rules`` as the tables the play phase reads."""
    return SpadesTables(rules=rules, trump=SPADES, breaks=SPADES_MASK, end_score=rules.end_score,
                        mercy=rules.mercy)


_compiled = lru_cache(maxsize=64)(compile_rules)


__all__ = ["SpadesRules", "SpadesTables", "PRESETS"]
