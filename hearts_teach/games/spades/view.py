"""What one Spades seat may know: the information a Spades bot (or a learner's function) sees.

The Spades twin of the Hearts ``View``: an immutable snapshot built from a ``SpadesHand``
(``SpadesView.from_hand(hand, seat)`` or ``hand.view(seat)``) or from a bitmask
``SpadesState`` (``SpadesView.from_state``, for hand-built positions and fast simulations).
It holds the seat's own cards, the bids, the cards played, the trick in progress, the tricks
each seat has taken, shown voids and the score before the hand -- and nothing else: it keeps
no reference to the hand, so a bot that only gets a ``SpadesView`` cannot read another seat's
cards, even by accident.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from hearts_teach.games.base import TrickGame
from hearts_teach.games.seat_view import SeatView
from hearts_teach.games.spades.legality import cascade
from hearts_teach.games.spades.rules import SpadesRules
from hearts_teach.games.spades.scoring import BLIND_NIL, bid_word, partner_of, team_of
from hearts_teach.kernel.errors import HeartsError, quote
from hearts_teach.kernel.table import SEAT_COUNT, SEAT_NAMES
from hearts_teach.kernel.validation import check_seat

if TYPE_CHECKING:
    from hearts_teach.games.spades.game import SpadesHand
    from hearts_teach.games.spades.legality import SpadesState

_NONE = (0,) * SEAT_COUNT
_UNBID: tuple[int | None, ...] = (None,) * SEAT_COUNT


@dataclass(frozen=True)
class SpadesView(SeatView):
    """Everything Spades seat ``seat`` may know at one moment; cards are masks and indices."""

    seat: int
    phase: str  # "bid", "play" or "over"
    hand: int  # the seat's cards now
    bids: tuple[int | None, ...] = _UNBID  # by seat; None: not bid yet, 0: nil
    rules: SpadesRules = field(default_factory=SpadesRules)
    dealer: int = SEAT_COUNT - 1
    hand_number: int = 0
    scores_before: tuple[int, int] = (0, 0)  # the teams' totals before this hand
    turn: int = 0  # the seat to bid or to play
    played: int = 0  # every card played so far, including the trick in progress
    trick: tuple[int, ...] = ()  # card indices of the trick in progress, in play order
    leader: int = 0
    led_suit: int = -1
    win_seat: int = -1
    win_card: int = -1
    broken: bool = False  # spades broken
    tricks_done: int = 0
    won: tuple[int, ...] = _NONE  # tricks each seat has taken (public)
    void: tuple[int, ...] = _NONE  # bit s: the seat showed void in suit s
    sizes: tuple[int, ...] = (13,) * SEAT_COUNT  # cards each seat holds now
    seat_names: tuple[str, ...] = SEAT_NAMES

    # construction -------------------------------------------------------------------
    @classmethod
    def from_hand(cls, hand: SpadesHand, seat: int) -> SpadesView:
        """The view of ``seat`` on ``hand`` (any phase)."""
        # any checked game with Spades rules (only ``SpadesHand``): view.py does not import
        # game.py, which imports it (SpadesHand.view)
        if not isinstance(hand, TrickGame) or not isinstance(getattr(hand, "rules", None), SpadesRules):
            raise HeartsError(f"a SpadesView is taken of a SpadesHand, got {type(hand).__name__} "
                              f"{quote(hand)}")
        check_seat(seat)
        common: dict[str, Any] = dict(bids=hand.bids, rules=hand.rules, dealer=hand.dealer, hand_number=hand.hand_number,
                      scores_before=hand.scores_before, seat_names=tuple(hand.seat_names))
        if hand.phase == "bid":
            return cls(seat=seat, phase="bid", hand=hand.cards(seat).mask, turn=hand.to_bid[0],
                       leader=hand.first_seat, **common)
        return cls.from_state(hand.play_state(), seat, **common)

    @classmethod
    def from_state(cls, state: SpadesState, seat: int, bids: tuple[int | None, ...] | list = _UNBID,
                   **common: Any) -> SpadesView:
        """The view of ``seat`` on a bitmask play state: only the seat's own hand and the
        public facts are copied out of ``state``. ``common``: ``rules``, ``dealer``,
        ``hand_number``, ``scores_before``, ``seat_names`` (defaults as in a fresh hand)."""
        st = state
        common.setdefault("rules", st.rules.rules)  # the state's own rules
        return cls(seat=seat, phase="over" if st.tricks_done == 13 else "play", hand=st.hands[seat],
                   bids=tuple(bids), turn=st.turn, played=st.played, trick=tuple(st.trick),
                   leader=st.leader, led_suit=st.led_suit, win_seat=st.win_seat, win_card=st.win_card,
                   broken=st.broken, tricks_done=st.tricks_done, won=tuple(st.won), void=tuple(st.void),
                   sizes=tuple(h.bit_count() for h in st.hands), **common)

    # derived facts ------------------------------------------------------------------
    @property
    def my_turn(self) -> bool:
        return self.phase != "over" and self.turn == self.seat

    @property
    def partner(self) -> int:
        return partner_of(self.seat)

    @property
    def team(self) -> int:
        return team_of(self.seat)

    @property
    def team_scores(self) -> tuple[int, int]:
        """(my team's total, the opponents') before this hand."""
        t = self.team
        return self.scores_before[t], self.scores_before[1 - t]

    @property
    def may_bid_blind_nil(self) -> bool:
        """The rules play blind nil and this seat's team is far enough behind."""
        return self.rules.may_bid_blind_nil(*self.team_scores)

    @property
    def legal_bids(self) -> tuple[int, ...]:
        """What this seat may bid now (empty unless it is its turn to bid)."""
        if self.phase != "bid" or not self.my_turn:
            return ()
        return ((BLIND_NIL,) if self.may_bid_blind_nil else ()) + tuple(range(14))

    @property
    def legal_mask(self) -> int:
        """Legal cards for this seat now (0 unless it is this seat's turn to play)."""
        if self.phase != "play" or not self.my_turn:
            return 0
        return cascade(self.hand, self.led_suit, self.broken, self.rules.compiled)[0]

    @property
    def trick_seats(self) -> tuple[int, ...]:
        """Seats that have played to the trick in progress, in play order."""
        return tuple((self.leader + i) % SEAT_COUNT for i in range(len(self.trick)))

    def nil_alive(self, seat: int) -> bool:
        """``seat`` bid nil and has not taken a trick yet."""
        return self.bids[seat] == 0 and self.won[seat] == 0

    def key(self) -> str:
        """A canonical string of the position (stable across processes)."""
        return (f"s1|{self.rules!r}|{self.hand_number}|{self.dealer}|{self.seat}|{self.phase}|"
                f"{self.hand:x}|{self.bids}|{self.scores_before}|{self.played:x}|"
                f"{','.join(map(str, self.trick))}|{self.leader}|{int(self.broken)}|{self.won}")

    def __str__(self) -> str:
        name = self.seat_names[self.seat]
        bids = ", ".join(f"{self.seat_names[s]} {'—' if b is None else bid_word(b)}" for s, b in enumerate(self.bids))
        lines = [f"{name}'s view · Spades hand {self.hand_number + 1} · {self.phase}",
                 f"  hand: {self.cards.pretty}", f"  bids: {bids}"]
        if self.phase == "play":
            lines += self._play_lines("spades", "tricks", self.won)
        return "\n".join(lines)


def require_spades_view(view: object, what: str = "a Spades bot") -> SpadesView:
    if not isinstance(view, SpadesView):
        raise HeartsError(f"{what} needs a SpadesView (e.g. hand.view(seat) or "
                          f"SpadesView.from_hand(hand, seat)), got {type(view).__name__}")
    return view


__all__ = ["SpadesView", "require_spades_view"]
