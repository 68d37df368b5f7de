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

**Untrusted code.** A bot runs only in its own child process (``hearts_teach.classroom.bot_sandbox``),
never in the league's process: with no ``--workers`` the tables are played in this
process and every bot in a child of it; with Dask, the tables are played in the worker
processes and the bots in their children. A bot that raises, answers with something that
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

**Resumable.** With ``--out DIR`` every finished task is appended to ``DIR/results.jsonl``
as soon as it comes back (one checked line per task); running the same command again
skips what is there. A larger ``--hands`` with the same files and seed extends a league.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import os
import re
import sys
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from html import escape
from pathlib import Path
from typing import Any

from hearts_teach.kernel.cards import DECK, Card, CardList
from hearts_teach.kernel.errors import HeartsError, quote
from hearts_teach.kernel.rng import Rng, hash64
from hearts_teach.kernel.table import SEAT_COUNT
from hearts_teach.kernel.validation import check_seed, positive_int

HOUSE = "rule (house)"  # the name shown for a house seat
MOVE_LIMIT = 1.0
HANDS_MAX = 100_000  # deals; far beyond a class league (each deal is 4 hands per bot)
MOVE_LIMIT_MAX = 600.0  # ten minutes a decision: more would only hide a bot that never answers
FORMAT = 2  # results file format


class LeagueError(HeartsError):
    """A league that cannot run as asked (bad files, a results folder of another league)."""


# ----------------------------------------------------------------------------------------
# bots and tables


@dataclass(frozen=True)
class BotFile:
    name: str
    source: str
    filename: str

    @property
    def digest(self) -> str:
        return hashlib.sha256(self.source.encode("utf-8")).hexdigest()


def read_bots(files: Sequence[str | os.PathLike]) -> list[BotFile]:
    """Read the bot files (name = file stem). Nothing of them is run here."""
    bots: list[BotFile] = []
    seen: dict[str, str] = {}
    if isinstance(files, str | bytes | os.PathLike) or not isinstance(files, list | tuple):
        raise LeagueError(f"files: expected a list of bot file names, got {quote(files)}")
    for f in files:
        if not isinstance(f, str | os.PathLike):
            raise LeagueError(f"files: a bot file name is a string or a path, got {type(f).__name__} {quote(f)}")
        path = Path(f)
        name = path.stem
        shown = quote(str(f))
        if path.suffix != ".py":
            raise LeagueError(f"{shown}: a bot is a Python file ending in .py")
        if not name.isidentifier():
            raise LeagueError(f"{shown}: the file name must be a Python name (letters, digits, _), "
                              f"because it is the bot's name")
        if name in seen and Path(seen[name]).resolve() == path.resolve():
            raise LeagueError(f"{f} is given twice; give each bot file once")
        if name in seen:
            raise LeagueError(f"two bots are called {quote(name)} ({quote(seen[name])} and {shown}); "
                              f"rename one file")
        try:
            source = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as e:
            reason = e.strerror if isinstance(e, OSError) and e.strerror else type(e).__name__
            raise LeagueError(f"{shown}: cannot read it ({reason})") from None
        seen[name] = str(f)
        bots.append(BotFile(name, source, str(path)))
    if not bots:
        raise LeagueError("give at least one bot file")
    return bots


# words in a bot file that suggest it does more than read its View: the engine's deals and
# bots (a bot that knows the league's seed can rebuild every hand with Hand.deal), other
# files, other processes. A note for the teacher to look, not a verdict: names can be hidden.
SUSPECT_WORDS = re.compile(
    r"(\bhearts_teach\.(?!kernel\.cards\b|games\.hearts\.view\b)\w+(?:\.\w+)*|\b(?:Hand|deal_seed|hash64|Rng|make_bot|RuleBot|PlayState|"
    r"open|__import__|importlib|subprocess|glob|listdir|scandir|getppid|ctypes|gc)\b|/proc\b)")
# importing the card vocabulary is what the lesson does
CARD_IMPORT = re.compile(r"^[ \t]*from[ \t]+hearts_teach(?:\.kernel\.cards|\.games\.hearts\.view)?[ \t]+import[ \t]+\(?[ \t]*"
                         r"(?:(?:Card|CardList|Suit|View)[ \t]*,?[ \t]*)+\)?[ \t]*$", re.MULTILINE)


def suspect_words(source: str) -> list[str]:
    """The suspicious words in a bot's source, each once, in order of first appearance."""
    text = CARD_IMPORT.sub("", source)
    found: list[str] = []
    for m in SUSPECT_WORDS.finditer(text):
        if m.group(1) not in found:
            found.append(m.group(1))
    return found


