"""Which rule of the game each case tests, and an exercise's score weighted by rule.

A check's cases are not all alike: in exercise 03 most positions only test following suit, and a
handful the first-trick rule. Counted case by case, leaving a whole rule out cost almost nothing
(131 of 135 without the first-trick rule). So every case belongs to one **rule** (a short name,
as in docs/rules.md and the exercise's instructions), and a check's score is the **mean over its
rules of the share of that rule's cases right**: each rule weighs the same whatever its number of
cases, and a function that gets one rule wholly wrong loses 1/(number of rules) of the check.
No check has more than 6 rules, so that is always at least 1/6 (16.7 %).

Some rules are what a function that does nothing gets right: ``return 0`` is right for every hand
with no hearts and no Q♠, ``return list(hand)`` for every hand that must play any card, ``return
points`` for every hand with no moon. Such a **base rule** (``BASE_RULES``) earns its share only in
proportion to the other rules of the check (its share times their mean share), so a function that
does nothing scores 0 and one that gets the rest right loses nothing.

A case is put under the rule that decides its answer, the one a function that ignores that rule
would get wrong (``classify``): in exercise 03 a void hand on the first trick that holds a club-less
mix of hearts and diamonds is a first-trick case, not a following-suit case.

The class grader (``grader._check_row``) and ``check`` in the notebook use the same functions here,
so the notebook's "score by rule" and the gradebook's ``score`` column always agree.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from hearts_teach.games.hearts.rules import Rules
from hearts_teach.kernel.cards import to_card

_STANDARD = Rules()  # the pass cycle of the standard game, for the pass_target cases

ALL_CASES = "every case"  # the one rule of a check that is not split (validity checks)

ACE = 14
PICTURES = (11, 12, 13)  # J, Q, K: their order is not the order of the letters (a rank helper can swap two)


@dataclass(frozen=True)
class RulePart:
    """One rule of a check: its name and how many of its cases were right."""

    rule: str
    passed: int
    total: int
    not_run: int = 0  # cases never run (after a case that timed out): wrong, but not shown wrong

    @property
    def share(self) -> float:
        return self.passed / self.total if self.total else 1.0

    def __str__(self) -> str:
        return f"{self.rule} {self.passed}/{self.total}" + (f" ({self.not_run} not run)" if self.not_run else "")


# ------------------------------------------------------------------------------------
# the rule of one case, per check (from the case's arguments and expected answer)


def _trick_winner(case: Any) -> str:
    trick = [to_card(c) for c in case.args[0]]
    winner = trick[case.expected]
    if max(c.rank for c in trick) > winner.rank:
        return "other suits never win"  # a higher card of another suit: the rule is what stops it
    followers = [c for c in trick if c.suit == winner.suit and c != winner]
    second = max(followers, key=lambda c: c.rank) if followers else None
    if second is not None and winner.rank == ACE:
        return "ace high"
    if second is not None and winner.rank in PICTURES and second.rank in PICTURES:
        return "picture cards J < Q < K"
    return "highest of the led suit wins"


# exercise 03: the engine's reason for each case (its rule sentence) grouped into six rules
# (following suit with its other half, any card when void or leading, as one rule)
_LEGAL_GROUPS = {
    "The player holding 2♣ must lead it": "2♣ leads the first trick",
    "No heart and no Q♠ on the first trick": "first trick: no hearts or Q♠",
    "Exception: on the first trick": "exception: first trick, only hearts and Q♠ in hand",
    "Exception: a leader who holds only hearts": "exception: a leader with only hearts",
    "You may not lead a heart until": "no heart led before hearts are broken",
    "The leader may lead any card": "follow suit, else any card",
    "If you hold a card of the led suit": "follow suit, else any card",
    "If you hold no card of the led suit": "follow suit, else any card",
}


def _legal_plays(case: Any) -> str:
    for start, rule in _LEGAL_GROUPS.items():
        if case.rule.startswith(start):
            return rule
    return ALL_CASES


def _hand_points(case: Any) -> str:
    taken = [str(c) for c in case.args[0]]
    if "QS" in taken:
        return "Q♠ is 13 points"
    if any(c[1] == "H" for c in taken):
        return "each heart is 1 point"
    return "other cards are 0"


def _hand_scores(case: Any) -> str:
    points, new_moon = case.args[0], case.args[1] if len(case.args) > 1 else False
    if 26 not in list(points):
        return "no moon: scores are the points"
    return "new_moon: shooter -26, others 0" if new_moon else "shooting the moon: shooter 0, others 26"


def _match(case: Any) -> str:
    totals, end = list(case.args[0]), case.args[1]
    if end != 100:
        return "the end score is the argument"
    if max(totals) < end:
        return "not over before a total reaches the end score"
    if totals.count(min(totals)) > 1:
        return "a tie for lowest plays on"
    if max(totals) == end:
        return "exactly the end score ends it"
    return "over past the end score: lowest wins"


def _pass_direction(case: Any) -> str:
    return f"{case.expected}"


def _pass_target(case: Any) -> str:
    return _STANDARD.pass_direction(case.args[1])  # the pass cycle is the engine's, computed there


def _contract_points(case: Any) -> str:
    bid, taken = case.args
    if taken < bid:
        return "set: -10 per trick bid"
    return "bags: +1 per extra trick" if taken > bid else "made: +10 per trick bid"


def _spades_score(case: Any) -> str:
    bids, tricks, before = case.args
    after = case.expected[1]
    if 0 in bids:
        return "nil: +100 or -100"
    if any(a < b for a, b in zip(after, before, strict=False)):
        return "10 bags cost 100"
    teams = ((0, 2), (1, 3))
    if any(sum(tricks[s] for s in team) < sum(bids[s] for s in team) for team in teams):
        return "set: -10 per trick bid"
    return "made: +10 per trick bid, +1 per bag"


CLASSIFY: dict[str, Callable[[Any], str]] = {
    "trick_winner": _trick_winner,
    "legal_plays": _legal_plays,
    "hand_points": _hand_points,
    "hand_scores": _hand_scores,
    "match_over": _match,
    "match_winner": _match,
    "pass_direction": _pass_direction,
    "pass_target": _pass_target,
    "contract_points": _contract_points,
    "spades_score": _spades_score,
}
MAX_RULES = 6  # per check: 1/6 of the check (16.7 %) for a rule left out wholly
# the rules a function that does nothing gets right (``return 0``, ``return list(hand)``,
# ``return points``, ``return False``/``None``): they count only as far as the other rules do
BASE_RULES = frozenset({
    "other cards are 0",
    "exception: first trick, only hearts and Q♠ in hand",
    "exception: a leader with only hearts",
    "no moon: scores are the points",
    "not over before a total reaches the end score",
    "a tie for lowest plays on",
})


def rule_of(check: str, case: Any) -> str:
    """The short name of the rule ``case`` of ``check`` tests (``ALL_CASES`` for a validity check)."""
    classify = CLASSIFY.get(check)
    if classify is None:
        return ALL_CASES
    try:
        return classify(case)
    except Exception:  # noqa: BLE001 - a case the classifier cannot read still counts, under every case
        return ALL_CASES


def breakdown(check: str, cases: Sequence[Any], right: Iterable[bool | None]) -> list[RulePart]:
    """Per rule, in the order the rules first appear: how many of its cases were right
    (``right`` says it for each case, in order; None, or a case it does not reach, is a case that
    was never run: it counts as wrong and is said to be not run)."""
    flags = list(right)
    counts: dict[str, list[int]] = {}
    for i, case in enumerate(cases):
        c = counts.setdefault(rule_of(check, case), [0, 0, 0])
        flag = flags[i] if i < len(flags) else None
        c[0] += flag is True
        c[1] += 1
        c[2] += flag is None
    return [RulePart(rule, p, t, n) for rule, (p, t, n) in counts.items()]


def weighted(parts: Sequence[RulePart]) -> float:
    """The check's score, 0..1: the mean over its rules of the share of that rule's cases right,
    a base rule's share scaled by the mean share of the check's other rules."""
    parts = [p for p in parts if p.total]
    if not parts:
        return 0.0
    others = [p.share for p in parts if p.rule not in BASE_RULES]
    scale = sum(others) / len(others) if others else 1.0
    return sum(p.share * (scale if p.rule in BASE_RULES else 1.0) for p in parts) / len(parts)


def score(parts: Sequence[RulePart], passed: int, total: int) -> float:
    """A check's score, 0..1: ``weighted`` when its cases were sorted by rule, else the share of
    its cases (or marks, for the drills) right. The notebook's result and the gradebook's row."""
    return weighted(parts) if parts else (passed / total if total else 0.0)


def missed(parts: Sequence[RulePart]) -> str:
    """'first trick: no hearts or Q♠ 0/5, follow suit 60/66': the rules with a case wrong."""
    return ", ".join(str(p) for p in parts if p.passed < p.total)


def listing(parts: Sequence[RulePart]) -> str:
    """Every rule with its cases right, for the gradebook."""
    return "; ".join(str(p) for p in parts)
