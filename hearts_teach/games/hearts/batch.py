"""The batch engine: many hands of Hearts stepped together on numpy arrays.

``BatchState`` holds B hands as arrays (52-bit masks in ``uint64``, seats and cards in
small ints). Every hand in a batch has played the same number of cards, so the position in
the trick (leading, second, third, last) and "first trick or not" are one Python value per
step, and each step is a handful of whole-array operations with no Python loop over hands.

The trick transition in ``BatchState.play`` mirrors the kernel's ``TrickState.play`` (which
``PlayState`` steps) line for line, and ``legal`` mirrors ``legality.cascade``;
tests/test_batch_engine.py replays thousands of batch hands through the scalar engine and
tests/test_trick_conformance.py steps batches beside the checked ``Hand`` to prove they agree.
The engine plays the four-seat table only (``check_table``). Card points and moon scores come
from ``scoring.trick_points`` and ``scoring.final_scores`` through tables built from them.

Randomness: ``Stream`` is a counter-based generator (SplitMix64 of seed, hand id and draw
number) written with numpy integer operations, so a hand's random choices depend only on
the seed and its id, never on the batch size or the numpy version. Seed it from the
project's ``Rng`` (``Stream.from_rng``).

    >>> from hearts_teach.agents.hearts.batch_play import play_hands
    >>> result = play_hands(10_000, seed=1, seats="rule")
    >>> result.scores.shape, result.moon_count()
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from hearts_teach.games.hearts.legality import NON_HEARTS
from hearts_teach.games.hearts.rules import PASS_DIRECTIONS, PASS_OFFSETS, Rules
from hearts_teach.games.hearts.scoring import final_scores, trick_points
from hearts_teach.games.records import HAND_NUMBER_MAX
from hearts_teach.kernel.cards import (
    BIT,
    DECK_SIZE,
    FULL_DECK,
    HEARTS_MASK,
    JD_MASK,
    POINTS_MASK,
    QS_MASK,
    QS_POINTS,
    RANKS,
    SUIT_FIELD,
    SUIT_MASKS,
    SUITS,
)
from hearts_teach.kernel.errors import (
    ArgumentError,
    ArgumentTypeError,
    InvalidDealError,
    RulesError,
    UnsupportedRuleError,
    quote,
)
from hearts_teach.kernel.rng import MASK64, Rng
from hearts_teach.kernel.table import FOUR, SEAT_COUNT, Table
from hearts_teach.kernel.validation import check_int, check_seed

if TYPE_CHECKING:
    from hearts_teach.games.hearts.view import View

TABLE = FOUR  # the one table the batch engine plays (see check_table)
SEATS = TABLE.players
PLAYS = SEATS * TABLE.hand_size  # cards played in a hand: the step count of a batch
# seats wrap with & (cheaper than % on arrays): the batch table's seat count is a power of two
SEAT_WRAP = SEATS - 1
assert SEATS & SEAT_WRAP == 0, "the batch engine's & wrap needs a power-of-two seat count"
U64 = np.uint64
BITS = np.array(BIT, dtype=U64)  # BITS[c]: the mask of card c
SUIT_M = np.array(SUIT_MASKS, dtype=U64)
SUIT_OF = np.arange(DECK_SIZE) // RANKS
# cards strictly above / below card c in the deck order (the same suit when c is a winner)
ABOVE = np.array([FULL_DECK & ~((2 << c) - 1) for c in range(DECK_SIZE)], dtype=U64)
BELOW = np.array([(1 << c) - 1 for c in range(DECK_SIZE)], dtype=U64)
FIELD = U64(SUIT_FIELD)
FIELDS = 1 << RANKS  # how many 13-bit suit fields there are
# KTH[f, k]: the rank (0..12) of the k-th lowest set bit of a 13-bit suit field f
KTH = np.zeros((FIELDS, RANKS), dtype=np.int8)
for _f in range(1, FIELDS):
    _ranks = [r for r in range(RANKS) if _f >> r & 1]
    KTH[_f, :len(_ranks)] = _ranks
del _f, _ranks
_C_HEARTS = U64(HEARTS_MASK)
_C_NON_HEARTS = U64(NON_HEARTS)
_C_QS = U64(QS_MASK)
_ZERO = U64(0)


# bit helpers ---------------------------------------------------------------------------
_MANTISSA_BITS, _EXPONENT_BIAS = 52, 1023  # of a float64 (its 52 is not the deck's)


def high(m: np.ndarray) -> np.ndarray:
    """Index of the highest set bit of each mask (-1 for an empty mask). Exact: masks have
    at most 52 bits, so the conversion to float64 keeps every bit."""
    return np.maximum((m.astype(np.float64).view(np.int64) >> _MANTISSA_BITS) - _EXPONENT_BIAS, -1)


def low(m: np.ndarray) -> np.ndarray:
    """Index of the lowest set bit (-1 for an empty mask)."""
    return high(m & (~m + U64(1)))


def popcount(m: np.ndarray) -> np.ndarray:
    return np.bitwise_count(m).astype(np.intp)


def kth_bit(m: np.ndarray, k: np.ndarray) -> np.ndarray:
    """Index of the k-th lowest set bit of each mask (0 ≤ k < popcount), per-suit tables."""
    f = [((m >> U64(RANKS * s)) & FIELD).astype(np.intp) for s in range(SUITS)]
    c0 = np.bitwise_count(f[0])
    p1 = c0.astype(np.intp)
    p2 = p1 + np.bitwise_count(f[1])
    p3 = p2 + np.bitwise_count(f[2])
    s1, s2, s3 = k >= p1, k >= p2, k >= p3
    suit = s1.astype(np.intp) + s2 + s3
    before = np.where(s3, p3, np.where(s2, p2, np.where(s1, p1, 0)))
    field = np.where(s3, f[3], np.where(s2, f[2], np.where(s1, f[1], f[0])))
    return RANKS * suit + KTH[field, k - before]


# randomness ----------------------------------------------------------------------------
_GOLDEN = U64(0x9E3779B97F4A7C15)
_M1 = U64(0xBF58476D1CE4E5B9)
_M2 = U64(0x94D049BB133111EB)
_STEP = U64(0xD1B54A32D192ED03)


def _mix(z: np.ndarray) -> np.ndarray:
    """SplitMix64's finaliser on uint64 arrays (wrapping arithmetic)."""
    z = (z ^ (z >> U64(30))) * _M1
    z = (z ^ (z >> U64(27))) * _M2
    return z ^ (z >> U64(31))


