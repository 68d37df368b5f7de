"""The guide's nbgrader recipe (docs/teaching.md §4), run as written with the real nbgrader.

The three command blocks are read from the guide (so the guide and this test cannot drift) and
run in order: the teacher's (course folder, configuration, generate_assignment,
release_assignment), the student's in a folder per student (fetch_assignment, then the
student's work, then submit; students after the first copy the first one's fetched folder), the grading (collect, autograde, generate_feedback, export). HOME
and JUPYTER_CONFIG_DIR point at temporary folders, so nothing touches the real home, and the
exchange is the teacher's own folder there. One round for the whole module: nbgrader is slow."""

from __future__ import annotations

import csv
import getpass
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from fake_class import HIGHEST_OF_ANY_SUIT, RIGHT

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent
GUIDE = ROOT / "docs" / "teaching.md"
pytestmark = pytest.mark.skipif(not (BIN / "nbgrader").exists(), reason="nbgrader is not installed (dev extra)")
TESTS = ("test-trick_winner", "test-trick_winner-hidden")

# student: (answer cell or None for the untouched stub, delete the test cells?, nbgrader score of 2)
ME = getpass.getuser()  # the first student hands in under their login name, as the guide's command does
STUDENTS = {ME: (RIGHT, False, 2.0), "ben": (HIGHEST_OF_ANY_SUIT, False, 0.0), "cy": (None, False, 0.0),
            "dee": (RIGHT, True, 2.0), "fay": (HIGHEST_OF_ANY_SUIT, True, 0.0)}
TWIN = {"dee": ME, "fay": "ben"}  # the same answer with the test cells in place


def recipe(name: str) -> list[str]:
    """The commands of the guide's block marked ``<!-- recipe: name -->`` (a here-document is one command)."""
    text = GUIDE.read_text(encoding="utf-8")
    m = re.search(rf"<!-- recipe: {name} -->\n```bash\n(.*?)\n```", text, re.DOTALL)
    assert m, f"docs/teaching.md has no bash block marked <!-- recipe: {name} -->"
    commands: list[str] = []
    until = None
    for line in m.group(1).splitlines():
        if until is not None:
            commands[-1] += "\n" + line
            until = None if line == until else until
            continue
        commands.append(line)
        heredoc = re.search(r"<<'?(\w+)'?", line)
        until = heredoc.group(1) if heredoc else None
    return commands


def run(commands: list[str], cwd: Path, env: dict[str, str]) -> str:
    """Run ``commands`` in one shell (a ``cd`` carries over), stopping at the first that fails;
    the output of them all."""
    script = ["set -u"]
    for c in commands:
        first = c.splitlines()[0].replace("'", "")
        script += [c, f"rc=$?; if [ $rc -ne 0 ]; then echo 'recipe command failed (exit '$rc'): {first}' >&2; "
                      "exit $rc; fi"]
    done = subprocess.run(["bash", "-c", "\n".join(script)], cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=1800)
    out = done.stdout + done.stderr
    assert done.returncode == 0, out[-3000:]
    return out


def hand_in(path: Path, answer: str | None, delete_tests: bool) -> None:
    """The student's work on the fetched notebook: the answer written, the test cells maybe deleted."""
    nb = json.loads(path.read_text(encoding="utf-8"))
    if answer is not None:
        cell = next(c for c in nb["cells"] if c.get("id") == "solution")
        cell["source"] = answer
    if delete_tests:
        nb["cells"] = [c for c in nb["cells"] if c.get("id") not in TESTS]
    path.write_text(json.dumps(nb), encoding="utf-8")


