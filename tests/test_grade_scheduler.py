"""``grade DIR --scheduler ADDRESS``: a small class graded on a Dask cluster (a ``LocalCluster``
of 2 worker processes, each running the notebooks in its own OS sandbox) gives the same CSV,
byte for byte, as the run on this machine. The workers have no grading key, so the equal
gradebooks show that the expected answers (the hidden cases included) are computed and judged
on the teacher's side. A scheduler that cannot be used is one line and exit status 2, before
any notebook runs."""

from __future__ import annotations

import csv
import json
import logging
import shutil
import socket
import sys
from pathlib import Path

import pytest
from fake_class import HIGHEST_OF_ANY_SUIT, RIGHT, WRONG, notebook_with

from hearts_teach.__main__ import main
from hearts_teach.classroom import grader

ROOT = Path(__file__).resolve().parents[1]
# the scheduler's HTTP server moves off 8787 when another Dask on this machine holds it: nothing to see
pytestmark = pytest.mark.filterwarnings(r"ignore:Port \d+ is already in use:UserWarning")
T02, T04 = "02_trick_winner.ipynb", "04_hand_points.ipynb"
# what each worker lacks: the teacher's grading key and the hand-picked hidden cases
NO_KEY = {"HEARTS_TEACH_SECRET": "", "HEARTS_TEACH_KEY_FILE": "/dev/null/no-key",
          "HEARTS_TEACH_HIDDEN_CASES": "/dev/null/no-cases"}


def _write(folder: Path, name: str, nb: dict | str) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / name).write_text(nb if isinstance(nb, str) else json.dumps(nb), encoding="utf-8")


def make_class(folder: Path) -> Path:
    """4 students, 2 exercises: right, partly right, wrong, the stub, a broken file, one missing."""
    ex04 = ROOT / "exercises" / T04
    _write(folder / "ada", T02, notebook_with([RIGHT]))
    shutil.copy(ROOT / "solutions" / T04, folder / "ada" / T04)
    _write(folder / "ben", T02, notebook_with([HIGHEST_OF_ANY_SUIT]))
    shutil.copy(ex04, folder / "ben" / T04)  # handed back as handed out: not implemented
    _write(folder / "cy", T02, notebook_with([WRONG]))  # and no 04: missing
    _write(folder / "dee", T02, '{"cells": [ {"cell_type": "code", ')  # broken JSON
    _write(folder / "dee", T04, notebook_with(["def hand_points(taken):\n    return 0\n"], template=ex04))
    return folder


@pytest.fixture(scope="module")
def cluster():
    distributed = pytest.importorskip("dask.distributed")
    made = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None,
                                    silence_logs=logging.ERROR, env=NO_KEY)
    try:
        yield made
    finally:
        made.close()


def _key_on_worker() -> str:
    from hearts_teach.classroom.checks.hidden import GradingKeyError, hidden_seed

    try:
        hidden_seed("check")
    except GradingKeyError:
        return "no key"
    return "has a key"


def _snapshots_made() -> int:
    from hearts_teach.classroom import os_sandbox

    return len(os_sandbox._SHARED)  # made on a worker's first notebook (grade_cluster.run_on_worker)


