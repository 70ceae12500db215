"""The War Sequence (seed L1083-1459; digest 1.15 and acceptance scenarios A09, A16, A17, A19).

Each test builds a war at a known step with the helpers below: the sides, the units and markers
that matter, the dice scripted; then plays the decisions as a seat would and checks exact numbers.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from realpolitik.engine import LogEntry
from realpolitik.games.pax_britannica import GAME
from realpolitik.games.pax_britannica.rules.alliance import War, coaling, new_war, war_seas
from realpolitik.games.pax_britannica.rules.battle import attack_options, pick_losses, resolve
from realpolitik.games.pax_britannica.rules.maneuver import army_moves, naval_moves, neutral_partners
from realpolitik.games.pax_britannica.rules.peace import resolve_war, war_verdict
from realpolitik.games.pax_britannica.rules.state import State
from realpolitik.games.pax_britannica.rules.supply import conquest, supply_phase
from realpolitik.games.pax_britannica.rules.turn import DECISIONS, advance

from .support import dice


def _war(
    sides: Sequence[Sequence[str]],
    *,
    units: Mapping[str, Mapping[str, Sequence[str]]] = {},
    markers: Mapping[str, Mapping[str, str]] = {},
    fleets: Mapping[str, Sequence[str]] = {},
    stage: str = "attack",
    order: Sequence[int] = (0, 1),
    players: int = 7,
) -> tuple[State, War]:
    """A game in the War Phase with one war at ``stage``; ``units`` and ``fleets`` replace the
    named Powers' own, ``markers`` replace the named Areas' markers (all established)."""
    state = GAME.setup({"players": players}, 1)
    state.flow.clear()
    state.phase = "war"
    state.cbs = []
    for area, held in markers.items():
        state.markers[area] = {p: (lv, True) for p, lv in held.items()}
    for power, locs in units.items():
        state.units[power] = {
            loc: sorted(codes, key=lambda c: (c[0], int(c[1:]))) for loc, codes in locs.items()
        }
    for power, seas in fleets.items():
        state.fleets[power] = sorted(seas)
    war = new_war(sides[0][0], sides[1][0])
    war["sides"] = [list(sides[0]), list(sides[1])]
    war["stage"], war["round"], war["order"] = stage, 1, list(order)
    state.wars = [war]
    return state, war


def _act(state: State, seat: str, text: str) -> None:
    assert text in {str(a) for a in GAME.legal_actions(state, seat)}, (text, GAME.legal_actions(state, seat))
    DECISIONS.apply(state, state.flow, seat, GAME.parse_action(text), None)
    advance(state, None)


def _manchuria(gb: bool) -> tuple[State, War]:
    """Digest A09 (L1337-1344): Japan 3+3+1 against Russia 1+1+3 in Manchuria; Britain's Army (1) there."""
    units = {
        "JP": {"manchuria": ["A3", "A3", "A1"]},
        "RU": {"manchuria": ["A1", "A1", "A3"], "home": ["A10"]},
    }
    if gb:
        units["GB"] = {"manchuria": ["A1"]}
    return _war(
        [["JP", "GB"], ["RU"]],
        units=units,
        markers={"manchuria": {"RU": "possession"}, "korea": {"JP": "possession"}},
    )


# -- combat: A09 ---------------------------------------------------------------------------------------


def test_a09_britain_joins_and_the_odds_become_3_to_2():
    state, _ = _manchuria(gb=True)
    advance(state, None)
    assert GAME.to_act(state) == ("JP",)
    _act(state, "JP", "attack army manchuria")
    assert GAME.to_act(state) == ("GB",) and state.flow.current().kind == "join"  # L1318-1321
    log: list[LogEntry] = []
    with dice(state, [5]):
        DECISIONS.apply(state, state.flow, "GB", GAME.parse_action("join"), log)
    text = " ".join(e.text for e in log)
    assert "8 against 5, Table 2 column 3-2, die 5: DR" in text  # 8:5 rounded to 3-2, smaller side 5
    # The defenders retreat, each unit where Russia's seat sends it (L1349-1352: it may split them):
    # home (Manchuria touches Russia) or Korea (a Control marker, no enemy Army).
    assert GAME.to_act(state) == ("RU",) and state.flow.current().kind == "retreat"
    assert {str(a) for a in GAME.legal_actions(state, "RU")} == {
        "retreat 1 home",
        "retreat 3 home",
        "retreat 1 korea",
        "retreat 3 korea",
    }
    _act(state, "RU", "retreat 3 korea")
    _act(state, "RU", "retreat 1 home")
    _act(state, "RU", "retreat 1 home")
    assert "manchuria" not in state.units["RU"]
    assert state.units["RU"]["korea"] == ["A3"] and sorted(state.units["RU"]["home"]) == ["A1", "A1", "A10"]
    assert state.flow.current().kind == "attack"  # Japan's Attack Phase goes on