@pytest.fixture(scope="module")
def nbgrader_round(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("recipe")
    home = tmp / "home"
    home.mkdir()
    env = {k: v for k, v in os.environ.items() if not k.startswith("JUPYTER")}
    env.update(HOME=str(home), JUPYTER_CONFIG_DIR=str(tmp / "jupyter-config"),
               PATH=f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}")  # as in an active environment
    out = {"teacher": run(recipe("teacher"), ROOT, env)}
    student = recipe("student")
    submit = next(i for i, c in enumerate(student) if c.startswith("nbgrader submit"))
    fetch = next(i for i, c in enumerate(student) if c.startswith("nbgrader fetch_assignment"))
    for name, (answer, delete_tests, _) in STUDENTS.items():
        folder = tmp / "students" / name
        folder.mkdir(parents=True)
        if name == ME:
            run(student[:submit], folder, env)
            shutil.copytree(folder / "ps02", tmp / "fetched")
        else:  # the same commands; the fetched copy is the first student's (nbgrader is slow to start)
            run([c for i, c in enumerate(student[:submit]) if i != fetch], folder, env)
            shutil.copytree(tmp / "fetched", folder / "ps02")
        hand_in(folder / "ps02" / "02_trick_winner.ipynb", answer, delete_tests)
        # the guide's way to hand in as someone else when trying the round alone
        as_student = [] if name == ME else [f"--student {name}"]
        run([" ".join([student[submit], *as_student]), *student[submit + 1:]], folder, env)
    out["grade"] = run(recipe("grade"), tmp, env)
    return home / "hearts-course", out


def test_the_guides_recipe_runs_as_written_and_grades_right_wrong_and_missing(nbgrader_round):
    course, out = nbgrader_round
    released = (course / "release" / "ps02" / "02_trick_winner.ipynb").read_text(encoding="utf-8")
    assert "BEGIN SOLUTION" not in released and "YOUR CODE HERE" in released
    assert (course.parent / "hearts-exchange" / "hearts" / "outbound" / "ps02").is_dir()  # the teacher's folder
    with open(course / "grades.csv", encoding="utf-8") as fh:
        grades = {row["student_id"]: row for row in csv.DictReader(fh)}
    assert set(grades) == set(STUDENTS)
    for student, (_, _, score) in STUDENTS.items():
        assert float(grades[student]["max_score"]) == 2.0
        assert float(grades[student]["score"] or 0) == score, (student, grades[student])
    assert (course / "feedback" / ME / "ps02" / "02_trick_winner.html").is_file()


def test_autograde_prints_no_checksum_warning(nbgrader_round):
    _, out = nbgrader_round
    assert "Autograding" in out["grade"]
    assert "checksum" not in out["grade"].lower(), [line for line in out["grade"].splitlines() if "checksum" in line]


def test_deleted_test_cells_count_the_same_in_nbgrader_and_the_class_grader(nbgrader_round):
    from hearts_teach.classroom import grader

    course, out = nbgrader_round
    for student in TWIN:
        autograded = (course / "autograded" / student / "ps02" / "02_trick_winner.ipynb").read_text(encoding="utf-8")
        assert all(f'"grade_id": "{cell}"' in autograded for cell in TESTS)  # nbgrader put them back
        assert f"Missing grade cell {TESTS[0]}" in out["grade"]
    rows = {r.student: r for r in grader.grade_class(course / "submitted", timeout=60, progress=False)}
    assert set(rows) == set(STUDENTS)
    with open(course / "grades.csv", encoding="utf-8") as fh:
        nbgrader_score = {row["student_id"]: float(row["score"] or 0) for row in csv.DictReader(fh)}
    for student, twin in TWIN.items():
        assert nbgrader_score[student] == nbgrader_score[twin]
        assert (rows[student].passed, rows[student].total) == (rows[twin].passed, rows[twin].total)
        assert rows[student].message.startswith(rows[twin].message), (rows[student].message, rows[twin].message)
        assert f"note: nbgrader's test cells {', '.join(TESTS)} were deleted (graded all the same)" \
            in rows[student].message
        assert "deleted" not in rows[twin].message
    assert rows[ME].passed == rows[ME].total and rows["ben"].passed < rows["ben"].total


def test_hidden_cases_are_graded_only_in_a_kernel_that_nbgrader_autograde_started(monkeypatch, capsys):
    """The grader process reads NBGRADER_EXECUTION from its parent's (the kernel's) start
    environment: a kernel started without it gets no hidden verdict at all, and a kernel that
    removes it from os.environ is still graded."""
    import io

    from hearts_teach.classroom import autograde_job

    sleep = "import os, time\nos.environ.pop('NBGRADER_EXECUTION', None)\nos.unsetenv('NBGRADER_EXECUTION')\n" \
            "print('ready', flush=True)\ntime.sleep(60)\n"
    plain = {k: v for k, v in os.environ.items() if k != "NBGRADER_EXECUTION"}
    for start_env, want in ((dict(plain, NBGRADER_EXECUTION="autograde"), True),
                            (dict(plain, NBGRADER_EXECUTION="validate"), False), (plain, False)):
        kernel = subprocess.Popen([sys.executable, "-c", sleep], env=start_env, stdout=subprocess.PIPE, text=True)
        try:
            assert kernel.stdout is not None and kernel.stdout.readline() == "ready\n"
            assert autograde_job.autograding(kernel.pid) is want, start_env.get("NBGRADER_EXECUTION")
        finally:
            kernel.kill()
            kernel.wait()
    # the job for a hidden cell, asked from a process that nbgrader autograde did not start (pytest)
    job = {"check": "trick_winner", "function": "trick_winner", "hidden": True,
           "sources": ["def trick_winner(trick):\n    return 0\n"]}
    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(job)))
    assert autograde_job.main() == 0
    assert json.loads(capsys.readouterr().out.strip().splitlines()[-1]) == {"later": True}


def test_only_a_copy_nbgrader_handed_out_can_have_its_test_cells_deleted():
    """Our own student copy (exercises/) never had the test cells: no note for it. nbgrader's copy
    carries the checksums generate_assignment writes; the test cells it lacks are named."""
    from hearts_teach.classroom.nbgrader_cells import deleted_test_cells

    solution = json.loads((ROOT / "solutions" / "02_trick_winner.ipynb").read_text(encoding="utf-8"))
    ours = json.loads((ROOT / "exercises" / "02_trick_winner.ipynb").read_text(encoding="utf-8"))
    assert deleted_test_cells(ours, solution) == []
    released = json.loads(json.dumps(solution))
    for cell in released["cells"]:
        if "nbgrader" in cell["metadata"]:
            cell["metadata"]["nbgrader"]["checksum"] = "0" * 32
    assert deleted_test_cells(released, solution) == []
    released["cells"] = [c for c in released["cells"] if c.get("id") != TESTS[1]]
    assert deleted_test_cells(released, solution) == [TESTS[1]]
    assert deleted_test_cells({"cells": "not a list"}, solution) == []
