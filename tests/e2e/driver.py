"""Driving the table in a page, and the same clicks replayed in Python for the expected result.

A browser run and its Python replay make the same choices: pass the first three cards shown,
then always click the first playable card. Bots and tables are seeded, so the page must end
with exactly the replay's result. Selectors follow the card faces of ``card_faces.py``.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from hearts_teach import Card, Phase

try:  # under pytest tests/ is on sys.path; measure_play.py runs from the repository root
    from review_support import stub_grade
except ImportError:
    from tests.review_support import stub_grade

__all__ = ["stub_grade"]  # the replays need no verdicts: a stand-in grades cheaply

APP = ".ht-app"
TABLE = ".ht-table"
PASS_CARDS = ".ht-table .ht-pass-picker .htc-card"
CONFIRM = ".ht-table .ht-confirm-pass"
HAND_CARDS = ".ht-table .ht-hand-widget .htc-card"
PLAYABLE = HAND_CARDS + ".htc-active"
MESSAGE = ".ht-table .ht-message"
STATUS = ".ht-table .ht-status"

# Sideways overflow of the page and of every box inside ``sel`` (inline boxes have no width).
OVERFLOW_JS = """(sel) => {
  const bad = [];
  const se = document.scrollingElement;
  if (se.scrollWidth > se.clientWidth) bad.push(`page ${se.scrollWidth} > ${se.clientWidth}`);
  const root = document.querySelector(sel);
  if (!root) return ["no " + sel];
  const wide = (e) => e.clientWidth > 0 && e.scrollWidth > e.clientWidth + 1;
  const name = (e) => `${e.tagName}.${String(e.className).slice(0, 60)} ${e.scrollWidth} > ${e.clientWidth}`;
  // inside the app: nothing may stick out of its box
  for (const e of [root, ...root.querySelectorAll("*")]) if (wide(e)) bad.push(name(e));
  // around it (Voilà and JupyterLab scroll inner panels): no panel may scroll sideways
  for (let e = root.parentElement; e; e = e.parentElement) {
    const ox = getComputedStyle(e).overflowX;
    if ((ox === "auto" || ox === "scroll") && wide(e)) bad.push("panel " + name(e));
  }
  return bad;
}"""

# Cards, buttons, dropdowns, the seed box and the checkbox smaller than a 44×44 px touch target.
SMALL_TARGETS_JS = """(sel) => {
  const root = document.querySelector(sel);
  const bad = [];
  for (const e of root.querySelectorAll("button, select, input, .widget-checkbox")) {
    const r = e.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) continue;  // not shown
    if (e.matches(".widget-checkbox input")) continue;  // its whole label row is the target
    if (r.width < 44 || r.height < 44) bad.push(`${e.tagName}.${String(e.className).slice(0, 40)} ${r.width}×${r.height}`);
  }
  return bad;
}"""

# Count the times the trick board holds a completed trick (its pause) before moving on.
PAUSE_COUNTER_JS = """() => {
  window.__htPauses = 0;
  const seen = new WeakSet();
  new MutationObserver(() => {
    for (const b of document.querySelectorAll(".htb[data-state=pause]")) {
      if (!seen.has(b.firstChild)) { seen.add(b.firstChild); window.__htPauses += 1; }
    }
  }).observe(document.documentElement, {subtree: true, attributes: true, childList: true});
}"""


# Tap a playable card of your hand the moment the trick board starts holding a finished trick.
TAP_DURING_PAUSE_JS = """() => {
  window.__htTap = null;
  const obs = new MutationObserver(() => {
    const board = document.querySelector(".ht-table .htb[data-state=pause]");
    if (!board) return;
    obs.disconnect();
    const card = document.querySelector(".ht-table .ht-hand-widget .htc-card.htc-active");
    if (card) card.click();
    window.__htTap = {tapped: !!card, after: board.dataset.state};
  });
  obs.observe(document.documentElement, {subtree: true, attributes: true, childList: true});
}"""


@dataclass
class Replay:
    """What the page must show after the same clicks: the hand result, the first illegal
    click's message (and at which of your turns it is tried), the winner after Finish match."""

    result: str = ""
    illegal_turn: int = -1
    illegal_key: str = ""
    illegal_message: str = ""
    winner_line: str = ""
    passed: list[str] = field(default_factory=list)


