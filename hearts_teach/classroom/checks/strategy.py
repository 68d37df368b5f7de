"""Exercise 07: strategy. A passing function and a discard policy, each evaluated by
simulation against the rule bot, and decision drills graded by the coach.

Learners write plain functions on card strings:

- ``my_pass(hand)``: the 13 cards dealt (``['2C', 'QS', ...]``) -> 3 cards to pass;
- ``my_discard(legal, trick)``: when void in the led suit, the cards allowed and the trick
  so far -> the card to play;
- ``my_drill_answers()``: a dict ``{drill number: answer}`` for the drills.

``check("my_pass", my_pass)`` / ``check("my_discard", my_discard)`` test that the answers are
always valid; ``evaluate_pass`` and ``evaluate_discard`` run small duplicate tournaments
(``hearts_teach.agents.tournament``); ``grade_drills`` asks the coach (``hearts_teach.agents.coach``).
Every call of learner code goes through the same guard as the checks: a time limit, one-line
errors, and "not implemented yet" for the exercise stub.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from hearts_teach.agents.hearts import make_bot
from hearts_teach.classroom.checks.framework import (
    DEFAULT_TIME_LIMIT,
    Case,
    Checker,
    WrongType,
    _short,
    as_card,
    call_with_limit,
    one_line,
    safe_repr,
    whole,
)
from hearts_teach.classroom.checks.hidden import hidden_rng, hidden_seed
from hearts_teach.classroom.checks.positions import names, random_hands
from hearts_teach.course.drills import FULL_MARKS, Drill, Scripted, grade, marks
from hearts_teach.games.hearts.hand import Hand
from hearts_teach.games.hearts.view import View
from hearts_teach.kernel.cards import SUIT_MASKS, Card, CardList
from hearts_teach.kernel.rng import Rng
from hearts_teach.kernel.table import FOUR, SEAT_NAMES

if TYPE_CHECKING:
    from matplotlib.axes import Axes

    from hearts_teach.agents.tournament import TournamentResult

SEATS = SEAT_NAMES


# ------------------------------------------------------------------------------------
# guarding learner code inside simulations


class NotImplementedYet(Exception):
    """The learner's function is still the exercise stub."""


class TooSlow(Exception):
    """The learner's function did not return within the time limit."""


class StudentExit(Exception):
    """The learner's function raised ``SystemExit``, ``KeyboardInterrupt`` or another exception
    that is not an ``Exception``: turned into one the evaluators report in a line."""


def guarded(func: Callable, time_limit: float = DEFAULT_TIME_LIMIT) -> Callable:
    """``func`` wrapped so that it runs with a time limit on copies of its arguments."""
    import copy

    def call(*args: Any) -> Any:
        outcome = call_with_limit(func, copy.deepcopy(args), time_limit)
        if outcome.timed_out:
            raise TooSlow(f"{getattr(func, '__name__', 'your function')} did not finish within "
                          f"{time_limit:g} seconds (a loop that never ends?)")
        if isinstance(outcome.error, NotImplementedError):
            raise NotImplementedYet(getattr(func, "__name__", "your function"))
        if outcome.error is not None and not isinstance(outcome.error, Exception):
            # SystemExit and friends would escape the evaluators' ``except Exception``
            raise StudentExit(f"{getattr(func, '__name__', 'your function')} raised "
                              f"{one_line(outcome.error)}")
        if outcome.error is not None:
            raise outcome.error
        return outcome.value

    call.__name__ = getattr(func, "__name__", "function")
    return call


def is_discard(view: View) -> bool:
    """The seat to play cannot follow the led suit (the decision family of ``my_discard``)."""
    return bool(view.trick) and not view.hand & SUIT_MASKS[view.led_suit]


def pass_adapter(my_pass: Callable) -> Callable[[View], Any]:
    safe = guarded(my_pass)

    def pass_fn(view: View) -> Any:
        return safe([str(c) for c in view.cards])

    pass_fn.__name__ = getattr(my_pass, "__name__", "my_pass")
    return pass_fn


def discard_adapter(my_discard: Callable, seed: int = 0) -> Callable[[View], Any]:
    """A play function: ``my_discard`` when void in the led suit, the rule bot otherwise."""
    safe = guarded(my_discard)
    rule = make_bot("rule", seed=seed)

    def play_fn(view: View) -> Any:
        if is_discard(view):
            return safe([str(c) for c in view.legal], [str(c) for c in view.current_trick])
        return rule.choose_play(view)

    play_fn.__name__ = getattr(my_discard, "__name__", "my_discard")
    return play_fn


