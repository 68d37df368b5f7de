"""A match: hands until someone reaches ``end_score``; lowest total wins.

The match owns the pass rotation (hand ``n`` passes ``rules.pass_direction(n)``) and
deals each hand from its own seed, so a match is reproducible hand by hand. The end and the
tie rule are H12 of docs/rules.md.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from hearts_teach.games.hearts.hand import Hand, Trick
from hearts_teach.games.hearts.rules import Rules
from hearts_teach.games.records import HAND_NUMBER_MAX, JsonRecord
from hearts_teach.kernel.cards import CardLike
from hearts_teach.kernel.display import draw
from hearts_teach.kernel.errors import Rule, RulesError, WrongPhaseError, quote
from hearts_teach.kernel.rng import Rng, hash64
from hearts_teach.kernel.validation import check_int, check_seat_names, check_seed


class Match(JsonRecord):
    """``Match(seed=3)``: play the current hand through ``match.hand`` (or the
    shortcuts ``pass_cards``/``play``), then ``next_hand()`` until ``is_over``."""

    def __init__(self, seed: int | str = 0, rules: Rules | None = None,
                 seat_names: Iterable[str] | None = None):
        self.seed = check_seed(seed)
        self.rules = rules if rules is not None else Rules()
        if not isinstance(self.rules, Rules):
            raise RulesError(f"rules must be a Rules object, got {quote(self.rules)}; "
                             f"e.g. Rules.preset('omnibus') or Rules(omnibus=True)")
        self.seat_names = _names(seat_names, self.rules)
        self.hands: list[Hand] = [self._deal(0)]

    @classmethod
    def _from_hands(cls, hands: list[Hand], rules: Rules, seed: int | str,
                    seat_names: Iterable[str] | None) -> Match:
        m = cls.__new__(cls)
        m.seed = check_seed(seed)
        m.rules = rules
        m.seat_names = _names(seat_names, rules)
        m.hands = list(hands)
        totals = [0] * rules.players
        for i, h in enumerate(hands[:-1]):
            totals = [a + b for a, b in zip(totals, h.scores, strict=True)]
            if _decided(totals, rules.end_score):
                raise WrongPhaseError(f"the match was already over after hand {i + 1}",
                                      rule=Rule.WRONG_PHASE)
        return m

    def hand_seed(self, number: int) -> int:
        """The seed of hand ``number``: derived from the match seed, not from call order."""
        check_int(number, "number", 0, HAND_NUMBER_MAX)
        return hash64(f"hearts_teach.match/{self.seed}/{number}")

    def _deal(self, number: int) -> Hand:
        return Hand.deal(Rng(self.hand_seed(number)), hand_number=number, rules=self.rules,
                         seat_names=self.seat_names)

    # the current hand -----------------------------------------------------------------
    @property
    def hand(self) -> Hand:
        return self.hands[-1]

    @property
    def hand_number(self) -> int:
        return len(self.hands) - 1

    def pass_cards(self, seat: int, cards: Iterable[CardLike] | str) -> None:
        self.hand.pass_cards(seat, cards)

    def play(self, card: CardLike, seat: int | None = None) -> Trick | None:
        return self.hand.play(card, seat)

    def next_hand(self) -> Hand:
        """Deal the next hand once the current one is over and the match is not."""
        if not self.hand.is_over:
            raise WrongPhaseError(f"hand {self.hand_number + 1} is not over yet ({self.hand._progress()})",
                                  rule=Rule.WRONG_PHASE)
        if (winner := self.winner) is not None:  # the match is over
            raise WrongPhaseError(f"the match is over: {self.seat_names[winner]} won "
                                  f"with {min(self.totals)}", rule=Rule.WRONG_PHASE)
        self.hands.append(self._deal(len(self.hands)))
        return self.hand

    # scores ---------------------------------------------------------------------------
    @property
    def finished_hands(self) -> list[Hand]:
        return [h for h in self.hands if h.is_over]

    @property
    def totals(self) -> tuple[int, ...]:
        """Running totals over finished hands."""
        t = [0] * self.rules.players
        for h in self.finished_hands:
            t = [a + b for a, b in zip(t, h.scores, strict=True)]
        return tuple(t)

    def running_totals(self) -> list[tuple[int, ...]]:
        """Totals after each finished hand (for plots)."""
        out, t = [], [0] * self.rules.players
        for h in self.finished_hands:
            t = [a + b for a, b in zip(t, h.scores, strict=True)]
            out.append(tuple(t))
        return out

    @property
    def is_over(self) -> bool:
        return self.hand.is_over and _decided(list(self.totals), self.rules.end_score)

    @property
    def tie_for_lowest(self) -> bool:
        """Someone has reached the end score but two or more share the lowest total."""
        t = self.totals
        return self.hand.is_over and max(t) >= self.rules.end_score and t.count(min(t)) > 1

    @property
    def winner(self) -> int | None:
        if not self.is_over:
            return None
        t = self.totals
        return t.index(min(t))

    def score_table(self) -> str:
        """One row per finished hand with the pass direction, the scores and a moon mark."""
        names = self.seat_names
        w = [max(5, len(n)) for n in names]
        head = "hand  pass    " + "  ".join(f"{n:>{w[i]}}" for i, n in enumerate(names))
        lines = [head, "-" * len(head)]
        t = [0] * self.rules.players
        for h in self.finished_hands:
            sc = h.scores
            t = [a + b for a, b in zip(t, sc, strict=True)]
            moon = "  moon: " + names[h.moon] if h.moon is not None else ""
            lines.append(f"{h.hand_number + 1:>4}  {h.pass_direction:<6}  "
                         + "  ".join(f"{v:>{w[i]}}" for i, v in enumerate(sc)) + moon)
        lines.append("-" * len(head))
        lines.append("total             "[:14] + "  ".join(f"{v:>{w[i]}}" for i, v in enumerate(t)))
        if (winner := self.winner) is not None:  # the match is over
            lines.append(f"{names[winner]} wins with {min(t)} (lowest total).")
        elif self.tie_for_lowest:
            lines.append(f"Someone reached {self.rules.end_score} but the lowest total is tied: "
                         f"another hand is played.")
        return "\n".join(lines)

    # records & display ------------------------------------------------------------------
    def to_record(self) -> dict[str, Any]:
        from hearts_teach.games.hearts.records import match_to_record

        return match_to_record(self)

    @classmethod
    def from_record(cls, record: dict[str, Any]) -> Match:
        from hearts_teach.games.hearts.records import match_from_record

        return match_from_record(record)

    def __str__(self) -> str:
        state = "over" if self.is_over else f"hand {self.hand_number + 1}: {self.hand._progress()}"
        return f"Match to {self.rules.end_score} ({state})\n{self.score_table()}"

    def __repr__(self) -> str:
        return f"Match.from_record({self.to_record()!r})"

    def _repr_html_(self) -> str:
        return draw("html", self)


def _names(seat_names: Iterable[str] | None, rules: Rules) -> tuple[str, ...]:
    """The checked seat names, one per seat of the rules' table (default: the table's own)."""
    if seat_names is None:
        return rules.table.names
    return check_seat_names(seat_names, table=rules.table)


def _decided(totals: list[int], end_score: int) -> bool:
    return max(totals) >= end_score and totals.count(min(totals)) == 1
