"""The whole content of the game as one frozen object, read by the rules in their hot loops."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ....engine.provenance import AuditEntry, Provenance
from .cards import EventCard, EventDecks, IntrigueCard, NationalCard
from .map import ArmamentRate, Continent, MinorCubes, MinorNation, Territory
from .powers import InitialSetup, Power
from .rules import DisputeRules, GameRules, NonPlayerRules, SoloRules
from .tracks import FleetTrack, PrestigeTrack


def copy_tree(data: Mapping[str, Any]) -> dict[str, Any]:
    """A fresh copy of nested tables (lists are copied too; the leaves are immutable)."""
    out: dict[str, Any] = {}
    for key, value in data.items():
        if isinstance(value, Mapping):
            out[key] = copy_tree(value)
        elif isinstance(value, list):
            out[key] = [copy_tree(item) if isinstance(item, Mapping) else item for item in value]
        else:
            out[key] = value
    return out


@dataclass(frozen=True, slots=True)
class Variant:
    """A named set of changed values shipped with the game (``variants.toml``)."""

    id: str
    description: str
    _override: Mapping[str, Any] = field(repr=False)

    def override(self) -> dict[str, Any]:
        """The variant as an override for :func:`load_content` (a fresh copy each call)."""
        return copy_tree(self._override)


@dataclass(frozen=True, slots=True)
class Content:
    """Everything the rules need to know about La Belle Époque's pieces, map, tracks and cards.

    Lookups are plain attributes and read-only mappings; ids come in fixed tuples (file order).
    ``provenance`` gives the origin of every value by its dotted key
    (``content.provenance["territory.china.spaces"]``).
    """

    version: str
    fingerprint: str
    """SHA-256 of the merged data (shipped files plus any override): equal data, equal print."""
    game: GameRules
    dispute: DisputeRules
    continents: Mapping[str, Continent]
    continent_ids: tuple[str, ...]
    territories: Mapping[str, Territory]
    territory_ids: tuple[str, ...]
    territory_index: Mapping[str, int]
    """Territory id -> its position in ``territory_ids`` (for array-based state)."""
    minors: Mapping[str, MinorNation]
    minor_ids: tuple[str, ...]
    minor_cubes: Mapping[str, MinorCubes]
    minor_cube_ids: tuple[str, ...]
    powers: Mapping[str, Power]
    power_ids: tuple[str, ...]
    setup: InitialSetup
    prestige: PrestigeTrack
    fleet_track: FleetTrack
    event_cards: Mapping[str, EventCard]
    event_decks: EventDecks
    intrigue_cards: Mapping[str, IntrigueCard]
    intrigue_deck: tuple[str, ...]
    """The base Intrigue deck, one id per physical card (a design appears ``copies`` times)."""
    intrigue_promos: tuple[str, ...]
    """The promo Intrigue cards, one id per physical card."""
    national_cards: Mapping[str, NationalCard]
    solo: SoloRules
    non_player: NonPlayerRules
    variants: Mapping[str, Variant]
    provenance: Mapping[str, Provenance]
    """Dotted key -> where that value comes from."""
    audit: tuple[AuditEntry, ...] = field(repr=False)
    """One entry per content value, in file order (see :func:`audit_entries`)."""
    en_it: Mapping[str, str] = field(repr=False)
    """Dotted key -> how an English/Italian difference was settled for that value."""

    # Derived from the fields above once, for the rules' hot loops (not data: no provenance).
    colony_ids: tuple[str, ...] = field(init=False, repr=False, compare=False)
    """The colonies, in map order."""
    colonies: frozenset[str] = field(init=False, repr=False, compare=False)
    minor_numbers: tuple[int, ...] = field(init=False, repr=False, compare=False)
    """The minor nations' numbers (places in ``territory_ids``), in ``minor_ids`` order."""
    colony_numbers: tuple[int, ...] = field(init=False, repr=False, compare=False)
    """The colonies' numbers (places in ``territory_ids``), in map order."""
    minor_home: Mapping[str, str | None] = field(init=False, repr=False, compare=False)
    """Minor cube colour -> its nation's territory (None for US and Boer cubes)."""
    reach: tuple[tuple[str, str, bool, frozenset[str]], ...] = field(init=False, repr=False, compare=False)
    """Per territory in map order: (id, continent, fleet required, Powers that never need one)."""
    armament_rates: tuple[tuple[str, tuple[tuple[int, ArmamentRate], ...]], ...] = field(
        init=False, repr=False, compare=False
    )
    """Territories with Sell Armaments exchange rates, in map order, with (index, rate) pairs."""
    armament_prices: frozenset[tuple[int, int, int]] = field(init=False, repr=False, compare=False)
    """Every distinct (armies, fleets, cubes) an exchange rate asks for, anywhere on the map."""

    def __post_init__(self) -> None:
        colony_ids = tuple(t for t in self.territory_ids if self.territories[t].is_colony)
        derived = {
            "colony_ids": colony_ids,
            "colonies": frozenset(colony_ids),
            "minor_numbers": tuple(self.territory_index[t] for t in self.minor_ids),
            "colony_numbers": tuple(self.territory_index[t] for t in colony_ids),
            "minor_home": {c: self.minor_cubes[c].territory for c in self.minor_cube_ids},
            "reach": tuple(
                (t, info.continent, info.fleet_required, info.fleet_free_for)
                for t, info in ((t, self.territories[t]) for t in self.territory_ids)
            ),
            "armament_rates": tuple(
                (t, tuple(enumerate(self.territories[t].armament_rate)))
                for t in self.territory_ids
                if self.territories[t].armament_rate
            ),
            "armament_prices": frozenset(
                (r.armies, r.fleets, r.cubes)
                for t in self.territory_ids
                for r in self.territories[t].armament_rate
            ),
        }
        for key, value in derived.items():
            object.__setattr__(self, key, value)

    def card_name(self, card_id: str) -> str:
        """The English name of any card id (an Intrigue card is named after its first half)."""
        if card_id in self.event_cards:
            return self.event_cards[card_id].name_en
        if card_id in self.national_cards:
            return self.national_cards[card_id].name_en
        return self.intrigue_cards[card_id].halves[0].name_en
