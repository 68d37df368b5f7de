"""The small seeded simulations behind the lessons' plots: where the queen of spades ends up,
and how often bots shoot the moon. Everything random goes through ``Rng`` with a fixed seed,
so every printed figure is reproducible."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from hearts_teach.course.players import bots_play, table_bots
from hearts_teach.games.hearts.hand import Hand
from hearts_teach.games.hearts.rules import Rules
from hearts_teach.kernel.cards import SUIT_MASKS, Card, Suit
from hearts_teach.kernel.rng import Rng
from hearts_teach.kernel.table import FOUR

if TYPE_CHECKING:
    import numpy as np

SPADE_GROUPS = ("alone", "+1 or 2", "+3 or 4", "+5 or more")


def _spade_group(others: int) -> str:
    return SPADE_GROUPS[0 if others == 0 else 1 if others <= 2 else 2 if others <= 4 else 3]


def queen_fate(hands: int = 500, seed: int = 4, bots: str = "rule",
               engine: str = "batch") -> list[tuple[str, bool, bool]]:
    """Deal ``hands`` hold hands and let four bots play them out. For each hand: how many
    other spades the queen's holder had (a group of ``SPADE_GROUPS``), whether the holder
    also had A♠ or K♠, and whether the holder ended up taking the queen.

    engine: ``"batch"`` plays all hands at once on the numpy engine (``random``, ``rule``
    or ``easy`` bots); ``"scalar"`` plays them one by one with ``table_bots``. Both deal
    the same hands; rule and easy bots make the same choices on either engine."""
    queen, ace, king = Card("QS"), Card("AS"), Card("KS")
    if engine == "batch":
        import numpy as np

        dealt, taken = _batch_hold_hands(bots, hands, seed)
        ar = np.arange(hands)
        holder = ((dealt >> np.uint64(queen.index)) & np.uint64(1)).argmax(axis=1)
        held = dealt[ar, holder]
        others = (np.bitwise_count(held & np.uint64(SUIT_MASKS[queen.suit])) - 1).tolist()
        top = ((held & np.uint64(ace.mask | king.mask)) != 0).tolist()
        took = ((taken[ar, holder] & np.uint64(queen.mask)) != 0).tolist()
        return [(_spade_group(o), t, k) for o, t, k in zip(others, top, took, strict=True)]
    players = table_bots(bots, seed)
    rows = []
    for i in range(hands):
        hand = Hand.deal(Rng(seed).spawn(i), pass_direction="hold")
        holder = next(s for s in FOUR.seats if queen in hand.cards(s))
        held = hand.cards(holder)
        others = len([c for c in held if c.suit is Suit.SPADES]) - 1
        bots_play(hand, players)
        rows.append((_spade_group(others), ace in held or king in held, queen in hand.taken(holder)))
    return rows


def _batch_hold_hands(names: str | Sequence[str], hands: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """The deals ``Hand.deal(Rng(seed).spawn(i))`` for i < ``hands`` played as hold hands
    on the batch engine by ``names`` (random bots draw from a batch stream seeded from
    ``seed``). Returns (dealt masks, taken masks), both (hands, 4)."""
    import numpy as np

    from hearts_teach.agents.hearts.batch_play import play_deals
    from hearts_teach.games.hearts.batch import Stream, deals_from_rngs

    base = Rng(seed)
    deals = deals_from_rngs([base.spawn(i) for i in range(hands)])
    stream = Stream.from_rng(base.spawn("batch"), np.arange(hands))
    result = play_deals(deals, names, offsets=0, stream=stream)
    return deals, result.taken


def queen_fate_table(rows: Sequence[tuple[str, bool, bool]]) -> list[tuple[str, bool, int, int]]:
    """(spade group, with A♠/K♠, hands, hands in which the holder took her) per cell."""
    out = []
    for group in SPADE_GROUPS:
        for top in (False, True):
            cell = [r for r in rows if r[0] == group and r[1] == top]
            out.append((group, top, len(cell), sum(r[2] for r in cell)))
    return out


def give_or_take(took: int, hands: int) -> float:
    """How far the share ``took / hands`` could be off by chance, in points per 100: the
    usual 95 % margin, 1.96 standard errors of a proportion (normal approximation)."""
    if not hands:
        return 0.0
    p = took / hands
    return float(196 * (p * (1 - p) / hands) ** 0.5)


def moon_frequency(tables: Mapping[str, str | Sequence[str]], hands: int = 250,
                   seed: int = 5, engine: str = "batch") -> dict[str, list[int]]:
    """For each named table of bots, play the same ``hands`` seeded hold hands and count
    the moons shot by each seat. ``engine`` as in ``queen_fate``."""
    out: dict[str, list[int]] = {}
    for label, names in tables.items():
        if engine == "batch":
            from hearts_teach.games.hearts.batch import batch_scores

            _dealt, taken = _batch_hold_hands(names, hands, seed)
            moon = batch_scores(taken, Rules())[1]
            out[label] = [int((moon == s).sum()) for s in FOUR.seats]
            continue
        players = table_bots(names, seed)
        moons = [0 for _ in FOUR.seats]
        for i in range(hands):
            hand = bots_play(Hand.deal(Rng(seed).spawn(i), pass_direction="hold"), players)
            if hand.moon is not None:
                moons[hand.moon] += 1
        out[label] = moons
    return out


def moon_frequency_table(moons: Mapping[str, Sequence[int]], hands: int, first: str = "easy",
                         second: str = "rule") -> str:
    """``moon_frequency``'s counts as text: per table the moons by seat, the total, the rate per
    100 hands with its give or take (two decimals, as the ranges), and one hand in how many; then each rate's range,
    ``first`` against ``second`` and, last, ``second``'s printed range as one hand in how many. A table with no moon
    (a learner's short run) says so instead of dividing by zero."""
    lines = ["table    South  West  North  East   total   per 100 hands   give or take   1 hand in"]
    ranges: dict[str, tuple[float, float]] = {}  # per table, the rate per 100 hands less and plus its give or take
    for name, counts in moons.items():
        total = sum(counts)
        rate, margin = 100 * total / hands, give_or_take(total, hands)
        ranges[name] = (rate - margin, rate + margin)
        lines.append(f"{name:<7} " + "".join(f"{m:>6}" for m in counts)
                     + f"   {total:>5}   {rate:>8.2f}   {margin:>12.2f}"
                     + f"   {f'{hands / total:.0f}' if total else 'never':>9}")
    lines.append("ranges per 100 hands: " + ", ".join(f"{name} {max(low, 0):.2f} to {high:.2f}"
                                                       for name, (low, high) in ranges.items()))
    a, b = sum(moons[first]), sum(moons[second])
    lines.append(f"{first} table against {second} table: {a} moons against {b}"
                 + (f", {a / b:.0f} times as many" if b else ""))
    low, high = ranges[second]
    low, high = round(low, 2), round(high, 2) or high  # as the ranges line prints them, so the two lines agree
    if not b:
        lines.append(f"{second} table: no moon in {hands:,} hands")
    elif low <= 0:
        lines.append(f"{second} table, with give or take: 1 hand in {100 / high:.0f} or fewer")
    else:
        lines.append(f"{second} table, with give or take: between 1 hand in {100 / high:.0f} and 1 in {100 / low:.0f}")
    return "\n".join(lines)
