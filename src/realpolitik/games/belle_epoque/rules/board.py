"""The map: free spaces, majorities, alliances and control, fleet presence, cubes coming and going.

Alliance (minor nations) and control (colonies) are recomputed by :func:`evaluate` after every
change, with their consequences: bonus units change hands, Serbia's Prestige comes and goes.
"""

from __future__ import annotations

from typing import Final

from ....engine import LogEntry
from .prestige import move_prestige
from .state import ARMAMENT, ARSENAL, HOME, STAMPS, State

Log = list[LogEntry] | None

TRANS_SIBERIAN_REACH: Final = ("japan", "indochina", "micronesia")
"""Territories the reconstructed Trans-Siberian Railway opens to Russia without a fleet."""


def note(log: Log, text: str, rule: str | None = None, seat: str | None = None) -> None:
    if log is not None:
        log.append(LogEntry(text, rule, seat))


def name(state: State, key: str) -> str:
    """A territory's, Power's or minor cube colour's English name, for the log."""
    content = state.content
    if key in content.territories:
        return content.territories[key].name_en
    if key in content.powers:
        return content.powers[key].name_en
    if key in content.minor_cubes:
        return content.minor_cubes[key].name_en
    return key


# -- spaces ----------------------------------------------------------------------------------------
# Every write of a territory's cubes goes through set_base, set_top or set_cubes: each gives the
# territory (and the map) a new change stamp (TerritoryState.stamp, State.map_stamp), which the
# Send and Sell memos compare instead of the cubes, and keeps the count of each owner's base cubes
# by group of territories (State.cube_counts). A cube written any other way would leave a memo
# stale or the counts wrong (invariants.check and tests/belle_epoque/test_stamps.py and
# test_map_indices.py look for it).


def set_base(state: State, territory: str, index: int, cube: str | None) -> None:
    """The cube in space ``index`` (0-based) of the territory, a new stamp; the index of cubes
    by owner and group (``State.cube_counts``) follows."""
    spaces = state.territories[territory]
    layout, counts = state.layout, state.cube_counts
    group = layout.group[territory]
    old = spaces.base[index]
    counts[layout.slot[old] + group] -= 1
    counts[layout.slot[cube] + group] += 1
    # the territory's own counts (TerritoryState.free, armaments)
    if old is None:
        spaces.free -= 1
    elif old == ARMAMENT:
        spaces.armaments -= 1
    if cube is None:
        spaces.free += 1
    elif cube == ARMAMENT:
        spaces.armaments += 1
    spaces.base[index] = cube
    spaces.stamp = state.map_stamp = next(STAMPS)


def set_top(state: State, territory: str, index: int, cube: str | None) -> None:
    """The dispute's cube on space ``index`` (0-based) of the territory, a new stamp. A top cube
    put on the map must also be added to ``State.disputed`` (the caller's)."""
    spaces = state.territories[territory]
    top = spaces.top
    if top[index] is not None:  # (TerritoryState.tops)
        spaces.tops -= 1
    if cube is not None:
        spaces.tops += 1
    top[index] = cube
    spaces.stamp = state.map_stamp = next(STAMPS)


def set_cubes(state: State, territory: str, base: list[str | None], top: list[str | None]) -> None:
    """The territory's whole cube lists (the lists themselves, not copies), a new stamp; the
    index of cubes by owner and group (``State.cube_counts``) follows."""
    spaces = state.territories[territory]
    layout, counts = state.layout, state.cube_counts
    group = layout.group[territory]
    for cube in spaces.base:
        counts[layout.slot[cube] + group] -= 1
    for cube in base:
        counts[layout.slot[cube] + group] += 1
    spaces.base = base
    spaces.top = top
    spaces.free = base.count(None)
    spaces.armaments = base.count(ARMAMENT)
    spaces.tops = len(top) - top.count(None)
    spaces.stamp = state.map_stamp = next(STAMPS)


