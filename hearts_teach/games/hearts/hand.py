"""One hand of Hearts: the deal, the pass, the tricks (thirteen at four players) and the score.

``Hand`` checks every action, explains every card, keeps a history stack (undo and
replay come from it) and renders itself as text and HTML. The play phase runs on
``legality.PlayState`` bitmasks.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
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
from hearts_teach.games.explain import taken_out
from hearts_teach.games.hearts import explain as _explain
from hearts_teach.games.hearts import records
from hearts_teach.games.hearts.legality import PlayState, cascade, opening_holder
from hearts_teach.games.hearts.rules import PASS_DIRECTIONS, Rules, pass_source, pass_target
from hearts_teach.games.hearts.scoring import MOON_POINTS, final_scores, trick_points
from hearts_teach.games.hearts.view import View
from hearts_teach.games.records import HAND_NUMBER_MAX
from hearts_teach.kernel.cards import (
    BIT,
    DECK,
    FULL_DECK,
    Card,
    CardLike,
    CardList,
    Suit,
    indices_of,
    join_pretty,
    to_card,
)
from hearts_teach.kernel.deal import deal_masks
from hearts_teach.kernel.display import draw
from hearts_teach.kernel.errors import (
    ArgumentError,
    IllegalPassError,
    Rule,
    RulesError,
    WrongPhaseError,
    quote,
)
from hearts_teach.kernel.rng import Rng
from hearts_teach.kernel.table import FOUR
from hearts_teach.kernel.validation import check_deal, check_seat, check_seed

if TYPE_CHECKING:  # the view module imports this one
    from hearts_teach.games.hearts.view import View


class Phase(StrEnum):
    PASS = "pass"
    PLAY = "play"
    OVER = "over"

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True)
class Action:
    """One entry of the history stack: a seat's pass (3 cards) or a play (1 card)."""

    kind: str  # "pass" or "play"
    seat: int
    cards: CardList

    @property
    def card(self) -> Card:
        return self.cards[0]

    def __str__(self) -> str:
        return f"{self.kind} {self.seat} {self.cards}"


@dataclass(frozen=True)
class Trick(TrickSeats):
    """A trick: who led, the cards in play order, the winner and its points."""

    number: int  # 1..13 (1..hand size at other tables)
    leader: int
    cards: CardList
    winner: int | None  # None while the trick is in progress
    points: int
    players: int = field(default=FOUR.players, repr=False)  # the table size

    def __repr__(self) -> str:  # eval-able; the table size only when it is not the default
        size = f", players={self.players}" if self.players != FOUR.players else ""
        return (f"Trick(number={self.number!r}, leader={self.leader!r}, cards={self.cards!r}, "
                f"winner={self.winner!r}, points={self.points!r}{size})")

    def __str__(self) -> str:
        cards = " ".join(c.pretty for c in self.cards) or "(no cards yet)"
        tail = f" → seat {self.winner} takes {self.points}" if self.winner is not None else ""
        return f"trick {self.number}: {cards}{tail}"

    def _repr_html_(self) -> str:
        return draw("html", self)


class HeartsBroken(BrokenBy):
    """The card that broke hearts (``card``, ``trick`` 1..13, ``seat``)."""


def _parse_cards(value: Iterable[CardLike] | str) -> list[Card]:
    if isinstance(value, str):
        value = value.replace(",", " ").split()
    if isinstance(value, Card):
        value = [value]
    try:
        items = list(value)
    except TypeError:
        raise IllegalPassError(f"expected a list of cards, got {quote(value)}", rule=Rule.PASS_SIZE) from None
    return [to_card(v) for v in items]


