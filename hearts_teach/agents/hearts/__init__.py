"""Opponents: a random bot, the rule bot and a Monte Carlo bot, by name.

>>> from hearts_teach.agents.hearts import make_bot
>>> bot = make_bot("rule")
>>> card = bot.choose_play(hand.view(hand.turn))      # bots only ever see a View

The difficulty ladder (weakest first): ``random``, ``easy``, ``rule``, ``medium``,
``hard``, ``expert``. ``mc:N`` gives a Monte Carlo bot with N sampled worlds.
"""

from __future__ import annotations

from hearts_teach.agents.hearts.base import Bot
from hearts_teach.agents.hearts.mc import MAX_WORLDS, MonteCarloBot
from hearts_teach.agents.hearts.simple import RandomBot, RuleBot
from hearts_teach.kernel.errors import HeartsError, quote
from hearts_teach.kernel.validation import check_seed

LADDER: dict[str, str] = {
    "random": "plays a random legal card and passes 3 random cards",
    "easy": "the rule bot without moon defence",
    "rule": "the rule bot: ducks, dumps the queen, flushes spades, defends against a moon",
    "medium": "Monte Carlo over 32 sampled deals, rolled out with the rule bot",
    "hard": "Monte Carlo over 256 sampled deals",
    "expert": "Monte Carlo over 1,024 sampled deals",
}
# the rollouts run on the batch engine, so even 1,024 deals keep a play under a quarter second
MC_WORLDS = {"medium": 32, "hard": 256, "expert": 1024}


class UnknownBotError(HeartsError):
    """A bot name that is not on the ladder."""


def bot_names() -> tuple[str, ...]:
    """The ladder, weakest first."""
    return tuple(LADDER)


def make_bot(name: str, seed: int = 0) -> Bot:
    """A bot by ladder name (``random``, ``easy``, ``rule``, ``medium``, ``hard``,
    ``expert``) or ``mc:N``. Every bot is reproducible from ``seed``."""
    check_seed(seed, allow_str=False)  # before the name: a bad seed is named as such
    if isinstance(name, Bot):
        return name
    if not isinstance(name, str):
        raise UnknownBotError(f"a bot name must be a string, got {quote(name)}; "
                              f"choose one of {', '.join(LADDER)} or mc:N")
    key = name.strip().lower()
    if key == "random":
        return RandomBot(seed)
    if key == "easy":
        return RuleBot(seed, moon_defence=False)
    if key in ("rule", "greedy"):
        return RuleBot(seed)
    if key in MC_WORLDS:
        return MonteCarloBot(seed, worlds=MC_WORLDS[key], name=key)
    if key.startswith("mc:"):
        digits = key[3:].strip()
        n = int(digits) if digits.isascii() and digits.isdigit() and len(digits) <= 6 else 0
        if 2 <= n <= MAX_WORLDS:
            return MonteCarloBot(seed, worlds=n)
        raise UnknownBotError(f"bad Monte Carlo bot {quote(name)}: write mc:N with N from 2 to "
                              f"{MAX_WORLDS:,} sampled worlds, e.g. mc:64")
    raise UnknownBotError(f"unknown bot {quote(name)}; choose one of {', '.join(LADDER)} or mc:N (e.g. mc:64)")


__all__ = ["Bot", "LADDER", "MonteCarloBot", "RandomBot", "RuleBot", "UnknownBotError",
           "bot_names", "make_bot"]
