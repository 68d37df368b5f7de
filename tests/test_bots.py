"""Bots: the View, the rule bot's forced answers, information hygiene, determinism.

Strength figures live in the benchmark (python -m hearts_teach.tools.bench_bots), not here.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from hidden_deals import assert_private, swap_hidden

from hearts_teach import Card, CardList, Hand, HeartsError, Rules
from hearts_teach.agents.hearts import (
    LADDER,
    MonteCarloBot,
    RandomBot,
    RuleBot,
    UnknownBotError,
    make_bot,
)
from hearts_teach.agents.hearts.mc import equivalence_classes, pass_pool
from hearts_teach.agents.hearts.policy import (
    MOON_OPEN,
    NO_MOON,
    _tie_key,
    pass_score,
    rule_pass,
    threat_of,
)
from hearts_teach.agents.hearts.rollout import sample_hands
from hearts_teach.games.hearts.view import View
from hearts_teach.kernel.errors import WrongPhaseError
from hearts_teach.kernel.rng import Rng


def m(text: str) -> int:
    return CardList(text).mask


def played_hand(seed: int, plays: int, bots=None, hand_number: int = 3) -> Hand:
    """A hold hand (no pass, hand_number 3) played ``plays`` cards deep by rule bots."""
    hand = Hand.deal(seed=seed, hand_number=hand_number)
    bots = bots or [RuleBot() for _ in range(4)]
    while hand.phase.value == "pass":
        s = hand.to_pass[0]
        hand.pass_cards(s, bots[s].choose_pass(hand.view(s)))
    for _ in range(plays):
        s = hand.turn
        hand.play(bots[s].choose_play(hand.view(s)), s)
    return hand


def find(pred, seeds=range(200), depth=range(52), hand_number=3):
    """First (hand, view) over seeded rule-bot hands where ``pred(view)`` holds."""
    for seed in seeds:
        hand = played_hand(seed, 0, hand_number=hand_number)
        bots = [RuleBot() for _ in range(4)]
        for k in range(52):
            if hand.is_over:
                break
            v = hand.view(hand.turn)
            if k in depth and pred(v):
                return hand, v
            hand.play(bots[hand.turn].choose_play(v), hand.turn)
    raise AssertionError("no position found")


# the View ------------------------------------------------------------------------------
def test_view_holds_only_what_the_seat_may_know():
    hand = played_hand(1, 9)
    v = hand.view(hand.turn)
    assert v.hand == hand.cards(v.seat).mask
    assert v.played == hand.played.mask
    assert v.sizes == tuple(len(hand.cards(s)) for s in range(4))
    assert v.taken == tuple(hand.taken(s).mask for s in range(4))
    assert v.legal == hand.legal_plays().cards
    assert v.current_trick == hand.current_trick.cards
    assert_private(v, hand, (Hand,))  # nothing of the game or of another seat's cards


def test_view_from_state_matches_from_hand():
    hand = played_hand(2, 14)
    seat = hand.turn
    a = View.from_hand(hand, seat)
    b = View.from_state(hand.play_state(), seat, hand.rules, pass_direction="hold", hand_number=3)
    assert a.key() == b.key()
    assert a.legal_mask == b.legal_mask


def test_view_pass_phase_knows_passed_and_received():
    hand = Hand.deal(seed=4, hand_number=0)  # pass left
    bots = [RuleBot() for _ in range(4)]
    v0 = hand.view(0)
    assert v0.phase == "pass" and v0.passed == 0 and v0.pass_to == 1 and v0.pass_from == 3
    for s in range(4):
        hand.pass_cards(s, bots[s].choose_pass(hand.view(s)))
    v = hand.view(0)
    assert v.passed == hand.passed(0).mask
    assert v.received == hand.received(0).mask
    assert v.received & v.hand == v.received


def test_view_rejects_bad_seat():
    with pytest.raises(HeartsError):
        Hand.deal(seed=1).view(4)


# passing -------------------------------------------------------------------------------
def test_rule_pass_sequential_rescoring_opens_a_void():
    # jdh8's example: pass A♥ K♦ 6♥ (making a heart void), not A♥ K♦ J♠
    assert rule_pass(m("JS 8S 6S AH 6H KD 2D 9C 7C 6C 4C 3C 2C")) == m("AH KD 6H")


def test_rule_pass_is_three_rounds_of_the_best_score_on_the_rest():
    # the definition rule_pass speeds up (it rescores only the suit of each pick): three
    # times, the card with the highest (pass_score on the cards left, tie key, index)
    rng = Rng(11)
    for size, guards, void_bonus in [(13, 5, True), (13, 0, False), (17, 5, True), (10, 3, True), (8, 5, False)]:
        for _ in range(300):
            hand = sum(1 << c for c in rng.sample(range(52), size))
            rest, chosen = hand, 0
            for _ in range(3):
                best = max((c for c in range(52) if rest >> c & 1),
                           key=lambda c: (pass_score(c, rest, guards, void_bonus), _tie_key(c), c))
                chosen |= 1 << best
                rest ^= 1 << best
            assert rule_pass(hand, guards, void_bonus) == chosen


def test_rule_pass_spade_guard_rule():
    short = m("QS AS 3S 4H 5H 6H 7D 8D 9D 2C 3C 4C 5C")  # 1 low spade: pass the big spades
    assert rule_pass(short) & m("QS AS") == m("QS AS")
    long_ = m("QS AS 2S 3S 4S 5S 6S 4H 5H 7D 8D 2C 3C")  # 5 low spades guard them: no bonus
    assert pass_score(Card("QS").index, long_) == 12
    assert pass_score(Card("QS").index, short) == 112
    guarded = m("QS 2S 3S 4S 5S 6S KD AD 9H TH JH 9C TC")
    assert rule_pass(guarded) & m("QS") == 0


def test_pass_pool_contains_greedy_and_only_triples_from_the_hand():
    hand = Hand.deal(seed=9).cards(0).mask
    pool = pass_pool(hand)
    assert pool[0] == rule_pass(hand)
    assert len(pool) == len(set(pool)) >= 20
    assert all(t.bit_count() == 3 and t & ~hand == 0 for t in pool)


# forced answers of the rule bot --------------------------------------------------------------
def test_rule_bot_dumps_queen_when_void():
    _, v = find(lambda v: v.trick and not v.hand & (0x1FFF << 13 * v.led_suit)
                and v.legal_mask & m("QS") and threat_of(v.taken, v.seat) < 0)
    assert RuleBot().choose_play(v) == Card("QS")


def test_rule_bot_ducks_under_the_winner():
    def pred(v):
        if not v.trick or len(v.trick) == 3 or not v.legal_mask & (0x1FFF << 13 * v.led_suit):
            return False
        below = v.legal_mask & ((1 << v.win_card) - 1)
        return below and v.legal_mask & ~below and threat_of(v.taken, v.seat) < 0 and not v.legal_mask & m("QS")

    _, v = find(pred)
    below = v.legal_mask & ((1 << v.win_card) - 1)
    assert RuleBot().choose_play(v).index == below.bit_length() - 1  # the highest card that ducks


def test_rule_bot_takes_a_clean_last_seat_trick():
    def pred(v):
        if len(v.trick) != 3:
            return False
        pts = any(Card.from_index(c).points for c in v.trick)
        above = v.legal_mask & ~((2 << v.win_card) - 1)
        return (len(v.trick) == 3 and not pts and v.legal_mask & (0x1FFF << 13 * v.led_suit)
                and above and not v.legal_mask & m("QS") and v.legal_mask & (v.legal_mask - 1))

    _, v = find(pred)
    card = RuleBot().choose_play(v)
    assert card.index == v.legal_mask.bit_length() - 1 and card.index > v.win_card


def test_rule_bot_leads_low_spades_to_flush_the_queen():
    hand = m("2S 5S 9S 3D 8D 4C")
    from hearts_teach.agents.hearts.policy import rule_play
    card = rule_play(0, hand, hand, 0, -1, -1, -1, 0, m("2C 3C 5C 6C"), MOON_OPEN)
    assert card == Card("2S").index
    # holding the queen: no spade lead, work the shortest other suit (clubs: 1 card)
    hand2 = m("QS 5S 9S 3D 8D 4C")
    assert rule_play(0, hand2, hand2, 0, -1, -1, -1, 0, m("2C 3C 5C 6C"), MOON_OPEN) == Card("4C").index


def test_moon_defence_and_easy_bot_differ():
    from hearts_teach.agents.hearts.policy import rule_play
    # East (3) has taken every point (Q♠ + 2 hearts); South leads with A♥ high and 3♥ low
    taken = (0, 0, 0, m("QS 2H 4H 5S 6S 7S 8S"))
    assert threat_of(taken, 0) == 3
    assert threat_of(taken, 3) == NO_MOON
    hand = m("AH 3H 9C TC")
    played = m("QS 2H 4H 5S 6S 7S 8S 2C 3C 4C 5C")
    # leading: the top heart (no unseen heart beats it) wins a heart back
    assert rule_play(0, hand, hand, 0, -1, -1, -1, 0, played, 3) == Card("AH").index
    assert rule_play(0, hand, hand, 0, -1, -1, -1, 0, played, NO_MOON) != Card("AH").index
    split = (m("2H"), 0, 0, m("QS"))
    assert threat_of(split, 0) == NO_MOON


# information hygiene ---------------------------------------------------------------------------
def _swap_hidden(hand: Hand, seat: int) -> Hand | None:
    """The same public history and the same cards for ``seat``, but two unplayed cards of one
    suit swapped between two other seats (a different hidden deal behind the same view)."""
    return swap_hidden(hand, seat, lambda deal: Hand(deal, hand.pass_direction, hand.rules, hand.hand_number))


@pytest.mark.parametrize("seed", [3, 8, 21])
def test_hidden_cards_do_not_change_decisions(seed):
    checked = 0
    for plays in (5, 13, 22, 30):
        hand = played_hand(seed, plays)
        seat = hand.turn
        other = _swap_hidden(hand, seat)
        if other is None:
            continue
        assert other.cards(seat) == hand.cards(seat)
        assert any(other.cards(s) != hand.cards(s) for s in range(4) if s != seat)
        v1, v2 = hand.view(seat), other.view(seat)
        assert v1 == v2
        for bot in (RuleBot(), make_bot("easy"), RandomBot(5), MonteCarloBot(5, worlds=8),
                    MonteCarloBot(5, worlds=8, miss=0.1)):
            assert bot.choose_play(v1) == bot.choose_play(v2)
        checked += 1
    assert checked >= 2


# determinism ------------------------------------------------------------------------------------
def test_bots_are_reproducible_across_call_order():
    hand = played_hand(11, 10)
    v = hand.view(hand.turn)
    other = played_hand(12, 17)
    w = other.view(other.turn)
    for name in ("random", "medium"):
        a = make_bot(name, seed=4)
        first = a.choose_play(v)
        b = make_bot(name, seed=4)
        b.choose_play(w)
        b.choose_play(w)
        assert b.choose_play(v) == first
        assert a.choose_play(v) == first


_SNIPPET = """
import json
from hearts_teach import Hand
from hearts_teach.agents.hearts import make_bot
hand = Hand.deal(seed=11, hand_number=3)
bots = [make_bot(n, seed=2) for n in ("random", "rule", "mc:8", "easy")]
out = []
while not hand.is_over:
    s = hand.turn
    c = bots[s].choose_play(hand.view(s))
    out.append(str(c))
    hand.play(c, s)
