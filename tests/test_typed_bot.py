"""The package ships its type hints (py.typed): a student's bot file, written against ``View``,
type-checks with mypy, and a bot that returns the wrong kind of value is caught by it."""

from __future__ import annotations

from pathlib import Path

import pytest

mypy_api = pytest.importorskip("mypy.api")

ROOT = Path(__file__).resolve().parents[1]

GOOD = '''
from hearts_teach import Card, View
from hearts_teach.kernel.cards import Suit


def choose_pass(view: View) -> list[Card]:
    hand = list(view.cards)
    return sorted(hand, key=lambda c: (c.suit == Suit.SPADES and c.rank >= 12, c.rank))[-3:]


def choose_play(view: View) -> Card:
    legal = list(view.legal)
    clean = [c for c in legal if c.points == 0]
    return max(clean or legal, key=lambda c: c.rank)
'''

# the slip mypy is there for: the whole list of legal cards where one card is due
BAD = GOOD.replace("return max(clean or legal, key=lambda c: c.rank)", "return legal")


def _mypy(tmp_path: Path, source: str) -> tuple[str, int]:
    bot = tmp_path / "my_bot.py"
    bot.write_text(source)
    # only the bot file is judged (--follow-imports=silent): the package is read for its types
    out, err, status = mypy_api.run([str(bot), "--strict", "--follow-imports=silent", "--no-incremental",
                                     "--cache-dir", str(tmp_path / "cache"),
                                     "--python-version", "3.11"])
    return out + err, status


def test_the_package_ships_py_typed():
    assert (ROOT / "hearts_teach" / "py.typed").is_file()


def test_a_students_bot_file_type_checks_and_a_wrong_return_is_caught(tmp_path):
    out, status = _mypy(tmp_path, GOOD)
    assert status == 0, out
    out, status = _mypy(tmp_path, BAD)
    assert status == 1 and 'Incompatible return value type (got "list[Card]", expected "Card")' in out, out
