"""Struggle of Empires' content as validated data with provenance (``data/*.toml``).

The French rules summary gives the procedures almost whole but few numbers: every value says where
it comes from (``stated``/``implied`` with the line of the text, or ``reconstructed`` with the gap of
``shared/rules/soe-digest.md`` and a rationale). Reading, overrides and the audit are the engine's
(:mod:`realpolitik.engine.content`); this module holds the file models and :func:`build`.

>>> content = load_content()
>>> content.regions["german-states"].vp
(8, 5, 3)
>>> content.rules.starting_gold
10
>>> len(content.tiles)
38
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import StringConstraints

from ....engine.content import (
    ContentPackage,
    KeyPath,
    Leaf,
    NonNegInt,
    Origins,
    PosInt,
    Slug,
    Strict,
    Text,
    collect,
    fingerprint,
    leaves,
)
from .model import Content, Empire, Marker, Region, Rules, Tile, marker_of

CONTENT_VERSION = "0.1"
DATA_DIR = Path(__file__).resolve().parent.parent / "data"

EmpireId = Annotated[str, StringConstraints(pattern=r"^[A-Z]{2}$")]
MarkerCode = Annotated[str, StringConstraints(pattern=r"^(pop|slaves|n[1-9](g[1-9]|v)?)$")]
RegionKind = Literal["colony", "europe", "home"]
TileKind = Literal["commerce", "alliance", "development"]
TileUse = Literal["permanent", "once-per-war", "discard", "immediate", "single-use", "war"]
Bonus = Literal["army", "either"]


# -- file models ---------------------------------------------------------------------------------------


class RawRules(Strict):
    wars: Leaf[PosInt]
    min_players: Leaf[PosInt]
    max_players: Leaf[PosInt]
    rounds_small: Leaf[PosInt]
    rounds_large: Leaf[PosInt]
    large_from: Leaf[PosInt]
    actions_per_turn: Leaf[PosInt]
    starting_gold: Leaf[NonNegInt]
    starting_population: Leaf[NonNegInt]
    starting_vp: Leaf[NonNegInt]
    population_growth: Leaf[NonNegInt]
    population_cap: Leaf[PosInt]
    markers_per_war: Leaf[NonNegInt]
    setup_tokens: Leaf[NonNegInt]
    deployment_units: Leaf[NonNegInt]
    attack_cost: Leaf[NonNegInt]
    loan_gold: Leaf[PosInt]
    loan_gold_banking: Leaf[PosInt]
    fort_value: Leaf[PosInt]
    naval_support: Leaf[NonNegInt]
    blockade_support: Leaf[NonNegInt]
    training_bonus: Leaf[NonNegInt]
    sea_arrive_from: Leaf[PosInt]
    sea_lost_to: Leaf[NonNegInt]
    sea_back_to: Leaf[NonNegInt]
    navigation_bonus: Leaf[NonNegInt]
    pirates_strength: Leaf[NonNegInt]
    slave_revolt_strength: Leaf[NonNegInt]
    industry_vp: Leaf[NonNegInt]
    reform_unrest: Leaf[NonNegInt]
    revolution_unrest: Leaf[PosInt]
    penalty_first: Leaf[NonNegInt]
    penalty_second: Leaf[NonNegInt]
    unrest_marker_value: Leaf[PosInt]
    unrest_pool: Leaf[list[NonNegInt]]


class RawEmpireOrder(Strict):
    order: Leaf[list[EmpireId]]


class RawEmpire(Strict):
    name_en: Leaf[Text]
    name_fr: Leaf[Text]
    home: Leaf[Slug]


class RawRegion(Strict):
    name_en: Leaf[Text]
    name_fr: Leaf[Text]
    kind: Leaf[RegionKind]
    american: Leaf[bool]
    sea: Leaf[bool]
    naval_at: Leaf[Slug] | None = None
    vp: Leaf[list[PosInt]] | None = None
    adjacent: Leaf[list[Slug]] | None = None


class RawTile(Strict):
    kind: Leaf[TileKind]
    name_en: Leaf[Text]
    name_fr: Leaf[Text]
    copies: Leaf[PosInt]
    regions: Leaf[list[Slug]] | None = None
    bonus: Leaf[Bonus] | None = None
    use: Leaf[TileUse]
    gold: Leaf[NonNegInt]
    population: Leaf[NonNegInt]
    unrest: Leaf[NonNegInt]
    text_en: Leaf[Text]
    text_fr: Leaf[Text]


class RawContent(Strict):
    rules: RawRules
    empires: RawEmpireOrder
    empire: dict[EmpireId, RawEmpire]
    region: dict[Slug, RawRegion]
    markers: dict[Slug, Leaf[list[MarkerCode]]]
    tile: dict[Slug, RawTile]


# -- frozen content: content/model.py ------------------------------------------------------------------


def _kind_of(path: KeyPath) -> str:
    return {"rules": "rules", "empires": "empire", "empire": "empire", "region": "region"}.get(
        path[0], "marker" if path[0] == "markers" else "tile"
    )


def build(data: Mapping[str, Any], origins: Origins) -> Content:
    """Validate merged data and build the frozen :class:`Content` (cross-checks included)."""
    raw = origins.validate(RawContent, data)
    fields = {name: getattr(raw.rules, name).value for name in Rules.__dataclass_fields__}
    fields["unrest_pool"] = tuple(fields["unrest_pool"])  # a tuple, as the compiled class checks
    rules = Rules(**fields)
    if not rules.sea_lost_to <= rules.sea_back_to <= 6:
        raise origins.error("rules.sea_back_to", "the sea-roll bands must rise: lost <= back <= 6")
    if not 2 <= rules.min_players <= rules.max_players:
        raise origins.error("rules.max_players", "between 2 and the number of empires")
    regions: dict[str, Region] = {}
    for rid, r in raw.region.items():
        vp = tuple(r.vp.value) if r.vp else ()
        if r.kind.value != "home" and not 2 <= len(vp) <= 3:
            raise origins.error(f"region.{rid}.vp", "a scoring region shows two or three VP values (L366)")
        if list(vp) != sorted(vp, reverse=True):
            raise origins.error(f"region.{rid}.vp", "VP values go from the highest down")
        if r.kind.value == "home" and vp:
            raise origins.error(f"region.{rid}.vp", "home countries score nothing (L25)")
        naval_at = (
            r.naval_at.value if r.naval_at else (rid if r.sea.value and r.kind.value != "home" else None)
        )
        regions[rid] = Region(
            rid,
            r.name_en.value,
            r.name_fr.value,
            r.kind.value,
            r.american.value,
            r.sea.value,
            naval_at,
            vp,
            frozenset(r.adjacent.value) if r.adjacent else frozenset(),
        )
    # Adjacency is given once, on the scoring side; make it symmetric and check it names regions.
    links: dict[str, set[str]] = {rid: set(reg.adjacent) for rid, reg in regions.items()}
    for rid, reg in regions.items():
        for other in reg.adjacent:
            if other not in regions:
                raise origins.error(f"region.{rid}.adjacent", f"unknown region {other!r}")
            links[other].add(rid)
        if reg.naval_at is not None and reg.naval_at not in regions:
            raise origins.error(f"region.{rid}.naval_at", f"unknown region {reg.naval_at!r}")
    regions = {
        rid: Region(
            r.id, r.name_en, r.name_fr, r.kind, r.american, r.sea, r.naval_at, r.vp, frozenset(links[rid])
        )
        for rid, r in regions.items()
    }
    empires: dict[str, Empire] = {}
    for eid, e in raw.empire.items():
        if e.home.value not in regions or regions[e.home.value].kind != "home":
            raise origins.error(f"empire.{eid}.home", f"{e.home.value!r} is not a home country")
        empires[eid] = Empire(eid, e.name_en.value, e.name_fr.value, e.home.value)
    order = tuple(raw.empires.order.value)
    if sorted(order) != sorted(empires) or len(set(order)) != len(order):
        raise origins.error("empires.order", "must list every empire once")
    if len(order) < rules.max_players:
        raise origins.error("rules.max_players", "more players than empires", "empires.order")
    bag: list[tuple[str, str]] = []
    for rid, codes in raw.markers.items():
        if rid not in regions or not regions[rid].scoring:
            raise origins.error(f"markers.{rid}", "markers belong to the 11 scoring regions")
        for code in codes.value:
            if code == "slaves" and rid != "africa":
                raise origins.error(f"markers.{rid}", "Slaves markers exist only in Africa (L340-341)")
            bag.append((rid, code))
    needed = rules.markers_per_war * rules.wars + rules.setup_tokens * rules.max_players
    if len(bag) < needed:
        raise origins.error("markers", f"the bag holds {len(bag)} markers; a full game draws {needed}")
    tiles: dict[str, Tile] = {}
    for tid, t in raw.tile.items():
        regs = tuple(t.regions.value) if t.regions else ()
        for where in regs:
            if where not in regions or not regions[where].scoring:
                raise origins.error(f"tile.{tid}.regions", f"unknown scoring region {where!r}")
        if t.kind.value in ("commerce", "alliance") and not regs:
            raise origins.error(f"tile.{tid}", f"a {t.kind.value} tile names its region(s)")
        if t.kind.value == "alliance" and (t.bonus is None or t.use.value != "war"):
            raise origins.error(f"tile.{tid}", "an alliance tile has a bonus and lasts the War (L166)")
        tiles[tid] = Tile(
            tid,
            t.kind.value,
            t.name_en.value,
            t.name_fr.value,
            t.copies.value,
            regs,
            t.bonus.value if t.bonus else None,
            t.use.value,
            t.gold.value,
            t.population.value,
            t.unrest.value,
            t.text_en.value,
            t.text_fr.value,
        )
    audit, provenance = collect(leaves(raw), origins, _kind_of)
    region_ids = tuple(regions)
    return Content(
        version=CONTENT_VERSION,
        fingerprint=fingerprint(data),
        rules=rules,
        empire_order=order,
        empires=empires,
        regions=regions,
        region_ids=region_ids,
        scoring_ids=tuple(r for r in region_ids if regions[r].scoring),
        markers=tuple(bag),
        tiles=tiles,
        tile_ids=tuple(tiles),
        provenance=provenance,
        audit=audit,
    )


PACKAGE: ContentPackage[Content] = ContentPackage(
    DATA_DIR, build, audit=lambda content: content.audit, guide="docs/struggle-of-empires.md"
)


def load_content(override: Mapping[str, Any] | None = None) -> Content:
    return PACKAGE.load(override)


__all__ = [
    "CONTENT_VERSION",
    "PACKAGE",
    "Content",
    "Empire",
    "Marker",
    "Region",
    "Rules",
    "Tile",
    "load_content",
    "marker_of",
]
