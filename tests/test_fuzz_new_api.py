"""Fuzz the APIs added after the first fuzz suite (issue 14's promise, extended).

The batch engine (``play_hands``, ``play_deals``, ``make_policy``, ``sample_worlds``,
``rollout``), ``SpadesRules`` (constructor, ``preset``, ``from_dict``, ``replace``) and its
use in ``SpadesHand``/``SpadesMatch`` (blind nil bids), the ``queen_waits`` option, the
league (``run_league`` and ``python -m hearts_teach league``), the class grader command
(``python -m hearts_teach.classroom.exercises grade|mark``), ``python -m hearts_teach.tools.bench_spades``,
the bench commands, and the widgets' constructors (``PlayApp``, ``TableWidget``).

Same harness as test_fuzz_api.py: a call returns, or raises a project error with a short
message, a rejection changes nothing, and whatever is accepted can be printed and saved.
Commands must end in exit status 0 or 2 (a clean usage error), never a traceback. Valid
but expensive arguments (many hands, many worlds, a league that would really run) are not
drawn.
"""

from __future__ import annotations

import contextlib
import io
from collections.abc import Callable

import pytest
from fuzz_support import FUZZ, HUGE, LONG, Harness, junk, names_arg, or_junk, seats, seeds
from hypothesis import Phase, given, settings
from hypothesis import strategies as st

from hearts_teach import Hand, Rules
from hearts_teach.agents.hearts.batch_play import make_policy, play_deals, play_hands
from hearts_teach.agents.hearts.batch_sample import rollout, sample_worlds
from hearts_teach.games.hearts.batch import deals_from_rngs
from hearts_teach.games.spades import SpadesHand, SpadesMatch
from hearts_teach.games.spades.rules import SpadesRules
from hearts_teach.kernel.rng import Rng

H = Harness()
tiny = or_junk(st.integers(-2, 2), 2)  # counts whose valid values must stay cheap
policy_names = or_junk(st.sampled_from(["rule", "random", "easy", "greedy", " Rule ", "mc:2", "x", ""]), 2)
batch_rules = or_junk(st.one_of(st.none(), st.sampled_from(["standard", "omnibus", "queen_waits", "no_pass"])
                                .filter(lambda n: n in Rules.presets()).map(Rules.preset)), 2)
DEALS = deals_from_rngs([Rng(1), Rng(2)])


def _call(label: str, fn: Callable, state=None):
    return H.call(label, fn, state=state)


def _command(label: str, main: Callable, argv: list[str], ok=(0, 2)) -> None:
    """A command run in-process: it returns or exits with a status in ``ok``; its output is kept
    quiet (a traceback would surface as the exception itself)."""

    def run():
        out = io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
            try:
                code = main(argv)
            except SystemExit as e:
                code = e.code
        if code not in ok:
            raise AssertionError(f"exit status {code!r}: {out.getvalue()[-200:]!r}")
    _call(label, run, state=None)


# the batch engine ---------------------------------------------------------------------------------------
def batch_engine(d):
    seats_arg = d(st.one_of(policy_names, st.lists(policy_names, min_size=3, max_size=5)))
    _call("play_hands", lambda: play_hands(d(tiny), d(seeds), seats_arg, rules=d(batch_rules),
                                           hand_number=d(or_junk(st.integers(-1, 5), 2)),
                                           batch=d(tiny), record=d(or_junk(st.booleans(), 3))))
    deals = d(or_junk(st.sampled_from([DEALS, DEALS[:1], DEALS.tolist(), DEALS[:, :3], DEALS[::-1] ^ 1]), 2))
    _call("play_deals", lambda: play_deals(deals, seats_arg, rules=d(batch_rules),
                                           offsets=d(st.one_of(st.none(), or_junk(st.integers(-1, 5)))),
                                           hand_numbers=d(or_junk(st.integers(-1, 5), 2)),
                                           record=d(or_junk(st.booleans(), 3))))
    _call("make_policy", lambda: make_policy(d(policy_names)))


PLAY_HAND = Hand.deal(4, hand_number=3)  # a hold hand: play starts at once
PLAY_HAND.play("2C")
PASS_HAND = Hand.deal(4)
LATE_HAND = Hand.deal(5, hand_number=3)
for _ in range(21):
    LATE_HAND.play(LATE_HAND.legal_plays().cards[0])


def batch_sampling(d):
    hand = d(st.sampled_from([PLAY_HAND, PASS_HAND, LATE_HAND]))
    view = d(or_junk(st.sampled_from([hand.view(s) for s in range(4)]), 3))
    _call("sample_worlds", lambda: sample_worlds(view, d(tiny), d(seeds)), state=hand)
    cards = st.one_of(st.integers(-1, 52), st.sampled_from(["2C", "QS"]), st.just(0b111), st.just(HUGE))
    cands = d(st.one_of(st.none(), or_junk(st.lists(or_junk(cards, 2), max_size=3))))
    _call("rollout", lambda: rollout(view, cands, d(tiny), d(seeds), d(policy_names)), state=hand)


