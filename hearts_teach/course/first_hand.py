"""Lesson 00's first minutes at the table: three scripted tricks in which the learner (South)
meets the 2♣ lead, following suit and a discard on a suit they no longer hold.

South's cards are fixed; the other three seats play written-out cards, chosen so that they are
legal and win the same way whatever South plays. Every sentence about the position (who leads,
what South may play, who took the trick and its points) is produced from the engine after the
click; ``tests/test_first_hand.py`` plays every path.
"""

from __future__ import annotations

from html import escape

import ipywidgets as w

from hearts_teach.agents import driver
from hearts_teach.course.describe import describe_trick
from hearts_teach.course.positions import deal_with
from hearts_teach.games.hearts.hand import Hand
from hearts_teach.games.hearts.view import View
from hearts_teach.kernel.cards import QS_POINTS, Card, CardLike, Suit
from hearts_teach.kernel.errors import ArgumentError, Rule, WrongPhaseError
from hearts_teach.present.render import ordered
from hearts_teach.present.widgets.common import WidgetView
from hearts_teach.present.widgets.hand_widget import HandWidget

SOUTH = "2C 3D 4D 5D 2H 4H 9H KH 2S 3S 4S 5S 6S"
# the other seats' cards, trick by trick: {seat: card}
SCRIPT: tuple[dict[int, str], ...] = (
    {1: "9C", 2: "AC", 3: "5C"},   # trick 1: South leads 2♣, North wins with A♣
    {2: "KD", 3: "7D", 1: "8D"},   # trick 2: North leads K♦; South must follow with a diamond
    {2: "KC", 3: "6C", 1: "TC"},   # trick 3: North leads K♣; South has no clubs left
)
TRICKS = len(SCRIPT)
SEED = 2026

# what each trick asks of South, said before South plays to it
_ASK = {
    1: "Trick 1. The player holding 2♣ must lead it to the first trick, and that is you. Click 2♣ "
       "(it is the only card you may play now), or type first.play(\"2C\").",
    2: "Trick 2. {leader} won the first trick, so {leader} leads. So far: {so_far}; your turn, then {after} "
       "(clockwise from {leader}). You hold "
       "diamonds, so you must follow suit: only your diamonds are playable, and none of them can beat {led}.",
    3: "Trick 3. {leader} leads again. So far: {so_far}; your turn. You have no clubs left, so you may play "
       "any card: a card of another suit is called a discard, and it cannot win the trick. "
       "You may discard a heart now: only on the first trick are hearts and the Q♠ barred as discards, unless you hold nothing else. "
       "Which card would you throw?",  # no hint here: trick 2's "Why the 5♦?" line and the answer teach it
}

# trick 3's feedback, by the card South threw ({taker} takes the trick, whatever South plays)
_KH_WHY = "kept, it could later win a trick full of hearts"


def _throw_feedback(card: Card, taker: str) -> str:
    """What trick 3's discard did, in short lines: the K♥ is the throw the lesson recommends, and why."""
    kept = _KH_WHY[0].upper() + _KH_WHY[1:]
    if card == Card("KH"):
        return (f"A good throw: your K♥ cannot win this trick, so here it costs you nothing: its 1 point goes to "
                f"{taker}, who takes the trick.\n{kept}.")
    if card.suit is Suit.HEARTS:
        return (f"Allowed, and it cannot win this trick: its 1 point goes to {taker}.\nThe K♥ was the better "
                f"throw: {_KH_WHY}, while the lower {card.pretty} helps you lose heart tricks later.")
    return (f"Safe: it cannot win this trick, and it costs no points.\nThe K♥ was the better throw: a discard is "
            f"your chance to get rid of a dangerous high card, and the K♥ is one: {_KH_WHY}.")


def _follow_why(card: Card, legal: list[Card], taken_by: Card) -> str:
    """Trick 2's follow, said after it: South's highest card of the suit is the one to shed, as none can win."""
    top = max(legal, key=lambda c: c.rank)
    if top.rank > taken_by.rank:  # the script's K♦ beats every diamond South holds; said so below
        raise ArgumentError(f"{top.pretty} would beat {taken_by.pretty}", argument="legal")
    suit = top.suit.name.lower()
    if card == top:
        return (f"(Why the {top.pretty}? None of your {suit} can beat the {taken_by.pretty}, so you get rid of "
                f"your highest while that costs nothing, keeping the low ones to slip under later leads of the suit.)")
    return (f"(None of your {suit} can beat the {taken_by.pretty}: your highest, the {top.pretty}, was the one "
            f"to get rid of while it cost nothing.)")


