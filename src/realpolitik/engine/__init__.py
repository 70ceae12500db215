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
from .plugin import (
    Automaton,
    ContentCapability,
    Determinizer,
    Encoding,
    Evaluation,
    GamePlugin,
    InfoKey,
    Invariants,
    ObservationField,
    Option,
    OptionsSchema,
    Renderer,
    Strings,
    TerminalUI,
    WebUI,
    observation_shape,
    text_in,
)
from .provenance import AuditEntry, Provenance, Status
from .registry import entries, entry, example_id, get_game, plugin, plugin_for, plugins, register, unregister
from .rng import Rng

__all__ = [
    "JSON",
    "AuditEntry",
    "Automaton",
    "ContentCapability",
    "Determinizer",
    "DiceScriptError",
    "Encoding",
    "Evaluation",
    "Game",
    "GamePlugin",
    "IllegalAction",
    "InfoKey",
    "Invariants",
    "LogEntry",
    "Match",
    "Move",
    "NotationError",
    "ObservationField",
    "Option",
    "OptionsError",
    "OptionsSchema",
    "Outcome",
    "Provenance",
    "RealpolitikError",
    "RecordError",
    "Refusal",
    "Renderer",
    "Rng",
    "ScenarioError",
    "Seat",
    "Status",
    "Strings",
    "TerminalUI",
    "UndoRefused",
    "UnknownGame",
    "WebUI",
    "canonical_json",
    "entries",
    "entry",
    "example_id",
    "get_game",
    "observation_shape",
    "plugin",
    "plugin_for",
    "plugins",
    "register",
    "state_hash",
    "text_in",
    "unregister",
]