# Spades rules, blind nil and the Spades match ---------------------------------------------------------------
option_names = st.sampled_from(list(SpadesRules.options()) + ["preset", "mercyy", ""])
option_values = or_junk(st.sampled_from([True, False, 0, 1, 100, 500, -1, 10 ** 9]))


def spades_rules(d):
    _call("SpadesRules(**kw)", lambda: SpadesRules(**{d(option_names): d(option_values)}))
    _call("SpadesRules(*args)", lambda: SpadesRules(*d(st.lists(option_values, max_size=8))))
    _call("SpadesRules.preset", lambda: SpadesRules.preset(d(or_junk(st.sampled_from(SpadesRules.presets())))))
    keys = st.one_of(option_names, st.none(), st.integers(-1, 2), st.just(HUGE), st.frozensets(st.integers(0, 3), max_size=2))
    _call("SpadesRules.from_dict", lambda: SpadesRules.from_dict(d(or_junk(st.dictionaries(
        keys, or_junk(st.sampled_from([True, 7, "blind_nil", "standard"])), max_size=3)))))
    _call("SpadesRules.replace", lambda: SpadesRules().replace(**{d(option_names): d(option_values)}))
    _call("Rules(queen_waits)", lambda: Rules(queen_waits=d(junk)))
    _call("Rules.replace(queen_waits)", lambda: Rules().replace(queen_waits=d(junk)))


def spades_blind_nil(d):
    rules = d(or_junk(st.sampled_from([SpadesRules.preset(p) for p in SpadesRules.presets()]), 3))
    before = d(or_junk(st.sampled_from([(0, 0), (0, 150), (-300, 0), (0, 10 ** 9)]), 3))
    h = _call("SpadesHand.deal(rules)", lambda: SpadesHand.deal(d(st.integers(0, 9)), d(seats), rules=rules,
                                                               scores_before=before))
    if h is not None:
        for _ in range(d(st.integers(0, 4))):
            _call("SpadesHand.bid", lambda: h.bid(d(or_junk(st.sampled_from(["blind nil", "Blind  Nil", "nil", 0, 3, 14])))),
                  state=h)
    _call("SpadesMatch(rules)", lambda: SpadesMatch(d(seeds), d(st.one_of(st.none(), or_junk(st.integers(-5, 600)))),
                                                    d(seats), d(st.one_of(st.none(), names_arg)), rules=rules))


# commands ----------------------------------------------------------------------------------------------
ARG = st.sampled_from(["0", "-3", "x", "1.5", "", "-99999999999999999999999", "1e3", "0x10", "nan", "inf", "-1",
                       "9" * 5000, "--", "--json", "\x00"])


def league(d, tmp):
    from hearts_teach.__main__ import main as cli_main
    from hearts_teach.classroom.league import run_league

    files = d(or_junk(st.sampled_from([[tmp["bot"]], [tmp["txt"]], [tmp["missing"]], [tmp["bad_name"]],
                                       [tmp["bot"], tmp["bot"]], [], [tmp["dir"]]]), 2))
    hands = d(st.one_of(st.sampled_from([0, -1, 1.5, None, "1", True, HUGE]), junk).filter(
        lambda v: not (isinstance(v, int) and not isinstance(v, bool) and 0 < v < 10 ** 6)))
    _call("run_league(hands)", lambda: run_league(files, hands=hands, progress=False))
    # every other argument with a valid count: each draw spoils at least one so no league runs
    kw = {"seed": d(or_junk(st.integers(0, 3), 1)), "workers": d(st.one_of(st.none(), junk)),
          "move_limit": d(or_junk(st.sampled_from([1.0, 0.5]), 1)), "out": d(st.one_of(st.none(), junk)),
          "scheduler": d(st.one_of(st.none(), junk))}
    bad_files = d(st.sampled_from([[tmp["missing"]], [tmp["txt"]], junk]))
    if bad_files is junk:
        bad_files = d(junk)
    _call("run_league(kw)", lambda: run_league(bad_files, hands=1, progress=False, **kw))
    flag = d(st.sampled_from(["--hands", "--seed", "--workers", "--move-limit", "--scheduler", "--out", "--html"]))
    value = d(ARG)
    # a missing file spoils every draw: a valid --workers or --move-limit with a real bot file would
    # run a whole sandboxed league (minutes) inside the fuzz loop
    spoil = [tmp["missing"]]
    _command("league CLI", cli_main, ["league", *spoil, flag, value])


def class_grader(d, tmp):
    from hearts_teach.classroom.exercises import main as ex_main

    flag = d(st.sampled_from(["--timeout", "--jobs", "--memory", "--scheduler"]))
    where = d(st.sampled_from([tmp["missing"], tmp["txt"], tmp["empty"]]))
    _command("exercises grade", ex_main, ["grade", where, flag, d(ARG)])
    _command("exercises mark", ex_main, ["mark", d(st.sampled_from(["nope", "../x", "", "99_none", LONG[:300]]))])


