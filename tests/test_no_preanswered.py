"""Nothing in a lesson arrives pre-answered.

A learner who runs every cell (or opens the lesson in Voilà) must find each question fresh.
A code cell *answers a quiz* when it calls the answering API (``Quiz.choose``, a drill's
``answer``, a guided hand's ``play``/``pass_cards``; a button's ``click()`` goes through the same
methods) of a question widget that a cell displayed to the learner. The notebook is run in
this process (``lesson_runner``) with those methods watched. Demonstrations stay possible on a
separate widget that is not displayed, e.g. ``print(demo.choose("QS"))``; the tests drive the
displayed ones (``test_lessons_00_05.py``).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from lesson_runner import ROOT, run

NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_no_code_cell_answers_a_displayed_quiz(path: Path):
    result = run(path)
    assert not result.failed, f"{path.name}: code cells failed when run in order: {result.failed}"
    answered = result.answered
    assert not answered, (
        f"{path.name}: code cells answer questions shown to the learner (code cell number, call): "
        f"{answered}; move the answers to a test or make a separate, labelled demonstration")


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_demonstrations_use_deals_of_their_own(path: Path):
    """A demonstration never plays the deal a displayed widget offers the learner (issue 27: the
    learner's own deal played and its result printed before the learner decides), and no cell
    builds a drill's position before the drill session shows it."""
    result = run(path)
    assert not result.demo_on_own_deal, (
        f"{path.name}: cells drive a second widget on the learner's own deal (cell, call): "
        f"{result.demo_on_own_deal}; give the demonstration a deal of its own")
    assert not result.drill_before_session, (
        f"{path.name}: cells {result.drill_before_session} build a drill's position before the drill session")


def test_the_watch_catches_a_demonstration_on_the_learners_deal(tmp_path):
    import nbformat

    cells = ["from hearts_teach import Hand\nfrom hearts_teach.present.widgets import HandWidget\n"
             "mine = HandWidget(Hand.deal(seed=3, pass_direction='hold'), seat=None)\nmine",
             "other = HandWidget(Hand.deal(seed=4, pass_direction='hold'), seat=None)\nprint(other.play('2C'))",
             "same = HandWidget(mine.hand.copy(), seat=None)\nprint(same.play('2C'))",
             "from hearts_teach.course.lessons import DRILLS, DrillSession\nDRILLS[0].make()",
             "DrillSession()"]
    path = tmp_path / "probe.ipynb"
    nbformat.write(nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(c) for c in cells]), path)
    result = run(path)
    assert not result.failed, result.failed
    assert [cell for cell, _call in result.demo_on_own_deal] == [2]
    assert result.drill_before_session == [3]


def test_the_watch_catches_an_answer_and_allows_a_fresh_quiz(tmp_path):
    """The check itself: an answered displayed quiz is caught, through click() too; an
    undisplayed demonstration and an unanswered displayed quiz are not."""
    import nbformat

    cells = ["from hearts_teach.present.widgets import Quiz\n"
             "shown = Quiz('2 + 2?', [3, 4], 4)\nshown",
             "demo = Quiz('1 + 1?', [1, 2], 2)\nprint(demo.choose(2))",
             "fresh = Quiz('3 + 3?', [6, 7], 6)\nfresh",
             "shown.buttons['4'].click()",
             "also = Quiz('5 + 5?', [10, 11], 10)\ndisplay(also)\nalso.choose(11)"]
    path = tmp_path / "probe.ipynb"
    nbformat.write(nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(c) for c in cells]), path)
    result = run(path)
    assert not result.failed
    assert result.answered == [(3, "Quiz.choose(4,)"), (4, "Quiz.choose(11,)")]
    assert result.namespace["demo"].solved and not result.namespace["fresh"].attempts


