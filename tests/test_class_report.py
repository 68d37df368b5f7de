"""The class grader's report, feedback files and LMS gradebooks, driven through the command line
on a small fake class (honest, partial, a stub, a lookup table, a hanging cell, a Canvas and a
Moodle download, a student who handed in nothing, a second exercise only two students did)."""

from __future__ import annotations

import base64
import csv
import json
import re
from collections import Counter
from pathlib import Path

import pytest
from fake_class import HIGHEST_OF_ANY_SUIT, RIGHT, STUDENTS, notebook_with

from hearts_teach.classroom import class_report, grader
from hearts_teach.classroom.feedback_files import file_name
from hearts_teach.classroom.lms_export import CANVAS_COLUMNS, MOODLE_COLUMNS, MOODLE_FILL_IN
from hearts_teach.classroom.os_sandbox import NOT_ISOLATED

ROOT = Path(__file__).resolve().parents[1]
TRICK, POINTS = "02_trick_winner.ipynb", "04_hand_points.ipynb"
# what only the teacher may read: the grader's notes (``grader._note``) and the NOT ISOLATED mark
TEACHER_ONLY = ("note:", "mentions hearts_teach", "did not finish within 10 s and was stopped",
                "check by hand", "tried to", NOT_ISOLATED)


def _make_class(folder: Path) -> Path:
    for name in ("ada", "ben", "cy", "gus", "kim"):
        (folder / name).mkdir(parents=True)
        (folder / name / TRICK).write_text(json.dumps(notebook_with(STUDENTS[name][1])), encoding="utf-8")
    for name in ("ada", "ben"):  # exercise 04 from two students only: graded for them, nobody missing
        (folder / name / POINTS).write_text((ROOT / "solutions" / POINTS).read_text(encoding="utf-8"), encoding="utf-8")
    # Canvas's download (sortable name, late, user id, attachment id) and Moodle's folder
    (folder / f"smithron_LATE_12345_67890_{TRICK}").write_text(json.dumps(notebook_with([HIGHEST_OF_ANY_SUIT])),
                                                               encoding="utf-8")
    moodle = folder / "Ana Lee_4711_assignsubmission_file_"
    moodle.mkdir()
    (moodle / TRICK).write_text(json.dumps(notebook_with([RIGHT])), encoding="utf-8")
    (folder / "wes").mkdir()  # the engine named in the answer cell, then the function deleted: an error row, noted
    (folder / "wes" / TRICK).write_text(json.dumps(notebook_with(
        ["import hearts_teach\n" + RIGHT, "del trick_winner\n"])), encoding="utf-8")
    (folder / "sam").mkdir()  # handed in nothing that is a notebook
    (folder / "sam" / "notes.txt").write_text("sorry", encoding="utf-8")
    return folder


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    """One CLI run with every output; the rows it graded are kept for the other runs."""
    from hearts_teach.__main__ import main

    tmp = tmp_path_factory.mktemp("report")
    folder = _make_class(tmp / "class")
    kept: list[grader.Row] = []
    real = grader.grade_class

    def keep(*a, **k):
        kept.extend(real(*a, **k))
        return kept

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(grader, "grade_class", keep)
        code = main(["grade", str(folder), "--jobs", "2", "--csv", str(tmp / "g.csv"), "--report", str(tmp / "r.html"),
                     "--feedback", str(tmp / "fb"), "--lms", "canvas", str(tmp / "canvas.csv")])
    assert code == 0
    with open(tmp / "g.csv", encoding="utf-8") as fh:
        table = list(csv.DictReader(fh))
    return tmp, folder, kept, table


def _again(tmp: Path, kept: list, mp: pytest.MonkeyPatch, *options: str) -> int:
    """The CLI once more on the same class, with the rows already graded (no second grading)."""
    from hearts_teach.__main__ import main

    mp.setattr(grader, "grade_class", lambda *a, **k: list(kept))
    return main(["grade", str(tmp / "class"), *options])


