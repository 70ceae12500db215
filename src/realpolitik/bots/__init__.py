"""Bots: seeded players behind one interface, for any game the engine knows.

* :class:`RandomBot` (``random``): a uniformly random legal action.
* :class:`HeuristicBot` (``heuristic``): greedy one-ply on the game's evaluation.
* :class:`IsmctsBot` (``ismcts``): information-set MCTS over determinized worlds.

Make one from a spec with :func:`make_bot` (``"ismcts:iterations=300"``); see docs/bots.md.
"""

from .base import Bot, Budget, determinizer
from .heuristic import HeuristicBot
from .hooks import GameHooks, hooks_for
from .ismcts import IsmctsBot
from .random_bot import RandomBot
from .registry import BOTS, BotSpec, BotSpecError, make_bot, parse_spec

__all__ = [
    "BOTS",
    "Bot",
    "BotSpec",
    "BotSpecError",
    "Budget",
    "GameHooks",
    "HeuristicBot",
    "IsmctsBot",
    "RandomBot",
    "determinizer",
    "hooks_for",
    "make_bot",
    "parse_spec",
]
