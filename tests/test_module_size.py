"""No module over 800 lines (docs/development.md, "Standards"): a module that grows past it is
split by job, not trimmed of its comments."""

from __future__ import annotations

from pathlib import Path

import hearts_teach

MAX_LINES = 800
PACKAGE = Path(hearts_teach.__file__).parent


def test_no_module_is_over_800_lines():
    sizes = {str(p.relative_to(PACKAGE.parent)): len(p.read_text(encoding="utf-8").splitlines())
             for p in sorted(PACKAGE.rglob("*.py"))}
    assert len(sizes) > 50  # the package was found
    over = {name: n for name, n in sizes.items() if n > MAX_LINES}
    assert not over, f"modules over {MAX_LINES} lines: {over}"
