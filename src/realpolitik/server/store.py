"""Games, their links and their full action record, in a SQL database through SQLAlchemy Core.

The record is the truth: a game's state is never stored, only its options, seed and the notated
actions, so any running game is rebuilt after a restart by replaying them (the engine's
:func:`~realpolitik.engine.record.replay`), and a change of rules that would replay differently is
caught by the game version. SQLite is the default (one file, WAL, ``synchronous=FULL`` so an
acknowledged action survives a power cut); PostgreSQL takes the same code through its URL.

The primary key ``(game_id, number)`` of the actions table is what makes "never applied twice" hold
even against a second server process: two submissions for the same move number cannot both commit.
Tokens are stored as SHA-256 hashes only, so a copy of the database does not hand out seats.
"""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import (
    JSON as SA_JSON,
)
from sqlalchemy import (
    BigInteger,
    Column,
    Engine,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    create_engine,
    delete,
    event,
    func,
    insert,
    select,
)
from sqlalchemy.engine import make_url
from sqlalchemy.exc import IntegrityError

from .tokens import hash_token

metadata = MetaData()

games = Table(
    "games",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("game", String(64), nullable=False),
    Column("game_version", String(64), nullable=False),
    Column("options", SA_JSON, nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("created", Float, nullable=False),
)

seats = Table(
    "seats",
    metadata,
    Column("game_id", Integer, ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    Column("seat", String(32), primary_key=True),
    # Which person holds the seat (a 2-player game of LBE gives each person two Powers).
    Column("player", Integer, nullable=False),
    # ``human`` or ``bot:SPEC`` (e.g. ``bot:random``).
    Column("controller", String(64), nullable=False),
)

links = Table(
    "links",
    metadata,
    Column("token_hash", String(64), primary_key=True),
    Column("game_id", Integer, ForeignKey("games.id", ondelete="CASCADE"), nullable=False, index=True),
    # ``player`` (one person's seats), ``table`` (every human seat, hot-seat) or ``spectator``.
    Column("role", String(16), nullable=False),
    # The seats the link acts for, comma-separated (empty for a spectator).
    Column("seats", Text, nullable=False),
)

actions = Table(
    "actions",
    metadata,
    Column("game_id", Integer, ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    # 0-based position in the record; the primary key refuses a second action at one number.
    Column("number", Integer, primary_key=True),
    Column("seat", String(32), nullable=False),
    Column("text", String(400), nullable=False),
    Column("at", Float, nullable=False),
)


class StaleMove(Exception):
    """Another action was stored at this number first (a concurrent submission)."""


replays = Table(
    "replays",
    metadata,
    # A record uploaded to be watched: read-only, reached only through its own token (hashed).
    Column("token_hash", String(64), primary_key=True),
    Column("record", Text, nullable=False),
    Column("created", Float, nullable=False),
)


@dataclass(frozen=True, slots=True)
class GameRow:
    id: int
    game: str
    game_version: str
    options: dict[str, Any]
    seed: int
    created: float


@dataclass(frozen=True, slots=True)
class LinkRow:
    game_id: int
    role: str
    seats: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class NewLink:
    token: str
    role: str
    seats: tuple[str, ...]


def database_url(url: str) -> str:
    """Accept plain ``postgresql://`` URLs: psycopg 3 is the driver we ship with, not psycopg2."""
    parsed = make_url(url)
    if parsed.drivername in ("postgresql", "postgres"):
        return parsed.set(drivername="postgresql+psycopg").render_as_string(hide_password=False)
    return url


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    # WAL lets readers run beside the writer; FULL makes each commit durable before we acknowledge.
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=5000")
    cursor.close()


class Store:
    """The database of games (see the module docstring)."""

    def __init__(self, url: str) -> None:
        self.url = database_url(url)
        self.engine: Engine = create_engine(self.url, future=True, pool_pre_ping=True)
        if self.engine.dialect.name == "sqlite":
            event.listen(self.engine, "connect", _sqlite_pragmas)
        metadata.create_all(self.engine)

    def close(self) -> None:
        self.engine.dispose()

    # -- games ------------------------------------------------------------------------------------

    def create_game(
        self,
        *,
        game: str,
        game_version: str,
        options: dict[str, Any],
        seed: int,
        seat_players: Sequence[tuple[str, int, str]],
        new_links: Sequence[NewLink],
    ) -> int:
        """Store a new game with its seats ``(seat, player, controller)`` and links, in one commit."""
        with self.engine.begin() as conn:
            inserted = conn.execute(
                insert(games).values(
                    game=game,
                    game_version=game_version,
                    options=json.loads(json.dumps(options)),
                    seed=seed,
                    created=time.time(),
                )
            ).inserted_primary_key
            assert inserted is not None
            game_id = inserted[0]
            conn.execute(
                insert(seats),
                [{"game_id": game_id, "seat": s, "player": p, "controller": c} for s, p, c in seat_players],
            )
            conn.execute(
                insert(links),
                [
                    {
                        "token_hash": hash_token(link.token),
                        "game_id": game_id,
                        "role": link.role,
                        "seats": ",".join(link.seats),
                    }
                    for link in new_links
                ],
            )
        return int(game_id)

    def game(self, game_id: int) -> GameRow | None:
        with self.engine.connect() as conn:
            row = conn.execute(select(games).where(games.c.id == game_id)).first()
        if row is None:
            return None
        return GameRow(row.id, row.game, row.game_version, dict(row.options), int(row.seed), row.created)

    def link(self, token: str) -> LinkRow | None:
        """The link a token opens, or ``None`` (the caller answers 404 whatever the reason)."""
        with self.engine.connect() as conn:
            row = conn.execute(select(links).where(links.c.token_hash == hash_token(token))).first()
        if row is None:
            return None
        return LinkRow(row.game_id, row.role, tuple(s for s in row.seats.split(",") if s))

    def controllers(self, game_id: int) -> dict[str, tuple[int, str]]:
        """Seat -> (player, controller)."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(seats.c.seat, seats.c.player, seats.c.controller).where(seats.c.game_id == game_id)
            ).all()
        return {r.seat: (r.player, r.controller) for r in rows}

    def game_ids(self) -> list[int]:
        with self.engine.connect() as conn:
            return [r.id for r in conn.execute(select(games.c.id).order_by(games.c.id))]

    # -- the record -------------------------------------------------------------------------------

    def actions(self, game_id: int) -> list[tuple[str, str]]:
        """The record in order, as ``(seat, text)``."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(actions.c.seat, actions.c.text)
                .where(actions.c.game_id == game_id)
                .order_by(actions.c.number)
            ).all()
        return [(r.seat, r.text) for r in rows]

    def count(self, game_id: int) -> int:
        with self.engine.connect() as conn:
            value = conn.execute(
                select(func.count()).select_from(actions).where(actions.c.game_id == game_id)
            ).scalar_one()
        return int(value)

    def append(self, game_id: int, number: int, seat: str, text: str) -> None:
        """Commit one action at ``number``; :class:`StaleMove` if that number is taken."""
        try:
            with self.engine.begin() as conn:
                conn.execute(
                    insert(actions).values(
                        game_id=game_id, number=number, seat=seat, text=text, at=time.time()
                    )
                )
        except IntegrityError as error:
            raise StaleMove(f"move {number} of game {game_id} is already recorded") from error

    def truncate(self, game_id: int, number: int) -> None:
        """Delete the action at ``number`` and every later one (undo)."""
        with self.engine.begin() as conn:
            conn.execute(delete(actions).where(actions.c.game_id == game_id, actions.c.number >= number))

    # -- replays ----------------------------------------------------------------------------------

    def add_replay(self, token: str, record: str) -> None:
        """Keep an uploaded record (already checked to replay) under a new token."""
        with self.engine.begin() as conn:
            conn.execute(
                insert(replays).values(token_hash=hash_token(token), record=record, created=time.time())
            )

    def replay_record(self, token: str) -> str | None:
        """The record text a replay token opens, or ``None``."""
        with self.engine.connect() as conn:
            row = conn.execute(
                select(replays.c.record).where(replays.c.token_hash == hash_token(token))
            ).first()
        return None if row is None else str(row.record)
