"""Vectorised policies for the batch engine: random legal play, the rule bot, and a random
player that draws exactly what the scalar ``RandomBot`` draws.

``RulePolicy`` is ``bots.policy.rule_play`` / ``rule_pass`` evaluated for every hand at
once: each branch of the scalar function becomes a boolean array, each card it would
return an index array, and ``np.select`` keeps the scalar function's order of tests. The
constants come from ``bots.policy``. tests/test_batch_policy.py checks card for card
against the scalar functions on positions from real play.
"""

from __future__ import annotations

import numpy as np

from .batch import (
    BITS,
    U64,
    BatchState,
    Policy,
    Stream,
    high,
    kth_bit,
    low,
    masks_of,
    popcount,
)
from .bots.policy import (
    AS_MASK,
    BIG_SPADES,
    CLUBS,
    DIAMONDS,
    HONOUR_BONUS,
    INSURANCE_RANK,
    KS_MASK,
    LOW_SPADES,
    MOON_OPEN,
    NON_POINTS,
    POINTS,
    SPADE_GUARDS,
    SPADES,
    TWO_CLUBS_BONUS,
    _tie_key,
)
from .cards import HEARTS_MASK, QS_INDEX, QS_MASK, SUIT_MASKS
from .rng import Rng, hash64

_AR52 = np.arange(52, dtype=U64)
_QS = U64(QS_MASK)
_NOT_QS = ~_QS
_HEARTS = U64(HEARTS_MASK)
_POINTS = U64(POINTS)
_NON_POINTS = U64(NON_POINTS)
_SPADES = U64(SPADES)
_BIG = U64(BIG_SPADES)
_AK = U64(AS_MASK | KS_MASK)
_CLUBS = U64(CLUBS)
_DIAMONDS = U64(DIAMONDS)
_SUIT_M = np.array(SUIT_MASKS, dtype=U64)
_BELOW = np.array([(1 << c) - 1 for c in range(52)], dtype=U64)
_ABOVE = ~np.array([(2 << c) - 1 for c in range(52)], dtype=U64)
_RANK = np.array([c % 13 for c in range(52)] + [-1])  # _RANK[-1]: no card
_ZERO = U64(0)


def _sub(a: np.ndarray, sel) -> np.ndarray:
    return a if sel is None else a[sel]


def sorted_cards(h: np.ndarray, k: int) -> np.ndarray:
    """(M,) masks of exactly ``k`` cards → (M, k) card indices, lowest first."""
    held = ((h[:, None] >> _AR52) & U64(1)).astype(bool)
    return np.nonzero(held)[1].reshape(len(h), k)


def sample3(h: np.ndarray, u: np.ndarray) -> np.ndarray:
    """``Rng.sample(indices_of(hand), 3)`` with the three uniforms ``u`` (M, 3) → masks."""
    pool = sorted_cards(h, 13)
    ar = np.arange(len(h))
    for i in range(3):
        j = i + (u[:, i] * (13 - i)).astype(np.intp)
        a = pool[:, i].copy()
        pool[:, i] = pool[ar, j]
        pool[ar, j] = a
    return masks_of(pool[:, :3])


# random -----------------------------------------------------------------------------------
class RandomPolicy(Policy):
    """A uniformly random legal card (k = ⌊u·n⌋-th lowest legal card, as ``Rng.pick_bit``)
    and 3 random cards to pass (as ``Rng.sample``), from a batch ``Stream``."""

    name = "random"

    def __init__(self, stream: Stream):
        self.stream = stream

    def play(self, st: BatchState, sel, h: np.ndarray, legal: np.ndarray) -> np.ndarray:
        u = _sub(self.stream.uniform(), sel)
        return kth_bit(legal, (u * np.bitwise_count(legal)).astype(np.intp))

    def pass_cards(self, st: BatchState, sel, seat: int) -> np.ndarray:
        u = np.stack([self.stream.uniform() for _ in range(3)], axis=1)
        return sample3(_sub(st.hands[:, seat], sel), _sub(u, sel))


