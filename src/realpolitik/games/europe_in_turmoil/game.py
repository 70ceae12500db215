"""The Game: a thin front over the rules (engine contract)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...engine import JSON, LogEntry, NotationError, Outcome, Refusal, Rng
from .content import load_content
from .options import SCHEMA
from .rules import position
from .rules.actions import Act, notation, parse
from .rules.decisions import DECISIONS
from .rules.driver import drive
from .rules.setup import setup
from .rules.state import SEATS, State
from .rules.view import view

RULES_VERSION = "0.1"


class EuropeInTurmoil:
    id = "europe-in-turmoil"
    title = "Europe in Turmoil: Prelude to the Great War"
    version = RULES_VERSION

    def normalize_options(self, options: Mapping[str, JSON]) -> dict[str, JSON]:
        return {**SCHEMA.defaults(), **SCHEMA.check(options)}

    def setup(self, options: Mapping[str, JSON], seed: int, log: list[LogEntry] | None = None) -> State:
        return setup(load_content(), dict(options), seed, log)

    def seats(self, state: State) -> tuple[str, ...]:
        return SEATS

    def to_act(self, state: State) -> tuple[str, ...]:
        return DECISIONS.to_act(state.flow)

    def legal_actions(self, state: State, seat: str) -> Sequence[Act]:
        return DECISIONS.legal_actions(state, state.flow, seat)

    def apply(self, state: State, seat: str, action: Act, log: list[LogEntry] | None = None) -> None:
        DECISIONS.apply(state, state.flow, seat, action, log)
        drive(state, log)

    def explain_illegal(self, state: State, seat: str, action: Act) -> Refusal:
        top = state.flow.top()
        if state.over or top is None:
            return Refusal("the game is over", "§10.4")
        if seat not in top.waiting():
            return Refusal(
                f"it is not {seat}'s decision ({top.kind} for {', '.join(top.waiting())})", "§4.5.2"
            )
        return Refusal(
            f"{notation(action)} is not a legal answer to this {top.kind} decision", RULE.get(top.kind)
        )

    def rng(self, state: State) -> Rng:
        return state.rng

    def checkpoint(self, state: State) -> int:
        return state.rng.draws + state.reveals

    def outcome(self, state: State) -> Outcome | None:
        if not state.over:
            return None
        return Outcome(
            {"L": state.vp, "A": -state.vp},
            tuple(state.winners),
            state.result,
            {"turn": state.turn, "war_winner": state.war_winner},
        )

    def view(self, state: State, seat: str | None) -> dict[str, JSON]:
        return view(state, seat)

    def notation(self, action: Act) -> str:
        return notation(action)

    def parse_action(self, text: str) -> Act:
        return parse(text)

    def clone(self, state: State) -> State:
        return state.clone()

    def serialize(self, state: State) -> dict[str, JSON]:
        return state.to_json()

    def set_position(self, state: State, pos: Mapping[str, JSON], log: list[LogEntry] | None = None) -> None:
        position.set_position(state, pos, log)


RULE = {
    "play": "§5.0",
    "order": "§5.2",
    "place": "§6.1",
    "checks": "§6.2",
    "event-place": "§6.1.1",
    "stability": "§9.0",
    "setup-place": "§3.4",
    "war-order": "§8.4.3",
    "moltke": "§6.3.3",
    "mobilize": "§8.4.4",
}

GAME = EuropeInTurmoil()

__all__ = ["GAME", "EuropeInTurmoil", "NotationError"]
_ = Any
