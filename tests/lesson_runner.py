"""Run a notebook's code cells in this process, as a learner who runs every cell would, and
watch what they do to the widgets that ask the learner something.

``run(path)`` returns a ``Run``: the namespace the cells left behind (so a test can click the
lesson's own quizzes and pickers) and ``answered``: each question widget that a code cell both
displayed to the learner and then answered (a quiz chosen, a drill answered, a guided decision
made). Displaying means the object was the cell's result or passed to ``display``; answering
means calling the widget's answer API, directly or through a button's ``click()``.
"""

from __future__ import annotations

import contextlib
import io
import json
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]


def _question_widgets() -> dict[type, tuple[str, ...]]:
    """Each widget class that asks the learner something -> its answering methods."""
    from hearts_teach.present.widgets.quiz import Quiz

    found: dict[type, tuple[str, ...]] = {Quiz: ("choose",)}
    with contextlib.suppress(ImportError):
        from hearts_teach.course.guided_hand import GuidedHand

        found[GuidedHand] = ("play", "hint")
    for module, name in (("hearts_teach.course.drills", "DrillSession"), ("hearts_teach.course.lessons", "DrillSession")):
        with contextlib.suppress(ImportError, AttributeError):
            cls = getattr(__import__(module, fromlist=[name]), name)
            found[cls] = ("answer",)
    return found


def _driven_widgets() -> dict[type, tuple[str, ...]]:
    """Widgets that play a deal the learner is invited to play -> the methods that drive them."""
    from hearts_teach.present.widgets.hand_widget import HandWidget
    from hearts_teach.present.widgets.pass_picker import PassPicker
    from hearts_teach.present.widgets.spades_table import BidWidget, SpadesTable
    from hearts_teach.present.widgets.table import TableWidget

    return {HandWidget: ("play",), PassPicker: ("toggle", "choose", "confirm_pass"),
            BidWidget: ("bid", "suggest", "look"), SpadesTable: ("bid", "play"), TableWidget: ("play", "pass_cards")}


def _deal_of(widget: Any) -> tuple | None:
    """The deal a widget plays (its hand's dealt cards), or None."""
    hand = getattr(widget, "hand", None)
    if hand is None or not hasattr(hand, "dealt"):
        return None
    try:
        return (type(hand).__name__, tuple(hand.dealt(s).mask for s in range(len(hand.seat_names))))
    except Exception:  # noqa: BLE001 - a widget without a dealt hand is simply not compared
        return None


@dataclass
class Run:
    namespace: dict[str, Any]
    answered: list[tuple[int, str]] = field(default_factory=list)  # (code cell number, what)
    failed: list[tuple[int, str]] = field(default_factory=list)  # (code cell number, error)
    # a cell that drives a second widget on the very deal a displayed widget offers the learner
    demo_on_own_deal: list[tuple[int, str]] = field(default_factory=list)
    # a cell that builds a drill's position before the drill session shows it to the learner
    drill_before_session: list[int] = field(default_factory=list)
    # every question widget shown, in order (a quiz shown by ``display(Quiz(...))`` is in no variable)
    shown: list[Any] = field(default_factory=list)


def _sources(path: Path) -> list[str]:
    cells = json.loads(Path(path).read_text(encoding="utf-8"))["cells"]
    sources = ["".join(c["source"]) if isinstance(c["source"], list) else c["source"]
               for c in cells if c["cell_type"] == "code"]
    return ["\n".join("pass" if line.startswith("%matplotlib") else line for line in s.splitlines())
            for s in sources]


