"""The queen-waits variant (docs/rules.md D7 and the ``queen_waits`` option): Q♠ may not be
led or discarded until hearts are broken, unless the player holds nothing else. Expected sets are worked out by hand from the rule
as documented there (the queen is held back, then the usual steps run on the rest)."""

from __future__ import annotations

import json

import pytest
from hearts_positions import (
    ALL_HEARTS_TRICK1,
    HEARTS_AND_QUEEN,
    ONE_DIAMOND,
    ONLY_POINTS,
    check_deal,
    stacked,
)

from hearts_teach import Hand, IllegalPlayError, Rule, Rules, cards
from hearts_teach.games.hearts.legality import cascade
from hearts_teach.games.hearts.replay import replay_record
from hearts_teach.kernel.cards import QS_MASK

QW = Rules.preset("queen_waits")

# Seat 1 wins trick 1 with A♣ and then holds Q♠, seven hearts and four diamonds; seat 0 wins
# trick 2 with A♦ and leads clubs, to which seat 1 (void) discards.
QUEEN_LEAD = [
    "2C 3C 4C 5C 2D 3D 4D 5D 6D 7D 8D 9D AD",
    "AC QS 2H 3H 4H 5H 6H 7H 8H TD JD QD KD",
    "6C 7C 8C 9C 9H TH JH QH KH AH 2S 3S 4S",
    "TC JC QC KC 5S 6S 7S 8S 9S TS JS KS AS",
]
check_deal(QUEEN_LEAD)


def legal(hand: Hand) -> list[str]:
    return [str(c) for c in hand.legal_plays()]


def refused(hand: Hand, card: str, rule: Rule) -> str:
    """Play ``card``: it must be rejected for ``rule`` and change nothing. Returns the message."""
    before = hand.snapshot()
    v = hand.explain(card)
    assert not v.legal and v.rule is rule
    with pytest.raises(IllegalPlayError) as e:
        hand.play(card)
    assert e.value.rule is rule and str(e.value).endswith(v.message)
    assert hand.snapshot() == before
    return v.message


def test_option_preset_and_description():
    assert QW == Rules(queen_waits=True) and QW.name == "queen_waits"
    assert "queen_waits" in Rules.presets() and Rules().queen_waits is False
    assert "Q♠ may not be led or discarded until hearts are broken" in QW.describe()
    assert "queen waits" not in Rules().describe()
    assert Rules.from_dict({"preset": "queen_waits"}) == QW


def test_leading_unbroken_neither_hearts_nor_the_queen():
    hand = stacked(QUEEN_LEAD, QW)
    for c in ALL_HEARTS_TRICK1:
        hand.play(c)
    assert hand.turn == 1
    assert legal(hand) == ["TD", "JD", "QD", "KD"]
    msg = refused(hand, "QS", Rule.HEARTS_AND_QUEEN_WAIT)
    assert "the queen waits" in msg and "lead one of K♦, Q♦, J♦, 10♦ instead" in msg
    msg = refused(hand, "5H", Rule.HEARTS_AND_QUEEN_WAIT)
    assert "may not lead a heart" in msg and "lead one of K♦, Q♦, J♦, 10♦" in msg
    # the standard game lets her be led here
    std = stacked(QUEEN_LEAD)
    for c in ALL_HEARTS_TRICK1:
        std.play(c)
    assert legal(std) == ["TD", "JD", "QD", "KD", "QS"]


def test_discarding_waits_for_hearts_then_she_may_go():
    hand = stacked(QUEEN_LEAD, QW)
    for c in ALL_HEARTS_TRICK1 + ["TD", "2S", "5S", "AD", "3C"]:
        hand.play(c)
    assert hand.turn == 1 and not hand.hearts_broken
    assert legal(hand) == ["JD", "QD", "KD", "2H", "3H", "4H", "5H", "6H", "7H", "8H"]
    msg = refused(hand, "QS", Rule.QUEEN_WAITS)
    # r116: the message says what the variant's *broken* means (a heart earlier in this trick counts)
    assert "discard one of" in msg and "until a heart has been played (earlier in this trick counts)" in msg
    assert "until hearts are broken" not in msg
    assert hand.explain("2H").rule is Rule.VOID_DISCARD
    hand.play("2H")  # breaks hearts
    for c in ("9C", "KC"):
        hand.play(c)
    hand.play("JC")  # seat 3 won with K♣ and leads again
    hand.play("4C")
    assert hand.turn == 1 and hand.hearts_broken
    assert "QS" in legal(hand)
    v = hand.explain("QS")
    assert v.legal and v.rule is Rule.VOID_DISCARD


