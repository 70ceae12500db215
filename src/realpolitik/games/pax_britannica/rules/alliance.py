"""Wars as records: the Alliances, who holds an Area during a war, and the war map's seas
(Cape Zones, Coaling Rights). Used by every step of the War Sequence (L1083-1459).

A war record (``state.wars``, copied by ``state.copy_war``) holds:

* ``sides``: the Alliances (lists of Powers): two, or three and more when a Power at war with
  members of every Alliance forms a Third Alliance (L1201-1204, rules/war.py). Members of different
  Alliances are enemies. An Alliance whose members all left by a separate peace stays as an empty
  list, so that the indexes kept elsewhere (``conquered``, ``order``, ``coaling``) stay valid;
  :func:`active` lists the others. ``first``: the Powers that started it;
  ``declarers``: ``[attacker, defender]`` pairs (blame, treaty calls, who may share an Alliance);
* ``stage``: the step of the War Sequence due next (rules/war_sequence.py); ``round``: the War
  Sequences begun; ``order``: the Alliances' indexes, first Alliance first (Initiative); ``turn``:
  which of them is moving, attacking and checking supply now (an index into ``order``);
  ``quiet``: consecutive War Sequences without an attack (three: a stalemate, L1124);
  ``attacked``: an attack this War Sequence; ``fought``: the combats of this Attack Phase
  (``army:LOC:ALLIANCE``, ``naval:LOC:ALLIANCE``: the place and the Alliance attacked);
  ``stragglers``: Naval units that retreated this Attack Phase into a place whose Naval combat is
  still to be fought (``POWER:LOC:CODE``, one entry a unit): they lend no strength there but share
  their side's result (L1370-1374, rules/battle.py); a war record saved before it has none;
* ``conquered``: Area -> index of the Alliance that conquered it (L1375-1380);
* ``surrendered``: Power -> unit codes set aside until the war ends (L1403-1410);
* ``controller``: Minor -> the neutral Great Power that plays a Minor fighting alone (L1233-1237),
  ``""`` when no neutral is left (then the Minor's units hold still and attack at even odds);
* ``accepts``: Power -> the Alliances it accepted peace with at the last peace answer
  (rules/peace.py); ``out``: Powers that made a separate peace (L1411-1417); ``stations``:
  Minor -> the Areas outside home where its Naval units began the war (L1436-1441);
* ``closed``: passage (``suez``, ``straits``, a canal's Area) -> the indexes of the Alliances it is
  denied to this War Sequence; ``passages``: the War Sequence whose denials were asked;
  ``coasts``: ``POWER:PLACE`` (an Area or ``home``) -> the zones that Power's units there came in
  by, the sides they stand on (L1249-1256, L1515, rules/sides.py).

Unit locations during a war: an Area id, ``home``, or ``sea:ZONE`` for a Sea or Cape Zone.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..content import CONTROL
from .board import coast_of, seas_of
from .state import State, is_army

SEA = "sea:"
War = dict[str, Any]


def new_war(attacker: str, defender: str) -> War:
    return {
        "sides": [[attacker], [defender]],
        "first": [attacker],
        "declarers": [[attacker, defender]],
        "stage": "alliance",
        "round": 0,
        "order": [0, 1],
        "turn": 0,
        "quiet": 0,
        "attacked": False,
        "fought": [],
        "conquered": {},
        "surrendered": {},
        "controller": {},
        "accepts": {},
        "out": [],
        "stations": {},
    }


def side_of(war: War, power: str) -> int | None:
    for index, side in enumerate(war["sides"]):
        if power in side:
            return index
    return None


def enemies_in(wars: Sequence[War], a: str, b: str) -> bool:
    """Members of two different Alliances of one of ``wars`` (L1201-1204: every other Alliance is
    an enemy)."""
    for war in wars:
        mine, theirs = side_of(war, a), side_of(war, b)
        if mine is not None and theirs is not None and mine != theirs:
            return True
    return False


def members(war: War, side: int) -> list[str]:
    return list(war["sides"][side])


def active(war: War) -> list[int]:
    """The indexes of the Alliances still at war (an Alliance left empty by a separate peace is not)."""
    return [index for index, side in enumerate(war["sides"]) if side]


def others(war: War, side: int) -> list[int]:
    """The Alliances at war with Alliance ``side``: every other one still at war (L1201-1204)."""
    return [index for index in active(war) if index != side]


def enemy_powers(war: War, side: int) -> list[str]:
    """The members of every other Alliance: all of them the enemies of ``side``'s members."""
    return [p for index in others(war, side) for p in war["sides"][index]]


def enemies(war: War, power: str) -> list[str]:
    side = side_of(war, power)
    return [] if side is None else enemy_powers(war, side)


def begun(war: War) -> bool:
    """The war's Alliance Determination is over (L1091-1094): from then on its Alliances are set."""
    return bool(war["round"] > 0 or war["stage"] != "alliance")


def belligerents(war: War) -> list[str]:
    return [p for side in war["sides"] for p in side]


def current_war(state: State) -> War | None:
    """The war being fought: wars of one turn are fought one after another (L1085-1089; reading:
    separate wars share no belligerent, so fighting them in turn equals fighting them at once)."""
    return state.wars[0] if state.wars else None


def seat_for(state: State, war: War, power: str) -> str | None:
    """The seat that plays ``power`` in ``war``: its player, or for a Minor fighting alone the
    player of its neutral controller (L1233-1237, L1290-1293); None for the automaton."""
    if power in state.player_of:
        return state.player_of[power]
    controller = war["controller"].get(power, "")
    return state.player_of[controller] if controller else None


# -- who holds an Area -------------------------------------------------------------------------------


