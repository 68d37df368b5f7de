"""The sentences both games' explanations share: a card the player does not hold, a card
that follows the led suit, a card refused because the player holds the led suit."""

from __future__ import annotations

from typing import Any

from hearts_teach.kernel.cards import FULL_DECK, Card, Suit, join_held, join_pretty


def taken_out(hand: Any, card: Card) -> str:
    """The sentence for a card taken out before the deal at a table of 3, 5 or 6 ('' if in play)."""
    if hand.deck_mask >> card.index & 1:
        return ""
    return (f"{card.pretty} is not in play: with {hand.table.players} players "
            f"{join_pretty(FULL_DECK ^ hand.deck_mask)} are taken out before the deal")


def not_held(hand: Any, card: Card, seat: int) -> str:
    """The sentence for a card the player does not hold (also used for a ``SpadesHand``)."""
    gone = taken_out(hand, card)
    if gone:
        return gone
    mine = hand.cards(seat)  # what the seat holds now, in either game and any phase
    return (f"{hand.seat_names[seat]} does not hold {card.pretty}; "
            f"the cards in hand are {mine.pretty}")


def follows_suit(card: Card, suit: Suit) -> str:
    """The sentence for a card that follows the led suit (Hearts and Spades)."""
    return f"{suit.plural} were led and {card.pretty} is a {suit.singular}, so it follows suit"


def must_follow(suit: Suit, held: int) -> str:
    """The sentence for a card refused because the player holds the led suit (``held``: those
    cards); Spades adds its trump note after it."""
    return f"{suit.plural} were led and you hold {join_held(held)}: you must follow suit"
