"""The learner's database (hearts_teach.present.learner_db): migrations, two writers in two
processes, a corrupt file, a read-only folder, a full disk, export and forget, fsrs scheduling."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
import textwrap
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from hearts_teach.games.hearts.hand import Hand
from hearts_teach.kernel.errors import ArgumentError
from hearts_teach.present import learner_db
from hearts_teach.present.learner_db import SCHEMA_VERSION, migrate, open_db

T0 = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)
ROOT = Path(__file__).resolve().parents[1]


def pass_position(seed: int = 287) -> str:
    return Hand.deal(seed=seed).to_json()


def play_position() -> tuple[str, str]:
    """A position with South (seat 0) to play, and one legal card."""
    hand = Hand.deal(seed=5, pass_direction="hold")
    while hand.turn != 0:
        hand.play(sorted(hand.legal_plays())[0])
    return hand.to_json(), str(sorted(hand.legal_plays())[0])


def south_three(position: str, skip: int = 0) -> list[str]:
    """Three of South's cards: a pass the engine accepts."""
    return [str(c) for c in list(Hand.from_json(position).cards(0))[skip:skip + 3]]


def add(db, position: str | None = None, kind: str = "pass", chosen=None, **kw):
    position = position or pass_position()
    args = dict(kind=kind, seat=0, position=position, chosen=chosen or south_three(position),
                best=["QS", "AH", "KD"], verdict="mistake", cost=2.5, reason="it keeps the queen",
                source="test", now=T0)
    args.update(kw)
    return db.add_mistake(**args)


def test_the_default_folder_is_hearts_teach_data(learner_data):
    db = open_db()
    assert db.path == learner_data / "learner.sqlite3"
    assert db.note == ""
    assert db.path.exists()
    assert db.where() == f"Your drills and progress are kept on this machine in {db.path}."
    assert sqlite3.connect(db.path).execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_a_mistake_is_saved_due_now_and_restores_its_position(tmp_path):
    db = open_db(tmp_path)
    drill_id = add(db)
    assert drill_id == 1
    [d] = db.due_drills(T0)
    assert (d.id, d.kind, d.seat, d.chosen, d.best, d.verdict, d.cost, d.source, d.times) == (
        1, "pass", 0, ("5C", "JC", "5D"), ("KD", "AH", "QS"), "mistake", 2.5, "test", 1)
    assert d.due == d.created == T0
    assert d.hand().cards(0) == Hand.deal(seed=287).cards(0)
    assert db.due_drills(T0 - timedelta(seconds=1)) == []


def test_a_play_position_is_saved_with_the_seat_to_play(tmp_path):
    db = open_db(tmp_path)
    position, card = play_position()
    drill_id = add(db, position, kind="play", chosen=[card], best=[card], verdict="inaccuracy")
    d = db.get_drill(drill_id)
    assert d.hand().turn == 0 and d.hand().to_json() == Hand.from_json(position).to_json()


def test_the_same_position_and_seat_is_one_drill(tmp_path):
    db = open_db(tmp_path)
    first = add(db)
    hand = Hand.deal(seed=287)
    hand.pass_cards(2, hand.cards(2)[:3])  # another seat had chosen: the same decision for South
    again = add(db, hand.to_json(), chosen=["QS", "AS", "5C"], now=T0 + timedelta(days=3))
    assert again == first
    [d] = db.drills()
    assert d.times == 2 and d.chosen == ("5C", "QS", "AS") and d.due == T0 + timedelta(days=3)
    assert d.hand().passed(2) is None  # a saved pass position keeps no other seat's pass
    assert add(db, pass_position(seed=288)) == 2  # another deal is another drill


def test_wrong_arguments_raise_a_named_error(tmp_path):
    db = open_db(tmp_path)
    with pytest.raises(ArgumentError, match="kind: expected 'pass' or 'play'"):
        add(db, kind="bid")
    with pytest.raises(ArgumentError, match="position: not a hand record"):
        add(db, position="{not json", chosen=["QS", "AS", "5C"])
    with pytest.raises(ArgumentError, match="position: it is not seat 0's turn"):
        add(db, pass_position(), kind="play", chosen=["2C"])
    with pytest.raises(ArgumentError, match="chosen:"):
        add(db, chosen=["ZZ"])
    with pytest.raises(ArgumentError, match="chosen: South does not hold 2♣"):
        add(db, chosen=["2C", "5C", "JC"])
    position, card = play_position()
    with pytest.raises(ArgumentError, match="chosen: a play is one card, got 2"):
        add(db, position, kind="play", chosen=[card, card])
    with pytest.raises(ArgumentError, match="now: give a timezone-aware time"):
        add(db, now=datetime(2026, 1, 1))
    assert db.drills() == []


