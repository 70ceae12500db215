"""The one error content loading raises, for every game: which file, which key, what is wrong."""

from __future__ import annotations

from ..errors import RealpolitikError


class ContentError(RealpolitikError):
    """A content file (shipped or an override) is not valid.

    ``file`` is the data file (relative to the game's data folder) or the override file that holds
    the bad value; ``key`` is the dotted key of the value (``territory.china.spaces``), empty when
    the whole file is unreadable; ``reason`` says what is wrong in plain words.
    """

    def __init__(self, file: str, key: str, reason: str) -> None:
        where = f"{file}: {key}: " if key else f"{file}: "
        super().__init__(f"{where}{reason}")
        self.file = file
        self.key = key
        self.reason = reason
