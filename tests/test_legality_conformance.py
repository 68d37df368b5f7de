"""Every legality path reads the one compiled rules value and agrees with the others.

The paths: the checked ``Hand`` (its ``legal_plays`` and its ``explain`` of every held card),
the bots' ``View`` (``legal_mask``), the scalar rollout as the Monte Carlo bot and the coach
call it (``coach_backend.PlayContext``: the view's rules compiled, then ``rollout``), the coach's batch
rollouts (``batch_sample.rollout_play``: the candidates it accepts) and the numpy batch
engine (``BatchState.legal`` after ``load_view``). Positions come from random games under
every preset at every table size (3-6 seats for the scalar paths; the batch engine seats
four). tests/test_trick_conformance.py checks whole games card by card at four seats; this
file checks the legal sets at every table size, and that a rule option cannot be half-added:
every option reaches the compiled value, and the batch engine refuses by name an option it
has not learnt (the coach then rolls out on the scalar engine instead).
"""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

import hearts_teach.agents.hearts.rollout as rollout_module
from hearts_teach.agents.hearts.batch_sample import rollout_play
from hearts_teach.agents.hearts.coach_backend import (
    PlayContext,
    batch_backend,
    default_backend,
    scalar_backend,
)
from hearts_teach.games.hearts.batch import BATCH_OPTIONS, BatchState, check_rules
from hearts_teach.games.hearts.hand import Hand
from hearts_teach.games.hearts.legality import PlayState, cascade
from hearts_teach.games.hearts.rules import Rules, RuleTables, compile_rules
from hearts_teach.kernel.cards import DECK, indices_of
from hearts_teach.kernel.errors import IllegalPlayError, RulesError, UnsupportedRuleError
from hearts_teach.kernel.rng import Rng
from hearts_teach.kernel.table import MAX_SEATS, MIN_SEATS

PRESETS = Rules.presets()
TABLES = range(MIN_SEATS, MAX_SEATS + 1)
GAMES = 6  # per preset and table size: about 2,000 positions per table size


class Asked(Exception):
    """Raised by the scripted policy: the rollout asked for a decision."""

    def __init__(self, legal: int, played: int):
        self.legal, self.played = legal, played


def _scripted(seat, hand, legal, trick_len, led_suit, win_card, win_seat, trick_mask, played, threat, seats=4):
    raise Asked(legal, played)


def random_positions(rules: Rules, games: int, seed: str):
    """(hand, seat to move) at every play of ``games`` random games (random passes and cards)."""
    rng = Rng(seed)
    for g in range(games):
        hand = Hand.deal(rng, hand_number=g, rules=rules)
        for seat in hand.to_pass:
            hand.pass_cards(seat, rng.sample(list(hand.cards(seat)), 3))
        while not hand.is_over:
            yield hand, hand.turn
            hand.play(DECK[rng.pick_bit(hand.legal_plays().mask)])


def rollout_legal(hand: Hand, seat: int) -> int | None:
    """The legal set the Monte Carlo bot's rollout offers its policy at this position
    (None when it had one card only and played it without asking)."""
    view = hand.view(seat)
    hands = [hand.cards(s).mask for s in range(hand.players)]
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(rollout_module, "rule_play", _scripted)
        try:
            PlayContext(view).run(hands, -1)
        except Asked as asked:
            return asked.legal if asked.played == view.played else None
    return None


def check_position(hand: Hand, seat: int) -> int:
    legal = hand.legal_plays().mask
    assert legal and legal & ~hand.cards(seat).mask == 0
    view = hand.view(seat)
    assert view.legal_mask == legal, "View"
    for card in hand.cards(seat):  # the checked game's own explanation of every held card
        assert hand.explain(card).legal == bool(legal >> card.index & 1), ("explain", card)
    want = legal if legal & (legal - 1) else None
    assert rollout_legal(hand, seat) == want, "rollout"
    st = hand.play_state()
    assert st.legal() == legal, "PlayState"
    assert cascade(st.hands[seat], st.led_suit, st.tricks_done == 0, st.broken, hand.compiled)[0] == legal
    return legal


@pytest.mark.parametrize("players", TABLES)
@pytest.mark.parametrize("preset", PRESETS)
def test_hand_view_and_rollout_agree_on_random_positions(preset, players):
    rules = Rules.preset(preset).replace(players=players)
    positions = 0
    for hand, seat in random_positions(rules, GAMES, f"legality/{preset}/{players}"):
        check_position(hand, seat)
        positions += 1
    assert positions == GAMES * players * rules.hand_size


