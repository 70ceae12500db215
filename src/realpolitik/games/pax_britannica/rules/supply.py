"""Conquest (L1375-1380), the Supply Determination Phase (L1381-1402) and what enemy Armies could
reach (G-R17), during a war.

* Conquest: at the end of an Attack Phase, an Alliance whose Armies alone occupy an Area that an
  enemy Power Controls (or the enemy conquered) has conquered it; markers change only when the war
  ends. Retaking an own Area undoes the enemy's conquest.
* Supply: an Army is in supply in its Home Country, State or Dominion, or when a Line of Supply
  joins it to a Home Country, State or Dominion of its Power or an ally. The line runs through
  Areas the Alliance holds (Controlled or conquered) and zones holding the unit's own Power's
  Merchant Fleets, enemy fleets there or not; it never steps between a blockaded Area (one holding
  an enemy Naval unit) and a zone, and a blockaded State or Dominion is no source. An Army out of
  supply surrenders; an Area out of supply that enemy Armies could reach is conquered by them.
  A Naval unit in a zone where it has no Coaling Rights surrenders.
* A Line of Supply, and what Armies could reach, never cross a canal or the Straits denied to
  the Power (L1510-1514, rules/straits.py).

Readings: the last step of a line may enter the unit's own Area whoever holds it (an Army
besieging an enemy Area draws supply from the next friendly Area or zone); "could reach given
enough time" (L1396-1397) is reachability over the war's Army moves, ignoring units and time
(digest G-R17).
"""

from __future__ import annotations

from collections import deque

from ..content import CONTROL
from .alliance import (
    SEA,
    War,
    active,
    blockaded,
    coaling,
    enemy_held,
    fleet_in,
    has_control_marker,
    held_by,
    others,
    side_units,
)
from .battle import stranded_at_sea, surrender
from .board import Log, coast_of, land_of, note, seas_of
from .state import State, is_army
from .straits import open_seas
from .uprising import NATIVES


def conquest(state: State, war: War, log: Log) -> None:
    """L1375-1380: end of an Attack Phase. In a three-cornered war (L1201-1204) an Alliance whose
    Armies alone stand in an Area any other Alliance holds conquers it; Armies of two Alliances in
    one Area conquer nothing."""
    for area in state.content.area_ids:
        armed = [s for s in active(war) if side_units(state, war, s, area, army=True)]
        if len(armed) != 1:
            continue
        side = armed[0]
        if not enemy_held(state, war, area, side):
            continue
        own = any(
            p in state.markers.get(area, {}) and state.markers[area][p][0] in CONTROL
            for p in war["sides"][side]
        )
        taken = war["conquered"].get(area)
        if own and taken is not None and taken != side:
            del war["conquered"][area]
            note(log, f"{'+'.join(war['sides'][side])} retake {area}", "L1378")
        else:
            war["conquered"][area] = side
            note(log, f"{'+'.join(war['sides'][side])} conquer {area}", "L1375-1380")


def _sources(state: State, war: War, side: int) -> set[str]:
    """Unblockaded States and Dominions of the Alliance (L1385-1386, L1394-1396)."""
    found = set()
    for area, held in state.markers.items():
        if war["conquered"].get(area) not in (None, side):
            continue  # conquered by an enemy Alliance
        for power in war["sides"][side]:
            marker = held.get(power)
            if marker and marker[0] in ("state", "dominion") and not blockaded(state, war, area, side):
                found.add(area)
    return found


def supply_net(state: State, war: War, power: str, side: int) -> set[str]:
    """The Areas, zones (``sea:``) and Home Countries (``home:XX``) a Line of Supply of ``power``
    reaches from its Alliance's sources."""
    content = state.content
    reached: set[str] = set()
    frontier: deque[str] = deque()
    for member in war["sides"][side]:
        if member in content.homes:
            reached.add("home:" + member)
            frontier.append("home:" + member)
    for area in _sources(state, war, side):
        reached.add(area)
        frontier.append(area)
    while frontier:
        node = frontier.popleft()
        areas: tuple[str, ...] | list[str]
        if node.startswith("home:"):
            home = content.homes[node[5:]]
            seas, areas = list(home.seas), home.land
        elif node.startswith(SEA):
            seas, areas = open_seas(state, war, power, node[4:]), coast_of(state, node[4:])
            areas = [a for a in areas if not blockaded(state, war, a, side)]
        else:
            areas = land_of(state, node)
            seas = [] if blockaded(state, war, node, side) else list(seas_of(state, node))
        for sea in seas:
            key = SEA + sea
            if key not in reached and fleet_in(state, power, sea):
                reached.add(key)
                frontier.append(key)
        for area in areas:
            if area not in reached and held_by(state, war, area, side):
                reached.add(area)
                frontier.append(area)
    return reached