def test_a09_britain_declines_the_odds_stay_1_to_1_and_its_army_is_untouched():
    state, war = _manchuria(gb=True)
    advance(state, None)
    _act(state, "JP", "attack army manchuria")
    log: list[LogEntry] = []
    with dice(state, [1]):
        DECISIONS.apply(state, state.flow, "GB", GAME.parse_action("decline"), log)
    text = " ".join(e.text for e in log)
    assert "7 against 5, Table 2 column 1-1, die 1: E" in text  # 7:5 rounds down to 1-1 (L1340-1342)
    assert "manchuria" not in state.units["JP"]  # the attackers are eliminated
    assert state.units["GB"]["manchuria"] == ["A1"]  # L1343-1344: the British unit suffers nothing
    assert war["surrendered"] == {}


def test_exchange_the_larger_side_loses_at_least_the_smaller_sides_strength():
    # L1353-1356: 7 against 5, EX: Russia's 5 go, Japan loses 3+3 (the least over 5)
    state, war = _manchuria(gb=False)
    with dice(state, [3]):
        assert resolve(state, war, "manchuria", ["JP"], army=True, log=None) == "EX"
    assert "manchuria" not in state.units["RU"]
    # Japan's seat picks its losses one unit at a time until 5 are paid (L1353-1356).
    assert state.flow.current().kind == "loss"
    assert {str(a) for a in GAME.legal_actions(state, "JP")} == {"lose 1", "lose 3"}
    _act(state, "JP", "lose 3")
    _act(state, "JP", "lose 3")
    assert state.units["JP"]["manchuria"] == ["A1"] and state.flow.current().kind != "loss"


def test_an_exchange_paid_clumsily_costs_what_the_player_chose():
    state, war = _manchuria(gb=False)
    with dice(state, [3]):
        resolve(state, war, "manchuria", ["JP"], army=True, log=None)
    for size in ("1", "3", "3"):  # 1, then 4, then 7 >= 5
        _act(state, "JP", f"lose {size}")
    assert "manchuria" not in state.units["JP"]


def test_half_exchange_the_stronger_side_loses_half_rounded_up():
    # L1357-1358: 7 against 5, ½EX: Russia's 5 go, Japan loses at least 3 (half of 5 rounded up)
    state, war = _manchuria(gb=False)
    with dice(state, [5]):
        assert resolve(state, war, "manchuria", ["JP"], army=True, log=None) == "HEX"
    assert "manchuria" not in state.units["RU"]
    _act(state, "JP", "lose 3")
    assert state.units["JP"]["manchuria"] == ["A1", "A3"]


def test_great_powers_units_are_lost_before_a_minors():
    units = [("GB", "A3"), ("NL", "A1"), ("GB", "A1")]
    assert sorted(pick_losses(units, 4, ("GB",))) == [("GB", "A1"), ("GB", "A3")]  # L1355-1356
    assert sorted(pick_losses(units, 5, ("GB",))) == [("GB", "A1"), ("GB", "A3"), ("NL", "A1")]
    assert pick_losses([("GB", "A10"), ("GB", "A3"), ("GB", "A1")], 4, ("GB",)) == [
        ("GB", "A3"),
        ("GB", "A1"),
    ]


# -- retreat, surrender, conquest, supply --------------------------------------------------------------


def _aden(gb_fleets: Sequence[str], fr_units: Mapping[str, Sequence[str]]) -> tuple[State, War]:
    """Aden has no Overland Route (L75-79): Britain's only way out is the Indian Ocean."""
    return _war(
        [["FR"], ["GB"]],
        units={"GB": {"aden": ["A1"], "home": ["A10"]}, "FR": dict(fr_units)},
        fleets={"GB": gb_fleets},
        markers={"aden": {"GB": "possession"}},
    )


BRITISH_ROUTE = ["north-atlantic", "mediterranean", "indian-ocean"]
"""Britain's Merchant Fleets from home to Aden by the Mediterranean."""


def test_a_defender_that_cannot_retreat_surrenders_and_the_area_is_conquered():
    state, war = _aden(["north-atlantic"], {"aden": ["A3"], "algiers": ["A1"]})
    advance(state, None)
    # 3 against 1: Table 1 (smaller side 1), column 3-1, die 3: DR; no British fleet in the Indian
    # Ocean, so the Army cannot retreat and surrenders (L1349-1352, L1403-1405).
    with dice(state, [3]):
        _act(state, "FR", "attack army aden")
    assert war["surrendered"] == {"GB": ["A1"]}
    _act(state, "FR", "done")  # the Attack Phase ends: Aden is conquered (L1375-1380)
    assert war["conquered"] == {"aden": 0}
    assert state.markers["aden"] == {"GB": ("possession", True)}  # no marker changes yet


