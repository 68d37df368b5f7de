"""The machinery behind ``check(name, func)``: run a learner's function safely on many
cases and print a kind, specific verdict.

Safety rules, each with its reason:
- every call gets fresh deep copies of the inputs, and the copies are compared with the
  originals afterwards: a function that changes its input is told so (and can never
  change the engine's data, which it never sees);
- every call goes through ``calls.call_with_limit``: a worker thread with a time limit (an
  endless loop or an endless generator cannot hang the kernel, and stopping one never shows
  a traceback), its printout on stdout and stderr captured and capped, ``input()``,
  ``sys.stdin`` and a closed ``sys.stdout`` each reported in one line;
- judging an answer (normalising it, comparing it, showing it) also runs under the time
  limit and catches everything, so a returned object whose ``__eq__`` or ``__repr__``
  raises or loops gives a one-line message;
- every line of a report is capped (a 10 MB string shows as its start);
- exceptions are reported in one line (type, message and the line of the learner's
  code), never as a traceback; ``NotImplementedError`` from the exercise stub means
  "not implemented yet".
"""

from __future__ import annotations

import copy
import math
import numbers
import os
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from hearts_teach.classroom.checks.calls import (  # noqa: F401 - also used from here by the grader
    MAX_ITEMS,
    MAX_PRINTED,
    STOP_GRACE,
    InputNotAllowed,
    TooLong,
    _Outcome,
    _Stop,
    call_with_limit,
)
from hearts_teach.classroom.checks.rules import RulePart, breakdown, missed
from hearts_teach.classroom.checks.rules import score as rule_score
from hearts_teach.kernel.cards import Card, to_card

DEFAULT_TIME_LIMIT = 2.0  # seconds per case: generous for any sensible answer
MAX_LINE = 300  # characters of one report line


class WrongType(Exception):
    """Raised by a checker's ``normalize`` when the learner returned the wrong kind of value."""


@dataclass(frozen=True)
class Case:
    """One test case: the arguments, the expected (normalised) answer and how to show it."""

    args: tuple
    expected: Any
    rule: str  # the rule of the game this case exercises, one sentence
    shown: tuple[str, ...]  # the case for a learner: lines with suit symbols
    label: str = ""  # 'hand-picked: ...' or 'from a dealt hand (seed 3)'


@dataclass(frozen=True)
class Failure:
    """The first case that went wrong, and why."""

    index: int  # 0-based position in the case list
    case: Case
    # 'wrong', 'raised', 'wrong_type', 'mutated', 'timeout', 'not_implemented', 'io' (input(),
    # sys.stdin, a closed sys.stdout), 'interrupted' (Kernel → Interrupt)
    kind: str
    message: str  # one line for the learner
    actual: Any = None
    printed: str = ""


@dataclass
class CheckResult:
    """What ``check`` found: ``passed`` of ``total`` cases right and the first failure."""

    name: str
    passed: int
    total: int
    first_failure: Failure | None = None
    not_implemented: bool = False
    timed_out: bool = False
    lines: list[str] = field(default_factory=list)  # the printed report
    timeout_index: int | None = None  # the case that ran out of time (the check stopped there)
    unstoppable: bool = False  # that case's thread could not be stopped: restart the kernel
    interrupted: bool = False  # Kernel → Interrupt during a case: the check stopped there
    # per rule of the game (``checks.rules``): its cases right of its cases; the score is their mean
    rules: list[RulePart] = field(default_factory=list)

    @property
    def score(self) -> float:
        """0..1: the mean over the check's rules of the share of that rule's cases right."""
        return rule_score(self.rules, self.passed, self.total)


    @property
    def ok(self) -> bool:
        return self.first_failure is None and 0 < self.total == self.passed

    @property
    def summary(self) -> str:
        return self.lines[-1] if self.lines else ""

    def __repr__(self) -> str:
        fail = f", first failure: case {self.first_failure.index + 1} ({self.first_failure.kind})" \
            if self.first_failure else ""
        return f"CheckResult({self.name!r}: {self.passed} of {self.total} right{fail})"

    def _ipython_display_(self) -> None:
        # the report has already been printed; showing the object again would repeat it
        return None


