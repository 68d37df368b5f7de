"""Saving and loading hands and matches as JSON, and the plain-text replay sheet.

Records are lossless: loading replays every action through the checked API, so a
corrupt record is rejected with the name of the bad field, never half-loaded.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from hearts_teach.games.hearts.rules import PASS_DIRECTIONS, Rules
from hearts_teach.games.records import (
    as_record_error,
    cards_field,
    check_hand_header,
    check_hand_number,
    deal_field,
    names_field,
    play_all,
    record_field,
)
from hearts_teach.kernel.errors import RecordError, quote
from hearts_teach.kernel.validation import check_seed

if TYPE_CHECKING:
    from hearts_teach.games.hearts.hand import Hand
    from hearts_teach.games.hearts.match import Match

HAND_FORMAT = "hearts_teach.hand/1"
MATCH_FORMAT = "hearts_teach.match/1"


def hand_to_record(hand: Hand) -> dict[str, Any]:
    rec: dict[str, Any] = {"format": HAND_FORMAT}
    if hand.rules.changes():
        rec["rules"] = hand.rules.changes()
    rec["hand_number"] = hand.hand_number
    rec["pass_direction"] = hand.pass_direction
    if tuple(hand.seat_names) != hand.table.names:
        rec["seat_names"] = list(hand.seat_names)
    seats = hand.table.seats
    rec["deal"] = [[str(c) for c in hand.dealt(s)] for s in seats]
    passes = [a for a in hand.history if a.kind == "pass"]
    chosen = {a.seat: [str(c) for c in a.cards] for a in passes}
    rec["passes"] = [chosen.get(s, []) for s in seats]
    rec["pass_order"] = [a.seat for a in passes]
    rec["plays"] = [str(c) for c in hand.plays]
    return rec


def hand_from_record(cls: type[Hand], rec: Any, path: str = "") -> Hand:
    """Rebuild a hand (a ``cls``: ``Hand``) by replaying its record through the checked API.
    The class is given, not imported: hand.py imports this module (``Hand.from_record``)."""
    check_hand_header(rec, "a hand record", HAND_FORMAT, path)
    raw_rules = record_field(rec, "rules", dict, {}, path)
    with as_record_error(path + "rules"):
        rules = Rules.from_dict(raw_rules)
    direction = record_field(rec, "pass_direction", str, None, path)
    number = record_field(rec, "hand_number", int, 0, path)
    if direction is None:
        direction = rules.pass_direction(number)
    if direction not in PASS_DIRECTIONS:
        raise RecordError(f"must be one of {', '.join(PASS_DIRECTIONS)}, got {quote(direction)}",
                          field=path + "pass_direction")
    if not rules.passing and direction != "hold":
        raise RecordError(f"the rules have no passing, so it must be 'hold', not {direction!r}",
                          field=path + "pass_direction")
    check_hand_number(number, path)
    table = rules.table
    if direction == "across" and not table.has_across:
        raise RecordError(f"a table of {table.players} has no seat across; passes go "
                          f"{', '.join(rules.pass_cycle)}", field=path + "pass_direction")
    hands = deal_field(rec, path, table)
    names = names_field(rec, path, table=table)
    with as_record_error(path + "deal"):
        hand = cls(hands, direction, rules, number, names)
    passes = record_field(rec, "passes", list, [[] for _ in table.seats], path)
    if len(passes) != table.players:
        raise RecordError(f"expected {table.players} lists (one per seat), got {len(passes)}",
                          field=path + "passes")
    for seat, p in enumerate(passes):
        if not isinstance(p, list):  # null or a string is not "no pass"
            raise RecordError(f"expected a list of cards (empty when not chosen), got {quote(p)}",
                              field=f"{path}passes[{seat}]")
    order = record_field(rec, "pass_order", list, None, path)
    chosen = [i for i, p in enumerate(passes) if p]
    if order is None:
        order = chosen
    # checked before sorting: a mixed list would make sorted() raise a bare TypeError
    if not all(type(s) is int for s in order) or sorted(order) != chosen:
        raise RecordError(f"pass_order {quote(order)} does not match the seats that passed {chosen!r}",
                          field=path + "pass_order")
    if direction == "hold" and chosen:
        raise RecordError("a hold hand has no passes; use empty lists", field=path + "passes")
    for seat in order:
        with as_record_error(f"{path}passes[{seat}]"):
            hand.pass_cards(seat, cards_field(passes[seat], f"{path}passes[{seat}]"))
    plays = record_field(rec, "plays", list, [], path)
    if plays and direction != "hold" and len(chosen) != table.players:
        raise RecordError("plays are listed but not every seat has passed", field=path + "plays")
    play_all(hand, plays, path)
    return hand


def match_to_record(match: Match) -> dict[str, Any]:
    rec: dict[str, Any] = {"format": MATCH_FORMAT, "seed": match.seed}
    if match.rules.changes():
        rec["rules"] = match.rules.changes()
    if tuple(match.seat_names) != match.rules.table.names:
        rec["seat_names"] = list(match.seat_names)
    rec["hands"] = [h.to_record() for h in match.hands]
    return rec


def _wrong_direction(rules: Rules, i: int, got: str) -> str:
    """'hand 3 of the match is a hold hand (no pass), not 'across' ...': hands counted from 1,
    as every view shows them, with the table's cycle."""
    want = rules.pass_direction(i)
    does = "is a hold hand (no pass)" if want == "hold" else f"passes {want}"
    return (f"hand {i + 1} of the match {does}, not {got}: at {rules.players} players the passes go "
            f"{', '.join(rules.pass_cycle)}, then again")


