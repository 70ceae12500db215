"""The Minor Powers Phase (L443-532): activity, the marker ladder, Unrest reaction."""

from __future__ import annotations

from collections import deque

from ..content import CONTROL
from .board import (
    HOME,
    Log,
    add_unit,
    army_strength,
    controllers,
    counters_used,
    has_army,
    land_of,
    level_of,
    linked_areas,
    move_all,
    note,
    raise_cri_for_placement,
    raise_eti,
    reduce_marker,
    remove_unit,
    retreat_place,
    set_marker,
    units_at,
)
from .combat import fight
from .events import MAX_REROLLS
from .state import State, is_army, strength

PROTECTORATE_ALWAYS = ("unorganized", "chinese-vassal")
PROTECTORATE_IN_UNREST = ("independent", "chinese-empire", "ottoman")


def minor_powers_phase(state: State, log: Log) -> None:
    for minor in state.minors:
        _bring_surplus_home(state, minor, log)
        _activity(state, minor, log)
    for minor in state.minors:
        _react_to_unrest(state, minor, log)


def _markers_left(state: State, minor: str) -> tuple[int, int]:
    power = state.content.powers[minor]
    rounds, hexes, _ = counters_used(state, minor)
    return power.round_markers - rounds, power.hex_markers - hexes


def _activity(state: State, minor: str, log: Log) -> None:
    threshold, table = state.content.minor_activity[minor]
    die = state.rng.die()
    if die < threshold:
        return
    rounds, hexes = _markers_left(state, minor)
    if rounds <= 0 and hexes <= 0:
        note(log, f"{minor} has no Status markers left: inactive", "L476")
        return
    linked = linked_areas(state, minor)
    for _try in range(MAX_REROLLS):
        area = table[state.rng.die() + state.rng.die() - 2]
        level = best_level(state, minor, area, linked)
        if level is not None:
            place_minor(state, minor, area, level, log)
            return
    note(log, f"{minor} finds no eligible Area", "L476-478")


def best_level(state: State, minor: str, area: str, linked: set[str]) -> str | None:
    """L449-475: the highest of Possession, Protectorate, Influence, Interest the Minor can reach
    there; ``None`` when nothing is an upgrade (the Area is then re-rolled)."""
    if area not in linked:
        return None
    content = state.content
    held = state.markers.get(area, {})
    current = level_of(state, area, minor)
    others = {p: m for p, m in held.items() if p != minor}
    opposing_control = any(lv in CONTROL for lv, _ in others.values())
    rounds, hexes = _markers_left(state, minor)
    if current == "protectorate" and has_army(state, minor, area):
        return "possession"
    if current in ("protectorate", "possession"):
        return None
    kind = content.areas[area].type
    eligible_type = kind in PROTECTORATE_ALWAYS or (kind in PROTECTORATE_IN_UNREST and area in state.unrest)
    if hexes > 0 and not opposing_control and eligible_type:
        return "protectorate"
    if current == "influence":
        return None
    if (rounds > 0 or current == "interest") and not opposing_control:
        return "influence"
    if current == "interest":
        return None
    opposing_possession = any(lv in ("possession", "state", "dominion") for lv, _ in others.values())
    if rounds > 0 and not opposing_possession:
        return "interest"
    return None


def _army_for(state: State, minor: str, area: str) -> None:
    """L455-461: an Army from home, else from the nearest Area with two or more, else a new one."""
    home_armies = [u for u in units_at(state, minor, HOME) if is_army(u)]
    if home_armies:
        remove_unit(state, minor, HOME, home_armies[0])
        add_unit(state, minor, area, home_armies[0])
        return
    source = _nearest_with_two(state, minor, area)
    if source is not None:
        armies = [u for u in units_at(state, minor, source) if is_army(u)]
        remove_unit(state, minor, source, armies[0])
        add_unit(state, minor, area, armies[0])
        return
    add_unit(state, minor, area, "A1")  # the counter tray (G-R22: no limit for Minors here)


def _nearest_with_two(state: State, minor: str, area: str) -> str | None:
    seen = {area}
    frontier = deque([area])
    while frontier:
        here = frontier.popleft()
        if here != area and sum(1 for u in units_at(state, minor, here) if is_army(u)) >= 2:
            return here
        for other in land_of(state, here):
            if other not in seen:
                seen.add(other)
                frontier.append(other)
    for loc in sorted(state.units.get(minor, {})):
        if loc not in (HOME, area) and sum(1 for u in units_at(state, minor, loc) if is_army(u)) >= 2:
            return loc
    return None


def place_minor(state: State, minor: str, area: str, level: str, log: Log) -> None:
    content = state.content
    name = content.areas[area].name
    if level == "protectorate":
        _army_for(state, minor, area)
    set_marker(state, area, minor, level, True)  # L479: a Minor's markers are established at once
    note(log, f"{minor} places a {level} in {name}", "L443-480")
    raise_cri_for_placement(state, area, log)
    if level in CONTROL:
        if area not in state.minor_placed:
            state.minor_placed.append(area)
        for other, (lv, _) in list(state.markers.get(area, {}).items()):
            if other == minor or lv != "influence":
                continue
            if other in state.minors:
                # L507-511: another Minor's Influence gives way at once (raising the ETI).
                has_possession = any(m[0] == "possession" for m in state.markers[area].values())
                reduce_marker(state, area, other, None if has_possession else "interest")
                raise_eti(state, 1, log, f"{other} downgraded in {name}", "L507-511")
            else:
                # L482-485: a Great Power with Influence there has a Casus Belli against the Minor.
                state.cbs.append([other, minor, f"protectorate in {area}"])


def _react_to_unrest(state: State, minor: str, log: Log) -> None:
    """L512-532: a Minor defends its Controlled Areas in Unrest with every Army it can bring."""
    mine = [a for a in state.unrest if minor in controllers(state, a)]
    if not mine:
        return
    best = max(state.content.areas[a].ev for a in mine)
    tied = sorted(a for a in mine if state.content.areas[a].ev == best)
    target = tied[state.rng.below(len(tied))] if len(tied) > 1 else tied[0]
    for loc in list(state.units.get(minor, {})):
        if loc == target:
            continue
        armies = [u for u in units_at(state, minor, loc) if is_army(u)]
        if loc != HOME and len(armies) <= 1:
            continue  # L518: a lone unit in a colonial Area never moves
        keep = 0 if loc == HOME else 1
        for code in sorted(armies, key=strength)[keep:]:
            remove_unit(state, minor, loc, code)
            add_unit(state, minor, target, code)
    if not army_strength(state, minor, target):
        return
    state.surplus[minor] = target
    name = state.content.areas[target].name
    if fight(state, [minor], target, log):
        state.unrest.remove(target)
        note(log, f"{minor} suppresses the Unrest in {name}", "L521")
        if level_of(state, target, minor) == "protectorate":
            set_marker(state, target, minor, "possession", True)  # L524 (reading G-R15)
    elif army_strength(state, minor, target):
        move_all(state, minor, target, retreat_place(state, minor, target), armies_only=True)


def _bring_surplus_home(state: State, minor: str, log: Log) -> None:
    """L526-528: the turn after, all but the smallest Army go home."""
    area = state.surplus.pop(minor, None)
    if area is None:
        return
    armies = sorted((u for u in units_at(state, minor, area) if is_army(u)), key=strength)
    for code in armies[1:]:
        remove_unit(state, minor, area, code)
        add_unit(state, minor, HOME, code)
