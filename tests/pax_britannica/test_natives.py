"""The Ottoman war (seed L1040-1078) and the Chinese Rebellion (L932-1018) as wars."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from realpolitik.games.pax_britannica import GAME
from realpolitik.games.pax_britannica.rules.combat import colonial_combat_phase
from realpolitik.games.pax_britannica.rules.natives import native_verdict, resolve_uprising
from realpolitik.games.pax_britannica.rules.state import State
from realpolitik.games.pax_britannica.rules.turn import DECISIONS, advance

from .support import dice


def _at_war_phase(
    uprisings: list[list[str]],
    *,
    markers: Mapping[str, Mapping[str, str]] = {},
    units: Mapping[str, Mapping[str, Sequence[str]]] = {},
) -> State:
    """The War Phase of the last turn with no declaration: the Empires' wars come next."""
    state = GAME.setup({"players": 7}, 1)
    state.flow.clear()
    state.turn, state.phase, state.cbs, state.eti = 10, "war", [], 10
    for area, held in markers.items():
        state.markers[area] = {p: (lv, True) for p, lv in held.items()}
    for power, locs in units.items():
        state.units[power] = {loc: list(codes) for loc, codes in locs.items()}
    state.uprisings = uprisings
    return state


def _act(state: State, seat: str, text: str) -> None:
    assert text in {str(a) for a in GAME.legal_actions(state, seat)}, GAME.legal_actions(state, seat)
    DECISIONS.apply(state, state.flow, seat, GAME.parse_action(text), None)
    advance(state, None)


def _answer_aid(state: State, helpers: Sequence[str] = (), side: str = "ottomans") -> None:
    """L1046-1048: every other player says whether he comes to the Ottomans' (or their enemies') aid."""
    assert state.flow.current().kind == "aid" and state.flow.current().data["side"] == side
    for seat in list(GAME.to_act(state)):
        _act(state, seat, f"aid {side}" if seat in helpers else "aid none")


def test_the_ottomans_march_on_the_intruder_and_win_back_their_area():
    # L1040-1053: Italy established Control in Mesopotamia; three Ottoman Armies (5) rise in
    # Anatolia, move first into Mesopotamia (L1048-1049) and attack Italy's Army (3): 15 against 3,
    # Table 1 column 5-1, die 3: DE. No enemy unit is left in the Empire: Italy's marker goes (L1057).
    state = _at_war_phase(
        [["OT", "IT", "mesopotamia"]],
        markers={"mesopotamia": {"IT": "possession"}},
        units={"IT": {"mesopotamia": ["A3"], "home": ["A10"]}},
    )
    advance(state, None)
    assert set(GAME.to_act(state)) == set(state.seats) - {"IT"}  # everybody else may help the Ottomans
    with dice(state, [3]):
        _answer_aid(state)
    war = state.wars[0]
    assert war["native"] == "OT" and war["sides"] == [["OT"], ["IT"]]
    assert state.units["OT"] == {"mesopotamia": ["A5", "A5", "A5"]}
    assert "mesopotamia" not in state.units["IT"]
    _act(state, "IT", "done")  # Italy's Maneuver Phase: it stays at home
    assert "IT" not in state.markers.get("mesopotamia", {})
    assert "OT" not in state.units and state.eti == 10  # no +2 in the Sequence that ends it
    assert GAME.outcome(state) is not None  # the last turn: the game ends after the war


def test_an_ottoman_defeat_lets_the_intruder_place_a_free_marker_where_the_war_began():
    # L1058-1060: 15 against Italy's 20: Table 2 column 1-2, die 1: E, no Ottoman Army is left.
    state = _at_war_phase(
        [["OT", "IT", "mesopotamia"]],
        markers={"mesopotamia": {"IT": "protectorate"}},
        units={"IT": {"mesopotamia": ["A10", "A10"]}},
    )
    state.fleets["IT"] = ["indian-ocean", "mediterranean"]  # a Line of Supply to Mesopotamia
    pounds = state.treasury["IT"]
    advance(state, None)
    with dice(state, [1]):
        _answer_aid(state)
    war = state.wars[0]
    assert not state.units["OT"]  # eliminated
    assert native_verdict(state, war) == "colonial"
    resolve_uprising(state, war, "colonial", None)
    assert state.markers["mesopotamia"] == {"IT": ("possession", True)}
    assert state.treasury["IT"] == pounds and "OT" not in state.units


