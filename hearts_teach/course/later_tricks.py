"""Where a choice's extra points come from: the coach's sampled deals of a position, played out
by rule bots after each candidate card, with the points the player takes later split by the
card that won those tricks.

The coach gives a verdict and a number ("about 0.4 more hearts"); a lesson can print this table
under it so the learner sees *which* later tricks cost the points (lesson 08, drill 4). For a
pass, ``pass_queen_cards`` says which of the passer's kept cards wins the trick the Q♠ is in
(lesson 01). ``seat_hearts``, ``count_hearts``, ``moon_count``, ``sure_winners`` and ``count_scale`` give lesson 08b's moon count and how often a moon
came off at each count against rule bots.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator
from typing import TypedDict

from hearts_teach.agents.hearts.deals import deals
from hearts_teach.course.players import Shooter, bots_play, table_bots
from hearts_teach.games.hearts.hand import Hand
from hearts_teach.kernel.cards import Card, CardLike, CardList, Suit, to_card
from hearts_teach.kernel.errors import ArgumentError, Rule, WrongPhaseError

_QUEEN = to_card("QS")


def _sampled_positions(position: Hand, name: str, count: int, seed: int) -> Iterator[Hand]:
    """The position dealt again from each of the first ``count`` deals the coach samples for the
    player to move (seed ``seed``), every play so far replayed: a hold hand only, since after a
    pass the sampled hidden cards could not be dealt back as they were held."""
    if position.pass_direction != "hold":
        raise ArgumentError(f"{name} replays hold hands only (a pass would hide who held what); this hand "
                            f"passes {position.pass_direction}", argument="position")
    view = position.view(position.to_act())
    played = [0] * len(position.seat_names)
    for a in position.history:
        if a.kind == "play":
            played[a.seat] |= a.card.mask

    def replayed() -> Iterator[Hand]:  # a generator inside, so a pass hand is refused at the call
        for deal in deals(view, seed, count):
            h = Hand([CardList.from_mask(deal[s] | played[s]) for s in range(len(deal))], "hold", position.rules)
            for a in position.history:
                if a.kind == "play":
                    h.play(a.card)
            yield h

    return replayed()


def later_points(position: Hand, choices: Iterable[CardLike], count: int = 400, seed: int = 0) -> dict:
    """For each card in ``choices`` (the player to move's), over the first ``count`` deals the
    coach samples for this position (seed ``seed``): the average points the player takes from
    here on, in all and split by the suit of the player's card in the tricks the player wins.
    Only a hold hand (no pass) is supported: the sampled hidden cards are dealt back as they were."""
    seat = position.to_act()
    done = len(position.tricks)
    out: dict = {}
    for choice in choices:
        card = to_card(choice)
        total, by_suit, n = 0.0, {s: 0.0 for s in Suit}, 0
        for h in _sampled_positions(position, "later_points", count, seed):
            before = h.points_taken[seat]
            h.play(card)
            bots_play(h, table_bots("rule", players=len(h.seat_names)))
            total += h.points_taken[seat] - before
            for t in h.tricks[done:]:
                mine = t.card_of(seat)
                if t.winner == seat and mine is not None:
                    by_suit[mine.suit] += t.points
            n += 1
        out[card] = {"points": total / n, "by_suit": {s: v / n for s, v in by_suit.items()}}
    return out


def later_points_table(position: Hand, choices: Iterable[CardLike], suit: Suit, count: int = 400,
                       seed: int = 0) -> str:
    """``later_points`` as a text table: points in all, in tricks won with a card of ``suit``, and
    in tricks won with another card."""
    data = later_points(position, choices, count, seed)
    name = position.seat_names[position.to_act()]
    lines = [f"{count} sampled deals, played out by rule bots after each card. {name}'s points from here on: in all, "
             f"from tricks {name} won with a {suit.symbol}, and from tricks {name} won with another card:",
             f"{'card':<5} {'in all':>7} {'won with a ' + suit.symbol:>14} {'won with another card':>22}"]
    for card, row in data.items():
        with_suit = row["by_suit"][suit]
        lines.append(f"{card.pretty:<5} {row['points']:>7.2f} {with_suit:>14.2f} {row['points'] - with_suit:>22.2f}")
    return "\n".join(lines)


def plan_outcomes(position: Hand, plans: dict, count: int = 400, seed: int = 0) -> dict:
    """For each plan (a name and the player that finishes the hand in the seat to move), over the
    first ``count`` deals the coach samples for this position (seed ``seed``), the others playing
    as rule bots: the seat's average score for the hand (a moon counted), how often it shot the
    moon, and its average score when it did not. A hold hand only, as ``later_points``."""
    seat = position.to_act()
    out: dict = {}
    for name, player in plans.items():
        scores: list[int] = []
        missed: list[int] = []  # the scores of the deals without a moon for the seat
        for h in _sampled_positions(position, "plan_outcomes", count, seed):
            bots = table_bots("rule", players=len(h.seat_names))
            bots[seat] = player
            bots_play(h, bots)
            scores.append(h.scores[seat])
            if h.moon != seat:
                missed.append(h.scores[seat])
        out[name] = {"score": sum(scores) / len(scores), "moon": 1 - len(missed) / len(scores),
                     "no_moon": sum(missed) / len(missed) if missed else None}
    return out


def _pretty(card: Card | None) -> str:
    return card.pretty if card is not None else "none"


def _took_queen(hand: Hand, seat: int, won_with: Counter[str]) -> int:
    """1 if ``seat`` took the Q♠ in ``hand`` (counting its card on her trick in ``won_with``), else 0."""
    for t in hand.tricks:
        if t.winner == seat and _QUEEN in t.cards:
            won_with[_pretty(t.card_of(seat))] += 1
            return 1
    return 0


def pass_queen_cards(position: Hand, passes: Iterable[str], seat: int = 0, count: int = 1000, seed: int = 0) -> dict:
    """For each pass (three of ``seat``'s cards), over the first ``count`` deals the coach
    samples for this pass (seed ``seed``), the other seats passing and playing as rule bots: how
    many deals end with the Q♠ in the seat's tricks (``queen``), how many of those by the seat's
    card that won her trick (``won_with``), and the seat's card on trick 1 (``first``)."""
    if seat not in position.to_pass:
        raise WrongPhaseError(f"pass_queen_cards needs a hand in its pass, before seat {seat} has passed",
                              rule=Rule.WRONG_PHASE, seat=seat)
    out: dict = {}
    for choice in passes:
        taken, won_with, first = 0, Counter[str](), Counter[str]()
        for deal in deals(position.view(seat), seed, count):
            h = Hand([CardList.from_mask(m) for m in deal], position.pass_direction, position.rules)
            h.pass_cards(seat, choice)
            bots_play(h, table_bots("rule", players=len(h.seat_names)))
            first[_pretty(h.tricks[0].card_of(seat))] += 1
            taken += _took_queen(h, seat, won_with)
        out[choice] = {"queen": taken, "won_with": won_with, "first": first}
    return out


def lead_queen_tricks(position: Hand, choices: Iterable[CardLike], count: int = 1000, seed: int = 0) -> dict:
    """For each card in ``choices`` (the player to move's), over the first ``count`` deals the coach
    samples for this position (seed ``seed``), played out by rule bots: how many deals end with the Q♠
    in the player's tricks (``queen``), how many of those by the player's card that won her trick
    (``won_with``), how often she falls on the trick the card is played to (``on_this``) and how often
    the player wins that trick with her on it (``won_this``). A hold hand only, as ``later_points``."""
    seat = position.to_act()
    done = len(position.tricks)
    out: dict = {}
    for choice in choices:
        card = to_card(choice)
        taken, won_with, on_this, won_this = 0, Counter[str](), 0, 0
        for h in _sampled_positions(position, "lead_queen_tricks", count, seed):
            h.play(card)
            bots_play(h, table_bots("rule", players=len(h.seat_names)))
            if _QUEEN in h.tricks[done].cards:
                on_this += 1
                won_this += h.tricks[done].winner == seat
            taken += _took_queen(h, seat, won_with)
        out[card] = {"queen": taken, "won_with": won_with, "on_this": on_this, "won_this": won_this}
    return out


def seat_hearts(position: Hand, seat: int = 0) -> tuple[list[Card], list[Card]]:
    """``seat``'s hearts, high first, and the hearts still out as it sees them, low first (what
    lesson 08b's count reads)."""
    mine = sorted((c for c in position.cards(seat) if c.suit is Suit.HEARTS), key=lambda c: -c.rank)
    out = sorted(position.view(seat).still_out()[Suit.HEARTS], key=lambda c: c.rank)
    return mine, out


def _holds_top_heart(position: Hand, seat: int = 0) -> bool:
    """Whether ``seat``'s highest heart beats every heart still out (a *top heart*)."""
    mine, out = seat_hearts(position, seat)
    return bool(mine) and (not out or mine[0].rank > out[-1].rank)


def count_hearts(position: Hand, seat: int = 0) -> tuple[list[Card], list[Card]] | None:
    """Lesson 08b's count for ``seat``, card by card: each of its top hearts (no heart still out
    beats it) draws one heart from each other player, the lowest still out (careful defenders give
    their lowest). Returns the hearts so drawn, low first, and the hearts still out after that which
    beat the seat's lowest heart (the count), low first. None if the seat holds no heart."""
    mine, out = seat_hearts(position, seat)
    if not mine:
        return None
    others = len(position.seat_names) - 1
    drawn: list[Card] = []
    for card in mine:  # high first
        if out and all(o.rank < card.rank for o in out):
            drawn, out = drawn + out[:others], out[others:]
    return drawn, [o for o in out if o.rank > mine[-1].rank]


def moon_count(position: Hand, seat: int = 0) -> int | None:
    """The number of hearts in ``count_hearts``'s count; None if the seat holds no heart."""
    counted = count_hearts(position, seat)
    return None if counted is None else len(counted[1])


def sure_winners(position: Hand, seat: int = 0) -> list[Card]:
    """``seat``'s cards outside hearts that no card still out of their suit beats, as it sees them."""
    out = position.view(seat).still_out()
    return [c for c in position.cards(seat)
            if c.suit is not Suit.HEARTS and not any(o.rank > c.rank for o in out[c.suit])]


COUNT_BANDS = ((0, 0), (1, 2), (3, 4), (5, 6), (7, 13))


class CountRow(TypedDict):
    """One band of ``count_scale``: the counts from ``band[0]`` to ``band[1]``."""

    band: tuple[int, int]
    hands: int
    moons: int
    top_hands: int
    top_moons: int
    sure_hands: int
    sure_moons: int
    sure_go: int
    sure_duck: int
    sure_fail_cost: int
    sure_gain_sq: int


def count_scale(first: int = 0, hands: int = 3000) -> list[CountRow]:
    """Deals ``first`` .. ``first + hands - 1`` (no pass), played by four rule bots up to the first
    time South leads a trick holding the Q♠ in its tricks, with no point taken by anyone else, and
    at least one heart in hand (as deal 683 in lesson 08b). From there the shooter bot plays South
    and rule bots the others. For each band of South's ``moon_count`` there: the number of such
    hands (``hands``) and of moons (``moons``), and the same for the hands where South also holds
    a top heart (``top_hands``, ``top_moons``), and for those where South holds a top heart and at
    least two ``sure_winners`` outside hearts (``sure_hands``, ``sure_moons``); for those, South's
    scores summed going (``sure_go``) and ducking like a rule bot (``sure_duck``), and what the failed
    moons cost against ducking, summed (``sure_fail_cost``), and the squares of what going gained
    over ducking, summed (``sure_gain_sq``: the spread of that gain, for its interval)."""
    rows = [CountRow(band=band, hands=0, moons=0, top_hands=0, top_moons=0, sure_hands=0, sure_moons=0,
                     sure_go=0, sure_duck=0, sure_fail_cost=0, sure_gain_sq=0)
            for band in COUNT_BANDS]

    def ready(h: Hand) -> bool:
        trick = h.current_trick
        return (h.turn == 0 and trick is not None and not trick.cards and _QUEEN in h.taken(0)
                and not any(h.points_taken[1:]))

    for number in range(first, first + hands):
        h = bots_play(Hand.deal(seed=number, pass_direction="hold"), table_bots("rule"), stop=ready)
        count = None if h.is_over else moon_count(h)
        if count is None:
            continue
        top = _holds_top_heart(h)
        sure = top and len(sure_winners(h)) >= 2
        ducked = bots_play(h.copy(), table_bots("rule")).scores[0] if sure else 0
        went = bots_play(h, [Shooter()] + table_bots("rule")[1:])
        moon = went.moon == 0
        row = next(r for r in rows if r["band"][0] <= count <= r["band"][1])
        row["hands"] += 1
        row["moons"] += moon
        row["top_hands"] += top
        row["top_moons"] += top and moon
        row["sure_hands"] += sure
        row["sure_moons"] += sure and moon
        if sure:
            row["sure_go"] += went.scores[0]
            row["sure_duck"] += ducked
            row["sure_fail_cost"] += 0 if moon else went.scores[0] - ducked
            row["sure_gain_sq"] += (ducked - went.scores[0]) ** 2
    return rows
