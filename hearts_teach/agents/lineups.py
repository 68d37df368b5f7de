"""Lineups at a table: who sits where in each rotation, and each entry's results added up.

Duplicate tournaments (scalar and batch) and the class league turn a lineup round the table
so every entry plays every deal from every seat; they seat and count the same way, here.
"""

from __future__ import annotations

from collections.abc import Sequence

from hearts_teach.kernel.table import FOUR


def seating(rotation: int) -> list[int]:
    """The seat of each lineup entry when the lineup is turned ``rotation`` seats to the left
    (entry e sits in seat e + rotation): duplicate tournaments and the league seat this way."""
    return [FOUR.left(e, rotation) for e in FOUR.seats]


class Tally:
    """Each lineup entry's points per hand, wins (hands with the lowest score at the table;
    ties count for each) and moons, added hand by hand. Tournaments (scalar and batch) and the
    class league count with it."""

    def __init__(self, entries: int):
        self.points: list[list[int]] = [[] for _ in range(entries)]
        self.wins = [0] * entries
        self.moons = [0] * entries
        self.rows: list[tuple[int, ...]] = []  # every hand's scores by lineup entry

    def add(self, row: Sequence[int], moon: int | None, who: Sequence[int | None] | None = None) -> None:
        """One hand: ``row`` the scores at the table, ``moon`` the place in ``row`` that shot the
        moon (None or -1: nobody), ``who[k]`` the entry place ``k`` counts for (None: nobody, a
        house seat; default: place k is entry k)."""
        low = min(row)
        for k, score in enumerate(row):
            e = k if who is None else who[k]
            if e is None:
                continue
            self.points[e].append(score)
            if score == low:
                self.wins[e] += 1
            if moon == k:
                self.moons[e] += 1

    def add_seated(self, scores: Sequence[int], moon_seat: int | None, seat_of: Sequence[int]) -> None:
        """One hand given by seat: entry e sat in ``seat_of[e]``; ``moon_seat`` shot the moon."""
        row = tuple(scores[seat] for seat in seat_of)
        self.rows.append(row)
        self.add(row, seat_of.index(moon_seat) if moon_seat in seat_of else None)


__all__ = ["Tally", "seating"]
