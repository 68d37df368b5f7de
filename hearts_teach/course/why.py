"""Why the rule bot played a card: its decision recomputed branch by branch, in words.

``agents.hearts.policy.rule_play`` returns only a card (it runs in every rollout, so it keeps
no trace). ``why(view)`` walks the same branches in the same order from the same inputs and
says which one fired and what it saw; ``tests/test_why.py`` checks on thousands of positions
that the card named here is the card ``RuleBot`` plays, so a lesson that prints ``why`` can
never explain a move the bot did not make, or give a reason the bot did not use.
"""

from __future__ import annotations

from dataclasses import dataclass

from hearts_teach.agents.hearts.policy import (
    AS_MASK,
    BIG_SPADES,
    CLUBS,
    DIAMONDS,
    HEARTS_MASK,
    INSURANCE_RANK,
    KS_MASK,
    MOON_OPEN,
    NO_MOON,
    NON_POINTS,
    POINTS,
    SPADES,
    _has_played,
    threat_of,
)
from hearts_teach.games.hearts.hand import Hand
from hearts_teach.games.hearts.view import View
from hearts_teach.kernel.cards import DECK, QS_INDEX, QS_MASK, SUIT_MASKS, Card

_ABOVE = tuple(((1 << 52) - 1) & ~((2 << c) - 1) for c in range(52))
_BELOW = tuple((1 << c) - 1 for c in range(52))
_SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")


@dataclass(frozen=True)
class Why:
    """The rule bot's card, the branch of its policy that chose it, and that branch in words."""

    card: Card
    branch: str
    reason: str

    def __str__(self) -> str:
        return f"{self.card.pretty}: {self.reason}"


def _hi(mask: int) -> int:
    return mask.bit_length() - 1


