"""The one driver (agents.driver.play): both games, its stops and hooks, and that the
documented fast paths (tools.bench.random_hand, tools.bench_batch.scalar_rule_hand) play the
same games as bots on the driver."""

import pytest

from hearts_teach import Hand
from hearts_teach.agents import driver
from hearts_teach.agents.hearts import RuleBot, make_bot
from hearts_teach.agents.hearts.simple import StreamRandomBot
from hearts_teach.agents.protocol import ForcedCardsOnly
from hearts_teach.agents.spades import SpadesBot
from hearts_teach.games.hearts.rules import PASS_DIRECTIONS
from hearts_teach.games.spades import SpadesHand
from hearts_teach.kernel.cards import CardList
from hearts_teach.kernel.deal import deal_masks
from hearts_teach.kernel.errors import ArgumentTypeError, HeartsError
from hearts_teach.kernel.rng import Rng
from hearts_teach.tools.bench import random_hand
from hearts_teach.tools.bench_batch import scalar_rule_hand


def _hand_from(masks, hand_number):
    return Hand([CardList.from_mask(m) for m in masks], PASS_DIRECTIONS[hand_number % 4])


@pytest.mark.parametrize("seed", range(12))
def test_bench_fast_path_plays_the_drivers_game(seed):
    """The hot loop and StreamRandomBot on the driver draw the same numbers in the same order."""
    fast_rng, slow_rng = Rng(seed), Rng(seed)
    scores, moon = random_hand(fast_rng, seed)
    hand = _hand_from(deal_masks(slow_rng), seed)
    moves = []
    driver.play(hand, [StreamRandomBot(slow_rng)] * 4, on_move=lambda *m: moves.append(m))
    assert hand.is_over and len(moves) == 52 + (0 if hand.pass_direction == "hold" else 4)
    assert (tuple(hand.scores), hand.moon) == (tuple(scores), moon)
    assert fast_rng.random() == slow_rng.random()  # not one draw more or less


@pytest.mark.parametrize("seed", range(8))
def test_scalar_rule_fast_path_plays_the_drivers_game(seed):
    from hearts_teach.kernel.deal import deal_masks

    scores, moon = scalar_rule_hand(Rng(seed), seed)
    hand = _hand_from(deal_masks(Rng(seed)), seed)
    driver.play(hand, [RuleBot()] * 4)
    assert (tuple(hand.scores), hand.moon) == (tuple(scores), moon)


def test_driver_plays_spades_and_reports_every_move():
    hand = SpadesHand.deal(5)
    seen = []
    driver.play(hand, [SpadesBot(s) for s in range(4)], on_move=lambda *m: seen.append(m))
    assert hand.is_over and [m[1] for m in seen] == ["bid"] * 4 + ["play"] * 52
    assert [m[0] for m in seen[:4]] == [(hand.first_seat + i) % 4 for i in range(4)]
    assert sum(1 for m in seen if m[3] is not None) == 13  # a completed trick comes back 13 times


def test_driver_waits_for_a_seat_without_player_and_for_a_declining_player():
    hand = Hand.deal(seed=3)  # pass left
    bots = {s: make_bot("rule") for s in (1, 2, 3)}
    driver.play(hand, bots)
    assert hand.to_pass == (0,)  # the three bots passed; seat 0 is waited for
    hand.pass_cards(0, hand.cards(0)[:3])
    driver.play(hand, {**bots, 0: ForcedCardsOnly()})
    assert not hand.is_over and hand.turn == 0 and len(hand.legal_plays()) > 1


def test_driver_stop_and_moves_limits():
    hand = Hand.deal(seed=4, pass_direction="hold")
    bots = [make_bot("rule")] * 4
    driver.play(hand, bots, moves=5)
    assert len(hand.history) == 5
    driver.play(hand, bots, stop=lambda h: len(h.tricks) == 3)
    assert len(hand.tricks) == 3 and not hand.current_trick.cards
    driver.play(hand, bots, moves=0)
    assert len(hand.history) == 12


def test_an_illegal_answer_raises_the_games_error_and_changes_nothing():
    class Cheat:
        def choose_play(self, view):
            return CardList.from_mask(view.hand & ~view.legal_mask)[0]

    hand = Hand.deal(seed=2, pass_direction="hold")
    driver.play(hand, [make_bot("rule")] * 4, moves=1)  # 2♣ led; most seats can follow now
    while len(hand.legal_plays()) == len(hand.cards(hand.turn)):
        driver.play(hand, [make_bot("rule")] * 4, moves=1)
    before = hand.snapshot()
    with pytest.raises(HeartsError):
        driver.play(hand, [Cheat()] * 4)
    assert hand.snapshot() == before


def test_driver_refuses_what_is_not_a_game():
    with pytest.raises(ArgumentTypeError, match="Hearts Hand or a SpadesHand"):
        driver.play("2C 3C", [])


def test_no_other_play_loop_moves_a_checked_game():
    """A loop that keeps moving a checked game until it is over (or a phase ends) is the
    driver's job: the guided hand, the bot checker's positions and a lesson helper once had
    their own. Scripted replays (records, drills, positions: a fixed list of moves) are not
    play loops and iterate over their moves, not over the game's state."""
    import ast
    import pathlib

    import hearts_teach

    root = pathlib.Path(hearts_teach.__file__).parent
    moves = {"play", "pass_cards", "bid", "act"}
    found = []
    for path in sorted(root.rglob("*.py")):
        if path == root / "agents" / "driver.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.While):
                continue
            test = ast.unparse(node.test)
            if "is_over" not in test and "phase" not in test and ".turn" not in test:
                continue
            called = {n.func.attr for n in ast.walk(node) if isinstance(n, ast.Call)
                      and isinstance(n.func, ast.Attribute)}
            if called & moves:
                found.append(f"{path.relative_to(root)}:{node.lineno}: while {test}")
    assert not found, "play loops outside agents/driver.py:\n" + "\n".join(found)
