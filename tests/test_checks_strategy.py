"""Exercise 07 helpers: validity checks, tournament evaluations and coach-graded drills."""

from __future__ import annotations

import pytest

from hearts_teach.classroom.checks import check
from hearts_teach.classroom.checks import strategy as st


def rank(card):
    return "23456789TJQKA".index(card[0]) + 2


def my_pass(hand):
    return sorted(hand, key=rank, reverse=True)[:3]


def my_discard(legal, trick):
    return "QS" if "QS" in legal else max(legal, key=rank)


REFERENCE_ANSWERS = {1: ["JC", "AC", "AD"], 2: ["QC", "AC", "KD"], 3: "KC", 4: "QS", 5: "5C"}


def test_valid_pass_and_discard_pass_their_checks():
    assert check("my_pass", my_pass, quiet=True).ok
    assert check("my_discard", my_discard, quiet=True).ok


@pytest.mark.parametrize("func,problem", [
    (lambda hand: hand[:2], "exactly 3 cards"),
    (lambda hand: [hand[0], hand[0], hand[1]], "appears twice"),
    (lambda hand: ["QS", "AS", "KS"] if "QS" not in hand else ["2C", "3C", "4C"] if "2C" not in hand else
     ["QH", "QD", "QC"] if "QH" not in hand else ["JH", "JD", "JC"], "not in the hand"),
])
def test_invalid_passes_are_caught(func, problem):
    res = check("my_pass", func, quiet=True)
    assert res.first_failure.kind == "wrong" and problem in res.first_failure.message


@pytest.mark.parametrize("func,kind", [
    (lambda legal, trick: "2C" if "2C" not in legal else "3C" if "3C" not in legal else "4C", "wrong"),
    (lambda legal, trick: trick[0], "wrong"),  # plays the led card: not in its hand
    (lambda legal, trick: legal, "wrong_type"),
    (lambda legal, trick: legal.pop(), "mutated"),
])
def test_invalid_discards_are_caught(func, kind):
    assert check("my_discard", func, quiet=True).first_failure.kind == kind


def test_evaluate_pass_compares_on_the_same_deals(capsys):
    res = st.evaluate_pass(my_pass, deals=2, seed=1)
    out = capsys.readouterr().out
    assert res.ok and res.labels == ("your pass", "rule bot's pass")
    assert len(res.points[0]) == len(res.points[1]) == 8
    assert "2 deals × 4 seatings = 8 hands" in out and "± " in out
    # passing exactly like the rule bot gives no difference at all, hand by hand
    from hearts_teach.agents.hearts import make_bot
    from hearts_teach.games.hearts.hand import Hand

    def rule_like(hand):
        return [str(c) for c in make_bot("rule", seed=1).choose_pass(_view_for(hand, Hand))]

    same = st.evaluate_pass(rule_like, deals=2, seed=1)
    assert same.points[0] == same.points[1]


def _view_for(cards, Hand):
    # a pass view with exactly these 13 cards for seat 0 (the other seats' cards do not matter)
    from hearts_teach.kernel.cards import DECK, CardList

    mine = CardList(cards)
    rest = [c for c in DECK if c not in mine]
    deal = [list(mine), rest[:13], rest[13:26], rest[26:39]]
    return Hand(deal, "left").view(0)


def test_evaluate_discard_has_three_policies(capsys):
    res = st.evaluate_discard(my_discard, deals=2, seed=2)
    assert res.labels == ("your discards", "rule bot", "lowest card")
    assert all(len(p) == 8 for p in res.points)
    assert "your discards − lowest card" in capsys.readouterr().out


def test_evaluations_report_stub_errors_and_bad_returns_in_one_line(capsys):
    def my_pass(hand):
        raise NotImplementedError()

    res = st.evaluate_pass(my_pass, deals=1)
    assert not res.ok and "my_pass is not implemented yet" in res.error

    res = st.evaluate_discard(lambda legal, trick: "ZZ", deals=1)
    assert not res.ok and "not a card" in res.error

    res = st.evaluate_pass(lambda hand: 1 / 0, deals=1)
    assert "ZeroDivisionError" in res.error
    out = capsys.readouterr().out
    assert "Traceback" not in out
    assert res.plot() is None


def test_guarded_stops_an_endless_loop():
    def slow(legal, trick):
        while True:
            pass

    with pytest.raises(st.TooSlow):
        st.guarded(slow, time_limit=0.2)(["2C"], [])


def test_drills_are_fixed_positions_for_south():
    for d in st.DRILLS:
        v = d.view()
        assert v.seat == 0
        if d.kind == "pass":
            assert v.phase == "pass"
        else:
            assert v.my_turn and len(v.legal) >= 3
    assert [d.kind for d in st.DRILLS].count("pass") == 2


def test_reference_drill_answers_score_full_marks(capsys):
    res = st.grade_drills(lambda: REFERENCE_ANSWERS)
    assert (res.score, res.out_of) == (10, 10), capsys.readouterr().out
    assert capsys.readouterr().out.rstrip().endswith("Score: 10 of 10 marks.")


def test_poor_and_invalid_drill_answers_lose_points(capsys):
    res = st.grade_drills(lambda: {3: "3C", 4: "4D", 5: "ZZ"})
    out = capsys.readouterr().out
    assert res.verdicts[0] == res.verdicts[1] == "missing"
    assert res.verdicts[3] in ("mistake", "blunder")  # keeping the Q♠ when void
    assert res.verdicts[4] == "invalid" and "invalid card" in out
    assert res.score < 6


def test_drill_answers_keyed_by_text_count_and_other_keys_are_named_once(capsys):
    as_text = {str(k): v for k, v in REFERENCE_ANSWERS.items()}
    res = st.grade_drills(lambda: as_text)
    assert (res.score, res.out_of) == (10, 10), capsys.readouterr().out
    capsys.readouterr()
    res = st.grade_drills(lambda: {"first": REFERENCE_ANSWERS[1], 9: "QS", **{k: v for k, v in REFERENCE_ANSWERS.items() if k > 1}})
    out = capsys.readouterr().out
    assert out.count("Not read as drill numbers 1 to 5: 'first', 9.") == 1, out
    assert res.verdicts[0] == "missing" and out.count("no answer yet") == 1


def test_drill_stub(capsys):
    def my_drill_answers():
        raise NotImplementedError()

    res = st.grade_drills(my_drill_answers)
    assert res.score == 0 and "not implemented yet" in capsys.readouterr().out
