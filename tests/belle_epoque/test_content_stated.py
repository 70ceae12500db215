"""Every STATED or IMPLIED fact of the digest's data inventory (§2) is in the data, tagged so.

Each test names the rulebook section of the facts it checks. A fact's provenance is checked too: a
value the rulebook gives must never be tagged ``reconstructed`` (and the other way round).
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from realpolitik.engine.provenance import Status
from realpolitik.games.belle_epoque.content import (
    Content,
    GreatWorkBonus,
    ObjectiveKind,
    PrestigeBonusKind,
    TerritoryKind,
)

STATED, IMPLIED, RECONSTRUCTED = Status.STATED, Status.IMPLIED, Status.RECONSTRUCTED
POWERS = ("GB", "FR", "CE", "RU")


def status(content: Content, key: str) -> Status:
    return content.provenance[key].status


def assert_fact(content: Content, key: str, actual: Any, expected: Any, how: Status) -> None:
    assert actual == expected, key
    assert status(content, key) is how, f"{key} should be {how.value}"


# --- §2.1 components and global constants -----------------------------------------------------


@pytest.mark.parametrize(
    ("minor", "supply"),
    [
        ("italy", 7),
        ("japan", 7),
        ("united-states", 7),
        ("spain", 2),
        ("portugal", 3),
        ("belgium", 2),
        ("netherlands", 2),
        ("boer-states", 3),
    ],
)
def test_minor_cube_supply_section_2_0(content: Content, minor: str, supply: int) -> None:
    key = f"minor_cubes.{minor}.supply"
    assert_fact(content, key, content.minor_cubes[minor].supply, supply, STATED)


def test_minor_cubes_total_33_section_2_0(content: Content) -> None:
    assert sum(cubes.supply for cubes in content.minor_cubes.values()) == 33


@pytest.mark.parametrize(("power", "cubes"), [("RU", 5), ("FR", 5), ("CE", 6), ("GB", 4)])
def test_armament_cubes_section_3_0(content: Content, power: str, cubes: int) -> None:
    key = f"power.{power}.armament_cubes"
    assert_fact(content, key, content.powers[power].armament_cubes, cubes, STATED)


def test_armament_cubes_total_20_section_2_0(content: Content) -> None:
    assert sum(p.armament_cubes for p in content.powers.values()) == 20


@pytest.mark.parametrize("power", POWERS)
def test_dm_cubes_40_each_section_2_0(content: Content, power: str) -> None:
    assert_fact(content, f"power.{power}.dm_cubes", content.powers[power].dm_cubes, 40, STATED)


def test_turn_structure_sections_6_1_7_10(content: Content) -> None:
    game = content.game
    assert_fact(content, "game.turns", game.turns, 9, STATED)
    assert_fact(content, "game.eras", game.eras, ((1, 2, 3), (4, 5, 6), (7, 8, 9)), STATED)
    assert_fact(content, "game.intrigue_turns", game.intrigue_turns, frozenset({2, 4, 6, 8}), STATED)
    assert_fact(content, "game.scoring_turns", game.scoring_turns, frozenset({3, 6}), STATED)
    assert game.era_of_turn[4] == 2
    assert game.era_of_turn[9] == 3


def test_actions_and_events_per_turn_sections_6_8_0(content: Content) -> None:
    game = content.game
    assert_fact(content, "game.events_per_turn", game.events_per_turn, 2, STATED)
    assert_fact(content, "game.actions_per_turn", game.actions_per_turn, 2, STATED)
    assert_fact(content, "game.sell_armaments_from_turn", game.sell_armaments_from_turn, 4, STATED)


def test_action_costs_sections_8_3_8_4_8_5(content: Content) -> None:
    game = content.game
    assert_fact(content, "game.international_prestige_cost", game.international_prestige_cost, 5, STATED)
    assert_fact(content, "game.economic_investment_income", game.economic_investment_income, 2, STATED)
    assert_fact(content, "game.great_work_prestige", game.great_work_prestige, 2, STATED)
    assert_fact(content, "game.final_colony_prestige", game.final_colony_prestige, 1, STATED)


def test_event_deck_removals_sections_3_0_and_6_1(content: Content) -> None:
    decks = content.event_decks
    assert dict(decks.removed) == {1: 2, 2: 3, 3: 0}
    assert dict(decks.removed_with_promo) == {1: 2, 2: 4, 3: 0}
    for key in ("era1_removed", "era2_removed", "era2_removed_with_promo", "era3_removed"):
        assert status(content, f"event_decks.{key}") is STATED


# --- §2.2 Powers ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("power", "colour"), [("GB", "red"), ("FR", "blue"), ("CE", "grey"), ("RU", "green")]
)
def test_colour_section_2_3(content: Content, power: str, colour: str) -> None:
    assert_fact(content, f"power.{power}.colour", content.powers[power].colour, colour, STATED)


@pytest.mark.parametrize(("power", "revenue"), [("GB", 13), ("CE", 12), ("FR", 11), ("RU", 10)])
def test_revenue_section_5(content: Content, power: str, revenue: int) -> None:
    assert_fact(content, f"power.{power}.revenue", content.powers[power].revenue, revenue, STATED)


@pytest.mark.parametrize("power", POWERS)
def test_dm_per_turn_section_5(content: Content, power: str) -> None:
    assert_fact(content, f"power.{power}.dm_per_turn", content.powers[power].dm_per_turn, 3, STATED)


def test_eiffel_tower_gives_a_fourth_dm_sections_5_and_8_3(content: Content) -> None:
    eiffel = content.powers["FR"].great_work
    assert eiffel.bonus is GreatWorkBonus.RESOURCE_DM
    assert content.powers["FR"].dm_per_turn + eiffel.bonus_amount == 4
    assert status(content, "power.FR.great_work.bonus_amount") is STATED


@pytest.mark.parametrize(
    ("power", "army_max", "army_cost"),
    [("CE", 12, 3), ("FR", 10, 3), ("GB", 8, 3), ("RU", 14, 2)],
)
def test_army_max_and_cost_section_8_1(content: Content, power: str, army_max: int, army_cost: int) -> None:
    p = content.powers[power]
    assert_fact(content, f"power.{power}.army_max", p.army_max, army_max, STATED)
    assert_fact(content, f"power.{power}.army_cost", p.army_cost, army_cost, STATED)


@pytest.mark.parametrize("power", POWERS)
def test_fleets_three_at_ten_pounds_section_8_1(content: Content, power: str) -> None:
    p = content.powers[power]
    assert_fact(content, f"power.{power}.fleet_max", p.fleet_max, 3, STATED)
    assert_fact(content, f"power.{power}.fleet_cost", p.fleet_cost, 10, STATED)


def test_buy_units_example_section_8_1(content: Content) -> None:
    """§8.1 example: France buys 2 Armies and 1 Fleet for £16."""
    france = content.powers["FR"]
    assert 2 * france.army_cost + 1 * france.fleet_cost == 16


@pytest.mark.parametrize(
    ("power", "pool", "minima"),
    [
        ("RU", 7, {"europe": 4}),
        ("FR", 9, {"asia": 2, "africa": 2, "europe": 1}),
        ("CE", 9, {"africa": 2, "europe": 4}),
        ("GB", 10, {"asia": 2, "africa": 3, "europe": 2}),
    ],
)
def test_initial_setup_pool_and_minima_section_3_3_2(
    content: Content, power: str, pool: int, minima: dict[str, int]
) -> None:
    p = content.powers[power]
    assert_fact(content, f"power.{power}.setup_pool", p.setup_pool, pool, STATED)
    assert dict(p.setup_minimum) == minima
    for continent in minima:
        assert status(content, f"power.{power}.setup_minimum.{continent}") is STATED


def test_initial_setup_order_section_3_3_1(content: Content) -> None:
    assert_fact(content, "setup.order", content.setup.order, ("RU", "FR", "CE", "GB"), STATED)
    assert_fact(content, "setup.cubes_per_round", content.setup.cubes_per_round, 2, STATED)


@pytest.mark.parametrize(
    ("power", "name_en", "name_it", "bonus"),
    [
        ("CE", "Kiel Canal", "Canale di Kiel", GreatWorkBonus.DISPUTE_FLEET_COST),
        ("GB", "HMS Dreadnought", "HMS Dreadnought", GreatWorkBonus.FLEET_TRACK),
        ("FR", "Eiffel Tower", "Torre Eiffel", GreatWorkBonus.RESOURCE_DM),
        ("RU", "Trans-Siberian Railway", "Ferrovia Transiberiana", GreatWorkBonus.NATIONAL_CARD),
    ],
)
def test_great_work_names_and_bonus_section_8_3(
    content: Content, power: str, name_en: str, name_it: str, bonus: GreatWorkBonus
) -> None:
    work = content.powers[power].great_work
    base = f"power.{power}.great_work"
    assert_fact(content, f"{base}.name_en", work.name_en, name_en, STATED)
    assert_fact(content, f"{base}.name_it", work.name_it, name_it, STATED)
    assert_fact(content, f"{base}.bonus", work.bonus, bonus, STATED)


def test_great_work_bonus_amounts_section_8_3(content: Content) -> None:
    assert content.powers["CE"].great_work.bonus_amount == 1  # fleets cost £1 in disputes
    assert content.powers["GB"].great_work.bonus_amount == 1  # +1 box on the Fleet track
    assert content.powers["FR"].great_work.bonus_amount == 1  # +1 DM cube
    assert content.powers["RU"].great_work.unlocks_card == "trans-siberian-railway"


def test_great_work_costs_implied_sections_8_3_and_12(content: Content) -> None:
    """§8.3 example: France pays £16 for the Eiffel Tower; §12: GB pays £20 for the Dreadnought."""
    assert_fact(content, "power.FR.great_work.cost", content.powers["FR"].great_work.cost, 16, IMPLIED)
    assert_fact(content, "power.GB.great_work.cost", content.powers["GB"].great_work.cost, 20, IMPLIED)


def test_missing_power_card_values_are_reconstructed_g8_g9(content: Content) -> None:
    for power in POWERS:
        for field in ("start_money", "start_prestige", "start_vp", "start_fleet_track"):
            assert status(content, f"power.{power}.{field}") is RECONSTRUCTED
        assert status(content, f"power.{power}.great_work.vp") is RECONSTRUCTED
    assert status(content, "power.CE.great_work.cost") is RECONSTRUCTED
    assert status(content, "power.RU.great_work.cost") is RECONSTRUCTED


# --- §2.3 territories --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("territory", "spaces", "how"),
    [
        ("belgium", 6, IMPLIED),  # §3.3 round 2: 3 cubes are half
        ("serbia", 6, IMPLIED),  # §3.3 round 2
        ("algeria-morocco", 6, STATED),  # §8.2.4: 4 out of 6
        ("egypt-sudan", 6, STATED),  # §8.2.4: 3 out of the 6
        ("horn-of-africa", 6, IMPLIED),  # §12 Event Phase
        ("congo", 6, STATED),  # IT §8.2.4: from 6 to 5
        ("tanganyika", 6, STATED),  # IT §8.2.4: 6 spazi
        ("namibia", 6, STATED),  # §8.2.4: 4 out of 6
        ("south-africa", 6, IMPLIED),  # §3.3 note + §8.2.4
    ],
)
def test_spaces_sections_3_3_8_2_4_12(content: Content, territory: str, spaces: int, how: Status) -> None:
    key = f"territory.{territory}.spaces"
    assert_fact(content, key, content.territories[territory].spaces, spaces, how)


@pytest.mark.parametrize(
    ("territory", "vp", "how"),
    [
        ("belgium", 3, STATED),  # §10.1 example
        ("netherlands", 3, STATED),
        ("portugal", 2, STATED),
        ("italy", 5, STATED),
        ("serbia", 3, STATED),
        ("romania", 3, STATED),
        ("bulgaria", 3, STATED),
        ("french-guinea", 3, STATED),  # §13.8 example: "with 3 VPs we find ..."
        ("namibia", 3, STATED),
        ("china", 5, STATED),  # §13.8: "With 5 VP we have Italy and China" (as Italy)
        ("melanesia", 3, STATED),
    ],
)
def test_map_vp_sections_10_1_and_13_8(content: Content, territory: str, vp: int, how: Status) -> None:
    assert_fact(content, f"territory.{territory}.vp", content.territories[territory].vp, vp, how)


@pytest.mark.parametrize(
    ("territory", "kind"),
    [
        ("belgium", TerritoryKind.MINOR),
        ("japan", TerritoryKind.MINOR),
        ("ottoman-empire", TerritoryKind.MINOR),
        ("algeria-morocco", TerritoryKind.COLONY),
        ("china", TerritoryKind.COLONY),
        ("micronesia", TerritoryKind.COLONY),
        ("persia", TerritoryKind.COLONY),
        ("manchuria-korea", TerritoryKind.COLONY),
        ("tanganyika", TerritoryKind.COLONY),
    ],
)
def test_territory_kind_sections_8_2_3_and_10_2_1(
    content: Content, territory: str, kind: TerritoryKind
) -> None:
    assert_fact(content, f"territory.{territory}.kind", content.territories[territory].kind, kind, STATED)


def test_afghanistan_is_a_colony_implied_by_the_minor_table(content: Content) -> None:
    terr = content.territories["afghanistan-baluchistan"]
    assert_fact(content, "territory.afghanistan-baluchistan.kind", terr.kind, TerritoryKind.COLONY, IMPLIED)


@pytest.mark.parametrize(
    ("territory", "setup"),
    [
        ("algeria-morocco", {"spain": 1}),
        ("congo", {"belgium": 2}),
        ("tanganyika", {"portugal": 1}),
        ("namibia", {"portugal": 2}),
        ("south-africa", {"boer-states": 3}),
        ("micronesia", {"spain": 1}),
        ("melanesia", {"netherlands": 2}),
        ("italy", {}),
        ("japan", {}),
    ],
)
def test_minor_setup_cubes_section_3_1(content: Content, territory: str, setup: dict[str, int]) -> None:
    assert dict(content.territories[territory].minor_setup) == setup


def test_minor_setup_statuses_section_3_1(content: Content) -> None:
    for minor in content.minor_cube_ids:
        assert status(content, f"minor_cubes.{minor}.setup") is STATED
    reserve = {m: c.reserve_at_start for m, c in content.minor_cubes.items() if c.reserve_at_start}
    assert reserve == {"italy": 7, "japan": 7, "united-states": 7}


def test_russia_fleet_free_territories_section_8_2_2(content: Content) -> None:
    free = {tid for tid, t in content.territories.items() if "RU" in t.fleet_free_for}
    assert free == {"persia", "afghanistan-baluchistan", "china", "manchuria-korea"}
    assert status(content, "map.fleet_free.RU") is STATED


def test_africa_armament_rate_one_army_one_cube_section_8_9(content: Content) -> None:
    (rate,) = content.continents["africa"].armament_rate
    assert (rate.armies, rate.fleets, rate.cubes) == (1, 0, 1)
    assert status(content, "continent.africa.armament_rate") is IMPLIED
    for tid in content.continents["africa"].territories:
        assert content.territories[tid].armament_rate == (rate,)


@pytest.mark.parametrize(("continent", "needed"), [("europe", False), ("africa", True), ("asia", True)])
def test_fleet_needed_outside_europe_section_8_2_1(content: Content, continent: str, needed: bool) -> None:
    c = content.continents[continent]
    assert_fact(content, f"continent.{continent}.fleet_required", c.fleet_required, needed, STATED)
    assert c.fleet_box


# --- §2.4 minor-nation bonuses and §2.5 disputes ----------------------------------------------


def test_minor_alliance_bonuses_section_8_2_3(content: Content) -> None:
    m = content.minors
    income = {mid for mid, minor in m.items() if minor.income == 2}
    assert income == {"belgium", "netherlands", "portugal", "romania"}
    assert (m["bulgaria"].armies, m["bulgaria"].fleets) == (1, 0)
    assert (m["greece"].armies, m["greece"].fleets) == (0, 1)
    assert (m["japan"].armies, m["japan"].fleets) == (0, 1)
    assert (m["italy"].armies, m["italy"].fleets) == (1, 1)
    assert (m["spain"].armies, m["spain"].fleets) == (0, 1)
    assert (m["ottoman-empire"].intrigue_draw, m["ottoman-empire"].intrigue_keep) == (2, 1)
    assert m["serbia"].prestige == 1
    assert all(status(content, f"minor.{mid}.bonus") is STATED for mid in m)


def test_minor_unit_restrictions_section_8_7_3(content: Content) -> None:
    m = content.minors
    assert m["bulgaria"].army_continents == {"europe"}
    assert m["greece"].fleet_continents == {"europe"}
    assert m["japan"].fleet_continents == {"asia"}
    assert m["italy"].army_continents == {"europe", "africa", "asia"}
    assert m["spain"].fleet_continents == {"europe", "africa", "asia"}


@pytest.mark.parametrize(
    ("minor", "defence"),
    [
        ("united-states", 2),
        ("italy", 2),
        ("japan", 2),
        ("spain", 1),
        ("portugal", 1),
        ("belgium", 1),
        ("netherlands", 1),
        ("boer-states", 1),
    ],
)
def test_unallied_defence_section_8_7_1(content: Content, minor: str, defence: int) -> None:
    key = f"minor_cubes.{minor}.defence"
    assert_fact(content, key, content.minor_cubes[minor].defence, defence, STATED)


def test_dispute_constants_section_8_7(content: Content) -> None:
    d = content.dispute
    got = (d.fleet_bonus, d.army_bonus, d.unit_cap, d.fleet_cost, d.army_cost, d.minor_unit_cost)
    assert got == (2, 1, 4, 2, 1, 0)
    assert (d.british_fleet_bonus, d.british_fleet_cap) == (1, 5)
    assert d.attacking_army_bonus == 1
    assert (d.superior_doctrine_bonus, d.superior_doctrine_cap) == (2, 6)
    assert all(status(content, f"dispute.{f.name}") is STATED for f in dataclasses.fields(d))


def test_dispute_examples_section_8_7(content: Content) -> None:
    """§8.7: FR fleet + 2 Armies = +4 (the cap); GB the same with a British fleet = +5."""
    d = content.dispute
    france = min(d.unit_cap, d.fleet_bonus + 2 * d.army_bonus)
    britain = min(d.british_fleet_cap, d.fleet_bonus + 2 * d.army_bonus + d.british_fleet_bonus)
    assert (2 + britain, 2 + france) == (7, 6)  # §12 China, both roll 2
    assert (4 + britain, 2 + france) == (9, 6)  # §8.7 French Guinea
    assert d.fleet_cost + 2 * d.army_cost == 4  # each side pays £4


# --- §2.7-§2.9 cards ----------------------------------------------------------------------------


def test_known_event_effects_sections_6_2_6_3_12(content: Content) -> None:
    events = content.event_cards
    horn = events["italian-penetration-horn-of-africa"]
    assert "2 Italian" in horn.effect_summary and "Horn of Africa" in horn.effect_summary
    assert status(content, "event.italian-penetration-horn-of-africa.effect_summary") is STATED
    assert "Portuguese" in events["portuguese-bankruptcy"].effect_summary
    sarajevo = events["assassination-of-franz-ferdinand"]
    assert sarajevo.era == 3
    assert_fact(
        content,
        "event.assassination-of-franz-ferdinand.ends_game",
        sarajevo.ends_game,
        True,
        STATED,
    )
    assert sum(card.ends_game for card in events.values()) == 1


def test_dreyfus_affair_is_the_era_2_promo_section_6_1(content: Content) -> None:
    card = content.event_cards["dreyfus-affair"]
    assert card.promo and card.era == 2
    assert status(content, "event.dreyfus-affair.promo") is STATED
    assert content.event_decks.promos[2] == ("dreyfus-affair",)


def test_balkan_wars_scores_at_the_end_section_10_2(content: Content) -> None:
    card = content.event_cards["balkan-wars"]
    assert card.era == 3
    assert card.final_vp is not None and card.final_vp > 0
    assert status(content, "event.balkan-wars.final_vp") is RECONSTRUCTED


@pytest.mark.parametrize(
    ("card", "name_en", "name_it"),
    [
        ("big-stick-policy", "Big Stick Policy", "Politica del Grosso Bastone"),
        ("italian-diplomacy", "Italian Diplomacy", "Diplomazia italiana"),
        ("rising-sun", "Rising Sun", "Sol Levante"),
        ("sabotage", "Sabotage", "Sabotaggio"),
        ("financial-scandal", "Financial Scandal", "Scandalo finanziario"),
        ("press-campaign", "Press Campaign", "Campagna di stampa"),
        ("political-scandal", "Political Scandal", "Scandalo politico"),
        ("diplomatic-attack", "Diplomatic Attack", "Attacco diplomatico"),
        ("change-of-strategy", "Change of Strategy", "Cambio di strategia"),
    ],
)
def test_known_intrigue_halves_sections_8_6_2_and_13_4(
    content: Content, card: str, name_en: str, name_it: str
) -> None:
    half = content.intrigue_cards[card].halves[0]
    assert_fact(content, f"intrigue.{card}.a.name_en", half.name_en, name_en, STATED)
    assert_fact(content, f"intrigue.{card}.a.name_it", half.name_it, name_it, STATED)


def test_halves_an_np_plays_carry_the_np_symbol_section_13_4(content: Content) -> None:
    """§13.4.1: an NP resolves only the NP half; §13.4.5/§13.4.6 show NPs playing these halves."""
    played_by_np = (
        "big-stick-policy",
        "italian-diplomacy",
        "rising-sun",
        "sabotage",
        "financial-scandal",
        "press-campaign",
        "diplomatic-attack",
        "change-of-strategy",
    )
    for card in played_by_np:
        assert content.intrigue_cards[card].halves[0].np_symbol, card
        assert status(content, f"intrigue.{card}.np_half") is IMPLIED


def test_big_stick_policy_effect_section_8_6_2(content: Content) -> None:
    text = content.intrigue_cards["big-stick-policy"].halves[0].effect_summary
    for place in ("United States", "Japan", "China", "Micronesia", "Melanesia"):
        assert place in text
    assert status(content, "intrigue.big-stick-policy.a.effect_summary") is STATED


@pytest.mark.parametrize(
    ("card", "power", "cost", "how"),
    [
        ("social-policy", "GB", 6, IMPLIED),  # §12 round 3
        ("diplomatic-contrasts", "CE", 4, IMPLIED),  # §12 round 2
        ("nationalist-disorder", "FR", 7, STATED),  # EN §13.4.4 caption
    ],
)
def test_national_card_costs_sections_12_and_13_4_4(
    content: Content, card: str, power: str, cost: int, how: Status
) -> None:
    key = f"national.{card}.cost.{power}"
    assert_fact(content, key, content.national_cards[card].cost[power], cost, how)


def test_nationalist_disorder_effect_section_13_4_4(content: Content) -> None:
    card = content.national_cards["nationalist-disorder"]
    assert "4 DM cubes" in card.effect_summary and "at most 2" in card.effect_summary
    assert card.owners == POWERS
    assert status(content, "national.nationalist-disorder.owners") is STATED


def test_power_specific_national_cards_sections_8_3_8_7_13_4_7(content: Content) -> None:
    cards = content.national_cards
    assert cards["superior-doctrine"].owners == ("CE",)
    assert cards["empire-of-the-seas"].owners == ("GB",)
    assert cards["trans-siberian-railway"].owners == ("RU",)
    assert_fact(
        content,
        "national.trans-siberian-railway.requires_great_work",
        cards["trans-siberian-railway"].requires_great_work,
        True,
        STATED,
    )
    assert not any(c.requires_great_work for cid, c in cards.items() if cid != "trans-siberian-railway")


@pytest.mark.parametrize(
    ("card", "name_en", "name_it"),
    [
        ("social-policy", "Social Policy", "Politica sociale"),
        ("diplomatic-contrasts", "Diplomatic Contrasts", "Contrasti diplomatici"),
        ("nationalist-disorder", "Nationalist Disorder", "Disordini Nazionalisti"),
        ("superior-doctrine", "Superior Doctrine", "Dottrina Superiore"),
        ("empire-of-the-seas", "Empire of the Seas", "Impero dei mari"),
        ("trans-siberian-railway", "Trans-Siberian Railway", "Ferrovia Transiberiana"),
    ],
)
def test_national_card_names_sections_8_3_8_7_12_13_4(
    content: Content, card: str, name_en: str, name_it: str
) -> None:
    c = content.national_cards[card]
    assert_fact(content, f"national.{card}.name_en", c.name_en, name_en, STATED)
    assert_fact(content, f"national.{card}.name_it", c.name_it, name_it, STATED)


# --- §2.10 objectives ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("power", "objective", "kind", "territory", "count", "vp"),
    [
        ("GB", "alliance-netherlands", ObjectiveKind.ALLIANCE, "netherlands", 0, 3),
        ("GB", "china-2-cubes", ObjectiveKind.MIN_CUBES, "china", 2, 2),
        ("GB", "china-4-cubes", ObjectiveKind.MIN_CUBES, "china", 4, 5),
        ("GB", "control-china", ObjectiveKind.CONTROL, "china", 0, 3),
        ("CE", "alliance-serbia", ObjectiveKind.ALLIANCE, "serbia", 0, 3),
        ("CE", "alliance-belgium", ObjectiveKind.ALLIANCE, "belgium", 0, 3),
        ("RU", "alliance-romania", ObjectiveKind.ALLIANCE, "romania", 0, 2),
        ("RU", "alliance-bulgaria", ObjectiveKind.ALLIANCE, "bulgaria", 0, 2),
        ("FR", "alliance-italy", ObjectiveKind.ALLIANCE, "italy", 0, 3),
    ],
)
def test_national_objectives_section_10_1(
    content: Content,
    *,
    power: str,
    objective: str,
    kind: ObjectiveKind,
    territory: str,
    count: int,
    vp: int,
) -> None:
    (found,) = [o for o in content.powers[power].objectives if o.id == objective]
    assert (found.kind, found.territories, found.count, found.vp) == (kind, (territory,), count, vp)
    assert found.holder == power
    base = f"power.{power}.objectives.{objective}"
    for field in ("kind", "territories", "vp"):
        assert status(content, f"{base}.{field}") is STATED


def test_negative_objectives_exist_and_count_only_at_the_end_section_10_1(content: Content) -> None:
    """§10.1: objectives that subtract VP are left out of the era scorings, as the Power Card says.
    Which Powers have one is ours (G10): GB, FR and RU; the Central Empires' was removed in issue
    18's fifth pass (docs/belle-epoque-balance.md)."""
    negative = {p.id: [o for o in p.objectives if o.vp < 0] for p in content.powers.values()}
    assert {p for p, found in negative.items() if found} == {"GB", "FR", "RU"}
    for power in content.powers.values():
        assert all(o.final_only for o in negative[power.id])
        assert not any(o.final_only for o in power.objectives if o.vp > 0)


