"""Pax Britannica as an engine game (:class:`realpolitik.engine.Game`): a thin front over the rules."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...engine import LogEntry, NotationError, Outcome, Refusal, Rng, Seat
from .options import normalize_options
from .rules import actions as A
from .rules.movement import refusal
from .rules.position import set_position
from .rules.setup import new_state
from .rules.sides import move_refusal
from .rules.state import State
from .rules.turn import DECISIONS, advance
from .rules.view import view

RULES_VERSION = "0.1"


class PaxBritannica:
    """The rules of Pax Britannica for 4 to 7 players (the phases built so far: docs/pax-britannica.md)."""

    id = "pax-britannica"
    title = "Pax Britannica"
    version = RULES_VERSION

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
        advance(state, log)

    def explain_illegal(self, state: State, seat: Seat, action: A.Act) -> Refusal:
        top = state.flow.top()
        if top is None:
            return Refusal("the game is over", "L310-318")
        if seat not in top.waiting():
            return Refusal(f"it is {', '.join(top.waiting())}'s turn, not {seat}'s", "L533")
        if not isinstance(action, A.Act):
            return Refusal("that is not an action of Pax Britannica", None)
        try:
            A.parse(A.notation(action))
        except NotationError as error:
            return Refusal(error.reason, None)
        if top.kind == "offer":
            return Refusal("answer the offer first: accept or refuse", "L599-603")
        if top.kind in ("call", "propose", "vote", "sign"):
            words = {
                "call": "congress call or congress pass",
                "propose": "a proposal of the menu (propose award POWER [pay N], propose codominion; "
                "for a grievance, propose redress [pay N | cede AREA]), "
                "maybe with clauses (clause codominion|downgrade|remove POWER AREA, clause transfer "
                "POWER AREA TO, clause pay PAYER PAYEE N, clause ban POWER AREA TO, clause cap POWER "
                "army|naval N TO, clause pact POWER TO), "
                "or propose pass",
                "vote": "vote yes or vote no",
                "sign": "sign or refuse",
            }
            return Refusal(f"the Congress of Europe waits for {words[top.kind]}", "L846-903")
        if top.kind == "declare":
            return Refusal("declare war on a Power you hold a Casus Belli against, or pass", "L1134-1141")
        if top.kind == "treaty":
            return Refusal("honour or break the treaty of Germany and Austria-Hungary", "L1536-1542")
        if top.kind == "maneuver":
            denied = move_refusal(state, top.data["power"], action)
            if denied is not None:
                return Refusal(*denied)
            return Refusal("move a unit one space as the War Sequence allows, or done", "L1238-1293")
        if top.kind == "attack":
            return Refusal(
                "attack army|naval where enemy units of that kind are (naming a Power of the Alliance "
                "attacked where two enemy Alliances stand, L1201-1204), or done",
                "L1314-1333",
            )
        if top.kind == "join":
            return Refusal("join your ally's attack or decline", "L1318-1321")
        if top.kind == "retreat":
            return Refusal("retreat STRENGTH DESTINATION: a unit to a space it may retreat to", "L1349-1352")
        if top.kind == "loss":
            return Refusal("lose STRENGTH: one of your units there, until the exchange is paid", "L1353-1356")
        if top.kind == "aid":
            return Refusal("aid ottomans (or aid enemies, when asked) or aid none", "L1046-1048")
        if top.kind == "coal":
            return Refusal("coal POWER (volunteer your Areas to its Alliance) or coal none", "L1274-1276")
        if top.kind == "deny":
            return Refusal(
                "deny or allow the passage to the Alliance asked about (deny|allow PASSAGE POWER)",
                "L1508-1530",
            )
        if top.kind == "rights":
            return Refusal(
                "rights defend or rights pass: do you defend the Minor's rights there?", "L490-493"
            )
        if top.kind == "spoils":
            return Refusal(
                "spoils agree or spoils dispute: the proposed division of the spoils", "L1419-1424"
            )
        if top.kind == "peace":
            return Refusal(
                "peace sign or peace fight (in a war of three Alliances also peace with POWER)", "L1411-1417"
            )
        if top.kind == "dispute":
            return Refusal("answer the dispute: settle share, settle yield or settle hold", "L784-811")
        reason = refusal(state, top.data["power"], action, top.data)
        return Refusal(reason or "not legal now", "L533-702")

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
                "lines": final["lines"],
                "great_war": final["great_war"],
                "blame": final["blame"],
                "end_turn": final["end_turn"],
                "end_year": final["end_year"],
            },
        )

    def view(self, state: State, seat: Seat | None) -> dict[str, Any]:
        return view(state, seat)

    def notation(self, action: A.Act) -> str:
        return A.notation(action)

    def parse_action(self, text: str) -> A.Act:
        return A.parse(text)

    def clone(self, state: State) -> State:
        return state.clone()

    def serialize(self, state: State) -> dict[str, Any]:
        return state.to_json()

    def set_position(
        self, state: State, position: Mapping[str, Any], log: list[LogEntry] | None = None
    ) -> None:
        set_position(state, position, log)


GAME = PaxBritannica()
