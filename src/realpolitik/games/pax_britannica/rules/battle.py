"""Combat during a war (L1314-1374): the Alliance Attack Phase, Army and Naval combat, the results
in their war meaning, retreats and surrender (L1403-1410).

* In its Attack Phase a Power of the phasing Alliance may attack the enemy units in a place where it
  has units of the same kind: Armies fight Armies in Areas, Naval units fight Naval units in Areas
  and zones (L1314-1318, L1360-1366). An attacking Power commits all its units of that kind there,
  and every enemy unit of that kind there defends (L1325-1333).
* Each allied Great Power with units there chooses to join or not (its seat's ``join`` decision,
  L1318-1321); a Minor ally joins whenever a Great Power attacks (L1319-1320).
* Area Combat Strength plays no part (L1334). The odds and tables are those of Colonial Combat
  (rules/combat.py: rounded toward the defender, Table 1 when the smaller side is under 5).
* E / DE: the attackers / defenders are eliminated. AR / DR: they retreat to a next space they
  could enter in a Maneuver Phase, never an Area holding enemy Armies (a Naval unit: never an
  Area holding enemy units without friendly ones), else they surrender (L1349-1352, L1360-1366).
  EX: the smaller force is removed and the larger loses at least as much strength; ½EX: the weaker
  (the attacker at equal strength) is removed and the stronger loses at least half of it, halves
  rounded up (L1353-1358). Great Powers' units go before Minors' (L1355-1356).
* Armies in a zone whose fleets retreat retreat with them; Armies left in a zone with enemy Naval
  units and no friendly ones surrender (L1366-1369).
* In a three-cornered war (L1201-1204) every other Alliance is an enemy; where units of two enemy
  Alliances stand, an attack is made on one of them (``attack KIND LOC POWER``), the other's units
  taking no part (reading).

Decisions: the owner's seat sends each beaten unit where it may retreat (``retreat N DEST``; it may
split them, L1351-1352) and picks the units an exchange costs it (``lose N`` until paid).

Readings (docs/pax-britannica.md): one Army combat and one Naval combat a place per Attack Phase
(the text does not say whether a place can be attacked twice); retreats and losses are automatic
only for the automaton and the Empires, for Minors, and for losses several Powers share (their
agreement assumed, L1355-1356: the least strength over the need, then the fewest units). Units
retreating into a place whose Naval combat is still to be fought this Attack Phase are that war's
``stragglers`` there (L1370-1374): they add no strength to their side but share its result (they
are eliminated, retreat or may be taken as an exchange's losses with it); a place where an
Alliance's only Naval units are stragglers is not attacked from (they cannot lend strength).
"""

from __future__ import annotations

from collections.abc import Sequence

from ....engine.flow import Decision
from .actions import DONE, Act
from .alliance import (
    SEA,
    War,
    active,
    current_war,
    enemy_powers,
    enemy_present,
    enemy_units,
    has_control_marker,
    held_by,
    others,
    present,
    seat_for,
    side_of,
    side_strength,
    side_units,
)
from .board import Log, add_unit, note, remove_unit
from .combat import lookup
from .maneuver import army_moves, naval_moves
from .sides import arrive, depart
from .state import State, is_army, strength
from .uprising import NATIVES, area_strength, defeat, keeps_strength, native_of

ATTACK = "attack"
JOIN = "join"
RETREAT = "retreat"
LOSS = "loss"


def attack_options(state: State, war: War, power: str) -> list[Act]:
    """``attack KIND LOC``; where units of two or more enemy Alliances stand (a three-cornered war,
    L1201-1204), one action per Alliance, ``attack KIND LOC POWER`` naming its first Power there."""
    side = side_of(war, power)
    if side is None:
        return []
    actions = []
    native = native_of(war)
    for loc in sorted(state.units.get(power, {})):
        codes = state.units[power][loc]
        for kind, army in (("army", True), ("naval", False)):
            if loc == "home":
                continue  # L1398: nobody enters another's Home Country; "home" is each Power's own
            if kind == "army" and loc.startswith(SEA):
                continue  # L1366: Army combat only in Areas
            if not any(is_army(c) == army for c in codes):
                continue
            if not army and not _fighting(war, loc, [(power, c) for c in codes if not is_army(c)]):
                continue  # L1370-1374: stragglers lend no strength, so they start no combat
            targets = [t for t in others(war, side) if side_units(state, war, t, loc, army)]
            # L1011-1013: an Area of an Empire's region that keeps its strength is fought as well
            strong_area = army and native is not None and power != native and keeps_strength(state, war, loc)
            if not targets and strong_area:
                targets = others(war, side)[:1]
            for target in targets:
                if fought_key(kind, loc, target) in war["fought"]:
                    continue
                if len(targets) == 1:
                    actions.append(Act("attack", (kind, loc)))
                else:
                    first = side_units(state, war, target, loc, army)[0][0]
                    actions.append(Act("attack", (kind, loc, first)))
    return actions


