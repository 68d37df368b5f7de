"""Spades bots: the bidding estimate, the nil rule and the partner-aware play rules."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hearts_teach.agents.spades import (
    RandomSpadesBot,
    SpadesBot,
    auto_play,
    benchmark,
    estimate_tricks,
    nil_faults,
    nil_ok,
    suggest_bid,
)
from hearts_teach.games.spades import SpadesHand
from hearts_teach.games.spades.legality import SpadesState
from hearts_teach.games.spades.rules import SpadesRules
from hearts_teach.kernel.cards import DECK, CardList
from hearts_teach.kernel.rng import Rng


def m(text):
    return CardList(text).mask


# --- bidding ---------------------------------------------------------------------------------


@pytest.mark.parametrize("hand,expected", [
    # A, K of spades (both protected), A and K of clubs in a 3-card suit: 4 tricks
    ("AS KS AC KC 5C 7D 6D 5D 4D 8H 7H 6H 5H", 4.0),
    # Q with two low spades is protected (Qxx); a side king with company counts 1
    ("QS 3S 2S KC 6C 5C 4D 3D 2D 9H 8H 7H 6H", 2.0),
    # Q with one low spade is one guard short: 0.75
    ("QS 3S 9C 6C 5C 4D 3D 2D 5D 9H 8H 7H 6H", 0.75),
    # a singleton side king is a ruff (with a spare spade), not a king trick
    ("QS 3S 2S KC 5D 4D 3D 2D 9H 8H 7H 6H 5H", 1 + 0.75),
    # a void in hearts with three spades: 2 ruffs, the last spade left alone (2S: no value)
    ("4S 3S 2S 9C 8C 7C 6C 5D 4D 3D 2D 7D 8D", 2.0),
    # a singleton with spades: 1 ruff; the queen of a 3-card suit 0.5
    ("5S 4S QC 8C 7C 2H 9D 8D 7D 6D 5D 4D 3D", 1.5),
    # no spades: short suits are worth nothing; side ace in a 7+ suit only 0.5
    ("AD KD QD JD TD 9D 8D 2C 3C 4C 2H 3H 4H", 0.5 + 0.25),
])
def test_estimate_tricks_examples(hand, expected):
    assert estimate_tricks(CardList(hand)) == pytest.approx(expected)


def test_six_spades_to_the_ace_king():
    # two doubletons use half a spade; round(5.5) keeps all six, each protected; A♥ adds 1
    assert estimate_tricks(CardList("AS KS QS JS TS 9S AH 5H 4H 3D 2D 3C 2C")) == 7.5


NIL_HAND = "2S 3S 4S 2H 3H 5H 7H 2D 3D 4D 6D 2C 3C"


def test_nil_when_everything_is_low():
    assert nil_ok(CardList(NIL_HAND))
    assert suggest_bid(CardList(NIL_HAND)) == 0
    assert suggest_bid(CardList(NIL_HAND), partner_bid=0) == 1  # never two nils in a team


@pytest.mark.parametrize("swap_in,swap_out,why", [
    ("AD", "6D", "an ace"),
    ("5S", "2C", "four spades"),
    ("QD", "6D", "Q234 is fine"),
    ("KD", "6D", "K234: the king counts a trick, so the estimate reaches 1"),
])
def test_nil_rule_details(swap_in, swap_out, why):
    hand = [c for c in NIL_HAND.split() if c != swap_out] + [swap_in]
    assert nil_ok(CardList(hand)) == why.endswith("fine"), why


def test_q2_is_not_nil_but_q23_is():
    # the notes' "K23 is good, but not K or K2", shown with queens (a guarded king already
    # counts as a trick, which rules nil out before the guard rule is reached)
    q2 = "QD 2D 2S 3S 2H 3H 5H 7H 2C 3C 4C 5C 6C"
    q23 = "QD 2D 3D 2S 3S 2H 3H 5H 2C 3C 4C 5C 6C"
    assert estimate_tricks(CardList(q2)) < 1 and not nil_ok(CardList(q2))
    assert nil_ok(CardList(q23))


@pytest.mark.parametrize("swap_in,swap_out,fault", [
    ("AD", "6D", "A♦ wins a diamond trick unless someone trumps it"),
    ("5S", "2C", "4 spades (nil allows at most 3"),
    # r90 (rater r89 on lesson 09b: "spade length" was never said there, and cannot change a three-spade count):
    # "a count", as the checklist says; spade length named only where it changes the count (test_spades_widgets)
    ("KD", "6D", "1¼ tricks is too many for a nil, which needs a count under 1"),
])
def test_nil_faults_name_the_test_a_hand_fails(swap_in, swap_out, fault):
    hand = [c for c in NIL_HAND.split() if c != swap_out] + [swap_in]
    assert any(f.startswith(fault) for f in nil_faults(CardList(hand))), nil_faults(CardList(hand))
    assert not any("spade length" in f for f in nil_faults(CardList(hand)))  # r90: three spades at most here
    assert nil_faults(CardList(NIL_HAND)) == []
    q2 = "QD 2D 2S 3S 2H 3H 5H 7H 2C 3C 4C 5C 6C"
    assert nil_faults(CardList(q2)) == ["Q♦ with only 1 smaller diamond beside it: it cannot hide under the "
                                        "others' cards"]


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 10**6))
def test_nil_ok_is_exactly_no_nil_faults(seed):
    cards = SpadesHand.deal(seed=seed).cards(0)
    assert nil_ok(cards) == (not nil_faults(cards))


def test_bid_is_at_least_one_and_capped_by_partner():
    strong = CardList("AS KS QS JS TS 9S 8S AH KH AD KD AC KC")
    assert estimate_tricks(strong) == 12.75 and suggest_bid(strong) == 12
    assert suggest_bid(strong, partner_bid=4) == 9
    assert suggest_bid(CardList("2S 9C 8C 7C 6C 5C 9D 8D 7D 6D AH 3H 4H")) == 1  # an ace: no nil
    four_spades = CardList("2S 3S 4S 5S 9C 8C 7C 6C 9D 8D 7D 3H 4H")
    assert estimate_tricks(four_spades) == 0.25 and suggest_bid(four_spades) == 1  # 4 spades: no nil


# --- play rules on hand-built positions ------------------------------------------------------


def state(hands, leader, trick=(), won=(0, 0, 0, 0), broken=False):
    st = SpadesState([m(h) for h in hands], leader, SpadesRules().compiled)
    for card in trick:
        st.play(CardList(card)[0].index)
    st.won = list(won)
    st.broken = broken or st.broken
    return st


def choose(st, bids, seed=0):
    return DECK[SpadesBot(seed).choose_index(st, bids)].pretty


def test_own_nil_sheds_the_highest_card_that_still_ducks():
    # South leads 8♥; West bid nil and holds 2♥ 7♥ 9♥ K♥: 7♥ is the highest safe card
    st = state(["8H 2C", "2H 7H 9H KH", "3C", "4C"], leader=0, trick=["8H"])
    assert choose(st, (3, 0, 3, 3)) == "7♥"


def test_own_nil_forced_to_win_as_last_player_dumps_the_highest():
    st = state(["5H 2C", "6H 3C", "7H 4C", "9H KH"], leader=0, trick=["5H", "6H", "7H"])
    assert choose(st, (3, 3, 3, 0)) == "K♥"


def test_protect_partner_nil_by_overtaking_partner():
    # West leads 5♦, North (nil) plays 9♦ and is winning; East ducks; South takes it with 10♦
    st = state(["3D TD AD 2C", "5D 3C", "9D 4C", "2D 5C"], leader=1, trick=["5D", "9D", "2D"])
    assert choose(st, (4, 3, 0, 3)) == "10♦"


def test_protect_partner_nil_plays_high_before_partner():
    # East leads, South plays before North (nil): South wins as high as it can
    st = state(["3D TD AD 2C", "5D 3C", "9D 4C", "2D 5C"], leader=3, trick=["2D"])
    assert choose(st, (4, 3, 0, 3)) == "A♦"


def test_bust_opponent_nil_never_overtakes_it():
    # North (nil) is winning with 9♦; East, its opponent, stays under with 4♦ rather than K♦
    st = state(["3D 2C", "5D 3C", "9D 4C", "2D 4D KD 5C"], leader=1, trick=["5D", "9D"])
    assert choose(st, (4, 3, 0, 3)) == "4♦"


def test_duck_once_the_contract_is_safe():
    # South and North bid 2 + 2 and already have 4 tricks: shed the highest losing heart
    st = state(["2H 8H JH AH", "3C", "4C", "TH"], leader=3, trick=["TH"], won=(3, 2, 1, 2))
    assert choose(st, (2, 3, 2, 3)) == "8♥"


def test_win_cheaply_while_the_contract_needs_tricks():
    # the same cards, contract not safe: play last and win with the lowest winner
    st = state(["2H 8H JH AH", "TH", "3H", "4H"], leader=1, trick=["TH", "3H", "4H"], won=(1, 2, 1, 2))
    assert choose(st, (4, 3, 4, 3)) == "J♥"


def test_do_not_overtake_partner_who_is_already_winning_last():
    st = state(["2H 8H JH AH", "TH", "KH", "4H"], leader=1, trick=["TH", "KH", "4H"], won=(1, 2, 1, 2))
    assert choose(st, (4, 3, 4, 3)) == "2♥"


def test_void_follower_trumps_when_tricks_are_needed():
    st = state(["2S 9S 3C", "AH", "4H", "5H"], leader=1, trick=["AH", "4H", "5H"], won=(1, 2, 1, 2))
    assert choose(st, (4, 3, 4, 3)) == "2♠"


def test_reason_names_the_rule():
    hand = SpadesHand.deal(seed=1)
    for b in (3, 0, 3, 3):
        hand.bid(b)
    assert "bust" in SpadesBot().reason(hand)  # South, with West's nil alive


def test_a_lead_against_a_nil_says_lead_low_not_stay_under():
    """Fresh rater r34_c: the baseline bot's opening lead read "stay low under it", with nothing to stay under.
    On a lead the reason says what ``_bust`` does there (its lowest card); following, it stays under."""
    hand = SpadesHand.deal(seed=1)
    for b in (3, 0, 3, 3):  # West bids nil; South leads
        hand.bid(b)
    bot = SpadesBot(0, style="baseline")
    assert hand.turn == 0 and hand.cards(0).pretty == "♠ J 10 3  ♥ 10 8 3  ♦ J 8 4  ♣ J 9 5 4"
    assert bot.reason(hand) == "bust the opponents' nil: lead low, leaving the nil bidder little room under it"
    assert bot.choose(hand).pretty == "3♥"  # the lowest side card (spades count higher)
    hand.play(bot.choose(hand))
    hand.play(SpadesBot(0).choose(hand))  # West, the nil bidder, plays 7♥
    assert hand.turn == 2 and bot.reason(hand) == "bust the opponents' nil: stay low under it"  # now following
    assert bot.choose(hand).pretty == "4♥"


# --- whole hands ------------------------------------------------------------------------------


def test_bots_play_whole_hands_legally_and_deterministically():
    results = []
    for _ in range(2):
        out = []
        for seed in range(6):
            hand = SpadesHand.deal(seed=seed, dealer=seed % 4)
            auto_play(hand, [SpadesBot(Rng(seed).spawn(s)) for s in range(4)])
            out.append((hand.bids, hand.tricks_won, hand.score().team_points))
        results.append(out)
    assert results[0] == results[1]
    assert all(sum(t) == 13 for _, t, _ in results[0])


def test_auto_play_stops_at_the_human_seat():
    hand = SpadesHand.deal(seed=4, dealer=0)  # West bids first
    log = auto_play(hand, [None, SpadesBot(1), SpadesBot(2), SpadesBot(3)], stop_at=0)
    assert hand.turn == 0 and hand.phase == "bid" and len(log) == 3
    hand.bid(3)
    auto_play(hand, [None, RandomSpadesBot(1), RandomSpadesBot(2), RandomSpadesBot(3)], stop_at=0)
    assert hand.turn == 0 and hand.phase == "play"


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**31), dealer=st.integers(0, 3), mix=st.lists(st.booleans(), min_size=4, max_size=4))
def test_any_mix_of_bots_finishes_any_deal_legally(seed, dealer, mix):
    # SpadesHand.play rejects illegal cards, so finishing the hand proves every move was legal
    hand = SpadesHand.deal(seed=seed, dealer=dealer)
    bots = [SpadesBot(seed + s) if rule else RandomSpadesBot(seed + s) for s, rule in enumerate(mix)]
    log = auto_play(hand, bots)
    assert hand.is_over and len(log) == 4 + 52
    assert all(b is not None and 0 <= b <= 13 for b in hand.bids)
    assert sum(hand.tricks_won) == 13


def test_benchmark_reports_its_figures():
    r = benchmark(hands=3, seed=1)
    assert set(r) == {"rule", "opponent", "made", "nils", "nil_kept"}
    assert 0 <= r["made"] <= 1 and 0 <= r["nil_kept"] <= 1


def test_lesson_09a_counting_steps_in_words_give_the_bots_estimate():
    """09a's count (ruffs, protected spades, high side cards; its three points since round 9), followed
    as words, reaches ``estimate_tricks`` on the lesson's deals and on 300 more (deal 1526 once came to
    3.5 in words and 4.25 in code: the partial credit of a spade one or two short of protection was
    not in the prose)."""
    from hearts_teach.agents.spades import estimate_tricks
    from hearts_teach.games.spades import SpadesHand

    def in_words(cards) -> float:
        suits = {s: sorted((c.rank for c in cards if c.suit == s), reverse=True) for s in range(4)}
        spades = suits[3]
        spare, est = float(len(spades)), 0.0
        for s in range(3):  # step 1: short side suits, each counted trick using up a spade
            use = {0: 2.0, 1: 1.0, 2: 0.25}.get(len(suits[s]), 0.0)
            est += min(spare, use)
            spare -= min(spare, use)
        kept = spades[:round(spare)]  # the lowest spades went on ruffing
        for r in kept:  # step 2: smaller spades held against higher spades not held
            missing_above = sum(1 for x in range(r + 1, 15) if x not in kept)
            short = missing_above - sum(1 for x in kept if x < r)
            est += 1 if short <= 0 else 0.75 if short == 1 else 0.25 if short == 2 else 0
        for s in range(3):  # step 4, as the bots weigh "about one"
            held, n = suits[s], len(suits[s])
            est += (1 if n <= 6 else 0.5) if 14 in held else 0
            est += (1 if n <= 5 else 0.25) if 13 in held and n > 1 else 0
            est += 0.5 if 12 in held and 3 <= n <= 4 else 0
        return est

    for seed in (21, 22, 1526, 2054, *range(300)):
        cards = SpadesHand.deal(seed=seed).cards(0)
        assert in_words(cards) == estimate_tricks(cards), (seed, cards.pretty)
    assert in_words(SpadesHand.deal(seed=1526, dealer=3).cards(0)) == 4.25  # the figure 09a prints


def test_lesson_09a_bot_reasons_name_the_card_each_version_led():
    """09a printed "weighed bot for South: A♦" for the opening lead of a hand the same bots opened
    with A♥ (a tie between the aces broken by another generator): with the hand's seed it agrees."""
    from hearts_teach.course.spades_lesson import bot_reasons, play_spades, same_deal

    for style in ("weighed", "baseline"):
        _, hand = same_deal(17)
        play_spades(hand, seed=2, style=style)
        led = next(a.card for a in hand.history if a.kind == "play")
        line = next(x for x in bot_reasons(hand, 0, seed=2).splitlines() if x.strip().startswith(style))
        assert f"bot for South: {led.pretty} (" in line, (style, line)