def first_free(state: State, territory: str) -> int | None:
    """The space (0-based) a cube sent to a free space takes: the lowest die-numbered free space,
    then the unnumbered ones in order (§8.2.1; digest G3)."""
    spaces = state.territories[territory]
    if not spaces.free:
        return None
    for index, cube in enumerate(spaces.base):
        if cube is None:
            return index
    return None


def occupied(state: State, territory: str) -> int:
    spaces = state.territories[territory]
    return len(spaces.base) - spaces.free


def cube_to_reserve(state: State, owner: str) -> None:
    """A DM cube leaves the map for its owner's General Reserve."""
    if owner in state.powers:
        state.powers[owner].reserve += 1
    elif owner != ARMAMENT:
        state.minor_reserve[owner] += 1


def remove_base(state: State, territory: str, index: int) -> str:
    """Remove the cube in a space (to its owner's reserve). If a dispute stood on it, the top cube
    drops into the space and the dispute ends (digest G24). Returns the removed owner."""
    spaces = state.territories[territory]
    owner = spaces.base[index]
    assert owner is not None and owner != ARMAMENT
    cube_to_reserve(state, owner)
    set_base(state, territory, index, spaces.top[index])
    set_top(state, territory, index, None)
    return owner


def send_cube(
    state: State,
    power: str,
    territory: str,
    index: int | None,
    log: Log,
    *,
    who: str | None = None,
    rules: tuple[str, str] = ("§8.2", "§8.2.5"),
    after: str = "",
) -> None:
    """A DM cube from the Power's Embassies into the territory: the first free space (``index``
    None, §8.2.1) or onto the cube in space ``index`` (0-based) to dispute it (§8.2.5). ``who``
    names the sender in the log, ``rules`` cite the free-space and dispute rules, ``after`` ends
    the dispute's line. Alliance and control are left to the caller's :func:`evaluate`."""
    state.powers[power].embassies -= 1
    spaces = state.territories[territory]
    sender = who or power
    if index is None:
        index = first_free(state, territory)
        assert index is not None
        set_base(state, territory, index, power)
        if log is not None:
            note(
                log,
                f"{sender} sends a DM cube to {name(state, territory)} (space {index + 1})",
                rules[0],
                power,
            )
        return
    defender = spaces.base[index]
    set_top(state, territory, index, power)
    state.disputed.add(territory)  # the index of disputes (State.disputed): never short
    if log is not None:
        note(
            log,
            f"{sender} disputes the {name(state, defender or '')} cube in {name(state, territory)} "
            f"(space {index + 1}){after}",
            rules[1],
            power,
        )


def armaments_into_free_spaces(state: State, territory: str, cubes: int) -> int:
    """§8.9.1: up to ``cubes`` Armament cubes take the territory's free spaces, bottom-right first
    then the spaces next to it (its armament order). Returns how many found a space."""
    base = state.territories[territory].base
    placed = 0
    for space in state.content.territories[territory].armament_order:
        if placed < cubes and base[space - 1] is None:
            set_base(state, territory, space - 1, ARMAMENT)
            placed += 1
    return placed


# -- majorities ------------------------------------------------------------------------------------


def minor_ally(state: State, cube_owner: str) -> str | None:
    """The Power allied with the nation of a minor cube colour (None for US and Boer cubes)."""
    home = state.content.minor_home[cube_owner]
    return None if home is None else state.territories[home].holder


def defender_of(state: State, territory: str, index: int) -> str | None:
    """The Power defending the cube in a space: its owner, or the ally of the minor nation whose
    cube it is (§8.7.4); None for an unallied minor's cube (or a free space)."""
    cube = state.territories[territory].base[index]
    if cube is None or cube in state.powers:
        return cube
    return minor_ally(state, cube)


def power_cubes(state: State, territory: str, power: str) -> int:
    """A Power's own cubes in a territory, dispute tops excluded (objectives, §10.1)."""
    return state.territories[territory].base.count(power)


