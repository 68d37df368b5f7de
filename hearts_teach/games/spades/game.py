"""One hand of Spades: the deal, the bidding, thirteen tricks and the score.

``SpadesHand`` mirrors the Hearts ``Hand``: every action is checked, every card can be
explained, the history stack gives undo and replay, and records round-trip through
JSON. The play phase runs on ``legality.SpadesState`` bitmasks.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from hearts_teach.games.base import (
    BrokenBy,
    LegalPlays,
    TrickGame,
    TrickSeats,
    Verdict,
    turn_and_holding,
)
from hearts_teach.games.records import HAND_NUMBER_MAX
from hearts_teach.games.spades import explain as _explain
from hearts_teach.games.spades import records
from hearts_teach.games.spades.legality import SpadesState, cascade
from hearts_teach.games.spades.rules import SpadesRules
from hearts_teach.games.spades.scoring import (
    BLIND_NIL,
    SEATS,
    TABLE,
    TEAMS,
    TRICKS,
    BlindNil,
    HandScore,
    _seat,
    bid_word,
    is_blind,
    partner_of,
    score_hand,
    team_of,
)
from hearts_teach.games.spades.view import SpadesView
from hearts_teach.kernel.cards import BIT, DECK, Card, CardLike, CardList, Suit, to_card
from hearts_teach.kernel.deal import deal_masks as shuffle_deal
from hearts_teach.kernel.display import draw
from hearts_teach.kernel.errors import (
    ArgumentError,
    HeartsError,
    IllegalBidError,
    OutOfTurnError,
    Rule,
    WrongPhaseError,
    quote,
)
from hearts_teach.kernel.rng import Rng
from hearts_teach.kernel.validation import check_deal, check_seed

if TYPE_CHECKING:  # the view module imports this one
    from hearts_teach.games.spades.view import SpadesView


class BidOutOfTurnError(IllegalBidError, OutOfTurnError):
    """A bid made when it is another player's turn to bid."""


class SpadesPhase(StrEnum):
    BID = "bid"
    PLAY = "play"
    OVER = "over"

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True)
class SpadesAction:
    """One entry of the history stack: a bid (``value``) or a play (``card``)."""

    kind: str  # "bid" or "play"
    seat: int
    value: int | None = None
    card: Card | None = None

    def __str__(self) -> str:
        what = str(self.card) if self.value is None else bid_word(self.value)  # a bid has a value
        return f"{self.kind} {self.seat} {what}"


@dataclass(frozen=True)
class SpadesTrick(TrickSeats):
    """A trick: who led, the cards in play order and the winner (None while in progress)."""

    number: int  # 1..13
    leader: int
    cards: CardList
    winner: int | None

    @property
    def trumped(self) -> bool:
        """A spade won a trick led in another suit."""
        if self.winner is None or not self.cards:
            return False
        win = self.card_of(self.winner)
        return win is not None and win.suit is Suit.SPADES and self.led_suit is not Suit.SPADES

    @property
    def trump_mark(self) -> str:
        """' (ruffed)' after a trick a spade won on another suit's lead (the glossary's *ruff*), else '': the
        one mark every printer of a Spades trick uses. Not '(trumped)': a spade played on such a trick has
        trumped it even when a higher spade then wins."""
        return " (ruffed)" if self.trumped else ""

    def __str__(self) -> str:
        cards = " ".join(c.pretty for c in self.cards) or "(no cards yet)"
        tail = ""
        if self.winner is not None:
            tail = f" → seat {self.winner}{self.trump_mark}"
        return f"trick {self.number}: {cards}{tail}"

    def _repr_html_(self) -> str:
        return draw("html", self)


class SpadesBroken(BrokenBy):
    """The card that broke spades (``card``, ``trick`` 1..13, ``seat``)."""


SCORE_MAX = 1_000_000  # far beyond any match's totals; keeps records and tables printable


