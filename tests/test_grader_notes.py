"""The gradebook's note for the teacher: an answer that imports the engine under a computed
name, or a cell the student added that runs other code or reads files, is pointed out; the
handed-out cells and ordinary extra cells are not (found by a fake class: an answer that
imported ``'hearts' + '_teach'`` with importlib scored full marks without a note)."""

from __future__ import annotations

import json
from pathlib import Path

from hearts_teach.classroom import grader

RIGHT = ("def trick_winner(trick):\n    best = 0\n    for i in range(1, 4):\n"
         "        if suit(trick[i]) == suit(trick[0]) and rank(trick[i]) > rank(trick[best]):\n"
         "            best = i\n    return best\n")
ENGINE = ("import importlib\n_e = importlib.import_module('hearts' + '_teach')\n"
          "def trick_winner(trick):\n    led = _e.Card(trick[0]).suit\n"
          "    return max(range(4), key=lambda i: (_e.Card(trick[i]).suit == led, _e.Card(trick[i]).rank))\n")


def _hand_in(folder: Path, student: str, answer: str, extra: list[str] = ()) -> None:
    nb = json.loads((grader.ROOT / "exercises" / "02_trick_winner.ipynb").read_text(encoding="utf-8"))
    next(c for c in nb["cells"] if c.get("id") == "solution")["source"] = answer
    for i, src in enumerate(extra):
        nb["cells"].append({"cell_type": "code", "id": f"x{i}", "metadata": {}, "outputs": [],
                            "execution_count": None, "source": src})
    (folder / student).mkdir(parents=True)
    (folder / student / "02_trick_winner.ipynb").write_text(json.dumps(nb), encoding="utf-8")


def test_reaching_round_the_exercise_is_noted_and_honest_work_is_not(tmp_path):
    _hand_in(tmp_path, "ada", RIGHT, ["print(trick_winner(['2C', '3C', '4C', '5C']))"])
    _hand_in(tmp_path, "kim", ENGINE)
    _hand_in(tmp_path, "lou", "def trick_winner(trick):\n    return _w(trick)\n",
             ["import importlib\n_m = importlib.import_module('hearts' + '_teach.teach.checks.tricks')\n"
              "def _w(trick):\n    return 0\n"])
    rows = {r.student: r for r in grader.grade_class(tmp_path, progress=False)}
    assert rows["ada"].passed == rows["ada"].total and "note:" not in rows["ada"].message
    assert rows["kim"].passed == rows["kim"].total  # the grade stands; a person looks
    assert "note: the answer cell uses importlib" in rows["kim"].message, rows["kim"]
    assert "note: code cell 7 uses importlib" in rows["lou"].message


def test_nbgrader_test_cells_are_not_the_students_and_kernel_tricks_are_noted(tmp_path):
    """nbgrader's submitted/ notebooks carry the solution's test cells (``sys.modules``);
    they are the teacher's cells. A student who swaps the import system or the kernel's error
    display to fool those test cells is noted (and keeps the score their function earns)."""
    course = tmp_path / "course" / "submitted"
    for student in ("ada", "yan", "xia", "zed"):
        (course / student / "ps02").mkdir(parents=True)
    nb = json.loads((grader.SOLUTIONS / "02_trick_winner.ipynb").read_text(encoding="utf-8"))
    (course / "ada" / "ps02" / "02_trick_winner.ipynb").write_text(json.dumps(nb), encoding="utf-8")
    at = [c.get("id") for c in nb["cells"]].index("test-trick_winner")
    for student, cell in (("yan", "import sys\nsys.meta_path.insert(0, object())\n"),
                          ("xia", "get_ipython().set_custom_exc((BaseException,), lambda *a, **k: None)\n"),
                          # rewrites the kernel's start environment, which tells the hidden test cell it is graded
                          ("zed", "import ctypes\nctypes.memset(0, 0, 0)\n")):
        cheat = json.loads(json.dumps(nb))
        cheat["cells"].insert(at, {"cell_type": "code", "id": "x", "metadata": {}, "outputs": [],
                                   "execution_count": None, "source": cell})
        (course / student / "ps02" / "02_trick_winner.ipynb").write_text(json.dumps(cheat), encoding="utf-8")
    rows = {r.student: r for r in grader.grade_class(tmp_path / "course", progress=False)}
    assert "note:" not in rows["ada"].message, rows["ada"].message
    assert "note: code cell 7 uses meta_path" in rows["yan"].message, rows["yan"].message
    assert "note: code cell 7 uses get_ipython" in rows["xia"].message, rows["xia"].message
    assert "note: code cell 7 uses ctypes" in rows["zed"].message, rows["zed"].message


