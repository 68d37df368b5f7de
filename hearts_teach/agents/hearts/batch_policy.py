"""Vectorised policies for the batch engine: random legal play, the rule bot, and a random
player that draws exactly what the scalar ``RandomBot`` draws.

``RulePolicy`` is ``agents.hearts.policy.rule_play`` / ``rule_pass`` evaluated for every hand at
once: each branch of the scalar function becomes a boolean array, each card it would
return an index array, and ``np.select`` keeps the scalar function's order of tests. The
constants come from ``agents.hearts.policy``. tests/test_batch_policy.py checks card for card
against the scalar functions on positions from real play.
"""

from __future__ import annotations

import numpy as np

from hearts_teach.agents.hearts.policy import (
    AS_MASK,
    BIG_SPADES,
    CLUBS,
    DIAMONDS,
    INSURANCE_RANK,
    KS_MASK,
    MOON_OPEN,
    NON_POINTS,
    POINTS,
    SPADE_GUARDS,
    SPADES,
    _tie_key,
    pass_score,
)
from hearts_teach.games.hearts.batch import (
    BITS,
    FIELD,
    SEATS,
    U64,
    BatchState,
    Policy,
    Stream,
    high,
    kth_bit,
    low,
    masks_of,
)
from hearts_teach.games.hearts.rules import PASS_DIRECTIONS, Rules
from hearts_teach.kernel.cards import HEARTS_MASK, QS_INDEX, QS_MASK, SUIT_MASKS, SUITS
from hearts_teach.kernel.rng import Rng, hash64
from hearts_teach.kernel.table import SEAT_COUNT

_AR52 = np.arange(52, dtype=U64)
_QS = U64(QS_MASK)
_NOT_QS = ~_QS
_HEARTS = U64(HEARTS_MASK)
_POINTS = U64(POINTS)
_NON_POINTS = U64(NON_POINTS)
_SPADES = U64(SPADES)
_BIG = U64(BIG_SPADES)
_AK = U64(AS_MASK | KS_MASK)
_AS = U64(AS_MASK)
_CLUBS = U64(CLUBS)
_DIAMONDS = U64(DIAMONDS)
_SUIT_M = np.array(SUIT_MASKS, dtype=U64)
_BELOW = np.array([(1 << c) - 1 for c in range(52)], dtype=U64)
_ABOVE = ~np.array([(2 << c) - 1 for c in range(52)], dtype=U64)
_ZERO = U64(0)


def _sub(a: np.ndarray, sel: np.ndarray | None) -> np.ndarray:
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

    def play(self, st: BatchState, sel: np.ndarray | None, h: np.ndarray, legal: np.ndarray) -> np.ndarray:
        u = _sub(self.stream.uniform(), sel)
        return kth_bit(legal, (u * np.bitwise_count(legal)).astype(np.intp))

    def pass_cards(self, st: BatchState, sel: np.ndarray | None, seat: int) -> np.ndarray:
        u = np.stack([self.stream.uniform() for _ in range(3)], axis=1)
        return sample3(_sub(st.hands[:, seat], sel), _sub(u, sel))


class KeyedRandomPolicy(RandomPolicy):
    """The scalar ``RandomBot(seed)``'s choices exactly: each decision draws from
    ``Rng(hash64(name|seed|label|view.key()))`` as ``Bot.rng_for`` does. The view key is
    rebuilt from the arrays for each hand (a Python loop: this policy is for tournaments
    that must agree with the scalar path, not for speed)."""

    def __init__(self, seed: int, rules: Rules, hand_numbers: np.ndarray, name: str = "random") -> None:
        self.seed = seed
        self.rules = rules
        self.hand_numbers = np.asarray(hand_numbers)
        self.bot_name = name
        self._rules_repr = repr(rules)
        self._numbers = self.hand_numbers.tolist()
        self._directions = [rules.pass_direction(k) for k in range(len(PASS_DIRECTIONS))]  # one cycle

    def _rng(self, label: str, key: str) -> Rng:
        return Rng(hash64(f"{self.bot_name}|{self.seed}|{label}|{key}"))

    def _head(self, b: int, seat: int, phase: str) -> str:
        n = self._numbers[b]
        return f"v1|{self._rules_repr}|{self._directions[n % len(self._directions)]}|{n}|{seat}|{phase}|"

    def play(self, st: BatchState, sel: np.ndarray | None, h: np.ndarray, legal: np.ndarray) -> np.ndarray:
        rows = st.ar if sel is None else sel
        tl = st.step % SEAT_COUNT  # cards already in the trick
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

    def pass_cards(self, st: BatchState, sel: np.ndarray | None, seat: int) -> np.ndarray:
        rows = list(range(st.size)) if sel is None else sel.tolist()
        h = _sub(st.hands[:, seat], sel)
        u = np.empty((len(h), 3))
        for i, (b, hand) in enumerate(zip(rows, h.tolist(), strict=True)):
            key = self._head(b, seat, "pass") + f"{hand:x}|0|0|0||0|0|0,0,0,0|0,0,0,0"
            rng = self._rng("pass", key)
            u[i] = [rng.random(), rng.random(), rng.random()]
        return sample3(h, u)