def parse_bid(value: Any) -> int:
    """0..13, 'nil' for 0, 'blind nil' (or ``BLIND_NIL``) for a blind nil; anything else is an
    ``IllegalBidError``. (Whether blind nil is allowed is the hand's business.)"""
    if isinstance(value, BlindNil):
        return BLIND_NIL
    if isinstance(value, str) and " ".join(value.lower().split()) == "blind nil":
        return BLIND_NIL
    if isinstance(value, str) and value.strip().lower() == "nil":
        return 0
    if isinstance(value, bool) or not isinstance(value, int):
        raise IllegalBidError(f"a bid is a whole number of tricks from 0 (nil) to 13, or 'nil' (or 'blind nil' where the rules allow it); "
                              f"got {quote(value)}", rule=Rule.BID_RANGE)
    if not 0 <= value <= TRICKS:
        raise IllegalBidError(f"a bid is a number of tricks from 0 (nil) to 13, and there are only 13 "
                              f"tricks; got {quote(value)}", rule=Rule.BID_RANGE)
    return value


def deal_masks(seed: int | str | Rng = 0) -> list[int]:
    """The same shuffle as ``Hand.deal``: one seed gives the same cards in Hearts and Spades."""
    return shuffle_deal(seed if isinstance(seed, Rng) else Rng(check_seed(seed)))


def _validate_deal(deal: Any) -> tuple[CardList, ...]:
    # Spades has always raised a plain HeartsError here and let a one-string deal fail
    # on its first character; kept so its errors stay as they were
    return check_deal(deal, HeartsError, reject_string=False, max_len=200)


