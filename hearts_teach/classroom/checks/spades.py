"""Exercise 09: scoring a hand of Spades.

``contract_points(bid, taken)``: one team's contract alone -> points (made: 10 per trick
bid plus 1 per overtrick; set: -10 per trick bid).
``spades_score(bids, tricks, bags)``: four bids and four trick counts by seat, the two
teams' bags before the hand -> ``(points, bags_after)``, two pairs by team, with nil and
the 10-bag penalty. Expected answers come from ``hearts_teach.games.spades.score_hand``
(docs/rules.md S6-S8).

``hearts_teach.classroom.checks`` loads this module on first use (it needs the Spades engine and bots).
"""

from __future__ import annotations

from typing import Any

from hearts_teach.agents.spades import SpadesBot, auto_play
from hearts_teach.classroom.checks.framework import Case, Checker, WrongType, _short, whole
from hearts_teach.classroom.checks.hidden import hidden_rng, hidden_seed
from hearts_teach.games.spades.game import SpadesHand
from hearts_teach.games.spades.scoring import score_hand
from hearts_teach.kernel.rng import Rng
from hearts_teach.kernel.table import FOUR, SEAT_NAMES

SEATS = SEAT_NAMES
TEAMS = ("South–North", "West–East")
CONTRACT_RULE = ("A team that takes at least its bid scores 10 per trick bid plus 1 per extra trick (bag); "
                 "a team that takes fewer loses 10 per trick bid, and its tricks earn nothing.")
SCORE_RULE = ("Each team: contract = the sum of its non-nil bids, tricks = both partners' tricks (a nil "
              "bidder's too). Made: +10 per trick bid, +1 per bag; set: -10 per trick bid, no bags. Nil: "
              "+100 if that player took no trick, -100 otherwise. Bags add up; on reaching 10 the team "
              "loses 100 and 10 bags are removed.")

CONTRACT_PICKED = [
    (5, 6, "bid 5, took 6: the source's 51"),
    (5, 4, "bid 5, took 4: the source's -50"),
    (5, 5, "exactly the bid"),
    (1, 13, "bid 1, took every trick"),
    (13, 13, "bid 13, took 13"),
    (13, 12, "bid 13, one short"),
    (4, 0, "no tricks at all"),
    (7, 9, "two bags"),
]

SCORE_PICKED = [
    ([3, 4, 2, 4], [4, 3, 2, 4], (0, 0), "the source's bid 5 take 6 = 51, and a set team"),
    ([3, 4, 2, 4], [2, 5, 2, 4], (0, 0), "the source's bid 5 take 4 = -50"),
    ([3, 2, 5, 3], [5, 2, 3, 3], (0, 0), "partners meet the contract together, in any split"),
    ([2, 3, 2, 3], [3, 3, 4, 3], (4, 2), "bags carry over from earlier hands"),
    ([2, 3, 2, 3], [3, 3, 4, 3], (7, 0), "bags reach exactly 10"),
    ([2, 3, 2, 3], [3, 3, 4, 3], (8, 0), "bags pass 10 (11: penalty, 1 left)"),
    ([2, 3, 2, 3], [3, 3, 4, 3], (6, 0), "9 bags: no penalty yet"),
    ([0, 4, 4, 4], [0, 4, 5, 4], (0, 0), "nil made"),
    ([0, 4, 6, 3], [1, 4, 5, 3], (0, 0), "nil broken"),
    ([0, 4, 5, 3], [2, 4, 4, 3], (0, 0), "a broken nil's tricks count for the partner's contract"),
    ([0, 4, 4, 3], [3, 3, 4, 3], (7, 0), "a broken nil's tricks can be bags that reach 10"),
    ([0, 3, 6, 4], [0, 5, 4, 4], (0, 0), "nil made while the partner is set"),
    ([4, 0, 3, 5], [4, 0, 4, 5], (3, 9), "the other team's nil"),
    ([0, 4, 0, 5], [1, 6, 0, 6], (0, 0), "both partners bid nil: no contract, every trick a bag"),
    ([1, 0, 0, 1], [13, 0, 0, 0], (9, 0), "12 bags in one hand on top of 9: two penalties"),
    ([6, 1, 6, 1], [6, 1, 6, 0], (9, 9), "big bid made exactly; the other team makes 2 with 1 bag"),
]


