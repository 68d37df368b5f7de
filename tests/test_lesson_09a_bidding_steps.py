"""Lessons 09a and 09b (Spades bidding; nil and blind nil), read in order as one pair, as a learner meets
them. 09a's count of tricks for a bid: three points in prose (high side
cards, protected spades, ruffs), spade length, and the engine's count part by part (``count_text``
on ``trick_count``). The bots' estimate is transcribed here independently (``by_the_lesson``) and
compared with ``estimate_tricks`` and ``trick_count`` on the lesson's hands and on many dealt hands;
every figure the lesson prints comes from the engine at execution time and is held here."""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from hearts_teach.agents.spades import estimate_tricks, nil_faults, nil_ok, smart_bid, trick_count
from hearts_teach.course.spades_lesson import quarters
from hearts_teach.games.spades import SpadesHand
from hearts_teach.kernel.cards import DECK, Card, CardList, Suit
from hearts_teach.kernel.rng import Rng

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
# 09a was split in two (bidding; nil and blind nil): the pair is read in order, so "before" and "after"
# keep their meaning across the two lessons
LESSONS = (NOTEBOOKS / "09a_spades_bidding.ipynb", NOTEBOOKS / "09b_nil_and_blind_nil.ipynb")


def lesson_cells() -> list[dict]:
    """The cells of 09a, then those of 09b."""
    return [c for path in LESSONS for c in json.loads(path.read_text(encoding="utf-8"))["cells"]]


def seat_hands(label: str, deals: int) -> Iterator[CardList]:
    """Each seat's cards in ``deals`` Spades deals drawn from the stream ``label`` (the same hands every run)."""
    rng = Rng(label)
    for i in range(deals):
        hand = SpadesHand.deal(rng.spawn(f"deal/{i}"), dealer=0)
        for seat in range(4):
            yield hand.cards(seat)


def prose() -> str:
    cells = lesson_cells()
    return "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")


def recipe() -> str:
    """The bots' exact recipe, moved out of lesson 09a (fresh rater, round 29: a newcomer wants to bid, not to
    learn how the bot computes) into ``trick_count``'s docstring, which the lesson names."""
    return " ".join((trick_count.__doc__ or "").split())


def by_the_lesson(cards: CardList, length: bool) -> float:
    """The bots' estimate, transcribed from the recipe 09a once spelled out, now ``trick_count``'s docstring
    (not from the estimator)."""
    spades = sorted((c.rank for c in cards if c.suit is Suit.SPADES), reverse=True)
    side = [[c.rank for c in cards if c.suit is s] for s in (Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)]
    # 1. ruffs: void 2, singleton 1, doubleton 1/4, each paid with as many spades, as far as they go
    left, ruffs = float(len(spades)), 0.0
    for suit in side:
        worth = {0: 2.0, 1: 1.0, 2: 0.25}.get(len(suit), 0.0)
        paid = min(worth, left)
        left -= paid
        ruffs += paid
    # 2. spade honours: round what is left (a half to the even number), keep that many highest spades
    kept = spades[:round(left)]
    credits = []
    for rank in kept:
        missing = sum(1 for r in range(rank + 1, 15) if r not in spades)
        smaller = sum(1 for r in kept if r < rank)
        short = missing - smaller
        credits.append(1.0 if short <= 0 else 0.75 if short == 1 else 0.25 if short == 2 else 0.0)
    total = ruffs + sum(credits)
    # 3. spade length: five highest spades' credits + 1 per spade after the fifth, if more
    if length and len(spades) >= 6:
        total = max(total, sum(credits[:5]) + len(spades) - 5)
    # 4. side aces, kings (with another card of the suit) and queens (in 3 or 4 cards)
    for suit in side:
        n = len(suit)
        total += (1 if n <= 6 else 0.5) if 14 in suit else 0
        total += (1 if n <= 5 else 0.25) if 13 in suit and n > 1 else 0
        total += 0.5 if 12 in suit and 3 <= n <= 4 else 0
    return total


LESSON_HANDS = [(21, 1), (22, 1), (1526, 3), (2054, 3), (316, 1), (302, 1), (5, 3), (6, 3)]


@pytest.mark.parametrize("seed,dealer", LESSON_HANDS)
def test_the_transcribed_count_gives_the_estimate_for_the_lessons_hands(seed: int, dealer: int):
    cards = SpadesHand.deal(seed=seed, dealer=dealer).cards(0)
    for length in (False, True):
        assert by_the_lesson(cards, length) == estimate_tricks(cards, long_spades=length), (cards.pretty, length)


def test_the_transcribed_count_gives_the_estimate_for_any_hand():
    for cards in seat_hands("lesson09a/steps", 3000):
        for length in (False, True):
            assert by_the_lesson(cards, length) == estimate_tricks(cards, long_spades=length), cards.pretty


def test_the_written_nil_rule_is_the_bots():
    text = " ".join(prose().split())
    # round 8: "below the queen / from the queen up" was unclear for a king without the queen: said exactly
    assert "in every suit holding a queen or king, more cards of jack or lower than queens and kings" in text
    # r55 (words): one example pair in the lesson; the K♣ pair stays checked against the engine below
    # r81: "duck" came before its definition (the tips, below): said in plain words
    assert "so you can play low while higher cards fall: Q♦ 3♦ 2♦ passes, Q♦ 2♦ does not." in text
    assert "so you can duck while" not in text
    assert "In a side suit, an ace counts 1 trick" in recipe()
    assert "a spade beats any card of the other suits, the *side suits*." in text  # r97: one sentence for both terms (words)
    king_guarded = CardList("KC JC 2C 4S 3S 2S 6H 5H 4H 3H 6D 5D 4D")
    assert not [f for f in nil_faults(king_guarded) if "K♣" in f]
    king_bare = CardList("KC 2C 4S 3S 2S 6H 5H 4H 3H 7D 6D 5D 4D")
    assert [f for f in nil_faults(king_bare) if "K♣" in f]
    guarded = CardList("QD 3D 2D 4S 3S 2S 6H 5H 4H 3H 6C 5C 4C")
    assert estimate_tricks(guarded) == 0.5 and nil_ok(guarded)  # Q♦ 3♦ 2♦ passes
    bare = CardList("QD 2D 4S 3S 2S 6H 5H 4H 3H 7C 6C 5C 4C")
    assert estimate_tricks(bare) < 1 and nil_faults(bare) == ["Q♦ with only 1 smaller diamond beside it: "
                                                              "it cannot hide under the others' cards"]


def outputs() -> str:
    cells = lesson_cells()
    return "".join("".join(o.get("text", "")) for c in cells for o in c.get("outputs", []))


def test_the_parts_of_the_count_are_the_estimate():
    """``trick_count`` explains ``estimate_tricks``: its parts are the independent transcription's,
    and ``count_text`` (what 09a prints) ends on the estimate the bots bid from."""
    from hearts_teach.course.spades_lesson import count_text

    for cards in seat_hands("lesson09a/parts", 1500):
        count = trick_count(cards, long_spades=True)
        assert count.total == estimate_tricks(cards, long_spades=True) == by_the_lesson(cards, True)
        assert trick_count(cards).total == estimate_tricks(cards) == by_the_lesson(cards, False)
        spades = [c for c in cards if c.suit is Suit.SPADES]
        assert sorted([c for c, _ in count.spades] + list(count.spent)) == sorted(c.index for c in spades)
        assert all(k > s for k, _ in count.spades for s in count.spent)  # the ruffs use the lowest
        text = count_text(cards)
        assert text.splitlines()[-1].startswith(f"Estimate: {quarters(count.total)} trick")
        assert ("Spade length" in text) == (len(spades) >= 6)


def test_the_three_points_as_written_are_the_bots():
    """Newcomer round 9 ("counting still heavy"): the four steps and their exact rules gave way to three
    points; each rule a point states is checked here against the count, card by card."""
    text = " ".join(prose().split())
    # newcomer round 14 ("fractions are heavy"): the rules say their fractions in words
    # round 29: the recipe is trick_count's docstring, the lesson's bullets a player's count (next test)
    for phrase in ("In a side suit, an ace counts 1 trick, a king with another card of its suit 1, a queen in a suit of "
                   "three or four cards half a trick. In a long suit they count less: an ace half a trick in a "
                   "suit of seven cards or more, a king a quarter in a suit of six or more.",
                   "A high spade counts 1 if you keep at least as many smaller spades as there are higher ones you "
                   "do not hold; one fewer, three quarters; two fewer, a quarter.",  # r93: "fewer", not "short"
                   "A void counts 2, a singleton 1, a doubleton a quarter, while your spades last.",
                   # newcomer round 26 cut how many spades the ruffs use up ("some of your lowest spades");
                   # fresh rater (round 28): too vague to count with, and the exercise asks for the bots' count:
                   # the rule in one clause, in the folded recipe, held by the loop below
                   "Each ruff needs a spade: the count sets aside your lowest spades, one per ruff trick counted, "
                   "rounded to the nearest whole spade (an exact half: whichever way leaves an even number of "
                   "spades), and those no longer count as protected spades."):
        assert phrase in recipe(), phrase
        assert phrase not in text, phrase
    # fresh rater (round 27): Suggest's adjustment for the other bids and the score was named but never shown on
    # the page; the clause is cut (Suggest's own answer says when it adjusts)
    # r71 (rater r70): "(this lesson bids lower at three quarters)" came before a count had been shown; the opening
    # now says what the lesson does (count, then turn the count into a bid)
    # r71b (words): "shows how to count, then how to bid from the count" said shorter
    # r72 (newcomer r72): Suggest was named before any widget: it is introduced at deal 21's widget (held below)
    # r97 (words): "This lesson: the count, then the bid." cut; the heading and the steps say it
    assert "**rule of thumb**. South's cards on deal 22" in text and "bids lower at three quarters" not in text  # r55: no "bidding tables"
    assert "adjusts that for the other bids" not in text
    assert "some of your lowest spades" not in text and "(it prints which)" not in text
    # both ways of settling an exact half occur (so "whichever way leaves an even number" is needed)
    from hearts_teach.kernel.cards import CardList as _Cards
    five = trick_count(_Cards("AS KS QS JS TS 2H 3H 2D 3D 2C 3C 4C 5C"))  # two doubletons: ½, five spades
    four = trick_count(_Cards("AS KS QS JS 2H 3H 2D 3D 2C 3C 4C 5C 6C"))  # ½, four spades
    assert five.ruff_tricks == four.ruff_tricks == 0.5 and len(five.spent) == 1 and len(four.spent) == 0
    # rater r71 ("why an even number? the only example has 8 spades"): 3b calls the half a tie-break and shows an odd
    # count: five spades with two doubletons (ruffs ½) cross off 1, six spades none
    six = trick_count(_Cards("AS JS 8S 6S 5S 4S 6H 2H 9D 3D 9C 8C 7C"))
    odd = trick_count(_Cards("AS JS 8S 6S 5S 6H 2H 9D 3D 9C 8C 7C 6C"))
    assert six.ruff_tricks == odd.ruff_tricks == 0.5 and len(six.spent) == 0 and [DECK[c].pretty for c in odd.spent] == ["5♠"]
    # r72 (newcomer r72): 3b was the densest paragraph: one rule, the half's tie-break in brackets
    # r73 (newcomer r72c): "one spade per whole ruff trick (¾ → 1)" contradicted itself: the ruff total is rounded,
    # and the tie-break has its reason (ties go up about as often as down: counted on dealt hands below)
    # r73b (newcomer r73 item 1): the half's rule as a procedure a person can follow, with the odd example above
    # r84 (newcomer r82): the tie-break was extra load: said as the summary says it, its odd example kept
    # r87 (brief: the tie rule had no reason): trick_count keeps spades[:round(spare)], and round takes a half
    # to the even number (held below), so the number kept is even; r87b (newcomer r87): "Python's round" read as
    # rounding the ruff total, and named a mechanism: said as what it is, the bots' habit, not a game rule
    # r89 (newcomer r87b item 2): the tie rule shrunk to half a sentence, and 3b gets a worked cross-off (not deal 80's
    # hand, nor the cell 9 quiz's) before its quiz: the J♠ falls from 1 to ¾ once the 2♠ is crossed off
    # r90 (newcomer r89 item 1): "at a ½ the bots keep an even number" did not say which way: up or down, said, with
    # deal 1526's numbers as its example, and that this rounding only picks the spades (the bid has its own rule)
    # r91 (newcomer r90 item 1): 3b carried the tie-break with no reason (there is none in play: it is the bots'
    # rounding, held below): it moved to step 4, where deal 1526's ruffs 1½ use it, said to be a tie-break only
    # r93 (newcomer r92 item 1): deal 9 (4 spades, ruffs ½) needs the tie rule, which sat only in step 4's example:
    # the whole rule is back in 3b, with the four-spade case (held above: four spades, ruffs ½, none crossed off)
    # r97 (newcomer r95 item 1): three numbered lines; the ½ case worked on deal 1526, whose print the lesson shows
    assert ("1. Round the ruff total to the nearest whole trick (¼ → 0, ¾ → 1). A total ending in ½ goes whichever way "
            "leaves an even number of spades not crossed off (an arbitrary tie-break): four spades, ruffs ½, cross off none. 2. Cross off that many of your lowest spades: in step 2 they count 0 and protect nothing. The ruffs still "
            "count in full. 3. Count step 2 on the spades left.") in text  # r84b: the ruffs unrounded
    # r94 (newcomer r94 item 1): "the bots' tie-break" read as arbitrary and unexplained: said as what it is, a
    # convention (Python's round, held below), and 3b gives the working order, true to trick_count (ruffs, then
    # the spades kept, then their step-2 values): ruffs first, cross off, then step 2 once
    assert "the bots' tie-break" not in text
    # r109 (newcomer r109 item 3.2): "(a convention)" left the reader guessing why even: said as what it is, an
    # arbitrary tie-break (Python's round, half to even, on the spades kept)
    assert "(a convention)" not in text
    # r98 (newcomer r97 item 1): 3b pointed ahead to deal 1526 ("(step 4)"): the tie is worked where deal 1526 is shown
    assert "deal 1526 (step 4)" not in text
    # r97 (newcomer r95 item 1): "redo step 2" then "in practice ... step 2 once" gave two orders: one now, the summary's
    # r98 (newcomer r97 item 1): the order was said only after step 2's quiz: said once, at the head of the steps
    # r111 (newcomer r111 item 3.1): no printout shows the bots' step numbers: "as the bots number them" cut
    assert "as the bots number them" not in text
    # r112 (newcomer r112 item 3.2): the order came before any step was taught: "Taught 1 to 4" marks it a preview
    # r114 (newcomer r114 item 3.3): 3b was named before it was taught: glossed where the order is first given
    # r116 (newcomer r115 item 3.4): "Taught 1 to 4, used in order" came before "step" or "ruffs use" meant anything:
    # said plainly (taught 1 to 4; count a hand in the order 1, 3, 3b, 2, 4); 3b explains itself where it is taught
    # r119 (newcomer r118 item 3.1): the order had no reason and step 2's "3b, below" pointed ahead: one clause, in
    # the words the opening defines (*ruff*) and count_text prints ("used up by the ruffs")
    # r120 (newcomer r120 item 3.1): "(3b) that step 2 cannot count" read as "spades step 2 cannot value", and 3b was
    # met unexplained: which spades, where 3b is taught, and what step 2 does with them
    assert ("## Count in steps Steps are taught 1 to 4, but to count a hand, use the order **1, 3, 3b, 2, 4**: ruffs "
            "use up your lowest spades (3b, below), which step 2 skips.") in text
    assert "that step 2 cannot count" not in text
    # r120 (newcomer r120 item 2): the Why column read as if an honour beside your own higher one counted less: the
    # example is deal 64's clubs, as the bots count them (printed in the lesson's sample runs)
    from hearts_teach.course.spades_lesson import count_part as _count_part
    from hearts_teach.games.spades import SpadesHand as _SpadesHand
    assert "even beside your higher card (♣ K Q 6: K 1, Q ½)." in text
    south64 = _SpadesHand.deal(seed=64, dealer=1).cards(0)
    assert "♣ K Q 6" in south64.pretty and "K♣ 1 · Q♣ ½" in _count_part(south64, "High side cards")
    assert "(3b comes after step 3)" not in text
    assert "Taught 1 to 4, used in order" not in text and "crosses off the small spades your ruffs use" not in text  # r116
    assert "ruffs (3) use up small spades, crossed off in 3b, before step 2." not in text  # r114
    assert "Work in the order 1, 3, 3b, 2, 4." not in text and ("## Count in steps Use them "  # r107
            "in order **1, 3, 3b, 2, 4**: ruffs (3) use up small spades, crossed off in 3b, before step 2.") not in text  # r112: marked as a preview  # r109: 3b said where first named (newcomer r109 item 3.1)
    assert "redo step 2" not in text and "**In practice**" not in text
    import inspect as _inspect

    _src_tc = _inspect.getsource(trick_count)
    assert _src_tc.index("ruffs.append") < _src_tc.index("kept = spades[:round(spare)]") < _src_tc.index("credit.append")
    assert SPADE_LENGTH_IDEA in text  # r98: the tie worked on deal 1526  # r93: the rule is 3b's  # r97: worked there
    assert "(a tie-break, no more)" not in text  # r93: step 4 no longer carries the tie rule
    assert trick_count(SpadesHand.deal(seed=9, dealer=1).cards(0)).ruff_tricks == 0.5  # deal 9: the four-spade tie
    assert len(SpadesHand.deal(seed=9, dealer=1).cards(0).of_suit(Suit.SPADES)) == 4
    assert not trick_count(SpadesHand.deal(seed=9, dealer=1).cards(0)).spent
    assert "(8 spades, ruffs 1½: cross off 2, keep 6)" not in text  # r91: the old place, in 3b
    assert trick_count(SpadesHand.deal(seed=1526, dealer=3).cards(0)).ruff_tricks == 1.5
    assert "at a ½ the bots keep an even number of spades" not in text  # r90: the old, unclear tie rule
    assert 8 - len(trick_count(SpadesHand.deal(seed=1526, dealer=3).cards(0)).spent) == 6  # "cross off 2, keep 6"
    assert len(SpadesHand.deal(seed=1526, dealer=3).cards(0).of_suit(Suit.SPADES)) == 8  # r97: "has 8 spades"
    assert "A total ending in ½ is a tie, which the bots settle" not in text  # r89: the old, longer tie rule
    # r90 (words): the worked hand's side suits said as what matters, one singleton (ruffs 1)
    assert ("With ♠ K J 6 2 and one singleton (ruffs 1), cross off the 2♠; the J♠, lacking the A♠ and Q♠, "
            "keeps only the 6♠: 1 → ¾.") in text
    worked = trick_count(_Cards("KS JS 6S 2S 9H 8H 7H 5H 4D 9C 8C 7C 5C"))
    assert worked.ruff_tricks == 1 and [DECK[c].pretty for c in worked.spent] == ["2♠"]
    assert [(DECK[c].pretty, v) for c, v in worked.spades] == [("K♠", 1), ("J♠", 0.75), ("6♠", 0)]
    unworked = trick_count(_Cards("KS JS 6S 2S 9H 8H 7H 4D 3D 5D 9C 8C 7C"))  # the same spades, no short suit
    assert not unworked.ruffs and [(DECK[c].pretty, v) for c, v in unworked.spades][:2] == [("K♠", 1), ("J♠", 1)]  # "1 →"
    assert "Python's `round`" not in text
    assert "keep an even number of spades (5 spades" not in text  # r87: the old tie rule, without its reason
    assert [round(x) for x in (0.5, 1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5)] == [0, 2, 2, 4, 4, 6, 6, 8]
    assert "whichever nearest whole number" not in text
    ties = {True: 0, False: 0}
    for dealt in seat_hands("lesson09a/ties", 5000):
        worked = trick_count(dealt)
        if worked.ruff_tricks % 1 == 0.5:
            ties[len(worked.spent) > worked.ruff_tricks] += 1
    assert min(ties.values()) > 0.8 * max(ties.values()), ties  # up 854, down 906
    import inspect

    assert "kept = spades[:round(spare)]" in inspect.getsource(trick_count)  # Python's round: a half to the even number
    # fresh rater (round 24): Suggest shows the bid after the adjustment, not the rounded estimate alone
    from hearts_teach.present.widgets.spades_table import BidWidget

    late = BidWidget(SpadesHand.deal(seed=21, dealer=0, scores_before=(390, 400)), seat=1)  # West–East at 400
    assert "Estimate: 5½ tricks. The bots' bid: 4 (" in late.suggest() and "then adjusted for the other bids" in late.suggest()
    assert "The bots then adjust" not in text
    # fresh rater r51: spade length has its own heading, demo, hand and quiz, yet sat in the fold: it is step 4 now
    # r59 (rater r57): the steps' cell split in four, one a step, each under its part of deal 22's print; a heading
    assert "## Count in steps Steps are taught 1 to 4, but to count a hand" in text and "four steps"  # r112 not in text and "**1. High side cards.**" in text and all(f"**{n}. " in text for n in range(1, 5))
    cells = lesson_cells()
    long_at = next(i for i, c in enumerate(cells) if "long_hand = SpadesHand.deal(seed=1526" in "".join(c["source"]))
    # r51: the length question comes right after deal 1526 (before the learner's own long hand), its answer
    # pointed to in a visible line
    # r91 (cells): "A question on step 4." is the last line of step 4's cell, above deal 1526's print
    # r94 (words): the pointer line cut to pay for the working order; the quiz follows deal 1526's print anyway
    assert "".join(cells[long_at - 1]["source"]).endswith("+ 3 (the 4♠ 3♠ 2♠) = 5¾")
    assert "Then a question on step 4." not in text
    assert "length_quiz = Quiz(" in "".join(cells[long_at + 1]["source"])
    # rater r60: "the rule of thumb counts your sixth spade as a trick" held only when spade length wins: with a side
    # void the ruffs (2) beat it. The question names step 4's spade-length total, which always counts it
    assert "Step 4's spade-length total counts your sixth \"\n    \"spade as a trick." in "".join(cells[long_at + 1]["source"])
    for side, wins in (("8H 9H TH 8D 9D 8C 9C", True), ("8H 9H TH 8D 9D TD 8C", False), ("8H 9H TH JH 8D 9D TD", False)):
        six = trick_count(_Cards("7S 6S 5S 4S 3S 2S " + side), long_spades=True)
        assert six.length == sum(c for _, c in six.spades[:5]) + 1 and six.by_length is wins
    # r72 (newcomer r72): step 4's worked example (deal 1526 and its question) follows step 4 itself
    # r73 (newcomer r72c item 7): step 4 and deal 1526's numbers are one cell; the 3b question comes before it
    assert "".join(cells[long_at - 1]["source"]).startswith("**4. Spade length**")
    assert "cross_quiz = Quiz(" in "".join(cells[long_at - 2]["source"])
    # r72b (newcomer r72 item 5): the sum and the rounding are said before Suggest's print, which confirms them
    assert "".join(cells[long_at + 2]["source"]).startswith("**Add the steps**: deal 22 counts 2 + 1¾ + ¼ = 4.")
    assert "demo_bidder.suggest()" in "".join(cells[long_at + 3]["source"])
    own = next(c for c in cells if "".join(c["source"]).startswith("Your own long spades (deal 2054):"))
    # fresh newcomer raters (r46): deal 2054 needs spade length; the cell points to it (r51: step 4)
    assert " ".join("".join(own["source"]).split()).startswith(
        "Your own long spades (deal 2054): step 4 applies.")  # r84b (words): the seven spades show in the widget
    mine = SpadesHand.deal(seed=2054, dealer=3).cards(0)
    count_2054 = trick_count(mine, long_spades=True)
    assert len(mine.of_suit(Suit.SPADES)) == 7 and count_2054.length is not None and count_2054.by_length
    # r46: "K♥ Q♥ ... the Q♥ counts 0?": a queen in two cards counts 0 (the ace or king usually catches it); the K♥
    # beside it counts 1
    assert {DECK[c].pretty: t for c, t in count_2054.side} == {"K♥": 1.0, "Q♦": 0.5} and len(mine.of_suit(Suit.HEARTS)) == 2
    assert "Fine print" not in text and "rounded to a whole number" not in text  # r43_e: the fold is "The bots' fine print" (its summary, test_the_values_list_is_trick_counts)
    from hearts_teach.course.spades_lesson import count_text
    for cards in seat_hands("lesson09a/points", 1500):
        count = trick_count(cards)
        held = {c.index for c in cards}
        for card, tricks in count.side:  # point 1
            n = len(cards.of_suit(DECK[card].suit))
            rank = DECK[card].rank
            assert (rank, tricks) in ((14, 1.0), (13, 1.0), (12, 0.5)) or (rank in (14, 13) and tricks < 1)
            assert rank != 13 or n > 1
            assert rank != 12 or 3 <= n <= 4
            # newcomer round 11: the long-suit values stated exactly (hand B's K♦ in six diamonds is ¼)
            exact = {14: 1.0 if n <= 6 else 0.5, 13: 1.0 if n <= 5 else 0.25, 12: 0.5}[rank]
            assert tricks == exact, (cards.pretty, DECK[card].pretty)
        kept = [c for c, _ in count.spades]
        for card, credit in count.spades:  # point 2
            missing = sum(1 for i in range(card + 1, card + 13 - card % 13) if i not in held)
            short = missing - sum(1 for k in kept if k < card)
            assert credit == (1 if short <= 0 else 0.75 if short == 1 else 0.25 if short == 2 else 0)
        spare = len(kept) + len(count.spent)
        for suit, tricks in count.ruffs:  # point 3
            worth = {0: 2, 1: 1, 2: 0.25}[len(cards.of_suit(Suit(suit)))]
            assert tricks == min(worth, spare)
            spare -= tricks
        # how many spades the ruffs use up, as the folded recipe says: their total rounded to a whole
        # number, an exact half up or down, whichever leaves an even number of spades; count_text prints which
        total = sum(t for _, t in count.ruffs)
        used = len(count.spent)
        if (total * 2) % 2 == 1:  # an exact half
            assert used in (total - 0.5, total + 0.5) and len(kept) % 2 == 0
        else:
            assert used == int(total + 0.5), (cards.pretty, total, used)
        assert all(k > s for k, _ in count.spades for s in count.spent)
        if count.spent:
            spent = " ".join(DECK[c].pretty for c in count.spent)
            assert f"\n  {spent}: used up by the ruffs\n" in count_text(cards), cards.pretty
    # two examples of that rule: a lone doubleton's ¼ uses none (deal 22), ruffs of 1½ from eight spades use two (1526)
    one = trick_count(SpadesHand.deal(seed=22, dealer=1).cards(0))
    assert one.ruff_tricks == 0.25 and one.spent == ()
    eight = trick_count(SpadesHand.deal(seed=1526, dealer=3).cards(0))
    assert eight.ruff_tricks == 1.5 and len(eight.spent) == 2 and len(eight.spades) + 2 == 8
    # hand B of the nil question (deal 802, ♦ K Q 7 5 3 2): by these words its count is ½, so it passes
    b = trick_count(SpadesHand.deal(seed=802, dealer=1).cards(0))
    assert [(DECK[c].pretty, t) for c, t in b.side] == [("K♦", 0.25)] and b.total == 0.5


def test_the_worked_example_on_deal_22_is_printed_by_the_engine():
    """The worked example (South on deal 22) is the engine's count, printed at execution: each part,
    the estimate and the suggested bid; nothing in the prose restates its figures."""
    from hearts_teach.agents.spades import view_bid

    hand = SpadesHand.deal(seed=22, dealer=1)
    cards = hand.cards(0)
    assert cards.pretty == "♠ K 10 7 4  ♥ A 8  ♦ Q 10 7  ♣ Q 6 5 2"
    count = trick_count(cards, long_spades=True)
    assert [(DECK[c].pretty, t) for c, t in count.side] == [("Q♣", 0.5), ("Q♦", 0.5), ("A♥", 1.0)]
    assert [(DECK[c].pretty, t) for c, t in count.spades] == [("K♠", 1.0), ("10♠", 0.75), ("7♠", 0), ("4♠", 0)]
    assert count.ruffs == ((Suit.HEARTS.value, 0.25),) and count.length is None and count.total == 4
    assert view_bid(hand.view(0)) == 4
    printed = outputs()
    for line in ("Cards: ♠ K 10 7 4  ♥ A 8  ♦ Q 10 7  ♣ Q 6 5 2\nHigh side cards: 2\n  A♥ 1 · Q♦ ½ · Q♣ ½\n"
                 "Protected spades: 1¾\n",
                 "  K♠ 1: higher spades not held: A♠; smaller spades kept: 10♠ 7♠ 4♠\n",
                 "  10♠ ¾: higher spades not held: A♠ Q♠ J♠; smaller spades kept: 7♠ 4♠ (one fewer)\n",
                 "Ruffs: ¼\n  hearts (2 cards) ¼\n", "Estimate: 4 tricks. The bots' bid: 4 (the estimate rounded to the nearest trick"):
        assert line in printed, line
    # fresh rater r38_g: the total was printed twice (count_text's last line, then Suggest's); once now
    assert printed.count("Estimate: 4 tricks") == 1
    text = " ".join(prose().split())
    # fresh rater r34_c: the print's names now head the values list; fresh rater r35_e: one list only ("under their
    # print's names" was awkward, and the player's list repeated it)
    # fresh newcomer rater r45_c: the gloss "(¼ a quarter, ½ a half, ...)" was awkward; the signs alone
    assert ("The bots count a hand's tricks in quarters (¼, ½, ¾): their **rule of thumb**. South's cards "  # r97: cut for words
            "on deal 22 (a numbered deal: always the same cards), counted below:") in text  # r112 (newcomer r112 item 3.1)  # r98: cut for density
    # rater r60: "deal 22" said once to be a fixed deal: the same seed deals the same cards every time
    assert SpadesHand.deal(seed=22, dealer=1).cards(0).pretty == SpadesHand.deal(seed=22, dealer=1).cards(0).pretty
    # fresh rater r43_e: the steps come right after the print, so the one-line overview ("In short: ...") is cut
    assert "In short:" not in text
    # fresh rater r36_c: the legend and a one-line overview come first, the values list after deal 22's print
    assert all(f"**{n}. {name}" in text for n, name in ((1, "High side cards"), (2, "Protected spades"), (3, "Ruffs"),
                                                         (4, "Spade length")))
    assert "**4. Spade length**, with six spades or more" in text  # r51: step 4 (test_the_values_list_is_trick_counts)
    # r112 (newcomer r112 item 3.1): the cell prints the cards, not a count: the steps below count them
    assert "Their count of South's cards" not in text
    first = text[:text.index("South's cards on deal 22 (a numbered deal: always the same cards), counted below:")]
    assert "print's names" not in text and "- **" not in first  # no second, player's list
    assert "South's cards on deal 22 (a numbered deal: always the same cards), counted below:" in text
    # newcomer round 14: that legend is the only fraction sign left in the prose (round 26: the practice
    # deals' counts, once written out in a fold, are the engine's print in a folded code cell)
    assert "counted (open once you have bid)" not in text
    # fresh rater (round 30) put the recipe's numbers in one line after the legend; fresh rater r33_e: that line
    # made the first screen the hardest of the series, and the deal-22 print right under it shows each value (a
    # spade one short ¾, a doubleton's ruff ¼, held above). The numbers are the docstring's now
    # (test_the_numbers_line_is_trick_counts); the legend holds every fraction sign in the prose
    # fresh rater r34_c: a newcomer cannot count a hand without the values; a short list of them follows the legend
    # (test_the_values_list_is_trick_counts). Outside the legend and that list, no fraction sign in the prose
    # rater r65: deal 22's sum written out (its terms are the printed step totals, held below) ends that stretch
    legend_and_values = text[text.index("(¼, ½, ¾)"):text.index("= 4. To bid, **drop any fraction**")]
    # rater r71: the summary's cheat sheet repeats the values, fraction signs included, by request
    # r111 (newcomer r111 item 3.3): the roundings compared on 4 to 4¾ (DIFFER), right after the sum, in signs
    assert sum(text.replace(legend_and_values, "").replace(DIFFER, "").replace(" ".join(CHEAT_SHEET.split()), "").count(f)
               for f in "¼½¾") == 0
    assert NUMBERS not in text and "Their numbers for spades and ruffs" not in text and "exact half" not in text
    # fresh rater r40_c: "rounded to the nearest whole spade" did not say which way a half goes (deal 1526's 1½ uses
    # two spades, the bid's half goes down); the values list says it in the docstring's terms (held below)
    # the figures are the engine's print, not prose; rater r65: only their sum is written out (terms held below)
    assert "1¾" not in text.replace("deal 22 counts 2 + 1¾ + ¼ = 4.", "") and "Total ¼" not in text
    # fresh rater r33_e: "the 10♠ guards the K♠ and counts a trick of its own: counted twice?" The recipe values
    # each kept spade on its own, counting every smaller kept spade as a guard; the K♠, missing only the A♠, needs
    # one, and the 10♠'s own value is its only count in the total
    # fresh rater r34_c's values list now says a spade's value by its smaller spades; the K♠'s case is cut for words
    # fresh rater r40_c: that note answered a question not yet asked; it is cut to pay for the values list's
    # "three short or more 0" and its half-spade rounding
    assert "The 10♠ shows up twice" not in text
    values = dict((DECK[c].pretty, v) for c, v in count.spades)
    # r54 (rater r52): step 2 is a table whose worked rows are deal 22's K♠ and 10♠: higher spades lacked, smaller kept
    # r55 (rater r55): "and below" sent the reader looking for more cards: the spades are listed
    # r71b (words): the table's Deal 22 column repeated the print right under it; the print alone shows them now
    assert "| K♠: lacks 1" not in text and "| three fewer or more | 0 |" in text
    assert ("  K♠ 1: higher spades not held: A♠; smaller spades kept: 10♠ 7♠ 4♠\n"
            "  10♠ ¾: higher spades not held: A♠ Q♠ J♠; smaller spades kept: 7♠ 4♠ (one fewer)\n"
            "  7♠ 4♠: 0 (too few smaller spades)\n") in outputs()
    # r55: "a rough count": each spade is valued alone, so deal 22's 7♠ 4♠ are smaller spades of both the K♠ and the 10♠
    # r73 (newcomer r72c): "the 7♠ 4♠ protect both" hid that the K♠ counts the 10♠ too: said of all smaller spades
    # r97 (newcomer r95 item 2): the abstract sentence as deal 22's spades (its step-2 print shows both)
    # r98 (newcomer r97 item 2): every spade is valued (the prints give the 7♠ 4♠ a 0), not only the high ones
    # r110 (words): "a rough count" cut, for newcomer r110's clauses elsewhere
    assert ("Each spade is checked alone: deal 22's 7♠ and 4♠ count under both the K♠ and the "
            "10♠.") in text and "Each high spade" not in text and "the same smaller spades count again" not in text
    held = {c.rank for c in cards if c.suit is Suit.SPADES}
    for rank, lacked, kept in ((13, 1, 3), (10, 3, 2)):
        assert sum(1 for r in range(rank + 1, 15) if r not in held) == lacked and sum(1 for r in held if r < rank) == kept
    import inspect

    from hearts_teach.present.widgets.spades_table import BidWidget as _Bid
    assert 'control_button("Suggest"' in inspect.getsource(_Bid)  # "the **Suggest** button under each hand you bid"
    assert values["10♠"] == 0.75 and count.spade_tricks == values["K♠"] + values["10♠"] == 1.75
    assert sum(1 for c in cards if c.suit is Suit.SPADES and c.rank > 13) == 0  # the K♠ lacks the A♠ only


def test_spade_length_is_worked_by_the_engine_on_deal_1526():
    """Newcomer round 7 found deal 1526's figures in prose disagreeing with the code (3.5 and 5 against
    4.25 and 5.75); round 9 leaves them to the engine's print, held here."""
    text = " ".join(prose().split())
    # newcomer round 23: the spade-length count as four small steps; round 26 ("more detail than a newcomer
    # needs": "the second way") folds them into one paragraph. Fresh rater (round 27): "your five highest spades
    # as protected spades" read as a recount with every spade kept; the values are the count's own, the ruffs'
    # spades still set aside (test_the_spade_length_sentence_is_the_engines_on_any_hand)
    assert SPADE_LENGTH in recipe() and SPADE_LENGTH not in text and SPADE_LENGTH_IDEA in text
    assert "your five highest spades as protected spades" not in text and "worked out as above" not in text
    assert "second way" not in text and "usual count" not in text
    # the steps agree with deal 1526's print: 3♠ 2♠ used up, five highest 2¾ + 3 = 5¾ beating 2¾ + 1½
    printed = outputs()
    assert "  3♠ 2♠: used up by the ruffs\n" in printed
    assert ("Spade length (8 spades): the five highest spades' 2¾ + 3 for the spades after the fifth = 5¾\n"
            "  more than protected spades and ruffs together (4¼), so it replaces them") in printed
    assert "Deal 1526, ♠ A J 8 6 5 4 3 2 ♥ 6 2 ♦ 9 3 ♣ 9: ruffs 1½, ending in ½; crossing off 2, the 3♠ 2♠, leaves 6 spades, even." in text  # r98: the tie worked here, beside deal 1526's print  # r97: in 3b  # r93: the tie rule back in 3b  # r91: 3b's tie-break moved here  # r84b: its cards in the print just below
    cards = SpadesHand.deal(seed=1526, dealer=3).cards(0)
    assert cards.pretty == "♠ A J 8 6 5 4 3 2  ♥ 6 2  ♦ 9 3  ♣ 9"
    assert len([c for c in cards if c.suit is Suit.SPADES and c.rank > 10]) == 2
    count = trick_count(cards, long_spades=True)
    assert [DECK[c].pretty for c in count.spent] == ["3♠", "2♠"] and count.ruff_tricks == 1.5
    assert count.spade_tricks == 2.75 and count.length == 5.75 and count.by_length and count.total == 5.75
    # the 3♠ 2♠ the ruffs use up no longer count as protected spades or guard: the 8♠ (four higher spades missing) is one short with
    # 6♠ 5♠ 4♠ kept (five smaller would make it whole), and spade length still adds 1 for each of the three spades after the fifth (4♠ 3♠ 2♠)
    credit = {DECK[c].pretty: t for c, t in count.spades}
    assert credit["8♠"] == 0.75 and "3♠" not in credit and "2♠" not in credit
    assert count.length == sum(t for _, t in count.spades[:5]) + 3
    # newcomer round 22: "each guarded by all your smaller spades the ruffs leave": the J♠ and the 8♠ (in the five
    # highest) count the 4♠, the sixth spade, among their guards
    assert [DECK[c].pretty for c, _ in count.spades][5] == "4♠"
    assert credit["J♠"] == 1 and credit["8♠"] == 0.75  # 8♠: 6♠ 5♠ 4♠ under it
    assert estimate_tricks(cards) == 4.25
    printed = outputs()
    for line in ("  8♠ ¾: higher spades not held: K♠ Q♠ 10♠ 9♠; smaller spades kept: 6♠ 5♠ 4♠ (one fewer)\n",
                 "  3♠ 2♠: used up by the ruffs\n",
                 "Ruffs: 1½\n  hearts (2 cards) ¼ · diamonds (2 cards) ¼ · clubs (1 card) 1\n",
                 "Spade length (8 spades): the five highest spades' 2¾ + 3 for the spades after the fifth = 5¾\n"
                 "  more than protected spades and ruffs together (4¼), so it replaces them\nEstimate: 5¾ tricks\n"):
        assert line in printed, line


# fresh rater (round 28): the sentence of round 27 was hard to parse; the exact arithmetic is line 4 of the
# recipe (round 29: trick_count's docstring), and the lesson points to the engine's print
SPADE_LENGTH = ("4. **Spade length**, with six spades or more: your five highest spades' protected-spade values (0 for "
                "a spade set aside), plus 1 for each spade after the fifth, set aside or not. When that total is more "
                "than protected spades and ruffs together, it replaces them.")
SPADE_LENGTH_IDEA = ("Deal 1526, ♠ A J 8 6 5 4 3 2 ♥ 6 2 ♦ 9 3 ♣ 9: ruffs 1½, ending in ½; crossing off 2, the 3♠ 2♠, leaves 6 spades, even.")  # r98: 3b's tie worked here  # r97: its rounding is 3b's worked example  # r91: with the ½ tie-break  # r90: its eight spades are in its print  # r84b (words): its cards are in its print  # r61: words  # r48: shorter; r51: spade length is step 4 of the main text


# fresh rater (round 30): "count your tricks as above" (cells of deals 21 and 2054) needs the numbers the prints use;
# fresh rater r33_e: this line is cut from the prose (the deal-22 print shows the values); the same numbers are
# trick_count's docstring, read and checked by test_the_numbers_line_is_trick_counts
NUMBERS = ("Their numbers for spades and ruffs: a high spade counts 1 if you keep at least as many smaller spades as "
           "there are higher ones you lack, ¾ one fewer, ¼ two fewer; ruffs count 2 for a void, 1 for a singleton, ¼ "
           "for a doubleton, and use up your lowest spades, one per trick counted (rounded; an exact half goes "
           "whichever way leaves an even number of spades).")


def test_the_numbers_line_is_trick_counts():
    """The recipe's numbers, read from ``trick_count``'s docstring (fresh rater r33_e moved them out of the
    lesson's prose, where a round-30 line held them), against ``trick_count`` on many dealt hands: each kept
    spade's value by how many smaller kept spades it lacks, each ruff by its suit's length while spades last,
    and the spades set aside are the lowest, as many as the ruff tricks rounded. Every value occurs."""
    text = recipe()
    got = re.search(r"A high spade counts (\S+) if .*?; one fewer, (.+?); two fewer, (.+?)\. .*?A void counts (\S+), "
                    r"a singleton (\S+), a doubleton (.+?), while your spades last\. Each ruff needs a spade: the "
                    r"count sets aside your lowest spades, one per ruff trick counted, rounded", text)
    value = {"2": 2.0, "1": 1.0, "three quarters": 0.75, "half a trick": 0.5, "a quarter": 0.25}
    whole, one_short, two_short, void, singleton, doubleton = (value[g] for g in got.groups())
    seen: set[tuple[str, float]] = set()
    for cards in seat_hands("lesson09a/numbers", 1500):
        count = trick_count(cards)
        ranks = {c.rank for c in cards if c.suit is Suit.SPADES}
        kept = [DECK[c].rank for c, _ in count.spades]
        for card, credit in count.spades:
            rank = DECK[card].rank
            short = sum(1 for r in range(rank + 1, 15) if r not in ranks) - sum(1 for k in kept if k < rank)
            assert credit == (whole if short <= 0 else one_short if short == 1 else two_short if short == 2
                              else 0), cards.pretty
            seen.add(("spade", credit))
        spare = float(len(ranks))
        for suit, tricks in count.ruffs:
            worth = {0: void, 1: singleton, 2: doubleton}[len(cards.of_suit(Suit(suit)))]
            assert tricks == min(worth, spare), cards.pretty
            spare -= tricks
            seen.add(("ruff", tricks))
        assert all(k > s for k, _ in count.spades for s in count.spent)  # the lowest spades
        assert abs(len(count.spent) - count.ruff_tricks) <= 0.5, cards.pretty  # one per trick, rounded
        if (count.ruff_tricks * 2) % 2 == 1:  # "an exact half goes whichever way leaves an even number of spades"
            assert (len(ranks) - len(count.spent)) % 2 == 0, cards.pretty
            seen.add(("half", len(count.spent) - count.ruff_tricks))
    assert {("spade", 1.0), ("spade", 0.75), ("spade", 0.25), ("ruff", 2.0), ("ruff", 1.0), ("ruff", 0.25)} <= seen
    assert {("half", 0.5), ("half", -0.5)} <= seen  # an exact half goes up on some hands, down on others


# fresh rater r51: step 1 as a table (card, length, value, why), a lone king's 0 said; spade length is step 4, with
# why it replaces steps 2 and 3 (the ruffs' spades are the ones it counts after the fifth)
# rater r61: step 2's rows say what is short (one fewer); 3b's half in words; step 4 as two totals A and B
# rater r71 (r71b): step 2 warns that 3b may lower it and says what *keep* means; 3b calls its half a tie-break with an
# odd example and shows deal 1526's step 2 before and after; step 4's B says plainly that a crossed-off spade counts 0
# among the five highest, +1 after the fifth; the ruff is defined at step 3; step 2's Deal 22 column cut (words)
# r84b (newcomer r84): 3b says the ruffs still count in full (only the number crossed off is rounded); B says the
# lower spades still protect its five highest (deal 1526's 4♠ does, and also counts +1), so "count them once" is
# cut: both A (as ruffs) and B (as length) count the low spades; the cards of deal 1526 are in its print; words
# r97 (newcomer r95 item 2): "play under" defined where first used (step 1's table); step 2's rough count shown
# on deal 22's spades
# r98 (newcomer r97 items 1-2): the working order said once, first; "play under" defined in its own sentence
STEPS = ('## Count in steps Steps are taught 1 to 4, but to count a hand, use the order **1, 3, 3b, '  # r112: a preview (newcomer r112 item 3.2)  # r111: five operations, not "four steps" (newcomer r111 item 2.2)  # r107: taught 1 to 4, used 1, 3, 3b, 2, 4 (newcomer r107 item 2)
         # r120 (newcomer: "(3b) that step 2 cannot count" met 3b before its section and read two ways): said outright
         '2, 4**: ruffs use up your lowest spades (3b, below), which step 2 skips. **1. High side cards.** Only '  # r116  # r114
         # r119 (newcomer r118 item 3.1): the order had no reason: the ruffs' spades, crossed off in 3b, count 0 in step 2
         # r117 (newcomer r116 item 3.3): whether an honour beside a higher one of its suit counts: by length alone
         # r120 (newcomer: the Why column read as if an honour beside your own higher one counted less): deal 64's ♣ K Q 6
         'aces, kings and queens count, each valued only by its suit\'s length, even beside your higher card (♣ K Q 6: K 1, Q ½). To *play under* a card is to follow with a smaller one. | Card | Cards in its suit | Value | Why | |---|---|---|---| | ace | one to '
         "six | 1 | nothing but a spade beats it | | ace | seven or more | ½ | the bots' cutoff for a long "
         'suit: the longer it is, the likelier an opponent holds none and '
         '[ruffs](glossary.ipynb#cell-id=term-ruff) | | king | two to five | 1 | a smaller card to play under '
         'the ace | | king | six or more | ¼ | the others run out of the suit before it wins | | king | one '  # r119 (newcomer r118 item 3.2): "alone" had two senses'
         '| 0 | it may have to fall under the ace | | queen | three or four | ½ | two smaller cards to play '
         'under the ace and king | | queen | one, two, five or more | 0 | too short, it falls under the ace or '
         'king; too long, others run out | **2. Protected spades**: a spade wins once the higher spades you '
         'lack are gone. Each smaller spade lets you [follow](glossary.ipynb#cell-id=term-follow) when a '
         'higher one is led: when the A♠ is led, play a smaller spade and save the K♠. Each spade is checked '
         "alone: deal 22's 7♠ and 4♠ count under both the K♠ and the 10♠. | Smaller spades "
         'you hold, counted against higher ones you lack | Value | |---|---| | as many or more | 1 | | one fewer '
         "| ¾ | | two fewer | ¼ | | three fewer or more | 0 | Deal 22's step 2 (its lone doubleton sets aside no ruffing spade: 3b), then **try "
         'it on a new hand** (or unfold the code). **3. Ruffs**. '
         'A *void* (no card of a suit) counts 2, a *singleton* (one card) 1, '
         "a *doubleton* (two cards) ¼. Why: the count lets a void ruff a suit's first two leads, "
         'a singleton the second; a doubleton only the third, when an opponent may also be void and play a '
         'higher spade. Each ruff trick needs a spade, so the total stops at your number of spades. '
         "High cards in a short suit keep their step-1 value: a singleton ace counts 1 in both steps (first lead won, "
         "then a ruff). "  # r119 (newcomer r118 item 3.3): worked on one card (count_text: A♥ 1 in step 1, hearts (1 card) 1)
         # r116 (newcomer r115 item 2.2): "count in step 1 too" read as worth something
         # r97 (newcomer r95 item 1): 3b as three numbered lines, its ½ rule worked on deal 1526, and the working
         # order said as the summary says it (trick_count: ruffs, then the spades kept, then their step-2 values)
         "Deal 22's step 3: **3b. Cross off your ruffing spades, before step 2**: a ruffing spade "
         'cannot also wait under a higher one. 1. Round the ruff total to the nearest whole trick (¼ → 0, ¾ → 1). '
         # r107 (newcomer r107 item 4): "leaves" read as the spades crossed off: "keeps", with deal 9's case
         # r108 (newcomer r108 item 3.2): "keeps" read as possibly the spades crossed off: said outright
         'A total ending in ½ goes whichever way leaves an even number of spades not crossed off (an arbitrary tie-break): four spades, ruffs ½, cross off none. 2. Cross off '
         'that many of your lowest spades: in step 2 they count 0 and '  # r99 (newcomer r98): which step counts them 0 (step 4's B counts them all)
         'protect nothing. The ruffs still count in full. 3. Count step 2 on the spades left. With ♠ K J 6 2 and '
         'one singleton (ruffs 1), cross off the 2♠; the J♠, lacking the A♠ and Q♠, keeps only the 6♠: 1 → ¾. '
         "Now **try 3b on a new "  # r116 (words): deal 22's 3b is said at step 2 ("3b, below, crosses off nothing")
         'hand**. **4. Spade length**, with six spades or more. Keep the larger total: - **A** = steps '
         "2 + 3, after 3b. - **B** leaves out the ruffs but keeps 3b's crossings (an arbitrary bots' convention): your five highest "  # r114 r119: "no ruffs" read as a condition
         "spades' step-2 values (0 if crossed off), + 1 for each spade "
         "after the fifth, crossed off or not. Then add step 1. "
         'Deal 1526, ♠ A J 8 6 5 4 3 2 ♥ 6 2 ♦ 9 3 ♣ 9: ruffs 1½, ending in ½; crossing off 2, the 3♠ 2♠, leaves 6 spades, even. - A = 2¾ + 1½ = 4¼ - B = '  # r116
         '(A♠ 1 + J♠ 1 + 8♠ ¾ + 6♠ 0 + 5♠ 0) + 3 (the 4♠ 3♠ 2♠) = 5¾')
# r94 (newcomer r94 items 1, 3): trump and ruff defined in the opening, where "ruffs" is first used (step 1's ace
# row), not at step 3; 3b's tie-break called a convention and a working order added (ruffs first, as trick_count
# does); "Deal 22's ruffs ¼ round to 0" and "Then a question on step 4." said shorter or cut for words
# r93 (newcomer r92 item 1): the ½ tie rule whole in 3b again (deal 9 needs it), step 4's 1526 line only applies it;
# step 3 says a short suit counts twice (its high cards in step 1, its shortness in step 3: deal 9's A♣-J)
# r91 (newcomer r90 item 1): deal 22's ruff line (¼) comes right after the ruff values, before 3b (its own cell);
# the ½ tie-break, which has no reason in play, moved from 3b to step 4, where deal 1526 uses it; "B takes step 2's
# values after 3b: a rough count" (a second "rough count") cut; "A question on step 4." folded into step 4's cell
# r90 (newcomer r89 items 1-2): 3b's tie rule said plainly with deal 1526's numbers; "ruff higher" (a ruff wins, by
# definition) is "play a higher spade"; B's bot-internals reason ("the bots count step 2 once ... B reuses it") and
# "Had the 3♠ 2♠ protected, B would be 7" made the reader doubt the rule: one plain sentence; A and B as two lines
# r89 (newcomer r87b item 1): "B has no ruffs: ruffs and long spades use the same low spades" read as a contradiction
# (B still crosses off): B now says what trick_count does (length = sum(credit[:5]) + n − 5, credit counted once over
# the spades kept after 3b) and deal 1526's B with every spade kept, 7 (held in
# test_the_spade_length_sentence_is_the_engines_on_any_hand; the reader's 6¾ was off: A J 8 6 5 count 1 1 1 ¾ ¼)
# r89 (newcomer r87b item 2): a worked cross-off before 3b's quiz, on a hand of its own; the tie rule in half a sentence
# r87 (newcomer r86 items 1, 3; brief): B as three plain steps, its crossed-off spades said in the rule (no longer only
# in deal 1526's numbers) and "no ruffs in B" said plainly; spades named trump (the quiz's answer rests on the word);
# the tie's reason is the code's round; words cut to pay for them
# r84 (newcomer r82 items 2, 3): step 4's A and B as two short lines, deal 1526 worked below them; 3b says why a
# ruffing spade is crossed off; a void's 2 said as two ruffs; the ½ tie-break shortened as the summary says it
# r72b (newcomer r72 item 1): step 2 no longer points ahead to 3b (3b says: then redo step 2)
# r55 (rater r55): the ruffs' crossing off came before step 3 and made step 2 depend on it: it is step 3b now, after
# the ruffs, with deal 1526 worked once (step 2 falls from 4 to 2¾, held in test_the_values_list_is_trick_counts);
# the even-number tie-break is called the bots' bookkeeping, and the idea is told apart from it
# round 54 (rater r52): the fold ("the bots' fine print") is gone: the ruffs' use of the lowest spades, its rounding and
# step 4's treatment of used-up spades are visible rules in steps 2 and 4, so the visible steps give the bots' bid
VALUES = STEPS
# "That is the bots' bid" was true only before the bots' adjustment (and their floor of 1): the sentence says both,
# and points at Suggest, whose printout names the adjustment (spades_table.suggest, held below)
# r51: "(Suggest says when they adjust it ...)" was never shown on the page: cut
# rater r64: one rounding rule for the learner ("drop any fraction"); the bots' rounding said once, here
# r72b: said before Suggest's print, which confirms it (newcomer r72 item 5)
# r73b (newcomer r73 item 5): only the lesson's rule here; the bots' rounding moved to the scorer's cases (DIFFER)
BID_ROUNDING = ("**Add the steps**: deal 22 counts 2 + 1¾ + ¼ = 4. To bid, "
                "**drop any fraction**, and bid at least 1.")  # r94 (words): "(0 is nil)" is said in the opening  # r55
# rater r61: the two halves clashed (3b: 5½ keeps 6; a bid of 5½ is 5): said side by side (held below)
# rater r71: one table of every value, in the summary (held against trick_count in test_the_cheat_sheet_is_the_steps_values)
# r73 (newcomer r72c): "cross off that many" was undefined for a total like 1½: rounded, the half's rule, redo step 2
CHEAT_SHEET = ("| Step | Values |\n|---|---|\n"
               "| 1. High side cards | A 1, ½ in 7+ cards; K 1 in 2–5, ¼ in 6+, 0 alone; Q ½ in 3–4 |\n"
               "| 2. Protected spades | smaller kept vs higher lacked: as many 1, one fewer ¾, two fewer ¼ |\n"
               "| 3. Ruffs | void 2, singleton 1, doubleton ¼, at most one per spade; 3b: round the total (a ½ to keep spades even), "  # r107: the ½ case in the summary too  # r98: the ½ case is 3b's
               "cross off that many lowest spades before step 2 |\n"  # r94: the working order
               "| 4. Spade length | 6+ spades: B = step 2 of your top five + 1 per extra spade; use it instead of steps "
               "2 + 3 if larger |")  # r73b (newcomer r73 item 8): row 4 in words
# r87 (newcomer r86): the ruffs' row left out that they stop at your number of spades: "at most one per spade"
# rater r71: "say that the bots' rule and the lesson's differ only at ¾" (held in test_the_two_roundings_differ_only_at_three_quarters)
# r73b (newcomer r73 item 5): the sentence on where they differ is cut; the bots' rule is said once, before the
# scorer's cases (a count of 3¾: the bots bid 4, this lesson 3), and this test holds that ¾ is the only difference
# r90 (newcomer r89: three roundings, nothing said which applies where; "the same as the bots'" printed before the
# reader knew they could differ): the three told apart where the count becomes a bid, the ¾ difference said there
# r93 (newcomer r92: "three roundings in one sentence" were hard to keep apart): 3b says its rounding only picks
# spades, so here only the bots' rounding is told apart from the lesson's
# r107 (newcomer r107 item 3): which counts the two rules bid apart, said again in a clause (held in
# test_the_two_roundings_differ_only_at_three_quarters)
# r111 (newcomer r111 items 2.3, 3.3): "above 1" sent the reader hunting for a difference below 1: shown on 4 to 4¾
DIFFER = ("The bots round to the nearest trick, a half down: 4¼ and 4½ give 4 both ways; 4¾ gives them 5.")  # r117 (words)  # r109 (newcomer r109 item 2.2): at a count of ¾ both bid 1, so "at three quarters" was not exact  # r99: cut for density (the ¾ difference: scorer's cases and summary)  # r94 (newcomer r94): at a count of ¾ both bid 1 (held in test_the_two_roundings_differ_only_at_three_quarters)


def test_the_values_list_is_trick_counts():
    """Fresh rater r34_c: after r33_e cut the numbers line, a newcomer could not count a hand (a void's 2 appeared
    nowhere). A short list under the legend gives the values, each read here from the lesson and from
    ``trick_count``'s docstring and compared (test_the_numbers_line_is_trick_counts holds the docstring's
    spade and ruff values against the code, test_the_three_points_as_written_are_the_bots its side-card values).
    The list also says what the print's "used up by the ruffs" means."""
    text = " ".join(prose().split())
    assert VALUES in text
    # fresh rater r43_e (and r40_c, r41_b before): the one list of four rules could not be bid from. The visible
    # part is three steps, each naming a line of deal 22's print (held below against trick_count); the rare cases
    # (ruffs using up spades, spade length) are one collapsed <details> block, its summary naming the deals that
    # need it. Those deals' prints do use it, and deal 22's and 21's need nothing from it
    # round 54 (rater r52): no fold now; the used-up rule, with its rounding, is in the visible steps
    # r87b: the steps stay unfolded; deal 9's verdict, far below, has a fold of its own
    assert "<details>" not in STEPS and STEPS in text and "Cross off your ruffing spades, before step 2**: a ruffing spade cannot also wait under a higher one. 1. Round the ruff total" in STEPS  # r84: why said  # r73b: "Each ruff uses up a spade" cut (step 3 says it)
    # round 53 (rater r52): following only the visible steps, deals 1526 and 2054 counted 7 and 6¾ (a bid of 7)
    # while the bots print 5¾ and 6½ (a bid of 6): the ruffs' use of the lowest spades is now a visible rule in
    # step 2. The counts without it, worked here from the steps (every spade kept), against trick_count's
    def without_rule(cards):
        count = trick_count(cards, long_spades=True)
        ranks = sorted((c.index % 13 for c in cards.of_suit(Suit.SPADES)), reverse=True)
        credit = []
        for r in ranks:
            gaps = (12 - r) - sum(1 for x in ranks if x > r)
            below = sum(1 for x in ranks if x < r)
            credit.append(1 if below >= gaps else 0.75 if below == gaps - 1 else 0.25 if below == gaps - 2 else 0)
        ruffs = sum(v for _, v in count.ruffs)
        length = sum(credit[:5]) + len(ranks) - 5
        return sum(v for _, v in count.side) + max(length, sum(credit) + ruffs)
    from hearts_teach.agents.spades import ROUND_UP_FROM as _HALF
    for seed, plain, printed in ((1526, 7.0, 5.75), (2054, 6.75, 6.5)):
        cards = SpadesHand.deal(seed=seed, dealer=3).cards(0)
        assert trick_count(cards, long_spades=True).total == printed and smart_bid(cards) == 6
        assert without_rule(cards) == plain and math.ceil(plain - _HALF) == 7
    # r54: no fold left of the fine print (r87b: the one fold is deal 9's verdict, below its runs)
    # r90: and 09b's fold of its nil question's answer (so that no answer stands in view under the question)
    # r114: deal 9's verdict is in its folded code cell only (its markdown fold cut): 09b's is the one left
    assert text.count("<details>") == 1 and "<details><summary>Deal 9 (once you have bid)" not in text
    assert "<details><summary>Answer</summary>B: no ace" in text
    assert text.count("fine print") == 0
    c22 = trick_count(SpadesHand.deal(seed=22, dealer=1).cards(0), long_spades=True)
    c21 = trick_count(SpadesHand.deal(seed=21, dealer=1).cards(0), long_spades=True)
    assert not c22.spent and c22.length is None and not c21.spent and c21.length is None
    for seed in (1526, 2054):  # "deals 1526 and 2054 below use it"
        long_count = trick_count(SpadesHand.deal(seed=seed, dealer=3).cards(0), long_spades=True)
        assert long_count.spent and long_count.by_length
    # the steps' examples are deal 22's print lines
    for line in ("A♥ 1 · Q♦ ½ · Q♣ ½", "  K♠ 1: higher spades not held: A♠;", "  10♠ ¾: higher spades not held: A♠ Q♠ J♠; "
                 "smaller spades kept: 7♠ 4♠ (one fewer)", "  7♠ 4♠: 0 (too few smaller spades)", "  hearts (2 cards) ¼"):
        assert line in outputs(), line
    # fresh rater r36_c: cell 0 was the densest screen; the values follow deal 22's print and its 10♠ note
    assert text.index("South's cards on deal 22 (a numbered deal: always the same cards), counted below:") < text.index(VALUES)
    # fresh rater r36_c: a queen's value outside three or four cards was never said ("otherwise 0")
    from hearts_teach.kernel.cards import CardList as _Q

    for queen in ("QD 2D", "QD 5D 4D 3D 2D", "QD"):
        rest = "AS KS QS JS 2H 3H 4H 2C 3C 4C 5C 6C 7C".split()[:13 - len(queen.split())]
        assert not [v for c, v in trick_count(_Q(queen + " " + " ".join(rest))).side if DECK[c].pretty == "Q♦"]
    assert [v for c, v in trick_count(_Q("QD 3D 2D AS KS QS JS 2H 3H 4H 2C 3C 4C")).side if DECK[c].pretty == "Q♦"] == [0.5]
    sign = {"1": 1.0, "2": 2.0, "½": 0.5, "¼": 0.25, "¾": 0.75}
    word = {"1": 1.0, "2": 2.0, "1 trick": 1.0, "half a trick": 0.5, "a quarter": 0.25, "three quarters": 0.75}
    # r51: step 1 is a table; each row's value, read in the docstring's order (ace, king, queen, long ace, long king)
    got = re.search(r"\| ace \| one to six \| (?P<ace>\S+) \| .*?\| ace \| seven or more \| (?P<long_ace>\S+) \| "
                    r".*?\| king \| two to five \| (?P<king>\S+) \| .*?\| king \| six or more \| (?P<long_king>\S+) \| "
                    r".*?\| king \| one \| 0 \| .*?\| queen \| three or four \| (?P<queen>\S+) \| .*?"
                    r"\| queen \| one, two, five or more \| 0 \| .*?\| as many or more \| 1 \| .*?"
                    r"\| one fewer \| (\S+) \| .*?\| two fewer \| (\S+) \| .*?\| three fewer or more \| 0 \| .*?"
                    r"\*void\* \(no card of a suit\) counts (\S+), a \*singleton\* \(one card\) (\S+), a \*doubleton\* \(two cards\) "
                    r"(\S+)\. Why: ", VALUES)  # r98: "while your spades last" cut (the cap is said after)
    assert re.search(r"\*\*3b\. Cross off your ruffing spades, before step 2\*\*: a ruffing spade cannot also wait "
                     r"under a higher one\. 1\. Round "  # r84: why a ruffing spade is crossed off  # r97: numbered
                     r"the ruff total to the nearest whole trick \(¼ → 0, ¾ → 1\)\. ", VALUES)  # r90: the tie in a sentence of its own
    order = ("ace", "king", "queen", "long_ace", "long_king")
    lesson = [sign[got.group(k)] for k in order] + [sign[g] for g in got.groups()[len(order):]]
    doc = re.search(r"an ace counts (1 trick), a king with another card of its suit (\S+), a queen in a suit of three "
                    r"or four cards (half a trick)\. In a long suit they count less: an ace (half a trick) in a suit of "
                    r"seven cards or more, a king (a quarter) in a suit of six or more\. .*?one fewer, (.+?); two fewer, "
                    r"(.+?)\. .*?A void counts (\S+), a singleton (\S+), a doubleton (.+?), while your spades last\. "
                    r"Each ruff needs a spade: the count sets aside your lowest spades, one per ruff trick counted, "
                    r"rounded", recipe())
    assert lesson == [word[g] for g in doc.groups()] == [1, 1, 0.5, 0.5, 0.25, 0.75, 0.25, 2, 1, 0.25]
    # a protected spade: "1 with at least as many smaller spades as higher ones you lack" is the docstring's rule
    assert "A high spade counts 1 if you keep at least as many smaller spades as there are higher ones you do not hold" in recipe()
    # "uses up": the print's words for the spades set aside, which count 0 as protected spades
    cards = SpadesHand.deal(seed=1526, dealer=3).cards(0)
    count = trick_count(cards)
    assert count.ruff_tricks == 1.5 and len(count.spent) == 2  # 1½ ruff tricks, rounded: two spades, the lowest
    # fresh rater r40_c: the list says which way a half goes: an even number of spades left (8 − 1½: six, not seven)
    assert "(an exact half: whichever way leaves an even number of spades)" in recipe()
    assert len(cards.of_suit(Suit.SPADES)) - len(count.spent) == 6
    # "three short or more 0": a spade missing three more guards than it has counts nothing (the code's else)
    bare = trick_count(_Q("JS 2H 3H 4H 5H 2D 3D 4D 5D 2C 3C 4C 5C"))  # J♠ lacks A♠ K♠ Q♠, has no guard: three short
    assert [t for _, t in bare.spades] == [0]
    # "the bid's half goes down": an estimate of exactly a half more than a whole number bids that whole number
    assert "exact half goes *down*" in " ".join(recipe().split())
    assert not {c for c, _ in count.spades} & set(count.spent)
    assert "  3♠ 2♠: used up by the ruffs\n" in outputs()
    # fresh rater r41_b: the half-spade parenthesis mixed two roundings; deal 1526's print is the example, and the
    # list says the used-up spades guard nothing (the 6♠ is "too few smaller spades" with 5♠ 4♠ only)
    # fresh newcomer rater r45_c: the two roundings differ and the fine print now says both, side by side: the
    # spades' half goes to an even number left (both ways occur, test above; 8 − 1½ leaves six), a bid's goes down
    # r46: one idea per sentence; the bid's half is said where the sum becomes a bid (BID_ROUNDING, held below)
    # r59 (rater r57): the even-number tie-break could not be made sense of in the main path: a short note after 3b
    # rater r60: two rounding rules (a whole spade, then an even-number note) read as arbitrary: one rule now, the
    # code's own: trick_count keeps spades[:round(spare)], spare = spades − ruff count, Python's round (a half to even)
    # rater r61: "a half to the even number, like Python's round()" needed Python: said in words, with both cases
    # rater r68: "toss-up" sounded like a coin flip: the half's rule plainly, with an example (round(6.5) == 6)
    # r71 (rater r70): three rounding rules in a row ("bids round otherwise"); 3b is now said as how many spades to
    # cross off, a count a person can make (¼ → 0, ¾ → 1, a half by the even number left), and deal 1526's whole
    # hand is shown so its 1½ can be checked (held below: the ruffs ¼ + ¼ + 1, two crossed off, six left)
    # rater r71: the half's reason: a tie-break, said so, with an odd count beside the even (held in
    # test_the_three_points_as_written_are_the_bots); deal 1526's step 2 before and after crossing off is listed
    # newcomer r75 (round 75b): "an exact ½" read as excluding 1½, which deal 1526 then called a tie: a total ending in ½
    # r84 (newcomer r82): the tie-break said as the summary says it, "keep an even number of spades"
    assert ("cross off that many of your lowest spades: they count 0 and protect nothing. A total ending in ½ is a tie: "
            "keep an even number of spades") not in VALUES and "(ruffs ¼: 3b rounds that to 0)" not in VALUES
    # r84b (newcomer r84 item 1): "3b rounds that to 0" read as if the ruffs' ¼ were dropped from the total: the
    # rounding only sets how many spades are crossed off, said; deal 22's ¼ still counts (2 + 1¾ + ¼ = 4)
    # r91 (newcomer r90 item 1): the tie rule moved to step 4 (deal 1526); deal 22's ¼ said as rounding to 0
    assert ("A total ending in ½ goes "
            "whichever way leaves an even number of spades not crossed off") in VALUES and "keeps an even number" not in VALUES  # r107: kept, not crossed off  # r93: the tie rule back in 3b (newcomer r92)
    # r97 (newcomer r95 item 1): the ½ worked on deal 1526 (8 spades, ruffs 1½, 2 crossed off), not the bare 4-spade case
    # r107 (newcomer r107 item 4): the 4-spade case back, as one clause after the rule (deal 9 uses it)
    assert "(4 spades, ruffs ½: cross off none)" not in VALUES and "just a convention" not in VALUES
    assert ("The ruffs still count in full. 3. Count step 2 on the spades left.") in VALUES and "Deal 22: ruffs ¼, none crossed off." not in VALUES  # r116 (words): said at step 2  # r94 (words)
    assert not trick_count(SpadesHand.deal(seed=22, dealer=1).cards(0)).spent
    # r72 (newcomer r72): deal 1526's recount sits beside its printout (right after step 4), its cards printed there
    # r73 (newcomer r72c item 7): its numbers sit beside A and B themselves (A's 2¾ and 1½, B's 2¾ + 3: the print's)
    # r73b (newcomer r73 item 7): deal 1526's cards are listed where the prose first uses them (its print follows)
    # r90 (newcomer r89 item 2): A and B as two short lines; the tie is now 3b's own example, and "the ruffs still
    # count in full" (3b) says A's 1½ is unrounded
    assert ("Deal 1526, ♠ A J 8 6 5 4 3 2 ♥ 6 2 ♦ 9 3 ♣ 9: ruffs 1½, ending in ½; crossing off 2, the 3♠ 2♠, leaves 6 spades, even. - A = 2¾ + 1½ = 4¼ - B = (A♠ 1 + J♠ 1 + 8♠ ¾ + 6♠ 0 "
            "+ 5♠ 0) + 3 (the 4♠ 3♠ 2♠) = 5¾") in " ".join(prose().split())  # r81: A's ruffs are added unrounded
    # r84: B's worked numbers beside its five values and its spades after the fifth; r90: "(the 4♠ protects too)"
    # was cryptic: the 8♠'s ¾ (with the 6♠ 5♠ 4♠ under it) is in deal 1526's print just below
    assert "the 4♠ protects too" not in " ".join(prose().split()) and "Its ruffs, 1½, are a tie" not in " ".join(prose().split())
    assert "  8♠ ¾: higher spades not held: K♠ Q♠ 10♠ 9♠; smaller spades kept: 6♠ 5♠ 4♠ (one fewer)\n" in outputs()
    assert "bids round otherwise" not in VALUES
    c1526 = trick_count(SpadesHand.deal(seed=1526, dealer=3).cards(0))
    assert SpadesHand.deal(seed=1526, dealer=3).cards(0).pretty == "♠ A J 8 6 5 4 3 2  ♥ 6 2  ♦ 9 3  ♣ 9"
    assert sorted(t for _, t in c1526.ruffs) == [0.25, 0.25, 1] and len(c1526.spent) == 2 and (8 - 2) % 2 == 0
    for dealt in seat_hands("lesson09a/crossoff", 1500):  # the person's count: nearest whole, a half by the even number
        worked = trick_count(dealt)
        n, ruffs = len(dealt.of_suit(Suit.SPADES)), worked.ruff_tricks
        whole, part = int(ruffs), ruffs - int(ruffs)
        want = whole if part < 0.5 else whole + 1 if part > 0.5 else next(k for k in (whole, whole + 1) if (n - k) % 2 == 0)
        assert len(worked.spent) == want, dealt.pretty
    assert BID_ROUNDING in text and "To match the bots exactly" not in text
    import inspect as _inspect
    assert "kept = spades[:round(spare)]" in _inspect.getsource(trick_count)
    # r70 (rater r69): 3b's half is not the bid's: "3½ → 4" (deal 9: four spades, two doubletons, keeps 4)
    nine = trick_count(SpadesHand.deal(seed=9, dealer=1).cards(0))
    assert nine.ruff_tricks == 0.5 and len(nine.spades) + len(nine.spent) == 4 and not nine.spent and round(3.5) == 4
    assert round(4 - 0.25) == 4 and round(8 - 1.5) == 6 and round(5.5) == 6 == round(6.5)  # a half to the even number
    for seed, dealer, n, ruffs, kept in ((22, 1, 4, 0.25, 4), (1526, 3, 8, 1.5, 6)):
        worked = trick_count(SpadesHand.deal(seed=seed, dealer=dealer).cards(0))
        assert worked.ruff_tricks == ruffs and len(worked.spades) == kept == round(n - ruffs)
        assert len(worked.spades) + len(worked.spent) == n
    for dealt in seat_hands("lesson09a/onerule", 1500):  # the rule on many hands, both ways of a half occurring
        worked = trick_count(dealt)
        n = len(dealt.of_suit(Suit.SPADES))
        assert len(worked.spades) == round(n - worked.ruff_tricks), dealt.pretty
    # "(deal 1526's 3♠ 2♠ still count 1 each)": its spades after the fifth (4♠ 3♠ 2♠) include the two crossed off,
    # and the length line adds 1 for each of the three to the five highest spades' 2¾
    long1526 = trick_count(cards, long_spades=True)
    after_fifth = sorted((c.index for c in cards if c.suit is Suit.SPADES), reverse=True)[5:]
    assert set(long1526.spent) <= set(after_fifth) and [DECK[c].pretty for c in long1526.spent] == ["3♠", "2♠"]
    assert long1526.length == 2.75 + len(after_fifth) == 5.75
    # "(deal 22 has four)": four spades, no spade length part in its print
    c22_cards = SpadesHand.deal(seed=22, dealer=1).cards(0)
    assert len(c22_cards.of_suit(Suit.SPADES)) == 4 and trick_count(c22_cards, long_spades=True).length is None
    from hearts_teach.course.spades_lesson import count_text as _count_text
    assert "Spade length" not in _count_text(c22_cards)
    # "step 2 falls from 4 to 2¾": deal 1526's protected spades counted with every spade kept, then after crossing off
    ranks = sorted((c.rank for c in cards if c.suit is Suit.SPADES), reverse=True)
    def step2(kept):
        return sum(1.0 if s <= 0 else 0.75 if s == 1 else 0.25 if s == 2 else 0.0 for s in
                   (sum(1 for r in range(k + 1, 15) if r not in ranks) - sum(1 for x in kept if x < k) for k in kept))
    assert step2(ranks) == 4 and step2(ranks[:-2]) == count.spade_tricks == 2.75
    c2054 = trick_count(SpadesHand.deal(seed=2054, dealer=3).cards(0))
    assert c2054.ruff_tricks == 1.25 and [DECK[c].pretty for c in c2054.spent] == ["2♠"]
    assert len(cards.of_suit(Suit.SPADES)) == 8  # "two of its eight"
    import inspect

    from hearts_teach.agents.spades import ROUND_UP_FROM
    from hearts_teach.present.widgets import spades_table
    assert ", then adjusted for the other bids and the score" in inspect.getsource(spades_table.BidWidget.suggest)
    assert math.ceil(5.5 - ROUND_UP_FROM) == 5 and math.ceil(5.75 - ROUND_UP_FROM) == 6 == smart_bid(cards)
    assert "  6♠ 5♠ 4♠: 0 (too few smaller spades)\n" in outputs()
    # r55 (rater r55): "the bots do not recount" was unclear: the values are step 2's, after crossing off
    # r59 (rater r57): "after crossing off … crossed off or not" needed a second read: deal 1526's 3♠ 2♠ as example
    # rater r61: a short formula, B; deal 1526's print shows its 3♠ 2♠ in the "+ 3 for the spades after the fifth"
    # rater r71: B's clause says where 3b counts (0 among the five highest) and where it does not (+1 after the fifth)
    # r84 (newcomer r82 item 2): B in one short line, the crossed-off detail moved into deal 1526's worked numbers
    # r84b (newcomer r84 item 2): B's five highest keep the lower spades under them (the 4♠ protects the 8♠ and is +1)
    # r87 (newcomer r86 item 1): "lower spades still under them" was cryptic and "crossed off or not" only in the
    # example: B in three plain steps (trick_count: credit over the kept spades, the five highest, + n − 5)
    # r89 (newcomer r87b item 1): B said as trick_count computes it, the five highest of step 2's values after 3b
    # r109 (newcomer r109 item 3.3): whether B also adds the ruffs was a guess: "(no ruffs added)", which leaves
    # 3b's crossing off standing (r89's "B has no ruffs" clash was with the crossing off, held gone below)
    # r114 (newcomer r114 item 3.1): why B, adding no ruffs, keeps 3b's crossings was taken on faith: it is the bots'
    # recipe (trick_count: credit over spades[:round(spare)], length = credit[:5] + n - 5), said as their convention
    # r117 (newcomer r116 item 3.4): whether a crossed-off spade counts 0 among the five highest was a guess: said
    # (trick_count: credit covers only the kept spades, so credit[:5] has 0 for a crossed-off one)
    # r120 (newcomer: why keep the crossings, with no ruffs?): the recipe gives no reason: said to be arbitrary
    assert ("- **B** leaves out the ruffs but keeps 3b's crossings (an arbitrary bots' convention): your five highest spades' step-2 "
            "values (0 if crossed off), + 1 for each spade after the fifth, crossed off or not.") in VALUES
    assert "values from step 2 (after 3b)" not in VALUES  # r114
    import inspect as _insp_b

    from hearts_teach.agents.spades import trick_count as _tc
    assert ("kept = spades[:round(spare)]" in _insp_b.getsource(_tc)
            and "length = float(sum(credit[:5]) + (n - 5))" in _insp_b.getsource(_tc))  # r114: credit after the crossings
    assert "do step 2 (after 3b) on them" not in VALUES  # r89: the old B, which seemed to recount
    assert "lower spades still under them" not in VALUES and "so count them once" not in VALUES
    assert "(a crossed-off spade counts 0 there" not in VALUES
    assert "the five highest spades' 2¾ + 3 for the spades after the fifth = 5¾" in outputs()
    # r54 (rater r52): "while your spades last": a void beside a single spade counts 1 (and uses that spade up)
    lone = trick_count(_Q("AS 2H 3H 4H 5H 6H 2D 3D 4D 5D 6D 7D 8D"))
    assert lone.ruffs == ((Suit.CLUBS.value, 1.0),) and not lone.spades and len(lone.spent) == 1
    # newcomer r75 (round 75b): the cap said in one clause (trick_count's spare starts at the number of spades)
    assert ("Each ruff trick needs a spade, so the total stops at your number of spades.") in VALUES  # r98: its example cut (density)  # r87 (words)
    for hand, ruffs in (("AS 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH", 1), ("AS 2S 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH", 2)):
        assert trick_count(_Q(hand)).ruff_tricks == ruffs == len(_Q(hand).of_suit(Suit.SPADES))  # two voids: 4, capped
    # fresh rater r35_e: "valued as high spades" led a hand count of deal 1526 to 7 (A J 8 6 5 with 3♠ 2♠ kept);
    # the length line values the five highest with the ruffs' spades still set aside, as the docstring says
    assert "(0 for a spade set aside)" in recipe() and "valued as high spades" not in text
    long = trick_count(cards, long_spades=True)
    five = [t for _, t in count.spades[:5]]
    assert [DECK[c].pretty for c, _ in count.spades[:5]] == ["A♠", "J♠", "8♠", "6♠", "5♠"] and sum(five) == 2.75
    assert long.length == 2.75 + 3 == long.total == 5.75 and smart_bid(cards) == 6
    # the nil question no longer brings in the king's quarter itself: the list gave it
    quiz = _code_source("nil_pick = Quiz(")
    assert "needs one number not given above" not in quiz
    # fresh rater r35_e: hand B needs the long-suit values (K♦ ¼, Q♦ nothing in six diamonds): the question says so
    # fresh rater r43_e: "mind the long-suit values" was cryptic; the hint names B's K♦ in six diamonds
    # fresh newcomer rater r51 (09b): "the bots' values above" pointed at 09a; checklist line 4 restates them
    # round 54 (rater r52): line 4's values are a table under the checklist; the question points to it
    # r76b (rater: the hint gave the answer away): the K♦'s quarter moved from the question into the reasons
    # r84 (rater: hand A fails line 2, no count needed, yet the question said "Count with the table above")
    assert "Check \"\n    f\"each line in order.\"," in quiz and "mind the long-suit values" not in quiz
    assert "with the table above" not in quiz
    assert 'reasons=f"B\'s K♦, in six diamonds, counts only a quarter. By the checklist' in quiz
    assert [c.pretty for c in SpadesHand.deal(seed=802, dealer=1).cards(0).of_suit(Suit.DIAMONDS)].count("K♦") == 1
    assert len(SpadesHand.deal(seed=802, dealer=1).cards(0).of_suit(Suit.DIAMONDS)) == 6
    b = trick_count(SpadesHand.deal(seed=802, dealer=1).cards(0))
    assert dict((DECK[c].pretty, t) for c, t in b.side) == {"K♦": 0.25}


def test_r90_the_nil_question_answer_is_readable_without_the_widget():
    """r90 (rater r89, section 4 item 2): the nil question's answer and hand B's count were only in the widget; a
    reader of the stored notebook could not check a count of B. The line after the question says it; held here."""
    from hearts_teach.agents.spades import nil_ok

    cells = _nil_cells()
    at = next(i for i, c in enumerate(cells) if "nil_pick = Quiz(" in "".join(c["source"]))
    after = " ".join("".join(cells[at + 1]["source"]).split())
    # folded (<details>), so that no answer stands in view under the question (tests/test_no_preanswered.py)
    # r111 (newcomer r111: Q♦'s 0 left to work out; no example of a ruff beside the spades): every part of B's count
    assert after.startswith("<details><summary>Answer</summary>B: no ace, two spades, K♦ Q♦ over four lower "
                            # r114 (newcomer r114: "no spade used" read as a rule apart): the ruffs' quarter rounds to
                            # no spade (step 3b in the checklist cell; held: B keeps both spades below)
                            "diamonds, count a half: K♦ a quarter, Q♦ 0 (six diamonds), hearts doubleton a quarter (rounded: no spade crossed off), spades 0. "
                            "A: four spades.</details>")
    assert "count a half (K♦ a quarter" not in after  # r111
    assert "(no spade used)" not in after  # r114
    assert not trick_count(SpadesHand.deal(seed=802, dealer=1).cards(0)).spent  # r114: hand B crosses off no spade
    a, b = (SpadesHand.deal(seed=seed, dealer=1).cards(0) for seed in (2147, 802))  # the question's hands
    assert nil_ok(b) and not nil_ok(a)  # the quiz's answer ("B"), as its code picks it
    assert ["neither", "A", "B", "both"][nil_ok(a) + 2 * nil_ok(b)] == "B"
    assert len(a.of_suit(Suit.SPADES)) == 4 and len(b.of_suit(Suit.SPADES)) == 2
    assert not any(c.rank == 14 for c in b)  # no ace
    diamonds = sorted((c.rank for c in b.of_suit(Suit.DIAMONDS)), reverse=True)
    assert diamonds[:2] == [13, 12] and len(diamonds) == 6 and all(r < 12 for r in diamonds[2:])  # four lower
    count = trick_count(b)
    assert [(DECK[c].pretty, t) for c, t in count.side] == [("K♦", 0.25)]
    assert count.spade_tricks == 0 and count.ruffs == ((Suit.HEARTS.value, 0.25),)
    assert not count.spent and [(DECK[c].pretty, t) for c, t in count.spades] == [("7♠", 0), ("3♠", 0)]  # r111
    assert "Q♦" not in [DECK[c].pretty for c, _ in count.side]  # r111: Q♦ 0
    assert len(b.of_suit(Suit.HEARTS)) == 2 and count.total == estimate_tricks(b) == 0.5


def test_the_round_30_wording():
    """Fresh rater (round 30): the defenders' tip said "play low under the nil bidder" (under what?); hand B
    "should bid nil" though K♦ Q♦ topping six diamonds is a nil an expert fears: the question says whose
    checklist, and its reason says a checklist is no promise, on deal 17 where East's nil passed it and broke;
    the four parts of deal 17's long cell each open with a comment naming its question and index arithmetic.
    Closing round 42: that cell was still dense; it is two cells now, each with a lead-in, two parts in each."""
    from hearts_teach.agents.spades import nil_ok
    from hearts_teach.course.spades_lesson import before_play, play_spades, same_deal

    text = " ".join(prose().split())
    # fresh rater r49: "lead suits where it may hold a high card" (how would I know?); the baseline bot's lead
    # reason, printed in the deal-17 comparison, says it plainer (test_the_round_49_nil_play holds the engine)
    # r55 (rater r54): "so it wins the trick": "it" is named
    # r79 (false item: unconditional, yet the bots' rule below plays for the contract first when it needs the tricks)
    # r111 (newcomer r111: a defender before the nil bidder cannot play below a card not yet down): split by seat,
    # as SpadesBot._bust plays (before: its lowest card; after, the nil bidder winning: its highest card under it)
    assert ("**Defenders** chasing the nil lead low and play low before the nil bidder, leaving it little room to duck; "
            "after it, below its card.") in text and "play low under the nil bidder" not in text
    assert "play below the nil bidder's card, so the nil bidder wins" not in text  # r111
    quiz = _code_source("nil_pick = Quiz(")
    assert "By the bots' nil checklist above, which of these hands should bid nil?" in quiz
    assert "The checklist \"\n" in quiz and "East's nil on deal 17, below, passed it and still broke,\"\n" in quiz
    # r79 (false item: the nil broke through a play mistake, not the hand): said
    assert "through a play mistake you will find." in quiz
    _, spades = same_deal(17)
    assert nil_ok(spades.cards(3))
    # fresh newcomer rater r51: "passed it" could not be checked on the page; East's dealt cards and the nil rule's
    # verdict are printed where deal 17 starts, before the discard question
    from hearts_teach.course.spades_lesson import nil_verdict
    shown = _code_outputs("East's cards as dealt:")
    # round 54 (rater r52): the count's working is printed part by part (¾ = Q♣ ½ + J♠ ¼), and the checklist
    # is called the checklist (one name), not "the nil rule"
    from hearts_teach.course.spades_lesson import count_text
    working = "\n".join(count_text(spades.dealt(3), estimate=False).splitlines()[1:])
    assert shown.startswith(f"East's cards as dealt: {spades.dealt(3).pretty}\n{working}\n"
                            f"The checklist says {nil_verdict(spades.dealt(3))}\n")
    # r120: (newcomer: the crossed-off spade was only in prose) cell 2's K♠ 3♠ 2♠ beside two doubletons is printed
    # after East's count: the ruffs' ½ rounds to one spade crossed off (the 2♠), K♠ keeps 3♠ and counts 1: no nil
    example = CardList("KS 3S 2S 9H 8H 7H 6H 5H 4H 7D 6D 5C 4C")
    assert shown.endswith(f"\nThe example above: {example.pretty}\n"
                          + "\n".join(count_text(example, estimate=False).splitlines()[1:])
                          + f"\nThe checklist says {nil_verdict(example)}\n")
    assert "  2♠: used up by the ruffs" in shown and "  K♠ 1: higher spades not held: A♠; smaller spades kept: 3♠" in shown
    assert "Ruffs: ½" in shown and not nil_ok(example)
    assert "  Q♣ ½\n" in working and "  J♠ ¼: higher spades not held: A♠ K♠ Q♠; smaller spades kept: 4♠ (two fewer)" in working
    assert spades.dealt(3).pretty == "♠ J 4  ♥ Q 9 7 6 3  ♦ 9 5 3  ♣ Q 6 3" and nil_verdict(spades.dealt(3)).startswith("a nil:")
    assert "East's nil passed the checklist (counted above)" in text  # r93 (words)
    play_spades(spades, seed=2)
    assert spades.bids[3] == 0 and spades.tricks_won[3] > 0
    comments, heads = [], []
    for marker in ("partner_story(spades, 3)", "kept = play_instead(discard_moment"):  # the bots' line, then the hearts'
        source = _code_source(marker)
        # fresh rater r38_g: the analysis code is folded; its first line says so and is not one of the two parts
        # r76 (rater: the bots' 4♠ showed right under the discard question): that cell's output is folded
        assert source.split("\n", 1)[0].endswith(("(code folded, output shown)", "(folded: unfold once you have answered)"))
        assert (source.split("\n", 1)[0].endswith("(folded: unfold once you have answered)")) == (marker == "partner_story(spades, 3)")
        said = [line for line in source.splitlines()[1:] if line.startswith("# ")]
        printed = [line for line in source.splitlines() if line.startswith('print("') and "──" in line]
        assert len(said) == len(printed) == 2, source  # two parts a cell, each opened by its comment
        assert all(source.index(c) < source.index(h) for c, h in zip(said, printed, strict=True))
        assert source.index(printed[0]) < source.index(said[1])
        comments += said
        heads += printed
    assert comments[0].startswith("# East's card in trick 10") and comments[3].startswith("# trick 12 both ways")
    assert "(4 * 9 + 3: nine tricks of 4, then 3 cards)" in comments[0]
    assert "(4 * 11 + 1: eleven tricks, then North's lead)" in comments[3]
    ten = before_play(spades, 4 * 9 + 3)
    assert ten.to_act() == 3 and len(ten.tricks) == 9 and len(ten.current_trick.cards) == 3
    twelve = before_play(spades, 4 * 11 + 1)
    assert twelve.to_act() == 3 and len(twelve.tricks) == 11
    assert [c.pretty for c in twelve.current_trick.cards] == ["10♠"] and twelve.current_trick.leader == 2  # North


def _printed_spade_values(text: str) -> dict[str, float]:
    """The protected-spade value of each spade as ``count_text`` prints it: "K♠ 1: …", "6♠ 5♠: 0 (…)",
    "3♠ 2♠: used up by the ruffs" (those count 0 as protected spades)."""
    values = {}
    part = text.split("Protected spades: ", 1)[1].split("\nRuffs: ", 1)[0]
    for line in part.splitlines()[1:]:
        head, rest = line.strip().split(":", 1)
        if rest.startswith(" used up") or rest.startswith(" 0 ("):
            values.update((name, 0.0) for name in head.split())
        else:
            name, value = head.split()
            values[name] = {"1": 1.0, "¾": 0.75, "½": 0.5, "¼": 0.25}[value]
    return values


def test_the_spade_length_sentence_is_the_engines_on_any_hand():
    """Fresh rater (round 27): the sentence on spade length, followed as written on what ``count_text``
    prints (the five highest spades' printed protected-spade values, the ruffs' spades at 0, plus 1 for each
    spade after the fifth, the ruffs' spades too), gives the engine's spade length on every hand of six spades
    or more; and "whichever is more" decides as the engine does. Read the other way (recount the five highest
    with every spade kept), it would not: deal 2054 would count 6¾ and bid 7, deal 1526 7 not 5¾."""
    from hearts_teach.agents.spades import smart_bid
    from hearts_teach.course.spades_lesson import count_text

    assert SPADE_LENGTH in recipe()
    seen = with_spent = 0
    for cards in seat_hands("lesson09a/length-sentence", 4000):
        spades = sorted((c for c in cards if c.suit is Suit.SPADES), key=lambda c: -c.rank)
        count = trick_count(cards, long_spades=True)
        if len(spades) < 6:
            assert count.length is None
            continue
        seen += 1
        text = count_text(cards)
        values = _printed_spade_values(text)
        assert set(values) == {c.pretty for c in spades}, text
        by_sentence = sum(values[c.pretty] for c in spades[:5]) + (len(spades) - 5)
        assert by_sentence == count.length, (cards.pretty, by_sentence, count.length)
        protected_and_ruffs = sum(values.values()) + count.ruff_tricks
        assert (by_sentence > protected_and_ruffs) == count.by_length
        with_spent += bool(count.spent)
    assert seen > 500 and with_spent > 200
    # the other reading, on the lesson's two long hands: every spade kept to guard, none set aside
    for seed, other_total in ((2054, 6.75), (1526, 7.0)):  # the engine: 6½ and 5¾; r89: "Had the 3♠ 2♠ protected, B would be 7"
        cards = SpadesHand.deal(seed=seed, dealer=3).cards(0)
        spades = sorted((c.rank for c in cards if c.suit is Suit.SPADES), reverse=True)
        credit = []
        for rank in spades:
            short = sum(1 for r in range(rank + 1, 15) if r not in spades) - sum(1 for r in spades if r < rank)
            credit.append(1.0 if short <= 0 else 0.75 if short == 1 else 0.25 if short == 2 else 0.0)
        recount = sum(credit[:5]) + len(spades) - 5
        count = trick_count(cards, long_spades=True)
        assert recount != count.length and recount + count.side_tricks == other_total != count.total
    assert smart_bid(SpadesHand.deal(seed=2054, dealer=3).cards(0)) == 6  # not 7


def test_the_printed_spade_values_reader_can_fail():
    """The parser above reads what it is given: a changed value changes the sum the sentence gives."""
    text = ("Cards: x\nHigh side cards: 0\nProtected spades: 2¾\n  A♠ 1: a\n  J♠ ¾: b (one fewer)\n"
            "  6♠ 5♠: 0 (too few smaller spades)\n  3♠ 2♠: used up by the ruffs\nRuffs: 1")
    assert _printed_spade_values(text) == {"A♠": 1.0, "J♠": 0.75, "6♠": 0.0, "5♠": 0.0, "3♠": 0.0, "2♠": 0.0}


def test_the_8d_reason_does_not_call_it_the_highest_diamond():
    """Newcomer round 7: the reason for 8♦ said "your highest diamond" of ♦ Q 8 3."""
    cells = lesson_cells()
    quiz = next("".join(c["source"]) for c in cells if "nil_quiz = Quiz(" in "".join(c["source"]))
    assert "♦ Q 6 3" in quiz and "highest diamond" not in quiz
    assert '"Q♦": "it beats the 7♦' in quiz
    # fresh rater r43_e: "might be higher than every other card played" was hard to parse
    assert "the 6♦ could end up above every other diamond played" in quiz and "every other card played" not in quiz


def test_contract_first_beats_nil_first_on_deal_17():
    """The section "Your contract or their nil?" says: South opened with the A♥; putting the nil first, East's
    nil held and South–North went down; weighing the two, they made their contract and the nil broke."""
    from hearts_teach.course.spades_lesson import play_spades, same_deal, what_happened

    _, weighed = same_deal(17)
    play_spades(weighed, seed=2)
    # fresh newcomer rater r51: swapping all four seats' bots changed East's nil play too; only South's and
    # North's bots are baseline now (West and East keep the weighed bots), and the outcome is the same
    from hearts_teach.agents.spades import auto_play
    from hearts_teach.course.spades_lesson import spades_bots as _bots
    _, nil_first = same_deal(17)
    mixed = [_bots(2, "baseline")[0], _bots(2)[1], _bots(2, "baseline")[2], _bots(2)[3]]
    assert [b.style for b in mixed] == ["baseline", "weighed", "baseline", "weighed"]
    auto_play(nil_first, mixed)
    assert weighed.bids == nil_first.bids == (5, 2, 4, 0)  # South–North 9 of 13
    assert next(a.card for a in weighed.history if a.kind == "play").pretty == "A♥"
    assert weighed.team_tricks[0] >= 9 and weighed.tricks_won[3] > 0
    assert nil_first.team_tricks[0] < 9 and nil_first.tricks_won[3] == 0
    text = " ".join(prose().split())
    # fresh newcomer raters (r46): the deal-17 section was dense; the point first, shorter sentences
    # r98: cut for density ("of deal 17's 13" said "of 13": the section is on deal 17)
    assert "South–North bid 9 of 13 tricks, over half, so South's weighed bot led its A♥: contract first." in text
    # fresh newcomer rater r48: the comparison says, where it is made, that all four seats changed bots
    # r55 (words): the seats are named once, where the comparison is set up (below)
    # r60 (words): "Nil first," as the print labels it; the seats are named where the comparison is set up
    # r74 (words): the comparison said in one line each
    # r76 (rater: "Nil first" read as a rule): said of this deal
    # r107 (words, for the newcomer's additions): "On this deal," said as "Here,", still of this deal only
    # r108 (newcomer r108: a plan called "nil first" that kept the nil read as a contradiction): "break-nil first",
    # in the prose and the printed rows
    assert "Here, break-nil first kept East's nil but set South–North." in text and "On this deal, nil first" not in text
    assert "Here, nil first" not in text
    assert "the deal again with the **baseline bot**, which always puts breaking a nil first, for South and North only" in text
    assert "South–North bid 9 together and took 8: went down by 1." in what_happened(nil_first)
    # round 54 (rater r52): the comparison turns on East's 4♠; with the hearts thrown, contract-first bots still
    # make the contract and the nil holds (the replay's printed what_happened says both)
    from hearts_teach.course.spades_lesson import before_play, play_instead
    kept = play_instead(before_play(weighed, 4 * 9 + 3), seed=2, cards=["6H", "3H"])
    assert kept.team_tricks[0] >= 9 and kept.tricks_won[3] == 0
    replay = _code_outputs("kept = play_instead(discard_moment")
    assert what_happened(kept) in replay and "South–North bid 9 together and took 11: made it with 2 bags." in replay
    # r74_09b: "it made both" read as if the contract-first plan broke the nil too: the two results named
    # r76: "Contract first broke it" read as if the plan broke the nil: the 4♠ broke it, under that plan
    # r79 (words): said shorter; "Contract first broke it" stays out
    # r80 (rater): the 4♠ did not itself break the nil (the J♠ it left to play did, in trick 12), and a contract is
    # made, not held
    # r82 (rater: "both succeeded": both what?): the two named
    # r93 (newcomer r92: three outcomes against the two-row table; "hearts thrown" not seen as contract first too):
    # the contract-first row's two results, and the 4♠ (a spade on a club trick) named without "discard" (r76b)
    # r94 (rater: "only East's 4♠ lost the nil" sat badly beside trick 12, where South's bot chose to break it): the
    # 4♠ let South break it (left bare, East's J♠ won under South's 8♠)
    # r99 (newcomer r98: East's J♠ was forced in trick 12 and South chose to duck; "the 4♠ let South break it" hid
    # both): said as South's bot did it ("bust the opponents' nil: stay low under it", held in the deal-17 test)
    # r110 (rater: East's own 4♠ discard made the J♠ forced; South only ducked): the nil broke, and how
    # r112 (newcomer r112: beside "Break-nil first ... held", the row read as if playing for the contract broke the
    # nil): the cause named, East's 4♠ (the replay with the hearts thrown keeps it under contract-first bots)
    assert "Contract first made the contract; the nil broke through East's 4♠." in text
    assert "and the nil broke: South ducked under East's forced J♠" not in text  # r112
    assert "The bot's 4♠ was the mistake." in text and "As played, East's J♠ was forced in trick 12" in text
    assert "South broke the nil by ducking" not in text
    assert "East's 4♠ let South break the nil" not in text
    assert "only East's 4♠ lost the nil" not in text
    assert "with hearts thrown, the contract was made" not in text
    # r84 (rater: why nil first set South–North was never said): South's low leads gave West cheap tricks (tricks 1
    # and 4: South led low, West won with a jack), and East never won one
    # r91 (rater r90: no output showed the nil-first play, so the sentence could not be checked): the nil-first rows of
    # tricks 1 to 6 are printed above it; "East always found a card under" cut (the table's "held" says it)
    # r110 (newcomer r110: West won tricks 2 and 5 on its own leads): the two South's low leads lost, to West's jacks
    # r111 (newcomer r111: "West's jacks" read as all West's four wins, two of them not jacks): the two leads, counted
    assert ("Here, break-nil first kept East's nil but set South–North. South's two low leads fell to West's jacks."
            in text and "East always found a card under" not in text)
    assert "Its low leads let West's jacks win." not in text  # r111
    assert "Its low leads gave West cheap tricks." not in text
    from hearts_teach.course.spades_lesson import tricks_table as _rows
    assert ("Break-nil first, tricks 1 to 6:\n" + "\n".join(_rows(nil_first).splitlines()[:6])) in _code_outputs("nil_first = same_deal(17)")
    for t in (0, 3):
        trick = nil_first.tricks[t]
        assert trick.seats[0] == 0 and trick.winner == 1 and trick.card_of(1).rank == 11 and trick.cards[0].rank <= 5
    assert nil_first.tricks_won[3] == 0 and nil_first.team_tricks[1] > weighed.team_tricks[1]
    assert "both succeeded" not in text
    assert "East's 4♠ broke the nil" not in text
    # "Contract first, in play": the weighed bot's contract-first rule plays as when no nil is bid (the "win" play)
    import inspect

    from hearts_teach.agents.spades import SpadesBot
    rules = inspect.getsource(SpadesBot._rule)
    assert 'our contract before their nil", "win"' in rules and 'win cheaply", "win"' in rules
    # round 7 cut the story of the bot versions; round 18 names them once (the glossary's Weighed bot and
    # Baseline bot link here, and the printed decision traces say "weighed bot")
    # round 26: each is defined where it is first used
    # fresh rater r40_c: "the bots' first version" is project history, not Spades; the bot is named by what it does
    # fresh rater r41_b: "weighed bots" and "baseline bot" were jargon; each gets a clause saying what it is
    # fresh newcomer rater r45_c: "Nil first" read as if only South–North's plan changed; play_spades swaps all
    # four seats' bots, and the prose says so (East's nil play and West's covering change too)
    # r55 (words): one sentence, still naming the two seats whose bots change
    assert ("Below: each bot's lead at trick 1, then the deal again with the **baseline bot**, which always puts "
            "breaking a nil first, for South and North only.") in text
    assert "first version" not in text
    from hearts_teach.course.spades_lesson import spades_bots
    assert [b.style for b in spades_bots(2, "baseline")] == ["baseline"] * 4
    assert ('auto_play(nil_first, [baseline[0], weighed[1], baseline[2], weighed[3]])  # nil-first bots for South and '
            'North only') in _code_source("nil_first = same_deal(17)")
    assert 'weighed, baseline = spades_bots(2), spades_bots(2, "baseline")' in _code_source("nil_first = same_deal(17)")
    assert text.count("baseline") == 1 and text.count("weighed bot") == 2
    # newcomer round 21: "weighed bot" was printed (trick 10's trace) before the lesson said what it is
    # fresh rater r36_c: the bot names read like a manual; a heading cue says where the bots' choice is explained
    # fresh rater r38_g: the rule in words first, the bots' name second
    # fresh rater r41_b: the rule moved up before deal 437's question; here the name and what it means
    # r55 (words): "using the rule above" says what they weigh
    # r74 (rater: "using the rule above" did not say which rule): the defence rule, named; the warning cut for
    # words (the sentence before says one discard cost East the nil)
    # r76b (rater: the defence rule restated again here): "following the defence rule above" cut
    # r82 (rater: "weighed bot" printed from deal 1246 on, named only here): defined at its first use, deal 1246
    # r107 (words): "the lessons'" and "which weigh" cut; still named and defined at deal 1246
    # r108 (newcomer r108: what they weigh by came four cells later): where to find the rule, said
    # r109 (newcomer r109: "before deal 437" read as a time, not a pointer): the heading it stands under, named
    # r110 (newcomer r110: a pointer forward to a rule not yet read): the bots' defence rule, said in one line ("its
    # team", the bot's own: "their team" stays out, as round 26 asked; "default" cut for words)
    # r111 (newcomer r111: "(counting this one)" came only later): the rule whole, where first met
    assert ("The bots are *weighed bots*: each breaks an opponent's nil unless its team needs at least half "
            "the tricks left (counting this one).") in text and "(rule: before deal 437)" not in text and "(rule: before *Your turn" not in text
    # r112 (words): the restatement before deal 437 cut; the rule stands whole here, its first statement
    assert "otherwise it breaks the nil. **Your turn to defend.**" not in text
    assert "All four bots are the lessons' default" not in text
    # fresh rater r43_e: the default bot's mistake (its 4♠, below) came as a surprise; one warning up front, naming
    # no card (the question comes first); the bot's card is the mistake (test_the_discard_question_at_trick_10_of_deal_17)
    assert "### How the bots decide: your contract or their nil?" in prose()
    # newcomer round 26: "their team" was ambiguous; the team is the bot's own, named by seats on deal 17
    # fresh rater r33_e: deal 437's question (contract safe, go after the nil) came before this rule; the idea now
    # comes before that question, and this sentence points back to it
    # fresh rater r34_c: "as deal 437's question did" said why in a clause: 1 of the 3 tricks left, under half
    # fresh rater r35_e: that sentence was hard to parse; the rule comes first now, then the two deals
    # fresh rater r43_e: the rule was applied to deal 437 only after the question; the question's own answer
    # applies it now, and this section goes straight to deal 17
    assert "Deal 437's question was" not in text
    quiz = _code_source("defend_quiz = Quiz(")
    assert ('"breaks now. That is the bots\' rule above: "\n' in quiz and '"your team needs 1 of the 3 tricks left, "\n'
            in quiz and '"under half, so break the nil",' in quiz)
    assert "their team" not in text
    from hearts_teach.agents.spades import CONTRACT_FIRST

    assert CONTRACT_FIRST == 0.5
    from hearts_teach.course.spades_lesson import bots_position

    defence = bots_position(437, dealer=3, trick=11, cards=3)
    left = 13 - len(defence.tricks)
    need = defence.bids[0] + defence.bids[2] - defence.team_tricks[0]
    assert (need, left) == (1, 3) and need < CONTRACT_FIRST * left
    # r116 (newcomer r115: could East, the nil bidder, have ducked its partner's 9♠?): its bot's trace, printed
    assert "East's bot plays 10♠ (its only legal card: no choice, 10♠ is forced)\n" in _code_outputs(
        "defence = bots_position(437")
    # the lead's reason is the bots' trace, printed: contract first for the weighed bot, the nil for the baseline
    printed = _code_outputs("nil_first = same_deal(17)")
    # r74 (rater: the two plays of deal 17 took two long prints): one row a plan, read off the engine
    for plan, played in (("Contract first", weighed), ("Break-nil first", nil_first)):  # r108: the printed label
        took, points = played.team_tricks[0], played.score().team_points
        row = (f"{plan:15} {f'took {took}: ' + ('made' if took >= 9 else 'set'):20} "
               f"{'held' if played.tricks_won[3] == 0 else 'broke':10} "
               + ", ".join(f"{p:+d}".replace("-", "−") for p in points))
        assert row in printed, row
        # r81 (rater: −79 and +123 printed but never broken down): each plan's score sheet, printed under the rows
        assert f"\n{plan}:\n" + str(played.score()).replace("-", "−") in printed, plan
    assert ("Trick 1, South to lead:\n  weighed bot for South: A♥ (need 9 of the last 13 tricks: our contract "
            "before their nil)\n baseline bot for South: 5♥ (bust the opponents' nil: lead low, leaving the nil bidder little room under "
            "it)") in printed  # fresh rater r34_c: "stay low under it" on a lead, with nothing to stay under
    cells = lesson_cells()
    first_print = next(i for i, c in enumerate(cells) if "weighed bot" in "".join(
        "".join(o.get("text", "")) for o in c.get("outputs", [])))
    first_said = next(i for i, c in enumerate(cells) if c["cell_type"] == "markdown" and "weighed bot" in "".join(c["source"]))
    assert first_said < first_print
    # "Breaking an opponent's nil swings their score 200 (−100 instead of +100)" (fresh rater r49: "swings 200 points"
    # read as 200 gained by you)
    from hearts_teach.games.spades import score_hand

    kept, broken = score_hand([0, 4, 5, 4], [0, 4, 5, 4]), score_hand([0, 4, 5, 3], [1, 4, 5, 3])
    assert kept.team_points[0] - 50 == 100 and broken.team_points[0] - 51 == -100
    assert "Breaking an opponent's nil swings their score 200 (−100 instead of +100)" in text
    # fresh rater r41_b: the bots' rule itself comes before deal 437's question (it was only in the section after)
    # fresh newcomer rater r48: "can matter more" held only for contracts of 11 or more; a set is said as scored
    rule = ("Breaking an opponent's nil swings their score 200 (−100 instead of +100), but chasing it can cost your "
            # r107 (words): "too" cut
            # r111 (words): "(counting this one)" said once, at its first statement (deal 1246)
            # r112 (words): the rule's restatement cut; said whole at deal 1246, before deal 437 (held below)
            "contract. **Your turn to defend.** Deal 437: you are South, last to play in trick 11.")
    # fresh newcomer rater r51: the tables' legend was only in hidden code; it comes before the first table, and
    # defines the *ruff* deal 17's print uses (tricks_table: "(trump)" marks a trick won by a spade on another suit)
    # r55 (rater r54): it sat mid-paragraph at deal 437; it moved up to deal 1246, before the first trick row
    from hearts_teach.course.spades_lesson import tricks_table as _table
    assert "(ruffed) a ruff" in (_table.__doc__ or "") and "* marks the winner" in (_table.__doc__ or "")
    # r60 (rater): "then" read as "afterwards": "in that case"; "as if no nil were bid" cut for words
    assert "then it plays for tricks" not in text
    # r84 (words): *ruff* is now defined in the checklist's ruffs lines, above
    # r116 (newcomer r115: "Last trick: K♥ Q♥ J♥ 8♣ → East" named no seats): the legend covers that line too
    # r117 (newcomer r116: the legend said (trump), the Last trick lines print (trumped)): both words named
    # r119 (newcomer r118: which word, (trump) or (trumped), appears where?): each named with its place (tricks_table
    # rows print "(trump)", the status view's Last trick line "(trumped)", both shown in this lesson's outputs)
    # one mark now: every Spades trick printer reads SpadesTrick.trump_mark, so the legend names one word
    legend = "Trick rows and *Last trick*: leader first, * on the winner, (ruffed) when a *ruff* won."
    assert "(trump/trumped)" not in text and "(trump;" not in text
    nil_cells = _nil_cells()
    assert all("(trump)" not in "".join("".join(o.get("text", "")) for o in c.get("outputs", [])) for c in nil_cells)
    assert all("(trumped)" not in "".join("".join(o.get("text", "")) for o in c.get("outputs", [])) for c in nil_cells)
    first_row = next(i for i, c in enumerate(nil_cells) if "Trick 1 as played:  1." in "".join(
        "".join(o.get("text", "")) for o in c.get("outputs", [])))
    assert legend in " ".join("".join(nil_cells[first_row - 1]["source"]).split()) and legend in text
    assert rule in text and text.count("swings their score 200") == 1 and "swings 200 points" not in text
    before = " ".join(" ".join("".join(c["source"]) for c in cells[:next(
        i for i, c in enumerate(cells) if "defend_quiz = Quiz(" in "".join(c["source"]))]).split())
    assert rule in before  # said before the deal-437 question, which it does not answer: is the contract safe?
    assert "needs at least half the tricks left (counting this one)" in before  # r112: the rule itself, at deal 1246
    # r57 (a fresh rater): the rule said as the bots' rule, not an obligation; "break the nil" made concrete, as the
    # bots' bust rule plays it (stay low under the nil bidder's card)
    from hearts_teach.agents.spades import SpadesBot as _Bot
    assert "bust the opponents' nil: stay low under it" in __import__("inspect").getsource(_Bot)
    # r74 (rater: "contract first while ... in that case" was clumsy): said as if / otherwise
    # r91 (rater r90: does the trick being played count?): it does (the bot's left = 13 - tricks_done, tricks_done
    # counting finished tricks only: at trick 1 it says "need 9 of the last 13 tricks", printed at deal 17)
    # r111: "(counting this one)" moved to the rule's first statement, at deal 1246
    assert text.count("needs at least half the tricks left (counting this one)") == 1
    assert "if a bot's team needs half the tricks left or more, it plays for the contract" not in text  # r112: said once
    assert "half the remaining tricks" not in text
    assert "left = 13 - v.tricks_done" in __import__("inspect").getsource(_Bot._rule)
    from hearts_teach.agents.spades import as_view as _as_view
    from hearts_teach.course.spades_lesson import bots_position as _position
    assert _as_view(_position(437, dealer=3, trick=11, cards=3)).tricks_done == 10  # trick 11 under way: 3 left


def test_the_bidding_section_teaches_a_players_count_and_points_to_the_recipe():
    """Newcomer round 10 put the three parts of the bots' count in a table, the exact rules in a fold. Fresh rater
    (round 29): the lesson spent its prose on how the bot counts; a newcomer wants to bid. The section now lists
    what usually wins a trick, in a player's words, and names ``trick_count``'s docstring for the bots' recipe.
    Each bullet's claim is held here against the bots' count (they count the same things)."""
    cells = lesson_cells()
    # closing round 42: the section shares the lesson's first cell (title and links above it); it is the text from its heading
    top = "".join(cells[0]["source"])
    assert top.startswith("# 09a") and "\n\n## Bidding: say how" in top
    # fresh rater r36_c: the values list moved to the cell after deal 22's print (cell 0 was the densest screen)
    # fresh rater r43_e: the values are three steps now, the rare cases in a collapsed fine print
    # r59 (rater r57): the steps are four markdown cells now, each under a code cell printing its part of the count
    at = cells.index(next(c for c in cells if "## Count in steps" in "".join(c["source"])))
    assert at == 2 and "".join(cells[at]["source"]).startswith("## Count in steps\n\nSteps are taught 1 to 4, but to count a hand")  # r116  # r112  # r111  # r98: the order first
    assert "\n\n**1. High side cards.** Only aces, kings and queens count" in "".join(cells[at]["source"])
    # rater r68: a question on step 2 (a code cell) follows its table, so the steps span one cell more
    # r70 (rater r69): each rule before its output: step 1's print is a cell of its own after the step-1 table
    # r73 (newcomer r72c): a question on 3b follows step 3's print, and step 4 is one cell with its example
    # r91 (newcomer r90 item 1): 3b is a markdown cell of its own after deal 22's ruff line, so the steps span one more
    steps = [c for c in cells[at:at + 10] if c["cell_type"] == "markdown" and not "".join(c["source"]).startswith("**3b.")]
    assert [re.search(r"\*\*(\d\. [^*]+)\*\*", "".join(c["source"])).group(1) for c in steps] == [
        "1. High side cards.", "2. Protected spades", "3. Ruffs", "4. Spade length"]
    # the sum and its rounding follow Suggest's print of the estimate (deal 22's steps added up)
    assert "step2_quiz = Quiz(" in "".join(cells[at + 4]["source"])
    # r72: step 4's example (deal 1526's print and the length question, four cells) sits between step 4 and the sum
    # r72b (newcomer r72 item 5): Suggest's print gave the total before "Add them up" asked for it; the sum and the
    # rounding come first now, in a cell of their own, and Suggest's print confirms them
    assert "demo_bidder.suggest()" in "".join(cells[at + 13]["source"])
    assert "".join(cells[at + 12]["source"]).startswith(
        "**Add the steps**: deal 22 counts 2 + 1¾ + ¼ = 4. To bid, **drop any fraction**")
    assert "".join(cells[at + 14]["source"]).startswith("**Try steps 1, 2, 3, 3b** on a new hand")  # r109: "1 to 3b" read as skipping step 2 (newcomer r109 item 3.4)  # r97: its answer uses 3b (newcomer r95)
    # rater r65: "Add them up" never showed deal 22's sum; each term is a step's printed total (deal 22 has four
    # spades, so no step 4), and the sum is Suggest's printed estimate
    from hearts_teach.course.spades_lesson import count_part
    deal22 = SpadesHand.deal(seed=22, dealer=1).cards(0)
    assert [count_part(deal22, h).splitlines()[0] for h in ("High side cards", "Protected spades", "Ruffs")] == [
        "High side cards: 2", "Protected spades: 1¾", "Ruffs: ¼"]
    assert len(deal22.of_suit(Suit.SPADES)) == 4 and estimate_tricks(deal22, long_spades=True) == 4
    values_cell = "\n".join("".join(c["source"]) for c in [c for c in cells[at:at + 10] if c["cell_type"] == "markdown"] + [cells[at + 12]])  # r91: 3b's cell too
    bidding = top[top.index("## Bidding: say how"):] + "\n" + values_cell
    text = " ".join(bidding.split())
    # fresh rater r35_e: the player's list and the bots' values list overlapped; one list now (VALUES, held against
    # the docstring in test_the_values_list_is_trick_counts), each value with the principle it expresses
    # r108 (newcomer r108 item 2.2): a ruff wins (glossary), yet step 3 has a higher spade beat one: the opening says
    # a higher spade from another player can still beat yours (then, as the glossary says, it was no ruff)
    # r109 (newcomer r109 item 2.1): "win ... can still beat yours" read as self-contradictory: the glossary's words
    # r111 (newcomer r111 item 2.1): the course's sense kept (the glossary's), the common sense named
    bullets = ["To *ruff* is to win a side-suit trick with a spade, holding none of that suit (some books call "
               "any spade so played a ruff).",  # r48: word order
               # r51: the table's rows (a lone king's 0 said)
               "| king | two to five | 1 | a smaller card to play under the ace |",  # r81 (words): the Why column shorter
               "| king | one | 0 | it may have to fall under the ace |",  # r119: "alone" also meant "by length only"
               "| ace | seven or more | ½ | the bots' cutoff for a long suit: the longer it is, the likelier an opponent holds none and [ruffs](glossary.ipynb#cell-id=term-ruff) |",
               # fresh rater r38_g: the reason for the rule (a smaller spade to follow with for each higher one led)
               # fresh newcomer rater r48: split in two, with deal 22's K♠ as the walk-through
               "**2. Protected spades**: a spade wins once the higher spades you lack are gone. Each "
               "smaller spade lets you [follow](glossary.ipynb#cell-id=term-follow) when a higher one is led: when the A♠ is led, play a smaller spade and "
               "save the K♠.",  # r71b: "keep" now means not crossed off
               # r87 (newcomer r86 item 3): trump named, as lesson 09 defines it (the length quiz's answer uses it)
               # r94 (newcomer r94 item 3): trump and ruff defined in the opening, before step 1's "ruffs"
               # r97 (words): the side suits defined inside trump's sentence
               "Spades are *trump*: a spade beats any card of the other suits, the *side suits*. "
               "To *ruff* is to win a side-suit trick with a spade, holding none of that suit (some books call any "
               "spade so played a ruff). The bots count",  # r109: no "wins ... can be beaten" contradiction
               "**3. Ruffs**. A *void* (no card of "
               "a suit) counts 2, a *singleton* (one card) 1, a *doubleton* (two cards) ¼",  # r71b: ruff defined here
               # r54 (rater r52): one line of reasons for step 3's values
               # r84 (newcomer r82): why a void counts 2: it can ruff both of a suit's first two leads
               # r84b (words): said shorter, the higher ruff kept
               # r110 (newcomer r110 item 2.1): "a void can ruff ... first two leads" read as a rule's limit: the count's credit
               "Why: the count lets a void ruff a suit's first two leads, a singleton the second; a doubleton only the "
               # r62 (rater r62): a ruff wins (glossary), so a beaten spade is no ruff: the doubleton's ruff needs no higher spade
               "third, when an opponent may also be void and play a higher spade.",  # r75c: "ruff higher" read as a ruff that loses; r90: and clashed with the definition
                # rater r71: "only if ..." unclear  # rater r64: easier to parse  # r59: a ruff wins (glossary)
               # fresh rater (round 30): spade length replaces protected spades and ruffs when larger, not added;
               # fresh rater r33_e: why (held below: length counts those spades)
               # fresh rater r41_b: "as ruffs use those same spades" read as if length kept every spade; the
               # list now says plainly that the five highest keep their printed values (held on every hand by
               # test_the_spade_length_sentence_is_the_engines_on_any_hand)
               # fresh rater r43_e: the whole rule is now "the bots' fine print", so "an odd mix, but it is the
               # bots' rule" is cut
               # r51: step 4 says why it replaces steps 2 and 3
               # rater r61: step 4 as two totals, A (steps 2 + 3) and B (length), the larger kept, step 1 added
               # either way (deal 2054: 1½ + 5 = 6½, held in test_step_four_adds_step_one); B's five highest keep
               # their values after crossing off (deal 1526: 2¾, not step 2's 4 before 3b), which the lesson calls rough
               # rater r71: "crossed off or not" beside "use the values after 3b" read as a contradiction: one clause now
               # r73 (newcomer r72c item 7): deal 1526's numbers beside A and B
               # r81 (newcomer r81): "the 8♠ from 1 to ¾" compared with values never shown: B lists the five values it adds
               # r84b (newcomer r84): "count them once" clashed with B's low spades protecting and counting +1
               # r87 (newcomer r86 item 1): B in three plain steps; "no ruffs in B" said plainly
               # r89 (newcomer r87b item 1): "B has no ruffs" beside B's crossing off read as a contradiction: why said
               "- **A** = steps 2 + 3, after 3b. - **B** leaves out the ruffs but keeps 3b's crossings (an arbitrary bots' convention): your "  # r114 r117 r119 r120
               "five highest spades' step-2 values (0 if crossed off), + 1 "
               "for each spade after the fifth, crossed off or not. Then add step 1.",  # r91 (newcomer r90): the second "rough count" cut  # r90 (newcomer r89 item 2): the bots' internals replaced by one plain sentence  # r72: plainer  # r65: plainly  # r64  # rater r62, r63: the older wording could not be followed
               # fresh rater r43_e: say plainly that a bid close to the bots' is fine; the exercise's feedback agrees
               # (held below on deal 134: one under never falls short, one over does)
               # r48 (words): the "one under" sentence merged into the next
               # r51: "even one under the bots'" was asserted, not shown; the reason is now the scorer's four cases
               # in the cell after the count (test_the_bid_lower_example_is_the_scorers)
               BID_ROUNDING]
    for bullet in bullets:
        assert bullet in text, bullet
    assert VALUES in text
    # fresh rater r34_c: the pointer to a docstring meant nothing to a newcomer; the values list replaces it
    assert "docstring" not in text and "hearts_teach.agents" not in text
    assert "odd mix" not in text and "protected-spade values" not in text
    assert text.count("<details><summary>") == 0  # r54: the fold's rules are in the visible steps
    from hearts_teach.course.spades_lesson import bid_check

    bots = smart_bid(SpadesHand.deal(seed=134, dealer=1).cards(0))
    under, over = bid_check(134, 1, bots - 1), bid_check(134, 1, bots + 1)
    # r75 (newcomer r75pre item 1): a trick over is a bag only if the side makes its contract: the side's result is printed
    assert "Short of your own bid" not in under and "More than your own bid every time" in under
    assert "Your side was set in" not in under and "Your side made its contract every time." in under
    assert "Short of your own bid" in over and "a lower bid was safer" in over and "Your side was set in 14 of 20" in over
    # a fresh rater (final round): deal 1526's 1½ ruffs use two spades while a bid's half rounds down; the numbers
    # line said how the ruffs round. Fresh rater r33_e ("baffling"): that is the docstring's alone now
    assert "exact half" not in text and "(an exact half: whichever way leaves an even number of spades)" in recipe()
    assert "1. **High side cards.**" in recipe() and "4. **Spade length**" in recipe()
    # the bullets' words hold for the bots' count, on many dealt hands
    rng = Rng("lesson09a/table")
    seen_long = 0
    for i in range(500):
        cards = SpadesHand.deal(rng.spawn(f"deal/{i}"), dealer=0).cards(0)
        count = trick_count(cards)
        side = {DECK[c].pretty: t for c, t in count.side}
        for suit in (Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS):
            held = cards.of_suit(suit)
            n = len(held)
            for card in held:
                worth = side.get(card.pretty, 0)
                if card.rank == 14:  # aces about 1, less in seven cards or more
                    assert worth == (1 if n <= 6 else 0.5)
                elif card.rank == 13:  # kings with company about 1, alone nothing, less in six or more
                    assert worth == (0 if n == 1 else 1 if n <= 5 else 0.25)
                elif card.rank == 12:  # queens with two or three beside them: a half
                    assert worth == (0.5 if 3 <= n <= 4 else 0)
                else:
                    assert worth == 0
            seen_long += n >= 6
        assert all(Suit(s) is not Suit.SPADES and len(cards.of_suit(Suit(s))) <= 2 for s, _ in count.ruffs)
        spades = cards.of_suit(Suit.SPADES)
        if len(spades) >= 6:  # each spade after the fifth one trick more, replacing spades and ruffs when more
            long = trick_count(cards, long_spades=True)
            assert long.length == sum(t for _, t in count.spades[:5]) + len(spades) - 5
            # "used up or not": the spades the ruffs set aside are spades the length count counts
            assert set(count.spent) <= {c.index for c in spades}
            both = count.spade_tricks + count.ruff_tricks
            assert long.total == count.side_tricks + (long.length if long.length > both else both)
        if not spades:  # ruffs only with spades to spare
            assert count.ruff_tricks == 0
    assert seen_long > 20


def test_the_nil_reason_names_each_short_suit():
    """Newcomer round 10: hand B's reason said "short in spades (2 cards) and hearts (2 cards), so once
    that suit is gone …": which suit? ``nil_verdict`` now names each short suit, and writes the count
    in quarters as the lesson does."""
    from hearts_teach.course.spades_lesson import nil_verdict, short_suits

    hand_b = SpadesHand.deal(seed=802, dealer=1).cards(0)
    assert nil_verdict(hand_b) == (
        "a nil: no ace; 2 spades (at most 3 allowed); no unguarded queen or king (K♦ Q♦ guarded); the rule of thumb "
        # r93 (newcomer r92: "short" meant three things in 09b): the suits named by the ruff table's words
        "counts ½ trick (under 1); a doubleton in hearts: with no hearts left in your hand, you can throw a high "
        # r97 (newcomer r95: "a help to what?"): said as a plain risk
        "card away on each heart led; a spade doubleton: a risk until both are gone, as you must "
        "follow each spade lead and your 7♠ may win one")
    assert estimate_tricks(hand_b) == 0.5
    rng = Rng("lesson09a/nil-reasons")
    low = [c for c in DECK if c.rank <= 11 or (c.rank <= 13 and c.suit is not Suit.SPADES)]  # nil hands are rare
    seen = 0
    for i in range(3000):
        cards = CardList(rng.sample(low, 13)) if rng.random() < 0.9 else SpadesHand.deal(rng.spawn(f"deal/{i}")).cards(0)
        text = nil_verdict(cards)
        assert "that suit" not in text
        if not nil_ok(cards):
            continue
        seen += 1
        short = [s for s in Suit if len(cards.of_suit(s)) <= 2]
        kind = {0: "void", 1: "singleton", 2: "doubleton"}  # r93: the table's words, not "short in"
        assert all((f"a spade {kind[len(cards.of_suit(s))]}" if s is Suit.SPADES and cards.of_suit(s) else
                    f"a {kind[len(cards.of_suit(s))]} in {s.plural}") in text for s in short)
        assert "short" not in text
        assert (short_suits(cards) == "") == (not short)
        assert f"counts {quarters(estimate_tricks(cards))} trick" in text
        # r90 (rater r89: "its highest cards are ..." did not say line 3 was checked): the queens and kings, guarded
        high = [c.pretty for s in reversed(Suit) for c in sorted(cards.of_suit(s), key=lambda c: -c.rank)
                if c.rank in (12, 13)]
        assert (f"; no unguarded queen or king ({' '.join(high)} guarded);" if high else "; no queen or king;") in text
        assert "its highest cards are" not in text
        assert text.index("spade") < text.index("queen or king") < text.index("rule of thumb")  # the checklist's order
    assert seen > 20
    # a card list in any order gives the same queens and kings
    assert "(Q♦ guarded);" in nil_verdict(CardList("3D QD 2D 4S 3S 2S 6H 5H 4H 3H 6C 5C 4C"))


def _code_outputs(marker: str) -> str:
    cells = lesson_cells()
    cell = next(c for c in cells if c["cell_type"] == "code" and marker in "".join(c["source"]))
    return "".join("".join(o.get("text", "")) + "".join(o.get("data", {}).get("text/plain", ""))
                   for o in cell.get("outputs", []))


def test_the_long_spades_suggestion_waits_for_a_click():
    """Newcomer round 14: Suggest's answer was never stored, so the text path showed no suggestion.
    Newcomer round 15: printing it under the hand answered the count the lesson asks for. The deal-2054
    widget now shows no suggestion until Suggest is clicked; after a click its text ends with the rule
    bot's bid (``view_bid``), and the practice widget's typed answer names the rule of thumb's bid."""
    from hearts_teach.agents.spades import view_bid
    from hearts_teach.course.spades_lesson import spades_bots
    from hearts_teach.present.widgets.spades_table import BidWidget

    hand = SpadesHand.deal(seed=2054, dealer=3)
    widget = BidWidget(hand, seat=0, bots=spades_bots(2054))
    advice = view_bid(widget.hand.view(0))
    assert advice == 6
    shown = _code_outputs("long_bidder = BidWidget(")
    assert "Suggest" not in shown and "Estimate" not in shown and "6" not in shown.splitlines()[-1]
    assert "long_bidder.suggest()" not in _code_source("long_bidder = BidWidget(")
    widget.buttons["suggest"].click()
    assert widget.text().rstrip().endswith("The bots' bid: 6 (the estimate rounded to the nearest trick, a half "
                                           "rounding down, and at least 1).")
    assert widget.hand.bids[0] is None  # suggesting bids nothing
    text = " ".join(prose().split())
    # rater r68: Suggest follows a rule the lesson calls worse: it is there to compare with
    # r72 (newcomer r72): Suggest and the answer to a bid used the bots' rounding while the lesson drops any fraction;
    # the lesson's widgets (lesson_bid=lesson_bid) now show the lesson's bid beside the bots', and why they differ
    # r87 (words): deal 21's cell already says what Suggest shows; deal 2054's gives only the typed commands
    assert "step 4 applies. No buttons? Type `long_bidder.suggest()` or `long_bidder.bid(n)`." in text
    # r89 (newcomer r87b): the no-widget fallback gave only bid(n), though the sentence points to Suggest
    # r108 (newcomer r108 item 3.3): what a click shows was not said: the reply gives what Suggest gives (held below)
    # r120 (word cap): the reply sentence cut (a click shows its own reply; deal 21's folded count prints the bots'
    # count and both bids); the typed fallback stays
    assert "No buttons? Type `bidder.suggest()` or `bidder.bid(n)`." in text
    assert "The reply, like **Suggest**" not in text
    assert "under the hand, shows" not in text
    from hearts_teach.course.spades_lesson import lesson_bid as _lesson_bid
    from hearts_teach.course.spades_lesson import spades_bots as _bots
    from hearts_teach.present.widgets.spades_table import BidWidget as _BW
    for act in ("suggest", "bid"):
        _w = _BW(SpadesHand.deal(seed=21, dealer=1), seat=0, bots=_bots(21), lesson_bid=_lesson_bid)
        said = _w.suggest() if act == "suggest" else _w.bid(2)
        assert "1¼ tricks" in said and "bids 1" in said.replace("bid: 1", "bids 1") and "This lesson's bid" in said
    from hearts_teach.course.spades_lesson import lesson_bid
    assert all("lesson_bid=lesson_bid)" in _code_source(marker) for marker in (
        "demo_bidder = BidWidget(", "bidder = BidWidget(practice", "long_bidder = BidWidget("))
    practice = BidWidget(SpadesHand.deal(seed=21, dealer=1), seat=0, bots=spades_bots(21), lesson_bid=lesson_bid)
    assert "The rule of thumb counts" in practice.bid(4) and "bids 1" in practice.last_message
    # r73 (newcomer r72c item 4): one bid is said once
    assert "and bids 1: you count on 3 tricks more." in practice.last_message
    assert practice.last_message.endswith("This lesson's bid is the same as the bots'.")
    long = BidWidget(SpadesHand.deal(seed=2054, dealer=3), seat=0, bots=spades_bots(2054), lesson_bid=lesson_bid)
    assert long.suggest().endswith("The bots' bid: 6 (the estimate rounded to the nearest trick, a half rounding down, "
                                   "and at least 1). This lesson's bid is the same as the bots'.")
    # at three quarters the two differ, and the widget says why (deal 1526: 5¾, the bots 6, the lesson 5)
    three = BidWidget(SpadesHand.deal(seed=1526, dealer=3), seat=0, bots=spades_bots(1526), lesson_bid=lesson_bid)
    assert three.suggest().endswith("The bots' bid: 6 (the estimate rounded to the nearest trick, a half rounding "
                                    "down, and at least 1). This lesson's bid (drop any fraction, at least 1): 5: the "
                                    "bots round three quarters up; this lesson drops them.")
    assert three.bid(5).endswith("This lesson's bid (drop any fraction, at least 1): 5: the bots round three quarters "
                                 "up; this lesson drops them.")


def _code_source(marker: str) -> str:
    cells = lesson_cells()
    return next("".join(c["source"]) for c in cells if c["cell_type"] == "code" and marker in "".join(c["source"]))


def test_west_could_not_save_easts_nil_on_deal_17():
    """Newcomer round 14: the lesson did not say why West, East's partner, let the nil break in trick 12.
    The printed reason (``partner_story``) is held here against the cards West was dealt and played."""
    from hearts_teach.course.spades_lesson import partner_story, play_spades, same_deal

    _, hand = same_deal(17)
    play_spades(hand, seed=2)
    trick = hand.tricks[11]
    assert trick.number == 12 and trick.winner == 3 and trick.card_of(3).pretty == "J♠"
    assert [trick.card_of(s).pretty for s in (2, 3, 0, 1)] == ["10♠", "J♠", "8♠", "6♠"]  # West plays last
    west = hand.dealt(1)
    assert " ".join(c.pretty for c in west.of_suit(Suit.SPADES)) in ("K♠ 9♠ 6♠", "6♠ 9♠ K♠")
    assert hand.tricks[7].card_of(1).pretty == "K♠" and hand.tricks[7].winner == 1 and hand.tricks[7].trumped
    assert hand.tricks[9].card_of(1).pretty == "9♠"  # so only the 6♠ was left in trick 12
    story = ("West, East's partner, played after East in trick 12: its only legal card, 6♠, was under East's J♠.\n"
             "West had been dealt one spade higher than J♠, K♠, and had already played it: K♠ in trick 8 (a ruff).")
    assert partner_story(hand, 3) == story
    # fresh rater r41_b: West held higher cards in other suits too; the story says "one spade" (the trick was led
    # in spades, so only a spade beats the J♠ there)
    assert trick.cards[0].suit is Suit.SPADES
    assert any(c.rank > 11 and c.suit is not Suit.SPADES for c in west)  # "one card higher" would mislead
    assert story in _code_outputs("partner_story(spades, 3)")
    # newcomer round 17: the prose question gave way to the trick-10 discard question; the cell says what it prints
    # fresh rater (round 27): the cell prints four things; each part has a heading, this one says what it is
    # closing round 42: the four parts are two cells now; this one, the bots' line, has a lead-in of its own
    # r93: the bots' rows for tricks 10 to 13 come first under it (test_the_discard_question_at_trick_10_of_deal_17)
    assert ("── How the nil broke: tricks 10 to 13 as played, and why West could not save it, and why South chose not to ──\n"
            "10. S  K♣") in _code_outputs("partner_story(spades, 3)")
    assert "\nEast's nil broke at trick 12" in _code_outputs("partner_story(spades, 3)")


def test_the_blind_nil_demonstration_says_why_its_ace_was_a_risk():
    """Newcomer round 14: the blind nil shown held the A♥ and still kept, unexplained. The lesson prints the
    bots' nil rule on those cards and the trick the A♥ was winning until West trumped it; held here."""
    from hearts_teach.course.spades_lesson import before_play, close_calls, nil_verdict, spades_bots
    from hearts_teach.games.spades.rules import SpadesRules
    from hearts_teach.present.widgets.spades_table import BidWidget

    rules = SpadesRules.preset("blind_nil")
    demo = BidWidget(SpadesHand.deal(seed=6, dealer=3, rules=rules, scores_before=(180, 320)), seat=0,
                     bots=spades_bots(6))
    demo.bid("blind nil")
    cards = demo.hand.cards(0)
    assert any(c.pretty == "A♥" for c in cards) and not nil_ok(cards)
    assert "A♥ wins a heart trick unless someone trumps it" in nil_verdict(cards)
    from hearts_teach.course.spades_lesson import play_spades

    play_spades(demo.hand, seed=6)
    t10 = demo.hand.tricks[9]
    assert [t10.card_of(s).pretty for s in (3, 0, 1, 2)] == ["7♥", "A♥", "7♠", "6♥"] and t10.winner == 1
    west_hearts = demo.hand.dealt(1).of_suit(Suit.HEARTS)  # "West, out of hearts": all played before trick 10
    assert west_hearts and all(next(t.number for t in demo.hand.tricks if t.card_of(1) == c) < 10 for c in west_hearts)
    assert demo.hand.tricks_won[0] == 0
    line = "Trick 10: after East 7♥, South played its only legal card A♥, winning the trick until West trumped it with 7♠."
    assert line in close_calls(demo.hand, 0)
    # round 17: West's 7♣ went over South's 3♣ before North's 10♣; the sentence names the first card over it
    t4 = demo.hand.tricks[3]
    assert [t4.card_of(s).pretty for s in t4.seats] == ["2♣", "3♣", "7♣", "10♣"]
    four = ("Trick 4: after East 2♣, South played its only legal card 3♣, winning the trick until West went over "
            "it with 7♣ (then North took the trick with 10♣).")
    assert four in close_calls(demo.hand, 0)  # the prose below the cell says it; r38_g: not printed again
    printed = _code_outputs("demo_blind = BidWidget(")
    assert line in printed and four not in printed and "Had South looked, the checklist says not a nil:" in printed
    # fresh rater (round 27): the trick 4 and trick 10 lines came without the tricks; round 28: "its only legal card"
    # could not be checked without tricks 1-3, so the whole trick table (the lesson's helper) is printed, then
    # each line with the rule of the card that took the trick over, and West's cards before trick 10
    from hearts_teach.course.spades_lesson import bot_reasons, tricks_table

    table = tricks_table(demo.hand)
    rows = table.splitlines()
    assert len(rows) == 13 and f"\n\n{table}\n" in printed
    assert rows[3].startswith(" 4. E  2♣   S  3♣   W  7♣   N 10♣*") and rows[9].startswith("10. E  7♥   S  A♥   W  7♠*")
    # "its only legal card 3♣": South's other clubs, Q♣ and 9♣, are in rows 2 and 3 of the printed table
    assert "S  Q♣" in rows[1] and "S  9♣" in rows[2] and sorted(c.pretty for c in cards.of_suit(Suit.CLUBS)) == sorted(
        ["Q♣", "9♣", "3♣"])
    north = "Trick 4: weighed bot for North: 10♣ (protect partner's nil: win over partner)"
    assert north == "Trick 4: " + bot_reasons(demo.hand, 4 * 3 + 3, styles=("weighed",), seed=6).strip()
    # r59: raters r54 and r57 each stumbled on North's printed "win over partner" in trick 4, with South's 3♣ already
    # beaten by West's 7♣ (it blurred the cover rule taught with deal 1246); the line and its sentence are cut
    assert north not in printed and f"{table}\n\n{line}\n" in printed
    assert f"\n{line}\nTrick 10, West's cards before it played: ♠ K Q J 7  ♥ —  ♦ —  ♣ —\n" in printed
    assert t4.winner == 2 and t4.card_of(2).pretty == "10♣" and t4.seats[-1] == 2  # North, last to play, took it
    text_now = " ".join(prose().split())
    # round 28 (a fresh rater): West's 7♣ had already gone over South's 3♣, so North's cover saved nothing
    # fresh rater r34_c cut "(its printed rule says why)" for words: the printed rule sits right above
    # r55 (rater r54): "covered" did not fit the bot's "win over partner" with South already beaten; the prose says
    # the printed reason is the rule's name and that every club North held beat the 7♣ (its clubs: rows 2, 3, 4, 6)
    # r57 (a fresh rater): "only its rule's name" was unclear; one sentence: North's legal cards were 10♣ and J♣,
    # both over West's 7♣, and North played last, so either took the trick
    assert "In trick 4, North's rule changed nothing" not in text_now  # r59: cut, with the printed line (above)
    north_legal = before_play(demo.hand, 4 * 3 + 3).legal_plays(2).cards
    assert sorted(c.pretty for c in north_legal) == ["10♣", "J♣"]
    north_clubs = before_play(demo.hand, 4 * 3 + 3).cards(2).of_suit(Suit.CLUBS)
    assert sorted(c.pretty for c in north_clubs) == ["10♣", "J♣"] and all(c.rank > 7 for c in north_clubs)
    assert [demo.hand.tricks[t].card_of(2).pretty for t in (1, 2, 3, 5)] == ["4♣", "8♣", "10♣", "J♣"]
    assert t4.seats.index(1) < t4.seats.index(2) and t4.card_of(1).pretty == "7♣" and t4.card_of(0).pretty == "3♣"
    # r74 (rater: one cover rule after the nil bidder, another before it): both said in the bullet
    # r74b (words): "taking the trick instead" cut (going over the nil bidder's card is taking the trick)
    # r84 (words): the two cases in one sentence
    # r97 (newcomer r95: *cover* never defined): defined where first used
    # r98 (newcomer r97: no example of a cover before the nil): deal 1246's trick 3 (North's K♣), printed below
    # r99 (newcomer r98: "before, with its highest, if it wins" cryptic, and what if it cannot win?): said plainly,
    # as _protect does it (its highest card that beats the trick so far; with none, its lowest)
    # r119 (newcomer r118: North's 6♦ in deal 1246's trick 1 was not its lowest winner, Q♦): the after-case says when
    # (_protect: the lowest winner only while the partner is winning the trick, else the lowest card, held below)
    assert ("**The nil bidder's partner** *covers*, taking the trick over the nil. After the nil "
            # r120: (newcomer: a bare "Before:" took a second read) "Before the nil bidder:"; "it" (the nil bidder) for words
            "bidder: if it is winning, its lowest card that wins; else its lowest (deal 1246, trick 1). "
            # r107 (newcomer r107: "the cards down" took two reads): "the cards played"
            "Before the nil bidder: its highest card that beats the cards played, leaving the nil bidder room under it (trick "
            "3); with none, its lowest.") in text_now
    t1 = play_spades(SpadesHand.deal(seed=1246, dealer=3), seed=1246).tricks[0]  # r119: South led, West's 9♦ won, North's 6♦
    assert t1.winner == 1 and t1.card_of(2).pretty == "6♦" and t1.seats.index(0) < t1.seats.index(2)
    assert "before, with its highest, if it wins" not in text_now  # r99
    assert "the cards down" not in text_now  # r107
    # r53 (rater r52): the cover with the lowest card that wins is taught before deal 1030's question (answer 9♠)
    # r76 (words): "keeping higher ones for later covers" cut; the question's reasons say it (the K♠ stays)
    assert "After the nil bidder: if it is winning, its lowest card that wins;" in text_now  # r84; r99; r119; r120: "it"
    assert "After the nil bidder: its lowest card that wins." not in text_now  # r119
    # round 27: the demonstration's label joined the blind-nil introduction (its own cell went, for the exercise)
    # r93 (newcomer r92: the practice hand's deal was only in a code comment): deal 5 named, so "(not yours)" went
    # r108 (words, for the newcomer's additions): "a **demonstration**" cut; deal 6 still named
    assert "Then deal 6: the bots play South's blind nil." in text_now
    text = " ".join(prose().split())
    # round 25: "only because" claimed too much (North, South's partner, played after West)
    # r59: "South's hand held" -> "South held" (a word cut; "only because" stays out, as round 25 asked)
    # r74 (words): "That is the risk the ±200 pays for." cut
    # r76b (rater: the A♥ read as bad luck, yet South could have thrown it on trick 6, under East's ruff, as the
    # discard tip says): said so; "only because" stays out (North, South's partner, played after West)
    # r81 (rater: the bot's trick-6 card, against the tip, was said only in passing): the 3♠ named, against the tip
    # r82 (rater: the tip was far back, and the point unsaid): the A♥ thrown on trick 6 removes trick 10's danger
    # r90 (rater r89: "tip 3" named nothing in the lesson, and "no A♥ to win trick 10" read as a loss): the step is
    # named where it is (Playing it, 3), and the point said plainly: on trick 6 the A♥ could not win
    assert ("The nil held because West, out of hearts, trumped South's A♥ on trick 10. Step 3 of *Playing it* says "
            "throw that A♥ on trick 6: on a club lead, a heart could not win. South's bot threw its 3♠.") in text
    assert "under East's 4♠, it could not win" not in text  # r99 review (rater r99: read as blaming East's trump)
    assert "tip 3" not in text and "would have left no A♥" not in text  # r90
    assert "could have thrown it safely" not in text
    assert "only because West" not in text
    six = demo.hand.tricks[5]
    at_six = before_play(demo.hand, 4 * 5 + six.seats.index(0))
    assert six.cards[0].suit is Suit.CLUBS and not at_six.cards(0).of_suit(Suit.CLUBS)
    assert Card("AH") in at_six.legal_plays(0).cards and six.winner == 3 and six.card_of(3).suit is Suit.SPADES
    assert six.seats.index(3) < six.seats.index(0)  # East's 4♠ was on the trick before South played: a heart loses
    assert six.card_of(0).pretty == "3♠"  # r81: the bot's card, named in the prose
    # round 20: the tip for a nil bidder who cannot follow agrees with deal 17's question (a dead heart
    # goes, the low spade that ducks under the J♠ stays)
    # fresh rater (round 24): *duck* is defined where the tip uses it, and the discard's order is explicit
    # r84: the tips numbered, one step a line
    assert ("To *duck*: play under the card winning the trick. 1. Following suit, duck with your *highest* card "
            "that stays under it") in text
    # fresh rater r33_e: the advice was abstract; an example of such a card, in a few words (r84: shorter)
    assert ("3. Unable to follow? Throw first a high card that could win later but not now "
            "(a K♥ on a diamond trick), else a card that can no longer matter.") in text  # r46: "low cards stay for later" said it
    # newcomer round 18: "defenders play low under the nil" seemed contradicted; West's trace says why not
    before = before_play(demo.hand, 4 * 9 + 2)
    assert before.to_act() == 1 and all(c.suit is Suit.SPADES for c in before.cards(1))
    # newcomer round 23: that trace spoke of weighing the contract against the nil, but every card West could
    # play trumped South's A♥; the bot's reason now says the nil was not at stake (test_spades_bots holds it)
    west = ("Trick 10: weighed bot for West: 7♠ (every legal card beats South's A♥, so the nil cannot break in "
            "this trick; need 2 of the last 4 tricks: win cheaply)")
    assert west in printed and "before their nil" not in printed


def test_partner_story_and_close_calls_hold_on_many_bot_hands():
    """The two helpers behind round 14's explanations, on many hands with a nil: each sentence names cards
    the seats really played, and nothing crashes on a nil that held or broke in any way."""
    from hearts_teach.course.spades_lesson import close_calls, partner_story, play_spades

    rng = Rng("lesson09a/partner")
    nils = calls = 0
    for i in range(150):
        hand = SpadesHand.deal(rng.spawn(f"deal/{i}"), dealer=3)
        hand.bid(0)  # South bids first: a nil (the bots seldom bid one themselves), then the bots play
        play_spades(hand, seed=i)
        for seat in hand.nil_seats:
            nils += 1
            story = partner_story(hand, seat)
            assert (story == "") == (hand.tricks_won[seat] == 0)
            for line in close_calls(hand, seat).splitlines():
                number = int(line.split(":")[0].removeprefix("Trick "))
                trick = hand.tricks[number - 1]
                assert trick.winner != seat and f"played {'its only legal card ' if 'only' in line else ''}" \
                    f"{trick.card_of(seat).pretty}," in line
                # the seat named after "until" is the first whose card beat the nil's (spades trump, else
                # the led suit's highest), worked out here from the trick's cards alone
                order = trick.seats
                cards = [trick.card_of(s) for s in order]

                keys = [(c.suit is Suit.SPADES, c.suit is cards[0].suit, c.rank) for c in cards]

                def leader(upto: int, keys: list = keys, order: tuple = order) -> int:
                    return order[max(range(upto), key=keys.__getitem__)]

                at = order.index(seat)
                first_over = next(order[k] for k in range(at + 1, 4) if leader(k + 1) == order[k])
                over_card = trick.card_of(first_over).pretty
                assert f"until {hand.seat_names[first_over]} " in line and f" with {over_card}" in line, line
                calls += 1
    assert nils >= 150 and calls >= 20


def test_the_nil_checklist_is_what_suggest_decides():
    """Newcomer round 16: the nil rule as a checklist of five lines, each held here against the weighed
    bid (``smart_bid``, what Suggest shows) and the nil rule (``nil_faults``)."""
    from hearts_teach.agents.spades import smart_bid

    text = " ".join(prose().split())
    # fresh rater (round 28): the recap of lesson 09 above it is cut; the checklist's line names the bid it is about
    # fresh newcomer rater r51: the header repeated the lesson's opening definition of nil and left Suggest undefined
    # r84 (words): "the button that shows the bots' bid" said shorter
    for line in ("**The nil checklist.** **Suggest** (the bots' bid button, lesson 09a) says nil only "
                 "when every line holds:",
                 # r82 (rater: deal 6 prints "A♥ 1", yet the count gave no ace a value): said in line 1, not as the
                 # table row r81 cut (line 1 still rules aces out)
                 # r84 (rater: deal 6 comes only at the blind nil, and the table had no ace row): the ace row is
                 # back in the table, stated once (values held below: 1, a half in seven cards or more)
                 "1. **No ace**, in any suit. 2. **At most three spades.**",
                 # r108 (newcomer r108: the king's "1" had to be worked out as two to five cards): each value with its
                 # suit length, the rows said alike
                 # r117 (newcomer r116: "in seven or more cards" had to be guessed as the suit's length)
                 "High side cards: an ace | 1; a half in a suit of seven or more",
                 "2. **At most three spades.**",
                 # fresh newcomer rater r48: line 3 gives its reason, the bots' own (nil_faults: "cannot hide under the
                 # others' cards")
                 "3. **No unguarded queen or king**: in every suit holding a queen or king, more cards of jack or lower "
                 # r81: "duck" was used before the tips define it: plain words
                 "than queens and kings, so you can play low while higher cards fall: Q♦ 3♦ 2♦ passes, Q♦ 2♦ does not.",
                 # fresh newcomer rater r51: "counted as above" pointed at 09a; the line links it and restates the values
                 # round 54 (rater r52): the values are a table under the list (a long-suit queen and a spade three
                 # short, 0, were missing); the engine's values are checked below
                 # r80 (rater: "the checklist says" printouts count ruffs, the summary said only Suggest does): the
                 # ruffs are in line 4 itself, so the checklist, Suggest and the printouts are one count
                 # r82 (rater: "without spade length" assumed 09a; "side suit" used before said): side suit defined here
                 # r88: "without its long-spade extra" leaned on 09a (and never applies: a nil holds three spades at most)
                 "4. **A count under 1 trick**, valued below (09a's *rule of thumb*).",
                 "A *side suit* is any suit but spades.",
                 # r55 (rater r54): the rows carry the count's own part names (count_text prints them), the spade
                 # row reads in order, "while your spades last" says why, and an example follows the table
                 # r59 (rater r55's nit: "Protected spades" printed, "Protected spade" in the table): the rows' names
                 # are now exactly the printed ones (checked against count_text at the end of this test)
                 # r93 (newcomer r92: no value for a king alone in its suit): the row gives it
                 # r98 (newcomer r97: "alone" unclear): the king's values in order, "alone in its suit" said
                 "High side cards: a king | 1 in two to five cards; a quarter in six or more; 0 alone",
                 # r114 (newcomer r114: why a queen in five cards counts 0): 09a's reasons, short (too short, it
                 # falls under the ace or king; too long, others run out and ruff)
                 "High side cards: a queen | a half in three or four cards, else 0 (lost to A, K or ruffs)",
                 # r77 (rater: "one short" hard to follow): an example each, held below (J♠ 3♠ 2♠ ¾, J♠ 5♠ ¼; not the 4♠, deal 17's answer)
                 # r79 (rater: the rule crammed in one cell): a worked row per value, each held below; an ace row (deal 6
                 # prints "A♥ 1"), held below too
                 # r81 (rater: line 1 already rules out any ace, so why count one): the ace row cut; deal 6 still
                 # prints "A♥ 1" part by part (test_r60_the_checklist_in_practice_...)
                 # r82 (rater: "three fewer or more": fewer than what?): the spade rule in one sentence, the rows its examples
                 # r84 (brief: cell 2 dense, rules on short lines; rater: why J♠ 5♠ endangers a nil unsaid until deal
                 # 17): the rule in short lines, its values in the rows, and why a nil fears a high spade
                 # r90 (rater r89: "fewer, as the rows show" left the pattern to be worked out from three rows): the
                 # rule in one line of the table (held below against trick_count), two examples under it; why a nil
                 # fears a high spade moved to the play tips' step 4, which lacked a reason (test_the_discard_question_...)
                 # r93 (newcomer r92: "short" meant three things in two cells): the spade row says "fewer", as 09a's
                 # table and the printed count do ("(two fewer)"); "short" is gone from the checklist cell
                 # r91 (rater r90: cell 3 prints the 4♠ as "0 (too few smaller spades)", a reason the table never
                 # gave): the table's last value says it in the printout's words
                 # r97 (newcomer r95: the row understood only from the worked line): a rule in H and S, one example
                 # each (values held below against trick_count); the separate worked line cut; values in words (no fraction sign in prose)
                 # r98 (newcomer r97: four examples in one cell, read several times): one row per value
                 # r99 (newcomer r98: "S" was also South, and a condition sat in the "In your hand" column): the
                 # spade rule in words, the printout's, one sentence per value
                 # r108 (newcomer r108: "as many or more" of which count?): the smaller spades kept named first
                 # r119 (newcomer r118: cross off before or after counting protected spades?): before (trick_count:
                 # kept = spades[:round(spare)], credit counted on kept only; k32h below)
                 "**Protected spades**: for each spade not crossed off (below), count the smaller ones you keep against "
                 "the higher spades you lack. As many or more: 1 (K♠ of K♠ 2♠). One fewer: three quarters (J♠ of J♠ 3♠ 2♠). Two fewer: a "
                 "quarter (J♠ of J♠ 5♠). Fewer still: 0 (10♠ of 10♠ 2♠).",
                 # r84: the ruffs' values are rows of the table too
                 # r90 (rater r89: the Ruffs rows came before *ruff* was defined): ruff and void defined above the table
                 # r114 (words): "(are *void* in)" cut; the table's row says a void is no cards
                 "A *side suit* is any suit but spades. To *ruff* is to play a spade on a side suit you lack.",
                 # r119 (newcomer r118: the Ruffs rows read as counting spades too): side suits only (trick_count's
                 # loop runs over range(SPADES))
                 "Ruffs (side suits): a void (no cards) | 2",
                 # r97 (newcomer r95: singleton, doubleton undefined): each said in cards
                 "Ruffs (side suits): a void (no cards) | 2 a singleton (one card) | 1 a doubleton (two cards) | a quarter",
                 # r77 (false item: ruffs in the table, yet "only the bots count them"): the table is a player's
                 # count; the ruffs are Suggest's, said apart (values held below: ruffs == {CLUBS: 1, DIAMONDS: ¼})
                 # r79 (rater: a hand passing every line could still be refused): the ruffs are in Suggest's line 4
                 # r81 (rater: "side suit" never said, and "you may:" unparsed): side suit and void defined; the short
                 # suit's consequence moved to "In practice", in plain words (test_r60_the_checklist_in_practice_...)
                 # r82 (rater: unsure whether a void helps or hurts a nil): the ruffs are why Suggest refuses a short
                 # suit, and why a player need not, in one place ("In practice" cut for words)
                 # r84 (rater: "ruff" used before cell 7 defined it; "You need not" clashed with line 4 counting ruffs,
                 # and the reason covered a void only): ruff defined; Suggest's refusal, then why a short suit helps
                 # r88 (rater: "a void beside one counts 1" read as contradicting the table's 2): one spade, said
                 # r90: ruff defined above the table; "needs a spade" said as the count does it (the lowest spade goes)
                 # r91 (rater r90: "a void | 2" then "a short side suit helps a nil" read as opposite messages):
                 # one explanation: the count is for bids (what a short suit could win); a nil need not ruff
                 # r93 (newcomer r92: the cap shown only for 0-1 spades; "a short suit" a second "short"): the suits
                 # named as in the table, and the cap said for any number of spades (held below against trick_count)
                 # r97 (newcomer r95: "at most one a spade" hard to parse): "never more ruffs than spades"
                 # r98 (newcomer r97: a void fails the checklist, then helps a nil, with no reason): the reason, that
                 # Suggest judges a nil by the same count, ruffs in (nil_ok's estimate_tricks; spade length apart), and a worked case (held above)
                 # r99 (newcomer r98: "setting aside your lowest spade" unexplained; Suggest or play, which to
                 # follow?): what the used spade no longer does, a worked hand (held below), and that a player may
                 # still bid the nil Suggest refuses
                 # r107 (newcomer r107: does a doubleton's quarter use a spade too?): as trick_count does it, the
                 # ruffs rounded to whole spades, so a lone doubleton uses none (held below)
                 # r108 (newcomer r108: "rounded" unclear): the spades each short suit uses, said (held below; a lone
                 # doubleton's quarter rounds to none, two doubletons may use one, so "lone")
                 # r110 (newcomer r110: "lone" unclear; the cap on ruffs never said): each ruff needs a spade, and
                 # one doubleton's quarter uses none (trick_count's rounding; held below)
                 # r111 (newcomer r111: "those", "one doubleton" and "ruffs 1" each guessed at): the spades used up
                 # named as what protects nothing; "single" doubleton (two may use one, held below); no spade, no ruff
                 # r112 (newcomer r112: "which protect nothing" and two doubletons guessed at): said as 09a's step 3b
                 # does it (trick_count: round the ruff total, cross off that many lowest spades), with the
                 # two-doubleton case worked (held below against trick_count)
                 # r114 (newcomer r114: the rounding of a half never said, "(keeping spades even)" unexplained;
                 # "K♠ keeps 3♠: 1" the K♠'s value or the hand's?; the cap left to work out): trick_count's rounding
                 # said (round(): a half goes to the even number of spades kept; held below), the K♠'s 1 and what it
                 # means for the nil (line 4: under 1), and the cap said before its example
                 # r116 (newcomer r115: does the count use the rounded ruffs or the exact ones? answer B's a half
                 # says exact): said (trick_count: kept = spades[:round(spare)], the ruffs' own values summed)
                 # r117 (newcomer r116: "count exactly" then "round" read as a contradiction; why cross off?): two
                 # steps, and the reason (trick_count: kept = spades[:round(spare)], spent on the ruffs)
                 # r119 (newcomer r118: how do a quarter and three quarters round?): to the nearest whole (round();
                 # held below: ¼ beside two spades crosses off none, ¾ beside three one)
                 # r120 (newcomer: "it" read as which total? why an even number?): "that total", and the tie-break
                 # called a convention (09a: "an arbitrary tie-break"); the example is printed (cell l09b-east-dealt)
                 "**Ruffs** (09a's step 3b) add their exact total to the count. Round that total to the nearest whole "
                 "(a half: conventionally, whichever leaves an even number of spades) and cross off that many of your "
                 "lowest spades, spent ruffing. With K♠ 3♠ 2♠, two doubletons' half rounds "
                 "to 1: cross off the 2♠; K♠ keeps 3♠, counting 1: no nil. "
                 # r109 (newcomer r109: "Never more ruffs than spades" could cap the count or the points): one
                 # example instead (held below: one spade and two voids count ruffs 1)
                 # r120 (newcomer: does the cap change the count or only the spades crossed off?): the count, 1 not 4
                 "At most one ruff per spade: one spade, two voids: ruffs 1, not 4.",
                 # r99 review (rater r99: with no spade a void counts no ruff, so Suggest need not refuse): "beside any spade"
                 # r110 (newcomer r110: "bid one" read as a bid of 1): "bid nil"
                 # r114 (words): the void's use in play said in fewer words
                 "Suggest counts ruffs, so it refuses a nil with a void or singleton beside any spade; you may still bid nil: in play, "
                 "a void lets you throw any card.",
                 # r74: the Q♠ 5♠ example cut (an unguarded queen: line 3 rules it out; the rater read it as a nil
                 # hand); the "In practice" line rules out high spades (test_r60_the_checklist_in_practice_...)
                 # fresh rater r43_e: neither part of line 5 is a rule of the game (RULES allow a nil beside a
                 # partner's nil, and ahead), only the bots' habit
                 # fresh newcomer rater r45_c: "(that far ahead, the bots do not risk a −100)" cut for words
                 "5. **Your partner has not bid nil**, and your team is not 200 points or more ahead: both are the "
                 "bots' habits, not game rules."):
        assert line in text, line
    assert "you may: when" not in text  # r81
    assert "S = H" not in text and "setting aside" not in text  # r99
    assert "which protect nothing: a void two" not in text and "a single doubleton none" not in text  # r112
    assert "keeping spades even" not in text and "No spade left, no ruff" not in text  # r114
    # r114: an exact half leaves an even number of spades: ½ beside three spades crosses off one (k32h below),
    # ½ beside two spades none
    assert not trick_count(CardList("3S 2S 2H 3H 2D 3D 4C 5C 6C 7C 8C 9C 10C")).spent
    # r119: "to the nearest whole": a doubleton's ¼ crosses off none, three doubletons' ¾ one, a void and a
    # doubleton (2¼) two
    assert not trick_count(CardList("KS 3S 2H 3H 2D 3D 4D 4C 5C 6C 7C 8C 9C")).spent
    three = trick_count(CardList("KS QS 7S 6S 5S 4S 3S 2H 3H 2D 3D 2C 3C"))
    assert three.ruff_tricks == 0.75 and [DECK[c].pretty for c in three.spent] == ["3♠"]
    assert len(trick_count(CardList("KS 4S 3S 2S 2H 3H 2D 3D 4D 5D 6D 7D 8D")).spent) == 2
    assert trick_count(CardList("KS 3S 2S 2H 3H 2D 3D 4C 5C 6C 7C 8C 9C")).total >= 1  # "counts 1: no nil"
    # r112: the two-doubleton hand: ruffs ½ (two quarters), rounded to keep an even number of spades (2 of 3), so the
    # 2♠ is crossed off and the K♠, lacking only the A♠, keeps the 3♠: 1
    k32h = trick_count(CardList("KS 3S 2S 2H 3H 2D 3D 4C 5C 6C 7C 8C 9C"))
    assert k32h.ruff_tricks == 0.5 and [DECK[c].pretty for c in k32h.spent] == ["2♠"]
    assert [(DECK[c].pretty, v) for c, v in k32h.spades] == [("K♠", 1), ("3♠", 0)]
    k32 = trick_count(CardList("KS 3S 2S 2H 3H 4H 5H 6H 2D 3D 4D 5D 6D"))  # r99: the ruffs' worked hand
    assert dict(k32.ruffs) == {Suit.CLUBS: 2} and [(DECK[c].pretty, v) for c, v in k32.spades] == [("K♠", 0.75)]
    # r107: a doubleton's quarter uses no spade (deal 6's count: hearts ¼, the 10♠ keeps 3♠ 2♠); a singleton uses one
    k32d = trick_count(CardList("KS 3S 2S 2H 3H 4C 5C 6C 7C 2D 3D 4D 5D"))
    assert dict(k32d.ruffs) == {Suit.HEARTS: 0.25} and not k32d.spent and len(k32d.spades) == 3
    k32s = trick_count(CardList("KS 3S 2S 2H 4C 5C 6C 7C 8C 2D 3D 4D 5D"))
    assert dict(k32s.ruffs) == {Suit.HEARTS: 1} and [DECK[c].pretty for c in k32s.spent] == ["2♠"]
    assert "each uses up your lowest spade" not in text  # r107
    assert "one per ruff, rounded" not in text  # r108
    # r108: a void uses two spades (k32 above), a singleton one (k32s); two doubletons beside three spades use one
    assert len(trick_count(CardList("3S 2S 4S 2H 3H 2D 3D 4C 5C 6C 7C 8C 9C")).spent) == 1
    assert "more, too few smaller spades: 0" not in text and "at most one a spade" not in text  # r97
    # r97: each example of the spade rule, on a hand with no side suit of two cards or fewer
    for spades, card, value in (("KS 2S", "K♠", 1), ("JS 3S 2S", "J♠", 0.75), ("JS 5S", "J♠", 0.25), ("10S 2S", "10♠", 0)):
        side = "2H 3H 4H 5H 2D 3D 4D 2C 3C 4C" + (" 5D" if len(spades.split()) == 2 else "")
        assert dict((DECK[c].pretty, v) for c, v in trick_count(CardList(f"{spades} {side}")).spades)[card] == value
    assert "Each ruff uses your lowest spade" not in text and "more: 0" not in text  # r91
    assert "fewer, as the rows show" not in text and "8♠ 7♠ 6♠" not in _nil_prose()  # r90
    assert "short" not in "".join(next(c for c in lesson_cells() if c.get("id") == "l09b-nil")["source"])  # r93
    # r90: the one-line rule, held against the count on many hands: for each spade kept (not used by a ruff), short =
    # the higher spades not held minus the smaller spades kept; and the ruffs use the lowest spades
    for cards in seat_hands("r90 protected spades", 400):
        count = trick_count(cards)
        held = [c.rank for c in cards if c.suit is Suit.SPADES]
        kept = [DECK[c].rank for c, _ in count.spades]
        assert all(DECK[c].rank < min(kept) for c in count.spent) if kept else True
        for c, value in count.spades:
            rank = DECK[c].rank
            short = sum(r not in held for r in range(rank + 1, 15)) - sum(r < rank for r in kept)
            assert value == (1 if short <= 0 else 0.75 if short == 1 else 0.25 if short == 2 else 0), cards.pretty
        # r93: "at most one a spade": the ruffs never count more than the spades held
        assert count.ruff_tricks <= len(held), cards.pretty
    assert "Line 4 counts one too" not in text and "You need not:" not in text  # r84
    assert "three fewer or more" not in _nil_prose() and "without spade length" not in _nil_prose()  # r82
    nil_hand = CardList("QD 3D 2D 4S 3S 2S 6H 5H 4H 3H 6C 5C 4C")
    assert smart_bid(nil_hand) == 0
    # r88: the ruff bullets, held: one spade and a club void count 1 (not 2); a void or a singleton beside any spade
    # stops nil, though every other line holds; a doubleton (a quarter) does not
    one_spade_void = "2S 2H 3H 4H 5H 6H 2D 3D 4D 5D 6D 7D 8D"
    assert [t for _, t in trick_count(CardList(one_spade_void)).ruffs] == [1.0] and not nil_ok(one_spade_void)
    # r109: the example "One spade, two voids: ruffs 1." held (two voids would be 4 with spades enough)
    assert trick_count(CardList("2S 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH")).ruff_tricks == 1
    assert trick_count(CardList("2S 3S 4S 5S 2H 3H 4H 5H 6H 7H 8H 9H TH")).ruff_tricks == 4
    assert not nil_ok("2S 3C 2H 3H 4H 5H 6H 2D 3D 4D 5D 6D 7D")  # a club singleton
    assert nil_ok("2S 3C 4C 2H 3H 4H 5H 6H 2D 3D 4D 5D 6D")  # a club doubleton
    # r91: "none: 0": with no spade, a void counts no ruff
    no_spade_void = trick_count(CardList("2H 3H 4H 5H 6H 7H 8H 2D 3D 4D 5D 6D 7D"))
    assert [t for _, t in no_spade_void.ruffs] == [0.0] and no_spade_void.ruff_tricks == 0

    # the table's values, read from the count (trick_count, without spade length)
    def side(cards: str) -> dict[str, float]:
        return {DECK[c].pretty: v for c, v in trick_count(CardList(cards)).side}

    def spade(cards: str, card: str) -> float:
        return dict((DECK[c].pretty, v) for c, v in trick_count(CardList(cards)).spades)[card]

    assert side("KD 2D 3H 4H 5H 6H 7C 8C 9C 2C 3S 4S 5S")["K♦"] == 1  # a king with another card
    assert side("KD 2D 3D 4D 5D 3H 4H 5H 2C 3C 4C 5S 6S")["K♦"] == 1  # in five cards
    assert side("KD 2D 3D 4D 5D 6D 4H 5H 2C 3C 4C 5S 6S")["K♦"] == 0.25  # in six
    assert "K♦" not in side("KD 2H 3H 4H 5H 6H 7H 2C 3C 4C 5C 6C 5S")  # a bare king: nothing
    for n, value in ((1, 0), (2, 0), (3, 0.5), (4, 0.5), (5, 0), (6, 0)):  # a queen in n cards
        diamonds = ["QD", "2D", "3D", "4D", "5D", "6D"][:n]
        rest = "2H 3H 4H 5H 6H 7H 8H 2C 3C 4C 5C 6C 2S".split()[:13 - n]
        assert side(" ".join(diamonds + rest)).get("Q♦", 0) == value, n
    hearts = "2H 3H 4H 5H 2D 3D 4D 2C 3C 4C"  # no short side suit: every spade is kept
    assert spade(hearts + " JS 3S 2S", "J♠") == 0.75  # lacks A K Q, two smaller: one short
    assert spade(hearts + " JS 4S 7D", "J♠") == 0.25  # one smaller: two short
    assert spade(hearts + " JS 5S 7D", "J♠") == 0.25  # the table's example
    assert spade(hearts + " QS 5S 7D", "Q♠") == 0.75  # lacks A K, one smaller: one short (the example under the table)
    # r79: the table's worked rows, whole holdings (no short side suit, so no spade is set aside for ruffs)
    for held, values in (("QS 3S 2S", [1, 0, 0]), ("JS 3S 2S", [0.75, 0, 0]), ("JS 5S", [0.25, 0]),
                         ("8S 7S 6S", [0, 0, 0])):
        rest = "2H 3H 4H 5H 2D 3D 4D 2C 3C 4C 7H 8H 9H".split()[:13 - len(held.split())]
        assert [v for _, v in trick_count(CardList(" ".join(rest) + " " + held)).spades] == values, held
    assert side("AD 2D 3D 4D 5D 6D 3H 4H 5H 2C 3C 4C 5S")["A♦"] == 1  # an ace in six
    assert side("AD 2D 3D 4D 5D 6D 7D 4H 5H 2C 3C 4C 5S")["A♦"] == 0.5  # in seven
    # the ruffs never count more tricks than the spades held (a doubleton's quarter needs a quarter of one)
    for seed in range(200):
        for seat in range(4):
            cards = SpadesHand.deal(seed=seed, dealer=0).cards(seat)
            count = trick_count(cards)
            assert count.ruff_tricks <= sum(1 for c in cards if c.suit is Suit.SPADES)
    assert trick_count(CardList("2H 3H 4H 5H 6H 7H 8H 9H TH 2D 3D 4D 5D")).ruff_tricks == 0  # no spades, no ruffs
    assert spade(hearts + " TS 4S 7D", "10♠") == 0  # lacks four, one smaller: three short
    assert spade(hearts + " KS 2S 7D", "K♠") == 1
    ruffs = {s: v for s, v in trick_count(CardList("2H 3H 4H 5H 6H 7H 8H 2D 3D 2C 5S 4S 3S")).ruffs}
    assert ruffs == {Suit.CLUBS: 1, Suit.DIAMONDS: 0.25}
    assert dict(trick_count(CardList("2H 3H 4H 5H 6H 7H 8H 9H 2D 3D 4D 5D 3S")).ruffs) == {Suit.CLUBS: 1}  # one spade
    assert dict(trick_count(CardList("2H 3H 4H 5H 6H 7H 8H 9H 2D 3D 4D 5S 3S")).ruffs) == {Suit.CLUBS: 2}
    assert [f for f in nil_faults(CardList("AD 3D 2D 4S 3S 2S 6H 5H 4H 3H 6C 5C 4C")) if "A♦" in f]  # line 1
    assert [f for f in nil_faults(CardList("QD 3D 5S 4S 3S 2S 6H 5H 4H 3H 6C 5C 4C")) if "4 spades" in f]  # 2
    assert smart_bid(nil_hand, partner_bid=0) != 0  # line 5: not beside a partner's nil
    assert smart_bid(nil_hand, scores=(300, 100)) != 0 and smart_bid(nil_hand, scores=(299, 100)) == 0
    # line 4: the nil count leaves out spade length (deal 2054: 6½ with it, 5¾ without)
    long = SpadesHand.deal(seed=2054, dealer=3).cards(0)
    assert estimate_tricks(long, long_spades=True) == 6.5 and estimate_tricks(long) == 5.75
    assert nil_faults(long)[0].startswith("5¾ tricks is too many for a nil")
    # r59: the table's row names are the count's printed part names (count_text, as lesson 09b's deal 17 prints it)
    from hearts_teach.course.spades_lesson import count_text as _count_text
    from hearts_teach.course.spades_lesson import same_deal as _same_deal

    east17 = _same_deal(17)[1].dealt(3)
    parts = [line.split(":")[0] for line in _count_text(east17, estimate=False).splitlines()[1:] if not line.startswith(" ")]
    assert parts == ["High side cards", "Protected spades", "Ruffs"]
    # r77: the ruffs are Suggest's, said under the table's two rows ("**Suggest** also counts *ruffs*: ...")
    assert all(f"{part}: " in text or f"**{part}**: " in text for part in parts[:2]) and "To *ruff* is" in text  # r84; r90
    # r99: the spade rule is a bold-headed paragraph now, out of the table


def test_the_rule_of_thumb_rounds_an_exact_half_down():
    """Newcomer round 16: how the rule of thumb settles a half (6½) was unclear. The lesson says it in
    words; held here against ``smart_bid`` on a hand whose estimate is exactly five and a half."""
    from hearts_teach.agents.spades import ROUND_UP_FROM, smart_bid

    text = recipe()
    assert ("5. **Rounding** (``smart_bid``). The recipe rounds the sum to the nearest whole trick, and an exact half goes *down*: an "
            "estimate of exactly five and a half bids 5 (taking one trick more than you bid adds a bag; one "
            "fewer can set the contract). It never bids under 1") in text
    assert ROUND_UP_FROM == 0.5
    five_half = SpadesHand.deal(seed=21, dealer=0).cards(1)
    assert estimate_tricks(five_half, long_spades=True) == 5.5 and smart_bid(five_half) == 5
    small = CardList("2S 3S 4S 5S 2H 3H 4H 2D 3D 4D 2C 3C 4C")  # four spades: no nil
    assert estimate_tricks(small, long_spades=True) == 0 and not nil_ok(small) and smart_bid(small) == 1


def test_the_learner_plays_a_nil_on_table_seed_356():
    """Newcomer round 16: a nil to bid and play by clicking, on a fixed deal. SpadesTable(seed=356): East
    deals, South bids first, the cards pass the checklist (Suggest says nil), and the nil can be kept:
    with South's own bot playing it, South takes no trick."""
    from hearts_teach.agents.spades import view_bid
    from hearts_teach.present.widgets.spades_table import SpadesTable

    text = " ".join(prose().split())
    # r60 (rater nit: "seed" here, "deal N" elsewhere)
    assert "Deal 356: East deals, so you, South, bid first." in text and "seed 356" not in text
    # r111 (newcomer r111: no check on the learner's own count before play): Suggest's Estimate is that count
    # (no answer printed: the learner clicks for it)
    # r112 (newcomer r112: Estimate a button of its own? no typed form): a line of Suggest's reply, and typed
    # r116 (newcomer r115: the Estimate line never shown or defined): what it gives (held below: "Estimate: ½ trick")
    # r120 (newcomer: is Estimate the checklist's count?): line 4's (Suggest and count_text both use
    # estimate_tricks(long_spades=True), the same as nil_ok's count for a hand of at most three spades)
    assert "Run the checklist; **Suggest**'s *Estimate* line gives line 4's count." in text
    assert "line gives your count." not in text
    assert "line checks your count" not in text
    assert "Type `nil_table.bid_widget.suggest()`, `nil_table.bid(\"nil\")`, then" in text
    assert "Check your hand against the checklist, then click **Suggest**." not in text
    _t = SpadesTable(seed=356)
    assert _t.bid_widget.suggest().startswith("Estimate: ½ trick") and trick_count(_t.hand.cards(0)).total == 0.5
    # round 54 (rater r52): the card code is explained where it is used
    # r84 (rater: pay for the tips' examples by cutting the typed fallbacks to one line)
    # r89 (rater: the 6♣ went against the lesson's own tip, lead your lowest side card): the 2♦
    # r107 (newcomer r107: how to type a 10 or a face card?): two more codes, as Card reads them
    assert "`nil_table.bid(\"nil\")`, then `nil_table.play(\"2D\")` per card (2D is 2♦, 10S 10♠), and `print(nil_table.text())`." in text
    from hearts_teach.kernel.cards import Card
    assert Card("2D").pretty == "2♦" and Card("QH").pretty == "Q♥" and Card("10S").pretty == "10♠"
    # r76 (rater: a text-only learner could not check the hand): Suggest, typed
    # r84: the typed fallback is one line; r112 (newcomer r112: no typed way to the Estimate): Suggest's typed form
    # back in it, still one line
    assert text.count("nil_table.bid_widget.suggest()") == 1
    assert "nil_table = SpadesTable(seed=356)" in _code_source("nil_table = SpadesTable(")
    table = SpadesTable(seed=356)
    h = table.hand
    assert h.dealer == 3 and h.turn == 0 and h.bids == (None,) * 4
    assert nil_ok(h.cards(0)) and view_bid(h.view(0)) == 0
    assert any(c.pretty == "2♦" for c in h.cards(0))
    side = [c for c in h.cards(0) if c.pretty[-1] != "♠"]
    assert min(side, key=lambda c: c.rank).pretty == "2♦"  # the lowest side card
    typed = SpadesTable(seed=356)
    typed.bid("nil")
    typed.play("2D")  # the typed example is a legal first lead
    assert typed.hand.tricks[0].cards[0].pretty == "2♦"
    assert table.bid_widget.suggest() == (
        "Estimate: ½ tricks. The bots' bid: nil (the nil checklist holds: no ace, at most 3 spades, in every suit "
        "with a queen or king more cards of jack or lower than queens and kings, and an estimate under 1 without "
        "spade length).")
    assert table.bid("nil") == "You bid nil." and "nil: South clean" in table.text()
    table.finish_hand()
    assert table.hand.tricks_won[0] == 0
    shown = _code_outputs("nil_table = SpadesTable(")
    assert "Your cards: ♠ 8 7 6  ♥ Q 9 4 3  ♦ J 5 2  ♣ 7 6 5" in shown and "South —" in shown


def test_the_discard_question_at_trick_10_of_deal_17():
    """Newcomer round 17: the lesson said East threw the 4♠ in trick 10, so the J♠ was left alone in trick 12,
    and never said what East should have done. Now a question at trick 10 asks it, before any print says
    what East played there. Its facts and its answer, held against the engine: the 4♠ is safe in trick
    10 but leaves the J♠ alone; the hearts are the last two out; thrown in tricks 10 and 11, they keep the
    4♠ for North's 10♠ in trick 12 and the nil holds (with any seed for the bots that play the rest)."""
    from hearts_teach.course.spades_lesson import (
        before_play,
        bot_turn,
        play_instead,
        play_spades,
        same_deal,
        tricks_table,
        what_happened,
    )

    _, hand = same_deal(17)
    play_spades(hand, seed=2)
    assert hand.bids[3] == 0 and sorted(c.pretty for c in hand.dealt(3).of_suit(Suit.SPADES)) == ["4♠", "J♠"]
    moment = before_play(hand, 4 * 9 + 3)
    trick = moment.current_trick
    assert moment.to_act() == 3 and trick.number == 10 and trick.seats[0] == 0
    assert [c.pretty for c in trick.cards] == ["K♣", "9♠", "5♠"] and moment.play_state().win_seat == 1
    assert sorted(c.pretty for c in moment.cards(3)) == sorted(["J♠", "4♠", "6♥", "3♥"])
    assert not moment.cards(3).of_suit(Suit.CLUBS) and moment.nil_alive(3)
    assert {c.pretty for c in moment.legal_plays().cards} == {"J♠", "4♠", "6♥", "3♥"}
    # "the other eleven hearts have been played": East's two are the last
    out = [c for s in range(4) for c in moment.cards(s) if c.suit is Suit.HEARTS]
    assert sorted(c.pretty for c in out) == ["3♥", "6♥"] and all(c in moment.cards(3) for c in out)
    # J♠: "East takes this trick and the nil breaks at once"
    broke = play_instead(moment, seed=2, cards=["JS"])
    assert broke.tricks[9].winner == 3
    # the bots threw the 4♠ and the J♠ took North's 10♠ in trick 12, East's only legal card there
    assert hand.tricks[9].card_of(3).pretty == "4♠" and hand.tricks[9].card_of(1).pretty == "9♠"
    assert [hand.tricks[11].card_of(s).pretty for s in (2, 3)] == ["10♠", "J♠"] and hand.tricks[11].winner == 3
    assert "after North 10♠, East's only legal card, J♠, beat it" in what_happened(hand)
    # the hearts thrown instead, in either order and whatever the seed of the bots: the nil holds
    for order in (["6H", "3H"], ["3H", "6H"]):
        for seed in (2, 0, 1, 7):
            kept = play_instead(moment, seed=seed, cards=order)
            assert kept.tricks_won[3] == 0, (order, seed)
            assert kept.tricks[11].card_of(3).pretty == "4♠" and kept.tricks[11].card_of(2).pretty == "10♠"
    bots_did = _code_outputs("partner_story(spades, 3)")
    shown = _code_outputs("kept = play_instead(discard_moment, seed=2, cards=[\"6H\", \"3H\"])")
    assert "12. N 10♠*  E  4♠" in shown and "East's nil held: East took no trick." in shown
    assert bots_did.startswith(
        "── East's card in trick 10, as the bots played it ──\nweighed bot for East: 4♠ (my nil: avoid winning)")
    # fresh rater (round 27): one cell printed four things unlabelled; each part now has a heading, in order
    # closing round 42: still dense; two cells of two parts, the bots' line first, each under a lead-in
    heads = ["── East's card in trick 10, as the bots played it ──",
             # r93: the second part prints tricks 10 to 13 and South's trick-12 card too (test below)
             "── How the nil broke: tricks 10 to 13 as played, and why West could not save it, and why South chose not to ──",
             "── The same deal, East throwing its hearts in tricks 10 and 11 (the bots play the rest) ──",
             "── Trick 12 both ways, North having led 10♠: East's cards, then its card and its rule ──"]
    # r93 (newcomer r92: tricks 10 to 13 as played never printed; why South, holding A♠, let the nil break unsaid):
    # the second part prints the bots' rows, South's turn in trick 12 from its bot's trace, and its team's tricks then
    assert [line for line in bots_did.splitlines() if line.startswith("──")] == heads[:2]
    rows = "\n".join(tricks_table(hand).splitlines()[9:])
    turn = bot_turn(hand, 12, "South", seed=2)
    assert turn == "Trick 12, South may play 8♠ or A♠; its bot played 8♠ (bust the opponents' nil: stay low under it)"
    assert f"{heads[1]}\n{rows}\n" in bots_did
    assert f"{turn}\nBefore South's card, tricks vs contract: South–North 9 of 9\n" in bots_did
    assert "12. N 10♠   E  J♠*  S  8♠   W  6♠    East" in rows and hand.bids[0] + hand.bids[2] == 9
    # r98 (newcomer r97: "its bot broke the nil" overstated South's part: East's J♠ was forced): said as it was
    # r99 (words): "let it win" cut, the same meaning
    # r108 (words): "under it" cut (duck says it), the same facts
    # r115: "its 9 tricks made" read as South's own 9 (South bid 5; the side's contract is 9, checked above)
    # r119 (words): "keeping A♠" cut; the printed turn says South may play 8♠ or A♠ (held above)
    assert ("As played, East's J♠ was forced in trick 12; South, its side's contract made, ducked with 8♠."
            ) in " ".join(prose().split()) and "its 9 tricks made" not in " ".join(prose().split())
    assert "its bot broke the nil" not in " ".join(prose().split())
    assert [line for line in shown.splitlines() if line.startswith("──")] == heads[2:]
    assert shown.index(heads[2]) < shown.index("12. N 10♠*  E  4♠") < shown.index(heads[3])
    # newcomer round 23: why the 4♠ was the mistake, from the bots' trace in trick 12 of both lines
    for line in ("As the bots played it: East holds ♠ J  ♥ 3  ♦ —  ♣ —\n"
                 "weighed bot for East: J♠ (its only legal card: no choice, J♠ is forced)",
                 "After the hearts: East holds ♠ J 4  ♥ —  ♦ —  ♣ —\n"
                 "weighed bot for East: 4♠ (my nil: avoid winning)"):
        assert line in shown, line
    assert [kept.tricks[11].card_of(s).pretty for s in (2, 3)] == ["10♠", "4♠"] and kept.tricks[11].winner != 3
    # fresh newcomer rater r45_c: "The last part, trick 12 both ways," cut for words (the replay's heading says it)
    # r46: two short sentences
    # r48 (words): one sentence, the replay's prints above it show the J♠ forced
    # fresh rater r49: the second half had no verb ("and the 4♠ to play under ...")
    # r97 (newcomer r95: "dead" defined two lines after its first use): defined first
    assert ("The bot's 4♠ was the mistake. East's hearts were *dead*: nobody else held a heart to lead, and East leads "
            "only after winning a trick. Throwing the dead hearts keeps this nil: East still holds the 4♠ to play under North's 10♠ in trick "
            "12.") in " ".join(prose().split())
    # r90 (rater r89: step 4, the lesson's key point, came without a reason): the reason, moved from the checklist
    assert ("Keep your lowest spade while you hold a higher one: you must follow spade leads, and a high spade left "
            "alone wins unless a higher one falls (3 and 4: our advice, not the bots').") in " ".join(
        prose().split())  # the tip, in the rules (r76: said to be ours, not the bots' rule)
    # r53 (rater r52): why the highest hearts left are dead (the glossary's Dead card test checks nobody else holds one)
    # round 54 (rater r52): and the one trick they could win, East's own heart lead, comes only after East won a
    # trick (the winner of a trick leads the next; East, the dealer, does not lead trick 1)
    # r55 (rater r54): "Though the highest hearts left" read oddly (they were the only hearts left)
    # r79 (words): "only East's own heart lead could win" said as "nobody else holds a heart to lead"
    assert "Dead: nobody else holds" not in " ".join(prose().split())  # r97: the definition moved before its use
    # r55 (rater r54): the verdict above called two spades a plus, yet this nil broke on them: tied back here
    # r60 (words): the rule itself is now in the nil tips ("Keep your lowest spade while you hold a higher one")
    # r76: the "plus" is in the verdict printed on East's cards, not in the checklist's lines
    # r76b (rater: short spades "a plus" in the verdict, "help only once gone" here): said once, in the checklist
    # before East's verdict is printed, beside the short side suit (test_r60_the_checklist_in_practice_...)
    # r77 (false item: the verdict printed on East's J♠ 4♠ still called short spades a plus): the verdict says
    # short spades help only once gone, naming the J♠ as the danger until then
    # r93: "a spade doubleton", the ruff table's word ("short" meant three things in two cells)
    # r97 (newcomer r95: "a help to what?"): a plain risk
    assert ("a spade doubleton: a risk until both are gone, as you must follow each spade lead "
            "and your J♠ may win one") in _code_outputs("east = same_deal(17)[1].dealt(3)")
    as_played = before_play(hand, 4 * 11 + 1)
    assert as_played.cards(3).pretty == "♠ J  ♥ 3  ♦ —  ♣ —" and as_played.current_trick.cards[0].pretty == "10♠"
    assert "a spade doubleton" in _code_outputs("east = same_deal(17)[1].dealt(3)")
    assert "short" not in _code_outputs("east = same_deal(17)[1].dealt(3)")  # r93: "(two fewer)", "a spade doubleton"
    assert hand.dealer == 3 and hand.tricks[0].seats[0] != 3
    # the question comes before any print of trick 10 as played, and the prose before it does not name the 4♠
    # closing round 42: the position is printed by the question's own (folded) cell, above its buttons
    cells = lesson_cells()
    at = next(i for i, c in enumerate(cells) if "discard_quiz = Quiz(" in "".join(c["source"]))
    source = "".join(cells[at]["source"])
    assert source.index("before_play(spades, 4 * 9 + 3)") < source.index("print(tricks_table(discard_moment))") < source.index(
        "discard_quiz = Quiz(")
    assert cells[at]["outputs"][0]["output_type"] == "stream" and "discard_quiz" in source.strip().splitlines()[-1]
    # r55 (rater r55): 09a now lists deal 22's spades (K♠ 10♠ 7♠ 4♠) by name, another deal's 4♠: the hint is looked
    # for in 09b, the deal-17 lesson, before the question
    first_nil = len(json.loads(LESSONS[0].read_text(encoding="utf-8"))["cells"])
    before = "".join("".join(c["source"]) for c in cells[first_nil:at] if c["cell_type"] == "markdown")
    assert "4♠" not in before and "played the 4" not in before
    # newcomer round 22: after the replay, one line says the bot's 4♠ was the mistake, as the outputs show
    after = next(i for i, c in enumerate(cells) if "kept = play_instead(discard_moment" in "".join(c["source"]))
    assert "".join(cells[after + 1]["source"]).startswith(
        # r97: "dead" defined before its first use
        "The bot's 4♠ was the mistake. East's hearts were *dead*: nobody else held a heart to lead, and East leads "
        "only after winning a trick. Throwing the dead hearts keeps this nil: East still holds the 4♠ to play under North's 10♠ in trick 12.")
    # closing round 42: each of the two cells after the question opens under a lead-in saying what to look for
    did = next(i for i, c in enumerate(cells) if "partner_story(spades, 3)" in "".join(c["source"]))
    assert at + 2 == did and did + 2 == after
    assert "".join(cells[did - 1]["source"]).startswith("Once answered, unfold below.")  # r93, r119 (words): its heads say what
    assert "".join(cells[after - 1]["source"]).startswith("What if East throws both hearts instead?")  # r93 (words)
    assert "then trick 12 both ways; compare East's spades." in "".join(cells[after - 1]["source"])
    printed = "".join("".join(o.get("text", "")) for c in cells[:at + 1] for o in c.get("outputs", []))
    assert "Legal: J♠, 4♠, 6♥, 3♥" in printed  # the question's own cell printed its position, and only that
    assert "E  4♠" not in printed and "nil broke at trick 12" not in printed


def test_the_blind_nil_prose_names_the_rules_the_code_uses():
    """Newcomer round 17: the prose said ``SpadesRules(blind_nil=True)`` above code using the preset; both
    now name the preset, which is the same rules."""
    from hearts_teach.games.spades.rules import SpadesRules

    text = " ".join(prose().split())
    # r48 (words): shorter, still naming the preset the code uses
    # fresh newcomer rater r51: no code in learner prose; the rules leave blind nil optional, and tables vary
    # r60 (words): "(the code below turns it on)" cut; the code's first line names the preset
    # r74 (words): "twice a nil" cut, the values stay
    # r94 (rater: docs/rules.md gives blind nil no numbers but calls 200 and 100 behind "our version", SD3): said so
    # r119 (words): "Ours scores", still SD3's "our version"; "points" cut ("100 or more behind")
    assert "Ours scores +200 kept, −200 broken" in text and "Off by default" not in text
    # round 54 (words): "Some tables allow" says it is optional
    assert "Some tables allow **blind nil**: nil declared *before looking at your cards*." in text
    assert "SpadesRules.preset" not in text
    assert "SpadesRules(blind_nil=True)" not in text
    assert 'blind_rules = SpadesRules.preset("blind_nil")' in _code_source("blind_rules = ")
    assert SpadesRules.preset("blind_nil") == SpadesRules(blind_nil=True)


def test_the_practice_bids_have_their_counts_folded_after_them():
    """Newcomer round 18: the practice bids on deals 21 and 2054 stored no answer; a fold after each walked
    through the rule of thumb's count. Newcomer round 26: that fold is now a code cell with its output folded
    (open it once you have bid): the engine's own count (``count_text``) and the bid it rounds to, the bid
    Suggest gives there. And the rounding paragraph no longer says 'never under 1' without nil."""
    from hearts_teach.agents.spades import smart_bid, view_bid
    from hearts_teach.course.spades_lesson import count_text, spades_bots
    from hearts_teach.present.widgets.spades_table import BidWidget

    cells = lesson_cells()
    srcs = ["".join(c["source"]) for c in cells]
    text = " ".join(prose().split())
    assert "It never bids under 1, except nil, which has its own checklist (``nil_ok``)." in recipe()
    # r48 (words): the prose sentence repeated the folded cells' own first line, held below
    assert "folded away" not in text
    # r73 (newcomer r72c item 4): the bots' bid is printed only where it differs (bid_line)
    # r112 (newcomer r112 item 3.6): a missing bots' bid looked like an omission: "the bots bid the same" where equal
    from hearts_teach.course.spades_lesson import bid_line
    for marker, seed, bid in (("bidder = BidWidget(practice", 21, 1), ("long_bidder = BidWidget(", 2054, 6)):
        at = next(i for i, s in enumerate(srcs) if marker in s)
        fold = cells[at + 1]
        assert fold["cell_type"] == "code" and fold["metadata"]["jupyter"]["outputs_hidden"]
        assert srcs[at + 1].startswith(f"# the bots' count of your cards on deal {seed} (folded: open it once you have bid)")
        widget = BidWidget(SpadesHand.deal(seed=seed, dealer=1 if seed == 21 else 3), seat=0, bots=spades_bots(seed))
        cards = widget.hand.cards(0)
        assert smart_bid(cards) == view_bid(widget.hand.view(0)) == bid  # what Suggest bids at South's turn
        shown = "".join("".join(o.get("text", "")) for o in fold["outputs"])
        # rater r69: the folds print the lesson's bid too (the count's whole part, at least 1)
        lessons = max(1, math.floor(estimate_tricks(cards, long_spades=True)))
        assert shown == f"{count_text(cards)}\nThis lesson's bid (drop the fraction, at least 1): {lessons}; the bots bid the same\n", shown
        assert shown.endswith(bid_line(cards) + "\n") and lessons == bid  # the same bid: the bots' is not repeated
        assert "Bids so far" not in shown  # the folded cell prints the count, and leaves the widget alone
    hand21 = SpadesHand.deal(seed=21, dealer=1)
    c21 = trick_count(hand21.cards(0), long_spades=True)
    assert [(DECK[c].pretty, t) for c, t in c21.side] == [("K♣", 1.0)] and c21.ruff_tricks == 0.25
    assert [(Suit(s).plural, len(hand21.cards(0).of_suit(Suit(s)))) for s, _ in c21.ruffs] == [("hearts", 2)]
    assert c21.spade_tricks == 0 and [DECK[c].pretty for c, _ in c21.spades] == ["6♠", "3♠", "2♠"]
    assert estimate_tricks(hand21.cards(0), long_spades=True) == 1.25
    c54 = trick_count(SpadesHand.deal(seed=2054, dealer=3).cards(0), long_spades=True)
    assert sorted((DECK[c].pretty, t) for c, t in c54.side) == [("K♥", 1.0), ("Q♦", 0.5)]  # the Q♥ counts nothing
    assert [c.pretty for c in SpadesHand.deal(seed=2054, dealer=3).cards(0).of_suit(Suit.HEARTS)] == ["Q♥", "K♥"]
    assert [(DECK[c].pretty, t) for c, t in c54.spades][:5] == [("Q♠", 1), ("10♠", 1), ("9♠", 1), ("6♠", 0),
                                                               ("5♠", 0)]
    assert c54.length == 5 and c54.by_length and c54.ruff_tricks + c54.spade_tricks == 4.25 and c54.total == 6.5


def test_deal_17s_question_prints_the_tricks_it_depends_on():
    """Fresh rater (round 24): the deal-17 discard question rests on East's hearts being dead (every other heart
    played), but no trick table was printed. The cell before the question now prints the nine tricks (closing
    round 42: the question's own folded cell, above its buttons); every heart but East's two is in it, and the
    question's answer is not printed."""
    cells = lesson_cells()
    cell = next(c for c in cells if "discard_moment = before_play(" in "".join(c["source"]))
    printed = "".join("".join(o.get("text", "")) for o in cell["outputs"])  # its prints; the question is its widget
    rows = [line for line in printed.splitlines() if re.match(r"\s*\d+\. ", line)]
    assert len(rows) == 9
    hearts = sum(row.count("♥") for row in rows)
    assert hearts == 11 and "▶  East: ♠ J 4  ♥ 6 3  ♦ —  ♣ —" in printed
    assert "throw" not in printed and "dead" not in printed  # the reasons stay in the question


def test_the_exercise_bids_a_hand_and_plays_it_out():
    """Fresh rater (round 27): 09a had no exercise of its own; it asked for the bots' count of deal 134. Fresh
    rater (round 29): that asked the learner to reproduce the bots' recipe. The exercise asks for a count and a bid;
    ``bid_check`` checks the count against the rule of thumb, has the bots play the deal out ``PLAYOUTS`` times with
    the bid and prints the tricks South's cards took. Its stored output shows the cards only.
    r73 (newcomer r72c): deal 134 counted 4½, where both roundings agree, and only the bid was checked: the exercise
    is deal 80 now, whose count ends in three quarters and needs 3b (its singleton crosses off the 3♠, and the J♠
    drops from 1 to ¾: skipping 3b counts 3, a whole number), and ``my_count`` is checked too."""
    from hearts_teach.agents.spades import auto_play, smart_bid
    from hearts_teach.course.spades_lesson import (
        PLAYOUTS,
        bid_check,
        bid_line,
        count_check,
        count_text,
        lesson_bid,
        spades_bots,
    )

    cells = lesson_cells()
    at = next(i for i, c in enumerate(cells) if c["cell_type"] == "code" and "bid_check(80" in "".join(c["source"]))
    bidding = json.loads(LESSONS[0].read_text(encoding="utf-8"))["cells"]  # the exercise ends lesson 09a
    assert bidding[-3] == cells[at] and at == len(bidding) - 3
    # rater r68: the sample runs are introduced above them; r73 (newcomer r72c item 8): "## Your turn" opened on a
    # demonstration: the heading is "## Now you", just above the exercise
    assert "".join(cells[at - 4]["source"]).startswith("**Sample runs.**") and "## Your turn" not in prose()
    # r72b (newcomer r72): deal 1526's runs favour the bots' higher bid, said from the runs' printed verdicts (held
    # below) and the play-outs' printed counts (test_three_quarters_up_is_the_bots_convention)
    # r73 (newcomer r72c item 2): deal 9's result is left to its folded runs (the visible cell gave it away)
    # r73b (newcomer r73): the conclusion, after deal 9's runs, ends on both deals (held against both runs below);
    # "the play-outs above" read as the sample runs: the 737 play-outs are named; r73b: as deals (each is played twice)
    # r75 (newcomer r75pre item 1 and 9/10 item 2): rule 3 scores the side: with the side's results printed, deal
    # 1526's 6 is set (North a trick short) and deal 9's 5 is made (North a trick over); the 544/193 recap is cut
    # r114 (newcomer r114 item 3.5): deal 64's verdict came only after deal 9's fold, and deal 9 had nowhere to bid:
    # the verdict is right under deal 64's runs, and deal 9 is the first "Now you" hand ("write your bid down"); its
    # verdict and "One deal proves little" are in its fold (the cell after), no longer in a <details> of its own
    assert "".join(cells[at - 2]["source"]) == (
        # r84 (newcomer r82): "North fell a trick short" made the reader work out North's line from the side's: said
        # r91 (newcomer r90 item 3): deal 1526 was decided by North and showed no ¾ failing: deal 64, where South's own
        # three quarters never came (4 taken on a 4¾ count, every run) and North bid 2 and took 2, as in the four cases
        # r98 (words): deal 64's verdict shorter, from its printed runs
        # r119 (words): the runs' own lines say it ("Your side was set in 20 of 20", "made its contract every time")
        # r120 (word cap): deal 64's bold verdict cut: its runs print "Your side was set in 20 of 20: a lower bid was safer"
        # r81 (newcomer r81): deal 9's verdict, in plain view right under its folded runs, gave it away: it is in the fold
        # r85 (newcomer r85 item 1): both runs turned on North, which undercut the threshold: said, without deal 9's result
        # r87 (newcomer r86 item 3): "decided both sample deals" spoke of deal 9's result, which was only in the fold
        # and the summary, far below: the verdict is said here, after the runs, behind "once you have bid" (r81's
        # concern); the summary no longer repeats it
        # r87b: and folded under its own summary, so the verdict is not in view under the runs (r81's concern)
        "## Now you\n\n"
        "Count South's cards on deal 9 (♠ Q J 9 8 ♥ J 5 ♦ A J 9 5 2 ♣ A J), write your bid down, then unfold its runs. "
        "Then deal 80 (below): fill in `my_count` and `my_bid`, then run the cell.")  # r116 (words)  # r114  # r87 (words)
    assert "<details>" not in "".join(cells[at - 2]["source"])  # r114: deal 9's verdict is in its fold only
    assert "The side's tricks count, not yours alone." not in "".join(cells[at - 2]["source"])  # r85
    runs64 = "".join("".join(o.get("text", "")) for o in cells[at - 3].get("outputs", []))
    runs9 = "".join("".join(o.get("text", "")) for o in cells[at - 1].get("outputs", []))
    # r97 (newcomer r95 item 3): deal 64's count printed first, from the engine, to check before the runs
    count64, up64, down64 = runs64.split("\n\n")  # r91: deal 64's runs replace deal 1526's
    assert count64 == count_text(SpadesHand.deal(seed=64, dealer=1).cards(0))
    assert "  K♥ 1 · A♦ 1 · K♣ 1 · Q♣ ½\n" in count64 and "Estimate: 4¾ tricks" in count64
    count9, up9, down9, verdict9 = runs9.split("\n\n")  # r116: the verdict printed last  # r81: deal 9's count first (it was never broken down)
    assert count9 == count_text(SpadesHand.deal(seed=9, dealer=1).cards(0)) and "Ruffs: ½\n" in count9
    # r110 (newcomer r110 item 2.2): "Your bid: 5" labelled a bid the learner never made: the lesson's cells relabel
    # bid_check's line (the package keeps "Your bid" for the exercise, where the bid is the learner's)
    assert "Your bid:" not in runs64 + runs9
    assert "Bid tested: 5." in up64 and "Short of your own bid in 20 of 20." in up64
    assert "Tricks your cards took: 4 tricks in each" in up64 and (7 - 5, 6 - 4) == (2, 2)  # r91: North bid 2, took 2
    assert ("Your side (you and North, your partner): bid 7, took 6: set, -70, in each of the 20 play-outs\n"
            "Your side was set in 20 of 20: a lower bid was safer.") in up64
    assert "Bid tested: 4." in down64 and "Tricks your cards took: 4 tricks in each" in down64
    assert ("Your side (you and North, your partner): bid 6, took 6: made, +60, in each of the 20 play-outs\n"
            "Your side made its contract every time.") in down64
    assert "Bid tested: 5." in up9 and "Short of your own bid in 20 of 20" in up9
    assert "Your side (you and North, your partner): bid 7, took 7: made, +70, in each of the 20 play-outs" in up9
    assert "Bid tested: 4." in down9 and "Your own bid or more every time." in down9
    assert "Your side (you and North, your partner): bid 6, took 7: made, 1 bag, +61, in each of the 20 play-outs" in down9
    assert "each one a bag" not in runs64 + runs9 and "a good bid" not in runs64 + runs9
    # r59 (rater r57): a sample run comes first, on deal 1526 (East deals) with the bots' bid of 6
    sample = cells[at - 3]
    assert "".join(sample["source"]).startswith("print(count_text(SpadesHand.deal(seed=64, dealer=1).cards(0)))")  # r97
    assert 'print(bid_check(64, 1, 5, label="Bid tested"))' in "".join(sample["source"])  # r110  # r91: deal 64, not 1526
    # rater r71: deal 9's runs are a cell of their own, code and output folded (its first line says so)
    nine_runs = cells[at - 1]  # r114: after the verdict on deal 64 and the deal-9 question
    assert nine_runs["metadata"] == {"jupyter": {"outputs_hidden": True, "source_hidden": True}}
    assert "".join(nine_runs["source"]).startswith("# deal 9's runs (folded: open them once you have chosen your bid)")
    # r81: the verdict and the tie the print does not spell out (ruffs ½, four spades: cross off none) are in the fold
    # r116 (newcomer r115 item 3.2): the verdict was a comment in the folded source: printed in the folded output
    assert verdict9 == ("Deal 9: bidding up won. South was a trick short of 5; North's spare trick covered it. "
                        "One deal proves little.\n")
    assert "+70" in up9 and "+61" in down9 and "Tricks your cards took: 4 tricks in each" in up9  # up won; 4 of 5
    assert "# Deal 9: bidding up won." not in "".join(nine_runs["source"])  # r116
    assert "  # ruffs ½ with four spades: ending in ½, cross off none (keep 4, even)" in "".join(nine_runs["source"])
    assert not trick_count(SpadesHand.deal(seed=9, dealer=1).cards(0)).spent
    assert smart_bid(SpadesHand.deal(seed=1526, dealer=3).cards(0)) == 6 and SpadesHand.deal(seed=1526, dealer=3).dealer == 3
    def tested(seed: int, bid: int) -> str:  # r110: the lesson's cells relabel bid_check's "Your bid:"
        return bid_check(seed, 1, bid, label="Bid tested")
    assert _code_outputs("print(bid_check(64, 1, 5, ") == "\n\n".join(
        [count_text(SpadesHand.deal(seed=64, dealer=1).cards(0)), tested(64, 5), tested(64, 4)]) + "\n"  # r97
    # r91: the verdict's numbers, from the runs: a 4¾ count, 4 taken every time, North 2 of 2 (the side's 7 − 5, 6 − 4)
    sixty_four = SpadesHand.deal(seed=64, dealer=1).cards(0)
    assert estimate_tricks(sixty_four, long_spades=True) == 4.75 and smart_bid(sixty_four) == 5 and lesson_bid(sixty_four) == 4
    up64, down64 = bid_check(64, 1, 5), bid_check(64, 1, 4)
    assert all("Tricks your cards took: 4 tricks in each of the 20 play-outs\n" in b for b in (up64, down64))
    assert "bid 7, took 6: set, -70, in each of the 20 play-outs\nYour side was set in 20 of 20" in up64
    assert "bid 6, took 6: made, +60, in each of the 20 play-outs\nYour side made its contract every time." in down64
    assert "Deal 1526" not in "".join(cells[at - 4]["source"]) + "".join(cells[at - 2]["source"])  # r114
    assert _code_outputs("print(bid_check(9, 1, 5, ") == "\n\n".join(
        [count_text(SpadesHand.deal(seed=9, dealer=1).cards(0)), tested(9, 5), tested(9, 4), ""]) + verdict9  # r116
    assert ('print(bid_check(9, 1, 4, label="Bid tested"))  # the lesson\'s bid of 4\n'
            in "".join(nine_runs["source"]))
    assert ('print(bid_check(9, 1, 5, label="Bid tested"))  # deal 9, West deals, the bots\' bid of 5'
            in "".join(nine_runs["source"]))
    assert "bid_check(9" not in "".join(sample["source"])
    nine = SpadesHand.deal(seed=9, dealer=1).cards(0)
    assert estimate_tricks(nine, long_spades=True) == 4.75 and smart_bid(nine) == 5
    assert "Tricks your cards took: 4 tricks in each of the 20 play-outs\nShort of your own bid in 20 of 20." in bid_check(9, 1, 5)
    assert bid_check(9, 1, 5).endswith("The rule of thumb counts 4¾ tricks; this lesson bids 4, the bots 5 (they round "
                                       "three quarters up).")
    assert ("Tricks your cards took: 4 tricks in each of the 20 play-outs\nYour own bid or more every time."
            in bid_check(9, 1, 4))
    assert estimate_tricks(SpadesHand.deal(seed=1526, dealer=3).cards(0), long_spades=True) == 5.75
    assert ("Tricks your cards took: 6 tricks in each of the 20 play-outs\nMore than your own bid every time: at least 1 "
            "trick over.") in bid_check(1526, 3, 5)
    # rater r64: the feedback never advises above the lesson's own bid
    assert "You could have bid" not in bid_check(1526, 3, 5)
    assert "at least 1 trick over. Your bid drops the count's fraction, as this lesson does.\n" in bid_check(1526, 3, 5)
    assert bid_check(1526, 3, 3).count("You could have bid 5.") == 1  # min(6 taken, the lesson's 5)
    assert "Your bid: 6. The bots played all four hands, yours included, 20 times with it." in bid_check(1526, 3, 6)
    # the bots' bid only where it differs (newcomer r72c item 4)
    assert bid_check(21, 1, 1).endswith("The rule of thumb counts 1¼ tricks; this lesson bids 1.")
    # r55 (rater r55): the bots' count of the exercise's deal in the cell after it, its output folded
    answer = cells[at + 1]
    assert answer["cell_type"] == "code" and answer["metadata"] == {"jupyter": {"outputs_hidden": True}}
    assert "".join(answer["source"]).startswith("# the bots' count of South's cards on deal 80 (folded: open it once you have bid)")
    cards = SpadesHand.deal(seed=80, dealer=1).cards(0)
    assert _code_outputs("exercise = SpadesHand.deal(seed=80") == f"{count_text(cards)}\n{bid_line(cards)}\n"
    assert bid_line(cards) == "This lesson's bid (drop the fraction, at least 1): 2; the bots bid 3"
    # deal 80 ends in three quarters and needs 3b: its singleton heart crosses off the 3♠ and the J♠ falls to ¾
    count = trick_count(cards, long_spades=True)
    assert cards.pretty == "♠ A J 8 3  ♥ 10  ♦ Q J 8 5 4  ♣ 10 5 3"
    assert count.total == 2.75 and [DECK[c].pretty for c in count.spent] == ["3♠"] and count.length is None
    assert {DECK[c].pretty: v for c, v in count.spades} == {"A♠": 1, "J♠": 0.75, "8♠": 0}
    assert count.side_tricks == 0 and count.ruff_tricks == 1  # the Q♦ in five diamonds counts 0 (step 1)
    assert smart_bid(cards) == 3 and lesson_bid(cards) == 2
    source = "".join(cells[at]["source"])
    assert source.startswith("my_count = None") and "my_bid = None" in source and "bid_check(80, 1, my_bid, my_count)" in source
    assert "2.75" not in source and "2¾" not in source and "e.g. 5" in source  # the examples give nothing away
    shown = _code_outputs("bid_check(80")
    assert shown == bid_check(80, 1, None) + "\n" == (
        f"Cards: {cards.pretty}\nNo bid yet: write yours after my_bid = (a whole number from 1 to 13; nil is out, "
        f"as this exercise is about counting tricks), then run this cell again.\n")
    # the count's check: right, wrong (without 3b: 3), or not a count in quarters
    assert count_check(cards, None) == ""
    assert count_check(cards, 2.75) == "Your count: 2¾, the rule of thumb's too."
    assert count_check(cards, 3) == "Your count: 3; the rule of thumb counts 2¾. Its steps are in the folded cell below."
    assert count_check(cards, 0) == "Your count: 0; the rule of thumb counts 2¾. Its steps are in the folded cell below."
    for odd in (2.7, "2¾", True, -1):
        assert count_check(cards, odd).startswith("Write your count in quarters after my_count =")
    assert bid_check(80, 1, None, 2.75).splitlines()[1] == "Your count: 2¾, the rule of thumb's too."
    assert bid_check(80, 1, 2, 3).splitlines()[1].startswith("Your count: 3; the rule of thumb counts 2¾.")
    # fresh rater (round 30): "from 1 to 13" quietly ruled out nil; the cell says so, and a 0 is answered
    assert "(no nil here)" in source
    assert bid_check(80, 1, 0).endswith("(you wrote 0). Nil is out here: this exercise is about counting tricks.")
    assert "Nil is out" not in bid_check(80, 1, 14) and "Nil is out" not in bid_check(80, 1, False)
    text = " ".join(prose().split())
    assert PLAYOUTS == 20
    # rater r71 / r72c: the sample runs; r73 (newcomer r72c item 2): "Two counts end in three quarters" told deal
    # 9's fraction before the learner counted it: the sentence names the deals only
    # r81 (words): the "watch the side" line is the conclusion's ("The side's tricks count"); the tie-break said shorter
    # r84 (newcomer r82, words): "Though bots break ties at random, all 20 agree" cut: the runs print "in each"
    # r84b (words): said shorter (the runs print South's tricks and the side's result themselves)
    # r87 (newcomers r84, r85, r86; brief): 20 identical play-outs were never explained: the bots are seeded apart
    # each play-out (spades_bots(f"{seed}/{k}")), but a bot's Rng only breaks ties in _pick, between cards of one
    # key (spade or not, rank): side-suit cards of equal rank; so all 20 may match (held below)
    # r87b (newcomer r87): "seeded apart ... a seed only picks" was jargon: what differs between the runs, plainly
    # r91 (newcomer r90 item 3): "a bot picks between two cards it rates the same" was bot internals: cut
    assert "rates the same" not in text
    # r94 (newcomer r94 item 3): "side cards of equal rank" was unclear (same rank? equally good?): said plainly
    # with an example, two side cards of one rank in different suits (_pick's key: spade or not, rank)
    assert "side cards of equal rank" not in text
    # r93 (newcomer r92 item 3): 20 identical play-outs again asked "why run 20?": the truth said in words, not
    # internals (a bot's Rng is used only in _pick, between cards of one key: side cards of equal rank, or spades of
    # equal rank, which cannot happen), so runs can differ (they do on deal 213, held below), and deal 64's 4¾ first
    # r97 (newcomer r95 item 3): "same-rank" meant nothing: said as a choice between a 4♣ and a 4♦ (kept: it is why
    # runs can differ, and why these 20 agree); deal 64's count is printed above its runs, not said
    assert "same-rank" not in text and "4 and three quarters" not in text
    # r98 (newcomer r97, brief): the random-choice aside was about the software, not bidding: cut for density
    assert "choose at random" not in text
    # r109 (newcomer r109 item 3.6; brief): "(5♥ or 5♣)" was no card of deal 64's South: cut; the picks called random;
    # "the bots' count first" cut for words (the cell prints it first)
    assert "5♥ or 5♣" not in text and "count first" not in text
    assert ("**Sample runs.** Deal 64: the bots bid 5, this lesson 4; each bid is "
            # r110 (newcomer r110 item 3.4): whose picks, and "side cards of one rank" unclear: the bots', with an example
            # r111 (newcomer r111 item 3.5): what a random pick is (a coin flip between cards) and what the 20 share
            # r112 (review): not "equally good cards", the coach's graded term in the glossary; "on paper" cut for words
            # r112 (newcomer r112 item 3.5): "coin flips between cards" unclear: random picks between equally good
            # cards (``_pick``'s ties: side cards of one rank)
            "played 20 times; only the bots' random picks between cards they rate alike vary; here all 20 take the same tricks."  # r116 (newcomer r115 items 2.1, 4.5): "(say, 4♣ or 4♦)" read as South's cards (deal 64's South has no 4♣): cut  # r114 (newcomer r114 item 3.4): match what?  # r107: why 20 (newcomer r107)
            # r108 (newcomer r108 item 3.4): "equally good cards" undefined: _pick's ties, side cards of one rank
            in text)  # r114: deal 9's question moved under "## Now you", after deal 64's verdict
    assert "here all 20 match" not in text and "count, bid, then unfold" not in text  # r114
    c64 = SpadesHand.deal(seed=64, dealer=1).cards(0)
    assert (estimate_tricks(c64, long_spades=True), smart_bid(c64), lesson_bid(c64)) == (4.75, 5, 4)
    assert "4 tricks in each of the 20 play-outs" in bid_check(64, 1, 5) and "4 tricks in each" in bid_check(64, 1, 4)
    assert "4 tricks in each" not in bid_check(213, 1, 5)  # another deal's 20 runs differ
    # r89 (newcomer r87b): "two equal side-suit cards (say 7♥ and 7♦)": a 7♥ and a 7♦ are not equal in play; _pick's
    # key (spade or not, rank) rates them the same, which is what the sentence now says
    assert "7♥ and 7♦" not in text
    # r73b (newcomer r73 item 6): deal 9's result is said only after its folded runs, in the conclusion
    before_runs = " ".join("".join(c["source"]) for c in cells[:at - 1] if c["cell_type"] == "markdown")
    # r81: and not in the visible cell right after the fold either (held above: it is the fold's last line)
    # r114: the fold is now the cell just before the exercise, so every markdown cell above it is checked; deal 9's
    # result is the fold's own last line (held above)
    assert "Deal 9" not in before_runs and "up won" not in before_runs.lower() and "".join(cells[at - 1]["source"]).startswith("#")
    assert "6 every time" not in text and "Two counts end in three quarters" not in text
    assert SpadesHand.deal(seed=9, dealer=1).cards(0).pretty == "♠ Q J 9 8  ♥ J 5  ♦ A J 9 5 2  ♣ A J"
    blocks = bid_check(1526, 3, 6), bid_check(1526, 3, 5), bid_check(9, 1, 5), bid_check(9, 1, 4)
    assert blocks[2].startswith("Cards: ♠ Q J 9 8  ♥ J 5  ♦ A J 9 5 2  ♣ A J\n")
    assert all("Tricks your cards took: 4 tricks in each of the 20 play-outs" in b for b in blocks[2:])
    assert all("Tricks your cards took: 6 tricks in each of the 20 play-outs" in b for b in blocks[:2])  # all 20 agree
    import inspect

    from hearts_teach.agents.spades import SpadesBot
    assert "self.rng.choice(tied)" in inspect.getsource(SpadesBot._pick)
    # r87: "a seed only picks between side-suit cards of equal rank": the bot's only use of its Rng is _pick's tie,
    # among cards of one key, (spade or not, rank); two spades never share a rank
    assert inspect.getsource(SpadesBot).count("self.rng.") == 1 and "return (i // 13 == SPADES, i % 13)" in inspect.getsource(SpadesBot._pick)
    assert 'bots = spades_bots(f"{seed}/{k}")' in inspect.getsource(bid_check)  # "seeded apart each time"
    assert "Tricks your cards took: 4 tricks in each of the 20 play-outs" in bid_check(80, 1, 2)  # the exercise too
    assert "09_spades_scoring" not in text.split("Next, lesson 09b")[0].split("## What you learned")[-1]

    # the play-outs, worked here independently: the bids before South's, South's, the rest and the tricks
    def took(seed: int, bid: int) -> list[int]:
        out = []
        for k in range(PLAYOUTS):
            hand = SpadesHand.deal(seed=seed, dealer=1)
            bots = spades_bots(f"{seed}/{k}")
            while hand.turn != 0:
                hand.bid(bots[hand.turn].choose_bid(hand.view(hand.turn)))
            hand.bid(bid, 0)
            auto_play(hand, bots)
            assert hand.bids[0] == bid and hand.is_over
            out.append(hand.tricks_won[0])
        return out
    for bid in (1, 2, 3, 5):
        counts = took(80, bid)
        answer = bid_check(80, 1, bid)
        assert f"Your bid: {bid}. The bots played all four hands, yours included, 20 times with it." in answer
        listed = (f"{counts[0]} tricks in each of the 20 play-outs" if len(set(counts)) == 1 else
                  ", ".join(f"{t} tricks in {counts.count(t)} play-out{'s' if counts.count(t) > 1 else ''}"
                            for t in sorted(set(counts))))
        assert f"Tricks your cards took: {listed}" in answer, answer
        short = sum(t < bid for t in counts)
        if short:
            assert f"Short of your own bid in {short} of 20." in answer
        elif min(counts) > bid and bid < 2:
            assert f"You could have bid {min(min(counts), 2)}." in answer  # never above the lesson's 2 (2¾ dropped)
        elif min(counts) > bid:
            assert "You could have bid" not in answer
        else:
            assert "Your own bid or more every time." in answer
        assert answer.endswith("The rule of thumb counts 2¾ tricks; this lesson bids 2, the bots 3 (they round three "
                               "quarters up).")
    assert len(set(took(134, 2))) > 1  # "play-outs can differ": a count is an estimate, not a promise
    for wrong in ("4", 0, 14, 4.5, True):
        assert "Write a whole number from 1 to 13 after my_bid =" in bid_check(80, 1, wrong)


def test_partners_bid_does_not_change_your_count():
    """Fresh rater r35_e: deal 21 shows partner North's bid of 2, and the lesson never said whether it should change
    yours. It says it does not: each player bids its own tricks, and partners' bids add up (their contract). The
    weighed bots' bid looks at a partner's bid only for nil (checklist line 5) and to keep a team's bids at 13."""
    text = " ".join(prose().split())
    # r71b (words): North's and East's bids said in one sentence
    # r84b (words): "count only your own tricks" is the summary's bullet, not repeated here
    # r87 (words): the widget prints the bids so far (North 2, East 4): the sentence no longer lists them
    assert ("click your bid (earlier bids do not change your count).") in text and "- Count only your own tricks: partners' bids add up, and so do their tricks." in text
    # r114 (newcomer r114 item 3.6): "count only your own tricks" first came in the summary: said where bids are
    # first added up (the bots' bid ignores a partner's, held below)
    assert "From lesson 09: partners' bids add up to their side's *contract*, so bid only your own cards' tricks." in text
    from hearts_teach.course.spades_lesson import spades_bots
    from hearts_teach.present.widgets.spades_table import BidWidget

    practice = BidWidget(SpadesHand.deal(seed=21, dealer=1), seat=0, bots=spades_bots(21)).hand  # North, East bid
    assert practice.bids[2] == 2 and practice.bids[0] is None  # the 2 the widget shows, before South bids
    mine = practice.cards(0)
    assert all(smart_bid(mine, partner_bid=p) == smart_bid(mine) for p in range(1, 11))
    rng = Rng("lesson09a/partner")
    for i in range(200):  # a non-nil partner's bid never moves the count's bid, unless the team would pass 13
        cards = SpadesHand.deal(rng.spawn(f"deal/{i}"), dealer=0).cards(0)
        own = smart_bid(cards)
        for p in range(1, 14 - own):
            assert smart_bid(cards, partner_bid=p) == own


def test_what_to_remember_agrees_with_the_lesson():
    """Fresh newcomer rater r48: a three-line summary before "Your turn". Since the split of 09a, each lesson
    ends with its own "What you learned" (09a: the count; 09b: the nil and the defence; rater r49 had found the
    summary inside the blind-nil cell, before its quiz). Each line repeats what the lesson says and the bots do:
    the count in quarters and the lower bid when unsure, the nil's duck and its low spades (deal 17), the
    defence rule (CONTRACT_FIRST)."""
    from hearts_teach.agents.spades import CONTRACT_FIRST
    from hearts_teach.games.spades import score_hand

    bidding, nil = (json.loads(path.read_text(encoding="utf-8"))["cells"] for path in LESSONS)
    ends = ["".join(cells[-1]["source"]) for cells in (bidding, nil)]
    assert all(end.startswith("## What you learned") for end in ends)
    assert not any("What to remember" in "".join(c["source"]) for c in bidding + nil)
    learned = [end.split("## What you learned", 1)[1].split("\n---\n", 1)[0] for end in ends]  # r71b: a table's |---|
    # fresh rater r51: "What you learned" was one bullet; it lists the steps, the rounding, the "bid lower" reason
    # and the partner's part, each said in the lesson above (held below and in test_the_bid_lower_example_is_the_scorers)
    # rater r71: a one-table cheat sheet of every value (held against the steps' values in
    # test_the_cheat_sheet_is_the_steps_values)
    assert learned[0].split() == (
        CHEAT_SHEET + "\n\n"
        # rater r64: one rounding rule for the learner, "drop any fraction"
        # r94 (newcomer r94 item 1): a working order (step 1 stands apart; ruffs before step 2, as trick_count does)
        "- Order: 1, 3, 3b, 2, 4. Add the steps, drop any fraction, bid at least 1.\n"  # r119 (words): the set, said above
        # rater r61: one clear recommendation at three quarters (test_three_quarters_up_is_the_bots_convention);
        # rater r64: the figure with each bag charged its share of the penalty
        # r68 (words): the bag's charge is in the play-outs' print
        # r94 (words): the 11 is said with the play-outs; here only which way they went
        "- The bots round three quarters up; bidding down did better.\n"
        "- Count only your own tricks: partners' bids add up, and so do their tricks.\n").split()
    # r87 (newcomer r86 item 3): deal 9's verdict is said after its runs (the conclusion), not repeated here
    # fresh newcomer rater r51: two bullets were not a summary; four now, adding the checklist, the partner's cover
    # and blind nil (its figures: test_when_blind_nil_is_worth_its_risk)
    assert learned[1].split() == (
        # r76b (rater: the checklist read as the rule, yet a player may keep a short side suit): said
        # r76b (rater): "a short side suit is fine" contradicted the checklist's count, whose ruffs rule such a hand
        # out: the ruffs are the bots' (the cell on the checklist says so)
        # r117 (words): the checklist's lines are not repeated; the summary points to them, all of them
        "- Bid nil only when every checklist line holds.\n"
        # r74 (rater: the summary left out the partner's two cover rules and deal 17's discard lesson)
        # r74_09b: the summary said "dead cards first", the play rules a card that could win later first
        # r97 (newcomer r95: "shed" here, "throw" in the play rules): one word
        "- Play it: lead low; duck with your highest card that stays under; throw first a card "
        "that could win later; keep a low spade.\n"
        # r77 (rater): "before you, with its highest" told the partner to throw its highest card even when it
        # cannot win; the play cell says "it wins if it can with its highest"
        # r107 (newcomer r107: the summary dropped "with none, its lowest"): said, as the play cell does
        # r120 (false item: the after-case dropped "if you are winning"; deal 1246's trick 1 is the else case)
        "- Your partner covers: after you, its lowest winning card if you are winning; before you, its highest winning "
        "card; else its lowest.\n"
        # r98: cut for density, the same rule in one clause
        "- Defence, the bots' rule: break the nil unless your team needs half the tricks left or more.\n"
        # r76 (fewer statistics): "broke more often than it held" is said once, under the printed 200 deals
        # r108 (words): the reason is now said where the 200 deals are (l09b-worth); here shorter
        "- Blind nil (±200, only 100 or more behind): a long shot, for a match nearly lost.").split()
    text = " ".join(prose().split())
    assert "The bots count a hand's tricks in quarters" in text and "**Why drop the fraction: the lower bid is safer.**" in text
    assert all(f"**{n}. {part}" in text for n, part in enumerate(("High side cards", "Protected spades", "Ruffs",
                                                                     "Spade length"), start=1))
    assert "duck with your *highest* card that stays under it" in text
    # r111: "(counting this one)" said where the rule is first met (deal 1246), once
    assert CONTRACT_FIRST == 0.5  # r112: the rule is said once, at deal 1246 (below)
    assert "needs at least half the tricks left (counting this one)" in text
    # a set scores minus what a made contract scores (r76b: "(+10 a trick bid becomes −10)" cut for words): a contract of 6 made scores +60, set −60 (no bags either way here)
    made, set_ = score_hand([3, 3, 3, 4], [3, 3, 3, 4]), score_hand([3, 3, 3, 4], [3, 4, 2, 4])
    assert made.team_points[0] == 60 and set_.team_points[0] == -60


def test_the_round_49_nil_play():
    """Fresh rater r49: the nil tip covered only ducking; what when every card you can play beats the card
    winning the trick? The bots' own nil play (``_own_nil``, and its reason): the lowest while a later card may
    still go over it, the highest when last to play. The defenders' tip "lead low" is the bots' nil-busting lead."""
    from hearts_teach.agents.spades import SpadesBot
    from hearts_teach.games.spades.legality import SpadesState
    from hearts_teach.games.spades.rules import SpadesRules

    text = " ".join(prose().split())
    # r84 (rater: took three reads; no examples): numbered steps, each with an example the bots' play holds below
    assert ("duck with your *highest* card that stays under it, keeping low ones (9♣ winning, K♣ 8♣ 2♣ held: 8♣). "
            "2. None stays under? Last to play, the nil is lost anyway: shed your most dangerous card (10♥ winning, K♥ J♥ "
            "held: K♥). Otherwise play your lowest (J♥): a later card may beat it.") in text

    def state(hands, leader, trick):
        st = SpadesState([CardList(h).mask for h in hands], leader, SpadesRules().compiled)
        for card in trick:
            st.play(CardList(card)[0].index)
        return st

    nil_east = (3, 3, 3, 0)
    bot = SpadesBot(0)
    # r84: the tips' examples, as the bots play them (East nil): 9♣ led, K♣ 8♣ 2♣ → 8♣; 10♥ winning, K♥ J♥ → K♥ last, J♥ second
    duck = state(["3D 4D 5D", "4H 5H 6H", "9C 2H 3H", "KC 8C 2C"], leader=2, trick=["9C"])
    assert DECK[bot.choose_index(duck, nil_east)].pretty == "8♣"
    over_last = state(["5H 2C 3C", "6H 4C 5C", "TH 6C 7C", "KH JH 2D"], leader=0, trick=["5H", "6H", "TH"])
    assert DECK[bot.choose_index(over_last, nil_east)].pretty == "K♥"
    over_early = state(["5H 2C 3C", "6H 4C 5C", "TH 6C 7C", "KH JH 2D"], leader=2, trick=["TH"])
    assert DECK[bot.choose_index(over_early, nil_east)].pretty == "J♥"
    # East (nil) plays second to North's 5♥ holding only higher hearts: its lowest, 9♥
    second = state(["3C 4C", "4D 5C", "5H 2C", "9H KH"], leader=2, trick=["5H"])
    bot = SpadesBot(0)
    assert DECK[bot.choose_index(second, nil_east)].pretty == "9♥"
    assert "so play the lowest (a later card may still go over it)" in bot._rule(second, nil_east)[0]
    # East last to play, every heart over North's 7♥: its highest, K♥
    last = state(["5H 2C", "6H 3C", "7H 4C", "9H KH"], leader=0, trick=["5H", "6H", "7H"])
    assert DECK[bot.choose_index(last, nil_east)].pretty == "K♥"
    assert "so play the highest (I win anyway)" in bot._rule(last, nil_east)[0]
    # South leads against East's nil (the nil-first bot): its lowest card, as its reason says
    lead = state(["2H 9H KH 2D", "3C 4C", "4D 5C", "5H 3H"], leader=0, trick=[])
    baseline = SpadesBot(0, style="baseline")
    assert DECK[baseline.choose_index(lead, nil_east)].pretty == "2♥"
    assert "lead low, leaving the nil bidder little room under it" in baseline._rule(lead, nil_east)[0]


def test_the_bid_lower_example_is_the_scorers():
    """Fresh rater r51: "when unsure, bid the lower number" had no numbers. The lesson prints ``score_hand`` on four
    cases (South bids 4 or 3 and takes 3 or 4, North bids 2 and takes 2); the prose's figures are held here."""
    from hearts_teach.games.spades import score_hand

    printed = _code_outputs("for took in (3, 4):")
    points = {}
    for bid in (4, 3):
        for took in (3, 4):
            rest = 13 - took - 2
            score = score_hand([bid, 2, 2, 2], [took, rest // 2, 2, rest - rest // 2])
            assert f"South bids {bid}, takes {took}:  {str(score).splitlines()[0]}\n" in printed
            points[bid, took] = (score.team_points[0], score.bags[0])
    assert points == {(4, 3): (-60, 0), (4, 4): (60, 0), (3, 3): (50, 0), (3, 4): (51, 1)}
    text = " ".join(prose().split())
    # round 53 (rater r52): "bid the lower number" against rounding to the nearest trick: the rule of thumb rounds
    # (3¾ bids 4, 3½ bids 3: smart_bid's ceil(est - ROUND_UP_FROM), held here); the lower number is for a doubtful count
    import inspect

    from hearts_teach.agents.spades import ROUND_UP_FROM as _HALF
    assert [math.ceil(e - _HALF) for e in (3.75, 3.5)] == [4, 3]
    # "a half rounds down, always (3b's even rule is for spades only)": 5½ bids 5 though 3b's round(5.5) keeps 6
    assert [math.ceil(e - _HALF) for e in (4.5, 5.5, 6.5)] == [4, 5, 6] and round(5.5) == 6
    assert "bid = math.ceil(est - ROUND_UP_FROM)" in inspect.getsource(smart_bid)
    # r54 (rater r52): "when unsure, bid the lower number" still read as a second rule beside rounding; one rule now,
    # the half's rounding, with the scorer's four cases as its reason, and the print's "bags 0 → 1" said
    # rater r61: "3 and three quarters bids 4" was the bots' rounding, which the lesson now advises against
    # r73b (newcomer r73 item 5): one bidding rule where the sum becomes a bid; the bots' rounding is brought in
    # here, as the rule the scorer's cases and the play-outs test
    assert ("**Why drop the fraction: the lower bid is safer.** Say "
            "your count is 3 and three quarters: the bots bid 4, this lesson 3. North bids 2 and takes 2; you "
            "take 3 or 4. The scorer on the four cases (\"bags 0 "
            "→ 1\": your side's bags before and after):") in text  # r87 (words)
    assert "When unsure" not in text
    # r55 (rater r55): "that is why a half rounds down" argued as well against rounding three quarters up: the
    # figures break only the exact tie; what they do not show (how often a count comes true) is said, and why
    # bidding under every count costs (9 points a trick: 60 − 51, and a bag)
    # r72b (newcomer r72): the table argued at a half, where both rules bid 3; it is at three quarters now, where they
    # differ, and the play-outs answer how often the higher bid comes true
    # r91 (words): "One trick short costs far more than one over" cut: the 19 and 110 beside it say so
    # r93 (newcomer r92 item 2): "110 ÷ (110 + 19)" came with no working: the break-even said as six gains against
    # one loss (6 × 19 = 114 > 110 > 5 × 19; 6 in 7 is 86%, the break-even 110 / 129 is 85%)
    assert "110 ÷ (110 + 19)" not in text
    assert 6 * 19 == 114 > 110 > 5 * 19 and abs(6 / 7 - 110 / 129) < 0.01
    # r59 (rater r57): "the quarters are rough values, not chances" clashed with "could come to 3 tricks or 4", and
    # "bidding under every count would give up 9 points a trick" did not answer the question. Play-outs do not back
    # rounding ¾ up (South bidding up on ¾ counts made less often than bidding down: held in
    # test_three_quarters_up_is_the_bots_convention), so the lesson says it is the bots' convention: smart_bid rounds
    # to the nearest trick (ROUND_UP_FROM, held above), as its docstring says
    # r60 (rater r60): "simply the bots' convention" shrugged; the play-outs' figures are given (held in
    # test_three_quarters_up_is_the_bots_convention) and a careful player may bid down at ¾
    # rater r61: "a careful player may bid down" left the learner unsure: one recommendation, bid down, with the
    # play-outs' figures printed by the lesson (three_quarters_playouts, held in
    # test_three_quarters_up_is_the_bots_convention)
    # rater r64: said once, plainly: the bots round ¾ up, and the play-outs are the lesson's reason to bid down
    assert ("**Does it, at three quarters?** In the *play-outs* below, the bots play each deal twice, South bidding "
            "its count rounded up, then down.") in text  # r87 (words)
    assert text.count("to the nearest trick, a half down") == 1  # r99: shorter  # r90: said once, with the bid's rule
    assert "Three quarters bids up only by the bots' convention" not in text and "careful player" not in text
    assert "rounded to the nearest trick (halves down)" in " ".join((smart_bid.__doc__ or "").split())
    assert "rough values, not chances" not in text and "9 points a trick" not in text
    assert "that is why a half rounds down" not in text
    assert score_hand([3, 2, 2, 2], [4, 2, 2, 5]).teams[0].bags_before == 0 and score_hand([3, 2, 2, 2], [4, 2, 2, 5]).teams[0].bags_after == 1
    # r71 (rater r70): the bag's cost as the net figure: 60 against 51 less the bag's tenth of 100, 19
    # rater r71: "the bag's share" was used before the play-outs' print explained it: said where it is used
    # r72 (newcomer r72): the −9 is a way to value a bag, not a rule (the 100 comes off only at the tenth bag, RULES 7)
    # r73 (newcomer r72c item 2): the −9 was used before it was defined: it is defined where the play-outs use it
    # r75 (newcomer r75pre item 2): the 9 beside the tally's 16 read as a mismatch: the saved bag is named, and its
    # −9 gives 19 once the tally defines it
    # newcomer r75 (round 75b item 5): the 19 worked out in place
    # r81 (newcomer r81): "the gain above is 19 (60 against 51 − 10)" was cryptic beside the 9 just said: the bag at −9
    # makes bidding 3 and taking 4 worth 41, so up gains 19 or loses 110, and pays only above 110 / 129, about 85%
    # r87 (newcomer r86 item 2): "over 85%" came with no working: the break-even sum is written where it is stated
    # r89 (newcomer r87b item 3): the p-inequality was the heaviest stretch: the one threshold said in words
    # r90 (newcomer r89): the 41 was explained only by the next cell's print: its sum written out first
    # r91 (newcomer r90 item 2): two gains for one case (9, then 19 once the bag cost −10): the bag is valued at −9
    # from the start, so the learner meets one gain, 19 (+60 against +41)
    # r98 (newcomer r97 item 3): the bag arithmetic in two sentences
    # r99 (newcomer r98): the −9 and the 6 in 7 each shown in a few words; "check South's count" (never asked) gone
    assert "check South's count" not in text and "its +1, less a tenth" not in text and "a tie" not in text
    # r110 (words): "(ten bags cost 100)" cut: cell 0 says it
    # r112 (newcomer r112 item 3.3): where "−10 later" comes from was not said here: back, words cut elsewhere
    assert "−10 later. Bid 3" not in text
    assert ("Count a bag as −9: +1 now, −10 later (ten bags cost 100). Bid 3, take 4 is then +50 + 1 − 10 = "
            "+41. Bidding 4, not 3, gains 19 when the 4th trick comes (+60 against +41) and loses 110 when it does not "
            "(−60 against +50). So that trick must come about 6 times in 7: six gains of 19 beat one loss of 110.") in text and 6 * 19 > 110 > 5 * 19
    assert ("Count a bag as −9: its +1, less a tenth of the 100 lost at 10 bags. Bid 3, take 4 is then +50 + 1 − 10 = "
            "+41. Bidding 4, not 3, gains 19 when the 4th trick comes (+60 against +41) and loses 110 when it does not "
            "(−60 against +50). So that trick must come about 6 times in 7.") not in text and 6 * 19 > 110 > 5 * 19  # r93: the gain and the loss in one sentence with the break-even
    assert "wins 9 more points" not in text and "(+60 against +51)" not in text  # r91: the old first gain
    assert "19p" not in text and "(chance p)" not in text  # r89
    assert "means over 85%" not in text
    assert all((19 * p > 110 * (1 - p)) == (p > 110 / 129) for p in (0.8, 0.85, 0.853, 0.86, 0.9)) and round(100 * 110 / 129) == 85
    assert "the gain above is 19" not in text and "51 − 10" not in text
    assert 50 - 9 == 41 and 60 - 41 == 19 and 50 - (-60) == 110 and 0.85 < 110 / (110 + 19) < 0.86
    made = score_hand([3, 2, 2, 2], [4, 2, 2, 5]).teams[0]  # the scorer's "South bids 3, takes 4": +50, 1 bag +1
    assert (made.contract, made.points, made.bags_taken) == (5, 51, 1) and 50 + 1 - 100 // 10 == 41 and "or 19 if" not in text
    # r73b (newcomer r73): "They" read as the bots playing differently; the why is the play-outs' second printed line
    assert "(its second line says why)" not in text  # r90: the sum is written out in the prose
    assert "Each bag valued at -9: its +1, less a tenth of the 100 lost at 10 bags\n" in outputs()
    assert 60 - (51 - 100 // 10) == 19 and "+41" in text  # r91: the bag at −9 from the start
    assert 60 - 51 == 9 and 50 - (-60) == 110
    # counting each bag as a tenth of the 100 that ten bags cost (r61: words cut), 51 − 10 still loses only 19 against 60
    assert 60 - (51 - 10) < 110
    # rater r69: "+60 against +51" counted the bag as +1, the play-outs as -9: "+41 with the bag's cost below"
    assert 51 - 1 + (1 - 10) == 41 and "Each bag valued at -9: its +1, less a tenth of the 100 lost at 10 bags" in outputs()
    # the partner's part: a set loses the whole contract (10 a trick of it, the partner's 2 included); an extra
    # trick of one partner covers the other's shortfall
    # r61 (words): the set's cost is said where the play-outs' sets are read
    # newcomer r75 (round 75b item 8): the play-outs' recap is one line; the set's cost is the summary's bullet
    # r113 (newcomer r113/09a): an over-trick scores +1 and adds a bag (ten cost 100): "costs" was wrong now
    assert "one over costs a bag" not in text
    # r119 (words, and "one trick short" of whose count was unclear): cut; the opening says made and set
    assert "One trick short sets the whole contract" not in text and "your partner's bid with it" not in text  # r99: cut for density
    assert "Take fewer and it is *set*: −10 per trick bid." in text
    assert score_hand([4, 2, 2, 2], [3, 3, 2, 5]).team_points[0] == -10 * (4 + 2)
    assert score_hand([3, 2, 3, 2], [4, 3, 2, 4]).team_points[0] == 60  # South's extra trick covers North's short one
    # r61 (words): "an extra trick of yours can cover a partner one short" cut; "Count only your own tricks:
    # partners' bids add up, and so do their tricks" (What you learned) says it
    assert "Count only your own tricks: partners' bids add up, and so do their tricks." in text
    # the opening's recap agrees with the scorer (made +10 a trick bid and +1 a bag; set −10 a trick bid; ten bags −100)
    # r59 (rater r57): "+10 a trick bid" read oddly: "per trick bid"
    # r116 (newcomer r115 item 3.6): "that many" could be your own bid: the side's contract, named
    assert "Take at least that many tricks" not in text
    assert ("If your side takes its contract or more, it is made: +10 per trick bid, +1 for each extra trick (a *bag*; ten bags "
            "cost 100). Take fewer and it is *set*: −10 per trick bid.") in text
    assert score_hand([3, 3, 2, 3], [4, 3, 2, 4]).team_points[0] == 51
    assert score_hand([3, 3, 2, 3], [4, 3, 2, 4], bags=(9, 0)).team_points[0] == 51 - 100


def test_the_steps_question_is_the_bots_count():
    """Fresh rater r51: only step 4 had a question; a question on steps 1 to 3 (a lone king, a queen in three, an
    ace in six, a singleton) has the bots' count as its answer, each reason's figure theirs. Rater r68: none of the
    learner's hands ended in three quarters, so the lesson's own rule (bid down) was never practised: the hand
    counts 2¾ (a king in six clubs, ¼) and the question asks for the bid too."""
    from hearts_teach.kernel.cards import CardList as _Cards

    cards = _Cards("9S 8S 4S KH QD 7D 5D AC KC 6C 4C 3C 2C")
    source = _code_source("steps_quiz = Quiz(")
    assert f"You hold {cards.pretty}. What do steps 1, 2, 3, 3b add up to, and what do you bid?" in source and "steps 1 to 3b" not in source  # r109  # r97: 3b, as its answer
    count = trick_count(cards)
    assert {DECK[c].pretty: t for c, t in count.side} == {"A♣": 1.0, "K♣": 0.25, "Q♦": 0.5}  # K♥ alone: 0
    assert count.spade_tricks == 0 and count.ruff_tricks == 1 and count.total == 2.75 and smart_bid(cards) == 3
    assert estimate_tricks(cards, long_spades=True) == 2.75 and max(1, math.floor(count.total)) == 2
    assert [len(cards.of_suit(s)) for s in (Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)] == [1, 3, 6]
    assert '"2¾: bid 2",\n    reasons=' in source and "Drop the three quarters: a bid of 2 (the bots bid 3)" in source
    assert "the 9♠ and 8♠ have too few smaller spades" in source
    # the wrong answers' figures: without the singleton's ruff, 1¾; with the lone K♥ counted 1, 3¾
    assert count.total - count.ruff_tricks == 1.75 and count.total + 1 == 3.75
    assert "the K♥ alone counts 0 in step 1" in source


def test_the_step_two_question_is_the_bots_count():
    """Rater r68: step 2, the hardest table, had no question of its own: the J♠ in ♠ Q J 9 8 (no short side suit, so
    nothing is crossed off) lacks the A♠ and K♠ only and keeps two smaller spades: 1."""
    from hearts_teach.kernel.cards import CardList as _Cards

    cards = _Cards("QS JS 9S 8S 7H 6H 5H 7D 6D 5D 4C 3C 2C")
    source = _code_source("step2_quiz = Quiz(")
    assert f"You hold {cards.pretty}. What is the J♠ worth in step 2?" in source
    count = trick_count(cards)
    assert not count.ruffs and not count.spent
    assert {DECK[c].pretty: t for c, t in count.spades}["J♠"] == 1.0
    assert '"1",\n    reasons=' in source
    text = " ".join(prose().split())
    # r72 (newcomer r72): deal 22 has no J♠: the question is on a new hand, said so
    # r72b (newcomer r72 item 6): the question comes after deal 22's step-2 print, said so
    # r110 (newcomer r110 item 3.1): step 2 is printed before 3b: say deal 22's 3b changes nothing (held in 3b's cell)
    # r111 (newcomer r111 item 3.2): "3b changes nothing" leaned on 3b before it was taught: what it does, named
    assert "3b changes nothing" not in text
    # r117 (newcomer r116 item 3.1): "crosses off" was used before 3b taught it: what 3b does, in plain words
    # r120 (newcomer r120 item 3.2): "3b, below" was a second forward reference: the reason is deal 22's own (one
    # doubleton, ruffs ¼, rounding to 0), with 3b named only as where it is taught
    assert "Deal 22's step 2 (its lone doubleton sets aside no ruffing spade: 3b), then **try it on a new hand** (or unfold the code)." in text  # r84b (words), r87 (words), r111 (words)
    assert "(3b, below, sets aside" not in text
    assert "crosses off nothing" not in text  # r117
    assert "Deal 22: ruffs ¼, none crossed off." not in text  # r116 (words): the step-2 sentence above says it
    assert "J♠" not in SpadesHand.deal(seed=22, dealer=1).cards(0).pretty


def _nil_cells() -> list[dict]:
    return json.loads(LESSONS[1].read_text(encoding="utf-8"))["cells"]


def _nil_prose() -> str:
    return " ".join(" ".join("".join(c["source"]) for c in _nil_cells() if c["cell_type"] == "markdown").split())


def test_09b_opens_with_a_recap_of_nil_scoring():
    """Fresh newcomer rater r51: 09b, split from 09a, opened with no recap of how nil scores and sits beside the
    partner's contract, and used *clean*, *set* and *bag* before defining them. The opening recap, held against the
    scorer (Spades rules 3, 6, 7 and 8: nil ±100 apart, the partner's bid the contract, the nil's tricks count)."""
    from hearts_teach.games.spades import score_hand
    from hearts_teach.games.spades.rules import BAG_LIMIT, BAG_PENALTY, NIL_VALUE, SpadesRules

    top = " ".join("".join(_nil_cells()[0]["source"]).split())
    recap = ("**From lesson 09.** A bid of 0 is *nil*: a promise to take no trick, scored apart from the "  # r119 (words)
             "partner: +100 if the nil bidder takes no trick, −100 if it takes even one. A nil is *clean* until its first trick, "
             "*broken* after. Beside a nil, the partner's bid alone is the team's *contract*, and any trick the nil "
             "bidder does take counts toward it. A team that takes fewer tricks than its contract is *set* (−10 "
             "a trick bid); each trick over it is a *bag* (+1; ten bags cost 100).")
    assert recap in top
    # r55 (words): the overview line went; the section headings say the same
    assert "In this lesson:" not in top
    headings = [line for c in _nil_cells() if c["cell_type"] == "markdown" for line in "".join(c["source"]).splitlines()
                if line.startswith("#")]
    assert "## When to bid nil" in headings and "### Playing a nil, and defending against one" in headings
    assert NIL_VALUE == 100 and SpadesRules().nil_tricks_count and BAG_LIMIT == 10 and BAG_PENALTY == 100
    kept = score_hand([0, 4, 5, 4], [0, 4, 5, 4])  # South nil kept, North bid 5 and took 5: +100 and +50 apart
    assert kept.team_points[0] == 100 + 50
    broken = score_hand([0, 4, 5, 4], [1, 3, 4, 5])  # South took one: it completes North's 5 (1 + 4)
    assert broken.team_points[0] == -100 + 50
    set_ = score_hand([0, 4, 5, 4], [0, 4, 4, 5])  # North took 4 of 5: set
    assert set_.team_points[0] == 100 - 50
    bag = score_hand([0, 4, 5, 3], [0, 4, 6, 3], bags=(9, 0))  # one bag over, the tenth: −100, 10 bags removed
    assert bag.team_points[0] == 100 + 50 + 1 - 100 and bag.bags[0] == 0
    # "clean" and "set" are defined before any print uses them (the deal-437 print says "nil: East clean")
    cells = _nil_cells()
    first_clean = next(i for i, c in enumerate(cells) if "clean" in "".join("".join(o.get("text", "")) for o in c.get("outputs", [])))
    assert first_clean > 0 and "*clean*" in "".join(cells[0]["source"])


def test_the_nil_play_tip_says_why():
    """Fresh newcomer rater r51: "play your lowest, or highest if last to play" came without a reason; the reason is
    the bots' own (``_own_nil``: "I win anyway" when last, "a later card may still go over it" before)."""
    text = _nil_prose()
    # round 54 (words): one shorter sentence, the same two cases and reasons
    # r84 (rater: three reads): "None stays under?", each case its own sentence, an example each
    assert ("None stays under? Last to play, the nil is lost anyway: shed your most dangerous card") in text  # r118
    assert "Otherwise play your lowest (J♥): a later card may beat it." in text
    # r55 (words): "Its own tricks count toward the contract as usual" went; the opening recap says the team's tricks count
    # r107 (words): "still" cut
    assert "any trick the nil bidder does take counts toward it" in text
    import inspect

    from hearts_teach.agents import spades as bots
    source = inspect.getsource(bots.SpadesBot._rule)
    assert "so play the highest (I win anyway)" in source and "so play the lowest (a later card may still go over it)" in source


def test_the_partners_cover_on_deal_1246_and_the_question_on_deal_1030():
    """Fresh newcomer rater r51: the partner got one line, and its only example (deal 6, trick 4) was safe either
    way. Deal 1246, trick 5: South's 6♥ wins when North, last, holds K♥ 3♥; the K♥ covers (the bot's rule), the 3♥
    would break the nil, and every heart South held beat East's 2♥. Then a question from North's seat on deal
    1030, trick 10: the lowest card over South's 8♠ (the bots' cover), the 4♠ breaking the nil."""
    from hearts_teach.course.spades_lesson import (
        bot_reasons,
        bots_position,
        play_instead,
        play_spades,
        tricks_table,
        what_happened,
    )

    text = _nil_prose()
    # r98: the deal's three printed tricks named in order (trick 3 is the cover before South)
    assert ("Deal 1246: South bid nil, North 5.") in text and "last in trick 5" in text  # r99; r119 (words)
    assert "South's hearts all beat East's 2♥: only North's cover saved the nil." in text
    played = play_spades(SpadesHand.deal(seed=1246, dealer=3), seed=1246)
    assert played.bids[0] == 0 and played.bids[2] == 5 and played.tricks_won[0] == 0
    # r59: the cover taught only after the nil bidder; the partner playing before it is shown on the same deal
    # r60 (rater: "North's other club, 9♣, also beats 7♣, so this does not show why North played high"; trick 2
    # was hidden): the rule is said (the highest winner leaves the most room), the 9♣ is granted, and trick 2 is printed
    # r74 (rater: "highest card" just before a question answered by the lowest winner; the 9♣ aside undercut it):
    # the two cases are in the tips; here trick 3 is the case before South, and the question names its case
    # r97 (newcomer r95: the trick-3 aside read as stray, nothing showing South in danger): cut
    assert "In trick 3, before South" not in text
    # r98 (newcomer r97: the status line unexplained): one line on it, before the first full status line (deal 1030)
    # r114 (newcomer r114: the line read twice before it met "South–North 3 of 5"): said on the printed words
    assert ("South's hearts all beat East's 2♥: only North's cover saved the nil. *Tricks vs contract: South–North 3 "
            "of 5*, below: 3 taken, 5 bid. You are North on deal 1030, "
            "*after* South: which card covers?") in text
    assert "tricks vs contract: South–North 3 of 5 ·" in _code_outputs("guard = bots_position(1030")  # r114
    assert "A status line's" not in text  # r114
    t3 = played.tricks[2]
    assert [t3.card_of(s).pretty for s in t3.seats] == ["2♣", "K♣", "J♣", "7♣"] and t3.winner == 2
    assert t3.seats.index(2) < t3.seats.index(0) and t3.card_of(0).rank < t3.card_of(3).rank < t3.card_of(2).rank
    from hearts_teach.agents.spades import SpadesBot as _Bot
    from hearts_teach.course.spades_lesson import before_play

    north3 = before_play(played, 4 * 2 + 1)  # trick 3, West's 2♣ down, North to play
    clubs = north3.cards(2).of_suit(Suit.CLUBS)
    assert sorted(c.pretty for c in clubs) == ["9♣", "K♣"]  # both win over the 2♣; the bot takes the higher
    assert _Bot(0).choose(north3).pretty == "K♣" and _Bot(0).reason(north3) == "protect partner's nil: win over partner"
    assert "return self._pick(wins, high=True)  # high enough that partner can duck under" in __import__(
        "inspect").getsource(_Bot._protect)
    # "when it can win": in trick 2, West's A♣ led, North could not beat it and played its lowest club, 4♣
    t2 = played.tricks[1]
    assert [t2.card_of(s).pretty for s in t2.seats] == ["A♣", "4♣", "10♣", "Q♣"] and t2.seats[-1] == 0  # South's Q♣
    # r98 (cut for density): tricks 2 and 4 no longer printed; trick 3, the cover before the nil, is
    assert f"Trick 3 as played: {tricks_table(played).splitlines()[2]}" in _code_outputs("cover = bots_position(1246")
    # "the 9♣ would have done too": with North's 9♣ in trick 3 the bots play on and South's club stays under
    from hearts_teach.course.spades_lesson import bots_position as _position
    from hearts_teach.course.spades_lesson import play_instead as _instead
    nine = _instead(_position(1246, dealer=3, trick=3, cards=1), seed=1246, cards=["9C"])
    assert nine.tricks[2].card_of(2).pretty == "9♣" and nine.tricks[2].winner != 0
    from hearts_teach.kernel.cards import Card as _Card
    assert nine.tricks[2].card_of(0).rank < _Card("9C").rank
    t5 = played.tricks[4]
    assert [t5.card_of(s).pretty for s in t5.seats] == ["2♥", "6♥", "5♥", "K♥"] and t5.seats[-1] == 2 and t5.winner == 2
    assert sorted(c.pretty for c in played.dealt(0).of_suit(Suit.HEARTS)) == sorted(["9♥", "8♥", "7♥", "6♥"])
    moment = bots_position(1246, dealer=3, trick=5, cards=3)
    # r74: "trick 4 is the *Last trick* line" of the trick-5 print
    t4 = played.tricks[3]
    last = next(x for x in moment.text().splitlines() if x.startswith("Last trick"))
    assert last.startswith("Last trick: " + " ".join(t4.card_of(s).pretty for s in t4.seats) + " → ")
    assert moment.play_state().win_seat == 0 and sorted(c.pretty for c in moment.legal_plays().cards) == ["3♥", "K♥"]
    under = play_instead(moment, seed=1246, cards=["3H"])
    assert under.tricks[4].winner == 0 and under.tricks_won[0] > 0
    shown = _code_outputs("cover = bots_position(1246")
    assert "North's bot plays K♥ (protect partner's nil: win over partner)" in shown
    assert (bot_reasons(played, 4 * 4 + 3, styles=("weighed",), seed=1246).strip()
            == "weighed bot for North: K♥ (protect partner's nil: win over partner)")
    assert f"Trick 5 as played: {tricks_table(played).splitlines()[4]}" in shown
    assert f"With the 3♥ instead: {tricks_table(under).splitlines()[4]}" in shown
    assert what_happened(under).splitlines()[-1] in shown and "South's nil broke at trick 5" in shown
    # the question from the partner's seat
    guard = bots_position(1030, dealer=3, trick=10, cards=3)
    assert guard.bids[0] == 0 and guard.bids[2] == 5 and guard.to_act() == 2 and guard.nil_alive(0)
    trick = guard.current_trick
    assert [c.pretty for c in trick.cards] == ["6♠", "8♠", "5♠"] and trick.seats[0] == 3
    assert guard.play_state().win_seat == 0 and guard.cards(2).pretty == "♠ K 9 4 3  ♥ —  ♦ —  ♣ —"
    from hearts_teach.agents.spades import SpadesBot
    bot = SpadesBot(0)
    assert bot.choose(guard).pretty == "9♠" and bot.reason(guard) == "protect partner's nil: win over partner"
    # r81 (rater: the 3♠, legal, was missing from the choices): a choice too
    # r82: choices low to high (the answer was second in every 09b question)
    assert '["3♠", "4♠", "9♠", "K♠"], "9♠",' in _code_source("cover_quiz = Quiz(")
    assert sorted(c.pretty for c in guard.legal_plays().cards) == sorted(["K♠", "9♠", "4♠", "3♠"])
    for card, wins in (("KS", 2), ("9S", 2), ("4S", 0), ("3S", 0)):
        after = guard.copy()
        after.play(card)
        assert after.tricks[9].winner == wins
    quiz = _code_source("cover_quiz = Quiz(")
    assert "bots_position(1030, dealer=3, trick=10, cards=3)" in quiz
    assert _code_outputs("cover_quiz = Quiz(").startswith(guard.text())
    # r112 (newcomer r112: "with no spade under the 6♠" taken on trust): South's cards before trick 10, printed
    from hearts_teach.course.spades_lesson import before_play as _before
    south10 = _before(guard, 4 * 9 + 1).cards(0)
    assert f"\nSouth's cards before trick 10: {south10.pretty}\n" in _code_outputs("cover_quiz = Quiz(")
    assert min(c.rank for c in south10 if c.suit.value == 3) > trick.cards[0].rank  # no spade under the 6♠


def test_the_learners_nil_has_a_debrief():
    """Fresh newcomer rater r51: "Play a nil yourself" had no debrief. The cell after it says whether the nil held,
    lists the close calls (``close_calls``) and, if it broke, why the partner could not save it; stored, it waits."""
    from hearts_teach.course.spades_lesson import close_calls, what_happened
    from hearts_teach.present.widgets.spades_table import SpadesTable

    cells = _nil_cells()
    at = next(i for i, c in enumerate(cells) if "nil_table = SpadesTable(" in "".join(c["source"]))
    # r76b (rater: no way to check your count on deal 356): the debrief prints it first, part by part (½: Q♥)
    assert "".join(cells[at + 1]["source"]).startswith("When your hand ends, run the cell below: your count, then each "
                                                       "*close call*")
    assert "count_text(mine.dealt(0), estimate=False)" in "".join(cells[at + 2]["source"])
    assert cells[at + 2]["cell_type"] == "code" and "close_calls(mine, 0)" in "".join(cells[at + 2]["source"])
    assert "".join("".join(o.get("text", "")) for o in cells[at + 2]["outputs"]) == (
        "Not yet: bid nil and play the hand to its end above, then run this cell again.\n")
    table = SpadesTable(seed=356)
    table.bid("nil")
    table.finish_hand()
    assert what_happened(table.hand).splitlines()[-1] == "South's nil held: South took no trick."
    assert close_calls(table.hand, 0).startswith("Trick 2: after East 3♣, South played 5♣")
    from hearts_teach.course.spades_lesson import count_text

    assert count_text(table.hand.dealt(0), estimate=False).splitlines()[1:3] == ["High side cards: ½", "  Q♥ ½"]
    assert estimate_tricks(table.hand.dealt(0)) == 0.5
    # r76b (rater: the blind-nil click had no visible outcome): the cell after the widget plays it out; stored, it waits
    at = next(i for i, c in enumerate(cells) if "blind = BidWidget(" in "".join(c["source"]))
    assert "play_spades(yours, seed=5)" in "".join(cells[at + 1]["source"])
    assert "".join("".join(o.get("text", "")) for o in cells[at + 1]["outputs"]) == (
        "Not yet: click Blind nil, or Look at my cards and bid, above; then run this cell again.\n")


def test_when_blind_nil_is_worth_its_risk():
    """Fresh newcomer rater r51: when is blind nil worth its risk? The lesson plays 200 blind nils and prints how
    often they held; the prose says what the figures and the bots' own rule (``wants_blind_nil``) say."""
    from hearts_teach.agents.spades import wants_blind_nil
    from hearts_teach.course.spades_lesson import play_spades
    from hearts_teach.games.spades.rules import SpadesRules

    rules = SpadesRules.preset("blind_nil")
    held = 0
    team = [0, 0]  # r114: South–North's hand scores, blind nil and looking (the bots' bid at 140 behind)
    for seed in range(1000, 1200):
        trial = SpadesHand.deal(seed=seed, dealer=3, rules=rules, scores_before=(180, 320))
        trial.bid("blind nil")
        held += play_spades(trial, seed=seed).tricks_won[0] == 0
        looked = SpadesHand.deal(seed=seed, dealer=3, rules=rules, scores_before=(180, 320))
        assert not wants_blind_nil(looked, 0)  # r114: "then looking, as they would"
        play_spades(looked, seed=seed)
        team = [team[0] + trial.score().team_points[0], team[1] + looked.score().team_points[0]]
    assert team[0] < team[1]  # r114: on average the blind nil costs the team points: a long shot
    assert held < 100  # "broke more often than it held"
    shown = _code_outputs("for seed in range(1000, 1200):")
    # r55 (rater r54): the bots' rule was asserted, not shown: the cell prints the bots' own choice (wants_blind_nil,
    # which their bid asks first) at three scores, one meeting both conditions and one missing each
    choices = "".join(
        f"  {mine} to {theirs}: {theirs - mine} behind, the opponents {500 - theirs} from 500: "
        f"{'blind nil' if wants_blind_nil(SpadesHand.deal(seed=7, dealer=3, rules=rules, scores_before=(mine, theirs)), 0) else 'look at the cards'}\n"
        for mine, theirs in ((150, 350), (160, 350), (130, 340)))
    # r57 (a fresh rater): "no partner's nil" was said to be printed above: the cell now prints the bots' own choice
    # with North, South's partner, having bid nil first (at 150 to 350, where they otherwise bid it)
    after_nil = SpadesHand.deal(seed=7, dealer=1, rules=rules, scores_before=(150, 350))
    after_nil.bid("nil")
    after_nil.bid(2)
    assert after_nil.turn == 0 and not wants_blind_nil(after_nil, 0)
    choices += "  150 to 350, North (your partner) having bid nil: look at the cards\n"
    assert shown == (f"South's blind nil held on {held} of 200 deals and broke on {200 - held}.\n"
                     f"Its own score, +200 or −200, averaged {format((held - (200 - held)) * 200 / 200, '+.0f').replace('-', '−')} a bid.\n"
                     # r114 (newcomer r114: no figure for looking instead): the team's hand score both ways
                     f"South–North's hand score averaged {format(team[0] / 200, '+.0f').replace('-', '−')} with it; "
                     f"looking, as the bots bid, {format(team[1] / 200, '+.0f').replace('-', '−')}.\n"
                     "\nThe bots' choice before looking, by the score (South's team first):\n" + choices)
    assert [line.endswith("blind nil") for line in choices.splitlines()] == [True, False, False, False]
    from hearts_teach.agents.spades import SpadesBot
    from hearts_teach.games.spades.scoring import BLIND_NIL
    spot = SpadesHand.deal(seed=7, dealer=3, rules=rules, scores_before=(150, 350))
    assert SpadesBot(7).bid(spot, 0) == BLIND_NIL and "if wants_blind_nil(v):" in __import__("inspect").getsource(
        SpadesBot.choose_bid)
    text = _nil_prose()
    # r53 (rater r52): "costs points" measured only the nil's own ±200; the prose now quotes that average
    # r55 (rater r54): the average read as "never"; the reasoning for a match you would lose anyway, then the bots'
    # rule, printed above; a contract scores at most 130 (13 tricks bid and taken), a kept blind nil 200
    # r60 (rater: "plausible but not shown": the 200 deals measure points, not match wins): said as a judgement
    # r74 (fewer numbers in prose): the average is printed above (checked there), not repeated
    assert "averaged" not in text
    # r76 (words): "It broke more often than it held." cut: the line printed above says 60 held, 140 broke
    # r98: cut for density (the summary's blind-nil bullet keeps the point: a long shot, for a match you would lose)
    assert "Why bid it?" not in text
    # r97 (newcomer r95: the bots' choices printed before their rule): the rule moved above the output
    # r108 (newcomer r108: a −80 average with nothing to compare it to): why bid it, said before the 200 deals
    # r116 (newcomer r115: "as they would" read as covering the blind nil; why a bid that loses on average?): the
    # deals' score is one where the bots would look (held above: not wants_blind_nil), the blind nil forced; the
    # cost said (held above: team[0] < team[1]); "(the game allows 100)" cut for words (said at the practice hand)
    assert ("The bots' rule: 200 or more behind, the opponents within 150 of 500, no partner's "
            # r112 (newcomer r112: why choose a bid that averages −80?): what a kept one scores, against a contract's most
            # (130, held below)
            "nil. It mostly breaks, but kept, it outscores any contract (at most 130): a long shot, costly on average, "
            # r114: the 200 deals played both ways (the team's average printed)
            # r117 (newcomer r116: "blind nil forced, then looking" too compressed): each deal played both ways
            "for a match slipping away. Below, deals 1000–1199 at 180 to 320, each played twice: blind nil, then "
            "looking as the bots do.") in text
    assert "as they would" not in text
    # r109 (newcomer r109: "a long shot beats a likely loss" was not backed by anything printed): said as what the
    # 200 deals print (it breaks on most) and as the bots' own docstring puts their rule
    assert "a long shot beats a likely loss" not in text and "Ordinary bids rarely catch up" not in text
    cells_ = lesson_cells()
    worth = next(c for c in cells_ if "for seed in range(1000, 1200):" in "".join(c["source"]))
    printed = "".join("".join(o.get("text", "")) for o in worth["outputs"])
    kept = int(printed.split("held on ")[1].split(" of 200")[0])
    assert kept < 200 - kept  # "it mostly breaks"
    from hearts_teach.agents.spades import wants_blind_nil as _wants
    assert "slipping away" in " ".join(_wants.__doc__.split())
    # r90 (rater r89: only four example scores are printed, not the rule): "printed above" cut
    assert "The bots' rule, printed above" not in text
    from hearts_teach.games.spades import score_hand
    # a made contract is at most 13 tricks (+130); with bags, a contract of k taking all 13 scores 10k + 13 - k
    assert score_hand([7, 1, 6, 1], [7, 0, 6, 0]).teams[0].contract_points == 130
    assert max(10 * k + 13 - k for k in range(1, 14)) == 130 and rules.blind_nil_value == 200
    assert rules.blind_nil_deficit == 100
    assert rules.end_score == 500

    def may(mine: int, theirs: int, partner: int | None = None) -> bool:
        hand = SpadesHand.deal(seed=5, dealer=1, rules=rules, scores_before=(mine, theirs))  # North bids first
        assert hand.turn == 2
        hand.bid(3 if partner is None else partner)  # North
        hand.bid(2)  # East
        assert hand.turn == 0
        return wants_blind_nil(hand, 0)

    assert may(150, 350) and not may(151, 350) and not may(100, 349) and not may(150, 350, partner=0)


def test_the_nil_bidders_lead_is_the_bots():
    """r55 (rater r54): leading was not taught, though the nil bidder South leads trick 1 on deals 1246 and 356. The
    bullet says what the rules and the bots' code back: a clean nil leads only trick 1, when it bid first (each trick's
    winner leads the next), and the bots' nil bidder leads its lowest side card (``_own_nil`` on a lead: ``_pick`` of
    the lowest, spades ranked above every side card). Deal 1246 prints South's lead, 3♦, with its rule."""
    from hearts_teach.agents.spades import SpadesBot
    from hearts_teach.course.spades_lesson import (
        before_play,
        bot_reasons,
        play_spades,
        tricks_table,
    )
    from hearts_teach.games.spades.legality import SPADES

    text = _nil_prose()
    # r74 (words): shorter
    # r84: the play tips are numbered steps; the other parts are bold paragraphs
    # r98 (newcomer r97: who leads trick 1 never said here; docs/rules.md: the first bidder, left of the dealer)
    # r112 (newcomer r112: "the only trick a clean nil ever leads" read as: a clean nil always leads trick 1)
    assert "the only trick a clean nil ever leads" not in text
    assert ("**Leading.** The first bidder (left of the dealer) leads trick 1; a clean nil leads no other trick. "
            # r116 (newcomer r115: "the bots" read as every bot, against deal 17's A♥ lead): the nil bidder's
            "The nil bidder's bot leads its lowest side card.") in text  # r120: "easiest to go over" cut for words
    assert "if it bid first" not in text
    leads = 0
    for seed in range(400):
        hand = play_spades(SpadesHand.deal(seed=seed, dealer=seed % 4), seed=seed)
        for seat in hand.nil_seats:
            for number, trick in enumerate(hand.tricks):
                clean = not any(t.winner == seat for t in hand.tricks[:number])
                if trick.seats[0] != seat or not clean:
                    continue
                assert number == 0 and hand.first_seat == seat  # a clean nil leads trick 1 only, having bid first
                legal = list(before_play(hand, 0).legal_plays())
                side = [c for c in legal if c.suit.value != SPADES]
                assert trick.cards[0].rank == min(c.rank for c in (side or legal))
                assert trick.cards[0].suit.value != SPADES or not side
                leads += 1
    assert leads >= 10
    assert "if not v.trick:\n            return self._pick(indices_of(legal), high=False)" in __import__(
        "inspect").getsource(SpadesBot._own_nil)
    played = play_spades(SpadesHand.deal(seed=1246, dealer=3), seed=1246)
    shown = _code_outputs("cover = bots_position(1246")
    # r98 (newcomer r97: ~25 lines for a one-card point): the lead, trick 3 (the cover before South) and trick 5 only
    # r110 (newcomer r110: "lowest side card" could not be checked without South's hand): its cards printed first
    assert shown.startswith(f"South's cards: {played.dealt(0).pretty}\n"
                            "South's bot leads 3♦ (my nil: avoid winning)\n"
                            f"Trick 1 as played: {tricks_table(played).splitlines()[0]}\n"
                            # r114 (newcomer r114: why West won over the nil in trick 1, against the defence rule): its trace
                            "West's bot plays 9♦ (need 7 of the last 13 tricks: our contract before their nil)\n"
                            # r116 (newcomer r115: South's Q♣ and North's clubs vanished between prints): tricks 2, 4
                            f"Trick 2 as played: {tricks_table(played).splitlines()[1]}\n"
                            # r117 (newcomer r116: "Before trick 3" though West's 2♣ was led): said
                            "Trick 3, after West's lead: North: ♠ Q 10 8 7 2  ♥ K 3  ♦ Q J  ♣ K 9\n"
                            # r112 (newcomer r112: was the Q♣ still held? step 1 would duck with it): South's hand too
                            "Trick 3, after West's lead: South: ♠ 6 5  ♥ 9 8 7 6  ♦ 8 7 5  ♣ 7 5\n"
                            f"Trick 3 as played: {tricks_table(played).splitlines()[2]}\n"
                            f"Trick 4 as played: {tricks_table(played).splitlines()[3]}\n\n")
    # r109 (newcomer r109: North's clubs never shown, so "its highest club" could not be checked): its hand before
    # trick 3, as the bots held it; the K♣ it covers with is its highest club
    from hearts_teach.course.spades_lesson import bots_position as _at
    north3 = _at(1246, dealer=3, trick=3, cards=1).view(2)  # North, second to play in trick 3
    assert [c.pretty for c in north3.legal] == ["9♣", "K♣"] and played.tricks[2].card_of(2).pretty == "K♣"
    assert "Trick 6 as played" not in shown and "tricks vs contract" not in shown  # r116: rows 1 to 5 only
    # r112: South's Q♣ went under West's A♣ in trick 2, so its 7♣ in trick 3 is step 1's highest club under the K♣
    assert played.tricks[1].card_of(0).pretty == "Q♣" and played.tricks[2].card_of(0).pretty == "7♣"
    assert bot_reasons(played, 0, styles=("weighed",), seed=1246).strip() == "weighed bot for South: 3♦ (my nil: avoid winning)"
    # deal 17: "its discards cost it the nil" (r55, rater r54: "one discard" while the replay changes two, tricks 10, 11)
    # r57 (a fresh rater): only the 4♠ was the mistake (the hearts were harmless): "one of its discards", naming no
    # card before the question that asks which (test_the_discard_question_at_trick_10_of_deal_17)
    # r76b (rater): East's 4♠ went under West's 9♠ on a club trick, a spade, not a discard: "one of its cards"
    # r81 (rater: "one of its cards" made them blame the J♠, which won trick 12): "one choice it made" (the J♠
    # was forced: "no choice, J♠ is forced", printed in the replay), still naming no card before the question
    # r93 (words): shorter, the same meaning
    assert ("East's nil passed the checklist (counted above), yet one choice broke it.") in text  # r99: words
    assert "one of its cards cost" not in text
    assert "one discard" not in text
    assert "What if East throws both hearts instead?" in text  # r93 (words); r79 (words): the replay's heading names the tricks
    # debrief and summary: "lead low"
    # r84 (words, for the tips' examples): the debrief's question repeated the numbered tips just above it; the
    # summary keeps "lead low"
    assert "- Play it: lead low;" in text and "Did you lead low" not in text


def test_the_blind_nil_question_asks_what_the_bots_would_do():
    """r55 (rater r54): the blind-nil question (80 behind: may you?) was very easy; it asks about the exercise's own
    score, 180 to 320: the game's rule allows it (100 or more behind), the bots' rule does not (200 behind, the
    opponents within 150 of 500). The answer is computed in the cell (``may_bid_blind_nil``, ``wants_blind_nil``)."""
    from hearts_teach.agents.spades import wants_blind_nil
    from hearts_teach.games.spades.rules import SpadesRules

    source = _code_source("blind_quiz = Quiz(")
    assert "spot.may_bid_blind_nil(0)" in source and "wants_blind_nil(spot, 0)" in source
    assert 'scores_before=(180, 320)' in _code_source("gamble = SpadesHand.deal(")
    # r91 (rater r90: invited to bid blind nil at 180 to 320, and told only afterwards the bots would not): a practice hand
    # r117: the bots' choice at that score said there, before the reader's (held below)
    assert "Below, a practice hand (deal 5): you are behind 180 to 320, where the bots would look" in _nil_prose()  # r93
    assert "seed=5, dealer=3" in _code_source("gamble = SpadesHand.deal(")
    # r77 (rater: at 180 to 320 the bots would look, and the lesson never said so): said after the bots' rule
    # r91 (rater r90: said only after the 200-deal run): said before it, in the cell that introduces it
    # r93 (newcomer r92: "forced" by whom?): said who bids it
    # r97 review: "would look" read as "would consider it" once the bots' rule came first: look at their cards
    forced = "At 180 to 320 (140 behind) the bots would look at their cards; we bid blind."  # r109 (words): "for South" cut
    # r114 (newcomer r114: no baseline for the blind nil's average): the deals played both ways, the bots' way (looking)
    # named as theirs; the old sentence is gone
    assert forced not in " ".join(_nil_prose().split())
    # r117 (newcomer r116: no basis for the deal-5 choice): the bots would look at 180 to 320, said at the practice
    # hand (held above: not wants_blind_nil); the 200 deals say each is played both ways
    assert "180 to 320, where the bots would look (they need at least 200 behind)." in " ".join(_nil_prose().split())
    assert "count exactly; round their total" not in " ".join(_nil_prose().split())  # r117: the old words gone
    forced = "at 180 to 320, each played twice: blind nil, then looking as the bots do."
    cells_ = lesson_cells()
    run = next(i for i, c in enumerate(cells_) if "for seed in range(1000, 1200):" in "".join(c["source"]))
    assert forced in " ".join("".join(cells_[run - 1]["source"]).split())
    assert "the blind nils above were forced" not in _nil_prose()
    at = SpadesHand.deal(seed=5, dealer=3, rules=SpadesRules.preset("blind_nil"), scores_before=(180, 320))
    assert 320 - 180 == 140 and at.may_bid_blind_nil(0) and not wants_blind_nil(at, 0)
    demo = SpadesHand.deal(seed=6, dealer=3, rules=SpadesRules.preset("blind_nil"), scores_before=(180, 320))
    assert not wants_blind_nil(demo, 0)
    # r74 (rater: the widget already said "so you may bid blind nil" at 180 to 320): a fresh score, 150 to 380,
    # printed nowhere above; the rules allow it and all three of the bots' conditions hold
    assert "mine, theirs = 150, 380" in source and "scores_before=(mine, theirs)" in source
    spot = SpadesHand.deal(seed=5, dealer=3, rules=SpadesRules.preset("blind_nil"), scores_before=(150, 380))
    assert spot.may_bid_blind_nil(0) and wants_blind_nil(spot, 0)
    cells = lesson_cells()
    ask = next(i for i, c in enumerate(cells) if "blind_quiz = Quiz(" in "".join(c["source"]))
    above = "".join("".join(o.get("text", "")) + "".join(o.get("data", {}).get("text/plain", ""))
                    for c in cells[:ask] for o in c.get("outputs", []))
    assert "150 to 380" not in above and "150 to 380" not in _nil_prose()


def test_easts_bid_changes_nothing_on_deal_21():
    """r59 (rater r57): East's bid of 4 on deal 21 was shown but never discussed. The lesson says an opponent's bid
    changes nothing there, as the bots heed the others' bids only when bidding last (``smart_bid``: one more when
    everyone else has bid and 3 tricks or more are left unclaimed)."""
    from hearts_teach.agents.spades import auto_play, view_bid
    from hearts_teach.course.spades_lesson import spades_bots

    text = " ".join(prose().split())
    # rater r60: "heed the others' bids only when bidding last" left "and then?" open: cut; the count is your own
    assert "(earlier bids do not change your count)" in text and "heed" not in text  # r87 (words)
    hand = SpadesHand.deal(seed=21, dealer=1)
    auto_play(hand, spades_bots(21), stop_at=0)
    assert tuple(hand.bids) == (None, None, 2, 4)  # South and West to come; North 2, East 4
    cards = hand.cards(0)
    assert view_bid(hand.view(0)) == smart_bid(cards) == smart_bid(cards, 2) == smart_bid(cards, 2, [None, 4])
    # only the last bidder adjusts: on many hands, one opponent's bid never changes the bid; both can
    changed = 0
    for cards in seat_hands("lesson09a/others", 300):
        base = smart_bid(cards, 2)
        for east in range(1, 7):
            assert smart_bid(cards, 2, [None, east]) == smart_bid(cards, 2, [east, None]) == base, cards.pretty
        changed += smart_bid(cards, 2, [1, 1]) != base
    assert changed
    import inspect
    assert "len(known) == 2 and 13 - (partner_bid + sum(known) + bid) >= 3" in inspect.getsource(smart_bid)


def three_quarters_margins(deals: int = 4000) -> str:
    """Why ``three_quarters_playouts``' mean margins are not the 19 and 110 of lesson 09a's four cases (North bids 2
    and takes 2, and the play does not change with South's bid): the margins sorted by what happened. Lesson 09a
    says it in a sentence ("the side's tricks vary"); only this test uses it, so it lives here, on the lesson's
    own (cached) play-outs."""
    from hearts_teach.course.spades_lesson import _three_quarters_pairs

    pairs = [(d[0] - u[0], u, d) for u, d in _three_quarters_pairs(deals)]
    up_wins = sum(g < 0 for g, _, _ in pairs)
    down_wins = sum(g > 0 for g, _, _ in pairs)
    model_up = sum(g == -19 for g, _, _ in pairs)
    trick_more = sum(g == -10 and u[3] and d[3] and u[2] == d[2] + 1 for g, u, d in pairs)
    both_set = sum(g > 0 and not u[3] and not d[3] for g, u, d in pairs)
    # counted only where the margin is what the sentence says, so the sentence holds by construction
    only_up_set = [d[1] for g, u, d in pairs
                   if g > 0 and not u[3] and d[3] and u[2] == d[2] and g == 20 * d[1] + 10]
    return "\n".join([
        f"Bidding up's {up_wins}: by 19 on {model_up}, as in the four cases; by 10 on {trick_more}, where the side "
        f"took a trick more when South bid up; other margins on {up_wins - model_up - trick_more}",
        f"Bidding down's {down_wins}: by 10 on {both_set}, where both bids were set; on {len(only_up_set)}, "
        f"where only the higher bid was set, by 20 × the lower contract + 10 (110 on the {only_up_set.count(5)} at a "
        f"contract of 5, as in the four cases; contracts {min(only_up_set)} to {max(only_up_set)}); other margins on "
        f"{down_wins - both_set - len(only_up_set)}",
    ])

def test_three_quarters_up_is_the_bots_convention():
    """r59 (rater r57) asked why ¾ rounds up when the cost figures favour the lower bid. Play-outs do not give a
    reason: on South hands counted a whole number and ¾, the bots playing the deal out with South's bid rounded down
    score more for South's side on average than with it rounded up. So the lesson calls the rounding the bots'
    convention, not a result."""
    import math as _math

    from hearts_teach.agents.spades import auto_play
    from hearts_teach.course.spades_lesson import spades_bots

    up_points = down_points = hands = 0
    ups: list[int] = []
    downs: list[int] = []
    ups_charged: list[int] = []
    downs_charged: list[int] = []
    for seed in range(4000):
        cards = SpadesHand.deal(seed=seed, dealer=1).cards(0)
        est = estimate_tricks(cards, long_spades=True)
        if est % 1 != 0.75 or smart_bid(cards) == 0 or _math.ceil(est) - 1 < 1:
            continue
        hands += 1
        for bid in (_math.ceil(est), _math.ceil(est) - 1):
            hand = SpadesHand.deal(seed=seed, dealer=1)
            bots = spades_bots(f"r59/{seed}")
            auto_play(hand, bots, stop_at=0)
            hand.bid(bid, 0)
            auto_play(hand, bots)
            points = hand.score().team_points[0]
            # rater r64: each hand starts at 0 bags, so a bag scored only +1; in a match ten bags cost 100, so the
            # lesson charges each bag its tenth (−10, net −9) and undoes any whole penalty met within the hand
            team = hand.score().teams[0]
            charged = points + 100 * team.bag_penalties - 10 * team.bags_taken
            if bid == _math.ceil(est):
                up_points += points
                ups.append(points)
                ups_charged.append(charged)
            else:
                down_points += points
                downs.append(points)
                downs_charged.append(charged)
    assert hands > 600 and down_points > up_points
    # rater r61: one clear recommendation, as strong as the figures allow: the lesson prints them (deals 0 to 3999),
    # with the per-deal gap's standard error; here they are worked again from the play-outs
    import statistics

    gaps = [d - u for d, u in zip(downs, ups, strict=True)]
    error = statistics.stdev(gaps) / _math.sqrt(hands)
    assert (hands, round(down_points / hands), round(up_points / hands)) == (737, 51, 35)
    assert round(statistics.mean(gaps)) == 16 and round(error) == 2 and statistics.mean(gaps) > 8 * error
    up_wins, down_wins = [-g for g in gaps if g < 0], [g for g in gaps if g > 0]
    assert (len(up_wins), statistics.median(up_wins), len(down_wins), statistics.median(down_wins)) == (545, 9, 192, 110)
    assert len(up_wins) + len(down_wins) == hands  # "bidding down on the rest": no ties
    # rater r64: the figures above count a bag as +1; the lesson prints these, each bag charged its share (−9 net)
    gaps = [d - u for d, u in zip(downs_charged, ups_charged, strict=True)]
    error = statistics.stdev(gaps) / _math.sqrt(hands)
    assert (round(sum(downs_charged) / hands), round(sum(ups_charged) / hands)) == (42, 31)
    assert round(statistics.mean(gaps)) == 11 and round(error) == 2 and statistics.mean(gaps) > 5 * error
    up_wins, down_wins = [-g for g in gaps if g < 0], [g for g in gaps if g > 0]
    assert (len(up_wins), statistics.median(up_wins), len(down_wins), statistics.median(down_wins)) == (544, 19, 193, 110)
    assert len(up_wins) + len(down_wins) == hands
    from hearts_teach.course.spades_lesson import bid_check, three_quarters_playouts
    from hearts_teach.present.widgets.spades_table import BidWidget

    printed = three_quarters_playouts()
    assert printed == (
        "Deals 0 to 3999 where South's count ends in ¾: 737\n"
        "Each bag valued at -9: its +1, less a tenth of the 100 lost at 10 bags\n"
        "South's side, points a hand: bidding down 42, bidding up 31\n"
        "Bidding down minus bidding up: 11 points a hand\n"
        "Bidding up came out ahead on 544 deals, by 16 points on average; bidding down on 193, by 89")
    # r84 (newcomer r82): the mean margins 16 and 89 did not match the model's 19 and 110: the margins sorted
    # r84b (newcomer r84 items 3, 4): the two breakdown lines overloaded the print and "the model" was never
    # introduced: the print keeps its five lines, the breakdown is pinned here, and the prose says in one sentence
    # where 19 and 110 came from (the four cases, North taking 2 whatever South bid) and why the averages differ
    assert "\n  Bidding up's" not in printed and "model" not in printed
    assert three_quarters_margins() == (
        "Bidding up's 544: by 19 on 354, as in the four cases; by 10 on 168, where the side took a trick more when South "
        "bid up; other margins on 22\n"
        "Bidding down's 193: by 10 on 60, where both bids were set; on 130, where only the higher bid was set, by "
        "20 × the lower contract + 10 (110 on the 28 at a contract of 5, as in the four cases; contracts 1 to 10); other "
        "margins on 3")
    # r85 (newcomer r85): "gave 19" beside cell 19's printed 9: the bag at −9 said, as the sentence on the tally does
    # r87 (newcomer r86 item 2): two 85%s read as two measures to keep apart: one sentence now, the same sum as the
    # four cases' (19p > 110(1 − p)) with the play-outs' margins and deals won
    # r89 (newcomer r87b item 3): a second 85% by another route read as a misreading: one threshold (cell 20's), and
    # the play-outs said as what they show: bidding up won more deals, by much less
    # r91 (newcomer r90 item 2): the comparison said directly, what "won" means said (more points for the side, not
    # South's 4th trick: deal 9 is won without it), and one sentence on why the averages are not 19 and 110, each
    # part a line of three_quarters_margins: contracts 1 to 10 (a set costs 20 × the lower contract + 10, not 110),
    # 60 deals with both bids set, 168 where the side took a trick more when South bid up
    # r93 (newcomer r92 item 2): "must win 85%; it won 74%" set the 4th trick's chance against a share of deals
    # won (two measures; r82 had cut the same comparison once): cut; the margins said plainly; "Why not 19 and 110"
    # confused: a short bracket keeps its reason (three_quarters_margins: contracts 1 to 10, both bids set on 60,
    # a trick more for the side on 168)
    # r94 (newcomer r94 item 2): the 544 of 737 was never tied back to cell 20's "6 times in 7": with the printed
    # margins too, bidding up must win about 6 deals in 7 (16p > 89(1 - p): p > 0.85; six gains of 16, 96, beat one
    # loss of 89), and it won about 3 in 4 (74%): the same measure on both sides (deals won, the print's margins),
    # not the 4th trick's chance against deals won (r82, r93); the bracket on 19 and 110 is cut, the needed share
    # being about 6 in 7 by either pair of margins
    # r98 (newcomer r97): shorter, and the 89 told apart from the example's 110 (its loss is 20 × contract + 10)
    # r108 (newcomer r108 item 2.1): "contracts vary" cannot lower a win (a trick more bid with the same tricks gains
    # 10 + 9 = 19 at any contract): each figure with its exact reason, held on the play-outs just below
    # (my review: the pass's "110 only at contracts of 5 and 6" was exact but dense: the two causes said plainly,
    # a set's cost 20 × the lower contract + 10 as three_quarters_margins prints)
    # r112 (newcomer r112 item 3.4): three reasons in one bracket; "a set costs more at higher contracts" unclear:
    # cut; "if both are set" its own sentence; "of the 737" -> "of 737" (words)
    assert "a set costs more at higher contracts" not in " ".join(prose().split())
    # r120 (newcomer r120 item 3.4): who gives what away took working out: each case its own line
    assert ("Bidding up came out ahead on 544 of 737 deals, about 3 in 4, but its wins averaged 16 and its losses "
            # r110 (newcomer r110 item 3.3): "bidding up only 10 if both are set" was hard to parse: a verb
            # r111 (newcomer r111 item 3.4): why the two play-outs differ: the bots' play rule 4 (win cheaply until the
            # team contract is safe, then duck), so the contract steers their play
            # r116 (newcomer r115 item 3.1): "duck" was never defined here: linked to the glossary
            # r114 (newcomer r114 item 3.2): "play to the contracts" opaque, two sentences in a bracket: the bracket a
            # sentence of its own, before "so it needed", with the bots' own reason (rule 4: "contract safe: duck")
            # r117 (newcomer r116 item 3.2): why the wins shrank below 19 was left to the reader: bidding down, the side
            # is safe a trick sooner and ducks (rule 4), so it can skip the extra trick's bag (then up gains only 10)
            "89, not 19 and 110: - Bidding down, the side may give the extra trick away (the bots "
            "[duck](glossary.ipynb#cell-id=term-duck) once their contract is safe): +50, not +41, so up gains "
            "only 10. - If the side is set either way, bidding up loses only 10. "
            # r119 (newcomer r118 item 3.5): who ducks and why 19 became 16 was unclear: the ducked case's scores
            "So it needed about 6 in 7 (six wins of 16 beat one "
            "loss of 89): bidding down came out 11 points a hand ahead.") in " ".join(prose().split())
    assert "play to the contracts" not in " ".join(prose().split())  # r114
    import inspect as _insp

    from hearts_teach.agents import (
        spades as _spades_bots,  # r114: "duck once their contract is safe"  # r111: "play to the contracts" is the bots' own reason
    )
    assert 'return "contract safe: duck to avoid bags", "duck"' in _insp.getsource(_spades_bots)
    assert "a deal's two play-outs can differ in tricks;" not in " ".join(prose().split())  # r117: said as the duck's effect
    assert "(not 19 and 110: a deal's two play-outs" not in " ".join(prose().split())  # r111: the reason added
    # r107 (newcomer r107 item 5): only the 89 was told apart from the four cases: the 16 from 19 too, in the bracket
    assert "(Not 19 and 110" not in " ".join(prose().split()) and "(not 110:" not in " ".join(prose().split())
    assert "110 only at contracts" not in " ".join(prose().split())
    # r109 (newcomer r109 item 3.5): "play-outs can take different tricks" was unclear: a deal's two play-outs,
    # and whose 10 (bidding up's) when both are set
    assert "play-outs can take different tricks" not in " ".join(prose().split())
    assert "contracts and tricks vary by deal" not in " ".join(prose().split())  # r108
    from hearts_teach.course.spades_lesson import _three_quarters_pairs
    margins = [(d[0] - u[0], u, d) for u, d in _three_quarters_pairs(4000)]  # (points, contract, tricks, made)
    wins, losses = [(-g, u, d) for g, u, d in margins if g < 0], [(g, u, d) for g, u, d in margins if g > 0]
    assert all(u[2] == d[2] for m, u, d in wins if m == 19) and all(m == 19 for m, u, d in wins if u[2] == d[2])
    assert any(m != 19 for m, u, d in wins)  # so some play-outs took different tricks
    assert all((u[1], d[1]) == (6, 5) for m, u, d in losses if m == 110)
    assert {m for m, u, d in losses if not u[3] and not d[3]} == {10} and any(not d[3] for m, u, d in losses)
    assert 6 * 16 == 96 > 89 > 5 * 16 and 0.84 < 89 / (16 + 89) < 6 / 7 < 0.86 and abs(544 / 737 - 3 / 4) < 0.015
    assert "it won 74%" not in " ".join(prose().split()) and "Why not 19 and 110" not in " ".join(prose().split())
    assert "gave 19 and 110" not in " ".join(prose().split())  # r85
    assert "the model" not in " ".join(prose().split())
    assert 10 * 5 - (-10 * 6) == 20 * 5 + 10 == 110 and -10 * 5 - (-10 * 6) == 10  # only the higher set; both set
    # rater r65: medians (19, 110) did not combine to the mean; the margins printed are means, which do
    assert (round(statistics.mean(up_wins)), round(statistics.mean(down_wins))) == (16, 89)
    assert sum(down_wins) - sum(up_wins) == sum(gaps)  # wins times mean margins give the mean difference
    assert printed + "\n" in outputs()
    text = " ".join(prose().split())
    # rater r71: "give or take" was not taught, and "other deals" vague: said in a few words
    # r72b (newcomer r72 item 8): the statistics said in a few words; "not luck" is the mean over 5 errors, held above
    # newcomer r75 (round 75b items 6, 8): "give or take 2" was never taught and the detour long: the printed mean,
    # held above at over five standard errors, is said in one line; the per-deal wins stay in the print only
    assert "give or take" not in printed and "Bidding up wins on most deals" not in text
    # r81 (newcomer r81): "came out ahead on 544 deals" read as bidding up winning: the 544 (74%, under the 85% that
    # bidding up needs, held in test_the_bid_lower_example_is_the_scorers) won by little, the 193 by a lot
    # r82 (newcomer): "74%, under 85%" set the share of deals won against the 85% the 4th trick must come (two
    # measures; bidding up can win a deal where South falls short, partner covering): the comparison is cut
    assert "(74%, under 85%)" not in text
    # r84b (newcomer r84 item 5): the reader compares the two anyway: the sentence says the 85% above counted
    # South's 4th trick, not deals won, and compares the 74% with the share of deals these margins need, 89 / (16 + 89)
    # r85 (newcomer r85): "(89 in 16 + 89)" was cryptic shorthand: the division written out
    assert "89 ÷ (16 + 89)" not in text and text.count("85%") == 0  # r93: said as 6 times in 7  # r89: one threshold
    assert "The 85% counted South's 4th trick" not in text
    assert "89 in 16" not in text  # r85
    assert ("bidding down came out 11 points a hand ahead. "  # r77: not "scored" (bags at -9)
            "Drop any fraction, "  # r94: the bracket cut  # r93  # r91
            "three quarters too.") in text
    assert round(100 * 544 / 737) == 74 and 0.84 < 89 / (16 + 89) < 0.85 < 110 / (110 + 19)  # r73b: "(Bots played bots; people may differ.)" cut for words  # rater r68: "give or take 2" explained (one standard error; the mean
    # is over 5 of them, held above)
    # rater r69: "very likely between 7 and 15": the mean 11 give or take two standard errors of 2
    assert "Bidding down minus bidding up: 11 points a hand\n" in printed
    # r68 (words): the bag's charge is said by the print's second line only
    assert "the bots play each deal twice, South bidding its count rounded up, then down." in text  # r72: then the bag's value
    assert "Each bag valued at -9: its +1, less a tenth of the 100 lost at 10 bags" in printed
    assert 1 - 10 == -9
    # "the bots and Suggest round it up": smart_bid and the widget's suggestion, on a count of 5¾ (deal 1526)
    cards = SpadesHand.deal(seed=1526, dealer=3).cards(0)
    assert estimate_tricks(cards, long_spades=True) == 5.75 and smart_bid(cards) == 6
    assert "The bots' bid: 6" in BidWidget(SpadesHand.deal(seed=1526, dealer=3), seat=0, bots=spades_bots(1526)).suggest()
    # "on deal 1526 below, South's cards take the bots' 6 tricks every time" (the sample run's print; rater r64:
    # bid_check counts South's tricks, not the side's contract, so "makes" is not said)
    # rater r68: "below" read as a first showing; 1526 is step 4's hand, and the play-outs are below
    # r70 (words): the sample runs' own line says it ("Deal 1526: 6 every time"); cut here as a repeat
    assert "An average is no promise" not in text and "Deal 1526: 6 every time" not in text  # r71: given away before the runs
    assert "long_hand = SpadesHand.deal(seed=1526" in _code_source("long_hand = SpadesHand.deal(")
    assert "Tricks your cards took: 6 tricks in each of the 20 play-outs" in bid_check(1526, 3, 6)
    # r62 (rater r62): the lesson's rounding said plainly: nearest trick, a half down, ¾ down too, at least 1, is
    # "bid your whole tricks and drop any fraction (at least 1)" on every count (counts are in quarters)
    assert "11 points a hand ahead. Drop any fraction, three quarters too." in text  # r94  # r93 and "**drop any fraction**, and bid at least 1" in text  # r87: its own sentence
    for seed in range(300):
        count = estimate_tricks(SpadesHand.deal(seed=seed, dealer=3).cards(0), long_spades=True)
        assert count * 4 == int(count * 4)
        nearest_half_down = math.ceil(count - 0.5)
        lessons = max(1, nearest_half_down - (1 if count % 1 == 0.75 else 0))
        assert lessons == max(1, math.floor(count))
    assert "Tricks your cards took: 4 tricks in each of the 20 play-outs" in outputs()  # r91: deal 64, South 4 on 4¾


def test_the_count_is_printed_a_step_at_a_time():
    """r59 (rater r57): deal 22's count is printed a part at a time (``count_part``), each above its step; the parts
    are ``count_text``'s lines, in order, with nothing left out."""
    from hearts_teach.course.spades_lesson import count_part, count_text

    cards = SpadesHand.deal(seed=22, dealer=1).cards(0)
    parts = [count_part(cards, h) for h in ("High side cards", "Protected spades", "Ruffs")]
    assert "\n".join([f"Cards: {cards.pretty}"] + parts) == count_text(cards, estimate=False)
    printed = outputs()
    assert f"Cards: {cards.pretty}\n{parts[0]}\n" in printed
    for part in parts[1:]:
        assert f"{part}\n" in printed
    cells = lesson_cells()
    for k, heading in enumerate(("High side cards", "Protected spades", "Ruffs")):
        at = next(i for i, c in enumerate(cells) if f'count_part(demo, "{heading}")' in "".join(c["source"]))
        # r70 (rater r69): the output came before its rule; each rule now comes first, its deal-22 output after it
        rule = "".join(cells[at - 1]["source"])  # r98: step 1's cell opens with the heading and the working order
        assert rule[rule.index("**1. ") if rule.startswith("## Count") else 0:].startswith(f"**{k + 1}. {heading}")
    long_cards = SpadesHand.deal(seed=1526, dealer=3).cards(0)
    assert count_part(long_cards, "Spade length").startswith("Spade length (8 spades)")
    with pytest.raises(ValueError):
        count_part(cards, "Spade length")


def test_r60_the_checklist_in_practice_the_low_spade_and_the_aces_count():
    """Fresh newcomer rater r60 (09b): (1) the count table needs a plain summary: "In practice", held here on dealt
    hands against ``nil_ok`` and on built hands against ``trick_count``; (4) the tips left out deal 17's lesson, keep
    a low spade under a high one (the debrief and summary assume it): said in the tips, held on deal 17's replay;
    cell 27's "2 tricks" could not be reproduced (no ace value in the table): the count is printed part by part."""
    from hearts_teach.course.spades_lesson import (
        before_play,
        count_text,
        play_instead,
        play_spades,
        same_deal,
    )
    from hearts_teach.games.spades.rules import SpadesRules

    text = _nil_prose()
    # r74 (rater: read as a complete shortcut, yet Q♠ 5♠ beside a queen, or a singleton beside a spade, fails):
    # said as lines that rule a hand out, with the spade and short-suit ones, and the count still needed
    # r81 (rater: "outside a suit of six" read as "a side-suit king"): "in a suit of five or fewer"; the short side
    # suit is here with the others, then said plainly to be Suggest's alone ("you may:" did not parse)
    # r82 (rater, and words for the spade rule): "In practice" cut; its short-suit sentence is in the ruffs line
    # (test_the_nil_checklist_is_what_suggest_decides); the engine checks below still hold the lines it listed
    assert "**In practice**" not in text
    assert "a king outside" not in text
    # r76 (rater: read as if a void hurt a nil): the short-suit line is the bots' only; for a player it is a plus
    # r76b (rater: "the last line" could be the table's last row): "That last rule"
    # r76b (false item: say plainly a player may bid nil with a void or singleton though Suggest won't; short
    # spades told apart from a short side suit)
    # r77 (false item: ruffs counted in the table, then "only the bots'"): the short side suit is said with the
    # ruffs, as Suggest's alone (test_the_nil_checklist_is_what_suggest_decides); short spades in the verdict
    # r91: said as one explanation with the ruffs' count (test_the_nil_checklist_is_what_suggest_decides)
    # r98: said with its reason (test_the_nil_checklist_is_what_suggest_decides)
    assert "in play, a void lets you throw any card." in text and "Yet a nil need not ruff" not in text
    # r76b (confusing item 3): line 2 says why, as the bots' own reason does ("late in the hand the last spades win")
    assert "2. **At most three spades.** Long spades win late tricks." in text
    assert any("late in the hand the last spades win" in f
               for f in nil_faults(CardList("9S 8S 4S 3S JH 8H 7D 6D 4D 3D JC 8C 6C")))
    # r76 (confusing item 1): a count worked part by part comes before the first question (nil_pick)
    cells = lesson_cells()
    worked = next(i for i, c in enumerate(cells) if "east = same_deal(17)[1].dealt(3)" in "".join(c["source"]))
    assert worked < next(i for i, c in enumerate(cells) if "nil_pick = Quiz(" in "".join(c["source"]))
    assert "".join(cells[worked - 1]["source"]).rstrip().endswith("**A count, worked**: East's cards on deal 17.")  # r99: words
    # "In practice": every nil the bots
    # allow, on many dealt hands, and the two ways to fail it
    nils = 0
    for cards in seat_hands("r60 in practice", 3000):
        if not nil_ok(cards):
            continue
        nils += 1
        for suit in Suit:
            held = [c for c in cards if c.suit is suit]
            assert not any(c.rank == 13 for c in held) or len(held) >= 6, cards.pretty
        assert sum(1 for suit in Suit if any(c.rank == 12 for c in cards if c.suit is suit)
                   and 3 <= sum(c.suit is suit for c in cards) <= 4) <= 1, cards.pretty
        spades = [c for c in cards if c.suit is Suit.SPADES]
        assert all(c.rank <= 11 for c in spades), cards.pretty  # no spade above the J♠
        assert not spades or all(sum(c.suit is suit for c in cards) >= 2 for suit in Suit if suit is not Suit.SPADES), \
            cards.pretty  # no side suit of 0 or 1 cards beside a spade
    # the new lines are each enough to fail: Q♠ 5♠ beside a guarded queen, a singleton beside a spade
    assert not nil_ok(CardList("QS 5S QD 3D 2D 6H 5H 4H 3H 6C 5C 4C 3C"))
    assert not nil_ok(CardList("2S 9D 6H 5H 4H 3H 2H 7C 6C 5C 4C 3C 2C"))
    assert nils >= 100
    assert not nil_ok(CardList("KD 3D 2D 4S 3S 2S 6H 5H 4H 3H 6C 5C 4C"))  # a guarded king in 3: counts 1
    assert estimate_tricks(CardList("KD 3D 2D 4S 3S 2S 6H 5H 4H 3H 6C 5C 4C")) >= 1
    assert not nil_ok(CardList("QD 3D 2D QC 3C 2C 2S 6H 5H 4H 3H 7H 8H"))  # two queens in three: ½ + ½
    assert nil_ok(CardList("QD 3D 2D 4C 3C 2C 2S 6H 5H 4H 3H 7H 8H"))  # one is fine
    assert nil_ok(CardList("KD QD 7D 5D 3D 2D 7S 3S 9H 2H 9C 6C 5C"))  # a king in six diamonds passes
    # (4) the tip, before deal 17, and deal 17's replay that backs it: the hearts thrown, the 4♠ kept, the nil holds
    # r76: the tip is said to be ours, not the bots' rule (their 4♠ on deal 17 breaks it)
    tip = ("else a card that can no longer matter. 4. Keep your lowest spade while you hold a higher one: you must "
           "follow spade leads, and a high spade left alone wins unless a higher one falls (3 and 4: our "
           "advice, not the bots').")  # r84: numbered; r90: its reason; r93: steps 3 and 4 both ours
    assert tip in text and text.index(tip) < text.index("### How a nil broke: deal 17")
    spades = play_spades(same_deal(17)[1], seed=2)
    kept = play_instead(before_play(spades, 4 * 9 + 3), seed=2, cards=["6H", "3H"])
    t12 = kept.tricks[11]
    assert t12.card_of(3).pretty == "4♠" and t12.card_of(3).rank < t12.cards[0].rank and kept.tricks_won[3] == 0
    assert spades.tricks[9].card_of(3).pretty == "4♠" and spades.tricks_won[3] > 0
    assert "; keep a low spade." in text  # the summary (r84: the debrief's question cut, see above)
    # cell 27: the verdict's 2 tricks, part by part (the A♥ counts 1)
    rules = SpadesRules.preset("blind_nil")
    south = SpadesHand.deal(seed=6, dealer=3, rules=rules, scores_before=(180, 320)).cards(0)
    assert estimate_tricks(south) == 2 and ("A♥", 1.0) in [(DECK[c].pretty, v) for c, v in trick_count(south).side]
    shown = _code_outputs("demo_blind = BidWidget(")
    assert "\n".join(count_text(south, estimate=False).splitlines()[1:]) in shown and "  A♥ 1 · Q♣ ½" in shown
    # nits: "seed" vs "deal"; hand names in the first question; the cover's lead-in
    assert "seeds 1000" not in text and "Below, deals 1000–1199" in text  # r91: said actively; r108: "out" cut; r114: both ways
    assert "Hand A (deal 2147): {hand_a.pretty}. Hand B (deal 802): {hand_b.pretty}." in _code_source("nil_pick = Quiz(")
    # r74 (rater: trick 4 showed only as the Last trick line): said so
    # r81 (rater: "both ways" clear only after the print): the two ways named
    # r82 (rater: the Last trick line names no seats): trick 4 printed as a row, seats named
    # r98 (newcomer r97: ~25 lines for a one-card point): the lead, trick 3 and trick 5 only; the Last trick line
    # is no longer printed, so trick 4 is not either
    # r99 (newcomer r98: three outputs in one sentence, to be matched by hand): one item per printed trick, in order
    # r107 (newcomer r107: why trick 1?): labelled as South's lead (the Leading rule); "trick 5" said once as "again"
    # r116 (newcomer r115: South's Q♣ and North's clubs vanished between prints): tricks 2 and 4 printed as rows
    # r119 (words): the printed labels name tricks 1 to 5; North's K♥ 3♥ is the printed Legal line
    assert ("Below: North covers *before* South in trick 3, last in trick 5; then "
            # r117 (newcomer r116: "then its 3♥" understood only at the print): the same trick, replayed
            # r120 (newcomer: "then 3♥ instead" still read twice): the replayed trick named
            "trick 5 with 3♥.") in text
    assert "then 3♥ instead." not in text
    assert "then its 3♥." not in text
    assert "Below: trick 1; trick 3" not in text and "trick 1, South's lead" not in text  # r107; r116
    assert "is the *Last trick* line" not in text
    assert "Last trick" not in _code_outputs("cover = bots_position(1246")


def test_step_four_adds_step_one_and_skipping_3b_is_said_after_the_deals():
    """Rater r61: step 4 as two totals (A: steps 2 + 3; B: spade length), the larger kept and step 1 added either way
    (deal 2054: 1½ + 5 = 6½, which no print adds up); the "without step 3b" counts come after both deals' prints;
    quiz 10's hand goes through 3b too (its 4♠ crossed off, nothing changed)."""
    for seed, side, a, b in ((2054, 1.5, 4.25, 5.0), (1526, 0.0, 4.25, 5.75)):
        count = trick_count(SpadesHand.deal(seed=seed, dealer=3).cards(0), long_spades=True)
        steps2_3 = sum(v for _, v in count.spades) + count.ruff_tricks
        assert sum(v for _, v in count.side) == side and steps2_3 == a and count.length == b
        assert count.total == side + max(a, b)
    text = " ".join(prose().split())
    # r89 (newcomer r87b item 1): "B has no ruffs" read as contradicting B's crossing off: the reason is the code's
    # r90 (newcomer r89 item 2): that reason was about how the bots are built, not the cards: one plain sentence
    assert "crossed off or not. Then add step 1. Deal 1526, ♠ A J 8 6 5 4 3 2 ♥ 6 2 ♦ 9 3 ♣ 9: ruffs" in text  # r116  # r98  # r93  # r91: "B takes ... a rough count" cut
    assert "B takes step 2's values after 3b" not in text
    assert "B reuses it" not in text
    assert "B has no ruffs" not in text  # r89
    import inspect

    assert "length = float(sum(credit[:5]) + (n - 5))" in inspect.getsource(trick_count)  # B reuses step 2's credit
    assert "B would be 7" not in text  # r90 (newcomer r89): made the reader doubt the rule; 7 still held in test_the_spade_length_sentence_is_...
    assert "Not A + B" not in text
    # rater r64: the caveat's detail, spade by spade (step 2's table, every spade kept), and the bids by the lesson's
    # own rule (drop the fraction), not the bots' rounding
    def no_3b(cards: CardList) -> dict[str, float]:
        spades = sorted((c for c in cards if c.suit == Suit.SPADES), key=lambda c: c.rank, reverse=True)
        ranks = [c.rank for c in spades]
        values = {}
        for k, card in enumerate(spades[:5]):
            lacks = sum(1 for x in range(card.rank + 1, max(ranks + [14]) + 1) if x not in ranks)
            keeps = len(spades) - k - 1
            values[card.pretty] = (1.0 if keeps >= lacks else 0.75 if keeps == lacks - 1 else
                                   0.25 if keeps == lacks - 2 else 0.0)
        return values
    c1526, c2054 = (SpadesHand.deal(seed=seed, dealer=3).cards(0) for seed in (1526, 2054))
    raw1526, raw2054 = no_3b(c1526), no_3b(c2054)
    kept1526 = {DECK[c].pretty: v for c, v in trick_count(c1526, long_spades=True).spades}
    kept2054 = {DECK[c].pretty: v for c, v in trick_count(c2054, long_spades=True).spades}
    assert [raw1526[k] for k in ("8♠", "6♠", "5♠")] == [1, 0.75, 0.25]
    assert [kept1526[k] for k in ("8♠", "6♠", "5♠")] == [0.75, 0, 0]
    assert raw2054["6♠"] == 0.25 and kept2054["6♠"] == 0
    total1526 = 0 + max(sum(raw1526.values()) + 3, 4 + 1.5)  # step 1 is 0; step 2 unspent is 4, ruffs 1½
    total2054 = 1.5 + sum(raw2054.values()) + 2
    assert (total1526, total2054) == (7, 6.75) and (int(total1526), int(total2054)) == (7, 6)
    assert (int(estimate_tricks(c1526, long_spades=True)), int(estimate_tricks(c2054, long_spades=True))) == (5, 6)
    # rater r64: "a bid of 7 each" was the bots' rounding of 6¾, not the lesson's; the caveat now sits in step 4,
    # with deal 1526's spades shown in 3b
    # rater r65: the caveat as a plain instruction; its figures: deal 1526's five highest count 2¾ after 3b, 4 without
    # r71 (rater r70): "errs low" read as a claim about tricks taken, backed by one deal; it meant that B after 3b
    # never beats B from every spade kept (held below), and now says so
    # rater r71: that sentence read as contradicting "crossed off or not": B's clause says it once, and 3b prints deal
    # 1526's step 2 before and after crossing off (held below)
    assert ("B = (A♠ 1 + J♠ 1 + 8♠ ¾ + 6♠ 0 + 5♠ 0) + 3 (the 4♠ 3♠ 2♠) = 5¾") in text and "errs low" not in text
    assert "step 2 falls from 4" not in text  # r73: deal 1526's numbers sit beside A and B (its print shows the 2¾)
    assert {k: v for k, v in raw1526.items() if v} == {"A♠": 1, "J♠": 1, "8♠": 1, "6♠": 0.75, "5♠": 0.25}
    assert {k: v for k, v in kept1526.items() if v} == {"A♠": 1, "J♠": 1, "8♠": 0.75}
    # newcomer r75 (round 75b): B's line says what crossing off changes: "the 8♠ from 1 to ¾, the 6♠ and 5♠ to 0"
    # r81: those "from" values (before 3b) were never shown and confused: B lists the five values it adds, after 3b
    assert "(here the 8♠ from 1 to ¾, the 6♠ and 5♠ to 0)" not in text
    assert "B = (A♠ 1 + J♠ 1 + 8♠ ¾ + 6♠ 0 + 5♠ 0)" in text  # r84 (r90: as a sum) and [kept1526.get(k, 0) for k in ("A♠", "J♠", "8♠", "6♠", "5♠")] == [1, 1, 0.75, 0, 0]
    # rater r68 ("the ruffs counted twice?"): "errs low": B from the values after 3b never beats B from every spade
    # kept (crossing off only takes smaller spades away), on the lesson's long hands and on dealt ones
    for dealt in [c1526, c2054] + [h for h in seat_hands("lesson09a/errs-low", 300) if len(h.of_suit(Suit.SPADES)) >= 6]:
        length = trick_count(dealt, long_spades=True).length
        assert length <= sum(no_3b(dealt).values()) + len(dealt.of_suit(Suit.SPADES)) - 5, dealt.pretty
    assert sum(raw1526.values()) == 4 and sum(sorted(kept1526.values(), reverse=True)[:5]) == 2.75
    assert sum(raw1526.values()) + 3 == 7 and trick_count(c1526, long_spades=True).length == 5.75
    assert "a bid of 7 each" not in text and "6 and three quarters" not in text
    quiz = trick_count(CardList("9S 8S 4S KH QD 7D 5D AC KC 6C 4C 3C 2C"))  # r68: the K♣ for the 10♣, 2¾
    assert [DECK[c].pretty for c in quiz.spent] == ["4♠"] and sum(v for _, v in quiz.spades) == 0
    assert sum(v for _, v in quiz.side) + quiz.ruff_tricks == 2.75
    source = "".join(next(c["source"] for c in lesson_cells() if "steps_quiz = Quiz(" in "".join(c["source"])))
    assert '"step 3: the lone heart is a singleton, 1 (3b crosses off the 4♠: no change). "' in source


def test_the_long_ace_is_the_bots_cutoff():
    """Rater r70: "the others hold six or fewer, so one may ruff" held for six cards too; seven is the bots' cutoff,
    and the reason now says only what grows with the suit's length: the chance that an opponent holds none of it."""
    text = " ".join(prose().split())
    assert ("| ace | seven or more | ½ | the bots' cutoff for a long suit: the longer it is, the likelier an opponent "
            "holds none and [ruffs](glossary.ipynb#cell-id=term-ruff) |") in text and "the others hold six or fewer" not in text
    for n, value in ((6, 1), (7, 0.5)):  # the cutoff: an ace with five more clubs counts 1, with six more ½
        clubs = ["AC", "KC", "QC", "JC", "10C", "9C", "8C"][:1] + ["2C", "3C", "4C", "5C", "6C", "7C"][:n - 1]
        rest = "2S 3S 4S 2H 3H 4H 5H 2D 3D 4D 5D 6D".split()[:13 - n]
        assert [v for c, v in trick_count(CardList(" ".join(clubs + rest))).side if DECK[c].pretty == "A♣"] == [value]

    def some_opponent_void(n: int) -> float:  # you hold n of a suit: the other 13 − n lie among 39 cards, 13 a hand
        k = 13 - n
        return (3 * math.comb(26, k) - 3 * math.comb(13, k)) / math.comb(39, k)

    chances = [some_opponent_void(n) for n in range(1, 12)]  # from 11 on, certain
    assert chances == sorted(chances) and len(set(chances)) == len(chances)  # strictly likelier as the suit grows


def test_the_cheat_sheet_is_the_steps_values():
    """Rater r71: the values were spread over four cells; the summary's table lists them all. Each value of rows 1 and
    3 is checked here on built hands against ``trick_count`` (row 2's are the step-2 table's, held with the recipe;
    row 4 is step 4's B, held in test_step_four_adds_step_one_and_skipping_3b_is_said_after_the_deals)."""
    text = " ".join(prose().split())
    assert " ".join(CHEAT_SHEET.split()) in text
    low = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J"]
    for n in range(1, 9):
        for honour, want in (("A", 1 if n <= 6 else 0.5), ("K", 0 if n == 1 else 1 if n <= 5 else 0.25),
                             ("Q", 0.5 if 3 <= n <= 4 else 0)):
            clubs = [honour + "C"] + [r + "C" for r in low[:n - 1]]
            rest = ([r + "S" for r in low] + [r + "H" for r in low] + [r + "D" for r in low])[:13 - n]
            side = trick_count(CardList(" ".join(clubs + rest))).side
            assert sum(v for c, v in side if DECK[c].pretty == honour + "♣") == want, (honour, n)
    for n, want in ((0, 2), (1, 1), (2, 0.25), (3, 0)):  # void, singleton, doubleton, then nothing
        clubs = [r + "C" for r in low[:n]]
        rest = [r + "S" for r in low[:5]] + ([r + "H" for r in low] + [r + "D" for r in low])[:8 - n]
        count = trick_count(CardList(" ".join(clubs + rest)))
        assert sum(t for suit, t in count.ruffs if suit == Suit.CLUBS.value) == want, n


def test_the_two_roundings_differ_only_at_three_quarters():
    """Rater r71: the lesson's rule (drop any fraction, at least 1) and the bots' (nearest trick, a half down) give
    different bids, nil aside, only when the count ends in ¾ from 1¾ up, and then the bots bid one more: on deals
    0 to 3999 (South's cards, the play-outs' deals)."""
    from hearts_teach.course.spades_lesson import lesson_bid

    assert DIFFER in " ".join(prose().split())
    assert "Three roundings" not in " ".join(prose().split())  # r93: the old three-in-one sentence
    # r90 (newcomer r89 item 3): said where the count becomes a bid, before Suggest's "the same as the bots'", not
    # only at the scorer's cases
    assert "The bots round to the nearest trick: a half down" not in " ".join(prose().split())
    differ = 0
    for seed in range(4000):
        cards = SpadesHand.deal(seed=seed, dealer=1).cards(0)
        bots = smart_bid(cards)
        if bots == 0:  # nil, lesson 09b
            continue
        count = estimate_tricks(cards, long_spades=True)
        at_three_quarters = count % 1 == 0.75 and count >= 1.75
        assert bots - lesson_bid(cards) == (1 if at_three_quarters else 0), (seed, count)
        differ += at_three_quarters
    assert differ == 737  # the play-outs' deals


def test_lesson_note_names_each_reason_the_bots_bid_differs():
    """Each branch of the lesson's note beside the bots' bid: the same, nil, the ¾ rounded up, or an adjustment."""
    from hearts_teach.present.widgets.spades_table import lesson_note

    head = "This lesson's bid (drop any fraction, at least 1): "
    assert lesson_note(3.0, 3, 3) == "This lesson's bid is the same as the bots'."  # r73: one bid, said once
    assert lesson_note(2.0, 0, 2) == head + "2: the bots bid nil here, which this lesson leaves aside."
    assert lesson_note(3.75, 4, 3) == head + "3: the bots round three quarters up; this lesson drops them."
    # a count of 3½ rounds to 3 either way, so a bot's 4 came from the other bids or the score
    assert lesson_note(3.5, 4, 3) == head + "3: the bots adjusted theirs for the other bids and the score."
    assert lesson_note(0.25, 2, 1) == head + "1: the bots adjusted theirs for the other bids and the score."


def test_the_3b_question_is_the_bots_count():
    """r73 (newcomer r72c item 1): 3b, the hardest step, had no question of its own. A hand with a void and a
    singleton: 3 ruffs cross off the three lowest spades, and step 2 is redone on the Q♠ 8♠ left. Each choice's
    reason is the engine's count (right) or a named slip (before 3b, a Q♠ not redone, a spade too many)."""
    cells = lesson_cells()
    at = next(i for i, c in enumerate(cells) if "cross_quiz = Quiz(" in "".join(c["source"]))
    source = "".join(cells[at]["source"])
    assert cells[at]["metadata"] == {"jupyter": {"source_hidden": True}}
    # r91 (newcomer r90 item 1): step 3, deal 22's ruff line, then 3b's own cell, then its question
    assert "".join(cells[at - 2]["source"]).startswith('print(count_part(demo, "Ruffs"))')  # after step 3's print
    assert "**try 3b on a new hand**" in "".join(cells[at - 1]["source"]) and "".join(cells[at - 1]["source"]).startswith("**3b.")
    hand = CardList("QS 8S 5S 3S 2S 6D JC 9C 8C 7C 6C 4C 3C")
    assert hand.pretty == "♠ Q 8 5 3 2  ♥ —  ♦ 6  ♣ J 9 8 7 6 4 3"
    assert f'"You hold {hand.pretty}. Step 3 counts 3 ruffs: the void 2, the singleton 1. "' in source
    count = trick_count(hand)
    assert count.ruff_tricks == 3 and [DECK[c].pretty for c in count.spent] == ["5♠", "3♠", "2♠"]
    assert {DECK[c].pretty: v for c, v in count.spades} == {"Q♠": 0.75, "8♠": 0}
    assert count.spade_tricks == 0.75 and count.spade_tricks + count.ruff_tricks == 3.75 and count.side_tricks == 0
    assert '["1¼", "1", "¾", "0"],\n    "¾",' in source
    # the wrong choices: step 2 before 3b is 1¼ (Q♠ 1, 8♠ ¼); the Q♠ left at 1; 0, the Q♠ read as three short
    spades = [14 - 2, 8, 5, 3, 2]  # Q 8 5 3 2 as ranks 2..14
    def value(rank: int, kept: list[int]) -> float:
        lacks = sum(1 for r in range(rank + 1, 15) if r not in kept and r not in spades)
        keeps = sum(1 for r in kept if r < rank)
        return 1.0 if keeps >= lacks else 0.75 if keeps == lacks - 1 else 0.25 if keeps == lacks - 2 else 0.0
    assert [value(r, spades) for r in spades] == [1, 0.25, 0, 0, 0] and "(Q♠ 1, 8♠ ¼)" in source
    assert value(12, [12, 8]) == 0.75 and '"one smaller, the 8♠: one fewer, ¾"' in source


def test_09b_debriefs_share_one_no_close_call_sentence():
    """Both 09b debriefs (your nil on deal 356, your choice on deal 5) print ``NO_CLOSE_CALL`` when ``close_calls``
    finds none: the sentence lives in one place (spades_lesson), not copied into each cell."""
    from hearts_teach.course.spades_lesson import NO_CLOSE_CALL

    sources = ["".join(c["source"]) for c in _nil_cells() if c["cell_type"] == "code"]
    assert any("print(close_calls(mine, 0) or NO_CLOSE_CALL)" in s for s in sources)
    assert any("print(close_calls(yours, 0) or NO_CLOSE_CALL)" in s for s in sources)
    assert not any(NO_CLOSE_CALL in s for s in sources)  # no cell spells the sentence out again
    assert NO_CLOSE_CALL.startswith("No close call:")
