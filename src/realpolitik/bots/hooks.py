"""A game's evaluation hooks for bots and reports, as its plug-in declares them.

A game's plug-in may declare an :class:`~realpolitik.engine.plugin.Evaluation` (projected scores,
a value scale, special decisions, exchanges that continue, facts for reports); bots read it through
:func:`hooks_for`. A game without one still gets the random and search bots (search then judges
leaves by random playouts), and the heuristic bot as soon as it declares ``values``; nothing in
``bots/`` or ``sim/`` names a game.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..engine import Game, Seat, plugin_for
from ..engine.plugin import TARGETS, against_rivals

__all__ = ["TARGETS", "GameHooks", "Values", "against_rivals", "hooks_for"]

Values = Callable[[Any], Mapping[Seat, float]]


@dataclass(frozen=True, slots=True)
class GameHooks:
    values: Values | None = None
    value_scale: float = 1.0
    choose_special: Callable[[Any, Seat, Sequence[Any]], Any] | None = None
    continues: Callable[[Any], bool] | None = None
    track: Callable[[Any, dict[str, Any]], None] | None = None
    facts: Callable[[Any, dict[str, Any]], dict[str, Any]] | None = None
    search_target: str = "leader"

    def seat_value(self, state: Any, seat: Seat, target: str = "field") -> float:
        """The seat's projected score against its rivals (:func:`against_rivals`)."""
        assert self.values is not None
        return against_rivals(self.values(state), seat, target)

    def win_chances(self, state: Any) -> dict[Seat, float]:
        """Values turned into shares of one win (a softmax with :attr:`value_scale`)."""
        assert self.values is not None
        table = self.values(state)
        top = max(table.values())
        weights = {s: math.exp((v - top) / self.value_scale) for s, v in table.items()}
        total = sum(weights.values())
        return {s: w / total for s, w in weights.items()}


_CACHE: dict[str, GameHooks] = {}


def hooks_for(game: Game[Any, Any]) -> GameHooks:
    """The hooks ``game``'s plug-in declares (empty hooks when it declares none)."""
    key = f"{type(game).__module__}:{game.id}"
    if key in _CACHE:
        return _CACHE[key]
    declared = plugin_for(game).evaluation
    hooks = (
        GameHooks()
        if declared is None
        else GameHooks(
            values=declared.values,
            value_scale=declared.value_scale,
            choose_special=declared.choose_special,
            continues=declared.continues,
            track=declared.track,
            facts=declared.facts,
            search_target=declared.search_target,
        )
    )
    _CACHE[key] = hooks
    return hooks
