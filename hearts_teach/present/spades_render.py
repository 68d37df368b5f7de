"""Text and HTML views of Spades hands, tricks and matches.

Same conventions as ``hearts_teach.present.render``: every card shows rank and suit symbol as
text, colour is only a second cue, and each HTML view carries its text form.
"""

from __future__ import annotations

from html import escape

from hearts_teach.games.spades.game import SpadesHand, SpadesTrick
from hearts_teach.games.spades.match import SpadesMatch
from hearts_teach.games.spades.rules import SpadesRules
from hearts_teach.games.spades.scoring import TEAM_NAMES, team_label, team_of
from hearts_teach.kernel.display import draws  # game objects find these views there
from hearts_teach.kernel.table import FOUR, SEAT_NAMES
from hearts_teach.present.render import (
    cards_row_html,
    play_lines,
    rules_html,
    text_view_html,
    trick_cells_html,
)

DEFAULT_NAMES = SEAT_NAMES


def _bid_cell(hand: SpadesHand, seat: int) -> str:
    from hearts_teach.games.spades.game import bid_word

    b = hand.bids[seat]
    return "—" if b is None else bid_word(b)


def status_line(hand: SpadesHand) -> str:
    names = hand.seat_names
    sb = f"spades broken {hand.broken_by}" if hand.spades_broken else "spades not broken"
    c, t = hand.contracts, hand.team_tricks
    teams = " · ".join(f"{team_label(i, names)} {t[i]} of {c[i]}" for i in (0, 1))
    nils = [s for s in hand.nil_seats]
    nil = ""
    if nils:
        nil = " · nil: " + ", ".join(
            f"{names[s]} {'clean' if hand.tricks_won[s] == 0 else 'broken'}" for s in nils)
    return f"{sb} · tricks vs contract: {teams}{nil}"


draws("html", SpadesRules)(rules_html)  # the same view as Hearts' Rules


@draws("text", SpadesHand)
def hand_text(hand: SpadesHand, seat: int | None = None, all_hands: bool = False) -> str:
    from hearts_teach.games.spades.game import SpadesPhase

    names = hand.seat_names
    lines = [f"Spades hand {hand.hand_number + 1} · dealer {names[hand.dealer]} · "
             f"{names[hand.first_seat]} bids first and leads · "
             f"partners {team_label(0, names)} vs {team_label(1, names)}"]
    lines.append(f"Bids: {hand.bids_text()}")
    phase = hand.phase
    if phase is SpadesPhase.BID:
        bidder = hand.to_act()
        blind = ", or blind nil" if hand.may_bid_blind_nil(bidder) else ""
        lines.append(f"▶ {names[bidder]} to bid (0-13, 0 = nil{blind})")
        shown = FOUR.seats if all_hands or seat is None else [seat]
        for s in shown:
            lines.append(f"  {names[s]:>5}: {hand.cards(s).pretty}")
        return "\n".join(lines)
    lines.append(f"Trick {hand.trick_number} of 13 · {status_line(hand)}")
    if phase is SpadesPhase.OVER:
        won = ", ".join(f"{names[s]} {w}" for s, w in enumerate(hand.tricks_won))
        lines.append(f"The hand is over. Tricks: {won}")
        lines.extend(hand.score().lines(tuple(team_label(t, names) for t in (0, 1)), names))
        return "\n".join(lines)
    last = hand.last_trick
    if last is not None:
        lines.append(f"Last trick: {' '.join(c.pretty for c in last.cards)} → {names[last.taker]}"
                     + last.trump_mark)
    lines.extend(play_lines(hand, seat, all_hands))
    return "\n".join(lines)


@draws("html", SpadesTrick)
def trick_html(trick: SpadesTrick, names: tuple[str, ...] = DEFAULT_NAMES) -> str:
    if trick.winner is not None:
        status = f"{escape(names[trick.winner])} takes it" + (" with a trump" if trick.trumped else "")
    else:
        status = "in progress"
    return (f"<div class='ht-trick'><b>Trick {trick.number}</b> — {status}"
            f"<table><tr>{trick_cells_html(trick, names)}</tr></table></div>")


@draws("html", SpadesHand)
def hand_html(hand: SpadesHand) -> str:
    names = hand.seat_names
    turn = hand.turn
    rows = []
    for s in FOUR.seats:
        mark = "▶ " if s == turn else ""
        cards = hand.cards(s)
        rows.append(f"<tr><td style='padding:2px 8px;white-space:nowrap'><b>{escape(mark + names[s])}</b>"
                    f" <span style='color:#555'>({escape(team_label(team_of(s), names))})</span></td>"
                    f"<td>{cards_row_html(cards)}</td>"
                    f"<td style='padding:2px 8px'>bid {escape(_bid_cell(hand, s))}</td>"
                    f"<td style='padding:2px 8px'>{hand.tricks_won[s]} tricks</td></tr>")
    parts = [f"<div class='ht-spades-hand' style='font-family:sans-serif'>"
             f"<div><b>Spades hand {hand.hand_number + 1}</b> · dealer {escape(names[hand.dealer])} · {escape(names[hand.first_seat])} bids first and leads</div>"]
    if hand.phase.value != "bid":
        parts.append(f"<div>Trick {hand.trick_number} of 13 · {escape(status_line(hand))}</div>")
    parts.append(f"<table>{''.join(rows)}</table>")
    trick = hand.current_trick
    if trick is not None and trick.cards:
        parts.append(trick_html(trick, names))
    elif hand.last_trick is not None and not hand.is_over:
        parts.append(trick_html(hand.last_trick, names))
    if hand.is_over:
        lines = hand.score().lines(tuple(team_label(t, names) for t in (0, 1)), names)
        parts.append("<div><b>Score:</b><br>" + "<br>".join(escape(x) for x in lines) + "</div>")
    parts.append(text_view_html(hand.text()) + "</div>")
    return "".join(parts)


@draws("html", SpadesMatch)
def match_html(match: SpadesMatch) -> str:
    return (f"<div class='ht-spades-match' style='overflow-x:auto'><b>Spades match to {match.target}</b>"
            f"<pre>{escape(match.score_table())}</pre></div>")


__all__ = ["hand_text", "hand_html", "trick_html", "match_html", "team_label", "TEAM_NAMES"]
