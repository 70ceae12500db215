"""Moving units (DEPLACER DEUX UNITES MILITAIRES, L197-246) and the sea-movement roll.

The same reach serves building (L185-195: a unit built is placed in the home country and makes a
free move from there, ndt 2).
"""

from __future__ import annotations

from .economy import add_unrest
from .log_lines import Log, say
from .state import ARMY, SHIP, UNIT_NAMES, State


def army_may_enter(state: State, seat: str, target: str) -> bool:
    """L215-237: where an army may go (from anywhere: distance does not matter, L205-206)."""
    content = state.content
    region = content.regions[target]
    if region.kind == "home":
        return target == state.home(seat)  # L236-237: never another's home country, always one's own
    here = state.units[target].get(seat)
    ships = here[SHIP] if here else 0
    if region.kind == "colony":
        if ships < 1:
            return False  # L215-218: an own ship in that very colony
        return not state.blockades or not _blockaded(state, seat, target)
    # L223-234: a European region, on one of five conditions.
    tokens = state.tokens
    if tokens[target].get(seat, 0) > 0:
        return True
    for other in region.adjacent:
        near = tokens.get(other)
        if near is not None and near.get(seat, 0) > 0:
            return True
    if state.home(seat) in region.adjacent:
        return True
    if region.sea and ships > 0:
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
        say(log, "sea_arrives", "L241", seat, seat=seat, die=first)
        return "arrive"
    second = state.rng.die()
    bonus = rules.navigation_bonus if state.has(seat, "navigation") else 0
    total = second + bonus
    result = "lost" if total <= rules.sea_lost_to else "back" if total <= rules.sea_back_to else "arrive"
    shown = f"{second}+{bonus}" if bonus else str(second)
    say(log, "sea_roll", "L241-243", seat, seat=seat, roll=shown, result=result)
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
    say(
        log,
        "move",
        "L197-246",
        seat,
        seat=seat,
        unit=UNIT_NAMES[kind],
        origin=origin,
        dest=target,
        result=result,
    )
    check_blockades(state)
    return result


def lost_at_sea(state: State, seat: str, log: Log) -> None:
    """R5: a unit lost at sea is not lost in combat (L72): no unrest, unless the option says so."""
    if state.options.get("sea_loss_unrest"):
        add_unrest(state, seat, 1, log)


def army_reach(state: State, seat: str) -> list[str]:
    """Every region an army of ``seat`` may enter now: it does not depend on where the army
    starts (distance does not matter, L205-206), so it is worked out once per question."""
    return [r for r in state.content.region_ids if army_may_enter(state, seat, r)]


def ship_reach(state: State, seat: str) -> list[str]:
    """Every region a ship of ``seat`` may enter (L208-210, R18): the sea and its own home."""
    return [r for r in state.content.region_ids if ship_may_enter(state, seat, r)]


def moves(state: State, seat: str) -> list[tuple[int, str, str]]:
    """Every single-unit move ``(kind, from, to)`` open to ``seat`` now."""
    found: list[tuple[int, str, str]] = []
    armies: list[str] | None = None
    ships: list[str] | None = None
    for origin, here in state.units.items():
        mine = here.get(seat)
        if not mine:
            continue
        if mine[ARMY] > 0:
            if armies is None:
                armies = army_reach(state, seat)
            found += [(ARMY, origin, t) for t in armies if t != origin]
        if mine[SHIP] > 0:
            if ships is None:
                ships = ship_reach(state, seat)
            found += [(SHIP, origin, t) for t in ships if t != origin]
    return found


def can_move(state: State, seat: str) -> bool:
    """Whether ``seat`` has any move (the Move action is offered only then)."""
    armies: list[str] | None = None
    for origin, here in state.units.items():
        mine = here.get(seat)
        if not mine:
            continue
        if mine[SHIP] > 0:
            return True  # its own home, or the sea, is always open to a ship somewhere else
        if mine[ARMY] > 0:
            if armies is None:
                armies = army_reach(state, seat)
            if any(t != origin for t in armies):
                return True
    return False


def check_blockades(state: State) -> None:
    """L566-567: a placed Blockade goes back to stock when its owner has no ship left there."""
    for placed in list(state.blockades):
        region, owner = placed
        if state.count(region, owner, SHIP) < 1:
            state.blockades.remove(placed)
            state.stock["blockade"] += 1