def test_a_defender_with_a_fleet_beside_it_retreats_to_sea():
    state, war = _aden(["indian-ocean", "north-atlantic"], {"aden": ["A3"], "algiers": ["A1"]})
    advance(state, None)
    with dice(state, [3]):
        _act(state, "FR", "attack army aden")
    assert GAME.to_act(state) == ("GB",)
    assert [str(a) for a in GAME.legal_actions(state, "GB")] == ["retreat 1 sea:indian-ocean"]
    _act(state, "GB", "retreat 1 sea:indian-ocean")
    assert state.units["GB"]["sea:indian-ocean"] == ["A1"] and war["surrendered"] == {}


def test_a_blockaded_area_cuts_the_line_of_supply():
    # L1391-1397: a French Naval unit in Aden: the British Army there cannot trace to the Indian
    # Ocean and surrenders, and Aden, reachable by French Armies, surrenders to France.
    state, war = _aden(BRITISH_ROUTE, {"aden": ["N3"], "algiers": ["A1"]})
    supply_phase(state, war, 1, None)
    assert war["surrendered"] == {"GB": ["A1"]}
    assert war["conquered"]["aden"] == 0


def test_without_the_blockade_the_same_army_is_in_supply():
    state, war = _aden(BRITISH_ROUTE, {"algiers": ["N3", "A1"]})
    supply_phase(state, war, 1, None)
    assert war["surrendered"] == {} and "aden" not in war["conquered"]
    assert state.units["GB"]["aden"] == ["A1"]


def test_an_area_out_of_supply_the_enemy_cannot_reach_does_not_surrender():
    # L1396-1397 (G-R17): France without a Merchant Fleet anywhere cannot reach Aden.
    state, war = _aden(["north-atlantic"], {"algiers": ["A1"]})
    state.fleets["FR"] = []
    supply_phase(state, war, 1, None)
    assert war["surrendered"] == {"GB": ["A1"]}  # the Army is cut off all the same
    assert war["conquered"] == {}


def test_fleets_without_coaling_rights_surrender():
    # L1400-1402: a German Naval unit in the Indian Ocean, where no German marker touches.
    state, war = _war(
        [["DE"], ["GB"]], units={"DE": {"sea:indian-ocean": ["N3"], "sea:north-atlantic": ["N1"]}}
    )
    assert not coaling(state, war, "DE", "indian-ocean")
    assert coaling(state, war, "DE", "north-atlantic")  # next to Germany
    supply_phase(state, war, 0, None)
    assert war["surrendered"] == {"DE": ["N3"]}
    assert state.units["DE"]["sea:north-atlantic"] == ["N1"]


# -- maneuver ------------------------------------------------------------------------------------------


def test_cape_zones_stand_between_the_south_atlantic_and_the_oceans_beyond():
    state, war = _war([["GB"], ["FR"]], units={"GB": {"sea:south-atlantic": ["N10", "A3"]}})
    # L1280-1289
    assert set(war_seas(state, "south-atlantic")) == {
        "north-atlantic",
        "caribbean",
        "cape-of-good-hope",
        "cape-horn",
    }
    assert "south-atlantic" not in war_seas(state, "indian-ocean")
    moves = naval_moves(state, war, "GB", "sea:south-atlantic")
    assert "sea:cape-of-good-hope" in moves and "sea:indian-ocean" not in moves
    # An Army may enter a Cape Zone with an own Merchant Fleet in either zone it joins (L1288-1289).
    assert "sea:cape-of-good-hope" in army_moves(state, war, "GB", "sea:south-atlantic")
    state.fleets["GB"] = ["north-atlantic"]
    assert "sea:cape-of-good-hope" not in army_moves(state, war, "GB", "sea:north-atlantic")


def test_cape_coaling_follows_the_zones_it_joins():
    # L1284-1287: Germany's Interest in Zanzibar (Indian Ocean) is no Influence: no rights there;
    # an Influence in Zanzibar gives rights in the Indian Ocean and so at the Cape of Good Hope.
    state, war = _war([["DE"], ["GB"]], markers={"zanzibar": {"DE": "interest"}})
    assert not coaling(state, war, "DE", "cape-of-good-hope")
    state.markers["zanzibar"] = {"DE": ("influence", True)}
    assert coaling(state, war, "DE", "indian-ocean") and coaling(state, war, "DE", "cape-of-good-hope")
    assert not coaling(state, war, "DE", "cape-horn")  # neither the South Pacific nor the South Atlantic


