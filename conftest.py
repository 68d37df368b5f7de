"""Keep every test run away from the learner's real data (``hearts_teach.present.learner_db``).

The whole run gets a temporary ``HEARTS_TEACH_DATA`` folder before anything starts (servers of
the browser tests, subprocesses), and each notebook checked by nbval starts its kernel with a
fresh empty one, as ``python -m hearts_teach.course.notebooks execute`` does: a lesson's stored
outputs (no drills due, no progress yet) are then the same however the run is ordered. The tests
under ``tests/`` get a fresh folder per test from ``tests/conftest.py``.
"""

from __future__ import annotations

import os
import shutil
import tempfile

import pytest

_folders: list[str] = []
_notebook: list[object] = [None]


def _fresh() -> str:
    # inside the run's own folder when ./dev test made one, else in the system's temporary folder
    base = _folders[0] if _folders else os.environ.get("HEARTS_TEACH_DATA", "")
    if not (os.path.basename(base).startswith("hearts-teach-data-") and os.path.isdir(base)):
        base = None
    folder = tempfile.mkdtemp(prefix="hearts-teach-data-", dir=base)
    _folders.append(folder)
    os.environ["HEARTS_TEACH_DATA"] = folder
    return folder


def pytest_configure(config: pytest.Config) -> None:
    _fresh()


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    # an nbval cell's parent is its notebook, whose kernel starts with the notebook's first cell
    if item.__class__.__name__ == "IPyNbCell" and item.parent is not _notebook[0]:
        _notebook[0] = item.parent
        _fresh()


def pytest_unconfigure(config: pytest.Config) -> None:
    for folder in _folders:
        shutil.rmtree(folder, ignore_errors=True)
