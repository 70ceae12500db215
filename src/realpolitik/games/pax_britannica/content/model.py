"""The file models of Pax Britannica's ``data/*.toml``: every value a provenance leaf."""

from __future__ import annotations

from typing import Any

from ....engine.content import Leaf, NonNegInt, PosInt, Strict, Text

Effect = dict[str, Any]


class MapInfo(Strict):
    areas: Leaf[PosInt]
    sea_zones: Leaf[PosInt]
    cape_zones: Leaf[list[str]]


class SeaModel(Strict):
    name: Leaf[Text]
    neighbours: Leaf[list[str]]
    cape: Leaf[bool]


class AreaModel(Strict):
    name: Leaf[Text]
    type: Leaf[str]
    ev: Leaf[NonNegInt]
    cs: Leaf[NonNegInt]
    seas: Leaf[list[str]]
    land: Leaf[list[str]]


class HomeModel(Strict):
    name: Leaf[Text]
    seas: Leaf[list[str]]
    land: Leaf[list[str]]


class SetupModel(Strict):
    markers: Leaf[dict[str, str]]
    armies: Leaf[dict[str, list[int]]]
    navals: Leaf[dict[str, list[int]]]
    fleets: Leaf[list[str]]
    minor_fleets: Leaf[list[str]] | None = None


class PowerModel(Strict):
    name: Leaf[Text]
    european: Leaf[bool]
    great_from: Leaf[NonNegInt]
    divisor: Leaf[float] | None = None
    colonial_office: Leaf[list[int]] | None = None
    round_markers: Leaf[NonNegInt]
    hex_markers: Leaf[NonNegInt]
    special_markers: Leaf[NonNegInt] | None = None
    unit_counters: Leaf[dict[str, NonNegInt]] | None = None
    """Counters by strength (each an Army or a Naval unit, L136-137); none: no limit (G-R22)."""
    setup: SetupModel


class GameModel(Strict):
    min_players: Leaf[PosInt]
    max_players: Leaf[PosInt]
    turns: Leaf[PosInt]
    first_year: Leaf[PosInt]
    years_per_turn: Leaf[PosInt]
    great_war_eti: Leaf[PosInt]
    culprit_factor: Leaf[PosInt]
    canal_cost: Leaf[PosInt]
    canal_vp: Leaf[PosInt]
    codominion_upgrade_cost: Leaf[PosInt]
    africa_east_west_vp: Leaf[PosInt]
    africa_north_south_vp: Leaf[PosInt]
    end_area_vp_factor: Leaf[PosInt]
    rebellion_dice: Leaf[PosInt]
    native_army_strength: Leaf[PosInt]
    native_army_counters: Leaf[PosInt]
    ottoman_armies: Leaf[PosInt]
    regions: dict[str, Leaf[list[str]]]


class Ladder(Strict):
    interest: Leaf[NonNegInt]
    influence: Leaf[NonNegInt]
    protectorate: Leaf[NonNegInt]
    possession: Leaf[NonNegInt]
    state: Leaf[NonNegInt]
    dominion: Leaf[NonNegInt]


class Costs(Ladder):
    unit: Leaf[dict[str, int]]


class Maintenance(Ladder):
    unit_per_strength: Leaf[NonNegInt]


class Resentment(Strict):
    control_in_empire: Leaf[NonNegInt]
    control_in_vassal: Leaf[NonNegInt]
    placed_in_empire: Leaf[NonNegInt]
    placed_in_vassal: Leaf[NonNegInt]


class Tensions(Strict):
    marker_step: Leaf[NonNegInt]
    congress: Leaf[NonNegInt]
    congress_unresolved_cb: Leaf[NonNegInt]
    congress_refusal: Leaf[NonNegInt]
    declaration: Leaf[NonNegInt]
    separate_peace: Leaf[NonNegInt]
    war_turn: Leaf[NonNegInt]
    small_naval: Leaf[NonNegInt]
    big_naval: Leaf[NonNegInt]
    naval_exempt: Leaf[list[str]]
    treaty_broken: Leaf[NonNegInt]
    minor_defender_failed: Leaf[NonNegInt]


class TrackModel(Strict):
    year: Leaf[PosInt]
    penalty: Leaf[NonNegInt]
    fleets: Leaf[dict[str, int]]


class EventsModel(Strict):
    count_die: Leaf[PosInt]
    cells: dict[str, Leaf[str]]


class EventModel(Strict):
    name: Leaf[Text]
    effect: Leaf[list[Effect]]


class UnrestModel(Strict):
    dice: Leaf[PosInt]
    areas: Leaf[list[str]]


class MinorModel(Strict):
    active_from: Leaf[PosInt]
    areas: Leaf[list[str]]


class CrtModel(Strict):
    smaller_from: Leaf[NonNegInt]
    columns: Leaf[list[str]]
    results: Leaf[list[list[str]]]


class RawContent(Strict):
    """Every top-level table of the data folder."""

    map: MapInfo
    sea: dict[str, SeaModel]
    area: dict[str, AreaModel]
    home: dict[str, HomeModel]
    power: dict[str, PowerModel]
    game: GameModel
    costs: Costs
    income: Ladder
    maintenance: Maintenance
    resentment: Resentment
    tensions: Tensions
    track: dict[str, TrackModel]
    events: EventsModel
    event: dict[str, EventModel]
    unrest: dict[str, UnrestModel]
    minor_activity: dict[str, MinorModel]
    crt: dict[str, CrtModel]