@dataclass(frozen=True)
class Checker:
    """A named check: how to build its cases, normalise an answer and talk about it."""

    name: str
    signature: str  # e.g. "trick_winner(trick) -> int"
    make_cases: Callable[[], list[Case]]
    normalize: Callable[[Any], Any]  # raises WrongType with a friendly message
    show: Callable[[Any, Case], str]  # an answer (expected or actual) in the learner's terms
    hint: Callable[[Case, Any], str] | None = None  # extra sentence for a wrong answer
    # for questions with many right answers: a message when ``value`` is wrong, else None
    judge: Callable[[Case, Any], str | None] | None = None

    # hidden cases: more cases of the same kinds (other seeds, other hand-picked positions) that
    # the class grader adds to the visible ones; ``check`` in the notebook never runs them
    make_hidden: Callable[[], list[Case]] | None = None
    # seconds per case in the class grader when the exercise promises a limit of its own
    # (exercise 10: the league's move limit); None: the grader's default
    time_limit: float | None = None

    def cases(self) -> list[Case]:
        return _cached_cases(self)

    def hidden_cases(self) -> list[Case]:
        return _cached_cases(self, hidden=True)


_CASE_CACHE: dict[tuple[str, bool], list[Case]] = {}


def _cached_cases(checker: Checker, hidden: bool = False) -> list[Case]:
    # cases are generated once per process (seeded, so always the same list)
    key = (checker.name, hidden)
    if key not in _CASE_CACHE:
        make = checker.make_hidden if hidden else checker.make_cases
        _CASE_CACHE[key] = list(make()) if make is not None else []
    return _CASE_CACHE[key]


# ------------------------------------------------------------------------------------
# running one call safely: hearts_teach.classroom.checks.calls


_PACKAGE_DIR = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
_STDLIB_DIR = os.path.dirname(os.path.abspath(os.__file__))


def _where(tb: Any) -> str:
    """' at line 4 (x = y[5])' for the innermost frame of the learner's own code."""
    frames = [f for f in traceback.extract_tb(tb)
              if not os.path.abspath(f.filename).startswith((_PACKAGE_DIR, _STDLIB_DIR))]
    if not frames:
        return ""
    f = frames[-1]
    code = f" ({f.line.strip()})" if f.line else ""
    return f" at line {f.lineno}{code}"


def one_line(exc: BaseException) -> str:
    try:
        msg = str(exc).strip().splitlines()
    except Exception:  # noqa: BLE001 - an exception whose __str__ fails still has a name
        msg = []
    text = f"{type(exc).__name__}: {msg[0]}" if msg and msg[0] else type(exc).__name__
    return clip(text, 160)


def clip(text: str, limit: int = MAX_LINE) -> str:
    """``text`` cut to ``limit`` characters, with a note of how much was left out."""
    if len(text) <= limit:
        return text
    return f"{text[:limit - 30]}... ({len(text) - limit + 30:,} more characters)"


def safe_repr(value: Any, limit: int = 80) -> str:
    """repr(value) that never raises and is never longer than ``limit``."""
    try:
        text = repr(value)
    except Exception as exc:  # noqa: BLE001 - the learner's __repr__ may fail
        return f"<a {type(value).__name__} object whose repr raised {one_line(exc)}>"
    return clip(text, limit)


# ------------------------------------------------------------------------------------
# running a whole check


def run_check(checker: Checker, func: Any, time_limit: float = DEFAULT_TIME_LIMIT,
              cases: list[Case] | None = None) -> CheckResult:
    """Run ``func`` on every case of ``checker``; return the result (nothing printed)."""
    cases = checker.cases() if cases is None else cases
    total = len(cases)
    res = CheckResult(checker.name, 0, total)
    if not callable(func):
        hint = ""
        if func is None:
            hint = " (did you write check(..., my_function()) with brackets? pass the function itself)"
        res.first_failure = Failure(0, cases[0], "wrong_type",
                                    f"check needs your function, but got {_short(func)}{hint}.")
        return res
    right: list[bool] = []
    for i, case in enumerate(cases):
        pristine = copy.deepcopy(case.args)
        given = copy.deepcopy(case.args)
        outcome = call_with_limit(func, given, time_limit)
        failure = _judge(checker, case, i, outcome, given, pristine, time_limit)
        right.append(failure is None)
        if failure is None:
            res.passed += 1
            continue
        if res.first_failure is None:
            res.first_failure = failure
        if failure.kind == "not_implemented":
            res.not_implemented = True
            break
        if outcome.timed_out or failure.kind == "interrupted":
            res.timed_out = outcome.timed_out
            res.timeout_index = i if outcome.timed_out else None
            res.unstoppable = outcome.unstoppable
            res.interrupted = failure.kind == "interrupted"
            break  # a function that never returns would make every case wait
    res.rules = breakdown(checker.name, cases, right)
    return res