def _quiz_reason(card: Card, taker: str, points: int, shed: Card) -> str:
    """Trick 3's question, one reason per throw: a wrong choice says what it does without naming the right one."""
    if card == Card("KH"):
        return (f"it cannot win this trick ({taker} takes it), so its {points} point costs you nothing now. "
                f"{_KH_WHY[0].upper() + _KH_WHY[1:]}. The same idea as the {shed.pretty} played on trick 2 above: "
                f"get rid of a high card while it cannot win")
    if card.suit is Suit.HEARTS:
        return (f"allowed, and it cannot win this trick: its {points} point goes to {taker}. But a low heart is one "
                f"to keep: it helps you lose heart tricks later. Which of your cards could win a trick later?")
    if points:  # no such choice in this hand (South holds no Q♠); said here so the sentence below stays true
        raise ArgumentError(f"{card.pretty} is not a free discard here", argument="cards")
    return (f"safe: it cannot win this trick and costs no points. But a discard is your chance to get rid "
            f"of a dangerous high card, and the {card.pretty} is not one")


def throw_reasons(cards: str) -> dict[str, str]:
    """Why each of ``cards`` is or is not trick 3's throw, each played by the engine on a fresh copy of the
    three tricks (South's 2♣, then its highest diamond): who takes the trick and its points come from there."""
    reasons: dict[str, str] = {}
    for card in (Card(c) for c in cards.split()):
        copy = FirstHand()
        copy.play("2C")
        shed = max(copy.hand.legal_plays(0), key=lambda c: c.rank)
        copy.play(shed)
        copy.play(card)
        trick = copy.hand.tricks[2]
        if trick.winner is None:  # the scripted seats finish the trick after South's throw
            raise ArgumentError(f"trick 3 did not finish after {card.pretty}", argument="cards")
        if trick.winner == 0:  # every reason says the throw cannot win this trick
            raise ArgumentError(f"{card.pretty} would win trick 3", argument="cards")
        reasons[card.pretty] = _quiz_reason(card, copy.hand.seat_names[trick.winner], trick.points, shed)
    return reasons


def other_choices(cards: str, answer: str) -> str:
    """``throw_reasons`` for every card of ``cards`` but ``answer``, printed one sentence a line (the quiz's
    hint, a question, left out): lesson 00's folded answer. In a function so that cell stays two lines: a
    folded cell's long source made JupyterLab misplace a later cell it scrolls to (the Index link)."""
    lines = ["The other choices:"]
    for card, why in throw_reasons(cards).items():
        if card != Card(answer).pretty:
            said = [part.rstrip(".") for part in why.split(". ") if not part.endswith("?")]
            lines.append(f"- {card}: " + ".\n  ".join(said) + ".")
    return "\n".join(lines)


_OVER = "The three scripted tricks are over: run the cell again to start afresh."


def first_hand_deal() -> list:
    fixed = {0: SOUTH, 1: "9C TC 8D", 2: "AC KC KD", 3: "5C 6C 7D"}
    return deal_with(fixed, seed=SEED)


class _ScriptedSeat:
    """West, North and East of the first hand: each plays its card of the script."""

    def choose_play(self, view: View) -> Card:
        return Card(SCRIPT[view.tricks_done][view.seat])


