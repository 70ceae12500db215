"""Game records: the options, the seed and the notated actions, which replay a game exactly.

A record is a small JSON file that reads like a PGN::

    {
      "format": "realpolitik-record",
      "format_version": 1,
      "game": "la-belle-epoque",
      "game_version": "0.1.0",
      "engine_version": "0.1.0",
      "options": {"players": 4},
      "seed": 1912,
      "actions": ["RU: place serbia", "RU: place china", "FR: place belgium"],
      "final_hash": "9f2c..."
    }

A game played with a keyed generator (an online game, :func:`~realpolitik.engine.rng.new_keyed_seed`)
writes its seed as ``"seed": "key:<64 hex digits>"``: the key that replays it. The web server
hands out a record only once the game is over, so the key is never known while it matters.

Loading is all or nothing: a record whose header is wrong, or one of whose actions is unknown or
illegal, is refused with the index and the reason of the first bad entry, and no match is returned.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, PlainSerializer, ValidationError

from .. import __version__ as ENGINE_VERSION
from .errors import IllegalAction, RealpolitikError, RecordError
from .game import JSON
from .match import Match, Move
from .registry import get_game
from .rng import seed_from_text, seed_to_text


def _read_seed(value: Any) -> Any:
    if isinstance(value, str):
        return seed_from_text(value)  # a ValueError becomes the field's validation error
    return value


Seed = Annotated[int, BeforeValidator(_read_seed), PlainSerializer(seed_to_text)]
"""A record's seed: an integer (PCG32) or, for a keyed generator, ``"key:<hex>"``."""

FORMAT = "realpolitik-record"
FORMAT_VERSION = 1


class SeatNote(BaseModel):
    """One seat change noted in a record: after ``move`` actions, ``seats`` went to
    ``controller`` because of ``kind`` (``resigned``, ``replaced``, ``timeout``, ``forfeited``)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    move: int = Field(ge=0)
    kind: str = Field(min_length=1, max_length=16)
    seats: list[str] = Field(min_length=1)
    controller: str = Field(min_length=1, max_length=64)


class Record(BaseModel):
    """The content of a record file."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    format: Literal["realpolitik-record"] = "realpolitik-record"
    format_version: int = FORMAT_VERSION
    game: str
    game_version: str
    engine_version: str = ENGINE_VERSION
    options: dict[str, Any] = Field(default_factory=dict)
    seed: Seed
    actions: list[str] = Field(default_factory=list)
    final_hash: str | None = None
    """Hash of the state after the last action; checked by ``replay --verify``."""
    seats: dict[str, str] | None = None
    """Who sat where when the record was saved (``{"GB": "human", "FR": "bot:heuristic"}``):
    metadata for resuming the game with the same people and bots; replaying ignores it."""
    events: list[SeatNote] | None = None
    """Seats that changed hands outside the rules (a resignation, a time-out, an absent player
    replaced by a bot), in order: metadata; replaying ignores it."""

    @classmethod
    def of(cls, match: Match) -> Record:
        """The record of a match as it stands."""
        return cls(
            game=match.game.id,
            game_version=match.game.version,
            options=match.options,
            seed=match.seed,
            actions=[str(move) for move in match.moves],
            final_hash=match.hash(),
        )

    def to_json(self) -> str:
        data = self.model_dump()
        for optional in ("seats", "events"):
            if data[optional] is None:
                del data[optional]  # a record without the metadata reads as it always did
        return json.dumps(data, indent=2, ensure_ascii=False) + "\n"

    def save(self, path: str | Path) -> None:
        """Write atomically: a crash mid-write never leaves a half record behind."""
        target = Path(path)
        tmp = target.with_name(target.name + ".tmp")
        tmp.write_text(self.to_json(), encoding="utf-8")
        tmp.replace(target)


def parse_record(text: str) -> Record:
    """Read a record from JSON text; ``RecordError`` if it is not a valid record."""
    try:
        raw: JSON = json.loads(text)
    except json.JSONDecodeError as error:
        raise RecordError(
            f"not valid JSON (line {error.lineno}, column {error.colno}: {error.msg})"
        ) from None
    if not isinstance(raw, dict):
        raise RecordError("a record must be a JSON object")
    if raw.get("format") != FORMAT:
        raise RecordError(f"not a realpolitik record (format is {raw.get('format')!r}, expected {FORMAT!r})")
    version = raw.get("format_version")
    if version != FORMAT_VERSION:
        raise RecordError(
            f"record format version {version!r} is not supported "
            f"(this program reads version {FORMAT_VERSION})"
        )
    try:
        return Record.model_validate(raw)
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(part) for part in first["loc"])
        raise RecordError(f"bad record field {where!r}: {first['msg']}") from None


def load_record(path: str | Path) -> Record:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as error:
        raise RecordError(f"cannot read {path}: {error.strerror}") from None
    except UnicodeDecodeError:
        raise RecordError(f"{path} is not a text file") from None
    return parse_record(text)


def replay(record: Record, *, verify: bool = False) -> Match:
    """Rebuild the match a record describes.

    Refused with :class:`RecordError` (index and reason of the first bad action) if the game is
    unknown, the game version differs, an action cannot be read or is illegal, or ``verify`` is set
    and the final state hash differs from the recorded one.
    """
    try:
        game = get_game(record.game)
    except RealpolitikError as error:
        raise RecordError(str(error)) from None
    if record.game_version != game.version:
        raise RecordError(
            f"the record was made with {record.game} version {record.game_version}, "
            f"this program has version {game.version}; it may not replay the same game"
        )
    try:
        match = Match(game, record.options, record.seed)
    except RealpolitikError as error:
        raise RecordError(f"cannot start the game: {error}") from None
    for index, line in enumerate(record.actions):
        try:
            move = Move.from_str(line)
        except ValueError as error:
            raise RecordError(str(error), index, line) from None
        try:
            match.play(move.seat, move.text)
        except IllegalAction as error:
            raise RecordError(str(error), index, line) from None
        except RealpolitikError as error:
            raise RecordError(f"the game refused it: {error}", index, line) from None
    if verify:
        if record.final_hash is None:
            raise RecordError("the record has no final_hash to verify against")
        if match.hash() != record.final_hash:
            raise RecordError(
                f"replay ends in a different state (hash {match.hash()[:12]}..., "
                f"record says {record.final_hash[:12]}...)"
            )
    return match