# the rule bot -----------------------------------------------------------------------------
_PASS_KEYS: dict[tuple[int, bool], np.ndarray] = {}


def _pass_keys(spade_guards: int, void_bonus: bool) -> np.ndarray:
    """KEYS[s, f]: the best card to pass from suit field f of suit s, as the key
    (pass_score, tie key, card) packed in one integer (card = key & 63; 0 for an empty
    suit). ``policy.pass_score`` only looks at the card's own suit (its length for the void
    bonus, the low spades for the spade guards), so a suit alone decides its candidate."""
    # vectorised over the 8192 fields: a card's score depends only on its suit's length (the
    # void bonus) or its count of low spades (the guards), both read off the field; each
    # card's score is ``pass_score`` itself, taken at one representative field per count
    f = np.arange(8192)
    length = np.bitwise_count(f)
    low_spades = np.bitwise_count(f & ((1 << (QS_INDEX - 39)) - 1))
    keys = np.zeros((SUITS, 8192), dtype=np.int32)
    for s in range(SUITS):
        count = low_spades if s == 3 else length
        for r in range(13):
            c = 13 * s + r
            # the score of c in a suit with k cards (or k low spades) for every k, from pass_score
            by_count = np.zeros(14, dtype=np.int64)
            for k in range(14):
                if s == 3:  # spades: an honour reads the low spades below the queen, the rest nothing
                    others = list(range(39, 39 + min(k, 10))) if r >= 10 else []
                else:  # the other suits read the suit's length
                    others = [13 * s + x for x in range(13) if x != r][:max(k - 1, 0)]
                by_count[k] = pass_score(c, (1 << c) | sum(1 << x for x in others), spade_guards, void_bonus)
            key = by_count[count] * 1024 + _tie_key(c) * 64 + c
            held = (f >> r) & 1 == 1
            keys[s] = np.where(held, np.maximum(keys[s], key), keys[s])
    return keys


def rule_pass_masks(h: np.ndarray, spade_guards: int = SPADE_GUARDS,
                    void_bonus: bool = True) -> np.ndarray:
    """``agents.hearts.policy.rule_pass`` for an array of hands: pick the best card by (pass_score,
    tie key, index), rescore the rest, three times. Each suit's best card comes from a
    table over its 13-bit field (``_pass_keys``); the best of the four suits wins."""
    if (spade_guards, void_bonus) not in _PASS_KEYS:
        _PASS_KEYS[spade_guards, void_bonus] = _pass_keys(spade_guards, void_bonus)
    keys = _PASS_KEYS[spade_guards, void_bonus]
    rest = np.asarray(h, dtype=U64).copy()
    chosen = np.zeros(len(rest), dtype=U64)
    for _ in range(3):
        best = keys[0].take((rest & FIELD).astype(np.intp))
        for suit in range(1, SUITS):
            np.maximum(best, keys[suit].take(((rest >> U64(13 * suit)) & FIELD).astype(np.intp)), out=best)
        bit = BITS.take(best & 63)
        rest ^= bit
        chosen |= bit
    return chosen


def _pick(conds: list[np.ndarray], choices: list[np.ndarray], default: np.ndarray | int) -> np.ndarray:
    """``np.select``: the first true condition's choice, else ``default`` (as a chain of
    ``np.where`` from the last test back to the first, which is cheaper here)."""
    out = np.asarray(default)
    for cond, choice in zip(reversed(conds), reversed(choices), strict=True):
        out = np.where(cond, choice, out)
    return out


