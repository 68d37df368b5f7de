"""Matches: seeded hands, the pass rotation, running totals, the score table, the end
(docs/rules.md H12). The tie-for-lowest golden case is in test_golden.py."""

from __future__ import annotations

import pytest

from hearts_teach import Match, Phase, Rng, Rules, WrongPhaseError


def finish_hand(m: Match, rng: Rng) -> None:
    h = m.hand
    for s in h.to_pass:
        h.pass_cards(s, rng.sample(list(h.cards(s)), 3))
    while not h.is_over:
        h.play(rng.choice(list(h.legal_plays())))


def play_match(seed: int, rules: Rules | None = None) -> Match:
    m = Match(seed=seed, rules=rules)
    rng = Rng(seed)
    while True:
        finish_hand(m, rng)
        if m.is_over:
            return m
        m.next_hand()


def test_match_hands_are_reproducible_from_the_seed():
    a, b = Match(seed=9), Match(seed=9)
    assert a.hand.snapshot() == b.hand.snapshot()
    assert a.hand_seed(3) == b.hand_seed(3) != Match(seed=10).hand_seed(3)
    assert Match(seed=9).hand.dealt(0) != Match(seed=10).hand.dealt(0)


def test_a_full_match_ends_with_the_lowest_total_winning():
    m = play_match(4)
    totals = m.totals
    assert max(totals) >= 100
    assert m.winner == totals.index(min(totals)) and totals.count(min(totals)) == 1
    assert [h.pass_direction for h in m.hands] == [Rules().pass_direction(i) for i in range(len(m.hands))]
    assert m.running_totals()[-1] == totals
    for before, after_, hand in zip([(0, 0, 0, 0)] + m.running_totals()[:-1], m.running_totals(), m.hands,
                                    strict=True):
        assert tuple(a + s for a, s in zip(before, hand.scores, strict=True)) == after_
    with pytest.raises(WrongPhaseError, match="the match is over"):
        m.next_hand()


def test_every_preset_plays_a_full_match():
    for i, name in enumerate(sorted(Rules.presets())):
        m = play_match(100 + i, Rules.preset(name).replace(end_score=60))
        assert m.is_over and max(m.totals) >= 60
        if name == "no_pass":
            assert all(h.pass_direction == "hold" for h in m.hands)


def test_score_table_lists_each_hand_and_the_winner():
    m = play_match(4)
    table = m.score_table()
    lines = table.splitlines()
    assert lines[0].split()[:2] == ["hand", "pass"] and "South" in lines[0] and "East" in lines[0]
    rows = [line for line in lines if line.strip()[:1].isdigit()]
    assert len(rows) == len(m.hands)
    assert rows[0].split()[1] == "left" and rows[1].split()[1] == "right"
    total_line = next(line for line in lines if line.startswith("total"))
    assert [int(x) for x in total_line.split()[1:]] == list(m.totals)
    winner = m.seat_names[m.winner]
    assert f"{winner} wins with {min(m.totals)} (lowest total)." in table
    assert str(m).startswith("Match to 100 (over)")


def test_next_hand_only_after_the_current_hand():
    m = Match(seed=2)
    with pytest.raises(WrongPhaseError, match="hand 1 is not over yet"):
        m.next_hand()
    finish_hand(m, Rng(0))
    nxt = m.next_hand()
    assert nxt is m.hand and m.hand_number == 1 and nxt.pass_direction == "right"
    assert m.totals == m.hands[0].scores
    assert m.winner is None and not m.is_over


def test_match_shortcuts_act_on_the_current_hand():
    m = Match(seed=5, rules=Rules.preset("no_pass"))
    assert m.hand.phase is Phase.PLAY
    m.play("2C")
    assert m.hand.plays[0].index == 0
    m2 = Match(seed=5)
    m2.pass_cards(0, list(m2.hand.cards(0))[:3])
    assert m2.hand.to_pass == (1, 2, 3)