def holder_of(state: State, territory: str) -> str | None:
    """The Power holding an absolute majority of the spaces left free of Armament cubes. Base
    cubes only count (§8.2): in a minor nation the Powers' own cubes (§8.2.3), in a colony also
    the cubes of each Power's allied minor nations (§8.2.3)."""
    spaces = state.territories[territory]
    base = spaces.base
    usable = len(base) - spaces.armaments
    if 2 * (usable - spaces.free) <= usable:
        return None  # too few cubes on the spaces for anyone's absolute majority (the quick test)
    powers = state.powers
    if territory not in state.content.colonies:
        # a minor nation: the Powers' own cubes alone, each counted in one pass (at most one
        # Power can hold an absolute majority, so the order they are asked in does not matter)
        for power in powers:
            if 2 * base.count(power) > usable:
                return power
        return None
    tally: dict[str, int] = {}
    for cube in base:
        if cube is None or cube == ARMAMENT:
            continue
        owner = cube if cube in powers else minor_ally(state, cube)
        if owner is None:
            continue
        count = tally[owner] = tally.get(owner, 0) + 1
        if 2 * count > usable:
            return owner  # an absolute majority: nobody else can have one
    return None


def evaluate(state: State, log: Log = None, touched: str | None = None) -> None:
    """Recompute every alliance, then every colony's control (colonies count allied minors'
    cubes), applying the consequences of each alliance that changes hands (§8.2.3).

    ``touched``: the only territory whose cubes changed, when the caller knows it; then only it
    is looked at, and the colonies too if it is a minor nation whose alliance changed.

    A territory whose cubes are those its holder was last worked out from (the same stamp,
    ``TerritoryState.holder_stamp``) and, for a colony, with the same allies (the same index,
    ``holder_allies``) is skipped: its holder is still what :func:`holder_of` says."""
    content = state.content
    by_number, ids = state.spaces, content.territory_ids
    if touched is not None and touched in content.colonies:  # (Territory.is_colony)
        colonies: tuple[int, ...] = (content.territory_index[touched],)
    else:
        minors = content.minor_numbers if touched is None else (content.territory_index[touched],)
        changed = False
        for number in minors:
            spaces = by_number[number]
            stamp = spaces.stamp
            if spaces.holder_stamp == stamp:
                continue  # the same cubes: the same holder
            territory = ids[number]
            new = holder_of(state, territory)
            spaces.holder_stamp = stamp
            old = spaces.holder
            if new != old:
                spaces.holder = new
                refresh_allies(state)
                _alliance_changed(state, territory, old, new, log)
                changed = True
        if touched is not None and not changed:
            return
        colonies = content.colony_numbers
    allies = state.allies  # (after the alliances above: each change made a new index)
    for number in colonies:
        spaces = by_number[number]
        stamp = spaces.stamp
        if spaces.holder_stamp == stamp and spaces.holder_allies is allies:
            continue  # the same cubes and allies: the same holder
        territory = ids[number]
        new = holder_of(state, territory)
        spaces.holder_stamp, spaces.holder_allies = stamp, allies
        old = spaces.holder
        if new != old:
            spaces.holder = new
            if new is not None:
                note(log, f"{name(state, new)} controls {name(state, territory)}", "§8.2.4", new)
            if old is not None:
                note(
                    log,
                    f"{name(state, old)} loses control of {name(state, territory)}",
                    "§8.2.4",
                    old,
                )


def _alliance_changed(state: State, minor: str, old: str | None, new: str | None, log: Log) -> None:
    nation = state.content.minors[minor]
    if new is not None:
        note(log, f"{name(state, minor)} allies with {name(state, new)}", "§8.2.3", new)
    else:
        note(
            log,
            f"{name(state, minor)} is no longer allied with {name(state, old or '')}",
            "§8.2.3",
            old,
        )
    # §8.2.3: the minor's units change hands keeping their status; new allies get them from home.
    for unit in state.minor_units:
        if unit.minor != minor:
            continue
        if new is None:
            unit.location = HOME
        elif unit.location == HOME:
            unit.location = ARSENAL
    # §8.2.3 Serbia: +1 Prestige while allied, lost at once with the alliance (digest A9).
    if nation.prestige:
        if old is not None:
            move_prestige(state, old, -nation.prestige, log, rule="§8.2.3")
        if new is not None:
            move_prestige(state, new, nation.prestige, log, rule="§8.2.3")


