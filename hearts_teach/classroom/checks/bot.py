"""Exercise 10: write a whole bot. ``choose_pass(view)`` and ``choose_play(view)`` get a
``View`` (what one seat may know) and return 3 cards / one card.

- ``check("choose_pass", choose_pass, time_limit=1)`` and the same for ``choose_play``:
  the answers are valid (3 different cards from the hand; a legal card) in many positions
  taken from real hands, and each answer comes within the time limit (the notebook uses
  1 s, the league's default move limit);
- ``evaluate_bot(choose_pass, choose_play)``: a duplicate tournament against three
  "highest card" bots, in looks of 25, 50, 100 and 200 deals, stopping as soon as the
  99% interval of the bot's edge leaves zero; it reports the edge with that interval
  (99% rather than 95% because it looks up to four times).

Learner code is called through the same guard as every check (time limit, one-line
errors, "not implemented yet" for the stub).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from hearts_teach.agents import driver
from hearts_teach.agents.hearts import make_bot
from hearts_teach.agents.hearts.simple import HighestCardBot
from hearts_teach.agents.protocol import Watching
from hearts_teach.classroom.checks.calls import time_limit_problem
from hearts_teach.classroom.checks.framework import Case, Checker, WrongType, _short, as_card
from hearts_teach.classroom.checks.hidden import hidden_rng, hidden_seed
from hearts_teach.classroom.checks.strategy import (
    NotImplementedYet,
    TooSlow,
    _norm_cards,
    guarded,
    is_discard,
)
from hearts_teach.games.hearts.hand import Hand
from hearts_teach.games.hearts.view import View
from hearts_teach.games.records import HAND_NUMBER_MAX
from hearts_teach.kernel.cards import Card
from hearts_teach.kernel.rng import Rng

LOOKS = (25, 50, 100, 200)  # deals: each look decides only when the 99% interval leaves zero
Z_DECIDE = 2.576  # 99% two-sided, per look (4 looks: at most ~4% false verdicts overall)
Z_SHOW = Z_DECIDE  # the interval shown is the one the verdict uses, so the two always agree


# ------------------------------------------------------------------------------------
# validity: many positions from hands played by the rule bot


def _positions(first_seed: int, deals: int) -> tuple[list[View], list[View]]:
    """Views of every decision in ``deals`` hands played by four rule bots."""
    passes: list[View] = []
    plays: list[View] = []
    watched = Watching(make_bot("rule"), lambda v: (passes if v.phase == "pass" else plays).append(v))
    for seed in range(first_seed, first_seed + deals):
        # the hand number sets the pass direction (seed mod 4); a hidden seed is past the largest number
        hand = Hand.deal(seed=seed, hand_number=seed % HAND_NUMBER_MAX)
        driver.play(hand, [watched] * hand.players)
    return passes, plays


def _shown(view: View) -> tuple[str, ...]:
    return ("call: choose_play(view) with this view:" if view.phase == "play"
            else "call: choose_pass(view) with this view:",) + tuple("  " + s for s in str(view).splitlines())


HIDDEN_PLAYS = 72  # hidden decisions of choose_play


def play_cases(hidden: bool = False) -> list[Case]:
    """Decisions of every kind: leads, follows, discards, the first trick, forced plays.
    The hidden cases (class grader, nbgrader's hidden tests) come from other deals."""
    _, plays = _positions(hidden_seed("choose_play") if hidden else 1000, 8 if hidden else 12)
    rng = hidden_rng("choose_play") if hidden else Rng("hearts_teach.checks/bot-play")
    first = [v for v in plays if v.tricks_done == 0]
    void = [v for v in plays if is_discard(v)]
    leads = [v for v in plays if not v.trick and v.tricks_done > 0]
    rest = [v for v in plays if v not in first]
    n_first, n_void, n_leads, n_rest = (8, 20, 12, 40) if hidden else (12, 30, 20, 60)
    picked = first[:n_first] + rng.sample(void, min(n_void, len(void))) \
        + rng.sample(leads, min(n_leads, len(leads))) + rng.sample(rest, n_rest)
    seen, out = set(), []
    for v in picked:
        if v.key() in seen:
            continue
        seen.add(v.key())
        legal = _pretty(v.legal)
        out.append(Case((v,), "one of the legal cards",
                        f"The card must be legal here: {legal}.", _shown(v),
                        f"from hand {v.hand_number + 1} played by rule bots, trick {v.tricks_done + 1}"))
    return out[:HIDDEN_PLAYS] if hidden else out  # as many whatever the grading key (a few repeat)


def pass_cases(hidden: bool = False) -> list[Case]:
    passes, _ = _positions(hidden_seed("choose_pass") if hidden else 2000, 4 if hidden else 6)
    out = []
    for v in passes:
        out.append(Case((v,), "3 different cards from the hand",
                        "A pass is exactly 3 different cards from the 13 you were dealt.", _shown(v),
                        f"hand {v.hand_number + 1}, {v.seat_names[v.seat]} passing {v.pass_direction}"))
    return out


def _norm_card(value: Any) -> str:
    if value is None:
        raise WrongType("choose_play returned None: did you forget the return statement?")
    return str(as_card(value, "choose_play's answer"))


def _pretty(cards: Any) -> str:
    return " ".join(c.pretty for c in cards)


def _judge_play(case: Case, value: str) -> str | None:
    view: View = case.args[0]
    card = Card(value)
    if not view.hand >> card.index & 1:
        return f"{card.pretty} is not in your hand; the legal cards are {_pretty(view.legal)}"
    if not view.legal_mask >> card.index & 1:
        return f"{card.pretty} is not legal here; the legal cards are {_pretty(view.legal)}"
    return None


def _judge_pass(case: Case, value: tuple[str, ...]) -> str | None:
    view: View = case.args[0]
    if len(value) != 3:
        return f"a pass is exactly 3 cards, you returned {len(value)}"
    if len(set(value)) != 3:
        return "the same card appears twice"
    missing = [Card(c).pretty for c in value if not view.hand >> Card(c).index & 1]
    if missing:
        return f"{' '.join(missing)} is not in your hand"
    return None


def _show(value: Any, case: Case) -> str:
    if isinstance(value, tuple):
        return " ".join(Card(c).pretty for c in value)
    if isinstance(value, str) and value not in (case.expected,):
        return Card(value).pretty
    return str(value)


# ------------------------------------------------------------------------------------
# strength: a duplicate tournament against the highest-card bot


@dataclass(frozen=True)
class BotEvaluation:
    """The bot's edge over the highest-card bot: ``edge`` points per hand (positive: the
    bot takes fewer points than the average highest-card bot at its table) and its SE."""

    deals: int
    hands: int
    edge: float
    se: float
    mean_points: float
    verdict: str  # "beats", "loses" or "unsure", or "" when the tournament did not run
    lines: tuple[str, ...]

    @property
    def ok(self) -> bool:
        return self.verdict == "beats"

    @property
    def interval(self) -> tuple[float, float]:
        return self.edge - Z_SHOW * self.se, self.edge + Z_SHOW * self.se

    def _ipython_display_(self) -> None:
        return None  # already printed


def _explain(exc: BaseException) -> str:
    from hearts_teach.agents.tournament import StudentCodeError

    cause = exc.__cause__ or exc
    if isinstance(cause, NotImplementedYet):
        return f"{cause.args[0]} is not implemented yet: write it above, run its cell, then run this cell again."
    if isinstance(cause, TooSlow):
        return f"the tournament stopped: {cause}"
    if isinstance(exc, StudentCodeError):
        return f"the tournament stopped: {exc}"
    return f"the tournament stopped: {type(exc).__name__}: {exc}"


MOVE_LIMIT = 1.0  # seconds per answer: the class league's default move limit


def evaluate_bot(choose_pass: Callable, choose_play: Callable, seed: int = 10,
                 time_limit: float = MOVE_LIMIT, looks: tuple[int, ...] = LOOKS) -> BotEvaluation:
    """Play your bot against three highest-card bots on duplicate deals and print how much
    better (or worse) it is, with a 99% interval. More deals are played only while the
    answer is not yet clear."""
    from hearts_teach.agents.tournament import FunctionBot, deal_mean_se, run_tournament

    for fn, name in ((choose_pass, "choose_pass"), (choose_play, "choose_play")):
        if not callable(fn):
            line = f"evaluate_bot needs your functions, got {_short(fn)} for {name}"
            print(line)
            return BotEvaluation(0, 0, 0.0, float("nan"), float("nan"), "", (line,))
    if time_limit_problem(time_limit):
        line = time_limit_problem(time_limit)
        print(line)
        return BotEvaluation(0, 0, 0.0, float("nan"), float("nan"), "", (line,))
    bot = FunctionBot(pass_fn=guarded(choose_pass, time_limit), play_fn=guarded(choose_play, time_limit),
                      name="your bot")
    high = HighestCardBot()
    rows: list[tuple[int, ...]] = []
    done = 0
    for n in looks:
        try:
            more = run_tournament([bot, high, high, high], hands=n - done, seed=seed * 1000 + done,
                                  duplicate=True, progress=False)
        except Exception as exc:  # noqa: BLE001 - anything from the learner's code is reported
            line = _explain(exc)
            print(line)
            return BotEvaluation(done, len(rows), 0.0, float("nan"), float("nan"), "", (line,))
        rows.extend(more.hand_scores)
        done = n
        # the field's mean minus the bot's, hand by hand, its error over deals (the unit); in
        # whole numbers (3 × the difference) so a policy against itself gives exactly 0 ± 0
        m, se = (x / (len(rows[0]) - 1) for x in deal_mean_se([sum(h[1:]) - (len(h) - 1) * h[0] for h in rows]))
        if abs(m) > Z_DECIDE * se:
            break
    mean_points = sum(h[0] for h in rows) / len(rows)
    lo, hi = m - Z_SHOW * se, m + Z_SHOW * se
    verdict = "beats" if m > Z_DECIDE * se else "loses" if m < -Z_DECIDE * se else "unsure"
    lines = [f"Your bot against three highest-card bots · {done} deals × 4 seatings = {len(rows)} hands "
             f"(duplicate) · seed {seed}",
             f"  your bot: {mean_points:.2f} points per hand",
             f"  your edge: {m:+.2f} points per hand (standard error {se:.2f}; 99% interval {lo:+.2f} to "
             f"{hi:+.2f}; positive = fewer points than a highest-card bot)"]
    if verdict == "beats":
        lines.append(f"Your bot beats the highest-card bot by about {m:.1f} points per hand: the whole 99% "
                     f"interval is above zero. Well done!")
    elif verdict == "loses":
        lines.append(f"Your bot takes about {-m:.1f} points per hand MORE than the highest-card bot; "
                     f"look at which cards it keeps too long (the Q♠, high hearts).")
    else:
        lines.append(f"After {done} deals we still cannot tell your bot from the highest-card bot: the "
                     f"interval includes zero. Improve it and try again.")
    print("\n".join(lines))
    return BotEvaluation(done, len(rows), m, se, mean_points, verdict, tuple(lines))


CHECKERS = {
    "choose_play": Checker("choose_play", "choose_play(view) -> card", play_cases, _norm_card, _show,
                           judge=_judge_play, make_hidden=lambda: play_cases(hidden=True),
                           time_limit=MOVE_LIMIT),
    "choose_pass": Checker("choose_pass", "choose_pass(view) -> 3 cards", pass_cases,
                           lambda v: _norm_cards(v, "choose_pass"), _show, judge=_judge_pass,
                           make_hidden=lambda: pass_cases(hidden=True), time_limit=MOVE_LIMIT),
}
