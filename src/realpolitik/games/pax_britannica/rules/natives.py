"""The Chinese Rebellion (L932-1018) and the war with the Ottomans (L1040-1078): how they start,
how the Empires' Armies move, how the wars end.

* **Start.** A Rebellion rolled in the Chinese Resentment Phase and an Ottoman war (a Power
  established a new Control marker in an Ottoman Area, rules/combat.py) are fought before every
  other war of the turn, the Rebellion first (L1085-1089, L1044-1045).
  * Rebellion: one die of Chinese Armies, each placed by two dice on the Chinese Army Placement
    Table (reconstructed, game.regions.chinese_placement), never in a Possession (rolled again,
    L942-946). China is the First Alliance; every Power, Great or Minor, with an Influence or
    Control marker in a Chinese Area is the Second (L932-939). A Minor Russia is played by the
    French player and a Minor Japan by the British (L1002-1004); other Minors hold still.
  * Ottoman war: three Ottoman Armies in Anatolia (L1053); the Ottomans are the First Alliance
    against every Power that established Control in an Ottoman Area (L1048-1050).
* **The Empires' moves** (L952-959, L1048-1050): an Army in an Area holding an enemy Army stays;
  any other moves one Area toward the nearest Area of its region holding one, at random among
  equally near ones. They attack wherever enemy Armies are, whatever the odds (L960-963; in
  rules/battle.py with the Areas' strength).
* **China's sweep** (L975-977): at the end of each Second Alliance Attack Phase, a Chinese Army
  alone in an Area (no colonial Army) removes every Status marker there; an Area that loses a
  Control marker so regains its strength.
* **Ends** (checked at War End Determination):
  * Rebellion: no colonial Army in a Chinese Area: China wins, every Status marker in the Chinese
    Areas goes (L983-986); no Chinese Army left: the colonial Powers win, the markers stay, and each
    Power with Armies in China takes one defeated Area with a free Control marker, Great Powers
    first, then Russia and Japan (L992-1010). Either way the Chinese Armies go and the CRI is 0,
    raised again for the markers placed in ceded Areas (L1014-1018).
  * Ottoman war: no enemy unit in the three Ottoman Areas: the enemies' markers there go; no
    Ottoman Army left: the enemies may put their own markers in the Area that started the war
    (L1055-1060).
  * The Empire's Armies cannot reach any enemy left in its region: the enemies may declare the war
    over (``peace announce``): for China, the markers where colonial units remain stay (Formosa,
    L987-990) and every other Chinese marker goes, CRI 0; for the Ottomans, the markers in the
    Areas they could not reach stay, the enemies' other markers in the Empire and Quwait go
    (L1064-1068).
  * Three War Sequences without an attack: a stalemate, the markers stay (L1122-1124: the War
    Sequence's own test, read as applying to these wars too).

Readings (docs/pax-britannica.md): a ceded or victorious Area gets a Possession (the text's
"Control marker"; a Protectorate when no hexagonal counter is left... none when none at all); each
colonial Power takes the defeated Area where its Armies are strongest, then the richest; markers
lost to a victorious Empire raise no ETI (as the spoils of L1451-1456, digest G-R12); units left in
Areas without an own Control marker go home (L1011-1013). Powers coming to the Ottomans'
aid is built (``aid`` decision); the Ottomans' enemy asking other Powers for aid is not (L1047-1048).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence

from ....engine.flow import Decision
from ..content import CONTROL
from .actions import Act
from .alliance import War, new_war, side_units
from .board import (
    Log,
    add_unit,
    counter_free,
    level_of,
    note,
    raise_cri_for_placement,
    raise_eti,
    remove_unit,
    set_marker,
)
from .maneuver import army_moves
from .state import State, is_army
from .treaties import end_between
from .uprising import CHINA, OTTOMANS, native_of, region
from .war import is_great_war

AID = "aid"

CHINESE_TYPES = ("chinese-empire", "chinese-vassal")


def begin_uprisings(state: State, log: Log) -> None:
    """Put this turn's Rebellion and Ottoman war before the other wars (L1085-1089)."""
    wars = []
    if any(u[0] == CHINA for u in state.uprisings):
        rebellion = _rebellion(state, log)
        if rebellion is not None:
            wars.append(rebellion)
    ottoman = [u for u in state.uprisings if u[0] == OTTOMANS]
    if ottoman:
        wars.append(_ottoman_war(state, ottoman, log))
    state.wars[:0] = wars
    state.uprisings = []


def _native_war(native: str, enemies: list[str]) -> War:
    war = new_war(native, enemies[0])
    war["sides"] = [[native], list(enemies)]
    war["first"], war["declarers"] = [], []
    war["native"], war["defeated"], war["origin"] = native, [], []
    return war