# -- where a sent cube may go ------------------------------------------------------------------------


def contrasts_against(state: State, power: str, territory: str) -> str | None:
    """The Power whose Diplomatic Contrasts keeps ``power``'s sent cubes out of ``territory`` this
    turn (§8.9.2), or None."""
    entry = state.contrasts.get(territory)
    if entry is not None and entry[1] == state.turn and entry[0] != power:
        return entry[0]
    return None


def allied_colours(state: State, power: str) -> frozenset[str]:
    """The minor cube colours whose nation is allied with ``power``: the cubes
    :func:`disputable_spaces` leaves alone (digest G23). Read from the index ``State.allies``."""
    return state.allies.get(power, _NO_ALLIES)


_NO_ALLIES: Final[frozenset[str]] = frozenset()


def allies_of(state: State) -> dict[str, frozenset[str]]:
    """Each Power's allied minor cube colours (digest G23), worked out from the holders (the
    Powers without an ally left out)."""
    territories = state.territories
    allies: dict[str, set[str]] = {}
    for colour, home in state.content.minor_home.items():
        if home is not None:
            holder = territories[home].holder
            if holder is not None:
                allies.setdefault(holder, set()).add(colour)
    return {power: frozenset(colours) for power, colours in allies.items()}


def refresh_allies(state: State) -> None:
    """A minor nation's holder changed: the index of allied colours (``State.allies``) anew."""
    state.allies = allies_of(state)


def disputable_spaces(
    state: State,
    power: str,
    territory: str,
    allied: frozenset[str] | None = None,
    excluded: frozenset[str | None] | None = None,
) -> list[int]:
    """Spaces (0-based) whose cube a cube sent by ``power`` may dispute (§8.2, §8.2.1, §8.2.5): a
    single cube (not already disputed) that is none of :func:`undisputable`'s: not a free space,
    not an Armament cube, not its own, not a cube of its own allied minor nation (digest G23).
    ``allied``: :func:`allied_colours`, ``excluded``: :func:`undisputable`, when the caller
    already has them."""
    if excluded is None:
        excluded = undisputable(power, allied_colours(state, power) if allied is None else allied)
    spaces = state.territories[territory]
    top = spaces.top
    return [index for index, cube in enumerate(spaces.base) if cube not in excluded and top[index] is None]


def undisputable(power: str, allied: frozenset[str]) -> frozenset[str | None]:
    """The base cubes a cube sent by ``power`` may not dispute (:func:`disputable_spaces`): a free
    space, an Armament cube, its own and its allied minor nations' (``allied``, digest G23); one
    set, so that a space is one look-up. Kept by the Power and its allies (all it depends on)."""
    key = (power, allied)
    found = _UNDISPUTABLE.get(key)
    if found is None:
        if len(_UNDISPUTABLE) > 1000:
            _UNDISPUTABLE.clear()
        found = _UNDISPUTABLE[key] = frozenset((None, ARMAMENT, power, *allied))
    return found


_UNDISPUTABLE: Final[dict[tuple[str, frozenset[str]], frozenset[str | None]]] = {}


# -- fleets and armies -----------------------------------------------------------------------------


def fleet_present(state: State, power: str, continent: str) -> bool:
    """A fleet of the Power (its own or an allied minor's), active or exhausted, in the
    continent's box: what sending DMs and Armies there needs (§8.2.1, §8.2.3, §8.7 note)."""
    own = state.powers[power]
    if own.fleets_active[continent] or own.fleets_exhausted[continent]:
        return True
    return continent in allied_fleet_boxes(state, power)


def allied_fleet_boxes(state: State, power: str) -> frozenset[str] | set[str]:
    """The continents' boxes holding a fleet of a minor nation allied with the Power (§8.2.3: an
    allied minor's fleet gives the Power's DM cubes the access its own would). Callers only
    read it."""
    held = held_minor_units(state, power, "fleet")
    if not held:
        return _NO_BOXES
    units = state.minor_units
    return {units[index].location for index in held}


