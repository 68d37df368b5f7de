"""Spades bots: a bidding heuristic and a rule-based card player that knows its partner.

Bidding follows a Trickster-style trick estimator (short side suits ruffed with spare
spades, protected spades, side aces/kings/queens) and its nil rule. Card play is a short list of rules in priority order:

1. my own nil is alive: never win if I can help it, shed my highest safe card;
2. partner's nil is alive: win the trick over partner, lead high;
3. an opponent's nil is alive: play low under it, never overtake it -- but (the default
   ``style="weighed"``) not at any price: once the nil bidder has played and is already
   beaten, the trick is safe for the nil and is played for the contract, and when the team
   still needs at least half of the remaining tricks the contract comes first;
4. otherwise win tricks cheaply until the team contract is safe, then duck (bags).

Bidding (``smart_bid``, the default style) rounds the estimate to the nearest trick instead of
down, counts spade length (a long trump suit wins the last tricks, however low its cards),
adds a trick when the table's bids leave tricks unclaimed, plays safer when ahead and bolder
when far behind, and bids blind nil (when the rules allow it) only in desperation.
``style="baseline"`` keeps the first version (estimate rounded down, nil-busting always
first) so the two can be compared.

``python -m hearts_teach.tools.bench_spades --hands 2000`` measures both styles and the
duplicate edge of the new one over the baseline; ``python -m hearts_teach.agents.spades`` plays
the rule bots against random or rule opponents (figures come from these, not unit tests).
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, cast

from hearts_teach.agents import driver
from hearts_teach.games.spades.game import SpadesHand, bid_word
from hearts_teach.games.spades.legality import SPADES, SpadesState, beats
from hearts_teach.games.spades.scoring import BLIND_NIL, partner_of, team_of
from hearts_teach.games.spades.view import SpadesView, require_spades_view
from hearts_teach.kernel.cards import (
    BIT,
    DECK,
    SUIT_MASKS,
    SUITS,
    Card,
    CardLike,
    CardList,
    Suit,
    indices_of,
)
from hearts_teach.kernel.cli import quiet_on_closed_pipe
from hearts_teach.kernel.errors import ArgumentTypeError, quote
from hearts_teach.kernel.rng import Rng
from hearts_teach.kernel.table import FOUR, SEAT_COUNT
from hearts_teach.kernel.validation import check_choice, check_int, check_seed, positive_int

STYLES = ("weighed", "baseline")
ROUND_UP_FROM = 0.5  # the estimate's fraction from which a bid is rounded up
CONTRACT_FIRST = 0.5  # an opponent's nil stops coming first once we need this share of the tricks left

ACE, KING, QUEEN = 12, 11, 10  # rank offsets within a suit (index % 13)


# --- bidding -------------------------------------------------------------------------------


def _by_suit(mask: int) -> list[list[int]]:
    """Rank offsets (0 = two .. 12 = ace) held in each suit, highest first."""
    return [sorted((i % 13 for i in indices_of(mask & SUIT_MASKS[s])), reverse=True) for s in range(SUITS)]


def _mask(cards: Iterable[CardLike] | int) -> int:
    if isinstance(cards, int) and not isinstance(cards, bool):
        return CardList.from_mask(cards).mask  # checked: bits 0..51 only
    return CardList(cast(Iterable[CardLike], cards)).mask  # an InvalidCardError for anything that is not cards


@dataclass(frozen=True)
class TrickCount:
    """``estimate_tricks`` part by part (``trick_count``); cards are deck indices.

    ``ruffs``: (side suit, tricks) for each side suit of two cards or fewer; ``spades``: (spade,
    credit) for each spade left after the ruffs, highest first; ``spent``: the spades the ruffs use
    up (the lowest); ``length``: the spade-length count (the five highest credits plus 1 a spade
    after the fifth), or None when it is not counted; ``side``: (card, tricks) for each side ace,
    king or queen that counts."""

    ruffs: tuple[tuple[int, float], ...]
    spades: tuple[tuple[int, float], ...]
    spent: tuple[int, ...]
    length: float | None
    side: tuple[tuple[int, float], ...]

    @property
    def ruff_tricks(self) -> float:
        return sum((t for _, t in self.ruffs), 0.0)

    @property
    def spade_tricks(self) -> float:
        return sum((t for _, t in self.spades), 0.0)

    @property
    def side_tricks(self) -> float:
        return sum((t for _, t in self.side), 0.0)

    @property
    def by_length(self) -> bool:
        """Whether spade length replaces the ruffs and the protected spades (it counts more)."""
        return self.length is not None and self.length > self.ruff_tricks + self.spade_tricks

    @property
    def total(self) -> float:
        trumps = self.length if self.length is not None and self.by_length else self.ruff_tricks + self.spade_tricks
        return trumps + self.side_tricks


def trick_count(cards: Iterable[CardLike] | int, long_spades: bool = False) -> TrickCount:
    """The trick estimate of a 13-card hand, part by part (``estimate_tricks`` is its total).

    ``long_spades``: spade length counts too -- with six or more spades the top five are
    counted as usual and every further spade is a trick, since once the suit has gone round
    the others run out, however low it is.

    The bots' exact recipe (lesson 09a teaches a player's way and lists these values; *side suits* are
    the suits other than spades):

    1. **High side cards.** In a side suit, an ace counts 1 trick, a king with another card of
       its suit 1, a queen in a suit of three or four cards half a trick. In a long suit they
       count less: an ace half a trick in a suit of seven cards or more, a king a quarter in a
       suit of six or more.
    2. **Protected spades.** A high spade counts 1 if you keep at least as many smaller spades
       as there are higher ones you do not hold; one fewer, three quarters; two fewer, a quarter.
    3. **Ruffs.** A void counts 2, a singleton 1, a doubleton a quarter, while your spades last.
       Each ruff needs a spade: the count sets aside your lowest spades, one per ruff trick
       counted, rounded to the nearest whole spade (an exact half: whichever way leaves an even
       number of spades), and those no longer count as protected spades.
    4. **Spade length**, with six spades or more: your five highest spades' protected-spade
       values (0 for a spade set aside), plus 1 for each spade after the fifth, set aside or
       not. When that total is more than protected spades and ruffs together, it replaces them.
    5. **Rounding** (``smart_bid``). The recipe rounds the sum to the nearest whole trick, and an
       exact half goes *down*: an estimate of exactly five and a half bids 5 (taking one trick
       more than you bid adds a bag; one fewer can set the contract). It never bids under 1,
       except nil, which has its own checklist (``nil_ok``)."""
    suits = _by_suit(_mask(cards))
    spades = suits[SPADES]
    spare = float(len(spades))
    ruffs: list[tuple[int, float]] = []
    # short side suits: a void is worth 2 ruffs, a singleton 1, a doubleton a quarter,
    # each counted only while spades are left to ruff with
    for s in range(SPADES):  # the side suits
        n = len(suits[s])
        if n <= 2:
            used = min(spare, 0.25 if n == 2 else 2 - n)
            spare -= used
            ruffs.append((s, used))
    # the highest spades not spent on ruffing: a spade counts when enough smaller spades
    # guard it against the missing higher ones (A; Kx; Qxx; Jxxx)
    kept = spades[:round(spare)]
    credit: list[float] = []
    for r in kept:
        above = sum(1 for x in kept if x > r)
        below = sum(1 for x in kept if x < r)
        gaps = (ACE - r) - above
        credit.append(1 if below >= gaps else 0.75 if below == gaps - 1 else 0.25 if below == gaps - 2 else 0)
    n = len(spades)
    # the five highest spades by their honour credit, every spade after them a trick
    length = float(sum(credit[:5]) + (n - 5)) if long_spades and n >= 6 else None
    side: list[tuple[int, float]] = []
    for s in range(SPADES):
        held, n = suits[s], len(suits[s])
        if ACE in held:
            side.append((s * 13 + ACE, 1 if n <= 6 else 0.5))
        if KING in held and n > 1:
            side.append((s * 13 + KING, 1 if n <= 5 else 0.25))
        if QUEEN in held and 3 <= n <= 4:
            side.append((s * 13 + QUEEN, 0.5))
    return TrickCount(tuple(ruffs), tuple((SPADES * 13 + r, c) for r, c in zip(kept, credit, strict=True)),
                      tuple(SPADES * 13 + r for r in spades[len(kept):]), length, tuple(side))


def estimate_tricks(cards: Iterable[CardLike] | int, long_spades: bool = False) -> float:
    """How many tricks a 13-card hand should take (the Trickster-style estimate): the total of
    ``trick_count``, where its parts are explained."""
    return trick_count(cards, long_spades).total


def quarters(x: float) -> str:
    """A trick count in quarters, as the bid suggestion and lesson 09a write it: 0, ¼, 1¾, 5¾."""
    whole = int(x)
    part = {0.25: "¼", 0.5: "½", 0.75: "¾"}.get(x - whole, "")
    return f"{whole if whole or not part else ''}{part}"


def nil_ok(cards: Iterable[CardLike] | int, estimate: float | None = None) -> bool:
    """The nil rule: estimate below 1, no ace, at most 3 spades, and every queen or king
    guarded by more low cards (below the queen) than there are high ones: K23 is fine,
    K or K2 is not (the example in the notes; a bare count "low >= high" would let K2 pass)."""
    return not nil_faults(cards, estimate)


def nil_faults(cards: Iterable[CardLike] | int, estimate: float | None = None) -> list[str]:
    """Why the nil rule (``nil_ok``) turns this hand down, one phrase per failed test; empty
    when nil fits. The tests: estimate below 1, no ace, at most 3 spades, every queen or king
    guarded by more cards below the queen than there are queens and kings in that suit."""
    mask = _mask(cards)
    est = estimate_tricks(mask) if estimate is None else estimate
    suits = _by_suit(mask)
    faults = []
    if est >= 1:
        # "a count", as lesson 09b's checklist says; spade length is named only where it would change the count
        long = trick_count(mask, long_spades=True).by_length
        faults.append(f"{quarters(est)} trick{'' if est == 1 else 's'} is too many for a nil, which needs a "
                      f"count under 1" + (" (without spade length)" if long else ""))
    for s, held in enumerate(suits):
        if ACE in held:
            ace = Card.from_index(s * 13 + ACE).pretty
            faults.append(f"{ace} wins any trick it is played to" if s == SPADES else
                          f"{ace} wins a {Suit(s).singular} trick unless someone trumps it")
    if len(suits[SPADES]) > 3:
        faults.append(f"{len(suits[SPADES])} spades (nil allows at most 3: late in the hand the last "
                      f"spades win)")
    for s, held in enumerate(suits):
        high = [r for r in held if QUEEN <= r < ACE]
        low = sum(r < QUEEN for r in held)
        if high and low <= sum(r >= QUEEN for r in held):
            names = " ".join(Card.from_index(s * 13 + r).pretty for r in high)
            smaller = ("no smaller " + Suit(s).singular if low == 0 else
                       f"only {low} smaller {Suit(s).singular if low == 1 else Suit(s).plural}")
            them, they = ("it", "it") if len(high) == 1 else ("them", "they")
            faults.append(f"{names} with {smaller} beside {them}: {they} cannot hide under the others' cards")
    return faults


def suggest_bid(cards: Iterable[CardLike] | int, partner_bid: int | None = None) -> int:
    """A bid for this hand: nil when ``nil_ok`` (never if partner bid nil), else
    ``max(1, floor(estimate))`` capped so the team's bids do not pass 13."""
    mask = _mask(cards)
    if partner_bid is not None:
        check_int(partner_bid, "partner_bid", 0, 13)
    est = estimate_tricks(mask)
    if partner_bid != 0 and nil_ok(mask, est):
        return 0
    cap = 13 - (partner_bid or 0)
    return max(1, min(cap, math.floor(est)))


