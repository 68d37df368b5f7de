"""A real signal: leaving out one rule of the game costs at least 15 % of the exercise.

Each variant in ``rule_variants`` is an exercise's solution with one rule left out (or exercise 02's
given rank helper with Q and K swapped). Graded on the visible and the hidden cases with the
scoring the class grader uses (``checks.rules``: the mean over the check's rules of the share of
that rule's cases right), each scores at most 85 %; two of them also go through the real grader
and its gradebook."""

from __future__ import annotations

import csv
import json

import pytest
from rule_variants import VARIANTS

from hearts_teach.classroom import grader, rubric
from hearts_teach.classroom.checks import checker
from hearts_teach.classroom.checks.framework import run_check
from hearts_teach.classroom.checks.rules import ALL_CASES, MAX_RULES, breakdown, rule_of, weighted

RIGHT = {  # the solutions' own answers, for the full-marks side of each variant
    "trick_winner": lambda trick: max(range(4), key=lambda i: (trick[i][1] == trick[0][1],
                                                               "23456789TJQKA".index(trick[i][0]))),
}


def _graded(name: str, func) -> tuple[float, int, int]:
    chk = checker(name)
    cases = chk.cases() + chk.hidden_cases()
    res = run_check(chk, func, cases=cases)
    return res.score, res.passed, res.total


@pytest.mark.parametrize(("name", "variant"), list(VARIANTS), ids=lambda x: getattr(x, "__name__", x))
def test_leaving_out_one_rule_costs_at_least_15_percent(name, variant):
    score, passed, total = _graded(name, variant)
    assert score <= 0.85, (name, variant.__name__, VARIANTS[(name, variant)], f"{100 * score:.1f}%",
                           f"{passed}/{total}")
    assert passed < total


def test_the_right_answer_still_scores_full_marks_by_rule():
    score, passed, total = _graded("trick_winner", RIGHT["trick_winner"])
    assert (score, passed) == (1.0, total)


CHECKS = ["pass_direction", "pass_target", "trick_winner", "legal_plays", "hand_points", "hand_scores",
          "match_over", "match_winner", "contract_points", "spades_score"]


@pytest.mark.parametrize("name", CHECKS)
def test_each_check_has_at_most_six_rules_and_each_rule_has_visible_cases(name):
    chk = checker(name)
    visible = {rule_of(name, c) for c in chk.cases()}
    every = {rule_of(name, c) for c in chk.cases() + chk.hidden_cases()}
    assert 2 <= len(every) <= MAX_RULES and ALL_CASES not in every
    assert every == visible  # a student sees a case of every rule that is graded


def test_a_rule_left_out_costs_its_share_whatever_its_number_of_cases():
    from hearts_teach.classroom.checks.rules import RulePart

    parts = [RulePart("follow suit", 66, 66), RulePart("first trick", 0, 5), RulePart("2♣ leads", 14, 14)]
    assert weighted(parts) == pytest.approx(2 / 3)
    assert weighted([RulePart("a", 1, 2), RulePart("b", 0, 0)]) == 0.5  # a rule with no case weighs nothing


DO_NOTHING = [  # what a function that does nothing answers: right on the base rules only
    ("hand_points", lambda taken: 0),
    ("legal_plays", lambda hand, trick, first_trick, hearts_broken: list(hand)),
    ("hand_scores", lambda points, new_moon=False: list(points)),
    ("match_over", lambda totals, end_score=100: False),
    ("match_winner", lambda totals, end_score=100: None),
]


@pytest.mark.parametrize(("name", "func"), DO_NOTHING, ids=[n for n, _ in DO_NOTHING])
def test_a_function_that_does_nothing_scores_next_to_nothing(name, func):
    # the teacher's trial: these scored 33-48 % when every rule weighed the same (the base rules
    # they get right were a third of the check)
    score, passed, total = _graded(name, func)
    assert passed > 0 and score <= 0.15, (name, f"{100 * score:.1f}%", f"{passed}/{total}")


def test_a_base_rule_counts_as_far_as_the_other_rules_do():
    from hearts_teach.classroom.checks.rules import BASE_RULES, RulePart

    base = sorted(BASE_RULES)[0]
    assert weighted([RulePart(base, 5, 5), RulePart("x", 0, 4), RulePart("y", 0, 3)]) == 0
    assert weighted([RulePart(base, 5, 5), RulePart("x", 4, 4), RulePart("y", 3, 3)]) == 1
    assert weighted([RulePart(base, 5, 5), RulePart("x", 4, 4), RulePart("y", 0, 3)]) == pytest.approx((1 + 0 + 0.5) / 3)


def test_the_rubric_gives_every_exercise_10_marks():
    for notebook, items in grader.course().items():
        checks = [it.check for it in items]
        assert sum(rubric.out_of(c, checks) for c in checks) == pytest.approx(rubric.EXERCISE_MARKS), notebook


def _hand_in(tmp_path, notebook: str, edit) -> list[grader.Row]:
    nb = json.loads((grader.SOLUTIONS / notebook).read_text(encoding="utf-8"))
    for cell in nb["cells"]:
        if cell["cell_type"] == "code":
            cell["source"] = edit("".join(cell["source"]))
    (tmp_path / "sub" / "eve").mkdir(parents=True)
    (tmp_path / "sub" / "eve" / notebook).write_text(json.dumps(nb), encoding="utf-8")
    rows = grader.grade_class(tmp_path / "sub", progress=False)
    grader.write_csv(rows, tmp_path / "g.csv")
    return rows


