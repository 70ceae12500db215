"""Colonial Combat (L703-783): odds against the Area's Combat Strength, the two CRTs, the results."""

from __future__ import annotations

from itertools import combinations

from ..content import CONTROL, Crt
from .board import (
    Log,
    army_strength,
    controllers,
    move_all,
    note,
    remove_unit,
    retreat_place,
    set_marker,
    units_at,
)
from .state import State, is_army, strength


def table_for(state: State, attack: int, defence: int) -> tuple[int, Crt]:
    """L767-770: Table 1 when the smaller side is under 5, Table 2 from 5 (numbered from 1)."""
    smaller = min(attack, defence)
    chosen = 0
    for index, crt in enumerate(state.content.crt):
        if smaller >= crt.smaller_from:
            chosen = index
    return chosen + 1, state.content.crt[chosen]


def odds_column(crt: Crt, attack: int, defence: int) -> int:
    """L771-773: the ratio rounded in favour of the defender: the best column not better than
    the real odds (worse than the first column: the first column)."""
    best = 0
    for index, (a, d) in enumerate(crt.columns):
        if attack * d >= defence * a:
            best = index
    return best


def column_name(crt: Crt, column: int) -> str:
    a, d = crt.columns[column]
    return f"{a}-{d}"


def lookup(state: State, attack: int, defence: int, die: int) -> tuple[str, str, int]:
    """(result, column, table) for ``die``."""
    number, crt = table_for(state, attack, defence)
    column = odds_column(crt, attack, defence)
    return crt.results[column][die - 1], column_name(crt, column), number


def cheapest_loss(units: list[str], at_least: int) -> list[str]:
    """Armies whose strengths add up to at least ``at_least`` with the least overshoot (the owner's
    choice, automated: L777-781)."""
    armies = [u for u in units if is_army(u)]
    best: tuple[int, int, list[str]] | None = None
    for size in range(1, len(armies) + 1):
        for combo in combinations(armies, size):
            total = sum(strength(u) for u in combo)
            if total >= at_least and (best is None or (total, size) < best[:2]):
                best = (total, size, list(combo))
        if len(armies) > 12 and best is not None:
            break
    return best[2] if best is not None else armies


def exchange(result: str, attack: int, cs: int) -> tuple[int, bool]:
    """An exchange's Strength Points the attacker loses, and whether it has enough to make the
    exchange at all (L776-781): EX loses the Area's Combat Strength and needs more than it; HEX
    (half) loses half, rounded up, and needs as much."""
    if result == "EX":
        return cs, attack > cs
    return (cs + 1) // 2, attack >= cs


def establish_chance(state: State, power: str, area: str) -> float:
    """The chance that the Power's Armies now in the Area defeat it in Colonial Combat (L715-724):
    the die faces on which :func:`fight` would win, over six (for the bots' look ahead: a Control
    marker on its way is worth this share of an established one)."""
    cs = state.content.areas[area].cs
    attack = army_strength(state, power, area)
    if attack == 0:
        return 0.0
    if cs == 0:
        return 1.0
    units = units_at(state, power, area)
    wins = 0
    for die in range(1, 7):
        result = lookup(state, attack, cs, die)[0]
        if result in ("DR", "DE"):
            wins += 1
        elif result in ("EX", "HEX"):
            need, enough = exchange(result, attack, cs)
            if enough and attack > sum(strength(u) for u in cheapest_loss(units, need)):
                wins += 1
    return wins / 6


def fight(state: State, powers: list[str], area: str, log: Log) -> bool:
    """One Colonial Combat of ``powers`` (one Power, or codominion members suppressing Unrest
    together, L763-766) against the Area. True when the Area is defeated."""
    cs = state.content.areas[area].cs
    attack = sum(army_strength(state, p, area) for p in powers)
    name = state.content.areas[area].name
    who = "+".join(powers)
    if attack == 0:
        return False
    if cs == 0:
        note(log, f"{who} defeat {name} (Combat Strength 0)", "L718-719")
        return True
    die = state.rng.die()
    result, column, table = lookup(state, attack, cs, die)
    note(
        log,
        f"{who} attack {name}: {attack} against {cs}, Table {table} column {column}, die {die}: {result}",
        "L767",
    )
    if result in ("DR", "DE"):
        return True
    if result in ("EX", "HEX"):
        need, enough = exchange(result, attack, cs)
        if enough:
            for power in powers:  # codominion partners lose in turn, the first one first
                if need <= 0:
                    break
                lost = cheapest_loss(units_at(state, power, area), need)
                for code in lost:
                    remove_unit(state, power, area, code)
                need -= sum(strength(u) for u in lost)
            return any(army_strength(state, p, area) for p in powers)
        result = "E"
    for power in powers:
        if result == "E":
            move_all(state, power, area, None, armies_only=True)
        else:  # AR: retreat, or eliminated if nowhere to go
            move_all(state, power, area, retreat_place(state, power, area), armies_only=True)
    return False


def colonial_combat_phase(state: State, log: Log) -> None:
    """L703-738: every Great Power with Armies where it tries to establish a Control marker, or in
    an Area in Unrest, fights once there (automated: a Power with Armies there always fights)."""
    content = state.content
    established_now: dict[str, list[str]] = {}
    for area in content.area_ids:
        held = state.markers.get(area, {})
        fighters = [p for p in state.great if army_strength(state, p, area)]
        if not fighters:
            continue
        in_unrest = area in state.unrest
        pending = [p for p in fighters if p in held and held[p][0] in CONTROL and not held[p][1]]
        if in_unrest:
            members = controllers(state, area)
            if len(members) > 1:
                team = [p for p in members if p in fighters]
                if team and fight(state, team, area, log):  # L763-766: codominion members combine
                    state.unrest.remove(area)
                    note(log, f"Unrest suppressed in {content.areas[area].name}", "L763")
                fighters = [p for p in fighters if p not in team]
        for power in fighters:
            trying = power in pending
            if not trying and area not in state.unrest:
                continue
            won = fight(state, [power], area, log)
            if won and area in state.unrest:
                state.unrest.remove(area)
                note(log, f"{power} suppresses the Unrest in {content.areas[area].name}", "L731-733")
            marker = state.markers.get(area, {}).get(power)
            if trying and marker is not None:
                if won:
                    set_marker(state, area, power, marker[0], True)
                    established_now.setdefault(area, []).append(power)
                    note(log, f"{power} establishes its {marker[0]} in {content.areas[area].name}", "L722")
                else:
                    set_marker(state, area, power, None)  # L722-724: the marker goes, Armies retreat
                    move_all(state, power, area, retreat_place(state, power, area), armies_only=True)
    for area, powers in established_now.items():
        holders = controllers(state, area)
        if len(holders) > 1:
            # L727-729: several Powers establishing Control in one Area raise a Casus Belli.
            for power in powers:
                for other in holders:
                    if other != power:
                        state.cbs.append([other, power, f"control in {area}"])
        if content.areas[area].type == "ottoman":
            for power in powers:  # L1040-1043: a new Control marker, not an upgrade
                state.uprisings.append(["OT", power, area])
            note(
                log,
                f"Establishing Control in {content.areas[area].name} brings a war with the Ottomans",
                "L1040",
            )
