"""A game in progress: the state, the record of actions, the log, and undo.

:class:`Match` is what the terminal, the web app and record replay use. It applies only legal
actions (the game's own legal list decides), keeps the record that replays the game, and lets a
seat take back its own last actions until a die is rolled or something hidden is revealed.

Bots and batch simulation do not need a Match: they call the game protocol directly.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .canonical import state_hash
from .errors import IllegalAction, NotationError, UndoRefused, UnknownGame
from .game import JSON, Game, LogEntry, Outcome, Seat
from .plugin import ActionCheck
from .registry import plugin_for


@dataclass(frozen=True, slots=True)
class Move:
    """One action in the record: who took it and its notation."""

    seat: Seat
    text: str

    def __str__(self) -> str:
        return f"{self.seat}: {self.text}"

    @classmethod
    def from_str(cls, line: str) -> Move:
        """Read ``"GB: send china"`` back."""
        seat, sep, text = line.partition(":")
        if not sep or not seat.strip() or not text.strip():
            raise ValueError(f"expected 'SEAT: action', got {line!r}")
        return cls(seat.strip(), text.strip())


@dataclass(slots=True)
class _Snapshot:
    """What undo restores: the state before one action, and how long the log was then."""

    state: Any
    seat: Seat
    log_length: int


class Match:
    """One game being played (see the module docstring)."""

    def __init__(
        self, game: Game[Any, Any], options: Mapping[str, JSON] | None = None, seed: int = 0
    ) -> None:
        self.game = game
        self.options: dict[str, JSON] = game.normalize_options(options or {})
        self.seed = seed
        self.log: list[LogEntry] = []
        self.state: Any = game.setup(self.options, seed, self.log)
        self.moves: list[Move] = []
        try:
            self._check: ActionCheck | None = plugin_for(game).check_action
        except UnknownGame:
            self._check = None  # a game object used on its own, outside the registry
        self._undo: list[_Snapshot] = []
        self._changes = 0
        """Counts the changes of the state made here (play, undo): the legal-list cache's key."""
        self._legal: tuple[int, Any, Seat, Sequence[Any]] | None = None
        """The last legal list asked for: (changes, state object, seat, list). A page's state
        message lists the legal actions of the seat to act, and that seat's action is then checked
        against the same list: computed once. The state changes only through this Match; callers
        read the list and never change it."""
        self._barrier: str | None = None
        """Where undo stops: the action that rolled a die or revealed something, named by seat and
        number only, since its notation may be a secret (the card a seat kept)."""

    # -- reading ----------------------------------------------------------------------------------

    def to_act(self) -> tuple[Seat, ...]:
        return self.game.to_act(self.state)

    def legal_actions(self, seat: Seat) -> Sequence[Any]:
        cached = self._legal
        same_position = cached is not None and cached[0] == self._changes and cached[1] is self.state
        if cached is not None and same_position and cached[2] == seat:
            return cached[3]
        found = self.game.legal_actions(self.state, seat)
        self._legal = (self._changes, self.state, seat, found)
        return found

    def legal_notations(self, seat: Seat) -> list[str]:
        return [self.game.notation(a) for a in self.legal_actions(seat)]

    def outcome(self) -> Outcome | None:
        return self.game.outcome(self.state)

    def is_over(self) -> bool:
        return self.game.outcome(self.state) is not None

    def view(self, seat: Seat | None) -> dict[str, JSON]:
        return self.game.view(self.state, seat)

    def views(self, seats: Sequence[Seat | None]) -> dict[Seat | None, dict[str, JSON]]:
        """Several seats' views of this position: the game's own ``views(state, seats)`` when it
        has one (the public part built once; the views may then share objects, so encode them and
        do not change them), else ``view`` for each seat."""
        many = getattr(self.game, "views", None)
        if many is not None:
            found: dict[Seat | None, dict[str, JSON]] = many(self.state, seats)
            return found
        return {seat: self.game.view(self.state, seat) for seat in seats}

    def visible_log(self, seat: Seat | None) -> list[LogEntry]:
        return [entry for entry in self.log if entry.visible(seat)]

    def hash(self) -> str:
        """sha256 of the canonical JSON of the state: equal games, equal hashes."""
        return state_hash(self.game.serialize(self.state))

    # -- acting -----------------------------------------------------------------------------------

    def parse(self, text: str) -> Any:
        return self.game.parse_action(text)

    def play(self, seat: Seat, action: Any) -> Any:
        """Apply ``action`` (an action object or its notation) for ``seat``.

        Refused with :class:`IllegalAction` (reason and rule) if it is not among the seat's legal
        actions; the state is then unchanged. Returns the action applied.
        """
        if isinstance(action, str):
            try:
                action = self.game.parse_action(action)
            except NotationError as error:
                raise IllegalAction(error.reason, action=error.text) from error
        text = self.game.notation(action)
        acting = self.game.to_act(self.state)
        if seat not in acting:
            if not acting:
                raise IllegalAction("the game is over", action=text)
            raise IllegalAction(
                f"it is not {seat}'s decision now (waiting for {', '.join(acting)})", action=text
            )
        if self._check is not None:
            # Actions too many to list (amounts, terms) are checked directly (GamePlugin.check_action).
            refused = self._check(self.state, seat, action)
            if refused is not None:
                raise IllegalAction(refused.reason, refused.rule, action=text)
        elif action not in self.legal_actions(seat):
            refusal = self.game.explain_illegal(self.state, seat, action)
            raise IllegalAction(refusal.reason, refusal.rule, action=text)

        before = self.game.clone(self.state)
        checkpoint = self.game.checkpoint(self.state)
        log_length = len(self.log)
        self._changes += 1
        try:
            self.game.apply(self.state, seat, action, self.log)
        except BaseException:
            # Nothing half-applied survives an unexpected error: the state is as it was.
            self.state = before
            del self.log[log_length:]
            raise
        self.moves.append(Move(seat, text))
        if self.game.checkpoint(self.state) != checkpoint:
            # Undo may not take back a die roll or a revealed card, so forget older snapshots.
            self._undo.clear()
            self._barrier = f"{seat}'s action #{len(self.moves)}"
        else:
            self._undo.append(_Snapshot(before, seat, log_length))
        return action

    # -- undo -------------------------------------------------------------------------------------

    def undo_refusal(self, seat: Seat) -> str | None:
        """Why ``seat`` cannot undo now, or ``None`` if it can."""
        if not self.moves:
            return "nothing to undo: no action has been taken"
        if not self._undo:
            return f"cannot undo past {self._barrier}: it rolled a die or revealed hidden information"
        last = self._undo[-1]
        if last.seat != seat:
            return f"cannot undo: the last action was {last.seat}'s, not {seat}'s"
        return None

    def undo(self, seat: Seat) -> Move:
        """Take back ``seat``'s last action and return it; :class:`UndoRefused` says why not."""
        reason = self.undo_refusal(seat)
        if reason is not None:
            raise UndoRefused(reason)
        snapshot = self._undo.pop()
        self._changes += 1
        self.state = snapshot.state
        del self.log[snapshot.log_length :]
        return self.moves.pop()
