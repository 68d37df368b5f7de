"""Where the teacher's own files are: ``solutions/`` beside the package in a checkout (the
answers, and the hand-picked hidden cases). Named once here, because the grader reads them, the
sandbox hides them, and the handout leaves them out."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]  # the checkout the package runs from
SOLUTIONS = ROOT / "solutions"
HIDDEN_CASES_FILE = SOLUTIONS / "hidden_cases.json"

__all__ = ["HIDDEN_CASES_FILE", "ROOT", "SOLUTIONS"]
