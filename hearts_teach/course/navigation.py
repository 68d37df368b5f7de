"""The lesson series as a list: titles, file names, the exercise of each lesson, and the
navigation line at the top and bottom of every lesson."""

from __future__ import annotations

# the series --------------------------------------------------------------------------

LESSONS: tuple[tuple[str, str, str], ...] = (
    ("00_welcome", "Welcome",
     "how the series works, the deck, the card names, the penalty cards and your first three tricks"),
    ("01_deal_and_pass", "The deal and the pass", "13 cards each, which way the pass goes, what to give away"),
    ("02_tricks_and_following_suit", "Tricks and following suit",
     "the 2♣ opens, follow suit, no trump, and the safe discard"),
    ("03_breaking_hearts", "Breaking hearts", "when a heart may be led, and the first-trick rule"),
    ("04_queen_of_spades", "The queen of spades", "the 13-point card, and where she ends up"),
    ("05_shooting_the_moon", "Shooting the moon", "taking every penalty card on purpose, and stopping it"),
    ("06_scoring_a_match", "Scoring a match", "points per hand, totals to 100, lowest wins, variants"),
    ("07_play_a_match", "Play a match", "a whole match at the table against the bots, with hints"),
    ("08_practice_decisions", "Practice decisions", "drills on passes and plays, graded by the coach"),
    ("08a_keeping_track", "Keeping track and passing",
     "who can still hold the queen, who is void, counting hearts; the pass by its direction"),
    ("08b_your_own_moon", "Your own moon", "when to shoot the moon yourself, and when to give it up"),
    ("08c_beginner_mistakes", "Beginner mistakes", "four mistakes that cost the most, each graded by the coach"),
    ("09_hearts_vs_spades", "Hearts vs Spades: the rules of Spades",
     "the same deck played the other way round: trump, partners, bids, scoring, 500"),
    ("09a_spades_bidding", "Spades: bidding", "how to count your tricks and choose a bid, spade length included"),
    ("09b_nil_and_blind_nil", "Spades: nil and blind nil", "when to bid nil, how to play and defend one, blind nil"),
    ("10_write_a_bot", "Write a bot", "your own computer player, measured on duplicate deals, improved step by step"),
    ("11_three_to_six_players", "Three to six players",
     "smaller and bigger tables: the cards taken out, the opening club, the passes and the moon"),
    ("12_review", "Mixed review", "questions across every rule and skill of the series, with feedback"),
)

# lesson number (as in its file name) -> exercise notebook (00 and the skills and review lessons
# have none; 07 and 08 share one)
_EXERCISE_OF: dict[str, str] = {
    "01": "01_pass_targets", "02": "02_trick_winner", "03": "03_legal_plays", "04": "04_hand_points",
    "05": "05_moon_scoring", "06": "06_match_winner", "07": "07_strategy", "08": "07_strategy",
    "09": "09_spades_scoring", "10": "10_write_a_bot",
}


def lesson_number(n: int) -> str:
    """The number of the ``n``-th lesson as its file name writes it: '03', '08a'."""
    return LESSONS[n][0].split("_")[0]


# position in LESSONS -> exercise notebook
EXERCISES: dict[int, str] = {n: _EXERCISE_OF[lesson_number(n)] for n in range(len(LESSONS))
                             if lesson_number(n) in _EXERCISE_OF}


def lesson_file(n: int) -> str:
    return LESSONS[n][0] + ".ipynb"


def exercise_link(n: int) -> str | None:
    """The relative link from lesson ``n`` to its exercise notebook (None for lesson 00)."""
    name = EXERCISES.get(n)
    return None if name is None else f"../exercises/{name}.ipynb"


# the cell of lesson 00 that opens with its "## The lessons" list. JupyterLab finds a ``#cell-id=`` fragment
# from the notebook's model; a heading's fragment is looked up in Markdown that has not rendered yet when the
# page opens, so an Index link by heading opened lesson 00 at its top (tests/e2e/test_course_browser.py)
INDEX_CELL = "l00-26"


def nav_line(n: int) -> str:
    """The Markdown navigation line of lesson ``n``: ← previous · Index · next →."""
    parts = []
    if n > 0:
        parts.append(f"[← {lesson_number(n - 1)} {LESSONS[n - 1][1]}]({lesson_file(n - 1)})")
    parts.append(f"[Index]({lesson_file(0)}#cell-id={INDEX_CELL})")
    if n + 1 < len(LESSONS):
        parts.append(f"[{lesson_number(n + 1)} {LESSONS[n + 1][1]} →]({lesson_file(n + 1)})")
    line = " · ".join(parts)
    if exercise_link(n):
        line += f" · [Exercise]({exercise_link(n)})"
    return line


# the one-screen rules summary and the glossary, linked from every lesson
RULES_SUMMARY = "rules_summary.ipynb"
GLOSSARY = "glossary.ipynb"


def reference_line() -> str:
    """The Markdown line that links a lesson to the rules summary and the glossary."""
    return f"Look up: [Rules summary]({RULES_SUMMARY}) · [Glossary]({GLOSSARY})"