class Stream:
    """Counter-based uniform numbers: draw ``k`` for hand ``id`` is a fixed function of
    (seed, id, k). ``uniform()`` returns one float in [0, 1) per hand and advances k."""

    def __init__(self, seed: int, ids: np.ndarray):
        self.seed = seed & MASK64
        self.ids = np.asarray(ids, dtype=U64)
        self._base = (self.ids * _GOLDEN) ^ U64(self.seed)
        self.counter = 0

    @classmethod
    def from_rng(cls, rng: Rng, ids: np.ndarray) -> Stream:
        return cls(int(rng.random() * 2 ** 53) ^ (rng.seed << 11), ids)

    def uniform(self) -> np.ndarray:
        self.counter += 1
        z = _mix(self._base + U64(self.counter * int(_STEP) & MASK64))
        return (z >> U64(11)).astype(np.float64) * (1.0 / 2 ** 53)

    def below(self, n: np.ndarray | int) -> np.ndarray:
        """0 ≤ k < n per hand (n ≥ 1)."""
        return (self.uniform() * n).astype(np.intp)


# deals ---------------------------------------------------------------------------------
def masks_of(cards: np.ndarray) -> np.ndarray:
    """(..., k) card indices → (...) masks."""
    return np.bitwise_or.reduce(BITS[cards], axis=-1)


