"""The lesson series as files: executed, reproducible, and linked together.

- every non-empty code cell in notebooks/, solutions/ and exercises/ has an execution
  count (nbval runs unexecuted cells without comparing them, so this guard is needed);
- re-executing each lesson gives a byte-identical file (one test per lesson);
- each lesson links the previous and next lesson and its exercise, at the top and at the
  bottom, and every relative link in a lesson points at a file that exists.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from hearts_teach.lessons import EXERCISES, LESSONS, exercise_link, lesson_file
from hearts_teach.notebooks import execute_notebook

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
ALL_NOTEBOOKS = sorted(p for d in ("notebooks", "solutions", "exercises") for p in (ROOT / d).glob("*.ipynb"))
LESSON_PATHS = [NOTEBOOKS / lesson_file(n) for n in range(len(LESSONS))]
LINK = re.compile(r"\]\(([^)\s]+)\)")


def _cells(path: Path) -> list[dict]:
    return json.loads(path.read_text(encoding="utf-8"))["cells"]


def _source(cell: dict) -> str:
    src = cell["source"]
    return "".join(src) if isinstance(src, list) else src


def test_the_series_has_every_lesson():
    missing = [p.name for p in LESSON_PATHS if not p.exists()]
    assert not missing, f"lessons missing from notebooks/: {missing}"
    extra = sorted({p.name for p in NOTEBOOKS.glob("*.ipynb")} - {p.name for p in LESSON_PATHS})
    assert not extra, f"notebooks/ holds files that are not in the series (hearts_teach.lessons.LESSONS): {extra}"


@pytest.mark.parametrize("path", ALL_NOTEBOOKS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_code_cell_was_executed(path: Path):
    unrun = [i for i, c in enumerate(_cells(path))
             if c["cell_type"] == "code" and _source(c).strip() and c.get("execution_count") is None]
    assert not unrun, (f"{path.relative_to(ROOT)}: code cells {unrun} have no execution_count; "
                       f"run: python -m hearts_teach.notebooks execute {path.relative_to(ROOT)}")


@pytest.mark.parametrize("path", [p for p in LESSON_PATHS if p.exists()], ids=lambda p: p.stem)
def test_reexecution_is_byte_identical(path: Path):
    fresh = execute_notebook(path)
    stored = path.read_text(encoding="utf-8")
    if fresh != stored:
        old, new = stored.splitlines(), fresh.splitlines()
        first = next((i for i, (a, b) in enumerate(zip(old, new, strict=False)) if a != b), min(len(old), len(new)))
        context = "\n".join(f"- {a}\n+ {b}" for a, b in zip(old[first:first + 3], new[first:first + 3], strict=False))
        pytest.fail(f"{path.name} changes when re-executed (first difference at line {first + 1}):\n{context}\n"
                    f"run: python -m hearts_teach.notebooks execute {path.relative_to(ROOT)}")


def _expected_nav_targets(n: int) -> list[str]:
    targets = []
    if n > 0:
        targets.append(lesson_file(n - 1))
    targets.append(lesson_file(0))  # the index
    if n + 1 < len(LESSONS):
        targets.append(lesson_file(n + 1))
    if exercise_link(n):
        targets.append(exercise_link(n))
    return targets


@pytest.mark.parametrize("n", range(len(LESSONS)), ids=lambda n: LESSONS[n][0])
def test_lesson_links_neighbours_and_exercise(n: int):
    path = NOTEBOOKS / lesson_file(n)
    if not path.exists():
        pytest.fail(f"{path.name} does not exist")
    md = [c for c in _cells(path) if c["cell_type"] == "markdown"]
    assert md, f"{path.name} has no Markdown cells"
    for where, cell in (("top", md[0]), ("bottom", md[-1])):
        links = [t.split("#")[0] for t in LINK.findall(_source(cell))]
        missing = [t for t in _expected_nav_targets(n) if t not in links]
        assert not missing, f"{path.name}: the navigation line at the {where} lacks links to {missing}"


@pytest.mark.parametrize("n", range(len(LESSONS)), ids=lambda n: LESSONS[n][0])
def test_every_relative_link_target_exists(n: int):
    path = NOTEBOOKS / lesson_file(n)
    if not path.exists():
        pytest.fail(f"{path.name} does not exist")
    broken = []
    for cell in _cells(path):
        if cell["cell_type"] != "markdown":
            continue
        for target in LINK.findall(_source(cell)):
            if re.match(r"^[a-z]+:", target) or target.startswith("#"):
                continue  # web links and in-page anchors
            if not (path.parent / target.split("#")[0]).exists():
                broken.append(target)
    assert not broken, f"{path.name} links to files that do not exist: {broken}"


def test_welcome_links_every_lesson_and_exercise():
    text = "".join(_source(c) for c in _cells(NOTEBOOKS / lesson_file(0)) if c["cell_type"] == "markdown")
    targets = {t.split("#")[0] for t in LINK.findall(text)}
    missing = [lesson_file(n) for n in range(len(LESSONS)) if lesson_file(n) not in targets]
    missing += [f"../exercises/{name}.ipynb" for name in sorted(set(EXERCISES.values()))
                if f"../exercises/{name}.ipynb" not in targets]
    assert not missing, f"00_welcome does not link {missing}"
