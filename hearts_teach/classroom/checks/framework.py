"""The machinery behind ``check(name, func)``: run a learner's function safely on many
cases and print a kind, specific verdict.

Safety rules, each with its reason:
- every call gets fresh deep copies of the inputs, and the copies are compared with the
  originals afterwards: a function that changes its input is told so (and can never
  change the engine's data, which it never sees);
- every call runs in a worker thread with a time limit, so an endless loop cannot hang
  the kernel; on timeout the thread is stopped with an asynchronous exception (works
  for any pure-Python loop; it is sent again and again, so a loop with a bare
  ``except:`` that swallows one stop still ends) and the check stops with a clear message;
- an answer that is an iterator (a generator, ``map``) is read inside the time limit and
  at most ``MAX_ITEMS`` items of it, so an endless generator cannot hang the check either;
- judging an answer (normalising it, comparing it, showing it) also runs under the time
  limit and catches everything, so a returned object whose ``__eq__`` or ``__repr__``
  raises or loops gives a one-line message;
- ``print`` output of the learner's function is captured (the main thread swaps
  ``sys.stdout`` and always restores it) and capped, so a chatty function cannot flood
  the cell; every line of a report is capped too (a 10 MB string shows as its start);
- exceptions are reported in one line (type, message and the line of the learner's
  code), never as a traceback; ``NotImplementedError`` from the exercise stub means
  "not implemented yet".
"""

from __future__ import annotations

import copy
import ctypes
import io
import itertools
import os
import sys
import threading
import time
import traceback
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from hearts_teach.kernel.cards import Card, to_card

DEFAULT_TIME_LIMIT = 2.0  # seconds per case: generous for any sensible answer
MAX_ITEMS = 10_000  # items read from an iterator an answer returns (a hand has 13 cards)
MAX_PRINTED = 20_000  # characters of a function's printout kept
MAX_LINE = 300  # characters of one report line
STOP_GRACE = 2.0  # seconds spent stopping a runaway thread before giving up on it


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
    timeout_index: int | None = None  # the case that ran out of time (the check stopped there)
    unstoppable: bool = False  # that case's thread could not be stopped: restart the kernel


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
# running one call safely


@dataclass
class _Outcome:
    value: Any = None
    error: BaseException | None = None
    tb: Any = None
    timed_out: bool = False
    printed: str = ""
    unstoppable: bool = False  # the runaway thread survived every stop (a bare except: in a loop)


class TooLong:
    """Stands for an iterator answer with more than ``MAX_ITEMS`` items (an endless generator?)."""

    def __init__(self, kind: str) -> None:
        self.kind = kind

    def __repr__(self) -> str:
        return f"<a {self.kind} with more than {MAX_ITEMS:,} items>"


class _CappedText(io.StringIO):
    """A stdout replacement that keeps only the first ``MAX_PRINTED`` characters."""

    cut = False

    def write(self, text: str) -> int:
        room = MAX_PRINTED - self.tell()
        if room > 0:
            super().write(str(text)[:room])
        if room < len(str(text)):
            self.cut = True
        return len(text) if isinstance(text, str) else 0


def _materialise(value: Any) -> Any:
    # a lazy answer is read here, inside the time limit, and never more than MAX_ITEMS items
    if isinstance(value, Iterator):
        items = list(itertools.islice(value, MAX_ITEMS + 1))
        return items if len(items) <= MAX_ITEMS else TooLong(type(value).__name__)
    return value


def _stop_thread(thread: threading.Thread) -> None:
    tid = thread.ident
    if tid is not None:
        ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(tid), ctypes.py_object(_Stop))


def call_with_limit(func: Callable, args: Sequence[Any], limit: float) -> _Outcome:
    """Call ``func(*args)`` in a daemon thread; give up after ``limit`` seconds."""
    out = _Outcome()

    def target() -> None:
        try:
            out.value = _materialise(func(*args))
        except _Stop:
            pass
        except BaseException as exc:  # noqa: BLE001 - anything the learner raises is reported
            out.error = exc
            out.tb = exc.__traceback__

    buffer = _CappedText()
    saved = sys.stdout
    # sys.stdout is one for the whole process: only the main thread swaps it (and always puts it
    # back). Threads that judge answers at once (the class grader's --jobs) would restore each
    # other's buffers and leave the grader's summary printing into one of them.
    capture = threading.current_thread() is threading.main_thread()
    if capture:
        sys.stdout = buffer
    try:
        worker = threading.Thread(target=target, name="hearts_teach-check", daemon=True)
        worker.start()
        worker.join(limit)
        if worker.is_alive():
            out.timed_out = True
            # a bare ``except:`` in a loop can swallow one stop: keep sending it for a while
            deadline = time.monotonic() + STOP_GRACE
            while worker.is_alive() and time.monotonic() < deadline:
                _stop_thread(worker)
                worker.join(0.01)
            out.unstoppable = worker.is_alive()
    finally:
        if capture:
            sys.stdout = saved
    out.printed = buffer.getvalue() + ("\n... (the rest of the printout was cut)" if buffer.cut else "")
    return out


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
            res.timeout_index = i
            res.unstoppable = outcome.unstoppable
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
    if res.timed_out and res.timeout_index is not None and res.timeout_index != f.index:
        # an earlier case was wrong; a later one then never returned
        lines.append(f"Case {res.timeout_index + 1} of {res.total} then did not finish within the time limit, "
                     f"so the check stopped there (a loop that never ends?).")
    if res.unstoppable:
        lines.append("  Your function is still running and could not be stopped (a bare 'except:' inside a "
                     "loop catches the stop): restart the kernel (Kernel → Restart) before you go on.")
    if f is None:
        lines.append(f"{name}: all {res.total} of {res.total} cases right. Well done!")
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
