"""The class grader on exercise 10 (write a bot): the positions are ``View`` objects, rebuilt in
each student's process from plain fields; the answers come back as card names and are judged
in the grader's process. A fake class: a correct bot, bots that play illegal cards or return
nonsense, a bot slower than the 1 s move limit, the stub, and a cheat that redefines ``check``
and patches the checker, the ``View`` and the ``Card`` class inside its own process. Each must
get exactly its honest score."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest

from hearts_teach.classroom import grader
from hearts_teach.classroom.checks import checker
from hearts_teach.classroom.checks.framework import run_check

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOK = "10_write_a_bot.ipynb"
EXERCISE = ROOT / "exercises" / NOTEBOOK


def _solution(cell_id: str) -> str:
    nb = json.loads((ROOT / "solutions" / NOTEBOOK).read_text(encoding="utf-8"))
    src = "".join(next(c for c in nb["cells"] if c.get("id") == cell_id)["source"])
    return "\n".join(line for line in src.split("\n") if "SOLUTION" not in line) + "\n"


PASS_OK = _solution("pass-solution")
PLAY_OK = _solution("play-solution")
PASS_FIRST3 = "def choose_pass(view):\n    return list(view.cards)[:3]\n"
PLAY_FIRST = "def choose_play(view):\n    return view.cards[0]          # the lowest club: often not legal\n"
CHEATS = ("import hearts_teach.classroom.checks as hc, hearts_teach.classroom.checks.framework as fw, hearts_teach.classroom.checks.bot as hb\n"
          "from hearts_teach import Card, View\n"
          "class R:\n    ok = True; passed = total = 118\n"
          "def check(*a, **k):\n    print('choose_play: all 118 of 118 cases right. Well done!'); return R()\n"
          "hc.check = check\nfw.run_check = lambda *a, **k: R()\nfw.judge_value = lambda *a, **k: None\n"
          "hb._judge_play = lambda *a, **k: None\nhb._judge_pass = lambda *a, **k: None\n"
          "View.legal_mask = property(lambda self: self.hand)   # every card 'legal' in this process\n"
          "Card.__eq__ = lambda a, b: True\n"
          "print('Your bot beats the highest-card bot by about 9.9 points per hand. Well done!')\n")

# student: (the cells that replace the two answer cells (pass, play, then extra cells),
#           {check: (status, expected right: "all", "none", "first" (an honest run of PLAY_FIRST/PASS_FIRST3))})
CLASS: dict[str, tuple[list[str], dict[str, tuple[str, str]]]] = {
    "ada": (["from hearts_teach import Card, Suit\n" + PASS_OK, PLAY_OK],
            {"choose_pass": ("ok", "all"), "choose_play": ("ok", "all")}),
    "hal": ([PASS_OK, "from hearts_teach import make_bot\n_rule = make_bot('rule')\n"
                      "def choose_play(view):\n    return _rule.choose_play(view)\n"],
            {"choose_pass": ("ok", "all"), "choose_play": ("ok", "all")}),
    "ben": ([PASS_FIRST3, PLAY_FIRST], {"choose_pass": ("ok", "all"), "choose_play": ("ok", "first")}),
    "cy": (["def choose_pass(view):\n    return ['QS', 'QS', 'ZZ']\n",
            "def choose_play(view):\n    return 'the queen'\n"],
           {"choose_pass": ("ok", "none"), "choose_play": ("ok", "none")}),
    "dee": (["def choose_pass(view):\n    return None\n",
             "def choose_play(view):\n    return view   # the position itself\n"],
            {"choose_pass": ("ok", "none"), "choose_play": ("ok", "none")}),
    "eve": ([PASS_FIRST3, PLAY_FIRST, CHEATS], {"choose_pass": ("ok", "all"), "choose_play": ("ok", "first")}),
    "fay": ([PASS_OK, "import time\ndef choose_play(view):\n    time.sleep(1.5)   # over the 1 s move limit\n"],
            {"choose_pass": ("ok", "all"), "choose_play": ("timeout", "none")}),
    "gus": (["def choose_pass(view):\n    # YOUR CODE HERE\n    raise NotImplementedError()\n",
             "def choose_play(view):\n    # YOUR CODE HERE\n    raise NotImplementedError()\n"],
            {"choose_pass": ("not implemented", "none"), "choose_play": ("not implemented", "none")}),
}


def notebook_with(cells: list[str], template: Path = EXERCISE) -> dict:
    """The exercise (or nbgrader's release of it) with the two answer cells replaced by ``cells``."""
    nb = json.loads(template.read_text(encoding="utf-8"))
    out = []
    for cell in nb["cells"]:
        if cell.get("id") == "pass-solution":
            cell = dict(cell, source=cells[0])
        elif cell.get("id") == "play-solution":
            out.append(dict(cell, source=cells[1]))
            cell = None
            for k, src in enumerate(cells[2:]):
                out.append({"cell_type": "code", "execution_count": None, "id": f"more{k}", "metadata": {},
                            "outputs": [], "source": src})
        if cell is not None:
            out.append(cell)
    nb["cells"] = out
    return nb


def _expected(check: str, kind: str) -> int:
    chk = checker(check)
    cases = chk.cases() + chk.hidden_cases()
    if kind == "all":
        return len(cases)
    if kind == "none":
        return 0
    honest = {"choose_pass": lambda v: list(v.cards)[:3], "choose_play": lambda v: v.cards[0]}[check]
    return run_check(chk, honest, cases=cases).passed


@pytest.fixture(scope="module")
def gradebook(tmp_path_factory):
    folder = tmp_path_factory.mktemp("class10")
    for student, (cells, _) in CLASS.items():
        (folder / student).mkdir()
        (folder / student / NOTEBOOK).write_text(json.dumps(notebook_with(cells)), encoding="utf-8")
    rows = grader.grade_class(folder, timeout=60, jobs=2, cell_timeout=10, progress=False)
    out = folder / "grades.csv"
    grader.write_csv(rows, out)
    with open(out, encoding="utf-8") as fh:
        return list(csv.DictReader(fh)), rows


def test_the_gradebook_has_each_bot_s_honest_score(gradebook):
    table, _ = gradebook
    got = {(r["student"], r["check"]): (r["status"], int(r["passed"]), int(r["total"])) for r in table}
    want = {}
    for student, (_, checks) in CLASS.items():
        for check, (status, kind) in checks.items():
            total = len(checker(check).cases()) + len(checker(check).hidden_cases())
            want[(student, check)] = (status, _expected(check, kind), total)
    assert got == want
    assert all(r["notebook"] == NOTEBOOK for r in table)


def test_an_illegal_card_is_a_failed_case_named_in_one_line(gradebook):
    table, _ = gradebook
    rows = {(r["student"], r["check"]): r for r in table}
    ben = rows[("ben", "choose_play")]
    assert 0 < int(ben["passed"]) < int(ben["total"])
    assert "is not legal here; the legal cards are" in ben["message"]
    assert "is not a card" in rows[("cy", "choose_play")]["message"]
    assert "'ZZ' is not a card" in rows[("cy", "choose_pass")]["message"]
    assert "View" in rows[("dee", "choose_play")]["message"]
    assert "time limit of 1 s per case" in rows[("fay", "choose_play")]["message"]
    for r in table:
        assert r["message"] and "\n" not in r["message"]


def test_a_bot_that_asks_the_engine_is_flagged_and_the_card_vocabulary_is_not(gradebook):
    table, _ = gradebook
    for r in table:
        if r["student"] == "hal":
            assert "note: the answer cell mentions hearts_teach" in r["message"], r
        elif r["student"] == "eve":  # the cell it added patches the package's checks
            assert "note: code cell " in r["message"] and "mentions hearts_teach" in r["message"], r
        else:
            assert "note:" not in r["message"], r


def test_the_summary_counts_the_hidden_positions(gradebook):
    _, rows = gradebook
    lines = grader.summary(rows).splitlines()
    total = sum(len(checker(c).cases()) + len(checker(c).hidden_cases()) for c in ("choose_pass", "choose_play"))
    assert any(line.startswith("ada") and f"{total} / {total}" in line for line in lines), lines
    assert all("hidden" in r.message for r in rows if r.status == "ok")


def test_a_position_travels_as_plain_fields_only_towards_the_student():
    from hearts_teach.classroom import plaindata

    for name in ("choose_pass", "choose_play"):
        for case in checker(name).cases()[:10] + checker(name).hidden_cases()[:10]:
            data = json.loads(json.dumps(plaindata.encode(case.args, positions=True)))
            back = plaindata.decode(data, positions=True)
            assert back == case.args and back[0].key() == case.args[0].key()
            assert list(back[0].legal) == list(case.args[0].legal)
            with pytest.raises(plaindata.BadData):  # the grader never rebuilds a position a student sent
                plaindata.decode(data)
    view = checker("choose_play").cases()[0].args[0]
    answer = plaindata.decode(plaindata.encode(view))  # a View returned as an answer stays opaque
    assert isinstance(answer, plaindata.Opaque) and type(answer).__name__ == "View"
