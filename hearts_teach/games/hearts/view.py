"""What one seat may know: the information a bot, the coach or a learner's function sees.

A ``View`` is an immutable snapshot built from a ``Hand`` (``View.from_hand(hand, seat)``
or ``hand.view(seat)``) or from a bitmask ``legality.PlayState`` (``View.from_state``, used by
fast simulations). It holds the seat's own cards, the public history, the cards the seat
passed and received, shown voids, points taken and the trick in progress — and nothing
else: it keeps no reference to the ``Hand``, so code that only gets a ``View`` cannot read
another seat's cards, even by accident.

Inside, cards are masks and indices (cheap for bots); the properties give ``Card`` and
``CardList`` objects for people.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from hearts_teach.games.base import TrickGame
from hearts_teach.games.hearts.legality import cascade
from hearts_teach.games.hearts.rules import Rules, pass_source, pass_target
from hearts_teach.games.hearts.scoring import trick_points
from hearts_teach.games.seat_view import SeatView
from hearts_teach.kernel.cards import (
    BIT,
    DECK,
    HEARTS_MASK,
    QS_MASK,
    QS_POINTS,
    SUIT_MASKS,
    Card,
    CardList,
    Suit,
    indices_of,
    join_pretty,
)
from hearts_teach.kernel.errors import HeartsError, Rule, quote
from hearts_teach.kernel.table import FOUR
from hearts_teach.kernel.validation import check_seat

if TYPE_CHECKING:
    from hearts_teach.games.hearts.hand import Hand
    from hearts_teach.games.hearts.legality import PlayState

SEAT_NAMES = FOUR.names  # South, West, North, East


@dataclass(frozen=True)
class View(SeatView):
    """Everything seat ``seat`` may know at one moment. Build it with ``from_hand`` or
    ``from_state``; the fields are masks (52-bit ints) and card indices."""

    seat: int
    phase: str  # "pass", "play" or "over"
    hand: int  # the seat's cards now (during the pass: the dealt cards)
    rules: Rules = field(default_factory=Rules)
    pass_direction: str = "hold"
    hand_number: int = 0
    passed: int = 0  # cards this seat chose to pass (0: none yet or a hold hand)
    received: int = 0  # cards this seat received (0 until the pass has happened)
    plays: tuple[tuple[int, int], ...] = ()  # public history (seat, card index); may be empty from a PlayState
    played: int = 0  # every card played so far, including the trick in progress
    trick: tuple[int, ...] = ()  # card indices of the trick in progress, in play order
    leader: int = 0
    turn: int = 0
    led_suit: int = -1
    win_seat: int = -1
    win_card: int = -1
    broken: bool = False
    tricks_done: int = 0
    # one entry per seat (four by default; ``rules.players`` at other tables)
    taken: tuple[int, ...] = (0,) * FOUR.players  # cards each seat has taken (public)
    void: tuple[int, ...] = (0,) * FOUR.players  # bit s: the seat showed void in suit s
    sizes: tuple[int, ...] = (FOUR.hand_size,) * FOUR.players  # cards each seat holds now
    seat_names: tuple[str, ...] = SEAT_NAMES

    # construction -------------------------------------------------------------------
    @classmethod
    def from_hand(cls, hand: Hand, seat: int) -> View:
        """The view of ``seat`` on ``hand`` (any phase)."""
        # any checked game with Hearts rules (only ``Hand``): view.py does not import hand.py,
        # which imports it (Hand.view)
        if not isinstance(hand, TrickGame) or not isinstance(getattr(hand, "rules", None), Rules):
            raise HeartsError(f"a View is taken of a Hearts Hand, got {type(hand).__name__} {quote(hand)}")
        check_seat(seat, table=hand.table)
        # the masks and the play history as the hand keeps them (no Card objects built: bots ask
        # for a view on every move)
        passed, received, plays, st = hand._view_parts(seat)
        common: dict[str, Any] = dict(rules=hand.rules, pass_direction=hand.pass_direction,
                      hand_number=hand.hand_number, seat_names=tuple(hand.seat_names))
        if st is None:  # the pass (Phase.PASS)
            return cls(seat=seat, phase="pass", hand=hand.cards(seat).mask, passed=passed, **common)
        return cls._from_state(st, seat, passed, received, plays, **common)  # copies what it reads

    @classmethod
    def from_state(cls, state: PlayState, seat: int, rules: Rules | None = None, *,
                   passed: int = 0, received: int = 0, pass_direction: str = "hold",
                   hand_number: int = 0) -> View:
        """The view of ``seat`` on a bitmask play state (fast simulations).

        Only the seat's own hand and public facts are copied out of ``state``; the pass
        information is not in a ``PlayState``, so give it as masks.
        """
        rules = rules or Rules()
        return cls._from_state(state, seat, passed, received, (), rules=rules,
                               pass_direction=pass_direction, hand_number=hand_number,
                               seat_names=rules.table.names)

    @classmethod
    def _from_state(cls, st: PlayState, seat: int, passed: int, received: int,
                    plays: tuple[tuple[int, int], ...], **common: Any) -> View:
        over = st.is_over
        return cls(seat=seat, phase="over" if over else "play", hand=st.hands[seat],
                   passed=passed, received=received, plays=plays, played=st.played,
                   trick=tuple(st.trick), leader=st.leader, turn=st.turn, led_suit=st.led_suit,
                   win_seat=st.win_seat, win_card=st.win_card, broken=st.broken,
                   tricks_done=st.tricks_done, taken=tuple(st.taken), void=tuple(st.void),
                   sizes=tuple(map(int.bit_count, st.hands)), **common)

    # derived facts (masks) ----------------------------------------------------------
    @property
    def my_turn(self) -> bool:
        return self.phase == "play" and self.turn == self.seat

    @property
    def legal_mask(self) -> int:
        """Legal cards for this seat now (0 when it is not this seat's turn to play)."""
        return self.legal_and_why[0]

    @property
    def legal_and_why(self) -> tuple[int, tuple[Rule, Rule | None]]:
        """The game's cascade (``legality.cascade``) for this seat now: ``(legal mask,
        (why_legal, why_not))``; ``(0, (WRONG_PHASE, WRONG_PHASE))`` when it is not its turn."""
        if not self.my_turn:
            return 0, (Rule.WRONG_PHASE, Rule.WRONG_PHASE)
        return cascade(self.hand, self.led_suit, self.tricks_done == 0, self.broken, self.rules.compiled)

    @property
    def deck_mask(self) -> int:
        """The cards in play at this table (3, 5 and 6 seats take low cards out)."""
        return self.rules.deck_mask

    @property
    def trick_mask(self) -> int:
        m = 0
        for c in self.trick:
            m |= BIT[c]
        return m

    @property
    def pass_to(self) -> int | None:
        """The seat this seat passes to (None on a hold hand)."""
        return pass_target(self.seat, self.pass_direction, self.rules.table)

    @property
    def pass_from(self) -> int | None:
        """The seat this seat receives from (None on a hold hand)."""
        return pass_source(self.seat, self.pass_direction, self.rules.table)

    def points(self, seat: int) -> int:
        """Penalty points ``seat`` has taken so far."""
        return trick_points(self.taken[seat], self.rules.omnibus)

    @property
    def points_taken(self) -> tuple[int, ...]:
        return tuple(self.points(s) for s in range(len(self.taken)))

    def moon_threat(self) -> int:
        """The opponent who has taken every point so far, at least 8 of them and hearts among
        them, else -1."""
        return moon_threat(self.taken, self.seat)

    def key(self) -> str:
        """A canonical string of the position (stable across processes): seeds derive from it."""
        return (f"v1|{self.rules!r}|{self.pass_direction}|{self.hand_number}|{self.seat}|{self.phase}|"
                f"{self.hand:x}|{self.passed:x}|{self.received:x}|{self.played:x}|"
                f"{','.join(map(str, self.trick))}|{self.leader}|{int(self.broken)}|"
                f"{','.join(f'{t:x}' for t in self.taken)}|{','.join(map(str, self.void))}")

    # Card-level accessors -----------------------------------------------------------
    @property
    def passed_cards(self) -> CardList:
        return CardList.from_mask(self.passed)

    @property
    def received_cards(self) -> CardList:
        return CardList.from_mask(self.received)

    @property
    def winning(self) -> tuple[int, Card] | None:
        """(seat, card) currently winning the trick in progress, or None."""
        if not self.trick:
            return None
        return self.win_seat, DECK[self.win_card]

    def voids(self, seat: int) -> tuple[Suit, ...]:
        return tuple(s for s in Suit if self.void[seat] >> s & 1)

    def still_out(self) -> dict[Suit, CardList]:
        """Unseen cards by suit."""
        rest = self.unseen_mask
        return {s: CardList.from_mask(rest & SUIT_MASKS[s]) for s in Suit}

    def __str__(self) -> str:
        name = self.seat_names[self.seat]
        lines = [f"{name}'s view · hand {self.hand_number + 1} · pass {self.pass_direction} · {self.phase}"]
        lines.append(f"  hand: {self.cards.pretty}")
        if self.passed:
            lines.append(f"  passed: {join_pretty(self.passed)}")
        if self.received:
            lines.append(f"  received: {join_pretty(self.received)}")
        if self.phase == "play":
            lines += self._play_lines("hearts", "points", self.points_taken)
        return "\n".join(lines)


def shooting(taken: int) -> bool:
    """Whether a seat that holds every point taken so far (``taken``, a mask) looks like a moon
    run: at least 8 points, hearts among them (a seat that took only the Q♠ is not shooting:
    one heart to anyone else ends the moon, and that is the usual course of a hand)."""
    hearts = (taken & HEARTS_MASK).bit_count()
    return hearts > 0 and hearts + (QS_POINTS if taken & QS_MASK else 0) >= 8


def moon_threat(taken: tuple[int, ...] | list[int], me: int) -> int:
    """Seat (≠ ``me``) holding every penalty point taken so far, at least 8 with hearts among
    them (``shooting``), else -1."""
    holder = -1
    for s, t in enumerate(taken):
        if t & (HEARTS_MASK | QS_MASK):
            if holder >= 0:
                return -1
            holder = s
    if holder < 0 or holder == me:
        return -1
    return holder if shooting(taken[holder]) else -1


def require_view(view: object, what: str = "a bot") -> View:
    if not isinstance(view, View):
        raise HeartsError(f"{what} needs a View (e.g. hand.view(seat) or View.from_hand(hand, seat)), "
                          f"got {type(view).__name__}")
    return view


__all__ = ["View", "moon_threat", "shooting", "require_view", "indices_of"]
