"""What the web app needs to know of a game beyond the engine protocol: who sits together, and the
public, printed parts of the board the client draws (names, spaces, tracks, card texts).

Like the terminal's renderers (:mod:`realpolitik.cli.render_base`), this is one small module per
game, looked up by id; a game without one still plays in the browser, one person per seat, with
the generic board that prints its view. Nothing here reads a state: only options and content, so
nothing hidden can leak through it.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from ..engine import JSON, Game, Seat

INFO_MODULES: Mapping[str, str] = {"la-belle-epoque": "info_belle_epoque"}
"""Game id -> module under ``realpolitik.server`` with ``make_info(game)``."""


class GameInfo(Protocol):
    def players(self, options: Mapping[str, JSON], seats: Sequence[Seat]) -> list[tuple[Seat, ...]]:
        """Seats grouped by the person who holds them, in seating order."""
        ...

    def board(self, options: Mapping[str, JSON]) -> dict[str, JSON]:
        """Public content for the client's board (``{"renderer": ...}`` names the JS renderer)."""
        ...


class GenericInfo:
    def players(self, options: Mapping[str, JSON], seats: Sequence[Seat]) -> list[tuple[Seat, ...]]:
        return [(seat,) for seat in seats]

    def board(self, options: Mapping[str, JSON]) -> dict[str, JSON]:
        return {"renderer": "generic"}


def info_for(game: Game[Any, Any]) -> GameInfo:
    name = INFO_MODULES.get(game.id)
    if name is None:
        return GenericInfo()
    module = importlib.import_module(f"realpolitik.server.{name}")
    info: GameInfo = module.make_info(game)
    return info
