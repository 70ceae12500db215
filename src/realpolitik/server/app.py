"""The web app: a JSON API, a websocket per open page, and the static client.

Routes (a *token* is the secret part of a seat's, the spectators' or the shared screen's link):

* ``GET /`` the page to create a game; ``GET /play/{token}`` and ``GET /watch/{token}`` the board.
* ``GET /api/games`` the games this server hosts, each with its options schema, seats and
  automaton (the lobby builds its form from it); ``POST /api/games`` creates one;
  ``POST /api/games/preview`` checks the same request without creating anything and says who would
  hold which seats and which options the game derives.
* ``GET /games/{game id}/{file}`` a game's own static files (its board module and strings).
* ``GET /api/play/{token}`` the state as that link may see it (``?since=N``: log entries from N);
  ``GET /api/play/{token}/board`` the printed board; ``POST .../action`` and ``POST .../undo``;
  ``GET .../record`` the record file, once the game is over (the record holds the seed, which
  would tell the deck's order and so every hand: a running game is never exported).
* ``WS /ws/{token}`` pushes the state after every change; the page may also send its actions and
  undos on it (:class:`SocketRequest`: ``{"type": "action", "id", "action", "move", "seat"}``,
  answered ``{"type": "result", "id", "ok", ...}`` with the status and reason a ``POST`` would
  give), which spares each action an HTTP request.
* ``POST /api/replays`` uploads a record file to watch; ``GET /replay/{token}`` is its page,
  ``GET /api/replay/{token}?step=N`` the public state after the record's first N actions and
  ``GET /api/replay/{token}/board`` the printed board.

Every unknown token gets the same 404, whether or not a game exists; a well-formed request that the
rules refuse gets 409 (stale, not your turn) or 422 (illegal, with the reason and the rule). A
database that cannot be reached gives a JSON 503 with ``Retry-After``, never the driver's words.
Every database call runs in the store's thread pool, never on the event loop.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import math
import re
import threading
import time
from collections.abc import AsyncIterator, Callable, Coroutine
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any, Literal

from fastapi import Body, FastAPI, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.exception_handlers import http_exception_handler
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.routing import APIRoute
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field, ValidationError
from sqlalchemy.exc import SQLAlchemyError
from starlette.datastructures import Headers, MutableHeaders
from starlette.exceptions import HTTPException as StarletteHTTPException

from ..engine import JSON, example_id
from ..engine.record import Record, SeatNote
from ..web import STATIC_DIR
from .boards import GAMES_PREFIX, board_for, static_file
from .bots import BotCaps
from .limits import ASGIApp, BodyLimit, Message, RateLimit, Receive, Scope, Send, TokenBucket
from .lobby import MAX_SEED, create_game, create_rematch, game_list, preview
from .people import check_chat, check_name, check_webhook, rematch_token, send_turn
from .replays import Replays
from .rooms import RETRY_AFTER, Refused, Room, Rooms, Watcher, encode, splice
from .store import Appended, ChatRow, LinkRow, NewLink, StaleMove, Store, StoreLimits, Unavailable, listen
from .tokens import well_formed

log = logging.getLogger("realpolitik.server")

PAGE_HEADERS = {
    # The token is in the page's URL: never send it on as a Referer.
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
}

_HOST = re.compile(r"^[A-Za-z0-9.-]{1,253}(:[0-9]{1,5})?$|^\[[0-9A-Fa-f:.]{2,45}\](:[0-9]{1,5})?$")


def content_policy(host: str | None) -> str:
    """Our own scripts only, and websockets only to this very host (CSP 3 browsers read 'self' as
    that already; the explicit ws:/wss: origin is for the older ones)."""
    sockets = f" ws://{host} wss://{host}" if host and _HOST.match(host) else ""
    return (
        f"default-src 'self'; connect-src 'self'{sockets}; img-src 'self' data:; "
        "style-src 'self' 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"
    )


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise json.JSONDecodeError(f"the number {text} is out of range", text, 0)
    return value


def _no_constant(name: str) -> Any:
    raise json.JSONDecodeError(f"{name} is not JSON", name, 0)


class StrictJSONRequest(Request):
    """A request body is strict JSON: ``NaN``, ``Infinity`` and numbers beyond a double are a
    decode error (422), not values that fail later."""

    async def json(self) -> Any:
        if not hasattr(self, "_json"):
            self._json = json.loads(await self.body(), parse_constant=_no_constant, parse_float=_finite)
        return self._json


class StrictJSONRoute(APIRoute):
    def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
        handler = super().get_route_handler()

        async def strict(request: Request) -> Response:
            return await handler(StrictJSONRequest(request.scope, request.receive))

        return strict


NOT_FOUND = "unknown link"
"""The one answer to any token we cannot use: it says nothing about which games exist."""


DEFAULT_DATABASE = "sqlite:///realpolitik-games.db"


@dataclass(slots=True)
class Settings:
    database: str = DEFAULT_DATABASE
    bot_delay: float = 0.6
    """Seconds a bot waits before it moves, so people can follow (0 in tests)."""
    max_body: int = 128 * 1024
    body_timeout: float = 15.0
    """Seconds a request's body may take to arrive (408 after)."""
    rate_per_second: float = 20.0
    rate_burst: float = 60.0
    creates_per_minute: float = 20.0
    bot_caps: BotCaps = field(default_factory=BotCaps)
    """The most a bot may think per decision, and the threads bots think in."""
    store: StoreLimits = field(default_factory=StoreLimits)
    """Database timeouts and pool size."""
    max_rooms: int = 1000
    """Games kept in memory at once (idle ones are dropped first; they load again on demand)."""
    idle_seconds: float = 900.0
    """A game nobody watches and nobody acts in leaves memory after this long."""
    sockets_per_link: int = 8
    """Websockets open at once through one link (more are closed with 1008)."""
    retention_days: float = 0.0
    """Delete games without any action for this many days, and replays older than that
    (0: keep everything)."""
    sweep_seconds: float = 30.0
    """How often idle rooms are dropped, stalled bots restarted and the retention policy applied."""
    replace_after_seconds: float = 48 * 3600.0
    """How long a game must stand still, waiting for a person whose page is closed, before
    another seat's holder may hand that person's seats to a bot (the table link may at any time)."""
    chat_per_minute: float = 12.0
    chat_burst: float = 5.0
    """Chat messages one link may post (a token bucket per link)."""
    clock_minimum: float = 10.0
    """The shortest bank or increment a custom clock may ask for, in seconds (server/clocks.py;
    the tests lower it to see a time-out happen)."""
    webhooks_to_local: bool = False
    """Let turn webhooks reach loopback, link-local and private addresses (tests; a server inside
    a private network). Off: such a webhook is never called."""


