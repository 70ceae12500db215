"""Pax Britannica's content: the checked data as frozen objects (see docs/pax-britannica.md)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Any

from ....engine.content import ContentPackage, Origins, collect, fingerprint, leaves
from ....engine.provenance import AuditEntry, Provenance
from .model import RawContent

DATA_DIR = Path(__file__).resolve().parent.parent / "data"

AREA_TYPES = ("independent", "ottoman", "chinese-empire", "chinese-vassal", "unorganized")
LEVELS = ("interest", "influence", "protectorate", "possession", "state", "dominion")
RANK = {"interest": 1, "influence": 2, "protectorate": 3, "possession": 4, "state": 5, "dominion": 5}
"""The status ladder (L249-252); a State or Dominion is the top step for its one Power."""
CONTROL = frozenset(("protectorate", "possession", "state", "dominion"))
STRENGTHS = (1, 3, 10)
EFFECT_KEYS: dict[str, tuple[str, ...]] = {
    "unrest": ("table",),
    "eti": ("amount",),
    "cri": ("amount",),
    "co-factor": ("power", "factor"),
    "co-none": ("power",),
    "co-shift": ("power", "shift"),
    "forced-units": ("power", "amount", "naval"),
    "licence": ("power", "areas"),
    "casus-belli": ("power", "against"),
    "balkan-war": (),
}
RESULTS = ("E", "AR", "EX", "HEX", "DR", "DE")


@dataclass(frozen=True, slots=True)
class Area:
    id: str
    name: str
    type: str
    ev: int
    cs: int
    seas: tuple[str, ...]
    land: tuple[str, ...]
    """Neighbouring Areas by Overland Route."""
    homes: tuple[str, ...]
    """Home Countries with an Overland Route to this Area."""


@dataclass(frozen=True, slots=True)
class Sea:
    id: str
    name: str
    neighbours: tuple[str, ...]
    cape: bool


@dataclass(frozen=True, slots=True)
class Home:
    power: str
    name: str
    seas: tuple[str, ...]
    land: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Setup:
    markers: Mapping[str, str]
    armies: Mapping[str, tuple[int, ...]]
    navals: Mapping[str, tuple[int, ...]]
    fleets: tuple[str, ...]
    minor_fleets: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Power:
    id: str
    name: str
    european: bool
    great_from: int
    """The player count from which the Power is Great (0: always a Minor Power)."""
    divisor_tenths: int
    """The VP divisor times ten (2.5 -> 25), so VP stay whole numbers; 0 for Minor Powers."""
    colonial_office: tuple[int, ...]
    round_markers: int
    hex_markers: int
    special_markers: int
    setup: Setup
    unit_counters: Mapping[int, int]
    """Military unit counters by strength, Army or Naval side (L126-127, L136-137); empty for the
    Powers that are always Minor: they take units from the box (G-R22)."""


@dataclass(frozen=True, slots=True)
class Event:
    id: str
    name: str
    effects: tuple[Mapping[str, Any], ...]


@dataclass(frozen=True, slots=True)
class Crt:
    smaller_from: int
    columns: tuple[tuple[int, int], ...]
    """Odds columns as (attacker, defender), lowest first."""
    results: tuple[tuple[str, ...], ...]


@dataclass(frozen=True, slots=True)
class Turn:
    year: int
    penalty: int
    fleets: Mapping[str, int]


@dataclass(frozen=True, slots=True)
class Content:
    areas: Mapping[str, Area]
    area_ids: tuple[str, ...]
    seas: Mapping[str, Sea]
    homes: Mapping[str, Home]
    powers: Mapping[str, Power]
    power_ids: tuple[str, ...]
    game: Mapping[str, Any]
    regions: Mapping[str, tuple[str, ...]]
    costs: Mapping[str, int]
    unit_costs: Mapping[int, int]
    income: Mapping[str, int]
    maintenance: Mapping[str, int]
    unit_upkeep: int
    resentment: Mapping[str, int]
    tensions: Mapping[str, Any]
    track: tuple[Turn, ...]
    event_cells: Mapping[str, str]
    events: Mapping[str, Event]
    unrest: Mapping[str, tuple[int, tuple[str, ...]]]
    minor_activity: Mapping[str, tuple[int, tuple[str, ...]]]
    crt: tuple[Crt, ...]
    coasts: Mapping[str, tuple[str, ...]]
    """Sea Zone -> the Areas on its coast (an index of ``Area.seas``)."""
    audit: tuple[AuditEntry, ...]
    provenance: Mapping[str, Provenance]
    fingerprint: str


def _kind(path: tuple[str, ...]) -> str:
    return {"minor_activity": "minor-activity", "event": "event", "events": "event"}.get(path[0], path[0])


def build(data: Mapping[str, Any], origins: Origins) -> Content:
    raw = origins.validate(RawContent, data)
    seas = {
        sid: Sea(sid, s.name.value, tuple(s.neighbours.value), s.cape.value) for sid, s in raw.sea.items()
    }
    for sid, zone in seas.items():
        for other in zone.neighbours:
            if other not in seas:
                raise origins.error(f"sea.{sid}.neighbours", f"no Sea Zone {other!r}")
            if not zone.cape and not seas[other].cape and sid not in raw.sea[other].neighbours.value:
                raise origins.error(f"sea.{sid}.neighbours", f"{other} does not list {sid} back")
    powers_raw = raw.power
    homes: dict[str, Home] = {}
    for pid, h in raw.home.items():
        if pid not in powers_raw:
            raise origins.error(f"home.{pid}", f"no Power {pid!r}")
        homes[pid] = Home(pid, h.name.value, tuple(h.seas.value), tuple(h.land.value))
    areas: dict[str, Area] = {}
    for aid, a in raw.area.items():
        if a.type.value not in AREA_TYPES:
            raise origins.error(f"area.{aid}.type", f"type must be one of {', '.join(AREA_TYPES)}")
        for sea in a.seas.value:
            if sea not in seas or seas[sea].cape:
                raise origins.error(f"area.{aid}.seas", f"no Sea Zone {sea!r}")
        land = tuple(n for n in a.land.value if not n.startswith("home:"))
        near = tuple(n[5:] for n in a.land.value if n.startswith("home:"))
        for home in near:
            if home not in homes or aid not in homes[home].land:
                raise origins.error(f"area.{aid}.land", f"home:{home} does not list {aid} back")
        areas[aid] = Area(
            aid, a.name.value, a.type.value, a.ev.value, a.cs.value, tuple(a.seas.value), land, near
        )
    for aid, area in areas.items():
        for other in area.land:
            if other not in areas:
                raise origins.error(f"area.{aid}.land", f"no Area {other!r}")
            if aid not in areas[other].land:
                raise origins.error(f"area.{aid}.land", f"{other} does not list {aid} back")
    if len(areas) != raw.map.areas.value:
        raise origins.error("map.areas", f"{len(areas)} Areas in the data, the map has {raw.map.areas.value}")
    plain = [s for s in seas.values() if not s.cape]
    if len(plain) != raw.map.sea_zones.value:
        raise origins.error("map.sea_zones", f"{len(plain)} Sea Zones in the data")
    for pid, home_country in homes.items():
        for sea in home_country.seas:
            if sea not in seas:
                raise origins.error(f"home.{pid}.seas", f"no Sea Zone {sea!r}")
        for aid in home_country.land:
            if aid not in areas or pid not in areas[aid].homes:
                raise origins.error(f"home.{pid}.land", f"{aid} does not list home:{pid} back")
    powers: dict[str, Power] = {}
    for pid, p in powers_raw.items():
        if pid not in homes:
            raise origins.error(f"power.{pid}", "a Power needs a Home Country (home table)")
        s = p.setup
        for aid, level in s.markers.value.items():
            if aid not in areas or level not in LEVELS:
                raise origins.error(
                    f"power.{pid}.setup.markers", f"{aid} = {level} is not an Area and a level"
                )
        for field, units in (("armies", s.armies.value), ("navals", s.navals.value)):
            for loc, strengths in units.items():
                if loc != "home" and loc not in areas:
                    raise origins.error(f"power.{pid}.setup.{field}", f"no Area {loc!r}")
                if any(x not in STRENGTHS for x in strengths):
                    raise origins.error(f"power.{pid}.setup.{field}", "unit strengths are 1, 3 or 10 (L128)")
                if loc != "home" and s.markers.value.get(loc) not in CONTROL:
                    raise origins.error(
                        f"power.{pid}.setup.{field}", f"{loc}: units abroad need a Control marker"
                    )
        fleets = tuple(s.fleets.value) + tuple(s.minor_fleets.value if s.minor_fleets else ())
        for sea in fleets:
            if sea not in seas or seas[sea].cape:
                raise origins.error(f"power.{pid}.setup.fleets", f"no Sea Zone {sea!r} for a Merchant Fleet")
        if len(set(fleets)) != len(fleets):
            raise origins.error(
                f"power.{pid}.setup.fleets", "one Merchant Fleet per nationality per Sea Zone (L658)"
            )
        if p.great_from.value and (p.divisor is None or p.colonial_office is None):
            raise origins.error(
                f"power.{pid}", "a Power that can be Great needs a divisor and a Colonial Office row"
            )
        if p.divisor is not None and (
            p.divisor.value <= 0 or abs(p.divisor.value * 10 - round(p.divisor.value * 10)) > 1e-9
        ):
            # VP are figured in tenths of the divisor (2.5 -> 25) so they stay whole numbers
            raise origins.error(f"power.{pid}.divisor", "a positive number in tenths (2.5, 5.2), not finer")
        if p.colonial_office is not None and len(p.colonial_office.value) != 6:
            raise origins.error(f"power.{pid}.colonial_office", "one value per die face")
        rounds = sum(1 for lv in s.markers.value.values() if lv in ("interest", "influence"))
        hexes = sum(1 for lv in s.markers.value.values() if lv in ("protectorate", "possession"))
        if rounds > p.round_markers.value or hexes > p.hex_markers.value:
            raise origins.error(f"power.{pid}.setup.markers", "more markers at set-up than counters")
        counters: dict[int, int] = {}
        if p.unit_counters is not None:
            counters = {int(k): v for k, v in p.unit_counters.value.items() if k.isdigit()}
            if set(p.unit_counters.value) != {"1", "3", "10"}:
                raise origins.error(f"power.{pid}.unit_counters", "one count for each strength 1, 3 and 10")
            placed = [x for units in (*s.armies.value.values(), *s.navals.value.values()) for x in units]
            for size, count in counters.items():
                if placed.count(size) > count:
                    raise origins.error(
                        f"power.{pid}.unit_counters", f"more units of strength {size} at set-up than counters"
                    )
        elif p.great_from.value:
            raise origins.error(
                f"power.{pid}", "a Power that can be Great needs its unit counters (L126-127)"
            )
        powers[pid] = Power(
            pid,
            p.name.value,
            p.european.value,
            p.great_from.value,
            round(p.divisor.value * 10) if p.divisor is not None else 0,
            tuple(p.colonial_office.value) if p.colonial_office is not None else (),
            p.round_markers.value,
            p.hex_markers.value,
            p.special_markers.value if p.special_markers is not None else 0,
            Setup(
                MappingProxyType(dict(s.markers.value)),
                MappingProxyType({k: tuple(v) for k, v in s.armies.value.items()}),
                MappingProxyType({k: tuple(v) for k, v in s.navals.value.items()}),
                tuple(s.fleets.value),
                tuple(s.minor_fleets.value) if s.minor_fleets else (),
            ),
            MappingProxyType(counters),
        )
    # Guiana starts as an Anglo-Franco-Dutch codominion of Possessions (L811, L1311-1313).
    regions = {name: tuple(leaf.value) for name, leaf in raw.game.regions.items()}
    for name, ids in regions.items():
        for aid in ids:
            if aid not in areas:
                raise origins.error(f"game.regions.{name}", f"no Area {aid!r}")
    g = raw.game
    if len(regions.get("chinese_placement", ())) != 11:
        raise origins.error("game.regions.chinese_placement", "one Area for each two-dice total, 2 to 12")
    game = {name: getattr(g, name).value for name in type(g).model_fields if name != "regions"}
    events = {}
    for eid, e in raw.event.items():
        for step in e.effect.value:
            op = step.get("op")
            if op not in EFFECT_KEYS:
                raise origins.error(f"event.{eid}.effect", f"unknown op {op!r} ({', '.join(EFFECT_KEYS)})")
            missing = [k for k in EFFECT_KEYS[op] if k not in step]
            if missing:
                raise origins.error(f"event.{eid}.effect", f"{op} needs {', '.join(missing)}")
            for aid in step.get("areas", []):
                if aid not in areas:
                    raise origins.error(f"event.{eid}.effect", f"no Area {aid!r}")
            if op == "unrest" and step["table"] not in raw.unrest:
                raise origins.error(f"event.{eid}.effect", f"no Unrest table {step['table']!r}")
        events[eid] = Event(eid, e.name.value, tuple(MappingProxyType(dict(s)) for s in e.effect.value))
    cells = {c: leaf.value for c, leaf in raw.events.cells.items()}
    expected = {f"{a}{b}" for a in range(1, 7) for b in range(1, 7)}
    if set(cells) != expected:
        raise origins.error(
            "events.cells", "the table needs the 36 cells 11..66 (two dice read in order, L325)"
        )
    for c, eid in cells.items():
        if eid not in events:
            raise origins.error(f"events.cells.{c}", f"no event {eid!r}")
    unrest = {}
    for t, u in raw.unrest.items():
        need = 11 if u.dice.value == 2 else 6
        if u.dice.value not in (1, 2) or len(u.areas.value) != need:
            raise origins.error(f"unrest.{t}.areas", f"{u.dice.value} dice need {need} Areas")
        for aid in u.areas.value:
            if aid not in areas:
                raise origins.error(f"unrest.{t}.areas", f"no Area {aid!r}")
        unrest[t] = (u.dice.value, tuple(u.areas.value))
    minors = {}
    for pid, m in raw.minor_activity.items():
        if pid not in powers or len(m.areas.value) != 11:
            raise origins.error(f"minor_activity.{pid}", "a Power's table has 11 Areas (2d6 sums 2..12)")
        for aid in m.areas.value:
            if aid not in areas:
                raise origins.error(f"minor_activity.{pid}.areas", f"no Area {aid!r}")
        minors[pid] = (m.active_from.value, tuple(m.areas.value))
    for pid, power in powers.items():
        if power.great_from != 4 and pid not in minors:
            raise origins.error(f"minor_activity.{pid}", "a Power that can be Minor needs an activity table")
    crt = []
    for key in sorted(raw.crt):
        table = raw.crt[key]
        cols = []
        for text in table.columns.value:
            att, _, dfn = text.partition("-")
            if not (att.isdigit() and dfn.isdigit()):
                raise origins.error(f"crt.{key}.columns", f"{text!r} is not odds like 3-2")
            cols.append((int(att), int(dfn)))
        if sorted(cols, key=lambda x: x[0] / x[1]) != cols:
            raise origins.error(f"crt.{key}.columns", "columns go from the worst odds to the best")
        rows = table.results.value
        if len(rows) != len(cols) or any(len(r) != 6 or any(x not in RESULTS for x in r) for r in rows):
            raise origins.error(
                f"crt.{key}.results", f"one row of six results ({', '.join(RESULTS)}) per column"
            )
        crt.append(Crt(table.smaller_from.value, tuple(cols), tuple(tuple(r) for r in rows)))
    track = tuple(
        Turn(
            raw.track[str(t)].year.value,
            raw.track[str(t)].penalty.value,
            MappingProxyType(dict(raw.track[str(t)].fleets.value)),
        )
        for t in range(1, game["turns"] + 1)
        if str(t) in raw.track
    )
    if len(track) != game["turns"]:
        raise origins.error("track", "one Game Turn Track box per turn")
    audit, provenance = collect(leaves(raw), origins, _kind)
    return Content(
        areas=MappingProxyType(areas),
        area_ids=tuple(areas),
        seas=MappingProxyType(seas),
        homes=MappingProxyType(homes),
        powers=MappingProxyType(powers),
        power_ids=tuple(powers),
        game=MappingProxyType(game),
        regions=MappingProxyType(regions),
        costs=MappingProxyType({lv: getattr(raw.costs, lv).value for lv in LEVELS}),
        unit_costs=MappingProxyType({int(k): v for k, v in raw.costs.unit.value.items()}),
        income=MappingProxyType({lv: getattr(raw.income, lv).value for lv in LEVELS}),
        maintenance=MappingProxyType({lv: getattr(raw.maintenance, lv).value for lv in LEVELS}),
        unit_upkeep=raw.maintenance.unit_per_strength.value,
        resentment=MappingProxyType(
            {k: getattr(raw.resentment, k).value for k in type(raw.resentment).model_fields}
        ),
        tensions=MappingProxyType(
            {k: getattr(raw.tensions, k).value for k in type(raw.tensions).model_fields}
        ),
        track=track,
        event_cells=MappingProxyType(cells),
        events=MappingProxyType(events),
        unrest=MappingProxyType(unrest),
        minor_activity=MappingProxyType(minors),
        crt=tuple(crt),
        coasts=MappingProxyType({sid: tuple(a for a in areas if sid in areas[a].seas) for sid in seas}),
        audit=audit,
        provenance=MappingProxyType(provenance),
        fingerprint=fingerprint(data),
    )


PACKAGE: ContentPackage[Content] = ContentPackage(
    DATA_DIR, build, audit=lambda content: content.audit, guide="docs/pax-britannica.md"
)


def load_content(override: Mapping[str, Any] | None = None) -> Content:
    return PACKAGE.load(override)