Table = tuple[int, ...]  # bot numbers; -1 is a house rule bot


def schedule(n_bots: int, deals: int, seed: int) -> list[list[Table]]:
    """The tables of every deal: a list (per deal) of tables of SEAT_COUNT (4) bot numbers (-1: house).

    Deterministic from (n_bots, seed), and a prefix of a longer schedule is the shorter
    one, so a league can be extended."""
    meets = [[0] * n_bots for _ in range(n_bots)]
    house = [0] * n_bots
    out: list[list[Table]] = []
    for d in range(deals):
        order = list(range(n_bots))
        Rng(hash64(f"league-tables/{seed}/{d}")).shuffle(order)
        tables: list[Table] = []
        short = n_bots % SEAT_COUNT
        remaining = order
        if short:
            # the filled-up table goes to the bots that have met house bots least
            first = sorted(remaining, key=lambda b: (house[b], order.index(b)))[:short]
            tables.append(tuple(first) + (-1,) * (SEAT_COUNT - short))
            remaining = [b for b in remaining if b not in first]
        while remaining:
            table = [remaining.pop(0)]
            while len(table) < SEAT_COUNT:
                best = min(remaining, key=lambda b: (sum(meets[b][t] for t in table), remaining.index(b)))
                remaining.remove(best)
                table.append(best)
            tables.append(tuple(table))
        for t in tables:
            members = [b for b in t if b >= 0]
            for a in members:
                if len(members) < SEAT_COUNT:
                    house[a] += 1
                for b in members:
                    if a != b:
                        meets[a][b] += 1
        out.append(tables)
    return out


def deal_seed(seed: int, deal: int) -> int:
    return hash64(f"league/{seed}/deal/{deal}")


def bot_seed(seed: int, deal: int, rotation: int, entry: int) -> int:
    return hash64(f"league/{seed}/deal/{deal}/seating/{rotation}/entry/{entry}")


def task_key(deal: int, table: int) -> str:
    return f"d{deal:06d}-t{table:02d}"


# ----------------------------------------------------------------------------------------
# one task: a table plays one deal in 4 seatings (runs in a worker)


class _Problems:
    """Counts per bot and kind, with the details of only the first few per bot: a bot that
    fails on every move must not make the results file huge."""

    DETAILS = 3

    def __init__(self) -> None:
        self.counts: dict[str, dict[str, int]] = {}
        self.details: list[dict] = []

    def add(self, bot: str, kind: str, reason: str, deal: int, rotation: int, where: str) -> None:
        mine = self.counts.setdefault(bot, {})
        if sum(mine.values()) < self.DETAILS:
            self.details.append({"bot": bot, "kind": kind, "reason": reason, "deal": deal,
                                 "seating": rotation, "where": where})
        mine[kind] = mine.get(kind, 0) + 1


def _where(view: Any) -> str:
    if view.phase == "pass":
        return f"passing {view.pass_direction} with {view.cards.pretty}"
    trick = " ".join(c.pretty for c in view.current_trick) or "leading"
    return f"trick {view.tricks_done + 1}, {trick}, holding {view.cards.pretty}"


def _checked_pass(value: Any, view: Any) -> tuple[int, str]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        shown = value.get("repr") if isinstance(value, dict) else value
        return 0, f"choose_pass returned {str(shown)[:60]}, not 3 cards"
    try:
        chosen = [Card(v) for v in value]
    except (HeartsError, ValueError, TypeError):
        return 0, f"choose_pass returned {str(value)[:60]}, which are not all cards"
    mask = 0
    for c in chosen:
        mask |= 1 << c.index
    if len(chosen) != 3 or mask.bit_count() != 3:
        return 0, f"choose_pass returned {len(chosen)} card(s); a pass is 3 different cards"
    if mask & ~view.hand:
        return 0, "choose_pass chose " + " ".join(c.pretty for c in chosen if not view.hand >> c.index & 1) \
            + ", not in the hand"
    return mask, ""


def _checked_play(value: Any, view: Any) -> tuple[int, str]:
    if not isinstance(value, str):
        shown = value.get("repr") if isinstance(value, dict) else value
        return -1, f"choose_play returned {str(shown)[:60]}, not a card"
    try:
        card = Card(value)
    except (HeartsError, ValueError, TypeError):
        return -1, f"choose_play returned {value[:40]!r}, not a card"
    if not view.legal_mask >> card.index & 1:
        why = "not in the hand" if not view.hand >> card.index & 1 else "not legal here"
        return -1, f"choose_play chose {card.pretty}, {why} (legal: {' '.join(c.pretty for c in view.legal)})"
    return card.index, ""


