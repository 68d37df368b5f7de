"""The exercise 09 checkers: right answers pass, typical slips get the right hint,
stubs, wrong types and exceptions are reported without raising."""

from hearts_teach.classroom.checks import check
from hearts_teach.games.spades import score_hand


def good_score(bids, tricks, bags=(0, 0)):
    s = score_hand(bids, tricks, bags)
    return list(s.team_points), list(s.bags)


def no_bag_penalty(bids, tricks, bags):
    points, out = [], []
    for a, b in ((0, 2), (1, 3)):
        contract, taken = bids[a] + bids[b], tricks[a] + tricks[b]
        p = 10 * contract + (taken - contract) if taken >= contract else -10 * contract
        p += sum(100 if tricks[s] == 0 else -100 for s in (a, b) if bids[s] == 0)
        points.append(p)
        out.append(bags[a] + (taken - contract if taken >= contract else 0))
    return points, out


def nil_tricks_ignored(bids, tricks, bags):
    points, out = [], []
    for team, (a, b) in enumerate(((0, 2), (1, 3))):
        contract = bids[a] + bids[b]
        taken = sum(tricks[s] for s in (a, b) if bids[s] != 0)
        over = taken - contract if taken >= contract else 0
        p = 10 * contract + over if taken >= contract else -10 * contract
        p += sum(100 if tricks[s] == 0 else -100 for s in (a, b) if bids[s] == 0)
        count = bags[team] + over
        points.append(p - 100 * (count // 10))
        out.append(count % 10)
    return points, out


def test_the_engine_answer_passes_every_case():
    r = check("spades_score", good_score, quiet=True)
    assert r.ok and r.total >= 20
    assert r.summary == f"spades_score: all {r.total} of {r.total} cases right. Well done!"


def test_the_engine_object_itself_is_accepted():
    assert check("spades_score", score_hand, quiet=True).ok


def test_forgetting_the_bag_penalty_is_named():
    r = check("spades_score", no_bag_penalty, quiet=True)
    assert not r.ok and r.first_failure.case.label.endswith("bags reach exactly 10")
    text = "\n".join(r.lines)
    assert "loses 100 points and 10 bags are removed" in text
    assert f"spades_score: {r.passed} of {r.total} cases right." == r.summary


def test_ignoring_a_broken_nils_tricks_is_named():
    r = check("spades_score", nil_tricks_ignored, quiet=True)
    assert not r.ok and "nil bidder's tricks still count" in "\n".join(r.lines)


def test_stub_wrong_type_exception_and_timeout_are_reported(capsys):
    def stub(bids, tricks, bags):
        raise NotImplementedError()

    r = check("spades_score", stub)
    assert r.not_implemented and "not implemented yet" in capsys.readouterr().out
    r = check("spades_score", lambda b, t, g: 51, quiet=True)
    assert r.first_failure.kind == "wrong_type" and "two pairs" in r.first_failure.message
    r = check("spades_score", lambda b, t, g: b[7], quiet=True)
    assert r.first_failure.kind == "raised" and "IndexError" in r.first_failure.message

    def endless(bids, tricks, bags):
        while True:
            pass

    r = check("spades_score", endless, time_limit=0.2, quiet=True)
    assert r.timed_out and r.passed == 0


def test_a_function_that_changes_its_input_is_told():
    def mutating(bids, tricks, bags):
        bids.append(0)
        return good_score(bids[:4], tricks, bags)

    r = check("spades_score", mutating, quiet=True)
    assert r.first_failure.kind == "mutated"


def test_contract_points_checker():
    def right(bid, taken):
        return 10 * bid + (taken - bid) if taken >= bid else -10 * bid

    assert check("contract_points", right, quiet=True).ok
    r = check("contract_points", lambda bid, taken: 10 * taken if taken >= bid else -10 * bid, quiet=True)
    assert "extra ones are bags" in "\n".join(r.lines)
    r = check("contract_points", lambda bid, taken: 10 * bid + taken - bid if taken >= bid
              else -10 * bid + taken, quiet=True)
    assert "earn nothing" in "\n".join(r.lines)
