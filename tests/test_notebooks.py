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

from hearts_teach.course.lessons import EXERCISES, LESSONS, exercise_link, lesson_file
from hearts_teach.course.notebooks import comparable, execute_notebook

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
ALL_NOTEBOOKS = sorted(p for d in ("notebooks", "solutions", "exercises") for p in (ROOT / d).glob("*.ipynb"))
LESSON_PATHS = [NOTEBOOKS / lesson_file(n) for n in range(len(LESSONS))]
# beside the numbered series: the guided first hand (between 06 and 07) and the two reference pages
EXTRA_PATHS = [NOTEBOOKS / name for name in ("06a_guided_first_hand.ipynb", "rules_summary.ipynb", "glossary.ipynb")]
LINK = re.compile(r"\]\(([^)\s]+)\)")


def _cells(path: Path) -> list[dict]:
    return json.loads(path.read_text(encoding="utf-8"))["cells"]


def _source(cell: dict) -> str:
    src = cell["source"]
    return "".join(src) if isinstance(src, list) else src


def test_the_series_has_every_lesson():
    missing = [p.name for p in LESSON_PATHS if not p.exists()]
    assert not missing, f"lessons missing from notebooks/: {missing}"
    apps = {"play.ipynb"} | {p.name for p in EXTRA_PATHS}  # the Play Hearts app (./dev play), extras
    extra = sorted({p.name for p in NOTEBOOKS.glob("*.ipynb")} - {p.name for p in LESSON_PATHS} - apps)
    assert not extra, f"notebooks/ holds files that are not in the series (hearts_teach.course.lessons.LESSONS): {extra}"


@pytest.mark.parametrize("path", ALL_NOTEBOOKS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_code_cell_was_executed(path: Path):
    unrun = [i for i, c in enumerate(_cells(path))
             if c["cell_type"] == "code" and _source(c).strip() and c.get("execution_count") is None]
    assert not unrun, (f"{path.relative_to(ROOT)}: code cells {unrun} have no execution_count; "
                       f"run: python -m hearts_teach.course.notebooks execute {path.relative_to(ROOT)}")


def test_execution_stores_no_interpreter_version(tmp_path):
    """The same bytes on Python 3.11.2, 3.11.7, 3.12 and 3.13: the kernel's version stamp is dropped."""
    import nbformat

    path = tmp_path / "tiny.ipynb"
    nbformat.write(nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("print(6 * 7)")]), path)
    nb = json.loads(execute_notebook(path))
    info = nb["metadata"]["language_info"]
    assert info["name"] == "python" and "version" not in info
    assert "".join(nb["cells"][0]["outputs"][0]["text"]) == "42\n"


def test_comparison_ignores_only_the_interpreter_version():
    stored = (NOTEBOOKS / lesson_file(0)).read_text(encoding="utf-8")
    nb = json.loads(stored)
    nb["metadata"]["language_info"]["version"] = "3.13.0"  # as another Python would stamp it
    stamped = json.dumps(nb, sort_keys=True, indent=1, ensure_ascii=False) + "\n"
    assert stamped != stored and comparable(stamped) == comparable(stored)
    nb["cells"][0]["source"] = "changed"  # a real difference still shows
    changed = json.dumps(nb, sort_keys=True, indent=1, ensure_ascii=False) + "\n"
    assert comparable(changed) != comparable(stored)


@pytest.mark.parametrize("path", [p for p in LESSON_PATHS + EXTRA_PATHS if p.exists()], ids=lambda p: p.stem)
def test_reexecution_is_byte_identical(path: Path):
    fresh = execute_notebook(path)
    stored = comparable(path.read_text(encoding="utf-8"))  # any Python's version stamp is ignored
    if fresh != stored:
        old, new = stored.splitlines(), fresh.splitlines()
        first = next((i for i, (a, b) in enumerate(zip(old, new, strict=False)) if a != b), min(len(old), len(new)))
        context = "\n".join(f"- {a}\n+ {b}" for a, b in zip(old[first:first + 3], new[first:first + 3], strict=False))
        pytest.fail(f"{path.name} changes when re-executed (first difference at line {first + 1}):\n{context}\n"
                    f"run: python -m hearts_teach.course.notebooks execute {path.relative_to(ROOT)}")


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


# the helpers the lessons rely on (hearts_teach.course.lessons) ---------------------------------------

