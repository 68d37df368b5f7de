"""Drills: fixed positions where the learner makes one decision (three cards to pass, or one card
to play) and the coach grades it.

One ``Drill`` class serves lesson 08 (``DRILLS``, worked through in a ``DrillSession``) and
exercise 07 (``hearts_teach.classroom.checks.strategy.DRILLS``, answered in a dict); ``grade`` is
the one grading path and ``MARKS`` the one scale. A drill's score is in *marks*: the game's
*points* are penalties, and a drill never speaks of them as its score.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from hearts_teach.course.players import bots_play, table_bots
from hearts_teach.course.positions import cannot_follow
from hearts_teach.games.hearts.hand import Hand
from hearts_teach.games.hearts.view import View
from hearts_teach.kernel.cards import CardLike, CardList
from hearts_teach.kernel.errors import ArgumentError
from hearts_teach.present import progress_log
from hearts_teach.present.widgets.common import WidgetView

if TYPE_CHECKING:  # the coach (and numpy behind it) is imported when a drill is graded
    from hearts_teach.agents.coach import Assessment, Candidate

# marks per coach verdict: the one scale of every drill score
MARKS = {"best": 2, "fine": 2, "inaccuracy": 1, "mistake": 0, "blunder": 0}
FULL_MARKS = MARKS["best"]
MARKS_RULE = "best or too close to call 2, inaccuracy 1, mistake or blunder 0"


def marks(n: int) -> str:
    """'1 mark', '2 marks', '0 marks'."""
    return f"{n} mark{'' if n == 1 else 's'}"


@dataclass(frozen=True)
class Drill:
    """One practice decision for ``seat``: a fixed position, and what to decide there."""

    title: str
    kind: str  # "pass" (choose 3 cards) or "play" (choose 1 card)
    prompt: str
    make: Callable[[], Hand]  # builds the position afresh (so a drill can be replayed)
    seat: int = 0

    def view(self) -> View:
        return self.make().view(self.seat)


@dataclass(frozen=True)
class Scripted:
    """A position written out card by card, so that it never changes when the bots do: a seeded
    deal, then (for a play drill) each seat's three passed cards and the cards played."""

    seed: int
    hand_number: int = 0
    passes: tuple[str, ...] = ()
    plays: str = ""

    def __call__(self) -> Hand:
        hand = Hand.deal(seed=self.seed, hand_number=self.hand_number)
        for seat, cards in enumerate(self.passes):
            hand.pass_cards(seat, cards)
        for card in self.plays.split():
            hand.play(card)
        return hand


@dataclass(frozen=True)
class Grade:
    """The coach's verdict on one answer to a drill."""

    chosen: CardList  # a pass in the order the coach names passes
    verdict: str
    marks: int
    reason: str
    best: str  # the coach's best choice, as a label ("3♠", "J♣ Q♠ A♠")
    assessment: Assessment

    @property
    def call(self) -> str:
        """The verdict as the coach shows it ("too close to call" for a 'fine' the deals could not
        settle, "inaccuracy or worse"); the marks follow ``verdict``."""
        return shown_call(self.assessment, self.chosen, self.verdict)


def shown_call(assessment: Assessment, chosen: CardList, verdict: str) -> str:
    """How the coach shows the verdict on ``chosen`` in ``assessment`` (its call), else ``verdict``."""
    mask = chosen.mask  # a card's group of equal cards, or the pass itself
    return next((c.call for c in assessment if mask & ~c.cards.mask == 0), verdict)


def grade(drill: Drill, cards: str | Iterable[CardLike], seed: int = 0, hand: Hand | None = None) -> Grade:
    """Grade ``cards`` as the answer to ``drill`` (on ``hand``, the drill's position, built afresh
    when not given). An answer that is not a valid choice raises a ``ValueError`` whose message
    says why (the engine's own reason for a pass or a play it refuses); nothing is graded then."""
    from hearts_teach.agents.coach import assess_pass, assess_play

    hand = drill.make() if hand is None else hand
    chosen = CardList(cards)
    if drill.kind == "pass":
        if hand.passed(drill.seat) is None:
            hand.pass_cards(drill.seat, chosen)  # the engine checks the pass (3 different held cards)
        graded = assess_pass(hand.view(drill.seat), seed=seed)  # the pass made is graded beside the others
        mine = graded.of(chosen)
        chosen = CardList.from_mask(chosen.mask)
    else:
        if len(chosen) != 1:
            raise ArgumentError(f"a play drill needs exactly one card, got {len(chosen)}: "
                                f"{' '.join(c.pretty for c in chosen) or 'none'}", argument="cards")
        verdict = hand.explain(chosen[0], drill.seat)
        if not verdict.legal:
            raise ArgumentError(f"{chosen[0].pretty} may not be played here: {verdict.message}", argument="cards")
        graded = assess_play(hand.view(drill.seat), seed=seed)
        mine = graded.of(chosen[0])
    return Grade(chosen, mine.verdict, MARKS[mine.verdict], _queen_kept_last(mine), graded.best.label, graded)


