"""Every test runs with ``HEARTS_TEACH_DATA`` pointing at a fresh temporary folder, so no test (a
quiz clicked, a drill answered, the Play app) ever reads or writes the learner's real data, and
with a fixed grading key (``HEARTS_TEACH_SECRET``) for the class grader's hidden cases."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def learner_data(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch):
    folder = tmp_path_factory.mktemp("learner-data")
    monkeypatch.setenv("HEARTS_TEACH_DATA", str(folder))
    return folder


@pytest.fixture(autouse=True)
def grading_key(monkeypatch: pytest.MonkeyPatch) -> str:
    """A fixed grading key for the hidden cases: the same hidden cases in every run, and no key
    file made in the real configuration folder."""
    key = "hearts_teach tests: a fixed grading key"
    monkeypatch.setenv("HEARTS_TEACH_SECRET", key)
    return key
