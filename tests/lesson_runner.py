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


@dataclass
class Run:
    namespace: dict[str, Any]
    answered: list[tuple[int, str]] = field(default_factory=list)  # (code cell number, what)
    failed: list[tuple[int, str]] = field(default_factory=list)  # (code cell number, error)


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
    current = {"cell": -1}
    result = Run({})
    patched: list[tuple[type, str, Any]] = []

    def mark_displayed(obj: Any) -> None:
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
        shell = InteractiveShell.instance()  # display() needs the singleton
        result.namespace = shell.user_ns
        with contextlib.chdir(path.parent), contextlib.redirect_stdout(io.StringIO()):
            for i, source in enumerate(_sources(path)):
                current["cell"] = i
                outcome = shell.run_cell(source, silent=False, store_history=False)
                if not outcome.success:
                    result.failed.append((i, repr(outcome.error_in_exec or outcome.error_before_exec)))
    finally:
        current["cell"] = -1
        for cls, name, original in reversed(patched):
            setattr(cls, name, original)
        InteractiveShell.clear_instance()
    return result