TEXT_LIMIT = 2000  # characters of one output's text: about a screen in a plain-text viewer
# r111: lesson 08's five drill positions print as one listing (l08-11), a little over a screen
LONGER_LISTINGS = {("08_practice_decisions", "l08-11"): 2100}


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_no_record_dump_as_a_cell_output(path: Path):
    """Outputs stay readable as text: no eval-able record (``Hand.from_record({...})``) and no
    text output longer than TEXT_LIMIT. Show a hand with ``print(hand)`` or
    ``hearts_teach.course.drawing.drawing(hand)`` (HTML table, readable text twin)."""
    import json

    bad = []
    for i, cell in enumerate(json.loads(path.read_text(encoding="utf-8"))["cells"]):
        for out in cell.get("outputs", []):
            text = "".join(out.get("text", "")) + "".join(out.get("data", {}).get("text/plain", ""))
            if "from_record(" in text or len(text) > LONGER_LISTINGS.get((path.stem, cell.get("id")), TEXT_LIMIT):
                bad.append((i, len(text), text[:50]))
    assert not bad, f"{path.name}: cells with unreadable text outputs (cell, length, start): {bad}"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_a_quiz_cell_keeps_its_code_and_answer_folded_away(path: Path):
    """A quiz's code names its answer and reasons: JupyterLab shows the cell's output (the
    question and its buttons) with the code folded (``source_hidden``), one click to unfold.
    A folded cell still shows its first line, so that line is a comment saying what is there."""
    import json
    import re

    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    shown = [i for i, c in enumerate(cells) if c["cell_type"] == "code"
             and re.search(r"\bQuiz(\.pick_card)?\(", "".join(c["source"]))
             and not c.get("metadata", {}).get("jupyter", {}).get("source_hidden")]
    assert not shown, f"{path.name}: cells {shown} show a quiz's answer in their code"
    quiz_cells = [c for c in cells if c["cell_type"] == "code" and re.search(r"\bQuiz(\.pick_card)?\(", "".join(c["source"]))]
    first_lines = {"".join(c["source"]).split("\n", 1)[0] for c in quiz_cells}
    assert all(line.startswith("# ") and "answer" in line for line in first_lines), first_lines


def unfolded_answer_code(cells: list[dict]) -> list[int]:
    """Code cells just after a quiz cell that fold their printout (the answer's figures) but show their code: the
    code's strings print the same words, so a reader sees the answer before choosing."""
    found = []
    for i, cell in enumerate(cells[1:], 1):
        before = cells[i - 1]
        fold = cell.get("metadata", {}).get("jupyter", {})
        if (cell["cell_type"] == before["cell_type"] == "code" and re.search(r"\bQuiz(\.pick_card)?\(", "".join(before["source"]))
                and fold.get("outputs_hidden") and not fold.get("source_hidden")):
            found.append(i)
    return found


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_a_quiz_figures_cell_folds_its_code_too(path: Path):
    """Fresh rater r62: lesson 08b folded the printout of the cell under its deal 1195 question, but its code showed
    "Both start from the queen's 13 and no moon came off" before the learner answered."""
    import json

    found = unfolded_answer_code(json.loads(path.read_text(encoding="utf-8"))["cells"])
    assert not found, f"{path.name}: cells {found} under a question fold their printout but show the code that prints it"


def test_the_figures_fold_check_catches_08bs_old_cell():
    quiz = {"cell_type": "code", "source": ["# a question: its answer is below\nq = Quiz('Go?', ['go', 'duck'], 'duck')"]}
    old = {"cell_type": "code", "metadata": {"jupyter": {"outputs_hidden": True}}, "source": ["print('no moon came off')"]}
    new = {**old, "metadata": {"jupyter": {"outputs_hidden": True, "source_hidden": True}}}
    prose = {"cell_type": "markdown", "source": ["Now the figures."]}
    assert unfolded_answer_code([quiz, old]) == [1]
    assert unfolded_answer_code([quiz, new]) == [] and unfolded_answer_code([quiz, prose, old]) == []


CARD = re.compile(r"\b(10|[2-9JQKA])([♠♥♦♣])")
SHARED_CARDS = 3  # a quiz naming this many cards of one printed trick (and
SHARED_SHARE = 0.75  # this share of the cards it names) asks about that trick
TRICK_CARDS = 6  # a printed line naming more cards is a hand or a list, not a trick


def _quiz_questions_and_prints(cells: list[dict]) -> list[tuple[int, str, list[str]]]:
    """Per code cell: (index, the quiz question it shows, or "" and the lines it printed)."""
    rows = []
    for i, cell in enumerate(cells):
        if cell["cell_type"] != "code":
            continue
        texts = ["".join(out.get("text", "")) + "".join(out.get("data", {}).get("text/plain", ""))
                 for out in cell.get("outputs", [])]
        if re.search(r"\bQuiz(\.pick_card)?\(", "".join(cell["source"])) and texts:
            rows.append((i, texts[-1].split("\n", 1)[0], []))  # the quiz is the cell's last output
        else:
            rows.append((i, "", "".join(texts).splitlines()))
    return rows


