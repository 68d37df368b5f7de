"""The parts of one hand that Hearts (``Hand``) and Spades (``SpadesHand``) do alike.

Both games keep the dealt hands as masks (``_hands0``), a bitmask play state
(``_state``: ``hands``, ``played``, ``turn``, ``tricks_done``; None before play), a
history stack (``_history``) that ``_reset`` + ``_apply`` replay, and the completed
tricks (``_tricks``). The queries and the history plumbing below are written once
against those attributes; each game brings its own seat check (``_check_seat``, for its
wording), the sentence for an empty undo and the history entry for a played card.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

from hearts_teach.games.explain import not_held
from hearts_teach.games.records import JsonRecord
from hearts_teach.kernel.cards import (
    BIT,
    DECK,
    FULL_DECK,
    Card,
    CardLike,
    CardList,
    Suit,
    indices_of,
    join_held,
    to_card,
)
from hearts_teach.kernel.errors import (
    ActionError,
    ArgumentError,
    ArgumentTypeError,
    HeartsError,
    IllegalPlayError,
    NothingToUndoError,
    NotInHandError,
    OutOfTurnError,
    Rule,
    WrongPhaseError,
    quote,
)
from hearts_teach.kernel.table import FOUR, Table
from hearts_teach.kernel.validation import check_deal, check_seat, check_seat_names

DEFAULT_SEAT_NAMES = FOUR.names  # South, West, North, East


@dataclass(frozen=True)
class Verdict:
    """Whether a card may be played now, the rule that decides it and a sentence why."""

    card: Card
    legal: bool
    rule: Rule
    message: str
    seat: int | None = None

    def __bool__(self) -> bool:
        return self.legal

    def __str__(self) -> str:
        return f"{self.card.pretty} is {'legal' if self.legal else 'not allowed'}: {self.message}"


def turn_and_holding(game: Any, card: Card, seat: int | None) -> Verdict | None:
    """In the play phase of either game: the verdict when ``seat`` is not the one to play or
    the player does not hold ``card`` (the same words in Hearts and Spades), else None."""
    st = game._state
    turn = st.turn
    if seat is not None and seat != turn:
        return Verdict(card, False, Rule.OUT_OF_TURN,
                       f"it is {game.seat_names[turn]}'s turn, not {game.seat_names[seat]}'s: "
                       f"wait until {game.seat_names[seat]} is to play", seat)
    if not st.hands[turn] & BIT[card.index]:
        return Verdict(card, False, Rule.NOT_IN_HAND, not_held(game, card, turn), turn)
    return None


class LegalPlays:
    """The cards the player to move may play: supports ``in``, iteration, ``len``."""

    __slots__ = ("mask", "seat", "_hand")

    def __init__(self, mask: int, seat: int | None, hand: TrickGame[Any, Any, Any]):
        self.mask = mask
        self.seat = seat
        self._hand = hand

    def __contains__(self, card: object) -> bool:
        if not isinstance(card, Card | str):
            return False
        try:
            c = to_card(card)
        except HeartsError:
            return False
        return bool(self.mask & BIT[c.index])

    def __iter__(self) -> Iterator[Card]:
        return (DECK[i] for i in indices_of(self.mask))

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __bool__(self) -> bool:
        return bool(self.mask)

    def count(self) -> int:
        return len(self)

    @property
    def cards(self) -> CardList:
        return CardList.from_mask(self.mask)

    @property
    def forced(self) -> Card | None:
        """The only legal card when there is exactly one, else None."""
        return DECK[indices_of(self.mask)[0]] if self.mask.bit_count() == 1 else None

    def __repr__(self) -> str:
        who = self._hand.seat_names[self.seat] if self.seat is not None else "nobody"
        return f"<LegalPlays for {who}: {join_held(self.mask) or 'none'}>"

    def __str__(self) -> str:
        return join_held(self.mask)


class HistoryEntry(Protocol):
    """What the shared code reads from a game's history entries (a pass or bid has no card)."""

    @property
    def kind(self) -> str: ...
    @property
    def card(self) -> Card | None: ...


ActionT = TypeVar("ActionT", bound=HistoryEntry)
TrickT = TypeVar("TrickT")
StateT = TypeVar("StateT")  # the game's bitmask play state (Hearts PlayState, SpadesState)

# the error class a refused play raises, by the rule that refused it (IllegalPlayError otherwise)
PLAY_ERRORS: dict[Rule, type[IllegalPlayError] | type[OutOfTurnError]] = {
    Rule.NOT_IN_HAND: NotInHandError, Rule.OUT_OF_TURN: OutOfTurnError}


