"""Your mistakes become your drills: the decisions of yours that the coach graded inaccuracy or
worse, saved in the learner's local database, come back when the scheduler says they are due.

``MyDrills`` is lesson 08's "your drills" (and the Play app's "Practise my mistakes"): the same
session as lesson 08's fixed drills (``course.drills.DrillSession``, graded by the coach the same
way), over the due drills of ``present.learner_db``. Each answer is rated for the scheduler (full
marks: remembered; less: forgotten, so it comes back sooner) and kept as progress.

Text path: ``session = MyDrills(); print(session.text()); session.answer("QS")``.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from hearts_teach.course.drills import FULL_MARKS, Drill, DrillResult, DrillSession
from hearts_teach.games.hearts.hand import Hand
from hearts_teach.kernel.errors import HeartsError
from hearts_teach.present import progress_log
from hearts_teach.present.learner_db import LearnerDB, SavedDrill, shared_db

LESSON = "your drills"  # the progress of saved drills, beside the lessons'
NONE_DUE = ("No drills are due now. When the coach grades a decision of yours an inaccuracy, a mistake or a "
            "blunder, it is saved and comes back here as a drill when it is due.")


def as_drill(saved: SavedDrill, hand: Hand) -> Drill:
    """A saved decision as a ``Drill``: the position restored afresh each time it is asked for."""
    names = hand.seat_names
    if saved.kind == "pass":
        title = f"Your pass, hand {hand.hand_number + 1}"
        prompt = f"Passing {hand.pass_direction}. Which three cards does {names[saved.seat]} pass?"
    else:
        title = f"Your play, trick {hand.trick_number}"
        prompt = f"Trick {hand.trick_number}: {names[saved.seat]} to play. Which card does {names[saved.seat]} play?"
    return Drill(title, saved.kind, f"{prompt} (Saved from: {saved.source}.)", saved.hand, saved.seat)


def in_words(delta: timedelta) -> str:
    """'in 10 minutes', 'in 3 hours', 'in 2 days' (rounded down; 'now' under a minute)."""
    seconds = int(delta.total_seconds())
    for unit, size in (("day", 86400), ("hour", 3600), ("minute", 60)):
        if seconds >= size:
            n = seconds // size
            return f"in {n} {unit}{'' if n == 1 else 's'}"
    return "now"


class MyDrills(DrillSession):
    """The learner's due drills, one by one (at most ``limit``), graded by the coach.

    ``db``: the learner's database (default: this kernel's, in the data folder); ``now``: the time
    the drills are due at and answered at (default: the clock, at each step)."""

    lesson = LESSON

    def __init__(self, db: LearnerDB | None = None, now: datetime | None = None, limit: int = 10,
                 seed: int = 0):
        self.db = shared_db() if db is None else db
        self.now = now
        self.saved: list[SavedDrill] = []
        drills, skipped = [], []
        for saved in self.db.due_drills(now, limit):
            try:
                drills.append(as_drill(saved, saved.hand()))
                self.saved.append(saved)
            except HeartsError as e:  # a record this version of the engine no longer accepts
                skipped.append(f"drill {saved.id} ({e})")
        self.notice = self.db.note
        if skipped:
            self.notice = (f"{len(skipped)} saved drill{'' if len(skipped) == 1 else 's'} could not be "
                           f"restored and {'was' if len(skipped) == 1 else 'were'} skipped: {'; '.join(skipped)}.")
        super().__init__(drills, seed)

    def _on_graded(self, result: DrillResult) -> str:
        saved = self.saved[len(self.results) - 1]
        right = result.marks == FULL_MARKS
        progress_log.record(f"saved drill {saved.id}", right, self.lesson, self.db, self.now)
        feedback = result.feedback + f" Last time you chose {_pretty(saved.chosen)} ({saved.verdict})."
        answered_at = self.now or datetime.now().astimezone()
        updated = self.db.answer_drill(saved.id, right, now=self.now)
        if updated is None:
            return f"{feedback} {self.db.note}"
        return f"{feedback} This drill comes back {in_words(updated.due - answered_at)}."

    def position_text(self) -> str:
        if not self.drills:
            return NONE_DUE
        return super().position_text()

    def _next_text(self) -> str:
        text = NONE_DUE if not self.drills else super()._next_text()
        # a note of the database (or of skipped drills) heads the session until the first answer
        return f"{self.notice}\n\n{text}" if self.notice and not self.results else text


def _pretty(codes: tuple[str, ...]) -> str:
    from hearts_teach.kernel.cards import CardList

    return " ".join(c.pretty for c in CardList(list(codes)))


__all__ = ["LESSON", "NONE_DUE", "MyDrills", "as_drill", "in_words"]
