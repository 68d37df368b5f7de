"""The coach's statistics: common deals, include-invariance, the half-sample best, certain
verdicts, determinism across processes."""

from __future__ import annotations

import json
import subprocess
import sys

import numpy as np
import pytest

from hearts_teach import Hand
from hearts_teach.agents.coach import assess_pass, assess_play, hint, verdict_for
from hearts_teach.agents.coach_stats import difference, gather, verdict_of
from hearts_teach.agents.hearts.coach_backend import Outcomes, scalar_backend
from hearts_teach.agents.hearts.deals import BLOCK, deal_block, deals, position_key
from hearts_teach.kernel.rng import hash64

PASS_HAND = dict(seed=287, hand_number=0)  # lesson 01's deal: South holds ♠ A Q


def pass_view():
    return Hand.deal(**PASS_HAND).view(0)


def play_view():
    from hearts_teach.course.lessons import DRILLS

    d = next(d for d in DRILLS if d.title == "Your lead")
    return d.make().view(d.seat)


# common deals ------------------------------------------------------------------------------
def test_deals_depend_only_on_position_seed_and_index():
    v = play_view()
    a = deals(v, 3, 200)
    b = deal_block(v, 3, 1)
    assert a[BLOCK:2 * BLOCK] == b  # deal j is the same whether asked alone or with others
    assert deals(v, 3, 70)[:70] == a[:70]
    assert deals(v, 4, 64) != a[:64]
    for d in a:  # each deal keeps the seat's own hand and the sizes of the others
        assert d[v.seat] == v.hand
        assert [m.bit_count() for m in d] == list(v.sizes)


def test_the_pass_already_chosen_does_not_change_the_deals():
    hand = Hand.deal(**PASS_HAND)
    before = hand.view(0)
    hand.pass_cards(0, "QS AS AD")
    after = hand.view(0)
    assert after.passed and position_key(after) == position_key(before)
    assert deal_block(after, 0, 0) == deal_block(before, 0, 0)


class Recorder:
    """A backend that records its calls and delegates to the scalar one."""

    def __init__(self):
        self.calls = []

    def __call__(self, view, candidates, sampled):
        self.calls.append((list(candidates), [list(d) for d in sampled]))
        return scalar_backend(view, candidates, sampled)


def test_every_candidate_is_played_on_the_same_deals():
    v = play_view()
    rec = Recorder()
    a = assess_play(v, worlds=64, max_worlds=256, backend=rec)
    seen = []
    for cands, sampled in rec.calls:  # one call per round: all live candidates, one deal list
        assert len(cands) >= 1
        seen.extend(sampled)
    assert seen == deals(v, 0, len(seen))
    assert a.worlds == len(seen)


def test_paired_differences_cancel_the_luck_of_the_deal():
    """A backend whose points are (luck of the deal) + (a fixed cost per candidate): on
    common deals the differences are exactly the costs, with no noise at all."""
    v = play_view()

    def fake(view, candidates, sampled):
        luck = np.array([hash64(str(d)) % 20 for d in sampled], dtype=np.int16)
        pts = np.stack([luck + (c % 5) for c in candidates])
        z = np.zeros_like(pts)
        return Outcomes(pts, z, z, z - 1, z, z)

    a = assess_play(v, worlds=128, max_worlds=128, backend=fake)
    costs = {c.cards[0].index % 5 for c in a}
    low = min(costs)
    for c in a:
        assert c.delta_vs_best == c.card.index % 5 - low
        assert c.delta_se == 0.0


# include-invariance -------------------------------------------------------------------------
@pytest.mark.parametrize("extra", ["5C JC 3H", "QH JH 7H", "QS AS AD", "5C 5D 3H"])
def test_including_a_pass_never_changes_the_others(extra):
    v = pass_view()
    plain = assess_pass(v, worlds=64, max_worlds=128)
    more = assess_pass(v, worlds=64, max_worlds=128, include=[extra])
    assert more.best.cards == plain.best.cards
    assert more.worlds == plain.worlds
    for c in plain:
        m = more.of(c.cards)
        assert (m.exp_points, m.delta_vs_best, m.delta_ci95, m.verdict) == \
               (c.exp_points, c.delta_vs_best, c.delta_ci95, c.verdict)
    assert more.of(extra).deals == more.worlds  # the extra is measured on every deal


