"""The learner's local data: saved mistakes (drills with their review schedule), lesson progress
and a little state the Play app keeps between visits, in one SQLite file on this machine.

Where: ``$HEARTS_TEACH_DATA/learner.sqlite3`` when that variable names a folder, else the user
data folder of ``platformdirs`` (``~/.local/share/hearts_teach`` on Linux). Nothing leaves the
machine: this module only reads and writes that file.

The database never costs a game:

- every write and read is best-effort: a failure (a read-only folder, a full disk, a locked
  file) is caught, ``LearnerDB.note`` says what happened in one line, and the call returns
  ``None`` (or an empty result); only a wrong argument from the caller raises (``ArgumentError``);
- a file that is not a readable database is moved aside to ``learner.sqlite3.corrupt-N`` (the
  first free N) with a message, and a fresh database is made;
- a folder that cannot be written (or a schema from a newer hearts_teach) gives a database in
  memory, with the stored data copied in when it can be read: play goes on, nothing new is kept.

Two kernels may have the file open at once: it runs in WAL mode with a busy timeout, and every
write is one short ``BEGIN IMMEDIATE`` transaction. The schema version is ``PRAGMA user_version``;
``MIGRATIONS[i]`` takes a database from version ``i`` to ``i + 1`` (see docs/development.md).

Drills are scheduled by the ``fsrs`` library (Free Spaced Repetition Scheduler): a right answer
is rated ``Good``, a wrong one ``Again``; every time is UTC and may be passed as ``now``.
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from hearts_teach.kernel.errors import ArgumentError, HeartsError, quote

FILE_NAME = "learner.sqlite3"
ENV_VAR = "HEARTS_TEACH_DATA"
BUSY_TIMEOUT_S = 5.0  # how long a writer waits for another kernel's transaction
KINDS = ("pass", "play")
SAVED_VERDICTS = ("inaccuracy", "mistake", "blunder")  # what the coach grades worse than fine
# a wrong answer comes back after 10 minutes; a right one graduates to days (fsrs's own intervals)
STEPS = (timedelta(minutes=10),)
# SQLite's primary result codes that mean "this file is not a healthy database"
_CORRUPT_CODES = {11, 26}  # SQLITE_CORRUPT, SQLITE_NOTADB


# the schema ---------------------------------------------------------------------------------------
def _v1(db: sqlite3.Connection) -> None:
    """Version 1: saved mistakes and the app's key/value state."""
    db.execute("""CREATE TABLE drills (
        id INTEGER PRIMARY KEY,
        key TEXT NOT NULL UNIQUE,        -- the seat and the position: one drill per decision
        kind TEXT NOT NULL,              -- 'pass' or 'play'
        seat INTEGER NOT NULL,
        position TEXT NOT NULL,          -- a hand record (Hand.to_json) just before the decision
        chosen TEXT NOT NULL,            -- cards as 'QS AH KD'
        best TEXT NOT NULL,
        verdict TEXT NOT NULL,
        cost REAL NOT NULL,              -- expected points given away
        reason TEXT NOT NULL,
        source TEXT NOT NULL,
        created TEXT NOT NULL,           -- ISO time, UTC
        due TEXT NOT NULL,               -- ISO time, UTC (sorts as text)
        card TEXT NOT NULL               -- the fsrs card as JSON
    )""")
    db.execute("CREATE INDEX drills_due ON drills (due)")
    db.execute("CREATE TABLE state (key TEXT PRIMARY KEY, value TEXT NOT NULL)")


def _v2(db: sqlite3.Connection) -> None:
    """Version 2: how often a mistake was made, each answer to a drill, lesson progress."""
    db.execute("ALTER TABLE drills ADD COLUMN times INTEGER NOT NULL DEFAULT 1")
    db.execute("""CREATE TABLE answers (
        drill_id INTEGER NOT NULL REFERENCES drills (id) ON DELETE CASCADE,
        at TEXT NOT NULL,
        correct INTEGER NOT NULL
    )""")
    db.execute("""CREATE TABLE progress (
        lesson TEXT NOT NULL,
        item TEXT NOT NULL,
        passed INTEGER NOT NULL,         -- 1 once answered right (it stays 1)
        attempts INTEGER NOT NULL,
        first TEXT NOT NULL,
        last TEXT NOT NULL,
        PRIMARY KEY (lesson, item)
    )""")


MIGRATIONS: tuple[Callable[[sqlite3.Connection], None], ...] = (_v1, _v2)
SCHEMA_VERSION = len(MIGRATIONS)


