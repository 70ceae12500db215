"""The contract every game implements.

A game is an object (usually a module-level singleton) with the methods of :class:`Game`. The
engine, the bots, the simulator, the terminal and the web app speak only this protocol, so a new
game needs no change anywhere else. The shape follows python-chess (legal moves, push, a text
notation both ways) and the Rally the Troops module contract (setup from a seed, a per-role view,
all randomness inside the state).

Conventions
-----------
* A **seat** is a string naming one side of the game as the rules see it (in La Belle Époque, a
  Power: ``"GB"``). Which person sits in which seat is the platform's business.
* The state is mutable and owned by the game: :meth:`Game.apply` changes it in place, and
  :meth:`Game.clone` makes an independent copy for search. All randomness comes from an
  :class:`~realpolitik.engine.rng.Rng` inside the state.
* After :meth:`Game.setup` and after each :meth:`Game.apply`, the game runs every automatic step
  (income, event draws, scoring ...) itself and stops at the next decision, so :meth:`Game.to_act`
  always names who must decide now, or nobody when the game is over.
* Legality has one source of truth: :meth:`Game.legal_actions`. :meth:`Game.explain_illegal` only
  words the reason for an action that is not in that list.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar, runtime_checkable

from .rng import Rng

Seat = str
JSON = Any
"""A value made of dicts with str keys, lists, str, int, bool and None (no floats in states)."""

StateT = TypeVar("StateT")
ActionT = TypeVar("ActionT", bound=Hashable)


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One line of the game log, in plain words, citing the rule that applied."""

    text: str
    rule: str | None = None
    """Rulebook section, e.g. ``"§8.7"``."""
    seat: Seat | None = None
    """The seat the entry is about, if any."""
    visible_to: tuple[Seat, ...] | None = None
    """``None``: everyone may read it. Otherwise only these seats (e.g. the card a seat drew)."""
    heading: int = 0
    """``0`` for an ordinary line; ``1`` when the line opens a turn (or the set-up) and ``2`` a phase
    within it. Interfaces group the log under these headings and a replay jumps to them; a game
    that writes none has a flat log."""

    def visible(self, seat: Seat | None) -> bool:
        return self.visible_to is None or (seat is not None and seat in self.visible_to)

    def to_json(self) -> dict[str, JSON]:
        data: dict[str, JSON] = {"text": self.text}
        if self.rule:
            data["rule"] = self.rule
        if self.seat:
            data["seat"] = self.seat
        if self.heading:
            data["heading"] = self.heading
        return data


@dataclass(frozen=True, slots=True)
class Refusal:
    """Why an action is not legal."""

    reason: str
    rule: str | None = None


def heading(log: list[LogEntry] | None, text: str, rule: str, level: int) -> None:
    """Write a line that opens a turn (``level`` 1) or a phase within it (2): interfaces group the
    log under it and a replay can jump to it (:attr:`LogEntry.heading`). ``log`` ``None``: a bot's
    or a simulation's step, which keeps no log."""
    if log is not None:
        log.append(LogEntry(text, rule, heading=level))


@dataclass(frozen=True, slots=True)
class Outcome:
    """The result of a finished game."""

    scores: Mapping[Seat, int]
    """Final score per seat (e.g. Victory Points per Power)."""
    winners: tuple[Seat, ...]
    """Every seat that shares the victory (one seat unless the tie-breaks leave a shared win)."""
    summary: str = ""
    """One line for people, e.g. ``"France wins with 131 VP (§10.2)"``."""
    details: Mapping[str, JSON] = field(default_factory=dict)
    """Game-specific extras (tie-break values, per-player averages, end turn ...), JSON-able."""

    def to_json(self) -> dict[str, JSON]:
        return {
            "scores": dict(self.scores),
            "winners": list(self.winners),
            "summary": self.summary,
            "details": dict(self.details),
        }


