"""Entry point 2 of the batch engine: from one position, sample hidden deals consistent with
what the seat knows and roll out every candidate on the same deals.

    >>> from hearts_teach.agents.hearts.batch_sample import rollout
    >>> r = rollout(view, worlds=1024, seed=3)     # a View from hand.view(seat)
    >>> r.points()                                  # (candidates, worlds): the seat's score
    >>> r.mean_points()                             # one number per candidate

``sample_worlds(view, n)`` deals the unseen cards to the other seats: each gets exactly as
many cards as it holds, none of a suit it has shown void in, and the seat's passed cards
stay with the seat it passed them to (unless played). Without voids it shuffles and cuts
(exactly uniform); with voids it places cards most-constrained suit first, each to an
eligible seat with probability proportional to its free places, as
``agents.hearts.rollout.sample_hands`` does; the rare dead end is redealt by that scalar sampler
(which checks Hall's condition), so every world is consistent.

Candidates × worlds share one ``BatchState`` (candidate-major), and a random policy draws
by world, so every candidate meets the same deals and the same noise (common random
numbers: differences between candidates are paired).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import cast

import numpy as np

from hearts_teach.agents.hearts.batch_play import make_policy
from hearts_teach.agents.hearts.batch_policy import rule_pass_masks
from hearts_teach.agents.hearts.candidates import pass_pool
from hearts_teach.games.hearts.batch import (
    BITS,
    U64,
    BatchState,
    Policy,
    Stream,
    check_batch_seed,
    check_count,
    check_rules,
    run_play,
)
from hearts_teach.games.hearts.rules import PASS_OFFSETS
from hearts_teach.games.hearts.view import View, require_view
from hearts_teach.kernel.cards import DECK, FULL_DECK, indices_of
from hearts_teach.kernel.errors import (
    ArgumentError,
    ArgumentTypeError,
    IllegalPassError,
    IllegalPlayError,
    Rule,
    WrongPhaseError,
    quote,
)
from hearts_teach.kernel.rng import Rng
from hearts_teach.kernel.table import SEAT_COUNT


# sampling ---------------------------------------------------------------------------------
def _constraints(view: View) -> tuple[int, list[int], list[int], list[int]]:
    """(free cards mask, base hands, free places per seat, voids) of the hidden deal."""
    me = view.seat
    base = [0] * SEAT_COUNT
    base[me] = view.hand
    if view.phase == "pass":
        unseen = FULL_DECK & ~view.hand
        cap = [0 if s == me else 13 for s in range(SEAT_COUNT)]
        return unseen, base, cap, [0] * SEAT_COUNT
    if view.phase != "play":
        raise WrongPhaseError(f"cannot sample hidden deals from a {view.phase!r} position: "
                              f"use a view from the pass or the play", rule=Rule.WRONG_PHASE)
    unseen = view.unseen_mask
    cap = [0 if s == me else view.sizes[s] for s in range(SEAT_COUNT)]
    target = view.pass_to
    if view.passed and target is not None:  # a pass hand, once passed
        k = view.passed & unseen
        base[target] |= k
        cap[target] -= k.bit_count()
        unseen &= ~k
    return unseen, base, cap, list(view.void)


def sample_worlds(view: View, n: int, seed: int | Rng = 0) -> np.ndarray:
    """``n`` hidden deals consistent with ``view`` as (n, seats) masks (the seat's own hand in
    its column). The same view and seed give the same deals."""
    view = require_view(view, "sample_worlds")
    check_rules(view.rules, table_only=True)  # four seats only (other tables: deals.table_deal)
    n = check_count(n, "n")
    rng = check_batch_seed(seed)
    stream = Stream.from_rng(rng, np.arange(n))
    free, base, cap0, void = _constraints(view)
    me = view.seat
    others = [s for s in range(SEAT_COUNT) if s != me]
    out = np.broadcast_to(np.array(base, dtype=U64), (n, SEAT_COUNT)).copy()
    cards = indices_of(free)
    suits_in = sorted({c // 13 for c in cards})
    elig_of = {s: [o for o in others if not void[o] >> s & 1] for s in suits_in}
    if all(len(elig_of[s]) == len(others) for s in suits_in):
        # no void matters: shuffle and cut (exactly uniform)
        deck = np.tile(np.array(cards, dtype=np.int8), (n, 1))
        ar = np.arange(n)
        for i in range(len(cards) - 1, 0, -1):
            j = stream.below(i + 1)
            top = deck[:, i].copy()
            deck[:, i] = deck[ar, j]
            deck[ar, j] = top
        pos = 0
        for s in others:
            if cap0[s]:
                out[:, s] |= np.bitwise_or.reduce(BITS[deck[:, pos:pos + cap0[s]]], axis=1)
            pos += cap0[s]
        return out
    order = sorted(suits_in, key=lambda s: (len(elig_of[s]), s))
    todo = np.arange(n)
    for _attempt in range(8):
        if not len(todo):
            break
        ok = _place(out, todo, cards, order, elig_of, cap0, stream)
        todo = todo[~ok]
    for w in todo.tolist():  # dead ends: the scalar sampler with its Hall's-condition check
        from hearts_teach.agents.hearts.rollout import sample_hands

        hands = sample_hands(rng.spawn(f"world/{w}"), me, view.hand, free | _known(base, me),
                             [13 if view.phase == "pass" else view.sizes[s] for s in range(SEAT_COUNT)],
                             void, {s: base[s] for s in others if base[s]})
        out[w] = hands
    return out


def _known(base: list[int], me: int) -> int:
    m = 0
    for s in range(SEAT_COUNT):
        if s != me:
            m |= base[s]
    return m


def _place(out: np.ndarray, rows: np.ndarray, cards: list[int], order: list[int],
           elig_of: dict, cap0: list[int], stream: Stream) -> np.ndarray:
    """Sequential placement for the worlds ``rows`` (written into ``out``); returns which
    rows succeeded (the others are left for another try)."""
    m = len(rows)
    cap = np.tile(np.array(cap0, dtype=np.intp), (m, 1))
    got = out[rows].copy()
    ok = np.ones(m, dtype=bool)
    ar = np.arange(m)
    for suit in order:
        elig = np.array(elig_of[suit], dtype=np.intp)
        for c in (c for c in cards if c // 13 == suit):
            u = stream.uniform()[rows]
            free = cap[:, elig]
            total = free.sum(axis=1)
            ok &= total > 0
            r = (u * total)
            cum = np.cumsum(free, axis=1)
            k = np.minimum((r[:, None] >= cum).sum(axis=1), len(elig) - 1)
            seat = elig[k]
            seat = np.where(ok, seat, elig[0])
            got[ar, seat] |= BITS[c]
            cap[ar, seat] -= 1
    ok &= (cap >= 0).all(axis=1)
    out[rows[ok]] = got[ok]
    return ok


# rollouts ---------------------------------------------------------------------------------
@dataclass
class Rollouts:
    """Candidates × common worlds. ``scores`` (C, N, 4) final scores; ``moon`` (C, N)
    shooter or -1; ``taken`` (C, N, 4) masks; ``trick_winner`` (C, N): who won the trick in
    progress (for a pass: the first trick); ``worlds`` (N, 4) the sampled deals."""

    seat: int
    phase: str
    candidates: list[int]  # card indices (play) or 3-card masks (pass)
    worlds: np.ndarray
    scores: np.ndarray
    moon: np.ndarray
    taken: np.ndarray
    trick_winner: np.ndarray

    def points(self) -> np.ndarray:
        """(C, N): the seat's score in every candidate × world."""
        return self.scores[:, :, self.seat]

    def payoff(self) -> np.ndarray:
        """(C, N): own score minus the mean of the others' (lower is better)."""
        s = self.scores.astype(np.float64)
        own = s[:, :, self.seat]
        return own - (s.sum(axis=2) - own) / (s.shape[2] - 1)

    def mean_points(self) -> np.ndarray:
        return self.points().mean(axis=1)

    def labels(self) -> list[str]:
        if self.phase == "play":
            return [DECK[c].pretty for c in self.candidates]
        return [" ".join(DECK[c].pretty for c in indices_of(m)) for m in self.candidates]

    def table(self) -> str:
        lines = [f"{'candidate':<14} {'mean pts':>8} {'moon %':>7}"]
        mp = self.mean_points()
        for i, lab in enumerate(self.labels()):
            lines.append(f"{lab:<14} {mp[i]:8.2f} {100 * (self.moon[i] >= 0).mean():6.1f}%")
        return "\n".join(lines)


