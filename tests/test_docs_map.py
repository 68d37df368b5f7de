"""The docs' map matches the code: every module path and dotted name that README.md and
docs/development.md give in backticks exists (the restructuring left ``core.PlayState``,
``bots/deals.py`` and a flat layout behind in them)."""

from __future__ import annotations

import importlib
import pathlib
import re

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
DOCS = ["README.md", "docs/development.md"]
LAYERS = ("kernel", "games", "agents", "present", "course", "classroom", "tools")
PATH = re.compile(r"`((?:hearts_teach/|tests/|docs/)?[\w/]+/[\w.]+\.(?:py|md))`")
DOTTED = re.compile(r"`((?:hearts_teach\.)?(?:" + "|".join(LAYERS) + r"|bots|core)\.[\w.]+)")


def resolves(name: str) -> bool:
    parts = (name if name.startswith("hearts_teach.") else "hearts_teach." + name).rstrip(".").split(".")
    for i in range(len(parts), 1, -1):
        try:
            obj = importlib.import_module(".".join(parts[:i]))
        except ImportError:
            continue
        try:
            for attr in parts[i:]:
                obj = getattr(obj, attr)
        except AttributeError:
            return False
        return True
    return False


@pytest.mark.parametrize("doc", DOCS)
def test_every_path_and_module_the_docs_name_exists(doc):
    text = (ROOT / doc).read_text(encoding="utf-8")
    missing = []
    for m in PATH.finditer(text):
        ref = m.group(1)
        if not any((base / ref).exists() for base in (ROOT, ROOT / "hearts_teach")):
            missing.append(ref)
    for m in DOTTED.finditer(text):
        if not resolves(m.group(1)):
            missing.append(m.group(1))
    assert not missing, f"{doc} names what the package does not have: {missing}"


def test_the_check_catches_a_stale_name():
    assert not resolves("core.PlayState") and not resolves("bots.deals.deal_range")
    assert resolves("games.hearts.legality.PlayState") and resolves("agents.hearts.deals.deal_range")


def test_the_readmes_python_examples_run():
    """Every ```python block of the README runs as written (the batch example once imported
    ``play_hands`` from a module that does not have it); sizes are cut down for the test."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", text, flags=re.S)
    assert len(blocks) >= 3
    for block in blocks:
        code = block.replace("100_000", "300").replace("worlds=500", "worlds=16")
        exec(compile(code, "README.md", "exec"), {})
