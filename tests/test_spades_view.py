"""SpadesView: a Spades bot sees its own seat's cards and the public facts, nothing else
(the Spades twin of the information-hygiene tests in test_bots.py)."""

import pytest
from hidden_deals import assert_private, swap_hidden

from hearts_teach.agents.spades import RandomSpadesBot, SpadesBot, auto_play
from hearts_teach.games.spades import SpadesHand
from hearts_teach.games.spades.legality import SpadesState
from hearts_teach.games.spades.rules import SpadesRules
from hearts_teach.games.spades.view import SpadesView
from hearts_teach.kernel.errors import HeartsError
from hearts_teach.kernel.rng import Rng


def played_hand(seed: int, actions: int, **kw) -> SpadesHand:
    """Hand ``seed`` after ``actions`` bids and plays by rule bots."""
    hand = SpadesHand.deal(Rng(seed), dealer=seed % 4, **kw)
    bots = [SpadesBot(Rng(seed).spawn(s)) for s in range(4)]
    for _ in range(actions):
        if hand.is_over:
            break
        seat = hand.turn
        if hand.phase == "bid":
            hand.bid(bots[seat].choose_bid(hand.view(seat)), seat)
        else:
            hand.play(bots[seat].choose_play(hand.view(seat)), seat)
    return hand


def test_view_holds_only_what_the_seat_may_know():
    hand = played_hand(1, 4 + 9)
    v = hand.view(hand.turn)
    assert v.phase == "play" and v.my_turn
    assert v.hand == hand.cards(v.seat).mask
    assert v.bids == hand.bids and v.won == hand.tricks_won
    assert v.played == hand.played.mask
    assert v.current_trick == hand.current_trick.cards
    assert v.legal == hand.legal_plays().cards
    assert v.sizes == tuple(len(hand.cards(s)) for s in range(4))
    assert_private(v, hand, (SpadesHand, SpadesState))  # nothing of the game or of another seat's cards


def test_view_during_the_bidding_and_after_the_hand():
    hand = SpadesHand.deal(3, rules=SpadesRules(blind_nil=True), scores_before=(100, 300))
    v = hand.view(hand.turn)
    assert v.phase == "bid" and v.my_turn and v.legal_mask == 0
    assert v.legal_bids == hand.legal_bids() and v.may_bid_blind_nil == hand.may_bid_blind_nil(v.seat)
    assert hand.view((hand.turn + 1) % 4).legal_bids == ()
    auto_play(hand, [SpadesBot(s) for s in range(4)])
    end = hand.view(0)
    assert end.phase == "over" and not end.my_turn and end.hand == 0 and end.won == hand.tricks_won


def _swap_hidden(hand: SpadesHand, seat: int) -> SpadesHand | None:
    """The same bids, plays and cards for ``seat``, but two unplayed cards of one suit swapped
    between two other seats (a different hidden deal behind the same view)."""
    return swap_hidden(hand, seat, lambda deal: SpadesHand(deal, hand.dealer, hand.hand_number, hand.seat_names,
                                                           hand.rules, hand.scores_before))


@pytest.mark.parametrize("seed", [3, 8, 21])
def test_hidden_cards_do_not_change_views_or_decisions(seed):
    checked = 0
    for actions in (0, 2, 4 + 5, 4 + 13, 4 + 22, 4 + 30):
        hand = played_hand(seed, actions)
        seat = hand.turn
        other = _swap_hidden(hand, seat)
        if other is None:
            continue
        assert other.cards(seat) == hand.cards(seat)
        assert any(other.cards(s) != hand.cards(s) for s in range(4) if s != seat)
        v1, v2 = hand.view(seat), other.view(seat)
        assert v1 == v2 and v1.key() == v2.key()
        for make in (lambda: SpadesBot(5), lambda: SpadesBot(5, "baseline"), lambda: RandomSpadesBot(5)):
            a, b = make(), make()
            if v1.phase == "bid":
                assert a.choose_bid(v1) == b.choose_bid(v2)
            else:
                assert a.choose_play(v1) == b.choose_play(v2)
                assert a.reason(v1) == b.reason(v2) if isinstance(a, SpadesBot) else True
        checked += 1
    assert checked >= 4


def test_a_bot_gets_a_view_not_the_hand():
    hand = played_hand(4, 6)
    with pytest.raises(HeartsError, match="needs a SpadesView"):
        SpadesBot().choose_play(hand)  # the protocol methods take the seat's view only
    with pytest.raises(HeartsError, match="needs a SpadesView"):
        RandomSpadesBot().choose_bid(hand.play_state())
    # the older hand-taking methods look through the seat's view, with the same answer
    assert SpadesBot(2).choose(hand) == SpadesBot(2).choose_play(hand.view(hand.turn))


def test_view_from_state_matches_from_hand():
    hand = played_hand(6, 4 + 17)
    seat = hand.turn
    v = SpadesView.from_state(hand.play_state(), seat, hand.bids, rules=hand.rules, dealer=hand.dealer,
                              scores_before=hand.scores_before)
    assert v == hand.view(seat)
