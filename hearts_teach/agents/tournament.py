"""Tournaments: many seeded hands between bots (and learners' functions), with statistics.

    python -m hearts_teach tournament --seats rule,random,random,random --hands 200 --seed 1
    python -m hearts_teach tournament --seats medium,rule,rule,rule --hands 50 --duplicate --json

From Python: ``run_tournament(["rule", "random", "random", "random"], hands=200, seed=1)``
returns a ``TournamentResult`` (text table, HTML table, ``to_dict()``). A seat can also be
a ``Bot`` or a ``FunctionBot`` wrapping a learner's pass and/or play function: whatever
that function raises or returns is checked, and a problem is reported as a
``StudentCodeError`` naming the function, the position and what was expected.

Every hand is dealt from the tournament seed and the hand's number (``hash64``), and
each bot's randomness comes from its seed and the position, so a result is reproducible
and, in a duplicate tournament, every rotation of the lineup sees exactly the same deals.
"""

from __future__ import annotations

import argparse
import math
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from html import escape
from typing import Any, TypeVar

from hearts_teach.agents import driver
from hearts_teach.agents.hearts import Bot, make_bot
from hearts_teach.agents.lineups import seating
from hearts_teach.games.hearts.hand import Hand
from hearts_teach.games.hearts.rules import Rules
from hearts_teach.games.hearts.view import View
from hearts_teach.games.records import dumps_json
from hearts_teach.kernel.cards import Card, CardList
from hearts_teach.kernel.errors import ArgumentError, ArgumentTypeError, HeartsError, quote
from hearts_teach.kernel.rng import hash64
from hearts_teach.kernel.table import FOUR, SEAT_COUNT
from hearts_teach.kernel.validation import check_callable, check_choice, check_int, check_seed

MAX_HANDS = 1_000_000  # deals in one tournament: a bound, so a typo cannot run for days (about 40 minutes
# for four batch-engine bots on one core; a search bot plays far fewer hands a second)
KEEP_SCORES_MAX = 20_000  # hands whose scores a result keeps one by one (``hand_scores``) by default
CHUNK_DEALS = 2_000  # deals the batch engine plays at a time: memory stays flat with the hand count


# learners' functions -----------------------------------------------------------------------
class StudentCodeError(HeartsError):
    """A learner's pass or play function raised, returned something that is not a card
    (or not 3 cards), or chose a card it may not play. ``kind`` is ``"raised"``,
    ``"bad_return"`` or ``"illegal"``; ``view`` is the position; ``returned`` the value;
    ``__cause__`` the original exception when it raised."""

    def __init__(self, message: str, *, kind: str, function: str, view: View, returned: Any = None):
        super().__init__(message)
        self.kind = kind
        self.function = function
        self.view = view
        self.returned = returned


def _fname(fn: Callable) -> str:
    return getattr(fn, "__name__", None) or type(fn).__name__


def _where(view: View) -> str:
    name = view.seat_names[view.seat]
    if view.phase == "pass":
        return f"{name} passing {view.pass_direction} with {view.cards.pretty}"
    trick = " ".join(c.pretty for c in view.current_trick) or "nothing yet (leading)"
    return (f"{name} to play in trick {view.tricks_done + 1} holding {view.cards.pretty}; "
            f"trick so far: {trick}; legal: {', '.join(c.pretty for c in view.legal)}")


def _short(value: Any) -> str:
    return quote(value, 60)


