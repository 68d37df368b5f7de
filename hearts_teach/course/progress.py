"""Your progress across the lessons: the quiz questions and drills you have answered, and how many
you got right, kept on this machine in the learner's database (``present.learner_db``).

>>> from hearts_teach.course.progress import show_progress
>>> show_progress()          # a short table, and a bar per lesson (nothing to plot when empty)
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from hearts_teach.course.navigation import LESSONS
from hearts_teach.present.learner_db import LearnerDB, Progress, shared_db
from hearts_teach.present.progress_log import lesson_of

NO_PROGRESS = ("No progress yet: the quiz questions and drills you answer in the lessons are counted "
               "here (kept on this machine only).")
_NAMES = {lesson_of(stem): f"{lesson_of(stem)} {title}" for stem, title, _about in LESSONS}
_NAMES.update({"rules_summary": "Rules summary", "glossary": "Glossary", "play": "Play app",
               "your drills": "Your drills (lesson 08)", "other": "Other notebooks"})
_ORDER = [lesson_of(stem) for stem, _t, _a in LESSONS] + ["your drills", "rules_summary", "glossary", "play"]


@dataclass(frozen=True)
class LessonProgress:
    """One lesson's answers: items answered, items answered right (ever), attempts, the last day."""

    lesson: str
    answered: int
    right: int
    attempts: int
    last: datetime

    @property
    def name(self) -> str:
        return _NAMES.get(self.lesson, self.lesson)


def by_lesson(items: list[Progress]) -> list[LessonProgress]:
    """The items grouped by lesson, in the order of the series (other names after, by name)."""
    groups: dict[str, list[Progress]] = {}
    for p in items:
        groups.setdefault(p.lesson, []).append(p)

    def place(lesson: str) -> tuple[int, str]:
        return (_ORDER.index(lesson), "") if lesson in _ORDER else (len(_ORDER), lesson)

    return [LessonProgress(lesson, len(ps), sum(p.passed for p in ps), sum(p.attempts for p in ps),
                           max(p.last for p in ps))
            for lesson, ps in sorted(groups.items(), key=lambda kv: place(kv[0]))]


def progress_table(lessons: list[LessonProgress]) -> str:
    """The lessons as a short text table (the text beside the plot)."""
    if not lessons:
        return NO_PROGRESS
    width = max(len(lp.name) for lp in lessons)
    rows = [f"{'Lesson':<{width}}  answered  right  attempts  last answer"]
    for lp in lessons:
        rows.append(f"{lp.name:<{width}}  {lp.answered:>8}  {lp.right:>5}  {lp.attempts:>8}  {lp.last:%Y-%m-%d}")
    total = sum(lp.answered for lp in lessons)
    right = sum(lp.right for lp in lessons)
    rows.append(f"In all: {right} of {total} answered right.")
    return "\n".join(rows)


def plot_progress(lessons: list[LessonProgress], ax: Any = None) -> Any:
    """A bar per lesson: questions answered, and (darker, hatched) answered right, with the
    numbers written on the bars so the plot reads without colour. Returns the Axes."""
    import matplotlib.pyplot as plt

    if ax is None:
        _fig, ax = plt.subplots(figsize=(6, 0.45 * len(lessons) + 1.2))
    names = [lp.name for lp in lessons]
    ys = list(range(len(lessons)))[::-1]
    ax.barh(ys, [lp.answered for lp in lessons], color="#d6e4f2", edgecolor="#1a1a1a", label="answered")
    ax.barh(ys, [lp.right for lp in lessons], color="#3d6fa3", edgecolor="#1a1a1a", hatch="//",
            label="answered right")
    for y, lp in zip(ys, lessons, strict=True):
        ax.text(lp.answered + 0.1, y, f"{lp.right} of {lp.answered}", va="center")
    ax.set_yticks(ys, names)
    from matplotlib.ticker import MaxNLocator

    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_xlabel("questions and drills")
    ax.set_xlim(0, max(lp.answered for lp in lessons) * 1.3 + 1)
    ax.set_title("Your progress by lesson")
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.25 - 0.6 / max(len(lessons), 1)), ncol=2)
    return ax


def lesson_progress(db: LearnerDB | None = None) -> list[LessonProgress]:
    """Your progress by lesson, from ``db`` (default: this kernel's learner database)."""
    return by_lesson((shared_db() if db is None else db).progress())


def show_progress(db: LearnerDB | None = None) -> None:
    """Print the table of your progress and draw its plot (nothing to draw when there is none).
    ``db``: the learner's database (default: this kernel's)."""
    db = shared_db() if db is None else db
    lessons = lesson_progress(db)
    if db.note:
        print(db.note)
    print(progress_table(lessons))
    if lessons:
        import matplotlib.pyplot as plt

        plot_progress(lessons)
        plt.show()


__all__ = ["NO_PROGRESS", "LessonProgress", "by_lesson", "lesson_progress", "plot_progress", "progress_table", "show_progress"]