# tables over a 13-bit suit field f (built with numpy: importing stays quick)
_F = np.arange(8192, dtype=U64)
_HI13 = high(_F).astype(np.int16)  # the highest rank (-1: empty field)
_LO13 = low(_F).astype(np.int16)
# a lead's key: length·16 + lowest rank (1024: empty)
_LEADKEY = np.where(_F != 0, np.bitwise_count(_F).astype(np.int16) * 16 + _LO13, 1024).astype(np.int16)
_SHORT_SUITS = (0, 1, 3)  # the suits a lead works, in the scalar loop's order
# _DUCK[f << 4 | win rank]: following under a trick of three seats, the highest rank below
# the winner, else the lowest rank (rule_play's duck, then its forced win)
_I = np.arange(8192 * 16)
_BELOW_F = (_I >> 4) & ((1 << (_I & 15)) - 1)
_DUCK = np.where(_BELOW_F != 0, _HI13[_BELOW_F], _LO13[_I >> 4]).astype(np.int8)
# _HEART_DISCARD[open << 13 | f]: the heart rule_play discards from hearts field f, the top
# one, or the second while the moon is open and the top is kept as insurance (-1: none)
_I = np.arange(2 * 8192)
_TOP = _HI13[_I & 8191]
_SECOND = _HI13[(_I & 8191) ^ (1 << np.maximum(_TOP, 0))]
_KEEP = (_I >= 8192) & (_SECOND >= 0) & (_TOP >= INSURANCE_RANK)
_HEART_DISCARD = np.where(_TOP >= 0, 26 + np.where(_KEEP, _SECOND, _TOP), -1).astype(np.int16)
del _F, _I, _BELOW_F, _TOP, _SECOND, _KEEP


def _field(m: np.ndarray, suit: int) -> np.ndarray:
    return ((m >> U64(13 * suit)) & FIELD).astype(np.intp)


def _highest_card(legal: np.ndarray, hand: np.ndarray) -> np.ndarray:
    """``policy._highest_card``: highest rank; equal ranks → shortest suit in hand; then
    the lowest suit. The key rank·64 + (13 - length)·4 + (3 - suit) holds the card; an
    empty suit's key is negative."""
    best: np.ndarray | None = None
    for s in range(SUITS):
        key = _HI13.take(_field(legal, s)).astype(np.intp) * 64
        key += (13 - np.bitwise_count(hand & _SUIT_M[s])) * 4 + (3 - s)
        best = key if best is None else np.maximum(best, key, out=best)
    assert best is not None  # SUITS > 0
    return (3 - (best & 3)) * 13 + (best >> 6)


def _lead(h: np.ndarray, legal: np.ndarray, played: np.ndarray, threat: np.ndarray) -> np.ndarray:
    spades = legal & _SPADES
    clubs = (legal & FIELD).astype(np.intp)
    diamonds = _field(legal, 1)
    big = (h & _BIG) != 0
    # the shortest of clubs, diamonds, spades (not while holding a big spade and a club or
    # diamond); then the lowest low card; then that order: key (length·16 + rank)·4 + order
    keys = [_LEADKEY.take(clubs) * 4, _LEADKEY.take(diamonds) * 4 + 1,
            _LEADKEY.take(np.where(big & ((clubs | diamonds) != 0), 0, _field(legal, 3))) * 4 + 2]
    key = np.minimum(np.minimum(keys[0], keys[1]), keys[2]).astype(np.intp)
    short = np.take(_SHORT_SUITS, key & 3) * 13 + ((key >> 2) & 15)
    flush = (spades != 0) & ~big & ((played & _QS) == 0)
    card = np.where(flush, low(spades), np.where(key < 4096, short, low(legal)))
    hunt = np.nonzero(threat >= 0)[0]  # a sure heart back against a shooter (rare)
    if len(hunt):
        top = high(legal[hunt] & _HEARTS)
        out = _HEARTS & ~played[hunt] & ~h[hunt]
        sure = (top >= 0) & ((out & _ABOVE.take(top)) == 0)
        card[hunt] = np.where(sure, top, card[hunt])
    return card


# seats apart, counted clockwise, as a bit mask (an array "& 3" is ten times cheaper than "% 4"):
# exact because the batch engine seats four players only (games.hearts.batch.check_table)
_SEAT_MASK = SEATS - 1
assert SEATS & _SEAT_MASK == 0, "the seat mask needs a power-of-two table"


def _has_played(other: np.ndarray, seat: np.ndarray, trick_len: int) -> np.ndarray:
    return (((seat - other) & _SEAT_MASK) <= trick_len) & (other != seat)