def _show_pair(v: Any) -> str:
    return f"({v[0]}, {v[1]})" if isinstance(v, tuple | list) and len(v) == 2 else repr(v)


def _contract_expected(bid: int, taken: int) -> int:
    # the contract part of score_hand: team 0 bids ``bid`` (South alone) and takes ``taken``
    team = score_hand([bid, 0, 0, 0], [taken, 13 - taken, 0, 0]).teams[0]
    return team.contract_points + team.bags_taken


def contract_cases(hidden: bool = False) -> list[Case]:
    out = []
    for bid, taken, why in () if hidden else CONTRACT_PICKED:
        out.append(_contract_case(bid, taken, f"hand-picked: {why}"))
    rng = hidden_rng("contract_points") if hidden else Rng("hearts_teach.checks/spades_contract")
    for _ in range(12 if hidden else 16):
        bid = rng.randint(1, 13)
        out.append(_contract_case(bid, rng.randint(0, 13), "random bid and tricks"))
    return out


def _contract_case(bid: int, taken: int, label: str) -> Case:
    shown = (f"call: contract_points({bid}, {taken})", f"the team bid {bid} and took {taken} tricks")
    return Case((bid, taken), _contract_expected(bid, taken), CONTRACT_RULE, shown, label)


def _score_case(bids: list[int], tricks: list[int], bags: tuple[int, int], label: str) -> Case:
    s = score_hand(bids, tricks, bags)
    shown = (f"call: spades_score({bids}, {tricks}, {tuple(bags)})",
             "bids:   " + ", ".join(f"{SEATS[i]} {'nil' if b == 0 else b}" for i, b in enumerate(bids)),
             "tricks: " + ", ".join(f"{SEATS[i]} {t}" for i, t in enumerate(tricks)),
             f"bags before the hand: {TEAMS[0]} {bags[0]}, {TEAMS[1]} {bags[1]}")
    return Case((list(bids), list(tricks), tuple(bags)), (s.team_points, s.bags), SCORE_RULE, shown, label)


def score_cases(hidden: bool = False) -> list[Case]:
    out = [] if hidden else [_score_case(b, t, g, f"hand-picked: {why}") for b, t, g, why in SCORE_PICKED]
    first = hidden_seed("spades_score") if hidden else 0
    for seed in range(first, first + 12):  # whole hands bid and played by the bots
        hand = SpadesHand.deal(seed=f"hearts_teach.checks/spades/{seed}", dealer=seed % FOUR.players)
        auto_play(hand, [SpadesBot(Rng(seed).spawn(s)) for s in FOUR.seats])
        rng = Rng(f"hearts_teach.checks/spades/bags/{seed}")
        bags = (rng.randbelow(10), rng.randbelow(10))
        bids = [b for b in hand.bids if b is not None]  # a hand played out has every bid
        out.append(_score_case(bids, list(hand.tricks_won), bags,
                               f"a hand played by the bots (seed {seed})"))
    return out


def _norm_contract(value: Any) -> int:
    return whole(value, f"contract_points should return a whole number, got {_short(value)}")


def _pair(value: Any, what: str) -> tuple[int, int]:
    if isinstance(value, str) or not hasattr(value, "__iter__"):
        raise WrongType(f"{what} should be 2 whole numbers (one per team), got {_short(value)}")
    items = list(value)
    wrong = f"{what} should be 2 whole numbers (one per team), got {_short(value)}"
    if len(items) != 2:
        raise WrongType(wrong)
    return (whole(items[0], wrong), whole(items[1], wrong))


