"""hearts_teach: an exact Hearts engine and the toolkit behind a notebook series.

>>> from hearts_teach import Hand
>>> hand = Hand.deal(seed=1)
"""

from hearts_teach.agents.hearts import make_bot
from hearts_teach.games.base import LegalPlays, Verdict
from hearts_teach.games.hearts.hand import Action, Hand, HeartsBroken, Phase, Trick
from hearts_teach.games.hearts.match import Match
from hearts_teach.games.hearts.rules import Rules, pass_target
from hearts_teach.games.hearts.view import View
from hearts_teach.kernel.cards import DECK, Card, CardList, Suit, cards
from hearts_teach.kernel.errors import (
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
from hearts_teach.kernel.rng import Rng, hash64

# the text and HTML views of game objects register themselves (kernel.display) on import
from hearts_teach.present import render as _render  # noqa: F401, E402
from hearts_teach.present import spades_render as _spades_render  # noqa: F401, E402

__version__ = "0.1.0"

__all__ = [
    "Action", "ActionError", "ArgumentError", "ArgumentTypeError", "Card", "CardList", "DECK", "Hand", "HeartsBroken", "HeartsError",
    "IllegalBidError", "IllegalPassError", "IllegalPlayError", "InvalidCardError", "InvalidDealError", "InvalidSeatError",
    "LegalPlays", "Match", "NothingToUndoError", "NotInHandError", "OutOfTurnError", "Phase",
    "RecordError", "Rng", "Rule", "Rules", "RulesError", "Suit", "Trick", "Verdict",
    "View", "WrongPhaseError", "cards", "hash64", "make_bot", "pass_target",
]
