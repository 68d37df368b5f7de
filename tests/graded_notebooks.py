"""Exercise 02 handed in with a given answer and one extra cell, graded by the class grader."""

from __future__ import annotations

import json
from pathlib import Path

from hearts_teach.classroom import grader


def grade_trick_winner(tmp_path: Path, answer: str, cell: str) -> grader.Row:
    """The row of exercise 02 whose answer cell is ``answer``, with ``cell`` added at the end."""
    nb = json.loads((grader.ROOT / "exercises" / "02_trick_winner.ipynb").read_text(encoding="utf-8"))
    next(c for c in nb["cells"] if c.get("id") == "solution")["source"] = answer
    nb["cells"].append({"cell_type": "code", "id": "x", "metadata": {}, "outputs": [], "execution_count": None,
                        "source": cell})
    (tmp_path / "sub" / "eve").mkdir(parents=True)
    (tmp_path / "sub" / "eve" / "02_trick_winner.ipynb").write_text(json.dumps(nb), encoding="utf-8")
    [row] = grader.grade_class(tmp_path / "sub", progress=False)
    return row
