"""The Spades hand engine: bidding, trump, spades broken, errors, undo, records, match."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hearts_teach import Hand
from hearts_teach.games.spades import BidOutOfTurnError, SpadesHand, SpadesMatch, score_hand
from hearts_teach.kernel.cards import CardList, Suit
from hearts_teach.kernel.errors import (
    IllegalBidError,
    IllegalPlayError,
    InvalidSeatError,
    NothingToUndoError,
    NotInHandError,
    OutOfTurnError,
    RecordError,
    Rule,
    WrongPhaseError,
)
from hearts_teach.kernel.rng import Rng

# A fixed deal: each seat holds one whole suit plus a twist, so tricks are easy to predict.
# South: all clubs; West: all diamonds; North: all hearts; East: all spades.
SUITS = ["2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC", "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
         "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH", "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS"]

# South: clubs + 2 spades; West: diamonds + hearts; North: hearts + clubs; East: the rest
MIXED = [
    "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC 2S 3S",
    "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD 2H 3H",
    "4H 5H 6H 7H 8H 9H TH JH QH KH AH KC AC",
    "4S 5S 6S 7S 8S 9S TS JS QS KS AS KD AD",
]


def bid_all(hand, bids=(3, 3, 3, 3)):
    for b in bids:
        hand.bid(b)
    return hand


def play_random(hand, rng):
    while not hand.is_over:
        legal = hand.legal_plays().cards
        hand.play(legal[rng.randbelow(len(legal))])
    return hand


# --- bidding ---------------------------------------------------------------------------------


def test_bidding_starts_left_of_the_dealer_and_goes_clockwise():
    for dealer in range(4):
        hand = SpadesHand(MIXED, dealer=dealer)
        order = []
        while hand.phase == "bid":
            order.append(hand.turn)
            hand.bid(2)
        assert order == [(dealer + 1 + i) % 4 for i in range(4)]
        assert hand.turn == (dealer + 1) % 4  # the same seat leads the first trick
        assert hand.current_trick.leader == (dealer + 1) % 4


def test_bids_contracts_and_nil():
    hand = bid_all(SpadesHand(MIXED), (3, "nil", 4, 5))  # dealer 3: South bids first
    assert hand.bids == (3, 0, 4, 5)
    assert hand.contracts == (7, 5)
    assert hand.nil_seats == (1,)
    assert hand.nil_alive(1)


@pytest.mark.parametrize("bad", [14, -1, 2.0, "three", None, True])
def test_bad_bids_are_rejected_and_change_nothing(bad):
    hand = SpadesHand(MIXED)
    before = hand.snapshot()
    with pytest.raises(IllegalBidError) as e:
        hand.bid(bad)
    assert e.value.rule is Rule.BID_RANGE
    assert "0 (nil) to 13" in str(e.value)
    assert hand.snapshot() == before


def test_bid_out_of_turn_is_both_a_bid_error_and_an_out_of_turn_error():
    hand = SpadesHand(MIXED)
    with pytest.raises(BidOutOfTurnError) as e:
        hand.bid(3, seat=2)
    assert isinstance(e.value, IllegalBidError) and isinstance(e.value, OutOfTurnError)
    assert "South's turn to bid" in str(e.value)
    hand.bid(3, seat=0)
    assert hand.bids == (3, None, None, None)


def test_no_play_during_bidding_and_no_bid_during_play():
    hand = SpadesHand(MIXED)
    with pytest.raises(WrongPhaseError, match="still to bid: South, West, North, East"):
        hand.play("2C")
    assert not hand.explain("2C").legal
    bid_all(hand)
    with pytest.raises(WrongPhaseError, match="bidding is over"):
        hand.bid(3)


# --- play ------------------------------------------------------------------------------------


def test_trump_wins_when_void():
    # dealer 2 (North): East leads first
    hand = bid_all(SpadesHand(MIXED, dealer=2))
    hand.play("AD")  # East leads a diamond
    hand.play("2C")  # South: no diamonds -> discards a club
    hand.play("2D")  # West follows low
    trick = hand.play("AH")  # North: no diamonds -> discards
    assert trick.winner == 3 and not trick.trumped
    hand.play("KD")  # East leads again
    hand.play("2S")  # South trumps with the 2 of spades
    hand.play("3D")
    trick = hand.play("KC")
    assert trick.winner == 0 and trick.trumped
    assert hand.spades_broken and hand.broken_by.card == CardList("2S")[0]
    assert hand.broken_by.trick == 2 and hand.broken_by.seat == 0


def test_must_follow_suit_with_a_sentence():
    hand = bid_all(SpadesHand(MIXED, dealer=0))  # West leads
    hand.play("QD")
    hand.play("KC")  # North has no diamonds
    v = hand.explain("4S")  # East holds KD AD
    assert not v.legal and v.rule is Rule.MUST_FOLLOW_SUIT
    assert "diamonds were led and you hold A♦, K♦" in v.message and "trumping" in v.message
    before = hand.snapshot()
    with pytest.raises(IllegalPlayError) as e:
        hand.play("4S")
    assert e.value.rule is Rule.MUST_FOLLOW_SUIT and "4♠" in str(e.value)
    assert hand.snapshot() == before
    assert hand.explain("AD").legal


def test_spades_may_not_be_led_until_broken():
    hand = bid_all(SpadesHand(MIXED, dealer=3))  # South leads, holds 2S 3S and clubs
    v = hand.explain("2S")
    assert not v.legal and v.rule is Rule.SPADES_NOT_BROKEN
    assert "spades have not been broken" in v.message and "2♣" in v.message
    with pytest.raises(IllegalPlayError) as e:
        hand.play("3S")
    assert e.value.rule is Rule.SPADES_NOT_BROKEN
    assert hand.explain("2C").legal and hand.explain("2C").rule is Rule.FREE_LEAD


def test_all_spades_leader_may_lead_a_spade_and_breaks_spades():
    hand = bid_all(SpadesHand(SUITS, dealer=2))  # East (all spades) leads
    v = hand.explain("AS")
    assert v.legal and v.rule is Rule.ALL_SPADES_LEAD
    hand.play("AS")
    assert hand.spades_broken
    for card in ("2C", "2D", "2H"):
        assert hand.explain(card).rule is Rule.VOID_DISCARD
        hand.play(card)
    assert hand.last_trick.winner == 3
    assert hand.tricks_won == (0, 0, 0, 1)


def test_not_in_hand_and_out_of_turn():
    hand = bid_all(SpadesHand(MIXED))
    with pytest.raises(NotInHandError, match="does not hold A♠"):
        hand.play("AS")
    with pytest.raises(OutOfTurnError):
        hand.play("2D", seat=1)
    with pytest.raises(InvalidSeatError):
        hand.play("2C", seat=7)


def test_whole_suits_deal_every_trick_goes_to_spades():
    hand = bid_all(SpadesHand(SUITS, dealer=3), (0, 0, 0, 13))
    while not hand.is_over:
        hand.play(hand.legal_plays().cards[-1])
    assert hand.tricks_won == (0, 0, 0, 13)
    s = hand.score()
    assert s.team_points == (200, 230)  # two clean nils; West's clean nil + East's 13 made exactly


def test_score_needs_a_finished_hand():
    hand = bid_all(SpadesHand(MIXED))
    with pytest.raises(WrongPhaseError, match="not over yet"):
        hand.score()


# --- history, undo, records ----------------------------------------------------------------


def test_undo_takes_back_plays_and_bids():
    hand = SpadesHand.deal(seed=3)
    fresh = hand.snapshot()
    bid_all(hand, (2, 3, 4, 1))
    after_bids = hand.snapshot()
    card = hand.legal_plays().cards[0]
    hand.play(card)
    assert hand.undo().card == card
    assert hand.snapshot() == after_bids
    for _ in range(4):
        hand.undo()
    assert hand.snapshot() == fresh
    with pytest.raises(NothingToUndoError):
        hand.undo()


def test_same_seed_deals_the_same_cards_as_hearts():
    for seed in (0, 5, "lesson-09"):
        h, s = Hand.deal(seed=seed), SpadesHand.deal(seed=seed)
        assert all(h.dealt(x) == s.dealt(x) for x in range(4))
    assert SpadesHand.from_hearts(Hand.deal(seed=5)).dealt(2) == SpadesHand.deal(seed=5).dealt(2)


def test_from_hearts_names_the_table_it_needs():
    from hearts_teach import HeartsError, Rules

    for bad in ("QS", Hand.deal(seed=1, rules=Rules(players=5))):
        with pytest.raises(HeartsError, match="from_hearts needs a Hearts Hand of 4 seats, got "):
            SpadesHand.from_hearts(bad)


def test_record_round_trip_at_every_stage():
    hand = SpadesHand.deal(seed=11, dealer=1, seat_names=("Ann", "Bo", "Cy", "Di"))
    rng = Rng(4)
    for step in range(4 + 52):
        again = SpadesHand.from_json(hand.to_json())
        assert again.snapshot() == hand.snapshot() and again.seat_names == hand.seat_names
        if hand.phase == "bid":
            hand.bid(rng.randbelow(6))
        else:
            legal = hand.legal_plays().cards
            hand.play(legal[rng.randbelow(len(legal))])
        del step
    assert hand.is_over
    assert SpadesHand.from_record(json.loads(hand.to_json())).score().team_points == hand.score().team_points


@pytest.mark.parametrize("mutate,field", [
    (lambda r: r.update(format="x"), "format"),
    (lambda r: r.update(dealer=9), "dealer"),
    (lambda r: r.update(dealer="1"), "dealer"),
    (lambda r: r.pop("deal"), "deal"),
    (lambda r: r["deal"][2].__setitem__(0, "ZZ"), "deal[2]"),
    (lambda r: r["deal"][2].__setitem__(0, r["deal"][1][0]), "deal"),
    (lambda r: r["bids"].__setitem__(1, 14), "bids[1]"),
    (lambda r: r["bids"].__setitem__(1, "3"), "bids[1]"),
    (lambda r: r.update(bids=[1, 2, 3, 4, 5]), "bids"),
    (None, "plays[0]"),  # a card the leader does not hold, filled in below
    (lambda r: r.update(bids=[1, 2]), "plays"),
    (lambda r: r.update(plays="2C"), "plays"),
])
def test_bad_records_name_the_field(mutate, field):
    hand = bid_all(SpadesHand.deal(seed=2), (2, 3, 3, 3))
    for _ in range(6):
        hand.play(hand.legal_plays().cards[0])
    rec = json.loads(hand.to_json())
    if mutate is None:
        rec["plays"][0] = next(c for c in ("AS", "KS", "QS", "JS", "TS", "9S", "8S", "7S")
                               if c not in rec["deal"][hand.first_seat])
    else:
        mutate(rec)
    with pytest.raises(RecordError) as e:
        SpadesHand.from_record(rec)
    assert e.value.field == field


def test_record_text_errors():
    with pytest.raises(RecordError):
        SpadesHand.from_json("{not json")
    with pytest.raises(RecordError) as e:
        SpadesHand.from_record([1, 2])
    assert e.value.field == "record"


# --- views -----------------------------------------------------------------------------------


def test_text_and_html_views_show_bids_trick_and_scores():
    hand = SpadesHand.deal(seed=9)
    assert "▶ South to bid" in hand.text()
    bid_all(hand, (4, 0, 3, 3))
    text = hand.text()
    assert "Bids: South 4, West nil, North 3, East 3" in text and "Legal:" in text
    assert "nil: West clean" in text
    html = hand._repr_html_()
    assert "aria-label" in html and "bid nil" in html and "South–North" in html
    play_random(hand, Rng(1))
    done = hand.text()
    assert "The hand is over" in done and "South–North: bid 7" in done
    assert "Score:" in hand._repr_html_()


# --- properties over random hands -------------------------------------------------------------


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), dealer=st.integers(0, 3), play_seed=st.integers(0, 999))
def test_random_hands_obey_the_rules(seed, dealer, play_seed):
    hand = SpadesHand.deal(seed=seed, dealer=dealer)
    rng = Rng(play_seed)
    for _ in range(4):
        hand.bid(rng.randbelow(14))
    play_random(hand, rng)
    assert sum(hand.tricks_won) == 13 and len(hand.tricks) == 13
    broken = False
    for t in hand.tricks:
        led = t.cards[0].suit
        win = t.card_of(t.winner)
        spades = [c for c in t.cards if c.suit is Suit.SPADES]
        if spades:  # trump wins: the highest spade takes the trick
            assert win == max(spades)
        else:
            assert win == max(c for c in t.cards if c.suit == led)
        if led is Suit.SPADES and not broken:  # only a hand of nothing but spades may do that
            earlier = [u.card_of(t.leader) for u in hand.tricks[:t.number - 1]]
            holding = [c for c in hand.dealt(t.leader) if c not in earlier]
            assert all(c.suit is Suit.SPADES for c in holding)
        broken = broken or bool(spades)
        assert t.leader == (hand.first_seat if t.number == 1 else hand.tricks[t.number - 2].winner)
    bags = (rng.randbelow(10), rng.randbelow(10))
    score = hand.score(bags)
    assert all(0 <= b <= 9 for b in score.bags)
    assert score.team_points == score_hand(hand.bids, hand.tricks_won, bags).team_points


# --- match -----------------------------------------------------------------------------------


def finish_hand(match, rng):
    hand = match.hand
    while hand.phase == "bid":
        hand.bid(rng.randint(1, 4))
    play_random(hand, rng)


def test_match_rotates_dealer_carries_bags_and_ends_at_500():
    match = SpadesMatch(seed=1)
    rng = Rng(8)
    dealers = []
    while True:
        dealers.append(match.hand.dealer)
        finish_hand(match, rng)
        if match.is_over:
            break
        match.next_hand()
    assert dealers[:5] == [3, 0, 1, 2, 3][:len(dealers[:5])]
    t = match.totals
    assert max(t) >= 500 and t[0] != t[1] and match.winner == (0 if t[0] > t[1] else 1)
    # totals are the sum of the hand scores, with bags carried over
    bags = (0, 0)
    total = [0, 0]
    for h in match.hands:
        sc = score_hand(h.bids, h.tricks_won, bags)
        total = [total[0] + sc.team_points[0], total[1] + sc.team_points[1]]
        bags = sc.bags
    assert tuple(total) == t and bags == match.bags
    assert "wins" in match.score_table()
    with pytest.raises(WrongPhaseError, match="match is over"):
        match.next_hand()
    again = SpadesMatch.from_json(match.to_json())
    assert again.totals == t and len(again.hands) == len(match.hands)


def test_exact_tie_past_the_target_plays_another_hand():
    # Hand 1: East holds every spade and takes all 13 tricks; hand 2 mirrors it for South.
    # Bids mirror too (one nil, two 4s), so both teams end on 60 + 85 = 145.
    match = SpadesMatch(seed=0, target=100)
    match.hands[0] = SpadesHand(SUITS, dealer=3, hand_number=0)
    for b in (0, 4, 4, 4):  # South nil, West 4, North 4, East 4
        match.bid(b)
    while not match.hand.is_over:
        match.play(match.hand.legal_plays().cards[0])
    assert match.totals == (60, 85) and not match.is_over
    match.next_hand()
    assert match.hand.dealer == 0
    match.hands[1] = SpadesHand([SUITS[3], SUITS[0], SUITS[1], SUITS[2]], dealer=0, hand_number=1)
    for b in (0, 4, 4, 4):  # West nil, North 4, East 4, South 4
        match.bid(b)
    while not match.hand.is_over:
        match.play(match.hand.legal_plays().cards[0])
    assert match.hand.tricks_won == (13, 0, 0, 0)
    assert match.totals == (145, 145)
    assert match.tied and not match.is_over and match.winner is None
    assert "another hand is played" in match.score_table()
    match.next_hand()  # allowed: the tie is broken by another hand
    assert match.hand_number == 2


def test_match_refuses_next_hand_before_the_end():
    match = SpadesMatch(seed=4)
    with pytest.raises(WrongPhaseError, match="not over yet"):
        match.next_hand()
    with pytest.raises(RecordError) as e:
        rec = match.to_record()
        rec["hands"][0]["dealer"] = 0
        rec["hands"][0]["first_bidder"] = 1  # consistent with the hand's dealer, not the rotation
        SpadesMatch.from_record(rec)
    assert e.value.field == "hands[0].dealer"
    with pytest.raises(RecordError) as e:
        rec = match.to_record()
        rec["hands"][0]["first_bidder"] = 2  # dealer East: South (0) bids first
        SpadesMatch.from_record(rec)
    assert e.value.field == "hands[0].first_bidder" and "bids first: 0" in str(e.value)


def test_two_of_spades_takes_a_trick_led_with_the_ace_of_hearts():
    # dealer 0: West leads A♥; North has no hearts and trumps with the 2♠
    deal = ["3H 4H 5H 6H 7H 8H 9H TH JH QH KH 2C 3C",
            "AH 4C 5C 6C 7C 8C 9C TC JC QC KC AC 2D",
            "2S 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
            "3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS 2H"]
    hand = bid_all(SpadesHand(deal, dealer=0))
    hand.play("AH")
    hand.play("2S")
    hand.play("2H")
    trick = hand.play("KH")
    assert trick.winner == 2 and trick.trumped
    assert str(trick).endswith("→ seat 2 (ruffed)")  # the one mark (SpadesTrick.trump_mark)


def test_when_both_teams_pass_the_target_in_one_hand_the_higher_score_wins():
    match = SpadesMatch(seed=0, target=50)
    match.hands[0] = SpadesHand(SUITS, dealer=3, hand_number=0)
    for b in (0, 4, 4, 4):
        match.bid(b)
    while not match.hand.is_over:
        match.play(match.hand.legal_plays().cards[0])
    assert match.totals == (60, 85)  # both past 50
    assert match.is_over and match.winner == 1
    assert "West–East wins, 85 to 60." in match.score_table()