def _judge(checker: Checker, case: Case, i: int, outcome: _Outcome, given: tuple,
           pristine: tuple, limit: float) -> Failure | None:
    printed = outcome.printed
    if outcome.interrupted:
        return Failure(i, case, "interrupted", "you interrupted the check (Kernel → Interrupt) while your "
                       "function was running on this case", printed=printed)
    if outcome.problems:  # input(), sys.stdin, a closed stdout: named even when it raised or looped
        return Failure(i, case, "io", outcome.problems[0], printed=printed)
    if outcome.timed_out:
        return Failure(i, case, "timeout",
                       f"your function did not finish within {limit:g} seconds on this case; "
                       f"is there a loop that never ends (a while loop whose condition stays true)?",
                       printed=printed)
    if outcome.error is not None:
        if isinstance(outcome.error, NotImplementedError):
            return Failure(i, case, "not_implemented", "not implemented yet", printed=printed)
        return Failure(i, case, "raised", f"your function raised {one_line(outcome.error)}"
                       f"{_where(outcome.tb)}", printed=printed)
    if _changed(given, pristine):
        return Failure(i, case, "mutated",
                       "your function changed the input it was given; work on a copy instead "
                       "(for example my_list = list(my_list)) so the caller's data stays as it was",
                       actual=outcome.value, printed=printed)
    return judge_value(checker, case, i, outcome.value, printed, limit)


def judge_value(checker: Checker, case: Case, i: int, answer: Any, printed: str = "",
                limit: float = DEFAULT_TIME_LIMIT) -> Failure | None:
    """The failure of ``answer`` on ``case``, or None when it is right. Normalising and comparing
    run under the time limit and catch everything: the answer may be an object of the learner's
    whose ``__eq__``, ``__iter__`` or ``__repr__`` raises or never returns."""

    if isinstance(answer, TooLong):
        return Failure(i, case, "wrong_type", f"your function returned a {answer.kind} that does not end "
                       f"(more than {MAX_ITEMS:,} items); return a list instead", printed=printed)

    def decide() -> Failure | None:
        try:
            value = checker.normalize(answer)
        except WrongType as exc:
            return Failure(i, case, "wrong_type", clip(str(exc)), actual=answer, printed=printed)
        if checker.judge is not None:
            problem = checker.judge(case, value)
            if problem:
                return Failure(i, case, "wrong", clip(problem), actual=value, printed=printed)
            return None
        if bool(value != case.expected):
            return Failure(i, case, "wrong", "", actual=value, printed=printed)
        return None

    verdict = call_with_limit(decide, (), limit)
    if verdict.timed_out:
        return Failure(i, case, "wrong_type", f"your function returned a {type(answer).__name__} that "
                       f"could not be checked within {limit:g} seconds", printed=printed)
    if verdict.error is not None:
        return Failure(i, case, "wrong_type", f"your function returned a {type(answer).__name__} that "
                       f"could not be checked: using it raised {one_line(verdict.error)}", printed=printed)
    return verdict.value


def _changed(given: tuple, pristine: tuple) -> bool:
    try:
        return bool(given != pristine)
    except Exception:  # noqa: BLE001 - exotic objects that cannot be compared count as unchanged
        return False


def _short(value: Any) -> str:
    return f"{safe_repr(value, 60)} (a {type(value).__name__})"


# ------------------------------------------------------------------------------------
# the report


def _show(checker: Checker, value: Any, case: Case) -> str:
    # the checker's own display, or a safe repr when the learner's object defeats it
    try:
        return clip(checker.show(value, case))
    except Exception:  # noqa: BLE001
        return safe_repr(value, MAX_LINE)


def _hint(checker: Checker, case: Case, actual: Any) -> str:
    try:
        return clip(checker.hint(case, actual)) if checker.hint is not None else ""
    except Exception:  # noqa: BLE001 - a hint is a bonus: never let it break the report
        return ""


def report_lines(checker: Checker, res: CheckResult) -> list[str]:
    """The learner-facing report: the first failing case, then a one-line summary."""
    return [clip(line) for line in _report_lines(checker, res)]


