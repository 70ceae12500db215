"""Three-cornered wars (seed L1201-1204): "Britain is at War with France, France is at War with
Germany, and Germany is at War with Britain - and no Power is allied with another. In this case,
the players should add Third Alliance Maneuver, Attack, and Supply Phases to the War Sequence".

The example is played here with Russia in Germany's place (seven players: Britain, France and
Russia are three of the six European Powers, so their war is not the Great War, L1208-1211).
Each test states the reading it checks (docs/pax-britannica.md, "Readings chosen").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from realpolitik.bots.heuristic import HeuristicBot
from realpolitik.bots.random_bot import RandomBot
from realpolitik.engine import LogEntry
from realpolitik.games.pax_britannica import GAME
from realpolitik.games.pax_britannica.rules.alliance import War, new_war
from realpolitik.games.pax_britannica.rules.battle import attack_options
from realpolitik.games.pax_britannica.rules.invariants import check
from realpolitik.games.pax_britannica.rules.maneuver import army_moves
from realpolitik.games.pax_britannica.rules.peace import resolve_war, side_lost, spoils, war_verdict
from realpolitik.games.pax_britannica.rules.state import State
from realpolitik.games.pax_britannica.rules.supply import conquest, supply_phase
from realpolitik.games.pax_britannica.rules.turn import DECISIONS, advance
from realpolitik.games.pax_britannica.rules.view import view
from realpolitik.games.pax_britannica.rules.war import targets

from .support import dice, war_phase
from .test_terminal import draw


def _act(state: State, seat: str, text: str, log: list[LogEntry] | None = None) -> None:
    assert text in {str(a) for a in GAME.legal_actions(state, seat)}, (text, GAME.legal_actions(state, seat))
    DECISIONS.apply(state, state.flow, seat, GAME.parse_action(text), log)
    advance(state, log)


def _three(
    *,
    units: Mapping[str, Mapping[str, Sequence[str]]] = {},
    markers: Mapping[str, Mapping[str, str]] = {},
    stage: str = "attack",
    order: Sequence[int] = (1, 2, 0),
) -> tuple[State, War]:
    """Britain (Alliance 0), France (1) and Russia (2) each alone, at war with the other two, the
    War Sequence at ``stage`` of round 1; ``units`` replace the named Powers' own, ``markers`` the
    named Areas' (all established)."""
    state = GAME.setup({"players": 7}, 1)
    state.flow.clear()
    state.phase = "war"
    state.cbs = []
    for area, held in markers.items():
        state.markers[area] = {p: (lv, True) for p, lv in held.items()}
    for power, locs in units.items():
        state.units[power] = {loc: sorted(c, key=lambda c: (c[0], int(c[1:]))) for loc, c in locs.items()}
    war = new_war("GB", "FR")
    war["sides"] = [["GB"], ["FR"], ["RU"]]
    war["declarers"] = [["GB", "FR"], ["FR", "RU"], ["RU", "GB"]]
    war["stage"], war["round"], war["order"], war["turn"] = stage, 1, list(order), 0
    state.wars = [war]
    return state, war


# -- declarations: a Third Alliance forms ----------------------------------------------------------------


