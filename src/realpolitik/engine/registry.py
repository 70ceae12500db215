"""The games realpolitik knows, by id.

Games register lazily: the registry holds the module path of each built-in game and imports it on
first use, so listing games (``realpolitik games``) costs nothing. A game module exposes ``GAME``
(the :class:`~realpolitik.engine.game.Game` object) once its rules exist, and may expose
``audit_content(override)`` for ``realpolitik data audit``.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import ModuleType
from typing import Any, cast

from .errors import UnknownGame
from .game import Game
from .provenance import AuditEntry


@dataclass(frozen=True, slots=True)
class GameEntry:
    """A game realpolitik knows about."""

    id: str
    title: str
    players: str
    module: str
    """Import path of the game's package."""

    def load(self) -> ModuleType:
        return importlib.import_module(self.module)

    def playable(self) -> bool:
        """Whether the rules are implemented (the module exposes ``GAME``)."""
        return getattr(self.load(), "GAME", None) is not None

    def game(self) -> Game[Any, Any]:
        game = getattr(self.load(), "GAME", None)
        if game is None:
            raise UnknownGame(f"the rules of {self.title} ({self.id}) are not implemented yet")
        return cast(Game[Any, Any], game)

    def content_audit(self) -> Callable[[Mapping[str, Any] | None], list[AuditEntry]] | None:
        hook = getattr(self.load(), "audit_content", None)
        return cast(Callable[[Mapping[str, Any] | None], list[AuditEntry]] | None, hook)


_BUILTIN: tuple[GameEntry, ...] = (
    GameEntry("la-belle-epoque", "La Belle Époque", "1-4", "realpolitik.games.belle_epoque"),
)

_entries: dict[str, GameEntry] = {entry.id: entry for entry in _BUILTIN}
_instances: dict[str, Game[Any, Any]] = {}


def entries() -> list[GameEntry]:
    """Every known game, in registration order."""
    return list(_entries.values())


def entry(game_id: str) -> GameEntry:
    try:
        return _entries[game_id]
    except KeyError:
        known = ", ".join(_entries) or "none"
        raise UnknownGame(f"no game {game_id!r} (known games: {known})") from None


def get_game(game_id: str) -> Game[Any, Any]:
    """The game object for ``game_id``."""
    if game_id in _instances:
        return _instances[game_id]
    return entry(game_id).game()


def register(game: Game[Any, Any]) -> None:
    """Register a game object directly (plug-ins and test doubles)."""
    _instances[game.id] = game


def unregister(game_id: str) -> None:
    _instances.pop(game_id, None)
