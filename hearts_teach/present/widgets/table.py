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

from hearts_teach.agents import driver
from hearts_teach.agents.hearts import bot_names, make_bot
from hearts_teach.agents.protocol import ForcedCardsOnly
from hearts_teach.games.hearts.hand import Hand, Phase
from hearts_teach.games.hearts.match import Match
from hearts_teach.games.hearts.rules import Rules, pass_source
from hearts_teach.kernel.cards import Card, CardLike, CardList
from hearts_teach.kernel.errors import (
    ArgumentError,
    ArgumentTypeError,
    HeartsError,
    Rule,
    WrongPhaseError,
    quote,
)
from hearts_teach.kernel.rng import hash64
from hearts_teach.kernel.validation import check_callable, check_choice, check_seed
from hearts_teach.present.render import (
    broken_text,
    hand_result_text,
    position_text,
    pts,
    score_table_html,
)
from hearts_teach.present.widgets.common import WidgetView, control_button, sentence, status_html
from hearts_teach.present.widgets.hand_widget import HandWidget
from hearts_teach.present.widgets.pass_picker import PassPicker
from hearts_teach.present.widgets.review_panel import ReviewPanel
from hearts_teach.present.widgets.trick_view import TrickView, trick_pause_default, trick_state  # noqa: F401 - re-exported


def _check_table_args(seed: Any, seat: Any, match: Any, hand: Any, rules: Any, bots: Any,
                      hint_fn: Any, four_color: Any, trick_pause: Any) -> None:
    """The table's arguments, checked before anything is built (project errors naming each)."""
    check_seed(seed)
    # the seat is checked against the table it joins (South, West, North, East at four)
    game = hand if isinstance(hand, Hand) else match if isinstance(match, Match) else None
    table = (game.rules if game is not None else rules if isinstance(rules, Rules) else Rules()).table
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < table.players:
        *first, last = (str(s) for s in table.seats)
        numbers = f"{', '.join(first)} or {last}"  # '0, 1, 2 or 3'
        raise ArgumentError(f"seat must be {numbers} ({', '.join(table.names)}), got {quote(seat)}",
                            argument="seat")
    if hand is not None and match is not None:
        raise ArgumentError("give either a match or a single hand, not both", argument="match")
    for name, value, kind in (("match", match, Match), ("hand", hand, Hand), ("rules", rules, Rules)):
        if value is not None and not isinstance(value, kind):
            raise ArgumentTypeError(f"{name} is a {kind.__name__} or None, got {type(value).__name__} "
                                    f"{quote(value)}", argument=name)
    if bots is not None and not isinstance(bots, Mapping):
        raise ArgumentTypeError(f"bots is a dict of bots by seat or None, got {quote(bots)}", argument="bots")
    if hint_fn is not None:
        check_callable(hint_fn, "hint_fn")
    if four_color is not None and not isinstance(four_color, bool):
        raise ArgumentTypeError(f"four_color is True, False or None, got {quote(four_color)}",
                                argument="four_color")
    check_pause(trick_pause)


def check_pause(trick_pause: Any) -> None:
    """``trick_pause``: None (the default) or seconds from 0 to 60."""
    if trick_pause is None:
        return
    if isinstance(trick_pause, bool) or not isinstance(trick_pause, int | float) \
            or not 0 <= trick_pause <= 60:
        raise ArgumentError(f"trick_pause is None or a number of seconds from 0 to 60, got "
                            f"{quote(trick_pause)}", argument="trick_pause")


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
    from hearts_teach.agents.coach import hint

    return hint(view)


