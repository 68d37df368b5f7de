"""Lesson 10 (write a bot): its questions (kept here so that the notebook's code does not show the answers),
the paired gain of one version of a bot over another with the lesson's keep rule, and two replay helpers."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from hearts_teach.agents.review import position_at
from hearts_teach.agents.tournament import TournamentResult, deal_mean_se
from hearts_teach.course.describe import describe_trick
from hearts_teach.course.players import bots_play
from hearts_teach.games.hearts.hand import Hand, Trick
from hearts_teach.games.hearts.view import View, shooting
from hearts_teach.kernel.cards import Card, CardList
from hearts_teach.kernel.errors import ArgumentError
from hearts_teach.present.widgets import Quiz

Z95 = 1.96  # the lesson teaches the 95% interval as the mean ± 1.96 standard errors (the coach uses 1.959964)

INTERVAL_ANSWER = "about half as wide"
DUCK_ANSWER = "fewer points"


class PlayBot(Protocol):
    def choose_play(self, view: View) -> Card: ...


@dataclass(frozen=True)
class Gain:
    """A paired gain: the old version's points minus the new one's, per hand (positive: fewer points), and its
    standard error over deals."""

    mean: float
    se: float

    @property
    def low(self) -> float:
        return self.mean - Z95 * self.se

    @property
    def high(self) -> float:
        return self.mean + Z95 * self.se

    @property
    def verdict(self) -> str:
        """'better' (the 95% interval lies above zero), 'worse' (below) or 'no clear difference'."""
        return "better" if self.low > 0 else "worse" if self.high < 0 else "no clear difference"


def paired(new: TournamentResult, old: TournamentResult) -> tuple[float, float]:
    """The gain of ``new`` over ``old`` per hand (old's points minus new's, entry 0 of each lineup, hand by hand on
    the same deals) and its standard error, taken over deals: a deal's 4 seatings share its cards, so they count
    as one."""
    return deal_mean_se([o[0] - n[0] for n, o in zip(new.hand_scores, old.hand_scores, strict=True)])


def compare(label: str, new: TournamentResult, old: TournamentResult, width: int = 36) -> Gain:
    """Print the paired gain of ``new`` over ``old`` with its 95% interval and verdict, on one line; return it."""
    gain = Gain(*paired(new, old))
    print(f"{label:<{width}} gain {gain.mean:+.2f} points per hand "
          f"(95% interval {gain.low:+.2f} to {gain.high:+.2f}): {gain.verdict}")
    return gain


def rule_verdict(short: Gain, long: Gain | None = None) -> tuple[str, str]:
    """The lesson's keep rule: keep a step whose 40-deal interval lies above zero, drop it if below; if it contains
    zero, the step is on trial: it stays if its gains on 40 deals and on 200 are both positive (lesson 10 runs each
    step's trial in that step's own cell). Returns the decision ('keep', 'drop', or
    'on trial' while no 200-deal gain is given) and its reason."""
    if short.low > 0:
        return "keep", "its interval lies above zero"
    if short.high < 0:
        return "drop", "its interval lies below zero"
    if long is None:
        return "on trial", "its interval contains zero: a trial on 40 and 200 deals will decide"
    both = short.mean > 0 and long.mean > 0
    return ("keep" if both else "drop",
            f"gains {short.mean:+.2f} on 40 deals and {long.mean:+.2f} on 200: {'both' if both else 'not both'} positive")


def keep(short: Gain, long: Gain | None = None, step: str | None = None) -> None:
    """Print the keep rule's decision (``rule_verdict``) for a step's 40-deal gain and, if run, its 200-deal gain;
    ``step`` names the step judged in the line ("keep rule (void pass): keep ...")."""
    decision, why = rule_verdict(short, long)
    print(f"keep rule{f' ({step})' if step else ''}: {decision} ({why})")


def moon_test(codes: str) -> bool:
    """The test ``View.moon_threat()`` applies to one opponent's taken cards, given as codes (e.g. "AH KS"): is it a threat?"""
    return shooting(CardList(codes).mask)


