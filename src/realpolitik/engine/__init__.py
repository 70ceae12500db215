"""The game-agnostic engine: the Game protocol, matches, records, randomness and scenarios.

Nothing here knows any one game; a game plugs in by implementing :class:`Game`.
"""

from .canonical import canonical_json, state_hash
from .errors import (
    DiceScriptError,
    IllegalAction,
    NotationError,
    OptionsError,
    RealpolitikError,
    RecordError,
    ScenarioError,
    UndoRefused,
    UnknownGame,
)
from .game import JSON, Game, LogEntry, Outcome, Refusal, Seat
from .match import Match, Move
from .provenance import AuditEntry, Provenance, Status
from .registry import entries, entry, get_game, register, unregister
from .rng import Rng

__all__ = [
    "JSON",
    "AuditEntry",
    "DiceScriptError",
    "Game",
    "IllegalAction",
    "LogEntry",
    "Match",
    "Move",
    "NotationError",
    "OptionsError",
    "Outcome",
    "Provenance",
    "RealpolitikError",
    "RecordError",
    "Refusal",
    "Rng",
    "ScenarioError",
    "Seat",
    "Status",
    "UndoRefused",
    "UnknownGame",
    "canonical_json",
    "entries",
    "entry",
    "get_game",
    "register",
    "state_hash",
    "unregister",
]
