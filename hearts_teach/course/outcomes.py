"""``Outcomes``: one button per option; a click plays that option out and shows what followed.

For lessons that compare choices on a fixed deal ("play it with the pass", "play it without"):
each option is a function returning its outcome as text, run only when clicked, so a lesson
arrives with nothing shown yet. ``show(label)`` is the text path; ``text()`` is what is shown.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from html import escape

from hearts_teach.kernel.errors import ArgumentError
from hearts_teach.present.widgets.common import WidgetView


class Outcomes(WidgetView):
    def __init__(self, options: Mapping[str, Callable[[], str]], prompt: str = ""):
        import ipywidgets as w

        if not options:
            raise ArgumentError("Outcomes needs at least one option", argument="options")
        self.options = dict(options)
        self.prompt = prompt
        self.shown = ""
        self.buttons = {}
        for label in self.options:
            b = w.Button(description=label, tooltip=f"Show what happens: {label}", layout=w.Layout(width="auto"))
            b.on_click(lambda _b, label=label: self.show(label))
            self.buttons[label] = b
        self.output = w.HTML()
        self.widget = w.VBox([w.HTML(f"<b>{escape(prompt)}</b>"), w.HBox(list(self.buttons.values())), self.output])

    def show(self, label: str) -> str:
        """Run option ``label`` and show its outcome (the text path of a click)."""
        if label not in self.options:
            raise ArgumentError(f"no option {label!r}; the options are: {', '.join(self.options)}",
                                argument="label")
        self.shown = f"{label}:\n{self.options[label]()}"
        self.output.value = f"<pre>{escape(self.shown)}</pre>"
        return self.shown

    def text(self) -> str:
        head = [self.prompt] if self.prompt else []
        head.append("Options: " + " · ".join(self.options))
        return "\n".join(head + [self.shown or "(nothing shown yet: click an option)"])
