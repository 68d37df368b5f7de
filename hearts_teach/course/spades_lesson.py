"""Helpers behind lessons 09 (Hearts vs Spades), 09a (bidding) and 09b (nil): one deal played under
both games, shown side by side as text and HTML, and the bots' trick count part by part."""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Sequence
from html import escape

from hearts_teach.agents.spades import (
    SpadesBot,
    auto_play,
    estimate_tricks,
    nil_faults,
    quarters,
    smart_bid,
    trick_count,
)
from hearts_teach.course.describe import trick_rows
from hearts_teach.games.hearts.hand import Hand
from hearts_teach.games.spades.game import SpadesHand, SpadesTrick, bid_word
from hearts_teach.games.spades.match import SpadesMatch
from hearts_teach.games.spades.rules import BAG_LIMIT, BAG_PENALTY
from hearts_teach.games.spades.scoring import TeamScore, partner_of, team_of
from hearts_teach.kernel.cards import DECK, Card, CardList, Suit
from hearts_teach.kernel.rng import Rng
from hearts_teach.kernel.table import FOUR
from hearts_teach.present.render import card_html, text_view_html
from hearts_teach.present.spades_render import team_label


def nil_verdict(cards: CardList) -> str:
    """Whether the bots' nil rule takes this hand, with its reasons: the tests it fails, or the
    facts that let it pass, in the checklist's order (its spades, its guarded queens and kings, its
    estimate, its short suits)."""
    faults = nil_faults(cards)
    if faults:
        return "not a nil: " + "; ".join(faults)
    # line 3 named: the hand's highest cards alone would not say that it was checked
    high = " ".join(c.pretty for s in reversed(Suit) for c in sorted(cards.of_suit(s), key=lambda c: -c.rank)
                    if c.rank in (12, 13))  # queens and kings (ranks run 2 … 14)
    spades = len(cards.of_suit(Suit.SPADES))
    est = estimate_tricks(cards)
    trick = "trick" if 0 < est <= 1 else "tricks"
    short = short_suits(cards)
    return (f"a nil: no ace; {spades} spade{'' if spades == 1 else 's'} (at most 3 allowed); "
            + (f"no unguarded queen or king ({high} guarded)" if high else "no queen or king")
            + f"; the rule of thumb counts {quarters(est)} {trick} (under 1)"
            + (f"; {short}" if short else ""))


def short_suits(cards: CardList) -> str:
    """Why a nil likes short side suits, each named by the ruff table's words (not "short", which
    09b also uses for other things): 'a doubleton in hearts and a singleton in clubs: with no hearts left
    in your hand, you can throw a high card away on each heart led, and the same with clubs'; one or
    two spades a risk until gone ('a spade doubleton: a risk until both are gone, as you must follow
    each spade lead and your J♠ may win one'); '' when no suit has 2 cards or fewer."""
    kinds = {0: "void", 1: "singleton", 2: "doubleton"}
    short = [s for s in reversed(Suit) if len(cards.of_suit(s)) <= 2]
    spades = cards.of_suit(Suit.SPADES)
    side = [s for s in short if s is not Suit.SPADES or not spades]
    parts = []
    if side:
        first, rest = side[0], side[1:]
        sizes = _and([f"a {kinds[len(cards.of_suit(s))]} in {s.plural}" for s in side])
        parts.append(f"{sizes}: with no {first.plural} left in your hand, you can throw a high card "
                     f"away on each {first.singular} led"
                     + (f", and the same with {_and([s.plural for s in rest])}" if rest else ""))
    if Suit.SPADES in short and spades:
        top = max(spades, key=lambda c: c.rank).pretty
        gone = "it is" if len(spades) == 1 else "both are"
        parts.append(f"a spade {kinds[len(spades)]}: a risk until {gone} gone, as you "
                     f"must follow each spade lead and your {top} may win one")
    return "; ".join(parts)


def _and(words: list[str]) -> str:
    """'a', 'a and b', 'a, b and c'."""
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


