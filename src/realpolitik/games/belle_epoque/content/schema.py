"""The shape of the data files, checked by pydantic before anything is built from them.

Every content value is written as a *leaf*: a small table holding the value and where it comes from,

    spaces = { value = 6, implied = "§3.3 example, round 2: 3 cubes fill half of Belgium" }
    vp = { value = 2, reconstructed = "G4", why = "..." }

These models describe La Belle Époque's files only (strict types, no unknown keys); the leaf, the
strict base and the common field types are the engine's (:mod:`realpolitik.engine.content`).
:mod:`.build` turns them into the frozen objects the rules read, after the checks that need more
than one file.
"""

from __future__ import annotations

from typing import Annotated, Any, Generic, Literal, TypeVar

from pydantic import Field

from ....engine.content import Leaf as ProvenanceLeaf
from ....engine.content import NonNegInt, PosInt, Slug, Strict, Text
from ....engine.provenance import Provenance

T = TypeVar("T")

PowerId = Literal["GB", "FR", "CE", "RU"]
DieFace = Annotated[int, Field(ge=1, le=6)]


class Leaf(ProvenanceLeaf[T], Generic[T]):
    """One content value and its provenance (the engine's leaf), plus La Belle Époque's EN/IT note.

    The game has an English and an Italian rulebook; where they differ, the value says how the
    difference was settled, and the audit shows it after the rationale.
    """

    en_it: str | None = None
    """How an English/Italian difference was settled for this value."""

    def provenance(self) -> Provenance:
        found = super().provenance()
        if not self.en_it:
            return found
        rationale = f"{found.rationale} EN/IT: {self.en_it.strip()}".strip()
        return Provenance(found.status, found.source, rationale)


# --- game.toml --------------------------------------------------------------------------------


class RawGame(Strict):
    turns: Leaf[PosInt]
    eras: Leaf[list[list[PosInt]]]
    intrigue_turns: Leaf[list[PosInt]]
    scoring_turns: Leaf[list[PosInt]]
    sell_armaments_from_turn: Leaf[PosInt]
    events_per_turn: Leaf[PosInt]
    actions_per_turn: Leaf[PosInt]
    international_prestige_cost: Leaf[NonNegInt]
    international_prestige_steps: Leaf[PosInt]
    economic_investment_income: Leaf[NonNegInt]
    great_work_prestige: Leaf[NonNegInt]
    final_colony_prestige: Leaf[NonNegInt]


class RawDispute(Strict):
    fleet_bonus: Leaf[NonNegInt]
    army_bonus: Leaf[NonNegInt]
    unit_cap: Leaf[NonNegInt]
    fleet_cost: Leaf[NonNegInt]
    army_cost: Leaf[NonNegInt]
    minor_unit_cost: Leaf[NonNegInt]
    british_fleet_bonus: Leaf[NonNegInt]
    british_fleet_cap: Leaf[NonNegInt]
    attacking_army_bonus: Leaf[NonNegInt]
    superior_doctrine_bonus: Leaf[NonNegInt]
    superior_doctrine_cap: Leaf[NonNegInt]


# --- map.toml, territories.toml, minors.toml ---------------------------------------------------


class RawRate(Strict):
    """One armament exchange: these units buy that many Armament cubes (§8.9)."""

    armies: NonNegInt = 0
    fleets: NonNegInt = 0
    cubes: PosInt


class RawContinent(Strict):
    name_en: Leaf[Text]
    name_it: Leaf[Text]
    fleet_box: Leaf[bool]
    fleet_required: Leaf[bool]
    armament_rate: Leaf[list[RawRate]] | None = None


class RawMap(Strict):
    fleet_free: dict[PowerId, Leaf[list[Slug]]]


