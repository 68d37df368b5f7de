"""The table size is data (kernel/table.py): no bare seat count elsewhere in the package.

A seat count written out (``range(4)`` over seats, ``% 4``, ``[0] * 4``, the seat-name tuple,
a random seat as ``randbelow(4)``) makes 3-6 players silently wrong. Suit loops are written
``range(SUITS)``. The exceptions are listed with their reason; a new hit fails here.
"""

from __future__ import annotations

import pathlib
import re

import hearts_teach

ROOT = pathlib.Path(hearts_teach.__file__).parent
SEAT_COUNT_PATTERNS = re.compile(
    r"range\(4\)|range\(1, 4\)|% ?4\b|\[0\] ?\* ?4\b|\[None\] ?\* ?4\b|randbelow\(4\)|randint\(0, 3\)"
    r"|[\"']South[\"'], [\"']West[\"']")
ALLOWED = {
    # a comment on the 4-seat batch engine's seat mask ("& 3" is cheaper than "% 4")
    "agents/hearts/batch_policy.py": 1,
    # the pass-target exercise's own formula (hand h passes by h % 4), quoted to the student
    "classroom/checks/passing.py": 5,
}


def _hits() -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for path in sorted(ROOT.rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        if rel == "kernel/table.py":
            continue
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if SEAT_COUNT_PATTERNS.search(line):
                found.setdefault(rel, []).append(f"{rel}:{n}: {line.strip()}")
    return found


def test_no_bare_seat_count_outside_kernel_table():
    hits = _hits()
    unexpected = [line for rel, lines in hits.items() if len(lines) != ALLOWED.get(rel, 0) for line in lines]
    assert not unexpected, "seat counts written out (ask a Table):\n" + "\n".join(unexpected)


def test_the_scan_sees_a_seat_count():
    assert SEAT_COUNT_PATTERNS.search("for s in range(4):")
    assert SEAT_COUNT_PATTERNS.search("names=('South', 'West', 'North', 'East')")
    assert not SEAT_COUNT_PATTERNS.search("for s in table.seats:")