def test_the_gradebook_says_which_rule_was_missed_and_marks_it(tmp_path):
    # exercise 03 without the first-trick rule: 130 of 138 cases, but a quarter of the marks gone
    rows = _hand_in(tmp_path, "03_legal_plays.ipynb",
                    lambda src: src.replace("        if first_trick:\n", "        if False:\n"))
    [row] = rows
    assert row.passed == row.total - len([c for c in checker("legal_plays").cases() + checker("legal_plays").hidden_cases()
                                          if rule_of("legal_plays", c) == "first trick: no hearts or Q♠"])
    # four rules right, one wrong; the two base rules (exceptions, any card) count as far as the
    # other four do (3/4): (1 + 0 + 1 + 1 + 3/4 + 3/4) / 6
    assert row.score == pytest.approx(0.75)
    assert "rules missed: first trick: no hearts or Q♠ 0/" in row.message
    with open(tmp_path / "g.csv", encoding="utf-8") as fh:
        [line] = list(csv.DictReader(fh))
    assert (line["score"], line["marks"], line["out_of"]) == ("75.0", "7.50", "10.00")
    assert "first trick: no hearts or Q♠ 0/" in line["rules"] and "follow suit" in line["rules"]
    assert "75.0%" in grader.summary(rows).splitlines()[1]
    from hearts_teach.classroom import class_report
    from hearts_teach.classroom.feedback_files import feedback_text

    [ex] = class_report.stats(rows)
    assert ex.mean == pytest.approx(75.0) and ("legal_plays: first trick: no hearts or Q♠", 0.0) in ex.rules
    assert "hardest rule</th><td>legal_plays: first trick: no hearts or Q♠: 0% of its cases right" in class_report.render(rows)
    assert "rules with a case wrong: first trick: no hearts or Q♠ 0/" in feedback_text("eve", rows)


def test_a_given_rank_helper_with_q_and_k_swapped_loses_marks(tmp_path):
    # the helper is given code in exercise 02 (not the student's to write): a student who edits it
    # is caught by the K-above-Q cases (before: 65 of 65)
    rows = _hand_in(tmp_path, "02_trick_winner.ipynb",
                    lambda src: src.replace('RANKS = "23456789TJQKA"', 'RANKS = "23456789TJKQA"'))
    [row] = rows
    assert row.score <= 0.85 and "rules missed: picture cards J < Q < K" in row.message
    assert row.rules == breakdown("trick_winner", checker("trick_winner").cases() + checker("trick_winner").hidden_cases(),
                                  _rights())


def _rights() -> list[bool]:
    # the rule breakdown recomputed from the variant in this process: the grader's and check()'s agree
    def swapped(trick):
        ranks = "23456789TJKQA"
        return max(range(4), key=lambda i: (trick[i][1] == trick[0][1], ranks.index(trick[i][0])))
    chk = checker("trick_winner")
    cases = chk.cases() + chk.hidden_cases()
    return [swapped(*c.args) == c.expected for c in cases]


def test_the_guides_rubric_names_every_rule_of_every_check():
    guide = (grader.ROOT / "docs" / "teaching.md").read_text(encoding="utf-8")
    section = guide[guide.index("## 5. Grading rubric"):guide.index("## 6.")]
    for name in CHECKS:
        chk = checker(name)
        row = next(line for line in section.splitlines() if f"`{name}`" in line and line.startswith("  |"))
        for rule in {rule_of(name, c) for c in chk.cases()}:
            shown = {"made: +10 per trick bid": "made", "bags: +1 per extra trick": "bags",
                     "set: -10 per trick bid": "set", "nil: +100 or -100": "nil",
                     "made: +10 per trick bid, +1 per bag": "made with bags"}.get(rule, rule)
            assert shown in row, (name, rule)


def test_the_rubric_of_exercise_07_validity_checks_are_all_or_nothing_and_the_drills_scaled():
    rows = [grader.Row("ada", "07_strategy.ipynb", "my_pass", 26, 26, "ok", ""),
            grader.Row("ada", "07_strategy.ipynb", "my_discard", 39, 40, "ok", ""),
            grader.Row("ada", "07_strategy.ipynb", "drills", 5, 10, "ok", ""),
            grader.Row("ada", "06_match_winner.ipynb", "match_over", 25, 50, "ok", ""),
            grader.Row("ada", "06_match_winner.ipynb", "match_winner", 0, 50, "error", "")]
    rubric.apply(rows)
    assert [(r.marks, r.out_of) for r in rows] == [(3.0, 3.0), (0.0, 3.0), (2.0, 4.0), (2.5, 5.0), (0.0, 5.0)]


def test_cases_never_run_after_a_timeout_are_said_to_be_not_run():
    # the teacher's trial: one hanging case, and the feedback blamed rules whose cases never ran
    from hearts_teach.classroom.checks.rules import missed

    chk = checker("hand_points")
    cases = chk.cases()
    hang = cases[1].args[0]

    def points(taken):
        if list(taken) == list(hang):
            while True:
                pass
        return sum(1 for c in taken if str(c)[1] == "H") + 13 * ("QS" in [str(c) for c in taken])

    res = run_check(chk, points, time_limit=0.3, cases=cases)
    assert res.timed_out and res.passed == 1
    assert sum(p.not_run for p in res.rules) == len(cases) - 2
    text = missed(res.rules)
    assert "not run)" in text, text
