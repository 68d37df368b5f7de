"""Lesson 00's scripted first hand: the 2♣ lead, following suit and a discard come up in turn,
whatever legal cards the learner picks, and every sentence agrees with the engine."""

from __future__ import annotations

import pytest

from hearts_teach.course.first_hand import SCRIPT, FirstHand
from hearts_teach.kernel.cards import Card, Suit


def test_it_opens_on_the_forced_2c_lead():
    f = FirstHand()
    assert f.hand.turn == 0 and f.hand.trick_number == 1
    assert [str(c) for c in f.hand.legal_plays(0)] == ["2C"]
    assert "Trick 1" in f.text() and "2♣" in f.question
    f.south.buttons["KH"].click()  # a refused card says why and changes nothing
    assert "Can't play K♥" in f.south.last_message and f.hand.trick_number == 1


@pytest.mark.parametrize("follow", ["3D", "4D", "5D"])
@pytest.mark.parametrize("discard", ["KH", "2H", "6S", "3D"])
def test_every_path_follows_the_script(follow: str, discard: str):
    f = FirstHand()
    f.play("2C")
    assert f.hand.trick_number == 2 and f.hand.turn == 0
    legal = {str(c) for c in f.hand.legal_plays(0)}
    assert legal == {"3D", "4D", "5D"}, "trick 2 asks South to follow suit with a diamond"
    assert "follow suit" in f.question and "So far: North K♦, East 7♦; your turn" in f.question
    # r116 (r115/00 read: lesson 00 said "South, West, North, East", so why did East play first?): the order from
    # the leader said the first time another seat leads
    assert "your turn, then West (clockwise from North)." in f.question
    assert [f.hand.seat_names[s] for s in f.hand.current_trick.seats] == ["North", "East"]
    f.south.buttons["2S"].click()
    assert "must follow suit" in f.south.last_message
    f.south.buttons[follow].click()
    assert f.hand.tricks[1].winner == 2
    if discard == follow:
        discard = "5D" if follow != "5D" else "4D"
    assert not f.hand.cards(0).of_suit(Suit.CLUBS) and f.hand.current_trick.cards[0] == Card("KC")
    assert "So far: North K♣, East 6♣; your turn" in f.question, "South sees East's card before playing"
    assert len(f.hand.legal_plays(0).cards) == len(f.hand.cards(0)), "void and past trick 1: anything goes"
    msg = f.play(discard)
    assert f.done and f.hand.tricks[2].winner == 2
    assert ("broke hearts" in msg) == (Card(discard).suit is Suit.HEARTS)
    assert f"North {Card(discard).points}" in f.question  # the summary's points come from the engine
    assert f.play("2S").startswith("The three scripted tricks are over")
    # the game goes on (North is to lead trick 4) but the widget says only that the script is over
    # (the summary above the cards is several short lines since round 29: everything after it is checked)
    assert f.text().startswith(f.question + "\n")
    assert "turn" not in f.text()[len(f.question) + 1:] and "scripted tricks are over" in f.text()
    assert all(b.disabled for b in f.south.buttons.values())
    assert len(f.hand.tricks) == 3 and len(SCRIPT) == 3


def test_the_discard_trick_says_what_a_discard_is():
    """Lesson 00 comes before lesson 02 defines the word: trick 3 says it (round 3)."""
    f = FirstHand()
    f.play("2C")
    f.play("5D")
    assert "a card of another suit is called a discard, and it cannot win the trick" in f.question


def test_trick_3s_quiz_reasons_do_not_give_the_answer_away():
    """Rater r74: trick 3 is a quiz in lesson 00; a wrong choice's reason (followed by "Try again") must not name
    the K♥, and each reason's taker and points are the engine's."""
    from hearts_teach.course.first_hand import throw_reasons

    reasons = throw_reasons("KH 2H 6S 4D 3S")
    assert list(reasons) == ["K♥", "2♥", "6♠", "4♦", "3♠"]
    assert all("K♥" not in why for card, why in reasons.items() if card != "K♥")
    assert "(North takes it), so its 1 point costs you nothing now" in reasons["K♥"]
    assert "its 1 point goes to North" in reasons["2♥"] and "costs no points" in reasons["6♠"]


def test_other_choices_prints_each_other_throw_a_sentence_a_line_without_the_hint():
    # r76: lesson 00's folded answer printed this from a loop in the cell; the longer folded source made JupyterLab
    # misplace the lesson list the Index link scrolls to (tests/e2e), so the loop is this function
    from hearts_teach.course.first_hand import other_choices, throw_reasons

    text = other_choices("KH 2H 6S 4D", "KH")
    lines = text.splitlines()
    assert lines[0] == "The other choices:" and "K♥" not in text and "?" not in text
    assert [line[2:4] for line in lines if line.startswith("- ")] == ["2♥", "6♠", "4♦"]
    assert all(why.split(". ")[0] in text for card, why in throw_reasons("2H 6S 4D").items())
