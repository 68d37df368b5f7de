"""Grade a class: every submitted exercise notebook, isolated, scored by the grader alone.

    python -m hearts_teach.classroom.exercises grade DIR [--csv FILE] [--timeout SECONDS] [--jobs N]
    python -m hearts_teach grade DIR --scheduler tcp://10.0.0.5:8786 --csv FILE

``DIR`` holds one folder per student: ``DIR/STUDENT/NN_name.ipynb``, or nbgrader's
``submitted/STUDENT/ASSIGNMENT/NN_name.ipynb`` (give the course folder or ``submitted``).

What each notebook is graded on comes from its solution notebook: every
``check("name", function)`` call there is one check (the checker ``name`` from the
registry in ``hearts_teach.classroom.checks``, so a new exercise needs no change here), and
``grade_drills(function)`` is the drills. For each submission the grader

1. reads the notebook (a file that is not a notebook gets the status ``error``), and looks
   at which functions it defines (another exercise's functions: ``wrong notebook``);
2. runs its code cells in a separate process (``hearts_teach.classroom.sandbox``) inside the OS
   sandbox (bubblewrap: none of the teacher's files, no network, its own PID namespace, as
   nobody) with a time limit, a memory limit and a read-only copy of the package, then has
   that process call the student's functions on the visible and the hidden cases;
3. compares the answers that come back, as plain data, with the expected answers that it
   computed itself before any student code ran (the cases go out as plain data too: a
   position, exercise 10's ``View``, as its fields, rebuilt by the student's process; the
   bot's card comes back by name and is judged against the grader's own position).

The grader also decides whether a call changed its input (the worker sends the inputs back as
they are after the call; the grader compares them with what it sent) and whether it ran out
of time (each case timed on the grader's clock, from its start to its answer), so a notebook
that patches the checks' modules in its own process changes no grade.
Nothing printed by the notebook is read, and nothing the notebook does inside its own
process (redefining ``check``, patching modules, exiting, writing files) reaches the grader.
The run always finishes: every student, notebook and check gets a row with a status
(``ok``, ``not implemented``, ``timeout``, ``error``, ``missing``, ``wrong notebook``) and
a one-line message.

With ``--scheduler`` the notebooks run on the workers of a Dask cluster, each in the same OS
sandbox (``grade_cluster``); this machine still reads them and computes and judges the
answers, so no expected answer leaves it and the CSV is the same as a local run's.

Without bubblewrap the grader refuses to start and names the fix, unless ``--no-os-sandbox``
is given; then every row's message and the summary say that the run was not isolated.
"""

from __future__ import annotations

import contextlib
import difflib
import io
import json
import re
import sys
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hearts_teach.classroom.checks import checker as find_checker
from hearts_teach.classroom.checks.framework import (
    STOP_GRACE,
    Case,
    Checker,
    Failure,
    clip,
    judge_value,
    safe_repr,
)
from hearts_teach.classroom.checks.rules import breakdown, missed
from hearts_teach.classroom.gradebook import (  # noqa: F401 - the grader's API: grade_command, tests
    COLUMNS,
    Row,
    summary,
    write_csv,
)
from hearts_teach.classroom.os_sandbox import (
    NOT_ISOLATED,
    require,
)
from hearts_teach.classroom.plaindata import BadData, decode, encode
from hearts_teach.classroom.sandbox import (
    ARRIVED,
    CASE_LIMIT,
    PACKAGE_DIR,
    PRIVATE,
    Runner,
    RunOptions,
    SandboxJob,
    SandboxRun,
    case_starts,
    events_by_case,
    repeated_case,
    run_here,
)
from hearts_teach.classroom.submissions import exercise_of, find_submissions, single_student
from hearts_teach.classroom.teacher_files import ROOT, SOLUTIONS
from hearts_teach.course.drills import MARKS_RULE

DRILLS = "drills"
# words that, inside a student's answer cell, suggest the answer asks the engine instead of computing
ENGINE_WORDS = re.compile(r"\b(hearts_teach|cascade|PlayState|CHECKERS|checker|sandbox|plaindata|"
                          r"score_hand|final_scores|_decided|make_bot|RuleBot)\b")
# words that, in any cell the student wrote, suggest code that reaches round the exercise: an import
# by a computed name (the engine under another name), running other code, reading files
# (a function's ``__globals__``, a closure, a frame: how a handed-out function leads to the package's modules)
REACH_WORDS = re.compile(r"\b(?:importlib|__import__|sys\.modules|meta_path|get_ipython|_getframe|__builtins__|ctypes|"
                         r"builtins|__subclasses__|gc\.get_\w+|__globals__|__closure__|__code__|__wrapped__|"
                         r"f_globals|f_back|tb_frame)\b|\b(?:exec|eval|open|compile|globals|vars|getattr)\s*\(")
