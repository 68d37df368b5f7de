"""The ten golden edge cases of docs/rules.md (G1-G10) on stacked deals, under the defaults
and the options.

Each position is written out card by card in ``hearts_positions.py``; the expected legal
sets and scores below are worked out by hand from docs/rules.md, not taken from the engine.
"""

from __future__ import annotations

import pytest
from hearts_positions import (
    ALL_HEARTS,
    ALL_HEARTS_NOT_QUEEN,
    ALL_HEARTS_NOT_QUEEN_START,
    ALL_HEARTS_TRICK1,
    DISCARD_BREAKS,
    DISCARD_BREAKS_PLAYS,
    HEARTS_AND_QUEEN,
    MOON_JD_ELSEWHERE,
    MOON_JD_ELSEWHERE_START,
    ONE_DIAMOND,
    ONLY_POINTS,
    play_out,
    rotate,
    shooter_policy,
    stacked,
)

from hearts_teach import (
    Card,
    Hand,
    HeartsBroken,
    IllegalPassError,
    IllegalPlayError,
    Match,
    Phase,
    Rule,
    Rules,
    cards,
)
from hearts_teach.games.hearts.records import MATCH_FORMAT

HEARTS_2_TO_K = cards("2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH")


def legal(hand: Hand) -> list[str]:
    return [str(c) for c in hand.legal_plays()]


# 1. first trick, void in clubs, only hearts and Q♠: any of them --------------------------
@pytest.mark.parametrize("preset", ["standard", "queen_breaks", "omnibus", "new_moon", "no_pass"])
def test_golden1_only_points_on_first_trick_any_may_be_played(preset):
    hand = stacked(ONLY_POINTS, Rules.preset(preset))
    hand.play("2C")
    assert hand.turn == 1
    assert list(hand.legal_plays()) == list(HEARTS_2_TO_K) + [Card("QS")]
    v = hand.explain("QS")
    assert v.legal and v.rule is Rule.ONLY_POINTS_LEFT
    hand.play("QS")
    assert hand.current_trick.cards == cards("2C QS")


def test_golden1_with_first_trick_points_is_a_plain_discard():
    hand = stacked(ONLY_POINTS, Rules.preset("first_trick_points"))
    hand.play("2C")
    assert len(hand.legal_plays()) == 13
    assert hand.explain("5H").rule is Rule.VOID_DISCARD


# 2. first trick, void in clubs, Q♠ + hearts + one diamond: the diamond is forced ----------
@pytest.mark.parametrize("preset", ["standard", "queen_breaks", "omnibus", "new_moon", "no_pass"])
def test_golden2_the_diamond_is_forced(preset):
    hand = stacked(ONE_DIAMOND, Rules.preset(preset))
    hand.play("2C")
    assert legal(hand) == ["2D"]
    assert hand.legal_plays().forced == Card("2D")
    for bad in ("QS", "5H", "QH"):
        before = hand.snapshot()
        v = hand.explain(bad)
        assert not v.legal and v.rule is Rule.NO_POINTS_ON_FIRST_TRICK
        with pytest.raises(IllegalPlayError) as e:
            hand.play(bad)
        assert e.value.rule is Rule.NO_POINTS_ON_FIRST_TRICK
        assert hand.snapshot() == before


def test_golden2_with_first_trick_points_everything_is_allowed():
    hand = stacked(ONE_DIAMOND, Rules.preset("first_trick_points"))
    hand.play("2C")
    assert len(hand.legal_plays()) == 13
    hand.play("QS")  # allowed under the option
    assert hand.current_trick.points == 13


# 3. leading with only hearts while hearts are unbroken ------------------------------------
@pytest.mark.parametrize("preset", ["standard", "queen_breaks", "first_trick_points", "omnibus"])
def test_golden3_all_hearts_lead_is_allowed_and_breaks_hearts(preset):
    hand = stacked(ALL_HEARTS, Rules.preset(preset))
    for c in ALL_HEARTS_TRICK1:
        hand.play(c)
    assert hand.turn == 1 and not hand.hearts_broken
    assert list(hand.legal_plays()) == list(HEARTS_2_TO_K)
    assert hand.explain("9H").rule is Rule.ALL_HEARTS_LEAD
    hand.play("9H")
    assert hand.hearts_broken
    assert hand.broken_by == HeartsBroken(Card("9H"), 2, 1)


