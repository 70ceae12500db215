"""Games in play: a :class:`Room` holds one game's :class:`~realpolitik.engine.Match`, rebuilt from
the stored record, the people watching it, and the bots that move in it.

Everything that touches a match runs on the event loop (the engine is fast: a whole game of random
moves takes a tenth of a second), so an action is validated, applied and committed without any
other coroutine seeing a half-done state. Only a bot's thinking runs in a worker thread, on a clone
of the state, and its choice is dropped if the game moved on meanwhile.

Order of an action: check the move number the client saw (stale or concurrent submissions are
refused), let the match validate it against the seat's legal list and apply it, commit it to the
database, and only then answer and wake the watchers. If the commit fails, the room is rebuilt
from the database, so memory never runs ahead of the record.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Mapping
from dataclasses import dataclass, field

from ..engine import JSON, IllegalAction, Match, RealpolitikError, Seat, get_game
from ..engine.record import Record, replay
from . import bots
from .store import GameRow, LinkRow, StaleMove, Store

log = logging.getLogger("realpolitik.server")


class Refused(Exception):
    """A request the room will not carry out: ``status`` is the HTTP status, ``reason`` the why."""

    def __init__(self, status: int, reason: str, rule: str | None = None) -> None:
        super().__init__(reason)
        self.status = status
        self.reason = reason
        self.rule = rule


def state_payload(
    match: Match,
    *,
    role: str,
    held: tuple[Seat, ...],
    controllers: Mapping[Seat, str],
    log_from: int = 0,
    log_epoch: int = 0,
    error: str | None = None,
) -> dict[str, JSON]:
    """The state message the page draws: the views of the ``held`` seats (none: the public view,
    as a spectator or a replay's viewer sees it) and the log entries they may see."""
    to_act = match.to_act()
    views: list[JSON] = (
        [{"seat": seat, "view": match.view(seat)} for seat in held]
        if held
        else [{"seat": None, "view": match.view(None)}]
    )
    log_from = max(0, min(log_from, len(match.log)))
    entries: list[JSON] = []
    for index in range(log_from, len(match.log)):
        entry = match.log[index]
        if (not held and entry.visible(None)) or any(entry.visible(seat) for seat in held):
            entries.append({"i": index, **entry.to_json()})
    outcome = match.outcome()
    return {
        "type": "state",
        "game": {"id": match.game.id, "title": match.game.title, "options": match.options},
        "role": role,
        "seats": list(held),
        "controllers": dict(controllers),
        "move": len(match.moves),
        "to_act": list(to_act),
        "views": views,
        "legal": {seat: match.legal_notations(seat) for seat in held if seat in to_act},
        # Only a yes/no: the refusal's wording may name another seat's secret action.
        "undo": {seat: match.undo_refusal(seat) is None for seat in held},
        "log_from": log_from,
        "log": entries,
        "log_length": len(match.log),
        "log_epoch": log_epoch,
        "outcome": None if outcome is None else outcome.to_json(),
        "error": error,
    }


@dataclass(eq=False)
class Watcher:
    """One open websocket: which link it sees through, and how much of the log it has been sent."""

    link: LinkRow
    log_sent: int = 0
    wake: asyncio.Event = field(default_factory=asyncio.Event)


class Room:
    """One game being played (see the module docstring)."""

    def __init__(
        self, store: Store, row: GameRow, controllers: Mapping[Seat, tuple[int, str]], bot_delay: float
    ) -> None:
        self.store = store
        self.row = row
        self.controllers = dict(controllers)
        self.bot_delay = bot_delay
        self.lock = asyncio.Lock()
        self.watchers: set[Watcher] = set()
        self.error: str | None = None
        """Why the game cannot go on (its record no longer replays, a bot failed)."""
        self._bot_task: asyncio.Task[None] | None = None
        self.log_epoch = 0
        """Counts the times the log lost its tail (undo, rebuild): a client that saw another
        epoch must take the whole log again."""
        self.match = self._rebuild()

    # -- loading ----------------------------------------------------------------------------------

    def _rebuild(self) -> Match:
        record = Record(
            game=self.row.game,
            game_version=self.row.game_version,
            options=self.row.options,
            seed=self.row.seed,
            actions=[f"{seat}: {text}" for seat, text in self.store.actions(self.row.id)],
        )
        try:
            return replay(record)
        except RealpolitikError as error:
            # A rules change that no longer replays this game: keep it visible, refuse to go on.
            self.error = f"this game cannot be continued: {error}"
            log.error("game %s: %s", self.row.id, self.error)
            return Match(get_game(self.row.game), self.row.options, self.row.seed)

    def resync(self) -> None:
        """Rebuild from the database (after a failed commit) and tell everyone."""
        self.match = self._rebuild()
        self._log_cut()
        self.notify()

    def _log_cut(self) -> None:
        self.log_epoch += 1
        for watcher in self.watchers:
            watcher.log_sent = min(watcher.log_sent, len(self.match.log))

    # -- seeing -----------------------------------------------------------------------------------

    @property
    def move(self) -> int:
        return len(self.match.moves)

    def payload(self, link: LinkRow, log_from: int = 0) -> dict[str, JSON]:
        """The state message for one link: only what its seats may see (a spectator: the public)."""
        return state_payload(
            self.match,
            role=link.role,
            held=() if link.role == "spectator" else link.seats,
            controllers={seat: ctl for seat, (_player, ctl) in self.controllers.items()},
            log_from=log_from,
            log_epoch=self.log_epoch,
            error=self.error,
        )

    def notify(self) -> None:
        for watcher in self.watchers:
            watcher.wake.set()

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

    def _check_move(self, move: int) -> None:
        if self.error is not None:
            raise Refused(409, self.error)
        if move != self.move:
            raise Refused(
                409,
                f"the game has moved on (you saw move {move}, it is now at move {self.move}); "
                "your action was not applied: look at the board again",
            )

    async def act(self, link: LinkRow, seat: Seat | None, text: str, move: int) -> Seat:
        async with self.lock:
            acting = self._seat_for(link, seat)
            self._check_move(move)
            if self.match.is_over():
                raise Refused(409, "the game is over")
            if acting not in self.match.to_act():
                raise Refused(409, f"it is not {acting}'s decision now")
            try:
                action = self.match.play(acting, text)
            except IllegalAction as error:
                raise Refused(422, str(error), error.rule) from None
            notation = self.match.game.notation(action)
            try:
                self.store.append(self.row.id, move, acting, notation)
            except StaleMove:
                self.resync()
                raise Refused(409, "another action was recorded first; yours was not applied") from None
            except Exception:
                self.resync()
                raise
        self.notify()
        self.kick_bots()
        return acting

    async def undo(self, link: LinkRow, seat: Seat | None, move: int) -> None:
        async with self.lock:
            acting = self._seat_for(link, seat)
            self._check_move(move)
            reason = self.match.undo_refusal(acting)
            if reason is not None:
                # Say why in general words only (the engine's text may quote a secret action).
                if self.match.moves and self.match.moves[-1].seat != acting:
                    raise Refused(409, "cannot undo: the last action was not yours")
                raise Refused(409, "cannot undo past a die roll or a revealed card, or nothing to undo")
            self.store.truncate(self.row.id, move - 1)
            self.match.undo(acting)
            self._log_cut()
        self.notify()

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
            self._bot_task = asyncio.get_running_loop().create_task(self._run_bots())

    async def _run_bots(self) -> None:
        while True:
            async with self.lock:
                turn = self.bots_to_act()
                if not turn:
                    return
                move = self.move
                state = self.match.game.clone(self.match.state)
            if self.bot_delay:
                await asyncio.sleep(self.bot_delay)
            game = self.match.game
            try:
                # Bots asked at once decide on the same position, none seeing another's choice
                # (a simultaneous decision is sealed); each gets its own seed.
                choices = [
                    await asyncio.to_thread(
                        bots.choose, game, state, seat, spec, bots.decision_seed(self.row.seed, move, rank)
                    )
                    for rank, (seat, spec) in enumerate(turn)
                ]
                async with self.lock:
                    if self.move != move:
                        continue  # someone acted, undid, or the room was rebuilt: think again
                    for number, ((seat, _spec), action) in enumerate(zip(turn, choices, strict=True)):
                        if seat not in self.match.to_act():
                            break  # the decision closed early (the game moved on): think again
                        self.match.play(seat, action)
                        self.store.append(self.row.id, move + number, seat, game.notation(action))
            except StaleMove:
                self.resync()
                continue
            except Exception as error:
                log.exception("game %s: bot %s failed", self.row.id, ", ".join(s for s, _ in turn))
                self.error = f"the bot playing {', '.join(s for s, _ in turn)} failed: {error}"
                self.notify()
                return
            self.notify()

    async def close(self) -> None:
        task = self._bot_task
        if task is not None and not task.done():
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task


class Rooms:
    """The rooms loaded so far, by game id (a game is loaded when someone first opens it)."""

    def __init__(self, store: Store, bot_delay: float = 0.0) -> None:
        self.store = store
        self.bot_delay = bot_delay
        self._rooms: dict[int, Room] = {}

    def get(self, game_id: int) -> Room:
        room = self._rooms.get(game_id)
        if room is None:
            row = self.store.game(game_id)
            if row is None:
                raise Refused(404, "no such game")
            room = Room(self.store, row, self.store.controllers(game_id), self.bot_delay)
            self._rooms[game_id] = room
            room.kick_bots()  # a restart in the middle of a bot's turn: carry on
        return room

    async def close(self) -> None:
        for room in self._rooms.values():
            await room.close()
        self._rooms.clear()