# --- §2.11 prestige, §2.12 NP, §2.13 solo -----------------------------------------------------


def test_prestige_bonuses_are_the_kinds_of_section_11_1(content: Content) -> None:
    kinds = {(s.bonus.kind, s.bonus.amount) for s in content.prestige.spaces}
    allowed = {
        (PrestigeBonusKind.NONE, 0),
        (PrestigeBonusKind.DM, 1),
        (PrestigeBonusKind.INTRIGUE, 1),
        (PrestigeBonusKind.MONEY, 2),
        (PrestigeBonusKind.MONEY, 3),
        (PrestigeBonusKind.MONEY, 4),
    }
    assert kinds <= allowed
    assert {kind for kind, _ in kinds} >= {
        PrestigeBonusKind.DM,
        PrestigeBonusKind.INTRIGUE,
        PrestigeBonusKind.MONEY,
    }
    # §11: every space has a VP modifier, positive or negative.
    assert any(s.vp < 0 for s in content.prestige.spaces)
    assert any(s.vp > 0 for s in content.prestige.spaces)


def test_np_france_progress_chart_section_13_4_4_caption(content: Content) -> None:
    france = content.non_player.powers["FR"]
    assert france.arsenal_bonus == (3, 5, 7, 7, 7, 9, 10, 12, 14)
    assert france.card[2] == "national"  # §13.4.4 example: Turn 3
    assert france.card == ("intrigue",) * 2 + ("national",) + ("intrigue",) * 3 + ("national",) * 3
    assert france.prestige == (1, 0, 1, 1, 1, 0, 1, 1, 1)
    assert status(content, "np.powers.FR.arsenal_bonus") is STATED
    assert status(content, "np.powers.FR.prestige") is IMPLIED


