"""Tournaments: results, duplicate seating, the CLI, learners' functions, plots."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from hearts_teach import Card
from hearts_teach.agents.hearts import UnknownBotError
from hearts_teach.agents.tournament import (
    FunctionBot,
    StudentCodeError,
    TournamentResult,
    deal_for,
    run_tournament,
)


def lowest_legal(view):
    return view.legal[0]


def test_results_are_consistent_with_the_hands_played():
    r = run_tournament(["rule", "random", "easy", "random"], hands=6, seed=2, progress=False)
    assert isinstance(r, TournamentResult)
    assert r.hands == 6 and len(r.hand_scores) == 6
    assert [b.name for b in r.bots] == ["rule", "random", "easy", "random"]
    for e, b in enumerate(r.bots):
        assert b.points == tuple(h[e] for h in r.hand_scores)
        assert b.mean_points == pytest.approx(sum(b.points) / 6)
        assert b.wins == sum(1 for h in r.hand_scores if h[e] == min(h))
    for h in r.hand_scores:
        assert sum(h) in (26, 78)
    d = r.to_dict()
    assert list(d) == ["hands", "bots"]
    assert [list(b) for b in d["bots"]] == [["name", "mean_points", "se", "moons", "wins"]] * 4


def test_same_seed_same_result_and_deals_follow_the_seed():
    a = run_tournament("rule,random,random,random", hands=4, seed=5, progress=False)
    b = run_tournament("rule,random,random,random", hands=4, seed=5, progress=False)
    c = run_tournament("rule,random,random,random", hands=4, seed=6, progress=False)
    assert a == b
    assert a.hand_scores != c.hand_scores
    assert deal_for(5, 0).dealt(0) == deal_for(5, 0).dealt(0)
    assert deal_for(5, 1).pass_direction == "right"


def test_duplicate_seats_every_entry_in_every_seat_on_the_same_deals():
    r = run_tournament(["rule", "rule", "rule", "rule"], hands=3, seed=1, duplicate=True, progress=False)
    assert r.hands == 12 and r.deals == 3
    # identical deterministic bots: every rotation of a deal gives the same seat scores, rotated
    for d in range(3):
        rows = r.hand_scores[4 * d:4 * d + 4]
        for k in range(4):
            assert rows[k] == tuple(rows[0][(e + k) % 4] for e in range(4))
    # so each entry's total equals the total of all points dealt out
    totals = [sum(b.points) for b in r.bots]
    assert len(set(totals)) == 1


def test_edge_is_paired_and_signed():
    r = run_tournament(["rule", "random", "random", "random"], hands=8, seed=3, progress=False)
    edge, se = r.edge(0)
    others = [sum(h[1:]) / 3 - h[0] for h in r.hand_scores]
    assert edge == pytest.approx(sum(others) / len(others))
    assert se > 0


def test_cli_json_and_table():
    cmd = [sys.executable, "-m", "hearts_teach", "tournament", "--seats", "rule,random,random,easy",
           "--hands", "3", "--seed", "4"]
    out = subprocess.run(cmd + ["--json"], capture_output=True, text=True, check=True).stdout
    data = json.loads(out)
    assert data["hands"] == 3
    assert [b["name"] for b in data["bots"]] == ["rule", "random", "random", "easy"]
    direct = run_tournament("rule,random,random,easy", hands=3, seed=4, progress=False).to_dict()
    assert data == json.loads(json.dumps(direct))
    dup = json.loads(subprocess.run(cmd + ["--json", "--duplicate"], capture_output=True, text=True,
                                    check=True).stdout)
    assert dup["hands"] == 12
    table = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
    assert "pts/hand" in table and "easy" in table
    bad = subprocess.run(cmd[:4] + ["--seats", "rule,nobody,rule,rule"], capture_output=True, text=True)
    assert bad.returncode == 2 and "unknown bot" in bad.stderr


def test_progress_bar_on_request(capsys):
    run_tournament(["random"] * 4, hands=3, seed=1, progress=True)
    err = capsys.readouterr().err
    assert "3/3 hands" in err


@pytest.mark.parametrize("seats, error", [
    (["rule", "rule", "rule"], ValueError),
    (["rule", "rule", "rule", "nobody"], UnknownBotError),
    (["rule", "rule", "rule", 42], TypeError),
])
def test_bad_lineups(seats, error):
    with pytest.raises(error):
        run_tournament(seats, hands=1, progress=False)


def test_bad_hand_counts():
    with pytest.raises(ValueError, match="hands"):
        run_tournament(["rule"] * 4, hands=0)


# learners' functions ----------------------------------------------------------------------------
def test_a_good_student_play_function_runs():
    bot = FunctionBot(play_fn=lowest_legal, name="lowest")
    r = run_tournament([bot, "rule", "rule", "rule"], hands=2, seed=1, progress=False)
    assert r.bots[0].name == "lowest" and r.hands == 2 and not r.problems


def _boom(view):
    return 1 / 0


@pytest.mark.parametrize("fn, kind, words", [
    (_boom, "raised", "raised ZeroDivisionError"),
    (lambda v: "hello", "bad_return", "not a card"),
    (lambda v: None, "bad_return", "not a card"),
    (lambda v: 42, "bad_return", "not a card"),
    (lambda v: next(c for c in Card._all if not v.legal_mask >> c.index & 1), "illegal", "legal cards were"),
])
def test_student_play_problems_are_reported(fn, kind, words):
    bot = FunctionBot(play_fn=fn)
    with pytest.raises(StudentCodeError, match=words) as info:
        run_tournament([bot, "rule", "rule", "rule"], hands=1, seed=1, progress=False)
    assert info.value.kind == kind
    assert info.value.view.my_turn
    if kind == "raised":
        assert isinstance(info.value.__cause__, ZeroDivisionError)


@pytest.mark.parametrize("fn, kind, words", [
    (lambda v: v.cards[:2], "bad_return", "exactly 3"),
    (lambda v: "QS", "bad_return", "exactly 3"),
    (lambda v: 7, "bad_return", "return 3 cards"),
    (lambda v: [c for c in Card._all if not v.hand >> c.index & 1][:3], "illegal", "does not hold"),
    (lambda v: [v.cards[0]] * 3, "bad_return", "3 different"),
])
def test_student_pass_problems_are_reported(fn, kind, words):
    bot = FunctionBot(pass_fn=fn)
    with pytest.raises(StudentCodeError, match=words) as info:
        run_tournament([bot, "rule", "rule", "rule"], hands=1, seed=1, progress=False)
    assert info.value.kind == kind and info.value.view.phase == "pass"


def test_fallback_mode_records_problems_and_finishes():
    bot = FunctionBot(play_fn=_boom, on_error="fallback", name="shaky")
    r = run_tournament([bot, "rule", "rule", "rule"], hands=1, seed=1, progress=False)
    assert r.hands == 1 and len(r.problems) == 13
    assert "ZeroDivisionError" in r.problems[0]
    with pytest.raises(ValueError):
        FunctionBot(play_fn=lowest_legal, on_error="ignore")
    with pytest.raises(TypeError, match="without calling it"):
        FunctionBot(play_fn="not a function")


def test_text_html_and_plot():
    import matplotlib

    matplotlib.use("Agg")
    from hearts_teach.present.plots import plot_tournament

    r = run_tournament(["rule", "random", "random", "random"], hands=3, seed=1, progress=False)
    assert "rule" in str(r) and "<table" in r._repr_html_()
    ax = plot_tournament(r)
    assert len(ax.patches) == 4
    assert [t.get_text() for t in ax.get_xticklabels()][0] == "1. rule"