def test_the_example_of_l1201_three_declarations_make_three_alliances_and_three_initiative_dice():
    state = war_phase(
        [["GB", "FR", "control in egypt"], ["FR", "RU", "control in persia"], ["RU", "GB", "control in aden"]]
    )
    _act(state, "GB", "declare FR")
    assert state.wars[0]["sides"] == [["GB"], ["FR"]]
    # France declares on Russia: Russia, at war with France only, is presumed Britain's ally
    # (the first Alliance holding nobody it is at war with).
    _act(state, "FR", "declare RU")
    assert state.wars[0]["sides"] == [["GB", "RU"], ["FR"]]
    # Before the war's Alliance Determination (L1091-1094) Russia may still declare on Britain: at
    # war with a member of each Alliance, it forms a Third Alliance (L1201-1204).
    assert targets(state, "RU") == ["GB"]
    _act(state, "RU", "declare GB")
    war = state.wars[0]
    assert war["sides"] == [["GB"], ["FR"], ["RU"]]
    assert war["declarers"] == [["GB", "FR"], ["FR", "RU"], ["RU", "GB"]]
    assert state.eti == 10 + 3 * 5  # three declarations (L1487)
    assert not state.great_war_declared  # three European Powers of seven players (L1208-1211)
    log: list[LogEntry] = []
    while state.flow.current().kind == "coal":  # L1274-1276: no neutral volunteers its Areas
        seat = GAME.to_act(state)[0]
        if state.flow.current().data["queue"]:
            _act(state, seat, "coal none")
        else:
            legal = {str(a) for a in GAME.legal_actions(state, seat)}
            assert legal == {"coal none", "coal GB", "coal FR", "coal RU"}  # one choice per Alliance
            with dice(state, [2, 5, 4]):  # L1099-1101: one die an Alliance, the highest first
                _act(state, seat, "coal none", log)
    assert war["order"] == [1, 2, 0] and war["round"] == 1
    assert "War Sequence 1: initiative GB 2, FR 5, RU 4: FR, then RU, then GB" in [e.text for e in log]
    seen = view(state, "GB")["wars"][0]
    assert seen["sides"] == [["GB"], ["FR"], ["RU"]] and seen["order"] == [1, 2, 0]
    assert seen["first_alliance"] == ["FR"]
    screen = draw(view(state, "GB"), {"players": 7}, "GB", 100, 40)
    # France's Maneuver Phase is under way: its Alliance is marked.
    assert "War of 3 Alliances: GB against FR (its phases) against RU · war turn 1, next: Attack" in screen
    check(state)


def test_a_declaration_on_both_alliances_at_once_forms_a_third_alliance():
    state = war_phase([["GB", "FR", "control in egypt"], ["RU", "GB", "x"], ["RU", "FR", "y"]])
    _act(state, "GB", "declare FR")
    assert "declare GB+FR" in {str(a) for a in GAME.legal_actions(state, "RU")}
    _act(state, "RU", "declare GB+FR")
    assert state.wars[0]["sides"] == [["GB"], ["FR"], ["RU"]]
    assert state.eti == 10 + 5 + 5  # one declaration, whatever its targets (L1487-1489)


def test_a_power_entering_a_war_joins_the_first_alliance_without_its_enemies():
    # The three-cornered war is set; Italy declares on Russia only: it joins Britain, the first
    # Alliance holding nobody it is at war with (L1189-1192: "an ally of one of the warring Powers").
    state = war_phase([["GB", "FR", "a"], ["RU", "GB", "b"], ["RU", "FR", "c"], ["IT", "RU", "d"]])
    _act(state, "GB", "declare FR")
    _act(state, "RU", "declare GB+FR")
    _act(state, "IT", "declare RU")
    assert state.wars[0]["sides"] == [["GB", "IT"], ["FR"], ["RU"]]


def test_a_third_alliance_merging_another_war_pairs_its_alliances():
    # Britain against France; the United States against Japan; Russia declares on Britain, France
    # and Japan at once: it forms a Third Alliance, and the two wars become one (L1225-1232), Japan
    # landing opposite Russia (with Britain, the first Alliance free of Russia's enemies) and the
    # United States in the next Alliance: the merged war keeps three Alliances, not four.
    cbs = [["GB", "FR", "a"], ["US", "JP", "b"], ["RU", "GB", "c"], ["RU", "FR", "d"], ["RU", "JP", "e"]]
    state = war_phase(cbs)
    _act(state, "GB", "declare FR")
    _act(state, "US", "declare JP")
    assert [w["sides"] for w in state.wars] == [[["GB"], ["FR"]], [["US"], ["JP"]]]
    _act(state, "RU", "declare GB+FR+JP")
    assert [w["sides"] for w in state.wars] == [[["GB", "JP"], ["FR", "US"], ["RU"]]]
    assert state.wars[0]["first"] == ["GB", "US"]
    assert not state.great_war_declared  # Britain, France, Russia: three European Powers


def test_once_the_war_has_begun_no_declaration_on_an_ally_is_offered():
    state, war = _three()
    war["sides"] = [["GB", "IT"], ["FR"], ["RU"]]
    state.cbs = [["GB", "IT", "control in tunis"], ["GB", "FR", "control in egypt"]]
    assert targets(state, "GB") == ["FR"]  # L1091-1094: the Alliances are set
    war["round"], war["stage"] = 0, "alliance"
    assert targets(state, "GB") == ["IT", "FR"]  # only presumed before Alliance Determination


