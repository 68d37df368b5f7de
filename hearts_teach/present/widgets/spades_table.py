"""Spades widgets for lesson 09: ``BidWidget`` (choose a bid) and ``SpadesTable`` (play a
match with a partner against two bots).

They follow the project's widget rules (``hearts_teach.present.widgets.common``): ipywidgets 8,
every button has a description and a tooltip, callbacks never print (they set
``HTML.value`` and use ``Output.append_stdout``), and ``text()`` gives the same state as
text for notebooks and nbval. The Hearts ``HandWidget`` and ``TableWidget`` are built on
the Hearts pass/play phases, so the Spades table has its own small version here.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from html import escape
from typing import Any

import ipywidgets as w

from hearts_teach.agents import driver
from hearts_teach.agents.protocol import BID
from hearts_teach.agents.spades import (
    SpadesBot,
    estimate_tricks,
    nil_faults,
    nil_ok,
    quarters,
    view_bid,
    wants_blind_nil,
)
from hearts_teach.games.spades.game import SpadesHand, SpadesTrick, bid_word
from hearts_teach.games.spades.match import SpadesMatch
from hearts_teach.games.spades.rules import SpadesRules
from hearts_teach.games.spades.scoring import BLIND_NIL, is_blind, partner_of
from hearts_teach.kernel.cards import Card, CardLike, CardList, to_card
from hearts_teach.kernel.errors import HeartsError
from hearts_teach.kernel.table import FOUR
from hearts_teach.present.render import card_html, compass_html, ordered
from hearts_teach.present.spades_render import status_line, team_label
from hearts_teach.present.widgets.common import (
    WidgetView,
    card_button,
    control_button,
    sentence,
    status_html,
    sync_buttons,
)


def bid_tooltip(value: int) -> str:
    if is_blind(value):
        return ("Bid blind nil: before looking at your cards you promise to take no trick "
                "(+200 if you manage, -200 if not)")
    if value == 0:
        return "Bid nil: you promise to take no trick at all (+100 if you manage, -100 if not)"
    return (f"Bid {value}: you count on {value} trick{'s' * (value != 1)} from your hand; "
            f"your partner's bid is added to make the team contract")


def trick_compass_html(trick: SpadesTrick | None, names: Sequence[str], caption: str) -> str:
    """A Spades trick laid out like the table (North on top); text marks for leader and winner."""
    return compass_html(trick, names, caption, win_mark="✓ wins" + (trick.trump_mark if trick is not None else ""))


def trick_text(trick: SpadesTrick | None, names: Sequence[str], caption: str) -> str:
    if trick is None:
        return f"{caption}: none yet"
    played = ", ".join(f"{names[s]} {c.pretty}" for s, c in zip(trick.seats, trick.cards, strict=False))
    tail = ""
    if trick.winner is not None:
        tail = f" → {names[trick.winner]} wins" + (" with a trump" if trick.trumped else "")
    return f"{caption} {trick.number}: {played or '(no cards yet)'}{tail}"


def _tricks(n: float) -> str:
    """A trick count in quarters, as lesson 09a and Suggest write it: "1 trick", "6½ tricks"."""
    return f"{quarters(n)} trick{'' if n == 1 else 's'}"


def adjusted(estimate: float, bid: int) -> bool:
    """Whether a (non-nil) bid differs from the estimate rounded (halves down, at least 1): the
    weighed bidder adjusted it for the other bids or the score."""
    return bid != max(1, math.ceil(estimate - 0.5))


def compare_bid(cards: Iterable[CardLike], bid: int, advice: int) -> str:
    """Feedback on a bid: the rule of thumb's estimate for the same cards, its bid (``advice``,
    from ``view_bid`` before the bid was made) and what the difference risks (rules S6-S8)."""
    est = estimate_tricks(cards, long_spades=True)
    theirs = f"The rule of thumb counts {_tricks(est)} in these cards and bids {bid_word(advice)}"
    if advice != 0 and adjusted(est, advice):
        theirs += " (adjusted for the other bids and the score)"
    if bid == advice:
        return theirs + ": the same bid."
    if bid == 0:
        faults = nil_faults(cards)
        return theirs + (f", not nil: {'; '.join(faults)}." if faults else
                         ", not nil (the other bids or the score make it too risky here).")
    if advice == 0:
        return theirs + (": it sees no card that has to win a trick, and nil is worth 100 when it holds.")
    diff = abs(bid - advice)
    if bid > advice:
        return theirs + (f": you count on {_tricks(diff)} more. If your team takes fewer tricks than its "
                         f"contract, it is set: −10 for every trick bid.")
    return theirs + (f": you count on {_tricks(diff)} fewer. Every trick your team takes beyond its "
                     f"contract is a bag, worth 1 point, and every tenth bag costs 100.")


def lesson_note(estimate: float, advice: int, lesson: int) -> str:
    """Lesson 09a's bid (``lesson``: the count with any fraction dropped, at least 1) beside the bots'
    (``advice``), with why they differ: the bots round three quarters up, adjust for the other bids and
    the score, or bid nil."""
    if lesson == advice:  # one bid, said once
        return "This lesson's bid is the same as the bots'."
    note = f"This lesson's bid (drop any fraction, at least 1): {lesson}"
    if advice == 0:
        return note + ": the bots bid nil here, which this lesson leaves aside."
    if lesson != max(1, math.ceil(estimate - 0.5)):
        return note + ": the bots round three quarters up; this lesson drops them."
    return note + ": the bots adjusted theirs for the other bids and the score."


class BidWidget(WidgetView):
    """``BidWidget(hand, seat=0, bots=None)``: click Nil or 1..13 to bid for ``seat``.

    With ``bots`` (one per seat, None for yours) the other seats bid by themselves, before
    and after you. "Suggest" shows the bidding heuristic's estimate and its advice.
    When the rules allow ``seat`` a blind nil this hand, the cards start face down: "Blind nil"
    bids it unseen, "Look at my cards" turns them over (and a blind nil is then no longer
    possible). Parts: ``buttons`` ('blind', 'look', 'nil', '1'..'13', 'suggest'), ``cards_html``,
    ``bids_html``, ``message``. With ``lesson_bid`` (lesson 09a's rule: the count with any fraction
    dropped), Suggest and the answer to a bid also show that bid beside the bots' (``lesson_note``).
    """

    def __init__(self, hand: SpadesHand, seat: int = 0, bots: Sequence[Any] | None = None,
                 on_bid: Callable[[int | str], str] | None = None,
                 lesson_bid: Callable[[CardList], int] | None = None):
        self.hand = hand
        self.seat = seat
        self.bots = bots
        self.lesson_bid = lesson_bid
        self.on_bid = on_bid  # the table passes its own bid (which also lets the bots move)
        self.last_message = ""
        self.header = w.HTML()
        self.cards_html = w.HTML()
        self.bids_html = w.HTML()
        self.message = w.HTML(status_html(""))
        self.message.add_class("ht-message")
        self.buttons: dict[str, w.Button] = {}
        self.blind_possible = hand.may_bid_blind_nil(seat)
        self.looked = not self.blind_possible  # the cards stay face down while blind nil is possible
        self.buttons["blind"] = control_button("Blind nil", bid_tooltip(BLIND_NIL), "ht-bid-blind")
        self.buttons["blind"].on_click(lambda _b: self.bid(BLIND_NIL))
        self.buttons["look"] = control_button("Look at my cards", "Turn your cards over (after that a "
                                              "blind nil is no longer possible)", "ht-look")
        self.buttons["look"].on_click(lambda _b: self.look())
        for v in range(14):
            key = "nil" if v == 0 else str(v)
            b = control_button("Nil" if v == 0 else str(v), bid_tooltip(v), f"ht-bid-{key}")
            b.on_click(lambda _b, v=v: self.bid(v))
            self.buttons[key] = b
        self.buttons["suggest"] = control_button("Suggest", "Show what the bidding heuristic would bid "
                                                 "with these cards, and why", "ht-suggest")
        self.buttons["suggest"].on_click(lambda _b: self.suggest())
        row = w.HBox([self.buttons[k] for k in ["nil"] + [str(v) for v in range(1, 14)]],
                     layout=w.Layout(flex_flow="row wrap"))
        blind_row = w.HBox([self.buttons["blind"], self.buttons["look"]])
        blind_row.layout.display = None if self.blind_possible else "none"
        self.widget = w.VBox([self.header, self.cards_html, blind_row, row, self.buttons["suggest"],
                              self.bids_html, self.message])
        self.widget.add_class("ht-bid-widget")
        self._bots_bid()
        self.refresh()

    def _bots_bid(self) -> None:
        if self.bots is None:
            return
        players = [None if s == self.seat else b for s, b in enumerate(self.bots)]
        driver.play(self.hand, players, stop=lambda h: h.phase != "bid")

    def bids_line(self) -> str:
        h = self.hand
        line = f"Bids so far: {h.bids_text()}"
        if h.phase != "bid":
            c = h.contracts
            line += (f". Contracts: {team_label(0, h.seat_names)} {c[0]}, "
                     f"{team_label(1, h.seat_names)} {c[1]}")
        return line

    def refresh(self) -> None:
        h, s = self.hand, self.seat
        names = h.seat_names
        if h.phase == "bid" and h.turn == s:
            partner = h.bids[partner_of(s)]
            said = ("your partner has not bid yet" if partner is None
                    else f"your partner ({names[partner_of(s)]}) bid {bid_word(partner)}")
            head = f"{names[s]} to bid: {said}"
        elif h.phase == "bid":
            head = f"Waiting for {names[h.to_act()]} to bid"
        else:
            head = "The bidding is over"
        self.header.value = f"<b>{escape(head)}</b>"
        cards = h.cards(s)
        if self.face_up:
            self.cards_html.value = (f"<div>{''.join(card_html(c) for c in sorted(cards, reverse=True))}</div>"
                                     f"<div>{escape(cards.pretty)}</div>")
        else:
            self.cards_html.value = f"<div>{escape(self.face_down_line())}</div>"
        done = not (h.phase == "bid" and h.turn == s)
        for key, b in self.buttons.items():
            if key == "look":
                b.disabled = self.face_up
            elif key == "blind":
                b.disabled = done or self.looked or not self.blind_possible
            else:
                b.disabled = done or not self.looked
        self.bids_html.value = f"<div>{escape(self.bids_line())}</div>"

    @property
    def face_up(self) -> bool:
        """The cards are shown once looked at, and once the seat has bid (a blind nil is bid
        unseen; after the bid the cards are picked up)."""
        return self.looked or self.hand.bids[self.seat] is not None

    def face_down_line(self) -> str:
        mine, theirs = self.hand.view(self.seat).team_scores
        return (f"Your 13 cards are face down. Your team is behind {mine} to {theirs}, "
                f"so you may bid blind nil (±{self.hand.rules.blind_nil_value}) without looking, "
                f"or look at your cards and bid as usual.")

    def look(self) -> str:
        """Turn the cards over (a blind nil is then no longer possible)."""
        if self.looked:
            return self._say("Your cards are already face up.")
        self.looked = True
        self.refresh()
        return self._say(f"You looked: {self.hand.cards(self.seat).pretty}. Blind nil is no longer "
                         f"possible; bid nil or 1-13.", "ok")

    def _say(self, text: str, kind: str = "info") -> str:
        self.last_message = text
        self.message.value = status_html(text, kind)
        return text

    def bid(self, value: int | str) -> str:
        """Bid ``value`` for the widget's seat (as a click would); returns the feedback."""
        if isinstance(value, str) and " ".join(value.lower().split()) == "blind nil":
            value = BLIND_NIL
        if is_blind(value) and self.looked and self.blind_possible:
            return self._say("Can't bid blind nil: you have looked at your cards, and a blind nil is "
                             "bid before looking. Bid nil or 1-13 instead.", "error")
        if not is_blind(value):
            self.looked = True  # any other bid is made with the cards face up
        if self.on_bid is not None:
            text = self.on_bid(value)
            self.refresh()
            return self._say(text, "error" if text.startswith("Can't") else "ok")
        advice = view_bid(self.hand.view(self.seat))  # the rule of thumb's bid, before ours is in
        try:
            self.hand.bid(value, self.seat)
        except HeartsError as e:
            self.refresh()
            return self._say("Can't bid: " + sentence(str(e)), "error")
        v = self.hand.bids[self.seat]
        self._bots_bid()
        self.refresh()
        said = f"{self.hand.seat_names[self.seat]} bid {bid_word(v)}."
        if v is not None and not is_blind(v):
            said += " " + compare_bid(self.hand.cards(self.seat), v, advice) + self._lesson_note(advice)
        return self._say(said, "ok")

    def _lesson_note(self, advice: int) -> str:
        """' This lesson's bid ...' when the widget has a ``lesson_bid``, else ''."""
        if self.lesson_bid is None:
            return ""
        cards = self.hand.cards(self.seat)
        return " " + lesson_note(estimate_tricks(cards, long_spades=True), advice, self.lesson_bid(cards))

    def suggest(self) -> str:
        """What the rule bot would bid here, and why (changes nothing)."""
        h, s = self.hand, self.seat
        partner = h.bids[partner_of(s)]
        if not self.looked:
            blind = wants_blind_nil(h, s)
            return self._say("Your cards are face down. " + (
                "The bot would bid blind nil here: your team is 200 or more behind." if blind else
                "The bot bids blind nil only 200 or more behind; here it would look at its cards first."))
        cards = h.cards(s)
        est = estimate_tricks(cards, long_spades=True)
        advice = view_bid(h.view(s))
        if advice == 0:
            why = ("the nil checklist holds: no ace, at most 3 spades, in every suit with a queen or king more "
                   "cards of jack or lower than queens and kings, and an estimate under 1 without spade length")
        else:
            why = "the estimate rounded to the nearest trick, a half rounding down, and at least 1"
            if adjusted(est, advice):
                why += ", then adjusted for the other bids and the score"
        if advice != 0 and nil_ok(cards) and partner == 0:
            why += " (nil would fit, but your partner already bid nil)"
        return self._say(f"Estimate: {_tricks(est)}. "
                         f"The bots' bid: {bid_word(advice)} ({why}).{self._lesson_note(advice)}")

    def text(self) -> str:
        h, s = self.hand, self.seat
        cards = h.cards(s).pretty if self.face_up else self.face_down_line()
        lines = [f"{h.seat_names[s]}: {cards}", self.bids_line()]
        if self.last_message:
            lines.append(self.last_message)
        return "\n".join(lines)


