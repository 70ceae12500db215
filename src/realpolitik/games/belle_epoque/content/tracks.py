"""The Prestige track (§11) and the Fleet track (§8.1, §8.3, §13.5)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class PrestigeBonusKind(StrEnum):
    """The one-off bonuses printed on the Prestige track (§11.1)."""

    NONE = "none"
    DM = "dm"
    """+1 DM cube from the General Reserve into the Embassies."""
    MONEY = "money"
    """+£2, +£3 or +£4."""
    INTRIGUE = "intrigue"
    """Draw 1 Intrigue card."""


@dataclass(frozen=True, slots=True)
class PrestigeBonus:
    kind: PrestigeBonusKind
    amount: int
    """£ for money, 1 for a DM cube or an Intrigue card, 0 for none."""

    @classmethod
    def parse(cls, name: str) -> PrestigeBonus:
        """Read the data form: ``none``, ``dm``, ``intrigue``, ``money-2`` ... ``money-4``."""
        if name.startswith("money-"):
            return cls(PrestigeBonusKind.MONEY, int(name.removeprefix("money-")))
        kind = PrestigeBonusKind(name)
        return cls(kind, 0 if kind is PrestigeBonusKind.NONE else 1)

    def __str__(self) -> str:
        if self.kind is PrestigeBonusKind.MONEY:
            return f"+£{self.amount}"
        if self.kind is PrestigeBonusKind.NONE:
            return "no bonus"
        return f"+{self.amount} {'DM' if self.kind is PrestigeBonusKind.DM else 'Intrigue card'}"


@dataclass(frozen=True, slots=True)
class PrestigeSpace:
    position: int
    bonus: PrestigeBonus
    """Taken once per Power when its marker moves onto it for the first time (§11)."""
    vp: int
    """End-of-game VP modifier for a marker on this space (§10.2)."""


@dataclass(frozen=True, slots=True)
class PrestigeTrack:
    lowest: int
    highest: int
    spaces: tuple[PrestigeSpace, ...]
    """Every space from ``lowest`` to ``highest``; use :meth:`space` to look one up."""

    def space(self, position: int) -> PrestigeSpace:
        """The space at ``position`` (which must lie on the track)."""
        if not self.lowest <= position <= self.highest:
            raise IndexError(f"prestige {position} is off the track {self.lowest}..{self.highest}")
        return self.spaces[position - self.lowest]

    def clamp(self, position: int) -> int:
        """``position`` held to the track's ends."""
        return min(self.highest, max(self.lowest, position))


@dataclass(frozen=True, slots=True)
class FleetTrack:
    lowest: int
    highest: int

    def clamp(self, position: int) -> int:
        return min(self.highest, max(self.lowest, position))
