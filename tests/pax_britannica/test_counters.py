"""The counter mix as an absolute limit (L126-127): a Great Power's unit counters of each strength,
an Army on one side and a Naval unit on the other (L136-137); the six Army (5) counters of the
Chinese and Ottoman Empires (L130-131). The limits per Power are ours (data/powers.toml, G-D6
T23); G-R22: the Powers that are Minor in a game take their units from the box."""

from __future__ import annotations

import pytest

from realpolitik.games.pax_britannica import GAME, PLUGIN
from realpolitik.games.pax_britannica.content import PACKAGE
from realpolitik.games.pax_britannica.rules.alliance import new_war
from realpolitik.games.pax_britannica.rules.board import add_unit, units_in_play
from realpolitik.games.pax_britannica.rules.invariants import check
from realpolitik.games.pax_britannica.rules.natives import place_ottoman_armies
from realpolitik.games.pax_britannica.rules.state import State

from .support import fresh


def _fill(state: State, power: str, code: str) -> None:
    """Put ``power``'s units of ``code``'s strength in play up to its counters."""
    size = int(code[1:])
    limit = state.content.powers[power].unit_counters[size]
    while units_in_play(state, power).get(size, 0) < limit:
        add_unit(state, power, "home", code)


def test_every_power_that_can_be_great_has_unit_counters_and_its_set_up_fits():
    content = PACKAGE.load()
    for power in content.powers.values():
        if power.great_from:
            assert set(power.unit_counters) == {1, 3, 10}
        else:
            assert not power.unit_counters  # G-R22: always Minor, from the box
    assert content.game["native_army_counters"] == 6  # L130-131


def test_a_set_up_with_more_units_than_counters_is_refused_by_the_content_check():
    small = {"value": {"1": 1, "3": 1, "10": 1}, "reconstructed": "test", "why": "too few"}
    with pytest.raises(Exception, match="more units of strength"):
        PACKAGE.load({"power": {"GB": {"unit_counters": small}}})


def test_no_army_or_naval_10_can_be_bought_when_every_10_counter_is_in_play():
    state = fresh()
    assert state.flow.current().data["power"] == "GB"
    state.treasury["GB"] = 200
    _fill(state, "GB", "N10")  # Naval (10)s use up the counters of Army (10)s too (L136-137)
    legal = [GAME.notation(a) for a in GAME.legal_actions(state, "GB")]
    assert "buy army 10" not in legal and "buy naval 10" not in legal
    assert "buy army 3" in legal
    refusal = GAME.explain_illegal(state, "GB", GAME.parse_action("buy army 10"))
    assert "no counter of strength 10" in refusal.reason and "L126-127" in refusal.reason
    before = state.to_json()
    assert PLUGIN.check_action is not None
    assert PLUGIN.check_action(state, "GB", GAME.parse_action("buy army 10")) is not None
    assert state.to_json() == before  # a refusal changes nothing


def test_an_eliminated_unit_gives_its_counter_back():
    state = fresh()
    state.treasury["GB"] = 200
    _fill(state, "GB", "A3")
    assert "buy naval 3" not in [GAME.notation(a) for a in GAME.legal_actions(state, "GB")]
    state.units["GB"]["home"].remove("A3")
    GAME.apply(state, "GB", GAME.parse_action("buy naval 3"))
    assert units_in_play(state, "GB")[3] == state.content.powers["GB"].unit_counters[3]


def test_surrendered_units_keep_their_counters_until_the_war_ends():
    state = fresh()
    state.treasury["GB"] = 200
    limit = state.content.powers["GB"].unit_counters[3]
    _fill(state, "GB", "A3")
    war = new_war("GB", "FR")
    state.units["GB"]["home"].remove("A3")
    war["surrendered"]["GB"] = ["A3"]  # L1403-1410: removed but not eliminated
    state.wars.append(war)
    assert units_in_play(state, "GB")[3] == limit
    assert "buy army 3" not in [GAME.notation(a) for a in GAME.legal_actions(state, "GB")]


def test_a_forced_expenditure_with_no_counter_left_does_not_block_the_end_of_the_turn():
    state = fresh()
    state.treasury["GB"] = 200
    for code in ("A1", "A3", "A10"):
        _fill(state, "GB", code)
    state.forced["GB"] = [50, 0]  # L348-359: must still spend 50 on units, but nothing is left to buy
    legal = [GAME.notation(a) for a in GAME.legal_actions(state, "GB")]
    assert "done" in legal and not any(n.startswith("buy") for n in legal)


def test_the_invariant_catches_a_great_power_over_its_counters():
    state = fresh()
    check(state)
    _fill(state, "DE", "A10")
    check(state)
    add_unit(state, "DE", "home", "N10")
    with pytest.raises(AssertionError, match="strength 10"):
        check(state)


def test_a_minor_power_is_not_limited():
    state = fresh(players=4)
    assert "NL" in state.minors
    for _ in range(30):
        add_unit(state, "NL", "home", "A1")  # G-R22: from the box
    check(state)


def test_ottoman_armies_use_the_counters_a_rebellion_leaves():
    state = fresh()
    place_ottoman_armies(state, None)
    assert state.units["OT"]["anatolia"] == ["A5", "A5", "A5"]  # L1052-1053
    state.units.pop("OT")
    for _ in range(5):
        add_unit(state, "CN", "tibet", "A5")
    place_ottoman_armies(state, None)
    assert state.units["OT"]["anatolia"] == ["A5"]  # six counters in all (L130-131)
    add_unit(state, "CN", "tibet", "A5")
    with pytest.raises(AssertionError, match="six counters"):
        check(state)