def test_np_france_priority_table_section_13_8(content: Content) -> None:
    france = content.non_player.powers["FR"]
    assert france.objectives == (
        "belgium",
        "italy",
        "melanesia",
        "french-guinea",
        "namibia",
        "indochina",
        "china",
    )
    assert france.extra_dm_from_turn == 4  # §13.7.2


def test_np_constants_sections_13_7_and_13_9_1(content: Content) -> None:
    assert_fact(content, "np.dispute_bonus_cap", content.non_player.dispute_bonus_cap, 4, STATED)
    assert_fact(content, "np.dm_per_turn", content.non_player.dm_per_turn, 3, IMPLIED)


def test_solo_victory_table_section_13_10(content: Content) -> None:
    bands = [(b.min_vp, b.max_vp, b.name_en) for b in content.solo.bands]
    assert bands == [
        (None, 74, "Overwhelming defeat"),
        (75, 84, "Marginal defeat"),
        (85, 94, "Minor victory"),
        (95, 109, "Significant victory"),
        (110, None, "Overwhelming victory"),
    ]
    assert dict(content.solo.end_turn_bonus) == {7: 10, 8: 5}
    assert content.solo.bands[3].name_it == "Vittoria decisiva"
    assert all(p.status is STATED for k, p in content.provenance.items() if k.startswith("solo."))
