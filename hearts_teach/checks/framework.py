"""The machinery behind ``check(name, func)``: run a learner's function safely on many
cases and print a kind, specific verdict.

Safety rules, each with its reason:
- every call gets fresh deep copies of the inputs, and the copies are compared with the
  originals afterwards: a function that changes its input is told so (and can never
  change the engine's data, which it never sees);
- every call runs in a worker thread with a time limit, so an endless loop cannot hang
  the kernel; on timeout the thread is stopped with an asynchronous exception (works
  for any pure-Python loop) and the check stops with a clear message;
- ``print`` output of the learner's function is captured (the main thread swaps
  ``sys.stdout`` and always restores it), so a chatty function cannot flood the cell;
- exceptions are reported in one line (type, message and the line of the learner's
  code), never as a traceback; ``NotImplementedError`` from the exercise stub means
  "not implemented yet".
"""

from __future__ import annotations

import copy
import ctypes
import io
import os
import sys
import threading
import traceback
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..cards import Card, to_card

DEFAULT_TIME_LIMIT = 2.0  # seconds per case: generous for any sensible answer


class WrongType(Exception):
    """Raised by a checker's ``normalize`` when the learner returned the wrong kind of value."""


class _Stop(BaseException):
    """Injected into a runaway worker thread. A BaseException, so that a learner's
    ``except Exception`` cannot swallow it."""


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
    kind: str  # 'wrong', 'raised', 'wrong_type', 'mutated', 'timeout', 'not_implemented'
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

    @property
    def ok(self) -> bool:
        return self.first_failure is None and self.passed == self.total

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

    def cases(self) -> list[Case]:
        return _cached_cases(self)


_CASE_CACHE: dict[str, list[Case]] = {}


def _cached_cases(checker: Checker) -> list[Case]:
    # cases are generated once per process (seeded, so always the same list)
    if checker.name not in _CASE_CACHE:
        _CASE_CACHE[checker.name] = list(checker.make_cases())
    return _CASE_CACHE[checker.name]


# ------------------------------------------------------------------------------------
# running one call safely


@dataclass
class _Outcome:
    value: Any = None
    error: BaseException | None = None
    tb: Any = None
    timed_out: bool = False
    printed: str = ""


def _stop_thread(thread: threading.Thread) -> None:
    tid = thread.ident
    if tid is not None:
        ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(tid), ctypes.py_object(_Stop))


def call_with_limit(func: Callable, args: Sequence[Any], limit: float) -> _Outcome:
    """Call ``func(*args)`` in a daemon thread; give up after ``limit`` seconds."""
    out = _Outcome()

    def target() -> None:
        try:
            out.value = func(*args)
        except _Stop:
            pass
        except BaseException as exc:  # noqa: BLE001 - anything the learner raises is reported
            out.error = exc
            out.tb = exc.__traceback__

    buffer = io.StringIO()
    saved = sys.stdout
    sys.stdout = buffer  # swapped here, in the main thread, so it is always restored
    try:
        worker = threading.Thread(target=target, name="hearts_teach-check", daemon=True)
        worker.start()
        worker.join(limit)
        if worker.is_alive():
            out.timed_out = True
            _stop_thread(worker)
            worker.join(0.5)
    finally:
        sys.stdout = saved
    out.printed = buffer.getvalue()
    return out


_PACKAGE_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
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
    msg = str(exc).strip().splitlines()
    text = f"{type(exc).__name__}: {msg[0]}" if msg and msg[0] else type(exc).__name__
    return text if len(text) <= 160 else text[:157] + "..."


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
    for i, case in enumerate(cases):
        pristine = copy.deepcopy(case.args)
        given = copy.deepcopy(case.args)
        outcome = call_with_limit(func, given, time_limit)
        failure = _judge(checker, case, i, outcome, given, pristine, time_limit)
        if failure is None:
            res.passed += 1
            continue
        if res.first_failure is None:
            res.first_failure = failure
        if failure.kind == "not_implemented":
            res.not_implemented = True
            break
        if failure.kind == "timeout":
            res.timed_out = True
            break  # a function that never returns would make every case wait
    return res


def _judge(checker: Checker, case: Case, i: int, outcome: _Outcome, given: tuple,
           pristine: tuple, limit: float) -> Failure | None:
    printed = outcome.printed
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
    try:
        value = checker.normalize(outcome.value)
    except WrongType as exc:
        return Failure(i, case, "wrong_type", str(exc), actual=outcome.value, printed=printed)
    if checker.judge is not None:
        problem = checker.judge(case, value)
        if problem:
            return Failure(i, case, "wrong", problem, actual=value, printed=printed)
        return None
    if value != case.expected:
        return Failure(i, case, "wrong", "", actual=value, printed=printed)
    return None


def _changed(given: tuple, pristine: tuple) -> bool:
    try:
        return bool(given != pristine)
    except Exception:  # noqa: BLE001 - exotic objects that cannot be compared count as unchanged
        return False


def _short(value: Any) -> str:
    text = repr(value)
    if len(text) > 60:
        text = text[:57] + "..."
    return f"{text} (a {type(value).__name__})"


# ------------------------------------------------------------------------------------
# the report


def report_lines(checker: Checker, res: CheckResult) -> list[str]:
    """The learner-facing report: the first failing case, then a one-line summary."""
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
            lines.append(f"  expected: {checker.show(f.case.expected, f.case)}")
            lines.append(f"  your function returned: {checker.show(f.actual, f.case)}")
            if f.message:
                lines.append(f"  problem: {f.message}")
            elif checker.hint is not None:
                extra = checker.hint(f.case, f.actual)
                if extra:
                    lines.append(f"  hint: {extra}")
        else:
            lines.append(f"  expected: {checker.show(f.case.expected, f.case)}")
            lines.append(f"  problem: {f.message}")
        lines.append(f"  rule: {f.case.rule}")
        if f.printed.strip():
            shown = f.printed.rstrip("\n").splitlines()
            lines.append("  your function printed: " + " | ".join(shown[:3]) + (" ..." if len(shown) > 3 else ""))
    if f is None:
        lines.append(f"{name}: all {res.total} of {res.total} cases right. Well done!")
    elif res.timed_out:
        lines.append(f"{name}: {res.passed} of {res.total} cases right before case {f.index + 1} ran out of time "
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
