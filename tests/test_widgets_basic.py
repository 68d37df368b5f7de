"""HandWidget, PassPicker and Quiz driven by click() like a learner would, plus random clicking."""

from __future__ import annotations

import html

import pytest

from hearts_teach import Card, Hand, Phase
from hearts_teach.kernel.rng import Rng
from hearts_teach.present.widgets import HandWidget, PassPicker, Quiz

SEEDS = (1, 2, 3, 4, 5)


def _enabled(buttons):
    return [k for k, b in buttons.items() if not b.disabled]


def _play_hand_by_clicks(hand: Hand) -> HandWidget:
    hw = HandWidget(hand, seat=None)
    while not hand.is_over:
        legal = _enabled(hw.buttons)
        assert legal == [str(c) for c in sorted(hand.legal_plays(), key=lambda c: (-c.suit, -c.rank))]
        hw.buttons[legal[-1]].click()  # lowest legal card of the last suit shown
    return hw


def test_hand_widget_plays_a_whole_hand_by_clicks():
    hand = Hand.deal(seed=3, hand_number=3)  # a hold hand: play starts at once
    hw = _play_hand_by_clicks(hand)
    assert hand.is_over and len(hand.plays) == 52
    assert sum(hand.points_taken) == 26
    assert hw.legal_line() == "The hand is over: no cards left to play."
    assert hw.buttons == {}


def test_hand_widget_buttons_have_text_tooltips_and_reasons():
    hand = Hand.deal(seed=3, hand_number=3)
    opener = hand.turn
    hw = HandWidget(hand, seat=opener)
    assert set(hw.buttons) == {str(c) for c in hand.cards(opener)}
    for key, b in hw.buttons.items():
        card = Card(key)
        assert b.description == card.pretty  # rank and suit as text, never a glyph
        assert b.tooltip.startswith(card.name + " — ")
        assert b.disabled == (key != "2C")
    assert "the first trick must be opened with 2♣" in hw.buttons[_any_disabled(hw)].tooltip
    assert hw.legal_line().endswith("may play: 2♣ (forced: the only legal card)")
    # focus order follows the hand: spades, hearts, diamonds, clubs, high to low
    order = [Card(k) for k in hw.buttons]
    assert order == sorted(order, key=lambda c: (-c.suit, -c.rank))
    assert [b.description for b in hw.cards_box.children] == [c.pretty for c in order]


def _any_disabled(hw: HandWidget) -> str:
    return next(k for k, b in hw.buttons.items() if b.disabled)


def test_illegal_click_shows_reason_and_changes_nothing():
    hand = Hand.deal(seed=3, hand_number=3)
    hw = HandWidget(hand, seat=hand.turn)
    before = hand.snapshot()
    key = _any_disabled(hw)
    hw.buttons[key].click()
    assert hand.snapshot() == before
    assert hw.last_message == f"Can't play {Card(key).pretty}: {hand.explain(key).message}"
    assert hw.last_message in hw.text()


def test_hand_widget_for_a_seat_that_is_not_to_play():
    hand = Hand.deal(seed=3, hand_number=3)
    other = (hand.turn + 1) % 4
    hw = HandWidget(hand, seat=other)
    assert _enabled(hw.buttons) == []
    assert hw.legal_line().startswith(f"Not {hand.seat_names[other]}'s turn")
    before = hand.snapshot()
    hw.buttons[next(iter(hw.buttons))].click()
    assert hand.snapshot() == before and "turn" in hw.last_message


def test_hand_widget_on_play_callback_replaces_engine_call():
    hand = Hand.deal(seed=3, hand_number=3)
    seen = []
    hw = HandWidget(hand, seat=hand.turn, on_play=lambda c: (seen.append(c), hand.play(c)))
    hw.buttons["2C"].click()
    assert seen == [Card("2C")] and list(hand.plays) == [Card("2C")]