def test_grading_after_committing_the_pass_matches_include():
    hand = Hand.deal(**PASS_HAND)
    with_include = assess_pass(hand.view(0), worlds=64, max_worlds=128, include=["QS AS AD"])
    hand.pass_cards(0, "QS AS AD")
    committed = assess_pass(hand.view(0), worlds=64, max_worlds=128)
    assert [(c.cards, c.delta_vs_best, c.verdict) for c in committed] == \
           [(c.cards, c.delta_vs_best, c.verdict) for c in with_include]


# the half-sample best ------------------------------------------------------------------------
def _noise_backend(view, candidates, sampled):
    """Every candidate equally good: independent noise per (candidate, deal), same law."""
    pts = np.array([[hash64(f"{c}/{d}") % 27 for d in sampled] for c in candidates], dtype=np.int16)
    z = np.zeros_like(pts)
    return Outcomes(pts, z, z, z - 1, z, z)


def test_each_best_is_chosen_on_one_half_and_measured_on_the_other():
    v = pass_view()
    cands = list(range(1, 21))
    ev = gather(v, cands, len(cands), 0, _noise_backend, 4, 4, 10**9)
    pts = [ev.points(i).astype(int) for i in range(len(cands))]
    even = [int(p[0::2].sum()) for p in pts]
    odd = [int(p[1::2].sum()) for p in pts]
    assert ev.ref == even.index(min(even)) and ev.ref_odd == odd.index(min(odd))
    for i, d in enumerate(ev.diffs):
        held_out = ((pts[i][1::2] - pts[ev.ref][1::2]).mean() + (pts[i][0::2] - pts[ev.ref_odd][0::2]).mean()) / 2
        assert d.mean == pytest.approx(held_out)
    # no winner's curse: with 20 equal candidates the held-out differences scatter around 0
    means = [d.mean for d in ev.diffs]
    assert min(means) < 0 < max(means)
    assert abs(sum(means) / len(means)) < 0.5
    assert all(v in ("best", "fine") for v in ev.verdicts)
    # measured on the same deals that chose it, the winner would look better than every
    # other, by about a point here although all are equal
    full = [int(p.sum()) for p in pts]
    win = full.index(min(full))
    biased = [(full[i] - full[win]) / len(pts[0]) for i in range(len(cands)) if i != win]
    assert min(biased) >= 0 and sum(biased) / len(biased) > 0.5


# certain verdicts ----------------------------------------------------------------------------
def test_a_verdict_worse_than_fine_needs_the_whole_interval_beyond_the_band():
    assert verdict_of(0.2, 0.9) == "fine"  # might cost more than 0.25, not certain
    assert verdict_of(0.26, 0.9) == "inaccuracy"
    assert verdict_of(0.9, 2.1) == "inaccuracy"  # the interval reaches below 1 point
    assert verdict_of(1.01, 5.0) == "mistake"
    assert verdict_of(3.01, 5.0) == "blunder"
    assert verdict_of(-0.1, 0.25) == "best" and verdict_of(-0.1, 0.3) == "fine"
    assert verdict_for(0.5, 0.15) == "fine"  # 0.5 ± 0.29 reaches 0.25: not certain
    assert verdict_for(1.5, 0.3) == "inaccuracy"  # 1.5 ± 0.59 reaches below 1


def test_graded_verdicts_follow_their_intervals():
    a = assess_pass(pass_view(), worlds=64, max_worlds=256)
    for c in a:
        lo, hi = c.delta_ci95
        if c.verdict in ("inaccuracy", "mistake", "blunder"):
            assert lo > 0.25
        if c.verdict in ("mistake", "blunder"):
            assert lo > 1.0
        if c.verdict == "blunder":
            assert lo > 3.0
        if c.verdict == "best":
            assert hi <= 0.25


def test_difference_is_exact_integer_arithmetic():
    x = np.array([5, 1, 7, 3, 2, 9], dtype=np.int16)
    r = np.array([1, 0, 2, 2, 2, 4], dtype=np.int16)
    d = difference(x, r)
    # odd deals: 1, 1, 5; even deals: 4, 5, 0; the cross-fitted mean averages the halves
    assert d.mean == pytest.approx(((1 + 1 + 5) / 3 + (4 + 5 + 0) / 3) / 2) and d.deals == 6
    assert d.se > 0 and d.lo < d.mean < d.hi