def test_the_cluster_grades_the_class_byte_for_byte_as_this_machine(tmp_path, cluster, capsys):
    distributed = pytest.importorskip("dask.distributed")
    folder = make_class(tmp_path / "class")
    here, there = tmp_path / "here.csv", tmp_path / "cluster.csv"
    assert main(["grade", str(folder), "--csv", str(here), "--jobs", "2"]) == 0  # 2 at once, like the 2 workers
    out_here = capsys.readouterr().out
    assert main(["grade", str(folder), "--scheduler", cluster.scheduler_address, "--csv", str(there)]) == 0
    out_there = capsys.readouterr().out
    assert there.read_bytes() == here.read_bytes()

    def steady(out: str) -> list[str]:  # all but the lines with the time, where it ran and the file's name
        return [line for line in out.splitlines() if not line.startswith(("graded in ", "gradebook: "))]

    assert steady(out_there) == steady(out_here)
    assert f"on the Dask cluster at {cluster.scheduler_address}, 2 workers" in out_there
    # a real class was graded: every kind of work got its own status
    with open(here, encoding="utf-8") as fh:
        rows = {(r["student"], r["notebook"]): r for r in csv.DictReader(fh)}
    assert sorted(rows) == [("ada", T02), ("ada", T04), ("ben", T02), ("ben", T04), ("cy", T02), ("cy", T04),
                            ("dee", T02), ("dee", T04)]
    assert rows["ada", T02]["passed"] == rows["ada", T02]["total"] != "0"
    assert rows["ada", T04]["passed"] == rows["ada", T04]["total"] != "0"
    assert 0 < int(rows["ben", T02]["passed"]) < int(rows["ben", T02]["total"])
    assert "hidden" in rows["ben", T02]["message"]
    assert [rows[k]["status"] for k in (("ben", T04), ("cy", T04), ("dee", T02))] == \
        ["not implemented", "missing", "error"]
    assert int(rows["dee", T04]["passed"]) < int(rows["dee", T04]["total"])
    # the notebooks ran on the workers, and no worker could have made the hidden cases itself
    with distributed.Client(cluster) as client:
        assert sum(client.run(_snapshots_made).values()) >= 1
        assert set(client.run(_key_on_worker).values()) == {"no key"}


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.mark.parametrize("extra, says", [
    ([], "nothing answers there (connection refused)"),
    (["--jobs", "2"], "give --jobs or --scheduler, not both"),
])
def test_an_unusable_scheduler_is_one_line_and_exit_status_2_before_any_work(tmp_path, capsys, monkeypatch,
                                                                             extra, says):
    pytest.importorskip("dask.distributed")
    folder = make_class(tmp_path / "class")
    monkeypatch.setattr(grader, "grade_class", lambda *a, **k: pytest.fail("graded before checking --scheduler"))
    address = f"tcp://127.0.0.1:{_free_port()}"
    assert main(["grade", str(folder), "--scheduler", address, *extra]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("grade: ") and says in err, err


@pytest.mark.parametrize("address, says", [
    ("nonsense", "not a scheduler address"), ("tcp://no-such-host.invalid:8786", "no machine is called"),
    ("tcp://127.0.0.1:70000", "the port must be from 1 to 65535")])
def test_an_address_that_leads_nowhere_is_said_at_once(tmp_path, capsys, address, says):
    pytest.importorskip("dask.distributed")
    assert main(["grade", str(make_class(tmp_path / "class")), "--scheduler", address]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and says in err, err


def test_without_dask_the_line_names_the_install(tmp_path, capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "dask.distributed", None)  # import dask.distributed now fails
    assert main(["grade", str(make_class(tmp_path / "class")), "--scheduler", "tcp://127.0.0.1:8786"]) == 2
    err = capsys.readouterr().err
    assert err == "grade: --scheduler needs Dask: pip install 'dask[distributed]' (or pip install " \
                  "'hearts_teach[league]')\n"


def test_a_worker_with_another_hearts_teach_is_refused_before_any_work(tmp_path, cluster, capsys, monkeypatch):
    from hearts_teach.classroom import grade_cluster

    # this machine's package as if edited since the workers started: their digests differ from its own
    monkeypatch.setattr(grade_cluster, "package_digest", lambda: "0" * 16)
    monkeypatch.setattr(grader, "grade_class", lambda *a, **k: pytest.fail("graded on workers unlike this machine"))
    assert main(["grade", str(make_class(tmp_path / "class")), "--scheduler", cluster.scheduler_address]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "has another hearts_teach than this machine" in err, err


def test_a_scheduler_without_workers_is_refused_after_a_wait(tmp_path, capsys, monkeypatch):
    distributed = pytest.importorskip("dask.distributed")
    from hearts_teach.classroom import grade_cluster

    monkeypatch.setattr(grade_cluster, "WAIT_FOR_WORKERS", 1)
    with distributed.LocalCluster(n_workers=0, processes=False, dashboard_address=None,
                                  silence_logs=logging.ERROR) as empty:
        assert main(["grade", str(make_class(tmp_path / "class")), "--scheduler", empty.scheduler_address]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "has no workers" in err, err
