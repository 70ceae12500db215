"""The Alliance Maneuver Phase (L1238-1293) and the neutral codominion partner (L1294-1313).

During a war these rules replace peacetime movement: each Military unit moves one space a
Maneuver Phase; Merchant Fleets stay where they are.

* A Naval unit sails to a next Sea or Cape Zone where it has Coaling Rights, into a next Coastal
  Area holding a Control marker of either Alliance, or between its Home Country and a zone next to
  it (L1245-1250).
* An Army moves to a next zone holding one of its own Power's Merchant Fleets (a Cape Zone: a fleet
  in either zone it joins, L1288-1289), to a next Area holding a Control marker of either Alliance,
  or to or from its Home Country (L1259-1265); never into a zone with enemy Naval units and no
  friendly ones, never between a zone and a Coastal Area holding an enemy Naval unit, never from
  an Area with enemy Armies straight into another such Area (L1266-1270).
* Nobody enters another Power's Home Country (L1398).
* A unit never passes between the two zones of a canal or the Straits denied to its Power
  (L1508-1530, rules/straits.py); a Naval unit in an Area touching two zones not next to each
  other, or in the US or Russian Home Country, sails out only on the side it came in by (L1249-1256,
  rules/sides.py), and so does every unit in the Area of a passage denied to its Power.
* In a three-cornered war (L1201-1204) "either Alliance" reads "any Alliance of the war", and the
  enemy units that bar a move are those of every other Alliance.

Readings: a Minor
fighting alone moves by its neutral controller's seat; with no neutral left it holds still (the
automaton of rules/alliance.py).
"""

from __future__ import annotations

from collections.abc import Sequence

from ....engine.flow import Decision
from .actions import DONE, Act
from .alliance import (
    SEA,
    War,
    adjacent_seas,
    belligerents,
    coaling,
    current_war,
    enemy_powers,
    enemy_units,
    fleet_in,
    has_control_marker,
    seat_for,
    side_of,
    side_units,
)
from .board import Log, add_unit, coast_of, land_of, note, remove_unit
from .movement import garrison_refusal
from .sides import arrive, coast_closed, depart
from .state import State, is_army
from .straits import open_seas
from .uprising import NATIVES, region

KIND = "maneuver"


def _enemy_navals(state: State, war: War, side: int, loc: str) -> bool:
    """Naval units of any Alliance at war with ``side`` (L1201-1204: every other Alliance)."""
    return bool(enemy_units(state, war, side, loc, army=False))


def _friendly_navals(state: State, war: War, side: int, loc: str) -> bool:
    return bool(side_units(state, war, side, loc, army=False))


def _neighbours(state: State, war: War, power: str, loc: str, *, army: bool) -> list[str]:
    """Every space next to ``loc`` (Areas, ``sea:`` zones, ``home``) for a unit of ``power``; a
    passage denied to it (L1508-1530, rules/straits.py) joins no zones, and a unit in an Area or at
    home sails out only on its side (L1249-1256, rules/sides.py)."""
    content = state.content
    if loc.startswith(SEA):
        found = [SEA + s for s in open_seas(state, war, power, loc[4:])]
    else:
        seas = adjacent_seas(state, loc, power)
        found = [s for s in seas if not coast_closed(state, war, power, loc, s[4:], army=army)]
    if loc == "home":
        found += list(content.homes[power].land)
    elif loc.startswith(SEA):
        found += list(coast_of(state, loc[4:]))
        if loc[4:] in content.homes[power].seas:
            found.append("home")
    else:
        found += list(land_of(state, loc))
        if power in content.areas[loc].homes:
            found.append("home")
    return found


def naval_moves(state: State, war: War, power: str, loc: str) -> list[str]:
    """L1245-1250."""
    side = side_of(war, power)
    if side is None:
        return []
    fighting = belligerents(war)
    found = []
    for dest in _neighbours(state, war, power, loc, army=False):
        if dest == "home":
            if loc.startswith(SEA):
                found.append(dest)
        elif dest.startswith(SEA):
            if coaling(state, war, power, dest[4:]):
                found.append(dest)
        elif loc.startswith(SEA) and has_control_marker(state, dest, fighting):
            found.append(dest)
    return found


def army_moves(state: State, war: War, power: str, loc: str) -> list[str]:
    """L1257-1270."""
    side = side_of(war, power)
    if side is None:
        return []
    fighting = belligerents(war)
    enemy = enemy_powers(war, side)
    enemy_here = loc not in ("home",) and not loc.startswith(SEA) and _armies_of(state, enemy, loc)
    found = []
    empire = region(state, war)
    if power in NATIVES:  # L956-958, L1061-1066: an Empire's Armies stay in its region
        return [
            d for d in land_of(state, loc) if d in empire and not (enemy_here and _armies_of(state, enemy, d))
        ]
    for dest in _neighbours(state, war, power, loc, army=True):
        if dest == "home":
            found.append(dest)
            continue
        if dest.startswith(SEA):
            if not fleet_in(state, power, dest[4:]):
                continue
            if _enemy_navals(state, war, side, dest) and not _friendly_navals(state, war, side, dest):
                continue  # L1266-1267
            if loc not in ("home",) and not loc.startswith(SEA) and _enemy_navals(state, war, side, loc):
                continue  # L1268-1269: out of a Coastal Area holding an enemy Naval unit
            found.append(dest)
            continue
        if not has_control_marker(state, dest, fighting) and dest not in empire:
            continue  # L1011-1013: the Empire's enemies may enter any Area of its region
        if loc.startswith(SEA) and _enemy_navals(state, war, side, dest):
            continue  # L1268-1269: from a zone into a Coastal Area holding an enemy Naval unit
        if enemy_here and _armies_of(state, enemy, dest):
            continue  # L1270
        found.append(dest)
    return found