def _queen_kept_last(mine: Candidate) -> str:
    """The coach's reason for a pass; when the pass gives the Q♠ away and the best keeps her,
    what followed comes straight after the pass it describes and the best's difference in a
    sentence of its own (newcomer round on lesson 08)."""
    c = mine.contrast
    if c is None or not c.queen_kept_by_best:
        return mine.reason
    return f"{mine.label} {mine.does}: {mine.consequence}. {c.queen_sentence()}"


WIDER_CALL_NOTE = ' ("inaccuracy or worse" when'  # how the inaccuracy meaning names its wider call


def meaning(verdict: str, call: str | None = None) -> str:
    """What a verdict means, in the words of a drill (marks are the score, points the penalties).
    Given the ``call`` shown, a plain "inaccuracy" leaves out the note about the wider call
    "inaccuracy or worse", which only that call needs."""
    from hearts_teach.agents.coach import explain_verdicts

    for line in explain_verdicts(unit="marks").splitlines():
        if line.startswith(verdict + ": "):
            text = line.split(": ", 1)[1]
            return text.split(WIDER_CALL_NOTE, 1)[0] if call == verdict else text
    raise KeyError(verdict)


def in_drill_words(text: str) -> str:
    """The coach's words as a drill's feedback gives them, each figure saying what it measures
    (newcomer round 14): a group of equal cards ("10♠/J♠") reads "10♠ or J♠", a share of deals is
    a share of the coach's sampled deals, hearts taken are a hand's average, and "at 95 %
    confidence" (lesson 08 explains intervals only at its end) reads "clearly"."""
    text = re.sub(r"(?<=[♠♥♦♣])/(?=[0-9AKQJ])", " or ", text)
    text = text.replace("% of deals", "% of the coach's sampled deals")
    text = re.sub(r"\b(about \d+\.\d (?:more|fewer) hearts)\b", r"\1 a hand on average", text)
    return text.replace("as far as the sampled deals show at 95 % confidence", "as far as the coach's deals show clearly")


def _flush_lead() -> Hand:
    def stop(h: Hand) -> bool:
        trick = h.current_trick
        return h.turn == 0 and h.trick_number >= 3 and trick is not None and not trick.cards
    return bots_play(Hand.deal(seed=1, pass_direction="hold"), table_bots("rule"), stop=stop)


def _queen_on_table() -> Hand:
    """Seed 425, no pass, rule bots: South to play on trick 3 with East's Q♠ winning and five legal
    spades (one above her, four below), so that which card to duck with is a real choice."""
    def stop(h: Hand) -> bool:
        trick = h.current_trick
        return h.turn == 0 and trick is not None and any(c.pretty == "Q♠" for c in trick.cards)
    return bots_play(Hand.deal(seed=425, pass_direction="hold"), table_bots("rule"), stop=stop)


def drill_text(drill: Drill, number: int, total: int, hand: Hand | None = None) -> str:
    """Drill ``number`` of ``total`` as the learner meets it: its title and question, then its
    position as the engine writes it for the drill's seat (the cards held; for a play, the trick so
    far, who leads and the last trick). Nothing in it is graded: it is the question only."""
    hand = drill.make() if hand is None else hand
    return f"Drill {number} of {total} · {drill.title}\n{drill.prompt}\n{hand.text(seat=drill.seat)}"


def drills_text(drills: Sequence[Drill]) -> str:
    """Every drill of ``drills`` as ``drill_text`` writes it, one after the other: the positions a
    reader of the stored lesson sees, where the drills' widget shows only one at a time."""
    return "\n\n".join(drill_text(d, n, len(drills)) for n, d in enumerate(drills, 1))