def smart_bid(cards: Iterable[CardLike] | int, partner_bid: int | None = None,
              others: Sequence[int | None] = (), scores: tuple[int, int] = (0, 0),
              end_score: int = 500) -> int:
    """The weighed bid: nil as ``nil_ok`` (not beside a partner's nil, nor when far ahead);
    otherwise the estimate with spade length, rounded to the nearest trick (halves down), one
    more when everyone else has bid and at least 3 tricks are left unclaimed, one less when
    my team is ahead and within 100 of ``end_score`` (no need to risk a set), one more when
    the opponents are within 100 of it and we are 100 behind; at least 1, and the team's
    bids never above 13. ``others`` are the opponents' bids so far, ``scores`` (mine, theirs)."""
    mask = _mask(cards)
    est = estimate_tricks(mask, long_spades=True)
    mine, theirs = scores
    if partner_bid != 0 and nil_ok(mask, estimate_tricks(mask)) and mine - theirs < 200:
        return 0
    bid = math.ceil(est - ROUND_UP_FROM)
    known = [b for b in others if b is not None]
    if partner_bid is not None and len(known) == 2 and 13 - (partner_bid + sum(known) + bid) >= 3:
        bid += 1
    if mine >= end_score - 100 and mine > theirs:
        bid -= 1
    elif theirs >= end_score - 100 and theirs - mine >= 100:
        bid += 1
    return max(1, min(13 - (partner_bid or 0), bid))


