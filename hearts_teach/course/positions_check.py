"""Check every position a lesson shows or asks about: hand sizes, cards, who leads.

    python -m hearts_teach.course.positions_check notebooks/*.ipynb

Reads each notebook as the learner sees it (Markdown cells and the text of code outputs, quiz
questions included) and checks the positions written there:

- **engine views** (``Trick N of M · …`` followed by seat lines ``South: ♠ … ♣ …``): every seat
  holds ``M − N + 1`` cards, one fewer if it has played to the trick in progress; no card is
  held twice; the seat to play follows the last card of the trick so far; "X leads trick N"
  agrees with the winner of the last trick;
- **trick tables** (rows ``3. W  4♣   N  3♣   E  6♣*  S  Q♠ …``): every row has one card per
  seat, no card appears twice, and each trick is led by the winner of the one before;
- **positions in words** (a sentence or question that names a trick number and "you hold" /
  "holding" a list of cards): the list has as many cards as a seat holds at that trick,
  ``position_sentence`` writes such sentences from the engine;
- **tricks told in words** ("West leads 5♠, North plays 9♠, East plays Q♠"): each player is
  the next one clockwise;
- **drawings**: a drawing of a finished hand (every row empty) is reported.

Exit status 1 when anything disagrees, with one line per problem: notebook, cell, what.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from hearts_teach.kernel.cli import quiet_on_closed_pipe
from hearts_teach.kernel.table import _NAMES, FOUR

RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
SUITS = "♣♦♥♠"
CARD = r"(?:10|[2-9JQKA])[♣♦♥♠]"
_CARD = re.compile(CARD)
_SEAT_NAMES = sorted({n for names in _NAMES.values() for n in names}, key=len, reverse=True)
_SEAT = "|".join(re.escape(n) for n in _SEAT_NAMES)
_TRICK_HEAD = re.compile(r"^Trick (\d+) of (\d+) ·", re.M)
_SEAT_LINE = re.compile(rf"^[▶ ]*\s*({_SEAT}): (♠ .*)$")
_GROUP = re.compile(r"([♠♥♦♣]) ((?:(?:10|[2-9JQKA]) ?)+|—)")
_SO_FAR = re.compile(rf"^Trick so far \(led by ({_SEAT})\): (.*)$")
_TO_PLAY = re.compile(rf"^▶ ({_SEAT}) to play$")
_LEADS = re.compile(rf"^({_SEAT}) leads trick (\d+)\.$")
_LAST = re.compile(rf"^Last trick(?: \(led by (?:{_SEAT})\))?: .* → ({_SEAT}) \(")
_ROW = re.compile(rf"^\s*(\d+)\.((?:\s+[A-Z][A-Za-z-]*\s+{CARD}\*?)+)\s*(?:\d+ pts? → )?(\S.*)?$")
_ROW_CELL = re.compile(rf"([A-Z][A-Za-z-]*)\s+({CARD})(\*?)")
_WORDS_TRICK = re.compile(r"\btrick (\d+)\b", re.I)
_WORDS_HOLD = re.compile(rf"\b(?:you hold|you are holding|holding|holds?)\s+({CARD}(?:(?:,\s*|\s+and\s+|\s+){CARD})*)", re.I)
_PARTIAL = re.compile(r"\b(among|including|also|as well|some|with|spades?|hearts?|clubs?|diamonds?)\b\s*$", re.I)
_ACT = re.compile(rf"\b({_SEAT})(?: \([^)]*\))?(?: [a-z][a-z ,]{{0,40}}?)? (?:leads|led|plays|played|dropped|drops|"
                  rf"discards|throws|trump(?:s|ed)(?: it)? with|ruff(?:s|ed)(?: it)? with)(?: the)? ({CARD})")
_FOUR = FOUR.names  # the four-seat table the lessons' prose names (clockwise)
_HOLDS_N = re.compile(rf"\b({_SEAT}|you) holds? (\d+) cards?: ((?:{CARD}\s*)+)")


@dataclass(frozen=True)
class Problem:
    notebook: str
    cell: int
    what: str

    def __str__(self) -> str:
        return f"{self.notebook} cell {self.cell}: {self.what}"


def cards_in_groups(text: str) -> list[str]:
    """The cards of a suit-grouped hand ``♠ Q J 4  ♥ 9 5  ♦ —  ♣ A`` as ``['Q♠', 'J♠', ...]``."""
    out = []
    for suit, ranks in _GROUP.findall(text):
        if ranks != "—":
            out += [r + suit for r in ranks.split()]
    return out


def cell_texts(nb: dict) -> Iterator[tuple[int, str]]:
    """(cell index, text the learner sees): Markdown sources and code outputs' text."""
    for i, cell in enumerate(nb.get("cells", [])):
        if cell.get("cell_type") == "markdown":
            yield i, "".join(cell.get("source", ""))
            continue
        for out in cell.get("outputs", []):
            if out.get("output_type") == "stream":
                yield i, "".join(out.get("text", ""))
            elif "data" in out:
                yield i, "".join(out["data"].get("text/plain", ""))
                if "The hand is over" in "".join(out["data"].get("text/plain", "")) and "text/html" in out["data"]:
                    yield i, "\x00DRAWN-OVER"