# lesson 08's drills
DRILLS: tuple[Drill, ...] = (
    Drill("Pass with the queen and the ace", "pass",
          "Choose the 3 cards South should pass.",
          lambda: Hand.deal(seed=370)),  # not lesson 01's deal (287), whose passes lesson 01 grades
    Drill("Pass with a long spade suit", "pass",
          "Choose the 3 cards South should pass.",
          lambda: Hand.deal(seed=23, hand_number=1)),
    Drill("Void in clubs", "play",
          "Drill 2's cards, no pass. Trick 1 (led by East): 2♣ K♣ Q♣ A♣ → North. Trick 3: East's 6♣ is winning; "
          "South has no clubs: any card may go, hearts too. What should South play?",  # tricks 1 and 3 pinned in tests; r111: why hearts are legal under "hearts not broken"
          # hand 2 like drill 2, so both headers say "Hand 2" (the deal depends on the seed only)
          lambda: bots_play(Hand.deal(seed=23, hand_number=1, pass_direction="hold"), table_bots("rule"),
                            stop=cannot_follow)),
    Drill("Your lead", "play",
          "A new deal. Trick 1 (led by North): 2♣ 3♣ 4♣ Q♣ → West. No one has played the Q♠. What should South lead?",  # trick 1 pinned in tests (lesson 08, drill 4: the clubs still out)
          _flush_lead),
    Drill("The queen is on the table", "play",
          "A new deal. Trick 1 (led by South): 2♣ 6♣ 5♣ J♣ → East. East's Q♠ is winning the spade trick. "
          "What should South play?",  # r111: trick 1 here, as in drills 3 and 4 (pinned in tests)
          _queen_on_table),
)


@dataclass(frozen=True)
class DrillResult:
    """One answered drill of a session."""

    drill: Drill
    answer: CardList
    verdict: str
    marks: int
    reason: str
    best: str
    assessment: Assessment
    position: str = ""  # the graded position as the learner saw it
    feedback: str = ""

    @property
    def call(self) -> str:
        """The verdict in the words the feedback used ("too close to call" for a 'fine')."""
        return shown_call(self.assessment, self.answer, self.verdict)