def match_from_record(cls: type[Match], hand_cls: type[Hand], rec: Any) -> Match:
    """Rebuild a match (a ``cls``: ``Match``, of ``hand_cls`` hands) from its record."""
    if not isinstance(rec, dict):
        raise RecordError(f"a match record is a JSON object, got {type(rec).__name__}", field="record")
    if rec.get("format") != MATCH_FORMAT:
        raise RecordError(f"unknown format {quote(rec.get('format'))}, expected {MATCH_FORMAT!r}", field="format")
    raw_rules = record_field(rec, "rules", dict, {})
    with as_record_error("rules"):
        rules = Rules.from_dict(raw_rules)
    seed = check_seed(record_field(rec, "seed", (int, str), 0), "seed", error=RecordError)
    names = names_field(rec, "", table=rules.table)
    hands_rec = record_field(rec, "hands", list)
    if not hands_rec:
        raise RecordError("a match has at least one hand", field="hands")
    hands = []
    for i, h in enumerate(hands_rec):
        # the rotation is checked before replaying, so a wrong direction is named as such
        # rather than as the first play it happens to break
        if isinstance(h, dict) and h.get("pass_direction", rules.pass_direction(i)) != rules.pass_direction(i):
            raise RecordError(_wrong_direction(rules, i, quote(h["pass_direction"])),
                              field=f"hands[{i}].pass_direction")
        hand = hand_from_record(hand_cls, h, path=f"hands[{i}].")
        if hand.rules != rules:  # before the seat names: a table-size mismatch changes those too
            table = (f" (the hand is for {hand.rules.players} players, the match for {rules.players}: "
                     f"the match's \"rules\" need \"players\": {hand.rules.players})"
                     if hand.rules.players != rules.players else "")
            raise RecordError(f"hand rules {hand.rules!r} differ from the match rules {rules!r}{table}",
                              field=f"hands[{i}].rules")
        if hand.seat_names != (tuple(names) if names is not None else rules.table.names):
            raise RecordError(f"the hand's seat names {quote(list(hand.seat_names))} differ from the "
                              f"match's", field=f"hands[{i}].seat_names")
        if hand.hand_number != i:
            raise RecordError(f"expected hand_number {i}, got {hand.hand_number}", field=f"hands[{i}].hand_number")
        if hand.pass_direction != rules.pass_direction(i):
            raise RecordError(_wrong_direction(rules, i, quote(hand.pass_direction)),
                              field=f"hands[{i}].pass_direction")
        if i < len(hands_rec) - 1 and not hand.is_over:
            raise RecordError("only the last hand of a match may be unfinished", field=f"hands[{i}].plays")
        hands.append(hand)
    with as_record_error("hands"):
        return cls._from_hands(hands, rules=rules, seed=seed, seat_names=names)


def short_names(names: tuple[str, ...] | list[str]) -> list[str]:
    """Column labels of at most 5 characters: the first five letters, or, when that would
    make two alike (North-West, North-East), the initials of a compound name (NW, NE)."""
    cut = [n[:5] for n in names]
    if len(set(cut)) == len(cut):
        return cut
    return ["".join(p[0] for p in n.split("-")) if "-" in n else n[:5] for n in names]


def replay_sheet(hand: Hand) -> str:
    """The deal by seat, the pass, then one line per trick with the card led marked '>' (a key line says so)."""
    names = hand.seat_names
    w = max(len(n) for n in names)
    lines = [f"Hand {hand.hand_number + 1} · {hand.pass_words()} · {hand.rules}", "", "Deal:"]
    for s in hand.table.seats:
        lines.append(f"  {names[s]:<{w}}  {hand.dealt(s).pretty}")
    if hand.pass_direction != "hold":
        lines.append("")
        lines.append(f"Pass {hand.pass_direction}:")
        for s in hand.table.seats:
            p, to = hand.passed(s), hand.pass_target(s)
            assert to is not None  # not a hold hand
            target = names[to]
            lines.append(f"  {names[s]:<{w}}  {' '.join(c.pretty for c in p) if p else '(not chosen)'}"
                         f" → {target}")
    lines.append("")
    short = short_names(names)
    header = "  #  " + "  ".join(f"{n:>6}" for n in short) + "   winner  pts"
    lines.append(f"Tricks: > marks the card led; play runs left to right from it, then round to {names[0]}.")
    lines.append(header)
    tricks = list(hand.tricks)
    cur = hand.current_trick
    if cur is not None and cur.cards:
        tricks.append(cur)
    for t in tricks:
        cells = []
        for s in hand.table.seats:
            c = t.card_of(s)
            mark = ">" if s == t.leader else ""  # right against the card led, so it cannot be read as its neighbour's
            cells.append(f"{mark + c.pretty if c else '':>6}")
        win = short[t.winner] if t.winner is not None else "…"
        lines.append(f"{t.number:>3}  " + "  ".join(cells) + f"   {win:<6}  {t.points:>3}")
    lines.append("")
    if hand.is_over:
        moon = hand.moon
        sc = ", ".join(f"{names[s]} {v}" for s, v in enumerate(hand.scores))
        lines.append(f"Scores: {sc}" + (f"  ({names[moon]} shot the moon)" if moon is not None else ""))
    else:
        lines.append(f"In progress: {hand._progress()}")
    return "\n".join(lines)