def migrate(db: sqlite3.Connection, upto: int = SCHEMA_VERSION) -> int:
    """Bring ``db`` to schema version ``upto``, one migration per transaction; returns the version.
    Two kernels may race here: the version is read again under the write lock."""
    while True:
        db.execute("BEGIN IMMEDIATE")
        try:
            version = db.execute("PRAGMA user_version").fetchone()[0]
            if version >= upto:
                db.execute("COMMIT")
                return version
            MIGRATIONS[version](db)
            db.execute(f"PRAGMA user_version = {version + 1}")
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise


# where the data lives -----------------------------------------------------------------------------
def data_dir() -> Path:
    """The folder of the learner's data: ``$HEARTS_TEACH_DATA``, else the platform's user data folder."""
    env = os.environ.get(ENV_VAR, "").strip()
    if env:
        return Path(env).expanduser()
    from platformdirs import user_data_dir

    return Path(user_data_dir("hearts_teach", appauthor=False))


def db_path(path: str | Path | None = None) -> Path:
    """The database file for ``path``: a folder (one that exists, or a new path without a suffix)
    holds ``learner.sqlite3``; any other path is the file itself."""
    if path is None:
        return data_dir() / FILE_NAME
    p = Path(path).expanduser()
    return p / FILE_NAME if p.is_dir() or (not p.exists() and not p.suffix) else p


def _companions(file: Path) -> list[Path]:
    """The database file with its WAL and shared-memory files."""
    return [file, file.with_name(file.name + "-wal"), file.with_name(file.name + "-shm")]


# times --------------------------------------------------------------------------------------------
def _now(now: datetime | None) -> datetime:
    if now is None:
        return datetime.now(UTC)
    if not isinstance(now, datetime):
        raise ArgumentError(f"expected a datetime, got {quote(now)}", argument="now")
    if now.tzinfo is None:
        raise ArgumentError("give a timezone-aware time, e.g. datetime.now(timezone.utc)", argument="now")
    return now.astimezone(UTC)


def _iso(t: datetime) -> str:
    return t.astimezone(UTC).isoformat(timespec="microseconds")


# what is stored -----------------------------------------------------------------------------------
@dataclass(frozen=True)
class SavedDrill:
    """One saved mistake: the position before the decision and what was chosen there."""

    id: int
    kind: str  # "pass" or "play"
    seat: int
    position: str  # a hand record (JSON): ``Hand.from_json(position)`` restores the position
    chosen: tuple[str, ...]  # card codes, e.g. ("QS",) or ("2C", "3C", "4C")
    best: tuple[str, ...]
    verdict: str
    cost: float
    reason: str
    source: str
    created: datetime
    due: datetime
    times: int  # how often this decision was saved (the same mistake made again)

    def hand(self) -> Any:
        """The position, restored through the checked engine (a ``Hand``)."""
        from hearts_teach.games.hearts.hand import Hand

        return Hand.from_json(self.position)

    def __str__(self) -> str:
        return (f"drill {self.id}: {self.kind} by seat {self.seat}, chose {' '.join(self.chosen)} "
                f"({self.verdict}), due {self.due:%Y-%m-%d %H:%M} UTC")


@dataclass(frozen=True)
class Progress:
    """One lesson item (a quiz question, a drill): answered, and whether right."""

    lesson: str
    item: str
    passed: bool
    attempts: int
    first: datetime
    last: datetime


def _drill(row: sqlite3.Row) -> SavedDrill:
    return SavedDrill(row["id"], row["kind"], row["seat"], row["position"], tuple(row["chosen"].split()),
                      tuple(row["best"].split()), row["verdict"], row["cost"], row["reason"], row["source"],
                      datetime.fromisoformat(row["created"]), datetime.fromisoformat(row["due"]),
                      row["times"])


def _cards(value: Iterable[str] | str, argument: str, kind: str) -> list[str]:
    """Card codes, checked by the engine's own parser, in the canonical form ('QS'); a pass in
    the order the coach names passes (by suit, then rank)."""
    from hearts_teach.kernel.cards import CardList

    if isinstance(value, str):
        value = value.split()
    try:
        cards = CardList(list(value))
        if kind == "pass":
            cards = CardList.from_mask(cards.mask)
        return [str(c) for c in cards]
    except HeartsError as e:
        raise ArgumentError(str(e), argument=argument) from None


