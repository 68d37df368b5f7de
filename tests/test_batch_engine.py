"""The batch engine against the scalar engine: same deals and same choices give the same
passes, legal sets, tricks, points and moons (5,000 hands per preset)."""

from __future__ import annotations

import numpy as np
import pytest

from hearts_teach.agents.hearts.batch_play import play_deals, play_hands
from hearts_teach.games.hearts.batch import (
    Stream,
    deals_from_rngs,
    kth_bit,
    points_of,
    random_deals,
)
from hearts_teach.games.hearts.hand import Hand
from hearts_teach.games.hearts.legality import PlayState, opening_holder
from hearts_teach.games.hearts.rules import Rules, pass_target
from hearts_teach.games.hearts.scoring import final_scores, trick_points
from hearts_teach.kernel.cards import FULL_DECK, indices_of
from hearts_teach.kernel.rng import Rng, hash64

PRESETS = Rules.presets()
HANDS_PER_PRESET = 5000


def _replay_scalar(deals, result, rules, hand_numbers) -> int:
    """Replay every batch hand on ``legality.PlayState``; assert each step agrees. Returns the
    number of hands checked."""
    st_b = result.state
    passed, cards, seats, legals = st_b.passed, st_b.cards, st_b.seats, st_b.legals
    scores_b, moon_b, taken_b = result.scores, result.moon, result.taken
    for b in range(len(deals)):
        hands = [int(x) for x in deals[b]]
        direction = rules.pass_direction(int(hand_numbers[b]))
        if direction != "hold":
            chosen = [int(x) for x in passed[b]]
            for s in range(4):
                assert chosen[s].bit_count() == 3 and chosen[s] & ~hands[s] == 0
            after = [hands[s] ^ chosen[s] for s in range(4)]
            for s in range(4):
                after[pass_target(s, direction)] |= chosen[s]
            hands = after
        else:
            assert not passed[b].any()
        st = PlayState(hands, opening_holder(hands, rules.compiled), rules.compiled)
        cb, sb, lb = cards[b].tolist(), seats[b].tolist(), legals[b].tolist()
        for k in range(52):
            assert st.turn == sb[k], (b, k)
            legal = st.legal()
            assert legal == lb[k], (b, k, hex(legal), hex(lb[k]))
            assert legal >> cb[k] & 1
            st.play(cb[k])
        assert [int(x) for x in taken_b[b]] == st.taken, b
        scores, moon = final_scores(st.taken, rules.moon, rules.omnibus)
        assert tuple(int(x) for x in scores_b[b]) == scores, b
        assert int(moon_b[b]) == (-1 if moon is None else moon), b
    return len(deals)


@pytest.mark.parametrize("preset", PRESETS)
def test_batch_hands_replay_exactly_on_the_scalar_engine(preset):
    rules = Rules.preset(preset)
    checked = 0
    moons = 0
    half = HANDS_PER_PRESET // 2
    # half random play (every legal-set branch), half a mixed lineup (rule, easy, random)
    for seats, salt in (("random", 1), (["rule", "random", "easy", "rule"], 2)):
        stream = Stream(hash64(f"{preset}/{salt}"), np.arange(half))
        deals = random_deals(stream)
        numbers = np.arange(half) % 4
        result = play_deals(deals, seats, rules=rules, hand_numbers=numbers, stream=stream,
                            record=True)
        checked += _replay_scalar(deals, result, rules, numbers)
        moons += result.moon_count()
    assert checked >= HANDS_PER_PRESET
    assert moons > 0  # the moon branch of the scoring was exercised


def test_full_hand_api_agrees_with_the_batch():
    """The public Hand (pass_cards, play, scores, moon) on 150 batch hands."""
    rules = Rules()
    deals = deals_from_rngs([Rng(f"api/{i}") for i in range(150)])
    numbers = np.arange(150) % 4
    result = play_deals(deals, ["rule", "random", "rule", "easy"], rules=rules,
                        hand_numbers=numbers, stream=Stream(9, np.arange(150)), record=True)
    for b in range(150):
        hand = Hand.deal(Rng(f"api/{b}"), hand_number=int(numbers[b]))
        assert [h.mask for h in (hand.cards(s) for s in range(4))] == [int(x) for x in deals[b]]
        if hand.pass_direction != "hold":
            for s in range(4):
                hand.pass_cards(s, [c for c in hand.cards(s) if result.state.passed[b, s] >> np.uint64(c.index) & np.uint64(1)])
        for k in range(52):
            hand.play(_card(result.state.cards[b, k]), int(result.state.seats[b, k]))
        assert hand.scores == tuple(int(x) for x in result.scores[b])
        assert (hand.moon if hand.moon is not None else -1) == int(result.moon[b])


