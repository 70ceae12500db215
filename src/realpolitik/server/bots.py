"""Who moves for a bot seat: one function, so a stronger bot is one line away.

The bots package (:mod:`realpolitik.bots`) is used when it imports; otherwise a seeded uniform
choice over the legal actions stands in. Each decision gets a fresh bot seeded from the game seed
and the move number, so a game replays the same after a restart and no bot keeps hidden memory.
"""

from __future__ import annotations

from typing import Any

from ..engine import Game, Rng, Seat

DEFAULT_BOT = "random"


def bot_spec(controller: str) -> str | None:
    """``bot:heuristic`` -> ``heuristic``; ``human`` -> ``None``."""
    if controller == "bot":
        return DEFAULT_BOT
    if controller.startswith("bot:"):
        return controller.removeprefix("bot:") or DEFAULT_BOT
    return None


def check_spec(spec: str) -> str | None:
    """Why ``spec`` names no usable bot, or ``None`` if it does."""
    try:
        from ..bots import BotSpecError, make_bot  # noqa: PLC0415 (optional package)
    except ImportError:
        return None if spec == DEFAULT_BOT else f"only the {DEFAULT_BOT!r} bot is available"
    try:
        make_bot(spec, seed=0)
    except BotSpecError as error:
        return str(error)
    return None


def decision_seed(game_seed: int, move_number: int, rank: int = 0) -> int:
    """The seed of one decision; ``rank`` tells apart bots deciding at once at the same move (a
    simultaneous decision), which would otherwise all draw the same numbers."""
    return (game_seed * 1_000_003 + move_number * 7919 + rank * 104_729) & 0xFFFF_FFFF


def choose(game: Game[Any, Any], state: Any, seat: Seat, spec: str, seed: int) -> Any:
    """One legal action for ``seat`` (the state is not changed)."""
    try:
        from ..bots import make_bot  # noqa: PLC0415 (optional package)
    except ImportError:
        legal = game.legal_actions(state, seat)
        return legal[Rng.from_seed(seed).below(len(legal))]
    return make_bot(spec, seed=seed).choose(game, state, seat)