def _chinese(state: State) -> list[str]:
    return [a for a in state.content.area_ids if state.content.areas[a].type in CHINESE_TYPES]


def _rebellion(state: State, log: Log) -> War | None:
    chinese = _chinese(state)
    colonials = [
        p
        for p in state.content.power_ids
        if any(p in state.markers.get(a, {}) and state.markers[a][p][0] != "interest" for a in chinese)
    ]
    if not colonials:
        note(log, "The Chinese Rebellion finds no foreign Power to fight", "L932-939")
        return None
    war = _native_war(CHINA, colonials)
    for minor, player in (("RU", "FR"), ("JP", "GB")):  # L1002-1004
        if minor in colonials and minor not in state.player_of:
            war["controller"][minor] = player if player in state.player_of else ""
    table = state.content.regions["chinese_placement"]
    count = state.rng.die()
    code = "A" + str(state.content.game["native_army_strength"])
    for _ in range(count):
        for _ in range(50):  # L945-946: never in a Possession (reading G-R16: rolled again)
            area = table[state.rng.die() + state.rng.die() - 2]
            if not any(lv == "possession" for lv, _ in state.markers.get(area, {}).values()):
                add_unit(state, CHINA, area, code)
                break
    placed = {a: len(u) for a, u in state.units.get(CHINA, {}).items()}
    note(
        log,
        f"Chinese Rebellion: {count} Chinese Armies rise ({placed}) against {', '.join(colonials)}",
        "L940-946",
    )
    return war


def _ottoman_war(state: State, causes: list[list[str]], log: Log) -> War:
    enemies = list(dict.fromkeys(u[1] for u in causes))
    war = _native_war(OTTOMANS, enemies)
    war["origin"] = list(dict.fromkeys(u[2] for u in causes))
    war["first"] = list(enemies)  # L1069-1070: the Control placers count as the first declarers
    note(log, f"The Ottoman Empire declares war on {', '.join(enemies)}", "L1040-1043")
    return war


def place_ottoman_armies(state: State, log: Log) -> None:
    """L1052-1053: three Ottoman Armies in Anatolia when the Ottoman war begins. Placed when its
    War Sequence starts, after a Rebellion of the same turn is over and its Chinese Armies have
    left the map: the six Army (5) counters serve both Empires (L130-131), and a Rebellion may
    use all six."""
    code = "A" + str(state.content.game["native_army_strength"])
    in_play = sum(len(u) for n in (CHINA, OTTOMANS) for u in state.units.get(n, {}).values())
    free = state.content.game["native_army_counters"] - in_play
    count = min(state.content.game["ottoman_armies"], free)
    for _ in range(count):
        add_unit(state, OTTOMANS, "anatolia", code)  # L1053
    note(log, f"{count} Ottoman Armies in Anatolia", "L1052-1053")


# -- allies of the Ottomans ---------------------------------------------------------------------------


def offer_aid(state: State, war: War) -> None:
    """L1046-1048: when the Ottomans declare war, any player may announce that he comes to their aid
    (every other player's seat answers at once, sealed: ``aid ottomans`` or ``aid none``)."""
    if native_of(war) != OTTOMANS:
        return
    seats = [s for s in state.seats if s not in war["sides"][1]]
    if seats:
        state.flow.push(Decision(AID, seats, {"answers": {}, "side": "ottomans"}))


class Aid:
    """A player's answer to the Ottomans' war: come to the aid of the Ottomans (first), or, once they
    have allies, of their enemies, who ask every other Power for aid (reading of L1047-1048)."""

    def choices(self, state: State, seat: str, decision: Decision) -> Sequence[Act]:
        return [Act("aid", (decision.data["side"],)), Act("aid", ("none",))]

    def apply(self, state: State, seat: str, action: Act, decision: Decision, log: Log) -> None:
        decision.data["answers"] = {**decision.data["answers"], seat: action.args[0]}
        if not decision.complete():
            return
        state.reveals += 1
        state.flow.pop()
        war = state.wars[0]
        side = decision.data["side"]
        helpers = [s for s in decision.seats if decision.data["answers"].get(s) == side]
        if not helpers:
            return
        join_side(state, war, 0 if side == "ottomans" else 1, helpers, log)
        if side == "ottomans" and not state.great_war_declared:
            others = [s for s in state.seats if all(s not in war_side for war_side in war["sides"])]
            if others:  # L1047-1048: the Ottomans' enemies may now ask for aid in turn
                state.flow.push(Decision(AID, others, {"answers": {}, "side": "enemies"}))

    def resume(self, state: State, decision: Decision, log: Log) -> None:  # pragma: no cover
        raise AssertionError("an answer to the Ottomans never suspends anything")


