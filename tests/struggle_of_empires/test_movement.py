"""The sea-movement roll (T1, L239-246, L527-528) and where units may go (L208-237): digest S5."""

from __future__ import annotations

import pytest

from realpolitik.games.struggle_of_empires.rules.movement import (
    army_may_enter,
    needs_roll,
    sea_roll,
    ship_may_enter,
)

from .conftest import position


@pytest.mark.parametrize(
    ("dice", "result"),
    [
        ([2], "arrive"),
        ([6], "arrive"),
        ([1, 1], "lost"),
        ([1, 2], "lost"),
        ([1, 3], "back"),
        ([1, 4], "back"),
        ([1, 5], "arrive"),
        ([1, 6], "arrive"),
    ],
)
def test_sea_roll_table_s5(dice: list[int], result: str) -> None:
    state = position()
    state.rng.script_dice(dice)
    assert sea_roll(state, "GB", None) == result
    assert state.rng.end_script() == []


@pytest.mark.parametrize(
    ("dice", "result"),
    [([1, 1], "back"), ([1, 2], "back"), ([1, 3], "arrive"), ([1, 6], "arrive"), ([3], "arrive")],
)
def test_navigation_adds_two_to_the_second_die_s5(dice: list[int], result: str) -> None:
    state = position(empires={"GB": {"tiles": {"navigation": 1}}})
    state.rng.script_dice(dice)
    assert sea_roll(state, "GB", None) == result


def test_which_moves_roll_s5() -> None:
    state = position()
    assert not needs_roll(state, "north-america", "caribbean")  # between the Americas
    assert not needs_roll(state, "baltic", "german-states")  # within Europe
    assert needs_roll(state, "india", "east-indies")  # colony to another colony
    assert needs_roll(state, "india", "great-britain")  # colony to Europe
    assert needs_roll(state, "german-states", "india")  # to a colony (the L412-415 example)


def test_army_into_a_colony_needs_an_own_ship_there() -> None:
    state = position(units={"north-america": {"GB": {"ship": 1}}, "caribbean": {"FR": {"ship": 1}}})
    assert army_may_enter(state, "GB", "north-america")
    assert not army_may_enter(state, "GB", "caribbean")  # a ship in NA is not a ship in the Caribbean


def test_army_into_europe_on_one_of_five_conditions() -> None:
    state = position()
    assert army_may_enter(state, "GB", "german-states")  # 3: GB counts as adjacent (L229-230)
    assert not army_may_enter(state, "GB", "ottoman-empire")
    state = position(units={"mediterranean": {"GB": {"ship": 1}}})
    assert army_may_enter(state, "GB", "ottoman-empire")  # 5: a ship in the Mediterranean
    assert army_may_enter(state, "GB", "mediterranean")  # 4: a ship there
    state = position(tokens={"central-europe": {"GB": 1}})
    assert army_may_enter(state, "GB", "central-europe")  # 1: a token there
    assert army_may_enter(state, "GB", "ottoman-empire")  # 2: a token in an adjacent region


def test_never_another_home_country_always_ones_own() -> None:
    state = position()
    assert not army_may_enter(state, "GB", "france") and not ship_may_enter(state, "GB", "france")
    assert army_may_enter(state, "GB", "great-britain") and ship_may_enter(state, "GB", "great-britain")


def test_ships_never_land_locked() -> None:
    state = position()
    for region in ("german-states", "central-europe", "ottoman-empire"):
        assert not ship_may_enter(state, "GB", region)
    for region in ("baltic", "mediterranean", "africa", "india"):
        assert ship_may_enter(state, "GB", region)