@dataclass(frozen=True)
class BrokenBy:
    """The card that broke the game's suit (hearts, or spades in Spades), its trick and seat."""

    card: Card
    trick: int  # 1..13
    seat: int

    def __str__(self) -> str:
        return f"by {self.card.pretty} in trick {self.trick}"


class TrickSeats:
    """Who played which card of a trick: needs ``leader`` and ``cards`` (in play order)."""

    leader: int
    cards: CardList
    winner: int | None  # None while the trick is in progress
    players: int = FOUR.players  # the table size (a Hearts trick at 3, 5 or 6 seats sets its own)

    @property
    def taker(self) -> int:
        """The seat that took this trick (``winner`` once complete); a ``WrongPhaseError`` while
        the trick is still in progress."""
        if self.winner is None:
            raise WrongPhaseError(f"this trick is still in progress ({len(self.cards)} of {self.players} "
                                  "cards): nobody has taken it yet; ask once it is complete", rule=Rule.WRONG_PHASE)
        return self.winner

    @property
    def seats(self) -> tuple[int, ...]:
        return tuple((self.leader + i) % self.players for i in range(len(self.cards)))

    @property
    def complete(self) -> bool:
        return len(self.cards) == self.players

    @property
    def led_suit(self) -> Suit | None:
        return self.cards[0].suit if self.cards else None

    def card_of(self, seat: int) -> Card | None:
        for s, c in zip(self.seats, self.cards, strict=False):
            if s == seat:
                return c
        return None


