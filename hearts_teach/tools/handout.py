"""What students get: ``python -m hearts_teach handout DIR``.

The repository is the teacher's copy: ``solutions/`` holds the answers, ``tests/`` holds reference
answers for the exercises, and git history keeps both. A handout is built from it instead:

- copied: the lessons (``notebooks/``), the student copies of the exercises (``exercises/``), the
  package (``hearts_teach/``, which the lessons and the checkers import), the install files
  (``pyproject.toml``, ``requirements-lock.txt``, ``dev``, ``binder/``) and the rules pages the
  lessons link (``docs/rules.md``, ``docs/players.md``);
- left out: ``solutions/``, ``tests/``, the teacher's guide and the other docs, ``.ci/``, caches;
- a new ``README.md`` for students (the two commands), and a fresh git repository with one commit
  when ``git`` is on PATH (``--no-git`` skips it), so no history leads back to the answers;
- then the handout is checked, and a leak stops the command with exit status 1, naming the file:
  no line of any solution (the code between nbgrader's ``### BEGIN SOLUTION`` and
  ``### END SOLUTION`` markers) in the lessons, the exercises or the pages handed out, and no
  hand-picked hidden case (``solutions/hidden_cases.json``) anywhere, the package included.

The package is the engine, which computes every answer the exercises ask for (a trick's winner,
the legal cards, the scores): that is what it is for, so solution-shaped lines in it are not
searched for. A notebook that asks the engine, by name or through a function's ``__globals__``,
gets a note in the class grader's gradebook. The hidden cases' deals come from the teacher's
grading key, which is not handed out.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from hearts_teach.classroom.teacher_files import HIDDEN_CASES_FILE
from hearts_teach.kernel.errors import ArgumentError

# what a student gets, relative to the checkout (folders are copied whole, without caches)
HANDED_OUT = ("notebooks", "exercises", "hearts_teach", "binder", "pyproject.toml",
              "requirements-lock.txt", "dev", ".gitignore", "docs/rules.md", "docs/players.md")
SKIPPED_NAMES = ("__pycache__", ".ipynb_checkpoints", "*.pyc", "*.egg-info")
BEGIN, END = "### BEGIN SOLUTION", "### END SOLUTION"
MIN_LEAK_LINE = 16  # shorter solution lines ('return 0', 'pass') are too common to mean a leak
PACKAGE = "hearts_teach"  # the engine: searched for hidden cases only (see above)
# exercise 10 asks for a bot of one's own; lesson 10 teaches by building one, whose code is the
# solution's: the grade there is for legal, timely moves, not for matching that code
TAUGHT = {"10_write_a_bot.ipynb": ("notebooks/10_write_a_bot.ipynb",)}
HIDDEN_CASES = HIDDEN_CASES_FILE.name

STUDENT_README = """\
# Hearts, the course (student copy)

Lessons in `notebooks/` (start with `00_welcome.ipynb`) and exercises in `exercises/`.

```bash
./dev lab     # installs everything on first use, then opens the course in JupyterLab
```

