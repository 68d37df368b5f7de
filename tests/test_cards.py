"""Cards: notation, parsing, names, ordering, masks and display forms."""

from __future__ import annotations

import pickle

import pytest

from hearts_teach import DECK, Card, CardList, InvalidCardError, Suit, cards
from hearts_teach.kernel.cards import (
    HEARTS_MASK,
    JD_MASK,
    QS_MASK,
    SUIT_MASKS,
    indices_of,
    join_pretty,
)


def test_deck_has_52_distinct_cards_in_index_order():
    assert len(DECK) == 52
    assert [c.index for c in DECK] == list(range(52))
    assert len({str(c) for c in DECK}) == 52
    assert sum(SUIT_MASKS) == (1 << 52) - 1


@pytest.mark.parametrize("text, canonical", [
    ("QS", "QS"), ("qs", "QS"), ("Q♠", "QS"), ("q♠", "QS"), ("TH", "TH"), ("10H", "TH"), ("10♥", "TH"),
    ("th", "TH"), ("2c", "2C"), ("A♦", "AD"), (" KH ", "KH"), ("J♣", "JC"), ("Q♤", "QS"), ("5♡", "5H"),
    ("10\u2665\ufe0f", "TH"),
])
def test_parser_accepts_the_documented_forms(text, canonical):
    assert str(Card(text)) == canonical


def test_canonical_forms_roundtrip_for_every_card():
    for c in DECK:
        assert Card(str(c)) is c
        assert Card(c.pretty) is c
        assert eval(repr(c)) is c  # noqa: S307 - the repr is documented as eval-able
        assert Card.from_index(c.index) is c


def test_suit_rank_and_names():
    qs = Card("QS")
    assert qs.suit is Suit.SPADES and qs.rank == 12 and qs.index == 49
    assert qs.name == "queen of spades"
    assert Card("TH").pretty == "10♥" and Card("TH").name == "ten of hearts"
    assert Card("2C").name == "two of clubs" and Card("AC").rank == 14
    assert repr(qs) == "Card('QS')"


def test_ordering_is_suit_then_rank_ace_high():
    assert Card("AC") < Card("2D") < Card("AD") < Card("2H") < Card("AH") < Card("2S")
    assert Card("TS") < Card("JS") < Card("QS") < Card("KS") < Card("AS")
    assert sorted(cards("AS 2C KH")) == [Card("2C"), Card("KH"), Card("AS")]


def test_points_of_single_cards():
    assert Card("QS").points == 13
    assert all(Card(f"{r}H").points == 1 for r in "23456789TJQKA")
    assert Card("JD").points == 0 and Card("KS").points == 0 and Card("AC").points == 0


def test_masks():
    assert Card("QS").mask == QS_MASK and Card("JD").mask == JD_MASK
    assert CardList.from_mask(HEARTS_MASK) == cards("2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH")
    cl = cards("QS KH 2C")
    assert list(CardList.from_mask(cl.mask)) == sorted(cl)
    assert indices_of(cl.mask) == [0, 37, 49]


def test_cardlist_forms():
    cl = CardList("QS, KH 10d")
    assert str(cl) == "QS KH TD"
    assert repr(cl) == "CardList('QS KH TD')"
    assert eval(repr(cl)) == cl  # noqa: S307
    assert cl.pretty == "♠ Q  ♥ K  ♦ 10  ♣ —"
    assert cl.points == 14
    assert isinstance(cl + cards("2C"), CardList)
    assert join_pretty(cards("7C KC")) == "7♣, K♣"
    assert cl.of_suit(Suit.HEARTS) == cards("KH")


def test_html_has_text_alternative():
    html = Card("QS")._repr_html_()
    assert "Q♠" in html and 'aria-label="queen of spades"' in html
    assert "10♥" in cards("TH 2C")._repr_html_()


def test_cards_pickle():
    assert pickle.loads(pickle.dumps(Card("QS"))) is Card("QS")


@pytest.mark.parametrize("bad", ["", "Q", "QX", "1H", "11H", "ZS", "QSS", "S Q", "♠Q", "0H", "10"])
def test_bad_card_strings_quote_the_input_and_list_accepted_forms(bad):
    with pytest.raises(InvalidCardError) as e:
        Card(bad)
    msg = str(e.value)
    assert repr(bad) in msg
    assert "'QS'" in msg and "10H" in msg and "Q♠" in msg


@pytest.mark.parametrize("bad", [None, 12, 1.5, ["QS"]])
def test_non_strings_are_invalid_cards(bad):
    with pytest.raises(InvalidCardError, match="not a string"):
        Card(bad)


@pytest.mark.parametrize("bad", [-1, 52, 100, True])
def test_from_index_rejects_out_of_range(bad):
    with pytest.raises(InvalidCardError, match="0..51"):
        Card.from_index(bad)


def test_from_mask_rejects_bits_outside_the_deck():
    with pytest.raises(InvalidCardError):
        CardList.from_mask(1 << 52)
    with pytest.raises(InvalidCardError):
        CardList.from_mask(-1)
