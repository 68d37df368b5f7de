"""The class report: one self-contained HTML page a teacher reads after grading.

    python -m hearts_teach grade DIR --report report.html

Per exercise: how many handed it in, the mean score, how many got full marks, the most common
*first* mistake (the first check each student failed and where, grouped), the hardest check
(the lowest share of cases right) and the distribution of scores, as a plot (matplotlib, embedded
as a PNG) with the same numbers in a table beside it. Then every student's score per exercise.

The page needs no network (inline CSS, the plots as ``data:`` URLs) and is deterministic: the
same rows give the same bytes (no date, no matplotlib version in the PNG, rows in the grader's
order). Everything here is computed from the grader's rows (``grader.Row``), nothing is re-run.
"""

from __future__ import annotations

import base64
import html
import io
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from hearts_teach.classroom import rubric
from hearts_teach.classroom.grader import DRILLS, Row

# a row that is not a graded item: a file that is no exercise of the course
NOT_AN_EXERCISE = "-"
BINS = [f"{10 * k}–{10 * k + 9}%" for k in range(10)] + ["100%"]
KIND_WORDS = {"wrong": "wrong answer", "raised": "raised an error", "wrong_type": "an answer of the wrong kind",
              "mutated": "changed its input", "timeout": "too slow (time limit)",
              "not_implemented": "not implemented", "not_run": "not run"}


def percent(passed: int, total: int) -> float:
    return 100.0 * passed / total if total else 0.0


def number(value: float) -> str:
    """``87.5``, ``100``, ``0``: one decimal at most, the same text everywhere (report, LMS file)."""
    return f"{value:.1f}".rstrip("0").rstrip(".")


def by_exercise(rows: list[Row]) -> dict[str, dict[str, list[Row]]]:
    """``{notebook: {student: rows}}`` in the grader's order (files that are no exercise left out)."""
    out: dict[str, dict[str, list[Row]]] = {}
    for r in rows:
        if r.check != NOT_AN_EXERCISE:
            out.setdefault(r.notebook, {}).setdefault(r.student, []).append(r)
    return dict(sorted(out.items()))


def score(rows: list[Row]) -> float:
    """A student's score on one exercise: the rubric's marks (docs/teaching.md §5) as a % of the
    exercise's marks, each check's marks being its share times its score by rule (``checks.rules``)."""
    rubric.apply(rows)
    worth = sum(r.out_of for r in rows)
    return 100.0 * sum(r.marks for r in rows) / worth if worth else 0.0


def handed_in(rows: list[Row]) -> bool:
    return any(r.status != "missing" for r in rows)


def first_mistake(rows: list[Row]) -> str | None:
    """The first thing that went wrong in one student's notebook, in words that group: the check,
    the case (visible or hidden, with its label) and the kind of mistake; None for full marks."""
    for r in rows:
        if r.passed == r.total and r.status == "ok":
            continue
        if r.status != "ok" or r.check == DRILLS or r.first is None:
            what = r.status if r.status != "ok" else "below full marks"
            return f"{r.check}: {what}"
        f, visible = r.first, (r.parts or (r.total, r.total, 0, 0))[1]
        where = f"case {f.index + 1}" if f.index < visible else f"hidden case {f.index - visible + 1}"
        label = f" ({f.case.label})" if f.case.label else ""
        return f"{r.check}, {where}{label}: {KIND_WORDS.get(f.kind, f.kind)}"
    return None


@dataclass
class Exercise:
    """What the report says about one exercise."""

    notebook: str
    students: int
    handed_in: int
    mean: float  # over the students who handed it in
    full: int
    mistakes: list[tuple[str, int]]  # most common first
    checks: list[tuple[str, float, int]]  # (check, % of cases right, students with all right)
    bins: list[int] = field(default_factory=list)
    rules: list[tuple[str, float]] = field(default_factory=list)  # ("check: rule", % of its cases right)

    @property
    def hardest(self) -> tuple[str, float, int] | None:
        """The check with the lowest share of cases right (the first of a tie); None when every
        check had every case right (no check was hard)."""
        worst = min(self.checks, key=lambda c: c[1]) if self.checks else None
        return worst if worst is not None and worst[1] < 100 else None