@runtime_checkable
class Game(Protocol[StateT, ActionT]):
    """What a game provides to the engine (see the module docstring for the conventions)."""

    id: str
    """Registry id, e.g. ``"la-belle-epoque"``."""
    title: str
    version: str
    """Version of the rules and content. A record made with another version is refused, because
    it may not replay to the same game."""

    # -- a new game -------------------------------------------------------------------------------

    def normalize_options(self, options: Mapping[str, JSON]) -> dict[str, JSON]:
        """Validate options and fill in defaults; raise ``OptionsError`` with the reason."""
        ...

    def setup(self, options: Mapping[str, JSON], seed: int, log: list[LogEntry] | None = None) -> StateT:
        """A fresh game from normalised options and a seed, advanced to its first decision."""
        ...

    # -- playing ----------------------------------------------------------------------------------

    def seats(self, state: StateT) -> tuple[Seat, ...]:
        """Every seat of this game, in a fixed order."""
        ...

    def to_act(self, state: StateT) -> tuple[Seat, ...]:
        """Who must decide now (empty once the game is over). It may change in the middle of an
        action: the defender of a dispute commits units before the attacker rolls."""
        ...

    def legal_actions(self, state: StateT, seat: Seat) -> Sequence[ActionT]:
        """Every action ``seat`` may take now (empty if it has nothing to decide)."""
        ...

    def apply(self, state: StateT, seat: Seat, action: ActionT, log: list[LogEntry] | None = None) -> None:
        """Apply a legal action in place and run the automatic steps that follow it. Entries for
        the game log are appended to ``log`` when given (skipped in fast simulation)."""
        ...

    def explain_illegal(self, state: StateT, seat: Seat, action: ActionT) -> Refusal:
        """The reason (and rule) an action that is not in :meth:`legal_actions` is refused."""
        ...

    def rng(self, state: StateT) -> Rng:
        """The generator inside ``state`` (scenario files script its dice)."""
        ...

    def checkpoint(self, state: StateT) -> int:
        """A counter that grows whenever randomness was consumed or hidden information revealed.
        Undo never crosses a change of this value."""
        ...

    def outcome(self, state: StateT) -> Outcome | None:
        """``None`` while the game runs; the result once it is over."""
        ...

    # -- seeing -----------------------------------------------------------------------------------

    def view(self, state: StateT, seat: Seat | None) -> dict[str, JSON]:
        """Everything ``seat`` may know, as JSON-able data (``None``: a spectator's view). Other
        seats' hands appear as counts; deck order never appears.

        A game may also offer ``views(state, seats)``: a dict of each seat's view, equal to
        ``view``'s, built together (the public part once); ``Match.views`` uses it, the web server's
        state messages through it."""
        ...

    # -- notation ---------------------------------------------------------------------------------

    def notation(self, action: ActionT) -> str:
        """The short text of an action, e.g. ``"send china@3"``."""
        ...

    def parse_action(self, text: str) -> ActionT:
        """The action written as ``text``; ``NotationError`` if it is not one.
        ``parse_action(notation(a)) == a`` for every action."""
        ...

    # -- copies and identity ----------------------------------------------------------------------

    def clone(self, state: StateT) -> StateT:
        """An independent copy (for search and undo); never ``deepcopy``."""
        ...

    def serialize(self, state: StateT) -> dict[str, JSON]:
        """The complete state as JSON-able data; equal states give equal data. Hashed for replay
        checks (see :func:`realpolitik.engine.canonical.state_hash`)."""
        ...

    # -- scenario files ---------------------------------------------------------------------------

    def set_position(
        self, state: StateT, position: Mapping[str, JSON], log: list[LogEntry] | None = None
    ) -> None:
        """Change ``state`` to the position a scenario file describes, in the game's own words
        (territories, Powers, money ...), then run the automatic steps to the next decision;
        raise ``ScenarioError`` naming any key it cannot use."""
        ...
