"""The random bot, the beginner, the rule bot and a yardstick (always the highest card)."""

from __future__ import annotations

from hearts_teach.agents.hearts.base import Bot
from hearts_teach.agents.hearts.policy import NO_MOON, rule_pass, rule_play, threat_of
from hearts_teach.games.hearts.view import View
from hearts_teach.kernel.cards import BIT, SUIT_MASKS, indices_of
from hearts_teach.kernel.rng import Rng


class RandomBot(Bot):
    """Passes 3 random cards and plays a random legal card (seeded by the position)."""

    name = "random"

    def pass_mask(self, view: View) -> int:
        rng = self.rng_for(view, "pass")
        m = 0
        for c in rng.sample(indices_of(view.hand), 3):
            m |= 1 << c
        return m

    def play_index(self, view: View) -> int:
        return self.rng_for(view, "play").pick_bit(view.legal_mask)


class StreamRandomBot(Bot):
    """Passes 3 random cards and plays a random legal card, each drawn in turn from one ``Rng``
    stream (not from the position, as ``RandomBot``): the random player of the scalar hot loop
    ``tools.bench.random_hand`` and of the checkers' random hands. Every seat may share one
    stream; then the draws follow the order of play, and ``tests/test_driver.py`` shows that
    the hot loop and this bot on the driver play the same games."""

    name = "stream random"

    def __init__(self, rng: Rng):
        super().__init__(0)
        self.rng = rng

    def pass_mask(self, view: View) -> int:
        left, chosen = view.hand, 0
        for _ in range(3):  # a pass is three cards
            bit = BIT[self.rng.pick_bit(left)]
            chosen |= bit
            left ^= bit
        return chosen

    def play_index(self, view: View) -> int:
        return self.rng.pick_bit(view.legal_mask)


class HighestCardBot(Bot):
    """A yardstick, not on the ladder: passes its 3 highest cards and always plays its
    highest legal card (between equal ranks, the higher suit: ♠ ♥ ♦ ♣). Any sensible bot
    should beat it."""

    name = "highest"

    def pass_mask(self, view: View) -> int:
        cards = sorted(indices_of(view.hand), key=lambda c: (c % 13, c // 13))
        return sum(1 << c for c in cards[-3:])

    def play_index(self, view: View) -> int:
        return max(indices_of(view.legal_mask), key=lambda c: (c % 13, c // 13))


class RuleBot(Bot):
    """The greedy rule bot (jdh8's heuristic): passes by sequential rescoring with the
    spade-guard rule; plays by ducking, dumping and flushing the queen. ``moon_defence``
    switches the defence against a lone opponent who has swept every point (at least 8).
    Deterministic: the seed is accepted for a uniform interface but never needed."""

    name = "rule"

    def __init__(self, seed: int = 0, moon_defence: bool = True, void_bonus: bool = True):
        super().__init__(seed)
        self.moon_defence = moon_defence
        self.void_bonus = void_bonus
        if not moon_defence:
            self.name = "easy"

    def pass_mask(self, view: View) -> int:
        return rule_pass(view.hand, void_bonus=self.void_bonus)

    def play_index(self, view: View) -> int:
        threat = threat_of(view.taken, view.seat) if self.moon_defence else NO_MOON
        trick_mask = 0
        for c in view.trick:
            trick_mask |= 1 << c
        return rule_play(view.seat, view.hand, view.legal_mask, len(view.trick), view.led_suit,
                         view.win_card, view.win_seat, trick_mask, view.played, threat, view.rules.players)


class BeginnerBot(Bot):
    """A beginner who knows the rules and three habits, and nothing else: pass the three highest
    cards; lead the lowest card; follow with the highest card that stays under the winner (or,
    when every card wins, the highest); when void, throw the highest card away (aces and kings
    before the Q♠). No spade flush, no counting, no moon defence: a learner who ducks, keeps the
    Q♠ guarded and leads spades under it beats this bot. Deterministic."""

    name = "beginner"

    def pass_mask(self, view: View) -> int:
        cards = sorted(indices_of(view.hand), key=lambda c: (c % 13, c // 13))
        return sum(1 << c for c in cards[-3:])

    def play_index(self, view: View) -> int:
        legal = view.legal_mask
        if view.led_suit < 0:  # leading: the lowest rank (between equal ranks, the lower suit)
            return min(indices_of(legal), key=lambda c: (c % 13, c // 13))
        if legal & SUIT_MASKS[view.led_suit]:
            under = legal & ((1 << view.win_card) - 1)
            return high_bit(under or legal)
        return max(indices_of(legal), key=lambda c: (c % 13, c // 13))  # discard the highest rank


def high_bit(mask: int) -> int:
    return mask.bit_length() - 1