class KeyedRandomPolicy(RandomPolicy):
    """The scalar ``RandomBot(seed)``'s choices exactly: each decision draws from
    ``Rng(hash64(name|seed|label|view.key()))`` as ``Bot.rng_for`` does. The view key is
    rebuilt from the arrays for each hand (a Python loop: this policy is for tournaments
    that must agree with the scalar path, not for speed)."""

    def __init__(self, seed: int, rules, hand_numbers: np.ndarray, name: str = "random"):
        self.seed = seed
        self.rules = rules
        self.hand_numbers = np.asarray(hand_numbers)
        self.bot_name = name
        self._rules_repr = repr(rules)
        self._numbers = self.hand_numbers.tolist()
        self._directions = [rules.pass_direction(k) for k in range(4)]

    def _rng(self, label: str, key: str) -> Rng:
        return Rng(hash64(f"{self.bot_name}|{self.seed}|{label}|{key}"))

    def _head(self, b: int, seat: int, phase: str) -> str:
        n = self._numbers[b]
        return f"v1|{self._rules_repr}|{self._directions[n % 4]}|{n}|{seat}|{phase}|"

    def play(self, st: BatchState, sel, h: np.ndarray, legal: np.ndarray) -> np.ndarray:
        rows = st.ar if sel is None else sel
        tl = st.step % 4
        cols = zip(rows.tolist(), st.turn[rows].tolist(), h.tolist(),
                   st.passed[rows, st.turn[rows]].tolist(), st.received[rows, st.turn[rows]].tolist(),
                   st.played[rows].tolist(), st.trick[rows, :tl].tolist(), st.leader[rows].tolist(),
                   st.broken[rows].tolist(), st.taken[rows].tolist(), st.void[rows].tolist(),
                   strict=True)
        u = np.empty(len(h))
        for i, (b, seat, hand, passed, received, played, trick, leader, broken, taken, void) \
                in enumerate(cols):
            key = (f"{self._head(b, seat, 'play')}{hand:x}|{passed:x}|{received:x}|{played:x}|"
                   f"{','.join(map(str, trick))}|{leader}|{int(broken)}|"
                   f"{','.join(f'{t:x}' for t in taken)}|{','.join(map(str, void))}")
            u[i] = self._rng("play", key).random()
        return kth_bit(legal, (u * np.bitwise_count(legal)).astype(np.intp))

    def pass_cards(self, st: BatchState, sel, seat: int) -> np.ndarray:
        rows = list(range(st.size)) if sel is None else sel.tolist()
        h = _sub(st.hands[:, seat], sel)
        u = np.empty((len(h), 3))
        for i, (b, hand) in enumerate(zip(rows, h.tolist(), strict=True)):
            key = self._head(b, seat, "pass") + f"{hand:x}|0|0|0||0|0|0,0,0,0|0,0,0,0"
            rng = self._rng("pass", key)
            u[i] = [rng.random(), rng.random(), rng.random()]
        return sample3(h, u)


# the rule bot -----------------------------------------------------------------------------
_PASS_BASE = np.array([c % 13 + 2 + (TWO_CLUBS_BONUS if c == 0 else 0) for c in range(52)])
_PASS_HONOUR = np.array([HONOUR_BONUS.get(c, 0) for c in range(52)])
_PASS_TIE = np.array([_tie_key(c) for c in range(52)])
_LOW_SPADES_U = U64(LOW_SPADES)


