"""Flow: suspending a decision for another one and resuming it, shared by every game.

A game waits for one thing at a time: the top :class:`Decision` of its :class:`Flow`. A rule that
needs another seat's answer in the middle of an action (a defender's commitment, a card's victim
choosing, an event that interrupts) *pushes* a decision; the one beneath is suspended. When the
decision above is *popped* (finished), the one beneath is due to resume: the :class:`Dispatch`
calls its handler's ``resume`` as soon as the step that finished it returns, and the suspended
action carries on where it stopped. Nobody keeps a queue by hand or switches on decision kinds.

A decision names the seat or seats that must answer it. With one seat, the decision waits for
that seat until its handler finishes it or asks another seat (:meth:`Decision.ask`). With
several seats it is *simultaneous* (sealed bids, answers to an offer): every seat answers once,
in any order; the dispatcher records who has answered (:meth:`Decision.waiting` is who has not)
and the handler, which keeps the answers it needs in the decision's data, settles the decision
once :meth:`Decision.complete`.

Each kind of decision has a :class:`Handler`: its legal answers (``choices``), what an answer
does (``apply``) and what happens when the decision is on top again after a decision pushed
above it is finished (``resume``). A game's ``to_act``, ``legal_actions`` and ``apply`` are then
a line each::

    DECISIONS = Dispatch({"action": ActionTurn(), "commit": Commitment(), ...})

    def to_act(self, state):
        return DECISIONS.to_act(state.flow)

    def legal_actions(self, state, seat):
        return DECISIONS.legal_actions(state, state.flow, seat)

    def apply(self, state, seat, action, log=None):
        DECISIONS.apply(state, state.flow, seat, action, log)
        ...  # then the game's automatic steps up to the next decision

A flow is part of the game state: it clones field by field (no ``deepcopy``: search clones
states in its inner loop) and serialises to canonical JSON. Decision data holds JSON values:
strings, numbers, booleans, ``None`` and lists or dicts of them. A clone copies the data one
level deep, so nested containers are shared: a handler replaces a nested list rather than
appending to it (``data["x"] = [*data["x"], item]``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Generic, Protocol, TypeVar

from .game import LogEntry

Log = list[LogEntry] | None
StateT = TypeVar("StateT")
ActionT = TypeVar("ActionT")
StateC_contra = TypeVar("StateC_contra", contravariant=True)


class Decision:
    """What the game waits for: a ``kind`` (its handler's name), the seats that must answer, and
    the data its handler keeps (the context of the suspended action, answers collected ...)."""

    __slots__ = ("answered", "data", "kind", "resuming", "seats")

    def __init__(self, kind: str, seats: str | Sequence[str], data: dict[str, Any] | None = None) -> None:
        self.kind = kind
        self.seats: tuple[str, ...] = (seats,) if isinstance(seats, str) else tuple(seats)
        self.data: dict[str, Any] = {} if data is None else data
        self.answered: list[str] = []
        """Seats of a simultaneous decision that have answered, in the order they did."""
        self.resuming = False
        """The decision above it was finished: its handler's ``resume`` is due."""

    @property
    def seat(self) -> str:
        """The one seat a single-seat decision waits for."""
        if len(self.seats) != 1:
            raise ValueError(f"decision {self.kind!r} is for {len(self.seats)} seats, not one")
        return self.seats[0]

    @property
    def simultaneous(self) -> bool:
        return len(self.seats) > 1

    def ask(self, *seats: str) -> None:
        """The decision now waits for these seats (none of them has answered yet)."""
        self.seats = seats
        self.answered = []

    def waiting(self) -> tuple[str, ...]:
        """The seats still to answer."""
        if not self.answered:
            return self.seats
        return tuple(s for s in self.seats if s not in self.answered)

    def complete(self) -> bool:
        """Every seat has answered (a single-seat decision: once its seat is answering)."""
        return not self.simultaneous or not self.waiting()

    def clone(self) -> Decision:
        twin = Decision(self.kind, self.seats, {key: _copy(value) for key, value in self.data.items()})
        twin.answered = list(self.answered)
        twin.resuming = self.resuming
        return twin

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"kind": self.kind, "seats": list(self.seats), "data": _json(self.data)}
        if self.answered:
            data["answered"] = list(self.answered)
        if self.resuming:
            data["resuming"] = True
        return data

    @staticmethod
    def from_json(data: Mapping[str, Any]) -> Decision:
        decision = Decision(str(data["kind"]), [str(s) for s in data["seats"]], _json(data.get("data", {})))
        decision.answered = [str(s) for s in data.get("answered", [])]
        decision.resuming = bool(data.get("resuming", False))
        return decision

    def __repr__(self) -> str:
        return f"Decision({self.kind!r}, {self.seats!r})"


def _copy(value: Any) -> Any:
    """One level of a decision's data: lists and dicts copied, their items shared."""
    if isinstance(value, list):
        return list(value)
    if isinstance(value, dict):
        return dict(value)
    return value


