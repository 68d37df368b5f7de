"""A submission cannot reach past the grader's worker: no signal to the grader, no process
outside the killed group, no write outside its folder by a path object that changes its mind
or by editing the guard's closure (each found by a fake class; each once got through)."""

from __future__ import annotations

import os
from pathlib import Path

from graded_notebooks import grade_trick_winner

from hearts_teach.classroom.plaindata import encode
from hearts_teach.classroom.sandbox import run_submission

ZERO = "def f():\n    return 0\n"


def _run(tmp_path: Path, cell: str) -> dict:
    """Run ``cell`` after a function and call the function once; report the cell's error."""
    run = run_submission([ZERO, cell], [{"function": "f", "cases": [encode(())]}], timeout=30)
    assert run.finished, run.crashed  # the grader's side survived and the worker reached the end
    errors = [e["cell_error"] for e in run.events if "cell_error" in e]
    answers = [e for e in run.events if "case" in e]
    return {"errors": errors, "answers": answers}


def test_a_submission_cannot_signal_the_grader_through_a_pidfd(tmp_path):
    cell = ("import os, signal\n"
            "signal.pidfd_send_signal(os.pidfd_open(os.getppid()), signal.SIGKILL)\n")
    out = _run(tmp_path, cell)
    assert out["errors"] and out["errors"][0][0] == 1
    assert "pidfd" in out["errors"][0][1]
    assert out["answers"][0]["value"] == encode(0)  # the grading went on


def test_a_fresh_copy_of_the_builtin_modules_does_not_bring_pidfd_back(tmp_path):
    cell = ("import importlib.util, importlib.machinery, os\n"
            "spec = importlib.machinery.BuiltinImporter.find_spec('_signal')\n"
            "m = importlib.util.module_from_spec(spec)\n"
            "m.pidfd_send_signal(os.pidfd_open(os.getppid()), 9)\n")
    out = _run(tmp_path, cell)
    assert out["errors"] and out["errors"][0][0] == 1


def test_a_submission_cannot_start_a_process_outside_its_group(tmp_path):
    marker = tmp_path / "daemon_ran"
    cell = ("import _posixsubprocess, os\n"
            "r, w = os.pipe()\n"
            f"_posixsubprocess.fork_exec(['/bin/sh', '-c', 'touch {marker}'], [b'/bin/sh'], True, (), None, None,"
            " -1, -1, -1, -1, -1, -1, r, w, True, True, None, None, None, -1, None, False)\n")
    out = _run(tmp_path, cell)
    assert out["errors"] and "fork_exec" in out["errors"][0][1]
    cell = ("import importlib.util, sys\n"
            "del sys.modules['_posixsubprocess']\n"
            "m = importlib.util.module_from_spec(importlib.util.find_spec('_posixsubprocess'))\n")
    out = _run(tmp_path, cell)
    # refused either way: by name, or (where the module is built in, as on Debian's 3.11.2)
    # because the guard removed the loader that would rebuild it
    assert out["errors"] and any(w in out["errors"][0][1] for w in ("_posixsubprocess", "create_builtin"))
    assert not marker.exists()


def test_a_path_object_that_changes_its_mind_cannot_write_outside(tmp_path):
    target = tmp_path / "outside.txt"
    cell = ("class P:\n    n = 0\n    def __fspath__(self):\n        P.n += 1\n"
            f"        return {str(target)!r} if P.n == 1 else 'inside.txt'\n"
            "open(P(), 'w').write('x')\n")
    out = _run(tmp_path, cell)
    assert out["errors"] and "PermissionError" in out["errors"][0][1]
    assert not target.exists()
    out = _run(tmp_path, "open('inside.txt', 'w').write('fine')\nprint(open('inside.txt').read())\n")
    assert out["errors"] == []  # a plain path inside its own folder still works


def test_the_guard_cannot_be_switched_off_from_its_closure(tmp_path):
    target = tmp_path / "outside.txt"
    cell = ("import gc\n"
            "for f in gc.get_objects():\n"
            "    if getattr(f, '__name__', '') == 'hook' and getattr(f, '__closure__', None):\n"
            "        for c in f.__closure__:\n"
            "            if isinstance(c.cell_contents, set):\n"
            "                c.cell_contents.clear()\n"
            f"open({str(target)!r}, 'w').write('x')\n")
    out = _run(tmp_path, cell)
    assert out["errors"] and "gc.get_objects" in out["errors"][0][1]
    assert not target.exists()
    assert os.getpid()  # and we are still here


def test_a_submission_cannot_read_the_answers_a_classmate_or_the_grader(tmp_path):
    """Found by a fake class: a student who exec'd the solution cell from the teacher's
    solutions/ folder scored full marks, with no note."""
    from hearts_teach.classroom.sandbox import PRIVATE

    classmate = tmp_path / "class" / "ben" / "02_trick_winner.ipynb"
    classmate.parent.mkdir(parents=True)
    classmate.write_text("{}")
    solution = PRIVATE[0] / "02_trick_winner.ipynb"
    assert solution.is_file()
    cells = [f"open({str(solution)!r}).read()",
             f"import os\nos.listdir({str(PRIVATE[0])!r})",
             f"open({str(classmate)!r}).read()",  # outside Python's folders: another copy of anything
             "import os\nopen('/proc/%d/environ' % os.getppid()).read()",
             "open('/proc/self/status').read()\nopen('/proc/cpuinfo').read()\nimport json, numpy",
             "open('mine.txt', 'w').write('x')\nopen('mine.txt').read()"]
    run = run_submission([ZERO, *cells], [{"function": "f", "cases": [encode(())]}], timeout=30)
    assert run.finished, run.crashed
    errors = {e["cell_error"][0]: e["cell_error"][1] for e in run.events if "cell_error" in e}
    assert sorted(errors) == [1, 2, 3, 4], errors  # the last two cells read what they may
    assert all("does not let a submission read" in t for t in errors.values())


