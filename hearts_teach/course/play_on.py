"""Play a lesson's position on after the learner's card, and say how the hand ended.

Lesson 05 lets the learner make West's decision against a moon attempt; ``play_on`` gives the
``on_play`` callback of a ``HandWidget``: it plays the card, lets the bots finish the hand and
returns what happened — whether the moon was shot or stopped, and by which trick.
Lesson 07 replays its demonstration with another card (``hint_replay``), prints the coach's
figures in one unit (``figures``), and gives feedback on the learner's own match
(``after_first_hand``, ``costliest_trick``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from hearts_teach.course.describe import describe_trick
from hearts_teach.course.players import bots_play
from hearts_teach.games.hearts.hand import Hand
from hearts_teach.kernel.cards import Card

if TYPE_CHECKING:  # the widgets load the coach and numpy: imported when a replay is asked for, not with this module
    from hearts_teach.agents.coach import Candidate
    from hearts_teach.present.widgets import TableWidget


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
                finish: bool = True) -> TableWidget:
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


def figures(candidates: Iterable[Candidate]) -> str:
    """The coach's candidates as a small table in one unit: the card(s) or the pass, the points they cost on
    average this hand (hearts + 13 for the Q♠), the share of deals where the Q♠ ends up in your
    tricks, and the grade."""
    candidates = list(candidates)
    rows = [(c.label, f"{c.exp_points:.1f}", f"{c.stats['p_take_qs']:.1%}", c.call) for c in candidates]
    width = max([4] + [len(r[0]) for r in rows])
    head = "pass" if any(c.is_pass for c in candidates) else "card"
    lines = [f"{head:<{width}}  {'points':>6}  {'Q♠ %':>6}  grade"]
    lines += [f"{label:<{width}}  {points:>6}  {share:>6}  {call}" for label, points, share, call in rows]
    return "\n".join(lines)


def costs(candidates: Iterable[Candidate], noun: str = "card") -> str:
    """Each candidate's cost against the coach's best, with its 95 % range, under a heading that says
    what the figures are (the coach's figures its grades come from)."""
    lines = [f"Each {noun}'s cost, in points per hand more than the best (its likely range):"]
    lines += [f"  {c.label}: {c.delta_vs_best:.2f} ({c.delta_ci95[0]:.2f} to {c.delta_ci95[1]:.2f})"
              for c in candidates]
    return "\n".join(lines)


TAKE_AWAYS = ("For the next hand, recall lesson 07's four take-aways: the pass; until the queen has been played; "
              "when you play last; a card you passed is a card you know.")


def after_first_hand(table: TableWidget, over: float = 2.0) -> str:
    """Feedback on hand 1 of a ``TableWidget``'s match: its score, the accuracy, each moment of
    the review that cost more than ``over`` points, with the *Try again* button to press, and the
    names of lesson 07's take-aways (``TAKE_AWAYS``) to recall."""
    if table.match is None:  # a table given one hand has no match to review
        return "This table plays a single hand, not a match: there is no hand 1 to review."
    first = table.match.hands[0]
    if not first.is_over:
        return "Hand 1 is not over yet: play it to the end, then run this cell again."
    review = table.review_panel.review(first)
    lines = [f"Hand 1: you scored {first.scores[table.you]}. {review.accuracy_line()}"]
    costly = [g for g in review.moments if g.cost > over]
    for g in costly:
        lines.append(f"{g.label} ({g.mark}) cost about {g.cost:.1f} points; the coach's choice: {g.best_label}.")
    if not costly:
        lines.append(f"No decision cost more than {over:g} points: nothing to try again. Play on.")
    elif table.hand is first:
        lines.append("Press *Try again* on each in the review under the table, and play the coach's choice.")
    else:
        lines.append("*Try again* shows only the hand in view: next time, use it before *Next hand*.")
    lines.append(TAKE_AWAYS)
    return "\n".join(lines)


def costliest_trick(table: TableWidget) -> str:
    """The trick that gave the learner the most points in a ``TableWidget``'s finished hands, and
    who played after them on it."""
    you = table.you
    if table.match is None:  # a table given one hand has no match to look back on
        return "This table plays a single hand, not a match: play a match first, then run this cell."
    finished = table.match.finished_hands
    if not finished:
        return "No hand is finished yet: play the match first, then run this cell."
    taken = [(t.points, -h.hand_number, -t.number, h, t) for h in finished for t in h.tricks
             if t.winner == you and t.points]
    if not taken:
        return "You took no points in any trick: none cost you anything."
    *_, hand, trick = max(taken, key=lambda x: x[:3])
    names = hand.seat_names
    after = [names[s] for s in trick.seats[list(trick.seats).index(you) + 1:]]
    who = ", then ".join(after) if after else "nobody: you played last"
    return f"Hand {hand.hand_number + 1}, {describe_trick(hand, trick)}. After you played: {who}."