def random_deals(stream: Stream) -> np.ndarray:
    """One shuffled deck per hand (Fisher–Yates, vectorised over hands) → (B, 4) masks,
    seat s holding cards 13s..13s+12 of its deck (as ``Hand.deal`` cuts)."""
    b = len(stream.ids)
    # deck[i, h]: the card at position i of hand h's deck (rows contiguous: fast swaps)
    deck = np.repeat(np.arange(DECK_SIZE, dtype=np.int8)[:, None], b, axis=1)
    flat = deck.ravel()
    ar = np.arange(b)
    for i in range(DECK_SIZE - 1, 0, -1):
        at = stream.below(i + 1) * b + ar
        top = deck[i].copy()
        deck[i] = flat[at]
        flat[at] = top
    size = TABLE.hand_size
    out = np.empty((b, SEATS), dtype=U64)
    for s in TABLE.seats:  # a seat at a time: small temporaries
        out[:, s] = np.bitwise_or.reduce(BITS.take(deck[size * s:size * (s + 1)]), axis=0)
    return out


def deals_from_rngs(rngs: Sequence[Rng]) -> np.ndarray:
    """The deals ``Hand.deal(rng)`` makes, as (B, 4) masks (one scalar shuffle per hand)."""
    from hearts_teach.kernel.deal import deal_masks

    return np.array([deal_masks(r) for r in rngs], dtype=U64).reshape(len(rngs), SEATS)


# scoring -------------------------------------------------------------------------------
def _point_tables(omnibus: bool) -> np.ndarray:
    """PTS[s, f]: points of suit field f of suit s, from ``scoring.trick_points``."""
    return np.array([[trick_points(f << (RANKS * s), omnibus) for f in range(FIELDS)]
                     for s in range(SUITS)], dtype=np.int16)


_PTS: dict[bool, np.ndarray] = {}


def points_of(masks: np.ndarray, omnibus: bool = False) -> np.ndarray:
    """``scoring.trick_points`` of every mask in an array."""
    if omnibus not in _PTS:
        _PTS[omnibus] = _point_tables(omnibus)
    t = _PTS[omnibus]
    out = np.zeros(masks.shape, dtype=np.int16)
    for s in range(SUITS):
        out += t[s, ((masks >> U64(RANKS * s)) & FIELD).astype(np.intp)]
    return out


_POINTS_U = U64(POINTS_MASK)


def batch_scores(taken: np.ndarray, rules: Rules) -> tuple[np.ndarray, np.ndarray]:
    """``scoring.final_scores`` for (B, 4) taken masks → (scores (B, 4) int16, moon (B,) int8,
    -1 for none). Moon hands take their scores from ``final_scores`` itself (a table over
    the shooter and the J♦ taker)."""
    tables = rules.compiled
    moon_rule, omnibus = tables.moon, tables.omnibus
    scores = points_of(taken, omnibus)
    full = (taken & _POINTS_U) == _POINTS_U
    moon = np.where(full.any(axis=1), full.argmax(axis=1), -1).astype(np.int8)
    hit = np.nonzero(moon >= 0)[0]
    if len(hit):
        table = np.zeros((SEATS, SEATS, SEATS), dtype=np.int16)  # [shooter, J♦ taker] -> scores
        for m in TABLE.seats:
            for j in TABLE.seats:
                synthetic = [0] * SEATS
                synthetic[m] |= int(_POINTS_U)
                synthetic[j] |= JD_MASK
                table[m, j] = final_scores(synthetic, moon_rule, omnibus)[0]
        jd = ((taken[hit] & U64(JD_MASK)) != 0).argmax(axis=1)
        scores[hit] = table[moon[hit], jd]
    return scores, moon


# checks --------------------------------------------------------------------------------
# The options this engine plays, each read from ``Rules.compiled`` (``RuleTables``). A new
# option is refused by name (``UnsupportedRuleError``) until it is added here and the
# conformance tests (tests/test_legality_conformance.py) pass with it; the coach and the
# Monte Carlo bots then use the scalar engine for rules that set it (``coach_backend``).
BATCH_OPTIONS = ("passing", "no_points_on_first_trick", "queen_breaks_hearts", "moon", "end_score",
                 "omnibus", "queen_waits", "players")


