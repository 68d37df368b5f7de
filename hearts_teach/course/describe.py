"""Positions and tricks in words: the trick table, one trick as a sentence, and the cards of
the player to move grouped by what the rules say about them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hearts_teach.games.hearts.hand import Hand, Trick
from hearts_teach.games.spades.game import SpadesHand
from hearts_teach.kernel.cards import Card, display_order
from hearts_teach.present.render import pts


def trick_rows(hand: Hand | SpadesHand, tail: Callable[[Any], str]) -> str:
    """Every completed trick as one line, leader first, the winner marked with *;
    ``tail(trick)`` writes the end of the line (shared by Hearts and Spades)."""
    lines = []
    for t in hand.tricks:
        cells = [f"{hand.seat_names[seat][:1]} {card.pretty:>3}{'*' if seat == t.winner else ' '}"
                 for seat, card in zip(t.seats, t.cards, strict=True)]
        lines.append(f"{t.number:>2}. " + "  ".join(cells) + tail(t))
    return "\n".join(lines)


def trick_table(hand: Hand) -> str:
    """Every completed trick as one line: leader first, the winner marked with *."""
    def tail(t: Trick) -> str:
        if t.winner is None:  # only completed tricks are listed
            return ""
        name = hand.seat_names[t.winner]
        return "   " + (f"{pts(t.points):>6} → {name}" if t.points else f"       {name}")

    return trick_rows(hand, tail)


def describe_trick(hand: Hand, trick: Trick | None = None, *, winner: bool = True) -> str:
    """'East 2♣, South 9♣, West 6♣, North A♣ → North takes it (0 points)' (default: last trick);
    winner=False leaves out who takes it (for a question about that)."""
    trick = hand.last_trick if trick is None else trick
    if trick is None:
        return "no trick has been played yet"
    names = hand.seat_names
    played = ", ".join(f"{names[s]} {c.pretty}" for s, c in zip(trick.seats, trick.cards, strict=False))
    if trick.winner is None:
        return f"trick {trick.number} so far: {played}"
    if not winner:
        return f"trick {trick.number}: {played}"
    points = f"{trick.points} point{'' if trick.points == 1 else 's'}"
    return f"trick {trick.number}: {played} → {names[trick.winner]} takes it ({points})"


def legal_report(hand: Hand) -> str:
    """The cards of the player to move, grouped by verdict: ✓ may play, ✗ may not, and why.

    Each group lists its cards in the hand line's order (spades, hearts, diamonds, clubs, highest
    first), the order of the card lists in the engine's sentences ("lead one of K♠, 9♠, ..."), so the
    report speaks in one order."""
    groups: dict[tuple[bool, str], list[Card]] = {}
    order: list[tuple[bool, str]] = []
    for c in display_order(hand.cards(hand.to_act())):
        v = hand.explain(c)
        key = (v.legal, str(v.rule))
        if key not in groups:
            groups[key] = []
            order.append(key)
        groups[key].append(c)
    lines = []
    for key in sorted(order, key=lambda k: not k[0]):  # legal groups first, otherwise in hand order
        group = groups[key]
        msg = hand.explain(group[0]).message
        if len(group) > 1:  # the sentence names one card; make it speak for the whole group
            first = group[0].pretty
            msg = (msg.replace(f"{first} is a", "each of these is a")
                   .replace(f"{first} is not a heart, so it may be led", "these are not hearts, so they may be led")
                   .replace("instead of the queen of spades", "instead of a point card")
                   .replace("instead of a heart", "instead of a point card"))
        lines.append(f"{'✓ may play' if key[0] else '✗ may not '}  {' '.join(c.pretty for c in group)}\n"
                     f"             {msg}")
    return "\n".join(lines)
