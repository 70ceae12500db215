"""Bots by name, and the short text that names a bot with its settings.

A bot spec is ``NAME`` or ``NAME:KEY=VALUE:KEY=VALUE``, e.g. ``random``, ``heuristic``,
``heuristic:samples=2``, ``ismcts:iterations=300``, ``ismcts:seconds=0.5:rollout=4``. The keys:
``iterations`` and ``seconds`` (the budget), and each bot's own settings.

>>> spec = parse_spec("ismcts:iterations=300")
>>> spec.name, dict(spec.settings)
('ismcts', {'iterations': '300'})
>>> make_bot("random", seed=7).describe()
'random'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from .base import Bot, Budget
from .heuristic import HeuristicBot
from .ismcts import DEFAULT_BUDGET, IsmctsBot
from .random_bot import RandomBot


class BotSpecError(ValueError):
    """A bot spec that names no bot or has a bad setting."""


@dataclass(frozen=True, slots=True)
class BotSpec:
    name: str
    settings: Mapping[str, str] = field(default_factory=dict)

    def __str__(self) -> str:
        return ":".join([self.name, *(f"{k}={v}" for k, v in self.settings.items())])


def parse_spec(text: str) -> BotSpec:
    name, *parts = text.strip().split(":")
    if name not in BOTS:
        raise BotSpecError(f"no bot {name!r} (known: {', '.join(BOTS)})")
    settings: dict[str, str] = {}
    for part in parts:
        key, sep, value = part.partition("=")
        if not sep or not key or not value:
            raise BotSpecError(f"bot setting {part!r}: write KEY=VALUE, e.g. {name}:iterations=200")
        settings[key] = value
    return BotSpec(name, settings)


def _number(spec: BotSpec, key: str, kind: Callable[[str], Any], default: Any) -> Any:
    if key not in spec.settings:
        return default
    try:
        return kind(spec.settings[key])
    except ValueError:
        raise BotSpecError(f"bot {spec.name}: {key}={spec.settings[key]!r} is not a number") from None


def _budget(spec: BotSpec, default: Budget) -> Budget:
    if "iterations" not in spec.settings and "seconds" not in spec.settings:
        return default
    return Budget(_number(spec, "iterations", int, None), _number(spec, "seconds", float, None))


def _random(spec: BotSpec, seed: int) -> Bot:
    return RandomBot(seed)


def _heuristic(spec: BotSpec, seed: int) -> Bot:
    return HeuristicBot(
        seed, samples=_number(spec, "samples", int, 4), target=spec.settings.get("target", "field")
    )


def _ismcts(spec: BotSpec, seed: int) -> Bot:
    return IsmctsBot(
        seed,
        _budget(spec, DEFAULT_BUDGET),
        exploration=_number(spec, "c", float, 0.1),
        rollout_depth=_number(spec, "rollout", int, 0),
        widening=_number(spec, "widening", float, 1.5),
        prior_weight=_number(spec, "prior", float, 1.0),
        horizon=spec.settings.get("horizon", "turn"),
        max_depth=_number(spec, "depth", int, 6),
        target=spec.settings.get("target"),  # None: the game's search_target
        backup=spec.settings.get("backup", "max"),
    )


BOTS: dict[str, Callable[[BotSpec, int], Bot]] = {
    "random": _random,
    "heuristic": _heuristic,
    "ismcts": _ismcts,
}
"""Every bot by name (``ismcts`` settings: iterations, seconds, c, rollout, widening, prior,
horizon, depth, target, backup; ``heuristic``: samples, target)."""

KNOWN_SETTINGS = {
    "random": set(),
    "heuristic": {"samples", "target"},
    "ismcts": {
        "iterations",
        "seconds",
        "c",
        "rollout",
        "widening",
        "prior",
        "horizon",
        "depth",
        "target",
        "backup",
    },
}


def make_bot(spec: str | BotSpec, seed: int = 0) -> Bot:
    """A fresh bot from its spec and seed."""
    parsed = parse_spec(spec) if isinstance(spec, str) else spec
    unknown = set(parsed.settings) - KNOWN_SETTINGS[parsed.name]
    if unknown:
        known = ", ".join(sorted(KNOWN_SETTINGS[parsed.name])) or "none"
        raise BotSpecError(
            f"bot {parsed.name}: unknown setting(s) {', '.join(sorted(unknown))} (known: {known})"
        )
    try:
        return BOTS[parsed.name](parsed, seed)
    except BotSpecError:
        raise
    except ValueError as error:  # a setting the bot itself refuses, e.g. target=everyone
        raise BotSpecError(f"bot {parsed.name}: {error}") from None
