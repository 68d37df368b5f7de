"""The league's results: the resumable results file and the leaderboard (text, JSON, HTML
with a plot), aggregated from the tables' results. See ``hearts_teach.classroom.league``."""

from __future__ import annotations

import hashlib
import json
import math
import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from html import escape
from pathlib import Path
from typing import BinaryIO

from hearts_teach.classroom.league_tables import BotFile, LeagueError, suspect_words
from hearts_teach.classroom.os_sandbox import NOT_ISOLATED
from hearts_teach.kernel.table import SEAT_COUNT

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
        self._fh: BinaryIO | None = None
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
        if self._fh is not None:
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
        fh = self._fh = open(self.path, "ab")  # noqa: SIM115 - kept open while running
        self._size = os.fstat(fh.fileno()).st_size
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
    isolated: bool = True  # every bot ran in the OS sandbox (not so with --no-os-sandbox)

    @property
    def complete(self) -> bool:
        return self.deals == self.planned

    def to_dict(self) -> dict:
        return {"hands": self.deals, "planned": self.planned, "seatings": 4, "seed": self.seed,
                "move_limit": self.move_limit, "pairs_met": self.pairs_met, "pairs": self.pairs,
                "isolated": self.isolated,
                "bots": [{**s.to_dict(), "isolated": self.isolated} for s in self.standings]}

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
        if not self.isolated:
            lines.insert(1, NOT_ISOLATED)
        mark = "" if self.isolated else "  not isolated"
        for rank, s in zip(self.ranks(), self.standings, strict=True):
            lines.append(f"{rank:>3}  {s.name[:20]:<20} {s.mean_points:8.2f} {s.se:6.2f} {s.wins:6d} "
                         f"{s.moons:5d} {s.problems:8d}{mark}")
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
        mark = "" if self.isolated else " (not isolated)"
        rows = "".join(
            f"<tr><td {td}>{rank}</td><td style='padding:3px 10px'>{escape(s.name)}{mark}</td>"
            f"<td {td}>{s.mean_points:.2f}</td><td {td}>± {s.se:.2f}</td><td {td}>{s.wins}</td>"
            f"<td {td}>{s.moons}</td><td {td}>{s.problems}</td>"
            f"<td style='padding:3px 10px'>{escape(s.first_problem)}</td></tr>"  # notes are the teacher's
            for rank, s in zip(self.ranks(), self.standings, strict=True))
        status = "" if self.complete else f" (incomplete: {self.deals} of {self.planned} deals)"
        return ("<!DOCTYPE html>\n<html lang='en'><head><meta charset='utf-8'><title>Hearts league</title></head>"
                "<body style='font-family:sans-serif;max-width:60em;margin:1em auto'>"
                f"<h1>Hearts league</h1><p>{self.deals} deals{escape(status)}, each played by every bot from all "
                f"4 seats · seed {self.seed} · move limit {self.move_limit:g} s</p>"
                + ("" if self.isolated else f"<p><strong>{escape(NOT_ISOLATED)}</strong></p>") +
                f"<table style='border-collapse:collapse'><tr><th {th}>#</th><th {th}>bot</th>"
                f"<th {th}>points per hand</th><th {th}>standard error</th><th {th}>wins</th>"
                f"<th {th}>moons</th><th {th}>problems</th><th {th}>first problem</th></tr>{rows}</table>"
                "<p>Lower points are better. A 95% interval is about ± 2 standard errors.</p>"
                f"<figure>{self.plot_svg()}<figcaption>Mean points per hand with 95% intervals."
                "</figcaption></figure></body></html>\n")


def standings(bots: Sequence[BotFile], results: Iterable[dict], planned: int, seed: int,
              move_limit: float, *, isolated: bool = True) -> LeagueResult:
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
    k = len(names)
    return LeagueResult(len(complete), planned, seed, move_limit, tuple(out), house, len(met),
                        k * (k - 1) // 2, tuple(all_problems), isolated)