IPYTHON_INPUT = re.compile(r"\(<ipython-input-\d+-[0-9a-f]+>, (line \d+)\)")
# the line that marks nbgrader's test cells (``nbgrader_cells.py``)
# (also at the path before the package's layers, in an assignment nbgrader released then)
NBGRADER_TEST = re.compile(r"from hearts_teach(?:\.teach|\.classroom)?\.autograde import verify")
# the start of every refusal of the grader's worker (``sandbox_worker._install_guard``)
REFUSED = "the grader does not let a submission"
# importing the card vocabulary is not asking the engine (exercise 10's bots work on Card and Suit)
VOCABULARY_IMPORT = re.compile(r"^[ \t]*from[ \t]+hearts_teach(?:\.kernel\.cards)?[ \t]+import[ \t]+\(?[ \t]*"
                               r"(?:(?:Card|CardList|Suit|View|cards)[ \t]*(?:,[ \t]*)?)+\)?[ \t]*$", re.MULTILINE)
# the feedback helpers a handed-out notebook imports (also at the path before the package's layers,
# in a notebook handed out then): an added cell that only brings them back is not a note
HELPER_IMPORT = re.compile(r"^[ \t]*from[ \t]+hearts_teach(?:\.teach|\.classroom)?\.checks(?:\.\w+)?[ \t]+import[ \t]+\(?[ \t]*"
                           r"(?:(?:check|try_it|evaluate_\w+|show_drills|grade_drills)[ \t]*(?:,[ \t]*)?)+\)?[ \t]*$",
                           re.MULTILINE)


TIMEOUT_MAX = 3600.0  # seconds for one notebook: an hour is far beyond any exercise
MEMORY_RANGE = (256, 65536)  # MB for one notebook's process
JOBS_MAX = 64


def check_limits(timeout: float, memory_mb: int, jobs: int) -> None:
    """Refuse limits that would grade nothing sensibly (``inf``/``nan`` seconds, 10**30 MB)
    before any work, with a one-line ``ValueError``."""
    if isinstance(timeout, bool) or not isinstance(timeout, int | float) or not 1 <= timeout <= TIMEOUT_MAX:
        raise ValueError(f"--timeout must be a number of seconds from 1 to {TIMEOUT_MAX:g}, got {timeout!r}")
    if isinstance(memory_mb, bool) or not isinstance(memory_mb, int) or \
            not MEMORY_RANGE[0] <= memory_mb <= MEMORY_RANGE[1]:
        raise ValueError(f"--memory must be a whole number of MB from {MEMORY_RANGE[0]} to {MEMORY_RANGE[1]}, "
                         f"got {memory_mb!r}")
    if isinstance(jobs, bool) or not isinstance(jobs, int) or not 1 <= jobs <= JOBS_MAX:
        raise ValueError(f"--jobs must be a whole number from 1 to {JOBS_MAX}, got {jobs!r}")


@dataclass(frozen=True)
class Expect:
    """One graded item of a notebook: a checker applied to a function, or the drills."""

    check: str
    function: str


# ------------------------------------------------------------------------------------
# what each exercise notebook is graded on (read from the solution notebooks)


def _code_cells(nb: dict) -> list[str]:
    out = []
    for cell in nb.get("cells", []):
        if isinstance(cell, dict) and cell.get("cell_type") == "code":
            src = cell.get("source", "")
            out.append("".join(src) if isinstance(src, list) else str(src))
    return out


def expected_items(solution: Path) -> list[Expect]:
    """``check("name", func)`` and ``grade_drills(func)`` calls of a solution notebook, in order."""
    import json

    from hearts_teach.classroom.nbgrader_cells import _graded_calls

    items: list[Expect] = []
    for src in _code_cells(json.loads(solution.read_text(encoding="utf-8"))):
        for name, function in _graded_calls(src):
            if Expect(name, function) not in items:
                items.append(Expect(name, function))
    return items


def graded(exercises: dict[str, list[Expect]]) -> list[str]:
    """The exercises (notebook names) that have something to grade."""
    return [name for name, items in exercises.items() if items]


def course(solutions: Path = SOLUTIONS) -> dict[str, list[Expect]]:
    """Every exercise notebook's name and what it is graded on."""
    return {p.name: expected_items(p) for p in sorted(solutions.glob("*.ipynb"))}


