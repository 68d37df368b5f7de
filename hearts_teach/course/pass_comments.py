"""Lesson 01's comments on a pass: what it did to the queen, the high spades, the suits and
the low hearts, in plain words and true in every case.

Each sentence is checked against the rules the lessons teach (``docs/lesson-audit.md``): giving
the queen away does not make you safe from her (she can be dumped on a trick you win); a
void may be refilled by the three cards you receive; and on the first trick a void player
still may not discard a heart or Q♠. The comments describe a pass; the coach grades one.
"""

from __future__ import annotations

from collections.abc import Iterable

from hearts_teach.games.hearts.hand import Hand
from hearts_teach.kernel.cards import Card, CardLike, CardList, Suit

QUEEN = Card("QS")


def _cards(cards: Iterable[Card]) -> str:
    return " ".join(c.pretty for c in cards)


def _several(cards: list[Card], one: str, many: str) -> str:
    return f"{_cards(cards)}: {one if len(cards) == 1 else many}"


def _void_note(hand: Hand, suit: Suit) -> str:
    """What a void in ``suit`` allows under the hand's rules."""
    if suit is Suit.CLUBS and hand.rules.no_points_on_first_trick:
        note = ("when clubs are led you may discard, but not a heart or Q♠ on the first trick "
                "while you hold anything else")
    else:
        note = f"when {suit.plural} are led you may discard any card"
    if hand.rules.queen_waits:
        note += " (Q♠ only once hearts are broken)"
    return note + "."


def _received_notes(got: list[Card], named: set[Card]) -> list[str]:
    """What the three cards received bring, beyond what the notes on the pass already said."""
    high = [c for c in got if c.rank >= 12 and c not in named]
    low_hearts = [c for c in got if c.suit is Suit.HEARTS and c.rank <= 6 and c not in named]
    notes = []
    if high:
        notes.append(_several(high, "received, a high card that could win a trick you don't want.",
                              "received, high cards that could win tricks you don't want."))
    if low_hearts:
        notes.append(_several(low_hearts, "received, a low heart to duck a heart lead with.",
                              "received, low hearts to duck heart leads with."))
    if not notes and not named.intersection(got):
        notes.append(f"{_cards(got)} received: no Q♠, no high card and no low heart, a quiet arrival.")
    return notes


def pass_feedback(hand: Hand, seat: int, passed: Iterable[CardLike]) -> str:
    """Plain-language comments on ``seat``'s pass of ``passed``.

    Once the three cards from the neighbour have arrived (``hand.received``), the comments
    speak of the hand that will be played; before, of the cards kept."""
    gave = CardList(passed)
    dealt = hand.dealt(seat)
    got = hand.received(seat)
    kept = CardList(c for c in dealt if c not in gave)
    now = CardList(sorted(list(kept) + list(got))) if got is not None else kept
    notes = []
    if QUEEN in gave:
        notes.append(f"Q♠ goes to {hand.seat_names[hand.pass_target(seat) or 0]}: she is out of your hand, "
                     "but she can still be dropped on a trick you win.")
    elif QUEEN in now:
        guards = len([c for c in now if c.suit is Suit.SPADES and c < QUEEN])
        came = " (she came in the pass)" if got is not None and QUEEN in got else ""
        if guards == 0:
            notes.append(f"You hold Q♠{came} with no lower spade: spade leads may soon force her out.")
        else:
            notes.append(f"You hold Q♠{came} with {guards} lower spade{'' if guards == 1 else 's'} to play under "
                         f"spade leads" + (": few, so spade leads may soon force her out." if guards < 3 else "."))
    big = [c for c in now if c.suit is Suit.SPADES and c > QUEEN]
    if big and QUEEN not in now:
        notes.append(f"{_cards(big)} {'is' if len(big) == 1 else 'are'} above the queen: until she has been played, "
                     f"{'it' if len(big) == 1 else 'they'} can win the trick she falls on.")
    named = {QUEEN, *big}  # cards a note has already spoken of
    for suit in Suit:
        if not dealt.of_suit(suit) or kept.of_suit(suit):
            continue  # this pass did not empty the suit
        back = [c for c in got or () if c.suit is suit]
        named.update(back)
        if back:
            notes.append(f"You passed your last {suit.plural}, but the cards you received bring "
                         f"{_cards(back)} back.")
        elif got is None:
            notes.append(f"You passed your last {suit.plural}: unless the cards you receive bring some back, "
                         f"you will be void in them.")
        else:
            notes.append(f"You are void in {suit.plural}: {_void_note(hand, suit)}")
    low_hearts = [c for c in gave if c.suit is Suit.HEARTS and c.rank <= 6]
    if low_hearts:
        notes.append(_several(low_hearts, "a low heart lets you duck a heart lead; usually worth keeping.",
                              "low hearts let you duck a heart lead; usually worth keeping."))
    high = [c for c in gave if c.rank >= 12 and c.suit is not Suit.SPADES]
    if high:
        count = "one high card" if len(high) == 1 else f"{'two' if len(high) == 2 else 'three'} high cards"
        notes.append(f"{_cards(high)} given away: {count} fewer to win "
                     f"{'a trick' if len(high) == 1 else 'tricks'} you don't want.")
    if got is not None:
        notes.extend(_received_notes(list(got), named))
    return " ".join(notes) or "A quiet pass: no queen or high spade involved, no suit emptied, no low heart or high card given away."