def wants_blind_nil(view: SpadesView | SpadesHand, seat: int | None = None) -> bool:
    """Bid blind nil (without looking) only in desperation: the rules allow it, the team is
    200 or more behind, the opponents are within 150 of the end score, and the partner has not
    bid nil. Unseen cards keep a blind nil only about a quarter of the time (bot self-play), so
    it is a long shot for when the match is slipping away anyway. Decided from the seat's
    ``SpadesView`` (a ``SpadesHand`` and a seat are turned into that view first)."""
    v = as_view(view, seat)
    mine, theirs = v.team_scores
    return (v.may_bid_blind_nil and theirs - mine >= 200
            and theirs >= v.rules.end_score - 150 and v.bids[v.partner] != 0)


def view_bid(view: SpadesView) -> int:
    """``smart_bid`` for the view's seat: its cards, the partner's and the opponents' bids so
    far, the score and the match target (the weighed bot's bid once it has looked)."""
    return smart_bid(view.hand, view.bids[view.partner], [view.bids[o] for o in opponents(view.seat)],
                     view.team_scores, view.rules.end_score)


def as_view(position: SpadesView | SpadesHand | SpadesState, seat: int | None = None,
            bids: Sequence[int | None] | None = None) -> SpadesView:
    """The ``SpadesView`` a bot decides from: a view as it is; a ``SpadesHand`` seen from
    ``seat`` (default: the seat to move); a bitmask ``SpadesState`` (hand-built positions,
    with ``bids``) seen from the seat to move. Only that seat's cards go into the view."""
    if isinstance(position, SpadesView):
        return position
    if isinstance(position, SpadesHand):
        return position.view(position.to_act() if seat is None else seat)
    if isinstance(position, SpadesState):
        return SpadesView.from_state(position, position.turn if seat is None else seat,
                                     tuple(bids) if bids is not None else (None,) * SEAT_COUNT)
    raise ArgumentTypeError(f"a Spades bot decides from a SpadesView (hand.view(seat)), got "
                            f"{type(position).__name__} {quote(position)}", argument="view")