def _policy(policy: str | Policy, stream: Stream) -> Policy:
    return make_policy(policy, stream)


def _check_candidates(candidates: object, what: str) -> list[int] | None:
    """``None`` or a non-empty list of whole numbers (card indices or 3-card masks)."""
    if candidates is None:
        return None
    if isinstance(candidates, str | bytes | dict | set | frozenset) or not isinstance(candidates, Sequence | np.ndarray):
        raise ArgumentTypeError(f"expected a list of {what}, got {quote(candidates)}", argument="candidates")
    out = []
    for c in candidates:
        if isinstance(c, bool) or not isinstance(c, int | np.integer):
            raise ArgumentTypeError(f"expected a list of {what} (whole numbers), got {quote(c)} in it",
                                    argument="candidates")
        out.append(int(c))
    if not out:
        raise ArgumentError(f"expected at least one of the {what}, got an empty list", argument="candidates")
    return out


def _check_rollout_args(view: object, candidates: object, worlds: object, seed: object, policy: object,
                        what: str) -> tuple[View, list[int] | None, int, Rng]:
    """Every argument of a rollout checked before any work (the policy by building it once)."""
    view = require_view(view, "rollout")
    check_rules(view.rules)  # four seats only: a view from another table is refused by name
    cands = _check_candidates(candidates, what)
    worlds = check_count(worlds, "worlds")
    rng = check_batch_seed(seed)
    make_policy(cast("str | Policy", policy), Stream(0, np.zeros(1, dtype=np.uint64)))  # refuses a bad one
    return view, cands, worlds, rng