def test_pass_picker_whole_pass_by_clicks():
    hand = Hand.deal(seed=1)  # hand 0 passes left
    got = []
    pp = PassPicker(hand, seat=0, on_confirm=got.append,
                    feedback=lambda h, s, cards: f"feedback for {len(cards)} cards")
    assert pp.direction_line() == "Hand 1: pass left. South's three cards go to West."
    assert pp.confirm.disabled
    keys = list(pp.buttons)[:4]
    for k in keys[:3]:
        pp.buttons[k].click()
    assert not pp.confirm.disabled
    assert pp.buttons[keys[0]].description.startswith("✓ ")  # chosen is marked by text, not colour only
    pp.buttons[keys[3]].click()  # a fourth card is refused
    assert "a pass is exactly 3 cards" in pp.last_message
    assert [str(c) for c in pp.selected] == keys[:3]
    pp.buttons[keys[0]].click()  # unselect, then confirm with two is refused
    pp.confirm.click()
    assert "exactly 3" in pp.last_message and hand.passed(0) is None
    pp.buttons[keys[3]].click()
    pp.confirm.click()
    assert list(hand.passed(0)) == sorted(Card(k) for k in keys[1:4])
    assert [str(c) for c in got[0]] == keys[1:4]
    assert pp.last_message.startswith("Passed ") and pp.last_message.endswith("feedback for 3 cards")
    assert all(b.disabled for b in pp.buttons.values()) and pp.confirm.disabled
    for s in (1, 2, 3):
        hand.pass_cards(s, hand.cards(s)[:3])
    pp.refresh()
    assert hand.phase is Phase.PLAY
    assert f"Received: {' '.join(c.pretty for c in hand.received(0))}." in pp.chosen_line()


def test_pass_picker_completes_the_pass_with_other_players():
    from hearts_teach.course.lessons import table_bots

    pp = PassPicker(Hand.deal(seed=287), seat=0, others=table_bots("rule"))
    for key in ("QS", "AS", "AD"):
        pp.buttons[key].click()
    pp.confirm.click()
    got = pp.hand.received(0)
    assert pp.hand.phase is not Phase.PASS and got is not None and len(got) == 3
    line = " ".join(c.pretty for c in got)
    assert pp.last_message == f"Passed Q♠ A♠ A♦ to West. Received from East: {line}."
    assert f"Received: {line}." in pp.text() and set(got) <= set(pp.hand.cards(0))
    # issue 27: after the exchange the text path says what South holds now, not only the dealt hand
    held = pp.hand.cards(0)
    assert held.pretty != pp.hand.dealt(0).pretty
    assert pp.text().splitlines()[1] == f"South was dealt: {pp.hand.dealt(0).pretty}"
    assert pp.text().splitlines()[2].endswith(f"South now holds: {held.pretty}")
    assert f"now holds: {held.pretty}" in html.unescape(pp.chosen_html.value)
    for bad in (["rule"] * 4, table_bots("rule")[:3], "rule"):
        with pytest.raises(ValueError, match="others is one player per seat"):
            PassPicker(Hand.deal(seed=287), seat=0, others=bad)


def test_pass_picker_hold_hand_and_text_path():
    hold = Hand.deal(seed=1, hand_number=3)
    pp = PassPicker(hold)
    assert pp.done and all(b.disabled for b in pp.buttons.values())
    assert "hold hand" in pp.toggle("2C")
    hand = Hand.deal(seed=1, hand_number=1)  # right → East receives
    pp = PassPicker(hand, seat=0)
    assert "go to East" in pp.direction_line()
    three = hand.cards(0)[-3:]
    assert pp.choose(" ".join(str(c) for c in three)).startswith("Passed ")
    assert hand.passed(0) == three
    assert "Nothing to confirm" in pp.choose("2C 3C 4C")


def test_quiz_right_and_wrong_with_reasons():
    q = Quiz("How many points is the queen of spades worth?", [1, 13, 26], 13,
             {1: "one point is a heart", 13: "the queen alone carries 13", 26: "26 is the whole hand"},
             explanation="every hand holds 26 points")
    q.buttons["26"].click()
    assert q.last_message == "✘ Not 26. 26 is the whole hand. Try again."
    assert not q.solved
    q.buttons["13"].click()
    assert q.last_message == "✔ Right: 13. The queen alone carries 13. Every hand holds 26 points."
    assert q.solved and q.attempts == [(26, False), (13, True)]
    assert q.last_message in q.text()
    assert "not one of the choices" in q.choose(7)


def test_a_number_quiz_takes_the_number_typed_as_text_and_a_text_quiz_a_number():
    q = Quiz("How many hearts are still out?", [3, 7, 10, 13], 7)
    assert q.choose(" 10") == "✘ Not 10. Try again."
    assert q.choose("7") == "✔ Right: 7." and q.attempts == [(10, False), (7, True)]
    t = Quiz("Which trick?", ["1", "2"], "2")
    assert t.choose(2) == "✔ Right: 2."
    # r74_06: the prose writes −6 with a true minus sign; copied from it, the answer is the same as -6
    m = Quiz("What does South score?", ["4", "-6", "-10"], "-6")
    assert m.choose("−10") == "✘ Not -10. Try again." and m.choose("−6") == "✔ Right: -6."
    assert m.attempts == [("-10", False), ("-6", True)]
    # r74d_12: a card typed as rank and suit letter ("QS", as lesson 12's intro says) answers a choice written "Q♠"
    c = Quiz("Which do you throw?", ["Q♠", "4♠", "2♦"], "Q♠")
    assert c.choose("4S") == "✘ Not 4♠. Try again." and c.choose("qs") == "✔ Right: Q♠."
    assert Quiz("?", ["Q♠", "4♠"], "Q♠").choose("zz") == "zz is not one of the choices (Q♠, 4♠)."