def checked_play(fn: Callable[[View], Any], view: View) -> Card:
    """Call a learner's play function and return its card, or raise ``StudentCodeError``."""
    name = _fname(fn)
    try:
        value = fn(view)
    except Exception as e:  # the learner's code: report whatever it raised
        raise StudentCodeError(f"your play function {name}() raised {type(e).__name__}: {e} "
                               f"(position: {_where(view)})", kind="raised", function=name,
                               view=view) from e
    try:
        if isinstance(value, CardList) and len(value) == 1:
            value = value[0]
        card = Card(value)
    except (HeartsError, TypeError):
        raise StudentCodeError(f"your play function {name}() returned {_short(value)}, which is not a "
                               f"card; return one card such as Card('QS') or 'QS' "
                               f"(position: {_where(view)})", kind="bad_return", function=name,
                               view=view, returned=value) from None
    if not view.legal_mask >> card.index & 1:
        why = "you do not hold it" if not view.hand >> card.index & 1 else "it is not legal now"
        raise StudentCodeError(f"your play function {name}() chose {card.pretty}, but {why}; "
                               f"the legal cards were {', '.join(c.pretty for c in view.legal)} "
                               f"(position: {_where(view)})", kind="illegal", function=name,
                               view=view, returned=value)
    return card


def checked_pass(fn: Callable[[View], Any], view: View) -> CardList:
    """Call a learner's pass function and return its 3 cards, or raise ``StudentCodeError``."""
    name = _fname(fn)
    try:
        value = fn(view)
    except Exception as e:
        raise StudentCodeError(f"your pass function {name}() raised {type(e).__name__}: {e} "
                               f"(position: {_where(view)})", kind="raised", function=name,
                               view=view) from e
    try:
        if isinstance(value, (Card, int)) or value is None:
            raise TypeError
        chosen = CardList(value)
    except (HeartsError, TypeError):
        raise StudentCodeError(f"your pass function {name}() returned {_short(value)}; return 3 cards, "
                               f"e.g. ['QS', 'AH', '2C'] or a CardList (position: {_where(view)})",
                               kind="bad_return", function=name, view=view, returned=value) from None
    if len(chosen) != 3 or chosen.mask.bit_count() != 3:
        raise StudentCodeError(f"your pass function {name}() returned {len(chosen)} card(s) "
                               f"({' '.join(c.pretty for c in chosen) or 'none'}); a pass is exactly 3 "
                               f"different cards (position: {_where(view)})", kind="bad_return",
                               function=name, view=view, returned=value)
    missing = [c for c in chosen if not view.hand >> c.index & 1]
    if missing:
        raise StudentCodeError(f"your pass function {name}() chose {' '.join(c.pretty for c in missing)}, "
                               f"which this hand does not hold (position: {_where(view)})",
                               kind="illegal", function=name, view=view, returned=value)
    return chosen


class FunctionBot(Bot):
    """A seat driven by a learner's functions: ``pass_fn(view) -> 3 cards`` and/or
    ``play_fn(view) -> card``. Whatever is not given is done by ``base`` (a bot or a
    ladder name, default the rule bot).

    on_error: ``"raise"`` (default) stops with a ``StudentCodeError``; ``"fallback"``
    records the problem in ``problems`` and uses the base bot's choice instead.
    """

    def __init__(self, pass_fn: Callable[[View], Any] | None = None,
                 play_fn: Callable[[View], Any] | None = None, base: str | Bot = "rule",
                 name: str | None = None, on_error: str = "raise", seed: int = 0):
        super().__init__(seed)
        check_choice(on_error, "on_error", ("raise", "fallback"))
        for label, fn in (("pass_fn", pass_fn), ("play_fn", play_fn)):
            if fn is not None:
                check_callable(fn, label, "a function taking a View")
        if not isinstance(base, str | Bot):
            raise ArgumentTypeError(f"base is a bot name or a Bot, got {type(base).__name__} {quote(base)}",
                                    argument="base")
        if name is not None and not isinstance(name, str):
            raise ArgumentTypeError(f"name is a string, got {type(name).__name__} {quote(name)}",
                                    argument="name")
        self.pass_fn = pass_fn
        self.play_fn = play_fn
        self.base = make_bot(base, seed=seed) if isinstance(base, str) else base
        self.on_error = on_error
        self.problems: list[StudentCodeError] = []
        parts = [f"pass={_fname(pass_fn)}" if pass_fn else "", f"play={_fname(play_fn)}" if play_fn else ""]
        self.name = name or f"{'+'.join(p for p in parts if p) or 'function'} ({self.base.name})"

    def pass_mask(self, view: View) -> int:
        if self.pass_fn is None:
            return self.base.pass_mask(view)
        try:
            return checked_pass(self.pass_fn, view).mask
        except StudentCodeError as e:
            if self.on_error == "raise":
                raise
            self.problems.append(e)
            return self.base.pass_mask(view)

    def play_index(self, view: View) -> int:
        if self.play_fn is None:
            return self.base.play_index(view)
        try:
            return checked_play(self.play_fn, view).index
        except StudentCodeError as e:
            if self.on_error == "raise":
                raise
            self.problems.append(e)
            return self.base.play_index(view)