class FirstHand(WidgetView):
    """South's hand as buttons, the others answering from ``SCRIPT``; ``play(card)`` is the text path."""

    def __init__(self) -> None:
        self.hand = Hand(first_hand_deal(), "hold")
        self.prompt = w.HTML()
        self.log: list[str] = []
        self.south = HandWidget(self.hand, seat=0, on_play=self._on_play, title="Your hand (South)")
        self.widget = w.VBox([self.prompt, self.south.widget])
        self._others()
        self._ask()

    # the script ---------------------------------------------------------------------------
    def _last_taker(self) -> int:
        last = self.hand.last_trick
        if last is None:  # called after a trick has been completed
            raise WrongPhaseError("no trick has been completed yet", rule=Rule.WRONG_PHASE)
        return last.taker

    def _others(self) -> None:
        """The scripted seats play (through the one play loop) until it is South's turn or the script is done."""
        script = _ScriptedSeat()
        driver.play(self.hand, {1: script, 2: script, 3: script}, stop=lambda h: h.trick_number > TRICKS)

    @property
    def done(self) -> bool:
        return len(self.hand.tricks) >= TRICKS

    def _ask(self) -> None:
        if self.done:
            text = self._summary()
            self.south.close(_OVER)
        else:
            n = self.hand.trick_number
            trick = self.hand.current_trick
            played = list(zip(trick.seats, trick.cards, strict=True)) if trick is not None else []
            led = played[0][1].pretty if played else ""
            leader = self.hand.seat_names[played[0][0]] if played else "South"
            so_far = ", ".join(f"{self.hand.seat_names[s]} {c.pretty}" for s, c in played)
            after = self.hand.seat_names[1]  # West plays after South, who sits at seat 0
            text = _ASK[n].format(leader=leader, led=led, so_far=so_far, after=after)
        self.prompt.value = f"<b>{escape(text)}</b>"
        self.question = text

    def _on_play(self, card: Card) -> str:
        if self.done:  # a click after the script (the buttons stay live): change nothing
            return _OVER
        legal = list(self.hand.legal_plays(0))  # before the play: trick 2's line names the highest of them
        self.hand.play(card, 0)
        self._others()
        # one idea a line: the trick, then (trick 2) why the highest follow, (on a heart) the lead rule it
        # opens, then (trick 3) the throw
        said = describe_trick(self.hand) + "."
        if len(self.hand.tricks) == 2:
            two = self.hand.tricks[1]  # complete: South plays last on trick 2 of the script
            won_with = two.card_of(two.taker)
            if won_with is None:  # cannot happen: the taker played a card to its own trick
                raise WrongPhaseError("trick 2 has no winning card", rule=Rule.WRONG_PHASE)
            said += "\n" + _follow_why(card, legal, won_with)
        taker = self.hand.seat_names[self._last_taker()]
        if card.suit is Suit.HEARTS:
            said += (f"\nYour {card.pretty} broke hearts: from now on anyone may lead a heart."
                     f"\n(Before that, nobody could lead one unless they held only hearts.)")
        if self.done:
            said += "\n" + _throw_feedback(card, taker)
        self.log.append(said)
        if not self.done:
            self._others()
        self._ask()
        return said

    def _summary(self) -> str:
        taken = ", ".join(f"{self.hand.seat_names[s]} {self.hand.points_taken[s]}" for s in self.hand.table.seats)
        # lesson 00's next cell sums up how a trick goes; said here too, it read twice (rater r76)
        return f"Points taken after {TRICKS} tricks: {taken}.\nLessons 01 to 05 take each rule in turn."

    # the text path ------------------------------------------------------------------------
    def print_to_trick_3(self) -> str:
        """Lesson 00's reading path: South plays the 2♣ and its highest diamond, each with its feedback, and the
        text stops at trick 3's question, South's cards and what South may play. In a method so the folded cell
        stays short (a folded cell's long source made JupyterLab misplace the lesson list the Index link opens)."""
        if self.hand.tricks:
            raise WrongPhaseError("the reading path starts before trick 1", rule=Rule.WRONG_PHASE)
        lines = [f"→ South plays 2♣; {self.play('2C')}", "", self.question]
        shed = max(self.hand.legal_plays(0), key=lambda c: c.rank)  # South's highest diamond
        lines += [f"→ South plays {shed.pretty}; {self.play(shed)}", "", self.question,
                  f"South: {self.hand.cards(0).pretty}"]
        lines.append(self.south.legal_line())  # r111: in the hand line's order, as every hand widget lists them
        return "\n".join(lines)

    def play(self, card: CardLike) -> str:
        """Play ``card`` for South, as a click would; returns the feedback line."""
        if self.done:
            return _OVER
        return self.south.play(card)

    def text(self) -> str:
        return self.question + "\n" + self.south.text()


def held_points_reasons(hand: Hand) -> dict[str, str]:
    """Lesson 00's first-table question, one reason per seat: the penalty points it holds before the pass, its
    penalty cards highest first, and where the 13 come from (in a function, so the folded quiz cell stays short:
    a folded cell's long source made JupyterLab misplace the lesson list the Index link opens)."""
    reasons = {}
    for seat in range(len(hand.seat_names)):
        cards = hand.cards(seat)
        shown = " ".join(c.pretty for c in ordered(cards) if c.points)
        queen = Card("QS") in cards
        why = ((f", {QS_POINTS} for the Q♠ and 1 for each heart" if cards.points > QS_POINTS
                else f", {QS_POINTS} for the Q♠")
               if queen else ", 1 for each heart" if shown else "no penalty card")
        reasons[hand.seat_names[seat]] = f"{hand.seat_names[seat]} holds {cards.points}: {shown}{why}"
    return reasons
