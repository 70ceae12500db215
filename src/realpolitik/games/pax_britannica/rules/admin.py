"""The Administrative Phase (L393-429): Status Record, income, maintenance, net; Section V's VP."""

from __future__ import annotations

from ..content import CONTROL
from .board import HOME, Log, controls, linked_areas, note, set_marker, units_at
from .state import State, is_army, strength


def colonial_income(
    state: State, power: str, linked: set[str] | None = None, pending: bool = False
) -> dict[str, int]:
    """Section I-II lines 11-14 and Section III lines 17-20 from the markers the Power has a
    Communication Link to (L397-403). A codominion's Control income uses EV minus one per extra
    Control marker; Interest and Influence use the full EV (L646-652).

    ``pending`` (for the bots' look ahead, not the Administrative Phase): count too the markers
    placed this turn that are on their way to being established: an Interest or Influence (at
    Marker Adjustment, L566-568) and a Control marker with an own Army in its Area to fight for it
    (L703-722, L677-679)."""
    content = state.content
    linked = linked_areas(state, power) if linked is None else linked
    income = {"interest": 0, "influence": 0, "control": 0, "markers": 0}
    for area, held in state.markers.items():
        marker = held.get(power)
        if marker is None or area not in linked:
            continue
        if not marker[1] and not (pending and on_its_way(state, power, area, marker[0])):
            continue
        level = marker[0]
        income["control" if level in CONTROL else level] += marker_income(state, area, level)
        income["markers"] += content.maintenance[level]
    return income


def marker_income(state: State, area: str, level: str) -> int:
    """One marker's income in the Area: its rate times the Area's EV, a codominion's Control
    income at EV minus one per extra Control marker (L646-652)."""
    content = state.content
    ev = content.areas[area].ev
    if level in CONTROL:
        others = sum(1 for lv, _ in state.markers.get(area, {}).values() if lv in CONTROL)
        ev = max(0, ev - (others - 1))
    return content.income[level] * ev


def on_its_way(state: State, power: str, area: str, level: str) -> bool:
    """A marker placed this turn that can still be established: an Interest or Influence always
    (at Marker Adjustment), a Control marker with an own Army in its Area to fight for it."""
    if level not in CONTROL:
        return True
    return any(is_army(code) for code in state.units.get(power, {}).get(area, ()))


def unit_upkeep(state: State, power: str) -> int:
    """Line 16: a pound per Strength Point abroad; none for US and British units in States and
    Dominions (L411-417)."""
    total = 0
    for loc, units in state.units.get(power, {}).items():
        if loc == HOME:
            continue
        marker = state.markers.get(loc, {}).get(power)
        if marker is not None and marker[0] in ("state", "dominion"):
            continue
        total += sum(strength(u) for u in units)
    return total * state.content.unit_upkeep


def takes_sixth_column(state: State, power: str) -> bool:
    """L405-407: a Power (not A-H) without Control markers takes the 6 column without rolling."""
    return power != "AH" and not any(controls(state, a, power) for a in state.markers)


def colonial_office(state: State, power: str, log: Log) -> int:
    """Line 10 (L399-407): a die on the Power's row; a Power (not A-H) without Control markers takes
    the 6 column without rolling; Random Events multiply, zero or shift it."""
    row = state.content.powers[power].colonial_office
    mods = state.co_mods.get(power, {})
    if mods.get("none"):
        return 0
    if takes_sixth_column(state, power):
        value = row[5]
    else:
        face = min(6, max(1, state.rng.die() + mods.get("shift", 0)))
        value = row[face - 1]
    return value * mods.get("factor", 1)


def administrative_phase(state: State, log: Log) -> None:
    for power in state.great:
        linked = linked_areas(state, power)
        co = colonial_office(state, power, log)
        income = colonial_income(state, power, linked)
        upkeep = unit_upkeep(state, power)
        gross = co + income["interest"] + income["influence"] + income["control"]
        costs = upkeep + income["markers"]
        net = gross - costs
        state.record.setdefault(power, {}).update(
            {
                "colonial_office": co,
                "interest_income": income["interest"],
                "influence_income": income["influence"],
                "control_income": income["control"],
                "income": gross,
                "unit_upkeep": upkeep,
                "marker_upkeep": income["markers"],
                "maintenance": costs,
                "net": net,
            }
        )
        if net < 0:
            _cut_back(state, power, -net, log)
            net = 0
        state.treasury[power] = net
        note(log, f"{power}: income {gross}, maintenance {costs}, treasury {net}", "L393-423")


def _cut_back(state: State, power: str, deficit: int, log: Log) -> None:
    """L422-423 (reading G-R14, automated): eliminate units abroad and/or markers whose upkeep covers
    the deficit as exactly as possible; the treasury is then zero. Here: while the deficit lasts,
    drop the smallest item that covers it, else the largest one."""
    content = state.content
    while deficit > 0:
        items: list[tuple[int, str, str, str]] = []
        for loc, units in state.units.get(power, {}).items():
            if loc != HOME:
                for code in set(units):
                    items.append((strength(code) * content.unit_upkeep, "unit", loc, code))
        for area, held in state.markers.items():
            if power in held:
                items.append((content.maintenance[held[power][0]], "marker", area, held[power][0]))
        items = [i for i in items if i[0] > 0]
        if not items:
            return
        covering = sorted(i for i in items if i[0] >= deficit)
        pick = covering[0] if covering else max(items)
        upkeep, kind, where, what = pick
        if kind == "unit":
            units_at(state, power, where).remove(what)
            if not state.units[power][where]:
                del state.units[power][where]
        else:
            set_marker(state, where, power, None)
        note(log, f"{power} cannot pay: its {what} in {where} is eliminated", "L422")
        deficit -= upkeep
