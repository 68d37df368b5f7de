"""The vectorised rule policy against the scalar rule bot: the same card in every position
met in real play (tens of thousands, with and without moon defence) and the same pass on
2,000 deals; the batch random policy draws exactly like the scalar helpers."""

from __future__ import annotations

import numpy as np

from hearts_teach.agents.hearts import RandomBot
from hearts_teach.agents.hearts.batch_play import play_deals
from hearts_teach.agents.hearts.batch_policy import (
    KeyedRandomPolicy,
    RandomPolicy,
    RulePolicy,
    rule_pass_masks,
    sample3,
)
from hearts_teach.agents.hearts.policy import NO_MOON, rule_pass, rule_play, threat_of
from hearts_teach.games.hearts.batch import (
    BatchState,
    Stream,
    random_deals,
    run_pass,
    run_play,
)
from hearts_teach.games.hearts.hand import Hand
from hearts_teach.games.hearts.legality import cascade
from hearts_teach.games.hearts.rules import Rules
from hearts_teach.kernel.cards import indices_of
from hearts_teach.kernel.rng import Rng


class Checked(RulePolicy):
    """Plays like ``inner`` but, at every step, compares the vectorised rule policy (with
    and without moon defence) with the scalar ``rule_play`` in each hand's position."""

    def __init__(self, inner):
        super().__init__()
        self.inner = inner
        self.positions = 0
        self.decisions = 0  # positions with at least 2 legal cards
        self.threatened = 0  # decisions where a moon threat was live

    def play(self, st, sel, h, legal):
        assert sel is None
        tl = st.step % 4
        vec = RulePolicy().play(st, None, h, legal).tolist()
        saved = st.threat
        st.threat = np.full_like(saved, NO_MOON)
        vec_easy = RulePolicy(moon_defence=False).play(st, None, h, legal).tolist()
        st.threat = saved
        for b in range(st.size):
            seat = int(st.turn[b])
            hand = int(h[b])
            led = int(st.led[b])
            lg = cascade(hand, led, st.step < 4, bool(st.broken[b]), st.rules.compiled)[0]
            assert lg == int(legal[b])
            taken = [int(t) for t in st.taken[b]]
            args = (seat, hand, lg, tl, led, int(st.win_card[b]), int(st.win_seat[b]),
                    int(st.trick_mask[b]), int(st.played[b]))
            threat = threat_of(taken, seat)
            assert rule_play(*args, threat) == vec[b], (args, threat)
            assert rule_play(*args, NO_MOON) == vec_easy[b], (args,)
            self.positions += 1
            if lg & (lg - 1):
                self.decisions += 1
                self.threatened += threat >= 0
        return self.inner.play(st, sel, h, legal)


def test_rule_policy_matches_the_scalar_rule_bot_in_real_play():
    total = decisions = threatened = 0
    rules_list = [Rules(), Rules.preset("queen_breaks"), Rules.preset("first_trick_points")]
    for i, (inner_name, rules) in enumerate([("rule", rules_list[0]), ("easy", rules_list[1]),
                                             ("random", rules_list[2]), ("rule", rules_list[1])]):
        n = 120
        stream = Stream(100 + i, np.arange(n))
        inner = {"rule": RulePolicy(), "easy": RulePolicy(moon_defence=False),
                 "random": RandomPolicy(stream)}[inner_name]
        st = BatchState(random_deals(stream), rules)
        checked = Checked(inner)
        run_pass(st, [RulePolicy()], np.zeros((n, 4), dtype=np.intp), np.arange(n) % 4)
        st.start_play()
        run_play(st, [checked])
        total += checked.positions
        decisions += checked.decisions
        threatened += checked.threatened
    assert decisions >= 10_000, decisions
    assert threatened >= 100, threatened  # moon defence branches were reached


def test_rule_pass_matches_the_scalar_rule_bot_on_2000_deals():
    deals = random_deals(Stream(7, np.arange(2000)))
    hands = deals.reshape(-1)
    got = rule_pass_masks(hands).tolist()
    got_nv = rule_pass_masks(hands, void_bonus=False).tolist()
    for h, g, gn in zip(hands.tolist(), got, got_nv, strict=True):
        assert rule_pass(h) == g
        assert rule_pass(h, void_bonus=False) == gn


