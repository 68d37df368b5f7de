"""Spades, the partnership trump game that mirrors Hearts.

>>> from hearts_teach.games.spades import SpadesHand, score_hand
>>> score_hand([3, 2, 2, 4], [4, 2, 2, 5]).team_points
(51, 61)

Seats 0+2 (South–North) play against 1+3 (West–East). ``SpadesHand`` is one hand
(bidding, then 13 tricks), ``SpadesMatch`` plays to 500, ``bots`` bids and plays.
"""

from hearts_teach.games.spades.game import (
    BidOutOfTurnError,
    SpadesAction,
    SpadesBroken,
    SpadesHand,
    SpadesPhase,
    SpadesTrick,
    bid_word,
    parse_bid,
)
from hearts_teach.games.spades.match import SpadesMatch
from hearts_teach.games.spades.scoring import (
    TEAMS,
    HandScore,
    ScoreInputError,
    TeamScore,
    partner_of,
    score_hand,
    team_of,
)

__all__ = [
    "BidOutOfTurnError", "HandScore", "ScoreInputError", "SpadesAction", "SpadesBroken",
    "SpadesHand", "SpadesMatch", "SpadesPhase", "SpadesTrick", "TEAMS", "TeamScore", "bid_word",
    "parse_bid", "partner_of", "score_hand", "team_of",
]
