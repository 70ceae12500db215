"""The phases of the turn, each named for the rule it checks, with the rules' own numbers."""

from __future__ import annotations

import pytest

from realpolitik.engine import Match
from realpolitik.games.pax_britannica import GAME
from realpolitik.games.pax_britannica.rules import admin, combat, events, minors, scoring
from realpolitik.games.pax_britannica.rules.adjustment import marker_adjustment_phase
from realpolitik.games.pax_britannica.rules.board import army_destinations, linked_areas, set_marker
from realpolitik.games.pax_britannica.rules.state import State
from realpolitik.games.pax_britannica.rules.turn import chinese_resentment_phase, rebellion_threshold
from tests.pax_britannica.support import clear_area, dice, fresh

# -- Random Events (L304-392) ---------------------------------------------------------------------------


def test_random_event_dice_are_read_in_order_2_then_5_is_german_colonial_agitation():
    state = fresh()
    with dice(state, [1, 2, 5]):  # one event; first die 2, second 5 (L325-327)
        events.random_events(state, None)
    assert state.co_mods == {"DE": {"factor": 2}}


def test_a_headline_rolled_twice_in_a_phase_is_rolled_again():
    state = fresh()
    # two events: 2-5, then 2-5 again (re-rolled, L333-335), then 1-5 Upheaval in Russia
    with dice(state, [2, 2, 5, 2, 5, 1, 5]):
        events.random_events(state, None)
    assert state.co_mods == {"DE": {"factor": 2}, "RU": {"none": 1}}


def test_navy_league_and_colonial_agitation_quadruple_germanys_colonial_office():
    state = fresh()
    with dice(state, [2, 2, 4, 2, 5]):  # 2-4 and 2-5 in one phase (L343-344)
        events.random_events(state, None)
    assert state.co_mods["DE"]["factor"] == 4
    base = state.content.powers["DE"].colonial_office[5]  # no Control markers: the 6 column (L405)
    assert admin.colonial_office(state, "DE", None) == 4 * base == 120
    with dice(state, [3]):  # A-H always rolls (L407) and is not affected
        assert admin.colonial_office(state, "AH", None) == state.content.powers["AH"].colonial_office[2]


def test_an_area_already_in_unrest_this_phase_is_rolled_again():
    state = fresh()
    state.unrest = []
    # two Unrest (C) events (cell 1-4): Cuba (die 2), Cuba again (re-rolled, L366-368), then Mexico (die 1)
    with dice(state, [2, 1, 4, 2, 1, 4, 2, 1]):
        events.random_events(state, None)
    assert state.unrest == ["cuba", "mexico"]


# -- Administrative Phase (L393-429) --------------------------------------------------------------------


def test_hawaii_codominion_income_uses_the_reduced_value_only_for_control_markers():
    state = fresh()
    clear_area(state, "hawaii")
    for power in ("US", "GB", "JP"):
        set_marker(state, "hawaii", power, "protectorate", True)
    set_marker(state, "hawaii", "FR", "interest", True)
    # L649-652: EV 5, three Control markers -> 3; a Protectorate brings 4 x 3 = 12, costs 10.
    for power in ("US", "GB", "JP"):
        income = admin.colonial_income(state, power, {"hawaii"})
        assert income["control"] == 12
        assert income["markers"] == 10
    assert admin.colonial_income(state, "FR", {"hawaii"})["interest"] == 5


def test_no_income_without_a_communication_link():
    state = fresh()
    clear_area(state, "samoa")
    set_marker(state, "samoa", "DE", "interest", True)
    assert "samoa" not in linked_areas(state, "DE")  # no German fleet in the South Pacific
    assert admin.colonial_income(state, "DE")["interest"] == 0


def test_a_negative_net_income_eliminates_holdings_and_leaves_the_treasury_at_zero():
    state = fresh()
    state.co_mods = {"US": {"none": 1}}
    state.units["US"]["alaska"] = ["A10", "A10", "A10"]  # 30 pounds of upkeep abroad
    with dice(state, [1, 1, 1]):  # GB, FR and A-H roll; Germany has no Control (the 6 column)
        admin.administrative_phase(state, None)
    assert state.record["US"]["net"] < 0
    assert state.treasury["US"] == 0  # L422-423
    assert state.units["US"]["alaska"].count("A10") < 3


# -- Minor Powers (L443-532) ----------------------------------------------------------------------------