def fought_key(kind: str, loc: str, target: int) -> str:
    """One combat of each kind a place per Attack Phase (reading), against each enemy Alliance there."""
    return f"{kind}:{loc}:{target}"


def target_side(state: State, war: War, side: int, loc: str, *, army: bool, named: str | None) -> int:
    """The Alliance an attack is made on: the one of the named Power, else the first enemy Alliance
    with units of that kind there (an Empire's Area fought alone: the first enemy Alliance)."""
    if named is not None:
        found = side_of(war, named)
        assert found is not None and found != side
        return found
    for other in others(war, side):
        if side_units(state, war, other, loc, army):
            return other
    return others(war, side)[0]


def surrender(state: State, war: War, power: str, loc: str, code: str) -> None:
    remove_unit(state, power, loc, code)
    war["surrendered"][power] = [*war["surrendered"].get(power, []), code]


def retreat_options(state: State, war: War, power: str, loc: str, army: bool) -> list[str]:
    """Where a beaten unit may go (L1349-1352, L1360-1364), the automatic choice first: home, an Area
    the Alliance holds, another Area, a zone."""
    side = side_of(war, power)
    assert side is not None
    enemy = enemy_powers(war, side)
    dests = army_moves(state, war, power, loc) if army else naval_moves(state, war, power, loc)
    allowed = []
    for dest in dests:
        if dest == "home" or dest.startswith(SEA):
            allowed.append(dest)
            continue
        there = [c for p in enemy for c in state.units.get(p, {}).get(dest, ())]
        if army and any(is_army(c) for c in there):
            continue  # L1361: never into an Area holding enemy Armies
        if not army and there and not present(state, war, side, dest):
            continue  # L1362-1364
        allowed.append(dest)

    def rank(dest: str) -> tuple[int, str]:
        if dest == "home":
            return 0, dest
        if not dest.startswith(SEA) and held_by(state, war, dest, side):
            return 1, dest
        return (3, dest) if dest.startswith(SEA) else (2, dest)

    return sorted(allowed, key=rank)


def native_retreat(state: State, war: War, power: str, loc: str) -> str | None:
    """L964-968: an Empire's Army retreats first to an Area with no enemy unit and no Control marker,
    then to one with a Control marker and no enemy unit, at random among equals; else it is
    eliminated (None here: the caller's surrender is replaced by elimination)."""
    side = side_of(war, power)
    assert side is not None
    options = [d for d in army_moves(state, war, power, loc) if not enemy_present(state, war, side, d)]
    free = [d for d in options if not has_control_marker(state, d, list(state.markers.get(d, {})))]
    best = free or options
    return best[state.rng.below(len(best))] if len(best) > 1 else (best[0] if best else None)


def _move_out(state: State, war: War, power: str, loc: str, codes: list[str], *, dest: str | None) -> str:
    """Moves ``codes`` to ``dest`` (None: they surrender, or an Empire's are eliminated); returns
    what the log adds when they became stragglers there (L1370-1374), else ""."""
    straggled = False
    for code in codes:
        if dest is None and power in NATIVES:
            remove_unit(state, power, loc, code)  # L968: eliminated
        elif dest is None:
            surrender(state, war, power, loc, code)
        else:
            _unstraggle(war, power, loc, code)
            arrive(state, war, power, code, src=loc, dst=dest)  # L1249-1256: it crosses that coast too
            remove_unit(state, power, loc, code)
            add_unit(state, power, dest, code)
            depart(state, war, power, loc)
            if not is_army(code) and _unfought_battle(state, war, power, dest):
                war["stragglers"] = [*war.get("stragglers", []), f"{power}:{dest}:{code}"]
                straggled = True
    return " (where a Naval combat is still to come: no strength lent there, L1370-1374)" if straggled else ""


