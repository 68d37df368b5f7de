"""``VerdictQueue``: the coach grades your decisions in a worker thread, so play never waits.

Each job is a copy of the hand and the index of your action in its history; the worker
grades them one at a time, oldest first, with the coach's seeded APIs (``agents.review.grade``),
so a verdict depends only on the position and the seed, never on timing. ``on_done`` runs
in the worker thread after each verdict (the table redraws its marks from it: ipywidgets
sends trait changes from any thread). ``wait()`` blocks until every job is graded: the text
path (``print(table)``, ``table.review``) waits, so what it prints is reproducible.

The worker runs only while there is work: it ends when the queue is empty and a new one starts
with the next job, so a table nobody plays holds no thread. A job is graded by the grader in
force when it was submitted, so swapping the grader (a test's stub) never changes a queued job.
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable
from typing import Any

from hearts_teach.agents.review import Graded, grade
from hearts_teach.games.hearts.hand import Hand

Key = tuple[int, int, str]  # (hand number, history index, the action as text)
Grader = Callable[[Hand, int, int], Graded]  # (hand, history index, seed) -> verdict
DEFAULT_GRADER: Grader = grade  # the tests of other widgets swap in a stub


def job_key(hand: Hand, index: int) -> Key:
    """The key of ``hand.history[index]``: an undone and replaced move gets a new key."""
    return (hand.hand_number, index, str(hand.history[index]))


class VerdictQueue:
    """Grades jobs in one daemon thread; ``results`` maps each key to a ``Graded`` or to the
    one-line reason it could not be graded."""

    def __init__(self, seed: int = 0, on_done: Callable[[Key], Any] | None = None,
                 grader: Grader | None = None):
        self.seed = seed
        self.on_done = on_done
        self.grader = grader  # None: the coach (``DEFAULT_GRADER``, looked up when a job is submitted)
        self.results: dict[Key, Graded | str] = {}
        self._jobs: queue.Queue[tuple[Key, Hand, int, Grader]] = queue.Queue()
        self._pending: set[Key] = set()
        self._idle = threading.Condition()
        self._thread: threading.Thread | None = None
        self._closed = False

    def submit(self, hand: Hand, index: int) -> Key:
        """Queue ``hand.history[index]`` for grading (a copy of the hand is taken now)."""
        key = job_key(hand, index)
        job = (key, hand.copy(), index, self.grader or DEFAULT_GRADER)
        with self._idle:
            if self._closed or key in self.results or key in self._pending:
                return key
            self._pending.add(key)
            self._jobs.put(job)
            if self._thread is None:  # under the lock: the worker decides to end under it too
                self._thread = threading.Thread(target=self._run, name="hearts-verdicts", daemon=True)
                self._thread.start()
        return key

    def pending(self) -> int:
        with self._idle:
            return len(self._pending)

    def _run(self) -> None:
        while True:
            with self._idle:
                try:
                    key, hand, index, grader = self._jobs.get_nowait()
                except queue.Empty:  # nothing left: end, and let the next submit start a worker
                    self._thread = None
                    return
            try:
                result: Graded | str = grader(hand, index, self.seed)
            except Exception as e:  # noqa: BLE001 - a verdict that fails never stops play
                result = f"not graded: {type(e).__name__}: {e}"
            with self._idle:
                self.results[key] = result
            if self.on_done is not None:
                try:
                    self.on_done(key)
                except Exception:  # noqa: BLE001 - a drawing error must not kill the worker
                    pass
            with self._idle:  # pending until drawn: wait() returns with the marks on the page
                self._pending.discard(key)
                self._idle.notify_all()

    def wait(self, timeout: float | None = None) -> bool:
        """Block until every submitted job is graded (and drawn); False on timeout."""
        with self._idle:
            return self._idle.wait_for(lambda: not self._pending, timeout)

    def close(self) -> None:
        """Stop the worker after the job in hand; jobs not started are dropped."""
        with self._idle:
            self._closed = True
            self._pending.clear()
            while not self._jobs.empty():
                self._jobs.get_nowait()
            self._idle.notify_all()

    def join(self, timeout: float | None = None) -> bool:
        """Wait for the worker to end (it ends when no job is left); False on timeout."""
        with self._idle:
            thread = self._thread
        if thread is not None:
            thread.join(timeout)
            return not thread.is_alive()
        return True