def test_a_minor_takes_the_highest_marker_it_can():
    state = fresh()
    clear_area(state, "gabon")
    linked = linked_areas(state, "BE")
    assert "gabon" in linked
    assert minors.best_level(state, "BE", "gabon", linked) == "protectorate"  # Unorganized (L462-466)
    clear_area(state, "liberia")  # Independent, not in Unrest: at most Influence (L466-470)
    assert minors.best_level(state, "BE", "liberia", linked) == "influence"
    set_marker(state, "gabon", "FR", "protectorate", True)  # an opposing Control marker there
    assert minors.best_level(state, "BE", "gabon", linked) == "interest"
    set_marker(state, "gabon", "FR", "possession", True)  # an opposing Possession bars even Interest
    assert minors.best_level(state, "BE", "gabon", linked) is None


def test_a_minor_protectorate_over_great_power_influence_gives_a_casus_belli():
    state = fresh()
    clear_area(state, "gabon")
    set_marker(state, "gabon", "FR", "influence", True)
    minors.place_minor(state, "BE", "gabon", "protectorate", None)
    assert state.markers["gabon"]["BE"] == ("protectorate", True)  # established at once (L479)
    assert ["FR", "BE", "protectorate in gabon"] in state.cbs  # L482-485
    assert "gabon" in state.minor_placed


# -- Movement / Status Change (L533-702) ----------------------------------------------------------------


def test_upgrading_influence_to_protectorate_costs_the_difference_10():
    state = fresh()
    clear_area(state, "gabon")
    set_marker(state, "gabon", "GB", "influence", True)
    power = state.flow.current().data["power"]
    assert power == "GB"
    state.treasury["GB"] = 25
    GAME.apply(state, "GB", GAME.parse_action("place protectorate gabon"))
    assert state.treasury["GB"] == 15  # L588-591
    assert state.markers["gabon"]["GB"] == ("protectorate", False)  # unestablished (L561-565)


def test_an_army_never_goes_overland_from_mexico_to_panama():
    state = fresh()
    clear_area(state, "mexico")
    clear_area(state, "panama")
    set_marker(state, "mexico", "US", "possession", True)
    set_marker(state, "panama", "US", "protectorate", False)
    state.units["US"]["mexico"] = ["A3"]
    state.fleets["US"] = ["north-pacific"]  # no fleet in the Caribbean: no way by sea
    assert "panama" not in army_destinations(state, "US", "mexico")  # L79
    state.fleets["US"] = ["caribbean", "north-pacific"]
    assert "panama" in army_destinations(state, "US", "mexico")  # through an own-fleet Sea Zone (L673)


def test_the_first_canal_gives_15_vp_and_the_second_none():
    state = fresh()
    for area in ("panama", "central-america"):
        clear_area(state, area)
    set_marker(state, "panama", "GB", "influence", True)
    state.treasury["GB"] = 60
    GAME.apply(state, "GB", GAME.parse_action("canal panama"))
    assert state.vp["GB"] == 15 and state.treasury["GB"] == 30  # L686, L692
    set_marker(state, "central-america", "GB", "influence", True)
    GAME.apply(state, "GB", GAME.parse_action("canal central-america"))
    assert state.vp["GB"] == 15 and state.treasury["GB"] == 0


# -- Colonial Combat (L703-783) -------------------------------------------------------------------------


def test_odds_round_toward_the_defender_and_table_2_from_strength_5():
    state = fresh()
    # L1337-1344 (the rule is the one of L767-773): 7 against 5 is a 1-1 on Table 2, 8 against 5 a 3-2.
    _, column, table = combat.lookup(state, 7, 5, 1)
    assert (column, table) == ("1-1", 2)
    _, column, table = combat.lookup(state, 8, 5, 1)
    assert (column, table) == ("3-2", 2)
    _, _, table = combat.lookup(state, 4, 6, 1)
    assert table == 1  # the smaller side is under 5


def test_exchange_losses_cover_the_area_strength_with_the_least_overshoot():
    assert sorted(combat.cheapest_loss(["A1", "A3", "A3"], 5)) == ["A3", "A3"]  # EX against CS 5
    assert combat.cheapest_loss(["A1", "A3", "A3"], 3) == ["A3"]  # half EX: at least 2.5 -> 3


def test_colonial_combat_at_strength_zero_always_succeeds():
    state = fresh()
    clear_area(state, "caroline-islands")  # CS 0 in our data
    set_marker(state, "caroline-islands", "GB", "protectorate", False)
    state.units["GB"]["caroline-islands"] = ["A1"]
    assert combat.fight(state, ["GB"], "caroline-islands", None)


