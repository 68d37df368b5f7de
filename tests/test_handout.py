"""``python -m hearts_teach handout DIR``: what students get carries no answer, no test, no
hidden case and no history (issue: a class whose answers never reach students)."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from hearts_teach.tools import handout

ROOT = Path(handout.__file__).resolve().parents[2]


def _all_text(folder: Path) -> dict[str, str]:
    out = {}
    for p in sorted(folder.rglob("*")):
        if p.is_file() and ".git" not in p.relative_to(folder).parts:
            try:
                out[str(p.relative_to(folder))] = p.read_text(encoding="utf-8")
            except UnicodeDecodeError:
                pass
    return out


def test_the_handout_has_lessons_and_exercises_and_no_answer_test_hidden_case_or_history(tmp_path, grading_key):
    dest = tmp_path / "course"
    done = subprocess.run([sys.executable, "-m", "hearts_teach", "handout", str(dest)],
                          capture_output=True, text=True, cwd=tmp_path, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "no solution line found in it" in done.stdout
    top = sorted(p.name for p in dest.iterdir())
    assert {"notebooks", "exercises", "hearts_teach", "README.md", "pyproject.toml"} <= set(top)
    assert not {"solutions", "tests", ".ci", "deploy"} & set(top)
    assert sorted(p.name for p in (dest / "docs").iterdir()) == ["players.md", "rules.md"]
    assert sorted(p.name for p in (dest / "exercises").glob("*.ipynb")) == \
        sorted(p.name for p in (ROOT / "exercises").glob("*.ipynb"))
    log = subprocess.run(["git", "log", "--format=%s"], cwd=dest, capture_output=True, text=True, check=True)
    assert log.stdout.splitlines() == ["The course: lessons and exercises"]  # no history to the answers

    texts = _all_text(dest)
    # every exercise's answer lines, looked for here independently of the command's own check
    answers = handout.solution_lines(ROOT / "solutions")
    assert sum(len(v) for v in answers.values()) > 50
    for name, lines in answers.items():
        for rel, text in texts.items():
            if rel.startswith("hearts_teach/") or rel in handout.TAUGHT.get(name, ()):
                continue
            leaked = [line for line in lines if line in text or json.dumps(line)[1:-1] in text]
            assert not leaked, (rel, name, leaked[:3])
    hidden = json.loads((ROOT / "solutions" / "hidden_cases.json").read_text(encoding="utf-8"))
    labels = [case[-1] for check, cases in hidden.items() if not check.startswith("_") for case in cases]
    for rel, text in texts.items():
        assert not [x for x in labels if f'"{x}"' in text or f"'{x}'" in text], rel
        assert grading_key not in text, rel


def test_a_leaked_answer_stops_the_handout_and_names_the_file(tmp_path):
    source = tmp_path / "checkout"
    for rel in ("hearts_teach", "notebooks", "exercises", "solutions"):
        shutil.copytree(ROOT / rel, source / rel, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy2(ROOT / "pyproject.toml", source / "pyproject.toml")
    line = sorted(handout.solution_lines(source / "solutions")["04_hand_points.ipynb"])[0]
    leaky = source / "exercises" / "04_hand_points.ipynb"
    nb = json.loads(leaky.read_text(encoding="utf-8"))
    nb["cells"].append({"cell_type": "code", "id": "leak", "metadata": {}, "outputs": [], "execution_count": None,
                        "source": line})
    leaky.write_text(json.dumps(nb), encoding="utf-8")
    with pytest.raises(handout.HandoutError, match="exercises/04_hand_points.ipynb"):
        handout.build(tmp_path / "out", source=source, git=False)


def test_the_handout_refuses_a_folder_that_is_not_empty(tmp_path):
    (tmp_path / "full").mkdir()
    (tmp_path / "full" / "x").write_text("")
    with pytest.raises(handout.HandoutError, match="not an empty folder"):
        handout.build(tmp_path / "full", git=False)
    with pytest.raises(handout.HandoutError, match="does not exist"):
        handout.build(tmp_path / "no" / "such" / "place", git=False)
