"""Struggle of Empires as an engine game (:class:`realpolitik.engine.Game`): a thin front."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...engine import LogEntry, Outcome, Refusal, Rng, Seat
from .content import CONTENT_VERSION
from .rules import actions as A
from .rules.auction import check_bid
from .rules.decisions import DECISIONS, check_offer
from .rules.position import set_position
from .rules.setup import new_state, normalize_options
from .rules.state import State
from .rules.view import view

RULES_VERSION = "0.1"

_WHAT = {
    "deploy": ("place one unit: place army|ship|fort REGION", "L55-59"),
    "auction": ("bid N A/B (more than the last bid) or pass", "L110-122"),
    "turn": (
        "one of the turn's actions (buy, build, move, attack, colonize, enslave, pass) or a free tile use",
        "L133-154",
    ),
    "move": ("move one unit: army|ship FROM TO, or done", "L197-246"),
    "militia": ("militia REGION or no", "L520-522"),
    "raid": ("raid REGION EMPIRE", "L540-552"),
    "offer": ("offer N (gold for the ally's support, 0 for none)", "L312-314"),
    "support": ("support none|ships|armies|all", "L303-314"),
    "lose": ("lose army|fort, or lose EMPIRE (the ally paying a natural 7)", "L277, L286-287"),
    "assign": ("assign TILE naval|land", "L319-322"),
    "naval": ("fight or decline", "L263-267"),
    "boost": ("boost or no", "L570"),
    "reserve": ("reserve or no", "L501-504"),
    "withdraw": ("withdraw or no", "L554-556"),
}


class StruggleOfEmpires:
    """The rules of Struggle of Empires for 2 to 7 players."""

    id = "struggle-of-empires"
    title = "Struggle of Empires"
    version = f"{RULES_VERSION}+content-{CONTENT_VERSION}"

    def normalize_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        return normalize_options(options)

    def setup(self, options: Mapping[str, Any], seed: int, log: list[LogEntry] | None = None) -> State:
        return new_state(options, seed, log)

    def seats(self, state: State) -> tuple[Seat, ...]:
        return state.seats

    def to_act(self, state: State) -> tuple[Seat, ...]:
        return DECISIONS.to_act(state.flow)

    def legal_actions(self, state: State, seat: Seat) -> Sequence[A.Act]:
        return DECISIONS.legal_actions(state, state.flow, seat)

    def apply(self, state: State, seat: Seat, action: A.Act, log: list[LogEntry] | None = None) -> None:
        DECISIONS.apply(state, state.flow, seat, action, log)

    def explain_illegal(self, state: State, seat: Seat, action: A.Act) -> Refusal:
        top = state.flow.top()
        if top is None:
            return Refusal("the game is over", "L384")
        if seat not in top.waiting():
            return Refusal(f"{seat} is not to decide now ({', '.join(top.waiting())} is)", None)
        if top.kind == "auction":
            refusal = check_bid(state, seat, action)
            if refusal is not None:
                return refusal
        if top.kind == "offer":
            refusal = check_offer(state, seat, action)
            if refusal is not None:
                return refusal
        what, rule = _WHAT.get(top.kind, ("another action", None))
        return Refusal(f"{A.notation(action)} is not legal now; {what}", rule)

    def check_action(self, state: State, seat: Seat, action: A.Act) -> Refusal | None:
        """Bids of any amount are legal (the legal list shows a few); the rest is the list."""
        top = state.flow.top()
        if top is not None and top.kind == "auction" and seat in top.waiting():
            return check_bid(state, seat, action)
        if top is not None and top.kind == "offer" and seat in top.waiting():
            return check_offer(state, seat, action)
        if action in self.legal_actions(state, seat):
            return None
        return self.explain_illegal(state, seat, action)

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
                "unrest": final["unrest"],
                "revolution": final["revolution"],
                "penalties": final["penalties"],
            },
        )

    def view(self, state: State, seat: Seat | None) -> dict[str, Any]:
        return view(state, seat)

    def notation(self, action: A.Act) -> str:
        return A.notation(action)

    def parse_action(self, text: str) -> A.Act:
        return A.parse_action(text)

    def clone(self, state: State) -> State:
        return state.clone()

    def serialize(self, state: State) -> dict[str, Any]:
        return state.to_json()

    def set_position(
        self, state: State, position: Mapping[str, Any], log: list[LogEntry] | None = None
    ) -> None:
        set_position(state, position)


GAME = StruggleOfEmpires()
__all__ = ["GAME", "StruggleOfEmpires"]
