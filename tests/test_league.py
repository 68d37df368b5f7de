"""The class league: tables, sandboxed bots, resuming, Dask (local cluster and a real
`dask scheduler` with two `dask worker` processes on 127.0.0.1)."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
from itertools import combinations
from pathlib import Path

import pytest

from hearts_teach.classroom.league import LeagueError, ResultsFile, read_bots, run_league, schedule

ROOT = Path(__file__).resolve().parents[1]

HIGHEST = """
def choose_pass(view):
    return sorted(view.cards, key=lambda c: (c.rank, c.index))[-3:]

def choose_play(view):
    return max(view.legal, key=lambda c: (c.rank, c.index))
"""

LOWEST = """
def choose_pass(view):
    return sorted(view.cards, key=lambda c: (c.rank, c.index))[-3:]

def choose_play(view):
    return min(view.legal, key=lambda c: (c.rank, c.index))
"""

# uses random: the league seeds it per hand, so results are still reproducible
RANDOMISH = """
import random
def choose_pass(view):
    return random.sample(list(view.cards), 3)

def choose_play(view):
    return random.choice(list(view.legal))
"""


def without_notes(result) -> dict:
    """A league's dict without the notes on bot files (which differ when the sources do)."""
    d = result.to_dict()
    return {**d, "bots": [{k: v for k, v in b.items() if k != "note"} for b in d["bots"]]}


def write(folder: Path, name: str, source: str) -> Path:
    path = folder / f"{name}.py"
    path.write_text(source, encoding="utf-8")
    return path


# ----------------------------------------------------------------------------------------
# tables


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5, 6, 7, 8, 9, 12, 13, 30])
def test_schedule_seats_every_bot_once_per_deal_and_every_pair_meets(n):
    deals = max(4, n)  # generous: the greedy choice needs about (n - 1) / 3 deals
    plan = schedule(n, deals, seed=5)
    met = set()
    house = [0] * n
    for tables in plan:
        seated = [b for t in tables for b in t if b >= 0]
        assert sorted(seated) == list(range(n))  # every bot plays every deal exactly once
        assert all(len(t) == 4 for t in tables)
        assert sum(1 for t in tables if -1 in t) == (1 if n % 4 else 0)
        for t in tables:
            members = [b for b in t if b >= 0]
            met.update(combinations(sorted(members), 2))
            if len(members) < 4:
                for b in members:
                    house[b] += 1
    assert met == set(combinations(range(n), 2))
    if n % 4 and n > 4:
        assert max(house) - min(house) <= 1  # the filled-up table goes round fairly


def test_schedule_is_seeded_and_a_prefix_of_a_longer_one():
    assert schedule(9, 5, seed=1) == schedule(9, 8, seed=1)[:5]
    assert schedule(9, 5, seed=1) != schedule(9, 5, seed=2)


def test_bad_files_are_refused_with_a_reason(tmp_path):
    a = write(tmp_path, "alice", HIGHEST)
    with pytest.raises(LeagueError, match="is given twice"):
        read_bots([a, a])
    (tmp_path / "b").mkdir()
    with pytest.raises(LeagueError, match="two bots are called 'alice'"):
        read_bots([a, write(tmp_path / "b", "alice", LOWEST)])
    (tmp_path / "notes.txt").write_text("x")
    with pytest.raises(LeagueError, match=r"\.py"):
        read_bots([tmp_path / "notes.txt"])
    with pytest.raises(LeagueError, match="cannot read"):
        read_bots([tmp_path / "missing.py"])
    with pytest.raises(LeagueError, match="hands"):
        run_league([a], hands=0)
    secret = tmp_path / "teacher.txt"
    secret.write_text("SECRET of the teacher")  # a link would be read, and quoted in a load error
    (tmp_path / "eve.py").symlink_to(secret)
    with pytest.raises(LeagueError, match="eve.py' is a symbolic link"):
        read_bots([a, tmp_path / "eve.py"])


# ----------------------------------------------------------------------------------------
# misbehaving bots