print(json.dumps([out, list(hand.scores)]))
"""


def test_same_hand_in_a_fresh_process():
    here = subprocess.run([sys.executable, "-c", _SNIPPET], capture_output=True, text=True, check=True,
                          env={"PYTHONHASHSEED": "123", "PATH": ""})
    there = subprocess.run([sys.executable, "-c", _SNIPPET], capture_output=True, text=True, check=True,
                           env={"PYTHONHASHSEED": "999", "PATH": ""})
    assert json.loads(here.stdout) == json.loads(there.stdout)


# bots on the ladder and bad inputs --------------------------------------------------------------
def test_ladder_names_make_bots_that_finish_a_hand():
    assert list(LADDER) == ["random", "beginner", "rule", "medium", "expert"]
    hand = Hand.deal(seed=6, hand_number=0)
    bots = [make_bot("random", 1), make_bot("beginner"), make_bot("rule"), make_bot("mc:4", 1)]
    while not hand.is_over:
        if hand.phase.value == "pass":
            for s in hand.to_pass:
                chosen = bots[s].choose_pass(hand.view(s))
                assert len(chosen) == 3 and set(chosen) <= set(hand.cards(s))
                hand.pass_cards(s, chosen)
        else:
            bots[hand.turn].act(hand)
    assert sum(hand.scores) in (26, 78)
    assert isinstance(make_bot("expert"), MonteCarloBot) and make_bot("expert").worlds == 1024
    assert make_bot("expert").miss < 1 and make_bot("medium").miss == 1  # only expert reads the plays
    assert make_bot("expert").endgame == 5 and make_bot("medium").endgame == 0  # only expert searches its last cards


@pytest.mark.parametrize("name", ["nobody", "mc:", "mc:1", "mc:x", 7])
def test_unknown_bot_names_are_rejected(name):
    with pytest.raises(UnknownBotError, match="random, beginner, rule|mc:N"):
        make_bot(name)


def test_bots_reject_wrong_phase_and_non_views():
    hand = Hand.deal(seed=1, hand_number=0)
    bot = make_bot("rule")
    with pytest.raises(WrongPhaseError):
        bot.choose_play(hand.view(0))
    with pytest.raises(HeartsError, match="needs a View"):
        bot.choose_play(hand)
    hand3 = Hand.deal(seed=1, hand_number=3)
    not_turn = (hand3.turn + 1) % 4
    with pytest.raises(WrongPhaseError):
        bot.choose_play(hand3.view(not_turn))
    with pytest.raises(WrongPhaseError):
        bot.choose_pass(hand3.view(hand3.turn))
    with pytest.raises(TypeError):
        RuleBot(seed="x")


# the Monte Carlo machinery ---------------------------------------------------------------------------
def test_equivalence_classes_group_cards_with_nothing_between():
    hand = m("9D TD QD 2H 3H 5H QS KS")
    gone = m("JD")  # J♦ already played: 9♦ 10♦ Q♦ are interchangeable
    classes = equivalence_classes(hand, hand, gone)
    as_text = [" ".join(str(Card.from_index(c)) for c in cl) for cl in classes]
    assert "9D TD QD" in as_text
    assert "2H 3H" in as_text and "5H" in as_text  # 4♥ is still out
    assert "QS" in as_text and "KS" in as_text  # the queen stands alone


def test_sampled_hands_respect_sizes_voids_and_known_cards():
    rng = Rng(3)
    me = m("2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC")
    unseen = ((1 << 52) - 1) & ~me
    void = (0, 1 << 2, 0, 0)  # West showed void in hearts
    known = {2: m("AH KH QS")}
    for _ in range(30):
        hands = sample_hands(rng, 0, me, unseen, (13, 13, 13, 13), void, known)
        assert hands[0] == me
        assert [h.bit_count() for h in hands] == [13, 13, 13, 13]
        assert hands[1] & (0x1FFF << 26) == 0
        assert hands[2] & known[2] == known[2]
        assert hands[1] | hands[2] | hands[3] == unseen


def test_monte_carlo_bot_pass_and_rules_variants():
    hand = Hand.deal(seed=2, hand_number=1, rules=Rules.preset("omnibus"))
    v = hand.view(2)
    chosen = MonteCarloBot(1, worlds=4, pass_worlds=4).choose_pass(v)
    assert len(chosen) == 3 and chosen.mask & ~v.hand == 0


@pytest.mark.parametrize("tries", [0, 20])
def test_sampling_tight_voids_always_completes(tries):
    # West (1) showed void in hearts and spades, so the 4 minor-suit cards left must all be
    # West's; East (3) is void in diamonds. Placing cards greedily often dead-ends here.
    me = m("2C 3C 4C 5C")
    unseen = m("6C 7D 8D 9C 2H 3H 4H 5H 6H 2S 3S 4S 5S 6S")
    rng = Rng(8)
    for _ in range(60):
        hands = sample_hands(rng, 0, me, unseen, (4, 4, 5, 5), (1, 12, 0, 2), tries=tries)
        assert [h.bit_count() for h in hands] == [4, 4, 5, 5]
        assert hands[1] == m("6C 7D 8D 9C")
        assert hands[3] & m("7D 8D") == 0
        assert hands[1] | hands[2] | hands[3] == unseen