def test_reason_says_when_the_play_is_forced_or_the_nil_is_not_at_stake():
    """09a printed "West: 7♠ (need 2 of the last 4 tricks: our contract before their nil)" for a West
    holding only spades over South's blind-nil A♥: every card West could play beat the A♥, so there was
    no nil to weigh against the contract. The reason now says so; a single legal card is named as forced."""
    from hearts_teach.course.spades_lesson import before_play, bot_reasons, play_spades, spades_bots
    from hearts_teach.games.spades.legality import beats

    rules = SpadesRules.preset("blind_nil")
    hand = SpadesHand.deal(seed=6, dealer=3, rules=rules, scores_before=(180, 320))
    hand.bid("blind nil")
    for seat in (1, 2, 3):
        hand.bid(spades_bots(6)[seat].bid(hand))
    play_spades(hand, seed=6)
    west = bot_reasons(hand, 4 * 9 + 2, seed=6)
    assert "weighed bot for West: 7♠ (every legal card beats South's A♥, so the nil cannot break" in west
    assert "baseline bot for West: 7♠ (bust the opponents' nil, but every legal card beats" in west
    assert "before their nil" not in west and "stay low" not in west
    # on many bot hands with a nil, each reason fits the position it was given for
    rng = Rng("spades/reason-fits")
    forced = moot = 0
    for i in range(40):
        hand = SpadesHand.deal(rng.spawn(f"deal/{i}"), dealer=3)  # a new deal each time: spawn is stable per label
        hand.bid(0)
        play_spades(hand, seed=i)
        for k in range(52):
            moment = before_play(hand, k)
            me = moment.to_act()
            legal = list(moment.legal_plays().cards)
            trick = moment.current_trick
            state = moment.play_state()
            started = trick is not None and len(trick.cards) > 0
            under = started and any(not beats(c.index, state.win_card, trick.cards[0].suit.value)
                                    for c in legal)

            def clean_nil(seat, moment=moment):
                return moment.bids[seat] == 0 and moment.tricks_won[seat] == 0

            all_beat = (started and not under and state.win_seat % 2 != me % 2 and clean_nil(state.win_seat)
                        and not clean_nil(me) and not clean_nil((me + 2) % 4))
            for style in ("weighed", "baseline"):
                why = SpadesBot(i, style).reason(moment)
                assert ("only legal card" in why) == (len(legal) == 1), (i, k, why)
                if len(legal) > 1:
                    assert ("so the nil cannot break in this trick" in why) == all_beat, (i, k, why)
                    assert not (all_beat and ("before their nil" in why or "stay low" in why)), (i, k, why)
                    if clean_nil(me):
                        assert ("no legal card stays under" in why) == (started and not under), (i, k, why)
            forced += len(legal) == 1
            moot += len(legal) > 1 and all_beat
    assert forced > 100 and moot > 5, (forced, moot)
