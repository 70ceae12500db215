"""Every kind of decision La Belle Époque asks, with its handler on the engine's flow
(:mod:`realpolitik.engine.flow`), and the Non-Player Powers' answers to them (§13).

A Power's Action-Phase turn (``action``) is suspended by what its action sets off: the dispute it
resolves (``commit``, then ``reroll`` after the dice, §8.7, digest G18) or the choices of the card
it plays (``card``, §8.6). When that decision is done the turn resumes and the action is finished
(:func:`.action_phase.finish_action`). An NP Power's turn (``np-turn``, §13.3) is suspended the
same way by its card's choices. The other kinds stand alone: the Initial Setup placements
(``place``, §3.3), the Ottoman Empire's ally keeping an Intrigue card (``keep``, §8.2.3), Great
Britain's Empire of the Seas before phase e (``phase-e-card``, §13.4.7).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from ....engine import LogEntry
from ....engine.flow import Decision, Dispatch
from . import actions as A
from .action_phase import action_choices, apply_action, finish_action
from .cards.resolution import apply_choice, choices
from .dispute import apply_commit, commit_choices, settle
from .intrigue import apply_keep
from .np import empire
from .np import phase as np_phase
from .np.targets import choose_for_card, choose_reroll, keep_first
from .reactions import apply_reroll, reroll_choices
from .setup import apply_place, setup_places
from .state import State

Log = list[LogEntry] | None


class _Alone:
    """A decision that suspends nothing: it never resumes."""

    def resume(self, state: State, decision: Decision, log: Log) -> None:
        raise AssertionError(f"a {decision.kind!r} decision suspends nothing")  # pragma: no cover


class ActionTurn:
    """§8.0: a Power's Action-Phase turn, one action at a time."""

    def choices(self, state: State, seat: str, decision: Decision) -> Sequence[A.Action]:
        return action_choices(state, seat)

    def apply(self, state: State, seat: str, action: A.Action, decision: Decision, log: Log) -> None:
        apply_action(state, seat, action, log)
        stack = state.flow.stack  # (Flow.top without the call)
        if stack and stack[-1] is decision and not decision.resuming:
            finish_action(state, seat)  # it set nothing off, or nothing still pending: done now

    def resume(self, state: State, decision: Decision, log: Log) -> None:
        finish_action(state, decision.seat)  # its dispute or its card is over (§8.6, §8.7)


_LAST_PLACES: Final[dict[str, tuple[list[str], list[A.Action]]]] = {}
"""Seat -> the last list of :func:`setup_places` and its Place actions. ``setup_places`` hands out
the same list again while its memo holds (the list is never changed once made, and kept alive
here, so its identity cannot be reused by another list)."""


class Placement(_Alone):
    """§3.3: an Initial Setup placement."""

    def choices(self, state: State, seat: str, decision: Decision) -> Sequence[A.Action]:
        places = setup_places(state, seat)
        last = _LAST_PLACES.get(seat)
        if last is None or last[0] is not places:
            last = _LAST_PLACES[seat] = (places, A.free_places(places))
        return list(last[1])  # a copy: callers own the legal list

    def apply(self, state: State, seat: str, action: A.Action, decision: Decision, log: Log) -> None:
        assert isinstance(action, A.Place)
        apply_place(state, seat, action.territory, log)


class Commitment(_Alone):
    """§8.7: a side of a dispute commits units."""

    def choices(self, state: State, seat: str, decision: Decision) -> Sequence[A.Action]:
        return commit_choices(state, seat)

    def apply(self, state: State, seat: str, action: A.Action, decision: Decision, log: Log) -> None:
        assert isinstance(action, A.Commit)
        apply_commit(state, seat, action, log)


class Reroll(_Alone):
    """Digest G18: after a dispute's dice, Change of Strategy or keep the roll."""

    def choices(self, state: State, seat: str, decision: Decision) -> Sequence[A.Action]:
        return reroll_choices(state, seat)

    def apply(self, state: State, seat: str, action: A.Action, decision: Decision, log: Log) -> None:
        if apply_reroll(state, seat, action, log):
            settle(state, log)


class CardChoice(_Alone):
    """§8.6: a choice inside a card being resolved (a cube to place or remove, a victim's pick)."""

    def choices(self, state: State, seat: str, decision: Decision) -> Sequence[A.Action]:
        return choices(state, seat)

    def apply(self, state: State, seat: str, action: A.Action, decision: Decision, log: Log) -> None:
        apply_choice(state, seat, action, log)


class Keep(_Alone):
    """§8.2.3: the Ottoman Empire's ally keeps one of the Intrigue cards it drew."""

    def choices(self, state: State, seat: str, decision: Decision) -> Sequence[A.Action]:
        return [A.Keep(card) for card in dict.fromkeys(decision.data["cards"])]

    def apply(self, state: State, seat: str, action: A.Action, decision: Decision, log: Log) -> None:
        assert isinstance(action, A.Keep)
        apply_keep(state, seat, action.card, log)


class NpTurn:
    """§13.3: an NP Power's whole Action Phase, run by the automaton; never asked of a player."""

    def choices(self, state: State, seat: str, decision: Decision) -> Sequence[A.Action]:
        return []

    def apply(self, state: State, seat: str, action: A.Action, decision: Decision, log: Log) -> None:
        raise AssertionError("the automaton runs an NP's turn")  # pragma: no cover

    def resume(self, state: State, decision: Decision, log: Log) -> None:
        np_phase.continue_action(state, log)  # its card's choices are made: the next steps


class EmpireOfTheSeas(_Alone):
    """§13.4.7: Great Britain, alone against the NP Powers, may play Empire of the Seas for phase e."""

    def choices(self, state: State, seat: str, decision: Decision) -> Sequence[A.Action]:
        return empire.choices(state)

    def apply(self, state: State, seat: str, action: A.Action, decision: Decision, log: Log) -> None:
        empire.apply(state, action, log)


DECISIONS: Final[Dispatch[State, A.Action]] = Dispatch(
    {
        "action": ActionTurn(),
        "place": Placement(),
        "commit": Commitment(),
        "reroll": Reroll(),
        "card": CardChoice(),
        "keep": Keep(),
        "np-turn": NpTurn(),
        empire.DECISION: EmpireOfTheSeas(),
    }
)


def np_decides(state: State, log: Log) -> None:
    """§13: the automaton answers the decision of the NP seat now deciding; its answer goes through
    the same handler as a player's would."""
    flow = state.flow
    decision = flow.current()
    seat = decision.seat
    kind = decision.kind
    if kind == "action":
        # A position that gives an NP the turn (scenarios): its whole Action Phase at once (§13.3).
        flow.pop()
        np_phase.begin_action(state, seat)
        np_phase.continue_action(state, log)
    elif kind == "np-turn":
        np_phase.continue_action(state, log)
    elif kind == "card":
        action = choose_for_card(state, log)
        if action is not None:
            DECISIONS.apply(state, flow, seat, action, log)
    elif kind == "commit":
        # §13.3: an NP never uses Fleets or Armies; its Dispute Bonus stands for them.
        assert commit_choices(state, seat) == [A.Commit()]
        DECISIONS.apply(state, flow, seat, A.Commit(), log)
    elif kind == "reroll":
        DECISIONS.apply(state, flow, seat, choose_reroll(state), log)
    elif kind == "keep":
        DECISIONS.apply(state, flow, seat, keep_first(state), log)
    else:  # pragma: no cover - an NP seat is never asked anything else
        raise AssertionError(f"an NP seat cannot decide {kind!r}")