@dataclass
class Prepared:
    """A checker with its cases (visible, then hidden) and their arguments as plain data."""

    checker: Checker
    cases: list[Case]
    visible: int
    encoded: list[Any]

    def __post_init__(self) -> None:
        # the arguments as they come back through JSON: what a case's inputs must still be after the call
        self.sent = json.loads(json.dumps(self.encoded))

    @property
    def limit(self) -> float:
        return self.checker.time_limit or CASE_LIMIT


def prepare(items: list[Expect], *, hidden_cases: bool = True) -> dict[str, Prepared]:
    """Cases and expected answers, computed in the grader's process before any student code runs
    (the hidden ones need the grading key: ``hidden_cases=False`` leaves them out)."""
    out: dict[str, Prepared] = {}
    for it in items:
        if it.check == DRILLS or it.check in out:
            continue
        chk = find_checker(it.check)
        visible, hidden = chk.cases(), chk.hidden_cases() if hidden_cases else []
        out[it.check] = Prepared(chk, visible + hidden, len(visible), [encode(c.args, positions=True) for c in visible + hidden])
    if any(it.check == DRILLS for it in items):
        import hearts_teach.agents.coach  # noqa: F401
        from hearts_teach.classroom.checks import strategy  # noqa: F401 - the coach is loaded before any thread starts
    return out


# ------------------------------------------------------------------------------------
# finding the submissions


def _linked(path: Path) -> bool:
    """The notebook, or the assignment folder that holds it, is a symbolic link: it could point at
    any file the teacher can read (the solutions, a classmate's notebook), so it is not graded."""
    return path.is_symlink() or path.parent.is_symlink()


def _defined_functions(sources: list[str], assignments: bool = False) -> list[str]:
    """Names the cells define with ``def`` (and, with ``assignments``, names given a value,
    such as ``f = lambda ...``)."""
    names: list[str] = []
    # [ \t], not \s: at each line start ``\s*`` ran over every blank line after it, so a cell of
    # 40,000 empty lines took the grader's own process 100 s (and a million, hours)
    pattern = r"^[ \t]*(?:def[ \t]+([A-Za-z_]\w*)[ \t]*\(" + (r"|([A-Za-z_]\w*)[ \t]*=(?!=))" if assignments else ")")
    for src in sources:
        for m in re.finditer(pattern, src, re.MULTILINE):
            name = m.group(1) or (m.group(2) if assignments else None)
            if name is not None and name not in names:
                names.append(name)
    return names


MAX_NOTEBOOK_BYTES = 64 * 2**20  # an exercise notebook with its outputs is well under 1 MB


def _read_notebook(path: Path) -> tuple[list[str] | None, str]:
    import json

    if _linked(path):
        return None, ("not graded: a symbolic link, not a notebook (a link can point at any file on the "
                      "grader's machine, such as the solutions); hand in the notebook itself")
    try:
        if path.stat().st_size > MAX_NOTEBOOK_BYTES:  # read in the grader's own process, before any limit
            return None, f"not graded: the file is larger than {MAX_NOTEBOOK_BYTES // 2**20} MB"
        nb = json.loads(path.read_text(encoding="utf-8"))
    except UnicodeDecodeError:
        return None, "not a notebook: the file is not text"
    except ValueError as exc:
        return None, f"not a readable notebook (broken JSON: {clip(str(exc), 100)})"
    except RecursionError:  # brackets nested thousands deep: no notebook looks like that
        return None, "not a readable notebook (JSON nested too deeply)"
    except OSError as exc:
        return None, f"could not read the file: {clip(str(exc), 100)}"
    if not isinstance(nb, dict) or not isinstance(nb.get("cells"), list):
        return None, "not a notebook: it has no list of cells"
    for i, cell in enumerate(nb["cells"]):
        src = cell.get("source", "") if isinstance(cell, dict) else ""
        if not (isinstance(src, str) or isinstance(src, list) and all(isinstance(line, str) for line in src)):
            return None, f"not a notebook: the source of cell {i + 1} is not text"
    return _code_cells(nb), ""


# ------------------------------------------------------------------------------------
# grading one notebook


def _rows_all(student: str, notebook: str, items: list[Expect], prepared: dict[str, Prepared],
              status: str, message: str) -> list[Row]:
    return [Row(student, notebook, it.check, 0, _total(it, prepared), status, message) for it in items]


def _total(it: Expect, prepared: dict[str, Prepared]) -> int:
    if it.check == DRILLS:
        from hearts_teach.classroom.checks.strategy import OUT_OF

        return OUT_OF
    return len(prepared[it.check].cases)