def test_misbehaving_bots_get_the_stand_in_move_and_a_counted_reason(tmp_path):
    files = [
        write(tmp_path, "good", HIGHEST),
        write(tmp_path, "raiser", HIGHEST + "\ndef choose_play(view):\n    raise KeyError('boom')\n"),
        write(tmp_path, "illegal", HIGHEST + "\ndef choose_play(view):\n    return view.cards[-1]\n"
              "def choose_pass(view):\n    return ['2C', '2C', '2C']\n"),
        write(tmp_path, "nonsense", HIGHEST + "\ndef choose_play(view):\n    return 42\n"),
        write(tmp_path, "sleepy", "import time\n" + HIGHEST +
              "\ndef choose_play(view):\n    time.sleep(30)\n"),
        write(tmp_path, "looper", HIGHEST + "\ndef choose_play(view):\n    while True:\n        pass\n"),
        write(tmp_path, "quitter", HIGHEST + "\nimport os\ndef choose_play(view):\n    os._exit(3)\n"),
        write(tmp_path, "spawner", HIGHEST + "\nimport subprocess\ndef choose_play(view):\n"
              "    subprocess.Popen(['sleep', '313.25'])\n    while True:\n        pass\n"),
        write(tmp_path, "broken", "raise ImportError('no such thing')\n"),
        write(tmp_path, "chatty", "import sys\n" + HIGHEST.replace(
            "return max", "print('x' * 100000); sys.stderr.write('y' * 100000); return max")),
    ]
    res = run_league(files, hands=1, seed=4, move_limit=0.3)
    by = {s.name: s for s in res.standings}
    assert by["good"].problems == 0 and by["chatty"].problems == 0  # printing is harmless
    assert by["chatty"].mean_points == pytest.approx(by["chatty"].mean_points)
    assert set(by["raiser"].reasons) == {"raised"} and by["raiser"].problems > 4
    assert "KeyError: 'boom'" in by["raiser"].first_problem
    # every incident is counted, but only the first few are kept in detail (results stay small)
    assert sum(1 for p in res.problems if p["bot"] == "raiser") == 3
    assert by["illegal"].reasons["illegal"] >= 4  # every pass is refused, most plays too
    assert "a pass is 3 different cards" in by["illegal"].first_problem
    assert set(by["nonsense"].reasons) == {"illegal"} and "not a card" in by["nonsense"].first_problem
    # a timeout benches the bot for the rest of that hand: one problem per hand (4 hands)
    assert by["sleepy"].reasons == {"timeout": 4} and "move limit of 0.3 s" in by["sleepy"].first_problem
    assert by["looper"].reasons == {"timeout": 4}
    assert by["quitter"].reasons == {"crashed": 4}
    # starting a process is refused (the class grader's guard); were one started, the bot
    # would be killed together with it
    assert set(by["spawner"].reasons) == {"raised"} and "subprocess.Popen" in by["spawner"].first_problem
    ps = subprocess.run(["ps", "-eo", "args"], capture_output=True, text=True).stdout
    assert "sleep 313.25" not in ps
    assert by["broken"].reasons == {"load": 4} and "ImportError: no such thing" in by["broken"].first_problem
    # every bot still played every hand (the stand-in's moves stood in)
    assert {s.hands for s in res.standings} == {4}


def test_a_bot_cannot_touch_the_results_file_or_the_scores(tmp_path):
    out = tmp_path / "run"
    results = out / "results.jsonl"
    vandal = HIGHEST + f"""
import builtins, os
import hearts_teach.games.hearts.scoring, hearts_teach.classroom.league

def choose_play(view):
    for mode in ("a", "w", "r+"):
        try:
            with open({str(results)!r}, mode) as f:
                f.write("garbage\\n")
        except OSError:
            pass
    try:
        with open("/tmp/hearts-league-vandal-was-here", "w") as f:
            f.write("x")
    except OSError:
        pass
    hearts_teach.games.hearts.scoring.final_scores = lambda *a, **k: ((0, 0, 0, 0), None)
    hearts_teach.classroom.league.standings = None
    builtins.min = lambda *a, **k: 0
    return max(view.legal, key=lambda c: (c.rank, c.index))
"""
    clean_dir = tmp_path / "clean"
    clean_dir.mkdir()
    lineup = [write(tmp_path, "good", LOWEST), write(tmp_path, "vandal", vandal)]
    twin = [write(clean_dir, "good", LOWEST), write(clean_dir, "vandal", HIGHEST)]
    attacked = run_league(lineup, hands=3, seed=2, out=out)
    honest = run_league(twin, hands=3, seed=2)
    vandal_row = next(s for s in attacked.standings if s.name == "vandal")
    assert vandal_row.note.startswith("note: the file mentions hearts_teach.games.hearts.scoring, hearts_teach.classroom.league, open")
    assert without_notes(attacked) == without_notes(honest)  # same play, same scores: nothing leaked
    stray = Path("/tmp/hearts-league-vandal-was-here")
    assert not stray.exists() or stray.stat().st_size == 0  # no byte written (RLIMIT_FSIZE)
    # nothing the bot wrote is ever read back: every line left in the file is one of ours
    # (running as the same user, the bot may empty or overwrite it: the league writes it again)
    text = results.read_text()
    assert "garbage" not in text
    store = ResultsFile(out, json.loads((out / "league.json").read_text()))
    kept = store.load()
    assert store.skipped == 0 and len(kept) == len(text.splitlines()) == 3  # put right after each attack
    again: list[str] = []
    resumed = run_league(twin[:1] + lineup[1:], hands=3, seed=2, out=out,
                         on_result=lambda r: again.append(r["key"]))
    assert without_notes(resumed) == without_notes(honest) and len(again) == 3 - len(kept)