def test_a_slow_answer_is_called_slow_not_only_an_endless_loop(tmp_path):
    """Exercise 10's bots have 1 s a move: a bot that thinks 1.5 s is slow, not looping."""
    _hand_in(tmp_path, "vic", "import time\ndef trick_winner(trick):\n    time.sleep(2.5)\n    return 0\n")
    [row] = grader.grade_class(tmp_path, progress=False)
    assert row.status == "timeout"
    assert "time limit of 2 s per case (too slow, or a loop that never ends?)" in row.message, row.message


def test_a_cell_the_student_added_that_patches_the_package_is_noted_and_shown_in_the_summary(tmp_path):
    # found by a fake class: monkeypatching hearts_teach.classroom.grader in an added cell got no note
    _hand_in(tmp_path, "gil", "def trick_winner(trick):\n    return 0\n",
             ["import hearts_teach.classroom.grader as g\ng.grade_notebook = lambda *a, **k: None\n"])
    _hand_in(tmp_path, "ada", RIGHT, ["print(trick_winner(['2C', '3C', '4C', '5C']))"])
    items = grader.course()["02_trick_winner.ipynb"]
    note = grader._engine_note(tmp_path / "gil" / "02_trick_winner.ipynb", items)
    assert note.startswith("note: code cell ") and "mentions hearts_teach" in note
    assert grader._engine_note(tmp_path / "ada" / "02_trick_winner.ipynb", items) == ""
    rows = [grader.Row("gil", "02_trick_winner.ipynb", "trick_winner", 27, 65, "ok", "visible 0/38; " + note),
            grader.Row("ada", "02_trick_winner.ipynb", "trick_winner", 65, 65, "ok", "visible 38/38")]
    lines = grader.summary(rows).splitlines()
    assert lines[1].rstrip().endswith("02_trick_winner.ipynb noted") and lines[2].rstrip().endswith("100.0%")
    assert lines[-1].startswith("noted: the CSV's message says what the notebook did")


def test_grading_a_folder_without_student_folders_says_what_it_expects(tmp_path, capsys):
    # found by a fake class: `grade class/gil` (one student's folder) printed "0 students" and exit 0
    from hearts_teach.classroom.exercises import main

    _hand_in(tmp_path, "gil", RIGHT)
    assert main(["grade", str(tmp_path / "gil")]) == 2
    err = capsys.readouterr().err
    assert f"no submissions in {tmp_path / 'gil'}" in err and "STUDENT/*.ipynb" in err
    assert "give the class folder" in err and "02_trick_winner.ipynb" in err
    (tmp_path / "empty").mkdir()
    assert main(["grade", str(tmp_path / "empty")]) == 2
    assert "no submissions in" in capsys.readouterr().err


def test_the_drills_row_says_its_numbers_are_marks_with_the_scale():
    # the drills' passed/total are the coach's marks (out of 10), not cases like the other rows
    from hearts_teach.classroom.plaindata import encode

    item = next(it for it in grader.course()["07_strategy.ipynb"] if it.check == grader.DRILLS)
    answers = {1: ["JC", "AC", "AD"], 2: ["QC", "AC", "KD"], 3: "KC", 4: "QS", 5: "5C"}
    row = grader._drills_row("ada", "07_strategy.ipynb", item, {"value": encode(answers)}, None)
    assert (row.passed, row.total, row.status) == (10, 10, "ok")
    assert row.message.startswith("drills: 10 of 10 marks (best or too close to call 2, inaccuracy 1, mistake or blunder 0): 1 ")


def test_a_misspelt_notebook_name_is_refused_with_the_list_of_exercises(tmp_path, capsys):
    # found by a fake class: `--notebooks 04_hand_pionts.ipynb` graded nothing, said "0 students", exit 0
    from hearts_teach.classroom.exercises import main

    _hand_in(tmp_path, "gil", RIGHT)
    assert main(["grade", str(tmp_path), "--notebooks", "04_hand_pionts.ipynb"]) == 2
    err = capsys.readouterr().err
    assert "04_hand_pionts.ipynb is not an exercise of this course" in err and "04_hand_points.ipynb" in err


def test_the_handouts_helper_imports_at_the_old_path_are_not_noted(tmp_path):
    # a notebook handed out before the package's layers imports its helpers from hearts_teach.checks:
    # that setup cell is the handout's, not the student's reaching for the engine
    _hand_in(tmp_path, "ada", RIGHT, ["from hearts_teach import Card, cards\nfrom hearts_teach.checks import check, try_it"])
    _hand_in(tmp_path, "gus", RIGHT, ["from hearts_teach.classroom.checks import checker, check"])
    items = grader.course()["02_trick_winner.ipynb"]
    assert grader._engine_note(tmp_path / "ada" / "02_trick_winner.ipynb", items) == ""
    assert "mentions hearts_teach" in grader._engine_note(tmp_path / "gus" / "02_trick_winner.ipynb", items)


