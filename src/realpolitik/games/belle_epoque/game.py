"""La Belle Époque as an engine game (:class:`realpolitik.engine.Game`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from ...engine import LogEntry, Outcome, Refusal, Rng, Seat
from .content import CONTENT_VERSION
from .rules import actions as A
from .rules.action_phase import KIND
from .rules.decisions import DECISIONS
from .rules.explain import explain
from .rules.position import set_position
from .rules.scoring import SOURCES
from .rules.setup import new_state, normalize_options
from .rules.state import State
from .rules.turn import advance
from .rules.view import view, views

RULES_VERSION: Final = "0.2"
"""0.2: the pending decisions are the engine's flow (serialised as ``flow``)."""


class BelleEpoque:
    """The rules of La Belle Époque for 2, 3 and 4 players."""

    id = "la-belle-epoque"
    title = "La Belle Époque"
    version = f"{RULES_VERSION}+content-{CONTENT_VERSION}"

    def normalize_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        return normalize_options(options)

    def setup(self, options: Mapping[str, Any], seed: int, log: list[LogEntry] | None = None) -> State:
        return new_state(options, seed, log)

    def seats(self, state: State) -> tuple[Seat, ...]:
        return state.content.power_ids

    def to_act(self, state: State) -> tuple[Seat, ...]:
        if state.final is not None:
            return ()
        return DECISIONS.to_act(state.flow)

    def legal_actions(self, state: State, seat: Seat) -> Sequence[A.Action]:
        if state.final is not None:
            return []
        return DECISIONS.legal_actions(state, state.flow, seat)

    def apply(self, state: State, seat: Seat, action: A.Action, log: list[LogEntry] | None = None) -> None:
        DECISIONS.apply(state, state.flow, seat, action, log)
        advance(state, log)

    def explain_illegal(self, state: State, seat: Seat, action: A.Action) -> Refusal:
        reason, rule = explain(state, seat, action)
        return Refusal(reason, rule)

    def rng(self, state: State) -> Rng:
        return state.rng

    def checkpoint(self, state: State) -> int:
        return state.rng.draws + state.reveals

    def outcome(self, state: State) -> Outcome | None:
        final = state.final
        if final is None:
            return None
        return Outcome(
            scores=dict(final["scores"]),
            winners=tuple(final["winners"]),
            summary=final["summary"],
            details={
                "players": final["players"],
                "end_turn": final["end_turn"],
                "breakdown": final["breakdown"],
                "sources": list(SOURCES),
                **({"verdict": final["verdict"]} if "verdict" in final else {}),
            },
        )

    def view(self, state: State, seat: Seat | None) -> dict[str, Any]:
        return view(state, seat)

    def views(self, state: State, seats: Sequence[Seat | None]) -> dict[Seat | None, dict[str, Any]]:
        """Several seats' views at once, the public part built once (``Match.views``)."""
        return views(state, seats)

    def notation(self, action: A.Action) -> str:
        return A.notation(action)

    def parse_action(self, text: str) -> A.Action:
        return A.parse_action(text)

    def clone(self, state: State) -> State:
        return state.clone()

    def serialize(self, state: State) -> dict[str, Any]:
        return state.to_json()

    def set_position(
        self, state: State, position: Mapping[str, Any], log: list[LogEntry] | None = None
    ) -> None:
        set_position(state, position)
        advance(state, log)


GAME: Final = BelleEpoque()
__all__ = ["GAME", "KIND", "BelleEpoque"]
