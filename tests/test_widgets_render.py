"""The HTML/text renderers behind the widgets: text first, colour second, no card glyphs."""

from __future__ import annotations

import re

from hearts_teach import Card, Hand, Match, Suit
from hearts_teach.agents.hearts import make_bot
from hearts_teach.present.render import (
    FOUR_COLOR,
    TWO_COLOR,
    card_html,
    ordered,
    position_text,
    pts,
    score_table_html,
    set_four_color,
    suit_color,
    trick_compass_html,
)
from hearts_teach.present.widgets import HandWidget, PassPicker
from hearts_teach.present.widgets.common import card_button

GLYPHS = re.compile("[\U0001F0A0-\U0001F0FF]")  # Unicode playing-card glyphs: never used


def _finished_hand(seed: int) -> Hand:
    hand = Hand.deal(seed=seed)
    bot = make_bot("rule", seed=seed)
    while not hand.is_over:
        bot.act(hand)
    return hand


def test_card_html_has_text_name_and_colour():
    html = card_html(Card("QS"))
    assert ">Q♠</span>" in html and 'aria-label="queen of spades"' in html
    assert not GLYPHS.search(html)
    assert TWO_COLOR[Suit.HEARTS] in card_html(Card("TH"))


def test_four_colour_deck_everywhere():
    assert suit_color(Suit.CLUBS, True) == FOUR_COLOR[Suit.CLUBS] != TWO_COLOR[Suit.CLUBS]
    assert card_button(Card("2C"), True).style.text_color == FOUR_COLOR[Suit.CLUBS]
    assert card_button(Card("2D"), False).style.text_color == TWO_COLOR[Suit.DIAMONDS]
    set_four_color(True)
    try:
        hw = HandWidget(Hand.deal(seed=1, hand_number=3), seat=0)  # None: follow the global switch
        colours = {Card(k).suit: b.style.text_color for k, b in hw.buttons.items()}
        assert all(colours[s] == FOUR_COLOR[s] for s in colours)
        pp = PassPicker(Hand.deal(seed=1), four_color=False)  # an explicit choice wins
        assert all(b.style.text_color == TWO_COLOR[Card(k).suit] for k, b in pp.buttons.items())
    finally:
        set_four_color(False)


def test_ordered_follows_pretty():
    hand = Hand.deal(seed=4)
    cards = ordered(hand.cards(0))
    rebuilt = "  ".join(f"{suit.symbol} " + (" ".join(c.rank_label for c in cards if c.suit == suit) or "—")
                        for suit in reversed(Suit))
    assert rebuilt == hand.cards(0).pretty  # buttons (and focus) follow the printed hand


def test_trick_compass_marks_leader_and_winner_in_text():
    hand = _finished_hand(6)
    last = hand.last_trick
    html = trick_compass_html(last, hand.seat_names, caption="Last trick")
    assert f"Last trick {last.number}" in html and "✓ wins" in html and "▶ led" in html
    assert f"{hand.seat_names[last.winner]} took it ({pts(last.points)})" in html
    assert "none yet" in trick_compass_html(None)
    assert pts(1) == "1 pt" and pts(0) == "0 pts"


def test_position_text_hides_other_hands_when_asked():
    hand = Hand.deal(seed=2, hand_number=3)
    hand.play("2C")
    mine = position_text(hand, show=[hand.turn])
    assert hand.cards(hand.turn).pretty in mine
    others = [s for s in range(4) if s != hand.turn]
    for s in others:
        assert hand.cards(s).pretty not in mine and f"{len(hand.cards(s))} cards" in mine
    assert "Trick 1 so far (led by" in mine and "Hearts not broken yet" in mine


def test_score_table_html_rows_totals_and_winner():
    m = Match(seed=3)
    bot = make_bot("rule", seed=3)
    while True:
        while not m.hand.is_over:
            bot.act(m.hand)
        if m.is_over:
            break
        m.next_hand()
    html = score_table_html(m)
    assert html.count("<tr>") == len(m.hands) + 2  # header, one row per hand, totals
    for total in m.totals:
        assert f"<b>{total}" in html
    assert f"{m.seat_names[m.winner]} wins the match with {min(m.totals)}" in html
    for h in m.hands:
        if h.moon is not None:
            assert f"moon: {m.seat_names[h.moon]}" in html


def test_one_point_is_one_pt_in_every_trick_line():
    """Issue 27: trick lines said '1 pts'; every place that counts a trick's points says '1 pt'."""
    from hearts_teach import Hand
    from hearts_teach.course.describe import trick_table
    from hearts_teach.course.lessons import bots_play, table_bots
    from hearts_teach.present.render import seats_status_text, trick_html

    hand = bots_play(Hand.deal(seed=44, pass_direction="hold"), table_bots("rule"),
                     stop=lambda h: h.last_trick is not None and h.last_trick.points == 1)
    one = hand.last_trick
    assert one is not None and one.points == 1, "deal 44 has no one-point trick any more: pick another deal"
    table = trick_table(hand)
    assert "1 pts" not in table and f"  1 pt → {hand.seat_names[one.winner]}" in table
    assert "(1 pt)" in hand.text() and "(1 pts)" not in hand.text()
    assert "takes it (1 pt)" in trick_html(one, hand.seat_names)
    taken = [line for line in seats_status_text(hand) if "1 pt" in line]
    assert all("1 pt taken" in line for line in taken)