def test_armies_cannot_pass_from_one_enemy_occupied_area_to_another():
    markers = {"manchuria": {"RU": "possession"}, "korea": {"RU": "possession"}}
    units = {"JP": {"manchuria": ["A3"]}, "RU": {"manchuria": ["A1"], "korea": ["A1"]}}
    state, war = _war([["JP"], ["RU"]], units=units, markers=markers)
    assert "korea" not in army_moves(state, war, "JP", "manchuria")  # L1270
    state.units["RU"].pop("korea")
    assert "korea" in army_moves(state, war, "JP", "manchuria")


def test_armies_do_not_sail_into_enemy_fleets_without_their_own():
    markers = {"korea": {"JP": "possession"}}
    units = {"JP": {"korea": ["A3"]}, "RU": {"sea:north-china-sea": ["N10"]}}
    state, war = _war([["JP"], ["RU"]], units=units, markers=markers, fleets={"JP": ["north-china-sea"]})
    assert "sea:north-china-sea" not in army_moves(state, war, "JP", "korea")  # L1266-1267
    state.units["JP"]["sea:north-china-sea"] = ["N1"]
    assert "sea:north-china-sea" in army_moves(state, war, "JP", "korea")


def test_each_unit_moves_one_space_a_maneuver_phase():
    state, _ = _war(
        [["GB"], ["FR"]], units={"GB": {"home": ["N10"]}, "FR": {"algiers": ["A1"]}}, stage="maneuver"
    )
    advance(state, None)
    _act(state, "GB", "move naval 10 home sea:north-atlantic")
    assert not any(a.verb == "move" for a in GAME.legal_actions(state, "GB"))  # L1241-1242


# -- neutral codominion partners: A16, A17 -------------------------------------------------------------


def _guiana() -> tuple[State, War]:
    # Guiana: a British, French and Dutch codominion (L1303-1306); Germany at war with Britain.
    return _war(
        [["DE"], ["GB"]],
        units={"DE": {"sea:south-atlantic": ["A3", "N3"]}, "GB": {"guiana": ["A1"], "home": ["A10"]}},
        stage="maneuver",
    )


def test_a16_a_neutral_partner_may_declare_at_once_when_a_german_unit_enters_guiana():
    state, war = _guiana()
    advance(state, None)
    eti = state.eti
    _act(state, "DE", "move army 3 sea:south-atlantic guiana")
    assert GAME.to_act(state) == ("FR",)  # the Netherlands, a Minor, never declares this way
    assert {str(a) for a in GAME.legal_actions(state, "FR")} == {"declare DE", "pass"}
    _act(state, "FR", "declare DE")
    assert state.eti == eti + 5
    assert war["sides"] == [["DE"], ["GB", "FR"]]  # France joins Britain's side
    # France has attacked Germany: the German player answers for Austria-Hungary (L1195-1199);
    # honouring would make a war of four European Powers, so he breaks the treaty (+5, L1538).
    assert state.flow.current().kind == "treaty"
    _act(state, "DE", "treaty break")
    assert state.eti == eti + 10 and war["sides"] == [["DE"], ["GB", "FR"]]
    assert GAME.to_act(state) == ("DE",) and state.flow.current().kind == "maneuver"


def test_a16_the_neutrals_casus_belli_lapses_if_not_used_at_once():
    state, war = _guiana()
    advance(state, None)
    _act(state, "DE", "move army 3 sea:south-atlantic guiana")
    _act(state, "FR", "pass")
    assert state.cbs == [] and war["sides"] == [["DE"], ["GB"]]
    assert state.flow.current().kind == "maneuver"


def test_two_neutral_partners_are_asked_one_after_the_other():
    # Found by 2,000 random five-player games (seed 541487): the US entered Guiana, where Britain
    # and France are both neutral partners; their two questions were pushed as two decisions and
    # the first answer "resumed" the second, which crashed. Now one queue: Britain, then France.
    state, _war_record = _war(
        [["US"], ["NL"]],  # the Dutch share of Guiana lets the US fleet in (L1245-1250)
        units={"US": {"sea:south-atlantic": ["N3"]}, "NL": {"home": ["A3"]}},
        stage="maneuver",
        players=5,
    )
    advance(state, None)
    _act(state, "US", "move naval 3 sea:south-atlantic guiana")
    assert GAME.to_act(state) == ("GB",)
    _act(state, "GB", "pass")
    assert GAME.to_act(state) == ("FR",)
    _act(state, "FR", "pass")
    assert state.flow.current().kind == "maneuver" and GAME.to_act(state) == ("US",)
    assert not any(c[2].startswith("entry into") for c in state.cbs)  # usable at once or never