def grade_notebook(student: str, notebook: str, path: Path, items: list[Expect], prepared: dict[str, Prepared],
                   others: dict[str, list[Expect]], *, timeout: float, memory_mb: int,
                   cell_timeout: float = 10.0, package: Path = PACKAGE_DIR,
                   private: tuple[Path, ...] = PRIVATE, isolate: bool = True) -> list[Row]:
    """The rows of one submitted notebook (never raises because of the submission)."""
    sources, problem = _read_notebook(path)
    if sources is None:
        return _rows_all(student, notebook, items, prepared, "error", problem)
    return grade_sources(student, notebook, sources, items, prepared, others, timeout=timeout,
                         memory_mb=memory_mb, cell_timeout=cell_timeout, package=package, private=private,
                         isolate=isolate)


def grade_sources(student: str, notebook: str, sources: list[str], items: list[Expect],
                  prepared: dict[str, Prepared], others: dict[str, list[Expect]], *, timeout: float,
                  memory_mb: int, cell_timeout: float = 10.0, package: Path = PACKAGE_DIR,
                  private: tuple[Path, ...] = PRIVATE, isolate: bool = True) -> list[Row]:
    """The rows for a notebook's code cells ``sources`` (the files under ``private``, the
    answers and the class's submissions, are unreadable to them)."""
    staged = stage_sources(student, notebook, sources, items, prepared, others)
    if isinstance(staged, list):
        return staged
    options = RunOptions(timeout, memory_mb, min(cell_timeout, timeout), tuple(map(str, private)), isolate)
    return judge(student, notebook, staged, items, prepared, options.run(staged, package), timeout, cell_timeout)


def stage_notebook(student: str, notebook: str, path: Path, items: list[Expect], prepared: dict[str, Prepared],
                   others: dict[str, list[Expect]]) -> list[Row] | SandboxJob:
    """What to run for a submitted notebook, or its rows when there is nothing to run."""
    sources, problem = _read_notebook(path)
    if sources is None:
        return _rows_all(student, notebook, items, prepared, "error", problem)
    return stage_sources(student, notebook, sources, items, prepared, others)


def stage_sources(student: str, notebook: str, sources: list[str], items: list[Expect],
                  prepared: dict[str, Prepared], others: dict[str, list[Expect]]) -> list[Row] | SandboxJob:
    # nbgrader's test cells (in submitted/) grade again through a new process: not needed here
    sources = [src for src in sources if not NBGRADER_TEST.search(src)]
    defined = _defined_functions(sources)
    wanted = [it.function for it in items]
    owner = next((name for name, its in others.items()
                  if name != notebook and any(it.function in defined for it in its)), None)
    if owner and not any(f in _defined_functions(sources, assignments=True) for f in wanted):
        # another exercise's functions and none of this one's (a notebook that defines nothing
        # recognisable is still run: its function may come from elsewhere, or be missing)
        fns = ", ".join(it.function for it in others[owner] if it.function in defined)
        return _rows_all(student, notebook, items, prepared, "wrong notebook",
                         f"it defines {fns} (exercise {owner}), not {', '.join(wanted)}")
    calls = []
    for it in items:
        cases = [encode(())] if it.check == DRILLS else prepared[it.check].encoded
        call: dict[str, Any] = {"function": it.function, "cases": cases}
        limit = None if it.check == DRILLS else prepared[it.check].checker.time_limit
        if limit is not None:
            call["limit"] = limit
        calls.append(call)
    return SandboxJob(sources, calls)


