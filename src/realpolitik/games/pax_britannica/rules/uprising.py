"""The Empires that fight as automata: the Chinese Empire in a Rebellion (L932-1018) and the Ottoman
Empire when no Great Power sides with it (L1040-1078). The board-level facts the War Sequence's
steps share; the automata and the endings are in rules/natives.py.

* ``CN`` and ``OT`` are the two Empires' unit owners (Army (5) counters only, L134-135).
* The Empire's region: the Chinese Empire and Vassal Areas (L957-958); the three Ottoman Areas,
  and Egypt while nobody outside the war Controls it (L1061-1066).
* Its enemies may enter any Area of the region, Controlled or not (L1011-1013; for the Ottomans,
  reading G-R23).
* An Area of the region with no Control marker (China: neither Protectorate nor Possession, L969)
  keeps its Combat Strength and adds it to the Empire's side in combat there until defeated
  (L969-974, L1051-1052).
"""

from __future__ import annotations

from ..content import CONTROL
from .alliance import War, belligerents
from .state import State

CHINA = "CN"
OTTOMANS = "OT"
NATIVES = (CHINA, OTTOMANS)


def native_of(war: War) -> str | None:
    return war.get("native")


def automaton(war: War) -> bool:
    """An Empire fighting alone, as an automaton: a Rebellion, or an Ottoman war no Great Power
    joined on the Ottomans' side (with allies it is fought like any war, L1054-1055)."""
    return war.get("native") is not None and not war.get("allied")


def region(state: State, war: War) -> set[str]:
    content = state.content
    native = native_of(war)
    if native == CHINA:
        return {a for a in content.area_ids if content.areas[a].type in ("chinese-empire", "chinese-vassal")}
    if native == OTTOMANS:
        found = {a for a in content.area_ids if content.areas[a].type == "ottoman"}
        rulers = [p for p, (lv, _) in state.markers.get("egypt", {}).items() if lv in CONTROL]
        if all(p in belligerents(war) for p in rulers):
            found.add("egypt")  # L1061-1066: not while a neutral Controls it
        return found
    return set()


def keeps_strength(state: State, war: War, area: str) -> bool:
    """L969-974, L1051-1052: an Area of the region without Control keeps its Combat Strength until
    it is defeated; a Chinese Protectorate or Possession has none."""
    if area not in region(state, war) or area in war.get("defeated", ()):
        return False
    held = state.markers.get(area, {}).values()
    if native_of(war) == CHINA:
        return not any(lv in ("protectorate", "possession") for lv, _ in held)
    return not any(lv in CONTROL for lv, _ in held)


def area_strength(state: State, war: War, area: str) -> int:
    return state.content.areas[area].cs if keeps_strength(state, war, area) else 0


def defeat(war: War, area: str) -> None:
    if area not in war["defeated"]:
        war["defeated"] = [*war["defeated"], area]