def _rebellion_state() -> State:
    # Britain's Possession of Hong Kong and France's Protectorate of Indo-China (the set-up) bring
    # them into the Rebellion; Japan's and Russia's Interests do not (L932-939).
    return _at_war_phase([["CN"]], units={"GB": {"hong-kong": ["A1"]}, "FR": {"indo-china": ["A1"]}})


def test_a_rebellion_raises_chinese_armies_that_march_on_the_colonial_armies():
    state = _rebellion_state()
    cri = state.cri
    # one die: 2 Armies; placement dice 3+4 = 7: the Yangtze, 1+1 = 2: Sinkiang (reconstructed table)
    with dice(state, [2, 3, 4, 1, 1]):
        advance(state, None)
    war = state.wars[0]
    assert war["native"] == "CN" and war["sides"] == [["CN"], ["GB", "FR"]]
    # L952-958: one Area a Maneuver Phase toward the nearest colonial Army (Hong Kong, Indo-China)
    assert state.units["CN"] == {"south-china": ["A5"], "tibet": ["A5"]}
    assert GAME.to_act(state) == ("GB",)  # the Second Alliance moves
    assert state.cri == cri


def test_a_chinese_victory_sweeps_every_marker_from_china_and_resets_the_cri():
    state = _rebellion_state()
    with dice(state, [2, 3, 4, 1, 1]):
        advance(state, None)
    war = state.wars[0]
    state.units["GB"].pop("hong-kong")
    state.units["FR"].pop("indo-china")
    assert native_verdict(state, war) == "empire"  # L983-986
    resolve_uprising(state, war, "empire", None)
    chinese = [
        a
        for a in state.content.area_ids
        if state.content.areas[a].type in ("chinese-empire", "chinese-vassal")
    ]
    assert not any(a in state.markers for a in chinese)
    assert state.cri == 0 and "CN" not in state.units


def test_a_colonial_victory_cedes_one_defeated_area_to_each_power_with_armies_in_china():
    state = _rebellion_state()
    state.cri = 40
    with dice(state, [2, 3, 4, 1, 1]):
        advance(state, None)
    war = state.wars[0]
    state.units.pop("CN")
    war["defeated"] = ["south-china", "tibet"]
    state.units["GB"]["south-china"] = ["A3"]
    assert native_verdict(state, war) == "colonial"
    resolve_uprising(state, war, "colonial", None)
    # L996-1001: Britain takes South China (its Armies are there), France the other defeated Area;
    # the CRI goes to 0, then rises for the markers placed in ceded Areas (L1014-1018).
    assert state.markers["south-china"]["GB"] == ("possession", True)
    assert state.markers["tibet"]["FR"] == ("possession", True)
    rates = state.content.resentment
    assert state.cri == rates["placed_in_empire"] + rates["placed_in_vassal"]


def test_a_lone_chinese_army_sweeps_the_markers_of_an_area_without_colonial_armies():
    state = _rebellion_state()
    with dice(state, [1, 3, 4]):  # one Army, on the Yangtze
        advance(state, None)
    war = state.wars[0]
    state.markers["south-china"] = {"GB": ("influence", True)}
    _act(state, "GB", "done")
    _act(state, "FR", "done")  # the end of the Second Alliance Attack Phase (L975-977)
    assert "south-china" not in state.markers
    assert war["round"] >= 1


def test_establishing_control_in_an_ottoman_area_brings_the_ottoman_war():
    # L1040-1043: Italy's new Protectorate in Tripoli (Combat Strength 2) is established by its
    # Army (3): 3 against 2, Table 1 column 3-2, die 6: DE.
    state = GAME.setup({"players": 7}, 1)
    state.markers["tripoli"] = {"IT": ("protectorate", False)}
    state.units["IT"] = {"tripoli": ["A3"]}
    with dice(state, [6]):
        colonial_combat_phase(state, None)
    assert state.markers["tripoli"]["IT"] == ("protectorate", True)
    assert state.uprisings == [["OT", "IT", "tripoli"]]


