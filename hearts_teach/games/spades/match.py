"""A Spades match: hands until a team reaches the target (500); the higher score wins.

The dealer moves one seat clockwise each hand; the seat on the dealer's left bids first and
leads. Bags carry over from hand to hand. If both teams are past the target with exactly
equal scores, another hand is played. ``SpadesRules`` holds the target, blind nil and the
optional mercy rule (a team ``mercy`` points behind after a hand loses). See docs/rules.md S2, S9,
SD5 and SD6.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from hearts_teach.games.base import DEFAULT_SEAT_NAMES
from hearts_teach.games.records import HAND_NUMBER_MAX, JsonRecord
from hearts_teach.games.spades import records
from hearts_teach.games.spades.game import SpadesHand, SpadesTrick
from hearts_teach.games.spades.rules import POINTS_MAX, SpadesRules
from hearts_teach.games.spades.scoring import TABLE, HandScore, _seat, is_blind, team_label
from hearts_teach.kernel.cards import CardLike
from hearts_teach.kernel.display import draw
from hearts_teach.kernel.errors import HeartsError, Rule, WrongPhaseError, quote
from hearts_teach.kernel.rng import Rng, hash64
from hearts_teach.kernel.validation import check_int, check_seat_names, check_seed

TARGET = 500
TARGET_MAX = POINTS_MAX  # like the Hearts end_score: keeps records and tables printable


class SpadesMatch(JsonRecord):
    """``SpadesMatch(seed=3)``: bid and play ``match.hand``, then ``next_hand()`` until ``is_over``.

    ``first_dealer`` deals hand 1 (default East, 3, so South bids first and leads).
    ``rules`` (``SpadesRules``) sets blind nil, the mercy rule and the end score; ``target``,
    when given, overrides ``rules.end_score``.
    """

    def __init__(self, seed: int | str = 0, target: int | None = None, first_dealer: int = 3,
                 seat_names: Iterable[str] | None = None, rules: SpadesRules | None = None):
        if rules is not None and not isinstance(rules, SpadesRules):
            raise HeartsError(f"rules must be a SpadesRules object, got {quote(rules)}; "
                              f"e.g. SpadesRules.preset('blind_nil')")
        rules = rules if rules is not None else SpadesRules()
        if target is None:
            target = rules.end_score
        self.seed = check_seed(seed)
        self.target = self.check_target(target)
        self.rules = rules if rules.end_score == target else rules.replace(end_score=target)
        self.first_dealer = _seat(first_dealer)
        self.seat_names = check_seat_names(seat_names) if seat_names is not None else DEFAULT_SEAT_NAMES
        self.hands: list[SpadesHand] = [self._deal(0)]

    @staticmethod
    def check_target(target: Any) -> int:
        if isinstance(target, bool) or not isinstance(target, int) or not 0 < target <= TARGET_MAX:
            raise HeartsError(f"target is a positive whole number of points (at most {TARGET_MAX:,}), "
                              f"got {quote(target)}")
        return target

    def hand_seed(self, number: int) -> int:
        """The seed of hand ``number`` (0, 1, ...): derived from the match seed."""
        check_int(number, "number", 0, HAND_NUMBER_MAX)
        return hash64(f"hearts_teach.spades.match/{self.seed}/{number}")

    def dealer_of(self, number: int) -> int:
        """The seat that deals hand ``number`` (0, 1, ...): the deal passes to the left."""
        check_int(number, "number", 0, HAND_NUMBER_MAX)
        return TABLE.left(self.first_dealer, number)

    def first_bidder_of(self, number: int) -> int:
        """The seat left of hand ``number``'s dealer: it bids first and leads the first trick."""
        return TABLE.left(self.dealer_of(number))

    def _deal(self, number: int) -> SpadesHand:
        # the totals before this hand decide whether blind nil is allowed in it
        return SpadesHand.deal(Rng(self.hand_seed(number)), dealer=self.dealer_of(number),
                               hand_number=number, seat_names=self.seat_names, rules=self.rules,
                               scores_before=self.totals if number else (0, 0))

    # the current hand ------------------------------------------------------------------------
    @property
    def hand(self) -> SpadesHand:
        return self.hands[-1]

    @property
    def hand_number(self) -> int:
        return len(self.hands) - 1

    def bid(self, value: int | str, seat: int | None = None) -> None:
        self.hand.bid(value, seat)

    def play(self, card: CardLike, seat: int | None = None) -> SpadesTrick | None:
        return self.hand.play(card, seat)

    def next_hand(self) -> SpadesHand:
        """Deal the next hand once the current one is over and the match is not."""
        if not self.hand.is_over:
            raise WrongPhaseError(f"hand {self.hand_number + 1} is not over yet "
                                  f"({self.hand._progress()})", rule=Rule.WRONG_PHASE)
        if (winner := self.winner) is not None:  # the match is over
            raise WrongPhaseError(f"the match is over: {team_label(winner, self.seat_names)} "
                                  f"won {max(self.totals)} to {min(self.totals)}", rule=Rule.WRONG_PHASE)
        self.hands.append(self._deal(len(self.hands)))
        return self.hand

    # scores ------------------------------------------------------------------------------------
    def hand_scores(self) -> list[HandScore]:
        """The score of every finished hand, bags carried from one hand to the next."""
        out: list[HandScore] = []
        bags = (0, 0)
        for h in self.hands:
            if not h.is_over:
                break
            sc = h.score(bags)
            out.append(sc)
            bags = sc.bags
        return out

    def running_totals(self) -> list[tuple[int, int]]:
        out, t = [], (0, 0)
        for sc in self.hand_scores():
            t = (t[0] + sc.team_points[0], t[1] + sc.team_points[1])
            out.append(t)
        return out

    @property
    def totals(self) -> tuple[int, int]:
        rt = self.running_totals()
        return rt[-1] if rt else (0, 0)

    @property
    def bags(self) -> tuple[int, int]:
        scores = self.hand_scores()
        return scores[-1].bags if scores else (0, 0)

    @property
    def mercy_ended(self) -> bool:
        """The mercy rule (when on) ended the match: one team is ``rules.mercy`` or more behind."""
        t = self.totals
        return self.hand.is_over and self.rules.mercy > 0 and abs(t[0] - t[1]) >= self.rules.mercy

    @property
    def is_over(self) -> bool:
        t = self.totals
        return self.hand.is_over and (max(t) >= self.target or self.mercy_ended) and t[0] != t[1]

    @property
    def tied(self) -> bool:
        """Both teams past the target with equal scores: another hand is played."""
        t = self.totals
        return self.hand.is_over and max(t) >= self.target and t[0] == t[1]

    @property
    def winner(self) -> int | None:
        """The winning team (0 = seats 0+2, 1 = seats 1+3) once the match is over."""
        if not self.is_over:
            return None
        t = self.totals
        return 0 if t[0] > t[1] else 1

    def score_table(self) -> str:
        names = self.seat_names
        l0, l1 = team_label(0, names), team_label(1, names)
        w0, w1 = max(len(l0), 20), max(len(l1), 20)
        head = f"hand  dealer  first  {'bids':<11}  {l0:>{w0}}  {l1:>{w1}}"
        lines = [head, "-" * len(head)]
        t = [0, 0]
        for h, sc in zip(self.hands, self.hand_scores(), strict=False):
            t = [t[0] + sc.team_points[0], t[1] + sc.team_points[1]]
            bids = " ".join("B" if is_blind(b) else "n" if b == 0 else str(b) for b in h.bids)
            cells = [f"{sc.team_points[i]:+d} → {t[i]} (bags {sc.bags[i]})" for i in (0, 1)]
            lines.append(f"{h.hand_number + 1:>4}  {names[h.dealer]:<6}  {names[h.first_seat]:<5}  {bids:<11}  "
                         f"{cells[0]:>{w0}}  {cells[1]:>{w1}}")
        lines.append("-" * len(head))
        lines.append(f"{'total':<32}  {t[0]:>{w0}}  {t[1]:>{w1}}")
        lines.append(f"bids in seat order ({' '.join(names)}): n = nil, B = blind nil; "
                     f"the first bidder also leads")
        if (winner := self.winner) is not None:  # the match is over
            why = f" (mercy rule: {self.rules.mercy} or more ahead)" if max(t) < self.target else ""
            lines.append(f"{team_label(winner, names)} wins, {max(t)} to {min(t)}{why}.")
        elif not self.hand.is_over:
            lines.append(f"hand {self.hand_number + 1}: {names[self.hand.dealer]} deals, "
                         f"{names[self.hand.first_seat]} bids first and leads")
        elif self.tied:
            lines.append(f"Both teams passed {self.target} with the same score: another hand is played.")
        return "\n".join(lines)

    # records & display -----------------------------------------------------------------------
    def to_record(self) -> dict[str, Any]:
        return records.match_to_record(self)

    @classmethod
    def from_record(cls, record: Any) -> SpadesMatch:
        return records.match_from_record(cls, SpadesHand, record)

    def __str__(self) -> str:
        state = "over" if self.is_over else f"hand {self.hand_number + 1}: {self.hand._progress()}"
        return f"Spades match to {self.target} ({state})\n{self.score_table()}"

    def __repr__(self) -> str:
        return f"SpadesMatch.from_record({self.to_record()!r})"

    def _repr_html_(self) -> str:
        return draw("html", self)
