"""La Belle Époque as an engine game (:class:`realpolitik.engine.Game`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...engine import LogEntry, Outcome, Refusal, Rng, Seat
from .ai.determinize import determinize
from .content import CONTENT_VERSION
from .rules import actions as A
from .rules.action_phase import KIND, action_choices, apply_action, finish_action
from .rules.cards.resolution import apply_choice, choices
from .rules.dispute import apply_commit, commit_choices, settle
from .rules.explain import explain
from .rules.np import empire
from .rules.position import set_position
from .rules.reactions import apply_reroll, reroll_choices
from .rules.setup import apply_place, new_state, normalize_options, setup_places
from .rules.state import State
from .rules.turn import advance, apply_keep
from .rules.view import view

RULES_VERSION = "0.1"


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
        decision = state.decision
        if decision is None or state.final is not None:
            return ()
        return (decision.seat,)

    def legal_actions(self, state: State, seat: Seat) -> Sequence[A.Action]:
        decision = state.decision
        if decision is None or decision.seat != seat or state.final is not None:
            return []
        kind = decision.kind
        if kind == "action":
            return action_choices(state, seat)
        if kind == "place":
            return [A.place(t) for t in setup_places(state, seat)]
        if kind == "commit":
            return commit_choices(state, seat)
        if kind == "keep":
            return [A.Keep(card) for card in dict.fromkeys(decision.data["cards"])]
        if kind == "card":
            return choices(state, seat)
        if kind == "reroll":
            return reroll_choices(state, seat)
        if kind == empire.DECISION:
            return empire.choices(state)
        raise AssertionError(f"unknown decision {kind!r}")  # pragma: no cover

    def apply(self, state: State, seat: Seat, action: A.Action, log: list[LogEntry] | None = None) -> None:
        decision = state.decision
        assert decision is not None and decision.seat == seat
        kind = decision.kind
        if kind == "action":
            apply_action(state, seat, action, log)
        elif kind == "place":
            assert isinstance(action, A.Place)
            apply_place(state, seat, action.territory, log)
        elif kind == "commit":
            assert isinstance(action, A.Commit)
            apply_commit(state, seat, action, log)
            if state.decision is not None and state.decision.kind == "action":
                finish_action(state, state.decision.seat)
        elif kind == "keep":
            assert isinstance(action, A.Keep)
            apply_keep(state, seat, action.card, log)
        elif kind in ("card", "reroll"):
            if kind == "card":
                apply_choice(state, seat, action, log)  # a choice inside a card (§8.6)
            elif apply_reroll(state, seat, action, log):
                settle(state, log)  # the dispute after Change of Strategy (digest G18)
            if state.decision is not None and state.decision.kind == "action":
                finish_action(state, state.decision.seat)
        elif kind == empire.DECISION:
            empire.apply(state, action, log)
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
                **({"verdict": final["verdict"]} if "verdict" in final else {}),
            },
        )

    def view(self, state: State, seat: Seat | None) -> dict[str, Any]:
        return view(state, seat)

    def notation(self, action: A.Action) -> str:
        return A.notation(action)

    def parse_action(self, text: str) -> A.Action:
        return A.parse_action(text)

    def clone(self, state: State) -> State:
        return state.clone()

    def determinize(self, state: State, seat: Seat | None, rng: Rng) -> State:
        """Optional protocol method for search: resample what ``seat`` cannot see."""
        return determinize(state, seat, rng)

    def serialize(self, state: State) -> dict[str, Any]:
        return state.to_json()

    def set_position(
        self, state: State, position: Mapping[str, Any], log: list[LogEntry] | None = None
    ) -> None:
        set_position(state, position)
        advance(state, log)


GAME = BelleEpoque()
__all__ = ["GAME", "KIND", "BelleEpoque"]
