"""The harness of the fuzz suites (tests/test_fuzz_*.py): hostile values and a checked call.

``Harness.call(label, fn, state=obj)`` calls one public entry point and checks the
promise of issue 14: it either returns, or raises one of the project's own exceptions
(``HeartsError``) whose message is at most ``MAX_MESSAGE`` characters, and a rejection
leaves ``obj`` exactly as it was (compared through ``snapshot()``/``to_json()``). Whatever
a call accepts is then used (``str``, ``repr``, text views, the JSON round trip), so
nothing accepted now breaks later.

Set ``HEARTS_FUZZ_TALLY=/path/file.json`` to count instead of failing: every call and
every stray (a foreign exception, a changed state, a long message) is tallied and the
totals are written to that file at exit. That is how the figures before and after the
fix were measured (the suites use only API that existed before the fix).
"""

from __future__ import annotations

import atexit
import json
import os
from collections import Counter
from collections.abc import Callable
from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from hearts_teach import DECK, Hand, HeartsError, Rules
from hearts_teach.games.spades import SpadesHand

MAX_MESSAGE = 500  # a message quotes at most ~80 characters of any value; this leaves room for the prose
FUZZ = settings(derandomize=True, deadline=None, database=None, max_examples=60,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                       HealthCheck.filter_too_much])
TALLY_PATH = os.environ.get("HEARTS_FUZZ_TALLY")


# hostile values ------------------------------------------------------------------------------------
# Each hostile value prints itself shortly for Hypothesis (``_repr_pretty_``), so a failing
# example can be reported; the project sees an ordinary int, list, str or object.
class _Shown:
    label = ""

    def _repr_pretty_(self, p, cycle) -> None:
        p.text(self.label)


class BadRepr(_Shown):
    """An object whose repr and str raise: quoting it must not replace the real error."""

    label = "BadRepr()"

    def __repr__(self) -> str:
        raise RuntimeError("hostile __repr__")

    __str__ = __repr__


class HugeInt(_Shown, int):
    label = "10**5000"


class DeepList(_Shown, list):
    label = "<list nested 3,000 deep>"


class LongStr(_Shown, str):
    label = "'Q' * 200_000 + 'S'"


def nested(depth: int) -> list:
    out: list = []
    for _ in range(depth):
        out = [out]
    return out


HUGE = HugeInt(10 ** 5000)  # str() of it is refused (more than 4,300 digits)
DEEP = DeepList(nested(3000))  # repr() and json.dumps() of it exceed the recursion limit
LONG = LongStr("Q" * 200_000 + "S")  # a 200 KB "card"
NAMED = ["QS", "10♥", "2c", "nil", "", " ", "\n", "left", "hold", "omnibus", "preset", "South",
         "rule", "random", "mc:1", "mc:99999999999999", "x" * 100]

scalars = st.one_of(
    st.none(), st.booleans(), st.integers(-5, 60), st.sampled_from([HUGE, 2 ** 64, -(2 ** 63), 10 ** 30]),
    st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=6), st.sampled_from(NAMED + [LONG]),
    st.binary(max_size=4), st.just(BadRepr()), st.just(object()),
)
junk = st.one_of(
    scalars,
    st.lists(scalars, max_size=5),
    st.tuples(scalars, scalars),
    st.dictionaries(st.one_of(st.text(max_size=4), st.integers(0, 3)), scalars, max_size=3),
    st.frozensets(st.integers(0, 13), max_size=4),
    st.sets(st.sampled_from(["QS", "2C", "AH", "KD"]), max_size=4),
    st.just(range(4)), st.just(DEEP), st.just([DEEP]), st.just({"a": DEEP}),
)


def or_junk(valid: st.SearchStrategy, weight: int = 1) -> st.SearchStrategy:
    """``valid`` values mixed with hostile ones (so checks past the first get reached)."""
    return st.one_of(*([valid] * weight), junk)


seats = or_junk(st.integers(-1, 4))
card_strings = st.sampled_from([str(c) for c in DECK])
cards_arg = or_junk(st.one_of(card_strings, st.lists(card_strings, max_size=4)))
names_arg = or_junk(st.one_of(
    st.lists(st.text(max_size=8), min_size=3, max_size=5),
    st.lists(st.sampled_from(["Ann", "Bo", "Cy", "Di", "", "  ", "a\nb", "x" * 60]), min_size=4, max_size=4),
    st.just(["Ann", "Bo", "Cy", "Di"]), st.just("ABCD"), st.just([1, 2, 3, 4])))
