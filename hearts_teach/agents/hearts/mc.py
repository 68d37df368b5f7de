"""The determinized Monte Carlo bot (after jdh8/hearts-engine's ``mc:N`` bot).

For a play: sample N hidden deals consistent with the view, try every candidate card
(equivalent cards collapsed) in every world, roll out with the rule policy for all seats,
and compare candidates on the *same* worlds. The bot leaves the rule bot's card only when
the paired difference clears a significance gate. Passing works the same way over a pool
of about 25 triples, with the opponents passing like the rule bot inside each world.
The worlds come from the coach's sampler (``agents.hearts.deals``) and are rolled out by the coach's
backend (``coach_backend``: the batch engine), so a bot and the coach see the same deals.
"""

from __future__ import annotations

import math

from hearts_teach.agents.hearts.base import Bot
from hearts_teach.agents.hearts.candidates import pass_pool
from hearts_teach.agents.hearts.deals import deal_array, deals
from hearts_teach.agents.hearts.endgame import solve_values
from hearts_teach.agents.hearts.policy import rule_pass, rule_play, threat_of
from hearts_teach.games.hearts.view import View
from hearts_teach.kernel.cards import (
    HEARTS_MASK,
    JD_MASK,
    QS_INDEX,
    QS_MASK,
    SUIT_MASKS,
    SUITS,
)
from hearts_teach.kernel.errors import ArgumentError, quote
from hearts_teach.kernel.rng import Rng, hash64
from hearts_teach.kernel.table import SEAT_COUNT
from hearts_teach.kernel.validation import check_int, check_probability

ALL_DEFENCE = (True, True, True, True)


# candidates ----------------------------------------------------------------------------
def equivalence_classes(hand: int, legal: int, known_gone: int, omnibus: bool = False) -> list[list[int]]:
    """Group legal cards that are interchangeable: same suit, equal point value, and every
    card ranked between them is either in this hand or already out of play (``known_gone``:
    cards played in *completed* tricks). Q♠ (and J♦ under omnibus) stand alone."""
    classes: list[list[int]] = []
    fill = hand | known_gone
    for suit in range(SUITS):
        m = legal & SUIT_MASKS[suit]
        current: list[int] = []
        prev = -1
        while m:
            b = m & -m
            c = b.bit_length() - 1
            m ^= b
            special = c == QS_INDEX or (omnibus and b & JD_MASK)
            linked = (current and prev >= 0 and not special and not _special(prev, omnibus)
                      and _gap_filled(prev, c, fill))
            if linked:
                current.append(c)
            else:
                if current:
                    classes.append(current)
                current = [c]
            prev = c
        if current:
            classes.append(current)
    return classes


def _special(c: int, omnibus: bool) -> bool:
    return c == QS_INDEX or (omnibus and (1 << c) & JD_MASK != 0)


def _gap_filled(a: int, b: int, fill: int) -> bool:
    between = ((1 << b) - 1) & ~((2 << a) - 1)
    return between & ~fill == 0


def completed_played(view: View) -> int:
    """Cards played in completed tricks (the trick in progress is excluded)."""
    m = view.played
    for c in view.trick:
        m &= ~(1 << c)
    return m


def out_of_play(view: View) -> int:
    """Cards nobody can play any more: those of completed tricks, and those taken out of the
    deck at 3, 5 or 6 players (one place for both the coach's and the bots' grouping)."""
    return completed_played(view) | view.rules.removed_mask


def greedy_card(view: View) -> int:
    trick_mask = 0
    for c in view.trick:
        trick_mask |= 1 << c
    return rule_play(view.seat, view.hand, view.legal_mask, len(view.trick), view.led_suit,
                     view.win_card, view.win_seat, trick_mask, view.played,
                     threat_of(view.taken, view.seat), view.rules.players)


def _pick_cap(classes: list[list[int]], keep: int, cap: int) -> list[list[int]]:
    """At most ``cap`` classes: always the one holding ``keep``, the rest evenly spread."""
    if len(classes) <= cap:
        return classes
    others = [cl for cl in classes if keep not in cl]
    mine = [cl for cl in classes if keep in cl]
    step = len(others) / (cap - 1)
    chosen = [others[int(i * step)] for i in range(cap - 1)]
    return sorted(mine + chosen, key=lambda cl: cl[0])


# rollouts ------------------------------------------------------------------------------
def payoff(scores: tuple[int, ...], seat: int) -> float:
    """Own points minus the mean of the others' (lower is better; a moon counts fully)."""
    return scores[seat] - (sum(scores) - scores[seat]) / (len(scores) - 1)


def paired_stats(diffs: list[float]) -> tuple[float, float]:
    """Mean and standard error of paired differences."""
    n = len(diffs)
    mean = sum(diffs) / n
    if n < 2:
        return mean, float("inf")
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean, math.sqrt(var / n)


# the bot -------------------------------------------------------------------------------
MAX_WORLDS = 100_000  # sampled deals per decision: more would run for hours
CANDIDATE_CAP = 8  # candidate classes rolled out per decision (the ladder's descriptions say so)


