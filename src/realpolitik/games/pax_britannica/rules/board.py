"""The board: markers, units, Merchant Fleets, Communication Links and movement paths, ETI and CRI."""

from __future__ import annotations

from typing import Final

from ....engine import LogEntry
from ..content import CONTROL, RANK, Content
from .state import State, is_army, strength

Log = list[LogEntry] | None
HOME = "home"


def note(
    log: Log,
    text: str,
    rule: str | None = None,
    seat: str | None = None,
    visible_to: tuple[str, ...] | None = None,
) -> None:
    """A log line; ``visible_to``: only these seats read it (a secret treaty's signers, L839-845)."""
    if log is not None:
        log.append(LogEntry(text, rule, seat, visible_to))


# -- markers -------------------------------------------------------------------------------------------


def level_of(state: State, area: str, power: str) -> str | None:
    marker = state.markers.get(area, {}).get(power)
    return marker[0] if marker else None


def controls(state: State, area: str, power: str) -> bool:
    """Control: an established Protectorate, Possession, State or Dominion (L240-242)."""
    marker = state.markers.get(area, {}).get(power)
    return marker is not None and marker[1] and marker[0] in CONTROL


def controllers(state: State, area: str, established: bool = True) -> list[str]:
    return [
        p
        for p, (lv, est) in state.markers.get(area, {}).items()
        if lv in CONTROL and (est or not established)
    ]


def set_marker(state: State, area: str, power: str, level: str | None, established: bool = True) -> None:
    held = state.markers.setdefault(area, {})
    if level is None:
        held.pop(power, None)
    else:
        held[power] = (level, established)
    if not held:
        del state.markers[area]


def fits_beside(state: State, area: str, power: str, level: str | None) -> str | None:
    """The marker of at most ``level`` that ``power`` may keep in ``area`` beside the others'
    established Control (L792-796, reading G-R13): no Influence beside Control, where it becomes
    an Interest beside Protectorates only; no Interest beside a Possession, State or Dominion."""
    if level not in ("influence", "interest"):
        return level
    others = [state.markers[area][p][0] for p in controllers(state, area) if p != power]
    if any(lv != "protectorate" for lv in others):
        return None
    return "interest" if others else level


def counters_used(state: State, power: str) -> tuple[int, int, int]:
    """Round (Interest/Influence), hexagonal (Protectorate/Possession) and special counters in use."""
    rounds = hexes = special = 0
    for held in state.markers.values():
        marker = held.get(power)
        if marker is None:
            continue
        if marker[0] in ("interest", "influence"):
            rounds += 1
        elif marker[0] in ("protectorate", "possession"):
            hexes += 1
        else:
            special += 1
    return rounds, hexes, special


def counter_free(
    state: State, power: str, level: str, current: str | None, used: tuple[int, int, int] | None = None
) -> bool:
    """L132-133: the counter mix is an absolute limit; an upgrade flips or swaps its counter
    (``used``: :func:`counters_used`, when the caller has it already)."""
    p = state.content.powers[power]
    rounds, hexes, special = counters_used(state, power) if used is None else used
    if level in ("interest", "influence"):
        return current in ("interest", "influence") or rounds < p.round_markers
    if level in ("protectorate", "possession"):
        return current in ("protectorate", "possession") or hexes < p.hex_markers
    return special < p.special_markers


def units_in_play(state: State, power: str) -> dict[int, int]:
    """Military unit counters of ``power`` in play by strength: on the map, at home, at sea, and
    surrendered (set aside until the war ends, L1403-1410). Army and Naval sides share a counter
    (L136-137)."""
    counts: dict[int, int] = {}
    for units in state.units.get(power, {}).values():
        for code in units:
            counts[strength(code)] = counts.get(strength(code), 0) + 1
    for war in state.wars:
        for code in war["surrendered"].get(power, ()):
            counts[strength(code)] = counts.get(strength(code), 0) + 1
    return counts