def replay(table) -> Replay:
    """Play ``table`` (fresh, in the pass) as the browser will, recording what to expect."""
    out = Replay()
    t = table
    if t.hand.phase is Phase.PASS:
        out.passed = list(t.pass_picker.buttons)[:3]
        for key in out.passed:
            t.pass_picker.buttons[key].click()
        t.pass_picker.confirm.click()
    turn = 0
    while not t.hand.is_over:
        faces = t.hand_widget.buttons
        illegal = [k for k, b in faces.items() if not b.active]
        if out.illegal_turn < 0 and illegal:
            out.illegal_turn, out.illegal_key = turn, illegal[0]
            faces[illegal[0]].click()
            out.illegal_message = t.last_message
            assert out.illegal_message.startswith(f"Can't play {Card(illegal[0]).pretty}: ")
        first = next(k for k, b in faces.items() if b.active)
        faces[first].click()
        turn += 1
    names = t.hand.seat_names
    out.result = "Hand 1 scores: " + ", ".join(f"{n} {v}" for n, v in zip(names, t.hand.scores, strict=True))
    if t.match is not None:
        t.play_match()
        out.winner_line = t.winner_line()
    return out


def no_sideways(page, sel: str = TABLE) -> None:
    bad = page.evaluate(OVERFLOW_JS, sel)
    assert not bad, f"sideways overflow at {page.viewport_size}: {bad[:8]}"


def touch_targets(page, sel: str = APP) -> None:
    bad = page.evaluate(SMALL_TARGETS_JS, sel)
    assert not bad, f"touch targets under 44×44 px: {bad[:8]}"


def play_hand(page, want: Replay, *, keyboard_turn: int = -1, check_overflow: bool = False,
              shot=None) -> list[float]:
    """Pass, then click the first playable card until the hand is over; try the illegal card
    at the replay's turn, and play by keyboard (arrow, then Enter) at ``keyboard_turn``.
    Returns the seconds from each card click to the settled screen (your turn again or the
    hand over, the trick board settled)."""
    from playwright.sync_api import expect

    expect(page.locator(PASS_CARDS)).to_have_count(13, timeout=90_000)
    keys = [page.locator(PASS_CARDS).nth(i).get_attribute("data-key") for i in range(3)]
    assert keys == want.passed
    for i in range(3):
        page.locator(PASS_CARDS).nth(i).click()
    expect(page.locator(CONFIRM)).to_be_enabled()
    page.locator(CONFIRM).click()
    timings = []
    for turn in range(13):
        n = 13 - turn
        expect(page.locator(HAND_CARDS)).to_have_count(n, timeout=30_000)
        expect(page.locator(STATUS)).to_contain_text("▶ you to play", timeout=30_000)
        if check_overflow and turn in (0, 6):
            no_sideways(page)
            touch_targets(page)
        if shot is not None and turn == 4:
            shot(page)
        if turn == want.illegal_turn:
            page.locator(f"{HAND_CARDS}[data-key='{want.illegal_key}']").click()
            expect(page.locator(MESSAGE)).to_have_text(want.illegal_message, timeout=30_000)
        # a tap while a finished trick is held in view only ends the pause: wait for it to end
        page.wait_for_function("!document.querySelector('.ht-table .htb[data-state=pause]')", timeout=30_000)
        start = time.monotonic()
        if turn == keyboard_turn and page.locator(PLAYABLE).count() > 1:
            # focus the first playable card, step right and back with the arrows, play with Enter
            page.locator(PLAYABLE).first.focus()
            second = page.locator(PLAYABLE).nth(1).get_attribute("data-key")
            page.keyboard.press("ArrowRight")
            assert page.evaluate("document.activeElement.dataset.key") == second
            # focus is visible: a solid outline of at least 2 px around the focused card
            outline = page.evaluate("(() => { const s = getComputedStyle(document.activeElement);"
                                    " return [s.outlineStyle, parseFloat(s.outlineWidth)]; })()")
            assert outline[0] == "solid" and outline[1] >= 2, outline
            page.keyboard.press("ArrowLeft")
            page.keyboard.press("Enter")
        else:
            page.locator(PLAYABLE).first.click()
        expect(page.locator(HAND_CARDS)).to_have_count(n - 1, timeout=30_000)
        if n > 1:
            expect(page.locator(STATUS)).to_contain_text("▶ you to play", timeout=30_000)
        page.wait_for_selector(".htb[data-state=settled]", timeout=30_000)
        timings.append(time.monotonic() - start)
    return timings
