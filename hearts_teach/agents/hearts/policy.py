"""The rule bot's decisions on bitmasks: the one policy used by ``RuleBot`` and by every
rollout of the Monte Carlo bot and the coach.

The design follows the greedy heuristic of jdh8/hearts-engine. Functions take only what the deciding seat may know
(its own hand, legal cards, the trick, the played cards, who took what), so callers
cannot leak hidden cards into a decision.
"""

from __future__ import annotations

from hearts_teach.games.hearts.view import shooting
from hearts_teach.kernel.cards import FULL_DECK, HEARTS_MASK, QS_INDEX, QS_MASK, SUIT_MASKS
from hearts_teach.kernel.table import SEAT_COUNT

POINTS = HEARTS_MASK | QS_MASK
NON_POINTS = FULL_DECK ^ POINTS
SPADES = SUIT_MASKS[3]
CLUBS = SUIT_MASKS[0]
DIAMONDS = SUIT_MASKS[1]
AS_MASK = 1 << (QS_INDEX + 2)
KS_MASK = 1 << (QS_INDEX + 1)
BIG_SPADES = AS_MASK | KS_MASK | QS_MASK
LOW_SPADES = SPADES & (QS_MASK - 1)  # 2♠..J♠
CLUBS_2 = 1
MOON_OPEN = -1  # no threat yet, but an opponent could still take every point
NO_MOON = -2  # nobody else can shoot any more (or moon defence is off)
INSURANCE_RANK = 8  # 10♥ and above: a high heart kept back to stop a moon

# passing constants (jdh8's tuned defaults: heart_weight 0, spade_guards 5, void_weight 1)
SPADE_GUARDS = 5
HONOUR_BONUS = {QS_INDEX: 100, QS_INDEX + 2: 90, QS_INDEX + 1: 80}
TWO_CLUBS_BONUS = 6
# tie order between equal scores: ♠AKQ > ♥ > ♦ > ♣ > low ♠
_SUIT_TIE = (1, 2, 3, 0)  # clubs, diamonds, hearts, low spades


def high(mask: int) -> int:
    return mask.bit_length() - 1