# ----------------------------------------------------------------------------------------
# reproducible and resumable


def test_same_seed_same_results_and_random_bots_are_seeded(tmp_path):
    files = [write(tmp_path, "r1", RANDOMISH), write(tmp_path, "r2", RANDOMISH), write(tmp_path, "hi", HIGHEST)]
    a = run_league(files, hands=3, seed=9)
    b = run_league(files, hands=3, seed=9)
    assert a.to_dict() == b.to_dict()
    assert run_league(files, hands=3, seed=10).to_dict() != a.to_dict()


def test_interrupted_league_resumes_and_a_damaged_line_is_redone(tmp_path):
    files = [write(tmp_path, n, src) for n, src in
             (("a", HIGHEST), ("b", LOWEST), ("c", RANDOMISH), ("d", HIGHEST), ("e", LOWEST))]
    fresh = run_league(files, hands=4, seed=1)  # 5 bots: 2 tables per deal, 8 tasks
    out = tmp_path / "run"
    seen: list[str] = []

    def stop_after_three(result):
        seen.append(result["key"])
        if len(seen) == 3:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        run_league(files, hands=4, seed=1, out=out, on_result=stop_after_three)
    lines = (out / "results.jsonl").read_text().splitlines()
    assert len(lines) == 3
    # damage one line and cut the last one short, as a crash in mid-write would
    damaged = json.loads(lines[1])
    damaged["result"]["scores"][0][0] += 1
    (out / "results.jsonl").write_text("\n".join([lines[0], json.dumps(damaged), lines[2][:20]]))
    redone: list[str] = []
    resumed = run_league(files, hands=4, seed=1, out=out, on_result=lambda r: redone.append(r["key"]))
    assert len(redone) == 8 - 1  # only the intact line was kept
    assert resumed.to_dict() == fresh.to_dict()
    # extending the league plays only the new deals
    more: list[str] = []
    extended = run_league(files, hands=5, seed=1, out=out, on_result=lambda r: more.append(r["key"]))
    assert sorted(more) == ["d000004-t00", "d000004-t01"]
    assert extended.to_dict() == run_league(files, hands=5, seed=1).to_dict()
    with pytest.raises(LeagueError, match="different league"):
        run_league(files, hands=5, seed=2, out=out)


# ----------------------------------------------------------------------------------------
# Dask


def test_a_ctrl_c_that_a_finaliser_swallows_still_stops_the_league(tmp_path, capfd):
    """Python prints a KeyboardInterrupt raised inside a ``__del__`` as ignored and goes on (a
    Dask future's finaliser runs in the league's thread): the league stops at the next table
    all the same, and prints nothing about it."""
    import signal

    hook = sys.unraisablehook
    before = signal.signal(signal.SIGINT, signal.default_int_handler)  # restored below, whatever pytest had

    class Finaliser:
        def __del__(self) -> None:
            os.kill(os.getpid(), signal.SIGINT)
            for _ in range(10_000):  # the handler runs on one of these lines, inside __del__
                pass

    files = [write(tmp_path, n, src) for n, src in (("hi", HIGHEST), ("lo", LOWEST), ("rnd", RANDOMISH))]
    seen: list[dict] = []

    def on_result(r: dict) -> None:
        seen.append(r)
        if len(seen) == 1:
            Finaliser()  # dropped at once: its __del__ runs here and swallows the interrupt

    try:
        with pytest.raises(KeyboardInterrupt):
            run_league(files, hands=4, seed=1, on_result=on_result, progress=False)
        assert signal.getsignal(signal.SIGINT) is signal.default_int_handler  # handed back
    finally:
        signal.signal(signal.SIGINT, before)
    assert len(seen) == 1  # stopped before the second table's result was taken
    assert "KeyboardInterrupt" not in capfd.readouterr().err
    assert sys.unraisablehook is hook