class _Asked:
    """A seat of a league table on the driver: ``decide(view, kind)`` asks the house bot, the
    stand-in or the student's process and returns a mask (pass) or an index (play)."""

    def __init__(self, decide: Callable[[Any, str], int]):
        self.decide = decide

    def choose_pass(self, view: Any) -> CardList:
        return CardList.from_mask(self.decide(view, "pass"))

    def choose_play(self, view: Any) -> Card:
        return DECK[self.decide(view, "play")]


def play_table(task: dict) -> dict:
    """Play one deal at one table in all 4 seatings; return the scores and the problems.

    ``task``: ``key``, ``seed``, ``deal``, ``table``, ``entries`` (4 names, ``None`` for a
    house rule bot), ``sources`` (name -> (source, filename)), ``move_limit``.
    Everything a student wrote runs in ``hearts_teach.classroom.bot_sandbox`` child processes."""
    from hearts_teach.agents import driver
    from hearts_teach.agents.hearts.simple import HighestCardBot, RuleBot
    from hearts_teach.agents.lineups import seating
    from hearts_teach.classroom.bot_sandbox import BotFailure, bot_process
    from hearts_teach.games.hearts.hand import Hand

    seed, deal, limit = task["seed"], task["deal"], float(task["move_limit"])
    entries: list[str | None] = list(task["entries"])
    rule = RuleBot(0)  # the house seats
    stand_in = HighestCardBot(0)  # a student's bot that fails: weak, so failing does not pay
    procs = {e: bot_process(e, *task["sources"][e]) for e in entries if e is not None}
    scores: list[list[int]] = []
    moons: list[int] = []
    problems = _Problems()
    slowest: dict[str, float] = {}
    for r in range(SEAT_COUNT):
        hand = Hand.deal(seed=deal_seed(seed, deal), hand_number=deal)
        seat_of = seating(r)
        seat_entry = [seat_of.index(s) for s in range(SEAT_COUNT)]
        benched: set[int] = set()  # entries the stand-in plays for, for the rest of this hand
        for e, name in enumerate(entries):
            if name is None:
                continue
            try:
                err = procs[name].load(bot_seed(seed, deal, r, e))
            except BotFailure as f:
                err = f"the module did not load ({f.kind})"
            if err:
                problems.add(name, "load", err, deal, r, "before the hand")
                benched.add(e)

        def decide(view: Any, kind: str, seat_entry: list[int] = seat_entry,
                   benched: set[int] = benched, r: int = r) -> Any:
            e = seat_entry[view.seat]
            name = entries[e]
            if name is None:
                return rule.pass_mask(view) if kind == "pass" else rule.play_index(view)
            if e in benched:
                return stand_in.pass_mask(view) if kind == "pass" else stand_in.play_index(view)
            if kind == "play" and view.legal_mask.bit_count() == 1:
                return view.legal_mask.bit_length() - 1  # a forced card: no need to ask
            try:
                ans = procs[name].ask(kind, view, limit)
            except BotFailure as f:
                reason = (f"no answer within the move limit of {limit:g} s" if f.kind == "timeout"
                          else str(f) or "the bot process stopped")
                problems.add(name, f.kind, reason + "; the highest-card bot plays the rest of the hand",
                             deal, r, _where(view))
                benched.add(e)
                return stand_in.pass_mask(view) if kind == "pass" else stand_in.play_index(view)
            slowest[name] = max(slowest.get(name, 0.0), ans.seconds)
            if ans.error:
                choice, why = (0 if kind == "pass" else -1), ans.error
                kind_of = "raised"
            elif kind == "pass":
                choice, why = _checked_pass(ans.value, view)
                kind_of = "illegal"
            else:
                choice, why = _checked_play(ans.value, view)
                kind_of = "illegal"
            if why:
                problems.add(name, kind_of, why, deal, r, _where(view))
                return stand_in.pass_mask(view) if kind == "pass" else stand_in.play_index(view)
            return choice

        driver.play(hand, [_Asked(decide)] * SEAT_COUNT)
        scores.append([hand.scores[seat] for seat in seat_of])
        moons.append(-1 if hand.moon is None else seat_entry[hand.moon])
    return {"key": task["key"], "deal": deal, "table": task["table"], "entries": entries,
            "scores": scores, "moons": moons, "problems": problems.details,
            "problem_counts": problems.counts,
            "slowest": {k: round(v, 4) for k, v in sorted(slowest.items())}}