class Hand(TrickGame[Action, Trick, PlayState]):
    """One hand of Hearts.

    >>> hand = Hand.deal(seed=7)            # hand 0: pass left
    >>> hand.pass_cards(0, "QS AS KS")      # each seat chooses 3 cards...
    >>> hand.play("2C")                     # ...then the 2♣ holder leads
    """

    _before_play = "the pass"

    def __init__(self, deal: Iterable[Iterable[CardLike] | str], pass_direction: str = "left",
                 rules: Rules | None = None, hand_number: int = 0,
                 seat_names: Iterable[str] | None = None):
        self.rules = rules if rules is not None else Rules()
        if not isinstance(self.rules, Rules):
            raise RulesError(f"rules must be a Rules object, got {quote(self.rules)}; "
                             f"e.g. Rules.preset('omnibus') or Rules(omnibus=True)")
        if not isinstance(pass_direction, str) or pass_direction not in PASS_DIRECTIONS:
            raise RulesError(f"unknown pass direction {quote(pass_direction)}; valid: {', '.join(PASS_DIRECTIONS)}")
        if not self.rules.passing and pass_direction != "hold":
            raise RulesError(f"these rules have no passing, so the pass direction must be 'hold', "
                              f"not {pass_direction!r}")
        self.compiled = self.rules.compiled  # the one value every legality path reads
        self.table = self.rules.table
        self.deck_mask = self.rules.deck_mask
        self._last_trick = self.rules.hand_size  # tricks in the hand (read on every phase check)
        if pass_direction == "across" and not self.table.has_across:
            raise RulesError(f"a table of {self.table.players} has no seat across: passes go "
                             f"{', '.join(self.rules.pass_cycle)}")
        if isinstance(hand_number, bool) or not isinstance(hand_number, int) or not 0 <= hand_number <= HAND_NUMBER_MAX:
            raise RulesError(f"hand_number must be a whole number 0, 1, 2, ... (at most {HAND_NUMBER_MAX:,}), "
                             f"got {quote(hand_number)}")
        self.pass_direction = pass_direction
        self.hand_number = hand_number
        self._seat_and_deal(deal, seat_names)

    def _check_seat(self, seat: Any) -> int:
        return check_seat(seat, table=self.table)

    def _check_deal(self, deal: Any) -> tuple[CardList, ...]:
        return check_deal(deal, table=self.table, deck=self.deck_mask)

    @property
    def players(self) -> int:
        """How many seats this hand is dealt to (``rules.players``)."""
        return self.table.players

    _nothing_to_undo = "nothing to undo: no card has been passed or played yet"

    # construction -------------------------------------------------------------------
    @classmethod
    def deal(cls, seed: int | str | Rng = 0, hand_number: int = 0, rules: Rules | None = None,
             seat_names: Iterable[str] | None = None, pass_direction: str | None = None) -> Hand:
        """A shuffled deal from the project's RNG; the pass direction follows ``hand_number``."""
        rules = rules if rules is not None else Rules()
        if not isinstance(rules, Rules):  # checked here: pass_direction() below needs a Rules
            raise RulesError(f"rules must be a Rules object, got {quote(rules)}; "
                             f"e.g. Rules.preset('omnibus') or Rules(omnibus=True)")
        check_seed(seed, extra=(Rng,))
        rng = seed if isinstance(seed, Rng) else Rng(seed)
        hands = [[DECK[i] for i in indices_of(m)] for m in deal_masks(rng, rules.players, rules.deck_mask)]
        direction = pass_direction if pass_direction is not None else rules.pass_direction(hand_number)
        return cls(hands, direction, rules, hand_number, seat_names)

    def _reset(self) -> None:
        """Back to the freshly dealt state (history is replayed on top by the caller)."""
        self._hands0 = [CardList(h).mask for h in self._deal]
        self._chosen: list[int | None] = [None] * self.players
        self._pass_order: list[int] = []
        self._plays: tuple[tuple[int, int], ...] = ()  # the public play history (seat, card index), for views
        self._state: PlayState | None = None
        self._tricks: list[Trick] = []
        self._broken: HeartsBroken | None = None
        self._hands_after_pass = self._hands0[:]
        if self.pass_direction == "hold":
            self._start_play()

    def _start_play(self) -> None:
        hands = self._hands0[:]
        if self.pass_direction != "hold":
            for seat in self.table.seats:
                chosen = self._chosen[seat]
                assert chosen is not None
                hands[seat] ^= chosen
            for seat in self.table.seats:
                chosen, to = self._chosen[seat], pass_target(seat, self.pass_direction, self.table)
                assert chosen is not None and to is not None  # all chosen; not a hold hand
                hands[to] |= chosen
        self._hands_after_pass = hands[:]
        self._state = PlayState(hands, opening_holder(hands, self.compiled), self.compiled)

    # status ---------------------------------------------------------------------------
    @property
    def phase(self) -> Phase:
        if self._state is None:
            return Phase.PASS
        return Phase.OVER if self._state.tricks_done == self._last_trick else Phase.PLAY

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    @property
    def turn(self) -> int | None:
        """The seat to play, or None during the pass and after the last trick."""
        st = self._state
        return st.turn if st is not None and self.phase is Phase.PLAY else None

    @property
    def to_pass(self) -> tuple[int, ...]:
        """Seats that still have to choose their pass."""
        if self.phase is not Phase.PASS:
            return ()
        return tuple(s for s in self.table.seats if self._chosen[s] is None)

    def pass_target(self, seat: int) -> int | None:
        return pass_target(self._check_seat(seat), self.pass_direction, self.table)

    def after_pass(self, seat: int) -> CardList:
        """The 13 cards ``seat`` held when play began (``rules.hand_size`` at other tables)."""
        return CardList.from_mask(self._hands_after_pass[self._check_seat(seat)])

    def passed(self, seat: int) -> CardList | None:
        """The 3 cards ``seat`` chose to pass (None if not chosen yet or a hold hand)."""
        chosen = self._chosen[self._check_seat(seat)]
        return None if chosen is None else CardList.from_mask(chosen)

    def received(self, seat: int) -> CardList | None:
        """The 3 cards ``seat`` received, once the pass has happened."""
        if self.pass_direction == "hold" or self._state is None:
            return None
        giver = pass_source(self._check_seat(seat), self.pass_direction, self.table)
        assert giver is not None  # not a hold hand
        return self.passed(giver)

    @property
    def current_trick(self) -> Trick | None:
        """The trick in progress (possibly with no cards yet); None outside the play."""
        st = self._state
        if st is None or st.tricks_done == self._last_trick:
            return None
        return Trick(st.tricks_done + 1, st.leader, CardList(DECK[i] for i in st.trick), None,
                     trick_points(st.trick_mask, self.rules.omnibus), self.players)

    @property
    def hearts_broken(self) -> bool:
        return self._state is not None and self._state.broken

    @property
    def broken_by(self) -> HeartsBroken | None:
        """The card that broke hearts, in which trick and by whom (None if unbroken)."""
        return self._broken

    @property
    def points_taken(self) -> tuple[int, ...]:
        """Penalty points each seat has taken so far (before any moon adjustment)."""
        if self._state is None:
            return (0,) * self.players
        return tuple(self._state.points_taken())

    def taken(self, seat: int) -> CardList:
        seat = self._check_seat(seat)
        if self._state is None:
            return CardList()
        return CardList.from_mask(self._state.taken[seat])

    def points_remaining(self) -> int:
        """Penalty points not yet taken by anyone (hearts 1, Q♠ 13)."""
        if self._state is None:
            return MOON_POINTS
        return trick_points(FULL_DECK ^ sum(self._state.taken))

    @property
    def played(self) -> CardList:
        return CardList() if self._state is None else CardList.from_mask(self._state.played)

    def played_by_suit(self) -> dict[Suit, CardList]:
        pl = self._state.played if self._state else 0
        return {s: CardList.from_mask(pl & s.mask) for s in Suit}

    # scoring -------------------------------------------------------------------------
    def _final(self) -> tuple[tuple[int, ...], int | None]:
        if not self.is_over:
            raise WrongPhaseError(f"the hand is not over yet ({self._progress()}); scores exist "
                                  f"only after trick {self.rules.hand_size}. Use points_taken for the points so far.",
                                  rule=Rule.WRONG_PHASE)
        assert self._state is not None  # a hand that is over has played
        return final_scores(self._state.taken, self.rules.moon, self.rules.omnibus)

    @property
    def scores(self) -> tuple[int, ...]:
        """Final scores with the moon and variants applied (the hand must be over)."""
        return self._final()[0]

    @property
    def moon(self) -> int | None:
        """The seat that shot the moon, or None (the hand must be over)."""
        return self._final()[1]

    # legality ------------------------------------------------------------------------
    def legal_plays(self, seat: int | None = None) -> LegalPlays:
        """What ``seat`` (default: the player to move) may play now; empty when it is
        not that seat's turn or not the play phase."""
        if seat is not None:
            seat = self._check_seat(seat)
        if self.phase is not Phase.PLAY:
            return LegalPlays(0, seat, self)
        st = self._state
        assert st is not None
        if seat is not None and seat != st.turn:
            return LegalPlays(0, seat, self)
        return LegalPlays(st.legal(), st.turn, self)

    def explain(self, card: CardLike, seat: int | None = None) -> Verdict:
        """Whether ``card`` may be played now by ``seat`` (default: the player to move),
        with the rule and a sentence for a learner. Never raises for a parsable card."""
        c = to_card(card)
        if seat is not None:
            seat = self._check_seat(seat)
        if self.phase is Phase.PASS:
            who = seat if seat is not None else (self.to_pass[0] if self.to_pass else 0)
            return Verdict(c, False, Rule.WRONG_PHASE, _explain.during_pass(self, who), seat)
        if self.phase is Phase.OVER:
            return Verdict(c, False, Rule.WRONG_PHASE,
                           f"the hand is over: all {self.rules.hand_size} tricks have been played", seat)
        refused = turn_and_holding(self, c, seat)
        if refused is not None:
            return refused
        st = self._state
        assert st is not None  # neither the pass nor over: the play phase
        turn = st.turn
        hand = st.hands[turn]
        mask, (why_legal, why_not) = cascade(hand, st.led_suit, st.tricks_done == 0, st.broken, st.rules)
        if mask & BIT[c.index]:
            return Verdict(c, True, why_legal, _explain.legal(self, c, turn, why_legal, mask), turn)
        assert why_not is not None  # the card is held and not legal: the cascade names the rule
        return Verdict(c, False, why_not, _explain.illegal(self, c, turn, why_not, mask), turn)

    # actions -------------------------------------------------------------------------
    def pass_cards(self, seat: int, cards: Iterable[CardLike] | str) -> None:
        """``seat`` chooses its 3 cards. The cards move once every seat has chosen."""
        seat = self._check_seat(seat)
        if self.phase is not Phase.PASS:
            if self.pass_direction == "hold":
                msg = f"this is a hold hand: nobody passes, play starts with the {join_pretty(self.rules.opening_mask)}"
            else:
                msg = "the pass is over: the cards have moved and play has begun"
            raise WrongPhaseError(f"cannot pass now: {msg}", rule=Rule.WRONG_PHASE, seat=seat)
        if (earlier := self._chosen[seat]) is not None:
            raise IllegalPassError(
                f"{self.seat_names[seat]} has already chosen {join_pretty(earlier)} to pass; "
                f"undo() takes the choice back", rule=Rule.ALREADY_PASSED, seat=seat)
        chosen = _parse_cards(cards)
        to = self.pass_target(seat)
        assert to is not None  # a hand with a pass phase is not a hold hand
        target = self.seat_names[to]
        if len(chosen) != 3:
            raise IllegalPassError(
                f"a pass is exactly 3 cards, got {len(chosen)}"
                f"{' (' + join_pretty(chosen) + ')' if chosen else ''}: choose 3 of your cards to pass "
                f"{self.pass_direction} to {target}", rule=Rule.PASS_SIZE, seat=seat)
        if len(set(chosen)) != 3:
            dup = next(c for c in chosen if chosen.count(c) > 1)
            raise IllegalPassError(f"{dup.pretty} appears twice in the pass: choose 3 different cards",
                                   rule=Rule.PASS_DUPLICATE, card=dup, seat=seat)
        held = self._hands0[seat]
        for c in chosen:
            if not held & BIT[c.index]:
                gone = taken_out(self, c)
                why = (gone + ", so nobody can pass it" if gone
                       else f"{self.seat_names[seat]} does not hold {c.pretty} and cannot pass it")
                raise IllegalPassError(
                    f"{why}; "
                    f"the hand is {CardList.from_mask(held).pretty}", rule=Rule.NOT_IN_HAND, card=c, seat=seat)
        self._apply(Action("pass", seat, CardList(sorted(chosen))))

    def play(self, card: CardLike, seat: int | None = None) -> Trick | None:
        """Play ``card`` for the player to move (``seat`` optional, checked if given).

        Returns the completed ``Trick`` when this card finishes one, else None.
        Raises a ``ValueError`` subclass, changing nothing, when the play is not allowed.
        """
        c = to_card(card)
        if self.phase is not Phase.PLAY:
            if self.phase is Phase.PASS:
                raise WrongPhaseError(f"cannot play {c.pretty} yet: {_explain.during_pass(self, seat)}",
                                      rule=Rule.WRONG_PHASE, card=c, seat=seat)
            raise WrongPhaseError(f"cannot play {c.pretty}: the hand is over", rule=Rule.WRONG_PHASE,
                                  card=c, seat=seat)
        return self._checked_play(c, seat)

    def _play_action(self, seat: int, card: Card) -> Action:
        return Action("play", seat, tuple.__new__(CardList, (card,)))  # ``card`` is a checked Card already

    def _plainly_legal(self, card: Card, seat: int | None) -> bool:
        """The player to move plays a legal card it holds: the same test as ``explain``'s (``cascade``),
        without writing the sentence; bool or other seat types go the long way."""
        st = self._state
        assert st is not None  # ``play`` checked the phase
        turn, bit = st.turn, BIT[card.index]
        return (seat is None or (type(seat) is int and seat == turn)) and bool(st.hands[turn] & bit) and \
            bool(cascade(st.hands[turn], st.led_suit, st.tricks_done == 0, st.broken, st.rules)[0] & bit)

    _action_type = Action

    def _apply_checked(self, action: Action) -> None:
        """One history entry through the checks of a pass or a play (for ``replay``)."""
        if action.kind == "pass":
            self.pass_cards(action.seat, action.cards)
            return
        cards = _parse_cards(action.cards)
        if action.kind != "play" or len(cards) != 1:
            raise ArgumentError(f"an action is a pass of 3 cards or a play of 1 card, got {quote(action)}")
        self.play(cards[0], action.seat)

    def _apply(self, action: Action) -> None:
        """Apply an action already checked; the single place that mutates the game."""
        if action.kind == "pass":
            self._chosen[action.seat] = action.cards.mask
            self._pass_order.append(action.seat)
            self._history.append(action)
            if all(ch is not None for ch in self._chosen):
                self._start_play()
            return
        st = self._state
        assert st is not None
        idx = action.card.index
        leader, number = st.leader, st.tricks_done + 1
        trick_cards = st.trick + [idx]
        was_broken = st.broken
        winner = st.play(idx)
        self._history.append(action)
        self._plays += ((action.seat, idx),)  # a new tuple: a copy.copy of the hand keeps its own
        if st.broken and not was_broken:
            self._broken = HeartsBroken(action.card, number, action.seat)
        if winner >= 0:
            cl = CardList(DECK[i] for i in trick_cards)
            self._tricks.append(Trick(number, leader, cl, winner, trick_points(cl.mask, self.rules.omnibus),
                                      self.players))

    def copy(self) -> Hand:
        new = Hand(self._deal, self.pass_direction, self.rules, self.hand_number, self.seat_names)
        new._replay_trusted(self._history)
        return new

    def _view_parts(self, seat: int) -> tuple[int, int, tuple[tuple[int, int], ...], PlayState | None]:
        """What ``View.from_hand`` copies out, read without building cards: the masks ``seat``
        passed and received (0: none), the public plays and the live play state (None during the
        pass; the view only reads it). ``seat`` is already checked."""
        st = self._state
        giver = None if st is None else pass_source(seat, self.pass_direction, self.table)  # None: hold, or the pass
        return self._chosen[seat] or 0, 0 if giver is None else self._chosen[giver] or 0, self._plays, st

    def view(self, seat: int) -> View:
        """What ``seat`` may know now, as a ``hearts_teach.games.hearts.view.View`` (for bots and the coach)."""
        return View.from_hand(self, seat)

    # snapshots & records -----------------------------------------------------------------
    def snapshot(self) -> tuple:
        """A value that changes whenever anything observable changes (for tests)."""
        st = self._state
        core = None if st is None else (tuple(st.hands), tuple(st.taken), tuple(st.trick), st.turn,
                                        st.broken, st.tricks_done)
        return (tuple(self._hands0), tuple(self._chosen), tuple(self._history), core, len(self._tricks),
                self._broken)

    def to_record(self) -> dict[str, Any]:
        return records.hand_to_record(self)

    @classmethod
    def from_record(cls, record: dict[str, Any]) -> Hand:
        return records.hand_from_record(cls, record)

    def pass_words(self) -> str:
        """'pass left', …, or 'no pass (a hold hand)' for a heading; a direction other than the
        rotation's for this hand number says so, lest a learner think hand 1 never passes left."""
        words = "no pass" if self.pass_direction == "hold" else f"pass {self.pass_direction}"
        usual = self.rules.pass_direction(self.hand_number)
        if self.pass_direction == usual:
            return words + (" (a hold hand)" if usual == "hold" and self.rules.passing else "")
        would = "not pass" if usual == "hold" else f"pass {usual}"
        return f"{words} (set for this example; the rotation would {would})"

    def replay_sheet(self) -> str:
        return records.replay_sheet(self)

    # text & display -----------------------------------------------------------------
    def _progress(self) -> str:
        if self.phase is Phase.PASS:
            n = self.players
            return f"passing {self.pass_direction}, {n - len(self.to_pass)} of {n} seats have chosen"
        turn = self.turn
        if turn is None:  # after the pass phase, only when the hand is over
            return f"all {self.rules.hand_size} tricks played"
        return f"trick {self.trick_number} of {self.rules.hand_size}, {self.seat_names[turn]} to play"

    def status_line(self) -> str:
        if self.hearts_broken:
            hb = f"hearts broken {self._broken}"
        else:
            hb = "hearts not broken"
        pts = ", ".join(f"{self.seat_names[s]} {p}" for s, p in enumerate(self.points_taken))
        return f"{hb} · points taken: {pts}"

    def text(self, seat: int | None = None, all_hands: bool = False) -> str:
        if seat is not None:
            seat = self._check_seat(seat)
        return draw("text", self, seat=seat, all_hands=all_hands)

    def __repr__(self) -> str:
        return f"Hand.from_record({self.to_record()!r})"

    def _repr_html_(self) -> str:
        return draw("html", self)


__all__ = ["Action", "Hand", "HeartsBroken", "Phase", "Trick"]
