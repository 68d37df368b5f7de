"""The coach's rollout backend: play every candidate out on the same sampled deals.

A backend is any function ``(view, candidates, deals) -> Outcomes``:

- ``view``: the position (play phase: candidates are card indices; pass phase: candidates
  are 3-card masks);
- ``deals``: hidden deals from ``agents.hearts.deals`` (lists of four hand masks);
- the result: one row per candidate, one column per deal.

``scalar_backend`` plays each rollout with the bitmask rule policy of ``agents.hearts.rollout``;
``batch_backend`` plays them all at once on the numpy batch engine and returns the same
arrays (a test checks that they agree exactly). The statistics in ``coach_stats`` only ever
see these arrays. ``default_backend()`` is the batch one.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from hearts_teach.agents.hearts.batch_play import make_policy
from hearts_teach.agents.hearts.batch_policy import rule_pass_masks
from hearts_teach.agents.hearts.policy import rule_pass
from hearts_teach.agents.hearts.rollout import rollout
from hearts_teach.games.hearts.batch import U64, BatchState, run_play, unsupported_option
from hearts_teach.games.hearts.legality import opening_holder
from hearts_teach.games.hearts.rules import PASS_OFFSETS, pass_target
from hearts_teach.games.hearts.scoring import final_scores
from hearts_teach.games.hearts.view import View
from hearts_teach.kernel.cards import HEARTS_MASK, QS_MASK
from hearts_teach.kernel.table import SEAT_COUNT


@dataclass(frozen=True)
class Outcomes:
    """What happened in each rollout, as integer arrays of shape (candidates, deals)."""

    points: np.ndarray  # the seat's score for the whole hand (moon applied)
    queen: np.ndarray  # 1 if the Q♠ ended in the seat's tricks (whether or not a moon was shot)
    hearts: np.ndarray  # hearts in the seat's tricks
    moon: np.ndarray  # the seat that shot the moon, or -1
    trick: np.ndarray  # 1 if the seat won the trick in progress (plays; 0 for passes)
    others: np.ndarray  # the other seats' scores added up (for payoffs)

    @staticmethod
    def concat(parts: Sequence[Outcomes]) -> Outcomes:
        return Outcomes(*(np.concatenate([getattr(p, f) for p in parts], axis=1) for f in _FIELDS))

    def rows(self, index: Sequence[int]) -> Outcomes:
        return Outcomes(*(getattr(self, f)[list(index)] for f in _FIELDS))


_FIELDS = ("points", "queen", "hearts", "moon", "trick", "others")

Backend = Callable[[View, Sequence[int], Sequence[list[int]]], Outcomes]


class PlayContext:
    """The fixed part of a play position, unpacked once for many rollouts (the scalar
    backend's; tests drive the rollout through it as the coach does)."""

    __slots__ = ("taken", "trick_len", "trick_mask", "turn", "led_suit", "win_seat", "win_card",
                 "broken", "tricks_done", "played", "rules", "moon", "omnibus", "seat", "stop",
                 "defence")

    def __init__(self, view: View):
        self.seat = view.seat
        self.taken = list(view.taken)
        self.trick_len = len(view.trick)
        self.trick_mask = view.trick_mask
        self.turn = view.turn
        self.led_suit = view.led_suit
        self.win_seat = view.win_seat
        self.win_card = view.win_card
        self.broken = view.broken
        self.tricks_done = view.tricks_done
        self.played = view.played
        self.rules = view.rules.compiled
        self.moon = view.rules.moon
        self.omnibus = view.rules.omnibus
        self.stop = self.rules.scoring
        self.defence = (True,) * len(self.taken)  # every seat defends against a moon

    def run(self, hands: list[int], card: int) -> tuple[list[int], int]:
        return rollout(hands[:], self.taken[:], self.trick_len, self.trick_mask, self.turn,
                       self.led_suit, self.win_seat, self.win_card, self.broken, self.tricks_done,
                       self.played, self.rules, self.defence, card, self.stop)


def scalar_backend(view: View, candidates: Sequence[int], deals: Sequence[list[int]]) -> Outcomes:
    """Roll every candidate out on every deal with the scalar rule policy."""
    k, n = len(candidates), len(deals)
    arrays = [np.zeros((k, n), dtype=np.int16) for _ in _FIELDS]
    points, queen, hearts, moon, trick, others = arrays
    seat = view.seat
    rules = view.rules
    moon_rule, omni = rules.moon, rules.omnibus
    if view.phase == "pass":
        direction = view.pass_direction
        compiled = rules.compiled
        table, n = rules.table, rules.players
        defence = (True,) * n
        for j, dealt in enumerate(deals):
            # the others pass like the rule bot: computed once per deal, not per candidate
            theirs = [rule_pass(dealt[s]) if s != seat else 0 for s in table.seats]
            for i, mine in enumerate(candidates):
                chosen = theirs[:]
                chosen[seat] = mine
                hands = [dealt[s] ^ chosen[s] for s in table.seats]
                for s in table.seats:
                    to = pass_target(s, direction, table)
                    if to is not None:  # a hold hand passes nothing
                        hands[to] |= chosen[s]
                taken, _ = rollout(hands, [0] * n, 0, 0, opening_holder(hands, compiled), -1, -1, -1,
                                   False, 0, 0, compiled, defence)
                scores, shooter = final_scores(taken, moon_rule, omni)
                _record(arrays, i, j, taken[seat], scores, seat, shooter, False)
    else:
        ctx = PlayContext(view)
        for j, hands in enumerate(deals):
            for i, card in enumerate(candidates):
                taken, first_winner = ctx.run(hands, card)
                scores, shooter = final_scores(taken, moon_rule, omni)
                _record(arrays, i, j, taken[seat], scores, seat, shooter, first_winner == seat)
    return Outcomes(points, queen, hearts, moon, trick, others)


def _record(arrays: list[np.ndarray], i: int, j: int, mine: int, scores: tuple[int, ...], seat: int,
            shooter: int | None,
            won: bool) -> None:
    points, queen, hearts, moon, trick, others = arrays
    points[i, j] = scores[seat]
    others[i, j] = sum(scores) - scores[seat]
    queen[i, j] = 1 if mine & QS_MASK else 0
    hearts[i, j] = (mine & HEARTS_MASK).bit_count()
    moon[i, j] = -1 if shooter is None else shooter
    trick[i, j] = 1 if won else 0


def batch_backend(view: View, candidates: Sequence[int], deals: Sequence[list[int]]) -> Outcomes:
    """The same rollouts on the numpy batch engine (``hearts_teach.games.hearts.batch``): every
    candidate × deal is one hand of a lockstep batch, played by the vectorised rule policy,
    which chooses exactly the scalar rule bot's cards; the results equal ``scalar_backend``'s."""
    w = np.array(deals, dtype=U64).reshape(-1, SEAT_COUNT)  # the batch engine seats four
    n, k = len(w), len(candidates)
    st = BatchState(np.tile(w, (k, 1)), view.rules)
    policy = make_policy("rule")
    if view.phase == "pass":
        chosen = np.zeros((n, SEAT_COUNT), dtype=U64)
        for s in range(SEAT_COUNT):
            if s != view.seat:
                chosen[:, s] = rule_pass_masks(w[:, s])  # the others pass like the rule bot
        chosen = np.tile(chosen, (k, 1))
        chosen[:, view.seat] = np.repeat(np.array(candidates, dtype=U64), n)
        st.apply_pass(chosen, PASS_OFFSETS[view.pass_direction])
        st.start_play()
        run_play(st, [policy])
    else:
        st.load_view(view)
        st.update_threats()
        run_play(st, [policy], first=np.repeat(np.array(candidates, dtype=np.intp), n))
    scores, moon = st.scores()
    seat = view.seat
    mine = st.taken[:, seat]
    queen = ((mine & U64(QS_MASK)) != 0).astype(np.int16)
    hearts = np.bitwise_count(mine & U64(HEARTS_MASK)).astype(np.int16)
    won = (st.first_winner == seat).astype(np.int16) if view.phase == "play" else np.zeros(k * n, np.int16)
    shape = (k, n)
    rest = scores.sum(axis=1) - scores[:, seat]
    return Outcomes(scores[:, seat].astype(np.int16).reshape(shape), queen.reshape(shape),
                    hearts.reshape(shape), moon.astype(np.int16).reshape(shape), won.reshape(shape),
                    rest.astype(np.int16).reshape(shape))


def default_backend(view: View | None = None) -> Backend:
    """The backend the coach and the Monte Carlo bots use unless told otherwise: the batch
    engine, or the scalar one for a ``view`` whose rules the batch engine does not play (a
    table of 3, 5 or 6, or an option it has not learnt: ``batch.unsupported_option``)."""
    if view is not None and unsupported_option(view.rules) is not None:
        return scalar_backend
    return batch_backend


__all__ = ["Backend", "Outcomes", "PlayContext", "batch_backend", "default_backend", "scalar_backend"]
