"""The examples of issue 14, one test each: hostile input that used to escape as a stray
exception, a huge message or a broken object now gets the project's own error (or, from
the replay command, one short failure line)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from hearts_teach import (
    CardList,
    Hand,
    HeartsError,
    InvalidSeatError,
    Match,
    RecordError,
    Rules,
    RulesError,
)
from hearts_teach.agents.coach import assess_pass, assess_play
from hearts_teach.agents.hearts import make_bot
from hearts_teach.agents.tournament import FunctionBot, run_tournament
from hearts_teach.games.hearts.replay import replay_line
from hearts_teach.games.spades import SpadesHand, SpadesMatch, score_hand
from hearts_teach.games.spades.scoring import ScoreInputError
from hearts_teach.kernel.errors import ArgumentError, ArgumentTypeError, quote


def deal_of(seed: int) -> list[list[str]]:
    return [[str(c) for c in Hand.deal(seed).dealt(s)] for s in range(4)]


# the replay command ------------------------------------------------------------------------------
@pytest.mark.parametrize("line, field, words", [
    ({"pass_direction": "left", "deal": "D", "passes": [None, [], [], []]}, "passes", "4 lists"),
    ({"pass_direction": "left", "deal": "D", "passes": [[None, "2C", "3C"], [], [], []]}, None, "None"),
    ({"rules": {"preset": ["omnibus"]}, "pass_direction": "hold", "deal": "D"}, "rules", "unknown preset ['omnibus']"),
    ({"rules": {"omnibus": True, "x" * 10_000: 1}, "pass_direction": "hold", "deal": "D"}, "rules", "unknown rule"),
    ({"x" * 10_000: 1}, "x" * 80 + "...", "unknown key"),
])
def test_replay_answers_malformed_records_with_one_short_line(line, field, words):
    text = json.dumps(line).replace('"D"', json.dumps(deal_of(1)))
    out = replay_line(text)
    assert out["ok"] is False
    if field is not None:
        assert out["field"] == field
    assert words in out["error"]
    assert len(json.dumps(out)) < 400


@pytest.mark.parametrize("text, error", [
    ('{"pass_direction": ' + "9" * 5000 + "}", "not valid JSON: a number has more than 4,300 digits"),
    ("[" * 5000 + "]" * 5000, "not valid JSON: nested too deeply"),
    (b"\xff\xfe{}", "the line is not valid UTF-8 (byte 0)"),
])
def test_replay_survives_huge_ints_deep_nesting_and_bad_bytes(text, error):
    assert replay_line(text) == {"ok": False, "error": error, "field": "record"}


def test_a_10_mb_card_string_gives_a_short_failure_line():
    big = "Q" * 10_000_000 + "S"
    rec = {"pass_direction": "hold", "deal": deal_of(1), "plays": [big]}
    out = replay_line(json.dumps(rec))
    assert out["rule"] == "invalid_card" and out["card"] == "Q" * 80 + "..."
    assert "(10,000,001 characters)" in out["error"]
    assert len(json.dumps(out)) < 600


def test_the_replay_command_goes_on_after_a_hostile_line():
    good = json.dumps({"pass_direction": "hold", "deal": deal_of(2), "plays": []})
    source = "\n".join(["[" * 5000, good, '{"rules": {"preset": ["omnibus"]}}', "", good]) + "\n"
    proc = subprocess.run([sys.executable, "-m", "hearts_teach", "replay", "-"], input=source.encode(),
                          capture_output=True, timeout=120)
    answers = [json.loads(line) for line in proc.stdout.decode().splitlines()]
    assert [a["ok"] for a in answers] == [False, True, False, True]
    assert proc.returncode == 1 and proc.stderr == b""


# record loaders ------------------------------------------------------------------------------------
@pytest.mark.parametrize("cls", [Hand, Match, SpadesHand, SpadesMatch])
@pytest.mark.parametrize("text, words", [
    (b"\xff\xfe", "record: the record is not valid UTF-8"),
    ("[" * 5000 + "]" * 5000, "record: not valid JSON: nested too deeply"),
    ('{"hand_number": ' + "9" * 5000 + "}", "record: not valid JSON: a number has more than 4,300 digits"),
    (17, "record: a record is JSON text (a str), got int 17"),
])
def test_record_loaders_turn_bytes_depth_and_huge_ints_into_record_errors(cls, text, words):
    with pytest.raises(RecordError) as e:
        cls.from_json(text)
    assert str(e.value).startswith(words) and e.value.field == "record"


def test_json_bytes_in_utf8_load_like_text():
    hand = Hand.deal(3)
    assert Hand.from_json(hand.to_json().encode()).to_json() == hand.to_json()


@pytest.mark.parametrize("change, field, message", [
    ({"rules": []}, "rules", "rules: expected dict, got list []"),
    ({"rules": {"preset": ["omnibus"]}}, "rules", "rules: unknown preset ['omnibus']"),
    ({"passes": [None, [], [], []]}, "passes[0]", "passes[0]: expected a list of cards"),
    ({"passes": [["ZZ", "2C", "3C"], [], [], []], "pass_order": [0]}, "passes[0]", "passes[0]: invalid card: 'ZZ'"),
    ({"hand_number": 10 ** 5000}, "hand_number", "hand_number: expected a whole number of at most 64 bits"),
    ({"seat_names": ["A", "B", "C", 4]}, "seat_names", "seat_names: expected 4 seat names"),
])
def test_hand_records_name_the_field_once(change, field, message):
    rec = Hand.deal(1).to_record() | change
    with pytest.raises(RecordError) as e:
        Hand.from_record(rec)
    assert e.value.field == field
    assert str(e.value).startswith(message)
    assert f"{field}: {field}:" not in str(e.value)


def test_a_match_record_with_two_seat_names_is_rejected_not_broken_later():
    rec = Match(1).to_record() | {"seat_names": ["Ann", "Bo"]}
    with pytest.raises(RecordError, match="seat_names: expected 4 seat names"):
        Match.from_record(rec)


@pytest.mark.parametrize("change, field", [
    ({"first_dealer": 7}, "first_dealer"), ({"target": 0}, "target"), ({"seat_names": ["a", "b"]}, "seat_names"),
    ({"seed": [1]}, "seed"), ({"seed": 2 ** 80}, "seed"),
])
def test_spades_match_records_name_the_right_field(change, field):
    with pytest.raises(RecordError) as e:
        SpadesMatch.from_record(SpadesMatch(1).to_record() | change)
    assert e.value.field == field and str(e.value).startswith(field + ": ")


# arguments accepted then broken later ------------------------------------------------------------------
@pytest.mark.parametrize("make", [
    lambda n: Hand.deal(1, seat_names=n), lambda n: Match(1, seat_names=n),
    lambda n: SpadesHand.deal(1, seat_names=n), lambda n: SpadesMatch(1, seat_names=n),
])
@pytest.mark.parametrize("names, cls", [
    ([1, 2, 3, 4], ArgumentTypeError), (["Ann", "Bo"], ArgumentError), ("ABCD", ArgumentTypeError),
    (["Ann", "Bo", "Cy", ""], ArgumentError), (["Ann", "Bo", "Cy", "x" * 41], ArgumentError),
    (["Ann", "Bo", "Cy", "D\ni"], ArgumentError), ({"Ann", "Bo", "Cy", "Di"}, ArgumentTypeError),
])
def test_seat_names_are_checked_at_the_door(make, names, cls):
    with pytest.raises(cls, match="seat_names"):
        make(names)


@pytest.mark.parametrize("cls", [Match, SpadesMatch])
@pytest.mark.parametrize("seed", [None, 1.5, [1], b"1", True, 2 ** 64, "s" * 201])
def test_match_seeds_are_checked_at_the_door(cls, seed):
    with pytest.raises(ArgumentError, match="^seed: "):
        cls(seed)


def test_text_of_seat_4_during_play_is_an_invalid_seat():
    hand = Hand.deal(1, hand_number=3)
    hand.play("2C")
    with pytest.raises(InvalidSeatError, match="invalid seat 4"):
        hand.text(seat=4)


def test_spades_legal_plays_of_seat_5_in_the_bidding_is_an_invalid_seat():
    with pytest.raises(InvalidSeatError, match="invalid seat 5"):
        SpadesHand.deal(1).legal_plays(5)


# plain TypeError / ValueError from the API now project errors (still TypeError / ValueError) ----------------
PLAY_VIEW = Hand.deal(2, hand_number=3)
PLAY_VIEW.play("2C")


@pytest.mark.parametrize("call, cls, words", [
    (lambda: assess_play(PLAY_VIEW.view(PLAY_VIEW.turn), seed="x"), ArgumentTypeError, "seed: "),
    (lambda: assess_play(PLAY_VIEW.view(PLAY_VIEW.turn), worlds=1), ArgumentError, "worlds: "),
    (lambda: assess_pass(Hand.deal(1).view(0), include=5), ArgumentTypeError, "include: "),
    (lambda: make_bot("rule", seed="x"), ArgumentTypeError, "seed: "),
    (lambda: make_bot("mc:99999999999"), HeartsError, "mc:N with N from 2 to 100,000"),
    (lambda: FunctionBot(play_fn=5), ArgumentTypeError, "play_fn: .*without calling it"),
    (lambda: FunctionBot(on_error="x"), ArgumentError, "on_error: "),
    (lambda: FunctionBot(base=5), ArgumentTypeError, "base: "),
    (lambda: run_tournament(["rule"] * 3, hands=1), ArgumentError, "seats: a lineup is 4 seats"),
    (lambda: run_tournament(5, hands=1), ArgumentTypeError, "seats: "),
    (lambda: run_tournament(["rule"] * 4, hands=0), ArgumentError, "hands: "),
    (lambda: Rules.from_dict({1: True}), RulesError, "option names are strings"),
    (lambda: Rules.preset(["omnibus"]), RulesError, "unknown preset"),
    (lambda: CardList.from_mask("x"), HeartsError, "invalid card mask 'x'"),
    (lambda: make_bot("rule").act(None), ArgumentTypeError, "hand: act needs a Hearts Hand"),
])
def test_bad_arguments_raise_project_errors(call, cls, words):
    with pytest.raises(cls, match=words) as e:
        call()
    assert isinstance(e.value, HeartsError) and isinstance(e.value, ValueError)
    if cls is ArgumentTypeError:
        assert isinstance(e.value, TypeError)  # old callers catching TypeError still do


@pytest.mark.parametrize("hands", ["0", "-3", "x"])
def test_spades_benchmark_command_refuses_a_bad_hand_count(hands):
    proc = subprocess.run([sys.executable, "-m", "hearts_teach.agents.spades", "--hands", hands],
                          capture_output=True, timeout=120)
    assert proc.returncode == 2
    assert b"argument --hands: expected a whole number" in proc.stderr and b"Traceback" not in proc.stderr


@pytest.mark.parametrize("bids", [{0: 1, 1: 2, 2: 3, 3: 4}, {1, 2, 3, 4}, range(1, 5), "1234"])
def test_score_hand_needs_an_ordered_list(bids):
    with pytest.raises(ScoreInputError, match="bids: expected a list of 4 bids"):
        score_hand(bids, [4, 3, 3, 3])


# bounded quoting ----------------------------------------------------------------------------------
def test_messages_quote_at_most_about_80_characters():
    with pytest.raises(HeartsError) as e:
        CardList("X" * 1_000_000)
    assert len(str(e.value)) < 300 and "(1,000,000 characters)" in str(e.value)
    assert quote(10 ** 5000) == "<int of 16610 bits>"
    deep: list = []
    for _ in range(5000):
        deep = [deep]
    assert quote(deep) == "[[[[...]]]]"