def before(game: Hand, trick: int, seat: int) -> Hand:
    """A copy of the played hand ``game`` as it stood just before ``seat`` played to trick number ``trick``
    (counted from 1): ``review.position_at`` at that card's place in ``game.history``."""
    done = game.tricks[trick - 1]
    cards_before = sum(len(t.cards) for t in game.tricks[:trick - 1]) + list(done.seats).index(seat)
    plays = [i for i, a in enumerate(game.history) if a.kind == "play"]
    return position_at(game, plays[cards_before])


def finish_trick(hand: Hand, bot: PlayBot) -> Trick:
    """Play the trick under way on ``hand`` to its end, ``bot`` choosing every card; return that trick."""
    if hand.turn is None:  # a finished hand has no trick under way
        raise ArgumentError("the hand is over: there is no trick to finish", argument="hand")
    done = len(hand.tricks)
    bots_play(hand, [bot] * len(hand.table.seats), stop=lambda h: len(h.tricks) > done)
    return hand.tricks[-1]


def play_instead(game: Hand, trick: int, seat: int, card: Card | str, bot: PlayBot) -> str:
    """What trick number ``trick`` would have been had ``seat`` played ``card`` there, ``bot`` playing the trick's
    other cards: the trick as a sentence."""
    moment = before(game, trick, seat)
    moment.play(Card(card) if isinstance(card, str) else card, seat)
    return describe_trick(moment, finish_trick(moment, bot))


def interval_quiz() -> Quiz:
    """Lesson 10's question: a gain's 95% interval runs from -0.10 to +0.70 on 40 deals; measured on 160 deals
    (four times as many), about how wide will the interval be?"""
    same, quarter = "about as wide", "about a quarter as wide"
    return Quiz("On 160 deals, about how wide will the new interval be?",
                [same, INTERVAL_ANSWER, quarter],
                INTERVAL_ANSWER,
                {same: "More deals average out more luck, so the standard error (an average's typical miss) "
                       "shrinks, and the interval with it.",
                 quarter: "The standard error shrinks with the square root of the number of deals: four times the "
                          "deals halve it. A quarter as wide would take 16 times the deals.",
                 INTERVAL_ANSWER: "The standard error shrinks with the square root of the number of deals: four "
                                  "times the deals halve it, and the interval with it (chance moves it a little). "
                                  "That is why this lesson's 200-deal intervals are much narrower than its "
                                  "40-deal ones."},
                "The interval is the gain ± 1.96 standard errors; the standard error shrinks with the square root "
                "of the number of deals.")


def duck_quiz() -> Quiz:
    """Lesson 10's prediction, asked before step 1 is measured: against playing the lowest card, does ducking
    (the highest card that still loses) give our bot fewer points, more, or about the same?"""
    more, same = "more points", "about the same"
    return Quiz("Ducking instead of playing your lowest card: over many deals, will our bot take …",
                [DUCK_ANSWER, same, more],
                DUCK_ANSWER,
                {more: "A card under the winning one cannot win this trick, so ducking costs nothing now. What it "
                       "changes is later: the high card is gone before it can win a trick with points in it.",
                 same: "It changes one card in many tricks: the high card you shed now cannot win a trick with "
                       "points later, so the savings add up.",
                 DUCK_ANSWER: "The high card you shed now is safe (it loses this trick) and can no longer win a "
                              "trick with points later. Run the next cell: 40 deals are not enough to be sure."},
                "Ducking keeps your low cards for later, when they let you lose tricks you would otherwise win.")


__all__ = ["DUCK_ANSWER", "INTERVAL_ANSWER", "Gain", "before", "compare", "duck_quiz", "finish_trick",
           "interval_quiz", "keep", "paired", "play_instead", "rule_verdict"]