# 4. leading with hearts + Q♠ while unbroken: Q♠ must be led ---------------------------------
@pytest.mark.parametrize("preset", ["standard", "first_trick_points", "omnibus", "new_moon"])
def test_golden4_hearts_and_queen_must_lead_the_queen(preset):
    hand = stacked(HEARTS_AND_QUEEN, Rules.preset(preset))
    for c in ALL_HEARTS_TRICK1:
        hand.play(c)
    assert hand.turn == 1
    assert legal(hand) == ["QS"]
    before = hand.snapshot()
    with pytest.raises(IllegalPlayError) as e:
        hand.play("2H")
    assert e.value.rule is Rule.HEARTS_NOT_BROKEN
    assert hand.snapshot() == before
    hand.play("QS")
    assert not hand.hearts_broken  # rule 9: Q♠ does not break hearts by default
    hand.play("2S")
    hand.play("KS")
    hand.play("2D")  # seat 0 has no spades left and discards
    assert hand.last_trick.winner == 3 and hand.last_trick.points == 13


def test_golden4_with_queen_breaks_the_queen_is_still_forced_and_then_breaks_hearts():
    hand = stacked(HEARTS_AND_QUEEN, Rules.preset("queen_breaks"))
    for c in ALL_HEARTS_TRICK1:
        hand.play(c)
    assert legal(hand) == ["QS"]
    hand.play("QS")
    assert hand.hearts_broken and hand.broken_by == HeartsBroken(Card("QS"), 2, 1)


# 5. a heart discarded on a club trick breaks hearts for the next lead -----------------------
@pytest.mark.parametrize("preset", ["standard", "queen_breaks", "omnibus"])
def test_golden5_discarded_heart_breaks_hearts_for_the_next_lead(preset):
    hand = stacked(DISCARD_BREAKS, Rules.preset(preset))
    for c in DISCARD_BREAKS_PLAYS[:6]:
        hand.play(c)
    assert not hand.hearts_broken
    assert hand.explain("2H").rule is Rule.VOID_DISCARD
    hand.play("2H")
    assert hand.hearts_broken and hand.broken_by == HeartsBroken(Card("2H"), 2, 1)
    hand.play("7C")
    assert hand.last_trick.winner == 2 and hand.turn == 2
    assert "AH" in hand.legal_plays()
    assert hand.explain("AH").rule is Rule.FREE_LEAD
    hand.play("AH")


# 6 / 11. moons -------------------------------------------------------------------------
@pytest.mark.parametrize("rules, scores", [
    (Rules(), (0, 26, 26, 26)),
    (Rules.preset("new_moon"), (-26, 0, 0, 0)),
    (Rules.preset("omnibus"), (0, 16, 26, 26)),                          # golden 6
    (Rules(omnibus=True, moon="subtract_from_self"), (-26, -10, 0, 0)),  # J♦ × new moon
    (Rules(omnibus=True, queen_breaks_hearts=True), (0, 16, 26, 26)),
])
def test_golden6_moon_even_when_another_player_took_the_jack_of_diamonds(rules, scores):
    hand = play_out(stacked(MOON_JD_ELSEWHERE, rules), MOON_JD_ELSEWHERE_START, shooter_policy(0))
    assert Card("JD") in hand.taken(1)
    assert hand.tricks[0].winner == 1 and hand.tricks[0].points == (-10 if rules.omnibus else 0)
    assert hand.moon == 0
    assert hand.scores == scores


@pytest.mark.parametrize("k", [1, 2, 3])
def test_moon_by_any_seat(k):
    # rotating the deal rotates the seats, so the same opening cards are played
    hand = play_out(stacked(rotate(MOON_JD_ELSEWHERE, k)), MOON_JD_ELSEWHERE_START, shooter_policy(k))
    assert hand.moon == k
    assert hand.scores == tuple(0 if s == k else 26 for s in range(4))


