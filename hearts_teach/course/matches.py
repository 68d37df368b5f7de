"""Whole matches in the lessons: bots playing a match, a button that plays it hand by hand,
and a hand replayed under other scoring rules."""

from __future__ import annotations

from collections.abc import Sequence

from hearts_teach.agents.hearts.base import Bot
from hearts_teach.course.players import bots_play
from hearts_teach.games.hearts.hand import Hand
from hearts_teach.games.hearts.match import Match
from hearts_teach.games.hearts.rules import Rules
from hearts_teach.kernel.table import FOUR
from hearts_teach.present.widgets.common import WidgetView


def replay_with(hand: Hand, rules: Rules) -> Hand:
    """The same deal, passes and plays under other ``rules`` (for scoring variants such as
    omnibus that don't change which cards may be played)."""
    new = Hand([hand.dealt(s) for s in FOUR.seats], hand.pass_direction, rules, hand.hand_number,
               hand.seat_names)
    new.replay(hand.history)
    return new


def play_match(match: Match, bots: Sequence[Bot], max_hands: int | None = None) -> Match:
    """Let the bots play ``match`` hand after hand until it is over (or ``max_hands`` more
    hands have been finished). Returns the match."""
    done = 0
    while True:
        bots_play(match.hand, bots)
        done += 1
        if match.is_over or (max_hands is not None and done >= max_hands):
            return match
        match.next_hand()


class MatchStepper(WidgetView):
    """A button that plays the next hand of a bot match and shows the score table.

    ``.button.click()`` (or ``.step()``) plays one hand; ``text()`` is the score table.
    """

    def __init__(self, match: Match, bots: Sequence[Bot]) -> None:
        import ipywidgets as w

        self.match = match
        self.bots = list(bots)
        self.button = w.Button(description="Play next hand", tooltip="The bots play one more hand",
                               layout=w.Layout(width="auto"))
        self.button.on_click(lambda _b: self.step())
        self.table = w.HTML()
        self.widget = w.VBox([self.button, self.table])
        self._show()

    def step(self) -> str:
        m = self.match
        if m.is_over:
            return self.text()
        if m.hand.is_over:
            m.next_hand()
        bots_play(m.hand, self.bots)
        self._show()
        return self.text()

    def _show(self) -> None:
        from html import escape

        self.button.disabled = self.match.is_over
        self.table.value = f"<pre>{escape(self.text())}</pre>"

    def text(self) -> str:
        return self.match.score_table()


def rescore(match: Match, rules: Rules) -> str:
    """Lesson 06: every hand of ``match`` scored again under ``rules`` (the same cards, passes and
    plays) beside its own scores, with the sum of each new row, who took the J♦ (under omnibus),
    and the totals under both rule sets with what the match rule says about each. A first line
    names the seats in the order the bracketed scores list them."""
    from hearts_teach.course.scoring import match_verdict

    names = match.seat_names
    again = [replay_with(h, rules) for h in match.hands]
    jd = "  J♦ taken by" if rules.omnibus else ""
    lines = [f"scores in brackets, seat by seat: ({', '.join(names)})",
             f"hand  {'standard':<18}{rules.name:<18}{'sum':>3}{jd}"]
    for old, new in zip(match.hands, again, strict=True):
        row = f"{old.hand_number + 1:>4}  {str(old.scores):<18}{str(new.scores):<18}{sum(new.scores):>3}"
        if rules.omnibus:
            row += "  " + next(names[s] for s in FOUR.seats if "JD" in map(str, old.taken(s)))
        if old.moon is not None:
            row += f"  (moon: {names[old.moon]})"
        lines.append(row)
    lines.append("")
    new_totals = [sum(h.scores[s] for h in again) for s in FOUR.seats]
    for name, totals in (("standard", match.totals), (rules.name, new_totals)):
        shown = ", ".join(f"{n} {t}" for n, t in zip(names, totals, strict=True))
        lines.append(f"{name} totals: {shown}\n  → {match_verdict(totals)}")
    return "\n".join(lines)
