"""``Quiz``: a question with choices (or "pick a card") and immediate feedback with a reason.

Choices may be text, numbers or cards. The learner may try again after a wrong answer;
every attempt is kept in ``attempts`` so a notebook (or a test) can print what happened.
Once answered right the quiz is closed: its buttons are disabled and a later answer only
repeats which answer was right (it never says "try again"). Each answer is also kept as lesson
progress in the learner's local database (best-effort: ``hearts_teach.present.progress_log``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from html import escape
from typing import Any

import ipywidgets as w

from hearts_teach.games.hearts.hand import Hand
from hearts_teach.kernel.cards import Card, to_card
from hearts_teach.kernel.errors import ArgumentError, HeartsError, quote
from hearts_teach.present import progress_log
from hearts_teach.present.widgets.common import (
    WidgetView,
    card_button,
    control_button,
    sentence,
    status_html,
)

Reasons = Mapping[Any, str] | Callable[[Any], str] | str | None


def _label(choice: Any) -> str:
    return choice.pretty if isinstance(choice, Card) else str(choice)


def _card_label(text: str) -> str | None:
    """``"QS"`` typed for a choice written as text ``"Q♠"``: the card as shown, or None if it is no card."""
    try:
        return to_card(text).pretty
    except (HeartsError, ValueError, TypeError):
        return None


def _plain_minus(text: str) -> str:
    """The prose writes −6 with a true minus sign; a learner copying it types the same answer as -6."""
    return text.replace("\u2212", "-")


class Quiz(WidgetView):
    """``Quiz(question, choices, answer, reasons=None, explanation="")``.

    - ``answer``: the right choice, a set/list/tuple of right choices, or a predicate.
      With card choices, answers may be written as text ('QS').
    - ``reasons``: a mapping choice → sentence, a function choice → sentence, or one
      sentence for every choice; shown with the verdict.
    - ``explanation``: shown after a right answer (the general point).
    - ``lesson``: the lesson the answers are kept under as progress (default: the open notebook's,
      see ``progress_log``).
    - Parts: ``buttons`` (label → Button, labels are the choices' text: 'Q♠', '13'),
      ``feedback`` (HTML), ``attempts`` [(choice, right)].
    """

    def __init__(self, question: str, choices: Sequence[Any], answer: Any, reasons: Reasons = None,
                 explanation: str = "", *, four_color: bool | None = None, lesson: str | None = None):
        if not choices:
            raise ArgumentError("a quiz needs at least one choice", argument="choices")
        self.question = question
        self.choices = list(choices)
        self.is_cards = all(isinstance(c, Card) for c in self.choices)
        self._right = self._normalise_answer(answer)
        self.reasons = reasons
        self.explanation = explanation
        self.lesson = lesson
        self.attempts: list[tuple[Any, bool]] = []
        self.last_message = ""
        self.buttons: dict[str, w.Button] = {}
        for i, choice in enumerate(self.choices):
            label = _label(choice)
            if label in self.buttons:
                raise ArgumentError(f"duplicate choice {quote(label)}", argument="choices")
            if self.is_cards:
                b = card_button(choice, four_color)
                b.tooltip = f"{choice.name} — choose this card"
            else:
                b = control_button(label, f"Answer: {label}", "ht-quiz-choice")
            b.add_class(f"ht-choice-{i}")
            b.on_click(lambda _b, c=choice: self.choose(c))
            self.buttons[label] = b
        self.question_html = w.HTML(f"<b>{escape(question)}</b>")
        self.feedback = w.HTML(status_html(""))
        self.feedback.add_class("ht-feedback")
        box = w.HBox(list(self.buttons.values()), layout=w.Layout(flex_flow="row wrap"))
        self.widget = w.VBox([self.question_html, box, self.feedback])
        self.widget.add_class("ht-quiz")

    @classmethod
    def pick_card(cls, question: str, hand: Hand, seat: int | None = None, answer: Any = None,
                  reasons: Reasons = None, explanation: str = "", *, legal_only: bool = False, **kw: Any) -> Quiz:
        """A "pick a card" quiz on a position: the choices are ``seat``'s cards (``legal_only``: only
        those it may play now, for a question on which legal card is best).

        By default the right answers are the legal plays and each card's reason is
        ``hand.explain(card)``: the engine grades the learner.
        """
        s = hand.turn if seat is None else seat
        if s is None:
            raise ArgumentError("pick_card needs a seat: nobody is to play in this position", argument="seat")
        from hearts_teach.present.render import ordered

        choices = ordered(hand.legal_plays(s) if legal_only else hand.cards(s))
        if answer is None:
            legal = set(hand.legal_plays(s))
            answer = lambda c: c in legal  # noqa: E731 - a tiny predicate reads best inline
        if reasons is None:
            reasons = lambda c: hand.explain(c, s).message  # noqa: E731
        return cls(question, choices, answer, reasons, explanation, **kw)

    def _normalise_answer(self, answer: Any) -> Callable[[Any], bool]:
        if callable(answer) and not isinstance(answer, Card | str):
            return answer
        items: Iterable[Any] = (answer if isinstance(answer, set | frozenset | list | tuple) else [answer])
        right = [self._coerce(a) for a in items]
        missing = [a for a in right if a not in self.choices]
        if missing:
            raise ArgumentError(f"answer {quote(missing[0])} is not one of the choices {quote(self.choices)}", argument="answer")
        return lambda c: c in right

    def _coerce(self, choice: Any) -> Any:
        if self.is_cards and isinstance(choice, str):
            return to_card(choice)
        if choice not in self.choices:  # typed as text ("7" for 7) or as a number (7 for "7")
            typed = _plain_minus(str(choice).strip())
            for wanted in (typed, _card_label(typed)):  # as written, then "QS" for a text choice "Q♠"
                match = next((c for c in self.choices if _plain_minus(_label(c)) == wanted), None)
                if match is not None:
                    return match
        return choice

    def reason(self, choice: Any) -> str:
        r = self.reasons
        if r is None:
            return ""
        if isinstance(r, str):
            return r
        if isinstance(r, Mapping):
            return r.get(choice, r.get(_label(choice), ""))
        return r(choice)

    @property
    def solved(self) -> bool:
        return any(ok for _c, ok in self.attempts)

    def is_right(self, choice: Any) -> bool:
        return bool(self._right(self._coerce(choice)))

    def choose(self, choice: Any) -> str:
        """Answer with ``choice`` (as a click would); returns the feedback line."""
        try:
            c = self._coerce(choice)
        except HeartsError as e:
            return self._say(f"Not a choice here: {e}", "error")
        if c not in self.choices:
            options = ", ".join(_label(x) for x in self.choices)
            return self._say(f"{_label(choice)} is not one of the choices ({options}).", "error")
        if self.solved:
            right = next(x for x, good in self.attempts if good)
            return self._say(f"Already answered: {_label(right)} was right. This question is closed.", "ok")
        ok = self.is_right(c)
        self.attempts.append((c, ok))
        progress_log.record(self.question, ok, self.lesson)
        why = sentence(self.reason(c))
        if ok:
            text = f"✔ Right: {_label(c)}." + (f" {why}" if why else "")
            if self.explanation:
                text += f" {sentence(self.explanation)}"
            self._close(c)
        else:
            text = f"✘ Not {_label(c)}." + (f" {why}" if why else "") + " Try again."
        return self._say(text, "ok" if ok else "error")

    def _close(self, right: Any) -> None:
        """Disable every choice and mark the right one, so the answer reads as final."""
        for label, b in self.buttons.items():
            b.disabled = True
            if label == _label(right):
                b.button_style = "success"
                b.description = "✔ " + b.description
            b.tooltip = f"{b.tooltip.split(' — ')[0]} — the question is answered"

    def _say(self, text: str, kind: str) -> str:
        self.last_message = text
        self.feedback.value = status_html(text, kind)
        return text

    def text(self) -> str:
        labels = [_label(c) for c in self.choices]
        # a choice with a comma or semicolon in it ("Q♠, 5♠ or a diamond", "hand 3: across; hand 4: left")
        # would run into the next one
        sep = " | " if any(mark in label for label in labels for mark in ",;") else ", "
        lines = [self.question, "Choices: " + sep.join(labels)]
        if self.last_message:
            lines.append(self.last_message)
        return "\n".join(lines)


_NAMED = re.compile(r"(Q\d+) \(lesson (\w+)\)")


def score_report(quizzes: Sequence[Quiz]) -> str:
    """A review's score so far: how many questions are answered, how many right at the first try,
    and which lessons to look back at (those of the questions missed at least once). A question
    written "Q5 (lesson 03) ..." is named Q5 and belongs to lesson 03; any other is named by its place."""
    named = []
    for i, q in enumerate(quizzes, 1):
        m = _NAMED.match(q.question)
        named.append((m.group(1), m.group(2)) if m else (f"question {i}", None))
    if not any(q.attempts for q in quizzes):
        return (f"No answers yet: {len(quizzes)} questions are waiting above. Answer some, then run this "
                "cell again.")
    first_try = sum(1 for q in quizzes if q.attempts and q.attempts[0][1])
    answered = sum(1 for q in quizzes if q.solved)
    missed: dict[str, list[str]] = {}  # lesson -> questions missed at least once, in the order asked
    for q, (name, lesson) in zip(quizzes, named, strict=True):
        if q.attempts and not q.attempts[0][1]:
            missed.setdefault(f"lesson {lesson}" if lesson else "", []).append(name)
    left = [name for q, (name, _l) in zip(quizzes, named, strict=True) if not q.solved]
    lines = [f"Answered right: {answered} of {len(quizzes)}; right at the first try: {first_try}."]
    look = [f"{where} ({', '.join(names)})" if where else ", ".join(names) for where, names in missed.items()]
    lines.append("Look back at: " + ", ".join(look) + "." if look
                 else "Look back at: nothing yet, every answer so far was right at the first try.")
    if left:
        lines.append("Still open: " + ", ".join(left) + ".")
    return "\n".join(lines)
