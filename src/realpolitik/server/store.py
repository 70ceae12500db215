"""Games, their links and their full action record, in a SQL database through SQLAlchemy Core.

The record is the truth: a game's state is never stored, only its options, seed and the notated
actions, so any running game is rebuilt after a restart by replaying them (the engine's
:func:`~realpolitik.engine.record.replay`), and a change of rules that would replay differently is
caught by the game version. SQLite is the default (one file, WAL, ``synchronous=FULL`` so an
acknowledged action survives a power cut); PostgreSQL takes the same code through its URL.

**An action is stored exactly once, in order, or not at all.** :meth:`Store.append` inserts action
``number`` only if it is the next one (one ``INSERT ... SELECT ... WHERE`` statement, after taking
the game's row lock on PostgreSQL), so two submissions for one number cannot both commit and no
number is ever skipped, whichever server process sends them; :meth:`Store.remove_last` (undo)
deletes exactly the row it was told (number, seat and text) and only while it is the last one.
:meth:`Store.actions` hands back the numbers too, so a rebuild can refuse a record with a gap.

**Faults.** Every database error other than the ones above becomes :class:`Unavailable`, whose
text never quotes the driver (host, port, SQL): the app answers it with a JSON 503 and
``Retry-After``. PostgreSQL connections carry statement, lock and idle-transaction timeouts; SQLite
waits at most ``busy_timeout`` for the write lock. The calls are blocking: the app runs them in
the store's own bounded thread pool (:meth:`Store.run`), never on the event loop.

**Secrets.** Tokens are stored as SHA-256 hashes only, so a copy of the database does not hand out
seats. A game's generator key (a keyed seed, ``engine.rng``) is kept in ``game_keys``, read only to
rebuild the game and to write its record once it is over.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import functools
import json
import logging
import threading
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, ParamSpec, TypeVar

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
    and_,
    bindparam,
    create_engine,
    delete,
    event,
    exists,
    func,
    insert,
    select,
    text,
)
from sqlalchemy.engine import Connection, make_url
from sqlalchemy.exc import IntegrityError, SQLAlchemyError

from ..engine.rng import is_keyed, seed_from_text, seed_to_text
from .tokens import hash_token

log = logging.getLogger("realpolitik.server.store")
P = ParamSpec("P")
R = TypeVar("R")

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


game_keys = Table(
    "game_keys",
    metadata,
    # The secret of a game's keyed generator ("key:<hex>"); the games row then holds seed -1.
    Column("game_id", Integer, ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    Column("key", String(80), nullable=False),
)


players = Table(
    "players",
    metadata,
    # A person's name and notification settings (added after the first release: a game from before
    # has no rows here, and every reader treats a missing row as "no name, no webhook").
    Column("game_id", Integer, ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    Column("player", Integer, primary_key=True),
    Column("name", String(64), nullable=True),
    # How often the link's holder renamed the seat: once is allowed (``Store.set_name``).
    Column("renamed", Integer, nullable=False, default=0),
    Column("webhook", String(600), nullable=True),
)

chat = Table(
    "chat",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("game_id", Integer, ForeignKey("games.id", ondelete="CASCADE"), nullable=False, index=True),
    Column("at", Float, nullable=False),
    # The sender's seats, comma-separated ("" for a spectator, "*" for a shared hot-seat screen).
    Column("sender", String(200), nullable=False),
    # A private message's addressee (one seat); NULL for everyone at the game.
    Column("to_seat", String(32), nullable=True),
    Column("text", String(2000), nullable=False),
)

seat_events = Table(
    "seat_events",
    metadata,
    # What happened to a seat outside the rules: a resignation, a bot taking an absent player's place.
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("game_id", Integer, ForeignKey("games.id", ondelete="CASCADE"), nullable=False, index=True),
    Column("at", Float, nullable=False),
    Column("move", Integer, nullable=False),
    Column("kind", String(16), nullable=False),
    Column("seats", String(200), nullable=False),
    Column("controller", String(64), nullable=False),
)

rematches = Table(
    "rematches",
    metadata,
    # One rematch per game: the primary key makes a second request find the first one.
    Column("game_id", Integer, ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    Column("new_game_id", Integer, ForeignKey("games.id", ondelete="CASCADE"), nullable=False),
)

clocks = Table(
    "clocks",
    metadata,
    # A game's time control (server/clocks.py), chosen at creation; no row: no clock. The banks
    # are never stored: they follow from the actions' times.
    Column("game_id", Integer, ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    Column("pace", String(16), nullable=False),
    Column("initial", Float, nullable=False),
    Column("per_move", Float, nullable=False),
    Column("cap", Float, nullable=False),
    Column("on_timeout", String(16), nullable=False),
)


CHANNEL = "realpolitik_games"
"""The PostgreSQL ``NOTIFY`` channel: the payload is the id of a game whose record changed."""

Appended = tuple[str, str, float]
"""An action a ``NOTIFY`` carries: seat, text, the time it was stored."""


BOT_LOCKS = 0x5270
"""The first key of the advisory locks that say which process moves a game's bots."""


