"""A game's optional evaluation hooks, found by convention.

A game package may ship an ``evaluation`` module beside the module that defines its game class, or
in its ``ai`` package (for La Belle Époque: ``realpolitik.games.belle_epoque.ai.evaluation``). Bots
and the simulator look for these names in it, each optional:

* ``values(state) -> {seat: float}``: projected final score of every seat (the heuristic bot
  and search leaves);
* ``VALUE_SCALE``: a typical score gap between two seats, to turn value gaps into win chances;
* ``choose_special(state, seat, legal) -> action or None``: decisions the game's own reasoning
  settles (e.g. dispute commitments by the odds);
* ``continues(state) -> bool``: the position is mid-exchange, a one-ply look plays it out first;
* ``track(state, facts)`` / ``facts(state, facts) -> dict``: facts for simulation reports (first
  player, end turn ...).

So a new game gets the random and search bots for free, and the heuristic bot as soon as it ships
``values``; nothing in ``bots/`` or ``sim/`` names a game.
"""

from __future__ import annotations

import importlib
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..engine import Game, Seat

Values = Callable[[Any], Mapping[Seat, float]]

TARGETS = ("field", "leader")
"""Whom a bot measures itself against (:func:`against_rivals`)."""


def against_rivals(table: Mapping[Seat, float], seat: Seat, target: str = "field") -> float:
    """The seat's value less its rivals': half the best rival's and half their mean (``field``:
    hurting any rival helps), or the best rival's alone (``leader``: only the margin over the
    nearest threat to the win counts)."""
    others = [v for s, v in table.items() if s != seat]
    if not others:
        return table[seat]
    if target == "leader":
        return table[seat] - max(others)
    return table[seat] - 0.5 * max(others) - 0.5 * sum(others) / len(others)


@dataclass(frozen=True, slots=True)
class GameHooks:
    values: Values | None = None
    value_scale: float = 1.0
    choose_special: Callable[[Any, Seat, Sequence[Any]], Any] | None = None
    continues: Callable[[Any], bool] | None = None
    track: Callable[[Any, dict[str, Any]], None] | None = None
    facts: Callable[[Any, dict[str, Any]], dict[str, Any]] | None = None

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
    """The hooks of ``game`` (empty hooks if its package has no ``evaluation`` module)."""
    key = f"{type(game).__module__}:{game.id}"
    if key in _CACHE:
        return _CACHE[key]
    package = type(game).__module__.rpartition(".")[0]
    module = None
    for name in (f"{package}.evaluation", f"{package}.ai.evaluation") if package else ():
        try:
            module = importlib.import_module(name)
            break
        except ModuleNotFoundError as error:
            if error.name not in (name, name.removesuffix(".evaluation")):
                raise
    hooks = GameHooks(
        values=getattr(module, "values", None),
        value_scale=float(getattr(module, "VALUE_SCALE", 1.0)),
        choose_special=getattr(module, "choose_special", None),
        continues=getattr(module, "continues", None),
        track=getattr(module, "track", None),
        facts=getattr(module, "facts", None),
    )
    _CACHE[key] = hooks
    return hooks