def judge(student: str, notebook: str, staged: SandboxJob, items: list[Expect], prepared: dict[str, Prepared],
          run: SandboxRun, timeout: float, cell_timeout: float) -> list[Row]:
    """The rows, judged here from what the notebook's process sent back (wherever it ran)."""
    defined = _defined_functions(staged.sources)
    wanted = [it.function for it in items]
    outcomes, starts = events_by_case(run), case_starts(run)
    reached_calls = any(e.get("calls") is True for e in run.events)
    missing = {e["missing"] for e in run.events if isinstance(e.get("missing"), int)}
    not_callable = {e["not_callable"]: e.get("what", "") for e in run.events if isinstance(e.get("not_callable"), int)}
    cell_errors = [e["cell_error"] for e in run.events if isinstance(e.get("cell_error"), list)]
    forged = repeated_case(run)
    if forged is not None:
        return _rows_all(student, notebook, items, prepared, "error",
                         f"the notebook's code wrote to the grader's pipe (call {forged[0] + 1}, case {forged[1] + 1} "
                         "was answered twice): none of its answers are trusted")
    rows = []
    for k, it in enumerate(items):
        total = _total(it, prepared)
        if not reached_calls:
            if run.timed_out:
                cell = f" (cell {run.current_cell + 1} was running)" if run.current_cell is not None else ""
                rows.append(Row(student, notebook, it.check, 0, total, "timeout",
                                f"the notebook did not finish within {timeout:g} s{cell}"))
            else:
                rows.append(Row(student, notebook, it.check, 0, total, "error",
                                run.crashed or "the notebook's process stopped before its functions could be called"))
            continue
        if k in missing:
            why = f"{it.function} is not defined"
            # IPython's name for a cell's code ("<ipython-input-1-6fdeaf39a08e>") means nothing to a teacher
            errs = ["cell " + str(i + 1) + ": " + IPYTHON_INPUT.sub(r"(\1 of that cell)", str(t))
                    for i, t in cell_errors if isinstance(i, int)]
            near = difflib.get_close_matches(it.function, [f for f in defined if f not in wanted], n=1)
            if near:  # the likeliest slip: the function was written under another name
                why += f" (the notebook defines {near[0]}: rename it to {it.function})"
            if errs:
                why += f" (an error stopped a cell: {clip(str(errs[0]), 160)})"
            rows.append(Row(student, notebook, it.check, 0, total, "error", why))
            continue
        if k in not_callable:
            rows.append(Row(student, notebook, it.check, 0, total, "error",
                            f"{it.function} is not a function: {clip(str(not_callable[k]), 100)}"))
            continue
        if it.check == DRILLS:
            rows.append(_drills_row(student, notebook, it, outcomes.get((k, 0)), run))
        else:
            rows.append(_check_row(student, notebook, it, prepared[it.check], k, outcomes, run, timeout, starts))
    stopped = [e["cell_stopped"] for e in run.events if isinstance(e.get("cell_stopped"), int)]
    if stopped and reached_calls:  # graded all the same: say that a cell hung
        cells = ", ".join(str(i + 1) for i in stopped[:3]) + (" …" if len(stopped) > 3 else "")
        note = (f"note: code cell{'s' if len(stopped) > 1 else ''} {cells} did not finish within "
                f"{min(cell_timeout, timeout):g} s and {'were' if len(stopped) > 1 else 'was'} stopped "
                f"(a loop that never ends at the top level?)")
        _note(rows, note)
    refused = [str(t) for e in run.events if isinstance(e.get("refused"), list) for t in e["refused"]]
    if refused:  # the score stands; the teacher should know that the notebook tried to reach out
        more = f" and {len(refused) - 1} more" if len(refused) > 1 else ""
        what = refused[0].replace(REFUSED + " ", "", 1)
        note = f"note: the notebook tried to {clip(what, 120)} (refused{more})"
        _note([r for r in rows if REFUSED not in r.message], note)
    return rows


def _note(rows: list[Row], note: str) -> None:
    """Add a note for the teacher to each row's message (the grade stands)."""
    for r in rows:
        r.said = r.for_student()
        r.message = clip(f"{r.message}; {note}" if r.message else note, 500)


def _where(prep: Prepared, j: int) -> str:
    if j < prep.visible:
        return f"case {j + 1}"
    return f"hidden case {j - prep.visible + 1}"


def _took_too_long(prep: Prepared, event: dict, started: float | None) -> bool:
    """The case ran past its limit on the grader's clock (from its start event to its answer).

    The worker in the student's process keeps the limit too, but what runs there can be patched;
    this is the grader's own measure. Its margin covers the worker stopping a runaway call and
    a busy machine, so an honest answer within the limit is never caught by it."""
    if started is None:
        return True  # every call announces its start: an answer without one was not timed
    arrived = event.get(ARRIVED)
    return not isinstance(arrived, float) or arrived - started > 2 * prep.limit + STOP_GRACE + 1.0


def _failure(prep: Prepared, j: int, event: dict | None, started: float | None = None) -> tuple[Failure | None, str]:
    """The failure of case ``j`` (None when right) and a status hint. Everything is decided here,
    in the grader's process, from what the worker reported: the answer, the inputs as they were
    after the call, and the times the grader read the case's start and its answer."""
    case = prep.cases[j]
    if event is None:
        return Failure(j, case, "not_run", "not run"), ""
    printed = str(event.get("printed", ""))
    if event.get("timeout") or _took_too_long(prep, event, started):
        return Failure(j, case, "timeout", f"did not finish within the time limit of {prep.limit:g} s per case "
                       f"(too slow, or a loop that never ends?)", printed=printed), "timeout"
    if event.get("not_implemented"):
        return Failure(j, case, "not_implemented", "not implemented yet"), "not implemented"
    if "raised" in event:
        return Failure(j, case, "raised", f"raised {clip(str(event['raised']), 200)}", printed=printed), ""
    if event.get("after") != prep.sent[j]:
        return Failure(j, case, "mutated", "changed the input it was given", printed=printed), ""
    try:
        value = decode(event.get("value"))
    except (BadData, ValueError, TypeError, RecursionError):
        return Failure(j, case, "wrong_type", "returned something the grader could not read"), ""
    return judge_value(prep.checker, case, j, value, printed), ""


