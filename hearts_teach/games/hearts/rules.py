"""The rule options of Hearts as one immutable object with named presets.

The rules, defaults, options and presets are stated in ``docs/rules.md`` (Hearts H1-H12; the
choices where the sources disagree are D1-D8 there).

``Rules.compiled`` is the one value every legality path and scorer reads (``RuleTables``): the
checked ``Hand``, the bots' ``View``, the rollouts and the numpy batch engine all take it, so a new
option is compiled here once instead of being threaded through each of them.

Tables of 3, 5 and 6 players (``Rules(players=N)``) take low cards out so the deck divides
evenly (``REMOVED_CARDS``; hearts and Q♠ are never taken out, so a hand is still worth 26),
open with the lowest club in play and pass on their own cycle (``PASS_CYCLES``).
docs/players.md gives the choices and their sources.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, ClassVar

from hearts_teach.games.options import RuleSet
from hearts_teach.kernel.cards import (
    CLUBS_MASK,
    FULL_DECK,
    HEARTS_MASK,
    JD_MASK,
    POINTS_MASK,
    QS_MASK,
    card_index,
    join_pretty,
)
from hearts_teach.kernel.errors import InvalidSeatError, RulesError, quote
from hearts_teach.kernel.table import FOUR, MAX_SEATS, MIN_SEATS, Table, table_of

MOON_CHOICES = ("add_to_others", "subtract_from_self")
PASS_DIRECTIONS = ("left", "right", "across", "hold")
PASS_OFFSETS = {"left": 1, "right": 3, "across": 2, "hold": 0}  # the four-player table's
END_SCORE_MAX = 10_000  # a bound keeps records and tables printable

# Low cards taken out so that every seat gets the same number (the convention of published
# rule sets, docs/players.md; never a heart or Q♠, so the 26 points stay whole).
REMOVED_CARDS: dict[int, tuple[str, ...]] = {
    3: ("2D",),                    # 51 cards, 17 each
    4: (),                         # 52 cards, 13 each
    5: ("2D", "2C"),               # 50 cards, 10 each: 3♣ opens
    6: ("2D", "3D", "3C", "4C"),   # 48 cards, 8 each: 2♣ still opens
}
# The pass rotation by table size: "across" only where a seat has one opposite and the
# four-player cycle is kept there; odd tables pass left, right, then hold.
PASS_CYCLES: dict[int, tuple[str, ...]] = {
    3: ("left", "right", "hold"),
    4: ("left", "right", "across", "hold"),
    5: ("left", "right", "hold"),
    6: ("left", "right", "across", "hold"),
}


def _mask(names: tuple[str, ...]) -> int:
    m = 0
    for name in names:
        m |= 1 << card_index(name)
    return m


DECK_MASKS = {n: FULL_DECK ^ _mask(cards) for n, cards in REMOVED_CARDS.items()}
# the opening lead: the lowest club in play (2♣ unless it was taken out)
OPENING_MASKS = {n: (m & CLUBS_MASK) & -(m & CLUBS_MASK) for n, m in DECK_MASKS.items()}


PRESETS: dict[str, dict[str, Any]] = {
    "standard": {},
    "omnibus": {"omnibus": True},
    "no_pass": {"passing": False},
    "queen_breaks": {"queen_breaks_hearts": True},
    "new_moon": {"moon": "subtract_from_self"},
    "first_trick_points": {"no_points_on_first_trick": False},
    "queen_waits": {"queen_waits": True},
}


@dataclass(frozen=True, repr=False)
class Rules(RuleSet):
    """Rule options. ``Rules()`` is the standard game; ``Rules.preset('omnibus')`` a variant.

    passing: players pass three cards before play (False: every hand is a hold hand).
    no_points_on_first_trick: no heart or Q♠ on the first trick unless the hand has nothing else.
    queen_breaks_hearts: playing Q♠ also breaks hearts.
    queen_waits: Q♠ may not be led or discarded until hearts are broken, unless she is the
        player's only card (following suit with her is always allowed; the other rules then
        apply to the rest of the hand, so a hand of only hearts and Q♠ leads a heart).
    moon: 'add_to_others' (shooter 0, others 26) or 'subtract_from_self' (shooter −26, others 0).
    end_score: the match ends once a total reaches this at the end of a hand.
    omnibus: the jack of diamonds counts −10 to whoever takes it.
    players: 3, 4, 5 or 6 seats; low cards are taken out so the deck divides evenly
        (``REMOVED_CARDS``), the lowest club in play opens, passes follow ``PASS_CYCLES``.
    """

    passing: bool = True
    no_points_on_first_trick: bool = True
    queen_breaks_hearts: bool = False
    moon: str = "add_to_others"
    end_score: int = 100
    omnibus: bool = False
    queen_waits: bool = False
    players: int = FOUR.players

    GAME: ClassVar[str] = ""
    PRESETS: ClassVar[dict[str, dict[str, Any]]] = PRESETS
    EXAMPLE: ClassVar[str] = "omnibus=True"
    TABLE_OPTIONS: ClassVar[tuple[str, ...]] = ("players",)

    def __post_init__(self) -> None:
        self._check_flags()
        if not isinstance(self.moon, str) or self.moon not in MOON_CHOICES:
            raise RulesError(f"rule option 'moon' must be one of {', '.join(map(repr, MOON_CHOICES))}, "
                             f"got {quote(self.moon)}")
        if not isinstance(self.end_score, int) or isinstance(self.end_score, bool) \
                or not 1 <= self.end_score <= END_SCORE_MAX:
            raise RulesError(f"rule option 'end_score' must be a positive whole number (at most {END_SCORE_MAX:,}), "
                             f"got {quote(self.end_score)}")
        if type(self.players) is not int or self.players not in REMOVED_CARDS:
            raise RulesError(f"rule option 'players' must be a whole number from {MIN_SEATS} to {MAX_SEATS}, "
                             f"got {type(self.players).__name__} {quote(self.players)}")

    # the table ---------------------------------------------------------------------
    @property
    def table(self) -> Table:
        """The seats: how many, their names, who is left, right and across."""
        return table_of(self.players)

    @property
    def deck_mask(self) -> int:
        """The cards in play (all 52 for four players)."""
        return DECK_MASKS[self.players]

    @property
    def removed_mask(self) -> int:
        """The cards taken out before the deal (none for four players)."""
        return FULL_DECK ^ DECK_MASKS[self.players]

    @property
    def hand_size(self) -> int:
        """Cards dealt to each seat, which is also the number of tricks in a hand."""
        return self.table.hand_size  # REMOVED_CARDS makes the deck exactly players × this

    @property
    def opening_mask(self) -> int:
        """The bit of the card that opens the first trick: the lowest club in play."""
        return OPENING_MASKS[self.players]

    @property
    def pass_cycle(self) -> tuple[str, ...]:
        """The pass directions in turn, hand by hand (before ``passing`` is applied)."""
        return PASS_CYCLES[self.players]

    def describe(self) -> str:
        """A learner-facing summary, one rule per line."""
        lines = [
            f"Passing: 3 cards, rotating {', '.join(self.pass_cycle)}" if self.passing
            else "Passing: none (every hand is a hold hand)",
            "First trick: no hearts or Q♠ unless you hold nothing else" if self.no_points_on_first_trick
            else "First trick: point cards may be discarded",
            "Hearts are broken by a heart" + (" or by Q♠" if self.queen_breaks_hearts else " only (not by Q♠)"),
            "Shooting the moon: " + ("the shooter scores 0, everyone else 26" if self.moon == "add_to_others"
                                     else "the shooter scores −26, everyone else 0"),
            f"The match ends after a hand in which someone reaches {self.end_score}: lowest total wins "
            f"(a tie for lowest plays another hand)",
        ]
        if self.players != FOUR.players:
            opening = join_pretty(self.opening_mask)
            lines.insert(0, f"Players: {self.players}, {self.hand_size} cards each "
                            f"({join_pretty(self.removed_mask)} taken out); the holder of {opening} leads it")
        if self.omnibus:
            lines.append("Omnibus: the J♦ counts −10 to whoever takes it")
        if self.queen_waits:
            lines.append("The queen waits: Q♠ may not be led or discarded until hearts are broken, "
                         "unless she is the only card you hold")
        return "\n".join(lines)

    @property
    def compiled(self) -> RuleTables:
        """These rules compiled once into the value the engine reads (``RuleTables``)."""
        return _compiled(self)

    def pass_direction(self, hand_number: int) -> str:
        """'left', 'right', 'across' or 'hold' for hand ``hand_number`` (0-based)."""
        if isinstance(hand_number, bool) or not isinstance(hand_number, int) or hand_number < 0:
            raise RulesError(f"hand_number must be a whole number 0, 1, 2, ..., got {quote(hand_number)}")
        if not self.passing:
            return "hold"
        cycle = PASS_CYCLES[self.players]
        return cycle[hand_number % len(cycle)]


@dataclass(frozen=True, slots=True, repr=False)
class RuleTables:
    """``Rules`` compiled: the masks and flags that decide legality and scores, read by every
    path that plays a card (``Hand``, ``View``, ``legality.cascade``, the rollouts, the batch
    engine). Build it with ``rules.compiled``; ``compile_rules`` is where each option becomes
    a table, so an option that changes play is compiled in one place."""

    rules: Rules  # what was compiled (for messages, records and the batch engine's check)
    players: int
    deck: int  # the cards in play
    opening: int  # the cards that may open the first trick (held by its leader)
    leader_card: int  # the bit of the card whose holder leads the first trick
    no_points_first: bool  # no heart or Q♠ on the first trick while the hand holds a card without points
    first_trick_points: int  # the cards ``no_points_first`` keeps off the first trick
    queen_waits: bool  # Q♠ waits for hearts to be broken (led or discarded)
    breaks: int  # the cards whose play breaks hearts
    moon: str  # MOON_CHOICES
    omnibus: bool  # J♦ counts −10
    scoring: int  # the cards that carry points: once all are taken, no score can change
    pass_cycle: tuple[str, ...]  # the pass directions in turn ("hold" alone without passing)
    end_score: int
    # the same tables with queen_waits off (the cascade's other steps, once she is held back);
    # itself when queen_waits is off. Set by compile_rules; not compared.
    without_queen_waits: RuleTables = field(init=False, repr=False, compare=False)

    @property
    def table(self) -> Table:
        return table_of(self.players)

    @property
    def hand_size(self) -> int:
        return self.table.hand_size

    def __repr__(self) -> str:  # eval-able where Rules is in scope
        return f"{self.rules!r}.compiled"


def compile_rules(rules: Rules) -> RuleTables:
    """Each option of ``rules`` as the tables the engine reads (``Rules.compiled`` caches it)."""
    deck = DECK_MASKS[rules.players]
    tables = RuleTables(
        rules=rules,
        players=rules.players,
        deck=deck,
        opening=OPENING_MASKS[rules.players],
        leader_card=OPENING_MASKS[rules.players],
        no_points_first=rules.no_points_on_first_trick,
        first_trick_points=POINTS_MASK,
        queen_waits=rules.queen_waits,
        breaks=HEARTS_MASK | QS_MASK if rules.queen_breaks_hearts else HEARTS_MASK,
        moon=rules.moon,
        omnibus=rules.omnibus,
        scoring=POINTS_MASK | (JD_MASK if rules.omnibus else 0),
        pass_cycle=PASS_CYCLES[rules.players] if rules.passing else ("hold",),
        end_score=rules.end_score,
    )
    plain = rules.replace(queen_waits=False).compiled if rules.queen_waits else tables
    object.__setattr__(tables, "without_queen_waits", plain)  # frozen: set once, here
    return tables


_compiled = lru_cache(maxsize=256)(compile_rules)  # one compiled value per distinct Rules


def pass_target(seat: int, direction: str, table: Table = FOUR) -> int | None:
    """The seat that receives ``seat``'s pass, or None on a hold hand. Left is seat + 1,
    right seat − 1, across half the table away (only at an even table)."""
    if not isinstance(direction, str) or direction not in PASS_OFFSETS:
        raise RulesError(f"unknown pass direction {quote(direction)}; valid: {', '.join(PASS_DIRECTIONS)}")
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < table.players:
        raise InvalidSeatError(f"invalid seat {quote(seat)}: seats are numbered {table.seat_list()} clockwise")
    if direction == "hold":
        return None
    if direction == "left":
        return table.left(seat)
    if direction == "right":
        return table.right(seat)
    if not table.has_across:
        raise RulesError(f"a table of {table.players} has no seat across: its passes go "
                         f"{', '.join(PASS_CYCLES[table.players])}")
    return table.across(seat)


def pass_source(seat: int, direction: str, table: Table = FOUR) -> int | None:
    """The seat whose pass ``seat`` receives, or None on a hold hand."""
    for giver in table.seats:
        if pass_target(giver, direction, table) == seat:
            return giver
    return None