def join_side(state: State, war: War, side: int, helpers: list[str], log: Log) -> None:
    """L1054-1055: with allies the war is fought like any other, the Ottomans a Minor allied to them
    and moved by them (here by the first ally's seat). Each helper's announcement is a declaration of
    war on the other side (+5 ETI, L1487), ending its treaties with the Great Powers there
    (L1169-1170). A war of four European Powers with an ally of the Ottomans is the Great War, the
    Power whose Control marker started the war counting as its first declarer (L1069-1070,
    L1222-1224), the helper that made it great as its fourth."""
    if side == 0:
        war["allied"] = True
        war["controller"][OTTOMANS] = helpers[0]
    for helper in helpers:
        foes = [p for p in war["sides"][1 - side] if p in state.player_of]
        war["sides"][side].append(helper)
        war["declarers"] = [*war["declarers"], [helper, war["sides"][1 - side][0]]]
        end_between(state, helper, foes)
        whose = "the Ottoman Empire" if side == 0 else "the Ottomans' enemies"
        note(log, f"{helper} comes to the aid of {whose}", "L1046-1048", helper)
        raise_eti(
            state,
            state.content.tensions["declaration"],
            log,
            f"{helper} declares war",
            "L1487",
            culprit=helper,
        )
        if not state.great_war_declared and is_great_war(state, [p for s in war["sides"] for p in s]):
            blamed = [p for p in war["first"] if p in state.seats] + [helper]
            state.blame = list(dict.fromkeys([*state.blame, *blamed]))
            state.great_war_declared = True
            note(log, "The Ottoman war is the Great War", "L1222-1224")


# -- the Empires' moves --------------------------------------------------------------------------------


def _targets(state: State, war: War) -> set[str]:
    """Areas of the region holding what the Empire marches on: colonial Armies for China (L953-959),
    enemy units for the Ottomans (L1048-1049)."""
    army_only = native_of(war) == CHINA
    found = set()
    for area in region(state, war):
        for power in war["sides"][1]:
            if any(is_army(c) or not army_only for c in state.units.get(power, {}).get(area, ())):
                found.add(area)
    return found


def _distances(state: State, war: War, targets: set[str]) -> dict[str, int]:
    """Overland steps inside the region from each Area to the nearest target."""
    empire = region(state, war)
    distance = dict.fromkeys(targets, 0)
    frontier = deque(sorted(targets))
    while frontier:
        node = frontier.popleft()
        for nxt in state.content.areas[node].land:
            if nxt in empire and nxt not in distance:
                distance[nxt] = distance[node] + 1
                frontier.append(nxt)
    return distance


def cut_off(state: State, war: War) -> bool:
    """L987-990, L1064-1068: the Empire's Armies cannot reach any enemy left in its region (Formosa;
    Tripoli behind a neutral Egypt): the enemies may declare the war over."""
    targets = _targets(state, war)
    armies = [loc for loc, codes in state.units.get(war["sides"][0][0], {}).items() if codes]
    if not targets or not armies:
        return False
    distance = _distances(state, war, targets)
    return not any(loc in distance for loc in armies)


def native_maneuver(state: State, war: War, log: Log) -> None:
    native = war["sides"][0][0]
    targets = _targets(state, war)
    if not targets:
        return
    distance = _distances(state, war, targets)
    for loc in sorted(state.units.get(native, {})):
        if loc in targets or loc not in distance:
            continue  # L953-955: it stays beside the enemy (or has no way to one)
        for code in list(state.units[native].get(loc, ())):
            steps = [
                d for d in army_moves(state, war, native, loc) if distance.get(d, -1) == distance[loc] - 1
            ]
            if not steps:
                continue
            dest = steps[state.rng.below(len(steps))] if len(steps) > 1 else steps[0]  # L955-956: a die
            remove_unit(state, native, loc, code)
            add_unit(state, native, dest, code)
            note(log, f"{_name(native)} Army (5) moves from {loc} to {dest}", "L952-958")


def _name(native: str) -> str:
    return "Chinese" if native == CHINA else "Ottoman"


def chinese_sweep(state: State, war: War, log: Log) -> None:
    """L975-977: end of the Second Alliance Attack Phase."""
    if native_of(war) != CHINA:
        return
    for area in sorted(state.units.get(CHINA, {})):
        if side_units(state, war, 1, area, army=True) or area not in state.markers:
            continue
        lost_control = any(lv in CONTROL for lv, _ in state.markers[area].values())
        del state.markers[area]
        if lost_control and area in war["defeated"]:
            war["defeated"] = [a for a in war["defeated"] if a != area]
        note(log, f"The Chinese Armies sweep every Status marker out of {area}", "L975-977")


