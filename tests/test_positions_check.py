"""Every position a lesson shows or asks about is consistent (course/positions_check.py), and
the checker catches the errors it is meant to catch."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from hearts_teach import Hand
from hearts_teach.course.lessons import bots_play, table_bots, trick_table
from hearts_teach.course.positions import position, situation
from hearts_teach.course.positions_check import check_engine_views, check_trick_tables, check_words

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))


def test_every_lesson_position_is_consistent() -> None:
    out = subprocess.run([sys.executable, "-m", "hearts_teach.course.positions_check", *map(str, NOTEBOOKS)],
                         capture_output=True, text=True, cwd=ROOT)
    assert out.returncode == 0, out.stdout
    assert f"{len(NOTEBOOKS)} notebooks checked: 0 problems" in out.stdout


def test_the_old_lesson_03_quiz_is_caught() -> None:
    text = ("Standard rules. You are leading trick 5. No heart has been played yet, and you hold 5♥ 9♥ Q♠. "
            "Which card may you lead?")
    assert check_words(text) and "holds 9 cards" in check_words(text)[0]


def test_a_partial_hand_in_words_is_not_a_claim_about_the_whole_hand() -> None:
    assert not check_words("On trick 5 you hold, among others, 5♥ 9♥ Q♠.")
    assert not check_words("You are leading trick 5 with spades Q♠ 4♠.")


def test_situation_sentences_pass_and_a_miscounted_one_fails() -> None:
    h = position({0: "AC KC QC JC QS 2H 3H 4H 5H 6H 7H 8H 9H", 1: "2C 3C 4C 5C", 2: "6C 7C 8C 9C",
                  3: "TC 2D 3D 4D"}, plays="2C 6C TC AC KC 3C 7C 2D QC 4C 8C 3D JC 5C 9C 4D")
    text = situation(h)
    assert "trick 5 of 13" in text and "South holds 9 cards" in text
    assert not check_words(text)
    assert check_words(text.replace("holds 9 cards", "holds 8 cards"))


@pytest.mark.parametrize("stop", [3, 7, 11])
def test_engine_views_and_trick_tables_from_real_hands_pass(stop: int) -> None:
    for seed in range(6):
        h = bots_play(Hand.deal(seed=seed, pass_direction="hold"), table_bots("rule"),
                      stop=lambda h, n=seed % 4: h.trick_number == stop and len(h.current_trick.cards) == n)
        assert not check_engine_views(h.text(all_hands=True)), h.text(all_hands=True)
        assert not check_trick_tables(trick_table(h))


def test_a_doctored_engine_view_and_trick_table_fail() -> None:
    h = bots_play(Hand.deal(seed=3, pass_direction="hold"), table_bots("rule"),
                  stop=lambda h: h.trick_number == 4 and len(h.current_trick.cards) == 2)
    text = h.text(all_hands=True)
    lines = text.splitlines()
    seat_line = next(i for i, x in enumerate(lines) if x.strip().startswith("North:"))
    lines[seat_line] = lines[seat_line].replace("♣ ", "♣ 2 ", 1) if "♣ —" not in lines[seat_line] else \
        lines[seat_line].replace("♣ —", "♣ 2")
    assert check_engine_views("\n".join(lines))
    assert check_engine_views(text.replace("Trick 4 of 13", "Trick 5 of 13"))
    table = trick_table(h).splitlines()
    assert check_trick_tables("\n".join([table[0], table[2]]).replace(" 3. ", " 2. "))
    assert check_trick_tables(trick_table(h).replace("*", "", 1))


def test_the_last_trick_line_names_its_leader_and_a_wrong_winner_fails() -> None:
    """Rater r33: lesson 03's *Last trick* line did not say who led; it now does, and the checker still
    reads its winner (the seat leading the next trick must be that winner)."""
    h = bots_play(Hand.deal(seed=3, pass_direction="hold"), table_bots("rule"),
                  stop=lambda h: h.trick_number == 4 and not h.current_trick.cards)
    text = h.text(all_hands=True)
    last, names = h.last_trick, h.seat_names
    line = next(x for x in text.splitlines() if x.startswith("Last trick"))
    assert line.startswith(f"Last trick (led by {names[last.leader]}): ") and f"→ {names[last.winner]} (" in line
    assert not check_engine_views(text)
    wrong = line.replace(f"→ {names[last.winner]} (", f"→ {names[(last.winner + 1) % 4]} (")
    assert check_engine_views(text.replace(line, wrong))


def test_a_trick_told_in_words_goes_clockwise():
    from hearts_teach.course.positions_check import check_order

    assert not check_order("West leads 5♠, North plays 9♠, East plays Q♠. You are South.")
    assert not check_order("West leads 5♦. North has no diamonds and plays A♠, East plays K♦.")
    assert check_order("West leads 5♠, East plays 9♠, North plays Q♠.")
    # a trump is a play too: 09a told West's ruff between South and North, and a checker that skipped
    # "trumped with" read North as playing right after South
    assert not check_order("South led K♣, West (East's partner) trumped with 9♠ and North played 5♠.")
    assert check_order("South led K♣, North trumped it with 9♠ and West played 5♠.")


def test_one_trick_a_line_is_read_as_separate_tricks_even_indented():
    """Lesson 06 prints one line a trick, indented: two lines are two tricks, not one told out of order."""
    from hearts_teach.course.positions_check import check_order

    lines = "tricks others won:\n    trick 11: 3♥, North led the 8♠, West won\n    trick 12: 2♥, West led the 10♠, West won"
    assert not check_order(lines) and not check_order(lines.replace("    trick", "trick"))
    # within one line the order is still checked
    assert check_order("    trick 4: West leads 5♠, East plays 9♠, North plays Q♠.")