class MonteCarloBot(Bot):
    """``MonteCarloBot(seed, worlds=64)``: determinized rollouts with the rule policy.

    worlds: sampled deals per play decision (the same worlds for every candidate).
    gate: leave the rule bot's choice only when the paired gain exceeds ``gate`` standard
    errors. cap: at most this many candidate classes are rolled out.
    pass_worlds: sampled deals per pass candidate (default ``worlds // 2``, at least 16).
    endgame: once the bot holds this many cards or fewer (0: never), each candidate is valued
    by exact search of the rest of the hand in ``endgame_worlds`` sampled deals
    (``agents.hearts.endgame``: the bot's own later cards chosen best, the others by the
    rule policy) instead of by rollouts.
    miss: read the others' past plays (``agents.hearts.inference.posterior_deals``, 1: off):
    ``oversample`` times as many deals are sampled, each weighed by ``miss`` to the power of the
    others' plays the rule policy would not have made in it; the worlds are drawn from them in
    proportion and then moved by ``moves`` Metropolis swaps each. read_pass: weigh the deals by
    the others' passes as well (``inference.pass_misses``: where the big spades can be).
    """

    def __init__(self, seed: int = 0, worlds: int = 64, gate: float = 1.5, cap: int = CANDIDATE_CAP,
                 pass_worlds: int | None = None, name: str | None = None, endgame: int = 0,
                 endgame_worlds: int = 64, miss: float = 1.0, oversample: int = 4, moves: int = 2,
                 read_pass: bool = False):
        super().__init__(seed)
        check_int(worlds, "worlds", 2, MAX_WORLDS)
        check_int(cap, "cap", 1, 52)
        if pass_worlds is not None:
            check_int(pass_worlds, "pass_worlds", 1, MAX_WORLDS)
        if isinstance(gate, bool) or not isinstance(gate, int | float) or not 0 <= gate < float("inf"):
            raise ArgumentError(f"gate is a number ≥ 0, got {quote(gate)}", argument="gate")
        self.worlds = worlds
        self.gate = gate
        self.cap = cap
        self.pass_worlds = pass_worlds if pass_worlds is not None else max(16, worlds // 2)
        check_int(endgame, "endgame", 0, 13)
        check_int(endgame_worlds, "endgame_worlds", 2, MAX_WORLDS)
        self.endgame = endgame
        self.endgame_worlds = endgame_worlds
        self.miss = check_probability(miss, "miss")
        check_int(oversample, "oversample", 1, 64)
        self.oversample = oversample
        check_int(moves, "moves", 0, 64)
        self.moves = moves
        if not isinstance(read_pass, bool):
            raise ArgumentError(f"read_pass is True or False, got {quote(read_pass)}", argument="read_pass")
        self.read_pass = read_pass
        self.name = name or f"mc:{worlds}"

    def deal_seed(self) -> int:
        """The seed of this bot's sampled deals (``agents.hearts.deals``: the coach's sampler, with
        deals keyed by the position and this seed)."""
        return hash64(f"{self.name}|{self.seed}")

    # play ----------------------------------------------------------------------------
    def play_index(self, view: View) -> int:
        legal = view.legal_mask
        if not legal & (legal - 1):
            return legal.bit_length() - 1
        greedy = greedy_card(view)
        classes = equivalence_classes(view.hand, legal, out_of_play(view), view.rules.omnibus)
        if len(classes) == 1:
            return greedy
        classes = _pick_cap(classes, greedy, self.cap)
        cands = [greedy if greedy in cl else cl[0] for cl in classes]
        if view.hand.bit_count() <= self.endgame:
            worlds = self._worlds(view, self.endgame_worlds)
            return cands[self._decide(solve_values(view, cands, worlds), cands.index(greedy))]
        worlds = self._worlds(view, self.worlds)
        return cands[self._decide(self._payoffs(view, cands, worlds), cands.index(greedy))]

    def _worlds(self, view: View, count: int) -> list[list[int]]:
        """``count`` deals from the coach's sampler; with ``miss`` < 1, drawn in proportion to
        how well each fits the others' plays so far, and with ``read_pass`` their passes
        (``agents.hearts.inference``)."""
        reads = bool(view.plays) or (self.read_pass and bool(view.received))
        if self.miss >= 1 or not reads or view.rules.players != SEAT_COUNT:
            return deals(view, self.deal_seed(), count)
        from hearts_teach.agents.hearts.inference import (
            posterior_deals,  # numpy: only when asked for
        )

        pool = deal_array(view, self.deal_seed(), count * self.oversample)
        rng = Rng(hash64(f"{self.name}|{self.seed}|posterior|{view.key()}"))
        return posterior_deals(view, pool, count, self.miss, rng, self.moves, self.read_pass).tolist()

    def _payoffs(self, view: View, cands: list[int], worlds: list[list[int]]) -> list[list[float]]:
        """Own points minus the others' mean, per candidate and world (the coach's backend)."""
        from hearts_teach.agents.hearts.coach_backend import (
            default_backend,  # the batch engine loads numpy: late
        )

        out = default_backend(view)(view, cands, worlds)
        return (out.points - out.others / (view.rules.players - 1)).tolist()

    def _decide(self, values: list[list[float]], base: int) -> int:
        means = [sum(r) / len(r) for r in values]
        best = min(range(len(values)), key=lambda i: (means[i], i))
        if best == base:
            return base
        diffs = [a - b for a, b in zip(values[best], values[base], strict=True)]
        mean, se = paired_stats(diffs)
        if mean < 0 and (se == 0 or -mean > self.gate * se):
            return best
        return base

    # pass ----------------------------------------------------------------------------
    def pass_mask(self, view: View) -> int:
        pool = pass_pool(view.hand)
        greedy = rule_pass(view.hand)
        worlds = deals(view, self.deal_seed(), self.pass_worlds)
        return pool[self._decide(self._payoffs(view, pool, worlds), pool.index(greedy))]


__all__ = ["CANDIDATE_CAP", "MonteCarloBot", "equivalence_classes", "pass_pool", "payoff",
           "paired_stats", "HEARTS_MASK", "QS_MASK"]