@dataclass(slots=True)
class BotClaim:
    """The right to move one game's bots (:meth:`Store.claim_bots`)."""

    game_id: int
    conn: Connection | None = None


LINKS_KEPT = 20_000
"""Links a process remembers (``Store.cached_link``); the oldest quarter goes when it is full."""


@dataclass(slots=True)
class _Append:
    """An action waiting for the group commit (``Store.append_async``)."""

    game_id: int
    number: int
    seat: str
    text: str
    at: float
    future: concurrent.futures.Future[float]

    def settle(self, *, at: float | None = None, error: BaseException | None = None) -> None:
        """Give the caller its answer once (a future already settled is left as it is)."""
        with contextlib.suppress(concurrent.futures.InvalidStateError):
            if error is not None:
                self.future.set_exception(error)
            elif at is not None:
                self.future.set_result(at)


def _insert_next_statement() -> Any:
    """``INSERT`` action ``:number`` only if it is the game's next number (one statement),
    returning the number when it was stored. Built once with bound parameters: building the
    construct for every action cost five times its execution (135 against 26 µs on SQLite), a
    tenth of a server's CPU under load (docs/performance.md)."""

    def param(name: str) -> Any:
        return bindparam(name, type_=actions.c[name].type)

    following = (
        select(func.coalesce(func.max(actions.c.number) + 1, 0))
        .where(actions.c.game_id == param("game_id"))
        .scalar_subquery()
    )
    names = ["game_id", "number", "seat", "text", "at"]
    row = select(*(param(name) for name in names)).where(following == param("number"))
    return insert(actions).from_select(names, row).returning(actions.c.number)


_INSERT_NEXT = _insert_next_statement()

_LOCK_GAMES = (
    select(games.c.id)
    .where(games.c.id.in_(bindparam("ids", expanding=True)))
    .order_by(games.c.id)
    .with_for_update()
)
"""PostgreSQL: the row locks of the games a transaction writes, in id order (``Store._lock_games``)."""

_NOTIFY = text(
    "SELECT pg_notify(:channel, notice) FROM unnest(CAST(:payloads AS text[])) "
    "WITH ORDINALITY AS sent(notice, position) ORDER BY position"
)
"""PostgreSQL: one ``NOTIFY`` for each of ``:payloads``, in their order, sent on commit."""


def _notice(game_id: int, moves: int, appended: Appended | None) -> str:
    """A change's notification payload, ``"ID:MOVES"`` or ``"ID:MOVES|[seat, text, at]"``
    (:func:`parse_notice` reads it)."""
    payload = f"{game_id}:{moves}"
    if appended is not None:
        payload += "|" + json.dumps(list(appended))  # < 1 KB: seat 32, text 400 characters
    return payload


class StaleMove(Exception):
    """The record is not where the caller thought: the number is taken (a concurrent submission,
    another process), is not the next one, or the action to undo is not the last one stored."""


class Unavailable(Exception):
    """The database cannot be reached or gave up (timeout, lost connection, full disk). The text
    is safe to show: it never quotes the driver."""

    def __init__(self, what: str = "the database is unavailable") -> None:
        super().__init__(what)


class GapInRecord(Exception):
    """The stored record skips a number: it cannot be replayed as it is."""


replays = Table(
    "replays",
    metadata,
    # A record uploaded to be watched: read-only, reached only through its own token (hashed).
    Column("token_hash", String(64), primary_key=True),
    Column("record", Text, nullable=False),
    Column("created", Float, nullable=False),
)


@dataclass(frozen=True, slots=True)
class StoreLimits:
    """Timeouts and pool sizes (``Settings`` passes its own)."""

    statement_timeout: float = 5.0
    """Seconds a PostgreSQL statement may run."""
    lock_timeout: float = 3.0
    """Seconds a PostgreSQL statement, or a SQLite writer (busy_timeout), waits for a lock."""
    pool_size: int = 8
    """Connections kept open, and threads that run database calls off the event loop."""
    pool_timeout: float = 5.0
    """Seconds a call waits for a free connection before it is an :class:`Unavailable`."""


def _guarded(method: Callable[P, R]) -> Callable[P, R]:
    """Driver errors out as :class:`Unavailable` (logged in full, shown without detail)."""

    @functools.wraps(method)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return method(*args, **kwargs)
        except (StaleMove, GapInRecord):
            raise
        except SQLAlchemyError as error:
            log.warning("database error in %s: %s", method.__name__, error)
            raise Unavailable() from None
        except TimeoutError:
            raise Unavailable("the database is busy") from None

    return wrapper


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
class ChatRow:
    id: int
    at: float
    sender: tuple[str, ...] | None
    """The sender's seats; ``None`` for a spectator; ``("*",)`` for a shared hot-seat screen."""
    to_seat: str | None
    text: str


