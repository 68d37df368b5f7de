"""The exact endgame search (``agents.hearts.endgame``) against the rollouts it replaces.

In a known world, the search tries every line of the deciding seat's own play while the
others answer with the rule policy, exactly as in a rollout. So for every candidate card its
value can never be worse than the rollout's (the rule policy's line is one of the lines
searched), equals it when the seat has no choice left, and is better somewhere.
"""

from __future__ import annotations

from hearts_teach import Hand
from hearts_teach.agents.hearts import MonteCarloBot, RuleBot
from hearts_teach.agents.hearts.coach_backend import PlayContext
from hearts_teach.agents.hearts.deals import deals
from hearts_teach.agents.hearts.endgame import Endgame, solve_values
from hearts_teach.agents.hearts.mc import payoff
from hearts_teach.games.hearts.scoring import final_scores
from hearts_teach.kernel.cards import indices_of


def late_views(seed: int, cards_left: int):
    """Views of the seat to play, every time it holds ``cards_left`` cards, in a rule-bot hand."""
    hand = Hand.deal(seed=seed, hand_number=3)  # a hold hand
    bots = [RuleBot() for _ in range(4)]
    out = []
    while not hand.is_over:
        v = hand.view(hand.turn)
        if v.hand.bit_count() == cards_left:
            out.append(v)
        bots[hand.turn].act(hand)
    return out


def rollout_value(view, hands, card) -> float:
    taken, _ = PlayContext(view).run(hands, card)
    scores, _ = final_scores(taken, view.rules.moon, view.rules.omnibus)
    return payoff(scores, view.seat)


def test_search_is_never_worse_than_the_rollout_and_better_somewhere():
    better = compared = 0
    for seed, cards_left in ((s, n) for s in range(6) for n in (2, 3, 4)):
        for view in late_views(seed, cards_left):
            cands = indices_of(view.legal_mask)
            worlds = deals(view, 7, 6)
            values = solve_values(view, cands, worlds)
            for i, card in enumerate(cands):
                for j, w in enumerate(worlds):
                    rolled = rollout_value(view, w, card)
                    assert values[i][j] <= rolled + 1e-9
                    better += values[i][j] < rolled - 1e-9
                    compared += 1
    assert compared > 100 and better > 0


def test_with_one_card_left_the_search_is_the_rollout():
    for seed in range(4):
        for view in late_views(seed, 1):
            (card,) = indices_of(view.legal_mask)
            for w in deals(view, 3, 4):
                assert Endgame(view).values(w, [card]) == [rollout_value(view, w, card)]


def test_an_endgame_bot_plays_legal_cards_and_repeats_itself():
    bot = MonteCarloBot(2, worlds=8, endgame=4, endgame_worlds=8)
    hand = Hand.deal(seed=9, hand_number=3)
    while not hand.is_over:
        v = hand.view(hand.turn)
        card = bot.choose_play(v)
        assert card.index in indices_of(v.legal_mask)
        if v.hand.bit_count() <= 4:
            assert MonteCarloBot(2, worlds=8, endgame=4, endgame_worlds=8).choose_play(v) == card
        hand.play(card, hand.turn)
    assert sum(hand.scores) in (26, 78)