def _checked_position(kind: str, seat: int, position: str, chosen: list[str]) -> str:
    """The position as canonical JSON, after checking that ``seat`` makes a ``kind`` decision in it
    and that ``chosen`` is a choice the engine accepts there (a copy of the position tries it).
    A pass position keeps no other seat's pass: the passer cannot see those, and the same deal is
    then one drill however many seats had chosen before."""
    from hearts_teach.games.hearts.hand import Hand, Phase

    try:
        hand = Hand.from_json(position)
    except HeartsError as e:
        raise ArgumentError(f"not a hand record Hand.from_json can restore: {e}", argument="position") from None
    if not 0 <= seat < hand.players:
        raise ArgumentError(f"seat {seat} is not at a table of {hand.players}", argument="seat")
    rec = hand.to_record()
    if kind == "pass":
        if hand.phase is not Phase.PASS or hand.passed(seat) is not None:
            raise ArgumentError(f"seat {seat} has no pass to choose in this position", argument="position")
        rec["passes"] = [[] for _ in rec["passes"]]
        rec["pass_order"] = []
    elif hand.turn != seat:
        raise ArgumentError(f"it is not seat {seat}'s turn to play in this position", argument="position")
    elif len(chosen) != 1:
        raise ArgumentError(f"a play is one card, got {len(chosen)}", argument="chosen")
    try:
        if kind == "pass":
            hand.pass_cards(seat, chosen)
        else:
            hand.play(chosen[0])
    except HeartsError as e:
        raise ArgumentError(str(e), argument="chosen") from None
    return json.dumps(rec, sort_keys=True, separators=(",", ":"))