def has_control_marker(state: State, area: str, powers: list[str]) -> bool:
    held = state.markers.get(area, {})
    return any(p in held and held[p][0] in CONTROL for p in powers)


def held_by(state: State, war: War, area: str, side: int) -> bool:
    """An Area an Alliance may trace supply through (L1388-1390): Controlled by a member and not
    conquered by the enemy, or conquered by the Alliance."""
    taken = war["conquered"].get(area)
    if taken is not None:
        return bool(taken == side)
    held = state.markers.get(area, {})
    return any(p in held and held[p][0] in CONTROL and held[p][1] for p in war["sides"][side])


def enemy_held(state: State, war: War, area: str, side: int) -> bool:
    """Held by any Alliance at war with ``side``."""
    return any(held_by(state, war, area, other) for other in others(war, side))


# -- units by Alliance ---------------------------------------------------------------------------------


def side_units(state: State, war: War, side: int, loc: str, army: bool) -> list[tuple[str, str]]:
    """(Power, code) of an Alliance's Army (or Naval) units at ``loc``."""
    found = []
    for power in war["sides"][side]:
        for code in state.units.get(power, {}).get(loc, ()):
            if is_army(code) == army:
                found.append((power, code))
    return found


def side_strength(state: State, war: War, side: int, loc: str, army: bool) -> int:
    return sum(int(code[1:]) for _, code in side_units(state, war, side, loc, army))


def enemy_units(state: State, war: War, side: int, loc: str, army: bool) -> list[tuple[str, str]]:
    """(Power, code) of the Army (or Naval) units at ``loc`` of every Alliance at war with ``side``."""
    return [u for other in others(war, side) for u in side_units(state, war, other, loc, army)]


def present(state: State, war: War, side: int, loc: str) -> bool:
    """Any unit of the Alliance at ``loc``."""
    return any(state.units.get(p, {}).get(loc) for p in war["sides"][side])


def enemy_present(state: State, war: War, side: int, loc: str) -> bool:
    """Any unit at ``loc`` of an Alliance at war with ``side``."""
    return any(state.units.get(p, {}).get(loc) for p in enemy_powers(war, side))


# -- the sea in war ------------------------------------------------------------------------------------


def war_seas(state: State, sea: str) -> list[str]:
    """The Sea and Cape Zones next to ``sea`` during a war (L1280-1289): the Cape of Good Hope lies
    between the South Atlantic and the Indian Ocean, Cape Horn between the South Atlantic and the
    South Pacific, so those pairs are no longer adjacent; a canal joins the Caribbean and the South
    Pacific (L683-690)."""
    seas = state.content.seas
    if seas[sea].cape:
        return list(seas[sea].neighbours)
    found = [s for s in seas[sea].neighbours if not seas[s].cape]
    for zone in seas.values():
        ends = zone.neighbours
        if zone.cape and sea in ends:
            found = [s for s in found if s not in ends]
            found.append(zone.id)
    if state.canals:
        if sea == "caribbean":
            found.append("south-pacific")
        elif sea == "south-pacific":
            found.append("caribbean")
    return found


def coaling(state: State, war: War, power: str, sea: str) -> bool:
    """Coaling Rights (L1268-1279, L1391-1397): the zone touches the Power's Home Country, or an Area
    with an Influence or Control marker of a member of its Alliance, or an Area the Alliance has
    conquered, or an Area where a neutral that volunteered it holds established Control (L1274-1276,
    rules/coaling.py). A Cape Zone has them when either zone it joins has them (L1284-1287)."""
    content = state.content
    if content.seas[sea].cape:
        return any(coaling(state, war, power, s) for s in content.seas[sea].neighbours)
    if sea in content.homes[power].seas:
        return True
    side = side_of(war, power)
    if side is None:
        return False
    mine = war["sides"][side]
    lenders = [p for p, s in war.get("coaling", {}).items() if s == side]
    for area in coast_of(state, sea):
        if war["conquered"].get(area) == side:
            return True
        held = state.markers.get(area, {})
        if any(p in held and held[p][0] != "interest" for p in mine):
            return True
        if any(p in held and held[p][1] and held[p][0] in CONTROL for p in lenders):
            return True
    return False


def blockaded(state: State, war: War, area: str, side: int) -> bool:
    """An Area holding an enemy Naval unit (L1391-1397); Home Countries never are."""
    return any(not is_army(code) for _, code in _enemy_units(state, war, area, side))


def _enemy_units(state: State, war: War, loc: str, side: int) -> list[tuple[str, str]]:
    return [(p, c) for p in enemy_powers(war, side) for c in state.units.get(p, {}).get(loc, ())]


def adjacent_seas(state: State, loc: str, power: str) -> list[str]:
    """The zones a unit at ``loc`` may sail to (``sea:`` ids): from home its Home Country's zones,
    from an Area its coasts, from a zone the zones next to it in war."""
    if loc == "home":
        return [SEA + s for s in state.content.homes[power].seas]
    if loc.startswith(SEA):
        return [SEA + s for s in war_seas(state, loc[4:])]
    return [SEA + s for s in seas_of(state, loc)]


def fleet_in(state: State, power: str, sea: str) -> bool:
    """An own Merchant Fleet in the zone; for a Cape Zone, which never holds one (L661), a fleet in
    either zone it joins (L1288-1289). Reading: the same test lets a Line of Supply round a Cape
    (L1388-1390 name only Sea Zones; without it no line could ever round a Cape)."""
    zone = state.content.seas[sea]
    fleets = state.fleets.get(power, ())
    if zone.cape:
        return any(s in fleets for s in zone.neighbours)
    return sea in fleets