def test_points_taken_before_moon_adjustment():
    hand = play_out(stacked(MOON_JD_ELSEWHERE, Rules.preset("omnibus")), MOON_JD_ELSEWHERE_START,
                    shooter_policy(0))
    assert hand.points_taken == (26, -10, 0, 0)


# 7. all 13 hearts but not Q♠: no moon ---------------------------------------------------
@pytest.mark.parametrize("preset", ["standard", "new_moon", "queen_breaks"])
def test_golden7_all_hearts_without_the_queen_is_13_points(preset):
    hand = play_out(stacked(ALL_HEARTS_NOT_QUEEN, Rules.preset(preset)), ALL_HEARTS_NOT_QUEEN_START,
                    shooter_policy(0))
    assert sum(c.suit == 2 for c in hand.taken(0)) == 13
    assert Card("QS") in hand.taken(1)
    assert hand.moon is None
    assert hand.scores == (13, 13, 0, 0)


def test_golden7_with_omnibus_jack_counts_for_its_taker():
    hand = play_out(stacked(ALL_HEARTS_NOT_QUEEN, Rules.preset("omnibus")), ALL_HEARTS_NOT_QUEEN_START,
                    shooter_policy(0))
    jd_taker = next(s for s in range(4) if Card("JD") in hand.taken(s))
    expected = [13, 13, 0, 0]
    expected[jd_taker] -= 10
    assert hand.moon is None and hand.scores == tuple(expected)


# 8. tie for lowest after someone passes the end score -------------------------------------
def _hold_record(deal, number, start, shooter, rules):
    hand = play_out(stacked(deal, rules, hand_number=number), start, shooter_policy(shooter))
    return hand.to_record()


def _moon_record(shooter, number, rules):
    return _hold_record(rotate(MOON_JD_ELSEWHERE, shooter), number, MOON_JD_ELSEWHERE_START, shooter, rules)


def _match(records, rules):
    return Match.from_record({"format": MATCH_FORMAT, "seed": 0, "rules": rules.changes(), "hands": records})


def test_golden8_tie_for_lowest_plays_another_hand():
    rules = Rules.preset("no_pass")  # hold hands, so the stacked moon deals need no pass
    records = [_moon_record(0, 0, rules), _moon_record(0, 1, rules),
               _moon_record(1, 2, rules), _moon_record(1, 3, rules)]
    m = _match(records, rules)
    assert m.totals == (52, 52, 104, 104)
    assert m.tie_for_lowest and not m.is_over and m.winner is None
    assert "another hand is played" in m.score_table()
    nxt = m.next_hand()
    assert nxt.hand_number == 4 and nxt.phase is Phase.PLAY
    # the fifth hand breaks the tie: seat 1 takes 13 (rotated all-hearts hand)
    fifth = _hold_record(rotate(ALL_HEARTS_NOT_QUEEN, 1), 4, ALL_HEARTS_NOT_QUEEN_START, 1, rules)
    m = _match(records + [fifth], rules)
    assert m.hands[4].scores == (0, 13, 13, 0)
    assert m.totals == (52, 65, 117, 104)
    assert m.is_over and m.winner == 0
    assert "South wins with 52" in m.score_table()


def test_match_ends_when_a_total_reaches_the_end_score_exactly():
    rules = Rules(passing=False, end_score=52)
    m = _match([_moon_record(0, 0, rules)], rules)
    assert not m.is_over
    m = _match([_moon_record(0, 0, rules), _moon_record(0, 1, rules)], rules)
    assert m.totals == (0, 52, 52, 52) and m.is_over and m.winner == 0


# 9. pass rotation over hands 0..7 (Match and Hand) -------------------------------------------
def test_golden9_match_rotation_and_hold_hands_skip_the_pass():
    m = Match(seed=11, rules=Rules(end_score=10_000))
    seen = []
    for number in range(8):
        hand = m.hand
        seen.append(hand.pass_direction)
        assert (hand.phase is Phase.PLAY) == (hand.pass_direction == "hold")
        for seat in hand.to_pass:
            hand.pass_cards(seat, list(hand.cards(seat))[:3])
        while not hand.is_over:
            hand.play(next(iter(hand.legal_plays())))
        if number < 7:
            m.next_hand()
    assert seen == ["left", "right", "across", "hold"] * 2