def test_a_quiz_answered_right_is_closed():
    q = Quiz("How many points is Q♠?", [1, 13, 26], 13, reasons={1: "that is a heart"})
    q.buttons["1"].click()
    assert q.last_message.endswith("Try again.") and not any(b.disabled for b in q.buttons.values())
    q.buttons["13"].click()
    assert all(b.disabled for b in q.buttons.values()) and q.buttons["13"].description == "✔ 13"
    for label in ("1", "26", "13"):  # a later click (a stale browser view) changes nothing
        q.buttons[label].click()
        assert q.last_message == "Already answered: 13 was right. This question is closed."
        assert "Try again" not in q.text()
    assert q.attempts == [(1, False), (13, True)]


def test_quiz_pick_a_card_graded_by_the_engine():
    hand = Hand.deal(seed=3, hand_number=3)
    hand.play("2C")
    q = Quiz.pick_card("Which card may this player play?", hand)
    seat = hand.turn
    assert list(q.buttons) == [b.description for b in q.buttons.values()]  # keys are the labels
    for card in hand.cards(seat):
        q = Quiz.pick_card("Which card may this player play?", hand)  # a right answer closes a quiz
        msg = q.choose(card)
        assert msg.startswith("✔" if card in hand.legal_plays() else "✘")
        assert hand.explain(card).message[1:] in msg  # the engine's reason is shown
    with pytest.raises(ValueError):
        Quiz("q", ["a", "b"], "c")
    # rater r52 (lesson 08c): a question on which legal card is best offers only the legal cards
    only = Quiz.pick_card("Which card would you play?", hand, legal_only=True)
    assert only.choices == [c for c in q.choices if c in hand.legal_plays()] and len(only.choices) < len(q.choices)


# ---------------------------------------------------------------------------------------
# Random clicking: every click either makes a legal engine action or changes nothing.

def _random_hand_widget_clicks(seed: int, clicks: int) -> int:
    rng = Rng(f"hand-widget/{seed}")
    hand = Hand.deal(seed=seed, hand_number=3)
    widgets = [HandWidget(hand, seat=s) for s in range(4)] + [HandWidget(hand, seat=None)]
    done = legal_clicks = 0
    while done < clicks:
        if hand.is_over:
            hand = Hand.deal(seed=seed + done, hand_number=3)
            widgets = [HandWidget(hand, seat=s) for s in range(4)] + [HandWidget(hand, seat=None)]
        hw = rng.choice(widgets)
        hw.refresh()
        if not hw.buttons:
            continue
        key = rng.choice(list(hw.buttons))
        seat = hw.acting_seat
        verdict = hand.explain(key, seat) if seat is not None else None
        expected = hand.copy()
        if verdict is not None and verdict.legal:
            expected.play(key, seat)
            legal_clicks += 1
        hw.buttons[key].click()
        done += 1
        assert hand.snapshot() == expected.snapshot()
        if verdict is None or not verdict.legal:
            assert hw.last_message.startswith(f"Can't play {Card(key).pretty}: ")
    assert legal_clicks > clicks // 20  # the game did move forward, not only refusals
    return done


def _random_pass_picker_clicks(seed: int, clicks: int) -> int:
    rng = Rng(f"pass-picker/{seed}")
    done = 0
    while done < clicks:
        hand = Hand.deal(seed=seed * 1000 + done, hand_number=done % 4)
        pp = PassPicker(hand, seat=rng.randbelow(4))
        for _ in range(40):
            parts = list(pp.buttons.values()) + [pp.confirm, pp.clear]
            b = rng.choice(parts)
            expected = hand.copy()
            if b is pp.confirm and not pp.done and len(pp.selected) == 3:
                expected.pass_cards(pp.seat, pp.selected)
            was_done = pp.done
            b.click()
            done += 1
            assert hand.snapshot() == expected.snapshot()
            assert len(pp.selected) <= 3
            if was_done:
                assert pp.last_message.startswith(("Can't choose", "Nothing to confirm", "The pass has"))
    return done