def test_a_drill_answered_wrong_comes_back_sooner_than_one_answered_right(tmp_path):
    db = open_db(tmp_path)
    wrong, right = add(db), add(db, pass_position(seed=288))
    after_wrong = db.answer_drill(wrong, False, now=T0)
    after_right = db.answer_drill(right, True, now=T0)
    assert after_wrong.due == T0 + timedelta(minutes=10)
    assert after_right.due >= T0 + timedelta(days=1)
    assert [d.id for d in db.due_drills(T0 + timedelta(minutes=10))] == [wrong]
    # answered right the second time, it too moves out by days, and the schedule is fsrs's own
    again = db.answer_drill(wrong, True, now=T0 + timedelta(minutes=10))
    assert again.due >= T0 + timedelta(days=1)
    assert db.due_drills(T0 + timedelta(hours=12)) == []
    card = db.export()["drills"][0]["card"]
    assert card["card_id"] == wrong and card["state"] == 2  # fsrs's State.Review
    assert [(a["drill_id"], a["correct"]) for a in db.export()["answers"]] == [(1, 0), (2, 1), (1, 1)]


def test_answering_an_unknown_drill_is_a_note(tmp_path):
    db = open_db(tmp_path)
    assert db.answer_drill(7, True, now=T0) is None
    assert db.note == "There is no saved drill 7."


def test_due_drills_come_longest_overdue_first_up_to_the_limit(tmp_path):
    db = open_db(tmp_path)
    ids = [add(db, pass_position(seed=s), now=T0 + timedelta(minutes=s)) for s in (30, 10, 20)]
    assert [d.id for d in db.due_drills(T0 + timedelta(hours=1))] == [ids[1], ids[2], ids[0]]
    assert [d.id for d in db.due_drills(T0 + timedelta(hours=1), limit=2)] == [ids[1], ids[2]]


def test_state_and_progress(tmp_path):
    db = open_db(tmp_path)
    assert db.get_state("match") is None and db.get_state("match", "none") == "none"
    assert db.set_state("match", '{"seed": 3}') and db.get_state("match") == '{"seed": 3}'
    assert db.set_state("match", "{}") and db.get_state("match") == "{}"
    assert db.delete_state("match") and db.get_state("match") is None
    assert db.record_progress("03", "Which card?", False, now=T0)
    assert db.record_progress("03", "Which card?", True, now=T0 + timedelta(minutes=1))
    assert db.record_progress("03", "Which card?", False, now=T0 + timedelta(minutes=2))
    assert db.record_progress("01", "Pass", False, now=T0)
    assert [(p.lesson, p.item, p.passed, p.attempts, p.first, p.last) for p in db.progress()] == [
        ("01", "Pass", False, 1, T0, T0), ("03", "Which card?", True, 3, T0, T0 + timedelta(minutes=2))]


def test_a_version_1_database_is_migrated_keeping_its_drills(tmp_path):
    file = tmp_path / "learner.sqlite3"
    conn = sqlite3.connect(file, isolation_level=None)
    conn.row_factory = sqlite3.Row
    assert migrate(conn, upto=1) == 1
    conn.execute("INSERT INTO drills (key, kind, seat, position, chosen, best, verdict, cost, reason, source, "
                 "created, due, card) VALUES ('k', 'pass', 0, ?, '2C 3C 4C', 'QS AH KD', 'mistake', 1.0, 'r', "
                 "'old', ?, ?, ?)", (pass_position(), T0.isoformat(), T0.isoformat(),
                                     json.dumps({"card_id": 1, "state": 1, "step": 0, "stability": None,
                                                 "difficulty": None, "due": T0.isoformat(),
                                                 "last_review": None})))
    conn.execute("INSERT INTO state VALUES ('match', 'kept')")
    conn.close()
    db = open_db(file)
    assert db.note == ""
    assert sqlite3.connect(file).execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 2
    [d] = db.due_drills(T0)
    assert (d.source, d.times) == ("old", 1)
    assert db.get_state("match") == "kept"
    assert db.answer_drill(d.id, True, now=T0).due > T0 + timedelta(days=1)
    assert db.record_progress("00", "first", True)


