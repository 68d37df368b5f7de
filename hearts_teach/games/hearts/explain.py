"""Learner-facing sentences for the legality cascade's verdicts.

The cascade (``legality.cascade``) decides; this module only words the decision, using
the position (what was led, what the player holds) so the sentence is concrete:
"clubs were led and you hold 7♣, K♣: you must follow suit".
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hearts_teach.games.explain import follows_suit, must_follow
from hearts_teach.games.hearts.legality import CLUBS_2
from hearts_teach.kernel.cards import (
    HEARTS_MASK,
    POINTS_MASK,
    QS_INDEX,
    QS_MASK,
    SUIT_MASKS,
    Card,
    Suit,
    join_held,
    join_pretty,
)
from hearts_teach.kernel.errors import Rule

if TYPE_CHECKING:
    from hearts_teach.games.hearts.hand import Hand


def during_pass(hand: Hand, seat: int | None) -> str:
    waiting = ", ".join(hand.seat_names[s] for s in hand.to_pass)
    return (f"the cards are still being passed {hand.pass_direction}; play starts once every seat "
            f"has chosen 3 cards (still to choose: {waiting})")


def _led(hand: Hand) -> Suit:
    assert hand._state is not None  # plays are explained in the play phase only
    return Suit(hand._state.led_suit)


def void_discard(hand: Hand, seat: int, mask: int) -> str:
    """What a player void in the led suit may discard, with the restriction in force: on the
    first trick no point card (while the hand holds a card without points), and with the queen-waits
    variant no Q♠ before hearts are broken. ``mask``: the legal cards."""
    st = hand._state
    assert st is not None
    suit = _led(hand)
    held = st.hands[seat]
    if mask == held:
        return f"you hold no {suit.plural}, so you may play any card"
    if st.tricks_done == 0 and not mask & POINTS_MASK:
        return (f"you hold no {suit.plural}, so you may play any card except a point card (no "
                f"heart or Q♠ on the first trick while you hold a card without points)")
    return (f"you hold no {suit.plural}, so you may play any card except Q♠ (she waits until "
            f"hearts are broken)")


def legal(hand: Hand, card: Card, seat: int, rule: Rule, mask: int) -> str:
    st = hand._state
    assert st is not None
    if rule is Rule.OPENING_LEAD:
        if mask & (mask - 1):  # the rules let several cards open (``RuleTables.opening``)
            return (f"{card.pretty} may open the first trick: the cards that may open it are "
                    f"{join_pretty(st.rules.opening & st.rules.deck)}")
        opening = join_pretty(st.rules.opening)
        if st.rules.opening != CLUBS_2:  # 2♣ was taken out at this table
            return f"the holder of {opening}, the lowest club in play, opens the first trick with it"
        return f"the holder of {opening} opens the first trick with it"
    if rule is Rule.FOLLOWS_SUIT:
        return follows_suit(card, _led(hand))
    if rule is Rule.VOID_DISCARD:
        if mask != st.hands[seat] and not mask & (mask - 1):  # a restriction leaves one card: no choice
            only = "your only card without points" if st.tricks_done == 0 else "the only card you may play"
            return f"{void_discard(hand, seat, mask)}: {card.pretty} is {only}, so it is forced"
        return void_discard(hand, seat, mask)  # the rule only: which card to shed is strategy (lesson 02)
    if rule is Rule.ONLY_POINTS_LEFT:
        suit = _led(hand)
        return (f"it is the first trick, but you hold no {suit.plural} and nothing without points, "
                f"so a point card is allowed")
    if rule is Rule.ALL_HEARTS_LEAD:
        if st.rules.queen_waits and st.hands[seat] & QS_MASK:
            return ("hearts have not been broken, but apart from Q♠ (who waits until hearts are "
                    "broken) you hold only hearts, so you may lead one (and that breaks hearts)")
        return ("hearts have not been broken, but you hold nothing except hearts, "
                "so you may lead one (and that breaks hearts)")
    if card.index == QS_INDEX and st.rules.queen_waits and not st.broken and rule is not Rule.FOLLOWS_SUIT:
        return ("the queen waits until hearts are broken, but Q♠ is the only card you hold, "
                "so she may be played")
    if rule is Rule.FREE_LEAD:
        if not st.broken and card.suit is not Suit.HEARTS and st.hands[seat] & HEARTS_MASK:
            return (f"you are leading; hearts are not broken yet, but {card.pretty} is not a heart, "
                    f"so it may be led")
        if st.tricks_done == 0:
            return "you are leading"
        return "you are leading, and any card you hold may be led"
    return rule.value


def illegal(hand: Hand, card: Card, seat: int, rule: Rule, mask: int) -> str:
    st = hand._state
    assert st is not None
    # "lead Q♠" rather than "lead one of Q♠" when a single card is allowed
    options = join_held(mask)
    one_of = options if not mask & (mask - 1) else f"one of {options}"
    if rule is Rule.MUST_FOLLOW_SUIT:
        suit = _led(hand)
        return must_follow(suit, st.hands[seat] & SUIT_MASKS[suit])
    if rule is Rule.MUST_LEAD_TWO_OF_CLUBS:
        if mask & (mask - 1):  # several cards may open (``RuleTables.opening``)
            return f"the first trick must be opened with {join_pretty(st.rules.opening & st.rules.deck)}: lead {one_of}"
        opening = join_pretty(st.rules.opening)
        return f"the first trick must be opened with {opening}, and you hold it: lead {opening}"
    if rule is Rule.HEARTS_NOT_BROKEN:
        return (f"hearts have not been broken yet, so you may not lead a heart while you hold "
                f"other cards; lead {one_of}")
    if rule is Rule.QUEEN_WAITS or (rule is Rule.HEARTS_AND_QUEEN_WAIT and card.index == QS_INDEX):
        doing = "lead" if st.led_suit < 0 else "discard"
        # r116: "until hearts are broken" read as lesson 03's *broken* (an earlier trick); the variant counts a heart
        # played earlier in this trick too (docs/rules.md, `queen_waits` in detail)
        return (f"the queen waits: while you hold other cards, Q♠ may not be led or discarded until a heart has "
                f"been played (earlier in this trick counts); {doing} {one_of} instead")
    if rule is Rule.HEARTS_AND_QUEEN_WAIT:
        return (f"hearts have not been broken yet, so you may not lead a heart (nor Q♠, who waits "
                f"for hearts too) while you hold other cards; lead {one_of}")
    if rule is Rule.NO_POINTS_ON_FIRST_TRICK:
        suit = _led(hand)
        what = "the queen of spades" if card.index == QS_INDEX else "a heart"
        held = "cards" if mask & (mask - 1) else "a card"  # r74: one card without points is "a card"
        return (f"no points on the first trick: you hold no {suit.plural}, but you do hold {held} "
                f"without points, so play {one_of} instead of {what}")
    return f"{rule.value}; you may play {options}"