def in_supply(state: State, war: War, power: str, loc: str, *, side: int, net: set[str]) -> bool:
    content = state.content
    if loc == "home" or loc in net:
        return True
    if loc.startswith(SEA):
        return any(SEA + s in net for s in open_seas(state, war, power, loc[4:]))
    held = state.markers.get(loc, {}).get(power)
    if held and held[0] in ("state", "dominion"):
        return True  # L1384-1385: in its own State or Dominion
    if any(m in content.areas[loc].homes for m in war["sides"][side]):
        return True
    if any(a in net for a in land_of(state, loc)):
        return True
    return not blockaded(state, war, loc, side) and any(SEA + s in net for s in seas_of(state, loc))


def army_reach(state: State, war: War, power: str) -> set[str]:
    """The Areas an Army of ``power`` could reach by war moves, ignoring units and time (G-R17)."""
    content = state.content
    fighting = [p for side in war["sides"] for p in side]
    armies = [loc for loc, codes in state.units.get(power, {}).items() if any(is_army(c) for c in codes)]
    start = ["home"] + [loc for loc in armies if loc != "home"]
    seen: set[str] = set(start)
    frontier: deque[str] = deque(start)
    areas_found: set[str] = {loc for loc in start if loc != "home" and not loc.startswith(SEA)}
    while frontier:
        node = frontier.popleft()
        nexts: list[str] = []
        if node == "home":
            if power in content.homes:
                nexts = [SEA + s for s in content.homes[power].seas] + list(content.homes[power].land)
        elif node.startswith(SEA):
            seas = [SEA + s for s in open_seas(state, war, power, node[4:])]
            nexts = seas + list(coast_of(state, node[4:]))
        else:
            nexts = [SEA + s for s in seas_of(state, node)] + list(land_of(state, node))
        for nxt in nexts:
            if nxt in seen:
                continue
            if nxt.startswith(SEA):
                ok = fleet_in(state, power, nxt[4:])
            else:
                ok = has_control_marker(state, nxt, fighting)
            if ok:
                seen.add(nxt)
                frontier.append(nxt)
                if not nxt.startswith(SEA):
                    areas_found.add(nxt)
    return areas_found


def supply_phase(state: State, war: War, side: int, log: Log, *, areas: bool = True) -> None:
    """L1381-1402 for the phasing Alliance (``areas``: Areas out of supply surrender too)."""
    nets: dict[str, set[str]] = {}
    for power in war["sides"][side]:
        locs = state.units.get(power, {})
        if not locs or power in NATIVES:
            continue  # an Empire's Armies fight in its own lands: always in supply (reading)
        net = nets[power] = supply_net(state, war, power, side)
        for loc in sorted(locs):
            for code in list(locs.get(loc, ())):
                if is_army(code) and not in_supply(state, war, power, loc, side=side, net=net):
                    surrender(state, war, power, loc, code)
                    note(
                        log, f"{power}'s Army ({code[1:]}) in {loc} is out of supply and surrenders", "L1400"
                    )
                elif not is_army(code) and loc.startswith(SEA) and not coaling(state, war, power, loc[4:]):
                    surrender(state, war, power, loc, code)
                    note(
                        log,
                        f"{power}'s Naval ({code[1:]}) in {loc[4:]} has no Coaling Rights and surrenders",
                        "L1403",
                    )
    for loc in {loc for p in war["sides"][side] for loc in state.units.get(p, {}) if loc.startswith(SEA)}:
        stranded_at_sea(state, war, loc, log)
    if areas:
        _areas_out_of_supply(state, war, side, nets, log)


def _areas_out_of_supply(state: State, war: War, side: int, nets: dict[str, set[str]], log: Log) -> None:
    """L1396-1397: an Alliance's Area cut off from every source surrenders to an enemy able to reach
    it. With two enemy Alliances able to (L1201-1204; reading), to the first of them in this War
    Sequence's order."""
    mine = war["sides"][side]
    held = [a for a in state.content.area_ids if held_by(state, war, a, side)]
    if not held:
        return
    reach: dict[int, set[str]] | None = None
    for area in held:
        owners = [p for p in mine if p in state.markers.get(area, {})] or mine
        supplied = False
        for power in owners:
            if power not in nets:
                nets[power] = supply_net(state, war, power, side)
            if area in nets[power] or in_supply(state, war, power, area, side=side, net=nets[power]):
                supplied = True
                break
        if supplied:
            continue
        if reach is None:
            reach = {}
            ranked = [s for s in war["order"] if s in others(war, side)]
            for enemy_side in ranked + [s for s in others(war, side) if s not in ranked]:
                found: set[str] = set()
                for enemy in war["sides"][enemy_side]:
                    found |= army_reach(state, war, enemy)
                reach[enemy_side] = found
        taker = next((s for s, found in reach.items() if area in found), None)
        if taker is not None:
            war["conquered"][area] = taker
            note(log, f"{area} is out of supply and surrenders to {'+'.join(war['sides'][taker])}", "L1396")
