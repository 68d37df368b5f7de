"""Spades scoring for one hand: contracts, bags, the 10-bag penalty and nil.

Seats 0 and 2 are team 0, seats 1 and 3 are team 1. A bid of 0 is nil. The whole
calculation lives in ``score_hand`` so that the engine, the match, the exercise
checker and the lesson all use exactly the same arithmetic. The rules are S3 and S6-S8 of
docs/rules.md, with SD1-SD4 there where the sources are silent.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from hearts_teach.games.spades.rules import BAG_LIMIT, BAG_PENALTY, NIL_VALUE
from hearts_teach.kernel.errors import HeartsError, quote
from hearts_teach.kernel.table import FOUR
from hearts_teach.kernel.validation import SEAT_HELP, check_seat

if TYPE_CHECKING:
    from hearts_teach.games.spades.rules import SpadesRules

TABLE = FOUR  # Spades: two partnerships, partners across a four-seat table
SEATS = TABLE.players
TRICKS = TABLE.hand_size  # tricks in a hand, and the highest bid
TEAMS = tuple(tuple(s for s in TABLE.seats if TABLE.team(s) == t) for t in (0, 1))  # ((0, 2), (1, 3))
SEAT_NAMES = TABLE.names


class BlindNil(int):
    """The blind-nil bid: a nil (it equals 0, adds 0 to the contract and every nil rule applies)
    made before looking at the cards, scored ±200. ``is_blind(bid)`` tells it from a nil."""

    def __new__(cls) -> BlindNil:
        return super().__new__(cls, 0)

    def __repr__(self) -> str:
        return "BLIND_NIL"

    __str__ = __repr__

    def __reduce__(self) -> tuple:
        return (BlindNil, ())


BLIND_NIL = BlindNil()


def is_blind(bid: Any) -> bool:
    return isinstance(bid, BlindNil)


def bid_word(value: int | None) -> str:
    """'nil', 'blind nil' or the number, as a bid is shown ('no bid yet' for a seat that has not bid)."""
    if value is None:
        return "no bid yet"
    return "blind nil" if is_blind(value) else "nil" if value == 0 else str(value)


def _seat(seat: Any) -> int:
    """A checked Spades seat (the message says who partners whom)."""
    return check_seat(seat, SEAT_HELP + "; partners sit across: 0+2, 1+3")


class ScoreInputError(HeartsError):
    """Bad input to ``score_hand`` (wrong length, type or range); ``field`` names it."""

    def __init__(self, message: str, *, field: str = ""):
        super().__init__(f"{field}: {message}" if field else message)
        self.field = field


def team_label(team: int, names: tuple[str, ...] = SEAT_NAMES) -> str:
    """'South–North' for team 0 under the standard names."""
    a, b = TEAMS[team]
    return f"{names[a]}–{names[b]}"


TEAM_NAMES = tuple(team_label(t) for t in range(len(TEAMS)))  # ("South–North", "West–East")


def team_of(seat: int) -> int:
    """0 for seats 0 and 2 (South–North), 1 for seats 1 and 3 (West–East)."""
    return TABLE.team(seat)


def partner_of(seat: int) -> int:
    return TABLE.partner(seat)


@dataclass(frozen=True)
class TeamScore:
    """How one partnership's score for the hand is made up."""

    team: int
    contract: int  # sum of the non-nil bids
    tricks: int  # tricks taken by both partners, a broken nil's tricks included
    made: bool
    contract_points: int  # +10 per trick bid when made, -10 per trick bid when set
    bags_taken: int  # overtricks this hand (0 when set)
    nil_points: int  # +100 / -100 per nil bidder
    bag_penalties: int  # how many times the bag count reached 10 this hand
    bags_before: int
    bags_after: int

    @property
    def points(self) -> int:
        return (self.contract_points + self.bags_taken + self.nil_points
                - BAG_PENALTY * self.bag_penalties)


@dataclass(frozen=True)
class HandScore:
    """The result of ``score_hand``: ``team_points`` and ``bags`` (two ints each, by team)."""

    bids: tuple[int, ...]  # one per seat; BLIND_NIL (== 0) marks a blind nil
    tricks: tuple[int, ...]  # one per seat
    teams: tuple[TeamScore, TeamScore]
    blind_value: int = 200  # what a blind nil scored (the rules' blind_nil_value)

    @property
    def team_points(self) -> tuple[int, int]:
        """What each team scores this hand (nil results and bag penalties included)."""
        return (self.teams[0].points, self.teams[1].points)

    @property
    def bags(self) -> tuple[int, int]:
        """Each team's bag count after the hand (always 0..9)."""
        return (self.teams[0].bags_after, self.teams[1].bags_after)

    def lines(self, names: Sequence[str] = TEAM_NAMES,
              seat_names: Sequence[str] = SEAT_NAMES) -> list[str]:
        """One sentence per team listing each scoring item, for learners."""
        out = []
        for t in self.teams:
            name = names[t.team]
            parts = []
            if t.contract:
                if t.made:
                    parts.append(f"bid {t.contract}, took {t.tricks}: contract made, "
                                 f"+{10 * t.contract}")
                    if t.bags_taken:
                        parts.append(f"{t.bags_taken} bag{'s' * (t.bags_taken != 1)} +{t.bags_taken}")
                else:
                    parts.append(f"bid {t.contract}, took {t.tricks}: set, {-10 * t.contract}")
            elif t.bags_taken:
                parts.append(f"no contract (both nil), {t.tricks} tricks are all bags +{t.bags_taken}")
            for seat in TEAMS[t.team]:
                who = seat_names[seat]
                if self.bids[seat] == 0:
                    kind, value = (("blind nil", self.blind_value) if is_blind(self.bids[seat])
                                   else ("nil", NIL_VALUE))
                    if self.tricks[seat] == 0:
                        parts.append(f"{who} {kind} made +{value}")
                    else:
                        parts.append(f"{who} {kind} broken ({self.tricks[seat]} "
                                     f"trick{'s' * (self.tricks[seat] != 1)}) -{value}")
            if t.bag_penalties:
                parts.append(f"bags reached {BAG_LIMIT}: -{BAG_PENALTY * t.bag_penalties}")
            parts.append(f"bags {t.bags_before} → {t.bags_after}")
            out.append(f"{name}: " + "; ".join(parts) + f" = {t.points:+d}")
        return out

    def __str__(self) -> str:
        return "\n".join(self.lines())