def _card(i):
    from hearts_teach.kernel.cards import DECK

    return DECK[int(i)]


def test_random_deals_are_deals_and_match_scalar_shuffles():
    deals = random_deals(Stream(3, np.arange(2000)))
    union = np.bitwise_or.reduce(deals, axis=1)
    assert (union == np.uint64(FULL_DECK)).all()
    assert (np.bitwise_count(deals) == 13).all()
    rngs = [Rng(i) for i in range(50)]
    from_rngs = deals_from_rngs(rngs)
    for i in range(50):
        hand = Hand.deal(seed=i)
        assert [int(x) for x in from_rngs[i]] == [hand.cards(s).mask for s in range(4)]


def test_a_hand_does_not_depend_on_the_batch_size():
    a = play_hands(300, seed=5, seats="random")
    b = play_hands(300, seed=5, seats="random", batch=70)
    assert (a.scores == b.scores).all() and (a.taken == b.taken).all()
    c = play_hands(300, seed=6, seats="random")
    assert not (a.taken == c.taken).all()


def test_kth_bit_and_points_tables_agree_with_scalar_helpers():
    rng = np.random.default_rng(0)  # test data only
    masks = rng.integers(1, 1 << 52, size=3000, dtype=np.uint64)
    counts = np.bitwise_count(masks).astype(np.intp)
    k = (rng.random(3000) * counts).astype(np.intp)
    got = kth_bit(masks, k)
    for m, kk, g in zip(masks.tolist(), k.tolist(), got.tolist(), strict=True):
        assert indices_of(m)[kk] == g
    for omnibus in (False, True):
        pts = points_of(masks, omnibus)
        assert pts.tolist() == [trick_points(m, omnibus) for m in masks.tolist()]


def test_bad_input_gets_clear_errors():
    from hearts_teach.kernel.errors import (
        ArgumentError,
        ArgumentTypeError,
        InvalidDealError,
        RulesError,
    )

    good = random_deals(Stream(1, np.arange(2)))
    bad = good.copy()
    bad[1, 0] = int(bad[1, 0]) & (int(bad[1, 0]) - 1)  # a 12-card hand
    with pytest.raises(InvalidDealError, match="deal 1"):
        play_deals(bad)
    with pytest.raises(InvalidDealError, match="shape"):
        play_deals(good[:, :3])
    with pytest.raises(ValueError, match="no batch policy 'medium'"):
        play_deals(good, "medium")
    with pytest.raises(ArgumentError, match="n: expected a whole number ≥ 1"):
        play_hands(0)
    # found by tests/test_fuzz_new_api.py: these were bare TypeError/ValueError/IndexError from NumPy
    with pytest.raises(ArgumentTypeError, match="seed"):
        play_hands(1, None)
    with pytest.raises(ArgumentTypeError, match="seats"):
        play_hands(1, 0, 5)
    with pytest.raises(ArgumentError, match="seats: one policy or four, got 3"):
        play_hands(1, 0, ["rule"] * 3)
    with pytest.raises(ArgumentTypeError, match="policy"):
        play_deals(good, [None] * 4)
    with pytest.raises(ArgumentError, match="hand_number"):
        play_hands(1, hand_number=10 ** 30)
    with pytest.raises(ArgumentTypeError, match="hand_numbers"):
        play_deals(good, hand_numbers="x")
    with pytest.raises(ArgumentError, match="hand_numbers: expected one number or one per hand"):
        play_deals(good, hand_numbers=[1, 2, 3])
    with pytest.raises(ArgumentError, match="offsets: expected whole numbers from 0 to 3, got 7"):
        play_deals(good, offsets=7)
    with pytest.raises(RulesError, match="Rules object"):
        play_hands(3, rules="omnibus")


def test_the_batch_engine_refuses_other_tables():
    from hearts_teach.games.hearts.batch import BatchState
    from hearts_teach.kernel.errors import ArgumentError, ArgumentTypeError
    from hearts_teach.kernel.table import Table

    deals = random_deals(Stream(1, np.arange(2)))
    assert BatchState(deals, table=Table(4)).size == 2
    for players in (3, 5, 6):
        with pytest.raises(ArgumentError, match=f"table of 4 only, not {players}.*scalar engine"):
            BatchState(deals, table=Table(players))
    with pytest.raises(ArgumentTypeError, match="expected a Table"):
        BatchState(deals, table=4)
