"""Review your play: a verdict on each of your decisions, and the review of a hand or a match.

Pure and testable: ``grade(hand, index)`` grades the action ``hand.history[index]`` with the
coach's seeded ``assess_play`` / ``assess_pass`` on the position just before it (the same
position and seed always give the same verdict); ``HandReview.build(hand, seat, grades)``
turns a played hand and those grades into the review (each decision, its verdict, the
coach's choice and reason, the accuracy, the points given away, the moments that mattered);
``position_at(hand, index)`` rebuilds the position of a decision so it can be played again.
The widgets (``present.widgets``) only draw these objects.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, fields
from typing import Any

from hearts_teach.agents.coach import TOO_CLOSE, Assessment, assess_pass, assess_play, verdict_words
from hearts_teach.games.hearts.hand import Hand
from hearts_teach.kernel.cards import CardList
from hearts_teach.kernel.errors import ArgumentError, RecordError, quote

# the mark shown on a move: a symbol and the verdict's word (never colour alone)
MARKS = {"best": "✓", "fine": "✓", "inaccuracy": "?!", "mistake": "?", "blunder": "??"}
GOOD = ("best", "fine")  # verdicts that count as accurate
COSTLY = ("inaccuracy", "mistake", "blunder")  # saved as drills, listed as moments
MOMENTS = 3  # at most this many "moments that mattered" per review
AUTOPILOT_ONLY = "The autopilot played this whole hand: no decision of yours to review."


def mark(verdict: str) -> str:
    """'✓ best', '✓ too close to call', '?! inaccuracy', …: the verdict as the coach shows it (never
    'fine', a class its deals did not settle); a verdict the coach may add later keeps its word."""
    return f"{MARKS.get(verdict, '·')} {verdict_words(verdict, 0.0)}"  # the coach's own words for a verdict



def _accuracy(real: tuple[Graded, ...]) -> float | None:
    """The share of ``real`` decisions graded best or fine (shown: too close to call; None for none)."""
    return sum(g.verdict in GOOD for g in real) / len(real) if real else None

@dataclass(frozen=True)
class Graded:
    """The coach's verdict on one of your decisions (``hand.history[index]``)."""

    index: int  # position of the action in the hand's history
    kind: str  # "play" or "pass"
    seat: int
    hand_number: int
    trick: int  # the trick the card went to (0 for a pass)
    chosen: CardList  # the card played or the three cards passed
    verdict: str
    cost: float  # the coach's estimate of the points this choice gives away against its own (≥ 0)
    reason: str  # why, for the chosen card or pass
    best: CardList  # the coach's choice
    best_reason: str
    choices: int  # how many different choices there were (equivalent cards grouped)
    position: str  # the position in one line ("South to play, trick 3 after 5♣ 9♣")

    @property
    def forced(self) -> bool:
        return self.choices == 1

    @property
    def label(self) -> str:
        """'trick 3: Q♠' or 'pass: 2♣ 3♦ 4♥'."""
        cards = " ".join(c.pretty for c in self.chosen)
        return f"pass: {cards}" if self.kind == "pass" else f"trick {self.trick}: {cards}"

    @property
    def best_label(self) -> str:
        return " ".join(c.pretty for c in self.best)

    @property
    def mark(self) -> str:
        return "no real choice" if self.forced else mark(self.verdict)  # one card, or cards that all do the same

    def line(self) -> str:
        """One line of the review: the move, its verdict, the coach's choice and reason."""
        if self.forced:
            return f"{self.label} — no real choice"
        head = f"{self.label} — {self.mark}"
        if self.verdict in GOOD:
            return f"{head}. {self.reason}"
        return f"{head} (about {self.cost:.1f} points a hand). Coach's choice: {self.best_reason}"


