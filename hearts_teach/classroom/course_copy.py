"""Put the course (lessons and exercises, never the solutions) into a student's home.

Called by the hub at every login (``deploy/jupyterhub``); the rules are nbgitpuller's, so a
student's work is never overwritten:

- a file the student does not have yet is copied;
- a file the student has not changed since the last copy is brought up to date when the course
  changes;
- a file the student changed is kept as it is (the course's new version is not forced on it);
- a file the student deleted is copied again (deleting a lesson is how to get a fresh copy).

What was copied is remembered in ``.course-manifest.json`` beside the copy (one SHA-256 per
file). Run as the student (``python -m hearts_teach.classroom.course_copy SOURCE DEST``, which
the hub starts with the student's uid), so a link planted in the home can only lead to the
student's own files.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import sys
from dataclasses import dataclass, field
from pathlib import Path

# what a student gets: the lessons, the exercises and the two documents the lessons link to
HANDOUT = ("notebooks", "exercises", "docs/rules.md", "docs/players.md")
MANIFEST = ".course-manifest.json"


class CourseCopyError(ValueError):
    """The course or the destination cannot be used; the message says which and why."""


@dataclass
class CopyReport:
    """What one copy did, file by file (paths relative to the destination)."""

    copied: list[str] = field(default_factory=list)
    updated: list[str] = field(default_factory=list)
    restored: list[str] = field(default_factory=list)
    kept: list[str] = field(default_factory=list)  # the student's own version, left alone

    def __str__(self) -> str:
        parts = [f"{len(v)} {k}" for k, v in (("copied", self.copied), ("updated", self.updated),
                                               ("restored", self.restored), ("kept as the student changed them", self.kept)) if v]
        return "course copy: " + (", ".join(parts) if parts else "nothing to do")


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def handout_files(source: Path) -> list[str]:
    """Every file of the handout under ``source`` (a checkout), as sorted relative paths."""
    files: list[str] = []
    for item in HANDOUT:
        path = source / item
        if path.is_file():
            files.append(item)
        elif path.is_dir():
            files += [p.relative_to(source).as_posix() for p in path.rglob("*")
                      if p.is_file() and ".ipynb_checkpoints" not in p.parts and "__pycache__" not in p.parts]
        else:
            raise CourseCopyError(f"the course at {source} has no {item}: give the folder of a hearts_teach "
                                  "checkout (it holds notebooks/ and exercises/)")
    return sorted(files)


def _read_manifest(dest: Path) -> dict[str, str]:
    try:
        data = json.loads((dest / MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}  # first copy, or a manifest the student broke: every existing file then counts as theirs
    if not isinstance(data, dict):
        return {}
    return {k: v for k, v in data.items() if isinstance(k, str) and isinstance(v, str)}


def _write(src: Path, target: Path) -> None:
    if target.is_symlink():
        target.unlink()  # never write through a link
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = target.with_name(target.name + ".course-tmp")
    shutil.copyfile(src, tmp)
    os.replace(tmp, target)


def copy_course(source: Path, dest: Path) -> CopyReport:
    """Merge the handout of ``source`` into ``dest`` by the rules in this module's docstring."""
    source, dest = Path(source), Path(dest)
    files = handout_files(source)
    dest.mkdir(parents=True, exist_ok=True)
    before = _read_manifest(dest)
    after: dict[str, str] = {}
    report = CopyReport()
    for rel in files:
        src, target = source / rel, dest / rel
        new = _digest(src)
        if not target.exists() and not target.is_symlink():
            _write(src, target)
            (report.restored if rel in before else report.copied).append(rel)
            after[rel] = new
        elif target.is_file() and not target.is_symlink() and _digest(target) == before.get(rel):
            if new != before[rel]:
                _write(src, target)
                report.updated.append(rel)
            after[rel] = new
        elif target.is_file() and not target.is_symlink() and _digest(target) == new:
            after[rel] = new  # the same as the course's: in step again
        else:
            report.kept.append(rel)
            after[rel] = before.get(rel, "")  # still the student's: a later course change will not overwrite it
    tmp = dest / (MANIFEST + ".tmp")
    tmp.write_text(json.dumps(after, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    os.replace(tmp, dest / MANIFEST)
    return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m hearts_teach.classroom.course_copy",
                                     description="Merge the course's lessons and exercises into DEST "
                                                 "without overwriting a student's work.")
    parser.add_argument("source", type=Path, help="a hearts_teach checkout (holds notebooks/ and exercises/)")
    parser.add_argument("dest", type=Path, help="the folder in the student's home, e.g. ~/hearts-course")
    args = parser.parse_args(argv)
    try:
        print(copy_course(args.source, args.dest))
    except (CourseCopyError, OSError) as exc:
        print(f"course copy failed: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