def _follow(seat: np.ndarray, h: np.ndarray, legal: np.ndarray, tl: int, led: np.ndarray, win_card: np.ndarray,
            win_seat: np.ndarray, trick_mask: np.ndarray, threat: np.ndarray) -> np.ndarray:
    if tl == 3:  # last seat: win a clean trick with the highest card (never the queen)
        above = legal & _ABOVE.take(win_card)
        below = legal & _BELOW.take(win_card)
        safe = legal & _NOT_QS
        last_card = np.where(safe != 0, high(safe), QS_INDEX)
        duck = (below != 0) & (((trick_mask & _POINTS) != 0) | (above == 0))
        card = np.where(duck, high(below), last_card)
    else:  # duck as high as possible, else the lowest card: one table over the led suit
        base = led * 13
        f = (legal >> base.astype(U64)) & FIELD
        card = _DUCK.take((f.astype(np.intp) << 4) | (win_card - base)) + base
        # forced to win: never the Q♠ while a higher spade can win instead
        others = legal & _NOT_QS
        spare = (card == QS_INDEX) & ((legal & _BELOW.take(win_card)) == 0) & (others != 0)
        if spare.any():
            card = np.where(spare, low(others), card)
    guard = np.nonzero(threat >= 0)[0]  # moon defence (rare): take the trick
    if len(guard):
        t, ab = threat[guard], legal[guard] & _ABOVE.take(win_card[guard])
        defend = (ab != 0) & ((win_seat[guard] == t) | ~_has_played(t, seat[guard], tl))
        safe_above = ab & _NOT_QS
        defend_card = np.where(safe_above != 0, high(safe_above), QS_INDEX)
        card[guard] = np.where(defend, defend_card, card[guard])
    # ride the queen under a higher spade (a queen in a following hand means spades led)
    ride = ((legal & _QS) != 0) & (win_card > QS_INDEX) & (threat < 0)
    return np.where(ride, QS_INDEX, card)


def _discard(seat: np.ndarray, h: np.ndarray, legal: np.ndarray, tl: int, win_seat: np.ndarray, played: np.ndarray,
             threat: np.ndarray) -> np.ndarray:
    hearts = legal & _HEARTS
    open_moon = (threat == MOON_OPEN).astype(np.intp) << 13
    card = _HEART_DISCARD.take(_field(legal, 2) | open_moon).astype(np.intp)
    big = ((played & _QS) == 0) & ((h & _QS) == 0) & ((legal & _AK) != 0)
    card = np.where(big, np.where((legal & _AS) != 0, QS_INDEX + 2, QS_INDEX + 1), card)
    card = np.where((legal & _QS) != 0, QS_INDEX, card)
    watch = np.nonzero(threat >= 0)[0]  # do not feed the shooter (rare)
    if len(watch):
        t = threat[watch]
        on = (win_seat[watch] == t) | ~_has_played(t, seat[watch], tl)
        clean = legal[watch] & _NON_POINTS
        hw = hearts[watch]
        card[watch] = np.where(on & (clean != 0), high(clean),
                               np.where(on & (hw != 0), low(hw), card[watch]))
    rest = np.nonzero(card < 0)[0]
    if len(rest):
        card[rest] = _highest_card(legal[rest], h[rest])
    return card


def rule_play_batch(seat: np.ndarray, h: np.ndarray, legal: np.ndarray, tl: int, led: np.ndarray,
                    win_card: np.ndarray, win_seat: np.ndarray, trick_mask: np.ndarray, played: np.ndarray,
                    threat: np.ndarray) -> np.ndarray:
    """``agents.hearts.policy.rule_play`` on arrays (``tl``, the trick length, is one number). With
    one legal card every branch returns it, so the scalar shortcut needs no test here."""
    if tl == 0:
        return _lead(h, legal, played, threat)
    following = (h & _SUIT_M.take(led)) != 0
    d = np.nonzero(~following)[0]
    if len(d) == len(h):
        return _discard(seat, h, legal, tl, win_seat, played, threat)
    # the few discards are decided apart (a smaller array)
    card = _follow(seat, h, legal, tl, led, win_card, win_seat, trick_mask, threat)
    if len(d):
        card[d] = _discard(seat[d], h[d], legal[d], tl, win_seat[d], played[d], threat[d])
    return card


class RulePolicy(Policy):
    """The rule bot (``agents.hearts.simple.RuleBot``) on arrays. ``moon_defence=False`` is ``easy``."""

    name = "rule"

    def __init__(self, moon_defence: bool = True, void_bonus: bool = True):
        self.moon_defence = moon_defence
        self.void_bonus = void_bonus

    def play(self, st: BatchState, sel: np.ndarray | None, h: np.ndarray, legal: np.ndarray) -> np.ndarray:
        seat = _sub(st.turn, sel)
        ar = st.ar if sel is None else sel
        threat = st.threat.ravel()[ar * SEAT_COUNT + seat]
        tl = st.step % SEAT_COUNT  # cards already in the trick
        led = _sub(st.led, sel)
        return rule_play_batch(seat, h, legal, tl, led, _sub(st.win_card, sel),
                               _sub(st.win_seat, sel), _sub(st.trick_mask, sel),
                               _sub(st.played, sel), threat)

    def pass_cards(self, st: BatchState, sel: np.ndarray | None, seat: int) -> np.ndarray:
        return rule_pass_masks(_sub(st.hands[:, seat], sel), void_bonus=self.void_bonus)


__all__ = ["KeyedRandomPolicy", "RandomPolicy", "RulePolicy", "rule_pass_masks",
           "rule_play_batch", "sample3", "sorted_cards"]
