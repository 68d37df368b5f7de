"""Text and HTML views of cards, hands, tricks and matches.

HTML uses inline styles so it also renders in static exports (nbconvert, GitHub).
Every card shows its rank and suit symbol as text; colour is only a second cue, and
each card carries its full name as ``aria-label`` and ``title``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from html import escape
from typing import Any

from hearts_teach.games.hearts.hand import Hand, Trick
from hearts_teach.games.hearts.match import Match
from hearts_teach.games.hearts.rules import Rules
from hearts_teach.kernel.cards import Card, CardList, Suit, display_order
from hearts_teach.kernel.display import draws  # game objects find these views there
from hearts_teach.kernel.table import FOUR, table_of

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


def text_view_html(text: str) -> str:
    """The plain-text twin of an HTML view, one click away (and read by screen readers)."""
    return (f"<details style='margin-top:4px'><summary>Text view</summary>"
            f"<pre>{escape(text)}</pre></details>")


@draws("html", Rules)
def rules_html(rules: Any) -> str:
    """A rule set (``Rules`` or ``SpadesRules``): its name, then ``describe()`` one rule a line."""
    items = "".join(f"<li>{escape(line)}</li>" for line in rules.describe().splitlines())
    return f"<div class='ht-rules'><b>{escape(str(rules))}</b><ul style='margin:2px 0'>{items}</ul></div>"


@draws("html", Card)
def card_html(card: Card, extra_style: str = "", four_color: bool | None = None) -> str:
    color = suit_color(card.suit, four_color)
    name = escape(card.name)
    return (f'<span class="ht-card ht-{card.suit.plural}" role="img" aria-label="{name}" title="{name}" '
            f'style="{CARD_STYLE}color:{color};{extra_style}">{escape(card.pretty)}</span>')


@draws("html", CardList)
def cards_html(cards: Iterable[Card], label: str = "") -> str:
    cl = CardList(cards)
    inner = "".join(card_html(c) for c in cl) or '<span style="color:#666">(no cards)</span>'
    lab = f'<span style="font-weight:bold;margin-right:6px">{escape(label)}</span>' if label else ""
    return f'<div class="ht-cards" aria-label="{escape(str(cl) or "no cards")}">{lab}{inner}</div>'


def trick_cells_html(trick: Any, names: Sequence[str]) -> str:
    """One table cell per card played, leader marked ▶ and winner ✓ (also used by Spades)."""
    cells = []
    for seat, card in zip(trick.seats, trick.cards, strict=False):
        mark = "▶ " if seat == trick.leader else ""
        win = " ✓" if trick.winner is not None and seat == trick.winner else ""
        cells.append(f"<td style='padding:2px 8px'>{escape(mark + names[seat])}{win}<br>{card_html(card)}</td>")
    return "".join(cells)


@draws("html", Trick)
def trick_html(trick: Trick, names: tuple[str, ...] | None = None) -> str:
    names = table_of(trick.players).names if names is None else names  # the trick's own table
    status = (f"{escape(names[trick.winner])} takes it ({pts(trick.points)})" if trick.winner is not None
              else "in progress")
    return (f"<div class='ht-trick'><b>Trick {trick.number}</b> — {status}"
            f"<table><tr>{trick_cells_html(trick, names)}</tr></table></div>")


def name_width(names: Any) -> int:
    """The column the seat names are right-aligned to: 5 at four players ('South'), wider
    at five and six ('North-West', 'South-East'), so the hands still line up."""
    return max(5, *(len(n) for n in names))


@draws("text", Hand)
def hand_text(hand: Hand, seat: int | None = None, all_hands: bool = False) -> str:
    from hearts_teach.games.hearts.hand import Phase

    names = hand.seat_names
    width = name_width(names)
    lines = [f"Hand {hand.hand_number + 1} · {hand.pass_words()} · {hand.rules}"]
    phase = hand.phase
    if phase is Phase.PASS:
        # a status line, not a task for the reader (rater r33: "Still to choose: South, ..." read as one)
        waiting = ("no pass chosen yet" if len(hand.to_pass) == len(names)
                   else "still choosing: " + ", ".join(names[s] for s in hand.to_pass))
        lines.append(f"Passing {hand.pass_direction}: each seat chooses 3 cards; {waiting}")
        seats = hand.table.seats if seat is None or all_hands else [seat]
        for s in seats:
            chosen = hand.passed(s)
            extra = f"   (passing {' '.join(c.pretty for c in chosen)})" if chosen else ""
            lines.append(f"{names[s]:>{width}}: {hand.cards(s).pretty}{extra}")
        return "\n".join(lines)
    lines.append(f"Trick {hand.trick_number} of {hand.rules.hand_size} · {hand.status_line()}")
    if phase is Phase.OVER:
        sc = ", ".join(f"{names[s]} {v}" for s, v in enumerate(hand.scores))
        moon = hand.moon
        lines.append("The hand is over. Scores: " + sc
                     + (f" ({names[moon]} shot the moon!)" if moon is not None else ""))
        return "\n".join(lines)
    last = hand.last_trick
    if last is not None:
        lines.append(f"Last trick (led by {names[last.leader]}): {' '.join(c.pretty for c in last.cards)} "
                     f"→ {names[last.taker]} ({pts(last.points)})")
    lines.extend(play_lines(hand, seat, all_hands))
    return "\n".join(lines)


def play_lines(hand: Any, seat: int | None = None, all_hands: bool = False) -> list[str]:
    """The play-phase tail of ``hand_text`` (the trick so far, whose turn, the shown hands,
    the legal cards); the Spades ``hand_text`` ends with the same lines."""
    names = hand.seat_names
    width = name_width(names)
    trick = hand.current_trick
    assert trick is not None
    lines = []
    if trick.cards:
        played = ", ".join(f"{names[s]} {c.pretty}" for s, c in zip(trick.seats, trick.cards, strict=False))
        lines.append(f"Trick so far (led by {names[trick.leader]}): {played}")
    else:
        lines.append(f"{names[trick.leader]} leads trick {trick.number}.")
    turn = hand.turn
    lines.append(f"▶ {names[turn]} to play")
    shown = hand.table.seats if all_hands else [turn if seat is None else seat]
    for s in shown:
        mark = "▶" if s == turn else " "
        lines.append(f"{mark} {names[s]:>{width}}: {hand.cards(s).pretty}")
    if seat is None or seat == turn:
        lines.append(f"Legal: {hand.legal_plays()}")
    return lines


@draws("html", Hand)
def hand_html(hand: Hand) -> str:
    from hearts_teach.games.hearts.hand import Phase

    names = hand.seat_names
    rows = []
    turn = hand.turn
    for s in hand.table.seats:
        mark = "▶ " if s == turn else ""
        cards = hand.cards(s)
        rows.append(f"<tr><td style='padding:2px 8px;white-space:nowrap'><b>{escape(mark + names[s])}</b></td>"
                    f"<td>{cards_row_html(cards)}</td>"
                    f"<td style='padding:2px 8px'>{pts(hand.points_taken[s])}</td></tr>")
    parts = [f"<div class='ht-hand' style='font-family:sans-serif'>"
             f"<div><b>Hand {hand.hand_number + 1}</b> · {escape(hand.pass_words())} · "
             f"{escape(str(hand.rules))}</div>"]
    if hand.phase is not Phase.PASS:
        parts.append(f"<div>Trick {hand.trick_number} of {hand.rules.hand_size} · {escape(hand.status_line())}</div>")
    parts.append(f"<table>{''.join(rows)}</table>")
    trick = hand.current_trick
    if trick is not None and trick.cards:
        parts.append(trick_html(trick, names))
    if hand.is_over:
        sc = ", ".join(f"{names[s]} {v}" for s, v in enumerate(hand.scores))
        parts.append(f"<div><b>Scores:</b> {escape(sc)}</div>")
    # the table above shows every hand, so its text twin does too
    parts.append(text_view_html(hand.text(all_hands=True)) + "</div>")
    return "".join(parts)


@draws("html", Match)
def match_html(match: Match) -> str:
    return (f"<div class='ht-match' style='overflow-x:auto'><b>Match to {match.rules.end_score}</b>"
            f"<pre>{escape(match.score_table())}</pre></div>")


# ---------------------------------------------------------------------------------------
# Table views (used by the widgets; also usable on their own in static renders).
# New functions only: the ones above keep their exact output, because stored lesson
# outputs are compared byte for byte.

SEAT_NAMES = FOUR.names  # South, West, North, East
# where each seat sits in the 3 × 3 compass (row, column), by table size: South at the bottom
# and play going clockwise (left of South first)
COMPASS_SPOTS: dict[int, tuple[tuple[int, int], ...]] = {
    3: ((2, 1), (1, 0), (1, 2)),
    4: ((2, 1), (1, 0), (0, 1), (1, 2)),
    5: ((2, 1), (1, 0), (0, 0), (0, 2), (1, 2)),
    6: ((2, 1), (2, 0), (0, 0), (0, 1), (0, 2), (2, 2)),
}


ordered = display_order  # the hand's display order (one definition, in the kernel)


def cards_row_html(cards: Iterable[Card], four_color: bool | None = None, empty: str = "—") -> str:
    """Cards as inline spans in display order, or ``empty`` (text, not an image)."""
    inner = "".join(card_html(c, four_color=four_color) for c in ordered(cards))
    return inner or f'<span style="color:#555">{escape(empty)}</span>'


def trick_compass_html(trick: Trick | None, names: tuple[str, ...] = SEAT_NAMES,
                       four_color: bool | None = None, caption: str = "Trick") -> str:
    """A trick laid out like the table: North on top, West left, East right, South below
    (``COMPASS_SPOTS`` places the seats of a table of 3, 5 or 6).

    The leader is marked "▶ led", the winner "✓ wins": text marks, never colour alone.
    """
    if trick is None:
        return compass_html(None, names, caption)
    return compass_html(trick, names, caption, f" — {escape(trick_status(trick, names))}", four_color=four_color)


def trick_status(trick: Trick, names: Sequence[str]) -> str:
    """Where a Hearts trick stands: 'North took it (1 point)', 'led by West, 2 of 4 cards',
    'East to lead'."""
    if trick.winner is not None:
        return f"{names[trick.winner]} took it ({pts(trick.points)})"
    if trick.cards:
        return f"led by {names[trick.leader]}, {len(trick.cards)} of {len(names)} cards"
    return f"{names[trick.leader]} to lead"


def compass_html(trick: Any, names: Sequence[str], caption: str, status_html: str = "",
                 win_mark: str = "✓ wins", four_color: bool | None = None) -> str:
    """The compass layout of ``trick_compass_html`` (also the Spades one): ``status_html``
    follows the heading, ``win_mark`` labels the winner's card."""
    if trick is None:
        return f"<div class='ht-trick-compass'><b>{escape(caption)}</b>: none yet</div>"
    cell: dict[int, str] = {}
    for seat, card in zip(trick.seats, trick.cards, strict=False):
        marks = []
        if seat == trick.leader:
            marks.append("▶ led")
        if trick.winner is not None and seat == trick.winner:
            marks.append(win_mark)
        mark = f"<br><small>{escape(', '.join(marks))}</small>" if marks else ""
        cell[seat] = f"{escape(names[seat])}<br>{card_html(card, four_color=four_color)}{mark}"
    td = "style='text-align:center;padding:2px 6px;min-width:5em;vertical-align:top'"
    # the middle row's empty cells keep the cell style (the four-seat layout always had it)
    grid = [["<td></td>"] * 3, [f"<td {td}></td>"] * 3, ["<td></td>"] * 3]
    for seat, (row, col) in enumerate(COMPASS_SPOTS[len(names)]):
        inner = cell.get(seat, f"<span style='color:#555'>{escape(names[seat])}<br>·</span>")
        grid[row][col] = f"<td {td}>{inner}</td>"
    rows = "".join(f"<tr>{''.join(r)}</tr>" for r in grid)
    return (f"<div class='ht-trick-compass' style='display:inline-block;vertical-align:top;margin:0 8px'>"
            f"<b>{escape(caption)} {trick.number}</b>{status_html}"
            f"<table style='border-collapse:collapse'>{rows}</table></div>")


