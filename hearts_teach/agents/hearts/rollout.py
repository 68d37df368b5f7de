"""The hot loop: sampling hidden hands and playing positions out with the rule policy.

Everything here runs on ints (card indices and 52-bit masks): no ``Card``, no ``Hand``,
because the coach and the Monte Carlo bot play tens of thousands of cards per decision in
pure Python. Legality comes from the engine's one cascade (``legality.cascade``) and each
card is played by the kernel's one trick transition (``PlayState.play``), so a rollout can
never play a card the engine would refuse nor score a trick differently.
"""

from __future__ import annotations

from collections.abc import Callable

from hearts_teach.agents.hearts.policy import MOON_OPEN, NO_MOON, POINTS, rule_play
from hearts_teach.games.hearts.legality import PlayState, cascade
from hearts_teach.games.hearts.rules import RuleTables
from hearts_teach.kernel.cards import HEARTS_MASK, QS_INDEX, SUIT_MASKS, SUITS, indices_of
from hearts_teach.kernel.rng import Rng
from hearts_teach.kernel.table import MAX_SEATS, MIN_SEATS


def rollout(hands: list[int], taken: list[int], trick_cards: int, trick_mask: int, turn: int,
            led_suit: int, win_seat: int, win_card: int, broken: bool, tricks_done: int,
            played: int, rules: RuleTables, defence: tuple[bool, ...], first: int = -1,
            stop: int | None = None) -> tuple[list[int], int]:
    """Play to the end with the rule policy for every seat. ``hands`` and ``taken`` are
    modified in place. ``trick_cards`` is how many cards the trick in progress holds.

    ``first`` (a card index, optional) is played for the seat to move before the policy
    takes over: that is how a candidate card is tried.
    Play stops once every card in ``stop`` (default ``rules.scoring``: hearts and Q♠, plus J♦
    under omnibus) has been taken: the rest cannot change any score.
    Returns ``(taken, winner of the trick in progress or of the next trick)``.
    Each seat's decision reads only its own hand and public facts.
    ``rules`` are the compiled options (``Rules(...).compiled``), one seat per entry of ``hands``.
    """
    st = PlayState(hands, turn, rules)
    if stop is None:
        stop = rules.scoring
    st.hands = hands  # in place, as documented
    st.taken = taken
    # the rollout knows how many cards the trick in progress holds, not which: their
    # effect is in trick_mask, led_suit and the winner so far; the placeholders only count
    st.trick = [-1] * trick_cards
    st.trick_mask = trick_mask
    st.leader = (turn - trick_cards) % st.players
    st.led_suit = led_suit
    st.win_seat = win_seat
    st.win_card = win_card
    st.broken = broken
    st.tricks_done = tricks_done
    st.played = played
    play = st.play
    n = st.players
    split = _SPLIT[n]
    first_winner = -1
    threat = _threats(taken, defence)
    scored = _taken_points(taken)  # the points in the tricks taken so far
    rp = rule_play
    last = st.table.hand_size
    card = first
    while st.tricks_done < last:
        if card < 0:
            seat = st.turn
            hand = hands[seat]
            led_suit = st.led_suit
            legal = cascade(hand, led_suit, st.tricks_done == 0, st.broken, rules)[0]
            if legal.bit_count() > 1:
                card = rp(seat, hand, legal, len(st.trick), led_suit, st.win_card, st.win_seat,
                          st.trick_mask, st.played, threat[seat], n)
            else:
                card = legal.bit_length() - 1
        winner = play(card)
        card = -1
        if winner >= 0:
            if first_winner < 0:
                first_winner = winner
            played = st.played
            if threat is not split and played & POINTS != scored:
                scored = played & POINTS
                threat = _threats(taken, defence)
            if played & stop == stop:
                break
    return taken, first_winner


def _taken_points(taken: list[int]) -> int:
    m = 0
    for t in taken:
        m |= t
    return m & POINTS


# per table size, the one tuple that says "points are split: nobody can shoot any more"
_SPLIT = {n: (NO_MOON,) * n for n in range(MIN_SEATS, MAX_SEATS + 1)}


def _threats(taken: list[int], defence: tuple[bool, ...]) -> tuple[int, ...]:
    """Each seat's moon status (as ``policy.threat_of``), for the next trick; one pass
    over the taken cards instead of one ``threat_of`` call per seat (hot path). Once the
    points are split it returns the table's ``_SPLIT`` tuple, so the rollout stops asking."""
    holder = -1
    for s, t in enumerate(taken):
        if t & POINTS:
            if holder >= 0:
                return _SPLIT[len(taken)]
            holder = s
    if holder < 0:
        return tuple(MOON_OPEN if d else NO_MOON for d in defence)
    t = taken[holder]
    hearts = (t & HEARTS_MASK).bit_count()  # a moon needs hearts (a lone Q♠ taker is not shooting)
    status = holder if hearts and hearts + (13 if t >> QS_INDEX & 1 else 0) >= 8 else MOON_OPEN
    return tuple(status if defence[s] and s != holder else NO_MOON for s in range(len(taken)))


