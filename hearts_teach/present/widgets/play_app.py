"""``PlayApp``: the Play Hearts app (notebooks/play.ipynb, served by ``./dev play``).

Only the table and the controls a player needs: the opponents' level, the rules preset,
the number of players (3 to 6, ``docs/players.md``) and a new match. Every match is dealt from a seed that is shown, so it can be replayed:
"New match" draws the next seed from the project's ``Rng`` (the sequence is fixed by the
app's first seed, so a stored notebook run stays the same), "Replay seed" starts the seed
typed in the box.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Any

import ipywidgets as w

from hearts_teach.agents.hearts import ladder_levels, ladder_names
from hearts_teach.games.hearts.rules import REMOVED_CARDS, Rules
from hearts_teach.kernel.rng import Rng
from hearts_teach.kernel.validation import check_callable, check_choice, check_int
from hearts_teach.present.widgets.common import WidgetView, control_button
from hearts_teach.present.widgets.table import TableWidget, check_pause

SEED_LIMIT = 1_000_000  # seeds are drawn below this: short enough to read out and type


def close_tree(widget: Any) -> None:
    """Close a widget and everything inside it (frees the browser's views of an old table)."""
    for child in getattr(widget, "children", ()):
        close_tree(child)
    widget.close()


class PlayApp(WidgetView):
    """``PlayApp(seed=1, opponents="rule", preset="standard", players=4)``: a match at the table,
    with controls for the opponents, the rules, the number of players and new matches.

    - ``trick_pause`` / ``hint_fn``: passed to every ``TableWidget`` (tests use 0 and a stub).
    - Parts: ``level``, ``preset`` and ``players_box`` (dropdowns), ``seed_box``, ``buttons`` (new_match,
      replay), ``seed_html`` (the replay line), ``table`` (the current ``TableWidget``).
    """

    def __init__(self, seed: int = 1, opponents: str = "rule", preset: str = "standard", *,
                 players: int = 4, trick_pause: float | None = None, hint_fn: Callable[[Any], Any] | None = None):
        check_int(seed, "seed", 0, SEED_LIMIT - 1)
        check_choice(opponents, "opponents", ladder_names())
        check_choice(preset, "preset", tuple(Rules.presets()))
        check_int(players, "players", min(REMOVED_CARDS), max(REMOVED_CARDS))
        check_pause(trick_pause)
        if hint_fn is not None:
            check_callable(hint_fn, "hint_fn")
        self.first_seed = seed
        self.seeds = Rng(f"play-app/{seed}")  # the stream "New match" draws from
        self.trick_pause = trick_pause
        self.hint_fn = hint_fn
        wide = {"description_width": "initial"}
        levels = ladder_levels()  # the registry's ladder: (name, label, one line), weakest first
        self.level = w.Dropdown(options=[(label, name) for name, label, _text in levels], value=opponents,
                                description="Opponents", style=wide,
                                tooltip="How strong the bots are, weakest first (applies to the next match). "
                                        + " ".join(f"{label}: {text}." for _name, label, text in levels),
                                layout=w.Layout(width="190px"))
        self.preset = w.Dropdown(options=list(Rules.presets()), value=preset, description="Rules", style=wide,
                                 tooltip="The rules preset (applies to the next match)",
                                 layout=w.Layout(width="210px"))
        self.players_box = w.Dropdown(options=sorted(REMOVED_CARDS), value=players, description="Players",
                                      style=wide, layout=w.Layout(width="130px"),
                                      tooltip="How many seats at the table, you included (applies to the next match)")
        self.seed_box = w.BoundedIntText(value=seed, min=0, max=SEED_LIMIT - 1, description="Seed", style=wide,
                                         tooltip="The deal's seed: the same seed replays the same match",
                                         layout=w.Layout(width="160px"))
        self.buttons = {
            "new_match": control_button("New match", "Start a new match with a fresh seed (shown in the Seed box)",
                                        "ht-new-match"),
            "replay": control_button("Replay seed", "Start a match with the seed in the Seed box: the same "
                                     "deals and the same bots as before", "ht-replay"),
        }
        self.buttons["new_match"].on_click(lambda _b: self.new_match())
        self.buttons["replay"].on_click(lambda _b: self.replay())
        # a changed dropdown says at once that it waits for the next match (phones have no tooltips)
        self.level.observe(lambda _c: self._show_seed_line(), names="value")
        self.preset.observe(lambda _c: self._show_seed_line(), names="value")
        self.players_box.observe(lambda _c: self._show_seed_line(), names="value")
        self.seed_html = w.HTML()
        self.seed_html.add_class("ht-seed-line")
        title = w.HTML("<h1 style='font-size:1.4em;margin:4px 0'>Play Hearts</h1>")
        controls = w.HBox([self.level, self.preset, self.players_box, self.seed_box, *self.buttons.values()],
                          layout=w.Layout(flex_flow="row wrap", align_items="center"))
        controls.add_class("ht-app-controls")
        self.holder = w.VBox()
        self.widget = w.VBox([title, controls, self.seed_html, self.holder])
        self.widget.add_class("ht-app")
        self.table: TableWidget
        self.left_note = ""  # the match given up by the last New match / Replay seed, if any
        self.start(seed)

    def start(self, seed: int) -> str:
        """Start a match from ``seed`` with the chosen opponents and rules."""
        check_int(seed, "seed", 0, SEED_LIMIT - 1)
        old = getattr(self, "table", None)
        # the box shows the seed at once: strong bots take a moment to choose their passes, and
        # a seed typed meanwhile must not be overwritten when the deal is ready
        self.seed_box.value = seed
        if old is not None:
            self.seed_html.value = f"<div>Dealing the match of seed {seed}…</div>"
        self.left_note = self._left_note(old)
        self.seed = seed
        self.opponents, self.rules_name, self.players = self.level.value, self.preset.value, self.players_box.value
        self.table = TableWidget(seed, opponents=self.opponents, rules=self.rules(),
                                 trick_pause=self.trick_pause, hint_fn=self.hint_fn)
        self.holder.children = (self.table.widget,)
        if old is not None:
            close_tree(old.widget)
        self._show_seed_line()
        return self.replay_line()

    def rules(self) -> Rules:
        """The rules of the match being played: the preset at the chosen table size."""
        return Rules.preset(self.rules_name).replace(players=self.players)

    def _setting(self, last: str = ", ") -> str:
        """'opponents rule, rules standard' (and '5 players' away from the four-player table);
        ``last`` joins the final item ('opponents rule and rules standard')."""
        parts = [f"opponents {self.opponents}", f"rules {self.rules_name}"]
        if self.players != 4:
            parts.append(f"{self.players} players")
        return ", ".join(parts[:-1]) + last + parts[-1]

    def _left_note(self, old: TableWidget | None) -> str:
        """A match given up half-way is named, so it can be dealt again (nothing asks first)."""
        if old is None or old.match is None or old.match.is_over:
            return ""
        hand = old.hand
        if not old.match.finished_hands and not any(a.seat == old.you for a in hand.history):
            return ""  # nothing done yet: nothing lost
        return (f"You left the match of seed {self.seed} ({self._setting()}) "
                f"in hand {hand.hand_number + 1}; Replay seed with {self.seed} deals it again from hand 1.")

    def rules_note(self) -> str:
        """What the current preset changes from the standard rules ('' for standard)."""
        standard = set(Rules.preset("standard").describe().splitlines())
        changed = [line for line in self.rules().describe().splitlines() if line not in standard]
        return "Unlike the standard rules — " + "; ".join(changed) + "." if changed else ""

    def pending_note(self) -> str:
        """Dropdown choices that differ from the match being played wait for the next match."""
        waiting = [f"{what} {new}" for what, new, now in (("opponents", self.level.value, self.opponents),
                                                          ("rules", self.preset.value, self.rules_name))
                   if new != now]
        if self.players_box.value != self.players:
            waiting.append(f"{self.players_box.value} players")
        if not waiting:
            return ""
        head = " and ".join(waiting)
        return (head[0].upper() + head[1:] + " will apply from the next match: press New match or Replay seed. "
                f"This match goes on with {self._setting(' and ')}.")

    def _show_seed_line(self) -> None:
        lines = [f"<div>{escape(self.replay_line())}</div>"]
        if self.rules_note():
            lines.append(f"<div>{escape(self.rules_note())}</div>")
        if self.left_note:
            lines.append(f"<div>{escape(self.left_note)}</div>")
        if self.pending_note():
            lines.append(f"<div class='ht-pending' role='status'><b>{escape(self.pending_note())}</b></div>")
        self.seed_html.value = "".join(lines)

    def new_match(self) -> str:
        """A fresh seed from the app's ``Rng`` stream, shown in the Seed box."""
        return self.start(self.seeds.randbelow(SEED_LIMIT))

    def replay(self) -> str:
        """Start (again) the match of the seed in the box."""
        return self.start(int(self.seed_box.value))

    def replay_line(self) -> str:
        table = f" · {self.players} players" if self.players != 4 else ""
        players = f".replace(players={self.players})" if self.players != 4 else ""
        return (f"Match seed {self.seed} · opponents {self.opponents} · rules {self.rules_name}{table}. "
                f"Same match in Python: TableWidget(seed={self.seed}, opponents={self.opponents!r}, "
                f"rules=Rules.preset({self.rules_name!r}){players})")

    def text(self) -> str:
        notes = [n for n in (self.rules_note(), self.left_note, self.pending_note()) if n]
        return "\n".join(["Play Hearts", self.replay_line(), *notes, self.table.text()])