def _seat_ints(value: Any, field: str, low: int, high: int, what: str) -> tuple[int, ...]:
    # only a list or a tuple: a dict, a set or a range has no order by seat (a set's order
    # would decide who bid what)
    seats = f"one per seat, 0..{SEATS - 1}"
    if not isinstance(value, list | tuple):
        raise ScoreInputError(f"expected a list of {SEATS} {what} ({seats}), got "
                              f"{type(value).__name__} {quote(value)}", field=field)
    if len(value) != SEATS:
        raise ScoreInputError(f"expected {SEATS} {what} ({seats}), got {len(value)}: {quote(value)}",
                              field=field)
    for seat, v in enumerate(value):
        if isinstance(v, bool) or not isinstance(v, int):
            raise ScoreInputError(f"seat {seat}: {what} are whole numbers, got {quote(v)} "
                                  f"({type(v).__name__})", field=field)
        if not low <= v <= high:
            raise ScoreInputError(f"seat {seat}: {quote(v)} is outside {low}..{high}", field=field)
    return tuple(value)


def check_inputs(bids: Any, tricks: Any, bags: Any = (0, 0)) -> tuple[tuple, tuple, tuple]:
    """Validate ``score_hand``'s arguments; raise ``ScoreInputError`` naming the bad one."""
    b = _seat_ints(bids, "bids", 0, TRICKS, "bids")
    t = _seat_ints(tricks, "tricks", 0, TRICKS, "trick counts")
    if sum(t) != TRICKS:
        raise ScoreInputError(f"the four trick counts must add up to {TRICKS} (every trick is won by "
                              f"someone), but {list(t)} adds up to {sum(t)}", field="tricks")
    if not isinstance(bags, list | tuple) or len(bags) != 2:
        raise ScoreInputError(f"expected 2 bag counts (team 0 = seats 0+2, team 1 = seats 1+3), "
                              f"got {quote(bags)}", field="bags")
    for team, v in enumerate(bags):
        if isinstance(v, bool) or not isinstance(v, int):
            raise ScoreInputError(f"team {team}: bag counts are whole numbers, got {quote(v)}", field="bags")
        if not 0 <= v < BAG_LIMIT:
            raise ScoreInputError(f"team {team}: {quote(v)} bags is impossible before a hand: the count "
                                  f"is 0..9 because reaching {BAG_LIMIT} removes {BAG_LIMIT}",
                                  field="bags")
    return b, t, tuple(bags)


def score_hand(bids: Sequence[int], tricks: Sequence[int], bags: Sequence[int] = (0, 0), *,
               rules: SpadesRules | None = None) -> HandScore:
    """Score one hand of Spades.

    ``bids`` and ``tricks`` are four ints by seat (bid 0 = nil, ``BLIND_NIL`` or the string
    "blind nil" = blind nil); ``bags`` is each team's bag count before the hand. ``rules``
    (a ``SpadesRules``, default standard) sets the blind-nil value and whether a broken
    nil's tricks count toward the partner's contract. Returns a ``HandScore`` with
    ``team_points`` and ``bags``.

    >>> score_hand([3, 2, 2, 4], [4, 2, 2, 5]).team_points   # 5 bid, 6 taken; 6 bid, 7 taken
    (51, 61)
    """
    from hearts_teach.games.spades.rules import SpadesRules

    if rules is None:
        rules = SpadesRules()
    elif not isinstance(rules, SpadesRules):
        raise ScoreInputError(f"rules must be a SpadesRules object, got {quote(rules)}", field="rules")
    if isinstance(bids, list | tuple):  # anything else is refused by check_inputs
        bids = [BLIND_NIL if isinstance(v, str) and v.strip().lower() == "blind nil" else v for v in bids]
    b, t, bg = check_inputs(bids, tricks, bags)
    blind = rules.blind_nil_value
    teams = []
    for team, (s1, s2) in enumerate(TEAMS):
        contract = b[s1] + b[s2]  # a nil bid adds 0: the contract is the other partner's bid
        # a nil bidder's tricks help the partner unless the rules say they count for nothing
        taken = sum(t[s] for s in (s1, s2) if rules.nil_tricks_count or b[s] != 0)
        made = taken >= contract
        contract_points = 10 * contract if made else -10 * contract
        over = taken - contract if made else 0  # a set contract earns no bags
        nil = sum((1 if t[s] == 0 else -1) * (blind if is_blind(b[s]) else NIL_VALUE)
                  for s in (s1, s2) if b[s] == 0)
        count = bg[team] + over
        penalties = count // BAG_LIMIT
        teams.append(TeamScore(team, contract, taken, made, contract_points, over, nil, penalties,
                               bg[team], count - BAG_LIMIT * penalties))
    return HandScore(b, t, (teams[0], teams[1]), blind)
