"""``HandWidget``: one seat's hand as buttons, legal cards enabled, with reasons.

Illegal cards are disabled and their tooltip gives the reason from ``Hand.explain``;
because tooltips on disabled controls are not always announced, a text list of the
legal cards sits beside the buttons. A click on an illegal card (possible through
``click()`` or a stale browser view) changes nothing and shows the reason.

With ``faces=True`` the hand is drawn as card faces (``CardRow``) instead: every card stays
clickable, and a click on an illegal one writes the engine's reason on the message line
right under the hand, where touch screens (which have no tooltips) show it too.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from html import escape
from typing import Any

import ipywidgets as w

from hearts_teach.games.hearts.hand import Hand, Phase
from hearts_teach.kernel.cards import Card, CardLike, to_card
from hearts_teach.kernel.errors import HeartsError
from hearts_teach.present.render import ordered
from hearts_teach.present.widgets.card_faces import CardFace, CardRow, face_state
from hearts_teach.present.widgets.common import WidgetView, card_button, status_html, sync_buttons


class HandWidget(WidgetView):
    """``HandWidget(hand, seat=0)``: click a legal card to play it.

    - ``seat=None`` plays for whoever is to move (a "hot seat" view for lessons).
    - ``on_play(card)``: when given, a legal click calls it *instead of* ``hand.play``
      (the table uses this to let the bots answer); otherwise the widget plays the card.
      If it returns a string, that is the feedback shown.
    - ``faces``: draw card faces (every card clickable) instead of buttons.
    - ``message``: an HTML line to write feedback to (the table shares one line).
    - ``marks``: 'QS' → a short note shown on that card (the table marks received cards).
    - ``buttons`` maps 'QS' → Button (``CardFace`` with faces); ``legal_html`` is the text
      list; ``message`` the feedback.
    """

    def __init__(self, hand: Hand, seat: int | None = 0, *, on_play: Callable[[Card], object] | None = None,
                 four_color: bool | None = None, title: str | None = None, faces: bool = False,
                 message: w.HTML | None = None):
        self.hand = hand
        self.seat = seat
        self.on_play = on_play
        self.four_color = four_color
        self.title = title
        self.faces = faces
        self.marks: dict[str, str] = {}
        self.buttons: dict[str, Any] = {}
        self.last_message = ""
        self.closed = ""  # set by close(note): nothing more to play here, and why
        self.header = w.HTML()
        if faces:
            self.row: CardRow | None = CardRow(on_click=self.play)
            self.cards_box: w.DOMWidget = self.row
        else:
            self.row = None
            self.cards_box = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.cards_box.add_class("ht-hand-buttons")
        self.legal_html = w.HTML()
        self.legal_html.add_class("ht-legal")
        self.message = message if message is not None else w.HTML(status_html(""))
        self.message.add_class("ht-message")
        self.widget = w.VBox([self.header, self.cards_box, self.message, self.legal_html])
        self.widget.add_class("ht-hand-widget")
        self.refresh()

    # state -------------------------------------------------------------------------------
    @property
    def acting_seat(self) -> int | None:
        """The seat whose cards are shown and played (None if nobody can act)."""
        if self.seat is not None:
            return self.seat
        return self.hand.turn

    def _shown_seat(self) -> int:
        s = self.acting_seat
        if s is not None:
            return s
        return 0 if self.hand.turn is None else self.hand.turn

    def close(self, note: str) -> None:
        """Stop play here (a scripted lesson is over): every card disabled, ``note`` in place of the legal list."""
        self.closed = note
        self.refresh()

    def legal_line(self) -> str:
        """The text list of playable cards, or why nothing is playable now."""
        hand, seat = self.hand, self._shown_seat()
        if self.closed:
            return self.closed
        if hand.phase is Phase.PASS:
            return "Nothing to play yet: the cards are being passed first."
        if hand.phase is Phase.OVER:
            return "The hand is over: no cards left to play."
        turn = hand.to_act()  # the play phase: some seat is to play
        if turn != seat:
            return f"Not {hand.seat_names[seat]}'s turn: {hand.seat_names[turn]} is to play."
        legal = hand.legal_plays(seat)
        forced = " (forced: the only legal card)" if legal.forced else ""
        # in the hand line's order (♠ ♥ ♦ ♣, highest first), so the two lines compare at a glance
        return f"{hand.seat_names[seat]} may play: {' '.join(c.pretty for c in ordered(legal.cards))}{forced}"

    def refresh(self) -> None:
        """Rebuild buttons, tooltips and the legal list from the engine."""
        hand, seat = self.hand, self._shown_seat()
        name = hand.seat_names[seat]
        title = self.title or f"{name}'s hand"
        self.header.value = f"<b>{escape(title)}</b>"
        if self.row is not None:
            self._refresh_faces(seat)
            return
        sync_buttons(self.cards_box, self.buttons, hand.cards(seat), lambda c: self._make(c))
        for key, b in self.buttons.items():
            v = hand.explain(key, seat)
            b.disabled = bool(self.closed) or not v.legal
            verb = "play it" if v.legal else "can't play"
            b.tooltip = f"{Card(key).name} — {self.closed}" if self.closed else f"{Card(key).name} — {verb}: {v.message}"
        self.legal_html.value = f"<div>{escape(self.legal_line())}</div>"

    def _refresh_faces(self, seat: int) -> None:
        hand = self.hand
        faces = []
        for card in ordered(hand.cards(seat)):
            v = hand.explain(card, seat)
            if self.closed:
                v = replace(v, legal=False, message=self.closed)
            note = self.marks.get(str(card), "")
            verb = "play it" if v.legal else "can't play"
            extra = f" ({note})" if note else ""
            faces.append(face_state(
                card, active=v.legal, four_color=self.four_color, mark="new" if note else "",
                tooltip=f"{card.name}{extra} — {verb}: {v.message}",
                aria=f"{card.pretty}, {card.name}{extra}, " + ("playable" if v.legal else "not playable now")))
        assert self.row is not None
        self.row.label = f"{hand.seat_names[seat]}'s cards"
        if self.row.cards != faces:
            self.row.cards = faces
        self.buttons = {f["key"]: CardFace(self.row, f["key"]) for f in faces}
        self.legal_html.value = f"<div>{escape(self.legal_line())}</div>"

    def _make(self, card: Card) -> w.Button:
        b = card_button(card, self.four_color)
        b.on_click(lambda _b, c=card: self.play(c))
        return b

    def _say(self, text: str, kind: str = "info") -> str:
        self.last_message = text
        self.message.value = status_html(text, kind)
        return text

    # actions -------------------------------------------------------------------------------
    def play(self, card: CardLike) -> str:
        """Play ``card`` as if its button were clicked; returns the feedback line."""
        if self.closed:  # the legal line already says why; the last feedback stays
            return self.closed
        try:
            c = to_card(card)
        except HeartsError as e:
            return self._say(str(e), "error")
        seat = self.acting_seat
        if seat is None:
            v = self.hand.explain(c)
            return self._say(f"Can't play {c.pretty}: {v.message}", "error")
        v = self.hand.explain(c, seat)
        if not v.legal:
            self.refresh()  # a stale view may have offered the card; show the truth
            return self._say(f"Can't play {c.pretty}: {v.message}", "error")
        said = None
        try:
            if self.on_play is not None:
                said = self.on_play(c)
            else:
                self.hand.play(c, seat)
        except HeartsError as e:  # the engine refused: nothing changed, say why
            self.refresh()
            return self._say(str(e), "error")
        self.refresh()
        if isinstance(said, str):
            return self._say(said, "ok")
        return self._say(f"{self.hand.seat_names[seat]} played {c.pretty}.", "ok")

    def text(self) -> str:
        seat = self._shown_seat()
        lines = [f"{self.hand.seat_names[seat]}: {self.hand.cards(seat).pretty}", self.legal_line()]
        if self.last_message:
            lines.append(self.last_message)
        return "\n".join(lines)
