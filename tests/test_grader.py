"""The class grader: a fake class of honest, broken, hanging and cheating students.

Every cheat must earn exactly what its honest answer earns (or less), every broken file must
get a row with a status, and the run must finish without touching the package's files."""

from __future__ import annotations

import csv
import hashlib
import json
import sys
from pathlib import Path

import pytest
from fake_class import EXTRA, STUDENTS, make_class

from hearts_teach.classroom import grader, plaindata
from hearts_teach.classroom.checks import checker
from hearts_teach.classroom.checks.framework import run_check

ROOT = Path(__file__).resolve().parents[1]


def _package_hash() -> str:
    h = hashlib.sha256()
    for p in sorted((ROOT / "hearts_teach").rglob("*.py")):
        h.update(p.read_bytes())
    return h.hexdigest()


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    folder = make_class(tmp_path_factory.mktemp("class"))
    before = _package_hash()
    rows = grader.grade_class(folder, timeout=40, jobs=2, cell_timeout=3, progress=False)
    assert _package_hash() == before, "a submission changed the package's files"
    return {r.student: r for r in rows if r.notebook == "02_trick_winner.ipynb"}, rows, folder


def _expected_right(kind: str) -> int | None:
    chk = checker("trick_winner")
    visible, hidden = chk.cases(), chk.hidden_cases()
    return {"all": len(visible) + len(hidden), "none": 0, "visible only": len(visible),
            # "return 0" graded honestly: what the cheaters' real answer deserves
            "few": run_check(chk, lambda t: 0, cases=visible + hidden).passed}.get(kind)


@pytest.mark.parametrize("student", sorted(STUDENTS) + sorted(EXTRA))
def test_every_student_gets_the_grade_their_code_deserves(graded, student):
    rows, _, _ = graded
    what, status, kind = (STUDENTS[student][0], STUDENTS[student][2], STUDENTS[student][3]) \
        if student in STUDENTS else ("", *EXTRA[student])
    row = rows[student]
    assert row.total == len(checker("trick_winner").cases()) + len(checker("trick_winner").hidden_cases())
    assert row.status == status, (what, row)
    want = _expected_right(kind)
    if want is None:  # "some": a typical slip scores part of the cases
        assert 0 < row.passed < row.total, (what, row)
    else:
        assert row.passed == want, (what, row)
    assert row.message and "\n" not in row.message and len(row.message) <= 500


def test_cheats_score_no_more_than_return_zero(graded):
    rows, _, _ = graded
    honest = _expected_right("few")
    for student in ("dee", "eve", "hal", "oli", "quinn"):
        assert rows[student].passed <= honest, rows[student]


def test_lookup_table_of_visible_answers_fails_the_hidden_cases_and_is_flagged(graded):
    row = graded[0]["gus"]
    assert "hidden 0/" in row.message and "mentions hearts_teach" in row.message


def test_messages_name_the_problem_in_one_line(graded):
    rows = graded[0]
    assert "rename it to 02_trick_winner.ipynb" in rows["tia"].message
    assert "03_legal_plays" in rows["uma"].message
    assert "broken JSON" in rows["rae"].message
    assert "ended early" in rows["fay"].message
    assert "does not end" in rows["lou"].message
    assert "could not be checked" in rows["ned"].message or "Liar" in rows["ned"].message
    assert "characters" in rows["max"].message


def test_csv_gradebook_and_summary(graded, tmp_path):
    _, rows, _ = graded
    out = tmp_path / "grades.csv"
    grader.write_csv(rows, out)
    with open(out, encoding="utf-8") as fh:
        table = list(csv.reader(fh))
    assert table[0] == ["student", "notebook", "check", "passed", "total", "status", "message", "score", "marks",
                        "out_of", "rules"]
    assert len(table) == len(rows) + 1
    assert {r[0] for r in table[1:]} == set(STUDENTS) | set(EXTRA)
    text = grader.summary(rows)
    lines = text.splitlines()
    # the cheats' notes are pointed at under the total
    assert lines[0].startswith("student") and lines[-2].startswith("total") and lines[-1].startswith("noted:")
    assert len(lines) == len(STUDENTS) + len(EXTRA) + 3
    noted = {line.split()[0] for line in lines[1:-2] if line.rstrip().endswith("noted")}
    assert {"gus", "hal"} <= noted and "ada" not in noted