def test_nav_line_links_neighbours_index_and_exercise():
    from hearts_teach.course.lessons import nav_line

    line = nav_line(3)
    targets = [t.split("#")[0] for t in LINK.findall(line)]
    assert targets == ["02_tricks_and_following_suit.ipynb", "00_welcome.ipynb", "04_queen_of_spades.ipynb",
                       "../exercises/03_legal_plays.ipynb"]
    assert "←" in line and "→" in line
    assert "←" not in nav_line(0) and "→" not in nav_line(len(LESSONS) - 1)


def test_deal_with_places_the_fixed_cards_and_deals_the_rest():
    from hearts_teach import CardList
    from hearts_teach.course.lessons import deal_with

    deal = deal_with({0: "QS AS", 3: "2C"}, seed=9)
    assert [len(h) for h in deal] == [13, 13, 13, 13]
    assert len({c for h in deal for c in h}) == 52
    assert set(CardList("QS AS")) <= set(deal[0]) and CardList("2C")[0] in deal[3]
    assert deal == deal_with({0: "QS AS", 3: "2C"}, seed=9)  # reproducible
    with pytest.raises(ValueError, match="two seats"):
        deal_with({0: "QS", 1: "QS"})


def test_match_verdict_agrees_with_the_match_rule():
    from hearts_teach.course.lessons import match_verdict
    from hearts_teach.games.hearts.match import _decided

    for totals in [(98, 64, 71, 90), (104, 64, 71, 90), (104, 64, 64, 90), (100, 100, 20, 20), (100, 99, 99, 0)]:
        verdict = match_verdict(totals)
        over = verdict.startswith("the match is over")
        assert over == _decided(list(totals), 100), (totals, verdict)
        if max(totals) >= 100 and not over:
            assert "another hand" in verdict


def test_legal_report_marks_the_forced_card():
    from hearts_teach.course.lessons import legal_report, position

    hand = position({0: "QS 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH 5D", 3: "2C"}, plays="2C")
    report = legal_report(hand)
    assert report.startswith("✓ may play  5♦\n")
    assert "✗ may not " in report and "no points on the first trick" in report


def test_legal_report_lists_cards_in_the_order_of_the_engine_sentences():
    from hearts_teach import Rules
    from hearts_teach.course.lessons import legal_report, position
    from hearts_teach.kernel.cards import display_order

    waits = position({0: "3C 5C 6C 7C 8C QS 2S 4S 6S 2H 5H 9H KH", 1: "4C AD 3H 7H JH", 2: "AC 2D", 3: "2C 3D"},
                     plays="2C 3C 4C AC 2D 3D", rules=Rules.preset("queen_waits"))  # a queen_waits discard
    report = legal_report(waits)
    allowed = report.split("✓ may play  ", 1)[1].split("\n", 1)[0].split()
    # r117: the hand line's order (spades, hearts, diamonds, clubs, highest first), as the engine's sentences list them
    assert allowed == [c.pretty for c in display_order(waits.legal_plays().cards)]
    assert f"discard one of {', '.join(allowed)} instead" in report


def test_legal_report_speaks_of_a_group_of_discards_in_the_plural():
    """Newcomer round 9: "none of these can win this trick, so it is a safe moment to get rid of it"
    spoke of several cards as "it"; one card keeps "it"."""
    from hearts_teach import Hand
    from hearts_teach.course.lessons import (
        bots_play,
        cannot_follow,
        legal_report,
        position,
        table_bots,
    )

    many = legal_report(bots_play(Hand.deal(seed=44, pass_direction="hold"), table_bots("rule"), stop=cannot_follow))
    # r78: the report says the rule only; "a safe moment to get rid of them" was strategy advice that also
    # covered the cards a player wants to keep
    assert many.endswith("✓ may play  K♠ J♠ 10♠ A♥ 10♥ 9♥ 6♥ Q♦ 8♦ 5♦ 3♦\n             you hold no clubs, so you may play any card")
    assert "get rid of it" not in many and "safe moment" not in many
    one = legal_report(position({0: "QS 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH 5D", 3: "2C"}, plays="2C"))
    # r74: a single legal discard is forced, not a choice ("a safe moment" read as if South could choose)
    assert "5♦ is your only card without points, so it is forced" in one and "safe moment" not in one


def test_pass_feedback_describes_the_choice():
    from hearts_teach import Hand
    from hearts_teach.course.pass_comments import pass_feedback

    hand = Hand.deal(seed=287)  # South: ♠ A Q  ♥ Q J 7 6 3  ♦ A Q 8 5  ♣ J 5
    gone = pass_feedback(hand, 0, "QS AS AD")
    assert "Q♠ goes to West" in gone and "can still be dropped on a trick you win" in gone
    kept = pass_feedback(hand, 0, "JC 5C 3H")  # before the others pass: a void is only a prospect
    assert "You hold Q♠ with no lower spade" in kept and "3♥" in kept
    assert "You passed your last clubs: unless the cards you receive bring some back" in kept


