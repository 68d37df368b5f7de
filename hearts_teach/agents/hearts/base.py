"""The common bot interface: every bot sees a ``View`` and nothing else."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hearts_teach.games.hearts.view import View, require_view
from hearts_teach.kernel.cards import DECK, Card, CardList
from hearts_teach.kernel.errors import ArgumentTypeError, Rule, WrongPhaseError, quote
from hearts_teach.kernel.rng import Rng, hash64
from hearts_teach.kernel.validation import check_seed

if TYPE_CHECKING:
    from hearts_teach.games.hearts.hand import Hand


class Bot:
    """Base class. Subclasses implement ``pass_mask(view) -> int`` (3 bits) and
    ``play_index(view) -> int`` (a legal card index); the public methods wrap them with
    checks and ``Card`` objects.

    Randomness is derived from ``seed`` and the position (``view.key()``) through
    ``hash64``, never from how many decisions came before, so a bot's choice in a given
    position is the same whatever was played earlier in the session.
    """

    name = "bot"

    def __init__(self, seed: int = 0):
        self.seed = check_seed(seed, allow_str=False)  # an ArgumentTypeError is also a TypeError

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name!r} seed={self.seed}>"

    # to implement ------------------------------------------------------------------
    def pass_mask(self, view: View) -> int:
        raise NotImplementedError

    def play_index(self, view: View) -> int:
        raise NotImplementedError

    # public API ----------------------------------------------------------------------
    def choose_pass(self, view: View) -> CardList:
        """The 3 cards to pass, from the seat's view during the pass."""
        view = require_view(view)
        if view.phase != "pass":
            raise WrongPhaseError(f"{self.name} was asked for a pass outside the pass phase "
                                  f"(phase: {view.phase})", rule=Rule.WRONG_PHASE, seat=view.seat)
        return CardList.from_mask(self.pass_mask(view))

    def choose_play(self, view: View) -> Card:
        """The card to play, from the seat's view when it is that seat's turn."""
        view = require_view(view)
        if not view.my_turn:
            raise WrongPhaseError(f"{self.name} was asked to play for {view.seat_names[view.seat]}, "
                                  f"but it is not that seat's turn (phase: {view.phase})",
                                  rule=Rule.WRONG_PHASE, seat=view.seat)
        return DECK[self.play_index(view)]

    def act(self, hand: Hand, seat: int | None = None) -> Card | CardList:
        """Make this bot's move on ``hand`` for ``seat`` (default: the seat to play, or the
        first seat still to pass) and return the card or cards it chose."""
        from hearts_teach.games.hearts.hand import Hand, Phase

        if not isinstance(hand, Hand):
            raise ArgumentTypeError(f"act needs a Hearts Hand, got {type(hand).__name__} {quote(hand)}",
                                    argument="hand")
        if hand.phase is Phase.OVER:
            raise WrongPhaseError(f"{self.name} cannot act: the hand is over", rule=Rule.WRONG_PHASE)
        if hand.phase is Phase.PASS:
            seat = hand.to_pass[0] if seat is None else seat
            chosen = self.choose_pass(hand.view(seat))
            hand.pass_cards(seat, chosen)
            return chosen
        seat = hand.to_act() if seat is None else seat
        card = self.choose_play(hand.view(seat))
        hand.play(card, seat)
        return card

    def rng_for(self, view: View, label: str = "") -> Rng:
        """A generator seeded by this bot's seed and the position only."""
        return Rng(hash64(f"{self.name}|{self.seed}|{label}|{view.key()}"))


def mask_of(cards: CardList) -> int:
    return cards.mask
