"""API edges that raised foreign exceptions or accepted nonsense (issue 25): Hand.replay checks
the whole history first and leaves the hand unchanged when it refuses; to_json, hand_seed,
dealer_of and first_bidder_of raise only project errors; card parsing accepts only the
documented spellings; the replay command takes a line that starts with a byte order mark."""

from __future__ import annotations

import io
import json

import pytest

from hearts_teach import Card, Hand, HeartsError, Match
from hearts_teach.agents import driver
from hearts_teach.agents.hearts import make_bot
from hearts_teach.agents.tournament import run_tournament
from hearts_teach.games.hearts.hand import Action
from hearts_teach.games.hearts.replay import main_replay, replay_line
from hearts_teach.games.spades import SpadesHand, SpadesMatch
from hearts_teach.kernel.cards import CardList
from hearts_teach.kernel.errors import (
    ArgumentError,
    InvalidCardError,
    NotInHandError,
    OutOfTurnError,
)


def _played(seed: int) -> Hand:
    hand = Hand.deal(seed)
    driver.play(hand, [make_bot("rule")] * 4)
    return hand


def _first_play(history) -> int:
    return next(i for i, a in enumerate(history) if a.kind == "play")


def test_replay_refuses_a_repeated_last_play_and_leaves_the_hand_unchanged():
    full = _played(3).history
    start = _first_play(full)  # the four passes come first; then the 2♣
    hand = Hand.deal(3)
    hand.replay(full[:start + 5])
    before = hand.to_json()
    # the 2♣ played twice (a duplicated last entry): the seat no longer holds it
    twice = list(full[:start + 1]) + [full[start]]
    with pytest.raises(OutOfTurnError, match=r"history entry 6 of 6 \(play \d 2C\).*cannot play 2♣"):
        hand.replay(twice)
    # and by the same seat: it no longer holds the card
    same_seat = list(full[:start + 4]) + [Action("play", full[start + 3].seat, full[start + 3].cards)]
    with pytest.raises(NotInHandError):
        hand.replay(same_seat)
    assert hand.to_json() == before and len(hand.history) == start + 5
    cards_held = [len(hand.cards(s)) for s in range(4)]
    assert max(cards_held) - min(cards_held) <= 1  # never 12/14/13/13


def test_replay_refuses_another_deals_history():
    hand = Hand.deal(3)
    hand.pass_cards(0, list(hand.cards(0))[:3])
    before = hand.to_json()
    with pytest.raises(HeartsError, match="history entry 1 of .*cannot be replayed on this deal"):
        hand.replay(_played(4).history)
    assert hand.to_json() == before


@pytest.mark.parametrize("history", [5, "2C", [1], [None], [("play", 0, "2C")],
                                     [Action("play", 0, CardList([]))], [Action("jump", 0, CardList(["2C"]))],
                                     [Action("pass", 9, CardList(["2C", "3C", "4C"]))]],
                         ids=["int", "str", "int entry", "None entry", "tuple entry", "no card", "unknown kind",
                              "bad seat"])
def test_replay_refuses_what_is_not_a_history_with_a_project_error(history):
    hand = Hand.deal(3)
    before = hand.to_json()
    with pytest.raises(HeartsError):
        hand.replay(history)
    assert hand.to_json() == before


def test_replay_of_its_own_history_and_undo_still_work():
    done = _played(5)
    again = Hand.deal(5)
    again.replay(done.history)
    assert again.scores == done.scores and again.history == done.history
    again.undo()
    assert len(again.history) == len(done.history) - 1
    spades = SpadesHand.deal(2)
    for _ in range(4):
        spades.bid(3)
    spades.play(list(spades.legal_plays())[0])
    copy = SpadesHand.deal(2)
    copy.replay(spades.history)
    assert copy.to_json() == spades.to_json()
    with pytest.raises(HeartsError, match="history entry 6 of 6"):
        copy.replay(list(spades.history) + [spades.history[-1]])
    assert copy.to_json() == spades.to_json()