def unit_counter_refusal(
    state: State, power: str, size: int, in_play: dict[int, int] | None = None
) -> str | None:
    """L126-127: a Great Power's playing pieces are an absolute limit; a unit of a strength whose
    counters are all in play cannot be bought (G-R22: the Powers that are Minor in this game take
    theirs from the box). ``in_play``: :func:`units_in_play`, when the caller has it already."""
    if power not in state.great:
        return None
    limit = state.content.powers[power].unit_counters.get(size)
    if limit is None:
        return None
    if (units_in_play(state, power) if in_play is None else in_play).get(size, 0) < limit:
        return None
    return f"{power} has no counter of strength {size} left: all {limit} are in play (L126-127)"


def reduce_marker(state: State, area: str, power: str, level: str | None) -> None:
    """Replace a Power's marker by a lower one, if it has that counter free (L132-133: the
    counter mix is an absolute limit), else remove it."""
    current = level_of(state, area, power)
    if level is not None and not counter_free(state, power, level, current):
        level = None
    set_marker(state, area, power, level, True)


def has_control_marker_anywhere(state: State, power: str) -> bool:
    return any(controls(state, a, power) for a in state.markers)


# -- units ---------------------------------------------------------------------------------------------


def units_at(state: State, power: str, loc: str) -> list[str]:
    return state.units.get(power, {}).get(loc, [])


def army_strength(state: State, power: str, loc: str) -> int:
    return sum(strength(u) for u in units_at(state, power, loc) if is_army(u))


def has_army(state: State, power: str, loc: str) -> bool:
    return any(is_army(u) for u in units_at(state, power, loc))


def add_unit(state: State, power: str, loc: str, code: str) -> None:
    here = state.units.setdefault(power, {}).setdefault(loc, [])
    here.append(code)
    here.sort(key=_unit_key)


def remove_unit(state: State, power: str, loc: str, code: str) -> None:
    here = state.units[power][loc]
    here.remove(code)
    if not here:
        del state.units[power][loc]


def _unit_key(code: str) -> tuple[str, int]:
    return code[0], strength(code)


def unit_locations(state: State, power: str) -> list[str]:
    return [loc for loc, units in state.units.get(power, {}).items() if units]


# -- the graph -----------------------------------------------------------------------------------------

BALKAN_FIRST = (("greece", "serbia"),)
"""L39-41 (optional rule): after the first War in the Balkans, Greece and Serbia are adjacent."""
BALKAN_SECOND = (("bulgaria", "greece"),)
"""L41-43: after the second, Bulgaria-Greece replaces Anatolia-Serbia; Bulgaria touches the
Mediterranean."""


def _balkan_stage(state: State) -> int:
    return min(state.balkan_wars, 2) if state.options.get("balkan_wars") else 0


def _land(content: Content, stage: int, area: str) -> tuple[str, ...]:
    base = content.areas[area].land
    if not stage or area not in ("greece", "serbia", "bulgaria", "anatolia"):
        return base
    routes = set(base)
    added = BALKAN_FIRST + (BALKAN_SECOND if stage == 2 else ())
    for a, b in added:
        if area == a:
            routes.add(b)
        elif area == b:
            routes.add(a)
    if stage == 2 and area in ("anatolia", "serbia"):
        routes.discard("serbia" if area == "anatolia" else "anatolia")
    return tuple(sorted(routes))


def _seas(content: Content, stage: int, area: str) -> tuple[str, ...]:
    base = content.areas[area].seas
    if area == "bulgaria" and stage == 2 and "mediterranean" not in base:
        return (*base, "mediterranean")
    return base


def _coast(content: Content, stage: int, sea: str) -> tuple[str, ...]:
    base = content.coasts[sea]
    if sea == "mediterranean" and stage == 2 and "bulgaria" not in base:
        return (*base, "bulgaria")
    return base