def lowest_discard(legal: list[str], trick: list[str]) -> str:
    """A naive policy to compare with: always throw the lowest card."""
    return min(legal, key=lambda c: Card(c).rank)


# ------------------------------------------------------------------------------------
# evaluation by duplicate tournaments


@dataclass(frozen=True)
class Comparison:
    """Points per hand of several policies in seat 0 of the same duplicate deals."""

    title: str
    labels: tuple[str, ...]
    points: tuple[tuple[int, ...], ...]  # per policy, per hand (same hands for all)
    deals: int
    seed: int
    error: str = ""

    @property
    def ok(self) -> bool:
        return not self.error

    def mean(self, i: int) -> float:
        return sum(self.points[i]) / len(self.points[i])

    def diff(self, i: int, j: int) -> tuple[float, float]:
        """Mean and standard error of (policy i − policy j), paired hand by hand; the error is
        taken over deals (a deal's 4 seatings share its cards: one observation, not four)."""
        from hearts_teach.agents.tournament import deal_mean_se

        m, se = deal_mean_se([a - b for a, b in zip(self.points[i], self.points[j], strict=True)])
        return m, se if se == se else 0.0

    def text(self) -> str:
        if self.error:
            return self.error
        n = len(self.points[0])
        w = max(len(s) for s in self.labels)
        lines = [f"{self.title} · {self.deals} deals × 4 seatings = {n} hands · seed {self.seed}"]
        for i, lab in enumerate(self.labels):
            lines.append(f"  {lab:<{w}}  {self.mean(i):5.2f} points per hand")
        for i in range(1, len(self.labels)):
            m, se = self.diff(0, i)
            lines.append(f"  {self.labels[0]} − {self.labels[i]}: {m:+.2f} ± {se:.2f} points per hand "
                         f"({_verdict(m, se)})")
        lines.append("Lower is better. ± is one standard error of the paired difference.")
        return "\n".join(lines)

    def plot(self, ax: Axes | None = None) -> None:
        """Running mean points per hand of each policy (seat 0), one line each. Returns None,
        so a notebook cell ending in ``result.plot()`` shows only the figure."""
        import matplotlib.pyplot as plt

        if self.error:
            print("nothing to plot yet: the tournament did not run")
            return None
        own = ax is None
        if ax is None:
            fig, ax = plt.subplots(figsize=(6.5, 3.2))
        for lab, pts in zip(self.labels, self.points, strict=True):
            run, total = [], 0
            for k, p in enumerate(pts, start=1):
                total += p
                run.append(total / k)
            ax.plot(range(1, len(pts) + 1), run, label=lab)
        ax.set_xlabel("hands played")
        ax.set_ylabel("average points per hand")
        ax.set_title(self.title)
        ax.legend()
        if own:
            fig.tight_layout()

    def __str__(self) -> str:
        return self.text()


def _verdict(m: float, se: float) -> str:
    if se == 0 and m == 0:
        return "no difference at all"
    if abs(m) <= 2 * se:
        return "no clear difference over this many hands"
    return "clearly better" if m < 0 else "clearly worse"


def _seat0(result: TournamentResult) -> tuple[int, ...]:
    return tuple(row[0] for row in result.hand_scores)


_BASELINE: dict[tuple[int, int], tuple[int, ...]] = {}


def _run(lineup: list, deals: int, seed: int) -> tuple[int, ...]:
    from hearts_teach.agents.tournament import run_tournament

    baseline = lineup == ["rule"] * FOUR.players  # the same for every evaluation on these deals: run it once
    if baseline and (deals, seed) in _BASELINE:
        return _BASELINE[(deals, seed)]
    points = _seat0(run_tournament(lineup, hands=deals, seed=seed, duplicate=True, progress=False))
    if baseline:
        _BASELINE[(deals, seed)] = points
    return points


def _explain_failure(exc: BaseException, what: str) -> str:
    cause = exc.__cause__ or exc
    if isinstance(cause, NotImplementedYet):
        return f"{cause.args[0]} is not implemented yet: write it above, run its cell, then run this cell again."
    if isinstance(cause, TooSlow | StudentExit):
        return f"{what} stopped: {cause}"
    from hearts_teach.agents.tournament import StudentCodeError

    if isinstance(exc, StudentCodeError):
        return f"{what} stopped: {exc}"
    return f"{what} stopped: {one_line(exc)}"


