"""The War Phase built so far: declarations, A-H's treaty, the Great War and its blame."""

from __future__ import annotations

from realpolitik.games.pax_britannica import GAME
from realpolitik.games.pax_britannica.rules.state import State
from realpolitik.games.pax_britannica.rules.turn import DECISIONS, advance
from realpolitik.games.pax_britannica.rules.war import is_great_war


def _war_phase(players: int, cbs: list[list[str]], eti: int = 10, turn: int = 1) -> State:
    state = GAME.setup({"players": players}, 1)
    state.turn = turn
    state.cbs = cbs
    state.eti = eti
    state.flow.clear()
    state.phase = "resentment"
    state.rng.script_dice([6, 6, 6])  # the Rebellion test: none
    advance(state, None)
    state.rng.end_script()
    return state


def _act(state: State, seat: str, text: str) -> None:
    DECISIONS.apply(state, state.flow, seat, GAME.parse_action(text), None)
    advance(state, None)


def test_only_a_casus_belli_holder_may_declare_and_one_declaration_costs_5_whatever_its_targets():
    state = _war_phase(4, [["GB", "FR", "control in gabon"], ["GB", "US", "control in cuba"]])
    assert GAME.to_act(state) == ("GB",)
    legal = {str(a) for a in GAME.legal_actions(state, "GB")}
    assert legal == {"declare FR", "declare US", "declare FR+US", "pass"}  # L1134-1141
    eti = state.eti
    DECISIONS.apply(state, state.flow, "GB", GAME.parse_action("declare FR+US"), None)
    assert state.eti == eti + 5  # L1487-1489: one declaration, +5 (digest A20)
    assert state.wars[0]["sides"] == [["GB"], ["FR", "US"]]


def test_austria_hungary_as_the_fourth_power_does_not_triple_germany():
    # L1213-1218, digest A13: France and Russia declare on Germany; A-H joins under the treaty.
    state = _war_phase(6, [["FR", "DE", "control in gabon"], ["RU", "DE", "control in persia"]])
    _act(state, "FR", "declare DE")
    _act(state, "RU", "declare DE")
    assert GAME.to_act(state) == ("DE",)  # the German player answers for the treaty
    _act(state, "DE", "treaty honour")
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.details["great_war"]
    penalty = state.content.track[0].penalty
    lines = outcome.details["lines"]
    assert lines["FR"]["great_war"] == -3 * penalty  # the first declarer
    assert lines["DE"]["great_war"] == -penalty  # A-H was the fourth: Germany not tripled
    assert lines["RU"]["great_war"] == -penalty  # reading G-R9: neither first nor fourth
    assert lines["GB"]["great_war"] == -penalty


def test_breaking_the_treaty_costs_5_and_keeps_austria_hungary_out():
    state = _war_phase(4, [["FR", "DE", "control in gabon"]], turn=10)  # nothing follows the war
    eti = state.eti
    _act(state, "FR", "declare DE")
    _act(state, "DE", "treaty break")
    while state.flow.current().kind == "coal":  # L1274-1276: the neutrals volunteer no Area
        _act(state, GAME.to_act(state)[0], "coal none")
    # +5 the declaration, +5 the broken treaty (L1538-1540); the War Sequence then begins
    assert state.eti == eti + 5 + 5
    assert state.wars[0]["sides"] == [["FR"], ["DE"]]  # Austria-Hungary stays out
    assert state.flow.current().kind in ("maneuver", "attack", "peace")


def test_a_defensive_treaty_does_not_oblige_when_germany_declares():
    state = _war_phase(4, [["DE", "FR", "control in gabon"]])
    _act(state, "DE", "declare FR")
    assert GAME.to_act(state) != ("DE",) or state.flow.current().kind != "treaty"  # L1193-1199


def test_the_great_war_definition_in_a_four_player_game():
    # L1219-1221, digest A14
    state = GAME.setup({"players": 4}, 1)
    assert is_great_war(state, ["GB", "FR", "DE"])
    assert is_great_war(state, ["GB", "FR", "AH", "RU"])
    assert not is_great_war(state, ["GB", "FR"])
    assert not is_great_war(state, ["DE", "AH", "IT", "RU"])  # only one of the three
    state7 = GAME.setup({"players": 7}, 1)
    assert is_great_war(state7, ["DE", "AH", "IT", "RU"])  # four of the six (L1208-1211)
    assert not is_great_war(state7, ["GB", "FR", "US", "JP"])
