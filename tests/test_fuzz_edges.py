"""Fuzz the API edges of issue 25 with the harness of the fuzz suites (fuzz_support): every call
returns or raises a project error with a short message, and a refusal changes nothing.

- ``replay`` with histories spliced from other deals, with entries repeated, dropped or
  swapped, cut short or run long, and junk entries; an accepted history leaves every seat with
  a consistent number of cards;
- ``to_json`` with junk keyword arguments; ``hand_seed``, ``dealer_of`` and
  ``first_bidder_of`` with junk numbers;
- ``Card`` with characters that ``str.upper()`` or Unicode folding turns into a rank or a suit
  letter (long s, Kelvin sign, fullwidth letters, dotless i, combining marks).
"""

from __future__ import annotations

import pytest
from fuzz_support import FUZZ, Harness, hearts_hand, junk, or_junk, spades_hand
from hypothesis import given, settings
from hypothesis import strategies as st

from hearts_teach import Card, Hand, Match
from hearts_teach.agents import driver
from hearts_teach.agents.hearts import make_bot
from hearts_teach.games.spades import SpadesMatch

H = Harness()
LOOK_ALIKES = [c for c in map(chr, range(0x80, 0x3000))
               if any(ch in "0123456789TJQKACDHS" for ch in c.upper() + c.casefold().upper())]


def _full_history(seed: int, players: int = 4) -> tuple:
    hand = Hand.deal(seed)
    driver.play(hand, [make_bot("random", seed=seed)] * players)
    return hand.history


@st.composite
def histories(draw: st.DrawFn, own: tuple) -> list:
    """A history built from this hand's own one and another deal's, then damaged."""
    other = _full_history(draw(st.integers(0, 5)))
    base = list(draw(st.sampled_from([own, other])))
    cut = draw(st.integers(0, len(base)))
    items = base[:cut]
    for _ in range(draw(st.integers(0, 3))):
        if not items:
            break
        i = draw(st.integers(0, len(items) - 1))
        how = draw(st.sampled_from(["repeat", "drop", "swap", "foreign", "junk", "repeat_last"]))
        if how == "repeat":
            items.insert(i, items[i])
        elif how == "repeat_last":
            items.append(items[-1])
        elif how == "drop":
            del items[i]
        elif how == "swap" and i + 1 < len(items):
            items[i], items[i + 1] = items[i + 1], items[i]
        elif how == "foreign":
            items[i] = other[min(i, len(other) - 1)]
        elif how == "junk":
            items[i] = draw(junk)
    return items


def _consistent(hand) -> None:
    counts = [len(hand.cards(s)) for s in range(getattr(hand, "players", 4))]
    assert max(counts) - min(counts) <= 1, f"seats hold {counts} cards after an accepted replay"


def replay_entry(d):
    hand = d(st.one_of(hearts_hand(), spades_hand()))
    done = hand.copy()
    if isinstance(hand, Hand):
        driver.play(done, [make_bot("random")] * hand.players)
    history = d(histories(done.history))
    accepted = []
    H.call("replay", lambda: accepted.append(hand.replay(history)), state=hand, exercise=False)
    if accepted:
        assert hand.history == tuple(history)
        _consistent(hand)
    H.call("replay(junk)", lambda: hand.replay(d(junk)), state=hand, exercise=False)


def numbers_and_json(d):
    number = d(or_junk(st.integers(-3, 10 ** 6)))
    H.call("Match.hand_seed", lambda: Match(seed=1).hand_seed(number), exercise=False)
    spades = SpadesMatch(seed=2)
    for name in ("hand_seed", "dealer_of", "first_bidder_of"):
        H.call(f"SpadesMatch.{name}", lambda n=name: getattr(spades, n)(number), exercise=False)
    obj = d(st.one_of(hearts_hand(), spades_hand()))
    key = d(st.sampled_from(["indent", "sort_keys", "separators", "ensure_ascii", "cls", "default", "x"]))
    H.call("to_json", lambda: obj.to_json(**{key: d(junk)}), state=obj, exercise=False)


def look_alike_cards(d):
    rank = d(st.sampled_from(["Q", "q", "10", "T", "K", "A", "2"] + LOOK_ALIKES))
    suit = d(st.sampled_from(["S", "s", "H", "♠", "♤"] + LOOK_ALIKES))
    text = rank + suit + d(st.sampled_from(["", "\u0307", "\ufe0f"]))
    card = H.call("Card", lambda: Card(text), exercise=False)
    if card is not None:  # accepted: only ASCII letters, digits and the suit symbols (and U+FE0F)
        assert all(ch.isascii() or ch in "♣♦♥♠♧♢♡♤\ufe0f" for ch in text), f"{text!r} read as {card}"


ENTRIES = [replay_entry, numbers_and_json, look_alike_cards]


@pytest.mark.parametrize("entry", ENTRIES, ids=[e.__name__ for e in ENTRIES])
def test_api_edges_answer_with_project_errors(entry):
    @settings(FUZZ, max_examples=120)
    @given(st.data())
    def run(data):
        entry(data.draw)

    run()
