"""The replay command: check and score hands given as JSON lines (an interop contract).

``python -m hearts_teach replay FILE`` (``-`` for stdin) reads one JSON object per line::

    {"rules": {option: value, ...},            # optional, default: the standard game
     "pass_direction": "left"|"right"|"across"|"hold",
     "deal": [[13 cards] x 4],                  # seats 0..3 clockwise, before passing
     "passes": [[3 cards] x 4],                 # empty lists (or omitted) on a hold hand
     "plays": [cards in play order]}            # possibly fewer than 52 (every card in play)

With ``"rules": {"players": N}`` (N = 3, 5 or 6) the deal has N hands of the cards in play
(``Rules.deck_mask``: 17, 10 or 8 each), ``passes`` N lists, and ``points`` N ints; a
record without ``players`` is a four-player hand.

Left is seat + 1. Cards use any notation ``Card`` parses (``QS``, ``10H``, ``q♠``); the
output always uses the canonical one (``QS``, ``TH``) and lists card sets in deck order
(clubs, diamonds, hearts, spades; 2 up to ace). One JSON line is printed per record:

* a complete hand (52 plays; 51, 50 or 48 at 3, 5 or 6 players):
  ``{"ok": true, "legal": [[legal cards before each play], ...], "points": [one int per seat], "moon": seat|null}``
  where ``points`` are the final scores of the hand (moon and omnibus applied);
* plays that stop early:
  ``{"ok": true, "legal": [...], "next_player": seat, "next_legal": [cards]}``
  (no ``points``/``moon``: the hand has no final score yet);
* the first illegal play:
  ``{"ok": false, "play_index": i, "card": "QS", "rule": "must_follow_suit", "error": "message"}``
  where ``rule`` is a ``Rule`` value; an unparsable card string gets ``rule`` ``"invalid_card"``
  and ``card`` as given (a string longer than 80 characters cut to 80 and marked ``...``; any
  other value as its short ``repr``); a play after the last card in play gets ``"wrong_phase"``;
* the first illegal pass (choices made by this project, the contract leaves them open):
  ``{"ok": false, "play_index": -1, "pass_seat": s, "card": "..."|null, "rule": "...", "error": "..."}``
  with ``rule`` one of ``pass_size`` (not exactly 3 cards, including an empty pass on a
  passing hand), ``pass_duplicate``, ``not_in_hand``, ``invalid_card`` or ``wrong_phase`` (cards
  listed for a hold hand). Passes are checked in seat order (0..3 at four players);
* a malformed line (not JSON, not an object, an unknown or missing key, a value of the wrong
  type, a bad deal, an unknown rule option or value, a pass direction the rules forbid):
  ``{"ok": false, "error": "reason", "field": "name"}`` (no ``play_index``); the following
  lines are still processed. Unknown rule options are named together with the valid ones;
  ``rules`` may also hold ``"preset": name`` (as ``Rules.from_dict``).

Output lines are ASCII JSON (``json.dumps`` escapes ♣ and friends), flushed per record.
Exactly one line is printed per non-blank input line, whatever it holds (invalid UTF-8,
JSON nested too deeply, a number of more than 4,300 digits: ``"field": "record"``), and
messages quote at most about 80 characters of any bad value. Blank lines are skipped (no output).
A UTF-8 byte order mark at the start of a line (Windows editors write one at the start of a
file) is ignored. The exit status is 0 when every record is ok, 1 when
at least one is not, 2 when FILE cannot be read.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterable, Iterator
from typing import Any, BinaryIO, TextIO

from hearts_teach.games.hearts.hand import Hand
from hearts_teach.games.hearts.rules import PASS_DIRECTIONS, Rules
from hearts_teach.games.hearts.scoring import final_scores
from hearts_teach.games.records import TOO_MANY_DIGITS
from hearts_teach.kernel.cards import DECK, DECK_SIZE, Card, CardList, indices_of
from hearts_teach.kernel.errors import ActionError, HeartsError, InvalidCardError, quote

KEYS = ("rules", "pass_direction", "deal", "passes", "plays")
_NAMES = tuple(str(c) for c in DECK)
_INDEX = {name: i for i, name in enumerate(_NAMES)}  # canonical strings skip the parser


class Malformed(Exception):
    """A record that does not have the shape of the contract (reported, never raised out)."""

    def __init__(self, field: str, reason: str):
        super().__init__(reason)
        self.field = field
        self.reason = reason


def _given(value: Any) -> str:
    """A value as echoed in the ``card`` field: a string as given (cut to 80 characters),
    anything else as its bounded ``repr``."""
    if isinstance(value, str):
        return value if len(value) <= 80 else value[:80] + "..."
    return quote(value)


def _cards_of(hand: Iterable[Card]) -> list[str]:
    return [str(c) for c in hand]


def _list(rec: dict, key: str, default: Any = ...) -> list:
    if key not in rec:
        if default is ...:
            raise Malformed(key, f"missing key {key!r}")
        return default
    value = rec[key]
    if not isinstance(value, list):
        raise Malformed(key, f"{key!r} must be a list, got {type(value).__name__}")
    return value


def _build_hand(rec: Any) -> tuple[Hand, list, list]:
    """Validate the shape of a record and build the dealt hand; raise ``Malformed``."""
    if not isinstance(rec, dict):
        raise Malformed("record", f"each line must be a JSON object, got {type(rec).__name__}")
    unknown = [k for k in rec if k not in KEYS]
    if unknown:
        raise Malformed(_given(unknown[0]), f"unknown key {quote(unknown[0])}; valid keys are: {', '.join(KEYS)}")
    raw_rules = rec.get("rules", {})
    if raw_rules is not None and not isinstance(raw_rules, dict):
        raise Malformed("rules", f"'rules' must be an object of option: value, got {type(raw_rules).__name__}")
    try:
        rules = Rules.from_dict(raw_rules)
    except HeartsError as e:
        raise Malformed("rules", str(e)) from None
    if "pass_direction" not in rec:
        raise Malformed("pass_direction", f"missing key 'pass_direction' (one of {', '.join(PASS_DIRECTIONS)})")
    direction = rec["pass_direction"]
    if direction not in PASS_DIRECTIONS:
        raise Malformed("pass_direction", f"'pass_direction' must be one of {', '.join(PASS_DIRECTIONS)}, "
                                          f"got {quote(direction)}")
    if not rules.passing and direction != "hold":
        raise Malformed("pass_direction", f"these rules have no passing, so 'pass_direction' must be 'hold', "
                                          f"not {direction!r}")
    if direction == "across" and not rules.table.has_across:
        raise Malformed("pass_direction", f"a table of {rules.players} has no seat across; its passes go "
                                          f"{', '.join(rules.pass_cycle)}")
    n, size = rules.players, rules.hand_size
    deal = _list(rec, "deal")
    if len(deal) != n or not all(isinstance(h, list) for h in deal):
        raise Malformed("deal", f"'deal' must be {n} lists of {size} cards (seats 0..{n - 1})")
    for seat, cards in enumerate(deal):
        try:
            CardList(cards)
        except HeartsError as e:
            raise Malformed(f"deal[{seat}]", str(e)) from None
    try:
        hand = Hand(deal, direction, rules)
    except HeartsError as e:
        raise Malformed("deal", str(e)) from None
    passes = _list(rec, "passes", [[] for _ in range(n)])
    if len(passes) != n or not all(isinstance(p, list) for p in passes):
        raise Malformed("passes", f"'passes' must be {n} lists (3 cards each, empty on a hold hand)")
    plays = _list(rec, "plays", [])
    return hand, passes, plays


def _fail(play_index: int, card: Any, rule: str, error: str, pass_seat: int | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {"ok": False, "play_index": play_index}
    if pass_seat is not None:
        out["pass_seat"] = pass_seat
    out.update({"card": card, "rule": rule, "error": error})
    return out


def _card_field(err: HeartsError, given: Any) -> Any:
    card = getattr(err, "card", None)
    return str(card) if isinstance(card, Card) else given


def _do_passes(hand: Hand, passes: list) -> dict[str, Any] | None:
    if hand.pass_direction == "hold":
        for seat, p in enumerate(passes):
            if p:
                return _fail(-1, None, "wrong_phase", "this is a hold hand: nobody passes, so every "
                             "list in 'passes' must be empty", pass_seat=seat)
        return None
    for seat, p in enumerate(passes):
        bad = [c for c in p if not _parses(c)]  # a list: the bad value may itself be None
        if bad:
            return _fail(-1, _given(bad[0]), "invalid_card", _card_error(bad[0]), pass_seat=seat)
        try:
            hand.pass_cards(seat, p)
        except ActionError as e:
            return _fail(-1, _card_field(e, None), str(e.rule), str(e), pass_seat=seat)
    return None


def _parses(value: Any) -> bool:
    try:
        Card(value)
    except HeartsError:
        return False
    return True


def _card_error(value: Any) -> str:
    try:
        Card(value)
    except InvalidCardError as e:
        return str(e)
    return ""


def replay_record(rec: Any) -> dict[str, Any]:
    """The output object for one decoded record (see the module docstring)."""
    try:
        hand, passes, plays = _build_hand(rec)
    except Malformed as m:
        return {"ok": False, "error": m.reason, "field": m.field}
    failure = _do_passes(hand, passes)
    if failure is not None:
        return failure
    # the plays run on the bitmask PlayState (fast); the checked Hand is only used to word
    # the error of an illegal play, so messages are exactly those of Hand.play
    st = hand.play_state()
    legal: list[list[str]] = []
    for i, given in enumerate(plays):
        idx = _INDEX.get(given) if isinstance(given, str) else None
        if idx is None:
            if not _parses(given):
                return _fail(i, _given(given), "invalid_card",
                             _card_error(given))
            idx = Card(given).index
        if st.is_over:
            last = st.players * st.table.hand_size  # the 52nd card at four seats
            return _fail(i, _NAMES[idx], "wrong_phase", f"play {i} comes after the {last}nd card: the hand is over"
                         if last == DECK_SIZE else f"play {i} comes after the last card ({last}): the hand is over")
        mask = st.legal()
        if not mask >> idx & 1:
            return _illegal(hand, plays, i)
        legal.append([_NAMES[j] for j in indices_of(mask)])
        st.play(idx)
    if st.is_over:
        scores, moon = final_scores(st.taken, hand.rules.moon, hand.rules.omnibus)
        return {"ok": True, "legal": legal, "points": list(scores), "moon": moon}
    return {"ok": True, "legal": legal, "next_player": st.turn,
            "next_legal": [_NAMES[j] for j in indices_of(st.legal())]}


def _illegal(hand: Hand, plays: list, i: int) -> dict[str, Any]:
    """Replay the legal prefix through ``Hand`` and let it reject play ``i``."""
    for card in plays[:i]:
        hand.play(card)
    try:
        hand.play(plays[i])
    except ActionError as e:
        return _fail(i, _card_field(e, _given(plays[i])), str(e.rule), str(e))
    raise AssertionError(f"the engine accepted play {i} that the play state rejected")  # pragma: no cover


def replay_line(line: str | bytes) -> dict[str, Any] | None:
    """The output object for one input line; None for a blank line."""
    if isinstance(line, bytes):
        try:
            line = line.decode("utf-8")
        except UnicodeDecodeError as e:
            return {"ok": False, "error": f"the line is not valid UTF-8 (byte {e.start})", "field": "record"}
    line = line.removeprefix("\ufeff")  # a byte order mark, as Windows editors write at a file's start
    if not line.strip():
        return None
    try:
        rec = json.loads(line)
    except json.JSONDecodeError as e:
        return {"ok": False, "error": f"not valid JSON: {e}", "field": "record"}
    except RecursionError:
        return {"ok": False, "error": "not valid JSON: nested too deeply", "field": "record"}
    except ValueError:  # Python refuses to convert ints of more than 4,300 digits
        return {"ok": False, "error": f"not valid JSON: {TOO_MANY_DIGITS}", "field": "record"}
    return replay_record(rec)


def replay_lines(lines: Iterable[str | bytes]) -> Iterator[dict[str, Any]]:
    for line in lines:
        try:
            out = replay_line(line)
        except Exception as e:  # a bug of ours: still one line for this record, and go on
            out = {"ok": False, "error": f"internal error ({type(e).__name__}: {quote(str(e))}); "
                                         f"please report it", "field": "record"}
        if out is not None:
            yield out


def run(source: BinaryIO | TextIO, out: TextIO) -> int:
    """Replay every line of ``source`` to ``out``; 0 if all records are ok, else 1."""
    status = 0
    for result in replay_lines(source):
        if not result["ok"]:
            status = 1
        out.write(json.dumps(result) + "\n")
        out.flush()
    return status


def main_replay(path: str, out: TextIO | None = None) -> int:
    """The ``replay`` subcommand: ``path`` is a file name or ``-`` for stdin."""
    out = out if out is not None else sys.stdout
    if path == "-":
        return run(sys.stdin.buffer, out)
    try:
        f = open(path, "rb")  # noqa: SIM115 - closed below; bytes so each line decodes on its own
    except OSError as e:
        print(f"replay: cannot read {path!r}: {e.strerror}", file=sys.stderr)
        return 2
    with f:
        return run(f, out)
