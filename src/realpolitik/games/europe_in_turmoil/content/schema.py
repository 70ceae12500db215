"""The shape of Europe in Turmoil's data files: strict models whose values are provenance leaves.

Every value is ``{ value = ..., stated|implied|reconstructed = "..." }`` (docs/content.md); these
models refuse bare values, unknown keys and silent conversions.
"""

from __future__ import annotations

from typing import Any, Literal

from ....engine.content import Leaf, NonNegInt, Slug, Strict

Side = Literal["authoritarian", "liberal"]
CardSide = Literal["authoritarian", "liberal", "neutral", "scoring"]
Region = Literal["france", "austria-hungary", "germany", "russia", "balkans", "independent"]
ScoredRegion = Literal["france", "austria-hungary", "germany", "russia", "balkans"]
Era = Literal["victorian", "edwardian", "georgian"]
Icon = Literal[
    "government", "monarchy", "church", "workers", "bourgeoisie", "farmers", "army", "intellectual", "annex"
]
Ability = Literal[
    "none", "dreadnought", "nassau", "vp", "helgoland", "colossus", "orion", "moltke", "konig", "bayern"
]


class GameRaw(Strict):
    turns: Leaf[int]
    era_turns: Leaf[dict[Era, int]]
    hand_size: Leaf[dict[str, int]]
    action_rounds: Leaf[dict[str, int]]
    discretionary: Leaf[list[list[str | int]]]
    tension_max: Leaf[int]
    franz_ferdinand_cap: Leaf[int]
    vp_victory: Leaf[int]
    crisis_threshold: Leaf[int]


class MarkerRaw(Strict):
    kind: Leaf[Literal["status", "event"]]
    war_authoritarian: Leaf[NonNegInt]
    war_liberal: Leaf[NonNegInt]
    crisis: Leaf[int]


class StrategicRaw(Strict):
    """A Strategic Event marker's standing effect while active (G15: the texts are lost): a change
    to one side's Support Checks (6.2.4) in a region or in named spaces."""

    seat: Leaf[Literal["A", "L"]]
    region: Leaf[ScoredRegion] | None = None
    spaces: Leaf[list[Slug]] | None = None
    check: Leaf[int]


class NavalRaw(Strict):
    name: Leaf[str]
    order: Leaf[NonNegInt]
    needed: Leaf[NonNegInt]
    ability: Leaf[Ability]
    vp_first: Leaf[NonNegInt]
    vp_second: Leaf[NonNegInt]


class ScoringRaw(Strict):
    presence: Leaf[NonNegInt]
    domination: Leaf[NonNegInt]
    control: Leaf[NonNegInt]


class SpaceRaw(Strict):
    name: Leaf[str]
    region: Leaf[Region]
    stability: Leaf[int]
    icons: Leaf[list[Icon]]
    battleground: Leaf[bool]


class BoxRaw(Strict):
    name: Leaf[str]
    counts_as: Leaf[Literal["A", "L"]]


class CardRaw(Strict):
    number: Leaf[int]
    name: Leaf[str]
    era: Leaf[Era]
    side: Leaf[CardSide]
    region: Leaf[ScoredRegion] | None = None
    ops: Leaf[NonNegInt] | None = None
    removed: Leaf[bool] | None = None
    lasting: Leaf[bool] | None = None
    effect: Leaf[list[dict[str, Any]]] | None = None
    requires: Leaf[list[Slug]] | None = None


class StandardSetupRaw(Strict):
    authoritarian: Leaf[dict[Slug, int]]
    liberal: Leaf[dict[Slug, int]]


class EdwardianSetupRaw(Strict):
    turn: Leaf[int]
    vp: Leaf[int]
    tension: Leaf[int]
    liberal: Leaf[dict[Slug, int]]
    authoritarian: Leaf[dict[Slug, int]]
    removed: Leaf[list[Slug]]
    discard: Leaf[list[Slug]]
    victorian_in_deck: Leaf[list[Slug]]
    in_effect: Leaf[dict[Slug, Literal["A", "L"]]]
    markers: Leaf[list[Slug]]
    navy: Leaf[dict[Literal["A", "L"], Slug]]
    stability_unavailable: Leaf[dict[Literal["A", "L"], list[Slug]]]


class SetupRaw(Strict):
    standard: StandardSetupRaw
    edwardian: EdwardianSetupRaw


class StabilityRaw(Strict):
    side: Leaf[Side]
    name: Leaf[str]
    effect: Leaf[list[dict[str, Any]]]


Nation = Literal["germany", "austria-hungary", "france", "russia", "balkans", "ottoman-empire", "italy"]
"""The nations that pick Mobilization cards (8.4.1, 8.4.4); Britain picks none (C9, our ruling)."""


class MobilizationRaw(Strict):
    name: Leaf[str]
    nation: Leaf[Nation]
    priority: Leaf[NonNegInt]
    extra: Leaf[bool] | None = None
    valid: Leaf[list[dict[str, Any]]]
    effect: Leaf[list[dict[str, Any]]]


class RawContent(Strict):
    game: GameRaw
    great_war_track: dict[str, Leaf[int]]
    marker: dict[Slug, MarkerRaw]
    strategic: dict[Slug, StrategicRaw]
    naval: dict[Slug, NavalRaw]
    scoring: dict[ScoredRegion, ScoringRaw]
    space: dict[Slug, SpaceRaw]
    box: dict[Slug, BoxRaw]
    link: dict[str, Leaf[list[Slug]]]
    card: dict[Slug, CardRaw]
    setup: SetupRaw
    stability: dict[Slug, StabilityRaw]
    mobilization: dict[Slug, MobilizationRaw]