# -- maneuver and combat: members of different Alliances are enemies -----------------------------------


def test_an_attack_is_made_on_one_alliance_the_third_takes_no_part():
    # France (first Alliance this War Sequence) finds Russian and British Armies in Persia.
    state, war = _three(
        units={
            "FR": {"persia": ["A3", "A3"], "afghanistan": ["A1"]},
            "RU": {"persia": ["A3"], "home": ["A10"]},
            "GB": {"persia": ["A1"], "home": ["A10"]},
        },
        markers={"persia": {"GB": "possession"}, "afghanistan": {"RU": "possession"}},
    )
    advance(state, None)
    assert GAME.to_act(state) == ("FR",) and state.flow.current().kind == "attack"
    # Units of two enemy Alliances there: France names the one it attacks (reading of L1325-1333).
    assert {str(a) for a in GAME.legal_actions(state, "FR")} == {
        "attack army persia GB",
        "attack army persia RU",
        "done",
    }  # nothing in Afghanistan: no enemy unit there
    log: list[LogEntry] = []
    with dice(state, [6]):
        _act(state, "FR", "attack army persia RU", log)
    text = " ".join(e.text for e in log)
    assert "FR attack in persia (army): 6 against 3, Table 1 column 2-1, die 6: DE" in text
    assert "persia" not in state.units["RU"]  # the Russian Army (3) is eliminated
    assert state.units["GB"]["persia"] == ["A1"]  # the British Army, not attacked, is untouched
    assert state.units["FR"]["persia"] == ["A3", "A3"]
    # One combat an Alliance a place (reading): Britain's Army there may still be attacked.
    assert {str(a) for a in GAME.legal_actions(state, "FR")} == {"attack army persia", "done"}
    # Conquest at the end of the Attack Phase (L1375-1380): Persia holds French and British Armies,
    # so nobody conquers it; Afghanistan, Russian, holds French Armies alone: France conquers it.
    conquest(state, war, None)
    assert war["conquered"] == {"afghanistan": 1}


def test_the_third_alliances_units_bar_moves_as_any_enemys():
    # L1270: an Army cannot go from an Area holding enemy Armies to another holding enemy Armies;
    # Russian (third Alliance) and British Armies are both France's enemies.
    state, war = _three(
        units={"FR": {"persia": ["A3"]}, "RU": {"persia": ["A1"]}, "GB": {"afghanistan": ["A1"]}},
        markers={"persia": {"RU": "influence", "GB": "possession"}, "afghanistan": {"GB": "possession"}},
    )
    assert "afghanistan" not in army_moves(state, war, "FR", "persia")
    state.units["RU"].pop("persia")
    assert "afghanistan" in army_moves(state, war, "FR", "persia")
    # Britain's attack options in Afghanistan: none (no enemy there), Persia not its place.
    assert attack_options(state, war, "GB") == []


def test_an_area_out_of_supply_surrenders_to_the_first_enemy_alliance_able_to_reach_it():
    # L1396-1397: Russia's Baluchistan is cut off (no Russian Area or fleet joins it to Russia);
    # British Armies in India and French ones in Persia could both reach it: it surrenders to the
    # first of them in the War Sequence's order (reading).
    for order, taker in (((1, 2, 0), 1), ((0, 2, 1), 0)):
        state, war = _three(
            units={"RU": {"home": ["A10"]}, "GB": {"india": ["A10"]}, "FR": {"persia": ["A3"]}},
            markers={"baluchistan": {"RU": "possession"}, "persia": {"FR": "possession"}},
            order=order,
        )
        log: list[LogEntry] = []
        supply_phase(state, war, 2, log)
        assert war["conquered"] == {"baluchistan": taker}
        name = ["GB", "FR"][taker]
        assert f"baluchistan is out of supply and surrenders to {name}" in [e.text for e in log]


# -- War End Determination: a separate peace, then the war's end ---------------------------------------