def test_ctrl_c_stops_a_local_cluster_league_cleanly_and_another_mode_resumes_it(tmp_path):
    """`--workers 2` on a local Dask cluster, interrupted with SIGINT to the whole process
    group (what Ctrl-C does), then finished in one process: the table equals a fresh run."""
    pytest.importorskip("dask.distributed")
    import signal

    # fast on deals 0-1, then 50 ms a move on deals 2-7: time to interrupt (on a busy CI machine a
    # league of 4 deals once finished before the signal); sleeping never changes a choice
    slow = "import time\n" + HIGHEST.replace(
        "def choose_play(view):\n", "def choose_play(view):\n    if view.hand_number >= 2:\n"
        "        time.sleep(0.05)\n")
    files = [write(tmp_path, "hi", HIGHEST), write(tmp_path, "lo", LOWEST), write(tmp_path, "rnd", RANDOMISH),
             write(tmp_path, "rnd2", RANDOMISH), write(tmp_path, "slow", slow)]
    out = tmp_path / "run"
    results = out / "results.jsonl"
    proc = subprocess.Popen([sys.executable, "-m", "hearts_teach", "league", *map(str, files), "--hands", "8",
                             "--seed", "3", "--workers", "2", "--out", str(out)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
                            # as from a terminal: a run started in the background by a non-interactive shell
                            # inherits SIGINT ignored, and the league would then play on through the Ctrl-C
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        deadline = time.monotonic() + 90
        while not (results.exists() and len(results.read_text().splitlines()) >= 2):
            assert proc.poll() is None and time.monotonic() < deadline, "the league did not start"
            time.sleep(0.1)
        os.killpg(proc.pid, signal.SIGINT)
        _stdout, stderr = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    assert proc.returncode == 130, stderr
    assert "interrupted; run the same command again to resume" in stderr
    assert "Traceback" not in stderr  # the workers ignore Ctrl-C; the league shuts them down
    kept = len(results.read_text().splitlines())
    assert 2 <= kept < 16
    redone: list[str] = []
    resumed = run_league(files, hands=8, seed=3, out=out, on_result=lambda r: redone.append(r["key"]))
    assert len(redone) == 16 - kept
    assert resumed.to_dict() == run_league(files, hands=8, seed=3).to_dict()


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _wait_for_workers(address: str, n: int, deadline: float) -> None:
    from dask.distributed import Client

    while True:  # on a busy machine the scheduler may take more than one connection timeout to start
        try:
            client = Client(address, timeout="20s")
            break
        except OSError:
            if time.monotonic() > deadline:
                raise
    with client:
        while len(client.scheduler_info(n_workers=-1)["workers"]) < n:
            if time.monotonic() > deadline:
                raise AssertionError(f"the {n} dask workers did not join the scheduler in time")
            time.sleep(0.2)


def test_league_on_a_dask_scheduler_with_two_workers(tmp_path):
    pytest.importorskip("dask.distributed")
    dask = Path(sys.executable).with_name("dask")
    port = _free_port()
    address = f"tcp://127.0.0.1:{port}"
    logs = open(tmp_path / "dask.log", "w")  # noqa: SIM115 - closed in finally
    procs = []
    try:
        procs.append(subprocess.Popen([str(dask), "scheduler", "--host", "127.0.0.1", "--port", str(port),
                                       "--no-dashboard"], stdout=logs, stderr=logs, cwd=tmp_path))
        for _ in range(2):
            procs.append(subprocess.Popen([str(dask), "worker", address, "--nworkers", "1", "--nthreads", "1",
                                           "--no-dashboard", "--host", "127.0.0.1"],
                                          stdout=logs, stderr=logs, cwd=tmp_path))
        _wait_for_workers(address, 2, time.monotonic() + 120)
        files = [write(tmp_path, "hi", HIGHEST), write(tmp_path, "lo", LOWEST),
                 write(tmp_path, "rnd", RANDOMISH)]
        html = tmp_path / "league.html"
        cmd = [sys.executable, "-m", "hearts_teach", "league", *map(str, files), "--hands", "4",
               "--seed", "6", "--json"]
        cluster = subprocess.run(cmd + ["--scheduler", address, "--html", str(html)], capture_output=True,
                                 text=True, timeout=120, cwd=tmp_path)
        assert cluster.returncode == 0, cluster.stderr
        local = subprocess.run(cmd, capture_output=True, text=True, timeout=120, cwd=tmp_path)
        assert local.returncode == 0, local.stderr
        assert json.loads(cluster.stdout) == json.loads(local.stdout)
        data = json.loads(cluster.stdout)
        assert data["hands"] == 4 and [set(b) >= {"name", "mean_points", "se", "problems", "wins"}
                                       for b in data["bots"]] == [True] * 3
        page = html.read_text()
        assert "<table" in page and "<svg" in page and "rnd" in page
    finally:
        for p in reversed(procs):
            p.terminate()
        for p in reversed(procs):
            try:
                p.wait(timeout=15)
            except subprocess.TimeoutExpired:
                p.kill()
                p.wait()
        logs.close()


def test_cli_table_and_errors(tmp_path):
    a = write(tmp_path, "alice", HIGHEST)
    run = subprocess.run([sys.executable, "-m", "hearts_teach", "league", str(a), "--hands", "2"],
                         capture_output=True, text=True, timeout=60, cwd=tmp_path,
                         env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert run.returncode == 0, run.stderr
    assert "alice" in run.stdout and "pts/hand" in run.stdout
    bad = subprocess.run([sys.executable, "-m", "hearts_teach", "league", str(a), str(a)],
                         capture_output=True, text=True, timeout=60, cwd=tmp_path)
    assert bad.returncode == 2 and f"{a} is given twice" in bad.stderr
    (tmp_path / "other").mkdir()
    b = write(tmp_path / "other", "alice", LOWEST)
    bad = subprocess.run([sys.executable, "-m", "hearts_teach", "league", str(a), str(b)],
                         capture_output=True, text=True, timeout=60, cwd=tmp_path)
    assert bad.returncode == 2 and "two bots are called 'alice'" in bad.stderr


def test_the_teacher_is_warned_when_the_bots_would_run_as_root(tmp_path, monkeypatch, capsys):
    import argparse

    from hearts_teach.classroom import bot_sandbox, league

    a = write(tmp_path, "alice", HIGHEST)
    # the warning is for a run without the OS sandbox (inside it every bot is nobody)
    args = argparse.Namespace(files=[str(a)], hands=1, seed=0, workers=None, scheduler=None, out=None,
                              move_limit=1.0, json=True, html=None, no_os_sandbox=True)
    for as_root in (True, False):
        monkeypatch.setattr(bot_sandbox, "bots_run_as_root", lambda as_root=as_root: as_root)
        assert league.main_league(args) == 0
        err = capsys.readouterr().err
        assert ("the bots run as root" in err) is as_root


# ----------------------------------------------------------------------------------------
# state a bot keeps between hands, and a vandal that empties the results file


def test_state_a_bot_keeps_in_sys_or_builtins_does_not_reach_the_next_hand(tmp_path):
    # plays its highest card in the first hand its process sees, its lowest afterwards: if
    # any state survived from one hand to the next, results would depend on the order in
    # which a process (or a Dask worker) played the tables
    stateful = """
import builtins, sys
sys._hands_seen = getattr(sys, "_hands_seen", 0) + 1
builtins._hands_seen = getattr(builtins, "_hands_seen", 0) + 1

def choose_pass(view):
    return sorted(view.cards, key=lambda c: (c.rank, c.index))[-3:]

def choose_play(view):
    first = sys._hands_seen == 1 and builtins._hands_seen == 1
    return (max if first else min)(view.legal, key=lambda c: (c.rank, c.index))
"""
    clean_dir = tmp_path / "clean"
    clean_dir.mkdir()
    lineup = [write(tmp_path, "low", LOWEST), write(tmp_path, "memory", stateful)]
    twin = [write(clean_dir, "low", LOWEST), write(clean_dir, "memory", HIGHEST)]
    assert run_league(lineup, hands=3, seed=4).to_dict() == run_league(twin, hands=3, seed=4).to_dict()


def test_a_results_file_emptied_or_deleted_by_a_bot_is_written_again(tmp_path):
    out = tmp_path / "run"
    results = out / "results.jsonl"
    # as the league's own user (root, here) a bot can empty or delete the file, not add to it
    vandal = HIGHEST + f"""
import os
for _ in range(1):
    try:
        os.chmod({str(results)!r}, 0o644)
        if hash(os.urandom(4)) % 2:
            open({str(results)!r}, "w").close()
        else:
            os.unlink({str(results)!r})
    except OSError:
        pass
"""
    files = [write(tmp_path, n, src) for n, src in
             (("a", HIGHEST), ("b", LOWEST), ("c", RANDOMISH), ("d", HIGHEST), ("vandal", vandal))]
    result = run_league(files, hands=3, seed=5, out=out)  # 2 tables per deal: 6 lines
    store = ResultsFile(out, json.loads((out / "league.json").read_text()))
    assert len(store.load()) == 6 and store.skipped == 0
    again: list[str] = []
    assert run_league(files, hands=3, seed=5, out=out, on_result=lambda r: again.append(r["key"])) \
        .to_dict() == result.to_dict()
    assert again == []  # nothing to play again


def test_a_bot_that_rebuilds_the_deal_from_the_seed_is_noted_for_the_teacher(tmp_path):
    # the deals come from (seed, deal number), and a bot has the package: a small seed is
    # found in milliseconds and then every hand is known. The league cannot stop a bot from
    # computing, so it names the words that suggest it, for the teacher to look at.
    peeker = """
from hearts_teach import Card, Suit
from hearts_teach import Hand
from hearts_teach.classroom.league import deal_seed

def choose_pass(view):
    for s in range(100):
        if Hand.deal(seed=deal_seed(s, view.hand_number), hand_number=view.hand_number).cards(view.seat).mask == view.hand:
            break
    return sorted(view.cards, key=lambda c: (c.rank, c.index))[-3:]

def choose_play(view):
    return min(view.legal, key=lambda c: (c.rank, c.index))
"""
    vocabulary = "from hearts_teach import Card, Suit\n" + LOWEST
    files = [write(tmp_path, "peeker", peeker), write(tmp_path, "plain", vocabulary), write(tmp_path, "hi", HIGHEST)]
    result = run_league(files, hands=2, seed=3)
    notes = {s.name: s.note for s in result.standings}
    assert notes["plain"] == notes["hi"] == ""
    assert notes["peeker"].startswith("note: the file mentions Hand, hearts_teach.classroom.league, deal_seed;")
    assert "  peeker: note: the file mentions Hand" in result.table()
    assert {b["name"]: b["note"] for b in result.to_dict()["bots"]}["peeker"] == notes["peeker"]
    # the page the teacher publishes for the class does not carry the teacher's notes
    assert "note: the file mentions" not in result.html() and ">peeker<" in result.html()


def test_a_bot_that_answers_nothing_is_played_by_the_weak_stand_in_and_never_gains(tmp_path):
    # with the rule bot standing in, answering None everywhere topped the table
    lazy = "def choose_pass(view):\n    return None\n\ndef choose_play(view):\n    return None\n"
    clean_dir = tmp_path / "clean"
    clean_dir.mkdir()
    lineup = [write(tmp_path, "low", LOWEST), write(tmp_path, "lazy", lazy), write(tmp_path, "hi", HIGHEST)]
    twin = [write(clean_dir, "low", LOWEST), write(clean_dir, "lazy", HIGHEST), write(clean_dir, "hi", HIGHEST)]
    lazy_run, honest = run_league(lineup, hands=3, seed=6), run_league(twin, hands=3, seed=6)
    by, same = {s.name: s for s in lazy_run.standings}, {s.name: s for s in honest.standings}
    # every move of the lazy bot is the highest-card bot's: the same points as that bot's file
    for name in ("low", "lazy", "hi"):
        assert (by[name].deal_means, by[name].wins) == (same[name].deal_means, same[name].wins)
    assert by["lazy"].reasons == {"illegal": by["lazy"].problems} and by["lazy"].problems > 12
    assert "choose_pass returned None, not 3 cards" in by["lazy"].first_problem


def test_workers_print_no_dask_warning_when_port_8787_is_taken(tmp_path):
    # another Dask on the machine (a colleague's, a notebook's) holds the default port
    pytest.importorskip("dask.distributed")
    blocker = socket.socket()
    try:
        blocker.bind(("127.0.0.1", 8787))
        blocker.listen()
    except OSError:
        pass  # already taken: just as good
    try:
        files = [write(tmp_path, "hi", HIGHEST), write(tmp_path, "lo", LOWEST)]
        proc = subprocess.run([sys.executable, "-m", "hearts_teach", "league", *map(str, files), "--hands", "1",
                               "--workers", "1"], capture_output=True, text=True, timeout=120)
    finally:
        blocker.close()
    assert proc.returncode == 0, proc.stderr
    assert "League · 1 deals" in proc.stdout
    assert "already in use" not in proc.stderr and "Warning" not in proc.stderr, proc.stderr


def test_numpy_drawn_in_the_module_body_and_in_moves_is_seeded(tmp_path):
    pytest.importorskip("numpy")
    numpyish = """
import numpy as np
ORDER = np.random.permutation(52)  # drawn when the module runs, before any move

def choose_pass(view):
    return sorted(view.cards, key=lambda c: ORDER[c.index])[:3]

def choose_play(view):
    legal = sorted(view.legal, key=lambda c: ORDER[c.index])
    return legal[np.random.randint(len(legal))]
"""
    files = [write(tmp_path, "np1", numpyish), write(tmp_path, "lo", LOWEST), write(tmp_path, "hi", HIGHEST)]
    first = run_league(files, hands=3, seed=7)
    assert run_league(files, hands=3, seed=7).to_dict() == first.to_dict()
    assert {s.name: s.problems for s in first.standings}["np1"] == 0


def test_run_league_checks_every_argument_at_the_door(tmp_path):
    # found by tests/test_fuzz_new_api.py: an endless move limit ran a whole league; other
    # arguments raised bare TypeError/ValueError or quoted 200 KB of input
    bot = tmp_path / "ok_bot.py"
    bot.write_text("def choose_pass(view):\n    return list(view.hand)[:3]\n"
                   "def choose_play(view):\n    return list(view.legal)[0]\n")
    for kw, words in [({"move_limit": float("inf")}, "move-limit"), ({"move_limit": "1"}, "move-limit"),
                      ({"seed": None}, "--seed"), ({"scheduler": 5}, "scheduler"), ({"out": 3}, "--out"),
                      ({"hands": 10 ** 5000}, "hands")]:
        with pytest.raises(LeagueError, match=words) as e:
            run_league([str(bot)], **{"hands": 1, **kw})
        assert len(str(e.value)) < 300
    for files in (str(bot), [None], ["Q" * 200_000 + ".txt"]):
        with pytest.raises(LeagueError) as e:
            run_league(files, hands=1)
        assert len(str(e.value)) < 300
    r = subprocess.run([sys.executable, "-m", "hearts_teach", "league", str(bot), "--move-limit", "inf"],
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 2 and "Traceback" not in r.stderr and "move-limit" in r.stderr


def test_a_bot_whose_file_never_loads_is_listed_last_and_not_ranked(tmp_path):
    # its hands were all played by the stand-in: a teacher must not read its points as the
    # student's (a broken file once topped a small league)
    files = [write(tmp_path, "aaa_broken", "def choose_pass(view)\n    return []\n"),
             write(tmp_path, "good", LOWEST), write(tmp_path, "high", HIGHEST)]
    res = run_league(files, hands=1, seed=2)
    assert [s.name for s in res.standings][-1] == "aaa_broken"
    assert res.standings[-1].never_loaded and not res.standings[0].never_loaded
    assert res.ranks() == ["1", "2", "–"]
    table = res.table()
    assert "  –  aaa_broken" in table
    assert "Not ranked (the file never loaded, the highest-card stand-in played every hand): aaa_broken." in table
    assert [b["ranked"] for b in res.to_dict()["bots"]] == [True, True, False]
    assert "<td style='padding:3px 10px;text-align:right'>–</td><td style='padding:3px 10px'>aaa_broken" in res.html()


@pytest.mark.parametrize("extra, says", [
    (["--html", "{tmp}/nothere/league.html"], "does not exist"),
    (["--out", "{tmp}/nothere/run"], "does not exist"),
    (["--html", "{tmp}"], "that is a folder"),
    (["--workers", "1000000"], "from 1 to 64")])
def test_league_options_are_checked_before_any_table(tmp_path, capsys, monkeypatch, extra, says):
    # found on main: --html into a missing folder played the whole league, then crashed without
    # writing anything; --workers 1000000 hung
    from hearts_teach.__main__ import main
    from hearts_teach.classroom import league

    monkeypatch.setattr(league, "play_table", lambda task: pytest.fail("a table was played"))
    a = write(tmp_path, "alice", HIGHEST)
    assert main(["league", str(a), "--hands", "1", *(x.format(tmp=tmp_path) for x in extra)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("league: ") and says in err and err.count("\n") == 1


def test_a_module_body_that_never_ends_is_a_counted_problem_and_is_not_waited_for_again(tmp_path):
    from hearts_teach.classroom.bot_sandbox import LOAD_LIMIT

    looper = write(tmp_path, "forever", "while True:\n    pass\n" + HIGHEST)
    res = run_league([looper, write(tmp_path, "fine", LOWEST)], hands=1, seed=1, progress=False)
    by = {s.name: s for s in res.standings}
    assert by["forever"].reasons == {"load": 4} and by["fine"].problems == 0
    assert f"did not finish loading within {LOAD_LIMIT:g} s" in by["forever"].first_problem
    later = [p["reason"] for p in res.problems if p["bot"] == "forever"][1:]
    assert later and all("not tried again at this table" in r for r in later)  # waited for once, not 4 times


def test_a_bots_error_message_cannot_write_escape_sequences_on_the_teachers_terminal(tmp_path):
    # ESC [ 8 A moves the cursor up over the table and ESC [ 2 K erases a line: the bot's message
    # would rewrite the leaderboard the teacher reads; U+202E reverses how the rest reads
    evil = write(tmp_path, "evil", 'def choose_pass(view):\n    raise RuntimeError("\\x1b[8A\\x1b[2K  1  evil 0.00\\u202e")\n'
                                   "def choose_play(view):\n    return min(view.legal, key=lambda c: c.rank)\n")
    res = run_league([evil, write(tmp_path, "good", LOWEST)], hands=1, seed=2)
    table = res.table()
    assert "\x1b" not in table and "\u202e" not in table
    assert "raised RuntimeError: \\x1b[8A\\x1b[2K  1  evil 0.00\\u202e" in table


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs Linux's /dev/full (a disk that is always full)")
def test_a_page_that_cannot_be_written_at_the_end_is_one_line_after_the_table(tmp_path):
    # checked before the league starts, the disk can still fill during it: the table is printed
    # anyway, and the failure is one line, not a traceback
    a = write(tmp_path, "alice", HIGHEST)
    run = subprocess.run([sys.executable, "-m", "hearts_teach", "league", str(a), "--hands", "1", "--html", "/dev/full"],
                         capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert run.returncode == 1 and "alice" in run.stdout and "Traceback" not in run.stderr
    assert run.stderr.strip() == ("league: the page could not be written to /dev/full (No space left on device); "
                                  "the table above is complete")


def test_an_import_line_built_to_make_the_pattern_backtrack_does_not_stall_the_league(tmp_path):
    # the pattern that lets the card vocabulary's import go unnoted could split the spaces after
    # each name two ways: 12 names took longer than two minutes, before any table
    bot = write(tmp_path, "slow", "from hearts_teach import " + "Card    " * 40 + "x\n" + HIGHEST)
    code = ("import sys; from hearts_teach.classroom.league_tables import read_bots, suspect_words; "
            "print(suspect_words(read_bots([sys.argv[1]])[0].source))")
    done = subprocess.run([sys.executable, "-c", code, str(bot)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and "hearts_teach" not in done.stdout, done.stderr


def test_a_local_cluster_keeps_its_housekeeping_quiet():
    # the worker's stack sampling (every 10 ms by default) and the frequent memory and system
    # polls compete with the bots' processes on a small box; a local cluster turns them down
    pytest.importorskip("dask.distributed")
    import distributed

    from hearts_teach.classroom.dask_cluster import local_cluster

    cluster = local_cluster(1)
    try:
        with distributed.Client(cluster) as client:
            def settings():
                import dask

                return (dask.config.get("distributed.worker.profile.enabled"),
                        dask.config.get("distributed.worker.memory.monitor-interval"))
            assert list(client.run(settings).values()) == [(False, "10s")]
    finally:
        cluster.close()
    import dask

    assert dask.config.get("distributed.worker.profile.enabled") is True  # this process's own setting is untouched


def test_a_local_cluster_says_its_errors_while_running_but_not_while_closing():
    """Dask's worker logs an ERROR with two tracebacks when a heartbeat is in flight as it
    closes (seen once in CI after Ctrl-C). The run's own cluster quiets its workers just
    before closing them; an error while the run works still reaches the screen."""
    pytest.importorskip("dask.distributed")
    code = """if True:
        import logging
        from distributed.diagnostics.plugin import WorkerPlugin
        from hearts_teach.classroom.dask_cluster import client

        def say(what):
            logging.getLogger("distributed.worker").error(what)

        class Leaving(WorkerPlugin):
            def teardown(self, worker):
                say("said-while-closing")

        with client(1, None) as c:
            c.register_plugin(Leaving())
            c.run(say, "said-while-running")
        """
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "said-while-running" in done.stderr
    assert "said-while-closing" not in done.stderr


def test_tables_go_to_the_cluster_in_shrinking_groups_with_the_same_results(tmp_path):
    """Each Dask task costs messages worth about a tenth of a table's CPU, so tables travel in
    groups (at most GROUP_MAX), large first and single at the end; every table is played once,
    in order, and the standings are those of the local run."""
    from hearts_teach.classroom import league as L

    tasks = [{"key": k} for k in range(100)]
    for workers in (1, 2, 5):
        groups = L.table_groups(tasks, workers)
        assert [t for g in groups for t in g] == tasks
        sizes = [len(g) for g in groups]
        assert max(sizes) == min(L.GROUP_MAX, 100 // (4 * workers)) and sizes == sorted(sizes, reverse=True) and sizes[-1] == 1
    assert len(L.table_groups(tasks, 1)) < len(tasks) // 3
    assert L.table_groups(tasks[:3], 2) == [[t] for t in tasks[:3]] and L.table_groups([], 1) == []
    pytest.importorskip("dask.distributed")
    files = [write(tmp_path, "hi", HIGHEST), write(tmp_path, "lo", LOWEST), write(tmp_path, "rnd", RANDOMISH)]
    assert len(L.table_groups(L.make_tasks(read_bots(files), 24, 3, 1.0), 1)) < 24  # groups of several
    local = run_league(files, hands=24, seed=3, progress=False)
    cluster = run_league(files, hands=24, seed=3, workers=1, progress=False)
    assert cluster.to_json() == local.to_json()
