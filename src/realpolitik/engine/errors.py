"""Errors the engine raises. Each carries what a person needs to fix the input."""

from __future__ import annotations


class RealpolitikError(Exception):
    """Base class of every error the engine raises on purpose."""


class UnknownGame(RealpolitikError):
    """No game is registered under that id."""


class OptionsError(RealpolitikError):
    """The options for a new game are not valid for that game."""


class NotationError(RealpolitikError):
    """A text could not be read as an action of this game."""

    def __init__(self, text: str, reason: str) -> None:
        super().__init__(f"cannot read {text!r} as an action: {reason}")
        self.text = text
        self.reason = reason


class IllegalAction(RealpolitikError):
    """An action was refused. The state is unchanged.

    ``reason`` says what is wrong in plain words; ``rule`` cites the rulebook section when the game
    gives one (e.g. ``"§8.2.1"``).
    """

    def __init__(self, reason: str, rule: str | None = None, *, action: str | None = None) -> None:
        where = f" ({rule})" if rule else ""
        prefix = f"{action!r} is not legal: " if action else ""
        super().__init__(f"{prefix}{reason}{where}")
        self.reason = reason
        self.rule = rule
        self.action = action


class UndoRefused(RealpolitikError):
    """Undo is not possible: another seat acted, a die was rolled, or a secret was shown."""


class RecordError(RealpolitikError):
    """A record file could not be loaded or does not replay.

    ``index`` is the position of the first bad action in the record (``None`` when the problem is
    in the header: corrupt JSON, wrong version, unknown game).
    """

    def __init__(self, reason: str, index: int | None = None, entry: str | None = None) -> None:
        where = f"action #{index} {entry!r}: " if index is not None else ""
        super().__init__(f"{where}{reason}")
        self.reason = reason
        self.index = index
        self.entry = entry


class DiceScriptError(RealpolitikError):
    """A scenario scripted dice that the action did not roll (or rolled more than scripted)."""


class ScenarioError(RealpolitikError):
    """A scenario file is malformed (the file and the key are named)."""