def test_a20_colonial_armies_left_only_on_formosa_may_declare_the_rebellion_over():
    # L987-990, digest A20: the Chinese cannot cross to Formosa; Britain declares the end: Formosa's
    # markers stay, every other Chinese marker goes, the Chinese Armies go, the CRI is 0.
    state = _at_war_phase(
        [["CN"]],
        markers={"formosa": {"GB": "possession"}},
        units={"GB": {"formosa": ["A3"]}, "FR": {"home": ["A3"]}},
    )
    state.cri = 60
    with dice(state, [1, 3, 4]):  # one Army, on the Yangtze; it has nowhere to march
        advance(state, None)
    assert state.units["CN"] == {"yangtze": ["A5"]}
    for seat in ("GB", "FR"):
        _act(state, seat, "done")  # Maneuver: nobody moves; nobody can attack
    assert set(GAME.to_act(state)) == {"GB", "FR"}
    assert {str(a) for a in GAME.legal_actions(state, "GB")} == {"peace fight", "peace announce"}
    _act(state, "FR", "peace fight")
    _act(state, "GB", "peace announce")
    assert state.markers["formosa"] == {"GB": ("possession", True)}
    for area in ("hong-kong", "indo-china"):
        assert area not in state.markers
    assert state.cri == 0 and "CN" not in state.units


def test_the_ottomans_cut_off_from_tripoli_by_a_neutral_egypt_let_the_enemy_end_the_war():
    # L1064-1068: Britain (neutral) Controls Egypt; the Ottomans cannot reach Italy in Tripoli.
    # Italy ends the war: it keeps Tripoli, loses its marker in Quwait; the Ottoman Armies go.
    state = _at_war_phase(
        [["OT", "IT", "tripoli"]],
        markers={
            "tripoli": {"IT": "protectorate"},
            "egypt": {"GB": "possession"},
            "quwait": {"IT": "influence"},
        },
        units={"IT": {"tripoli": ["A3"]}},
    )
    advance(state, None)
    _answer_aid(state)
    assert state.units["OT"] == {"anatolia": ["A5", "A5", "A5"]}  # no way to Tripoli
    _act(state, "IT", "done")
    _act(state, "IT", "peace announce")
    assert state.markers["tripoli"] == {"IT": ("protectorate", True)}
    assert "IT" not in state.markers.get("quwait", {})
    assert "OT" not in state.units


def test_a_great_power_coming_to_the_ottomans_aid_makes_it_a_war_like_any_other():
    # L1046-1048, L1054-1055: Britain comes to the Ottomans' aid: +5 ETI, the Ottomans a Minor allied
    # to Britain and moved by Britain's seat; initiative is rolled as in any war.
    state = _at_war_phase(
        [["OT", "IT", "mesopotamia"]],
        markers={"mesopotamia": {"IT": "possession"}},
        units={"IT": {"mesopotamia": ["A3"]}, "GB": {"home": ["N10"]}},
    )
    advance(state, None)
    _answer_aid(state, helpers=["GB"])
    # Italy, fighting Britain now, asks the others for aid in turn (L1047-1048): none comes.
    assert set(GAME.to_act(state)) == set(state.seats) - {"IT", "GB"}
    with dice(state, [1, 6]):  # Italy's Alliance rolls higher: it moves first
        _answer_aid(state, side="enemies")
    war = state.wars[0]
    assert war["sides"] == [["OT", "GB"], ["IT"]] and war["allied"] and state.eti == 15
    assert war["order"] == [1, 0] and GAME.to_act(state) == ("IT",)
    _act(state, "IT", "done")
    assert GAME.to_act(state) == ("GB",) and state.flow.current().data["power"] == "OT"  # Britain moves them


def test_allies_of_the_ottomans_can_make_it_the_great_war():
    # L1222-1224, L1069-1070: Britain, France and Germany come to the Ottomans' aid against Italy:
    # four European Powers with an ally of the Ottomans: the Great War; Italy, whose Control marker
    # started the war, counts as its first declarer, Germany made it great.
    state = _at_war_phase(
        [["OT", "IT", "mesopotamia"]],
        markers={"mesopotamia": {"IT": "possession"}},
        units={"IT": {"mesopotamia": ["A3"]}},
    )
    state.turn = 1
    advance(state, None)
    _answer_aid(state, helpers=["GB", "FR", "DE"])
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.details["great_war"]
    assert outcome.details["blame"] == ["IT", "DE"]


def test_the_ottomans_enemy_may_find_allies_in_turn():
    # L1047-1048: after Britain sides with the Ottomans, France answers Italy's call: +5 more.
    state = _at_war_phase(
        [["OT", "IT", "mesopotamia"]],
        markers={"mesopotamia": {"IT": "possession"}},
        units={"IT": {"mesopotamia": ["A3"]}},
    )
    advance(state, None)
    _answer_aid(state, helpers=["GB"])
    _answer_aid(state, helpers=["FR"], side="enemies")
    war = state.wars[0]
    assert war["sides"] == [["OT", "GB"], ["IT", "FR"]] and state.eti == 20
