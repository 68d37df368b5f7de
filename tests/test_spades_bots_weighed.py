"""The weighed Spades bot (the default style) against the baseline on hand-built positions:
its own contract against an opponent's nil, the bidder's rounding, spade length, the table's
bids, the score and blind nil. Strength figures come from ``python -m hearts_teach.tools.bench_spades``."""

from __future__ import annotations

import math

import pytest

from hearts_teach.agents.spades import (
    SpadesBot,
    estimate_tricks,
    smart_bid,
    suggest_bid,
    wants_blind_nil,
)
from hearts_teach.games.spades import SpadesHand
from hearts_teach.games.spades.legality import SpadesState
from hearts_teach.games.spades.rules import SpadesRules
from hearts_teach.games.spades.scoring import is_blind
from hearts_teach.kernel.cards import DECK, CardList
from hearts_teach.tools.bench_spades import duplicate, team_figures

SIX_LOW = "AS 6S 5S 4S 3S 2S 5H 4H 3H 4D 3D 3C 2C"  # A + five small spades, two doubletons
NIL_HAND = "2S 3S 4H 5H 6H 2D 3D 4D 5D 2C 3C 4C 5C"
SUITS = ["2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC", "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
         "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH", "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS"]


def state(hands, leader, trick=(), won=(0, 0, 0, 0), done=0):
    st = SpadesState([CardList(h).mask for h in hands], leader, SpadesRules().compiled)
    for card in trick:
        st.play(CardList(card)[0].index)
    st.won = list(won)
    st.tricks_done = done
    return st


def choose(st, bids, style):
    return DECK[SpadesBot(0, style).choose_index(st, bids)].pretty


def test_a_nil_already_beaten_this_trick_leaves_the_trick_to_the_contract():
    # West (nil) ducked South's 5♦ with 2♦: the nil is safe this trick, North needs tricks
    st = state(["5D 2C", "2D 3C", "3D KD 4C 5C", "6D 6C"], leader=0, trick=["5D", "2D"])
    bids = (4, 0, 4, 3)
    assert choose(st, bids, "baseline") == "3♦"  # stays low for the nil, for nothing
    assert choose(st, bids, "weighed") == "K♦"
    assert "safe this trick" in SpadesBot(0)._rule(st, bids)[0]


def test_when_the_contract_needs_half_the_tricks_left_it_comes_first():
    hands = ["AH 2H 3C 4C", "5H 6H 5C 6C", "7H 8H 7C 8C", "9H TH 9C TC"]
    st = state(hands, leader=0, won=(2, 0, 4, 3), done=9)  # 6 of 8: need 2 of the last 4
    bids = (4, 0, 4, 3)
    assert choose(st, bids, "baseline") == "2♥"
    assert choose(st, bids, "weighed") == "A♥"
    st = state(hands, leader=0, won=(3, 0, 4, 2), done=9)  # need 1 of 4: bust the nil
    assert choose(st, bids, "weighed") == "2♥"


def test_a_sixth_spade_counts_and_bids_round_to_the_nearest_trick():
    assert estimate_tricks(CardList(SIX_LOW)) == 1.5
    assert estimate_tricks(CardList(SIX_LOW), long_spades=True) == 2.0
    assert suggest_bid(CardList(SIX_LOW)) == 1 and smart_bid(CardList(SIX_LOW)) == 2
    # seven spades: ruffs 1 + 0.25 and A♠ 1 + 7♠ 0.25 make 2.5; by length the top five
    # (1.25) plus two spades after the fifth give 3.25, which replaces the spade part
    seven = "AS 7S 6S 5S 4S 3S 2S 5H 4H 3H 4D 3D 3C"
    assert estimate_tricks(CardList(seven)) == 2.5
    assert estimate_tricks(CardList(seven), long_spades=True) == 3.25


def test_the_bid_reads_the_table_and_the_score():
    cards = CardList(SIX_LOW)
    assert smart_bid(cards, partner_bid=2, others=[3, 3]) == 3  # 10 bid: 3 tricks unclaimed
    assert smart_bid(cards, partner_bid=4, others=[3, 3]) == 2
    assert smart_bid(cards, scores=(450, 300)) == 1  # nearly home: no risk of a set
    assert smart_bid(cards, scores=(200, 420)) == 3  # they are nearly home and we are behind
    assert smart_bid(CardList(NIL_HAND)) == 0
    assert smart_bid(CardList(NIL_HAND), scores=(300, 50)) == 1  # far ahead: no nil gamble
    assert smart_bid(CardList(NIL_HAND), partner_bid=0) == 1


@pytest.mark.parametrize("before, partner_nil, expected", [
    ((150, 400), False, True), ((250, 400), False, False), ((0, 250), False, False),
    ((150, 400), True, False)])
def test_blind_nil_only_in_desperation_and_never_beside_a_nil(before, partner_nil, expected):
    hand = SpadesHand(SUITS, dealer=1, rules=SpadesRules(blind_nil=True), scores_before=before)
    # dealer West: North (2) bids first, then East, then South
    hand.bid(0 if partner_nil else 3)
    hand.bid(3)
    assert hand.turn == 0 and wants_blind_nil(hand, 0) is expected
    bid = SpadesBot(0).bid(hand)
    assert is_blind(bid) is expected
    hand.bid(bid)  # the bot's bid is always legal


def test_bench_figures_are_consistent():
    d = duplicate("weighed", "baseline", 3, seed="t")
    f = d["new"]
    assert f["hands"] == 6 and 0 <= f["made"] <= 1 and math.isfinite(d["edge"])
    again = duplicate("weighed", "baseline", 3, seed="t")
    assert again["edge"] == d["edge"]  # seeded: the same figures every run
    hand = _played()  # East holds every spade and takes all 13 tricks; all bid 3
    south, east = team_figures([(hand, 0)]), team_figures([(hand, 1)])
    assert (south["made"], south["bags_per_hand"], south["points_per_hand"]) == (0, 0, -60)
    assert (east["made"], east["bags_per_hand"], east["points_per_hand"]) == (1, 7, 67)
    assert east["adjusted_per_hand"] == 67 - 70


def _played() -> SpadesHand:
    hand = SpadesHand(SUITS, dealer=3)
    for b in (3, 3, 3, 3):
        hand.bid(b)
    while not hand.is_over:
        hand.play(hand.legal_plays().cards[0])
    return hand
