"""Lesson 10 (write a bot): its question, kept here so that the notebook's code does not show the answer."""

from __future__ import annotations

from hearts_teach.present.widgets import Quiz

INTERVAL_ANSWER = "we cannot tell yet: play more deals"


def interval_quiz() -> Quiz:
    """Lesson 10's question: a gain of +0.30 whose 95% interval runs from -0.10 to +0.70; is the change useless?"""
    return Quiz("Is the change useless?",
                ["yes: the interval contains zero", "no: it is better", INTERVAL_ANSWER],
                INTERVAL_ANSWER,
                {"yes: the interval contains zero": "Containing zero does not show it useless: the true gain may be "
                                                    "anywhere from -0.10 to +0.70. Ducking looked like this on 40 deals "
                                                    "and proved better on 200.",
                 "no: it is better": "Better needs the whole interval above zero; this one reaches down to -0.10.",
                 INTERVAL_ANSWER: "The interval contains zero: no verdict either way, and more deals narrow it. "
                                  "You may still keep the change (this lesson keeps the void pass); you just cannot "
                                  "call it better."},
                "Only an interval that lies entirely on one side of zero is a verdict; this one contains zero.")


__all__ = ["INTERVAL_ANSWER", "interval_quiz"]
