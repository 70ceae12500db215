"""Moving units (DEPLACER DEUX UNITES MILITAIRES, L197-246) and the sea-movement roll.

The same reach serves building (L185-195: a unit built is placed in the home country and makes a
free move from there, ndt 2).
"""

from __future__ import annotations

from .economy import Log, add_unrest, note
from .state import ARMY, SHIP, UNIT_NAMES, State


def army_may_enter(state: State, seat: str, target: str) -> bool:
    """L215-237: where an army may go (from anywhere: distance does not matter, L205-206)."""
    content = state.content
    region = content.regions[target]
    if region.kind == "home":
        return target == state.home(seat)  # L236-237: never another's home country, always one's own
    if region.colonial:
        if state.count(target, seat, SHIP) < 1:
            return False  # L215-218: an own ship in that very colony
        return not _blockaded(state, seat, target)
    # L223-234: a European region, on one of five conditions.
    if state.token_count(target, seat) > 0:
        return True
    if any(state.token_count(other, seat) > 0 for other in region.adjacent if other in state.tokens):
        return True
    if state.home(seat) in region.adjacent:
        return True
    if region.sea and state.count(target, seat, SHIP) > 0:
        return True
    return (
        region.naval_at is not None
        and region.naval_at != target
        and state.count(region.naval_at, seat, SHIP) > 0
    )


def _blockaded(state: State, seat: str, target: str) -> bool:
    """L565-566: a non-allied enemy needs more ships than the blockader to bring armies in."""
    for region, owner in state.blockades:
        enemy = region == target and owner != seat and not state.allied(owner, seat)
        if enemy and state.count(target, seat, SHIP) <= state.count(target, owner, SHIP):
            return True
    return False


def ship_may_enter(state: State, seat: str, target: str) -> bool:
    """L208-210, L612-613: ships go where there is sea; and to their own home country (R18)."""
    region = state.content.regions[target]
    if region.kind == "home":
        return target == state.home(seat)
    return region.sea


def may_enter(state: State, seat: str, kind: int, target: str) -> bool:
    return ship_may_enter(state, seat, target) if kind == SHIP else army_may_enter(state, seat, target)


def needs_roll(state: State, origin: str, target: str) -> bool:
    """L239-246: to a colony, or from a colony to Europe; never within Europe, nor between the
    three American colonies."""
    regions = state.content.regions
    a, b = regions[origin], regions[target]
    if a.american and b.american:
        return False
    return b.colonial or a.colonial


def sea_roll(state: State, seat: str, log: Log) -> str:
    """T1 (L241-244): ``arrive``, ``back`` or ``lost``; Navigation adds 2 to the second die (L527)."""
    rules = state.content.rules
    first = state.rng.die()
    if first >= rules.sea_arrive_from:
        note(log, f"{seat} rolls {first} at sea: arrives", "L241", seat)
        return "arrive"
    second = state.rng.die()
    bonus = rules.navigation_bonus if state.has(seat, "navigation") else 0
    total = second + bonus
    result = "lost" if total <= rules.sea_lost_to else "back" if total <= rules.sea_back_to else "arrive"
    shown = f"{second}+{bonus}" if bonus else str(second)
    note(log, f"{seat} rolls 1 then {shown} at sea: {result}", "L241-243", seat)
    return result


def move_unit(state: State, seat: str, kind: int, origin: str, target: str, *, log: Log) -> str:
    """One unit from ``origin`` to ``target`` (already checked legal); returns the roll's result."""
    result = sea_roll(state, seat, log) if needs_roll(state, origin, target) else "arrive"
    state.add_unit(origin, seat, kind, -1)
    if result == "arrive":
        state.add_unit(target, seat, kind)
    elif result == "back":
        state.add_unit(origin, seat, kind)
    else:
        lost_at_sea(state, seat, log)
    note(log, f"{seat} moves a {UNIT_NAMES[kind]} {origin} -> {target}: {result}", "L197-246", seat)
    check_blockades(state)
    return result


def lost_at_sea(state: State, seat: str, log: Log) -> None:
    """R5: a unit lost at sea is not lost in combat (L72): no unrest, unless the option says so."""
    if state.options.get("sea_loss_unrest"):
        add_unrest(state, seat, 1, log)


def moves(state: State, seat: str) -> list[tuple[int, str, str]]:
    """Every single-unit move ``(kind, from, to)`` open to ``seat`` now."""
    found = []
    for origin, here in state.units.items():
        mine = here.get(seat)
        if not mine:
            continue
        for kind in (ARMY, SHIP):
            if mine[kind] < 1:
                continue
            for target in state.content.region_ids:
                if target != origin and may_enter(state, seat, kind, target):
                    found.append((kind, origin, target))
    return found


def check_blockades(state: State) -> None:
    """L566-567: a placed Blockade goes back to stock when its owner has no ship left there."""
    for placed in list(state.blockades):
        region, owner = placed
        if state.count(region, owner, SHIP) < 1:
            state.blockades.remove(placed)
            state.stock["blockade"] += 1
