"""Reading the others' past plays (agents.hearts.inference): the replay is exact on real play,
a deal that contradicts a play is weighed down, and the bot that uses it stays a fair bot."""

from __future__ import annotations

import numpy as np
import pytest
from test_batch_sample import check_world

from hearts_teach import Hand, Rules
from hearts_teach.agents.hearts import MonteCarloBot, RuleBot
from hearts_teach.agents.hearts.batch_sample import sample_worlds
from hearts_teach.agents.hearts.inference import (
    play_misses,
    play_weights,
    posterior_deals,
    resample,
)
from hearts_teach.games.hearts.view import View
from hearts_teach.kernel.cards import DECK
from hearts_teach.kernel.errors import ArgumentError
from hearts_teach.kernel.rng import Rng


def _rule_hand(seed: int, rules: Rules | None = None) -> Hand:
    """A hand dealt with ``seed`` whose pass rule bots have made (play not begun)."""
    hand = Hand.deal(seed=seed, rules=rules)
    bots = [RuleBot() for _ in range(4)]
    while hand.phase.value == "pass":
        s = hand.to_pass[0]
        hand.pass_cards(s, bots[s].choose_pass(hand.view(s)))
    return hand


def _true_deal(hand: Hand) -> np.ndarray:
    return np.array([[hand.view(s).hand for s in range(4)]], dtype=np.uint64)


def _true_deal_misses_nothing(hand: Hand) -> int:
    """Play ``hand`` out with rule bots, asserting at every turn that the deal really dealt counts
    no miss; returns how many positions were checked."""
    bots = [RuleBot() for _ in range(4)]
    checked = 0
    while not hand.is_over:
        s = hand.turn
        v = hand.view(s)
        assert play_misses(v, _true_deal(hand)).tolist() == [0]
        checked += 1
        hand.play(bots[s].choose_play(v), s)
    return checked


def test_the_true_deal_never_contradicts_rule_bots():
    """Replayed in the deal that was really dealt, every play of a rule bot is the rule policy's."""
    assert sum(_true_deal_misses_nothing(_rule_hand(seed)) for seed in range(12)) == 12 * 52


def test_a_deal_that_contradicts_a_play_counts_a_miss():
    """Uniform deals mostly contradict some play of a rule bot, a few fit them all; the weights
    are miss ** misses, and no deal counts more misses than the others' plays."""
    found = 0
    bots = [RuleBot() for _ in range(4)]
    for seed in range(40):
        hand = _rule_hand(seed)
        for _ in range(20):
            s = hand.turn
            hand.play(bots[s].choose_play(hand.view(s)), s)
        me = hand.turn
        v = hand.view(me)
        deals = sample_worlds(v, 512, seed)
        m = play_misses(v, deals)
        assert m.min() >= 0 and m.max() <= sum(1 for seat, _ in v.plays if seat != me)
        w = play_weights(v, deals, 0.25)
        assert np.allclose(w, 0.25 ** m)
        if (m > 0).any() and (m == 0).any():
            found += 1
    assert found >= 30  # uniform deals mostly contradict some play; a few fit them all


def test_the_misses_are_counted_only_for_the_others_plays():
    """South plays its highest legal card (often not the rule policy's): in the true deal that
    costs nothing from South's own view, and one miss per such play from East's view."""
    rule = RuleBot()
    hand = _rule_hand(5)
    off_policy = 0
    for _ in range(24):
        s = hand.turn
        v = hand.view(s)
        card = v.legal_mask.bit_length() - 1 if s == 0 else rule.play_index(v)
        off_policy += s == 0 and card != rule.play_index(v)
        hand.play(DECK[card], s)
    assert off_policy >= 2
    truth = _true_deal(hand)
    assert play_misses(hand.view(0), truth).tolist() == [0]
    assert play_misses(hand.view(3), truth).tolist() == [off_policy]


def test_no_history_reads_nothing():
    hand = _rule_hand(2)
    v = hand.view(hand.turn)
    deals = sample_worlds(v, 64, 1)
    assert play_misses(v, deals).tolist() == [0] * 64  # before the first card
    bare = View(seat=v.seat, phase=v.phase, hand=v.hand)
    assert play_weights(bare, deals[:3], 0.1).tolist() == [1.0, 1.0, 1.0]


