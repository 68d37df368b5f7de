"""Friendly automatic feedback for the exercise notebooks.

>>> from hearts_teach.classroom.checks import check
>>> result = check("trick_winner", trick_winner)      # doctest: +SKIP
Case 3 of 38 went wrong (hand-picked: nobody follows: the led card wins):
  ...
trick_winner: 37 of 38 cases right.

``check`` runs the learner's function on many cases (hand-picked edge cases plus cases
generated from seeded, really played hands), prints the first failing case in cards
with suit symbols, the expected and actual answers and the rule involved, then a
one-line summary, and returns a ``CheckResult`` (``passed``, ``total``,
``first_failure``) for tests. It never raises because of the learner's code.
"""

from __future__ import annotations

import copy
from typing import Any

from hearts_teach.classroom.autograde import record_cells
from hearts_teach.classroom.checks import legal, match, passing, points, tricks
from hearts_teach.classroom.checks.calls import time_limit_problem
from hearts_teach.classroom.checks.cell_errors import install_short_errors
from hearts_teach.classroom.checks.framework import (
    DEFAULT_TIME_LIMIT,
    Case,
    Checker,
    CheckResult,
    Failure,
    _short,
    report_lines,
    run_check,
)
from hearts_teach.kernel.errors import HeartsError

CHECKERS: dict[str, Checker] = {}
for _module in (passing, tricks, legal, points, match):
    CHECKERS.update(_module.CHECKERS)


LAZY_MODULES = ("strategy", "spades", "bot")  # need the bots or the Spades engine: imported on first use


class CheckerModuleError(HeartsError):
    """A checker module of the package could not be imported: a fault in the package (or its
    installation), never in the learner's code."""


def _lazy_checkers() -> tuple[dict[str, Checker], list[str]]:
    """The checkers of the lazy modules, and a line for each module that failed to import."""
    import importlib

    found: dict[str, Checker] = {}
    broken: list[str] = []
    for mod in LAZY_MODULES:
        try:
            found.update(importlib.import_module(f"{__name__}.{mod}").CHECKERS)
        except Exception as exc:  # noqa: BLE001 - a broken module is reported by name, never hidden
            broken.append(f"{__name__}.{mod} ({type(exc).__name__}: {exc})")
    return found, broken


def checker(name: str) -> Checker:
    """The checker called ``name``. A ``KeyError`` listing the valid names when there is none;
    a ``CheckerModuleError`` naming the module when a checker module of the package is broken
    (the check may live there), so that a fault in the package never reads as a misspelt name."""
    if name in CHECKERS:
        return CHECKERS[name]
    extra, broken = _lazy_checkers()
    if name in extra:
        return extra[name]
    if broken:
        raise CheckerModuleError(f"the check {name!r} could not be looked up: the checker module "
                                 f"{'; '.join(broken)} failed to import. This is a fault in the installed "
                                 f"hearts_teach package, not in your code: reinstall it or tell your teacher.")
    valid = ", ".join(sorted(set(CHECKERS) | set(extra)))
    raise KeyError(f"no check called {name!r}; the checks are: {valid}")


def check(name: str, func: Any, *, time_limit: float = DEFAULT_TIME_LIMIT, quiet: bool = False) -> CheckResult:
    """Check ``func`` against the cases of exercise ``name``, print the verdict and return it."""
    if not isinstance(name, str):
        print(f"check needs the name of the exercise first, as a string in quotes, for example "
              f'check("trick_winner", trick_winner); got {_short(name)}.')
        return CheckResult(str(name)[:40], 0, 0)
    try:
        chk = checker(name)
    except (KeyError, CheckerModuleError) as exc:
        print(exc.args[0])
        return CheckResult(name, 0, 0)
    bad_limit = time_limit_problem(time_limit)
    if bad_limit:
        print(bad_limit)
        return CheckResult(name, 0, 0)
    try:
        result = run_check(chk, func, time_limit)
    except KeyboardInterrupt:  # Kernel → Interrupt outside the learner's function (it is caught there)
        result = CheckResult(name, 0, 0, interrupted=True)
        result.lines = [f"{name}: check interrupted (Kernel → Interrupt) before it finished."]
        if not quiet:
            print(result.lines[0])
        return result
    result.lines = report_lines(chk, result)
    if not quiet:
        print("\n".join(result.lines))
    return result


# nbgrader's test cells re-run the notebook's cells elsewhere: keep their sources from here on
record_cells()
install_short_errors()  # a typo in the answer cell: one line, not three tracebacks

__all__ = ["check", "try_it", "checker", "CheckerModuleError", "CheckResult", "Case", "Checker", "Failure", "CHECKERS", "DEFAULT_TIME_LIMIT"]


def try_it(func: Any, *args: Any, time_limit: float = DEFAULT_TIME_LIMIT) -> None:
    """Call ``func(*args)`` safely and print the call with its answer (or what went wrong).

    For trying a function on one example before checking it: a stub that is not written
    yet, an exception or an endless loop is reported in one line, never as a traceback.
    """
    from hearts_teach.classroom.checks.framework import (
        MAX_LINE,
        _where,
        call_with_limit,
        clip,
        one_line,
        safe_repr,
    )

    name = str(getattr(func, "__name__", "function"))[:40]
    call = clip(f"{name}({', '.join(safe_repr(a, MAX_LINE) for a in args)})")
    if not callable(func):
        print(f"{call}: {name} is not a function")
        return
    if time_limit_problem(time_limit):
        print(time_limit_problem(time_limit))
        return
    outcome = call_with_limit(func, copy.deepcopy(args), time_limit)
    if outcome.printed.strip():
        shown = outcome.printed.rstrip("\n").splitlines()
        # the capture keeps the first characters only and ends with a line saying how many it
        # dropped: that line is not something the function printed, and the count of lines
        # left out is then only of what was kept
        cut = shown.pop() if shown and shown[-1].startswith("… ") and shown[-1].endswith(" not shown") else ""
        print("\n".join(clip(t) for t in shown[:20]))
        if len(shown) > 20 or cut:
            more = len(shown) - 20
            lines = f"{more} more line{'s' if more != 1 else ''}" if more > 0 else ""
            chars = cut.removeprefix("… ").removesuffix(" not shown") if cut else ""
            print(f"... ({' and then '.join(x for x in (lines, chars) if x)} printed, not shown)")
    if outcome.interrupted:
        print(f"{call}: you interrupted it (Kernel → Interrupt) while it was running")
    elif outcome.problems:
        print(f"{call}: {outcome.problems[0]}")
    elif outcome.timed_out:
        print(f"{call} did not finish within {time_limit:g} seconds (a loop that never ends?)")
    elif isinstance(outcome.error, NotImplementedError):
        print(f"{call}: not implemented yet (write your code in place of 'raise NotImplementedError()')")
    elif outcome.error is not None:
        print(f"{call} raised {one_line(outcome.error)}{_where(outcome.tb)}")
    else:
        print(clip(f"{call} returned {safe_repr(outcome.value, MAX_LINE)}"))
    if outcome.unstoppable:
        print("It is still running and could not be stopped (a bare 'except:' inside a loop catches the "
              "stop): restart the kernel (Kernel → Restart) before you go on.")
