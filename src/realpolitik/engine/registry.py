"""The games realpolitik knows, by id, as plug-ins.

A game is found three ways, each giving a :class:`~realpolitik.engine.plugin.GamePlugin`:

* **built in**: one line in :data:`BUILTIN` names the game's package, which exposes ``PLUGIN``;
  the package is imported on first use, so listing games costs little;
* **installed**: a distribution declares an entry point in the group ``realpolitik.games``
  (``name = "package.module:PLUGIN"``), the way pytest finds its plugins;
* **named in the environment**: ``REALPOLITIK_GAMES=package.module:NAME,...`` adds plug-ins that
  are importable but not installed as a distribution (a game in development, a test double run
  in a subprocess);
* **registered at run time**: :func:`register` (test doubles, notebooks).

Everything outside ``games/`` reaches a game through :func:`plugin` (or :func:`get_game` for the
rules alone) and never imports a game package.
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Callable
from dataclasses import dataclass
from importlib.metadata import entry_points
from typing import Any

from .errors import UnknownGame
from .game import Game
from .plugin import GamePlugin

ENTRY_POINT_GROUP = "realpolitik.games"


@dataclass(frozen=True, slots=True)
class GameEntry:
    """A game realpolitik knows about, before its package is imported."""

    id: str
    source: str
    """``package`` (its ``PLUGIN``), ``package.module:NAME`` (an entry point), or ``<registered>``."""
    _load: Callable[[], GamePlugin]

    def plugin(self) -> GamePlugin:
        plugin = self._load()
        if not isinstance(plugin, GamePlugin):
            raise UnknownGame(f"{self.source} does not provide a GamePlugin for {self.id!r}")
        if plugin.id != self.id:
            raise UnknownGame(f"{self.source} provides {plugin.id!r}, not {self.id!r}")
        return plugin


def _from_module(module: str, name: str = "PLUGIN") -> Callable[[], GamePlugin]:
    def load() -> GamePlugin:
        plugin: GamePlugin = getattr(importlib.import_module(module), name)
        return plugin

    return load


def _given(game_plugin: GamePlugin) -> Callable[[], GamePlugin]:
    return lambda: game_plugin


BUILTIN: tuple[tuple[str, str], ...] = (
    # One line per game: its id and its package (which exposes PLUGIN).
    ("la-belle-epoque", "realpolitik.games.belle_epoque"),
    ("pax-britannica", "realpolitik.games.pax_britannica"),
    ("europe-in-turmoil", "realpolitik.games.europe_in_turmoil"),
    ("struggle-of-empires", "realpolitik.games.struggle_of_empires"),
)

_registered: dict[str, GamePlugin] = {}
_loaded: dict[str, GamePlugin] = {}


ENVIRONMENT = "REALPOLITIK_GAMES"


def _installed() -> list[GameEntry]:
    found = []
    for point in entry_points(group=ENTRY_POINT_GROUP):
        module, _, name = point.value.partition(":")
        found.append(GameEntry(point.name, point.value, _from_module(module, name or "PLUGIN")))
    for source in filter(None, (s.strip() for s in os.environ.get(ENVIRONMENT, "").split(","))):
        module, _, name = source.partition(":")
        load = _from_module(module, name or "PLUGIN")
        try:
            game_id = load().id  # the id is the plug-in's own: importing is the only way to know it
        except (ImportError, AttributeError) as error:
            raise UnknownGame(f"{ENVIRONMENT}: cannot load {source!r}: {error}") from None
        found.append(GameEntry(game_id, source, load))
    return found


def entries() -> list[GameEntry]:
    """Every known game: the built-in ones, then installed ones, then those registered at run time
    (a later one with the same id replaces an earlier one)."""
    known: dict[str, GameEntry] = {}
    for game_id, module in BUILTIN:
        known[game_id] = GameEntry(game_id, module, _from_module(module))
    for found in _installed():
        known[found.id] = found
    for game_id, registered in _registered.items():
        known[game_id] = GameEntry(game_id, "<registered>", _given(registered))
    return list(known.values())


def entry(game_id: str) -> GameEntry:
    for known in entries():
        if known.id == game_id:
            return known
    names = ", ".join(e.id for e in entries()) or "none"
    raise UnknownGame(f"no game {game_id!r} (known games: {names})")


def plugin(game_id: str) -> GamePlugin:
    """The plug-in of ``game_id`` (``UnknownGame`` if there is none)."""
    if game_id in _registered:
        return _registered[game_id]
    if game_id not in _loaded:
        _loaded[game_id] = entry(game_id).plugin()
    return _loaded[game_id]


def plugin_for(game: Game[Any, Any]) -> GamePlugin:
    """The plug-in a game object belongs to."""
    return plugin(game.id)


def plugins() -> list[GamePlugin]:
    """Every known game's plug-in, in registry order."""
    return [plugin(known.id) for known in entries()]


def get_game(game_id: str) -> Game[Any, Any]:
    """The rules of ``game_id``."""
    return plugin(game_id).game


def example_id() -> str:
    """A game id for help texts (the first game known)."""
    known = entries()
    return known[0].id if known else "GAME"


def register(game_plugin: GamePlugin) -> None:
    """Register a plug-in at run time (test doubles, notebooks)."""
    _registered[game_plugin.id] = game_plugin


def unregister(game_id: str) -> None:
    _registered.pop(game_id, None)
