"""Fixed numbers of the rules (turns, costs, dispute modifiers), solo victory and NP Power data."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class GameRules:
    turns: int
    eras: tuple[tuple[int, ...], ...]
    """Turns of Era I, II and III (§6.1)."""
    era_of_turn: Mapping[int, int]
    intrigue_turns: frozenset[int]
    """Turns with an Intrigue Cards Phase (§7)."""
    scoring_turns: frozenset[int]
    """Turns ending with an era scoring (§10.1); the final scoring comes after the last turn."""
    sell_armaments_from_turn: int
    events_per_turn: int
    actions_per_turn: int
    international_prestige_cost: int
    international_prestige_steps: int
    economic_investment_income: int
    great_work_prestige: int
    final_colony_prestige: int
    """Prestige per controlled colony at the final scoring (§10.2.1)."""


@dataclass(frozen=True, slots=True)
class DisputeRules:
    """The modifiers and costs of Resolve a Diplomatic Dispute (§8.7)."""

    fleet_bonus: int
    army_bonus: int
    unit_cap: int
    fleet_cost: int
    army_cost: int
    minor_unit_cost: int
    british_fleet_bonus: int
    british_fleet_cap: int
    attacking_army_bonus: int
    """Central Empires attacking with one of its own Armies."""
    superior_doctrine_bonus: int
    superior_doctrine_cap: int


@dataclass(frozen=True, slots=True)
class SoloBand:
    id: str
    name_en: str
    name_it: str
    min_vp: int | None
    max_vp: int | None

    def contains(self, vp: int) -> bool:
        low_ok = self.min_vp is None or vp >= self.min_vp
        return low_ok and (self.max_vp is None or vp <= self.max_vp)


@dataclass(frozen=True, slots=True)
class SoloRules:
    """Solo victory (§13.10)."""

    end_turn_bonus: Mapping[int, int]
    """Last turn played -> VP added (a game cut short by Sarajevo)."""
    bands: tuple[SoloBand, ...]
    """From the lowest VP to the highest; they cover every score without overlap."""

    def band_for(self, vp: int) -> SoloBand:
        for band in self.bands:
            if band.contains(vp):
                return band
        raise ValueError(f"no solo band covers {vp} VP")  # the loader checks they cover all


@dataclass(frozen=True, slots=True)
class SendRow:
    """One row of an NP Send Diplomatic Missions table (§13.7)."""

    first: tuple[str, str]
    """The first column's box: Territory (Alternative)."""
    second: tuple[str, str]
    last: tuple[tuple[str, int, int], ...]
    """The last column: (territory, lowest die, highest die), covering 1-6."""

    def last_for(self, roll: int) -> str:
        for territory, low, high in self.last:
            if low <= roll <= high:
                return territory
        raise ValueError(f"no territory for {roll}")  # the loader checks the ranges cover 1-6


@dataclass(frozen=True, slots=True)
class NonPlayerPower:
    """What is known of one NP Power Status Card (§13)."""

    power: str
    arsenal_bonus: tuple[int, ...]
    """Arsenal Bonus per turn (index 0 is Turn 1)."""
    card: tuple[str, ...]
    """``intrigue`` or ``national`` per turn."""
    prestige: tuple[int, ...]
    """Prestige gained per turn (§13.6)."""
    objectives: tuple[str, ...]
    """The Objectives Priority Table, highest priority first."""
    extra_dm_from_turn: int | None
    """From this turn the Power sends one more DM cube (France, §13.7.2)."""
    fleet: tuple[int, ...]
    """Fleets built per turn (§13.5)."""
    setup: tuple[tuple[str, int], ...]
    """NP Setup placements (§13.1 step 8)."""
    send: tuple[SendRow, ...]
    """The Send Diplomatic Missions table, rows 1-6 (§13.7)."""


@dataclass(frozen=True, slots=True)
class NonPlayerRules:
    dispute_bonus_cap: int
    dm_per_turn: int
    armament_rows: frozenset[int]
    """Row dice that put an Armament cube on the last column (§13.7)."""
    powers: Mapping[str, NonPlayerPower]
    """The four NP Power cards (France's chart from the text, the rest reconstructed)."""