def _check_row(student: str, notebook: str, it: Expect, prep: Prepared, k: int,
               outcomes: dict[tuple[int, int], dict], run: Any, timeout: float,
               starts: dict[tuple[int, int], float]) -> Row:
    passed_visible = passed_hidden = 0
    first: Failure | None = None
    status = "ok"
    right: list[bool | None] = []  # None: never run (after a case that timed out)
    for j in range(len(prep.cases)):
        failure, hint = _failure(prep, j, outcomes.get((k, j)), starts.get((k, j)))
        right.append(None if failure is not None and failure.kind == "not_run" else failure is None)
        if failure is None:
            if j < prep.visible:
                passed_visible += 1
            else:
                passed_hidden += 1
            continue
        if first is None or (first.kind == "not_run" and failure.kind != "not_run"):
            first = failure
        if hint and status == "ok":
            status = hint
    hidden = len(prep.cases) - prep.visible
    parts = [f"visible {passed_visible}/{prep.visible}, hidden {passed_hidden}/{hidden}"]
    rules = breakdown(prep.checker.name, prep.cases, right)
    if len(rules) > 1 and missed(rules) and passed_visible + passed_hidden:  # each rule weighs the same
        parts.append(f"rules missed: {missed(rules)}")
    if first is not None:
        parts.append(f"first problem: {_where(prep, first.index)} ({first.case.label}): {_describe(prep, first)}")
    if first is not None and first.kind == "not_run" and status == "ok":
        status = "timeout" if run.timed_out else "error"
        parts.append(f"the notebook did not finish within {timeout:g} s" if run.timed_out
                     else (run.crashed or "the notebook's process stopped early"))
    return Row(student, notebook, it.check, passed_visible + passed_hidden, len(prep.cases), status,
               clip("; ".join(parts), 400), (passed_visible, prep.visible, passed_hidden, hidden), first,
               rules=rules)


def _describe(prep: Prepared, f: Failure) -> str:
    if f.kind == "wrong" and not f.message:
        try:
            want, got = prep.checker.show(f.case.expected, f.case), prep.checker.show(f.actual, f.case)
        except Exception:  # noqa: BLE001
            want, got = safe_repr(f.case.expected), safe_repr(f.actual)
        return f"expected {clip(want, 80)}, got {clip(got, 80)}"
    return clip(f.message, 200)


def _drills_row(student: str, notebook: str, it: Expect, event: dict | None, run: Any) -> Row:
    from hearts_teach.classroom.checks.strategy import OUT_OF as out_of
    from hearts_teach.classroom.checks.strategy import grade_drills

    if event is None:
        return Row(student, notebook, DRILLS, 0, out_of, "timeout" if run.timed_out else "error",
                   f"{it.function} gave no answer")
    if event.get("not_implemented"):
        return Row(student, notebook, DRILLS, 0, out_of, "not implemented", f"{it.function} is not implemented yet")
    if event.get("timeout"):
        return Row(student, notebook, DRILLS, 0, out_of, "timeout", f"{it.function} did not finish in time")
    if "raised" in event:
        return Row(student, notebook, DRILLS, 0, out_of, "ok", clip(f"{it.function} raised {event['raised']}"))
    try:
        answers = decode(event.get("value"))
    except (BadData, ValueError, TypeError, RecursionError):
        answers = None
    with contextlib.redirect_stdout(io.StringIO()):
        result = grade_drills(lambda: answers)
    verdicts = ", ".join(f"{n} {v}" for n, v in enumerate(result.verdicts, 1))
    # passed/total of this row are the coach's marks, not cases: say so, with the scale
    message = (f"drills: {result.score} of {result.out_of} marks ({MARKS_RULE}): {verdicts}"
               if isinstance(answers, dict) else clip(result.lines[0], 200))
    return Row(student, notebook, DRILLS, result.score, result.out_of, "ok", message)


