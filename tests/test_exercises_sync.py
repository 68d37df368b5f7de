"""exercises/ is generated from solutions/: the stubs, the ids and the stored outputs."""

from __future__ import annotations

import json
from pathlib import Path

import nbformat
import pytest

from hearts_teach.classroom import exercises as gen

ROOT = Path(__file__).resolve().parents[1]
SOLUTIONS = sorted((ROOT / "solutions").glob("*.ipynb"))
EXPECTED = ["01_pass_targets", "02_trick_winner", "03_legal_plays", "04_hand_points", "05_moon_scoring",
            "06_match_winner", "07_strategy"]


def _outputs(path: Path) -> list[tuple[str, str]]:
    """(cell source, text of its outputs) for every code cell."""
    nb = json.loads(path.read_text(encoding="utf-8"))
    out = []
    for c in nb["cells"]:
        if c["cell_type"] == "code":
            text = ""
            for o in c.get("outputs", []):
                text += "".join(o.get("text", "")) + "".join(o.get("data", {}).get("text/plain", ""))
                text += o.get("ename", "") + " " + o.get("evalue", "") if o["output_type"] == "error" else ""
            out.append(("".join(c["source"]), text))
    return out


# ---------------------------------------------------------------- the stub transformation
def test_code_region_becomes_nbgrader_stub_at_its_indentation():
    src = "def f(x):\n    ### BEGIN SOLUTION\n    return x + 1\n    ### END SOLUTION\n\nprint(f)"
    new, n = gen.strip_solutions(src)
    assert n == 1
    assert new == "def f(x):\n    # YOUR CODE HERE\n    raise NotImplementedError()\n\nprint(f)"


def test_markdown_region_becomes_text_stub():
    new, n = gen.strip_solutions("Answer:\n### BEGIN SOLUTION\nforty-two\n### END SOLUTION", "markdown")
    assert (new, n) == ("Answer:\nYOUR ANSWER HERE", 1)


@pytest.mark.parametrize("src", ["### BEGIN SOLUTION\nx\n### BEGIN SOLUTION\n### END SOLUTION",
                                 "x\n### END SOLUTION", "### BEGIN SOLUTION\nx"])
def test_unbalanced_markers_are_rejected(src):
    with pytest.raises(gen.SolutionMarkerError):
        gen.strip_solutions(src)


def test_make_exercise_keeps_ids_and_clears_outputs():
    nb = nbformat.read(ROOT / "solutions" / "02_trick_winner.ipynb", as_version=4)
    ex = gen.make_exercise(nb, "02_trick_winner.ipynb")
    # the same cells and ids, except nbgrader's autograder test cells, which nbgrader adds itself
    assert [c.id for c in ex.cells] == [c.id for c in nb.cells if not c.id.startswith("test-")]
    assert len(ex.cells) == len(nb.cells) - 2
    assert all(c.outputs == [] and c.execution_count is None for c in ex.cells if c.cell_type == "code")
    assert "return best" not in json.dumps(ex) and "raise NotImplementedError()" in json.dumps(ex)
    assert ex.metadata["hearts_teach"]["generated_from"] == "solutions/02_trick_winner.ipynb"


def test_a_solution_without_markers_is_rejected():
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("x = 1")])
    with pytest.raises(gen.SolutionMarkerError, match="no ### BEGIN SOLUTION"):
        gen.make_exercise(nb, "x.ipynb")


# ---------------------------------------------------------------- the repository is in sync
def test_every_exercise_notebook_exists():
    names = {p.stem for p in SOLUTIONS}
    assert set(EXPECTED) <= names
    assert {p.stem for p in (ROOT / "exercises").glob("*.ipynb")} == names


def test_sources_and_ids_are_in_sync(capsys):
    assert gen.check([], fast=True) == 0, capsys.readouterr().out


