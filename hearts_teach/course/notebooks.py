"""Regenerate and export the notebooks.

    python -m hearts_teach.course.notebooks execute [PATH ...]   # re-run and store outputs in place
    python -m hearts_teach.course.notebooks check [PATH ...]     # fail if re-running would change a file
    python -m hearts_teach.course.notebooks html [--out DIR]     # static HTML export of the lessons

Re-execution is byte-identical: no per-cell timing, no stored widget state, widget model
ids renumbered in display order, a fixed kernel name, and no interpreter version in the
metadata (so Python 3.11.2, 3.11.7, 3.12 and 3.13 all write the same bytes).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from nbformat import NotebookNode

from hearts_teach.kernel.cli import quiet_on_closed_pipe

ROOT = Path(__file__).resolve().parents[2]
FOLDERS = ("notebooks", "solutions", "exercises")
VIEW = "application/vnd.jupyter.widget-view+json"
_ID = re.compile(r"[0-9a-f]{32}")


def notebook_paths(args: list[str] | None = None) -> list[Path]:
    """Notebooks named by ``args`` (files or folders), default every lesson, solution and exercise."""
    targets = [Path(a) for a in args] if args else [ROOT / f for f in FOLDERS]
    out: list[Path] = []
    for t in targets:
        if t.is_dir():
            out.extend(sorted(p for p in t.glob("*.ipynb")))
        elif t.suffix == ".ipynb" and t.exists():
            out.append(t)
        else:
            raise SystemExit(f"not a notebook or folder: {t}")
    return out


def _normalize_widget_ids(nb: NotebookNode) -> NotebookNode:
    """Renumber widget model ids in the order they are displayed (uuid4 differs per run)."""
    import nbformat

    order: list[str] = []
    for cell in nb.cells:
        for out in cell.get("outputs", []):
            data = out.get("data", {})
            if VIEW in data:
                mid = data[VIEW].get("model_id", "")
                if mid not in order:
                    order.append(mid)
    mapping = {m: f"{i + 1:032x}" for i, m in enumerate(order)}
    text = json.dumps(nb)
    text = _ID.sub(lambda m: mapping.get(m.group(), m.group()), text)
    return nbformat.from_dict(json.loads(text))


def _merge_streams(nb: NotebookNode) -> None:
    """Join consecutive stdout (or stderr) outputs of a cell into one output.

    How a cell's prints are split into stream messages depends on when the kernel flushes
    (timing, machine load), so without this a re-execution is not byte-identical. Jupyter
    and nbval both treat consecutive streams as one text anyway.
    """
    for cell in nb.cells:
        merged: list[Any] = []
        for out in cell.get("outputs", []):
            prev = merged[-1] if merged else None
            if (out.get("output_type") == "stream" and prev is not None
                    and prev.get("output_type") == "stream" and prev.get("name") == out.get("name")):
                prev["text"] = "".join(prev["text"]) + "".join(out["text"])
            else:
                merged.append(out)
        if "outputs" in cell:
            cell["outputs"] = merged


def _drop_interpreter_stamp(nb: NotebookNode) -> bool:
    """Remove what the kernel stamps about the interpreter rather than the lesson.

    ipykernel writes ``language_info`` on every run; all of it is fixed for Python 3 except
    ``version``, the interpreter's exact release ("3.11.7"). Returns whether anything changed.
    """
    info = nb.get("metadata", {}).get("language_info")
    if isinstance(info, dict) and "version" in info:
        del info["version"]
        return True
    return False


def comparable(text: str) -> str:
    """A stored notebook's text as ``execute_notebook`` would write it, interpreter stamp removed.

    Notebooks stored by another Python (or by JupyterLab) compare equal to a fresh run when
    they differ from it only in the interpreter's version; everything else must match.
    """
    import nbformat

    nb = nbformat.reads(text, as_version=4)
    if not _drop_interpreter_stamp(nb):
        return text
    return nbformat.writes(nb) + "\n"


def execute_notebook(path: Path, timeout: int = 300) -> str:
    """Execute ``path`` in a fresh kernel and return the normalised notebook text. The kernel gets an
    empty learner data folder of its own (``HEARTS_TEACH_DATA``): the stored outputs never show,
    and the run never touches, the drills and progress of whoever runs it. The Play app deals its
    first match from seed 1 (``HEARTS_PLAY_SEED``), not a fresh seed, so the stored page re-executes
    byte-identically."""
    import tempfile

    import nbformat
    from nbclient import NotebookClient

    nb = nbformat.read(path, as_version=4)
    nb.metadata.pop("widgets", None)  # nbclient never removes stale widget state
    nb.metadata["kernelspec"] = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}
    # nbclient waits only 4 s for a cell's output after the kernel says it is done, then drops it silently: on a
    # busy machine a cell came back empty. Wait longer, and fail loudly rather than store a missing output.
    client = NotebookClient(nb, timeout=timeout, kernel_name="python3",
                            resources={"metadata": {"path": str(path.parent.resolve())}},
                            record_timing=False, store_widget_state=False,
                            iopub_timeout=120, raise_on_iopub_timeout=True)
    with tempfile.TemporaryDirectory(prefix="hearts-teach-data-") as data:
        client.execute(env={**os.environ, "HEARTS_TEACH_DATA": data, "HEARTS_PLAY_SEED": "1"})
    _merge_streams(nb)
    _drop_interpreter_stamp(nb)
    nb = _normalize_widget_ids(nb)
    nb.metadata.pop("widgets", None)
    return nbformat.writes(nb) + "\n"


def write_if_changed(path: Path, text: str, label: str | None = None, verb: str = "updated",
                     hint: str = "") -> bool:
    """Write ``text`` to ``path`` only when it differs (so unchanged files keep their dates) and
    say which; ``label`` is the name printed (default: the path)."""
    old = path.read_text(encoding="utf-8") if path.exists() else None
    changed = text != old
    if changed:
        path.write_text(text, encoding="utf-8")
    print(f"{verb if changed else 'unchanged':<9} {label or path}{hint if changed else ''}")
    return changed


def _failed(path: Path, e: Any) -> str:
    """One line for a notebook whose cell raised (an nbclient ``CellExecutionError``)."""
    return f"failed    {path}: {e.ename}: {str(e.evalue).strip()[:200]}"


def execute(paths: list[Path]) -> int:
    """Execute and store each notebook; one whose cell fails is left as it was, and the run
    says which cell and why (1), instead of ending in the executor's traceback."""
    from nbclient.exceptions import CellExecutionError

    failed = 0
    for p in paths:
        try:
            write_if_changed(p, execute_notebook(p))
        except CellExecutionError as e:
            failed += 1
            print(_failed(p, e) + " (the stored notebook is unchanged)")
    return 1 if failed else 0