def check_engine_views(text: str) -> list[str]:
    problems = []
    heads = list(_TRICK_HEAD.finditer(text))
    for k, m in enumerate(heads):
        end = heads[k + 1].start() if k + 1 < len(heads) else len(text)
        block = text[m.start():end].splitlines()
        n, size = int(m.group(1)), int(m.group(2))
        in_trick: list[str] = []
        to_play = leads = last_winner = None
        seats: dict[str, list[str]] = {}
        for line in block:
            if sm := _SO_FAR.match(line):
                in_trick = [p.rsplit(" ", 1)[0] for p in sm.group(2).split(", ")]
            elif tm := _TO_PLAY.match(line):
                to_play = tm.group(1)
            elif lm := _LEADS.match(line):
                leads = lm.group(1)
                if int(lm.group(2)) != n:
                    problems.append(f"'{line}' under 'Trick {n} of {size}'")
            elif wm := _LAST.match(line):
                last_winner = wm.group(1)
            elif (hm := _SEAT_LINE.match(line)) and hm.group(1) not in seats:
                seats[hm.group(1)] = cards_in_groups(hm.group(2))
        if "The hand is over" in "\n".join(block):
            continue
        if leads and last_winner and leads != last_winner:
            problems.append(f"{leads} leads trick {n}, but the last trick went to {last_winner}")
        held: dict[str, str] = {}
        for seat, cards in seats.items():
            want = size - n + 1 - (seat in in_trick)
            if len(cards) != want:
                problems.append(f"trick {n} of {size}: {seat} shows {len(cards)} cards, "
                                f"should hold {want}{' (has played to this trick)' if seat in in_trick else ''}")
            for c in cards:
                if c in held:
                    problems.append(f"{c} is shown in both {held[c]}'s and {seat}'s hands")
                held[c] = seat
        if to_play and in_trick and len(seats) > 1:
            order = list(seats)
            if in_trick[-1] in order and to_play in order:
                nxt = order[(order.index(in_trick[-1]) + 1) % len(order)]
                if nxt != to_play:
                    problems.append(f"after {in_trick[-1]} it is {nxt}'s turn, not {to_play}'s")
    return problems


def check_trick_tables(text: str) -> list[str]:
    problems = []
    prev_winner = None
    prev_n = 0
    seen: dict[str, int] = {}
    width = None
    for line in text.splitlines():
        m = _ROW.match(line)
        if not m:
            prev_winner, prev_n, seen, width = None, 0, {}, None
            continue
        n = int(m.group(1))
        cells = _ROW_CELL.findall(m.group(2))
        if n != prev_n + 1:
            prev_winner, seen, width = None, {}, None
        width = width or len(cells)
        if len(cells) != width:
            problems.append(f"trick {n} shows {len(cells)} cards, the tricks before it {width}")
        winners = [abbr for abbr, _c, star in cells if star]
        if len(winners) != 1:
            problems.append(f"trick {n} marks {len(winners)} winning cards (one * expected)")
        if prev_winner is not None and cells and cells[0][0] != prev_winner:
            problems.append(f"trick {n} is led by {cells[0][0]}, but trick {n - 1} was won by {prev_winner}")
        for _abbr, c, _s in cells:
            if c in seen:
                problems.append(f"{c} is played in trick {seen[c]} and again in trick {n}")
            seen[c] = n
        prev_winner = winners[0] if len(winners) == 1 else None
        prev_n = n
    return problems