def test_the_class_grader_keeps_a_reader_of_the_solutions_at_its_own_score(tmp_path):
    import json

    from hearts_teach.classroom import grader

    sub = tmp_path / "sub" / "jon"
    sub.mkdir(parents=True)
    nb = json.loads((grader.ROOT / "exercises" / "02_trick_winner.ipynb").read_text())
    answer = next(c for c in nb["cells"] if c.get("id") == "solution")
    answer["source"] = (f"import json\nfor c in json.load(open({str(grader.SOLUTIONS / '02_trick_winner.ipynb')!r}))"
                        "['cells']:\n    if c.get('id') == 'solution':\n        exec(''.join(c['source']))\n")
    (sub / "02_trick_winner.ipynb").write_text(json.dumps(nb))
    rows = grader.grade_class(tmp_path / "sub", progress=False)
    assert [(r.passed, r.status) for r in rows] == [(0, "error")]
    assert "does not let a submission read" in rows[0].message


def test_a_submission_cannot_change_the_graders_limits(tmp_path):
    """``resource.prlimit`` on the grader (same user) once left it unable to open a file."""
    import resource

    before = resource.getrlimit(resource.RLIMIT_NOFILE)
    out = _run(tmp_path, "import resource, os\nresource.prlimit(os.getppid(), resource.RLIMIT_NOFILE, (3, 3))\n")
    assert out["errors"] and "another process's limits" in out["errors"][0][1]
    assert resource.getrlimit(resource.RLIMIT_NOFILE) == before
    out = _run(tmp_path, "import resource\nresource.prlimit(0, resource.RLIMIT_NOFILE)\n")
    assert out["errors"] == []  # its own limits it may read


def test_a_submission_cannot_fill_the_disk_with_many_files(tmp_path):
    from hearts_teach.classroom.sandbox_worker import MAX_WRITES

    cell = f"for i in range({MAX_WRITES + 5}):\n    open(f'f{{i}}.txt', 'w').close()\n"
    out = _run(tmp_path, cell)
    assert out["errors"] and f"more than {MAX_WRITES} files" in out["errors"][0][1]


def _grade(tmp_path: Path, extra: str) -> object:
    return grade_trick_winner(tmp_path, ZERO.replace("f()", "trick_winner(trick)"), extra)


def test_a_refused_attempt_is_noted_even_when_the_cell_catches_it(tmp_path):
    """A fake-class student wrapped the pidfd kill in try/except: the grade was right (what 'return 0' earns) but
    nothing told the teacher that the notebook had tried to kill the grader."""
    row = _grade(tmp_path, "import os, signal\ntry:\n    signal.pidfd_send_signal(os.pidfd_open(os.getppid()), 9)\n"
                           "except Exception:\n    pass\n")
    from hearts_teach.classroom import grader

    cases = grader.prepare([grader.Expect("trick_winner", "trick_winner")])["trick_winner"].cases
    zero_wins = sum(c.expected == 0 for c in cases)  # what "return 0" earns
    assert (row.passed, row.status) == (zero_wins, "ok")
    assert "note: the notebook tried to use os.pidfd_open (refused)" in row.message, row.message


def test_answers_forged_on_the_pipe_are_not_trusted(tmp_path):
    """A fake-class student wrote answers for every case on the result pipe before the grader
    asked: the first answer per case was theirs. Now a case answered twice voids the run."""
    row = _grade(tmp_path, "import os, json, sys\n"
                           "for j in range(65):\n"
                           "    os.write(int(sys.argv[2]), (json.dumps({'case': [0, j], 'value': ['int', '1']})"
                           " + '\\n').encode())\n")
    assert (row.passed, row.status) == (0, "error")
    assert "wrote to the grader's pipe" in row.message


def test_importing_a_missing_submodule_is_not_reported_as_reading_the_teachers_files(tmp_path):
    # with an editable install (README: pip install -e .) the installed finder maps hearts_teach
    # to the checkout; a typo in an import must not look in it and be noted as a refused read
    cell = ("try:\n    import hearts_teach.no_such_module\nexcept ImportError as e:\n"
            "    assert 'no_such_module' in str(e)\n")
    run = run_submission([ZERO, cell], [{"function": "f", "cases": [encode(())]}], timeout=30)
    assert run.finished, run.crashed
    assert not [e for e in run.events if "cell_error" in e]
    assert not [e for e in run.events if "refused" in e], run.events
    assert [e for e in run.events if "case" in e][0]["value"] == encode(0)


def test_a_plot_is_not_noted_and_a_shell_command_is_noted_by_name(tmp_path):
    # found by a fake class: an honest plot was noted as "tried to use subprocess.Popen" (matplotlib
    # built its font list with fc-list in the empty config folder), and `!pip list` as "os.forkpty"
    plot = "%matplotlib inline\nimport matplotlib.pyplot as plt\nplt.plot([1, 2])\nplt.savefig('p.png')\n"
    run = run_submission([ZERO, plot], [{"function": "f", "cases": [encode(())]}], timeout=60)
    assert run.finished, run.crashed
    assert not [e for e in run.events if "cell_error" in e or "refused" in e], run.events
    run = run_submission([ZERO, "!pip list | head -3\n", "files = !ls\n"], [{"function": "f", "cases": [encode(())]}],
                         timeout=60)
    assert run.finished, run.crashed
    refused = [r for e in run.events if "refused" in e for r in e["refused"]]
    assert refused == ["the grader does not let a submission use a shell command (!pip list | head -3)",
                       "the grader does not let a submission use a shell command (!ls)"], refused
    assert [e for e in run.events if "case" in e][0]["value"] == encode(0)
