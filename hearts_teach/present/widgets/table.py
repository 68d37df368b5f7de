"""``TrickView`` and ``TableWidget``: a hand or a whole match against bots, by clicks.

The table owns a ``Match`` (or a single ``Hand``), one bot per opponent seat made with
``make_bot(difficulty, seed)``, and the coach's ``hint`` for the hint button. All state
lives in the engine; ``refresh()`` redraws everything from it, so undo and replays can
never leave the view out of step with the game.
"""

from __future__ import annotations

import os
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
from hearts_teach.kernel.errors import ArgumentError, ArgumentTypeError, HeartsError, quote
from hearts_teach.kernel.rng import hash64
from hearts_teach.kernel.validation import check_callable, check_choice, check_seed
from hearts_teach.present.render import (
    broken_text,
    hand_result_text,
    position_text,
    pts,
    score_table_html,
    suit_color,
    trick_status,
)
from hearts_teach.present.widgets.card_faces import TrickBoard
from hearts_teach.present.widgets.common import WidgetView, control_button, sentence, status_html
from hearts_teach.present.widgets.hand_widget import HandWidget
from hearts_teach.present.widgets.pass_picker import PassPicker


def trick_state(trick: Any, names: Sequence[str], newest: bool, four_color: bool | None = None) -> dict | None:
    """A trick as ``TrickBoard`` draws it: its cards by seat, text marks, and a status line."""
    if trick is None:
        return None
    plays = []
    for i, (seat, card) in enumerate(zip(trick.seats, trick.cards, strict=False)):
        notes = []
        if seat == trick.leader:
            notes.append("▶ led")
        if trick.winner is not None and seat == trick.winner:
            notes.append("✓ wins")
        is_new = newest and i == len(trick.cards) - 1
        if is_new:
            notes.append("● latest")
        plays.append({"seat": seat, "label": card.pretty, "color": suit_color(card.suit, four_color),
                      "notes": ", ".join(notes), "newest": is_new})
    return {"number": trick.number, "status": trick_status(trick, names), "plays": plays}


def pass_words(direction: str) -> str:
    """'pass left', …, and 'no pass (a hold hand)' rather than 'pass hold'."""
    return "no pass (a hold hand)" if direction == "hold" else f"pass {direction}"


def trick_pause_default() -> float:
    """Seconds a completed trick stays in view: ``HEARTS_TRICK_PAUSE`` (tests set 0), else 0.8."""
    try:
        return max(0.0, float(os.environ.get("HEARTS_TRICK_PAUSE", "0.8")))
    except ValueError:
        return 0.8