def _json(value: Any) -> Any:
    """A deep copy of JSON data (tuples become lists), for serialising."""
    if isinstance(value, dict):
        return {str(k): _json(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_json(v) for v in value]
    return value


class Flow:
    """The decisions of a game, innermost last: the top one is what the game waits for, each one
    beneath it is suspended until the ones above are finished."""

    __slots__ = ("stack",)

    def __init__(self, stack: list[Decision] | None = None) -> None:
        self.stack: list[Decision] = [] if stack is None else stack

    def top(self) -> Decision | None:
        """The decision the game waits for now, if any."""
        return self.stack[-1] if self.stack else None

    def current(self) -> Decision:
        """The top decision, for rules that only run while one is pending."""
        if not self.stack:
            raise LookupError("no decision is pending")
        return self.stack[-1]

    def beneath(self) -> Decision | None:
        """The decision the top one suspended, if any."""
        return self.stack[-2] if len(self.stack) > 1 else None

    def push(self, decision: Decision) -> Decision:
        """Wait for ``decision`` first; the decision beneath it is suspended until it is done."""
        self.stack.append(decision)
        return decision

    def pop(self) -> Decision:
        """The top decision is finished; the one beneath (if any) is due to resume."""
        done = self.stack.pop()
        if self.stack:
            self.stack[-1].resuming = True
        return done

    def replace(self, decision: Decision) -> Decision:
        """The top decision gives way to the next one of the same procedure (the next Power's
        placement ...): nothing beneath resumes. With no decision pending, a plain push."""
        if self.stack:
            self.stack.pop()
        self.stack.append(decision)
        return decision

    def clear(self) -> None:
        """Drop every pending decision (the game is over, a position is set)."""
        self.stack = []

    def __len__(self) -> int:
        return len(self.stack)

    def clone(self) -> Flow:
        return Flow([d.clone() for d in self.stack])

    def to_json(self) -> list[dict[str, Any]]:
        return [d.to_json() for d in self.stack]

    @staticmethod
    def from_json(data: Sequence[Mapping[str, Any]]) -> Flow:
        return Flow([Decision.from_json(d) for d in data])


class Handler(Protocol[StateC_contra, ActionT]):
    """The rules of one kind of decision."""

    def choices(self, state: StateC_contra, seat: str, decision: Decision) -> Sequence[ActionT]:
        """The legal answers of ``seat`` (one of the seats still to answer)."""
        ...

    def apply(self, state: StateC_contra, seat: str, action: ActionT, decision: Decision, log: Log) -> None:
        """Apply a legal answer: change the state, then push, pop, replace or re-ask decisions.
        A simultaneous decision's seat is already recorded as answered when this is called."""
        ...

    def resume(self, state: StateC_contra, decision: Decision, log: Log) -> None:
        """The decision is on top again: the decision it was waiting for is finished."""
        ...


class Dispatch(Generic[StateT, ActionT]):
    """A game's handlers by decision kind, and the engine contract's ``to_act`` /
    ``legal_actions`` / ``apply`` on top of a :class:`Flow`."""

    __slots__ = ("handlers",)

    def __init__(self, handlers: Mapping[str, Handler[StateT, ActionT]]) -> None:
        self.handlers: dict[str, Handler[StateT, ActionT]] = dict(handlers)

    def handler(self, kind: str) -> Handler[StateT, ActionT]:
        found = self.handlers.get(kind)
        if found is None:
            raise KeyError(f"no handler for decisions of kind {kind!r}")
        return found

    # These four run at every decision of every playout and search: they read the flow's stack
    # and the decision's seats directly (Flow.top, Decision.waiting, handler) rather than
    # through a call each.

    def to_act(self, flow: Flow) -> tuple[str, ...]:
        """The seats the top decision still waits for (none when nothing is pending)."""
        stack = flow.stack
        if not stack:
            return ()
        top = stack[-1]
        return top.waiting() if top.answered else top.seats

    def legal_actions(self, state: StateT, flow: Flow, seat: str) -> Sequence[ActionT]:
        stack = flow.stack
        if not stack:
            return []
        top = stack[-1]
        if seat not in (top.waiting() if top.answered else top.seats):
            return []
        return (self.handlers.get(top.kind) or self.handler(top.kind)).choices(state, seat, top)

    def apply(self, state: StateT, flow: Flow, seat: str, action: ActionT, log: Log) -> None:
        """Apply ``seat``'s answer to the top decision, then resume what its end let go on."""
        stack = flow.stack
        if not stack:  # (Flow.current without the call)
            raise LookupError("no decision is pending")
        top = stack[-1]
        seats = top.seats
        if seat not in (top.waiting() if top.answered else seats):
            raise ValueError(f"decision {top.kind!r} does not wait for {seat!r}")
        if len(seats) > 1:  # simultaneous
            top.answered.append(seat)
        (self.handlers.get(top.kind) or self.handler(top.kind)).apply(state, seat, action, top, log)
        self.resume(state, flow, log)

    def resume(self, state: StateT, flow: Flow, log: Log) -> None:
        """Resume every decision that is on top again because the one above it was finished
        (each resume may finish its own decision and let the next one beneath resume)."""
        while True:
            stack = flow.stack  # (read again: a handler may clear the flow)
            if not stack:
                return
            top = stack[-1]
            if not top.resuming:
                return
            top.resuming = False
            self.handler(top.kind).resume(state, top, log)


__all__ = ["Decision", "Dispatch", "Flow", "Handler"]
