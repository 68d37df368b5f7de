"""The rule bot's "why" (course/why.py) names the card the rule bot really plays, at every
decision of many hands, with and without moon defence and at every table size."""

from __future__ import annotations

import pytest

from hearts_teach import Hand, Rules
from hearts_teach.agents.hearts.simple import RuleBot
from hearts_teach.course.why import why, why_now


@pytest.mark.parametrize("players", [3, 4, 5, 6])
@pytest.mark.parametrize("moon_defence", [True, False])
def test_why_names_the_card_the_rule_bot_plays(players: int, moon_defence: bool) -> None:
    bot = RuleBot(moon_defence=moon_defence)
    branches: set[str] = set()
    decisions = 0
    for seed in range(40 if players == 4 else 12):
        hand = Hand.deal(seed=seed, rules=Rules(players=players), pass_direction="hold")
        while not hand.is_over:
            view = hand.view(hand.turn)
            w = why(view, moon_defence)
            card = bot.choose_play(view)
            assert w.card == card, (seed, hand.trick_number, w)
            assert w.reason and w.card.pretty in str(w)
            branches.add(w.branch)
            decisions += 1
            hand.play(card)
    assert decisions > 100
    # the walk reaches the ordinary branches (a mirror that always said "forced" would fail)
    assert {"forced", "duck", "short-suit", "dump-queen", "dump-heart"} <= branches


def test_why_reaches_the_moon_branches_against_a_shooter() -> None:
    from hearts_teach.course.players import Shooter

    bot = RuleBot()
    seen: set[str] = set()
    for seed in range(60):
        hand = Hand.deal(seed=seed, pass_direction="hold")
        shooter = Shooter()
        while not hand.is_over:
            if hand.turn == 0:
                hand.play(shooter.choose_play(hand.view(0)))
                continue
            w = why_now(hand)
            assert w.card == bot.choose_play(hand.view(hand.turn))
            seen.add(w.branch)
            hand.play(w.card)
    assert {"moon-take", "moon-no-feed", "keep-top-heart"} <= seen, seen


def test_the_reasons_say_not_yet_played_where_they_said_out() -> None:
    """Newcomer round 9: "the queen is still out" (not yet played) read against lesson 04's "flush her
    out" (make her come out); the reasons and the pass comments now say "not yet played"."""
    from hearts_teach.course.lessons import table_bots
    from hearts_teach.course.pass_comments import pass_feedback
    from hearts_teach.present.widgets import PassPicker

    seen: set[str] = set()
    for seed in range(40):
        hand = Hand.deal(seed=seed, pass_direction="hold")
        while not hand.is_over:
            w = why(hand.view(hand.turn))
            assert " out" not in w.reason.replace("without", "").replace("out of", ""), w.reason
            seen.add(w.branch)
            hand.play(w.card)
    assert {"flush-queen", "dump-big-spade"} <= seen
    demo = PassPicker(Hand.deal(seed=5), seat=0, feedback=pass_feedback, others=table_bots("rule"))
    said = demo.choose(" ".join(str(c) for c in list(demo.hand.cards(0))[-3:]))
    assert "K♠ is above the queen: until she has been played, it can win the trick she falls on." in said


def test_a_short_suit_reason_names_hearts_when_the_leader_holds_as_few() -> None:
    """Newcomer r120 (lesson 02): West, holding one heart (unbroken, so it may not be led), read "its shortest
    suit (clubs, 2 cards)": the reason said "shortest" only among the suits it could lead. Every short-suit
    lead now says "apart from hearts" exactly when the leader holds hearts and no more of them than of the
    suit it names."""
    import re

    from hearts_teach.kernel.cards import Suit

    seen_unled = 0
    for seed in range(60):
        hand = Hand.deal(seed=seed, pass_direction="hold")
        while not hand.is_over:
            w = why_now(hand)
            if w.branch == "short-suit":
                held = hand.cards(hand.turn)
                named = w.card.suit
                hearts = len(held.of_suit(Suit.HEARTS))
                assert ("apart from hearts" in w.reason) == (0 < hearts <= len(held.of_suit(named))), (seed, w)
                n = re.search(r"\((\w+), (\d+) cards\)", w.reason)
                assert n is None or int(n.group(2)) == len(held.of_suit(named))
                if "apart from hearts" in w.reason and not any(c.suit is Suit.HEARTS for c in hand.legal_plays()):
                    seen_unled += 1  # the case the reader met: hearts held but not yet allowed to lead
            hand.play(w.card)
    assert seen_unled > 0
