"""Reading the others' past plays (and passes): which sampled deals fit what they did.

A sampled deal is consistent with what the seat *saw* (hand sizes, shown voids, its pass),
but not yet with *how* the others played: a deal where West held the A♠ fits poorly if West
ducked a spade trick that the A♠ could have won for free. Here each sampled deal is weighed
by how likely the others' plays so far are in it, under the model that they play like the
rule policy, and that a player leaves it now and then (``miss``: the chance given to a play
the policy would not have made, so a human or a searching bot never rules a deal out):

    weight(deal) = miss ** (number of the others' plays the rule policy would not have made)

The passes are read the same way (``pass_misses``, asked for with ``read_pass``): each fact of
the pass a deal contradicts, under the model that the others passed like the rule bot, is one
more miss.

The replay is the batch engine's: every deal's hands as they stood after the pass (each
seat's cards now plus the cards it has played) are played forward card by card, with the
rule policy asked at each of the others' turns.

The rule policy reveals a lot: a few plays in, only one uniformly sampled deal in a hundred
fits every play. So ``posterior_deals`` is a resample-move sampler (Gilks and Berzuini): draw a
pool of deals from the seat's sampler, resample it in proportion to the weights, then let each
deal take Metropolis steps (swap one hidden card between two other seats, never against a
shown void or a card the seat knows the place of; accept with probability
``miss ** (misses after − misses before)``, capped at 1). The swaps are symmetric, so the
steps keep the weighted distribution and spread the deals over more of the hands that fit.
"""

from __future__ import annotations

import numpy as np

from hearts_teach.agents.hearts.batch_policy import RulePolicy, rule_pass_masks
from hearts_teach.agents.hearts.policy import AS_MASK, KS_MASK, LOW_SPADES, QS_MASK, SPADE_GUARDS
from hearts_teach.games.hearts.batch import BITS, U64, BatchState, Stream, kth_bit
from hearts_teach.games.hearts.rules import PASS_OFFSETS
from hearts_teach.games.hearts.view import View
from hearts_teach.kernel.rng import Rng
from hearts_teach.kernel.table import SEAT_COUNT
from hearts_teach.kernel.validation import check_probability


def play_misses(view: View, worlds: np.ndarray) -> np.ndarray:
    """(N,) how many of the others' plays so far the rule policy would not have made in each
    deal of ``worlds`` ((N, 4) hand masks of the position, the seat's own hand in its column).

    All zeros when the view has no play history to read (a view built without one, a table
    that is not of four, or before the first card)."""
    worlds = np.asarray(worlds, dtype=U64)
    n = len(worlds)
    misses = np.zeros(n, dtype=np.int32)
    plays = view.plays
    if not plays or view.rules.players != SEAT_COUNT or len(plays) != view.played.bit_count():
        return misses
    start = worlds.copy()
    for seat, card in plays:  # the hands as they stood when the play began
        start[:, seat] |= BITS[card]
    st = BatchState(start, view.rules)
    st.start_play()
    policy = RulePolicy()
    for seat, card in plays:
        if seat != view.seat:
            h = st.mover_hands()
            misses += policy.play(st, None, h, st.legal(h)) != card
        st.play(np.full(n, card, dtype=np.intp))
    return misses


def pass_misses(view: View, worlds: np.ndarray) -> np.ndarray:
    """(N,) how many facts of the pass each deal of ``worlds`` contradicts, under the model that
    the others passed like the rule bot (``policy.rule_pass``).

    The rule bot passes the A♠, K♠ and Q♠ before any other card unless it holds five low spades
    (2♠ to J♠) to guard them, and it hardly ever passes a low spade. The seat this seat passed
    to received only this seat's cards, so a big spade it holds now (and did not get from this
    seat) is one it kept, which needs five low spades. On an across pass that seat is also the
    passer, and its whole hand before the pass is known in a deal (its cards now, less what this
    seat gave it, plus what it gave), so its pass is checked exactly. (A big spade at another
    seat may have come from the seat before it in the pass, with or without low spades: a
    guarded honour still goes when it is among the hand's three highest cards.) All zeros on a
    hold hand, before the pass, or at a table that is not of four.
    """
    worlds = np.asarray(worlds, dtype=U64)
    n = len(worlds)
    misses = np.zeros(n, dtype=np.int32)
    me, to, source = view.seat, view.pass_to, view.pass_from
    if (view.phase != "play" or not view.received or to is None or source is None
            or view.rules.players != SEAT_COUNT):
        return misses
    after = worlds.copy()  # each seat's hand as the play began (after the pass)
    mine = view.hand | view.passed  # the cards whose place I know: mine after the pass, and those I gave
    for seat, card in view.plays:
        after[:, seat] |= BITS[card]
        if seat == me:
            mine |= 1 << card
    if PASS_OFFSETS[view.pass_direction] == 2:  # across: the passer received only my cards
        before = (after[:, source] & ~U64(view.passed)) | U64(view.received)
        return misses + (rule_pass_masks(before) != U64(view.received))
    # the seat I passed to kept every big spade it holds that I did not give it, so it had five
    # low spades before the pass (without the ones I gave it)
    low = np.bitwise_count(after[:, to] & U64(LOW_SPADES)).astype(np.int32)
    short = low - (view.passed & LOW_SPADES).bit_count() < SPADE_GUARDS
    for big in (QS_MASK, KS_MASK, AS_MASK):
        if not mine & big:
            misses += ((after[:, to] & U64(big)) != 0) & short
    return misses


