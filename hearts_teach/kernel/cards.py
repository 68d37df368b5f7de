"""Cards, suits and sets of cards.

Inside the engine a card is an index 0..51 (``suit * 13 + rank - 2``, suits in the
order clubs, diamonds, hearts, spades) and a set of cards is a 52-bit integer mask.
``Card`` objects appear only at the API. The canonical notation is rank + suit letter
(``QS``, ``TH``, ``2C``); the parser also accepts ``10H``, lower case (ASCII letters only:
``'qs'``, never look-alikes such as ``'Qſ'``) and the suit symbols ``♣ ♦ ♥ ♠`` (and ``♧ ♢ ♡ ♤``).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from enum import IntEnum
from typing import Any, Union

from hearts_teach.kernel.display import draw
from hearts_teach.kernel.errors import InvalidCardError, quote


class Suit(IntEnum):
    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def letter(self) -> str:
        return "CDHS"[self]

    @property
    def symbol(self) -> str:
        return "♣♦♥♠"[self]

    @property
    def plural(self) -> str:
        return self.name.lower()

    @property
    def singular(self) -> str:
        return self.name.lower()[:-1]

    @property
    def mask(self) -> int:
        return SUIT_MASKS[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.DIAMONDS, Suit.HEARTS)

    def __str__(self) -> str:
        return self.letter

    def __repr__(self) -> str:
        return f"Suit.{self.name}"


# plain ints for the hot paths (an IntEnum compares more slowly than an int)
CLUBS, DIAMONDS, HEARTS, SPADES = (int(s) for s in Suit)
SUITS = len(Suit)
RANKS = 13  # cards per suit: a card's index is suit * RANKS + rank - 2
DECK_SIZE = SUITS * RANKS
NO_TRUMP = -1  # the trump suit of a game without one (Hearts)

RANK_CHARS = "23456789TJQKA"
TEN_RANK = RANK_CHARS.index("T")  # written "10" for people
RANK_NAMES = ("two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
              "jack", "queen", "king", "ace")
SUIT_FIELD = (1 << RANKS) - 1  # the 13 bits of one suit, at the bottom of a mask
SUIT_MASKS = tuple(SUIT_FIELD << (RANKS * s) for s in range(SUITS))
CLUBS_MASK, DIAMONDS_MASK, HEARTS_MASK, SPADES_MASK = SUIT_MASKS
FULL_DECK = (1 << DECK_SIZE) - 1
BIT = tuple(1 << i for i in range(DECK_SIZE))

_SUIT_ALIASES = {"C": CLUBS, "D": DIAMONDS, "H": HEARTS, "S": SPADES,
                 "♣": CLUBS, "♦": DIAMONDS, "♥": HEARTS, "♠": SPADES,
                 "♧": CLUBS, "♢": DIAMONDS, "♡": HEARTS, "♤": SPADES}
_RANK_ALIASES = {c: i for i, c in enumerate(RANK_CHARS)} | {"10": TEN_RANK}
_ASCII_UPPER = str.maketrans("abcdefghijklmnopqrstuvwxyz", "ABCDEFGHIJKLMNOPQRSTUVWXYZ")
_ACCEPTED = ("a rank (2-9, T or 10, J, Q, K, A) followed by a suit (C, D, H, S or ♣ ♦ ♥ ♠), "
             "e.g. 'QS', 'TH', '10H', 'qs', 'Q♠'")


def card_index(text: str) -> int:
    """Parse one card string to its index; raise ``InvalidCardError`` quoting the input."""
    if not isinstance(text, str):
        raise InvalidCardError(f"invalid card: {quote(text)} is a {type(text).__name__}, "
                               f"not a string; expected {_ACCEPTED}")
    # U+FE0F (emoji presentation) often follows a suit symbol pasted from the web: '10♥️'. Only
    # ASCII letters are upper-cased: str.upper() would turn 'ſ' (long s) into 'S' and read 'Qſ' as Q♠
    s = text.strip().translate(_ASCII_UPPER).replace("\ufe0f", "")
    rank = _RANK_ALIASES.get(s[:-1]) if len(s) >= 2 else None
    suit = _SUIT_ALIASES.get(s[-1:]) if s else None
    if rank is None or suit is None:
        raise InvalidCardError(f"invalid card: {quote(text)} (expected {_ACCEPTED})")
    return suit * RANKS + rank


class Card:
    """One playing card. ``Card('QS')``; instances are shared, so ``is`` and ``==`` agree."""

    __slots__ = ("index",)
    index: int
    _all: tuple[Card, ...] = ()

    def __new__(cls, text: Union[str, Card]) -> Card:  # noqa: UP007 - readable in docs
        if isinstance(text, Card):
            return text
        return cls._all[card_index(text)]

    @classmethod
    def from_index(cls, index: int) -> Card:
        # checked: a negative index would silently wrap around to a spade
        if type(index) is not int or not 0 <= index < DECK_SIZE:
            raise InvalidCardError(f"invalid card index {quote(index)}: indices run 0..{DECK_SIZE - 1} "
                                   f"(suit * {RANKS} + rank - 2, suits C D H S)")
        return cls._all[index]

    @property
    def suit(self) -> Suit:
        return Suit(self.index // RANKS)

    @property
    def rank(self) -> int:
        """2..14 (ace high)."""
        return self.index % RANKS + 2

    @property
    def rank_char(self) -> str:
        return RANK_CHARS[self.index % RANKS]

    @property
    def rank_label(self) -> str:
        """The rank as people write it: '10' rather than 'T'."""
        return "10" if self.index % RANKS == TEN_RANK else RANK_CHARS[self.index % RANKS]

    @property
    def name(self) -> str:
        """Full name, e.g. 'queen of spades'."""
        return f"{RANK_NAMES[self.index % RANKS]} of {self.suit.plural}"

    @property
    def pretty(self) -> str:
        """Display form with the suit symbol, e.g. 'Q♠', '10♥'."""
        return self.rank_label + self.suit.symbol

    @property
    def mask(self) -> int:
        return 1 << self.index

    @property
    def points(self) -> int:
        """Standard penalty points: 1 per heart, 13 for the queen of spades."""
        return QS_POINTS if self.index == QS_INDEX else int(self.index // RANKS == HEARTS)

    @property
    def is_penalty(self) -> bool:
        return self.points > 0

    def __str__(self) -> str:
        return RANK_CHARS[self.index % RANKS] + "CDHS"[self.index // RANKS]

    def __repr__(self) -> str:
        return f"Card('{self}')"

    def __hash__(self) -> int:
        return self.index

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Card):
            return self.index == other.index
        return NotImplemented

    def __lt__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index < other.index

    def __le__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index <= other.index

    def __gt__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index > other.index

    def __ge__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index >= other.index

    def __reduce__(self) -> tuple[type[Card], tuple[str]]:
        return (Card, (str(self),))

    def _repr_html_(self) -> str:
        return draw("html", self)


def _make_cards() -> tuple[Card, ...]:
    out = []
    for i in range(DECK_SIZE):
        c = object.__new__(Card)
        object.__setattr__(c, "index", i)
        out.append(c)
    return tuple(out)


Card._all = _make_cards()
DECK: tuple[Card, ...] = Card._all
QS_INDEX = SPADES * RANKS + RANK_CHARS.index("Q")  # the queen of spades, 49
JD_INDEX = DIAMONDS * RANKS + RANK_CHARS.index("J")  # the jack of diamonds (omnibus), 22
QS_POINTS = 13  # what Q♠ counts in Hearts (a heart counts 1)
TWO_CLUBS_INDEX = 0
QS_MASK = 1 << QS_INDEX
JD_MASK = 1 << JD_INDEX
POINTS_MASK = HEARTS_MASK | QS_MASK

CardLike = Union[Card, str]  # noqa: UP007


def to_card(value: CardLike) -> Card:
    """A ``Card`` from a ``Card`` or a string; anything else is an ``InvalidCardError``."""
    if isinstance(value, Card):
        return value
    return Card._all[card_index(value)]


def indices_of(mask: int) -> list[int]:
    """Card indices in a mask, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