def count_text(cards: CardList, estimate: bool = True) -> str:
    """The bots' trick count of a hand part by part (``trick_count``, spade length included), in
    lesson 09a's order: high side cards, protected spades, ruffs, spade length, the estimate (left
    out with ``estimate=False``, for a cell that prints Suggest's estimate after it)."""
    count = trick_count(cards, long_spades=True)

    def names(indices: list[int]) -> str:
        return " ".join(DECK[i].pretty for i in indices)

    lines = [f"Cards: {cards.pretty}", f"High side cards: {quarters(count.side_tricks)}"]
    if count.side:
        by_suit = sorted(count.side, key=lambda ct: (-(ct[0] // 13), -ct[0]))  # ♥ ♦ ♣, as the hand shows them
        lines.append("  " + " · ".join(f"{DECK[c].pretty} {quarters(t)}" for c, t in by_suit))
    lines.append(f"Protected spades: {quarters(count.spade_tricks)}")
    kept = [c for c, _ in count.spades]
    held = {c.index for c in cards}
    for c, t in count.spades:
        if t:
            higher = [i for i in range(c + 12 - c % 13, c, -1) if i not in held]  # from the ace down
            smaller = [i for i in kept if i < c]
            short = {0.75: " (one fewer)", 0.25: " (two fewer)"}.get(t, "")  # 09a's table words
            lines.append(f"  {DECK[c].pretty} {quarters(t)}: higher spades not held: {names(higher) or 'none'}; "
                         f"smaller spades kept: {names(smaller) or 'none'}{short}")
    if any(not t for _, t in count.spades):
        lines.append(f"  {names([c for c, t in count.spades if not t])}: 0 (too few smaller spades)")
    if count.spent:
        lines.append(f"  {names(list(count.spent))}: used up by the ruffs")
    lines.append(f"Ruffs: {quarters(count.ruff_tricks)}")
    if count.ruffs:
        sizes = {0: "no cards", 1: "1 card", 2: "2 cards"}
        lines.append("  " + " · ".join(f"{Suit(s).plural} ({sizes[len(cards.of_suit(Suit(s)))]}) {quarters(t)}"
                                       for s, t in reversed(count.ruffs)))
    if count.length is not None:
        n = len(cards.of_suit(Suit.SPADES))
        top = count.length - (n - 5)
        both = count.ruff_tricks + count.spade_tricks
        lines.append(f"Spade length ({n} spades): the five highest spades' {quarters(top)} + {n - 5} for the "
                     f"spades after the fifth = {quarters(count.length)}")
        lines.append(f"  {'more' if count.by_length else 'not more'} than protected spades and ruffs together "
                     f"({quarters(both)}), so it {'replaces them' if count.by_length else 'does not count'}")
    if estimate:
        lines.append(f"Estimate: {quarters(count.total)} trick{'' if count.total == 1 else 's'}")
    return "\n".join(lines)


def count_part(cards: CardList, heading: str) -> str:
    """One part of ``count_text``: its line starting with ``heading`` ("High side cards", "Protected spades",
    "Ruffs", "Spade length") and the indented lines under it. Lesson 09a prints deal 22's count a step at a time."""
    lines = count_text(cards, estimate=False).splitlines()
    start = next((i for i, line in enumerate(lines) if line.startswith(heading)), None)
    if start is None:
        raise ValueError(f"the count of {cards.pretty} has no part {heading!r}")
    end = next((i for i in range(start + 1, len(lines)) if not lines[i].startswith("  ")), len(lines))
    return "\n".join(lines[start:end])


@functools.cache
def _three_quarters_pairs(deals: int) -> tuple[tuple[tuple[int, int, int, bool], tuple[int, int, int, bool]], ...]:
    """``three_quarters_playouts``' play-outs: for each deal whose count ends in ¾, South's side's (charged points,
    contract, tricks, made) bidding up, then bidding down."""
    pairs = []
    for seed in range(deals):
        cards = SpadesHand.deal(seed=seed, dealer=1).cards(0)
        est = estimate_tricks(cards, long_spades=True)
        if est % 1 != 0.75 or int(est) < 1:
            continue
        pair = []
        for bid in (int(est) + 1, int(est)):
            hand = SpadesHand.deal(seed=seed, dealer=1)
            bots = spades_bots(f"r59/{seed}")
            auto_play(hand, bots, stop_at=0)  # North and East bid first
            hand.bid(bid, 0)
            auto_play(hand, bots)
            team = hand.score().teams[0]  # each bag charged its tenth of the 100-point penalty, not +1 alone
            points = team.points + BAG_PENALTY * team.bag_penalties - team.bags_taken * BAG_PENALTY // BAG_LIMIT
            pair.append((points, team.contract, team.tricks, team.made))
        pairs.append((pair[0], pair[1]))
    return tuple(pairs)


def three_quarters_playouts(deals: int = 4000) -> str:
    """Lesson 09a's case for bidding down at ¾: on deals 0 to ``deals`` − 1 (West deals, so South bids third)
    whose bots' count for South ends in ¾ (and whose lower bid is at least 1), the bots play the deal out twice
    with the same seeded bots, South bidding the count rounded up, then rounded down. Each hand starts at 0 bags,
    so a bag alone would count +1; in a match ten bags cost 100, so each bag is charged its share, −10 (net −9
    with its +1). Prints South's side's points a hand each way, the mean of the per-deal difference, and how
    many deals each bid won and by how much on average (means, so that wins times margins combine to the mean
    difference, as a reader may check)."""
    pairs = _three_quarters_pairs(deals)
    n = len(pairs)
    gaps = [d[0] - u[0] for u, d in pairs]
    up_wins = [-g for g in gaps if g < 0]
    down_wins = [g for g in gaps if g > 0]
    return "\n".join([
        f"Deals 0 to {deals - 1} where South's count ends in ¾: {n}",
        f"Each bag valued at {1 - BAG_PENALTY // BAG_LIMIT}: its +1, less a tenth of the {BAG_PENALTY} "
        f"lost at {BAG_LIMIT} bags",
        f"South's side, points a hand: bidding down {sum(d[0] for _, d in pairs) / n:.0f}, "
        f"bidding up {sum(u[0] for u, _ in pairs) / n:.0f}",
        f"Bidding down minus bidding up: {sum(gaps) / n:.0f} points a hand",
        f"Bidding up came out ahead on {len(up_wins)} deals, by {sum(up_wins) / len(up_wins):.0f} points on average; "
        f"bidding down on {len(down_wins)}, by {sum(down_wins) / len(down_wins):.0f}",
    ])


PLAYOUTS = 20  # how many times lesson 09a's exercise has the bots play the deal out with the learner's bid


def took_text(taken: Counter[int], plays: int) -> str:
    """How many tricks South's cards took in ``bid_check``'s play-outs: "6 tricks in each of the 20 play-outs" when
    every play-out agrees ("6 in 20 play-outs" was read as 6 in all), else each count with its play-outs."""
    def tricks(t: int) -> str:
        return f"{t} trick{'' if t == 1 else 's'}"
    if len(taken) == 1:
        return f"{tricks(next(iter(taken)))} in each of the {plays} play-outs"
    return ", ".join(f"{tricks(t)} in {n} play-out{'s' if n > 1 else ''}" for t, n in sorted(taken.items()))


def side_text(team: TeamScore) -> str:
    """One side's result in ``bid_check``'s words: "bid 9, took 8: set, -90" or "bid 6, took 7: made, 1 bag, +61"."""
    bags = f", {team.bags_taken} bag{'s' if team.bags_taken > 1 else ''}" if team.bags_taken else ""
    return (f"bid {team.contract}, took {team.tricks}: {'made' if team.made else 'set'}{bags}, "
            f"{team.points:+d}")


def lesson_bid(cards: CardList) -> int:
    """Lesson 09a's bid: the bots' count of ``cards`` with any fraction dropped (three quarters
    too), at least 1."""
    return max(1, int(estimate_tricks(cards, long_spades=True)))


def bid_line(cards: CardList) -> str:
    """Lesson 09a's bid for ``cards``, and the bots' (they round three quarters up): "the same" where they agree."""
    lessons, bots = lesson_bid(cards), smart_bid(cards)
    return (f"This lesson's bid (drop the fraction, at least 1): {lessons}; the bots bid "
            + (str(bots) if bots != lessons else "the same"))


def count_check(cards: CardList, count: float | None) -> str:
    """Lesson 09a's exercise: the learner's count of ``cards`` (a number in quarters, 2.75 for 2¾) against
    the bots' rule of thumb; '' before a count is written."""
    if count is None:
        return ""
    right = estimate_tricks(cards, long_spades=True)
    if isinstance(count, bool) or not isinstance(count, int | float) or count < 0 or (count * 4) % 1:
        return f"Write your count in quarters after my_count =, e.g. 3.25 for 3¼ (you wrote {count!r})."
    if count == right:
        return f"Your count: {quarters(count)}, the rule of thumb's too."
    return (f"Your count: {quarters(count) or 0}; the rule of thumb counts {quarters(right)}. Its steps are in the "
            f"folded cell below.")


def bid_check(seed: int, dealer: int, bid: int | None, count: float | None = None, plays: int = PLAYOUTS,
              label: str = "Your bid") -> str:
    """Lesson 09a's exercise: the learner's count (``count``, checked by ``count_check``) and bid for South on
    deal ``seed`` (``dealer`` deals) against what South's cards take when the bots play the deal ``plays`` times
    with that bid (South's cards too; each play-out's bots seeded apart). Before a bid, only the cards: the stored
    output of the exercise cell gives nothing away. ``label`` names the bid line (the lesson's sample runs test
    bids the learner did not make: "Bid tested")."""
    cards = SpadesHand.deal(seed=seed, dealer=dealer).cards(0)
    counted = count_check(cards, count)
    head = f"Cards: {cards.pretty}" + (f"\n{counted}" if counted else "")
    if bid is None:
        return (f"{head}\nNo bid yet: write yours after my_bid = (a whole number from 1 to 13; "
                f"nil is out, as this exercise is about counting tricks), then run this cell again.")
    if isinstance(bid, bool) or not isinstance(bid, int) or not 1 <= bid <= 13:
        nil = " Nil is out here: this exercise is about counting tricks." if type(bid) is int and bid == 0 else ""
        return f"{head}\nWrite a whole number from 1 to 13 after my_bid = (you wrote {bid!r}).{nil}"
    taken: Counter[int] = Counter()
    sides: Counter[str] = Counter()  # the side's result (South and North together): rule 3 scores the side
    set_in = 0
    for k in range(plays):
        hand = SpadesHand.deal(seed=seed, dealer=dealer)
        bots = spades_bots(f"{seed}/{k}")
        auto_play(hand, bots, stop_at=0)  # the bids before South's
        hand.bid(bid, 0)
        auto_play(hand, bots)  # the other bids, then all thirteen tricks
        taken[hand.tricks_won[0]] += 1
        side = hand.score().teams[0]
        sides[side_text(side)] += 1
        set_in += not side.made
    right = estimate_tricks(cards, long_spades=True)
    lessons = lesson_bid(cards)
    made = sum(n for t, n in taken.items() if t >= bid)
    fewest = min(taken)
    lines = [head,
             f"{label}: {bid}. The bots played all four hands, yours included, {plays} times with it.",
             "Tricks your cards took: " + took_text(taken, plays)]
    if made < plays:
        lines.append(f"Short of your own bid in {plays - made} of {plays}.")
    elif fewest > bid:
        # "You could have bid 6" would tell the lesson's 5 on a 5¾ count to bid up: the advice stops at the
        # lesson's own bid (the count with its fraction dropped), and a bid already there is told so
        advice = (f"You could have bid {min(fewest, lessons)}." if bid < lessons else
                  "Your bid drops the count's fraction, as this lesson does." if bid == lessons else "")
        lines.append(f"More than your own bid every time: at least {fewest - bid} trick{'s' if fewest - bid > 1 else ''} "
                     f"over. {advice}".rstrip())
    else:
        lines.append("Your own bid or more every time.")
    lines.append("Your side (you and North, your partner): " + "; ".join(
        f"{result}, in " + (f"each of the {plays} play-outs" if n == plays else f"{n} of {plays}")
        for result, n in sorted(sides.items(), key=lambda item: -item[1])))
    lines.append(f"Your side was set in {set_in} of {plays}: a lower bid was safer." if set_in else
                 "Your side made its contract every time.")
    bots_bid = smart_bid(cards)
    lines.append(f"The rule of thumb counts {quarters(right)} tricks; this lesson bids {lessons}"
                 + (f", the bots {bots_bid} (they round three quarters up)." if bots_bid != lessons else "."))
    return "\n".join(lines)


def same_deal(seed: int | str, dealer: int = 3) -> tuple[Hand, SpadesHand]:
    """The deal of ``Hand.deal(seed)`` as a Hearts hold hand (no pass, so the cards stay
    put) and as a Spades hand with the same cards in the same seats."""
    hearts = Hand.deal(seed=seed, pass_direction="hold")
    return hearts, SpadesHand.from_hearts(hearts, dealer=dealer)


def spades_bots(seed: int | str = 0, style: str = "weighed") -> list[SpadesBot]:
    return [SpadesBot(Rng(f"lesson09/{seed}").spawn(s), style) for s in FOUR.seats]


def play_spades(hand: SpadesHand, seed: int | str = 0, style: str = "weighed") -> SpadesHand:
    """Let four rule bots (``style``: "weighed", or the first version "baseline") bid and play
    the whole hand; returns it."""
    auto_play(hand, spades_bots(seed, style))
    return hand


def bots_position(seed: int, dealer: int, trick: int, cards: int) -> SpadesHand:
    """Deal ``seed`` (``dealer`` deals) as four rule bots seeded with ``seed`` play it, stopped when
    trick ``trick`` has ``cards`` cards on the table (0 to 3): the position the next player faces."""
    if not 1 <= trick <= 13 or not 0 <= cards <= 3:
        raise ValueError(f"a position needs a trick from 1 to 13 and 0 to 3 cards on it, got {trick}, {cards}")
    start = SpadesHand.deal(seed=seed, dealer=dealer)
    played = play_spades(start.copy(), seed=seed)
    plays = [i for i, a in enumerate(played.history) if a.kind == "play"]
    start.replay(played.history[:plays[(trick - 1) * 4 + cards]])
    return start


def play_match(match: SpadesMatch, seed: int | str = 0) -> SpadesMatch:
    """Let four rule bots play ``match`` to its end; returns it."""
    bots = spades_bots(seed)
    while True:
        auto_play(match.hand, bots)
        if match.is_over:
            return match
        match.next_hand()


def tricks_table(hand: SpadesHand) -> str:
    """Every completed trick on one line, leader first; * marks the winner, (ruffed) a ruff."""
    return trick_rows(hand, lambda t: f"   {hand.seat_names[t.winner]}{t.trump_mark}")


def contracts_text(hand: SpadesHand) -> str:
    """Each team's contract (its non-nil bids added), naming any nil bidder: docs/rules.md S3."""
    names = hand.seat_names
    nils = {t: [names[s] for s in hand.nil_seats if team_of(s) == t] for t in (0, 1)}
    parts = [f"{team_label(t, names)} {hand.contracts[t]}" + "".join(f" ({n} nil)" for n in nils[t]) for t in (0, 1)]
    return "Contracts: " + ", ".join(parts)


def tally_text(hand: SpadesHand) -> str:
    """Each team's tricks against its contract, and each nil bidder's own tricks."""
    names = hand.seat_names
    teams = ", ".join(f"{team_label(t, names)} {hand.team_tricks[t]} (contract {hand.contracts[t]})" for t in (0, 1))
    nils = "".join(f"; {names[s]} (nil) took {hand.tricks_won[s]}" for s in hand.nil_seats)
    return f"Tricks: {teams}{nils}"


def side_by_side(hearts: Hand, spades: SpadesHand) -> str:
    """Per seat: the cards, what Hearts made of them and what Spades made of them."""
    names = hearts.seat_names
    rows = []
    for s in FOUR.seats:
        pts = hearts.scores[s] if hearts.is_over else hearts.points_taken[s]
        bid = spades.bids[s]
        rows.append((names[s], hearts.dealt(s).pretty, pts, "—" if bid is None else bid_word(bid), spades.tricks_won[s]))
    width = max(len("cards"), *(len(row[1]) for row in rows))  # the longest hand sets the column
    # the bid is right-aligned under "Spades: bid", so every "/" sits under the header's
    lines = [f"{'seat':<6} {'cards':<{width}}  {'Hearts: points':>14}   Spades: bid / tricks"]
    lines += [f"{name:<6} {cards:<{width}}  {pts:>14}   {bid:>11} / {tricks}" for name, cards, pts, bid, tricks in rows]
    if hearts.is_over:
        low = min(hearts.scores)
        best = [names[s] for s in FOUR.seats if hearts.scores[s] == low]
        lines.append(f"Hearts: fewest points is best: {', '.join(best)} ({low}).")
    if spades.is_over:
        team = spades.score().team_points
        lines.append(f"Spades: {team_label(0, names)} {team[0]:+d}, {team_label(1, names)} {team[1]:+d} "
                     f"(more is better).")
    return "\n".join(lines)


def side_by_side_html(hearts: Hand, spades: SpadesHand) -> str:
    names = hearts.seat_names
    th = "style='padding:2px 8px;text-align:left'"
    rows = []
    for s in FOUR.seats:
        pts = hearts.scores[s] if hearts.is_over else hearts.points_taken[s]
        bid = spades.bids[s]
        cards = "".join(card_html(c) for c in sorted(hearts.dealt(s), reverse=True))
        rows.append(f"<tr><td {th}><b>{escape(names[s])}</b></td><td>{cards}</td>"
                    f"<td {th}>{pts} points</td>"
                    f"<td {th}>bid {escape('—' if bid is None else bid_word(bid))}, "
                    f"took {spades.tricks_won[s]}</td></tr>")
    return (f"<table style='font-family:sans-serif'><tr><th {th}>seat</th><th {th}>cards</th>"
            f"<th {th}>Hearts (fewer is better)</th><th {th}>Spades</th></tr>{''.join(rows)}</table>"
            + text_view_html(side_by_side(hearts, spades)))


def worth_table(hand: SpadesHand) -> str:
    """Each seat's high cards and the Spades trick estimate for its 13 cards."""
    lines = []
    for s in FOUR.seats:
        cards = hand.dealt(s)
        high = [c.pretty for c in sorted(cards, reverse=True) if c.rank >= 13]
        spades = sum(1 for c in cards if c.suit.letter == "S")
        lines.append(f"{hand.seat_names[s]:<6} aces and kings: {' '.join(high) or '—':<16} "
                     f"spades: {spades:>2}   Spades estimate: {quarters(estimate_tricks(cards, long_spades=True))} tricks")
    return "\n".join(lines)


def winners(cards: str, leader: int, names: tuple[str, ...] = FOUR.names) -> str:
    """Who takes the same four cards (played from ``leader`` clockwise) in each game."""
    from hearts_teach.games.spades.legality import trick_winner
    from hearts_teach.kernel.cards import CardList

    cl = CardList(cards)
    led = cl[0].suit
    seats = [FOUR.left(leader, i) for i in FOUR.seats]
    played = ", ".join(f"{names[s]} {c.pretty}" for s, c in zip(seats, cl, strict=True))
    best = max((c for c in cl if c.suit == led), key=lambda c: c.rank)
    hearts_winner = seats[list(cl).index(best)]
    spades_winner = trick_winner([c.index for c in cl], leader)
    return (f"{played}\n  Hearts (no trump): {names[hearts_winner]} wins with {best.pretty}\n"
            f"  Spades (spades are trump): {names[spades_winner]} wins with "
            f"{cl[seats.index(spades_winner)].pretty}")


def what_happened(hand: SpadesHand) -> str:
    """The story of a finished hand in sentences: each team's contract, and for each nil the
    trick that broke it (who led what, and what the nil bidder could have played instead)."""
    from hearts_teach.games.spades.legality import beats
    from hearts_teach.kernel.cards import DECK

    names = hand.seat_names
    sc = hand.score()
    lines = []
    for t in sc.teams:
        if not t.contract:
            continue
        verdict = (f"made it with {t.tricks - t.contract} bag{'s' * (t.tricks - t.contract != 1)}"
                   if t.made else f"went down by {t.contract - t.tricks}")
        lines.append(f"{team_label(t.team, names)} bid {t.contract} together and took {t.tricks}: {verdict}.")
    plays = [a for a in hand.history if a.kind == "play"]
    for s in hand.nil_seats:
        who = names[s]
        kind = bid_word(hand.bids[s])
        broken = next((tr for tr in hand.tricks if tr.winner == s), None)
        if broken is None:
            lines.append(f"{who}'s {kind} held: {who} took no trick.")
            continue
        k = next(i for i, a in enumerate(plays) if a.seat == s and i // FOUR.players == broken.number - 1)
        moment = before_play(hand, k)
        st = moment.play_state()
        legal = moment.legal_plays().cards
        mine = broken.card_of(s)
        assert mine is not None  # s played to the trick that broke the nil
        led = broken.cards[0]
        if st.trick:
            safe = [c for c in legal if not beats(c.index, st.win_card, st.led_suit)]
            seen = ", ".join(f"{names[FOUR.left(st.leader, i)]} {DECK[c].pretty}" for i, c in enumerate(st.trick))
            if len(legal) == 1:
                lines.append(f"{who}'s {kind} broke at trick {broken.number}: after {seen}, {who}'s only legal "
                             f"card, {mine.pretty}, beat it, and nobody after took the trick over.")
                continue
            why = (f"{who} could have ducked with {', '.join(c.pretty for c in safe)}" if safe else
                   f"every card {who} could play ({', '.join(c.pretty for c in legal)}) beat it")
            lines.append(f"{who}'s {kind} broke at trick {broken.number}: after {seen}, {why}; "
                         f"{who} played {mine.pretty} and nobody after took the trick over.")
        else:
            lines.append(f"{who}'s {kind} broke at trick {broken.number}: {who} had to lead, led "
                         f"{led.pretty}, and nobody took it over.")
    return "\n".join(lines)


def before_play(hand: SpadesHand, k: int) -> SpadesHand:
    """A copy of ``hand`` as it stood just before its ``k``-th card (0-based) was played."""
    plays = [i for i, a in enumerate(hand.history) if a.kind == "play"]
    moment = hand.copy()
    moment.replay(hand.history[:plays[k]])
    return moment


def play_instead(moment: SpadesHand, seed: int | str, cards: Sequence[str]) -> SpadesHand:
    """A copy of ``moment`` played out: the seat to move there plays ``cards`` (codes like "6H") at its
    next turns, one a turn, and the rule bots of ``seed`` play every other card."""
    hand = moment.copy()
    seat = hand.to_act()
    bots = spades_bots(seed)
    for code in cards:
        auto_play(hand, bots, stop_at=seat)
        hand.play(next(c for c in hand.legal_plays().cards if str(c) == code))
    auto_play(hand, bots)
    return hand


def bot_reasons(hand: SpadesHand, play_index: int, styles: tuple[str, ...] = ("weighed", "baseline"),
                seed: int | str | None = None) -> str:
    """What each bot style would do, and why, at play ``play_index`` (0-based) of ``hand``.

    ``seed``: the seed the hand was played with (``play_spades(hand, seed)``): each style's bot for
    the seat to play then breaks a tie between equal cards as the bots of that seed did, so the
    style that played the hand names the card it played (checked up to its first decision)."""
    moment = before_play(hand, play_index)
    seat = moment.to_act()
    who = moment.seat_names[seat]
    out = []
    for style in styles:
        bot = (spades_bots(seed, style)[seat] if seed is not None
               else SpadesBot(Rng(f"lesson09/reasons/{style}"), style))
        out.append(f"{style:>9} bot for {who}: {bot.choose(moment).pretty} ({bot.reason(moment)})")
    return "\n".join(out)


def bot_turn(hand: SpadesHand, trick: int, seat: str, seed: int | str = 0) -> str:
    """'Trick 12, South may play 8♠ or A♠; its bot played 8♠ (its rule)': the legal cards ``seat`` (a seat
    name) had at its turn in trick ``trick`` (from 1) of ``hand``, played by ``play_spades(hand, seed)``,
    and the rule its bot gives for that card (the bot's own trace, ``SpadesBot.reason``)."""
    s = hand.seat_names.index(seat)
    done = hand.tricks[trick - 1]
    moment = before_play(hand, 4 * (trick - 1) + done.seats.index(s))
    bot, played = spades_bots(seed)[s], done.card_of(s)
    if played is None or bot.choose(moment) != played:
        raise ValueError(f"the bots of seed {seed!r} did not play this hand: {seat} played {played} at trick {trick}")
    legal = " or ".join(c.pretty for c in moment.legal_plays().cards)
    return f"Trick {trick}, {seat} may play {legal}; its bot played {played.pretty} ({bot.reason(moment)})"


def _card(trick: SpadesTrick, seat: int | None) -> Card:
    """The card ``seat`` played to a finished trick (every seat has played one)."""
    card = trick.card_of(seat) if seat is not None else None
    assert card is not None, (trick, seat)
    return card


def _played_in(hand: SpadesHand, seat: int, card: Card) -> str:
    """'trick 8 (a ruff)': the trick in which ``seat`` played ``card``."""
    tr = next(t for t in hand.tricks if t.card_of(seat) == card)
    ruff = tr.trumped and tr.winner == seat and card.suit is Suit.SPADES and tr.cards[0].suit is not Suit.SPADES
    return f"trick {tr.number}" + (" (a ruff)" if ruff else "")


def partner_story(hand: SpadesHand, seat: int) -> str:
    """Why the partner of ``seat`` (a nil bidder) did not save the nil in the trick that broke it, from
    the cards: what the partner could play then, and where its cards that beat the nil bidder's went.
    '' when the nil held."""
    from hearts_teach.games.spades.legality import beats

    names = hand.seat_names
    broken = next((t for t in hand.tricks if t.winner == seat), None)
    if broken is None:
        return ""
    partner = partner_of(seat)
    who, pal = names[seat], names[partner]
    mine = _card(broken, seat)
    led = broken.cards[0].suit.value
    order = broken.seats
    if order.index(partner) < order.index(seat):
        return (f"{pal}, {who}'s partner, played {_card(broken, partner).pretty} to trick {broken.number} "
                f"before {who} played.")
    legal = list(before_play(hand, (broken.number - 1) * FOUR.players + order.index(partner)).legal_plays().cards)
    over = [c for c in legal if beats(c.index, mine.index, led)]
    could = (f"its only legal card, {legal[0].pretty}," if len(legal) == 1
             else f"its legal cards, {' '.join(c.pretty for c in legal)},")
    if over:
        return (f"{pal}, {who}'s partner, played after {who} in trick {broken.number}: of {could} "
                f"{' '.join(c.pretty for c in over)} beat {who}'s {mine.pretty}, but {pal} played "
                f"{_card(broken, partner).pretty}.")
    lines = [f"{pal}, {who}'s partner, played after {who} in trick {broken.number}: {could} "
             f"{'was' if len(legal) == 1 else 'were all'} under {who}'s {mine.pretty}."]
    dealt_over = [c for c in sorted(hand.dealt(partner), reverse=True) if beats(c.index, mine.index, led)]
    gone = [c for c in dealt_over if any(t.card_of(partner) == c for t in hand.tricks[:broken.number - 1])]
    kept = [c for c in dealt_over if c not in gone]  # held, but not legal: the partner had to follow suit
    if gone:
        where = "; ".join(f"{c.pretty} in {_played_in(hand, partner, c)}" for c in gone)
        one = len(gone) == 1
        # name the suit when they share one: "one card higher" misled when the partner held higher side cards
        suit = gone[0].suit.name.lower() if all(c.suit is gone[0].suit for c in gone) else "cards"
        lines.append(f"{pal} had been dealt {'one ' + suit.removesuffix('s') if one else suit} higher than {mine.pretty}, "
                     f"{' '.join(c.pretty for c in gone)}, and had already played {'it' if one else 'them'}: "
                     f"{where}.")
    if kept:
        lines.append(f"{pal} still held {' '.join(c.pretty for c in kept)}, but had to follow suit.")
    if not dealt_over:
        lines.append(f"{pal} was dealt no card that beats {mine.pretty} there.")
    return "\n".join(lines)


# what a debrief prints when ``close_calls`` finds none (lesson 09b's two debriefs)
NO_CLOSE_CALL = "No close call: none of your cards was winning a trick that a later card then took."


def close_calls(hand: SpadesHand, seat: int) -> str:
    """The tricks in which ``seat`` (a nil bidder) played a card, not a lead, that was winning the trick
    when it was played, and someone after took the trick over: each in one sentence ("" if none:
    ``NO_CLOSE_CALL`` says so)."""
    names = hand.seat_names
    out = []
    for tr in hand.tricks:
        order, first = tr.seats, (tr.number - 1) * FOUR.players
        at = order.index(seat)
        # a lead, the trick's last card (winning then means taking it) or the trick it took: no call
        if at in (0, FOUR.players - 1) or tr.winner == seat:
            continue
        if before_play(hand, first + at + 1).play_state().win_seat != seat:
            continue  # not winning the trick once played
        legal = list(before_play(hand, first + at).legal_plays().cards)
        mine = _card(tr, seat)
        seen = ", ".join(f"{names[s]} {_card(tr, s).pretty}" for s in order[:at])
        choice = f"its only legal card {mine.pretty}" if len(legal) == 1 else mine.pretty
        # the first seat after it whose card took the lead: the one that ended the nil's danger (the
        # trick's last card leads if it takes the trick: no position after it, even in trick 13)
        over = next(s for k, s in enumerate(order) if k > at and
                    (tr.winner if k == FOUR.players - 1 else
                     before_play(hand, first + k + 1).play_state().win_seat) == s)
        card = _card(tr, over)
        how = "trumped it with" if card.suit is Suit.SPADES and mine.suit is not Suit.SPADES else "went over it with"
        line = f"Trick {tr.number}: after {seen}, {names[seat]} played {choice}, winning the trick until {names[over]} {how} {card.pretty}"
        if over != tr.taker:
            took = _card(tr, tr.taker)
            line += f" (then {names[tr.taker]} took the trick with {took.pretty})"
        out.append(line + ".")
    return "\n".join(out)