class SpadesTable(WidgetView):
    """``SpadesTable(seed=0)``: you (South) and your partner bot (North) against two bots.

    The match is a ``SpadesMatch`` to ``target``; bots bid and play as soon as it is their
    turn (``bots``: one per seat, each answering ``choose_bid(view)`` and ``choose_play(view)``
    from its ``SpadesView``, as ``SpadesBot`` does; the driver plays them). Parts: ``bid_widget``, ``card_buttons`` ('QS' → Button), ``buttons`` (step,
    finish_hand, next_hand, undo), ``status``, ``trick_html``, ``legal_html``, ``message``,
    ``scores_html`` and ``log`` (an Output written with ``append_stdout``).
    """

    def __init__(self, seed: int = 0, target: int | None = None, *, seat: int = 0,
                 bots: Sequence[Any] | None = None, rules: SpadesRules | None = None):
        self.match = SpadesMatch(seed, target=target, rules=rules)
        self.you = seat
        self.bots = list(bots) if bots is not None else [SpadesBot(f"spades-table/{seed}/{s}")
                                                          for s in FOUR.seats]
        self.last_message = ""
        self.status = w.HTML()
        self.status.add_class("ht-status")
        self.trick_html = w.HTML()
        self.card_buttons: dict[str, w.Button] = {}
        self.cards_box = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.cards_box.add_class("ht-hand-buttons")
        self.legal_html = w.HTML()
        self.your_box = w.VBox()
        self.message = w.HTML(status_html(""))
        self.message.add_class("ht-message")
        self.scores_html = w.HTML()
        self.log = w.Output(layout=w.Layout(max_height="12em", overflow="auto", border="1px solid #ccc"))
        self.buttons = {
            "step": control_button("Bot plays for me", "Let the rule bot make your next bid or card",
                                   "ht-step"),
            "finish_hand": control_button("Finish hand", "Let the bots play the rest of this hand, "
                                          "yours too", "ht-finish-hand"),
            "next_hand": control_button("Next hand", "Deal the next hand (the dealer moves one seat "
                                        "to the left)", "ht-next-hand"),
            "undo": control_button("Undo my last card", "Take back your last card and the bots' "
                                   "cards after it", "ht-undo"),
        }
        actions = {"step": self.step, "finish_hand": self.finish_hand, "next_hand": self.next_hand,
                   "undo": self.undo}
        for key, b in self.buttons.items():
            b.on_click(lambda _b, f=actions[key]: f())
        controls = w.HBox(list(self.buttons.values()), layout=w.Layout(flex_flow="row wrap"))
        self.widget = w.VBox([self.status, self.trick_html, self.your_box, controls, self.message,
                              self.scores_html, w.HTML("<b>Log</b>"), self.log])
        self.widget.add_class("ht-spades-table")
        self._start_hand()

    # engine side -----------------------------------------------------------------------------
    @property
    def hand(self) -> SpadesHand:
        return self.match.hand

    def _start_hand(self) -> None:
        self.bid_widget = BidWidget(self.hand, self.you, bots=None, on_bid=self.bid)
        self._advance()

    def _log(self, line: str) -> None:
        self.log.append_stdout(line + "\n")

    def _drive(self, players: driver.Players, **limits: Any) -> None:
        """The driver plays on (bids and cards), every move logged."""
        driver.play(self.hand, players, on_move=self._logged, **limits)

    def _logged(self, seat: int, kind: str, action: Any, trick: SpadesTrick | None) -> None:
        if kind == BID:
            self._log(f"{self.hand.seat_names[seat]} bids {bid_word(action)}")
        else:
            self._played(action, seat, trick)

    def _play(self, card: Card, seat: int) -> None:
        self._played(card, seat, self.hand.play(card, seat))

    def _played(self, card: Card, seat: int, trick: SpadesTrick | None) -> None:
        h = self.hand
        self._log(f"{h.seat_names[seat]} plays {card.pretty}")
        if trick is not None:
            self._log(f"  {trick_text(trick, h.seat_names, 'Trick')}")
            if h.is_over:
                for line in h.score(self._bags_before()).lines(
                        tuple(team_label(t, h.seat_names) for t in (0, 1)), h.seat_names):
                    self._log(f"  {line}")

    def _bags_before(self) -> tuple[int, int]:
        done = self.match.hand_scores()[: len(self.match.hands) - 1]  # hands before this one
        return done[-1].bags if done else (0, 0)

    def _advance(self) -> None:
        self._drive([None if s == self.you else b for s, b in enumerate(self.bots)])
        self.refresh()

    # actions (each returns the feedback line) -------------------------------------------------------
    def _say(self, text: str, kind: str = "info") -> str:
        self.last_message = text
        self.message.value = status_html(text, kind)
        return text

    def bid(self, value: int | str) -> str:
        try:
            self.hand.bid(value, self.you)
        except HeartsError as e:
            self.refresh()
            return self._say("Can't bid: " + sentence(str(e)), "error")
        self._log(f"{self.hand.seat_names[self.you]} (you) bids {bid_word(self.hand.bids[self.you])}")
        self._advance()
        return self._say(f"You bid {bid_word(self.hand.bids[self.you])}.", "ok")

    def play(self, card: CardLike) -> str:
        try:
            c = to_card(card)
        except HeartsError as e:
            return self._say(str(e), "error")
        v = self.hand.explain(c, self.you)
        if not v.legal:
            self.refresh()
            return self._say(f"Can't play {c.pretty}: {v.message}", "error")
        self._play(c, self.you)
        self._advance()
        return self._say(f"You played {c.pretty}.", "ok")

    def step(self) -> str:
        if self.hand.is_over:
            return self._say("The hand is over: deal the next hand.", "error")
        self._drive({self.you: self.bots[self.you]}, moves=1)
        self._advance()
        return self._say("The bot made your move.", "ok")

    def finish_hand(self) -> str:
        self._drive(self.bots)
        self.refresh()
        return self._say("The hand is over.", "ok")

    def next_hand(self) -> str:
        try:
            self.match.next_hand()
        except HeartsError as e:
            return self._say(sentence(str(e)), "error")
        names = self.hand.seat_names
        self._log(f"--- hand {self.match.hand_number + 1}, dealer {names[self.hand.dealer]}, "
                  f"{names[self.hand.first_seat]} bids first")
        self._start_hand()
        return self._say(f"Hand {self.match.hand_number + 1} dealt.", "ok")

    def undo(self) -> str:
        h = self.hand
        mine = [i for i, a in enumerate(h.history) if a.kind == "play" and a.seat == self.you]
        if not mine or h.is_over:
            return self._say("Nothing to undo: you have not played a card in this hand"
                             + (" (or the hand is over)" if h.is_over else "") + ".", "error")
        while len(h.history) > mine[-1]:
            h.undo()
        self._log(f"(undo: back to your move in trick {h.trick_number})")
        self.refresh()
        return self._say("Your last card is back in your hand.", "ok")

    # drawing ------------------------------------------------------------------------------------------
    def status_line(self) -> str:
        h, names = self.hand, self.hand.seat_names
        head = (f"Spades hand {h.hand_number + 1} of a match to {self.match.target} · "
                f"dealer {names[h.dealer]}, {names[h.first_seat]} bids first · "
                f"you are {names[self.you]}, partner {names[partner_of(self.you)]}")
        if h.phase == "bid":
            return head + " · bidding"
        if h.phase == "play":
            who = "you" if h.turn == self.you else names[h.to_act()]
            return head + f" · ▶ {who} to play · {status_line(h)}"
        return head + " · the hand is over"

    def legal_line(self) -> str:
        h = self.hand
        if h.phase == "bid":
            left = len(h.to_bid)  # the bid to make now included
            who = "Your bid" if h.turn == self.you else f"{h.seat_names[h.to_act()]} to bid"
            if left == 1:
                return f"{who} (the last of 4): play starts right after it."
            return f"{who} ({4 - left + 1} of 4): play starts once all four have bid."
        if h.is_over:
            return "The hand is over."
        return f"You may play: {' '.join(c.pretty for c in ordered(h.legal_plays(self.you).cards))}"

    def refresh(self) -> None:
        h, names = self.hand, self.hand.seat_names
        self.status.value = f"<b>{escape(self.status_line())}</b>"
        self.trick_html.value = ("<div style='font-family:sans-serif'>"
                                 + trick_compass_html(h.current_trick, names, "Trick")
                                 + trick_compass_html(h.last_trick, names, "Last trick") + "</div>")
        sync_buttons(self.cards_box, self.card_buttons, h.cards(self.you), self._make)
        for key, b in self.card_buttons.items():
            v = h.explain(key, self.you)
            b.disabled = not v.legal
            b.tooltip = f"{Card(key).name} — {'play it' if v.legal else 'can not play'}: {v.message}"
        self.legal_html.value = f"<div>{escape(self.legal_line())}</div>"
        if h.phase == "bid":
            self.bid_widget.refresh()
            children: tuple[Any, ...] = (self.bid_widget.widget,)
        else:
            children = (self.cards_box, self.legal_html)
        if self.your_box.children != children:
            self.your_box.children = children
        over = h.is_over
        self.buttons["step"].disabled = over
        self.buttons["finish_hand"].disabled = over
        self.buttons["next_hand"].disabled = not over or self.match.is_over
        self.buttons["undo"].disabled = over or not any(
            a.kind == "play" and a.seat == self.you for a in h.history)
        self.scores_html.value = (f"<pre>{escape(self.match.score_table())}</pre>"
                                  if self.match.hand_scores() else "")

    def _make(self, card: Card) -> w.Button:
        b = card_button(card)
        b.on_click(lambda _b, c=card: self.play(c))
        return b

    def _your_cards_text(self) -> str:
        if self.hand.phase == "bid" and not self.bid_widget.looked:
            return "face down (you may bid blind nil before looking)"
        return self.hand.cards(self.you).pretty

    def text(self) -> str:
        h, names = self.hand, self.hand.seat_names
        lines = [self.status_line(), f"Bids: {h.bids_text()}",
                 trick_text(h.current_trick, names, "Trick") if h.current_trick else "",
                 trick_text(h.last_trick, names, "Last trick") if h.last_trick else "",
                 f"Your cards: {self._your_cards_text()}", self.legal_line()]
        if self.last_message and self.last_message != self.legal_line():  # "The hand is over." once
            lines.append(self.last_message)
        if self.match.hand_scores():
            lines.append(self.match.score_table())
        return "\n".join(x for x in lines if x)