@dataclass(frozen=True, slots=True)
class SeatEvent:
    at: float
    move: int
    kind: str
    seats: tuple[str, ...]
    controller: str


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


def _sqlite_pragmas(busy_ms: int) -> Callable[[Any, Any], None]:
    def on_connect(dbapi_connection: Any, _record: Any) -> None:
        cursor = dbapi_connection.cursor()
        # WAL lets readers run beside the writer; FULL makes each commit durable before we
        # acknowledge it.
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=FULL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute(f"PRAGMA busy_timeout={busy_ms}")
        cursor.close()

    return on_connect


class Store:
    """The database of games (see the module docstring)."""

    def __init__(self, url: str, limits: StoreLimits | None = None) -> None:
        self.url = database_url(url)
        self.limits = limits = limits or StoreLimits()
        kind = make_url(self.url).get_backend_name()
        self.postgres = kind == "postgresql"
        # A connection to a SQLite file cannot be lost: no ping (a query) before each use.
        engine_args: dict[str, Any] = {"future": True, "pool_pre_ping": self.postgres}
        if self.postgres:
            timeouts = (
                f"-c statement_timeout={int(limits.statement_timeout * 1000)} "
                f"-c lock_timeout={int(limits.lock_timeout * 1000)} "
                f"-c idle_in_transaction_session_timeout={int(limits.statement_timeout * 2000)}"
            )
            engine_args.update(
                pool_size=limits.pool_size,
                max_overflow=2,
                pool_timeout=limits.pool_timeout,
                connect_args={"options": timeouts, "connect_timeout": max(1, int(limits.pool_timeout))},
            )
        self.engine: Engine = create_engine(self.url, **engine_args)
        if kind == "sqlite":
            event.listen(self.engine, "connect", _sqlite_pragmas(int(limits.lock_timeout * 1000)))
        metadata.create_all(self.engine)
        self._pool: ThreadPoolExecutor | None = None
        # SQLite has one writer: writers of this process queue here rather than in SQLite's busy
        # handler, which sleeps in steps of up to 100 ms while it waits (other processes on the
        # same file still wait there). PostgreSQL's writers need no such queue.
        self._writing: threading.Lock | contextlib.nullcontext[None] = (
            contextlib.nullcontext() if self.postgres else threading.Lock()
        )
        # Group commit (SQLite): actions waiting to be stored, and whether a pool thread is
        # storing them (``submit_append``).
        self._queue: list[_Append] = []
        self._queue_lock = threading.Lock()
        self._flushing = False
        # Links by token hash: a link never changes once stored (``link``, ``cached_link``).
        self._links: dict[str, LinkRow] = {}
        self._links_lock = threading.Lock()

    def _threads(self) -> ThreadPoolExecutor:
        # Made on first use, and again after close(): an app may be started and stopped twice.
        if self._pool is None:
            self._pool = ThreadPoolExecutor(max_workers=self.limits.pool_size, thread_name_prefix="rp-db")
        return self._pool

    def close(self) -> None:
        pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=True, cancel_futures=True)
        with self._queue_lock:
            left, self._queue = self._queue, []
            self._flushing = False
        for item in left:  # never stored: say so rather than leave a caller waiting
            item.settle(error=Unavailable("the server is stopping"))
        self.engine.dispose()

    async def run(self, call: Callable[P, R], *args: P.args, **kwargs: P.kwargs) -> R:
        """Run a blocking call in the store's thread pool, off the event loop. A cancelled caller
        still waits for the call to finish (a commit under way completes or fails as a whole, and
        the caller must know which before it answers)."""
        loop = asyncio.get_running_loop()
        future = loop.run_in_executor(self._threads(), functools.partial(call, *args, **kwargs))
        try:
            return await asyncio.shield(future)
        except asyncio.CancelledError:
            with contextlib.suppress(Exception):
                await future
            raise

    def _lock_games(self, conn: Connection, game_ids: Iterable[int]) -> None:
        """Serialise writers of these games' records across processes (PostgreSQL's row locks,
        taken in id order so that two transactions never wait on each other in a cycle; SQLite
        has a single writer anyway and each write below is one statement)."""
        if self.postgres:
            conn.execute(_LOCK_GAMES, {"ids": sorted(game_ids)})

    def _notify(self, conn: Connection, game_id: int, moves: int, appended: Appended | None = None) -> None:
        """Tell every server process listening that the game changed and how many moves its
        record now has (``"ID:MOVES"``, sent on commit). An append also carries the move itself
        (``"ID:MOVES|[seat, text, at]"``), so a process following the game plays it on without
        reading the record (PostgreSQL delivers the notifications of committed transactions in
        commit order; a follower that is not exactly one move behind reads the record)."""
        if self.postgres:
            conn.execute(_NOTIFY, {"channel": CHANNEL, "payloads": [_notice(game_id, moves, appended)]})

    # -- bots: one process thinks per decision ------------------------------------------------

    def claim_bots(self, game_id: int) -> BotClaim | None:
        """Claim the right to move a game's bots, for as long as the returned connection is open
        (PostgreSQL: a session advisory lock, freed by :meth:`release_bots` or when the process
        dies); ``None`` if another process holds it. With SQLite (one process) the claim is
        always granted, on no connection at all: see :meth:`release_bots`."""
        if not self.postgres:
            return BotClaim(game_id)
        try:
            conn = self.engine.connect()
        except SQLAlchemyError as error:
            log.warning("database error claiming bots: %s", error)
            raise Unavailable() from None
        try:
            got = conn.execute(
                text("SELECT pg_try_advisory_lock(:space, :game)"), {"space": BOT_LOCKS, "game": game_id}
            ).scalar()
            conn.commit()
        except SQLAlchemyError as error:
            conn.close()
            log.warning("database error claiming bots: %s", error)
            raise Unavailable() from None
        if got:
            return BotClaim(game_id, conn)
        conn.close()
        return None

    def release_bots(self, claim: BotClaim | None) -> None:
        conn = None if claim is None else claim.conn
        if claim is None or conn is None:
            return
        try:
            conn.execute(
                text("SELECT pg_advisory_unlock(:space, :game)"), {"space": BOT_LOCKS, "game": claim.game_id}
            )
            conn.commit()
        except SQLAlchemyError as error:  # closing the session frees the lock anyway
            log.warning("database error releasing bots: %s", error)
        finally:
            conn.close()

    # -- games ------------------------------------------------------------------------------------

    @_guarded
    def create_game(
        self,
        *,
        game: str,
        game_version: str,
        options: dict[str, Any],
        seed: int,
        seat_players: Sequence[tuple[str, int, str]],
        new_links: Sequence[NewLink],
        names: Mapping[int, str] | None = None,
        rematch_of: int | None = None,
        clock: Mapping[str, Any] | None = None,
    ) -> int:
        """Store a new game with its seats ``(seat, player, controller)``, links and players'
        names, in one commit (``rematch_of``: the finished game this one replays; a second
        rematch of it is :class:`StaleMove`, and nothing is stored; ``clock``: its time control,
        ``ClockRule.to_json()``)."""
        keyed = is_keyed(seed)
        with self._writing, self.engine.begin() as conn:
            inserted = conn.execute(
                insert(games).values(
                    game=game,
                    game_version=game_version,
                    options=json.loads(json.dumps(options)),
                    seed=-1 if keyed else seed,
                    created=time.time(),
                )
            ).inserted_primary_key
            assert inserted is not None
            game_id = inserted[0]
            if keyed:
                conn.execute(insert(game_keys).values(game_id=game_id, key=seed_to_text(seed)))
            conn.execute(
                insert(seats),
                [{"game_id": game_id, "seat": s, "player": p, "controller": c} for s, p, c in seat_players],
            )
            if new_links:
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
            people = sorted({p for _s, p, _c in seat_players})
            conn.execute(
                insert(players),
                [
                    {"game_id": game_id, "player": p, "name": (names or {}).get(p), "renamed": 0}
                    for p in people
                ],
            )
            if clock is not None:
                conn.execute(
                    insert(clocks).values(
                        game_id=game_id,
                        pace=clock["pace"],
                        initial=clock["initial"],
                        per_move=clock["per_move"],
                        cap=clock["cap"],
                        on_timeout=clock["on_timeout"],
                    )
                )
            if rematch_of is not None:
                try:
                    with conn.begin_nested():
                        conn.execute(insert(rematches).values(game_id=rematch_of, new_game_id=game_id))
                except IntegrityError:
                    raise StaleMove(f"game {rematch_of} already has a rematch") from None
        return int(game_id)

    @_guarded
    def game(self, game_id: int) -> GameRow | None:
        with self.engine.connect() as conn:
            row = conn.execute(
                select(games, game_keys.c.key)
                .select_from(games.outerjoin(game_keys, game_keys.c.game_id == games.c.id))
                .where(games.c.id == game_id)
            ).first()
        if row is None:
            return None
        seed = seed_from_text(row.key) if row.key is not None else int(row.seed)
        return GameRow(row.id, row.game, row.game_version, dict(row.options), seed, row.created)

    @_guarded
    def link(self, token: str) -> LinkRow | None:
        """The link a token opens, or ``None`` (the caller answers 404 whatever the reason)."""
        key = hash_token(token)
        known = self._links.get(key)
        if known is not None:
            return known
        with self.engine.connect() as conn:
            row = conn.execute(select(links).where(links.c.token_hash == key)).first()
        if row is None:
            return None  # an unknown token is never remembered: it may be stored a moment later
        found = LinkRow(row.game_id, row.role, tuple(s for s in row.seats.split(",") if s))
        with self._links_lock:
            if len(self._links) >= LINKS_KEPT:
                for old in list(self._links)[: LINKS_KEPT // 4]:  # the oldest quarter
                    del self._links[old]
            self._links[key] = found
        return found

    def cached_link(self, token: str) -> LinkRow | None:
        """The link a token opens if this process has looked it up before (no database call, so
        the caller needs no thread): a stored link never changes; retention (:meth:`expire`)
        forgets them all."""
        return self._links.get(hash_token(token))

    @_guarded
    def controllers(self, game_id: int) -> dict[str, tuple[int, str]]:
        """Seat -> (player, controller)."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(seats.c.seat, seats.c.player, seats.c.controller).where(seats.c.game_id == game_id)
            ).all()
        return {r.seat: (r.player, r.controller) for r in rows}

    @_guarded
    def game_ids(self) -> list[int]:
        with self.engine.connect() as conn:
            return [r.id for r in conn.execute(select(games.c.id).order_by(games.c.id))]

    # -- the record -------------------------------------------------------------------------------

    @_guarded
    def actions(self, game_id: int, start: int = 0) -> list[tuple[str, str]]:
        """The record in order from ``start``, as ``(seat, text)``; :class:`GapInRecord` if a
        number is missing (a rebuild must not replay a record with a hole in it)."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(actions.c.number, actions.c.seat, actions.c.text)
                .where(actions.c.game_id == game_id, actions.c.number >= start)
                .order_by(actions.c.number)
            ).all()
        for expected, row in enumerate(rows, start):
            if row.number != expected:
                raise GapInRecord(
                    f"the stored record has no action {expected} (the next stored is {row.number})"
                )
        return [(r.seat, r.text) for r in rows]

    @_guarded
    def actions_from(self, game_id: int, start: int) -> list[tuple[str, str, float]]:
        """The record from action ``start`` on as ``(seat, text, stored time)``; :class:`GapInRecord`
        if a number is missing (a process following another reads only the new rows)."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(actions.c.number, actions.c.seat, actions.c.text, actions.c.at)
                .where(actions.c.game_id == game_id, actions.c.number >= start)
                .order_by(actions.c.number)
            ).all()
        for expected, row in enumerate(rows, start):
            if row.number != expected:
                raise GapInRecord(
                    f"the stored record has no action {expected} (the next stored is {row.number})"
                )
        return [(r.seat, r.text, float(r.at)) for r in rows]

    @_guarded
    def action_times(self, game_id: int) -> list[float]:
        """When each action of the record was stored, in order (the clocks follow from them)."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(actions.c.at).where(actions.c.game_id == game_id).order_by(actions.c.number)
            ).all()
        return [float(r.at) for r in rows]

    @_guarded
    def clocked_games(self) -> list[int]:
        """Every game with a clock (finished ones too: loading one finds it over)."""
        with self.engine.connect() as conn:
            return [int(r.game_id) for r in conn.execute(select(clocks.c.game_id).order_by(clocks.c.game_id))]

    @_guarded
    def clock(self, game_id: int) -> dict[str, Any] | None:
        """The game's time control as stored (``None``: the game has no clock)."""
        with self.engine.connect() as conn:
            row = conn.execute(select(clocks).where(clocks.c.game_id == game_id)).first()
        if row is None:
            return None
        return {
            "pace": row.pace,
            "initial": row.initial,
            "per_move": row.per_move,
            "cap": row.cap,
            "on_timeout": row.on_timeout,
        }

    @_guarded
    def count(self, game_id: int) -> int:
        with self.engine.connect() as conn:
            value = conn.execute(
                select(func.count()).select_from(actions).where(actions.c.game_id == game_id)
            ).scalar_one()
        return int(value)

    def append(self, game_id: int, number: int, seat: str, text: str) -> float:
        """Commit one action at ``number`` if it is the next one; :class:`StaleMove` otherwise.
        Returns the time stored with it (the clocks count from it). Blocks until it is durably
        committed (or refused); the app calls :meth:`append_async` instead."""
        item = self._enqueue(game_id, number, seat, text)
        # Store it from this thread (with whatever else waits): waiting for a pool thread here
        # could wait for ever if this is one.
        while not item.future.done():
            self._flush_once()
        return item.future.result()

    async def append_async(self, game_id: int, number: int, seat: str, text: str) -> float:
        """:meth:`append` off the event loop. Actions of any games that wait together are
        committed together, in one transaction (group commit: on SQLite one ``fsync``, on
        PostgreSQL one round trip for the row locks and one commit instead of one of each an
        action): each is still its own ``INSERT ... SELECT ... WHERE`` that stores it only if it
        is its game's next number, and each caller hears of its action only once that commit is
        durable, so nothing is acknowledged before it is stored. A cancelled caller still waits
        for the outcome, like :meth:`run`."""
        item = self._enqueue(game_id, number, seat, text)
        with self._queue_lock:
            start = not self._flushing
            self._flushing = True
        if start:
            self._threads().submit(self._flush)
        future = asyncio.wrap_future(item.future)
        try:
            return await asyncio.shield(future)
        except asyncio.CancelledError:
            with contextlib.suppress(Exception):
                await future
            raise

    def _enqueue(self, game_id: int, number: int, seat: str, text: str) -> _Append:
        item = _Append(game_id, number, seat, text, time.time(), concurrent.futures.Future())
        with self._queue_lock:
            self._queue.append(item)
        return item

    def _flush(self) -> None:
        """A pool thread stores every queued action, batch after batch, until none is left."""
        while True:
            with self._queue_lock:
                if not self._queue:
                    self._flushing = False
                    return
            try:
                self._flush_once()
            except BaseException:
                with self._queue_lock:
                    self._flushing = False
                raise

    def _flush_once(self) -> None:
        """Take the writer's lock and store everything queued by then, in one commit."""
        with self._writing:
            with self._queue_lock:
                batch, self._queue = self._queue, []
            if batch:
                self._commit_batch(batch)

    def _commit_batch(self, batch: list[_Append]) -> None:
        """Store ``batch`` in one transaction; settle every item's future. On PostgreSQL the
        games' row locks are taken first, all in one statement in the order of their ids (so
        two processes' batches never wait on each other in a cycle), and each stored action is
        notified (:meth:`_notify`) on commit."""
        stored: list[bool] = []
        try:
            with self.engine.begin() as conn:
                self._lock_games(conn, {item.game_id for item in batch})
                for item in batch:
                    # RETURNING, not rowcount: drivers do not all count the rows of INSERT ... SELECT.
                    done = conn.execute(
                        _INSERT_NEXT,
                        {
                            "game_id": item.game_id,
                            "number": item.number,
                            "seat": item.seat,
                            "text": item.text,
                            "at": item.at,
                        },
                    )
                    stored.append(len(done.all()) == 1)
                if self.postgres and any(stored):
                    notices = [
                        _notice(item.game_id, item.number + 1, (item.seat, item.text, item.at))
                        for item, ok in zip(batch, stored, strict=True)
                        if ok
                    ]
                    conn.execute(_NOTIFY, {"channel": CHANNEL, "payloads": notices})
        except IntegrityError as error:
            if len(batch) > 1:  # one of them broke a constraint (its game was deleted): each alone
                for item in batch:
                    self._commit_batch([item])
                return
            batch[0].settle(
                error=StaleMove(f"move {batch[0].number} of game {batch[0].game_id} is already recorded")
            )
            log.warning("action refused by the database: %s", error)
            return
        except BaseException as error:
            failure: BaseException = error
            if isinstance(error, SQLAlchemyError):
                log.warning("database error in append: %s", error)
                failure = Unavailable()
            elif isinstance(error, TimeoutError):
                failure = Unavailable("the database is busy")
            for item in batch:
                item.settle(error=failure)
            if not isinstance(error, Exception):
                raise
            return
        for item, ok in zip(batch, stored, strict=True):
            if ok:
                item.settle(at=item.at)
            else:
                item.settle(
                    error=StaleMove(
                        f"move {item.number} of game {item.game_id} is not the next one to record"
                    )
                )

    @_guarded
    def remove_last(self, game_id: int, number: int, seat: str, text: str) -> None:
        """Delete action ``number`` (undo) if it is the last one and is ``seat``'s ``text``;
        :class:`StaleMove` otherwise, and nothing is deleted."""
        later = actions.alias("later")
        with self._writing, self.engine.begin() as conn:
            self._lock_games(conn, [game_id])
            done = conn.execute(
                delete(actions)
                .where(
                    actions.c.game_id == game_id,
                    actions.c.number == number,
                    actions.c.seat == seat,
                    actions.c.text == text,
                    ~exists().where(and_(later.c.game_id == game_id, later.c.number > number)),
                )
                .returning(actions.c.number)
            ).all()
            if len(done) != 1:
                raise StaleMove(f"move {number} of game {game_id} is not the last one recorded")
            self._notify(conn, game_id, number)

    # -- people: names, webhooks, seat changes ----------------------------------------------------

    @_guarded
    def people(self, game_id: int) -> dict[int, tuple[str | None, int, str | None]]:
        """Player -> (name, times renamed by the holder, webhook URL); players without a row
        (games stored before names existed) are left out: no name, never renamed, no webhook."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(players.c.player, players.c.name, players.c.renamed, players.c.webhook).where(
                    players.c.game_id == game_id
                )
            ).all()
        return {r.player: (r.name, int(r.renamed or 0), r.webhook) for r in rows}

    def _upsert_player(self, conn: Connection, game_id: int, player: int, **values: Any) -> None:
        found = conn.execute(
            select(players.c.player).where(players.c.game_id == game_id, players.c.player == player)
        ).first()
        if found is None:
            conn.execute(
                insert(players).values(**{"renamed": 0, **values, "game_id": game_id, "player": player})
            )
        else:
            conn.execute(
                players.update()
                .where(players.c.game_id == game_id, players.c.player == player)
                .values(**values)
            )

    @_guarded
    def set_name(self, game_id: int, player: int, name: str, *, limit: int) -> None:
        """The holder names their seats; :class:`StaleMove` once they have done it ``limit`` times."""
        with self._writing, self.engine.begin() as conn:
            self._lock_games(conn, [game_id])
            row = conn.execute(
                select(players.c.renamed).where(players.c.game_id == game_id, players.c.player == player)
            ).first()
            done = 0 if row is None else int(row.renamed or 0)
            if done >= limit:
                raise StaleMove("this seat's name was already changed")
            self._upsert_player(conn, game_id, player, name=name, renamed=done + 1)
            self._notify(conn, game_id, -2)

    @_guarded
    def set_webhook(self, game_id: int, player: int, url: str | None) -> None:
        with self._writing, self.engine.begin() as conn:
            self._upsert_player(conn, game_id, player, webhook=url)

    @_guarded
    def set_controller(
        self, game_id: int, seat_list: Sequence[str], controller: str, kind: str, move: int
    ) -> None:
        """Hand seats to another controller (a resignation, a bot replacing an absent player),
        noting it in ``seat_events``, in one commit."""
        with self._writing, self.engine.begin() as conn:
            self._lock_games(conn, [game_id])
            conn.execute(
                seats.update()
                .where(seats.c.game_id == game_id, seats.c.seat.in_(list(seat_list)))
                .values(controller=controller)
            )
            conn.execute(
                insert(seat_events).values(
                    game_id=game_id,
                    at=time.time(),
                    move=move,
                    kind=kind,
                    seats=",".join(seat_list),
                    controller=controller,
                )
            )
            self._notify(conn, game_id, -2)

    @_guarded
    def seat_events(self, game_id: int) -> list[SeatEvent]:
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(seat_events).where(seat_events.c.game_id == game_id).order_by(seat_events.c.id)
            ).all()
        return [SeatEvent(r.at, r.move, r.kind, tuple(r.seats.split(",")), r.controller) for r in rows]

    @_guarded
    def last_activity(self, game_id: int) -> float:
        """When the game last moved (its last action, or its creation)."""
        with self.engine.connect() as conn:
            last = conn.execute(select(func.max(actions.c.at)).where(actions.c.game_id == game_id)).scalar()
            if last is None:
                last = conn.execute(select(games.c.created).where(games.c.id == game_id)).scalar()
        return float(last or 0.0)

    # -- chat -------------------------------------------------------------------------------------

    @_guarded
    def add_chat(self, game_id: int, sender: tuple[str, ...] | None, to_seat: str | None, text_: str) -> int:
        with self._writing, self.engine.begin() as conn:
            inserted = conn.execute(
                insert(chat).values(
                    game_id=game_id,
                    at=time.time(),
                    sender="" if sender is None else ",".join(sender),
                    to_seat=to_seat,
                    text=text_,
                )
            ).inserted_primary_key
            assert inserted is not None
            self._notify(conn, game_id, -2)
        return int(inserted[0])

    @_guarded
    def chat(self, game_id: int, after: int = 0, last: int = 200) -> list[ChatRow]:
        """The game's messages with an id above ``after``, the newest ``last`` of them, oldest first."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(chat)
                .where(chat.c.game_id == game_id, chat.c.id > after)
                .order_by(chat.c.id.desc())
                .limit(last)
            ).all()
        return [
            ChatRow(r.id, r.at, None if r.sender == "" else tuple(r.sender.split(",")), r.to_seat, r.text)
            for r in reversed(rows)
        ]

    # -- rematch ----------------------------------------------------------------------------------

    @_guarded
    def rematch(self, game_id: int) -> int | None:
        with self.engine.connect() as conn:
            found = conn.execute(
                select(rematches.c.new_game_id).where(rematches.c.game_id == game_id)
            ).scalar()
        return None if found is None else int(found)

    @_guarded
    def add_link(self, link: NewLink, game_id: int) -> None:
        """Store a link unless its token is already stored (a rematch's links are made when each
        holder first asks for theirs)."""
        with self._writing, self.engine.begin() as conn:
            known = conn.execute(
                select(links.c.game_id).where(links.c.token_hash == hash_token(link.token))
            ).first()
            if known is None:
                try:
                    with conn.begin_nested():
                        conn.execute(
                            insert(links).values(
                                token_hash=hash_token(link.token),
                                game_id=game_id,
                                role=link.role,
                                seats=",".join(link.seats),
                            )
                        )
                except IntegrityError:
                    pass  # another process stored it first

    @_guarded
    def links_of(self, game_id: int) -> list[LinkRow]:
        with self.engine.connect() as conn:
            rows = conn.execute(select(links.c.role, links.c.seats).where(links.c.game_id == game_id)).all()
        return [LinkRow(game_id, r.role, tuple(s for s in r.seats.split(",") if s)) for r in rows]

    # -- retention --------------------------------------------------------------------------------

    @_guarded
    def expire(self, before: float) -> int:
        """Delete the games with no action (nor creation) since ``before`` (a Unix time), with
        their seats, links, keys and records, and the replays uploaded before it; how many games
        went. The retention policy (``Settings.retention_days``) calls it."""
        last = (
            select(actions.c.game_id, func.max(actions.c.at).label("at"))
            .group_by(actions.c.game_id)
            .subquery()
        )
        stale = (
            select(games.c.id)
            .select_from(games.outerjoin(last, last.c.game_id == games.c.id))
            .where(func.coalesce(last.c.at, games.c.created) < before)
        )
        with self._writing, self.engine.begin() as conn:
            ids = [row.id for row in conn.execute(stale)]
            if ids:
                with self._links_lock:
                    self._links.clear()
            conn.execute(delete(rematches).where(rematches.c.new_game_id.in_(ids)))
            for table in (actions, links, seats, game_keys, players, chat, seat_events, rematches):
                conn.execute(delete(table).where(table.c.game_id.in_(ids)))
            conn.execute(delete(games).where(games.c.id.in_(ids)))
            conn.execute(delete(replays).where(replays.c.created < before))
        return len(ids)

    # -- replays ----------------------------------------------------------------------------------

    @_guarded
    def add_replay(self, token: str, record: str) -> None:
        """Keep an uploaded record (already checked to replay) under a new token."""
        with self._writing, self.engine.begin() as conn:
            conn.execute(
                insert(replays).values(token_hash=hash_token(token), record=record, created=time.time())
            )

    @_guarded
    def replay_record(self, token: str) -> str | None:
        """The record text a replay token opens, or ``None``."""
        with self.engine.connect() as conn:
            row = conn.execute(
                select(replays.c.record).where(replays.c.token_hash == hash_token(token))
            ).first()
        return None if row is None else str(row.record)


