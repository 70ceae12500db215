"""Europe in Turmoil's content as frozen objects, read by the rules in their loops."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ....engine.provenance import AuditEntry, Provenance

REGIONS = ("france", "austria-hungary", "germany", "russia", "balkans")
"""The five scoring regions (2.1.1), in the order final scoring takes them."""


@dataclass(frozen=True, slots=True)
class Space:
    id: str
    name: str
    region: str
    """A scoring region, or ``independent``."""
    stability: int
    icons: tuple[str, ...]
    battleground: bool

    @property
    def independent(self) -> bool:
        return self.region == "independent"


@dataclass(frozen=True, slots=True)
class Card:
    id: str
    number: int
    name: str
    era: str
    side: str
    """``authoritarian``, ``liberal``, ``neutral`` or ``scoring``."""
    region: str | None
    """The region a Scoring card scores."""
    ops: int
    removed: bool
    """An asterisk event: removed from the game once played as an event (2.2.5)."""
    lasting: bool
    """An underlined event: displayed until cancelled (2.2.6)."""
    effect: tuple[Mapping[str, Any], ...]
    requires: tuple[str, ...]

    @property
    def scoring(self) -> bool:
        return self.side == "scoring"

    @property
    def owner(self) -> str | None:
        """The seat whose event it is (``A``/``L``), ``None`` for neutral and Scoring cards."""
        return {"authoritarian": "A", "liberal": "L"}.get(self.side)


@dataclass(frozen=True, slots=True)
class NavalBox:
    id: str
    name: str
    order: int
    needed: int
    ability: str
    vp_first: int
    vp_second: int


@dataclass(frozen=True, slots=True)
class Marker:
    id: str
    kind: str
    war_a: int
    war_l: int
    crisis: int


@dataclass(frozen=True, slots=True)
class StrategicMarker:
    """A Strategic Event marker with a standing effect while it is active (2.5.2; its text is
    lost, G15, so the effect is ours): ``check`` added to ``seat``'s Support Checks (6.2.4) in
    ``spaces`` (the spaces of ``region`` when the data names a region)."""

    id: str
    seat: str
    check: int
    region: str | None
    spaces: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class ScoringValues:
    presence: int
    domination: int
    control: int


@dataclass(frozen=True, slots=True)
class StabilityCard:
    id: str
    side: str
    """``A`` or ``L``."""
    name: str
    effect: tuple[Mapping[str, Any], ...]


@dataclass(frozen=True, slots=True)
class MobilizationCard:
    """A Mobilization card of the optional War Mobilization (8.4.4)."""

    id: str
    name: str
    nation: str
    """The nation it is picked for; its side is that nation's in the war (8.4.1, 8.4.4)."""
    priority: int
    """0-8: cards are revealed and executed in ascending priority (8.4.4)."""
    extra: bool
    """Picked in addition to the nation's one card (8.4.4's exception, U-Boat War)."""
    valid: tuple[Mapping[str, Any], ...]
    """Conditions checked when the card is executed (8.4.4)."""
    effect: tuple[Mapping[str, Any], ...]
    name_ours: bool
    """The name is our reconstruction, not the publisher's (G14)."""


@dataclass(frozen=True, slots=True)
class Content:
    version: str
    fingerprint: str
    turns: int
    era_turns: Mapping[str, int]
    hand_size: Mapping[int, int]
    action_rounds: Mapping[int, int]
    discretionary: tuple[tuple[str, int], ...]
    tension_max: int
    ff_cap: int
    vp_victory: int
    crisis_threshold: int
    gw_track: tuple[int, ...]
    markers: Mapping[str, Marker]
    strategic: Mapping[str, StrategicMarker]
    check_markers: Mapping[str, tuple[StrategicMarker, ...]]
    """Space -> the Strategic Event markers that change Support Checks there (6.2.4, G15)."""
    naval: tuple[NavalBox, ...]
    naval_index: Mapping[str, int]
    scoring: Mapping[str, ScoringValues]
    spaces: Mapping[str, Space]
    space_ids: tuple[str, ...]
    boxes: Mapping[str, str]
    """Box id -> the side it counts as controlled by for Support Checks (6.2.4)."""
    adjacent: Mapping[str, tuple[str, ...]]
    """Spaces and boxes -> their neighbours (2.1.4)."""
    cards: Mapping[str, Card]
    card_ids: tuple[str, ...]
    by_number: Mapping[int, str]
    stability: Mapping[str, StabilityCard]
    mobilization: Mapping[str, MobilizationCard]
    """The 35 Mobilization cards (2.4.1), in data order."""
    standard_setup: Mapping[str, Mapping[str, int]]
    edwardian: Mapping[str, Any]
    audit: tuple[AuditEntry, ...]
    provenance: Mapping[str, Provenance]

    def value_at(self, table: Mapping[int, int], turn: int) -> int:
        """The value of a ``{from turn: value}`` table at ``turn`` (hand size, rounds)."""
        return table[max(t for t in table if t <= turn)]
