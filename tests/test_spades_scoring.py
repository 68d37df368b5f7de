"""Spades scoring: every scoring sentence of the source, edge cases and bad input."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hearts_teach.games.spades import ScoreInputError, score_hand
from hearts_teach.kernel.errors import HeartsError

# --- the source's scoring sentences, one test each ------------------------------------------


def test_bid_five_take_six_scores_51():
    # team 0 bids 3 + 2 = 5 and takes 4 + 2 = 6; team 1 bids 4 + 4 = 8 but takes only 7
    s = score_hand([3, 4, 2, 4], [4, 3, 2, 4])
    assert s.team_points[0] == 51
    assert s.bags[0] == 1


def test_bid_five_take_four_scores_minus_50_and_the_four_tricks_earn_nothing():
    s = score_hand([3, 4, 2, 4], [2, 5, 2, 4])
    assert s.team_points[0] == -50
    assert s.bags[0] == 0  # a set contract earns no bags


def test_contract_is_met_together_in_any_split():
    # bid 3 and 5: any split of eight tricks makes the contract
    for mine in range(9):
        s = score_hand([3, 2, 5, 3], [mine, 3, 8 - mine, 2])
        assert s.team_points[0] == 80
        assert s.bags[0] == 0


def test_each_bag_is_one_point_at_the_time():
    s = score_hand([2, 3, 2, 3], [3, 3, 4, 3])
    assert s.team_points == (43, 60)
    assert s.bags == (3, 0)


def test_bags_accumulate_across_hands():
    s = score_hand([2, 3, 2, 3], [3, 3, 4, 3], bags=(4, 7))
    assert s.bags == (7, 7)
    assert s.team_points == (43, 60)


def test_reaching_ten_bags_costs_100_and_clears_ten():
    # 8 bags before, 3 more this hand: 11 -> -100 and 1 bag left
    s = score_hand([2, 3, 2, 3], [3, 3, 4, 3], bags=(8, 0))
    assert s.team_points[0] == 40 + 3 - 100
    assert s.bags[0] == 1


def test_exactly_ten_bags_triggers_the_penalty():
    s = score_hand([2, 3, 2, 3], [3, 3, 4, 3], bags=(7, 0))
    assert s.team_points[0] == 43 - 100
    assert s.bags[0] == 0


def test_nine_bags_is_no_penalty_yet():
    s = score_hand([2, 3, 2, 3], [3, 3, 4, 3], bags=(6, 0))
    assert s.team_points[0] == 43
    assert s.bags[0] == 9


def test_twenty_bags_in_one_hand_costs_twice():
    # 9 bags before; team 0 bids 1 and takes all 13 -> 12 bags, 21 in all: -200, 1 left
    s = score_hand([1, 0, 0, 1], [13, 0, 0, 0], bags=(9, 0))
    assert s.teams[0].bag_penalties == 2
    assert s.team_points[0] == 10 + 12 - 200 + 100  # North's nil is clean: +100
    assert s.bags[0] == 1


def test_nil_made_scores_100_on_top_of_the_contract():
    # South nil takes none; North bid 4 and takes 5
    s = score_hand([0, 4, 4, 4], [0, 4, 5, 4])
    assert s.team_points[0] == 100 + 40 + 1
    assert s.teams[0].nil_points == 100


def test_nil_broken_costs_100():
    s = score_hand([0, 4, 6, 3], [1, 4, 5, 3])
    assert s.teams[0].nil_points == -100
    assert s.team_points[0] == -100 + 60


def test_broken_nil_tricks_count_for_the_partner_contract():
    # North bid 5 and took only 4; South's broken nil took 2, so the team has 6: made, 1 bag
    s = score_hand([0, 4, 5, 3], [2, 4, 4, 3])
    assert s.teams[0].contract == 5  # the partner's bid alone is the contract
    assert s.teams[0].tricks == 6
    assert s.teams[0].made
    assert s.team_points[0] == -100 + 50 + 1
    assert s.bags[0] == 1


def test_broken_nil_tricks_can_be_bags_that_reach_ten():
    s = score_hand([0, 4, 4, 3], [3, 3, 4, 3], bags=(7, 0))
    assert s.teams[0].bags_taken == 3
    assert s.team_points[0] == -100 + 40 + 3 - 100
    assert s.bags[0] == 0


def test_nil_is_scored_separately_even_when_the_partner_is_set():
    s = score_hand([0, 3, 6, 4], [0, 5, 4, 4])
    assert s.team_points[0] == 100 - 60


def test_double_nil_team_has_no_contract_and_every_trick_is_a_bag():
    # the issue is silent: with a contract of 0 every trick taken is an overtrick
    s = score_hand([0, 4, 0, 5], [1, 6, 0, 6])
    assert s.teams[0].contract == 0
    assert s.team_points[0] == 100 - 100 + 1
    assert s.bags[0] == 1


def test_both_teams_score_in_the_same_call():
    s = score_hand([4, 3, 3, 2], [5, 2, 3, 3])
    assert s.team_points == (71, 50)
    assert s.bags == (1, 0)


def test_explanation_lines_name_every_item():
    s = score_hand([0, 4, 5, 3], [2, 4, 4, 3], bags=(9, 0))
    text = str(s)
    assert "nil broken" in text and "bags reached 10" in text and "contract made" in text


# --- properties ------------------------------------------------------------------------------


@st.composite
def hands(draw):
    bids = draw(st.lists(st.integers(0, 13), min_size=4, max_size=4))
    cuts = sorted(draw(st.lists(st.integers(0, 13), min_size=3, max_size=3)))
    tricks = [cuts[0], cuts[1] - cuts[0], cuts[2] - cuts[1], 13 - cuts[2]]
    bags = draw(st.tuples(st.integers(0, 9), st.integers(0, 9)))
    return bids, tricks, bags


@given(hands())
def test_bags_stay_within_0_to_9_and_points_add_up(case):
    bids, tricks, bags = case
    s = score_hand(bids, tricks, bags)
    for team in (0, 1):
        t = s.teams[team]
        assert 0 <= s.bags[team] <= 9
        assert s.bags[team] == (bags[team] + t.bags_taken) % 10
        assert t.bag_penalties == (bags[team] + t.bags_taken) // 10
        assert s.team_points[team] == (t.contract_points + t.bags_taken + t.nil_points
                                       - 100 * t.bag_penalties)
        seats = (team, team + 2)
        assert t.tricks == sum(tricks[x] for x in seats)
        assert t.contract == sum(bids[x] for x in seats)
        assert t.made == (t.tricks >= t.contract)
        if not t.made:
            assert t.bags_taken == 0 and t.contract_points == -10 * t.contract


@given(hands())
def test_score_is_symmetric_under_swapping_teams(case):
    bids, tricks, bags = case
    a = score_hand(bids, tricks, bags)
    b = score_hand(bids[1:] + bids[:1], tricks[1:] + tricks[:1], (bags[1], bags[0]))
    assert b.team_points == (a.team_points[1], a.team_points[0])
    assert b.bags == (a.bags[1], a.bags[0])


# --- bad input -------------------------------------------------------------------------------

BAD = [
    ([3, 4, 2, 14], [4, 3, 2, 4], (0, 0), "bids"),
    ([3, 4, 2, -1], [4, 3, 2, 4], (0, 0), "bids"),
    ([3, 4, 2], [4, 3, 2, 4], (0, 0), "bids"),
    ([3, 4, 2, 4, 1], [4, 3, 2, 4], (0, 0), "bids"),
    ([3, 4, 2, 2.5], [4, 3, 2, 4], (0, 0), "bids"),
    ([3, 4, 2, "4"], [4, 3, 2, 4], (0, 0), "bids"),
    ([3, 4, 2, True], [4, 3, 2, 4], (0, 0), "bids"),
    ("3424", [4, 3, 2, 4], (0, 0), "bids"),
    (None, [4, 3, 2, 4], (0, 0), "bids"),
    ([3, 4, 2, 4], [4, 3, 2, 5], (0, 0), "tricks"),
    ([3, 4, 2, 4], [4, 3, 2, 3], (0, 0), "tricks"),
    ([3, 4, 2, 4], [14, -1, 0, 0], (0, 0), "tricks"),
    ([3, 4, 2, 4], [4, 3, 6], (0, 0), "tricks"),
    ([3, 4, 2, 4], [4.0, 3, 2, 4], (0, 0), "tricks"),
    ([3, 4, 2, 4], [4, 3, 2, 4], (-1, 0), "bags"),
    ([3, 4, 2, 4], [4, 3, 2, 4], (10, 0), "bags"),
    ([3, 4, 2, 4], [4, 3, 2, 4], (0,), "bags"),
    ([3, 4, 2, 4], [4, 3, 2, 4], (0, 1.5), "bags"),
    ([3, 4, 2, 4], [4, 3, 2, 4], 0, "bags"),
]


@pytest.mark.parametrize("bids,tricks,bags,field", BAD)
def test_bad_input_raises_a_value_error_naming_the_argument(bids, tricks, bags, field):
    with pytest.raises(ScoreInputError) as e:
        score_hand(bids, tricks, bags)
    assert isinstance(e.value, ValueError) and isinstance(e.value, HeartsError)
    assert e.value.field == field
    assert str(e.value).startswith(field + ":")


def test_tricks_message_says_what_they_add_up_to():
    with pytest.raises(ValueError, match="add up to 13.*adds up to 14"):
        score_hand([3, 4, 2, 4], [4, 3, 2, 5])


def test_tuples_and_lists_are_both_accepted():
    assert score_hand((3, 4, 2, 4), (4, 3, 2, 4), [0, 0]).team_points == score_hand(
        [3, 4, 2, 4], [4, 3, 2, 4]).team_points
