"""Records: hands and matches saved as JSON and loaded back losslessly, in every phase."""

from __future__ import annotations

import json

from hearts_positions import random_hand

from hearts_teach import Hand, Match, Phase, Rng, Rules
from hearts_teach.games.hearts.records import HAND_FORMAT, MATCH_FORMAT


def roundtrip(hand: Hand) -> Hand:
    again = Hand.from_json(hand.to_json())
    assert again.snapshot() == hand.snapshot()
    assert again.to_record() == hand.to_record()
    assert again.history == hand.history
    return again


def test_hand_record_shape():
    hand = random_hand(3, stop_after=10)
    rec = hand.to_record()
    assert rec["format"] == HAND_FORMAT
    assert rec["pass_direction"] == "left" and rec["hand_number"] == 0
    assert [len(d) for d in rec["deal"]] == [13] * 4
    assert [len(p) for p in rec["passes"]] == [3] * 4
    assert len(rec["plays"]) == 10 and all(isinstance(c, str) and len(c) == 2 for c in rec["plays"])
    assert "rules" not in rec  # standard rules are the default
    json.dumps(rec)  # plain JSON types only


def test_roundtrip_in_the_pass_phase_keeps_who_has_chosen_and_in_which_order():
    hand = Hand.deal(seed=8)
    rng = Rng(1)
    for seat in (2, 0):
        hand.pass_cards(seat, rng.sample(list(hand.cards(seat)), 3))
    again = roundtrip(hand)
    assert again.phase is Phase.PASS and again.to_pass == (1, 3)
    assert again.to_record()["pass_order"] == [2, 0]
    assert again.undo().seat == 0  # the last chooser is undone first, as in the original


def test_roundtrip_during_play_and_when_over_for_every_preset():
    for i, name in enumerate(sorted(Rules.presets())):
        for stop in (0, 1, 25, 52):
            hand = random_hand(50 + i, Rules.preset(name), hand_number=i % 4, stop_after=stop)
            again = roundtrip(hand)
            assert again.rules == hand.rules
            if stop == 52:
                assert again.scores == hand.scores and again.moon == hand.moon


def test_roundtrip_keeps_seat_names_and_hand_number():
    hand = Hand.deal(seed=4, hand_number=6, seat_names=["Ann", "Bo", "Cy", "Di"], rules=Rules(omnibus=True))
    rec = hand.to_record()
    assert rec["seat_names"] == ["Ann", "Bo", "Cy", "Di"] and rec["hand_number"] == 6
    assert rec["rules"] == {"omnibus": True} and rec["pass_direction"] == "across"
    again = roundtrip(hand)
    assert again.seat_names == ("Ann", "Bo", "Cy", "Di")


def test_record_accepts_other_card_notations():
    hand = random_hand(12, stop_after=5)
    rec = hand.to_record()
    rec["plays"] = [c.replace("T", "10").lower() for c in rec["plays"]]
    assert Hand.from_record(rec).snapshot() == hand.snapshot()


def test_match_roundtrip():
    m = Match(seed=21, rules=Rules(end_score=40, queen_breaks_hearts=True))
    rng = Rng(21)
    # two full hands, then stop 20 cards into the third (unless the match ends first)
    while True:
        h = m.hand
        for s in h.to_pass:
            h.pass_cards(s, rng.sample(list(h.cards(s)), 3))
        limit = 20 if m.hand_number == 2 else 52
        for _ in range(limit):
            h.play(rng.choice(list(h.legal_plays())))
        if not h.is_over or m.is_over:
            break
        m.next_hand()
    assert len(m.hands) == 3 and not m.hand.is_over
    rec = m.to_record()
    assert rec["format"] == MATCH_FORMAT and rec["seed"] == 21
    again = Match.from_json(m.to_json())
    assert again.to_record() == rec
    assert again.totals == m.totals and again.hand.snapshot() == m.hand.snapshot()
    assert [h.snapshot() for h in again.hands] == [h.snapshot() for h in m.hands]
    assert again.hand_seed(5) == m.hand_seed(5)
