"""``drawing(game)``: a game object drawn as HTML in a notebook, with a short readable text.

A hand's ``repr`` is its eval-able record (hundreds of characters of card codes); stored as
a cell's text output it is unreadable in a plain-text viewer. ``drawing`` keeps the HTML
table and gives the text view (``text(all_hands=True)``) as the plain-text twin.
``drawing.of(html, text)`` does the same for a ready-made HTML table and its text (IPython's
``HTML(...)`` would store "<IPython.core.display.HTML object>" as the text).
``folded(summary, text)`` shows a text folded away under a one-line summary, one click to open
(an answer to read only after the learner's own try).
"""

from __future__ import annotations

from html import escape
from typing import Any


class drawing:  # noqa: N801 - reads as a function in a lesson cell: drawing(hand)
    def __init__(self, game: Any):
        self.game = game

    @classmethod
    def of(cls, html: str, text: str) -> drawing:
        """An HTML table with its plain-text twin."""
        return cls(_Drawn(html, text))

    def _repr_html_(self) -> str:
        return self.game._repr_html_()

    def __repr__(self) -> str:
        return self.game.text(all_hands=True)


class _Drawn:
    def __init__(self, html: str, text: str):
        self.html, self.plain = html, text

    def _repr_html_(self) -> str:
        return self.html

    def text(self, all_hands: bool = True) -> str:
        return self.plain


def folded(summary: str, text: str) -> drawing:
    """``text`` folded away in a notebook (an HTML ``<details>`` under ``summary``, one click to
    open); a plain-text viewer, which cannot fold, shows the summary, then the text."""
    html = (f"<details><summary>{escape(summary)}</summary>"
            f"<pre style='white-space:pre-wrap'>{escape(text)}</pre></details>")
    return drawing.of(html, f"{summary}\n{text}")
