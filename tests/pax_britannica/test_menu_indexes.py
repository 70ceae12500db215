"""The Movement/Status Change menu's fast paths (docs/pax-britannica.md, Measured figures) list what
the rules allow one by one: the menu reads the links, reach, counters and units once per decision,
the movement graph is held in plain dictionaries (``board.Graph``), and actions are shared objects.
Here each part is checked against a plain reading written for this test, and every listed action
against the phase's own refusal, over seeded random games of 4 and 7 players."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from realpolitik.engine import Rng
from realpolitik.games.pax_britannica import GAME
from realpolitik.games.pax_britannica.content import CONTROL, LEVELS
from realpolitik.games.pax_britannica.rules import board, movement, negotiation, treaties
from realpolitik.games.pax_britannica.rules.actions import Act, row, shared
from realpolitik.games.pax_britannica.rules.state import State, is_army


def _controls(state: State, area: str, power: str) -> bool:
    marker = state.markers.get(area, {}).get(power)
    return marker is not None and marker[1] and marker[0] in CONTROL


def _sea_next(state: State, sea: str) -> list[str]:
    seas = state.content.seas
    found = [s for s in seas[sea].neighbours if not seas[s].cape]
    if state.canals and sea in ("caribbean", "south-pacific"):  # L683-690
        found.append("south-pacific" if sea == "caribbean" else "caribbean")
    return found


def linked_plainly(state: State, power: str) -> set[str]:
    """L238-240 read directly: grow the set of own Controlled Areas and own-fleet Sea Zones joined to
    the Home Country until nothing changes; linked are their neighbours (no Balkan Wars here)."""
    content = state.content
    fleets = set(state.fleets.get(power, ()))
    home = content.homes[power]
    areas = {a for a in home.land if _controls(state, a, power)}
    seas = {s for s in home.seas if s in fleets}
    while True:
        grown_seas = seas | {n for s in seas for n in _sea_next(state, s) if n in fleets}
        grown_seas |= {s for a in areas for s in content.areas[a].seas if s in fleets}
        grown = areas | {n for a in areas for n in content.areas[a].land if _controls(state, n, power)}
        grown |= {a for s in grown_seas for a in content.coasts[s] if _controls(state, a, power)}
        if grown == areas and grown_seas == seas:
            break
        areas, seas = grown, grown_seas
    linked = set(home.land)
    linked |= {n for a in areas for n in content.areas[a].land}
    linked |= {a for s in seas for a in content.coasts[s]}
    return linked


def army_plainly(state: State, power: str, start: str) -> list[str]:
    """L668-682 read directly: the places joined to ``start`` through own-fleet Sea Zones, the Home
    Country and own established Control not in Unrest, plus own Control that may only be entered."""
    content = state.content
    fleets = set(state.fleets.get(power, ()))
    home = content.homes[power]

    def passable(a: str) -> bool:
        return _controls(state, a, power) and a not in state.unrest

    def enterable(a: str) -> bool:
        marker = state.markers.get(a, {}).get(power)
        return marker is not None and marker[0] in CONTROL and not passable(a)

    def around(node: str) -> tuple[list[str], list[str]]:
        """(Areas or home, Sea Zones) next to a node: an Area, ``home`` or ``sea:ZONE``."""
        if node == board.HOME:
            return list(home.land), list(home.seas)
        if node.startswith("sea:"):
            sea = node[4:]
            return list(content.coasts[sea]) + ([board.HOME] if sea in home.seas else []), _sea_next(
                state, sea
            )
        place = content.areas[node]
        return list(place.land) + ([board.HOME] if power in place.homes else []), list(place.seas)

    open_nodes = {start}
    reached: set[str] = set()
    while True:
        grown = set(open_nodes)
        for node in open_nodes:
            places, seas = around(node)
            grown |= {"sea:" + s for s in seas if s in fleets}
            for a in places:
                if a == board.HOME or passable(a):
                    grown.add(a)
                    reached.add(a)
                elif enterable(a):
                    reached.add(a)
        if grown == open_nodes:
            break
        open_nodes = grown
    reached.discard(start)
    return sorted(reached)


def movement_positions(
    players: int, seeds: range, turns: int = 3
) -> Iterator[tuple[State, str, dict[str, Any]]]:
    """Every Movement/Status Change decision of seeded random games of ``turns`` Game Turns."""
    for seed in seeds:
        state = GAME.setup({"players": players, "turns": turns}, seed)
        chooser = Rng.from_seed(seed, stream=0xBE)
        while GAME.to_act(state):
            top = state.flow.top()
            assert top is not None
            if top.kind == "movement":
                yield state, top.data["power"], top.data
            seat = GAME.to_act(state)[0]
            legal = GAME.legal_actions(state, seat)
            GAME.apply(state, seat, legal[chooser.below(len(legal))])


@pytest.mark.parametrize("players", [4, 7])
def test_the_movement_menu_lists_what_the_rules_allow(players: int) -> None:
    checked = moves = gives = 0
    for state, power, turn in movement_positions(players, range(2)):
        menu = movement.choices(state, power, turn)
        assert len(set(menu)) == len(menu)
        # Every action listed passes the phase's own check (place_refusal, offer_refusal, ...).
        for action in menu:
            assert movement.refusal(state, power, action, turn) is None, action
        # Placement (L543-592): exactly the levels place_refusal lets through, Area by Area.
        linked = linked_plainly(state, power)
        assert board.linked_areas(state, power) == linked
        places = [a for a in menu if a.verb == "place"]
        assert places == [
            Act("place", (level, area))
            for area in sorted(linked)
            for level in LEVELS
            if movement.place_refusal(state, power, level, area, linked) is None
        ]
        # Army and Naval moves (L664-682) from every place holding a unit that may still move.
        for loc in sorted(state.units.get(power, {})):
            here = state.units[power][loc]
            codes = sorted(c for c in set(here) if movement.movable(turn, loc, c, here.count(c)))
            armies = [c for c in codes if is_army(c)]
            navals = [c for c in codes if not is_army(c)]
            listed = [a.args[1:] for a in menu if a.verb == "move" and a.args[2] == loc]
            expected = []
            if armies and board.can_start_army_move(state, power, loc):
                destinations = army_plainly(state, power, loc)
                assert board.army_destinations(state, power, loc) == destinations
                expected += [
                    (c[1:], loc, d)
                    for d in destinations
                    for c in armies
                    if movement.garrison_refusal(state, power, c, loc, d) is None
                ]
            if navals:
                havens = [
                    a
                    for a, held in state.markers.items()
                    if power in held and _controls(state, a, power) and state.content.areas[a].seas
                ]
                destinations = sorted(
                    [a for a in havens if a != loc] + ([board.HOME] if loc != board.HOME else [])
                )
                assert board.naval_destinations(state, power, loc) == destinations
                expected += [(c[1:], loc, d) for d in destinations for c in navals]
            assert sorted(listed) == sorted(expected)
            moves += len(listed)
        # Offers of a marker (L599-603): to every Great Power offer_refusal accepts.
        listed_gives = {a.args[1:] for a in menu if a.verb == "offer" and a.args[0] == "give"}
        offered = turn.get("offered", ())
        assert listed_gives == {
            (area, other)
            for area in state.markers
            for other in state.great
            if other != power
            and other not in offered
            and negotiation.offer_refusal(state, power, Act("offer", ("give", area, other))) is None
        }
        gives += len(listed_gives)
        checked += 1
    assert checked > 30 and moves > 0 and gives > 0


def test_the_marker_scan_equals_each_reading_alone() -> None:
    """``board.MarkerScan`` reads the markers once for the menu; each of its fields is what the
    function it stands for works out alone (L132-133 counters, L593-603, L664-682)."""
    scanned = 0
    for state, power, _ in movement_positions(7, range(1)):
        scan = board.MarkerScan(state, power)
        for other in {p for held in state.markers.values() for p in held}:
            assert scan.used(other) == board.counters_used(state, other)
        assert scan.own == {a for a in state.markers if _controls(state, a, power)}
        assert (scan.passable, scan.enterable) == board.army_passage(state, power)
        assert scan.havens == board.naval_havens(state, power)
        mine = {a: held[power] for a, held in state.markers.items() if power in held}
        assert scan.downgrades == sorted(
            a for a, (lv, est) in mine.items() if est and lv in ("interest", "influence")
        )
        assert scan.giveable == sorted(
            (a, lv in ("interest", "influence"))
            for a, (lv, est) in mine.items()
            if est and lv not in ("state", "dominion")
        )
        scanned += 1
    assert scanned > 30


def test_alliance_offers_name_the_first_treaty_of_each_kind() -> None:
    """L812-845: one treaty of each kind a partner; a signed one is offered to lapse, secretly if
    it is secret; Austria-Hungary only defensive (L1542)."""
    state = GAME.setup({"players": 7}, 3)
    state.treaties = [["ban:egypt", "FR", "GB"], ["defensive", "GB", "FR"], ["offensive", "RU", "FR"]]
    state.secret_treaties = [["offensive", "RU", "FR"]]
    offers = treaties.alliance_offers(state, "FR")
    assert Act("offer", ("lapse", "defensive", "GB")) in offers
    assert Act("offer", ("ally", "offensive", "GB")) in offers
    assert Act("secret", ("lapse", "offensive", "RU")) in offers
    assert Act("offer", ("ally", "defensive", "RU")) in offers
    assert Act("offer", ("ally", "offensive", "AH")) not in offers
    assert Act("offer", ("ally", "defensive", "AH")) in offers
    assert Act("offer", ("lapse", "ban:egypt", "GB")) in offers  # a placement ban lapses too
    partners = [p for p in state.great if p != "FR"]
    # three lapses; a non-aggression pact to each partner, public or secret (rules/treaties.py)
    assert len(offers) == 2 * sum(1 if "AH" in (p, "FR") else 2 for p in partners) - 2 + 2 * len(partners) + 1


def test_shared_actions_are_one_object_each() -> None:
    first = shared("place", ("interest", "egypt"))
    assert first is shared("place", ("interest", "egypt")) is row("place", "interest").act("egypt")
    assert row("offer", "give").sub("egypt").act("FR") is row("offer", "give", "egypt").act("FR")
    assert first == Act("place", ("interest", "egypt")) and str(first) == "place interest egypt"
    assert shared("place", ("influence", "egypt")) is not first


def test_the_graph_follows_the_balkan_wars_and_the_canal() -> None:
    """L39-43 (optional rule) and L683-690: the held graph changes with the wars and the canal."""
    state = GAME.setup({"players": 7, "balkan_wars": True}, 1)
    assert board.land_of(state, "greece") == ("anatolia",)
    assert "bulgaria" not in board.coast_of(state, "mediterranean")
    state.balkan_wars = 1
    assert board.land_of(state, "greece") == ("anatolia", "serbia")
    assert board.land_of(state, "serbia") == ("anatolia", "bulgaria", "greece", "rumania")
    assert board.seas_of(state, "bulgaria") == ("black-sea",)
    state.balkan_wars = 2
    assert board.land_of(state, "greece") == ("anatolia", "bulgaria", "serbia")
    assert board.land_of(state, "anatolia") == ("bulgaria", "greece", "mesopotamia")
    assert board.land_of(state, "serbia") == ("bulgaria", "greece", "rumania")
    assert board.seas_of(state, "bulgaria") == ("black-sea", "mediterranean")
    assert board.coast_of(state, "mediterranean")[-1] == "bulgaria"
    assert board.sea_neighbours(state, "caribbean") == ("north-atlantic", "south-atlantic")
    state.canals.append("panama")
    assert board.sea_neighbours(state, "caribbean") == ("north-atlantic", "south-atlantic", "south-pacific")
    assert board.sea_neighbours(state, "south-pacific") == (
        "north-pacific",
        "oceania",
        "south-atlantic",
        "caribbean",
    )
    off = GAME.setup({"players": 7}, 1)
    off.balkan_wars = 2
    assert board.land_of(off, "greece") == ("anatolia",)


def test_treaty_casus_belli_come_in_a_fixed_order() -> None:
    """L1174-1177: an offensive partner bound against three targets holds a Casus Belli against
    each, listed in the same order in every process (a set's order follows the hash seed, and the
    state's hash must not)."""
    state = GAME.setup({"players": 7}, 3)
    state.treaties = [["offensive", "IT", "JP"]]
    state.wars = [{"declarers": [["JP", "US"], ["JP", "RU"], ["JP", "FR"]], "first": ["JP"]}]
    decision = treaties.obligation(state, set())
    assert decision is not None and decision.data["attackers"] == ["FR", "RU", "US"]
    assert [cb[1] for cb in state.cbs if cb[0] == "IT"] == ["FR", "RU", "US"]