def test_hearts_and_queen_only_a_heart_is_led_instead_of_her():
    hand = stacked(HEARTS_AND_QUEEN, QW)
    for c in ALL_HEARTS_TRICK1:
        hand.play(c)
    assert legal(hand) == [str(c) for c in cards("2H 3H 4H 5H 6H 7H 8H 9H TH JH QH")]
    v = hand.explain("5H")
    assert v.legal and v.rule is Rule.ALL_HEARTS_LEAD and "apart from Q♠" in v.message
    refused(hand, "QS", Rule.QUEEN_WAITS)
    hand.play("5H")
    assert hand.hearts_broken


def test_first_trick_only_points_discards_a_heart_not_the_queen():
    hand = stacked(ONLY_POINTS, QW)
    hand.play("2C")
    assert legal(hand) == [str(c) for c in cards("2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH")]
    refused(hand, "QS", Rule.QUEEN_WAITS)
    assert hand.explain("KH").rule is Rule.ONLY_POINTS_LEFT


def test_first_trick_with_a_safe_card_the_first_trick_rule_names_her():
    hand = stacked(ONE_DIAMOND, QW)
    hand.play("2C")
    assert legal(hand) == ["2D"]
    refused(hand, "QS", Rule.NO_POINTS_ON_FIRST_TRICK)


@pytest.mark.parametrize("hand, led, first, broken, mask, why_legal, why_not", [
    # following suit with her is always allowed (and forced when she is the only spade)
    ("QS 2H 3D", 3, False, False, "QS", Rule.FOLLOWS_SUIT, Rule.MUST_FOLLOW_SUIT),
    # she alone: she may be led or discarded
    ("QS", -1, False, False, "QS", Rule.FREE_LEAD, None),
    ("QS", 0, False, False, "QS", Rule.VOID_DISCARD, None),
    # hearts broken: no restriction left
    ("QS 2H 3D", -1, False, True, "QS 2H 3D", Rule.FREE_LEAD, None),
    ("QS 2H 3D", 0, False, True, "QS 2H 3D", Rule.VOID_DISCARD, None),
    # a spade lead with other spades: she may be led only after hearts break
    ("QS 2S 3S", -1, False, False, "2S 3S", Rule.FREE_LEAD, Rule.QUEEN_WAITS),
    # opening lead: 2♣ first, whatever else is held
    ("2C QS 2H", -1, True, False, "2C", Rule.OPENING_LEAD, Rule.MUST_LEAD_TWO_OF_CLUBS),
    # first trick, points allowed (first_trick_points + queen_waits): hearts yes, queen no
    ("QS 2H 3D", 0, True, False, "2H 3D", Rule.VOID_DISCARD, Rule.QUEEN_WAITS),
])
def test_cascade_cases(hand, led, first, broken, mask, why_legal, why_not):
    npf = not (first and led >= 0)  # the last case plays first_trick_points
    waits = Rules(queen_waits=True, no_points_on_first_trick=npf).compiled
    m, (wl, wn) = cascade(cards(hand).mask, led, first, broken, waits)
    assert m == cards(mask).mask and wl is why_legal and wn is why_not
    # without the option the queen is never held back where she was here
    m0, _ = cascade(cards(hand).mask, led, first, broken, Rules(no_points_on_first_trick=npf).compiled)
    assert m0 & ~QS_MASK == m & ~QS_MASK or why_not is Rule.MUST_LEAD_TWO_OF_CLUBS
    if why_not is Rule.QUEEN_WAITS:
        assert m0 & QS_MASK


def test_records_and_replay_keep_the_option():
    hand = stacked(QUEEN_LEAD, QW)
    for c in ALL_HEARTS_TRICK1:
        hand.play(c)
    again = Hand.from_json(hand.to_json())
    assert again.rules == QW and legal(again) == legal(hand)
    rec = {"rules": {"preset": "queen_waits"}, "pass_direction": "hold",
           "deal": [d.split() for d in QUEEN_LEAD], "passes": [[], [], [], []],
           "plays": ALL_HEARTS_TRICK1 + ["QS"]}
    out = replay_record(json.loads(json.dumps(rec)))
    assert out["ok"] is False and out["play_index"] == 4 and out["rule"] == "hearts_and_queen_wait"
    assert "the queen waits" in out["error"]
    rec["rules"] = {}
    assert replay_record(rec)["ok"] is True

