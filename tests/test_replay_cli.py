"""The replay command (interop contract of issue 2): `python -m hearts_teach replay FILE`."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hearts_positions import (
    ALL_HEARTS_NOT_QUEEN,
    ALL_HEARTS_NOT_QUEEN_START,
    MOON_JD_ELSEWHERE,
    MOON_JD_ELSEWHERE_START,
    ONLY_POINTS,
    play_out,
    shooter_policy,
    stacked,
)

from hearts_teach import Rules
from hearts_teach.games.hearts.replay import replay_line, replay_lines, replay_record

ROOT = Path(__file__).resolve().parents[1]


def deal_of(deal):
    return [d.split() for d in deal]


def moon_record(rules: dict | None = None) -> dict:
    hand = play_out(stacked(MOON_JD_ELSEWHERE, Rules.from_dict(rules)), MOON_JD_ELSEWHERE_START,
                    shooter_policy(0))
    rec = {"pass_direction": "hold", "deal": deal_of(MOON_JD_ELSEWHERE), "passes": [[], [], [], []],
           "plays": [str(c) for c in hand.plays]}
    if rules is not None:
        rec["rules"] = rules
    return rec


def passing_record(direction: str) -> dict:
    # seat 0 holds every club; each seat passes its first three cards
    deal = deal_of(ONLY_POINTS)
    return {"pass_direction": direction, "deal": deal, "passes": [d[:3] for d in deal], "plays": []}


# complete hands --------------------------------------------------------------------------
@pytest.mark.parametrize("rules, points", [
    (None, [0, 26, 26, 26]),
    ({}, [0, 26, 26, 26]),
    ({"omnibus": True}, [0, 16, 26, 26]),
    ({"omnibus": True, "moon": "subtract_from_self"}, [-26, -10, 0, 0]),
    ({"preset": "new_moon"}, [-26, 0, 0, 0]),
])
def test_complete_hand_gives_final_points_and_moon(rules, points):
    out = replay_record(moon_record(rules))
    assert list(out) == ["ok", "legal", "points", "moon"]
    assert out["ok"] is True and out["points"] == points and out["moon"] == 0
    assert len(out["legal"]) == 52
    assert out["legal"][0] == ["2C"]
    # seat 0 follows 2♣ from Q♣ K♣; seat 1 holds A♣ 3♣-6♣; seat 2 (void) may not discard points
    assert out["legal"][1] == ["QC", "KC"]
    assert out["legal"][2] == ["3C", "4C", "5C", "6C", "AC"]
    assert out["legal"][3] == ["8D", "9D", "TD", "JD", "QD", "KD", "AD", "2S", "3S", "4S"]


def test_complete_hand_without_moon():
    hand = play_out(stacked(ALL_HEARTS_NOT_QUEEN), ALL_HEARTS_NOT_QUEEN_START, shooter_policy(0))
    out = replay_record({"pass_direction": "hold", "deal": deal_of(ALL_HEARTS_NOT_QUEEN),
                         "passes": [[], [], [], []], "plays": [str(c) for c in hand.plays]})
    assert out["ok"] and out["points"] == [13, 13, 0, 0] and out["moon"] is None


def test_plays_that_stop_early():
    rec = moon_record()
    rec["plays"] = rec["plays"][:3]
    out = replay_record(rec)
    assert out == {"ok": True, "legal": [["2C"], ["QC", "KC"], ["3C", "4C", "5C", "6C", "AC"]],
                   "next_player": 2, "next_legal": ["8D", "9D", "TD", "JD", "QD", "KD", "AD", "2S", "3S", "4S"]}
    rec["plays"] = []
    assert replay_record(rec) == {"ok": True, "legal": [], "next_player": 3, "next_legal": ["2C"]}


def test_other_notations_in_and_canonical_out():
    rec = moon_record()
    rec["deal"] = [[c.replace("T", "10").lower() for c in h] for h in rec["deal"]]
    rec["plays"] = ["2♣", "k♣", "AC", "jd"]
    out = replay_record(rec)
    assert out["ok"] and out["next_legal"] == ["3C", "4C", "5C", "6C", "2D", "3D", "4D", "5D", "6D", "7D"]
    assert out["legal"][3] == ["8D", "9D", "TD", "JD", "QD", "KD", "AD", "2S", "3S", "4S"]


@pytest.mark.parametrize("direction, leader", [("left", 1), ("right", 3), ("across", 2)])
def test_pass_direction_moves_the_two_of_clubs(direction, leader):
    out = replay_record(passing_record(direction))
    assert out == {"ok": True, "legal": [], "next_player": leader, "next_legal": ["2C"]}


# illegal actions ------------------------------------------------------------------------
def test_first_illegal_play_is_reported():
    rec = moon_record()
    rec["plays"] = ["2C", "KC", "KH"] + rec["plays"][3:]
    out = replay_record(rec)
    assert list(out) == ["ok", "play_index", "card", "rule", "error"]
    assert out["ok"] is False and out["play_index"] == 2 and out["card"] == "KH"
    assert out["rule"] == "not_in_hand" and "West does not hold K♥" in out["error"]


@pytest.mark.parametrize("plays, index, card, rule, words", [
    (["3C"], 0, "3C", "not_in_hand", "East does not hold 3♣"),
    (["7C"], 0, "7C", "must_lead_two_of_clubs", "lead 2♣"),
    (["2C", "AS"], 1, "AS", "must_follow_suit", "clubs were led and you hold K♣, Q♣: you must follow suit"),
    (["2C", "KC", "AC", "4H"], 3, "4H", "no_points_on_first_trick", "no points on the first trick"),
    (["2C", "KC", "AC", "jd", "2H"], 4, "2H", "hearts_not_broken", "hearts have not been broken"),
    (["2C", "10c"], 1, "TC", "not_in_hand", "South does not hold 10♣"),
    (["2C", "KX"], 1, "KX", "invalid_card", "invalid card: 'KX'"),
    (["2C", 5], 1, "5", "invalid_card", "not a string"),
])
def test_illegal_plays(plays, index, card, rule, words):
    rec = moon_record()
    rec["plays"] = plays
    out = replay_record(rec)
    assert out["ok"] is False and out["play_index"] == index
    assert out["card"] == card and out["rule"] == rule
    assert words in out["error"]


def test_a_play_after_the_52nd_card():
    rec = moon_record()
    rec["plays"].append("2C")
    out = replay_record(rec)
    assert out["play_index"] == 52 and out["rule"] == "wrong_phase" and "over" in out["error"]


@pytest.mark.parametrize("seat, cards, rule, card", [
    (1, ["QS", "2H"], "pass_size", None),
    (2, ["AH", "2D", "3D", "4D"], "pass_size", None),
    (0, [], "pass_size", None),
    (3, ["AD", "AD", "2S"], "pass_duplicate", "AD"),
    (1, ["QS", "2H", "AC"], "not_in_hand", "AC"),
    (2, ["AH", "2D", "XX"], "invalid_card", "XX"),
])
def test_bad_passes_use_play_index_minus_one_and_name_the_seat(seat, cards, rule, card):
    rec = passing_record("left")
    rec["passes"][seat] = cards
    rec["plays"] = ["2C"]
    out = replay_record(rec)
    assert list(out) == ["ok", "play_index", "pass_seat", "card", "rule", "error"]
    assert out["ok"] is False and out["play_index"] == -1 and out["pass_seat"] == seat
    assert out["rule"] == rule and out["card"] == card and out["error"]


def test_missing_passes_on_a_passing_hand_is_a_pass_size_error():
    rec = passing_record("across")
    del rec["passes"]
    out = replay_record(rec)
    assert out["play_index"] == -1 and out["pass_seat"] == 0 and out["rule"] == "pass_size"


def test_passes_on_a_hold_hand():
    rec = moon_record()
    rec["passes"][2] = ["JD", "4H", "5H"]
    out = replay_record(rec)
    assert out["ok"] is False and out["play_index"] == -1 and out["pass_seat"] == 2
    assert out["rule"] == "wrong_phase" and "hold hand" in out["error"]
    del rec["passes"]
    assert replay_record(rec)["ok"] is True  # passes may be left out on a hold hand


# malformed records ------------------------------------------------------------------------
@pytest.mark.parametrize("edit, field, words", [
    (lambda r: r.update(rules={"omnibsu": True}), "rules",
     ["'omnibsu'", "valid options are", "passing", "no_points_on_first_trick", "queen_breaks_hearts",
      "moon", "end_score", "omnibus"]),
    (lambda r: r.update(rules={"moon": "twice"}), "rules", ["'twice'", "add_to_others"]),
    (lambda r: r.update(rules={"preset": "nope"}), "rules", ["valid presets are"]),
    (lambda r: r.update(rules=["omnibus"]), "rules", ["object"]),
    (lambda r: r.update(pass_direction="up"), "pass_direction", ["left, right, across, hold"]),
    (lambda r: r.pop("pass_direction"), "pass_direction", ["missing"]),
    (lambda r: r.update(rules={"passing": False}, pass_direction="left"), "pass_direction", ["no passing"]),
    (lambda r: r.pop("deal"), "deal", ["missing"]),
    (lambda r: r.update(deal=r["deal"][:3]), "deal", ["4 lists of 13"]),
    (lambda r: r["deal"][1].__setitem__(0, "2C"), "deal", ["dealt twice"]),
    (lambda r: r["deal"][2].__setitem__(0, "ZZ"), "deal[2]", ["'ZZ'"]),
    (lambda r: r["deal"][3].pop(), "deal", ["12 cards"]),
    (lambda r: r.update(passes=[[]] * 3), "passes", ["4 lists"]),
    (lambda r: r.update(plays="2C KC"), "plays", ["must be a list"]),
    (lambda r: r.update(play=["2C"]), "play", ["unknown key 'play'", "plays"]),
])
def test_malformed_records(edit, field, words):
    rec = moon_record()
    edit(rec)
    out = replay_record(rec)
    assert list(out) == ["ok", "error", "field"]
    assert out["ok"] is False and out["field"] == field
    for w in words:
        assert w in out["error"]


def test_malformed_lines_do_not_stop_the_next_ones():
    good = json.dumps(moon_record())
    lines = [good, "{not json", "", "[1, 2]", "   ", "42", good]
    out = list(replay_lines(lines))
    assert len(out) == 5  # blank lines give no output
    assert out[0]["ok"] and out[4]["ok"] and out[0] == out[4]
    assert out[1]["ok"] is False and "not valid JSON" in out[1]["error"]
    assert out[2]["ok"] is False and "JSON object" in out[2]["error"] and "list" in out[2]["error"]
    assert out[3]["ok"] is False and "int" in out[3]["error"]
    assert replay_line(b"\xff\xfe{}\n")["error"].startswith("the line is not valid UTF-8")


# the command line --------------------------------------------------------------------------
def run_cli(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONIOENCODING="ascii")
    return subprocess.run([sys.executable, "-m", "hearts_teach", *args], input=stdin, capture_output=True,
                          text=True, cwd=ROOT, env=env, timeout=60)


def test_cli_reads_a_file_and_stdin(tmp_path):
    bad = moon_record()
    bad["plays"] = ["2C", "AS"]
    short = moon_record()
    short["plays"] = short["plays"][:2]
    text = "\n".join([json.dumps(moon_record({"omnibus": True})), "oops", json.dumps(bad), "",
                      json.dumps(short)]) + "\n"
    f = tmp_path / "hands.jsonl"
    f.write_text(text, encoding="utf-8")
    for proc in (run_cli("replay", str(f)), run_cli("replay", "-", stdin=text)):
        assert proc.returncode == 1, proc.stderr  # some records are not ok
        lines = proc.stdout.splitlines()
        assert len(lines) == 4
        outs = [json.loads(line) for line in lines]
        assert outs[0]["points"] == [0, 16, 26, 26] and outs[0]["moon"] == 0
        assert outs[1]["ok"] is False and "error" in outs[1]
        assert outs[2]["play_index"] == 1 and outs[2]["rule"] == "must_follow_suit"
        assert outs[3]["next_player"] == 1 and outs[3]["next_legal"] == ["3C", "4C", "5C", "6C", "AC"]
        assert proc.stdout.isascii()


def test_cli_exit_status_zero_when_all_ok_and_two_for_a_missing_file(tmp_path):
    f = tmp_path / "ok.jsonl"
    f.write_text(json.dumps(moon_record()) + "\n", encoding="utf-8")
    proc = run_cli("replay", str(f))
    assert proc.returncode == 0 and json.loads(proc.stdout)["points"] == [0, 26, 26, 26]
    proc = run_cli("replay", str(tmp_path / "missing.jsonl"))
    assert proc.returncode == 2 and "cannot read" in proc.stderr and proc.stdout == ""


def test_cli_help_lists_replay():
    proc = run_cli("--help")
    assert proc.returncode == 0 and "replay" in proc.stdout


def _expected_from_hand(rec: dict) -> dict:
    """What the contract says, computed through the checked Hand API one play at a time."""
    from hearts_teach import ActionError, Hand

    hand = Hand(rec["deal"], rec["pass_direction"], Rules.from_dict(rec.get("rules")))
    for seat, p in enumerate(rec["passes"]):
        if p:
            hand.pass_cards(seat, p)
    legal = []
    for i, card in enumerate(rec["plays"]):
        before = [str(c) for c in hand.legal_plays()]
        try:
            hand.play(card)
        except ActionError as e:
            return {"ok": False, "play_index": i, "card": str(e.card), "rule": e.rule.value, "error": str(e)}
        legal.append(before)
    if hand.is_over:
        return {"ok": True, "legal": legal, "points": list(hand.scores), "moon": hand.moon}
    return {"ok": True, "legal": legal, "next_player": hand.turn,
            "next_legal": [str(c) for c in hand.legal_plays()]}


def test_replay_agrees_with_the_hand_api_on_random_hands_and_injected_errors():
    from hearts_positions import random_hand

    from hearts_teach import DECK, Rng

    presets = sorted(Rules.presets())
    for seed in range(40):
        rng = Rng(seed)
        rules = Rules.preset(presets[seed % len(presets)])
        full = random_hand(seed, rules, hand_number=seed % 4).to_record()
        rec = {"rules": rules.changes(), "pass_direction": full["pass_direction"], "deal": full["deal"],
               "passes": full["passes"], "plays": full["plays"]}
        variants = [rec, dict(rec, plays=rec["plays"][:rng.randbelow(52)])]
        broken = list(rec["plays"])
        k = rng.randbelow(52)
        broken[k] = str(rng.choice(DECK))  # often illegal, sometimes a card already played
        variants.append(dict(rec, plays=broken))
        for v in variants:
            assert replay_record(v) == _expected_from_hand(v)