def test_a16_conquered_guiana_keeps_the_neutral_partners_possessions():
    # L1309-1313 (G-R7): Germany conquers Guiana; France and the Netherlands stayed neutral.
    state, war = _guiana()
    state.units["DE"] = {"guiana": ["A3"]}
    state.units["GB"] = {"home": ["A10"]}
    war["conquered"] = {"guiana": 0}
    eti = state.eti
    resolve_war(state, war, "stalemate", [], None)
    assert state.markers["guiana"] == {
        "DE": ("possession", True),
        "FR": ("possession", True),
        "NL": ("possession", True),
    }
    assert state.eti == eti and state.wars == []


def test_a17_a_codominion_shared_across_the_alliances_gives_the_neutral_no_casus_belli():
    markers = {"hawaii": {"DE": "protectorate", "GB": "protectorate", "US": "protectorate"}}
    state, war = _war([["DE"], ["GB", "JP"]], markers=markers)
    for power in ("DE", "GB", "JP"):  # L1305-1308, and Britain's ally Japan (L1307-1308)
        assert neutral_partners(state, war, power, "hawaii") == []
    state.markers["hawaii"] = {"GB": ("protectorate", True), "US": ("protectorate", True)}
    assert neutral_partners(state, war, "DE", "hawaii") == ["US"]


# -- the end of a war ----------------------------------------------------------------------------------


def test_a19_the_victor_places_a_free_possession_and_conflicting_markers_go_without_eti():
    # L1454-1456: the Kongo holds a Belgian Protectorate and a French Interest; Germany defeats
    # Belgium and has conquered the Kongo.
    state, war = _war(
        [["DE"], ["BE"]],
        units={"DE": {"kongo": ["A3"], "home": ["A10"]}, "BE": {"home": ["A3"]}},
        markers={"kongo": {"BE": "protectorate", "FR": "interest"}},
    )
    war["conquered"] = {"kongo": 0}
    eti, pounds = state.eti, state.treasury["DE"]
    resolve_war(state, war, "victory", [0], None)
    assert state.markers["kongo"] == {"DE": ("possession", True)}
    assert state.eti == eti and state.treasury["DE"] == pounds


def test_surrendered_and_stranded_units_go_home_when_the_war_ends():
    state, war = _aden(["north-atlantic"], {"aden": ["A3"], "sea:indian-ocean": ["N3"], "algiers": ["A1"]})
    war["surrendered"] = {"GB": ["A1"]}
    state.units["GB"].pop("aden")
    war["conquered"] = {"aden": 0}
    resolve_war(state, war, "stalemate", [], None)
    assert sorted(state.units["GB"]["home"]) == ["A1", "A10"]  # L1408-1410
    assert "sea:indian-ocean" not in state.units["FR"] and "N3" in state.units["FR"]["home"]
    assert state.units["FR"]["aden"] == ["A3"] and state.markers["aden"] == {"FR": ("possession", True)}


def test_the_military_end_is_ignored_in_the_first_two_war_sequences():
    # L1115-1121: Britain has no Army outside its Home Country.
    state, war = _aden(["north-atlantic"], {"algiers": ["A1"]})
    state.units["GB"] = {"home": ["A10"]}
    war["round"] = 2
    assert war_verdict(state, war) is None
    war["round"] = 3
    assert war_verdict(state, war) == ("victory", [0])


def test_three_quiet_war_sequences_are_a_stalemate_and_the_last_raises_no_eti():
    # L1122-1124, L1491-1493: +2 after the first and the second, none in the one that ends it.
    state, war = _war(
        [["FR"], ["GB"]],
        units={"GB": {"aden": ["A1"]}, "FR": {"algiers": ["A1"]}},
        stage="initiative",
    )
    war["round"], state.turn = 0, 10  # the last turn: nothing rolls after the war
    eti = state.eti
    with dice(state, [6, 1] * 3):  # France moves first each time
        advance(state, None)
        for sequence in range(3):
            assert war["round"] == sequence + 1
            for seat in ("FR", "GB"):
                _act(state, seat, "done")  # no move, no attack
            assert state.flow.current().kind == "peace"
            _act(state, "FR", "peace fight")
            _act(state, "GB", "peace fight")
            assert state.eti == eti + 2 * min(sequence + 1, 2)
    assert state.wars == [] and state.eti == eti + 4
    assert state.markers["aden"] == {"GB": ("possession", True)}


