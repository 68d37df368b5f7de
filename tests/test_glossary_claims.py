"""What the glossary says of the engine, held against the engine (newcomer round 11): "still out"
leaves out your own hand, a review prints *no real choice* for a forced card, the `highest` bot plays
its highest legal card, the mercy rule is a Spades option, tournaments (edges, gains) seat four bots,
and Hearts needs no dealer for play."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hearts_teach.kernel.cards import CardList

GLOSSARY = Path(__file__).resolve().parent.parent / "notebooks" / "glossary.ipynb"


def text() -> str:
    cells = json.loads(GLOSSARY.read_text(encoding="utf-8"))["cells"]
    return " ".join(" ".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown").split())


def test_still_out_leaves_out_your_own_hand():
    from hearts_teach import Hand

    assert "**Still out** — not yet played and not in your own hand" in text()
    assert "perhaps your own" not in text()
    hand = Hand.deal(seed=287)
    mine = set(hand.cards(0))
    out = {c for cards in hand.still_out(0).values() for c in cards}
    assert not out & mine and len(out) == 39
    view_out = {c for cards in hand.view(0).still_out().values() for c in cards}
    assert view_out == out


def test_a_review_calls_a_forced_card_no_real_choice():
    from hearts_teach.agents.review import Graded

    assert "as *no real choice*" in text() and "*forced* and *all the same*" in text()
    g = Graded(index=0, kind="play", seat=0, hand_number=0, trick=1, chosen=CardList("2C"), verdict="best",
               cost=0.0, reason="", best=CardList("2C"), best_reason="", choices=1, position="")
    assert g.line() == "trick 1: 2♣ — no real choice" and g.mark == "no real choice"


def test_the_highest_card_bot_plays_its_highest_legal_card():
    from hearts_teach import Hand
    from hearts_teach.agents.hearts import make_bot

    assert "always plays its highest legal card" in text() and "passes its three highest cards" in text()
    bot = make_bot("highest")
    for seed in range(20):
        hand = Hand.deal(seed=seed)
        while hand.phase == "pass":
            seat = next(s for s in range(4) if not hand.view(s).passed)
            hand.pass_cards(seat, bot.choose_pass(hand.view(seat)))
        while not hand.is_over:
            seat = hand.turn
            legal = list(hand.legal_plays(seat))
            card = bot.choose_play(hand.view(seat))
            assert card.rank == max(c.rank for c in legal)
            hand.play(card, seat)


def test_the_mercy_rule_is_an_option_off_by_default():
    from hearts_teach.games.spades.rules import SpadesRules

    assert "(`SpadesRules(mercy=...)`)" in text()
    assert SpadesRules().mercy == 0 and SpadesRules(mercy=300).mercy == 300


def test_tournaments_seat_four_bots():
    from hearts_teach.agents.tournament import run_tournament
    from hearts_teach.games.hearts.rules import Rules

    assert "Measured at four-player tables" in text() and "measured at four-player tables" in text()
    with pytest.raises(Exception, match="tournaments seat 4 players"):
        run_tournament(["rule"] * 4, hands=1, rules=Rules(players=3))


def test_hearts_needs_no_dealer_for_play():
    from hearts_teach import Hand

    assert "Hearts needs none for play: the holder of the lowest club leads first" in text()
    for seed in range(10):
        hand = Hand.deal(seed=seed)
        assert not hasattr(hand, "dealer")
