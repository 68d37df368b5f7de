"""Text and HTML views of cards, hands, tricks and matches.

HTML uses inline styles so it also renders in static exports (nbconvert, GitHub).
Every card shows its rank and suit symbol as text; colour is only a second cue, and
each card carries its full name as ``aria-label`` and ``title``.
"""

from __future__ import annotations

from collections.abc import Iterable
from html import escape
from typing import TYPE_CHECKING

from .cards import Card, CardList, Suit

if TYPE_CHECKING:
    from .hand import Hand, Trick
    from .match import Match

TWO_COLOR = {Suit.CLUBS: "#1a1a1a", Suit.DIAMONDS: "#c8102e", Suit.HEARTS: "#c8102e", Suit.SPADES: "#1a1a1a"}
FOUR_COLOR = {Suit.CLUBS: "#1b7a1b", Suit.DIAMONDS: "#1f5fbf", Suit.HEARTS: "#c8102e", Suit.SPADES: "#1a1a1a"}
_settings = {"four_color": False}


def set_four_color(on: bool = True) -> None:
    """Use a four-colour deck (clubs green, diamonds blue) in every HTML view."""
    _settings["four_color"] = bool(on)


def suit_color(suit: Suit, four_color: bool | None = None) -> str:
    four = _settings["four_color"] if four_color is None else four_color
    return (FOUR_COLOR if four else TWO_COLOR)[suit]


CARD_STYLE = ("display:inline-block;min-width:2.2em;padding:2px 4px;margin:1px;border:1px solid #888;"
              "border-radius:4px;background:#fff;text-align:center;font-family:sans-serif;font-weight:bold;")


def card_html(card: Card, extra_style: str = "", four_color: bool | None = None) -> str:
    color = suit_color(card.suit, four_color)
    name = escape(card.name)
    return (f'<span class="ht-card ht-{card.suit.plural}" role="img" aria-label="{name}" title="{name}" '
            f'style="{CARD_STYLE}color:{color};{extra_style}">{escape(card.pretty)}</span>')


def cards_html(cards: Iterable[Card], label: str = "") -> str:
    cl = CardList(cards)
    inner = "".join(card_html(c) for c in cl) or '<span style="color:#666">(no cards)</span>'
    lab = f'<span style="font-weight:bold;margin-right:6px">{escape(label)}</span>' if label else ""
    return f'<div class="ht-cards" aria-label="{escape(str(cl) or "no cards")}">{lab}{inner}</div>'


def trick_html(trick: Trick, names: tuple[str, ...] = ("South", "West", "North", "East")) -> str:
    cells = []
    for seat, card in zip(trick.seats, trick.cards, strict=False):
        mark = "▶ " if seat == trick.leader else ""
        win = " ✓" if trick.winner is not None and seat == trick.winner else ""
        cells.append(f"<td style='padding:2px 8px'>{escape(mark + names[seat])}{win}<br>{card_html(card)}</td>")
    status = (f"{escape(names[trick.winner])} takes it ({trick.points} pts)" if trick.winner is not None
              else "in progress")
    return (f"<div class='ht-trick'><b>Trick {trick.number}</b> — {status}"
            f"<table><tr>{''.join(cells)}</tr></table></div>")


def hand_text(hand: Hand, seat: int | None = None, all_hands: bool = False) -> str:
    from .hand import Phase

    names = hand.seat_names
    lines = [f"Hand {hand.hand_number + 1} · pass {hand.pass_direction} · {hand.rules}"]
    phase = hand.phase
    if phase is Phase.PASS:
        waiting = ", ".join(names[s] for s in hand.to_pass)
        lines.append(f"Passing {hand.pass_direction}: each seat chooses 3 cards. Still to choose: {waiting}")
        seats = range(4) if seat is None or all_hands else [seat]
        for s in seats:
            chosen = hand.passed(s)
            extra = f"   (passing {' '.join(c.pretty for c in chosen)})" if chosen else ""
            lines.append(f"{names[s]:>5}: {hand.cards(s).pretty}{extra}")
        return "\n".join(lines)
    lines.append(f"Trick {hand.trick_number} of 13 · {hand.status_line()}")
    if phase is Phase.OVER:
        sc = ", ".join(f"{names[s]} {v}" for s, v in enumerate(hand.scores))
        moon = hand.moon
        lines.append("The hand is over. Scores: " + sc
                     + (f" ({names[moon]} shot the moon!)" if moon is not None else ""))
        return "\n".join(lines)
    trick = hand.current_trick
    assert trick is not None
    last = hand.last_trick
    if last is not None:
        lines.append(f"Last trick: {' '.join(c.pretty for c in last.cards)} → {names[last.winner]} "  # type: ignore[index]
                     f"({last.points} pts)")
    if trick.cards:
        played = ", ".join(f"{names[s]} {c.pretty}" for s, c in zip(trick.seats, trick.cards, strict=False))
        lines.append(f"Trick so far (led by {names[trick.leader]}): {played}")
    else:
        lines.append(f"{names[trick.leader]} leads trick {trick.number}.")
    turn = hand.turn
    lines.append(f"▶ {names[turn]} to play")  # type: ignore[index]
    shown = range(4) if all_hands else [turn if seat is None else seat]
    for s in shown:
        mark = "▶" if s == turn else " "
        lines.append(f"{mark} {names[s]:>5}: {hand.cards(s).pretty}")
    if seat is None or seat == turn:
        lines.append(f"Legal: {hand.legal_plays()}")
    return "\n".join(lines)


def hand_html(hand: Hand) -> str:
    from .hand import Phase

    names = hand.seat_names
    rows = []
    turn = hand.turn
    for s in range(4):
        mark = "▶ " if s == turn else ""
        cards = hand.cards(s)
        rows.append(f"<tr><td style='padding:2px 8px;white-space:nowrap'><b>{escape(mark + names[s])}</b></td>"
                    f"<td>{''.join(card_html(c) for c in cards) or '—'}</td>"
                    f"<td style='padding:2px 8px'>{hand.points_taken[s]} pts</td></tr>")
    parts = [f"<div class='ht-hand' style='font-family:sans-serif'>"
             f"<div><b>Hand {hand.hand_number + 1}</b> · pass {escape(hand.pass_direction)} · "
             f"{escape(str(hand.rules))}</div>"]
    if hand.phase is not Phase.PASS:
        parts.append(f"<div>Trick {hand.trick_number} of 13 · {escape(hand.status_line())}</div>")
    parts.append(f"<table>{''.join(rows)}</table>")
    trick = hand.current_trick
    if trick is not None and trick.cards:
        parts.append(trick_html(trick, names))
    if hand.is_over:
        sc = ", ".join(f"{names[s]} {v}" for s, v in enumerate(hand.scores))
        parts.append(f"<div><b>Scores:</b> {escape(sc)}</div>")
    parts.append(f"<pre style='display:none' aria-hidden='false'>{escape(hand.text())}</pre></div>")
    return "".join(parts)


def match_html(match: Match) -> str:
    return (f"<div class='ht-match'><b>Match to {match.rules.end_score}</b>"
            f"<pre>{escape(match.score_table())}</pre></div>")
