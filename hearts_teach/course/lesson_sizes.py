"""How long each lesson is: cells, words of prose (Markdown) and words the code cells print.

    python -m hearts_teach.course.lesson_sizes [notebooks/*.ipynb]

Issue 27 keeps a lesson short: at most about 35 cells and 1,500 words of prose
(``tests/test_notebooks.py`` holds every lesson to it).
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

from hearts_teach.kernel.cli import quiet_on_closed_pipe

MAX_CELLS = 35
MAX_PROSE_WORDS = 1500


def sizes(path: Path) -> tuple[int, int, int]:
    """(cells, prose words, words in the text outputs) of one notebook."""
    nb = json.loads(Path(path).read_text(encoding="utf-8"))
    prose = printed = 0
    for cell in nb["cells"]:
        if cell["cell_type"] == "markdown":
            prose += len(re.findall(r"\S+", "".join(cell["source"])))
        for out in cell.get("outputs", []):
            text = "".join(out.get("text", "")) + "".join(out.get("data", {}).get("text/plain", ""))
            printed += len(re.findall(r"[A-Za-z]{2,}\S*", text))  # words, not card codes or numbers
    return len(nb["cells"]), prose, printed


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    paths = [Path(a) for a in args] or sorted(Path("notebooks").glob("*.ipynb"))
    print(f"{'notebook':<40} {'cells':>5} {'prose words':>12} {'words printed':>14}")
    for p in paths:
        cells, prose, printed = sizes(p)
        print(f"{p.name:<40} {cells:>5} {prose:>12} {printed:>14}")
    return 0


if __name__ == "__main__":
    sys.exit(quiet_on_closed_pipe(main))