def _unfought_battle(state: State, war: War, power: str, loc: str) -> bool:
    """L1370-1374: ``loc`` holds enemy Naval units and no Naval combat has been fought there this
    Attack Phase (so one may still be)."""
    side = side_of(war, power)
    assert side is not None
    if loc == "home" or not enemy_units(state, war, side, loc, False):
        return False
    return not any(key.startswith(f"naval:{loc}:") for key in war["fought"])


def _unstraggle(war: War, power: str, loc: str, code: str) -> None:
    """A straggler that moves on (it retreats again) is one no longer at ``loc``."""
    entry = f"{power}:{loc}:{code}"
    stragglers = war.get("stragglers", [])
    if entry in stragglers:
        rest = list(stragglers)
        rest.remove(entry)
        war["stragglers"] = rest


def _fighting(war: War, loc: str, units: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """``units`` less the stragglers at ``loc`` (L1370-1374: they lend no Combat Strength), one
    unit for each entry."""
    left = list(war.get("stragglers", []))
    fighting = []
    for power, code in units:
        entry = f"{power}:{loc}:{code}"
        if entry in left:
            left.remove(entry)
        else:
            fighting.append((power, code))
    return fighting


def _riders(state: State, power: str, loc: str, army: bool) -> list[str]:
    """L1364-1366: Armies in a zone whose fleets retreat go with them."""
    if (
        army
        or not loc.startswith(SEA)
        or any(not is_army(c) for c in state.units.get(power, {}).get(loc, ()))
    ):
        return []
    return [c for c in state.units.get(power, {}).get(loc, ()) if is_army(c)]


def retreat(state: State, war: War, powers: list[str], loc: str, *, army: bool, log: Log) -> None:
    """AR / DR for each Power's units of that kind at ``loc``. A Power with a seat chooses where each
    unit goes (``retreat`` decisions, L1349-1352: it may split them); units with nowhere to go
    surrender (L1403-1405); the automaton's go to the first of :func:`retreat_options`."""
    waiting = []
    for power in powers:
        codes = [c for c in state.units.get(power, {}).get(loc, ()) if is_army(c) == army]
        if not codes:
            continue
        options = retreat_options(state, war, power, loc, army)
        if options and seat_for(state, war, power) is not None:
            waiting.append(power)
            continue
        dest = options[0] if options else None
        if power in NATIVES:
            dest = native_retreat(state, war, power, loc)
        straggle = _move_out(state, war, power, loc, codes, dest=dest)
        _move_out(state, war, power, loc, _riders(state, power, loc, army), dest=dest)
        where = f"retreat to {dest}{straggle}" if dest else "cannot retreat and surrender"
        note(log, f"{power}'s units in {loc} {where}", "L1349-1352", power)
    if waiting:
        _ask_retreat(state, war, waiting, loc, army)


def _ask_retreat(state: State, war: War, powers: list[str], loc: str, army: bool) -> None:
    seat = seat_for(state, war, powers[0])
    assert seat is not None
    data = {"power": powers[0], "loc": loc, "army": army, "queue": powers[1:]}
    state.flow.push(Decision(RETREAT, seat, data))


def _eliminate(state: State, units: list[tuple[str, str]], loc: str) -> None:
    for power, code in units:
        remove_unit(state, power, loc, code)


def pick_losses(units: list[tuple[str, str]], need: int, great: Sequence[str]) -> list[tuple[str, str]]:
    """Units whose strength adds up to at least ``need`` (L1353-1358): Great Powers' first, the
    least strength over the need, then the fewest units (a subset-sum table, no search blow-up)."""
    gp = [u for u in units if u[0] in great]
    minor = [u for u in units if u[0] not in great]
    gp_total = sum(strength(c) for _, c in gp)
    if gp_total <= need:
        return gp + (_cheapest(minor, need - gp_total) if gp_total < need else [])
    return _cheapest(gp, need)


def _cheapest(units: list[tuple[str, str]], need: int) -> list[tuple[str, str]]:
    if need <= 0:
        return []
    best: dict[int, list[int]] = {0: []}
    for index, (_, code) in enumerate(units):
        value = strength(code)
        for total, picked in sorted(best.items(), reverse=True):
            new = total + value
            if total >= need:
                continue
            if new not in best or len(best[new]) > len(picked) + 1:
                best[new] = [*picked, index]
    enough = [t for t in best if t >= need]
    if not enough:
        return list(units)
    return [units[i] for i in best[min(enough)]]


def resolve(
    state: State,
    war: War,
    loc: str,
    attackers: list[str],
    *,
    army: bool,
    log: Log,
    target: int | None = None,
) -> str:
    """One combat at ``loc`` against the units there of Alliance ``target`` (by default the first
    enemy Alliance with units of that kind there); returns the result letter(s). In a three-cornered
    war the units of the Alliance not attacked take no part (reading of L1201-1204, L1325-1333)."""
    kind = "army" if army else "naval"
    side = side_of(war, attackers[0])
    assert side is not None
    if target is None:
        target = target_side(state, war, side, loc, army=army, named=None)
    war["fought"] = [*war["fought"], fought_key(kind, loc, target)]
    war["attacked"] = True
    for power in war["sides"][side]:  # L1319-1320: Minor allies always join a Great Power's attack
        if power not in state.player_of and power not in attackers:
            attackers = [*attackers, power]
    atk_units = [u for u in side_units(state, war, side, loc, army) if u[0] in attackers]
    def_units = side_units(state, war, target, loc, army)
    # L1370-1374: Naval units retreated here this Attack Phase add nothing, yet share the result
    attack = sum(strength(c) for _, c in _fighting(war, loc, atk_units))
    defence = sum(strength(c) for _, c in _fighting(war, loc, def_units))
    native = native_of(war)
    land = area_strength(state, war, loc) if army and native is not None else 0
    natives_attack = native in attackers
    if natives_attack:
        attack += land  # L969-971: the Area's strength joins the Empire's Armies
    else:
        defence += land
    die = state.rng.die()
    result, column, table = lookup(state, attack, defence, die)
    note(
        log,
        f"{'+'.join(attackers)} attack in {loc} ({kind}): {attack} against {defence}, "
        f"Table {table} column {column}, die {die}: {result}",
        "L1335-1346",
    )
    defenders = sorted({p for p, _ in def_units})
    if land and (
        (natives_attack and result in ("E", "AR"))
        or (not natives_attack and (result in ("DR", "DE") or (result in ("EX", "HEX") and defence < attack)))
    ):
        defeat(war, loc)  # L971-974: the Area loses its strength for the rest of the war
    if result == "E":
        _eliminate(state, atk_units, loc)
    elif result == "DE":
        _eliminate(state, def_units, loc)
    elif result == "AR":
        retreat(state, war, sorted({p for p, _ in atk_units}), loc, army=army, log=log)
    elif result == "DR":
        retreat(state, war, defenders, loc, army=army, log=log)
    else:  # EX, HEX: the weaker force goes, the stronger loses at least all or half of it
        attacker_weaker = attack <= defence  # L1357-1358: at equal strength the attacker is weaker
        weak, strong = (atk_units, def_units) if attacker_weaker else (def_units, atk_units)
        small = min(attack, defence)
        need = small if result == "EX" else (small + 1) // 2
        _eliminate(state, weak, loc)
        if not _ask_losses(state, war, strong, need, loc, army=army):
            _eliminate(state, pick_losses(strong, need, state.great), loc)
    if not army and war.get("stragglers"):  # their combat is fought: they are stragglers no more
        war["stragglers"] = [e for e in war["stragglers"] if e.split(":", 1)[1].rsplit(":", 1)[0] != loc]
    if loc.startswith(SEA) and not _pending_here(state, loc):
        stranded_at_sea(state, war, loc, log)
    return result


def _pending_here(state: State, loc: str) -> bool:
    top = state.flow.top()
    return top is not None and top.kind in (RETREAT, LOSS) and top.data.get("loc") == loc


def _ask_losses(
    state: State, war: War, strong: list[tuple[str, str]], need: int, loc: str, *, army: bool
) -> bool:
    """L1353-1356: when one Great Power alone bears the stronger side's losses and has a choice,
    its seat picks the units (``lose N`` until the need is met); several Powers' shared losses and
    Minors' are chosen automatically (least strength over the need)."""
    great = [u for u in strong if u[0] in state.great]
    owners = {p for p, _ in great}
    if len(owners) != 1 or sum(strength(c) for _, c in great) <= need:
        return False
    power = next(iter(owners))
    seat = seat_for(state, war, power)
    if seat is None or len({c for _, c in great}) < 2:
        return False
    state.flow.push(Decision(LOSS, seat, {"power": power, "loc": loc, "army": army, "need": need}))
    return True


def stranded_at_sea(state: State, war: War, loc: str, log: Log) -> None:
    """L1367-1369, L1406-1407: Armies in a zone with enemy Naval units and no friendly ones surrender."""
    for side in active(war):
        if enemy_units(state, war, side, loc, army=False) and not side_units(state, war, side, loc, False):
            for power, code in side_units(state, war, side, loc, army=True):
                surrender(state, war, power, loc, code)
                note(log, f"{power}'s Army ({code[1:]}) at sea in {loc[4:]} surrenders", "L1406", power)


def automaton_attacks(state: State, war: War, side: int, log: Log) -> None:
    """A Minor fighting alone with no neutral controller (reading): it attacks wherever its
    strength is at least the enemy's."""
    for power in war["sides"][side]:
        if seat_for(state, war, power) is not None:
            continue
        for act in attack_options(state, war, power):
            kind, loc = act.args[0], act.args[1]
            army = kind == "army"
            named = act.args[2] if len(act.args) > 2 else None
            target = target_side(state, war, side, loc, army=army, named=named)
            # L960-962: an Empire's Armies attack whatever the odds
            bold = power in NATIVES or side_strength(state, war, side, loc, army) >= side_strength(
                state, war, target, loc, army
            )
            if bold and side_units(state, war, target, loc, army):
                resolve(state, war, loc, [power], army=army, log=log, target=target)


# -- decisions -----------------------------------------------------------------------------------------


def start_attacks(state: State, war: War, queue: list[str]) -> bool:
    """Push the attack decision of the first Power of ``queue`` that can attack."""
    for index, power in enumerate(queue):
        seat = seat_for(state, war, power)
        if seat is not None and attack_options(state, war, power):
            state.flow.push(Decision(ATTACK, seat, {"power": power, "queue": queue[index + 1 :]}))
            return True
    return False


class Attack:
    """A Power of the phasing Alliance attacks (``attack army|naval LOC``) or is ``done``."""

    def choices(self, state: State, seat: str, decision: Decision) -> Sequence[Act]:
        war = current_war(state)
        assert war is not None
        return [*attack_options(state, war, decision.data["power"]), DONE]

    def apply(self, state: State, seat: str, action: Act, decision: Decision, log: Log) -> None:
        war = current_war(state)
        assert war is not None
        power = decision.data["power"]
        if action.verb != "attack":
            state.flow.pop()
            start_attacks(state, war, decision.data["queue"])
            return
        kind, loc = action.args[0], action.args[1]
        army = kind == "army"
        side = side_of(war, power)
        assert side is not None
        named = action.args[2] if len(action.args) > 2 else None
        target = target_side(state, war, side, loc, army=army, named=named)
        asked = [
            p
            for p in war["sides"][side]
            if p != power
            and p in state.player_of
            and any(u[0] == p for u in side_units(state, war, side, loc, army))
        ]
        if asked:
            data = {
                "army": army,
                "loc": loc,
                "attackers": [power],
                "ask": asked[1:],
                "power": asked[0],
                "target": target,
            }
            state.flow.push(Decision(JOIN, state.player_of[asked[0]], data))
            return
        resolve(state, war, loc, [power], army=army, log=log, target=target)

    def resume(self, state: State, decision: Decision, log: Log) -> None:
        """The allies have answered and the combat is fought: the attacker carries on."""


class Join:
    """An allied Great Power with units where its ally attacks joins in or stays out (L1318-1321)."""

    def choices(self, state: State, seat: str, decision: Decision) -> Sequence[Act]:
        return [Act("join"), Act("decline")]

    def apply(self, state: State, seat: str, action: Act, decision: Decision, log: Log) -> None:
        war = current_war(state)
        assert war is not None
        data = decision.data
        attackers = list(data["attackers"])
        if action.verb == "join":
            attackers.append(data["power"])
        if data["ask"]:
            nxt = data["ask"][0]
            new = {**data, "attackers": attackers, "ask": data["ask"][1:], "power": nxt}
            state.flow.replace(Decision(JOIN, state.player_of[nxt], new))
            return
        state.flow.pop()
        target = data.get("target")
        resolve(
            state,
            war,
            data["loc"],
            attackers,
            army=bool(data["army"]),
            log=log,
            target=None if target is None else int(target),
        )

    def resume(self, state: State, decision: Decision, log: Log) -> None:  # pragma: no cover
        raise AssertionError("an answer to join never suspends anything")


class Retreat:
    """The owner of beaten units sends each one to a space it may retreat to (L1349-1352)."""

    def choices(self, state: State, seat: str, decision: Decision) -> Sequence[Act]:
        war = current_war(state)
        assert war is not None
        data = decision.data
        power, loc, army = data["power"], data["loc"], bool(data["army"])
        codes = sorted({c for c in state.units.get(power, {}).get(loc, ()) if is_army(c) == army})
        dests = retreat_options(state, war, power, loc, army)
        return [Act("retreat", (c[1:], d)) for c in codes for d in dests]

    def apply(self, state: State, seat: str, action: Act, decision: Decision, log: Log) -> None:
        war = current_war(state)
        assert war is not None
        data = decision.data
        power, loc, army = data["power"], data["loc"], bool(data["army"])
        size, dest = action.args
        code = ("A" if army else "N") + size
        straggle = _move_out(state, war, power, loc, [code], dest=dest)
        note(
            log,
            f"{power}'s {'Army' if army else 'Naval'} ({size}) in {loc} retreats to {dest}{straggle}",
            "L1349",
            power,
        )
        left = [c for c in state.units.get(power, {}).get(loc, ()) if is_army(c) == army]
        if left and retreat_options(state, war, power, loc, army):
            return  # more of its units to retreat
        _move_out(state, war, power, loc, left, dest=None)  # nowhere left to go: they surrender
        _move_out(state, war, power, loc, _riders(state, power, loc, army), dest=dest)
        if data["queue"]:
            state.flow.pop()
            _ask_retreat(state, war, list(data["queue"]), loc, army)
            return
        state.flow.pop()
        if loc.startswith(SEA):
            stranded_at_sea(state, war, loc, log)

    def resume(self, state: State, decision: Decision, log: Log) -> None:
        """Another combat's decisions came first: this retreat is still to be made."""


class Loss:
    """The stronger side's owner removes units one by one until the exchange is paid (L1353-1356)."""

    def choices(self, state: State, seat: str, decision: Decision) -> Sequence[Act]:
        data = decision.data
        army = bool(data["army"])
        codes = {c for c in state.units.get(data["power"], {}).get(data["loc"], ()) if is_army(c) == army}
        return [Act("lose", (c[1:],)) for c in sorted(codes, key=strength)]

    def apply(self, state: State, seat: str, action: Act, decision: Decision, log: Log) -> None:
        war = current_war(state)
        assert war is not None
        data = decision.data
        code = ("A" if data["army"] else "N") + action.args[0]
        remove_unit(state, data["power"], data["loc"], code)
        need = int(data["need"]) - strength(code)
        note(
            log,
            f"{data['power']} loses its {'Army' if data['army'] else 'Naval'} ({code[1:]}) in {data['loc']}",
            "L1353",
        )
        has_more = any(
            is_army(c) == bool(data["army"]) for c in state.units.get(data["power"], {}).get(data["loc"], ())
        )
        if need > 0 and has_more:
            data["need"] = need
            return
        state.flow.pop()
        if str(data["loc"]).startswith(SEA):
            stranded_at_sea(state, war, data["loc"], log)

    def resume(self, state: State, decision: Decision, log: Log) -> None:
        """Another combat's decisions came first: these losses are still to be chosen."""