_NO_BOXES: Final[frozenset[str]] = frozenset()


def held_minor_units(state: State, power: str, kind: str) -> list[int]:
    """The units of ``kind`` (army or fleet; their places in ``State.minor_units``, in that
    order) of the minor nations the Power holds (§8.2.3): those whose nation's holder is it.

    Kept per Power and kind by the index of allies (``State.allies``, held here): a minor nation's holder
    is written only by :func:`evaluate` and a position loaded from text, which both give a new
    index after any such change, and the units of a state are those of its setup, in its order,
    each keeping its nation and kind (clones copy them in order); so the same index means the
    same holders over the same units. Callers only read the list."""
    allies = state.allies
    kept = _HELD_UNITS[kind]
    memo = kept.get(power)
    if memo is None or memo[0] is not allies:
        territories = state.territories
        found = [
            index
            for index, unit in enumerate(state.minor_units)
            if unit.kind == kind and territories[unit.minor].holder == power
        ]
        memo = kept[power] = (allies, found)
    return memo[1]


_HELD_UNITS: Final[dict[str, dict[str, tuple[dict[str, frozenset[str]], list[int]]]]] = {
    "army": {},
    "fleet": {},
}
"""Kind -> Power -> the index of allies :func:`held_minor_units` was worked out with, and its
list."""


def _fleet_free(power: str, territory: str, required: bool, free_for: frozenset[str], siberian: bool) -> bool:
    """No fleet is needed: not a fleet territory, or one the Power never needs a fleet for
    (§8.2.2), or opened by the Trans-Siberian Railway (reconstructed effect, data/national.toml)."""
    return not required or power in free_for or (siberian and territory in TRANS_SIBERIAN_REACH)


def may_reach(state: State, power: str, territory: str) -> bool:
    """Whether the Power may send DM cubes or Armies to the territory (§8.2.1, §8.2.2)."""
    info = state.content.territories[territory]
    siberian = state.powers[power].trans_siberian
    if _fleet_free(power, territory, info.fleet_required, info.fleet_free_for, siberian):
        return True
    return fleet_present(state, power, info.continent)


def reachable(state: State, power: str) -> list[str]:
    """Every territory :func:`may_reach` allows, in map order: it depends only on the content,
    the Power, the Trans-Siberian Railway and where the Power has a fleet (:func:`fleet_present`,
    looked up once per continent), so the list is kept by all of them (the callers only read it)."""
    return reach_of(state, power)[0]


def reach_of(state: State, power: str) -> tuple[list[str], list[int]]:
    """:func:`reachable`'s territories, and the same by number (``State.spaces``), kept together."""
    content = state.content
    own = state.powers[power]
    siberian = own.trans_siberian
    # fleet_present of each continent, in one pass: the Power's own fleets first, its allied
    # minors' fleets (one pass over the units) only where it has none of its own
    active, exhausted = own.fleets_active, own.fleets_exhausted
    presence: list[bool] = []
    minor_boxes: frozenset[str] | set[str] | None = None
    for continent in content.continent_ids:
        if active[continent] or exhausted[continent]:
            presence.append(True)
            continue
        if minor_boxes is None:
            minor_boxes = allied_fleet_boxes(state, power)
        presence.append(continent in minor_boxes)
    present = tuple(presence)
    key = (content.fingerprint, power, siberian, present)
    found = _REACHABLE.get(key)
    if found is None:
        by_continent = dict(zip(content.continent_ids, present, strict=True))
        numbers = [
            number
            for number, (territory, continent, required, free_for) in enumerate(content.reach)
            if by_continent[continent] or _fleet_free(power, territory, required, free_for, siberian)
        ]
        found = _REACHABLE[key] = ([content.territory_ids[number] for number in numbers], numbers)
    return found


_REACHABLE: Final[dict[tuple[str, str, bool, tuple[bool, ...]], tuple[list[str], list[int]]]] = {}
""":func:`reachable`'s lists by (content, Power, Trans-Siberian Railway, fleet presence per
continent): the whole key, compared in full, so an entry cannot be stale."""