def test_migrations_are_ordered_and_each_is_one_step():
    assert learner_db.MIGRATIONS[0].__name__ == "_v1"
    assert [m.__name__ for m in learner_db.MIGRATIONS] == [f"_v{i + 1}" for i in range(SCHEMA_VERSION)]


def test_a_newer_schema_is_left_alone_and_play_goes_on_in_memory(tmp_path):
    file = tmp_path / "learner.sqlite3"
    open_db(file).close()
    sqlite3.connect(file).execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    db = open_db(file)
    assert db.path is None and "newer hearts_teach" in db.note
    assert add(db) == 1  # kept in memory
    assert sqlite3.connect(file).execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION + 1


def test_a_corrupt_file_is_moved_aside_and_a_fresh_one_made(tmp_path):
    file = tmp_path / "learner.sqlite3"
    file.write_bytes(b"not a database at all " * 200)
    db = open_db(tmp_path)
    assert db.note == (f"Your learner data at {file} was unreadable (file is not a database); "
                       "it was moved to learner.sqlite3.corrupt-1 and a fresh one was started.")
    assert (tmp_path / "learner.sqlite3.corrupt-1").read_bytes().startswith(b"not a database")
    assert db.path == file and add(db) == 1
    db.close()
    file.write_bytes(b"\0" * 100 + b"still not one" * 100)
    assert "moved to learner.sqlite3.corrupt-2" in open_db(tmp_path).note


def test_a_damaged_page_is_found_and_moved_aside(tmp_path):
    db = open_db(tmp_path)
    for s in range(40):
        add(db, pass_position(seed=s))
    db.close()
    file = tmp_path / "learner.sqlite3"
    data = bytearray(file.read_bytes())
    data[4096:4096 * 3] = b"\xff" * (4096 * 2)  # the pages after the first, overwritten
    file.write_bytes(bytes(data))
    db = open_db(tmp_path)
    assert "was unreadable" in db.note and "corrupt-1" in db.note
    assert db.drills() == [] and add(db) == 1


def _run(code: str, env_dir: Path, read_only: Path | None = None) -> subprocess.CompletedProcess:
    """Run ``code`` in a fresh interpreter with ``env_dir`` as its data folder; with ``read_only``,
    that folder is a read-only file system for it (a read-only bind mount in its own user and mount
    namespace, which even root cannot write), or, where namespaces are not allowed, a folder
    without write permission (which only binds a user who is not root)."""
    env = {**os.environ, "HEARTS_TEACH_DATA": str(env_dir), "PYTHONPATH": str(ROOT)}
    argv = [sys.executable, "-c", textwrap.dedent(code)]
    if read_only is not None:
        probe = subprocess.run(["unshare", "--user", "--map-root-user", "--mount", "true"], capture_output=True)
        if probe.returncode == 0:
            mount = 'mount --bind "$1" "$1" && mount -o remount,bind,ro "$1" && shift && exec "$@"'
            argv = ["unshare", "--user", "--map-root-user", "--mount", "sh", "-c", mount, "sh",
                    str(read_only), *argv]
        elif os.geteuid() == 0:
            pytest.skip("root ignores folder permissions and user namespaces are not allowed here")
        else:
            read_only.chmod(0o555)
    try:
        return subprocess.run(argv, env=env, capture_output=True, text=True, timeout=120)
    finally:
        if read_only is not None:
            read_only.chmod(0o755)