class CreateGame(BaseModel):
    model_config = ConfigDict(extra="forbid")

    game: str = Field(default_factory=example_id, max_length=64)
    """The game's id (``GET /api/games``); the first game the server knows when left out."""
    options: dict[str, Any] = Field(default_factory=dict)
    seed: int | None = Field(None, ge=0, le=MAX_SEED)
    controllers: dict[str, Annotated[str, Field(max_length=64)]] = Field(default_factory=dict, max_length=16)
    """Seat -> ``human`` (the default), ``bot``, ``bot:SPEC`` (``bot:heuristic``,
    ``bot:ismcts:iterations=300``) or the game's automaton keyword (LBE's ``np``: the seat goes
    into the automaton's option)."""
    table: bool = False
    """Also make a link that acts for every human seat, for hot-seat play on one screen."""
    names: dict[str, Annotated[str, Field(max_length=200)]] = Field(default_factory=dict, max_length=16)
    """Seat -> the name of the person holding it (shown on every page)."""
    clock: dict[str, Any] | None = Field(None, max_length=5)
    """The time control (``server/clocks.py``): ``{"pace": "live"|"fast"|"slow"}`` or ``{"pace":
    "custom", "initial": s, "per_move": s, "cap": s}``, with ``"on_timeout": "bot"|"forfeit"``.
    Left out: no clock."""


class PreviewGame(BaseModel):
    model_config = ConfigDict(extra="forbid")

    game: str = Field(default_factory=example_id, max_length=64)
    options: dict[str, Any] = Field(default_factory=dict)
    controllers: dict[str, Annotated[str, Field(max_length=64)]] = Field(default_factory=dict, max_length=16)


class NameRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: str = Field(max_length=200)


class WebhookRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    url: str | None = Field(None, max_length=2000)
    """``None`` (or empty) removes it."""


class ChatRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    text: str = Field(max_length=4000)
    to: str | None = Field(None, max_length=32)
    """A seat: the message is private between the sender's seats and that one."""


class SeatRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    seat: str | None = Field(None, max_length=32)


class ActionRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    action: str = Field(min_length=1, max_length=300)
    move: int = Field(ge=0)
    """The move number the client saw: a stale or repeated submission is refused."""
    seat: str | None = Field(None, max_length=32)


class SocketRequest(BaseModel):
    """An action or an undo sent on a page's websocket: the same fields and limits as the ``POST``
    bodies, with ``type`` and an ``id`` the answer repeats."""

    model_config = ConfigDict(extra="forbid")

    type: Literal["action", "undo"]
    id: int = Field(ge=0, le=2**31)
    action: str | None = Field(None, min_length=1, max_length=300)
    move: int = Field(ge=0)
    seat: str | None = Field(None, max_length=32)


SOCKET_MESSAGE_BYTES = 1024
"""The largest message a page may send on its websocket (an action is at most ~400 bytes)."""


class UndoRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    move: int = Field(ge=0)
    seat: str | None = Field(None, max_length=32)


class Problem(BaseModel):
    """Every refusal's body: ``detail`` says why (a list of field errors when the request itself is
    malformed), ``rule`` cites the rule when the rules refused it."""

    detail: str | list[dict[str, Any]]
    rule: str | None = None


def _problems(*codes: int) -> dict[int | str, dict[str, Any]]:
    # Documented so that the schema (and the API tests generated from it) know every answer's
    # shape, 422 included: the rules' 422 carries a sentence, not FastAPI's list of field errors.
    return {code: {"model": Problem} for code in codes}