def test_pass_feedback_speaks_of_the_cards_received():
    from hearts_teach import Hand
    from hearts_teach.course.lessons import table_bots
    from hearts_teach.present.widgets import PassPicker

    def passed(seed: int, cards: str) -> tuple[str, list[str]]:
        picker = PassPicker(Hand.deal(seed=seed), 0, feedback=pass_feedback, others=table_bots("rule"))
        said = picker.choose(cards)
        return said, [c.pretty for c in picker.hand.received(0)]

    from hearts_teach.course.pass_comments import pass_feedback

    said, got = passed(287, "QS AS AD")  # East passes A♣ K♦ K♥
    assert f"{' '.join(got)}: received, high cards that could win tricks you don't want." in said
    said, got = passed(5, "AD TH 8S")  # deal 5 (once lesson 01's demo): J♥ K♥ K♠ refill the suits passed away
    assert "bring J♥ K♥ back" in said and "bring K♠ back" in said and said.count("K♥") == 2  # named once
    for seed in range(40):  # every pass says something about what arrived
        hand = Hand.deal(seed=seed)
        cards = " ".join(str(c) for c in list(hand.cards(0))[:3])
        said, got = passed(seed, cards)
        assert any(card in said.split("Received from")[1].split(".", 1)[1] for card in got), said


def test_drill_session_grades_and_scores():
    from hearts_teach.course.lessons import DRILLS, MARKS, DrillSession

    session = DrillSession(DRILLS[4:])  # the queen is on the table: duck or take her
    refused = session.answer("JC")
    assert refused.startswith("Can't play J♣") and not session.results
    feedback = session.answer("KS")
    assert "blunder" in feedback and session.done
    assert session.results[0].verdict == "blunder" and session.score == MARKS["blunder"] == 0
    again = DrillSession(DRILLS[4:])
    again.answer("TS")
    assert again.results[0].verdict == "best" and again.score == MARKS["best"] == 2


def test_drill_session_widget_clicks_are_graded():
    from hearts_teach.course.lessons import DRILLS, DrillSession

    session = DrillSession([DRILLS[0], DRILLS[4]])
    assert session.widget is not None  # building the view creates the clickable cards
    for key in ("QS", "AS", "QC"):
        session.control.buttons[key].click()
    session.control.confirm.click()
    assert sorted(str(c) for c in session.results[0].answer) == ["AS", "QC", "QS"]
    assert "Drill 2 of 2" in session.position_text()
    session.control.buttons["TS"].click()  # the duck under the queen
    assert session.done and session.results[1].verdict == "best"
    assert session.control is None and "All drills are done" in session.text()


def test_the_lessons_gather_the_one_pass_feedback():
    # a superseded copy (teach/pass_feedback.py) once sat beside pass_comments and was the one
    # teach.lessons exported: it told a learner who passed Q♠ they could no longer be stuck with her
    from hearts_teach import Hand
    from hearts_teach.course import lessons, pass_comments

    assert lessons.pass_feedback is pass_comments.pass_feedback
    gone = lessons.pass_feedback(Hand.deal(seed=287), 0, "QS AS AD")
    assert "can still be dropped on a trick you win" in gone and "no longer be stuck" not in gone


@pytest.mark.parametrize("path", [p for p in LESSON_PATHS + [NOTEBOOKS / "06a_guided_first_hand.ipynb"] if p.exists()],
                         ids=lambda p: p.stem)
def test_every_lesson_is_short(path: Path):
    """Issue 27: at most about 35 cells and 1,500 words of prose; a longer lesson becomes two."""
    from hearts_teach.course.lesson_sizes import MAX_CELLS, MAX_PROSE_WORDS, sizes

    cells, prose, _printed = sizes(path)
    assert cells <= MAX_CELLS and prose <= MAX_PROSE_WORDS, f"{path.name}: {cells} cells, {prose} words of prose"


def test_a_failing_cell_is_named_and_the_stored_notebook_kept(tmp_path, capsys):
    import nbformat

    from hearts_teach.course.notebooks import execute

    path = tmp_path / "broken.ipynb"
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell("print('fine')"), nbformat.v4.new_code_cell("print(1")]
    nbformat.write(nb, path)
    before = path.read_text(encoding="utf-8")
    assert execute([path]) == 1
    out = capsys.readouterr().out
    assert out.startswith(f"failed    {path}: SyntaxError: ") and "the stored notebook is unchanged" in out
    assert path.read_text(encoding="utf-8") == before


