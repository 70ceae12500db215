"""Struggle of Empires' content once loaded: frozen objects the rules read (compiled with mypyc in
the fast build; the file models and loading stay in :mod:`.` with pydantic)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from ....engine.provenance import AuditEntry, Provenance


@dataclass(frozen=True, slots=True)
class Rules:
    wars: int
    min_players: int
    max_players: int
    rounds_small: int
    rounds_large: int
    large_from: int
    actions_per_turn: int
    starting_gold: int
    starting_population: int
    starting_vp: int
    population_growth: int
    population_cap: int
    markers_per_war: int
    setup_tokens: int
    deployment_units: int
    attack_cost: int
    loan_gold: int
    loan_gold_banking: int
    fort_value: int
    naval_support: int
    blockade_support: int
    training_bonus: int
    sea_arrive_from: int
    sea_lost_to: int
    sea_back_to: int
    navigation_bonus: int
    pirates_strength: int
    slave_revolt_strength: int
    industry_vp: int
    reform_unrest: int
    revolution_unrest: int
    penalty_first: int
    penalty_second: int
    unrest_marker_value: int
    unrest_pool: tuple[int, ...]
    """With valued markers (option ``unrest_markers=valued``, G8): how many markers are worth
    1, 2, 3, ... points."""

    def rounds(self, players: int) -> int:
        """L135: six rounds with 2-4 players, five with five or more."""
        return self.rounds_large if players >= self.large_from else self.rounds_small


@dataclass(frozen=True, slots=True)
class Empire:
    id: str
    name_en: str
    name_fr: str
    home: str


@dataclass(frozen=True, slots=True)
class Region:
    id: str
    name_en: str
    name_fr: str
    kind: str
    american: bool
    sea: bool
    naval_at: str | None
    """Where the naval combat of an attack here is fought: the region itself when it takes
    ships, the Mediterranean for the Ottoman Empire (L260-261), none when land-locked."""
    vp: tuple[int, ...]
    adjacent: frozenset[str]

    @property
    def scoring(self) -> bool:
        return self.kind != "home"

    @property
    def colonial(self) -> bool:
        return self.kind == "colony"


@dataclass(frozen=True, slots=True)
class Marker:
    """A region marker (L251-253, L296-301, L337-341), from its code: ``pop``, ``slaves``,
    ``n2`` (a neutral of strength 2), ``n2g3`` (+3 gold to its conqueror), ``n1v`` (+1 VP)."""

    code: str
    strength: int
    gold: int
    vp: int

    @property
    def neutral(self) -> bool:
        return self.strength > 0


_CODE = re.compile(r"^n(\d)(?:g(\d)|(v))?$")


_MARKERS: dict[str, Marker] = {}


def marker_of(code: str) -> Marker:
    """The marker a code names (read once per code, then kept)."""
    known = _MARKERS.get(code)
    if known is not None:
        return known
    found = _CODE.match(code)
    if found is None:
        marker = Marker(code, 0, 0, 0)
    else:
        marker = Marker(code, int(found.group(1)), int(found.group(2) or 0), 1 if found.group(3) else 0)
    _MARKERS[code] = marker
    return marker


@dataclass(frozen=True, slots=True)
class Tile:
    id: str
    kind: str
    name_en: str
    name_fr: str
    copies: int
    regions: tuple[str, ...]
    bonus: str | None
    use: str
    gold: int
    population: int
    unrest: int
    text_en: str
    text_fr: str


@dataclass(frozen=True, slots=True)
class Content:
    version: str
    fingerprint: str
    rules: Rules
    empire_order: tuple[str, ...]
    empires: Mapping[str, Empire]
    regions: Mapping[str, Region]
    region_ids: tuple[str, ...]
    scoring_ids: tuple[str, ...]
    markers: tuple[tuple[str, str], ...]
    """The bag: (region, code) for every marker, in file order."""
    tiles: Mapping[str, Tile]
    tile_ids: tuple[str, ...]
    provenance: Mapping[str, Provenance]
    audit: tuple[AuditEntry, ...]

    def home_of(self, empire: str) -> str:
        return self.empires[empire].home
