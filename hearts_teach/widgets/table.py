"""``TrickView`` and ``TableWidget``: a hand or a whole match against bots, by clicks.

The table owns a ``Match`` (or a single ``Hand``), one bot per opponent seat made with
``make_bot(difficulty, seed)``, and the coach's ``hint`` for the hint button. All state
lives in the engine; ``refresh()`` redraws everything from it, so undo and replays can
never leave the view out of step with the game.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from html import escape
from typing import Any

import ipywidgets as w

from ..bots import make_bot
from ..cards import Card, CardLike, CardList
from ..errors import HeartsError
from ..hand import Hand, Phase
from ..match import Match
from ..render import (
    broken_text,
    hand_result_text,
    position_text,
    pts,
    score_table_html,
    trick_compass_html,
)
from ..rng import hash64
from ..rules import Rules
from .common import WidgetView, control_button, sentence, status_html
from .hand_widget import HandWidget
from .pass_picker import PassPicker


class TrickView(WidgetView):
    """The trick in progress and the last trick, laid out like the table (N top, S bottom)."""

    def __init__(self, hand: Hand, *, four_color: bool | None = None):
        self.hand = hand
        self.four_color = four_color
        # wide enough for the trick and the last trick side by side
        self.html = w.HTML(layout=w.Layout(min_width="560px"))
        self.html.add_class("ht-trick-view")
        self.widget = self.html
        self.refresh()

    def refresh(self) -> None:
        hand, names = self.hand, self.hand.seat_names
        current = hand.current_trick
        parts = []
        if current is not None:
            parts.append(trick_compass_html(current, names, self.four_color, "Trick"))
        parts.append(trick_compass_html(hand.last_trick, names, self.four_color, "Last trick"))
        self.html.value = ("<div style='font-family:sans-serif;display:flex;flex-wrap:wrap;gap:12px'>"
                           + "".join(parts) + "</div>")

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
            lines.append(f"Last trick {last.number}: {played} → {names[last.winner]} "  # type: ignore[index]
                         f"takes {pts(last.points)}")
        return "\n".join(lines) or "No trick yet."


def format_hint(result: Any) -> str:
    """Word a coach recommendation (``coach.Hint``: kind, cards, reason) as one line."""
    if isinstance(result, str):
        return result
    cards = getattr(result, "cards", None)
    reason = (getattr(result, "reason", "") or "").strip()
    if cards is None:
        return str(result)
    verb = "Pass" if getattr(result, "kind", "play") == "pass" else "Play"
    head = f"{verb} {' '.join(c.pretty for c in cards)}"
    return f"{head}: {reason}" if reason else head


def coach_hint(view: Any) -> Any:
    """The coach's recommendation for a view (imported late: the coach is optional to load)."""
    from ..coach import hint

    return hint(view)