def _lo(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


def _moon_words(view: View, threat: int) -> str:
    who = view.seat_names[threat]
    return f"{who} has taken every point so far ({view.points(threat)}), so a moon is possible"


def why(view: View, moon_defence: bool = True) -> Why:
    """The card ``RuleBot(moon_defence=...)`` plays from ``view``, and why."""
    threat = threat_of(view.taken, view.seat) if moon_defence else NO_MOON
    card, branch, reason = _decide(view, threat)
    return Why(DECK[card], branch, reason)


def _decide(view: View, threat: int) -> tuple[int, str, str]:  # noqa: C901 - mirrors rule_play
    seat, hand, legal = view.seat, view.hand, view.legal_mask
    trick = list(view.trick)
    trick_len = len(trick)
    seats = view.rules.players
    last = seats - 1
    trick_mask = 0
    for c in trick:
        trick_mask |= 1 << c
    if legal.bit_count() < 2:
        return _hi(legal), "forced", "it is the only card the rules allow"
    if trick_len == 0:
        return _lead(view, threat)
    led, win_card, win_seat = view.led_suit, view.win_card, view.win_seat
    suit_mask = SUIT_MASKS[led]
    winner = f"{view.seat_names[win_seat]}'s {DECK[win_card].pretty}"
    if hand & suit_mask:
        if led == 3 and legal & QS_MASK and win_card > QS_INDEX and threat < 0:
            return QS_INDEX, "queen-under", f"{winner} already beats the queen, so she goes under it"
        above = legal & _ABOVE[win_card]
        if threat >= 0 and above and (win_seat == threat or not _has_played(threat, seat, trick_len, seats)):
            safe = above & ~QS_MASK
            c = _hi(safe) if safe else QS_INDEX
            return c, "moon-take", f"{_moon_words(view, threat)}: it takes this trick to stop it"
        if trick_len == last and not trick_mask & POINTS and above:
            safe = legal & ~QS_MASK
            c = _hi(safe) if safe else QS_INDEX
            return c, "last-clean", ("it plays last to a trick with no points in it, so it wins the trick "
                                     "with its highest card and is rid of that card")
        below = legal & _BELOW[win_card]
        if below:
            return _hi(below), "duck", f"its highest {_SUIT_NAMES[led][:-1]} that stays under {winner}"
        safe = legal & ~QS_MASK
        if not safe:
            return QS_INDEX, "forced-win", "the Q♠ is the only card it may play, and it beats the trick"
        if trick_len == last:
            return _hi(safe), "forced-win-last", ("every card it may play beats the trick and it plays last, "
                                                  "so it wins with its highest")
        return _lo(safe), "forced-win", ("every card it may play beats the trick, so it plays its lowest"
                                         + (" other than the Q♠ (she would be its own 13 points)"
                                            if legal & QS_MASK else ""))
    # void in the led suit: a discard
    void = f"it has no {_SUIT_NAMES[led]}"
    if threat >= 0 and (win_seat == threat or not _has_played(threat, seat, trick_len, seats)):
        clean = legal & NON_POINTS
        if clean:
            return _hi(clean), "moon-no-feed", f"{void}; {_moon_words(view, threat)}: it gives no point to the shooter"
        hearts = legal & HEARTS_MASK
        if hearts:
            return _lo(hearts), "moon-feed-low", (f"{void}; {_moon_words(view, threat)}: it gives the lowest heart "
                                                  "and keeps high ones to win a heart back")
    if legal & QS_MASK:
        return QS_INDEX, "dump-queen", f"{void}, so it discards the queen (13 points) onto another player's trick"
    if not view.played & QS_MASK and not hand & QS_MASK and legal & (AS_MASK | KS_MASK):
        c = _hi(legal & (AS_MASK | KS_MASK))
        return c, "dump-big-spade", (f"{void}, and the queen, not yet played, is in another hand: "
                                     "it discards a spade that could later be forced to take her")
    hearts = legal & HEARTS_MASK
    if hearts:
        top = _hi(hearts)
        if threat == MOON_OPEN and hearts & (hearts - 1):  # a moon is open and a second heart can go instead
            if top % 13 >= INSURANCE_RANK:
                return _hi(hearts ^ (1 << top)), "keep-top-heart", (
                    f"{void}; it discards a heart but keeps its highest heart, {DECK[top].pretty}, as insurance: "
                    "while one player could still take every point, a high heart can win one back")
            lowest_kept = DECK[top - top % 13 + INSURANCE_RANK].pretty
            return top, "dump-heart", (f"{void}, so it discards its highest heart, "
                                       f"too low (under {lowest_kept}) to keep as insurance")
        return top, "dump-heart", f"{void}, so it discards its highest heart"
    c = _highest(legal, hand)
    return c, "dump-high", f"{void}, so it discards its highest card (from its shortest suit on a tie)"


def _highest(legal: int, hand: int) -> int:
    best, best_key = -1, (-1, 0)
    m = legal
    while m:
        b = m & -m
        c = b.bit_length() - 1
        m ^= b
        key = (c % 13, -(hand & SUIT_MASKS[c // 13]).bit_count())
        if key > best_key:
            best, best_key = c, key
    return best


def _lead(view: View, threat: int) -> tuple[int, str, str]:
    hand, legal, played = view.hand, view.legal_mask, view.played
    if threat >= 0:
        hearts = legal & HEARTS_MASK
        if hearts:
            top = _hi(hearts)
            out = HEARTS_MASK & ~played & ~hand
            if not out >> top:
                return top, "moon-lead-heart", (f"{_moon_words(view, threat)}: no heart left in the other hands beats "
                                                f"{DECK[top].pretty}, so leading it wins a heart back")
    spades = legal & SPADES
    if spades and not hand & BIG_SPADES and not played & QS_MASK:
        return _lo(spades), "flush-queen", ("it holds none of Q♠ K♠ A♠ and the queen has not been played yet: "
                                            "a low spade lead can never take her and makes her holder follow")
    clubs, diamonds = legal & CLUBS, legal & DIAMONDS
    if spades and hand & BIG_SPADES and (clubs or diamonds):
        spades = 0
    best, best_n, best_rank = -1, 99, 99
    for m in (clubs, diamonds, spades):
        if m:
            n = m.bit_count()
            c = _lo(m)
            if n < best_n or (n == best_n and c % 13 < best_rank):
                best, best_n, best_rank = c, n, c % 13
    if best >= 0:
        # a suit it never works (hearts, held whether or not they may be led yet; spades beside a big spade)
        # may be as short or shorter: "apart from" says so
        skipped = [_SUIT_NAMES[s] for s, m in ((2, hand & HEARTS_MASK), (3, legal & SPADES & ~spades))
                   if m and m.bit_count() <= best_n]
        shortest = "its shortest suit" + (f" apart from {' and '.join(skipped)}" if skipped else "")
        if best_n == 1:  # a singleton: "the lowest card" of one card reads oddly
            return best, "short-suit", f"it leads its only {_SUIT_NAMES[best // 13][:-1]}, {shortest}, to empty that suit"
        return best, "short-suit", (f"it leads the lowest card of {shortest} ({_SUIT_NAMES[best // 13]}, "
                                    f"{best_n} cards) to empty that suit soon")
    return _lo(legal), "low-lead", "it leads its lowest card"


__all__ = ["Why", "why", "why_instead", "why_now", "why_played"]


def why_now(hand: Hand, moon_defence: bool = True) -> Why:
    """``why`` for the seat to play on ``hand`` (a ``games.hearts.Hand`` in the play phase)."""
    return why(View.from_hand(hand, hand.to_act()), moon_defence)


def _before(hand: Hand, trick: int, seat: int) -> tuple[Hand, Card]:
    """A copy of a played ``hand`` replayed to just before ``seat``'s card in trick ``trick``
    (1-based), and the card that seat played there."""
    history = list(hand.history)
    replay = hand.copy()
    for k, action in enumerate(history):
        if action.kind != "play":
            continue
        replay.replay(history[:k])
        if replay.trick_number == trick and replay.turn == seat:
            return replay, action.card
    raise ValueError(f"{hand.seat_names[seat]} did not play to trick {trick}")


def why_played(hand: Hand, trick: int, seat: int, moon_defence: bool = True) -> Why:
    """Why ``seat`` played its card to trick ``trick`` (1-based) of a played ``hand``, from the
    rule bot's own decision in the position before that card. Raises ``ValueError`` when the
    card played there is not the rule bot's (that seat was not a rule bot then)."""
    replay, card = _before(hand, trick, seat)
    w = why_now(replay, moon_defence)
    if w.card != card:
        raise ValueError(f"{hand.seat_names[seat]} played {card.pretty} to trick {trick}; "
                         f"the rule bot would play {w.card.pretty}")
    return w


def why_instead(hand: Hand, trick: int, seat: int, moon_defence: bool = True) -> Why:
    """What a rule bot (``moon_defence`` on or off) would have played in ``seat``'s place in trick
    ``trick`` (1-based) of a played ``hand``, and why: the same position as ``why_played``, whatever
    that seat actually played there (lesson 05: the moon watch, had East been a rule bot)."""
    return why_now(_before(hand, trick, seat)[0], moon_defence)