# results ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class BotResult:
    """One lineup entry's results, as running sums (exact integers): ``count`` hands played,
    ``total`` points and ``total_sq`` the sum of squares. ``points`` holds the score of every
    hand when the tournament kept them (``keep_scores``), else it is empty.

    ``per_deal`` hands share one deal's cards (4 in a duplicate tournament, one per seating) and
    are not independent, so the standard error is taken over deals: ``deal_sq`` is the sum over
    deals of the square of the deal's points (``total_sq`` when every deal is one hand)."""

    name: str
    points: tuple[int, ...]
    moons: int  # hands in which this entry shot the moon
    wins: int  # hands in which this entry had the lowest score (ties count for each)
    count: int = -1  # -1: taken from ``points``
    total: int = 0
    total_sq: int = 0
    per_deal: int = 1
    deal_sq: int = -1  # -1: taken from ``points`` (or ``total_sq`` when per_deal is 1)

    def __post_init__(self) -> None:
        if self.count < 0:  # built from the points themselves
            object.__setattr__(self, "count", len(self.points))
            object.__setattr__(self, "total", sum(self.points))
            object.__setattr__(self, "total_sq", sum(p * p for p in self.points))
        if self.deal_sq < 0:
            object.__setattr__(self, "deal_sq", self.total_sq if self.per_deal == 1
                               else _grouped_sq(self.points, self.per_deal))

    @property
    def hands(self) -> int:
        return self.count

    @property
    def mean_points(self) -> float:
        return self.total / self.count if self.count else float("nan")

    @property
    def se(self) -> float:
        """Standard error of the mean points per hand, over deals (the independent unit)."""
        return mean_and_se(self.count // self.per_deal, self.total, self.deal_sq, self.per_deal)[1]

    def to_dict(self) -> dict:
        return {"name": self.name, "mean_points": round(self.mean_points, 4), "se": round(self.se, 4),
                "moons": self.moons, "wins": self.wins}


def mean_and_se(n: int, total: float, total_sq: float, scale: int = 1) -> tuple[float, float]:
    """Mean and standard error of the mean of ``n`` numbers divided by ``scale``, from their sum
    and sum of squares (for whole numbers, exact integer arithmetic up to the last division)."""
    if n == 0:
        return float("nan"), float("nan")
    mean = total / (n * scale)
    if n < 2:
        return mean, float("nan")
    spread = n * total_sq - total * total  # n² × the variance × (n - 1) / n, exactly
    return mean, math.sqrt(max(spread, 0) / (n * (n - 1)) / n) / scale  # (floats may round below 0)


_N = TypeVar("_N", int, float)  # whole numbers stay whole (exact sums of squares)


def deal_mean_se(values: Sequence[float], per_deal: int = SEAT_COUNT) -> tuple[float, float]:
    """Mean per hand of ``values`` (one per hand, each deal's ``per_deal`` seatings in a row, as
    a duplicate tournament plays them) and its standard error over deals: the seatings of one
    deal share its cards, so their average is one observation."""
    if per_deal < 1 or len(values) % per_deal:
        raise ArgumentError(f"{len(values)} hands do not split into deals of {per_deal}", argument="values")
    # the tally's formula on the deals' sums: whole numbers stay exact (a policy against itself: 0 ± 0)
    return mean_and_se(len(values) // per_deal, sum(values), _grouped_sq(values, per_deal), per_deal)


def _grouped_sq(values: Sequence[_N], size: int) -> _N:
    """The sum of squares of the sums of consecutive groups of ``size`` values (one group per deal)."""
    return sum(sum(values[k:k + size]) ** 2 for k in range(0, len(values), size))


@dataclass(frozen=True)
class TournamentResult:
    lineup: tuple[str, ...]
    deals: int
    seed: int
    duplicate: bool
    bots: tuple[BotResult, ...]
    # per hand, in lineup order, when kept (``keep_scores``; by default up to KEEP_SCORES_MAX hands)
    hand_scores: tuple[tuple[int, ...], ...] = field(repr=False)
    problems: tuple[str, ...] = ()
    # each entry's sum of (the table's points − 4 × its own) per hand and the sum over deals of
    # the square of that deal's sum (the 4 seatings of a duplicate deal are one unit): ``edge``
    edge_sums: tuple[tuple[int, int], ...] = field(default=(), repr=False)

    @property
    def per_deal(self) -> int:
        """Hands played on each deal: one per seating in a duplicate tournament."""
        return SEAT_COUNT if self.duplicate else 1

    @property
    def hands(self) -> int:
        """Total hands played (deals × 4 in a duplicate tournament)."""
        return self.bots[0].count if self.bots else 0

    def to_dict(self) -> dict:
        return {"hands": self.hands, "bots": [b.to_dict() for b in self.bots]}

    def to_json(self, **kw: Any) -> str:
        return dumps_json(self.to_dict(), kw)

    def edge(self, i: int = 0) -> tuple[float, float]:
        """Mean of (the other entries' average − entry ``i``) per hand, and its standard
        error, paired hand by hand and taken over deals: in a duplicate tournament the 4 seatings
        of a deal share its cards, so they count as one observation, not four. Positive: entry
        ``i`` took fewer points than the field."""
        g = self.per_deal
        total, deal_sq = self.edge_sums[i] if self.edge_sums else _edge_sums(self.hand_scores, i, g)
        return mean_and_se(self.hands // g, total, deal_sq, (SEAT_COUNT - 1) * g)

    @property
    def kind(self) -> str:
        """'200 deals' or 'duplicate, 50 deals × 4 seatings'."""
        return f"duplicate, {self.deals} deals × {SEAT_COUNT} seatings" if self.duplicate else f"{self.deals} deals"

    def table(self) -> str:
        kind = self.kind
        lines = [f"Tournament · {self.hands} hands ({kind}) · seed {self.seed}",
                 f"{'#':>2}  {'bot':<20} {'pts/hand':>8} {'± se':>6} {'wins':>6} {'moons':>6}"]
        for i, b in enumerate(self.bots):
            lines.append(f"{i + 1:>2}  {b.name:<20} {b.mean_points:8.2f} {b.se:6.2f} {b.wins:6d} {b.moons:6d}")
        lines.append("Lower points are better; wins = hands with the lowest score (ties count for each).")
        if self.problems:
            lines.append(f"{len(self.problems)} problem(s) with a learner's function; first: {self.problems[0]}")
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.table()

    def _repr_html_(self) -> str:
        th = "style='padding:2px 8px;text-align:left'"
        td = "style='padding:2px 8px;text-align:right'"
        rows = "".join(
            f"<tr><td {td}>{i + 1}</td><td style='padding:2px 8px'>{escape(b.name)}</td>"
            f"<td {td}>{b.mean_points:.2f}</td><td {td}>± {b.se:.2f}</td><td {td}>{b.wins}</td>"
            f"<td {td}>{b.moons}</td></tr>" for i, b in enumerate(self.bots))
        kind = self.kind
        return (f"<div class='ht-tournament' style='font-family:sans-serif'><b>Tournament</b> · "
                f"{self.hands} hands ({escape(kind)}) · seed {self.seed}"
                f"<table style='border-collapse:collapse'><tr><th {th}>#</th><th {th}>bot</th>"
                f"<th {th}>pts/hand</th><th {th}>se</th><th {th}>wins</th><th {th}>moons</th></tr>"
                f"{rows}</table><div>Lower points are better.</div></div>")


# progress ------------------------------------------------------------------------------------
class _Progress:
    """A progress line on a terminal (stderr) or a display in a notebook; silent otherwise.
    It shows counts only (no times), so stored notebook outputs stay reproducible."""

    def __init__(self, total: int, mode: bool | None, label: str = "tournament", unit: str = "hands"):
        self.total = total
        self.label = label
        self.unit = unit
        self.kind = None
        self.handle = None
        self.step = max(1, total // 50)
        if mode is False or total <= 1:
            return
        if _in_notebook():
            if mode or total >= 200:
                from IPython.display import HTML, display

                self.kind = "notebook"
                self.handle = display(HTML(self._html(0)), display_id=True)
        elif mode or sys.stderr.isatty():
            self.kind = "tty"

    def _html(self, done: int) -> str:
        return (f"<progress value='{done}' max='{self.total}'></progress> "
                f"{self.label}: {done}/{self.total} {self.unit}")

    def update(self, done: int) -> None:
        if self.kind is None or (done % self.step and done != self.total):
            return
        if self.kind == "tty":
            width = 30
            fill = width * done // self.total
            sys.stderr.write(f"\r{self.label} [{'#' * fill}{'.' * (width - fill)}] {done}/{self.total} {self.unit}")
            if done == self.total:
                sys.stderr.write("\n")
            sys.stderr.flush()
        elif self.handle is not None:
            from IPython.display import HTML

            self.handle.update(HTML(self._html(done)))


def _in_notebook() -> bool:
    try:
        from IPython import get_ipython
    except ImportError:
        return False
    ip = get_ipython()
    return ip is not None and hasattr(ip, "kernel")


# running -----------------------------------------------------------------------------------
def play_hand(hand: Hand, bots: Sequence[Bot]) -> Hand:
    """Play ``hand`` to the end with ``bots[seat]`` for every seat (each sees only its View)."""
    return driver.play(hand, bots)


def deal_for(seed: int, number: int, rules: Rules | None = None) -> Hand:
    """Hand ``number`` of a tournament with ``seed`` (the pass direction rotates by number)."""
    return Hand.deal(seed=hash64(f"tournament/{seed}/{number}"), hand_number=number, rules=rules)


SeatSpec = str | Bot


class RunningTally:
    """Each lineup entry's running sums (points, squares, the edge's differences), wins and moons,
    added hand by hand; the hands' scores themselves only while ``keep`` is true, so a long
    tournament's memory stays flat with the hand count."""

    def __init__(self, keep: bool, per_deal: int = 1) -> None:
        n = SEAT_COUNT
        self.keep = keep
        self.per_deal = per_deal  # consecutive hands sharing one deal (the statistics' unit)
        self.count = 0
        self.total, self.total_sq, self.wins, self.moons = [0] * n, [0] * n, [0] * n, [0] * n
        self.edge, self.edge_sq, self.deal_sq = [0] * n, [0] * n, [0] * n
        self.open_points, self.open_edge = [0] * n, [0] * n  # the current deal's sums so far
        self.rows: list[tuple[int, ...]] = []

    def add_seated(self, scores: Sequence[int], moon_seat: int | None, seat_of: Sequence[int]) -> None:
        """One hand given by seat: entry e sat in ``seat_of[e]``; ``moon_seat`` shot the moon."""
        row = tuple(scores[seat] for seat in seat_of)
        moon = seat_of.index(moon_seat) if moon_seat in seat_of else None
        low, table = min(row), sum(row)
        for e, p in enumerate(row):
            self.total[e] += p
            self.total_sq[e] += p * p
            self.wins[e] += p == low  # ties count for each
            self.moons[e] += moon == e
            d = table - SEAT_COUNT * p  # (SEAT_COUNT - 1) × (the others' average − this entry's points)
            self.edge[e] += d
            self.open_points[e] += p
            self.open_edge[e] += d
        self.count += 1
        if self.count % self.per_deal == 0:  # the deal's last seating: its sums are one observation
            for e in range(SEAT_COUNT):
                self.deal_sq[e] += self.open_points[e] ** 2
                self.edge_sq[e] += self.open_edge[e] ** 2
                self.open_points[e] = self.open_edge[e] = 0
        if self.keep:
            self.rows.append(row)

    def result(self, names: Sequence[str], hands: int, seed: int, duplicate: bool,
               problems: tuple[str, ...] = ()) -> TournamentResult:
        bots = tuple(BotResult(name, tuple(r[e] for r in self.rows) if self.keep else (), self.moons[e],
                               self.wins[e], self.count, self.total[e], self.total_sq[e], self.per_deal,
                               self.deal_sq[e])
                     for e, name in enumerate(names))
        return TournamentResult(tuple(names), hands, seed, duplicate, bots, tuple(self.rows), problems,
                                tuple(zip(self.edge, self.edge_sq, strict=True)))


def _edge_sums(rows: Sequence[Sequence[int]], i: int, per_deal: int) -> tuple[int, int]:
    diffs = [sum(h) - SEAT_COUNT * h[i] for h in rows]
    return sum(diffs), _grouped_sq(diffs, per_deal)


def run_tournament(seats: Sequence[SeatSpec] | str, hands: int = 100, seed: int = 0,
                   duplicate: bool = False, rules: Rules | None = None,
                   progress: bool | None = None, engine: str = "auto",
                   keep_scores: bool | None = None) -> TournamentResult:
    """Play ``hands`` deals (1 to ``MAX_HANDS``, a million) between 4 lineup entries (ladder
    names, ``mc:N``, ``Bot`` objects or ``FunctionBot``s) and return the statistics in lineup order.

    duplicate: play every deal once per rotation of the lineup (4 hands per deal), so every
    entry sits in every seat with the same cards; the paired comparison removes most luck.
    progress: None shows a bar on a terminal or for long notebook runs; True/False force it.
    engine: ``"auto"`` plays on the batch engine (``hearts_teach.games.hearts.batch``) when every seat is
    ``random``, ``rule`` or ``easy`` (same deals, same cards, same results as the scalar
    path), else hand by hand; ``"scalar"`` or ``"batch"`` force one.
    keep_scores: keep every hand's scores in ``hand_scores`` (and ``BotResult.points``); None
    (default) keeps them up to ``KEEP_SCORES_MAX`` hands. The statistics are running sums either
    way, so a long tournament's memory does not grow with the hand count.
    """
    lineup = _lineup(seats)
    check_int(hands, "hands", 1, MAX_HANDS)
    check_seed(seed, allow_str=False)
    if rules is not None and not isinstance(rules, Rules):
        raise ArgumentTypeError(f"rules is a Rules object or None, got {quote(rules)}", argument="rules")
    if rules is not None and rules.players != len(lineup):  # lineups, rotations and tables are four-seat
        raise ArgumentError(f"tournaments seat {len(lineup)} players, not {rules.players}: play "
                            f"Rules(players={rules.players}) hand by hand (Hand, Match, make_bot)", argument="rules")
    for flag, value in (("duplicate", duplicate), ("progress", progress), ("keep_scores", keep_scores)):
        if not isinstance(value, bool) and not (flag != "duplicate" and value is None):
            raise ArgumentTypeError(f"{flag} is True or False, got {quote(value)}", argument=flag)
    check_choice(engine, "engine", ("auto", "scalar", "batch"))
    rotations = SEAT_COUNT if duplicate else 1
    tally = RunningTally(keep_scores if keep_scores is not None else hands * rotations <= KEEP_SCORES_MAX,
                         rotations)
    bar = _Progress(hands * rotations, progress)
    if engine != "scalar":
        from hearts_teach.agents.batch_tournament import BATCH_BOTS, batch_supported

        if batch_supported(lineup):
            _batch_tournament(lineup, hands, seed, duplicate, rules, tally, bar)
            return tally.result(lineup, hands, seed, duplicate)
        if engine == "batch":
            raise ArgumentError(f"the batch engine plays only {', '.join(BATCH_BOTS)} seats, "
                             f"got {', '.join(map(str, lineup))}; use engine='scalar' or 'auto'",
                                argument="engine")
    bots = [make_bot(s, seed=seed) if isinstance(s, str) else s for s in lineup]
    names = [b if isinstance(b, str) else b.name for b in lineup]
    for d in range(hands):
        for r in range(rotations):
            hand = deal_for(seed, d, rules)
            seat_of = seating(r)
            play_hand(hand, [bots[seat_of.index(s)] for s in FOUR.seats])
            tally.add_seated(hand.scores, hand.moon, seat_of)
            bar.update(tally.count)
    problems = tuple(str(p) for b in bots if isinstance(b, FunctionBot) for p in b.problems)
    return tally.result(names, hands, seed, duplicate, problems)


def _batch_tournament(lineup: Sequence[str], hands: int, seed: int, duplicate: bool, rules: Rules | None,
                      tally: RunningTally, bar: _Progress) -> None:
    """``run_tournament`` on the batch engine (built-in bots only), ``CHUNK_DEALS`` deals at a
    time into ``tally``; same result as the scalar path."""
    from hearts_teach.agents.batch_tournament import tournament_rows

    for first in range(0, hands, CHUNK_DEALS):
        scores, moon, seat_of = tournament_rows(lineup, min(CHUNK_DEALS, hands - first), seed, duplicate,
                                                rules, first=first)
        for row_scores, m, where in zip(scores.tolist(), moon.tolist(), seat_of, strict=True):
            tally.add_seated(row_scores, m, where)
        bar.update(tally.count)


def _lineup(seats: Sequence[SeatSpec] | str) -> list[SeatSpec]:
    if isinstance(seats, str):
        seats = [s.strip() for s in seats.split(",")]
    if isinstance(seats, Bot | bytes | dict | set | frozenset) or not hasattr(seats, "__iter__"):
        raise ArgumentTypeError(f"a lineup is {SEAT_COUNT} seats (bot names or Bots), got {type(seats).__name__} "
                                f"{quote(seats)}", argument="seats")
    seats = list(seats)
    if len(seats) != SEAT_COUNT:
        raise ArgumentError(f"a lineup is {SEAT_COUNT} seats, got {len(seats)}: {quote(seats)}", argument="seats")
    for s in seats:
        if isinstance(s, str):
            make_bot(s)  # raises UnknownBotError with the valid names
        elif not isinstance(s, Bot):
            raise ArgumentTypeError(f"a seat is a bot name or a Bot (e.g. FunctionBot(play_fn=...)), "
                                    f"got {quote(s)}", argument="seats")
    return seats


# command line --------------------------------------------------------------------------------
def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--seats", required=True, metavar="A,B,C,D",
                   help="4 bots in seat order: any registered bot (random, beginner, rule, medium, expert, easy, hard, highest, …) or mc:N")
    p.add_argument("--hands", type=int, default=100, metavar="N",
                   help=f"number of deals, 1 to {MAX_HANDS:,} (with --duplicate each is played 4 times)")
    p.add_argument("--seed", type=int, default=0, metavar="S", help="seed of the deals and bots")
    p.add_argument("--duplicate", action="store_true",
                   help="play each deal once per rotation of the lineup")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--engine", choices=("auto", "scalar", "batch"), default="auto",
                   help="auto (default): the numpy batch engine when every seat is random, "
                        "rule or easy (same results), else hand by hand")


def main_tournament(args: argparse.Namespace) -> int:
    try:
        result = run_tournament(args.seats, hands=args.hands, seed=args.seed,
                                duplicate=args.duplicate, engine=getattr(args, "engine", "auto"))
    except (HeartsError, ValueError, TypeError) as e:
        print(f"tournament: {e}", file=sys.stderr)
        return 2
    if args.json:
        print(result.to_json())
    else:
        print(result.table())
    return 0


__all__ = ["BotResult", "FunctionBot", "StudentCodeError", "TournamentResult", "checked_pass",
           "checked_play", "deal_for", "deal_mean_se", "play_hand", "run_tournament"]