def test_a_separate_peace_takes_the_signer_out_and_costs_5():
    # L1413-1417, L1490: Britain and Russia sign, Japan fights on.
    state, war = _war(
        [["JP", "GB"], ["RU"]],
        units={"JP": {"korea": ["A3"]}, "GB": {"aden": ["A1"]}, "RU": {"manchuria": ["A3"]}},
        markers={"korea": {"JP": "possession"}, "manchuria": {"RU": "possession"}},
        stage="end",
    )
    eti = state.eti
    advance(state, None)
    assert set(GAME.to_act(state)) == {"JP", "GB", "RU"}
    _act(state, "GB", "peace sign")
    _act(state, "RU", "peace sign")
    with dice(state, [1, 6]):
        _act(state, "JP", "peace fight")
    assert war["sides"] == [["JP"], ["RU"]] and war["out"] == ["GB"]
    assert state.eti == eti + 5 + 2  # the separate peace, then the War Sequence's +2


def test_everybody_signing_ends_the_war_and_confirms_the_conquests():
    state, war = _war(
        [["JP"], ["RU"]],
        units={"JP": {"manchuria": ["A3"]}, "RU": {"home": ["A3"]}},
        markers={"korea": {"JP": "possession"}, "manchuria": {"RU": "possession"}},
        stage="end",
    )
    war["conquered"] = {"manchuria": 0}
    eti = state.eti
    advance(state, None)
    _act(state, "JP", "peace sign")
    _act(state, "RU", "peace sign")
    assert state.wars == [] and state.eti == eti
    assert state.markers["manchuria"] == {"JP": ("possession", True)}


def test_a_minor_fighting_alone_is_played_by_the_first_neutral_great_power():
    # L1233-1237: Germany against Belgium; Britain, first in the order and at peace, plays Belgium.
    state, war = _war(
        [["DE"], ["BE"]],
        units={"DE": {"home": ["A10", "N3"]}, "BE": {"gabon": ["A1"], "home": ["A3"]}},
        stage="alliance",
    )
    advance(state, None)
    assert war["controller"] == {"BE": "GB"}
    while (top := state.flow.top()) is not None and top.kind == "coal":  # L1274-1276: none volunteers
        DECISIONS.apply(state, state.flow, GAME.to_act(state)[0], GAME.parse_action("coal none"), None)
    with dice(state, [1, 6]):  # Belgium's Alliance rolls higher and moves first
        advance(state, None)
    assert GAME.to_act(state) == ("GB",) and state.flow.current().data["power"] == "BE"


def test_initiative_ties_are_rolled_again():
    state, war = _war(
        [["DE"], ["BE"]], units={"DE": {"home": ["N3"]}, "BE": {"home": ["A3"]}}, stage="initiative"
    )
    with dice(state, [4, 4, 5, 2]):  # reading G-R16: the tie is rolled again
        advance(state, None)
    assert war["order"] == [0, 1] and war["round"] == 2


def test_a18_an_enemy_out_of_reach_lets_a_side_announce_the_end():
    # L1443-1450: the Spanish-American war. Spain's last Army (1) holds its Protectorate in Tunis;
    # the United States have no Merchant Fleet in the Mediterranean, France holds Algiers and the
    # Taureg, Tripoli is Ottoman: the Americans cannot reach Tunis. Britain, the neutral playing
    # Spain (L1233-1237), announces the end: the US take what they can reach, Spain keeps Tunis.
    state, war = _war(
        [["US"], ["ES"]],
        units={"US": {"home": ["A3", "N3"]}, "ES": {"tunis": ["A1"], "home": ["A3"]}},
        markers={
            "tunis": {"ES": "protectorate"},
            "rio-de-oro": {"ES": "possession"},
            "taureg": {"FR": "possession"},
            "algiers": {"FR": "possession"},
        },
        fleets={"US": ["caribbean", "north-atlantic", "north-pacific"]},
        stage="end",
    )
    war["controller"] = {"ES": "GB"}
    war["surrendered"] = {"ES": ["N1"]}
    state.turn = 10
    advance(state, None)
    assert set(GAME.to_act(state)) == {"US", "GB"}
    assert {str(a) for a in GAME.legal_actions(state, "GB")} == {"peace fight", "peace announce"}
    _act(state, "US", "peace fight")
    _act(state, "GB", "peace announce")
    for area in ("cuba", "porto-rico", "philippines", "rio-de-oro"):
        assert state.markers[area] == {"US": ("possession", True)}, area
    assert state.markers["tunis"] == {"ES": ("protectorate", True)}
    assert state.units["ES"]["tunis"] == ["A1"] and "N1" in state.units["ES"]["home"]