def test_fast_check_notices_an_edited_solution(tmp_path, monkeypatch):
    sol, ex = tmp_path / "solutions", tmp_path / "exercises"
    sol.mkdir()
    ex.mkdir()
    src = ROOT / "solutions" / "04_hand_points.ipynb"
    (ex / src.name).write_bytes((ROOT / "exercises" / src.name).read_bytes())
    nb = nbformat.read(src, as_version=4)
    nb.cells[0].source += "\n\nA new sentence."
    nbformat.write(nb, sol / src.name)
    monkeypatch.setattr(gen, "SOLUTIONS", sol)
    monkeypatch.setattr(gen, "EXERCISES", ex)
    assert gen.check([], fast=True) == 1


@pytest.mark.parametrize("path", SOLUTIONS, ids=lambda p: p.stem)
def test_exercise_shows_not_yet_and_no_traceback(path):
    ex = ROOT / "exercises" / path.name
    text = ex.read_text(encoding="utf-8")
    assert "BEGIN SOLUTION" not in text and "Traceback" not in text
    assert '"output_type": "error"' not in text
    for source, output in _outputs(ex):
        if source.startswith("check("):
            assert "not implemented yet" in output, source


@pytest.mark.parametrize("path", [p for p in SOLUTIONS if p.stem in EXPECTED], ids=lambda p: p.stem)
def test_solution_shows_every_check_passing(path):
    checks = [(s, o) for s, o in _outputs(path) if s.startswith(("check(", "drill_result = grade_drills"))]
    assert checks
    for source, output in checks:
        assert "Well done!" in output or "Score: 10 of 10 marks." in output, (source, output)
        assert "went wrong" not in output and "not implemented" not in output


def test_every_code_cell_was_executed():
    for path in SOLUTIONS + sorted((ROOT / "exercises").glob("*.ipynb")):
        nb = json.loads(path.read_text(encoding="utf-8"))
        unrun = [i for i, c in enumerate(nb["cells"]) if c["cell_type"] == "code"
                 and "".join(c["source"]).strip() and c.get("execution_count") is None]
        assert not unrun, f"{path.name}: cells {unrun} were never executed"


def test_exercises_equal_a_fresh_build(capsys):
    """The full check: regenerate every exercise (stub + execute) and compare byte for byte."""
    assert gen.check([]) == 0, capsys.readouterr().out


@pytest.mark.parametrize("path", SOLUTIONS, ids=lambda p: p.stem)
def test_solutions_carry_nbgrader_metadata_and_test_cells(path):
    from hearts_teach.classroom.nbgrader_cells import is_test_cell, mark

    nb = nbformat.read(path, as_version=4)
    # running the mark command again would change nothing
    assert nbformat.writes(mark(nbformat.read(path, as_version=4))) == nbformat.writes(nb)
    answers = [c for c in nb.cells if "BEGIN SOLUTION" in c.source]
    assert answers and all(c.metadata["nbgrader"]["solution"] for c in answers)
    tests = [c for c in nb.cells if is_test_cell(c)]
    assert tests and all(c.metadata["nbgrader"]["points"] >= 1 and c.metadata["nbgrader"]["locked"] for c in tests)
    # the hidden cases are graded by verify, not written in a hidden region (nbgrader would warn
    # about the cell's checksum at every autograde: it records it before cutting the region out)
    assert any("hidden=True" in c.source for c in tests) and not any("HIDDEN TESTS" in c.source for c in tests)
    ids = [c.metadata["nbgrader"]["grade_id"] for c in nb.cells if "nbgrader" in c.metadata]
    assert len(ids) == len(set(ids))
    for source, output in _outputs(path):
        if "from hearts_teach.classroom.autograde import verify" in source and "hidden=True" in source:
            assert "the hidden cases are graded when your teacher runs nbgrader autograde" in output, source
        elif "from hearts_teach.classroom.autograde import verify" in source:
            assert "right (graded again in a fresh process)" in output or "at least 6 needed" in output, source


def test_exercises_leave_out_the_autograder_test_cells():
    for path in SOLUTIONS:
        text = (ROOT / "exercises" / path.name).read_text(encoding="utf-8")
        assert "HIDDEN TESTS" not in text and "hearts_teach.classroom.autograde" not in text
