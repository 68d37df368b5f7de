"""``PlayApp``: the Play Hearts app (notebooks/play.ipynb, served by ``./dev play``).

Only the table and the controls a player needs: the opponents' level, the rules preset,
the number of players (3 to 6, ``docs/players.md``) and a new match. Every match is dealt from a
seed that is shown, so it can be replayed: the first match of a visit gets a fresh seed
(``PlayApp()``; ``HEARTS_PLAY_SEED`` or ``seed=`` fixes it), "New match" draws the next seed from
the project's ``Rng`` seeded by it, "Replay seed" starts the seed typed in the box.

The match in progress is stored in the learner database after every action, so a reload
(a new visit) offers "Continue" or a new match. The verdict marks and the hand reviews
come from the table (``TableWidget``); ``app.review`` is the current hand's review.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from html import escape
from typing import Any

import anywidget
import ipywidgets as w

from hearts_teach.agents.hearts import ladder_levels, ladder_names
from hearts_teach.agents.review import HandReview
from hearts_teach.games.hearts.hand import Phase
from hearts_teach.games.hearts.match import Match
from hearts_teach.games.hearts.rules import REMOVED_CARDS, Rules
from hearts_teach.kernel.cards import CardList
from hearts_teach.kernel.errors import RecordError
from hearts_teach.kernel.rng import Rng
from hearts_teach.kernel.validation import check_callable, check_choice, check_int
from hearts_teach.present.widgets import learner_store
from hearts_teach.present.widgets.common import WidgetView, control_button
from hearts_teach.present.widgets.snapshot import snapshot_html
from hearts_teach.present.widgets.table import TableWidget, check_pause

SEED_LIMIT = 1_000_000  # seeds are drawn below this: short enough to read out and type
RECORD_VERSION = 1  # of the stored match record

# The presets in plain words: a name each (what they change comes from the engine, ``preset_line``);
# the levels' plain names and lines come from the bot registry (``ladder_levels``).
PRESET_NAMES = {
    "standard": "Standard", "omnibus": "Omnibus (J♦ −10)", "no_pass": "No passing",
    "queen_breaks": "Queen breaks hearts", "new_moon": "New moon", "first_trick_points": "Points on trick 1",
    "queen_waits": "The queen waits",
}


def levels() -> dict[str, tuple[str, str]]:
    """Level name → (plain name, one line), weakest first: the learner's ladder of the bot registry."""
    return {name: (label, line) for name, label, line in ladder_levels()}


def changed_lines(rules: Rules) -> list[str]:
    """The lines of ``rules.describe()`` that the standard rules do not have, in order."""
    standard = set(Rules.preset("standard").describe().splitlines())
    return [line for line in rules.describe().splitlines() if line not in standard]


def preset_line(name: str) -> str:
    """What a preset changes, in the engine's own words ('the usual rules' for standard)."""
    changed = changed_lines(Rules.preset(name))
    # the engine's line may start with the preset's own name ("Omnibus: the J♦ counts −10"), which
    # the choice line has just said
    label = PRESET_NAMES.get(name, name).split(" (")[0]
    changed = [line.removeprefix(f"{label}: ") for line in changed]
    return "; ".join(changed) if changed else "the usual rules"


def how_a_hand_goes(rules: Rules) -> list[str]:
    """The rules every preset shares, in a few plain lines, with this table's numbers (the
    cards dealt and the opening card come from the engine's ``Rules``); what the preset sets
    (passing, the first trick, breaking hearts, the moon, the end) is ``rules.describe()``."""
    opening = CardList.from_mask(rules.opening_mask)[0].pretty
    removed = CardList.from_mask(rules.removed_mask)
    out = f" ({' '.join(c.pretty for c in removed)} taken out)" if removed else ""
    return [f"Each player gets {rules.hand_size} cards{out}.",
            f"Whoever holds the {opening} leads it to the first trick.",
            "Everyone must follow the suit led if they can; a player with none of it may play any card "
            "(except on the first trick, below).",
            "The highest card of the suit led takes the trick, and whoever took it leads the next one.",
            "A heart may be led only once hearts are broken, unless the leader holds nothing but hearts.",
            "Every heart you take counts 1 point and the Q♠ 13: the aim is to take as few points as you can."]


def fresh_seed() -> int:
    """A new visit's first seed: ``HEARTS_PLAY_SEED`` when set (a class all on one deal, the
    browser tests), else drawn from the project's ``Rng`` seeded by the OS's randomness."""
    fixed = os.environ.get("HEARTS_PLAY_SEED", "").strip()
    if fixed.isdigit() and int(fixed) < SEED_LIMIT:
        return int(fixed)
    return Rng(os.urandom(16).hex()).randbelow(SEED_LIMIT)


