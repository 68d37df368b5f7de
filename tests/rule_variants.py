"""Leave-one-rule-out variants of the exercise solutions: each is the solution with one rule of
the game left out (or a given helper broken), for ``test_rule_weights.py``."""

from __future__ import annotations

RANKS = "23456789TJQKA"
QK_SWAPPED = "23456789TJKQA"  # the rank helper of exercise 02 with Q and K swapped


def _winner(trick, ranks=RANKS, follow=True):
    best = 0
    for i, card in enumerate(trick):
        if (card[1] == trick[0][1] or not follow) and ranks.index(card[0]) > ranks.index(trick[best][0]):
            best = i
    return best


def trick_winner_any_suit(trick):
    return _winner(trick, follow=False)


def trick_winner_qk_swapped(trick):
    return _winner(trick, QK_SWAPPED)


def trick_winner_ace_low(trick):
    return _winner(trick, "A23456789TJQK")


def trick_winner_led_card(trick):
    return 0


def _legal(hand, trick, first_trick, hearts_broken, *, first=True, two=True, broken=True, follow=True,
           exceptions=True, lead_exception=True):
    def penalty(c):
        return c[1] == "H" or c == "QS"
    if trick:
        same = [c for c in hand if c[1] == trick[0][1]]
        if same and follow:
            return same
        if first_trick and first:
            clean = [c for c in hand if not penalty(c)]
            if clean or not exceptions:
                return clean
        return list(hand)
    if first_trick and "2C" in hand and two:
        return ["2C"]
    if not hearts_broken and broken:
        no_hearts = [c for c in hand if c[1] != "H"]
        if no_hearts or not (exceptions and lead_exception):
            return no_hearts
    return list(hand)


def legal_is_penalty_without_queen(hand, trick, first_trick, hearts_broken):
    # exercise 03's given helper is_penalty, edited to forget Q♠
    if trick and first_trick and not [c for c in hand if c[1] == trick[0][1]]:
        clean = [c for c in hand if c[1] != "H"]
        return clean or list(hand)
    return _legal(hand, trick, first_trick, hearts_broken)


def legal_no_first_trick(hand, trick, first_trick, hearts_broken):
    return _legal(hand, trick, first_trick, hearts_broken, first=False)


def legal_no_two_of_clubs(hand, trick, first_trick, hearts_broken):
    return _legal(hand, trick, first_trick, hearts_broken, two=False)


def legal_no_hearts_broken(hand, trick, first_trick, hearts_broken):
    return _legal(hand, trick, first_trick, hearts_broken, broken=False)


def legal_no_follow_suit(hand, trick, first_trick, hearts_broken):
    return _legal(hand, trick, first_trick, hearts_broken, follow=False)


def legal_no_exceptions(hand, trick, first_trick, hearts_broken):
    return _legal(hand, trick, first_trick, hearts_broken, exceptions=False)


def legal_no_first_trick_exception(hand, trick, first_trick, hearts_broken):
    # the teacher's trial: a void hand of only hearts and Q♠ on the first trick gets no card
    if trick and first_trick and not [c for c in hand if c[1] == trick[0][1]]:
        return [c for c in hand if c[1] != "H" and c != "QS"]
    return _legal(hand, trick, first_trick, hearts_broken)


def legal_no_lead_exception(hand, trick, first_trick, hearts_broken):
    return _legal(hand, trick, first_trick, hearts_broken, lead_exception=False)


def points_no_queen(taken):
    return sum(1 for c in taken if c[1] == "H")


def points_queen_only(taken):
    return 13 * taken.count("QS")


def points_every_card(taken):
    return sum(1 for c in taken if c[1] == "H") + 13 * taken.count("QS") + sum(1 for c in taken if c[1] == "D")


def scores_no_moon(points, new_moon=False):
    return list(points)


def scores_no_new_moon(points, new_moon=False):
    if 26 not in points:
        return list(points)
    return [0 if p == 26 else 26 for p in points]


def over_ignores_ties(totals, end_score=100):
    return max(totals) >= end_score


def over_ignores_end_score(totals, end_score=100):
    return max(totals) >= 100 and totals.count(min(totals)) == 1


def over_strictly_more(totals, end_score=100):
    return max(totals) > end_score and totals.count(min(totals)) == 1


def winner_ignores_ties(totals, end_score=100):
    return totals.index(min(totals)) if max(totals) >= end_score else None


def winner_ignores_end_score(totals, end_score=100):
    return totals.index(min(totals)) if max(totals) >= 100 and totals.count(min(totals)) == 1 else None


DIRECTIONS = ["left", "right", "across", "hold"]


def direction_never_holds(hand_number):
    return DIRECTIONS[hand_number % 3]


def direction_no_cycle(hand_number):
    return DIRECTIONS[min(hand_number, 3)]


def target_left_right_swapped(seat, hand_number):
    d = DIRECTIONS[hand_number % 4]
    return None if d == "hold" else (seat + {"left": 3, "right": 1, "across": 2}[d]) % 4


def target_never_holds(seat, hand_number):
    d = DIRECTIONS[hand_number % 4]
    return (seat + {"left": 1, "right": 3, "across": 2, "hold": 0}[d]) % 4


def contract_no_bags(bid, taken):
    return 10 * bid if taken >= bid else -10 * bid


def contract_never_set(bid, taken):
    return 10 * bid + max(taken - bid, 0)


# (check, variant) -> the rule it leaves out
VARIANTS = {
    ("trick_winner", trick_winner_any_suit): "other suits never win",
    ("trick_winner", trick_winner_qk_swapped): "the given rank helper with Q and K swapped",
    ("trick_winner", trick_winner_ace_low): "ace high",
    ("trick_winner", trick_winner_led_card): "highest of the led suit wins",
    ("legal_plays", legal_no_first_trick): "first trick: no hearts or Q♠",
    ("legal_plays", legal_is_penalty_without_queen): "the given helper is_penalty without Q♠",
    ("legal_plays", legal_no_two_of_clubs): "2♣ leads the first trick",
    ("legal_plays", legal_no_hearts_broken): "no heart led before hearts are broken",
    ("legal_plays", legal_no_follow_suit): "follow suit, else any card",
    ("legal_plays", legal_no_exceptions): "the exceptions for a hand of only hearts (and Q♠)",
    ("legal_plays", legal_no_first_trick_exception): "exception: first trick, only hearts and Q♠ in hand",
    ("legal_plays", legal_no_lead_exception): "exception: a leader with only hearts",
    ("hand_points", points_no_queen): "Q♠ is 13 points",
    ("hand_points", points_queen_only): "each heart is 1 point",
    ("hand_points", points_every_card): "other cards are 0",
    ("hand_scores", scores_no_moon): "shooting the moon",
    ("hand_scores", scores_no_new_moon): "the new_moon variant",
    ("match_over", over_ignores_ties): "a tie for lowest plays on",
    ("match_over", over_ignores_end_score): "the end score is the argument",
    ("match_over", over_strictly_more): "reaching the end score ends it (>=)",
    ("match_winner", winner_ignores_ties): "a tie for lowest plays on",
    ("match_winner", winner_ignores_end_score): "the end score is the argument",
    ("pass_direction", direction_never_holds): "every fourth hand holds",
    ("pass_direction", direction_no_cycle): "the cycle repeats",
    ("pass_target", target_left_right_swapped): "left is seat + 1, right seat + 3",
    ("pass_target", target_never_holds): "a hold hand passes to nobody",
    ("contract_points", contract_no_bags): "bags: +1 per extra trick",
    ("contract_points", contract_never_set): "set: -10 per trick bid",
}