def test_a_blockaded_dominion_is_no_source_of_supply():
    # L1391-1395: Britain's Army in Alaska traces overland to the Dominion of Canada, its only
    # source (no British Merchant Fleet anywhere); an American Naval unit in Canada blockades it.
    def alaska(blockade: bool) -> tuple[State, War]:
        units = {"GB": {"alaska": ["A1"], "canada": ["A3"]}, "US": {"home": ["A3"]}}
        if blockade:
            units["US"]["canada"] = ["N3"]
        return _war(
            [["US"], ["GB"]],
            units=units,
            markers={"canada": {"GB": "dominion"}, "alaska": {"GB": "possession"}},
            fleets={"GB": []},
        )

    state, war = alaska(blockade=False)
    supply_phase(state, war, 1, None)
    assert war["surrendered"] == {} and state.units["GB"]["alaska"] == ["A1"]
    state, war = alaska(blockade=True)
    supply_phase(state, war, 1, None)
    assert war["surrendered"] == {"GB": ["A1"]}  # cut off: the Dominion is blockaded
    assert state.units["GB"]["canada"] == ["A3"]  # L1384-1385: in its own Dominion, still in supply


def test_the_indian_army_stays_within_two_areas_of_india_in_a_war():
    # L620-625: the three Army (10) of the Indian Army end every Alliance Maneuver Phase within two
    # Areas of India; with a fourth, one of them may leave.
    state, _ = _war(
        [["GB"], ["FR"]],
        units={"GB": {"india": ["A10", "A10", "A10"]}, "FR": {"algiers": ["A1"]}},
        stage="maneuver",
    )
    advance(state, None)
    legal = {str(a) for a in GAME.legal_actions(state, "GB")}
    assert "move army 10 india sea:indian-ocean" not in legal
    state.units["GB"]["india"] = ["A10", "A10", "A10", "A10"]
    assert "move army 10 india sea:indian-ocean" in {str(a) for a in GAME.legal_actions(state, "GB")}


def test_a_conquered_coastal_area_gives_its_conqueror_coaling_rights():
    # L1377-1380, L1277-1278: Germany has conquered British Aden; the Indian Ocean is its to coal in.
    state, war = _war([["DE"], ["GB"]], markers={"zanzibar": {"DE": "interest"}})
    assert not coaling(state, war, "DE", "indian-ocean")
    war["conquered"] = {"aden": 0}
    assert coaling(state, war, "DE", "indian-ocean")


def test_armies_left_at_sea_without_their_fleet_surrender():
    # L1367-1369: Britain's Naval (10) attacks France's Naval (1) carrying an Army (3) in the
    # Mediterranean: 10 against 1, Table 1 column 6-1, die 2: DE; the French Army is left alone with
    # the British fleet and surrenders.
    state, war = _war(
        [["GB"], ["FR"]],
        units={
            "GB": {"sea:mediterranean": ["N10"]},
            "FR": {"sea:mediterranean": ["A3", "N1"], "algiers": ["A1"]},
        },
    )
    advance(state, None)
    with dice(state, [2]):
        _act(state, "GB", "attack naval sea:mediterranean")
    assert "sea:mediterranean" not in state.units["FR"]
    assert war["surrendered"] == {"FR": ["A3"]}


def _two_fleets_at_sea() -> tuple[State, War]:
    """Britain's Naval (10) in the Mediterranean and in the North Atlantic, France's Naval (1) and
    Naval (3) against them; Britain's Alliance attacks."""
    state, war = _war(
        [["GB"], ["FR"]],
        units={
            "GB": {"sea:mediterranean": ["N10"], "sea:north-atlantic": ["N10"]},
            "FR": {"sea:mediterranean": ["N1"], "sea:north-atlantic": ["N3"], "algiers": ["A1"]},
        },
    )
    advance(state, None)
    # 10 against 1: Table 1 column 6-1, die 1: DR; France sends its Naval (1) to the North
    # Atlantic, where Britain has not attacked yet this Attack Phase.
    with dice(state, [1]):
        _act(state, "GB", "attack naval sea:mediterranean")
    log: list[LogEntry] = []
    DECISIONS.apply(state, state.flow, "FR", GAME.parse_action("retreat 1 sea:north-atlantic"), log)
    advance(state, None)
    assert "no strength lent there, L1370-1374" in log[-1].text
    assert war["stragglers"] == ["FR:sea:north-atlantic:N1"]
    return state, war