# ----------------------------------------------------------------------------------------
# results file (resume)


def _check(result: dict) -> str:
    return hashlib.sha256(json.dumps(result, sort_keys=True).encode("utf-8")).hexdigest()[:16]


class ResultsFile:
    """``DIR/league.json`` (what league this is) and ``DIR/results.jsonl`` (one line per task).

    A bot running as the league's own user cannot add a byte to the file, but could empty,
    delete or overwrite it in place; so the league keeps every line it has written and puts
    the file right whenever it finds it shorter or replaced (after each append), and checks
    its whole text once when it closes."""

    def __init__(self, folder: str | os.PathLike, settings: dict):
        self.folder = Path(folder)
        self.folder.mkdir(parents=True, exist_ok=True)
        self.meta = self.folder / "league.json"
        self.path = self.folder / "results.jsonl"
        if self.meta.exists():
            try:
                old = json.loads(self.meta.read_text(encoding="utf-8"))
            except ValueError:
                old = None
            same = isinstance(old, dict) and {k: v for k, v in old.items() if k != "hands"} == \
                {k: v for k, v in settings.items() if k != "hands"}
            if not same:
                raise LeagueError(f"{self.folder} holds the results of a different league (other files, "
                                  f"seed or move limit); choose another --out folder or delete it")
        tmp = self.meta.with_suffix(".tmp")
        tmp.write_text(json.dumps(settings, indent=1, sort_keys=True) + "\n", encoding="utf-8")
        os.replace(tmp, self.meta)
        self.skipped = 0
        self._fh = None
        self._lines: list[bytes] = []  # every intact line, as it should be in the file
        self._size = 0  # bytes the file should hold

    def load(self) -> dict[str, dict]:
        """The finished tasks whose line is intact (a damaged line is ignored and redone)."""
        done: dict[str, dict] = {}
        self._lines = []
        if not self.path.exists():
            return done
        raw = self.path.read_bytes()
        for line in raw.splitlines():
            try:
                rec = json.loads(line)
                if rec["check"] != _check(rec["result"]) or rec["key"] != rec["result"]["key"]:
                    raise ValueError
            except (ValueError, KeyError, TypeError):
                self.skipped += 1
                continue
            done[rec["key"]] = rec["result"]
            self._lines.append(line + b"\n")
        if self.skipped or (raw and not raw.endswith(b"\n")):  # damaged or cut short: keep the good lines
            self._rewrite()
        return done

    def _rewrite(self) -> None:
        """Write the kept lines to a new file that replaces the old one."""
        reopen = self._fh is not None
        if reopen:
            self._fh.close()
            self._fh = None
        tmp = self.path.with_name(self.path.name + ".tmp")
        data = b"".join(self._lines)
        tmp.write_bytes(data)
        os.replace(tmp, self.path)
        self._size = len(data)
        if reopen:
            self._open()

    def _open(self) -> None:
        if self.path.exists():
            os.chmod(self.path, 0o644)
        self._fh = open(self.path, "ab")  # noqa: SIM115 - kept open while running
        self._size = os.fstat(self._fh.fileno()).st_size
        os.chmod(self.path, 0o444)  # bots (another user, or this one) may not open it for writing

    def _tampered(self) -> bool:
        assert self._fh is not None
        st = os.fstat(self._fh.fileno())
        try:
            same_file = os.stat(self.path).st_ino == st.st_ino
        except OSError:  # deleted
            same_file = False
        return not same_file or st.st_size != self._size

    def append(self, result: dict) -> None:
        if self._fh is None:
            self._open()
            if self._size != sum(len(x) for x in self._lines):
                self._rewrite()
        line = (json.dumps({"key": result["key"], "check": _check(result), "result": result},
                           sort_keys=True) + "\n").encode("utf-8")
        self._lines.append(line)
        assert self._fh is not None
        self._fh.write(line)
        self._fh.flush()
        self._size += len(line)
        if self._tampered():
            self._rewrite()

    def close(self) -> None:
        if self._fh is not None:
            self._fh.close()
            self._fh = None
            try:
                intact = self.path.read_bytes() == b"".join(self._lines)
            except OSError:
                intact = False
            if not intact:
                self._rewrite()
            os.chmod(self.path, 0o644)


# ----------------------------------------------------------------------------------------
# the leaderboard


