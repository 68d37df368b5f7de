"""``PassPicker``: choose exactly three cards to pass, see who receives them, confirm.

Clicking a card toggles it (a chosen card shows "✓" in its text, not only a colour).
A fourth card is refused with a reason; Confirm is enabled only with exactly three.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape
from typing import Any

import ipywidgets as w

from hearts_teach.agents import driver
from hearts_teach.games.explain import taken_out
from hearts_teach.games.hearts.hand import Hand, Phase
from hearts_teach.games.hearts.rules import pass_source
from hearts_teach.kernel.cards import Card, CardLike, CardList, to_card
from hearts_teach.kernel.errors import ArgumentError, HeartsError, Rule, WrongPhaseError, quote
from hearts_teach.present.render import ordered
from hearts_teach.present.widgets.card_faces import CardFace, CardRow, face_state
from hearts_teach.present.widgets.common import (
    WidgetView,
    card_button,
    control_button,
    status_html,
    sync_buttons,
)

Feedback = Callable[[Hand, int, CardList], "str | None"]


class PassPicker(WidgetView):
    """``PassPicker(hand, seat=0)``: pick three cards and press Confirm.

    - ``on_confirm(cards)`` runs after the engine has accepted the pass (the table uses it
      to let the bots pass and start play); a string it returns is the feedback shown.
    - ``faces``: draw card faces (``CardRow``) instead of buttons; ``message``: a shared
      feedback line to write to.
    - ``feedback(hand, seat, cards)`` may return a sentence shown after the pass (a lesson's
      comment or the coach's view of the pass).
    - ``others``: one player per seat (``others[s].choose_pass(view)`` chooses seat ``s``'s
      pass from its view; the driver plays them); with them the pass completes at once and the
      three cards received are shown.
    - Parts: ``buttons`` ('QS' → Button), ``confirm``, ``clear``, ``direction_html``, ``message``.
    """

    def __init__(self, hand: Hand, seat: int = 0, *, on_confirm: Callable[[CardList], object] | None = None,
                 feedback: Feedback | None = None, four_color: bool | None = None, faces: bool = False,
                 message: w.HTML | None = None, others: Sequence[Any] | None = None):
        self.hand = hand
        self.seat = seat
        self.on_confirm = on_confirm
        seats = len(hand.seat_names)
        if others is not None and (isinstance(others, str) or not isinstance(others, Sequence) or len(others) != seats
                                   or not all(callable(getattr(b, "choose_pass", None)) for b in others)):
            raise ArgumentError(f"others is one player per seat ({seats} players with choose_pass(view)), "
                                f"got {quote(others)}", argument="others")
        self.others = others
        self.feedback = feedback
        self.four_color = four_color
        self.selected: list[Card] = []
        self.buttons: dict[str, Any] = {}
        self.last_message = ""
        self.direction_html = w.HTML()
        self.direction_html.add_class("ht-pass-direction")
        self.row: CardRow | None = CardRow(on_click=self.toggle, toggle=True) if faces else None
        self.cards_box: w.DOMWidget = self.row if self.row is not None else w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.cards_box.add_class("ht-pass-buttons")
        self.chosen_html = w.HTML()
        self.confirm = control_button("Confirm pass", "Pass the three chosen cards", "ht-confirm-pass")
        self.confirm.on_click(lambda _b: self.confirm_pass())
        self.clear = control_button("Clear", "Unselect every chosen card", "ht-clear-pass")
        self.clear.on_click(lambda _b: self.clear_selection())
        self.message = message if message is not None else w.HTML(status_html(""))
        self.message.add_class("ht-message")
        self.widget = w.VBox([self.direction_html, self.cards_box, self.message, self.chosen_html,
                              w.HBox([self.confirm, self.clear], layout=w.Layout(flex_flow="row wrap"))])
        self.widget.add_class("ht-pass-picker")
        self.refresh()

    # state ---------------------------------------------------------------------------------
    @property
    def receiver(self) -> int:
        """The seat this pass goes to (a hold hand has none: a ``WrongPhaseError``)."""
        to = self.hand.pass_target(self.seat)
        if to is None:
            raise WrongPhaseError(f"hand {self.hand.hand_number + 1} is a hold hand: nobody receives cards",
                                  rule=Rule.WRONG_PHASE)
        return to

    @property
    def done(self) -> bool:
        """True once this seat's pass is chosen (or there is nothing to pass)."""
        return self.hand.phase is not Phase.PASS or self.hand.passed(self.seat) is not None

    def direction_line(self) -> str:
        hand, names = self.hand, self.hand.seat_names
        if hand.pass_direction == "hold":
            return f"Hand {hand.hand_number + 1} is a hold hand: nobody passes."
        to = names[self.receiver]
        return (f"Hand {hand.hand_number + 1}: {hand.pass_words()}. "
                f"{names[self.seat]}'s three cards go to {to}.")

    def chosen_line(self) -> str:
        hand, names = self.hand, self.hand.seat_names
        passed = hand.passed(self.seat)
        if hand.pass_direction == "hold":
            return "No pass this hand."
        if passed is not None:
            line = f"Passed to {names[self.receiver]}: {' '.join(c.pretty for c in passed)}."
            got = hand.received(self.seat)
            if got is not None:  # the pass is complete: say what the seat holds now
                line += (f" Received: {' '.join(c.pretty for c in got)}."
                         f" {names[self.seat]} now holds: {hand.cards(self.seat).pretty}")
            else:
                line += " Waiting for: " + ", ".join(names[s] for s in hand.to_pass) + "."
            return line
        chosen = " ".join(c.pretty for c in self.selected) or "none"
        return f"Chosen {len(self.selected)} of 3: {chosen}"

    def refresh(self) -> None:
        hand = self.hand
        self.direction_html.value = f"<b>{escape(self.direction_line())}</b>"
        # during the pass the hand is the dealt one; afterwards show what was dealt, greyed
        open_ = not self.done
        if self.row is not None:
            self._refresh_faces(open_)
        else:
            sync_buttons(self.cards_box, self.buttons, hand.dealt(self.seat), self._make)
            self._refresh_buttons(open_)
        self.chosen_html.value = f"<div>{escape(self.chosen_line())}</div>"
        self.confirm.disabled = not (open_ and len(self.selected) == 3)
        self.clear.disabled = not (open_ and self.selected)

    def _refresh_buttons(self, open_: bool) -> None:
        for key, b in self.buttons.items():
            card = Card(key)
            on = card in self.selected
            b.description = ("✓ " if on else "") + card.pretty
            b.button_style = "info" if on else ""
            b.disabled = not open_
            if open_:
                b.tooltip = f"{card.name} — {'chosen; click to unselect' if on else 'click to choose'}"
            else:
                b.tooltip = f"{card.name} — the pass is {'not needed' if self.hand.pass_direction == 'hold' else 'done'}"

    def _refresh_faces(self, open_: bool) -> None:
        assert self.row is not None
        faces = []
        for card in ordered(self.hand.dealt(self.seat)):
            on = card in self.selected
            if open_:
                tip = f"{card.name} — {'chosen; click to unselect' if on else 'click to choose'}"
            else:
                tip = f"{card.name} — the pass is {'not needed' if self.hand.pass_direction == 'hold' else 'done'}"
            faces.append(face_state(card, active=open_, selected=on, mark="✓ pass" if on else "", tooltip=tip,
                                    aria=f"{card.pretty}, {card.name}, " + ("chosen to pass" if on else "not chosen"),
                                    four_color=self.four_color))
        self.row.label = f"{self.hand.seat_names[self.seat]}'s cards: choose 3 to pass"
        if self.row.cards != faces:
            self.row.cards = faces
        self.buttons = {f["key"]: CardFace(self.row, f["key"]) for f in faces}

    def _make(self, card: Card) -> w.Button:
        b = card_button(card, self.four_color)
        b.on_click(lambda _b, c=card: self.toggle(c))
        return b

    def _say(self, text: str, kind: str = "info") -> str:
        self.last_message = text
        self.message.value = status_html(text, kind)
        return text

    # actions ------------------------------------------------------------------------------
    def toggle(self, card: CardLike) -> str:
        """Choose or unchoose ``card``; refuses a fourth card with a reason."""
        try:
            c = to_card(card)
        except HeartsError as e:
            return self._say(str(e), "error")
        if self.done:
            self.refresh()
            why = ("this is a hold hand: nobody passes" if self.hand.pass_direction == "hold"
                   else "the pass has already been made")
            return self._say(f"Can't choose {c.pretty}: {why}.", "error")
        if c not in self.hand.dealt(self.seat):
            why = taken_out(self.hand, c) or f"{self.hand.seat_names[self.seat]} does not hold it"
            return self._say(f"Can't choose {c.pretty}: {why}.", "error")
        if c in self.selected:
            self.selected.remove(c)
            msg = self._say(f"Unselected {c.pretty}.")
        elif len(self.selected) >= 3:
            msg = self._say(f"Can't choose {c.pretty}: a pass is exactly 3 cards and you have chosen "
                            f"{' '.join(x.pretty for x in self.selected)}. Unselect one first.", "error")
        else:
            self.selected.append(c)
            msg = self._say(f"Chose {c.pretty}." + (" Press Confirm pass." if len(self.selected) == 3 else ""))
        self.refresh()
        return msg

    def clear_selection(self) -> str:
        if self.done:
            return self._say("The pass has already been made.", "error")
        self.selected = []
        self.refresh()
        return self._say("Selection cleared.")

    def confirm_pass(self) -> str:
        """Hand the three chosen cards to the engine (which checks them again)."""
        if self.done:
            self.refresh()
            return self._say("Nothing to confirm: the pass is already done.", "error")
        if len(self.selected) != 3:
            return self._say(f"Choose exactly 3 cards to pass; you have chosen {len(self.selected)}.", "error")
        cards = CardList(self.selected)
        try:
            self.hand.pass_cards(self.seat, cards)
        except HeartsError as e:
            self.refresh()
            return self._say(str(e), "error")
        names = self.hand.seat_names
        msg = f"Passed {' '.join(c.pretty for c in cards)} to {names[self.receiver]}."
        if self.others is not None:
            players = [None if s == self.seat else p for s, p in enumerate(self.others)]
            driver.play(self.hand, players, stop=lambda h: h.phase is not Phase.PASS)  # the others choose theirs
            giver = pass_source(self.seat, self.hand.pass_direction, self.hand.table)
            got = self.hand.received(self.seat)
            if giver is not None and got is not None:  # a pass hand, now passed
                msg += f" Received from {names[giver]}: {' '.join(c.pretty for c in got)}."
        if self.on_confirm is not None:
            said = self.on_confirm(cards)
            if isinstance(said, str):
                msg = said
        if self.feedback is not None:
            extra = self.feedback(self.hand, self.seat, cards)
            if extra:
                msg += " " + extra
        self.selected = []
        self.refresh()
        return self._say(msg, "ok")

    def choose(self, cards: str | Sequence[CardLike]) -> str:
        """Text path: choose these cards (replacing any selection) and confirm."""
        if self.done:
            return self.confirm_pass()
        items = cards.replace(",", " ").split() if isinstance(cards, str) else list(cards)
        self.selected = []
        for c in items:
            before = len(self.selected)
            said = self.toggle(c)
            if len(self.selected) != before + 1:
                return said  # the refused card's reason, not "you have chosen 2"
        return self.confirm_pass()

    def text(self) -> str:
        """The picker as text. Once the cards have been exchanged, the second line is the hand as
        dealt and the chosen line says what the seat holds now (as the widget shows them)."""
        name = self.hand.seat_names[self.seat]
        swapped = self.hand.pass_direction != "hold" and self.hand.received(self.seat) is not None
        dealt = f"{name} was dealt" if swapped else name
        lines = [self.direction_line(), f"{dealt}: {self.hand.dealt(self.seat).pretty}", self.chosen_line()]
        if self.last_message:
            lines.append(self.last_message)
        return "\n".join(lines)
