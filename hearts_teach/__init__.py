"""hearts_teach: an exact Hearts engine and the toolkit behind a notebook series.

>>> from hearts_teach import Hand
>>> hand = Hand.deal(seed=1)
"""

from .bots import make_bot
from .cards import DECK, Card, CardList, Suit, cards
from .errors import (
    ActionError,
    ArgumentError,
    ArgumentTypeError,
    HeartsError,
    IllegalBidError,
    IllegalPassError,
    IllegalPlayError,
    InvalidCardError,
    InvalidDealError,
    InvalidSeatError,
    NothingToUndoError,
    NotInHandError,
    OutOfTurnError,
    RecordError,
    Rule,
    RulesError,
    WrongPhaseError,
)
from .hand import Action, Hand, HeartsBroken, LegalPlays, Phase, Trick, Verdict
from .match import Match
from .rng import Rng, hash64
from .rules import Rules, pass_target
from .view import View

__version__ = "0.1.0"

__all__ = [
    "Action", "ActionError", "ArgumentError", "ArgumentTypeError", "Card", "CardList", "DECK", "Hand", "HeartsBroken", "HeartsError",
    "IllegalBidError", "IllegalPassError", "IllegalPlayError", "InvalidCardError", "InvalidDealError", "InvalidSeatError",
    "LegalPlays", "Match", "NothingToUndoError", "NotInHandError", "OutOfTurnError", "Phase",
    "RecordError", "Rng", "Rule", "Rules", "RulesError", "Suit", "Trick", "Verdict",
    "View", "WrongPhaseError", "cards", "hash64", "make_bot", "pass_target",
]