class TableWidget(WidgetView):
    """``TableWidget(seed=0, opponents="rule")``: play a match at a table against bots.

    - ``opponents``: one difficulty name for all the bots (``random``, ``easy``, ``rule``,
      ``medium``, ``hard``, ``expert``), a list of names (one per other seat, clockwise from
      your left: three at the four-player table), or a mapping seat → name.
    - ``rules``: e.g. ``Rules(players=3)`` seats 3 (or 5, 6) players; a ``match`` or ``hand``
      brings its own rules.
    - ``seat``: where you sit (0 = South). ``hand``: play just this hand instead of a match.
    - ``practice``: enables undo. ``autoplay``: bots move at once until it is your turn
      (off: advance them with Step / Finish trick). ``auto_forced``: play your forced cards.
    - ``trick_pause``: seconds a completed trick stays in view in the browser (default 0.8,
      or ``HEARTS_TRICK_PAUSE``; 0 shows the next trick at once).
    - ``bots`` / ``hint_fn``: injected opponents or hint source (tests); defaults use
      ``make_bot`` and the coach.
    - ``marks``: show the coach's verdict on each of your moves (graded in the background;
      the "Show verdicts" box turns them off). When a hand is over its review appears, with
      "Try again" buttons that open a practice position below (``try_again(n)``), and
      ``review`` / ``match_review`` give the same as text. ``practice``-position tables say so.
    - ``on_action``: called with the table after every redraw (the Play app stores the match).
    - Parts: ``buttons`` (hint, undo, step, finish_trick, finish_hand, next_hand, finish_match),
      ``auto_forced_box``, ``hand_widget``, ``pass_picker``, ``trick_view``, ``seats_html``,
      ``status`` (the game line), ``message`` (the one feedback line, under your cards),
      ``banner`` (the match winner), ``result_html``, ``scores_html``, ``log`` / ``log_lines``
      (newest first).
    """

    def __init__(self, seed: int = 0, opponents: str | Sequence[str] | Mapping[int, str] = "rule", *,
                 seat: int = 0, match: Match | None = None, hand: Hand | None = None,
                 rules: Rules | None = None, practice: bool = True, autoplay: bool = True,
                 auto_forced: bool = False, bots: Mapping[int, Any] | None = None,
                 hint_fn: Callable[[Any], Any] | None = None, four_color: bool | None = None,
                 trick_pause: float | None = None, marks: bool = True, position_note: str = "",
                 on_action: Callable[[TableWidget], Any] | None = None):
        _check_table_args(seed, seat, match, hand, rules, bots, hint_fn, four_color, trick_pause)
        self.on_action = on_action
        self.position_note = position_note  # a practice position says what it is and where it came from
        self.trick_pause = trick_pause
        self.autopilot_hands: set[int] = set()  # hands in which the autopilot played for you
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
        self.log_lines: list[str] = []  # this hand's log, oldest first (shown newest first)
        self._autopilot_passing = False
        self.review_panel = ReviewPanel(seat, practice=bool(position_note), marks=marks,
                                        source=f"your match of seed {seed}", on_try_again=self.try_again)
        self.practice_table: TableWidget | None = None
        self.practice_box = w.VBox()
        self.practice_box.add_class("ht-practice")

        # parts
        names = self.hand.seat_names
        self.status = w.HTML()
        self.status.add_class("ht-status")
        self.seats_html = w.HTML()
        self.seats_html.add_class("ht-seats")
        self.trick_view = TrickView(self.hand, four_color=four_color, pause=trick_pause)
        self.broken_html = w.HTML()
        self.broken_html.add_class("ht-broken")
        # the one feedback line: under your cards, shared by the hand and the pass picker
        self.message = w.HTML(status_html(""))
        self.hand_widget = HandWidget(self.hand, seat=self.you, on_play=self._human_play, four_color=four_color,
                                      title=f"Your hand ({names[self.you]})", faces=True, message=self.message)
        row = self.hand_widget.row
        assert row is not None  # faces=True builds the card row
        row.on_click = self.play  # clicks speak through the table
        self.pass_picker = self._new_picker()
        self.your_box = w.VBox()
        self.your_box.add_class("ht-your-area")
        self.buttons = {
            "hint": control_button("Hint", "Ask the coach for a suggestion and its reason", "ht-hint"),
            "undo": control_button("Undo my last card", "Take back your last card (practice mode)", "ht-undo"),
            "step": control_button("Step", "Play one card for whoever is to move: a bot, or the autopilot "
                                   "for you on your turn (then the bots answer up to your next turn)", "ht-step"),
            "finish_trick": control_button("Finish trick", "Play until this trick is complete", "ht-finish-trick"),
            "finish_hand": control_button("Finish hand", "Let the bots play the rest of the hand, yours too",
                                          "ht-finish-hand"),
            "next_hand": control_button("Next hand", "Deal the next hand of the match", "ht-next-hand"),
            "finish_match": control_button("Finish match", "Let the bots play every remaining hand, yours too",
                                           "ht-finish-match"),
        }
        actions = {"hint": self.hint, "undo": self.undo, "step": self.step, "finish_trick": self.finish_trick,
                   "finish_hand": self.finish_hand, "next_hand": self.next_hand, "finish_match": self.play_match}
        for key, b in self.buttons.items():
            b.on_click(lambda _b, f=actions[key]: f())
        if self.match is None:
            self.buttons["finish_match"].layout.display = "none"
        self.auto_forced_box = w.Checkbox(value=auto_forced, description="Auto-play forced cards", indent=False,
                                          layout=w.Layout(width="auto"))
        self.auto_forced_box.observe(self._on_auto_forced, names="value")
        self.banner = w.HTML()
        self.banner.add_class("ht-banner-box")
        self.result_html = w.HTML()
        self.result_html.add_class("ht-result")
        self.scores_html = w.HTML()
        self.scores_html.add_class("ht-scores")
        self.log = w.HTML()
        self.log.add_class("ht-log")
        rp = self.review_panel
        controls = w.HBox(list(self.buttons.values()) + [self.auto_forced_box, rp.marks_box],
                          layout=w.Layout(flex_flow="row wrap", align_items="center"))
        controls.add_class("ht-controls")
        board = w.HBox([self.trick_view.widget, self.seats_html], layout=w.Layout(flex_flow="row wrap"))
        self.note_html = w.HTML(f"<div class='ht-position-note' role='note'><b>{escape(position_note)}</b></div>"
                                if position_note else "")
        self.widget = w.VBox([self.note_html, self.status, board, self.broken_html, self.your_box, rp.moves_html,
                              controls, self.banner, self.result_html, rp.review_html, rp.try_box,
                              self.practice_box, self.scores_html, self.log])
        self.widget.add_class("ht-table")
        self._start_hand()

    # set-up ---------------------------------------------------------------------------------
    def _difficulties(self, opponents: Any) -> dict[int, str]:
        table = self.hand.table
        others = [table.left(self.you, i) for i in range(1, table.players)]
        if isinstance(opponents, str):
            out = {s: opponents for s in others}
        elif isinstance(opponents, Mapping):
            missing = [s for s in others if s not in opponents]
            stray = [s for s in opponents if s not in others]
            if missing or stray:  # a stray seat (4 at a table of 3) would be silently ignored
                names = table.names
                gaps = f", missing {missing}" if missing else ""
                extra = (f"; seat {quote(stray[0])} is not one of them (a table of {table.players}: seats "
                         f"{', '.join(f'{s} {names[s]}' for s in table.seats)}, you at {self.you})" if stray else "")
                raise ArgumentError(f"opponents needs a bot for seats {others}{gaps}{extra}",
                                    argument="opponents")
            out = {s: opponents[s] for s in others}
        elif isinstance(opponents, list | tuple):
            if len(opponents) != len(others):
                raise ArgumentError(f"opponents needs {len(others)} difficulty names (clockwise from your left), "
                                    f"got {quote(opponents)}", argument="opponents")
            out = dict(zip(others, opponents, strict=True))
        else:
            raise ArgumentTypeError(f"opponents is a difficulty name, a list of {len(others)} or a dict by seat, "
                                    f"got {type(opponents).__name__} {quote(opponents)}", argument="opponents")
        for name in out.values():
            check_choice(name, "opponents", bot_names())
        return out

    def _make_bots(self) -> dict[int, Any]:
        return {s: make_bot(name, seed=hash64(f"table/{self.seed}/{s}") % (1 << 31))
                for s, name in self.difficulty.items()}

    @property
    def hand(self) -> Hand:
        if self._single is not None:
            return self._single
        assert self.match is not None  # a table holds either one hand or a match
        return self.match.hand

    @property
    def labels(self) -> tuple[str, ...]:
        return tuple("you" if s == self.you else self.difficulty.get(s, "bot") for s in self.hand.table.seats)

    def _new_picker(self) -> PassPicker:
        return PassPicker(self.hand, seat=self.you, on_confirm=self._after_pass, four_color=self.four_color,
                          faces=True, message=self.message)

    def _start_hand(self) -> None:
        """A new hand starts with clean messages; the bots choose their passes at once
        (cards move only when every seat has chosen)."""
        hand = self.hand
        self.log_lines = []
        self.last_hint = ""
        self._say("")
        if hand.phase is Phase.PASS:
            driver.play(hand, self._players(), stop=lambda h: h.phase is not Phase.PASS)
            self._log(f"Hand {hand.hand_number + 1}: {hand.pass_words()}; the bots have chosen their cards.")
        elif hand.pass_direction == "hold":
            self._log(f"Hand {hand.hand_number + 1}: a hold hand, no pass.")
        else:  # a position taken up after the pass (Continue, Try again): it was made already
            self._log(f"Hand {hand.hand_number + 1}: {hand.pass_words()}; the cards have been passed.")
        self.trick_view.hand = self.hand_widget.hand = hand
        self.pass_picker = self._new_picker()
        self._advance()
        self.refresh()

    # engine moves ------------------------------------------------------------------------------
    def _log(self, line: str) -> None:
        self.log_lines.append(line)

    def _players(self, you: Any = None) -> dict[int, Any]:
        """The bots by seat, and ``you`` (a player or None: wait for you) in your seat."""
        players = {s: b for s, b in self.bots.items() if s != self.you}
        players[self.you] = you
        return players

    def _who(self, seat: int) -> str:
        return "autopilot" if seat == self.you else self.difficulty[seat]

    def _drive(self, players: dict[int, Any], who: Callable[[int], str], **limits: Any) -> None:
        """The driver plays on, every card logged as ``who(seat)`` played it."""
        driver.play(self.hand, players, on_move=lambda seat, _kind, card, trick:
                    self._logged(card, seat, trick, who(seat)), **limits)

    def _play(self, card: Card, seat: int, who: str = "") -> None:
        self._logged(card, seat, self.hand.play(card, seat), who)

    def _logged(self, card: Card, seat: int, trick: Any, who: str = "") -> None:
        hand = self.hand
        note = f" ({who})" if who else ""
        self._log(f"Trick {trick.number if trick else hand.trick_number}: "
                  f"{hand.seat_names[seat]}{note} plays {card.pretty}")
        if trick is not None:
            self._log(f"  → {hand.seat_names[trick.taker]} takes trick {trick.number} "
                      f"({pts(trick.points)})")
        if hand.is_over:
            self._log(hand_result_text(hand))

    def _bot_move(self) -> str:
        """One move for the seat to play: its bot, or the autopilot on your seat.
        Returns what was done, as a clause ("South (autopilot) played 6♠")."""
        hand = self.hand
        if hand.phase is Phase.PASS:
            # cards you chose stay chosen: the autopilot only completes your pass
            mine = list(self.pass_picker.selected)
            picks = [c for c in self.autopilot.choose_pass(hand.view(self.you)) if c not in mine]
            cards = (mine + picks)[:3]
            self.autopilot_hands.add(hand.hand_number)
            self._autopilot_passing = True
            try:
                self.pass_picker.choose(cards)
            finally:
                self._autopilot_passing = False
            if mine:
                kept = " ".join(c.pretty for c in mine)
                return f"the autopilot completed your pass (your {kept} kept)"
            return "the autopilot chose your pass"
        seat = hand.turn
        assert seat is not None
        if seat == self.you:
            self.autopilot_hands.add(hand.hand_number)
        self._drive(self._players(self.autopilot), self._who, moves=1)
        return f"{hand.seat_names[seat]} ({self._who(seat)}) played {hand.history[-1].card.pretty}"

    def _advance(self) -> None:
        """Let the bots (and forced cards, if asked) move until you have a real choice."""
        if self.hand.phase is not Phase.PLAY:
            return
        players = self._players(ForcedCardsOnly() if self.auto_forced_box.value else None)
        if not self.autoplay:
            players = {self.you: players[self.you]}
        self._drive(players, lambda seat: "forced" if seat == self.you else self.difficulty[seat])

    def _human_play(self, card: Card) -> str:
        hand = self.hand
        before = len(hand.tricks)
        index = len(hand.history)
        self._play(card, self.you)
        self.review_panel.record(hand, index)
        self.last_hint = ""
        self._advance()
        self.refresh()
        said = f"You played {card.pretty}."
        done = hand.tricks[before:]
        if done:
            t = done[0]
            if t.winner == self.you:  # you are told as "you", not by your seat's name
                said = f"You played {card.pretty} and took trick {t.number} ({pts(t.points)})."
            else:
                said += f" {hand.seat_names[t.taker]} took trick {t.number} ({pts(t.points)})."
        if hand.is_over:
            # the last card ends the hand (or the match): say it where you tapped, not only
            # in the result and the banner further down the page
            said += " " + sentence(hand_result_text(hand))
            if self.match is not None and self.match.is_over:
                who = f"{self._winner_name()} wins"
                said += f" The match is over: {who} with {self.match.totals[self._winner_seat()]} points."
            elif self.match is not None:
                said += f" Next hand deals hand {hand.hand_number + 2}."
            self._focus_cards()  # your hand is empty: focus goes to Next hand
        return said

    def _after_pass(self, cards: CardList) -> str:
        hand = self.hand
        self.last_hint = ""
        passed = " ".join(c.pretty for c in cards)
        if not self._autopilot_passing:  # your own pass is graded; the autopilot's is not yours
            self.review_panel.record(hand, max(i for i, a in enumerate(hand.history)
                                               if a.kind == "pass" and a.seat == self.you))
        to = hand.seat_names[self.pass_picker.receiver]
        self._log(f"You pass {passed} to {to}.")
        got = hand.received(self.you)
        said = f"You passed {passed} to {to}."
        if got is not None:
            giver = pass_source(self.you, hand.pass_direction, hand.table)
            received = " ".join(c.pretty for c in got)
            source = hand.seat_names[giver] if giver is not None else "nobody"  # a pass hand: someone gave
            self._log(f"You receive {received} from {source} (shown as “new” until trick 1 ends).")
            said = (f"You passed {passed} to {to} and received {received} from {source}"
                    " (shown as “new” until trick 1 ends).")
        self._advance()
        self.refresh()
        self._focus_cards()
        return self._say(said, "ok")

    def _on_auto_forced(self, _change: Any) -> None:
        self._advance()
        self.refresh()

    # controls (also the text path) ------------------------------------------------------------
    def _say(self, text: str, kind: str = "info") -> str:
        self.last_message = text
        self.message.value = status_html(text, kind)
        self.hand_widget.last_message = self.pass_picker.last_message = ""
        return text

    def play(self, card: CardLike) -> str:
        """Play your card, as a click on it would (an illegal card gets the engine's reason)."""
        msg = self.hand_widget.play(card)
        return self._say(msg, "error" if msg.startswith("Can") or msg.startswith("Not ") else "ok")

    def pass_cards(self, cards: str | list[CardLike]) -> str:
        """Choose your three cards and confirm, as the pass picker would."""
        before = self.hand.passed(self.you)
        msg = self.pass_picker.choose(cards)
        if before is None and self.hand.passed(self.you) is not None:
            return self.last_message  # _after_pass has said what was passed and received
        return self._say(msg, "error")

    def hint(self) -> str:
        """Ask the coach what to do now, with its reason (shown until your next move)."""
        hand = self.hand
        if hand.phase is Phase.OVER:
            return self._say("The hand is over: nothing to hint.", "error")
        if hand.phase is Phase.PLAY and hand.turn != self.you:
            return self._say(f"Not your turn: {hand.seat_names[hand.to_act()]} is to play.", "error")
        if hand.phase is Phase.PASS and self.pass_picker.done:
            return self._say("Your pass is made; waiting for the others.", "error")
        try:
            self.hint_result = self.hint_fn(hand.view(self.you))
        except HeartsError as e:
            return self._say(f"No hint here: {e}", "error")
        text = "Hint: " + sentence(format_hint(self.hint_result))
        self.last_hint = text
        self._log(text)  # the hint stays in the log after your next click
        return self._say(text, "hint")

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
        self.refresh()
        self._focus_cards()  # the card is back in your hand: so is the focus
        return self._say(f"Took back {card.pretty}; it is your turn again.", "ok")

    def step(self) -> str:
        """One card by whoever is to move (your seat by the autopilot); the bots then answer
        up to your turn. Says which card the step itself played."""
        self.last_hint = ""
        hand = self.hand
        if hand.phase is Phase.OVER:
            return self._say("The hand is over.", "error")
        if hand.phase is Phase.PASS:
            done = self._bot_move()
            return self._say(f"Step: {done}. " + self.last_message)
        did = self._bot_move()
        self._advance()
        self.refresh()
        return self._say(f"Step: {did}.")

    def _busy(self, text: str) -> None:
        """Say what is being played out and lock the buttons until ``refresh()``: strong bots
        take seconds, and the page only hears of the result at the end."""
        for b in self.buttons.values():
            b.disabled = True
        self._say(text)

    def _autoplay(self, more: Callable[[], bool]) -> bool:
        """The autopilot passes if needed, then plays while ``more()`` holds and the hand
        lasts; False when the hand was already over."""
        self.last_hint = ""
        hand = self.hand
        if hand.phase is Phase.OVER:
            return False
        if hand.phase is Phase.PASS:
            self._bot_move()
        if hand.phase is Phase.PLAY:
            self.autopilot_hands.add(hand.hand_number)
            self._drive(self._players(self.autopilot), self._who, stop=lambda _h: not more())
        return True

    def finish_trick(self) -> str:
        hand = self.hand
        target = len(hand.tricks) + 1
        if not self._autoplay(lambda: len(hand.tricks) < target):
            return self._say("The hand is over.", "error")
        self._advance()
        self.refresh()
        last = hand.last_trick
        if last is None:  # _autoplay completed a trick, so there is one
            return self._say("No trick has been completed yet.", "error")
        return self._say(f"Trick {last.number} done: {hand.seat_names[last.taker]} took it "
                         f"({pts(last.points)}).")

    def finish_hand(self) -> str:
        """The autopilot plays out the hand; returns the result (shown once, in the result box)."""
        hand = self.hand
        if hand.phase is Phase.OVER:
            return self._say("The hand is over.", "error")
        self._busy(f"Finishing hand {hand.hand_number + 1}: the autopilot plays your cards…")
        self._autoplay(lambda: True)
        self.refresh()
        self._focus_cards()  # on Next hand, as after your own last card
        self._say("")
        return hand_result_text(hand)

    def next_hand(self) -> str:
        if self.match is None:
            return self._say("This table plays a single hand.", "error")
        if not self.hand.is_over:
            return self._say(f"Finish hand {self.hand.hand_number + 1} first.", "error")
        if self.match.is_over:
            return self._say("The match is over.", "error")
        self.match.next_hand()
        self._start_hand()
        self._focus_cards()
        return self._say(f"Hand {self.hand.hand_number + 1} dealt: {self.hand.pass_words()}.")

    def play_match(self) -> str:
        """Let the autopilot play every remaining hand for you; returns the winner line."""
        if self.match is None:
            return self._say("This table plays a single hand.", "error")
        if not self.match.is_over:
            self._busy("Finishing the match: the autopilot plays your cards in every hand left…")
        while True:
            self.finish_hand()
            if self.match.is_over:
                break
            self.next_hand()
        self._say("")
        return self.winner_line()

    # drawing -----------------------------------------------------------------------------------
    def winner_line(self) -> str:
        """'North wins the match with 54 points (the lowest total).' once the match is over."""
        if self.match is None or not self.match.is_over:
            return ""
        names, totals = self.hand.seat_names, self.match.totals
        who = f"{self._winner_name(third_person=True)} wins"
        return (f"{who} the match with {totals[self._winner_seat()]} points (the lowest total). Final totals: "
                + ", ".join(f"{n} {v}" for n, v in zip(names, totals, strict=True)) + ".")

    def status_head(self) -> str:
        """'Hand 1 of a match to 100 · pass left · you are South': the status line without who is to act."""
        hand, names = self.hand, self.hand.seat_names
        head = f"Hand {hand.hand_number + 1}"
        if self.match is not None:
            head += f" of a match to {self.match.rules.end_score}"
        return head + f" · {hand.pass_words()} · you are {names[self.you]}"

    def status_line(self) -> str:
        hand, names = self.hand, self.hand.seat_names
        head = self.status_head()
        if hand.phase is Phase.PASS:
            return head + (" · choose 3 cards to pass" if not self.pass_picker.done else " · waiting")
        if hand.phase is Phase.PLAY:
            who = "you" if hand.turn == self.you else names[hand.to_act()]
            return head + f" · trick {hand.trick_number} of {hand.rules.hand_size} · ▶ {who} to play"
        if self.match is not None and self.match.is_over:
            return head + " · the match is over"
        return head + " · the hand is over"

    def _received_marks(self) -> dict[str, str]:
        """Your received cards, marked while the first trick is played."""
        hand = self.hand
        got = hand.received(self.you)
        if got is None or hand.phase is not Phase.PLAY or hand.tricks:
            return {}
        giver = pass_source(self.you, hand.pass_direction, hand.table)
        source = hand.seat_names[giver] if giver is not None else "nobody"  # a pass hand: someone gave
        return {str(c): f"received from {source}" for c in got}

    def refresh(self) -> None:
        hand, names = self.hand, self.hand.seat_names
        self.status.value = f"<div style='font-size:1.05em'><b>{escape(self.status_line())}</b></div>"
        totals = self.match.totals if self.match is not None else (0,) * hand.players
        rows = []
        for s in hand.table.seats:
            turn = s == hand.turn
            mark = "▶ " if turn else ""
            weight = "bold" if turn else "normal"
            rows.append(f"<tr style='font-weight:{weight}'><td>{mark}{escape(names[s])}</td>"
                        f"<td>{escape(self.labels[s])}</td><td style='text-align:right'>{len(hand.cards(s))}</td>"
                        f"<td style='text-align:right'>{hand.points_taken[s]}</td>"
                        f"<td style='text-align:right'>{totals[s]}</td></tr>")
        th = "style='padding:0 6px;text-align:left;white-space:nowrap'"
        self.seats_html.value = (f"<table style='font-family:sans-serif'><tr>"
                                 f"<th {th}>seat</th><th {th}>player</th><th {th}>cards</th>"
                                 f"<th {th}><abbr title='points this hand'>hand</abbr></th>"
                                 f"<th {th}><abbr title='match total'>total</abbr></th></tr>"
                                 + "".join(rows) + "</table>")
        self.trick_view.hand = hand
        self.trick_view.refresh()
        self.broken_html.value = f"<div>{escape(broken_text(hand))}</div>" if hand.phase is not Phase.PASS else ""
        self.hand_widget.hand = hand
        self.hand_widget.marks = self._received_marks()
        self.hand_widget.refresh()
        self.pass_picker.refresh()
        if hand.phase is Phase.PASS:
            children = (self.pass_picker.widget,)
        else:
            children = (self.hand_widget.widget,)
        if self.your_box.children != children:
            self.your_box.children = children
        over = hand.phase is Phase.OVER
        match_over = self.match is not None and self.match.is_over
        self.buttons["undo"].disabled = not (self.practice and not over and any(
            a.kind == "play" and a.seat == self.you for a in hand.history))
        self.buttons["hint"].disabled = over or (hand.phase is Phase.PLAY and hand.turn != self.you) or (
            hand.phase is Phase.PASS and self.pass_picker.done)
        for k in ("step", "finish_trick", "finish_hand"):
            self.buttons[k].disabled = over
        self.buttons["next_hand"].disabled = not (over and self.match is not None and not match_over)
        self.buttons["finish_match"].disabled = match_over or self.match is None
        self.result_html.value = (f"<div style='font-size:1.1em'><b>{escape(hand_result_text(hand))}</b></div>"
                                  if over else "")
        self.banner.value = (f"<div class='ht-banner' role='status'>★ <b>{escape(self.winner_line())}</b></div>"
                             if match_over else "")
        # once the match is over the banner names the winner: the table does not repeat it
        self.scores_html.value = score_table_html(self.match, winner_line=not match_over) if (
            self.match is not None and (over or self.match.finished_hands)) else ""
        # a scrolling box must be reachable by keyboard: it takes focus and has a name
        # a practice table inside the match's table: its landmarks get names of their own
        label = "Practice log" if self.position_note else "Log"
        self.log.value = (f"<div class='ht-log-box' tabindex='0' role='region' aria-label='{label}, newest first'>"
                          "<div><b>Log</b> (newest first)</div>"
                          + "".join(f"<div>{escape(line)}</div>" for line in reversed(self.log_lines)) + "</div>")
        self.review_panel.render(hand, self.match, hand_result_text(hand) if over else "")
        if self.on_action is not None:
            self.on_action(self)

    def text(self) -> str:
        hand = self.hand
        lines = [self.position_note] if self.position_note else []
        # the status line's hand and pass once (the position's own first line would repeat them), then the
        # position, whose next line says who is to act ("Trick 2 of 13 · ▶ South to play")
        lines += [self.status_head(), position_text(hand, self.labels, show=[self.you], heading=False)]
        marks = self._received_marks()  # the text shows the "new" marks the table draws on your cards
        if marks:
            source = next(iter(marks.values())).removeprefix("received from ")
            lines.append(f"New in your hand (from {source}): {' '.join(Card(c).pretty for c in marks)}")
        if hand.phase is Phase.PLAY and hand.turn == self.you:
            lines.append(self.hand_widget.legal_line())
        if self.last_hint:
            lines.append(self.last_hint)
        if self.match is not None and (hand.is_over or self.match.finished_hands):
            lines.append(self.match.score_table())
        if self.winner_line():
            lines.append(self.winner_line())
        review = self.review
        if hand.is_over:
            lines.append(review.text())
        elif review.decisions and self.review_panel.marks_box.value:
            lines.append("Your moves: " + " · ".join(f"{g.label} {g.mark}" for g in review.decisions))
        return "\n".join(lines)

    # review --------------------------------------------------------------------------------------
    @property
    def review(self) -> Any:
        """The review of this hand so far (``HandReview``; waits for the coach's verdicts)."""
        hand = self.hand
        return self.review_panel.review(hand, hand_result_text(hand) if hand.is_over else "")

    @property
    def match_review(self) -> Any:
        """The review of the match's finished hands (``MatchReview``)."""
        self.review_panel.queue.wait()
        self.review_panel.render()
        return self.review_panel.match_review()

    def try_again(self, n: int = 1) -> str:
        """Play the ``n``-th moment that mattered of this hand's review again, in a practice
        table below (the match is not changed). Returns what the practice table says."""
        review = self.review
        moments = review.moments
        if not moments:
            return self._say("Nothing to try again: no decision of this hand was an inaccuracy or worse.", "error")
        if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= len(moments):
            return self._say(f"Try again takes a moment of the review, 1 to {len(moments)}; got {quote(n)}.",
                             "error")
        g = moments[n - 1]
        from hearts_teach.agents.review import position_at

        where = f"hand {self.hand.hand_number + 1}, before your {g.label}"
        note = (f"Practice position ({where}) — not the match: play it differently; your match is not "
                f"changed. Close practice returns to it.")
        if self.practice_table is not None:
            self.practice_table.close()
        self.practice_table = TableWidget(self.seed, {s: d for s, d in self.difficulty.items()}, seat=self.you,
                                          hand=position_at(self.hand, g.index), trick_pause=self.trick_pause,
                                          hint_fn=self.hint_fn if self.hint_fn is not coach_hint else None,
                                          marks=self.review_panel.marks_box.value, position_note=note)
        close = control_button("Close practice", "Back to your match", "ht-close-practice")
        close.on_click(lambda _b: self.close_practice())
        self.practice_box.children = (self.practice_table.widget, close)
        self.practice_table._focus_cards()
        return note

    def close_practice(self) -> str:
        if self.practice_table is None:
            return self._say("No practice position is open.", "error")
        self.practice_table.close()
        self.practice_table = None
        self.practice_box.children = ()
        self._focus_cards()
        return self._say("Practice closed: back to your match.")

    def close(self) -> None:
        """Stop the coach's background grading and close the widgets (a table that is replaced)."""
        self.review_panel.close()
        if self.practice_table is not None:
            self.practice_table.close()
        _close_tree(self.widget)

    def _winner_seat(self) -> int:
        """The seat that won the match (asked only once the match is over)."""
        winner = self.match.winner if self.match is not None else None
        if winner is None:
            raise WrongPhaseError("the match is not over yet: nobody has won it", rule=Rule.WRONG_PHASE)
        return winner

    def _winner_name(self, third_person: bool = False) -> str:
        """Who won: 'North', 'you' / 'South (you)', and never "you" alone when the autopilot
        played for you (it says so)."""
        w_ = self._winner_seat()
        name = self.hand.seat_names[w_]
        if w_ != self.you:
            return name
        if self.autopilot_hands:
            played = len(self.autopilot_hands)
            total = len(self.match.finished_hands) if self.match is not None else 0
            if played >= total:
                return f"{name} (the autopilot, playing for you)"
            return f"{name} (you, with the autopilot playing for you in {played} of {total} hands)"
        return f"{name} (you)" if third_person else "you"

    def _focus_cards(self) -> None:
        """Keyboard focus back on your cards (the pass or your hand), or on Next hand once the
        hand is over: after Confirm pass, your last card, Next hand, Finish hand and Undo."""
        hand = self.hand
        if hand.phase is Phase.OVER:
            if not self.buttons["next_hand"].disabled:
                self.buttons["next_hand"].focus()
            return
        row = self.pass_picker.row if hand.phase is Phase.PASS else self.hand_widget.row
        if row is not None:
            row.focus()


def _close_tree(widget: Any) -> None:
    for child in getattr(widget, "children", ()):
        _close_tree(child)
    widget.close()
