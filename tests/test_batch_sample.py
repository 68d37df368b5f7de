"""The batch sampler of hidden deals respects everything the seat knows (checked world by
world, independently of the sampler, on more than 10,000 samples), and candidate rollouts
share their worlds."""

from __future__ import annotations

import numpy as np
import pytest

from hearts_teach.agents.hearts import RandomBot, RuleBot
from hearts_teach.agents.hearts.batch_sample import rollout, sample_worlds
from hearts_teach.course.lessons import bots_play
from hearts_teach.games.hearts.hand import Hand
from hearts_teach.games.hearts.view import View
from hearts_teach.kernel.cards import FULL_DECK, SUIT_MASKS, indices_of
from hearts_teach.kernel.errors import IllegalPlayError, WrongPhaseError


def _views(count: int) -> list[View]:
    """Views of the seat to move from seeded hands (random and rule bots, every pass
    direction), from trick 2 to trick 12, favouring positions with shown voids."""
    out = []
    k = 0
    while len(out) < count:
        hand = Hand.deal(seed=1000 + k, hand_number=k)
        bots = [RandomBot(k), RuleBot(), RandomBot(k + 1), RuleBot()]
        stop_at = 8 + 4 * (k % 9) + k % 4  # card number at which to look
        bots_play(hand, bots, stop=lambda h, n=stop_at: len(h.plays) >= n)
        out.append(hand.view(hand.turn))
        k += 1
    return out


def check_world(view: View, world: list[int]) -> None:
    """Everything the seat knows holds in ``world`` (four masks)."""
    me = view.seat
    assert world[me] == view.hand
    union = 0
    for s in range(4):
        assert union & world[s] == 0, "a card dealt twice"
        union |= world[s]
        assert world[s].bit_count() == view.sizes[s]
        for suit in range(4):
            if view.void[s] >> suit & 1:
                assert world[s] & SUIT_MASKS[suit] == 0, "a card of a suit the seat showed void in"
    assert union == FULL_DECK & ~view.played
    if view.passed and view.pass_direction != "hold":
        still = view.passed & ~view.played
        assert world[view.pass_to] & still == still, "a passed card left its receiver"


def test_sampled_worlds_respect_every_constraint():
    views = _views(60)
    with_voids = sum(any(v.void[s] for s in range(4) if s != v.seat) for v in views)
    with_pass = sum(bool(v.passed) for v in views)
    assert with_voids >= 20 and with_pass >= 30  # the constraints are really exercised
    samples = 0
    for i, view in enumerate(views):
        worlds = sample_worlds(view, 200, seed=i)
        assert worlds.shape == (200, 4)
        for w in worlds.tolist():
            check_world(view, w)
        samples += len(worlds)
        again = sample_worlds(view, 200, seed=i)
        assert (again == worlds).all()  # reproducible from the seed
    assert samples >= 10_000


def test_tight_voids_are_still_dealt_consistently():
    """Two opponents void in three suits each: only the Hall's-condition-aware path fits."""
    hand = Hand.deal(seed=4, hand_number=3)
    bots = [RandomBot(1), RandomBot(2), RandomBot(3), RandomBot(4)]
    bots_play(hand, bots, stop=lambda h: len(h.plays) >= 24)
    v = hand.view(hand.turn)
    others = [s for s in range(4) if s != v.seat]
    # keep the real deal consistent: give seats the voids they really have now
    real = [hand.cards(s).mask for s in range(4)]
    void = list(v.void)
    for s in others:
        for suit in range(4):
            if not real[s] & SUIT_MASKS[suit]:
                void[s] |= 1 << suit
    tight = View(**{**v.__dict__, "void": tuple(void)})
    worlds = sample_worlds(tight, 500, seed=2)
    for w in worlds.tolist():
        check_world(tight, w)


def test_without_voids_each_hidden_card_lands_in_proportion_to_hand_sizes():
    hand = Hand.deal(seed=12, hand_number=3)
    v = hand.view(0)  # hold hand, before any play: no voids, sizes 13 each
    hand.play(hand.legal_plays().cards[0])
    v = hand.view(hand.turn)
    w = sample_worlds(v, 6000, seed=1)
    unseen = indices_of(v.unseen_mask)
    for s in range(4):
        if s == v.seat:
            continue
        share = ((w[:, s][:, None] >> np.array(unseen, dtype=np.uint64)) & np.uint64(1)).mean(axis=0)
        expect = v.sizes[s] / sum(v.sizes[o] for o in range(4) if o != v.seat)
        assert np.abs(share - expect).max() < 0.04