def evaluate_pass(my_pass: Callable, deals: int = 12, seed: int = 7) -> Comparison:
    """Seat 0 passes with ``my_pass`` (and plays like the rule bot) against three rule bots,
    compared with the rule bot's own pass on the same duplicate deals. Prints a table."""
    from hearts_teach.agents.tournament import FunctionBot

    title = "Your pass vs the rule bot's pass"
    try:
        mine = _run([FunctionBot(pass_fn=pass_adapter(my_pass), base="rule", name="your pass"),
                     "rule", "rule", "rule"], deals, seed)
    except Exception as exc:  # noqa: BLE001 - anything from the learner's function is reported
        res = Comparison(title, (), (), deals, seed, _explain_failure(exc, "the tournament"))
        print(res.text())
        return res
    base = _run(["rule", "rule", "rule", "rule"], deals, seed)
    res = Comparison(title, ("your pass", "rule bot's pass"), (mine, base), deals, seed)
    print(res.text())
    return res


def evaluate_discard(my_discard: Callable, deals: int = 12, seed: int = 7) -> Comparison:
    """Seat 0 plays like the rule bot except when void in the led suit, where ``my_discard``
    decides; compared with the rule bot's discards and with always throwing the lowest card."""
    from hearts_teach.agents.tournament import FunctionBot

    title = "Your discards vs the rule bot's and the lowest card"
    try:
        mine = _run([FunctionBot(play_fn=discard_adapter(my_discard, seed), base="rule", name="your discards"),
                     "rule", "rule", "rule"], deals, seed)
    except Exception as exc:  # noqa: BLE001
        res = Comparison(title, (), (), deals, seed, _explain_failure(exc, "the tournament"))
        print(res.text())
        return res
    base = _run(["rule", "rule", "rule", "rule"], deals, seed)
    low = _run([FunctionBot(play_fn=discard_adapter(lowest_discard, seed), base="rule", name="lowest"),
                "rule", "rule", "rule"], deals, seed)
    res = Comparison(title, ("your discards", "rule bot", "lowest card"), (mine, base, low), deals, seed)
    print(res.text())
    return res


# ------------------------------------------------------------------------------------
# validity checks (many right answers: the judge says what is wrong)


def pass_cases(hidden: bool = False) -> list[Case]:
    out = []
    first = hidden_seed("my_pass") if hidden else 300
    for seed in range(first, first + (10 if hidden else 16)):
        hand = [str(c) for c in Hand.deal(seed=seed).cards(0)]
        out.append(Case((hand,), "3 different cards from the hand",
                        "A pass is exactly 3 different cards from the 13 you were dealt.",
                        (f"call: my_pass({hand!r})", f"your hand: {CardList(hand).pretty}"),
                        f"the hand dealt to South with seed {seed}"))
    return out


def _norm_cards(value: Any, what: str) -> tuple[str, ...]:
    if value is None:
        raise WrongType(f"{what} returned None: did you forget the return statement?")
    if isinstance(value, str | Card):
        raise WrongType(f"{what} should return a list of 3 cards such as ['QS', 'AH', 'KH'], got {_short(value)}")
    try:
        items = list(value)
    except TypeError:
        raise WrongType(f"{what} should return a list of 3 cards, got {_short(value)}") from None
    return tuple(str(as_card(v, "an item of the list")) for v in items)


def _judge_pass(case: Case, value: tuple[str, ...]) -> str | None:
    hand = set(case.args[0])
    if len(value) != 3:
        return f"a pass is exactly 3 cards, you returned {len(value)}"
    if len(set(value)) != 3:
        return "the same card appears twice"
    missing = [c for c in value if c not in hand]
    if missing:
        return f"{' '.join(Card(c).pretty for c in missing)} is not in the hand"
    return None