class PageBeacon(anywidget.AnyWidget):
    """Draws nothing; tells Python when a page shows the app (a preheated kernel ran the
    notebook before the visit, so the stored match is looked up again then)."""

    _esm = """export default { render({ model }) { model.send({ event: "shown" }); } };"""

    def __init__(self, on_shown: Callable[[], Any], **kwargs: Any):
        super().__init__(**kwargs)
        self.on_msg(lambda _w, content, _b: on_shown() if isinstance(content, dict)
                    and content.get("event") == "shown" else None)


class PlayApp(WidgetView):
    """``PlayApp(seed=None, opponents="rule", preset="standard", players=4)``: a match at the
    table, with controls for the opponents, the rules, the number of players and new matches.

    - ``seed``: the first match's seed (None: a fresh one, see ``fresh_seed``).
    - ``resume``: look for a stored match in progress and offer to continue it (the default
      when no seed is given); every action stores the match being played.
    - ``trick_pause`` / ``hint_fn``: passed to every ``TableWidget`` (tests use 0 and a stub).
    - ``practise``: makes the drills of your saved mistakes (``course.my_drills.MyDrills``, given
      by the notebook: the app's layer cannot import the course's); with it, a "Practise my
      mistakes" button opens them under the controls (``practise_mistakes()``).
    - Parts: ``level``, ``preset`` and ``players_box`` (dropdowns), ``seed_box``, ``buttons`` (new_match,
      replay), ``seed_html`` (the replay line), ``table`` (the current ``TableWidget``).
    """

    def __init__(self, seed: int | None = None, opponents: str = "rule", preset: str = "standard", *,
                 players: int = 4, trick_pause: float | None = None, hint_fn: Callable[[Any], Any] | None = None,
                 resume: bool | None = None, practise: Callable[[], Any] | None = None):
        resume = seed is None if resume is None else resume
        seed = fresh_seed() if seed is None else seed
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
        self.resume = resume
        wide = {"description_width": "initial"}
        self.level = w.Dropdown(options=[(label, name) for name, (label, _l) in levels().items()], value=opponents,
                                description="Opponents", style=wide,
                                tooltip="How strong the bots are, weakest first (applies to the next match). "
                                        + " ".join(f"{label}: {text}." for label, text in levels().values()),
                                layout=w.Layout(width="230px"))
        self.preset = w.Dropdown(options=[(PRESET_NAMES.get(p, p), p) for p in Rules.presets()], value=preset,
                                 description="Rules", style=wide,
                                 tooltip="The rules preset (applies to the next match)",
                                 layout=w.Layout(width="260px"))
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
        self.practise = practise
        if practise is not None:
            self.buttons["practise"] = control_button("Practise my mistakes", "Drills made of your decisions the "
                                                      "coach graded inaccuracy or worse, when they are due",
                                                      "ht-practise")
            self.buttons["practise"].on_click(lambda _b: self.practise_mistakes())
        self.drills_box = w.VBox()
        self.drills_box.add_class("ht-my-drills")
        self.drills: Any = None
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
        self.offer_html = w.HTML()
        self.offer_html.add_class("ht-offer")
        self.offer_buttons = {
            "continue": control_button("Continue", "Continue the match you were playing", "ht-continue"),
            "fresh": control_button("New match", "Start a new match (the stored one is forgotten once you "
                                    "play)", "ht-fresh"),
        }
        self.offer_buttons["continue"].on_click(lambda _b: self.continue_match())
        self.offer_buttons["fresh"].on_click(lambda _b: self.decline())
        self.offer = w.VBox([self.offer_html, w.HBox(list(self.offer_buttons.values()))])
        self.offer.add_class("ht-offer-box")
        self.offer.layout.display = "none"
        self.store_note = ""
        self.saved: dict | None = None  # the stored match offered for "Continue"
        self.beacon = PageBeacon(self._on_shown)
        self.widget = w.VBox([title, controls, self.seed_html, self.drills_box, self.offer, self.holder, self.beacon])
        self.widget.add_class("ht-app")
        self.table: TableWidget
        self.left_note = ""  # the match given up by the last New match / Replay seed, if any
        self.start(seed)
        if resume:
            self.check_saved()

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
        self.saved = None
        self.offer.layout.display = "none"
        self._use(TableWidget(seed, opponents=self.opponents, rules=self.rules(), trick_pause=self.trick_pause,
                              hint_fn=self.hint_fn), old)
        return self.replay_line()

    def _use(self, table: TableWidget, old: TableWidget | None) -> None:
        self.table = table
        table.on_action = self._store
        self.holder.children = (table.widget,)
        if old is not None:
            old.close()
        self._show_seed_line()

    # the stored match --------------------------------------------------------------------------
    def record(self) -> dict[str, Any]:
        """The match in progress as stored: enough to rebuild the table where it is."""
        table = self.table
        hand = table.hand
        mine = [k[1] for k in table.review_panel._current(hand)]
        assert table.match is not None  # the app's table always plays a match
        return {"version": RECORD_VERSION, "seed": self.seed, "opponents": self.opponents,
                "preset": self.rules_name, "players": self.players, "match": table.match.to_record(),
                "autopilot_hands": sorted(table.autopilot_hands), "mine": mine,
                # the finished hands' reviews, so the match's review still has them after a reload
                "reviews": [r.to_record() for n, r in sorted(table.review_panel.reviews.items())
                            if n < hand.hand_number]}

    def _store(self, table: TableWidget) -> None:
        """After every action: store the match (nothing before your first action, and nothing
        while a stored match is offered: an untouched new deal never replaces it)."""
        if table is not self.table or self.saved is not None or table.match is None:
            return
        match = table.match
        if not match.finished_hands and not any(a.seat == table.you for a in table.hand.history):
            return
        self.store_note = learner_store.set_state(learner_store.APP_KEY, None if match.is_over else self.record())

    def check_saved(self) -> bool:
        """Offer "Continue" when a match in progress is stored and this page has not started
        playing yet; True when the offer is shown."""
        rec = learner_store.get_state(learner_store.APP_KEY)
        table = getattr(self, "table", None)
        touched = table is not None and (table.match is None or table.match.finished_hands
                                         or any(a.seat == table.you for a in table.hand.history))
        if touched:
            return False
        try:
            if not isinstance(rec, dict) or rec.get("version") != RECORD_VERSION:
                raise ValueError("no stored match")
            match = Match.from_record(rec["match"])
        except Exception:  # noqa: BLE001 - nothing stored (any more), or a record we cannot read
            if self.saved is not None:  # a preheated kernel's offer, gone stale by the visit
                self.decline()
            return False
        self.saved = rec
        hand = match.hand
        self.offer_html.value = (f"<div role='status'><b>You have a match in progress</b>: seed {rec['seed']}, "
                                 f"hand {hand.hand_number + 1}, opponents {escape(levels()[rec['opponents']][0])}, "
                                 f"totals {escape(', '.join(map(str, match.totals)))}. Continue it, or "
                                 f"start a new match (seed {self.seed}).</div>")
        self.offer.layout.display = ""
        self.holder.layout.display = "none"
        self.offer_buttons["continue"].focus()
        return True

    def practise_mistakes(self) -> Any:
        """Open the drills of your saved mistakes that are due (above the table); returns the session."""
        if self.practise is None:
            return None
        if self.drills is not None:
            self.drills.widget.close()
        self.drills = self.practise()
        close = control_button("Close drills", "Back to the table", "ht-close-drills")
        close.on_click(lambda _b: self.close_drills())
        self.drills_box.children = (self.drills.widget, close)
        return self.drills

    def close_drills(self) -> None:
        self.drills_box.children = ()
        self.drills = None

    def _on_shown(self) -> None:
        if self.resume:
            self.check_saved()

    def continue_match(self) -> str:
        """Rebuild the stored match where it was (from the offer's Continue)."""
        rec = self.saved
        if rec is None:
            return "There is no stored match to continue."
        self.level.value, self.preset.value, self.players_box.value = rec["opponents"], rec["preset"], rec["players"]
        self.seed = self.seed_box.value = rec["seed"]
        self.opponents, self.rules_name, self.players = rec["opponents"], rec["preset"], rec["players"]
        self.left_note = ""
        table = TableWidget(self.seed, opponents=self.opponents, match=Match.from_record(rec["match"]),
                            trick_pause=self.trick_pause, hint_fn=self.hint_fn)
        table.autopilot_hands.update(rec.get("autopilot_hands", ()))
        for kept in rec.get("reviews", ()):
            try:
                review = HandReview.from_record(kept)
            except RecordError:  # a review that cannot be read is left out; the match goes on
                continue
            table.review_panel.reviews[review.hand_number] = review
            table.review_panel.saved.add(review.hand_number)  # its mistakes were saved as drills then
        for index in rec.get("mine", ()):
            if index < len(table.hand.history) and table.hand.history[index].seat == table.you:
                table.review_panel.record(table.hand, index)
        table._log(f"Continued the stored match of seed {self.seed} in hand {table.hand.hand_number + 1}.")
        self.saved = None
        self.offer.layout.display = "none"
        self.holder.layout.display = ""
        self._use(table, self.table)
        table.refresh()
        table._focus_cards()
        return f"Continued the match of seed {self.seed} in hand {table.hand.hand_number + 1}."

    def decline(self) -> str:
        """Play the new match instead (the stored one is replaced at your first action)."""
        self.saved = None
        self.offer.layout.display = "none"
        self.holder.layout.display = ""
        self.table._focus_cards()
        return f"New match, seed {self.seed}."

    def rules(self) -> Rules:
        """The rules of the match being played: the preset at the chosen table size."""
        return Rules.preset(self.rules_name).replace(players=self.players)

    def _setting(self, last: str = ", ") -> str:
        """'opponents rule, rules standard' (and '5 players' away from the four-player table);
        ``last`` joins the final item ('opponents rule and rules standard')."""
        parts = [f"opponents {levels()[self.opponents][0]}", f"rules {PRESET_NAMES.get(self.rules_name, self.rules_name)}"]
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
        changed = changed_lines(self.rules())
        return "Unlike the standard rules — " + "; ".join(changed) + "." if changed else ""

    def pending_note(self) -> str:
        """Dropdown choices that differ from the match being played wait for the next match."""
        waiting = [f"{what} {label}" for what, new, now, label in (
            ("opponents", self.level.value, self.opponents, levels()[self.level.value][0]),
            ("rules", self.preset.value, self.rules_name, PRESET_NAMES.get(self.preset.value, self.preset.value)))
                   if new != now]
        if self.players_box.value != self.players:
            waiting.append(f"{self.players_box.value} players")
        if not waiting:
            return ""
        head = " and ".join(waiting)
        return (head[0].upper() + head[1:] + " will apply from the next match: press New match or Replay seed. "
                f"This match goes on with {self._setting(' and ')}.")

    def _show_seed_line(self) -> None:
        lines = [f"<div>{escape(self.match_line())}</div>",
                 f"<div>{escape(self.choice_line())}</div>",
                 "<details class='ht-rules'><summary>Rules</summary><div><b>How a hand goes</b></div><ul>"
                 + "".join(f"<li>{escape(r)}</li>" for r in how_a_hand_goes(self.rules()))
                 + f"</ul><div><b>This table's rules ({escape(PRESET_NAMES.get(self.rules_name, self.rules_name))})"
                 "</b></div><ul>"
                 + "".join(f"<li>{escape(r)}</li>" for r in self.rules().describe().splitlines())
                 + "</ul></details>",
                 f"<details class='ht-details'><summary>Details</summary><div>{escape(self.python_line())}"
                 "</div></details>"]
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

    def match_line(self) -> str:
        table = f" · {self.players} players" if self.players != 4 else ""
        return (f"Match seed {self.seed} · opponents {levels()[self.opponents][0]} · "
                f"rules {PRESET_NAMES.get(self.rules_name, self.rules_name)}{table}")

    def choice_line(self) -> str:
        """The chosen level and preset in one line each (the dropdowns show only names)."""
        level, what = levels()[self.level.value]
        return (f"{level}: {what}. {PRESET_NAMES.get(self.preset.value, self.preset.value)}: "
                f"{preset_line(self.preset.value)}.")

    def python_line(self) -> str:
        players = f".replace(players={self.players})" if self.players != 4 else ""
        return (f"Same match in Python: TableWidget(seed={self.seed}, opponents={self.opponents!r}, "
                f"rules=Rules.preset({self.rules_name!r}){players})")

    def replay_line(self) -> str:
        return f"{self.match_line()}. {self.python_line()}"

    @property
    def review(self) -> Any:
        """The review of the current hand (``HandReview``; ``print(app.review)``)."""
        return self.table.review

    def offer_text(self) -> str:
        assert self.saved is not None
        return f"A match in progress is stored (seed {self.saved['seed']}): Continue, or New match."

    def snapshot(self) -> str:
        """The app's screen as still HTML (``widgets.snapshot``): what Voilà's page shows
        before its scripts and the kernel are ready, and an HTML export shows for good."""
        if self.saved is not None:
            return snapshot_html("Play Hearts", [self.offer_text()], [], "")
        table = self.table
        picking = table.hand.phase is Phase.PASS
        row = table.pass_picker.row if picking else table.hand_widget.row
        faces = row.cards if row is not None else []
        label = row.label if row is not None else ""
        return snapshot_html("Play Hearts", [self.match_line(), table.status_line()], faces, label)

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, Any]:
        bundle = super()._repr_mimebundle_(include=include, exclude=exclude)
        return dict(bundle, **{"text/html": self.snapshot()})

    def text(self) -> str:
        notes = [n for n in (self.rules_note(), self.left_note, self.pending_note(), self.store_note) if n]
        if self.saved is not None:
            return "\n".join(["Play Hearts", self.offer_text()])
        return "\n".join(["Play Hearts", self.replay_line(), *notes, self.table.text()])