# the database -------------------------------------------------------------------------------------
class LearnerDB:
    """The learner's database. Open it with ``open_db()``; ``note`` holds the last message for the
    user ("" when all is well). No method raises for a storage failure."""

    def __init__(self, conn: sqlite3.Connection, path: Path | None, note: str = ""):
        self._db = conn
        self.path = path  # None: a database in memory (nothing is kept after this kernel)
        self.note = note
        self._fsrs: Any = None  # the scheduler, made when first needed (fsrs loads on demand)

    # plumbing -------------------------------------------------------------------------------------
    @property
    def persistent(self) -> bool:
        return self.path is not None

    def where(self) -> str:
        """One line: where the data lives."""
        if self.path is None:
            return "Your drills and progress are kept in memory only (until this kernel stops)."
        return f"Your drills and progress are kept on this machine in {self.path}."

    def _fail(self, doing: str, e: Exception) -> None:
        kept = "not saved" if self.persistent else "kept in memory only"
        self.note = f"Could not {doing} ({e}); play goes on, but this is {kept}."

    def _write(self, doing: str, work: Callable[[sqlite3.Connection], Any]) -> Any:
        """Run ``work`` in one write transaction; on a storage failure note it and return None."""
        try:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                result = work(self._db)
                self._db.execute("COMMIT")
            except BaseException:
                if self._db.in_transaction:
                    self._db.execute("ROLLBACK")
                raise
            return result
        except (sqlite3.Error, OSError) as e:
            self._fail(doing, e)
            return None

    def _run(self, doing: str, sql: str, args: tuple) -> bool:
        """One statement in its own write transaction; True when stored."""
        return self._write(doing, lambda db: db.execute(sql, args).rowcount) is not None

    def _read(self, doing: str, work: Callable[[sqlite3.Connection], Any], empty: Any) -> Any:
        try:
            return work(self._db)
        except (sqlite3.Error, OSError) as e:
            self.note = f"Could not {doing} ({e})."
            return empty

    def close(self) -> None:
        try:
            self._db.close()
        except sqlite3.Error:
            pass

    def __enter__(self) -> LearnerDB:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"open_db({str(self.path)!r})" if self.path else "open_db(':memory:')"

    # drills ---------------------------------------------------------------------------------------
    def add_mistake(self, *, kind: str, seat: int, position: str, chosen: list[str], best: list[str],
                    verdict: str, cost: float, reason: str, source: str,
                    now: datetime | None = None) -> int | None:
        """Save a decision graded inaccuracy or worse as a drill, due now; returns its id.

        ``position`` is ``hand.to_json()`` of the position just before the decision (the pass
        phase with ``seat``'s pass not yet chosen, or ``seat`` to play). The same seat and
        position saved again updates the one drill (the latest answer, ``times`` + 1, due now)
        and returns its id. A wrong argument raises ``ArgumentError``; a storage failure returns
        None with ``note`` set."""
        if kind not in KINDS:
            raise ArgumentError(f"expected 'pass' or 'play', got {quote(kind)}", argument="kind")
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise ArgumentError(f"expected a seat number, got {quote(seat)}", argument="seat")
        if not isinstance(position, str):
            raise ArgumentError(f"expected the JSON text of hand.to_json(), got {type(position).__name__}",
                                argument="position")
        chosen_cards, best_cards = _cards(chosen, "chosen", kind), _cards(best, "best", kind)
        canonical = _checked_position(kind, seat, position, chosen_cards)
        key = hashlib.sha256(f"{seat}|{canonical}".encode()).hexdigest()
        t = _now(now)
        card = _new_card(t)

        def work(db: sqlite3.Connection) -> int:
            row = db.execute("SELECT id, card FROM drills WHERE key = ?", (key,)).fetchone()
            fields = (" ".join(chosen_cards), " ".join(best_cards), str(verdict), float(cost), str(reason),
                      str(source))
            if row is None:
                cur = db.execute(
                    "INSERT INTO drills (key, kind, seat, position, chosen, best, verdict, cost, reason, "
                    "source, created, due, card) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (key, kind, seat, canonical, *fields, _iso(t), _iso(t), ""))
                drill_id = int(cur.lastrowid)
                card.card_id = drill_id
                db.execute("UPDATE drills SET card = ? WHERE id = ?", (card.to_json(), drill_id))
                return drill_id
            again = _load_card(row["card"])
            again.due = t  # the same mistake made again: practise it now
            db.execute("UPDATE drills SET chosen = ?, best = ?, verdict = ?, cost = ?, reason = ?, source = ?, "
                       "due = ?, card = ?, times = times + 1 WHERE id = ?",
                       (*fields, _iso(t), again.to_json(), row["id"]))
            return int(row["id"])

        return self._write("save this drill", work)

    def due_drills(self, now: datetime | None = None, limit: int = 10) -> list[SavedDrill]:
        """The drills due at ``now``, the longest overdue first (at most ``limit``)."""
        t = _iso(_now(now))
        return self._read("read your drills", lambda db: [_drill(r) for r in db.execute(
            "SELECT * FROM drills WHERE due <= ? ORDER BY due, id LIMIT ?", (t, int(limit)))], [])

    def drills(self) -> list[SavedDrill]:
        """Every saved drill, in the order saved."""
        return self._read("read your drills", lambda db: [_drill(r) for r in db.execute(
            "SELECT * FROM drills ORDER BY id")], [])

    def get_drill(self, drill_id: int) -> SavedDrill | None:
        rows = self._read("read a drill", lambda db: db.execute(
            "SELECT * FROM drills WHERE id = ?", (int(drill_id),)).fetchall(), [])
        return _drill(rows[0]) if rows else None

    def answer_drill(self, drill_id: int, correct: bool, now: datetime | None = None) -> SavedDrill | None:
        """Record an answer to a drill and schedule its next time with fsrs (right: ``Good``,
        wrong: ``Again``); returns the drill with its new ``due``, or None (unknown id, or a
        storage failure, with ``note`` set)."""
        from fsrs import Rating

        t = _now(now)
        rating = Rating.Good if correct else Rating.Again

        def work(db: sqlite3.Connection) -> SavedDrill | None:
            row = db.execute("SELECT card FROM drills WHERE id = ?", (int(drill_id),)).fetchone()
            if row is None:
                self.note = f"There is no saved drill {drill_id}."
                return None
            if self._fsrs is None:
                self._fsrs = _scheduler()
            card, _log = self._fsrs.review_card(_load_card(row["card"]), rating, review_datetime=t)
            db.execute("UPDATE drills SET due = ?, card = ? WHERE id = ?", (_iso(card.due), card.to_json(),
                                                                           int(drill_id)))
            db.execute("INSERT INTO answers (drill_id, at, correct) VALUES (?, ?, ?)",
                       (int(drill_id), _iso(t), int(bool(correct))))
            return _drill(db.execute("SELECT * FROM drills WHERE id = ?", (int(drill_id),)).fetchone())

        return self._write("save your answer", work)

    # the app's state ------------------------------------------------------------------------------
    def get_state(self, key: str, default: str | None = None) -> str | None:
        rows = self._read("read the saved state", lambda db: db.execute(
            "SELECT value FROM state WHERE key = ?", (str(key),)).fetchall(), [])
        return rows[0][0] if rows else default

    def set_state(self, key: str, value: str) -> bool:
        """Keep ``value`` (text, e.g. a match record) under ``key``; True when stored."""
        if not isinstance(value, str):
            raise ArgumentError(f"expected text, got {type(value).__name__}", argument="value")
        return self._run("save the game state",
                         "INSERT INTO state (key, value) VALUES (?, ?) "
                         "ON CONFLICT (key) DO UPDATE SET value = excluded.value", (str(key), value))

    def delete_state(self, key: str) -> bool:
        return self._run("clear the game state", "DELETE FROM state WHERE key = ?", (str(key),))

    # lesson progress ------------------------------------------------------------------------------
    def record_progress(self, lesson: str, item: str, passed: bool, now: datetime | None = None) -> bool:
        """Note an answer to ``item`` of ``lesson``: one more attempt, passed once answered right."""
        t = _iso(_now(now))
        return self._run("save your progress",
                         "INSERT INTO progress (lesson, item, passed, attempts, first, last) "
                         "VALUES (?, ?, ?, 1, ?, ?) ON CONFLICT (lesson, item) DO UPDATE SET "
                         "passed = max(passed, excluded.passed), attempts = attempts + 1, last = excluded.last",
                         (str(lesson), str(item), int(bool(passed)), t, t))

    def progress(self) -> list[Progress]:
        """Every item answered, by lesson then item."""
        return self._read("read your progress", lambda db: [
            Progress(r["lesson"], r["item"], bool(r["passed"]), r["attempts"],
                     datetime.fromisoformat(r["first"]), datetime.fromisoformat(r["last"]))
            for r in db.execute("SELECT * FROM progress ORDER BY lesson, item")], [])

    # everything -----------------------------------------------------------------------------------
    def export(self) -> dict[str, Any]:
        """Everything stored, as plain JSON-ready data."""
        def table(name: str) -> list[dict[str, Any]]:
            return self._read(f"read {name}", lambda db: [dict(r) for r in db.execute(
                f"SELECT * FROM {name} ORDER BY rowid")], [])

        drills = table("drills")
        for d in drills:  # the position and the fsrs card as JSON objects, not strings inside JSON
            d["position"], d["card"] = json.loads(d["position"]), json.loads(d["card"])
        return {"format": "hearts_teach.learner/1", "schema_version": SCHEMA_VERSION,
                "path": str(self.path) if self.path else None,
                "drills": drills, "answers": table("answers"),
                "progress": table("progress"), "state": table("state")}


# fsrs ---------------------------------------------------------------------------------------------
def _scheduler() -> Any:
    from fsrs import Scheduler

    # no fuzzing: the same answers at the same times give the same schedule (tests, notebooks)
    return Scheduler(learning_steps=STEPS, relearning_steps=STEPS, enable_fuzzing=False)


def _new_card(t: datetime) -> Any:
    from fsrs import Card

    return Card(card_id=0, due=t)  # the id is the drill's, set once the row exists


def _load_card(text: str) -> Any:
    from fsrs import Card

    return Card.from_json(text)


# opening ------------------------------------------------------------------------------------------
def _connect(target: str, uri: bool = False) -> sqlite3.Connection:
    conn = sqlite3.connect(target, timeout=BUSY_TIMEOUT_S, isolation_level=None, uri=uri,
                           check_same_thread=False)  # the app saves from a background thread too
    conn.row_factory = sqlite3.Row
    conn.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT_S * 1000)}")
    # with WAL, NORMAL never corrupts the file; a power cut may lose only the last answer
    conn.execute("PRAGMA synchronous = NORMAL")
    return conn