def rule_pass_masks(h: np.ndarray, spade_guards: int = SPADE_GUARDS,
                    void_bonus: bool = True) -> np.ndarray:
    """``bots.policy.rule_pass`` for an array of hands: pick the best card by (pass_score,
    tie key, index), rescore the rest, three times. Within a suit the scores only depend
    on rank and a per-suit bonus, so each suit has one candidate (its top card; the 2♣
    when its +6 beats the top club; Q♠, A♠, K♠ in that order while the spade honours
    carry their bonus), and the four candidates are compared."""
    rest = np.asarray(h, dtype=U64).copy()
    chosen = np.zeros(len(rest), dtype=U64)
    for _ in range(3):
        best_key = np.full(len(rest), -1, dtype=np.int64)
        best = np.zeros(len(rest), dtype=np.intp)
        for suit in range(4):
            m = rest & _SUIT_M[suit]
            top = high(m)
            card = top
            if suit == 3:
                guarded = popcount(rest & _LOW_SPADES_U) < spade_guards
                for honour in (QS_INDEX + 1, QS_INDEX + 2, QS_INDEX):  # K, A, Q: last wins
                    card = np.where(guarded & ((m & BITS[honour]) != 0), honour, card)
                score = card % 13 + 2 + np.where(card >= QS_INDEX, guarded * _PASS_HONOUR[card], 0)
            else:
                if suit == 0:
                    two = ((m & U64(1)) != 0) & (top % 13 + 2 < 2 + TWO_CLUBS_BONUS)
                    card = np.where(two, 0, top)
                score = _PASS_BASE[card]
                if void_bonus:
                    n = popcount(m)
                    score = score + np.where(n <= 3, 8 - 2 * n, 0)
            key = np.where(top >= 0, score * 1024 + _PASS_TIE[card] * 64 + card, -1)
            better = key > best_key
            best_key = np.where(better, key, best_key)
            best = np.where(better, card, best)
        bit = BITS[best]
        rest ^= bit
        chosen |= bit
    return chosen


def _pick(conds: list, choices: list, default) -> np.ndarray:
    """``np.select``: the first true condition's choice, else ``default`` (as a chain of
    ``np.where`` from the last test back to the first, which is cheaper here)."""
    out = np.asarray(default)
    for cond, choice in zip(reversed(conds), reversed(choices), strict=True):
        out = np.where(cond, choice, out)
    return out


def _highest_card(legal: np.ndarray, hand: np.ndarray) -> np.ndarray:
    """``policy._highest_card``: highest rank; equal ranks → shortest suit in hand; then
    the lowest suit."""
    keys = []
    tops = []
    for s in range(4):
        m = legal & _SUIT_M[s]
        top = high(m)
        n = popcount(hand & _SUIT_M[s])
        keys.append(np.where(top >= 0, (_RANK[top] * 16 + (13 - n)) * 4 + (3 - s), -1))
        tops.append(top)
    best = np.argmax(np.stack(keys), axis=0)
    return np.choose(best, tops)


def _lead(h, legal, played, threat) -> np.ndarray:
    hearts = legal & _HEARTS
    top = high(hearts)
    out = _HEARTS & ~played & ~h
    sure = (threat >= 0) & (top >= 0) & ((out & _ABOVE[top]) == 0)
    spades = legal & _SPADES
    flush = (spades != 0) & ((h & _BIG) == 0) & ((played & _QS) == 0)
    clubs = legal & _CLUBS
    diamonds = legal & _DIAMONDS
    drop = (spades != 0) & ((h & _BIG) != 0) & ((clubs | diamonds) != 0)
    spades2 = np.where(drop, _ZERO, spades)
    # the shortest of clubs, diamonds, spades; then the lowest low card; then that order
    best_key = None
    for m in (clubs, diamonds, spades2):
        lo = low(m)
        key = np.where(m != 0, np.bitwise_count(m).astype(np.intp) * 16 + _RANK[lo], 1 << 20)
        if best_key is None:
            best_key, short = key, lo
        else:
            better = key < best_key
            best_key = np.where(better, key, best_key)
            short = np.where(better, lo, short)
    return _pick([sure, flush, best_key < (1 << 20)], [top, low(spades), short], low(legal))


def _has_played(other, seat, trick_len: int):
    return (((seat - other) & 3) <= trick_len) & (other != seat)