def _at_the_end() -> tuple[State, War]:
    """The War End Determination of round 1: France has conquered Russia's Afghanistan, Britain
    France's Indo-China, Russia Britain's Aden."""
    state, war = _three(
        units={
            "GB": {"indo-china": ["A3"], "aden": ["A1"], "home": ["A10"]},
            "FR": {"afghanistan": ["A3"], "home": ["A10"]},
            "RU": {"aden": ["A3"], "home": ["A10"]},
        },
        markers={
            "afghanistan": {"RU": "possession"},
            "indo-china": {"FR": "protectorate"},
            "aden": {"GB": "possession"},
        },
        stage="end",
    )
    war["conquered"] = {"afghanistan": 1, "indo-china": 0, "aden": 2}
    war["attacked"] = True
    return state, war


def test_a_separate_peace_of_one_alliance_leaves_the_other_two_at_war():
    state, war = _at_the_end()
    advance(state, None)
    assert state.flow.current().kind == "peace"
    assert set(GAME.to_act(state)) == {"GB", "FR", "RU"}
    # A war of three Alliances: peace with every one, or with one Alliance only.
    assert {str(a) for a in GAME.legal_actions(state, "GB")} == {
        "peace sign",
        "peace fight",
        "peace with FR",
        "peace with RU",
    }
    eti = state.eti
    log: list[LogEntry] = []
    DECISIONS.apply(state, state.flow, "GB", GAME.parse_action("peace sign"), log)
    DECISIONS.apply(state, state.flow, "FR", GAME.parse_action("peace with GB"), log)
    DECISIONS.apply(state, state.flow, "RU", GAME.parse_action("peace with GB"), log)
    with dice(state, [3, 4]):  # the next War Sequence's Initiative: two Alliances left
        advance(state, log)
    text = [e.text for e in log]
    # Britain is at peace with both others: it leaves the war (L1413-1417, +5 L1490); the peace
    # confirms the conquests between it and the others (reading): Indo-China becomes British,
    # Aden Russian. France and Russia fight on (+2 for the War Sequence, L1491-1493).
    assert "GB makes a separate peace" in text
    assert state.eti == eti + 5 + 2
    assert war["sides"] == [[], ["FR"], ["RU"]] and war["out"] == ["GB"]
    assert state.markers["indo-china"] == {"GB": ("possession", True)}
    assert state.markers["aden"] == {"RU": ("possession", True)}
    assert war["conquered"] == {"afghanistan": 1}  # France's conquest stands, its war goes on
    assert "aden" not in state.units["GB"] and state.units["GB"]["home"] == ["A1", "A10"]
    assert state.units["GB"]["indo-china"] == ["A3"]  # now in its own Possession
    assert war["order"] == [2, 1] and war["round"] == 2  # Russia rolled 4, France 3
    assert GAME.to_act(state) == ("RU",) and state.flow.current().kind == "maneuver"
    seen = draw(view(state, "GB"), {"players": 7}, "GB", 100, 40)
    assert "War: FR against RU (its phases) · war turn 2, next: Attack · conquered Afghanistan" in seen
    assert view(state, "GB")["wars"][0]["moving"] == 2
    check(state)


def test_peace_between_two_of_three_alone_ends_nothing():
    # Britain and France accept peace with each other only; Russia fights on: nobody is at peace
    # with every other Alliance, so nobody leaves (reading).
    state, war = _at_the_end()
    advance(state, None)
    eti = state.eti
    DECISIONS.apply(state, state.flow, "GB", GAME.parse_action("peace with FR"), None)
    DECISIONS.apply(state, state.flow, "FR", GAME.parse_action("peace with GB"), None)
    DECISIONS.apply(state, state.flow, "RU", GAME.parse_action("peace fight"), None)
    with dice(state, [1, 2, 3]):
        advance(state, None)
    assert war["sides"] == [["GB"], ["FR"], ["RU"]] and war["out"] == []
    assert state.eti == eti + 2
    assert war["order"] == [2, 1, 0]


def test_everybody_signing_ends_a_war_of_three_by_treaty():
    state, _ = _at_the_end()
    advance(state, None)
    for seat in ("GB", "FR", "RU"):
        DECISIONS.apply(state, state.flow, seat, GAME.parse_action("peace sign"), None)
    advance(state, None)
    assert state.wars == []
    # L1411-1413 (reading: the treaty confirms the conquests): each Alliance takes what it conquered.
    assert state.markers["afghanistan"] == {"FR": ("possession", True)}
    assert state.markers["indo-china"] == {"GB": ("possession", True)}
    assert state.markers["aden"] == {"RU": ("possession", True)}