# -- Marker Adjustment (L290-295) -----------------------------------------------------------------------


def test_a_codominion_member_without_a_garrison_loses_its_marker_and_gets_nothing_back():
    state = fresh()
    assert set(state.markers["guiana"]) == {"GB", "FR", "NL"}
    state.units["FR"].pop("guiana")
    eti = state.eti
    marker_adjustment_phase(state, None)
    assert "FR" not in state.markers["guiana"]  # no Influence, no Interest: Possessions remain (L641-644)
    assert state.markers["guiana"]["GB"] == ("possession", True)
    assert state.markers["guiana"]["NL"] == ("possession", True)
    assert state.eti == eti  # reading G-R12: no ETI for a garrison failure (option eti_garrison)


def test_influence_beside_an_established_protectorate_steps_down_and_raises_the_eti():
    state = fresh()
    clear_area(state, "gabon")
    set_marker(state, "gabon", "DE", "protectorate", True)
    state.units["DE"]["gabon"] = ["A1"]
    set_marker(state, "gabon", "FR", "influence", True)
    eti = state.eti
    marker_adjustment_phase(state, None)
    assert state.markers["gabon"]["FR"] == ("interest", True)  # L794-799 (reading G-R13)
    assert state.eti == eti + 1  # L1476: one step


def test_an_unsuppressed_revolt_removes_the_controller_only():
    state = fresh()
    state.unrest = ["india"]
    set_marker(state, "india", "FR", "interest", True)
    marker_adjustment_phase(state, None)
    assert "GB" not in state.markers["india"]  # L743-747
    assert state.markers["india"]["FR"] == ("interest", True)
    assert "india" not in state.units["GB"]


# -- Chinese Resentment (L918-1018) ---------------------------------------------------------------------


def _no_chinese_control(state: State) -> None:
    for area in state.content.area_ids:
        if state.content.areas[area].type in ("chinese-empire", "chinese-vassal"):
            clear_area(state, area)


@pytest.mark.parametrize(("roll", "rebellion"), [([4, 4, 4], True), ([4, 4, 5], False)])
def test_cri_122_brings_a_rebellion_on_12_or_less(roll, rebellion):
    state = fresh()
    _no_chinese_control(state)
    state.cri = 122
    with dice(state, roll):
        chinese_resentment_phase(state, None)
    assert rebellion_threshold(122) == 12 and rebellion_threshold(99) == 9  # L922-925
    assert state.rebellions == (1 if rebellion else 0)


def test_a_codominion_granted_in_hong_kong_raises_the_cri_only_in_the_phase():
    state = fresh()
    _no_chinese_control(state)
    set_marker(state, "hong-kong", "GB", "possession", True)
    state.cri = 20
    set_marker(state, "hong-kong", "JP", "protectorate", True)  # granted: no instant rise (L927-931)
    assert state.cri == 20
    with dice(state, [6, 6, 6]):
        chinese_resentment_phase(state, None)
    assert state.cri == 26  # two Control markers x 3


# -- Victory Points (L1552-1600) and the Great War ------------------------------------------------------


def test_167_pounds_buy_16_vp_for_britain_and_the_rest_is_lost():
    state = fresh()
    state.treasury.update({"GB": 167, "DE": 30, "AH": 20})
    before = dict(state.vp)
    scoring.victory_point_phase(state, None)
    assert state.vp["GB"] - before["GB"] == 16  # L1563-1567
    assert state.vp["DE"] - before["DE"] == 50 * 10 // state.content.powers["DE"].divisor_tenths  # pooled
    assert state.treasury["GB"] == 0 and state.treasury["AH"] == 0


def test_the_east_west_and_north_south_africa_paths():
    state = fresh()
    chain = ["marocco", "taureg", "chad", "soudan"]  # west to east, overland
    for area in chain:
        clear_area(state, area)
        set_marker(state, area, "FR", "protectorate", True)
    assert scoring.africa_bonus(state, "FR") == 10  # L1589-1592
    clear_area(state, "chad")
    assert scoring.africa_bonus(state, "FR") == 0