@pytest.mark.parametrize("preset", PRESETS)
def test_the_batch_engine_agrees_at_four_seats(preset):
    rules = Rules.preset(preset)
    views, masks, hands = [], [], []
    for hand, seat in random_positions(rules, GAMES, f"legality/batch/{preset}"):
        views.append(hand.view(seat))
        masks.append(hand.legal_plays().mask)
        hands.append([hand.cards(s).mask for s in range(4)])
    for view, legal, held in zip(views, masks, hands, strict=True):
        st = BatchState(np.array([held], dtype=np.uint64), rules)
        st.load_view(view)
        assert int(st.legal(st.mover_hands())[0]) == legal, (preset, view.key())
    # the coach's batch rollouts accept exactly the legal cards (every eighth position)
    for view, legal in list(zip(views, masks, strict=True))[::8]:
        assert rollout_play(view, worlds=1, seed=0).candidates == indices_of(legal)
        for c in indices_of(view.hand & ~legal)[:2]:
            with pytest.raises(IllegalPlayError):
                rollout_play(view, [c], worlds=1, seed=0)


# every option reaches the one compiled value ---------------------------------------------------
def _other_value(name: str, value):
    if isinstance(value, bool):
        return not value
    if name == "moon":
        return "subtract_from_self"
    if name == "players":
        return 5
    return value + 1


@pytest.mark.parametrize("option", Rules.options())
def test_every_option_is_compiled(option):
    std = Rules()
    changed = std.replace(**{option: _other_value(option, getattr(std, option))})
    a, b = std.compiled, changed.compiled
    differs = [f.name for f in dataclasses.fields(RuleTables) if f.name not in ("rules", "without_queen_waits")
               and getattr(a, f.name) != getattr(b, f.name)]
    assert differs, (f"the rule option {option!r} changes nothing in RuleTables: compile it in "
                     f"rules.compile_rules (docs/development.md, 'Add a rule option')")


def test_the_compiled_value_is_one_immutable_value():
    tables = Rules.preset("omnibus").compiled
    assert tables is Rules(omnibus=True).compiled  # compiled once per distinct Rules
    assert eval(repr(tables), {"Rules": Rules}) is tables
    assert compile_rules(Rules(omnibus=True)) == tables
    with pytest.raises(dataclasses.FrozenInstanceError):
        tables.omnibus = False  # type: ignore[misc]  # the point of the test: it is frozen
    assert not hasattr(tables, "__dict__")  # slotted
    with pytest.raises(RulesError, match="compiled rules"):
        PlayState([0] * 4, 0, Rules())  # type: ignore[arg-type]  # the uncompiled Rules is refused


# the batch engine refuses what it has not learnt, by name ---------------------------------------
@dataclasses.dataclass(frozen=True, repr=False)
class ToyRules(Rules):
    """Rules with an option the engines have never heard of (what a new option looks like
    to the batch engine before it learns it)."""

    toy_option: bool = False


def test_the_batch_engine_refuses_an_option_it_has_not_learnt_by_name():
    assert set(BATCH_OPTIONS) == set(Rules.options())  # today it plays every option
    with pytest.raises(UnsupportedRuleError, match="rule option 'toy_option'") as err:
        check_rules(ToyRules(toy_option=True))
    assert err.value.option == "toy_option"
    with pytest.raises(UnsupportedRuleError, match="rule option 'toy_option'"):
        BatchState(np.zeros((1, 4), dtype=np.uint64), ToyRules(toy_option=True))
    with pytest.raises(UnsupportedRuleError, match="seats 4 players only") as err:
        check_rules(Rules(players=5))
    assert err.value.option == "players"
    check_rules(ToyRules())  # the option at its default changes nothing


def test_the_coach_rolls_out_on_the_scalar_engine_for_an_option_the_batch_engine_lacks():
    hand = Hand.deal(3, rules=ToyRules(toy_option=True), pass_direction="left")
    view = hand.view(0)
    assert default_backend(view) is scalar_backend
    assert default_backend(Hand.deal(3).view(0)) is batch_backend
    assert default_backend(Hand.deal(3, rules=Rules(players=3)).view(0)) is scalar_backend