# sampling hidden hands -----------------------------------------------------------------
def sample_hands(rng: Rng, me: int, my_hand: int, unseen: int, sizes: tuple[int, ...] | list[int],
                 void: tuple[int, ...] | list[int], known: dict[int, int] | None = None,
                 tries: int = 20) -> list[int]:
    """Deal the ``unseen`` cards to the other seats (one per entry of ``sizes`` but ``me``)
    consistently with what ``me`` knows: each seat gets exactly ``sizes[seat]`` cards, none of a suit it showed void in,
    and the cards in ``known[seat]`` (e.g. cards ``me`` passed to it).

    Without voids: shuffle and cut (exactly uniform). With voids: cards are placed
    most-constrained suit first, each to an eligible seat chosen with probability
    proportional to its free places; after ``tries`` dead ends, a placement that checks at
    every step that the rest can still be completed (Hall's condition) finishes the job.
    """
    rnd = rng.random
    seats = range(len(sizes))
    base = [0] * len(sizes)
    base[me] = my_hand
    cap0 = [0] * len(sizes)
    rest0 = unseen
    for s in seats:
        if s != me:
            cap0[s] = sizes[s]
    if known:
        for s in sorted(known):
            k = known[s] & unseen
            base[s] |= k
            cap0[s] -= k.bit_count()
            rest0 &= ~k
    others = [s for s in seats if s != me]
    # suits ordered by how few seats may hold them (most constrained first)
    suit_seats = []
    for suit in range(SUITS):
        cards_in = rest0 & SUIT_MASKS[suit]
        if not cards_in:
            continue
        elig = [s for s in others if not void[s] >> suit & 1]
        suit_seats.append((len(elig), suit, elig, cards_in))
    suit_seats.sort()
    if all(len(e) == len(others) for _, _, e, _ in suit_seats):
        # no voids to respect: shuffle and cut (exactly uniform)
        idx = indices_of(rest0)
        for i in range(len(idx) - 1, 0, -1):
            j = int(rnd() * (i + 1))
            idx[i], idx[j] = idx[j], idx[i]
        hands = base[:]
        pos = 0
        for s in others:
            m = 0
            for c in idx[pos:pos + cap0[s]]:
                m |= 1 << c
            hands[s] |= m
            pos += cap0[s]
        return hands
    for _ in range(tries):
        hands = base[:]
        cap = cap0[:]
        ok = True
        for _n, _suit, elig, cards_in in suit_seats:
            idx = indices_of(cards_in)
            for c in idx:
                total = 0
                for s in elig:
                    total += cap[s]
                if total <= 0:
                    ok = False
                    break
                r = rnd() * total
                for s in elig:
                    r -= cap[s]
                    if r < 0 and cap[s] > 0:
                        break
                else:
                    s = next(x for x in reversed(elig) if cap[x] > 0)
                hands[s] |= 1 << c
                cap[s] -= 1
            if not ok:
                break
        if ok and not any(cap[s] for s in others):
            return hands
    placed = _checked_deal(rnd, base, cap0, others, suit_seats)
    if placed is None:
        raise RuntimeError("no deal of the hidden cards fits the view "
                           f"(sizes {list(sizes)}, voids {list(void)})")
    return placed


def _checked_deal(rnd: Callable[[], float], base: list[int], cap0: list[int], others: list[int],
                  suit_seats: list[tuple]) -> list[int] | None:
    """Place every card so that the remaining cards can always still be placed: for each
    set T of seats, their free places must not exceed the cards that some seat of T may
    take (Hall's condition for this transportation problem; totals are equal)."""
    subsets = []
    for bits in range(1, 1 << len(others)):
        seats = [others[i] for i in range(len(others)) if bits >> i & 1]
        touched = [k for k, (_n, _suit, elig, _c) in enumerate(suit_seats)
                   if any(x in seats for x in elig)]
        subsets.append((seats, touched))
    rem = [cards_in.bit_count() for _n, _suit, _elig, cards_in in suit_seats]
    cap = cap0[:]

    def feasible() -> bool:
        for seats, touched in subsets:
            if sum(cap[x] for x in seats) > sum(rem[k] for k in touched):
                return False
        return True

    if sum(cap[x] for x in others) != sum(rem) or not feasible():
        return None
    hands = base[:]
    for k, (_n, _suit, elig, cards_in) in enumerate(suit_seats):
        for c in indices_of(cards_in):
            weights = []
            rem[k] -= 1
            for x in elig:
                w = 0
                if cap[x] > 0:
                    cap[x] -= 1
                    if feasible():
                        w = cap[x] + 1
                    cap[x] += 1
                weights.append(w)
            total = sum(weights)
            if total == 0:
                return None
            r = rnd() * total
            pick = elig[-1]
            for x, w in zip(elig, weights, strict=True):
                r -= w
                if r < 0 and w > 0:
                    pick = x
                    break
            if weights[elig.index(pick)] == 0:
                pick = next(x for x, w in zip(elig, weights, strict=True) if w > 0)
            hands[pick] |= 1 << c
            cap[pick] -= 1
    return hands
