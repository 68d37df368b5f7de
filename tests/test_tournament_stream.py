"""Long tournaments: results are running sums, the batch engine plays a bounded number of deals
at a time, a long run keeps no per-hand rows, and ``--hands`` has a documented upper bound.
(Peak memory for 10,000 vs 100,000 hands is a benchmark figure, measured outside the tests.)"""

from __future__ import annotations

import subprocess
import sys

import pytest

from hearts_teach.agents import batch_tournament
from hearts_teach.agents import tournament as T
from hearts_teach.kernel.errors import ArgumentError

LINEUP = "rule,random,easy,random"


def test_the_batch_engine_plays_in_pieces_with_the_same_results(monkeypatch):
    whole = T.run_tournament(LINEUP, hands=30, seed=4, duplicate=True, progress=False)
    sizes: list[int] = []
    rows = batch_tournament.tournament_rows

    def recorded(lineup, hands, *args, **kwargs):
        sizes.append(hands)
        return rows(lineup, hands, *args, **kwargs)

    monkeypatch.setattr(batch_tournament, "tournament_rows", recorded)
    monkeypatch.setattr(T, "CHUNK_DEALS", 7)
    pieces = T.run_tournament(LINEUP, hands=30, seed=4, duplicate=True, progress=False)
    assert sizes == [7, 7, 7, 7, 2]
    assert pieces == whole
    scalar = T.run_tournament(LINEUP, hands=30, seed=4, duplicate=True, progress=False, engine="scalar")
    assert scalar.hand_scores == whole.hand_scores and scalar.bots == whole.bots


def test_a_long_run_keeps_running_sums_not_every_hand(monkeypatch):
    kept = T.run_tournament(LINEUP, hands=12, seed=9, progress=False)
    monkeypatch.setattr(T, "KEEP_SCORES_MAX", 10)
    streamed = T.run_tournament(LINEUP, hands=12, seed=9, progress=False)
    assert streamed.hand_scores == () and all(b.points == () for b in streamed.bots)
    assert kept.hand_scores and len(kept.bots[0].points) == 12
    assert streamed.hands == kept.hands == 12
    assert streamed.table() == kept.table() and streamed.to_json() == kept.to_json()
    assert [streamed.edge(i) for i in range(4)] == [kept.edge(i) for i in range(4)]
    forced = T.run_tournament(LINEUP, hands=12, seed=9, progress=False, keep_scores=True)
    assert forced.hand_scores == kept.hand_scores
    # the running sums give the statistics of the hands kept one by one, the errors over deals:
    # a duplicate deal's 4 seatings share its cards, so their average is one observation
    r = T.run_tournament(LINEUP, hands=40, seed=1, duplicate=True, progress=False, keep_scores=True)
    streamed = T.run_tournament(LINEUP, hands=40, seed=1, duplicate=True, progress=False, keep_scores=False)
    for e, b in enumerate(r.bots):
        pts = [h[e] for h in r.hand_scores]
        deals = [sum(pts[k:k + 4]) / 4 for k in range(0, len(pts), 4)]
        n, m = len(deals), sum(deals) / len(deals)
        assert n == 40 and b.mean_points == pytest.approx(m)
        assert b.se == pytest.approx((sum((p - m) ** 2 for p in deals) / (n - 1) / n) ** 0.5)
        assert streamed.bots[e].se == pytest.approx(b.se) and streamed.edge(e) == pytest.approx(r.edge(e))
        diffs = [sum(h) / 3 - h[e] * 4 / 3 for h in r.hand_scores]
        by_deal = [sum(diffs[k:k + 4]) / 4 for k in range(0, len(diffs), 4)]
        dm = sum(by_deal) / n
        edge, se = r.edge(e)
        assert edge == pytest.approx(dm) and (edge, se) == pytest.approx(T.deal_mean_se(diffs))
        assert se == pytest.approx((sum((d - dm) ** 2 for d in by_deal) / (n - 1) / n) ** 0.5)


def test_the_duplicate_error_is_over_deals_not_hands():
    """Two bots that play alike differ by seat luck that a deal's seatings cancel: counting the
    160 hands as independent overstates the error nearly fivefold (0.155 against 0.033 at 1,000
    deals); a bot far from its field can have the error understated instead."""
    r = T.run_tournament(["easy", "rule", "rule", "rule"], hands=200, seed=2, duplicate=True, progress=False)
    diffs = [sum(h[1:]) / 3 - h[0] for h in r.hand_scores]
    n, m = len(diffs), sum(diffs) / len(diffs)
    by_hand = (sum((d - m) ** 2 for d in diffs) / (n - 1) / n) ** 0.5
    edge, se = r.edge(0)
    assert edge == pytest.approx(m) and se < by_hand / 2
    single = T.run_tournament(["easy", "rule", "rule", "rule"], hands=200, seed=2, progress=False)
    assert single.edge(0)[1] == pytest.approx(T.deal_mean_se(
        [sum(h[1:]) / 3 - h[0] for h in single.hand_scores], 1)[1])
    with pytest.raises(ArgumentError, match="do not split into deals of 4"):
        T.deal_mean_se([1.0, 2.0, 3.0])




def test_hands_has_a_documented_upper_bound():
    with pytest.raises(ArgumentError, match="from 1 to 1000000, got"):
        T.run_tournament(LINEUP, hands=T.MAX_HANDS + 1, progress=False)
    run = subprocess.run([sys.executable, "-m", "hearts_teach", "tournament", "--seats", LINEUP,
                          "--hands", "2000000"], capture_output=True, text=True, timeout=120)
    assert run.returncode == 2 and run.stdout == ""
    assert "hands: expected a whole number from 1 to 1000000, got 2000000" in run.stderr
    helped = subprocess.run([sys.executable, "-m", "hearts_teach", "tournament", "--help"],
                            capture_output=True, text=True, timeout=120)
    assert "1 to 1,000,000" in " ".join(helped.stdout.split())