@pytest.mark.parametrize("direction, offset", [("left", 1), ("right", 3), ("across", 2)])
def test_golden9_cards_move_to_the_right_seat(direction, offset):
    hand = Hand.deal(seed=5, pass_direction=direction)
    chosen = {s: list(hand.cards(s))[-3:] for s in range(4)}
    for s in range(4):
        hand.pass_cards(s, chosen[s])
    for s in range(4):
        target = (s + offset) % 4
        assert hand.pass_target(s) == target
        assert list(hand.received(target)) == sorted(chosen[s])
        assert set(chosen[s]) <= set(hand.cards(target))
        assert not set(chosen[s]) & set(hand.cards(s))


# 10. bad passes are rejected and change nothing --------------------------------------------
@pytest.mark.parametrize("bad, rule, words", [
    ("2C 3C", Rule.PASS_SIZE, ["exactly 3", "got 2"]),
    ("2C 3C 4C 5C", Rule.PASS_SIZE, ["exactly 3", "got 4"]),
    ("", Rule.PASS_SIZE, ["exactly 3", "got 0"]),
    ("2C 2C 3C", Rule.PASS_DUPLICATE, ["2♣", "twice"]),
    ("2C 3C AH", Rule.NOT_IN_HAND, ["does not hold A♥"]),
])
def test_golden10_bad_passes(bad, rule, words):
    hand = Hand(["2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC".split(), ONLY_POINTS[1].split(),
                 ONLY_POINTS[2].split(), ONLY_POINTS[3].split()], "left")
    before = hand.snapshot()
    with pytest.raises(IllegalPassError) as e:
        hand.pass_cards(0, bad)
    assert e.value.rule is rule
    for w in words:
        assert w in str(e.value)
    assert hand.snapshot() == before
    assert hand.to_pass == (0, 1, 2, 3)


def test_golden10_cards_move_only_after_all_four_have_chosen():
    hand = Hand([d.split() for d in ONLY_POINTS], "left")
    for seat in range(3):
        hand.pass_cards(seat, list(hand.cards(seat))[:3])
        assert hand.phase is Phase.PASS
        assert hand.cards(seat) == hand.dealt(seat)  # nothing has moved yet
    hand.pass_cards(3, "AD 2S 3S")
    assert hand.phase is Phase.PLAY
    assert hand.cards(0) != hand.dealt(0)
    # rule 4: after the pass the 2♣ holder (seat 1 now) leads it
    assert hand.turn == 1 and [str(c) for c in hand.legal_plays()] == ["2C"]


# more option pairs ------------------------------------------------------------------------
@pytest.mark.parametrize("rules, scores", [
    (Rules.preset("omnibus"), (-10, 26, 26, 26)),                         # shooter also took J♦
    (Rules(omnibus=True, moon="subtract_from_self"), (-36, 0, 0, 0)),
    (Rules(omnibus=True, no_points_on_first_trick=False), (-10, 26, 26, 26)),
])
def test_moon_when_the_shooter_takes_every_trick_including_the_jack(rules, scores):
    # seat 0 holds all thirteen clubs, leads them one by one and wins every trick
    hand = play_out(stacked(ONLY_POINTS, rules))
    assert all(t.winner == 0 for t in hand.tricks)
    assert hand.moon == 0 and hand.scores == scores


def test_queen_breaks_with_first_trick_points_the_queen_breaks_on_trick_one():
    hand = stacked(ONLY_POINTS, Rules(queen_breaks_hearts=True, no_points_on_first_trick=False))
    hand.play("2C")
    hand.play("QS")
    assert hand.broken_by == HeartsBroken(Card("QS"), 1, 1)
    plain = stacked(ONLY_POINTS, Rules(no_points_on_first_trick=False))
    plain.play("2C")
    plain.play("QS")
    assert not plain.hearts_broken
