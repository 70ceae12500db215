"""The four Powers: their Power Status Card figures, Great Work and National Objectives."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Final


class ObjectiveKind(StrEnum):
    ALLIANCE = "alliance"
    """``holder`` is allied with one of ``territories`` (minor nations)."""
    CONTROL = "control"
    """``holder`` controls one of ``territories`` (colonies)."""
    MIN_CUBES = "min-cubes"
    """``holder`` has at least ``count`` DM cubes in one of ``territories`` (§10.1 China)."""


OTHER: Final = "other"
"""Objective holder meaning "any Power other than the objective's owner"."""


@dataclass(frozen=True, slots=True)
class Objective:
    """One National Objective of a Power Status Card, scored on its own (§10.1)."""

    id: str
    power: str
    """The Power whose card carries it."""
    kind: ObjectiveKind
    territories: tuple[str, ...]
    """Met when the condition holds in any one of these."""
    vp: int
    count: int
    """Minimum DM cubes (``min-cubes`` only; 0 otherwise)."""
    holder: str
    """Whose position is checked: the owner's id, another Power's id, or :data:`OTHER`."""

    @property
    def final_only(self) -> bool:
        """Objectives that subtract VP count only at the final scoring (§10.1)."""
        return self.vp < 0


class GreatWorkBonus(StrEnum):
    """What a built Great Work gives from then on (§8.3 table)."""

    DISPUTE_FLEET_COST = "dispute-fleet-cost"
    """Kiel Canal: a fleet mobilised in a dispute costs ``bonus_amount`` £."""
    FLEET_TRACK = "fleet-track"
    """HMS Dreadnought: the Fleet marker moves ``bonus_amount`` boxes up."""
    RESOURCE_DM = "resource-dm"
    """Eiffel Tower: ``bonus_amount`` more DM cube(s) each Resource Phase."""
    NATIONAL_CARD = "national-card"
    """Trans-Siberian Railway: the Power may play ``unlocks_card``."""


@dataclass(frozen=True, slots=True)
class GreatWork:
    name_en: str
    name_it: str
    cost: int
    vp: int
    """VP at each Victory Point Phase once built (§8.3)."""
    bonus: GreatWorkBonus
    bonus_amount: int
    unlocks_card: str | None


@dataclass(frozen=True, slots=True)
class Power:
    """A Power Status Card and the Power's pieces (§2.3, §3.0, §3.3.2, §5, §8.1, §8.3, §10)."""

    id: str
    name_en: str
    name_it: str
    colour: str
    revenue: int
    """Base £ each Resource Phase (§5)."""
    dm_per_turn: int
    """DM cubes taken into the Embassies each Resource Phase (§5)."""
    dm_cubes: int
    army_max: int
    army_cost: int
    fleet_max: int
    fleet_cost: int
    armament_cubes: int
    setup_pool: int
    """DM cubes placed during the Initial Setup (§3.3.2)."""
    setup_minimum: Mapping[str, int]
    """Continent -> cubes the Initial Setup must put there (§3.3.2)."""
    start_money: int
    start_prestige: int
    start_vp: int
    start_fleet_track: int
    great_work: GreatWork
    objectives: tuple[Objective, ...]
    national_cards: tuple[str, ...]
    """Ids of the Power's National cards (its copies of the common ones and its own)."""


@dataclass(frozen=True, slots=True)
class InitialSetup:
    """The Initial Setup rounds (§3.3)."""

    order: tuple[str, ...]
    """Power ids in placing order (§3.3.1)."""
    cubes_per_round: int
