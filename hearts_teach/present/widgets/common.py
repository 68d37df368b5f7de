"""Shared pieces of the widgets: card buttons, the message line, and the display protocol.

Every widget is a plain Python object that owns an ipywidgets tree in ``.widget`` and
exposes its parts (``buttons`` etc.) for tests. ``text()`` gives the same state as text;
that is what notebooks print and nbval compares.

Widget code never prints: it writes with ``HTML.value``, ``Output.append_stdout`` and
``Output.outputs = ()`` so that cells driving a widget stay comparable under nbval.
"""

from __future__ import annotations

from collections.abc import Iterable
from html import escape
from typing import Any

import ipywidgets as w

from hearts_teach.kernel.cards import Card
from hearts_teach.present.render import ordered, suit_color

CARD_LAYOUT = {"width": "3.4em", "height": "2.3em", "margin": "1px", "padding": "0"}


def card_button(card: Card, four_color: bool | None = None) -> w.Button:
    """A button for one card: rank and suit symbol as its text, the full name as tooltip.

    The suit colour is a second cue only; the text always names the card.
    """
    b = w.Button(description=card.pretty, tooltip=card.name, layout=w.Layout(**CARD_LAYOUT))
    b.style.text_color = suit_color(card.suit, four_color)
    b.style.font_weight = "bold"
    b.add_class("ht-card-button")
    b.add_class(f"ht-card-{card}")
    return b


def control_button(description: str, tooltip: str, css: str = "") -> w.Button:
    """A control button; every button has visible text and a tooltip."""
    b = w.Button(description=description, tooltip=tooltip, layout=w.Layout(width="auto"))
    if css:
        b.add_class(css)
    return b


def sentence(text: str) -> str:
    """Capitalise and close a clause so reasons read as sentences in feedback."""
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text[-1] in ".!?" else text + "."


def status_html(text: str, kind: str = "info") -> str:
    """A message line; the prefix word carries the meaning, the colour only repeats it."""
    color = {"info": "#222", "ok": "#1b6e1b", "error": "#a00000", "hint": "#1a2a6e"}[kind]
    back = "background:#eef0ff;padding:2px 4px;" if kind == "hint" and text else ""
    return (f'<div role="status" aria-live="polite" style="color:{color};min-height:1.4em;{back}">'
            f"{escape(text)}</div>")


def sync_buttons(box: w.Box, buttons: dict[str, w.Button], cards: Iterable[Card],
                 make: Any) -> None:
    """Make ``box`` hold one button per card in display order (keyboard focus follows it).

    Buttons of cards still held are reused, so a browser keeps its widgets; buttons of
    cards that left the hand are dropped from ``buttons``.
    """
    wanted = ordered(cards)
    keys = [str(c) for c in wanted]
    for k in [k for k in buttons if k not in keys]:
        buttons.pop(k).close()
    for c in wanted:
        if str(c) not in buttons:
            buttons[str(c)] = make(c)
    # keep the dict in display order too, so iterating it follows the focus order
    ordered_items = [(k, buttons[k]) for k in keys]
    buttons.clear()
    buttons.update(ordered_items)
    children = tuple(b for _k, b in ordered_items)
    if box.children != children:
        box.children = children


class WidgetView:
    """Display protocol shared by the widgets: shows ``.widget``; ``text/plain`` is ``text()``."""

    widget: w.Widget

    def text(self) -> str:  # pragma: no cover - every subclass overrides it
        raise NotImplementedError

    def __str__(self) -> str:
        return self.text()

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, Any]:
        bundle = self.widget._repr_mimebundle_(include=include, exclude=exclude)
        return dict(bundle or {}, **{"text/plain": self.text()})