class DrillSession(WidgetView):
    """Work through ``drills`` one by one; the coach grades each answer with its reasons.

    Text path: ``answer("QS")`` / ``answer("QS AS AD")`` grades the current drill and moves on;
    ``text()`` shows the current drill or the final score. ``widget`` holds clickable cards
    (a ``HandWidget`` or a ``PassPicker``) for the current drill and the feedback so far.
    Each answer is kept as the learner's lesson progress unless ``record`` is false (a session
    that is not the learner's own: a sample run, or a lesson's demonstration of one answer).
    """

    lesson = "08"  # the lesson its answers are kept under as progress

    def __init__(self, drills: Sequence[Drill] = DRILLS, seed: int = 0, *, record: bool = True, listed: bool = False):
        self.drills = list(drills)
        self.listed = listed  # the drills are printed just above (``drills_text``): the display does not repeat the first
        self.seed = seed
        self.record = record
        self.results: list[DrillResult] = []
        self.hand: Hand | None = None
        self.last_feedback = ""
        self.control = None  # the PassPicker or HandWidget of the current drill (once shown)
        self.listeners: list[Callable[[], None]] = []  # called after each graded answer (a SampleRun)
        self._widget = None
        self._start()

    # state ------------------------------------------------------------------------------
    @property
    def done(self) -> bool:
        return len(self.results) == len(self.drills)

    @property
    def current(self) -> Drill | None:
        return None if self.done else self.drills[len(self.results)]

    @property
    def score(self) -> int:
        return sum(r.marks for r in self.results)

    def score_line(self) -> str:
        return f"Score: {self.score} of {FULL_MARKS * len(self.results)} marks ({MARKS_RULE})"

    def _start(self) -> None:
        d = self.current
        self.hand = d.make() if d is not None else None
        if self._widget is not None:
            self._refresh_widget()

    # answering ----------------------------------------------------------------------------
    def answer(self, cards: str | Iterable[CardLike]) -> str:
        """Grade ``cards`` for the current drill with the coach, record it and move on.
        A card that may not be played is refused with the reason, and the drill stays."""
        d = self.current
        if d is None:
            return "All drills are done. " + self.score_line()
        assert self.hand is not None  # set together with the current drill
        chosen = CardList(cards)
        if d.kind == "play" and len(chosen) == 1:
            verdict = self.hand.explain(chosen[0], d.seat)
            if not verdict.legal:
                self.last_feedback = f"Can't play {chosen[0].pretty}: {verdict.message}. Try another card."
                self._refresh_widget()
                return self.last_feedback
        seen = self.position_text()
        g = grade(d, chosen, self.seed, self.hand)
        feedback = (f"Drill {len(self.results) + 1} · {d.title}: you chose "
                    f"{' '.join(c.pretty for c in g.chosen)} → {g.call} ({marks(g.marks)}). {in_drill_words(g.reason)}")
        if g.verdict != "best":
            feedback += f" The coach's best: {in_drill_words(g.best)}."
        if all(r.verdict != g.verdict for r in self.results):  # its meaning once a session, not after every drill
            feedback += f" ({g.call[0].upper() + g.call[1:]} means {in_drill_words(meaning(g.verdict, g.call))}.)"
        result = DrillResult(d, g.chosen, g.verdict, g.marks, g.reason, g.best, g.assessment, seen, feedback)
        self.results.append(result)
        self.last_feedback = self._on_graded(result)
        self.results[-1] = replace(result, feedback=self.last_feedback)
        self._start()
        for listener in self.listeners:
            listener()
        return self.last_feedback

    def _on_graded(self, result: DrillResult) -> str:
        """Keep the answer as lesson progress (full marks: passed); returns the feedback to show.
        A session over saved drills (``course.my_drills``) also reschedules the drill here."""
        if self.record:
            progress_log.record(result.drill.title, result.marks == FULL_MARKS, self.lesson)
        return result.feedback

    # views --------------------------------------------------------------------------------
    def position_text(self) -> str:
        d = self.current
        if d is None:
            return "All drills are done. " + self.score_line()
        assert self.hand is not None  # set together with the current drill
        return drill_text(d, len(self.results) + 1, len(self.drills), self.hand)

    def graded_text(self) -> str:
        """The last graded position with its feedback beside it (empty before any answer)."""
        if not self.results:
            return ""
        r = self.results[-1]
        return f"Graded:\n{r.position}\n\n{r.feedback}"

    def summary(self) -> str:
        lines = [f"{i + 1}. {r.drill.title:<32} {' '.join(c.pretty for c in r.answer):<10} "
                 f"{r.call:<19} {marks(r.marks):<8}  (coach's best: {in_drill_words(r.best)})"
                 for i, r in enumerate(self.results)]
        return "\n".join(lines + [self.score_line()])

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, Any]:
        bundle = super()._repr_mimebundle_(include=include, exclude=exclude)
        d = self.current
        if self.listed and not self.results and d is not None:  # its position is printed just above
            bundle["text/plain"] = f"Drill 1 of {len(self.drills)} · {d.title} (printed above): click your answer here."
        return bundle

    def _current_note(self) -> str:
        """A message about the current drill (a refused card), not about the graded one."""
        if self.last_feedback and (not self.results or self.last_feedback != self.results[-1].feedback):
            return self.last_feedback
        return ""

    def _next_text(self) -> str:
        """What follows the graded box: the next drill, or the end (the score is just above)."""
        if not self.results:
            return self.position_text()
        return "All drills are done." if self.done else "Next: " + self.position_text()

    def text(self) -> str:
        """The text path: the last graded position with its feedback, then the next drill."""
        parts = []
        if self.results:
            parts += [self.graded_text(), self.score_line()]
        parts.append(self._next_text())
        if self._current_note():
            parts.append(self._current_note())
        return "\n\n".join(parts)

    @property
    def widget(self) -> Any:  # an ipywidgets VBox
        if self._widget is None:
            import ipywidgets as w

            self._prompt = w.HTML()
            self._area = w.VBox()
            self._feedback = w.HTML()
            # the graded position and its feedback side by side, above the next drill
            self._graded_position = w.HTML()
            self._graded = w.HBox([self._graded_position, self._feedback],
                                  layout=w.Layout(border="1px solid #ccc", padding="4px"))
            self._widget = w.VBox([self._graded, self._prompt, self._area])
            self._refresh_widget()
        return self._widget

    def _refresh_widget(self) -> None:
        if self._widget is None:
            return
        from html import escape

        from hearts_teach.present.widgets import HandWidget, PassPicker

        d = self.current
        note = self._current_note()
        self._prompt.value = (f"<pre>{escape(self._next_text())}</pre>"
                              + (f"<div style='color:#a00'>{escape(note)}</div>" if note else ""))
        if d is None:
            self.control = None
        elif d.kind == "pass":
            self.control = PassPicker(self.hand, d.seat, on_confirm=lambda cards: self.answer(cards))
        else:
            self.control = HandWidget(self.hand, d.seat, on_play=lambda card: self.answer([card]))
        self._area.children = () if self.control is None else (self.control.widget,)
        if self.results:
            r = self.results[-1]
            self._graded_position.value = f"<pre>Graded:\n{escape(r.position)}</pre>"
            self._feedback.value = (f"<div style='white-space:pre-wrap;max-width:36em;padding-left:8px'>"
                                    f"{escape(r.feedback + chr(10) + self.score_line())}</div>")
            self._graded.layout.display = None
        else:
            self._graded_position.value = self._feedback.value = ""
            self._graded.layout.display = "none"


