"""Lessons 06-10 and the Play app as a learner meets them (issue 15, part B):

- every lesson links the rules summary and the glossary, at the top and at the bottom;
- nothing arrives pre-answered: no code cell answers a quiz or drives a widget that an earlier
  cell showed to the learner (demonstrations use widgets of their own), and no cell prints a
  record dump;
- each quiz, clicked from here, accepts its answer, and that answer is what the engine says;
- the numbers and stories the prose tells come out of the engine.
"""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest

from hearts_teach.course.navigation import GLOSSARY, RULES_SUMMARY, reference_line

ROOT = Path(__file__).resolve().parents[1]
OWNED = ["06_scoring_a_match", "07_play_a_match", "08_practice_decisions", "09_hearts_vs_spades",
         "09a_spades_bidding", "09b_nil_and_blind_nil", "10_write_a_bot", "11_three_to_six_players"]
DRIVERS = ("choose", "play", "bid", "answer", "pass_cards", "finish_hand", "step", "next_hand", "look",
           "buttons", "control", "button", "suggest", "hint")


def _cells(name: str) -> list[dict]:
    return json.loads((ROOT / "notebooks" / f"{name}.ipynb").read_text(encoding="utf-8"))["cells"]


def _src(cell: dict) -> str:
    return "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]


def _code(name: str) -> list[str]:
    return [_src(c) for c in _cells(name) if c["cell_type"] == "code"]


def _lesson07_demo_played(**options):
    """Lesson 07's demonstration (seed 7, rule bots): the hinted pass and tricks 1 to 4, then the rest by autopilot."""
    from hearts_teach.present.widgets import TableWidget

    demo = TableWidget(seed=7, opponents="rule", **options)
    demo.hint()
    demo.pass_cards(demo.hint_result.cards)
    for _trick in range(4):
        demo.hint()
        demo.play(demo.hint_result.card)
    demo.finish_hand()
    return demo


@pytest.mark.parametrize("name", OWNED)
def test_every_lesson_links_the_rules_summary_and_the_glossary(name):
    md = [_src(c) for c in _cells(name) if c["cell_type"] == "markdown"]
    for where, text in (("top", md[0]), ("bottom", md[-1])):
        assert reference_line() in text, f"{name}: the {where} lacks the rules summary / glossary line"
    assert RULES_SUMMARY in reference_line() and GLOSSARY in reference_line()
    # rater r36_e: the page is "Rules summary" in its own title and in lessons 00-05, so 06-12 name it so too
    assert reference_line().startswith("Look up: [Rules summary](")


@pytest.mark.parametrize("name", OWNED + ["play"])
def test_nothing_arrives_pre_answered(name):
    shown: list[str] = []  # names a cell displays (its last line is the bare name): the learner's widgets
    for src in _code(name):
        for widget in shown:
            driven = re.search(rf"(?<![\w.]){widget}\.({'|'.join(DRIVERS)})\b", src)
            assert not driven, f"{name}: a cell drives the learner's widget {widget!r}:\n{src}"
        assert ".choose(" not in src, f"{name}: a cell answers a quiz:\n{src}"
        last = src.strip().splitlines()[-1] if src.strip() else ""
        if re.fullmatch(r"[A-Za-z_]\w*", last):
            shown.append(last)


@pytest.mark.parametrize("name", OWNED + ["play"])
def test_no_cell_prints_a_record_dump(name):
    for cell in _cells(name):
        for out in cell.get("outputs", []):
            text = "".join(out.get("text", "")) + "".join(out.get("data", {}).get("text/plain", ""))
            # r111 (report r111/08: drill 5's trick 1 and drill 3's legal hearts in their prompts): lesson 08's five
            # drills print as one output (l08-11), allowed 2,100 chars; every other output stays under 2,000
            cap = 2100 if (name, cell.get("id")) == ("08_practice_decisions", "l08-11") else 2000
            assert "from_record(" not in text and len(text) < cap, f"{name}: an output of {len(text)} chars"
            # an HTML table keeps a text twin (IPython's HTML(...) stores only its class name)
            assert "<IPython.core.display" not in text, f"{name}: an output reads {text!r} as text"


def _quizzes(name: str) -> dict:
    """Every quiz a lesson defines, built from its own cell (with the lesson's imports and the
    assignments before it in that cell, for a quiz whose answer is computed)."""
    from hearts_teach.present.widgets import Quiz

    found = {}
    trees = [ast.parse("\n".join(line for line in src.splitlines() if not line.startswith("%")))
             for src in _code(name)]
    imports = [node for tree in trees for node in tree.body if isinstance(node, (ast.Import, ast.ImportFrom))]
    for tree in trees:
        before: list[ast.stmt] = []
        for node in tree.body:
            if (isinstance(node, ast.Assign) and isinstance(node.value, ast.Call)
                    and getattr(node.value.func, "id", "") in ("Quiz", "interval_quiz", "duck_quiz")):
                scope = {"Quiz": Quiz}
                code = ast.Module([*imports, *before, node], [])
                exec(compile(code, name, "exec"), scope)  # noqa: S102 - our own lesson
                found[node.targets[0].id] = scope[node.targets[0].id]
            elif isinstance(node, ast.Assign):
                before.append(node)
    return found


ANSWERS = {  # lesson -> quiz -> the choice that must be accepted (checked against the engine below)
    "06_scoring_a_match": {"tie": "another hand is played", "tie2": "East wins", "omnibus_quiz": "−6",  # r102: true minus
                           "moon_quiz": "East wins",  # r76pre; r78: the shooter wins (the answers were all ties)
                           "soon": "hand 6",  # r78: after three clicks, how soon the seed-12 match could end
                           "totals_quiz": "South wins",  # r76b: three hand rows added to running totals
                           # r116 (newcomer r115: the multiple-of-26 check was taught, never practised)
                           "sheet_quiz": "hand 3"},
    "07_play_a_match": {"quiz": "K♠", "last_seat": "K♠", "diamond": "Q♦",
                        "twin": "5♠"},  # r64_07: the check's twin whose answer flips (you play second)
    "08_practice_decisions": {"q": "inaccuracy"},  # r84: 0.6 to 1.8, the low end counts
    "09_hearts_vs_spades": {"dealer_quiz": "South deals, West bids first", "end_quiz": "West–East win",
                            # r84: the bid quiz checked the bots' rounding; it asks the contracts (docs/rules.md S3)
                            # r102: it applies the bidding rule too (East's ¾ → nil) before the contracts
                            "contract_quiz": "East nil; South–North 9, West–East 2", "nil_quiz": "-59",
                            "lead_quiz": "No: spades are not broken and South holds a diamond",
                            "bags_quiz": "-27, 1 bag", "trump_quiz": "West"},
    "09a_spades_bidding": {"length_quiz": "spades are trump: once the others have run out of spades, "
                                          "nobody can beat even your smallest spade",
                           # r51: steps 1 to 3; r68: a count of 2¾ and its bid (test_the_steps_question_is_the_bots_count)
                           "steps_quiz": "2¾: bid 2", "step2_quiz": "1",
                           # r73 (newcomer r72c): 3b's question (test_the_3b_question_is_the_bots_count)
                           "cross_quiz": "¾"},
    "09b_nil_and_blind_nil": {"nil_quiz": "6♦", "discard_quiz": "6♥",
                              "defend_quiz": "4♠: East wins, and our ninth trick still comes", "blind_quiz": "yes, and the bots would", "nil_pick": "B",
                              "cover_quiz": "9♠"},
    # r81: measure-md states the square-root rule; the question still asks the learner to apply it (√4 = 2)
    "10_write_a_bot": {"q": "about half as wide",  # r72b: how wide on four times the deals (not answered in the text)
                       "predict": "fewer points"},  # r72c: predicted before ducking is measured; r94: step 1 (+0.56 on 200 deals)
    "11_three_to_six_players": {"rotation": "nobody passes", "moon": "104", "opener": "East",
                                "review": "8 tricks, 26 points",
                                "six_opener": "South-West"},  # fresh rater r36_c: the six-seat deal's 2♣ holder
}


@pytest.mark.parametrize("name", OWNED)
def test_each_quiz_clicked_accepts_its_answer_and_explains_a_wrong_one(name):
    quizzes = _quizzes(name)
    assert set(quizzes) == set(ANSWERS[name])
    for var, right in ANSWERS[name].items():
        quiz = quizzes[var]
        wrong = next(label for label in quiz.buttons if label != right)
        quiz.buttons[wrong].click()
        assert not quiz.solved and "Not" in quiz.last_message
        quiz.buttons[right].click()
        assert quiz.solved and quiz.last_message.startswith("✔ Right"), (var, quiz.last_message)


_ORDINAL = {"": 1, "first ": 1, "second ": 2, "third ": 3}


@pytest.mark.parametrize("name", sorted(p.stem for p in (ROOT / "notebooks").glob("*.ipynb")))
def test_a_cell_below_named_in_prose_is_a_code_cell(name):
    """Fresh newcomer rater (r35): lesson 08's answers were split into one cell per drill, and "the first cell
    below" then landed on another answer. A "(first|second|third) cell below" in prose must be a code cell."""
    cells = _cells(name)
    for i, cell in enumerate(cells):
        if cell["cell_type"] != "markdown":
            continue
        for m in re.finditer(r"\b[Tt]he (first |second |third |)cell below", _src(cell)):
            target = i + _ORDINAL[m.group(1)]
            assert target < len(cells) and cells[target]["cell_type"] == "code", (name, i, m.group(0))


def test_lesson_08_answers_name_the_figures_cells_after_the_takeaways():
    """Fresh newcomer rater (r35): drills 1 and 4 point at the code cells that print drill 1's count and drill 4's
    cost. Fresh newcomer rater (r41_f): "the first (second) code cell after the takeaways" was hard to find among
    folded cells; the notes link each cell (in-page cell-id links) and say to unfold it."""
    cells = _cells("08_practice_decisions")
    take = next(i for i, c in enumerate(cells) if _src(c).startswith("## What to take away"))  # r84: unfolded
    after = [c for c in cells[take + 1:] if c["cell_type"] == "code"]
    # r71: drill 1's and 3's replays, in drill order; r78 (rater: l08-d2 was out of order): drill 2's cost between them
    after = [c for c in after if c["id"] not in ("l08-d1", "l08-d2", "l08-d3")]
    ids = [c.get("id") for c in cells]
    assert ids.index("l08-20b") < ids.index("l08-d1") < ids.index("l08-d2") < ids.index("l08-d3") < ids.index("l08-24b") < ids.index("l08-d5")
    printed = ["".join("".join(o.get("text", "")) for o in c["outputs"]) for c in after[:2]]
    assert "Drill 1, the coach grades" in printed[0] and "The coach's verdict on the 3♠:" in printed[1]
    assert "Drill 1, the coach grades" not in printed[1]
    assert [c["id"] for c in after[:2]] == ["l08-20b", "l08-24b"]
    prose = " ".join(" ".join(_src(c) for c in cells[:take] if c["cell_type"] == "markdown").split())
    # fresh newcomer rater (r43_h): one link serves the note's two claims (the shares, the count of blunders)
    # fresh newcomer rater (r48): "for both" was unclear, and the figures give drills 1, 2, 3 and 5 away: the link
    # says to unfold them after all five drills, and the cell's first line says so too
    # r97 (word cap): the links shortened to "[figures]"
    assert "([figures](#cell-id=l08-20b))." in prose and "(unfold [the coach's figures](#cell-id=l08-20b))." not in prose
    # fresh newcomer rater (r57): the folded figures cells had no heading; one says when to unfold them
    heading = next(i for i, c in enumerate(cells) if c.get("id") == "l08-figs")
    # r72c (rater: the replays sentence was method before any example): it opens the figures, where replays are shown
    # r81 (rater: six bare folded bars, and no output said "in N replays"): a key to the cells, the outputs' own words
    # r89 (rater: the key "drills 1–3, drill 1 replays, drill 2 cost, …" was cryptic): cut; each answer links its cell
    # (drill 2's cost from its *mistake*), and the heading says when to unfold them
    # r120 (report r120/08: the links opened cells whose output was folded too): the heading says to unfold both
    assert heading == take + 1 and _src(cells[heading]).startswith("## The figures (unfold code and output after all five "
                                                                   "drills)\n\n*N deals replayed*")
    assert "Folded cells:" not in prose and "(K♣ Q♠ K♠, a [mistake](#cell-id=l08-d2))" in " ".join(
        " ".join(_src(c) for c in cells if c["cell_type"] == "markdown").split())
    assert cells[heading + 1].get("id") == "l08-20b"
    assert _src(next(c for c in cells if c.get("id") == "l08-20b")).startswith(
        "# the coach's figures behind the answers above: they give drills 1, 2 and 3 away, so unfold only once")
    # fresh newcomer rater (r50): drill 5's figures, in their own folded cell (the figures cell stays under 2,000
    # characters), linked from its note
    assert _src(next(c for c in cells if c.get("id") == "l08-d5")).startswith(
        "# drill 5's figures: they give drill 5 away, so unfold only once you have tried it")
    assert "could win a later trick with hearts on it ([replayed here](#cell-id=l08-d5))." in prose + " ".join(  # r89: shorter
        " ".join(_src(c) for c in cells[take:] if c["cell_type"] == "markdown").split())  # r73c: the numbers stay folded
    assert "every club and diamond lead costs more ([figures](#cell-id=l08-24b))." in prose  # r97: shorter (word cap)
    assert "code cell after the takeaways" not in prose


def test_lesson_07_hint_paragraph_is_about_the_demo_pass():
    """Issue 27 round 4 (F07.3): the paragraph warned of a hint giving away a low heart, which the
    demo never shows; it now says what the demo's pass does: high cards, no spade above the queen."""
    from hearts_teach import Match

    text = "".join(_src(c) for c in _cells("07_play_a_match") if c["cell_type"] == "markdown")
    assert "low heart to empty" not in text
    # round 7: "Here the two agree" overstated it: the rules of thumb leave five high cards for three places
    assert "Here the two agree" not in text
    # r35_f: "only" overstated it (lesson 01 also empties short suits): "mainly"
    assert 'so only "pass high cards"' not in text
    # r49_07: the paragraph is split into short sentences (same facts); the two aces go first
    # r50_07: the paragraph ran through the rules of thumb in one block: each step on this hand is now a short bullet
    # r98: cut for density: the spade rules are no longer restated here (they are in l07-rules), only their upshot
    # r99 (r98 read: "the two aces go first" had no reason, and the A♦ has low diamonds beside it): half a sentence why
    # r107 (r107 read: "play under" was used before l07-dec1 defines it, and is untrue of an ace thrown on another suit)
    # r111 (r111 read: "always wins a trick led in its suit" as if holding the ace wins every such trick): when it joins one
    assert ('On this hand: - South holds neither the Q♠ nor the A♠/K♠, so mainly "pass high cards" applies. '
            "- South has five cards from the jack up (Q♥ A♦ Q♦ A♣ J♣) for three places; the two aces go first: an ace wins "
            "any trick of its suit it joins. - A high card with several low cards of its suit beside it is safer to keep:") in " ".join(text.split())
    # newcomer rater: why the J♣ and not a queen, from the hint's own comparison (Q♦ in place of the J♣)
    # fresh newcomer rater r32: "the coach says so" taught nothing reusable; the question is gone, and the lesson
    # says only that the rules of thumb leave the choice open and the coach's deals settle it
    assert "Why the J♣ and not a queen?" not in text
    # r37_b: "the coach's deals settle it" explained nothing; lesson 01's reason for passing the J♣ is echoed
    # (the 2♣ must lead trick 1, so a kept J♣ would sit with the 6♣ alone: checked on the deal below)
    assert "the coach's deals settle it" not in " ".join(text.split())
    # r39_d: "the rules of thumb leave that choice open" repeated the first sentence ("narrow the choice here without
    # making it"): cut, and the J♣ reason is tied to the hint's choice
    # r52_07: "narrow the choice here without making it" read awkwardly: said plainly
    assert "point the way here but do not pick the three cards" in " ".join(text.split())
    # r119 (newcomer r118/07: the end of lesson 01 or of this one?): this lesson's
    assert "(listed at this lesson's end)" in text  # r98: the rules are said once, in l07-rules  # r117: shorter
    assert "(listed at the end)" not in text
    assert "the rules of thumb leave that choice open" not in text
    # r40_a: lesson 01's case was J♣ 5♣; here a kept J♣ sits with the 6♣ and 2♣, so the step is said (checked below)
    # r45_f: that argument wound on; one short sentence (South's clubs A J 6 2: the J♣ sits with the 6♣ and 2♣)
    # r48_07: why the J♣ goes and the Q♦ stays, from lesson 01's rule of thumb on this hand's printed cards
    # r49_07: why the Q♥ stays too (6♥ 4♥ beside it, like the Q♦; South's hand checked below)
    # r50_07: "safer" said for what: safer to keep
    # r64_07: why, in words (play under later tricks; drop the high card on a pointless trick, as on trick 3), and
    # the colon sentence split
    # r71_07: cut to pay for the round's fixes (same facts)
    # r98: cut for density: "you can drop it on a trick with no points" (trick 3 shows it), the J♣ sentence shortened
    assert ("A high card with several low cards of its suit beside it is safer to keep: they let you play "
            "under later tricks in the suit. The Q♥ has "
            "the 6♥ and 4♥, the Q♦ the 7♦ and 3♦. The J♣ has only the 6♣: the 2♣ goes on trick 1.") in " ".join(text.split())  # r91: why the 2♣ does not count (docs/rules.md rule 4)
    assert "you can drop it on a trick with no points" not in text
    # r94: "the J♣ only the 6♣: South must lead the 2♣" left the step unsaid (why the 2♣ is no low club here): said
    assert "the J♣ only the 6♣" not in text
    assert "once the 2♣ has been led" not in text
    assert ("**A high card with several low cards of its suit beside it** is safer than one standing alone"
            in " ".join(" ".join(_src(c) for c in _cells("01_deal_and_pass")).split()))
    assert "the J♣ stands alone in clubs" not in text
    from hearts_teach.present.widgets import TableWidget as _Table
    dealt = str(_Table(seed=7, opponents="rule"))
    assert "♣ A J 6 2" in dealt  # South's clubs: keeping J♣ keeps 6♣ 2♣ too
    assert "South (you): ♠ 9 6  ♥ Q 6 4  ♦ A Q 7 3  ♣ A J 6 2" in dealt  # Q♥ with 6♥ 4♥, Q♦ with 7♦ 3♦
    lesson01 = " ".join(" ".join(_src(c) for c in _cells("01_deal_and_pass")).split())
    # r81: lesson 01's South now passes the J♣ (the count's pass), so its kept-J♣ replay is gone
    assert "the J♣ stood alone" not in lesson01 and "South chooses J♣ Q♠ A♠." in lesson01
    # fresh newcomer rater: the statistic alone felt unexplained; one difference the learner can see is said as a
    # fact, not as the coach's reason: South keeps only 6♣ 2♣, so after trick 1's forced 2♣ one club is left
    # a later fresh rater found the cell dense: the clubs-void aside (not the hint's reason) is cut
    assert "free to discard on them" not in text
    hint = next("".join(o.get("text", "")) for c in _cells("07_play_a_match") if "print(demo.hint())" in _src(c)
                for o in c["outputs"])
    assert hint.startswith("Hint: Pass J♣ A♣ A♦")
    assert "the Q♠ ends up in your tricks in 23% of deals, less often than with A♣ Q♦ A♦" in hint  # Q♦ for the J♣
    # r33 rater: the hint compares with the coach's second choice, which the cell prints from the coach's ranking
    # r50_07: "less often than with A♣ Q♦ A♦" gave no figure for the second choice: the cell prints it
    # r72_07: cut (too many numbers before any play): the cell prints the hint alone; the figures stay checked below
    assert "The coach's second choice" not in hint and "a real gap" not in hint
    # r52_07: "is 3% a real difference?": the cell prints the gap in points and the coach's grade
    # r64_07: "real" said: more than the 0.25-point band within which a choice counts as best
    assert hint == "Hint: Pass J♣ A♣ A♦: it gets rid of two aces and a jack; the Q♠ ends up in your tricks in 23% of deals, less often than with A♣ Q♦ A♦.\n"
    from hearts_teach.agents.coach_stats import BAND
    assert BAND == 0.25
    from hearts_teach.present.widgets import TableWidget
    ranked = TableWidget(seed=7, opponents="rule", marks=False)
    ranked.hint()
    order = ranked.hint_result.assessment.candidates  # the coach's ranking, best first
    assert order[1].label == "A♣ Q♦ A♦" and order[1].delta_vs_best == min(c.delta_vs_best for c in order[1:])
    assert f"{order[1].stats['p_take_qs']:.0%}" == "26%" and f"{order[0].stats['p_take_qs']:.0%}" == "23%"
    south = Match(seed=7).hand.cards(0)  # TableWidget(seed=7): the demo's deal, before the pass
    printed = "".join("".join(o.get("text", "")) for c in _cells("07_play_a_match") for o in c.get("outputs", []))
    assert f"South (you): {south.pretty}" in printed
    assert "South (you): ♠ K 9 6  ♥ Q 6 4  ♦ K Q 8 7 3  ♣ 6 2\n" in printed  # after the pass
    assert "South (you): ♠ K 9 6  ♥ Q 6 4  ♦ K Q 8 7 3  ♣ 6\n" in printed  # after trick 1's 2♣
    assert not [c for c in south if c.suit.letter == "S" and c.rank >= 12]
    assert sorted(c.pretty for c in south if c.rank >= 11) == sorted("Q♥ A♦ Q♦ A♣ J♣".split())


def _lesson_06_r76_claims(cells: list, ids: list) -> None:
    """Newcomer r76pre_06: nothing checked how a moon affects a match (a question now does, its sums the engine's);
    a static reader never saw the seed-12 match end (its text twin now prints the final totals and winner)."""
    from hearts_teach.course.lessons import match_verdict

    quiz = _src(cells[ids.index("l06-moon-quiz")])
    # r78: the answers of tie, moon_quiz and the your-turn cell were all "another hand": the shooter now wins
    # r103: East 72 made the totals 282, no multiple of 26: East 76 (286), the answer and reasons unchanged in kind
    assert "South 80, West 70, North 60, East 76. In that hand East " in quiz and '"shot the moon. What happens now?"' in quiz
    assert '"East wins",\n' in quiz and ids.index("l06-moon-quiz") == ids.index("98fdba5c") + 1
    assert match_verdict((80 + 26, 70 + 26, 60 + 26, 76)) == "the match is over: East wins with 76, the lowest total"
    assert match_verdict((80, 70, 60, 76)).startswith("nobody has reached 100")  # before the moon
    assert "(North 86, West 96)" in quiz and "60 + 26 = 86, more than East's 76" in quiz
    printed = "".join("".join(o.get("text", "")) for c in cells[:ids.index("l06-moon-quiz")] for o in c.get("outputs", []))
    assert " 106" not in printed and "East wins with 76" not in printed  # not answered above it
    # r78: the three-click twin stops there and asks how soon the match could end; the end is the folded answer
    three = "".join("".join(o.get("text", "")) for o in cells[ids.index("l06-09-text")]["outputs"])
    assert three.endswith("total            41      8     26      3\n") and "wins" not in three
    assert ids.index("l06-09-end") == ids.index("l06-09-text") + 1
    assert cells[ids.index("l06-09-end")]["metadata"]["jupyter"] == {"outputs_hidden": True, "source_hidden": True}
    from hearts_teach import Match
    from hearts_teach.course.lessons import MatchStepper, table_bots

    demo = MatchStepper(Match(seed=12), table_bots("rule", seed=12))
    for _ in range(3):
        demo.step()
    assert max(demo.match.totals) == demo.match.totals[0] == 41  # "South, the highest, is on 41"
    assert 41 + 2 * 26 < 100 <= 41 + 3 * 26 and 41 + 3 * 25 >= 100  # hand 6, even without a moon
    soon = _src(cells[ids.index("l06-09-text")])
    # r112: "three hands South" read as one phrase: a comma after "hands"
    assert '"After these three hands, South, the highest, is on 41.' in soon and '"hand 6",\n' in soon
    end = "".join("".join(o.get("text", "")) for o in cells[ids.index("l06-09-end")]["outputs"])
    assert end.startswith("After hand 12:\n") and "\nEast wins with 40 (lowest total).\n" in end
    # r76b: the static reader saw only the total line: the whole table is printed, and who crossed 100 and when
    assert "  11  across     21      0      0      5\n  12  hold       14     12      0      0\n" in end
    # r119 (newcomer r118/06: hand 9 scores 15 0 11 0 like hand 1: had the deal repeated?): said, from the deals
    assert end.endswith("South went from 98 to 112 in hand 12: past 100, so the match ended there.\n"
                        "Hand 9 scores like hand 1 by chance: a different deal, as every hand is.\n")
    # r81: one paragraph held instructions for three cells: the question's own short cell now sits right above it
    assert ids.index("l06-09-intro") + 1 == ids.index("l06-09-text") == ids.index("l06-09") + 2
    # r111: "match this one" sat above the table it meant: a reader compared the empty stepper above
    assert "match this one" not in _src(cells[ids.index("l06-09-intro")])
    # r103: "click until disabled", then "after three clicks" ran backwards: three clicks, the question, then click on
    assert " ".join(_src(cells[ids.index("l06-09-intro")]).split()) == (
        "Your table should now match the one printed below. Answer the question on it (click an answer for its feedback), then "
        "keep clicking **Play next hand** (in the cell above) until it greys out: the table names the winner. The finished match is folded below the "
        "question: unfold it to check your table.")
    # r112: "click on until the button is disabled" read as "click on [something]": the button is named
    assert "click on until" not in _src(cells[ids.index("l06-09-intro")])
    assert "three clicks" not in _src(cells[ids.index("l06-08")]) and "until the" not in _src(cells[ids.index("l06-08")])
    # r81: the quiz needs "at most 26 a hand, 25 without a moon": said in the first section, used by the reasons
    # r114: four ideas in one paragraph: the maximum and the multiple-of-26 check are bullets of their own
    assert ("- The most anyone can score in one hand is 26, and only when someone else shoots the moon; without a "
            "moon it is 25 (the Q♠ and twelve hearts).") in " ".join(_src(cells[ids.index("26d0e305")]).split())
    assert "\n- A hand's scores add up to 26, or 78 after a moon" in _src(cells[ids.index("26d0e305")])
    from hearts_teach import DECK
    from hearts_teach.games.hearts.scoring import final_scores
    from hearts_teach.kernel.cards import POINTS_MASK

    assert final_scores([POINTS_MASK, 0, 0, 0], "add_to_others", False)[0] == (0, 26, 26, 26)  # all of them: a moon
    assert sum(c.points for c in DECK if str(c) != "2H") == 25  # the most without a moon
    # r102: the reasons switched maximum (26 for hand 5, 25 for hand 6): the question states both, each reason says its own
    assert "A player scores at most 26 in a hand (25 without a moon)." in soon
    assert ('"hand 6": "two hands are not enough (at most 41 + 26 + 26 = 93), but three are, even without a moon: '
            '41 + 3 × 25 = 116"') in soon and "three hands of 25 (the most without a moon)" not in soon
    assert "at 26 a hand" not in soon and "119" not in soon
    # r76b: running totals were never practised: three hand rows to add up, then the verdict (the engine's)
    assert ("The totals stand at South 62, West 70, North 55, East 73. The next three hands score (South, West, North, "
            "East): 8, 0, 13, 5; then 0, 3, 10, 13; then 6, 4, 7, 9.") in _quizzes("06_scoring_a_match")["totals_quiz"].question
    totals, rows = (62, 70, 55, 73), [(8, 0, 13, 5), (0, 3, 10, 13), (6, 4, 7, 9)]
    for row in rows:
        assert sum(row) == 26
        totals = tuple(t + r for t, r in zip(totals, row, strict=True))
        assert row == rows[-1] or match_verdict(totals).startswith("nobody has reached 100")  # no early end
    assert totals == (76, 77, 85, 100) and 55 + 13 + 10 + 7 == 85
    assert match_verdict(totals) == "the match is over: South wins with 76, the lowest total"
    assert ids.index("l06-totals-quiz") == ids.index("l06-tie2") + 1
    assert "Then three questions for you, the last one on keeping running totals" in " ".join(
        _src(cells[ids.index("l06-11")]).split())
    printed = "".join("".join(o.get("text", "")) for c in cells[:ids.index("l06-totals-quiz")] for o in c.get("outputs", []))
    assert "South wins with 76" not in printed and "(76, 77, 85, 100)" not in printed


def _lesson_06_r74_claims(cells: list, ids: list) -> None:
    """Newcomer r74pre_06: the button under a tie, the finishing line, the moon that decided the match,
    a tie question that can be guessed, a fourth example that added nothing, South's 0 with eight hearts."""
    from hearts_teach.course.lessons import match_verdict

    prose = lambda i: " ".join(_src(cells[ids.index(i)]).split())  # noqa: E731
    printed = lambda i: "".join("".join(o.get("text", "")) for o in cells[ids.index(i)].get("outputs", []))  # noqa: E731
    # the stepper stays enabled at 100 while the lowest total is shared (a match that ties is_over only later)
    assert match_verdict((104, 64, 64, 90)).endswith("another hand is played")
    # the finishing mark is the one grey solid line; no seat's line is solid grey
    assert "the grey line across at 100 is the finishing mark" in prose("l06-06")
    assert 'ax.axhline(100, color="grey", linestyle="-"' in _src(cells[ids.index("l06-07")])
    # the moon decided the match: without it North is on 79 and nobody has reached 100
    out = printed("l06-04") + printed("l06-07")
    # r76pre: no rule set drops the moon rule; r76b: "scored as an ordinary hand" is no rule either, and three sets
    # of totals under the first table were too many: the two counterfactuals are printed under the picture, as what ifs
    # r78: "not counted" read as a third moon rule: the first what if says no table plays it
    # r81: "no table plays this" was a claim about every table in the world: said of this course's rule sets
    from hearts_teach import Rules

    assert all(Rules.preset(name).moon in ("add_to_others", "subtract_from_self") for name in Rules.PRESETS)
    # r102: a question with a disclaimer in brackets, about a scoring nobody uses, was hard to read: only the
    # new_moon what if is printed; the no-moon case is one sentence under it (85 pinned here)
    # r116 (newcomer r115: the printed new_moon what if, the prose-only no-moon case, then new_moon again, zig-zagged):
    # both printed, labelled, one under the other (the no-moon line asks no question of the reader and needs no
    # disclaimer: the prose names it a thought experiment)
    assert printed("l06-07").endswith("What if hand 4 were scored by the new_moon rule "
            "(East −26, the others 0)? Totals: South 43, West 53, North 79, East 33\n  → nobody has reached 100: the "
            "match goes on\nWhat if hand 4 had no moon rule (East 26, the others 0)? Totals: South 43, West 53, "
            "North 79, East 85\n  → nobody has reached 100: the match goes on\n") and "simply kept" not in printed("l06-07")
    from hearts_teach import Match
    from hearts_teach.course.lessons import play_match, table_bots

    match = play_match(Match(seed=5), table_bots("rule", seed=5))
    kept = [t - s + p for t, s, p in zip(match.totals, match.hands[3].scores, match.hands[3].points_taken, strict=True)]
    assert kept == [43, 53, 79, 85] and match_verdict(kept).startswith("nobody has reached 100")
    # r116 (newcomer r115: "it shows what the moon did" left to work out): said concretely (North 79 in both, kept above)
    assert ("Under the picture come two *what ifs*: the moon hand's cards scored by the `new_moon` rule (lesson 05), "
            "then with no moon rule. Neither is how this match is scored; in both, North is on 79, not 105, and the "
            "match goes on.") in " ".join(prose("l06-06").split())
    assert "it shows what the moon did" not in prose("l06-06")
    assert "What if" not in printed("l06-04") and "Scored as an ordinary hand" not in out
    assert "Without the moon rule" not in out
    # r74c: the counterfactual holds for the same cards played (said); r76b: "It decided the match" overstated it
    # r81: "every table has a moon rule" could not be checked: said of the rule sets here
    assert "every table" not in prose("l06-08")
    # r103: "kept the 26 points (no rule set here allows that)" was one made-up scenario too many: said plainly
    # r111: the reader had to work out 85 and the others' totals, and wondered if "without the moon rule" was a
    # variant: the sum and all four totals (kept, above) are shown, and it is named a thought experiment
    # r112: "an ordinary hand" taking all 26 is a moon: the experiment names what it drops and what each seat adds
    # r114: "the others add 0" beside totals 26 lower read oddly (said: 0 in hand 4, not 26, with 69 − 26); the
    # clause had no verb; "a real rule" read as official, where docs/rules.md D8 calls new_moon a house rule
    # r116: both what ifs printed above (North's 79 and "goes on" there): the paragraph only reads them
    # r117 (newcomer r116: the match goes on there, so no "last" or "first"; "keeps" sounded wanted): the totals
    assert ("With no moon rule (a thought experiment), East scores the 26 points it took (59 + 26 = 85) and the others "
            "score 0 in hand 4, not 26 (South 69 − 26 = 43): East would have the highest total, not the lowest. Under "
            "the house rule `new_moon`, "
            "East would still be the lowest.") in " ".join(prose("l06-08").split())
    assert match.totals[0] - 26 == kept[0] == 43 and "add 0" not in prose("l06-08") and "a real" not in prose("l06-08")
    assert "Without the moon rule" not in prose("l06-08") and "ordinary hand" not in prose("l06-08")
    assert "no rule set here allows that" not in prose("l06-08")
    assert "It decided the match" not in prose("l06-08")
    # two players over 100 end the match just the same (the fourth example)
    assert "South 104, West 101, North 60, East 73 → the match is over: North wins with 60" in printed("l06-12")
    # a second tie question whose answer is a win (the tie is higher up): the sums are the learner's to do
    tie2 = _src(cells[ids.index("l06-tie2")])
    # r103: 97, 84, 75, 88 (344) and East 80 (336) were no multiples of 26: 97, 80, 71, 90 (338) and East 64 (312)
    assert '"East wins",' in tie2 and 97 + 6 >= 100 and 64 + 3 < min(80 + 4, 71 + 13) and 80 + 4 == 71 + 13
    assert ids.index("l06-tie2") == ids.index("l06-19") + 1
    assert match_verdict((97 + 6, 80 + 4, 71 + 13, 64 + 3)).startswith("the match is over: East wins with 67")
    assert match_verdict((97 + 6, 80 + 4, 71 + 13, 90 + 3)).endswith("another hand is played")  # the first question
    # r74c: where the answers are is said in the prose (the folded code's own comment is hidden)
    # r76pre: the Quiz widget shows its verdict and reason on a click; "unfold the code" pointed at the answer key
    assert "Click an answer to see at once whether it is right, and why" in prose("l06-11")
    assert "unfold" not in prose("l06-11")
    # r81: the stored output already showed the default's verdict: the prose says so
    assert "the cell below shows the verdict for one set of totals: put in your own, guess the verdict" in prose("l06-21")
    # r81: "hold" was lesson 01's word, unexplained here
    # r111: the table printing "hold" came before cell l06-06 explained it: said where the pass rotation is
    assert "and rotates the pass direction (*hold*: no pass); the bots pass and play:" in prose("3f173123")
    assert "Each row is a hand: its pass direction and the four scores." in prose("l06-06")
    # r119 (newcomer r118/06: cell 3 teaches the multiple-of-26 check, the match never applied it): printed
    assert printed("l06-04").endswith("The scoresheet check: 69 + 79 + 105 + 59 = 312 = 12 × 26\n")
    assert "guess the verdict, then run it" in prose("l06-21") and "usually bad news for whoever hits it" in prose(
        "3f173123")
    # an editable cell of the learner's own totals under Your turn
    assert _src(cells[ids.index("l06-your-totals")]).startswith("# change these four totals")
    # r103: 101, 70, 64, 95 (330) could not happen: West 78 (338); still a clear winner, not a tie
    assert printed("l06-your-totals") == match_verdict((101, 78, 64, 95)) + "\n"  # r78: a clear winner, not a tie
    # South's 0 with eight hearts: void in diamonds, it threw hearts on West's diamond tricks 3 to 7
    deal_out = printed("3c8f6a0c")
    # r74_06: the output shows who led what and who won, so the prose's "West's diamond leads" can be checked
    # r81: the bare "J♥" was not marked as South's card: each line says South threw it
    # r111: "South threw the Q♥" on a spade lead puzzled a reader who knew South held the 9♠ and K♠: both are placed
    # r112: trick 2 was not printed, so "threw" (void in the suit led) could not be checked: its lead is named
    # r119 (newcomer r118/06: "won trick 8 only" read oddly, and how did a 9♠ win?): trick 8's lead and the 9♠ said
    assert ("With the pass South threw the K♠ on trick 2 (West led the 6♦) and played the 9♠ on trick 8 (West led the 2♠). "
            "South won only trick 8, its 9♠ the highest spade on it; its hearts went on tricks others won:\n"
            "    trick 3: West led the 7♦, South threw the J♥, West won\n"
            "    trick 4: West led the J♦, South threw the 10♥, West won\n"
            "    trick 5: West led the Q♦, South threw the 9♥, West won\n"
            "    trick 6: West led the K♦, South threw the 5♥, West won\n"
            "    trick 7: West led the A♦, South threw the 4♥, West won\n    trick 10: North led the 7♠, South threw "
            "the Q♥") in deal_out and "trick 3: J♥," not in deal_out
    assert "; it won trick" not in deal_out  # r114: "it" could be the 9♠: South is named
    assert "won trick 8 only" not in deal_out
    assert "Passing the A♦ left South with no diamonds," in prose("l06-no-pass-reading")
    from hearts_teach import Hand
    from hearts_teach.course.lessons import bots_play, table_bots

    deal = [Hand.deal(seed=166, pass_direction="hold").dealt(seat) for seat in range(4)]
    hand = bots_play(Hand(deal, "left"), table_bots("rule"))
    assert all(str(t.cards[0])[-1] == "D" and t.leader == 1 for t in hand.tricks[2:7])
    # r114: the prose placed five of the eight hearts; the other three went on spade leads after South's last spade
    south_spades = [t.number for t in hand.tricks if t.card_of(0).suit.letter == "S"]
    assert south_spades == [2, 8] and [t.number for t in hand.tricks if t.card_of(0).suit.letter == "H"] == [3, 4, 5, 6, 7, 10, 11, 12]
    assert all(t.led_suit.letter == "S" and t.winner != 0 for t in hand.tricks[9:12])
    assert not any(str(c)[-1] == "D" for c in hand.received(0)) and "AD" in [str(c) for c in hand.passed(0)]


def test_lesson_07_says_fine_is_too_close_to_call_and_places_easy_and_drops_the_readme_table():
    """Newcomer round 7: 07 said *fine* where 06a said "too close to call" (one verdict, two names),
    used "duplicate games" and "the README's ladder table" unexplained, and listed other bots than 05."""
    from hearts_teach.agents.coach import TOO_CLOSE, verdict_words
    from hearts_teach.agents.hearts import ladder_levels, make_bot

    text = " ".join("".join(_src(c) for c in _cells("07_play_a_match") if c["cell_type"] == "markdown").split())
    assert verdict_words("fine", 1.0) == TOO_CLOSE == "too close to call"
    # round 9: one word for one verdict, said once: *best* (the coach's "equally good" line explained)
    # and *fine* (printed by the coach as "too close to call")
    assert "one verdict, two names" not in text and "about equally good" not in text
    # r48_07: the semicolon sentence is now short sentences
    # r71_07: "three clauses joined by colons, ending in 'read no reason'": said simply, the duck doing as well
    # r72c_07: the 0.2 counted hearts, the margin points (report item 1): said in the coach's own unit, points
    # r89: "within 0.25 points of each other" was not the coach's claim (its averages, 5.4 and 5.7, differ by more):
    # the coach's grades, each pair card within 0.25 of the best, as its fold prints
    # r99: shortened for the "duck the queen" definition (l07-dec1's 90 words); the K♠'s blunder is in the fold
    assert "The coach grades the 9♠ and 6♠ *best* (fold below)." in text and "the K♠ a *blunder*" not in text
    assert "K♠: blunder" in "".join(
        "".join(o.get("data", {}).get("text/plain", "")) for c in _cells("07_play_a_match") for o in c.get("outputs", []))
    assert "within 0.25 points of each other" not in text and "the 0.2 gap is under the coach's 0.25-point margin" not in text
    # fresh newcomer rater (final round): a 0.2-heart gap between two cards graded equally good is no rule
    # r33 rater asked why the 9♠ leads by a hair; the coach prints a measured gap, not a cause, so the lesson claims none
    # r35_f: the 9♠ "goes over" seemed to contradict lesson 02's duck: the lesson says the duck is just as good
    # r37_b: a reader taught to duck saw the coach lean to the higher 9♠ with no reason (the coach prints a gap,
    # not a cause): the lean is dropped; both are equally good and the hint simply names one
    assert "leans to the 9♠" not in text
    # r50_07: why the hint named the 9♠ and not the classic duck: it names the card with the lower average, here by
    # 0.2 hearts, no real difference (checked on the coach's figures below)
    # r64_07: the 0.2 said plainly as below the 0.25-point band (BAND, checked above)
    assert "Read no reason into that 0.2." not in text
    # r67_07: "noise from imagined deals" was never shown; the 0.2 is under the coach's 0.25-point band for *best*
    assert "noise from imagined deals" not in text and "equally good (each within 0.25 points of the best)" in "".join(
        "".join(o.get("text", "")) + "".join(o.get("data", {}).get("text/plain", ""))
        for c in _cells("07_play_a_match") for o in c.get("outputs", []))
    assert "trick 2: You played 9♠." in "".join("".join(o.get("text", "")) for c in _cells("07_play_a_match")
                                             for o in c.get("outputs", []))  # South plays the hint's card
    from hearts_teach.agents.coach import assess_play
    from hearts_teach.present.widgets import TableWidget as _Table

    two = _Table(seed=7, opponents="rule", marks=False)
    two.hint()
    two.pass_cards(two.hint_result.cards)
    two.hint()
    two.play(two.hint_result.card)
    graded = assess_play(two.hand.view(0))
    assert graded.best.label == "9♠" == min(graded, key=lambda c: c.exp_points).label
    assert 0 < graded.of("6S").exp_points - graded.best.exp_points < 0.5
    assert round(graded.of("6S").stats["exp_hearts"] - graded.best.stats["exp_hearts"], 1) == 0.2
    assert "means fewer hearts later" not in text
    # r39_d: "goes over 7♠: you take about 0.2 fewer hearts" read backwards; the coach prints a gap, not a cause,
    # so the lesson says plainly that the choice is a toss-up
    # r40_a: the fewer/more sentence puzzled a newcomer; said short: a gap too small to count, either card will do
    # r45_f: "fewer hearts" still read as a real gain: one clause says it is no real difference
    assert "a toss-up" not in text
    # newcomer rater (issue 27): best and fine told apart in one place, the list of grades, as the coach
    # defines them (VERDICT_MEANINGS: best within 0.25 points a hand; fine: the deals cannot tell)
    from hearts_teach.agents.coach_stats import BAND, VERDICT_MEANINGS

    assert BAND == 0.25 and "within 0.25 points a hand" in VERDICT_MEANINGS["best"]
    assert "cannot tell whether it costs more than 0.25" in VERDICT_MEANINGS["fine"]
    # newcomer round 15: "the coach prints it as *too close to call*" sat above a printed "✓ fine"
    # newcomer rater (issue 27): the paragraph was dense; one sentence, both names said as one grade
    assert "The review can also print *fine*" not in text  # said once, with the list of grades
    # fresh newcomer rater: the second table showing one fine line is gone; fine is said with the grades
    # a later fresh rater: *too close to call* never appears in 07's outputs, and trick 2 prints "equally good":
    # the grades up front are those the lesson shows (best, mistake, blunder); lesson 08 gives every grade
    # fresh newcomer rater r32: *fine* appeared in the review's closing paragraph but not in this list: it is named
    # here, in the coach's own sense (VERDICT_MEANINGS["fine"]: as far as the deals show, about as good as the best)
    # r33 rater: the grades were defined before any verdict; they now sit under the first printed one
    # r64_07: the grades moved up to the coach's cell, before cell 5 prints the first grade ("inaccuracy")
    # r73_07: the coach's cell cut to points and *best* (the other grades named, lesson 08 for the rest)
    # the review's marks now print the undecided verdict as "✓ too close to call" too: one name everywhere
    # r81: "grade sizes are put off to lesson 08": the coach's cell is a short list, the grades with their sizes
    from hearts_teach.agents.coach_stats import INACCURACY_MAX, MISTAKE_MAX

    assert (BAND, INACCURACY_MAX, MISTAKE_MAX) == (0.25, 1.0, 3.0)
    # r84: the legend came before any example: each grade is now said where it is first printed (best and
    # inaccuracy above the pass table, blunder at trick 2, mistake at trick 3, too close to call under the review)
    # r89: grades came in piecemeal (blunder at trick 2, mistake at trick 3, too close to call in the review, undefined):
    # all five in one line in the coach's cell, with the coach's thresholds (checked above)
    # r90: the coach's cell read as statistics before any card: two sentences shown (points; mistake and blunder),
    # best, inaccuracy and too close to call folded under "More on the coach"
    # r94: the fold gave mistake and blunder before best and inaccuracy: one ladder, in order
    # r119 (newcomer r118/07: "deals not used to pick it" unclear until trick 2 showed 5.4 and 5.7 both best): what
    # it means for the printed figures, said (trick 2's fold: the 0.3 gap, at most 0.20 on fresh deals)
    assert "(on deals not used to pick it)" not in text
    assert ("*Best* is within 0.25 points of the top choice (on fresh deals, so printed figures a little further apart can both be *best*), an *[inaccuracy](glossary.ipynb#cell-id=term-inaccuracy)* "
            "costs over 0.25 more, a *mistake* over 1, a *blunder* over 3; *too close to call* if the deals cannot tell.") in text  # r98: cut for density
    # r120 (newcomer r120/07: "an inaccuracy over 0.25": over what?): it costs that much more than the top choice
    assert "*inaccuracy](glossary.ipynb#cell-id=term-inaccuracy)* over 0.25," not in text
    assert "Over 1 point worse than the top choice is a *mistake*" not in text
    assert "Grades, in points worse than the top choice:" not in text
    assert "cost more and more (lesson 08)" not in text and "over 3 points worse (fold below)" not in text
    # r84b: "over 3 points worse" had no printed figure: the fold prints the best card's and the K♠'s points
    fold = next("".join(o["data"]["text/plain"]) for c in _cells("07_play_a_match") if c.get("id") == "l07-dec1-code"
                for o in c["outputs"] if "data" in o)
    # r111: the 6♠'s average printed too, with its interval against the best, so "within 0.25" can be checked
    shown = re.search(r"Points this hand on average, on the coach's deals: 9♠ ([0-9.]+), 6♠ [0-9.]+, K♠ ([0-9.]+)\n", fold)
    assert shown and float(shown[2]) - float(shown[1]) > 3
    # r89: "(deals cannot tell)" read as undefined and seemed to clash with trick 2's "equally good": the review's line
    # says what trick 2's "equally good" is (both best); too close to call is defined with the grades
    assert "(a *mistake*: over 1 point worse)" not in text and "none *too close to call* (deals cannot tell)." not in text
    # r93: that aside was a grading technicality that taught no play: cut ("all *best*." only)
    assert "*equally good* means both spades are *best*" not in text and "tricks 2 to 4): all *best*. Trick 3's" in text
    assert "*mistake*, *blunder*: over 0.25, 1 and 3 points worse." not in text
    assert VERDICT_MEANINGS["fine"].startswith("about as good as the best as far as the deals show")
    assert text.count("too close to call") == 1  # r89: defined with the grades; r93: trick 2's aside cut
    assert "as on trick 2, says *too close to call*" not in text  # trick 2's list had no such card (round 16)
    assert "the coach prints it as *too close to call*" not in text
    assert text.count("quarter point") <= 1  # said at most once (round 28 cut the grade limits to lesson 08)
    # round 8: the ladder claim "each level beats the one below it" had no figures: dropped
    assert "beats the one below" not in text
    # round 8: 9♠ and 6♠ both "best" with "0.2 fewer" / "0.2 more": the lesson says why
    # r40_a: the fewer/more sentence is cut; the coach's own word for the pair stays ("equally good", above)
    assert "once as *fewer* and once as *more*" not in text
    # the pass bullet is a tendency, not a law (lessons 08 and 08a keep the queen or the ace)
    # a fresh rater: "usually the Q♠" disagreed with lesson 01's rule, which this bullet now repeats
    # fresh newcomer rater (final round): "with the spades above her" was hard to parse; lesson 01 passes the A♠ and
    # K♠ whenever the queen leaves your hand
    # fresh newcomer rater r32: "the A♠/K♠ with her, when you hold few low spades" was narrower than lessons 01 and 04,
    # which pass them whenever the queen will not be in your hand
    # r38_d: "whenever she will not be in your hand" was cryptic; the same condition in plain words
    assert "whenever she will not be in your hand" not in text
    # r43_a: cell 6 listed lesson 01's rules of thumb without the A♠/K♠, which cell 25 then credited to lesson 01;
    # both now quote them in the same words (lesson 01: high cards in general, aces and kings especially)
    # r109: "few" had no number: lesson 08c's count (fewer than three low spades), cited with lesson 01
    # r112 (r112 read: "low" was undefined in this lesson): lesson 01's "8 or below"
    rule = ("the Q♠ when you hold fewer than three low spades (8 or below), and the A♠/K♠ when you don't hold the Q♠; then high cards, above "
            "all aces and kings")
    assert f"{rule} (lessons 01 and 08c; 08 and 08a show when to keep some)" in text
    assert "hold few low spades" not in text
    c08c = " ".join(" ".join(_src(c) for c in _cells("08c_beginner_mistakes") if c["cell_type"] == "markdown").split())
    assert "with fewer than three low spades" in c08c
    # r49_07: the rules follow the claim after a colon, no longer in brackets
    # r55_07: "the colon makes the rules read as the thing that fails": a sentence of their own
    # r98: cut for density: said once, in the takeaways; cell 5 points to them
    assert "They say: pass" not in text and text.count(rule) == 1
    assert "keep your low hearts)" not in text and "then aces and kings" not in text
    assert "the A♠/K♠ with her" not in text
    one = " ".join(" ".join(_src(c) for c in _cells("01_deal_and_pass") if c["cell_type"] == "markdown").split())
    # r112: lesson 01 says the condition as lesson 04 does: one you know when you pass
    assert "**The ace and king of spades**, whenever you don't keep the queen" in one
    assert "with the spades above her" not in text
    assert "usually the Q♠" not in text
    assert "duplicate games" not in text and "README" not in text
    ladder = next(_src(c) for c in _cells("07_play_a_match") if "ladder_levels()" in _src(c))
    # fresh newcomer rater (final round): the list is weakest first and Random "the gentlest start", so the comment
    # no longer calls Beginner *the* easy one
    assert "weakest first: Random the weakest, then Beginner, still easy to beat;\n" in ladder
    assert "Beginner is the one that is easy to beat" not in ladder
    assert [n for n, _, _ in ladder_levels()][:2] == ["random", "beginner"]
    # r75b_07: "the gentlest start" clashed with the prose's "Start with *Solid*": Random is the weakest
    assert "the weakest" in dict((label, what) for _, label, what in ladder_levels())["Random"]
    assert "start" not in dict((label, what) for _, label, what in ladder_levels())["Random"]
    # r33 rater: "Solid ('rule') with its moon rules off" was jargon; plain words, the same fact
    # r34_d: "Solid bots that never try to stop a moon" clashed with Solid's "stops a moon" in the list below
    # r35_f: "Solid" vs the "rule bots" of every earlier lesson: the comment names them as one
    # r38_d: the lesson-05 moon-defence aside was jargon here (cut); the comment ties Solid to the "(rule)" the
    # demonstration's seat list shows
    # r39_d: "the seat lists show the name in quotes, (rule)" could not be parsed
    assert "# Solid is the rule bot of earlier lessons: the seat list shows it as (rule)" in ladder
    assert "name in quotes, (rule)" not in ladder
    # r48_07: the label and the name you type differ (Solid = "rule"): the prose says which column is which
    # r49_07: Solid's "flushes spades" glossed and linked to the glossary's Flush
    # r50_07: the gloss sat in the prose, far from Solid's line: it is now in the list's comment, beside Solid
    # r72c_07: Solid first (the coach's deals assume Solid play), Thinker for a second match
    # r91: "from the list below" shortened for room
    # r93: the list's "stops a moon" had no link: moon linked and said in a few words (docs/rules.md)
    # r94: the gloss came before the word (first printed in the list below): said in the list's Beginner line
    # r99 (r98 read: "weakest first" read as "start with the weakest", against "Start with *Solid*"): the list's order
    # said as an order; the coach's Solid deals (said in l07-coach) cut to a clause
    assert "Choose your opponents below, weakest first." not in " ".join("".join(_src(c) for c in _cells("07_play_a_match")).split())
    assert ("The list below runs from weakest to strongest. Start with *Solid*, `\"rule\"`, the cell's "
            "setting, which the coach's hints assume. For a second match, try *Thinker*, "
            "`\"medium\"`."
            in " ".join("".join(_src(c) for c in _cells("07_play_a_match") if c["cell_type"] == "markdown").split()))
    # r72_07: the comment says the bot's real trigger (why.py's "flush-queen" lead: none of Q♠ K♠ A♠, queen still out)
    assert ("# Solid is the rule bot of earlier lessons: the seat list shows it as (rule); when it leads holding none of "
            "Q♠ K♠ A♠\n# while the queen is still out, it leads its lowest spade to flush her out (see Flush in the "
            "glossary)") in ladder
    assert "flushes spades" in dict((label, what) for _, label, what in ladder_levels())["Solid"]
    assert 'print(f"{label:<9} {quoted:<11} {what}")' in ladder
    live = next(_src(c) for c in _cells("07_play_a_match") if "table = TableWidget(" in _src(c))
    assert "change `seed=1` to another number for other deals" in live and "TableWidget(seed=1," in live
    assert 'DIFFICULTY = "rule"' in live  # r72c_07: Solid first
    assert "moon defence" not in ladder
    assert "never stops a moon (one player taking every point)" in dict((label, what) for _, label, what in ladder_levels())["Beginner"]
    cells07 = _cells("07_play_a_match")
    upto = [c.get("id") for c in cells07].index("l07-yours") + 1
    assert "moon" not in " ".join(_src(c) for c in cells07[:upto] if c["cell_type"] == "markdown")
    assert 'Solid     "rule"' in "".join("".join(o.get("text", "")) for c in _cells("07_play_a_match")
                                       if "ladder_levels()" in _src(c) for o in c.get("outputs", []))
    assert "moon rules off" not in ladder and "never try to stop a moon" not in ladder
    assert type(make_bot("easy")) is type(make_bot("rule")) and make_bot("rule").moon_defence
    assert "easy to beat" in dict((label, what) for _, label, what in ladder_levels())["Beginner"]
    assert ("rule", "Solid") in [(n, label) for n, label, _ in ladder_levels()]
    assert "easy" not in [n for n, _, _ in ladder_levels()] and not make_bot("easy").moon_defence


def test_lesson_07_the_coach_and_the_rules_of_thumb_are_two_cells():
    """Newcomer review: one cell held three paragraphs (how the coach decides, hint vs rules of thumb,
    this hand). How the coach decides now comes just before the hint; this hand's rules of thumb
    just after it, as one paragraph that leads into the pass."""
    cells = _cells("07_play_a_match")
    hint = next(i for i, c in enumerate(cells) if _src(c).startswith("print(demo.hint())"))
    before, after = _src(cells[hint - 1]), _src(cells[hint + 1])
    assert cells[hint - 1]["cell_type"] == cells[hint + 1]["cell_type"] == "markdown"
    # r85: "the coach" was used without an introduction: one clause says it is what produces *Hint*
    # r90: two sentences shown, the rest folded (a <details> block: its summary, its paragraph, its end)
    assert before.startswith("The coach, the program behind *Hint*, cannot see the other hands:") and before.strip().count("\n\n") == 3  # r48_07: two paragraphs
    # r52_07: "Let us follow the hint." was stuck to the last bullet: it closes the cell as a line of its own
    assert after.startswith("**The hint and the rules of thumb.**") and after.strip().count("\n\n") == 0  # r91: one paragraph
    # r91: "Let us follow the hint." cut for room (the next cell passes the hint's cards)
    # r94: the J♣'s step said plainly; the paragraph still ends on it
    assert after.strip().endswith("The J♣ has only the 6♣: the 2♣ goes on trick 1.") and "pass_cards(" in _src(cells[hint + 2])


def test_lesson_07_worked_decisions_are_the_coachs():
    """Newcomer round 6: lesson 07 walks through two real decisions of its demonstration hand (seed 7,
    the coach's hint each time). Its prose says that on trick 2 the K♠ is the card to avoid and the
    two lower spades are about equally good, and its question (trick 4, South last, 6♠ or K♠) has K♠
    for answer with "the trick held no points"; the coach must keep saying so."""
    from hearts_teach.agents.coach import assess_play
    from hearts_teach.present.widgets import TableWidget

    demo = TableWidget(seed=7, opponents="rule", marks=False)
    demo.hint()
    demo.pass_cards(demo.hint_result.cards)
    demo.hint()
    demo.play(demo.hint_result.card)  # the forced 2♣
    assert "KS" in [str(c) for c in demo.hand.received(0)]  # "the K♠, just passed by East"
    assert demo.hand.pass_target(3) == 0  # East passes to South in hand 1 (pass left)
    held = [str(c) for c in demo.hand.cards(0)] + [str(c) for c in demo.hand.played]
    assert "QS" not in held  # "the Q♠ has not been played yet: one of the other three holds her"
    trick = demo.hand.current_trick
    assert trick is not None and trick.leader == 3 and trick.cards[0].suit.letter == "S"  # East led a spade
    trick2 = assess_play(demo.hand.view(0))
    calls = {c.label: c.call for c in trick2}
    assert set(calls) == {"9♠", "6♠", "K♠"}, calls
    assert calls["9♠"] == calls["6♠"] == "best" and calls["K♠"] not in ("best", "too close to call"), calls
    gap = {c.label: c.delta_ci95[1] for c in trick2}
    assert gap["9♠"] <= 0.25 and gap["6♠"] <= 0.25  # "the gap is under a quarter point a hand"
    # "nobody has shown a void yet": trick 1 was all clubs
    assert all(c.suit.letter == "C" for c in demo.hand.tricks[0].cards)
    for _trick in (2, 3):
        demo.hint()
        demo.play(demo.hint_result.card)
    hand = demo.hand
    # the quiz's 6♠ reason: "with the A♠ gone (North played it on trick 2)"
    t2 = hand.tricks[1]
    assert [str(c) for c in t2.cards] == ["7S", "9S", "8S", "AS"] and t2.card_of(2).pretty == "A♠"
    trick = hand.current_trick
    assert trick is not None and len(trick.cards) == 3 and not any(c.points for c in trick.cards)  # South last
    assert sorted(str(c) for c in hand.legal_plays(0)) == ["6S", "KS"]
    assert "QS" not in [str(c) for c in hand.played]  # the queen is still out
    trick4 = assess_play(hand.view(0))
    assert trick4.best.label == "K♠" and trick4.of("6S").call not in ("best", "too close to call")



def _lesson_07_demo_after_two_tricks():
    """Lesson 07's demonstration (seed 7, rule bots) with the hint's pass and the hint's cards on tricks 1 and 2."""
    from hearts_teach.present.widgets import TableWidget

    demo = TableWidget(seed=7, opponents="rule", marks=False)
    demo.hint()
    demo.pass_cards(demo.hint_result.cards)
    for _trick in (1, 2):
        demo.hint()
        demo.play(demo.hint_result.card)
    return demo

def test_lesson_07_the_hint_names_one_card_of_the_reviews_q_k_diamonds():
    """Newcomer round 9: on trick 3 the hint says "Play Q♦" and the review "Q♦/K♦". The lesson says why:
    neighbours in rank do exactly the same, so the coach grades them as one choice (one candidate, one
    verdict) and its hint names the lower card. Both texts come from that one candidate."""
    from hearts_teach.agents.coach import hint

    text = " ".join("".join(_src(c) for c in _cells("07_play_a_match") if c["cell_type"] == "markdown").split())
    # r50_07: said in fewer words
    # r52_07: moved to trick 3, where the question arises, and said exactly: next in rank with no unseen card between
    # r92: "Why the Q♦, not the K♦?" stood in view under the trick-3 question, giving its answer: folded as the Answer
    # r94: two "Answer" folds for one question, and Q♦/K♦ printed before it was explained: one fold, under the table
    answer = next(c for c in _cells("07_play_a_match") if c.get("id") == "l07-dec3-play")
    shown = "".join(answer["outputs"][0]["data"]["text/plain"])
    assert shown.startswith("Answer (open it once you have chosen)") and (
        "Why the Q♦, not the K♦? Cards next in rank with no card still out between them (Neighbours in rank, in the "
        "glossary) play alike: the coach grades them as one choice, Q♦/K♦, and its hint names the lower.") in shown
    assert "<details><summary>Answer</summary>" not in text and "Why the Q♦, not the K♦?" not in text
    assert "neighbours in rank do the same" not in text and "neighbours in rank in your hand" not in "".join(
        _src(c) for c in _cells("07_play_a_match"))
    demo = _lesson_07_demo_after_two_tricks()
    advice = hint(demo.hand.view(0))
    best = advice.assessment.best
    assert best.label == "Q♦/K♦" and [c.rank for c in best.cards] == [12, 13]  # neighbours in rank
    assert str(advice).startswith("Play Q♦: ") and advice.card == best.cards[0]  # the lower one
    printed = "".join("".join(o.get("text", "")) + "".join(o.get("data", {}).get("text/plain", "")) for c in _cells("07_play_a_match") for o in c.get("outputs", []))
    # r72c_07: the answer prints the coach's figures in points (its table), not the hint's hearts
    assert "trick 3: Hint: Play Q♦" not in printed and "trick 3: You played Q♦." in printed
    assert "trick 3: Q♦ — ✓ best. Q♦/K♦ goes over 6♦" in printed
    # issue 27: one sentence on why the Q♦, from the coach's own figures: on its deals neither the Q♦ nor the
    # 7♦/8♦ ever wins the trick (West holds the A♦ South passed), and South takes fewer hearts with the Q♦
    low = advice.assessment.of("7D")
    assert low.label == "7♦/8♦" and best.stats["p_win_trick"] == 0 == low.stats["p_win_trick"]
    assert best.stats["exp_hearts"] < low.stats["exp_hearts"]
    # newcomer rater: the reason is that South knows West holds the A♦ (South passed it), the only higher diamond
    from hearts_teach import Card
    from hearts_teach.agents.hearts.batch_sample import sample_worlds
    view = demo.hand.view(0)
    assert [str(c) for c in view.cards if c.suit.letter == "D" and c.rank > 12] == ["KD"] and view.pass_to == 1
    ace = Card("AD").mask
    assert "AD" in {str(c) for c in view.passed_cards} and all(w[1] & ace for w in sample_worlds(view, 200))
    trick = demo.hand.current_trick
    assert 1 not in trick.seats and 0 not in trick.seats  # West plays after South on trick 3
    # newcomer rater: trick 3 is a question before the hint is shown; its reasons carry the coach's figures
    cells = _cells("07_play_a_match")
    ids = [c.get("id") for c in cells]
    quiz_src = next(_src(c) for c in cells if c.get("id") == "l07-quiz3")
    assert ids.index("l07-dec1-code") < ids.index("l07-quiz3") < ids.index("l07-dec3-play")
    before = "".join("".join(o.get("text", "")) for c in cells[:ids.index("l07-quiz3")] for o in c.get("outputs", []))
    assert "trick 3: Hint" not in before and "South may play: K♦ Q♦ 8♦ 7♦ 3♦" in before
    assert sorted(str(c) for c in view.legal) == sorted(["3D", "7D", "8D", "QD", "KD"])
    assert advice.assessment.of("8D").label == low.label and advice.assessment.of("KD").label == best.label
    assert best.call == "best" and low.call == "mistake" and advice.assessment.of("3D").call == "mistake"
    gap = round(low.stats["exp_hearts"] - best.stats["exp_hearts"], 1)
    assert gap == 0.9  # the hint's "about 0.9 fewer hearts than with 7♦/8♦"
    # r33 rater: the reasons mixed hearts, points and Q♠ shares; they now give one measure, points a hand
    # newcomer rater: a mistake costs more than 1 point a hand (lesson 06a): the reason gives the full cost,
    # hearts and the Q♠'s share, from the coach's points a hand
    assert low.stats["p_take_qs"] > best.stats["p_take_qs"] and low.delta_ci95[0] > 1
    pts = [f"{c.exp_points:.1f}" for c in (low, best)]
    cost = round(low.exp_points - best.exp_points, 1)
    assert pts == ["5.0", "3.8"] and cost == 1.2 == round(float(pts[0]) - float(pts[1]), 1)
    # r34_d: the hint's reason (coach code) counts hearts, the grade and the quiz's reasons points a hand.
    # r35_f: said once, under the first verdict, with the grades (the coach's reason is the biggest of its Q♠,
    # hearts and moon parts: _consequence_words); the later patch on trick 3 is gone
    prose07 = " ".join(" ".join(_src(c) for c in cells if c["cell_type"] == "markdown").split())
    grades = next(" ".join(_src(c).split()) for c in cells if "*Your moves* grades" in _src(c))
    # r38_d: that sentence was too abstract; one plain sentence, said once, and no second aside on trick 3
    # r41_c: three units in close succession (hearts, Q♠ %, points): the sentence names each and where it is used
    # r43_a: that sentence was hard and came before any of its numbers: cut; one short parenthesis sits under the
    # trick-2 grades, the first place a reason in hearts (9♠, 6♠) meets one in % of deals (K♠)
    assert "Three units appear" not in prose07 and "reasons quote just one part" not in prose07
    assert "grades each of South's choices" in grades
    # r64_07: the grades themselves, in the coach's cell; r81: in its list of grades, with their sizes
    assert "*Best* is within 0.25 points of the top choice (on fresh deals, so printed figures a little further apart can both be *best*)," in prose07  # r119  # r90: folded under "More on the coach"
    said = " ".join(next(_src(c) for c in cells if c.get("id") == "l07-dec1").split())  # r72c_07: one trick-2 cell
    # r45_f: that parenthesis was cryptic: said plainly
    # later raters (7/8): the three measures are said once, before the first hint (cell l07-coach, pinned in
    # test_lesson_07_measures_folded_replay_table_order_and_the_q_diamond_payoff); here a short reminder stays
    # r48_07: cell l07-coach now says it in two short paragraphs, so the reminder here is dropped
    assert "(Grades in points, reasons in hearts or Q♠ %.)" not in said and "the 9♠ and 6♠ *best*" in said  # r89
    assert prose07.count("Grades in points") == 0 and "Grades weigh" not in prose07
    # r45_f: the quiz's points a hand were printed nowhere: the cell after the question prints the coach's figures
    after = "".join("".join(o.get("text", "")) + "".join(o.get("data", {}).get("text/plain", "")) for c in cells if c.get("id") == "l07-dec3-play" for o in c["outputs"])
    # r50_07: "points a hand" was clumsy and "the question's reasons" pointed to feedback a saved copy never shows;
    # the Q♠ share of each card is printed too; rater r65_07: with one decimal, the prose's 12.2%, 14.6% and 25.0%
    shares = [f"{c.stats['p_take_qs']:.1%}" for c in (best, low, advice.assessment.of("3D"))]
    assert shares == ["12.2%", "14.6%", "25.0%"]
    # r72b_07: the hint (hearts) and these totals (points) meet here: the line says which counts what
    # r72c_07: one unit, points, in a small table (card, points, Q♠ %, grade: play_on.figures); the hint is not printed
    assert ("trick 3, the coach's figures: points this hand on average (hearts + 13 for the Q♠), and how often the Q♠ "
            "ends up in your tricks\n"
            "card   points    Q♠ %  grade\n"
            f"Q♦/K♦     {pts[1]}   {shares[0]}  best\n"
            f"7♦/8♦     {pts[0]}   {shares[1]}  mistake\n"
            f"3♦        6.4   {shares[2]}  mistake\n") in after and "Hint" not in after
    # extra item (round 51): the answer printed under the question ("Hint: Play Q♦") is folded away (an HTML
    # <details>, the project's drawing.folded) under a summary that says to open it once you have chosen
    answer = next(c for c in cells if c.get("id") == "l07-dec3-play")
    # r72c_07: then, unfolded, South's position on trick 4 (its own cell before: one cell fewer to the table)
    # r73_07: not any more: that position showed "trick 3: Q♦ ✓ best" under the question; it is cell l07-pos4, after
    # the trick-3 explanation
    assert [o["output_type"] for o in answer["outputs"]] == ["display_data"]
    html = answer["outputs"][0]["data"]["text/html"]
    html = "".join(html) if isinstance(html, list) else html
    assert html.startswith("<details><summary>Answer (open it once you have chosen): ") and "You played Q♦" in html
    assert after.startswith("Answer (open it once you have chosen): the coach's figures, and trick 3 as played\n")
    assert "Q♦/K♦     3.8" not in "".join("".join(o.get("text", "")) for o in answer["outputs"])  # nothing shown unfolded
    take = " ".join(next(_src(c) for c in cells if c.get("id") == "l07-rules").split())  # r73_07: own cell
    # r49_07: why it mattered, from the quiz's folded explanation (trick 3 all diamonds, 0 points: checked elsewhere)
    assert ("- **A card you passed is a card you know**: on trick 3 South knew West held the A♦, so West had to "
            "follow suit and the trick could hold no points.") in take
    trick2 = "".join("".join(o.get("text", "")) + "".join(o.get("data", {}).get("text/plain", ""))
                     for c in cells if c.get("id") == "l07-dec1-code" for o in c["outputs"])
    assert "9♠: best — 9♠ goes over 7♠: you take about 0.2 fewer hearts" in trick2
    assert "K♠: blunder — K♠ goes over 7♠, as 9♠ would: the Q♠ ends up in your tricks in" in trick2
    assert "each within 0.25 points of the best" in trick2  # the grade itself is in points
    assert "The hint's reason counts hearts only" not in prose07
    assert "Grades count all the points" not in prose07 and "3.8 points a hand on average (hearts + 13 for the Q♠, as in the answer's table)" in quiz_src
    assert "always counts points a hand" not in prose07
    from hearts_teach.agents import coach
    assert "the biggest of the Q♠, hearts and moon effects" in coach._consequence_words.__doc__
    assert low.stats["p_take_qs"] > best.stats["p_take_qs"]  # the Q♠ is why points and hearts differ
    three = advice.assessment.of("3D")
    duck = three.stats["p_take_qs"]
    assert round(100 * duck) == 25 and round(100 * best.stats["p_take_qs"]) == 12 and three.delta_ci95[0] > 1
    assert f"{three.exp_points:.1f}" == "6.4" and round(three.exp_points - best.exp_points, 1) == 2.6
    # newcomer rater: not "the trick is lost anyway" (West also held low diamonds and could have ducked): West
    # plays last on a trick with no points, where winning costs nothing in this trick (lesson 02); the rule bot then
    # wins with its highest card (its own decision trace), and on the coach's deals South's Q♦ never wins
    import ast
    call = next(n for n in ast.walk(ast.parse(quiz_src)) if isinstance(n, ast.Call) and getattr(n.func, "id", "") == "Quiz")
    words = {k.arg: ast.literal_eval(k.value) for k in call.keywords}
    for card in ("7♦", "8♦"):
        tail = "" if card == "8♦" else " on the coach's deals,"
        assert words["reasons"][card].endswith(
            f"{pts[0]} points a hand{tail} against {pts[1]} with the Q♦. The coach calls it a mistake"), card
    assert words["reasons"]["3♦"].endswith(
        f"{three.exp_points:.1f} points a hand on the coach's deals, against {pts[1]} with the Q♦. The coach calls it "
        "a mistake")
    # r39_d: the hint below says "0.9 fewer hearts", the reasons 3.8 against 5.0 points: the best's reason says
    # that its figure counts all points
    # r40_a: and, next to the quiz, that the hint's "fewer hearts" counts hearts only
    assert words["reasons"]["Q♦"] == (f"the coach's best: on its deals you take {pts[1]} points a hand on average "
                                      "(hearts + 13 for the Q♠, as in the answer's table)")
    assert words["reasons"]["K♦"].endswith(f"{pts[1]} points a hand, the coach's best")
    assert all("hearts" not in r.replace("(hearts + 13 for the Q♠, as in the answer's table)", "") and "%" not in r
               for r in words["reasons"].values())
    assert best.exp_points == min(c.exp_points for c in advice.assessment)
    # a fresh rater: "you never win" read as certain, yet West holds low diamonds too: the coach's deals (where
    # West, last on a clean trick, wins) never give South the trick; a duck would leave South a trick of no points
    assert best.stats["p_win_trick"] == 0 and low.stats["p_win_trick"] == 0
    assert "the one diamond above" not in quiz_src
    # r37_b: the cleanest argument: West holds the A♦, so must follow with a diamond, and the trick (2♦, 6♦,
    # South's diamond, West's diamond) holds no points whoever wins it (checked below); the hint's hearts and the
    # reasons' points are named as two units
    assert ("West holds the A♦, so West must follow with a diamond, and this trick can hold no points whoever wins "
            "it: a free moment to get rid of a high card. Later diamond tricks may not be free: a player with no "
            "diamonds left can throw hearts or the Q♠ on them, and each low diamond you kept lets you play under.") in words["explanation"]
    # r38_d: the units are said once, with the grades (above); the quiz no longer repeats them
    assert "The hint below counts only hearts" not in words["explanation"] and gap == 0.9
    assert "the trick is lost anyway" not in quiz_src and "only the A♦ beats it" not in quiz_src
    assert [str(c) for c in trick.cards] == ["2D", "6D"] and not any(c.points for c in trick.cards)
    assert sorted(str(c) for c in demo.hand.cards(1) if c.suit.letter == "D") == ["4D", "5D", "9D", "AD"]  # could duck
    assert all(str(c)[-1] == "D" for c in view.legal)  # South may play only diamonds, West holds the A♦: no points
    demo.play(advice.card)
    from hearts_teach.course.why import why_played
    west = why_played(demo.hand, 3, 1)
    assert west.branch == "last-clean" and west.card.pretty == "A♦"
    assert f"West's reason, from its bot's own decision: {west}" in printed


def test_lesson_07_measures_folded_replay_table_order_and_the_q_diamond_payoff():
    """Recent raters (7/8): (1) "three different measures (hearts taken / points / Q♠ %)" lost readers: the coach's
    cell, before the first hint, names all three and says why a reason (a hint) counts hearts or Q♠ % while the
    grades count points (the reason quotes only the biggest part of the difference: coach._consequence_words), and
    trick 3's two figures (0.9 fewer hearts, 3.8 against 5.0 points) are reconciled from the coach's own numbers;
    (2) the trick-2 replay cell showed internal code: folded, its first line says what it shows; (3) the table
    cells: choose, run, then read the table; (4) the diamond question says why the Q♦ beats the 3♦, and the end of
    the hand shows the payoff in the printed tricks 6, 7 and 11."""
    import ast

    from hearts_teach import Card
    from hearts_teach.agents import coach

    cells = _cells("07_play_a_match")
    ids = [c.get("id") for c in cells]
    md = {c.get("id"): " ".join(_src(c).split()) for c in cells if c["cell_type"] == "markdown"}
    # (1) said once, early: before the first hint is printed
    # r48_07: split in two: how the coach grades (points), then what its reason names (Q♠ % or hearts)
    # r49_07: an example pointed to (trick 3, cell l07-dec2: 1.2 points, the reason names the 0.9 hearts)
    # r50_07: "its reason names only the largest part of the gap" was hard to follow before an example: it moved to
    # trick 3 (cell l07-dec2), next to the example
    # r73_07: the two measures cut from this cell (each reads plainly where it is first printed)
    # r81: the cell read three times: a paragraph, then a list (points, reasons, grades); duck and dump linked (flush
    # keeps its one link, where Solid's flush matters: l07-dec2-why)
    g = "glossary.ipynb#cell-id=term-"
    # r84: the list cut to a short paragraph (points, Q♠ %, best and inaccuracy: what the pass table prints next)
    # r90: "before I play a card, it covers imagined deals, four thresholds...": two sentences shown (points, mistake and
    # blunder), Solid's play and the other grades folded (<details>); Q♠ % is linked where the K♠'s reason names it
    said = ("The coach, the program behind *Hint*, cannot see the other hands: it deals them many times and grades "
            "each choice by the **points** it costs on average (1 a heart, 13 for the Q♠). On its deals the others "
            "play like *Solid*, the rule bot shown as *(rule)* in the seat list. "
            "<details><summary>Grades and deals</summary> *Best* is within 0.25 points of the top choice (on fresh deals, "
            "so printed figures a little further apart can both be *best*), "  # r119
            f"an *[inaccuracy]({g}inaccuracy)* costs over 0.25 more, a *mistake* over 1, a *blunder* over 3; *too close to call* "  # r120
            "if the deals cannot tell.")
    # r98 (r97 read: "Solid" and "(rule)" were linked only at trick 2): named together here; Solid's habits cut for density
    assert "the rule bot at this table" not in md["l07-coach"]
    # r93: grading words before any card was played: all five grades folded, under a summary that names them
    assert _src(cells[ids.index("l07-coach")]).split("\n\n")[1] == "<details><summary>Grades and deals</summary>"
    assert "blunder" not in _src(cells[ids.index("l07-coach")]).split("<details>")[0]
    # r97: "The K♠'s cost is its Q♠ %" was too terse: the fold's printed figures said in one plain sentence (l07-dec3q)
    assert "The K♠'s cost is its" not in md["l07-dec3q"]
    assert f"mostly because the Q♠ ends up in South's tricks on 67% of deals (with the 9♠, 22%): its **[Q♠ %]({g}q-percent)**." in md["l07-dec3q"]
    assert said in md["l07-coach"] and ids.index("l07-coach") < next(
        i for i, c in enumerate(cells) if _src(c).startswith("print(demo.hint())"))
    assert "the biggest of the Q♠, hearts and moon effects" in coach._consequence_words.__doc__
    assert Card("QS").points == 13 and Card("2H").points == 1  # 1 a heart, 13 for the Q♠
    printed = "".join("".join(o.get("text", "")) + "".join(o.get("data", {}).get("text/plain", "")) for c in cells for o in c.get("outputs", []))
    assert "the Q♠ ends up in your tricks in 23% of deals" in printed and "0.2 fewer hearts" in printed
    # trick 3's gap in the two measures, from the coach's own figures
    demo = _lesson_07_demo_after_two_tricks()
    demo.hint()
    graded = demo.hint_result.assessment
    best, low = graded.of("QD"), graded.of("7D")
    total = low.exp_points - best.exp_points
    hearts = low.stats["exp_hearts"] - best.stats["exp_hearts"]
    queen = 13 * (low.stats["p_take_qs"] - best.stats["p_take_qs"])
    assert (f"{best.exp_points:.1f}", f"{low.exp_points:.1f}") == ("3.8", "5.0")
    assert round(total, 1) == 1.2 and round(hearts, 1) == 0.9 and round(queen, 1) == 0.3 == round(total - hearts, 1)
    # r81: the review's 0.9 against the table's 1.2 looked inconsistent: one sentence says the gap is the Q♠
    # r84: that bookkeeping taught no Hearts skill and raised doubt: the general rule the replay shows instead; the
    # reasons' one part (hearts or Q♠ %) is said after the first reasons are read (l07-dec3q)
    assert "Its 0.9 counts hearts only" not in md["l07-take"]
    # r84b: the 0.9 hearts against the table's 1.2 points left a gap unexplained: one short clause, the rest is the
    # Q♠'s share (13 × (14.6% − 12.2%), checked above)
    # r85: "Its 0.9" leaned on the cut trick-3-line sentence: the trick is named
    # r89: the 0.3 was asserted, not shown: the arithmetic, from the figures table's printed shares (checked above)
    # r94: "the 1.2-point gap" did not say which: named (3.8 and 5.0, checked above)
    assert ("Trick 3's 0.9 is hearts; the Q♠'s share, (14.6% − 12.2%) × 13 ≈ 0.3, completes the 1.2-point gap "
            "between the Q♦'s 3.8 and the 7♦'s 5.0." in md["l07-take"])
    # r98 (r97 read: the 3♦'s 25.0% was never explained): the same cause as its hearts; trick 6 shows the queen on a diamond trick
    duck = graded.of("3D")
    assert f"{duck.stats['p_take_qs']:.1%}" == "25.0%" and duck.stats["p_take_qs"] > low.stats["p_take_qs"]
    # r99 review (rater r99: after the 3♦ South still held the 8♦ 7♦): its lowest spent, not "no low diamond left"
    assert ("The 3♦'s higher Q♠ % (25.0%): its lowest diamond spent, South may later have to win a diamond trick, and the queen can fall on one (as on trick 6)."
            in md["l07-take"]) and "3♦        6.4   25.0%  mistake" in printed and "trick 6: West 4♦, North Q♠" in printed
    # r111 (r111 read: the takeaways held only the passed-card half of trick 3): the principle moved to l07-rules
    assert ("- **With high cards in a suit**, keep low ones to play under later tricks; spend high ones "
            "on tricks that cannot carry points (trick 3).") in " ".join(
        _src(next(c for c in cells if c.get("id") == "l07-rules")).split())
    assert "keep low ones to play under later tricks" not in md["l07-take"]
    assert "you take about 0.9 fewer hearts than with 7♦/8♦" in printed
    # r50_07: "0.3 come from a smaller Q♠ %" had no Q♠ % printed: the figures cell prints each card's share
    # rater r52_07: the paragraph was arithmetic about how the tool reports, between two questions: cut
    assert "A reason names only the largest part of a gap" not in md["l07-dec2"]
    # rater r52_07: the rounded 15% and 12% give 13 × 3% = 0.39, not 0.3; the prose quotes the unrounded shares
    assert (f"{low.stats['p_take_qs']:.1%}", f"{best.stats['p_take_qs']:.1%}") == ("14.6%", "12.2%")
    assert (f"{best.stats['p_take_qs']:.0%}", f"{low.stats['p_take_qs']:.0%}") == ("12%", "15%")
    # rater r65_07: 14.6% and 12.2% were shown nowhere (the output printed 15% and 12%): the figures cell prints
    # each share with one decimal, so the prose quotes printed figures
    # r72c_07: printed as a table in points (play_on.figures); the hint's hearts are no longer printed beside it
    assert "7♦/8♦     5.0   14.6%" in printed and "Q♦/K♦     3.8   12.2%" in printed and "3♦        6.4   25.0%" in printed
    assert "trick 3: Hint: Play Q♦" not in printed
    # (2) the replay cell is folded as the other lessons fold code whose output is the point
    replay = cells[ids.index("l07-dec2-code")]
    assert replay["metadata"]["jupyter"] == {"outputs_hidden": False, "source_hidden": True} and replay["outputs"]
    # r72c_07: trick 2's K♠ replay moved to trick 2, folded under "Why not the K♠ on trick 2?"
    # r93: North's reason for its A♠ on trick 2 printed in the same fold (after the trick-4 question)
    assert _src(replay).split("\n", 1)[0] == ("# the coach's verdict on trick 4, South's card, and North's reason for its A♠ "
                                              "on trick 2, folded under \"Answer\" (code folded, output shown)")
    # extra item (round 51): "Best: K♠" showed under the question: the verdict is folded (drawing.folded), the
    # replay of trick 2 stays shown
    kinds = [o["output_type"] for o in replay["outputs"]]
    # r89: West's reason for its trick-4 lead, the clue, printed before the question (with South's position), not after
    assert kinds == ["display_data"] and "West's reason" not in _src(replay)
    verdict = "".join(replay["outputs"][0]["data"]["text/plain"])
    assert verdict.startswith("Answer (open it once you have chosen): the coach's verdict on trick 4\nCoach · ")
    assert "Best: K♠." in verdict  # nothing shown unfolded (r89: West's reason moved above the question)
    assert "".join(replay["outputs"][0]["data"]["text/html"]).startswith("<details><summary>Answer (open it once")
    # the position for the trick-4 question is shown before the prose and the question
    # r72c_07: printed under trick 3's folded answer (one cell fewer before the table)
    # r73_07: the position (which shows "trick 3: Q♦ ✓ best") moved out of the trick-3 answer, below the trick-3
    # explanation and the trick-4 heading (cell l07-pos4)
    assert ids.index("l07-dec3-play") + 1 == ids.index("l07-dec2") == ids.index("l07-pos4") - 1 == ids.index("l07-quiz2") - 2
    # r98: "then click a card in the question" cut for density; "position" stays (the glossary's Position links 07)
    assert "Read South's position below." in md["l07-dec2"] and "then click a card in the question" not in md["l07-dec2"]
    assert "Trick 4" not in "".join("".join(o.get("text", "")) for o in cells[ids.index("l07-dec3-play")]["outputs"])
    shown4 = "".join("".join(o.get("text", "")) for o in cells[ids.index("l07-pos4")]["outputs"])
    assert "Trick 4 so far (led by West): West 4♠, North 3♠, East 10♠\n" in shown4 and "South may play: K♠ 6♠" in shown4
    # (3) choose (list), set DIFFICULTY and run, then read the table, then print it as text
    ladder = next(i for i, c in enumerate(cells) if "ladder_levels()" in _src(c))
    live = next(i for i, c in enumerate(cells) if "table = TableWidget(" in _src(c))
    # r72c_07: the list and the table are one cell, right after the takeaways (the quizzes come after hand 1)
    # r73_07: the take-aways and the choice of opponents in cells of their own (l07-rules, l07-yours)
    # r90: Check yourself (its quiz and answer) between the take-aways and the table
    assert ids.index("l07-take") + 4 == ids.index("l07-yours") == ladder - 1 == live - 1 and live + 1 == ids.index("8593eeda")
    # r91: the take-aways stated both Check yourself answers just before it: they now follow its answer
    assert ids.index("l07-rules") == ids.index("l07-take") + 3
    # r114: the position cell now ends with the hint's pass, folded: found by its id
    assert ids.index("8593eeda") + 1 == ids.index("cfcea655") and "\nprint(table)\n" in _src(cells[ids.index("cfcea655")])
    # r72_07: the bot names typed differ from their labels ("rule" is Solid): the sentence says to type the name
    assert ("Put the quoted name (not the label) after `DIFFICULTY =` and run the cell."
            in md["l07-yours"]) and "*Reading the table*" not in md["l07-yours"]
    assert 'DIFFICULTY = "rule"' in _src(cells[live])
    # (4) why the Q♦ and not the 3♦: the quiz's reason and the end of the hand, from the printed tricks
    quiz_src = _src(cells[ids.index("l07-quiz3")])
    call = next(n for n in ast.walk(ast.parse(quiz_src)) if isinstance(n, ast.Call) and getattr(n.func, "id", "") == "Quiz")
    words = {k.arg: ast.literal_eval(k.value) for k in call.keywords}
    # r72_07: "trick 6 below carries the Q♠" pointed at a trick the duck does not change (the replay differs on
    # tricks 3, 11, 12 and 13 only): the reason names the risk without a trick
    # r90: "one low diamond fewer" was as true of the 7♦ (both leave two low diamonds): the 3♦ is the lowest, the card
    # that ducked trick 11 in the hand as played (South's 3♦ there, pinned below)
    # r107 (r107 read: three colons in one sentence): split into sentences, same facts
    assert words["reasons"]["3♦"].startswith(
        "it ducks a trick that costs nothing anyway, but spends your lowest diamond, the best card for ducking a later "
        "diamond trick. Then your Q♦ or K♦ may have to win one, with points on it. ")
    assert "diamond trick: then" not in words["reasons"]["3♦"]
    assert "one low diamond fewer" not in words["reasons"]["3♦"]
    assert "trick 6" not in words["reasons"]["3♦"]
    # r48_07: "paid off" was shown only against the 3♦, not the runner-up 7♦: softened to what the printouts show
    # rater r65_07: "with the Q♦ spent on trick 3" overstated the cause: the replay shows South plays under on tricks
    # 6 and 7 either way (checked below); the duck first changes trick 11
    assert ("Three later diamond tricks carried points (6, 7 and 11), and South played under each (8♦, 7♦, "
            "3♦).") in md["l07-take"] and "Q♦ spent" not in md["l07-take"]
    assert "paid off" not in md["l07-take"]
    # r50_07 fix 1: the 3♦ duck scores worst and the lesson says why, from the coach's figures (2.6 points more,
    # mostly the Q♠: 25% of deals against 12%) and from the hand replayed with the duck (same bots, same autopilot)
    # r52_07: "replays what?", and the replay's cost is hearts, not the Q♠: said
    # r55_07: cut (said again in l07-fine: "with the Q♦ spent on trick 3, played under each")
    assert "South shed its Q♦ there" not in md["l07-dec2"]
    # r72_07: "trick 6 below" pointed at a trick the duck does not change; the Q♠ share is the coach's average, and
    # on this deal the replay's cost is hearts (tricks 11 and 12, checked below)
    # r73_07: the Q♠-share aside cut (fewer figures in prose); the replay shows this deal's cost
    # r84: its why is said by the quiz's 3♦ reason and, for every suit, by l07-take's rule: cut to pay for the fixes
    # r94: moved into the trick-3 answer fold (one fold for one question)
    assert "The 3♦ duck scores worst (replay after the review)." in printed and "Its Q♠ share" not in md["l07-dec2"]
    duck = graded.of("3D")
    assert duck.exp_points == max(c.exp_points for c in graded) and round(duck.exp_points - best.exp_points, 1) == 2.6
    assert (f"{duck.stats['p_take_qs']:.1%}", f"{best.stats['p_take_qs']:.1%}") == ("25.0%", "12.2%")
    assert 1.9 < duck.stats["p_take_qs"] / best.stats["p_take_qs"] < 2.2  # "twice as often"
    assert 13 * (duck.stats["p_take_qs"] - best.stats["p_take_qs"]) > (duck.exp_points - best.exp_points) / 2  # mostly
    # r71_07: "tricks 4 to 10 go as before" hid that trick 3 differs too (South's card only): said
    # r72_07: said shorter; the replay's lines (checked above) show trick 3 differing in South's card only
    # r97: "(last lines)" cut: the replay has its own printed heading
    assert ("In the 3♦ replay, South has no low diamond left for trick 11: the K♦ and Q♦ win tricks 11 "
            "and 12, with hearts.") in md["l07-take"]
    assert "must lead the Q♦" not in md["l07-take"]  # r55_07: South still held the 4♥: the Q♦ was the autopilot's pick
    demo.play(demo.hint_result.card)  # the Q♦
    assert str(demo.hand.tricks[2].card_of(0)) == "QD"
    demo.hint()
    demo.play(demo.hint_result.card)  # trick 4's K♠
    demo.finish_hand()
    hand = demo.hand
    diamonds = [t for t in hand.tricks[3:] if t.led_suit.letter == "D"]
    assert [t.number for t in diamonds] == [6, 7, 11]
    assert all(t.points > 0 and t.winner != 0 for t in diamonds)
    assert [str(t.card_of(0)) for t in diamonds] == ["8D", "7D", "3D"]
    assert str(diamonds[0].card_of(2)) == "QS"  # trick 6 carries the Q♠
    # r72b_07: what mattered in the tricks the computer played, from the printed tricks 6 and 9 (a card off the led
    # suit means its player had none left of it); lesson 04 teaches the void
    # r89: cut to pay for the grades line (the 13 points are printed in trick 6's line above)
    assert ("On trick 6, North, out of diamonds, threw the Q♠ on West's 4♦; East's 10♦ took her.") in md["l07-take"]  # r75_07: trick 9's aside cut for room (printed above)
    six, nine = hand.tricks[5], hand.tricks[8]
    assert (six.number, six.leader, six.card_of(1).pretty, six.card_of(2).pretty) == (6, 1, "4♦", "Q♠")
    assert (hand.seat_names[six.winner], six.card_of(six.winner).pretty, six.points) == ("East", "10♦", 13)
    assert (nine.number, nine.leader, nine.card_of(2).pretty, nine.card_of(0).pretty) == (9, 2, "2♠", "Q♥")
    assert (hand.seat_names[nine.winner], nine.points) == ("North", 3)
    assert "## Getting rid of her: the void" in "".join(_src(c) for c in _cells("04_queen_of_spades"))
    eleven = diamonds[2]
    top = max((c for c in eleven.cards if c.suit.letter == "D"), key=lambda c: c.rank)
    assert str(top) == "5D" and str(eleven.card_of(eleven.winner)) == "5D"
    # South's diamonds after trick 3 (printed): K 8 7 3, and only the 3♦ ranks below the 5♦
    assert "▶ South (you): ♠ K 6  ♥ Q 6 4  ♦ K 8 7 3  ♣ 6\n" in printed and Card("3D").rank < 5 < Card("7D").rank
    # the duck replayed: the same table, South's 3♦ on trick 3, the hint's K♠ on trick 4, then the computer; tricks 4
    # to 10 go as in the real hand, then South must win trick 11 with the K♦ and trick 12 with the Q♦
    from hearts_teach.present.widgets import TableWidget

    ducked = TableWidget(seed=7, opponents="rule", marks=False)
    ducked.hint()
    ducked.pass_cards(ducked.hint_result.cards)
    for number in (1, 2, 3, 4):
        ducked.hint()
        ducked.play("3D" if number == 3 else ducked.hint_result.card)
    ducked.finish_hand()
    real, alt = hand.tricks, ducked.hand.tricks
    assert [t.cards for t in real[3:10]] == [t.cards for t in alt[3:10]] and real[10].cards != alt[10].cards
    # trick 3: only South's card differs (the 3♦ for the Q♦); West still wins it with the A♦
    assert [c for c in real[2].cards if c not in alt[2].cards] == [Card("QD")] and real[2].winner == alt[2].winner == 1
    assert [t.number for t, r in zip(alt, real, strict=True) if t.cards != r.cards] == [3, 11, 12, 13]
    # "first differs on trick 11": with the Q♦ kept, South still plays under on tricks 6 and 7 (8♦, 7♦)
    assert [str(alt[n].card_of(0)) for n in (5, 6)] == ["8D", "7D"] and alt[5].winner != 0 != alt[6].winner
    south_diamonds = [t.card_of(0) for t in alt if t.card_of(0).suit.letter == "D"]  # all five after the pass
    assert [c for c in south_diamonds if c.rank < 5] == [Card("3D")] == [alt[2].card_of(0)]  # spent on trick 3
    assert [str(alt[10].card_of(1)), str(alt[10].card_of(0))] == ["5D", "KD"] and alt[10].winner == 0
    assert alt[10].points == 2 and str(alt[11].card_of(0)) == "QD" and alt[11].leader == 0 == alt[11].winner
    assert alt[11].points == 3 and ducked.hand.scores[0] == 5 and hand.scores[0] == 0
    # r97: the replay in its own cell (l07-replay3), under its heading: one output had grown past 2,000 characters
    out = "".join("".join(o.get("text", "")) for c in cells if c.get("id") in ("9c4e6390", "l07-replay3") for o in c["outputs"])
    assert out.rstrip().endswith(
        "Replay with 3♦ on trick 3\n"
        "Had South ducked trick 3 with the 3♦, only tricks 3, 11, 12 and 13 would differ:\n"
        "trick 3   real:   North 2♦, East 6♦, South Q♦, West A♦ → West takes 0 points\n"
        "          replay: North 2♦, East 6♦, South 3♦, West A♦ → West takes 0 points\n"
        "trick 11  real:   West 5♦, North 7♥, East 10♥, South 3♦ → West takes 2 points\n"
        "          replay: West 5♦, North 7♥, East 10♥, South K♦ → South takes 2 points\n"
        "trick 12  real:   West J♣, North Q♣, East 9♥, South 4♥ → North takes 2 points\n"
        "          replay: South Q♦, West 3♥, North 2♥, East 9♥ → South takes 3 points\n"
        "trick 13  real:   North 2♥, East 8♥, South K♦, West 3♥ → East takes 3 points\n"
        "          replay: South 4♥, West J♣, North Q♣, East 8♥ → East takes 2 points\n"
        "South would score 5, not 0.")
    # r97: one block held nine tricks, the score, the review and the replay: short printed headings split it, and each
    # changed trick is printed beside the real one (trick 11 compared without scrolling)
    assert out.startswith("Tricks 5–13 (autopilot)\ntrick 5: ") and "\n\nScore and review\nhand  pass" in out



def test_lesson_07_r50_each_printed_position_names_the_hand_once():
    """Rater r50_07: every printed position opened with two status lines ("Hand 1 of a match to 100 · pass left · you
    are South · trick 2 of 13 · ▶ you to play", then "Hand 1 · pass left"). The table's text now writes the hand, the
    pass and your seat once (``status_head``), then the position from its second line ("Trick 2 of 13 · ▶ South to
    play"); the HTML status line is unchanged."""
    from hearts_teach.present.render import position_text
    from hearts_teach.present.widgets import TableWidget

    table = TableWidget(seed=7, opponents="rule", marks=False)
    table.hint()
    table.pass_cards(table.hint_result.cards)
    text = table.text()
    assert text.startswith("Hand 1 of a match to 100 · pass left · you are South\nTrick 1 of 13 · ▶ South to play\n")
    assert text.count("Hand 1") == 1 and "\nHand 1 · pass left" not in text
    assert table.status_line() == "Hand 1 of a match to 100 · pass left · you are South · trick 1 of 13 · ▶ you to play"
    full = position_text(table.hand, table.labels, show=[0])
    assert full.split("\n", 1) == ["Hand 1 · pass left", position_text(table.hand, table.labels, show=[0], heading=False)]
    printed = "".join("".join(o.get("text", "")) + "".join(o.get("data", {}).get("text/plain", ""))
                      for c in _cells("07_play_a_match") for o in c.get("outputs", []))
    assert "Hand 1 · pass left" not in printed and printed.count("Hand 1 of a match to 100 · pass left · you are South\n") == 7


def test_lesson_07_r50_the_last_seat_leads_next_and_the_controls_are_said():
    """Rater r50_07: "winning it costs nothing in this trick" left out the catch, that the winner leads next (South's 6♠
    on trick 5 is the example); and *Step* and *Finish trick* were listed but not explained."""
    from hearts_teach.present.widgets import TableWidget

    cells = _cells("07_play_a_match")
    text = " ".join(" ".join(_src(c) for c in cells if c["cell_type"] == "markdown").split())
    # r64_07: the colon-packed bullet split into sentences
    # r75_07: said in shorter sentences (same facts; trick 4 is where the A♠ was gone)
    assert ("winning it costs nothing in this trick. Shed a dangerous high card there, above all a K♠ about to stand alone (trick 4). But "
            "you lead next: keep a low card for it (South's 6♠, trick 5).") in text  # r52_07: matches the trick-4 blunder
    demo = _lesson07_demo_played(marks=False)
    four, five = demo.hand.tricks[3], demo.hand.tricks[4]
    assert four.winner == 0 and str(four.card_of(0)) == "KS" and four.points == 0  # South won trick 4, last to play
    assert five.leader == 0 and str(five.card_of(0)) == "6S" and five.winner != 0  # led a low spade, and lost it
    # the controls: each button named, Step and the two Finish buttons said in words (the table's own tooltips)
    table = TableWidget(seed=1, opponents="rule")
    assert ("*Step* (one card), *Finish trick* and *Finish hand* (the computer plays on, your cards too),") in text
    assert table.buttons["step"].tooltip.startswith("Play one card for whoever is to move")
    assert table.buttons["finish_trick"].tooltip == "Play until this trick is complete"
    assert table.buttons["finish_hand"].tooltip.startswith("Let the bots play the rest of the hand, yours too")

def test_the_quiz_answers_are_what_the_engine_says():
    from hearts_positions import ALL_HEARTS_TRICK1, HEARTS_AND_QUEEN, stacked

    from hearts_teach import Rules
    from hearts_teach.course.lessons import match_verdict, score_piles
    from hearts_teach.games.spades import SpadesHand, SpadesMatch, score_hand
    from hearts_teach.games.spades.legality import trick_winner
    from hearts_teach.games.spades.rules import SpadesRules
    from hearts_teach.kernel.cards import CardList

    # 06: totals 97, 84, 75, 88 before the hand, which scores 6, 4, 13, 3 (26 points); not the tie printed
    # under "The tie rule" (104, 64, 64, 90) again (newcomer round 9)
    # r103: totals 97, 80, 71, 90 (338, a multiple of 26 as standard totals must be)
    before, scores = (97, 80, 71, 90), (6, 4, 13, 3)
    assert sum(scores) == 26 and sum(before) % 26 == 0
    after = tuple(b + s for b, s in zip(before, scores, strict=True))
    assert after == (103, 84, 84, 93) and match_verdict(after) == "West and North tie for lowest with 84: another hand is played"
    # 07: South 96, West 71, North 88, East 90, then North shoots the moon (not the tie of 06 again)
    every = " ".join(f"{r}H" for r in "23456789TJQKA") + " QS"
    moon = score_piles(["", "", every, ""], Rules())
    assert moon == (26, 26, 0, 26)
    after = tuple(t + m for t, m in zip((96, 71, 88, 90), moon, strict=True))
    assert after == (122, 97, 88, 116) and "North wins with 88" in match_verdict(after)
    # r48_07: the answer is also written out, folded in a <details> block right after the question
    cells07 = _cells("07_play_a_match")
    at = next(i for i, c in enumerate(cells07) if c.get("id") == "cf3c8702")
    assert "quiz = Quiz(" in _src(cells07[at - 1])
    assert _src(cells07[at]).startswith("<details><summary>Answer (open it once you have chosen)</summary>")
    # r55_07: Check yourself tests this lesson's idea (trick 4), not moon scoring: you play last to 3♠ 8♠ 10♠ holding
    # K♠ 5♠, the A♠ gone: the K♠ wins a trick with no points; the 5♠ leaves the K♠ as the highest spade left
    # r57_07: "the next spade trick" assumed the lone K♠ is kept for it (it could be thrown on another suit first)
    # r64_07: "it" was unclear (the K♠), and a twin question whose answer flips: you play second, the 5♠
    # r72b_07: the answer repeated the quizzes' own feedback: the 5♠'s reason stays in the quiz, cut here
    assert ("**K♠** (you play last): it wins a pointless trick, so the queen can never fall on it. **5♠**"
            ) in " ".join(_src(cells07[at]).split())
    # r71_07: "never" made the duck sound wholly safe: it ducks the queen, not the trick
    # r98: the opening clause is now the bare-K♠ trade-off (pinned in the r97/r98 test); the duck caveat kept
    # r111: the trade-off sentence now ends on the free last-seat trick (pinned in the r97/r98 test)
    # r112: it now ends on keeping the K♠ for a trick where you play last (pinned there too)
    assert ("on a later spade trick. The 5♠ ducks the queen, not "
            "the trick: it may still win, hearts and all.") in " ".join(_src(cells07[at]).split())
    assert "twin = Quiz(" in _src(cells07[at - 1]) and "display(quiz)" in _src(cells07[at - 1])
    # r72c_07 made it two sentences (this pin was left behind; r73_07: updated to the text)
    assert ("East leads the 3♠ and you play second. West and North still play " in _src(cells07[at - 1])
            and '"after you. The A♠ has been played' in _src(cells07[at - 1]))
    assert "West leads the 3♠, North plays the 8♠, " in _src(cells07[at - 1])
    assert '"East the 10♠. You play last, holding K♠ 5♠. Which card?"' in _src(cells07[at - 1])
    from hearts_teach import Card

    assert Card("QS").rank > Card("5S").rank  # the queen beats the 5♠: she never falls on a trick the 5♠ wins
    assert Card("KS").rank > Card("QS").rank and Card("KS").points == 0  # on the K♠, with the A♠ gone, she is South's
    # r64_07: the spade bullet went too far: it holds only when the queen is not in your own hand
    take = " ".join(" ".join(_src(c) for c in cells07 if c.get("id") == "l07-rules").split())  # r73_07: own cell
    assert ("**Until the queen has been played**, and if she is not in your hand, keep your A♠ and K♠ out of spade "
            "tricks where someone still plays after you.") in take
    led = [Card(c) for c in ("3S", "8S", "TS", "KS")]
    assert {c.suit.letter for c in led} == {"S"} and max(led, key=lambda c: c.rank) == Card("KS")  # South's K♠ wins
    assert sum(c.points for c in led) == 0  # a trick with no points
    assert all(Card(f"{r}S").rank < Card("KS").rank for r in "23456789TJQ")  # with the A♠ gone, the K♠ is top
    # 04 (the engine's queen-waits details, moved there from 06): hearts unbroken, Q♠ and only hearts: only a heart
    # may be led
    hand = stacked(HEARTS_AND_QUEEN, Rules.preset("queen_waits"))
    for card in ALL_HEARTS_TRICK1:
        hand.play(card)
    held = hand.cards(hand.turn)
    assert not hand.hearts_broken and all(c.suit.letter == "H" or str(c) == "QS" for c in held)
    assert all(c.suit.letter == "H" for c in hand.legal_plays())
    # ... and under the standard rules that player must lead Q♠ (04 prints both)
    hand = stacked(HEARTS_AND_QUEEN, Rules())
    for card in ALL_HEARTS_TRICK1:
        hand.play(card)
    assert [str(c) for c in hand.legal_plays()] == ["QS"]
    # 06: omnibus, no moon (the lesson's match prints its moon hand under omnibus before the quiz):
    # South four hearts and J♦, West Q♠ and three hearts, North six hearts: South 4 - 10
    assert score_piles(["2H 3H 4H 5H JD", "QS 6H 7H 8H", "9H TH JH QH KH AH", ""],
                       Rules.preset("omnibus")) == (-6, 16, 6, 0)
    # 09: the bags, the end of the match, blind nil 80 behind, trump
    # not the worked example again (issue 27 round 4): bid 7, took 10, 8 bags before
    bags = score_hand([4, 3, 3, 3], [5, 1, 5, 2], bags=(8, 0))
    assert bags.team_points[0] == -27 and bags.bags[0] == 1
    assert not SpadesRules.preset("blind_nil").may_bid_blind_nil(300, 380)
    # 09b (r55, rater r54: "would the bots?"): 180 to 320, the exercise's score: the rule allows it, the bots do not
    from hearts_teach.agents.spades import wants_blind_nil
    spot = SpadesHand.deal(seed=5, dealer=3, rules=SpadesRules.preset("blind_nil"), scores_before=(180, 320))
    assert spot.may_bid_blind_nil(0) and not wants_blind_nil(spot, 0)
    assert trick_winner([c.index for c in CardList("AH 2S KH 3H")], 1) == 2  # North (the demonstration)
    assert trick_winner([c.index for c in CardList("KD 3D 6S AD")], 3) == 1  # West (the quiz)
    match = SpadesMatch(seed=7)
    assert (match.hand.dealer, match.hand.first_seat) == (3, 0)
    match2 = SpadesMatch(seed=7)
    match2.hand  # noqa: B018
    from hearts_teach.course.spades_lesson import play_spades

    play_spades(match2.hand, seed=7)
    match2.next_hand()
    assert (match2.hand.dealer, match2.hand.first_seat) == (0, 1)  # South deals, West bids first
    # the dealer quiz: the lesson's match ends after hand 6, dealt by South; hand 7 is not in its table
    from hearts_teach.course.spades_lesson import play_match as play_spades_match

    shown = play_spades_match(SpadesMatch(seed=7), seed=7)
    assert len(shown.hands) == 6 and shown.dealer_of(5) == 0
    assert (shown.dealer_of(6), shown.first_bidder_of(6)) == (1, 2)  # West deals hand 7, North bids first
    assert (shown.dealer_of(13), shown.first_bidder_of(13)) == (0, 1)  # the quiz: South deals hand 14, West first
    assert [shown.dealer_of(h) for h in (7, 8, 12)] == [2, 3, 3]  # the wrong answers' hands 8, 9 and 13


def test_lesson_06_prose_numbers_come_from_the_engine():
    from hearts_teach import DECK, Card, Hand, Match, Rules
    from hearts_teach.course.lessons import bots_play, play_match, replay_with, table_bots

    assert sum(c.points for c in DECK) == 26 and {c.points for c in DECK if c.points} == {1, 13}
    match = play_match(Match(seed=5), table_bots("rule", seed=5))
    # the story under the score table is printed by the engine; what it must keep saying:
    assert [h.moon for h in match.hands].count(None) == len(match.hands) - 1 and match.hands[3].moon == 3
    assert max(match.totals) >= 100 and match.winner == 3
    omnibus = Rules.preset("omnibus")
    totals = [sum(replay_with(h, omnibus).scores[s] for h in match.hands) for s in range(4)]
    assert max(totals) < 100  # "the match would not be over yet"
    assert replay_with(match.hands[3], omnibus).moon == 3  # the moon still counts under omnibus
    text = "".join(_src(c) for c in _cells("06_scoring_a_match") if c["cell_type"] == "markdown")
    assert "nine" not in text and "After hand 9" not in text  # numbers come from the engine's print
    # omnibus: "outside a moon, a hand's points add up to 16 (26 − 10)"; "every row adds up to 16
    # except the moon hand"; North took the J♦ in the moon hand (26 − 10 = 16) and most often
    assert "a hand's points add up to **16** (26 − 10) instead of 26" in " ".join(text.split())
    again = [replay_with(h, omnibus) for h in match.hands]
    assert [sum(h.scores) for h in again] == [16 if h.moon is None else 68 for h in match.hands]
    takers = [next(s for s in range(4) if "JD" in map(str, h.taken(s))) for h in match.hands]
    assert takers[3] == 2 and again[3].scores[2] == 16 and max(range(4), key=takers.count) == 2
    # r78: the moon row's 68 is worked out in the prose
    assert tuple(again[3].scores) == (26, 26, 16, 0) and "except the moon hand: 26 + 26 + 16 + 0 = 68." in " ".join(text.split())
    assert totals[2] < match.totals[2] - 50  # North's total falls far
    # r43_g: cell 17 gives the figures: the J♦ column shows North six times in ten hands; the totals line prints
    # 105 and 45 (−60, six times −10)
    assert takers.count(2) == 6 and len(match.hands) == 10 and (match.totals[2], totals[2]) == (105, 45)
    assert ("North took the J♦ in six of the ten hands, −60 in all, so North's total falls from 105 to 45: under "
            "Omnibus nobody has reached 100") in " ".join(text.split())
    # r43_g: "always adds up to 26" held only under the standard rules (Omnibus, in Part 2, gives 16)
    # r79 (rater): "that always adds up to 26, unless somebody shot the moon": the points taken add up to 26 in a
    # moon hand too; only the scores differ (78 in all)
    # r103: "shot the moon" was defined only in Part 2: said where it is first used
    assert ("Under the standard rules the points taken always add up to 26. If somebody shot the moon (took all 13 "
            "hearts and the Q♠: lesson 05), the scores differ:") in " ".join(text.split()) and "That always adds up to 26" not in text
    # r103: match totals are sums of hands of 26 (78 with a moon): the check is said (made-up totals pinned below)
    assert ("A hand's scores add up to 26, or 78 after a moon, so under the standard rules match totals always add up "
            "to a multiple of 26: a quick check on a scoresheet.") in " ".join(text.split())
    assert "that always adds up to 26, unless" not in " ".join(text.split())
    # r102: the lesson leans on points taken vs scores: the difference is said where the points are counted
    assert "These *points taken* are normally the player's score for the hand." in " ".join(text.split())
    # r45_b: and what the shooter scores, said where the moon is first mentioned (the engine: 0 and 26 each)
    assert "the scores differ: the three others get 26 each and the shooter 0." in " ".join(text.split())
    assert tuple(match.hands[3].scores) == (26, 26, 26, 0)
    # the history example (newcomer round 10: seed 16's pass gave away the 8♥, against lesson 01):
    # South holds Q♠ with one other spade (9♠) and two aces; her pass is the queen and the two aces,
    # and she keeps her low hearts, as lesson 01 advises
    deal = [Hand.deal(seed=166, pass_direction="hold").dealt(s) for s in range(4)]
    spades = [c for c in deal[0] if c.suit.letter == "S"]
    assert [str(c) for c in spades] == ["9S", "QS"]
    assert sorted(str(c) for c in deal[0] if c.rank == 14) == ["AC", "AD"]
    held = bots_play(Hand(deal, "hold"), table_bots("rule"))
    passed = bots_play(Hand(deal, "left"), table_bots("rule"))
    assert sorted(map(str, passed.passed(0))) == ["AC", "AD", "QS"]
    assert held.scores[0] > passed.scores[0]
    assert "one fixed deal (seed 166)" in " ".join(text.split()) and "(the 9♠) and two aces" in " ".join(text.split())
    # r33 rater: the other seats' scores come from other hands: with a pass all four seats pass and receive cards
    # r76pre: "since the pass changes all four hands" was cryptic: said plainly
    # r76b: the reason was compressed: said plainly
    # r102: "hands" means deals everywhere else in the lesson: the other players' cards
    # r113 (newcomer r113/06: South's cards change in the pass too, so "only South's are comparable" gave a false reason)
    assert "Watch South's two scores: the pass changes every player's cards, South's included." in " ".join(text.split())
    assert "are comparable" not in text
    # r42_a: South receives the K♠, the card lesson 01 warns about once the queen is passed, and still scores 0
    assert Card("KS") in passed.received(0) and Card("QS") in passed.passed(0) and passed.scores[0] == 0
    # r43_g: the reading of the example follows its output: South's score falls from 15 to 0
    assert (held.scores[0], passed.scores[0]) == (15, 0)
    # r114: the reading placed only five of the eight hearts (tricks 3 to 7): the spade leads of tricks 10 to 12 too
    # r119: *threw* is defined in the lead-in (556b5de4), before the output uses it: the reading says it once
    assert ("South's score fell from 15 to 0. How, with eight hearts (six dealt, plus the 10♥ and J♥ received)? Passing the A♦ left South with no diamonds, "
            "and after trick 8 no spades, so South threw its "
            "hearts on West's diamond leads (tricks 3 to 7) and on the spade leads of tricks 10 to 12. One deal is not a law: a "
            "pass can also bring you bad cards, as South received the K♠, which can catch the Q♠ (lesson 01). Still, it "
            "shows what the pass is for.") in " ".join(text.split())
    # r116 (newcomer r115: brackets nested; was keeping the Q♥ advice or chance?): un-nested; the Q♥ kept by lesson
    # 01's count (rule 3: four low hearts, 5 4 3 2, beside her; the passed A♦ had none, A♣ two)
    # r117 (newcomer r116: five hearts beside her were printed; was the 9♥ low?): the four named
    # r119 (newcomer r118/06: what is "lesson 01's count"? and the 9♥ was left out of the list): the count said
    # (lesson 01: low means 8 or below), all six hearts kept, and the counts it compares, read from the deal
    assert ("the queen and the two aces went, and all six hearts stayed. By lesson 01's count (pass the high card with "
            "fewer low cards, 8 or below, beside it), the Q♥ had four (5♥ 4♥ 3♥ 2♥), more than the A♣ (6♣ 4♣) or the "
            "A♦ (none), so the Q♥ stayed; of the A♣ and Q♣, with the same low clubs, the higher went.") in " ".join(text.split())
    # r120 (newcomer r120/06: the count's conclusion left to the reader; why the A♣, not the Q♣ beside the same
    # two low clubs?): both said, from the deal and the pass (the bots' pass printed in cell 3c8f6a0c)
    assert {"AC", "QC"} <= {str(c) for c in deal[0]}
    assert "AC" in {str(c) for c in passed.passed(0)} and "QC" not in {str(c) for c in passed.passed(0)}
    assert "lesson 01's count)." not in text
    assert sum(1 for c in deal[0] if c.suit.letter == "H") == 6
    assert sorted(str(c) for c in deal[0] if c.suit.letter == "C" and c.rank <= 8) == ["4C", "6C"]
    assert not [c for c in deal[0] if c.suit.letter == "D" and c.rank <= 8]
    assert "four low hearts beside her" not in text
    assert "even the Q♥" not in text and "(lesson 01)), but" not in text
    assert sum(1 for c in deal[0] if c.suit.letter == "H" and c.rank <= 8) == 4
    # r112: "the card lesson 01 warns about" sent a forgetful reader back to lesson 01 for the reason
    assert "the card lesson 01 warns about" not in " ".join(text.split())
    assert all(passed.passed(s) is not None and passed.received(s) for s in range(4))
    assert all(set(passed.received(s)) != set(passed.passed(s)) for s in range(4))


def test_lesson_06_is_two_parts_with_the_series_navigation():
    """Newcomer round 10: the most overloaded lesson. It is now two headed parts (scoring, variants),
    at most 30 cells, and its navigation is the series' own line (like 07-12), with 06a named in
    its "Your turn" paragraph instead of a second forward link."""
    from hearts_teach.course.navigation import nav_line

    cells = _cells("06_scoring_a_match")
    # r81: the stepper's paragraph split in two (one per cell it introduced)
    # r116 (newcomer r115: the multiple-of-26 check taught, never practised): its question, one cell (within 35)
    assert len(cells) <= 32
    md = [_src(c) for c in cells if c["cell_type"] == "markdown"]
    assert md[0] == f"# 06 · Scoring a match\n\n{nav_line(6)}\n\n{reference_line()}"
    assert md[-1] == f"---\n\n{nav_line(6)}\n\n{reference_line()}"
    heads = [line for m in md for line in m.splitlines() if line.startswith("## ")]
    assert heads == ["## Part 1 · Scoring a match", "## Part 2 · Variants some tables play", "## Your turn"]
    assert "06a_guided_first_hand.ipynb" in md[-2]
    # a fresh newcomer rater: "Next, 06a" disagreed with the navigation's "07 →"; the paragraph now names 07 as
    # next (the series' order, as the link says) and 06a as a guided hand first, which leads on to 07
    # r43_g: "first, open 06a" still read as 06a coming next; 06a is now named as the side lesson it is (the series'
    # order in hearts_teach.course.navigation.LESSONS has no 06a: 06's and 07's bars link each other)
    from hearts_teach.course.navigation import LESSONS

    assert "06a_guided_first_hand" not in [stem for stem, _t, _a in LESSONS]
    assert ("Next in the series is lesson 07, a whole match (the **07 →** link below). If you would like to follow one "
            "hand with a guide first, the side lesson [06a A guided first hand](06a_guided_first_hand.ipynb) does that "
            "and then leads on to 07.") in " ".join(md[-2].split())
    assert "[07 Play a match →](07_play_a_match.ipynb)" in nav_line(6)
    assert "[07 Play a match →](07_play_a_match.ipynb)" in _src(_cells("06a_guided_first_hand")[0])


def test_lesson_06_history_widget_shows_each_outcome_on_click():
    from hearts_teach.course.outcomes import Outcomes

    box = Outcomes({"A": lambda: "first outcome", "B": lambda: "second outcome"}, "Pick one")
    assert "nothing shown yet" in box.text() and box.output.value == ""
    box.buttons["B"].click()
    assert "second outcome" in box.output.value and box.text().endswith("B:\nsecond outcome")
    with pytest.raises(ValueError, match="no option 'C'"):
        box.show("C")


def test_lesson_06_worked_examples_are_stored_as_text():
    """Issue 27 round 4 (F06.1): the omnibus verdicts and the pass-vs-hold example were buttons with
    nothing stored; now the executed lesson shows both outcomes of each, and the pass line lists
    the three cards South passed (it once printed them as a whole hand: "♠ Q  ♥ K 8  ♦ —  ♣ —")."""
    printed = "".join("".join(o.get("text", "")) for c in _cells("06_scoring_a_match") for o in c.get("outputs", []))
    assert "(nothing shown yet" not in printed
    assert "standard totals:" in printed and "omnibus totals:" in printed
    assert "As a hold hand (no pass):" in printed and "With a pass to the left:" in printed
    # r39_d: the pass line also says what South received from East (was 15 → 0 the queen leaving, or luck?)
    assert "South passed A♣ A♦ Q♠ to West and received 10♥ J♥ K♠ from East." in printed and "Nobody passes." in printed
    # r35_f: the reader wondered who took the queen in each version: printed from the played tricks
    from hearts_teach import Hand
    from hearts_teach.course.lessons import bots_play, table_bots

    deal = [Hand.deal(seed=166, pass_direction="hold").dealt(seat) for seat in range(4)]
    for direction, line in (("hold", "Nobody passes."), ("left", "South passed A♣ A♦ Q♠ to West and received "
                                                                  "10♥ J♥ K♠ from East.")):
        hand = bots_play(Hand(deal, direction), table_bots("rule"))
        if direction == "left":
            assert " ".join(c.pretty for c in hand.received(0)) == "10♥ J♥ K♠" and hand.pass_target(3) == 0
        queen = next(t for t in hand.tricks if any(str(c) == "QS" for c in t.cards))
        assert f"{line} The Q♠ fell to {hand.seat_names[queen.winner]} on trick {queen.number}.\n" in printed
    assert "from East. The Q♠ fell to North on trick 9.\n" in printed and "passes. The Q♠ fell to South on trick 7." in printed


def test_lesson_06_only_points_to_lesson_04_for_the_queen_waits():
    """A fresh newcomer rater: the queen-waits variant is a play rule (when the Q♠ may be played), not
    scoring; its worked example, widget and quiz moved to lesson 04 (the queen's lesson). Lesson 06 keeps
    one pointer sentence, and no cell of it uses the variant. Round 30: the pointer distracted from the opening's
    two-part plan; it moved to the variants section (Part 2), as one sentence."""
    text = " ".join(" ".join(_src(c) for c in _cells("06_scoring_a_match") if c["cell_type"] == "markdown").split())
    # r33 rater: the pointer also names the other lessons' variants, and the rules summary lists them all
    # r38_d: "(04's is *the queen waits*)" singled out one lesson unexplained: cut
    pointer = ("Besides the two below, lessons 03, 04 and 05 showed variants of the rules they teach; the "
               "[rules summary](rules_summary.ipynb) lists them all.")
    summary = "".join(_src(c) for c in _cells("rules_summary"))
    for name, where in (("queen_breaks", "03"), ("first_trick_points", "03"), ("queen_waits", "04"), ("new_moon", "05")):
        assert f"`{name}`" in summary and f"[{where}]({where}_" in summary.split(f"`{name}`")[1][:400], name
    assert pointer in text and text.index("## Part 2 · Variants some tables play") < text.index(pointer)
    opening = " ".join(_src(_cells("06_scoring_a_match")[1]).split())
    assert opening.endswith("then **variants some tables play** (Omnibus and no passing).")
    assert "queen waits" not in text.lower() and "queen_waits" not in text
    assert "queen_waits" not in "".join(_code("06_scoring_a_match"))
    four = " ".join("".join(c["source"]) for c in _cells("04_queen_of_spades") if c["cell_type"] == "markdown")
    assert "## A variant: the queen waits" in four


def test_lesson_06_round_30_the_omnibus_shooter_and_what_the_pass_is_for():
    """A fresh newcomer rater (round 30): under Omnibus the moon needs all hearts and the Q♠, not the J♦ (the
    lesson said so); what the engine does with a shooter who also took the J♦ is now said: the J♦'s −10 is
    applied after the moon is scored, to whoever took it, the shooter included. The no-pass section's one
    example argues for the pass, and its heading and first sentences say so."""
    from hearts_teach import Rules
    from hearts_teach.games.hearts.scoring import final_scores
    from hearts_teach.kernel.cards import JD_MASK, POINTS_MASK

    text = " ".join(" ".join(_src(c) for c in _cells("06_scoring_a_match") if c["cell_type"] == "markdown").split())
    # r41_c: the shooter-with-the-J♦ aside left the table's reading (the glossary's J♦ entry keeps the rule; engine pinned below)
    # r42_a: "the jack" links to that glossary entry (no rule prose added here)
    assert ("A moon needs all the hearts and the queen, not the [jack](glossary.ipynb#cell-id=term-j), so East's moon still counts, and North, who "
            "took the J♦ in that hand, scores 26 − 10 = 16 there (a shooter who takes the J♦ too scores 0 − 10 = "
            "−10).") in text
    # r45_b: a reader asked what a shooter who takes the J♦ scores: one clause, as the glossary's J♦ entry and the
    # rules summary's omnibus line say; the engine under the lesson's preset (moon added to the others) agrees
    omnibus = Rules.preset("omnibus")
    assert final_scores([POINTS_MASK | JD_MASK, 0, 0, 0], omnibus.moon, omnibus.omnibus) == ((-10, 26, 26, 26), 0)
    assert "tables may differ" not in text and "in this engine" not in text
    # r33 rater: that case is the project's choice (docs/rules.md, D6: the sources list Omnibus without saying)
    rules_doc = " ".join((ROOT / "docs" / "rules.md").read_text(encoding="utf-8").split())
    assert "without saying how it meets the moon" in rules_doc and "applied after the moon scores" in rules_doc
    assert final_scores([POINTS_MASK | JD_MASK, 0, 0, 0], "add_to_others", True) == ((-10, 26, 26, 26), 0)
    assert final_scores([POINTS_MASK, JD_MASK, 0, 0], "add_to_others", True) == ((0, 16, 26, 26), 0)
    # r42_a: "what they give up" had no clear "they" (the no-pass tables): said plainly
    # r43_g: the cell packed the listing, the example and an aside into one paragraph: now two sentences (what
    # no_pass is, then what to compare in the next cell); the example's reading follows its output
    # r76pre: the section never said what no_pass changes about scoring (nothing): its second sentence says so
    # r76b: "Only the cards you hold change" read as if your cards changed: nothing changes but the skipped pass
    assert ("### No passing, and what the pass is for Some groups skip the pass and play every hand as a hold "
            "hand: the `no_pass` rules. Nothing changes except that the pass is skipped: you play the 13 cards you "
            "were dealt, and the scoring is the same. The first two lines "
            "below list the passes of hands 1 to 8, standard and `no_pass`. Then four rule bots play one fixed deal "
            # r119 (newcomer r118/06: "threw" and "played" differ, explained only after the output): defined here
            "(seed 166) with and without a pass (*threw*: played another suit, having none of the suit led). Watch South's two scores: the pass changes every player's cards, "
            "South's included.") in text
    assert "First, the pass schedules" not in text

def test_lesson_06_quizzes_are_not_answered_by_an_earlier_cell():
    """Newcomer round 9: the tie quiz repeated the tie printed under "The tie rule", and the omnibus
    quiz's answer (16, a moon with the J♦ elsewhere) was printed in the omnibus table. Now no output
    before the quizzes shows 88 (the tie quiz's total) or a -6, and the stepper's text twin is the
    learner's own match (seed 12) after three clicks."""
    cells = _cells("06_scoring_a_match")
    quiz_at = next(i for i, c in enumerate(cells) if "tie = Quiz(" in _src(c))
    printed = "".join("".join(o.get("text", "")) + "".join(o.get("data", {}).get("text/plain", ""))
                      for c in cells[:quiz_at] for o in c.get("outputs", []))
    # r103: the tie quiz's shared total is now 84 (its totals made a multiple of 26)
    assert " 84" not in printed and "-6" not in printed and "−6" not in printed and "moon" in printed
    # round 10: the omnibus quiz comes after the omnibus table (Part 2); still no -6 before it
    omni_at = next(i for i, c in enumerate(cells) if "omnibus_quiz = Quiz(" in _src(c))
    printed = "".join("".join(o.get("text", "")) + "".join(o.get("data", {}).get("text/plain", ""))
                      for c in cells[:omni_at] for o in c.get("outputs", []))
    assert "-6" not in printed and "−6" not in printed and "omnibus totals:" in printed
    code = [_src(c) for c in cells]
    shown = next(i for i, src in enumerate(code) if src.strip().endswith("stepper") and "MatchStepper(" in src)
    # r81: a short markdown cell now introduces the text twin and its question: the twin is the next code cell
    twin = next(src for c, src in zip(cells[shown + 1:], code[shown + 1:], strict=True) if c["cell_type"] == "code")
    assert "Match(seed=12)" in code[shown] and "Match(seed=12)" in twin
    assert "table_bots(\"rule\", seed=12)" in twin and "print(demo_stepper.text())" in twin


def test_lesson_08_states_the_one_marks_scale():
    from hearts_teach.course.drills import MARKS_RULE

    text = "".join(_src(c) for c in _cells("08_practice_decisions"))
    # fresh newcomer rater (r44_c): one name for too close to call; *fine* is said once, as the score line prints it
    # fresh newcomer rater (r48): too close to call was used before its definition, and no score line was shown:
    # the term links to its glossary entry and the definition below; the *Score* line is the one under each answer
    # fresh newcomer rater (r50): the stored notebook shows no *Score* line: the prose says where the learner sees it,
    # under each answer (the session's text and widget print it there)
    # fresh newcomer rater (r51): the marks were buried in brackets and *too close to call* was defined only after the
    # drills: a verdict → marks list, one line per mark of MARKS_RULE, the term said in a line where it is used
    said = " ".join(text.split())
    # fresh newcomer rater (r52): one verdict with two names was odd: the line says where the short name is printed
    # r72c (rater: "best", "too close to call" and "printed *fine*" were three names): one sentence after the verdict
    # list, in MARKS_RULE's words, and the score line says "too close to call" too
    rows = {"2": "2 for best or too close to call,", "1": "1 for an inaccuracy,", "0": "0 for a mistake or a blunder."}
    assert MARKS_RULE == "best or too close to call 2, inaccuracy 1, mistake or blunder 0"
    for part in MARKS_RULE.split(", "):
        verdicts, mark = part.rsplit(" ", 1)
        assert all(v.split()[-1] in rows[mark] for v in verdicts.split(" or ")), (part, rows[mark])
    # r71 (rater: no stored output shows a *Score* line): the marks are shown after each answer, "(0 marks)"
    from hearts_teach.course.drills import DrillSession as _Session

    assert "→ blunder (0 marks)." in _Session(record=False).answer("QC JH QS")
    # r91 (rater: one paragraph held the scale, the range, the exception and the marks): a table, verdict | range | marks
    # r98 (report r97/08: cells 5, 6 and 8 crammed): the table became three steps and one marks sentence, in MARKS_RULE's order
    assert "Drills score **marks**: 2 for *best* or *too close to call*, 1 for an *inaccuracy*, 0 for a *mistake* or *blunder*." in said
    assert "*fine*" not in said and "|**best**|" not in said
    for row in ("1. The whole range at or below 0.25 (a quarter point): *best*.", "2. The range crossing 0.25: [*too close to call*](glossary.ipynb#cell-id=term-too-close-to-call).", "3. Otherwise the range's **low end** decides: over 0.25, *inaccuracy*; over 1, *mistake*; over 3, *blunder*.", "Drills score **marks**: 2 for *best* or *too close to call*, 1 for an *inaccuracy*, 0 for a *mistake* or *blunder*."):
        assert row in text, row
    assert all(" ".join(rows[m].replace("a blunder", "blunder").split()[:2]) in said for m in "210")
    from hearts_teach.agents.coach_stats import BAND, verdict_of

    assert BAND == 0.25 and verdict_of(0.2, 0.3) == "fine"  # "cannot tell if it costs over a quarter point"
    from hearts_teach.course.drills import DRILLS, DrillSession

    session = DrillSession([DRILLS[4]], record=False)
    assert "Score:" not in session.text()
    session.answer("TS")
    text_after = session.text()
    assert "you chose 10♠ → best" in text_after and "best or too close to call 2" in MARKS_RULE
    assert text_after.index("you chose 10♠") < text_after.index(f"\n\nScore: 2 of 2 marks ({MARKS_RULE})")


def test_lesson_09_prose_about_the_nil_spade_length_and_the_rotation():
    from hearts_teach.agents.spades import estimate_tricks
    from hearts_teach.course.spades_lesson import play_match, play_spades, same_deal
    from hearts_teach.games.spades import SpadesHand, SpadesMatch

    _, spades = same_deal(17)
    play_spades(spades, seed=2)
    assert spades.bids[3] == 0 and sorted(str(c) for c in spades.dealt(3) if c.suit.letter == "S") == ["4S", "JS"]
    t10, t12 = spades.tricks[9], spades.tricks[11]
    assert str(t10.card_of(3)) == "4S" and str(t10.card_of(1)) == "9S" and t10.winner == 1
    assert str(t12.cards[0]) == "TS" and t12.seats[0] == 2 and t12.winner == 3  # North led 10♠, East won
    assert str(t12.card_of(0)) == "8S" and str(spades.tricks[12].card_of(0)) == "AS"  # South kept A♠ back
    assert next(t.number for t in spades.tricks if t.winner == 3) == 12  # the nil broke there
    long_cards = SpadesHand.deal(seed=1526, dealer=3).cards(0)
    assert sum(1 for c in long_cards if c.suit.letter == "S") == 8
    assert estimate_tricks(long_cards, long_spades=True) > estimate_tricks(long_cards)
    match = play_match(SpadesMatch(seed=7), seed=7)
    dealers = [h.dealer for h in match.hands]
    assert dealers == [(3 + i) % 4 for i in range(len(dealers))]  # East, South, West, North, ...
    assert all(h.first_seat == (h.dealer + 1) % 4 for h in match.hands)


def test_lesson_09_the_spades_scores_are_added_up_where_they_first_appear():
    """Newcomer round 9: 'South–North +91, West–East -79' came before scoring is taught; the next cells
    print the engine's one-line sums (-79 = +20 + 1 bag - 100 for the nil). Fresh rater (round 29): the
    scores were still printed before the rules; the *Scoring* section (contract, set, nil, bags) now comes
    before the deal, and no cell above it prints a score. Rater r74: the rules came before any Spades card;
    the section now follows the Spades play and comes before the first score (the bidding line's "0-13" is
    not a score), and ``score_hand``'s examples follow the hand's own score."""
    cells = _cells("09_hearts_vs_spades")
    out = ["".join("".join(o.get("text", "")) for o in c.get("outputs", [])) for c in cells]
    # r103: -79 printed three cells before its sum: the side-by-side table now follows the sum, as the summary
    side = next(i for i, text in enumerate(out) if "Spades: South–North +91, West–East -79" in text)
    first = summed = next(i for i, text in enumerate(out) if "= -79" in text)
    assert summed < side
    assert "West–East: bid 2, took 3: contract made, +20; 1 bag +1; East nil broken (1 trick) -100" in out[summed]
    assert "South–North: bid 9, took 10: contract made, +90; 1 bag +1; bags 0 → 1 = +91" in out[summed]
    scoring = next(i for i, c in enumerate(cells) if _src(c).startswith("## Scoring"))
    pointer = " ".join(_src(c) for c in cells[scoring + 1:summed] if c["cell_type"] == "markdown")
    # r33: the run-on pointer is three short sentences: the story, South's bot's reason, then the scores
    # r116 (newcomer r115 items 3.4, 4.3): which sentence went with which output: each names the printed header
    assert "**The scores:** follow the rules above (in a score line," in " ".join(pointer.split())  # r119
    assert "Last, each team's score" not in " ".join(pointer.split())  # r116
    scoring = next(i for i, c in enumerate(cells) if _src(c).startswith("## Scoring"))
    words = next(i for i, c in enumerate(cells) if _src(c).startswith("## The words of Spades"))
    assert words < scoring < first
    rules = " ".join(_src(cells[scoring]).split())
    for rule in ("**Contract made**", "**Contract missed** (the team is *set*)", "**Nil**: +100", "**Bags add up**"):
        assert rule in rules, rule
    printed_before = "".join(out[:scoring])
    assert not re.search(r"(?<!\d)[+-]\d|contract made|set,", printed_before)
    play = next(i for i, c in enumerate(cells) if "play_spades(spades" in _src(c))
    examples = next(i for i, c in enumerate(cells) if "five_six = " in _src(c))
    assert play < scoring < summed < side < examples
    # r103: the comparison the title promises is said under the table, and its figures are the table's
    said = " ".join(" ".join(_src(c) for c in cells[side + 1:examples] if c["cell_type"] == "markdown").split())
    assert ("South took 25 points in Hearts but the most Spades tricks; East, safe in "
            "Hearts, still took a Spades trick.") in said
    rows = {line.split()[0]: line for line in out[side].splitlines()}
    assert re.search(r"\s25\s+5 / 6$", rows["South"]) and re.search(r"\s0\s+nil / 1$", rows["East"])
    taken = {seat: int(rows[seat].rsplit("/", 1)[1]) for seat in ("South", "West", "North", "East")}
    assert max(taken, key=lambda seat: taken[seat]) == "South" and list(taken.values()).count(taken["South"]) == 1


def test_lesson_09_round_17_wording():
    """Newcomer round 17: the estimates said where they come from and were printed in decimals (09a uses
    quarters); an empty "Bids and contracts" heading only pointed on; "every card East could play (J♠)"
    for one card; code in the prose about the mercy rule."""
    from hearts_teach.course.spades_lesson import play_spades, same_deal, what_happened, worth_table

    text = " ".join(" ".join(_src(c) for c in _cells("09_hearts_vs_spades") if c["cell_type"] == "markdown").split())
    # r102: where 5¼ and ¾ come from was unclear: read only the last column; 09a shows the quarters
    # r116 (newcomer r115 items 3.1, 4.1): why a short suit earns tricks: once it is gone, a spade trumps it
    assert ("The estimates below are the bots' rule of thumb: high cards, spades and short suits (a suit other "
            "than spades with two cards or fewer: once it is gone, you can trump it) added up. Each gives the tricks a hand should win; a card that may not "
            "win counts part of one. Read the last column (East's ¾: the Q♣ ½, the J♠ ¼, the Q♥ 0 among five hearts; "
            "[09a](09a_spades_bidding.ipynb) shows the count); the others only summarise each hand:") in text  # r119 (newcomer r118 item 3.1): where the ¾ the bid quiz turns on comes from
    # r120 (newcomer: why read only the last column, and why East's Q♥ counts nothing): the other columns are a
    # summary; the Q♥ is 0 by the bots' own count (a queen in five cards, 09a's step 1), held here
    from hearts_teach.course.spades_lesson import count_part
    assert "Read only the last column" not in text and "South holds three aces, two kings" not in text
    hearts17, dealt = same_deal(17)
    east = dealt.cards(3)
    from hearts_teach import Card, Suit
    assert sum(1 for c in east if c.suit is Suit.HEARTS) == 5 and Card("QH") in east
    # r120 (newcomer: "set for this example" in the header read as the Spades term *set*): glossed in the prose
    assert '(no pass; the header\'s "set" means chosen)' in text and "no pass (set for this example;" in hearts17.text()
    # r120 (newcomer: who leads each trick?): the trick lines' first card is the lead
    assert "First Hearts: one line per trick, the lead first, the winning card marked `*`" in text
    assert count_part(east, "High side cards").splitlines()[1].strip() == "Q♣ ½"
    # r103: the quarters looked arbitrary: one clause says why a count has parts
    assert "in quarters of a trick" not in text
    # newcomer round 21: said where the estimates are shown (the markdown cell just before worth_table's)
    cells = _cells("09_hearts_vs_spades")
    shown = next(i for i, c in enumerate(cells) if "worth_table(spades)" in _src(c) and c["cell_type"] == "code")
    assert "rule of thumb" in _src(cells[shown - 1]) and "Read the last column" in _src(cells[shown - 1])  # r120
    _, spades = same_deal(17)
    table = worth_table(spades)
    assert "Spades estimate: 5¼ tricks" in table and "Spades estimate: ¾ tricks" in table and ".25" not in table
    assert "## Bids and contracts" not in text
    assert "These words first:" in text and "the subject of [09a]" not in text  # r119 (word cap)
    # r33: the mercy rule stays (the glossary's Mercy rule entry cites this lesson), shortened to one clause
    # r74: docs/rules.md has no mercy rule: the lesson says it is not part of the rules the course teaches
    # r114: docs/rules.md SD5 now has it (an option, off by default, ending the match after a hand): said so
    assert "SpadesRules(" not in text and ("(A *mercy rule*, off by default, also ends a match after a hand that leaves "
                                           "one team a chosen margin or more behind.)") in text  # r119 (word cap)
    # r117 (newcomer r116 item 3.3): "a set number" read as the Spades term *set*: "chosen"
    assert "a set number of points" not in text
    assert "not part of the rules this course teaches" not in text
    # r114 (docs/rules.md S4): the trick's winner leads the next, in both games; with two spades, the higher wins
    assert "clockwise play (South, West, North, East) and the winner leading next are the same." in text
    # r117 (newcomer r116 item 3.2): the Trump row said nothing of a trick with no spade: S4's other half
    assert "spades: the highest spade wins; with no spade, the led suit's highest card" in text and "a spade beats any card of another suit" not in text
    assert "the highest card of the led suit wins" in (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")  # r117: S4
    assert "far behind" not in text
    play_spades(spades, seed=2)
    assert "after North 10♠, East's only legal card, J♠, beat it, and nobody after took the trick over." in what_happened(spades)
    assert "every card East could play" not in what_happened(spades)


def test_lesson_09_says_why_south_stayed_under_the_nil():
    """Fresh rater (r32): at trick 12 "nobody after took the trick over", yet South held the A♠. The story cell now
    prints South's legal cards there and its bot's own rule (the bot's trace, ``SpadesBot.reason``): opponents try
    to break a nil, and the prose says so. Fresh rater (r33): the pointer was one run-on sentence and the cell
    did index arithmetic (``4 * 11 + 2``); ``bot_turn`` finds South's turn in trick 12 and refuses a card its bot
    did not play."""
    from hearts_teach import Card
    from hearts_teach.course.spades_lesson import (
        before_play,
        bot_turn,
        play_instead,
        play_spades,
        same_deal,
        spades_bots,
    )

    _, spades = same_deal(17)
    play_spades(spades, seed=2)
    trick = spades.tricks[11]
    assert trick.number == 12 and [trick.card_of(s).pretty for s in (2, 3, 0, 1)] == ["10♠", "J♠", "8♠", "6♠"]
    assert trick.winner == 3 and spades.bids[3] == 0 and spades.tricks[12].card_of(0) == Card("AS")
    south = before_play(spades, 4 * 11 + 2)
    bot = spades_bots(2)[0]
    assert south.to_act() == 0 and {c.pretty for c in south.legal_plays().cards} == {"8♠", "A♠"}
    assert bot.choose(south) == Card("8S") and bot.reason(south) == "bust the opponents' nil: stay low under it"
    cells = _cells("09_hearts_vs_spades")
    story = next(c for c in cells if "print(what_happened(spades))" in _src(c))
    out = "".join("".join(o.get("text", "")) for o in story["outputs"])
    assert "Trick 12, South may play 8♠ or A♠; its bot played 8♠ (bust the opponents' nil: stay low under it)" in out
    text = " ".join(" ".join(_src(c) for c in cells if c["cell_type"] == "markdown").split())
    # r33: the prose was one run-on sentence and the cell did index arithmetic; bot_turn finds South's card
    # r84: the bot's trace says "bust"; the prose says that is its word for break
    # r116 (newcomer r115 item 3.4): the sentences name the printed headers ("What happened:", "South's bot at trick 12:")
    assert ("so its opponents, South and North, want it broken (*bust* it, in the bots' words). Below, **What happened:** "
            "is the engine's account. Under **South's bot at trick 12:**, the bot says why South stayed under East's J♠ "
            "although it held the A♠: staying low leaves the nil bidder winning the trick.") in text
    assert all(h in out for h in ("What happened:\n", "South's bot at trick 12:\n", "The scores:\n"))  # r116  # r102: the label "stay low under it" never said why ducking busts a nil
    assert 'print(bot_turn(spades, trick=12, seat="South", seed=2))' in _src(story) and "4 * 11" not in _src(story)
    assert bot_turn(spades, 12, "South", seed=2) == ("Trick 12, South may play 8♠ or A♠; its bot played 8♠ "
                                                     "(bust the opponents' nil: stay low under it)")
    ace = play_instead(south, seed=2, cards=["AS"])  # South plays the A♠ there: not its bot's card, so no reason
    assert ace.tricks[11].card_of(0) == Card("AS")
    with pytest.raises(ValueError):
        bot_turn(ace, 12, "South", seed=2)


def test_lesson_10_shows_the_hand_first_pass_picks_from():
    """Fresh rater (r32): "Q♥ A♣ A♦" could not be checked as the three highest, South's hand was not shown.
    The cell prints it; the comment's tie rule (the later suit in view.cards' order) is what sorted does."""
    from hearts_teach import Hand

    cells = _cells("10_write_a_bot")
    first = next(c for c in cells if c.get("id") == "first-bot")
    out = "".join("".join(o.get("text", "")) for o in first["outputs"])
    cards = Hand.deal(seed=25, hand_number=0).view(0).cards
    # r85: "South's cards in this deal" right after the example's view (after the pass) read as the same hand: labelled
    assert f"South's hand as dealt, before the pass: {cards.pretty}\n" in out
    assert "South's cards in this deal" not in out
    assert "first_pass for South of this deal:       Q♥ A♣ A♦" in out
    assert [c.suit.letter for c in cards] == sorted((c.suit.letter for c in cards), key="CDHS".index)
    assert sorted(c.pretty for c in cards if c.rank == 12) == ["Q♥", "Q♦"]  # the tie: the later suit, hearts, goes
    # r33: the tie rule named the suits in the reverse of the printouts' order; the comment gives view.cards' order
    # by its symbols and says which queen goes. r39_e: the printouts' order (♠ first) was cut as too much detail
    # r40_d: trimmed (the printed hands show ♠ first, so "view.cards' order" puzzled): the later suit goes
    # r41_d: "goes" was vague and the printouts start with ♠: the tie keeps the stored order, and the Q♥ is passed
    # l6 (a fresh newcomer): "stored order" confused; the comment says in plain words what sorted does with a tie
    # (keeps the order the cards came in) and the order view.cards gives them (checked above: clubs first)
    # r64: the five-line note came before a two-line function: it is a note under the prints now
    # r72c: the tie note distracted from the first bot: cut (the tie is still what sorted does, checked above)
    assert "# Note on the output:" not in _src(first) and "tie" not in _src(first)
    assert "stored order" not in _src(first)
    assert [c.pretty for c in sorted(cards, key=lambda c: c.rank)][-3:] == ["Q♥", "A♣", "A♦"]
    assert "Of equal ranks" not in _src(first)
    # r109 (newcomer r109): view(0), row % 4 and game.passed(0) need the seat numbers: said once, checked
    from hearts_teach import Hand as _Hand
    assert _Hand.deal(seed=25, hand_number=0).view(0).seat_names == ("South", "West", "North", "East")
    assert "# seats: 0 South, 1 West, 2 North, 3 East (clockwise; view(0) is South's view).\n" in _src(first)
    # r34_e: lambda said where first used
    assert ("# key= says what to compare cards by: here c.rank alone (a lambda is a one-line function without a name).\n"
            "# sorted lists them low to high; [-3:] keeps the last 3.") in _src(first)
    points = next(_src(c) for c in cells if c.get("id") == "step-moon")
    assert "# c.points: 1 for a heart, 13 for the Q♠, else 0" in points
    from hearts_teach import Card
    from hearts_teach.kernel.cards import DECK

    assert {c.points for c in DECK if c.suit.letter == "H"} == {1} and Card("QS").points == 13
    assert {c.points for c in DECK if c.suit.letter != "H" and c != Card("QS")} == {0}


def test_lesson_09_rewinds_to_the_trick_it_names():
    """'Rewind to trick 8, where West, out of clubs, played the K♠ on South's 8♣'."""
    from hearts_teach.course.spades_lesson import play_spades, same_deal

    _, spades = same_deal(17)
    play_spades(spades, seed=2)
    trick = next(t for t in spades.tricks if "KS" in map(str, t.cards))
    assert trick.number == 8 and str(trick.cards[0]) == "8C" and trick.seats[0] == 0
    assert str(trick.card_of(1)) == "KS" and trick.trumped
    text = " ".join(" ".join(_src(c) for c in _cells("09_hearts_vs_spades") if c["cell_type"] == "markdown").split())
    # r102: the checks moved next to the play's trick 8 sentence; both are named in one question
    assert ("no spade appears until trick 8: there West, out of clubs, trumps with the K♠, and from then on spades "
            "may be led. The engine checks both rules: may West play the K♠ there, and may South lead the A♠ at "
            "trick 1?") in text and "Rewind to trick 8" not in text
    from hearts_teach.course.spades_lesson import before_play

    start = before_play(spades, 0)
    assert start.to_act() == 0 and str(start.explain("AS")).startswith("A♠ is not allowed")
    rewind = next(_src(c) for c in _cells("09_hearts_vs_spades") if "moment.explain(" in _src(c))
    assert "start = before_play(spades, 0)" in rewind and 'print(start.explain("AS"))' in rewind


def test_lesson_09_round_22_wording():
    """Newcomer round 22: "short suit" defined where first used, as the bots count it (a side suit of two cards
    or fewer gives ruffs); the Hearts trick lines end with the points taken, if any, and the winner; the learner
    guesses South's and East's bids before they are printed; East's trick counts for West–East's contract while
    the nil is scored on its own (docs/rules.md S8: the default ``nil_tricks_count``)."""
    from hearts_teach.agents.spades import trick_count
    from hearts_teach.course.lessons import bots_play, table_bots, trick_table
    from hearts_teach.course.spades_lesson import play_spades, same_deal, worth_table
    from hearts_teach.games.spades import SpadesHand, score_hand
    from hearts_teach.games.spades.rules import SpadesRules
    from hearts_teach.kernel.cards import Suit

    cells = _cells("09_hearts_vs_spades")
    text = " ".join(" ".join(_src(c) for c in cells if c["cell_type"] == "markdown").split())
    for seed in range(200):  # only side suits of two cards or fewer give ruffs
        cards = SpadesHand.deal(seed=seed, dealer=0).cards(0)
        assert all(Suit(s) is not Suit.SPADES and len(cards.of_suit(Suit(s))) <= 2 for s, _ in trick_count(cards).ruffs)
    assert ("each line ends with the points taken, if any, and who won the trick.") in text
    hearts, spades = same_deal(17)
    bots_play(hearts, table_bots("rule"))
    rows = trick_table(hearts).splitlines()
    assert rows[0].endswith("South") and rows[6].endswith("1 pt → West")
    # fresh rater (round 28): the saved bids sit right below, so the learner guesses before reading them
    # a fresh rater (final round): the bids print right underneath; the prose says where, so a guess can come first
    # rater r74: the guess got no feedback and its answer printed right under it: it is a quiz, answered below
    # r84: the guess checked the bots' rounding, not a rule of Spades: it asks the contracts of the bots' bids
    guess = "Before the contracts print, work them out:"
    assert guess in text and "Guess before you read the bids" not in text and "Before the bids print" not in text
    quiz = _quizzes("09_hearts_vs_spades")["contract_quiz"]
    # r102: the bids were handed over, so the bidding rule was never applied: East's bid is asked too
    assert "South bids 5, West 2 and North 4. What does East bid, and what is each team's contract?" in quiz.question
    assert "East nil" not in quiz.question and "East 1; South–North 9, West–East 3" in quiz.choices
    assert [c for c in quiz.choices if quiz.is_right(c)] == ["East nil; South–North 9, West–East 2"] and "5¼" not in quiz.question
    # fresh rater (round 30): a newcomer did not know a ¾ cannot be bid; the bots' bid is nil or at least 1
    from hearts_teach.agents.spades import suggest_bid

    for seed in range(300):
        cards = SpadesHand.deal(seed=seed, dealer=0).cards(0)
        assert suggest_bid(cards) == 0 or suggest_bid(cards) >= 1
    # fresh rater (round 30): "the engine's rule bots" for both games, though Spades is played by the Spades bots;
    # the rule bots are named for Hearts only (table_bots("rule") there, play_spades' weighed bots here)
    # r102: "the rule bots" was never explained: the Hearts line names no kind of bot
    assert ("Let the engine's bots play the deal both ways. First Hearts: one line per trick"
            in text and "rule bots" not in text)
    hearts_cell = next(_src(c) for c in cells if "bots_play(hearts" in _src(c))
    assert 'table_bots("rule")' in hearts_cell
    table = worth_table(spades)
    assert "South  aces" in table and "Spades estimate: 5¼ tricks" in table.splitlines()[0]
    assert "Spades estimate: ¾ tricks" in table.splitlines()[3]
    asked = next(i for i, c in enumerate(cells) if c["cell_type"] == "markdown" and guess in _src(c))
    bids = next(i for i, c in enumerate(cells) if "spades.bids_text()" in _src(c))
    assert "contract_quiz = Quiz(" in _src(cells[asked + 1]) and cells[asked + 1]["metadata"]["jupyter"]["source_hidden"]
    assert bids == asked + 2 and _src(cells[bids]).splitlines()[2].startswith('print("Bids:"')
    # r84 (rater r82): the contracts print under the bids, and each team's tricks against them under the table
    shown = "".join(cells[bids]["outputs"][0]["text"])
    assert shown.startswith("Bids: South 5, West 2, North 4, East nil\nContracts: South–North 9, West–East 2 (East nil)\n")
    assert shown.endswith("Tricks: South–North 10 (contract 9), West–East 3 (contract 2); East (nil) took 1\n")
    assert "the one trick East" not in _src(cells[bids])  # r84: the comment gave the nil's fate away
    assert asked < bids and not any("Bids: South 5" in "".join(o.get("text", "")) for c in cells[:asked]
                                    for o in c.get("outputs", []))
    assert "Bids: South 5, West 2, North 4, East nil" in "".join("".join(o.get("text", ""))
                                                                for o in cells[bids].get("outputs", []))
    assert "East's one trick counts toward West–East's contract, and the nil is scored on its own." in text
    play_spades(spades, seed=2)
    assert spades.tricks_won[3] == 1 and spades.bids[1] == 2 and spades.tricks_won[1] == 2
    assert SpadesRules().nil_tricks_count
    counted = score_hand(list(spades.bids), list(spades.tricks_won))
    assert counted.team_points[1] == 20 + 1 - 100


def test_lesson_09_round_18_wording_and_end_question():
    """Newcomer round 18: the end-of-match question was answered word for word by the prose above it; it
    now needs the scoring (a tenth bag) and the 500 rule, its figures from ``score_hand``. The smaller
    differences are bullets, "Clean" is among the words, score_hand's seat order is said, and the rewind
    uses ``before_play`` on the card it names."""
    from hearts_teach.course.spades_lesson import before_play, play_spades, same_deal
    from hearts_teach.games.spades import score_hand
    from hearts_teach.games.spades.match import TARGET

    text = " ".join(" ".join(_src(c) for c in _cells("09_hearts_vs_spades") if c["cell_type"] == "markdown").split())
    for phrase in ("Smaller differences in Spades: - nothing is passed; - a trick is just a trick: no card carries "
                   # r33: "the deal moves" as a Spades difference implied a Hearts dealer; Hearts needs none
                   # r74b: the dealer bullet split in two (who deals, who leads), the forward reference cut
                   # r116 (newcomer r115 items 3.3, 4.4): the dealer bullet was a fragment: "there is a dealer"
                   "points; - there is a **dealer** (whoever dealt the cards), who moves one seat clockwise each hand; - the "
                   "player on the dealer's left leads the first trick (in "
                   "Hearts the 2♣ holder leads, so who dealt does not matter); - no first-trick rule like Hearts': the first "
                   # r119 (newcomer r118 item 3.3): may a heart be led at trick 1? (S5: no first-trick restriction)
                   # r120 (newcomer: "any suit but spades" read as a first-trick rule): the limit is the leading rule's (S5)
                   "lead may be any suit but spades (by the leading rule below), and a player who cannot follow may "
                   "play any card, a spade included;",
                   "- a match runs to 500 points, not 100.",  # r89: shorter; r120 (word cap): "the higher total wins" is said at 500
                   "These words first:",  # r74b: "Seven" over six bullets puzzled
                   # fresh rater (round 30): "the status line shows it" pointed at no status line nearby
                   "- **Clean**: a nil whose bidder has not yet taken a trick.",
                   # r89: the seat order is in the code's own comment
                   "four bids and four trick counts in seat order, and"):
        assert phrase in text, phrase
    assert "the status line shows it" not in text
    from hearts_teach import Card, Hand

    for seed in range(5):  # "in Hearts the 2♣ holder leads, so who dealt does not matter"
        hold = Hand.deal(seed=seed, pass_direction="hold")
        assert not hasattr(hold, "dealer") and Card("2C") in hold.cards(hold.turn)
    # fresh rater (round 28): "Six words" listed seven terms (made and set share a bullet); the count is the bold terms'
    words = next(_src(c) for c in _cells("09_hearts_vs_spades") if _src(c).startswith("## The words of Spades"))
    assert len(re.findall(r"\*\*([^*]+)\*\*", words)) == 7
    # and score_hand's raw result is labelled by team (it printed "(51, -80) (1, 0)" bare); rater r74: the
    # labelled tuples repeated the sentence's totals: only the sentence is printed, and bags' default is said
    five_six = score_hand([3, 4, 2, 4], [4, 3, 2, 4])
    assert five_six.team_points == (51, -80) and five_six.bags == (1, 0)
    shown = "".join("".join(o.get("text", "")) for c in _cells("09_hearts_vs_spades") if "five_six = " in _src(c)
                    for o in c.get("outputs", []))
    assert shown.startswith("South–North: bid 5, took 6: contract made, +50; 1 bag +1; bags 0 → 1 = +51\n"
                            "West–East: bid 8, took 7: set, -80; bags 0 → 0 = -80\n")
    assert "(`bags` defaults to (0, 0))" in text and score_hand([3, 4, 2, 4], [4, 3, 2, 4], bags=(0, 0)) == five_six
    last = score_hand([3, 3, 2, 3], [4, 3, 3, 3], bags=(8, 0))
    assert last.team_points == (-48, 60) and last.bags == (0, 0) and TARGET == 500
    assert 460 + last.team_points[0] == 412 and 440 + last.team_points[1] == 500
    quiz = _quizzes("09_hearts_vs_spades")["end_quiz"]
    assert "460 points and 8 bags, West–East 440" in quiz.question and "512" not in quiz.question
    assert quiz.reasons["West–East win"] == ("they score +60 and reach 500, while South–North's 2 bags make 10 "
                                             "and cost 100: they end on 412")
    assert "512" not in text and "530" not in text
    _, spades = same_deal(17)
    play_spades(spades, seed=2)
    moment = before_play(spades, 4 * 7 + 1)
    assert moment.to_act() == 1 and len(moment.tricks) == 7
    assert "Trick 8 of 13" in moment.text() and "Trick so far (led by South): South 8♣" in moment.text()
    rewind = next(src for src in _code("09_hearts_vs_spades") if "moment.explain(" in src)
    assert "before_play(spades, 4 * 7 + 1)" in rewind and "enumerate(" not in rewind


def test_lesson_09_defines_dealer_where_it_first_uses_it():
    """Newcomer rater: "dealer" was used in the smaller differences and defined only in the words of Spades."""
    text = " ".join(" ".join(_src(c) for c in _cells("09_hearts_vs_spades") if c["cell_type"] == "markdown").split())
    first = text.lower().find("dealer")
    assert text[first - 2:].startswith("**dealer** (whoever dealt the cards)")
    assert "(the player who dealt)" not in text  # the old, later definition


def test_lesson_09_spades_has_no_first_trick_rule():
    """Newcomer rater: say plainly that Spades has no first-trick rule like Hearts'. On dealt hands the first
    leader may lead any card but a spade (any card if they hold only spades), and a player out of the led suit on
    trick 1 may play any card, a spade included."""
    from hearts_teach.games.spades import SpadesHand

    trumped_at_once = 0
    for seed in range(120):
        hand = SpadesHand.deal(seed=seed, dealer=seed % 4)
        for _ in range(4):
            hand.bid(2)
        leader = hand.turn
        assert leader == (hand.dealer + 1) % 4
        held = list(hand.cards(leader))
        others = [c for c in held if c.suit.letter != "S"]
        assert set(map(str, hand.legal_plays())) == set(map(str, others or held))
        led = others[0] if others else held[0]
        hand.play(led)
        nxt = hand.cards(hand.turn)
        if not nxt.of_suit(led.suit):
            assert set(map(str, hand.legal_plays())) == set(map(str, nxt))
            trumped_at_once += any(c.suit.letter == "S" for c in nxt)
    assert trumped_at_once >= 2
    text = " ".join(" ".join(_src(c) for c in _cells("09_hearts_vs_spades") if c["cell_type"] == "markdown").split())
    assert "no first-trick rule like Hearts'" in text


def test_lesson_09_adds_up_hand_2_of_the_match():
    """Newcomer rater: where does hand 2's +60 come from? The cell under the match table prints the engine's
    sum for hand 2, and the prose's figures are those of the sum: North's contract set (-40), South's nil
    made (+100)."""
    from hearts_teach.course.spades_lesson import play_match
    from hearts_teach.games.spades import SpadesMatch

    match = play_match(SpadesMatch(seed=7), seed=7)
    hand = match.hands[1]
    assert hand.bids[0] == 0 and hand.tricks_won[0] == 0 and hand.bids[2] == 4 and hand.tricks_won[2] == 3
    summed = str(match.hand_scores()[1])
    assert "South–North: bid 4, took 3: set, -40; South nil made +100; bags 0 → 0 = +60" in summed
    cells = _cells("09_hearts_vs_spades")
    at = next(i for i, c in enumerate(cells) if "match.hand_scores()[1]" in _src(c))
    out = "".join("".join(o.get("text", "")) for o in cells[at].get("outputs", []))
    assert "   2  South   West   n 4 4 4         +60 → 20" in out and summed in out
    prose = " ".join(_src(cells[at - 1]).split())
    # fresh rater (round 30): the bids column is in seat order while "first" changes: said right before the table
    # r74b: blind nil was named, never said
    # r102: blind nil is never used in this lesson: the gloss went (09b teaches it)
    # r103: the table's legend prints "B = blind nil" with no word on it: said where it is taught; hand 6 like hand 2
    # r114: the table's "(bags N)" was never explained: the count after the hand (hand 2: "bags 1 → 3", "(bags 3)")
    assert ("the bids in seat order (n for nil; B, blind nil, is 09b's) and each team's hand score → running total "
            "(bags after the hand).") in prose
    assert "+82 → 173 (bags 3)" in out and "bags 1 → 3 = +82" in out
    # r119 (newcomer r118 item 3.4): hand 6's line is printed too, not left to be worked out from +111
    assert "Hand 6's +80 is alike" not in prose and 'print("\\nHand 6, added up:")\nprint(match.hand_scores()[5])' in _src(
        next(c for c in cells if "match.score_table()" in _src(c)))
    assert "South–North: bid 2, took 1: set, -20; South nil made +100; bags 0 → 0 = +80" in str(match.hand_scores()[5])
    # r88: "-40 → -40 (bags 0)" and the "→ … =" of a score line were never explained: said once each (the columns
    # here; the score line after the first scores, where "bags 0 → 1" and "=" first print)
    # r116 (newcomer r115 item 3.4): the note sits beside the first score lines, as a comment in their cell
    story = next(c for c in cells if "print(what_happened(spades))" in _src(c))
    # r119 (newcomer r118 item 3.5): a code comment was easy to miss: in the prose just before the cell, beside
    # "**The scores:**"
    assert 'print("\\nThe scores:")\nprint(spades.score())' in _src(story)
    assert ('**The scores:** follow the rules above (in a score line, "bags 0 → 1" is bags before → after; "=" gives '
            "the hand's total)") in " ".join(_src(c) for c in cells if c["cell_type"] == "markdown")
    assert ("+91 → 91 (bags 1)" in out and "bags 0 → 1 = +91" in "".join("".join(o.get("text", "")) for c in cells
                                                                         for o in c.get("outputs", [])))
    assert "bids in seat order (South West North East)" in out and "   2  South   West   n 4 4 4" in out
    assert hand.bids == (0, 4, 4, 4) and hand.dealer == 0  # seat order, though West bid first
    # fresh rater (r32): a contract is the team's; North's 4 is the team's whole contract, South having bid nil
    assert ("Under it, the engine adds up hands 2 and 6: each time South's nil was made (+100) and the team's "
            "contract, North's bid alone, was set:") in prose  # r103; r119: both printed
    assert "North's contract" not in prose


def test_lesson_09_the_table_shows_a_nil_and_the_next_dealer():
    """'bid Nil at the Spades table: the status line then says whether your nil is still clean';
    'Next hand ... watch the dealer move one seat clockwise'."""
    from hearts_teach.present.widgets.spades_table import SpadesTable

    table = SpadesTable(seed=9)
    assert "dealer East, South bids first" in table.status_line()
    table.bid(0)
    assert "nil: South clean" in table.status_line()
    table.finish_hand()
    assert table.hand.is_over and table.hand.score().teams[0].nil_points in (100, -100)
    table.next_hand()
    assert "dealer South, West bids first" in table.status_line()


def test_lesson_09_the_bidding_line_says_who_bids_and_when_play_starts():
    from hearts_teach.present.widgets.spades_table import SpadesTable

    table = SpadesTable(seed=9)  # hand 1: East deals, South bids first
    assert table.legal_line() == "Your bid (1 of 4): play starts once all four have bid."
    table.bid(3)
    table.finish_hand()
    table.next_hand()  # hand 2: South deals, so South bids last
    assert table.hand.to_bid == (0,) and "Bid first" not in table.text()
    assert table.legal_line() == "Your bid (the last of 4): play starts right after it."


def test_lesson_09_round_74_read():
    """Rater r74: the `first` column read as the dealers; East "hopeless at winning tricks" (it wins one in each
    game); the Hearts danger at trick 8 unsaid; leader=1 unexplained; no way to choose a number at the table,
    and nil suggested on any weak hand; nothing checked the spade-leading rule or a nil's tricks for the partner."""
    from hearts_teach.course.lessons import bots_play, table_bots
    from hearts_teach.course.spades_lesson import count_part, play_match, same_deal
    from hearts_teach.games.spades import SpadesMatch, score_hand
    from hearts_teach.games.spades.rules import SpadesRules
    from hearts_teach.present.widgets.spades_table import SpadesTable

    cells = _cells("09_hearts_vs_spades")
    text = " ".join(" ".join(_src(c) for c in cells if c["cell_type"] == "markdown").split())
    names = ["South", "West", "North", "East"]
    match = play_match(SpadesMatch(seed=7), seed=7)
    assert [names[h.dealer] for h in match.hands[:4]] == ["East", "South", "West", "North"]
    assert [names[h.first_seat] for h in match.hands[:4]] == ["South", "West", "North", "East"]
    assert ("The `dealer` column above reads East, South, West, North, and round again; the `first` column, one seat "
            "on, reads South, West, North, East.") in text
    # r104: "safe in Hearts, where low cards stay under others' winners" overstated a hand holding Q♥ and four more
    # hearts: what holds is that no East card is sure to win (each suit's ace or king is elsewhere)
    # r116 (newcomer r115 item 4.2): East's ¾ in parts, so "under 1 trick" (the nil rule) can be checked
    assert "".join(count_part(same_deal(17)[1].cards(3), p) for p in ("High side cards", "Protected spades", "Ruffs")) == (
        "High side cards: ½\n  Q♣ ½Protected spades: ¼\n  J♠ ¼: higher spades not held: A♠ K♠ Q♠; smaller spades "
        "kept: 4♠ (two fewer)\n  4♠: 0 (too few smaller spades)Ruffs: 0")
    # r117 (newcomer r116 item 3.1): the parts raised "why does the Q♥ count nothing?": cut, the count is 09a's
    # (cell 7 says so); the printed ¾ (held above) is enough for the nil rule's "under 1 trick"
    assert "hopeless" not in text and ("East, with no ace or king, is the opposite: weak in Spades, but with no sure winner "
                                       "to fear in Hearts.") in text and "where low cards stay under" not in text
    hearts, _ = same_deal(17)
    assert all(any(c.suit == e.suit and c.rank > e.rank for s in (0, 1, 2) for c in hearts.dealt(s))
               for e in hearts.dealt(3))  # r104: no East card is sure to win (a higher one of its suit is elsewhere)
    south_diamonds = [c for c in hearts.dealt(0) if c.suit.letter == "D"]
    bots_play(hearts, table_bots("rule"))
    eight = hearts.tricks[7]
    played = {str(c) for t in hearts.tricks[:7] for c in t.cards}
    assert sorted(str(c) for c in south_diamonds if str(c) not in played) == ["AD", "KD"]
    assert (str(eight.cards[0]), eight.seats[0], str(eight.card_of(2)), eight.winner) == ("2D", 1, "QS", 0)
    assert ("Trick 8 shows the danger: South, left with only the A♦ and K♦ in diamonds, had to win West's 2♦, and "
            "North dropped the Q♠ on it.") in text
    # r102: the invented A♥/2♠ trick repeated the trump quiz: it went (so did its leader=1 note)
    assert not any("winners(" in _src(c) for c in cells)
    table = SpadesTable(seed=9)
    assert {"nil", "suggest"} <= set(table.bid_widget.buttons) and all(str(v) in table.bid_widget.buttons for v in range(1, 14))
    assert ("Bid by clicking a number (**Nil** is 0); **Suggest** shows the bots' estimate and advice." in text
            # r74b: "a hand like East's" advised the very nil that broke (its J♠ forced under North's 10♠)
            # r119 (word cap): East's broken nil is told above (trick 12); here only the pointer to 09b
            and "**Nil** is a gamble: 09b says when to try one." in text and "a hand like East's" not in text)
    quizzes = _quizzes("09_hearts_vs_spades")
    lead = quizzes["lead_quiz"]
    assert [c for c in lead.choices if lead.is_right(c)] == ["No: spades are not broken and South holds a diamond"]
    nil = quizzes["nil_quiz"]
    assert [c for c in nil.choices if nil.is_right(c)] == ["-59"] and score_hand([4, 3, 0, 5], [3, 3, 2, 5]).team_points[0] == -59
    # the -140 distractor is the score when a nil's tricks do not count for the partner (not our rule)
    assert score_hand([4, 3, 0, 5], [3, 3, 2, 5], rules=SpadesRules.preset("nil_tricks_lost")).team_points[0] == -140


def test_lesson_09_side_by_side_columns_line_up():
    from hearts_teach.course.lessons import bots_play, table_bots
    from hearts_teach.course.spades_lesson import play_spades, same_deal, side_by_side

    hearts, spades = same_deal(17)
    bots_play(hearts, table_bots("rule"))
    play_spades(spades, seed=2)
    head, *rows = side_by_side(hearts, spades).splitlines()[:5]
    assert len({len(row) for row in rows}) == 1, "every seat's row is as long as the others"
    assert {row.index(" / ") for row in rows} == {head.index(" / ")}, "the bids sit under 'bid'"
    points_end = head.index("Hearts: points") + len("Hearts: points")
    assert all(row[points_end - 1].isdigit() and row[points_end] == " " for row in rows)
    assert all(row[7:].startswith(hearts.dealt(s).pretty + "  ") for s, row in enumerate(rows))


def test_lesson_11_quiz_answers_are_what_the_engine_says():
    import contextlib
    import io

    from hearts_teach import Card, CardList, Hand, Rules, Suit
    from hearts_teach.games.hearts.scoring import final_scores
    from hearts_teach.kernel.cards import HEARTS_MASK, QS_MASK

    five = Rules(players=5)
    assert five.opening_mask == 1 << Card("3C").index  # 2♣ is out, so 3♣ opens
    six = Rules(players=6)
    taken = [0] * six.players
    taken[3] = HEARTS_MASK | QS_MASK  # North, seat 3 at six players, takes every point card
    scores, shooter = final_scores(taken, six.moon, six.omnibus)
    assert shooter == 3 and [s for seat, s in enumerate(scores) if seat != 3] == [26] * 5
    # lesson 11's quizzes: hand 6 at three players is a hold; a moon at five adds 4 × 26
    assert Rules(players=3).pass_direction(5) == "hold"
    taken = [HEARTS_MASK | QS_MASK, 0, 0, 0, 0]
    assert sum(final_scores(taken, five.moon, five.omnibus)[0]) == 104
    # closing round 42's review question: at six a hand lasts 8 tricks (48 cards, 8 each) and still holds 26 points,
    # the 4 cards taken out holding none; rule bots play one out: 8 tricks of 6 cards, 26 points taken in all
    from hearts_teach.course.lessons import bots_play, table_bots

    assert (six.hand_size, CardList.from_mask(six.deck_mask).points, len(CardList.from_mask(six.deck_mask))) == (8, 26, 48)
    assert CardList.from_mask(six.removed_mask).points == 0 and Rules().hand_size == 13
    played = Hand.deal(7, rules=six)
    bots_play(played, table_bots("rule", players=6))
    assert played.is_over and len(played.tricks) == 8 and all(len(t.cards) == 6 for t in played.tricks)
    assert sum(played.scores) == 26 or sorted(played.scores) == [0] + [26] * 5
    assert "review" in ANSWERS["11_three_to_six_players"] and ANSWERS["11_three_to_six_players"]["review"] == (
        f"{six.hand_size} tricks, {CardList.from_mask(six.deck_mask).points} points")
    # round 28's exercise: hand 3 at five (a hold), seed 3: East holds the 3♣ and leads; the 2♣ is dealt to nobody
    table5 = Hand.deal(3, hand_number=2, rules=five)
    assert table5.pass_direction == "hold" and table5.seat_names[table5.turn] == "East"
    assert Card("3C") in table5.cards(table5.turn) and not any(Card("2C") in table5.cards(s) for s in range(5))
    cells = _cells("11_three_to_six_players")
    ids = [c.get("id") for c in cells]
    assert ids.index("l11-your-turn") + 1 == ids.index("l11-opener")
    shown = "".join("".join(o.get("text", "")) for o in cells[ids.index("l11-opener")]["outputs"])
    assert "      East: ♠ J  ♥ A 6 4  ♦ 8  ♣ A K Q 5 3" in shown and "lead" not in shown.lower()
    # newcomer round 29: "Your turn" was a quiz; it is titled as a question now, and the lesson ends with an
    # exercise on the same deal: West's legal cards on trick 1 (East 3♣, South 6♣), typed and checked by the engine
    assert _src(cells[ids.index("l11-your-turn")]).startswith("### One more question: who opens at five?")
    assert ids.index("l11-opener") + 1 == ids.index("l11-exercise") == len(cells) - 5
    assert ids.index("l11-west") == len(cells) - 4 and _src(cells[ids.index("l11-exercise")]).startswith("## Your turn")
    # closing round 42: the lesson ends with a review question after the exercise, on what a table of six changes
    assert ids[-3:-1] == ["l11-review-head", "l11-review"] and _src(cells[-3]).startswith("## Review")
    exercise = _src(cells[ids.index("l11-west")])
    assert 'my_cards = ""' in exercise
    # rater r43_a: the example did not show how to write a 10; it does, with cards West does not hold (no answer given)
    assert '(in the form `my_cards = "AS 10C"`; S H D C stand for ♠ ♥ ♦ ♣)' in _src(cells[ids.index("l11-exercise")])
    # rater r54_11: the cell shows the engine's code too: the learner edits only the my_cards line
    assert "Edit only the `my_cards` line in the cell below" in _src(cells[ids.index("l11-exercise")])
    assert '# the cards West may play, in the form "AS 10C"' in exercise
    assert not set(CardList("AS 10C")) & set(table5.cards(table5.seat_names.index("West")))
    west = table5.seat_names.index("West")
    assert table5.turn == 4 and table5.cards(4).of_suit(Suit.CLUBS)[0] == Card("3C")
    assert min(table5.cards(0).of_suit(Suit.CLUBS), key=lambda c: c.rank) == Card("6C")  # South's lowest club
    table5.play("3C")
    table5.play("6C")
    assert table5.turn == west and not table5.cards(west).of_suit(Suit.CLUBS)
    legal = table5.legal_plays(west)
    assert {c.pretty for c in legal} == {"9♠", "7♠", "2♠", "10♦", "5♦", "4♦", "3♦"}  # no heart on the first trick
    shown = "".join("".join(o.get("text", "")) for o in cells[ids.index("l11-west")]["outputs"])
    # a fresh rater (final round): the exercise began "East opens with the 3♣" right under the question on who
    # opens; its prose, code and first print name neither now, and the trick so far is printed with a right answer
    # fresh rater r38_g: the two clubs played were not shown; they are, with their seats, as soon as an answer is
    # run (not in the stored output: seat and card just under the who-opens question would answer it)
    # rater r41_b: it names the seat that followed (South), computed by the engine, as the prose does
    # r45_f: "the opening club and South's club" told who opened (the seat before South, clockwise): "the first two"
    # l6 (a fresh newcomer): "the first two clubs" could read as the 2♣ and 3♣ (the 2♣ is out at five): the prose
    # says who has played, as the opener (the question above) and the next seat clockwise, naming neither
    # r119 (newcomer r118: "the player you found above led one, and the next ... followed; West plays next" named the
    # opener, the question just above, by counting back): neither prose nor first print says how many clubs are down
    assert shown.startswith("Trick 1: clubs led, West to play · West holds ♠ 9 7 2  "
                            "♥ K 10 3  ♦ 10 5 4 3  ♣ —")
    told = _src(cells[ids.index("l11-exercise")]) + exercise + shown
    assert "East" not in told and "3♣" not in told and '"3C"' not in told
    # fresh rater r35_e: the prose did not say South plays before West; it says so without naming the leader
    # rater r41_b: the parentheses were awkward; it just says the opening club and South's club are down
    said = " ".join(_src(cells[ids.index("l11-exercise")]).split())
    assert ("trick 1: a club was led; West, to play, holds none.") in said and "first two clubs" not in said  # r119
    assert "two clubs" not in (said + shown).lower() and "next player clockwise" not in said  # r119
    # r82: the lesson was at its 1,500-word cap: the same fact in fewer words (it paid for cell 23's concrete tip)
    # the opener (East, seat 4), the next seat clockwise, then West: the two clubs down are the opener's and South's
    assert [table5.seat_names[(4 + k) % 5] for k in range(3)] == ["East", "South", "West"]
    assert "South" not in said + shown and "opening club" not in said + shown
    assert "which ones" not in said and "right after South" not in said
    assert table5.seat_names[:2] == ("South", "West")  # printed in seat order, clockwise from South
    assert "No answer yet" in shown and "✔" not in shown and "3♦" not in shown  # nothing pre-answered
    opening = CardList.from_mask(five.opening_mask)[0]
    assert opening == Card("3C")
    for answer, expect in (("9S 7S 2S TD 5D 4D 3D", "✔ Right: West may play 7 cards"),
                           ("9S KH", "✘ Not this one: K♥ is not allowed: no points on the first trick"),
                           ("9S", "✘ Missing: 3♦, 4♦, 5♦, 10♦, 2♠, 7♠")):
        scope = {"Hand": Hand, "five": five, "CardList": CardList, "opening": opening}
        printed = io.StringIO()
        with contextlib.redirect_stdout(printed):
            exec(exercise.replace('my_cards = ""', f'my_cards = "{answer}"'), scope)  # noqa: S102 - our own lesson
        assert expect in printed.getvalue(), printed.getvalue()
        assert ("✔" in printed.getvalue()) is expect.startswith("✔")
        assert printed.getvalue().splitlines()[1] == "Trick 1 so far: East 3♣, South 6♣"  # before the verdict


def test_lesson_11_the_worked_hand_draws_its_two_lessons_from_its_tricks():
    """Fresh rater r33_e: the worked hand for three only checked that the scores add to 26. Its prose now draws
    two lessons, each from the tricks the rule bots played (the sheet the lesson prints): East's Q♠, with two low
    spades beside her, was flushed out by spade leads; West's long suits, once South and East were out of them,
    won every trick from 11 on and drew their hearts. And the five-seat names are given where first used."""
    from hearts_teach import Hand, Rules, Suit
    from hearts_teach.course.lessons import bots_play, table_bots

    cells = _cells("11_three_to_six_players")
    text = " ".join(" ".join(_src(c) for c in cells if c["cell_type"] == "markdown").split())
    # r49_11: "her" read as East: "beside the queen"; the second paragraph's one long sentence split
    # r75b (report r75/11, false 3): two low spades make a longer queen by the figures' count: said so
    # r81 (report r81/11, confusing 5): "by the count above" read as a count of three seats (it had four to six)
    assert "by the count above" not in text
    # r103: "beside the queen" cut for words; no "her" is left to read as East
    # r108 (report r108/11, word cap): "as defined above" cut; the short/longer count is the figures' own
    assert ("East held the Q♠ with two low spades (a longer queen), and spades were "
            "led in tricks 7 and 8. When West "
            "led 8♠ in trick 9, East had no spade left but the Q♠, so East had to play the queen and took 13 points. Each "
            "spade lead cost East one low [guard](glossary.ipynb#cell-id=term-guard): lesson 04 calls "
            "such leads a [flush](glossary.ipynb#cell-id=term-flush).") in text and ("From trick 11 on West won every trick, each with "
            "hearts in it. From trick 12, South and East held no diamonds and no spades. Every spade or "
            "diamond West led won and drew their hearts. In tricks 16 and 17 West led its last two cards, 7♥ and A♥, "
            "and took South's last two hearts.") in text  # fresh rater r34_c: the text stopped at trick 15
    # rater r54_11: East kept her with two low spades and lost 13, while the figures say keeping her with two or more
    # other spades costs little: the text says those figures are from four to six seats, and spades go round about
    # four times at three (13 spades, 3 to a trick)
    # r64 (rater r63_11): "keeping her ... cost little" was unsupported (no long queen was kept in a passing game):
    # the clause is gone; the sentence keeps the range of seats and the three-seat caveat
    # r75b (word cap): "The figures above are from four to six seats" cut; the "longer queen" clause ties them in
    # r108 (report r108/11, confusing 4 and ask 5): "goes round" was unclear: "can be led", as in the table notes
    # r117 (report r116/11, stuck 5): "calls this a flush" read as East's loss of guards: the leads are the flush
    assert ("lesson 04 calls such leads a [flush](glossary.ipynb#cell-id=term-flush). At three, spades can be led about four "
            "times, so two low ones may not guard her.") in text and "go round" not in text
    assert "cost little" not in text and "costs little" not in text
    rules3 = Rules(players=3)
    assert round((rules3.deck_mask & Suit.SPADES.mask).bit_count() / rules3.players) == 4
    # rater r41_b: 26 a hand holds at any table only without a moon (lesson 11's five-seat quiz has a moon: 104)
    assert "The three scores add up to 26, as at any table without a moon." in text and "as they would at any" not in text
    # fresh rater r35_e: one long paragraph; the Q♠ story and West's long suits are two paragraphs now
    worked = next(_src(c) for c in cells if "East held the Q♠ with two low spades" in _src(c))
    assert "so two low ones may not guard her.\n\nFrom trick 11 on" in worked
    assert "cover her" not in text and "flush out a queen" not in text  # r51_11: undefined words, "cover" misused
    hand = Hand.deal(3, hand_number=2, rules=Rules(players=3))  # the worked example's hand, as the lesson plays it
    bots_play(hand, table_bots("rule", players=3))
    south, west, east = 0, 1, 2
    assert sorted(c.rank for c in hand.dealt(east).of_suit(Suit.SPADES)) == [3, 4, 12]  # Q♠ 4♠ 3♠
    for number in (7, 8, 9):  # r51_11: "spades led below her": each lead a spade lower than the queen
        trick = hand.tricks[number - 1]
        assert trick.cards[0].suit is Suit.SPADES and trick.card_of(east).suit is Suit.SPADES
        assert trick.cards[0].rank < 12
    nine = hand.tricks[8]
    assert nine.leader == west and nine.card_of(west).pretty == "8♠" and nine.card_of(east).pretty == "Q♠"
    assert nine.winner == east and nine.points == 13
    assert all(t.winner == west and any(c.suit is Suit.HEARTS for c in t.cards) for t in hand.tricks[10:])
    assert hand.tricks[9].winner != west  # trick 10 was not West's: "from trick 11 on"
    def left(seat: int, done: int, suit: Suit) -> int:  # the cards of a suit a seat still held after `done` tricks
        return sum(1 for t in hand.tricks[done:] if t.card_of(seat).suit is suit)
    for seat in (south, east):
        assert left(seat, 10, Suit.DIAMONDS) == 0 and left(seat, 11, Suit.SPADES) == 0
    # r50_11: the sentence says when each ran out of spades: East's last in trick 9, South's in trick 11
    assert [max(t.number for t in hand.tricks if t.card_of(s).suit is Suit.SPADES) for s in (east, south)] == [9, 11]
    assert "after trick 11, no spades" not in text
    led = [t for t in hand.tricks[11:] if t.leader == west and t.cards[0].suit in (Suit.SPADES, Suit.DIAMONDS)]
    assert len(led) == 4 and all(sum(c.suit is Suit.HEARTS for c in t.cards) == 2 for t in led)
    for number, card in ((16, "7♥"), (17, "A♥")):  # West's last two cards, led; South's last two hearts under them
        trick = hand.tricks[number - 1]
        assert trick.leader == west and trick.cards[0].pretty == card and trick.card_of(south).suit is Suit.HEARTS
    assert len(hand.tricks) == 17 and [t.card_of(south).pretty for t in hand.tricks[15:]] == ["3♥", "2♥"]
    assert sum(1 for t in hand.tricks for c in [t.card_of(south)] if c.suit is Suit.HEARTS) == 6  # all of them, so the last
    assert sorted(hand.scores) == [0, 13, 13] and hand.scores[south] == 0 and hand.scores[west] == 13
    # the sheet the lesson prints is this hand
    sheet = "".join("".join(o.get("text", "")) for c in cells for o in c.get("outputs", []))
    assert hand.replay_sheet() in sheet
    # the five seats, named in the prose before the five hands print them
    five = Hand.deal(3, hand_number=2, rules=Rules(players=5))
    assert five.seat_names == ("South", "West", "North-West", "North-East", "East")
    said = "At five the seats are, clockwise, South, West, North-West, North-East and East."  # r67: no "Here are..."
    ids = [c.get("id") for c in cells]
    assert said in " ".join(_src(cells[ids.index("l11-your-turn")]).split())
    # the worked hand's header says "no pass"; the bare pass direction line above it is gone
    worked = cells[ids.index("ac7c1242")]
    assert "print(hand.pass_direction)" not in _src(worked)
    # r81 (report r81/11, confusing 4): the engine's "and you hold it" spoke to East while the learner sits South
    shown = "".join("".join(o.get("text", "")) for o in cells[ids.index("31d9cb56")]["outputs"])
    assert shown.startswith('East is to lead (the "you" below):\n') and "and you hold it: lead 2♣" in shown
    assert "".join(worked["outputs"][0]["text"]).startswith("Hand 3 · no pass (a hold hand)")
    # "on a second deal" (the demonstration), not "on a table of its own"
    assert "One more hand at three, on a second deal" in text and "table of its own" not in text


def test_lesson_11_round_9_six_seats_the_four_player_parts_and_the_marks():
    """Newcomer round 9: an example at six (seat names, every pass direction, across three seats away);
    "everything else still holds" made exact (run_tournament seats four; Spades is for four); the sheet's
    `>` (the leader) told from the `*` (the winner) of other lessons' trick lines; the autopilot said."""
    from hearts_teach import Hand, Rules
    from hearts_teach.agents.tournament import run_tournament
    from hearts_teach.games.spades import SpadesHand
    from hearts_teach.kernel.errors import ArgumentError
    from hearts_teach.present.widgets import TableWidget

    cells = _cells("11_three_to_six_players")
    text = " ".join(" ".join(_src(c) for c in cells if c["cell_type"] == "markdown").split())
    out = "".join("".join(o.get("text", "")) for c in cells for o in c.get("outputs", []))
    six = Rules(players=6)
    names = Hand.deal(7, rules=six).seat_names
    assert names == ("South", "South-West", "North-West", "North", "North-East", "South-East")
    across = Hand.deal(7, hand_number=2, rules=six)
    assert across.pass_direction == "across"
    assert all(across.view(s).pass_to == (s + 3) % 6 for s in range(6))  # three seats away
    assert "hand 3 (across): South → North, South-West → North-East, North-West → South-East" in out
    assert "hand 4 (hold): nobody passes" in out
    # round 54 (word cap): the printed cycle lists every across pair; the prose names one
    # r102 (report r102/11, confusing 7): cell 3 now draws the six seats round the table, North across from South,
    # and the cycle above lists every across pair: the bracketed pair is cut for words
    assert "Across at six is three seats away." in text and "(South and North swap cards)" not in text
    # r49_11: the printed deal backs "players soon run out of suits" at six: North void in clubs and holding the
    # Q♠, South-East a lone A♠ (before the pass); the first trick takes no penalty card from a player with others
    from hearts_teach import Suit
    dealt = Hand.deal(7, rules=six)
    north, south_east = names.index("North"), names.index("South-East")
    assert not dealt.cards(north).of_suit(Suit.CLUBS) and "Q♠" in {c.pretty for c in dealt.cards(north)}
    assert [c.pretty for c in dealt.cards(south_east).of_suit(Suit.SPADES)] == ["A♠"]
    assert "     North: ♠ Q 7 6  ♥ Q 7 2  ♦ 10 4  ♣ —" in out and "South-East: ♠ A  ♥" in out
    # round 51: "North, who holds the Q♠" was said of after the pass, but North may pass her (the rule bots do):
    # the sentence says she is North's before the pass, and what follows only if North keeps her
    # r64 (rater r63_11): which club could come: passing left, only North-West passes to North, and its one club is the 10♣
    # r84 (report r83/11, confusing): two brackets nested in one conditional: three short sentences now
    # r84b (report r84/11, confusing): "which allows no points" read as said of the throw: trick 1 is named; the
    # opening sentence is shorter to pay for it
    # r103 (report r103/11, confusing 6 and ask 3): South-East's lone A♠ was never used again: cut
    assert "South-East has one spade" not in text
    assert ("Suits are short at six. Before the pass, North has the Q♠ and no club (♣ —). In hand 1 (passing left) only North-West's 10♣ "
            "could reach North. If North keeps the queen and gets no club, North can throw her or a heart on any club "
            "lead after trick 1 (no points may fall on trick 1).") in text and "in the pass (in hand 1" not in text
    assert "which allows no points" not in text
    # r82 (report r82/11, confusing): "(no points on it)" read as said of the club lead, not of trick 1
    assert "after trick 1 (no points on it)" not in text
    north_west = names.index("North-West")
    assert dealt.pass_direction == "left" and dealt.view(north_west).pass_to == names.index("North")
    assert [c.pretty for c in dealt.cards(north_west).of_suit(Suit.CLUBS)] == ["10♣"]
    # rater r52_11 (nit): the first-trick rule named where the sentence relies on it
    assert "who holds the Q♠" not in text
    from hearts_teach.course.lessons import bots_play, table_bots
    passed = bots_play(Hand.deal(7, rules=six), table_bots("rule", players=6))
    assert "Q♠" in {c.pretty for c in passed.passed(north)}  # the rule bots' North passes her on
    kept = Hand.deal(7, hand_number=3, rules=six)  # the same deal as a hold hand: North keeps her, no club comes
    assert kept.pass_direction == "hold" and kept.cards(north) == dealt.cards(north)
    bots, club_leads = table_bots("rule", players=6), 0
    while not kept.is_over:
        trick = kept.current_trick
        if kept.turn == north and kept.tricks and trick.cards and trick.cards[0].suit is Suit.CLUBS:
            legal = {c.pretty for c in kept.legal_plays(north)}
            club_leads += 1
            assert {c.pretty for c in kept.cards(north) if c.suit is Suit.HEARTS or c.pretty == "Q♠"} <= legal
            assert "Q♠" in legal
        kept.play(bots[kept.turn].choose_play(kept.view(kept.turn)))
    assert club_leads >= 1  # a club is led after the first trick (trick 3), and North may throw her
    left = Hand.deal(7, rules=six)
    assert all(left.view(s).pass_to == (s + 1) % 6 for s in range(6))  # "left is the next seat clockwise"
    # round 52 (rater r51_11): `run_tournament` was code jargon in the prose; "lesson 10's bot tournaments" (its code
    # seats four bots: checked below) and 08a's table of who plays after you, in plain words
    assert "Everything else you learned" not in text and "`run_tournament`" not in text
    # round 56 (word cap): one shorter sentence names the four-player parts
    assert ("Lesson 08a's table of who plays after you, lesson 10's bot tournaments and Spades (lessons 09 to 09b) are "
            "for four players only.") in text
    with pytest.raises(ArgumentError):
        run_tournament(["rule"] * 4, hands=1, rules=Rules(players=5), progress=False)
    assert len(SpadesHand.deal(seed=1, dealer=3).seat_names) == 4
    # a fresh newcomer rater: the aside on lessons 08a and 09's `*` added load; "`>` marks the card that was led" is
    # enough (the sheet marks the leader: test_hand's test_replay_sheet_marks_the_leader)
    assert "`>` marks the card that was led" in text and "mark the *winner* with `*`" not in text
    from hearts_teach.course.lessons import bots_play, table_bots
    table = TableWidget(seed=22, opponents="rule", rules=Rules(players=3), trick_pause=0)
    assert table.autopilot.name == "rule"  # the demonstration's South is played by a rule bot: why_played reads it
    # newcomer rater (issue 27): the demonstration prints its tricks, not only the final score; round 28: as the same
    # sheet as the worked example (one trick format), with its source folded, and without the widget's review of
    # an autopilot hand (off topic), nor the paragraph that explained it
    demo = next(c for c in cells if c.get("id") == "c211d55f")
    # a fresh newcomer rater: the demonstration's sheet sat right under the learner's own table; it now comes first,
    # under a heading of its own, and the learner's table follows under "## Play at a table of three"
    order = [c.get("id") for c in cells]
    play = next(i for i, c in enumerate(cells) if _src(c).startswith("## Play at a table of three"))
    assert order.index("l11-demo-head") < order.index("c211d55f") < order.index("l11-autopilot") < play
    assert order[play + 1] == "cb0b3c42" and "Below your table" not in text
    printed = "".join("".join(o.get("text", "")) for o in demo["outputs"])
    assert "print(demo.hand.replay_sheet())" in _src(demo) and demo["metadata"]["jupyter"]["source_hidden"]
    assert len(re.findall(r"^ *\d+ .* (South|West|East) +\d+$", printed, flags=re.M)) == 17
    assert "  #   South    West    East   winner  pts" in printed
    assert not re.search(r"^trick \d+:", printed, flags=re.M)
    assert "Review of hand" not in printed and "autopilot" not in text and "no decision of yours" not in printed
    assert "One more hand at three, on a second deal. South here is a rule bot too." in text
    # rater r43_a: two full sheets are a lot to read; the lead-in says which lines the Q♠ story uses
    # rater r52_11: "below" said where: the story is under the sheet
    assert "The story below the sheet needs only the pass and tricks 3 and 6:" in text
    assert "  East   A♦ A♥ Q♠ → South" in printed
    assert re.search(r"^  3 +>A♦ .* South +0$", printed, flags=re.M)  # r84: the `>` touches the card led
    assert re.search(r"^  6      Q♠ .* East +13$", printed, flags=re.M)
    assert "its cards are printed" not in text
    # "Neither hearts nor the Q♠ is ever taken out" (fresh rater r35_e: "are" was a slip); at six the 3♣ and 4♣ go
    assert "Neither hearts nor the Q♠ is ever taken out: a hand is still worth 26 points" in text
    # fresh rater r33_e: the reason first (taking out the 3♣ and 4♣ looked arbitrary)
    # fresh rater r34_c: "instead" of what? Of the 2♣: the 3♣ and 4♣ go (with the 2♦ and 3♦), the 2♣ stays
    # fresh rater r36_c: why the 2♣ goes at five (one clause)
    # r45_f: "published rule sets differ" hung on six only; one sentence now covers both removals
    # l6 (a fresh newcomer): that bullet was one long sentence; short ones now, every fact kept
    # r49_11: "not the game's" puzzled; the rule books named (docs/players.md: the Bicycle-style reprint and two pages)
    # r50_11: "Bicycle-style" was jargon (dropped: docs/players.md names the sources) and why the 2♣ goes at five
    # but stays at six was asked: the books' choice (docs/players.md: "these are our choices" follow the sources)
    # r51_11: "listed below" pointed at nothing but the docs/players.md link under the list; "in its place" is
    # "in place of the 2♣"
    # rater r52_11: "in place of" had to be read twice: the four cards named, then the 2♣ that stays
    # r64 (rater r63_11): why the 2♣ stays at six: a convention (docs/players.md: our choices follow the sources)
    # r66 (rater r65_11): "say why the 2♣ stays": the one source that covers six keeps it (docs/players.md)
    # r75 (report r75pre/11, confusing 4): "the one rule book for six keeps it" was cryptic
    # r75c (report r75c/11, confusing 3): the two notes on sources (who covers six, who has no hold hand) read as
    # maintainers' notes; the cell's last sentence names the sources' page for every table-size rule
    # r84 (report r83/11, confusing): "Rule books differ" mid-bullet cast doubt on the rule being taught: it moved to
    # the closing paragraph on sources
    assert ("still in the deck. At five the 2♣ and 2♦ go, "
            "so the 3♣ opens. At six, four cards go: 3♣, 4♣, 2♦, 3♦. The 2♣ stays, so it still opens.") in text
    assert "our three sources" not in text and "our choice: one rule book" not in text
    assert "Three of them" in (ROOT / "docs" / "players.md").read_text(encoding="utf-8")
    assert "only the last covers six" in (ROOT / "docs" / "players.md").read_text(encoding="utf-8")
    assert "in place of the 2♣" not in text
    assert "4♣ instead" not in text and "Bicycle" not in text and "listed below" not in text
    # r75 (report r75pre/11): the shared rules page is for four; the hold hand at three and five is our choice
    # (docs/players.md: "One source rotates only left and right at tables other than four")
    # the learner's copy has no shared rules file: the course's own rules page (docs/rules.md) is named instead
    assert ("The standard game of the course's rules page ([docs/rules.md](../docs/rules.md)) is for four players: these "
            "table-size rules are this course's reading. Rule books differ on which low cards go: "
            "[docs/players.md](../docs/players.md) (optional) lists them.") in text  # r84: the aside from the first-lead bullet
    # r111 (report r111/11, stuck 4): whether to open the link was unsaid: marked optional; "them" is the rule books
    assert "lists the sources." not in text
    assert "The standard game is the four-player game above" in (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    # r75b (report r75/11, confusing 5): "never holds" read as holding cards
    assert "then right, then keep their cards." in text
    assert "One source rotates only left and right" in (ROOT / "docs" / "players.md").read_text(encoding="utf-8")
    from hearts_teach.kernel.cards import CardList, join_pretty

    assert join_pretty(Rules(players=6).removed_mask) == "3♣, 4♣, 2♦, 3♦"
    assert join_pretty(Rules(players=5).removed_mask) == "2♣, 2♦" and Rules(players=5).opening_mask == CardList("3C").mask
    # fresh rater r35_e: the six-player deal is named where it is printed: eight cards each, the four removed nowhere
    # r49_11: that sentence split in two, "seed" linked to the glossary
    # r103 (report r103/11, confusing 8 and ask 3): the printed pass directions came before left and right were
    # defined: the definitions open the section, before the printout
    assert ("Left is the next seat clockwise, right the seat before. Across at six is three seats away. Here is a fixed "
            "deal for six ([seed](glossary.ipynb#cell-id=term-seed) 7), eight cards each, with the "
            "removed 3♣ 4♣ 2♦ 3♦ nowhere. Below it, for each hand of the pass cycle, is where every seat's three cards "
            "go:") in text
    assert "Bicycle-style rules" in (ROOT / "docs" / "players.md").read_text(encoding="utf-8")
    six_deal = Hand.deal(7, rules=Rules(players=6))
    assert all(len(six_deal.cards(s)) == 8 for s in range(6))
    assert not any(c.pretty in {"3♣", "4♣", "2♦", "3♦"} for s in range(6) for c in six_deal.cards(s))
    assert Rules(players=6).opening_mask == CardList("2C").mask
    # newcomer rater (issue 27, round 27): who "left" is at three (the engine: South passes to West, right to East)
    three = Rules(players=3)
    to_left, to_right = Hand.deal(1, hand_number=0, rules=three), Hand.deal(1, hand_number=1, rules=three)
    assert (to_left.pass_direction, to_right.pass_direction) == ("left", "right")
    assert to_left.seat_names[to_left.view(0).pass_to] == "West" and to_right.seat_names[to_right.view(0).pass_to] == "East"
    assert "three and five players pass left (at three, South's cards go to West), then right" in text
    # the sheet's columns are seats; a trick runs clockwise from the `>`, East back to South (hand 3 at three)
    # r75b (report r75/11, confusing 1): the reading rule comes before the first sheet (the six-seat one), so it
    # names the last column, not East; the three-seat sheet says it is the same sheet
    # r81 (word cap, for the six-seat example's moral): the same reading rule in fewer words
    # r84 (report r83/11, confusing; the brief: the `>` was never explained): it stood nearer the card before the led
    # one; it touches the led card now and every sheet prints its own key line, so the prose keeps only the gist
    assert "Columns are seats; `>` marks the card that was led." in text and "round to South" not in text
    assert "Tricks: > marks the card led; play runs left to right from it, then round to South." in out
    assert text.index("Columns are seats;") < text.index("South won trick 1 with the A♣")
    # r77 rater: "the same sheet" pointed at nothing (the cell above shows the table, not a sheet)
    assert "Three rule bots play it out, on a sheet like the six-seat one:" in text  # r110: "Now" cut (words)
    sheet = Hand.deal(3, hand_number=2, rules=three)
    assert sheet.seat_names == ("South", "West", "East")
    bots_play(sheet, table_bots("rule", players=3))
    assert sheet.tricks[0].seats == (2, 0, 1) or list(sheet.tricks[0].seats) == [2, 0, 1]  # East, South, West
    # the demonstration has a purpose, said from its printed tricks and South's own decision traces: East passed
    # South the Q♠ and the A♦; South led its only diamond on trick 3, threw her on East's trick 6
    from hearts_teach.course.why import why_played

    table.finish_hand()
    hand = table.hand
    # fresh rater r33_e: the A♥ came with them (the sheet's pass line); the sentence names all three cards
    assert {c.pretty for c in hand.received(0)} == {"Q♠", "A♦", "A♥"} and hand.view(2).pass_to == 0
    assert hand.pass_direction == "left" and hand.seat_names[2] == "East"
    third, sixth = why_played(hand, 3, 0), why_played(hand, 6, 0)
    # fresh rater r40_c: "the lowest card of its shortest suit (diamonds, 1 card)" read oddly for a lone A♦; a singleton is "its only"
    assert third.card.pretty == "A♦" and third.reason == "it leads its only diamond, its shortest suit, to empty that suit"
    assert sixth.card.pretty == "Q♠" and "it has no diamonds, so it discards the queen" in sixth.reason
    trick6 = hand.tricks[5]
    assert hand.seat_names[trick6.leader] == "East" and hand.seat_names[trick6.winner] == "East" and trick6.points == 13
    assert f"South's card on trick 6, by its bot's own rule: {sixth}" in printed
    # fresh rater r35_e: at three, passing left, South receives from East (the engine: East's pass_to is South)
    assert ("Follow the Q♠. Passing left at three, East passed her to South (East's left is South) with the A♦ and A♥. That A♦ was "
            "South's only diamond: South led it on trick 3 to empty the suit; on trick 6, with no diamonds, South threw her onto East's trick, and East took back "
            "her 13 points.") in text
    assert hand.pass_target(hand.seat_names.index("East")) == 0  # East passes to South
    # rater r52_11: the lesson added what the sheet shows: East kept four diamonds (K Q 7 6 after passing the A♦),
    # South had none after trick 3, and East's diamond lead on trick 6 let South throw her back
    # r56 (rater r55_11): "look at your long suits" named no action; the lesson says what to do, and that the course
    # has no Q♠ figures at three (the worked hand kept her with two low spades, this one passed her: both lost her)
    # r66 (rater r65_11): the advice seemed to need hindsight: the clue East had is said (it passed South the A♦ and
    # South led it on trick 3, South's first lead after the 2♣; checked below)
    # r112 (report r112/11): "The lesson:" cut to pay for words added elsewhere; the sentence stands
    assert ("A passed queen can come back onto your own trick. East's clue: South led "
            "the A♦ East had passed, so South might have no diamonds. Once you pass her, avoid leading a suit the "
            "receiver may lack until she is played.") in text
    assert third.card in hand.received(0) and hand.tricks[2].leader == 0 and hand.tricks[0].leader == 0
    assert [t.leader for t in hand.tricks[:3]].count(0) == 2  # South led only the 2♣ before it
    # r64 (rater r63_11): "lost" was unclear: the player dealt her took her in both hands, once kept, once passed
    # r66 (rater r65_11): the separate "no Q♠ figures at three" line is folded into the worked hand's note
    assert "At three, spades can be led about four times, so two low ones may not guard her." in text  # r108
    assert "At three we have no Q♠ figures" not in text and "look at your long suits" not in text and "lost both" not in text
    from hearts_teach import Card
    worked = bots_play(Hand.deal(3, hand_number=2, rules=Rules(players=3)), table_bots("rule", players=3))
    for h, was_passed in ((worked, False), (hand, True)):  # the worked hand (a hold) and this demonstration
        holder = next(s for s in range(3) if Card("QS") in h.dealt(s))
        assert (h.passed(holder) is not None and Card("QS") in h.passed(holder)) is was_passed
        assert next(t.winner for t in h.tricks if Card("QS") in t.cards) == holder
    assert not any(c.suit is Suit.DIAMONDS for t in hand.tricks[3:] for c in [t.card_of(0)])
    east = hand.seat_names.index("East")
    assert [c.pretty for c in hand.after_pass(east).of_suit(Suit.DIAMONDS)] == ["6♦", "7♦", "Q♦", "K♦"]
    assert trick6.cards[0].suit is Suit.DIAMONDS and not any(
        c.suit is Suit.DIAMONDS for t in hand.tricks[3:] for c in [t.card_of(0)])


def test_lesson_09a_demonstrations_use_deals_of_their_own():
    """The bidding and blind-nil demonstrations and the spade-length example play other deals
    than the widgets the learner is asked to use, and the learner's widgets arrive unanswered."""
    from lesson_runner import run

    bidding, nil = (run(ROOT / "notebooks" / f"{name}.ipynb") for name in ("09a_spades_bidding", "09b_nil_and_blind_nil"))
    assert not bidding.failed and not nil.failed, (bidding.failed, nil.failed)
    ns = {**bidding.namespace, **{k: nil.namespace[k] for k in ("blind", "demo_blind", "nil_table")}}
    pairs = [("bidder", "demo_bidder"), ("blind", "demo_blind")]
    for mine, demo in pairs:
        assert ns[mine].hand.dealt(0) != ns[demo].hand.dealt(0), (mine, demo)
        assert ns[mine].hand.bids[0] is None, f"{mine} arrived with a bid"
    assert ns["long_bidder"].hand.dealt(0) != ns["long_hand"].dealt(0)
    assert ns["long_bidder"].hand.bids == (None,) * 4 and not ns["blind"].looked
    assert ns["nil_table"].hand.bids == (None,) * 4  # the nil to play arrives unbid
    long_mine = ns["long_bidder"].hand.cards(0)
    assert sum(1 for c in long_mine if c.suit.letter == "S") >= 6  # "Your own long spades"


def test_lesson_09a_the_defence_quiz_is_trick_11_of_deal_437():
    """The defence question asks about a deal no lesson printed before (issue 27: it asked about
    deal 17, which lesson 09 had played out); every fact in its question is the engine's."""
    from hearts_teach.course.spades_lesson import play_spades
    from hearts_teach.games.spades import SpadesHand

    hand = SpadesHand.deal(seed=437, dealer=3)
    played = play_spades(hand.copy(), seed=437)
    k = next(i for i, a in enumerate(played.history) if a.kind == "play" and a.seat == 0 and str(a.card) == "4S")
    hand.replay(played.history[:k])
    assert hand.bids == (4, 2, 5, 0) and hand.turn == 0
    trick = hand.current_trick
    assert trick.number == 11 and [str(c) for c in trick.cards] == ["9S", "8S", "TS"] and trick.seats[0] == 1
    assert sorted(str(c) for c in hand.cards(0)) == ["4S", "KS", "QC"]
    assert hand.tricks_won[3] == 0 and hand.team_tricks[0] == 8 and "AS" in [str(c) for c in hand.tricks[9].cards]
    assert {str(c) for c in hand.legal_plays(0)} == {"4S", "KS"}
    # r121 (newcomer r121/09b): "clean for this trick only, with two tricks still to play" was false: after the K♠
    # East holds 9♦ 5♦, the last diamonds, and keeps its nil on every line of the last two tricks (all searched)
    taken = hand.copy()
    taken.play("KS")
    assert taken.tricks[10].winner == 0 and sorted(str(c) for c in taken.cards(3)) == ["5D", "9D"]
    assert not any(c.suit.letter == "D" for s in (0, 1, 2) for c in taken.cards(s))

    def endings(h):
        if not any(len(h.cards(s)) for s in range(4)):
            yield h
            return
        for card in list(h.legal_plays()):
            g = h.copy()
            g.play(card)
            yield from endings(g)

    assert all(end.nil_alive(3) for end in endings(taken))
    cell = next(src for src in _code("09b_nil_and_blind_nil") if "defend_quiz = Quiz(" in src)
    flat_cell = " ".join(cell.replace('"', " ").split())
    assert flat_cell.count("it makes East's nil safe: East is left with 9♦ 5♦, the last diamonds, and never wins a "
                           "trick again;") == 1
    assert "for this trick only" not in flat_cell
    assert "it saves East's nil" not in cell
    ducked = hand.copy()
    ducked.play("4S")
    assert ducked.tricks_won[3] == 1 and not ducked.nil_alive(3)  # East wins: the nil breaks
    higher = {c for s in (1, 2, 3) for c in ducked.cards(s) if c.suit.letter == "S" and c.rank > 13}
    assert not higher  # the K♠ is the highest spade left: the ninth trick still comes
    cell = next(src for src in _code("09b_nil_and_blind_nil") if "defend_quiz = Quiz(" in src)
    assert "Deal 437, trick 11" in cell and "deal 17" not in cell.lower()
    # the question points at the table above for the spades played before trick 11 (newcomer: listing
    # them, A♠ included, gave the answer away); the table shows every one of them
    gone = [(t.number, str(c)) for t in hand.tricks[:10] for c in t.cards if c.suit.letter == "S"]
    assert gone == [(8, "5S"), (9, "2S"), (10, "AS"), (10, "7S")]
    assert "The spades played so far are in the table above." in cell
    assert "A♠ and 7♠ in trick 10" not in cell
    # newcomer round 12: the position is printed, by the engine, in the cell before the question
    from hearts_teach.course.spades_lesson import bots_position, tricks_table

    shown = bots_position(437, dealer=3, trick=11, cards=3)
    assert shown.history == hand.history
    table = tricks_table(shown)
    for line in (" 8. W  J♣   N  5♠*", " 9. N  8♦   E  6♦   S  2♠*", "10. S  7♥   W  A♠*  N  7♠"):
        assert line in table
    cells = _cells("09b_nil_and_blind_nil")
    at = next(i for i, c in enumerate(cells) if "defend_quiz = Quiz(" in _src(c))
    # closing round 42: the position is printed by the question's own folded cell, above its buttons
    assert _src(cells[at]).index("bots_position(437, dealer=3, trick=11, cards=3)") < _src(cells[at]).index("Quiz(")
    assert cells[at - 1]["cell_type"] == "markdown" and "Deal 437: you are South, last to play in trick 11." in _src(
        cells[at - 1])
    printed = "".join("".join(o.get("text", "")) for o in cells[at]["outputs"])
    # r116 (newcomer r115: could East, the nil bidder, have ducked its partner's 9♠?): East's bot's trace, last
    assert printed == (shown.text() + "\n\n" + tricks_table(shown) + "\n"
                       "East's bot plays 10♠ (its only legal card: no choice, 10♠ is forced)\n")
    assert "Trick so far (led by West): West 9♠, North 8♠, East 10♠" in printed and "Legal: K♠, 4♠" in printed
    assert "Deal 437, trick 11, printed above" in cell


def test_lesson_09a_the_nil_play_question_is_not_the_bullet_applied_word_for_word():
    """Issue 27 round 4: the bullet above ("the highest card that still stays under the card winning
    the trick") answered the old question (8♦ under a 10♦) directly. Now the nil bidder plays second
    under a 7♦ lead: only the 3♦ stays under, and the highest card (8♦) would be winning."""
    from hearts_teach.games.spades.legality import beats
    from hearts_teach.kernel.cards import Card

    lead = Card("7D")
    # newcomer round 17: with ♦ Q 8 3 only one card stayed under, so the question needed no thought; with
    # ♦ Q 6 3 two do, and the answer is the higher of them, the card the bots' nil rule plays there
    under = [c for c in ("QD", "6D", "3D") if not beats(Card(c).index, lead.index, lead.suit.value)]
    assert under == ["6D", "3D"]
    from hearts_teach.agents.spades import SpadesBot
    from hearts_teach.kernel.cards import DECK

    assert DECK[SpadesBot(0)._pick([Card(c).index for c in under], high=True)].pretty == "6♦"
    assert _quizzes("09b_nil_and_blind_nil")["nil_quiz"].choices == ["Q♦", "6♦", "3♦"]
    quiz = _quizzes("09b_nil_and_blind_nil")["nil_quiz"]
    assert "East leads 7♦" in quiz.question and "play second" in quiz.question
    # round 5: the seats play in the engine's order (South, West, North, East, round again): after
    # East's lead South plays second, then West, then North (it said West led, with North and East after)
    from hearts_teach.kernel.table import SEAT_NAMES

    east = SEAT_NAMES.index("East")
    after = [SEAT_NAMES[(east + i) % 4] for i in range(1, 4)]
    assert after == ["South", "West", "North"]
    assert "and West and then North (your partner) play after you" in quiz.question
    assert "North or East" not in str(quiz.reasons) and "West or North plays higher" in quiz.reasons["Q♦"]
    bullets = next(_src(c) for c in _cells("09b_nil_and_blind_nil") if "Playing it." in _src(c))
    assert "6♦" not in bullets and "7♦" not in bullets


def test_lesson_09a_the_nil_question_is_the_nil_rule():
    from hearts_teach.agents.spades import nil_faults, nil_ok
    from hearts_teach.games.spades import SpadesHand

    hand_a, hand_b = (SpadesHand.deal(seed=seed, dealer=1).cards(0) for seed in (2147, 802))
    assert not nil_ok(hand_a) and nil_ok(hand_b)  # "B"
    # issue 27 round 4: not the rule's own example again. A has no card above a jack and fails only
    # on its four spades; B holds K♦ Q♦ and passes, with four smaller diamonds beside them
    assert max(c.rank for c in hand_a) == 11 and len(nil_faults(hand_a)) == 1
    assert [c.pretty for c in hand_b if c.rank >= 12] == ["Q♦", "K♦"]
    quiz = _quizzes("09b_nil_and_blind_nil")["nil_pick"]
    # newcomer round 17: B could not be counted without the folded rules; the question states the partner's
    # bid (line 5) and the counting rules B needs (line 4), each the bots'
    from hearts_teach.agents.spades import suggest_bid, trick_count
    from hearts_teach.kernel.cards import DECK

    assert "North, your partner, bid 3, and the score is 0 to 0." in quiz.question
    assert suggest_bid(hand_b, partner_bid=3) == 0 and suggest_bid(hand_a, partner_bid=3) != 0
    # newcomer round 22: the hint gives the general rule, no longer hand B's count card by card. Fresh rater r33_e:
    # the king's quarter was given nowhere before; the hint says it is new, and the folded comment says the answer
    # is computed (nil_ok), not written out
    # fresh rater r34_c: the values now come in a list at the top of the lesson (a king in six or more ¼, a queen in
    # three or four ½): the question points to it instead of bringing in a number
    # fresh rater r43_e: "mind the long-suit values" was cryptic; the hint names the card (K♦ in six diamonds: ¼)
    # r76b (rater: that hint gave the answer away): the K♦'s quarter is said in the feedback, after the answer
    # r84 (rater: hand A fails line 2 before any count): "Check each line in order."
    assert ("Check each line in order." in quiz.question and "K♦" not in quiz.question
            and "not given above" not in quiz.question)
    assert "B's K♦, in six diamonds, counts only a quarter." in quiz.reason("A")
    # fresh rater r36_c: the values list is the cell after deal 22's print (cell 0 holds the overview)
    top = " ".join("".join(_cells("09a_spades_bidding")[2]["source"]).split())
    # fresh rater r51: step 1 is a table (card, length, value, why)
    assert "| queen | three or four | ½ |" in top and "| king | six or more | ¼ |" in top
    source = next(src for src in _code("09b_nil_and_blind_nil") if "nil_pick = Quiz(" in src)
    # fresh newcomer rater r45_c: "in the code below" alone suggested the answer could be read there unrun
    assert source.startswith("# a question: its answer and reasons are in the code below, worked out when the cell runs, "
                             "not written out:\n# nil_ok (the bots' nil rule) picks the answer and nil_verdict writes each "
                             "hand's reasons")
    # fresh newcomer rater r48: r45_c's closing sentence ("high cards in a long suit are the likeliest to be forced
    # to win late") argued against answer B and against deal 17 (a suit the others lack cannot be led to you): cut
    assert "likeliest to be forced" not in source
    assert '"neither", "A", "B", "both"][nil_ok(hand_a) + 2 * nil_ok(hand_b)]' in source
    assert "7♠ 3♠" not in quiz.question and "doubleton" not in quiz.question
    count = trick_count(hand_b)
    assert [(DECK[c].pretty, t) for c, t in count.side] == [("K♦", 0.25)] and count.ruff_tricks == 0.25
    assert sum(t for _, t in count.spades) == 0 and count.total == 0.5
    quiz.buttons["A"].click()
    assert "4 spades (nil allows at most 3" in quiz.last_message and "K♦" in quiz.last_message
    # newcomer round 10: B's short suits are each named ("once that suit is gone" named none)
    # r77: short spades apart from a short side suit (a help only once gone)
    # r93 (newcomer r92: "short" meant three things in 09b): the ruff table's words
    assert "a doubleton in hearts: with no hearts left" in quiz.last_message
    assert "a spade doubleton: a risk until both are gone" in quiz.last_message  # r97: a plain risk
    assert "that suit" not in quiz.last_message


def test_lesson_09a_nothing_before_the_length_question_says_why_small_spades_win():
    """Issue 27: the prose above the length question gave its answer (the others run out of spades,
    and a spade then beats every other suit). The why now comes only with the answer."""
    cells = _cells("09a_spades_bidding")
    at = next(i for i, c in enumerate(cells) if "length_quiz = Quiz(" in _src(c))
    before = " ".join(_src(c) for c in cells[:at] if c["cell_type"] == "markdown").lower()
    # round 9: the spade-length example is printed by the engine (count_text): its print says no why either
    before += " ".join("".join(o.get("text", "")) + "".join(o.get("data", {}).get("text/plain", ""))
                       for c in cells[:at] for o in c.get("outputs", [])).lower()
    assert "spade length (8 spades)" in before
    # r87 (newcomer r86 item 3): the quiz's answer rests on the word "trump", which the lesson never said: step 3 names
    # it with lesson 09's meaning (a spade beats any card of another suit), which the ruff's definition already
    # implied; why a *small* spade wins (the others run out) still comes only with the answer
    for giveaway in ("run out of spades", "has any left", "nobody else has", "beat every card of the other",
                     "gone round", "no spades left"):
        assert giveaway not in before, giveaway
    # r94 (newcomer r94 item 3): trump and ruff defined in the opening, before step 1's "ruffs"
    # r97 (words): the side suits named in the same sentence (the lesson's cell 0, lower-cased here)
    assert before.count("trump") == 1 and "spades are *trump*: a spade beats any card of the other suits, the *side suits*." in before
    # newcomer round 12: "once the suit has gone round, nobody else has any left" overstated it; the reason
    # now says when it is exactly so, and on deal 1526 (printed above it) after how many spade leads
    quiz = " ".join(_src(cells[at]).replace('"', " ").split())
    assert ("the other players hold the 7 other spades between them; once those have been played, nobody else "
            "has any left, and each spade you still hold wins the trick it is played to") in quiz
    # fresh rater r33_e: with the others' spades split 4-2-1 you spend four drawing them; the count is a usual case
    # fresh rater r38_g: "usually" was only asserted; low spades may go on following or ruffing first
    assert ("You may have spent low spades following or ruffing by then, so counting every spade from the sixth on "
            "as a trick is a rule of thumb, not a promise.") in quiz and "usually" not in quiz
    assert "♠ 7 6 5 4 3 2" in quiz and 13 - 6 == 7
    # fresh rater (round 27): "at most 2 each" could not be checked on the page (the others' hands are not
    # shown); the reason now rests on what the page prints: South's eight spades (count_text's "8 spades")
    assert ("On deal 1526 above, South holds 8 of the 13 spades, so West, North and East hold only 5 between "
            "them: once those 5 have been played, every spade South still holds wins its trick") in quiz
    assert "at most 2 each" not in quiz
    from hearts_teach.games.spades import SpadesHand

    long_hand = SpadesHand.deal(seed=1526, dealer=3)
    others = [sum(1 for c in long_hand.cards(s) if c.suit.letter == "S") for s in (1, 2, 3)]
    assert sum(1 for c in long_hand.cards(0) if c.suit.letter == "S") == 8 and sum(others) == 5
    assert "long_hand = SpadesHand.deal(seed=1526, dealer=3)" in before_code(cells, at)
    # r90 (words): step 4's "holds eight spades" cut; 3b's tie example and deal 1526's print say the 8
    # r91 (newcomer r90 item 1): the tie example moved from 3b to step 4, as deal 1526's own: "keeps 6" (of its 8)
    # r97 (newcomer r95 item 1): the tie example is 3b's again, worked on deal 1526 ("has 8 spades ... leaves 6")
    assert "spade length (8 spades)" in before and "deal 1526, ♠ a j 8 6 5 4 3 2 ♥ 6 2 ♦ 9 3 ♣ 9: ruffs 1½, ending in ½; crossing off 2, the 3♠ 2♠, leaves 6 spades, even." in before  # r99: "a tie" was a new word  # r98: in step 4  # lower-cased above


def before_code(cells: list, at: int) -> str:
    return "".join(_src(c) for c in cells[:at] if c["cell_type"] == "code")


def test_lesson_09_states_the_nil_rule_and_09a_points_to_it():
    """Newcomer round 12: the nil rule as short bullets (what nil is, made, broken, the partner's contract),
    each as the engine scores it by default (docs/rules.md, Spades 3 and 8). Fresh rater (round 28): 09a's
    "From lesson 09" recap repeated lesson 09's words and scoring bullets; it is cut, and 09a's checklist
    names lesson 09's bid of 0."""
    from hearts_teach.games.spades import score_hand
    from hearts_teach.games.spades.rules import NIL_VALUE, SpadesRules

    nine = " ".join(" ".join(_src(c) for c in _cells("09_hearts_vs_spades") if c["cell_type"] == "markdown").split())
    for bullet in ("- **Nil**: a bid of 0, a promise to take no trick at all, scored apart from the partner. The nil "
                   "is *broken* if that player takes a trick (unrelated to a broken suit).",  # r32: two senses of broken
                   "- **Nil**: +100 if the nil bidder took no trick, −100 if they took even one. The nil bidder's "
                   "tricks still count for the partner's contract (and can become bags)."):
        assert bullet in nine, bullet
    text = " ".join(" ".join(_src(c) for c in _cells("09b_nil_and_blind_nil") if c["cell_type"] == "markdown").split())
    assert "From lesson 09:" not in text and "- **Kept** (you win no trick)" not in text
    assert ("**The nil checklist.** **Suggest** (the bots' bid button, lesson 09a) says nil only when "
            "every line holds:") in text
    assert NIL_VALUE == 100 and SpadesRules().nil_tricks_count
    made = score_hand([0, 4, 5, 4], [0, 4, 5, 4])  # South nil, North bid 5 and took 5
    assert "South nil made +100" in str(made)  # "the engine says *held* or *made*" (held: what_happened)
    assert made.team_points[0] == 100 + 50
    broken = score_hand([0, 4, 5, 3], [1, 4, 5, 3])  # South took one: North's 5 plus South's 1 = 6 of 5
    assert broken.team_points[0] == -100 + 50 + 1  # the nil's trick made a bag toward North's contract
    short = score_hand([0, 4, 5, 4], [1, 3, 4, 5])  # 1 + 4 = 5: South's trick completes North's contract
    assert short.team_points[0] == -100 + 50


def test_lesson_10_reads_the_step_comparisons_as_printed():
    """'Dumping is the big step: its whole interval lies above zero'; ducking 'took fewer points on
    average', its interval 'runs from a small loss (more points) to a gain (fewer points), so it
    contains zero'; 'the void pass is the same kind of result'; the moon stop shows 'no clear
    difference either'. Newcomer round 9: the edge and the step comparisons now share one sign
    (positive = fewer points for our bot), and the one moon against the moon-stop version is said."""
    from lesson_runner import run

    result = run(ROOT / "notebooks" / "10_write_a_bot.ipynb")
    assert not result.failed, result.failed
    ns = result.namespace
    versions = ns["versions"]
    from hearts_teach.course.bot_lesson import paired
    # r43_b: why the rule bots' average moves between runs: "a hand's 26 points are shared (a moon aside), so what
    # our bot avoids goes to them". Every hand's scores add up to 26, or 78 when someone shot the moon
    # r94: the steps run ducking, dumping, then the void pass: without_void is now versions["+ dumping"]
    for name, r in versions.items():
        moons = sum(sorted(h) == [0, 26, 26, 26] for h in r.hand_scores)
        assert all(sum(h) == (78 if sorted(h) == [0, 26, 26, 26] else 26) for h in r.hand_scores), name
        rule_avg = sum(b.mean_points for b in r.bots[1:]) / 3
        assert rule_avg == pytest.approx((26 + 52 * moons / r.hands - r.bots[0].mean_points) / 3), name
    ours = [r.bots[0].mean_points for r in versions.values()]
    rules = [sum(b.mean_points for b in r.bots[1:]) / 3 for r in versions.values()]
    assert min(rules) < max(rules) - 1  # it moves by over a point (5.02 to 6.05)
    assert (ours[2] < ours[1] and rules[2] > rules[1]) and (ours[3] < ours[2] and rules[3] > rules[2])
    md = " ".join(" ".join(_src(c) for c in _cells("10_write_a_bot") if c["cell_type"] == "markdown").split())
    # r60: "moon" links the glossary on its first use in the lesson
    # r98: the first bot's totals (11.25 + 3 × 5.02) pass 26 a hand: the moon is said as the cause, its count printed
    # r107: the sum is written out (= 26.31, the printed figures), not left to the reader
    assert ("A hand's 26 points are shared, so what our bot avoids goes to the rule bots. Above, 11.25 + 3 × 5.02 = "
            "26.31, over 26: the rule bots shot a [moon](glossary.ipynb#cell-id=term-shooting-the-moon), which gives 26 to each "
            "other player: +52 points in 160 hands.") not in md and "(a [moon]" not in md
    # r109 (newcomer r109): where 52 comes from said (78 points to the others, not 26): 3 × 26 - 26
    # r111 (newcomer r111: 52/160 makes 26.325, not 26.31): "≈ 26.3", true of the rounded figures and of the unrounded
    # r112 (newcomer r112: 52/160 was left to the reader): the extra per hand said (+0.3), the sum's excess over 26
    # r120 (newcomer: five facts joined by colons; what the sum explains): "not 26" said first, the moon in one
    # sentence, its extra per hand in another; one moon (the measure cell prints "moons shot by the rule bots: 1")
    assert ("11.25 + 3 × 5.02 ≈ 26.3, not 26: a rule bot's [moon](glossary.ipynb#cell-id=term-shooting-the-moon)"
            # r116 (newcomer r115: 78 and 52's spread over 160 hands left to work out): said in order
            " gave 26 to each other player, 78 in all. 52 extra, over 160 hands: +0.3 a hand.") in md and "= 26.31" not in md
    assert "78 in all, 52 extra; over 160 hands" not in md
    assert sum(b.moons for b in versions["first bot"].bots[1:]) == 1  # "a rule bot's moon": one, in these 160 hands
    assert "(78, not 26): +52 in 160 hands" not in md and 3 * 26 == 78 and 78 - 26 == 52
    assert f"{52 / 160:.1f}" == f"{11.25 + 3 * 5.02 - 26:.1f}" == "0.3"
    assert f"{11.25 + 3 * 5.02:.1f}" == f"{26 + 52 / 160:.1f}" == "26.3"
    # r109 (newcomer r109): the printed edge (-6.22) is not 5.02 - 11.25 (-6.23): it is taken before rounding
    # r112 (newcomer r112: "unrounded" guessed only later): said as before rounding, hence the 0.01
    # r114 (newcomer r114: "±0.01" understood only by subtracting): said as the printed figures' possible 0.01 slip
    assert ("The rule bots' points per hand minus ours (before rounding, so maybe 0.01 off printed figures):" in md
            and "(unrounded)" not in md and "(before rounding: ±0.01)" not in md)
    assert "average points per hand minus ours" not in md
    first = versions["first bot"]
    assert round(first.edge(0)[0], 2) == -6.22 and round(round(sum(b.mean_points for b in first.bots[1:]) / 3, 2)
                                                         - round(first.bots[0].mean_points, 2), 2) == -6.23
    # r108 (newcomer r108: "why only 0.31 more?"): the moon's extra points said (3 × 26 - 26 = 52, over 160 hands)
    assert 3 * 26 - 26 == 52 and versions["first bot"].hands == 160
    assert "first bot              11.25 points per hand (rule bots 5.02) ·" in "".join(
        "".join(o.get("text", "")) for c in _cells("10_write_a_bot") if c.get("id") == "measure" for o in c["outputs"])
    first = versions["first bot"]
    assert first.bots[0].mean_points + 3 * round(sum(b.mean_points for b in first.bots[1:]) / 3, 2) > 26
    assert f"{round(first.bots[0].mean_points, 2) + 3 * round(sum(b.mean_points for b in first.bots[1:]) / 3, 2):.2f}" == "26.31"
    assert "5.02 is over 26" not in md
    assert sum(b.moons for b in first.bots[1:]) == 1
    assert "moons shot by the rule bots: 1\n" in "".join("".join(o.get("text", "")) for c in _cells("10_write_a_bot")
                                                        if c.get("id") == "measure" for o in c["outputs"])

    def interval(after, before):
        m, se = paired(versions[after], versions[before])
        return m, m - 1.96 * se, m + 1.96 * se

    m, lo, hi = interval("+ dumping", "+ ducking")
    assert lo > 0
    gain = versions["+ ducking"].bots[0].mean_points - versions["+ dumping"].bots[0].mean_points
    assert abs(m - gain) < 1e-9  # the gain is the old points minus the new, as its definition says
    m, lo, hi = interval("+ ducking", "first bot")  # r94: ducking is step 1, over the first bot
    assert m > 0 and lo < 0 < hi and -lo < hi
    for after, before in (("+ void pass", "+ dumping"), ("+ moon stop", "+ void pass")):  # r94: the void pass is step 3
        _m, lo, hi = interval(after, before)
        assert lo < 0 < hi
    text = " ".join(" ".join(_src(c) for c in _cells("10_write_a_bot") if c["cell_type"] == "markdown").split())
    assert "positive: fewer points for our bot." in text  # r108: "means" cut for words; r111: "(good)" too
    # r59: the reading rule is its own list, after the definitions (a blank line had merged the two lists)
    assert "**Reading an interval:** - entirely above zero: we can call our bot better;" in text
    assert "entirely below zero: worse;" in text
    assert "contains zero: we cannot tell yet." in text
    # r41_d: the statistics were dense; the standard error is glossed in a few words
    # r59: the rule for reading an interval came before the edge and the interval were defined: it follows them now
    measure_md = " ".join(next(_src(c) for c in _cells("10_write_a_bot") if c.get("id") == "measure-md").split())
    assert measure_md.index("**A duplicate tournament.**") < measure_md.index("**Its 95% interval:**") < \
        measure_md.index("**Reading an interval:**")
    assert "\n\n**Reading an interval:**\n\n- " in next(_src(c) for c in _cells("10_write_a_bot")
                                                        if c.get("id") == "measure-md")
    assert "(an average's typical miss)" not in measure_md and "typically misses the true edge" not in measure_md
    # r87: "(an average's typical miss)" was too short for a newcomer: one concrete sentence on 40-deal edges
    assert ("A standard error is how far a 40-deal edge typically lies from the true edge (the average over endless "
            "deals).") in measure_md
    # r64: ", read by the same rule" cut for words (the reading rule is the one just defined)
    # r71b: the gain is defined before step 1 (steps-md); compare-md only says how it is computed
    # r72c: compare-md is gone (each step prints its own gain); steps-md says why a paired gain is tighter than an edge
    steps_md = " ".join(next(_src(c) for c in _cells("10_write_a_bot") if c.get("id") == "steps-md").split())
    assert ("A step's **gain** is the previous version's points minus the new one's, per hand (positive: fewer points). "
            "Compared deal by deal (the cards' luck cancels), a gain is measured more tightly than an "
            "edge.") in steps_md  # r108: the same reason in fewer words
    # the measure cell's interval is the edge ± 1.96 standard errors, as its prose says
    measure = next(_src(c) for c in _cells("10_write_a_bot") if c.get("id") == "measure")
    assert "edge - 1.96 * se" in measure and "edge + 1.96 * se" in measure
    assert "**Its 95% interval:** the edge ± 1.96 *standard errors*" in text  # r98: "The code builds it as" cut for density
    assert "Dumping is the big step: its whole interval lies above zero" in text
    # newcomer rater (round 28): the void pass was kept as if useful; it is now measured again with step 3's
    # discards (first_pass + dump_play): slightly better there, slightly worse alone, both intervals contain zero
    # r94 (r93, r94 asked): the void pass is measured last, only against the dumping bot with first_pass
    m, se = paired(versions["+ void pass"], versions["+ dumping"])
    assert 0 < m and m - 1.96 * se < 0 < m + 1.96 * se
    assert "measure(first_pass, dump_play," in _src(
        next(c for c in _cells("10_write_a_bot") if c.get("id") == "step-dump"))
    # r41_d: "both bots" read as two players at the table: the two versions of our bot
    # r54: ducking and the void pass share one bullet (the both-dumping line is printed above it)
    # r60: "differences this size need more deals" is shown now: ducking, on 200 deals (see the r60 test)
    # r65: both get 200 deals now (the void pass too, with dumping: the r65 test)
    # r67: trimmed to pay for the step-4 rule
    # r69: trimmed for words
    # r72c: each step's verdict is printed and said right after it; the void pass is settled once, after step 3
    assert "- **Ducking** and **the void pass**" not in text
    # r81: the equal +0.62s looked like a bug: said to be a coincidence of rounding (0.619 on 40 deals, 0.6225 on 200;
    # not "by chance", which r71 read as the gain being chance)
    # r93: two reasons for one verdict ("better" on 200 deals, "both positive" in the keep-rule line): the prose gives
    # the keep rule's reason only
    # r94: ducking over first_pass (step 1) gains +0.59 and +0.56: no coincidence left to explain
    assert "Ducking is kept: both gains are positive" in text and "by coincidence" not in text
    assert "Ducking is kept: on 200 deals it is **better**" not in text
    assert "(+0.62 again)." not in text
    duck40, duck200 = paired(versions["+ ducking"], versions["first bot"])[0], paired(
        result.namespace["long"]["ducking"], result.namespace["long"]["first bot"])[0]
    assert (f"{duck40:+.2f}", f"{duck200:+.2f}") == ("+0.59", "+0.56")
    # r111 (newcomer r111: 5 times the deals, a third the width, not 1/√5): the deals' spread, estimated on each run,
    # was larger on the first 40 (the standard error times the square root of the deals)
    se40, se200 = paired(versions["+ ducking"], versions["first bot"])[1], paired(
        result.namespace["long"]["ducking"], result.namespace["long"]["first bot"])[1]
    assert round(se200 / se40, 2) == 0.33 < 5 ** -0.5 and se40 * 40 ** 0.5 > se200 * 200 ** 0.5
    # r112 (newcomer r112: had to measure the widths): the widths given, and what 1/√5 would have made
    # r114 (newcomer r114: the law seemed broken for no reason, and 1.42 was not printed): the reason (a standard error
    # is estimated from its deals) and the interval 1.42 is the width of (step-duck's printed 40-deal gain line)
    # r117 (newcomer r116 item 3.2): "standard errors are estimated" had to be decoded: each run estimates its own spread
    # r119 (newcomer r118: "its own spread" of what?): the standard error, estimated from the run's own deals (paired())
    assert ("The 200-deal interval is 0.47 wide, a third of 1.42 (-0.12 to +1.30), not 1.42/√(200/40) ≈ 0.64: each run "
            "estimates its standard error from its own deals; the first 40 varied more.") in text  # r116 (newcomer r115: where the 5 came from)
    assert "its own spread" not in text  # r119
    assert "standard errors are estimated" not in text  # r117
    assert "1.42/√5" not in text and 200 / 40 == 5
    assert "(95% interval -0.12 to +1.30)" in "".join("".join(o.get("text", "")) for c in _cells("10_write_a_bot")
                                                     if c.get("id") == "step-duck" for o in c["outputs"])
    assert "a third as wide, not 1/√5" not in text
    assert (f"{2 * 1.96 * se200:.2f}", f"{2 * 1.96 * se40:.2f}", f"{1.42 / 5 ** 0.5:.2f}") == ("0.47", "1.42", "0.64")
    # r84: "by the rule" cut for words (the keep-rule line above it now names the void pass)
    assert ("The void pass is kept, though not shown better (its 200-deal interval contains zero).") in text
    # r72c: the step cells print their own gains (compare-out: the four step cells and deal 27's, in order)
    compare_out = "".join("".join(o.get("text", "")) for key in ("step-void", "step-duck", "step-dump", "step-moon",
                                                                  "moon-deal")
                          for c in _cells("10_write_a_bot") if c.get("id") == key for o in c["outputs"])
    assert re.search(r"^\+ void pass vs previous: +gain \+", compare_out, flags=re.M), compare_out  # r94
    # r45_e: "Keep the pass for now" after a slightly worse score read as unexplained: the prose says why (not shown
    # worse: the paired interval contains zero, asserted below; step 3 tests it again)
    # r72c: the pass's trial is said to come after step 3, with the reason (first_play throws its lowest card)
    # r87: why the pass waits for step 3 is said with the keep rule (steps-md); step-duck-md only recalls it
    # r94 (r93, r94): the pass is step 3 now, its trial in its own cell: nothing stays on trial across steps
    assert "Keep the pass: step 3 fixes the discards." not in text and "on trial until step 3" not in text
    # r82: "this first gain will not count" read as changing the rule after a bad result: the re-measure is in
    # the rule itself (steps-md), so the sentence is cut
    assert "this first gain will not count" not in text
    # r69: "`first_play` wastes the void by discarding its lowest card" was never shown: cut
    assert "wastes the void" not in text
    assert "This is what the void from step 1 was for" not in text
    # r87: "on 40 deals and on 200" cut for words (the keep rule and the printed lines say it)
    # r94: the void pass's trial left the dumping cell: its cell measures only the void pass, so no header lines
    assert "the void pass's trial" not in text and "— the void pass's trial —" not in compare_out
    assert "— step 3: dumping —" not in compare_out
    # the interval counts deals, not hands: a deal's 4 seatings share its cards (the prose says so),
    # the same way the tournament's edge and the package's deal_mean_se count
    from hearts_teach.agents.tournament import deal_mean_se

    new, old = versions["+ dumping"], versions["+ ducking"]
    assert paired(new, old) == pytest.approx(deal_mean_se([y[0] - x[0] for x, y in
                                                            zip(new.hand_scores, old.hand_scores, strict=True)]))
    assert new.deals == 40 and new.hands == 160
    # r68: "its interval too counts the 40 deals" was unclear and is cut; the measure bullet says it (below)
    assert "its interval too counts the 40 deals" not in text
    # "the interval counts deals, not hands": the edge's standard error is taken over the deals
    # r69: "counts deals, not hands" was too compressed: said as the 40 deal averages the standard error uses
    # r71: trimmed for words (same content: the 40 deal averages, because a deal's 4 seatings share its cards)
    # r72: the 40 deal averages cut from the prose for words (too many statistics at once); the code comment keeps it
    # r98: "The code builds it as" cut for density (the measure cell shows edge ± 1.96 * se)
    # r119 (newcomer r118: 1.96 never explained; the check's 99% interval gave no multiplier): 99%'s named (Z_DECIDE)
    from hearts_teach.classroom.checks.bot import Z_DECIDE
    assert round(Z_DECIDE, 2) == 2.58
    assert "**Its 95% interval:** the edge ± 1.96 *standard errors* (99%: 2.58). A standard error is how far" in text  # r87
    assert "The code builds it as" not in text
    per_hand = [sum(h[1:]) / 3 - h[0] for h in new.hand_scores]
    assert new.edge(0) == pytest.approx(deal_mean_se(per_hand))
    moons = {name: sum(b.moons for b in r.bots[1:]) for name, r in versions.items()}
    assert moons["+ void pass"] == 0 and moons["+ moon stop"] == 1 and versions["+ moon stop"].hands == 160  # r94
    # newcomer rater (round 28): the moon is said as counted, without "the stop does not catch every moon": on
    # the same deals the dumping version conceded none, so there was no moon for the stop to save
    # r34_e: the moon count, said as counted (the dumping version conceded none on the same deals)
    # r72c: said with the 200-deal counts, printed by the step-moon cell (40 deals: dumping 0, moon stop 1)
    assert "The moon stop also let through more moons (4 against 1 in 200 deals: maybe chance)." in text
    # r41_d: the one moon is sized: it is most of the moon stop's -0.23 (the hand-by-hand check below)
    # r60: that sentence went (its figures stay checked below); the 200-deal run now shows the moon stops measured
    assert "That single moon" not in text
    # a fresh rater: "saved no moon" beside a moon the dumping version did not concede. On that deal (26, rotation
    # 2: our bot in North) the stop kept a heart off the club trick West, the shooter, led and was winning; South
    # took it, and the dumping version's Q♥ on that trick broke the moon
    # a fresh rater (final round): that sentence was hard to follow; the players and the trick are named now
    # r34_e: the trick is printed now (the folded compare cell replays deal 27 with both versions)
    from hearts_teach import Card

    # r35_g: South took trick 8 in the moon-stop version too, a trick with no points (7♣ 3♦ 8♠ 9♣), so it did not
    # break the moon; the dumping version's Q♥ gave that trick a point
    # r36_f: the sentence with two "so" clauses is split
    # r41_d: trimmed for words (the sentence before says West was winning): "The stop chose soundly"
    # r43_b: "chose soundly" was debatable (South, playing last, could overtake): "followed its rule" is what the
    # replay below checks (moon_play's "do not feed the shooter" branch chose the 3♦)
    # r54: that paragraph is a table now (version · North's card · taken by · result), its lesson said plainly
    # r116 (newcomer r115: deal 27 read as one of the 200 deals' 4 moons): it is the 40 deals' one (moon-deal searches
    # versions["+ moon stop"], the 40-deal run); ", our bot," cut for words (moon-deal prints "our bot North")
    assert ("Deal 27 (of the 40) shows how: in trick 8, West, the shooter, was winning when North played:"
            ) in text  # r72c: the deal's cell is right above; r111: "(lines above)" cut for words
    assert "| moon stop | 3♦, highest clean card | South, no points | West shoots the moon |" in text
    # r117 (newcomer r116 item 3.3): "dumping" also names step 2's bot (long["dumping"]): here it is step 3's
    assert "| step 3 | Q♥, highest heart | South, playing last | South's point breaks the moon |" in text
    assert "| dumping |" not in text  # r117
    # r111 (newcomer r111: "how can West shoot the moon when South took a trick?"): the moon's rule said (docs/rules.md H11)
    assert ("A moon needs every point, not every trick: a point on the shooter's trick still breaks it if a later "
            "player overtakes.") in text and "The lesson: a point thrown" not in text
    # r40_d: "The stop looks only at who is winning *now*" read as a flaw; West was winning when North played, and
    # South (last to play) overtook: the printed trick shows the order and the winner
    assert "looks only at who is winning" not in text and "chose soundly" not in text
    assert "the 3♦, so South won" not in text
    tail = compare_out.rstrip("\n").splitlines()[-4:]
    assert tail[0].startswith("deal 27, our bot North, with the moon stop: trick 8: West 7♣, North 3♦,")
    assert tail[2].startswith("deal 27, our bot North, with step 3: trick 8: West 7♣, North Q♥,")  # r117
    assert '("step 3", dump_play)' in next(_src(c) for c in _cells("10_write_a_bot") if c.get("id") == "moon-deal")
    assert "pass_fn=void_pass" in next(_src(c) for c in _cells("10_write_a_bot") if c.get("id") == "moon-deal")  # r117: step 3's pass
    assert "→ South takes it" in tail[0] and "→ South takes it" in tail[2]
    # r43_b: the reader had to work out from "South 26, West 0, North 26, East 26" who shot the moon; the cell prints
    # it from the hand's own moon (checked against the replayed hand below: West with the stop, none with dumping)
    assert tail[0].endswith("; West shot the moon") and tail[2].endswith("; no moon")
    assert 'g.seat_names[g.moon]} shot the moon" if g.moon is not None else "no moon"' in next(
        _src(c) for c in _cells("10_write_a_bot") if c.get("id") == "moon-deal")
    assert tail[1].split(":")[0].strip() == "North's legal cards there" and tail[1] == tail[3]
    clean = [Card(c) for c in tail[1].split(": ")[1].split()]
    assert max((c for c in clean if c.points == 0), key=lambda c: c.rank) == Card("3D") and Card("QH") in clean
    assert "a later player took that trick" not in text
    from hearts_teach.agents.hearts import make_bot
    from hearts_teach.agents.tournament import FOUR, FunctionBot, deal_for, play_hand, seating

    played = {}
    for fn in ("dump_play", "moon_play"):
        lineup = [FunctionBot(pass_fn=ns["void_pass"], play_fn=ns[fn], name=fn)] + [make_bot("rule", seed=2)] * 3
        hand, seat_of = deal_for(2, 26, None), seating(2)
        play_hand(hand, [lineup[seat_of.index(s)] for s in FOUR.seats])
        played[fn] = hand
    assert seating(2).index(2) == 0 and played["moon_play"].moon == 1 and played["dump_play"].moon is None
    # r33: the story names its deal, as the compare cell prints it from hand_scores (row 4 × 26 + 2: deal 27, our bot
    # North); only that row of the moon stop's 160 reads 0, 26, 26, 26
    rows = [k for k, h in enumerate(versions["+ moon stop"].hand_scores) if sorted(h) == [0, 26, 26, 26]]
    moon_row = list(versions["+ moon stop"].hand_scores[4 * 26 + 2])
    assert rows == [4 * 26 + 2] and moon_row == [played["moon_play"].scores[seat] for seat in seating(2)]
    # r41_d: "That single moon (26 points in 1 of 160 hands: 0.16 per hand) explains most of the -0.23": in that hand
    # our bot took 26 with the stop and 0 with dumping, so it alone moves the paired gain by -26/160, over half of it
    stop_v, dump_v = versions["+ moon stop"], versions["+ void pass"]  # r94: void_pass with dump_play
    assert stop_v.hand_scores[4 * 26 + 2][0] == 26 and dump_v.hand_scores[4 * 26 + 2][0] == 0
    assert stop_v.hands == 160 and f"{26 / 160:.2f}" == "0.16"
    gain = paired(stop_v, dump_v)[0]
    assert f"{gain:+.2f}" == "-0.23" and 26 / 160 > -gain / 2
    assert re.search(r"^\+ moon stop vs previous: +gain -0\.23 ", compare_out, flags=re.M), compare_out
    # r59: the parenthesis read as describing the whole list: the moon stop's moon has a line of its own
    # r72c: the counts are the step-moon cell's last line; deal 27 and our bot's seat head the deal's lines
    # r94: "dumping" now names step 2's bot (first_pass): the moon stop's comparison is "previous" (step 3's bot)
    assert compare_out.rstrip().splitlines()[-5] == ("moons shot by the rule bots: 40 deals: previous 0, moon stop 1 · "
                                                     "200 deals: previous 1, moon stop 4")
    # r33: "the two intervals overlap" read as evidence of no difference; the paired line is the lesson's test
    # r38_e: the sentence says what the later check is. r39_e: the reader had no rule for comparing two steps'
    # intervals; the sentence says we cannot tell yet and points to the paired check (which finds no clear difference)
    # r43_b: the reason is given at once, as the paired check's (its interval contains zero, asserted above)
    # r45_e: "the hand-by-hand check after step 4" pointed to a check not yet seen: it is said as done later
    # r59: "hand by hand" said less than the code does (each deal's 4 hands are averaged first): deal by deal
    # r68: trimmed for words (the paired line below is the interval meant)
    # r69: "its interval (below)" read as the edge's interval on screen (far below zero): the paired gain is quoted,
    # and the edge and the gain are told apart; r70: the gain's half of the sentence lacked its verb
    # r71b: the gain is defined before step 1 now; the figure is said to be printed later, and why the pass is kept
    # r72b: "printed later" said plainly: printed with the others after step 4, below
    # r72c: no figure is quoted before it is printed: step 1's cell prints its gain and the keep rule's word
    assert "printed after step 4" not in text and "-0.28" not in text
    # r94: the void pass is measured last, against the dumping bot: no -0.28 and no trial left open across steps
    assert re.search(r"^\+ void pass vs previous: +gain \+0\.42 points per hand \(95% interval -0\.50 to \+1\.35\): no clear "
                     r"difference\n200 deals, \+ void pass vs previous: +gain \+0\.29 .*\nkeep rule \(void pass\): keep \(gains \+0\.42 "
                     r"on 40 deals and \+0\.29 on 200: both positive\)$", compare_out, flags=re.M), compare_out
    assert ": on trial (" not in compare_out
    assert "tests it properly" not in text
    # r72: the unpaired comparison cut (too many statistics at once); pairing said in a few words
    assert "Each step's gain, compared deal by deal" not in text  # r72c: each step prints its own
    assert "unpaired" not in text
    assert "hand by hand" not in text
    assert "the hand-by-hand check after step 4" not in text
    assert "intervals overlap" not in text
    assert re.search(r"^\+ void pass vs previous: .*: no clear difference$", compare_out, flags=re.M)
    # r33: why the final bot keeps the two steps without a clear gain
    # r54: the moon stop is kept though its figures show no gain, and the lesson says so
    # r60: the no-gain is said just before, from the 200-deal run ("Neither moon stop is clearly better ...")
    # r62: "to show them at work" overclaimed the stored replay (only the pass and a forced Q♠ are pointed at): the
    # sentence says what the lines show (the r62 test)
    # r64: "the final bot keeps the moon stop without evidence": its gain was below zero both times (-0.23 on 40
    # deals, -0.09 on 200), so the final bot drops step 4 (void_pass with dump_play), as the prose says
    # r72c: the review is cut to its two lessons, said so
    # r75b_10: "it takes 17 points" gave the click-through away: it is a question, answered by the lines below
    # r82: "how many points does South take" could not be answered from the stored viewer (step 0, the deal):
    # the question asks what the deal printout shows (South's one spade, asserted with the replay tests)
    # r97: the question held its answer ("one spade" -> "one lead") and the stored viewer shows only the deal: it asks
    # which lead at the latest forces the Q♠ (the second: replay-points explains it) and says the buttons need a kernel
    # r109 (newcomer r109): "the next cell" is the viewer (the deal only); the tricks print in the cell after it
    # r112 (newcomer r112): the answer holds only if South keeps its spade in the pass (replay-drive prints 8♠ Q♠)
    # r114: "the key tricks" trimmed for words
    assert ("One hand of the final bot as South against three rule bots (buttons need a running kernel; the next "
            "cell prints key tricks). South is dealt one spade and keeps it. If West passes South the Q♠ and no other spade, "
            "on which spade lead at the latest must South play her?") in text and "takes 17 points" not in text
    # r99 (newcomer r98): with the J♠ passed too the answer would be the third: the question says the Q♠ alone
    assert "South the Q♠, on which" not in text
    assert "how many spade leads can South follow without her?" not in text  # r84: trimmed for words (answered in replay-points)
    assert "How many points does South take" not in text
    # r107: the answer sat three cells on, past the printout: it is folded right under the question (as cell turn's)
    # r116 (newcomer r115: the answer gave no reason): the reason in a clause
    assert ("on which spade lead at the latest must South play her?\n\n<details><summary>Answer</summary>The second: "
            "her other spade goes first.</details>") in "".join(_src(c) for c in _cells("10_write_a_bot") if c.get("id") == "moon-last-read")
    assert "Answer: the second." not in text
    assert "Neither moon stop passes the rule, so **the final bot drops step 4**" in text
    # r65: "the best-supported version" was unsupported for the void pass (never rerun on 200 deals): it is rerun
    # (+0.29, still no clear difference: the r65 test) and the prose says only that it leans its way
    # r67: which moon stop, and the rule used (the r60 test pins the numbers)
    # r72: the keep rule reads each on-trial step's gains on 40 and on 200 deals (last only's 40-deal gain printed)
    # r72c: the gains are printed with the keep rule's word under each step (the r60 test)
    assert "**the final bot drops step 4**: it is `void_pass` with `dump_play`." in text
    assert "best-supported" not in text
    assert paired(versions["+ moon stop"], versions["+ void pass"])[0] < 0  # r94
    replay = next(_src(c) for c in _cells("10_write_a_bot") if c.get("id") == "replay")
    assert "FunctionBot(pass_fn=void_pass, play_fn=dump_play" in replay and "moon_play" not in replay
    assert played["moon_play"].tricks[:7] == played["dump_play"].tricks[:7]
    dump, stop = played["dump_play"].tricks[7], played["moon_play"].tricks[7]
    assert dump.leader == stop.leader == 1 and dump.winner == stop.winner == 0  # West leads; South takes it
    assert dump.card_of(2) == Card("QH") and stop.card_of(2).points == 0  # North, our bot: Q♥, or a clean card
    # "On trick 8 (tricks[7]) West led the 7♣; North had no club: the stop played the 3♦; South won it with the 9♣"
    assert dump.card_of(1) == stop.card_of(1) == Card("7C") and stop.card_of(2) == Card("3D")
    assert dump.card_of(0) == stop.card_of(0) == Card("9C")
    assert stop.points == 0 and dump.points == 1  # "South won a trick with no points"; the Q♥ is 1 point
    assert all(t.card_of(2).suit is not Card("7C").suit for t in (dump, stop))  # a club could not be refused
    assert played["moon_play"].moon == 1 and played["moon_play"].seat_names[1] == "West"  # "West, the shooter"
    # "As West was winning, the stop played the 3♦": just before North's card, moon_threat names West, West's 7♣
    # is winning and North holds the Q♥, so moon_play's "do not feed the shooter" branch chose the clean 3♦
    stop_hand = played["moon_play"]
    at = [i for i, a in enumerate(stop_hand.history) if a.kind == "play"][4 * 7 + 1]
    north_moment = stop_hand.copy()
    north_moment.replay(stop_hand.history[:at])
    north_view = north_moment.view(2)
    assert north_moment.turn == 2 and north_view.moon_threat() == 1 and north_view.winning == (1, Card("7C"))
    assert Card("QH") in north_view.legal and ns["moon_play"](north_view) == Card("3D")
    assert ns["dump_play"](north_view) == Card("QH")
    # r39_e: the 4/3 side trip ("Why did dumping's edge move more than its gain?") was cut to pay for clearer words
    assert "Why did dumping's edge" not in text and "4/3" not in text
    assert "partly by handing them on" not in text
    assert "does not catch every moon" not in text
    # the bullets "all points taken so far are that one opponent's; there are at least 8 of them; hearts are
    # among them (the queen alone is no attempt to shoot the moon)": view.moon_threat's rule
    from hearts_teach.games.hearts.view import shooting
    from hearts_teach.kernel.cards import CardList

    # r59: "It needs" could mean the bot or the function: the threat needs them
    # r81: "at least 8" of what? points
    # r87: "why 8?": the code gives no reason (a rule of thumb), so the prose drops the number; the lines printed
    # below it show where the line falls (7 hearts: no, 8: yes)
    # r87b (newcomer r87): without the number the reader had to work the threshold out from four examples: it is
    # stated again (view.shooting: hearts + 13 for the Q♠ >= 8), the printed lines show it working
    # r98 (newcomer r97: "why 8?"): neither the code nor its comment gives a reason: said to be the bot's chosen threshold
    # r108 (newcomer r108: "which bot?"): ours does not choose it; the package's moon_threat does (view.shooting, below)
    # r112 (newcomer r112: the commas read "at least 8" as an alternative; "(rare)" had no referent): "and"; moons are rare
    assert ("gives the seat of an opponent who has taken every point so far and at least 8 points, a heart "
            "among them (8 is the package's threshold; the queen alone is no moon attempt), or -1.") in text  # r116: words
    # r120 (newcomer: "never tries" read as a design rule): "so far"
    assert "**Step 4 · stop a moon.** Moons are rare; our bot ignores them so far." in text and "(rare)" not in text
    assert "the bot's chosen threshold" not in text
    assert "enough points (see below)" not in text
    import inspect

    assert "return hearts > 0 and hearts + (QS_POINTS if taken & QS_MASK else 0) >= 8" in inspect.getsource(shooting)
    assert not shooting(CardList("QS").mask) and shooting(CardList("QS 2H").mask)
    assert not shooting(CardList("2H 3H 4H 5H 6H 7H 8H").mask) and shooting(CardList("2H 3H 4H 5H 6H 7H 8H 9H").mask)
    # r64: "A threat needs at least 8 points, hearts among them" was never shown working: the step-moon cell tests
    # shooting, the check view.moon_threat() applies to the one opponent holding every point, and prints it
    # r71: "The first lines below test it." cut for words (the lines print "a threat:", asserted below)
    assert "The first lines below test it." not in text
    step_moon = next(c for c in _cells("10_write_a_bot") if c.get("id") == "step-moon")
    import inspect

    # r84: the demo used internals (CardList, .mask): it calls bot_lesson.moon_test, which is shooting() on card codes
    assert "from hearts_teach.course.bot_lesson import moon_test" in _src(step_moon) and ".mask" not in _src(step_moon)
    from hearts_teach.course.bot_lesson import moon_test
    assert "return shooting(CardList(codes).mask)" in inspect.getsource(moon_test)
    assert "return holder if shooting(taken[holder]) else -1" in inspect.getsource(
        __import__("hearts_teach.games.hearts.view", fromlist=["moon_threat"]).moon_threat)
    shown_lines = "".join("".join(o.get("text", "")) for o in step_moon["outputs"]).splitlines()
    assert [" ".join(ln.split()) for ln in shown_lines[:4]] == [
        "Q♠ a threat: False", "2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ a threat: False", "2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ a threat: True",
        "Q♠ 5♥ a threat: True"]
    # newcomer rater (issue 27, round 27): void_pass's score is explained in its comments (a singleton +6, a
    # doubleton +4, three cards +2; spades none); played here: the singleton 2♦ (2 + 6) scores above the 7♣ of a
    # six-card suit, the singleton 2♠ gets no bonus and stays
    from types import SimpleNamespace

    from hearts_teach import Card

    held = CardList("2S 2D 2C 3C 4C 5C 6C 7C 2H 3H 4H 5H 6H")
    passed = ns["void_pass"](SimpleNamespace(cards=held))
    assert passed[-1] == Card("2D") and passed[-2] == Card("7C") and Card("2S") not in passed
    void_src = next(_src(c) for c in _cells("10_write_a_bot") if c.get("id") == "step-void")
    assert "1 card +6, 2 cards +4, 3 cards +2, longer suits +0" in void_src and "bonus = 8 - 2 * length" in void_src
    assert "Spades get none: low spades guard you against the queen" in void_src
    # r94: "so keep them" read as keeping every spade; a high spade is passed on its rank (A♠ 14 beats most scores)
    assert "so keep them" not in void_src and "# a high spade can still be passed on its rank alone" in void_src
    assert Card("AS") in ns["void_pass"](SimpleNamespace(cards=CardList("AS 2S 3S 4D 5D 6D 7D 8C 9C TC 2H 3H 4H")))
    # and moon_play overtakes whoever is winning (its comment says so), not only the shooter
    moon_src = next(_src(c) for c in _cells("10_write_a_bot") if c.get("id") == "step-moon")
    over = next(line for line in moon_src.splitlines() if "over = [" in line)
    assert "shooter" not in over and "take the trick from the shooter" not in moon_src
    # r41_d: the higher card can still be overtaken by a later player (cell 19 shows it): "try to win"
    assert "# try to win the trick, whoever is winning it now" in moon_src
    # r36_f: "win the trick when you can" but `c != QUEEN`: the prose and a comment say why (her 13 points)
    assert "# higher cards of the led suit, but never the Q♠: winning with her would hand us her 13 points" in moon_src
    # r64: "try to win the trick (never with the Q♠), whoever is winning it" was awkward and left out the duck when
    # no card is higher: moon_play plays its highest card over the winning one, else falls back to dump_play's duck
    # r77: why overtake a non-shooter was not said (r71 had cut it): a point you take breaks the moon
    # r84b: two bullets, one per branch of moon_play (the rater matched the sentences to the code branch by branch)
    # r93: "whoever played it" and "else duck" took several readings: two numbered steps, true to moon_play (the
    # highest card over the winning one but never the Q♠, whoever is winning; none higher: dump_play's duck; cannot
    # follow on the shooter's trick: a clean card)
    # r97: why overtake a non-shooter was still asked; moon_play gives no reason (it does not look at who is winning
    # when it can follow: the `over` line above), so the prose says that rather than invent one
    # r97 review: the bracket after "never the Q♠" read as part of the queen's clause: it follows "whoever is winning"
    # r99 (newcomer r98): "(the code does not ask)" sent the reader to the code: said plainly that moon_play overtakes
    # a non-shooter too (the `over` line), so our bot may take points itself
    assert "the code does not ask" not in text
    # r107: why overtake a non-shooter (the shooter may still play), and "the trick's points" read as always there:
    # a point our bot takes breaks the moon (the shooter no longer has them all)
    # r109 (newcomer r109): why the highest such card was not said: the reason now follows it (the shooter may
    # play later and overtake), and still says why a non-shooter's trick is taken
    # r120 (newcomer: why overtake a non-shooter who is winning?): the reason, in a parenthesis (r107's "may still play")
    assert ("1. Following suit, even over a non-shooter (the shooter may overtake): play your highest card that beats the winning one "
            "(the highest: hardest to overtake), never the Q♠. A point our bot takes breaks the moon. None beats it? Duck. 2. Cannot follow, and the shooter is winning: throw your highest card "
            "worth no points (the shooter may take the trick). Otherwise: `dump_play`.") in text
    # r116 (newcomer r115: which clean card? the table's "highest" came as a surprise; what else?): moon_play's
    # max(clean) and its last line, return dump_play(view)
    moon_src = next(_src(c) for c in _cells("10_write_a_bot") if c.get("id") == "step-moon")
    assert "return max(clean, key=lambda c: c.rank)" in moon_src and "    return dump_play(view)\n" in moon_src
    assert "whoever played it" not in text and "else duck" not in text
    # r82: "a point you take breaks the moon" was said of any trick won; a clean trick breaks nothing
    assert "(a point you take breaks the moon)" not in text
    assert "win the trick when you can" not in text
    # r43_b: the prose said "try to win" beside "a trick the shooter is winning", read as one condition; the code
    # tries to win whenever it can follow, whoever is winning, and keeps points off only the shooter's trick
    # last stop's diff read: "any point you take" was said of winning any trick; only a point on a trick won counts
    # r45_e: why win a trick a non-shooter is already winning: a point the bot takes means the shooter cannot take
    # all 26 (the moon rule), so there is no moon
    # r54: moon_play tries to win clean tricks too, which break nothing: said
    # r71: that sentence cut for words (the lesson was at its cap)
    assert "Against a shooter: 1. Following suit, even over a non-shooter (the shooter may overtake): play your highest card that beats the winning one (the highest:" in text  # r117 (newcomer r116 item 3.4): why the highest; l6: why not feed the shooter; r59: "may" (a later player can overtake, cell 19); r84b: as bullets
    assert "# do not feed the shooter: points it takes help the moon" in moon_src
    assert "elif seat == shooter:" in moon_src and "if any(c.suit == top.suit for c in legal):" in moon_src
    # r36_f: dump_play without `not any(...)` and `hearts or legal` (idioms a little-Python reader may not know); it
    # chooses what the old one-line version chose, on every position of a few rule-bot hands
    dump_src = next(_src(c) for c in _cells("10_write_a_bot") if c.get("id") == "step-dump")
    assert "any(" not in dump_src and " or legal" not in dump_src and "if not following:" in dump_src

    def old_dump(view):
        legal = list(view.legal)
        if view.winning is not None and not any(c.suit == view.winning[1].suit for c in legal):
            if Card("QS") in legal:
                return Card("QS")
            hearts = [c for c in legal if c.suit.letter == "H"]
            return max(hearts or legal, key=lambda c: c.rank)
        return ns["duck_play"](view)

    from hearts_teach import Hand as _Hand
    from hearts_teach.agents.hearts import make_bot as _make_bot

    _rule, dumps = _make_bot("rule"), 0
    for seed in range(12):
        hand = _Hand.deal(seed=seed, pass_direction="hold")
        while not hand.is_over:
            v = hand.view(hand.turn)
            assert ns["dump_play"](v) == old_dump(v)
            dumps += v.winning is not None and not any(c.suit == v.winning[1].suit for c in v.legal)
            hand.play(_rule.choose_play(v))
    assert dumps > 20
    # r36_f: the voids are printed by a plain loop, as a sentence, not a dict; measure says it need not be read closely
    parts = next(c for c in _cells("10_write_a_bot") if c.get("id") == "view-parts")
    parts_out = "".join("".join(o.get("text", "")) for o in parts["outputs"])
    # r72c: the cell shows only what the first bots use (cards, legal, winning); the voids line is cut
    assert "shown void" not in parts_out and "{" not in _src(parts)
    assert "winning:        East with 6♦\n" in parts_out and "legal now:      9♦ J♦ Q♦ K♦ A♦\n" in parts_out
    assert _src(next(c for c in _cells("10_write_a_bot") if c.get("id") == "measure")).startswith(
        "# No need to read this cell line by line:")
    # round 28: the rule bot's spade guard, said as its number (policy.SPADE_GUARDS low spades, 2♠ to J♠): West
    # passed the Q♠ holding J♠ 10♠ 5♠, three of them
    from hearts_teach.agents.hearts.policy import LOW_SPADES, SPADE_GUARDS

    assert SPADE_GUARDS == 5 and LOW_SPADES == CardList("2S 3S 4S 5S 6S 7S 8S 9S TS JS").mask
    # r54: the claim moved to "Ideas to try next", shown on hand 2 (West passed the Q♠ holding J♠ 10♠ 5♠)
    # r64: "from the rule bot's code" was unsupported (never shown): the module is named; "(hand 2's West passed the
    # Q♠ with three)" cut for words (SPADE_GUARDS is still checked above)
    # r68: "pass the Q♠, K♠ and A♠" read as all three: whichever you hold (each gets the bonus on its own, below)
    # r71: "unless five spades below the queen guard them" gave no reason for five (cell 10 says each low spade
    # covers one spade lead): five is a tuned setting of the rule bot (policy's comment, below), said so; and the
    # replay's trick-10 lesson is an idea too (test_lesson_10_r71_...)
    # r71b: the claim is shown now (the turn-spades cell: test_lesson_10_r71b_...) and said as the code does it: with
    # fewer than five lower spades the Q♠, K♠, A♠ get a bonus that puts them first; else they count by rank alone
    # r72: "then they count by rank alone" read as the whole pass by rank (the Q♠ would then go before the J♦): the
    # pass is said as pass_score does it (rank, the short-suit bonus, the 2♣ and high-spade bonuses, rescored after
    # each pick), and the turn-spades cell prints the bonuses and the scores pick by pick
    # r81: the full scoring (2♣ bonus, rescoring, "SPADE_GUARDS: try others" with no line to change) was weight
    # without teaching, and named pass_score where the cell runs rule_pass: cut to its biggest bonus (the spade
    # honours' +100/+90/+80, above any rank plus short-suit or 2♣ bonus), shown on the two hands below
    # r84b: "uses our short-suit bonus too" did not explain the second hand (our score would pass the Q♠ there, level
    # with the 10♦): what rule_pass adds is said, the spade honours' bonus and the rescoring after each pick
    # r85: "adds to our score ... rescores ... beat the Q♠" was the lesson's hardest sentence ("our score" meant
    # void_pass's score, "rescores" was unexplained, "beat" read as winning a trick): said plainly, same facts
    # r97: "a big bonus ... recounting suit lengths" was hard to parse: the rule said plainly (pass_score: the spade
    # honours' bonus beats any other score when fewer than SPADE_GUARDS low spades stay; other cards as void_pass's
    # score plus the 2♣ bonus, hence "about"; rule_pass rescores the picked card's suit); the two hands' comment says
    # what they show, so "Below: ..." is cut for words
    assert "recounting suit lengths" not in text
    # r111 (newcomer r111: why 10♦ J♦ and not 9♣ 8♣ or 7♥?): the other cards' scoring said in a clause, checked below
    # r117 (r117_extra; newcomer r116 item 2.1): "much like void_pass" hid that rule_pass rescores after each pick
    # (its docstring: "pick the best-scoring card, rescore the rest, repeat"): South's 8♥ 10♥ Q♥ at the top, where
    # void_pass's one scoring passes Q♥ A♦ A♣ (checked below)
    # r120 (newcomer: why does rescoring turn A♣ A♦ Q♥ into 8♥ 10♥ Q♥?): what is rescored, the shortened suit
    # (rule_pass: "after a pick only that suit is rescored", so its short-suit bonus grows)
    assert ("**Ideas to try next.** The rule bot's pass (`policy.rule_pass`) scores much like `void_pass`, rescoring "
            "the shortened suit after each pick (South's 8♥ 10♥ Q♥, above), and passes any Q♠, K♠ or A♠ unless it has five or more spades below the queen. Playing last "  # r99: the other cards' scoring cut for density
            "and sure to win? Unlike `duck_play`, play your highest (not the Q♠), so that card cannot win points later. Code trick "  # r107: "it" was unclear; r109: step 1's duck_play plays its lowest there (newcomer r109)
            "10's lesson in `my_play` (two cells "  # r87: the idea's reason in one clause
            "below).") in text  # r72c: the my-pass cell holds my_play
    assert "uses our short-suit bonus too" not in text
    assert "kept, it could take points later" not in text  # r93: "kept" read as cryptic: said as what winning now avoids
    assert "rescores" not in text and "beat the Q♠" not in text and "adds to our score" not in text  # r85
    from hearts_teach.agents.hearts.policy import pass_score as _score
    from hearts_teach.agents.hearts.policy import rule_pass as _pass
    from hearts_teach.kernel.cards import CardList as _CL
    five = _CL("QS 6S 5S 4S 3S 2S 5H 2H JD TD 9D 4C 3C")  # the second hand of the turn-spades cell
    assert _pass(five.mask) == _CL("JD TD 9D").mask
    from hearts_teach import Hand as _Hand
    south = _Hand.deal(seed=25, hand_number=0).dealt(0)  # r117: the view-example's South, whose pass the cell prints
    assert _pass(south.mask) == _CL("8H TH QH").mask and "passed: 8♥, 10♥, Q♥" in "".join(
        "".join(o.get("text", "")) for c in _cells("10_write_a_bot") if c.get("id") == "view-example" for o in c["outputs"])
    one_scoring = sorted(south, key=lambda c: c.rank + (8 - 2 * sum(1 for d in south if d.suit == c.suit)
                                                        if c.suit.letter != "S" and sum(1 for d in south if d.suit == c.suit) <= 3 else 0))
    assert set(one_scoring[-3:]) == set(_CL("QH AD AC"))  # r117: void_pass (one scoring) would pass Q♥ A♦ A♣
    # r111: "much like void_pass": outside the spade honours and the 2♣, pass_score is void_pass's rank plus short-suit
    # bonus (none for spades); rule_pass also rescores after each pick
    from hearts_teach import Suit as _Suit
    for held in ("QS 5S 3S 7H 5H 2H JD TD 9D 9C 8C 4C 3C", "QS 6S 5S 4S 3S 2S 5H 2H JD TD 9D 4C 3C"):
        h = _CL(held)
        for card in h:
            if card not in _CL("QS KS AS 2C"):
                n = sum(1 for c in h if c.suit == card.suit)
                bonus = 8 - 2 * n if card.suit != _Suit.SPADES and n <= 3 else 0
                assert _score(card.mask.bit_length() - 1, h.mask) == card.rank + bonus
    # the Q♠ scores her rank alone (12); rescored after each pick, J♦ 11 + 2, then 10♦ 10 + 4, then 9♦ 9 + 6 beat her
    rest = five.mask
    qs = _CL("QS").mask.bit_length() - 1
    for code, want in (("JD", 13), ("TD", 14), ("9D", 15)):
        c = _CL(code).mask.bit_length() - 1
        assert _score(qs, rest) == 12 < _score(c, rest) == want
        rest ^= 1 << c
    # r82: "puts ... first" read as printed order, and the output lists the Q♠ last
    assert "puts any Q♠, A♠, K♠ first" not in text
    assert "policy.pass_score" not in text and "try others" not in text
    assert "by rank alone" not in text
    import inspect

    import hearts_teach.agents.hearts.policy as policy_module
    assert min(policy_module.HONOUR_BONUS.values()) > 14 + 6 + policy_module.TWO_CLUBS_BONUS
    assert "# passing constants (jdh8's tuned defaults: heart_weight 0, spade_guards 5, void_weight 1)" in \
        inspect.getsource(policy_module)   # "a tuned setting"
    assert policy_module.pass_score.__defaults__[0] == SPADE_GUARDS
    assert callable(policy_module.rule_pass) and callable(policy_module.rule_play)
    assert "leads with care" not in text
    from hearts_teach import Hand
    from hearts_teach.agents.hearts import make_bot
    from hearts_teach.agents.hearts.policy import rule_pass

    # three spades below her: she goes; five: the A♦ K♦ Q♦ go instead
    fewer, enough = CardList("QS JS TS 5S AD KD QD 2C 3C 4C 5C 6C 7C"), CardList("QS JS TS 5S 4S 3S AD KD QD 2C 3C 4C 5C")
    assert rule_pass(fewer.mask) & CardList("QS").mask and not rule_pass(enough.mask) & CardList("QS").mask
    west = Hand.deal(seed=5, hand_number=1).view(1)  # the replay's deal: West holds Q♠ J♠ 10♠ 5♠ and passes her
    assert (west.cards.mask & LOW_SPADES).bit_count() == 3 and Card("QS") in make_bot("rule").choose_pass(west)


def test_lesson_08_the_ace_demo_numbers_are_the_coachs():
    """A newcomer asked why A♥ (Δ +3.07, above the 3-point line) is a mistake, not a blunder: the prose
    gives its interval, which reaches below 3, and tells the reason's hearts from Δ's points. The figures
    are those printed by the cells above it (nbval holds the printouts to the engine)."""
    from hearts_teach.agents.coach import assess_play

    cells = _cells("08_practice_decisions")
    out = "\n".join("".join(o.get("text", "")) for c in cells if c["cell_type"] == "code" for o in c.get("outputs", []))
    prose = " ".join(" ".join(_src(c) for c in cells if c["cell_type"] == "markdown").split())
    # newcomer round 29: the intervals and the Details table are gone from the lesson (mechanics a player does not
    # need); the prose says in one sentence why the ace is a mistake: shown over 1 point, not shown over 3
    scope: dict = {}
    exec("".join(_src(c) for c in cells if c.get("id") in ("l08-02", "l08-04")), scope)  # noqa: S102 - our own lesson
    demo = assess_play(scope["hand"].view(0))
    ace = demo.of("AH")
    low, _high = ace.delta_ci95
    # r89: cell l08-07a's "Points ≈ hearts + 13 × the chance of taking the Q♠" is the coach's own sum (moons aside):
    # exact on the demonstration, and within 0.2 points on every card of drills 4 and 5
    from hearts_teach.course.drills import DRILLS, grade

    assert all(abs(c.exp_points - c.stats["exp_hearts"] - 13 * c.stats["p_take_qs"]) < 0.01 for c in demo)
    for drill, answer in ((DRILLS[3], "3S"), (DRILLS[4], "2S")):
        assert all(abs(c.exp_points - c.stats["exp_hearts"] - 13 * c.stats["p_take_qs"]) < 0.2
                   for c in grade(drill, answer).assessment)
    assert ace.verdict == "mistake" and ace.delta_vs_best > 3 > low > 1  # the point estimate passes 3; the deals do not show it
    # fresh newcomer rater (r44_c): "cost +3.07" beside "mistake" read as a blunder; the verdict's sentence leads
    # fresh newcomer rater (r52): the verdict's sentence now carries the printed range it rests on
    # r89: in the guide's new words (the grade goes by the range's low end, which "starts" it)
    # r91 (rater: "the milder mistake": milder than what?): the grade it is not, named
    # r93 (rater: the guide needed one example from the lesson's own figures): the A♥'s range is the guide's example,
    # before its printout, and says its average is over 3 (drill 2's 4.0 mistake); l08-sure-ace no longer repeats it
    # r94 (rater: best and too close to call go by the high end, so "the verdict goes by the low end" held only from
    # inaccuracy down): the low end is said to decide once the range lies wholly above 0.25
    # r98 (report r97/08: the range was quoted before cell 9 printed it): the guide's steps follow the printout
    verdict = f"The A♥ above costs {low:.2f} to {_high:.2f}: a *mistake*, though its average is over 3."
    assert verdict in prose and "the milder *mistake*" not in prose and prose.index(verdict) > prose.index("Why about 3.5 more hearts, not 4?")
    assert "Once wholly above 0.25" not in prose
    assert "starts over 1 point but not over 3: a *mistake*, not a *blunder*." not in prose
    # fresh newcomer rater (r52): the verdict's sentence claimed a range no cell printed; the A♥'s is printed as drill
    # 4's is (over 1, reaching below 3)
    assert f"A♥: its deals show a cost between {low:.2f} and {_high:.2f}\n" in out and f"{low:.2f}" == "2.55"
    # fresh newcomer rater (r50): *exp pts* and *Δ vs best* were glossed only after the printout; now just before it
    # r72c: the guide to the coach (l08-03, after the demonstration) holds the scale and ends with the gloss
    # r87 (rater: "exp pts" and "Δ vs best" were new symbols, said too briefly): each in plain words, Δ against the top choice
    # r91 (rater: both names were defined, then met only in brackets): tied to the printout they label
    # r97 (word cap): shorter, the printout itself carries both names beside their numbers
    gloss = "Below, *exp pts*: South's average points for the hand; *Δ vs best*: the cost."
    # r92 (rater: the verdict words were met before the table): the table moved above the first coach printout, so the
    # gloss moved to l08-07a, just above the printout it labels
    # r99 (report r98/08: the scale came after the first printed range): the guide (l08-03), now just above that
    # printout, ends with the gloss
    assert " ".join(_src(cells[[c.get("id") for c in cells].index("l08-03")]).split()).endswith(gloss)
    # fresh newcomer rater (r46): the figures and the 95 % rule came before drill 1; they moved after the drills, and
    # the demonstration points there once, with the coach's printed 3.5 hearts (over 3, yet a mistake)
    ids = [c.get("id") for c in cells]
    # r99 (report r98/08: "2.55 and 3.58" printed before the scale): the scale just above the range's printout; its
    # worked example (the A♥) stays after it (r98), with the marks and the quiz
    assert ids.index("l08-03") == ids.index("l08-07a") + 1 and ids.index("l08-06b") == ids.index("l08-03") + 1 and ids.index("l08-sure-ace") == ids.index("l08-06b") + 1
    assert ids.index("l08-sure-ace") + 1 == ids.index("l08-24")
    assert ids.index("l08-06") < ids.index("l08-07a") < ids.index("l08-03") < ids.index("l08-sure-ace") < ids.index("l08-24") < ids.index("l08-10")  # r72: the scale and its quiz before the drills; r92: the table before the coach's first printout
    assert "l08-sure" not in ids  # r72c: its verdict list was the guide's again; one list, in l08-03
    assert "about 3.5 more hearts than with 4♥" in assess_play(scope["hand"].view(0)).summary()
    # r92 (rater: "the reason" was undefined): the words after the dash in the coach's printout
    # r112 (report r112/08: read as a general rule, but later reasons count the Q♠'s chances): "here" scopes it
    # r114 (report r114/08: "about 3" of what? 3.07 prints two cells down): the A♥'s cost, named
    # r116 (report r115/08: 3.07 prints two cells down, "about 3" had no source in view): "below: 3.07"
    assert ("Mind the units: here the words after the dash count **hearts**, the verdict **points a hand** (the A♥'s cost below: 3.07)."
            in " ".join(_src(cells[ids.index("l08-07a")]).split()) and "the reason counts" not in prose)
    assert "(the A♥'s cost: about 3)" not in prose
    assert "Mind the units: the words after the dash count" not in prose
    assert "interval" not in prose and "Details" not in prose
    # one pointer stays for the curious (the glossary's *Delta*, *Exp pts* and *Δ vs best* cite this lesson);
    # fresh newcomer rater (r43_h): it described the columns of a table never shown, so the demonstration's
    # printout now carries the coach's two names, and the prose names only what is printed above it
    assert gloss in prose and "details()" not in prose and "(*exp pts* is the points a hand," not in prose  # r87
    assert (f"A♥: 4.5 hearts, the Q♠ in 5% of deals, {ace.exp_points:.1f} points a hand (exp pts), "
            f"cost {ace.delta_vs_best:+.2f} points (Δ vs best)") in out
    assert f"{ace.exp_points:.1f}" in assess_play(scope["hand"].view(0)).details()
    assert "A♥: mistake" in out and "Details ·" not in out  # the verdict as printed; no Details table
    assert "two tricks and three cards of the third played" in "".join(_code("08_practice_decisions"))


def test_lesson_06_history_says_only_its_source_and_the_queen_waits_reads_plainly():
    """A newcomer's review: the history paragraph keeps only what its source (the quick sheet's history
    note: Reversis, the American game by the 1880s, the pass added later) says. Round 9: it is stated
    plainly, without remarks about the source (the queen-waits details are now in lesson 04)."""
    text = " ".join(_src(c) for c in _cells("06_scoring_a_match") if c["cell_type"] == "markdown").replace("\n", " ")
    assert "Reversis" in text and "by the 1880s" in text
    assert "history note" not in text and "We have not checked" not in text and "write-up" not in text
    # newcomer round 8: "playing without a pass is, in a way, playing the older game" was our own
    # conclusion, not the note's (it says only that the pass was added later): removed
    assert "older game" not in text and "older game" not in "".join(_code("06_scoring_a_match"))
    # a fresh newcomer rater: the aside is one sentence now, with the same three facts
    # r76pre: the history (the quick-rules sheet's, see docs/rules.md) read as settled fact: "is said to"
    # r76b: the bold **later** still read as settled fact: "is said to" now covers all three clauses, unbolded
    assert ("**A little history.** Hearts is said to have grown out of older European *trick-avoidance* games such as "
            "the Spanish Reversis, to have taken its American form by the 1880s, and to have added the pass only after "
            "that, to soften the blow of a really bad deal.") in text and "**later**" not in text
    # fresh newcomer rater r32: the aside sat between the no-pass idea and its worked example; it is now a cell of its
    # own at the end of that section, after the example's output and before the quick check
    cells = _cells("06_scoring_a_match")
    ids = [c.get("id") for c in cells]
    history = " ".join(_src(cells[ids.index("l06-history")]).split())
    assert history.startswith("**A little history.**") and history.count(". ") == 0 and history.endswith(".")
    assert "A little history" not in _src(cells[ids.index("556b5de4")])
    # r43_g: the example's reading (one short cell) sits between its output and the history aside
    assert ids.index("556b5de4") + 1 == ids.index("3c8f6a0c") == ids.index("l06-no-pass-reading") - 1 == \
        ids.index("l06-history") - 2
    # r34_d: the worked example prints readable lines, not Python dicts and lists
    example = "".join("".join(o.get("text", "")) for o in cells[ids.index("3c8f6a0c")].get("outputs", []))
    assert "Hand scores: South 15, West 3, North 7, East 1" in example and "{" not in example and "[" not in example
    assert "standard  left, right, across, hold, left" in example
    # r40_a: "Under it, as text" sent a newcomer looking inside the empty table's own output
    # r42_a: the instructions said it twice; one sentence, and the pointer to the text twin
    # r43_g: and what to watch for: the stepper plays on until the match is over, then names the winner
    # r45_b: "the button then stops" read oddly: the button stays shown and is disabled (checked below)
    # r81: one paragraph for three cells was read twice: it now speaks of the stepper only (the next cell's own
    # paragraph introduces the question); the tie aside went (seed 12 never ties; the tie rule has its section)
    # r103: three clicks first (the question is on hand 3), then on to the end (said in l06-09-intro)
    # r117 (newcomer r116: the stored output shows nothing to click): what the cell shows once run (MatchStepper:
    # the button above the score table)
    assert ("Run the cell below, then click **Play next hand** (it appears, above an empty score table, once you run "
            "the cell) three "
            "times and stop: the bots play a new match (seed 12) one hand at a time.") in " ".join(_src(cells[ids.index("l06-08")]).split())
    # r112: the button is named, and "greys out" is how a disabled button looks (disabled is checked below)
    # r119 (newcomer r118/06: the button sits above the text and the question): where it is, said
    assert "keep clicking **Play next hand** (in the cell above) until it greys out: the table names the winner." in " ".join(
        _src(cells[ids.index("l06-09-intro")]).split())
    from hearts_teach import Match
    from hearts_teach.course.lessons import MatchStepper, table_bots

    stepper = MatchStepper(Match(seed=12), table_bots("rule", seed=12))
    while not stepper.match.is_over:
        assert not stepper.button.disabled
        stepper.step()
    assert stepper.button.disabled and max(stepper.match.totals) >= 100 and " wins with " in stepper.text()
    assert stepper.button.description == "Play next hand"
    assert stepper.button in stepper.widget.children and stepper.button.layout.display is None  # not hidden
    # r45_b: "Before the last hand" could read as the match's final hand: the quiz says "the hand just played"
    quiz = _src(next(c for c in cells if "tie = Quiz(" in _src(c)))
    assert '"Before the hand just played, the totals were South 97' in quiz and "last hand" not in quiz
    assert "yours to step through" not in _src(cells[ids.index("l06-08")])
    assert "Under it, as text" not in _src(cells[ids.index("l06-08")])
    assert "three clicks" in _src(cells[ids.index("l06-09-text")])
    assert "played on a copy" not in _src(cells[ids.index("l06-08")])
    assert _src(cells[ids.index("l06-history") + 1]).startswith("### Quick check")
    _lesson_06_r74_claims(cells, ids)
    _lesson_06_r76_claims(cells, ids)
    # and "rule bots" is glossed where lesson 06 first uses it
    assert "a whole match between four rule bots (rule-following computer players; match seed 5)" in text
    # the queen-waits wording, checked where the variant now lives (lesson 04)
    four = " ".join(" ".join(_src(c) for c in _cells("04_queen_of_spades") if c["cell_type"] == "markdown").split())
    assert "has not seen hearts broken" not in four
    # r38_a: 04 no longer states the lesson-03 reversal (a leader with only hearts and Q♠ leads a heart); the rules
    # summary and the glossary say it (tests/test_rules_doc.py, tests/test_glossary_claims.py)
    assert "you must lead a heart (which breaks them)" not in four and "## A variant: the queen waits" in " ".join(
        _src(c) for c in _cells("04_queen_of_spades"))
    assert "also earlier in the same trick" not in four  # the rules say "an earlier trick"; lesson 03 defines broken
    # r81: so 04 no longer says the queen waits "until hearts are broken" (the rules summary: a heart earlier in the
    # same trick frees her); it says "until a heart has been played (one earlier in the same trick counts)"
    # r82: one rule per line: "until a heart has been played, counting one already on this trick"
    # r104: "this trick" had no cards for a lead: earlier tricks and earlier in this one
    assert "until a heart has been played, in an earlier trick or earlier in this one" in four


def test_lesson_10_says_plainly_what_an_error_and_a_crash_are_and_shows_the_seatings():
    """Newcomer round 8: "raises an error" and "crashes" could not be told apart, and the measure printed
    "over 160 hands" for deals=40 without saying why (each deal in 4 seatings)."""
    text = " ".join("".join(_src(c) for c in _cells("10_write_a_bot") if c["cell_type"] == "markdown").split())
    # r64: trimmed for words
    # r65: "takes over a second" read as the phrasal verb: said as the 1-second move limit
    # r68: trimmed for words
    # r71: trimmed for words; the glossary's stand-in entry (linked) gives the one move / rest of the hand detail
    # r112 (newcomer r112: "for that card, or the hand?"): the scope said, as the league's docstring has it
    assert ("If a bot raises an error or returns an illegal card, a highest-card "
            "[stand-in](glossary.ipynb#cell-id=term-stand-in) plays that move; if its process dies or a move exceeds 1 second, "
            "it plays the rest of the hand.") in text  # r117 (newcomer r116 item 3.5): the clause lacked its verb and "play for it." not in text
    # r114 (newcomer r114: raising an error *is* crashing; 1 second per what?): the process dying (league_tables: a
    # BotFailure that is no timeout), and the limit per move (MOVE_LIMIT)
    assert "if it crashes or needs over 1 second" not in text
    from hearts_teach.classroom import league as _league
    assert "After a timeout or a crash the stand-in plays for it for the rest of that hand" in " ".join(
        (_league.__doc__ or "").split())
    from hearts_teach.classroom.league import MOVE_LIMIT

    assert MOVE_LIMIT == 1.0
    printed = "".join("".join(o.get("text", "")) for c in _cells("10_write_a_bot") for o in c.get("outputs", []))
    assert "over 40 deals × 4 seatings = 160 hands" in printed


def test_lesson_10_newcomer_round_11_wording():
    """Round 11: the first bot is four lines (two functions of two lines each), a "moon run" is said as an
    attempt to shoot the moon, the "highest card" bots are said, and the step comparisons are bullets."""
    import ast

    cells = _cells("10_write_a_bot")
    text = " ".join(" ".join(_src(c) for c in cells if c["cell_type"] == "markdown").split())
    assert "## A first bot in four lines" in text and "five lines" not in text
    first = next(_src(c) for c in cells if "def first_pass(view):" in _src(c))
    tree = ast.parse(first)
    lines = [ln for f in tree.body if isinstance(f, ast.FunctionDef) and f.name.startswith("first_")
             for ln in range(f.lineno, f.end_lineno + 1)]
    assert len(lines) == 4
    assert "moon run" not in text and "the queen alone is no moon attempt" in text
    # r64: "do highest card bots also pass their highest cards?": yes (HighestCardBot's doc, below)
    # r71: spelled "highest-card", as the check prints it
    # r97: "(they pass and play their highest cards)" cut for words (the name says it; HighestCardBot's doc, below)
    # r108 (newcomer r108: "never defined; how does it pass?"): said again, shorter (HighestCardBot's doc, below)
    # r116 (newcomer r115: highest of all cards or of the legal ones?): legal (HighestCardBot: "always plays its
    # highest legal card"; it passes its 3 highest)
    # r120 (newcomer: what do they pass? a bot's results depend on what it receives): said (HighestCardBot passes its
    # 3 highest, held below)
    assert 'three "highest-card" bots (passing and playing their highest legal cards).' in text  # r114: words
    from hearts_teach.agents.hearts.simple import HighestCardBot

    assert "passes its 3 highest cards and always plays its" in " ".join(HighestCardBot.__doc__.split())
    # r72c: the comparisons are no longer a list after step 4: each verdict opens the cell after its step
    opens = {c.get("id"): _src(c) for c in cells}
    # r94 (r93, r94): ducking, dumping, then the void pass: each verdict opens the cell after its step
    assert "step-duck-md" not in opens and opens["steps-md"].count("**Step 1 · duck under the winning card.**") == 1
    assert opens["step-dump-md"].startswith("Ducking is kept:")
    assert opens["step-void-md"].startswith("Dumping is the big step: its whole interval lies above zero.")
    assert opens["step-moon-md"].startswith("The void pass is kept")
    # r84: "By the rule, step 4 goes." cut for words: the keep-rule line above says "keep rule (moon stop): drop"
    assert opens["moon-read"].startswith("The moon stop also let through more moons")


def test_lesson_08_says_only_what_a_player_needs_to_read_a_verdict():
    """Newcomer round 12 put the statistics in one box after the verdicts; round 29 found half the lesson about the
    coach's mechanics and cut the box (intervals, halves of the deals, the Details table): what stays is what a
    verdict means in points a hand, that the deals must show it clearly (else the milder verdict), and *too close
    to call*. The verdict lines are those verdict_of applies; the quiz asks the overlap."""
    from hearts_teach.agents.coach_stats import BAND, INACCURACY_MAX, MISTAKE_MAX, verdict_of

    cells = _cells("08_practice_decisions")
    ids = [c.get("id") for c in cells]
    prose = " ".join(" ".join(_src(c) for c in cells if c["cell_type"] == "markdown").split())
    for gone in ("l08-08", "l08-07b", "l08-08b"):
        assert gone not in ids
    for word in ("interval", "confidence", "half of the deals", "fine print"):
        assert word not in prose, word
    # fresh newcomer rater (r41_f): best is defined as lesson 06a does ("shown (95 %) to be within a quarter point
    # (0.25) of the top choice"), so "95 %" appears once, there; too close to call is not best (06a: "a good play,
    # like best"), and the verdict rule is the quiz's wording, not "the worst verdict they show clearly"
    # (r44_b: 06a's line is now the same bullet as 08's, checked below on both lessons)
    # r72c (rater: cells 3 and 8 were a wall of method before any example; "shown (95 %)" was heavy): one list, after
    # the demonstration, in plain words; "95 %" is gone from the prose
    assert prose.count("95 %") == 0
    src06a = " ".join(" ".join(_src(c) for c in _cells("06a_guided_first_hand") if c["cell_type"] == "markdown").split())
    # rater r61: 06a's best is a table row now, the same band in plain words (08's bullet below)
    assert "|the deals show it costs at most a quarter point more|" in src06a  # r107: "shown" was unclear
    plain = " ".join(_src(cells[ids.index("l08-03")]).split())
    assert plain.startswith("## How to read the coach") and "l08-sure" not in ids
    # r72c: the demonstration first; r92 (rater: verdict words in the printout before the table): the position (l08-04)
    # still comes first, the table now just before the coach's printout of it
    assert ids.index("l08-04") < ids.index("l08-06") < ids.index("l08-03") < ids.index("l08-06b") < ids.index("l08-10")  # r99: the scale before the range's printout
    # r78: each line with an example range (checked against verdict_of below)
    # r89 (rater: range, low end and spans all at once; the e.g. ranges half gave the quiz away): a plain scale in
    # points a hand first (coach_stats' BAND, INACCURACY_MAX, MISTAKE_MAX), then the range and its low end, one example
    # r91 (rater: four bands, the range, its low end and best's exception in one paragraph): a small table
    assert all(row in _src(cells[ids.index("l08-03")]) for row in ("1. The whole range at or below 0.25 (a quarter point): *best*.", "2. The range crossing 0.25: [*too close to call*](glossary.ipynb#cell-id=term-too-close-to-call).", "3. Otherwise the range's **low end** decides: over 0.25, *inaccuracy*; over 1, *mistake*; over 3, *blunder*."))
    # r99: the marks line moved with the A♥'s worked range to l08-sure-ace, just above the quiz
    assert "Drills score **marks**: 2 for *best* or *too close to call*, 1 for an *inaccuracy*, 0 for a *mistake* or *blunder*." in _src(cells[ids.index("l08-sure-ace")])
    assert "**blunder** over 3." not in plain
    assert (BAND, INACCURACY_MAX, MISTAKE_MAX) == (0.25, 1.0, 3.0)
    assert "e.g." not in plain and "- **best**" not in plain
    # r78 (rater: "best", "mistake" and "points a hand" were used before the guide): the coach's method and its unit
    # moved just before the grading (l08-05); the guide opens on ranges, "range" explained before the list uses it
    gloss = " ".join(_src(cells[ids.index("l08-05")]).split())
    assert ids.index("l08-05") == ids.index("l08-06") - 1 and gloss.startswith("The coach cannot see the other hands.")  # r92; r98: l08-03 moved down
    # r79 (rater): a verdict is a grade, not a number of points: it "grades what a move costs"
    # r81 (rater: "on average" made the A♥'s 3.07 read as a blunder): the verdict goes by the range, said below
    # r87 (brief: "best" named both the grade and the card with the fewest points): that card is the **top choice**
    assert ("A verdict (*best*, *mistake*, …) grades what a move costs you in **points a hand** against "
            # r111 (report r111/08: the demo's verdicts print before the scale): linked from here
            "the coach's **top choice**, the move with the fewest ([scale below](#cell-id=l08-03)).") in gloss and "says how many **points a hand**" not in gloss and "on average" not in gloss
    # r98: the guide (l08-03) now follows the printouts; the names stay out of the prose before the coach's method
    before = " ".join(" ".join(_src(c) for c in cells[:ids.index("l08-05")] if c["cell_type"] == "markdown").split())
    for word in ("95 %", "exp pts", "Δ vs best", "replays"):
        assert word not in before, word
    # the range, once, in plain words: a worse verdict only when the whole range is past its line
    # r81 (rater: "past its line" was new and abstract): the cut-offs named, and the range's low end is what counts
    # r84 (rater: "the highest cut-off that even the low end of the range is over" took rereading): one plain
    # sentence, with an example whose high end passes 3 (the A♥'s puzzle, before its +3.07 is printed)
    # r84 read: "the verdict goes by its low end" held for every grade, yet best and too close to call turn on the
    # high end (the list below): the low end decides only above too close to call
    # r85 read: "above too close to call, its low end sets the grade" was hard to parse: each grade's line says which
    # end of the range it reads, under one plain sentence saying what the range is
    # r87 (rater: it never said what the range means): one clause, the true cost very likely lies in it
    # r89 (rater: grade by the low end, in one sentence, after a plain scale): the exception said with it (best and
    # too close to call read the high end too), and the one example range the guide keeps, a mistake by its low end
    # r91: the range said once above the table; the A♥'s printed range (l08-sure-ace) is the worked low end
    # r92 (rater: best and too close to call both score 2, and a cost of 4.0 graded a mistake jarred): one line says the
    # low end sets the verdict, and best reads the whole range
    # r93 (rater: "Its low end sets the verdict (*best*: the whole range)" took three readings; "crossing" unexplained):
    # the low end with the A♥'s printed range as its example, and too close to call in numbers (the unit is in l08-05)
    # r98 (report r97/08: ranges and thresholds crammed, quoted before printed): what the range is, then three steps
    # r112 (report r112/08: the summary shows verdicts, no range): the range is what lies behind each verdict
    assert "The coach gives each move's cost as a" not in plain
    assert ("Behind each verdict is a **range**: the move's cost over the top choice; "
            "the coach is 95% sure it holds the true cost. 1. The whole range at or below 0.25 (a quarter point): *best*. Several cards can be *best*; *Best:* names the top choice. 2. The range crossing 0.25: "
            "[*too close to call*](glossary.ipynb#cell-id=term-too-close-to-call). 3. Otherwise the range's **low end** "
            "decides: over 0.25, *inaccuracy*; over 1, *mistake*; over 3, *blunder*.") in plain
    # r99: the A♥'s worked range follows its printout (l08-sure-ace), the scale above it
    assert "The A♥ above costs 2.55 to 3.58: a *mistake*, though its average is over 3." in " ".join(_src(cells[ids.index("l08-sure-ace")]).split())
    assert "The A♥ above costs" not in plain
    assert "The verdict goes by the range's" not in plain
    assert verdict_of(0.1, 0.2) == "best" and verdict_of(0.1, 0.3) == "fine"  # best and too close to call: the whole range
    assert "Its low end sets the verdict" not in plain and verdict_of(0.25, 0.3) == "fine" and verdict_of(2.55, 3.58) == "mistake"
    assert "The verdict reads the range;" not in plain
    assert "such as 1.4 to 3.3" not in plain
    assert verdict_of(0.2, 0.3) == "fine" and verdict_of(0.0, 0.25) == "best"  # crossing the quarter point, or within
    assert "past its line" not in plain and "above too close to call" not in plain
    assert "the verdict goes by its low end" not in plain and verdict_of(0.2, 0.3) != verdict_of(0.0, 0.2)
    assert "highest cut-off" not in plain and verdict_of(1.4, 3.3) == "mistake"
    # fresh newcomer rater (r57): one name for the idea (the gloss "a good move, though not shown to be best" went)
    # r81 (rater: "its deals cannot tell whether…" was abstract): the range spans the cut-off
    # r78, r79: one example range per verdict, each "e.g."; r89 (rater: the 0.3 to 0.9 example nearly answered the
    # quiz, and five ranges made the hardest paragraph): only the mistake's 1.4 to 3.3 stays, in the range sentence
    assert "spans the quarter point" not in plain and "(e.g. 0.3 to 0.9)" not in plain and "(the A♥ below)" not in plain
    assert "*fine*" not in plain and "a good move, though not shown" not in plain
    assert "highest line its cost clearly passes" not in plain
    assert "worst verdict" not in plain and "counts as best" not in plain
    assert "The A♥ above costs 2.55 to 3.58: a *mistake*" in prose  # r91; r93: in the guide (l08-03); r98: after its printout
    assert "inaccuracy or worse" not in prose
    # the highest line clearly passed: verdict_of goes by the interval's low end; above the band's top, not best
    assert verdict_of(3.2, 3.9) == "blunder" and verdict_of(1.2, 2.5) == "mistake" and verdict_of(0.3, 0.9) == "inaccuracy"
    assert verdict_of(0.9, 3.5) == "inaccuracy" and verdict_of(2.9, 3.1) == "mistake"  # not shown: the milder one
    assert verdict_of(0.0, 0.25) == "best" and verdict_of(0.2, 0.3) == "fine" and verdict_of(0.26, 0.3) == "inaccuracy"
    quiz = next(_src(c) for c in cells if c.get("id") == "l08-24")
    # r84 (rater: the quiz's mistake only repeated the A♥'s): a range whose high end passes 1, an inaccuracy
    assert "low, high = 0.6, 1.8" in quiz and verdict_of(0.6, 1.8) == "inaccuracy" and "1.2, 2.5" not in quiz
    # r81: the quiz in the guide's words; r84: the guide's new sentence (the range's low end)
    assert "the verdict goes by the range's low end, {low}" in quiz and "highest line" not in quiz
    # the main line flags the demonstration's puzzle (3.5 hearts, yet a mistake), and the lesson ends on the exercise
    out = "\n".join("".join(o.get("text", "")) for c in cells if c["cell_type"] == "code" for o in c.get("outputs", []))
    hearts = re.search(r"A♥: mistake .*about (\d+(?:\.\d)?) more hearts", out).group(1)
    assert float(hearts) > 3 and f"Why about {hearts} more hearts, not 4?" in prose
    assert ids.index("l08-24") < ids.index("l08-10") and ids.index("l08-26") == len(ids) - 1


def test_lesson_08_the_ace_demo_splits_hearts_and_the_queen():
    """Newcomer round on the stored lesson: the prose said about 3.5 hearts "a point each" while the
    Details show 5.1 against 2.1 points, and the trick holds 4 hearts with the ace. The prose now says
    why 3.5 (South takes hearts later after the duck too) and that the Q♠ moves the other way; every
    figure is read from the stored outputs (nbval holds them to the engine)."""
    cells = _cells("08_practice_decisions")
    out = "\n".join("".join(o.get("text", "")) for c in cells if c["cell_type"] == "code" for o in c.get("outputs", []))
    prose = " ".join(" ".join(_src(c) for c in cells if c["cell_type"] == "markdown").split())
    rows = {m[0]: m[1:] for m in re.findall(r"^(4♥|A♥): (\d+\.\d) hearts, the Q♠ in (\d+)% of deals, "
                                             r"(\d+\.\d) points a hand \(exp pts\), cost \+\d+\.\d\d points \(Δ vs best\)$", out, flags=re.M)}
    (h_duck, q_duck, p_duck), (h_ace, q_ace, p_ace) = rows["4♥"], rows["A♥"]
    hearts = re.search(r"A♥: mistake .*about (\d+\.\d) more hearts", out).group(1)
    trick = re.search(r"Trick so far \(led by West\): (.*?)\n", out).group(1)  # the demo prints hand.text() (round 30)
    assert trick.count("♥") + 1 == 4  # the trick's hearts and South's A♥
    assert abs(float(h_ace) - float(h_duck) - float(hearts)) < 0.11
    back = 13 * (int(q_duck) - int(q_ace)) / 100
    assert f"{back:.1f}" == "0.4" and int(q_duck) - int(q_ace) == 3
    cost = float(p_ace) - float(p_duck)
    assert round(cost) == 3 and abs(float(hearts) - back - cost) < 0.15
    # a fresh newcomer rater asked why the ace makes the Q♠ rarer (5% against 8%); no reason could be shown (on the
    # coach's deals the kept A♥ never wins her trick: South takes her with diamonds either way), so the prose no
    # longer compares the two shares: it says only that the points count her too, a few deals either way
    assert int(q_ace) < 10 and int(q_duck) < 10
    # fresh newcomer rater (r51): "a few deals either way" hid that the duck takes her more often: both shares are given
    # fresh newcomer rater (r57): the sum spelled out: the ace takes the trick's 4 hearts now and the rest later; the
    # duck (North's K♥ wins this trick) takes none now, all its hearts later
    now = trick.count("♥") + 1
    assert now == 4 and "West 5♥, North K♥, East 2♥" in trick  # the K♥ beats the 4♥: nothing now after the duck
    later_ace, later_duck = float(h_ace) - now, float(h_duck)
    assert (f"{later_ace:.1f}", f"{later_duck:.1f}") == ("0.5", "1.0")
    assert (f"Why about {hearts} more hearts, not 4? With the A♥, South takes this trick's {now} hearts and about "
            f"{later_ace:.1f} later: {h_ace} on average. With the 4♥, none now and {later_duck:.1f} later (the kept A♥ "
            f"can win hearts).") in prose  # r73c: worked out
    # r94 (report r94/08: the statistics before drill 1 took two reads; keep the units note, drop the rest): the
    # points sum left the prose; l08-07a's "Points ≈ hearts + 13 × …" and the printout's two lines still give it
    assert "Why only about 3 points more?" not in prose and "% of 13 points (" not in prose
    # r89 (rater: hearts in the reasons, points in the verdicts, tripped three times): one reusable line under the
    # demonstration's idea, used just above; the coach's exp_points is exp_hearts + 13 × p_take_qs, moons aside
    assert "Points ≈ hearts + 13 × the chance of taking the Q♠." in prose
    assert (p_ace, p_duck) == ("5.1", "2.1")  # the two totals, printed just above the note
    # r72b: the two shares (8% and 5%) left the prose again (a rater asked why the duck takes her more often, and
    # the engine shows no reason: see above); the output just above still prints both
    # r72c (rater: a 3.5-heart gap was only 3.0 points, unexplained): the two shares are back, as the reason for the
    # smaller gap in points; still no why for the shares themselves
    assert "points back" not in prose and "less often (" not in prose
    # r111 (report r111/08: 8% against 5% unexplained): what the two printed shares measure, still no why
    # r116 (report r115/08: the duck takes her more often, is ducking risky?): what the extra share costs, 13 × 3%
    # (the coach's shares, unrounded: 8.2% and 5.1%, 0.41 point); still no why for the shares (the engine gives none:
    # in its replays she falls on South's diamonds after either card)
    # r120 (report r120/08 guessed the kept A♥ wins her later): where she lands in the replays, printed above the note
    # (lead_queen_tricks: every time on a trick South won with a diamond, after either card, never on the A♥)
    assert "8% and 5%: how often she lands in South's tricks (replayed: on South's diamonds); the extra 3% costs 0.4 point." in prose
    assert "the duck's extra 3% costs only 0.4 point" not in prose
    assert re.search(r"after the 4♥ (\d+) times, after the A♥ (\d+) times \(on a trick South won with a diamond: \1, \2\)", out)
    assert (int(q_duck) - int(q_ace), f"{13 * (int(q_duck) - int(q_ace)) / 100:.1f}") == (3, "0.4")
    assert "4♥: 1.0 hearts, the Q♠ in 8% of deals" in out and "A♥: 4.5 hearts, the Q♠ in 5% of deals" in out
    # newcomer round 29: the fine print and its Details legend are cut; the duck's idea is said once, for the drills
    # fresh newcomer rater (r52): "duck" and "play under" named one thing; the lesson says *duck* throughout
    # r87 (rater: the coach's "4♥ ducks under K♥" came before *duck* was defined): defined in l08-05, above it
    # r109: "already" cut (word cap)
    assert ("The idea to keep: when a trick holds points and someone else's card is winning it, **duck** "
            "if you can.") in prose and "play under" not in prose
    assert "To *duck*: play lower, letting another card win." in _src(next(c for c in cells if c.get("id") == "l08-05"))
    assert "4♥ ducks under K♥" in out


def test_lesson_08_drill_2s_feedback_says_what_followed_the_pass_made():
    """Newcomer round on the stored lesson: "K♣ J♦ K♠ keeps the Q♠ instead and passes the J♦: the Q♠ can
    still be dumped on a trick you win" read as the best pass's consequence; the drill's feedback now
    puts what followed straight after the learner's pass and names the best's difference after it."""
    from hearts_teach.course.drills import DRILLS, grade

    reason = grade(DRILLS[1], "KC QS KS").reason
    assert "instead and passes the J♦:" not in reason
    assert ("makes you void in clubs (the rule bot's pass): the Q♠ can still be dropped on a trick you win; "
            "she ends up in your tricks in 39% of deals, more often than with K♣ J♦ K♠. K♣ J♦ K♠ keeps the Q♠ "
            "and passes the J♦ instead.") in reason
    # the sample run's feedback, as the learner opens it
    from lesson_runner import opened_sample_run

    assert "K♣ J♦ K♠ keeps the Q♠ and passes the J♦ instead. The coach's best: K♣ J♦ K♠." in opened_sample_run()


def test_lesson_08_drill_1s_reason_is_true_of_the_printed_position():
    """Drill 1's note on the Q♣ pass: a later newcomer found the club/diamond "reason" was none, so the
    note gives the coach's figures (the queen ends in South's tricks less often when South keeps the
    K♦ than the Q♣; the K♦ pass is an inaccuracy), as printed below it, says why a passed queen still
    comes back, and what follows: the third card matters less than the two spades. The hand facts it
    once relied on are still checked."""
    from hearts_teach.course.drills import DRILLS, grade

    prose = " ".join(" ".join(_src(c) for c in _cells("08_practice_decisions") if c["cell_type"] == "markdown").split())
    # newcomer rating: the club/diamond "reason" explained nothing; the note gives the coach's two shares
    # (as printed below it). Issue 27, round on the stored copy: "the Q♠" (a Q♣ was just named), the
    # rule of thumb's verdict, why a passed queen still comes back (the coach's own reason: she can be
    # dumped on a trick South wins; passed left, West holds her), and a concrete takeaway
    shares = grade(DRILLS[0], "KD QS AS").assessment
    # newcomer round 26: the notes' figures were heavy; drill 1's note keeps the verdicts, and its two shares
    # (30% and 35%, a small difference) are gone from the prose and the figures cell: drill 2's pair makes the
    # point that a passed queen comes back
    # fresh newcomer rater (r32): "keeping the ace is a blunder" read as a rule drawn from one pass; the note says
    # what was measured (every pass the coach grades here that keeps the ace), and the figures cell counts them
    # fresh newcomer rater (r43_h): "a kept Q♣ can win a trick" held for a kept K♦ too, and "(the sample run's
    # reason; lesson 01's J♣ too)" was cryptic: the note says only what the coach's printed figures separate
    # (the queen ends in South's tricks in 35% of its deals after K♦ Q♠ A♠, 30% after the best), no why
    # fresh newcomer rater (r51): the rule of thumb is restated, and the K♦'s cost carries the coach's own reason
    # fresh newcomer rater (r52): one idea a sentence, the K♦'s figures in the text, and the coach's words glossed
    # fresh newcomer rater (r55): the note said the best pass "follows" the rule of thumb while the figures call
    # K♦ Q♠ A♠ "the rule of thumb's pass" (both fit it); "the queen" and "it" were ambiguous; the coach's words on
    # the K♦ pass were in no stored output: the figures cell now prints its reason, quoted as printed
    # fresh newcomer rater (r57): "a player out of clubs can throw her on your Q♣" held for the kept K♦ too; replayed,
    # the kept Q♣ wins her in only 8 of 1,000 deals (asserted below), so the note calls 35% against 30% a small
    # effect and gives no why; "fits X, and Y, an inaccuracy" was hard to parse
    # r78 (rater: lesson 01 teaches no such rule; A♦ Q♠ A♠ was its example pass): "lesson 01's example pass", and
    # the 20 compared passes of 286 said in the note (the count is printed in l08-20b, the 286 asserted below)
    # r87 (rater: start with the rule and one plain why, then one figure): the kept ace's play first, lesson 01's
    # pass last, its figures (35% against 30%) folded; "(best)" read as the grade, so "the top choice"
    # r92 (rater: the top pass and the pass behind the 56% were never named): both named
    # r98 (report r97/08: "Passing left" read as a left-only rule; she and drop moved to l08-05 with dump and throw)
    assert ("**Drill 1.** **With the Q♠, the A♠ and one low spade, pass both.** The top choice is Q♣ Q♠ A♠. "
            "Passing left, West gets both. "  # r99 (report r98/08: nothing printed it; the engine test below still checks it): cut
            "Say you pass Q♣ J♥ Q♠, keeping A♠ 4♠ (no spade received)") in prose
    assert "Passing left with the Q♠" not in prose
    assert ("Below, *she* and *her* mean the Q♠. To *duck*: play lower, letting another card win. "
            "To [*drop*](glossary.ipynb#cell-id=term-drop) a card (or *dump* or *throw* it): play it on a trick someone else wins.") in prose
    # r93 (rater: "she"/"her" and "drop" were never defined here, "drop" used for both following suit and a discard):
    # defined where first used, in the glossary's sense (term-drop: given away on a trick someone else wins)
    # r89 (rater: why 20 was only in a hidden comment): one clause says where the 20 come from (asserted below: every
    # 3 of the 6 cards the rule bot's pass_score ranks first)
    # r91 (rater: cell l08-20 was dense; "rule bot" came before its link): the 20 of 286 and lesson 01's pass are
    # bookkeeping, left to the figures cell l08-20b (it prints both, asserted below)
    # r97 (report r96/08: why the third card?): the Q♠ and A♠ matter most, each graded pass keeping either a blunder
    # r98 (report r97/08: "each graded pass" never said which): the 20 and where they come from, as l08-20b prints
    # r107 (report r107/08: the six cards were never named, five findable in the outputs): named, as the coach's
    # graded passes hold them (asserted below: the union of the 20 passes' cards)
    # r111 (word cap): "The Q♠ and A♠ matter most." cut; the sentence after it says each pass keeping either is a blunder
    # r111 (review): with that sentence gone, "either" had nothing to point at: the two cards are named
    assert "keeping either" not in prose
    assert "The Q♠ and A♠ matter most." not in " ".join(" ".join(_src(c) for c in _cells("08_practice_decisions")).split())
    assert ("The coach grades 20 passes (every 3 of Q♠ A♠ Q♣ K♦ J♥ 9♥, the six the "
            "[rule bot](glossary.ipynb#cell-id=term-rule-bot) most wants to pass): each keeping Q♠ or A♠ is a blunder ([figures](#cell-id=l08-20b)).") in prose
    assert "every 3 of the six cards the " not in prose
    # r110 (report r110/08: how is a pass outside the 20 graded?): beside them, on the same deals (assess_pass's
    # include; drills.grade passes the learner's cards first), the 20's verdicts unchanged
    # r114: "beside them" cut (word cap); "on the same deals" keeps the point
    # r116 (report r115/08: "other" than what?): a pass outside the 20, named (Q♠ A♠ 3♣: graded below, a mistake)
    assert ("each keeping Q♠ or A♠ is a blunder ([figures](#cell-id=l08-20b)). Passes outside these 20 (Q♠ A♠ 3♣, say) "
            "are graded on the same deals.") in prose and "Any other pass" not in prose
    _other, _twenty = grade(DRILLS[0], "QS AS 3C").assessment, grade(DRILLS[0], "KD QS AS").assessment
    assert len(_other) == len(_twenty) + 1 == 21 and _other.of("3♣ Q♠ A♠").call == "mistake"
    assert [(c.label, c.call) for c in _twenty] == [(c.label, c.call) for c in _other if c.label != "3♣ Q♠ A♠"]
    assert {c.pretty for p in grade(DRILLS[0], "KD QS AS").assessment for c in p.cards} == set("Q♠ A♠ Q♣ K♦ J♥ 9♥".split())
    assert "20 of 286" not in prose and "Lesson 01's example pass" not in prose
    _figs = "".join("".join(o.get("text", "")) for c in _cells("08_practice_decisions") if c.get("id") == "l08-20b"
                    for o in c["outputs"])
    assert ("Drill 1, like lesson 01's pass, K♦ Q♠ A♠: inaccuracy; the top choice: Q♣ Q♠ A♠." in _figs
            and "Drill 1, the coach grades 20 passes (every 3 of the rule bot's top 6 to pass):" in _figs)
    assert "Lesson 01's rule of thumb (" not in prose
    l01 = " ".join(" ".join(_src(c) for c in _cells("01_deal_and_pass") if c["cell_type"] == "markdown").split())
    # r81: lesson 01's example pass is now J♣ Q♠ A♠, still the queen, the ace and a high card
    # r114: rule 1's "few low spades" now says how many: three or more lower spades guard her (lesson 04)
    assert "South chooses J♣ Q♠ A♠." in l01 and "**The queen of spades** (13 points), unless three or more low spades [guard](glossary.ipynb#cell-id=term-guard) her" in l01  # r119: linked  # r115
    # r120 (newcomer r120/01: what low spades do for her was never said): the glossary's guard, each low one follows a lead
    assert "guard](glossary.ipynb#cell-id=term-guard) her (each can follow a spade lead instead):" in l01
    # r74b (rater: the 4♠-alone blunder's reason came two sentences after it, and never said why it hurts): its own
    # paragraph, the reason right after it
    # r74b read: "every pass" overstated it (the coach compares 20 of 286): the compared passes, all six blunders
    assert all(c.verdict == "blunder" for c in shares if "Q♠" not in c.label and "A♠" in c.label)
    assert sum("Q♠" not in c.label and "A♠" in c.label for c in shares) == 6
    # r76 (rater: "Compared passes keeping" was hard to parse): said like the sentence on the kept A♠
    # r84 (rater: "the K♠ and A♠ holders duck with lower spades, leaving her to South" was hard to picture): the
    # same play as the kept ace's, step by step
    # r87 (rater: "she wins it" had to be read as "you take her"): said so
    assert "Keep her with only the 4♠" not in prose and "she wins it" not in prose  # r98: cut for density (the 6 blunders stay printed)
    assert "anyone with a higher spade can duck" not in prose
    assert "can throw her on your Q♣" not in prose and "brings the Q♠ back" not in prose
    # r72c (rater: why does she still land on South in 30% of deals after both are passed?): a K♠ passed to South
    # by East wins her on a spade trick; the replays print how often (South's dealt spades hold no K♠)
    d1 = "".join("".join(o.get("text", "")) for c in _cells("08_practice_decisions") if c.get("id") == "l08-d1"
                 for o in c["outputs"])
    assert "  after Q♣ Q♠ A♠, on a trick South won with a K♠ received from East: 155; with another card: 117\n" in d1
    assert "1000 deals replayed after Q♣ Q♠ A♠: the Q♠ in South's tricks in 272," in d1
    # r74b (rater: the K♠ is only 155 of the 272): "mostly", and the rest said
    # r81 (word cap: the figures key cost words): the question and its main answer; the rest (117) stays in l08-d1
    # r84 (rater: number-heavy; keep one percentage a drill): the question is cut; the K♠'s 155 stays in l08-d1
    assert "Why still 30%?" not in prose and 155 > 117
    # r73c + maintainer (the take-away left two low spades uncovered): drill 1 with a second low spade, graded
    # r91 (rater: "11 passes that keep the A♠" after drill 1's 10): this hand's graded passes (21) are its own
    # r92 (rater: "21 passes" right after 20 was unexplained): the extra one is the pass of all South's clubs
    assert ("Drill 1 with two low spades (South's spades: 2♠ 4♠ Q♠ A♠): the coach's top choice is Q♣ Q♠ A♠; it grades 21 "
            "passes here (every 3 of the same top 6, and 5♣ 6♣ Q♣, which passes all your clubs); 11 keep the A♠: 10 mistakes, 1 blunder.\n") in d1
    assert "of the 21 passes it grades here" not in d1
    from hearts_teach.course.later_tricks import pass_queen_cards as _pqc

    small = _pqc(DRILLS[0].make(), ["KD QS AS", "QC QS AS"], count=1000)
    assert small["KD QS AS"]["won_with"]["Q♣"] == 8 and small["KD QS AS"]["queen"] - small["QC QS AS"]["queen"] < 100
    k_d, best_1 = (grade(DRILLS[0], "KD QS AS").assessment.of(p).stats["p_take_qs"] for p in ("K♦ Q♠ A♠", "Q♣ Q♠ A♠"))
    assert (f"{k_d:.0%}", f"{best_1:.0%}") == ("35%", "30%")  # printed in l08-20b (r87: no longer in the prose)
    assert [c.pretty for c in DRILLS[0].make().cards(0) if c.suit.letter == "C"][-1] == "Q♣"  # South's top club
    assert "lesson 01's example pass: the queen, the ace and a high card" in "".join(
        _src(c) for c in _cells("08_practice_decisions") if "sample = SampleRun(" in _src(c))
    # fresh newcomer rater (r48): why keeping the queen beside the 4♠ alone is a blunder too: the figures cell prints
    # the six passes' shares and the coach's words ("with one lower spade"); following suit, she must be played by
    # the second spade trick
    alone = sorted(c.stats["p_take_qs"] for c in shares if "A♠" in c.label.split() and "Q♠" not in c.label.split())
    assert (f"{alone[0]:.0%}", f"{alone[-1]:.0%}", len(alone)) == ("87%", "95%", 6)
    assert sorted(c.pretty for c in DRILLS[0].make().cards(0) if c.suit.letter == "S") == ["4♠", "A♠", "Q♠"]
    # r49: a spade can arrive in the pass; the sentence says so
    # r84: "Likewise" carries the first paragraph's "(no spade received)" to the kept queen
    assert "Say you pass Q♣ J♥ Q♠, keeping A♠ 4♠ (no spade received)" in prose  # r92: the pass named and "once the 4♠ is gone, a spade lead forces her out" in prose
    # r87 (rater: the take-away's two low spades were only in a folded cell): drill 1's answer says it
    assert ("With a second low spade, the top choice still passes both, and keeping the A♠ is mostly a *mistake* "
            "([figures](#cell-id=l08-d1)).") in prose  # r97: shorter (word cap)
    # r99 (report r98/08: that output is the coach's grading, not a replay): relabelled
    assert "([replays](#cell-id=l08-d1))" not in prose
    # r94 (report r94/08: "the same cell" read as the figures cell linked just before): the link names its cell
    assert "[the same cell]" not in prose
    figs = "".join("".join(o.get("text", "")) for c in _cells("08_practice_decisions") if c.get("id") == "l08-20b"
                   for o in c["outputs"])
    assert '  those 6 keep her "with one lower spade": in South\'s tricks in 87% to 95%\n' in figs
    assert figs.startswith("Example answer: Drill 1 · Pass with the queen and the ace: you chose Q♣ J♥ Q♠ → blunder")
    assert "a kept Q♣ can win" not in prose and "the sample run's reason" not in prose
    # fresh newcomer rater (r41_f): the Q♣'s why, from the coach's reason for the K♦ pass, printed in the figures
    assert "keeping the ace is a blunder" not in prose
    both = [c for c in shares if {"Q♠", "A♠"} <= set(c.label.split())]
    ace_kept = [c for c in shares if "A♠" not in c.label.split()]
    assert {c.verdict for c in ace_kept} == {"blunder"} and {c.verdict for c in both} == {"best", "inaccuracy"}
    counted = "".join("".join(o.get("text", "")) for c in _cells("08_practice_decisions") if c.get("id") == "l08-20b"
                      for o in c["outputs"])
    # fresh newcomer rater (r34): the count adds up on its face (the passes that give the ace but keep the queen)
    ace_only = [c for c in shares if "A♠" in c.label.split() and "Q♠" not in c.label.split()]
    assert len(both) + len(ace_only) + len(ace_kept) == len(shares) and ace_only
    # fresh newcomer rater (r39): why the Q♣ and not the K♦, against lesson 01's rule of thumb: the two shares are
    # printed in the figures cell (not in the note, which keeps no figures), and the coach's reason for the K♦ pass says the kept Q♣ is the difference
    rule_pass, best_pass = shares.of("KD QS AS"), shares.of("QC QS AS")
    assert (f"{rule_pass.stats['p_take_qs']:.0%}", f"{best_pass.stats['p_take_qs']:.0%}") == ("35%", "30%")
    assert "unlike Q♣ Q♠ A♠ it keeps the Q♣: the Q♠ can still be dropped on a trick you win" in rule_pass.reason
    assert "The Q♠ ends up in South's tricks in 35% of the coach's deals after the first, 30% after the top choice." in counted
    d1_out = "".join("".join(o.get("text", "")) for c in _cells("08_practice_decisions") if c.get("id") == "l08-d1"
                     for o in c["outputs"])
    assert f"Drill 1, the coach's reason for K♦ Q♠ A♠: {rule_pass.reason}\n" in d1_out  # the note's quote, as printed
    assert sorted(c.pretty for c in DRILLS[0].make().cards(0) if c.pretty in ("Q♠", "A♠", "K♦", "Q♣")) == [
        "A♠", "K♦", "Q♠", "Q♣"]  # both passes fit "the queen, the ace and a high card"
    # the sample run answers drill 1 with K♦ Q♠ A♠: its feedback holds the reason the note cites
    from lesson_runner import opened_sample_run

    assert ("K♦ Q♠ A♠ → inaccuracy (1 mark). K♦ Q♠ A♠ gets rid of the Q♠ and passes the A♠; unlike Q♣ Q♠ A♠ it keeps "
            "the Q♣: the Q♠ can still be dropped on a trick you win") in opened_sample_run()
    from collections import Counter

    def tally(passes):  # the verdicts, counted as the figures cell prints them
        plural = {"inaccuracy": "inaccuracies", "mistake": "mistakes", "blunder": "blunders"}
        return ", ".join(f"{n} {plural.get(v, v) if n > 1 else v}" for v, n in Counter(c.call for c in passes).items())

    # fresh newcomer rater (r44_c): why 20 of the 286 possible passes: the coach's pool (candidates.pass_pool) is every
    # 3 of the 6 cards the rule bot scores highest, plus the rule bot's own pass and void-making triples, which here
    # fall among those 20 (the union of the graded passes is the 6 cards, and 20 is every 3 of them)
    from math import comb

    from hearts_teach.agents.hearts.policy import pass_score
    from hearts_teach.kernel.cards import indices_of

    hand = DRILLS[0].make().view(0).hand
    top6 = sorted(indices_of(hand), key=lambda c: (-pass_score(c, hand), c))[:6]
    six = {c for p in shares for c in p.cards}
    assert {c.index for c in six} == set(top6) and len(shares) == comb(len(six), 3) == 20 and comb(13, 3) == 286
    figures = "".join(_src(c) for c in _cells("08_practice_decisions") if c.get("id") == "l08-20b")
    assert "# why 20 passes, not all 286: the coach weighs every 3 of the 6 cards the rule bot most wants to pass" in figures
    # r81 (rater: one 50-word sentence, reread): one short line a group of passes, "those 6" right after its group
    assert (f"Drill 1, the coach grades {len(shares)} passes (every 3 of the rule bot's top 6 to pass):\n"
            f"  the {len(both)} that give away the Q♠ and the A♠: 1 best, {len(both) - 1} inaccuracies\n"
            f"  the {len(ace_kept)} that keep the A♠ ({sum('Q♠' in c.label for c in ace_kept)} of them pass the Q♠): "
            f"{len(ace_kept)} blunders\n"
            f"  the {len(ace_only)} that pass the A♠ and keep the Q♠: {tally(ace_only)}\n"
            f"  those {len(ace_only)} keep her") in counted
    note = prose[prose.index("**Drill 1.**"):prose.index("**Drill 2.**")]
    # fresh newcomer rater (r55): the note's only shares are the K♦ pass's and the best's, as printed above
    # r61: and the kept ace's 56% (printed in l08-d1) in place of the replays' 537 against 272
    # r72c: "in 30% of deals against 35%", and "Why still 30%?" (the best's share, asked about)
    # r74b (rater: too many percentages): the K♦ pass's 35% against 30% is "a little more often"
    # r91: the two shares in two short sentences
    # r97 (report r96/08): the third card's shares join them (31%, 31%, 35%, the coach's, asserted below)
    # r97 review (rater r97: 31% for the J♥ and 9♥ passes printed nowhere): the K♦'s 35%, printed in l08-20b
    assert note.count("%") == 3 and "in 56% of the coach's deals" in note and "she still ends in your tricks in 30%" in note  # r84: "Why still 30%?" cut
    # r92 (rater: the top pass and its third card were never named): the top choice first, and why the Q♣ in the coach's
    # own words, its reason for lesson 01's K♦ Q♠ A♠ (no new figure: the 35% against 30% stays in l08-20b)
    rule_1 = grade(DRILLS[0], "KD QS AS")
    assert note.startswith("**Drill 1.** **With the Q♠, the A♠ and one low spade, pass both.** "  # r98: no "Passing left"
                           "The top choice is Q♣ Q♠ A♠. Passing left, West gets both.") and str(rule_1.best) == "Q♣ Q♠ A♠"
    quote = "keeps the Q♣: the Q♠ can still be dropped on a trick you win"
    # r93 (rater: "Why the Q♣?" answered only by the coach's quote, and the K♦ was a guess): left out, as the rater
    # offered (the kept Q♣ wins her in 8 of 1,000 deals, asserted above: no concrete why); lesson 01's kind of pass, graded
    assert "Why the Q♣?" not in note
    # r97 (report r96/08: why the Q♣?): the third card changes little, in the coach's shares; no reason the figures lack
    third = [rule_1.assessment.of(p) for p in ("J♥ Q♠ A♠", "9♥ Q♠ A♠", "K♦ Q♠ A♠")]
    assert [f"{c.stats['p_take_qs']:.0%}" for c in third] == ["31%", "31%", "35%"] and all(c.call == "inaccuracy" for c in third)
    assert f"{rule_1.assessment.of('Q♣ Q♠ A♠').stats['p_take_qs']:.0%}" == "30%"
    # r108 (report r108/08: a drop from best to an inaccuracy is not "little"): it matters less than the queen and ace
    # r119 (report r118/08: why the Q♣ rather than the K♦? only the hidden figures said): the coach's own reason for
    # K♦ Q♠ A♠ (it keeps the Q♣: the Q♠ can still be dropped on a trick you win), in the visible answer
    assert ("The third card matters less: with the K♦ (lesson 01's pass) for the Q♣, she ends in your tricks in "
            "35%, an *inaccuracy*: the kept Q♣ may win a trick she is dropped on.") in note and "barely show" not in note and "31%" not in note
    assert "keeps the Q♣: the Q♠ can still be dropped on a trick you win" in rule_1.assessment.of("K♦ Q♠ A♠").reason
    assert rule_1.call == "inaccuracy" and quote in rule_1.assessment.of("K♦ Q♠ A♠").reason
    assert rule_1.assessment.of("Q♣ J♥ Q♠").verdict == "blunder"  # the kept-ace pass the 56% belongs to (l08-d1)
    # a fresh rater: cross-references cut from the notes ("printed below", "lesson 04", a second session)
    assert not any(ref in prose for ref in ("printed below", "; lesson 04)", "(lesson 07)", "second session shows"))
    assert "no simple rule of thumb" not in prose
    from hearts_teach.kernel.table import SEAT_NAMES

    deal = DRILLS[0].make()
    assert deal.pass_direction == "left" and SEAT_NAMES[deal.pass_target(0)] == "West"
    # the third card matters less than the spades: every pass the coach weighs with both the Q♠ and the
    # A♠ is best or an inaccuracy (at most 1 point a hand), every one that keeps either is a blunder
    for choice in shares:
        both = "Q♠" in choice.label and "A♠" in choice.label
        assert choice.verdict in (("best", "inaccuracy") if both else ("blunder",)), (choice.label, choice.verdict)
    assert "can win a club trick" not in prose
    # the keep-the-ace blunder the note states is graded in the figures cell, as a session grades it
    printed = "".join("".join(o.get("text", "")) for c in _cells("08_practice_decisions") for o in c.get("outputs", []))
    coach = grade(DRILLS[0], "KD QS AS").assessment
    assert "you chose Q♣ J♥ Q♠ → blunder" in printed and "Drill 1, the coach's deals" not in printed
    assert coach.of("QC QS AS").stats["p_take_qs"] < coach.of("KD QS AS").stats["p_take_qs"]
    south = {str(c) for c in DRILLS[0].make().cards(0)}
    assert {"QC", "KD", "QS", "AS"} <= south and not {"AC", "KC"} & south
    graded = grade(DRILLS[0], "KD QS AS")
    assert graded.verdict == "inaccuracy" and graded.best == "Q♣ Q♠ A♠"
    assert "it keeps the Q♣: the Q♠ can still be dropped on a trick you win" in graded.reason
    coach = graded.assessment
    assert coach.best.label == "Q♣ Q♠ A♠"
    assert coach.of("KD QS AS").stats["p_take_qs"] > coach.best.stats["p_take_qs"]


def test_lesson_08_round_14_one_unit_plain_figures_and_drill_3s_deal_said():
    """Newcomer round 14: costs are in one unit, points a hand, with hearts bridged once (a heart is
    1 point, the Q♠ 13); each share in a drill's feedback says it is of the coach's sampled deals, a
    group of equal cards reads "10♠ or J♠" (no slash), hearts in feedback are a hand's average;
    drill 3 says it is drill 2's deal again; no two cells print the same text."""
    from hearts_teach.course.drills import DRILLS, grade
    from hearts_teach.games.hearts.scoring import trick_points
    from hearts_teach.kernel.cards import CardList

    cells = _cells("08_practice_decisions")
    prose = " ".join(_src(c) for c in cells if c["cell_type"] == "markdown").replace("\n", " ")
    # fresh rater (round 27): "how many more penalty points a hand it takes than" was hard to parse, and the
    # hearts of the coach's reasons against the points of its verdicts were said only at the end
    # round 29: the paragraph is shorter; the unit (a heart 1 point, the Q♠ 13) and the reason's one effect stay
    # r61 (rater: drill 5's 3♠ shows 4.9 hearts, 0% and 5.0 points): the moon is counted too, 26 to each other player
    # r72c (rater: a wall of method before any example): the guide, after the demonstration, says only that the coach
    # averages penalty points; the units come with the demonstration (a heart's cost in hearts, the verdict in points)
    # r110 (report r110/08: who plays the other seats?): the rule bots, in every seat (coach.py: "everyone continuing
    # like the rule bot"; assess_pass: "the other seats pass and play like the rule bot")
    assert ("plays each choice out with [rule bots](glossary.ipynb#cell-id=term-rule-bot) in every seat and averages "
            "your penalty points.") in prose
    assert "plays each choice out and averages" not in prose
    assert "here the words after the dash count **hearts**, the verdict **points a hand**" in prose  # r92; r112: "here"
    assert DRILLS[4].make().rules.moon == "add_to_others"
    from hearts_teach.agents import coach as coach_module

    assert "everyone continuing like the rule bot" in " ".join((coach_module.__doc__ or "").split())  # r110
    assert "the biggest of the Q♠, hearts and moon effects, worded with one number" in " ".join(
        (coach_module._consequence_words.__doc__ or "").split())
    reasons = [c.reason for d, answer in zip(DRILLS, ("QC QS AS", "KC JD KS", "QS", "TS", "TS"), strict=True)
               for c in grade(d, answer).assessment]
    assert all("hearts" in r or "Q♠" in r for r in reasons) and any("hearts" in r for r in reasons)
    assert any("Q♠ ends up in your tricks" in r for r in reasons)  # both effects occur in the drills
    assert trick_points(CardList("2H").mask) == 1 and trick_points(CardList("QS").mask) == 13
    outputs = ["".join(o.get("text", "")) + "".join(o.get("data", {}).get("text/plain", ""))
               for c in cells for o in c.get("outputs", [])]
    # the sample run's feedback, as the learner opens it
    from lesson_runner import opened_sample_run

    drills = opened_sample_run()
    assert re.findall(r"\d+% of deals", drills) == [] and "% of the coach's sampled deals" in drills
    assert not re.search(r"[♠♥♦♣]/", drills) and "than with 10♠ or J♠" in drills
    assert "about 0.3 more hearts a hand on average" in drills
    # newcomer round on the stored lesson: drill 3's heading says hand 1 where drill 2's says hand 2
    # fresh newcomer rater (r40): the K♣ and 6♠ are missing from drill 3's hand; the 6♠ is in the printed trick 2,
    # and the prompt says where the K♣ went (South's only club in drill 2, so South's card on trick 1)
    first = DRILLS[2].make().tricks[0]
    assert "K♣" in [c.pretty for c in first.cards] and [c.pretty for c in DRILLS[1].make().cards(0) if c.suit.letter == "C"] == ["K♣"]
    from hearts_teach.kernel.table import SEAT_NAMES

    # r78 (rater: trick 1 was never shown): the prompt prints it, as drill 4's does; South's K♣ is its second card
    trick_1 = (f"Trick 1 (led by {SEAT_NAMES[first.leader]}): {' '.join(c.pretty for c in first.cards)} → "
               f"{SEAT_NAMES[first.winner]}.")
    # r111 (word cap of the drills' printout): "dealt again with no pass" cut to "no pass", as its header prints
    assert "dealt again" not in DRILLS[2].prompt
    assert (f"Drill 2's cards, no pass. {trick_1}" in DRILLS[2].prompt and "hand 1" not in DRILLS[2].prompt
            and SEAT_NAMES[(first.leader + 1) % 4] == "South" and first.cards[1].pretty == "K♣")
    # r92 (rater: "Trick 1 ... → North. East is winning a club trick" read as a contradiction): trick 3 named, with its card
    current = DRILLS[2].make().current_trick
    # r111 (report r111/08: 7♥ 9♥ A♥ legal under "hearts not broken" read as banned): why, as docs/rules.md H8 says
    # r111 (review): shorter, so the five drills' listing stays near a screen (l08-11)
    assert "Trick 3: East's 6♣ is winning; South has no clubs: any card may go, hearts too." in DRILLS[2].prompt
    assert {"7♥", "9♥", "A♥"} <= {c.pretty for c in DRILLS[2].make().legal_plays().cards} and not DRILLS[2].make().hearts_broken
    assert "Trick 3: East's 6♣ is winning; South has no clubs." not in DRILLS[2].prompt and "East is winning a club" not in DRILLS[2].prompt
    assert DRILLS[2].make().trick_number == 3 and SEAT_NAMES[current.seats[-1]] == "East" and current.cards[-1].pretty == "6♣"
    assert max(current.cards, key=lambda c: c.rank).pretty == "6♣"
    assert "numbered hand 1" not in prose
    # a fresh rater: drill 3 was headed "Hand 1" though it deals drill 2's "Hand 2" cards; both now say hand 2
    assert DRILLS[2].make().hand_number == DRILLS[1].make().hand_number == 1
    # (round 27: the guide's header paragraph is one line; drill 3's own prompt says it deals drill 2's cards)
    two, three = DRILLS[1].make(), DRILLS[2].make()
    assert all(two.dealt(s).mask == three.dealt(s).mask for s in range(4))
    printed = [o.strip() for o in outputs if o.strip()]
    assert len(printed) == len(set(printed))  # no output repeated (the drill was printed twice)


def test_lesson_08_reads_the_demonstrations_last_trick_and_states_each_verdicts_rule():
    """Newcomer round 10: the *Last trick* line named neither leader nor seats (rater r33: it names the
    leader now), so the prose reads one from the engine (r44_c: the demonstration's, on screen above, not
    drill 5's, printed further down); the verdict list states each rule as verdict_of applies it."""
    from hearts_teach.agents.coach_stats import (
        BAND,
        INACCURACY_MAX,
        MISTAKE_MAX,
        decided,
        verdict_of,
    )
    from hearts_teach.kernel.table import SEAT_NAMES

    cells = _cells("08_practice_decisions")
    prose = " ".join(_src(c) for c in cells if c["cell_type"] == "markdown").replace("\n", " ")
    scope: dict = {}
    exec("".join(_src(c) for c in cells if c.get("id") in ("l08-02", "l08-04")), scope)  # noqa: S102 - our own lesson
    demo = scope["hand"]
    first = demo.tricks[-1]  # the last trick complete: the demonstration prints it as its Last trick line
    assert len(demo.tricks) == 2 and f"Last trick (led by {SEAT_NAMES[first.leader]}): " in demo.text()
    assert "below, " + " ".join(c.pretty for c in first.cards) + " → West" in prose and "in drill 5, 2♣" not in prose
    seats = [(first.leader + k) % 4 for k in range(4)]
    # r50: shorter: the leader's card, then the other three seats in the order of play (the cards follow the line)
    cards = " ".join(c.pretty for c in first.cards)
    later = [SEAT_NAMES[s] for s in seats[1:]]
    assert (f"{cards} → {SEAT_NAMES[first.winner]} means {SEAT_NAMES[seats[0]]} led the {first.cards[0].pretty}, "
            f"then {later[0]}, {later[1]} and {later[2]} played, and {SEAT_NAMES[first.winner]} took the trick") in prose
    assert (BAND, INACCURACY_MAX, MISTAKE_MAX) == (0.25, 1.0, 3.0)
    assert verdict_of(0.0, 0.25) == "best" and verdict_of(0.25, 0.3) == "fine"
    assert verdict_of(0.26, 0.99) == "inaccuracy" and not decided(0.26, 1.2)  # an interval past +1: "or worse"
    assert verdict_of(0.26, 1.0) == "inaccuracy" and verdict_of(1.01, 3.0) == "mistake" and verdict_of(3.01, 4) == "blunder"
    # round 29: the interval rules (the fine print) are cut; the lines themselves are in the main list
    # r72c: the list in plain words, after the demonstration; "shown" is the range sentence under it
    # r89: the list became one plain scale line, then the range sentence (its low end; best's whole range)
    # r91: the scale is a table (verdict | the cost's range | marks), one row a verdict
    src08 = "".join(_src(c) for c in cells)
    assert all(row in src08 for row in ("1. The whole range at or below 0.25 (a quarter point): *best*.", "2. The range crossing 0.25: [*too close to call*](glossary.ipynb#cell-id=term-too-close-to-call).", "3. Otherwise the range's **low end** decides: over 0.25, *inaccuracy*; over 1, *mistake*; over 3, *blunder*.", "Drills score **marks**: 2 for *best* or *too close to call*, 1 for an *inaccuracy*, 0 for a *mistake* or *blunder*."))
    # r108 (report r108/08: how sure is "very likely"?): 95% sure, as delta_ci95
    # my review: "it costs, in points a hand, 95% sure" read as broken; the range is what is 95% sure
    # r114 (report r114/08: "95% sure to hold" hard to parse): who is sure of what, said; the unit is in l08-05
    assert "is a **range**: the move's cost over the top choice; the coach is 95% sure it holds the true cost." in prose and "very likely" not in prose  # r87; r84; r98
    assert "95% sure to hold the true cost" not in prose
    assert "## After your try" in "".join(_src(c) for c in cells)


def test_lesson_10_newcomer_round_12_wording():
    """Round 12: the worked example hands the bot a View (no ``rule.act(hand)`` right after "a bot only gets
    a View"); the replay's 17 points are added up from South's point cards by the engine; the question says
    "gain" (points saved per hand), not "edge"; the league's --workers and Dask are said in plain words."""
    import argparse

    from hearts_teach.classroom.league import add_arguments

    cells = _cells("10_write_a_bot")
    text = " ".join(" ".join(_src(c) for c in cells if c["cell_type"] == "markdown").split())
    code = "".join(_src(c) for c in cells if c["cell_type"] == "code")
    assert ".act(" not in code
    example = next(_src(c) for c in cells if c.get("id") == "view-example")
    assert "rule.choose_pass(hand.view(seat))" in example and "hand.play(rule.choose_play(hand.view(seat)), seat)" in example
    # r32: shortened (the code shows the answer going on the Hand: hand.pass_cards, hand.play)
    # r72b: that sentence cut for words (the code's comment says it: "the bot sees only this seat's view")
    assert "# the bot sees only this seat's view" in example
    assert "hand.pass_cards(seat, rule.choose_pass(hand.view(seat)))" in example
    # a fresh rater: the View printed above shows the passed and received cards; the list names them
    assert "what one seat may know: its cards, those it passed and received, its legal cards" in text  # r112: words
    shown = "".join("".join(o.get("text", "")) for c in cells if c.get("id") == "view-example" for o in c["outputs"])
    assert "\n  passed: " in shown and "\n  received: " in shown
    # the replay: the engine prints South's point cards and their sum, which is South's "Points taken"
    drive = next(c for c in cells if c.get("id") == "replay-drive")
    printed = "".join("".join(o.get("text", "")) for o in drive["outputs"])
    # r72c: the viewer's end text is no longer printed (the review is its two lessons); the sum is the prose's 17
    line = re.search(r"^South's points: (.*) = (\d+)$", printed, flags=re.M)
    assert line and line.group(2) == "17" and "on which spade lead at the latest must South play her?" in text, printed  # r82, r97: the question changed
    parts = [p.rsplit(" ", 1) for p in line.group(1).split(" + ")]
    assert sum(int(v) for _, v in parts) == int(line.group(2))
    assert all(v == ("13" if c == "Q♠" else "1") and (c == "Q♠" or c.endswith("♥")) for c, v in parts)
    # r65: the replay prose is told in order (the r65 test pins it)
    assert "The line *South's points*" not in text
    # the question: a gain, said in plain words, with the sign the lesson defines
    question = next(" ".join(_src(c).split()) for c in cells if c.get("id") == "quiz-md")
    assert "edge" not in question
    # r64: the quiz asked the easiest case (an interval above zero); it now asks the subtler one: an interval
    # containing zero does not show a change useless
    # r71b: "your bot took 0.30 fewer points" cut (the gain is defined before step 1)
    assert ("a **gain** of +0.30 points per hand; its 95% interval: -0.10 to +0.70.") in question  # r112, r114: words
    assert "A step's **gain** is the previous version's points minus the new one's, per hand (positive: fewer points)." in text
    # the league: --workers is K local processes, --scheduler an existing Dask cluster; round 14: one
    # sentence, marked for the teacher
    # r41_d: the teacher's line was noise for a learner; --workers is documented where teachers read (the README)
    assert "For the teacher" not in text and "--workers" not in text
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "--workers 2" in readme and "`--workers K` (a local Dask cluster)" in readme
    parser = argparse.ArgumentParser()
    add_arguments(parser)
    helps = {a.dest: a.help for a in parser._actions}
    assert "local Dask cluster of K processes" in helps["workers"] and "existing Dask cluster" in helps["scheduler"]


def test_lesson_10_round_14_ranks_moon_threat_and_the_measure_in_bullets():
    """Round 14: the ranks 11 to 14 are named, ``moon_threat`` gives a seat number (or -1), and the
    measuring cell says duplicate, edge, interval and the sign as separate bullets."""
    from hearts_teach import Card
    from hearts_teach.games.hearts.view import moon_threat
    from hearts_teach.kernel.cards import CardList

    cells = _cells("10_write_a_bot")
    text = " ".join(" ".join(_src(c) for c in cells if c["cell_type"] == "markdown").split())
    # r69: trimmed for words; the view-parts cell prints the Q♠'s rank (12)
    assert "a `.rank` (2 to 14, ace high)" in text
    parts_out = "".join("".join(o.get("text", "")) for c in cells if c.get("id") == "view-parts" for o in c["outputs"])
    assert "a card:         Q♠ · .rank 12 · .suit ♠ · .points 13\n" in parts_out
    assert [Card(c).rank for c in ("2C", "JC", "QC", "KC", "AC")] == [2, 11, 12, 13, 14]
    assert "`view.moon_threat()` gives the seat of an opponent who has taken every point so far" in text
    eight = CardList("2H 3H 4H 5H 6H 7H 8H 9H").mask
    assert moon_threat((0, 0, eight, 0), 0) == 2 and moon_threat((0, 0, 0, 0), 0) == -1  # North's seat, or -1
    measure = next(_src(c) for c in cells if c.get("id") == "measure-md")
    assert sum(line.startswith("- ") for line in measure.splitlines()) >= 6
    assert "Each deal is played **four times**, our bot in each seat once" in " ".join(measure.split())  # r114: words



def test_lesson_10_round_15_house_bots_queens_trick_quiz_and_hand_numbers():
    """Newcomer round 15: three league files fill a table of four with a house rule bot, not ranked
    (as the league's docstring says); the replay prints who passed the Q♠ and the trick South took
    it in, and the prose names that trick; the quiz's interval lies wholly above zero (unlike the
    compare cell's printed lines), with feedback for each choice; hand_number counts from 0."""
    from hearts_teach import Card, Hand
    from hearts_teach.classroom import league

    cells = _cells("10_write_a_bot")
    text = " ".join(" ".join(_src(c) for c in cells if c["cell_type"] == "markdown").split())
    assert "league ada.py grace.py alan.py" in text
    # r60: "house rule" read as a variant rule, and a class of 20 could not see how it is seated: tables of four
    # r112 (newcomer r112: how does every bot play every seat at mixed tables?): each table plays the deal 4 times
    assert ("`--hands` counts deals. Each deal, bots sit at tables of four, mixed anew (rule bots, not ranked, fill a "
            "short one), each table playing it 4 times, rotating seats: `--hands 500` gives each bot 2,000 hands.") in text
    assert "Each table plays the deal 4 times, rotating the seats" in " ".join((league.__doc__ or "").split())
    tables = league.schedule(6, 3, 1)  # 6 bots: a full table and one filled up with house rule bots (-1)
    assert all(sorted(len([b for b in t if b >= 0]) for t in deal) == [2, 4] for deal in tables)
    assert len({frozenset(frozenset(t) for t in deal) for deal in league.schedule(8, 3, 1)}) > 1  # mixed each deal
    doc = " ".join((league.__doc__ or "").split())
    assert ("when the count is not a multiple of 4, one table is filled up with house rule bots, "
            "which are not ranked") in doc
    # the Q♠: the printed line comes from the engine; the prose names its passer and its trick
    drive = next(c for c in cells if c.get("id") == "replay-drive")
    printed = "".join("".join(o.get("text", "")) for o in drive["outputs"])
    # r72c: the review is its two lessons; the Q♠'s passer, South's spades, and South's spade tricks are printed
    assert "\nQ♠ passed by West; South's spades after the pass: 8♠ Q♠\n" in printed
    line = re.search(r"^trick (\d+): .*South Q♠.* → (\w+) takes it \(13 points\) · South could play Q♠$", printed, flags=re.M)
    assert line, printed
    number, winner = line.groups()
    assert winner == "South"
    # newcomer rater (issue 27): why the bot played her there, from the engine: its only legal card
    # r65: told in order (South's only other spade went on trick 3)
    # r68: "she/her" could be South or the Q♠: the Q♠ is named
    # r71b: trimmed for words ("forced": South's only legal card, printed)
    # r72c: "forced" said plainly: South's only legal card (printed: "South could play Q♠")
    assert ("West passed the Q♠ to South, whose only other spade, the 8♠ (the queen's one "
            "[guard](glossary.ipynb#cell-id=term-guard)), went on trick 3 (the Q♠ would have won it instead); on trick " + number
            + " the Q♠ was South's "
            "only legal card, and won.") in text
    assert f"trick {number}: North 3♠, East 4♠, South Q♠, West J♠ → South takes it" in printed
    # r64: "hard to save" gave no lesson for a bot: played on trick 3 instead of the 8♠, she wins that trick too
    # (the last line, replayed with the rule bots finishing the trick; the r59 test replays it again)
    assert ("\nThe Q♠ on trick 3 instead: trick 3: East 2♠, South Q♠, West J♠, North 7♠ → "
            "South takes it (13 points)\n") in printed
    # r38_e: the lesson drawn: "The line before them shows why: her one guard, the 8♠, went on the first spade
    # lead." South held the Q♠ and the 8♠ alone after the pass; trick 3 was the first trick led with a spade
    # r40_d: "Guarding her is the next step" promised what no guarding rule could do here: South received her beside
    # one low spade, followed clubs on trick 1 and led trick 2, and the 8♠ went on trick 3, the first spade lead
    # r60: "guard" links the glossary (it was defined only in a code comment)
    # r65: told in order, without "hard to save"
    # r71: "it wins too" held only with the rule bots finishing the trick: said
    # r72c: "once spades were led, the 13 could not be avoided" held for one line of rule-bot play only: said so
    # r98: cut for density (an aside to the question's answer)
    assert "Played on trick 3 instead" not in text and "could not be avoided" not in text
    assert "next step" not in text
    assert ("\ntrick 3: East 2♠, South 8♠, West 5♠, North K♠ → North takes it (0 points) · South could play 8♠ Q♠\n"
            ) in printed
    from hearts_teach import Suit
    from hearts_teach.agents.hearts import make_bot
    from hearts_teach.agents.tournament import FunctionBot, play_hand
    ns: dict = {}
    for key in ("setup", "step-void", "step-duck", "step-dump", "step-moon"):
        exec(_src(next(c for c in cells if c.get("id") == key)).split("\nversions[")[0], ns)
    rule = make_bot("rule")
    game = play_hand(Hand.deal(seed=5, hand_number=1),
                     [FunctionBot(pass_fn=ns["void_pass"], play_fn=ns["dump_play"], name="my bot"), rule, rule, rule])
    after_pass = set(game.cards(0)) | {t.card_of(0) for t in game.tricks}
    assert sorted(c.pretty for c in after_pass if c.suit is Suit.SPADES) == ["8♠", "Q♠"]
    assert [t.cards[0].suit for t in game.tricks[:3]].index(Suit.SPADES) == 2
    # the quiz (r64): a gain of +0.30, interval -0.10 to +0.70, containing zero: no verdict, not "useless"
    question = next(" ".join(_src(c).split()) for c in cells if c.get("id") == "quiz-md")
    assert "gain** of +0.30" in question and "interval: -0.10 to +0.70." in question  # r114: words
    low, high = -0.10, 0.70
    assert ("better" if low > 0 else "worse" if high < 0 else "no clear difference") == "no clear difference"
    # r72: the quiz is built in the package (its answer is not in the lesson's code): its reasons, joined
    from hearts_teach.course.bot_lesson import INTERVAL_ANSWER, interval_quiz
    assert "interval_quiz()" in next(_src(c) for c in cells if c.get("id") == "quiz")
    built = interval_quiz()
    # r72b: the old question (is an interval containing zero a verdict?) was answered by the text already (compare-read:
    # "not shown useless"); it now asks how wide the interval gets on four times the deals, which the text does not say
    assert INTERVAL_ANSWER == "about half as wide" and INTERVAL_ANSWER in built.choices
    # r77: the printed lines say '40 deals × 4 seatings = 160 hands': 160 deals are 640 hands, said so
    assert "you now play 160 deals (640 hands), four times as many." in question  # r73_10: deals, not the printed hands and "160 deals" in built.question
    assert (40 / 160) ** 0.5 == 0.5   # the standard error shrinks with the square root of the number of deals
    quiz_src = " ".join(" ".join(built.reasons.values()).split())
    assert "four times the deals halve it" in quiz_src
    md_before = " ".join(" ".join(_src(c).split()) for c in cells[:[c.get("id") for c in cells].index("quiz")]
                         if c["cell_type"] == "markdown")
    # r81: the newcomer could not answer from a text that never said how deals narrow an interval: measure-md states
    # the square-root rule; the question still asks for it applied (four times the deals: half as wide)
    assert "square root" in md_before and "half as wide" not in md_before and "narrower" not in md_before
    # r87b (newcomers r87, r87b): the lesson's own intervals narrow 1.95× to 3× for 5× the deals, against √5 ≈ 2.2: "roughly"
    # r94: "roughly with the square root" read two ways: said with a worked multiple (9×, not the question's 4×) and
    # the lesson's own 40- against 200-deal intervals (checked below)
    assert "shrinks roughly with the square root" not in md_before
    # r97: one bullet held the interval, the square-root law and a look ahead: the law is its own bullet and the look
    # ahead is cut ("about" covers the lesson's 5× pairs, which narrow 1.95× to 3×, checked below)
    assert ("- **Square-root law.** The standard error shrinks with the square root of the number of deals: 9 times "
            "the deals, an interval about a third as wide (√9 = 3).") in md_before
    assert "Chance moves it too" not in md_before
    duck_out = "".join("".join(o.get("text", "")) for c in cells if c.get("id") == "step-duck" for o in c["outputs"])
    widths = [float(b) - float(a) for a, b in re.findall(r"gain [+-][\d.]+ points per hand \(95% interval ([+-][\d.]+) to "
                                                          r"([+-][\d.]+)\)", duck_out)]
    assert len(widths) == 2 and round(widths[0] / widths[1], 1) == 3.0 > 5 ** 0.5  # 5× the deals, 3× narrower
    # r94: "5 times the deals narrow intervals 2 to 3 times": every 40- and 200-deal pair the lesson prints (r97: no
    # longer said, still true)
    all_out = "".join("".join(o.get("text", "")) for c in cells for o in c.get("outputs", []))
    pairs = re.findall(r"^(?:\+ |40 deals, )(.+?)(?: vs .*?:) +gain .*?\(95% interval ([+-][\d.]+) to ([+-][\d.]+)\).*\n"
                       r"200 deals, .*?\(95% interval ([+-][\d.]+) to ([+-][\d.]+)\)", all_out, flags=re.M)
    ratios = [(float(b) - float(a)) / (float(d) - float(c)) for _n, a, b, c, d in pairs]
    assert len(ratios) == 4 and all(1.9 < x < 3.05 for x in ratios), ratios
    # its feedback: "this lesson's 200-deal intervals are much narrower than its 40-deal ones" (compare, moon-last)
    assert "this lesson's 200-deal intervals are much narrower than its 40-deal ones." in quiz_src
    # r72c: each step cell prints its 40-deal gain, then its 200-deal gain
    steps = ("step-duck", "step-dump", "step-void", "step-moon", "moon-last")  # r94: the new order
    compare_printed = long_printed = "".join("".join(o.get("text", "")) for key in steps for c in cells
                                             if c.get("id") == key for o in c["outputs"])
    assert re.search(r"^\+ ducking vs previous: +gain \+0\.59 points per hand \(95% interval -0\.12 to \+1\.30\): no clear",
                     compare_printed, flags=re.M)
    assert re.search(r"^200 deals, \+ ducking vs previous: .*: better$", long_printed, flags=re.M)

    def width(label, printed):
        lo, hi = re.search(re.escape(label) + r" +gain [^(]*\(95% interval ([-+0-9.]+) to ([-+0-9.]+)\)", printed).groups()
        return float(hi) - float(lo)

    for short, long_ in (("+ ducking vs previous:", "200 deals, + ducking vs previous:"),
                         ("+ moon stop vs previous:", "200 deals, + moon stop vs previous:"),  # r94
                         ("+ void pass vs previous:", "200 deals, + void pass vs previous:")):
        assert width(long_, long_printed) < 0.5 * width(short, compare_printed)
    quiz = next(_src(c) for c in cells if c.get("id") == "quiz")
    assert quiz.splitlines()[0].startswith("#") and "answer" in quiz.splitlines()[0]
    shown = "".join("".join(o.get("text", "")) for c in cells for o in c.get("outputs", []))
    assert "-0.10 to +0.70" not in shown and "gain +0.30" not in shown
    # hand_number counts from 0: the view prints "hand 1" for hand_number=0
    example = next(_src(c) for c in cells if c.get("id") == "view-example")
    assert "hand_number=0)    # numbers count from 0: shown as hand 1" in example
    assert "hand 1 ·" in str(Hand.deal(seed=25, hand_number=0).view(0))
    assert Card("QS").pretty == "Q♠"

def test_lesson_07_round_12_fine_line_dev_play_bot_names_and_short_cells():
    """Newcomer round 12: the verdicts paragraph and the review's heading cell were too long (each is
    now split or trimmed); the review showed only *best* lines (a fresh rater later found the extra table with one
    *fine* line too intricate: fine is now said with the grades); the `./dev play` line says where to run it; and
    the lesson says "medium" where the list prints *Thinker*: it now gives both, as the list and the seat list
    print them."""
    from hearts_teach.agents.hearts import ladder_levels
    from hearts_teach.agents.review import GOOD, MARKS

    cells = _cells("07_play_a_match")
    md = {c.get("id"): _src(c) for c in cells if c["cell_type"] == "markdown"}
    # r52_07: the review heading moved to a cell of its own (l07-rest) when l07-dec2-why gained the 6♠'s reason
    # r72c_07: trick 2 is one cell (l07-dec1, its detail folded in l07-dec1-code); l07-rest joined l07-dec2-why
    for cid in ("l07-dec1", "l07-dec2-why"):
        assert len(md[cid].split()) <= 90, (cid, len(md[cid].split()))
    text = " ".join(" ".join(md.values()).split())
    printed = "".join("".join(o.get("text", "")) + "".join(o.get("data", {}).get("text/plain", ""))
                      for c in cells for o in c.get("outputs", []))
    # the bots by the names the list prints
    assert 'For a second match, try *Thinker*, `"medium"`.' in text  # r72c_07: Solid first
    assert ("medium", "Thinker") in [(n, label) for n, label, _ in ladder_levels()]
    # r43_a: the list printed 'medium' while the code wants "medium": it prints the name as you write it
    assert 'Thinker   "medium"' in printed and "West (rule): 13 cards" in printed
    assert 'DIFFICULTY = "rule"' in "".join(map(_src, cells)) and "'medium'" not in printed
    # ./dev play from the root folder: the script sits there and runs notebooks/play.ipynb by a relative path
    # r64_07: "repository's root folder" was jargon for a newcomer: the folder is named by the script it holds
    # r71_07: "which folder?": the project's top folder
    assert "run `./dev play` in a terminal, from the project's top folder (the one holding `dev`)." in text
    assert 'voila" notebooks/play.ipynb' in (ROOT / "dev").read_text(encoding="utf-8")
    # every choice of South's in the demo's review is best; a fine line is a ✓ that counts as accurate
    demo_out = "".join("".join(o.get("text", "")) for c in cells if c.get("id") in ("9c4e6390", "l07-replay3") for o in c["outputs"])
    review = demo_out[demo_out.index("Your decisions:"):demo_out.index("Replay with 3♦")].rstrip() + "\n"  # r97: headed
    graded = [line for line in review.splitlines() if " — ✓" in line or " — ?" in line]
    assert len(graded) == 4 and all("— ✓ best." in line for line in graded)
    # round 15: "South's three real choices of card (tricks 2, 3 and 4 ...)": the pass plus three plays;
    # trick 1 was forced and is not graded
    assert [line.split(":")[0].strip() for line in graded] == ["pass", "trick 2", "trick 3", "trick 4"]
    assert "no real choice" in review.split("trick 1:")[1].splitlines()[0]
    # r97: "three real choices" read as if the autopilot's later cards were forced: the tricks named instead
    assert "three real choices" not in text
    assert ("the pass, tricks 2 to 4 (two are questions for you) and the "
            "review.") in text and "two real decisions" not in text  # r98: cut for density
    assert "and a moon can end it" not in text  # round 15: it half-answered the moon question below
    # r32: fine is now named with the grades (cell l07-coach), so this sentence no longer glosses it
    # r48_07: cut to make room (fine is defined with the grades, cell 76f97d98)
    # r93: the trick-2 aside ("equally good" is not too close to call) taught no play: cut
    assert "tricks 2 to 4): all *best*." in text and "*equally good* means" not in text
    # fresh newcomer rater (final round): "4 of 4 decisions" above five lines: the forced trick 1 is not counted
    assert "Accuracy: 4 of 4 decisions" in demo_out and len(review.split("Your decisions:")[1].strip().splitlines()) == 5
    # r43_a: "why not 13?": the computer played tricks 5 to 13 (finish_hand's autopilot), and the review grades only
    # South's own moves (the widget records only _human_play and South's own pass)
    # r57_07: "South's own moves" read as including the computer's moves for South: the review grades the moves you
    # made (HandReview.build: "the autopilot's moves are left out"; the widget records only _human_play)
    # r71_07: the 4 decisions named
    assert "The review grades only your 4 real decisions (the pass, tricks 2 to 4): all *best*. " in text  # r93: aside cut
    assert not re.search(r"^  trick ([5-9]|1[0-3]):", review, flags=re.M)
    # r52_07: "which bot?": the table's autopilot, the rule bot (widgets/table.py makes it with make_bot("rule"))
    # r64_07: one bot, four names (Solid, "rule", rule bot, autopilot): the list's label is said here too
    # r72b_07: "Solid" was used before it was introduced: defined here, at its first use
    # r72c_07: defined earlier, in the coach's cell (its deals assume Solid play: report item 3), with what it does
    # r81: trimmed for room (report item 2: "pay for it by trimming cell 16's last sentence")
    assert ("The [autopilot](glossary.ipynb#cell-id=term-autopilot) (Solid) plays tricks 5 to 13 for South.") in text
    # r98: Solid's habits cut for density (duck is defined at trick 2, flush linked at trick 4); its seat-list name said
    assert ("the others play like *Solid*, the rule bot shown as *(rule)* in the seat list."
            in " ".join(md["l07-coach"].split()))
    assert "Solid" not in " ".join(md[c.get("id")] for c in cells[:[c.get("id") for c in cells].index("l07-coach")]
                                   if c["cell_type"] == "markdown")
    assert all(f"{seat} (rule): 13 cards" in printed for seat in ("West", "North", "East"))  # the other seats
    assert ("rule", "Solid") in [(n, label) for n, label, _ in ladder_levels()]
    # r43_a: cell 21's "— back to trick 2 —" came abruptly: cell 20 says the cell goes back to trick 2
    # r72c_07: the replay sits at trick 2 itself, folded under "Why not the K♠ on trick 2?": no going back
    assert "Then we replay trick 2 with South's K♠:" not in text and "(fold below)" in text  # r84: shorter
    assert "— back to trick 2 —" not in printed and "Why not the K♠ on trick 2?" in printed
    # r43_a: the quiz gives the totals in a sentence, not a score table
    assert "Reading the totals correctly" not in text  # r55_07: Check yourself tests trick 4's idea, not moon scoring
    assert "Reading the score table correctly" not in text
    assert MARKS["fine"] == MARKS["best"] == "✓" and "fine" in GOOD
    # fresh newcomer rater: the second table (seed 6, South always playing its lowest card) that printed one fine
    # line needed intricate code for one line; it is gone, and fine is said with the grades (cell l07-coach)
    assert "l07-fine-code" not in [c.get("id") for c in cells] and "TableWidget(seed=6" not in "".join(map(_src, cells))
    assert "where South always plays its lowest legal card" not in text
    assert "4 of 4 decisions best or too close to call" in demo_out  # the review itself counts fine as accurate
    # newcomer rater (issue 27): the last seat's trick costs nothing *in this trick* (the winner leads next)
    assert "winning it costs nothing in this trick." in text
    # r75_07: the prose's repeat of it after the trick-4 answer was cut for room; the quiz's K♠ reason says it
    assert "so K♠ takes a trick that costs" in "".join(map(_src, cells))
    assert "for free" not in text and "winning it costs nothing:" not in text


def test_lesson_07_round_14_demo_first_grades_defined_and_the_rest_of_the_hand():
    """Newcomer round 14: the live table came before the demonstration; the coach's grades were used before
    they were named; "0.2 more hearts" was unexplained; the A♦ South passed, which won trick 3 for West,
    went unmentioned; and tricks 5 to 13 were skipped without a word."""
    from hearts_teach.agents.coach_stats import MISTAKE_MAX, VERDICT_MEANINGS
    from hearts_teach.present.widgets import TableWidget

    cells = _cells("07_play_a_match")
    ids = [c.get("id") for c in cells]
    sources = [_src(c) for c in cells]
    live = next(i for i, s in enumerate(sources) if "TableWidget(seed=1," in s)
    demo_at = next(i for i, s in enumerate(sources) if "TableWidget(seed=7" in s)
    assert demo_at < ids.index("l07-take") < live  # the demonstration first, then your table
    # r90: "Check yourself" came after "play the whole match", read mid-match: it now follows the take-aways
    # r91: the take-aways (l07-rules) gave Check yourself's answers away just before it: they follow its answer now
    assert ids.index("l07-take") + 1 == ids.index("8439d369") == ids.index("cf3c8702") - 1 == ids.index("l07-rules") - 2 < live
    assert _src(cells[ids.index("l07-take")]).endswith("\n\n## Check yourself")
    assert "Check yourself" not in _src(cells[ids.index("l07-rules")])
    # r72c_07: the table within about 15 cells of the demonstration's start (the intro says how many)
    # r73_07: 19 (the trick-4 position and the take-aways got cells of their own)
    # r75_07: the count was off by one (the demonstration is 18 cells): dropped, the table stays 19 cells on
    # r81: 20: what South received (the K♠ without the Q♠) is said in a short cell right after the pass
    # r90: 22: Check yourself (its quiz and answer) moved before the table
    # r97: 23: the 3♦ replay printed in a cell of its own (one output had grown past 2,000 characters)
    assert live - demo_at == 23 and "First, one demonstration hand: the pass," in " ".join(
        _src(cells[demo_at - 1]).split()) and "in the next 20 cells" not in _src(cells[demo_at - 1])
    # issue 27: lesson 00 deals Hand.deal(seed=2026); a table's seed deals a whole match, so the same number
    # here gave another deal: the live table now has a seed of its own, and running it again repeats its first deal
    assert not any("seed=2026" in src for src in sources)
    assert str(TableWidget(seed=1, opponents="medium")) == str(TableWidget(seed=1, opponents="medium"))
    text = " ".join("".join(_src(c) for c in cells if c["cell_type"] == "markdown").split())
    # the grades, named once before the first printed grade (the pass's "✓ best")
    # fresh newcomer rater: five grades and their limits in one sentence was too much; the good two and the costly
    # three, in the coach's order, and lesson 08 for the limits
    # r32: *fine* joined the list, since the review below prints "best or fine"
    # r33 rater: defined before any verdict, the grades were dense; they now come in the cell just under the first
    # printed grade ("Your moves: pass: J♣ A♣ A♦ ✓ best")
    # the review prints the undecided verdict as the coach's tables do: "✓ too close to call", never "fine"
    # r81: "grade sizes are put off to lesson 08": the coach's cell is now a list, the good two on one line and the
    # costly three with their rough sizes on the next (the coach's thresholds), lesson 08 still for how they are read
    # r84: the legend split: each grade said where it is first printed (checked in full above)
    grades = "*Best* is within 0.25 points of the top choice (on fresh deals, so printed figures a little further apart can both be *best*),"  # r119  # r114  # r90: in the coach's fold (r94: one ladder, in order)
    assert grades in text and list(VERDICT_MEANINGS) == ["best", "fine", "inaccuracy", "mistake", "blunder"]
    assert MISTAKE_MAX == 3 and "by more than 3 points a hand" in VERDICT_MEANINGS["blunder"]
    assert "by more than 1 point a hand" in VERDICT_MEANINGS["mistake"]
    first_grade = next(i for i, c in enumerate(cells) for o in c.get("outputs", []) if "✓ best" in "".join(o.get("text", "")))
    assert "Your moves: pass: J♣ A♣ A♦ ✓ best" in "".join("".join(o.get("text", "")) for o in cells[first_grade]["outputs"])
    # r64_07: cell 5 already prints "the coach's grade: inaccuracy", above the pass's "✓ best": the grades now sit
    # in the coach's cell, just before that first printed grade
    coach_at = next(i for i, c in enumerate(cells) if c.get("id") == "l07-coach")
    # r72_07: the second choice's grade is no longer printed (too many numbers before any play): the pass hint follows
    inacc = next(i for i, c in enumerate(cells) for o in c.get("outputs", [])
                 if "Hint: Pass J♣ A♣ A♦" in "".join(o.get("text", "")))
    assert grades in " ".join(_src(cells[coach_at]).split()) and coach_at + 1 == inacc < first_grade
    # round 15: winning with 9♠ yet fewer hearts is an estimate, and lesson 08 shows how to read it
    # r39_d: said as the coach's average, not a reason, and the two cards a toss-up
    # r40_a: the fewer/more sentence puzzled a newcomer; said short: a gap too small to count, either card will do
    # r45_f: "fewer hearts" still read as a real gain: one clause says it is no real difference
    # r64_07: said against the 0.25-point band
    # r72c_07: the 0.2 counted hearts, the margin points: said in points, the coach's grade line (report item 1)
    assert "the 9♠ and 6♠ *best*" in text and "a toss-up" not in text  # r89: the coach's grades, not a gap
    # the demonstration replayed: the A♦ passed to West wins trick 3; tricks 5 to 13 as the lesson says
    demo = TableWidget(seed=7, opponents="rule", marks=False)
    demo.hint()
    demo.pass_cards(demo.hint_result.cards)
    for _trick in range(4):
        demo.hint()
        demo.play(demo.hint_result.card)
    hand = demo.hand
    three = hand.tricks[2]
    assert "AD" in [str(c) for c in hand.passed(0)] and hand.pass_target(0) == 1
    assert three.winner == 1 and str(three.card_of(1)) == "AD" and str(three.card_of(0)) == "QD"
    # r49_07: why it mattered, in the visible prose: West had to follow with the A♦, so the trick held no points
    # r64_07: the follow-suit reason is said once, in the takeaways ("A card you passed is a card you know")
    # r72b_07: cut to pay for the round's fixes; the folded answer prints West's A♦ winning trick 3
    assert "trick 3: North 2♦, East 6♦, South Q♦, West A♦" in "".join(
        "".join(o.get("text", "")) + "".join(o.get("data", {}).get("text/plain", "")) for c in cells for o in c.get("outputs", []))
    assert ("on trick 3 South knew West held the A♦, so West had to follow suit and the trick could hold no "
            "points.") in text
    assert three.led_suit.letter == "D" and all(c.suit.letter == "D" for c in three.cards) and three.points == 0
    demo.finish_hand()
    later = hand.tricks[4:]
    assert len(later) == 9 and all(t.winner != 0 or t.points == 0 for t in later)
    six = hand.tricks[5]
    assert six.led_suit.letter == "D" and str(six.card_of(2)) == "QS" and six.winner == 3
    # round 15: when North played, West's 4♦ was winning; East won the trick afterwards with the 10♦
    assert [hand.seat_names[s] for s in six.seats] == ["West", "North", "East", "South"]
    assert str(six.card_of(1)) == "4D" and str(six.card_of(3)) == "TD"
    # r50_07 (room for the duck's replay): the printed trick 6 shows it; the prose keeps the first clause
    # r72b_07: tricks 6 and 9 said between the two (checked in the measures test)
    # r114: "South took no points" cut for the review's trick-3 note (the score table prints South 0)
    assert "needs later. On trick 6, North" in text and "South took no points" not in text
    assert "took her. Three later diamond tricks carried points (6, 7 and 11)" in text  # r89
    assert "East's trick" not in text
    out = "".join("".join(o.get("text", "")) for c in cells if c.get("id") == "9c4e6390" for o in c["outputs"])
    assert "trick 6: West 4♦, North Q♠, East 10♦, South 8♦ → East takes 13 points" in out
    # r34_d: the hand's scores print once (the review's line), after the score table; not three times
    assert out.count("Hand 1 scores:") == 1 and out.index("total ") < out.index("Hand 1 scores: South 0, West 4")


def test_lesson_09_defines_broken_and_trumped_where_it_first_uses_them():
    """Newcomer round 21: "trumped" and "broken" came before the lesson said what they mean. The first
    Markdown use of each is now its definition: a suit is broken once a card of it has been played (in Spades
    any spade, as the engine's status line and ``explain`` say), and a player out of the led suit who plays a
    spade has trumped."""
    from hearts_teach.course.spades_lesson import before_play, play_spades, same_deal

    text = " ".join(" ".join(_src(c) for c in _cells("09_hearts_vs_spades") if c["cell_type"] == "markdown").split())
    defined = ("A suit is *broken* once a card of it has been played: in Hearts you may not lead a heart until hearts "
               "are broken, in Spades not a spade until spades are. A player who cannot follow suit and plays a spade "
               "instead has *trumped* the trick: that is how spades usually get broken.")
    assert defined in text
    at = text.index(defined)
    assert text.lower().find("broken") == text.lower().find("broken", at) > at
    assert text.find("trumped") > at  # the table's row "Trump" says what trump is; "trumped" first here
    _, spades = same_deal(17)
    play_spades(spades, seed=2)
    assert "spades not broken" in before_play(spades, 4 * 7 + 1).text()  # no spade yet before West's K♠
    assert "spades broken by K♠ in trick 8" in before_play(spades, 4 * 8).text()
    trick = spades.tricks[7]
    assert trick.cards[0].suit.letter == "C" and trick.card_of(1).pretty == "K♠" and trick.trumped


def test_lesson_08_folds_its_answers_and_says_what_to_take_away():
    """Issue 27, newcomer rating on the stored copy: the answers sat in plain view after "try the drills
    first"; they are now in one collapsed <details> (their code cells folded), end with a *What to take
    away* list, and give the verdicts of drill 3's other cards and the 3♠'s cost range in drill 4 (the
    coach's). The headers' "Hand 1"/"Hand 2" and "(set for this example ...)" are explained, and the
    *Last trick* guide comes before the drills are printed."""
    from hearts_teach.course.drills import DRILLS, DrillSession, drills_text, grade
    from hearts_teach.kernel.cards import Card

    cells = _cells("08_practice_decisions")
    ids = [c.get("id") for c in cells]
    prose = " ".join(" ".join(_src(c) for c in cells if c["cell_type"] == "markdown").split())
    # fresh newcomer rater (r34): the ~600-word block is split, one folded cell per drill, then the takeaways
    folds = ["l08-20", "l08-20-d2", "l08-20-d3", "l08-20-d4", "l08-20-d5"]
    # r84 (rater: folded, the takeaways were easy to miss): they follow the five folds, always visible
    assert [ids.index(cid) for cid in folds + ["l08-20-take"]] == list(range(ids.index("l08-20"), ids.index("l08-20") + 6))
    # r93 (rater: unfolded, the take-aways gave every drill's answer to anyone scrolling): the bullets folded like the
    # answers, the heading left visible so they are not missed (r84's worry)
    take_src = _src(cells[ids.index("l08-20-take")])
    assert take_src.startswith("## What to take away\n\n<details><summary>Five rules</summary>\n\n- ") and take_src.rstrip().endswith("</details>")
    assert not take_src.startswith("## What to take away\n\n- ") and take_src.count("\n- ") == 5
    # r110 (report r110/08: "out" alone could mean "already played"): drill 4's glossary term
    assert "- While the Q♠ is [still out](glossary.ipynb#cell-id=term-still-out) and you hold nothing above her" in take_src
    assert "While the Q♠ is out and" not in take_src
    assert _src(cells[ids.index("l08-20")]).startswith("## After your try: the coach's answers\n\n")
    for n, cid in enumerate(folds, start=1):
        fold = _src(cells[ids.index(cid)]).split("<details>", 1)[1]
        summary = f"Drill {n}"
        assert fold.startswith(f"<summary>{summary}</summary>\n\n") and fold.rstrip().endswith("</details>")
        assert f"**Drill {n}.**" in fold
    for cid in ("l08-20b", "l08-24b"):  # the code cells behind the notes come after them, folded
        assert ids.index(cid) > ids.index("l08-20-take")
        assert cells[ids.index(cid)]["metadata"]["jupyter"] == {"outputs_hidden": True, "source_hidden": True}
    # the labels: the guide to *Last trick* lines and the headers come before the drills are printed
    shown = next(i for i, c in enumerate(cells) if _src(c).startswith("print(drills_text(DRILLS))"))
    guide = " ".join(_src(cells[shown - 1]).split())
    # fresh newcomer rater (r48): the demonstration printed the first *Last trick* line; the guide to it moved up,
    # just before it, with the card codes its code types (T = ten)
    lead_in = " ".join(_src(cells[ids.index("l08-03b")]).split())  # r71: the demonstration, its own cell
    # r50: shorter; the order of play named once (East, South, West, North) and the winner
    assert ("A *Last trick* line lists the cards from the leader on: below, 7♣ 5♦ K♣ 9♥ → West means East led the 7♣, "
            "then South, West and North played, and West took the trick.") in lead_in and lead_in.endswith("and West took the trick.")  # r120: "The engine writes the position:" cut (word cap)
    assert "In code, a card is rank then suit letter (`KH`: K♥; T: ten)." in lead_in
    # r107 (report r107/08: "Hand 1 · … would pass left" read against RULES' 0-based h % 4): the display counts from 1
    assert "Hands count from 1 (hand 1 passes left)." in lead_in and "Hand 1 · no pass (set for this example; the rotation would pass left)" in "".join(
        "".join(o.get("text", "")) for o in cells[ids.index("l08-04")]["outputs"])
    assert "TD" in _src(cells[ids.index("l08-04")]) and "Last trick (led by East): 7♣ 5♦ K♣ 9♥ → West" in "".join(
        "".join(o.get("text", "")) for o in cells[ids.index("l08-04")]["outputs"])
    # fresh rater (round 27): the headers' paragraph is one line
    # fresh newcomer rater (final round): drills 4 and 5 are headed "Hand 1 · no pass": Hand 1 is a hand that
    # passes left, and the plays are set to skip it (built with pass_direction="hold", asserted below)
    # fresh newcomer rater (r32): the demonstration prints the first "Hand 1 · no pass" header, so the words on
    # headers come just before it, in the coach's guide; the drills' guide says the plays skip the pass too
    demo = " ".join(_src(cells[ids.index("l08-03b")]).split())
    # r72c (rater: open with the demo): the demonstration comes straight after the imports, the guide after it
    assert ids.index("l08-04") == ids.index("l08-03b") + 1 == ids.index("l08-02") + 2 < ids.index("l08-03") and "Hand 1 · no pass" in "".join(
        "".join(o.get("text", "")) for o in cells[ids.index("l08-04")]["outputs"])
    # fresh newcomer rater (r34): the knotted aside on the header is cut; the header itself says "(set for this
    # example; the rotation would pass left)"
    assert "The engine writes the position:" not in demo and "In its header" not in demo  # r120: cut (word cap)
    # r94 (report r94/08: drills 4 and 5, new deals, are headed "Hand 1" like drill 1): what the header's number counts
    # r95 (rater: "counts hands in a match" was cryptic beside three deals all headed Hand 1): what the number sets
    # r96 (rater: drills 3 to 5 print "Hand 1 · no pass"): "would pass", as their headers say of the rotation
    # r97 (report r96/08: "Hand 1", "not deal numbers" confused): each drill's pass said plainly, as its header prints it
    # r110 (report r110/08: drill 5 alone showed no trick 1): its trick 1 in the guide, as dealt (the prompt is the package's)
    t1 = DRILLS[4].make().tricks[0]
    names = ["South", "West", "North", "East"]
    # r111 (report r111/08: drills 3 and 4 give trick 1 in their text, drill 5 in the guide): in its prompt, as dealt
    # r119 (word cap, words paid for r118's items): the directions cut from the guide; each drill's printed header
    # still says its pass (drills_text: "pass left", "pass right", "no pass"), asserted here
    assert "## The drills The five positions:" in guide and "drill 1 passes left, drill 2 right" not in guide
    headers = [line for line in drills_text(DRILLS).splitlines() if line.startswith("Hand ")]
    assert ["· pass left ·" in headers[0], "· pass right ·" in headers[1]] == [True, True]
    assert all("no pass" in h for h in headers[2:]) and len(headers) == 5
    assert (f"A new deal. Trick 1 (led by {names[t1.leader]}): {' '.join(c.pretty for c in t1.cards)} → "
            f"{names[t1.winner]}. East's Q♠") in DRILLS[4].prompt and "drill 5's trick 1" not in guide
    assert "Trick 1 (led by South): 2♣ 6♣ 5♣ J♣ → East." in DRILLS[4].prompt
    assert "not deal numbers" not in guide
    assert [d.make().pass_direction for d in DRILLS] == ["left", "right", "hold", "hold", "hold"]
    assert "counts hands in a match" not in guide  # r55 (word cap): the intro names the five
    from hearts_teach import Rules

    assert [Rules().pass_direction(n) for n in (0, 1)] == ["left", "right"]  # hand numbers 0 and 1 print as Hand 1, 2
    assert [d.make().hand_number for d in DRILLS] == [0, 1, 1, 0, 0]  # Hand 1, 2, 2, 1, 1: drills 1, 4 and 5 differ
    # fresh newcomer rater (r37): drills 4 and 5 read as drill 1's deal; their questions say they are new deals
    assert DRILLS[3].prompt.startswith("A new deal.") and DRILLS[4].prompt.startswith("A new deal.")
    assert all(d.make().dealt(0).mask not in {e.make().dealt(0).mask for e in DRILLS[:3]} for d in DRILLS[3:])
    # and the session's stored text names drill 1 without printing its position again (the cell above prints it)
    session = next(c for c in cells if _src(c).startswith("practice = DrillSession(listed=True)"))
    stored = "".join("".join(o["data"]["text/plain"]) for o in session["outputs"])
    assert stored == f"Drill 1 of 5 · {DRILLS[0].title} (printed above): click your answer here."
    assert "South: ♠" not in stored and DrillSession().text().startswith("Drill 1 of 5")
    assert "*Hand 1* means a pass to the left" not in guide
    assert all(d.make().pass_direction == "hold" for d in DRILLS[2:])
    assert [d.kind for d in DRILLS] == ["pass", "pass", "play", "play", "play"]
    assert all(d.make().phase == "play" and all(d.make().passed(s) is None for s in range(4))
               for d in DRILLS[2:])  # the plays: no pass, only dealt cards
    assert all(d.make().cards(0).mask & ~d.make().dealt(0).mask == 0 for d in DRILLS[2:])
    printed = drills_text(DRILLS)
    assert "Hand 1 · pass left" in printed and "Hand 2 · pass right" in printed
    assert printed.count("Hand 1 · no pass (set for this example; the rotation would pass left)") == 2
    assert printed.count("Hand 2 · no pass (set for this example; the rotation would pass right)") == 1
    # drill 3: the verdicts of the other cards, as the coach grades them
    void = {c.label: c.verdict for c in grade(DRILLS[2], "QS").assessment}
    assert void == {"Q♠": "best", "A♥": "best", "9♥": "inaccuracy", "7♥": "inaccuracy", "K♠": "mistake",
                    "9♦/10♦/J♦": "mistake", "5♦": "mistake", "2♠": "mistake", "10♠": "mistake"}
    # fresh newcomer rater (r38): drill 3 has no pass, so the queen does not "come back"; the share is the coach's
    kept_3 = {f"{void_a.stats['p_take_qs']:.0%}" for void_a in map(grade(DRILLS[2], "QS").assessment.of, ("A♥", "9♥", "7♥"))}
    assert kept_3 == {"3%"}
    # fresh newcomer rater (r43_h): two moves are best; the note says they come to about the same total, from the
    # printed figures (A♥: 4.7 hearts and the queen in 3% of deals, 3% of 13 about 0.4; Q♠: 4.9 hearts, 0%)
    # r72: the A♥ costs a little more than the Q♠ (0.18 on the coach's deals, 5.13 against 4.84 replayed): said so
    # r72b: only the coach's (graded) 0.18 in the prose; the replay cell says why its 1,000 deals give another gap
    # r72c (rater: the replays show the A♥ 0.29 worse, over the quarter-point line, yet it is best): the note says
    # 1,000 replays are too few to settle a 0.2-point gap (the replay cell prints both totals and the coach's 0.18)
    # r73_08: "so few deals" had no clear referent: the 1,000 replays are too few (the figures cell says they are the
    # coach's first 1,000 deals); "(under a quarter point)" went with the scale's "whole range within a quarter point"
    # r73c: the replay gap went to the folded cell (which says why its 1,000 deals differ); "a kept A♥" named its line
    # r74b (rater: "can win heart tricks" read as a benefit; it is the cost): "tricks full of hearts", both lines named
    # r76 (rater: the headline read as if only the Q♠ were right): the headline says the A♥ earns full marks too,
    # so the body gives only its cost
    # r81 (rater: the 3% linked to the replay table, which shows points): the 3% links the figures printing it, the
    # replays link the heart tricks the kept A♥ wins
    # r84 (rater: the first reason given, the kept A♥'s hearts, argued against the best card): the queen first
    # r87 (rater: "The Q♠ costs a little too" puzzled, the Q♠ being the best card): a smaller price, against the top choice
    assert ("Throw the A♥ and you keep the queen: she ends in South's tricks in 3% of deals ([figures](#cell-id=l08-20b)): "
            "13 × 3% ≈ 0.4 points. Throwing the Q♠ costs a little too: you keep the A♥, which may later win a trick full of hearts"
            ": about 0.2 more hearts (4.9 against 4.7, [figures](#cell-id=l08-20b)). So the A♥ costs 0.4 − 0.2 = 0.2 "
            "points a hand more than the Q♠ (unrounded, [0.18](#cell-id=l08-d3)).") in prose
    # r114 (reader: "0.4 − 0.2 ≈ 0.18" did not read true): the rounded sum, then the coach's unrounded 0.18
    assert "0.4 − 0.2 ≈" not in prose
    # r109: the 4.9/4.7 (hearts) are printed by l08-20b, not the replay (points); the replay link sits on its 0.18
    assert "([replayed here](#cell-id=l08-d3)): about 0.2 hearts" not in prose
    assert "The rest keep her:" not in prose  # r98: cut for density
    assert prose.index("you keep the queen:") < prose.index("trick full of hearts")
    coach_3 = grade(DRILLS[2], "QS").assessment
    dump, ace_3 = coach_3.of("Q♠"), coach_3.of("A♥")
    assert (f"{ace_3.stats['exp_hearts']:.1f}", f"{dump.stats['exp_hearts']:.1f}", f"{ace_3.stats['p_take_qs']:.0%}",
            f"{13 * 0.03:.1f}") == ("4.7", "4.9", "3%", "0.4") and dump.stats["p_take_qs"] == 0
    assert abs(ace_3.exp_points - dump.exp_points) < 0.25  # about the same total: both best
    assert all(coach_3.of(c).stats["exp_hearts"] > dump.stats["exp_hearts"] for c in ("9♥", "7♥"))
    hearts = {c.label: c.stats["exp_hearts"] for c in grade(DRILLS[2], "QS").assessment}
    assert hearts["A♥"] == min(hearts.values())  # the fewest, of every card the coach grades
    # fresh newcomer rater (r49): the figures cell prints four cards' hearts, so the note says "fewer" than the Q♠, not "the fewest"
    assert "South takes the fewest hearts" not in prose
    # fresh newcomer rater (r39): why those cost; none of them gives away the queen or a heart
    three_hand = DRILLS[2].make()
    assert {Card("QS"), Card("AH")} <= set(three_hand.cards(0))
    # drill 4: 10♠ and J♠ are neighbours in rank (one choice); the 3♠'s cost range is the coach's
    lead = grade(DRILLS[3], "3S")
    assert lead.best == "10♠/J♠" and Card("JS").rank == Card("TS").rank + 1
    three = lead.assessment.of("3S")
    low, high = three.delta_ci95
    assert low > 0.25 and lead.verdict == "inaccuracy"
    # newcomer round 26: the notes' figures were heavy; the 3♠'s cost range (0.28 to 0.43) is not in the prose,
    # the verdict is, and the table's point is said in words. Fresh newcomer rater (r32): the verdict counts points
    # a hand while the coach's reason counts hearts; the note says so, the figures cell prints the cost in points and
    # the reason in hearts, and the why comes from the table (tricks South later wins with a spade: after the 3♠
    # those are the J♠ and the 10♠), not from a guess about "costing little now"
    # fresh newcomer rater (r37): the sentence on how to read the coach went; every club and diamond lead costs more
    others = [c for c in lead.assessment if c.label[-1] in "♣♦"]
    assert len(others) == 5 and all(c.delta_vs_best > three.delta_vs_best for c in others)
    # fresh newcomer rater (r41_f): why a spade beats a club or diamond lead: the coach's reason for its best, in plain
    # words, and the Q♠ shares the figures cell prints (9% after the 10♠, 12% to 17% after each club or diamond)
    # fresh newcomer rater (r52): "it cannot win her" (which "it"?), "flush her out" as an idiom, "rule bots"
    # defined only in hidden code, and "most of the extra points (the table)" without the numbers: each now plain
    # r97 (report r96/08: each answer's one number in its prose): the 9♣'s cost, the coach's
    assert f"{lead.assessment.of('9♣').delta_vs_best:.2f}" == "1.35" and max(lead.assessment, key=lambda c: c.delta_vs_best).label == "9♣"
    assert ("The 3♠ is an *inaccuracy*, and every club and diamond lead costs more "
            "([figures](#cell-id=l08-24b)). Why a spade below the queen? It cannot win a trick she falls on. Each spade "
            # r107 (report r107/08: rule 5 forces a spade, not her last; she can fall earlier, 50 of 1000 after the 10♠)
            "lead makes her holder play a spade; once she is the last one, she must be played. Why not "
            # r109 (report r109/08: duck under what?): the later spade lead that forces the J♠ or 10♠ out
            "the 3♠? It leaves the J♠ and 10♠: a later spade lead forces one out, and it may win, hearts and all.") in prose  # r72b: the 70 and 2,048 replays' figures are in the lead figures' output only
    assert "The 9♣ costs most" not in prose  # r98: cut for density (its 1.35 stays in the lead figures' output)
    # r61 (two sources for one fact): the coach's shares only (17% against 9%), no replay totals beside them (163, 83)
    assert "163 against 83" not in prose and "(the coach: 0.36)" not in prose
    # fresh newcomer rater (r57): "the figures do not say why" was a dead end; the drill showed only trick 2. The
    # note names both earlier tricks (printed with their winners in the lead figures) and the clubs still out, and
    # the replay the lead figures print: the 9♣ is the costliest lead, she is thrown on its trick (a Q♠ on a club
    # trick is a discard: its player had no club) and the 9♣ wins most of the deals the 9♣ adds over the 10♠
    from hearts_teach.course.later_tricks import lead_queen_tricks
    from hearts_teach.kernel.cards import FULL_DECK, CardList
    from hearts_teach.kernel.table import SEAT_NAMES as SEAT_NAMES_

    d4 = DRILLS[3].make()
    assert [(" ".join(c.pretty for c in t.cards), t.winner) for t in d4.tricks] == [("2♣ 3♣ 4♣ Q♣", 1), ("7♣ 10♣ 8♣ J♣", 0)]
    # r74b: the drill shows trick 2 as its last trick; its prompt names trick 1, so the clubs still out can be counted
    # r76 (rater: the prompt's trick 1 had no leader, so cell 3's reading rule could not be applied): North led it
    assert SEAT_NAMES_[d4.tricks[0].leader] == "North"  # SEAT_NAMES is imported further down this test
    assert "Trick 1 (led by North): 2♣ 3♣ 4♣ Q♣ → West." in DRILLS[3].prompt  # r98: the 9♣ note (count tricks 1 and 2) cut
    # r87 (rater: the prompt's "The Q♠ is still out" was jargon never explained): plain words; the answer links the term
    assert "No one has played the Q♠." in DRILLS[3].prompt and "still out" not in DRILLS[3].prompt
    assert "QS" not in {str(c) for t in d4.tricks for c in t.cards} and "QS" not in {str(c) for c in d4.cards(0)}
    gone = {c for t in d4.tricks for c in t.cards} | set(d4.cards(0))
    assert sorted((c for c in CardList.from_mask(FULL_DECK) if c.suit.letter == "C" and c not in gone), key=lambda c: c.rank) == [
        Card("6C"), Card("KC"), Card("AC")]
    assert max(lead.assessment, key=lambda x: x.delta_vs_best).label == "9♣"
    assert f"{lead.assessment.of('9♣').stats['p_take_qs']:.0%}" == "17%"
    nine = lead_queen_tricks(d4, ["9C", "TS"], count=1000)
    r9, r10 = nine[Card("9C")], nine[Card("TS")]
    assert (r9["on_this"], r9["won_this"], r9["queen"], r10["queen"]) == (338, 70, 163, 83)
    assert r9["won_with"]["9♣"] == r9["won_this"] and r9["won_this"] > (r9["queen"] - r10["queen"]) / 2
    # r61: "most of the 9♣'s extra risk" on the coach's own shares too: 70 in 1,000 is over half of 17% less 9%
    p9, p10 = (lead.assessment.of(x).stats["p_take_qs"] for x in ("9♣", "10♠"))
    assert r9["won_this"] / 1000 > (p9 - p10) / 2 and r10["won_this"] == 0
    # r61 (rater: why is the 4♦ a mistake, the 8♦ and J♦ inaccuracies?): the coach's Q♠ shares, which carry most of
    # each cost gap (13 points each); the replays show no reason (she almost never falls on the diamond lead's own
    # trick, 11 times in 1,000 after each; her later winners are spread over South's kept cards)
    four_d, eight_d, jack_d = (lead.assessment.of(x) for x in ("4♦", "8♦", "J♦"))
    assert four_d.verdict == "mistake" and eight_d.verdict == jack_d.verdict == "inaccuracy"
    assert [f"{c.stats['p_take_qs']:.0%}" for c in (four_d, eight_d, jack_d)] == ["16%", "13%", "12%"]
    for other in (eight_d, jack_d):
        assert 13 * (four_d.stats["p_take_qs"] - other.stats["p_take_qs"]) > (four_d.delta_vs_best - other.delta_vs_best) / 2
    diamonds = lead_queen_tricks(d4, ["4D", "8D", "JD"], count=1000)
    assert all(r["on_this"] == 11 for r in diamonds.values())
    figs4 = "".join("".join(o.get("text", "")) for c in _cells("08_practice_decisions") if c.get("id") == "l08-24b"
                    for o in c["outputs"])
    assert "Drill 4, the tricks before South's lead: 2♣ 3♣ 4♣ Q♣ → West; 7♣ 10♣ 8♣ J♣ → South\n" in figs4
    # r71 (rater: "wins that trick with her" read as South playing the queen): "with her in it"
    assert ("1000 deals replayed after the 9♣: the Q♠ falls on that trick 338 times, South wins it, with her in it, 70 times; "
            "the Q♠ in South's tricks in all: 163\n") in figs4
    assert "1000 deals replayed after the 10♠: the Q♠ falls on that trick 50 times, South wins it, with her in it, 0 times; " \
           "the Q♠ in South's tricks in all: 83" in figs4
    # fresh newcomer rater (r57): three sources of figures; the coach's guide names them once (the replays of 1,000
    # and 2,048 of the coach's deals, rule bots in every seat) and says they differ by chance
    # r72c (rater: method before any example): the label moved to the head of the figures, where the replays are
    guide3 = " ".join(_src(next(c for c in _cells("08_practice_decisions") if c.get("id") == "l08-figs")).split())
    # r61: one source a fact; the replays are named for what the coach cannot give, and labelled as the prose says them
    # r71 (rater: 39% beside 356 of 1,000 was explained only in hidden code): the label first, and why they differ:
    # the coach's percentages come from more deals than the replays' first 1,000 (or 2,048)
    # r72_08: drill 4's answer cites 2,048 replays: the label covers both counts
    # r73c: the tables say "N sampled deals" (drill 4's 2,048): the label names them too
    # r81 (rater: no output says "in N replays"; they say "1000 deals replayed"): the label in the outputs' words
    # r111 (report r111/08: 537 of 1000 against 56%, why? said only in l08-d3): the percentages' deals said here
    # r120 (report r120/08: 56% of the coach's deals against 274 of 1000, how many deals?): "its percentages use all"
    # was false for a choice the coach stops early (drill 1's Q♣ J♥ Q♠: 128 deals): each choice's own deals, printed
    assert ("*N deals replayed* and *N sampled deals* are the coach's first N deals, played by "
            "[rule bots](glossary.ipynb#cell-id=term-rule-bot) in every seat; percentages use each choice's deals (128 to "
            "16384: fewer for a clear verdict).") in guide3 and "in N replays" not in guide3
    assert "(its percentages use all)" not in guide3
    # r97 (report r96/08: "top 6" only in code): r116 cut its legend here for words: l08-20's prose says "the six the
    # rule bot most wants to pass", and the figures print "every 3 of the rule bot's top 6 to pass"
    assert "the six the [rule bot](glossary.ipynb#cell-id=term-rule-bot) most wants to pass" in prose
    # r78 (rater: "totals differ a little" said four times): the heading's sentence went; the cells' comments say it
    assert all(grade(DRILLS[i], a).assessment.worlds > 2048 for i, a in ((0, "QC JH QS"), (1, "KC QS KS"), (2, "QS"), (3, "3S")))
    codes = "".join(_src(c) for c in _cells("08_practice_decisions") if c["cell_type"] == "code")
    assert {int(n) for n in re.findall(r"count=(\d+)", codes)} == {1000, 2048}
    # fresh newcomer rater (r55): why the low 4♦ and 9♣ cost more than the J♦: they are the two costliest leads, and
    # the queen's 13 points on the extra share of deals she comes back in make up most of their extra cost
    jd = lead.assessment.of("J♦")
    for costly in ("4♦", "9♣"):
        c = lead.assessment.of(costly)
        assert 13 * (c.stats["p_take_qs"] - jd.stats["p_take_qs"]) > (c.delta_vs_best - jd.delta_vs_best) / 2
        assert 13 * (c.stats["p_take_qs"] - lead.assessment.best.stats["p_take_qs"]) > c.delta_vs_best / 2  # vs the best too
    assert sorted(others, key=lambda x: x.delta_vs_best)[-2:] == [lead.assessment.of("4♦"), lead.assessment.of("9♣")]
    shares = {c.label: f"{c.stats['p_take_qs']:.0%}" for c in lead.assessment}
    assert shares["10♠/J♠"] == "9%" and sorted(v for k, v in shares.items() if k[-1] in "♣♦") == [
        "12%", "12%", "13%", "16%", "17%"]
    assert ("How often the Q♠ ends in South's tricks after each lead: "
            + ", ".join(f"{k} {v}" for k, v in shares.items()) + "\n") in "".join(
        "".join(o.get("text", "")) for c in _cells("08_practice_decisions") if c.get("id") == "l08-24b"
        for o in c["outputs"])
    # fresh newcomer rater (r40): "Both" was unclear, and "most of the difference there" hard to parse; the table's
    # spade column carries most of the 3♠'s extra points
    table = "".join("".join(o.get("text", "")) for c in _cells("08_practice_decisions") for o in c.get("outputs", []))
    table = table[table.index("won with a ♠  won with another"):]  # r81: the column heads (the caption names them too)
    spade_rows = {row.split()[0]: [float(x) for x in row.split()[1:]] for row in table.splitlines()[1:3]}
    extra, by_spade = (spade_rows["3♠"][i] - spade_rows["10♠"][i] for i in (0, 1))
    # fresh newcomer rater (r48): the coach's 0.36 against the table's 3.21 − 2.91 = 0.30: the note says the table is
    # a separate, smaller replay (2048 deals against the coach's 8192 for these two leads)
    assert (spade_rows["3♠"][0], spade_rows["10♠"][0], f"{extra:.2f}") == (3.21, 2.91, "0.30")
    # fresh newcomer rater (r49): one unit; "the luck of the deals": the table's 0.30 lies in the coach's own range
    assert low <= extra <= high and f"{three.delta_vs_best:.2f}" == "0.36"
    # r81 (rater: "split by South's card in each trick South won" left the columns unclear): one phrase a column
    assert ("South's points from here on: in all, from tricks South won with a ♠, and from tricks South won with "
            "another card:\n") in "".join("".join(o.get("text", "")) for c in _cells("08_practice_decisions")
                                          for o in c.get("outputs", []))
    assert table.startswith("won with a ♠") and "2048 sampled deals, played out by rule bots" in "".join(
        "".join(o.get("text", "")) for c in _cells("08_practice_decisions") if c.get("id") == "l08-24b" for o in c["outputs"])
    assert "It costs 0.36 points a hand more than the 10♠/J♠" in "".join(
        "".join(o.get("text", "")) for c in _cells("08_practice_decisions") if c.get("id") == "l08-24b" for o in c["outputs"])
    coach_lead = grade(DRILLS[3], "3S").assessment
    assert (coach_lead.of("3♠").deals, coach_lead.best.deals) == (8192, 8192)
    assert extra > 0 and by_spade > extra / 2 and f"{by_spade:.2f}" == "0.23"
    assert (spade_rows["3♠"][1], spade_rows["10♠"][1]) == (0.71, 0.48)
    assert "Both are below the queen" not in prose
    # fresh newcomer rater (r39): "below the queen, so cannot take her" was as true of the 3♠; the note now leads
    # with the spade kept
    assert "so cannot take her" not in prose
    # fresh newcomer rater (r38): "flush her out" was jargon; r41_f asked why a spade lead: the coach's words are
    # quoted once and said at once in plain words
    # r81 (rater: the quote was of words seen only in folded code): said in plain words, no quote
    assert "flush her out" not in prose and "until only she is left" not in prose  # r107: a spade each lead, not her last
    assert "it cannot win her" not in prose
    assert "you take about 0.3 more hearts than with 10♠/J♠" in three.reason and three.consequence.startswith(
        "you take about")  # the biggest part of the cost is hearts
    assert sorted(c.pretty for c in DRILLS[3].make().cards(0) if c.suit.letter == "S") == ["10♠", "3♠", "J♠"]
    assert "costs little now" not in prose
    # the term the rater asked to define or drop: linked to its glossary entry, which says why they are one choice
    assert ("The top choice is the 10♠ or the J♠ ([neighbours in rank](glossary.ipynb#cell-id=term-neighbours-"
            "in-rank): one choice). The 3♠ is an *inaccuracy*, and every club and diamond lead costs more") in prose  # r87
    # fresh newcomer rater: "the table below" sat in a folded cell; it is the second cell after the notes
    # (r57: a heading, l08-figs, now opens the folded figures cells)
    # r71 (rater: drill 1's figures came after drill 5's): the figures cells in drill order
    # r78: drill 2's cost cell (l08-d2) joins them, between drill 1's and drill 3's
    assert ids.index("l08-24b") == ids.index("l08-20-take") + 6 and ids.index("l08-figs") == ids.index("l08-20-take") + 1
    assert ids.index("l08-20b") < ids.index("l08-d1") < ids.index("l08-d2") < ids.index("l08-d3") < ids.index("l08-24b") < ids.index("l08-d5")
    assert "later_points_table(" in _src(cells[ids.index("l08-24b")])
    assert f"{low:.2f}" not in prose and f"{high:.2f}" not in prose
    # the cell under the notes (folded, like the notes) prints the coach's own reason for the spade lead, which the
    # notes quote, and its verdict on the 3♠
    figures = "".join("".join(o.get("text", "")) for o in cells[ids.index("l08-24b")]["outputs"])
    best = lead.assessment.best
    assert best.label == "10♠/J♠" and best.does == "leads a spade below the queen to flush her out, keeping a lower one"
    assert f"Drill 4, the coach's reason for its top choice: {best.reason}\n" in figures  # r87: "best" is a grade
    assert (f"The coach's verdict on the 3♠: inaccuracy. It costs {three.delta_vs_best:.2f} points a hand more than "
            f"the 10♠/J♠ (its deals show between {low:.2f} and {high:.2f}).\n") in figures
    assert f"Its reason for the 3♠: {three.reason}\n" in figures
    from hearts_teach.course.later_tricks import later_points
    from hearts_teach.kernel.cards import Suit as Suits

    spread = later_points(DRILLS[3].make(), ["3S", "TS"], count=2048)  # the table's deals
    by_spade = [spread[Card(c)]["by_suit"][Suits.SPADES] for c in ("3S", "TS")]
    others = [spread[Card(c)]["points"] - b for c, b in zip(("3S", "TS"), by_spade, strict=True)]
    assert by_spade[0] - by_spade[1] > others[0] - others[1] > 0  # most of the difference: tricks won with a spade
    assert best.does.startswith("leads a spade below the queen") and best.does.endswith("keeping a lower one")
    # drills 2 and 3, the same cards: the queen kept in one, dumped in the other, in the coach's printed reasons
    shown = "".join("".join(o.get("text", "")) for o in cells[ids.index("l08-20b")]["outputs"])
    two = grade(DRILLS[1], "KC QS KS").assessment
    three = grade(DRILLS[2], "QS").assessment
    kept, passed, dumped = two.of("K♣ J♦ K♠"), two.of("K♣ Q♠ K♠"), three.of("Q♠")
    assert (kept.verdict, dumped.verdict, three.best.label) == ("best", "best", "Q♠") and passed.verdict == "mistake"
    assert kept.does.startswith("keeps the Q♠ with three lower spades") and dumped.stats["p_take_qs"] == 0
    # r119 (report r118/08: why the J♦ and not the A♥?): K♣ A♥ K♠ is also best, printed beside the top choice (the
    # passed queen's grade, a mistake, is drill 2's own cell, l08-d2, which the prose links)
    also = two.of("K♣ A♥ K♠")
    assert also.verdict == "best" and f"  the coach's words for its top choice: {kept.label} {kept.does}; {also.label}: best\n" in shown
    assert f"; {passed.label}: {passed.verdict}" not in shown
    assert f"Drill 3, the coach's reason for its top choice: {dumped.reason}\n" in shown  # r87
    assert "the Q♠ can still be dropped on a trick you win" in passed.reason
    assert dumped.reason == "Q♠ dumps the Q♠ on East's trick: you never take the Q♠."
    assert ('keeps the queen "with three lower spades" (10♠ 6♠ 2♠) to duck with: she ends in South') in prose  # r87
    assert "Here the queen is safer kept." not in prose and kept.stats["p_take_qs"] < passed.stats["p_take_qs"]
    # the 6% and 39% where they are used, and why a passed queen comes back: East, who gets her, dumps her
    # fresh newcomer rater (r39): the pass behind the 39% is named, and the East sentence is one plain clause
    # r84 (rater: "mostly a diamond" was hard to picture): the card that wins her most often (test_drills.py)
    # r87 (rater: why East?): passed right, to East
    assert (f"she ends in South's tricks in {kept.stats['p_take_qs']:.0%} of deals; passed right, to East ("
            f"{passed.label}, a [{passed.verdict}](#cell-id=l08-d2)), in {passed.stats['p_take_qs']:.0%}: East can dump her "
            "on a trick South wins, when void in the suit led (most often on your 9♦: "
            "[replays](#cell-id=l08-20b)).") in prose
    # fresh newcomer rater (r38): the pointer to 08a (East plays after South only on South's lead) undercut the reason
    assert "lesson 08a, next, shows who plays after you" not in prose
    assert DRILLS[1].make().pass_direction == "right"  # lesson 08a's pass right: East plays after South's lead
    # fresh newcomer rater (r52): one idea a sentence; South plays last, after East's winning 6♣
    # r73 (rater r73_08, word cap): "with no club" (South has none: it could not follow)
    # r92 (word cap: the prompt now says East's 6♣ is winning and South has no clubs): the answer says it once
    assert ('the Q♠ (the A♥ also earns full marks).** South plays last, so a queen thrown on East\'s 6♣ stays East\'s; a passed one can still land on your trick (drill 2).') in prose and "unlike a passed one" not in prose and "may not (drill 2)" not in prose  # r99 (report r98/08: keep her in drill 2, throw her in drill 3, unlinked): linked and "surely" not in prose  # r81 (word cap): East's 6♣ wins it for sure; "surely" cut  # r72c (word cap): the coach's quote is in the figures only  # r72: after drill 3's one-line lesson  # r55: was cryptic; r57 (word cap): the aside on drill 2 cut
    assert [c.pretty for c in DRILLS[2].make().current_trick.cards] == ["4♣", "3♣", "6♣"]  # West led: South plays last
    from hearts_teach.kernel.cards import Suit

    trick = DRILLS[2].make().current_trick  # East is winning a club trick, and South has no clubs
    assert max(zip(trick.cards, trick.seats, strict=True), key=lambda cs: cs[0].rank)[1] == 3
    assert trick.cards[0].suit is Suit.CLUBS and [c.suit for c in trick.cards] == [Suit.CLUBS] * 3
    assert not any(c.suit is Suit.CLUBS for c in DRILLS[2].make().cards(0))
    # the takeaways rest on the drills' hands and the coach's verdicts
    spades = [sorted(c.rank for c in DRILLS[n].make().cards(0) if c.suit.letter == "S") for n in (0, 1)]
    assert [Card("QS").rank, Card("AS").rank] == spades[0][1:] and len(spades[0]) == 3
    # drill 2: the queen and three lower spades (fresh rater, round 27: "with five spades" generalised)
    assert len([r for r in spades[1] if r < Card("QS").rank]) == 3 and Card("QS").rank in spades[1]
    assert grade(DRILLS[0], "QC QS AS").verdict == "best" and grade(DRILLS[1], "KC JD KS").verdict == "best"
    assert grade(DRILLS[4], "TS").verdict == "best"
    # fresh newcomer rater (r34): drill 1 passes left; passing right (lesson 08a) the coach keeps the A♠
    assert DRILLS[0].make().pass_direction == "left"
    # fresh rater (r36): drill 2 passes right, and the takeaway says so; drill 3's K♠ (South holds the queen) is a
    # mistake, so "a high spade while she is still out" is for a hand without her
    assert DRILLS[1].make().pass_direction == "right"
    assert Card("QS") in DRILLS[2].make().cards(0) and grade(DRILLS[2], "KS").verdict == "mistake"
    assert {grade(DRILLS[2], c).verdict for c in ("QS", "AH")} == {"best"}
    # fresh newcomer rater (r38): drill 2's reason is the spade length, not the direction, and it passes the K♠
    assert {str(c) for c in grade(DRILLS[1], "KC JD KS").assessment.best.cards} == {"KC", "JD", "KS"}
    # fresh newcomer rater (r43_h): the directions read as deciding the answer with no reason given; drill 1's
    # direction gets lesson 08a's half-line reason (West plays after South whenever South, North or East leads),
    # drill 2's, whose reason is the spade length, is dropped
    from hearts_teach.kernel.table import SEAT_NAMES

    assert SEAT_NAMES[DRILLS[0].make().pass_target(0)] == "West" and list(SEAT_NAMES[:4]) == ["South", "West", "North", "East"]
    # r71b fresh read: "in most tricks" overreached; the notebook shows 3 of 4 leaders
    assert "West plays after you for 3 of the 4 possible leaders" in " ".join(" ".join(_src(c) for c in _cells("08a_keeping_track")).split())
    assert "(drill 2, passing right)" not in prose
    # fresh newcomer rater (r48): the first take-away said why a kept ace is bad, not why a queen kept beside one low
    # spade is (drill 1's six blunders), and "passing left" hinted at a difference it did not name (lesson 08a: passing
    # right, the coach keeps the ace); the colon chain is split and "a high spade while she is still out", which no
    # drill shows, is cut
    assert "a high spade while she is still out" not in prose
    assert "passing right, keep it" in " ".join(" ".join(_src(c) for c in _cells("08a_keeping_track")).split())
    # fresh newcomer rater (r50): the aside on passing right gave no reason; lesson 08a's, in a few words (East gets a
    # pass right and mostly plays before South)
    # r71b rater (08a): "mostly" assumed spade leads spread evenly; the exact reason is the seat order
    assert "East plays before you on every trick you do not lead" in " ".join(" ".join(_src(c) for c in _cells("08a_keeping_track")).split())
    assert SEAT_NAMES[DRILLS[1].make().pass_target(0)] == "East" and DRILLS[1].make().pass_direction == "right"
    # r71 (rater: why does the direction matter?): West, the receiver, plays after South in most tricks (08a's reason)
    # r72: each answer opens with its one-line lesson (bold); r72b: the take-away lists those five lines
    take_away = next(_src(c) for c in cells if _src(c).startswith("## What to take away"))  # r84: unfolded
    for line in ("**Drill 1.** **With the Q♠, the A♠ and one low spade, pass both.**",  # r98: the rule holds in every direction
                 "**Drill 2.** **With three lower spades to duck with, keep the Q♠ and pass the K♠.**",
                 "**Drill 3.** **A card off the led suit cannot win the trick: throw your most dangerous card, here the Q♠ "
                 "(the A♥ also earns full marks).**",
                 "**Drill 4.** **While the Q♠ is [still out](glossary.ipynb#cell-id=term-still-out) and you hold no "
                 "spade above her, lead a spade below her and keep "
                 "a low one to duck with.**",
                 "**Drill 5.** **When you duck under the queen, duck with your highest card that still loses.**",
                 ):
        assert line in prose
        # r72c (rater: the take-away copied the five bold headings): it states general rules, not the headings
        assert "- " + line.split("** **")[1].rstrip("*") + "\n" not in take_away
    # r73_08: the first rule named only the higher spade and so contradicted the second for a long suit
    # r73c + maintainer: "at most one" and "three or more" said more than the drills showed; two low spades are shown
    # in l08-d1 (drill 1 with a second low spade: the coach's best still passes both)
    # r74b (rater: "a higher spade" went beyond the drill, which has the A♠): the drill's A♠
    # r78 (rater: "With two low spades too" was a fragment, and there keeping the ace is mostly a mistake; the
    # pass direction was not said): one sentence, West's seat as drill 1's note gives it
    # r87 (rater: "right after you" made the seat order doubtful; two low spades were only folded): West holds her,
    # and drill 1's answer now says the two-low-spade case
    # r97 (report r96/08: the reason read as after passing both, when you have no ace): the kept ace said
    # r98 (report r97/08: "Passing left" read as left only; the top choice passes both whichever way, as pinned below)
    assert take_away.count("\n- ") == 5 and ("- With the Q♠, the A♠ and one or two low spades, pass both; "
                                            "keep the ace and her new holder may drop her on it.\n") in take_away  # r84: "it" was unclear
    assert "can drop her on your ace" not in take_away
    assert "- With three lower spades to duck with, keep the queen; pass the higher spade (drill 2's K♠).\n" in take_away
    assert "- When another player's card is winning a trick with points, duck, with your highest card that still loses.\n" in take_away
    assert "Each answer's bold first line" not in prose
    assert "Passing right is different" not in prose and "08a_keeping_track.ipynb#cell-id=l08a-advice" not in prose
    advice = next(_src(c) for c in _cells("08a_keeping_track") if c.get("id") == "l08a-advice")
    assert "**Passing right: a kept high spade is less exposed.**" in advice
    # drill 5: East's Q♠ is winning the trick (she is not "dropped": nobody has beaten her), as its prompt says
    five = DRILLS[4].make().current_trick
    # r72c (rater: drill 5 had two legal cards and the demonstration answered it): a real deal (seed 425, rule bots)
    # where South holds five spades, one above her; which duck is the decision
    assert [c.pretty for c in five.cards] == ["8♠", "7♠", "Q♠"] and five.seats[2] == 3
    assert max(five.cards, key=lambda c: c.rank).pretty == "Q♠"
    assert "East's Q♠ is winning the spade trick." in DRILLS[4].prompt and "When the Q♠ is dropped" not in prose
    assert [c.pretty for c in DRILLS[4].view().legal] == ["2♠", "4♠", "9♠", "10♠", "K♠"]
    # fresh rater (round 27): the verdicts the notes give for drills 1, 3 and 5 are printed in the folded figures
    rule = grade(DRILLS[0], "KD QS AS")
    # r78 (rater: lesson 01 teaches no such rule; A♦ Q♠ A♠ was its example pass): "like lesson 01's pass"
    assert f"Drill 1, like lesson 01's pass, K♦ Q♠ A♠: {rule.call}; the top choice: Q♣ Q♠ A♠. The Q♠ ends" in shown  # r87: "best" is a grade
    assert rule.call == "inaccuracy" and "and K♦ Q♠ A♠, an *inaccuracy*." not in prose  # r91: left to l08-20b (printed above)
    assert "  its verdicts: " + ", ".join(f"{c.label} {c.call}" for c in three) + "\n" in shown
    # r107 (report r107/08: "the A♥ also earns full marks" with its range never printed): printed, to check on l08-03's scale
    low, high = three.of("A♥").delta_ci95
    d3 = "".join("".join(o.get("text", "")) for c in _cells("08_practice_decisions") if c.get("id") == "l08-d3" for o in c["outputs"])
    assert high <= 0.25 and f"A♥: its deals show a cost between {low:.2f} and {high:.2f}\n" in d3  # as l08-06b prints the demo's
    assert all(c.call == c.verdict for c in three)  # no "too close to call" or "or worse" the note leaves out
    queen = grade(DRILLS[4], "2S").assessment
    assert {c.label: c.call for c in queen} == {"9♠/10♠": "best", "4♠": "inaccuracy", "2♠": "inaccuracy", "K♠": "blunder"}
    d5 = "".join("".join(o.get("text", "")) for o in cells[ids.index("l08-d5")]["outputs"])
    assert "Drill 5, the coach's verdicts: 9♠/10♠ best, 4♠ inaccuracy, 2♠ inaccuracy, K♠ blunder\n" in d5
    hearts5 = {c.label: f"{c.stats['exp_hearts']:.1f}" for c in queen}
    gap = [float(hearts5[x]) - float(hearts5["9♠/10♠"]) for x in ("4♠", "2♠")]
    assert [f"{g:.1f}" for g in gap] == ["0.6", "0.7"] and all(c.stats["p_take_qs"] == 0 for c in queen if c.label != "K♠")
    # the why: after the 10♠, South's points from tricks won with a spade are fewer (the replay table in l08-d5)
    rows5 = {r.split()[0]: r.split()[1:] for r in d5[d5.index("won with a ♠  won with another"):].splitlines()[1:4]}
    assert (rows5["10♠"][1], rows5["4♠"][1]) == ("1.09", "1.59")
    # r72_08: the answer opens with its one-line lesson, then the coach's verdicts
    assert ("**Drill 5.** **When you duck under the queen, duck with your highest card that still loses.** The K♠ "
            "wins the trick and the queen: a blunder. Any lower spade ducks. The top choice is the 9♠ or the 10♠ "
            "([neighbours in rank](glossary.ipynb#cell-id=term-neighbours-in-rank): one choice); the 4♠ and the 2♠ are "
            "inaccuracies (about 0.6 and 0.7 points a hand more).") in prose  # r78: the 0.6 and 0.7 stayed in l08-d5
    # r97 review (rater r97: "0.62 and 0.69" printed nowhere; l08-d5 prints the 0.6 and 0.7): the printed figures
    assert "0.62 and 0.69" not in prose
    # r97 (report r96/08: each answer's one number in its prose): the two ducks' costs, the coach's
    assert [f"{queen.of(x).delta_vs_best:.2f}" for x in ("4♠", "2♠")] == ["0.62", "0.69"]
    # r74b (rater: the verdict is in points): no duck takes the queen, so the points are the hearts' 0.6 and 0.7
    points5 = {c.label: f"{c.exp_points:.1f}" for c in queen}
    assert [f"{float(points5[x]) - float(points5['9♠/10♠']):.1f}" for x in ("4♠", "2♠")] == ["0.6", "0.7"]
    # r89 (word cap): the link sits on the sentence it backs
    assert "could win a later trick with hearts on it ([replayed here](#cell-id=l08-d5))." in prose  # r73c: 1.09/1.59 folded
    # "your drills": the verdicts that save a drill, said without the fine print's "inaccuracy or worse"
    from hearts_teach.present.learner_db import SAVED_VERDICTS

    assert set(SAVED_VERDICTS) >= {"inaccuracy", "mistake", "blunder"} and not {"best", "fine"} & set(SAVED_VERDICTS)
    assert "a decision the coach grades an inaccuracy, a mistake or a blunder" in prose  # r109: word cap
    # fresh newcomer rater (r50): "when due" was never explained: each answer to a saved drill says when it comes back
    # r72_08: and that a miss brings it back sooner (learner_db.answer_drill rates a wrong answer Again)
    # r109 (rater: "due" suggested an undescribed schedule): "later", and each answer says when
    assert "is saved on this machine and comes back later (each answer says when)." in prose
    assert "when due" not in prose
    from hearts_teach.course import my_drills

    assert "This drill comes back {" in Path(my_drills.__file__).read_text(encoding="utf-8")
    # fresh rater (r36): where "your own games" are played: the table of lesson 07 and play.ipynb saves them
    assert "These come from your own games ([play.ipynb](play.ipynb), lesson 07):" in prose
    assert any("TableWidget(" in c for c in _code("07_play_a_match")) and any("PlayApp(" in c for c in _code("play"))
    assert "graded *inaccuracy* or worse" not in prose


@pytest.mark.parametrize("name", ["09_hearts_vs_spades", "09a_spades_bidding", "09b_nil_and_blind_nil"])
def test_lesson_09_imports_only_what_it_uses(name: str):
    """Fresh rater (round 28): lesson 09's first cell imported SpadesHand, which no cell used. Every name the
    first code cell imports is used by the notebook's code."""
    code = _code(name)
    first = ast.parse(code[0])
    imported = [a.asname or a.name for node in first.body if isinstance(node, ast.ImportFrom) for a in node.names]
    assert imported
    rest = "\n".join([ast.unparse(n) for n in first.body if not isinstance(n, ast.ImportFrom)] + code[1:])
    used = {n.id for n in ast.walk(ast.parse(rest)) if isinstance(n, ast.Name)}
    assert [n for n in imported if n not in used] == []


def test_lesson_08_round_29_words_spent_on_the_decisions():
    """Newcomer round 29: the freed words go to the decisions: the intro says what each drill practises, drill 1's
    note quotes the coach's reason for keeping the ace being a blunder, drill 5's says why the 3♠ is good (from the
    printed position: South's only spades are the 3♠ and the A♠, East's queen is winning), and the take-away ties
    drill 5 to the demonstration's duck."""
    from hearts_teach.course.drills import DRILLS, DrillSession, grade
    from hearts_teach.kernel.cards import Card

    cells = _cells("08_practice_decisions")
    prose = " ".join(" ".join(_src(c) for c in cells if c["cell_type"] == "markdown").split())
    # r61 (rater): not every hand has the Q♠ or a pass: "often"
    assert ("Each **drill** is one decision, graded by the **coach**: "  # r78 (word cap); r87 (word cap): shorter
            "two passes with the Q♠, a throw when you cannot follow suit, a lead, and a play on a trick the queen has "
            "fallen on.") in prose
    assert [d.kind for d in DRILLS] == ["pass", "pass", "play", "play", "play"]
    assert all(Card("QS") in d.make().cards(0) for d in DRILLS[:2])
    three, four, five = (d.make() for d in DRILLS[2:])
    assert not three.cards(0).of_suit(three.current_trick.cards[0].suit)  # drill 3: South cannot follow suit
    assert four.turn == 0 and not four.current_trick.cards  # drill 4: South leads
    assert Card("QS") in five.current_trick.cards  # drill 5: the queen is on the trick
    # drill 1: the coach's own reason for the kept ace, quoted
    kept_ace = DrillSession(record=False).answer("QC JH QS")
    assert "blunder" in kept_ace and "the Q♠ can still be dropped on a trick you win" in kept_ace
    # a fresh newcomer rater: with the ace kept, the passed queen comes back under it on a spade lead (following
    # suit), not as a discard: the coach says "dropped" (the glossary's *drop*: a discard or following suit)
    # fresh newcomer rater (r51): "she returns less often" and "under the ace" had no figure: the note says how much
    # more often (the coach's 56% against 30%) and how often the kept ace wins her trick (1000 of the coach's deals,
    # replayed in the folded cell l08-d1); "Suppose you passed Q♣ J♥ Q♠, keeping the A♠" is the rater's frame
    # fresh newcomer rater (r52 clarity): one idea a sentence, the reason (West drops her on the ace) first
    # r73c: the 274 stays in the folded replays; the prose says "often" and why West's seat matters
    # r84 (rater: picture the play, not the numbers): the kept ace's play, trick by trick
    # r87 (rater: "usually plays right after you" cast doubt on the seat order): West holds her, which is the point
    # r91 (rater: the 56%/30% sentence took three readings): short numbered steps, then one share a sentence
    assert ('Passing left, West gets both. '  # r99: "Passed right or across…" cut (no output printed it)
            'Say you pass Q♣ J♥ Q♠, keeping A♠ 4♠ (no spade received): '  # r93: she and drop defined
            '1. The first spade trick uses up your 4♠. 2. The next spade lead forces your ace. '
            '3. West, holding her, can drop her on it. '
            # r97 (report r96/08: "comes back" read as the card returning; the 56% is the coach's): said so
            'She ends in your tricks in 56% of the coach\'s deals ([figures](#cell-id=l08-d1)). '
            # r98 (report r97/08: the steps explained only half of the 56%): the replays' split, as l08-d1 prints it
            # r108 (report r108/08: half of what?): 274 of 1000 replays, about half the times she ends with you (537, asserted below)
            # r112 (report r112/08: 537 of 1000 is not 56%): the first 1000 of those deals, as l08-d1 replays them
            # r114 (report r114/08: the first 1000 of what?): in l08-d1's own words, "1000 deals replayed" (l08-figs
            # defines them as the coach's first 1000); "the rest" shortened for the word cap
            # r116: "in the rest, another of your cards does" cut (words paid; "about half" says it)
            'In 1000 deals replayed, your A♠ wins her 274 times, about half the times she ends with you. '
            # r99 (report r98/08: the K♠-from-East clause undercut the rule with nothing to do): cut; l08-d1 still prints it
            # r107 (report r107/08: "why, if I no longer hold her?", and the coach's "can still be dropped" read as if
            # only other passes allowed it): the K♠ from East back, as "mostly" (155 of 272, asserted below)
            # r109 (report r109/08: why can West not pass her on?): passes are simultaneous (docs/rules.md H2)
            # r110 (report r110/08: "under a K♠" made the reader stop): the trick the K♠ wins
            # r116 (report r115/08: why does it matter? West's pass goes to North): what it rules out, said
            # r117 (report r116/08: why does simultaneity matter?): West's pass was made before she arrived, said
            # r119 (report r118/08: what does the aside explain?): the fifth reading in a row to ask; cut (step 3 says West
            # holds her; the K♠ East passes you is what the figures count)
            'Pass both and she still ends in your tricks in 30%, mostly on a trick won by a K♠ East passes you.') in prose
    assert "West cannot pass her on" not in prose and "West passed before receiving her" not in prose
    assert "West holds her when play starts" not in prose
    assert "comes back in 30%" not in prose and "mostly under a K♠" not in prose  # r110
    # r94 (report r94/08: "takes" means wins elsewhere; here you must play the 4♠)
    assert "takes your 4♠" not in prose
    # r89 (rater: the top choice still leaves her to South 30% of the time, and only a folded cell said why): the
    # K♠'s share back in prose, as "over half" (r72c's words), from l08-d1's replays (155 of 272, the rest 117)
    d1 = "".join("".join(o.get("text", "")) for c in _cells("08_practice_decisions") if c.get("id") == "l08-d1"
                 for o in c["outputs"])
    queen = int(re.search(r"after Q♣ Q♠ A♠: the Q♠ in South's tricks in (\d+),", d1).group(1))
    king, rest = map(int, re.search(r"with a K♠ received from East: (\d+); with another card: (\d+)", d1).groups())
    assert king + rest == queen and 2 * king > queen and (king, queen) == (155, 272)
    assert "usually plays right after you" not in prose
    # r61 (two sources for one fact): the coach's shares only; the replays give what the coach cannot (the ace's 274)
    assert "537" not in prose and "272" not in prose  # r72c: the K♠'s share said as "over half", not 155 of 272
    # fresh newcomer rater (r52): "274 of 1,000" read as the overall rate; the note now gives both replays' counts
    # (the queen back in 537 against 272) and the 274 as those the ace wins
    coach = grade(DRILLS[0], "KD QS AS").assessment
    best_share, kept_share = coach.of("QC QS AS").stats["p_take_qs"], coach.of("QC JH QS").stats["p_take_qs"]
    assert 1.7 < kept_share / best_share < 2 and (f"{best_share:.0%}", f"{kept_share:.0%}") == ("30%", "56%")
    from hearts_teach.course.later_tricks import pass_queen_cards

    replay = pass_queen_cards(DRILLS[0].make(), ["QC QS AS", "QC JH QS"], count=1000)
    assert replay["QC JH QS"]["won_with"]["A♠"] == 274 and replay["QC QS AS"]["won_with"]["A♠"] == 0
    assert (replay["QC JH QS"]["queen"], replay["QC QS AS"]["queen"]) == (537, 272)
    d1 = "".join("".join(o.get("text", "")) for o in cells[[c.get("id") for c in cells].index("l08-d1")]["outputs"])
    assert "1000 deals replayed after Q♣ Q♠ A♠: the Q♠ in South's tricks in 272, on a trick won by South's A♠ in 0\n" in d1
    # r120 (report r120/08: 56% of how many deals, against 537 of 1000 replayed?): each share's own deal count
    assert ("Drill 1, how often the Q♠ ends up in South's tricks on the coach's deals: Q♣ Q♠ A♠ 30% of 16384 (best), "
            "Q♣ J♥ Q♠ 56% of 128 (blunder)\n") in d1
    assert (f"  1000 deals replayed after Q♣ J♥ Q♠: the Q♠ in South's tricks in {replay['QC JH QS']['queen']}, on a "
            "trick won by South's A♠ in 274\n") in d1
    assert _src(cells[[c.get("id") for c in cells].index("l08-d1")]).startswith(
        "# drill 1's kept ace, replayed: it gives drill 1 away, so unfold only once you have tried all five drills")
    assert "unlike Q♣ Q♠ A♠ it keeps the A♠: the Q♠ can still be dropped on a trick you win" in kept_ace
    assert DRILLS[0].make().pass_target(0) == 1  # drill 1 passes left: West gets her
    # drill 5: South's spades, the queen winning, and the coach's verdicts
    # r72c (rater: two legal cards, answered by the demonstration): five spades, one above her; which duck is the choice
    spades = [c.pretty for c in five.cards(0) if c.suit.letter == "S"]
    assert sorted(spades) == sorted(["2♠", "4♠", "9♠", "10♠", "K♠"]) and len(five.legal_plays(0)) == 5
    trick = five.current_trick
    assert five.seat_names[trick.seats[trick.cards.index(Card("QS"))]] == "East"
    assert max(c.rank for c in trick.cards) == Card("QS").rank
    assert grade(DRILLS[4], "TS").verdict == "best" and grade(DRILLS[4], "KS").verdict == "blunder"
    # the K♠ is South's only card that beats her
    assert "The K♠ wins the trick and the queen: a blunder. Any lower spade ducks." in prose
    assert [c.pretty for c in five.legal_plays(0) if c.rank > Card("QS").rank] == ["K♠"]
    assert "**Drill 5.** **When you duck under the queen, duck with your highest card that still loses.**" in prose
    assert "East held no other spade, so had to play the queen." not in prose


def test_lesson_07_r32_the_9s_risk_and_trick_2_replayed_with_the_king():
    """A fresh newcomer rater (r32): 07 said "only a player with no spades could drop the queen on" the 9♠, which
    contradicts itself (a player with no spades cannot hold her); on a spade trick she beats the 9♠, so its only risk
    is a heart discarded by a player out of spades, as the coach's reason (hearts, not the queen) says. The rater also
    asked for the payoff from the real cards: North held the Q♠ and the A♠ on trick 2, and a cell now plays trick 2
    again with South's K♠, the queen falling on it with North's reason from the rule bot's own decision."""
    from hearts_teach import Card
    from hearts_teach.present.widgets import TableWidget

    cells = _cells("07_play_a_match")
    text = " ".join(" ".join(_src(c) for c in cells if c["cell_type"] == "markdown").split())
    assert "only a player with no spades could drop the queen" not in text
    # r37_b: "its only risk" overclaimed: a 9♠ that wins also gives South the lead; both risks need it to win
    assert "Its only risk" not in text
    # r38_d: the two risks run together; now two clauses
    # r72c_07: the trick-2 analysis is folded (report: reach the table sooner): the coach's grades and the K♠
    # replayed, under "Why not the K♠ on trick 2?"; the 9♠'s own risks paragraph is cut
    assert "The 9♠ can never take the queen" not in text
    # r72b_07: "(the coach's 0.2 is a gap, not a cause)" was cryptic: said plainly; r72c_07: "These ... are its
    # reasons" followed risks as much as reasons: the 0.2 is named for what it is
    assert "a gap, not a cause" not in text and "are its reasons" not in text and "The coach's 0.2 fewer hearts" not in text
    assert Card("QS").rank > Card("9S").rank
    printed = "".join("".join(o.get("text", "")) + "".join(o.get("data", {}).get("text/plain", ""))
                      for c in cells for o in c.get("outputs", []))
    assert "9♠ goes over 7♠: you take about 0.2 fewer hearts than with 6♠" in printed  # the coach speaks of hearts
    # r40_a: West's J♠ in the replay (8♠ on the real trick 2) is said, from West's bot's own decision (printed)
    # r71_07: cut to pay for the 6♠'s reason; the replay's printed lines (West's J♠, North's Q♠) say it
    assert "On trick 2 the K♠ would have caught the queen (above)." not in text  # r72c_07: shown at trick 2 itself
    ids = [c.get("id") for c in cells]
    what_if = "".join("".join(o.get("data", {}).get("text/plain", "")) for o in cells[ids.index("l07-dec1-code")]["outputs"])
    assert what_if.startswith("Why not the K♠ on trick 2? (open it: the coach's grades, then the K♠ played instead)\n")
    assert "".join(cells[ids.index("l07-dec1-code")]["outputs"][1]["data"]["text/html"]).startswith(
        "<details><summary>Why not the K♠ on trick 2?")
    assert ("Had South played K♠ on trick 2: East 7♠, South K♠, West J♠, North Q♠ → South takes it (13 points)"
            in what_if)
    assert "North's reason, from its bot's own decision: Q♠: South's K♠ already beats the queen" in what_if
    assert "West's reason, from its bot's own decision: J♠: its highest spade that stays under South's K♠" in what_if
    # r72c_07: the replay sits at trick 2, folded, before both questions: it shows the K♠ where it must not go (a
    # player after South drops the queen on it); trick 4's question (South last) asks the opposite case
    assert ids.index("l07-dec1-code") < ids.index("l07-quiz3") < ids.index("l07-quiz2") < ids.index("l07-dec2-why")
    # the demo's own bots (not only fresh rule bots, as the cell uses) play the same two cards on that trick
    demo = TableWidget(seed=7, opponents="rule", marks=False)
    demo.hint()
    demo.pass_cards(demo.hint_result.cards)
    demo.hint()
    demo.play(demo.hint_result.card)
    north = demo.hand.cards(2)
    assert Card("QS") in north and Card("AS") in north  # "North held her and the A♠" on trick 2
    demo.play("KS")  # the table's own West and North play on after South's card
    two = demo.hand.tricks[1]
    assert [str(c) for c in two.cards] == ["7S", "KS", "JS", "QS"] and two.winner == 0 and two.points == 13


def test_lesson_06_r32_scores_say_which_seat_is_which():
    """A fresh newcomer rater (r32): the tie examples and the Omnibus table printed bare tuples such as
    (104, 64, 64, 90); the seats are now named from code (``match.seat_names``), and ``rescore`` opens with the
    seats in the brackets' order."""
    from hearts_teach import Match, Rules
    from hearts_teach.course.lessons import play_match, rescore, table_bots

    printed = "".join("".join(o.get("text", "")) for c in _cells("06_scoring_a_match") for o in c.get("outputs", []))
    # r103: East 80 (not 90): the four totals make 312, a multiple of 26
    assert "South 104, West 64, North 64, East 80 → West and North tie for lowest with 64" in printed
    assert "(104, 64, 64, 80) →" not in printed
    match = play_match(Match(seed=5), table_bots("rule", seed=5))
    table = rescore(match, Rules.preset("omnibus"))
    assert table.splitlines()[0] == "scores in brackets, seat by seat: (South, West, North, East)"
    assert tuple(match.seat_names) == ("South", "West", "North", "East")
    assert "   1  (3, 10, 0, 13)    (-7, 10, 0, 13)    16  South" in table
    # r112: the table's hyphens clashed with the prose's "−10": the lesson prints true minus signs
    assert table.replace("-", "−") in printed and "(-7, 10, 0, 13)" not in printed
    # r32's small point: the engine's score table prints only the winner; the moon and end lines are the lesson's loop
    text = " ".join(" ".join(_src(c) for c in _cells("06_scoring_a_match") if c["cell_type"] == "markdown").split())
    # r33 rater: "the lesson's own loop" spoke of the code; the prose now says what the two printed lines tell
    # r76b: the counterfactual totals moved under the picture (test above): two lines under the table now
    # r119: a third line, the multiple-of-26 check taught in "Points per hand", is printed under them
    assert ("Under the table the engine names the winner; the lines under it say who shot the moon, why the match "
            "ended, and the scoresheet check (totals a multiple of 26).") in text and "own loop" not in text
    # r120 (newcomer r120/06: "above" sent the reader up the output): the check named, as taught in "Points per hand"
    assert "scoresheet check above" not in text
    assert "the last two lines say" not in text
    story = next("".join(o.get("text", "")) for c in _cells("06_scoring_a_match") if c.get("id") == "l06-04"
                 for o in c["outputs"]).strip().splitlines()
    assert story[-3].startswith("Hand 4 was a moon for East") and story[-2].startswith("After hand 10 North "
                                                                                              "reached 100")
    assert story[-1].startswith("The scoresheet check: ") and sum(match.totals) % 26 == 0
    assert match.score_table().splitlines()[-1] == "East wins with 59 (lowest total)."
    assert "moon" not in match.score_table().splitlines()[-1]


def test_lesson_10_league_file_needs_the_names_imports_and_constants_it_states(tmp_path):
    """r34_e: the league runs a bot file on its own. The lesson says to keep the names ``choose_pass`` and
    ``choose_play`` and to copy in the imports and constants the functions use; the league's loader is held to
    each: the lesson's final bot so saved plays with no problem, without its imports every move raises, and
    under the lesson's own names the file does not load."""
    from hearts_teach.classroom.league import run_league

    cells = _cells("10_write_a_bot")
    text = " ".join(" ".join(_src(c) for c in cells if c["cell_type"] == "markdown").split())
    # r38_e: the functions the bot calls must be copied too, and the two it starts from renamed
    # r45_e: "your own" then "rename void_pass and moon_play": which bot? Yours; the lesson's only if renamed
    # r64: "runs it alone" was ambiguous: the file on its own, without this notebook; the final bot is now
    # void_pass with dump_play (it dropped the moon stop), so dump_play is renamed and duck_play copied in
    # r69: "rename ... and copy in all they use" asked the reader to assemble the file: the ada-file cell prints it
    # whole (checked below: it loads in the league and plays exactly as void_pass with dump_play)
    # r111: "alone," cut for words ("without this notebook" says it)
    assert ("Save yours as a file, say `ada.py`: the league runs it without this "  # r112: "Then" cut for words
            "notebook, calling only `choose_pass` and `choose_play`.") in text  # r71: the rest cut (the cell says it) and "Your teacher then runs a class **league**:" in text
    src = {c.get("id"): _src(c) for c in cells}
    assert 'QUEEN = Card("QS")' in src["setup"] and "from hearts_teach import Card, Hand, Suit" in src["setup"]
    # r108 (newcomer r108: "which helpers do I paste?"): named; my_play calls dump_play, which needs duck_play and QUEEN
    ada_md = " ".join(next(_src(c) for c in cells if c.get("id") == "ada-md").split())
    assert ("Rename yours to those names and copy in what they use (`dump_play`, `duck_play`, `QUEEN`, imports)."
            in ada_md) and "copy in every function they call" not in ada_md
    assert "return dump_play(view)" in src["my-pass"] and "return duck_play(view)" in src["step-dump"]
    assert "QUEEN in legal" in src["step-dump"] and "Suit." in src["my-pass"] + src["step-dump"]
    def body(key):  # a step's functions, without its measuring lines
        return src[key].split("\nversions[")[0].split("\nwithout_void =")[0]
    funcs = "\n".join(body(k) for k in ("step-void", "step-duck", "step-dump"))
    head = 'from hearts_teach import Card, Suit\n\nQUEEN = Card("QS")\n'
    named = funcs.replace("def void_pass(", "def choose_pass(").replace("def dump_play(", "def choose_play(")
    assert named.count("def choose_pass(") == named.count("def choose_play(") == 1
    assert "dump_play" not in named  # nothing else calls dump_play by name
    # dump_play calls duck_play: a file without it fails on every move that is not a discard
    calls_only = head + "\n".join(body(k) for k in ("step-void", "step-dump"))
    calls_only = calls_only.replace("def void_pass(", "def choose_pass(").replace("def dump_play(", "def choose_play(")
    assert "return duck_play(view)" in src["step-dump"]
    files = []
    ada_cell = next(c for c in cells if c.get("id") == "ada-file")
    ada_out = "".join("".join(o.get("text", "")) for o in ada_cell["outputs"])
    printed_file, _, verdict = ada_out.rstrip("\n").rpartition("\n")
    assert verdict == "ada.py takes the same points as void_pass with dump_play, hand by hand: True"
    assert printed_file.startswith(head)
    for name, body in (("ada", head + named), ("bare", named), ("lesson_names", head + funcs),
                       ("no_helpers", calls_only), ("printed", printed_file)):
        files.append(tmp_path / f"{name}.py")
        files[-1].write_text(body, encoding="utf-8")
    by = {s.name: s for s in run_league(files, hands=1, seed=1).standings}
    assert by["ada"].problems == 0 and by["printed"].problems == 0
    assert set(by["bare"].reasons) == {"raised"} and "NameError" in by["bare"].first_problem
    assert set(by["no_helpers"].reasons) == {"raised"} and "duck_play" in by["no_helpers"].first_problem
    assert set(by["lesson_names"].reasons) == {"load"}
    assert "has no function choose_pass or choose_play" in by["lesson_names"].first_problem


def test_lesson_06_r37_the_match_end_sentence_holds_when_totals_fall():
    """Rater r37_b: "the match ends at the first hand after which one player is alone at the bottom" held only
    where totals never fall; under Omnibus or new_moon a total can drop back under 100, so the sentence now also
    asks that someone still be at 100 or more, as the engine's end test does."""
    from hearts_teach.games.hearts.match import _decided

    text = " ".join(" ".join(_src(c) for c in _cells("06_scoring_a_match") if c["cell_type"] == "markdown").split())
    assert ("another hand is played**, and the match ends at the first hand after which someone is at 100 or more "
            "and one player is alone at the bottom.") in text
    assert not _decided([95, 60, 70, 80], 100)  # one lowest, but nobody at 100 (a total fell back): it goes on
    assert not _decided([104, 64, 64, 90], 100) and _decided([104, 64, 70, 90], 100)


def test_lessons_06_07_r38_d_newcomer_points():
    """r38_d (fresh newcomer): 07 said "South plays its choice" where the code plays the coach's hint; the table
    cell says it must be run to be clicked; 06 puts the tie exception after the main rule, shows a tie that is not
    for lowest (the match is over), tells the reader to run the stepper cell before clicking, and its moon line no
    longer names the pass direction."""
    from hearts_teach.course.lessons import match_verdict
    from hearts_teach.games.hearts.match import _decided

    cells = _cells("07_play_a_match")
    ids = [c.get("id") for c in cells]
    # r72c_07: the cell saying "South plays the coach's choice" is cut; the folded answer prints "You played K♠"
    assert "l07-dec2-coach" not in ids
    assert "demo.play(demo.hint_result.card)" in _src(cells[ids.index("l07-dec2-code")])
    assert "You played K♠ and took trick 4" in "".join(
        "".join(o.get("data", {}).get("text/plain", "")) for o in cells[ids.index("l07-dec2-code")]["outputs"])
    assert "\n# run this cell for the clickable table (a saved copy of the lesson shows only text)\n" in _src(
        cells[ids.index("9b1a6edc")])  # r72c_07: the list and the table are one cell
    six = _cells("06_scoring_a_match")
    text = " ".join(" ".join(_src(c) for c in six if c["cell_type"] == "markdown").split())
    # r111: "the match ends ...; if the lowest total is shared, another hand is played" ended the match, then played on
    assert ("the match ends and the **lowest** total wins, unless the lowest total is shared: then another hand is "
            "played (see *The tie rule* below).") in text and "unless two or more players share" not in text
    assert "wins; if the lowest total is shared" not in text
    assert "Run the cell below, then click **Play next hand** (it appears, above an empty score table, once" in text  # r117
    # r76pre: does exactly 100 end the match? an example says so (the second)
    # r81: "Three more cases, each with its example line below" then "Five sets of totals" did not count the same:
    # the bullets are the three cases, and the sentence after them names all five example lines
    # r76b: "the second ... the fifth" made the reader count lines: each example prints a label the prose names
    # r78: the three cases packed into one sentence are now three bullets, each naming its example line
    assert ("Three more cases: - *exactly 100*: reaching exactly 100 ends the match "
            "too; - *tie, not for lowest*: a tie higher up changes nothing; - *two at 100 or more*: two players at 100 "
            "or more end it just the same. Five labelled example lines follow: the three cases above, plus *below 100* "
            "and *tie for lowest* (with the hand after it). Then three "
            "questions") in text  # r116 (newcomer r115: read twice to count five): the labels, in printed order
    # r120 (newcomer r120/06: took a moment to see the five are the three bullets plus two): said so; each printed
    # line carries its label (cell l06-12), so the order is read there
    assert "Five example lines follow, in this order" not in text
    assert "whose extra hand is shown too" not in text and "each with its example line below" not in text
    # r102: the tie rule was never shown settled: the tie for lowest is played one hand further (the engine's verdict)
    # r103: every example line's totals are a multiple of 26 (East changed only), as standard totals must be
    assert match_verdict((109, 67, 74, 88)) == "the match is over: West wins with 67, the lowest total"
    assert ("one hand later:    South 109 (+5), West 67 (+3), North 74 (+10), East 88 (+8) → the match is over: West "
            "wins with 67") in "".join("".join(o.get("text", "")) for c in six for o in c.get("outputs", []))
    assert match_verdict((100, 64, 71, 77)).startswith("the match is over: West wins with 64")
    printed = "".join("".join(o.get("text", "")) for c in six for o in c.get("outputs", []))
    assert printed[printed.index("South 98, West 64"):].splitlines()[1] == (
        "exactly 100:         South 100, West 64, North 71, East 77 → the match is over: West wins with 64, the lowest total")
    second = printed[printed.index("South 98, West 64"):].splitlines()[2]
    assert second == ("tie, not for lowest: South 104, West 64, North 85, East 85 → the match is over: West wins with 64, "
                      "the lowest total")
    assert "\ntwo at 100 or more:  South 104, West 101, North 60, East 73 → the match is over: North wins" in printed
    assert _decided([104, 64, 85, 85], 100) and match_verdict((104, 64, 85, 85)).startswith("the match is over")
    assert "(a hold hand)" not in printed and "Hand 4 was a moon for East" in printed


def test_lesson_10_r38_rule_bot_pass_clause_and_who_led():
    """Rater r38_e: the worked example's pass (8♥ 10♥ Q♥ with both aces kept) puzzled a reader; the clause "(The
    rule bot passed its hearts, not its aces, to empty a short suit, step 1's idea.)" is held to the rule
    bot's code: without its short-suit bonus it would pass the Q♥ and both aces. The view-parts cell prints who led."""
    from hearts_teach import Hand
    from hearts_teach.agents.hearts.simple import RuleBot

    cells = _cells("10_write_a_bot")
    text = " ".join(" ".join(_src(c) for c in cells if c["cell_type"] == "markdown").split())
    # r39_e: the clause moved from the first bot to step 1, where the void-making pass is introduced
    # r40_d: "passed this way" was false for the lesson's own void_pass (Q♥ 12+2, A♦ 14, A♣ 14: it passes Q♥ A♦ A♣);
    # the clause now says what the rule bot does differently: it re-scores after each pick, and ties go to hearts
    # r41_d: that clause was jargon for a first reader, and "ours" did not say which function: cut to the result, and
    # cell 10 prints void_pass's three cards (the scoring detail stays checked below, as the reason the two differ)
    # r45_e: the void pass was never shown making a void (on the worked example's deal it passes what first_pass
    # does); the clause now points to the click-through hand, where South's only heart, the 10♥, is passed and South
    # holds no heart after the pass (its step-0 printout shows the lone 10♥; stepping on shows the pass)
    # r67: "Below" pointed at nothing in view: the clause names the section
    # r68: no stored output showed the pass: the clause is cut; the replay cell prints South's pass, and its prose
    # says the 10♥ came back (the r68 test)
    assert "Cards received may refill the [void](glossary.ipynb#cell-id=term-void)." in text  # r71b: trimmed
    assert "shows South passing its lone 10♥" not in text
    assert "step 1's idea" not in text and "printed below.)" not in text
    assert "re-scores" not in text
    replay_src = next(_src(c) for c in cells if c.get("id") == "replay")
    assert "Hand.deal(seed=5, hand_number=1), [final, rule, rule, rule]" in replay_src
    assert "pass_fn=void_pass, play_fn=dump_play" in replay_src
    replay_out = "".join("".join(o.get("text", o.get("data", {}).get("text/plain", ""))) for c in cells
                         if c.get("id") == "replay" for o in c["outputs"])
    assert re.search(r"^  South: .* ♥ 10  ♦", replay_out, flags=re.M), replay_out
    rns: dict = {}
    for key in ("setup", "step-void", "step-duck", "step-dump", "step-moon"):
        exec(_src(next(c for c in cells if c.get("id") == key)).split("\nversions[")[0], rns)
    from hearts_teach.agents.tournament import FunctionBot, play_hand

    game = play_hand(Hand.deal(seed=5, hand_number=1),
                     [FunctionBot(pass_fn=rns["void_pass"], play_fn=rns["dump_play"], name="my bot")] + [rns["rule"]] * 3)
    assert [c.pretty for c in game.passed(0) if c.suit.letter == "H"] == ["10♥"]
    after = game.copy()
    after.replay(game.history[:next(i for i, a in enumerate(game.history) if a.kind == "play")])
    assert not [c for c in after.view(0).cards if c.suit.letter == "H"]  # void in hearts after the pass
    # r45_e: "the highest card that still loses" said nothing when none can: duck_play then plays its lowest card
    # of the suit (South's 8♠ over East's 2♠ on the replay's trick 3)
    # r54: what the lowest card costs, said: playing last, a high card (not the Q♠) could go free
    # r59: "shed a high card (not the Q♠) free" was too compressed: step 2 says when it plays its lowest, and the
    # idea (with its reason) is in *Ideas to try next* (test_lesson_10_r59_at_the_table_and_the_exercise_check)
    # r72c: why ducking helps is now the feedback of the prediction asked before it is measured (duck_quiz)
    # r94: the pointer says what it points to (playing last)
    # r98: the pointer to *Ideas to try next* cut for density (that section still says it)
    assert ("When following suit, play the highest card that still loses the trick. If all your cards "
            "of the suit beat it, play your lowest. Predict first:") in text
    assert "it gets rid of a card that could win a trick later" not in text
    assert "shed a high card" not in text
    duck = next(_src(c) for c in cells if c.get("id") == "step-duck")
    assert "        return min(following, key=lambda c: c.rank)\n" in duck
    t3 = game.tricks[2]
    assert [c.pretty for c in t3.cards][:2] == ["2♠", "8♠"] and t3.leader == 3
    assert "passed this way" not in text
    view = Hand.deal(seed=25, hand_number=0).view(0)
    hearts = sorted(c.pretty for c in view.cards if c.suit.letter == "H")
    assert sorted(c.pretty for c in RuleBot().choose_pass(view)) == hearts == ["10♥", "8♥", "Q♥"]
    assert sorted(c.pretty for c in RuleBot(void_bonus=False).choose_pass(view)) == ["A♣", "A♦", "Q♥"]
    ns: dict = {}
    for key in ("setup", "step-void"):
        exec(_src(next(c for c in cells if c.get("id") == key)).split("\nversions[")[0], ns)
    assert sorted(c.pretty for c in ns["void_pass"](view)) == ["A♣", "A♦", "Q♥"]
    from hearts_teach.agents.hearts import policy

    idx = {c.pretty: c.index for c in view.cards}
    full = view.hand
    # scored once, the three are tied at 14 and the other hearts lower; ties go to hearts
    assert [policy.pass_score(idx[k], full) for k in ("Q♥", "A♦", "A♣", "10♥", "8♥")] == [14, 14, 14, 12, 10]
    assert policy._tie_key(idx["Q♥"]) > max(policy._tie_key(idx["A♦"]), policy._tie_key(idx["A♣"]))
    # re-scored after each pick, the next heart climbs to 14 (its suit is shorter), and wins the tie again
    rest = full & ~(1 << idx["Q♥"])
    assert policy.pass_score(idx["10♥"], rest) == 14
    assert policy.pass_score(idx["8♥"], rest & ~(1 << idx["10♥"])) == 14
    # r40_d: the compare cell's "no clear difference" lines say the interval in words, from its own printed ends;
    # the moon count is per version's run (not "first bot 1", which read as a moon by the first bot); any(...) glossed
    # r72c: the interval-in-words lines gave way to the keep rule's line under each step (its reason in words)
    out = "".join("".join(o.get("text", "")) for key in ("step-duck", "step-dump", "step-void", "step-moon")
                  for c in cells if c.get("id") == key for o in c.get("outputs", []))
    assert "our bot may take from" not in out
    # r94 (r93, r94): ducking, dumping, then the void pass: one verdict per step, none left on trial
    assert re.findall(r"^keep rule \(([a-z ]+)\): (keep|drop|on trial) ", out, flags=re.M) == [
        ("ducking", "keep"), ("dumping", "keep"), ("void pass", "keep"), ("moon stop", "drop")]
    # r84: step 3's cell printed two "keep rule:" lines about different steps (dumping, then the void pass's trial),
    # read as a contradiction: each line names the step it judges
    assert "moons shot by the rule bots: 40 deals: previous 0, moon stop 1 · 200 deals: previous 1, moon stop 4\n" in out  # r94
    moon = next(_src(c) for c in cells if c.get("id") == "step-moon")
    assert "any(c.suit == top.suit for c in legal):       # any(...): true if at least one card passes the test" in moon
    parts = next(c for c in cells if c.get("id") == "view-parts")
    assert "led by:         North\n" in "".join("".join(o.get("text", "")) for o in parts["outputs"])
    # "true edge" is defined where it first appears
    # r72c: any one interval holds the edge or not; intervals built this way hold it 95 times in 100 (and many may mislead)
    # r75b_10: "so among this lesson's many intervals a few may mislead" cut for words (fewer caveats)
    # r87: "the true edge (the average over endless deals)" is defined in the standard error's sentence just before
    assert ("from the true edge (the average over endless deals). Such intervals hold the true edge 95 times in 100."
            ) in text and "about 95 times" not in text


def test_lesson_11_r38_g_seat_names_hearts_each_and_how_play_changes():
    """Fresh rater r38_g: the lesson was nearly all mechanics. Cell 3's table adds the hearts each player holds on
    average (13 shared out: about how many times a suit goes round) and the engine's seat names at 3, 5 and 6; the
    new *Play* bullet's numbers are the table's; the first-lead choice says the published rule sets differ
    (docs/players.md); a long suit left at the end "wins the last tricks, and their hearts with them"."""
    from hearts_teach import CardList, Hand, Rules, Suit

    cells = _cells("11_three_to_six_players")
    table = next(c for c in cells if c.get("id") == "a98f183e")
    shown = "".join("".join(o.get("text", "")) for o in table["outputs"])
    # rater r41_b: the "♥ each" heading read unclearly (explained only in a code comment); the table's own lines say it
    # rater r43_a: a bare "hearts" read like a count of hearts in play: "hearts each", the legend kept
    # r82 (report r82/11, confusing): the "hearts each" column was never used afterwards (the Play bullet gives each
    # size's cards a suit and a trick): cut, with its legend, to pay for clearer words elsewhere
    assert shown.startswith("players  taken out        in play  cards  first lead  passes\n") and "hearts each" not in shown
    assert "cards: dealt to each player\n" in shown
    assert max(len(line) for line in shown.splitlines()[:5]) <= 92  # the table stays about as wide as before
    for n in (3, 4, 5, 6):
        rules = Rules(players=n)
        hearts = CardList.from_mask(rules.deck_mask).of_suit(Suit.HEARTS)
        assert len(hearts) == 13
        row = next(line for line in shown.splitlines() if line.strip().startswith(f"{n} "))
        assert f"  {rules.hand_size:>5}  " in row, row
        names = Hand.deal(0, rules=rules).seat_names
        if n in (3, 5):
            assert f"seats at {n}: {', '.join(names)}\n" in shown
        elif n == 6:  # r102: a flat list of six names was hard to picture: drawn round the table, North across
            assert f"seats at 6: {', '.join(names)}" not in shown
            ring = shown.split("seats at 6, round the table (clockwise: South, South-West, ...):\n", 1)[1].splitlines()
            assert [line.split() for line in ring[:4]] == [["North"], ["North-West", "North-East"],
                                                          ["South-West", "South-East"], ["South"]]
            assert names[3] == "North" and [names[i] for i in (2, 4, 1, 5)] == ["North-West", "North-East",
                                                                               "South-West", "South-East"]
    text = " ".join(" ".join(_src(c) for c in cells if c["cell_type"] == "markdown").split())
    # rater r43_a: "goes round about four times" was unexplained: the cards a suit has and a trick takes
    # r45_f: the bullet was dense: one sentence a table size (the hearts each stay in the table above)
    # r108 (report r108/11, confusing 4 and ask 5): "goes round" read unclear: "can be led"; the six-seat clause shorter
    assert ("- **Play** changes too. At three, with 17 cards each, a suit (12 or 13 cards, 3 to a trick) can be led "
            "about four times, so suits last late into the hand, and one still held at the end can win the last tricks. "
            "At six, with 8 cards each, a suit (11 to 13 cards, 6 to a trick) can be led "
            "only about twice, so players soon run out of suits and can throw hearts and the Q♠ "
            "early.") in text and "goes round" not in text
    assert Rules(players=3).hand_size == 17 and Rules(players=6).hand_size == 8
    # rater r41_b: "run out of their long suits late" was muddled (17 cards: every suit is long) and West ran out of
    # clubs by trick 4; "suits last late into the hand": in the worked hand every suit is still played in trick 12 or later
    from hearts_teach.course.lessons import bots_play, table_bots
    worked = Hand.deal(3, hand_number=2, rules=Rules(players=3))
    bots_play(worked, table_bots("rule", players=3))
    assert all(max(t.number for t in worked.tricks if any(c.suit is s for c in t.cards)) >= 12 for s in Suit)
    assert "long suits late" not in text
    # r82: the hearts-each column (r50_11's 3.25 at four) is cut; the row keeps the rest
    assert "      4  —                     52     13          2♣  left, right, across, hold" in shown
    # the suits in play at three: 13 cards (12 diamonds), so each goes round about four times (3 cards a round)
    three = CardList.from_mask(Rules(players=3).deck_mask)
    assert {len(three.of_suit(s)) // 3 for s in Suit} == {4}
    six = CardList.from_mask(Rules(players=6).deck_mask)  # 11 to 13 cards a suit, 6 a round: about twice
    assert {round(len(six.of_suit(s)) / 6) for s in Suit} == {2}
    assert {len(three.of_suit(s)) for s in Suit} == {12, 13} and {len(six.of_suit(s)) for s in Suit} == {11, 13}
    assert "At six, four cards go: 3♣, 4♣, 2♦, 3♦." in text and "published rule sets differ here" not in text
    # r111 (report r111/11, stuck 3 and ask 3): "play as in lesson 07" left a learner who skipped it guessing: the
    # pass button and the card click are named (the button's label and the raised legal cards, checked here)
    # r112 (report r112/11, stuck 4 and ask 4): "raised" was a guess: the raised cards are the legal ones (lesson 07's
    # wording, checked below)
    assert "Run the cell, click three cards, press *Confirm pass*, then click raised (legal) cards to play." in text
    assert "then click raised cards to play" not in text
    assert "play as in lesson 07" not in text
    widgets = Path(__file__).resolve().parents[1] / "hearts_teach" / "present" / "widgets"
    assert 'control_button("Confirm pass"' in (widgets / "pass_picker.py").read_text(encoding="utf-8")
    assert "legal cards stand raised" in " ".join(" ".join(_src(c).split()) for c in _cells("07_play_a_match"))
    docs = (Path(__file__).resolve().parents[1] / "docs" / "players.md").read_text(encoding="utf-8")
    assert "The sources differ on what else changes" in docs
    # r50_11: shown on one deal, so "can win", not "wins"
    assert "a long suit left at the end can win the last tricks, and their hearts with them." in text
    assert "collects points" not in text and "Four things to notice:" in text


def test_lesson_10_r39_rule_bots_said_early_and_the_checks_99_percent():
    """Rater r39_e: "rule" bots were the opponent of every measurement but explained only late; the worked example
    now says what they are (the glossary's Rule bot). The exercise's check uses a 99% interval, up to four looks,
    at most 200 deals, while the lesson teaches 95%: the lesson says so, with the check's own figures."""
    from hearts_teach.classroom.checks import bot

    cells = _cells("10_write_a_bot")
    text = " ".join(" ".join(_src(c) for c in cells if c["cell_type"] == "markdown").split())
    view_md = " ".join(next(_src(c) for c in cells if c.get("id") == "view-md").split())
    # r117 (words): "(the package's ready-made player)" cut: the rule bot's glossary link says it
    assert "played by [rule bots](glossary.ipynb#cell-id=term-rule-bot)." in view_md
    # r40_d: "as the check looks up to four times" was jargon; cut (the 99% and the 200 deals stay, pinned below)
    # r43_b: "leaves zero" was an odd phrase: the interval no longer contains zero
    # r65: why 99%: "The check looks after 25, 50, 100 and 200 deals" (bot.LOOKS, below)
    # r72: and the bar is said to be low (the final bot passes it yet loses to the rule bots)
    # r80: the check below stopped at 25 deals, unexplained: the text says it stops at the first look that decides
    # r109 (newcomer r109): what if no look decides: "early" (the check stops at 200 deals; not above zero: no pass)
    assert bot.LOOKS[-1] == 200
    # r114 (newcomer r114: what if it still contains zero at 200 deals? what is "quick"?): "its last interval" (the
    # 200-deal one when no look decided; "early" cut, now implied), and the check's time limit (1 s, bot.py's docstring)
    assert ("It looks after 25, 50, 100 and 200 deals, stopping once its interval excludes zero; each look risks a "
            "lucky verdict, hence a stricter 99% interval. Your bot passes only if its last interval lies above zero: "
            "easier than matching the rule bots.") in text  # r119 (words)  # r72b: "far below the rule bots' level" read as a bot that must score far below them
    shown = "".join("".join(o.get("text", "")) for c in cells if c.get("id") == "turn-check" for o in c["outputs"])
    assert "· 25 deals × 4 seatings = 100 hands" in shown and "99% interval +3.14 to +6.54" in shown  # 25 < 200: stopped
    assert bot.LOOKS == (25, 50, 100, 200)
    assert "looks up to four times" not in text
    assert len(bot.LOOKS) == 4 and bot.LOOKS[-1] == 200
    assert bot.Z_DECIDE == pytest.approx(2.576)
    from statistics import NormalDist

    assert NormalDist().inv_cdf(0.995) == pytest.approx(bot.Z_DECIDE, abs=1e-3)  # two-sided 99%
    # r54: what passing means: the check's verdict "beats" is that same interval above zero (the interval shown
    # is the one the verdict uses); below zero or still containing zero after 200 deals, the check says try again
    # r108 (newcomer r108: "and if it never clears zero by 200 deals?"): "only if": then it does not pass (verdict
    # "unsure" or "loses", not "beats": evaluate_bot)
    assert "Your bot passes only if its last interval lies above zero:" in text   # r72: then "far below the rule bots' level"
    assert "The check tests that answers are legal, each within 1 second," in text and "legal and quick" not in text
    assert "time_limit=1)" in (bot.__doc__ or "")
    assert bot.Z_SHOW == bot.Z_DECIDE


def test_lesson_10_r54_ideas_come_from_the_rule_bots_code():
    """r54: the rule bot's edge is said through two ideas from its own code (rule_pass, rule_play), each checked
    here: its pass puts the Q♠ K♠ A♠ first unless five spades below the queen guard them, and playing last on a
    trick it must win, it wins with its highest card, never the Q♠. The click-through hand's 10♥: South passed it
    and it came back in a trick South won."""
    from lesson_runner import run

    from hearts_teach.agents.hearts.policy import NO_MOON, rule_pass, rule_play
    from hearts_teach.kernel.cards import Card, CardList

    hand = CardList("QS KS AS JS TS 5S AD KD QD 2C 3C 4C 5C")
    assert rule_pass(hand.mask) == CardList("QS KS AS").mask
    guarded = CardList("QS KS AS JS TS 5S 4S 3S AD KD QD 2C 3C")
    assert not rule_pass(guarded.mask) & CardList("QS KS AS").mask
    # clubs led: 2♣ 3♣ and a heart discard; the last seat holds 5♣ K♣ and Q♠: it must win, and wins with the K♣
    idx = {c: Card(c).index for c in ("2C", "3C", "2H", "5C", "KC", "QS")}
    mine = CardList("5C KC QS").mask
    legal = CardList("5C KC").mask
    trick = CardList("2C 3C 2H").mask
    assert rule_play(3, mine, legal, 3, 0, idx["3C"], 1, trick, trick, NO_MOON) == idx["KC"]
    result = run(ROOT / "notebooks" / "10_write_a_bot.ipynb")
    game = result.namespace["game"]
    assert Card("TH") in game.passed(0) and Card("TH") in game.taken(0)


def test_lesson_08_says_why_a_passed_queen_comes_back():
    """Fresh newcomer raters (r46): why does a passed Q♠ still end in the passer's tricks (30% after drill 1's best
    pass, 39% after drill 2's K♣ Q♠ K♠)? The take-away says it plainly, as lesson 01 does: whoever holds her may
    throw her onto your trick when they have no card of the suit led. The share is the coach's, as printed."""
    from hearts_teach.course.drills import DRILLS, grade

    cells = _cells("08_practice_decisions")
    prose = " ".join(" ".join(_src(c) for c in cells if c["cell_type"] == "markdown").split())
    coach = grade(DRILLS[0], "KD QS AS").assessment
    best = coach.best
    assert best.label == "Q♣ Q♠ A♠" and f"{best.stats['p_take_qs']:.0%}" == "30%"
    # r72b: the take-away is the five drills' rules; drill 2's answer gives the why (a receiver void in the suit led)
    assert "East can dump her on a trick South wins, when void in the suit led" in prose  # r87
    printed = "".join("".join(o.get("text", "")) for c in cells for o in c.get("outputs", []))
    assert "30% after the top choice." in printed  # the figures cell prints the share the take-away gives
    assert DRILLS[0].make().pass_target(0) == 1  # West gets her, and keeps her until she is played
    lesson_01 = " ".join(" ".join(_src(c) for c in _cells("01_deal_and_pass") if c["cell_type"] == "markdown").split())
    # lesson 01 (l5, r47) now says it once, beside its table: only another player can put her on South's trick
    # r56: the note names its column by its header
    # r82: the note now also says who holds her (West) and when West can throw her (out of the suit led)
    # r90: the column's meaning moved before lesson 01's quiz; the why stays under its table
    # r111: "per 1,000 deals" (a rate, not a count of the 16,384), and "on a K♠ East might pass South" ("under" is
    # not defined in lesson 01, and South received no K♠ in the walk-through)
    assert ("Column \"Q♠ ends in South's tricks\" counts, per 1,000 deals, those where she falls on a trick South wins." in lesson_01
            and "Passed, the queen is West's, and West can play her on any trick South wins in a suit West lacks, or, in made-up deals where East passes South a K♠, on a spade trick South wins with it"  # r120: the made-up deals first; r119: the coach's made-up deals  # r116: the spade trick said; r104: the only higher spade South can receive
            in lesson_01)  # r84: + why so often; r114: "in other deals" (East was dealt no K♠ here)
    assert "under a K♠ South receives" not in lesson_01  # r111


def test_lesson_10_says_the_leagues_hands_option_counts_deals():
    """l6 (a fresh newcomer): `--hands 500` reads as 500 hands, but the league's option counts deals, each played
    out from all four seats (a hand is one deal played out). The option keeps its name; the lesson says what it counts."""
    import argparse

    from hearts_teach.classroom import league, league_tables

    text = " ".join(" ".join(_src(c) for c in _cells("10_write_a_bot") if c["cell_type"] == "markdown").split())
    assert "league ada.py grace.py alan.py --hands 500 --seed 1" in text
    # r64, r68: trimmed; r72b: "hand" elsewhere is one seating (40 deals × 4 seatings = 160 hands): said so
    # r72c: "4 hands per bot" read as 4 in all: per deal, so --hands 500 gives each bot 2,000
    # r108 (newcomer r108: "still 2,000 with more than four bots?"): yes, every bot plays every deal (schedule, below)
    assert ("rotating seats: `--hands 500` gives each bot 2,000 "
            "hands.") in text and 500 * 4 == 2000  # r87b: shorter; r112: the seats said with the tables
    assert all(sorted(b for t in deal for b in t if b >= 0) == list(range(6)) for deal in league.schedule(6, 5, 1))
    parser = argparse.ArgumentParser()
    league.add_arguments(parser)
    assert next(a for a in parser._actions if a.dest == "hands").help.startswith("deals; every bot plays each deal "
                                                                                   "from all 4 seats")
    assert len(league.schedule(3, 5, 1)) == 5  # three bots, 5 deals: one table a deal (a house bot fills the fourth)
    assert all(len(tables) == 1 and sorted(tables[0]) == [-1, 0, 1, 2] for tables in league.schedule(3, 5, 1))
    assert "so every bot plays every deal once from every seat" in " ".join((league.__doc__ or "").split())
    assert "Play one deal at one table in all 4 seatings" in (league_tables.play_table.__doc__ or "")


def test_lesson_11_gives_a_play_tip_for_three_drawn_from_the_worked_hand():
    """l6 (a fresh newcomer): the table of three had no play tip. One short tip, true to the Play bullet (suits last
    late; a suit still held at the end wins the last tricks): in the worked hand, from trick 12 West led spades and
    diamonds that South and East no longer held, won each of those tricks and the hearts thrown on them."""
    from hearts_teach import Hand, Rules, Suit
    from hearts_teach.course.lessons import bots_play, table_bots

    cells = _cells("11_three_to_six_players")
    text = " ".join(" ".join(_src(c) for c in cells if c["cell_type"] == "markdown").split())
    # r50_11: "keep count" said what to count, not what to do; the tip now gives an action, each part shown by the
    # lesson's own hands: South, out of spades and diamonds from trick 12 of the worked hand, threw its hearts on
    # West's tricks and took none; the demonstration's South led its lone A♦ to empty the suit (its bot's reason)
    # r55: shorter, the long suit's last tricks are told in the worked example
    # r64 (rater r63_11): two Souths in one breath: the worked example's is named, and West's fate said
    # r68 (r67 ask 2): one bot-played hand was offered as evidence, though East, out of those suits too, took 13 (the
    # Q♠ on trick 9): the hand now illustrates the tip and says only what it shows (from trick 12 West alone held
    # diamonds and spades and won every trick)
    # r81 (report r81/11, confusing 6 and ask 3): "make one with your pass" was vague for a 4-4-5-4 hand, and the
    # demonstration's lone A♦ was received, not made: the task is concrete, the A♦ said as received (checked below);
    # the worked hand's tricks are named, the story itself told under its sheet
    assert ("A tip for three: be out of a suit rather than the last to hold it. The worked example's tricks 12 to 17 "
            "show it. Count who still holds each suit, and empty a short suit early, as the demonstration's South "
            "did with the lone A♦ it received. Your hand has no suit shorter than four cards, so make one: pass K♣ 9♣ "
            "7♣. If East passes you no club, your 4♣ goes on trick 1 and you are out of clubs; then throw hearts, or the "
            # r119 (newcomer r118: and if East does pass a club?): two clubs, so the next club lead after trick 1
            # empties the suit (West holds the 2♣ and opens: South follows twice)
            "Q♠ if she comes, on club leads. One comes? The next club lead empties the suit.") in text
    # r84 (report r83/11, confusing): "has none" of what; and the 4♣ goes on trick 1 only if no club comes in the pass
    assert "Your hand below has none" not in text and "trick 1 takes your 4♣" not in text
    assert "keep count of who still holds your long suits" not in text
    # r82 (report r82/11, confusing and ask 2): "pass three of a four-card suit" left open which of three; the report's
    # spade plan (pass A♠ 10♠ 6♠) fails here: East's bot passes South the Q♠ and K♠. Clubs: the 4♣ falls on trick 1
    assert "pass three of a four-card suit" not in text
    assert "make one with your pass" not in text
    # r75c (report r75c/11, confusing 2): the table's hand (seed 21) has no suit of fewer than four cards
    from hearts_teach.present.widgets import TableWidget

    yours = TableWidget(seed=21, opponents="rule", rules=Rules(players=3), trick_pause=0).hand.dealt(0)
    assert min(len(yours.of_suit(s)) for s in Suit) == 4 and sum(len(yours.of_suit(s)) == 4 for s in Suit) == 3
    for passed in ("KC 9C 7C", "AS 10S 6S"):  # r82: what the tip says of each pass, in the table's own hand
        table = TableWidget(seed=21, opponents="rule", rules=Rules(players=3), trick_pause=0)
        table.pass_cards(passed)
        got = table.hand.cards(0)
        assert {"Q♠", "K♠"} <= {c.pretty for c in got}  # East's pass: the Q♠ "comes" to South
        if passed == "KC 9C 7C":
            assert [c.pretty for c in table.hand.legal_plays(0)] == ["4♣"]  # trick 1, clubs led: it takes the 4♣
    assert "West, still holding them, took 13" not in text
    # r49: "play your longest suit down early" was advice the worked hand does not show (West was stuck whatever
    # it led); the tip now says only what the hand shows, and what to watch
    assert "play your longest suit down early" not in text
    assert text.index("## Play at a table of three") < text.index("A tip for three") < text.index("## Quick check")
    # r75b (report r75/11, confusing 2): the task has a goal the learner can check on the table's scores
    # r82 (report r82/11): where to check the task was not said: the scores, shown when the hand ends
    # r84b (report r84/11, optional): this hand or the match? The hand (the widget says "Hand 1 of a match to 100")
    # r110 (report r110/11, confusing 5 and ask 5): where to check and what to look at if you miss: the hand's
    # scores and its review (TableWidget shows the review when a hand is over)
    # r112: "show at its end" cut to "follow it" (words paid for report r112/11's asks)
    # r114 (report r114/11, stuck 6 and ask 5): "follow it" left unclear what "it" was and where the review shows
    assert ("Your task: follow the tip below, and score fewer points than both bots this hand (when it ends, the table "
            "shows scores and a review).") in text and "(scores and review follow it)" not in text
    worked = Hand.deal(3, hand_number=2, rules=Rules(players=3))
    bots_play(worked, table_bots("rule", players=3))
    west = worked.seat_names.index("West")
    late = [t for t in worked.tricks if t.number >= 12]
    assert all(t.winner == west and any(c.suit is Suit.HEARTS for c in t.cards) for t in late)
    for t in late[:4]:  # tricks 12-15: West leads a suit the other two no longer hold (they throw hearts)
        assert t.leader == west and t.cards[0].suit in (Suit.SPADES, Suit.DIAMONDS)
        assert all(c.suit is not t.cards[0].suit for c in t.cards[1:])
    assert sum(worked.tricks[k].points for k in range(10, 17)) == worked.scores[west] == 13
    south = worked.seat_names.index("South")
    hearts = [t for t in worked.tricks if t.card_of(south).suit is Suit.HEARTS]
    assert len(hearts) == len(worked.dealt(south).of_suit(Suit.HEARTS)) == 6 and worked.scores[south] == 0
    assert all(t.number >= 12 and t.winner == west for t in hearts)
    # rater r52_11: "threw all six" was false: four were discards (tricks 12-15), the last two followed West's hearts
    thrown = [t.number for t in hearts if t.cards[0].suit is not Suit.HEARTS]
    followed = [t.number for t in hearts if t.cards[0].suit is Suit.HEARTS and t.leader == west]
    assert thrown == [12, 13, 14, 15] and followed == [16, 17] and "threw all six" not in text
    assert not any(t.card_of(south).suit in (Suit.SPADES, Suit.DIAMONDS) for t in worked.tricks if t.number >= 12)
    east = worked.seat_names.index("East")  # "only West held diamonds and spades" from trick 12
    assert not any(t.card_of(east).suit in (Suit.SPADES, Suit.DIAMONDS) for t in worked.tricks if t.number >= 12)
    from hearts_teach.course.why import why_played
    demo = TableWidget(seed=22, opponents="rule", rules=Rules(players=3), trick_pause=0)
    demo.finish_hand()
    lone = why_played(demo.hand, 3, 0)
    assert lone.card.pretty == "A♦" and "its only diamond" in lone.reason and "to empty that suit" in lone.reason
    # lone: South was dealt no diamond and received the A♦ in the pass
    assert not demo.hand.dealt(0).of_suit(Suit.DIAMONDS) and "A♦" in {c.pretty for c in demo.hand.received(0)}


def test_lesson_11_r50_the_queen_at_five_and_six_from_the_engines_figures():
    """Round 51 (rater r50_11 and the round's items): play advice at five and six was one hint. A folded cell has
    rule bots play 1,000 deals at four, five and six seats, each twice (no pass, then pass left), and prints how often
    the player dealt the Q♠ took her, by the spades dealt beside her. Round 52 (rater r51_11): the prose read as if a
    short queen were riskier at a big table, when a kept short queen was taken less often at six than at four; it now
    says what the figures show, with the four-seat figures beside them: a short queen is met more often, is not
    riskier, and the overall chance falls. The table prints the deals behind each share, says the passed rows count
    the bots' own passes, and adds a tip for six: a suit's second round carries thrown points. Recomputed here,
    independently of the cell's code.

    Round 54: the cell took about 11 s of CPU (slow in Voilà): the engine builds a View faster (same games) and the
    cell plays 500 deals a table. Rater r52_11: the kept rows are a separate run with no passing ("no passing (had
    to keep her)"); the six-seat short share (37% of 1,000 deals) is a sample, so the cell prints its margin and the
    exact share counted with math.comb; "she is not riskier" ignored that each player wins fewer tricks at six; the
    advice adds long queens; a short queen is defined where it is first used."""
    from math import comb

    from hearts_teach import Card, Hand, Rules, Suit
    from hearts_teach.course.lessons import bots_play, table_bots

    cells = _cells("11_three_to_six_players")
    ids = [c.get("id") for c in cells]
    text = " ".join(" ".join(_src(c) for c in cells if c["cell_type"] == "markdown").split())
    figures = cells[ids.index("l11-queen-figures")]
    assert ids.index("l11-six-opener") + 1 == ids.index("l11-queen-head") == ids.index("l11-queen-figures") - 1
    assert ids.index("l11-queen-tips") == ids.index("l11-queen-figures") + 1
    assert figures["metadata"]["jupyter"] == {"outputs_hidden": False, "source_hidden": True}
    assert _src(figures).split("\n", 1)[0].endswith("(code folded, output shown)")
    printed = "".join("".join(o.get("text", "")) for o in figures["outputs"]).splitlines()
    queen, shares, thrown, every_short_passed, short_hits, longs = Card("QS"), {}, {}, True, {}, {}
    def pct(hits):  # r82 (report r82/11, ask 1): the bracketed counts are cut from the table; the shares stay
        return f"{sum(hits) / len(hits):.0%}"
    for n in (4, 5, 6):
        rows = {"hold": [], "left": []}
        rounds = {1: [], 2: []}  # tricks in which a club, diamond or spade was led for the 1st / 2nd time (no pass)
        for direction, found in rows.items():
            for seed in range(500):
                hand = Hand.deal(seed, rules=Rules(players=n), pass_direction=direction)
                holder = next(s for s in range(n) if queen in hand.cards(s))
                short = len(hand.cards(holder).of_suit(Suit.SPADES)) <= 2
                bots_play(hand, table_bots("rule", players=n))
                passed = queen in hand.passed(holder) if direction == "left" else False
                every_short_passed &= passed or not short or direction == "hold"
                taken = next(t.winner for t in hand.tricks if queen in t.cards) == holder
                found.append((short, passed, taken))
                if direction == "hold":
                    led = {}
                    for number, t in enumerate(hand.tricks, 1):  # r66: trick 1 left out (no points may fall on it)
                        suit = t.cards[0].suit
                        led[suit] = led.get(suit, 0) + 1
                        if suit is not Suit.HEARTS and led[suit] in rounds and number > 1:
                            rounds[led[suit]].append(any(c.suit is not suit and c.points > 0 for c in t.cards))
        shares[n] = {"any kept": pct([r[2] for r in rows["hold"]]), "any left": pct([r[2] for r in rows["left"]])}
        for short in (True, False):
            shares[n][short, "hold"] = pct([r[2] for r in rows["hold"] if r[0] is short])
            shares[n][short, "left"] = pct([r[2] for r in rows["left"] if r[0] is short and r[1]])  # passed only
        shares[n]["short"] = pct([r[0] for r in rows["hold"]])
        longs[n] = (sum(r[1] for r in rows["left"] if not r[0]), sum(not r[0] for r in rows["left"]))
        assert longs[n][1] == sum(not r[0] for r in rows["hold"])
        short_hits[n] = sum(r[0] for r in rows["hold"])  # holders of a short queen
        thrown[n] = {time: pct(hits) for time, hits in rounds.items()}
    def row(label):
        line = next(x.strip() for x in printed if x.strip().startswith(label))
        return line[len(label):].split()
    # r81 (report r81/11, confusing 1 and ask 1): three blocks with different denominators read densely: two headed
    # tables now, (a) the Q♠ (the exact short share as its first row) and (b) the points thrown on a suit's first and
    # second lead, each saying what its brackets count; the passed row is explained under the table
    assert printed[0].startswith("(a) The Q♠ at each table size") and printed[0].split()[-6:] == ["4", "seats", "5", "seats", "6", "seats"]
    # r82 (report r82/11, confusing and ask 1): still hard to read: the explanations now come above the numbers, the
    # bracketed counts are gone, the passed row says what it counts, and the sampled short share is printed beside
    # the exact one (37.4% against 41.7% read as a contradiction)
    said = "\n".join(printed)
    assert printed[1] == "Short queen: the Q♠ with 0 or 1 other spade. Longer: 2 or more."
    # r84 (report r83/11, confusing and ask 1): the heading was cut off from its rows by the note: heading, rows, note
    # r84b (report r84/11, ask 2): the passed row's label read as a second heading: rows name the game; "ended up"
    # r102 (report r102/11, confusing 1): "ended up taking her" did not fit the passed row: "kept or passed" said
    head = printed.index("How often the player dealt the Q♠ took her 13 points, kept or passed (rule bots, 500 deals a table):")
    assert printed[head + 1].startswith("  Short queen, kept")
    # r102 (report r102/11, confusing 2): "the demonstration below" is at three, a size the table leaves out: named
    # r103 (report r103/11, confusing 5): "below" was 11 cells on: where it is, said
    # r116 (report r115/11, stuck 1 and ask 2): "same deals" needed the code: the passed row's deals, said
    assert ("The passed row replays the same 500 deals, passing left: the bots passed every short queen;\n"
            "the passer took her back when she was played onto a trick the passer won.\n"
            "The three-seat demonstration, after the worked example for three, shows a passed (longer) queen coming back.") in said
    assert "shows it with a longer queen" not in said  # r117 (report r116/11, stuck 3): what "it" was, named
    assert "Passing left, the bots passed" not in said
    # r116 (report r115/11, stuck 4): clubs' first lead is always trick 1 (the lowest club opens, docs/rules.md),
    # which the rows leave out: said under them
    assert "Clubs' first lead is trick 1, left out: the first row counts diamonds and spades." in said
    # r111 (report r111/11, false 1 and ask 2): "shows one" read as a short queen passed; East's there is longer
    # (dealt with three other spades), passed left, and came back onto East's own trick
    assert "shows one." not in said
    from hearts_teach.present.widgets import TableWidget
    demo = TableWidget(seed=22, opponents="rule", rules=Rules(players=3), trick_pause=0)
    demo.finish_hand()
    east = demo.hand.seat_names.index("East")
    assert len(demo.hand.dealt(east).of_suit(Suit.SPADES)) > 2 and queen in demo.hand.passed(east)
    assert next(t.winner for t in demo.hand.tricks if queen in t.cards) == east
    assert said.index("The three-seat demonstration") > said.index("  Longer queen, kept")
    assert "demonstration below" not in said
    # r103 (report r103/11, confusing 2 and ask 1): how many deals stand behind the short-queen shares: one row of
    # counts (the rest of each table's 500 deals are the longer queens)
    # r110 (report r110/11, confusing 2 and ask 2): the count row read as broken percentages: labelled a count, and
    # a line says how to read the rows
    # r111 (report r111/11, stuck 2 and ask 4): the count row read as a new finding: labelled as the deals behind
    # the short-queen rates below
    # r117 (report r116/11, stuck 1 and ask 3): "Short-queen deals" read as a rate: "Deals with a short queen", the base
    # r120 (false item: "the rates below" was the base of the two short-queen rows only; the longer row's base is the
    # other deals): said on both rows
    assert row("Deals with a short queen, of 500 (base of short-queen rows)") == ["72", "134", "187"]
    assert not any("(base of the rates below)" in x for x in printed)
    assert printed.index(next(x for x in printed if x.startswith("Deals with a short queen"))) < head
    assert not any(x.startswith("Short-queen deals") for x in printed)
    assert not any("(a count)" in x for x in printed)
    assert printed[2] == "Read each row across: the same figure at four, five and six seats."
    assert not any("Q♠ holders with a short queen, of the bots'" in x for x in printed)
    assert "brackets" not in said and "(  " not in said and "'took her' then means" not in said
    # r84 (report r83/11, ask 1): the sampled row crowded the table: gone (the prose quotes only the exact shares)
    assert not any("sampled" in x for x in printed)
    assert any(x.startswith("(b) Points thrown on a suit's first and second lead") for x in printed)
    assert "(rule bots, no passing):" in printed
    # r75 (report r75pre/11, confusing 1 and 9/10 ask 1): ten long rows were a wall; three rows remain (short queen
    # kept, short queen passed, longer queen kept), the exact short share and the two lead rows; the "any Q♠" rows,
    # the sample share and the count of long queens passed are gone, the kept/passed caveat folded in the prose
    for label, key in (("Short queen, kept (a game with no passing)", (True, "hold")),
                       # r120 (newcomer: the passed row's label read only after the lines below): the event it counts
                       ("Short queen, passed left: the passer took her back", (True, "left")),
                       ("Longer queen, kept (no passing; the other deals)", (False, "hold"))):
        assert row(label) == [shares[n][key] for n in (4, 5, 6)], label
    assert not any(x.startswith("Any Q♠") for x in printed) and not any("she came back" in x for x in printed)
    # r108 (report r108/11, confusing 2 and ask 3): the label did not say who took her: the passer, named
    # r112 (report r112/11, stuck 2 and ask 3): what the passed share is out of: the same deals (every_short_passed)
    # r119 (newcomer r118: the passed row's base read only two lines below): the label says every short queen was
    # passed (every_short_passed, held below), so its base is the kept row's deals
    assert row("Short queen, passed left: the passer took her back")[0] == "38%"
    assert not any("(the passer took her back)" in x for x in printed)
    assert not any("(a game passing left)" in x for x in printed)
    assert every_short_passed  # so the passed row counts the same deals as the kept one
    for time, label in ((1, "first"), (2, "second")):
        assert row(f"a club, diamond or spade led the {label} time") == [thrown[n][time] for n in (4, 5, 6)]
    # r66 (rater r65_11): the first-lead row counted every trick 1, a club lead on which no points may be thrown
    # r102 (report r102/11, confusing 3): the label needed two readings: shorter, trick 1 in brackets
    assert "Tricks where someone out of the led suit threw a heart or the Q♠ (trick 1 left out)" in printed
    assert not any(x.startswith("Tricks after trick 1 in which") for x in printed)
    assert "no card of the suit led" not in said  # r82: "of the led suit" reads more plainly
    # the sample's margin and the exact share: the holder's other cards drawn from the rest of the deck (a sum over
    # 0 and 1 other spade, written independently of the cell's formula)
    exact = {}
    for n in (4, 5, 6):
        rules = Rules(players=n)
        cards, rest = rules.deck_mask.bit_count() - 1, rules.hand_size - 1
        spades = (rules.deck_mask & Suit.SPADES.mask).bit_count() - 1
        exact[n] = sum(comb(spades, k) * comb(cards - spades, rest - k) for k in (0, 1)) / comb(cards, rest)
    # r102 (report r102/11, confusing 4): "exact, every deal" beside the bots' 500 deals: "every possible deal"
    exact_line = next(x for x in printed if x.startswith("Q♠ holders with a short queen (exact: every possible deal)"))
    assert exact_line.split()[-3:] == [f"{exact[n]:.1%}" for n in (4, 5, 6)]
    def fig(n, key):
        return shares[n][key].split()[0]
    # r55 (rater r54_11): the short share to one decimal
    # r66 (rater r65_11): the margin and the "1 in 18" rows taught statistics, not Hearts: folded; the sample and the
    # exact share stay
    assert not any("give or take" in x or "by chance" in x or "in these deals" in x for x in printed)
    # the figures the prose quotes, four seats beside six
    assert [f"{exact[n]:.1%}" for n in (4, 6)] == ["15.1%", "41.7%"] and 2.6 < exact[6] / exact[4] < 2.9  # "almost three times"
    assert f"{short_hits[6] / 500:.1%}" == "37.4%"
    assert [fig(n, (True, "hold")) for n in (4, 6)] == ["78%", "50%"]
    assert [fig(n, (False, "hold")) for n in (4, 5, 6)] == ["28%", "20%", "15%"]
    assert [fig(n, (False, "left")) for n in (4, 5, 6)] == ["27%", "19%", "13%"]
    assert [fig(n, (False, "hold")) for n in (4, 6)] == ["28%", "15%"]
    assert [fig(n, (False, "left")) for n in (4, 6)] == ["27%", "13%"]
    assert [fig(n, (True, "left")) for n in (4, 6)] == ["38%", "21%"]
    assert [thrown[n][2].split()[0] for n in (4, 6)] == ["30%", "95%"]
    # r55 (rater r54_11): the brackets of the last two rows count tricks; each other spade covers one lead
    # r56 (rater r55_11): "covers" was undefined there: each other spade is a guard (linked) for one spade lead
    # r75 (report r75pre/11, confusing 3): lesson 04 counted two low spades as risky too
    # r82 (report r82/11, confusing): "rule bots" was unexplained here: linked to the glossary
    # r119 (newcomer r118: nested brackets and colons read three times): two plain sentences, the same facts (a lone
    # queen must follow the first spade lead; with one guard, the second at the latest)
    assert ("With 10 or 8 cards each, the player dealt the Q♠ often has a **short queen**: the Q♠ alone or with one "
            "other spade, her [guard](glossary.ipynb#cell-id=term-guard). One spade lead forces out a lone queen, two a "
            "guarded one; only the A♠ or K♠ beats her. "  # r116 (report r115/11, stuck 3 and 5): the guard is the other spade;
            # "onto her holder's trick" (she is the holder's own card) said as what beats her
            "Is a short queen riskier? [Rule bots](glossary.ipynb#cell-id=term-rule-bot) play 500 deals at "
            "four to six seats, each twice (no passing, then passing left). (a) answers it; (b) counts "  # r116: "(at three, 17
            # cards make one rare)" cut for words: (a) prints it ("At three seats ... too rare to count here")
            "points thrown on a suit's first and second lead.") in text  # r102 (report r102/11, ask 1): both announced
    # r112 (report r112/11, stuck 1 and ask 2): why a short queen is caught was left to work out: with at most one
    # other spade she is out by the second spade lead; "often onto a trick she takes": kept, her holder took her in
    # half or more of the deals at every size (the kept row, pinned above)
    assert all(int(shares[n][True, "hold"].split("%")[0]) >= 50 for n in (4, 5, 6))
    # r114 (report r114/11, misleading 1 and ask 1): with no other spade one lead forces her out, so "one or two";
    # "a trick she takes" could mean the queen or her holder: her holder's
    assert "term-guard)): two spade leads" not in text and "a trick she takes" not in text
    assert "for one spade lead" not in text
    # r103 (report r103/11, confusing 3-4 and ask 2): the lesson 04 aside pulled against cell 19's lost longer queen:
    # cut; four is named as the comparison (three, with its long hands, has its own section)
    assert "Lesson 04 counted two low spades" not in text
    # r108 (report r108/11, confusing 1 and ask 2): why three has no figures: a short queen is rare there (4.2% of
    # every possible deal, against 15.1% at four), computed as in the exact row below
    rules3 = Rules(players=3)
    cards3, spades3 = rules3.deck_mask.bit_count() - 1, (rules3.deck_mask & Suit.SPADES.mask).bit_count() - 1
    rare = sum(comb(spades3, k) * comb(cards3 - spades3, rules3.hand_size - 1 - k) for k in (0, 1)) / comb(cards3, rules3.hand_size - 1)
    assert rare < 0.05 and "(for comparison)" not in text
    # r114 (report r114/11, stuck 2): how rare at three: the exact share printed under the table's rows
    assert f"At three seats (17 cards each) the exact share is {rare:.1%}: too rare to count here." in printed
    assert f"{rare:.1%}" == "4.2%"
    # r114 (report r114/11, stuck 3 and ask 3): 187 of 500 (37.4%) beside the exact 41.7% needed working out: a
    # printed line says the bots' deals are a sample, near the exact share (within 5 points at every size)
    assert (f"A sample of 500 deals lands near the exact share, not on it: {short_hits[6]} of 500 is "
            f"{short_hits[6] / 500:.1%}.") in printed
    assert all(0 < abs(short_hits[n] / 500 - exact[n]) < 0.05 for n in (4, 5, 6))
    assert "Brackets count the deals" not in text  # r81: the tables' own headings say what the brackets count
    assert "## The Q♠ at five and six, and a suit led twice" in text and "second rounds" not in text
    assert (Rules(players=5).hand_size, Rules(players=6).hand_size) == (10, 8)
    # r55..r68: the section's question answered with the figures; r75 (report r75pre/11): "lesson 04's advice" was
    # false (lesson 04 says keep her with several low spades; lessons 08's drill 1 and 08c's mistake 4 say pass
    # her); "further above a fair share" was misleading (the gap stays about 10 points; only the ratio grows): the
    # bullet is cut with its row; the section ends in two bold takeaways, the kept/passed caveat folded
    # r75c (report r75c/11): the kept and passed rows were called "a rough comparison" in a folded note, and the
    # advice said "pass her" where a third (five) or a quarter (six) of hands have no pass; they are the same deals
    # (every_short_passed, above), played twice: said so in the text, with the hold hands' share from the rotation
    # r84b (report r84/11, confusing and ask 1; the brief): cell 9's "Is a short queen riskier?" had no plain answer,
    # and "(she came back)" read as always: the takeaway answers yes (kept: 78% against 28% at four, 50% against 15%
    # at six, pinned below), says why every share falls at six, and that 21% is the deals where she came back
    # r102 (report r102/11, confusing 5-6 and ask 2): the hold-hand sentence hung at the end, untied to the advice:
    # it now says what to do then; "(more players, fewer tricks each)" was a reason left unexplained: cut
    # r108 (report r108/11, false 1, confusing 3 and asks 1 and 4): "at every size" went past the figures (no three):
    # the sizes are named; the passed share is given at four too, so "all three" plainly means the three rows
    # r112 (report r112/11, false/misleading, stuck 3 and ask 1): the bold answer read as a fact of all play: it says
    # the figures are the rule bots'
    assert "**Yes, a short queen" not in text
    # r114 (report r114/11, stuck 5 and ask 2): six figures in one run of clauses: takeaway first, then one sentence
    # per table row (short kept, short passed, longer kept); "always taken more" folded into the longer-queen row
    # (checked at every size below)
    assert ("**With rule bots, a short queen is riskier at four, five and six: when the hand passes, pass her.** Kept, "
            "her holder took a short queen in 78% at four, 50% at six. Passed, she came back onto the passer's trick in "
            "38% and 21%. A longer queen, kept, was taken less: 28% and 15%. All three rates fall at "
            # r119 (newcomer r118: what to conclude from the rates falling at six?): what the player meets more often
            # r121 (words, for the mends above; the reader still asked why the rates fall): the clause cut
            "six, but there a queen is short almost three times as often (41.7% against 15.1% at four). With no pass "
            "(one hand in four at four and six, in three at five), throw her when you cannot follow suit (not on trick "
            "1).") in text  # r115: H6 bars her on trick 1
    # r117 (r117_extra, report r116/11 false 1-2): "passing her pays most at six" read as "a pass saves most at six"
    # (it cuts 78% to 38% at four, only 50% to 21% at six): cut; "discard her" read as at any time (H5): when, said
    assert "pays most at six" not in text and "discard her after trick 1" not in text
    assert int(fig(4, (True, "hold"))[:-1]) - int(fig(4, (True, "left"))[:-1]) > int(fig(6, (True, "hold"))[:-1]) - int(
        fig(6, (True, "left"))[:-1])
    # r116 (report r115/11, stuck 2 and ask 1): what the "but" pointed to, said: the share of Q♠ holders a pass
    # spares (exact short share × (kept − passed)) is largest at six: 0.417 × 29 against 0.286 × 27 and 0.151 × 40
    _spared = {n: exact[n] * (int(fig(n, (True, "hold"))[:-1]) - int(fig(n, (True, "left"))[:-1])) for n in (4, 5, 6)}
    assert max(_spared, key=_spared.get) == 6
    assert "was taken less than a short one" not in text  # r116: words paid ("less" than the short rows just above)
    assert "a longer queen, 28% and 15%" not in text and "is always taken more than a longer one" not in text
    # r111 (report r111/11, stuck 1 and 5, asks 1 and 5): what grows at six (how often she is short) is tied to the
    # falling rates; the hold-hand share is given at four too (the rotation, checked below)
    assert "almost three times the 15.1%" not in text and "one in four at six)" not in text
    # r103 (report r103/11, confusing 1-2 and ask 1): a passed queen set against a kept longer one compared two
    # games: cut; the passed row is named as the same deals passing left; that a kept short queen is taken less
    # often at six read as against the advice: the comparison is said to be at each size (checked below)
    assert "more than a kept longer queen" not in text
    # r110 (report r110/11, confusing 1 and ask 1): "all three" and "more often" than what: the rates, and a kept
    # short queen against a longer one (78% vs 28%, 63% vs 20%, 50% vs 15%: checked here)
    assert "at each size a short queen is taken more often" not in text
    assert all(int(fig(n, (True, "hold"))[:-1]) > int(fig(n, (False, "hold"))[:-1]) for n in (4, 5, 6))
    assert "One hand in three has no pass at five" not in text and "fewer tricks each" not in text
    assert "(she came back)" not in text and "**A short queen is common at five and six" not in text
    assert [fig(4, (False, "hold")), fig(6, (False, "hold"))] == ["28%", "15%"]
    # r84 (report r83/11, confusing and ask 1-2): that a passed short queen still came back more often than a kept
    # longer one was left out; the trick-9 pointer ran ahead of the three-player section (cell 19 says it there)
    assert "(trick 9 below)" not in text
    # r82 (report r82/11, confusing and ask 3): "only 15%" made a longer queen sound safe, though two low spades lose
    # her at three (the worked example's trick 9, pinned elsewhere); the pointer to lessons 08 and 08c is cut for room
    assert "kept, only 15%" not in text
    # r81 (report r81/11, confusing 1): "took her" after passing read as a puzzle (she was given away): said how
    assert "lesson 04's advice" not in text and "further above a fair share" not in text
    assert [fig(6, (True, "hold")), fig(6, (True, "left")), fig(6, (False, "hold"))] == ["50%", "21%", "15%"]  # r77: "at six"
    assert [fig(4, (True, "hold")), fig(4, (True, "left")), fig(4, (False, "hold"))] == ["78%", "38%", "28%"]  # r108: "at four"
    assert "riskier at every size" not in text
    assert [short_hits[n] for n in (4, 5, 6)] == [72, 134, 187]  # the same short-queen deals in both rows
    for n, share in ((4, 4), (5, 3), (6, 4)):  # the rotation's length at that size, one of its hands a hold
        rotation = [Rules(players=n).pass_direction(h) for h in range(share)]
        assert rotation.count("hold") == 1 and Rules(players=n).pass_direction(share) == rotation[0], rotation
    assert "a rough comparison" not in text and "How rough are these figures?" not in text
    mistakes = " ".join(" ".join(_src(c).split()) for c in _cells("08c_beginner_mistakes"))
    # r84: 08c's mistake 4 is named by the count (fewer than three low spades: pass her)
    assert "**Trap 4:** don't keep the Q♠ and the A♠ with fewer than three low spades: pass her" in mistakes
    drills = " ".join(" ".join(_src(c).split()) for c in _cells("08_practice_decisions"))
    assert "**Drill 1.** **With the Q♠, the A♠ and one low spade, pass both.**" in drills  # r98: any direction
    for n in (4, 5, 6):  # a longer queen is taken less often than a short one, kept or passed
        for way in ("hold", "left"):
            assert int(fig(n, (False, way))[:-1]) < int(fig(n, (True, way))[:-1])
    assert "matters more here" not in text and " 4 points" not in text  # r75: "14 points" (the six-seat example) is not it
    # r67 (rater r65_11): if you must win a trick in a suit, win its first lead; trick 1 safest
    # r75: the tip is the second takeaway, at six only (the five-seat figures stay in the table)
    # r121 (newcomer r121/11: the bold line read as a rule; it is the bots' figure): "often fell"
    assert ("**At five and six, points often fell on a suit's second lead.** When a club, diamond or spade was led a second "
            "time, a player with none threw a heart or the Q♠ on 95% of those tricks at six. If you must win a trick in a suit, win its first lead: safer, not safe. Safest is trick 1: no points "
            "unless a hand holds nothing else.") in text and "play your high cards" not in text
    assert [thrown[n][2].split()[0] for n in (5, 6)] == ["75%", "95%"]
    assert [thrown[n][1].split()[0] for n in (5, 6)] == ["17%", "40%"] and "helps at every size" not in text
    assert "She is not riskier" not in text and "the rules from four" not in text and "kept (no pass)" not in text
    # r51_11: the old framing is gone ("rules of thumb for five and six", the six figures without four's)
    assert "Two rules of thumb for five and six" not in text and "Does it matter?" not in text
    # the demonstration's lesson (r50_11 ask 2): East passed her and took her back (trick 6: pinned above)
    assert ("her 13 points. A passed queen can come back onto "
            "your own trick.") in text and "The lesson: a passed queen" not in text


def test_lesson_11_r75_a_six_seat_hand_shows_the_second_lead():
    """Report r75pre/11 (confusing 2, 9/10 ask 2): no hand was played at five or six, so "points fall on a suit's
    second lead" had no worked example. A folded cell replays the six-seat deal (seed 7) as hand 4, a hold hand, with
    rule bots: on trick 3, clubs' second lead, North-West and North, out of clubs, throw the 10♥ and the Q♠ onto
    South's K♣. The story under the sheet says only that."""
    from hearts_teach import Card, Hand, Rules, Suit
    from hearts_teach.course.lessons import bots_play, table_bots

    cells = _cells("11_three_to_six_players")
    ids = [c.get("id") for c in cells]
    text = " ".join(" ".join(_src(c) for c in cells if c["cell_type"] == "markdown").split())
    sheet_cell = cells[ids.index("l11-six-replay")]
    assert ids.index("l11-six-replay") == ids.index("l11-queen-tips") + 1
    assert sheet_cell["metadata"]["jupyter"] == {"outputs_hidden": False, "source_hidden": True}
    assert _src(sheet_cell).split("\n", 1)[0].endswith("(code folded, output shown)")
    six = Rules(players=6)
    hand = bots_play(Hand.deal(7, hand_number=3, rules=six), table_bots("rule", players=6))
    assert hand.pass_direction == "hold" and all(hand.dealt(s) == Hand.deal(7, rules=six).cards(s) for s in range(6))
    shown = "".join("".join(o.get("text", "")) for o in sheet_cell["outputs"])
    assert hand.replay_sheet() in shown
    names = hand.seat_names
    north, north_west, south = names.index("North"), names.index("North-West"), names.index("South")
    one, three = hand.tricks[0], hand.tricks[2]
    assert one.winner == south and one.card_of(south) == Card("AC") and one.points == 0
    clubs_led = [t.number for t in hand.tricks if t.cards[0].suit is Suit.CLUBS]
    assert clubs_led[:2] == [1, 3]  # trick 3 is clubs' second lead
    assert three.card_of(north_west) == Card("10H") and three.card_of(north) == Card("QS")
    assert three.card_of(south) == Card("KC") and three.winner == south and three.points == 14
    # the A♣ went on trick 1, so the K♣ is the top club left; South's only club then, it must be played
    assert set(hand.dealt(south).of_suit(Suit.CLUBS)) == {Card("AC"), Card("KC")}
    # r75b (report r75/11, false 2): North's Q♠ has two other spades (a longer queen): the example is the second lead
    # r81 (report r81/11, confusing 3): why North's spade length mattered was unclear: North's lack of clubs is said
    # r114 (report r114/11, stuck 4 and ask 4): hand 4 with hand 1's cards read as a match repeating a deal: "replayed"
    assert ("**An example at six:** the six-seat deal above, replayed as hand 4 (a hold hand). North keeps the Q♠ and "
            "has no club: watch clubs' second lead.") in text and "(North keeps the Q♠)" not in text and "is not short" not in text
    assert "the six-seat deal above as hand 4, a hold hand" not in text
    assert not hand.dealt(north).of_suit(Suit.CLUBS)
    assert len(hand.dealt(north).of_suit(Suit.SPADES)) == 3 and Card("QS") in hand.dealt(north)
    # r81 (report r81/11, confusing 2): the example seemed to punish the advice it followed: the K♣ was forced (checked
    # above: South's clubs were the A♣ and K♣), and the moral is said
    # r84 read: North "had no club left" though North never had one: "held no clubs" is true of both seats
    assert ("South won trick 1 with the A♣, safely. On trick 3, clubs' second lead, North-West and North held no "
            "clubs: they threw the 10♥ and the Q♠ onto South's K♣, the top club left: 14 points. South held no other club: "
            "in a hold hand, it could not avoid winning the trick. Two high cards alone in a suit are the danger: in a "
            "hand that passes, pass one (in clubs, unless you receive one, the other then falls on trick 1). "
            "## A worked example: one hand for three") in text
    # r120 (report r120/11, ask 3: "pass one" is safe in clubs because the other goes on trick 1, where no points may
    # fall; a lone high diamond or spade still wins that suit's first lead): the pattern stays general (r84b), the
    # clubs case says why; South's clubs were the A♣ and K♣ (above), the A♣ won trick 1 and the K♣ trick 3
    assert [c for c in hand.dealt(south) if c.suit is Suit.CLUBS] and all(
        c.rank >= Card("KC").rank for c in hand.dealt(south) if c.suit is Suit.CLUBS)
    assert hand.tricks[0].winner == south and hand.tricks[2].winner == south
    assert "South's only other club was the K♣, so it had to follow" not in text
    assert len(hand.tricks[1].cards) == 6 and hand.tricks[1].card_of(south).suit is not Suit.CLUBS  # still held on 3
    # r84b (report r84/11, ask 3): the moral was read as about clubs only: it names the pattern, any suit
    assert "pass one of the two high clubs" not in text
    # r116 (report r115/11, misleading 1): "could not dodge this" overstated: the 14 points were the others' throws;
    # South could not avoid winning the trick (its only other club, the K♣, the top club left)
    assert "could not dodge this" not in text
    # r103 (report r103/11, confusing 7 and ask 3): the pass advice after a hold hand: said South could not dodge it
    assert "That second high club was the danger" not in text
    assert "pass one when you can" not in text  # r84 (report r83/11): said right after a hold hand, where none could
    assert "North had no club left" not in text and "North-West and North had no club" not in text
    assert hand.tricks[2].card_of(north_west).suit is not Suit.CLUBS and not hand.dealt(north).of_suit(Suit.CLUBS)


def test_lesson_11_r50_visible_cells_define_what_they_use_and_the_small_fixes():
    """Round 51: a learner reading a visible code cell sees where each name comes from (the table of three imported
    TableWidget only in the folded demonstration; the exercise used `five` and `opening` from the folded question).
    And rater r50_11's small asks: the first-trick rule among those that hold; three of eight cards passed at six;
    the moon rule reminded in the moon question; the table's code (removed_mask, bit_count) folded."""
    import builtins

    from hearts_teach import Rules

    cells = _cells("11_three_to_six_players")
    seen = set(dir(builtins))
    for cell in cells:
        if cell["cell_type"] != "code":
            continue
        tree = ast.parse(_src(cell))
        stored = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)}
        stored |= {a.asname or a.name.split(".")[0] for n in ast.walk(tree) if isinstance(n, (ast.Import, ast.ImportFrom))
                   for a in n.names}
        stored |= {n.name for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)}
        stored |= {n.arg for n in ast.walk(tree) if isinstance(n, ast.arg)}
        if cell["metadata"].get("jupyter", {}).get("source_hidden"):
            continue  # a folded cell's names are not the learner's to look for
        used = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)}
        assert not used - stored - seen, (cell.get("id"), sorted(used - stored - seen))
        seen |= stored
    text = " ".join(" ".join(_src(c) for c in cells if c["cell_type"] == "markdown").split())
    assert ("The rules of play you learned hold at every size: following suit, no points on the first trick, breaking "
            "hearts, the queen, the moon and the match to 100.") in text
    assert "- **Passing** still moves three cards (at six, three of your eight), but" in text
    from hearts_teach import Hand
    from hearts_teach.course.lessons import bots_play, table_bots
    passed = bots_play(Hand.deal(7, rules=Rules(players=6)), table_bots("rule", players=6))
    assert Rules(players=6).hand_size == 8 and all(len(passed.passed(s)) == 3 for s in range(6))
    ids = [c.get("id") for c in cells]
    moon = "".join("".join(o.get("data", {}).get("text/plain", "")) for o in cells[ids.index("9287a449")]["outputs"])
    assert "(standard moon rule: the shooter scores 0, each other player 26)" in moon
    table = cells[ids.index("a98f183e")]
    assert table["metadata"]["jupyter"] == {"outputs_hidden": False, "source_hidden": True}
    assert _src(table).split("\n", 1)[0].endswith("(code folded, output shown)")


def test_lesson_07_r52_why_the_duck_is_the_blunder_and_what_the_replay_costs():
    """Rater r52_07: the visible prose said why the K♠ is safe on trick 4, not why the 6♠ is a blunder (the reason was
    only in the quiz's code); the trick-4 position did not show that the A♠ had gone; and the 3♦ replay's cost is
    hearts, while the prose blamed the Q♠ (true on average, not on this deal)."""
    from hearts_teach import Card
    from hearts_teach.agents.coach import assess_play

    cells = _cells("07_play_a_match")
    md = {c.get("id"): " ".join(_src(c).split()) for c in cells if c["cell_type"] == "markdown"}
    assert "The A♠ fell on trick 2; the queen is [still out]" in md["l07-dec2"]
    # r84: "bare" was first met inside the check's answer: introduced here, where the situation is
    # r117: "(its only spade)" cut for l07-dec2-why's 90 words (the glossary's *bare* says it)
    assert ("The 6♠ leaves the K♠ [bare](glossary.ipynb#cell-id=term-bare): with the "
            "A♠ gone, it wins any spade trick it joins, and the queen if she is on it.") in md["l07-dec2-why"]
    demo = _lesson_07_demo_after_two_tricks()
    two = demo.hand.tricks[1]
    assert demo.hand.seat_names[two.seats[two.cards.index(Card("AS"))]] == "North"
    demo.hint()
    demo.play(demo.hint_result.card)  # the Q♦, trick 3
    graded = assess_play(demo.hand.view(0))
    assert (f"{graded.of('6S').stats['p_take_qs']:.0%}", f"{graded.of('KS').stats['p_take_qs']:.0%}") == ("69%", "5%")
    assert graded.of("6S").verdict == "blunder"
    # r71_07: the 69% explained where it appears: the coach's deals are played on by rule bots, which flush spades
    # (the coach's own docstring; West's own reason for its trick-4 lead, printed in the lesson)
    import hearts_teach.agents.coach as coach_module
    from hearts_teach.course.why import why_played

    # r72c_07: the coach's deals assume Solid play, said once in its cell (l07-coach); here Solid by name
    # r117: "Such tricks come:" cut for l07-dec2-why's 90 words
    assert ("with the A♠ gone, it wins any spade trick it joins, and the queen if she is on it. Solid will "
            "[flush](glossary.ipynb#cell-id=term-flush) spades (West's reason for trick "
            "4's lead).") in md["l07-dec2-why"] and "On its deals the others play like *Solid*" in md["l07-coach"]  # r90; r98 reworded
    assert "with everyone continuing like the rule bot" in " ".join((coach_module.__doc__ or "").split())
    lead = str(why_played(demo.hand, 4, 1))
    assert lead.startswith("4♠: ") and "a low spade lead can never take her and makes her holder follow" in lead
    assert (f"West's reason for leading trick 4, from its bot's own decision: {lead}\n"
            in "".join("".join(o.get("text", "")) for c in cells for o in c.get("outputs", [])))
    spades = sorted(str(c) for c in demo.hand.legal_plays(0))  # South must follow spades: its spades
    assert spades == ["6S", "KS"]  # after the 6♠, the K♠ stands alone
    assert Card("AS") in demo.hand.played and Card("QS") not in demo.hand.played  # only the queen ranks between
    # the 3♦ replay: South's 5 points are hearts only (the Q♠ goes to another player)
    printed = "".join("".join(o.get("text", "")) for c in cells for o in c.get("outputs", []))
    tail = printed[printed.index("Had South ducked trick 3 with the 3♦"):]
    south = [line for line in tail.splitlines() if "→ South takes" in line]
    assert south and all("Q♠" not in line for line in south) and "South would score 5, not 0." in tail
    assert sum(int(line.split("takes ")[1].split()[0]) for line in south) == 5


def test_lesson_07_r55_rater_asks():
    """Rater r55_07: the hint's 0.9 against the 1.2 gap said in visible prose (coach._consequence_words quotes the
    biggest part only; the figures are checked above); "one of the other three" read as "other than East";
    0.2 is noise; how to use the coach at your own table (Hint, the review's Moments that mattered, Try again);
    the duck replay's long code folded, its output shown."""
    cells = _cells("07_play_a_match")
    md = {c.get("id"): " ".join(_src(c).split()) for c in cells if c["cell_type"] == "markdown"}
    # r57_07: one plain sentence (the split 1.2 = 0.9 hearts + 0.3 for the Q♠ is checked above)
    # r64_07: the sum shown (5.0 − 3.8 = 1.2 = 0.9 + 0.3, with the unrounded shares; checked above)
    # r72_07: the arithmetic cut (one figure per decision); the 3♦'s cost on this deal is hearts, printed by the replay
    assert "Against the 7♦ the gap is" not in md["l07-dec2"] and "trick 6 below" not in md["l07-dec2"]
    assert "(replay after the review)." in "".join(  # r73_07: the Q♠-share aside cut; r94: in the trick-3 answer fold
        "".join(o.get("data", {}).get("text/plain", "")) for o in cells[[c.get("id") for c in cells].index("l07-dec3-play")]["outputs"])
    # r72c_07: where the queen is, from East's lead (Solid's flush; East's reason printed below it)
    assert "So the queen is with West or North, who play after South." in md["l07-dec1"]
    assert "one of the other three" not in md["l07-dec1"] and md["l07-dec1"].endswith("South plays the hint's 9♠.")
    # r57_07: "inaccuracy" was used before it was defined: its first use in prose links the glossary entry
    first = next(i for i, c in enumerate(cells) if c["cell_type"] == "markdown" and "inaccuracy" in _src(c))
    # r64_07: the grades now sit in the coach's cell, before cell 5's printed "inaccuracy"
    assert cells[first].get("id") == "l07-coach"
    assert "*[inaccuracy](glossary.ipynb#cell-id=term-inaccuracy)*" in md["l07-coach"]
    # r64_07: something to focus on while playing (a checklist) and the end of a match (100 points)
    # rater r65_07: the end-of-match sentence left out the tie rule: an exact tie for lowest plays another hand
    # r72c_07: the pass rotation (lesson 01) reminded; Solid first (said with the list); after hand 1 a checklist with
    # feedback (play_on.after_first_hand), and a question after the match (play_on.costliest_trick)
    assert ("Play to the end: once a total on the score sheet reaches 100 at the end of a hand, the lowest total wins "
            "(an exact tie for lowest plays another hand). "  # r91: the pass rotation cut for room (the status line shows it)
            "Before each card, ask: who plays after me? Can this trick "
            "carry points? Where is the Q♠? Then compare with *Hint*. **After hand 1**, before *Next hand*: run the "
            "cell below, then press *Try again* in the review on each moment it names.") in md["8dd2b73e"]
    # r75b_07: the cell that names the moments worth a Try again runs first (it was asked for after the Try again)
    assert "Then run the cell below for feedback." not in md["8dd2b73e"]
    ids = [c.get("id") for c in cells]
    assert "print(after_first_hand(table))" in _src(cells[ids.index("8dd2b73e") + 1])
    # r90: its own cell (the Check yourself answer, cf3c8702, moved before the table)
    assert "Which trick cost you most, and who played after you?" in md["l07-after-q"]
    assert "print(costliest_trick(table))" in _src(cells[ids.index("l07-after-q") + 1])
    from hearts_teach import Rules
    from hearts_teach.games.hearts.match import _decided
    assert Rules().end_score == 100
    assert not _decided([104, 64, 64, 90], 100) and _decided([104, 64, 70, 90], 100)
    import inspect

    from hearts_teach.agents import review
    from hearts_teach.present.widgets.review_panel import ReviewPanel

    assert '["Moments that mattered:"]' in inspect.getsource(review)  # the review the table shows after each hand
    assert 'f"Try again: {g.label}"' in inspect.getsource(ReviewPanel)  # a button for each moment
    replay = next(c for c in cells if c.get("id") == "9c4e6390")
    assert replay["metadata"]["jupyter"] == {"outputs_hidden": False, "source_hidden": True} and replay["outputs"]


def test_lesson_10_r59_at_the_table_and_the_exercise_check():
    """Rater r59: (1) cells 15 and 19 left open what to do with a point when the shooter is winning; cell 19 now says
    it from the lesson's figures: playing last, the trick is the shooter's whatever you throw (checked on rule-bot
    hands); earlier, a later player may overtake (deal 27: North played second and South, last, took the trick), and
    the dumping version, which throws its points, let no moon through. (2) "Playing last you win the trick anyway":
    when every card you hold of the suit beats the winning card, each wins the trick, and all but the Q♠ add the
    same points. (3) The lesson's final bot passes the exercise's own check (evaluate_bot), as printed. (4) Cell 22's
    "hard to save": had South played the Q♠ on trick 3 instead of the 8♠, the rule bots stay under her and she wins
    that trick too (so the rater's guess that North's K♠ would have taken her is not what the engine plays)."""
    from hearts_teach import Card, Hand
    from hearts_teach.agents.hearts import make_bot
    from hearts_teach.agents.tournament import FunctionBot, play_hand
    from hearts_teach.classroom.checks.bot import evaluate_bot

    cells = _cells("10_write_a_bot")
    text = " ".join(" ".join(_src(c) for c in cells if c["cell_type"] == "markdown").split())
    # r60: that advice came from one deal; it is a guess now, measured on 200 deals (the r60 test)
    assert ("A moon needs every point, not every trick: a point on the shooter's trick still breaks it if a later "
            "player overtakes. A guess: throw clean cards only when playing last (then the trick is the "
            "shooter's anyway).") in text  # r72c: "tested on 200 deals below" cut (the keep rule's line judges it)
    rule = make_bot("rule")
    last_discards = must_win = 0
    for seed in range(12):
        hand = Hand.deal(seed=seed, hand_number=seed)
        for seat in hand.to_pass:
            hand.pass_cards(seat, rule.choose_pass(hand.view(seat)))
        while not hand.is_over:
            seat, view = hand.turn, hand.view(hand.turn)
            if len(view.current_trick) == 3:
                top_seat, top = view.winning
                legal = list(view.legal)
                following = [c for c in legal if c.suit == top.suit]
                if not following or all(c.rank > top.rank for c in following):
                    outcomes = set()
                    for card in legal:
                        trial = hand.copy()
                        trial.play(card, seat)
                        t = trial.tricks[-1]
                        outcomes.add((t.winner, t.points - card.points))
                    if not following:  # a discard, playing last: the trick stays with its winner
                        last_discards += 1
                        assert {w for w, _ in outcomes} == {top_seat}
                    else:  # every card of the suit wins; the rest of the trick's points are the same
                        must_win += 1
                        assert {w for w, _ in outcomes} == {seat} and len(outcomes) == 1
                        assert len({c.points for c in following if c != Card("QS")}) <= 1
            hand.play(rule.choose_play(view), seat)
    assert last_discards > 20 and must_win > 5
    # deal 27: North (our bot) played second on West's trick 8 and South, after it, took the trick
    ns: dict = {}
    for key in ("setup", "step-void", "step-duck", "step-dump", "step-moon"):
        exec(_src(next(c for c in cells if c.get("id") == key)).split("\nversions[")[0], ns)  # noqa: S102
    from hearts_teach.agents.tournament import deal_for, seating

    hand, seat_of = deal_for(2, 26, None), seating(2)
    lineup = [FunctionBot(pass_fn=ns["void_pass"], play_fn=ns["moon_play"], name="stop")] + [make_bot("rule", seed=2)] * 3
    play_hand(hand, [lineup[seat_of.index(s)] for s in range(4)])
    t8 = hand.tricks[7]
    assert t8.leader == 1 and (2 - t8.leader) % 4 == 1 and t8.winner == 0 and hand.moon == 1
    # (3) the exercise's check, on the lesson's final bot: the printed verdict is the engine's
    check_cell = next(c for c in cells if c.get("id") == "turn-check")
    printed = "".join("".join(o.get("text", "")) for o in check_cell["outputs"])
    assert "evaluate_bot(void_pass, dump_play)" in _src(check_cell)  # r64: the final bot dropped the moon stop
    assert "Our final bot passes:" in text
    result = evaluate_bot(ns["void_pass"], ns["dump_play"])
    assert result.verdict == "beats" and result.lines[-1] in printed and "Your bot beats the highest-card bot" in printed
    # (4) hand 2: the Q♠ on trick 3 instead of the 8♠ still wins (West J♠, North 7♠ under her)
    final = FunctionBot(pass_fn=ns["void_pass"], play_fn=ns["dump_play"], name="my bot")
    game = play_hand(Hand.deal(seed=5, hand_number=1), [final, rule, rule, rule])
    # r64: the replay was the same hand with moon_play (no moon threat in it): same tricks, same 17 points
    stopped = play_hand(Hand.deal(seed=5, hand_number=1),
                        [FunctionBot(pass_fn=ns["void_pass"], play_fn=ns["moon_play"], name="stop"), rule, rule, rule])
    assert [t.cards for t in stopped.tricks] == [t.cards for t in game.tricks] and game.scores[0] == 17
    plays = [i for i, a in enumerate(game.history) if a.kind == "play"]
    t3 = game.tricks[2]
    trial = game.copy()
    trial.replay(game.history[:plays[8 + (0 - t3.leader) % 4]])
    assert trial.turn == 0 and Card("QS") in trial.legal_plays(0)
    trial.play(Card("QS"), 0)
    while len(trial.plays) < 12:
        trial.play(rule.choose_play(trial.view(trial.turn)), trial.turn)
    assert trial.tricks[2].winner == 0
    assert "Played on trick 3 instead" not in text  # r98: cut for density (the trial above still holds)


def test_lesson_10_r60_the_playing_last_moon_stop_is_measured():
    """Rater r60: cell 19's advice ("playing last, keep your points off the shooter's trick; earlier, throw them as
    usual") came from one deal and the code never followed it; "differences this size need more deals" was said, never
    shown. The lesson now adds the playing-last condition to moon_play (moon_last_play) and measures, on 200 deals
    (the first 40 the same as the steps'): ducking is better than the void pass alone; neither moon stop is clearly
    better than plain dumping, and both let through more moons than dumping. The prose says so and calls the rule a
    guess."""
    from lesson_runner import run

    result = run(ROOT / "notebooks" / "10_write_a_bot.ipynb")
    assert not result.failed, result.failed
    ns = result.namespace
    versions, long = ns["versions"], ns["long"]
    from hearts_teach.course.bot_lesson import paired
    cells = _cells("10_write_a_bot")
    text = " ".join(" ".join(_src(c) for c in cells if c["cell_type"] == "markdown").split())
    # r72c: each step prints its own 200-deal gain (step-duck, step-dump, step-moon), the guess in moon-last
    printed = "".join("".join(o.get("text", "")) for key in ("step-duck", "step-dump", "step-void", "step-moon",
                                                             "moon-last")  # r94: step-void holds its own trial
                      for c in cells if c.get("id") == key for o in c["outputs"])
    # "the first 40 as above": the 200-deal runs start with the same 40 deals, played the same way
    for short, name in (("first bot", "first bot"), ("+ ducking", "ducking"), ("+ dumping", "dumping"),
                        ("+ void pass", "void pass"), ("+ moon stop", "moon stop")):  # r94: the new order
        assert long[name].hand_scores[:160] == versions[short].hand_scores and long[name].hands == 800
    assert long["moon stop, last only"].deals == 200

    def verdict(new, old):
        m, se = paired(new, old)
        return "better" if m - 1.96 * se > 0 else "worse" if m + 1.96 * se < 0 else "no clear difference"
    # "ducking is **better**: its interval lies above zero"
    assert verdict(long["ducking"], long["first bot"]) == "better"  # r94: ducking is step 1, over the first bot
    # r68: "ducking vs void pass" read as two rival ideas: it is "+ ducking vs previous", as in the 40-deal lines
    assert re.search(r"^200 deals, \+ ducking vs previous: +gain \+0\.56 points per hand \(95% interval \+0\.33 to "
                     r"\+0\.80\): better$", printed, flags=re.M), printed
    # r68: "(the first 40 as above)" and "its interval lies above zero" cut for words (the cell's comment and its
    # printed verdict say them)
    # r69: the 200 deals' first 40 are said in the prose (the same +0.62 read as suspicious)
    # r71b: trimmed; r72b: "(the first 40 and 160 more)" cut for words (the keep rule says it)
    assert "Ducking is kept: both gains are positive" in text  # r72c: right after ducking; r81; r93; r94: +0.59, +0.56
    # r99 (newcomer r98): a reader without widgets never saw the prediction's answer (QUIZ_ANSWERS' "fewer points")
    # r116 (newcomer r115: the answer without its reason): tied to the positive gains (a gain > 0: fewer points)
    assert "Ducking is kept: both gains are positive (*fewer points*: the prediction's answer)." in text
    # "Neither moon stop is clearly better than dumping; both let through more moons (last line)."
    # r94: the moon stops are measured against step 3's bot (void_pass with dump_play): long["void pass"]
    assert verdict(long["moon stop"], long["void pass"]) == "no clear difference"
    assert verdict(long["moon stop, last only"], long["void pass"]) == "no clear difference"
    assert re.search(r"^200 deals, \+ moon stop vs previous: .*: no clear difference$", printed, flags=re.M), printed
    assert re.search(r"^200 deals, last only vs step 3: .*: no clear difference$", printed, flags=re.M), printed
    moons = {name: sum(b.moons for b in r.bots[1:]) for name, r in long.items()}
    assert {k: moons[k] for k in ("void pass", "moon stop", "moon stop, last only")} == {
        "void pass": 1, "moon stop": 4, "moon stop, last only": 2}
    # r75b_10: that count's line ("void pass 1, ...") named a bot (void_pass with first_play) by the pass that cell 16
    # names "void pass" with dumping: the line is cut (the moons that the prose quotes are printed by step 4's cell)
    assert "moons shot by the rule bots in 200 deals:" not in printed
    # rater r63: 4 and 2 moons against 1 are too few to say "more": the prose says so (a difference of a few
    # moons in 800 hands is well inside chance: 5 fair coin tosses split 4 to 1 or worse 3 times in 8)
    assert "both let through more moons" not in text
    # r65: "a moon stop with four times the moons puzzles a learner": said, as maybe chance, with deal 27 as the how
    # r72c: said with step 4's verdict, right before deal 27 (printed just above it)
    assert ("The moon stop also let through more moons (4 against 1 in 200 deals: maybe "
            "chance). Deal 27 (of the 40) shows how:") in text  # r84: "By the rule, step 4 goes." cut (its keep-rule line says drop)
    # r67: "its gain was below zero both times" did not say which moon stop, nor the rule for an interval around
    # zero: the rule is stated, and each gain it is applied to comes from the engine (kept steps top +0.1)
    # r68: "+0.1" read as clashing with the quiz's "cannot tell yet": the rule says the intervals cannot tell
    # r68 (after 20e539e): the rule is a practical choice, not a verdict; the quiz's feedback says the same
    # r69: the rule came after the results and looked chosen to fit them: it is stated before any comparison
    # (the compare-md cell, before the compare cell) with its reason, and applied after
    # r70 fixer: "its gains" covered the void pass's first gain, -0.28 with first_play; the rule counts its latest
    # gains, measured with the later steps in place (+0.42, +0.29: the kept tuple below)
    steps_md = " ".join(next(_src(c) for c in cells if c.get("id") == "steps-md").split())
    # r71: "latest gains" was ambiguous: its last two gains, on 40 and 200 deals (the void pass: +0.42 with dumping on
    # 40 deals, +0.29 on 200; the dropped and kept tuples below)
    # r71b: the rule is stated with the gain before step 1 (steps-md), "top" said as "both above", and a step
    # measured once (last only: +0.02 on 200 deals) is judged on its only gain
    # r71 final read: the void pass failed the rule as written (its only gain then, -0.28) yet was kept: a step whose
    # interval contains zero is now said to stay on trial, judged at the end on its last two gains
    # r72: the +0.1 came from nowhere: an on-trial step stays only if both its gains (last 40-deal run, 200 deals)
    # are positive; last only's 40-deal gain (-0.07) is printed now
    # r72c: the rule in two plain sentences (the newcomer's wording); each step prints what it says (keep())
    # r73_10: the rule said nothing of a gain below zero or of "on trial", which each step prints
    # r75_10: "200 deals will decide" hid that the void pass is judged on new gains, measured on the bot that dumps
    # (its first gain, -0.28, no longer counts): the rule says the step is measured again once the bot can use it
    # r75b_10: "measured again on the same 40 deals" was untrue for ducking (its one 40-deal gain counts), and the two
    # gains are not two checks (the 200 deals hold the 40): the rule says so and that it is loose; the void pass's
    # re-measure is said where it happens (step-duck-md, "this first gain will not count")
    # r77: the void pass's first gain (-0.28) broke the rule as written: the re-measure is now in the rule itself
    # r79 (report r79/10, false 1): "measured on 200 deals too" still read as two checks: said plainly that the two
    # gains are not independent (the 200 deals hold the 40, asserted below with hand_scores[:160])
    # r81: "measured once the bot can use it" meant nothing before step 1: said where the pass is judged
    # (step-duck-md), and the looseness in a few words
    # r84b: "once the bot can use it, we measure it on 40 deals" read as a new 40-deal run for every step on trial
    # (ducking and the moon stop reuse the one printed), and three asides in one sentence: the gains are said to come
    # from a bot that can use the step
    # r87: "from a bot that can use it" read as a riddle: the rule is two plain sentences, then the case it leads to
    # r93: "its gain's interval" could be the 200-deal one (ducking's lies above zero): the rule names the 40-deal one
    # r98 (newcomer r97): one packed sentence: the rule is a short list; the 200 still include the 40, the low bar says why
    # r120 (newcomer: "above zero" read as the gain above zero): "entirely", as in "Reading an interval"
    assert ("**Our keep rule**, read on the gain's 40-deal interval: - entirely above zero: keep the step; - entirely below zero: drop it; "
            "- contains zero: the step is *on trial*. Run 200 deals too (they include the 40); keep it only if both gains "
            # r119 (newcomer r118: keeping a step whose interval contains zero contradicted "we cannot tell yet"): said
            # to be no proof (the void pass is "kept, though not shown better", held below)
            "are positive (not proof).") in steps_md  # r111, r112: words
    # r117 (words): "The bar is low: small gains show slowly." cut: the rule above states the bar
    assert "(a low bar: neither need be clear" not in steps_md
    assert "once the bot can use it, we measure it" not in steps_md
    # r84: "a loose test" was never explained: said why the bar is low (neither gain need be clear, and the two
    # gains share the 40 deals)
    assert "a loose test" not in steps_md
    # r82: the re-measure, said up front: the void pass's -0.28 no longer reads as a rule changed after the fact
    assert "it is kept if its gains on 40 deals" not in steps_md and "measured again on the same 40 deals" not in steps_md
    assert "measured once the bot can use it" not in steps_md
    # r87: the case the rule leads to is named with it (the void pass waits for step 3's bot); "is meant for", not
    # "matters only once": a void may help first_play too (it cannot take that suit's tricks), so "only" was not shown
    # r94 (r93, r94): the void pass is step 3 now, measured on the dumping bot in its own cell (step-void-md says why;
    # "is meant for", not "pays only once": r87's reason stands)
    void_md = " ".join(next(_src(c) for c in cells if c.get("id") == "step-void-md").split())
    assert "a bot that can use it" not in steps_md and "its trial uses that bot" not in text and void_md.endswith(
        "Cards received may refill the [void](glossary.ipynb#cell-id=term-void).")  # r112, r116, r119: words and "pays only" not in void_md
    from hearts_teach.course.bot_lesson import Gain, rule_verdict
    # r84b: "a new 40-deal gain" was untrue of ducking and the moon stop (their 40-deal gain is the one printed): the
    # gains are said to come from a bot that can use the step (the void pass's come at step 3)
    # r87: "on a bot that can use it" was unclear; the void pass's trial is said in steps-md
    assert rule_verdict(Gain(0.42, 0.47)) == ("on trial", "its interval contains zero: a trial on 40 and 200 deals will "
                                                          "decide")
    assert "a new 40-deal gain" not in rule_verdict(Gain(0.42, 0.47))[1]
    assert rule_verdict(Gain(0.42, 0.47), Gain(0.29, 0.2))[0] == "keep"
    assert rule_verdict(Gain(-0.07, 0.1), Gain(0.02, 0.05))[0] == "drop"
    assert "keep rule (last only): drop (gains -0.07 on 40 deals and +0.02 on 200: not both positive)\n" in printed
    assert "keep rule (void pass): keep (gains +0.42 on 40 deals and +0.29 on 200: both positive)\n" in printed
    assert "keep rule (moon stop): drop (gains -0.23 on 40 deals and -0.09 on 200: not both positive)\n" in printed
    assert re.search(r"^40 deals, last only vs step 3: +gain -0\.07 points per hand", "".join(
        "".join(o.get("text", "")) for c in cells if c.get("id") == "moon-last" for o in c["outputs"]), flags=re.M)
    ids = [c.get("id") for c in cells]
    assert ids.index("steps-md") < ids.index("step-duck") < ids.index("step-dump") < ids.index("step-void") < \
        ids.index("step-moon") < ids.index("moon-last-read")  # r94: the new order
    assert "Neither moon stop passes the rule, so **the final bot drops step 4**" in text

    def g(new, old):
        return f"{paired(new, old)[0]:+.2f}"
    # r94: ducking (over first_pass), dumping, then the void pass against the dumping bot
    dropped = (g(versions["+ moon stop"], versions["+ void pass"]), g(long["moon stop"], long["void pass"]),
               g(long["moon stop, last only"], long["void pass"]))
    kept = (g(versions["+ void pass"], versions["+ dumping"]), g(long["void pass"], long["dumping"]),
            g(long["ducking"], long["first bot"]), g(versions["+ dumping"], versions["+ ducking"]))
    assert dropped == ("-0.23", "-0.09", "+0.02") and kept == ("+0.42", "+0.29", "+0.56", "+2.31")
    assert all(float(x) <= 0.1 for x in dropped) and all(float(x) > 0.1 for x in kept)
    # r72b: the kept void pass follows the rule as stated: positive on its last 40-deal run (+0.42, both dumping)
    # and on 200 deals (+0.29); last only fails its 40-deal run (-0.07)
    assert float(kept[0]) > 0 and float(kept[1]) > 0
    assert paired(ns["measure"](ns["void_pass"], ns["moon_last_play"], "last only", quiet=True), versions["+ void pass"])[0] < 0
    # r67: cell 4's comment: it is view.winning itself that is None when the seat leads (checked on seed 25's lead)
    # r71b: the code now checks it, as the comment said to
    view_src = "".join(_src(cells[4]))
    assert "if view.winning is not None:           # None when you lead (no card played yet)" in view_src
    assert "None if no card" not in view_src
    lead = ns["Hand"].deal(seed=25, hand_number=0)
    for seat in lead.to_pass:
        lead.pass_cards(seat, ns["rule"].choose_pass(lead.view(seat)))
    assert not lead.plays and lead.view(lead.turn).winning is None
    # moon_last_play is moon_play with the condition "playing last" on the clean-card throw: on every decision of
    # its own 200-deal run it plays as moon_play, except before the last card of the shooter's trick when it cannot
    # follow, where it plays as dump_play
    from hearts_teach.agents.tournament import FunctionBot, deal_for, play_hand

    rule = ns["rule"]
    differ = 0
    for d in range(40):
        for seat in range(4):
            me = FunctionBot(pass_fn=ns["void_pass"], play_fn=ns["moon_last_play"], name="last")
            game = play_hand(deal_for(2, d), [me if s == seat else rule for s in range(4)])
            trial = game.copy()
            trial.replay([a for a in game.history if a.kind != "play"])
            for a in [a for a in game.history if a.kind == "play"]:
                if a.seat == seat:
                    view = trial.view(seat)
                    shooter = view.moon_threat()
                    special = (shooter >= 0 and view.winning is not None and view.winning[0] == shooter
                               and len(view.current_trick) < 3
                               and not any(c.suit == view.winning[1].suit for c in view.legal))
                    assert ns["moon_last_play"](view) == (ns["dump_play"] if special else ns["moon_play"])(view)
                    differ += special and ns["dump_play"](view) != ns["moon_play"](view)
                trial.play(a.card, a.seat)
    assert differ >= 1
    # deal 27 (our bot North, second to play on West's trick 8): the last-only version lets no moon through there
    assert sorted(versions["+ moon stop"].hand_scores[4 * 26 + 2]) == [0, 26, 26, 26]
    assert sorted(long["moon stop, last only"].hand_scores[4 * 26 + 2]) != [0, 26, 26, 26]
    # the added cell stays quick (the notebooks run under nbval): five 200-deal runs, no more (about 7 s; a wall-clock
    # assertion would be flaky on a shared machine)
    # r94: six in long now (long_first, the old sixth run, is long["dumping"]), none added
    assert len(long) == 6 and all(r.deals == 200 for r in long.values()) and "long_first" not in ns


def test_lesson_10_r62_ducking_gain_labels_and_replay_sentence():
    """Rater r62: (1) ducking's gain reads +0.62 on both 40 and 200 deals: re-measured, a real coincidence (99/160 =
    0.619 and 249/400 = 0.6225, the 160 added deals 0.623), not a stale output, and the prose says "by chance";
    (2) "It keeps all four steps, to show them at work" overclaimed the stored replay: it now says what the lines
    show; (3) each 200-deal line names its baseline ("vs void pass", "vs dumping")."""
    from fractions import Fraction

    from lesson_runner import run

    result = run(ROOT / "notebooks" / "10_write_a_bot.ipynb")
    assert not result.failed, result.failed
    ns = result.namespace
    versions, long = ns["versions"], ns["long"]
    cells = _cells("10_write_a_bot")
    text = " ".join(" ".join(_src(c) for c in cells if c["cell_type"] == "markdown").split())
    out = {c.get("id"): "".join("".join(o.get("text", "")) for o in c.get("outputs", [])) for c in cells}

    def gain(new, old):   # the paired gain, exactly: old's points minus new's, over all hands
        d = [y[0] - x[0] for x, y in zip(new.hand_scores, old.hand_scores, strict=True)]
        return Fraction(sum(d), len(d))
    # r94: ducking is step 1 now, over first_pass with first_play: +0.59 and +0.56, no equal figures to explain
    g40 = gain(versions["+ ducking"], versions["first bot"])
    g200 = gain(long["ducking"], long["first bot"])
    assert (f"{float(g40):+.2f}", f"{float(g200):+.2f}") == ("+0.59", "+0.56")
    assert long["ducking"].hand_scores[:160] == versions["+ ducking"].hand_scores    # 200 deals = the 40 and 160 more
    assert re.search(r"^\+ ducking vs previous: +gain \+0\.59 ", out["step-duck"], flags=re.M), out["step-duck"]
    assert re.search(r"^200 deals, \+ ducking vs previous: +gain \+0\.56 ", out["step-duck"], flags=re.M)
    # r71: "(+0.62 again, by chance)" read as "the gain is due to chance": the equal figures are the coincidence
    assert "by coincidence" not in text and "Ducking is kept: both gains are positive" in text  # r94; r116: "(" follows
    # (3) every comparison line of the 200-deal cell names what it is compared with, as its compare call does
    # r72c: each step's cell runs its own 200 deals, right after its 40
    # r94: the new order; "dumping" names step 2's bot (first_pass), so the moon stops say "previous" / "step 3"
    src = "".join(next(_src(c) for c in cells if c.get("id") == k) for k in ("step-duck", "step-dump", "step-void",
                                                                             "step-moon", "moon-last"))
    assert 'compare("200 deals, + ducking vs previous:", long["ducking"], long["first bot"]' in src
    assert 'compare("200 deals, + void pass vs previous:", long["void pass"], long["dumping"]' in src
    assert 'compare("200 deals, + moon stop vs previous:", long["moon stop"], long["void pass"]' in src
    assert 'compare("200 deals, last only vs step 3:", long["moon stop, last only"], long["void pass"]' in src
    gains = [line for k in ("step-duck", "step-dump", "step-void", "step-moon", "moon-last") for line in out[k].splitlines()
             if " gain " in line and ("200 deals" in line or "40 deals" in line)]
    assert [line.split(":")[0] for line in gains] == ["200 deals, + ducking vs previous", "200 deals, + void pass vs previous",
                                                      "200 deals, + moon stop vs previous",
                                                      "40 deals, last only vs step 3",   # r72: the keep rule's 40-deal gain
                                                      "200 deals, last only vs step 3"]
    # (2) the replay sentence claims only what the lines below the viewer print: South's 17 points and their cause
    game = ns["game"]
    assert game.scores[0] == 17 and "Points taken: South 17," not in out["replay-drive"]  # r72c: the viewer's end text cut
    assert "South's points: 9♥ 1 + 10♥ 1 + Q♥ 1 + K♥ 1 + Q♠ 13 = 17" in out["replay-drive"]
    assert "to show them at work" not in text
    # r75b_10: "it takes 17 points" gave the click-through away: it is a question, answered by the lines below
    # r82: "how many points does South take" could not be answered from the stored viewer (step 0, the deal):
    # the question asks what the deal printout shows (South's one spade, asserted with the replay tests)
    # r97: the question held its answer ("one spade" -> "one lead") and the stored viewer shows only the deal: it asks
    # which lead at the latest forces the Q♠ (the second: replay-points) and says the buttons need a kernel
    # r109 (newcomer r109): "the next cell" is the viewer (the deal only); the tricks print in the cell after it
    assert ("One hand of the final bot as South against three rule bots (buttons need a running kernel; the next "
            "cell prints key tricks). South is dealt one spade and keeps it. If West passes South the Q♠ and no other spade, "
            "on which spade lead at the latest must South play her?") in text and "takes 17 points" not in text
    # r99 (newcomer r98): with the J♠ passed too the answer would be the third: the question says the Q♠ alone
    assert "South the Q♠, on which" not in text
    assert "how many spade leads can South follow without her?" not in text  # r84: trimmed for words (answered in replay-points)
    assert "How many points does South take" not in text  # r72c
    replay = next(_src(c) for c in cells if c.get("id") == "replay")
    assert "FunctionBot(pass_fn=void_pass, play_fn=dump_play" in replay   # "steps 1 to 3" (r64: step 4 dropped)


def test_lesson_10_r65_void_pass_rerun_and_replay_told_in_order():
    """Rater r65: "the best-supported version" was unsupported (the void pass was never rerun on 200 deals); the moon
    stop's 4 moons against dumping's 1 were left unexplained; "less noisy than comparing two averages" was not shown;
    the weak void pass was not explained; the replay explained only the Q♠'s 13 of South's 17 points."""
    from lesson_runner import run

    result = run(ROOT / "notebooks" / "10_write_a_bot.ipynb")
    assert not result.failed, result.failed
    ns = result.namespace
    versions, long = ns["versions"], ns["long"]
    long_first = long["dumping"]  # r94: the dumping bot (first_pass) is step 2 now; the void pass is step 3, on it
    from hearts_teach.course.bot_lesson import paired
    cells = _cells("10_write_a_bot")
    text = " ".join(" ".join(_src(c) for c in cells if c["cell_type"] == "markdown").split())
    out = {c.get("id"): "".join("".join(o.get("text", "")) for o in c.get("outputs", [])) for c in cells}
    # (1) the void pass, with dumping, on 200 deals (the first 40 as in step 3's second line): still no clear difference
    assert long_first.hands == 800 and long_first.hand_scores[:160] == versions["+ dumping"].hand_scores
    m, se = paired(long["void pass"], long_first)
    assert round(m, 2) == 0.29 and m - 1.96 * se < 0 < m + 1.96 * se
    assert (round(m - 1.96 * se, 2), round(m + 1.96 * se, 2)) == (-0.09, 0.68)
    assert re.search(r"^200 deals, \+ void pass vs previous: +gain \+0\.29 points per hand \(95% interval -0\.09 to "
                     r"\+0\.68\): no clear difference$", out["step-void"], flags=re.M), out["step-void"]  # r94
    # r72c: settled once, right after its trial (step 3's cell prints +0.29, -0.09 to +0.68)
    assert "The void pass is kept, though not shown better (its 200-deal interval contains zero)." in text  # r84: words
    assert "still unclear" not in text
    assert round(paired(versions["+ void pass"], versions["+ dumping"])[0], 2) == 0.42   # "+0.42, +0.29"; r94
    # (2) why it may be weak: rank plus bonus; a lone 3♦ scores 3 + 6 = 9, below a 10 in a long suit (no bonus)
    src = next(_src(c) for c in cells if "def void_pass(view):" in _src(c))
    assert "bonus = 8 - 2 * length if card.suit != Suit.SPADES and length <= 3 else 0" in src
    assert "return card.rank + bonus" in src
    assert 3 + (8 - 2 * 1) == 9 < 10
    # r72: the rule bot gives exactly this bonus (policy.pass_score), so "too small" is cut: the prose says so
    # r75b_10: "The rule bot uses the same bonus; its pass differs in other ways" cut for words (Ideas to try next says
    # the rule bot's pass: "plus our short-suit bonus")
    # r81: shortened; r84b: what it adds; r85: "scores like `void_pass`, plus" (was "adds to our score")
    # r97: said plainly, the honours' rule first; "about": pass_score adds a 2♣ bonus (TWO_CLUBS_BONUS) to the same bonus
    # r99: the other cards' scoring cut for density (an aside the lesson's skill and questions do not need)
    assert "too small" not in text and "Other cards score about as in `void_pass`" not in text
    from hearts_teach import Card, Hand
    from hearts_teach.agents.hearts.policy import pass_score
    from hearts_teach.kernel.cards import CardList

    assert pass_score(Card("3D").index, CardList("3D 5C 6C 7C 8C").mask) == 3 + (8 - 2 * 1)   # the same bonus

    # on a hand with a lone 3♦ and three long-suit cards of 10 or higher, the 3♦ stays (void_pass reads only .cards)
    passed = ns["void_pass"](type("V", (), {"cards": CardList("3D 2C 4C 5C KC 2H 4H 6H 10H 2S 3S 4S AS")})())
    assert Card("3D") not in passed and sorted(c.rank for c in passed) == [10, 13, 14]
    from hearts_teach.agents.hearts import policy

    assert "rescore the rest, repeat" in " ".join(policy.rule_pass.__doc__.split())
    # r69: "The rule bot scores again after each pick ..." cut for words (the docstring check above stays)
    assert "scores again after each pick" not in text
    # (3) the moons: 4 against 1 in 200 deals
    moons = {name: sum(b.moons for b in r.bots[1:]) for name, r in long.items()}
    assert moons["moon stop"] == 4 and moons["void pass"] == 1  # r94: the moon stop's previous step is the void pass
    assert "The moon stop also let through more moons (4 against 1 in 200 deals: maybe chance). Deal 27 (of the 40) shows how" in text
    # (4) r72: the unpaired line is cut (too many statistics at once)
    assert not any("unpaired" in o for o in out.values())
    # (5) the replay: South's 4 hearts came in a club and a diamond trick, with no hearts left after the pass
    game = ns["game"]
    assert not [c for c in game.after_pass(0) if c.suit.name == "HEARTS"]
    hearts = [t for t in game.tricks if t.winner == 0 and any(c.suit.name == "HEARTS" for c in t.cards)]
    assert [t.cards[0].suit.name for t in hearts] == ["CLUBS", "DIAMONDS"]
    assert sum(c.points for t in hearts for c in t.cards) == 4
    # r72c: the review is cut to its two lessons; the last line is trick 10 (its 3 hearts), the points line adds up 17
    assert out["replay-drive"].rstrip().splitlines()[-1] == (
        "trick 10: South 5♦, West 9♥, North K♥, East 10♥ → South takes it (3 points)")
    assert "South's points: 9♥ 1 + 10♥ 1 + Q♥ 1 + K♥ 1 + Q♠ 13 = 17\n" in out["replay-drive"]
    assert "Hearts to South" not in out["replay-drive"] and "4 other point cards" not in text
    # (6) the buttons named, as the viewer labels them; on a hold hand choose_pass is never called
    viewer = ns["ReplayViewer"](game)
    assert viewer.buttons["back"].description == "◀ Back" and viewer.buttons["next"].description == "Next ▶"
    from hearts_teach.agents.tournament import FunctionBot, play_hand

    calls = []
    spy = FunctionBot(pass_fn=lambda v: calls.append(v) or ns["void_pass"](v), play_fn=ns["dump_play"], name="spy")
    held = Hand.deal(seed=5, hand_number=3)
    assert held.pass_direction == "hold" and not held.to_pass
    play_hand(held, [spy, ns["rule"], ns["rule"], ns["rule"]])
    assert calls == []
    assert "(skipped on a [hold](glossary.ipynb#cell-id=term-hold) hand)" in text  # r68: "none" was unclear


def test_lesson_10_r68_final_bot_still_worse_trick_10_and_the_hand():
    """Rater r68: the lesson never said the final bot is still worse than the rule bots (step 3's edge, -1.91, has
    its whole interval below zero); the replay's trick 10 went unexplained (duck_play leads its lowest card, the 5♦,
    though South held the last two diamonds, so the three others threw hearts, one of them the 10♥ South had passed to
    East); "never the `Hand`" did not say what the Hand is (the whole deal). Quick: the stored outputs and one hand."""
    from hearts_teach import Card, Hand, Suit
    from hearts_teach.agents.tournament import FunctionBot, play_hand
    from hearts_teach.games.hearts.view import View

    cells = _cells("10_write_a_bot")
    text = " ".join(" ".join(_src(c) for c in cells if c["cell_type"] == "markdown").split())
    out = {c.get("id"): "".join("".join(o.get("text", "")) for o in c.get("outputs", [])) for c in cells}
    # the final bot (void_pass with dump_play) is step 3's version: its edge's interval lies below zero
    # r94: step 3 is the void pass now (void_pass with dump_play), the same final bot
    assert re.search(r"^\+ void pass +7\.93 points per hand \(rule bots 6\.02\) · edge -1\.91 \(95% interval -3\.04 to "
                     r"-0\.77\)", out["step-void"], flags=re.M), out["step-void"]
    # r72b: the edge and its interval told apart
    # r87: the pointer to *Ideas to try next* cut for words (step 2's prose points there)
    assert "It is still worse than the rule bots (step 3's edge)." in text
    # the Hand is the whole deal: every seat's 13 cards
    # r69: two colons in a row: split
    # r82: "the whole deal" beside the view's "hand:" line (South's own cards) gave "hand" two meanings
    assert ("A bot gets only a **`View`**, never the `Hand` object (all four seats' cards). A view holds what one "
            "seat may know:") in text and "(the whole deal)" not in text  # r112: "then" cut for words
    deal = Hand.deal(seed=25, hand_number=0)
    assert sorted(len(deal.cards(s)) for s in range(4)) == [13] * 4
    assert len({c for s in range(4) for c in deal.cards(s)}) == 52
    # trick 10 of the click-through hand, replayed here
    ns: dict = {}
    for key in ("setup", "step-void", "step-duck", "step-dump"):
        exec(_src(next(c for c in cells if c.get("id") == key)).split("\nversions[")[0], ns)  # noqa: S102
    game = play_hand(Hand.deal(seed=5, hand_number=1),
                     [FunctionBot(pass_fn=ns["void_pass"], play_fn=ns["dump_play"], name="my bot")] + [ns["rule"]] * 3)
    t10 = game.tricks[9]
    assert t10.number == 10 and t10.leader == 0 and t10.winner == 0 and t10.cards[0] == Card("5D")
    assert all(c.suit is Suit.HEARTS for c in t10.cards[1:])   # "all three others threw hearts"
    assert [c for c in game.passed(0)] == [Card("AC"), Card("AD"), Card("TH")] and game.pass_target(0) == 3
    assert t10.card_of(3) == Card("TH")   # "the 10♥ South had passed" (to East), back on trick 10
    at = game.copy()
    at.replay(game.history[:[i for i, a in enumerate(game.history) if a.kind == "play"][36]])
    lead = at.view(0)
    assert at.turn == 0 and lead.winning is None
    assert ns["duck_play"](lead) == Card("5D") == min(lead.legal, key=lambda c: c.rank)   # "its lowest card"
    assert not lead.still_out()[Suit.DIAMONDS]                  # South held the last two diamonds
    assert sorted(c.pretty for c in lead.cards if c.suit is Suit.DIAMONDS) == ["5♦", "J♦"]
    assert "Unseen cards by suit" in View.still_out.__doc__      # "(unseen cards by suit)"
    # r71b: still_out() includes the cards South passed (not "unseen"): labelled as the cards still out
    # r72c: the review's second lesson, leading a suit only you hold
    assert ("\nBefore trick 10: South holds ♠ —  ♥ —  ♦ J 5  ♣ 10 8 · diamonds still out "
            "(view.still_out()): none\n") in out["replay-drive"]
    # r81: "`duck_play` led" while the final bot is dump_play (which leaves leads to duck_play): "our bot"; and the
    # 10♥ in South's points is named as the one South passed (asserted above: East's card on trick 10)
    assert ("2. **Leading a suit only you hold.** On trick 10 our bot led its lowest card, the 5♦, though no other "
            "diamond was still out (`view.still_out()`: cards neither yours nor played). The others, "  # r111: words
            "unable to follow, threw hearts on this sure winner, one the 10♥ South had passed to East: 3 points."
            ) in text  # r87: the reason the 5♦ drew hearts, in one clause
    assert "`duck_play` led" not in text
    assert t10.points == 3
    # r69: what South could have led instead: each club, the rule bots finishing trick 10, loses it to East's A♣
    assert " ".join(c.pretty for c in lead.still_out()[Suit.CLUBS]) == "9♣ J♣ A♣"
    for lead_card in (Card("8C"), Card("TC")):
        trial = at.copy()
        trial.play(lead_card, 0)
        while len(trial.plays) < 40:
            trial.play(ns["rule"].choose_play(trial.view(trial.turn)), trial.turn)
        assert trial.tricks[9].winner == 3 and trial.tricks[9].card_of(3) == Card("AC")
    # r72c: the club leads are cut from the review (checked above, not printed)
    assert "Led 8♣ instead" not in out["replay-drive"]

def test_lesson_07_r67_text_view_and_table_described_as_they_print():
    """r67_07: the received cards and the seat list's points are said as each view shows them; *best* is the
    0.25-point band (VERDICT_MEANINGS), so the 9♠ and the 6♠, 0.2 apart, are both best."""
    from hearts_teach.agents.coach_stats import VERDICT_MEANINGS
    from hearts_teach.present.widgets import TableWidget

    cells = _cells("07_play_a_match")
    prose = " ".join(" ".join(_src(c).split()) for c in cells if c["cell_type"] == "markdown")
    printed = "".join("".join(o.get("text", "")) + "".join(o.get("data", {}).get("text/plain", ""))
                      for c in cells for o in c.get("outputs", []))
    # received cards: the reply says "shown as new"; the text view prints its own line, the table a "new" mark
    assert "(shown as “new” until trick 1 ends)." in printed and "marked “new” in your hand" not in printed
    assert "\nNew in your hand (from East): 8♦ K♦ K♠\n" in printed
    t = TableWidget(seed=7, opponents="rule", marks=False)
    t.hint()
    said = t.pass_cards(t.hint_result.cards)
    assert "(shown as “new” until trick 1 ends)" in said
    assert {k for k, b in t.hand_widget.buttons.items() if b.mark == "new"} == {str(c) for c in t.hand.received(t.you)}
    assert "New in your hand (from East): 8♦ K♦ K♠" in t.text()
    assert "the cards you received are marked *new* during the first trick" in prose
    # the seat list (table) holds points this hand and the match total; the text view, a Points taken line
    # r84: the text view printed during the pass has no Points taken line: said from when it appears
    assert ("points this hand and match total." in prose)  # r98: the text view's line cut for density
    assert "\nPoints taken: South 0, West 0, North 0, East 0\n" in printed
    assert "<abbr title='points this hand'>hand</abbr>" in t.seats_html.value
    assert "<abbr title='match total'>total</abbr>" in t.seats_html.value
    # best: within 0.25 points of the top card, so the 0.2 gap counts as equal
    assert VERDICT_MEANINGS["best"].startswith("as good as the coach's top choice: within 0.25 points a hand of it")
    assert "*Best* is within 0.25 points of the top choice (on fresh deals, so printed figures a little further apart can both be *best*)," in prose  # r119  # r114  # r90: the grades in the coach's fold
    # r116 (r115 read: "deals that did not choose it": deals choose nothing): said as what the deals are used for
    assert "did not choose" not in prose and "did not choose" not in printed
    assert "9♠: best" in printed and "6♠: best" in printed and "about 0.2 more hearts than with 9♠" in printed


def test_lesson_10_r71_moon_rarity_unavoidable_queen_at_the_table_and_league_rank():
    """Rater r70: (1) "Always ducking and dumping can hand every point to one player" overstated the lesson's own
    counts (dumping let 1 moon through in 200 deals): said as rare; (2) the replay's Q♠ "wins too" on trick 3 only with
    the rule bots playing on, and from trick 3 on South could not avoid her (both legal spades end with South taking
    her); (3) an "at the table" summary of the measured steps and trick 10's lesson; (4) how the league ranks bots;
    (5) nits: `mine` for a seat's cards, ".mask" said, "position" replaced by the view. Quick: stored outputs, one
    hand replayed."""
    import inspect

    from hearts_teach import Card, Hand
    from hearts_teach.agents.tournament import FunctionBot, play_hand
    from hearts_teach.classroom import league_results
    from hearts_teach.games.hearts.rules import Rules
    from hearts_teach.kernel.cards import CardList

    cells = _cells("10_write_a_bot")
    text = " ".join(" ".join(_src(c) for c in cells if c["cell_type"] == "markdown").split())
    out = {c.get("id"): "".join("".join(o.get("text", "")) for o in c.get("outputs", [])) for c in cells}
    # (1) the moon: rare, from the 200-deal counts printed below it (r72b: "below" said plainly: after step 4)
    # r72c: dumping's 200 deals are run with step 3 now, and its cell prints the count before step 4 says it
    # r75c: "1 moon in 200 deals" hid that each deal is played in 4 seatings (800 hands; the measure line prints it)
    # r99 (newcomer r98): "stops" was untrue of dumping, which broke deal 27's moon by accident (moon-read): "tries to"
    assert ("**Step 4 · stop a moon.** Moons are rare; our bot ignores them so far."  # r120: "so far"  # r108: words; r111: the count; r112: "(rare)" said
            ) in text and "Nothing in our bot stops a rival" not in text and "Always ducking and dumping" not in text
    # r94: printed by step 3's cell, the void pass's (the bot step 4 starts from)
    assert "\nmoons shot by the rule bots in the void pass's 200 deals: 1\n" in out["step-void"]
    assert "over 40 deals × 4 seatings = 160 hands" in out["step-duck"]  # 200 deals are 800 hands the same way
    ids = [c.get("id") for c in cells]
    assert ids.index("step-void") < ids.index("step-moon-md")
    # (2) trick 3: South's legal cards were the 8♠ and the Q♠; with the 8♠ (the game) the Q♠ was forced on trick 4
    # and won; with the Q♠ (the rule bots playing on) she wins trick 3
    # r71b: "From trick 3 on" read as a claim about every later trick: it is the spade lead on trick 3 (both legal
    # spades end with South taking the Q♠, asserted below)
    # r72c: that held for one line of rule-bot play only (North chose the 7♠): "with these rule bots playing on"
    # r98: the sentence is cut for density (an aside to the question's answer)
    assert "Played on trick 3 instead" not in text and "From trick 3 on" not in text and "could not be avoided" not in text
    # r75_10: lesson 1 ended with nothing to act on: it ends with a rule the learner can code (the void pass gives
    # spades no bonus, asserted with the trial), and South began with one spade, the 8♠ (the replay's deal line)
    # r75b_10: that rule was not what the hand shows (South was dealt one spade and kept it; the bot already keeps
    # spades): the lesson says one guard was too few and no pass could add one here
    # r77 rater: "no pass could add a second guard" was false: West, passing to South, held the 5♠ and kept it
    # r81: lesson 1 gave nothing to act on: its last sentence is a take-away (a received queen needs several low
    # spades), a general point, not a choice South had here
    # r82: "South was dealt just this one spade" is now said in the question before the replay: cut here
    assert ("   Each low spade lets you "  # r108: "The take-away:" cut for words
            "follow one\n   spade lead without her: a queen you receive needs several.\n"  # r111: words
            ) in _src(next(c for c in cells if c.get("id") == "replay-points"))
    right = Hand.deal(seed=5, hand_number=1)
    assert right.pass_direction == "right" and right.view(0).pass_from == 1  # West passes to South
    assert {c.pretty for c in right.cards(1) if c.suit.letter == "S"} >= {"Q♠", "5♠"}  # West could have sent a guard
    assert "Q♠ passed by West; South's spades after the pass: 8♠ Q♠\n" in "".join(
        "".join(o.get("text", "")) for o in next(c for c in cells if c.get("id") == "replay-drive")["outputs"])
    assert "keep low spades when passing" not in _src(next(c for c in cells if c.get("id") == "replay-points"))
    assert [c.pretty for c in Hand.deal(seed=5, hand_number=1).view(0).cards if c.suit.letter == "S"] == ["8♠"]
    replay = next(c for c in cells if c.get("id") == "replay")
    assert "  South: ♠ 8  ♥ 10  ♦ A J 8 5 4 2  ♣ A Q 10 8 4\n" in "".join(
        "".join(o.get("data", {}).get("text/plain", "")) for o in replay["outputs"])
    assert "(0 points) · South could play 8♠ Q♠\n" in out["replay-drive"]
    assert "(13 points) · South could play Q♠\n" in out["replay-drive"]
    ns: dict = {}
    for key in ("setup", "step-void", "step-duck", "step-dump"):
        exec(_src(next(c for c in cells if c.get("id") == key)).split("\nversions[")[0], ns)  # noqa: S102
    rule = ns["rule"]
    game = play_hand(Hand.deal(seed=5, hand_number=1),
                     [FunctionBot(pass_fn=ns["void_pass"], play_fn=ns["dump_play"], name="my bot")] + [rule] * 3)
    plays = [i for i, a in enumerate(game.history) if a.kind == "play"]
    t3, t4 = game.tricks[2], game.tricks[3]
    at = game.copy()
    at.replay(game.history[:plays[8 + (0 - t3.leader) % 4]])
    assert sorted(c.pretty for c in at.legal_plays(0)) == ["8♠", "Q♠"] and t3.card_of(0) == Card("8S")
    assert Card("QS") in t4.cards and t4.winner == 0
    at.play(Card("QS"), 0)
    while len(at.plays) < 12:
        at.play(rule.choose_play(at.view(at.turn)), at.turn)
    assert at.tricks[2].winner == 0
    # r72c: the lesson's helpers do these replays (before, play_instead): the same position, the same trick
    from hearts_teach.course.bot_lesson import before, play_instead
    from hearts_teach.course.describe import describe_trick
    moment = before(game, 3, 0)
    assert moment.history == game.history[:plays[8 + (0 - t3.leader) % 4]] and moment.turn == 0
    assert play_instead(game, 3, 0, Card("QS"), rule) == describe_trick(at, at.tricks[2])
    # (3) at the table: the measured gains quoted, the first-trick rule respected, trick 10's lesson
    # r71b: each gain says what it is measured against (the previous step's lowest card: test_lesson_10_r71b_...)
    # r87: "per hand" and "card" cut from the +2.98 for words (it reads as the +0.62 does)
    # r94: the gains of the reordered steps (dumping over ducking +2.31; ducking over first_play +0.59, on 40 deals)
    # r111 (newcomer r111: no Q♠ and no heart?): dump_play's third branch said, as step 2 says it
    assert "else your highest heart (gain" not in text
    assert ("**At the table:** cannot follow suit (after trick 1)? Throw the Q♠, else your highest heart, else highest "
            "card (gain +2.31 "
            "over your lowest). Following? Play your highest card that still loses (200-deal gain +0.56 over "
            "your lowest). From this hand, untested: lead suits others hold.") in text
    # r108 (newcomer r108): the 40-deal +0.59 was not shown better (its interval contains zero): the 200-deal gain,
    # shown better (step-duck's output, asserted below), is quoted
    assert "(gain +0.59 over your lowest)" not in text
    assert "+2.98" not in text and "+0.62" not in text
    # r99 (newcomer r98): the "instead" line (the Q♠ on trick 3 also wins there, asserted above) is said in a clause
    # r109 (newcomer r109): "too" read as if the 8♠ had won trick 3 (North's K♠ did): "instead", as the printed line
    assert "went on trick 3 (the Q♠ would have won it instead); on trick 4" in text and "won it too" not in text
    # r79 (report r79/10, false 4): South was dealt one spade and kept it, so "keep low spades as guards" had no
    # decision behind it in this hand (the void pass already keeps spades): cut, and lesson 1 says so
    # r80 (rater): "No choice of South's could have helped" claimed more than the two spade orders replayed show
    assert "keep low spades as guards" not in text and "No choice of South's could have helped" not in text
    # r72c: the pass's part cut with the clubs; r75c (report r75c/10): the leading and passing tips, drawn from this
    # one hand, sat beside measured gains as if measured too: now said to be untested
    assert "Leading? Avoid a suit nobody else holds." not in text
    assert re.search(r"^\+ dumping vs previous: +gain \+2\.31 ", out["step-dump"], flags=re.M)  # r94
    assert re.search(r"^200 deals, \+ ducking vs previous: +gain \+0\.56 ", out["step-duck"], flags=re.M)  # r94
    assert Rules().no_points_on_first_trick
    assert "(view.still_out()): none\n" in out["replay-drive"]
    assert "Code trick 10's lesson in `my_play` (two cells below)." in text   # r72c: the task is in the notebook
    # (4) the league's standings are sorted by average points per hand, fewest first
    assert "Ranking: fewest points per hand first." in text  # r112: words
    assert "s.mean_points if s.deal_means else math.inf" in inspect.getsource(league_results.standings)
    assert "Lower points are better" in inspect.getsource(league_results.LeagueResult.table)
    # (5) nits
    for key in ("step-void", "ada-file"):
        src = _src(next(c for c in cells if c.get("id") == key))
        assert "mine = list(view.cards)" in src and "hand = list(view.cards)" not in src
    assert isinstance(CardList("QS 2H").mask, int)
    # r84: the step-moon demo no longer shows .mask (bot_lesson.moon_test takes card codes)
    assert ".mask" not in _src(next(c for c in cells if c.get("id") == "step-moon"))
    assert "gets the position" not in text and "One gets its seat's view before the pass" in text
    assert "highest card bots" not in text and '"highest card"' not in text


def test_lesson_10_r71b_still_out_keep_rule_gains_against_lowest_and_spade_pass():
    """Rater r71 (after the morning's fixes): (1) still_out() is "neither in your hand nor played yet", so it includes
    the cards you passed (the A♣ South passed to East); trick 10: an 8♣ lead was sure to lose, as South could know;
    (2) the first result said aloud; (3) "+2.98" and "+0.62" are over the lowest card (what the previous step plays);
    (4) the rule bot's spade pass shown on two hands. Quick: stored outputs, one hand replayed, one pass function."""
    import inspect

    from hearts_teach import Card, Hand, Suit
    from hearts_teach.agents.hearts.policy import SPADE_GUARDS, rule_pass
    from hearts_teach.agents.tournament import FunctionBot, play_hand
    from hearts_teach.games.seat_view import SeatView
    from hearts_teach.kernel.cards import CardList

    cells = _cells("10_write_a_bot")
    text = " ".join(" ".join(_src(c) for c in cells if c["cell_type"] == "markdown").split())
    out = {c.get("id"): "".join("".join(o.get("text", "")) for o in c.get("outputs", [])) for c in cells}
    src = {c.get("id"): _src(c) for c in cells}
    # (1) still_out: the deck less the seat's hand and the cards played (passed cards stay in it)
    assert "return self.deck_mask & ~self.hand & ~self.played" in inspect.getsource(SeatView.unseen_mask.fget)
    # r72c: still_out is introduced where it is first used (the review's trick 10, then my_play's task)
    assert ("out = view.still_out()                   # by suit: the cards neither in my hand nor played yet (my passed "
            "ones included)") in src["my-pass"] and "still_out" not in src["view-parts"]
    assert "(`view.still_out()`: cards neither yours nor played)" in text  # r111: words
    ns: dict = {}
    for key in ("setup", "step-void", "step-duck", "step-dump"):
        exec(_src(next(c for c in cells if c.get("id") == key)).split("\nversions[")[0], ns)  # noqa: S102
    game = play_hand(Hand.deal(seed=5, hand_number=1),
                     [FunctionBot(pass_fn=ns["void_pass"], play_fn=ns["dump_play"], name="my bot")] + [ns["rule"]] * 3)
    at = game.copy()
    at.replay(game.history[:[i for i, a in enumerate(game.history) if a.kind == "play"][36]])
    lead = at.view(0)
    clubs_out = lead.still_out()[Suit.CLUBS]
    # "it had passed the A♣ to East, still unplayed (view.still_out() lists it)"
    assert Card("AC") in game.passed(0) and game.pass_target(0) == 3 and Card("AC") in clubs_out
    assert Card("AC") in at.cards(3)
    # "so East had to follow, and every club still out beats the 8♣"
    assert Card("8C") in lead.legal and all(c.rank > Card("8C").rank for c in clubs_out)
    # r72c: the 8♣ aside is cut (the review keeps its two lessons); the facts above stay checked
    assert "An 8♣ was sure to lose" not in text and "Clubs still out there" not in out["replay-drive"]
    # (2) the first bot's whole interval lies below zero, by about 6 points a hand
    m = re.search(r"^first bot .* edge (-[\d.]+) \(95% interval (-[\d.]+) to (-[\d.]+)\)", out["measure"], flags=re.M)
    assert m and round(-float(m.group(1))) == 6 and float(m.group(3)) < 0
    # r97: the reading rule worked through on the printed interval (its ends from the measure cell's output)
    # r120: "by about 6 points a hand" cut for words (the edge, -6.22, is printed just above)
    assert (f"The interval, {m.group(2)} to {m.group(3)}, lies below zero: our first bot is clearly worse.") in text
    assert "The whole interval lies below zero" not in text
    # (3) the previous step (duck_play) discards its lowest legal card, and first_play plays its lowest legal card
    assert "return min(legal, key=lambda c: c.rank)\n\nversions" in src["step-duck"]
    assert "(gain +2.31 over your lowest)" in text and "(200-deal gain +0.56 over your lowest)" in text  # r87: words; r94: reordered; r108: 200 deals
    # (4) the rule bot's pass: the Q♠ goes with two lower spades, stays with five (SPADE_GUARDS)
    assert SPADE_GUARDS == 5
    for held, passes in (("QS 5S 3S 7H 5H 2H JD TD 9D 9C 8C 4C 3C", True), ("QS 6S 5S 4S 3S 2S 5H 2H JD TD 9D 4C 3C", False)):
        cards = CardList(held)
        chosen = CardList.from_mask(rule_pass(cards.mask))
        assert (Card("QS") in chosen) is passes
        assert f"{cards.pretty} → the rule bot passes {' '.join(c.pretty for c in chosen)}\n" in out["turn-spades"]
    ids = [c.get("id") for c in cells]
    # r72: the learner's edit-and-measure cell (my_pass) follows the rule bot's pass, before ada.py
    assert ids.index("turn-next") + 1 == ids.index("turn-spades") == ids.index("my-pass") - 1 == ids.index("ada-md") - 2
    # r97: `.mask` came unexplained: the comment says it is the cards packed into one number (CardList.mask, an int)
    assert "(policy.rule_pass takes .mask, the cards packed into one number)" in src["turn-spades"]
    assert isinstance(CardList("QS 5S").mask, int) and CardList("QS 5S").mask.bit_count() == 2
    # r72c: the cell also holds my_play, trick 10's lesson to code with view.still_out() (two marked lines)
    assert src["my-pass"].count("# ← change") == 2 and "compare(" in src["my-pass"]
    assert out["my-pass"] == ("my_pass and my_play take the same points as the final bot in every hand: change a marked "
                              "line and run this cell again.\n")
    # the task is worth doing: leading only suits someone else may hold gains on the final bot's 200 deals (not
    # printed in the lesson: the learner measures it)
    from hearts_teach.agents.tournament import run_tournament
    from hearts_teach.course.bot_lesson import Gain, paired

    def shared_lead(view):
        if view.winning is None:
            shared = [c for c in view.legal if view.still_out()[c.suit]]
            if shared:
                return min(shared, key=lambda c: c.rank)
        return ns["dump_play"](view)
    runs = [run_tournament([FunctionBot(pass_fn=ns["void_pass"], play_fn=fn, name="x"), "rule", "rule", "rule"],
                           hands=200, seed=2, duplicate=True, progress=False) for fn in (shared_lead, ns["dump_play"])]
    assert Gain(*paired(*runs)).verdict == "better"
    # r81: the bonuses line and the pick-by-pick scores (HONOUR_BONUS, Card.from_index, masks) were cut as weight
    # without teaching; the two hands' passes stay (above)
    assert "bonuses:" not in out["turn-spades"] and "pick 1:" not in out["turn-spades"]


def test_lesson_08_r71_claims_are_the_engines():
    """Fresh newcomer rater r71: drill 3's why (a kept A♥ wins heart tricks later), drill 4's take-away condition
    (South holds no spade above her) and drill 1's "of the 20 passes the coach grades", each from the engine."""
    from hearts_teach.course.drills import DRILLS, grade
    from hearts_teach.course.later_tricks import later_points
    from hearts_teach.kernel.cards import Card, Suit

    cells = _cells("08_practice_decisions")
    prose = " ".join(" ".join(_src(c) for c in cells if c["cell_type"] == "markdown").split())
    figs = "".join("".join(o.get("text", "")) for c in cells if c.get("id") in ("l08-20b", "l08-d3") for o in c["outputs"])
    # drill 3: with the A♥ kept (the Q♠ thrown), South takes more hearts on tricks won with a heart than once the
    # A♥ is thrown; those tricks hold no Q♠ (South holds her, or she is gone), so their points are hearts
    hearts = later_points(DRILLS[2].make(), ["QS", "AH"], count=1000)
    won = [hearts[Card(c)]["by_suit"][Suit.HEARTS] for c in ("QS", "AH")]
    assert won[0] > won[1] and [f"{w:.2f}" for w in won] == ["2.50", "2.14"]
    assert "Drill 3, after the Q♠ (the A♥ kept) and after the A♥:\n1000 sampled deals" in figs
    assert "Q♠       4.84           2.50                   2.34\nA♥       5.13           2.14" in figs
    assert "you keep the A♥, which may later win a trick full of hearts" in prose and "(#cell-id=l08-d3)" in prose  # r87  # one link  # r84: reordered
    # drill 4: South holds no spade above the queen, the take-away's condition
    south = [c for c in DRILLS[3].make().cards(0) if c.suit.letter == "S"]
    assert south and all(c.rank < Card("QS").rank for c in south)
    assert ("While the Q♠ is [still out](glossary.ipynb#cell-id=term-still-out) and you hold no spade above her, lead a "
            "spade below her") in prose  # r87: "still out" linked to its entry
    # drill 1: the blunders named are those of the 20 passes the coach grades (not all 286 passes)
    graded = grade(DRILLS[0], "KD QS AS").assessment
    assert len(graded) == 20 and "Drill 1, the coach grades 20 passes" in figs
    # r73c: the 20 stays in the folded figures; the prose says "every pass the coach compares"
    # r87: one sentence for both groups of blunders (those that keep the A♠, and the Q♠ kept with only the 4♠)
    assert "each keeping Q♠ or A♠ is a blunder" in prose  # r91: the 20 in l08-20b; r97: "the Q♠ and A♠ matter most"
    # r91 (rater: drills 1 and 2 seemed to give opposite advice on the Q♠): what separates them, said once, as the
    # take-away's first two lines and the coach's top choices have it (two low spades: l08-d1's top choice passes both)
    # r91 read: the hands differ in other ways too (pass direction, A♠ or K♠): the sentence names the one the rule uses
    # r97 (word cap; the direction is said in the next sentence): one sentence, the count of spades below her
    # r111 (report r111/08: drill 1 has one spade below her; "two" was its variant's): one, as drill 1 deals it
    assert ("Long spades are protection: with one spade below her (drill 1), spade leads soon force her "
            "out; with three, you can duck them.") in prose
    below = [sum(c.suit.letter == "S" and c.rank < Card("QS").rank for c in d.make().cards(0)) for d in DRILLS[:2]]
    tops = [grade(d, a).assessment.best.label.split() for d, a in ((DRILLS[0], "KD QS AS"), (DRILLS[1], "KC QS KS"))]
    assert below == [1, 3] and {"Q♠", "A♠"} <= set(tops[0]) and "K♠" in tops[1] and "Q♠" not in tops[1]
    assert "the coach's top choice is Q♣ Q♠ A♠; it grades 21 passes here (every 3 of the same top 6, and 5♣ 6♣ Q♣" in "".join("".join(o.get("text", "")) for c in cells
                                                                          if c.get("id") == "l08-d1" for o in c["outputs"])



def test_lesson_08_pass_direction_does_not_decide_her():
    """r94 (report r94/08: drill 1 passes left, drill 2 right; does the direction matter?): on these two hands, passed
    left, right or across, the coach's top choice gives the Q♠ and the A♠ away in drill 1 and keeps the Q♠ in drill 2
    (its third card, and drill 2's K♠, do change with the direction: lesson 08a measures the direction's rule)."""
    from hearts_teach.agents.coach import assess_pass
    from hearts_teach.course.drills import DRILLS
    from hearts_teach.games.hearts.hand import Hand

    prose = " ".join(" ".join(_src(c) for c in _cells("08_practice_decisions") if c["cell_type"] == "markdown").split())
    # r97 (report r96/08: "whichever way you pass" unparsed): the three directions named
    # r98 (report r97/08: drill 1's "Passing left" and this sentence disagreed): drill 1 says it, drill 2's copy cut
    # r99 (report r98/08: no output showed it): the sentence is cut; the coach's top choices are still checked here
    assert "Passed right or across, the top choice still passes both." not in prose
    assert "Passed left, right or across" not in prose
    for drill, given in ((DRILLS[0], {"Q♠", "A♠"}), (DRILLS[1], set())):
        dealt = drill.make()
        for direction in ("left", "right", "across"):
            top = set(assess_pass(Hand([dealt.dealt(s) for s in range(4)], direction, dealt.rules).view(0)).best.label.split())
            assert given <= top and ("Q♠" in top) == bool(given), (drill.title, direction, top)

def test_lesson_08_r76_claims_are_true():
    """Rater r76_08: the take-away's "throw your most dangerous card" holds from trick 2 on (docs/rules.md H6: no
    Q♠ or heart on trick 1 unless the hand holds nothing else); drill 2's passed queen, about 4 points a hand
    (39% against 6% of 13, less the hearts), is a mistake, not a blunder, because its range dips below 3."""
    from hearts_teach.course.drills import DRILLS, grade

    cells = _cells("08_practice_decisions")
    prose = " ".join(" ".join(_src(c) for c in cells if c["cell_type"] == "markdown").split())
    # r98 (report r97/08: "from trick 2 on" was unexplained): the trick-1 rule said (docs/rules.md H6)
    assert "- Off the led suit, throw your most dangerous card, the Q♠ first (not on trick 1: no heart or Q♠ may go there unless you hold nothing else)." in _src(
        next(c for c in cells if c.get("id") == "l08-20-take"))
    assert "- Off the led suit, throw your most dangerous card, the Q♠ first." not in prose  # r98: never without trick 1's rule
    passed = grade(DRILLS[1], "KC QS KS").assessment.of("K♣ Q♠ K♠")
    low, high = passed.delta_ci95
    assert passed.verdict == "mistake" and round(passed.delta_vs_best) == 4 and low < 3 < high
    figs = "".join("".join(o.get("text", "")) for c in cells if c.get("id") == "l08-d2" for o in c["outputs"])
    assert (f"  K♣ Q♠ K♠ costs {passed.delta_vs_best:.1f} points a hand more than the top choice (its deals show between "
            f"{low:.1f} and {high:.1f}): mistake\n") in figs
    # r87 (rater: at most one figure a drill, the grading apparatus is not a Hearts skill): the range sentence went;
    # the cost and its range stay printed in l08-d2, listed under The figures
    # r89 (rater: the key naming "drill 2 cost" was cryptic, and drill 2's answer did not link it): linked from its verdict
    assert "That is about 4 points a hand, but its range dips below 3" not in prose and "a [mistake](#cell-id=l08-d2)" in prose
    # r78 (rater: lesson 01's real rule, which drill 2 confirms)
    # r97 (word cap): lesson 01's quote cut; the count of spades below her is the reason
    assert "Long spades are protection: with one spade below her" in prose  # r111: drill 1's one
    assert "tally(" not in _src(next(c for c in cells if c.get("id") == "l08-d1"))  # r78: it runs on its own
    # the replay and lead-figure cells run on their own once unfolded (each imports grade; drill 3's recomputes void)
    for cid in ("l08-d1", "l08-d2", "l08-d3", "l08-24b", "l08-d5"):
        assert "from hearts_teach.course.drills import grade" in _src(next(c for c in cells if c.get("id") == cid))
    assert 'void = grade(DRILLS[2], "QS").assessment' in _src(next(c for c in cells if c.get("id") == "l08-d3"))


def test_lesson_07_r72c_feedback_after_hand_1_and_after_the_match():
    """Rater r72c_07: structure for the learner's own match: after hand 1, feedback naming each moment that cost more
    than 2 points and the *Try again* button to press (play_on.after_first_hand); after the match, the trick that gave
    the learner most points and who played after them (play_on.costliest_trick); before any play, each says so (the
    stored outputs)."""
    from hearts_teach.course.play_on import (
        TAKE_AWAYS,
        after_first_hand,
        costliest_trick,
        hint_replay,
    )
    from hearts_teach.present.widgets import TableWidget

    cells = _cells("07_play_a_match")
    printed = "".join("".join(o.get("text", "")) for c in cells for o in c.get("outputs", []))
    assert "Hand 1 is not over yet: play it to the end, then run this cell again.\n" in printed
    assert "No hand is finished yet: play the match first, then run this cell.\n" in printed
    fresh = TableWidget(seed=1, opponents="rule")
    assert after_first_hand(fresh).startswith("Hand 1 is not over yet")
    ducked = hint_replay(7, "rule", {3: "3D"}, hints_through=4)  # the demo with the 3♦ duck: South scores 5
    said = after_first_hand(ducked).splitlines()
    assert said[0].startswith("Hand 1: you scored 5. Accuracy: 3 of 4 decisions best or too close to call")
    assert said[1].startswith("trick 3: 3♦ (? mistake) cost about ") and said[1].endswith("the coach's choice: Q♦.")
    assert said[2] == "Press *Try again* on each in the review under the table, and play the coach's choice."
    assert costliest_trick(ducked) == ("Hand 1, trick 12: South Q♦, West 3♥, North 2♥, East 9♥ → South takes it "
                                       "(3 points). After you played: West, then North, then East.")
    assert [(t.number, t.points) for t in ducked.hand.tricks if t.winner == 0 and t.points] == [(11, 2), (12, 3)]
    clean = hint_replay(7, "rule", {}, hints_through=4)  # the demo as played: South takes no points
    # r73_07: the feedback ends with the names of the four take-aways (cell l07-rules)
    assert after_first_hand(clean).splitlines()[-2] == "No decision cost more than 2 points: nothing to try again. Play on."
    assert said[-1] == after_first_hand(clean).splitlines()[-1] == TAKE_AWAYS
    rules = " ".join(_src(next(c for c in cells if c.get("id") == "l07-rules")).split())
    assert all(f"- **{name}**" in rules for name in ("The pass", "Until the queen has been played", "When you play last",
                                                       "A card you passed is a card you know"))
    assert costliest_trick(clean) == "You took no points in any trick: none cost you anything."
    from hearts_teach import Hand

    single = TableWidget(hand=Hand.deal(seed=1), opponents="rule")  # one hand, no match: each says so
    assert after_first_hand(single) == "This table plays a single hand, not a match: there is no hand 1 to review."
    assert costliest_trick(single) == ("This table plays a single hand, not a match: play a match first, then run "
                                       "this cell.")


def test_lesson_07_r73_answer_hidden_solid_clue_9s_review_line_and_the_first_live_hand():
    """Rater r73_07: the trick-4 position ("trick 3: Q♦ ✓ best") sat unfolded under the trick-3 question (moved, see
    test_lesson_07_measures_folded_replay_table_order_and_the_q_diamond_payoff); the lead is a clue against Solid
    (East's printed reason); why the 9♠ is safe; the review's "Q♦/K♦ goes over 6♦" does not set the Q♦ apart from the
    7♦; a visible how-to-answer line; the live hand's Q♠ with one low spade; `./dev play` needs a local install."""
    from hearts_teach import Card
    from hearts_teach.present.widgets import TableWidget

    cells = _cells("07_play_a_match")
    ids = [c.get("id") for c in cells]
    md = {c.get("id"): " ".join(_src(c).split()) for c in cells if c["cell_type"] == "markdown"}
    printed = "".join("".join(o.get("text", "")) + "".join(o.get("data", {}).get("text/plain", ""))
                      for c in cells for o in c.get("outputs", []))
    # the Solid clue rests on East's printed reason
    # r75_07: the clue came from a printed bot reason no real table shows: the rule is said, and that you read it
    # r77 (rater): the reason is printed by the next cell, not above: "below"
    # r91: "Solid" met in the seat list only as "(rule)": said where it is first used unfolded
    # r98: "(rule)" is named with Solid in l07-coach, so not again here
    # r99: "Other bots may differ" cut for density (l07-dec1's 90 words), to make room for "duck the queen"
    assert "Other bots may differ" not in md["l07-dec1"]
    # r108 (r108 read: "only if" and "early" went beyond East's printed reason): the rule bot's own lead rule
    # (policy._lead: its lowest spade, holding no big spade, the queen not yet played), checked below
    # r117 (r116 read: the "So" seemed drawn from East's lead, which l07-dec2-why says proves nothing): the deduction
    # is drawn from East's printed reason, said so; the reason's words are checked against why_played below
    assert ("East's reason (below) says it holds none of Q♠ K♠ A♠ while the queen is out. "
            "So the queen is with West or North, who play after South.") in md["l07-dec1"]
    assert "Solid leads its lowest spade" not in md["l07-dec1"]
    assert ("East's reason for leading the 7♠, from its bot's own decision: 7♠: it holds none of Q♠ K♠ A♠ and the "
            "queen has not been played yet") in printed
    assert "only if" not in md["l07-dec1"] and "early spade" not in md["l07-dec1"]
    from hearts_teach.agents.hearts.policy import BIG_SPADES, QS_MASK, SPADES, _lead, low
    from hearts_teach.kernel.cards import Card as _C
    _hand = sum(1 << _C(c).index for c in ("7S", "9S", "2D", "3H"))  # no big spade, the queen not played
    assert not _hand & BIG_SPADES and _lead(_hand, _hand, 0, -1) == low(_hand & SPADES) == _C("7S").index
    assert _lead(_hand, _hand, QS_MASK, -1) != _C("7S").index  # the queen played: no spade flush  # r93: "at your table" cut for room; r81: the clue is Solid's habit, and may fail against other bots
    assert "infer it yourself" not in md["l07-dec1"]  # r85: "infer it" did not say what: the queen's place
    assert "7♠: it holds none of Q♠ K♠ A♠" in printed
    # the 9♠: the 6♠ kept is led on trick 5 (printed); r73b_07: "the queen outranks the 9♠" is as true of the 6♠:
    # both duck her, both are best (the coach's grades, printed in the fold)
    # r75_07: hearts and Q♠ % (the coach's reasons) said beside points, where the grades are first explained
    # r81: a bullet of the coach's list
    # r84: read before any reason was printed: moved to just after the trick-2 fold, the first reasons read
    # r85: "one part of the cost" puzzled: which reason names which part, from the fold's printed reasons
    # r94: "why does the 9♠ give fewer hearts?": the coach names no cause, so its figures only: the 9♠ wins the trick
    # on some deals (its p_win_trick, checked below), the 6♠ on none; the main-cost sentence cut for room
    # r95 (rater: no output showed the 21%): the trick-2 fold prints each card's share of deals winning the trick
    # r97: the K♠'s cost said with the fold's printed figures (points, Q♠ %), checked against the coach below
    # r98 (r97 read: "9♠ over 7♠, fewer hearts" looked backwards; the coach names no cause): the gap is said to be
    # under its 0.25 margin, and the 21% (no cause either) cut for density
    # r98 review: the 0.25 margin is on points, and "best" needs the whole range within it: back to the grades
    # r99 (r98 read: the 9♠'s Q♠ % was never shown, so "mostly because" could not be checked): the fold prints it
    # r109: "The K♠ costs 11.2" read as the card's cost (grades are by points it costs): said as South's average
    # points this hand with each card (the fold's figures, checked below)
    assert "The K♠ costs 11.2" not in md["l07-dec3q"]
    # r111 (r111 read: "0.2 hearts apart" could not be checked against 0.25): the deals cannot tell which is better
    # r112: "cannot tell" is the wording of *too close to call* (l07-coach), yet both are graded best: said so
    assert "cannot tell which is better" not in md["l07-dec3q"]
    # r119: "9♠ or 6♠: both duck the queen, and both are *best*." cut (l07-dec1 says it before the fold)
    assert ("With the K♠ South averages 11.2 points this hand, against "
            "5.4 with the 9♠, mostly because the Q♠ ends up in South's tricks on 67% of deals (with the 9♠, 22%): its "
            "**[Q♠ %](glossary.ipynb#cell-id=term-q-percent)**.") in md["l07-dec3q"]  # r90: linked
    assert "**Reasons** name one part" not in md["l07-coach"] and "Each reason in the fold" not in md["l07-dec3q"]
    from hearts_teach.agents.coach import assess_play
    from hearts_teach.present.widgets import TableWidget as _Table

    two = _Table(seed=7, opponents="rule", marks=False)
    two.hint()
    two.pass_cards(two.hint_result.cards)
    two.hint()
    two.play(two.hint_result.card)  # trick 1: the forced 2♣; South to play on trick 2
    graded2 = assess_play(two.hand.view(0))
    assert f"{graded2.of('9S').stats['p_win_trick']:.0%}" == "21%" and graded2.of("6S").stats["p_win_trick"] == 0
    king2, nine2 = graded2.of("KS"), graded2.of("9S")  # r97: the K♠ sentence's figures, and its "mostly"
    assert (f"{king2.exp_points:.1f}", f"{nine2.exp_points:.1f}", f"{king2.stats['p_take_qs']:.0%}") == ("11.2", "5.4", "67%")
    assert f"{nine2.stats['p_take_qs']:.0%}" == "22%"
    assert "Q♠ in South's tricks, on the coach's deals: 9♠ 22%, 6♠ 23%, K♠ 67%" in printed  # r99
    assert 13 * (king2.stats["p_take_qs"] - nine2.stats["p_take_qs"]) > (king2.exp_points - nine2.exp_points) / 2
    assert "Points this hand on average, on the coach's deals: 9♠ 5.4, 6♠ 5.7, K♠ 11.2" in printed  # r111: the 6♠ too
    six2 = graded2.of("6S")  # r111: its interval against the best, printed, is what makes it *best* (upper end < 0.25)
    assert six2.call == "best" and six2.delta_ci95[0] < 0 < six2.delta_ci95[1] < 0.25
    # r112 (r112 read: the 0.3 gap printed above clashed with "within 0.25", and "the half of the deals not used to
    # choose the best" and "95% interval" were statistics words): said plainly; coach_stats.difference picks a top
    # card on each half and measures on the other; best needs the interval's top end within 0.25 (checked above)
    nine_gap = six2.exp_points - graded2.of("9S").exp_points
    assert f"{nine_gap:.1f}" == "0.3" and nine_gap > 0.25 and six2.delta_vs_best < 0
    # r114 (r114 read: cell 3's "within 0.25" clashed with the 0.3 gap; "each half... other half" hard): cell 3 says
    # the grade is measured on other deals, and this line says it in the same words
    assert "each half of the deals picks a top card" not in printed
    # r116 (r115 read: "the 6♠ takes 0.08 points fewer" clashed with the 5.4 vs 5.7 averages printed above it): the
    # 0.08 cut; why the 0.3 is not used (the top card is picked on those deals, coach_stats.difference) said in words;
    # the grade's figure is the interval's top end against the top card (best needs it within 0.25, checked above)
    # r117 (r116 read: how can the worst case, 0.20, be under the measured 0.3? and is the 9♠'s 0.2 fewer hearts
    # worth anything?): the 0.3 said to be partly luck of the deals the top card was picked on; both best, said
    # r120 (newcomer r120/07: why does a printed 0.3 become "at most 0.20"?): the top card named (the 9♠), and the
    # fresh-deal check said plainly, against the 0.25 limit
    assert (f"That {nine_gap:.1f} gap is partly luck: the 9♠ was picked as top card on those same deals. Checked on "
            f"fresh deals, the 6♠ costs at most {six2.delta_ci95[1]:.2f} points more (95% sure): under 0.25, so both "
            f"are best, the gap too small to matter.") in printed
    assert graded2.candidates[0].label == "9♠" and six2.delta_ci95[1] <= 0.25
    assert "On fresh deals the 6♠ takes at most" not in printed
    assert "which flatters the top card" not in printed
    assert "points fewer, at worst" not in printed
    assert "not used to choose the best" not in printed and "95% interval" not in printed
    assert "K♠: blunder — K♠ goes over 7♠, as 9♠ would: the Q♠ ends up in your tricks in 67% of deals" in printed
    assert "Wins trick 2, on the coach's deals: 9♠ 21%, 6♠ 0%, K♠ " in printed
    assert "Each reason names one part of the cost" not in md["l07-dec3q"]
    assert "6♠: best — 6♠ ducks under 7♠: you take about 0.2 more hearts" in printed
    assert "K♠: blunder — K♠ goes over 7♠, as 9♠ would: the Q♠ ends up in your tricks in" in printed
    # r75_07: the twin quizzes' 5♠ is wrong in one and right in the other: the two risks set side by side
    # r98 (r97 read: the 5♠ leaves the K♠ bare, as trick 4 warned: the two answers seemed to clash): the trade-off spelled out
    # r111 (r111 read: the bare K♠ was a blunder on trick 4, fine here): on trick 4 the K♠ could go free at once
    # r112 (r112 read: "go free" undefined, three ideas in one sentence): two plain sentences, the seat order said
    assert ("yes, it leaves the K♠ bare, as the 6♠ would have on trick 4. There you played last, so the K♠ could win a "
            "pointless trick at once. Here two players follow you and one may drop the queen on it (as in trick 2's K♠ what-if); "
            "bare, it risks her "
            "only on a later spade trick." in " ".join(_src(cells[ids.index("cf3c8702")]).split()))
    # r113 (newcomer r113/07): "keep it for a later spade trick where you play last" offered a choice a bare K♠ does
    # not have (it must follow the next spade lead, wherever you sit): the risk is said, no plan
    assert "where you play last" not in _src(cells[ids.index("cf3c8702")])
    assert "go free" not in _src(cells[ids.index("cf3c8702")])
    assert "But that risk is later" not in _src(cells[ids.index("cf3c8702")])
    assert "A bare K♠ is a later risk" not in _src(cells[ids.index("cf3c8702")])
    # r75_07: "duck the queen" defined where it is first used
    # r75b_07: the 9♠ goes over the 7♠ (the fold's words), so "duck the queen, not the trick" is said here, first
    # r75c: "not the trick" read as if the 6♠ won the trick too (it ducks under the 7♠): why both duck her, said
    # r81: "why the 9♠?" read as the coach's reason, and whether the choice mattered was unclear: either will do
    # r84: "keeps the low 6♠ for a later spade lead" pointed to the trick-4 answer: said after it (l07-dec2-why)
    # r97: "duck" had two meanings (the coach's "6♠ ducks under 7♠", then "duck the queen"): both defined here, once
    # r98 (r97 read: the fold printed "ducks" before it was defined): *duck* defined before the fold (l07-dec1)
    # r99 (r98 read: cell 10 said "duck the queen" of the 9♠, which the fold says goes over the 7♠): both meanings
    # defined together (l07-dec1); "either will do" cut, "too little to matter" says it
    # r108 (r108 read: the 9♠ "goes over 7♠" yet ducks the queen): the 9♠ named as the example, in the same words
    assert ("To *duck* is to play under the trick's winning card; to *duck the queen*, under her: the 9♠ may "
            "win the trick, never one she falls on.") in md["l07-dec1"] and "a spade under her: it may" not in md["l07-dec1"]
    # r119 (words paid): l07-dec1 says it before the output ("The coach grades the 9♠ and 6♠ *best*"), and its
    # ducking-the-queen definition covers both
    assert "The coach grades the 9♠ and 6♠ *best* (fold below)." in md["l07-dec1"]
    assert "cannot tell" not in md["l07-dec3q"]  # r112
    assert "0.2 hearts apart" not in md["l07-dec3q"]
    assert "keeps the low 6♠" not in md["l07-dec3q"]
    assert "she outranks them, so neither can win" not in md["l07-dec3q"]
    assert Card("9S").rank > Card("7S").rank > Card("6S").rank and Card("QS").rank > Card("9S").rank
    # r84b: "kept by the 9♠" made the trick-2 choice matter after "either will do": the 9♠, had South kept it (the 6♠
    # on trick 2), is led on trick 5 instead, and South still scores 0 (the replay below)
    # r93: "South then leads the 6♠" read as the reader's own choice: said after the autopilot takes over
    assert ("The [autopilot](glossary.ipynb#cell-id=term-autopilot) (Solid) plays tricks 5 to 13 for South. On trick 5 it "
            "leads South's 6♠: like the 9♠, it cannot take the queen.") in md["l07-dec2-why"]
    assert "South then leads the 6♠" not in md["l07-dec2-why"]
    assert "kept by the 9♠" not in md["l07-dec2-why"]
    from hearts_teach.course.play_on import hint_replay

    other = hint_replay(7, "rule", {2: "6S"}, hints_through=4).hand
    fifth = other.tricks[4]
    assert other.seat_names[fifth.seats[0]] == "South" and str(fifth.cards[0]) == "9S" and other.scores[0] == 0
    # r89: "why does the 9♠ take 0.2 fewer hearts?": the coach measures, it names no cause; on this deal the 6♠ does
    # as well (South 0 in the replay above; the 0.2 checked in test_lesson_07_says_fine_is_too_close_to_call...)
    # r89 review: "the coach names no cause" answered nothing: both are best (within 0.25), so the gap does not matter
    # r89 read: "with the 6♠, South still scores 0" gave the hand's end away before it was played (and showed no replay)
    assert "under the coach's 0.25 margin" not in md["l07-dec3q"] and "still scores 0" not in md["l07-dec3q"]  # r98
    assert "names no cause" not in md["l07-dec3q"]
    # r82: "(trick 5)" told the reader South wins trick 4 before the trick-4 question
    assert "(trick 5)" not in md["l07-dec3q"]
    assert "Why the 9♠, not the 6♠?" not in md["l07-dec3q"]
    assert "9♠ goes over 7♠" in printed and "East 7♠, South 9♠, West 8♠, North A♠" in printed
    # r75b_07: East's and West's flush leads (both printed reasons) rule them out: the queen is North's (trick 6)
    # r81: cut: it rested on Solid's lead habit (said once, with its caveat, in l07-dec1) and paid for other fixes
    assert "the queen is North's" not in md["l07-dec2-why"]
    assert printed.count("it holds none of Q♠ K♠ A♠") == 2 and "trick 6: West 4♦, North Q♠" in printed
    # r75b_07: "who plays after me?" needs the seat order, said once at trick 1
    # r84: the order was said a cell after "who play after South" used it: now said with the trick-2 lead
    assert "East leads the 7♠; South, West and North follow, clockwise." in md["l07-dec1"]
    assert "Last trick 1: South 2♣, West 3♣, North 7♣, East 10♣" in printed
    assert "9♠: best" in printed and "6♠: best" in printed
    assert Card("QS").rank > Card("9S").rank and "trick 5: South 6♠," in printed
    assert ids.index("l07-dec1-code") + 1 == ids.index("l07-dec3q")  # said after South's 9♠ is played
    # how to answer, visible above the question
    assert "Click a card below: it says why." in md["l07-dec3q"]  # r89: mistake is defined with the grades (l07-coach)
    # the review's trick-3 line, and what sets the Q♦ apart
    assert "trick 3: Q♦ — ✓ best. Q♦/K♦ goes over 6♦" in printed and Card("7D").rank > Card("6D").rank
    # r117 (newcomer r116: "goes over 6♦" did not set the Q♦ apart: the 7♦ and 8♦ go over it too): the coach's reason
    # now says the card it is compared with does the same, so the difference is what follows
    assert "Q♦/K♦ goes over 6♦, as 7♦/8♦ would: you take about 0.9 fewer hearts than with 7♦/8♦" in printed
    # r85: cut (commentary on the review's wording, no play taught), to pay for the r85 fixes
    assert "Its trick-3 line says the Q♦ goes over the 6♦" not in md["l07-take"]
    # the first live hand: the Q♠ with one low spade (lesson 01: "low" means 8 or below)
    spades = [c for c in TableWidget(seed=1, opponents="rule").hand.cards(0) if c.suit.letter == "S"]
    assert [c.pretty for c in spades] == ["4♠", "J♠", "Q♠"] and [c.pretty for c in spades if c.rank <= 8] == ["4♠"]
    assert "South (you): ♠ Q J 4 " in printed
    # r75_07: the J♠ named (two spades below her, one of them low), and the question's answer folded after it
    assert "Your first hand holds the Q♠ with the J♠ and only one low spade (the 4♠)" in md["8593eeda"]
    assert ("<details><summary>Answer (open it once you have chosen)</summary> Pass the Q♠: once your 4♠ is gone, "
            "each spade lead makes you play the J♠ or the queen.") in md["8593eeda"]
    # r114 (r114 read: why the J♠ stays): it ranks under the Q♠, so no trick she falls on is the J♠'s
    assert "or the queen. Keep the J♠: it never wins a trick she falls on." in md["8593eeda"] and Card("JS").rank < Card("QS").rank
    # r90: "click three cards" was answered for the Q♠ only: the other two, as the hint passes them
    live_table = TableWidget(seed=1, opponents="rule")
    live_table.hint()
    assert [c.pretty for c in live_table.hint_result.cards] == ["Q♣", "A♣", "Q♠"]
    # r91: cell 5's rule (several low cards beside a high card) seemed to keep the A♣ and Q♣: the hint's reason names
    # only the Q♠; beside the clubs only the 8♣ is low (lesson 01: 8 or below), the 2♣ going on trick 1 (docs/rules.md)
    # r93: "Beside them, only the 8♣ is low" was cryptic (which clubs? why not the 10♣?): said plainly, low defined
    # r99 (r98 read: the answer leaned on the hint's reason, which no saved output shows): the clubs' case from the
    # printed hand alone (the hint's three cards still checked below)
    # r108 (r108 read: why the A♣ and Q♣, not the 10♣?): they are the two highest clubs (checked below)
    assert ("Pass your two highest clubs, A♣ and Q♣, with her: once your 2♣ goes on trick 1, only the "
            "8♣ is low (8 or below) beside them.") in md["8593eeda"] and "Beside them, only" not in md["8593eeda"] and "*Hint* adds high cards" not in md["8593eeda"]
    assert "its reason names only the Q♠" not in md["8593eeda"]
    assert str(live_table.hint()).startswith("Hint: Pass Q♣ A♣ Q♠: it gets rid of the Q♠ (the rule bot's pass);")
    clubs = [c for c in live_table.hand.cards(0) if c.suit.letter == "C"]
    assert sorted(c.pretty for c in clubs) == sorted(["A♣", "Q♣", "10♣", "8♣", "2♣"])
    assert [c.pretty for c in clubs if c.rank <= 8 and c != Card("2C")] == ["8♣"]  # low: 8 or below (lesson 01)
    assert sorted(clubs, key=lambda c: c.rank)[-2:] == [Card("QC"), Card("AC")]  # r108: "your two highest clubs"
    # r91: the pass question asked to recite lesson 01's rule (said in cells 5 and l07-rules): now a decision
    assert "pass her or keep her?" in md["8593eeda"] and "what does lesson 01's rule of thumb say" not in md["8593eeda"]
    # r90: the answer cells (trick 3, trick 4) play South's card: run once, in order
    # r108 (r108 read: what if a cell is run twice?): rerun all from the top (cell e29e35de deals the demo afresh)
    # r117 (r116 read: clicking 3♦ then printed "You played Q♦"): the answer cells play the hint's card
    # r119 (newcomer r118/07: what counts as "a slip"?): said (a cell run twice or out of order)
    assert ("Run the cells once, in order (answer cells play the hint's card, whatever you clicked); after a cell run "
            "twice or out of order, rerun all from the top.") in md["98ffd07f"] and "after a slip" not in md["98ffd07f"]
    assert "demo.play(demo.hint_result.card)" in _src(cells[ids.index("l07-dec3-play")])
    assert "demo = TableWidget(seed=7" in _src(cells[ids.index("e29e35de")])
    assert "demo.play(" in _src(cells[ids.index("l07-dec3-play")]) and "demo.play(" in _src(cells[ids.index("l07-dec2-code")])
    assert 'In this lesson "low" means 8 or below.' in " ".join(" ".join(_src(c) for c in _cells("01_deal_and_pass")).split())
    assert "Installed locally? To play without the lesson, run `./dev play`" in md["8593eeda"]  # r119: words paid
    # the 5♠ reason: it ducks the queen, not the trick
    # r120 (newcomer r120/07): "Keep the K♠ for a trick where you play last" offered a choice a bare K♠ does not
    # have (rules H5: after the 5♠ it must follow the next spade lead, wherever you sit): the sentence cut, as r113 did
    # in the answer cell
    assert 'so it cannot win a trick she falls on: it ducks the queen, not the trick",' in _src(cells[ids.index("8439d369")])
    assert "where you play last" not in _src(cells[ids.index("8439d369")]) and "Keep the K♠" not in _src(cells[ids.index("8439d369")])
    # the hint's "less often than with A♣ Q♦ A♦": the coach's three best passes, folded under the hint
    hint_cell = cells[ids.index("8f11bc18")]
    assert [o["output_type"] for o in hint_cell["outputs"]] == ["stream", "display_data"]
    table = "".join(hint_cell["outputs"][1]["data"]["text/plain"])
    assert "".join(hint_cell["outputs"][1]["data"]["text/html"]).startswith("<details><summary>The coach&#x27;s three best passes")
    assert "J♣ A♣ A♦     6.6   22.9%  best\nA♣ Q♦ A♦     7.1   26.5%  inaccuracy\n" in table
    # r116 (r115 read: a column headed "card" listed three cards a row): a pass table heads it "pass"
    assert table.split("\n")[1].startswith("pass      points") and "\ncard " not in table


def test_lesson_07_r81_the_k_spade_received_seed_kept_and_the_trick_3_answer_folded():
    """Rater r81: South receives the K♠ without the Q♠ (the card the rules of thumb pass) and nothing said so until
    trick 4; the live table's comment invited a new seed before the question on seed 1's hand; trick 3's answer cell
    was the one answer cell left unfolded; the second check quiz wrote its answer as "5♠", not a card code."""
    from hearts_teach.present.widgets import TableWidget

    cells = _cells("07_play_a_match")
    ids = [c.get("id") for c in cells]
    md = {c.get("id"): " ".join(_src(c).split()) for c in cells if c["cell_type"] == "markdown"}
    # said right after the pass is printed (cell 23b8507b); r82: "trick 4 sheds it" answered the trick-4 question
    assert ids.index("l07-recv") == ids.index("23b8507b") + 1 == ids.index("l07-dec1") - 1
    # r84: "watch what South does with it" half-answered the trick-4 question: cut
    # r84b: "a card the rules of thumb say to pass" read as if South had erred: East passed it
    # r85: "risky without the Q♠" did not say for whom or how: South, who may catch her with it
    # r89: "may catch her" read as a good thing: a danger card, and what winning her costs (13 points, docs/rules.md)
    # r120 (newcomer r120/07: the first "her" in the lesson, whose?): the Q♠ named
    assert ("East passed South the K♠, a danger card: not holding the Q♠, South may win the Q♠ with it, 13 points."
            in md["l07-recv"]) and "may catch her" not in md["l07-recv"] and "win her with it" not in md["l07-recv"]
    assert "risky without the Q♠" not in md["l07-recv"]
    assert "South received the K♠" not in md["l07-recv"]
    assert "trick 4 sheds it" not in md["l07-recv"] and "watch what South does" not in md["l07-recv"]
    assert "and the A♠/K♠ when you don't hold the Q♠" in md["l07-rules"]  # r98: said once, in the takeaways
    demo = TableWidget(seed=7, opponents="rule", marks=False)
    demo.hint()
    demo.pass_cards(demo.hint_result.cards)
    assert "KS" in {str(c) for c in demo.hand.view(0).received_cards} and "QS" not in {str(c) for c in demo.hand.cards(0)}
    for _trick in range(4):
        demo.hint()
        demo.play(demo.hint_result.card)
    assert str(demo.hand.tricks[3].card_of(0)) == "KS"
    live = next(_src(c) for c in cells if "table = TableWidget(" in _src(c))
    assert "keep seed=1 for the question below" in live
    answer = cells[ids.index("l07-dec3-play")]
    assert answer["metadata"]["jupyter"] == {"outputs_hidden": False, "source_hidden": True}
    assert 'CardList("5S KS"), "5S",' in _src(cells[ids.index("8439d369")])


def test_lesson_09_round_74b_nil_gamble_and_quick_check():
    """Rater r74b: the bid quiz gave a kept nil's +100 before scoring was taught, and only its upside; East's
    broken nil was never compared with a bid of 1; the Quick check opened with its hardest question and its
    code-computed answers could not be read; the Spades trick table had no word on the first trump."""
    from hearts_teach.course.spades_lesson import play_spades, same_deal
    from hearts_teach.games.spades import score_hand

    cells = _cells("09_hearts_vs_spades")
    text = " ".join(" ".join(_src(c) for c in cells if c["cell_type"] == "markdown").split())
    bid = _quizzes("09_hearts_vs_spades")["contract_quiz"]  # r84: the contracts, not the bots' rounding
    scoring = next(i for i, c in enumerate(cells) if _src(c).startswith("## Scoring"))
    asked = next(i for i, c in enumerate(cells) if "contract_quiz = Quiz(" in _src(c))
    assert asked < scoring and not any(re.search(r"\+?100|scores 10", r) for r in bid.reasons.values())
    assert "scored on its own" in bid.reasons["East nil; South–North 9, West–East 2"]
    _, spades = same_deal(17)
    play_spades(spades, seed=2)
    assert spades.bids[3] == 0 and spades.tricks_won[1] + spades.tricks_won[3] == 3
    as_one = list(spades.bids)
    as_one[3] = 1
    assert score_hand(as_one, list(spades.tricks_won)).team_points[1] == 30
    assert score_hand(list(spades.bids), list(spades.tricks_won)).team_points[1] == -79
    # r74b read: the +30 holds only if the tricks fell the same: said
    assert ("Nil pays only when kept. Had East bid 1, with the same tricks, West–East's contract of 3 would "
            "have been made: +30 instead of −79.") in text  # r116 (words): "with the same tricks" says it
    first_spade = next(t for t in spades.tricks if any(c.suit.letter == "S" for c in t.cards))
    assert first_spade.number == 8 and first_spade.card_of(1).pretty == "K♠" and first_spade.trumped
    assert "no spade appears until trick 8: there West, out of clubs, trumps with the K♠" in text
    names = [n for c in cells for n in ("trump_quiz", "lead_quiz", "nil_quiz", "bags_quiz", "end_quiz")
             if f"{n} = Quiz(" in _src(c)]
    assert names == ["trump_quiz", "lead_quiz", "nil_quiz", "bags_quiz", "end_quiz"]  # easy to hard
    end = next(_src(c) for c in cells if "end_quiz = Quiz(" in _src(c))
    nil = next(_src(c) for c in cells if "nil_quiz = Quiz(" in _src(c))
    assert "# answer: West–East win, 500 to 412 (South–North's tenth bag costs them 100)" in end
    last = score_hand([3, 3, 2, 3], [4, 3, 3, 3], bags=(8, 0))
    assert (460 + last.team_points[0], 440 + last.team_points[1]) == (412, 500)
    assert "# answer: -59 (contract of 4 made with 5 tricks: +40, 1 bag +1; North's nil broken: -100)" in nil
    # r102: the trump and lead checks sit next to the play (after the trick table), not in a section after scoring
    assert "## Trump and leading" not in text


def test_lesson_10_r75_trial_reason_trick_one_dump_and_code_hints():
    """Rater r75: (1) "200 deals will decide" hid that the void pass is judged on a new 40-deal gain, measured on the
    bot that dumps; (2) dump_play has no trick check: on trick 1 the Q♠ is legal only in a hand of nothing but points
    (RULES edge case 1), so the code says so; (3) the moon-deal search is marked "no need to read"; (4) the `paired`
    import was unused; (5) the exercise line gives the list's shape; (6) ada.py is saved with write_text, not copied."""
    cells = {c.get("id"): _src(c) for c in _cells("10_write_a_bot")}
    outs = {c.get("id"): "".join("".join(o.get("text", "")) for o in c.get("outputs", [])) for c in _cells("10_write_a_bot")}
    # r94 (r93, r94): the void pass is measured last, on the dumping bot, its trial decided in its own cell
    assert "on trial" not in outs["step-void"] and (
        "keep rule (void pass): keep (gains +0.42 on 40 deals and +0.29 on 200: both positive)\n" in outs["step-void"])
    # r119 (words, for the r118 newcomer's additions): "It suits step 2's dumping." cut; step 3 is measured on the
    # dumping bot, as its cell shows
    assert "It suits step 2's dumping." not in " ".join(cells["step-void-md"].split())
    assert "if QUEEN in legal:                                 # legal on trick 1 only if you hold nothing but points\n" in (
        cells["step-dump"])
    assert cells["moon-deal"].startswith("# No need to read this cell line by line:")
    assert "paired" not in cells["measure"]
    # r84: "with out[c.suit] (not empty: true) as the test" was too terse: what out[c.suit] is, and when it is true
    assert ("#   [c for c in view.legal if ...]; for the test use out[c.suit],\n" in cells["my-pass"]
            and "#   a list of that suit's cards still out: true when not empty\n" in cells["my-pass"])
    # r98 (newcomer r97): the one step a learner must do, saving ada.py, was hidden in a code comment: the markdown says it
    assert "To save it" not in cells["ada-file"] and "copy the printed text" not in cells["ada-file"]
    assert ('to save it, run `from pathlib import Path; Path("ada.py").write_text(ADA)`.'  # r111, r114: words
            ) in " ".join(cells["ada-md"].split())


def test_lesson_10_r79_quizzes_give_feedback_and_guards_below_the_queen():
    """Rater r79 (false 2, 3): the two quizzes sent the reader into bot_lesson.py for reasons the Quiz shows on a click;
    "fewer than five lower spades" read, for the A♠, as spades below the ace: the rule bot counts 2♠ to J♠."""
    from hearts_teach.agents.hearts.policy import LOW_SPADES
    from hearts_teach.course.bot_lesson import duck_quiz, interval_quiz
    from hearts_teach.kernel.cards import CardList

    cells = {c.get("id"): _src(c) for c in _cells("10_write_a_bot")}
    for key in ("duck-quiz", "quiz"):
        assert "click an answer to see why" in cells[key] and "bot_lesson.py" not in cells[key]
    for quiz in (duck_quiz(), interval_quiz()):
        assert all(quiz.reasons[choice] for choice in quiz.choices)   # each choice shows its reason when clicked
    assert LOW_SPADES == CardList("2S 3S 4S 5S 6S 7S 8S 9S TS JS").mask   # the spades below the queen
    text = " ".join(" ".join(_src(c) for c in _cells("10_write_a_bot") if c["cell_type"] == "markdown").split())
    # r97: the rule said the other way round ("unless it has five or more spades below the queen")
    assert "unless it has five or more spades below the queen" in text and "lower spades" not in text


def test_lesson_09_round_76b_bid_rule_nil_bust_and_high_cards():
    """Rater r76: (1) the bid quiz's answer used a nil rule never stated ("nearest" would round East's ¾ to 1): the
    bots' rule is said before the quiz, as ``smart_bid`` applies it here; (2) "every trick it wins counts towards
    your bid" is false for a nil bidder and past the bid; (3) why South's ducking under the J♠ busted the nil."""
    from hearts_teach.agents.spades import estimate_tricks, nil_ok, smart_bid
    from hearts_teach.course.spades_lesson import before_play, play_instead, play_spades, same_deal

    cells = _cells("09_hearts_vs_spades")
    text = " ".join(" ".join(_src(c) for c in cells if c["cell_type"] == "markdown").split())
    # r105: the rounding rule came first, so East's ¾ read as a bid of 1: the nil rule, which the bots test first, leads
    rule = ("A hand under 1 trick with no ace and at most three spades bids nil; any other bids the estimate rounded to "
            "the nearest trick (at least 1). Before the contracts print, work them out:")  # r89: the 09b pointer cut for words
    assert rule in text
    _, spades = same_deal(17)
    south, east = spades.dealt(0), spades.dealt(3)
    assert estimate_tricks(south, long_spades=True) == 5.25 and smart_bid(south) == 5
    assert estimate_tricks(east, long_spades=True) == 0.75 and nil_ok(east) and smart_bid(east) == 0
    assert not any(c.rank == 14 for c in east) and sum(c.suit.letter == "S" for c in east) == 2
    # r77 rater: the tricks count for the side's contract, and a broken nil's tricks still count for the partner's
    # contract (docs/rules.md S3, S8): "not if you bid 0" was wrong; for a nil bidder the trick is the risk
    # r84: nil and bag came before their definitions: pointed to them
    # r102: "once your side has its tricks" was too compressed: "has made its bid"
    assert ("an asset: every trick it wins counts towards your side's bid (but a risk if you bid 0, or once your side "
            "has made its bid: see *nil* and *bag* below)") in text and "(not if you bid 0" not in text
    from hearts_teach.games.spades.scoring import score_hand as _score

    # South bids nil and takes 1 trick, North bid 4 and took 3: the nil is broken, the side's 4 made with South's trick
    assert _score([0, 3, 4, 3], [1, 3, 3, 6]).team_points[0] == 40 - 100
    assert "The partner tries to protect it; the opponents try to break it." in text
    # r117 (newcomer r116 item 3.4): why West did not protect East's nil at trick 12: it held no spade above the J♠
    assert ("leaves the nil bidder winning the trick. Had South played the A♠, East's nil would "  # r102
            # r119 (newcomer r118 item 3.2): why it would be clean: East's last card (held below)
            "still be clean (its last card, the 3♥, could not win). West, last, held no spade above the J♠.") in text
    play_spades(spades, seed=2)
    from hearts_teach import Card

    jack = Card("JS")
    west_spades = [c for c in spades.dealt(1) if c.suit is jack.suit and not any(c in t.cards for t in spades.tricks[:11])]
    assert spades.tricks[11].card_of(1) in west_spades and all(c.rank < jack.rank for c in west_spades)  # r117: West, last
    ace = play_instead(before_play(spades, 4 * 11 + 2), seed=2, cards=["AS"])
    assert ace.tricks[11].winner == 0 and ace.tricks_won[3] == 0
    assert ace.tricks[12].card_of(3) == Card("3H")  # r119: East's last card, the 3♥


def test_lesson_10_r84_open_questions_answered_and_the_keep_rule_reason():
    """Rater r83 (read as r84): the replay question and the interval quiz were never answered in text; "a loose test"
    was never explained; the tie comment on the first pass was cramped."""
    from hearts_teach.course.bot_lesson import INTERVAL_ANSWER, interval_quiz

    cells = {c.get("id"): c for c in _cells("10_write_a_bot")}
    # r84: the replay question ("how many spade leads can South follow without her?") answered: one, the 8♠
    # r97: the question asks on which spade lead at the latest South must play her: the second (the 8♠ covers one)
    # r107: the answer is folded under the question (moon-last-read); replay-points gives the reason
    assert "<details><summary>Answer</summary>The second: her other spade goes first.</details>" in _src(cells["moon-last-read"])
    assert "1. **A passed Q♠ with one guard.** West passed the Q♠ to South" in _src(cells["replay-points"])
    assert "Answer: the second." not in _src(cells["replay-points"])
    drive = "".join("".join(o.get("text", "")) for o in cells["replay-drive"]["outputs"])
    assert "South's spades after the pass: 8♠ Q♠\n" in drive  # one spade besides her
    spade_tricks = re.findall(r"^trick \d+: .*· South could play (.*)$", drive, flags=re.M)
    assert spade_tricks[:2] == ["8♠ Q♠", "Q♠"]  # the first lead: either; the second: only her
    # r84: the quiz's answer after the quiz (four times the deals: the standard error, so the width, halves)
    # r86: it sat in view right under the quiz, read before choosing: folded, as the other lessons' answers
    assert _src(cells["turn"]).startswith(f"<details><summary>Answer</summary>{INTERVAL_ANSWER.capitalize()} (√4 = "
                                          "2).</details>\n\n## Your turn")
    assert "Answer: about half" not in _src(cells["turn"])
    assert INTERVAL_ANSWER == "about half as wide" and INTERVAL_ANSWER in str(interval_quiz())  # the answer given to Quiz
    # r84: the tie comment in two plain lines
    first = _src(cells["first-bot"])
    assert ("# Ties keep view.cards' order: clubs, diamonds, hearts, spades (printouts show spades first).\n"
            "# So of Q♦ and Q♥, Q♥ comes later and is passed.\n") in first
    out = "".join("".join(o.get("text", "")) for o in cells["first-bot"]["outputs"])
    assert "first_pass for South of this deal:       Q♥ A♣ A♦\n" in out  # r85: aligned under the "as dealt" label


def test_lesson_09_r84_read_contracts_dealer_and_wording():
    """Rater r82 (read as r84): the first quiz asked the bots' rounding, not a rule of Spades: it asks the contracts
    of the bots' bids (docs/rules.md S3), which follow the stated rule; the dealer bidding last was unsaid; "ask about
    that card" named no asker; the set example got no word; two end-quiz choices both meant "play another hand"."""
    from hearts_teach.agents.spades import smart_bid
    from hearts_teach.course.spades_lesson import contracts_text, same_deal, tally_text
    from hearts_teach.games.spades import SpadesHand

    _, spades = same_deal(17)
    assert [smart_bid(spades.dealt(s)) for s in range(4)] == [5, 2, 4, 0]  # "By that rule the bots bid ..."
    for b in (5, 2, 4, 0):  # East deals, so South bids first: seat order
        spades.bid(b)
    assert spades.contracts == (9, 2) and contracts_text(spades) == "Contracts: South–North 9, West–East 2 (East nil)"
    fresh = SpadesHand.deal(seed=1, dealer=3)
    for b in (3, 4, 2, 4):
        fresh.bid(b)
    assert contracts_text(fresh) == "Contracts: South–North 5, West–East 8"
    assert tally_text(fresh) == "Tricks: South–North 0 (contract 5), West–East 0 (contract 8)"
    cells = _cells("09_hearts_vs_spades")
    text = " ".join(" ".join(_src(c) for c in cells if c["cell_type"] == "markdown").split())
    # r116 (newcomer r115 item 3.5): why bidding last helps: said
    assert "The dealer bids last and can fit its bid to the other three: an advantage that goes round with the deal." in text
    assert "may South lead the A♠ at trick 1?" in text and "ask about that card" not in text  # r102: moved
    assert "In the first hand below, West–East are set: −80. In the second," in text  # r89: shorter
    end = _quizzes("09_hearts_vs_spades")["end_quiz"]
    assert "a tie: another hand is played" in end.choices and "another hand is played" not in end.choices


def test_lesson_07_r84b_greyed_cards_said_for_the_play_not_the_pass():
    """Rater r84 (read for r84b): "click a greyed one to see why" sat above the pass, where no card is greyed
    (every card can be chosen to pass); the sentence now says it holds during play, where the engine's illegal
    cards are drawn greyed."""
    from hearts_teach.present.widgets import TableWidget

    cells = _cells("07_play_a_match")
    md = {c.get("id"): " ".join(_src(c).split()) for c in cells if c["cell_type"] == "markdown"}
    # r84b: said for the play
    assert "During play, legal cards stand raised; click a greyed one to see why." in md["8593eeda"]
    assert "## Reading the table Playable cards stand raised" not in md["8593eeda"]
    table = TableWidget(seed=1, opponents="rule", marks=False)
    assert all(face.active for face in table.pass_picker.buttons.values())  # the pass: nothing greyed
    table.hint()
    table.pass_cards(table.hint_result.cards)
    faces = table.hand_widget.buttons
    legal = {str(c) for c in table.hand.legal_plays(table.you).cards} if table.hand.to_act() == table.you else set()
    assert {k for k, f in faces.items() if f.active} == legal and len(legal) < len(faces)  # the rest greyed


def test_lesson_07_r86_trick_4s_answer_shows_the_card_played_only_inside_its_fold():
    """Report r86/07: "South's hand after trick 4" was printed under the trick-4 question outside the Answer fold,
    and a hand without the K♠ gave the answer away. The hand now sits in the fold; only West's reason for its lead
    (a clue for the next paragraph, not the answer) prints in view."""
    cells = _cells("07_play_a_match")
    answer = next(c for c in cells if _src(c).startswith("# the coach's verdict on trick 4"))
    assert "Quiz(" in _src(cells[cells.index(answer) - 1])  # right under the question
    shown = "".join("".join(o.get("text", "")) for o in answer["outputs"] if o["output_type"] == "stream")
    folded_text = "".join("".join(o.get("data", {}).get("text/plain", "")) for o in answer["outputs"]
                          if o["output_type"] == "display_data")
    assert "South's hand after trick 4" not in shown and "K♠" not in shown.split("West's reason")[0]
    assert "South's hand after trick 4: ♠ 6  ♥ Q 6 4  ♦ K 8 7 3  ♣ 6" in folded_text
    assert folded_text.startswith("Answer (open it once you have chosen)")
    # r89 (report r86/07, item 1): West's reason, the clue, printed after the question; now with South's position,
    # above it, and nothing prints in view under the question
    assert shown == ""
    position = next(c for c in cells if c.get("id") == "l07-pos4")
    assert cells.index(position) < cells.index(answer) - 1
    assert "West's reason for leading trick 4, from its bot's own decision: 4♠:" in "".join(
        "".join(o.get("text", "")) for o in position["outputs"])


def test_lesson_07_norths_ace_on_trick_2_and_trick_4_points_are_printed() -> None:
    """r93: North played the A♠ on trick 2 while holding the Q♠, and the lesson never said why; the trick-4
    verdict showed only Q♠ %, so its *blunder* could not be checked against the grades (points, docs/rules.md)."""
    from hearts_teach.course.why import why_played

    cells = _cells("07_play_a_match")
    md = {c.get("id"): " ".join(_src(c).split()) for c in cells if c["cell_type"] == "markdown"}
    fold = next("".join(o["data"]["text/plain"]) for c in cells if c.get("id") == "l07-dec2-code"
                for o in c["outputs"] if "data" in o)
    demo = _lesson07_demo_played()
    second = demo.hand.tricks[1]
    north = demo.hand.seat_names.index("North")
    assert second.seats[-1] == north and str(second.cards[-1]) == "AS" and second.points == 0  # North played last
    assert any(str(c) == "QS" and s == north for t in demo.hand.tricks[2:] for s, c in zip(t.seats, t.cards, strict=True))  # held her
    why = why_played(demo.hand, 2, north)
    assert why.branch == "last-clean" and f"North's reason for its A♠ on trick 2, from its bot's own decision: {why}" in fold
    # r93 (my review): "So did" had no clear antecedent after the fold
    # r98 (r97 read: it gave away the queen's seat before trick 6 and puzzled): cut; the fold still prints North's reason
    assert "North did the same" not in md["l07-dec2-why"] and "So did North" not in md["l07-dec2-why"]
    # every grade checkable: trick 4's points, the 6♠ over 3 points worse than the K♠ (a blunder)
    shown = re.search(r"Points this hand on average, on the coach's deals: K♠ ([0-9.]+), 6♠ ([0-9.]+)\n", fold)
    assert shown and float(shown[2]) - float(shown[1]) > 3 and "6♠: blunder" in fold
    # r107 (r107 read: why trick 2's A♠ turned up in trick 4's answer): the line says what it answers
    assert f"Why the A♠ is gone: North's reason for its A♠ on trick 2, from its bot's own decision: {why}" in fold


def test_lesson_07_r107_bare_king_must_follow_review_line_hint_pass_and_controls() -> None:
    """Newcomer r107_07: "probably have to play it" of a bare K♠ (rule 5: it must follow); the review's "Q♦/K♦ goes
    over 6♦" read as what sets it apart (the 7♦/8♦ go over the 6♦ too); "compare with *Hint*" with no hint shown;
    *Confirm pass* and the review's *Try again* missing from the table's parts."""
    from hearts_teach import Card
    from hearts_teach.present.widgets import TableWidget

    cells = _cells("07_play_a_match")
    ids = [c.get("id") for c in cells]
    md = {c.get("id"): " ".join(_src(c).split()) for c in cells if c["cell_type"] == "markdown"}
    printed = "".join("".join(o.get("text", "")) + "".join(o.get("data", {}).get("text/plain", ""))
                      for c in cells for o in c.get("outputs", []))
    quiz = " ".join(_src(cells[ids.index("l07-quiz2")]).split())
    assert "probably" not in quiz and "the next spade lead makes you play it (follow suit)" in quiz
    # the review's trick-3 line, and the 7♦/8♦ beside it: both go over the 6♦ (trick 3 as printed)
    assert "Q♦/K♦ goes over 6♦" in printed and "Trick 3 so far (led by North): North 2♦, East 6♦" in printed
    assert Card("7D").rank > Card("6D").rank
    # r114 (r114 read: the note came only inside a later fold, from the Q♦'s side): it opens l07-take, first after
    # the review, and names the low diamonds South spends under tricks 6, 7 and 11 (checked just after it)
    assert md["l07-take"].startswith("Review, trick 3: the 7♦/8♦ go over the 6♦ too, but spend low diamonds South "
                                     "needs later. On trick 6")
    assert "South played under each (8♦, 7♦, 3♦)" in md["l07-take"]
    assert "in hand for a later diamond trick" not in md["l07-take"]
    assert "5.0. The 7♦/8♦ go over" not in md["l07-take"]
    # the live hand's pass: the hint's three are the answer's three
    live = TableWidget(seed=1, opponents="rule")
    live.hint()
    assert sorted(c.pretty for c in live.hint_result.cards) == sorted(["Q♠", "A♣", "Q♣"])
    # r114 (r114 read: no saved output showed the hint's pass): cell cfcea655 prints it, folded, after the question
    shown = "".join("".join(o.get("data", {}).get("text/plain", "")) for o in cells[ids.index("cfcea655")]["outputs"])
    # r119 (newcomer r118/07: the question is pass her or keep her, yet only passes with her were compared): the
    # coach's best pass that keeps her is printed beside the hint's, from the same assessment
    # r120 (newcomer r120/07: the hint compares with 10♣ A♣ Q♠, a pass the table did not show): the runner-up the
    # hint names is printed too
    assert shown.startswith("Hint's pass for your first hand, the pass it compares with, and the coach's best pass "
                            "that keeps the Q♠ (open it once you have chosen)\nHint: Pass Q♣ A♣ Q♠:")
    runner = live.hint_result.assessment.candidates[1]
    assert f"less often than with {runner.label}." in shown and f"\n{runner.label} " in shown
    keep = next(p for p in live.hint_result.assessment.candidates if "QS" not in map(str, p.cards))
    top = live.hint_result.assessment.candidates[0]
    assert f"\n{keep.label} " in shown and keep.exp_points > top.exp_points and keep.call != "best"
    assert ids.index("8593eeda") < ids.index("cfcea655")
    assert "Pass your two highest clubs, A♣ and Q♣, with her" in md["8593eeda"] and "*Hint* passes the same three (fold below)." in md["8593eeda"]
    # the parts list names the buttons the lesson tells you to press
    assert "- **The controls**: *Confirm pass*, *Hint*," in md["8593eeda"]
    assert "- **The review**, after each hand: *Try again* on a moment it names plays it again." in md["8593eeda"]
    assert "press *Confirm pass*" in md["8593eeda"] and "*Try again*" in md["8dd2b73e"]


def test_lesson_06_made_up_standard_totals_are_multiples_of_26() -> None:
    """r103: under the standard rules a hand's scores add up to 26 (78 with a moon; docs/rules.md), so standard
    match totals are multiples of 26. Every set of four totals in the lesson (a "South n, West n, North n, East n"
    line in prose, code or output, or a 4-tuple in code) must be one; only Omnibus (cell l06-14 and the Omnibus
    question, where a hand adds up to 16) is exempt. The tie example's extra hand adds up to 26."""
    import re

    from hearts_teach.games.hearts.scoring import final_scores
    from hearts_teach.kernel.cards import JD_MASK, POINTS_MASK

    cells = _cells("06_scoring_a_match")
    named = re.compile(r"South (-?\d+)(?: \(\+\d+\))?, West (-?\d+)(?: \(\+\d+\))?, North (-?\d+)(?: \(\+\d+\))?, "
                       r"East (-?\d+)")
    tupled = re.compile(r"\((-?\d+), (-?\d+), (-?\d+), (-?\d+)\)")
    found = []
    for cell in cells:
        if cell.get("id") in ("l06-14", "98fdba5c"):  # Omnibus: 16 a hand
            continue
        if cell.get("id") == "l06-check-quiz":  # r116: the scoresheet question: one hand row fails the check on purpose
            assert sorted(sum(map(int, m)) for m in tupled.findall(_src(cell))) == [25, 26, 26, 78]
            continue
        text = _src(cell) + "".join("".join(o.get("text", "")) for o in cell.get("outputs", []))
        found += [tuple(map(int, m)) for m in named.findall(text)]
        if cell["cell_type"] == "code":
            found += [tuple(map(int, m)) for m in tupled.findall(_src(cell))]
    assert len(found) >= 15  # the tie examples, the three questions, the your-turn cell, the what if
    assert [t for t in found if sum(t) % 26] == []
    assert (5, 3, 10, 8) in found and (101, 78, 64, 95) in found and (97, 84, 75, 80) not in found
    # the Omnibus rule the prose states: a shooter who takes the J♦ too scores 0 − 10 = −10 (the engine)
    assert final_scores([POINTS_MASK | JD_MASK, 0, 0, 0], "add_to_others", True)[0] == (-10, 26, 26, 26)


def test_lesson_07_r109_north_holds_the_queen_from_the_printed_reasons() -> None:
    """r109: East's trick-2 reason left the Q♠ with West or North (l07-dec1); West's trick-4 reason (printed above the
    trick-4 question) rules West out, so North holds her: said in l07-dec2-why, checked against the deal."""
    from hearts_teach import Card
    from hearts_teach.course.why import why_played

    cells = _cells("07_play_a_match")
    md = {c.get("id"): " ".join(_src(c).split()) for c in cells if c["cell_type"] == "markdown"}
    printed = "".join("".join(o.get("text", "")) + "".join(o.get("data", {}).get("text/plain", ""))
                      for c in cells for o in c.get("outputs", []))
    assert "So the queen is with West or North, who play after South." in md["l07-dec1"]
    # r111 (r111 read: "too" sent the reader back to trick 2): the chain East, then West, spelled out
    # r112 (r112 read: the deduction seemed to need the bots' printed reasons, unseen at a real table): the leads
    # alone, by Solid's lead rule (l07-dec1), place her
    # r114 (r114 read: l07-dec1 says what Solid leads without the queen, not that it never leads low with her, so
    # the lead alone proves nothing): the printed reasons, checked below, rule West and East out
    # r116 (r115 read: "as East's did East" read three times; could a real table, which prints no reasons, tell?):
    # both reasons in one clause, and that the leads alone prove nothing
    # r117 (r116 read: l07-dec1's "So" from a lead, then "leads alone prove nothing"): both now rest on the printed
    # reasons, and this says a real table shows none
    assert ("(West's reason for trick 4's lead). West's and East's reasons say neither holds the Q♠: North does; "
            "at a real table (no reasons shown), their leads prove nothing." in md["l07-dec2-why"])
    assert "North does; at a real table (no reasons shown), their leads prove nothing." in md["l07-dec2-why"]
    assert "their leads alone prove nothing" not in md["l07-dec2-why"]
    assert "rules West out" not in md["l07-dec2-why"] and "as East's did East" not in md["l07-dec2-why"]
    assert "That lead alone" not in md["l07-dec2-why"]
    # r116 (r115 read: could West have passed the A♦ on to North?): the trick-3 question says no, by docs/rules.md H2
    assert ("you passed your A♦ to West, who plays last (and could not pass it on: the cards change hands only once "
            "all four have chosen)") in printed
    assert "the cards change hands only once every player has chosen" in (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    demo = _lesson07_demo_played()
    names = demo.hand.seat_names
    east, west, north = (names.index(n) for n in ("East", "West", "North"))
    # the two printed reasons say the leader holds none of Q♠ K♠ A♠
    for trick, seat in ((2, east), (4, west)):
        why = str(why_played(demo.hand, trick, seat))
        assert "it holds none of Q♠ K♠ A♠ and the queen has not been played yet" in why and why in printed
        assert demo.hand.tricks[trick - 1].seats[0] == seat  # the leader
    assert all(Card("QS") not in t.cards for t in demo.hand.tricks[:4])  # still out on trick 4
    # the deal agrees: North plays her after trick 4 (trick 6), so North held her on trick 4
    assert any(s == north and c == Card("QS") for t in demo.hand.tricks[4:] for s, c in zip(t.seats, t.cards, strict=True))
