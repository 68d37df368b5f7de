"""Opponents by name: the registry of bots and the learner's ladder.

>>> from hearts_teach.agents.hearts import make_bot, ladder_levels
>>> bot = make_bot("rule")
>>> card = bot.choose_play(hand.view(hand.turn))      # bots only ever see a View
>>> [name for name, label, description in ladder_levels()]
['random', 'beginner', 'rule', 'medium', 'expert']

Each ladder level beats the one below it (one bot against three of the level below, duplicate
deals; ``python -m hearts_teach.tools.bench_bots --ladder`` measures it). ``easy`` (the rule bot
without moon defence, which the lessons use to show a moon), ``hard`` (Monte Carlo on 256 deals,
not measurably apart from its neighbours) and ``highest`` are registered but not on the ladder. ``mc:N`` gives a Monte Carlo bot with N sampled worlds. A new bot is one
``register_bot`` call (``docs/development.md``, "Add a bot").
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from hearts_teach.agents.hearts.base import Bot
from hearts_teach.agents.hearts.endgame import SEARCH_CARDS
from hearts_teach.agents.hearts.mc import CANDIDATE_CAP, MAX_WORLDS, MonteCarloBot
from hearts_teach.agents.hearts.registry import (
    BotEntry,
    UnknownBotError,
    bot_names,
    build,
    ladder_levels,
    ladder_names,
    register_bot,
    registered,
    unregister_bot,
)
from hearts_teach.agents.hearts.simple import BeginnerBot, HighestCardBot, RandomBot, RuleBot
from hearts_teach.kernel.errors import quote
from hearts_teach.kernel.validation import check_seed

# the rollouts run on the batch engine, so even 1,024 deals keep a play under a quarter second
MC_WORLDS = {"medium": 32, "hard": 256, "expert": 1024}
# expert reads the others' plays (agents.hearts.inference): a play the rule policy would not have
# made keeps 1/20 of a deal's weight, so a deal is made unlikely, never ruled out; six swaps
# spread the kept deals, and with five cards or fewer it searches its own cards exactly in 128
# of them (agents.hearts.endgame). Together +0.24 [+0.04, +0.44] points a hand over two swaps and
# rollouts to the end, paired on the ladder's 300 deals against the rule field (README)
def _expert(seed: int) -> MonteCarloBot:
    return MonteCarloBot(seed, worlds=MC_WORLDS["expert"], name="expert", miss=0.05, moves=6,
                         endgame=SEARCH_CARDS, endgame_worlds=128)


# the ladder, weakest first (registration order is ladder order)
register_bot("random", RandomBot, ladder=True, label="Random",
             description="plays any legal card and passes 3 random cards; the weakest")
register_bot("beginner", BeginnerBot, ladder=True, label="Beginner",
             description="passes its three highest cards, ducks when it can, else plays its highest "
                         "card, even the Q♠; never stops a moon (one player taking every point); easy to beat")
register_bot("rule", RuleBot, ladder=True, label="Solid", aliases=("greedy",),
             description="plays by the book: ducks, dumps the Q♠, flushes spades and stops a moon")
register_bot("medium", lambda seed: MonteCarloBot(seed, worlds=MC_WORLDS["medium"], name="medium"),
             ladder=True, label="Thinker", search=True,
             description=f"tries up to {CANDIDATE_CAP} of its choices on {MC_WORLDS['medium']} imagined deals and "
                         "keeps the rule bot's choice unless another clearly costs less")
register_bot("expert", _expert,
             ladder=True, label="Expert", search=True,
             description=f"tries up to {CANDIDATE_CAP} of its choices on {MC_WORLDS['expert']:,} imagined deals, "
                         "favouring those that fit the others' plays so far, and works out its last five cards "
                         "exactly: the strongest, and the slowest")
# registered, not on the ladder
register_bot("hard", lambda seed: MonteCarloBot(seed, worlds=MC_WORLDS["hard"], name="hard"), label="Strong",
             search=True, description="Monte Carlo on 256 deals: not measurably apart from medium or expert")
register_bot("easy", lambda seed: RuleBot(seed, moon_defence=False), label="Easy (no moon defence)",
             description="the rule bot without moon defence: lesson 05 lets it be mooned")
register_bot("highest", HighestCardBot, label="Highest card",
             description="a yardstick: passes and plays its highest cards")


class _LadderDescriptions(Mapping[str, str]):
    """``LADDER``: ladder name -> one-line description, weakest first, read live from the
    registry (kept for code that printed the ladder as a dict)."""

    def __getitem__(self, name: str) -> str:
        entry = registered(name)
        if not entry.ladder:
            raise KeyError(name)
        return entry.description

    def __iter__(self) -> Iterator[str]:
        return iter(ladder_names())

    def __len__(self) -> int:
        return len(ladder_names())

    def __repr__(self) -> str:
        return f"LADDER({dict(self)!r})"


LADDER: Mapping[str, str] = _LadderDescriptions()


def make_bot(name: str | Bot, seed: int = 0) -> Bot:
    """A bot by registered name (``bot_names()``: the ladder ``random``, ``beginner``, ``rule``,
    ``medium``, ``expert``, and ``easy``, ``hard``, ``highest``, any bot added with
    ``register_bot``) or ``mc:N``. Every bot is reproducible from ``seed``."""
    check_seed(seed, allow_str=False)  # before the name: a bad seed is named as such
    if isinstance(name, Bot):
        return name
    if not isinstance(name, str):
        raise UnknownBotError(f"a bot name must be a string, got {quote(name)}; "
                              f"choose one of {', '.join(bot_names())} or mc:N")
    key = name.strip().lower()
    if key.startswith("mc:"):
        digits = key[3:].strip()
        n = int(digits) if digits.isascii() and digits.isdigit() and len(digits) <= 6 else 0
        if 2 <= n <= MAX_WORLDS:
            return MonteCarloBot(seed, worlds=n)
        raise UnknownBotError(f"bad Monte Carlo bot {quote(name)}: write mc:N with N from 2 to "
                              f"{MAX_WORLDS:,} sampled worlds, e.g. mc:64")
    return build(key, seed)


__all__ = ["BeginnerBot", "Bot", "BotEntry", "HighestCardBot", "LADDER", "MonteCarloBot", "RandomBot", "RuleBot",
           "UnknownBotError", "bot_names", "ladder_levels", "ladder_names", "make_bot", "register_bot",
           "registered", "unregister_bot"]