def _engine_note(path: Path, items: list[Expect], exercise: str = "") -> str:
    """A note for the teacher when a cell looks like it asks the engine, or reaches round the
    exercise (imports by a computed name, exec, reads files): the grade stands, a person looks."""
    sources, _ = _read_notebook(path)
    # the exercise's own name: a file Canvas or a browser renamed has the same handed-out cells
    handout = set(_handout_cells(exercise or path.name))
    for i, src in enumerate(sources or []):
        answer = any(re.search(rf"^[ \t]*def[ \t]+{re.escape(it.function)}[ \t]*\(", src, re.MULTILINE) for it in items)
        where = "the answer cell" if answer else f"code cell {i + 1}"
        # a cell the student added that imports the package (to patch the grader, say) is noted too
        own = answer or (src.strip() not in handout and not NBGRADER_TEST.search(src))
        m = ENGINE_WORDS.search(VOCABULARY_IMPORT.sub("", src if answer else HELPER_IMPORT.sub("", src))) \
            if own else None
        if m:
            return f"note: {where} mentions {m.group(1)!s} (check by hand that it is the student's own work)"
        m = REACH_WORDS.search(src) if own else None
        if m:
            return f"note: {where} uses {m.group(0).rstrip('( ')} (check by hand that it is the student's own work)"
    return ""


def _deleted_tests_note(path: Path, solution: Path) -> str:
    """A note when a notebook that nbgrader handed out comes back without some of its test cells
    (the functions are graded all the same: this grader never runs those cells)."""
    import json

    from hearts_teach.classroom.nbgrader_cells import deleted_test_cells

    try:
        gone = deleted_test_cells(json.loads(path.read_text(encoding="utf-8")),
                                  json.loads(solution.read_text(encoding="utf-8")))
    except (OSError, ValueError, RecursionError, AttributeError, TypeError, KeyError):
        return ""  # a file that is not a notebook has its own message already
    if not gone:
        return ""
    return (f"note: nbgrader's test cell{'s' if len(gone) > 1 else ''} {', '.join(gone)} "
            f"{'were' if len(gone) > 1 else 'was'} deleted (graded all the same)")


def _handout_cells(name: str) -> list[str]:
    """The code cells that are not the student's: the notebook as handed out (``exercises/``)
    and the solution's cells, whose nbgrader test cells come back in ``submitted/``."""
    cells: list[str] = []
    for path in (ROOT / "exercises" / name, SOLUTIONS / name):
        sources, _ = _read_notebook(path) if path.is_file() else (None, "")
        cells += [src.strip() for src in sources or []]
    return cells


# ------------------------------------------------------------------------------------
# the class


@dataclass
class Job:
    student: str
    notebook: str
    path: Path | None
    status: str = ""  # 'missing' or 'wrong notebook' when nothing is run
    message: str = ""


def plan(submissions: dict[str, list[Path]], exercises: dict[str, list[Expect]],
         only: list[str] | None = None) -> tuple[list[Job], list[Row]]:
    """The notebooks to run, and rows for files that are not exercises of this course."""
    extra_rows: list[Row] = []
    per_student: dict[str, dict[str, Job]] = {}
    expected: set[str] = set(only or [])
    graded_names = graded(exercises)
    for student, paths in submissions.items():
        jobs: dict[str, Job] = {}
        copies: dict[str, int] = {}
        handed_in = {seen[0] for q in paths if (seen := exercise_of(q.name, graded_names)) is not None}
        for p in paths:
            seen = exercise_of(p.name, graded_names)  # '02_trick_winner-1.ipynb', 'Ron_Smith_02_…'
            if seen is not None:
                name, _prefix, copy = seen
                if name not in jobs or copy > copies[name]:  # a resubmission ("-1", " (2)") wins
                    jobs[name], copies[name] = Job(student, name, p), copy
                continue
            sources, _ = _read_notebook(p)
            defined = _defined_functions(sources or [])
            match = next((n for n, its in exercises.items() if its and any(it.function in defined for it in its)), None)
            if match and match not in handed_in:
                jobs.setdefault(match, Job(student, match, None, "wrong notebook",
                                           f"found as {p.name}: rename it to {match}"))
            elif p.name not in exercises:
                extra_rows.append(Row(student, p.name, "-", 0, 0, "wrong notebook",
                                      "not an exercise of this course (no solutions/" + p.name + ")"))
        per_student[student] = jobs
    if not only:
        # without --notebooks, "missing" only for an exercise at least half the class handed in:
        # one student's extra notebook is graded for that student, not missed by everyone else
        handed = Counter(name for jobs in per_student.values() for name in jobs)
        expected = {name for name, n in handed.items() if 2 * n >= len(per_student)}
    jobs_out: list[Job] = []
    for student, jobs in per_student.items():
        for name in sorted(expected if only else expected | set(jobs)):
            if name not in exercises:
                continue
            jobs_out.append(jobs.get(name) or Job(student, name, None, "missing", f"no {name} was handed in"))
    return jobs_out, extra_rows