def test_a_naval_build_that_takes_the_eti_to_100_ends_the_game_and_triples_the_builder():
    match = Match(GAME, {"players": 4}, 3)
    state = match.state
    state.eti = 99
    mover = state.flow.current().data["power"]
    seat = state.player_of[mover]
    assert mover == "GB"
    GAME.apply(state, seat, GAME.parse_action("done"))  # Britain builds no ETI (L1494)
    assert state.flow.current().data["power"] == "FR"
    state.treasury["FR"] = 100
    GAME.apply(state, "FR", GAME.parse_action("buy naval 1"))
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.details["great_war"]
    penalty = state.content.track[0].penalty
    lines = outcome.details["lines"]
    assert lines["FR"]["great_war"] == -3 * penalty  # L1212-1216
    assert lines["GB"]["great_war"] == -penalty
    assert GAME.to_act(state) == ()


def test_an_event_that_brings_the_great_war_blames_nobody():
    state = fresh()
    state.eti = 98
    with dice(state, [1, 6, 6]):  # Arms Race: +4 (a reconstructed cell)
        events.random_events(state, None)
    assert state.eti == 102 and state.blame == []  # L336-340


# -- special garrisons (L618-630) -----------------------------------------------------------------------


def test_the_indian_army_keeps_three_army_10_within_two_areas_of_india():
    state = fresh()
    assert state.units["GB"]["india"].count("A10") == 3
    clear_area(state, "persia")
    set_marker(state, "persia", "GB", "protectorate", False)
    refusal = GAME.explain_illegal(state, "GB", GAME.parse_action("move army 10 india home"))
    assert "Indian Army" in refusal.reason
    assert GAME.parse_action("move army 1 india home") in GAME.legal_actions(state, "GB")


def test_russia_with_four_army_10_may_send_one_away_but_not_a_second():
    state = GAME.setup({"players": 6}, 1)
    assert state.units["RU"]["home"].count("A10") == 4
    from realpolitik.games.pax_britannica.rules.movement import garrison_refusal

    assert garrison_refusal(state, "RU", "A10", "home", "turkestan") is None
    state.units["RU"]["home"].remove("A10")
    state.units["RU"]["turkestan"].append("A10")
    assert garrison_refusal(state, "RU", "A10", "home", "turkestan") is not None


# -- optional rules -------------------------------------------------------------------------------------


def test_the_balkan_wars_move_the_borders_only_with_the_option():
    from realpolitik.games.pax_britannica.rules.board import land_of, seas_of

    plain = fresh()
    plain.balkan_wars = 2
    assert "greece" not in land_of(plain, "serbia")  # the option is off by default
    state = GAME.setup({"players": 4, "balkan_wars": True}, 1)
    assert "greece" not in land_of(state, "serbia")
    state.balkan_wars = 1  # L39-41: after the first War in the Balkans
    assert "greece" in land_of(state, "serbia") and "serbia" in land_of(state, "greece")
    assert "anatolia" in land_of(state, "serbia")
    state.balkan_wars = 2  # L41-43: after the second
    assert "bulgaria" in land_of(state, "greece")
    assert "anatolia" not in land_of(state, "serbia") and "serbia" not in land_of(state, "anatolia")
    assert "mediterranean" in seas_of(state, "bulgaria")


def test_a_unit_and_a_merchant_fleet_move_once_a_movement_turn():
    state = fresh()
    GAME.apply(state, "GB", GAME.parse_action("move army 10 home canada"))
    assert GAME.parse_action("move army 10 canada home") not in GAME.legal_actions(state, "GB")
    assert GAME.parse_action("move army 3 home canada") in GAME.legal_actions(state, "GB")
    GAME.apply(state, "GB", GAME.parse_action("fleet oceania north-pacific"))
    refusal = GAME.explain_illegal(state, "GB", GAME.parse_action("fleet north-pacific south-pacific"))
    assert "moved this turn" in refusal.reason


def test_a_lost_indian_army_unit_is_rebuilt_as_soon_as_britain_can_pay_and_brought_back():
    state = fresh()
    state.units["GB"]["india"].remove("A10")  # destroyed
    state.units["GB"]["home"] = [u for u in state.units["GB"]["home"] if u != "A10"]
    state.treasury["GB"] = 30
    refusal = GAME.explain_illegal(state, "GB", GAME.parse_action("done"))
    assert "rebuild an Army (10)" in refusal.reason  # L620-623
    GAME.apply(state, "GB", GAME.parse_action("buy army 10"))
    refusal = GAME.explain_illegal(state, "GB", GAME.parse_action("done"))
    assert "within two Areas of India" in refusal.reason
    GAME.apply(state, "GB", GAME.parse_action("move army 10 home india"))
    assert GAME.parse_action("done") in GAME.legal_actions(state, "GB")
