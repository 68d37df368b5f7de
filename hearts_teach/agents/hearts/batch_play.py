"""Named policies on the batch engine: deal, pass and play many hands with ``random``,
``rule`` or ``easy`` at each seat (the engine itself, ``games.hearts.batch``, takes policy
objects and knows no bot by name)."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from hearts_teach.agents.hearts.batch_policy import RandomPolicy, RulePolicy
from hearts_teach.games.hearts.batch import (
    HAND_NUMBER_MAX,
    BatchResult,
    Policy,
    Stream,
    check_batch_seed,
    check_count,
    check_deals,
    check_rules,
    play_lineups,
    random_deals,
)
from hearts_teach.games.hearts.rules import Rules
from hearts_teach.kernel.errors import ArgumentError, ArgumentTypeError, quote
from hearts_teach.kernel.rng import Rng
from hearts_teach.kernel.table import SEAT_COUNT
from hearts_teach.kernel.validation import check_int


def make_policy(name: str | Policy, stream: Stream | None = None) -> Policy:
    """A vectorised policy by ladder name: ``random``, ``rule`` or ``easy``."""
    if isinstance(name, Policy):
        return name
    key = name.strip().lower() if isinstance(name, str) else None
    if key == "random":
        if stream is None:
            raise ArgumentError("the random policy needs a Stream", argument="stream")
        return RandomPolicy(stream)
    if key in ("rule", "greedy"):
        return RulePolicy()
    if key == "easy":
        return RulePolicy(moon_defence=False)
    raise (ArgumentError if isinstance(name, str) else ArgumentTypeError)(
        f"no batch policy {quote(name)}: the batch engine plays 'random', 'rule' and 'easy'", argument="policy")


def play_deals(deals: np.ndarray, seats: str | Sequence[str | Policy] = "rule", *,
               rules: Rules | None = None, offsets: np.ndarray | int | None = None,
               hand_numbers: np.ndarray | int = 0, stream: Stream | None = None,
               record: bool = False) -> BatchResult:
    """Play the given deals ((B, 4) masks) to the end: the pass (direction from
    ``offsets``, or from ``rules.pass_direction(hand_numbers)``), then 52 cards.

    seats: one policy (a name or a ``Policy``) for all four seats, or four in seat order.
    ``easy`` is the rule policy without moon defence.
    """
    deals = check_deals(deals)
    b = len(deals)
    if stream is None:
        stream = Stream(0, np.arange(b))
    if isinstance(seats, (str, Policy)):
        names = [seats] * SEAT_COUNT
    elif isinstance(seats, (list, tuple)):
        names = list(seats)
    else:
        raise ArgumentTypeError(f"one policy (a name or a Policy) or a list of four, got {quote(seats)}",
                                argument="seats")
    if len(names) != SEAT_COUNT:
        raise ArgumentError(f"one policy or four, got {len(names)}: {quote(names)}", argument="seats")
    policies: list[Policy] = []
    index: list[int] = []
    for n in names:
        pol = make_policy(n, stream)
        found = next((i for i, q in enumerate(policies) if q is pol or (
            type(q) is type(pol) and q.__dict__ == pol.__dict__)), None)
        if found is None:
            policies.append(pol)
            found = len(policies) - 1
        index.append(found)
    seat_policy = np.broadcast_to(np.array(index, dtype=np.intp), (b, SEAT_COUNT))
    return play_lineups(deals, policies, seat_policy, rules=rules, offsets=offsets,
                        hand_numbers=hand_numbers, record=record)


def play_hands(n: int, seed: int | Rng = 0, seats: str | Sequence[str | Policy] = "rule", *,
               rules: Rules | None = None, hand_number: int = 0, batch: int = 20_000,
               record: bool = False) -> BatchResult:
    """Entry point 1: deal ``n`` fresh hands from ``seed`` (the project's ``Rng`` seeds the
    batch stream), pass (direction of ``hand_number`` under ``rules``), play and score.
    Hand ``i`` is the same whatever ``n`` and ``batch`` are."""
    n = check_count(n, "n")
    batch = check_count(batch, "batch")
    rules = check_rules(rules)
    check_int(hand_number, "hand_number", 0, HAND_NUMBER_MAX)
    rng = check_batch_seed(seed)
    base = Stream.from_rng(rng, np.zeros(1)).seed
    parts = []
    for start in range(0, n, batch):
        ids = np.arange(start, min(n, start + batch), dtype=np.uint64)
        stream = Stream(base, ids)
        deals = random_deals(stream)
        parts.append(play_deals(deals, seats, rules=rules, hand_numbers=hand_number,
                                stream=stream, record=record))
    if len(parts) == 1:
        return parts[0]
    return BatchResult(np.concatenate([p.scores for p in parts]),
                       np.concatenate([p.moon for p in parts]),
                       np.concatenate([p.taken for p in parts]), parts[-1].state)


__all__ = ["make_policy", "play_deals", "play_hands"]
