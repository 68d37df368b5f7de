"""Reading the others' passes (``agents.hearts.inference.pass_misses``): the deal really dealt
never contradicts a rule bot's pass, a deal that does is counted, and the reading puts the Q♠
where it really is more often."""

from __future__ import annotations

import numpy as np
import pytest
from test_batch_sample import check_world

from hearts_teach import Hand
from hearts_teach.agents.hearts import MonteCarloBot, RuleBot
from hearts_teach.agents.hearts.batch_sample import sample_worlds
from hearts_teach.agents.hearts.inference import pass_misses, posterior_deals
from hearts_teach.agents.hearts.policy import LOW_SPADES, rule_pass
from hearts_teach.kernel.cards import QS_MASK, CardList
from hearts_teach.kernel.errors import ArgumentError
from hearts_teach.kernel.rng import Rng

DIRECTIONS = {0: "left", 1: "right", 2: "across", 3: "hold"}


def _positions(hand_number: int, seeds: range, depths: tuple[int, ...] = (0, 5, 14)):
    """(view, true deal) in rule-bot hands of ``hand_number``, after ``depths`` plays."""
    out = []
    for seed in seeds:
        hand = Hand.deal(seed=seed, hand_number=hand_number)
        bots = [RuleBot() for _ in range(4)]
        while hand.phase.value == "pass":
            s = hand.to_pass[0]
            hand.pass_cards(s, bots[s].choose_pass(hand.view(s)))
        done = 0
        for depth in depths:
            while done < depth:
                s = hand.turn
                hand.play(bots[s].choose_play(hand.view(s)), s)
                done += 1
            truth = np.array([[hand.view(s).hand for s in range(4)]], dtype=np.uint64)
            out.append((hand.view(hand.turn), truth))
    return out


@pytest.mark.parametrize("hand_number", [0, 1, 2])
def test_the_true_deal_never_contradicts_a_rule_bots_pass(hand_number):
    """In the deal really dealt, every rule bot's pass fits (left, right and across)."""
    positions = _positions(hand_number, range(30))
    assert positions[0][0].pass_direction == DIRECTIONS[hand_number]
    assert [int(pass_misses(v, truth)[0]) for v, truth in positions] == [0] * len(positions)


@pytest.mark.parametrize("hand_number", [0, 1, 2])
def test_uniform_deals_often_contradict_the_pass(hand_number):
    """Many deals drawn only from what the seat saw contradict some pass; a miss is 0 or 1 per
    big spade on a left or right pass, 0 or 1 on an across pass."""
    hit = []
    for k, (v, _truth) in enumerate(_positions(hand_number, range(8), depths=(3,))):
        m = pass_misses(v, sample_worlds(v, 256, k))
        assert m.min() >= 0 and m.max() <= (1 if hand_number == 2 else 3)
        hit.append(float((m > 0).mean()))
    assert np.mean(hit) > 0.2


def test_a_hold_hand_and_the_pass_itself_read_nothing():
    (v, truth), = _positions(3, range(1), depths=(4,))
    assert v.pass_direction == "hold"
    assert pass_misses(v, sample_worlds(v, 32, 0)).tolist() == [0] * 32
    passing = Hand.deal(seed=1).view(0)
    assert passing.phase == "pass"
    assert pass_misses(passing, truth).tolist() == [0]


def test_the_seat_passed_to_cannot_have_kept_an_unguarded_queen():
    """On a left pass, the seat I passed to received only my cards: a deal giving it the Q♠ with
    fewer than five low spades (not from me) counts one miss; with five low spades, none."""
    for v, truth in _positions(0, range(40), depths=(1,)):
        if v.hand & QS_MASK or v.passed & QS_MASK or v.received & QS_MASK:
            continue
        to = v.pass_to
        holder = next(s for s in range(4) if int(truth[0, s]) & QS_MASK)
        if holder == to or holder == v.seat:
            continue
        # move the Q♠ to the seat passed to, swapping one of its cards that is not a spade
        world = [int(x) for x in truth[0]]
        give = next(c for c in CardList.from_mask(world[to] & ~v.passed & ~LOW_SPADES)
                    if c.suit.value != 3 and not v.void[holder] >> c.suit.value & 1)
        world[holder] ^= QS_MASK | give.mask
        world[to] ^= QS_MASK | give.mask
        low = (world[to] & ~v.passed & LOW_SPADES).bit_count()
        assert int(pass_misses(v, np.array([world], dtype=np.uint64))[0]) == (1 if low < 5 else 0)
        return
    pytest.fail("no position moved the Q♠")


def test_an_across_pass_is_checked_exactly():
    """Across, the passer's hand before the pass is known in a deal: a deal is contradicted
    exactly when the rule bot would have passed other cards from it."""
    checked = contradicted = 0
    for k, (v, _truth) in enumerate(_positions(2, range(6), depths=(2,))):
        me, passer = v.seat, v.pass_from
        deals = sample_worlds(v, 64, k)
        m = pass_misses(v, deals)
        for world, miss in zip(deals.tolist(), m.tolist(), strict=True):
            before = world[passer]
            for seat, card in v.plays:
                if seat == passer:
                    before |= 1 << card
            before = (before & ~v.passed) | v.received
            assert miss == (rule_pass(before) != v.received)
            checked += 1
            contradicted += miss
        assert me != passer
    assert checked == 6 * 64 and 0 < contradicted < checked


def test_reading_the_pass_puts_the_queen_where_she_is_more_often():
    """Over positions where the seat does not know where the Q♠ is, the deals read with the pass
    give her true holder a larger share than those read from the plays alone; every deal still
    fits what the seat saw, and the same seed gives the same deals."""
    plays_only = with_pass = 0.0
    count = 0
    for hand_number in (0, 1, 2):
        for k, (v, truth) in enumerate(_positions(hand_number, range(12), depths=(1, 6))):
            if (v.hand | v.passed | v.received | v.played) & QS_MASK:
                continue
            holder = next(s for s in range(4) if int(truth[0, s]) & QS_MASK)
            pool = sample_worlds(v, 512, k)
            a = posterior_deals(v, pool, 256, 0.05, Rng(k), 2)
            b = posterior_deals(v, pool, 256, 0.05, Rng(k), 2, read_pass=True)
            assert (posterior_deals(v, pool, 256, 0.05, Rng(k), 2, read_pass=True) == b).all()
            for world in b[:16].tolist():
                check_world(v, world)
            plays_only += float(((a[:, holder] & np.uint64(QS_MASK)) != 0).mean())
            with_pass += float(((b[:, holder] & np.uint64(QS_MASK)) != 0).mean())
            count += 1
    assert count >= 30
    assert with_pass / count > plays_only / count + 0.02


def test_read_pass_is_a_bool_and_the_bot_stays_legal_and_reproducible():
    with pytest.raises(ArgumentError, match="read_pass"):
        MonteCarloBot(1, worlds=8, read_pass="yes")  # type: ignore[arg-type]
    hand = Hand.deal(seed=9, hand_number=1)
    bots = [RuleBot() for _ in range(4)]
    while hand.phase.value == "pass":
        s = hand.to_pass[0]
        hand.pass_cards(s, bots[s].choose_pass(hand.view(s)))
    while not hand.is_over:
        s = hand.turn
        v = hand.view(s)
        if s == 0:
            card = MonteCarloBot(3, worlds=16, miss=0.1, read_pass=True).choose_play(v)
            assert MonteCarloBot(3, worlds=16, miss=0.1, read_pass=True).choose_play(v) == card
            assert v.legal_mask >> card.index & 1
            hand.play(card, s)
        else:
            hand.play(bots[s].choose_play(v), s)