Without `./dev`: `pip install -r requirements-lock.txt && pip install --no-deps -e .`, then
`jupyter lab` from this folder. The rules as taught are in `docs/rules.md`.
"""


@dataclass(frozen=True)
class Handout:
    """The result of ``build``: where it is, how many files, and the commit (or '')."""

    path: Path
    files: int
    commit: str

    def __str__(self) -> str:
        git = f", one commit {self.commit[:12]}" if self.commit else ", no git repository"
        return f"handout in {self.path}: {self.files} files{git}; no solution line found in it"


class HandoutError(ArgumentError):
    """A handout that cannot be built where asked, or that would carry an answer."""


def checkout_root() -> Path:
    """The checkout this package runs from (the folder holding ``solutions/`` and ``pyproject.toml``)."""
    root = Path(__file__).resolve().parents[2]
    if not (root / "pyproject.toml").is_file() or not (root / "solutions").is_dir():
        raise HandoutError(f"{root} is not a hearts_teach checkout (no pyproject.toml and solutions/ there): "
                           "run the handout command from the teacher's clone of the repository", argument="source")
    return root


def solution_lines(solutions: Path) -> dict[str, set[str]]:
    """Per solution notebook, the answer lines a student copy must not contain: the stripped
    lines between the solution markers that are long enough to be telling."""
    out: dict[str, set[str]] = {}
    for nb_path in sorted(solutions.glob("*.ipynb")):
        nb = json.loads(nb_path.read_text(encoding="utf-8"))
        lines: set[str] = set()
        for cell in nb.get("cells", []):
            src = "".join(cell.get("source", []))
            inside = False
            for line in src.splitlines():
                text = line.strip()
                if text.startswith(BEGIN):
                    inside = True
                elif text.startswith(END):
                    inside = False
                elif inside and len(text) >= MIN_LEAK_LINE and not text.startswith("#"):
                    lines.add(text)
        out[nb_path.name] = lines
    return out


def _text_files(root: Path) -> Iterator[Path]:
    for p in sorted(root.rglob("*")):
        if p.is_file() and ".git" not in p.relative_to(root).parts:
            yield p


def hidden_case_texts(solutions: Path) -> list[str]:
    """The hand-picked hidden cases as they would be written: each case's label, and its cards
    when they are written as text, as string literals."""
    path = solutions / HIDDEN_CASES
    if not path.is_file():
        return []
    out: set[str] = set()
    for check, cases in json.loads(path.read_text(encoding="utf-8")).items():
        if check.startswith("_"):
            continue
        for case in cases:
            texts = [case[-1]] + ([case[0]] if isinstance(case[0], str) else [])
            out.update(f"{q}{t}{q}" for t in texts for q in ('"', "'"))
    return sorted(out)


def leaks(handout: Path, solutions: Path) -> list[str]:
    """'FILE: what' for every solution line or hidden case found in a handed-out file (empty: none).
    Notebooks are searched in their JSON text too, so a pasted answer is found either way."""
    wanted = solution_lines(solutions)
    hidden = hidden_case_texts(solutions)
    found: list[str] = []
    for p in _text_files(handout):
        rel = p.relative_to(handout)
        try:
            text = p.read_text(encoding="utf-8")
        except (UnicodeDecodeError, OSError):
            continue  # images and other binary files carry no code
        found += [f"{rel}: the hidden case {h} (from solutions/{HIDDEN_CASES})" for h in hidden if h in text]
        if rel.parts[0] == PACKAGE:
            continue
        for name, lines in wanted.items():
            if str(rel) in TAUGHT.get(name, ()):
                continue
            for line in sorted(lines):
                if line in text or json.dumps(line)[1:-1] in text:
                    found.append(f"{rel}: {line!r} (from solutions/{name})")
    return found


def build(dest: str | Path, *, source: Path | None = None, git: bool = True) -> Handout:
    """Build the handout in ``dest`` (a new or empty folder) from the checkout ``source``."""
    src = checkout_root() if source is None else Path(source)
    out = Path(dest)
    if out.exists() and (not out.is_dir() or any(out.iterdir())):
        raise HandoutError(f"{out} already exists and is not an empty folder: choose a new folder "
                           "(the handout is built from scratch)", argument="dest")
    if not out.parent.is_dir():
        raise HandoutError(f"the folder {out.parent} does not exist: create it first or choose another place",
                           argument="dest")
    out.mkdir(exist_ok=True)
    ignore = shutil.ignore_patterns(*SKIPPED_NAMES)
    for rel in HANDED_OUT:
        s, d = src / rel, out / rel
        if s.is_dir():
            shutil.copytree(s, d, ignore=ignore)
        elif s.is_file():
            d.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(s, d)
    (out / "README.md").write_text(STUDENT_README, encoding="utf-8")
    found = leaks(out, src / "solutions")
    if found:
        raise HandoutError(f"the handout in {out} would carry answers ({len(found)} lines), first: {found[0]}; "
                           "fix the student copies (./dev exercises) and build again", argument="dest")
    files = sum(1 for _ in _text_files(out))
    return Handout(out, files, _fresh_repository(out) if git else "")


def _fresh_repository(path: Path) -> str:
    """One commit of the handout in a new repository (no history that leads back to the answers);
    '' when git is not installed."""
    git = shutil.which("git")
    if git is None:
        return ""
    env_id = ["-c", "user.name=hearts_teach handout", "-c", "user.email=handout@localhost",
              "-c", "init.defaultBranch=main", "-c", "commit.gpgsign=false"]
    for cmd in (["init", "-q"], ["add", "-A"], ["commit", "-q", "-m", "The course: lessons and exercises"]):
        subprocess.run([git, *env_id, *cmd], cwd=path, check=True, capture_output=True)
    done = subprocess.run([git, "rev-parse", "HEAD"], cwd=path, check=True, capture_output=True, text=True)
    return done.stdout.strip()


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("dest", metavar="DIR", help="a new (or empty) folder for the students' copy")
    p.add_argument("--no-git", action="store_true", help="do not make a fresh git repository in DIR")


def main_handout(args: argparse.Namespace) -> int:
    try:
        print(build(args.dest, git=not args.no_git))
    except HandoutError as e:
        print(f"handout: {e}")
        return 1
    return 0