def test_two_writers_in_two_processes_lose_nothing(tmp_path):
    open_db(tmp_path).close()
    code = """
        import sys
        from hearts_teach.present.learner_db import open_db
        db = open_db()
        who = sys.argv[-1] if len(sys.argv) > 1 else "x"
        for i in range(150):
            assert db.record_progress("{who}", f"item {{i}}", i % 2 == 0), db.note
            assert db.set_state("{who}", str(i)), db.note
        print(db.note or "ok")
    """
    procs = [subprocess.Popen([sys.executable, "-c", textwrap.dedent(code.format(who=who))],
                              env={**os.environ, "HEARTS_TEACH_DATA": str(tmp_path), "PYTHONPATH": str(ROOT)},
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for who in "AB"]
    outs = [p.communicate(timeout=120) for p in procs]
    assert [(p.returncode, out) for p, (out, _err) in zip(procs, outs, strict=True)] == [(0, "ok\n")] * 2, outs
    db = open_db(tmp_path)
    rows = db.progress()
    assert len(rows) == 300
    assert sum(p.passed for p in rows) == 150
    assert (db.get_state("A"), db.get_state("B")) == ("149", "149")


def test_a_read_only_folder_leaves_play_working_with_a_note(tmp_path):
    folder = tmp_path / "ro"
    db = open_db(folder)
    assert add(db) == 1 and db.record_progress("08", "drill 1", True)
    db.close()
    out = _run("""
        from hearts_teach.games.hearts.hand import Hand
        from hearts_teach.present.learner_db import open_db
        db = open_db()
        print(db.path)
        print(db.note)
        print([d.id for d in db.drills()])  # what was stored is still there to practise
        print(db.add_mistake(kind="pass", seat=0, position=Hand.deal(seed=9).to_json(),
                             chosen=[str(c) for c in list(Hand.deal(seed=9).cards(0))[:3]],
                             best=["QS", "AH", "KD"], verdict="blunder", cost=4.0, reason="r", source="t"))
        print(db.record_progress("08", "drill 2", True), len(db.progress()))
        hand = Hand.deal(seed=287)
        hand.pass_cards(0, hand.cards(0)[:3])  # the game goes on
        print("played on")
    """, folder, read_only=folder)
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert lines[0] == "None"
    assert lines[1].startswith(f"Could not open your learner data at {folder / 'learner.sqlite3'} (")
    assert lines[1].endswith("play goes on, and drills and progress are kept in memory only.")
    assert lines[2:] == ["[1]", "2", "True 2", "played on"]
    assert [d.id for d in open_db(folder).drills()] == [1]  # the file itself is unchanged


def test_a_folder_that_cannot_be_made_gives_a_note(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("a file where the folder should be")
    db = open_db(blocker / "data" / "learner.sqlite3")
    assert db.path is None
    assert db.note.startswith(f"Could not use the data folder {blocker / 'data'} (")
    assert add(db) == 1 and db.due_drills(T0)[0].id == 1


def test_a_full_disk_leaves_play_working_with_a_note(tmp_path):
    # the file size limit stands in for a full disk: writes past it fail with EFBIG
    open_db(tmp_path).close()
    out = _run("""
        import resource, signal
        from hearts_teach.games.hearts.hand import Hand
        from hearts_teach.present.learner_db import open_db
        db = open_db()
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (96 * 1024, resource.RLIM_INFINITY))
        saved = failed = 0
        for seed in range(400):
            hand = Hand.deal(seed=seed)
            r = db.add_mistake(kind="pass", seat=0, position=hand.to_json(),
                               chosen=[str(c) for c in list(hand.cards(0))[:3]], best=["QS", "AH", "KD"], verdict="mistake",
                               cost=1.0, reason="x" * 400, source="t")
            if r is None:
                failed += 1
            else:
                saved += 1
        print(saved > 0, failed > 0)
        print(db.note)
        print(db.set_state("k", "v" * 100000))
        hand = Hand.deal(seed=1)
        hand.pass_cards(0, hand.cards(0)[:3])
        print("played on")
    """, tmp_path)
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert lines[0] == "True True"
    assert lines[1].startswith("Could not save ") and lines[1].endswith("play goes on, but this is not saved.")
    assert lines[2:] == ["False", "played on"]
    assert open_db(tmp_path).note == ""  # what was saved before the disk filled is intact


def test_export_holds_everything_and_forget_deletes_it(tmp_path):
    db = open_db(tmp_path)
    add(db)
    db.answer_drill(1, False, now=T0)
    db.record_progress("02", "q", True, now=T0)
    db.set_state("match", "m")
    data = db.export()
    assert data["format"] == "hearts_teach.learner/1" and data["schema_version"] == SCHEMA_VERSION
    assert [len(data[k]) for k in ("drills", "answers", "progress", "state")] == [1, 1, 1, 1]
    assert json.loads(json.dumps(data)) == data
    db.close()
    (tmp_path / "learner.sqlite3.corrupt-1").write_text("old")
    (tmp_path / "other.txt").write_text("not ours")
    gone = learner_db.forget(tmp_path)
    assert [p.name for p in gone] == ["learner.sqlite3", "learner.sqlite3.corrupt-1"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["other.txt"]
    assert open_db(tmp_path).drills() == []


def test_shared_db_follows_the_data_folder(tmp_path, monkeypatch):
    first = learner_db.shared_db()
    assert learner_db.shared_db() is first
    monkeypatch.setenv("HEARTS_TEACH_DATA", str(tmp_path))
    assert learner_db.shared_db().path == tmp_path / "learner.sqlite3"