def _report_lines(checker: Checker, res: CheckResult) -> list[str]:
    name = checker.name
    lines: list[str] = []
    f = res.first_failure
    if f is not None and f.kind == "not_implemented":
        lines.append(f"{name} is not implemented yet: replace the lines '# YOUR CODE HERE' and "
                     f"'raise NotImplementedError()' with your code, run that cell, then run this one again.")
        lines.append(f"{name}: not implemented yet (0 of {res.total} cases checked).")
        return lines
    if f is not None:
        lines.append(f"Case {f.index + 1} of {res.total} went wrong"
                     + (f" ({f.case.label})" if f.case.label else "") + ":")
        lines.extend("  " + s for s in f.case.shown)
        if f.kind == "wrong":
            lines.append(f"  expected: {_show(checker, f.case.expected, f.case)}")
            lines.append(f"  your function returned: {_show(checker, f.actual, f.case)}")
            if f.message:
                lines.append(f"  problem: {f.message}")
            else:
                extra = _hint(checker, f.case, f.actual)
                if extra:
                    lines.append(f"  hint: {extra}")
        else:
            lines.append(f"  expected: {_show(checker, f.case.expected, f.case)}")
            lines.append(f"  problem: {f.message}")
        lines.append(f"  rule: {f.case.rule}")
        if f.printed.strip():
            shown = [clip(t, 100) for t in f.printed.rstrip("\n").splitlines()]
            lines.append("  your function printed: " + " | ".join(shown[:3]) + (" ..." if len(shown) > 3 else ""))
            if len(shown) > 3 and shown[-1].startswith("… "):  # how much more there was
                lines.append("  " + shown[-1])
    if f is not None and res.timed_out and res.timeout_index is not None and res.timeout_index != f.index:
        # an earlier case was wrong; a later one then never returned
        lines.append(f"Case {res.timeout_index + 1} of {res.total} then did not finish within the time limit, "
                     f"so the check stopped there (a loop that never ends?).")
    if res.unstoppable:
        lines.append("  Your function is still running and could not be stopped (a bare 'except:' inside a "
                     "loop catches the stop): restart the kernel (Kernel → Restart) before you go on.")
    if f is not None and len(res.rules) > 1 and missed(res.rules):
        # each rule of the game weighs the same, however many cases it has (``checks.rules``)
        lines.append(f"Score by rule {100 * res.score:.0f}% (each rule weighs the same); rules with a case "
                     f"wrong: {missed(res.rules)}.")
    if f is None:
        lines.append(f"{name}: all {res.total} of {res.total} cases right. Well done!")
    elif res.interrupted:
        lines.append(f"{name}: {res.passed} of {res.total} cases right before you interrupted case "
                     f"{f.index + 1} (check stopped).")
    elif res.timed_out:
        stop = res.timeout_index if res.timeout_index is not None else f.index
        lines.append(f"{name}: {res.passed} of {res.total} cases right before case {stop + 1} ran out of time "
                     f"(check stopped).")
    else:
        lines.append(f"{name}: {res.passed} of {res.total} cases right.")
    return lines


def card_text(card: Any) -> str:
    """'Q♠' for 'QS' or Card('QS'); the repr of anything that is not a card."""
    try:
        return to_card(card).pretty
    except Exception:  # noqa: BLE001 - shown as it is
        return repr(card)


def cards_text(items: Any) -> str:
    if not items:
        return "(none)"
    return " ".join(card_text(c) for c in items)


def whole(value: Any, wrong: str) -> int:
    """``value`` as an ``int`` where a whole number is asked: an int, or a numpy integer (what
    ``np.argmax`` and ``np.sum`` return). A float that equals a whole number (``15.0``, from ``/``)
    is refused with a hint; anything else raises ``WrongType(wrong)``."""
    if isinstance(value, bool):
        raise WrongType(wrong)
    if isinstance(value, numbers.Integral):
        try:
            return int(value)
        except Exception:  # noqa: BLE001 - a learner's Integral whose __int__ misbehaves
            raise WrongType(wrong) from None
    if isinstance(value, numbers.Real):
        try:
            as_float = float(value)
        except Exception:  # noqa: BLE001
            raise WrongType(wrong) from None
        if math.isfinite(as_float) and as_float == int(as_float):
            raise WrongType(f"{wrong}: {as_float:g}.0 is a float; return the whole number {int(as_float)} "
                            f"(int(...) of it, or divide with // instead of /)")
    raise WrongType(wrong)


def as_card(value: Any, what: str) -> Card:
    """A Card from a card string or Card; WrongType otherwise."""
    if isinstance(value, Card):
        return value
    if isinstance(value, str):
        try:
            return to_card(value)
        except ValueError:
            raise WrongType(f"{what} {value!r} is not a card; write cards like 'QS' or '10H'") from None
    raise WrongType(f"{what} should be a card string like 'QS', got {_short(value)}")