def _scores(table: list[dict]) -> dict[str, dict[str, float]]:
    """{notebook: {student: %}} for the students who handed the notebook in, from the CSV: the
    rubric's marks of the notebook's rows as a % of what they are worth."""
    sums: dict[tuple[str, str], list[float]] = {}
    missing = set()
    for r in table:
        if r["check"] == "-":
            continue
        s = sums.setdefault((r["notebook"], r["student"]), [0.0, 0.0])
        s[0], s[1] = s[0] + float(r["marks"]), s[1] + float(r["out_of"])
        if r["status"] == "missing":
            missing.add((r["notebook"], r["student"]))
    out: dict[str, dict[str, float]] = {}
    for (nb, st), (p, t) in sums.items():
        if (nb, st) not in missing:
            out.setdefault(nb, {})[st] = 100 * p / t
    return out


def test_the_class_is_graded_as_its_files_say(run):
    _, _, _, table = run
    students = {r["student"] for r in table}
    assert students == {"ada", "ben", "cy", "gus", "kim", "smithron", "Ana Lee", "sam", "wes"}
    assert {r["notebook"] for r in table if r["student"] == "sam"} == {TRICK}  # missing, not extra
    assert {r["student"] for r in table if r["notebook"] == POINTS} == {"ada", "ben"}


def test_the_reports_numbers_are_the_rows_numbers(run):
    tmp, _, kept, table = run
    page = (tmp / "r.html").read_text(encoding="utf-8")
    scores = _scores(table)
    for nb, per in scores.items():
        ex = next(x for x in class_report.stats(kept) if x.notebook == nb)
        assert ex.handed_in == len(per)
        assert ex.mean == pytest.approx(sum(per.values()) / len(per))
        assert ex.full == sum(1 for v in per.values() if v == 100)
        assert sum(ex.bins) == len(per) and ex.bins[-1] == ex.full
        # the page says the same numbers, in the overview and the exercise's own table
        assert f"<td class=\"n\">{class_report.number(ex.mean)}%</td><td class=\"n\">{ex.full}</td>" in page
        assert f"<td>{class_report.number(ex.mean)}% (of those who handed it in)</td>" in page
    trick = scores[TRICK]
    assert trick["ada"] == trick["kim"] == trick["Ana Lee"] == 100 and trick["cy"] == 0
    assert "sam" not in trick  # missing: counted as not handed in
    assert f"{len(trick)} of 9 students" in page
    # the most common first mistake: ben and smithron both took the highest card of any suit
    ex = next(x for x in class_report.stats(kept) if x.notebook == TRICK)
    firsts = Counter(class_report.first_mistake([r for r in kept if r.student == s and r.notebook == TRICK])
                     for s in trick if trick[s] < 100)
    assert ex.mistakes[0][1] == max(firsts.values()) == 2 and firsts[ex.mistakes[0][0]] == 2
    assert ex.mistakes[0][0].startswith("trick_winner, case ") and ex.mistakes[0][0].endswith(": wrong answer")
    assert "trick_winner: not implemented" in dict(ex.mistakes)  # cy's stub
    assert ex.hardest is not None and ex.hardest[0] == "trick_winner"
    points = next(x for x in class_report.stats(kept) if x.notebook == POINTS)
    assert points.full == points.handed_in == 2 and points.hardest is None  # nothing was hard
    assert "<td>none: every check had every case right</td>" in page


def test_the_report_is_one_self_contained_accessible_deterministic_page(run, tmp_path):
    tmp, _, kept, _ = run
    page = (tmp / "r.html").read_text(encoding="utf-8")
    assert page == class_report.render(kept) == class_report.render(list(kept))
    assert not re.search(r"(?:src|href)=\"(?:https?:)?//", page) and "<script" not in page
    assert '<html lang="en">' in page and "<style>" in page
    images = re.findall(r'<img src="data:image/png;base64,([^"]+)" alt="([^"]+)"', page)
    assert len(images) == 2  # one plot per exercise, each with a text alternative
    assert all(base64.b64decode(png).startswith(b"\x89PNG") and "table beside it" in alt for png, alt in images)
    assert page.count("<caption>") == page.count("<table>") and '<th scope="col">score</th>' in page
    assert b"Matplotlib" not in base64.b64decode(images[0][0])  # no version in the image
    # the teacher's notes are pointed at in the report (gus's lookup, kim's hanging cell)
    assert "note for the teacher on the rows of 3 students (gus, kim, wes)" in page