def _armies_of(state: State, powers: list[str], loc: str) -> bool:
    return any(is_army(c) for p in powers for c in state.units.get(p, {}).get(loc, ()))


def move_unit(state: State, power: str, code: str, src: str, dst: str) -> None:
    remove_unit(state, power, src, code)
    add_unit(state, power, dst, code)


# -- the decision --------------------------------------------------------------------------------------


def _movable(moved: list[list[str]], loc: str, code: str, here: int) -> bool:
    """Each unit moves one space a Maneuver Phase (L1241-1242): one that arrived this phase stays."""
    arrived = sum(1 for place, unit in moved if place == loc and unit == code)
    return here > arrived


def maneuver_choices(state: State, war: War, power: str, moved: list[list[str]]) -> list[Act]:
    actions: list[Act] = []
    for loc in sorted(state.units.get(power, {})):
        here = state.units[power][loc]
        for code in sorted(set(here)):
            if not _movable(moved, loc, code, here.count(code)):
                continue
            kind = "army" if is_army(code) else "naval"
            dests = (
                army_moves(state, war, power, loc) if is_army(code) else naval_moves(state, war, power, loc)
            )
            for dest in sorted(dests):
                # L620-630: the Indian Army and the Russian Western Garrison end every Alliance
                # Maneuver Phase where the garrison rules want them.
                if garrison_refusal(state, power, code, loc, dest) is None:
                    actions.append(Act("move", (kind, code[1:], loc, dest)))
    actions.append(DONE)
    return actions


def neutral_partners(state: State, war: War, power: str, area: str) -> list[str]:
    """L1294-1308: Great Powers outside every war holding a Control marker in ``area`` when no member
    of the entering Power's Alliance holds one there: each gains a Casus Belli usable at once."""
    side = side_of(war, power)
    if side is None or area.startswith(SEA) or area == "home":
        return []
    if has_control_marker(state, area, war["sides"][side]):
        return []
    at_war = {p for w in state.wars for p in belligerents(w)}
    held = state.markers.get(area, {})
    return [
        p
        for p in state.great
        if p in held and held[p][0] in ("protectorate", "possession") and p not in at_war
    ]


def start_maneuver(state: State, war: War, movers: list[str]) -> bool:
    """Push the first mover's decision; False when nobody of the Alliance can move."""
    for index, power in enumerate(movers):
        seat = seat_for(state, war, power)
        if seat is not None and state.units.get(power):
            data = {"power": power, "queue": movers[index + 1 :], "moved": []}
            state.flow.push(Decision(KIND, seat, data))
            return True
    return False


class Maneuver:
    """A Power of the phasing Alliance moves its Military units, one space each, then ``done``."""

    def choices(self, state: State, seat: str, decision: Decision) -> Sequence[Act]:
        war = current_war(state)
        if war is None:  # pragma: no cover
            return [DONE]
        return maneuver_choices(state, war, decision.data["power"], decision.data["moved"])

    def apply(self, state: State, seat: str, action: Act, decision: Decision, log: Log) -> None:
        war = current_war(state)
        data = decision.data
        power = data["power"]
        if action.verb != "move" or war is None:
            _next_mover(state, war, data["queue"])
            return
        kind, size, src, dst = action.args
        code = ("A" if kind == "army" else "N") + size
        arrive(state, war, power, code, src=src, dst=dst)  # L1249-1256: the side it comes in on
        move_unit(state, power, code, src, dst)
        depart(state, war, power, src)
        data["moved"] = [*data["moved"], [dst, code]]
        note(log, f"{power} moves {kind} {size} from {src} to {dst}", "L1241", power)
        partners = neutral_partners(state, war, power, dst)
        for partner in partners:
            # L1294-1302: the neutral may declare war on the entrant at once, or never for it.
            state.cbs.append([partner, power, f"entry into {dst}"])
            note(log, f"{partner} holds a Casus Belli against {power} for entering {dst}", "L1300", partner)
        if partners:
            # one question after another (a queue: two partners of a codominion, seed 541487 at
            # five players, were pushed as two decisions, and the first answer resumed the second)
            data = {"power": partners[0], "queue": list(partners[1:]), "immediate": True}
            state.flow.push(Decision("declare", state.player_of[partners[0]], data))

    def resume(self, state: State, decision: Decision, log: Log) -> None:
        """A neutral partner has answered (L1300-1302): the mover carries on."""


def _next_mover(state: State, war: War | None, queue: list[str]) -> None:
    state.flow.pop()
    if war is not None and queue:
        start_maneuver(state, war, queue)