def opponents(seat: int) -> tuple[int, int]:
    """The seats left and right of ``seat`` (the other team)."""
    return FOUR.left(seat), FOUR.right(seat)


# --- card play -------------------------------------------------------------------------------


class SpadesBot:
    """Rule-based Spades player. ``Rng`` only breaks ties between equally good cards, so a
    seeded bot is deterministic. It decides from its seat's ``SpadesView`` only
    (``choose_bid(view)``, ``choose_play(view)``); ``bid``, ``choose`` and ``reason`` also
    take a ``SpadesHand`` and look at it through the view of the seat to move."""

    name = "rules"

    def __init__(self, seed: int | str | Rng = 0, style: str = "weighed"):
        check_choice(style, "style", STYLES)
        self.rng = seed if isinstance(seed, Rng) else Rng(check_seed(seed))
        self.style = style
        if style == "baseline":
            self.name = "rules (baseline)"

    # the bot protocol (hearts_teach.agents.protocol) -------------------------------------------
    def choose_bid(self, view: SpadesView) -> int:
        """The bid for the view's seat."""
        v = require_spades_view(view)
        partner = v.bids[v.partner]
        if self.style == "baseline":
            return suggest_bid(v.hand, partner)
        if wants_blind_nil(v):
            return BLIND_NIL
        return view_bid(v)

    def choose_play(self, view: SpadesView) -> Card:
        """The card to play for the view's seat (its turn to play)."""
        return DECK[self.choose_index(require_spades_view(view))]

    # the same, from a hand --------------------------------------------------------------------
    def bid(self, hand: SpadesHand | SpadesView, seat: int | None = None) -> int:
        return self.choose_bid(as_view(hand, seat))

    def choose(self, hand: SpadesHand | SpadesView) -> Card:
        """The card to play for the seat to move."""
        return self.choose_play(as_view(hand))

    def reason(self, hand: SpadesHand | SpadesView) -> str:
        """Which rule the bot is following for the seat to move (for the lesson). With one legal
        card there is no rule to follow (``choose_index`` plays it at once), and the text says so."""
        v = as_view(hand)
        if v.legal_mask.bit_count() == 1:
            return f"its only legal card: no choice, {DECK[indices_of(v.legal_mask)[0]].pretty} is forced"
        return self._rule(v)[0]

    # the rules ---------------------------------------------------------------------------------
    def _rule(self, view: SpadesView | SpadesState,
              bids: Sequence[int | None] | None = None) -> tuple[str, str]:
        v = as_view(view, bids=bids)
        bids = v.bids
        me = v.seat
        partner = partner_of(me)
        opps = opponents(me)
        if bids[me] == 0 and v.won[me] == 0:
            if v.trick and not self._losers(v, v.legal_mask):  # what _own_nil plays then, in words
                over = f"no legal card stays under {v.seat_names[v.win_seat]}'s {DECK[v.win_card].pretty}"
                return (f"my nil: {over}, so play the highest (I win anyway)" if v.last_to_play else
                        f"my nil: {over}, so play the lowest (a later card may still go over it)"), "own_nil"
            return "my nil: avoid winning", "own_nil"
        if bids[partner] == 0 and v.won[partner] == 0:
            return "protect partner's nil: win over partner", "protect"
        live = [o for o in opps if v.nil_alive(o)]
        # every bid is known once play begins
        need = sum(bids[s] or 0 for s in (me, partner)) - (v.won[me] + v.won[partner])
        # the nil bidder's card leads the trick and every legal card beats it: whatever this seat
        # plays, the nil survives this trick, so it is not weighed against the contract here
        moot = ""
        if live and v.win_seat in live and not self._losers(v, v.legal_mask):
            moot = (f"every legal card beats {v.seat_names[v.win_seat]}'s {DECK[v.win_card].pretty}, "
                    f"so the nil cannot break in this trick")
        if live and self.style != "baseline" and need > 0:
            left = 13 - v.tricks_done
            nil = live[0]
            played = nil in v.trick_seats
            if played and v.win_seat != nil:
                return (f"the nil is safe this trick (already beaten): need {need} more, win cheaply",
                        "win")
            if need >= CONTRACT_FIRST * left:
                if moot:
                    return f"{moot}; need {need} of the last {left} tricks: win cheaply", "win"
                return f"need {need} of the last {left} tricks: our contract before their nil", "win"
        if live:
            if moot:
                return f"bust the opponents' nil, but {moot}: play the lowest", "bust"
            if not v.trick:  # a lead: nothing to stay under yet (``_bust`` leads the lowest card)
                return "bust the opponents' nil: lead low, leaving the nil bidder little room under it", "bust"
            return "bust the opponents' nil: stay low under it", "bust"
        if need <= 0:
            return "contract safe: duck to avoid bags", "duck"
        return f"need {need} more trick{'s' * (need != 1)}: win cheaply", "win"

    def choose_index(self, view: SpadesView | SpadesState, bids: Sequence[int | None] | None = None) -> int:
        """The index of the card to play (a ``SpadesState`` is seen from the seat to move)."""
        v = as_view(view, bids=bids)
        legal = v.legal_mask
        if legal.bit_count() == 1:
            return indices_of(legal)[0]
        kind = self._rule(v)[1]
        return getattr(self, "_" + kind)(v, legal)

    # helpers -------------------------------------------------------------------------------------
    def _pick(self, cards: list[int], high: bool) -> int:
        """Lowest (or highest) rank; spades count as higher than any side card; ties by Rng."""
        def key(i: int) -> tuple[int, int]:
            return (i // 13 == SPADES, i % 13)

        best = max(map(key, cards)) if high else min(map(key, cards))
        tied = [i for i in cards if key(i) == best]
        return tied[0] if len(tied) == 1 else self.rng.choice(tied)

    @staticmethod
    def _winners(v: SpadesView, legal: int) -> list[int]:
        return [i for i in indices_of(legal) if beats(i, v.win_card, v.led_suit)]

    @staticmethod
    def _losers(v: SpadesView, legal: int) -> list[int]:
        return [i for i in indices_of(legal) if not beats(i, v.win_card, v.led_suit)]

    @staticmethod
    def _is_master(v: SpadesView, card: int) -> bool:
        """No card that could beat it in its suit is still out (trumping aside)."""
        suit = card // 13
        above = SUIT_MASKS[suit] & ~((BIT[card] << 1) - 1)
        return not above & v.unseen_mask

    def _follow_low_or_win(self, v: SpadesView, legal: int, prefer_win: bool) -> int:
        wins, loses = self._winners(v, legal), self._losers(v, legal)
        last = v.last_to_play
        if prefer_win and wins:
            if last:
                return self._pick(wins, high=False)
            masters = [i for i in wins if self._is_master(v, i) and i // 13 == v.led_suit]
            return self._pick(masters, high=False) if masters else self._pick(wins, high=False)
        return self._pick(loses or wins, high=False)

    # one method per rule ---------------------------------------------------------------------------
    def _own_nil(self, v: SpadesView, legal: int) -> int:
        if not v.trick:
            return self._pick(indices_of(legal), high=False)
        loses = self._losers(v, legal)
        if loses:
            return self._pick(loses, high=True)  # shed the highest card that still ducks
        if v.last_to_play:
            return self._pick(indices_of(legal), high=True)  # winning anyway: get rid of a big card
        return self._pick(indices_of(legal), high=False)  # someone after me may still overtake

    def _protect(self, v: SpadesView, legal: int) -> int:
        partner = partner_of(v.seat)
        cards = indices_of(legal)
        if not v.trick:
            masters = [i for i in cards if self._is_master(v, i)]
            return self._pick(masters or cards, high=True)
        partner_played = partner in v.trick_seats
        wins = self._winners(v, legal)
        if partner_played:
            if v.win_seat == partner and wins:
                return self._pick(wins, high=False)  # take the trick off partner
            return self._pick(self._losers(v, legal) or wins, high=False)
        if wins:
            return self._pick(wins, high=True)  # high enough that partner can duck under
        return self._pick(cards, high=False)

    def _bust(self, v: SpadesView, legal: int) -> int:
        cards = indices_of(legal)
        if not v.trick:
            return self._pick(cards, high=False)
        nil = next(o for o in opponents(v.seat) if v.nil_alive(o))
        loses = self._losers(v, legal)
        if v.win_seat == nil:
            return self._pick(loses, high=True) if loses else self._pick(cards, high=False)
        return self._pick(loses or cards, high=False)  # stay low and leave room under us

    def _win(self, v: SpadesView, legal: int) -> int:
        cards = indices_of(legal)
        partner = partner_of(v.seat)
        if not v.trick:
            masters = [i for i in cards if self._is_master(v, i) and i // 13 != SPADES]
            return self._pick(masters, high=True) if masters else self._pick(cards, high=False)
        if v.win_seat == partner and (v.last_to_play or self._is_master(v, v.win_card)):
            return self._pick(self._losers(v, legal) or cards, high=False)  # partner has it
        return self._follow_low_or_win(v, legal, prefer_win=True)

    def _duck(self, v: SpadesView, legal: int) -> int:
        cards = indices_of(legal)
        if not v.trick:
            return self._pick(cards, high=False)
        loses = self._losers(v, legal)
        if loses:
            return self._pick(loses, high=True)
        return self._pick(cards, high=v.last_to_play)


class RandomSpadesBot:
    """Bids 1..4 and plays any legal card, from its own ``Rng`` (a baseline)."""

    name = "random"

    def __init__(self, seed: int | str | Rng = 0):
        self.rng = seed if isinstance(seed, Rng) else Rng(check_seed(seed))

    def choose_bid(self, view: SpadesView) -> int:
        require_spades_view(view)
        return self.rng.randint(1, 4)

    def choose_play(self, view: SpadesView) -> Card:
        legal = require_spades_view(view).legal
        return legal[self.rng.randbelow(len(legal))]

    def bid(self, hand: SpadesHand | SpadesView, seat: int | None = None) -> int:
        return self.choose_bid(as_view(hand, seat))

    def choose(self, hand: SpadesHand | SpadesView) -> Card:
        return self.choose_play(as_view(hand))


def auto_play(hand: SpadesHand, bots: Sequence, stop_at: int | None = None) -> list[str]:
    """Let ``bots[seat]`` bid and play until it is ``stop_at``'s turn or the hand is over.
    Returns one line per action (for logs and widgets)."""
    log: list[str] = []
    players = [None if s == stop_at else bots[s] for s in FOUR.seats]
    driver.play(hand, players, on_move=lambda seat, kind, action, trick: log.append(move_line(hand, seat, kind,
                                                                                             action, trick)))
    return log


def move_line(hand: SpadesHand, seat: int, kind: str, action: int | Card, trick: Any) -> str:
    """One action as a log line: "West bids 3", "North plays Q♠ → North takes the trick"."""
    name = hand.seat_names[seat]
    if not isinstance(action, Card):
        return f"{name} bids {bid_word(action)}"
    return (f"{name} plays {action.pretty}"
            + (f" → {hand.seat_names[trick.winner]} takes the trick" if trick else ""))


def benchmark(hands: int = 200, seed: int = 0, opponent: str = "random") -> dict[str, float]:
    """Rule bots (one team) against ``opponent`` bots ("random" or "rules"), each deal played
    twice with the teams swapped. Returns average points per hand for both, and for the rule team the share
    of contracts made and of nil bids kept."""
    check_int(hands, "hands", 1)
    check_seed(seed)
    check_choice(opponent, "opponent", ("random", "rules"))
    totals = [0, 0]
    made = nils = nils_kept = 0
    for n in range(hands):
        rng = Rng(seed).spawn(n)
        for swap in (0, 1):
            hand = SpadesHand.deal(rng.spawn("deal"), dealer=n % SEAT_COUNT)
            bots = []
            for s in FOUR.seats:
                smart = team_of(s) == swap
                other = SpadesBot if opponent == "rules" else RandomSpadesBot
                bots.append(SpadesBot(rng.spawn(f"b{s}")) if smart else other(rng.spawn(f"r{s}")))
            auto_play(hand, bots)
            sc = hand.score()
            totals[0] += sc.team_points[swap]
            totals[1] += sc.team_points[1 - swap]
            made += sc.teams[swap].made
            for s in (swap, FOUR.partner(swap)):  # the rule team's seats
                if hand.bids[s] == 0:
                    nils += 1
                    nils_kept += hand.tricks_won[s] == 0
    games = 2 * hands
    return {"rule": totals[0] / games, "opponent": totals[1] / games, "made": made / games,
            "nils": nils, "nil_kept": nils_kept / nils if nils else 0.0}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m hearts_teach.agents.spades")
    ap.add_argument("--hands", type=positive_int, default=200, metavar="N",
                    help="deals to play (each twice, teams swapped); at least 1")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--opponent", choices=("random", "rules"), default="random")
    a = ap.parse_args(argv)
    r = benchmark(a.hands, a.seed, a.opponent)
    print(f"{a.hands} deals, each played twice with the teams swapped")
    print(f"rule bots:   {r['rule']:+.1f} points per hand, contract made in {100 * r['made']:.0f}% of hands")
    print(f"             {r['nils']:.0f} nil bids, {100 * r['nil_kept']:.0f}% kept")
    print(f"{a.opponent + ' bots:':<12} {r['opponent']:+.1f} points per hand")
    return 0


if __name__ == "__main__":
    raise SystemExit(quiet_on_closed_pipe(main))


__all__ = ["estimate_tricks", "quarters", "trick_count", "TrickCount", "nil_ok", "suggest_bid", "SpadesBot",
           "RandomSpadesBot", "auto_play", "benchmark"]