def test_feedback_files_speak_as_the_check_and_hold_no_teachers_note(run):
    tmp, _, kept, _ = run
    files = {p.name: p.read_text(encoding="utf-8") for p in (tmp / "fb").iterdir()}
    assert set(files) == {"ada.txt", "ben.txt", "cy.txt", "gus.txt", "kim.txt", "smithron.txt", "Ana_Lee.txt",
                          "sam.txt", "wes.txt"}
    noted = [r for r in kept if "note: " in r.message]
    assert {r.student for r in noted} == {"gus", "kim", "wes"}  # the grader did note them for the teacher
    assert "trick_winner (error): trick_winner is not defined" in files["wes.txt"]  # the row's message, no note
    for name, text in files.items():
        for words in TEACHER_ONLY:
            assert words not in text, (name, words)
    ben = files["ben.txt"]
    assert "went wrong" in ben and "  expected: " in ben and "  your function returned: " in ben and "  rule: " in ben
    assert re.search(r"^trick_winner: \d+ of \d+ cases right\.$", ben, re.MULTILINE)
    assert "04_hand_points.ipynb: 100% " in ben and "hand_points: all " in ben
    assert re.search(r"trick_winner: all (\d+) of \1 cases right\. Well done!", files["kim.txt"])  # its hang unnamed
    assert "is not implemented yet: replace the lines '# YOUR CODE HERE'" in files["cy.txt"]
    assert "02_trick_winner.ipynb: not handed in" in files["sam.txt"]
    assert re.search(r"\d+ of the \d+ cases in your notebook right and 0 of the grader's \d+ hidden ones",
                     files["gus.txt"])  # the lookup table of visible answers


def test_feedback_file_names_are_safe_and_distinct():
    taken: set[str] = set()
    assert [file_name(s, taken) for s in ("Ron Smith", "Ron/Smith", "../..", "ron smith", "Zoë")] == \
        ["Ron_Smith.txt", "Ron_Smith-2.txt", "student.txt", "ron_smith-3.txt", "Zoë.txt"]


def test_canvas_gradebook_headers_rows_and_the_id_from_canvass_file_names(run):
    tmp, _, _, table = run
    with open(tmp / "canvas.csv", encoding="utf-8", newline="") as fh:
        got = list(csv.reader(fh))
    assert got[0] == [*CANVAS_COLUMNS, "02_trick_winner", "04_hand_points"]
    scores = _scores(table)
    want = {s: [s, "12345" if s == "smithron" else "", "", "", "",
                class_report.number(scores[TRICK][s]) if s in scores[TRICK] else "0",
                class_report.number(scores[POINTS][s]) if s in scores[POINTS] else ""]
            for s in ("Ana Lee", "ada", "ben", "cy", "gus", "kim", "sam", "smithron", "wes")}
    assert got[1:] == list(want.values())
    assert want["sam"][5] == "0" and want["ada"][6] == "100" and want["cy"][6] == ""


def test_moodle_gradebook_and_excel_bom_and_what_the_teacher_must_fill_in(run, capsys):
    tmp, _, _, _ = run
    with pytest.MonkeyPatch.context() as mp:
        assert _again(tmp, run[2], mp, "--lms", "moodle", str(tmp / "m.csv"), "--report", str(tmp / "r2.html")) == 0
        out = capsys.readouterr().out
        assert _again(tmp, run[2], mp, "--lms", "moodle", str(tmp / "mx.csv"), "--excel") == 0
    assert "fill in the Email address column of every row" in out
    # the import file cannot carry the grader's notes: the students to look at are named first
    noted = next(line for line in out.splitlines() if "a note in grades.csv" in line)
    assert "gus" in noted and "wes" in noted and "ada" not in noted
    raw = (tmp / "m.csv").read_bytes()
    assert (tmp / "mx.csv").read_bytes() == b"\xef\xbb\xbf" + raw and not raw.startswith(b"\xef\xbb\xbf")
    rows = list(csv.reader(raw.decode("utf-8").splitlines()))
    assert rows[0] == [*MOODLE_COLUMNS, "02_trick_winner", "04_hand_points"]
    assert [r[:2] for r in rows[1:]] == [[s, MOODLE_FILL_IN + s] for s in
                                         ("Ana Lee", "ada", "ben", "cy", "gus", "kim", "sam", "smithron", "wes")]
    # the same class gives the same report, byte for byte
    assert (tmp / "r2.html").read_bytes() == (tmp / "r.html").read_bytes()