@dataclass(frozen=True)
class Standing:
    name: str
    deal_means: tuple[float, ...]  # mean points per hand on each deal (4 hands per deal)
    wins: int
    moons: int
    problems: int
    reasons: dict[str, int]
    first_problem: str
    slowest: float
    note: str = ""  # suspicious words in the bot's file, for the teacher to look at

    @property
    def hands(self) -> int:
        return SEAT_COUNT * len(self.deal_means)

    @property
    def mean_points(self) -> float:
        return sum(self.deal_means) / len(self.deal_means) if self.deal_means else float("nan")

    @property
    def never_loaded(self) -> bool:
        """The module failed to load on every hand: the stand-in played all of them, so the
        points are the stand-in's, and the bot is listed below the ranked ones, unranked."""
        return bool(self.deal_means) and self.reasons.get("load", 0) >= self.hands

    @property
    def se(self) -> float:
        """Standard error of the mean points per hand, over deals (the 4 seatings of one
        deal share its cards, so the deal is the independent unit)."""
        n = len(self.deal_means)
        if n < 2:
            return float("nan")
        m = self.mean_points
        return math.sqrt(sum((x - m) ** 2 for x in self.deal_means) / (n - 1) / n)

    def to_dict(self) -> dict:
        se = self.se
        return {"name": self.name, "mean_points": round(self.mean_points, 4),
                "se": None if se != se else round(se, 4), "problems": self.problems,
                "problem_reasons": dict(sorted(self.reasons.items())), "first_problem": self.first_problem,
                "note": self.note, "ranked": not self.never_loaded,
                "wins": self.wins, "moons": self.moons, "hands": self.hands}


@dataclass(frozen=True)
class LeagueResult:
    deals: int  # deals finished (each played by every bot in 4 seatings)
    planned: int
    seed: int
    move_limit: float
    standings: tuple[Standing, ...]  # best (fewest points) first
    house_seats: int  # hands in which a house rule bot filled a seat
    pairs_met: int
    pairs: int
    problems: tuple[dict, ...] = field(repr=False, default=())  # details: the first few per bot and table

    @property
    def complete(self) -> bool:
        return self.deals == self.planned

    def to_dict(self) -> dict:
        return {"hands": self.deals, "planned": self.planned, "seatings": 4, "seed": self.seed,
                "move_limit": self.move_limit, "pairs_met": self.pairs_met, "pairs": self.pairs,
                "bots": [s.to_dict() for s in self.standings]}

    def to_json(self) -> str:
        return json.dumps(self.to_dict())

    def ranks(self) -> list[str]:
        """The rank shown for each standing: 1, 2, … for the bots that played, "–" for a bot
        whose file never loaded (listed last)."""
        shown, k = [], 0
        for s in self.standings:
            k += not s.never_loaded
            shown.append("–" if s.never_loaded else str(k))
        return shown

    def table(self) -> str:
        lines = [f"League · {self.deals} deals × 4 seatings · {len(self.standings)} bots · seed {self.seed}"
                 + ("" if self.complete else f" · INCOMPLETE: {self.deals} of {self.planned} deals"),
                 f"{'#':>3}  {'bot':<20} {'pts/hand':>8} {'± se':>6} {'wins':>6} {'moons':>5} {'problems':>8}"]
        for rank, s in zip(self.ranks(), self.standings, strict=True):
            lines.append(f"{rank:>3}  {s.name[:20]:<20} {s.mean_points:8.2f} {s.se:6.2f} {s.wins:6d} "
                         f"{s.moons:5d} {s.problems:8d}")
        lines.append("Lower points are better; ± is one standard error (95% interval ≈ ± 2 se); "
                     "wins = hands with the lowest score at the table (ties count for each).")
        unloaded = [s.name for s in self.standings if s.never_loaded]
        if unloaded:
            lines.append(f"Not ranked (the file never loaded, the highest-card stand-in played every hand): "
                         f"{', '.join(unloaded)}.")
        if self.pairs:
            lines.append(f"Every bot played every deal from all 4 seats; {self.pairs_met} of {self.pairs} "
                         f"pairs of bots have sat at a table together"
                         + (f"; house rule bots filled {self.house_seats} seat-hands." if self.house_seats else "."))
        for s in self.standings:
            if s.problems:
                kinds = ", ".join(f"{k} {v}" for k, v in sorted(s.reasons.items()))
                lines.append(f"  {s.name}: {s.problems} problem(s) ({kinds}); first: {s.first_problem}")
        for s in self.standings:
            if s.note:
                lines.append(f"  {s.name}: {s.note}")
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.table()

    def plot_svg(self) -> str:
        """Mean points per hand with 95% intervals (horizontal bars), as inline SVG text."""
        import io

        import matplotlib

        matplotlib.use("Agg", force=False)
        import matplotlib.pyplot as plt

        names = [s.name for s in self.standings][::-1]
        means = [s.mean_points for s in self.standings][::-1]
        errs = [1.96 * s.se if s.se == s.se else 0.0 for s in self.standings][::-1]
        fig, ax = plt.subplots(figsize=(6.5, 0.9 + 0.32 * len(names)))
        ax.barh(range(len(names)), means, xerr=errs, capsize=4, color="#8fb3d9", edgecolor="#1a1a1a")
        for i, m in enumerate(means):
            ax.annotate(f"{m:.2f}", (0, i), xytext=(3, 0), textcoords="offset points", va="center", fontsize=8)
        ax.set_yticks(range(len(names)))
        ax.set_yticklabels(names)
        ax.set_xlabel("points per hand (lower is better); bars: 95% interval")
        ax.set_xlim(left=0)
        fig.tight_layout()
        buf = io.StringIO()
        plt.rcParams["svg.hashsalt"] = "hearts_teach"
        fig.savefig(buf, format="svg", metadata={"Date": None})
        plt.close(fig)
        text = buf.getvalue()
        return text[text.find("<svg"):]

    def html(self) -> str:
        th = "style='padding:3px 10px;text-align:left;border-bottom:1px solid #999'"
        td = "style='padding:3px 10px;text-align:right'"
        rows = "".join(
            f"<tr><td {td}>{rank}</td><td style='padding:3px 10px'>{escape(s.name)}</td>"
            f"<td {td}>{s.mean_points:.2f}</td><td {td}>± {s.se:.2f}</td><td {td}>{s.wins}</td>"
            f"<td {td}>{s.moons}</td><td {td}>{s.problems}</td>"
            f"<td style='padding:3px 10px'>{escape(s.first_problem)}</td></tr>"  # notes are the teacher's
            for rank, s in zip(self.ranks(), self.standings, strict=True))
        status = "" if self.complete else f" (incomplete: {self.deals} of {self.planned} deals)"
        return ("<!DOCTYPE html>\n<html lang='en'><head><meta charset='utf-8'><title>Hearts league</title></head>"
                "<body style='font-family:sans-serif;max-width:60em;margin:1em auto'>"
                f"<h1>Hearts league</h1><p>{self.deals} deals{escape(status)}, each played by every bot from all "
                f"4 seats · seed {self.seed} · move limit {self.move_limit:g} s</p>"
                f"<table style='border-collapse:collapse'><tr><th {th}>#</th><th {th}>bot</th>"
                f"<th {th}>points per hand</th><th {th}>standard error</th><th {th}>wins</th>"
                f"<th {th}>moons</th><th {th}>problems</th><th {th}>first problem</th></tr>{rows}</table>"
                "<p>Lower points are better. A 95% interval is about ± 2 standard errors.</p>"
                f"<figure>{self.plot_svg()}<figcaption>Mean points per hand with 95% intervals."
                "</figcaption></figure></body></html>\n")


