"""The heuristic bot's evaluation (ai/evaluation.py): unrest, upkeep and the high bid."""

from __future__ import annotations

from realpolitik.games.struggle_of_empires import GAME
from realpolitik.games.struggle_of_empires.ai.evaluation import unrest_cost, values
from realpolitik.games.struggle_of_empires.rules.actions import parse_action

from .conftest import position


def test_unrest_costs_more_and_more_near_the_revolution() -> None:
    """L387: 20 points is a revolution; in War 3 the danger starts at 18 (20 - 2)."""
    steps = [unrest_cost(u + 1, 20, 1) - unrest_cost(u, 20, 1) for u in range(19)]
    assert abs(steps[0] - 0.35) < 1e-9 and abs(steps[16] - 0.35) < 1e-9
    assert steps[17] > steps[16] and steps[18] > steps[17]
    # with Wars still to come, the danger starts sooner (3 points a War)
    assert unrest_cost(14, 20, 3) > unrest_cost(14, 20, 1)


def test_a_loan_is_no_gain_when_the_revolution_is_near() -> None:
    # two gold (worth 0.5) against one more marker at 18 points, War 3
    assert unrest_cost(19, 20, 1) - unrest_cost(18, 20, 1) > 0.5


def test_an_upkeep_shortfall_counts_as_loans_to_come() -> None:
    """L352-362, L65-68: 12 units and nothing to pay them with: 7 short, 4 loans, 4 markers."""
    rich = position(
        empires={"GB": {"gold": 20, "population": 0, "unrest": 0}},
        units={"india": {"GB": {"army": 12}}},
        turn="GB",
    )
    poor = position(
        empires={"GB": {"gold": 5, "population": 0, "unrest": 0}},
        units={"india": {"GB": {"army": 12}}},
        turn="GB",
    )
    gap = values(rich)["GB"] - values(poor)["GB"]
    assert gap == 15 / 4 + unrest_cost(4, 20, 3)


def test_the_standing_high_bid_counts_as_gold_owed() -> None:
    state = position(auction="GB", empires={"GB": {"gold": 10}})
    before = values(state)["GB"]
    GAME.apply(state, "GB", parse_action("bid 4 FR/PR"))
    assert values(state)["GB"] == before - 1.0  # 4 gold at a quarter of a VP each
