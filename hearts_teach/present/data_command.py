"""``python -m hearts_teach data [--export FILE | --forget]``: where the learner's data lives, a
JSON copy of all of it, or its deletion (which asks nothing and says what it deleted)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from hearts_teach.present.learner_db import db_path, forget, open_db

TABLES = ("drills", "answers", "progress", "state")


def add_arguments(p: argparse.ArgumentParser) -> None:
    what = p.add_mutually_exclusive_group()
    what.add_argument("--export", metavar="FILE",
                      help="write everything stored as JSON to FILE (- for standard output)")
    what.add_argument("--forget", action="store_true",
                      help="delete the database (and any damaged copies moved aside); asks nothing")


def _counts(data: dict) -> str:
    names = {"drills": "drill", "answers": "drill answer", "progress": "lesson item", "state": "saved app state"}
    parts = [f"{len(data[t])} {names[t]}{'' if len(data[t]) == 1 else 's'}" for t in TABLES]
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def main_data(args: argparse.Namespace) -> int:
    file = db_path()
    where = f"Your learner data lives on this machine in {file.parent} ({file.name}); nothing is sent anywhere."
    if args.forget:
        try:
            gone = forget()
        except OSError as e:
            print(f"{where}\nCould not delete it: {e.strerror or e} ({e.filename}).", file=sys.stderr)
            return 1
        print(where)
        print(f"Deleted {', '.join(p.name for p in gone)}." if gone else "Nothing to delete: no data is stored there.")
        return 0
    db = open_db(file) if file.exists() else open_db(":memory:")  # looking never creates the file
    data = db.export()
    db.close()
    data["path"] = str(file)
    summary = _counts(data) if file.exists() else "an empty record (nothing is stored yet)"
    if db.note:
        print(db.note, file=sys.stderr)
    if args.export is None:
        print(where)
        print(f"It holds {_counts(data)}." if file.exists() else "Nothing is stored there yet.")
        return 0
    text = json.dumps(data, indent=2, ensure_ascii=False) + "\n"
    if args.export == "-":
        sys.stdout.write(text)
        print(f"{where}\nExported {summary}.", file=sys.stderr)
        return 0
    try:
        Path(args.export).write_text(text, encoding="utf-8")
    except OSError as e:
        print(f"Could not write {args.export}: {e.strerror or e}.", file=sys.stderr)
        return 1
    print(where)
    print(f"Exported {summary} to {args.export}.")
    return 0


__all__ = ["add_arguments", "main_data"]
