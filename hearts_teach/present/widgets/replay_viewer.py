"""``ReplayViewer``: step through a recorded hand and see every hand as it was then.

The record is the engine's JSON record (``Hand.to_record()`` / ``to_json()``); the
viewer rebuilds the position at step ``k`` by replaying the first ``k`` actions on a
fresh copy of the deal, so every view is exactly what the engine had at that moment.
"""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as w

from hearts_teach.games.hearts.hand import Action, Hand, Phase
from hearts_teach.games.hearts.match import Match
from hearts_teach.kernel.errors import ArgumentError, quote
from hearts_teach.present.render import (
    broken_text,
    card_html,
    cards_row_html,
    hand_result_text,
    position_text,
    pts,
    trick_compass_html,
)
from hearts_teach.present.widgets.common import WidgetView, control_button


def _load(record: Any) -> Hand:
    if isinstance(record, Hand):
        return record.copy()
    if isinstance(record, str):
        return Hand.from_json(record)
    return Hand.from_record(record)


class ReplayViewer(WidgetView):
    """``ReplayViewer(record, step=0)``: ⏮ ◀ ▶ ⏭ buttons and a slider over the actions.

    Step 0 is the deal; step ``k`` is the position after ``k`` actions (each seat's pass
    choice is one action, each card is one). Parts: ``buttons`` ('start', 'back',
    'next', 'end'), ``slider``, ``board`` (HTML), ``caption`` (HTML); ``position`` is the
    ``Hand`` at the current step.
    """

    def __init__(self, record: dict[str, Any] | str | Hand, *, step: int = 0, four_color: bool | None = None):
        self.full = _load(record)
        self.actions: tuple[Action, ...] = self.full.history
        self.four_color = four_color
        self.buttons = {
            "start": control_button("⏮ Start", "Go back to the deal", "ht-replay-start"),
            "back": control_button("◀ Back", "One action back", "ht-replay-back"),
            "next": control_button("Next ▶", "One action forward", "ht-replay-next"),
            "end": control_button("End ⏭", "Jump to the last action", "ht-replay-end"),
        }
        self.step = -1  # no step shown yet: ``go`` below draws the first
        moves = {"start": lambda: 0, "back": lambda: self.step - 1,
                 "next": lambda: self.step + 1, "end": lambda: self.steps}
        for key, b in self.buttons.items():
            b.on_click(lambda _b, f=moves[key]: self.go(f()))
        self.slider = w.IntSlider(value=0, min=0, max=self.steps, description="Step",
                                  continuous_update=False)
        self.slider.observe(lambda ch: self.go(ch["new"]), names="value")
        self.caption = w.HTML()
        self.caption.add_class("ht-replay-caption")
        self.board = w.HTML()
        self.board.add_class("ht-replay-board")
        self.widget = w.VBox([w.HBox(list(self.buttons.values()) + [self.slider]), self.caption, self.board])
        self.widget.add_class("ht-replay")
        self.position = self.full
        self.go(step)

    @classmethod
    def from_match(cls, match: Match | dict[str, Any] | str, number: int = 0, **kw: Any) -> ReplayViewer:
        """Replay hand ``number`` (0-based) of a match, a match record or its JSON."""
        if isinstance(match, str):
            match = Match.from_json(match)
        elif isinstance(match, dict):
            match = Match.from_record(match)
        if not 0 <= number < len(match.hands):
            raise ArgumentError(f"the match has hands 0..{len(match.hands) - 1}, not {quote(number)}", argument="number")
        return cls(match.hands[number], **kw)

    @property
    def steps(self) -> int:
        return len(self.actions)

    def go(self, step: int) -> None:
        """Show the position after ``step`` actions (clamped to 0..steps)."""
        step = max(0, min(int(step), self.steps))
        if step == self.step:
            return
        self.step = step
        pos = self.full.copy()
        pos.replay(self.actions[:step])
        self.position = pos
        if self.slider.value != step:
            self.slider.value = step  # fires go(step) again, which returns at once
        self.buttons["start"].disabled = self.buttons["back"].disabled = step == 0
        self.buttons["next"].disabled = self.buttons["end"].disabled = step == self.steps
        self.caption.value = f"<b>{escape(self.describe())}</b>"
        self.board.value = self._board_html()

    def describe(self) -> str:
        """What the last action shown was, in words."""
        names = self.full.seat_names
        if self.step == 0:
            return f"Step 0 of {self.steps}: the deal (hand {self.full.hand_number + 1}, pass {self.full.pass_direction})"
        a = self.actions[self.step - 1]
        head = f"Step {self.step} of {self.steps}: "
        if a.kind == "pass":
            target = self.full.pass_target(a.seat)  # a pass action means a passing hand
            to = names[target] if target is not None else "nobody"
            return head + f"{names[a.seat]} chooses {' '.join(c.pretty for c in a.cards)} to pass to {to}"
        plays_before = sum(1 for x in self.actions[:self.step - 1] if x.kind == "play")
        n = self.full.players
        trick, pos = plays_before // n + 1, plays_before % n + 1
        text = head + f"trick {trick}, card {pos}: {names[a.seat]} plays {a.card.pretty}"
        last = self.position.last_trick
        if pos == n and last is not None:
            text += f"; {names[last.taker]} takes the trick ({pts(last.points)})"
        return text

    def _board_html(self) -> str:
        pos, names = self.position, self.full.seat_names
        rows = []
        for s in pos.table.seats:
            mark = "▶ " if s == pos.turn else ""
            extra = ""
            chosen = pos.passed(s) if pos.phase is Phase.PASS else None
            if chosen is not None:
                extra = " passing " + "".join(card_html(c, four_color=self.four_color) for c in chosen)
            rows.append(f"<tr><td style='padding:2px 8px;white-space:nowrap'><b>{escape(mark + names[s])}</b></td>"
                        f"<td>{cards_row_html(pos.cards(s), self.four_color)}{extra}</td>"
                        f"<td style='padding:2px 8px'>{pts(pos.points_taken[s])}</td></tr>")
        parts = [f"<table>{''.join(rows)}</table>"]
        if pos.phase is not Phase.PASS:
            current = pos.current_trick
            parts.append(trick_compass_html(current if current is not None and current.cards else None,
                                            names, self.four_color, "Trick")
                         if current is not None and current.cards else "")
            parts.append(trick_compass_html(pos.last_trick, names, self.four_color, "Last trick"))
            parts.append(f"<div>{escape(broken_text(pos))}</div>")
        if pos.is_over:
            parts.append(f"<div><b>{escape(hand_result_text(pos))}</b></div>")
        return "<div class='ht-position' style='font-family:sans-serif'>" + "".join(parts) + "</div>"

    def text(self) -> str:
        return self.describe() + "\n" + position_text(self.position)
