"""Spades bot figures: contracts made (with and without an opponent's nil), nil success, bags
per hand, points, and the duplicate edge of one bot style over another.

``python -m hearts_teach.tools.bench_spades --hands 2000`` prints them for self-play of each style
and for the duplicate match (every deal played twice, the two styles swapping teams, so the
cards cancel out). Single hands from a 0-0 score: blind nil does not arise, and the 10-bag
penalty is counted as what it costs on average, 10 points per bag (``BAG_COST``): the
"adjusted" figures charge it, the raw ones do not.
"""

from __future__ import annotations

import argparse
import math
from typing import Any

from hearts_teach.agents.spades import STYLES, SpadesBot, auto_play, positive_int
from hearts_teach.games.spades.game import SpadesHand
from hearts_teach.games.spades.scoring import BAG_LIMIT, BAG_PENALTY, TEAMS, team_of
from hearts_teach.kernel.cli import quiet_on_closed_pipe
from hearts_teach.kernel.rng import Rng
from hearts_teach.kernel.table import FOUR, SEAT_COUNT

BAG_COST = BAG_PENALTY // BAG_LIMIT  # every bag brings the -100 at ten bags 10 points nearer


def play_deal(seed: Any, number: int, styles: tuple[str, str]) -> SpadesHand:
    """Deal ``number`` of ``seed`` played out with team 0 as ``styles[0]``, team 1 as ``styles[1]``."""
    rng = Rng(seed).spawn(number)
    hand = SpadesHand.deal(rng.spawn("deal"), dealer=number % SEAT_COUNT)
    bots = [SpadesBot(rng.spawn(f"bot{s}"), styles[team_of(s)]) for s in FOUR.seats]
    auto_play(hand, bots)
    return hand


def team_figures(hands: list[tuple[SpadesHand, int]]) -> dict[str, float]:
    """Figures for the team ``t`` of every ``(hand, t)``."""
    made = facing = facing_made = nils = kept = bags = points = 0
    for hand, t in hands:
        sc = hand.score()
        team = sc.teams[t]
        opp_nil = any(hand.bids[s] == 0 for s in TEAMS[1 - t])
        points += team.points
        bags += team.bags_taken
        if team.contract:
            made += team.made
            if opp_nil:
                facing += 1
                facing_made += team.made
        for s in TEAMS[t]:
            if hand.bids[s] == 0:
                nils += 1
                kept += hand.tricks_won[s] == 0
    n = len(hands)
    contracts = sum(1 for h, t in hands if h.score().teams[t].contract)
    return {"hands": n, "made": made / contracts, "facing_nil": facing,
            "made_facing_nil": facing_made / facing if facing else math.nan,
            "made_otherwise": (made - facing_made) / (contracts - facing) if contracts > facing else math.nan,
            "nils": nils, "nil_kept": kept / nils if nils else math.nan,
            "bags_per_hand": bags / n, "points_per_hand": points / n,
            "adjusted_per_hand": (points - BAG_COST * bags) / n}


def self_play(style: str, hands: int, seed: Any = 0) -> dict[str, float]:
    played = [play_deal(seed, n, (style, style)) for n in range(hands)]
    return team_figures([(h, t) for h in played for t in (0, 1)])


def duplicate(new: str, old: str, hands: int, seed: Any = 0) -> dict[str, float]:
    """Each deal twice (``new`` as team 0, then as team 1): the mean points per hand by which
    ``new`` outscores ``old``, with its standard error over deals."""
    raw: list[float] = []
    adjusted: list[float] = []
    mine: list[tuple[SpadesHand, int]] = []
    for n in range(hands):
        a = play_deal(seed, n, (new, old))
        b = play_deal(seed, n, (old, new))
        d_raw = d_adj = 0.0
        for hand, t in ((a, 0), (b, 1)):
            teams = hand.score().teams
            me, them = teams[t], teams[1 - t]
            d_raw += (me.points - them.points) / 2
            d_adj += (me.points - them.points - BAG_COST * (me.bags_taken - them.bags_taken)) / 2
        raw.append(d_raw)
        adjusted.append(d_adj)
        mine += [(a, 0), (b, 1)]
    out: dict[str, Any] = {"new": team_figures(mine)}
    for key, diffs in (("edge", raw), ("edge_adjusted", adjusted)):
        mean = sum(diffs) / len(diffs)
        var = sum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1) if len(diffs) > 1 else 0.0
        out[key], out[key + "_se"] = mean, math.sqrt(var / len(diffs))
    return out


def _line(name: str, f: dict[str, float]) -> str:
    return (f"{name:<9} contracts made {100 * f['made']:.1f}% (facing an opponent's nil "
            f"{100 * f['made_facing_nil']:.1f}% of {f['facing_nil']:.0f}, otherwise "
            f"{100 * f['made_otherwise']:.1f}%); nil kept {100 * f['nil_kept']:.1f}% of "
            f"{f['nils']:.0f}; bags {f['bags_per_hand']:.2f} per team-hand; "
            f"{f['points_per_hand']:+.1f} points per team-hand ({f['adjusted_per_hand']:+.1f} "
            f"with bags at -{BAG_COST})")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m hearts_teach.tools.bench_spades")
    ap.add_argument("--hands", type=positive_int, default=2000)
    ap.add_argument("--seed", default="spades-bench")
    a = ap.parse_args(argv)
    print(f"{a.hands} deals, seed {a.seed!r}; self-play (both teams the same style):")
    for style in STYLES:
        print(_line(style, self_play(style, a.hands, a.seed)))
    d = duplicate(STYLES[0], STYLES[1], a.hands, a.seed)
    print(f"duplicate, {STYLES[0]} vs {STYLES[1]} (each deal twice, teams swapped), points per hand, "
          f"mean ± standard error: {d['edge']:+.1f} ± {d['edge_se']:.1f} raw, "
          f"{d['edge_adjusted']:+.1f} ± {d['edge_adjusted_se']:.1f} with bags at -{BAG_COST}")
    return 0


if __name__ == "__main__":
    raise SystemExit(quiet_on_closed_pipe(main))