def _sea_next(content: Content, canal: bool, sea: str) -> tuple[str, ...]:
    seas = content.seas
    found = [other for other in seas[sea].neighbours if not seas[other].cape]
    # L683-690: a canal joins the Caribbean and the South Pacific for good.
    if canal:
        if sea == "caribbean":
            found.append("south-pacific")
        elif sea == "south-pacific":
            found.append("caribbean")
    return tuple(found)


class Graph:
    """The movement graph of one content, Balkan Wars stage (L39-43) and canal state (L683-690),
    held in plain dictionaries, with the content's constants the Movement menu reads: what the
    paths, links and menus read many times a decision, worked out once (the content's own tables
    are read-only mappings of frozen records)."""

    def __init__(self, content: Content, stage: int, canal: bool) -> None:
        areas = content.areas
        self.land: dict[str, tuple[str, ...]] = {a: _land(content, stage, a) for a in areas}
        """Overland Routes of each Area (:func:`land_of`)."""
        self.seas: dict[str, tuple[str, ...]] = {a: _seas(content, stage, a) for a in areas}
        """Sea Zones each Area touches (:func:`seas_of`)."""
        self.coast: dict[str, tuple[str, ...]] = {s: _coast(content, stage, s) for s in content.coasts}
        """Coastal Areas of each Sea or Cape Zone (:func:`coast_of`)."""
        self.sea_next: dict[str, tuple[str, ...]] = {s: _sea_next(content, canal, s) for s in content.seas}
        """Neighbouring Sea Zones, never Cape Zones (:func:`sea_neighbours`)."""
        self.open_seas: tuple[str, ...] = tuple(s for s, sea in content.seas.items() if not sea.cape)
        """The Sea Zones, Cape Zones left out, in the content's order (where Merchant Fleets go, L661)."""
        self.homes: dict[str, tuple[str, ...]] = {a: areas[a].homes for a in areas}
        """Home Countries with an Overland Route to each Area."""
        self.home_land: dict[str, tuple[str, ...]] = {p: h.land for p, h in content.homes.items()}
        self.home_seas: dict[str, tuple[str, ...]] = {p: h.seas for p, h in content.homes.items()}
        # The content's constants the Movement menu reads, as plain dictionaries too.
        self.costs: dict[str, int] = dict(content.costs)
        self.area_type: dict[str, str] = {a: areas[a].type for a in areas}
        self.state_areas: frozenset[str] = frozenset(content.regions["state_areas"])
        self.dominion_areas: frozenset[str] = frozenset(content.regions["dominion_areas"])
        self.round_markers: dict[str, int] = {p: w.round_markers for p, w in content.powers.items()}
        self.hex_markers: dict[str, int] = {p: w.hex_markers for p, w in content.powers.items()}
        self.special_markers: dict[str, int] = {p: w.special_markers for p, w in content.powers.items()}
        near = set(content.regions["india"])
        for _ in range(2):
            near |= {n for a in near for n in self.land[a]}
        self.india_radius: frozenset[str] = frozenset(near)
        """The Areas within two Overland Routes of India (L620-625; India: game.regions.india)."""


_GRAPHS: Final[dict[tuple[int, int, bool], tuple[Content, Graph]]] = {}
"""Graphs by (content, Balkan stage, canal built); the content is kept so that its id stays its own."""


def graph(state: State) -> Graph:
    """The movement graph of ``state``'s map as it stands (Balkan Wars, canals)."""
    content = state.content
    key = (id(content), _balkan_stage(state), bool(state.canals))
    found = _GRAPHS.get(key)
    if found is None or found[0] is not content:
        found = _GRAPHS[key] = (content, Graph(content, key[1], key[2]))
    return found[1]


def land_of(state: State, area: str) -> tuple[str, ...]:
    """An Area's Overland Routes, with the Balkan Wars' border changes when that option is on."""
    return graph(state).land[area]


def seas_of(state: State, area: str) -> tuple[str, ...]:
    return graph(state).seas[area]