@pytest.mark.parametrize("number", [10 ** 5000, -1, 1.5, True, "3", None],
                         ids=["10**5000", "-1", "1.5", "True", "'3'", "None"])
def test_hand_numbers_are_checked(number):
    for call in (Match(seed=1).hand_seed, SpadesMatch(seed=1).hand_seed, SpadesMatch(seed=1).dealer_of,
                 SpadesMatch(seed=1).first_bidder_of):
        with pytest.raises(ArgumentError, match="number: expected a whole number"):
            call(number)
    m = SpadesMatch(seed=1)  # numbers in range still work
    assert [m.dealer_of(n) for n in range(5)] == [(m.first_dealer + n) % 4 for n in range(5)]
    assert m.first_bidder_of(0) == (m.first_dealer + 1) % 4
    assert Match(seed=1).hand_seed(0) == Match(seed=1).hand_seed(0)


@pytest.mark.parametrize("options", [{"foo": 1}, {"cls": int}, {"default": str}, {"separators": 5},
                                     {"indent": 10 ** 6}])
def test_to_json_options_raise_project_errors(options):
    for obj in (Hand.deal(1), Match(seed=1), SpadesHand.deal(1),
                run_tournament("rule,rule,rule,random", hands=2, progress=False)):
        with pytest.raises(ArgumentError, match="to_json"):
            obj.to_json(**options)
    hand = Hand.deal(1)  # the documented options still work
    assert json.loads(hand.to_json(indent=2, sort_keys=True)) == json.loads(hand.to_json())


@pytest.mark.parametrize("text", ["Qſ", "qſ", "10ſ", "Aſ"])
def test_card_look_alikes_are_refused(text):
    """'ſ' (long s) upper-cases to 'S'; so do no other spellings than the documented ones."""
    with pytest.raises(InvalidCardError):
        Card(text)
    for spelling, card in [("qs", "QS"), ("10h", "TH"), ("Q♠", "QS"), ("Q♤", "QS"), ("10♥\ufe0f", "TH"),
                           (" th ", "TH")]:
        assert str(Card(spelling)) == card
    for other in ("K\u212a", "\u212aS", "QＳ", "１０H", "Qs\u0307", "ıS"):  # Kelvin sign, fullwidth, dotless i
        with pytest.raises(InvalidCardError):
            Card(other)


def test_the_replay_command_takes_a_line_that_starts_with_a_bom(tmp_path):
    hand = _played(7)
    record = {"pass_direction": hand.pass_direction, "deal": [[str(c) for c in hand.dealt(s)] for s in range(4)],
              "passes": [[str(c) for c in hand.passed(s)] for s in range(4)], "plays": [str(c) for c in hand.plays]}
    line = json.dumps(record)
    assert replay_line("\ufeff" + line) == replay_line(line)
    assert replay_line(b"\xef\xbb\xbf" + line.encode())["ok"] is True
    path = tmp_path / "hands.jsonl"
    path.write_bytes(b"\xef\xbb\xbf" + line.encode() + b"\n" + line.encode() + b"\n")
    out = io.StringIO()
    assert main_replay(str(path), out) == 0
    assert [json.loads(x)["ok"] for x in out.getvalue().splitlines()] == [True, True]


def test_moon_table_and_chart_say_so_when_a_short_run_has_no_moon():
    # lesson 05's printout with a learner's smaller run: zero moons must not divide by zero
    import matplotlib

    matplotlib.use("Agg")
    from hearts_teach.course.simulations import moon_frequency_table
    from hearts_teach.present.plots import plot_moons

    text = moon_frequency_table({"easy": [1, 0, 0, 0], "rule": [0, 0, 0, 0]}, 50)
    assert "never" in text.splitlines()[2] and text.splitlines()[-1] == "rule table: no moon in 50 hands"
    assert "easy table against rule table: 1 moons against 0" in text and "times as many" not in text
    assert "ranges per 100 hands: easy 0.00 to " in text  # a range never starts below zero (r111: two decimals)
    assert plot_moons({"easy": [0, 0, 0, 0], "rule": [0, 0, 0, 0]}, 50).get_ylim() == (0.0, 1.0)
