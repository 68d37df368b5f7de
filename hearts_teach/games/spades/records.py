"""Spades hands and matches as JSON records.

Loading replays every bid and card through the checked API, so a corrupt record is
rejected with a ``RecordError`` naming the bad field, never half-loaded.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

# the same JSON, field and card-list checks as Hearts records
from hearts_teach.games.records import (
    as_record_error,
    check_hand_header,
    check_hand_number,
    deal_field,
    names_field,
    play_all,
    record_field,
)
from hearts_teach.games.spades.rules import SpadesRules
from hearts_teach.games.spades.scoring import BLIND_NIL, SEATS, TABLE, _seat, is_blind
from hearts_teach.kernel.errors import RecordError, quote
from hearts_teach.kernel.validation import check_seed

if TYPE_CHECKING:
    from hearts_teach.games.spades.game import SpadesHand
    from hearts_teach.games.spades.match import SpadesMatch

HAND_FORMAT = "hearts_teach.spades.hand/1"
MATCH_FORMAT = "hearts_teach.spades.match/1"
DEFAULT_NAMES = TABLE.names


def hand_to_record(hand: SpadesHand) -> dict[str, Any]:
    rec: dict[str, Any] = {"format": HAND_FORMAT, "hand_number": hand.hand_number,
                           "dealer": hand.dealer, "first_bidder": hand.first_seat}
    if hand.rules.changes():
        rec["rules"] = hand.rules.changes()
    if hand.scores_before != (0, 0):
        rec["scores_before"] = list(hand.scores_before)
    if tuple(hand.seat_names) != DEFAULT_NAMES:
        rec["seat_names"] = list(hand.seat_names)
    rec["deal"] = [[str(c) for c in hand.dealt(s)] for s in TABLE.seats]
    # in bidding order; a blind nil is the string "blind nil" (JSON would write it as 0)
    rec["bids"] = ["blind nil" if is_blind(a.value) else a.value for a in hand.history if a.kind == "bid"]
    rec["plays"] = [str(c) for c in hand.plays]
    return rec


def hand_from_record(cls: type[SpadesHand], rec: Any, path: str = "") -> SpadesHand:
    """Rebuild a hand (a ``cls``: ``SpadesHand``) from its record; the class is given, not
    imported: game.py imports this module (``SpadesHand.from_record``)."""
    check_hand_header(rec, "a Spades hand record", HAND_FORMAT, path)
    number = record_field(rec, "hand_number", int, 0, path)
    check_hand_number(number, path)
    dealer = record_field(rec, "dealer", int, 3, path)
    if dealer not in TABLE.seats:
        raise RecordError(f"a seat 0..{SEATS - 1}, got {dealer}", field=path + "dealer")
    left = TABLE.left(dealer)
    first = record_field(rec, "first_bidder", int, left, path)
    if first != left:
        raise RecordError(f"the seat left of dealer {dealer} bids first: {left}, not {first}",
                          field=path + "first_bidder")
    with as_record_error(path + "rules"):
        rules = SpadesRules.from_dict(record_field(rec, "rules", dict, {}, path))
    before = record_field(rec, "scores_before", list, [0, 0], path)
    if len(before) != 2 or any(isinstance(v, bool) or not isinstance(v, int) for v in before):
        raise RecordError(f"the two teams' totals before the hand, got {quote(before)}",
                          field=path + "scores_before")
    hands = deal_field(rec, path)
    names = names_field(rec, path, f"{SEATS} names")
    with as_record_error(path + "deal"):
        hand = cls(hands, dealer, number, names, rules, (before[0], before[1]))
    bids = record_field(rec, "bids", list, [], path)
    if len(bids) > SEATS:
        raise RecordError(f"at most {SEATS} bids, got {len(bids)}", field=path + "bids")
    for i, b in enumerate(bids):
        if b == "blind nil":
            b = BLIND_NIL
        if isinstance(b, bool) or not isinstance(b, int):
            raise RecordError(f"a bid is an int 0..13 or \"blind nil\", got {quote(b)}",
                              field=f"{path}bids[{i}]")
        with as_record_error(f"{path}bids[{i}]"):
            hand.bid(b)
    plays = record_field(rec, "plays", list, [], path)
    if plays and len(bids) != SEATS:
        raise RecordError("plays are listed but the bidding is not complete", field=path + "plays")
    play_all(hand, plays, path)
    return hand


def match_to_record(match: SpadesMatch) -> dict[str, Any]:
    rec: dict[str, Any] = {"format": MATCH_FORMAT, "seed": match.seed, "target": match.target,
                           "first_dealer": match.first_dealer}
    if match.rules.replace(end_score=SpadesRules().end_score).changes():
        rec["rules"] = match.rules.replace(end_score=SpadesRules().end_score).changes()
    if tuple(match.seat_names) != DEFAULT_NAMES:
        rec["seat_names"] = list(match.seat_names)
    rec["hands"] = [h.to_record() for h in match.hands]
    return rec


def match_from_record(cls: type[SpadesMatch], hand_cls: type[SpadesHand], rec: Any) -> SpadesMatch:
    """Rebuild a match (a ``cls``: ``SpadesMatch``, of ``hand_cls`` hands) from its record."""
    if not isinstance(rec, dict):
        raise RecordError(f"a Spades match record is a JSON object, got {type(rec).__name__}",
                          field="record")
    if rec.get("format") != MATCH_FORMAT:
        raise RecordError(f"unknown format {quote(rec.get('format'))}, expected {MATCH_FORMAT!r}",
                          field="format")
    seed = check_seed(record_field(rec, "seed", (int, str), 0), "seed", error=RecordError)
    target = record_field(rec, "target", int, 500)
    first = record_field(rec, "first_dealer", int, 3)
    names = names_field(rec, "", f"{SEATS} names")
    with as_record_error("rules"):
        rules = SpadesRules.from_dict(record_field(rec, "rules", dict, {}))
    m = cls.__new__(cls)
    # each field is checked by the constructor's own checks, one at a time, so the error
    # names the field at fault
    with as_record_error("target"):
        cls.check_target(target)
    with as_record_error("first_dealer"):
        _seat(first)
    cls.__init__(m, seed, target, first, names, rules)
    hands_rec = record_field(rec, "hands", list)
    if not hands_rec:
        raise RecordError("a match has at least one hand", field="hands")
    hands: list[SpadesHand] = []
    for i, h in enumerate(hands_rec):
        hand = hand_from_record(hand_cls, h, path=f"hands[{i}].")
        if hand.seat_names != m.seat_names:
            raise RecordError(f"the hand's seat names {quote(list(hand.seat_names))} differ from the "
                              f"match's", field=f"hands[{i}].seat_names")
        if hand.hand_number != i:
            raise RecordError(f"expected hand_number {i}, got {hand.hand_number}",
                              field=f"hands[{i}].hand_number")
        if hand.dealer != m.dealer_of(i):
            raise RecordError(f"hand {i} is dealt by seat {m.dealer_of(i)} (the deal rotates "
                              f"clockwise), not {hand.dealer}", field=f"hands[{i}].dealer")
        if hand.rules != m.rules:
            raise RecordError(f"hand {i} is played under {hand.rules}, the match under {m.rules}",
                              field=f"hands[{i}].rules")
        m.hands = hands[:]
        expected = m.totals if i else (0, 0)
        if hand.scores_before != expected:
            raise RecordError(f"the totals before hand {i + 1} are {list(expected)}, not "
                              f"{list(hand.scores_before)}", field=f"hands[{i}].scores_before")
        if i < len(hands_rec) - 1 and not hand.is_over:
            raise RecordError("only the last hand of a match may be unfinished", field=f"hands[{i}].plays")
        hands.append(hand)
        m.hands = hands[:]
        if i < len(hands_rec) - 1 and m.is_over:
            raise RecordError(f"the match was already over after hand {i + 1}", field="hands")
    return m
