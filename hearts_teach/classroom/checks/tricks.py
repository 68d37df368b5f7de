"""Exercise 02: the winner of a trick (no trump).

Students write ``trick_winner(trick)``: ``trick`` is a list of 4 card strings in play
order (the first card was led); the answer is the position 0..3 of the winning card.
Expected answers come from tricks the engine played (``PlayState`` decides winners; the
rule is docs/rules.md H7).
"""

from __future__ import annotations

from typing import Any

from hearts_teach.classroom.checks.framework import (
    Case,
    Checker,
    WrongType,
    _short,
    card_text,
    whole,
)
from hearts_teach.classroom.checks.hidden import hidden_seed, teacher_picked
from hearts_teach.classroom.checks.positions import names, random_hands
from hearts_teach.kernel.cards import Card
from hearts_teach.kernel.table import FOUR

RULE = ("No trump: the highest card of the suit that was led wins (ace high); "
        "a card of any other suit never wins, however high.")

# (trick, what it teaches) -- hand-picked edge cases
EDGE = [
    (["7C", "KC", "2C", "9C"], "everyone follows suit"),
    (["5D", "AS", "KH", "QC"], "nobody follows: the led card wins"),
    (["9H", "AH", "3H", "QS"], "ace is high"),
    (["4S", "3S", "AD", "2S"], "a high card of another suit does not win"),
    (["9C", "TC", "JD", "8C"], "ten beats nine ('T' is the ten)"),
    (["JS", "QS", "KS", "AS"], "the last card can win"),
    (["2C", "3D", "4H", "5S"], "the lowest card wins when nobody follows"),
    (["TH", "JH", "QH", "9H"], "picture cards: J < Q < K < A"),
    (["KD", "AD", "2H", "AC"], "two aces: only the led suit's ace counts"),
    # K above Q: the one order among J, Q, K that the alphabet (and a rank helper with Q and K
    # swapped) gets wrong; enough of them that such a helper loses the rule, not one case
    (["QS", "KS", "5S", "3S"], "K beats Q (the order is J < Q < K, not the alphabet's)"),
    (["KC", "QC", "JC", "2H"], "the led king beats the queen"),
    (["5D", "QD", "KD", "9D"], "K beats Q, whoever plays first"),
    (["JH", "2H", "QH", "KH"], "the king played last beats the queen"),
    (["8C", "KC", "QC", "TC"], "K beats Q and 10"),
    (["QD", "JD", "KD", "8S"], "K beats Q and J"),
]


def _expected(trick: list[str]) -> int:
    cards = [Card(c) for c in trick]
    led = cards[0].suit
    best = 0
    for i, c in enumerate(cards):
        if c.suit == led and c.rank > cards[best].rank:
            best = i
    return best


def _case(trick: list[str], label: str, expected: int | None = None) -> Case:
    shown = (f"call: trick_winner({trick!r})",
             f"trick in play order: {'  '.join(card_text(c) for c in trick)}   "
             f"({Card(trick[0]).suit.symbol} {Card(trick[0]).suit.plural} led)")
    return Case((list(trick),), _expected(trick) if expected is None else expected, RULE, shown, label)


# tricks from dealt hands among the visible and the hidden cases (38 and 27 cases in all, with the
# hand-picked ones: the K-above-Q tricks took the place of as many dealt ones)
VISIBLE_DEALT = 23
HIDDEN_DEALT = 19


def make_cases(hidden: bool = False) -> list[Case]:
    # hidden: the teacher's hand-picked tricks, then tricks of hands only the grading key names
    edge = [(list(t), why) for t, why in teacher_picked("trick_winner")] if hidden else EDGE
    out = [_case(t, f"hand-picked: {why}") for t, why in edge]
    dealt: list[Case] = []
    for played in random_hands(hidden_seed("trick_winner"), 100) if hidden else random_hands(1, 4):
        for k, (leader, cards, winner) in enumerate(played.tricks[:10]):
            if k % 2 == 0 or len({c // 13 for c in cards}) > 1:  # prefer tricks where someone is void
                # the engine's winner (a seat) as a position in the trick
                dealt.append(_case(names(cards), f"trick {k + 1} of dealt hand {played.seed}",
                                   (winner - leader) % FOUR.players))
        if hidden and len(dealt) >= HIDDEN_DEALT:
            break
    return out + dealt[:HIDDEN_DEALT if hidden else VISIBLE_DEALT]


def _norm(value: Any) -> int:
    extra = " (return the position of the card, not the card itself)" if isinstance(value, str | Card) else ""
    value = whole(value, f"trick_winner should return a position 0, 1, 2 or 3, got {_short(value)}{extra}")
    if not 0 <= value <= 3:
        raise WrongType(f"trick_winner returned {value}, but a trick has positions 0..3")
    return value


def _show(value: Any, case: Case) -> str:
    if isinstance(value, int) and 0 <= value <= 3:
        return f"{value} (the {card_text(case.args[0][value])})"
    return repr(value)


def _hint(case: Case, actual: Any) -> str:
    trick = [Card(c) for c in case.args[0]]
    led, got, want = trick[0].suit, trick[actual], trick[case.expected]
    highest_of_any_suit = got.suit != led and got.rank == max(c.rank for c in trick)
    if actual == case.expected + 1 and not highest_of_any_suit:
        return (f"the {want.pretty} wins, and it is at position {case.expected}: positions count from 0 "
                f"(the card led is position 0); did you count from 1?")
    if got.suit != led:
        return (f"{got.pretty} is not a {led.singular}: {led.plural} were led, "
                f"so only {led.plural} can win")
    if got.rank < want.rank:
        return f"{want.pretty} is higher than {got.pretty} (ranks 2 < ... < 10 < J < Q < K < A)"
    return ""


CHECKERS = {
    "trick_winner": Checker("trick_winner", "trick_winner(trick) -> int", make_cases, _norm, _show, _hint,
                            make_hidden=lambda: make_cases(hidden=True)),
}