def _is_corrupt(e: sqlite3.Error) -> bool:
    code = getattr(e, "sqlite_errorcode", None)
    return code is not None and code & 0xFF in _CORRUPT_CODES


def _move_aside(file: Path) -> Path:
    """Rename a corrupt database to ``NAME.corrupt-N`` (the first free N), its WAL files beside it."""
    n = 1
    while any(p.with_name(p.name + f".corrupt-{n}").exists() for p in _companions(file)):
        n += 1
    for p in _companions(file):
        if p.exists():
            p.rename(p.with_name(p.name + f".corrupt-{n}"))
    return file.with_name(file.name + f".corrupt-{n}")


def _open_file(file: Path) -> sqlite3.Connection:
    file.parent.mkdir(parents=True, exist_ok=True)
    conn = _connect(str(file))
    try:
        conn.execute("PRAGMA journal_mode = WAL").fetchone()
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            raise _NewerSchema(version)
        if version < SCHEMA_VERSION:
            migrate(conn)
        # a damaged page anywhere (the file is small: this takes milliseconds)
        problems = [r[0] for r in conn.execute("PRAGMA quick_check(3)")]
        if problems != ["ok"]:
            raise _Damaged(problems[0])
        return conn
    except BaseException:
        conn.close()
        raise


class _Damaged(sqlite3.DatabaseError):
    """``PRAGMA quick_check`` found damage that no read had raised yet."""

    sqlite_errorcode = 11  # SQLITE_CORRUPT, as SQLite itself would say

    def __init__(self, problem: str):
        super().__init__(f"database disk image is malformed: {problem}")