def unsupported_option(rules: Rules, *, table_only: bool = False) -> str | None:
    """The first option of ``rules`` this engine cannot play (``players`` for a table of 3,
    5 or 6), or None. ``table_only``: look at the table size only (dealing needs no more)."""
    if rules.players != SEAT_COUNT:
        return "players"
    if table_only:
        return None
    return next((k for k in rules.changes() if k not in BATCH_OPTIONS), None)


def check_rules(rules: Rules | None, *, table_only: bool = False) -> Rules:
    """``rules`` (default standard) if the batch engine plays every option it changes, else
    ``UnsupportedRuleError`` naming the option (``table_only``: check the table size only)."""
    rules = rules if rules is not None else Rules()
    if not isinstance(rules, Rules):
        raise RulesError(f"rules must be a Rules object, got {quote(rules)}; e.g. Rules.preset('omnibus')")
    option = unsupported_option(rules, table_only=table_only)
    if option == "players":
        raise UnsupportedRuleError(
            f"the batch engine seats {SEAT_COUNT} players only, not {rules.players}: play "
            f"Rules(players={rules.players}) on the scalar engine (Hand, Match, the bots)", option=option)
    if option is not None:
        raise UnsupportedRuleError(
            f"the batch engine does not play the rule option {option!r} yet ({rules!r}); use the "
            f"scalar engine (Hand, or run_tournament(engine='scalar'))", option=option)
    return rules


def check_table(table: object) -> Table:
    """``table`` if the batch engine plays it: the four-seat table only (its arrays, the
    seat bytes read as one uint32 in ``update_threats``, the 52 steps are four-seat)."""
    if not isinstance(table, Table):
        raise ArgumentTypeError(f"expected a Table, e.g. Table({SEATS}), got {quote(table)}", argument="table")
    if table.players != SEATS:
        raise ArgumentError(f"the batch engine plays Hearts at a table of {SEATS} only, not {table.players}; "
                            f"use the scalar engine (Hand) for other tables", argument="table")
    return table


def check_deals(deals: np.ndarray) -> np.ndarray:
    """(B, 4) masks that are deals: 4 hands of 13 cards that together are the deck."""
    try:
        d = np.asarray(deals, dtype=U64)
    except (TypeError, ValueError, OverflowError, RecursionError):
        raise InvalidDealError(f"deals must be an array of card masks, got {type(deals).__name__}") from None
    if d.ndim != 2 or d.shape[1] != SEATS or not len(d):
        raise InvalidDealError(f"deals must have shape (hands, {SEATS}) with at least one hand, got {d.shape}")
    union = np.bitwise_or.reduce(d, axis=1)
    bad = np.nonzero((np.bitwise_count(d) != TABLE.hand_size).any(axis=1) | (union != U64(FULL_DECK)))[0]
    if len(bad):
        b = int(bad[0])
        raise InvalidDealError(f"deal {b} is not {SEATS} hands of {TABLE.hand_size} different cards covering the deck "
                               f"(hand sizes {np.bitwise_count(d[b]).tolist()})")
    return d


def check_count(n: object, what: str = "n") -> int:
    """A count of hands or worlds: a whole number ≥ 1 (a NumPy integer too)."""
    return check_int(int(n) if isinstance(n, np.integer) else n, what, low=1)


def check_batch_seed(seed: object, argument: str = "seed") -> Rng:
    """The ``Rng`` of a seed (an int of at most 64 bits, a string, or an ``Rng``)."""
    checked = check_seed(seed, argument, extra=(Rng,))
    return checked if isinstance(checked, Rng) else Rng(checked)