def test_cli_on_one_notebook_prints_summary_and_writes_csv(tmp_path, capsys):
    from hearts_teach.classroom.exercises import main

    nb = ROOT / "solutions" / "04_hand_points.ipynb"
    assert main(["grade", str(nb), "--csv", str(tmp_path / "g.csv"), "--timeout", "60"]) == 0
    out = capsys.readouterr().out
    assert "100.0%" in out and "gradebook:" in out
    with open(tmp_path / "g.csv", encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))
    assert [(r["check"], r["status"], r["passed"] == r["total"]) for r in rows] == [("hand_points", "ok", True)]
    assert not (tmp_path / "g.csv").read_bytes().startswith(b"\xef\xbb\xbf")
    # --excel: the same rows after a byte-order mark, which spreadsheet programs need for ♠♥♦♣
    assert main(["grade", str(nb), "--csv", str(tmp_path / "x.csv"), "--excel"]) == 0
    assert (tmp_path / "x.csv").read_bytes() == b"\xef\xbb\xbf" + (tmp_path / "g.csv").read_bytes()
    capsys.readouterr()
    assert main(["grade", str(nb), "--excel"]) == 2
    assert "--excel changes how the --csv and --lms files are written" in capsys.readouterr().err


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs Linux's /dev/full (a disk that is always full)")
def test_a_gradebook_that_cannot_be_written_at_the_end_is_one_line_after_the_summary(tmp_path, capsys):
    from hearts_teach.classroom.exercises import main

    nb = ROOT / "solutions" / "04_hand_points.ipynb"
    assert main(["grade", str(nb), "--csv", "/dev/full", "--timeout", "60"]) == 1
    out, err = capsys.readouterr()
    assert "100.0%" in out and "Traceback" not in err
    assert err.splitlines()[-1] == ("grade: the gradebook could not be written to /dev/full (No space left on "
                                    "device); the summary above is complete: free the space and grade again")


def test_nbgrader_layout_is_found(tmp_path):
    sub = tmp_path / "submitted" / "zoe" / "ps1"
    sub.mkdir(parents=True)
    (sub / "02_trick_winner.ipynb").write_text("{}", encoding="utf-8")
    assert grader.find_submissions(tmp_path) == {"zoe": [sub / "02_trick_winner.ipynb"]}


def test_a_link_handed_in_is_not_followed_to_the_solutions(tmp_path):
    """A zip or a git repository can hold symbolic links: a notebook, or an assignment folder,
    linked to the teacher's solutions would otherwise be graded as the student's work."""
    link_nb, link_folder, teacher_linked = tmp_path / "eve", tmp_path / "zed", tmp_path / "ada"
    link_nb.mkdir()
    (link_nb / "02_trick_winner.ipynb").symlink_to(ROOT / "solutions" / "02_trick_winner.ipynb")
    link_folder.mkdir()
    (link_folder / "ps1").symlink_to(ROOT / "solutions", target_is_directory=True)
    real = tmp_path.parent / f"{tmp_path.name}-ada"  # the teacher's own link to a student's folder
    real.mkdir()
    (real / "02_trick_winner.ipynb").write_text("{}", encoding="utf-8")
    teacher_linked.symlink_to(real, target_is_directory=True)
    found = grader.find_submissions(tmp_path)
    assert found["ada"] == [real / "02_trick_winner.ipynb"]
    rows = grader.grade_class(tmp_path, timeout=40, only=["02_trick_winner.ipynb"], progress=False)
    by = {r.student: r for r in rows}
    assert {s: (by[s].status, by[s].passed) for s in ("eve", "zed")} == {"eve": ("error", 0), "zed": ("error", 0)}
    assert all("symbolic link" in by[s].message for s in ("eve", "zed"))
    assert by["ada"].status == "error" and "symbolic link" not in by["ada"].message  # read, it is just empty


