"""A Minor Power's rights defended by a Great Power (L490-504; digest §1.7.4).

Where a Great Power's Control marker stands established over a Minor Power's Influence, the Minor
does not contest it; Marker Adjustment would step the Influence down (L792-796). Before it does,
every other Great Power may announce that it defends the Minor's rights there; then a Congress of
Europe must sit (L490-493). Built (readings in docs/pax-britannica.md):

* **The question** comes after Colonial Combat, one Area at a time: every player whose Great Powers
  hold no Control marker there answers at once, sealed: ``rights defend`` or ``rights pass``. Each
  defender holds a Casus Belli ``rights of MINOR in AREA`` against each Great Power with Control
  there, and the Minor's Influence stays through this turn's Marker Adjustment.
* **The Congress** is called at once in the Congress Phase (no call, +3 ETI, rules/congress.py
  ``convene``) and weighs the Area like any dispute; the Minor is a party that does not vote and
  abides (L493-496); a treaty may not leave the Minor's Influence beside the Control marker, so no
  codominion is offered there. An award to the Great Power steps the Minor down; an award to the
  Minor steps the Great Power down; no treaty, and the Minor's Influence gives way when the
  Congress closes (rules/congress.py ``_give_way``), its defenders keeping their Casus Belli.
* **Defiance** (L496-499): a Great Power refusing to sign a treaty that awards the Area to the
  Minor defies the Congress: at the start of the War Phase the Minor declares war on it (no ETI:
  L1487 counts the declarations a player issues), and every defender must declare war too
  (``treaty honour``) or fail the Minor (``treaty break``): it loses 5 VP and the ETI rises by 3
  (L498-500, L1498-1499).

* **The champions** (L500-504): the defenders bound when the Minor declares are its war's
  ``champions`` (a defender that fails to join leaves them, penalised once). The same penalties
  fall on a champion that makes a separate peace while the Minor fights on, and on one that gains
  territory out of a war the Minor did not win (the text's own rule of thumb for a supporter who
  did not do its best for the Minor, L502-504). Reading: "did not win" is any end but a victory
  of the Minor's Alliance (a stalemate and a peace included: the Minor gained nothing by arms),
  and "gains territory" is a Control marker the settlement gives it. Any other judgement of a
  champion's effort is a moderator's call the engine does not make.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ....engine.flow import Decision
from .actions import Act
from .board import Log, controllers, note, raise_eti
from .state import State

PREFIX = "rights of "
"""A defender's Casus Belli: ``rights of MINOR in AREA``."""
DEFIED = "congress defied in "
"""The Minor's, against a Great Power that refused the Congress's award: ``congress defied in AREA``."""
DEFEND: Act = Act("rights", ("defend",))
PASS: Act = Act("rights", ("pass",))
PENALTY_VP = 5
PENALTY_ETI = 3


def reason(minor: str, area: str) -> str:
    return f"{PREFIX}{minor} in {area}"


def parse(text: str) -> tuple[str, str] | None:
    """``rights of BE in kongo`` -> (``BE``, ``kongo``); None for another reason."""
    if not text.startswith(PREFIX):
        return None
    minor, _, area = text[len(PREFIX) :].partition(" in ")
    return minor, area


def defended(state: State, area: str, minor: str) -> bool:
    """Whether a Great Power defends ``minor``'s rights in ``area`` this turn."""
    wanted = reason(minor, area)
    return any(c[2] == wanted for c in state.cbs)


def questions(state: State) -> list[list[str]]:
    """``[area, minor]`` wherever an established Great Power Control marker stands over a Minor's
    Influence (L490), in the content's order."""
    found = []
    for area in state.content.area_ids:
        held = state.markers.get(area)
        if not held:
            continue
        rulers = [p for p in controllers(state, area) if p in state.great]
        if not rulers:
            continue
        for power, (level, _) in held.items():
            if level == "influence" and power not in state.great:
                found.append([area, power])
    return found


def _askers(state: State, area: str) -> list[str]:
    """The seats of the players none of whose Great Powers holds Control in ``area``."""
    rulers = {state.player_of[p] for p in controllers(state, area) if p in state.great}
    return [s for s in state.seats if s not in rulers]