class SampleRun(WidgetView):
    """Another learner's answers to the drills of ``session`` (``tries``: cards and the idea behind
    them, one per drill), each graded by the coach on a separate session, never the learner's: the
    sample run records nothing as progress.

    A sample answer opens only once ``session`` has graded that drill, so nothing is answered before
    the learner has. Text path: ``text()`` (print it again after ``session.answer(...)``): a table,
    one row per drill (the coach's best choice, the sample answer, its verdict), whose rows stay
    closed until the learner has answered that drill; the sample run's score once all are open;
    then the coach's feedback on each open sample answer. ``widget`` updates itself as ``session``
    grades each drill.
    """

    def __init__(self, session: DrillSession, tries: Sequence[tuple[str, str]]):
        if len(tries) != len(session.drills):
            raise ArgumentError(f"one try per drill: {len(session.drills)} drills, {len(tries)} tries")
        self.session = session
        self.tries = list(tries)
        self._replay = DrillSession(session.drills, session.seed, record=False)
        self._shown: list[str] = []  # each opened drill's feedback, graded when first opened
        self._widget: Any = None
        # one sample run per session: a cell run again replaces the sample it made before
        session.listeners[:] = [f for f in session.listeners if not isinstance(getattr(f, "__self__", None), SampleRun)]
        session.listeners.append(self._refresh_widget)

    def opened(self) -> list[str]:
        """The sample answers the learner has earned: one per drill ``session`` has graded."""
        while len(self._shown) < min(len(self.session.results), len(self.tries)):
            number = len(self._shown) + 1
            cards, idea = self.tries[number - 1]
            self._shown.append(f"Sample answer {number}, the learner's idea: {idea}.\n{self._replay.answer(cards)}")
        return list(self._shown)

    def table(self) -> str:
        """One row per drill: its best choice, the sample answer and its verdict once the learner
        has answered it, else that the row is closed."""
        shown = len(self.opened())
        width = max(len(f"{n}. {d.title}") for n, d in enumerate(self._replay.drills, 1)) + 2
        rows = [f"{'drill':<{width}}{'best choice':<13}{'sample answer':<15}verdict"]
        for n, drill in enumerate(self._replay.drills, 1):
            head = f"{n}. {drill.title}"
            if n <= shown:
                r = self._replay.results[n - 1]
                rows.append(f"{head:<{width}}{in_drill_words(r.best):<13}{' '.join(c.pretty for c in r.answer):<15}"
                            f"{r.call} ({marks(r.marks)})")
            else:
                rows.append(f"{head:<{width}}closed until you answer drill {n}")
        return "\n".join(rows)

    def text(self) -> str:
        shown = self.opened()
        closed = list(range(len(shown) + 1, len(self.tries) + 1))
        table = f"The sample run, {len(shown)} of {len(self.tries)} drills open:\n{self.table()}"
        if closed:
            which = (f"drill {closed[0]}" if len(closed) == 1
                     else f"drills {', '.join(map(str, closed[:-1]))} and {closed[-1]}")
            note = (f"Still closed: {which}. A row opens once you have answered that drill above "
                    "(typing your answers? print(sample) again after each).")
        else:
            table += "\n" + self._replay.score_line()
            note = ""
        return "\n\n".join([table] + [note] * bool(note) + shown)

    @property
    def widget(self) -> Any:  # an ipywidgets HTML
        if self._widget is None:
            import ipywidgets as w

            self._widget = w.HTML()
            self._refresh_widget()
        return self._widget

    def _refresh_widget(self) -> None:
        if self._widget is None:
            return
        from html import escape

        self._widget.value = f"<pre style='white-space:pre-wrap'>{escape(self.text())}</pre>"