def pts(n: int) -> str:
    """'1 pt', '0 pts', '13 pts'."""
    return f"{n} pt" if n == 1 else f"{n} pts"


def broken_text(hand: Hand) -> str:
    """'Hearts broken by 7♥ (West) in trick 3' or 'Hearts not broken yet'."""
    b = hand.broken_by
    if b is None:
        return "Hearts not broken yet"
    return f"Hearts broken by {b.card.pretty} ({hand.seat_names[b.seat]}) in trick {b.trick}"


def seats_status_text(hand: Hand, labels: tuple[str, ...] | None = None) -> list[str]:
    """One line per seat: turn marker, name, label (e.g. the bot), cards left, points taken."""
    turn = hand.turn
    taken = hand.points_taken
    lines = []
    for s in hand.table.seats:
        mark = "▶" if s == turn else " "
        lab = f" ({labels[s]})" if labels and labels[s] else ""
        lines.append(f"{mark} {hand.seat_names[s]}{lab}: {len(hand.cards(s))} cards, {pts(taken[s])} taken")
    return lines


def position_text(hand: Hand, labels: tuple[str, ...] | None = None, show: Iterable[int] | None = None,
                  heading: bool = True) -> str:
    """The whole position as text: every shown hand, the trick, the last trick, hearts, points.
    ``heading=False`` leaves out the first line ("Hand 1 · pass left"), for a caller that has
    already written the hand and its pass (the table's status line)."""
    from hearts_teach.games.hearts.hand import Phase

    names = hand.seat_names
    width = name_width(names)
    lines = [f"Hand {hand.hand_number + 1} · {hand.pass_words()}"] if heading else []
    if hand.phase is Phase.PASS:
        lines.append("Passing: still to choose: " + (", ".join(names[s] for s in hand.to_pass) or "nobody"))
    elif hand.phase is Phase.PLAY:
        lines.append(f"Trick {hand.trick_number} of {hand.rules.hand_size} · ▶ {names[hand.to_act()]} to play")
    else:
        lines.append("The hand is over.")
    shown = list(show if show is not None else hand.table.seats)
    for s in hand.table.seats if hand.phase is not Phase.OVER else ():
        mark = "▶" if s == hand.turn else " "
        lab = f" ({labels[s]})" if labels and labels[s] else ""
        held = hand.cards(s).pretty if s in shown else f"{len(hand.cards(s))} cards"
        extra = ""
        chosen = hand.passed(s) if hand.phase is Phase.PASS and s in shown else None
        if chosen is not None:
            extra = f"   passing {' '.join(c.pretty for c in chosen)}"
        lines.append(f"{mark} {names[s]:>{width}}{lab}: {held}{extra}")
    trick = hand.current_trick
    if trick is not None and trick.cards:
        lines.append(f"Trick {trick.number} so far (led by {names[trick.leader]}): "
                     + ", ".join(f"{names[s]} {c.pretty}" for s, c in zip(trick.seats, trick.cards, strict=False)))
    last = hand.last_trick
    if last is not None:
        lines.append(f"Last trick {last.number}: " + ", ".join(
            f"{names[s]} {c.pretty}" for s, c in zip(last.seats, last.cards, strict=False))
            + f" → {names[last.taker]} takes {pts(last.points)}")
    if hand.phase is not Phase.PASS:
        lines.append(broken_text(hand))
        lines.append("Points taken: " + ", ".join(f"{names[s]} {p}" for s, p in enumerate(hand.points_taken)))
    if hand.is_over:
        lines.append(hand_result_text(hand))
    return "\n".join(lines)


