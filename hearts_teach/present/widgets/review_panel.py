"""``ReviewPanel``: the verdict marks on your moves and the review after each hand and the match.

The table tells the panel about each decision you make (``record``); the panel has it graded
in the background (``VerdictQueue``) and draws a small mark per move — "✓ best", "?! inaccuracy",
"? mistake", "?? blunder", always with the word — whose reason is one click away (a
disclosure). When the hand is over and every decision is graded, it shows the review
(``agents.review.HandReview``) with "Try again" buttons for the moments that mattered, saves
the costly decisions as drills (best-effort), and at the end of the match the match review.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from html import escape
from typing import Any

import ipywidgets as w

from hearts_teach.agents.review import (
    AUTOPILOT_ONLY,
    GOOD,
    Graded,
    HandReview,
    MatchReview,
    moments_lines,
)
from hearts_teach.games.hearts.hand import Hand
from hearts_teach.present.widgets import learner_store
from hearts_teach.present.widgets.common import control_button
from hearts_teach.present.widgets.verdict_queue import Key, VerdictQueue


def _short(g: Graded) -> str:
    cards = " ".join(c.pretty for c in g.chosen)
    return f"Pass {cards}" if g.kind == "pass" else f"T{g.trick} {cards}"


class ReviewPanel:
    """Parts: ``marks_box`` (the "Show verdicts" checkbox), ``moves_html`` (the marks),
    ``review_html``, ``try_box`` (Try again buttons), ``note_html`` (database notes)."""

    def __init__(self, seat: int, *, seed: int = 0, practice: bool = False, source: str = "table",
                 on_try_again: Callable[[int], Any] | None = None, marks: bool = True):
        self.seat = seat
        self.practice = practice
        self.source = source
        self.on_try_again = on_try_again
        self.hand: Hand | None = None
        self.match: Any = None
        self.mine: dict[int, list[Key]] = {}  # your decisions by hand number
        self.reviews: dict[int, HandReview] = {}  # finished hands, reviewed
        self.saved: set[int] = set()  # hands whose mistakes went to the database
        self.note = ""
        self.lock = threading.RLock()
        self.queue = VerdictQueue(seed, on_done=lambda _k: self.render())
        self.marks_box = w.Checkbox(value=marks, description="Show verdicts on my moves", indent=False,
                                    layout=w.Layout(width="auto"))
        self.marks_box.observe(lambda _c: self.render(), names="value")
        self.moves_html = w.HTML()
        self.moves_html.add_class("ht-moves")
        self.review_html = w.HTML()
        self.review_html.add_class("ht-review")
        self.try_box = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.try_box.add_class("ht-try-again")
        self.try_buttons: list[w.Button] = []

    # decisions ---------------------------------------------------------------------------
    def record(self, hand: Hand, index: int) -> None:
        """Your action ``hand.history[index]``: queue it for a verdict."""
        key = self.queue.submit(hand, index)
        keys = self.mine.setdefault(hand.hand_number, [])
        if key not in keys:
            keys.append(key)

    def _current(self, hand: Hand) -> list[Key]:
        """Your decisions still in the hand's history (an undone move drops out)."""
        history = hand.history
        return [k for k in self.mine.get(hand.hand_number, [])
                if k[1] < len(history) and str(history[k[1]]) == k[2]]

    def grades(self, hand: Hand) -> dict[int, Graded]:
        out = {}
        for k in self._current(hand):
            r = self.queue.results.get(k)
            if isinstance(r, Graded):
                out[k[1]] = r
        return out

    def review(self, hand: Hand, result: str = "", wait: bool = True) -> HandReview:
        """The review of ``hand`` so far (all of it once it is over); waits for the verdicts."""
        for i, a in enumerate(hand.history):
            if any(k[1] == i for k in self._current(hand)) and (hand.hand_number, i, str(a)) not in \
                    self.queue.results:
                self.queue.submit(hand, i)
        if wait:
            self.queue.wait()
        return HandReview.build(hand, self.seat, self.grades(hand), result=result, practice=self.practice)

    def match_review(self) -> MatchReview:
        return MatchReview(tuple(self.reviews[n] for n in sorted(self.reviews)))

    # drawing ------------------------------------------------------------------------------
    def render(self, hand: Hand | None = None, match: Any = None, result: str = "") -> None:
        """Redraw the marks and the review (from the table, or from the worker thread)."""
        with self.lock:
            if hand is not None:
                self.hand, self.match, self.result = hand, match, result
            hand = self.hand
            if hand is None:
                return
            keys = self._current(hand)
            results = self.queue.results
            self.moves_html.value = self._moves_html(keys, results) if self.marks_box.value else ""
            done = hand.is_over and all(k in results for k in keys)
            if not hand.is_over:
                self.review_html.value = ""
                self._set_try([])
                return
            if not done:
                graded = sum(k in results for k in keys)
                self.review_html.value = (f"<div role='status'>Review of hand {hand.hand_number + 1}: the coach "
                                          f"is grading your decisions ({graded} of {len(keys)} done)…</div>")
                return
            review = HandReview.build(hand, self.seat, self.grades(hand), result=getattr(self, "result", ""),
                                      practice=self.practice)
            first = hand.hand_number not in self.reviews
            self.reviews[hand.hand_number] = review
            if first and not self.practice and hand.hand_number not in self.saved:
                self.saved.add(hand.hand_number)
                self.note = learner_store.save_mistakes(hand, review, f"{self.source}, hand {hand.hand_number + 1}")
            over = self.match is not None and self.match.is_over
            self.review_html.value = review_html(review, self.match_review() if over else None, self.note)
            self._set_try(list(review.moments))

    def _moves_html(self, keys: list[Key], results: dict) -> str:
        if not keys:
            return ""
        items = []
        for k in keys:
            r = results.get(k)
            if r is None:
                items.append("<span class='ht-move ht-move-pending'>… grading</span>")
            elif isinstance(r, str):
                items.append(f"<span class='ht-move'>{escape(r)}</span>")
            else:
                why = r.reason if r.verdict in GOOD or r.forced else \
                    f"{r.reason} Coach's choice: {r.best_reason}"
                items.append(f"<details class='ht-move ht-verdict-{escape(r.verdict)}'><summary>{escape(_short(r))}"
                             f" <b>{escape(r.mark)}</b></summary><div>{escape(why)}</div></details>")
        label = "Verdicts on your practice moves" if self.practice else "Verdicts on your moves"
        return (f"<div class='ht-moves-box' role='region' aria-label='{label}'>"
                "<b>Your moves</b> (the coach's verdict; open one for its reason): " + " ".join(items) + "</div>")

    def _set_try(self, moments: list[Graded]) -> None:
        if [b.description for b in self.try_buttons] == [f"Try again: {g.label}" for g in moments]:
            return
        for b in self.try_buttons:
            b.close()
        self.try_buttons = []
        for n, g in enumerate(moments, 1):
            b = control_button(f"Try again: {g.label}", "Play this position again differently "
                               "(a practice position: the match is not changed)", "ht-try")
            b.on_click(lambda _b, n=n: self.on_try_again(n) if self.on_try_again else None)
            self.try_buttons.append(b)
        self.try_box.children = tuple(self.try_buttons)

    def close(self) -> None:
        self.queue.close()