def check_per_hand(value: object, b: int, argument: str, low: int, high: int) -> np.ndarray:
    """One whole number for every hand, or one per hand (shape (b,)), each in ``low..high``."""
    try:
        a = np.asarray(value)
    except Exception:  # a ragged or 3,000-deep list: NumPy's own errors say nothing useful
        a = np.asarray(None)
    if isinstance(value, bool) or a.dtype.kind not in "iu":
        raise ArgumentTypeError(f"expected a whole number or an array of them (one per hand), got "
                                f"{quote(value)}", argument=argument)
    try:
        a = np.broadcast_to(a, (b,))
    except ValueError:
        raise ArgumentError(f"expected one number or one per hand ({b}), got shape {a.shape}",
                            argument=argument) from None
    if len(a) and (int(a.min()) < low or int(a.max()) > high):
        bad = int(a.min()) if int(a.min()) < low else int(a.max())
        raise ArgumentError(f"expected whole numbers from {low} to {high}, got {bad}", argument=argument)
    return a.astype(np.intp)


# the state -----------------------------------------------------------------------------
MOON_OPEN, NO_MOON = -1, -2  # as agents.hearts.policy
_SEAT_BYTES = f"<u{SEATS}"  # one bool byte per seat read as one unsigned int (four seats: uint32)