def _paragraphs(text: str) -> list[str]:
    """Paragraphs (a quiz question is one): a position is often set up over two sentences."""
    return [p for p in re.split(r"\n\s*\n", text) if p.strip()]


def check_words(text: str, size: int = 13) -> list[str]:
    """Positions in words: a trick number with 'you hold ...' in the same paragraph, and
    'X holds K cards: ...'."""
    problems = []
    for s in _paragraphs(text):
        for hm in _HOLDS_N.finditer(s):
            listed = _CARD.findall(hm.group(3))
            if len(listed) != int(hm.group(2)):
                problems.append(f"'{hm.group(0)[:60]}…' says {hm.group(2)} cards and lists {len(listed)}")
        tm = _WORDS_TRICK.search(s)
        if not tm or "of 13" in s:
            continue
        n = int(tm.group(1))
        for hm in _WORDS_HOLD.finditer(s):
            before = s[:hm.start()]
            if _PARTIAL.search(before) or _PARTIAL.search(s[:hm.end()].split(hm.group(0))[0]):
                continue
            tail = s[hm.end():hm.end() + 40].lower()
            if tail.startswith(("among", "and other", "and more", "as ", "in ")) or "…" in tail[:3]:
                continue
            listed = _CARD.findall(hm.group(1))
            lead = re.search(rf"\blead(?:s|ing)? trick {n}\b", s, re.I) is not None
            want = size - n + 1
            if lead and len(listed) != want or len(listed) > want:
                problems.append(f"'{s.strip()[:90]}': at trick {n} the leader holds {want} cards, "
                                f"the sentence lists {len(listed)}")
    return problems


def check_order(text: str) -> list[str]:
    """A trick told in words ('West leads 5♠, North plays 9♠, East plays Q♠'): each player after
    the first is the next one clockwise (four-player seat names)."""
    problems = []
    tricks = [t for p in _paragraphs(text) for t in re.split(r"\n(?=[ \t]*trick \d)", p, flags=re.I)]  # one trick a line, indented or not
    for para in tricks:
        acts = [(m.group(1), m.group(2)) for m in _ACT.finditer(para)]
        for (a, _ca), (b, cb) in zip(acts, acts[1:], strict=False):
            if a in _FOUR and b in _FOUR and FOUR.names[FOUR.left(FOUR.names.index(a), 1)] != b and a != b:
                problems.append(f"'{para.strip()[:70]}…': {b} plays {cb} right after {a}, "
                                f"but {FOUR.names[FOUR.left(FOUR.names.index(a), 1)]} plays after {a}")
                break
    return problems


def check_notebook(path: Path) -> list[Problem]:
    nb = json.loads(path.read_text(encoding="utf-8"))
    out: list[Problem] = []
    for i, text in cell_texts(nb):
        if text == "\x00DRAWN-OVER":
            out.append(Problem(path.name, i, "draws a finished hand: every row is empty (draw the deal instead)"))
            continue
        for what in check_engine_views(text) + check_trick_tables(text) + check_words(text) + check_order(text):
            out.append(Problem(path.name, i, what))
    return out


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if not args:
        print(__doc__.strip().splitlines()[2].strip())
        return 2
    problems: list[Problem] = []
    for a in args:
        p = Path(a)
        if not p.exists():
            print(f"no such notebook: {a}")
            return 2
        problems += check_notebook(p)
    for pr in problems:
        print(pr)
    print(f"{len(args)} notebook{'s' if len(args) != 1 else ''} checked: "
          f"{len(problems)} problem{'s' if len(problems) != 1 else ''}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(quiet_on_closed_pipe(main))
