"""Who moves for a bot seat: one function, so a stronger bot is one line away.

The bots package (:mod:`realpolitik.bots`) is used when it imports; otherwise a seeded uniform
choice over the legal actions stands in. Each decision gets a fresh bot seeded from the game seed
and the move number, so a game replays the same after a restart and no bot keeps hidden memory.

**Caps.** Anyone may create a game, so a bot's budget is the server's to bound (:class:`BotCaps`):
a spec asking for more iterations, seconds, samples, search depth or rollout than the caps is
refused when the game is created (422 naming the setting and the cap), and a searching bot that
gives no time limit gets the cap's seconds, so no decision runs longer than that. Bots think in one
bounded pool of threads for the whole server (``BotCaps.workers``).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any

from ..engine import Game, Rng, Seat
from ..engine.rng import is_keyed

DEFAULT_BOT = "random"


@dataclass(frozen=True, slots=True)
class BotCaps:
    """The most any bot of this server may think per decision."""

    iterations: int = 2000
    seconds: float = 3.0
    samples: int = 16
    depth: int = 12
    rollout: int = 40
    workers: int = 2
    """Threads that run bots' thinking, for every game together."""

    def limits(self) -> dict[str, float]:
        return {
            "iterations": self.iterations,
            "seconds": self.seconds,
            "samples": self.samples,
            "depth": self.depth,
            "rollout": self.rollout,
        }


DEFAULT_CAPS = BotCaps()


def bot_spec(controller: str) -> str | None:
    """``bot:heuristic`` -> ``heuristic``; ``human`` -> ``None``."""
    if controller == "bot":
        return DEFAULT_BOT
    if controller.startswith("bot:"):
        return controller.removeprefix("bot:") or DEFAULT_BOT
    return None


def _over_cap(spec: str, caps: BotCaps) -> str | None:
    name, *parts = spec.split(":")
    for part in parts:
        key, _sep, value = part.partition("=")
        cap = caps.limits().get(key)
        if cap is None:
            continue
        try:
            number = float(value)
        except ValueError:
            continue  # the bots package says what is wrong with it
        if not number <= cap:  # NaN too
            return f"bot {name}: {key}={value} is over this server's cap of {cap:g}"
    return None


def check_spec(spec: str, caps: BotCaps = DEFAULT_CAPS) -> str | None:
    """Why ``spec`` names no usable bot, or one over the server's caps, or ``None`` if it is fine."""
    try:
        from ..bots import BotSpecError, make_bot  # noqa: PLC0415 (optional package)
    except ImportError:
        return None if spec == DEFAULT_BOT else f"only the {DEFAULT_BOT!r} bot is available"
    try:
        make_bot(spec, seed=0)
    except BotSpecError as error:
        return str(error)
    return _over_cap(spec, caps)


def run_spec(spec: str, caps: BotCaps = DEFAULT_CAPS) -> str:
    """The spec a decision runs with: a searching bot without a time limit gets the cap's."""
    name, *parts = spec.split(":")
    if name == "ismcts" and not any(part.startswith("seconds=") for part in parts):
        if not any(part.startswith("iterations=") for part in parts):
            # the default budget counts iterations only: keep its count, add the time limit
            from ..bots.ismcts import DEFAULT_BUDGET  # noqa: PLC0415 (optional package)

            spec = f"{spec}:iterations={DEFAULT_BUDGET.iterations}"
        return f"{spec}:seconds={caps.seconds:g}"
    return spec


def decision_seed(game_seed: int, move_number: int, rank: int = 0) -> int:
    """The seed of one decision; ``rank`` tells apart bots deciding at once at the same move (a
    simultaneous decision), which would otherwise all draw the same numbers. A keyed game's seed
    goes through BLAKE2b, so a bot's choices tell nothing about the key."""
    if is_keyed(game_seed):
        digest = hashlib.blake2b(
            f"bot:{move_number}:{rank}".encode(), key=game_seed.to_bytes(33, "big"), digest_size=4
        ).digest()
        return int.from_bytes(digest, "big")
    return (game_seed * 1_000_003 + move_number * 7919 + rank * 104_729) & 0xFFFF_FFFF


def choose(game: Game[Any, Any], state: Any, seat: Seat, spec: str, seed: int) -> Any:
    """One legal action for ``seat`` (the state is not changed)."""
    try:
        from ..bots import make_bot  # noqa: PLC0415 (optional package)
    except ImportError:
        legal = game.legal_actions(state, seat)
        return legal[Rng.from_seed(seed).below(len(legal))]
    return make_bot(spec, seed=seed).choose(game, state, seat)