def test_a_fleet_retreated_into_a_combat_still_to_come_lends_no_strength_but_shares_the_result():
    # L1370-1374: in the North Atlantic France's Naval (3) defends alone: 10 against 3, Table 1
    # column 3-1, die 5: DE, and the Naval (1) that retreated there is eliminated with it. Had it
    # lent its strength, 10 against 4 would be column 2-1, and die 5 a DR.
    state, war = _two_fleets_at_sea()
    log: list[LogEntry] = []
    with dice(state, [5]):
        DECISIONS.apply(state, state.flow, "GB", GAME.parse_action("attack naval sea:north-atlantic"), log)
    assert "10 against 3, Table 1 column 3-1, die 5: DE" in log[0].text
    assert "sea:north-atlantic" not in state.units["FR"]
    assert war.get("stragglers") == []


def test_a_straggler_retreats_with_the_fleet_it_joined_and_is_one_only_until_that_combat():
    # 10 against 3, column 3-1, die 3: DR; both French Naval units go, the straggler too; in the
    # Mediterranean, reached after the combat there, a unit would be a straggler no more.
    state, war = _two_fleets_at_sea()
    with dice(state, [3]):
        _act(state, "GB", "attack naval sea:north-atlantic")
    assert GAME.to_act(state) == ("FR",)
    assert {str(a) for a in GAME.legal_actions(state, "FR")} >= {"retreat 1 home", "retreat 3 home"}
    _act(state, "FR", "retreat 3 home")
    _act(state, "FR", "retreat 1 home")
    assert "sea:north-atlantic" not in state.units["FR"] and war.get("stragglers") == []


def test_an_alliance_whose_only_fleet_there_retreated_into_it_cannot_attack_from_it():
    # Britain's Naval (1) beaten in the Mediterranean retreats to the North Atlantic, where France
    # has a fleet and Britain none: it lends no strength there, so no attack can start from it.
    state, war = _war(
        [["GB"], ["FR"]],
        units={
            "GB": {"sea:mediterranean": ["N1"], "home": ["A10"]},
            "FR": {"sea:mediterranean": ["N10"], "sea:north-atlantic": ["N3"], "algiers": ["A1"]},
        },
        fleets={"GB": ["north-atlantic", "mediterranean"]},
    )
    advance(state, None)
    # 1 against 10: Table 1 column 1-3, die 4: AR.
    with dice(state, [4]):
        _act(state, "GB", "attack naval sea:mediterranean")
    _act(state, "GB", "retreat 1 sea:north-atlantic")
    assert war["stragglers"] == ["GB:sea:north-atlantic:N1"]
    assert "attack naval sea:north-atlantic" not in {str(a) for a in GAME.legal_actions(state, "GB")}


def test_an_alliance_that_retakes_its_own_area_undoes_the_conquest():
    # L1377-1378: France had conquered Aden; British Armies alone there again at the end of an
    # Attack Phase take it back.
    state, war = _war(
        [["GB"], ["FR"]],
        units={"GB": {"aden": ["A3"]}, "FR": {"algiers": ["A1"]}},
        markers={"aden": {"GB": "possession"}},
    )
    war["conquered"] = {"aden": 1}
    conquest(state, war, None)
    assert war["conquered"] == {}


def test_a_victorious_minor_garrisons_its_areas_and_sends_its_fleets_back_to_their_stations():
    # L1433-1441: Spain wins; one Army (1) in each Protectorate and Possession (one from the box for
    # Cuba, whose Army (3) goes home), its strongest Naval unit home, then one Naval unit to each
    # station where its Naval units began the war (Cuba, the Philippines), the rest home.
    state, war = _war(
        [["US"], ["ES"]],
        units={
            "US": {"home": ["A3"]},
            "ES": {
                "cuba": ["A3"],
                "sea:caribbean": ["N1", "N3"],
                "philippines": ["A1"],
                "home": ["N1", "A1"],
            },
        },
        fleets={"ES": []},
    )
    war["stations"] = {"ES": ["cuba", "philippines"]}
    resolve_war(state, war, "victory", [1], None)
    spain = state.units["ES"]
    assert spain["cuba"] == ["A1", "N1"] and spain["philippines"] == ["A1", "N1"]
    assert spain["porto-rico"] == ["A1"] and spain["caroline-islands"] == ["A1"]
    assert sorted(spain["home"]) == ["A3", "N3"]


def test_no_combat_between_naval_units_in_their_own_home_countries():
    # L1398: units never enter another Power's Home Country, so Naval units at home, each in its
    # own, never meet ("home" is every Power's own location).
    state, war = _war([["FR"], ["GB"]], units={"FR": {"home": ["N3"]}, "GB": {"home": ["N10"]}})
    assert attack_options(state, war, "FR") == [] and attack_options(state, war, "GB") == []
