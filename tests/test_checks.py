"""The exercise checkers (hearts_teach.classroom.checks): each one passes the reference solution,
catches typical wrong answers with the right first failure, and survives bad code."""

from __future__ import annotations

import pytest

from hearts_teach.classroom.checks import CHECKERS, check, checker, try_it
from hearts_teach.classroom.checks import framework as fw

RANKS = "23456789TJQKA"


def rank(card):
    return RANKS.index(card[0]) + 2


def suit(card):
    return card[1]


# ---------------------------------------------------------------- reference solutions
def pass_direction(h):
    return ["left", "right", "across", "hold"][h % 4]


def pass_target(seat, h):
    d = pass_direction(h)
    return None if d == "hold" else (seat + {"left": 1, "across": 2, "right": 3}[d]) % 4


def trick_winner(trick):
    best = 0
    for i, c in enumerate(trick):
        if suit(c) == suit(trick[0]) and rank(c) > rank(trick[best]):
            best = i
    return best


def legal_plays(hand, trick, first_trick, hearts_broken):
    if trick:
        same = [c for c in hand if suit(c) == suit(trick[0])]
        if same:
            return same
        if first_trick:
            safe = [c for c in hand if suit(c) != "H" and c != "QS"]
            if safe:
                return safe
        return list(hand)
    if first_trick and "2C" in hand:
        return ["2C"]
    if not hearts_broken:
        other = [c for c in hand if suit(c) != "H"]
        if other:
            return other
    return list(hand)


def hand_points(taken):
    return sum(13 if c == "QS" else 1 if suit(c) == "H" else 0 for c in taken)


def hand_scores(points, new_moon=False):
    if 26 not in points:
        return list(points)
    s = points.index(26)
    if new_moon:
        return [-26 if i == s else 0 for i in range(4)]
    return [0 if i == s else 26 for i in range(4)]


def match_over(totals, end_score=100):
    return max(totals) >= end_score and totals.count(min(totals)) == 1


def match_winner(totals, end_score=100):
    return totals.index(min(totals)) if match_over(totals, end_score) else None


REFERENCE = {
    "pass_direction": pass_direction, "pass_target": pass_target, "trick_winner": trick_winner,
    "legal_plays": legal_plays, "hand_points": hand_points, "hand_scores": hand_scores,
    "match_over": match_over, "match_winner": match_winner,
}


@pytest.mark.parametrize("name", sorted(REFERENCE))
def test_reference_solution_passes_every_case(name, capsys):
    res = check(name, REFERENCE[name])
    out = capsys.readouterr().out
    assert res.ok and res.passed == res.total and res.first_failure is None
    assert res.total >= 14
    assert f"{name}: all {res.total} of {res.total} cases right" in out


def test_every_basic_checker_is_registered():
    assert set(REFERENCE) <= set(CHECKERS)
    with pytest.raises(KeyError, match="the checks are"):
        checker("no_such_exercise")


# ---------------------------------------------------------------- typical wrong answers
def _fails(name, func, kind="wrong"):
    res = check(name, func, quiet=True, time_limit=0.5)
    assert not res.ok and res.passed < res.total
    assert res.first_failure is not None and res.first_failure.kind == kind, res.lines
    assert res.summary.endswith(f"{res.passed} of {res.total} cases right.") or kind in ("timeout", "not_implemented")
    return res