class RawTerritory(Strict):
    name_en: Leaf[Text]
    name_it: Leaf[Text]
    continent: Leaf[Slug]
    kind: Leaf[Literal["minor", "colony"]]
    spaces: Leaf[PosInt]
    die_faces: Leaf[list[DieFace]]
    bottom_right: Leaf[PosInt | Literal["last"]]
    """The space number, or ``"last"`` for the last space whatever the count."""
    vp: Leaf[NonNegInt]
    armament_rate: Leaf[list[RawRate]] | None = None


class RawMinorBonus(Strict):
    """What an ally of the minor nation receives (§8.2.3 table); absent keys give nothing."""

    income: NonNegInt = 0
    armies: NonNegInt = 0
    fleets: NonNegInt = 0
    army_continents: list[Slug] | None = None
    fleet_continents: list[Slug] | None = None
    prestige: NonNegInt = 0
    intrigue_draw: PosInt = 1
    intrigue_keep: PosInt = 1


class RawMinor(Strict):
    bonus: Leaf[RawMinorBonus]


class RawMinorCubes(Strict):
    name_en: Leaf[Text] | None = None
    name_it: Leaf[Text] | None = None
    supply: Leaf[NonNegInt]
    defence: Leaf[NonNegInt]
    setup: Leaf[dict[Slug, PosInt]]


# --- powers.toml ------------------------------------------------------------------------------


class RawSetup(Strict):
    order: Leaf[list[PowerId]]
    cubes_per_round: Leaf[PosInt]


GreatWorkBonus = Literal["dispute-fleet-cost", "fleet-track", "resource-dm", "national-card"]


class RawGreatWork(Strict):
    name_en: Leaf[Text]
    name_it: Leaf[Text]
    cost: Leaf[NonNegInt]
    vp: Leaf[NonNegInt]
    bonus: Leaf[GreatWorkBonus]
    bonus_amount: Leaf[int] | None = None
    unlocks_card: Leaf[Slug] | None = None


ObjectiveKind = Literal["alliance", "control", "min-cubes"]
Holder = Literal["self", "other", "GB", "FR", "CE", "RU"]


class RawObjective(Strict):
    kind: Leaf[ObjectiveKind]
    territories: Leaf[list[Slug]]
    vp: Leaf[int]
    count: Leaf[PosInt] | None = None
    holder: Leaf[Holder] | None = None


class RawPower(Strict):
    name_en: Leaf[Text]
    name_it: Leaf[Text]
    colour: Leaf[Text]
    revenue: Leaf[NonNegInt]
    dm_per_turn: Leaf[NonNegInt]
    dm_cubes: Leaf[PosInt]
    army_max: Leaf[NonNegInt]
    army_cost: Leaf[NonNegInt]
    fleet_max: Leaf[NonNegInt]
    fleet_cost: Leaf[NonNegInt]
    armament_cubes: Leaf[NonNegInt]
    setup_pool: Leaf[NonNegInt]
    setup_minimum: dict[Slug, Leaf[NonNegInt]]
    start_money: Leaf[NonNegInt]
    start_prestige: Leaf[int]
    start_vp: Leaf[int]
    start_fleet_track: Leaf[int]
    great_work: RawGreatWork
    objectives: dict[Slug, RawObjective]


# --- tracks.toml ------------------------------------------------------------------------------

PrestigeBonusName = Literal["none", "dm", "intrigue", "money-2", "money-3", "money-4"]


class RawPrestigeSpace(Strict):
    bonus: Leaf[PrestigeBonusName]
    vp: Leaf[int]


class RawPrestige(Strict):
    lowest: Leaf[int]
    highest: Leaf[int]
    spaces: dict[str, RawPrestigeSpace]


class RawFleetTrack(Strict):
    lowest: Leaf[int]
    highest: Leaf[int]


# --- events.toml, intrigue.toml, national.toml --------------------------------------------------


class RawEventDecks(Strict):
    era1_removed: Leaf[NonNegInt]
    era2_removed: Leaf[NonNegInt]
    era2_removed_with_promo: Leaf[NonNegInt]
    era3_removed: Leaf[NonNegInt]