def check(paths: list[Path]) -> int:
    from nbclient.exceptions import CellExecutionError

    stale = []
    for p in paths:
        try:
            fresh = execute_notebook(p)
        except CellExecutionError as e:
            print(_failed(p, e))
            stale.append(p)
            continue
        if fresh != comparable(p.read_text(encoding="utf-8")):
            stale.append(p)
    for p in stale:
        print(f"out of date: {p} (run: python -m hearts_teach.course.notebooks execute {p})")
    if not stale:
        print(f"all {len(paths)} notebooks are up to date")
    return 1 if stale else 0


def export_html(out_dir: Path, paths: list[Path]) -> int:
    """Static HTML (nbconvert) of the stored outputs; cards and tables are plain HTML."""
    from nbconvert import HTMLExporter

    out_dir.mkdir(parents=True, exist_ok=True)
    exporter = HTMLExporter()
    for p in paths:
        body, _ = exporter.from_filename(str(p))
        # links between lessons point at .ipynb files; point them at the exported pages
        body = re.sub(r'href="([^"/]+)\.ipynb', r'href="\1.html', body)
        target = out_dir / (p.stem + ".html")
        target.write_text(body, encoding="utf-8")
        print(f"wrote {target}")
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m hearts_teach.course.notebooks", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    for name in ("execute", "check"):
        sp = sub.add_parser(name)
        sp.add_argument("paths", nargs="*")
    sp = sub.add_parser("html")
    sp.add_argument("paths", nargs="*")
    sp.add_argument("--out", default=str(ROOT / "_site"))
    a = ap.parse_args(argv)
    if a.cmd == "html":
        return export_html(Path(a.out), notebook_paths(a.paths or [str(ROOT / "notebooks")]))
    paths = notebook_paths(a.paths)
    return execute(paths) if a.cmd == "execute" else check(paths)


if __name__ == "__main__":
    sys.exit(quiet_on_closed_pipe(main))
