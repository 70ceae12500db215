"""Helpers for Struggle of Empires' tests: a fresh game in a chosen position."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from realpolitik.games.struggle_of_empires import GAME
from realpolitik.games.struggle_of_empires.rules.state import State


def position(players: int = 3, seed: int = 0, **given: Any) -> State:
    """A new game, its map cleared, then ``given`` applied as a scenario position."""
    state = GAME.setup(GAME.normalize_options({"players": players}), seed)
    spec: Mapping[str, Any] = {"clear": True, **given}
    GAME.set_position(state, spec)
    return state
