"""The random bot: a uniformly random legal action (the baseline of every tournament)."""

from __future__ import annotations

from typing import Any

from ..engine import Game, Seat
from .base import Bot, legal_or_fail


class RandomBot(Bot):
    name = "random"

    def choose(self, game: Game[Any, Any], state: Any, seat: Seat) -> Any:
        legal = legal_or_fail(game, state, seat)
        return legal[self.rng.below(len(legal))]