WRONG = {
    "pass_direction": [
        ("no hold hand", lambda h: ["left", "right", "across"][h % 3], "wrong"),
        ("left and right swapped", lambda h: ["right", "left", "across", "hold"][h % 4], "wrong"),
        ("no modulo", lambda h: ["left", "right", "across", "hold"][h], "raised"),
    ],
    "pass_target": [
        ("left/right swapped", lambda s, h: None if h % 4 == 3 else (s + [3, 1, 2][h % 4]) % 4, "wrong"),
        ("hold passes to self", lambda s, h: s if h % 4 == 3 else (s + [1, 3, 2][h % 4]) % 4, "wrong"),
        ("forgot % 4", lambda s, h: None if h % 4 == 3 else s + [1, 3, 2][h % 4], "wrong_type"),
    ],
    "trick_winner": [
        ("ignores the led suit", lambda t: max(range(4), key=lambda i: rank(t[i])), "wrong"),
        ("returns the card", lambda t: t[trick_winner(t)], "wrong_type"),
        ("lowest wins", lambda t: min((i for i in range(4) if suit(t[i]) == suit(t[0])),
                                      key=lambda i: rank(t[i])), "wrong"),
        ("ace low", lambda t: max((i for i in range(4) if suit(t[i]) == suit(t[0])),
                                  key=lambda i: rank(t[i]) % 14), "wrong"),
    ],
    "legal_plays": [
        ("no first-trick rule", lambda h, t, f, b: legal_plays(h, t, False, b) if t else legal_plays(h, t, f, b),
         "wrong"),
        ("no all-hearts exception",
         lambda h, t, f, b: [c for c in h if suit(c) != "H"] if not t and not b and not f else legal_plays(h, t, f, b),
         "wrong"),
        ("Q♠ counted as a heart when leading",
         lambda h, t, f, b: ([c for c in h if suit(c) != "H" and c != "QS"] or list(h))
         if not t and not b and not f else legal_plays(h, t, f, b), "wrong"),
        ("sorts the hand in place", lambda h, t, f, b: (h.sort(), legal_plays(h, t, f, b))[1], "mutated"),
        ("returns one string", lambda h, t, f, b: " ".join(legal_plays(h, t, f, b)), "wrong_type"),
    ],
    "hand_points": [
        ("every queen is 13", lambda tk: sum(13 if c[0] == "Q" else 1 if suit(c) == "H" else 0 for c in tk), "wrong"),
        ("Q♠ forgotten", lambda tk: sum(1 for c in tk if suit(c) == "H"), "wrong"),
        ("counts cards", lambda tk: len(tk), "wrong"),
    ],
    "hand_scores": [
        ("moon not applied", lambda p, n=False: list(p), "wrong"),
        ("new_moon ignored", lambda p, n=False: hand_scores(p, False), "wrong"),
        ("changes the list", lambda p, n=False: [p.__setitem__(i, v) for i, v in enumerate(hand_scores(p, n))] and p,
         "mutated"),
        ("13 hearts counted as a moon",
         lambda p, n=False: hand_scores([26 if x == 13 else x for x in p], n) if 13 in p else hand_scores(p, n),
         "wrong"),
    ],
    "match_over": [
        ("ignores ties", lambda t, e=100: max(t) >= e, "wrong"),
        ("> instead of >=", lambda t, e=100: max(t) > e and t.count(min(t)) == 1, "wrong"),
        ("returns 0/1", lambda t, e=100: int(match_over(t, e)), "wrong_type"),
    ],
    "match_winner": [
        ("highest wins", lambda t, e=100: t.index(max(t)) if match_over(t, e) else None, "wrong"),
        ("ignores ties", lambda t, e=100: t.index(min(t)) if max(t) >= e else None, "wrong"),
        ("ignores the end score", lambda t, e=100: t.index(min(t)), "wrong"),
    ],
}


@pytest.mark.parametrize("name,label,func,kind",
                         [(n, lab, f, k) for n, items in WRONG.items() for lab, f, k in items],
                         ids=[f"{n}-{lab}" for n, items in WRONG.items() for lab, _, _ in items])
def test_typical_wrong_answer_is_caught(name, label, func, kind):
    _fails(name, func, kind)


def test_wrong_trick_winner_report_names_cards_rule_and_hint(capsys):
    res = check("trick_winner", WRONG["trick_winner"][0][1])
    out = capsys.readouterr().out
    f = res.first_failure
    assert f.case.label == "hand-picked: nobody follows: the led card wins"
    assert "5♦  A♠  K♥  Q♣" in out and "expected: 0 (the 5♦)" in out
    assert "your function returned: 1 (the A♠)" in out
    assert "A♠ is not a diamond" in out and "rule: No trump" in out
    assert out.rstrip().splitlines()[-1] == f"trick_winner: {res.passed} of {res.total} cases right."


