"""The Marker Adjustment Phase (L290-295 and the rules it gathers)."""

from __future__ import annotations

from ..content import CONTROL
from .board import (
    Log,
    controllers,
    give_way,
    has_army,
    move_all,
    note,
    raise_eti,
    reduce_marker,
    retreat_place,
    set_marker,
)
from .rights import defended
from .state import State

STEPS = {"possession": 1, "state": 1, "dominion": 1, "protectorate": 1, "influence": 1, "interest": 1}


def marker_adjustment_phase(state: State, log: Log) -> None:
    content = state.content
    # 1. Areas still in Unrest (L739-762): a revolt takes the controllers' markers; Unrest in an
    #    Influence or neutral Area takes every marker. Units retreat; no ETI (L1477-1478).
    for area in list(state.unrest):
        held = state.markers.get(area, {})
        rulers = controllers(state, area)
        losers = rulers if rulers else list(held)
        for power in losers:
            set_marker(state, area, power, None)
            move_all(state, power, area, retreat_place(state, power, area))
        if losers:
            note(log, f"The Unrest in {content.areas[area].name} sweeps away {', '.join(losers)}", "L743-762")
    # 2. Every Unrest marker goes.
    state.unrest = []
    # 3. New Interest and Influence markers are established (L566-568).
    for held in state.markers.values():
        for power, (level, est) in list(held.items()):
            if not est and level not in CONTROL:
                held[power] = (level, True)
    # 4. Control markers still unestablished (no combat won) go, their Armies retreat (G-R18).
    for area, held in list(state.markers.items()):
        for power, (level, est) in list(held.items()):
            if level in CONTROL and not est:
                set_marker(state, area, power, None)
                move_all(state, power, area, retreat_place(state, power, area), armies_only=True)
                note(
                    log, f"{power}'s {level} in {content.areas[area].name} was never established", "L677-679"
                )
    # 5. Garrisons (L604-617): an ungarrisoned Control marker becomes Influence; in a codominion it
    #    goes (or becomes Interest if no Possession remains there).
    for area, held in list(state.markers.items()):
        for power, (level, _) in list(held.items()):
            if level not in CONTROL or has_army(state, power, area):
                continue
            partners = [p for p in controllers(state, area) if p != power]
            if partners:
                possession = any(state.markers[area][p][0] != "protectorate" for p in partners)
                reduce_marker(state, area, power, None if possession else "interest")
            else:
                reduce_marker(state, area, power, "influence")
            if state.options.get("eti_garrison", False):
                raise_eti(state, 1, log, f"{power} ungarrisoned in {area}", "L1476")
            note(
                log, f"{power} has no Army in {content.areas[area].name}: its {level} is reduced", "L604-607"
            )
    # 6. Status conflicts (reading G-R13): Influence cannot stay beside an established Control
    #    marker, Interest not beside a Possession, State or Dominion. The loser steps down, the ETI
    #    rises a point a step (L1476-1481) and the placer of the Control marker takes the blame.
    for area, held in list(state.markers.items()):
        rulers = controllers(state, area)
        if not rulers:
            continue
        for power, (level, _) in list(held.items()):
            if power in rulers or (level == "influence" and defended(state, area, power)):
                continue  # L490-493: a Minor's Influence whose rights are defended waits for the Congress
            give_way(state, area, power, rulers, log)
    # Armies standing where their Power has no Control marker any more go back (L677-679).
    for power in (*state.great, *state.minors):
        for loc in list(state.units.get(power, {})):
            if loc != "home" and level_of_control(state, loc, power) is None:
                move_all(state, power, loc, retreat_place(state, power, loc))


def level_of_control(state: State, area: str, power: str) -> str | None:
    marker = state.markers.get(area, {}).get(power)
    return marker[0] if marker is not None and marker[0] in CONTROL else None
