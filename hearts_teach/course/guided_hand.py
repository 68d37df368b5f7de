"""A guided first hand: the learner plays one seat, one decision at a time, and hears at once
whether the card was allowed (the engine's ``explain``) and whether it was good (the coach).

``GuidedHand(hand, seat=0)``: the other seats are rule bots and play until it is the learner's
turn again. ``play("3S")`` is the text path of a click; ``hint()`` asks the coach; ``text()``
shows the table, the learner's cards and the feedback. Refused cards change nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from html import escape
from typing import Any

import ipywidgets as w

from hearts_teach.agents import driver
from hearts_teach.agents.coach import TOO_CLOSE, VERDICTS, Candidate, assess_play, hint, play_does
from hearts_teach.agents.coach_stats import VERDICT_MEANINGS
from hearts_teach.agents.review import GOOD
from hearts_teach.course.describe import describe_trick
from hearts_teach.games.hearts.hand import Hand, Phase
from hearts_teach.kernel.cards import Card, CardLike, to_card
from hearts_teach.kernel.errors import ArgumentError, HeartsError
from hearts_teach.kernel.validation import check_seat
from hearts_teach.present.widgets.common import (
    card_button,
    control_button,
    status_html,
    sync_buttons,
)

GUIDED_SEED = 2031  # a hold hand in which South leads, follows, ducks and discards

# the coach's verdict -> how the feedback opens (strategy half of the sentence)
OPENINGS = {
    "best": "Legal, and best",
    "fine": f"Legal, and {TOO_CLOSE}",  # the verdict "fine", named as the coach shows it everywhere else
    "inaccuracy": "Legal, but an inaccuracy",
    "mistake": "Legal, but a mistake",
    "blunder": "Legal, but a blunder",
}
assert set(OPENINGS) == set(VERDICTS)


def shown(verdict: str) -> str:
    """A verdict as the coach shows it ("too close to call" for "fine")."""
    return TOO_CLOSE if verdict == "fine" else verdict


@dataclass(frozen=True)
class Decision:
    """One of the learner's plays, with the rule and the coach's grading."""

    trick: int
    card: Card
    rule: str  # the engine's sentence: why the card was allowed
    verdict: str  # the coach's verdict ("best", "fine", ...)
    does: str  # what the card did, in words
    consequence: str  # what followed in the coach's sampled deals
    group: str  # the other cards that do exactly the same here ("8♠/9♠"), or "" for a card alone
    best: Candidate  # the coach's top choice
    choices: int  # how many different choices there were (equivalent cards grouped)
    legal: int = 2  # how many legal cards there were: 1 is a forced play, not a decision
    delta: float = 0.0  # the coach's measure: how many more points a hand than its best (held-out deals)
    # say what the verdict means: only the first time the hand gives it (raters read the same
    # bracket after every verdict as noise)
    explain: bool = True

    @property
    def forced(self) -> bool:
        return self.legal == 1

    def label(self) -> str:
        """The review's word: forced (one legal card), all the same (every card does the same), or the verdict."""
        if self.forced:
            return "forced"
        return "all the same" if self.choices == 1 else shown(self.verdict)

    def sentence(self) -> str:
        """'Legal, and best: your 3♠ ducks under K♠.' and, for a worse card, the better one."""
        if self.forced:
            return f"Legal (your only legal card): your {self.card.pretty} {self.does}."
        if self.choices == 1:
            return f"Legal (every legal card does the same here): your {self.card.pretty} {self.does}."
        same = f" (the same here as {self.group})" if self.group else ""
        text = f"{OPENINGS[self.verdict]}: your {self.card.pretty}{same} {self.does}."
        if self.verdict not in ("best", "fine"):
            # "it throws a heart onto West's trick" twice would not say what differs: the card
            better = ("the same move with another card" if self.best.does == self.does
                      else f"it {self.best.does}")
            # the verdict is on points; the consequence may count hearts or the Q♠: give the points too
            total = "" if "points" in self.consequence else f", and about {self.delta:.1f} more points a hand in all"
            text += (f" The coach prefers {self.best.label}: {better}; with yours, "
                     f"{self.consequence}{total}.")
            if self.explain:
                # lesson 06a calls the card the coach prefers its *top choice*, and keeps "best" for the grade
                meaning = VERDICT_MEANINGS[self.verdict].replace("than the best", "than the top choice")
                text += f" ({self.verdict.capitalize()} means {meaning}.)"
        return text


