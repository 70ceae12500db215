"""The map: continents with their fleet boxes, the 26 territories, the minor nations, their cubes.

Space numbers are 1-based everywhere, as in the rulebook ("Armament Cubes in spaces 5 and 6").
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum


class TerritoryKind(StrEnum):
    """A territory is a minor nation (allied) or a colony (controlled) (Glossary 'Territory')."""

    MINOR = "minor"
    COLONY = "colony"


@dataclass(frozen=True, slots=True)
class ArmamentRate:
    """One exchange of Sell Armaments (§8.9): these units, removed from the game, buy ``cubes``."""

    armies: int
    fleets: int
    cubes: int

    def __str__(self) -> str:
        paid = []
        if self.armies:
            paid.append(f"{self.armies} arm{'y' if self.armies == 1 else 'ies'}")
        if self.fleets:
            paid.append(f"{self.fleets} fleet{'' if self.fleets == 1 else 's'}")
        return f"{' + '.join(paid)} -> {self.cubes} cube{'' if self.cubes == 1 else 's'}"


@dataclass(frozen=True, slots=True)
class Continent:
    """Europe, Africa or Asia, with its fleet box (§8.8)."""

    id: str
    name_en: str
    name_it: str
    fleet_box: bool
    fleet_required: bool
    """Whether sending DM cubes or Armies here needs a fleet in this continent's box (§8.2.1)."""
    armament_rate: tuple[ArmamentRate, ...]
    """The rate printed beside the continent for all its territories (Africa, §8.9); else empty."""
    territories: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Territory:
    """A minor nation or a colony on the map."""

    id: str
    name_en: str
    name_it: str
    continent: str
    kind: TerritoryKind
    spaces: int
    die_faces: tuple[int | None, ...]
    """The die face printed on each space (index 0 is space 1); ``None`` for an unnumbered space."""
    die_space: Mapping[int, int]
    """Die face -> the space number that carries it (§6.2 replacement roll)."""
    bottom_right: int
    """The space where the first Armament cube goes (§8.9.1)."""
    armament_order: tuple[int, ...]
    """Space numbers in the order Armament cubes take free spaces: bottom-right, then next to it."""
    vp: int
    """Victory points for the ally or controller at each scoring (§10)."""
    armament_rate: tuple[ArmamentRate, ...]
    """The exchange rates that apply here (the continent's box for Africa, §8.9)."""
    fleet_required: bool
    """Whether a Power needs a fleet in the continent's box to send DM cubes or Armies here."""
    fleet_free_for: frozenset[str]
    """Powers that never need a fleet here (Russia in four Asian territories, §8.2.2)."""
    minor_setup: Mapping[str, int]
    """Minor-nation cubes placed here at setup (§3.1), by cube owner."""

    @property
    def is_minor(self) -> bool:
        return self.kind is TerritoryKind.MINOR

    @property
    def is_colony(self) -> bool:
        return self.kind is TerritoryKind.COLONY

    def needs_fleet(self, power: str) -> bool:
        """Whether ``power`` needs a fleet in this continent's box to send DMs or Armies here."""
        return self.fleet_required and power not in self.fleet_free_for


@dataclass(frozen=True, slots=True)
class MinorNation:
    """A minor nation's alliance bonus and units (§8.2.3 table, §8.7.3)."""

    id: str
    """Also the id of its territory."""
    income: int
    """Extra £ in the ally's Resource Phase."""
    armies: int
    fleets: int
    army_continents: frozenset[str]
    """Continents where its Army may be used."""
    fleet_continents: frozenset[str]
    """Continents where its Fleet may be used."""
    prestige: int
    """Prestige the ally holds while the alliance lasts (Serbia)."""
    intrigue_draw: int
    """Intrigue cards the ally draws for each one it keeps (Ottoman Empire: draw 2 ...)."""
    intrigue_keep: int
    """... keep 1."""


@dataclass(frozen=True, slots=True)
class MinorCubes:
    """The DM cubes of one minor nation's colour (§2.0): supply, defence and setup placement."""

    id: str
    name_en: str
    name_it: str
    supply: int
    """All the cubes of this colour in the box."""
    defence: int
    """Fixed dispute modifier of these cubes while their nation is unallied (§8.7.1)."""
    setup: Mapping[str, int]
    """Territory -> cubes placed there at setup (§3.1); the rest start in the General Reserve."""
    territory: str | None
    """The nation's own territory, or ``None`` (United States, Boer States)."""

    @property
    def reserve_at_start(self) -> int:
        return self.supply - sum(self.setup.values())