Effect = list[dict[str, Any]]
"""A card's effect: a list of steps, each a table with an ``op`` name and its arguments (the
vocabulary and its checks: :mod:`.effects`)."""


class RawEvent(Strict):
    name_en: Leaf[Text]
    name_it: Leaf[Text]
    era: Leaf[Literal[1, 2, 3]]
    promo: Leaf[bool] | None = None
    ends_game: Leaf[bool] | None = None
    final_vp: Leaf[int] | None = None
    effect_summary: Leaf[Text]
    effect_summary_it: Leaf[Text] | None = None
    """The card's text in Italian (required by the builder, which names the card)."""
    effect: Leaf[Effect] | None = None


class RawIntrigueHalf(Strict):
    name_en: Leaf[Text]
    name_it: Leaf[Text]
    effect_summary: Leaf[Text]
    effect_summary_it: Leaf[Text] | None = None
    effect: Leaf[Effect] | None = None


class RawIntrigue(Strict):
    copies: Leaf[PosInt]
    promo: Leaf[bool] | None = None
    np_half: Leaf[Literal["a", "b"]]
    a: RawIntrigueHalf
    b: RawIntrigueHalf


class RawNational(Strict):
    name_en: Leaf[Text]
    name_it: Leaf[Text]
    owners: Leaf[list[PowerId]]
    cost: dict[PowerId, Leaf[NonNegInt]]
    requires_great_work: Leaf[bool] | None = None
    effect_summary: Leaf[Text]
    effect_summary_it: Leaf[Text] | None = None
    effect: Leaf[Effect] | None = None


# --- solo.toml, np.toml, variants.toml ---------------------------------------------------------


class RawSoloBand(Strict):
    name_en: Leaf[Text]
    name_it: Leaf[Text]
    min_vp: Leaf[int] | None = None
    max_vp: Leaf[int] | None = None


class RawSolo(Strict):
    end_turn_bonus: dict[str, Leaf[int]]
    bands: dict[Slug, RawSoloBand]


class RawSendRow(Strict):
    """One row of an NP Send Diplomatic Missions table (§13.7)."""

    first: list[Slug]
    """Territory and the alternative in brackets."""
    second: list[Slug]
    last: dict[Slug, list[DieFace]]
    """Territory -> [lowest, highest] die face."""


class RawNonPlayerPower(Strict):
    arsenal_bonus: Leaf[list[NonNegInt]]
    card: Leaf[list[Literal["intrigue", "national"]]]
    prestige: Leaf[list[NonNegInt]]
    fleet: Leaf[list[NonNegInt]]
    objectives: Leaf[list[Slug]]
    extra_dm_from_turn: Leaf[PosInt] | None = None
    setup: Leaf[dict[Slug, PosInt]]
    send: dict[Literal["1", "2", "3", "4", "5", "6"], Leaf[RawSendRow]]


class RawNonPlayer(Strict):
    dispute_bonus_cap: Leaf[PosInt]
    dm_per_turn: Leaf[PosInt]
    armament_rows: Leaf[list[DieFace]]
    powers: dict[PowerId, RawNonPlayerPower]


class RawVariant(Strict):
    description: Text
    override: dict[str, Any]


class RawContent(Strict):
    """Every data file merged into one table (each top-level key lives in exactly one file)."""

    game: RawGame
    dispute: RawDispute
    continent: dict[Slug, RawContinent]
    map: RawMap
    territory: dict[Slug, RawTerritory]
    minor: dict[Slug, RawMinor]
    minor_cubes: dict[Slug, RawMinorCubes]
    setup: RawSetup
    power: dict[PowerId, RawPower]
    prestige: RawPrestige
    fleet_track: RawFleetTrack
    event_decks: RawEventDecks
    event: dict[Slug, RawEvent]
    intrigue: dict[Slug, RawIntrigue]
    national: dict[Slug, RawNational]
    solo: RawSolo
    np: RawNonPlayer
    variant: dict[Slug, RawVariant] = Field(default_factory=dict)
