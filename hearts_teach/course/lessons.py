"""The helpers behind the lesson notebooks (``notebooks/NN_*.ipynb``), under one name.

Each job has its own module; this one gathers their names so that a lesson needs one import:

- ``navigation``: the series, its exercises, the navigation line of each lesson;
- ``positions``: fixed deals and positions (``deal_with``, ``position``, ``cannot_follow``) and a
  position in words from the engine (``situation``);
- ``why``: why the rule bot played a card, recomputed from its own decision (``why``, ``why_now``, ``why_played``,
  ``why_instead``);
- ``players``: a demonstration moon shooter (``Shooter``) and the bots at the table
  (``table_bots``, ``bots_play``);
- ``describe``: tricks and legal plays in words;
- ``scoring``: hand scores from piles, and what the rules say about match totals;
- ``pass_comments``: comments on a pass (``pass_feedback``, lesson 01's picker);
- ``simulations``: the seeded simulations behind the plots;
- ``matches``: bot matches, the hand-by-hand ``MatchStepper``, a match rescored (``rescore``);
- ``drills``: the one ``Drill``, its grading, and lesson 08's ``DrillSession``;
- ``my_drills``: lesson 08's "your drills" (``MyDrills``: your saved mistakes, when due);
- ``progress``: your progress by lesson (``show_progress``), kept on this machine.
"""

from __future__ import annotations

from hearts_teach.course.describe import describe_trick, legal_report, trick_rows, trick_table
from hearts_teach.course.drills import (
    DRILLS,
    FULL_MARKS,
    MARKS,
    Drill,
    DrillResult,
    DrillSession,
    Grade,
    SampleRun,
    Scripted,
    drills_text,
    grade,
    marks,
)
from hearts_teach.course.matches import MatchStepper, play_match, replay_with, rescore
from hearts_teach.course.my_drills import MyDrills
from hearts_teach.course.navigation import EXERCISES, LESSONS, exercise_link, lesson_file, nav_line
from hearts_teach.course.pass_comments import pass_feedback
from hearts_teach.course.players import Shooter, bots_play, table_bots
from hearts_teach.course.positions import SEATS, cannot_follow, deal_with, position, situation
from hearts_teach.course.progress import show_progress
from hearts_teach.course.scoring import match_verdict, score_piles
from hearts_teach.course.simulations import (
    SPADE_GROUPS,
    give_or_take,
    moon_frequency,
    moon_frequency_table,
    queen_fate,
    queen_fate_table,
)
from hearts_teach.course.why import Why, why, why_instead, why_now, why_played

__all__ = [
    "DRILLS", "EXERCISES", "FULL_MARKS", "LESSONS", "MARKS", "SEATS", "SPADE_GROUPS", "Drill", "DrillResult",
    "DrillSession", "Grade", "MatchStepper", "MyDrills", "SampleRun", "Scripted", "Shooter", "bots_play", "cannot_follow",
    "deal_with", "describe_trick", "drills_text", "exercise_link", "give_or_take", "grade", "legal_report", "lesson_file",
    "marks", "match_verdict", "moon_frequency", "moon_frequency_table", "nav_line", "pass_feedback", "play_match", "position",
    "queen_fate", "queen_fate_table", "replay_with", "rescore", "score_piles", "show_progress", "situation", "table_bots",
    "trick_rows", "trick_table", "Why", "why", "why_instead", "why_now", "why_played",
]