def test_rollouts_share_worlds_and_agree_with_scalar_play():
    """Every candidate meets the same deals; one world replayed by the scalar rule bot
    gives the same scores."""
    from hearts_teach.agents.hearts.coach_backend import PlayContext
    from hearts_teach.games.hearts.scoring import final_scores

    view = _views(3)[2]
    r = rollout(view, worlds=64, seed=5)
    assert r.scores.shape == (len(r.candidates), 64, 4)
    assert sorted(r.candidates) == indices_of(view.legal_mask)
    ctx = PlayContext(view)
    for ci, card in enumerate(r.candidates):
        for wi in range(0, 64, 8):
            hands = [int(x) for x in r.worlds[wi]]
            ctx.stop = (1 << 52) - 1  # play every trick, as the batch does
            taken, winner = ctx.run(hands, card)
            scores, moon = final_scores(taken, view.rules.moon, view.rules.omnibus)
            assert tuple(int(x) for x in r.scores[ci, wi]) == scores
            assert int(r.trick_winner[ci, wi]) == winner


def test_pass_rollouts_and_bad_candidates():
    hand = Hand.deal(seed=8, hand_number=0)
    v = hand.view(0)
    r = rollout(v, worlds=32, seed=1)
    assert r.phase == "pass" and r.points().shape == (len(r.candidates), 32)
    assert (r.worlds[:, 0] == np.uint64(v.hand)).all()
    play_view = _views(1)[0]
    illegal = next(c for c in indices_of(play_view.hand) if not play_view.legal_mask >> c & 1) \
        if play_view.hand != play_view.legal_mask else None
    if illegal is not None:
        with pytest.raises(IllegalPlayError, match="legal cards"):
            rollout(play_view, [illegal], worlds=4)
    other = (play_view.seat + 1) % 4
    with pytest.raises(WrongPhaseError):
        rollout(hand.view(0).__class__(**{**play_view.__dict__, "seat": other}), worlds=4)


def test_dead_ends_are_redealt_consistently(monkeypatch):
    """Voids that make capacity-proportional placement run into dead ends: the failed
    worlds are retried and, if need be, dealt by the scalar Hall's-condition sampler."""
    import hearts_teach.agents.hearts.batch_sample as bs
    from hearts_teach.kernel.cards import cards

    hidden = cards("2C 3C 4C 2D 3D 2H 3H 4H 2S 3S 4S 5S").mask
    mine = cards("AC AD AH AS").mask
    played = FULL_DECK & ~hidden & ~mine
    view = View(seat=0, phase="play", hand=mine, played=played, tricks_done=9, turn=0,
                leader=0, void=(0, 1 | 2, 4, 8), sizes=(4, 4, 4, 4), broken=True)
    failures = []
    place = bs._place

    def spy(out, rows, *args):
        ok = place(out, rows, *args)
        failures.append(int((~ok).sum()))
        return ok

    monkeypatch.setattr(bs, "_place", spy)
    worlds = sample_worlds(view, 2000, seed=3)
    assert failures[0] > 0  # dead ends really happened and were handled
    for w in worlds.tolist():
        check_world(view, w)


def test_rollout_and_sampling_arguments_are_checked_at_the_door():
    # found by tests/test_fuzz_new_api.py: bare ValueError/TypeError from int() and Rng()
    from hearts_teach.kernel.errors import ArgumentError, ArgumentTypeError, IllegalPassError

    play_view = _views(1)[0]
    pass_view = Hand.deal(seed=8, hand_number=0).view(0)
    with pytest.raises(ArgumentTypeError, match="candidates"):
        rollout(play_view, "x", worlds=2)
    with pytest.raises(ArgumentTypeError, match="candidates"):
        rollout(play_view, [None], worlds=2)
    with pytest.raises(ArgumentError, match="candidates: expected at least one"):
        rollout(play_view, [], worlds=2)
    with pytest.raises(ArgumentError, match="worlds: expected a whole number ≥ 1"):
        rollout(play_view, None, 0)
    with pytest.raises(ArgumentError, match="policy"):
        rollout(play_view, None, 2, 0, "x")
    with pytest.raises(ArgumentTypeError, match="seed"):
        rollout(pass_view, None, 2, [1])
    with pytest.raises(IllegalPassError) as e:
        rollout(pass_view, [10 ** 5000], 2)
    assert len(str(e.value)) < 300
    with pytest.raises(ArgumentTypeError, match="seed"):
        sample_worlds(play_view, 2, None)