def rollout(view: View, candidates: Sequence[int] | None = None, worlds: int = 256,
            seed: int | Rng = 0, policy: str | Policy = "rule") -> Rollouts:
    """Roll out every candidate on the same ``worlds`` sampled deals: cards (indices; default
    every legal card) during the play, 3-card masks (default ``agents.hearts.candidates.pass_pool``) during
    the pass. Every seat then plays ``policy`` (``rule``, ``easy`` or ``random``)."""
    view = require_view(view, "rollout")
    if view.phase == "pass":
        return rollout_pass(view, candidates, worlds, seed, policy)
    return rollout_play(view, candidates, worlds, seed, policy)


def rollout_play(view: View, candidates: Sequence[int] | None = None, worlds: int = 256,
                 seed: int | Rng = 0, policy: str | Policy = "rule") -> Rollouts:
    view, candidates, worlds, rng = _check_rollout_args(view, candidates, worlds, seed, policy,
                                                        "card indices (0-51)")
    if not view.my_turn:
        raise WrongPhaseError(f"it is not {view.seat_names[view.seat]}'s turn to play "
                              f"(phase: {view.phase}), so there is no card to roll out",
                              rule=Rule.WRONG_PHASE, seat=view.seat)
    legal_mask, (_why, why_not) = view.legal_and_why  # the game's cascade
    cands = indices_of(legal_mask) if candidates is None else candidates
    for c in cands:
        if not (0 <= c < 52 and legal_mask >> c & 1):
            held = 0 <= c < 52 and view.hand >> c & 1
            name = DECK[c].pretty if 0 <= c < 52 else quote(c)
            raise IllegalPlayError(f"cannot roll out {name}: {'it is not legal now' if held else 'the seat does not hold it'} "
                                   f"({why_not if held else Rule.NOT_IN_HAND}); the legal cards are "
                                   f"{', '.join(DECK[i].pretty for i in indices_of(legal_mask))}",
                                   rule=why_not if held and why_not is not None else Rule.NOT_IN_HAND, seat=view.seat)
    w = sample_worlds(view, worlds, rng.spawn("worlds"))
    c = len(cands)
    st = BatchState(np.tile(w, (c, 1)), view.rules)
    st.load_view(view)
    stream = Stream.from_rng(rng.spawn("policy"), np.tile(np.arange(worlds), c))
    pol = _policy(policy, stream)
    st.defence[:] = getattr(pol, "moon_defence", True)
    st.update_threats()
    run_play(st, [pol], first=np.repeat(np.array(cands, dtype=np.intp), worlds))
    return _result(view, "play", cands, w, st, worlds)


