"""The printed board a page draws with, and the files of a game's own board module.

A game with a web capability (``plugin.web``) prints its own board (names, spaces, card texts) and
ships an ES module in ``web.static_dir``, served at ``/games/<id>/``; the board tells the page where
that module is (``module``). A game without one gets the generic board: the page then shows its
view and legal actions as plain panels. Either way the board carries what every page needs: the
game's title, its seats' names, its automaton's mark and its own words.

Nothing here reads a state: only the plug-in and the options, so nothing hidden can leak through it.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from ..engine import JSON, GamePlugin, UnknownGame, plugin

GAMES_PREFIX = "/games"
"""Where each game's static folder is served: ``/games/<game id>/<file>``."""


def board_for(game_id: str, options: Mapping[str, JSON]) -> dict[str, JSON]:
    found = plugin(game_id)
    names = found.seat_names(options) if found.seat_names is not None else {}
    automaton = found.automaton
    common: dict[str, JSON] = {
        "game": found.id,
        "title": dict(found.title),
        "languages": list(found.languages),
        "seats": {seat: dict(names.get(seat, {"en": seat})) for seat in found.seats(options)},
        "automaton": None
        if automaton is None
        else {"keyword": automaton.keyword, "name": dict(automaton.name), "short": dict(automaton.short)},
        "words": {key: dict(texts) for key, texts in found.strings.items()},
    }
    if found.web is None:
        return {**common, "renderer": "generic", "module": None}
    # The game's own keys win over the common ones (it knows its seats best); the module's address
    # is the server's to give, since the server decides where static files live.
    return {**common, **found.web.board(options), "module": f"{GAMES_PREFIX}/{found.id}/{found.web.module}"}


def static_file(game_id: str, path: str) -> Path | None:
    """The file ``path`` of the game's static folder, or ``None`` if there is none: an unknown
    game, a game without a web board, or a path that leaves the folder (``..``, a symlink out)."""
    try:
        found: GamePlugin = plugin(game_id)
    except UnknownGame:
        return None
    if found.web is None:
        return None
    root = found.web.static_dir.resolve()
    target = (root / path).resolve()
    if not target.is_relative_to(root) or not target.is_file():
        return None
    return target
