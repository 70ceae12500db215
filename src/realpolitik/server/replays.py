"""Replays: a record file uploaded to be watched move by move, read-only.

An upload is checked by replaying it with the engine (a bad record is refused with the engine's
:class:`~realpolitik.engine.errors.RecordError` message) and then kept in the database under a new
token, so a replay link survives a restart like a game's links do. Stepping to move ``N`` rebuilds
the match from the record's first ``N`` actions; the last match built is kept per token, so the
usual "next" only plays one more action.

A replay shows the public view only, like a spectator's: a record holds every hand, but whoever
uploads it may share the link with people who should not see them.
"""

from __future__ import annotations

import json
from collections import OrderedDict
from typing import Any

from ..engine import JSON, Match, RealpolitikError, plugin_for
from ..engine.match import Move
from ..engine.record import Record, parse_record, replay
from .rooms import Refused, state_payload
from .store import Store
from .tokens import new_token

CACHED = 32
"""Replays whose last built match is kept in memory."""


def _public(match: Match, move: Move) -> str:
    """A move as a spectator may read it: its seat alone when the plug-in says it is secret."""
    try:
        found = plugin_for(match.game)
        secret = found.secret(match.game.parse_action(move.text))
    except RealpolitikError:
        secret = True  # when in doubt, say less
    return f"{move.seat}: (secret)" if secret else str(move)


def _headings(match: Match, start: int) -> list[JSON]:
    """The public headings the log gained from ``start`` on, placed at the match's move count."""
    return [
        {**entry.to_json(), "move": len(match.moves)}
        for entry in match.log[start:]
        if entry.heading and entry.visible(None)
    ]


class Replays:
    def __init__(self, store: Store) -> None:
        self.store = store
        self._built: OrderedDict[str, tuple[Record, Match]] = OrderedDict()
        self._chapters: OrderedDict[str, list[JSON]] = OrderedDict()

    def create(self, body: Any) -> tuple[str, int]:
        """Check and keep an uploaded record: its new token and its number of moves."""
        text = json.dumps(body)
        try:
            record = parse_record(text)
            match = replay(record)
        except RealpolitikError as error:  # RecordError, with the bad action's index and text
            raise Refused(422, f"not a record this server can replay: {error}") from None
        del match  # checked; the cache is filled on the event loop when it is first looked at
        token = new_token()
        self.store.add_replay(token, record.model_dump_json())
        return token, len(record.actions)

    def record(self, token: str) -> Record | None:
        built = self._built.get(token)
        if built is not None:
            return built[0]
        text = self.store.replay_record(token)
        return None if text is None else parse_record(text)

    def at(self, token: str, record: Record, step: int) -> Match:
        """The match after the record's first ``step`` actions."""
        step = max(0, min(step, len(record.actions)))
        built = self._built.get(token)
        try:
            if built is None or len(built[1].moves) > step:
                match = replay(record.model_copy(update={"actions": record.actions[:step]}))
            else:
                match = built[1]
                for line in record.actions[len(match.moves) : step]:
                    move = Move.from_str(line)
                    match.play(move.seat, move.text)
        except (RealpolitikError, ValueError) as error:
            # It replayed when uploaded: only a change of the rules since then gets here.
            self._built.pop(token, None)
            raise Refused(409, f"this record no longer replays here: {error}") from None
        self._keep(token, record, match)
        return match

    def payload(self, token: str, record: Record, step: int) -> dict[str, JSON]:
        match = self.at(token, record, step)
        out = state_payload(match, role="replay", held=(), controllers={})
        out["moves"] = len(record.actions)
        # The action that led here, for the viewer's caption (the log says it in words too), but
        # only its seat when the game keeps it secret (a kept Intrigue card): the log hides it.
        out["last_action"] = _public(match, match.moves[-1]) if match.moves else None
        out["chapters"] = self.chapters(token, record)
        return out

    def chapters(self, token: str, record: Record) -> list[JSON]:
        """Where the record's turns and phases begin, for the viewer's "go to" list: each public
        heading of the log (``LogEntry.heading``) with the number of moves after which it was
        written (the board at that move shows the turn's start). Found by one full replay, kept."""
        found = self._chapters.get(token)
        if found is not None:
            self._chapters.move_to_end(token)
            return found
        try:
            match = replay(record.model_copy(update={"actions": []}))
            found = _headings(match, 0)
            for line in record.actions:
                move = Move.from_str(line)
                before = len(match.log)
                match.play(move.seat, move.text)
                found.extend(_headings(match, before))
        except (RealpolitikError, ValueError) as error:
            raise Refused(409, f"this record no longer replays here: {error}") from None
        self._chapters[token] = found
        while len(self._chapters) > CACHED:
            self._chapters.popitem(last=False)
        return found

    def _keep(self, token: str, record: Record, match: Match) -> None:
        self._built[token] = (record, match)
        self._built.move_to_end(token)
        while len(self._built) > CACHED:
            self._built.popitem(last=False)