@pytest.mark.parametrize("options, says", [
    (["--lms", "blackboard", "x.csv"], "--lms blackboard: the gradebook formats are canvas and moodle"),
    (["--lms", "canvas", "{tmp}/nothere/c.csv"], "--lms canvas {tmp}/nothere/c.csv: the folder {tmp}/nothere does not exist"),
    (["--report", "{tmp}/nothere/r.html"], "--report {tmp}/nothere/r.html: the folder {tmp}/nothere does not exist"),
    (["--report", "{tmp}"], "that is a folder; give a file name"),
    (["--feedback", "{tmp}/nothere/fb"], "--feedback {tmp}/nothere/fb: the folder {tmp}/nothere does not exist"),
    (["--feedback", "{tmp}/file.txt"], "that is a file; give a folder"),
    (["--excel", "--report", "{tmp}/r.html"], "--excel changes how the --csv and --lms files are written"),
])
def test_bad_outputs_are_one_line_before_anyone_is_graded(tmp_path, capsys, monkeypatch, options, says):
    from hearts_teach.__main__ import main

    (tmp_path / "file.txt").write_text("x", encoding="utf-8")
    monkeypatch.setattr(grader, "grade_class", lambda *a, **k: pytest.fail("graded before checking the outputs"))
    nb = ROOT / "solutions" / POINTS
    assert main(["grade", str(nb), *[o.format(tmp=tmp_path) for o in options]]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and says.format(tmp=tmp_path) in err and "Traceback" not in err


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs Linux's /dev/full (a disk that is always full)")
def test_an_lms_file_that_cannot_be_written_at_the_end_is_one_line(run, capsys):
    tmp, _, kept, _ = run
    with pytest.MonkeyPatch.context() as mp:
        assert _again(tmp, kept, mp, "--lms", "canvas", "/dev/full") == 1
    err = capsys.readouterr().err
    assert err == ("grade: /dev/full could not be written (No space left on device); the summary above is "
                   "complete: free the space and grade again\n")


def test_names_and_messages_are_text_in_the_page_never_markup():
    # a Moodle full name is the student's own choice, and becomes the folder name
    rows = [grader.Row('<img src=x onerror="alert(1)"> & co', TRICK, "trick_winner", 3, 10, "ok", "<b>"),
            grader.Row("ada", TRICK, "trick_winner", 10, 10, "ok", "")]
    page = class_report.render(rows, title="<script>")
    assert "<img src=x" not in page and "<script>" not in page
    assert "&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; co" in page
    ex = class_report.stats(rows)[0]
    assert (ex.handed_in, ex.full, ex.mean, ex.bins[3], ex.bins[10]) == (2, 1, 65.0, 1, 1)


def test_feedback_from_rows_without_a_case_to_show_drops_every_note():
    from hearts_teach.classroom.feedback_files import feedback_text

    rows = [grader.Row("ada", "07_strategy.ipynb", "drills", 6, 10, "ok", "drills: 6 of 10 marks (…): 1 best, 2 mistake"),
            grader.Row("ada", TRICK, "trick_winner", 0, 65, "error", "trick_winner is not defined"),
            grader.Row("ada", "homework.ipynb", "-", 0, 0, "wrong notebook", "not an exercise of this course")]
    grader._note(rows[:2], "note: the answer cell mentions hearts_teach (check by hand)")
    grader._note(rows[1:2], "note: code cell 4 did not finish within 10 s and was stopped")
    assert all("note: " in r.message for r in rows[:2])
    text = feedback_text("ada", rows)
    assert "note" not in text.replace("notebook", "")
    assert "drills: 6 of 10 marks (…): 1 best, 2 mistake\n" in text
    assert "trick_winner (error): trick_winner is not defined\n" in text
    assert "Also handed in, not graded:\n  homework.ipynb: not an exercise of this course\n" in text
