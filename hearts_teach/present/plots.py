"""Plots for notebooks: tournament results with error bars (matplotlib).

>>> from hearts_teach.present.plots import plot_tournament
>>> ax = plot_tournament(result)          # points per hand by bot, 95% error bars
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from hearts_teach.agents.tournament import TournamentResult


def plot_tournament(result: TournamentResult, ax: Any = None, title: str | None = None,
                    z: float = 1.96) -> Any:
    """A bar chart of mean points per hand for each lineup entry, with ±``z``·SE error bars
    (95% by default) and the value written on every bar, so the chart also reads without
    colour. Returns the matplotlib ``Axes``."""
    import matplotlib.pyplot as plt

    if ax is None:
        _fig, ax = plt.subplots(figsize=(6, 3.2))
    labels = [f"{i + 1}. {b.name}" for i, b in enumerate(result.bots)]
    means = [b.mean_points for b in result.bots]
    errs = [z * b.se if b.se == b.se else 0.0 for b in result.bots]  # NaN-safe (one hand)
    hatches = ("", "//", "..", "xx")
    bars = ax.bar(range(len(means)), means, yerr=errs, capsize=6, color="#8fb3d9",
                  edgecolor="#1a1a1a")
    for bar, hatch, m in zip(bars, hatches, means, strict=False):
        bar.set_hatch(hatch)
        ax.annotate(f"{m:.2f}", (bar.get_x() + bar.get_width() / 2, 0), xytext=(0, 3),
                    textcoords="offset points", ha="center", va="bottom", fontsize=9)
    ax.set_xticks(range(len(means)))
    ax.set_xticklabels(labels)
    ax.set_ylabel("points per hand (lower is better)")
    kind = "duplicate, " if result.duplicate else ""
    ax.set_title(title or f"{result.hands} hands ({kind}seed {result.seed}); bars: 95% interval")
    ax.set_ylim(bottom=0)
    return ax


def plot_moons(moons: Mapping[str, Sequence[int]], hands: int, ax: Any = None) -> Any:
    """A bar chart of moons per 100 hands at each table of ``moons`` (name -> moons by seat,
    as ``moon_frequency`` counts them), each bar labelled with its count. Returns the ``Axes``."""
    import matplotlib.pyplot as plt

    if ax is None:
        _fig, ax = plt.subplots(figsize=(6, 3))
    rates = [100 * sum(m) / hands for m in moons.values()]
    ax.bar(list(moons), rates, color=["#999999", "#d55e00", "#0072b2"][:len(rates)])
    for i, m in enumerate(moons.values()):
        ax.text(i, rates[i] + 0.1, f"{sum(m)} moon{'' if sum(m) == 1 else 's'}", ha="center")
    ax.set_ylim(0, 1.3 * max(rates) or 1)  # a run with no moon still draws an axis
    ax.set_ylabel("moons per 100 hands")
    ax.set_title(f"Moons at tables of four identical bots ({hands:,} hands each)")
    return ax


__all__ = ["plot_moons", "plot_tournament"]