class GuidedHand:
    """One hand, one decision at a time, with instant feedback on the rule and the strategy."""

    def __init__(self, hand: Hand | None = None, seat: int = 0, bots: Sequence[Any] | None = None,
                 coach_seed: int = 0, explain_grades: bool = True):
        """``explain_grades=False`` leaves out the bracket that says what a grade means (for a
        lesson that shows the grades before the hand)."""
        from hearts_teach.course.lessons import table_bots  # the lessons' bots (teach layer)

        self.hand = Hand.deal(seed=GUIDED_SEED, pass_direction="hold") if hand is None else hand
        if self.hand.phase is Phase.PASS:
            raise ArgumentError("the guided hand starts with play: pass first, or use a hold hand", argument="hand")
        self.seat = check_seat(seat, table=self.hand.table)
        self.bots = list(bots) if bots is not None else table_bots("rule", players=self.hand.players)
        self.coach_seed = coach_seed
        self.explain_grades = explain_grades
        self.decisions: list[Decision] = []
        self.events: list[str] = []  # every finished trick, in words
        self.last_message = ""
        self._widget: w.VBox | None = None
        self._advance()

    # the game ---------------------------------------------------------------------------
    @property
    def done(self) -> bool:
        return self.hand.is_over

    def _advance(self) -> list[str]:
        """Let the bots play until it is the learner's turn (or the hand is over); returns the
        tricks finished on the way, in words."""
        finished = []
        seen = len(self.hand.tricks)
        others = {s: bot for s, bot in enumerate(self.bots) if s != self.seat}
        driver.play(self.hand, others)  # stops at the learner's seat, which has no player
        for trick in self.hand.tricks[seen:]:
            finished.append(describe_trick(self.hand, trick))
        self.events += finished
        return finished

    def play(self, card: CardLike) -> str:
        """Play ``card`` for the learner (as a click would); returns the feedback."""
        if self.done:
            return self._say(f"The hand is over. {self.result()}", "info")
        try:
            c = to_card(card)
        except HeartsError as e:
            return self._say(f"✘ {e}", "error")
        v = self.hand.explain(c, self.seat)
        if not v.legal:
            return self._say(f"✘ Not allowed: {c.pretty}. {v.message[:1].upper()}{v.message[1:]}. "
                             f"Nothing was played; choose another card.", "error")
        seen = len(self.hand.tricks)
        legal = len(self.hand.view(self.seat).legal)
        graded = assess_play(self.hand.view(self.seat), seed=self.coach_seed)
        cand = graded.of(c)
        does, group = cand.does, ""
        if len(cand.cards) > 1 and len(graded) > 1:
            # the coach words a group by its lowest card ("leads your lowest spade"): say what
            # the learner's own card does, and name only the other cards of the group
            does = play_does(self.hand.view(self.seat), c.index)
            group = "/".join(x.pretty for x in cand.cards if x != c)
        self.decisions.append(Decision(self.hand.trick_number, c, v.message, cand.verdict, does,
                                       cand.consequence, group, graded.best, len(graded), legal,
                                       delta=cand.delta_vs_best,
                                       explain=self.explain_grades and all(
                                           d.verdict != cand.verdict for d in self.decisions)))
        self.hand.play(c, self.seat)
        self._advance()
        lines = [f"✔ {self.decisions[-1].sentence()} The rule: {v.message}."]
        lines += [describe_trick(self.hand, t) for t in self.hand.tricks[seen:]]
        if self.done:
            lines.append(self.result())
        return self._say("\n".join(lines), "ok")

    def hint(self) -> str:
        """The coach's suggestion for the learner's move (the hand does not change)."""
        if self.done:
            return self._say(f"The hand is over. {self.result()}", "info")
        return self._say(f"Hint: {hint(self.hand.view(self.seat), seed=self.coach_seed)}", "hint")

    def result(self) -> str:
        names, scores = self.hand.seat_names, self.hand.scores
        line = "Scores: " + ", ".join(f"{names[s]} {scores[s]}" for s in self.hand.table.seats)
        if self.hand.moon is not None:
            line += f" ({names[self.hand.moon]} shot the moon)"
        # a decision as the Play app's review counts one (``agents.review``): a play with a real
        # choice; one legal card (forced) or several that all do the same is none
        made = [d for d in self.decisions if d.choices > 1]
        good = sum(d.verdict in GOOD for d in made)
        forced = sum(d.forced for d in self.decisions)
        same = len(self.decisions) - len(made) - forced
        kinds = ", ".join([f"{forced} forced"] * bool(forced) + [f"{same} all the same"] * bool(same))
        no_choice = f" and {forced + same} with no real choice ({kinds})" if kinds else ""
        # the seat's name, not "You": lesson 06a's demonstration hand is played by the guide
        return (f"{line}. {names[self.seat]} played {len(self.decisions)} cards: {len(made)} decision{'' if len(made) == 1 else 's'}"
                f"{no_choice}; the coach called {good} of the {len(made)} best or {TOO_CLOSE}.")

    def review(self) -> str:
        """Every decision so far, one line each: the trick, the card, the coach's verdict."""
        if not self.decisions:
            return "No decisions yet: play the hand first."
        lines = [f"trick {d.trick:>2}: {d.card.pretty:<4} {d.label():<17} "
                 f"{d.does}" for d in self.decisions]
        if self.done:
            lines.append(self.result())
        return "\n".join(lines)

    def position(self) -> str:
        """The table as the learner sees it: the trick so far and the learner's cards."""
        return self.hand.text(self.seat)

    # display ------------------------------------------------------------------------------
    def _say(self, text: str, kind: str) -> str:
        self.last_message = text
        if self._widget is not None:
            self._refresh_widget(kind)
        return text

    @property
    def widget(self) -> w.VBox:
        if self._widget is None:
            self._position = w.HTML()
            self._cards = w.HBox(layout=w.Layout(flex_flow="row wrap"))
            self._cards.add_class("ht-guided-cards")
            self._buttons: dict[str, w.Button] = {}
            self._feedback = w.HTML(status_html(""))
            self._feedback.add_class("ht-guided-feedback")
            self.hint_button = control_button("Hint", "Ask the coach which card to play", "ht-hint")
            self.hint_button.on_click(lambda _b: self.hint())
            self._widget = w.VBox([self._position, self._cards, self.hint_button, self._feedback])
            self._widget.add_class("ht-guided-hand")
            self._refresh_widget("info")
        return self._widget

    @property
    def buttons(self) -> dict[str, w.Button]:
        """The learner's card buttons ('QS' → Button); a click is ``play``."""
        self.widget  # noqa: B018 - builds the widgets
        return self._buttons

    def _make(self, card: Card) -> w.Button:
        b = card_button(card)
        b.on_click(lambda _b, c=card: self.play(c))
        return b

    def _refresh_widget(self, kind: str) -> None:
        self._position.value = f"<pre>{escape(self.position())}</pre>"
        sync_buttons(self._cards, self._buttons, self.hand.cards(self.seat), self._make)
        for key, b in self._buttons.items():
            v = self.hand.explain(key, self.seat)
            b.disabled = self.done or not v.legal
            b.tooltip = f"{Card(key).name} — {'play it' if v.legal else 'not allowed'}: {v.message}"
        self.hint_button.disabled = self.done
        lines = self.last_message.split("\n")
        self._feedback.value = "".join(status_html(line, kind if i == 0 else "info") for i, line in enumerate(lines))

    def text(self) -> str:
        parts = [self.position()]
        if self.last_message:
            parts.append(self.last_message)
        return "\n".join(parts)

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, Any]:
        bundle = self.widget._repr_mimebundle_(include=include, exclude=exclude)
        return dict(bundle or {}, **{"text/plain": self.text()})