class SpadesHand(TrickGame[SpadesAction, SpadesTrick, SpadesState]):
    """One hand of Spades.

    >>> hand = SpadesHand.deal(seed=7)     # dealer East (3): South bids first and leads
    >>> for bid in (3, 4, 2, "nil"):
    ...     hand.bid(bid)
    >>> hand.play(hand.legal_plays().cards[0])
    """

    _before_play = "the bidding"

    def __init__(self, deal: Iterable[Iterable[CardLike] | str], dealer: int = 3,
                 hand_number: int = 0, seat_names: Iterable[str] | None = None,
                 rules: SpadesRules | None = None, scores_before: tuple[int, int] = (0, 0)):
        self.dealer = _seat(dealer)
        if isinstance(hand_number, bool) or not isinstance(hand_number, int) \
                or not 0 <= hand_number <= HAND_NUMBER_MAX:
            raise HeartsError(f"hand_number is a whole number from 0 (at most {HAND_NUMBER_MAX:,}), "
                              f"got {quote(hand_number)}")
        self.hand_number = hand_number
        if rules is not None and not isinstance(rules, SpadesRules):
            raise HeartsError(f"rules must be a SpadesRules object, got {quote(rules)}; "
                              f"e.g. SpadesRules.preset('blind_nil')")
        self.rules = rules if rules is not None else SpadesRules()
        if (not isinstance(scores_before, tuple | list) or len(scores_before) != 2
                or any(isinstance(v, bool) or not isinstance(v, int) or abs(v) > SCORE_MAX
                       for v in scores_before)):
            raise HeartsError(f"scores_before is the two teams' totals before this hand "
                              f"(South–North, West–East; whole numbers within ±{SCORE_MAX:,}), "
                              f"got {quote(scores_before)}")
        self.scores_before = (scores_before[0], scores_before[1])
        self._seat_and_deal(deal, seat_names)

    _check_seat = staticmethod(_seat)
    _check_deal = staticmethod(_validate_deal)
    _nothing_to_undo = "nothing to undo: nobody has bid or played yet"

    @classmethod
    def deal(cls, seed: int | str | Rng = 0, dealer: int = 3, hand_number: int = 0,
             seat_names: Iterable[str] | None = None, rules: SpadesRules | None = None,
             scores_before: tuple[int, int] = (0, 0)) -> SpadesHand:
        """A shuffled deal; ``Hand.deal(seed)`` (Hearts) deals exactly the same cards."""
        masks = deal_masks(seed)
        return cls([CardList.from_mask(m) for m in masks], dealer, hand_number, seat_names, rules,
                   scores_before)

    @classmethod
    def from_hearts(cls, hand: Any, dealer: int = 3) -> SpadesHand:
        """The cards a Hearts ``Hand`` dealt, as a Spades hand (for side-by-side lessons)."""
        # any checked game of the same table will do: Spades knows no Hearts class
        if not isinstance(hand, TrickGame) or hand.table != TABLE:
            raise HeartsError(f"from_hearts needs a Hearts Hand of {TABLE.players} seats, got "
                              f"{type(hand).__name__} {quote(hand)}")
        return cls([hand.dealt(s) for s in TABLE.seats], dealer, 0, hand.seat_names)

    def _reset(self) -> None:
        self._hands0 = [h.mask for h in self._deal]
        self._bids: list[int | None] = [None] * SEATS
        self._state: SpadesState | None = None
        self._tricks: list[SpadesTrick] = []
        self._broken: SpadesBroken | None = None

    # status ------------------------------------------------------------------------------
    @property
    def first_seat(self) -> int:
        """The seat left of the dealer: bids first and leads the first trick."""
        return TABLE.left(self.dealer)

    @property
    def phase(self) -> SpadesPhase:
        if self._state is None:
            return SpadesPhase.BID
        return SpadesPhase.OVER if self._state.is_over else SpadesPhase.PLAY

    @property
    def is_over(self) -> bool:
        return self.phase is SpadesPhase.OVER

    @property
    def turn(self) -> int | None:
        """Whose turn it is to bid or to play (None when the hand is over)."""
        if self._state is None:
            return TABLE.left(self.first_seat, self._bid_count())
        return None if self._state.is_over else self._state.turn

    def _bid_count(self) -> int:
        return sum(b is not None for b in self._bids)

    @property
    def to_bid(self) -> tuple[int, ...]:
        """Seats still to bid, in bidding order."""
        if self._state is not None:
            return ()
        return tuple(TABLE.left(self.first_seat, i) for i in range(self._bid_count(), SEATS))

    @property
    def bids(self) -> tuple[int | None, ...]:
        """Bids by seat (None: not bid yet); 0 is nil."""
        return tuple(self._bids)

    @property
    def contracts(self) -> tuple[int, int]:
        """Each team's contract so far: the sum of its non-nil bids."""
        south_north, west_east = (sum(self._bids[s] or 0 for s in team) for team in TEAMS)
        return (south_north, west_east)

    @property
    def nil_seats(self) -> tuple[int, ...]:
        return tuple(s for s in TABLE.seats if self._bids[s] == 0)

    def nil_alive(self, seat: int) -> bool:
        """``seat`` bid nil and has not taken a trick yet."""
        seat = _seat(seat)
        return self._bids[seat] == 0 and self.tricks_won[seat] == 0

    def may_bid_blind_nil(self, seat: int) -> bool:
        """The rules play blind nil and ``seat``'s team is far enough behind (``SpadesRules``)."""
        team = team_of(_seat(seat))
        return self.rules.may_bid_blind_nil(self.scores_before[team], self.scores_before[1 - team])

    def legal_bids(self, seat: int | None = None) -> tuple[int, ...]:
        """0..13 for the player to bid, and ``BLIND_NIL`` first when allowed (empty for anyone
        else or after the bidding)."""
        turn = self.turn  # never None while bidding
        if self._state is not None or turn is None or (seat is not None and _seat(seat) != turn):
            return ()
        blind = (BLIND_NIL,) if self.may_bid_blind_nil(turn) else ()
        return blind + tuple(range(14))

    @property
    def current_trick(self) -> SpadesTrick | None:
        st = self._state
        if st is None or st.is_over:
            return None
        return SpadesTrick(st.tricks_done + 1, st.leader, CardList(DECK[i] for i in st.trick), None)

    @property
    def spades_broken(self) -> bool:
        return self._state is not None and self._state.broken

    @property
    def broken_by(self) -> SpadesBroken | None:
        return self._broken

    @property
    def tricks_won(self) -> tuple[int, ...]:
        """Tricks each seat has taken so far."""
        if self._state is None:
            return (0,) * SEATS
        return tuple(self._state.won)

    @property
    def team_tricks(self) -> tuple[int, int]:
        w = self.tricks_won
        return (w[0] + w[2], w[1] + w[3])

    @property
    def played(self) -> CardList:
        return CardList() if self._state is None else CardList.from_mask(self._state.played)

    # scoring -----------------------------------------------------------------------------
    def score(self, bags: tuple[int, int] = (0, 0)) -> HandScore:
        """The hand's score (``team_points``, ``bags`` after) given each team's bags before."""
        if not self.is_over:
            raise WrongPhaseError(f"the hand is not over yet ({self._progress()}); the score exists "
                                  f"only after trick {TRICKS}. tricks_won shows the tricks so far.",
                                  rule=Rule.WRONG_PHASE)
        bids = [b for b in self._bids if b is not None]  # all four, once the hand is over
        return score_hand(bids, self.tricks_won, bags, rules=self.rules)

    # legality ----------------------------------------------------------------------------
    def legal_plays(self, seat: int | None = None) -> LegalPlays:
        """What ``seat`` (default: the player to move) may play now."""
        if seat is not None:
            seat = _seat(seat)
        if self.phase is not SpadesPhase.PLAY:
            return LegalPlays(0, seat, self)
        st = self._state
        assert st is not None
        if seat is not None and seat != st.turn:
            return LegalPlays(0, seat, self)
        return LegalPlays(st.legal(), st.turn, self)

    def explain(self, card: CardLike, seat: int | None = None) -> Verdict:
        """Whether ``card`` may be played now, the rule and a sentence for a learner."""
        c = to_card(card)
        if seat is not None:
            seat = _seat(seat)
        if self.phase is SpadesPhase.BID:
            return Verdict(c, False, Rule.WRONG_PHASE, _explain.during_bidding(self), seat)
        if self.phase is SpadesPhase.OVER:
            return Verdict(c, False, Rule.WRONG_PHASE, f"the hand is over: all {TRICKS} tricks have been played",
                           seat)
        refused = turn_and_holding(self, c, seat)
        if refused is not None:
            return refused
        st = self._state
        assert st is not None  # neither bidding nor over: the play phase
        turn = st.turn
        mask, (why_legal, why_not) = cascade(st.hands[turn], st.led_suit, st.broken, st.rules)
        if mask & BIT[c.index]:
            return Verdict(c, True, why_legal, _explain.legal(self, c, turn, why_legal), turn)
        assert why_not is not None  # the card is held and not legal: the cascade names the rule
        return Verdict(c, False, why_not, _explain.illegal(self, c, turn, why_not, mask), turn)

    # actions -----------------------------------------------------------------------------
    def bid(self, value: int | str, seat: int | None = None) -> None:
        """Bid for the player whose turn it is (``seat`` optional, checked if given)."""
        if seat is not None:
            seat = _seat(seat)
        if self._state is not None:
            raise WrongPhaseError(f"cannot bid {quote(value)}: the bidding is over and play has begun "
                                  f"(bids: {self.bids_text()})", rule=Rule.WRONG_PHASE, seat=seat)
        turn = self.turn
        assert turn is not None
        if seat is not None and seat != turn:
            raise BidOutOfTurnError(f"it is {self.seat_names[turn]}'s turn to bid, not "
                                    f"{self.seat_names[seat]}'s: bidding goes clockwise from the "
                                    f"dealer's left", rule=Rule.OUT_OF_TURN, seat=seat)
        try:
            v = parse_bid(value)
        except IllegalBidError as e:
            raise IllegalBidError(f"{self.seat_names[turn]} cannot bid {quote(value)}: {e}",
                                  rule=Rule.BID_RANGE, seat=turn) from None
        if is_blind(v) and not self.may_bid_blind_nil(turn):
            raise IllegalBidError(f"{self.seat_names[turn]} cannot bid blind nil: {self._blind_rule(turn)}; "
                                  f"bid nil or 1-13 instead", rule=Rule.BLIND_NIL_NOT_ALLOWED, seat=turn)
        self._apply(SpadesAction("bid", turn, value=v))

    def play(self, card: CardLike, seat: int | None = None) -> SpadesTrick | None:
        """Play ``card`` for the player to move; returns the completed trick or None.
        Raises a ``ValueError`` subclass, changing nothing, when the play is not allowed."""
        c = to_card(card)
        if self.phase is not SpadesPhase.PLAY:
            if self.phase is SpadesPhase.BID:
                raise WrongPhaseError(f"cannot play {c.pretty} yet: {_explain.during_bidding(self)}",
                                      rule=Rule.WRONG_PHASE, card=c, seat=seat)
            raise WrongPhaseError(f"cannot play {c.pretty}: the hand is over", rule=Rule.WRONG_PHASE,
                                  card=c, seat=seat)
        return self._checked_play(c, seat)

    def _blind_rule(self, seat: int) -> str:
        r = self.rules
        if not r.blind_nil:
            return "these rules do not play blind nil (SpadesRules(blind_nil=True) does)"
        team = team_of(seat)
        mine, theirs = self.scores_before[team], self.scores_before[1 - team]
        return (f"blind nil is allowed only when your team is behind by {r.blind_nil_deficit} or more "
                f"at the start of the hand, and your team has {mine} against {theirs}")

    def _play_action(self, seat: int, card: Card) -> SpadesAction:
        return SpadesAction("play", seat, card=card)

    _action_type = SpadesAction

    def _apply_checked(self, action: SpadesAction) -> None:
        """One history entry through the checks of a bid or a play (for ``replay``)."""
        if action.kind == "bid" and action.card is None and action.value is not None:
            self.bid(action.value, action.seat)
        elif action.kind == "play" and action.value is None and action.card is not None:
            self.play(action.card, action.seat)
        else:
            raise ArgumentError(f"an action is a bid (a value) or a play (a card), got {quote(action)}")

    def _apply(self, action: SpadesAction) -> None:
        """Apply an action already checked; the single place that mutates the hand."""
        self._history.append(action)
        if action.kind == "bid":
            self._bids[action.seat] = action.value
            if self._bid_count() == SEATS:
                self._state = SpadesState(self._hands0, self.first_seat, self.rules.compiled)
            return
        st = self._state
        assert st is not None and action.card is not None
        idx = action.card.index
        leader, number = st.leader, st.tricks_done + 1
        trick_cards = st.trick + [idx]
        was_broken = st.broken
        winner = st.play(idx)
        if st.broken and not was_broken:
            self._broken = SpadesBroken(action.card, number, action.seat)
        if winner >= 0:
            self._tricks.append(SpadesTrick(number, leader, CardList(DECK[i] for i in trick_cards),
                                            winner))

    def copy(self) -> SpadesHand:
        new = SpadesHand(self._deal, self.dealer, self.hand_number, self.seat_names, self.rules,
                         self.scores_before)
        new._replay_trusted(self._history)
        return new

    def view(self, seat: int) -> SpadesView:
        """What ``seat`` may know now, as a ``hearts_teach.games.spades.view.SpadesView`` (for bots)."""
        return SpadesView.from_hand(self, seat)

    def snapshot(self) -> tuple:
        """A value that changes whenever anything observable changes (for tests)."""
        st = self._state
        core = None if st is None else (tuple(st.hands), tuple(st.won), tuple(st.trick), st.turn,
                                        st.broken, st.tricks_done, st.leader)
        return (tuple(self._hands0), tuple(self._bids), tuple(self._history), core,
                len(self._tricks), self._broken)

    # records -----------------------------------------------------------------------------
    def to_record(self) -> dict[str, Any]:
        return records.hand_to_record(self)

    @classmethod
    def from_record(cls, record: Any) -> SpadesHand:
        return records.hand_from_record(cls, record)

    # text & display ------------------------------------------------------------------------
    def bids_text(self) -> str:
        parts = []
        for i in TABLE.seats:
            s = TABLE.left(self.first_seat, i)
            b = self._bids[s]
            parts.append(f"{self.seat_names[s]} {'—' if b is None else bid_word(b)}")
        return ", ".join(parts)

    def _progress(self) -> str:
        turn = self.turn
        if turn is None:  # the hand is over
            return f"all {TRICKS} tricks played"
        if self.phase is SpadesPhase.BID:
            return f"bidding, {self.seat_names[turn]} to bid"
        return f"trick {self.trick_number} of {TRICKS}, {self.seat_names[turn]} to play"

    def text(self, seat: int | None = None, all_hands: bool = False) -> str:
        if seat is not None:
            seat = _seat(seat)
        return draw("text", self, seat=seat, all_hands=all_hands)

    def __repr__(self) -> str:
        return f"SpadesHand.from_record({self.to_record()!r})"

    def _repr_html_(self) -> str:
        return draw("html", self)


__all__ = ["SpadesHand", "SpadesPhase", "SpadesAction", "SpadesTrick", "SpadesBroken",
           "BidOutOfTurnError", "parse_bid", "bid_word", "deal_masks", "partner_of", "team_of",
           "BLIND_NIL", "is_blind"]