def bench_commands(d):
    from hearts_teach.tools.bench import main as bench_main
    from hearts_teach.tools.bench_bots import main as bench_bots_main
    from hearts_teach.tools.bench_spades import main as spades_bench_main

    # only arguments argparse or the door must refuse: a valid run is a long benchmark
    _command("spades.bench --hands", spades_bench_main, ["--hands", d(ARG.filter(lambda a: a != "--json"))])
    _command("spades.bench --seed", spades_bench_main, ["--hands", "0", "--seed", d(ARG)])
    _command("bench", bench_main, [d(st.sampled_from(["--hands", "--nope", "x", "--json=1"]))])
    _command("bench_bots", bench_bots_main, [d(st.sampled_from(["--hands", "--nope", "x", "--quick=1"]))])


# widgets -----------------------------------------------------------------------------------------------
def widgets(d):
    from hearts_teach.present.widgets.play_app import PlayApp
    from hearts_teach.present.widgets.table import TableWidget

    pause = d(st.one_of(st.none(), or_junk(st.sampled_from([0, 0.0, 0.5]))))
    _call("PlayApp", lambda: PlayApp(d(or_junk(st.integers(-1, 3), 2)),
                                     d(or_junk(st.sampled_from(["random", "rule", "expert", "medium!"]))),
                                     d(or_junk(st.sampled_from(sorted(Rules.presets())))),
                                     trick_pause=pause, hint_fn=d(st.one_of(st.none(), junk))))
    opp = d(or_junk(st.one_of(st.sampled_from(["random", "rule", "easy"]),
                              st.lists(st.sampled_from(["random", "rule", "nobody"]), min_size=2, max_size=4),
                              st.dictionaries(st.integers(-1, 4), st.sampled_from(["random", "x"]), max_size=3))))
    kw = {"seat": d(or_junk(seats, 2)), "rules": d(st.one_of(st.none(), junk)), "trick_pause": pause,
          "four_color": d(st.one_of(st.none(), junk)), "hint_fn": d(st.one_of(st.none(), junk))}
    extra = d(st.sampled_from(["", "match", "hand", "bots", "both"]))
    if extra == "match":
        kw["match"] = d(junk)
    elif extra == "hand":
        kw["hand"] = d(junk)
    elif extra == "bots":
        kw["bots"] = d(junk)
    elif extra == "both":
        kw["hand"], kw["match"] = Hand.deal(1), None
    _call("TableWidget", lambda: TableWidget(d(or_junk(st.integers(0, 3), 2)), opp, **kw))


@pytest.fixture(scope="module")
def tmp(tmp_path_factory):
    root = tmp_path_factory.mktemp("fuzz_new")
    bot = root / "good_bot.py"
    bot.write_text("def choose_pass(view):\n    return list(view.hand)[:3]\n"
                   "def choose_play(view):\n    return list(view.legal)[0]\n")
    (root / "notes.txt").write_text("hello")
    (root / "bad-name.py").write_text("x = 1\n")
    (root / "empty").mkdir()
    (root / "adir.py").mkdir()
    return {"bot": str(bot), "txt": str(root / "notes.txt"), "missing": str(root / "missing.py"),
            "bad_name": str(root / "bad-name.py"), "empty": str(root / "empty"), "dir": str(root / "adir.py")}


ENTRIES = [batch_engine, batch_sampling, spades_rules, spades_blind_nil, league, class_grader,
           bench_commands, widgets]
NEEDS_TMP = {league, class_grader}
EXAMPLES = {batch_engine: 100, batch_sampling: 100, spades_rules: 200, spades_blind_nil: 120, league: 60,
            class_grader: 40, bench_commands: 40, widgets: 40}


# Not fixed yet (strict: the mark fails as soon as they are): PlayApp/TableWidget raise bare
# ValueError/TypeError for bad opponents, presets, seeds and seats; ``exercises mark NAME`` exits
# with status 1 for an unknown notebook and lets OSError through for a very long name.
OPEN: set = set()
PARAMS = [pytest.param(e, marks=pytest.mark.xfail(strict=True, raises=Exception,
                                                  reason="stray exceptions not fixed yet")) if e in OPEN
          else e for e in ENTRIES]


@pytest.mark.parametrize("entry", PARAMS, ids=[e.__name__ for e in ENTRIES])
def test_new_api_answers_hostile_arguments_with_project_errors(entry, tmp):
    # an open entry fails at its first stray: shrinking widget examples would take minutes
    phases = (Phase.explicit, Phase.generate) if entry in OPEN else tuple(Phase)

    @settings(FUZZ, max_examples=EXAMPLES[entry], phases=phases)
    @given(st.data())
    def run(data):
        if entry in NEEDS_TMP:
            entry(data.draw, tmp)
        else:
            entry(data.draw)

    run()