def _random_quiz_clicks(seed: int, clicks: int) -> int:
    rng = Rng(f"quiz/{seed}")
    hand = Hand.deal(seed=seed, hand_number=3)
    hand.play("2C")
    q = Quiz.pick_card("Pick a legal card", hand)
    q2 = Quiz("Who leads the first trick?", ["the holder of 2♣", "South", "the dealer"], "the holder of 2♣")
    before = hand.snapshot()
    for _ in range(clicks):
        quiz = rng.choice([q, q2])
        key = rng.choice(list(quiz.buttons))
        was_solved, tries = quiz.solved, len(quiz.attempts)
        quiz.buttons[key].click()
        if was_solved:  # closed: a later click is not an attempt and never says "try again"
            assert len(quiz.attempts) == tries and quiz.last_message.startswith("Already answered: ")
            continue
        choice, ok = quiz.attempts[-1]
        assert ok == quiz.is_right(choice)
        assert quiz.last_message.startswith("✔" if ok else "✘")
    assert hand.snapshot() == before  # a quiz never touches the game
    assert all(b.disabled for b in q.buttons.values()) and all(b.disabled for b in q2.buttons.values())
    return clicks


@pytest.mark.parametrize("runner", [_random_hand_widget_clicks, _random_pass_picker_clicks, _random_quiz_clicks],
                         ids=["hand", "pass", "quiz"])
def test_random_clicking(runner):
    total = sum(runner(seed, 250) for seed in SEEDS)
    assert total >= 1000


@pytest.mark.parametrize("faces", [False, True])
def test_a_closed_hand_widget_plays_nothing_and_says_why(faces: bool):
    hand = Hand.deal(seed=3, hand_number=3)
    opener = hand.turn
    hw = HandWidget(hand, seat=opener, faces=faces)
    legal = str(hand.legal_plays(opener).cards[0])
    hw.close("The scripted tricks are over.")
    assert hw.legal_line() == "The scripted tricks are over." and hw.text().endswith("The scripted tricks are over.")
    assert hw.play(legal) == "The scripted tricks are over." and not hand.plays, "a closed widget changes nothing"
    assert hw.last_message == ""
    if faces:
        assert not any(f["active"] for f in hw.row.cards)
    else:
        assert all(b.disabled for b in hw.buttons.values())


def test_a_quizs_text_twin_keeps_choices_with_commas_apart():
    # round 5: "Choices: Q♠, 5♠ or a diamond, 5♠ or a diamond, only 5♠" could not be read apart
    from hearts_teach.present.widgets.quiz import Quiz

    quiz = Quiz("What may you lead?", ["Q♠, 5♠ or a diamond", "5♠ or a diamond", "only 5♠"], "only 5♠")
    assert quiz.text().splitlines()[1] == "Choices: Q♠, 5♠ or a diamond | 5♠ or a diamond | only 5♠"
    assert Quiz("Who?", ["West", "North"], "West").text().splitlines()[1] == "Choices: West, North"
    # r75c_12: lesson 12's Q1 printed "hand 3: across; hand 4: left, hand 3: across; hand 4: no pass, …"
    both = Quiz("Hands 3 and 4?", ["hand 3: across; hand 4: left", "hand 3: left; hand 4: right"], "hand 3: left; hand 4: right")
    assert both.text().splitlines()[1] == "Choices: hand 3: across; hand 4: left | hand 3: left; hand 4: right"


def test_score_report_counts_first_tries_and_names_unlabelled_questions_by_place():
    from hearts_teach.present.widgets import score_report

    a = Quiz("How many hearts are in the deck?", [12, 13], 13)
    b = Quiz("Q2 (lesson 04) What is the Q♠ worth?", [1, 13], 13)
    assert score_report([a, b]).startswith("No answers yet: 2 questions")
    a.choose(12)
    assert score_report([a, b]).splitlines() == ["Answered right: 0 of 2; right at the first try: 0.",
                                                 "Look back at: question 1.",
                                                 "Still open: question 1, Q2."]
    a.choose(13)
    b.choose(13)
    assert score_report([a, b]).splitlines() == ["Answered right: 2 of 2; right at the first try: 1.",
                                                 "Look back at: question 1."]
    c = Quiz("Q3 (lesson 05) A moon gives the others?", [13, 26], 26)
    c.choose(26)
    assert score_report([c]).splitlines()[1] == ("Look back at: nothing yet, every answer so far was right at "
                                                 "the first try.")
