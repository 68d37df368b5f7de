"""An outside oracle: random hands played beside OpenSpiel's Hearts, legal sets and scores compared.

OpenSpiel (``pip install '.[oracle]'``, the ``open_spiel`` package; CI installs it) is an
independent implementation of the game. Every hand is dealt by the project's ``Rng``, given to
both engines card by card, passed and played with random legal choices; before every play both
must offer the same player the same legal cards (our ``Hand``, and the bots' ``View``, against
OpenSpiel's ``legal_actions``), and at the end the same scores (OpenSpiel returns 26 − points).

The rule settings the two share (docs/rules.md): passing (``pass_cards``), no points on the
first trick (``no_pts_on_first_trick``), Q♠ breaks hearts (``qs_breaks_hearts``) and the
omnibus J♦ (``jd_bonus``): every one of their 16 combinations, four seats, the moon added to
the others (OpenSpiel's only moon rule); hearts must be broken and there is no bonus for taking
no trick (OpenSpiel's ``must_break_hearts`` and ``avoid_all_tricks_bonus`` at their defaults).
``queen_waits``, ``subtract_from_self`` and tables of 3, 5 and 6 have no OpenSpiel counterpart.

Skipped when OpenSpiel is not installed, except on CI (``CI=true``), where a missing oracle fails.
"""

from __future__ import annotations

import itertools
import os

import pytest

from hearts_teach.games.hearts.hand import Hand
from hearts_teach.games.hearts.rules import Rules, pass_target
from hearts_teach.games.hearts.scoring import MOON_POINTS
from hearts_teach.kernel.cards import DECK, RANKS, SUITS, indices_of
from hearts_teach.kernel.rng import Rng

if os.environ.get("CI") == "true":
    import pyspiel  # CI installs the [oracle] extra: a missing OpenSpiel is a failure there
else:
    pyspiel = pytest.importorskip("pyspiel", reason="OpenSpiel is not installed: pip install '.[oracle]'")

HANDS_PER_SETTING = 200  # × 16 settings = 3,200 hands, 166,400 legal sets
SETTINGS = list(itertools.product((True, False), repeat=4))  # passing, npf, queen_breaks, omnibus
# OpenSpiel's pass direction actions (its PassDir enum) by our direction
OS_DIRECTION = {"hold": 0, "left": 1, "across": 2, "right": 3}


def os_action(card: int) -> int:
    """OpenSpiel's action for our card index (ours: suit * 13 + rank; its: rank * 4 + suit,
    suits clubs, diamonds, hearts, spades in both)."""
    return card % RANKS * SUITS + card // RANKS


def os_game(passing: bool, npf: bool, queen_breaks: bool, omnibus: bool):
    return pyspiel.load_game("hearts", {"pass_cards": passing, "no_pts_on_first_trick": npf,
                                        "qs_breaks_hearts": queen_breaks, "jd_bonus": omnibus,
                                        "can_lead_any_club": False, "must_break_hearts": True,
                                        "avoid_all_tricks_bonus": False,
                                        "can_lead_hearts_instead_of_qs": False})


def play_beside(game, rules: Rules, rng: Rng, hand_number: int) -> int:
    """One random hand in both engines; asserts they agree; returns the legal sets compared."""
    hand = Hand.deal(rng, hand_number=hand_number, rules=rules)
    state = game.new_initial_state()
    state.apply_action(OS_DIRECTION[hand.pass_direction])
    dealt = [indices_of(hand.cards(s).mask) for s in range(4)]
    for k in range(13):  # OpenSpiel deals card n to player n % 4
        for s in range(4):
            state.apply_action(os_action(dealt[s][k]))
    if hand.pass_direction != "hold":
        for s in range(4):  # OpenSpiel's players pass in seat order
            chosen = rng.sample(list(hand.cards(s)), 3)
            hand.pass_cards(s, chosen)
            for c in chosen:
                assert state.current_player() == s
                state.apply_action(os_action(c.index))
    compared = 0
    while not hand.is_over:
        seat = hand.turn
        legal = hand.legal_plays().mask
        assert state.current_player() == seat, (hand.to_record(), "turn")
        assert sorted(state.legal_actions()) == sorted(os_action(c) for c in indices_of(legal)), \
            (hand.to_record(), rules, "legal set")
        assert hand.view(seat).legal_mask == legal
        card = rng.pick_bit(legal)
        hand.play(DECK[card])
        state.apply_action(os_action(card))
        compared += 1
    assert state.is_terminal()
    assert hand.scores == tuple(MOON_POINTS - int(r) for r in state.returns()), (hand.to_record(), rules)
    return compared


def test_our_seats_pass_as_openspiels_players():
    # both number the seats clockwise: a pass to the left goes to the next seat in both
    assert [pass_target(0, d) for d in ("left", "across", "right")] == [1, 2, 3]


@pytest.mark.parametrize("passing,npf,queen_breaks,omnibus", SETTINGS)
def test_legal_sets_and_scores_agree_with_openspiel(passing, npf, queen_breaks, omnibus):
    rules = Rules(passing=passing, no_points_on_first_trick=npf, queen_breaks_hearts=queen_breaks,
                  omnibus=omnibus)
    game = os_game(passing, npf, queen_breaks, omnibus)
    rng = Rng(f"oracle/{passing}/{npf}/{queen_breaks}/{omnibus}")
    compared = sum(play_beside(game, rules, rng, n) for n in range(HANDS_PER_SETTING))
    assert compared == 52 * HANDS_PER_SETTING


def test_a_disagreement_is_caught():
    """The oracle can fail: OpenSpiel with Q♠ breaking hearts against our rules without it
    disagrees within a few hands (a heart led after Q♠ was discarded)."""
    rules = Rules(queen_breaks_hearts=False)
    game = os_game(True, True, True, False)
    rng = Rng("oracle/mismatch")
    with pytest.raises(AssertionError, match="legal set"):
        for n in range(HANDS_PER_SETTING):
            play_beside(game, rules, rng, n)
