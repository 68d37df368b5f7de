"""Hearts scoring on bitmasks: the points in a set of cards and a hand's scores with the moon
(docs/rules.md H10-H11, D6 and D8: the scoring rules and the ``moon`` and ``omnibus`` options)."""

from __future__ import annotations

from hearts_teach.kernel.cards import HEARTS_MASK, JD_MASK, POINTS_MASK, QS_MASK, QS_POINTS

MOON_POINTS = 26  # every heart and Q♠: what a moon is worth, whatever the table size
JD_POINTS = -10  # the omnibus J♦, to whoever takes it


def trick_points(mask: int, omnibus: bool = False) -> int:
    """Penalty points in a set of cards: hearts 1, Q♠ 13, J♦ −10 under omnibus."""
    p = (mask & HEARTS_MASK).bit_count() + (QS_POINTS if mask & QS_MASK else 0)
    if omnibus and mask & JD_MASK:
        p += JD_POINTS
    return p


def final_scores(taken: list[int] | tuple[int, ...], moon_rule: str, omnibus: bool) -> tuple[tuple[int, ...], int | None]:
    """Scores of one hand from the cards each seat took (one mask per seat, at any table),
    and the moon shooter (or None). A moon is worth every point in the deck (26)."""
    moon = None
    seats = range(len(taken))
    for seat in seats:
        if taken[seat] & POINTS_MASK == POINTS_MASK:
            moon = seat
    if moon is None:
        scores = [trick_points(t) for t in taken]
    elif moon_rule == "add_to_others":
        scores = [0 if s == moon else MOON_POINTS for s in seats]
    else:
        scores = [-MOON_POINTS if s == moon else 0 for s in seats]
    if omnibus:
        scores = [sc + (JD_POINTS if taken[s] & JD_MASK else 0) for s, sc in enumerate(scores)]
    return tuple(scores), moon