def position_at(hand: Hand, index: int) -> Hand:
    """The hand as it was just before ``hand.history[index]`` (a new ``Hand``; ``hand`` is untouched)."""
    if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(hand.history):
        raise ArgumentError(f"index must be a position in the hand's history, 0 to {len(hand.history) - 1}, "
                            f"got {quote(index)}", argument="index")
    new = Hand([hand.dealt(s) for s in hand.table.seats], hand.pass_direction, hand.rules, hand.hand_number,
               hand.seat_names)
    new.replay(hand.history[:index])
    return new


def grade(hand: Hand, index: int, seed: int = 0) -> Graded:
    """The coach's verdict on ``hand.history[index]``, graded on the position just before it."""
    action = hand.history[index]
    before = position_at(hand, index)
    view = before.view(action.seat)
    a: Assessment
    if action.kind == "pass":
        a = assess_pass(view, seed=seed, include=[list(action.cards)])
        trick = 0
    else:
        a = assess_play(view, seed=seed)
        trick = before.trick_number
    mine = a.of(list(action.cards) if action.kind == "pass" else action.card)
    best = a.best
    cards = best.cards if action.kind == "pass" else CardList([best.cards[0]])
    return Graded(index, action.kind, action.seat, hand.hand_number, trick, CardList(action.cards),
                  mine.verdict, round(max(0.0, mine.delta_vs_best), 2), mine.reason, cards, best.reason,
                  len(a), a.position)


_GRADED_FIELDS = tuple(f.name for f in fields(Graded) if f.name not in ("chosen", "best"))
_STORED_TYPES: dict[str, type | tuple[type, ...]] = {"int": int, "float": (int, float), "str": str}
_GRADED_TYPES = {f: _STORED_TYPES[t] for f, t in Graded.__annotations__.items() if f in _GRADED_FIELDS}


@dataclass(frozen=True)
class HandReview:
    """The review of one hand from one seat: every decision you made, with its verdict."""

    hand_number: int
    seat: int
    seat_name: str
    decisions: tuple[Graded, ...]
    result: str = ""  # the hand's result line, if it is over
    practice: bool = False  # a practice position, not the match

    def to_record(self) -> dict[str, Any]:
        """Plain data (JSON) to keep a finished hand's review with a stored match."""
        return {"hand_number": self.hand_number, "seat": self.seat, "seat_name": self.seat_name,
                "result": self.result, "practice": self.practice,
                "decisions": [{**{f: getattr(g, f) for f in _GRADED_FIELDS}, "chosen": str(g.chosen),
                               "best": str(g.best)} for g in self.decisions]}

    @classmethod
    def from_record(cls, record: Mapping[str, Any]) -> HandReview:
        """The review ``to_record`` kept; a record that is not one raises ``RecordError``."""
        def graded(d: Mapping[str, Any]) -> Graded:
            for f in _GRADED_FIELDS:
                if isinstance(d[f], bool) or not isinstance(d[f], _GRADED_TYPES[f]):
                    raise TypeError(f"{f} is {type(d[f]).__name__}")
            return Graded(**{**{f: d[f] for f in _GRADED_FIELDS}, "chosen": CardList(d["chosen"]),
                             "best": CardList(d["best"])})

        try:
            decisions = tuple(graded(d) for d in record["decisions"])
            return cls(int(record["hand_number"]), int(record["seat"]), str(record["seat_name"]), decisions,
                       str(record["result"]), bool(record["practice"]))
        except (KeyError, TypeError, ValueError) as e:
            raise RecordError(f"not a stored hand review ({type(e).__name__}: {str(e)[:80]})") from None

    @classmethod
    def build(cls, hand: Hand, seat: int, grades: Mapping[int, Graded], *, result: str = "",
              practice: bool = False) -> HandReview:
        """``grades`` by history index: your decisions (the autopilot's moves are left out by
        leaving them out of ``grades``)."""
        mine = tuple(g for i, g in sorted(grades.items()) if hand.history[i].seat == seat)
        return cls(hand.hand_number, seat, hand.seat_names[seat], mine, result, practice)

    @property
    def choices(self) -> tuple[Graded, ...]:
        """The decisions with a real choice (forced cards are not counted)."""
        return tuple(g for g in self.decisions if not g.forced)

    @property
    def accuracy(self) -> float | None:
        """Share of decisions with a choice graded best or fine (None when there were none)."""
        return _accuracy(self.choices)

    @property
    def given_away(self) -> float:
        """Expected points given away: the coach's cost of the decisions graded inaccuracy or worse."""
        return round(sum(g.cost for g in self.choices if g.verdict in COSTLY), 2)

    @property
    def costly(self) -> tuple[Graded, ...]:
        return tuple(g for g in self.choices if g.verdict in COSTLY)

    @property
    def moments(self) -> tuple[Graded, ...]:
        """The (at most three) costliest decisions graded inaccuracy or worse, costliest first."""
        return tuple(sorted(self.costly, key=lambda g: (-g.cost, g.index))[:MOMENTS])

    def accuracy_line(self) -> str:
        return accuracy_line(self.choices, self.given_away)

    def text(self) -> str:
        head = f"Review of hand {self.hand_number + 1} ({self.seat_name})"
        if self.practice:
            head += " — a practice position, not the match"
        lines = [head]
        if self.result:
            lines.append(self.result)
        if not self.decisions:  # nothing of the learner's to grade: say so once
            lines.append(AUTOPILOT_ONLY)
            return "\n".join(lines)
        lines.append(self.accuracy_line())
        lines += moments_lines(self.moments)
        lines.append("Your decisions:")
        lines += [f"  {g.line()}" for g in self.decisions]
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.text()


