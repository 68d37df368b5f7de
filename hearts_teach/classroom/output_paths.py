"""Output paths checked before a long run (the class grader's ``--csv``, ``--report``, ``--lms`` and
``--feedback``, the league's ``--out``): one place for the rule, each command raising its own error
with the line."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path


def folder_problem(folder: str | os.PathLike, option: str, shown: Callable[[str], str] = str) -> str:
    """Why ``folder`` cannot take the results ('' when it can): it may be new, but the folder it
    goes in must exist and be writable. ``shown`` writes a path in the message (quoted, say)."""
    path = Path(folder).expanduser()
    if path.exists() and not path.is_dir():
        return f"{option} {shown(str(folder))}: that is a file; give a folder (made if missing)"
    where = path if path.is_dir() else path.parent
    if not where.is_dir():
        return f"{option} {shown(str(folder))}: the folder {shown(str(where))} does not exist"
    if not os.access(where, os.W_OK | os.X_OK):
        return f"{option} {shown(str(folder))}: the folder {shown(str(where))} cannot be written"
    return ""


def check_output(path: str | os.PathLike, option: str) -> None:
    """Refuse, before any work, an output file whose folder does not exist or cannot be written."""
    folder = Path(path).expanduser().parent
    if not folder.is_dir():
        raise ValueError(f"{option} {path}: the folder {folder} does not exist")
    if Path(path).is_dir():
        raise ValueError(f"{option} {path}: that is a folder; give a file name")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise ValueError(f"{option} {path}: the folder {folder} cannot be written")