# reasons in words --------------------------------------------------------------------------
def test_reasons_say_what_the_choice_does_with_at_most_one_number():
    a = assess_pass(pass_view(), worlds=64, max_worlds=128)
    for c in a:
        assert c.reason.startswith(c.label + " ")
        numbers = [w for w in c.consequence.replace("%", " ").split() if any(ch.isdigit() for ch in w)
                   and not any(s in w for s in "♠♥♦♣")]
        assert len(numbers) <= 1, c.consequence
        # a rate beside a comparison is the choice's own: "in 60% of deals, more often than with X"
        assert "(in " not in c.consequence and "against" not in c.consequence
    queen_gone = next(c for c in a if "gets rid of the Q♠" in c.does)
    assert "you end with the Q♠" not in queen_gone.reason
    html = a._repr_html_()
    assert "<details>" in html and "95% intervals" in html
    assert "Details" in str(a) and "as far as the sampled deals show at 95 % confidence" in str(a)


def test_hint_does_not_repeat_the_cards():
    h = hint(pass_view())
    text = str(h)
    assert text.startswith("Pass ") and text.count(h.cards[0].pretty) == 1 + h.reason.count(h.cards[0].pretty)
    assert not h.reason.startswith("Passing") and h.reason.startswith("it ")


# determinism -------------------------------------------------------------------------------
_SNIPPET = """
import json
from hearts_teach import Hand
from hearts_teach.agents.coach import assess_pass
a = assess_pass(Hand.deal(seed=287, hand_number=0).view(0), worlds=64, max_worlds=128)
print(json.dumps([[str(c.cards), c.exp_points, c.delta_vs_best, list(c.delta_ci95), c.verdict] for c in a]))
"""


def test_same_pass_numbers_in_a_fresh_process():
    outs = [subprocess.run([sys.executable, "-c", _SNIPPET], capture_output=True, text=True, check=True,
                           env={"PYTHONHASHSEED": h, "PATH": ""}).stdout for h in ("1", "2")]
    assert json.loads(outs[0]) == json.loads(outs[1])
    here = assess_pass(pass_view(), worlds=64, max_worlds=128)
    assert json.loads(outs[0]) == [[str(c.cards), c.exp_points, c.delta_vs_best, list(c.delta_ci95),
                                    c.verdict] for c in here]


# the two backends ---------------------------------------------------------------------------
def test_the_batch_backend_gives_exactly_the_scalar_rollouts():
    from hearts_teach.agents.hearts.coach_backend import batch_backend
    from hearts_teach.agents.hearts.mc import equivalence_classes, pass_pool
    from hearts_teach.tools.bench_bots import mid_hand_positions, pass_positions

    views = mid_hand_positions(4) + pass_positions(2) + [play_view()]
    for v in views:
        cands = pass_pool(v.hand) if v.phase == "pass" else \
            [c[0] for c in equivalence_classes(v.hand, v.legal_mask, 0)]
        sampled = deals(v, 5, 64)
        a, b = scalar_backend(v, cands, sampled), batch_backend(v, cands, sampled)
        for f in ("points", "queen", "hearts", "moon", "trick", "others"):
            assert (getattr(a, f) == getattr(b, f)).all(), (v.phase, f)


def test_coach_latency_runs_beside_a_busy_process_and_stops_it(monkeypatch):
    """`bench_bots --latency`: the busy process is started for the run and gone after it."""
    import subprocess

    from hearts_teach.tools import bench_bots

    plays, passes = bench_bots.mid_hand_positions(1, seed=bench_bots.SEED + 7), bench_bots.pass_positions(1)
    monkeypatch.setattr(bench_bots, "mid_hand_positions", lambda n, seed: plays)
    monkeypatch.setattr(bench_bots, "pass_positions", lambda n: passes)
    started = []
    real = subprocess.Popen

    def spy(*a, **kw):
        started.append(real(*a, **kw))
        return started[-1]

    monkeypatch.setattr(subprocess, "Popen", spy)
    out = bench_bots.coach_latency()
    assert out["coach_latency_beside_busy"] is True and len(started) == 1
    assert started[0].poll() is not None  # killed and reaped
    for kind in ("play", "pass"):
        assert 0 < out[f"coach_{kind}_median_cpu_s"] and out[f"coach_{kind}_median_s"] <= out[f"coach_{kind}_max_s"]
