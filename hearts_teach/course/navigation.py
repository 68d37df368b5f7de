"""The lesson series as a list: titles, file names, the exercise of each lesson, and the
navigation line at the top and bottom of every lesson."""

from __future__ import annotations

# the series --------------------------------------------------------------------------

LESSONS: tuple[tuple[str, str, str], ...] = (
    ("00_welcome", "Welcome", "how the series works, the deck, the card names and the penalty cards"),
    ("01_deal_and_pass", "The deal and the pass", "13 cards each, which way the pass goes, what to give away"),
    ("02_tricks_and_following_suit", "Tricks and following suit",
     "the 2♣ opens, follow suit, no trump, and the safe discard"),
    ("03_breaking_hearts", "Breaking hearts", "when a heart may be led, and the first-trick rule"),
    ("04_queen_of_spades", "The queen of spades", "the 13-point card, and where she ends up"),
    ("05_shooting_the_moon", "Shooting the moon", "taking every penalty card on purpose, and stopping it"),
    ("06_scoring_a_match", "Scoring a match", "points per hand, totals to 100, lowest wins, variants"),
    ("07_play_a_match", "Play a match", "a whole match at the table against the bots, with hints"),
    ("08_practice_decisions", "Practice decisions", "drills on passes and plays, graded by the coach"),
    ("09_hearts_vs_spades", "Hearts vs Spades", "the same deck played the other way round"),
    ("10_write_a_bot", "Write a bot", "a bot from the View, measured on duplicate deals, improved step by step"),
    ("11_three_to_six_players", "Three to six players",
     "smaller and bigger tables: the cards taken out, the opening club, the passes and the moon"),
)

# lesson number -> exercise notebook (lessons 00 has none; 07 and 08 share one)
EXERCISES: dict[int, str] = {
    1: "01_pass_targets", 2: "02_trick_winner", 3: "03_legal_plays", 4: "04_hand_points",
    5: "05_moon_scoring", 6: "06_match_winner", 7: "07_strategy", 8: "07_strategy",
    9: "09_spades_scoring", 10: "10_write_a_bot",
}


def lesson_file(n: int) -> str:
    return LESSONS[n][0] + ".ipynb"


def exercise_link(n: int) -> str | None:
    """The relative link from lesson ``n`` to its exercise notebook (None for lesson 00)."""
    name = EXERCISES.get(n)
    return None if name is None else f"../exercises/{name}.ipynb"


def nav_line(n: int) -> str:
    """The Markdown navigation line of lesson ``n``: ← previous · Index · next →."""
    parts = []
    if n > 0:
        parts.append(f"[← {LESSONS[n - 1][0][:2]} {LESSONS[n - 1][1]}]({lesson_file(n - 1)})")
    parts.append(f"[Index]({lesson_file(0)}#The-lessons)")
    if n + 1 < len(LESSONS):
        parts.append(f"[{LESSONS[n + 1][0][:2]} {LESSONS[n + 1][1]} →]({lesson_file(n + 1)})")
    line = " · ".join(parts)
    if exercise_link(n):
        line += f" · [Exercise]({exercise_link(n)})"
    return line


# the one-screen rules summary and the glossary, linked from every lesson
RULES_SUMMARY = "rules_summary.ipynb"
GLOSSARY = "glossary.ipynb"


def reference_line() -> str:
    """The Markdown line that links a lesson to the rules summary and the glossary."""
    return f"Look up: [Rules on one screen]({RULES_SUMMARY}) · [Glossary]({GLOSSARY})"
