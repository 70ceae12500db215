"""Loans, unrest, income, upkeep and Population (L61-73, L352-362): digest S6 and S9."""

from __future__ import annotations

from realpolitik.games.struggle_of_empires.rules.economy import pay
from realpolitik.games.struggle_of_empires.rules.war import income

from .conftest import position


def test_loan_takes_whole_pairs_and_one_unrest_each_s6() -> None:
    state = position(empires={"GB": {"gold": 1, "unrest": 0}})
    pay(state, "GB", 2, None, "an attack")  # (a) 1 short: take 2, +1 unrest, 1 left
    assert (state.gold["GB"], state.unrest["GB"]) == (1, 1)
    state = position(empires={"GB": {"gold": 0, "unrest": 0}})
    pay(state, "GB", 3, None, "a debt")  # (b) 3 short: take 4 (never 6), +2 unrest, 1 left
    assert (state.gold["GB"], state.unrest["GB"]) == (1, 2)


def test_banking_lends_three_per_unrest_marker_s6() -> None:
    state = position(empires={"GB": {"gold": 0, "unrest": 0, "tiles": {"banking": 1}}})
    pay(state, "GB", 3, None, "a debt")  # (c) take 3, +1 unrest, 0 left
    assert (state.gold["GB"], state.unrest["GB"]) == (0, 1)


def test_paying_with_gold_in_hand_takes_no_loan() -> None:
    state = position(empires={"GB": {"gold": 5, "unrest": 3}})
    pay(state, "GB", 5, None, "a tile")
    assert (state.gold["GB"], state.unrest["GB"]) == (0, 3)  # (d) unrest never goes back down by paying


def test_income_population_and_tokens_less_upkeep_s9() -> None:
    # (a) Population 3, 4 tokens, 5 units, 2 gold -> 2 + 3 + 4 - 5 = 4; Population 3 + 5 = 8
    state = position(
        empires={"GB": {"gold": 2, "population": 3}, "FR": {"population": 7}},
        tokens={"india": {"GB": 2}, "baltic": {"GB": 2}},
        units={"india": {"GB": {"army": 3, "ship": 1}}, "great-britain": {"GB": {"fort": 1}}},
    )
    income(state, None)
    assert (state.gold["GB"], state.population["GB"]) == (4, 8)
    assert state.population["FR"] == 9  # (b) 7 + 5 stops at 9


def test_upkeep_never_refused_a_loan_pays_it_s9() -> None:
    # (c) Population 0, no token, 3 units, no gold: owes 3, borrows 4, +2 unrest, keeps 1
    state = position(
        empires={"GB": {"gold": 0, "population": 0, "unrest": 0}},
        units={"india": {"GB": {"army": 2, "ship": 1}}},
    )
    income(state, None)
    assert (state.gold["GB"], state.unrest["GB"], state.population["GB"]) == (1, 2, 5)


def test_a_token_held_by_pirates_earns_nothing_s9() -> None:
    state = position(empires={"GB": {"gold": 0, "population": 0}}, tokens={"india": {"GB": 1}})
    state.add_token("india", "GB", -1)
    state.held.append(["pirates", "india", "GB"])  # (d) held on the tile, off the map
    income(state, None)
    assert state.gold["GB"] == 0
