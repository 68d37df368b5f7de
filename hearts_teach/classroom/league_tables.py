"""The league's tables: the bot files, who sits with whom on each deal, and one table playing
one deal in 4 seatings with every student's bot in its sandboxed process (``play_table``,
the task a worker runs). See ``hearts_teach.classroom.league``."""

from __future__ import annotations

import hashlib
import os
import re
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hearts_teach.kernel.cards import DECK, Card, CardList
from hearts_teach.kernel.errors import HeartsError, quote
from hearts_teach.kernel.rng import Rng, hash64
from hearts_teach.kernel.table import SEAT_COUNT

HOUSE = "rule (house)"  # the name shown for a house seat


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
        if path.is_symlink():  # a student's link could show the league any file of the teacher's (in its errors)
            raise LeagueError(f"{shown} is a symbolic link, not a bot file: copy the student's file itself")
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
                         r"(?:(?:Card|CardList|Suit|View)[ \t]*(?:,[ \t]*)?)+\)?[ \t]*$", re.MULTILINE)


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
            self.details.append({"bot": bot, "kind": kind, "reason": printable(reason), "deal": deal,
                                 "seating": rotation, "where": where})
        mine[kind] = mine.get(kind, 0) + 1


def printable(text: str) -> str:
    """``text`` with control and format characters written as escapes: a bot's error message is
    printed on the teacher's terminal, where ESC sequences could move the cursor and rewrite the
    table, and a right-to-left override could reorder what a line seems to say."""
    return "".join(ascii(c)[1:-1] if unicodedata.category(c) in ("Cc", "Cf", "Zl", "Zp") else c for c in text)


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
    from hearts_teach.classroom.bot_sandbox import LOAD_LIMIT, BotFailure, bot_process
    from hearts_teach.games.hearts.hand import Hand

    seed, deal, limit = task["seed"], task["deal"], float(task["move_limit"])
    entries: list[str | None] = list(task["entries"])
    rule = RuleBot(0)  # the house seats
    stand_in = HighestCardBot(0)  # a student's bot that fails: weak, so failing does not pay
    isolate = task.get("isolate", True) is not False
    procs = {e: bot_process(e, *task["sources"][e], isolate=isolate) for e in entries if e is not None}
    no_load: dict[str, str] = {}  # a module that did not load in time: not tried again at this table
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
            if name in no_load:
                err = no_load[name]
            else:
                try:
                    err = procs[name].load(bot_seed(seed, deal, r, e))
                except BotFailure as f:
                    err = (f"the module did not finish loading within {LOAD_LIMIT:g} s" if f.kind == "timeout"
                           else f"the module did not load ({f or f.kind})")
                    no_load[name] = err + " (not tried again at this table)"
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
