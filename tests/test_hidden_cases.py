"""The hidden cases never ship with the package: the generated ones come from the teacher's
grading key, the hand-picked ones from a teacher-only file beside the solutions."""

from __future__ import annotations

import json
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest

from hearts_teach.classroom.checks import checker, framework, hidden, tricks

PACKAGE = Path(hidden.__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def fresh_caches() -> Iterator[None]:
    """Cases and the key are cached per process; each test here changes what they come from."""
    def clear() -> None:
        framework._CASE_CACHE.clear()
        hidden._key.cache_clear()
        hidden._picked.cache_clear()

    clear()
    yield
    clear()


def _generated(name: str) -> list:
    return [c.args for c in checker(name).hidden_cases() if not c.label.startswith("hand-picked")]


def _student_facing_sources() -> str:
    """The package's code and the notebooks students get (lessons and exercises): each notebook's
    cell sources (markdown and code), where a case would be quoted as a string."""
    texts = [p.read_text(encoding="utf-8") for p in sorted(PACKAGE.rglob("*.py"))]
    for folder in ("notebooks", "exercises"):
        for path in sorted((PACKAGE.parent / folder).glob("*.ipynb")):
            for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
                texts.append("".join(cell["source"]))
    return "\n".join(texts)


def test_no_hand_picked_hidden_case_is_in_the_package():
    teacher = json.loads(hidden.PICKED_FILE.read_text(encoding="utf-8"))
    sources = _student_facing_sources()
    found = 0
    for check, cases in teacher.items():
        if check.startswith("_"):
            continue
        for case in cases:
            found += 1
            label, first = case[-1], case[0]
            for quote in ('"', "'"):  # as a string literal (a visible label may begin the same way)
                assert f"{quote}{label}{quote}" not in sources, (check, label)
                if isinstance(first, str):  # a hand written as text
                    assert f"{quote}{first}{quote}" not in sources, (check, first)
            if isinstance(first, list) and all(isinstance(c, str) for c in first):  # a trick
                for quote in ('"', "'"):
                    assert ", ".join(f"{quote}{c}{quote}" for c in first) not in sources, (check, first)
    assert found >= 20  # the file really holds the hidden cases
    assert sum(c.label.startswith("hand-picked") for c in checker("legal_plays").hidden_cases()) == len(teacher["legal_plays"])


def test_the_hidden_cases_follow_the_grading_key_and_the_visible_ones_do_not(monkeypatch):
    def cases(key: str) -> tuple[list, list]:
        monkeypatch.setenv(hidden.SECRET_ENV, key)
        framework._CASE_CACHE.clear()
        hidden._key.cache_clear()
        return [c.args for c in checker("trick_winner").cases()], _generated("trick_winner")

    visible_a, hidden_a = cases("course A, autumn")
    visible_b, hidden_b = cases("course B, spring")
    assert visible_a == visible_b
    assert hidden_a != hidden_b and len(hidden_a) == len(hidden_b) == tricks.HIDDEN_DEALT == 19
    assert cases("course A, autumn")[1] == hidden_a  # the same key: the same hidden cases


def test_a_key_file_is_made_once_and_readable_by_its_owner_alone(monkeypatch, tmp_path, capsys):
    monkeypatch.delenv(hidden.SECRET_ENV)
    path = tmp_path / "config" / "grading-key"
    monkeypatch.setenv(hidden.KEY_FILE_ENV, str(path))
    first = hidden.hidden_seed("trick_winner")
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert f"made a new grading key for the hidden cases: {path}" in capsys.readouterr().err
    hidden._key.cache_clear()
    assert hidden.hidden_seed("trick_winner") == first  # read back, not made again
    assert capsys.readouterr().err == ""
    assert f"generated from the grading key {path}" in hidden.where_hidden_cases_come_from()


def test_a_bad_key_file_or_cases_file_is_one_line_with_the_fix(monkeypatch, tmp_path):
    monkeypatch.delenv(hidden.SECRET_ENV)
    short = tmp_path / "key"
    short.write_text("abc\n")
    monkeypatch.setenv(hidden.KEY_FILE_ENV, str(short))
    with pytest.raises(hidden.GradingKeyError, match="too short .* delete it"):
        hidden.hidden_seed("x")
    broken = tmp_path / "cases.json"
    broken.write_text("{not json")
    monkeypatch.setenv(hidden.PICKED_ENV, str(broken))
    with pytest.raises(hidden.GradingKeyError, match="cannot read the hand-picked hidden cases"):
        hidden.teacher_picked("trick_winner")


def test_without_the_teachers_file_the_hidden_cases_are_the_generated_ones(monkeypatch, tmp_path):
    monkeypatch.setenv(hidden.PICKED_ENV, str(tmp_path / "absent.json"))
    cases = checker("trick_winner").hidden_cases()
    assert len(cases) == tricks.HIDDEN_DEALT and not any(c.label.startswith("hand-picked") for c in cases)
    assert "no hand-picked ones" in hidden.where_hidden_cases_come_from()