def coast_of(state: State, sea: str) -> tuple[str, ...]:
    return graph(state).coast[sea]


def sea_neighbours(state: State, sea: str) -> tuple[str, ...]:
    return graph(state).sea_next[sea]


def home_of(power: str) -> str:
    return f"{HOME}:{power}"


def own_control(state: State, power: str) -> set[str]:
    """The Areas where ``power`` has an established Control marker (:func:`controls`)."""
    found: set[str] = set()
    for area, held in state.markers.items():
        marker = held.get(power)
        if marker is not None and marker[1] and marker[0] in CONTROL:
            found.add(area)
    return found


def linked_areas(state: State, power: str, own: set[str] | None = None) -> set[str]:
    """Areas ``power`` has a Communication Link to (L238-240): a path through its own Controlled
    Areas, Sea Zones holding its Merchant Fleets and its Home Country. The Area at the far end need
    not be Controlled (a link is what lets a marker be placed there, L547). ``own``:
    :func:`own_control`, when the caller has it already. (What is reached does not depend on the
    order the search goes in.)"""
    g = graph(state)
    if own is None:
        own = own_control(state, power)
    fleets = set(state.fleets.get(power, ()))
    reached: set[str] = set()
    seen_seas: set[str] = set()
    area_front: list[str] = []
    sea_front: list[str] = []
    # From the Home Country: its overland neighbours and its Sea Zones with own fleets.
    for area in g.home_land[power]:
        reached.add(area)
        if area in own:
            area_front.append(area)
    for sea in g.home_seas[power]:
        if sea in fleets and sea not in seen_seas:
            seen_seas.add(sea)
            sea_front.append(sea)
    while area_front or sea_front:
        if sea_front:
            sea = sea_front.pop()
            nexts_seas = g.sea_next[sea]
            areas = g.coast[sea]
        else:
            node = area_front.pop()
            nexts_seas = g.seas[node]
            areas = g.land[node]
        for s in nexts_seas:
            if s in fleets and s not in seen_seas:
                seen_seas.add(s)
                sea_front.append(s)
        for a in areas:
            if a not in reached:
                reached.add(a)
                if a in own:
                    area_front.append(a)
    return reached


def army_passage(state: State, power: str) -> tuple[set[str], set[str]]:
    """The Areas an Army of ``power`` may pass through in peacetime (own established Control, not in
    Unrest) and those it may only enter and stop in (own Control in Unrest or not yet established),
    L668-682: :func:`army_destinations`' inputs, the same from every start."""
    unrest = set(state.unrest)
    passable: set[str] = set()
    enterable: set[str] = set()
    for area, held in state.markers.items():
        marker = held.get(power)
        if marker is None or marker[0] not in CONTROL:
            continue
        if marker[1] and area not in unrest:
            passable.add(area)
        else:
            enterable.add(area)
    return passable, enterable


def army_destinations(
    state: State, power: str, start: str, reach: tuple[set[str], set[str]] | None = None
) -> list[str]:
    """Where an Army may end its peacetime move from ``start`` (L668-682): through own-fleet Sea
    Zones, own established-Control Areas not in Unrest and the Home Country; into (and stopping in)
    an Area in Unrest with an own Control marker, or an Area with an own unestablished Control
    marker. ``reach``: :func:`army_passage`, when the caller has it already. (The places reached do
    not depend on the order the search goes in; the list is sorted.)"""
    g = graph(state)
    fleets = set(state.fleets.get(power, ()))
    home_seas = g.home_seas[power]
    passable, enterable = army_passage(state, power) if reach is None else reach
    results: set[str] = set()
    seen: set[str] = {start}  # Areas, and HOME
    seen_seas: set[str] = set()
    area_front: list[str] = [start]
    sea_front: list[str] = []
    while area_front or sea_front:
        seas: tuple[str, ...]
        areas: tuple[str, ...]
        if sea_front:
            sea = sea_front.pop()
            seas, areas = g.sea_next[sea], g.coast[sea]
            if sea in home_seas and HOME not in seen:
                seen.add(HOME)
                results.add(HOME)
                area_front.append(HOME)
        else:
            node = area_front.pop()
            if node == HOME:
                seas, areas = home_seas, g.home_land[power]
            else:
                seas, areas = g.seas[node], g.land[node]
                if power in g.homes[node] and HOME not in seen:
                    seen.add(HOME)
                    results.add(HOME)
                    area_front.append(HOME)
        for s in seas:
            if s in fleets and s not in seen_seas:
                seen_seas.add(s)
                sea_front.append(s)
        for a in areas:
            if a in seen:
                continue
            if a in passable:
                seen.add(a)
                results.add(a)
                area_front.append(a)
            elif a in enterable:
                seen.add(a)
                results.add(a)
    results.discard(start)
    return sorted(results)