def exercise_stats(notebook: str, per_student: dict[str, list[Row]]) -> Exercise:
    graded = {s: rs for s, rs in per_student.items() if handed_in(rs)}
    scores = [score(rs) for rs in graded.values()]
    full = sum(1 for rs in graded.values() if all(r.passed == r.total and r.status == "ok" for r in rs))
    # counted by student, ties in the order of the text: the same class always gives the same list
    counts = Counter(m for rs in graded.values() if (m := first_mistake(rs)) is not None)
    mistakes = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
    checks: list[tuple[str, float, int]] = []
    for check in dict.fromkeys(r.check for rs in graded.values() for r in rs):
        its = [r for rs in graded.values() for r in rs if r.check == check]
        checks.append((check, percent(sum(r.passed for r in its), sum(r.total for r in its)),
                       sum(1 for r in its if r.passed == r.total and r.status == "ok")))
    rule_counts: dict[str, list[int]] = {}
    for rs in graded.values():
        for r in rs:
            for part in r.rules:
                c = rule_counts.setdefault(f"{r.check}: {part.rule}", [0, 0])
                c[0], c[1] = c[0] + part.passed, c[1] + part.total
    rules = [(name, percent(p, t)) for name, (p, t) in rule_counts.items()]
    bins = [0] * len(BINS)
    for s in scores:
        bins[10 if s >= 100 else int(s // 10)] += 1
    return Exercise(notebook, len(per_student), len(graded), sum(scores) / len(scores) if scores else 0.0,
                    full, mistakes, checks, bins, rules)


def stats(rows: list[Row]) -> list[Exercise]:
    return [exercise_stats(nb, per) for nb, per in by_exercise(rows).items()]


# ------------------------------------------------------------------------------------
# the page


def plot_png(ex: Exercise) -> bytes:
    """The distribution of scores as a bar chart (PNG bytes, the same for the same numbers)."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure
    from matplotlib.ticker import MaxNLocator

    fig = Figure(figsize=(6.0, 2.6), dpi=100)
    FigureCanvasAgg(fig)
    ax = fig.add_subplot()
    ax.bar(range(len(BINS)), ex.bins, color="#2b6cb0")
    ax.set_xticks(range(len(BINS)), [b.replace("–", "–\n") for b in BINS], fontsize=7)
    ax.set_ylabel("students")
    ax.yaxis.set_major_locator(MaxNLocator(integer=True))  # whole students
    ax.set_title(f"{ex.notebook}: scores of the {ex.handed_in} students who handed it in", fontsize=9)
    for side in ("top", "right"):
        ax.spines[side].set_visible(False)
    fig.tight_layout()
    buf = io.BytesIO()
    fig.savefig(buf, format="png", metadata={"Software": None})  # no version: the same bytes everywhere
    return buf.getvalue()


CSS = """
body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;max-width:72rem;margin:1rem auto;padding:0 1rem;
color:#1a202c;line-height:1.4}
h1{font-size:1.5rem}h2{font-size:1.2rem;margin-top:2rem;border-bottom:1px solid #cbd5e0}
table{border-collapse:collapse;margin:.5rem 0 1rem}caption{text-align:left;font-weight:600;padding:.25rem 0}
th,td{border:1px solid #cbd5e0;padding:.2rem .5rem;text-align:left;vertical-align:top}
th{background:#edf2f7}td.n{text-align:right;font-variant-numeric:tabular-nums}
.plot{display:flex;flex-wrap:wrap;gap:1rem;align-items:flex-start}.plot img{max-width:100%;height:auto}
.note{color:#4a5568;font-size:.9rem}.wide{max-width:100%;overflow-x:auto}
"""


def _table(caption: str, head: list[str], body: list[list[str]], numeric: set[int] | None = None) -> str:
    """An accessible table: a caption, header cells with their scope; cells already escaped."""
    numeric = numeric or set()
    # a table wider than a phone scrolls by itself (a region the keyboard can reach), not the page
    out = [f'<div class="wide" role="region" tabindex="0" aria-label="{caption}">'
           f"<table><caption>{caption}</caption><thead><tr>"]
    out += [f'<th scope="col">{h}</th>' for h in head]
    out.append("</tr></thead><tbody>")
    for row in body:
        cells = [f'<th scope="row">{row[0]}</th>']
        cells += [f'<td class="n">{c}</td>' if i in numeric else f"<td>{c}</td>" for i, c in enumerate(row[1:], 1)]
        out.append("<tr>" + "".join(cells) + "</tr>")
    out.append("</tbody></table></div>")
    return "".join(out)


def _section(ex: Exercise) -> str:
    e = html.escape
    hardest = ex.hardest
    facts = [
        ["handed in", f"{ex.handed_in} of {ex.students} students"],
        ["mean score", f"{number(ex.mean)}% (of those who handed it in)"],
        ["full marks", f"{ex.full} of {ex.handed_in}"],
        ["most common first mistake",
         e(f"{ex.mistakes[0][0]} ({ex.mistakes[0][1]} student{'s' if ex.mistakes[0][1] != 1 else ''})")
         if ex.mistakes else "none: everyone who handed it in got full marks"],
        ["hardest check", e(f"{hardest[0]}: {number(hardest[1])}% of its cases right") if hardest
         else "none: every check had every case right"],
    ]
    worst = min(ex.rules, key=lambda x: (x[1], x[0])) if ex.rules else None
    if worst is not None and worst[1] < 100:
        facts.append(["hardest rule", e(f"{worst[0]}: {number(worst[1])}% of its cases right")])
    parts = [f"<section><h2 id=\"{e(ex.notebook)}\">{e(ex.notebook)}</h2>",
             _table(f"{e(ex.notebook)} at a glance", ["measure", "value"], facts)]
    alt = (f"Bar chart of the scores of {ex.handed_in} students on {ex.notebook}: "
           + ", ".join(f"{b} {n}" for b, n in zip(BINS, ex.bins, strict=True) if n) + ". The table beside it has the numbers.")
    png = base64.b64encode(plot_png(ex)).decode("ascii")
    dist = [[b, str(n)] for b, n in zip(BINS, ex.bins, strict=True)]
    parts.append(f'<div class="plot"><img src="data:image/png;base64,{png}" alt="{e(alt)}" width="600" height="260">'
                 + _table(f"Scores of {e(ex.notebook)}", ["score", "students"], dist, {1}) + "</div>")
    if ex.mistakes:
        parts.append(_table(f"First mistakes in {e(ex.notebook)}: the first thing that went wrong in each student's notebook",
                            ["first mistake", "students"], [[e(m), str(n)] for m, n in ex.mistakes], {1}))
    parts.append(_table(f"Checks of {e(ex.notebook)}, hardest first", ["check", "cases right", "students with every case right"],
                        [[e(c), f"{number(p)}%", str(f)] for c, p, f in sorted(ex.checks, key=lambda c: (c[1], c[0]))],
                        {1, 2}))
    if len(ex.rules) > len(ex.checks):  # a check split into rules of the game: each weighs the same
        parts.append(_table(f"Rules of {e(ex.notebook)}, hardest first", ["check: rule", "cases right"],
                            [[e(r), f"{number(p)}%"] for r, p in sorted(ex.rules, key=lambda x: (x[1], x[0]))], {1}))
    return "".join(parts) + "</section>"


def render(rows: list[Row], title: str = "Class report") -> str:
    """The whole page (a string; the same rows give the same text)."""
    e = html.escape
    exercises = by_exercise(rows)
    all_stats = stats(rows)
    students = sorted({r.student for r in rows})
    overview = [[f'<a href="#{e(x.notebook)}">{e(x.notebook)}</a>', f"{x.handed_in} of {x.students}",
                 f"{number(x.mean)}%", str(x.full), e(x.hardest[0]) if x.hardest else "-"] for x in all_stats]
    table = [[e(s)] + [f"{number(score(per[s]))}%" if s in per and handed_in(per[s]) else ("missing" if s in per else "")
                       for per in exercises.values()] for s in students]
    noted = sorted({r.student for r in rows if "note: " in r.message})  # as the summary counts them
    page = [
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{e(title)}</title><style>{CSS}</style></head><body><main>",
        f"<h1>{e(title)}</h1>",
        f"<p>{len(students)} student{'s' if len(students) != 1 else ''}, {len(all_stats)} "
        f"exercise{'s' if len(all_stats) != 1 else ''}. A score is the rubric's marks for the exercise as a % "
        "(docs/teaching.md §5): each check's marks are its share of the exercise times its score, the mean over "
        "the rules of the game it tests of the share of that rule's cases right (drills: the coach's marks); "
        "a notebook that was not handed in counts in neither the mean nor the plot.</p>",
        _table("Exercises", ["exercise", "handed in", "mean score", "full marks", "hardest check"], overview, {2, 3}),
    ]
    if noted:
        page.append(f'<p class="note">The gradebook has a note for the teacher on the rows of {len(noted)} '
                    f"student{'s' if len(noted) != 1 else ''} ({e(', '.join(noted))}): read its message column. "
                    "Notes never go into the students' feedback files.</p>")
    page += [_section(x) for x in all_stats]
    page.append("<section><h2 id=\"students\">Students</h2>"
                + _table("Every student's score per exercise (blank: not graded for that student)",
                         ["student"] + [e(nb) for nb in exercises], table, set(range(1, len(exercises) + 1)))
                + "</section></main></body></html>\n")
    return "\n".join(page)


def write_report(rows: list[Row], path: Path) -> None:
    path.write_text(render(rows), encoding="utf-8")