def test_a_file_the_json_reader_chokes_on_gets_a_row_and_never_stops_the_class(tmp_path):
    """Read in the grader's own process: brackets nested 200,000 deep (RecursionError), a cell
    whose source is a list of numbers (TypeError), under the exercise's name or another, and a
    file too big to read, each get a row; before, the first two ended the run with a traceback."""
    files = {"deep": ("02_trick_winner.ipynb", '{"cells": ' + "[" * 200_000 + "]" * 200_000 + "}"),
             "deep_misnamed": ("homework.ipynb", "[" * 200_000 + "]" * 200_000),
             "numbers": ("02_trick_winner.ipynb", json.dumps({"cells": [{"cell_type": "code", "source": [1, None]}]})),
             "numbers_misnamed": ("homework.ipynb", json.dumps({"cells": [{"cell_type": "code", "source": [1]}]}))}
    for student, (name, text) in files.items():
        (tmp_path / student).mkdir()
        (tmp_path / student / name).write_text(text, encoding="utf-8")
    (tmp_path / "huge").mkdir()
    with open(tmp_path / "huge" / "02_trick_winner.ipynb", "wb") as fh:
        fh.truncate(grader.MAX_NOTEBOOK_BYTES + 1)  # sparse: nothing is written
    rows = grader.grade_class(tmp_path, timeout=40, only=["02_trick_winner.ipynb"], progress=False)
    got = {(r.student, r.notebook): (r.status, r.message) for r in rows}
    assert got[("deep", "02_trick_winner.ipynb")] == ("error", "not a readable notebook (JSON nested too deeply)")
    assert got[("numbers", "02_trick_winner.ipynb")] == ("error", "not a notebook: the source of cell 1 is not text")
    assert got[("huge", "02_trick_winner.ipynb")] == ("error", "not graded: the file is larger than 64 MB")
    assert got[("deep_misnamed", "homework.ipynb")][0] == got[("numbers_misnamed", "homework.ipynb")][0] == \
        "wrong notebook"


def test_a_cell_of_a_million_blank_lines_does_not_stall_the_grader(tmp_path):
    """The grader reads the cells in its own process, with no time limit: its patterns once ran
    over every blank line from each line start (40,000 lines: 100 s; a million: hours)."""
    import subprocess

    (tmp_path / "ada").mkdir()
    cell = "def trick_winner(trick):\n    return 0\nx = 1" + "\n" * 1_000_000 + "y"  # no match after the run
    (tmp_path / "ada" / "homework.ipynb").write_text(json.dumps({"cells": [{"cell_type": "code", "source": cell}]}))
    code = ("import sys; from pathlib import Path; from hearts_teach.classroom import grader; "
            "p = Path(sys.argv[1]); sources, _ = grader._read_notebook(p); "
            "print(grader._defined_functions(sources, assignments=True), grader._engine_note(p, []) or '-')")
    done = subprocess.run([sys.executable, "-c", code, str(tmp_path / "ada" / "homework.ipynb")],
                          capture_output=True, text=True, timeout=120)
    assert done.stdout.split() == ["['trick_winner',", "'x']", "-"], done.stderr