def test_wrong_pass_target_hint_names_the_swap(capsys):
    check("pass_target", WRONG["pass_target"][0][1])
    out = capsys.readouterr().out
    assert "that is the seat to the right; this hand passes left" in out


def test_legal_plays_report_lists_missing_and_extra_cards(capsys):
    check("legal_plays", WRONG["legal_plays"][0][1])
    out = capsys.readouterr().out
    assert "may not be played here" in out and "No heart and no Q♠ on the first trick" in out


def test_moon_hint(capsys):
    check("hand_scores", WRONG["hand_scores"][0][1])
    assert "shooting the moon" in capsys.readouterr().out


# ---------------------------------------------------------------- robustness
def test_stub_reports_not_implemented_without_traceback(capsys):
    def trick_winner(trick):
        raise NotImplementedError()

    res = check("trick_winner", trick_winner)
    out = capsys.readouterr().out
    assert res.not_implemented and res.passed == 0
    assert "not implemented yet" in out and "Traceback" not in out


def test_exception_is_one_line_with_the_line_of_code(capsys):
    def trick_winner(trick):
        return trick[9]

    res = check("trick_winner", trick_winner)
    out = capsys.readouterr().out
    assert res.first_failure.kind == "raised"
    assert "IndexError: list index out of range at line" in out and "return trick[9]" in out
    assert "Traceback" not in out


def test_endless_loop_is_stopped_with_a_clear_message(capsys):
    def trick_winner(trick):
        while True:
            pass

    res = check("trick_winner", trick_winner, time_limit=0.3)
    out = capsys.readouterr().out
    assert res.timed_out and res.first_failure.kind == "timeout"
    assert "did not finish within 0.3 seconds" in out and "check stopped" in out
    # the runaway thread was stopped (not left spinning), and the next check runs normally
    import threading

    assert not [t for t in threading.enumerate() if t.name == "hearts_teach-check" and t.is_alive()]
    assert check("trick_winner", REFERENCE["trick_winner"], quiet=True).ok


def test_student_prints_are_captured_and_shown_once(capsys):
    def trick_winner(trick):
        print("looking at", trick)
        return 3

    res = check("trick_winner", trick_winner)
    out = capsys.readouterr().out
    assert "your function printed: looking at" in out
    assert out.count("looking at") == 1 and res.passed < res.total


def test_not_a_function(capsys):
    res = check("trick_winner", None)
    out = capsys.readouterr().out
    assert res.first_failure.kind == "wrong_type" and "pass the function itself" in out


def test_unknown_check_name(capsys):
    res = check("trick_winer", trick_winner)
    assert res.total == 0 and "no check called 'trick_winer'" in capsys.readouterr().out


def test_cases_are_deterministic_and_inputs_never_shared():
    fw._CASE_CACHE.clear()
    first = [c.args for c in checker("legal_plays").cases()]
    fw._CASE_CACHE.clear()
    again = [c.args for c in checker("legal_plays").cases()]
    assert first == again

    seen = []

    def spy(hand, trick, first_trick, broken):
        seen.append(hand)
        hand.append("XX")  # mutating the copy must not reach the stored case
        return []

    check("legal_plays", spy, quiet=True)
    assert all("XX" not in c.args[0] for c in checker("legal_plays").cases())


def test_legal_cases_cover_every_rule_of_the_cascade():
    rules = {c.rule for c in checker("legal_plays").cases()}
    from hearts_teach.classroom.checks.legal import RULES

    assert rules == set(RULES.values())  # all 8 distinct rule sentences appear