@cache
def run(path: Path) -> Run:
    """Execute the code cells of ``path`` (cached: one run per notebook per test session).
    ``%matplotlib`` lines are skipped and figures drawn off screen (no kernel here)."""
    import matplotlib

    matplotlib.use("Agg")
    path = Path(path).resolve()
    from IPython.core.interactiveshell import InteractiveShell

    displayed: set[int] = set()
    shown_deals: dict[tuple, str] = {}  # deal -> the displayed widget's class
    current = {"cell": -1}
    result = Run({})
    patched: list[tuple[type, str, Any]] = []
    restore: list[tuple[Any, Any]] = []  # drills whose ``make`` is watched

    def mark_displayed(obj: Any) -> None:
        if id(obj) not in displayed:
            result.shown.append(obj)
        displayed.add(id(obj))

    try:
        for cls, methods in _question_widgets().items():
            shown = cls._repr_mimebundle_

            def repr_bundle(self, *a, _shown=shown, **k):
                mark_displayed(self)
                return _shown(self, *a, **k)

            patched.append((cls, "_repr_mimebundle_", shown))
            cls._repr_mimebundle_ = repr_bundle
            for name in methods:
                original = getattr(cls, name)

                def answering(self, *a, _original=original, _name=name, _cls=cls, **k):
                    if id(self) in displayed and current["cell"] >= 0:
                        result.answered.append((current["cell"], f"{_cls.__name__}.{_name}{a!r}"))
                    return _original(self, *a, **k)

                patched.append((cls, name, original))
                setattr(cls, name, answering)
        for cls, methods in _driven_widgets().items():
            shown = cls._repr_mimebundle_

            def repr_widget(self, *a, _shown=shown, **k):
                deal = _deal_of(self)
                if deal is not None and current["cell"] >= 0:
                    shown_deals.setdefault(deal, type(self).__name__)
                displayed.add(id(self))
                return _shown(self, *a, **k)

            patched.append((cls, "_repr_mimebundle_", shown))
            cls._repr_mimebundle_ = repr_widget
            for name in methods:
                original = getattr(cls, name)

                def driving(self, *a, _original=original, _name=name, _cls=cls, **k):
                    deal = _deal_of(self)
                    if (current["cell"] >= 0 and id(self) not in displayed and deal in shown_deals
                            and not result.demo_on_own_deal[-1:] == [(current["cell"], f"{_cls.__name__}.{_name}")]):
                        result.demo_on_own_deal.append((current["cell"], f"{_cls.__name__}.{_name}"))
                    return _original(self, *a, **k)

                patched.append((cls, name, original))
                setattr(cls, name, driving)
        made: list[int] = []  # cells that built a drill position outside a session
        session_shown: list[int] = []
        with contextlib.suppress(ImportError):
            import sys

            from hearts_teach.course import drills

            def watched(make):
                def making(*a, **k):
                    frame, inside = sys._getframe(1), False
                    for _ in range(8):  # called by a session (its own grading) or by a lesson cell?
                        # drill_text writes the question only (the text the session shows, nothing
                        # graded): lesson 08 prints every drill's question before its widget
                        if (frame is None or isinstance(frame.f_locals.get("self"), drills.DrillSession)
                                or frame.f_code is drills.drill_text.__code__):
                            inside = frame is not None
                            break
                        frame = frame.f_back
                    if current["cell"] >= 0 and not inside:
                        made.append(current["cell"])
                    return make(*a, **k)
                return making

            for drill in drills.DRILLS:  # frozen dataclasses: the field is swapped and put back below
                original_make = drill.make
                object.__setattr__(drill, "make", watched(original_make))
                restore.append((drill, original_make))
            session_repr = drills.DrillSession._repr_mimebundle_

            def session_bundle(self, *a, _shown=session_repr, **k):
                session_shown.append(current["cell"])
                return _shown(self, *a, **k)

            patched.append((drills.DrillSession, "_repr_mimebundle_", session_repr))
            drills.DrillSession._repr_mimebundle_ = session_bundle
        shell = InteractiveShell.instance()  # display() needs the singleton
        result.namespace = shell.user_ns
        with contextlib.chdir(path.parent), contextlib.redirect_stdout(io.StringIO()):
            for i, source in enumerate(_sources(path)):
                current["cell"] = i
                outcome = shell.run_cell(source, silent=False, store_history=False)
                if not outcome.success:
                    result.failed.append((i, repr(outcome.error_in_exec or outcome.error_before_exec)))
        if session_shown:
            result.drill_before_session = [c for c in made if c < session_shown[0]]
    finally:
        for drill, original_make in restore:
            object.__setattr__(drill, "make", original_make)
        current["cell"] = -1
        for cls, name, original in reversed(patched):
            setattr(cls, name, original)
        InteractiveShell.clear_instance()
    return result


@cache
def opened_sample_run() -> str:
    """Lesson 08's sample run as a learner who has answered all five drills sees it: its cell run
    on a fresh ``practice`` session, then each drill answered (the sample opens one by one)."""
    from hearts_teach.course.lessons import DRILLS, DrillSession

    cell = next(s for s in _sources(ROOT / "notebooks" / "08_practice_decisions.ipynb") if "sample = SampleRun(" in s)
    practice = DrillSession()
    namespace: dict[str, Any] = {"practice": practice}
    exec(compile(cell, "sample run", "exec"), namespace)  # noqa: S102 - the lesson's own cell
    sample = namespace["sample"]
    shown = [sample.text()]
    for drill in DRILLS:  # any legal answer opens the drill's sample
        assert practice.hand is not None
        cards = practice.hand.cards(drill.seat)[:3] if drill.kind == "pass" else [next(iter(practice.hand.legal_plays(drill.seat)))]
        practice.answer(cards)
        shown.append(sample.text())
    assert len(sample.opened()) == len(DRILLS)
    return "\n".join(shown)
