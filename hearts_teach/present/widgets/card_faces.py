"""Card faces drawn in the browser: your hand (``CardRow``) and the trick on the table (``TrickBoard``).

Both are anywidget widgets: the JavaScript and CSS live in this file as strings, so they
work offline, in JupyterLab and in Voilà, with nothing to build. Python decides everything
(which cards are playable, the reason a card is not, which card is newest); the browser only
draws that state and sends clicks back. A click travels as the custom message
``{"event": "click", "key": "QS", "seq": 7}`` (``seq`` numbers the cards the click was made
on: Python drops a click on cards it has redrawn since); ``CardFace.click()`` sends the very
same message through the widget's message handler, so tests drive the code path a browser uses.

Every face shows rank and suit symbol as text, red or black, and carries an accessible
label; colour is never the only cue.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import anywidget
import traitlets as t

from hearts_teach.kernel.cards import Card
from hearts_teach.kernel.table import SEAT_NAMES
from hearts_teach.present.render import suit_color

# The table's look: cards, the compass, and narrow-screen rules for the rest of the table.
CSS = r"""
.ht-table, .ht-app { font-family: sans-serif; max-width: 100%; box-sizing: border-box; }
.ht-table *, .ht-app * { box-sizing: border-box; }
/* ipywidgets gives HTML a 28 px line (one control high): wrapped text needs a text line */
.ht-table .widget-html-content, .ht-app .widget-html-content { white-space: normal; line-height: 1.4; }
.ht-app .ht-pending { color: #7a4a00; }
.ht-app .widget-dropdown select, .ht-app .widget-text input { min-height: 44px; font-size: 15px; }
/* ipywidgets fixes a dropdown's box at 28 px: a 44 px select would spill out of it and under the next line */
.ht-app .widget-dropdown, .ht-table .widget-dropdown { height: auto; }
.ht-table .widget-checkbox { min-height: 44px; display: flex; align-items: center; }
.ht-table .widget-checkbox label { display: flex; align-items: center; gap: 6px; min-height: 44px; }
.ht-table .widget-checkbox input { width: 22px; height: 22px; margin: 0; }
.ht-app .jupyter-button { min-height: 44px; }
.ht-app .widget-inline-hbox { max-width: 100%; }
.htc-row { display: flex; flex-wrap: wrap; gap: 4px; padding: 10px 2px 4px; max-width: 100%;
  container-type: inline-size; }
.htc-card { position: relative; width: 52px; height: 72px; min-width: 44px; min-height: 44px;
  margin: 0; padding: 4px 5px; border: 1px solid #555; border-radius: 7px; background: #fff;
  font: bold 19px/1.05 sans-serif; display: flex; flex-direction: column; align-items: flex-start;
  cursor: pointer; box-shadow: 0 1px 2px rgba(0,0,0,.35); transition: transform .12s; }
.htc-card .htc-suit { font-size: 25px; align-self: center; margin-top: 2px; }
.htc-card.htc-active { transform: translateY(-7px); border: 2px solid #1d4f91;
  box-shadow: 0 4px 7px rgba(0,0,0,.35); }
.htc-card.htc-inactive { background: #ececec; border-style: dashed; }
.htc-card.htc-selected { background: #dbe9ff; border: 3px solid #1d4f91; }
.htc-card:focus-visible, .htc-card:focus { outline: 3px solid #0b57d0; outline-offset: 2px; }
/* a 3 px ring (#0b57d0: 6.6:1 on white) on every control of the table and the app */
.ht-app button:focus-visible, .ht-table button:focus-visible, .ht-app select:focus-visible,
.ht-table select:focus-visible, .ht-app input:focus-visible, .ht-table input:focus-visible,
.ht-app summary:focus-visible, .ht-table summary:focus-visible, .ht-app a:focus-visible,
.ht-table a:focus-visible { outline: 3px solid #0b57d0 !important; outline-offset: 2px; }
.htc-card .htc-mark { position: absolute; left: 2px; right: 2px; bottom: 2px; font-size: 10px;
  font-weight: bold; color: #111; background: #ffe58a; border-radius: 3px; text-align: center; }
@container (max-width: 560px) {
  .htc-card { width: 46px; height: 62px; font-size: 17px; }
  .htc-card .htc-suit { font-size: 21px; }
}
.htb { display: flex; flex-wrap: wrap; gap: 10px; max-width: 100%; }
.htb-compass { border: 1px solid #bbb; border-radius: 8px; padding: 4px 6px; background: #f3f8f3;
  width: 200px; max-width: 100%; }
.htb-compass.htb-done { background: #fff7d6; }
.htb-title { font-weight: bold; font-size: 14px; min-height: 2.4em; }
.htb-grid { display: grid; grid-template-columns: repeat(3, 1fr); grid-template-rows: repeat(3, auto);
  align-items: center; justify-items: center; gap: 2px; }
.htb-cell { text-align: center; font-size: 12px; min-height: 20px; }
.htb-n { grid-column: 2; grid-row: 1; } .htb-w { grid-column: 1; grid-row: 2; }
.htb-e { grid-column: 3; grid-row: 2; } .htb-s { grid-column: 2; grid-row: 3; }
.htb-nw { grid-column: 1; grid-row: 1; } .htb-ne { grid-column: 3; grid-row: 1; }
.htb-sw { grid-column: 1; grid-row: 3; } .htb-se { grid-column: 3; grid-row: 3; }
.htb-face { display: inline-block; min-width: 40px; padding: 3px 4px; border: 1px solid #555;
  border-radius: 5px; background: #fff; font: bold 17px/1.1 sans-serif; }
.htb-newest .htb-face { outline: 3px solid #0b57d0; outline-offset: 1px; }
.htb-note { display: block; font-size: 11px; color: #222; }
.htb-cell > .htb-note:first-child { margin-bottom: 4px; }
.htb-none { font-size: 13px; color: #333; padding: 4px 0; }
.ht-app .ht-seed-line { font-size: 13px; color: #333; }
.ht-table .ht-seats table { border-collapse: collapse; font-size: 13px; }
.ht-table .ht-seats th, .ht-table .ht-seats td { padding: 1px 5px !important; }
.ht-table .ht-score-table table td, .ht-table .ht-score-table table th { padding: 2px 6px !important; }
.ht-table .ht-log-box { max-height: 7.5em; overflow-y: auto; overflow-x: hidden; border: 1px solid #ccc;
  padding: 2px 6px; font-size: 13px; }
.ht-table .ht-log-box:focus-visible { outline: 3px solid #0b57d0; }
.ht-table .ht-banner { font-size: 1.25em; padding: 8px 12px; border: 3px solid #1b6e1b;
  border-radius: 8px; background: #eaf7ea; }
.ht-table .widget-hbox, .ht-table .widget-vbox { max-width: 100%; }
.ht-table .jupyter-button, .ht-table .widget-button { min-height: 44px; min-width: 44px; }
.ht-table .widget-dropdown select { min-height: 44px; }
@media (max-width: 600px) {
  .ht-table .ht-score-table table td, .ht-table .ht-score-table table th { padding: 2px 3px !important; }
  .ht-table .ht-score-table table { font-size: 12px; }
  .htb-compass { width: 170px; }
}
"""

ESM = r"""
function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

// The whole table is the page's main landmark when nothing else is (Voilà), so screen
// readers and axe find every part of it inside a landmark.
function claimLandmark(node) {
  const root = node.closest(".ht-app") || node.closest(".ht-table");
  if (root && !root.getAttribute("role") && !root.parentElement.closest("main,[role=main]")
      && !document.querySelector("main,[role=main]")) {
    root.setAttribute("role", "main");
    root.setAttribute("aria-label", "Hearts table");
    if (root.classList.contains("ht-app")) document.title = "Play Hearts";  // the app names its page
  }
}

// The trick board of the same table, if it is holding a completed trick in view: end the
// pause (the board draws the latest state) and say so, so the tap that did it plays nothing.
function finishPause(root) {
  const scope = root.closest(".ht-table") || document;
  const board = scope.querySelector(".htb[data-state=pause]");
  if (!board) return false;
  board.dispatchEvent(new CustomEvent("htb-finish"));
  return true;
}

function renderRow(model, root) {
  let focusKey = null;
  function draw() {
    const cards = model.get("cards");
    const hadFocus = root.contains(document.activeElement);
    root.setAttribute("aria-label", model.get("label"));
    root.replaceChildren();
    const active = cards.filter(c => c.active).map(c => c.key);
    if (!cards.some(c => c.key === focusKey && (c.active || active.length === 0))) {
      focusKey = active.length ? active[0] : (cards.length ? cards[0].key : null);
    }
    for (const c of cards) {
      const b = el("button", "htc-card " + (c.active ? "htc-active" : "htc-inactive")
        + (c.selected ? " htc-selected" : "") + (c.mark ? " htc-marked" : ""));
      b.type = "button";
      b.dataset.key = c.key;
      b.style.color = c.color;
      b.title = c.tooltip;
      b.setAttribute("aria-label", c.aria);
      if (model.get("toggle")) b.setAttribute("aria-pressed", c.selected ? "true" : "false");
      b.tabIndex = c.key === focusKey ? 0 : -1;
      b.appendChild(el("span", "htc-rank", c.rank));
      b.appendChild(el("span", "htc-suit", c.suit));
      if (c.mark) b.appendChild(el("span", "htc-mark", c.mark));
      b.addEventListener("click", (e) => {
        focusKey = c.key;
        // a tap while the last trick is still held in view finishes that pause first
        if (finishPause(root)) return;
        // a row of on/off choices (the pass) takes every tap; a hand plays one card per click:
        // the second click of a double-click is dropped, and every click names the cards it was
        // made on ("seq"), so Python drops a click made before the last play was drawn
        if (!model.get("toggle") && e.detail > 1) return;
        model.send({ event: "click", key: c.key, seq: model.get("seq") });
      });
      b.addEventListener("keydown", (e) => move(e, c.key));
      root.appendChild(b);
    }
    if (hadFocus && focusKey) {
      const f = root.querySelector(`[data-key="${focusKey}"]`);
      if (f) f.focus();
    }
  }
  // Arrows move between the cards you may play now (all cards when none is playable).
  function move(e, key) {
    const keys = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1, Home: "first", End: "last" };
    if (!(e.key in keys)) return;
    e.preventDefault();
    e.stopPropagation();
    const cards = model.get("cards");
    let pool = cards.filter(c => c.active).map(c => c.key);
    if (!pool.length) pool = cards.map(c => c.key);
    if (!pool.length) return;
    const step = keys[e.key];
    let i = pool.indexOf(key);
    if (step === "first") i = 0;
    else if (step === "last") i = pool.length - 1;
    else if (i < 0) i = step > 0 ? 0 : pool.length - 1;
    else i = (i + step + pool.length) % pool.length;
    focusKey = pool[i];
    for (const b of root.querySelectorAll("button")) b.tabIndex = b.dataset.key === focusKey ? 0 : -1;
    const f = root.querySelector(`[data-key="${focusKey}"]`);
    if (f) f.focus();
  }
  model.on("change:cards", draw);
  model.on("change:label", draw);
  // Python asks for focus after an action (Confirm pass, Next hand, a practice position) by
  // counting up "focus_seq"; a view drawn after the request (a row just put back on the
  // page) takes the focus too, once per request
  function takeFocus() {
    if (model.get("focus_seq") === model.htFocused) return;
    model.htFocused = model.get("focus_seq");
    requestAnimationFrame(() => {
      const f = root.querySelector(`[data-key="${focusKey}"]`) || root.querySelector("button");
      if (f) f.focus();
    });
  }
  model.on("change:focus_seq", takeFocus);
  draw();
  if (model.htFocused === undefined) model.htFocused = 0;
  takeFocus();
}

// grid spots by seat, for each table size (render.COMPASS_SPOTS places them alike)
const SPOTS = {
  3: ["htb-s", "htb-w", "htb-e"],
  4: ["htb-s", "htb-w", "htb-n", "htb-e"],
  5: ["htb-s", "htb-w", "htb-nw", "htb-ne", "htb-e"],
  6: ["htb-s", "htb-sw", "htb-nw", "htb-n", "htb-ne", "htb-se"],
};

function compass(trick, names, caption, done) {
  if (!trick) return el("div", "htb-none", `${caption}: none yet`);
  const box = el("section", "htb-compass" + (done ? " htb-done" : ""));
  const title = el("div", "htb-title", `${caption} ${trick.number} — ${trick.status}`);
  box.setAttribute("aria-label", title.textContent);
  box.appendChild(title);
  const grid = el("div", "htb-grid");
  const spots = SPOTS[names.length] || SPOTS[4];
  for (let seat = 0; seat < names.length; seat++) {
    const play = trick.plays.find(p => p.seat === seat);
    const cell = el("div", "htb-cell " + spots[seat] + (play && play.newest ? " htb-newest" : ""));
    cell.appendChild(el("span", "htb-note", names[seat]));
    if (play) {
      const face = el("span", "htb-face", play.label);
      face.style.color = play.color;
      cell.appendChild(face);
      if (play.notes) cell.appendChild(el("span", "htb-note", play.notes));
    } else {
      cell.appendChild(el("span", "htb-note", "·"));
    }
    grid.appendChild(cell);
  }
  box.appendChild(grid);
  return box;
}

function renderBoard(model, root) {
  let timer = null;
  let shownLast = model.get("last") ? model.get("last").number : 0;
  function draw(pausing) {
    const names = model.get("names");
    const last = model.get("last");
    root.replaceChildren();
    if (pausing) {
      // the trick just completed stays in the middle of the table for a moment
      root.dataset.state = "pause";
      root.appendChild(compass(last, names, "Trick", true));
    } else {
      root.dataset.state = "settled";
      const cur = model.get("current");
      if (cur) root.appendChild(compass(cur, names, "Trick", false));
      root.appendChild(compass(last, names, "Last trick", false));
    }
  }
  function changed() {
    const last = model.get("last");
    const n = last ? last.number : 0;
    const pause = model.get("pause_ms");
    if (n > shownLast && pause > 0 && model.get("current")) {
      // a trick was just completed and play goes on: hold it in view, then draw the latest state
      shownLast = n;
      if (timer) clearTimeout(timer);
      draw(true);
      timer = setTimeout(() => { timer = null; draw(false); }, pause);
    } else if (!timer) {
      shownLast = n;
      draw(false);
    } else if (n < shownLast) {
      shownLast = n;  // undo or a new hand: show it at once
      clearTimeout(timer); timer = null;
      draw(false);
    }
  }
  model.on("change:current", changed);
  model.on("change:last", changed);
  root.addEventListener("htb-finish", () => {
    if (!timer) return;
    clearTimeout(timer); timer = null;
    draw(false);
  });
  draw(false);
}

function render({ model, el: host }) {
  const kind = model.get("kind");
  const root = el("div", kind === "row" ? "htc-row" : "htb");
  if (kind === "row") root.setAttribute("role", "group");
  root.setAttribute("data-lm-suppress-shortcuts", "true");
  host.appendChild(root);
  if (kind === "row") renderRow(model, root); else renderBoard(model, root);
  requestAnimationFrame(() => claimLandmark(host));
}

export default { render };
"""


class _Faces(anywidget.AnyWidget):
    _esm = ESM
    _css = CSS


def face_state(card: Card, *, active: bool, tooltip: str, aria: str, selected: bool = False,
               mark: str = "", four_color: bool | None = None) -> dict[str, Any]:
    """One card as the browser draws it."""
    pretty = card.pretty
    return {"key": str(card), "rank": pretty[:-1], "suit": pretty[-1], "color": suit_color(card.suit, four_color),
            "active": active, "selected": selected, "mark": mark, "tooltip": tooltip, "aria": aria}


class CardFace:
    """A card in a ``CardRow`` seen from Python: ``click()`` sends the browser's message."""

    def __init__(self, row: CardRow, key: str):
        self.row, self.key = row, key

    def _state(self) -> dict[str, Any]:
        return next(c for c in self.row.cards if c["key"] == self.key)

    @property
    def active(self) -> bool:
        """True when a click plays (or chooses) the card; other clicks only explain."""
        return bool(self._state()["active"])

    @property
    def description(self) -> str:
        s = self._state()
        return ("✓ " if s["selected"] else "") + s["rank"] + s["suit"]

    @property
    def tooltip(self) -> str:
        return str(self._state()["tooltip"])

    @property
    def mark(self) -> str:
        return str(self._state()["mark"])

    def click(self) -> None:
        self.row._handle_custom_msg({"event": "click", "key": self.key, "seq": self.row.seq}, [])

    def __repr__(self) -> str:
        return f"CardFace({self.key!r}, active={self.active})"


class CardRow(_Faces):
    """A hand of card faces in one row (it wraps on narrow screens).

    ``cards`` holds one ``face_state`` per card; ``on_click(key)`` runs for every click,
    legal or not (an illegal card answers with its reason instead of being disabled).
    ``toggle`` marks the row as a set of on/off choices (the pass), read out as pressed.
    """

    kind = t.Unicode("row").tag(sync=True)
    cards = t.List(t.Dict()).tag(sync=True)
    seq = t.Int(0).tag(sync=True)  # counts the changes of ``cards``: a click names the one it was made on
    focus_seq = t.Int(0).tag(sync=True)  # counts focus requests (``focus()``)
    label = t.Unicode("Your cards").tag(sync=True)
    toggle = t.Bool(False).tag(sync=True)

    def __init__(self, on_click: Callable[[str], object] | None = None, **kwargs: Any):
        super().__init__(**kwargs)
        self.on_click = on_click
        self.on_msg(self._on_msg)

    def focus(self) -> None:
        """Put the keyboard focus on the row's current card (in every view of it)."""
        self.focus_seq += 1

    def notify_change(self, change: Any) -> None:
        if change["name"] != "cards":
            super().notify_change(change)
            return
        # new cards and their number go to the browser in one message: a view never draws the
        # new cards under the old number
        with self.hold_sync():
            super().notify_change(change)
            self.seq += 1

    def _on_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if not (isinstance(content, dict) and content.get("event") == "click"):
            return
        key = str(content.get("key", ""))
        seq = content.get("seq")
        if not self.toggle and seq is not None and seq != self.seq:
            # made on cards since redrawn (a tap before the last play was answered): playing it
            # would play a card the player has not seen the position for
            return
        if self.on_click is not None and any(c["key"] == key for c in self.cards):
            self.on_click(key)  # a stale or forged key is ignored


class TrickBoard(_Faces):
    """The trick in progress and the last trick, laid out like the table (N top, S bottom).

    ``pause_ms``: how long a completed trick stays in the middle of the table before the
    next one is shown (the browser waits; Python never sleeps).
    """

    kind = t.Unicode("board").tag(sync=True)
    names = t.List(t.Unicode(), default_value=list(SEAT_NAMES)).tag(sync=True)
    current = t.Dict(allow_none=True, default_value=None).tag(sync=True)
    last = t.Dict(allow_none=True, default_value=None).tag(sync=True)
    pause_ms = t.Int(800).tag(sync=True)
