"""Region scoring with ties (L364-374, example L441-444) and the end of the game (L384-391)."""

from __future__ import annotations

from realpolitik.games.struggle_of_empires.rules.war import penalties, region_scores

from .conftest import position


def test_majority_scoring_with_a_tie_for_first_s4() -> None:
    state = position(5, tokens={"german-states": {"GB": 3, "FR": 3, "AU": 2, "ES": 1}})
    assert region_scores(state, "german-states") == {"GB": 8, "FR": 8, "AU": 5, "ES": 3}


def test_a_tie_for_the_next_place_shares_its_value_s4() -> None:
    state = position(5, tokens={"german-states": {"GB": 3, "FR": 3, "AU": 2, "ES": 2}})
    assert region_scores(state, "german-states") == {"GB": 8, "FR": 8, "AU": 5, "ES": 5}


def test_alone_in_a_region_takes_the_highest_value_s4() -> None:
    state = position(5, tokens={"german-states": {"GB": 1}}, units={"german-states": {"FR": {"army": 4}}})
    assert region_scores(state, "german-states") == {"GB": 8}


def test_a_fourth_place_scores_nothing_in_a_three_value_region() -> None:
    state = position(5, tokens={"german-states": {"GB": 4, "FR": 3, "AU": 2, "ES": 1}})
    assert region_scores(state, "german-states") == {"GB": 8, "FR": 5, "AU": 3}


def test_unrest_penalties_dense_ranking_s10() -> None:
    state = position(
        5,
        empires={
            "GB": {"unrest": 21, "vp": 40},
            "FR": {"unrest": 12, "vp": 35},
            "PR": {"unrest": 12, "vp": 30},
            "AU": {"unrest": 5, "vp": 28},
            "ES": {"unrest": 3, "vp": 20},
        },
    )
    assert penalties(state) == {"GB": -40, "FR": -7, "PR": -7, "AU": -4, "ES": 0}