# -- the ends ------------------------------------------------------------------------------------------


def native_verdict(state: State, war: War) -> str | None:
    native = war["sides"][0][0]
    empire = region(state, war)
    if native == CHINA:
        colonial = any(side_units(state, war, 1, a, army=True) for a in empire)
        if not colonial:
            return "empire"
        if not state.units.get(CHINA):
            return "colonial"
    else:
        core = [a for a in empire if state.content.areas[a].type == "ottoman"]
        if not any(state.units.get(p, {}).get(a) for p in war["sides"][1] for a in core):
            return "empire"
        if not any(state.units.get(OTTOMANS, {}).get(a) for a in core):
            return "colonial"
    if war.get("announced"):
        war["announced"] = False
        if cut_off(state, war):
            return "cut off"
    return "stalemate" if war["quiet"] >= 3 else None


def resolve_uprising(state: State, war: War, verdict: str, log: Log) -> None:
    native = war["sides"][0][0]
    note(log, f"The {_name(native)} war ends: {verdict}", "L983-1010" if native == CHINA else "L1055-1060")
    if native == CHINA:
        _end_rebellion(state, war, verdict, log)
    else:
        _end_ottoman_war(state, war, verdict, log)
    state.units.pop(native, None)  # the Empire's Armies leave the map


def _end_rebellion(state: State, war: War, verdict: str, log: Log) -> None:
    chinese = _chinese(state)
    if verdict in ("empire", "cut off"):
        held = _targets(state, war) if verdict == "cut off" else set()
        for area in chinese:  # L983-986, L987-990: every Status marker in China goes (but Formosa's)
            if area not in held:
                state.markers.pop(area, None)
    if verdict == "stalemate":
        return
    state.cri = 0  # L985, L994
    note(log, "CRI 0", "L994")
    if verdict != "colonial":
        return
    ceded: list[str] = []
    fighting = war["sides"][1]
    claimants = [p for p in state.great if p in fighting and any(_has_army(state, p, a) for a in chinese)]
    claimants += [
        p
        for p in ("RU", "JP")
        if p in fighting and p not in state.great and any(_has_army(state, p, a) for a in chinese)
    ]
    for power in claimants:  # L996-1008: Great Powers first, then Russia and Japan
        choices = [
            a for a in war["defeated"] if a not in ceded and level_of(state, a, power) not in ("possession",)
        ]
        if not choices:
            continue
        area = max(choices, key=lambda a: (_army_strength(state, power, a), state.content.areas[a].ev, a))
        if _place_free(state, power, area):
            ceded.append(area)
            raise_cri_for_placement(state, area, log)  # L1014-1018
            note(log, f"China cedes {area} to {power}", "L996-1001", power)


def _end_ottoman_war(state: State, war: War, verdict: str, log: Log) -> None:
    core = [a for a in state.content.area_ids if state.content.areas[a].type == "ottoman"]
    if verdict == "cut off":  # L1064-1068: Tripoli's markers stay; the Empire's others and Quwait's go
        kept = _targets(state, war)
        for area in [*core, "quwait"]:
            if area in kept:
                continue
            for power in war["sides"][1]:
                if power in state.markers.get(area, {}):
                    set_marker(state, area, power, None)
        return
    if verdict == "empire":
        for area in core:  # L1057: the enemies' markers in the Empire go
            for power in war["sides"][1]:
                if power in state.markers.get(area, {}):
                    set_marker(state, area, power, None)
    elif verdict == "colonial":
        for area in war["origin"]:  # L1058-1060
            for power in war["sides"][1]:
                if level_of(state, area, power) is not None:
                    _place_free(state, power, area)


def _place_free(state: State, power: str, area: str) -> bool:
    """A free Control marker (L1000-1001, L1058-1060); other Powers' Interest and Influence there go,
    without ETI, as beside the spoils of a war (L1451-1456)."""
    current = level_of(state, area, power)
    for level in ("possession", "protectorate"):
        if current == level or (current != "possession" and counter_free(state, power, level, current)):
            set_marker(state, area, power, level, True)
            for other, (lv, _) in list(state.markers.get(area, {}).items()):
                if other != power and lv in ("interest", "influence"):
                    set_marker(state, area, other, None)
            return True
    return False


def _has_army(state: State, power: str, area: str) -> bool:
    return any(is_army(c) for c in state.units.get(power, {}).get(area, ()))


def _army_strength(state: State, power: str, area: str) -> int:
    return sum(int(c[1:]) for c in state.units.get(power, {}).get(area, ()) if is_army(c))