def low(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


# passing -------------------------------------------------------------------------------
def pass_score(card: int, hand: int, spade_guards: int = SPADE_GUARDS, void_bonus: bool = True) -> int:
    """How much the rule bot wants to pass ``card`` out of ``hand`` (higher: pass first)."""
    suit = card // 13
    score = card % 13 + 2
    if suit == 3 and card >= QS_INDEX:
        if (hand & LOW_SPADES).bit_count() < spade_guards:
            score += HONOUR_BONUS[card]
    elif void_bonus and suit != 3:
        n = (hand & SUIT_MASKS[suit]).bit_count()
        if n <= 3:
            score += 8 - 2 * n
    if card == 0:
        score += TWO_CLUBS_BONUS
    return score


def _tie_key(card: int) -> int:
    suit = card // 13
    if suit == 3:
        return 4 if card >= QS_INDEX else 0
    return _SUIT_TIE[suit]


# the low bits of a pass key: tie key then card index (cards < 64, tie keys < 8)
_CARD_BITS = 63
_SCORE_SHIFT = 9
_TIE_BITS = tuple(_tie_key(c) << 6 | c for c in range(52))


def rule_pass(hand: int, spade_guards: int = SPADE_GUARDS, void_bonus: bool = True) -> int:
    """The 3 cards to pass (a mask): pick the best-scoring card, rescore the rest, repeat,
    so that the void bonus grows as a suit empties. Ties go to ``_tie_key``, then to the
    higher card."""
    # a card's score reads only its own suit of the hand, so after a pick only that suit is
    # rescored; each key packs (score, tie key, card) into one int that orders the same way
    keys: dict[int, int] = {}
    chosen = 0
    rest = hand
    todo = hand
    for _ in range(3):
        while todo:
            b = todo & -todo
            c = b.bit_length() - 1
            todo ^= b
            keys[c] = pass_score(c, rest, spade_guards, void_bonus) << _SCORE_SHIFT | _TIE_BITS[c]
        best = max(keys.values()) & _CARD_BITS
        del keys[best]
        chosen |= 1 << best
        rest ^= 1 << best
        todo = rest & SUIT_MASKS[best // 13]
    return chosen


# playing -------------------------------------------------------------------------------
# per card index: the cards above it and below it (lookups: 52-bit arithmetic allocates)
_ABOVE = tuple(FULL_DECK & ~((2 << c) - 1) for c in range(52))
_BELOW = tuple((1 << c) - 1 for c in range(52))


def rule_play(seat: int, hand: int, legal: int, trick_len: int, led_suit: int, win_card: int,
              win_seat: int, trick_mask: int, played: int, threat: int, seats: int = SEAT_COUNT) -> int:
    """The rule bot's card (an index) from what ``seat`` may know.

    ``threat`` is the opponent who has taken every point so far (at least 8), or
    ``MOON_OPEN`` / ``NO_MOON`` (see ``threat_of``); pass ``NO_MOON`` to switch moon
    defence off. ``seats``: the table size (the last card of a trick is card ``seats``).
    (``high``/``low`` are written out inline: this runs for every card of every rollout.)
    """
    last = seats - 1  # cards already in the trick when the last seat plays
    if legal.bit_count() < 2:  # (a method call: cheaper than 52-bit arithmetic)
        return legal.bit_length() - 1
    if trick_len == 0:
        return _lead(hand, legal, played, threat)
    suit_mask = SUIT_MASKS[led_suit]
    if hand & suit_mask:  # following suit: every legal card is of the led suit
        if led_suit == 3 and legal & QS_MASK and win_card > QS_INDEX and threat < 0:
            return QS_INDEX  # ride the queen under a higher spade
        above = legal & _ABOVE[win_card]
        if threat >= 0 and above and (win_seat == threat or not _has_played(threat, seat, trick_len, seats)):
            # moon defence: take this trick (with the highest card, the shooter may still play);
            # once the shooter has played and lost it, whoever wins its points stops the moon
            safe = above & ~QS_MASK
            return safe.bit_length() - 1 if safe else QS_INDEX
        if trick_len == last and not trick_mask & POINTS and above:
            # last seat on a clean trick: win it and shed the highest card (never the queen)
            safe = legal & ~QS_MASK
            return safe.bit_length() - 1 if safe else QS_INDEX
        below = legal & _BELOW[win_card]
        if below:
            return below.bit_length() - 1  # duck as high as possible
        # forced to win: the lowest card, but never the Q♠ while a higher spade can win
        # instead (a later seat may duck under her, and she would be your own 13 points)
        safe = legal & ~QS_MASK
        if not safe:
            return QS_INDEX
        if trick_len == last:
            return safe.bit_length() - 1
        return (safe & -safe).bit_length() - 1
    # void in the led suit: discard
    if threat >= 0 and (win_seat == threat or not _has_played(threat, seat, trick_len, seats)):
        clean = legal & NON_POINTS
        if clean:
            return clean.bit_length() - 1  # do not feed the shooter
        hearts = legal & HEARTS_MASK
        if hearts:
            return (hearts & -hearts).bit_length() - 1  # feed as little as possible; keep high hearts to win one back
    # (once the shooter has played and lost this trick, a point card here ends the moon)
    if legal & QS_MASK:
        return QS_INDEX
    if not played & QS_MASK and not hand & QS_MASK and legal & (AS_MASK | KS_MASK):
        return (legal & (AS_MASK | KS_MASK)).bit_length() - 1
    hearts = legal & HEARTS_MASK
    if hearts:
        top = hearts.bit_length() - 1
        if threat == MOON_OPEN and hearts & (hearts - 1) and top % 13 >= INSURANCE_RANK:
            return (hearts ^ (1 << top)).bit_length() - 1  # keep the highest heart as moon insurance
        return top
    return _highest_card(legal, hand)


def _has_played(other: int, seat: int, trick_len: int, seats: int = SEAT_COUNT) -> bool:
    """Whether ``other`` has already played to the trick that ``seat`` is now joining."""
    return (seat - other) % seats <= trick_len and other != seat


def _highest_card(legal: int, hand: int) -> int:
    """Highest rank; between equal ranks, the card of the shortest suit."""
    best, best_key = -1, (-1, 0)
    m = legal
    while m:
        b = m & -m
        c = b.bit_length() - 1
        m ^= b
        key = (c % 13, -(hand & SUIT_MASKS[c // 13]).bit_count())
        if key > best_key:
            best, best_key = c, key
    return best


def _lead(hand: int, legal: int, played: int, threat: int) -> int:
    if threat >= 0:
        hearts = legal & HEARTS_MASK
        if hearts:
            top = high(hearts)
            out = HEARTS_MASK & ~played & ~hand
            if not out >> top:  # no unseen heart beats it: a sure way to win a heart back
                return top
    spades = legal & SPADES
    if spades and not hand & BIG_SPADES and not played & QS_MASK:
        return low(spades)  # flush the queen out
    # work the shortest suit (not hearts, and not spades while holding a big spade);
    # when leading, every held non-heart card is legal (the 2♣ lead is forced earlier)
    clubs = legal & CLUBS
    diamonds = legal & DIAMONDS
    if spades and hand & BIG_SPADES and (clubs or diamonds):
        spades = 0
    best, best_n, best_rank = -1, 99, 99
    for m in (clubs, diamonds, spades):
        if m:
            n = m.bit_count()
            c = (m & -m).bit_length() - 1
            if n < best_n or (n == best_n and c % 13 < best_rank):
                best, best_n, best_rank = c, n, c % 13
    if best >= 0:
        return best
    return low(legal)


def threat_of(taken: list[int] | tuple[int, ...], me: int) -> int:
    """Moon status for ``me``: the opponent holding every point taken so far (at least 8);
    ``MOON_OPEN`` (-1) while an opponent could still shoot; ``NO_MOON`` (-2) once points
    are split between seats or ``me`` holds them all."""
    holder = -1
    for s, t in enumerate(taken):
        if t & POINTS:
            if holder >= 0:
                return NO_MOON
            holder = s
    if holder < 0:
        return MOON_OPEN
    if holder == me:
        return NO_MOON
    return holder if shooting(taken[holder]) else MOON_OPEN  # the Q♠ alone is not a moon run (yet)
