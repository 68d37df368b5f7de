"""Stacked deals (explicit 4 x 13 cards) for the golden cases, and small play helpers.

Each deal is written out in full so a reader can check the position by eye; ``check_deal``
verifies that the 52 cards are all there exactly once. Seats: 0 South, 1 West, 2 North,
3 East; the 2♣ holder leads.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from hearts_teach import Card, Hand, Rng, Rules

Deal = list[str]


def check_deal(deal: Sequence[str]) -> list[list[str]]:
    hands = [d.split() for d in deal]
    flat = [Card(c).index for h in hands for c in h]
    assert [len(h) for h in hands] == [13, 13, 13, 13], [len(h) for h in hands]
    assert sorted(flat) == list(range(52)), "a stacked deal must hold each card once"
    return hands


def rotate(deal: Sequence[str], k: int) -> list[str]:
    """The same deal with every seat's cards moved k seats clockwise."""
    return [deal[(s - k) % 4] for s in range(4)]


# Golden 1: seat 1 is void in clubs and holds only hearts and Q♠.
ONLY_POINTS = [
    "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
    "QS 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH",
    "AH 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD",
    "AD 2S 3S 4S 5S 6S 7S 8S 9S TS JS KS AS",
]

# Golden 2: seat 1 is void in clubs and holds Q♠, hearts and one diamond (2♦).
ONE_DIAMOND = [
    "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
    "QS 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH 2D",
    "KH AH 3D 4D 5D 6D 7D 8D 9D TD JD QD KD",
    "AD 2S 3S 4S 5S 6S 7S 8S 9S TS JS KS AS",
]

# Golden 3: seat 1 wins trick 1 with A♣ and then holds only hearts (hearts unbroken).
ALL_HEARTS = [
    "2C 3C 4C 5C 2D 3D 4D 5D 6D 7D 8D 9D TD",
    "AC 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH",
    "6C 7C 8C 9C AH JD QD KD AD 2S 3S 4S 5S",
    "TC JC QC KC 6S 7S 8S 9S TS JS QS KS AS",
]
ALL_HEARTS_TRICK1 = ["2C", "AC", "6C", "TC"]

# Golden 4: seat 1 wins trick 1 with A♣ and then holds hearts and Q♠ only.
HEARTS_AND_QUEEN = [
    "2C 3C 4C 5C 2D 3D 4D 5D 6D 7D 8D 9D TD",
    "AC QS 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH",
    "6C 7C 8C 9C KH AH JD QD KD AD 2S 3S 4S",
    "TC JC QC KC 5S 6S 7S 8S 9S TS JS KS AS",
]

# Golden 5: seat 3 wins trick 1, leads 5♣ in trick 2, seat 1 (void) discards 2♥,
# seat 2 wins with 7♣ and may then lead a heart.
DISCARD_BREAKS = [
    "2C 6C 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD",
    "3C 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH",
    "4C 7C AH KD AD 2S 3S 4S 5S 6S 7S 8S 9S",
    "5C 8C 9C TC JC QC KC AC TS JS QS KS AS",
]
DISCARD_BREAKS_PLAYS = ["2C", "3C", "4C", "AC", "5C", "6C", "2H", "7C"]

# Golden 6 (and the plain moon): seat 0 takes every heart and Q♠; seat 1 takes J♦ in trick 1.
MOON_JD_ELSEWHERE = [
    "QC KC AS KS QS AH KH QH JH TH 9H 8H 7H",
    "AC 3C 4C 5C 6C 2H 3H 2D 3D 4D 5D 6D 7D",
    "JD 4H 5H 6H 8D 9D TD QD KD AD 2S 3S 4S",
    "2C 7C 8C 9C TC JC 5S 6S 7S 8S 9S TS JS",
]
MOON_JD_ELSEWHERE_START = ["2C", "KC", "AC", "JD"]
MOON_SHOOTER = 0

# Golden 7: seat 0 takes all 13 hearts, seat 1 takes Q♠ in trick 2.
ALL_HEARTS_NOT_QUEEN = [
    "AC 2S AD 5H 6H 7H 8H 9H TH JH QH KH AH",
    "3C 4C 5C 6C 2D 3D 4D 5D 6D 7D 8D 2H QS",
    "7C 8C 9C TC 9D TD JD 3H 4H 3S 4S 5S 6S",
    "2C JC QC KC QD KD 7S 8S 9S TS JS KS AS",
]
ALL_HEARTS_NOT_QUEEN_START = ["2C", "AC", "3C", "7C", "2S", "QS", "3S", "7S", "2D", "9D", "QD", "AD"]

for _deal in (ONLY_POINTS, ONE_DIAMOND, ALL_HEARTS, HEARTS_AND_QUEEN, DISCARD_BREAKS,
              MOON_JD_ELSEWHERE, ALL_HEARTS_NOT_QUEEN):
    check_deal(_deal)


def stacked(deal: Sequence[str], rules: Rules | None = None, hand_number: int = 0) -> Hand:
    """A hold hand on ``deal`` (works with any rules, passing or not)."""
    return Hand([d.split() for d in deal], "hold", rules if rules is not None else Rules(), hand_number)


Policy = Callable[[Hand], Card]


def lowest(hand: Hand) -> Card:
    return min(hand.legal_plays())


def highest(hand: Hand) -> Card:
    return max(hand.legal_plays())


def shooter_policy(shooter: int) -> Policy:
    """The shooter plays its highest legal card, everyone else the lowest."""
    def pick(hand: Hand) -> Card:
        return highest(hand) if hand.turn == shooter else lowest(hand)
    return pick


def play_out(hand: Hand, start: Sequence[str] = (), policy: Policy = lowest) -> Hand:
    for c in start:
        hand.play(c)
    while not hand.is_over:
        hand.play(policy(hand))
    return hand


def random_hand(seed: int, rules: Rules | None = None, hand_number: int = 0,
                stop_after: int = 52) -> Hand:
    """A seeded deal, random passes and random legal plays (``stop_after`` plays at most)."""
    rng = Rng(seed)
    hand = Hand.deal(rng.spawn("deal"), hand_number=hand_number, rules=rules)
    for seat in range(4):
        if hand.to_pass:
            hand.pass_cards(seat, rng.sample(list(hand.cards(seat)), 3))
    for _ in range(stop_after):
        if hand.is_over:
            break
        hand.play(rng.choice(list(hand.legal_plays())))
    return hand


# Seat 1 holds exactly 7♣ and K♣ in clubs (for the follow-suit sentence of the issue).
FOLLOW = [
    "2C 3C 4C 5C 6C 8C 9C TC JC QC AC 2D 3D",
    "7C KC AS 4D 5D 6D 7D 8D 9D TD 2H 3H 4H",
    "JD QD KD AD 5H 6H 7H 8H 9H TH JH QH KH",
    "AH 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS",
]
check_deal(FOLLOW)
TRICK1 = ["2C", "7C", "AD", "KS"]   # seat 1 wins with 7♣ although A♦ and K♠ are higher cards