class BatchState:
    """B hands in lockstep (every hand has played ``step`` cards of the play phase).

    Arrays: hands/taken/passed/received (B, 4) uint64; played, trick_mask (B,) uint64;
    turn, leader, led, win_seat, win_card (B,) intp (led -1 while leading); broken (B,)
    bool; void (B, 4) uint8 (bit s: showed void in suit s); trick (B, 4) int8 cards of the
    trick in progress in play order; threat (B, 4) int8: each seat's moon status as
    ``agents.hearts.policy.threat_of`` (kept up to date after every trick); defence (B, 4) bool.
    """

    def __init__(self, hands: np.ndarray, rules: Rules | None = None, *, record: bool = False,
                 table: Table = FOUR):
        self.rules = check_rules(rules)
        self.table = check_table(table)
        self.hands = np.ascontiguousarray(hands, dtype=U64).reshape(-1, SEATS).copy()
        b = len(self.hands)
        self.size = b
        self.ar = np.arange(b)
        self.seat0 = self.ar * SEATS  # where each hand's seat 0 is in a raveled (B, SEATS) array
        self.taken = np.zeros((b, SEATS), dtype=U64)
        self.passed = np.zeros((b, SEATS), dtype=U64)
        self.received = np.zeros((b, SEATS), dtype=U64)
        self.played = np.zeros(b, dtype=U64)
        self.trick_mask = np.zeros(b, dtype=U64)
        self.trick = np.full((b, SEATS), -1, dtype=np.int8)
        self.leader = np.zeros(b, dtype=np.intp)
        self.turn = np.zeros(b, dtype=np.intp)
        self.led = np.full(b, -1, dtype=np.intp)
        self.win_seat = np.full(b, -1, dtype=np.intp)
        self.win_card = np.full(b, -1, dtype=np.intp)
        self.broken = np.zeros(b, dtype=bool)
        self.void = np.zeros((b, SEATS), dtype=np.uint8)
        self.defence = np.ones((b, SEATS), dtype=bool)
        self.threat = np.full((b, SEATS), MOON_OPEN, dtype=np.int8)
        self.split = np.zeros(b, dtype=bool)  # points split between seats: no moon possible
        self.step = 0
        self.first_winner = np.full(b, -1, dtype=np.int8)
        # every table below comes from the one compiled value (``Rules.compiled``)
        tables = self.rules.compiled
        self.npf = tables.no_points_first
        self.qw = tables.queen_waits
        self.opening = U64(tables.opening)
        self.leader_card = U64(tables.leader_card)
        self.first_safe = U64(FULL_DECK & ~tables.first_trick_points)
        self.breaks = np.array([tables.breaks >> c & 1 for c in range(DECK_SIZE)], dtype=bool)
        self.record = record
        if record:
            self.cards = np.full((b, PLAYS), -1, dtype=np.int8)
            self.seats = np.full((b, PLAYS), -1, dtype=np.int8)
            self.legals = np.zeros((b, PLAYS), dtype=U64)

    # set-up ------------------------------------------------------------------------
    def start_play(self) -> None:
        """After the pass: the 2♣ holder leads the first trick."""
        holder = ((self.hands & self.leader_card) != 0).argmax(axis=1)
        self.leader[:] = holder
        self.turn[:] = holder
        self.update_threats()

    def apply_pass(self, chosen: np.ndarray, offsets: np.ndarray | int) -> None:
        """Every seat gives ``chosen[:, s]`` (3-card masks) to the seat ``offset`` places to
        its left (``rules.PASS_OFFSETS``; offset 0 is a hold hand and moves nothing)."""
        off = np.broadcast_to(np.asarray(offsets, dtype=np.intp), (self.size,))
        chosen = np.where((off != 0)[:, None], chosen, _ZERO)
        self.passed[:] = chosen
        giver = (np.arange(SEATS)[None, :] - off[:, None]) % SEATS  # who gives to seat t
        self.received[:] = np.take_along_axis(chosen, giver, axis=1)
        self.hands ^= chosen
        self.hands |= self.received

    # the cascade ---------------------------------------------------------------------
    def mover_hands(self) -> np.ndarray:
        return self.hands.ravel()[self.seat0 + self.turn]

    def load_view(self, view: View) -> None:
        """Every hand continues from ``view``'s mid-hand position (taken cards, the trick so
        far, whose turn, broken, shown voids); the hidden hands are the batch's own deals."""
        self.taken[:] = np.array(view.taken, dtype=U64)
        self.played[:] = view.played
        self.trick_mask[:] = view.trick_mask
        for i, card in enumerate(view.trick):
            self.trick[:, i] = card
        self.leader[:] = view.leader
        self.turn[:] = view.turn
        self.led[:] = view.led_suit
        self.win_seat[:] = view.win_seat
        self.win_card[:] = view.win_card
        self.broken[:] = view.broken
        self.void[:] = np.array(view.void, dtype=np.uint8)
        self.step = view.tricks_done * SEATS + len(view.trick)

    def legal(self, h: np.ndarray) -> np.ndarray:
        """Legal cards of the seat to move in each hand: ``legality.cascade`` on arrays."""
        first = self.step < SEATS
        rest = h
        if self.qw:  # the queen waits: held back while hearts are unbroken and she is not alone
            rest = np.where(~self.broken & ((h & _C_QS) != 0) & (h != _C_QS), h & ~_C_QS, h)
        if self.step % SEATS:
            follow = h & SUIT_M.take(self.led)
            other = rest
            if first and self.npf:
                safe = h & self.first_safe
                other = np.where(safe != 0, safe, rest)
            return np.where(follow != 0, follow, other)
        safe = rest & _C_NON_HEARTS
        out = np.where(~self.broken & (safe != 0), safe, rest)
        if first:  # the opening card's holder must open with it
            opening = h & self.opening
            out = np.where(opening != 0, opening, out)
        return out

    # the transition ------------------------------------------------------------------
    def play(self, card: np.ndarray) -> None:
        """Play ``card[b]`` for the seat to move in every hand (legal cards only; mirrors
        ``legality.PlayState.play``)."""
        card = card.astype(np.intp)  # a copy: win_card may be updated in place
        seat = self.turn
        bit = BITS.take(card)  # take: much faster than fancy indexing on a small table
        flat = self.hands.ravel()
        pos = self.seat0 + seat
        flat[pos] ^= bit
        self.played |= bit
        self.trick_mask |= bit
        tl = self.step % SEATS
        self.trick[:, tl] = card
        if self.record:
            self.cards[:, self.step] = card
            self.seats[:, self.step] = seat
        suit = card // RANKS
        if tl == 0:
            self.led = suit
            self.win_seat = seat.copy()
            self.win_card = card
        else:
            same = suit == self.led
            better = same & (card > self.win_card)
            np.copyto(self.win_card, card, where=better)
            np.copyto(self.win_seat, seat, where=better)
            off = np.nonzero(~same)[0]  # showed a void (a minority of hands)
            if len(off):
                vflat = self.void.ravel()
                vflat[pos[off]] |= np.left_shift(1, self.led[off]).astype(np.uint8)
        self.broken |= self.breaks.take(card)
        self.step += 1
        if tl < SEATS - 1:
            self.turn = (seat + 1) & SEAT_WRAP
            return
        w = self.win_seat
        tflat = self.taken.ravel()
        tflat[self.seat0 + w] |= self.trick_mask
        scored = (self.trick_mask & _POINTS_U) != 0  # only these hands' moon status can change
        if self.first_winner[0] < 0:
            self.first_winner[:] = w
        self.trick_mask[:] = 0
        self.trick[:] = -1
        self.led = np.full(self.size, -1, dtype=np.intp)
        self.leader = w
        self.turn = w.copy()
        if self.step < PLAYS:
            self.update_threats(scored)

    def update_threats(self, changed: np.ndarray | None = None) -> None:
        """Each seat's moon status, as ``agents.hearts.policy.threat_of`` (used by the rule policy),
        recomputed for the hands whose taken points ``changed`` (default all) while a moon
        is still possible (once two seats hold points, nobody can shoot any more)."""
        live = np.nonzero(~self.split if changed is None else ~self.split & changed)[0]
        if not len(live):
            return
        taken = self.taken[live]
        # has: one byte per seat, read as one uint32 per hand (little-endian: seat s is
        # byte s), so n is its popcount and the lowest set byte the holder (SEATS for none)
        has = np.ascontiguousarray((taken & _POINTS_U) != 0).view(_SEAT_BYTES).ravel()
        n = np.bitwise_count(has)
        holder = (np.bitwise_count((has & (~has + np.uint32(1))) - np.uint32(1)) >> 3).astype(np.intp)
        held = taken.ravel()[np.arange(len(live)) * SEATS + (holder & SEAT_WRAP)]
        hearts = np.bitwise_count(held & _C_HEARTS)
        pts = hearts + QS_POINTS * ((held & _C_QS) != 0)
        # a moon needs hearts: a seat that has taken only the Q♠ is not shooting (yet)
        status = np.where(n >= 2, NO_MOON, np.where((n == 1) & (pts >= 8) & (hearts > 0), holder, MOON_OPEN))
        t = np.where(np.arange(SEATS)[None, :] == holder[:, None], NO_MOON, status[:, None])
        self.threat[live] = np.where(self.defence[live], t, NO_MOON)
        self.split[live] = n >= 2

    @property
    def tricks_done(self) -> int:
        return self.step // SEATS

    @property
    def is_over(self) -> bool:
        return self.step >= PLAYS

    def scores(self) -> tuple[np.ndarray, np.ndarray]:
        return batch_scores(self.taken, self.rules)