class Progress:
    """A progress bar on stderr (a line per notebook when stderr is not a terminal)."""

    def __init__(self, total: int, stream: Any = None) -> None:
        self.total, self.done = total, 0
        self.stream = stream or sys.stderr
        self.tty = hasattr(self.stream, "isatty") and self.stream.isatty()
        self.start = time.monotonic()

    def step(self, label: str) -> None:
        self.done += 1
        width = 30
        filled = width * self.done // max(self.total, 1)
        bar = "#" * filled + "." * (width - filled)
        text = f"[{bar}] {self.done}/{self.total} {time.monotonic() - self.start:5.1f} s  {label}"
        if self.tty:
            self.stream.write("\r" + text[:120].ljust(120))
            if self.done == self.total:
                self.stream.write("\n")
        else:
            self.stream.write(text + "\n")
        self.stream.flush()


def grade_class(folder: Path, *, timeout: float = 60.0, jobs: int = 1, memory_mb: int = 2048,
                only: list[str] | None = None, solutions: Path = SOLUTIONS, progress: bool = True,
                cell_timeout: float = 10.0, isolate: bool = True, runner: Runner | None = None) -> list[Row]:
    """Grade every submission in ``folder``: rows sorted by student and notebook.

    Every notebook runs in the OS sandbox (``os_sandbox``); where none can be made this raises
    ``OsSandboxMissing`` before any work, unless ``isolate=False``, and then every row's message
    says that the run was not isolated. ``runner`` runs the notebooks (default ``run_here(jobs)``;
    ``grade_cluster.on_cluster`` runs them on Dask workers, which check their own sandbox); the
    notebooks are read, and the answers judged, here either way."""
    check_limits(timeout, memory_mb, jobs)
    if runner is None:
        require(isolate)
        runner = run_here(jobs)
    exercises = course(solutions)
    if folder.is_file():  # a single notebook: the student its name or its folder names
        submissions = {single_student(folder, graded(exercises)): [folder]}
    else:
        submissions = find_submissions(folder, graded(exercises))
    job_list, rows = plan(submissions, exercises, only)
    prepared = prepare([it for j in job_list for it in exercises[j.notebook]])
    bar = Progress(len(job_list)) if progress else None
    # no submission reads the answers or a classmate's notebook (it has its own cells already)
    private = (*PRIVATE, solutions, folder if folder.is_dir() else folder.parent)
    options = RunOptions(timeout, memory_mb, min(cell_timeout, timeout), tuple(map(str, private)), isolate)

    def could_not(job: Job, exc: Exception) -> list[Row]:
        return _rows_all(job.student, job.notebook, exercises[job.notebook], prepared, "error",
                         f"the grader could not run it: {type(exc).__name__}: {clip(str(exc), 120)}")

    def noted(job: Job, out: list[Row]) -> list[Row]:
        assert job.path is not None
        for note in (_engine_note(job.path, exercises[job.notebook], job.notebook),
                     _deleted_tests_note(job.path, solutions / job.notebook)):
            if note:
                _note(out, note)
        return out

    def done(i: int, out: list[Row]) -> None:
        results[i] = out
        if bar:
            bar.step(f"{job_list[i].student}/{job_list[i].notebook}")

    def marked(rows: list[Row]) -> list[Row]:
        if not isolate:  # the gradebook itself says that this run was not isolated
            for r in rows:
                r.said = r.for_student()
                r.message = f"{NOT_ISOLATED}; {r.message}" if r.message else NOT_ISOLATED
        return rows

    results: dict[int, list[Row]] = {}
    to_run: list[tuple[int, SandboxJob]] = []
    for i, job in enumerate(job_list):
        if job.path is None:
            done(i, _rows_all(job.student, job.notebook, exercises[job.notebook], prepared, job.status, job.message))
            continue
        try:
            staged = stage_notebook(job.student, job.notebook, job.path, exercises[job.notebook], prepared, exercises)
        except Exception as exc:  # noqa: BLE001 - one broken submission never stops the class run
            done(i, could_not(job, exc))
            continue
        if isinstance(staged, list):
            done(i, noted(job, staged))
        else:
            to_run.append((i, staged))
    for k, run in runner([staged for _, staged in to_run], options):
        i, job = to_run[k][0], job_list[to_run[k][0]]
        try:
            if isinstance(run, Exception):
                raise run
            done(i, noted(job, judge(job.student, job.notebook, to_run[k][1], exercises[job.notebook], prepared,
                                     run, timeout, cell_timeout)))
        except Exception as exc:  # noqa: BLE001 - one broken submission never stops the class run
            done(i, could_not(job, exc))
    ordered = [r for i in range(len(job_list)) for r in results[i]]
    return marked(sorted(ordered + rows, key=lambda r: (r.student, r.notebook)))