def play_weights(view: View, worlds: np.ndarray, miss: float) -> np.ndarray:
    """(N,) each deal's weight ``miss ** misses`` (see the module's docstring; ``miss`` in (0, 1]:
    1 reads nothing into the plays, near 0 trusts the rule policy fully)."""
    return _weight(check_probability(miss, "miss"), play_misses(view, worlds))


def _weight(miss: float, misses: np.ndarray) -> np.ndarray:
    return np.power(miss, misses.astype(np.float64))


def resample(weights: np.ndarray, count: int, rng: Rng) -> np.ndarray:
    """``count`` indices drawn in proportion to ``weights`` (systematic resampling: one uniform,
    evenly spaced pointers, so a deal of weight w is drawn ⌊count·w/Σw⌋ or one more times)."""
    w = np.asarray(weights, dtype=np.float64)
    cum = np.cumsum(w / w.sum())
    cum[-1] = 1.0  # rounding must not leave the last pointer past the end
    pointers = (rng.random() + np.arange(count)) / count
    return np.searchsorted(cum, pointers, side="right")


def _movable(view: View) -> np.ndarray:
    """(4,) the hidden cards that may change seats: unseen, and not passed cards whose holder the
    seat knows (the seat's own column is empty)."""
    free = view.unseen_mask
    if view.passed and view.pass_to is not None:
        free &= ~view.passed
    return np.array([0 if s == view.seat else free for s in range(SEAT_COUNT)], dtype=U64)


def _swap(view: View, deals: np.ndarray, stream: Stream) -> np.ndarray:
    """Each deal with one hidden card swapped between two other seats (or unchanged when the
    drawn swap would break a shown void or no card can move)."""
    n = len(deals)
    others = np.array([s for s in range(SEAT_COUNT) if s != view.seat], dtype=np.intp)
    pair = stream.below(6)  # an ordered pair of two of the three other seats
    a = others[pair // 2]
    b = others[(pair // 2 + 1 + pair % 2) % 3]
    ar = np.arange(n)
    movable = _movable(view)
    fa = deals[ar, a] & movable[a]
    fb = deals[ar, b] & movable[b]
    na, nb = np.bitwise_count(fa).astype(np.intp), np.bitwise_count(fb).astype(np.intp)
    ok = (na > 0) & (nb > 0)
    x = kth_bit(np.where(ok, fa, U64(1)), np.where(ok, stream.below(np.maximum(na, 1)), 0))
    y = kth_bit(np.where(ok, fb, U64(1)), np.where(ok, stream.below(np.maximum(nb, 1)), 0))
    void = np.array(view.void, dtype=np.intp)
    ok &= (void[b] >> (x // 13) & 1) == 0  # x goes to b, y to a: neither against a shown void
    ok &= (void[a] >> (y // 13) & 1) == 0
    out = deals.copy()
    flip = BITS[x] | BITS[y]
    rows = np.nonzero(ok)[0]
    out[rows, a[rows]] ^= flip[rows]
    out[rows, b[rows]] ^= flip[rows]
    return out


def posterior_deals(view: View, pool: np.ndarray, count: int, miss: float, rng: Rng,
                    moves: int = 2, read_pass: bool = False) -> np.ndarray:
    """``count`` deals drawn from ``pool`` ((N, 4) masks from the seat's sampler) in proportion
    to how well they fit the others' plays (and, with ``read_pass``, their passes:
    ``pass_misses``), then moved by ``moves`` Metropolis steps each (see the module's docstring)."""
    miss = check_probability(miss, "miss")
    pool = np.asarray(pool, dtype=U64)

    def misses_of(deals: np.ndarray) -> np.ndarray:
        return play_misses(view, deals) + (pass_misses(view, deals) if read_pass else 0)

    misses = misses_of(pool)
    if not misses.any():
        return pool[resample(np.ones(len(pool)), count, rng)]
    pick = resample(_weight(miss, misses), count, rng)
    deals, misses = pool[pick], misses[pick]
    stream = Stream.from_rng(rng.spawn("moves"), np.arange(count))
    for _ in range(moves):
        moved = _swap(view, deals, stream)
        after = misses_of(moved)
        accept = stream.uniform() < _weight(miss, after - misses)
        deals = np.where(accept[:, None], moved, deals)
        misses = np.where(accept, after, misses)
    return deals


__all__ = ["pass_misses", "play_misses", "play_weights", "posterior_deals", "resample"]
