"""Fuzz the record loaders (issue 14): ``from_record`` / ``from_json`` of ``Hand``, ``Match``,
``SpadesHand`` and ``SpadesMatch`` on corrupted records, raw junk text and bytes.

Records of games in every phase are corrupted at paths Hypothesis chooses (values
replaced by nulls, wrong types, 200 KB strings, 5,000-digit ints, 3,000-deep nesting;
keys deleted or added). A loader either returns a game that can be printed and saved
again, or raises a project exception (a ``RecordError`` naming the field) with a short
message.
"""

from __future__ import annotations

import pytest
from fuzz_support import (
    DEEP_JSON,
    FUZZ,
    HUGE_JSON,
    Harness,
    as_python,
    hearts_hand,
    junk,
    mutated,
    names_arg,
    play_on,
    spades_hand,
    to_line,
)
from hypothesis import given, settings
from hypothesis import strategies as st

from hearts_teach import Hand, Match
from hearts_teach.games.spades import SpadesHand, SpadesMatch

H = Harness()
NAMES = ["Ann", "Bo", "Cy", "Di"]


@st.composite
def hearts_match(draw: st.DrawFn) -> Match:
    m = Match(draw(st.integers(0, 30)), seat_names=draw(st.sampled_from([None, NAMES])))
    for _ in range(draw(st.integers(0, 1))):
        for s in range(4):
            if m.hand.phase.value == "pass":
                m.pass_cards(s, list(m.hand.cards(s))[:3])
        play_on(m.hand, draw, 52)
        m.next_hand()
    return m


@st.composite
def spades_match(draw: st.DrawFn) -> SpadesMatch:
    m = SpadesMatch(draw(st.integers(0, 30)), seat_names=draw(st.sampled_from([None, NAMES])))
    for _ in range(draw(st.integers(0, 1))):
        for _ in range(4):
            m.bid(draw(st.integers(1, 4)))
        play_on(m.hand, draw, 52)
        m.next_hand()
    return m


GAMES = {Hand: hearts_hand(), Match: hearts_match(), SpadesHand: spades_hand(), SpadesMatch: spades_match()}
raw_text = st.one_of(
    st.text(max_size=20), st.binary(max_size=20), st.sampled_from([
        b"\xff\xfe{}", "[" * 3000 + "]" * 3000, '{"a":' * 3000 + "1" + "}" * 3000, "9" * 5000,
        '{"format": "hearts_teach.hand/1", "hand_number": ' + "9" * 5000 + "}", "null", "[]", '"x"', "{}",
        "1e999", "NaN", '{"seed": -Infinity}']), junk)


@pytest.mark.parametrize("cls", list(GAMES), ids=[c.__name__ for c in GAMES])
def test_corrupted_records_load_or_raise_a_record_error(cls):
    @settings(FUZZ, max_examples=200)
    @given(st.data())
    def run(data):
        game = data.draw(GAMES[cls])
        rec = data.draw(mutated(game.to_record()))
        H.call(f"{cls.__name__}.from_record", lambda: cls.from_record(as_python(rec)))
        H.call(f"{cls.__name__}.from_json", lambda: cls.from_json(to_line(rec)))
        H.call(f"{cls.__name__}.from_json(bytes)", lambda: cls.from_json(to_line(rec).encode()))

    run()


@pytest.mark.parametrize("cls", list(GAMES), ids=[c.__name__ for c in GAMES])
def test_junk_text_and_values_are_record_errors(cls):
    @settings(FUZZ, max_examples=100)
    @given(raw_text)
    def run(raw):
        H.call(f"{cls.__name__}.from_json(junk)", lambda: cls.from_json(raw))
        H.call(f"{cls.__name__}.from_record(junk)", lambda: cls.from_record(raw))

    run()


@pytest.mark.parametrize("cls", [Match, SpadesMatch], ids=["Match", "SpadesMatch"])
def test_match_records_with_bad_names_or_seeds(cls):
    @settings(FUZZ, max_examples=100)
    @given(st.data())
    def run(data):
        rec = cls(3).to_record()
        rec[data.draw(st.sampled_from(["seat_names", "seed", "target", "first_dealer"]))] = as_python(
            data.draw(st.one_of(names_arg, st.just(HUGE_JSON), st.just(DEEP_JSON))))
        H.call(f"{cls.__name__}.from_record(names/seed)", lambda: cls.from_record(rec))

    run()
