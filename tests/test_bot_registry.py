"""The bot registry and the learner's ladder; the beginner bot's habits.

The recipe "Add a bot" in docs/development.md is tried here for real: a toy bot registered
off the ladder can be made by name and plays a hand, and the level menu does not change.
"""

from __future__ import annotations

import pytest

from hearts_teach import Card, CardList, Hand
from hearts_teach.agents.hearts import (
    LADDER,
    BeginnerBot,
    RuleBot,
    UnknownBotError,
    bot_names,
    ladder_levels,
    make_bot,
    register_bot,
    registered,
    unregister_bot,
)
from hearts_teach.agents.hearts.base import Bot
from hearts_teach.agents.tournament import run_tournament
from hearts_teach.games.hearts.view import View
from hearts_teach.kernel.cards import indices_of
from hearts_teach.kernel.errors import ArgumentError
from hearts_teach.present.widgets.play_app import PlayApp

LEVELS = ["random", "beginner", "rule", "medium", "expert"]


class LowestCardBot(Bot):
    """The toy bot of the recipe: passes its three lowest cards, plays its lowest legal card."""

    name = "lowest"

    def pass_mask(self, view: View) -> int:
        return sum(1 << c for c in sorted(indices_of(view.hand), key=lambda c: (c % 13, c // 13))[:3])

    def play_index(self, view: View) -> int:
        return min(indices_of(view.legal_mask), key=lambda c: (c % 13, c // 13))


@pytest.fixture
def toy():
    register_bot("lowest", LowestCardBot, description="a toy: always its lowest card")
    yield
    unregister_bot("lowest")


def test_the_ladder_is_the_registered_ladder_bots_weakest_first():
    assert [name for name, _label, _text in ladder_levels()] == LEVELS == list(LADDER)
    for name, label, text in ladder_levels():
        assert label and text and registered(name).ladder
        assert LADDER[name] == text
    assert {"easy", "highest", "hard"} <= set(bot_names()) and not set(LEVELS) ^ set(bot_names()[:len(LEVELS)])
    assert not registered("easy").ladder and registered("greedy").name == "rule"


def test_a_toy_bot_is_made_by_name_but_stays_off_the_menu(toy):
    assert "lowest" in bot_names() and [n for n, *_ in ladder_levels()] == LEVELS
    bot = make_bot(" Lowest ", seed=3)
    assert isinstance(bot, LowestCardBot) and bot.seed == 3
    r = run_tournament(["lowest", "rule", "rule", "rule"], hands=2, seed=1, progress=False)
    assert r.bots[0].name == "lowest" and r.hands == 2
    app = PlayApp(seed=1, trick_pause=0, hint_fn=lambda *a: None)
    assert [value for _label, value in app.level.options] == LEVELS
    assert "Beginner" in [label for label, _value in app.level.options]
    assert all(f"{label}: {text}." in app.level.tooltip for _name, label, text in ladder_levels())
    with pytest.raises(ValueError, match="opponents"):
        PlayApp(opponents="lowest", trick_pause=0)


def test_registering_checks_its_arguments(toy):
    with pytest.raises(ArgumentError, match="already registered"):
        register_bot("lowest", LowestCardBot)
    with pytest.raises(ArgumentError, match="already registered"):
        register_bot("greedy", LowestCardBot)  # an alias is taken too
    with pytest.raises(ArgumentError, match="label and a one-line description"):
        register_bot("lowest2", LowestCardBot, ladder=True)
    with pytest.raises(ArgumentError, match="letters, digits"):
        register_bot("mc:3", LowestCardBot)
    with pytest.raises(TypeError, match="factory"):
        register_bot("lowest3", "not a function")
    register_bot("lowest", RuleBot, replace=True)
    assert isinstance(make_bot("lowest"), RuleBot)
    assert "lowest2" not in bot_names() and "lowest3" not in bot_names()


def test_unknown_and_unregistered_names_are_refused():
    with pytest.raises(UnknownBotError, match="unknown bot 'lowest'; choose one of random, beginner"):
        make_bot("lowest")
    with pytest.raises(UnknownBotError, match="no bot named"):
        unregister_bot("lowest")


# the beginner ---------------------------------------------------------------------------------
DEAL = ["2C 3C 4C QS AH KH 2H 3H 5S 6S 7S 8S 9S",  # South: no diamonds
        "5C 6C 7C 8C 2D 3D 4D 5D 6D 7D 8D 9D TD",  # West: no spades, no hearts
        "9C TC JC QC KC AC JD QD KD AD TS 3S 4S",  # North
        "2S JS KS AS 4H 5H 6H 7H 8H 9H TH JH QH"]  # East: no clubs, no diamonds


def hand_after(*cards: str, direction: str = "hold") -> Hand:
    """The hand of ``DEAL`` after ``cards`` (played in turn, from South's 2♣ lead)."""
    hand = Hand([CardList(h) for h in DEAL], direction)
    for c in cards:
        hand.play(Card(c), hand.turn)
    return hand


def test_the_beginner_passes_its_three_highest_cards():
    view = hand_after(direction="left").view(0)
    assert BeginnerBot().choose_pass(view).mask == CardList("AH KH QS").mask
    view = hand_after(direction="left").view(2)  # between equal ranks, the higher suit
    assert BeginnerBot().choose_pass(view).mask == CardList("AD AC KD").mask


def test_the_beginner_leads_its_lowest_card():
    hand = hand_after("2C", "5C", "AC", "AS")  # North won trick 1 and leads
    assert BeginnerBot().choose_play(hand.view(2)) == Card("3S")


def test_the_beginner_ducks_as_high_as_it_can_and_else_plays_its_highest_card():
    hand = hand_after("2C", "5C", "AC", "AS", "3S", "JS")  # South can stay under the J♠
    assert BeginnerBot().choose_play(hand.view(0)) == Card("9S")
    hand = hand_after("2C", "5C", "AC", "AS", "3S", "2S")  # every spade of South's wins
    assert BeginnerBot().choose_play(hand.view(0)) == Card("QS")  # and it takes its own queen
    assert RuleBot().choose_play(hand.view(0)) == Card("5S")


def test_the_beginner_throws_its_highest_card_when_void_not_the_queen():
    hand = hand_after("2C", "5C", "AC", "AS", "KD", "4H")  # diamonds led, South has none
    assert BeginnerBot().choose_play(hand.view(0)) == Card("AH")
    assert RuleBot().choose_play(hand.view(0)) == Card("QS")  # the rule bot dumps the queen


def test_the_beginner_loses_to_the_rule_bot_in_a_short_duplicate():
    # the ladder figures come from the benchmark (tools.bench_bots --ladder); this guards the order
    r = run_tournament(["rule", "beginner", "beginner", "beginner"], hands=12, seed=4, duplicate=True,
                       progress=False)
    assert r.edge(0)[0] > 0


def test_the_experts_description_says_what_its_settings_do():
    # the menu's words are a claim to the player: the candidate cap, the deal count and the size of the exact
    # search must be the ones the registered bot uses (a setting changed without its words fails here)
    from hearts_teach.agents.hearts import MC_WORLDS
    from hearts_teach.agents.hearts.endgame import SEARCH_CARDS
    from hearts_teach.agents.hearts.mc import CANDIDATE_CAP

    words = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
    description = registered("expert").description
    bot = make_bot("expert", seed=3)
    assert f"tries up to {CANDIDATE_CAP} of its choices on {MC_WORLDS['expert']:,} imagined deals" in description
    assert f"works out its last {words[SEARCH_CARDS]} cards exactly" in description
    assert (bot.cap, bot.worlds, bot.endgame) == (CANDIDATE_CAP, MC_WORLDS["expert"], SEARCH_CARDS)