TOKEN_ERRORS = _problems(403, 404, 409, 413, 422, 429, 503)


def _refusal(error: Refused) -> dict[str, JSON]:
    """A refusal's body (an HTTP answer's, or a socket's ``result`` with its status)."""
    content: dict[str, JSON] = {"detail": error.reason}
    if error.rule:
        content["rule"] = error.rule
    return content


def _unavailable_detail(detail: str = "the database is unavailable") -> str:
    return f"{detail}; try again in a moment"


def _refused(error: Refused) -> JSONResponse:
    return JSONResponse(_refusal(error), status_code=error.status)


def _unavailable(detail: str = "the database is unavailable") -> JSONResponse:
    return JSONResponse(
        {"detail": _unavailable_detail(detail)},
        status_code=503,
        headers={"Retry-After": str(RETRY_AFTER)},
    )


NO_STORE = ("/api/", "/ws/", "/play/", "/watch/", "/replay/")
"""Answers that may carry a hand, a token or a record: never kept by a browser or a proxy."""


class SecurityHeaders:
    """``Cache-Control: no-store`` on every answer under :data:`NO_STORE`, and the
    Content-Security-Policy on every page (pure ASGI: it only edits the answer's headers)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        no_store = str(scope.get("path", "")).startswith(NO_STORE)

        async def sending(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                if no_store:
                    headers["Cache-Control"] = "no-store"
                if "text/html" in headers.get("content-type", ""):
                    host = Headers(scope=scope).get("host")
                    headers["Content-Security-Policy"] = content_policy(host)
            await send(message)

        await self.app(scope, receive, sending)


def json_text(text: str) -> Response:
    """An answer whose JSON is already encoded (a state message is built as text, once)."""
    return Response(text.encode(), media_type="application/json")


def create_app(settings: Settings | None = None, store: Store | None = None) -> FastAPI:
    settings = settings or Settings()
    store = store or Store(settings.database, settings.store)
    rooms = Rooms(
        store,
        settings.bot_delay,
        caps=settings.bot_caps,
        max_rooms=settings.max_rooms,
        idle_seconds=settings.idle_seconds,
        replace_after=settings.replace_after_seconds,
    )
    replays = Replays(store)
    chat_limit = TokenBucket(settings.chat_per_minute / 60.0, settings.chat_burst)

    async def on_turn(room: Room, player: int, seats: tuple[str, ...]) -> None:
        url = room.webhooks.get(player)
        if not url:
            return
        body: dict[str, Any] = {
            "event": "your_turn",
            "game": room.match.game.id,
            "title": room.match.game.title,
            "seats": list(seats),
            "name": room.names.get(player),
            "move": room.move,
            "text": f"It is your turn in {room.match.game.title} ({', '.join(seats)}).",
        }
        await send_turn(url, body, allow_local=settings.webhooks_to_local)

    rooms.on_turn = on_turn

    async def sweep() -> None:
        last_retention = 0.0
        while True:
            await asyncio.sleep(settings.sweep_seconds)
            rooms.evict()
            with contextlib.suppress(Unavailable):
                await rooms.wake_clocks()
            rooms.kick_all()
            now = time.time()
            if settings.retention_days > 0 and now - last_retention > 3600:
                last_retention = now
                with contextlib.suppress(Unavailable):
                    await store.run(store.expire, now - settings.retention_days * 86400)

    @contextlib.asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        loop = asyncio.get_running_loop()
        stop = threading.Event()
        listener: threading.Thread | None = None
        if store.postgres:
            # Changes committed by any process (this one too) reach this process's rooms.
            def on_change(game_id: int, moves: int, appended: Appended | None) -> None:
                asyncio.run_coroutine_threadsafe(rooms.changed(game_id, moves, appended), loop)

            def on_reconnect() -> None:
                asyncio.run_coroutine_threadsafe(rooms.catch_up_all(), loop)

            listener = threading.Thread(
                target=listen, args=(store.url, on_change, on_reconnect, stop), daemon=True, name="rp-listen"
            )
            listener.start()
        sweeper = asyncio.create_task(sweep())
        yield
        sweeper.cancel()
        stop.set()
        await rooms.close()
        if listener is not None:
            await asyncio.to_thread(listener.join, 5)
        store.close()

    app = FastAPI(title="realpolitik", lifespan=lifespan)
    app.router.route_class = StrictJSONRoute
    app.state.store = store
    app.state.rooms = rooms
    app.state.settings = settings
    app.add_middleware(
        RateLimit,
        per_second=settings.rate_per_second,
        burst=settings.rate_burst,
        creates_per_minute=settings.creates_per_minute,
    )
    app.add_middleware(BodyLimit, max_bytes=settings.max_body, timeout=settings.body_timeout)
    app.add_middleware(SecurityHeaders)  # the outermost: the limits' refusals get them too

    @app.exception_handler(Refused)
    async def on_refused(_request: Request, error: Refused) -> JSONResponse:
        return _refused(error)

    @app.exception_handler(Unavailable)
    async def on_unavailable(_request: Request, error: Unavailable) -> JSONResponse:
        return _unavailable(str(error))

    @app.exception_handler(SQLAlchemyError)
    async def on_database_error(_request: Request, error: SQLAlchemyError) -> JSONResponse:
        log.warning("database error: %s", error)  # in the log, never in the answer
        return _unavailable()

    @app.exception_handler(StarletteHTTPException)
    async def on_http_error(request: Request, error: StarletteHTTPException) -> Response:
        if error.status_code == 404 and request.url.path.startswith(("/api/play/", "/api/replay/")):
            # A path that matches no route under a token answers like an unknown token.
            return JSONResponse({"detail": NOT_FOUND}, status_code=404)
        return await http_exception_handler(request, error)

    async def open_link(token: str) -> tuple[LinkRow, Room]:
        if not well_formed(token):
            raise Refused(404, NOT_FOUND)
        # A link this process has seen needs no database call (links never change).
        link = store.cached_link(token) or await store.run(store.link, token)
        if link is None:
            raise Refused(404, NOT_FOUND)
        return link, await rooms.get(link.game_id)

    # -- pages ------------------------------------------------------------------------------------

    @app.get("/", include_in_schema=False)
    async def index() -> FileResponse:
        return FileResponse(STATIC_DIR / "index.html", headers=PAGE_HEADERS)

    @app.get("/play/{token}", include_in_schema=False)
    @app.get("/watch/{token}", include_in_schema=False)
    @app.get("/replay/{token}", include_in_schema=False)
    async def play_page(token: str) -> FileResponse:
        # The same page for any token: whether the link works is only told by the API (404).
        return FileResponse(STATIC_DIR / "play.html", headers=PAGE_HEADERS)

    @app.get("/mine", include_in_schema=False)
    async def my_games() -> FileResponse:
        return FileResponse(STATIC_DIR / "mine.html", headers=PAGE_HEADERS)

    @app.get("/favicon.ico", include_in_schema=False)
    async def favicon() -> FileResponse:
        return FileResponse(STATIC_DIR / "favicon.svg", media_type="image/svg+xml")

    app.mount("/static", StaticFiles(directory=Path(STATIC_DIR)), name="static")

    @app.get(GAMES_PREFIX + "/{game_id}/{path:path}", include_in_schema=False)
    async def game_file(game_id: str, path: str) -> FileResponse:
        # A game's own board module and strings, looked up through its plug-in on every request,
        # so a game registered after start-up is served too; nothing outside its folder is.
        found = static_file(game_id, path)
        if found is None:
            raise Refused(404, "no such file")
        return FileResponse(found, headers={"X-Content-Type-Options": "nosniff", "Cache-Control": "no-cache"})

    # -- API --------------------------------------------------------------------------------------

    @app.get("/api/games")
    async def games() -> list[dict[str, JSON]]:
        return game_list()

    @app.post("/api/games/preview", responses=_problems(413, 422, 429))
    async def preview_game(request: PreviewGame) -> dict[str, JSON]:
        return preview(
            game_id=request.game,
            options=request.options,
            controllers=request.controllers,
            caps=settings.bot_caps,
        )

    @app.post("/api/games", status_code=201, responses=_problems(413, 422, 429, 503))
    async def create(request: CreateGame) -> dict[str, JSON]:
        names = {seat: check_name(name) for seat, name in request.names.items() if name.strip()}
        created = await store.run(
            create_game,
            store,
            game_id=request.game,
            options=request.options,
            seed=request.seed,
            controllers=request.controllers,
            table_link=request.table,
            caps=settings.bot_caps,
            names=names,
            clock=request.clock,
            clock_minimum=settings.clock_minimum,
        )
        players: list[JSON] = []
        for player in created.players:
            entry = {k: v for k, v in player.items() if k != "token"}
            if "token" in player:
                entry["url"] = f"/play/{player['token']}"
            players.append(entry)
        if any(player["controller"] != "human" for player in created.players):
            (await rooms.get(created.game_id)).kick_bots()  # bots may open the game
        # else the game is loaded by the first page that opens it: with several processes behind
        # a front that routes by game (docs/web.md), that page's process, and no other one keeps
        # the game in memory to follow every move through NOTIFY
        out: dict[str, JSON] = {
            "players": players,
            "spectator": f"/watch/{created.spectator}",
            "table": None if created.table is None else f"/play/{created.table}",
        }
        if request.seed is not None:
            out["seed"] = created.seed  # a fresh seed is never shown: it would tell the deck order
        return out

    @app.get("/api/play/{token}", responses=TOKEN_ERRORS, response_model=dict[str, JSON])
    async def state(
        token: str,
        since: Annotated[int, Query(ge=0)] = 0,
        epoch: Annotated[int, Query(ge=0)] = 0,
        reveal: Annotated[str | None, Query(max_length=32)] = None,
    ) -> Response:
        """``reveal``: on a shared (hot-seat) link, the seat whose person is at the screen."""
        link, room = await open_link(token)
        text, _length = await room.payload_text(link, since, epoch, reveal)
        return json_text(text)

    @app.get("/api/play/{token}/board", responses=TOKEN_ERRORS)
    async def board(token: str) -> dict[str, JSON]:
        _link, room = await open_link(token)
        return board_for(room.match.game.id, room.match.options)

    async def answer_with_state(
        head: dict[str, JSON],
        *,
        link: LinkRow,
        room: Room,
        since: int | None,
        epoch: int,
        reveal: str | None,
    ) -> Response:
        """An action's or undo's answer; asked with ``since``, it also carries ``state``, the
        link's state as ``GET`` would give it with the same parameters, so the client needs no
        ``GET`` after it (the state is read after the change, under the room's lock)."""
        if since is None:
            return json_text(encode(head))
        text, _length = await room.payload_text(link, since, epoch, reveal)
        return json_text(splice(head, {"state": text}))

    def check_reveal(link: LinkRow, reveal: str | None) -> None:
        # Checked before anything changes: a refused ``reveal`` must not follow an applied action.
        if reveal is not None and reveal not in link.seats:
            raise Refused(422, f"this link does not hold the seat {reveal!r}")

    @app.post("/api/play/{token}/action", responses=TOKEN_ERRORS, response_model=dict[str, JSON])
    async def action(
        token: str,
        request: Annotated[ActionRequest, Body()],
        since: Annotated[int | None, Query(ge=0)] = None,
        epoch: Annotated[int, Query(ge=0)] = 0,
        reveal: Annotated[str | None, Query(max_length=32)] = None,
    ) -> Response:
        """Play an action. ``since`` (with ``epoch`` and ``reveal``, as for ``GET``): answer with
        the link's new state too. Every page, this one too, also gets it through its websocket."""
        link, room = await open_link(token)
        check_reveal(link, reveal)
        seat = await room.act(link, request.seat, request.action, request.move)
        head: dict[str, JSON] = {"ok": True, "seat": seat, "move": room.move}
        return await answer_with_state(head, link=link, room=room, since=since, epoch=epoch, reveal=reveal)

    @app.post("/api/play/{token}/undo", responses=TOKEN_ERRORS, response_model=dict[str, JSON])
    async def undo(
        token: str,
        request: Annotated[UndoRequest, Body()],
        since: Annotated[int | None, Query(ge=0)] = None,
        epoch: Annotated[int, Query(ge=0)] = 0,
        reveal: Annotated[str | None, Query(max_length=32)] = None,
    ) -> Response:
        link, room = await open_link(token)
        check_reveal(link, reveal)
        await room.undo(link, request.seat, request.move)
        head: dict[str, JSON] = {"ok": True, "move": room.move}
        return await answer_with_state(head, link=link, room=room, since=since, epoch=epoch, reveal=reveal)

    @app.get(
        "/api/play/{token}/record",
        responses={
            **TOKEN_ERRORS,
            200: {"content": {"application/json": {}}, "description": "The record file"},
        },
    )
    async def record(token: str) -> Response:
        _link, room = await open_link(token)
        async with room.lock:
            if not room.match.is_over():
                # The record holds the generator's key and every kept card: it would show the deck,
                # the hands and every die to come.
                raise Refused(403, "the record can be downloaded once the game is over")
            # Who played each seat at the end, and the seats that changed hands on the way.
            notes = [
                SeatNote(move=e.move, kind=e.kind, seats=list(e.seats), controller=e.controller)
                for e in room.events
            ]
            record = Record.of(room.match).model_copy(
                update={
                    "seats": {seat: ctl for seat, (_p, ctl) in room.controllers.items()},
                    "events": notes or None,
                }
            )
        # Named by the game and its final position, not by the game's number in the database.
        name = f"{record.game}-{(record.final_hash or '')[:12]}.json"
        return Response(
            record.to_json(),
            media_type="application/json",
            headers={"Content-Disposition": f'attachment; filename="{name}"'},
        )

    # -- people: names, chat, notifications, leaving, rematch -------------------------------------

    def own_player(link: LinkRow, room: Room) -> int:
        if link.role != "player" or not link.seats:
            raise Refused(403, "only a player's own link can do this")
        return room.player_of(link.seats[0])

    @app.get("/api/play/{token}/summary", responses=TOKEN_ERRORS)
    async def summary(token: str) -> dict[str, JSON]:
        """What the "my games" page lists: the game, the link's seats, whose turn."""
        link, room = await open_link(token)
        async with room.lock:
            to_act = list(room.match.to_act())
            outcome = room.match.outcome()
            move = room.move
        return {
            "game": room.match.game.id,
            "title": room.match.game.title,
            "role": link.role,
            "seats": list(link.seats),
            "names": dict(room.names_by_seat()),
            "to_act": to_act,
            "yours": [s for s in to_act if s in link.seats and room.controllers[s][1] == "human"],
            "move": move,
            "over": None if outcome is None else outcome.summary,
            "rematch": room.rematch_id is not None,
        }

    @app.post("/api/play/{token}/name", responses=TOKEN_ERRORS)
    async def rename(token: str, request: Annotated[NameRequest, Body()]) -> dict[str, JSON]:
        """The holder of a player's link names their seats (once)."""
        link, room = await open_link(token)
        player = own_player(link, room)
        name = check_name(request.name)
        try:
            await store.run(store.set_name, room.row.id, player, name, limit=1)
        except StaleMove:
            raise Refused(409, "this seat's name was already changed once; it stays as it is") from None
        room.names[player] = name
        room.renamed[player] = room.renamed.get(player, 0) + 1
        room.notify()
        return {"ok": True, "name": name}

    @app.post("/api/play/{token}/webhook", responses=TOKEN_ERRORS)
    async def webhook(token: str, request: Annotated[WebhookRequest, Body()]) -> dict[str, JSON]:
        """The holder of a player's link sets (or, with ``null``, removes) the URL the server calls
        when their turn begins and no page of theirs is open."""
        link, room = await open_link(token)
        player = own_player(link, room)
        url = check_webhook(request.url) if request.url and request.url.strip() else None
        await store.run(store.set_webhook, room.row.id, player, url)
        room.webhooks[player] = url
        return {"ok": True, "webhook": url is not None}

    def chat_sender(link: LinkRow) -> tuple[str, ...] | None:
        if link.role == "spectator":
            return None
        return ("*",) if link.role == "table" else link.seats

    def chat_visible(link: LinkRow, row: ChatRow) -> bool:
        if row.to_seat is None:
            return True
        if link.role != "player":
            return False  # a shared screen or a spectator sees no private message
        return row.to_seat in link.seats or bool(row.sender and set(row.sender) & set(link.seats))

    def chat_json(row: ChatRow) -> dict[str, JSON]:
        sender: JSON = None if row.sender is None else ("table" if row.sender == ("*",) else list(row.sender))
        return {"id": row.id, "at": row.at, "from": sender, "to": row.to_seat, "text": row.text}

    async def chat_for(link: LinkRow, room: Room, after: int) -> list[JSON]:
        rows = await store.run(store.chat, room.row.id, after)
        return [chat_json(row) for row in rows if chat_visible(link, row)]

    @app.get("/api/play/{token}/chat", responses=TOKEN_ERRORS)
    async def read_chat(token: str, after: Annotated[int, Query(ge=0, le=2**53)] = 0) -> dict[str, JSON]:
        """The messages this link may see with an id above ``after`` (the newest 200)."""
        link, room = await open_link(token)
        return {"messages": await chat_for(link, room, after)}

    @app.post("/api/play/{token}/chat", status_code=201, responses=TOKEN_ERRORS)
    async def post_chat(token: str, request: Annotated[ChatRequest, Body()]) -> dict[str, JSON]:
        link, room = await open_link(token)
        text = check_chat(request.text)
        sender = chat_sender(link)
        to = request.to or None
        if to is not None:
            if link.role != "player":
                raise Refused(422, "private messages are sent from a player's own link")
            if to not in room.controllers:
                raise Refused(422, f"no seat {to!r} in this game")
            if to in link.seats:
                raise Refused(422, "a private message goes to another player's seat")
        wait = chat_limit.take(link.role + ":" + ",".join(link.seats) + f"@{room.row.id}:{token[:8]}")
        if wait > 0:
            raise Refused(429, f"too many messages: wait {math.ceil(wait)} s")
        number = await store.run(store.add_chat, room.row.id, sender, to, text)
        room.chat_version += 1
        room.notify()
        return {"ok": True, "id": number}

    @app.post("/api/play/{token}/resign", responses=TOKEN_ERRORS)
    async def resign(token: str, request: Annotated[SeatRequest, Body()]) -> dict[str, JSON]:
        """The holder leaves: their seats go to the default bot and the game goes on."""
        link, room = await open_link(token)
        if link.role == "spectator":
            raise Refused(403, "a spectator link holds no seat")
        if request.seat is not None and request.seat not in link.seats:
            raise Refused(403, f"this link does not hold the seat {request.seat!r}")
        if link.role == "table" and request.seat is None:
            raise Refused(422, "say which seat resigns")
        seat = request.seat or link.seats[0]
        seats = room.seats_of(room.player_of(seat))
        controller = await room.hand_to_bot(seats, "resigned")
        return {"ok": True, "seats": list(seats), "controller": controller}

    @app.post("/api/play/{token}/replace", responses=TOKEN_ERRORS)
    async def replace(token: str, request: Annotated[SeatRequest, Body()]) -> dict[str, JSON]:
        """Hand an absent person's seats to a bot: from the table link at any time; from another
        seat's link once the game has waited ``replace_after_seconds`` for them with their page
        closed."""
        link, room = await open_link(token)
        if link.role == "spectator":
            raise Refused(403, "a spectator link cannot replace a player")
        if request.seat is None or request.seat not in room.controllers:
            raise Refused(422, "say which seat a bot should take over")
        seats = room.seats_of(room.player_of(request.seat))
        if link.role == "player":
            if set(seats) & set(link.seats):
                raise Refused(422, "to leave your own seats, resign")
            if not set(seats) & set(room.match.to_act()):
                raise Refused(409, f"{request.seat} is not holding the game up")
            if any(room.connected(s) for s in seats):
                raise Refused(409, f"{request.seat}'s player has the game open")
            idle = time.time() - room.changed_at
            if idle < settings.replace_after_seconds:
                wait = math.ceil((settings.replace_after_seconds - idle) / 60)
                raise Refused(
                    409,
                    f"{request.seat} may be replaced after the game has waited "
                    f"{settings.replace_after_seconds / 3600:g} h for them (in {wait} min)",
                )
        controller = await room.hand_to_bot(seats, "replaced")
        return {"ok": True, "seats": list(seats), "controller": controller}

    @app.post("/api/play/{token}/rematch", responses=TOKEN_ERRORS)
    async def rematch(token: str) -> dict[str, JSON]:
        """A finished game's rematch (made by the first holder who asks): this link's own link to
        it. A spectator link gets the rematch's spectator link once a player made it."""
        link, room = await open_link(token)
        if not room.match.is_over():
            raise Refused(409, "a rematch starts once the game is over")
        new_id = room.rematch_id or await store.run(store.rematch, room.row.id)
        if new_id is None:
            if link.role == "spectator":
                raise Refused(409, "no rematch yet: a player starts it")
            try:
                new_id = await store.run(
                    create_rematch,
                    store,
                    game_id=room.row.id,
                    game=room.row.game,
                    options=room.row.options,
                    controllers=room.controllers,
                    names=room.names,
                    caps=settings.bot_caps,
                )
            except StaleMove:
                new_id = await store.run(store.rematch, room.row.id)
                assert new_id is not None
            room.rematch_id = new_id
            room.notify()
            (await rooms.get(new_id)).kick_bots()
        new_token = rematch_token(token, new_id)
        await store.run(store.add_link, NewLink(new_token, link.role, link.seats), new_id)
        page = "watch" if link.role == "spectator" else "play"
        return {"url": f"/{page}/{new_token}"}

    # -- replays ---------------------------------------------------------------------------------

    async def open_replay(token: str) -> Record:
        record = await store.run(replays.record, token) if well_formed(token) else None
        if record is None:
            raise Refused(404, NOT_FOUND)
        return record

    @app.post("/api/replays", status_code=201, responses=_problems(413, 422, 429, 503))
    async def upload_replay(body: Annotated[dict[str, Any], Body()]) -> dict[str, JSON]:
        """Upload a record file (the JSON object itself) to watch it move by move."""
        token, moves = await store.run(replays.create, body)
        return {"url": f"/replay/{token}", "moves": moves}

    @app.get("/api/replay/{token}", responses=TOKEN_ERRORS)
    async def replay_state(token: str, step: Annotated[int, Query(ge=0)] = 0) -> dict[str, JSON]:
        record = await open_replay(token)
        return replays.payload(token, record, step)

    @app.get("/api/replay/{token}/board", responses=TOKEN_ERRORS)
    async def replay_board(token: str) -> dict[str, JSON]:
        record = await open_replay(token)
        return board_for(record.game, record.options)

    # -- live updates -----------------------------------------------------------------------------

    @app.websocket("/ws/{token}")
    async def live(
        websocket: WebSocket, token: str, since: int = 0, reveal: str | None = None, chat: int = 0
    ) -> None:
        """``since``: the log entries the page has; ``chat``: the last chat message id it has."""
        try:
            link, room = await open_link(token)
        except Refused:
            await websocket.close(code=4404, reason=NOT_FOUND)
            return
        except Unavailable:
            await websocket.close(code=1013, reason="the database is unavailable; try again")
            return
        if reveal is not None and reveal not in link.seats:
            await websocket.close(code=4422, reason="this link does not hold that seat")
            return
        if sum(1 for w in room.watchers if w.link == link) >= settings.sockets_per_link:
            await websocket.close(code=1008, reason="too many open pages for this link")
            return
        await websocket.accept()
        watcher = Watcher(link, log_sent=max(0, since), reveal=reveal, chat_id=max(0, chat))
        watcher.wake.set()  # the first message is the state as it stands
        room.watchers.add(watcher)
        address = websocket.client.host if websocket.client else "?"
        reader = asyncio.create_task(_read(websocket, lambda text: socket_request(text, link, room, address)))
        # A closed socket ends the reader, which wakes this loop to stop (one event to wait on,
        # not a task and an ``asyncio.wait`` per message: 4% of the server's CPU under load).
        reader.add_done_callback(lambda _done: watcher.wake.set())
        try:
            while True:
                await watcher.wake.wait()
                if reader.done():
                    break
                watcher.wake.clear()
                # Built now, not when woken: a burst of bot moves goes out as one message.
                text, watcher.log_sent = await room.payload_text(
                    link, watcher.log_sent, reveal=watcher.reveal
                )
                await websocket.send_text(text)
                if watcher.chat_seen != room.chat_version:
                    watcher.chat_seen = room.chat_version
                    messages = await chat_for(link, room, watcher.chat_id)
                    if messages:  # the page reads what came before with GET .../chat
                        last = messages[-1]
                        assert isinstance(last, dict)
                        watcher.chat_id = max(watcher.chat_id, int(str(last["id"])))
                        await websocket.send_text(json.dumps({"type": "chat", "messages": messages}))
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            room.watchers.discard(watcher)
            reader.cancel()

    socket_requests = TokenBucket(settings.rate_per_second, settings.rate_burst)
    """Actions and undos sent on websockets, per client address: the same rate as HTTP requests
    (which the rate limit counts per request, while a websocket is one request)."""

    async def socket_request(text: str, link: LinkRow, room: Room, address: str) -> str:
        """The answer to an action or undo sent on a websocket: what its ``POST`` would answer,
        as a ``result`` message (status and reason when refused)."""
        answer: dict[str, JSON] = {"type": "result", "id": None}
        try:
            request = SocketRequest.model_validate_json(text)
        except ValidationError as error:
            with contextlib.suppress(ValueError, TypeError, AttributeError):
                answer["id"] = int(json.loads(text)["id"])  # so the page knows which one failed
            fields = "; ".join(
                f"{'.'.join(map(str, e['loc'])) or 'message'}: {e['msg']}" for e in error.errors()
            )
            return encode({**answer, "ok": False, "status": 422, "detail": f"malformed message: {fields}"})
        answer["id"] = request.id
        wait = socket_requests.take(address)
        if wait:
            retry = max(1, math.ceil(wait))
            return encode(
                {
                    **answer,
                    "ok": False,
                    "status": 429,
                    "detail": "too many requests: slow down",
                    "retry_after": retry,
                }
            )
        try:
            if request.type == "action":
                if request.action is None:
                    raise Refused(422, "an action message needs its action")
                seat = await room.act(link, request.seat, request.action, request.move)
                return encode({**answer, "ok": True, "seat": seat, "move": room.move})
            await room.undo(link, request.seat, request.move)
            return encode({**answer, "ok": True, "move": room.move})
        except Refused as error:
            return encode({**answer, "ok": False, "status": error.status, **_refusal(error)})
        except (Unavailable, SQLAlchemyError) as error:
            if isinstance(error, SQLAlchemyError):
                log.warning("database error: %s", error)  # in the log, never in the answer
            detail = (
                _unavailable_detail(str(error)) if isinstance(error, Unavailable) else _unavailable_detail()
            )
            return encode(
                {**answer, "ok": False, "status": 503, "detail": detail, "retry_after": RETRY_AFTER}
            )

    return app


async def _read(websocket: WebSocket, answer: Callable[[str], Coroutine[Any, Any, str]]) -> None:
    """Read what the page sends, so a closed socket is noticed: pings are answered, and actions
    and undos (JSON, :class:`SocketRequest`) are played and answered, one at a time."""
    with contextlib.suppress(WebSocketDisconnect, RuntimeError):
        while True:
            text = await websocket.receive_text()
            if len(text) > SOCKET_MESSAGE_BYTES:
                await websocket.close(code=1009, reason="message too big")
                return
            if text == "ping":
                await websocket.send_text('{"type":"pong"}')
            elif text.startswith("{"):
                await websocket.send_text(await answer(text))


SERVER_GC_THRESHOLDS = (200_000, 50, 100)
"""The garbage collector's thresholds in a server process (Python's are 700, 10, 10). A server
holds many live objects (each room's match, its undo snapshots: a whole state per action), and
with the defaults the collector scanned them again and again: under load, a fifth of the CPU went
to collections started inside ``Match.play``'s state clone. Measured with ``bench/load.py
--seats 200`` (SQLite, one process, quiet machine): 1.98-2.08 -> 1.45-1.52 ms of server CPU an
action, 482-506 -> 657-689 accepted actions/s, p95 218-226 -> 72-86 ms (docs/performance.md).
Cyclic garbage only lives a little longer."""


def app_from_env() -> FastAPI:  # pragma: no cover (uvicorn --factory entry point)
    import gc  # noqa: PLC0415
    import os  # noqa: PLC0415

    gc.set_threshold(*SERVER_GC_THRESHOLDS)  # this server process only (docstring above)
    return create_app(settings_from_env(os.environ))


def settings_from_env(env: Any) -> Settings:
    """Settings for a worker process of ``realpolitik serve --workers N`` (each worker builds its
    own app: uvicorn's ``--factory``), from the ``REALPOLITIK_*`` variables the command sets."""
    settings = Settings(database=env.get("REALPOLITIK_DATABASE", DEFAULT_DATABASE))
    if "REALPOLITIK_BOT_DELAY" in env:
        settings.bot_delay = float(env["REALPOLITIK_BOT_DELAY"])
    if env.get("REALPOLITIK_WEBHOOKS_TO_LOCAL") == "1":
        settings.webhooks_to_local = True
    if "REALPOLITIK_REPLACE_AFTER" in env:
        settings.replace_after_seconds = float(env["REALPOLITIK_REPLACE_AFTER"])
    if "REALPOLITIK_RETENTION_DAYS" in env:
        settings.retention_days = float(env["REALPOLITIK_RETENTION_DAYS"])
    # The per-address limits (a load test from one address lifts them).
    if "REALPOLITIK_RATE_PER_SECOND" in env:
        settings.rate_per_second = float(env["REALPOLITIK_RATE_PER_SECOND"])
        settings.rate_burst = max(settings.rate_burst, settings.rate_per_second)
    if "REALPOLITIK_CREATES_PER_MINUTE" in env:
        settings.creates_per_minute = float(env["REALPOLITIK_CREATES_PER_MINUTE"])
    return settings