def can_start_army_move(state: State, power: str, loc: str) -> bool:
    """L670-671: a path starts in the Home Country or an Area with an own established Control marker."""
    return loc == HOME or controls(state, loc, power)


def naval_havens(state: State, power: str) -> list[str]:
    """The Coastal Areas with an own established Control marker, and home, sorted: every
    destination of a Naval unit but the place it starts from (:func:`naval_destinations`)."""
    g = graph(state)
    found = [HOME]
    for area, held in state.markers.items():
        marker = held.get(power)
        if marker is not None and marker[1] and marker[0] in CONTROL and g.seas[area]:
            found.append(area)
    found.sort()
    return found


def naval_destinations(state: State, power: str, start: str, havens: list[str] | None = None) -> list[str]:
    """L664-667: any Coastal Area with an own established Control marker, or home (``havens``:
    :func:`naval_havens`, when the caller has it already)."""
    return [a for a in (naval_havens(state, power) if havens is None else havens) if a != start]


class MarkerScan:
    """What one Great Power's Movement/Status Change menu (L533-702) reads of the markers, in one
    pass over the map: the counters every Power has in use (L132-133), and ``power``'s own markers
    sorted by use. Each field equals what the function it names works out alone."""

    def __init__(self, state: State, power: str) -> None:
        coastal = graph(state).seas
        unrest = set(state.unrest)
        self.power = power
        self.rounds: dict[str, int] = {}
        """Round counters (Interest, Influence) in use, by Power (:func:`counters_used`)."""
        self.hexes: dict[str, int] = {}
        """Hexagonal counters (Protectorate, Possession) in use, by Power."""
        self.specials: dict[str, int] = {}
        """Special counters (State, Dominion) in use, by Power."""
        self.own: set[str] = set()
        """Areas with ``power``'s established Control marker (:func:`own_control`)."""
        self.passable: set[str] = set()
        self.enterable: set[str] = set()
        """An Army's peacetime passage (:func:`army_passage`)."""
        self.havens: list[str] = [HOME]
        """Every Naval destination, sorted (:func:`naval_havens`)."""
        self.downgrades: list[str] = []
        """Areas with an own established Interest or Influence, sorted (L593-598)."""
        self.giveable: list[tuple[str, bool]] = []
        """Areas with an own established marker that may be transferred (not a State or Dominion,
        L599-603), sorted, each with whether its counter is round."""
        for area, held in state.markers.items():
            for owner, marker in held.items():
                level = marker[0]
                if level in ("interest", "influence"):
                    self.rounds[owner] = self.rounds.get(owner, 0) + 1
                elif level in ("protectorate", "possession"):
                    self.hexes[owner] = self.hexes.get(owner, 0) + 1
                else:
                    self.specials[owner] = self.specials.get(owner, 0) + 1
            mine = held.get(power)
            if mine is None:
                continue
            level, established = mine[0], mine[1]
            if level in CONTROL:
                if not established or area in unrest:
                    self.enterable.add(area)
                else:
                    self.passable.add(area)
                if established:
                    self.own.add(area)
                    if coastal[area]:
                        self.havens.append(area)
                    if level in ("protectorate", "possession"):
                        self.giveable.append((area, False))
            elif established:
                self.downgrades.append(area)
                self.giveable.append((area, True))
        self.havens.sort()
        self.downgrades.sort()
        self.giveable.sort()

    def used(self, power: str) -> tuple[int, int, int]:
        """:func:`counters_used`."""
        return self.rounds.get(power, 0), self.hexes.get(power, 0), self.specials.get(power, 0)