def pre_printed_tricks(cells: list[dict], before: list[str] = ()) -> list[tuple[int, str]]:
    """Quizzes whose question names SHARED_CARDS or more cards of one trick line (a line naming at
    most TRICK_CARDS cards) printed before it (in this lesson, or in ``before``: the previous lesson's printed lines):
    the question is about a trick the learner was just shown, answer included."""
    seen = list(before)
    found = []
    for i, question, printed in _quiz_questions_and_prints(cells):
        if question:
            asked = {m.group(0) for m in CARD.finditer(question)}
            for line in seen:
                named = {m.group(0) for m in CARD.finditer(line)}
                shared = len(asked & named)
                if len(named) <= TRICK_CARDS and shared >= max(SHARED_CARDS, SHARED_SHARE * len(asked)):
                    found.append((i, line.strip()))
                    break
        else:
            seen.extend(printed)
    return found


def _printed(path: Path) -> list[str]:
    import json

    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return [line for _i, q, printed in _quiz_questions_and_prints(cells) if not q for line in printed]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_no_quiz_asks_about_a_trick_printed_before_it(path: Path):
    """Issue 27: lesson 09 printed West A♥, North 2♠, East K♥, South 3♥ with its winner, then asked
    who wins that trick; 09a asked about the nil trick of deal 17, which 09 had printed."""
    import json

    from hearts_teach.course.lessons import LESSONS, lesson_file

    files = [lesson_file(n) for n in range(len(LESSONS))]
    before = _printed(NOTEBOOKS[0].parent / files[files.index(path.name) - 1]) if path.name in files[1:] else []
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    found = pre_printed_tricks(cells, before)
    assert not found, f"{path.name}: quizzes ask about cards printed before them (cell, printed line): {found}"


def test_the_trick_check_catches_the_old_questions_and_not_a_new_trick():
    def cells(*rows: tuple[str, str]) -> list[dict]:
        return [{"cell_type": "code", "source": [src], "outputs": [{"text": [out]}]} for src, out in rows]

    shown = ("print(winners('AH 2S KH 3H', leader=1))", "West A♥, North 2♠, East K♥, South 3♥\n  Spades: North wins\n")
    old = ("q = Quiz(...)", "West leads A♥, North (void in hearts) plays 2♠, East plays K♥, South plays 3♥. Who wins?\n")
    new = ("q = Quiz(...)", "East leads K♦, South plays 3♦, West (void in diamonds) plays 6♠, North plays A♦. Who?\n")
    assert [i for i, _line in pre_printed_tricks(cells(shown, old))] == [1]
    assert pre_printed_tricks(cells(shown, new)) == []
    # lesson 09 printed deal 17's trick 12; 09a's old defence question was that trick
    defend = ("q = Quiz(...)", "East bid nil and has one spade left, the J♠. North leads the 10♠ and East plays "
                               "the J♠. You are South with A♠ and 8♠. Which do you play?\n")
    assert pre_printed_tricks(cells(defend), before=["12. N 10♠   E  J♠*  S  8♠   W  6♠    East"])
    assert not pre_printed_tricks(cells(defend), before=["South: ♠ A J 10 8 6  ♥ 2  ♦ 3  ♣ 4 5 6 7 8 9"])


SEAT_WORDS = r"(?:North-West|North-East|South-West|South-East|North|South|East|West)"
TELLS = re.compile(rf"\b({SEAT_WORDS}) (?:opens|leads|led|wins|won|takes|took)\b|\b({SEAT_WORDS}):? (?:10|[2-9JQKA])[♠♥♦♣]")