def hand_result_text(hand: Hand) -> str:
    """'Hand 1 scores: South 3, ...' plus the moon announcement when someone shot it."""
    names = hand.seat_names
    text = f"Hand {hand.hand_number + 1} scores: " + ", ".join(
        f"{names[s]} {v}" for s, v in enumerate(hand.scores))
    if hand.moon is not None:
        text += f". {names[hand.moon]} shot the moon!"
    return text


def score_table_html(match: Match, winner_line: bool = True) -> str:
    """The match score table as an HTML table (one row per finished hand, totals, winner).
    ``winner_line=False`` leaves out the closing line (the table shows a banner instead)."""
    names = match.seat_names
    th = "style='padding:2px 10px;border-bottom:1px solid #888;text-align:right'"
    td = "style='padding:2px 10px;text-align:right'"
    head = (f"<tr><th {th}>hand</th><th {th}>pass</th>" + "".join(f"<th {th}>{escape(n)}</th>" for n in names)
            + f"<th {th}>note</th></tr>")
    rows = []
    totals = [0] * match.rules.players
    for h in match.finished_hands:
        sc = h.scores
        totals = [a + b for a, b in zip(totals, sc, strict=True)]
        note = f"moon: {names[h.moon]}" if h.moon is not None else ""
        rows.append(f"<tr><td {td}>{h.hand_number + 1}</td><td {td}>{escape(h.pass_direction)}</td>"
                    + "".join(f"<td {td}>{v}</td>" for v in sc) + f"<td {td}>{escape(note)}</td></tr>")
    low = min(totals)
    tot = "".join(f"<td {td}><b>{v}{' ★' if v == low and rows else ''}</b></td>" for v in totals)
    rows.append(f"<tr><td {td}><b>total</b></td><td {td}></td>{tot}<td {td}></td></tr>")
    foot = ""
    if match.winner is not None and winner_line:
        foot = f"<div><b>{escape(names[match.winner])} wins the match with {low} (lowest total).</b></div>"
    elif match.tie_for_lowest:
        foot = "<div>The lowest total is tied: another hand is played.</div>"
    return (f"<div class='ht-score-table'><b>Match to {match.rules.end_score}</b> (★ = lowest total)"
            f"<table style='border-collapse:collapse;font-family:sans-serif'>{head}{''.join(rows)}</table>"
            f"{foot}</div>")
