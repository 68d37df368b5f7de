"""Where the hidden cases come from: the teacher's grading key and the teacher's own file.

The package every student installs holds only the visible cases. The hidden ones are made when
the teacher grades:

- the generated ones (dealt hands, random totals and bids) from seeds derived from a secret
  **grading key**: ``HEARTS_TEACH_SECRET`` when set, else the key file named by
  ``HEARTS_TEACH_KEY_FILE``, else ``grading-key`` in the teacher's configuration folder
  (``~/.config/hearts_teach`` on Linux), made with fresh random bytes the first time it is
  needed and readable by its owner alone. Without the key nobody can tell which deals they are;
  a new key (a new course) gives new ones, the same key always the same ones;
- the hand-picked ones from a teacher-only file outside the package,
  ``solutions/hidden_cases.json`` beside the solution notebooks (or ``HEARTS_TEACH_HIDDEN_CASES``),
  which a handout leaves out with the rest of ``solutions/``.

``check`` in a student's notebook never calls anything here.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import secrets
import sys
from functools import cache
from pathlib import Path
from typing import Any

from hearts_teach.classroom.teacher_files import HIDDEN_CASES_FILE
from hearts_teach.kernel.errors import HeartsError
from hearts_teach.kernel.rng import Rng

SECRET_ENV = "HEARTS_TEACH_SECRET"
KEY_FILE_ENV = "HEARTS_TEACH_KEY_FILE"
PICKED_ENV = "HEARTS_TEACH_HIDDEN_CASES"
PICKED_FILE = HIDDEN_CASES_FILE
SEED_BASE = 10**6  # hidden seeds start above every visible one (visible cases use seeds below 5,000)


class GradingKeyError(HeartsError):
    """The grading key or the hidden cases' file cannot be read: said in one line, with the fix."""


def key_file() -> Path:
    named = os.environ.get(KEY_FILE_ENV, "")
    if named:
        return Path(named)
    from platformdirs import user_config_dir

    return Path(user_config_dir("hearts_teach")) / "grading-key"


@cache
def _key() -> bytes:
    secret = os.environ.get(SECRET_ENV, "")
    if secret:
        return secret.encode()
    path = key_file()
    try:
        text = path.read_text(encoding="ascii").strip()
    except FileNotFoundError:
        text = _new_key(path)
    except (OSError, UnicodeDecodeError) as exc:
        raise GradingKeyError(f"cannot read the grading key {path}: {exc.__class__.__name__}; set {SECRET_ENV} "
                              f"or {KEY_FILE_ENV} to another key") from None
    if len(text) < 16:
        raise GradingKeyError(f"the grading key {path} is too short (at least 16 characters); delete it to "
                              f"have a new one made")
    return text.encode()


def _new_key(path: Path) -> str:
    text = secrets.token_hex(32)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:  # another grader made it meanwhile: use theirs
        return path.read_text(encoding="ascii").strip()
    except OSError as exc:
        raise GradingKeyError(f"cannot make the grading key {path}: {exc.__class__.__name__}; set {SECRET_ENV} "
                              f"or {KEY_FILE_ENV}") from None
    with os.fdopen(fd, "w", encoding="ascii") as out:
        out.write(text + "\n")
    print(f"made a new grading key for the hidden cases: {path} (keep it, and keep it private: the same key "
          f"gives the same hidden cases)", file=sys.stderr)
    return text


def need_grading_key() -> None:
    """Read (or make) the grading key now: a missing or broken one is said before any work."""
    _key()


def _digest(label: str) -> bytes:
    return hmac.new(_key(), f"hearts_teach.hidden/{label}".encode(), hashlib.sha256).digest()


def hidden_seed(label: str) -> int:
    """A seed for the hidden cases called ``label`` (a deal number, the first of a run)."""
    return SEED_BASE + int.from_bytes(_digest(label)[:4], "big") % (2**31 - 2 * SEED_BASE)


def hidden_rng(label: str) -> Rng:
    """The project's RNG, seeded for the hidden cases called ``label``."""
    return Rng(int.from_bytes(_digest(label)[:8], "big"))


def picked_file() -> Path:
    return Path(os.environ.get(PICKED_ENV, "") or PICKED_FILE)


@cache
def _picked() -> dict[str, list]:
    path = picked_file()
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}  # no teacher's file: the hidden cases are the generated ones only
    except (OSError, ValueError) as exc:
        raise GradingKeyError(f"cannot read the hand-picked hidden cases {path}: {exc}") from None
    if not isinstance(data, dict) or not all(isinstance(v, list) for v in data.values()):
        raise GradingKeyError(f"{path} should map each check's name to a list of cases")
    return data


def teacher_picked(check: str) -> list[Any]:
    """The teacher's hand-picked hidden cases of ``check`` (each a list of fields, as in the file)."""
    return [tuple(c) if isinstance(c, list) else c for c in _picked().get(check, [])]


def where_hidden_cases_come_from() -> str:
    """One line for the teacher: the key and the file the hidden cases come from."""
    key = f"${SECRET_ENV}" if os.environ.get(SECRET_ENV) else str(key_file())
    path = picked_file()
    picked = f"the hand-picked ones from {path}" if path.exists() else f"no hand-picked ones ({path} not found)"
    return f"hidden cases: generated from the grading key {key}; {picked}"
