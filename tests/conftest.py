"""Every test runs with ``HEARTS_TEACH_DATA`` pointing at a fresh temporary folder, so no test (a
quiz clicked, a drill answered, the Play app) ever reads or writes the learner's real data."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def learner_data(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch):
    folder = tmp_path_factory.mktemp("learner-data")
    monkeypatch.setenv("HEARTS_TEACH_DATA", str(folder))
    return folder
