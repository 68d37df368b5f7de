"""Property tests: random seeded hands with random legal play, checked against an
independent reference written straight from docs/rules.md (not from the engine's cascade).

Hypothesis runs derandomized (a fixed example sequence) so CI is stable.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from hearts_teach import DECK, Card, Hand, Match, Rng, Rule, Rules, Suit
from hearts_teach.kernel.cards import FULL_DECK

PROFILE = settings(max_examples=120, derandomize=True, deadline=None, database=None)

LEGAL_RULES = {Rule.OPENING_LEAD, Rule.FOLLOWS_SUIT, Rule.VOID_DISCARD, Rule.FREE_LEAD,
               Rule.ALL_HEARTS_LEAD, Rule.ONLY_POINTS_LEFT}
ILLEGAL_RULES = {Rule.MUST_LEAD_TWO_OF_CLUBS, Rule.MUST_FOLLOW_SUIT, Rule.NO_POINTS_ON_FIRST_TRICK,
                 Rule.HEARTS_NOT_BROKEN, Rule.QUEEN_WAITS, Rule.HEARTS_AND_QUEEN_WAIT}

seeds = st.integers(min_value=0, max_value=2**63 - 1)
presets = st.sampled_from(sorted(Rules.presets()))
numbers = st.integers(min_value=0, max_value=7)


def reference_legal(held: list[Card], trick: list[Card], first: bool, broken: bool, rules: Rules) -> list[Card]:
    """docs/rules.md rules H4, H5, H6 and H8, written plainly; and the queen-waits variant (Q♠ is not
    led or discarded before hearts are broken, counting a heart already in this trick, unless
    she is the last card; the other rules then apply to the rest of the hand)."""
    queen = Card("QS")
    broken_now = broken or any(c.suit is Suit.HEARTS or (rules.queen_breaks_hearts and c == queen)
                               for c in trick)
    following = trick and any(c.suit == trick[0].suit for c in held)
    opening = first and not trick
    if (rules.queen_waits and queen in held and len(held) > 1 and not broken_now
            and not following and not opening):
        rest = [c for c in held if c != queen]
        return reference_legal(rest, trick, first, broken, rules.replace(queen_waits=False))
    if trick:
        follow = [c for c in held if c.suit == trick[0].suit]
        if follow:
            return follow
        if first and rules.no_points_on_first_trick:
            return [c for c in held if not c.is_penalty] or held
        return held
    if first:
        assert Card("2C") in held
        return [Card("2C")]
    if not broken:
        return [c for c in held if c.suit is not Suit.HEARTS] or held
    return held


def reference_scores(taken: list[list[Card]], rules: Rules) -> tuple[list[int], int | None]:
    pts = [sum(13 if c == Card("QS") else int(c.suit is Suit.HEARTS) for c in t) for t in taken]
    moon = next((s for s in range(4) if pts[s] == 26), None)
    if moon is not None:
        pts = [(0 if s == moon else 26) if rules.moon == "add_to_others" else (-26 if s == moon else 0)
               for s in range(4)]
    if rules.omnibus:
        pts = [p - (10 if Card("JD") in taken[s] else 0) for s, p in enumerate(pts)]
    return pts, moon


def check_explanations(hand: Hand, rng: Rng) -> None:
    seat = hand.turn
    legal = set(hand.legal_plays())
    assert legal, "the legal set is never empty"
    for c in hand.cards(seat):
        v = hand.explain(c)
        assert v.legal == (c in legal) and v.seat == seat
        assert v.rule in (LEGAL_RULES if v.legal else ILLEGAL_RULES)
        assert len(v.message) > 20 and not v.message.startswith(v.rule.value)
        if not v.legal:
            assert c.pretty in str(v) and "not allowed" in str(v)
    unheld = [c for c in DECK if c not in hand.cards(seat)]
    v = hand.explain(rng.choice(unheld))
    assert not v.legal and v.rule is Rule.NOT_IN_HAND and "does not hold" in v.message


def undo_redo(hand: Hand) -> None:
    snap = hand.snapshot()
    action = hand.undo()
    assert hand.snapshot() != snap
    if action.kind == "play":
        hand.play(action.card, seat=action.seat)
    else:
        hand.pass_cards(action.seat, action.cards)
    assert hand.snapshot() == snap


def record_roundtrip(hand: Hand) -> None:
    again = Hand.from_json(hand.to_json())
    assert again.snapshot() == hand.snapshot()
    assert again.to_record() == hand.to_record()
    assert again.rules == hand.rules


@PROFILE
@given(seed=seeds, preset=presets, number=numbers)
def test_random_hands_obey_the_rules(seed, preset, number):
    rules = Rules.preset(preset)
    rng = Rng(seed)
    hand = Hand.deal(rng.spawn("deal"), hand_number=number, rules=rules)
    assert hand.pass_direction == rules.pass_direction(number)
    checkpoints = {rng.randbelow(56) for _ in range(3)}
    step = 0
    for seat in range(4):
        if hand.to_pass:
            hand.pass_cards(seat, rng.sample(list(hand.cards(seat)), 3))
            step += 1
            if step in checkpoints:
                undo_redo(hand)
    start = [hand.cards(s) for s in range(4)]
    assert all(len(h) == 13 for h in start)
    plays: list[Card] = []
    leader = hand.turn
    broken = False
    taken: list[list[Card]] = [[], [], [], []]
    voids = [0, 0, 0, 0]
    for number_ in range(13):
        assert hand.turn == leader, "the winner of the last trick leads"
        trick: list[Card] = []
        for i in range(4):
            seat = (leader + i) % 4
            assert hand.turn == seat
            ref = reference_legal(list(hand.cards(seat)), trick, number_ == 0, broken, rules)
            assert list(hand.legal_plays()) == sorted(ref)
            check_explanations(hand, rng)
            assert hand.play_state().legal() == hand.legal_plays().mask
            card = rng.choice(list(hand.legal_plays()))
            done = hand.play(card)
            assert (done is not None) == (i == 3)
            trick.append(card)
            plays.append(card)
            step += 1
            if step in checkpoints:
                undo_redo(hand)
        led = trick[0].suit
        best = max(c for c in trick if c.suit == led)
        winner = (leader + trick.index(best)) % 4
        t = hand.last_trick
        assert t.number == number_ + 1 and t.leader == leader and t.winner == winner
        assert list(t.cards) == trick
        taken[winner].extend(trick)
        for i, c in enumerate(trick[1:], start=1):
            if c.suit != led:
                voids[(leader + i) % 4] |= 1 << led
        broken = broken or any(c.suit is Suit.HEARTS or (rules.queen_breaks_hearts and c == Card("QS"))
                               for c in trick)
        assert hand.hearts_broken == broken
        leader = winner
        if number_ == 6:
            record_roundtrip(hand)
    assert hand.is_over and len(hand.tricks) == 13
    state = hand.play_state()
    assert state.void == voids and state.is_over
    assert state.taken == [sum(c.mask for c in t) for t in taken]
    assert sorted(c.index for c in plays) == list(range(52)), "each card is played once"
    assert all(len(t.cards) == 4 for t in hand.tricks)
    scores, moon = reference_scores(taken, rules)
    assert list(hand.scores) == scores and hand.moon == moon
    jd = 10 if rules.omnibus else 0
    if moon is None:
        assert sum(hand.scores) == 26 - jd
    elif rules.moon == "add_to_others":
        assert sorted(s + (10 if rules.omnibus and Card("JD") in taken[i] else 0)
                      for i, s in enumerate(hand.scores)) == [0, 26, 26, 26]
    else:
        assert sorted(s + (10 if rules.omnibus and Card("JD") in taken[i] else 0)
                      for i, s in enumerate(hand.scores)) == [-26, 0, 0, 0]
    assert sum(t.points for t in hand.tricks) == 26 - jd
    record_roundtrip(hand)


@settings(max_examples=40, derandomize=True, deadline=None, database=None)
@given(seed=seeds, rules=st.sampled_from([Rules(), Rules(omnibus=True, moon="subtract_from_self"),
                                          Rules(passing=False, queen_breaks_hearts=True)]),
       end=st.sampled_from([1, 30, 60]))
def test_random_matches_end_correctly_and_roundtrip(seed, rules, end):
    rules = rules.replace(end_score=end)
    rng = Rng(seed)
    m = Match(seed=seed, rules=rules)
    while True:
        h = m.hand
        assert h.pass_direction == rules.pass_direction(m.hand_number)
        for s in h.to_pass:
            h.pass_cards(s, rng.sample(list(h.cards(s)), 3))
        while not h.is_over:
            h.play(rng.choice(list(h.legal_plays())))
        totals = [sum(x.scores[s] for x in m.hands) for s in range(4)]
        assert list(m.totals) == totals
        assert m.running_totals()[-1] == tuple(totals)
        decided = max(totals) >= end and totals.count(min(totals)) == 1
        assert m.is_over == decided
        assert m.tie_for_lowest == (max(totals) >= end and totals.count(min(totals)) > 1)
        if decided:
            assert m.winner == totals.index(min(totals))
            break
        assert m.winner is None
        m.next_hand()
    again = Match.from_json(m.to_json())
    assert again.to_record() == m.to_record()
    assert again.totals == m.totals and again.winner == m.winner


@settings(max_examples=60, derandomize=True, deadline=None, database=None)
@given(seed=seeds, preset=presets, stop=st.integers(min_value=0, max_value=51))
def test_partial_hands_roundtrip_and_undo_to_the_deal(seed, preset, stop):
    from hearts_positions import random_hand

    hand = random_hand(seed, Rules.preset(preset), hand_number=seed % 4, stop_after=stop)
    record_roundtrip(hand)
    fresh = Hand(list(hand.dealt(s) for s in range(4)), hand.pass_direction, hand.rules, hand.hand_number)
    while hand.history:
        hand.undo()
    assert hand.snapshot() == fresh.snapshot()


@settings(max_examples=300, deadline=None)
@given(st.integers(1, FULL_DECK), st.floats(0, 1, exclude_max=True))
def test_pick_bit_draws_the_kth_set_bit_of_the_mask(mask, draw):
    # Rng.pick_bit walks from whichever end of the mask is nearer; the card it picks must
    # still be the k-th lowest set bit, k = int(draw * set bits), whatever the mask
    rng = Rng(0)
    rng._random = lambda: draw  # the one draw pick_bit makes
    held = [i for i in range(52) if mask >> i & 1]
    assert rng.pick_bit(mask) == held[int(draw * len(held))]