def _norm_score(value: Any) -> tuple[tuple[int, int], tuple[int, int]]:
    if value is None:
        raise WrongType("spades_score returned None: did you forget the return statement?")
    if hasattr(value, "team_points") and hasattr(value, "bags"):  # the engine's HandScore
        return (_pair(value.team_points, "team_points"), _pair(value.bags, "bags"))
    if isinstance(value, str) or not hasattr(value, "__iter__") or len(list(value)) != 2:
        raise WrongType("spades_score should return two pairs, (points, bags_after), e.g. "
                        f"((51, -80), (1, 0)); got {_short(value)}")
    points, bags = list(value)
    return (_pair(points, "the points"), _pair(bags, "the bags after the hand"))


def _variant(bids: list[int], tricks: list[int], bags: tuple[int, int], *, nil_counts: bool = True,
             penalty: bool = True, set_bags: bool = False, nil_bonus: bool = True,
             carry: bool = True) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """score_hand with one rule left out: recognises the usual slips for the hint."""
    pts, out_bags = [], []
    for team, (a, b) in enumerate(((0, 2), (1, 3))):
        contract = bids[a] + bids[b]
        taken = sum(tricks[s] for s in (a, b) if nil_counts or bids[s] != 0)
        made = taken >= contract
        p = 10 * contract if made else -10 * contract
        over = taken - contract if made else (taken if set_bags else 0)
        p += over
        if nil_bonus:
            p += sum(100 if tricks[s] == 0 else -100 for s in (a, b) if bids[s] == 0)
        count = (bags[team] if carry else 0) + over
        if penalty:
            p -= 100 * (count // 10)
            count %= 10
        pts.append(p)
        out_bags.append(count)
    return tuple(pts), tuple(out_bags)


def _hint_score(case: Case, actual: Any) -> str:
    bids, tricks, bags = case.args
    slips = [
        (dict(penalty=False), "when a team's bags reach 10 it loses 100 points and 10 bags are removed"),
        (dict(nil_counts=False), "a nil bidder's tricks still count toward the partner's contract "
                                 "(and can be bags)"),
        (dict(set_bags=True), "a set team earns no bags: its tricks are simply lost"),
        (dict(nil_bonus=False), "a nil bid is scored on its own: +100 if that player took no trick, "
                                "-100 otherwise"),
        (dict(carry=False), "the bags argument is each team's count BEFORE this hand: add the new "
                            "bags to it"),
    ]
    for flags, text in slips:
        if tuple(map(tuple, actual)) == _variant(bids, tricks, bags, **flags) != case.expected:
            return text
    if actual[0] == case.expected[0] and actual[1] != case.expected[1]:
        return "the points are right; check the bag counts after the hand (always 0..9)"
    return ""


def _hint_contract(case: Case, actual: Any) -> str:
    bid, taken = case.args
    if taken < bid and actual == -10 * bid + taken:
        return "a set team's tricks earn nothing: just -10 per trick bid"
    if taken > bid and actual == 10 * bid:
        return "each trick over the bid is a bag worth 1 point"
    if taken >= bid and actual == 10 * taken:
        return "only the tricks bid are worth 10; the extra ones are bags worth 1 each"
    return ""


CHECKERS = {
    "contract_points": Checker("contract_points", "contract_points(bid, taken) -> int", contract_cases,
                               _norm_contract, lambda v, c: repr(v), _hint_contract,
                               make_hidden=lambda: contract_cases(hidden=True)),
    "spades_score": Checker("spades_score", "spades_score(bids, tricks, bags) -> (points, bags_after)",
                            score_cases, _norm_score,
                            lambda v, c: (f"points {_show_pair(v[0])}, bags after {_show_pair(v[1])}"
                                          if isinstance(v, tuple) and len(v) == 2 else repr(v)),
                            _hint_score, make_hidden=lambda: score_cases(hidden=True)),
}

