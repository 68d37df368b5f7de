"""Scoring helpers for the lessons: the scores of a hand from the cards each seat took, and
what the rules say about a set of match totals."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from hearts_teach.course.positions import SEATS
from hearts_teach.games.hearts.rules import Rules
from hearts_teach.games.hearts.scoring import final_scores
from hearts_teach.kernel.cards import CardLike, CardList


def score_piles(piles: Sequence[str | Iterable[CardLike]], rules: Rules | None = None) -> tuple[int, ...]:
    """Hand scores from the cards each seat took (any cards not listed nobody took)."""
    rules = rules if rules is not None else Rules()
    masks = [CardList(p).mask for p in piles]
    return final_scores(masks, rules.moon, rules.omnibus)[0]


def match_verdict(totals: Sequence[int], end_score: int = 100) -> str:
    """What the rules say about these totals at the end of a hand."""
    low = min(totals)
    leaders = [SEATS[s] for s, t in enumerate(totals) if t == low]
    if max(totals) < end_score:
        return f"nobody has reached {end_score}: the match goes on"
    if len(leaders) > 1:
        return f"{' and '.join(leaders)} tie for lowest with {low}: another hand is played"
    return f"the match is over: {leaders[0]} wins with {low}, the lowest total"
