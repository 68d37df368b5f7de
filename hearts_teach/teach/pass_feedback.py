"""Plain-language comments on a pass (lesson 01's pass picker)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from hearts_teach.games.hearts.hand import Hand
from hearts_teach.kernel.cards import Card, CardLike, CardList


def _several(cards: Sequence[Card], one: str, many: str) -> str:
    return f"{' '.join(c.pretty for c in cards)}: {one if len(cards) == 1 else many}"


def pass_feedback(hand: Hand, seat: int, passed: Iterable[CardLike]) -> str:
    """Plain-language comments on a pass, following the lesson's rules of thumb.

    It describes the choice (what happened to the spade danger, voids, low hearts); it does
    not score it: lesson 08 lets the coach grade passes by simulation.
    """
    gave = CardList(passed)
    dealt = hand.dealt(seat)
    kept = CardList(c for c in dealt if c not in gave)
    notes = []
    kept_queen = any(str(c) == "QS" for c in kept)
    if any(str(c) == "QS" for c in gave):
        notes.append("Q♠ is gone: 13 points you can no longer be stuck with.")
    elif kept_queen:
        guards = len([c for c in kept if c.suit == 3 and c.rank < 12])
        notes.append(f"You kept Q♠ with {guards or 'no'} lower spade{'' if guards == 1 else 's'} to hide "
                     f"behind{': she can easily be forced out' if guards < 3 else ''}.")
    big_kept = [c for c in kept if c.suit == 3 and c.rank > 12]
    if big_kept and not kept_queen:
        notes.append(_several(big_kept, "a high spade that can be forced to win the queen on a spade lead.",
                              "high spades that can be forced to win the queen on a spade lead."))
    for s in range(4):
        if dealt.of_suit(s) and not kept.of_suit(s):
            notes.append(f"You are now void in {('clubs', 'diamonds', 'hearts', 'spades')[s]}: "
                         f"when they are led you may throw away anything.")
    low_hearts = [c for c in gave if c.suit == 2 and c.rank <= 6]
    if low_hearts:
        notes.append(_several(low_hearts, "a low heart lets you duck a heart lead; usually worth keeping.",
                              "low hearts let you duck a heart lead; usually worth keeping."))
    high = [c for c in gave if c.rank >= 12 and c.suit != 3]
    if high:
        notes.append(_several(high, "a high card that could have won a trick you didn't want.",
                              "high cards that could have won tricks you didn't want."))
    return " ".join(notes) or "A quiet pass: no spade danger, no void, nothing special."