seeds = or_junk(st.one_of(st.integers(0, 2 ** 70), st.text(max_size=5)))


# games in every phase, built from a seed and a few choices ---------------------------------------------
@st.composite
def hearts_hand(draw: st.DrawFn) -> Hand:
    h = Hand.deal(draw(st.integers(0, 40)), hand_number=draw(st.integers(0, 3)),
                  rules=Rules.preset(draw(st.sampled_from(sorted(Rules.presets())))))
    for s in range(draw(st.integers(0, 4))):
        if h.phase.value == "pass":
            h.pass_cards(s, list(h.cards(s))[:3])
    if h.phase.value == "play":
        for _ in range(draw(st.sampled_from([0, 1, 5, 30, 52]))):
            if h.phase.value != "play":
                break
            legal = list(h.legal_plays())
            h.play(legal[draw(st.integers(0, len(legal) - 1))])
    return h


@st.composite
def spades_hand(draw: st.DrawFn) -> SpadesHand:
    h = SpadesHand.deal(draw(st.integers(0, 40)), dealer=draw(st.integers(0, 3)))
    for _ in range(draw(st.integers(0, 4))):
        h.bid(draw(st.integers(0, 5)))
    if h.phase.value == "play":
        for _ in range(draw(st.sampled_from([0, 1, 7, 52]))):
            if h.phase.value != "play":
                break
            legal = list(h.legal_plays())
            h.play(legal[draw(st.integers(0, len(legal) - 1))])
    return h



# JSON-able hostile values for records and replay lines (sentinels become huge ints / deep nesting)
class _Sentinel(_Shown):
    def __init__(self, text: str):
        self.text = text
        self.label = f"<JSON {text[:3]}... of {len(text):,} characters>"


HUGE_JSON = _Sentinel("9" * 5000)
DEEP_JSON = _Sentinel("[" * 3000 + "]" * 3000)
json_scalars = st.one_of(
    st.none(), st.booleans(), st.integers(-5, 60), st.sampled_from([2 ** 64, -(2 ** 63), 10 ** 30]),
    st.floats(allow_nan=False, allow_infinity=False), st.text(max_size=6), st.sampled_from(NAMED),
    st.just(LONG), st.just(HUGE_JSON), st.just(DEEP_JSON),
)
json_junk = st.one_of(json_scalars, st.lists(json_scalars, max_size=4),
                      st.dictionaries(st.text(max_size=5), json_scalars, max_size=3))


def to_line(value: Any) -> str:
    """JSON text of ``value`` where the sentinels become a 5,000-digit int or 3,000 levels of ``[``."""
    subs: dict[str, str] = {}

    def default(o: Any) -> str:
        key = f"@@{len(subs)}@@"
        subs[key] = o.text
        return key

    text = json.dumps(value, default=default, ensure_ascii=False)
    for key, sub in subs.items():
        text = text.replace(json.dumps(key), sub)
    return text


def as_python(value: Any) -> Any:
    """The same value for the Python API: sentinels become the real huge int / deep list."""
    if value is HUGE_JSON:
        return HUGE
    if value is DEEP_JSON:
        return DEEP
    if isinstance(value, DeepList):
        return value
    if isinstance(value, list):
        return [as_python(v) for v in value]
    if isinstance(value, dict):
        return {k: as_python(v) for k, v in value.items()}
    return value


@st.composite
def mutated(draw: st.DrawFn, record: Any, max_changes: int = 3) -> Any:
    """A deep copy of a JSON record with 1..``max_changes`` values replaced by hostile ones,
    keys deleted or added, at paths chosen by Hypothesis."""
    rec = json.loads(json.dumps(record))
    for _ in range(draw(st.integers(1, max_changes))):
        node, path = rec, []
        while isinstance(node, dict | list) and node and draw(st.integers(0, 2)) > 0:
            key = draw(st.sampled_from(sorted(node) if isinstance(node, dict) else list(range(len(node)))))
            if not isinstance(node[key], dict | list):
                break
            path.append(key)
            node = node[key]
        if isinstance(node, dict) and node:
            key = draw(st.sampled_from(sorted(node) + ["extra"]))
            if draw(st.integers(0, 4)) == 0 and key in node:
                del node[key]
            else:
                node[key] = draw(json_junk)
        elif isinstance(node, list) and node:
            i = draw(st.integers(0, len(node)))
            if i == len(node):
                node.append(draw(json_junk))
            else:
                node[i] = draw(json_junk)
        elif path:
            parent = rec
            for k in path[:-1]:
                parent = parent[k]
            parent[path[-1]] = draw(json_junk)
        else:
            rec = draw(json_junk)
    return rec


