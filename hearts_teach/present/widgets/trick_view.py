"""``TrickView``: the trick in progress and the last trick, as ``TrickBoard`` card faces."""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Any

from hearts_teach.games.hearts.hand import Hand
from hearts_teach.present.render import pts, suit_color, trick_status
from hearts_teach.present.widgets.card_faces import TrickBoard
from hearts_teach.present.widgets.common import WidgetView


def trick_state(trick: Any, names: Sequence[str], newest: bool, four_color: bool | None = None) -> dict | None:
    """A trick as ``TrickBoard`` draws it: its cards by seat, text marks, and a status line."""
    if trick is None:
        return None
    plays = []
    for i, (seat, card) in enumerate(zip(trick.seats, trick.cards, strict=False)):
        notes = []
        if seat == trick.leader:
            notes.append("▶ led")
        if trick.winner is not None and seat == trick.winner:
            notes.append("✓ wins")
        is_new = newest and i == len(trick.cards) - 1
        if is_new:
            notes.append("● latest")
        plays.append({"seat": seat, "label": card.pretty, "color": suit_color(card.suit, four_color),
                      "notes": ", ".join(notes), "newest": is_new})
    return {"number": trick.number, "status": trick_status(trick, names), "plays": plays}


def trick_pause_default() -> float:
    """Seconds a completed trick stays in view: ``HEARTS_TRICK_PAUSE`` (tests set 0), else 0.8."""
    try:
        return max(0.0, float(os.environ.get("HEARTS_TRICK_PAUSE", "0.8")))
    except ValueError:
        return 0.8


class TrickView(WidgetView):
    """The trick in progress and the last trick, laid out like the table (N top, S bottom).

    Drawn as card faces by ``TrickBoard``; the newest card is outlined and labelled
    "● latest"; a completed trick stays in the middle for ``pause`` seconds (in the browser).
    """

    def __init__(self, hand: Hand, *, four_color: bool | None = None, pause: float | None = None):
        self.hand = hand
        self.four_color = four_color
        self.board = TrickBoard(pause_ms=round(1000 * (trick_pause_default() if pause is None else pause)))
        self.board.add_class("ht-trick-view")
        self.widget = self.board
        self.refresh()

    def refresh(self) -> None:
        hand = self.hand
        names = list(hand.seat_names)
        current = hand.current_trick
        has_current = current is not None and bool(current.cards)
        cur = trick_state(current, names, has_current, self.four_color)
        last = trick_state(hand.last_trick, names, not has_current, self.four_color)
        with self.board.hold_sync():
            self.board.names = names
            self.board.set_trait("last", last)  # a dict, or None when there is no trick to show
            self.board.set_trait("current", cur)

    def text(self) -> str:
        hand, names = self.hand, self.hand.seat_names
        lines = []
        cur = hand.current_trick
        if cur is not None:
            played = ", ".join(f"{names[s]} {c.pretty}" for s, c in zip(cur.seats, cur.cards, strict=False))
            lines.append(f"Trick {cur.number}: " + (played or f"{names[cur.leader]} to lead"))
        last = hand.last_trick
        if last is not None:
            played = ", ".join(f"{names[s]} {c.pretty}" for s, c in zip(last.seats, last.cards, strict=False))
            lines.append(f"Last trick {last.number}: {played} → {names[last.taker]} "
                         f"takes {pts(last.points)}")
        return "\n".join(lines) or "No trick yet."