def seat_told_after(cells: list[dict]) -> list[tuple[int, str]]:
    """A "who ...?" quiz (its choices are seats) whose next two cells (prose, code, printed lines; up to the next
    question) name one of those seats leading, winning or taking, or playing a card: a reader sees the answer just
    under the buttons."""
    found = []
    for i, cell in enumerate(cells):
        if cell["cell_type"] != "code" or not re.search(r"\bQuiz(\.pick_card)?\(", "".join(cell["source"])):
            continue
        shown = "".join("".join(o.get("text", "")) + "".join(o.get("data", {}).get("text/plain", ""))
                        for o in cell.get("outputs", []))
        choices = next((line[len("Choices: "):].split(", ") for line in shown.splitlines()
                        if line.startswith("Choices: ")), [])
        if not choices or not all(re.fullmatch(SEAT_WORDS, c) for c in choices):
            continue
        for after in cells[i + 1:i + 3]:
            if re.search(r"\bQuiz(\.pick_card)?\(", "".join(after["source"])):
                break  # the next question, on a position of its own
            text = "".join(after["source"]) + "".join(
                "".join(o.get("text", "")) + "".join(o.get("data", {}).get("text/plain", ""))
                for o in after.get("outputs", []))
            for m in TELLS.finditer(" ".join(text.split())):
                if (m.group(1) or m.group(2)) in choices:
                    found.append((i, m.group(0)))
    return found


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_no_who_quiz_is_answered_just_below_it(path: Path):
    """A fresh rater (final round): lesson 11 asked who leads the first trick at five, and the exercise just below
    began "East opens with the 3♣" (its code printed "East 3♣" too)."""
    import json

    found = seat_told_after(json.loads(path.read_text(encoding="utf-8"))["cells"])
    assert not found, f"{path.name}: a 'who' quiz is answered in the cells just below it (cell, words): {found}"


def test_the_who_check_catches_lesson_11s_old_exercise():
    def md(text: str) -> dict:
        return {"cell_type": "markdown", "source": [text]}

    quiz = {"cell_type": "code", "source": ["opener = Quiz(...)"],
            "outputs": [{"data": {"text/plain": ["Who leads the first trick?\nChoices: South, West, North-West, "
                                                 "North-East, East"]}}]}
    old = md("The same table of five. East opens with the 3♣, and South follows suit with its lowest club.")
    printed = {"cell_type": "code", "source": ["print(so_far)"], "outputs": [{"text": ["Trick 1 so far: East 3♣, South 6♣"]}]}
    new = md("The same table of five, trick 1: clubs have been led, and it is West's turn. West holds no club.")
    assert seat_told_after([quiz, old]) == [(0, "East opens")]
    assert [w for _i, w in seat_told_after([quiz, new, printed])] == ["East 3♣", "South 6♣"]
    assert seat_told_after([quiz, new]) == []
    assert seat_told_after([quiz, quiz | {"outputs": [{"text": ["Trick 1 so far: South 2♣, West 4♣. Who?"]}]}]) == []


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_the_right_answer_does_not_sit_in_the_same_place_each_time(path: Path):
    """Rater r82 (06a): the right answer was the first choice in all four questions, so the order gave it away
    (09b's was the second in five of six). In a lesson with three questions or more, no one place holds the right
    answer of more than two in three."""
    from collections import Counter

    from hearts_teach.present.widgets import Quiz

    result = run(path)
    # r116: the quizzes in variables and those only shown (``display(Quiz(...))``: the rules summary's four, whose
    # right answers were the third choice in three)
    quizzes = {id(q): q for q in result.shown if isinstance(q, Quiz)}
    quizzes.update((id(q), q) for name, q in result.namespace.items() if isinstance(q, Quiz) and not name.startswith("_"))
    places = [next(i for i, choice in enumerate(quiz.choices) if quiz._right(choice))
              for quiz in quizzes.values() if len(quiz.choices) > 1]
    if len(places) >= 3:
        place, count = Counter(places).most_common(1)[0]
        assert count * 3 <= len(places) * 2, (
            f"{path.name}: the right answer is choice {place + 1} in {count} of its {len(places)} questions")


ANSWER_WORDS = re.compile(r"\b(?:the )?answers?\b\s*(?::|is\b|was\b)", re.I)
DECIDE_FIRST = "*Answer below: decide first.*"  # a warning line a reader sees before the answer


def _is_question(cell: dict) -> bool:
    """A code cell that shows a question: it builds a ``Quiz`` or prints a quiz's "Choices:" line (a lesson's own
    quiz helper, e.g. ``interval_quiz()``)."""
    if cell["cell_type"] != "code":
        return False
    shown = "".join("".join(o.get("text", "")) + "".join(o.get("data", {}).get("text/plain", ""))
                    for o in cell.get("outputs", []))
    return bool(re.search(r"\bQuiz(\.pick_card)?\(", "".join(cell["source"]))) or any(
        line.startswith("Choices: ") for line in shown.splitlines())