@pytest.mark.parametrize("stem", ["00_welcome", "01_deal_and_pass", "02_tricks_and_following_suit", "03_breaking_hearts",
                                  "05_shooting_the_moon", "06_scoring_a_match", "06a_guided_first_hand",
                                  "07_play_a_match"])
def test_folded_code_is_a_quiz_or_says_its_output_is_shown_and_no_output_is_hidden(stem: str):
    """Newcomer raters: a folded cell must not hide an output the prose refers to. In these lessons folded code is
    a quiz's (its answer and reasons are in the code, so the code stays folded, its first line says so); every
    output, the quiz's question and buttons included, is shown (no ``outputs_hidden``).
    Rater r33: a ``Quiz.pick_card`` with no answer given works its answer out (the legal cards), so its first
    line says that instead. Rater r35: dense code whose output is the point (03's lead-only copy and its
    queen-breaks comparison) is folded too, as in lesson 00: its output stays shown and its first line says what
    the cell does and that the code is folded. Rater r45_b: lesson 06's no-pass comparison (its longest code) too.
    Later raters (7/8): lesson 07's trick-2 replay (bots_play, describe_trick, table_bots, a lambda) too.
    Rater r74: the one exception is a cell right under a quiz that plays the quiz's answer (lesson 00's trick 3):
    shown, it answered the question before the reader chose; its output is folded and its first line says to
    unfold it once answered (the prose before the quiz says the cell is there, folded). r81: lesson 00's held-points
    print under its first question is such a cell too (shown, it gave East's 17 before the reader chose)."""
    cells = _cells(NOTEBOOKS / f"{stem}.ipynb")
    folded = [c for c in cells if c.get("metadata", {}).get("jupyter")]
    assert folded, f"{stem}: no folded cell"
    for cell in folded:
        assert cell["outputs"], cell.get("id")
        if _source(cell).startswith("# the answer"):
            # r88: or further down, with only folded answer cells and wholly folded prose (<details>) between, so that
            # nothing in view separates it from its question (06a's trick-2 figures, under its folded "why")
            at = cells.index(cell) - 1
            while at > 0 and (_source(cells[at]).startswith("# the answer") or (
                    cells[at]["cell_type"] == "markdown"
                    and not re.sub(r"<details>.*?</details>", "", _source(cells[at]), flags=re.S).strip())):
                at -= 1
            before = cells[at]
            # r75_05: or a try-it's card widget (lesson 05's West on trick 5), whose answer is folded the same way
            assert before["cell_type"] == "code" and re.search(r"\b(Quiz|HandWidget)\(", _source(before)), cell.get("id")
            assert cell["metadata"]["jupyter"] == {"outputs_hidden": True, "source_hidden": True}, cell.get("id")
            assert _source(cell).split("\n", 1)[0].endswith("(folded: unfold once you have answered)"), cell.get("id")
            continue
        if _source(cell).split("\n", 1)[0].endswith("(folded: unfold once you have passed)"):
            # r117: the coach's answers to a pass picker a few cells above (lesson 01's deal 5), hidden as a quiz's
            # answer is; the prose above it says to unfold it once you have passed
            at = cells.index(cell)
            assert any(re.search(r"\bPassPicker\(", _source(c)) for c in cells[max(0, at - 4):at]), cell.get("id")
            assert cell["metadata"]["jupyter"] == {"outputs_hidden": True, "source_hidden": True}, cell.get("id")
            assert "once you have passed" in _source(cells[at - 1]), cell.get("id")
            continue
        if not re.search(r"\bQuiz(\.pick_card)?\(", _source(cell)):
            assert cell["metadata"]["jupyter"] == {"outputs_hidden": False, "source_hidden": True}, cell.get("id")
            first_line = _source(cell).split("\n", 1)[0]
            assert first_line.startswith("# ") and first_line.endswith("(code folded, output shown)"), cell.get("id")
            continue
        assert cell["metadata"]["jupyter"] == {"source_hidden": True}, (cell.get("id"), cell["metadata"])
        worked_out = "Quiz.pick_card(" in _source(cell) and "answer=" not in _source(cell)
        first = ("# a question: its answer is worked out by the engine in the code below" if worked_out
                 else "# a question: its answer and reasons are in the code below")
        assert _source(cell).startswith(first), cell.get("id")