def standings(bots: Sequence[BotFile], results: Iterable[dict], planned: int, seed: int,
              move_limit: float) -> LeagueResult:
    """Aggregate task results (in key order, so the sums never depend on arrival order)."""
    from hearts_teach.agents.lineups import Tally

    by_key = {r["key"]: r for r in results}
    names = [b.name for b in bots]
    idx = {n: i for i, n in enumerate(names)}
    per_deal: dict[int, Tally] = {}  # points per hand on each deal, wins and moons
    tables_of_deal: dict[int, int] = {}
    probs = [0] * len(names)
    reasons: list[dict[str, int]] = [{} for _ in names]
    first = [""] * len(names)
    slow = [0.0] * len(names)
    house = 0
    met: set[tuple[int, int]] = set()
    all_problems: list[dict] = []
    for key in sorted(by_key):
        r = by_key[key]
        d = r["deal"]
        entries = r["entries"]
        tables_of_deal[d] = tables_of_deal.get(d, 0) + 1
        tally = per_deal.setdefault(d, Tally(len(names)))
        members = [idx[e] for e in entries if e is not None]
        house += SEAT_COUNT * entries.count(None)
        for a in members:
            for b in members:
                if a < b:
                    met.add((a, b))
        who = [None if name is None else idx[name] for name in entries]
        for rot, row in enumerate(r["scores"]):
            tally.add(row, r["moons"][rot], who)
        for name, kinds in r["problem_counts"].items():
            i = idx[name]
            for kind, count in kinds.items():
                probs[i] += count
                reasons[i][kind] = reasons[i].get(kind, 0) + count
        for p in r["problems"]:
            i = idx[p["bot"]]
            if not first[i]:
                first[i] = f"deal {p['deal']}, seating {p['seating'] + 1}, {p['where']}: {p['reason']}"
            all_problems.append(p)
        for name, sec in r.get("slowest", {}).items():
            slow[idx[name]] = max(slow[idx[name]], sec)
    # a deal counts once all of its tables are back (so every bot has the same deals)
    expected_tables = math.ceil(len(names) / SEAT_COUNT)
    complete = sorted(d for d, n in tables_of_deal.items() if n == expected_tables)
    out = []
    for i, n in enumerate(names):
        means = tuple(sum(per_deal[d].points[i]) / SEAT_COUNT for d in complete)
        wins = sum(t.wins[i] for t in per_deal.values())
        moons = sum(t.moons[i] for t in per_deal.values())
        words = suspect_words(bots[i].source)
        note = (f"note: the file mentions {', '.join(words[:6])}; check by hand that the bot only uses "
                f"its View" if words else "")
        out.append(Standing(n, means, wins, moons, probs[i], reasons[i], first[i], slow[i], note))
    out.sort(key=lambda s: (s.never_loaded, s.mean_points if s.deal_means else math.inf, s.name))
    n = len(names)
    return LeagueResult(len(complete), planned, seed, move_limit, tuple(out), house, len(met),
                        n * (n - 1) // 2, tuple(all_problems))


# ----------------------------------------------------------------------------------------
# running


def make_tasks(bots: Sequence[BotFile], deals: int, seed: int, move_limit: float) -> list[dict]:
    sources = {b.name: (b.source, Path(b.filename).name) for b in bots}
    tasks = []
    for d, tables in enumerate(schedule(len(bots), deals, seed)):
        for t, table in enumerate(tables):
            entries = [bots[b].name if b >= 0 else None for b in table]
            tasks.append({"key": task_key(d, t), "seed": seed, "deal": d, "table": t, "entries": entries,
                          "sources": {e: sources[e] for e in entries if e is not None},
                          "move_limit": move_limit})
    return tasks


def _run_inline(tasks: list[dict]) -> Iterator[dict]:
    from hearts_teach.classroom.bot_sandbox import close_all

    try:
        for task in tasks:
            yield play_table(task)
    finally:
        close_all()


def _quiet_cluster(local_cluster: Any, workers: int | None) -> Any:
    """A local cluster whose processes ignore Ctrl-C: the interrupt is the league's to handle
    (it stops, keeps what is written and closes the cluster), not a traceback per worker.
    An ignored signal stays ignored in spawned children, and Python keeps it that way."""
    import logging
    import signal
    import threading
    import warnings

    main = threading.current_thread() is threading.main_thread()
    saved = signal.signal(signal.SIGINT, signal.SIG_IGN) if main else None
    try:
        with warnings.catch_warnings():
            # the scheduler's internal HTTP server picks another port when 8787 is taken (another
            # Dask on this machine): nothing for the teacher to do, so no warning on the screen
            warnings.filterwarnings("ignore", message=r"Port \d+ is already in use", category=UserWarning)
            return local_cluster(n_workers=workers, threads_per_worker=1, processes=True,
                                 dashboard_address=None, silence_logs=logging.ERROR)
    finally:
        if main:
            signal.signal(signal.SIGINT, saved)


def _run_dask(tasks: list[dict], workers: int | None, scheduler: str | None,
              window: int = 0) -> Iterator[dict]:
    try:
        from dask.distributed import Client, LocalCluster, as_completed
    except ImportError:
        raise LeagueError("--workers and --scheduler need Dask: pip install 'dask[distributed]' "
                          "(or pip install 'hearts_teach[league]')") from None
    cluster = None
    if scheduler:
        client = Client(scheduler, timeout="20s")
    else:
        cluster = _quiet_cluster(LocalCluster, workers)
        client = Client(cluster)
    try:
        n = max(1, len(client.scheduler_info(n_workers=-1)["workers"]))
        window = window or 8 * n  # bounded: results stream back, and an interruption loses little
        pending = iter(tasks)
        running = as_completed()

        def submit(k: int) -> None:
            for _ in range(k):
                task = next(pending, None)
                if task is None:
                    return
                running.add(client.submit(play_table, task, key=f"hearts-league-{task['key']}-"
                                          f"{task['seed']}-{hash64(json.dumps(task, sort_keys=True)):x}",
                                          pure=False))

        submit(window)
        for fut in running:
            try:
                result = fut.result()
            except Exception as e:  # e.g. KilledWorker: a worker process died on this table
                raise LeagueError(f"table {fut.key} could not be played on the cluster ({type(e).__name__}: "
                                  f"{e}); the finished tables are kept when --out is given") from e
            fut.release()
            submit(1)
            yield result
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


def run_league(files: Sequence[str | os.PathLike], hands: int = 100, seed: int = 0, *,
               workers: int | None = None, scheduler: str | None = None,
               out: str | os.PathLike | None = None, move_limit: float = MOVE_LIMIT,
               progress: bool | None = None, on_result: Callable[[dict], None] | None = None) -> LeagueResult:
    """Run a league (see the module docstring) and return its standings.

    workers: a local Dask cluster with this many worker processes; scheduler: the address
    of a running Dask scheduler; neither: tables are played here, bots in child processes.
    out: a folder for the results file (resumable)."""
    if isinstance(hands, bool) or not isinstance(hands, int) or not 1 <= hands <= HANDS_MAX:
        raise LeagueError(f"--hands must be a whole number from 1 to {HANDS_MAX:,}, got {quote(hands)}")
    if workers is not None and (isinstance(workers, bool) or not isinstance(workers, int) or workers < 1):
        raise LeagueError(f"--workers must be a whole number ≥ 1, got {quote(workers)}")
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
    bots = read_bots(files)
    tasks = make_tasks(bots, hands, seed, move_limit)
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
    try:
        for r in backend:
            results.append(r)
            if store is not None:
                store.append(r)
            if on_result is not None:
                on_result(r)
            bar.update(len(results))
    finally:
        close = getattr(backend, "close", None)
        if close is not None:
            close()
        if store is not None:
            store.close()
    return standings(bots, results, hands, seed, move_limit)


# ----------------------------------------------------------------------------------------
# command line


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("files", nargs="+", metavar="FILE",
                   help="students' bot modules, each with choose_pass(view) and choose_play(view)")
    p.add_argument("--hands", type=positive_int, default=100, metavar="N",
                   help="deals; every bot plays each deal from all 4 seats (default 100)")
    p.add_argument("--seed", type=int, default=0, metavar="S", help="seed of the deals and tables")
    where = p.add_mutually_exclusive_group()
    where.add_argument("--workers", type=int, metavar="K", help="run on a local Dask cluster of K processes")
    where.add_argument("--scheduler", metavar="ADDRESS",
                       help="run on an existing Dask cluster, e.g. tcp://127.0.0.1:8786")
    p.add_argument("--move-limit", type=float, default=MOVE_LIMIT, metavar="SECONDS",
                   help="time allowed per decision (default 1)")
    p.add_argument("--out", metavar="DIR",
                   help="write results as they come to DIR/results.jsonl; run again to resume")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--html", metavar="OUT", help="write an HTML page with the table and a plot")


ROOT_WARNING = ("league: warning: you are root and Python is installed where other users cannot read it, "
                "so the bots run as root: a bot cannot write into a file, but it could empty or delete "
                "any file (the league rewrites its own results file). Run the league as an ordinary user, "
                "or install Python where others can read it (then the bots run as nobody).")


def main_league(args: argparse.Namespace) -> int:
    from hearts_teach.classroom.bot_sandbox import bots_run_as_root

    t0 = time.monotonic()
    if not args.scheduler and bots_run_as_root():  # on a cluster, it is the workers' machines that count
        print(ROOT_WARNING, file=sys.stderr)
    try:
        result = run_league(args.files, hands=args.hands, seed=args.seed, workers=args.workers,
                            scheduler=args.scheduler, out=args.out, move_limit=args.move_limit)
    except KeyboardInterrupt:
        where = f"; run the same command again to resume from {args.out}" if args.out else \
            " (use --out DIR to keep finished tables and resume)"
        print(f"\nleague: interrupted{where}", file=sys.stderr)
        return 130
    except (HeartsError, ValueError, OSError) as e:
        print(f"league: {e}", file=sys.stderr)
        return 2
    if args.html:
        Path(args.html).write_text(result.html(), encoding="utf-8")
    if args.json:
        print(result.to_json())
    else:
        print(result.table())
        if sys.stderr.isatty():
            print(f"({time.monotonic() - t0:.1f} s)", file=sys.stderr)
    return 0


__all__ = ["LeagueError", "LeagueResult", "Standing", "make_tasks", "play_table", "read_bots",
           "run_league", "schedule", "standings"]