# the checked call --------------------------------------------------------------------------------------
def state_of(obj: Any) -> Any:
    """What must not change on a rejection: the snapshot and the record of a game object."""
    if obj is None:
        return None
    parts = []
    if hasattr(obj, "snapshot"):
        parts.append(obj.snapshot())
    if hasattr(obj, "to_json"):
        parts.append(obj.to_json())
    return tuple(parts) if parts else repr(obj)


class Stray(AssertionError):
    pass


class Harness:
    """Counts calls; raises ``Stray`` (or, in tally mode, records it) for a broken promise."""

    calls = 0
    strays: Counter = Counter()
    examples: dict[str, str] = {}

    def call(self, label: str, fn: Callable[[], Any], state: Any = None, exercise: bool = True) -> Any:
        try:
            before = state_of(state)
        except Exception as e:  # an object accepted earlier that cannot even be saved
            self._stray(label, f"the object cannot be saved: {type(e).__name__}: {_safe(e)}")
            before = state = None
        Harness.calls += 1
        try:
            result = fn()
        except HeartsError as e:
            msg = str(e)
            if len(msg) > MAX_MESSAGE:
                self._stray(label, f"message of {len(msg):,} characters: {msg[:120]!r}...")
            if state_of(state) != before:
                self._stray(label, f"rejected ({type(e).__name__}) but changed the state")
            return None
        except RecursionError:
            self._stray(label, "RecursionError")
            return None
        except Exception as e:
            self._stray(label, f"{type(e).__name__}: {_safe(e)}")
            return None
        if exercise:
            self.use(label, result)
        return result

    def use(self, label: str, obj: Any) -> None:
        """Everything a learner does with an accepted object next: print it, view it, save it."""
        uses: list[tuple[str, Callable[[], Any]]] = [("str", lambda: str(obj)), ("repr", lambda: repr(obj))]
        for name in ("text", "replay_sheet", "score_table", "_repr_html_", "pretty", "describe"):
            attr = getattr(type(obj), name, None)
            if attr is None:
                continue
            if isinstance(attr, property):
                uses.append((name, lambda n=name: getattr(obj, n)))
            elif callable(attr):
                uses.append((name, lambda n=name: getattr(obj, n)()))
        if hasattr(obj, "to_json") and hasattr(type(obj), "from_json"):
            uses.append(("json round trip", lambda: _round_trip(obj)))
        for name, fn in uses:
            Harness.calls += 1
            try:
                fn()
            except Exception as e:
                self._stray(f"{label} → {name}", f"accepted, then {name} raised {type(e).__name__}: {_safe(e)}")

    def _stray(self, label: str, what: str) -> None:
        key = f"{label}: {what.split(':')[0]}"
        Harness.strays[key] += 1
        Harness.examples.setdefault(key, what[:300])
        if not TALLY_PATH:
            raise Stray(f"{label}: {what[:300]}")


def _round_trip(obj: Any) -> None:
    text = obj.to_json()
    back = type(obj).from_json(text)
    if back.to_json() != text:
        raise AssertionError("the JSON round trip changed the record")


def _safe(e: BaseException) -> str:
    try:
        return str(e)[:200]
    except Exception:
        return "<unprintable>"


def _write_tally() -> None:
    if TALLY_PATH and Harness.calls:
        with open(TALLY_PATH, "w") as f:
            json.dump({"calls": Harness.calls, "strays": sum(Harness.strays.values()),
                       "distinct": len(Harness.strays), "by_kind": dict(sorted(Harness.strays.items())),
                       "examples": Harness.examples}, f, indent=1, ensure_ascii=False)


atexit.register(_write_tally)


def play_on(hand: Any, draw: st.DrawFn, plays: int) -> None:
    """Up to ``plays`` legal cards on a hand of either game, chosen by Hypothesis."""
    for _ in range(plays):
        if hand.phase.value != "play":
            return
        legal = list(hand.legal_plays())
        hand.play(legal[draw(st.integers(0, len(legal) - 1))])
