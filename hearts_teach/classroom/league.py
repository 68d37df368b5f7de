"""A class league: students' bot files play duplicate Hearts against each other.

    python -m hearts_teach league alice.py bob.py carol.py --hands 200 --seed 1
    python -m hearts_teach league bots/*.py --hands 10000 --workers 2 --out league-run
    python -m hearts_teach league bots/*.py --scheduler tcp://10.0.0.5:8786 --json

Each FILE is a Python module with ``choose_pass(view)`` (3 cards) and ``choose_play(view)``
(one card); the bot's name is the file's stem.

**Tables.** On every deal all bots play: they are split into tables of 4 (when the count
is not a multiple of 4, one table is filled up with house rule bots, which are not ranked;
the bots that have sat with house bots least often go there). Each table plays the deal
4 times, rotating the seats, so every bot plays every deal once from every seat: the same
cards go round every seating and luck cancels. Who sits with whom changes from deal to
deal: a seeded greedy choice seats together the bots that have met least so far, so every
bot meets every other within the first few deals (at most as many deals as there are
bots, in our checks: 18 deals for 30 bots; the table says how many pairs have met).

**Untrusted code.** A bot runs only in its own child process (``hearts_teach.classroom.bot_sandbox``)
inside the OS sandbox (``hearts_teach.classroom.os_sandbox``: bubblewrap, no network, no
files of the teacher's, as ``nobody``), never in the league's process: with no ``--workers``
the tables are played in this process and every bot in a child of it; with Dask, the
tables are played in the worker processes and the bots in their children, each worker with
the same sandbox. Without bubblewrap the league refuses to start unless ``--no-os-sandbox``
is given (then the leaderboard says that the run was not isolated). A bot that raises, answers with something that
is not a legal choice, or does not answer within the move limit (default 1 s) gets the
highest-card bot's move instead (a stand-in weaker than any sensible bot, so leaving moves
to it does not pay: with the rule bot standing in, a bot answering ``None`` everywhere
topped the table), and the incident is counted under its ``problems`` with a reason. After a timeout
or a crash the stand-in plays for it for the rest of that hand. (A bot
is not asked when it holds a single legal card: the move is forced.)

**Reproducible.** Every task (one table on one deal) is described completely by its
inputs: the deal comes from (league seed, deal number); a bot's ``random`` module (and
numpy's global generator, when the bot uses it) is seeded from (league seed, deal,
seating, bot), and every hand runs in a fresh fork of the bot's process (the module
executed afresh, nothing kept from earlier hands). So the same seed gives the
same table with one worker, with K workers or on a cluster. Two things a seed cannot fix:
a bot that makes its own unseeded generator (``random.Random()``) or reads the clock, and
a bot whose moves take about as long as the move limit (it may time out on one machine
and not on another).

The code: ``league_tables`` (bot files, seating, one table's play), ``league_results``
(results file, leaderboard), this module (running it, the command line).

**Resumable.** With ``--out DIR`` every finished task is appended to ``DIR/results.jsonl``
as soon as it comes back (one checked line per task); running the same command again
skips what is there. A larger ``--hands`` with the same files and seed extends a league.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

from hearts_teach.classroom import dask_cluster
from hearts_teach.classroom.league_results import LeagueResult, ResultsFile, Standing, standings
from hearts_teach.classroom.league_tables import (
    HOUSE,
    BotFile,
    LeagueError,
    bot_seed,
    deal_seed,
    play_table,
    read_bots,
    schedule,
    suspect_words,
    task_key,
)
from hearts_teach.classroom.os_sandbox import NOT_ISOLATED, OsSandboxMissing, require
from hearts_teach.classroom.output_paths import folder_problem
from hearts_teach.kernel.errors import HeartsError, quote
from hearts_teach.kernel.rng import hash64
from hearts_teach.kernel.validation import check_seed, positive_int

MOVE_LIMIT = 1.0
HANDS_MAX = 100_000  # deals; far beyond a class league (each deal is 4 hands per bot)
MOVE_LIMIT_MAX = 600.0  # ten minutes a decision: more would only hide a bot that never answers
FORMAT = 2  # results file format
WORKERS_MAX = 64  # local Dask worker processes (each plays one table at a time, with its bots' processes)


# ----------------------------------------------------------------------------------------
# running


def make_tasks(bots: Sequence[BotFile], deals: int, seed: int, move_limit: float,
               isolate: bool = True) -> list[dict]:
    sources = {b.name: (b.source, Path(b.filename).name) for b in bots}
    tasks = []
    for d, tables in enumerate(schedule(len(bots), deals, seed)):
        for t, table in enumerate(tables):
            entries = [bots[b].name if b >= 0 else None for b in table]
            tasks.append({"key": task_key(d, t), "seed": seed, "deal": d, "table": t, "entries": entries,
                          "sources": {e: sources[e] for e in entries if e is not None},
                          "move_limit": move_limit, "isolate": isolate})
    return tasks


def _run_inline(tasks: list[dict]) -> Iterator[dict]:
    from hearts_teach.classroom.bot_sandbox import close_all

    try:
        for task in tasks:
            yield play_table(task)
    finally:
        close_all()


class _Interrupt:
    """Ctrl-C while the league runs, never lost: the handler notes it and raises. The
    ``KeyboardInterrupt`` may surface inside a finaliser (a Dask future's ``__del__`` runs in
    this thread), where Python would print it as ignored and go on; the note makes the loop
    stop at the next table anyway, and the ignored one is not printed."""

    def __init__(self) -> None:
        import signal
        import threading

        self.seen = False
        self.saved: Any = None
        self.hook: Any = None
        if threading.current_thread() is threading.main_thread() \
                and signal.getsignal(signal.SIGINT) is signal.default_int_handler:
            self.saved = signal.signal(signal.SIGINT, self._handle)
            self.hook = sys.unraisablehook
            sys.unraisablehook = self._unraisable

    def _unraisable(self, info: Any) -> None:
        if not (self.seen and isinstance(info.exc_value, KeyboardInterrupt)):
            self.hook(info)

    def _handle(self, signum: int, frame: Any) -> None:
        self.seen = True
        raise KeyboardInterrupt

    def check(self) -> None:
        if self.seen:
            raise KeyboardInterrupt

    def restore(self) -> None:
        import signal

        if self.saved is not None:
            signal.signal(signal.SIGINT, self.saved)
            sys.unraisablehook = self.hook
            self.saved = None


GROUP_MAX = 8  # tables in one Dask task at most


def table_groups(tasks: Sequence[dict], workers: int) -> list[list[dict]]:
    """Consecutive tables in groups that shrink towards the end. Each Dask task costs the
    scheduler, the client and the worker several messages, about as much CPU as a tenth of a
    table (measured on a 2-core box), and that CPU competes with the bots once every core is
    busy; so early groups are large, and the last ones single tables, so no worker waits long
    for another's last group."""
    groups, k = [], 0
    while k < len(tasks):
        size = max(1, min(GROUP_MAX, (len(tasks) - k) // (4 * max(1, workers))))
        groups.append(list(tasks[k:k + size]))
        k += size
    return groups


def play_tables(group: list[dict]) -> list[dict]:
    """``play_table`` for each table of a group, in order (one Dask task)."""
    return [play_table(task) for task in group]


def _run_dask(tasks: list[dict], workers: int | None, scheduler: str | None,
              window: int = 0) -> Iterator[dict]:
    def key(group: list[dict]) -> str:
        first, last = group[0], group[-1]
        return (f"hearts-league-{first['key']}-{last['key']}-{first['seed']}-"
                f"{hash64(json.dumps(group, sort_keys=True)):x}")

    with dask_cluster.client(workers, scheduler, LeagueError) as client:
        count = dask_cluster.worker_count(client)
        # two groups per worker on the cluster: one playing, one waiting (results stream back)
        groups = table_groups(tasks, count)
        for _group, fut in dask_cluster.as_finished(client, play_tables, groups, key, window or 2 * max(1, count)):
            try:
                results = fut.result()
            except Exception as e:  # e.g. KilledWorker: a worker process died on one of these tables
                raise LeagueError(f"tables {fut.key} could not be played on the cluster ({type(e).__name__}: "
                                  f"{e}); the finished tables are kept when --out is given") from e
            yield from results


def run_league(files: Sequence[str | os.PathLike], hands: int = 100, seed: int = 0, *,
               workers: int | None = None, scheduler: str | None = None,
               out: str | os.PathLike | None = None, move_limit: float = MOVE_LIMIT,
               progress: bool | None = None, on_result: Callable[[dict], None] | None = None,
               isolate: bool = True) -> LeagueResult:
    """Run a league (see the module docstring) and return its standings.

    workers: a local Dask cluster with this many worker processes; scheduler: the address
    of a running Dask scheduler; neither: tables are played here, bots in child processes.
    out: a folder for the results file (resumable); its parent folder must exist.
    isolate: every bot runs in the OS sandbox (``os_sandbox``); where none can be made this
    raises ``OsSandboxMissing`` before any work. ``isolate=False`` runs bots as plain child
    processes, and the result says that the run was not isolated."""
    if isinstance(hands, bool) or not isinstance(hands, int) or not 1 <= hands <= HANDS_MAX:
        raise LeagueError(f"--hands must be a whole number from 1 to {HANDS_MAX:,}, got {quote(hands)}")
    if workers is not None and (isinstance(workers, bool) or not isinstance(workers, int)
                                or not 1 <= workers <= WORKERS_MAX):
        raise LeagueError(f"--workers must be a whole number from 1 to {WORKERS_MAX}, got {quote(workers)}")
    if scheduler is not None and not isinstance(scheduler, str):
        raise LeagueError(f"--scheduler must be an address such as tcp://127.0.0.1:8786, got {quote(scheduler)}")
    if workers is not None and scheduler:
        raise LeagueError("give --workers or --scheduler, not both")
    if isinstance(move_limit, bool) or not isinstance(move_limit, int | float) \
            or not 0 < move_limit <= MOVE_LIMIT_MAX:  # inf would let a bot that never answers hang the league
        raise LeagueError(f"--move-limit must be a number of seconds above 0 and at most {MOVE_LIMIT_MAX:g}, "
                          f"got {quote(move_limit)}")
    check_seed(seed, "--seed", error=LeagueError)
    if out is not None and not isinstance(out, str | os.PathLike):
        raise LeagueError(f"--out must be a folder name, got {quote(out)}")
    if out is not None:
        check_folder(out, "--out")
    bots = read_bots(files)
    require(isolate)  # before any work: the fix is named, or the teacher opts out
    tasks = make_tasks(bots, hands, seed, move_limit, isolate)
    settings = {"format": FORMAT, "seed": seed, "move_limit": move_limit, "hands": hands,
                "bots": {b.name: b.digest for b in bots}}
    try:
        store = ResultsFile(out, settings) if out is not None else None
    except OSError as e:
        raise LeagueError(f"--out {quote(str(out))}: cannot use it as the results folder "
                          f"({e.strerror or type(e).__name__})") from None
    done = store.load() if store is not None else {}
    wanted = {t["key"] for t in tasks}
    results = [r for k, r in done.items() if k in wanted]
    todo = [t for t in tasks if t["key"] not in done]
    from hearts_teach.agents.tournament import _Progress

    bar = _Progress(len(tasks), progress, label="league", unit="tables")
    bar.update(len(results))
    backend = _run_inline(todo) if workers is None and not scheduler else _run_dask(todo, workers, scheduler)
    interrupted = _Interrupt()
    try:
        for r in backend:
            interrupted.check()
            results.append(r)
            if store is not None:
                store.append(r)
            if on_result is not None:
                on_result(r)
            bar.update(len(results))
    finally:
        interrupted.restore()
        close = getattr(backend, "close", None)
        if close is not None:
            close()
        if store is not None:
            store.close()
    return standings(bots, results, hands, seed, move_limit, isolated=isolate)


def _usable(check: Callable[[str | os.PathLike, str], None]) -> Callable[[str | os.PathLike, str], None]:
    """A path the system refuses to look at (a name too long, a NUL byte) is one line too."""
    def checked(value: str | os.PathLike, option: str) -> None:
        try:
            check(value, option)
        except (OSError, ValueError) as exc:
            if isinstance(exc, LeagueError):
                raise
            why = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
            raise LeagueError(f"{option} {quote(str(value))}: not a usable path ({why})") from None
    return checked


@_usable
def check_folder(folder: str | os.PathLike, option: str) -> None:
    """A results folder: it may be new, but the folder it goes in must exist and be writable."""
    problem = folder_problem(folder, option, quote)
    if problem:
        raise LeagueError(problem)


@_usable
def check_file(file: str | os.PathLike, option: str) -> None:
    """An output file: its folder must exist and be writable (checked before any table is played)."""
    path = Path(file).expanduser()
    if path.is_dir():
        raise LeagueError(f"{option} {quote(str(file))}: that is a folder; give a file name")
    if not path.parent.is_dir():
        raise LeagueError(f"{option} {quote(str(file))}: the folder {quote(str(path.parent))} does not exist")
    if not os.access(path.parent, os.W_OK | os.X_OK) or (path.exists() and not os.access(path, os.W_OK)):
        raise LeagueError(f"{option} {quote(str(file))}: it cannot be written")


# ----------------------------------------------------------------------------------------
# command line


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("files", nargs="+", metavar="FILE",
                   help="students' bot modules, each with choose_pass(view) and choose_play(view)")
    p.add_argument("--hands", type=positive_int, default=100, metavar="N",
                   help="deals; every bot plays each deal from all 4 seats (default 100)")
    p.add_argument("--seed", type=int, default=0, metavar="S", help="seed of the deals and tables")
    where = p.add_mutually_exclusive_group()
    where.add_argument("--workers", type=int, metavar="K",
                       help=f"run on a local Dask cluster of K processes (1 to {WORKERS_MAX})")
    where.add_argument("--scheduler", metavar="ADDRESS",
                       help="run on an existing Dask cluster, e.g. tcp://127.0.0.1:8786")
    p.add_argument("--move-limit", type=float, default=MOVE_LIMIT, metavar="SECONDS",
                   help="time allowed per decision (default 1)")
    p.add_argument("--out", metavar="DIR",
                   help="write results as they come to DIR/results.jsonl; run again to resume")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--html", metavar="OUT", help="write an HTML page with the table and a plot")
    p.add_argument("--no-os-sandbox", action="store_true",
                   help="run the bots without the OS sandbox (bubblewrap) where it is missing; "
                        "the leaderboard then says the run was not isolated")


ROOT_WARNING = ("league: warning: --no-os-sandbox as root, and Python is installed where other users cannot "
                "read it, so the bots run as root: a bot cannot write into a file, but it could empty or "
                "delete any file. Install bubblewrap, or run the league as an ordinary user.")


def main_league(args: argparse.Namespace) -> int:
    from hearts_teach.classroom.bot_sandbox import bots_run_as_root

    t0 = time.monotonic()
    isolate = not getattr(args, "no_os_sandbox", False)
    try:
        if args.html:
            check_file(args.html, "--html")
        if args.out:
            check_folder(args.out, "--out")
        require(isolate)
    except (LeagueError, OsSandboxMissing) as e:
        print(f"league: {e}", file=sys.stderr)
        return 2
    if not isolate and not args.scheduler and bots_run_as_root():  # on a cluster, the workers' machines count
        print(ROOT_WARNING, file=sys.stderr)
    try:
        result = run_league(args.files, hands=args.hands, seed=args.seed, workers=args.workers,
                            scheduler=args.scheduler, out=args.out, move_limit=args.move_limit, isolate=isolate)
    except KeyboardInterrupt:
        where = f"; run the same command again to resume from {args.out}" if args.out else \
            " (use --out DIR to keep finished tables and resume)"
        print(f"\nleague: interrupted{where}", file=sys.stderr)
        return 130
    except (HeartsError, ValueError, OSError) as e:
        print(f"league: {e}", file=sys.stderr)
        return 2
    if args.json:
        print(result.to_json())
    else:
        print(result.table())
        if sys.stderr.isatty():
            print(f"({time.monotonic() - t0:.1f} s)", file=sys.stderr)
    if args.html:
        try:
            Path(args.html).write_text(result.html(), encoding="utf-8")
        except OSError as e:  # a full disk, say: checked at the start, it can still fail at the end
            print(f"league: the page could not be written to {args.html} ({e.strerror or e}); the table "
                  f"above is complete", file=sys.stderr)
            return 1
    return 0


__all__ = ["HOUSE", "NOT_ISOLATED", "BotFile", "LeagueError", "LeagueResult", "ResultsFile",
           "Standing", "bot_seed", "deal_seed", "make_tasks", "play_table", "read_bots", "run_league", "schedule",
           "standings", "suspect_words", "task_key"]