class CardList(tuple[Card, ...]):
    """An ordered, immutable list of cards with short, pretty and HTML forms.

    ``CardList('QS KH 2C')`` or ``CardList([Card('QS'), 'KH'])``.
    """

    def __new__(cls, cards: Iterable[CardLike] | str = ()) -> CardList:
        if isinstance(cards, str):
            cards = cards.replace(",", " ").split()
        try:
            items = iter(cards)
        except TypeError:
            raise InvalidCardError(f"expected cards as a string like 'QS KH' or a list of cards, "
                                   f"got {quote(cards)}") from None
        return super().__new__(cls, (to_card(c) for c in items))

    @classmethod
    def from_mask(cls, mask: int) -> CardList:
        if isinstance(mask, bool) or not isinstance(mask, int):
            raise InvalidCardError(f"invalid card mask {quote(mask)}: a mask is a whole number "
                                   f"whose bits 0..{DECK_SIZE - 1} are cards")
        if mask < 0 or mask >> DECK_SIZE:  # a negative mask would never end; bit 52+ is no card
            raise InvalidCardError(f"invalid card mask {quote(mask)}: only bits 0..{DECK_SIZE - 1} are cards")
        return super().__new__(cls, (DECK[i] for i in indices_of(mask)))

    @property
    def mask(self) -> int:
        m = 0
        for c in self:
            m |= 1 << c.index
        return m

    def of_suit(self, suit: Suit) -> CardList:
        return CardList(c for c in self if c.suit == suit)

    @property
    def points(self) -> int:
        return sum(c.points for c in self)

    def __str__(self) -> str:
        return " ".join(str(c) for c in self)

    def __repr__(self) -> str:
        return f"CardList('{self}')"

    @property
    def pretty(self) -> str:
        """By suit, spades first, highest first: '♠ A Q 4  ♥ 10 3  ♦ —  ♣ K 2'."""
        ordered = display_order(self)
        parts = []
        for suit in reversed(Suit):
            ranks = [c.rank_label for c in ordered if c.suit == suit]
            parts.append(f"{suit.symbol} {' '.join(ranks) if ranks else '—'}")
        return "  ".join(parts)

    def _repr_html_(self) -> str:
        return draw("html", self)

    def __add__(self, other: Iterable[Any]) -> CardList:  # keep the type on concatenation
        return CardList(tuple(self) + tuple(other))

    def __iter__(self) -> Iterator[Card]:
        return super().__iter__()


def cards(text: Iterable[CardLike] | str) -> CardList:
    """Parse several cards at once: ``cards('QS KH 10D')``."""
    return CardList(text)


def _as_cards(mask_or_cards: int | Iterable[Card]) -> Iterable[Card]:
    return CardList.from_mask(mask_or_cards) if isinstance(mask_or_cards, int) else mask_or_cards


def join_pretty(mask_or_cards: int | Iterable[Card]) -> str:
    """'7♣, K♣' for use inside sentences (a mask in the deck's order: the cards taken out, the opening card)."""
    return ", ".join(c.pretty for c in _as_cards(mask_or_cards))


def display_order(cards: Iterable[Card]) -> list[Card]:
    """The order a hand is shown in (``CardList.pretty``): spades, hearts, diamonds, clubs, highest first."""
    return sorted(cards, key=lambda c: (-int(c.suit), -c.rank))


def join_held(mask_or_cards: int | Iterable[Card]) -> str:
    """'K♠, 9♠, Q♦' for cards a player holds or may play, inside sentences: in the hand line's order, so a
    learner finds them in the hand at a glance, whichever line names them."""
    return join_pretty(display_order(_as_cards(mask_or_cards)))