def test_resample_draws_in_proportion_and_deterministically():
    w = np.array([0.0, 1.0, 3.0, 0.0, 4.0])
    idx = resample(w, 800, Rng(3))
    counts = np.bincount(idx, minlength=5)
    assert counts.tolist() == [0, 100, 300, 0, 400]
    assert resample(w, 800, Rng(3)).tolist() == idx.tolist()


@pytest.mark.parametrize("miss", [0, -0.1, 1.5, float("nan"), True, "0.1"])
def test_bad_miss_is_refused_by_name(miss):
    with pytest.raises(ArgumentError, match="miss"):
        MonteCarloBot(1, worlds=8, miss=miss)
    hand = _rule_hand(1)
    v = hand.view(hand.turn)
    with pytest.raises(ArgumentError, match="miss"):
        play_weights(v, sample_worlds(v, 4, 0), miss)


def test_the_reading_bot_is_reproducible_and_plays_legal_cards():
    bots = [RuleBot() for _ in range(4)]
    hand = _rule_hand(7)
    reader = MonteCarloBot(3, worlds=16, miss=0.1)
    while not hand.is_over:
        s = hand.turn
        v = hand.view(s)
        if s == 0:
            card = reader.choose_play(v)
            assert MonteCarloBot(3, worlds=16, miss=0.1).choose_play(v) == card
            assert v.legal_mask >> card.index & 1
            hand.play(card, s)
        else:
            hand.play(bots[s].choose_play(v), s)


# the resample-move sampler ------------------------------------------------------------------
def _positions(count: int):
    """(view, true deal) at assorted depths of rule-bot hands with a pass (so known cards move)."""
    bots = [RuleBot() for _ in range(4)]
    out = []
    for seed in range(count):
        hand = _rule_hand(40 + seed)
        for _ in range(6 + 5 * seed % 38):
            s = hand.turn
            hand.play(bots[s].choose_play(hand.view(s)), s)
        out.append((hand.view(hand.turn), _true_deal(hand)[0]))
    return out


def _share_right(view: View, deals: np.ndarray, truth: np.ndarray) -> float:
    """Mean share of the hidden cards that the deals put in the seat that really holds them."""
    hidden = view.unseen_mask
    right = sum(np.bitwise_count(deals[:, s] & truth[s] & np.uint64(hidden)) for s in range(4))
    return float(right.mean()) / hidden.bit_count()


def test_posterior_deals_are_consistent_fit_better_and_are_reproducible():
    pool_share = post_share = 0.0
    positions = _positions(8)
    for k, (v, truth) in enumerate(positions):
        pool = sample_worlds(v, 1024, k)
        post = posterior_deals(v, pool, 256, 0.05, Rng(k))
        assert post.shape == (256, 4)
        for world in post.tolist():
            check_world(v, world)  # every move kept sizes, voids and the passed cards
        assert play_misses(v, post).mean() < play_misses(v, pool).mean()
        assert (posterior_deals(v, pool, 256, 0.05, Rng(k)) == post).all()
        pool_share += _share_right(v, pool, truth)
        post_share += _share_right(v, post, truth)
    # reading the plays puts more hidden cards where they really are (0.1 or more of them)
    assert post_share / len(positions) > pool_share / len(positions) + 0.05


@pytest.mark.parametrize("preset", ["omnibus", "no_pass", "queen_breaks", "first_trick_points", "queen_waits"])
def test_the_true_deal_never_misses_under_every_preset(preset):
    """The replay uses the preset's own rules: rule bots' plays fit the true deal under each."""
    assert sum(_true_deal_misses_nothing(_rule_hand(seed, Rules.preset(preset))) for seed in range(3)) == 3 * 52


def test_the_reading_bot_plays_at_other_table_sizes_without_reading():
    """At a table of 3, 5 or 6 (the batch engine seats four) the bot samples as before."""
    hand = Hand.deal(seed=2, rules=Rules(players=3))
    bots = [RuleBot() for _ in range(3)]
    while hand.phase.value == "pass":
        s = hand.to_pass[0]
        hand.pass_cards(s, bots[s].choose_pass(hand.view(s)))
    reader, plain = MonteCarloBot(3, worlds=8, miss=0.1), MonteCarloBot(3, worlds=8)
    for _ in range(10):
        s = hand.turn
        v = hand.view(s)
        assert reader.choose_play(v) == plain.choose_play(v)
        hand.play(bots[s].choose_play(v), s)