@dataclass(frozen=True)
class MatchReview:
    """The review of a match: the hands' reviews added up."""

    hands: tuple[HandReview, ...]

    @property
    def choices(self) -> tuple[Graded, ...]:
        return tuple(g for h in self.hands for g in h.choices)

    @property
    def accuracy(self) -> float | None:
        return _accuracy(self.choices)

    @property
    def given_away(self) -> float:
        return round(sum(h.given_away for h in self.hands), 2)

    @property
    def moments(self) -> tuple[Graded, ...]:
        costly = [g for h in self.hands for g in h.costly]
        return tuple(sorted(costly, key=lambda g: (-g.cost, g.hand_number, g.index))[:MOMENTS])

    def text(self) -> str:
        lines = [f"Review of the match ({len(self.hands)} hands)", accuracy_line(self.choices, self.given_away)]
        lines += moments_lines(self.moments, with_hand=True)
        for h in self.hands:
            acc = h.accuracy
            share = "no choices" if acc is None else f"{round(100 * acc)}% best or {TOO_CLOSE}"
            lines.append(f"  hand {h.hand_number + 1}: {share}, {h.given_away:.1f} points given away")
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.text()


def accuracy_line(choices: Sequence[Graded], given_away: float) -> str:
    """'Accuracy: 9 of 11 decisions best or too close to call (82%); about 2.4 points given away.'"""
    if not choices:
        return "Accuracy: no decision with a real choice was yours."
    good = sum(g.verdict in GOOD for g in choices)
    return (f"Accuracy: {good} of {len(choices)} decisions best or {TOO_CLOSE} ({round(100 * good / len(choices))}%); "
            f"about {given_away:.1f} expected points given away.")


def moments_lines(moments: Iterable[Graded], with_hand: bool = False) -> list[str]:
    moments = list(moments)
    if not moments:
        return [f"Moments that mattered: none — every decision was best or {TOO_CLOSE}."]
    out = ["Moments that mattered:"]
    for n, g in enumerate(moments, 1):
        where = f"hand {g.hand_number + 1}, " if with_hand else ""
        out.append(f"  {n}. {where}{g.label} — {g.mark}, about {g.cost:.1f} points. "
                   f"Coach's choice: {g.best_reason}")
    return out


__all__ = ["AUTOPILOT_ONLY", "COSTLY", "GOOD", "MARKS", "Graded", "HandReview", "MatchReview", "grade", "mark", "position_at"]
