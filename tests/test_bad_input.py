"""Bad inputs across the API: each raises a specific project exception (a ValueError)
whose message names the card, the rule and what to do instead, and changes nothing.

Every case runs on a fresh object; the object's snapshot (for a match: its record) is
compared before and after.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from hearts_positions import FOLLOW, TRICK1, play_out, stacked

from hearts_teach import (
    Card,
    Hand,
    HeartsError,
    IllegalPassError,
    IllegalPlayError,
    InvalidCardError,
    InvalidDealError,
    InvalidSeatError,
    Match,
    NothingToUndoError,
    NotInHandError,
    OutOfTurnError,
    RecordError,
    Rule,
    Rules,
    RulesError,
    WrongPhaseError,
)
from hearts_teach.kernel.errors import ArgumentTypeError


# states ------------------------------------------------------------------------------
def passing() -> Hand:
    return Hand([d.split() for d in FOLLOW], "left")


def passing_one_chosen() -> Hand:
    h = passing()
    h.pass_cards(0, "2D 3D AC")
    return h


def passed() -> Hand:
    h = passing()
    for s in range(4):
        h.pass_cards(s, list(h.cards(s))[:3])
    return h


def opening() -> Hand:
    return stacked(FOLLOW)


def following() -> Hand:  # West (seat 1) to follow 2♣ with 7♣ or K♣
    h = stacked(FOLLOW)
    h.play("2C")
    return h


def discarding() -> Hand:  # North (seat 2), void in clubs, on the first trick
    h = following()
    h.play("7C")
    return h


def queen_first_trick() -> Hand:  # East (seat 3), void in clubs, holds Q♠ on the first trick
    h = discarding()
    h.play("AD")
    return h


def leading_unbroken() -> Hand:  # West leads trick 2, hearts unbroken
    h = stacked(FOLLOW)
    for c in TRICK1:
        h.play(c)
    return h


def finished() -> Hand:
    return play_out(stacked(FOLLOW))


def match() -> Match:
    return Match(seed=3)


def match_midway() -> Match:
    m = Match(seed=3, rules=Rules.preset("no_pass"))
    m.play(next(iter(m.hand.legal_plays())))
    return m


def nothing() -> None:
    return None


def state_of(obj: Any) -> Any:
    if obj is None:
        return None
    if isinstance(obj, Match):
        return json.dumps(obj.to_record())
    return obj.snapshot()


@dataclass
class Case:
    id: str
    make: Callable[[], Any]
    act: Callable[[Any], Any]
    exc: type[Exception]
    words: tuple[str, ...]
    rule: Rule | None = None


C = Case
CASES = [
    # card strings
    C("card-garbage", following, lambda h: h.play("XX"), InvalidCardError, ("'XX'", "QS", "10H", "Q♠")),
    C("card-rank-1", following, lambda h: h.play("1H"), InvalidCardError, ("'1H'", "rank")),
    C("card-empty", following, lambda h: h.play(""), InvalidCardError, ("''", "e.g.")),
    C("card-none", following, lambda h: h.play(None), InvalidCardError, ("None", "not a string")),
    C("card-int", following, lambda h: h.play(7), InvalidCardError, ("7", "int", "not a string")),
    C("card-three-chars", following, lambda h: h.play("QSS"), InvalidCardError, ("'QSS'",)),
    C("card-explain", following, lambda h: h.explain("11C"), InvalidCardError, ("'11C'",)),
    C("card-index", nothing, lambda _: Card.from_index(52), InvalidCardError, ("52", "0..51")),
    # plays
    C("play-out-of-turn", following, lambda h: h.play("KS", seat=3), OutOfTurnError,
      ("K♠", "West's turn", "not East's", "wait"), Rule.OUT_OF_TURN),
    C("play-in-pass-phase", passing, lambda h: h.play("2C"), WrongPhaseError,
      ("2♣", "passed left", "still to choose"), Rule.WRONG_PHASE),
    C("play-after-pass-chosen", passing_one_chosen, lambda h: h.play("2C"), WrongPhaseError,
      ("2♣", "West, North, East"), Rule.WRONG_PHASE),
    C("play-when-over", finished, lambda h: h.play("2C"), WrongPhaseError, ("2♣", "over"), Rule.WRONG_PHASE),
    C("play-not-held", following, lambda h: h.play("QS"), NotInHandError,
      ("Q♠", "West does not hold", "cards in hand are"), Rule.NOT_IN_HAND),
    C("play-not-held-opening", opening, lambda h: h.play("7C"), NotInHandError,
      ("7♣", "South does not hold"), Rule.NOT_IN_HAND),
    C("play-must-follow", following, lambda h: h.play("AS"), IllegalPlayError,
      ("A♠", "clubs were led", "K♣, 7♣", "must follow suit"), Rule.MUST_FOLLOW_SUIT),
    C("play-must-open-2c", opening, lambda h: h.play("AC"), IllegalPlayError,
      ("A♣", "first trick", "lead 2♣"), Rule.MUST_LEAD_TWO_OF_CLUBS),
    C("play-heart-first-trick", discarding, lambda h: h.play("KH"), IllegalPlayError,
      ("K♥", "no points on the first trick", "A♦, K♦, Q♦, J♦", "instead of a heart"),
      Rule.NO_POINTS_ON_FIRST_TRICK),
    C("play-queen-first-trick", queen_first_trick, lambda h: h.play("QS"), IllegalPlayError,
      ("Q♠", "no points on the first trick", "instead of the queen of spades"), Rule.NO_POINTS_ON_FIRST_TRICK),
    C("play-heart-lead-unbroken", leading_unbroken, lambda h: h.play("2H"), IllegalPlayError,
      ("2♥", "hearts have not been broken", "lead one of A♠"), Rule.HEARTS_NOT_BROKEN),
    C("play-bad-seat", following, lambda h: h.play("7C", seat=7), InvalidSeatError, ("7", "0, 1, 2, 3")),
    C("play-seat-bool", following, lambda h: h.play("7C", seat=True), InvalidSeatError, ("True", "0, 1, 2, 3")),
    C("play-seat-str", following, lambda h: h.play("7C", seat="1"), InvalidSeatError, ("'1'", "0, 1, 2, 3")),
    C("legal-bad-seat", following, lambda h: h.legal_plays(-1), InvalidSeatError, ("-1", "clockwise")),
    C("cards-bad-seat", following, lambda h: h.cards(4), InvalidSeatError, ("4", "South")),
    C("undo-fresh", opening, lambda h: h.undo(), NothingToUndoError, ("nothing to undo",)),
    C("undo-fresh-pass", passing, lambda h: h.undo(), NothingToUndoError, ("nothing to undo",)),
    # passes
    C("pass-two", passing, lambda h: h.pass_cards(0, "2C 3C"), IllegalPassError,
      ("exactly 3", "got 2", "2♣, 3♣", "choose 3", "left to West"), Rule.PASS_SIZE),
    C("pass-four", passing, lambda h: h.pass_cards(1, "7C KC AS 4D"), IllegalPassError,
      ("exactly 3", "got 4", "left to North"), Rule.PASS_SIZE),
    C("pass-empty", passing, lambda h: h.pass_cards(2, []), IllegalPassError, ("exactly 3", "got 0"),
      Rule.PASS_SIZE),
    C("pass-duplicate", passing, lambda h: h.pass_cards(0, "2C 2C 3C"), IllegalPassError,
      ("2♣", "twice", "3 different"), Rule.PASS_DUPLICATE),
    C("pass-duplicate-notations", passing, lambda h: h.pass_cards(0, ["TC", "10C", "2C"]), IllegalPassError,
      ("10♣", "twice"), Rule.PASS_DUPLICATE),
    C("pass-not-held", passing, lambda h: h.pass_cards(0, "2C 3C AH"), IllegalPassError,
      ("South does not hold A♥", "cannot pass", "the hand is"), Rule.NOT_IN_HAND),
    C("pass-already", passing_one_chosen, lambda h: h.pass_cards(0, "2C 3C 4C"), IllegalPassError,
      ("already chosen", "A♣, 2♦, 3♦", "undo()"), Rule.ALREADY_PASSED),
    C("pass-after-play-began", passed, lambda h: h.pass_cards(0, list(h.cards(0))[:3]), WrongPhaseError,
      ("pass is over", "play has begun"), Rule.WRONG_PHASE),
    C("pass-hold-hand", opening, lambda h: h.pass_cards(0, "2C 3C 4C"), WrongPhaseError,
      ("hold hand", "nobody passes"), Rule.WRONG_PHASE),
    C("pass-bad-seat", passing, lambda h: h.pass_cards(4, "2C 3C 4C"), InvalidSeatError, ("4", "0, 1, 2, 3")),
    C("pass-not-a-list", passing, lambda h: h.pass_cards(0, 5), IllegalPassError, ("list of cards", "5"),
      Rule.PASS_SIZE),
    C("pass-bad-card", passing, lambda h: h.pass_cards(0, "2C 3C ZZ"), InvalidCardError, ("'ZZ'",)),
    # rules
    C("rules-unknown-option", nothing, lambda _: Rules(omnibsu=True), RulesError,
      ("'omnibsu'", "valid options are", "omnibus")),
    C("rules-unknown-preset", nothing, lambda _: Rules.preset("omnibuss"), RulesError,
      ("'omnibuss'", "valid presets are", "new_moon")),
    C("rules-bad-moon", nothing, lambda _: Rules(moon="twice"), RulesError,
      ("'twice'", "add_to_others", "subtract_from_self")),
    C("rules-bad-bool", nothing, lambda _: Rules(passing="no"), RulesError, ("passing", "True or False")),
    C("rules-bad-end-score", nothing, lambda _: Rules(end_score=-5), RulesError, ("end_score", "-5")),
    C("rules-string-to-deal", nothing, lambda _: Hand.deal(rules="omnibus"), RulesError,
      ("'omnibus'", "Rules.preset")),
    C("rules-string-to-match", nothing, lambda _: Match(rules="no_pass"), RulesError, ("'no_pass'", "Rules")),
    C("rules-direction", nothing, lambda _: Hand.deal(pass_direction="sideways"), RulesError,
      ("'sideways'", "left, right, across, hold")),
    C("rules-no-pass-direction", nothing, lambda _: Hand.deal(rules=Rules.preset("no_pass"), pass_direction="left"),
      RulesError, ("no passing", "'hold'")),
    C("rules-from-dict-value", nothing, lambda _: Rules.from_dict({"omnibus": "yes"}), RulesError,
      ("omnibus", "True or False")),
    # deals
    C("deal-three-hands", nothing, lambda _: Hand([d.split() for d in FOLLOW[:3]]), InvalidDealError,
      ("4 hands", "got 3")),
    C("deal-short-hand", nothing, lambda _: Hand([FOLLOW[0].split()[:12]] + [d.split() for d in FOLLOW[1:]]),
      InvalidDealError, ("seat 0", "12 cards", "exactly 13")),
    C("deal-duplicate", nothing, lambda _: Hand([d.split() for d in FOLLOW[:3]] + [FOLLOW[0].split()]),
      InvalidDealError, ("dealt twice",)),
    C("deal-bad-card", nothing, lambda _: Hand([d.split() for d in FOLLOW[:3]] + [["XX"] * 13]),
      InvalidCardError, ("'XX'",)),
    C("deal-none", nothing, lambda _: Hand(None), InvalidDealError, ("4 lists of 13 cards",)),
    C("deal-one-string", nothing, lambda _: Hand(" ".join(FOLLOW)), InvalidDealError,
      ("4 lists of 13 cards", "one string")),
    C("deal-seed-float", nothing, lambda _: Hand.deal(seed=1.5), ArgumentTypeError, ("seed", "1.5", "whole number")),
    C("deal-hand-number", nothing, lambda _: Hand([d.split() for d in FOLLOW], "left", None, "2"), RulesError,
      ("hand_number", "'2'")),
    C("cardlist-not-iterable", nothing, lambda _: Hand([d.split() for d in FOLLOW[:3]] + [5]), InvalidCardError,
      ("'QS KH'", "got 5")),
    C("legal-bad-seat-in-pass", passing, lambda h: h.legal_plays(9), InvalidSeatError, ("9", "0, 1, 2, 3")),
    C("taken-bad-seat-in-pass", passing, lambda h: h.taken(9), InvalidSeatError, ("9", "0, 1, 2, 3")),
    # matches
    C("match-next-too-early", match, lambda m: m.next_hand(), WrongPhaseError, ("not over yet", "passing left")),
    C("match-play-out-of-turn", match_midway, lambda m: m.play("AS", seat=(m.hand.turn + 1) % 4),
      OutOfTurnError, ("A♠", "turn", "wait")),
]


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_bad_input_is_rejected_helpfully_and_changes_nothing(case: Case):
    obj = case.make()
    before = state_of(obj)
    with pytest.raises(case.exc) as e:
        case.act(obj)
    err = e.value
    assert type(err) is case.exc, f"expected exactly {case.exc.__name__}, got {type(err).__name__}"
    assert isinstance(err, HeartsError) and isinstance(err, ValueError)
    for w in case.words:
        assert w in str(err), f"{w!r} missing from {str(err)!r}"
    if case.rule is not None:
        assert err.rule is case.rule
    assert state_of(obj) == before


# corrupt records -------------------------------------------------------------------------
def good_record() -> dict:
    h = passed()
    h.play(next(iter(h.legal_plays())))
    return h.to_record()


def good_match_record() -> dict:
    m = Match(seed=1, rules=Rules(end_score=500))
    for _ in range(2):
        h = m.hand
        for s in h.to_pass:
            h.pass_cards(s, list(h.cards(s))[:3])
        play_out(h)
        m.next_hand()
    return m.to_record()


def _set(path: list, value: Any) -> Callable[[dict], None]:
    def edit(rec: dict) -> None:
        target = rec
        for key in path[:-1]:
            target = target[key]
        if value is KeyError:
            del target[path[-1]]
        else:
            target[path[-1]] = value
    return edit


RECORD_CASES = [
    ("format", _set(["format"], "hearts_teach.hand/9"), "format", "unknown format"),
    ("rules-option", _set(["rules"], {"omnibsu": True}), "rules", "valid options are"),
    ("rules-type", _set(["rules"], ["omnibus"]), "rules", "expected dict"),
    ("direction", _set(["pass_direction"], "up"), "pass_direction", "left, right, across, hold"),
    ("direction-vs-rules", _set(["rules"], {"passing": False}), "pass_direction", "no passing"),
    ("hand-number-type", _set(["hand_number"], "one"), "hand_number", "expected int"),
    ("hand-number-negative", _set(["hand_number"], -2), "hand_number", "0 or more"),
    ("deal-missing", _set(["deal"], KeyError), "deal", "missing"),
    ("deal-size", lambda r: r["deal"].pop(), "deal", "expected 4 hands"),
    ("deal-card", _set(["deal", 2, 0], "ZZ"), "deal[2]", "'ZZ'"),
    ("deal-duplicate", _set(["deal", 1, 0], "2C"), "deal", "dealt twice"),
    ("seat-names", _set(["seat_names"], ["A", "B", "C"]), "seat_names", "4 seat names"),
    ("passes-size", _set(["passes", 1], ["7C"]), "passes[1]", "exactly 3"),
    ("passes-count", lambda r: r["passes"].pop(), "passes", "expected 4 lists"),
    ("passes-unheld", _set(["passes", 0, 0], "AH"), "passes[0]", "does not hold"),
    ("pass-order", _set(["pass_order"], [0, 1, 2, 2]), "pass_order", "does not match"),
    ("pass-order-types", _set(["pass_order"], [0, "x", 2, 3]), "pass_order", "does not match"),
    ("plays-type", _set(["plays"], "2C"), "plays", "expected list"),
    ("plays-card", _set(["plays", 0], "2X"), "plays[0]", "'2X'"),
    ("plays-illegal", lambda r: r["plays"].append("ZZ") or r["plays"].__setitem__(1, "2C"), "plays[1]",
     "does not hold"),
    ("hold-with-passes", _set(["pass_direction"], "hold"), "passes", "hold hand has no passes"),
]


@pytest.mark.parametrize("name, edit, field, words", RECORD_CASES, ids=[c[0] for c in RECORD_CASES])
def test_corrupt_hand_records_name_the_bad_field(name, edit, field, words):
    rec = good_record()
    Hand.from_record(copy.deepcopy(rec))  # the unedited record loads
    edit(rec)
    frozen = copy.deepcopy(rec)
    with pytest.raises(RecordError) as e:
        Hand.from_record(rec)
    assert e.value.field == field
    assert str(e.value).startswith(field + ": ")
    assert words in str(e.value)
    assert rec == frozen, "loading must not modify the record"


def test_record_not_json_and_not_an_object():
    with pytest.raises(RecordError, match="not valid JSON"):
        Hand.from_json("{deal: ")
    with pytest.raises(RecordError) as e:
        Hand.from_json("[1, 2]")
    assert e.value.field == "record"


MATCH_CASES = [
    ("match-format", _set(["format"], "hearts_teach.hand/1"), "format"),
    ("match-hands-empty", _set(["hands"], []), "hands"),
    ("match-hand-rules", _set(["hands", 1, "rules"], {"omnibus": True}), "hands[1].rules"),
    ("match-hand-number", _set(["hands", 1, "hand_number"], 5), "hands[1].hand_number"),
    ("match-direction", _set(["hands", 1, "pass_direction"], "left"), "hands[1].pass_direction"),
    ("match-unfinished", lambda r: r["hands"][0]["plays"].pop(), "hands[0].plays"),
    ("match-plays-before-pass", _set(["hands", 2, "plays"], ["AH"]), "hands[2].plays"),
    ("match-bad-play", _set(["hands", 0, "plays", 5], "ZZ"), "hands[0].plays[5]"),
]


@pytest.mark.parametrize("name, edit, field", MATCH_CASES, ids=[c[0] for c in MATCH_CASES])
def test_corrupt_match_records_name_the_bad_field(name, edit, field):
    rec = good_match_record()
    Match.from_record(copy.deepcopy(rec))
    edit(rec)
    with pytest.raises(RecordError) as e:
        Match.from_record(rec)
    assert e.value.field == field, str(e.value)


def test_there_are_at_least_40_distinct_bad_inputs():
    assert len(CASES) + len(RECORD_CASES) + len(MATCH_CASES) + 2 >= 40
    assert len({c.id for c in CASES}) == len(CASES)