class _NewerSchema(Exception):
    def __init__(self, version: int):
        super().__init__(f"schema version {version}, newer than this hearts_teach's {SCHEMA_VERSION}")


def _in_memory(file: Path) -> sqlite3.Connection:
    """A fresh database in memory, with the stored data copied in when the file can be read."""
    conn = _connect(":memory:")
    try:
        src = _connect(f"{file.resolve().as_uri()}?mode=ro&immutable=1", uri=True)
        try:
            src.backup(conn)
        finally:
            src.close()
        if conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION:
            return conn
        conn.close()
    except (sqlite3.Error, OSError, ValueError):
        conn.close()
    conn = _connect(":memory:")
    migrate(conn)
    return conn


def open_db(path: str | Path | None = None) -> LearnerDB:
    """Open (or create) the learner's database: ``path`` a file or a folder (":memory:": a database
    in memory), else the data folder (``$HEARTS_TEACH_DATA`` or the user data folder). Never raises for a storage problem: a corrupt
    file is moved aside, an unwritable folder gives a database in memory; ``note`` says which."""
    if str(path) == ":memory:":
        conn = _connect(":memory:")
        migrate(conn)
        return LearnerDB(conn, None)
    file = db_path(path)
    note = ""
    for _attempt in range(2):
        try:
            return LearnerDB(_open_file(file), file, note)
        except _NewerSchema as e:
            note = (f"Your learner data at {file} was written by a newer hearts_teach ({e}); it is left "
                    f"as it is, and this session keeps its drills and progress in memory only.")
            break
        except sqlite3.Error as e:
            if _is_corrupt(e) and note == "":
                try:
                    moved = _move_aside(file)
                except OSError as moving:
                    note = (f"Your learner data at {file} is unreadable ({e}) and could not be moved "
                            f"aside ({moving}); drills and progress are kept in memory only.")
                    break
                note = (f"Your learner data at {file} was unreadable ({e}); it was moved to "
                        f"{moved.name} and a fresh one was started.")
                continue
            note = note or (f"Could not open your learner data at {file} ({e}); play goes on, and drills "
                            f"and progress are kept in memory only.")
            break
        except OSError as e:
            note = (f"Could not use the data folder {file.parent} ({e.strerror or e}); play goes on, and "
                    f"drills and progress are kept in memory only.")
            break
    return LearnerDB(_in_memory(file), None, note)


# the shared database of this kernel ---------------------------------------------------------------
_shared: dict[Path, LearnerDB] = {}


def shared_db() -> LearnerDB:
    """This kernel's database for the current data folder (opened once per folder), for widgets
    that record progress. ``HEARTS_TEACH_DATA`` is read each time, so a test's folder is honoured."""
    file = db_path()
    db = _shared.get(file)
    if db is None:
        db = _shared[file] = open_db(file)
    return db


def forget(path: str | Path | None = None) -> list[Path]:
    """Delete the learner's database (with its WAL files and any moved-aside corrupt copies);
    returns the files deleted."""
    file = db_path(path)
    for key in [k for k in _shared if k == file]:
        _shared.pop(key).close()
    gone = []
    if file.parent.is_dir():
        for p in sorted(file.parent.iterdir()):
            if p.name == file.name or p.name.startswith(file.name + "-") or p.name.startswith(file.name + "."):
                p.unlink()
                gone.append(p)
    return gone


__all__ = ["ENV_VAR", "FILE_NAME", "MIGRATIONS", "SCHEMA_VERSION", "LearnerDB", "Progress", "SavedDrill",
           "data_dir", "db_path", "forget", "migrate", "open_db", "shared_db"]