def test_import_lines_built_to_make_the_patterns_backtrack_do_not_stall_the_grader(tmp_path):
    # the patterns that let the vocabulary's and the helpers' imports go unnoted could split the
    # spaces after each name two ways: 12 names took longer than two minutes
    import subprocess

    cells = ["from hearts_teach import " + "Card    " * 40 + "x",
             "from hearts_teach.checks import " + "check    " * 40 + "x",
             "def trick_winner(trick):\n    return 0\n"]
    nb = tmp_path / "02_trick_winner.ipynb"
    nb.write_text(json.dumps({"cells": [{"cell_type": "code", "source": c} for c in cells]}))
    code = ("import sys; from pathlib import Path; from hearts_teach.classroom import grader; "
            "print(grader._engine_note(Path(sys.argv[1]), grader.course()['02_trick_winner.ipynb']))")
    done = subprocess.run([sys.executable, "-c", code, str(nb)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and done.stdout.startswith("note: code cell 1 mentions hearts_teach"), done.stderr


def test_the_course_comes_from_the_solutions_and_every_checker_exists():
    course = grader.course()
    assert course["02_trick_winner.ipynb"] == [grader.Expect("trick_winner", "trick_winner")]
    assert grader.Expect("drills", "my_drill_answers") in course["07_strategy.ipynb"]
    for items in course.values():
        for it in items:
            if it.check != "drills":
                assert checker(it.check).hidden_cases(), f"{it.check} has no hidden cases"


def test_plain_data_round_trip_and_refusals():
    from hearts_teach import Card

    value = {1: ["QS", ("a", 2)], "x": frozenset({3}), "c": Card("QS"), "n": None, "f": 1.5, "b": True}
    assert plaindata.decode(json.loads(json.dumps(plaindata.encode(value)))) == value

    class Sneaky(int):
        def __eq__(self, other):
            return True

    back = plaindata.decode(plaindata.encode(Sneaky(3)))
    assert type(back) is int and back == 3 and back != 4
    assert repr(plaindata.decode(plaindata.encode(object()))).startswith("<object object")
    assert "characters" in repr(plaindata.decode(plaindata.encode("x" * 100_000)))
    for bad in (["pickle", "xyz"], "text", [], ["int", 5], ["list", "notalist"]):
        with pytest.raises(plaindata.BadData):
            plaindata.decode(bad)


def test_a_new_checker_plugs_in_without_changing_the_grader(tmp_path, monkeypatch):
    """Exercise 10 (say) only needs a checker in the registry and a check(...) call in its solution."""
    from hearts_teach.classroom.checks import CHECKERS, Case, Checker

    def cases(numbers):
        return lambda: [Case((n,), 2 * n, "twice the number", (f"call: double({n})",), "picked") for n in numbers]

    def whole(v):
        if not isinstance(v, int):
            from hearts_teach.classroom.checks.framework import WrongType
            raise WrongType("a whole number, please")
        return v

    monkeypatch.setitem(CHECKERS, "double", Checker("double", "double(n) -> int", cases(range(5)), whole,
                                                   lambda v, c: repr(v), make_hidden=cases([50, 70])))
    cell = {"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": []}
    solution = {"cells": [dict(cell, id="a", source="from hearts_teach.classroom.checks import check"),
                          dict(cell, id="b", source="def double(n):\n    return 2 * n"),
                          dict(cell, id="c", source='check("double", double)')],
                "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
    (tmp_path / "solutions").mkdir()
    (tmp_path / "solutions" / "10_double.ipynb").write_text(json.dumps(solution), encoding="utf-8")
    for student, body in (("ada", "return 2 * n"), ("ben", "return n + 2")):
        (tmp_path / "class" / student).mkdir(parents=True)
        nb = json.loads(json.dumps(solution))
        nb["cells"][1]["source"] = f"def double(n):\n    {body}"
        (tmp_path / "class" / student / "10_double.ipynb").write_text(json.dumps(nb), encoding="utf-8")
    rows = grader.grade_class(tmp_path / "class", solutions=tmp_path / "solutions", progress=False)
    assert [(r.student, r.check, r.passed, r.total) for r in rows] == [("ada", "double", 7, 7), ("ben", "double", 1, 7)]


def test_python_m_hearts_teach_grade_is_the_same_grader(tmp_path, capsys):
    # a teacher who knows `python -m hearts_teach league` tries `python -m hearts_teach grade`
    from hearts_teach.__main__ import main

    nb = ROOT / "solutions" / "04_hand_points.ipynb"
    assert main(["grade", str(nb), "--csv", str(tmp_path / "g.csv"), "--notebooks", "04_hand_points"]) == 0
    assert "100.0%" in capsys.readouterr().out
    with open(tmp_path / "g.csv", encoding="utf-8") as fh:
        assert [r["status"] for r in csv.DictReader(fh)] == ["ok"]
    assert main(["grade", str(tmp_path / "nothere")]) == 2
    assert "no such folder" in capsys.readouterr().err


@pytest.mark.parametrize("option, value, says", [
    ("--jobs", "0", "at least 1"), ("--timeout", "0", "at least 1 s"), ("--memory", "2", "at least 256 MB"),
    ("--memory", "x", "not a number"),
    # found by a hostile teacher's typo: each was accepted and gave every student 0 with exit status 0
    ("--timeout", "inf", "at most 3600 s"), ("--timeout", "nan", "not a number"),
    ("--memory", str(10**30), "at most 65536 MB"), ("--jobs", "1000000", "at most 64")])
def test_grade_options_that_would_fail_the_whole_class_are_refused(tmp_path, capsys, option, value, says):
    # found by a fake class: --memory 10 gave every student "error", --timeout 0 "timeout", exit 0
    from hearts_teach.classroom.exercises import main

    with pytest.raises(SystemExit) as stop:
        main(["grade", str(tmp_path), option, value])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert f"argument {option}: " in err and says in err


def test_grade_refuses_a_csv_it_could_not_write_before_grading_anyone(tmp_path, capsys, monkeypatch):
    # found on main: --csv into a missing folder graded the whole class, then crashed writing nothing
    from hearts_teach.__main__ import main

    with pytest.raises(ValueError, match="--timeout"):  # the Python API checks its limits too
        grader.grade_class(tmp_path, timeout=float("inf"))
    monkeypatch.setattr(grader, "grade_class", lambda *a, **k: pytest.fail("graded before checking --csv"))
    nb = ROOT / "solutions" / "04_hand_points.ipynb"
    assert main(["grade", str(nb), "--csv", str(tmp_path / "nothere" / "g.csv")]) == 2
    assert "does not exist" in capsys.readouterr().err
    assert main(["grade", str(nb), "--csv", str(tmp_path)]) == 2
    assert "that is a folder" in capsys.readouterr().err


def test_grade_without_bubblewrap_refuses_unless_told_and_then_says_not_isolated(tmp_path, capsys, monkeypatch):
    from hearts_teach.__main__ import main
    from hearts_teach.classroom import os_sandbox

    monkeypatch.setattr(os_sandbox, "_PROBE", ["bubblewrap (bwrap) is not installed"])
    nb = ROOT / "solutions" / "04_hand_points.ipynb"
    assert main(["grade", str(nb), "--notebooks", "04_hand_points"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "apt-get install bubblewrap" in err and "--no-os-sandbox" in err
    out_csv = tmp_path / "g.csv"
    assert main(["grade", str(nb), "--notebooks", "04_hand_points", "--no-os-sandbox", "--csv", str(out_csv)]) == 0
    assert os_sandbox.NOT_ISOLATED in capsys.readouterr().out
    with open(out_csv, encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))
    assert rows and all(r["message"].startswith(os_sandbox.NOT_ISOLATED) for r in rows)
    assert [r["status"] for r in rows] == ["ok"]


def test_nbgrader_regrading_without_bubblewrap_fails_the_cell_naming_the_fix(monkeypatch, capsys):
    import io

    from hearts_teach.classroom import autograde_job, os_sandbox

    monkeypatch.setattr(os_sandbox, "_PROBE", ["bubblewrap (bwrap) is not installed"])
    job = {"check": "trick_winner", "function": "trick_winner",
           "sources": ["def trick_winner(trick):\n    return 0\n"]}
    for isolate in (True, False):
        monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps({**job, "isolate": isolate})))
        assert autograde_job.main() == 0
        verdict = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
        if isolate:
            assert "apt-get install bubblewrap" in verdict["error"] and "HEARTS_NO_OS_SANDBOX=1" in verdict["error"]
        else:
            assert verdict["isolated"] is False and verdict["total"] > 0


def test_one_students_extra_exercise_does_not_mark_the_class_missing(tmp_path):
    """Without --notebooks, an exercise a minority handed in is graded for them only (the summary
    says so); one at least half the class handed in marks the others missing; --notebooks marks all."""
    from hearts_teach.classroom.grader import Row, course, plan, summary

    exercises = course()
    first, extra = sorted(n for n, its in exercises.items() if its)[:2]
    subs = {s: [tmp_path / s / first] for s in ("ann", "ben", "cal")}
    subs["ann"].append(tmp_path / "ann" / extra)
    jobs, _ = plan(subs, exercises)
    assert sorted((j.student, j.notebook, j.status) for j in jobs) == sorted([
        ("ann", extra, ""), ("ann", first, ""), ("ben", first, ""), ("cal", first, "")])
    subs["ben"].append(tmp_path / "ben" / extra)  # two of three: the third is missing it
    jobs, _ = plan(subs, exercises)
    assert [(j.student, j.status) for j in jobs if j.notebook == extra] == [
        ("ann", ""), ("ben", ""), ("cal", "missing")]
    jobs, _ = plan({s: p[:1] for s, p in subs.items()}, exercises, only=[first, extra])
    assert [(j.student, j.status) for j in jobs if j.notebook == extra] == [
        ("ann", "missing"), ("ben", "missing"), ("cal", "missing")]
    rows = [Row(s, first, "c", 1, 1, "ok", "") for s in ("ann", "ben", "cal")] + [Row("ann", extra, "c", 1, 1, "ok", "")]
    assert f"{extra}: graded for 1 of 3 students, who handed it in; the others are not marked missing " \
           f"(--notebooks {extra} marks them)" in summary(rows)
    assert f"{first}: graded for" not in summary(rows)