def start_rights(state: State) -> None:
    """After Colonial Combat: ask about the first Area (the others follow in turn)."""
    _ask(state, questions(state))


def _ask(state: State, queue: list[list[str]]) -> None:
    while queue:
        (area, minor), rest = queue[0], queue[1:]
        seats = _askers(state, area)
        if seats:
            data = {"area": area, "minor": minor, "queue": rest, "answers": {}}
            state.flow.push(Decision("rights", seats, data))
            return
        queue = rest


class Rights:
    """Each player answers at once, sealed: does it defend the Minor's rights in the Area?"""

    def choices(self, state: State, seat: str, decision: Decision) -> Sequence[Act]:
        return [DEFEND, PASS]

    def apply(self, state: State, seat: str, action: Act, decision: Decision, log: Log) -> None:
        decision.data["answers"] = {**decision.data["answers"], seat: action.args[0]}
        if not decision.complete():
            return
        state.reveals += 1
        area, minor = decision.data["area"], decision.data["minor"]
        name = state.content.areas[area].name
        defenders = [s for s, a in decision.data["answers"].items() if a == "defend"]
        rulers = [p for p in controllers(state, area) if p in state.great]
        for defender in sorted(defenders, key=state.seats.index):
            for ruler in rulers:
                state.cbs.append([defender, ruler, reason(minor, area)])
        if defenders:
            note(
                log,
                f"{', '.join(defenders)} defend {minor}'s rights in {name}: a Congress of Europe must sit",
                "L490-493",
            )
        else:
            note(log, f"Nobody defends {minor}'s rights in {name}", "L490")
        state.flow.pop()
        _ask(state, list(decision.data["queue"]))

    def resume(self, state: State, decision: Decision, log: Log) -> None:  # pragma: no cover
        raise AssertionError("an answer about a Minor's rights never suspends anything")


def defiances(state: State) -> list[list[str]]:
    """The Minors' Casus Belli against a Great Power that defied the Congress (L496-497)."""
    return [c for c in state.cbs if c[2].startswith(DEFIED)]


def defy(state: State, placer: str, area: str, log: Log) -> None:
    """``placer`` refused the treaty awarding ``area`` to the Minor whose rights are defended."""
    for _, against, text in list(state.cbs):
        found = parse(text)
        if found is None or against != placer or found[1] != area:
            continue
        minor = found[0]
        cb = [minor, placer, DEFIED + area]
        if cb not in state.cbs:
            state.cbs.append(cb)
            note(log, f"{placer} defies the Congress: {minor} will declare war on it", "L496-497")


def bound_defenders(state: State, minor: str, placer: str) -> list[str]:
    """The defenders of ``minor`` against ``placer`` (their Casus Belli stands)."""
    found = []
    for holder, against, text in state.cbs:
        rights = parse(text)
        if rights is not None and rights[0] == minor and against == placer and holder not in found:
            found.append(holder)
    return found


def fail(state: State, power: str, minor: str, how: str, log: Log) -> None:
    """A defender fails the Minor whose rights it defended: -5 VP, +3 ETI (L497-503, L1498-1499)."""
    state.vp[power] = state.vp.get(power, 0) - PENALTY_VP
    failed = f"{power} fails {minor}, whose rights it defended ({how}): -{PENALTY_VP} VP"
    note(log, failed, "L497-503", power)
    raise_eti(state, PENALTY_ETI, log, "a Minor's defender fails it", "L1498-1499", culprit=power)


def enlist(state: State, war: dict[str, Any], minor: str, placer: str) -> None:
    """The Minor has declared on the defier: its bound defenders are its war's champions."""
    champions: dict[str, str] = war.setdefault("champions", {})
    for power in bound_defenders(state, minor, placer):
        if power in state.great:
            champions[power] = minor


def discharge(state: State, power: str) -> None:
    """A defender that failed to join (penalised already) is no champion."""
    for war in state.wars:
        war.get("champions", {}).pop(power, None)