class TrickView(WidgetView):
    """The trick in progress and the last trick, laid out like the table (N top, S bottom).

    Drawn as card faces by ``TrickBoard``; the newest card is outlined and labelled
    "● latest"; a completed trick stays in the middle for ``pause`` seconds (in the browser).
    """

    def __init__(self, hand: Hand, *, four_color: bool | None = None, pause: float | None = None):
        self.hand = hand
        self.four_color = four_color
        self.board = TrickBoard(pause_ms=round(1000 * (trick_pause_default() if pause is None else pause)))
        self.board.add_class("ht-trick-view")
        self.widget = self.board
        self.refresh()

    def refresh(self) -> None:
        hand = self.hand
        names = list(hand.seat_names)
        current = hand.current_trick
        has_current = current is not None and bool(current.cards)
        cur = trick_state(current, names, has_current, self.four_color)
        last = trick_state(hand.last_trick, names, not has_current, self.four_color)
        with self.board.hold_sync():
            self.board.names = names
            self.board.last = last
            self.board.current = cur

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
                 trick_pause: float | None = None):
        _check_table_args(seed, seat, match, hand, rules, bots, hint_fn, four_color, trick_pause)
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
        self.hand_widget.row.on_click = self.play  # type: ignore[union-attr]  # clicks speak through the table
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
        controls = w.HBox(list(self.buttons.values()) + [self.auto_forced_box],
                          layout=w.Layout(flex_flow="row wrap", align_items="center"))
        controls.add_class("ht-controls")
        board = w.HBox([self.trick_view.widget, self.seats_html], layout=w.Layout(flex_flow="row wrap"))
        self.widget = w.VBox([self.status, board, self.broken_html, self.your_box, controls, self.banner,
                              self.result_html, self.scores_html, self.log])
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
        return self._single if self._single is not None else self.match.hand  # type: ignore[union-attr]

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
            self._log(f"Hand {hand.hand_number + 1}: pass {hand.pass_direction}; the bots have chosen their cards.")
        else:
            self._log(f"Hand {hand.hand_number + 1}: a hold hand, no pass.")
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
            self._log(f"  → {hand.seat_names[trick.winner]} takes trick {trick.number} "  # type: ignore[index]
                      f"({pts(trick.points)})")
        if hand.is_over:
            self._log(hand_result_text(hand))

    def _bot_move(self) -> str:
        """One move for the seat to play: its bot, or the autopilot on your seat.
        Returns what was done, as a clause ("South (autopilot) played 6♠")."""
        hand = self.hand
        if hand.phase is Phase.PASS:
            picker_cards = self.autopilot.choose_pass(hand.view(self.you))
            self.pass_picker.choose(list(picker_cards))
            return "the autopilot chose your pass"
        seat = hand.turn
        assert seat is not None
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
        self._play(card, self.you)
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
                said += f" {hand.seat_names[t.winner]} took trick {t.number} ({pts(t.points)})."  # type: ignore[index]
        if hand.is_over:
            # the last card ends the hand (or the match): say it where you tapped, not only
            # in the result and the banner further down the page
            said += " " + sentence(hand_result_text(hand))
            if self.match is not None and self.match.is_over:
                w_ = self.match.winner
                who = "you win" if w_ == self.you else f"{hand.seat_names[w_]} wins"  # type: ignore[index]
                said += f" The match is over: {who} with {self.match.totals[w_]} points."  # type: ignore[index]
            elif self.match is not None:
                said += f" Next hand deals hand {hand.hand_number + 2}."
        return said

    def _after_pass(self, cards: CardList) -> str:
        hand = self.hand
        self.last_hint = ""
        passed = " ".join(c.pretty for c in cards)
        to = hand.seat_names[self.pass_picker.receiver]  # type: ignore[index]
        self._log(f"You pass {passed} to {to}.")
        got = hand.received(self.you)
        said = f"You passed {passed} to {to}."
        if got is not None:
            giver = pass_source(self.you, hand.pass_direction, hand.table)
            received = " ".join(c.pretty for c in got)
            self._log(f"You receive {received} from {hand.seat_names[giver]} (marked “new” in your hand).")
            said = (f"You passed {passed} to {to} and received {received} from {hand.seat_names[giver]}"
                    " (marked “new” in your hand).")
        self._advance()
        self.refresh()
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
            return self._say(f"Not your turn: {hand.seat_names[hand.turn]} is to play.", "error")  # type: ignore[index]
        if hand.phase is Phase.PASS and self.pass_picker.done:
            return self._say("Your pass is made; waiting for the others.", "error")
        try:
            self.hint_result = self.hint_fn(hand.view(self.you))
        except HeartsError as e:
            return self._say(f"No hint here: {e}", "error")
        text = "Hint: " + sentence(format_hint(self.hint_result))
        self.last_hint = text
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
        return self._say(f"Took back {card.pretty}; it is your turn again.", "ok")

    def step(self) -> str:
        """One card by whoever is to move (your seat by the autopilot); the bots then answer
        up to your turn. Says which card the step itself played."""
        self.last_hint = ""
        hand = self.hand
        if hand.phase is Phase.OVER:
            return self._say("The hand is over.", "error")
        if hand.phase is Phase.PASS:
            self._bot_move()
            return self._say("Step: the autopilot chose your pass. " + self.last_message)
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
        return self._say(f"Trick {last.number} done: {hand.seat_names[last.winner]} took it "  # type: ignore[union-attr,index]
                         f"({pts(last.points)}).")  # type: ignore[union-attr]

    def finish_hand(self) -> str:
        """The autopilot plays out the hand; returns the result (shown once, in the result box)."""
        hand = self.hand
        if hand.phase is Phase.OVER:
            return self._say("The hand is over.", "error")
        self._busy(f"Finishing hand {hand.hand_number + 1}: the autopilot plays your cards…")
        self._autoplay(lambda: True)
        self.refresh()
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
        return self._say(f"Hand {self.hand.hand_number + 1} dealt: {pass_words(self.hand.pass_direction)}.")

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
        w_ = self.match.winner
        who = f"{names[w_]}{' (you)' if w_ == self.you else ''} wins"  # type: ignore[index]
        return (f"{who} the match with {totals[w_]} points (the lowest total). Final totals: "  # type: ignore[index]
                + ", ".join(f"{n} {v}" for n, v in zip(names, totals, strict=True)) + ".")

    def status_line(self) -> str:
        hand, names = self.hand, self.hand.seat_names
        head = f"Hand {hand.hand_number + 1}"
        if self.match is not None:
            head += f" of a match to {self.match.rules.end_score}"
        head += f" · {pass_words(hand.pass_direction)} · you are {names[self.you]}"
        if hand.phase is Phase.PASS:
            return head + (" · choose 3 cards to pass" if not self.pass_picker.done else " · waiting")
        if hand.phase is Phase.PLAY:
            who = "you" if hand.turn == self.you else names[hand.turn]  # type: ignore[index]
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
        return {str(c): f"received from {hand.seat_names[giver]}" for c in got}

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
        self.log.value = ("<div class='ht-log-box' tabindex='0' role='region' aria-label='Log, newest first'>"
                          "<div><b>Log</b> (newest first)</div>"
                          + "".join(f"<div>{escape(line)}</div>" for line in reversed(self.log_lines)) + "</div>")

    def text(self) -> str:
        hand = self.hand
        lines = [self.status_line(), position_text(hand, self.labels, show=[self.you])]
        if hand.phase is Phase.PLAY and hand.turn == self.you:
            lines.append(self.hand_widget.legal_line())
        if self.last_hint:
            lines.append(self.last_hint)
        if self.match is not None and (hand.is_over or self.match.finished_hands):
            lines.append(self.match.score_table())
        if self.winner_line():
            lines.append(self.winner_line())
        return "\n".join(lines)
