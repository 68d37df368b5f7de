"""Tournaments of built-in bots on the batch engine give exactly the scalar path's results."""

from __future__ import annotations

import pytest

from hearts_teach.agents.tournament import run_tournament
from hearts_teach.games.hearts.rules import Rules
from hearts_teach.kernel.errors import ArgumentError


@pytest.mark.parametrize("seats,duplicate,seed,rules", [
    (["rule", "random", "random", "random"], False, 1, None),
    (["random", "rule", "rule", "rule"], False, 2026, Rules.preset("queen_breaks")),
    (["random", "easy", "rule", "random"], True, 7, Rules.preset("omnibus")),
    (["rule", "random", "easy", "rule"], True, 3, Rules.preset("no_pass")),
    (["random", "random", "random", "random"], False, 11, Rules.preset("new_moon")),
])
def test_batch_tournament_equals_the_scalar_path(seats, duplicate, seed, rules):
    hands = 12 if duplicate else 40
    scalar = run_tournament(seats, hands=hands, seed=seed, duplicate=duplicate, rules=rules,
                            engine="scalar", progress=False)
    batch = run_tournament(seats, hands=hands, seed=seed, duplicate=duplicate, rules=rules,
                           engine="batch", progress=False)
    assert batch.hand_scores == scalar.hand_scores
    assert batch.to_dict() == scalar.to_dict()
    assert batch.table() == scalar.table()


def test_batch_engine_refuses_other_bots():
    with pytest.raises(ValueError, match="batch engine plays only"):
        run_tournament(["medium", "rule", "rule", "rule"], hands=1, engine="batch")
    with pytest.raises(ArgumentError, match="engine: expected one of 'auto', 'scalar', 'batch'"):
        run_tournament(["rule"] * 4, hands=1, engine="gpu")


def test_lesson_simulations_agree_between_engines():
    """Lessons 04 and 05 run on the batch engine; rule and easy bots choose the same cards
    there as hand by hand, so the rows and moon counts are identical."""
    from hearts_teach.course.lessons import moon_frequency, queen_fate

    assert queen_fate(120, seed=4) == queen_fate(120, seed=4, engine="scalar")
    tables = {"easy": "easy", "rule": "rule"}
    assert moon_frequency(tables, 120, seed=5) == moon_frequency(tables, 120, seed=5, engine="scalar")
