"""The one interface every bot implements, whatever the game.

A bot is asked for one decision at a time: :meth:`Bot.choose` gets the game object, the state and
the seat to decide for, and returns one of ``game.legal_actions(state, seat)``. Bots speak only the
engine protocol. They may read the seat's view, the legal actions and the public parts of the state
through the game's own evaluation hooks (:mod:`realpolitik.bots.hooks`); whenever they look ahead
they first resample everything the seat cannot see with the determinizer the game's plug-in
declares, so no bot ever profits from another seat's hand, the deck order or the dice to come.

Every bot is seeded: the same seed, budget and position give the same decision.
"""

from __future__ import annotations

import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ..engine import Determinizer, Game, Rng, Seat, plugin_for


@dataclass(frozen=True, slots=True)
class Budget:
    """How much a bot may think per decision: at most ``iterations`` (search steps) and at most
    ``seconds`` of wall time; ``None`` means no limit on that axis (at least one must be set for a
    searching bot). Iteration budgets are deterministic; time budgets depend on the machine."""

    iterations: int | None = None
    seconds: float | None = None

    def clock(self) -> Callable[[int], bool]:
        """A function ``done(iterations_so_far)`` that says when the budget is spent."""
        limit = self.iterations
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds

        def done(count: int) -> bool:
            if limit is not None and count >= limit:
                return True
            return deadline is not None and count > 0 and time.perf_counter() >= deadline

        return done


class Bot(ABC):
    """A seeded player for any game (see the module docstring)."""

    name: str = "bot"

    def __init__(self, seed: int = 0, budget: Budget | None = None) -> None:
        self.seed = seed
        self.budget = budget or Budget()
        self.rng = Rng.from_seed(seed, stream=0xB07)

    @abstractmethod
    def choose(self, game: Game[Any, Any], state: Any, seat: Seat) -> Any:
        """One of ``game.legal_actions(state, seat)``; the state is left unchanged."""

    def describe(self) -> str:
        """The bot and its settings, e.g. ``ismcts(iterations=500)``."""
        return self.name


def determinizer(game: Game[Any, Any]) -> Determinizer | None:
    """The determinizer the game's plug-in declares (``None`` if the game has no hidden information
    model: searching bots then refuse it rather than peek)."""
    return plugin_for(game).determinize


def legal_or_fail(game: Game[Any, Any], state: Any, seat: Seat) -> Sequence[Any]:
    legal = game.legal_actions(state, seat)
    if not legal:
        raise ValueError(f"{seat} has no legal action to choose from")
    return legal