# policies: one object per kind, chosen per seat ----------------------------------------
class Policy:
    """A vectorised player. ``play(st, sel, h, legal)`` returns one card per selected hand
    (``sel`` is None for every hand, else an index array; ``h``/``legal`` are already
    restricted to it). ``pass_cards(st, sel, seat)`` returns the 3-card masks that seat
    ``seat`` passes in the selected hands (during the pass ``st.hands`` are the dealt hands).
    """

    name = "policy"

    def play(self, st: BatchState, sel: np.ndarray | None, h: np.ndarray, legal: np.ndarray) -> np.ndarray:
        raise NotImplementedError

    def pass_cards(self, st: BatchState, sel: np.ndarray | None, seat: int) -> np.ndarray:
        raise NotImplementedError


def run_pass(st: BatchState, policies: Sequence[Policy], seat_policy: np.ndarray,
             offsets: np.ndarray | int) -> None:
    """Every seat chooses with its policy, then the cards move."""
    off = np.broadcast_to(np.asarray(offsets, dtype=np.intp), (st.size,))
    chosen = np.zeros((st.size, SEATS), dtype=U64)
    passing = off != 0
    for seat in TABLE.seats:
        for p, pol in enumerate(policies):
            sel = np.nonzero((seat_policy[:, seat] == p) & passing)[0]
            if len(sel) == st.size:
                chosen[:, seat] = pol.pass_cards(st, None, seat)
            elif len(sel):
                chosen[sel, seat] = pol.pass_cards(st, sel, seat)
    st.apply_pass(chosen, off)