def test_a_syntax_error_and_a_misnamed_function_are_explained_in_the_students_terms(tmp_path):
    # found by a fake class: "(<ipython-input-1-6fdeaf39a08e>, line 3)" in the gradebook, and a
    # function written as trick_winer only said "trick_winner is not defined"
    _hand_in(tmp_path, "syn", "def trick_winner(trick)\n    return 0\n")
    _hand_in(tmp_path, "ren", "def trick_winer(trick):\n    return 0\n")
    rows = {r.student: r for r in grader.grade_class(tmp_path, progress=False)}
    syn, ren = rows["syn"], rows["ren"]
    assert syn.status == "error" and "ipython-input" not in syn.message
    assert "SyntaxError: expected ':' (line 1 of that cell)" in syn.message, syn.message
    assert ren.status == "error"
    assert "(the notebook defines trick_winer: rename it to trick_winner)" in ren.message, ren.message


def test_nbgrader_test_cells_of_an_assignment_released_before_the_layers_are_not_run_or_noted(tmp_path):
    # an assignment nbgrader released before the package moved into layers comes back with test
    # cells that import verify from hearts_teach.autograde (and touch sys.modules)
    old_test = ("import sys\n_kept = {n: m for n, m in sys.modules.items() if n.split('.')[0] == 'hearts_teach'}\n"
                "from hearts_teach.autograde import verify\nverify('trick_winner', hidden=False)\n")
    _hand_in(tmp_path, "ada", RIGHT, [old_test])
    items = grader.course()["02_trick_winner.ipynb"]
    assert grader._engine_note(tmp_path / "ada" / "02_trick_winner.ipynb", items) == ""
    rows = grader.grade_class(tmp_path, progress=False)
    assert [(r.status, r.passed == r.total) for r in rows] == [("ok", True)] and "note" not in rows[0].message


def test_a_top_level_cell_that_never_ends_is_named_on_the_row(tmp_path):
    """Found by a fake class: a cell with ``while True: pass`` was stopped at the cell limit and
    the notebook graded "ok", full marks, with no word that it hung."""
    _hand_in(tmp_path, "hal", RIGHT, ["while True:\n    pass\n"])
    [row] = grader.grade_class(tmp_path, progress=False, cell_timeout=2.0)
    assert row.passed == row.total  # the function is right: the grade stands
    assert "note: code cell 7 did not finish within 2 s and was stopped (a loop that never ends at the top level?)" \
        in row.message, row.message


def test_a_notebook_that_starts_thousands_of_threads_is_told_so_not_signal_9(tmp_path):
    """Found by a fake class: 5,000 threads ended the worker with "signal 9 (a memory or CPU
    limit?): did its code exit?". The sandbox's process limit (threads count) is named instead."""
    _hand_in(tmp_path, "tess", RIGHT, ["import threading, time\nfor i in range(5000):\n"
                                       "    threading.Thread(target=time.sleep, args=(60,), daemon=True).start()\n"])
    [row] = grader.grade_class(tmp_path, progress=False)
    assert "processes or threads" in row.message, row.message
    assert "signal 9" not in row.message and "did its code exit" not in row.message


def test_an_answer_that_reaches_the_package_through_a_functions_globals_is_noted(tmp_path):
    """The issue's route: no engine word in the notebook, the checkers' own code reached through a
    handed-out function's ``__globals__`` (in the grader, ``check`` is the worker's stand-in, whose
    globals hold ``sys``). Full marks, and before this no note."""
    reach = ("def trick_winner(trick):\n"
             "    mods = check.__globals__['sys'].modules\n"
             "    return mods['hearts' + '_teach.classroom.checks.tricks']._expected(trick)\n")
    indirect = ("def trick_winner(trick):\n"
                "    g = getattr(check, '__glob' + 'als__')\n"
                "    return g['sys'].modules['hearts' + '_teach.classroom.checks.tricks']._expected(trick)\n")
    _hand_in(tmp_path, "max", reach)
    _hand_in(tmp_path, "ned", indirect)
    rows = {r.student: r for r in grader.grade_class(tmp_path, progress=False)}
    for student, word in (("max", "__globals__"), ("ned", "getattr")):
        row = rows[student]
        assert row.passed == row.total, row  # the grade stands; a person looks
        assert f"note: the answer cell uses {word}" in row.message, row
