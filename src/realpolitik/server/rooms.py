"""Games in play: a :class:`Room` holds one game's :class:`~realpolitik.engine.Match`, rebuilt from
the stored record, the people watching it, and the bots that move in it.

**The database decides.** The record in the database is the truth, and the match in memory never
runs ahead of it. An action is checked and applied under the room's lock, then committed (in the
store's thread pool, off the event loop) with its number: the store accepts it only if it is the
next one. Only then is it answered and shown. Readers take the same lock, so nobody sees an
action that is not yet committed. If the commit fails, the match is put back as it was before the
action (replayed in memory from the committed moves, without the database) before the error is
answered; if the store says the record is elsewhere (another process moved, undid), the room is
reloaded from the database. Undo deletes the checked row first and only then takes the action
back in memory.

**Several processes.** Each process keeps its own rooms. When another process changes a game
(PostgreSQL ``NOTIFY``, :meth:`Rooms.changed`), the room catches up from the database: new
actions are played on, anything else rebuilds it. Bots move in the one process that holds the
game's claim (:meth:`~realpolitik.server.store.Store.claim_bots`), so each decision is thought
once however many processes serve the game.

**Bots** think on a clone of the state in the server's bounded bot pool. The room's ``version``
grows with every change (an action, an undo, a reload), and a bot's choice is played only if the
version is still the one it thought on: checking only the move number would let it play a move
chosen for a position that an undo and a re-play replaced (the ABA problem). A database error
makes a bot wait and retry; it never stops the game.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections import OrderedDict
from collections.abc import Callable, Coroutine, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

import orjson

from ..engine import JSON, IllegalAction, Match, Outcome, RealpolitikError, Seat, get_game, plugin
from ..engine.record import Record, replay
from ..engine.rng import is_keyed
from . import bots
from .clocks import Clock, ClockRule, standings, stored_rule
from .store import Appended, GameRow, GapInRecord, LinkRow, SeatEvent, StaleMove, Store, Unavailable

log = logging.getLogger("realpolitik.server")

RETRY_AFTER = 2
"""Seconds a client is told to wait after a database error (``Retry-After``)."""

TurnHook = Callable[["Room", int, tuple[Seat, ...]], Coroutine[Any, Any, None]]
"""Called when seats of one person (a player index) must decide and that person has no page open
(the per-seat webhook, ``server/notify.py``)."""


def default_bot(game_id: str) -> str:
    """The bot that takes a seat over (a resignation, an absent player): the heuristic one where
    the game can value a position, else the random one."""
    found = plugin(game_id)
    if found.evaluation is not None and found.evaluation.values is not None:
        return "bot:heuristic"
    return "bot:random"


class Refused(Exception):
    """A request the room will not carry out: ``status`` is the HTTP status, ``reason`` the why."""

    def __init__(self, status: int, reason: str, rule: str | None = None) -> None:
        super().__init__(reason)
        self.status = status
        self.reason = reason
        self.rule = rule


def log_entries(match: Match, log_from: int, seeing: Sequence[Seat]) -> list[JSON]:
    """The log from ``log_from`` on, as the seats ``seeing`` may read it: public lines, and the
    lines only they may see marked private (a shared screen drops them when the device changes
    hands)."""
    entries: list[JSON] = []
    for index in range(log_from, len(match.log)):
        entry = match.log[index]
        if entry.visible(None):
            entries.append({"i": index, **entry.to_json()})
        elif any(entry.visible(seat) for seat in seeing):
            entries.append({"i": index, **entry.to_json(), "private": True})
    return entries


def state_payload(
    match: Match,
    *,
    role: str,
    held: tuple[Seat, ...],
    controllers: Mapping[Seat, str],
    log_from: int = 0,
    log_epoch: int = 0,
    error: str | None = None,
    reveal: Seat | None = None,
) -> dict[str, JSON]:
    """The state message the page draws: the views of the ``held`` seats (none: the public view,
    as a spectator or a replay's viewer sees it) and the log entries they may see.

    A shared screen (``role="table"``, hot-seat) holds every human seat but shows one person at a
    time: it gets only the public view and log, and the view, legal actions and private lines of
    the one seat ``reveal`` names (the person who pressed "show" on the hand-over screen), so what
    is behind the hand-over screen is never another seat's secret."""
    to_act = match.to_act()
    seeing = held
    if role == "table":
        seeing = (reveal,) if reveal is not None and reveal in held else ()
    views: list[JSON] = (
        [{"seat": seat, "view": match.view(seat)} for seat in seeing]
        if seeing
        else [{"seat": None, "view": match.view(None)}]
    )
    log_from = max(0, min(log_from, len(match.log)))
    entries = log_entries(match, log_from, seeing)
    outcome = match.outcome()
    return {
        "type": "state",
        "game": {"id": match.game.id, "title": match.game.title, "options": match.options},
        "role": role,
        "seats": list(held),
        "reveal": seeing[0] if role == "table" and seeing else None,
        "controllers": dict(controllers),
        "move": len(match.moves),
        "to_act": list(to_act),
        "views": views,
        "legal": {seat: match.legal_notations(seat) for seat in seeing if seat in to_act},
        # Only a yes/no: the refusal's wording may name another seat's secret action.
        "undo": {seat: match.undo_refusal(seat) is None for seat in held},
        "log_from": log_from,
        "log": entries,
        "log_length": len(match.log),
        "log_epoch": log_epoch,
        "outcome": None if outcome is None else outcome.to_json(),
        "error": error,
    }


_standard = json.JSONEncoder(ensure_ascii=False, check_circular=False, separators=(",", ":")).encode

_ORJSON = orjson.OPT_NON_STR_KEYS | orjson.OPT_PASSTHROUGH_DATACLASS | orjson.OPT_PASSTHROUGH_SUBCLASS
"""Keys as the standard library writes them; a dataclass or a subclass of a JSON type is not
written by orjson (it would write a dataclass's every field): it goes to the standard encoder,
which refuses it as before."""


def _encode(value: Any) -> str:
    """JSON text as the server sends it: UTF-8, compact (a state message is mostly its views).
    orjson writes it (with the standard library the state messages' encoding was a tenth of the
    server's CPU under load, docs/performance.md); what orjson will not write (an integer wider
    than 64 bits, the types above) goes to the standard encoder, so the text means the same."""
    try:
        return orjson.dumps(value, option=_ORJSON).decode()
    except orjson.JSONEncodeError:
        return _standard(value)


def encode(value: JSON) -> str:
    return _encode(value)


def splice(head: dict[str, JSON], raw: Mapping[str, str]) -> str:
    """``head`` as a JSON object with ``raw``'s members added as already encoded JSON text."""
    text = _encode(head)
    members = ",".join(f"{_encode(key)}:{value}" for key, value in raw.items())
    if not members:
        return text
    return text[:-1] + ("," if len(text) > 2 else "") + members + "}"


class _Version:
    """What every link's state message shares at one version of a room's match, built when a
    link first asks for it: the views (the costly part: the game's ``view`` and its JSON) and the
    legal actions by seat, as JSON text. A room keeps one; any change makes a new one
    (:meth:`Room.shared`), so no link is ever sent another version's or another seat's part."""

    __slots__ = ("key", "legal", "to_act", "views", "watched")

    def __init__(
        self, key: tuple[int, ...], to_act: tuple[Seat, ...], watched: tuple[Seat | None, ...] = ()
    ) -> None:
        self.key = key
        self.to_act = to_act
        self.watched = watched
        """The seats open pages show (``None``: a spectator's), when the version was made."""
        self.views: dict[Seat | None, str] = {}
        self.legal: dict[Seat, str] = {}

    def view(self, match: Match, seat: Seat | None) -> str:
        found = self.views.get(seat)
        if found is None and not self.views and seat in self.watched and hasattr(match.game, "views"):
            # The first view asked at this version: those of every seat an open page shows,
            # together, the public part built once (``Match.views``); after a move the room sends
            # them all at once.
            for each, shown in match.views(self.watched).items():
                self.views[each] = _encode({"seat": each, "view": shown})
            found = self.views[seat]
        if found is None:
            found = self.views[seat] = _encode({"seat": seat, "view": match.view(seat)})
        return found

    def legal_of(self, match: Match, seat: Seat) -> str:
        found = self.legal.get(seat)
        if found is None:
            found = self.legal[seat] = _encode(match.legal_notations(seat))
        return found


@dataclass(eq=False)
class Watcher:
    """One open websocket: which link it sees through, and how much of the log it has been sent."""

    link: LinkRow
    log_sent: int = 0
    reveal: Seat | None = None
    """A shared screen's revealed seat (``state_payload``)."""
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    chat_seen: int = -1
    """The room's ``chat_version`` when this socket last looked for new messages."""
    chat_id: int = 0
    """The last message id sent on this socket."""


def _record(row: GameRow, moves: list[str]) -> Record:
    return Record(
        game=row.game, game_version=row.game_version, options=row.options, seed=row.seed, actions=moves
    )


class Room:
    """One game being played (see the module docstring). Build it with :meth:`load`."""

    def __init__(
        self,
        store: Store,
        row: GameRow,
        controllers: Mapping[Seat, tuple[int, str]],
        bot_delay: float,
        *,
        bot_pool: ThreadPoolExecutor | None = None,
        caps: bots.BotCaps = bots.DEFAULT_CAPS,
    ) -> None:
        self.store = store
        self.row = row
        self.controllers = dict(controllers)
        self.bot_delay = bot_delay
        self.bot_pool = bot_pool
        self.caps = caps
        self.lock = asyncio.Lock()
        self.watchers: set[Watcher] = set()
        self.error: str | None = None
        """Why the game cannot go on (its record no longer replays, a bot failed)."""
        self.notice: str | None = None
        """A passing trouble shown to every link (the database is unavailable, bots retry)."""
        self._bot_task: asyncio.Task[None] | None = None
        self.log_epoch = 0
        """Counts the times the log lost its tail (undo, rebuild): a client that saw another
        epoch must take the whole log again."""
        self.version = 0
        """Grows with every change of the match: a bot plays only on the version it thought on."""
        self._last_at: float | None = None
        """When the match's last move was stored, if this room knows it (``_reload``)."""
        self._shared: _Version | None = None
        self.last_used = time.monotonic()
        self.match: Match = Match(get_game(row.game), row.options, row.seed)
        self.names: dict[int, str | None] = {}
        """Player (a person, ``plugin.people``) -> the name shown on their seats."""
        self.renamed: dict[int, int] = {}
        self.webhooks: dict[int, str | None] = {}
        self.events: list[SeatEvent] = []
        """Seats handed to bots outside the rules (resigned, replaced), in order."""
        self.rematch_id: int | None = None
        self.chat_version = 0
        """Grows with every chat message: a socket asks the database for new ones only then."""
        self.changed_at = time.time()
        """When the game last moved (for replacing an absent player by a bot)."""
        self.on_turn: TurnHook | None = None
        self.replace_after = 48 * 3600.0
        """Seconds the game must wait for an absent person before another may hand their seats to
        a bot (``Settings.replace_after_seconds``)."""
        self._deciding: set[Seat] = set()
        self._telling: set[asyncio.Task[None]] = set()
        self.clock: Clock | None = None
        """The seats' time banks (``server/clocks.py``); ``None``: the game has no clock."""
        self._clock_timer: asyncio.TimerHandle | None = None
        self._timing_out: asyncio.Task[None] | None = None

    def player_of(self, seat: Seat) -> int:
        return self.controllers.get(seat, (-1, "human"))[0]

    def seats_of(self, player: int) -> tuple[Seat, ...]:
        return tuple(s for s, (p, _c) in self.controllers.items() if p == player)

    def names_by_seat(self) -> dict[Seat, str]:
        return {seat: name for seat, (p, _c) in self.controllers.items() if (name := self.names.get(p))}

    async def load_people(self, clock: bool = True) -> None:
        """Names, webhooks, seat events and the rematch, from the database (and the clock, which
        replays the record: ``clock=False`` when only names, chat or a rematch changed)."""
        people = await self.store.run(self.store.people, self.row.id)
        self.names = {p: name for p, (name, _r, _w) in people.items()}
        self.renamed = {p: renamed for p, (_n, renamed, _w) in people.items()}
        self.webhooks = {p: hook for p, (_n, _r, hook) in people.items()}
        self.events = await self.store.run(self.store.seat_events, self.row.id)
        self.rematch_id = await self.store.run(self.store.rematch, self.row.id)
        self.changed_at = await self.store.run(self.store.last_activity, self.row.id)
        self._deciding = set(self.match.to_act())
        if clock:
            await self._load_clock()

    # -- the clock --------------------------------------------------------------------------------

    async def _load_clock(self) -> None:
        """Rebuild every seat's bank from the record's times (server/clocks.py: derived, never
        stored), and arm the time-out."""
        stored = await self.store.run(self.store.clock, self.row.id)
        rule = stored_rule(stored)
        if rule is None or self.error is not None:
            self.clock = None
            self._arm_clock()
            return
        times = await self.store.run(self.store.action_times, self.row.id)
        lines = [str(move) for move in self.match.moves]
        self.clock = await asyncio.to_thread(self._replay_clock, rule, lines, times)
        self._arm_clock()

    def _replay_clock(self, rule: ClockRule, lines: list[str], times: list[float]) -> Clock:
        timed = frozenset(seat for seat, (_p, ctl) in self.controllers.items() if ctl == "human")
        clock = Clock(rule, timed)
        steps = Match(get_game(self.row.game), self.row.options, self.row.seed)
        clock.start(self.row.created, steps.to_act())
        for line, at in zip(lines, times, strict=False):
            seat, _sep, text = line.partition(": ")
            steps.play(seat, text)
            clock.advance(at, steps.to_act())
        return clock

    def _tick(self, at: float) -> None:
        """An action was stored at ``at``: the clocks move on."""
        if self.clock is not None:
            self.clock.advance(at, self.match.to_act())
            self._arm_clock()

    def _arm_clock(self) -> None:
        """Wake up when the first deciding seat's bank runs out."""
        if self._clock_timer is not None:
            self._clock_timer.cancel()
            self._clock_timer = None
        if self.clock is None or self.match.is_over():
            return
        wait = self.clock.next_expiry(time.time())
        if wait is None:
            return
        loop = asyncio.get_running_loop()
        self._clock_timer = loop.call_later(wait + 0.05, self._clock_rang)

    def _clock_rang(self) -> None:
        self._clock_timer = None
        if self._timing_out is None or self._timing_out.done():
            self._timing_out = asyncio.get_running_loop().create_task(self._time_out())

    async def _time_out(self) -> None:
        """Hand every person whose deciding seat ran out of time to the bot (clocks.py's rule)."""
        clock = self.clock
        if clock is None or self.match.is_over():
            return
        kind = "forfeited" if clock.rule.on_timeout == "forfeit" else "timeout"
        people = sorted({self.player_of(seat) for seat in clock.expired(time.time())})
        for player in people:
            seats = tuple(s for s in self.seats_of(player) if self.controllers[s][1] == "human")
            if not seats:
                continue
            try:
                await self.hand_to_bot(seats, kind)
            except Refused:
                pass  # the game ended, or another process handed them over first
            except Unavailable:
                log.warning("game %s: database unavailable at a time-out; trying again", self.row.id)
                loop = asyncio.get_running_loop()
                self._clock_timer = loop.call_later(2.0, self._clock_rang)
                return
        self._arm_clock()

    def stop_clock(self) -> float | None:
        """The room leaves memory: stop its timer; seconds until its first deciding seat runs out
        (``None``: no clock runs)."""
        if self._clock_timer is not None:
            self._clock_timer.cancel()
            self._clock_timer = None
        if self.clock is None or self.match.is_over() or self.error is not None:
            return None
        return self.clock.next_expiry(time.time())

    def forfeited(self) -> list[Seat]:
        """Seats whose person lost on time under the ``forfeit`` rule."""
        return sorted({seat for event in self.events if event.kind == "forfeited" for seat in event.seats})

    async def poke(self) -> None:
        """Another process changed the people (names, controllers, chat, rematch): follow it."""
        with contextlib.suppress(Unavailable):
            before = self.controllers
            self.controllers = dict(await self.store.run(self.store.controllers, self.row.id))
            # A seat handed to a bot elsewhere is no longer timed; a name or a chat message leaves
            # the clock as it is (rebuilding it replays the whole record).
            await self.load_people(clock=self.controllers != before)
        self.chat_version += 1
        self.notify()
        self.kick_bots()

    def connected(self, seat: Seat) -> bool:
        """Whether a page holding ``seat`` has its websocket open in this process."""
        return any(w.link.role != "spectator" and seat in w.link.seats for w in self.watchers)

    def _turns(self) -> None:
        """After a change: people whose seats must now decide and who have no page open are told
        (their webhook), once per decision that begins."""
        now = set(self.match.to_act())
        began = now - self._deciding
        self._deciding = now
        if self.on_turn is None or not began:
            return
        by_player: dict[int, list[Seat]] = {}
        for seat in sorted(began):
            player, controller = self.controllers.get(seat, (-1, "bot"))
            if controller != "human" or player < 0 or self.connected(seat):
                continue
            if self.webhooks.get(player):
                by_player.setdefault(player, []).append(seat)
        loop = asyncio.get_running_loop()
        for player, seats in by_player.items():
            task = loop.create_task(self.on_turn(self, player, tuple(seats)))
            self._telling.add(task)
            task.add_done_callback(self._telling.discard)

    @classmethod
    async def load(
        cls,
        store: Store,
        row: GameRow,
        controllers: Mapping[Seat, tuple[int, str]],
        bot_delay: float,
        *,
        bot_pool: ThreadPoolExecutor | None = None,
        caps: bots.BotCaps = bots.DEFAULT_CAPS,
    ) -> Room:
        room = cls(store, row, controllers, bot_delay, bot_pool=bot_pool, caps=caps)
        try:
            moves = await store.run(store.actions, row.id)
        except GapInRecord as error:
            room.error = f"this game cannot be continued: {error}"
            log.error("game %s: %s", row.id, room.error)
            return room
        room.match = await asyncio.to_thread(room._replay, moves)
        await room.load_people()
        return room

    # -- loading ----------------------------------------------------------------------------------

    def _replay(self, moves: list[tuple[str, str]] | list[str]) -> Match:
        lines = [m if isinstance(m, str) else f"{m[0]}: {m[1]}" for m in moves]
        try:
            return replay(_record(self.row, lines))
        except RealpolitikError as error:
            # A rules change that no longer replays this game: keep it visible, refuse to go on.
            self.error = f"this game cannot be continued: {error}"
            log.error("game %s: %s", self.row.id, self.error)
            return Match(get_game(self.row.game), self.row.options, self.row.seed)

    async def _reload(self) -> None:
        """Rebuild from the database (another process moved, or a commit's fate is unknown).
        Called under the lock.

        When this room knows when its last move was stored (``_last_at``), only the rows from
        that move on are read: if that row is still there with the same seat, text and time, no
        earlier row changed either (an undo deletes the last row only, and a row stored again
        gets a new time), so the rows after it are the new moves. Otherwise the whole record."""
        mine = [str(move) for move in self.match.moves]
        following = self._last_at is not None and bool(mine) and self.error is None
        try:
            rows = await self.store.run(
                self.store.actions_from, self.row.id, len(mine) - 1 if following else 0
            )
            start = 0
            if following:
                first = rows[0] if rows else None
                if first is not None and (f"{first[0]}: {first[1]}", first[2]) == (mine[-1], self._last_at):
                    rows, start = rows[1:], len(mine)  # still there: the rows after it are new
                else:
                    rows = await self.store.run(self.store.actions_from, self.row.id, 0)
        except GapInRecord as error:
            self.error = f"this game cannot be continued: {error}"
            log.error("game %s: %s", self.row.id, self.error)
            return
        if rows:
            self._last_at = rows[-1][2]
        elif not start:
            self._last_at = None
        lines = mine[:start] + [f"{seat}: {text}" for seat, text, _at in rows]
        if lines[: len(mine)] == mine and self.error is None:
            for line in lines[len(mine) :]:
                seat, _sep, text = line.partition(": ")
                self.match.play(seat, text)
            if len(lines) == len(mine):
                return
        else:
            self.match = await asyncio.to_thread(self._replay, lines)
            self._log_cut()
        self.version += 1
        self.changed_at = time.time()
        self._deciding = set(self.match.to_act())  # another process told whoever it concerned
        await self._load_clock()
        self.notify()

    def _restore(self, committed: int) -> None:
        """Put the match back to its first ``committed`` moves, from memory alone (the database
        may be down): what the database holds, since memory never ran ahead of it."""
        lines = [str(move) for move in self.match.moves[:committed]]
        self.match = self._replay(lines)
        self._last_at = None
        self._log_cut()
        self.version += 1

    async def catch_up(self, moves: int = -1, appended: Appended | None = None) -> None:
        """Another process changed the game: follow the database. ``appended``: the move that
        made the record ``moves`` long (its ``NOTIFY``), played on at once if this room is exactly
        one move behind; anything else (an undo, a gap, an error) reads the record."""
        async with self.lock:
            if appended is None or not self._follow(moves, appended):
                with contextlib.suppress(Unavailable):
                    await self._reload()
        self.kick_bots()

    def holds(self, moves: int, appended: Appended | None) -> bool:
        """Whether this room's match already has the notified append as its move ``moves``
        (seat and text): a process hears of its own appends too, often once it has applied its
        next action in memory, and reading the record then would be wasted work (a tenth of a
        PostgreSQL server's CPU under load). An uncommitted later move does not matter: if its
        commit fails the room puts itself back."""
        if appended is None or not 0 < moves <= len(self.match.moves):
            return False
        move = self.match.moves[moves - 1]
        return (move.seat, move.text) == (appended[0], appended[1])

    def _follow(self, moves: int, appended: Appended) -> bool:
        """Play on the move another process stored, as :meth:`_reload` would after reading it;
        False (nothing changed) unless this room is exactly one move behind and the move plays.
        Called under the lock."""
        if self.error is not None or moves != len(self.match.moves) + 1:
            return False
        seat, text, at = appended
        try:
            self.match.play(seat, text)
        except RealpolitikError:
            log.warning("game %s: a notified move did not play here; reading the record", self.row.id)
            return False
        self._last_at = at
        self.version += 1
        self.changed_at = time.time()
        self._deciding = set(self.match.to_act())  # another process told whoever it concerned
        self._tick(at)
        self.notify()
        return True

    def _log_cut(self) -> None:
        self.log_epoch += 1
        for watcher in self.watchers:
            watcher.log_sent = min(watcher.log_sent, len(self.match.log))

    # -- seeing -----------------------------------------------------------------------------------

    @property
    def move(self) -> int:
        return len(self.match.moves)

    def shared(self) -> _Version:
        """This version's shared parts of the state message (:class:`_Version`). Keyed by the
        version and, should a change ever forget to count, the match itself, its moves and log."""
        match = self.match
        key = (self.version, id(match), len(match.moves), len(match.log), self.log_epoch)
        found = self._shared
        if found is None or found.key != key:
            found = self._shared = _Version(key, match.to_act(), self._watched())
        return found

    def _watched(self) -> tuple[Seat | None, ...]:
        """The seats the open pages show, a spectator's view as ``None``."""
        seats: dict[Seat | None, None] = {}
        for watcher in self.watchers:
            if watcher.link.role == "spectator":
                seats[None] = None
            else:
                seats.update(dict.fromkeys(watcher.link.seats))
        return tuple(seats)

    async def payload(
        self, link: LinkRow, log_from: int = 0, epoch: int | None = None, reveal: Seat | None = None
    ) -> dict[str, JSON]:
        """The state message for one link (:meth:`payload_text`) as an object."""
        text, _length = await self.payload_text(link, log_from, epoch, reveal)
        out: dict[str, JSON] = json.loads(text)
        return out

    async def payload_text(
        self, link: LinkRow, log_from: int = 0, epoch: int | None = None, reveal: Seat | None = None
    ) -> tuple[str, int]:
        """The state message for one link as JSON text, and the log length it brings the link to:
        only what its seats may see (a spectator: the public; a shared screen: the public and the
        revealed seat's own). The same message as :func:`state_payload` plus the room's people
        and clock; the views and legal lists come from :meth:`shared`.
        Taken under the lock, so an action being committed is not shown before it is stored."""
        if reveal is not None and reveal not in link.seats:
            raise Refused(422, f"this link does not hold the seat {reveal!r}")
        async with self.lock:
            self.last_used = time.monotonic()
            if epoch is not None and epoch != self.log_epoch:
                log_from = 0  # an undo since the client's last look rewrote the log's tail
            return self._state_text(link, log_from, reveal)

    def _state_text(self, link: LinkRow, log_from: int, reveal: Seat | None) -> tuple[str, int]:
        match = self.match
        shared = self.shared()
        to_act = shared.to_act
        role = link.role
        held = () if role == "spectator" else link.seats
        seeing = held
        if role == "table":
            seeing = (reveal,) if reveal is not None and reveal in held else ()
        length = len(match.log)
        log_from = max(0, min(log_from, length))
        entries = log_entries(match, log_from, seeing)
        outcome = match.outcome()
        head: dict[str, JSON] = {
            "type": "state",
            "game": {"id": match.game.id, "title": match.game.title, "options": match.options},
            "role": role,
            "seats": list(held),
            "reveal": seeing[0] if role == "table" and seeing else None,
            "controllers": {seat: ctl for seat, (_player, ctl) in self.controllers.items()},
            "move": len(match.moves),
            "to_act": list(to_act),
            # Only a yes/no: the refusal's wording may name another seat's secret action.
            "undo": {seat: match.undo_refusal(seat) is None for seat in held},
            "log_from": log_from,
            "log": entries,
            "log_length": length,
            "log_epoch": self.log_epoch,
            "outcome": None if outcome is None else outcome.to_json(),
            "error": self.error or self.notice,
        }
        self._add_people(head, link, outcome)
        views = ",".join(shared.view(match, seat) for seat in seeing) if seeing else shared.view(match, None)
        legal = ",".join(
            f"{_encode(seat)}:{shared.legal_of(match, seat)}" for seat in seeing if seat in to_act
        )
        return splice(head, {"views": f"[{views}]", "legal": f"{{{legal}}}"}), length

    def _add_people(self, out: dict[str, JSON], link: LinkRow, outcome: Outcome | None) -> None:
        """The state message's people and clock (the room's, not the match's)."""
        # Whether the dice and decks come from a secret key nobody at the table chose (false: the
        # creator gave the seed, and whoever knows it knows every card and die to come).
        out["secret_seed"] = is_keyed(self.row.seed)
        out["names"] = dict(self.names_by_seat())
        # The holder of a player's link may name their seats once (the creator's name aside).
        out["can_rename"] = (
            link.role == "player"
            and bool(link.seats)
            and (self.renamed.get(self.player_of(link.seats[0]), 0) < 1)
        )
        if link.role == "player" and link.seats:
            out["webhook"] = bool(self.webhooks.get(self.player_of(link.seats[0])))
        out["events"] = [
            {"move": e.move, "kind": e.kind, "seats": list(e.seats), "controller": e.controller}
            for e in self.events
        ]
        out["rematch"] = self.rematch_id is not None
        now = time.time()
        out["clock"] = None if self.clock is None else self.clock.to_json(now)
        forfeited = self.forfeited()
        out["forfeited"] = list(forfeited)
        if outcome is not None:
            out["standings"] = standings(outcome, forfeited)
        out["idle"] = max(0.0, round(now - self.changed_at, 1))
        out["replace_after"] = self.replace_after
        if link.role == "spectator":
            out["connected"] = []
        else:
            online = {s for w in self.watchers if w.link.role != "spectator" for s in w.link.seats}
            out["connected"] = sorted(s for s in self.controllers if s in online)

    def notify(self) -> None:
        for watcher in self.watchers:
            watcher.wake.set()

    def idle(self, now: float, after: float) -> bool:
        """Nobody is watching, no bot is thinking, nothing is under way, for ``after`` seconds."""
        return (
            not self.watchers
            and not self.lock.locked()
            and (self._bot_task is None or self._bot_task.done())
            and now - self.last_used >= after
        )

    # -- acting -----------------------------------------------------------------------------------

    def _seat_for(self, link: LinkRow, seat: Seat | None) -> Seat:
        if link.role == "spectator":
            raise Refused(403, "a spectator link cannot act")
        if seat is not None:
            if seat not in link.seats:
                raise Refused(403, f"this link does not hold the seat {seat!r}")
            return seat
        acting = [s for s in link.seats if s in self.match.to_act()]
        if len(acting) == 1:
            return acting[0]
        if not acting:
            return link.seats[0]
        raise Refused(422, f"say which seat acts: {', '.join(acting)}")

    async def _check_move(self, move: int) -> None:
        if move > self.move:
            # The client saw a move this process has not: another process is ahead of us.
            await self._reload()
        if self.error is not None:
            raise Refused(409, self.error)
        if move != self.move:
            raise Refused(
                409,
                f"the game has moved on (you saw move {move}, it is now at move {self.move}); "
                "your action was not applied: look at the board again",
            )

    async def _commit(self, number: int, seat: Seat, notation: str) -> None:
        """Store the action just applied in memory as move ``number``; on any failure the match
        is put back (or reloaded) before the error goes on. Called under the lock."""
        try:
            at = await self.store.append_async(self.row.id, number, seat, notation)
        except StaleMove:
            self._restore(number)
            with contextlib.suppress(Unavailable):
                await self._reload()
            raise
        except BaseException:
            self._restore(number)
            raise
        self.version += 1
        self._last_at = at
        self.notice = None
        self.changed_at = time.time()
        self._tick(at)

    async def act(self, link: LinkRow, seat: Seat | None, text: str, move: int) -> Seat:
        async with self.lock:
            self.last_used = time.monotonic()
            acting = self._seat_for(link, seat)
            await self._check_move(move)
            if self.match.is_over():
                raise Refused(409, "the game is over")
            if acting not in self.match.to_act():
                raise Refused(409, f"it is not {acting}'s decision now")
            self._human(acting)
            try:
                action = self.match.play(acting, text)
            except IllegalAction as error:
                raise Refused(422, str(error), error.rule) from None
            try:
                await self._commit(move, acting, self.match.game.notation(action))
            except StaleMove:
                raise Refused(409, "another action was recorded first; yours was not applied") from None
            self._turns()
        self.notify()
        self.kick_bots()
        return acting

    def _human(self, seat: Seat) -> None:
        controller = self.controllers.get(seat, (0, "human"))[1]
        if controller != "human":
            raise Refused(409, f"{seat} is played by a bot now ({controller}): this link no longer acts")

    async def undo(self, link: LinkRow, seat: Seat | None, move: int) -> None:
        async with self.lock:
            self.last_used = time.monotonic()
            acting = self._seat_for(link, seat)
            await self._check_move(move)
            self._human(acting)
            reason = self.match.undo_refusal(acting)
            if reason is not None:
                # Say why in general words only (the engine's text may quote a secret action).
                if self.match.moves and self.match.moves[-1].seat != acting:
                    raise Refused(409, "cannot undo: the last action was not yours")
                raise Refused(409, "cannot undo past a die roll or a revealed card, or nothing to undo")
            last = self.match.moves[-1]
            try:
                # The row checked here (number, seat, text, still the last) is the one deleted.
                await self.store.run(self.store.remove_last, self.row.id, move - 1, last.seat, last.text)
            except StaleMove:
                with contextlib.suppress(Unavailable):
                    await self._reload()
                raise Refused(409, "the game has moved on; nothing was undone") from None
            self.match.undo(acting)
            self._last_at = None  # the time of the move now last is not known here
            self.version += 1
            self._log_cut()
            self._deciding = set(self.match.to_act())
            with contextlib.suppress(Unavailable):
                await self._load_clock()  # an undo gives no time back (clocks.py)
        self.notify()
        self.kick_bots()

    # -- seats handed to bots -----------------------------------------------------------------------

    async def hand_to_bot(self, seats: tuple[Seat, ...], kind: str) -> str:
        """Give ``seats`` (one person's) to the default bot, noted as ``kind``; the caller checked
        who may. Under the lock, so no action of the leaving person is half taken."""
        async with self.lock:
            if self.match.is_over():
                raise Refused(409, "the game is over")
            if any(self.controllers.get(s, (0, "human"))[1] != "human" for s in seats):
                raise Refused(409, f"{' and '.join(seats)} already played by a bot")
            controller = default_bot(self.row.game)
            await self.store.run(self.store.set_controller, self.row.id, seats, controller, kind, self.move)
            for seat in seats:
                self.controllers[seat] = (self.controllers[seat][0], controller)
            self.events.append(SeatEvent(time.time(), self.move, kind, seats, controller))
            if self.clock is not None:
                self.clock.untime(seats)
                self._arm_clock()
            self.version += 1
        self.notify()
        self.kick_bots()
        return controller

    # -- bots -------------------------------------------------------------------------------------

    def bots_to_act(self) -> list[tuple[Seat, str]]:
        """Every bot seat that must decide now, with its spec: several when the game asks seats to
        decide at once (sealed bids, wagers)."""
        if self.error is not None or self.match.is_over():
            return []
        found = []
        for seat in self.match.to_act():
            spec = bots.bot_spec(self.controllers.get(seat, (0, "human"))[1])
            if spec is not None:
                found.append((seat, spec))
        return found

    def kick_bots(self) -> None:
        """Start the bots' loop if a bot must decide and the loop is not running."""
        if not self.bots_to_act():
            return
        if self._bot_task is None or self._bot_task.done():
            self._bot_task = asyncio.get_running_loop().create_task(self._bots())

    async def _bots(self) -> None:
        """Claim the game's bots (one process of several), move them, let go."""
        try:
            claim = await self.store.run(self.store.claim_bots, self.row.id)
        except Unavailable:
            await self._trouble(1)
            self.kick_bots()
            return
        if claim is None:
            return  # another process moves them; its actions reach us by NOTIFY
        try:
            await self._run_bots()
        finally:
            await self.store.run(self.store.release_bots, claim)

    async def _trouble(self, failures: int) -> None:
        self.notice = "the database is unavailable for a moment; the bots will try again"
        self.notify()
        await asyncio.sleep(min(30.0, 0.5 * 2 ** min(failures, 6)))

    async def _run_bots(self) -> None:
        failures = 0
        loop = asyncio.get_running_loop()
        while True:
            async with self.lock:
                turn = self.bots_to_act()
                if not turn:
                    return
                version = self.version
                move = self.move
                state = self.match.game.clone(self.match.state)
            if self.bot_delay:
                await asyncio.sleep(self.bot_delay)
            game = self.match.game
            try:
                # Bots asked at once decide on the same position, none seeing another's choice
                # (a simultaneous decision is sealed); each gets its own seed.
                choices = [
                    await loop.run_in_executor(
                        self.bot_pool,
                        bots.choose,
                        game,
                        state,
                        seat,
                        bots.run_spec(spec, self.caps),
                        bots.decision_seed(self.row.seed, move, rank),
                    )
                    for rank, (seat, spec) in enumerate(turn)
                ]
            except Exception as error:
                log.exception("game %s: bot %s failed", self.row.id, ", ".join(s for s, _ in turn))
                self.error = f"the bot playing {', '.join(s for s, _ in turn)} failed: {type(error).__name__}"
                self.notify()
                return
            try:
                async with self.lock:
                    if self.version != version:
                        continue  # someone acted, undid or reloaded: think again on the new position
                    for (seat, _spec), action in zip(turn, choices, strict=True):
                        if seat not in self.match.to_act():
                            break  # the decision closed early (the game moved on): think again
                        number = self.move
                        self.match.play(seat, action)
                        await self._commit(number, seat, game.notation(action))
                    self._turns()
            except StaleMove:
                failures += 1  # another process moved first: think again, but never spin
                if failures > 3:
                    await asyncio.sleep(min(5.0, 0.05 * failures))
                continue
            except Unavailable:
                failures += 1
                log.warning("game %s: database unavailable, bots retry (%d)", self.row.id, failures)
                await self._trouble(failures)
                continue
            failures = 0
            self.notify()

    async def close(self) -> None:
        if self._clock_timer is not None:
            self._clock_timer.cancel()
        task = self._bot_task
        if task is not None and not task.done():
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task


class Rooms:
    """The rooms loaded in this process, by game id: a game is loaded when someone first opens it
    and evicted when idle (no socket, no bot thinking, not used for ``idle_seconds``) or when more
    than ``max_rooms`` are loaded (the least recently used idle ones first)."""

    def __init__(
        self,
        store: Store,
        bot_delay: float = 0.0,
        *,
        caps: bots.BotCaps = bots.DEFAULT_CAPS,
        max_rooms: int = 1000,
        idle_seconds: float = 900.0,
        on_turn: TurnHook | None = None,
        replace_after: float = 48 * 3600.0,
    ) -> None:
        self.on_turn = on_turn
        self.replace_after = replace_after
        self.store = store
        self.bot_delay = bot_delay
        self.caps = caps
        self.max_rooms = max_rooms
        self.idle_seconds = idle_seconds
        self.bot_pool = self._bot_threads()
        self._rooms: OrderedDict[int, Room] = OrderedDict()
        self._loading: dict[int, asyncio.Future[Room]] = {}
        self.deadlines: dict[int, float] = {}
        """Games not in memory whose clock runs: when (wall time) the first deciding seat runs out.
        :meth:`wake_clocks` loads them then, so a time-out happens with nobody watching."""
        self._scanned = False

    def _bot_threads(self) -> ThreadPoolExecutor:
        return ThreadPoolExecutor(max_workers=self.caps.workers, thread_name_prefix="rp-bot")

    def __len__(self) -> int:
        return len(self._rooms)

    def loaded(self, game_id: int) -> Room | None:
        return self._rooms.get(game_id)

    async def get(self, game_id: int) -> Room:
        room = self._rooms.get(game_id)
        if room is not None:
            self._rooms.move_to_end(game_id)
            return room
        pending = self._loading.get(game_id)
        if pending is not None:
            return await asyncio.shield(pending)
        future: asyncio.Future[Room] = asyncio.get_running_loop().create_future()
        self._loading[game_id] = future
        try:
            row = await self.store.run(self.store.game, game_id)
            if row is None:
                raise Refused(404, "no such game")
            controllers = await self.store.run(self.store.controllers, game_id)
            room = await Room.load(
                self.store, row, controllers, self.bot_delay, bot_pool=self.bot_pool, caps=self.caps
            )
            room.on_turn = self.on_turn
            room.replace_after = self.replace_after
        except BaseException as error:
            future.set_exception(error)
            future.exception()  # retrieved: waiters get it, nobody else has to
            raise
        finally:
            self._loading.pop(game_id, None)
        future.set_result(room)
        self._rooms[game_id] = room
        if len(self._rooms) > self.max_rooms:
            self.evict()
        room.kick_bots()  # a restart in the middle of a bot's turn: carry on
        return room

    def evict(self, now: float | None = None) -> int:
        """Drop idle rooms (a later request loads the game again from the database)."""
        now = time.monotonic() if now is None else now
        dropped = 0
        for game_id, room in list(self._rooms.items()):
            over = len(self._rooms) > self.max_rooms
            if room.idle(now, 0.0 if over else self.idle_seconds):
                del self._rooms[game_id]
                dropped += 1
                wait = room.stop_clock()
                if wait is not None:
                    self.deadlines[game_id] = time.time() + wait
        return dropped

    async def wake_clocks(self, batch: int = 50) -> int:
        """Load the games whose clock ran out while they were out of memory (their room's timer
        then hands the late seats over). The first call after start-up looks for every game with
        a clock (a restart forgets the deadlines). Returns how many were loaded."""
        if not self._scanned:
            for game_id in await self.store.run(self.store.clocked_games):
                if game_id not in self._rooms:
                    self.deadlines.setdefault(game_id, 0.0)
            self._scanned = True
        now = time.time()
        due = sorted((at, game_id) for game_id, at in self.deadlines.items() if at <= now)[:batch]
        for _at, game_id in due:
            self.deadlines.pop(game_id, None)
            with contextlib.suppress(Refused, Unavailable):
                await self.get(game_id)
        return len(due)

    async def changed(self, game_id: int, moves: int = -1, appended: Appended | None = None) -> None:
        """``game_id`` changed and its record has ``moves`` moves (PostgreSQL NOTIFY, this
        process's own commits included): follow it if loaded and not already there. An append's
        notice carries the move (``appended``), played on without reading the record when the
        room is exactly one move behind."""
        room = self._rooms.get(game_id)
        if room is not None and moves == -2:
            await room.poke()  # people, not the record: names, controllers, chat, rematch
        elif room is not None and room.error is None and room.holds(moves, appended):
            pass  # this process's own append (or one it followed): its room has the move already
        elif room is not None and (moves < 0 or moves != room.move or room.error is not None):
            await room.catch_up(moves, appended)

    async def catch_up_all(self) -> None:
        """Changes may have been missed (the LISTEN connection was lost): check every room."""
        for room in list(self._rooms.values()):
            await room.catch_up()

    def kick_all(self) -> None:
        """Start the bots of every loaded game that waits for one (a process that held a game's
        bot claim may have died)."""
        for room in self._rooms.values():
            room.kick_bots()

    async def close(self) -> None:
        for room in self._rooms.values():
            await room.close()
        self._rooms.clear()
        self.bot_pool.shutdown(wait=False, cancel_futures=True)
        self.bot_pool = self._bot_threads()  # an app may be started again