def retreat_place(state: State, power: str, area: str) -> str | None:
    """Where a beaten force goes (L772-775, automated reading): an adjacent own Controlled Area,
    else home by sea if a Merchant Fleet touches the Area, else nowhere (eliminated)."""
    content = state.content
    unrest = set(state.unrest)
    for other in land_of(state, area):
        if controls(state, other, power) and other not in unrest:
            return other
    if power in content.areas[area].homes:
        return HOME
    fleets = set(state.fleets.get(power, ()))
    if any(s in fleets for s in seas_of(state, area)):
        return HOME
    return None


def move_all(state: State, power: str, area: str, dest: str | None, armies_only: bool = False) -> list[str]:
    """Move (or eliminate, when ``dest`` is None) a Power's units out of ``area``."""
    moved = [u for u in units_at(state, power, area) if is_army(u) or not armies_only]
    for code in moved:
        remove_unit(state, power, area, code)
        if dest is not None:
            add_unit(state, power, dest, code)
    return moved


# -- the indexes -------------------------------------------------------------------------------------


def raise_eti(
    state: State, amount: int, log: Log, why: str, rule: str, *, culprit: str | None = None
) -> None:
    """Raise the ETI. Reaching the threshold brings the Great War (L1461, reading G-R3); the turn
    machine ends the game as soon as the step that raised it returns. The Power whose action
    raised it that far is blamed (L1466); none for a Random Event (L336-340)."""
    if amount <= 0 or state.final is not None:
        return
    threshold = state.content.game["great_war_eti"]
    before = state.eti
    state.eti += amount
    note(log, f"ETI +{amount} ({why}): {state.eti}", rule)
    if before < threshold <= state.eti and culprit is not None and culprit not in state.blame:
        state.blame.append(culprit)


def give_way(state: State, area: str, power: str, rulers: list[str], log: Log, *, why: str = "") -> None:
    """``power``'s marker steps down to what it may keep beside the ``rulers``' established
    Control (:func:`fits_beside`, L792-796, G-R13): +1 ETI a step (L1476), the first Great Power
    among the rulers blamed; ``why``, if given, is noted first."""
    level = state.markers[area][power][0]
    new = fits_beside(state, area, power, level)
    steps = RANK[level] - (RANK[new] if new is not None else 0)
    if not steps:
        return
    reduce_marker(state, area, power, new)
    if why:
        note(log, why, "L792-796")
    blamed = next((p for p in rulers if p in state.great), None)
    name = state.content.areas[area].name
    raise_eti(state, steps, log, f"{power} gives way in {name}", "L1476", culprit=blamed)


def great_war_due(state: State) -> bool:
    return state.final is None and state.eti >= state.content.game["great_war_eti"]


def raise_cri_for_placement(state: State, area: str, log: Log) -> None:
    kind = state.content.areas[area].type
    res = state.content.resentment
    amount = (
        res["placed_in_empire"]
        if kind == "chinese-empire"
        else res["placed_in_vassal"]
        if kind == "chinese-vassal"
        else 0
    )
    if amount:
        state.cri += amount
        note(
            log,
            f"CRI +{amount} (a marker placed in {state.content.areas[area].name}): {state.cri}",
            "L925-931",
        )


def rank(level: str | None) -> int:
    return RANK[level] if level else 0
