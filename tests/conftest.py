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


GRADING_KEY = "hearts_teach tests: a fixed grading key"


@pytest.fixture(autouse=True, scope="session")
def session_grading_key():
    """The same fixed key for the whole session. A module-scoped fixture (a class graded once for a
    module's tests) is set up before any function-scoped fixture, so without this it graded with the
    machine's own grading key (made at random on first use): its hidden cases, and so a test's figures
    (the lookup-table student's 0 hidden cases right), changed from machine to machine."""
    from hearts_teach.classroom.checks import hidden

    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("HEARTS_TEACH_SECRET", GRADING_KEY)
        hidden._key.cache_clear()
        yield GRADING_KEY
    hidden._key.cache_clear()


@pytest.fixture(autouse=True)
def grading_key(monkeypatch: pytest.MonkeyPatch) -> str:
    """A fixed grading key for the hidden cases: the same hidden cases in every run, and no key
    file made in the real configuration folder."""
    monkeypatch.setenv("HEARTS_TEACH_SECRET", GRADING_KEY)
    return GRADING_KEY


VERDICT_DRAIN_LIMIT = 300.0  # seconds: the real coach grades a whole hand in well under a minute


@pytest.fixture(autouse=True)
def verdicts_end_with_their_test():
    """A table grades your moves in a background thread ("hearts-verdicts"). Wait for any such
    grading a test started before the next test begins: otherwise it runs on in the worker (with
    the real coach, its stub undone, and the next test's data folder), costing later tests time."""
    yield
    import threading

    for thread in threading.enumerate():
        if thread.name == "hearts-verdicts":
            thread.join(VERDICT_DRAIN_LIMIT)
            assert not thread.is_alive(), f"a table's coach was still grading {VERDICT_DRAIN_LIMIT:.0f} s after its test"
