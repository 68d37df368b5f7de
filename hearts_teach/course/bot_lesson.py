"""Lesson 10 (write a bot): its question, kept here so that the notebook's code does not show the answer."""

from __future__ import annotations

from hearts_teach.present.widgets import Quiz

INTERVAL_ANSWER = "about half as wide"


def interval_quiz() -> Quiz:
    """Lesson 10's question: a gain's 95% interval runs from -0.10 to +0.70 on 40 deals; measured on 160 deals
    (four times as many), about how wide will the interval be?"""
    same, quarter = "about as wide", "about a quarter as wide"
    return Quiz("On 160 deals, about how wide will the new interval be?",
                [same, INTERVAL_ANSWER, quarter],
                INTERVAL_ANSWER,
                {same: "More deals average out more luck, so the standard error (an average's typical miss) "
                       "shrinks, and the interval with it.",
                 quarter: "The standard error shrinks with the square root of the number of deals: four times the "
                          "deals halve it. A quarter as wide would take 16 times the deals.",
                 INTERVAL_ANSWER: "The standard error shrinks with the square root of the number of deals: four "
                                  "times the deals halve it, and the interval with it (chance moves it a little). "
                                  "That is why this lesson's 200-deal intervals are much narrower than its "
                                  "40-deal ones."},
                "The interval is the gain ± 1.96 standard errors; the standard error shrinks with the square root "
                "of the number of deals.")


__all__ = ["INTERVAL_ANSWER", "interval_quiz"]
