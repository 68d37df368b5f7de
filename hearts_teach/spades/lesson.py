"""Helpers behind lesson 09 (Hearts vs Spades): one deal played under both games, shown
side by side as text and HTML."""

from __future__ import annotations

from html import escape

from ..hand import Hand
from ..lessons import trick_rows
from ..render import card_html, text_view_html
from ..rng import Rng
from .bots import SpadesBot, auto_play, estimate_tricks
from .game import SpadesHand, bid_word
from .render import team_label


def same_deal(seed: int | str, dealer: int = 3) -> tuple[Hand, SpadesHand]:
    """The deal of ``Hand.deal(seed)`` as a Hearts hold hand (no pass, so the cards stay
    put) and as a Spades hand with the same cards in the same seats."""
    hearts = Hand.deal(seed=seed, pass_direction="hold")
    return hearts, SpadesHand.from_hearts(hearts, dealer=dealer)


def spades_bots(seed: int | str = 0) -> list[SpadesBot]:
    return [SpadesBot(Rng(f"lesson09/{seed}").spawn(s)) for s in range(4)]


def play_spades(hand: SpadesHand, seed: int | str = 0) -> SpadesHand:
    """Let four rule bots bid and play the whole hand; returns it."""
    auto_play(hand, spades_bots(seed))
    return hand


def tricks_table(hand: SpadesHand) -> str:
    """Every completed trick on one line, leader first; * marks the winner, (trump) a ruff."""
    return trick_rows(hand, lambda t: f"   {hand.seat_names[t.winner]}" + (" (trump)" if t.trumped else ""))


def side_by_side(hearts: Hand, spades: SpadesHand) -> str:
    """Per seat: the cards, what Hearts made of them and what Spades made of them."""
    names = hearts.seat_names
    lines = [f"{'seat':<6} {'cards':<34} {'Hearts: points':>14}   {'Spades: bid / tricks':>20}"]
    for s in range(4):
        pts = hearts.scores[s] if hearts.is_over else hearts.points_taken[s]
        bid = spades.bids[s]
        b = "—" if bid is None else bid_word(bid)
        lines.append(f"{names[s]:<6} {hearts.dealt(s).pretty:<34} {pts:>14}   "
                     f"{b:>13} / {spades.tricks_won[s]:<4}")
    if hearts.is_over:
        low = min(hearts.scores)
        best = [names[s] for s in range(4) if hearts.scores[s] == low]
        lines.append(f"Hearts: fewest points is best: {', '.join(best)} ({low}).")
    if spades.is_over:
        pts = spades.score().team_points
        lines.append(f"Spades: {team_label(0, names)} {pts[0]:+d}, {team_label(1, names)} {pts[1]:+d} "
                     f"(more is better).")
    return "\n".join(lines)


def side_by_side_html(hearts: Hand, spades: SpadesHand) -> str:
    names = hearts.seat_names
    th = "style='padding:2px 8px;text-align:left'"
    rows = []
    for s in range(4):
        pts = hearts.scores[s] if hearts.is_over else hearts.points_taken[s]
        bid = spades.bids[s]
        cards = "".join(card_html(c) for c in sorted(hearts.dealt(s), reverse=True))
        rows.append(f"<tr><td {th}><b>{escape(names[s])}</b></td><td>{cards}</td>"
                    f"<td {th}>{pts} points</td>"
                    f"<td {th}>bid {escape('—' if bid is None else bid_word(bid))}, "
                    f"took {spades.tricks_won[s]}</td></tr>")
    return (f"<table style='font-family:sans-serif'><tr><th {th}>seat</th><th {th}>cards</th>"
            f"<th {th}>Hearts (fewer is better)</th><th {th}>Spades</th></tr>{''.join(rows)}</table>"
            + text_view_html(side_by_side(hearts, spades)))


def worth_table(hand: SpadesHand) -> str:
    """Each seat's high cards and the Spades trick estimate for its 13 cards."""
    lines = []
    for s in range(4):
        cards = hand.dealt(s)
        high = [c.pretty for c in sorted(cards, reverse=True) if c.rank >= 13]
        spades = sum(1 for c in cards if c.suit.letter == "S")
        lines.append(f"{hand.seat_names[s]:<6} aces and kings: {' '.join(high) or '—':<16} "
                     f"spades: {spades:>2}   Spades estimate: {estimate_tricks(cards):g} tricks")
    return "\n".join(lines)


def winners(cards: str, leader: int, names: tuple[str, ...] = ("South", "West", "North", "East")) -> str:
    """Who takes the same four cards (played from ``leader`` clockwise) in each game."""
    from ..cards import CardList
    from .core import trick_winner

    cl = CardList(cards)
    led = cl[0].suit
    seats = [(leader + i) % 4 for i in range(4)]
    played = ", ".join(f"{names[s]} {c.pretty}" for s, c in zip(seats, cl, strict=True))
    best = max((c for c in cl if c.suit == led), key=lambda c: c.rank)
    hearts_winner = seats[list(cl).index(best)]
    spades_winner = trick_winner([c.index for c in cl], leader)
    return (f"{played}\n  Hearts (no trump): {names[hearts_winner]} wins with {best.pretty}\n"
            f"  Spades (spades are trump): {names[spades_winner]} wins with "
            f"{cl[seats.index(spades_winner)].pretty}")
