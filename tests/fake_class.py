"""A fake class of students for the grader: honest, partial, broken, hanging and cheating
submissions of exercise 02 (and a few others), built from the student version in exercises/.

``STUDENTS`` maps a student to (what they tried, the cells to put in, the expected status
and the expected number of cases right, or None for "anything below full marks").
"""

from __future__ import annotations

import json
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
EXERCISE = ROOT / "exercises" / "02_trick_winner.ipynb"
TOTAL = None  # filled by the tests from the checker (visible + hidden cases)

RIGHT = '''def trick_winner(trick):
    led = suit(trick[0])
    best = 0
    for position in range(1, len(trick)):
        if suit(trick[position]) == led and rank(trick[position]) > rank(trick[best]):
            best = position
    return best
'''
HIGHEST_OF_ANY_SUIT = '''def trick_winner(trick):
    return max(range(4), key=lambda i: rank(trick[i]))
'''
WRONG = "def trick_winner(trick):\n    return 0\n"

# (what they tried, cells replacing the answer cell: the first defines the function, extra ones follow)
STUDENTS: dict[str, tuple[str, list[str], str, str]] = {
    "ada": ("correct answer", [RIGHT], "ok", "all"),
    "ben": ("highest card of any suit (a typical slip)", [HIGHEST_OF_ANY_SUIT], "ok", "some"),
    "cy": ("handed in the stub", ["def trick_winner(trick):\n    # YOUR CODE HERE\n    raise NotImplementedError()\n"],
           "not implemented", "none"),
    "dee": ("wrong answer, prints the success line", [
        WRONG + 'print("trick_winner: all 38 of 38 cases right. Well done!")\n'], "ok", "few"),
    "eve": ("wrong answer, redefines check and patches the checker modules", [
        WRONG,
        "import hearts_teach.classroom.checks as hc, hearts_teach.classroom.checks.framework as fw\n"
        "class R:\n    ok = True; passed = total = 38\n"
        "def check(*a, **k):\n    print('trick_winner: all 38 of 38 cases right. Well done!'); return R()\n"
        "hc.check = check\nfw.run_check = lambda *a, **k: R()\nfw.judge_value = lambda *a, **k: None\n"
        "import builtins\nbuiltins.check = check\n"], "ok", "few"),
    "fay": ("right answer, then sys.exit() and os._exit() in a later cell", [
        RIGHT, "import sys\nsys.exit(0)\n", "import os\nos._exit(0)\n"], "error", "none"),
    "gus": ("reads the visible answers from the package (a lookup table)", [
        "from hearts_teach.classroom.checks import checker as _c\n"
        "_answers = {tuple(c.args[0]): c.expected for c in _c('trick_winner').cases()}\n"
        "def trick_winner(trick):\n    return _answers[tuple(trick)]\n"], "ok", "visible only"),
    "hal": ("tries to rewrite the grader's files and the package", [
        RIGHT.replace("return best", "return 0"),
        f"open({str(ROOT / 'hearts_teach' / 'classroom' / 'checks' / 'tricks.py')!r}, 'a').write('\\n# hacked\\n')\n",
        "import hearts_teach, pathlib\n"
        "pathlib.Path(hearts_teach.__file__).parent.joinpath('classroom', 'grader.py').write_text('hacked')\n"], "ok", "few"),
    "ivy": ("an endless loop in the function", ["def trick_winner(trick):\n    while True:\n        pass\n"],
            "timeout", "none"),
    "jon": ("a loop with a bare except that survives the stop", [
        "def trick_winner(trick):\n    while True:\n        try:\n            pass\n        except:\n            pass\n"],
            "timeout", "none"),
    "kim": ("a top-level cell that never ends", [RIGHT, "while True:\n    pass\n"], "ok", "all"),
    "lou": ("returns an endless generator", ["def trick_winner(trick):\n    import itertools\n"
                                             "    return itertools.count()\n"], "ok", "none"),
    "max": ("returns a 10 MB string", ["def trick_winner(trick):\n    return 'x' * 10_000_000\n"], "ok", "none"),
    "ned": ("returns an object whose __eq__ and __repr__ raise", [
        "class Liar:\n    def __eq__(self, other):\n        raise RuntimeError('no')\n"
        "    def __repr__(self):\n        raise RuntimeError('no')\n    __hash__ = None\n"
        "def trick_winner(trick):\n    return Liar()\n"], "ok", "none"),
    "oli": ("returns an int subclass equal to everything", [
        "class Yes(int):\n    def __eq__(self, other):\n        return True\n    __hash__ = int.__hash__\n"
        "def trick_winner(trick):\n    return Yes(0)\n"], "ok", "few"),
    "pam": ("allocates 10 GB", [RIGHT, "hog = bytearray(10 * 1024 ** 3)\n"], "ok", "all"),
    "val": ("right answer written as a lambda", [
        "trick_winner = lambda trick: max((i for i in range(4) if suit(trick[i]) == suit(trick[0])),\n"
        "                                 key=lambda i: rank(trick[i]))\n"], "ok", "all"),
    "wes": ("deletes the function it wrote", [RIGHT, "del trick_winner\n"], "error", "none"),
    "quinn": ("forges answers on the grader's pipe", [
        WRONG, "import os\nfor fd in sorted(int(f) for f in os.listdir('/proc/self/fd')):\n    try:\n"
               "        os.write(fd, b'{\"done\": true}\\n') if fd > 2 else None\n    except OSError:\n"
               "        pass\n"], "error", "none"),
}