def rollout_pass(view: View, candidates: Sequence[int] | None = None, worlds: int = 96,
                 seed: int | Rng = 0, policy: str | Policy = "rule") -> Rollouts:
    view, candidates, worlds, rng = _check_rollout_args(view, candidates, worlds, seed, policy,
                                                        "3-card masks")
    if view.pass_direction == "hold":
        raise WrongPhaseError("this is a hold hand: there is no pass to roll out", rule=Rule.WRONG_PHASE)
    if candidates is None:
        candidates = pass_pool(view.hand)
    cands = list(candidates)
    for m in cands:
        in_deck = 0 <= m <= FULL_DECK  # a huge or negative int is no mask (and prints badly)
        if not in_deck or m.bit_count() != 3 or m & ~view.hand:
            got = f"mask {m:#x}" if in_deck else quote(m)
            raise IllegalPassError(f"a pass candidate must be 3 cards of the hand "
                                   f"{' '.join(DECK[i].pretty for i in indices_of(view.hand))}, "
                                   f"got {got}", rule=Rule.PASS_SIZE if not in_deck or m.bit_count() != 3
                                   else Rule.NOT_IN_HAND, seat=view.seat)
    w = sample_worlds(view, worlds, rng.spawn("worlds"))
    c = len(cands)
    stream = Stream.from_rng(rng.spawn("policy"), np.tile(np.arange(worlds), c))
    pol = _policy(policy, stream)
    st = BatchState(np.tile(w, (c, 1)), view.rules)
    st.defence[:] = getattr(pol, "moon_defence", True)
    # the others pass as the rule bot (the model of their pass), the seat its candidate
    chosen = np.zeros((worlds, SEAT_COUNT), dtype=U64)
    for s in range(SEAT_COUNT):
        if s != view.seat:
            chosen[:, s] = rule_pass_masks(w[:, s])
    chosen = np.tile(chosen, (c, 1))
    chosen[:, view.seat] = np.repeat(np.array(cands, dtype=U64), worlds)
    st.apply_pass(chosen, PASS_OFFSETS[view.pass_direction])
    st.start_play()
    run_play(st, [pol])
    return _result(view, "pass", cands, w, st, worlds)


def _result(view: View, phase: str, cands: list[int], w: np.ndarray, st: BatchState,
            worlds: int) -> Rollouts:
    scores, moon = st.scores()
    c = len(cands)
    return Rollouts(view.seat, phase, cands, w, scores.reshape(c, worlds, SEAT_COUNT),
                    moon.reshape(c, worlds), st.taken.reshape(c, worlds, SEAT_COUNT),
                    st.first_winner.reshape(c, worlds))


__all__ = ["Rollouts", "rollout", "rollout_pass", "rollout_play", "sample_worlds"]