def _follow(seat, h, legal, tl, led, win_card, win_seat, trick_mask, threat):
    qs_in = (legal & _QS) != 0
    ride = (led == 3) & qs_in & (win_card > QS_INDEX) & (threat < 0)
    above = legal & _ABOVE[win_card]
    pts_in = (trick_mask & _POINTS) != 0
    played_t = _has_played(threat, seat, tl)
    defend = (threat >= 0) & (above != 0) & ((win_seat == threat) | pts_in | ~played_t)
    safe_above = above & _NOT_QS
    defend_card = np.where(safe_above != 0, high(safe_above), QS_INDEX)
    safe = legal & _NOT_QS
    last_card = np.where(safe != 0, high(safe), QS_INDEX)
    below = legal & _BELOW[win_card]
    conds = [ride, defend]
    choices = [QS_INDEX, defend_card]
    if tl == 3:
        conds.append(~pts_in & (above != 0))
        choices.append(last_card)
    conds.append(below != 0)
    choices.append(high(below))
    if tl == 3:
        return _pick(conds, choices, last_card)
    return _pick(conds, choices, low(legal))


def _discard(seat, h, legal, tl, win_seat, played, threat):
    watch = (threat >= 0) & ((win_seat == threat) | ~_has_played(threat, seat, tl))
    clean = legal & _NON_POINTS
    hearts = legal & _HEARTS
    qs_in = (legal & _QS) != 0
    ak = legal & _AK
    big = ((played & _QS) == 0) & ((h & _QS) == 0) & (ak != 0)
    top = high(hearts)
    second = high(hearts ^ BITS[np.maximum(top, 0)])
    keep = (threat == MOON_OPEN) & (popcount(hearts) >= 2) & (_RANK[top] >= INSURANCE_RANK)
    card = _pick([watch & (clean != 0), watch & (hearts != 0), qs_in, big, (hearts != 0) & keep,
                  hearts != 0],
                 [high(clean), low(hearts), QS_INDEX, high(ak), second, top], -1)
    rest = np.nonzero(card < 0)[0]
    if len(rest):
        card[rest] = _highest_card(legal[rest], h[rest])
    return card


def rule_play_batch(seat, h, legal, tl: int, led, win_card, win_seat, trick_mask, played,
                    threat) -> np.ndarray:
    """``bots.policy.rule_play`` on arrays (``tl``, the trick length, is one number)."""
    if tl == 0:
        card = _lead(h, legal, played, threat)
    else:
        following = (h & _SUIT_M[led]) != 0
        d = np.nonzero(~following)[0]
        if len(d) == len(h):
            card = _discard(seat, h, legal, tl, win_seat, played, threat)
        else:  # the few discards are decided apart (a smaller array)
            card = _follow(seat, h, legal, tl, led, win_card, win_seat, trick_mask, threat)
            if len(d):
                card[d] = _discard(seat[d], h[d], legal[d], tl, win_seat[d], played[d], threat[d])
    single = (legal & (legal - U64(1))) == 0
    return np.where(single, high(legal), card)


class RulePolicy(Policy):
    """The rule bot (``bots.simple.RuleBot``) on arrays. ``moon_defence=False`` is ``easy``."""

    name = "rule"

    def __init__(self, moon_defence: bool = True, void_bonus: bool = True):
        self.moon_defence = moon_defence
        self.void_bonus = void_bonus

    def play(self, st: BatchState, sel, h: np.ndarray, legal: np.ndarray) -> np.ndarray:
        seat = _sub(st.turn, sel)
        ar = st.ar if sel is None else sel
        threat = st.threat[ar, seat]
        tl = st.step % 4
        led = _sub(st.led, sel)
        return rule_play_batch(seat, h, legal, tl, led, _sub(st.win_card, sel),
                               _sub(st.win_seat, sel), _sub(st.trick_mask, sel),
                               _sub(st.played, sel), threat)

    def pass_cards(self, st: BatchState, sel, seat: int) -> np.ndarray:
        return rule_pass_masks(_sub(st.hands[:, seat], sel), void_bonus=self.void_bonus)


__all__ = ["KeyedRandomPolicy", "RandomPolicy", "RulePolicy", "rule_pass_masks",
           "rule_play_batch", "sample3", "sorted_cards"]