def test_generated_trick_cases_agree_with_the_rule():
    from hearts_teach.classroom.checks.tricks import _expected

    for case in checker("trick_winner").cases():
        assert _expected(case.args[0]) == case.expected


def test_try_it(capsys):
    try_it(trick_winner, ["7C", "KC", "2H", "9C"])

    def stub(trick):
        raise NotImplementedError()

    try_it(stub, ["7C"])
    try_it(lambda t: t[5], ["7C"])
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "trick_winner(['7C', 'KC', '2H', '9C']) returned 1"
    assert "not implemented yet" in out[1]
    assert "raised IndexError" in out[2]


def test_try_it_counts_the_lines_it_leaves_out_and_names_the_cut(capsys):
    """Found by a fake class: 2,000 printed lines were reported as "(437 more lines printed)",
    counting only what the capture kept, and its own note as a printed line."""
    def chatty(n):
        for i in range(n):
            print("line", i)
        return n

    try_it(chatty, 30)
    out = capsys.readouterr().out.splitlines()
    assert out[20:] == ["... (10 more lines printed, not shown)", "chatty(30) returned 30"]
    try_it(chatty, 2000)
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 22 and not any(line.startswith("… ") for line in out)
    assert out[20].startswith("... (") and "more characters printed, not shown)" in out[20], out[20]


def test_result_repr_and_display():
    res = check("hand_points", hand_points, quiet=True)
    assert repr(res) == f"CheckResult('hand_points': {res.total} of {res.total} right)"
    assert res._ipython_display_() is None


def test_a_broken_checker_module_is_named_not_read_as_a_misspelt_check(monkeypatch, capsys):
    """A checker module that fails to import is a fault in the package: the message names the
    module and its error, and never says that the check does not exist."""
    import sys

    from hearts_teach.classroom import checks

    # a lazy module whose import fails (None in sys.modules makes the import raise ImportError)
    monkeypatch.setitem(sys.modules, "hearts_teach.classroom.checks.spades", None)
    monkeypatch.delattr(checks, "spades", raising=False)
    with pytest.raises(checks.CheckerModuleError) as err:
        checker("spades_score")
    message = str(err.value)
    assert "hearts_teach.classroom.checks.spades" in message and "ModuleNotFoundError" in message
    assert "no check called" not in message and "not in your code" in message
    res = check("spades_score", lambda *a: 0)
    out = capsys.readouterr().out
    assert res.total == 0 and "failed to import" in out and "no check called" not in out
    # a check in a module that imports fine is still found while another module is broken
    assert checker("my_pass").name == "my_pass" and checker("trick_winner").name == "trick_winner"


def test_numpy_integers_count_as_whole_numbers_and_a_whole_float_gets_a_hint(capsys):
    """``np.argmax`` returns a numpy integer: as good as an int. ``15.0`` (from ``/``) is refused
    with a hint naming the whole number, not a bare "wrong type"."""
    np = pytest.importorskip("numpy")

    def winner_numpy(trick):
        return np.int64(trick_winner(trick))

    def scores_numpy(points, new_moon=False):
        return np.array(hand_scores(points, new_moon))

    assert check("trick_winner", winner_numpy).ok
    assert check("hand_scores", scores_numpy).ok
    assert check("match_winner", lambda totals, end_score=100: (
        None if match_winner(totals, end_score) is None else np.int32(match_winner(totals, end_score)))).ok
    capsys.readouterr()
    res = check("hand_points", lambda taken: float(hand_points(taken)))
    assert not res.ok and res.first_failure.kind == "wrong_type"
    out = capsys.readouterr().out
    assert ".0 is a float; return the whole number" in out and "divide with // instead of /" in out, out
    with pytest.raises(fw.WrongType, match="should be"):  # a fraction or a bool stays plainly wrong
        fw.whole(2.5, "should be a whole number")
    with pytest.raises(fw.WrongType):
        fw.whole(True, "should be a whole number")
    assert fw.whole(np.uint8(3), "x") == 3 and type(fw.whole(np.uint8(3), "x")) is int
