"""``python -m hearts_teach bench``: the benchmark as a subcommand beside replay, tournament,
league and grade (``./dev bench`` calls it); the old ``python -m hearts_teach.tools.bench``
still works and prints the same keys. Figures are never asserted (they are benchmarks)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from hearts_teach.__main__ import build_parser
from hearts_teach.__main__ import main as cli_main
from hearts_teach.tools import bench

KEYS = {"python", "cpu", "cpus", "loadavg", "random_hands_per_s", "random_hands_per_s_min",
        "random_hands_per_s_max", "random_hands_per_cpu_s", "random_hands_reps", "random_hands_per_rep"}


@pytest.fixture
def small(monkeypatch):
    """The real engine benchmark on 20 hands; the batch figures (tested in tests/test_batch_*)
    left out, so the run takes a moment."""
    real = bench.bench_random_hands
    monkeypatch.setattr(bench, "bench_random_hands", lambda **_sizes: real(hands=20, reps=1))
    monkeypatch.setattr(bench, "batch_figures", lambda quick: {})


def test_bench_is_a_subcommand(small, capsys):
    assert build_parser().parse_args(["bench", "--json", "--quick"]).command == "bench"
    assert cli_main(["bench", "--json", "--quick", "--engine-only"]) == 0
    via_cli = json.loads(capsys.readouterr().out)
    assert bench.main(["--json", "--quick", "--engine-only"]) == 0
    via_module = json.loads(capsys.readouterr().out)
    assert set(via_cli) == set(via_module) == KEYS  # the JSON keys are unchanged
    assert via_cli["random_hands_per_rep"] == 20


def test_bench_help_lists_its_options():
    proc = subprocess.run([sys.executable, "-m", "hearts_teach", "bench", "--help"], capture_output=True,
                          text=True, timeout=120)
    assert proc.returncode == 0
    for option in ("--json", "--quick", "--engine-only", "--no-league"):
        assert option in proc.stdout
    top = subprocess.run([sys.executable, "-m", "hearts_teach", "--help"], capture_output=True, text=True,
                         timeout=120)
    assert "bench" in top.stdout and "replay" in top.stdout


def test_dev_bench_calls_the_subcommand():
    from pathlib import Path

    dev = (Path(__file__).parent.parent / "dev").read_text()
    assert 'exec "$PY" -m hearts_teach bench "$@"' in dev