class TrickGame(JsonRecord, Generic[ActionT, TrickT, StateT]):
    """Card queries, history, undo/replay and checked play of one hand of a trick game
    (``to_json``/``from_json`` from ``records.JsonRecord``)."""

    # each game may bring its own checks (for its wording): one argument in, checked value out
    _check_seat: Callable[[Any], int] = staticmethod(check_seat)
    _check_deal: Callable[[Any], tuple[CardList, ...]] = staticmethod(check_deal)
    table: Table = FOUR  # the seats (Hearts may seat 3 to 6: ``Hand`` sets its own)
    deck_mask: int = FULL_DECK  # the cards in play
    _nothing_to_undo = "nothing to undo"
    _before_play = "the first phase"  # the phase with no play state yet: "the pass", "the bidding"
    _hands0: list[int]
    _state: Any
    _history: list[ActionT]
    _tricks: list[TrickT]

    # each game defines: _reset(), _apply(action), _apply_checked(action), _action_type,
    # _play_action(seat, card) -> action,
    # explain(card, seat) -> Verdict, text(), to_record(), from_record(record)
    if TYPE_CHECKING:  # their signatures, for the type checker (no defaults at run time)
        def _reset(self) -> None: ...
        def _apply(self, action: ActionT) -> None: ...
        def _play_action(self, seat: int, card: Card) -> ActionT: ...
        def _apply_checked(self, action: ActionT) -> None: ...  # an entry through the rules' checks
        _action_type: type  # the class of a history entry
        def explain(self, card: CardLike, seat: int | None = None) -> Verdict: ...
        def text(self, seat: int | None = None, all_hands: bool = False) -> str: ...
        @property
        def turn(self) -> int | None: ...

    def to_act(self) -> int:
        """The seat whose turn it is (``turn`` without its None): a ``WrongPhaseError`` names the
        phase when no seat is to act (the Hearts pass, where every seat chooses at once, or the end)."""
        turn = self.turn
        if turn is None:
            raise WrongPhaseError(f"no seat is to act now ({self._no_turn_phase()}); "
                                  "look at the phase before asking whose turn it is", rule=Rule.WRONG_PHASE)
        return turn

    def _no_turn_phase(self) -> str:
        return "the pass" if self._state is None else "the hand is over"

    def play_state(self) -> StateT:
        """A copy of the bitmask play state (for bots and simulations)."""
        if self._state is None:
            raise WrongPhaseError(f"no play state during {self._before_play}", rule=Rule.WRONG_PHASE)
        return self._state.copy()

    def _seat_and_deal(self, deal: Any, seat_names: Iterable[str] | None) -> None:
        """The end of both constructors: one name per seat (default: the table's, South,
        West, North, East at four seats),
        the checked deal, an empty history, then ``_reset``."""
        self.seat_names = (check_seat_names(seat_names, table=self.table) if seat_names is not None
                           else self.table.names)
        self._deal = self._check_deal(deal)
        self._history = []
        self._reset()

    # cards ------------------------------------------------------------------------------
    def cards(self, seat: int) -> CardList:
        """The cards ``seat`` holds now (before play: as dealt, or during the Hearts pass,
        before the pass moves)."""
        seat = self._check_seat(seat)
        if self._state is None:
            return CardList.from_mask(self._hands0[seat])
        return CardList.from_mask(self._state.hands[seat])

    def dealt(self, seat: int) -> CardList:
        return CardList.from_mask(self._hands0[self._check_seat(seat)])

    def still_out(self, seat: int | None = None) -> dict[Suit, CardList]:
        """Cards not yet played (and not held by ``seat`` when given), by suit."""
        pl = self._state.played if self._state else 0
        mine = 0
        if seat is not None:
            seat = self._check_seat(seat)
            mine = self._state.hands[seat] if self._state else self._hands0[seat]
        rest = self.deck_mask & ~pl & ~mine
        return {s: CardList.from_mask(rest & s.mask) for s in Suit}

    # history and tricks ---------------------------------------------------------------------
    @property
    def history(self) -> tuple[ActionT, ...]:
        return tuple(self._history)

    @property
    def plays(self) -> CardList:
        return CardList(a.card for a in self._history if a.kind == "play" and a.card is not None)

    @property
    def tricks(self) -> tuple[TrickT, ...]:
        """Completed tricks, in order."""
        return tuple(self._tricks)

    @property
    def last_trick(self) -> TrickT | None:
        return self._tricks[-1] if self._tricks else None

    @property
    def trick_number(self) -> int:
        """1..13 during play (0 before play begins, 13 when over; 1..hand size at other tables)."""
        if self._state is None:
            return 0
        return min(self._state.tricks_done + 1, self._state.table.hand_size)

    def _checked_play(self, card: Card, seat: int | None) -> TrickT | None:
        """Play ``card`` in the play phase if ``explain`` allows it, else raise (changing
        nothing); the completed trick, or None."""
        if not self._plainly_legal(card, seat):  # the usual case skips wording a verdict nobody reads
            v = self.explain(card, seat)
            if not v.legal:
                cls = PLAY_ERRORS.get(v.rule, IllegalPlayError)
                raise cls(f"cannot play {card.pretty}: {v.message}", rule=v.rule, card=card, seat=v.seat)
        before = len(self._tricks)
        self._apply(self._play_action(self._state.turn, card))
        return self._tricks[-1] if len(self._tricks) > before else None

    def _plainly_legal(self, card: Card, seat: int | None) -> bool:
        """True only when ``card`` is surely a legal play by the player to move (a game may answer
        cheaply); False sends the play through ``explain``, which words any refusal."""
        return False

    def undo(self) -> ActionT:
        """Take back the last action and return it."""
        if not self._history:
            raise NothingToUndoError(self._nothing_to_undo)
        last = self._history[-1]
        self._replay_trusted(self._history[:-1])
        return last

    def replay(self, actions: Iterable[ActionT]) -> None:
        """Reset to the deal and apply ``actions``: a history of this very hand (``hand.history``
        or a slice of it from the start). The whole history is checked first, entry by entry,
        with the rules of a pass, a bid or a play; when an entry is refused, the error names it
        and the hand is left exactly as it was."""
        if isinstance(actions, str | bytes) or not isinstance(actions, Iterable):
            raise ArgumentTypeError(f"replay takes a history (a list of actions such as hand.history), "
                                    f"got {type(actions).__name__} {quote(actions)}", argument="actions")
        items = list(actions)
        scratch = copy.copy(self)  # the same deal, rules and names; its own play state
        scratch._replay_trusted(())
        for i, action in enumerate(items):
            where = f"history entry {i + 1} of {len(items)}"
            if not isinstance(action, self._action_type):
                raise ArgumentTypeError(f"{where} is {type(action).__name__} {quote(action)}, not an action "
                                        f"of this hand; replay takes hand.history or a slice of it",
                                        argument="actions")
            try:
                scratch._apply_checked(action)
            except ActionError as e:
                raise type(e)(f"{where} ({action}) cannot be replayed on this deal: {e}; replay takes "
                              f"this hand's own history (hand.history or a slice of it from the start)",
                              rule=e.rule, card=e.card, seat=e.seat) from None
            except HeartsError as e:
                raise ArgumentError(f"{where} ({action}) cannot be replayed: {e}", argument="actions") from None
        self._replay_trusted(scratch._history)

    def _replay_trusted(self, actions: Iterable[ActionT]) -> None:
        """Reset to the deal and apply ``actions`` unchecked: only for this hand's own history."""
        self._history = []
        self._reset()
        for a in actions:
            self._apply(a)

    # text ---------------------------------------------------------------------------------------
    def __str__(self) -> str:
        return self.text()


__all__ = ["TrickGame", "TrickSeats", "BrokenBy", "PLAY_ERRORS", "DEFAULT_SEAT_NAMES", "LegalPlays", "Verdict", "turn_and_holding"]