def parse_notice(payload: str) -> tuple[int, int, Appended | None]:
    """``(game_id, moves, appended)`` of a ``NOTIFY`` payload (:meth:`Store._notify`);
    ``ValueError`` if it is not one."""
    head, _sep, extra = payload.partition("|")
    game, _sep, moves = head.partition(":")
    appended: Appended | None = None
    if extra:
        seat, text_, at = json.loads(extra)
        appended = (str(seat), str(text_), float(at))
    return int(game), int(moves or -1), appended


def listen(
    url: str,
    on_change: Callable[[int, int, Appended | None], None],
    on_reconnect: Callable[[], None],
    stop: Any,
) -> None:
    """Block, calling ``on_change(game_id, moves, appended)`` for every change another process
    (or this one) commits, until ``stop`` (a ``threading.Event``) is set; ``appended`` is the
    move an append stored (seat, text, time), else None. A lost connection is reopened, then
    ``on_reconnect()`` says that changes may have been missed. PostgreSQL only; run it in a
    thread of its own."""
    import psycopg  # noqa: PLC0415 (only PostgreSQL needs it)

    conninfo = make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)
    failures = 0
    while not stop.is_set():
        try:
            with psycopg.connect(conninfo, autocommit=True, connect_timeout=5) as conn:
                conn.execute(f"LISTEN {CHANNEL}")
                if failures:
                    on_reconnect()
                failures = 0
                while not stop.is_set():
                    for note in conn.notifies(timeout=0.5):
                        try:
                            notice = parse_notice(note.payload)
                        except (ValueError, TypeError):
                            continue
                        on_change(*notice)
        except psycopg.Error as error:
            failures += 1
            log.warning("LISTEN connection lost (%s); reconnecting", type(error).__name__)
            stop.wait(min(10.0, 0.5 * failures))