def _in_view(cell: dict) -> str:
    """What a reader sees of a cell without unfolding anything: markdown outside ``<details>``; a code cell's
    source and outputs unless folded."""
    source = "".join(cell["source"])
    if cell["cell_type"] == "markdown":
        return re.sub(r"<details>.*?</details>", "", source, flags=re.S)
    fold = cell.get("metadata", {}).get("jupyter", {})
    parts = [] if fold.get("source_hidden") else [source]
    if not fold.get("outputs_hidden"):
        parts += ["".join(o.get("text", "")) + "".join(o.get("data", {}).get("text/plain", ""))
                  for o in cell.get("outputs", [])]
    return "\n".join(parts)


def answers_in_view_under_questions(cells: list[dict]) -> list[tuple[int, str]]:
    """Questions whose first cell in view below them (fully folded code cells show one line and are passed
    over; so are code cells with hidden outputs whose source says no answer) says "Answer: …" / "the answer
    is …" outside a fold, with no "decide first" warning before it (r86: lesson 10's "Answer: about half as
    wide" stood right under its quiz; r89: 08b's "The answer: give up." stood under a code cell whose outputs
    were hidden)."""
    found = []
    for i, cell in enumerate(cells):
        if not _is_question(cell):
            continue
        for after in cells[i + 1:]:
            fold = after.get("metadata", {}).get("jupyter", {})
            if after["cell_type"] == "code" and fold.get("source_hidden") and fold.get("outputs_hidden"):
                continue
            text = _in_view(after)
            m = ANSWER_WORDS.search(text)
            if after["cell_type"] == "code" and fold.get("outputs_hidden") and not m:
                continue
            if not _is_question(after) and m and not text.lstrip().startswith(DECIDE_FIRST):
                found.append((i, text[m.start():m.start() + 60]))
            break
    return found


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_no_answer_stands_in_view_under_its_question(path: Path):
    import json

    found = answers_in_view_under_questions(json.loads(path.read_text(encoding="utf-8"))["cells"])
    assert not found, f"{path.name}: answers in view under their questions (question cell, text): {found}"


def test_the_answer_in_view_check_catches_lesson_10s_old_interval_quiz():
    quiz = {"cell_type": "code", "source": ["# a question: click an answer to see why\nq = interval_quiz()\nq"],
            "outputs": [{"text": ["How wide is the interval now?\nChoices: the same, about half as wide\n"]}]}
    old = {"cell_type": "markdown", "source": ["Answer: about half as wide (√4 = 2).\n\n## Your turn"]}
    new = {"cell_type": "markdown", "source": ["<details><summary>Answer</summary>About half as wide.</details>"]}
    figures = {"cell_type": "code", "metadata": {"jupyter": {"source_hidden": True, "outputs_hidden": True}},
               "source": ["print(1)"], "outputs": [{"text": ["Answer: 1"]}]}
    bold = {"cell_type": "markdown", "source": ["**The answer: duck from now on.** No top heart."]}
    warned = {"cell_type": "markdown", "source": [DECIDE_FIRST + "\n\n---\n\n**The answer: go.**"]}
    assert [i for i, _ in answers_in_view_under_questions([quiz, old])] == [0]
    assert answers_in_view_under_questions([quiz, new]) == []
    assert [i for i, _ in answers_in_view_under_questions([quiz, figures, bold])] == [0]  # 08b's old trick-6 answer
    assert answers_in_view_under_questions([quiz, figures, warned]) == []
    shown_code = {"cell_type": "code", "metadata": {"jupyter": {"outputs_hidden": True}},
                  "source": ["plans = {'Keep shooting': 1}"], "outputs": [{"text": ["Answer: 1"]}]}
    give_up = {"cell_type": "markdown", "source": ["**The answer: give up.** Once anyone else has a point, stop."]}
    assert [i for i, _ in answers_in_view_under_questions([quiz, figures, shown_code, give_up])] == [0]  # r89: 08b
    assert answers_in_view_under_questions([quiz, figures, shown_code, warned]) == []