def test_the_war_ends_when_one_of_three_alliances_has_lost_every_other_is_a_victor():
    # Round 3 (L1119-1121): Russia has no Army outside its Home Country (L1115-1116), so the war
    # ends; Britain and France have not lost: both are victors (reading).
    state, war = _three(
        units={
            "GB": {"persia": ["A3"], "home": ["A10"]},
            "FR": {"turkestan": ["A1"], "indo-china": ["A3"], "home": ["A10"]},
            "RU": {"home": ["A10"]},
        },
        markers={
            "persia": {"RU": "protectorate"},
            "turkestan": {"RU": "possession"},
            "afghanistan": {"RU": "possession"},
            "indo-china": {"FR": "protectorate"},
        },
        stage="verdict",
    )
    war["round"] = 3
    assert [side_lost(state, war, s) for s in (0, 1, 2)] == [False, False, True]
    assert war_verdict(state, war) == ("victory", [0, 1])
    # The spoils: each Russian Area goes to the victor whose Armies can reach it; Afghanistan, next
    # to both Persia and Turkestan, to the one with more Army strength there, then the first in the
    # War Sequence's order (France: 1, 2, 0) - neither has any, so France.
    assert spoils(state, war, "victory", [0, 1]) == {"persia": 0, "turkestan": 1, "afghanistan": 1}
    log: list[LogEntry] = []
    resolve_war(state, war, "victory", [0, 1], log)
    assert state.wars == []
    assert state.markers["persia"] == {"GB": ("possession", True)}
    assert state.markers["turkestan"] == {"FR": ("possession", True)}
    assert state.markers["afghanistan"] == {"FR": ("possession", True)}
    assert "The war of GB against FR against RU is won by GB and FR" in [e.text for e in log]


def test_after_a_separate_peace_the_last_two_fight_to_a_victory():
    state, war = _at_the_end()
    advance(state, None)
    DECISIONS.apply(state, state.flow, "GB", GAME.parse_action("peace sign"), None)
    DECISIONS.apply(state, state.flow, "FR", GAME.parse_action("peace with GB"), None)
    DECISIONS.apply(state, state.flow, "RU", GAME.parse_action("peace with GB"), None)
    with dice(state, [3, 4]):
        advance(state, None)
    # Russia's Armies go home; the third War Sequence's End Determination finds it beaten.
    state.units["RU"] = {"home": ["A3", "A10"]}
    war["round"], war["stage"], war["quiet"] = 3, "verdict", 0
    assert war_verdict(state, war) == ("victory", [1])
    log: list[LogEntry] = []
    resolve_war(state, war, "victory", [1], log)
    assert state.wars == []
    assert state.markers["afghanistan"] == {"FR": ("possession", True)}  # France's conquest
    assert state.markers["indo-china"] == {"GB": ("possession", True)}  # settled at the separate peace
    assert "The war of FR against RU is won by FR" in [e.text for e in log]


def test_the_bots_answer_a_war_of_three():
    # The heuristic bot's peace answer (ai/evaluation.py choose_special: its prospects in the war)
    # and its attack choice in a three-cornered war are legal actions.
    state, _ = _at_the_end()
    advance(state, None)
    for seat in ("GB", "FR", "RU"):
        chosen = HeuristicBot(seed=1).choose(GAME, state, seat)
        assert GAME.notation(chosen) in {"peace sign", "peace fight"}
    state, _ = _three(
        units={"FR": {"persia": ["A3", "A3"]}, "RU": {"persia": ["A3"]}, "GB": {"persia": ["A1"]}},
        markers={"persia": {"GB": "possession"}},
    )
    advance(state, None)
    legal = {str(a) for a in GAME.legal_actions(state, "FR")}
    assert GAME.notation(HeuristicBot(seed=1).choose(GAME, state, "FR")) in legal
    assert GAME.notation(RandomBot(seed=1).choose(GAME, state, "FR")) in legal
