"""Play a lesson's position on after the learner's card, and say how the hand ended.

Lesson 05 lets the learner make West's decision against a moon attempt; ``play_on`` gives the
``on_play`` callback of a ``HandWidget``: it plays the card, lets the bots finish the hand and
returns what happened — whether the moon was shot or stopped, and by which trick.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from hearts_teach.course.describe import describe_trick
from hearts_teach.course.players import bots_play
from hearts_teach.games.hearts.hand import Hand
from hearts_teach.kernel.cards import Card


def moon_outcome(hand: Hand, shooter: int, since: int = 0) -> str:
    """A finished hand in words, for a moon attempt by ``shooter``: shot, or stopped and where
    (the first trick from trick ``since + 1`` on that gave points to someone else)."""
    names = hand.seat_names
    if hand.moon is not None:
        others = [names[s] for s in hand.table.seats if s != hand.moon]
        return (f"{names[hand.moon]} took all 26 points: the moon succeeded, and {', '.join(others[:-1])} "
                f"and {others[-1]} score 26 each.")
    taken = ", ".join(f"{names[s]} {hand.points_taken[s]}" for s in hand.table.seats)
    stop = next((t for t in hand.tricks[since:] if t.points and t.winner != shooter), None)
    where = f" It was stopped on {describe_trick(hand, stop)}." if stop is not None else ""
    return f"The moon was stopped: points taken {taken}.{where}"


def play_on(hand: Hand, seat: int, bots: Sequence[Any], shooter: int) -> Callable[[Card], str]:
    """The ``on_play`` of a HandWidget for ``seat``: play the card, let ``bots`` finish the hand,
    and describe the outcome of ``shooter``'s moon attempt."""
    def on_play(card: Card) -> str:
        since = len(hand.tricks)
        hand.play(card, seat)
        bots_play(hand, bots)
        return (f"{hand.seat_names[seat]} played {card.pretty}; the bots played the hand out. "
                + moon_outcome(hand, shooter, since))
    return on_play


def hint_replay(seed: int, opponents: str, instead: Mapping[int, str], hints_through: int,
                finish: bool = True) -> Any:
    """Lesson 07's demonstration hand played again from its deal (a ``TableWidget``): South
    passes and plays the coach's hints up to trick ``hints_through``, except the card
    ``instead[trick]`` on those tricks; then the computer finishes the hand (``finish``), or the
    replay stops at South's next turn."""
    from hearts_teach.present.widgets import TableWidget

    table = TableWidget(seed=seed, opponents=opponents)
    table.hint()
    table.pass_cards(table.hint_result.cards)
    while table.hand.trick_number <= hints_through:
        number = table.hand.trick_number
        table.hint()
        table.play(instead.get(number, table.hint_result.card))
    if finish:
        table.finish_hand()
    return table

