"""Lesson progress as the widgets see it: which lesson is open, and a best-effort ``record`` of an
answer (a quiz question, a drill) in the learner's database. Recording never breaks a widget: a
failure to store is the database's note, and any other surprise is swallowed here.

The lesson is, in order: the name given to ``set_lesson`` (or to the widget), else the notebook
the kernel runs (JupyterLab and Voilà tell the kernel in ``JPY_SESSION_NAME``), else "other".
A lesson file ``03_breaking_hearts.ipynb`` is the lesson "03"; ``rules_summary.ipynb`` is
"rules_summary".
"""

from __future__ import annotations

import os
import re
from pathlib import PurePath
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from datetime import datetime

    from hearts_teach.present.learner_db import LearnerDB

OTHER = "other"
ITEM_LENGTH = 120  # an item is named by its question; a long one is cut to this length
_lesson: list[str] = []


def set_lesson(name: str) -> None:
    """Name the lesson that this kernel's answers belong to (e.g. "03")."""
    _lesson[:] = [str(name)]


def lesson_of(path: str) -> str:
    """'03' for '.../03_breaking_hearts.ipynb', '06a' for '06a_guided_first_hand', else the stem."""
    stem = PurePath(path).stem
    m = re.match(r"(\d+[a-z]?)_", stem)
    return m.group(1) if m else stem


def current_lesson() -> str:
    if _lesson:
        return _lesson[0]
    session = os.environ.get("JPY_SESSION_NAME", "")
    return lesson_of(session) if session.endswith(".ipynb") else OTHER


def item_name(text: str) -> str:
    line = " ".join(str(text).split())
    return line if len(line) <= ITEM_LENGTH else line[:ITEM_LENGTH - 1] + "…"


def record(item: str, passed: bool, lesson: str | None = None, db: LearnerDB | None = None,
           now: datetime | None = None) -> None:
    """Keep one answer to ``item`` in ``db`` (default: this kernel's learner database) at ``now``
    (default: the clock); never raises."""
    try:
        from hearts_teach.present.learner_db import shared_db

        (db or shared_db()).record_progress(lesson or current_lesson(), item_name(item), passed, now)
    except Exception:  # noqa: BLE001 - progress is a bonus: a widget must never fail for it
        pass


__all__ = ["current_lesson", "item_name", "lesson_of", "record", "set_lesson"]