def discard_cases(hidden: bool = False) -> list[Case]:
    out = []
    rng = hidden_rng("my_discard") if hidden else Rng("hearts_teach.checks/discard")
    for played in random_hands(hidden_seed("my_discard"), 8) if hidden else random_hands(200, 12):
        spots = [p for p in played.positions if p.trick and not p.hand & SUIT_MASKS[p.trick[0] // 13]]
        for p in rng.sample(spots, min(2, len(spots))):
            legal, trick = names(p.legal[0]), names(p.trick)
            out.append(Case((legal, trick), "one of the legal cards",
                            "When you cannot follow suit you may play any card you are allowed to "
                            "(on the first trick: no heart or Q♠ unless you hold nothing else).",
                            (f"call: my_discard({legal!r}, {trick!r})",
                             f"cards you may play: {' '.join(Card(c).pretty for c in legal)}",
                             f"trick so far: {' '.join(Card(c).pretty for c in trick)}"),
                            f"from dealt hand {played.seed}"))
    return out


def _norm_card(value: Any) -> str:
    return str(as_card(value, "my_discard's answer"))


def _judge_discard(case: Case, value: str) -> str | None:
    if value not in case.args[0]:
        return f"{Card(value).pretty} is not one of the cards you may play"
    return None


def _show_any(value: Any, case: Case) -> str:
    if isinstance(value, str) and value == case.expected:
        return value
    if isinstance(value, tuple):
        return " ".join(Card(c).pretty for c in value)
    if isinstance(value, str):
        return Card(value).pretty
    return repr(value)


# ------------------------------------------------------------------------------------
# decision drills graded by the coach


def drill_text(number: int, drill: Drill) -> str:
    """One drill as the exercise shows it: South's cards, the trick so far, what to answer."""
    v = drill.view()
    lines = [f"Drill {number} · {drill.title}"]
    if drill.kind == "pass":
        target = SEATS[v.pass_to] if v.pass_to is not None else "nobody"
        lines.append(f"  You are South, passing {v.pass_direction} to {target}.")
        lines.append(f"  your hand: {v.cards.pretty}")
        lines.append("  answer: 3 cards, e.g. ['QS', 'AH', 'KH']")
    else:
        trick = " ".join(c.pretty for c in v.current_trick) or "nothing yet: you lead"
        lines.append(f"  You are South, trick {v.tricks_done + 1}; hearts "
                     f"{'broken' if v.broken else 'not broken'}.")
        lines.append(f"  your hand: {v.cards.pretty}")
        lines.append(f"  trick so far: {trick}")
        lines.append("  points taken: " + ", ".join(f"{SEATS[s]} {p}" for s, p in enumerate(v.points_taken)))
        lines.append(f"  you may play: {' '.join(c.pretty for c in v.legal)}")
        lines.append("  answer: one card, e.g. 'QS'")
    return "\n".join(lines)


def _exercise_drill(kind: str, title: str, seed: int, hand_number: int, passes: tuple[str, ...] = (),
                    plays: str = "") -> Drill:
    prompt = "Choose the 3 cards South should pass." if kind == "pass" else "Choose the card South should play."
    return Drill(title, kind, prompt, Scripted(seed, hand_number, passes, plays))


# the play drills come from seeded deals played by rule bots, written out card by card;
# the drill numbered n is DRILLS[n - 1]
DRILLS: tuple[Drill, ...] = (
    _exercise_drill("pass", "a pass to the left", 100, 0),
    _exercise_drill("pass", "a pass to the right", 104, 1),
    _exercise_drill("play", "last to play on the first trick", 101, 2,
                    ("QC KD AS", "TH QH AH", "KC TD KH", "JD QS KS"), "2C 5C 4C"),
    _exercise_drill("play", "void in the led suit late in the hand", 103, 1,
                    ("JD TS AS", "JC AD QS", "TC KC AC", "QD AH KS"),
                    "2C 5C 4C AC TC KS 7C JC 3C KC 7H QC 3D 6D 5D AD 8C KH 5H 6C 9C TH AH AS 2D 8D 9D JD "
                    "9S 8S 9H 7S TS 6S 8H 5S JS 4S 6H 3S 3H"),
    _exercise_drill("play", "your lead", 112, 1,
                    ("AC KD AS", "QD AH QS", "7H KH KS", "9C JC AD"),
                    "2C 3C AC 6C 5D QD TD AD 8S 6S 5S KS 2S KC 3S TS 4C 8C 7C AS 4S JC TH 9S"),
)
OUT_OF = FULL_MARKS * len(DRILLS)


def show_drills() -> None:
    """Print every drill position."""
    print("\n\n".join(drill_text(n, d) for n, d in enumerate(DRILLS, 1)))


@dataclass(frozen=True)
class DrillsReport:
    """The exercise's drills graded: marks scored of ``out_of``, a verdict per drill, the lines printed."""

    score: int
    out_of: int
    verdicts: tuple[str, ...]  # per drill: the coach's call as shown, 'missing', 'invalid' or 'not implemented'
    lines: tuple[str, ...]

    def _ipython_display_(self) -> None:
        return None


def _drill_number(key: Any) -> int | None:
    """A drill number from a key: 3, a numpy 3, or the text '3' (or 'drill 3'); None otherwise."""
    if isinstance(key, str):
        text = key.strip().lower().removeprefix("drill").strip()
        key = int(text) if text.isdigit() and text.isascii() else None
    try:
        number = whole(key, "")
    except WrongType:
        return None
    return number if 1 <= number <= len(DRILLS) else None


def grade_drills(my_drill_answers: Callable[[], dict], seed: int = 0) -> DrillsReport:
    """Grade each answer with the coach and print a verdict per drill and a score in marks."""
    outcome = call_with_limit(my_drill_answers, (), DEFAULT_TIME_LIMIT) if callable(my_drill_answers) else None
    problem = ""
    if outcome is None:
        problem = f"grade_drills needs your function, got {_short(my_drill_answers)}"
    elif outcome.timed_out:
        problem = "my_drill_answers did not finish in time"
    elif isinstance(outcome.error, NotImplementedError):
        problem = "my_drill_answers is not implemented yet: fill in your answers above, then run this cell again."
    elif outcome.error is not None:
        problem = f"my_drill_answers raised {one_line(outcome.error)}"
    elif not isinstance(outcome.value, dict):
        problem = f"my_drill_answers should return a dict such as {{1: ['QS', 'AH', 'KH'], 3: 'KC'}}, " \
                  f"got {_short(outcome.value)}"
    ignored: list[Any] = []
    if not problem:
        try:  # the learner's dict may hold objects that misbehave
            answers = {}
            for k, v in dict(outcome.value).items():
                number = _drill_number(k)
                if number is None:
                    ignored.append(k)
                else:
                    answers[number] = v
        except Exception as exc:  # noqa: BLE001
            problem = f"my_drill_answers returned a dict that could not be read: {one_line(exc)}"
    if problem:
        said = (problem, f"Score: 0 of {OUT_OF} marks.")
        print("\n".join(said))
        return DrillsReport(0, OUT_OF, ("not implemented",) * len(DRILLS), said)
    lines: list[str] = []
    if ignored:  # said once, above the drills, instead of "no answer yet" under each of them
        lines.append(f"Not read as drill numbers 1 to {len(DRILLS)}: "
                     + ", ".join(safe_repr(k, 30) for k in ignored[:5]) + (" …" if len(ignored) > 5 else "")
                     + ". Use the drill's number as the key, e.g. {1: ['QS', 'AH', 'KH'], 3: 'KC'}.")
    verdicts: list[str] = []
    score = 0
    for number, d in enumerate(DRILLS, 1):
        ans = answers.get(number)
        if ans is None:
            verdicts.append("missing")
            lines.append(f"Drill {number}: no answer yet.")
            continue
        try:
            g = grade(d, ans if d.kind == "pass" else [ans], seed)
        except Exception as exc:  # noqa: BLE001 - any answer that is not a valid choice scores 0
            verdicts.append("invalid")
            lines.append(f"Drill {number}: {one_line(exc).split(': ', 1)[-1]} ({marks(0)}).")
            continue
        score += g.marks
        verdicts.append(g.call)  # as the student sees it: 'too close to call', never 'fine'
        did = f"you {'pass' if d.kind == 'pass' else 'play'} {' '.join(c.pretty for c in g.chosen)}"
        lines.append(f"Drill {number}: {did}: {g.call.upper()} ({g.marks} of {FULL_MARKS} marks). "
                     f"The coach's best: {g.best}.")
        lines.append(f"  why: {g.reason}")
    lines.append(f"Score: {score} of {OUT_OF} marks.")
    print("\n".join(lines))
    return DrillsReport(score, OUT_OF, tuple(verdicts), tuple(lines))


CHECKERS = {
    "my_pass": Checker("my_pass", "my_pass(hand) -> list of 3 cards", pass_cases,
                       lambda v: _norm_cards(v, "my_pass"), _show_any, judge=_judge_pass,
                       make_hidden=lambda: pass_cases(hidden=True)),
    "my_discard": Checker("my_discard", "my_discard(legal, trick) -> card", discard_cases, _norm_card,
                          _show_any, judge=_judge_discard, make_hidden=lambda: discard_cases(hidden=True)),
}
