"""The sides of an Area and the port boxes in war (seed L1249-1256): "When occupying an Area that is
adjacent to two Sea Zones that are not themselves adjacent (as Canada is adjacent to the North
Atlantic and North Pacific), keep a Naval Unit in the Area to one side ... Naval Units in the US and
Russia Home Areas must be kept in one of the 'port' boxes" (rules/sides.py)."""

from __future__ import annotations

from realpolitik.games.pax_britannica import GAME
from realpolitik.games.pax_britannica.rules import sides
from realpolitik.games.pax_britannica.rules.alliance import war_seas
from realpolitik.games.pax_britannica.rules.battle import _move_out
from realpolitik.games.pax_britannica.rules.maneuver import army_moves, naval_moves
from realpolitik.games.pax_britannica.rules.state import State
from realpolitik.games.pax_britannica.rules.turn import advance

from .test_war_sequence import _act, _war

NA, NP, CARIB = "sea:north-atlantic", "sea:north-pacific", "sea:caribbean"
SA, INDIAN = "sea:south-atlantic", "sea:indian-ocean"


def _two_sided(state: State, seas: tuple[str, ...]) -> bool:
    return any(b not in war_seas(state, a) for i, a in enumerate(seas) for b in seas[i + 1 :])


def test_the_map_gives_sides_to_canada_and_port_boxes_to_the_us_and_russia_only():
    # L1251-1254 name Canada's sides and the US's and Russia's port boxes: the reconstructed map
    # (G-D1) agrees. The Cape Colony and Patagonia have sides in war because the Cape Zones part
    # the zones they join (L1280-1289).
    state = GAME.setup({"players": 7}, 1)
    homes = {p for p, h in state.content.homes.items() if _two_sided(state, h.seas)}
    assert homes == {"US", "RU"}
    areas = {a for a, area in state.content.areas.items() if _two_sided(state, area.seas)}
    assert {"canada", "cape-colony", "patagonia"} <= areas
    state.canals = ["panama"]  # a canal joins the Caribbean and the South Pacific (L683-690)
    assert "panama" not in {a for a, area in state.content.areas.items() if _two_sided(state, area.seas)}


def test_a_fleet_entering_canada_from_the_north_atlantic_sails_out_only_to_it():
    state, war = _war(
        [["GB"], ["US"]],
        units={"GB": {NA: ["N3"], "canada": ["N1"]}, "US": {"home": ["N3"]}},
        markers={"canada": {"GB": "possession"}},
        stage="maneuver",
    )
    # The Naval unit in Canada since the war began stands on every side.
    assert sorted(naval_moves(state, war, "GB", "canada")) == [NA, NP]
    advance(state, None)
    assert GAME.to_act(state) == ("GB",)
    _act(state, "GB", "move naval 3 sea:north-atlantic canada")
    # It joins the unit on every side: a Power's units share their sides (the counters carry no
    # identity), so nothing is recorded.
    assert "GB:canada" not in war.get("coasts", {})
    assert sorted(naval_moves(state, war, "GB", "canada")) == [NA, NP]


def test_the_side_binds_the_fleet_and_the_refusal_cites_the_rule():
    state, war = _war(
        [["GB"], ["US"]],
        units={"GB": {NA: ["N3"]}, "US": {"home": ["N3"]}},
        markers={"canada": {"GB": "possession"}},
        stage="maneuver",
    )
    advance(state, None)
    _act(state, "GB", "move naval 3 sea:north-atlantic canada")
    assert war["coasts"] == {"GB:canada": ["north-atlantic"]}
    assert naval_moves(state, war, "GB", "canada") == [NA]  # not across Canada to the North Pacific
    # Next Maneuver Phase of Britain's Alliance: the move to the North Pacific is refused.
    state.flow.clear()
    war["stage"] = "maneuver"
    advance(state, None)
    legal = {str(a) for a in GAME.legal_actions(state, "GB")}
    assert "move naval 3 canada sea:north-atlantic" in legal
    assert "move naval 3 canada sea:north-pacific" not in legal
    refusal = GAME.explain_illegal(state, "GB", GAME.parse_action("move naval 3 canada sea:north-pacific"))
    assert refusal.rule == "L1249-1256"
    assert "came in from the north-atlantic" in refusal.reason
    # Leaving, it forgets the side: the next to come in takes its own.
    _act(state, "GB", "move naval 3 canada sea:north-atlantic")
    assert "GB:canada" not in war["coasts"]