def run_play(st: BatchState, policies: Sequence[Policy], seat_policy: np.ndarray | None = None,
             first: np.ndarray | None = None) -> None:
    """Play every hand to the end. ``seat_policy`` (B, 4) picks a policy per seat (None:
    ``policies[0]`` everywhere). ``first`` (B,) optional: the card the seat to move plays
    now, before the policies take over (how a candidate is tried)."""
    if first is not None and not st.is_over:
        st.play(first)
    single = seat_policy is None or len(policies) == 1
    while st.step < PLAYS:
        h = st.mover_hands()
        legal = st.legal(h)
        if st.record:
            st.legals[:, st.step] = legal
        if single or seat_policy is None:  # (the second test only tells the type checker)
            card = policies[0].play(st, None, h, legal)
        else:
            card = np.empty(st.size, dtype=np.intp)
            which = seat_policy[st.ar, st.turn]
            for p, pol in enumerate(policies):
                sel = np.nonzero(which == p)[0]
                if len(sel):
                    card[sel] = pol.play(st, sel, h[sel], legal[sel])
        st.play(card)


# entry point 1: fresh hands -----------------------------------------------------------
@dataclass
class BatchResult:
    """Scores (B, 4) and moon shooters (B,; -1 for none) of B complete hands; ``taken``
    (B, 4) masks; ``state`` the final BatchState (its record, if asked for)."""

    scores: np.ndarray
    moon: np.ndarray
    taken: np.ndarray
    state: BatchState

    def __len__(self) -> int:
        return len(self.scores)

    def moon_count(self) -> int:
        return int((self.moon >= 0).sum())

    def moons_by_seat(self) -> list[int]:
        return [int((self.moon == s).sum()) for s in TABLE.seats]

    def mean_points(self) -> list[float]:
        return [float(x) for x in self.scores.mean(axis=0)]


def play_lineups(deals: np.ndarray, policies: Sequence[Policy], seat_policy: np.ndarray, *,
                 rules: Rules | None = None, offsets: np.ndarray | int | None = None,
                 hand_numbers: np.ndarray | int = 0, record: bool = False) -> BatchResult:
    """``play_deals`` with a policy per hand and seat: ``policies[seat_policy[b, s]]``."""
    rules = check_rules(rules)
    deals = check_deals(deals)
    b = len(deals)
    if offsets is None:
        hn = check_per_hand(hand_numbers, b, "hand_numbers", 0, HAND_NUMBER_MAX)
        cycle = len(PASS_DIRECTIONS)  # the directions repeat every 4 hands
        offsets = np.array([PASS_OFFSETS[rules.pass_direction(k)] for k in range(cycle)],
                           dtype=np.intp)[hn % cycle]
    else:
        offsets = check_per_hand(offsets, b, "offsets", 0, SEATS - 1)
    seat_policy = np.broadcast_to(np.asarray(seat_policy, dtype=np.intp), (b, SEATS))
    st = BatchState(deals, rules, record=record)
    defence = np.array([getattr(p, "moon_defence", True) for p in policies], dtype=bool)
    st.defence[:] = defence[seat_policy]
    run_pass(st, policies, seat_policy, offsets)
    st.start_play()
    run_play(st, policies, None if len(policies) == 1 else seat_policy)
    scores, moon = st.scores()
    return BatchResult(scores, moon, st.taken, st)


__all__ = ["BatchResult", "BatchState", "Policy", "Stream", "batch_scores", "deals_from_rngs",
           "high", "kth_bit", "low", "play_lineups", "points_of",
           "popcount", "random_deals", "run_pass", "run_play"]
