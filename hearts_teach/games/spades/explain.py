"""Learner-facing sentences for Spades verdicts (the cascade decides, this words it)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hearts_teach.games.explain import follows_suit, must_follow
from hearts_teach.kernel.cards import SPADES_MASK, SUIT_MASKS, Card, Suit, join_held
from hearts_teach.kernel.errors import Rule

if TYPE_CHECKING:
    from hearts_teach.games.spades.game import SpadesHand


def during_bidding(hand: SpadesHand) -> str:
    waiting = ", ".join(hand.seat_names[s] for s in hand.to_bid)
    return (f"the bidding is not finished: play starts once all four players have bid "
            f"(still to bid: {waiting})")


def legal(hand: SpadesHand, card: Card, seat: int, rule: Rule) -> str:
    st = hand._state
    assert st is not None
    if rule is Rule.FOLLOWS_SUIT:
        return follows_suit(card, Suit(st.led_suit))
    if rule is Rule.VOID_DISCARD:
        suit = Suit(st.led_suit)
        if card.suit is Suit.SPADES:
            return (f"you hold no {suit.plural}, so you may play any card: {card.pretty} is a spade, "
                    f"a trump, and beats every card that is not a higher spade")
        return (f"you hold no {suit.plural}, so you may play any card: {card.pretty} is neither "
                f"a {suit.singular} nor a spade, so it cannot win this trick")
    if rule is Rule.ALL_SPADES_LEAD:
        return ("spades have not been broken, but you hold nothing except spades, "
                "so you may lead one (and that breaks spades)")
    if rule is Rule.FREE_LEAD:
        if not st.broken and card.suit is not Suit.SPADES and st.hands[seat] & SPADES_MASK:
            return (f"you are leading; spades are not broken yet, but {card.pretty} is not a spade, "
                    f"so it may be led")
        return "you are leading, and any card you hold may be led"
    return rule.value


def illegal(hand: SpadesHand, card: Card, seat: int, rule: Rule, mask: int) -> str:
    st = hand._state
    assert st is not None
    options = join_held(mask)
    if rule is Rule.MUST_FOLLOW_SUIT:
        suit = Suit(st.led_suit)
        extra = (" (trumping with a spade is allowed only when you hold no "
                 f"{suit.plural})") if card.suit is Suit.SPADES else ""
        return must_follow(suit, st.hands[seat] & SUIT_MASKS[suit]) + extra
    if rule is Rule.SPADES_NOT_BROKEN:
        return (f"spades have not been broken yet (no spade has been played), so you may not lead "
                f"a spade while you hold other cards; lead one of {options}")
    return f"{rule.value}; you may play {options}"