def test_random_pass_draws_like_rng_sample():
    deals = random_deals(Stream(8, np.arange(500)))[:, 0]
    rngs = [Rng(i) for i in range(500)]
    u = np.array([[r.random() for _ in range(3)] for r in rngs])
    got = sample3(deals, u).tolist()
    for i, h in enumerate(deals.tolist()):
        m = 0
        for c in Rng(i).sample(indices_of(h), 3):
            m |= 1 << c
        assert got[i] == m


def test_keyed_random_policy_is_the_scalar_random_bot():
    """Same deals, seed and hand numbers: every pass and card equals RandomBot's choice."""
    n = 40
    rngs = [Rng(f"keyed/{i}") for i in range(n)]
    from hearts_teach.games.hearts.batch import deals_from_rngs

    deals = deals_from_rngs(rngs)
    numbers = np.arange(n) % 4
    rules = Rules()
    pol = KeyedRandomPolicy(11, rules, numbers)
    result = play_deals(deals, [pol, "rule", pol, "rule"], rules=rules, hand_numbers=numbers,
                        record=True)
    bot, rule_bot = RandomBot(11), None
    from hearts_teach.agents.hearts import RuleBot

    rule_bot = RuleBot()
    for b in range(n):
        hand = Hand.deal(Rng(f"keyed/{b}"), hand_number=int(numbers[b]), rules=rules)
        bots = [bot, rule_bot, bot, rule_bot]
        while hand.phase.value == "pass":
            s = hand.to_pass[0]
            chosen = bots[s].choose_pass(hand.view(s))
            assert chosen.mask == int(result.state.passed[b, s])
            hand.pass_cards(s, chosen)
        for k in range(52):
            s = hand.turn
            card = bots[s].choose_play(hand.view(s))
            assert card.index == int(result.state.cards[b, k]), (b, k)
            hand.play(card, s)
        assert hand.scores == tuple(int(x) for x in result.scores[b])


def _both(seat, hand, tl, led, win_card, win_seat, trick_mask, played, threat):
    """The scalar and the vectorised rule policy's card in one position."""
    from hearts_teach.agents.hearts.batch_policy import rule_play_batch

    legal = cascade(hand, led if tl else -1, False, True, Rules().compiled)[0]
    scalar = rule_play(seat, hand, legal, tl, led, win_card, win_seat, trick_mask, played, threat)
    a = lambda x, t=np.uint64: np.array([x], dtype=t)  # noqa: E731
    vec = rule_play_batch(a(seat, np.intp), a(hand), a(legal), tl, a(led, np.intp), a(win_card, np.intp),
                          a(win_seat, np.intp), a(trick_mask), a(played), a(threat, np.int8))
    return scalar, int(vec[0])


def test_forced_to_win_second_in_a_spade_trick_keeps_the_queen():
    # 10♠ led; the hand holds Q♠ A♠ only in spades: A♠ wins (13 points safe), the Q♠ might not
    from hearts_teach.kernel.cards import CardList

    hand = CardList("QS AS 3H 4H 5D").mask
    ten = CardList("TS").mask
    played = ten
    assert _both(1, hand, 1, 3, 47, 0, ten, played, -1) == (51, 51)
    # in last seat too (the highest card that is not the queen)
    assert _both(1, hand, 3, 3, 47, 0, ten, played, -1) == (51, 51)
    # with only the Q♠ above the winner she is still forced
    hand2 = CardList("QS 3H").mask
    assert _both(1, hand2, 1, 3, 47, 0, ten, played, -1) == (49, 49)


def test_moon_defence_ducks_once_the_shooter_has_lost_the_trick():
    # seat 0 has every point (a threat) and led the 2♦; seat 1 went over with the K♦ and seat 2
    # threw a heart: whoever wins it stops the moon, so seat 3 (last) ducks instead of taking it
    from hearts_teach.kernel.cards import CardList

    trick = CardList("KD 2D 5H").mask
    hand = CardList("AD 3D 9C").mask
    args = (3, hand, 3, 1, CardList("KD").mask.bit_length() - 1, 1, trick, trick)
    assert _both(*args, 0) == (CardList("3D").mask.bit_length() - 1,) * 2
    # had the shooter's card been winning, the defender would still take it
    args_w = (3, hand, 3, 1, CardList("KD").mask.bit_length() - 1, 0, trick, trick)
    assert _both(*args_w, 0) == (CardList("AD").mask.bit_length() - 1,) * 2