class TableWidget(WidgetView):
    """``TableWidget(seed=0, opponents="rule")``: play a match at a table against bots.

    - ``opponents``: one difficulty name for all three bots (``random``, ``easy``, ``rule``,
      ``medium``, ``hard``, ``expert``), a list of three names (clockwise from your left),
      or a mapping seat → name.
    - ``seat``: where you sit (0 = South). ``hand``: play just this hand instead of a match.
    - ``practice``: enables undo. ``autoplay``: bots move at once until it is your turn
      (off: advance them with Step / Finish trick). ``auto_forced``: play your forced cards.
    - ``bots`` / ``hint_fn``: injected opponents or hint source (tests); defaults use
      ``make_bot`` and the coach.
    - Parts: ``buttons`` (hint, undo, step, finish_trick, finish_hand, next_hand),
      ``auto_forced_box``, ``hand_widget``, ``pass_picker``, ``trick_view``, ``seats_html``,
      ``status``, ``hint_html``, ``message``, ``scores_html``, ``log``.
    """

    def __init__(self, seed: int = 0, opponents: str | Sequence[str] | Mapping[int, str] = "rule", *,
                 seat: int = 0, match: Match | None = None, hand: Hand | None = None,
                 rules: Rules | None = None, practice: bool = True, autoplay: bool = True,
                 auto_forced: bool = False, bots: Mapping[int, Any] | None = None,
                 hint_fn: Callable[[Any], Any] | None = None, four_color: bool | None = None):
        if hand is not None and match is not None:
            raise ValueError("give either a match or a single hand, not both")
        if seat not in (0, 1, 2, 3) or isinstance(seat, bool):
            raise ValueError(f"seat must be 0, 1, 2 or 3 (South, West, North, East), got {seat!r}")
        self.seed = seed
        self.you = seat
        self.match: Match | None = None if hand is not None else (match or Match(seed, rules))
        self._single = hand
        self.practice = practice
        self.autoplay = autoplay
        self.four_color = four_color
        self.hint_fn = hint_fn or coach_hint
        self.difficulty = self._difficulties(opponents)
        self.bots = dict(bots) if bots is not None else self._make_bots()
        # your own seat is played by a rule bot only when you ask for it (Step / Finish)
        self.autopilot = make_bot("rule", seed=hash64(f"table/{seed}/autopilot") % (1 << 31))
        self.last_message = ""
        self.last_hint = ""
        self.hint_result: Any = None  # the coach's last recommendation object

        # parts
        names = self.hand.seat_names
        self.status = w.HTML()
        self.status.add_class("ht-status")
        self.seats_html = w.HTML()
        self.seats_html.add_class("ht-seats")
        self.trick_view = TrickView(self.hand, four_color=four_color)
        self.broken_html = w.HTML()
        self.broken_html.add_class("ht-broken")
        self.hand_widget = HandWidget(self.hand, seat=self.you, on_play=self._human_play,
                                      four_color=four_color, title=f"Your hand ({names[self.you]})")
        self.pass_picker = self._new_picker()
        self.your_box = w.VBox()
        self.your_box.add_class("ht-your-area")
        self.buttons = {
            "hint": control_button("Hint", "Ask the coach for a suggestion and its reason", "ht-hint"),
            "undo": control_button("Undo my last card", "Take back your last card (practice mode)", "ht-undo"),
            "step": control_button("Step", "Play the next card (yours by the autopilot if it is your turn)", "ht-step"),
            "finish_trick": control_button("Finish trick", "Play until this trick is complete", "ht-finish-trick"),
            "finish_hand": control_button("Finish hand", "Let the bots play the rest of the hand, yours too",
                                          "ht-finish-hand"),
            "next_hand": control_button("Next hand", "Deal the next hand of the match", "ht-next-hand"),
        }
        actions = {"hint": self.hint, "undo": self.undo, "step": self.step, "finish_trick": self.finish_trick,
                   "finish_hand": self.finish_hand, "next_hand": self.next_hand}
        for key, b in self.buttons.items():
            b.on_click(lambda _b, f=actions[key]: f())
        self.auto_forced_box = w.Checkbox(value=auto_forced, description="Auto-play forced cards", indent=False)
        self.auto_forced_box.observe(self._on_auto_forced, names="value")
        self.hint_html = w.HTML()
        self.hint_html.add_class("ht-hint-text")
        self.message = w.HTML(status_html(""))
        self.message.add_class("ht-message")
        self.result_html = w.HTML()
        self.result_html.add_class("ht-result")
        self.scores_html = w.HTML()
        self.scores_html.add_class("ht-scores")
        self.log = w.Output(layout=w.Layout(max_height="12em", overflow="auto", border="1px solid #ccc"))
        self.log.add_class("ht-log")
        controls = w.HBox(list(self.buttons.values()) + [self.auto_forced_box], layout=w.Layout(flex_flow="row wrap"))
        board = w.HBox([self.trick_view.widget, self.seats_html], layout=w.Layout(flex_flow="row wrap"))
        self.widget = w.VBox([self.status, board, self.broken_html, self.your_box, controls, self.hint_html, self.message, self.result_html,
                              self.scores_html, w.HTML("<b>Log</b>"), self.log])
        self.widget.add_class("ht-table")
        self._start_hand()

    # set-up ---------------------------------------------------------------------------------
    def _difficulties(self, opponents: Any) -> dict[int, str]:
        others = [(self.you + i) % 4 for i in (1, 2, 3)]
        if isinstance(opponents, str):
            return {s: opponents for s in others}
        if isinstance(opponents, Mapping):
            missing = [s for s in others if s not in opponents]
            if missing:
                raise ValueError(f"opponents needs a bot for seats {others}, missing {missing}")
            return {s: str(opponents[s]) for s in others}
        names = list(opponents)
        if len(names) != 3:
            raise ValueError(f"opponents needs 3 difficulty names (clockwise from your left), got {names!r}")
        return dict(zip(others, names, strict=True))

    def _make_bots(self) -> dict[int, Any]:
        return {s: make_bot(name, seed=hash64(f"table/{self.seed}/{s}") % (1 << 31))
                for s, name in self.difficulty.items()}

    @property
    def hand(self) -> Hand:
        return self._single if self._single is not None else self.match.hand  # type: ignore[union-attr]

    @property
    def labels(self) -> tuple[str, ...]:
        return tuple("you" if s == self.you else self.difficulty.get(s, "bot") for s in range(4))

    def _new_picker(self) -> PassPicker:
        return PassPicker(self.hand, seat=self.you, on_confirm=self._after_pass, four_color=self.four_color)

    def _start_hand(self) -> None:
        """Bots choose their passes at once (cards move only when all four have chosen)."""
        hand = self.hand
        self.log.outputs = ()
        self.last_hint = ""
        self.hint_html.value = ""
        if hand.phase is Phase.PASS:
            for s in range(4):
                if s != self.you and s in hand.to_pass:
                    hand.pass_cards(s, self.bots[s].choose_pass(hand.view(s)))
            self._log(f"Hand {hand.hand_number + 1}: pass {hand.pass_direction}; the bots have chosen their cards.")
        else:
            self._log(f"Hand {hand.hand_number + 1}: a hold hand, no pass.")
        self.trick_view.hand = self.hand_widget.hand = hand
        self.pass_picker = self._new_picker()
        self._advance()
        self.refresh()

    # engine moves ------------------------------------------------------------------------------
    def _log(self, line: str) -> None:
        self.log.append_stdout(line + "\n")

    def _play(self, card: Card, seat: int, who: str = "") -> None:
        hand = self.hand
        trick = hand.play(card, seat)
        note = f" ({who})" if who else ""
        self._log(f"Trick {trick.number if trick else hand.trick_number}: "
                  f"{hand.seat_names[seat]}{note} plays {card.pretty}")
        if trick is not None:
            self._log(f"  → {hand.seat_names[trick.winner]} takes trick {trick.number} "  # type: ignore[index]
                      f"({pts(trick.points)})")
        if hand.is_over:
            self._log(hand_result_text(hand))

    def _bot_move(self) -> None:
        """One move for the seat to play: its bot, or the autopilot on your seat."""
        hand = self.hand
        if hand.phase is Phase.PASS:
            picker_cards = self.autopilot.choose_pass(hand.view(self.you))
            self.pass_picker.choose(list(picker_cards))
            return
        seat = hand.turn
        assert seat is not None
        bot = self.autopilot if seat == self.you else self.bots[seat]
        who = "autopilot" if seat == self.you else self.difficulty[seat]
        self._play(bot.choose_play(hand.view(seat)), seat, who)

    def _advance(self) -> None:
        """Let the bots (and forced cards, if asked) move until you have a real choice."""
        hand = self.hand
        while hand.phase is Phase.PLAY:
            if hand.turn == self.you:
                forced = hand.legal_plays(self.you).forced
                if forced is None or not self.auto_forced_box.value:
                    return
                self._play(forced, self.you, "forced")
            elif self.autoplay:
                self._bot_move()
            else:
                return

    def _human_play(self, card: Card) -> None:
        self._play(card, self.you)
        self.last_hint = ""
        self._advance()
        self.refresh()

    def _after_pass(self, cards: CardList) -> None:
        hand = self.hand
        self.last_hint = ""
        self._log(f"You pass {' '.join(c.pretty for c in cards)}.")
        got = hand.received(self.you)
        if got is not None:
            giver = next(s for s in range(4) if hand.pass_target(s) == self.you)
            self._say(f"You passed {' '.join(c.pretty for c in cards)} to {hand.seat_names[self.pass_picker.receiver]}"
                      f" and received {' '.join(c.pretty for c in got)} from {hand.seat_names[giver]}.", "ok")
        self._advance()
        self.refresh()

    def _on_auto_forced(self, _change: Any) -> None:
        self._advance()
        self.refresh()

    # controls (also the text path) ------------------------------------------------------------
    def _say(self, text: str, kind: str = "info") -> str:
        self.last_message = text
        self.message.value = status_html(text, kind)
        return text

    def play(self, card: CardLike) -> str:
        """Play your card, as a click on it would."""
        return self._say(self.hand_widget.play(card), "error" if self.hand_widget.last_message.startswith("Can") else "ok")

    def pass_cards(self, cards: str | list[CardLike]) -> str:
        """Choose your three cards and confirm, as the pass picker would."""
        before = self.hand.passed(self.you)
        msg = self.pass_picker.choose(cards)
        if before is None and self.hand.passed(self.you) is not None:
            return self.last_message  # _after_pass has said what was passed and received
        return self._say(msg, "error")

    def hint(self) -> str:
        """Ask the coach what to do now, with its reason."""
        hand = self.hand
        if hand.phase is Phase.OVER:
            return self._say("The hand is over: nothing to hint.", "error")
        if hand.phase is Phase.PLAY and hand.turn != self.you:
            return self._say(f"Not your turn: {hand.seat_names[hand.turn]} is to play.", "error")  # type: ignore[index]
        if hand.phase is Phase.PASS and self.pass_picker.done:
            return self._say("Your pass is made; waiting for the others.", "error")
        try:
            self.hint_result = self.hint_fn(hand.view(self.you))
        except HeartsError as e:
            return self._say(f"No hint here: {e}", "error")
        text = "Hint: " + sentence(format_hint(self.hint_result))
        self.last_hint = text
        self.hint_html.value = f"<div style='background:#f4f4ff;padding:4px'>{escape(text)}</div>"
        return self._say(text)

    def undo(self) -> str:
        """Take back your last card (and the bots' cards after it). Practice mode only."""
        hand = self.hand
        if not self.practice:
            return self._say("Undo is only for practice games.", "error")
        if hand.is_over:
            return self._say("The hand is over: undo works while the hand is being played.", "error")
        mine = [i for i, a in enumerate(hand.history) if a.kind == "play" and a.seat == self.you]
        if not mine:
            return self._say("Nothing to undo: you have not played a card in this hand.", "error")
        cut = mine[-1]
        card = hand.history[cut].card
        while len(hand.history) > cut:
            hand.undo()
        self._log(f"Undo: {card.pretty} is back in your hand.")
        self.last_hint = ""
        self.hint_html.value = ""
        self.refresh()
        return self._say(f"Took back {card.pretty}; it is your turn again.", "ok")

    def step(self) -> str:
        """One card by whoever is to move (your seat by the autopilot)."""
        self.last_hint = ""
        hand = self.hand
        if hand.phase is Phase.OVER:
            return self._say("The hand is over.", "error")
        if hand.phase is Phase.PASS:
            self._bot_move()
            return self._say("The autopilot chose your pass.")
        seat = hand.turn
        self._bot_move()
        self._advance()
        self.refresh()
        return self._say(f"Stepped: {hand.seat_names[seat]} played {hand.plays[-1].pretty}.")  # type: ignore[index]

    def _autoplay(self, more: Callable[[], bool]) -> bool:
        """The autopilot passes if needed, then plays while ``more()`` holds and the hand
        lasts; False when the hand was already over."""
        self.last_hint = ""
        hand = self.hand
        if hand.phase is Phase.OVER:
            return False
        if hand.phase is Phase.PASS:
            self._bot_move()
        while hand.phase is Phase.PLAY and more():
            self._bot_move()
        return True

    def finish_trick(self) -> str:
        hand = self.hand
        target = len(hand.tricks) + 1
        if not self._autoplay(lambda: len(hand.tricks) < target):
            return self._say("The hand is over.", "error")
        self._advance()
        self.refresh()
        last = hand.last_trick
        return self._say(f"Trick {last.number} done: {hand.seat_names[last.winner]} took it "  # type: ignore[union-attr,index]
                         f"({pts(last.points)}).")  # type: ignore[union-attr]

    def finish_hand(self) -> str:
        hand = self.hand
        if not self._autoplay(lambda: True):
            return self._say("The hand is over.", "error")
        self.refresh()
        return self._say(hand_result_text(hand))

    def next_hand(self) -> str:
        if self.match is None:
            return self._say("This table plays a single hand.", "error")
        if not self.hand.is_over:
            return self._say(f"Finish hand {self.hand.hand_number + 1} first.", "error")
        if self.match.is_over:
            return self._say("The match is over.", "error")
        self.match.next_hand()
        self._start_hand()
        return self._say(f"Hand {self.hand.hand_number + 1} dealt: pass {self.hand.pass_direction}.")

    def play_match(self) -> str:
        """Let the autopilot play every remaining hand for you (a demo, and for tests)."""
        while True:
            self.finish_hand()
            if self.match is None or self.match.is_over:
                break
            self.next_hand()
        return self.last_message

    # drawing -----------------------------------------------------------------------------------
    def status_line(self) -> str:
        hand, names = self.hand, self.hand.seat_names
        head = f"Hand {hand.hand_number + 1}"
        if self.match is not None:
            head += f" of a match to {self.match.rules.end_score}"
        head += f" · pass {hand.pass_direction} · you are {names[self.you]}"
        if hand.phase is Phase.PASS:
            return head + (" · choose 3 cards to pass" if not self.pass_picker.done else " · waiting")
        if hand.phase is Phase.PLAY:
            who = "you" if hand.turn == self.you else names[hand.turn]  # type: ignore[index]
            return head + f" · trick {hand.trick_number} of 13 · ▶ {who} to play"
        return head + " · the hand is over"

    def refresh(self) -> None:
        hand, names = self.hand, self.hand.seat_names
        self.status.value = f"<b>{escape(self.status_line())}</b>"
        totals = self.match.totals if self.match is not None else (0, 0, 0, 0)
        rows = []
        for s in range(4):
            turn = s == hand.turn
            mark = "▶" if turn else ""
            weight = "bold" if turn else "normal"
            rows.append(f"<tr style='font-weight:{weight}'><td>{mark}</td><td>{escape(names[s])}</td>"
                        f"<td>{escape(self.labels[s])}</td><td style='text-align:right'>{len(hand.cards(s))}</td>"
                        f"<td style='text-align:right'>{hand.points_taken[s]}</td>"
                        f"<td style='text-align:right'>{totals[s]}</td></tr>")
        th = "style='padding:0 6px;text-align:left;white-space:nowrap'"
        self.seats_html.value = (f"<table style='font-family:sans-serif;margin-left:12px'><tr><th {th}></th>"
                                 f"<th {th}>seat</th><th {th}>player</th><th {th}>cards</th>"
                                 f"<th {th}>points this hand</th><th {th}>match total</th></tr>"
                                 + "".join(rows) + "</table>")
        self.trick_view.hand = hand
        self.trick_view.refresh()
        self.broken_html.value = f"<div>{escape(broken_text(hand))}</div>" if hand.phase is not Phase.PASS else ""
        self.hand_widget.hand = hand
        self.hand_widget.refresh()
        self.pass_picker.refresh()
        if hand.phase is Phase.PASS:
            children = (self.pass_picker.widget,)
        else:
            children = (self.hand_widget.widget,)
        if self.your_box.children != children:
            self.your_box.children = children
        over = hand.phase is Phase.OVER
        self.buttons["undo"].disabled = not (self.practice and not over and any(
            a.kind == "play" and a.seat == self.you for a in hand.history))
        self.buttons["hint"].disabled = over or (hand.phase is Phase.PLAY and hand.turn != self.you) or (
            hand.phase is Phase.PASS and self.pass_picker.done)
        for k in ("step", "finish_trick", "finish_hand"):
            self.buttons[k].disabled = over
        self.buttons["next_hand"].disabled = not (over and self.match is not None and not self.match.is_over)
        if over:
            result = hand_result_text(hand)
            if self.match is not None and self.match.is_over:
                result += f" The match is over: {names[self.match.winner]} wins."  # type: ignore[index]
            self.result_html.value = f"<div style='font-size:1.1em'><b>{escape(result)}</b></div>"
        else:
            self.result_html.value = ""
        self.scores_html.value = score_table_html(self.match) if (self.match is not None and (
            over or self.match.finished_hands)) else ""
        if not self.last_hint:
            self.hint_html.value = ""

    def text(self) -> str:
        hand = self.hand
        lines = [self.status_line(), position_text(hand, self.labels, show=[self.you])]
        if hand.phase is Phase.PLAY and hand.turn == self.you:
            lines.append(self.hand_widget.legal_line())
        if self.last_hint:
            lines.append(self.last_hint)
        if self.match is not None and (hand.is_over or self.match.finished_hands):
            lines.append(self.match.score_table())
        return "\n".join(lines)