def review_html(review: HandReview, match: MatchReview | None = None, note: str = "") -> str:
    """The review as HTML: the same content as ``review.text()``, laid out."""
    def h2(text: str) -> str:
        return f"<h2 style='font-size:1.15em;margin:6px 0 2px'>{escape(text)}</h2>"

    head = f"Review of hand {review.hand_number + 1}"
    if review.practice:
        head += " — a practice position, not the match"
    parts = [h2(head)]  # the hand's result is shown just above, by the table
    if not review.decisions:
        parts.append(f"<div>{escape(AUTOPILOT_ONLY)}</div>")
    else:
        parts.append(f"<div>{escape(review.accuracy_line())}</div>")
        title, *items = moments_lines(review.moments)
        parts.append(f"<div><b>{escape(title)}</b></div>")
        if items:
            parts.append("<ol>" + "".join(f"<li>{escape(i.strip().split('. ', 1)[1])}</li>" for i in items)
                         + "</ol>")
        parts.append("<details><summary>Every decision of the hand, with its verdict</summary><ul>"
                     + "".join(f"<li>{escape(g.line())}</li>" for g in review.decisions) + "</ul></details>")
    if match is not None:
        first, *rest = match.text().splitlines()
        parts.append(h2(first) + "".join(f"<div>{escape(ln.strip())}</div>" for ln in rest))
    if note:
        parts.append(f"<div role='note'>{escape(note)}</div>")
    label = "Review of the practice position" if review.practice else "Review"
    return f"<div class='ht-review-box' role='region' aria-label='{label}'>" + "".join(parts) + "</div>"