def test_an_army_in_canada_is_not_bound_to_a_side():
    # The text speaks of Naval units: an Army goes aboard its Merchant Fleets on either coast.
    state, war = _war(
        [["GB"], ["US"]],
        units={"GB": {"canada": ["A1", "N1"]}, "US": {"home": ["N3"]}},
        markers={"canada": {"GB": "possession"}},
        fleets={"GB": ["north-atlantic", "north-pacific"]},
        stage="maneuver",
    )
    war["coasts"] = {"GB:canada": ["north-atlantic"]}
    assert naval_moves(state, war, "GB", "canada") == [NA]
    assert {NA, NP} <= set(army_moves(state, war, "GB", "canada"))


def test_the_us_port_boxes():
    # L1253-1256: a unit in the North Pacific box sails only to the North Pacific; one in the North
    # Atlantic/Caribbean box to either of those zones.
    state, war = _war(
        [["US"], ["GB"]],
        units={"US": {NP: ["N3"], "home": ["N1"]}, "GB": {"home": ["N3"]}},
        stage="maneuver",
    )
    assert sorted(naval_moves(state, war, "US", "home")) == [CARIB, NA, NP]  # home since the start
    state.units["US"] = {NP: ["N3"]}
    advance(state, None)
    _act(state, "US", "move naval 3 sea:north-pacific home")
    assert war["coasts"] == {"US:home": ["north-pacific"]}
    assert naval_moves(state, war, "US", "home") == [NP]
    war["coasts"] = {"US:home": ["north-atlantic"]}
    assert sorted(naval_moves(state, war, "US", "home")) == [CARIB, NA]
    war["coasts"] = {"US:home": ["caribbean"]}
    assert sorted(naval_moves(state, war, "US", "home")) == [CARIB, NA]


def test_russia_has_three_port_boxes_and_britain_none():
    state, war = _war(
        [["RU"], ["GB"]],
        units={"RU": {"home": ["N3"]}, "GB": {"home": ["N3"]}},
        stage="maneuver",
    )
    war["coasts"] = {"RU:home": ["black-sea"], "GB:home": ["north-atlantic"]}
    assert naval_moves(state, war, "RU", "home") == ["sea:black-sea"]
    assert naval_moves(state, war, "GB", "home") == [NA]  # its one zone: no box to be kept from


def test_no_rounding_the_cape_through_the_cape_colony():
    # In war the Cape of Good Hope lies between the South Atlantic and the Indian Ocean (L1280-1289):
    # a fleet that came into the Cape Colony from the South Atlantic does not sail out into the
    # Indian Ocean.
    state, war = _war(
        [["GB"], ["DE"]],
        units={"GB": {SA: ["N3"]}, "DE": {"home": ["N3"]}},
        markers={"cape-colony": {"GB": "possession"}, "natal": {"GB": "possession"}},
        stage="maneuver",
    )
    advance(state, None)
    _act(state, "GB", "move naval 3 sea:south-atlantic cape-colony")
    assert naval_moves(state, war, "GB", "cape-colony") == [SA]
    war["coasts"] = {}
    assert sorted(naval_moves(state, war, "GB", "cape-colony")) == [INDIAN, SA]


def test_a_retreat_into_an_area_takes_the_side_it_crossed():
    state, war = _war(
        [["GB"], ["US"]],
        units={"GB": {NP: ["N3", "N1"]}, "US": {"home": ["N3"]}},
        markers={"canada": {"GB": "possession"}},
    )
    _move_out(state, war, "GB", NP, ["N3", "N1"], dest="canada")
    assert sorted(state.units["GB"]["canada"]) == ["N1", "N3"]
    assert war["coasts"] == {"GB:canada": ["north-pacific"]}
    assert naval_moves(state, war, "GB", "canada") == [NP]
    assert sides.came_in_by(war, "GB", "canada") == ["north-pacific"]