def notebook_with(cells: list[str], template: Path = EXERCISE) -> dict:
    """The exercise notebook with its answer cell replaced by ``cells``."""
    nb = json.loads(template.read_text(encoding="utf-8"))
    out = []
    for cell in nb["cells"]:
        if cell.get("id") == "solution":  # the first cell keeps the answer cell's id and metadata
            for k, src in enumerate(cells):
                out.append({"cell_type": "code", "execution_count": None, "id": "solution" if k == 0 else f"more{k}",
                            "metadata": cell.get("metadata", {}) if k == 0 else {}, "outputs": [], "source": src})
        else:
            out.append(cell)
    nb["cells"] = out
    return nb


def make_class(folder: Path, students: dict | None = None) -> Path:
    """Write every student's 02_trick_winner.ipynb, plus the broken, missing and misnamed cases."""
    for name, (_, cells, _, _) in (students or STUDENTS).items():
        (folder / name).mkdir(parents=True, exist_ok=True)
        (folder / name / "02_trick_winner.ipynb").write_text(json.dumps(notebook_with(cells)), encoding="utf-8")
    (folder / "rae").mkdir(exist_ok=True)  # a broken file
    (folder / "rae" / "02_trick_winner.ipynb").write_text('{"cells": [ {"cell_type": "code", ', encoding="utf-8")
    (folder / "sam").mkdir(exist_ok=True)  # handed in nothing but a note
    (folder / "sam" / "notes.txt").write_text("sorry", encoding="utf-8")
    (folder / "tia").mkdir(exist_ok=True)  # the right work under another name
    (folder / "tia" / "homework.ipynb").write_text(json.dumps(notebook_with([RIGHT])), encoding="utf-8")
    (folder / "uma").mkdir(exist_ok=True)  # exercise 03 saved under the name of exercise 02
    (folder / "uma" / "02_trick_winner.ipynb").write_text(
        (ROOT / "solutions" / "03_legal_plays.ipynb").read_text(encoding="utf-8"), encoding="utf-8")
    return folder


EXTRA = {  # the rows for the students without a normal 02 submission: (status, cases right)
    "rae": ("error", "none"), "sam": ("missing", "none"), "tia": ("wrong notebook", "none"),
    "uma": ("wrong notebook", "none"),
}
