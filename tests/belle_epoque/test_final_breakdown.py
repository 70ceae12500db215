"""The final standings' breakdown (§10.1-§10.2): every VP a Power ends with is counted under one
source — start, map, objectives, Great Work, Prestige track, Balkan Wars — in the outcome."""

from __future__ import annotations

import random

import pytest

from realpolitik.engine import Match
from realpolitik.games.belle_epoque import GAME

SOURCES = {"start", "map", "objectives", "great-work", "prestige", "balkan-wars"}


@pytest.mark.parametrize(
    ("seed", "options"),
    [
        (11, {}),
        (12, {}),
        (13, {"players": 2}),
        (14, {"np": ["FR", "CE", "RU"]}),
        (15, {"np": ["CE", "RU"]}),
    ],
)
def test_every_vp_is_counted_under_one_source(seed: int, options: dict[str, object]) -> None:
    match = Match(GAME, options, seed=seed)
    rng = random.Random(seed)
    while not match.is_over():
        seat = match.to_act()[0]
        match.play(seat, rng.choice(list(match.legal_actions(seat))))
    outcome = match.outcome()
    assert outcome is not None
    breakdown = outcome.details["breakdown"]
    assert breakdown, outcome
    # Only the scoring Powers stand in the final scores: NP Powers never score (§13.0), so a solo
    # or mixed game does not list them with 0 VP.
    automated = options.get("np", [])
    assert isinstance(automated, list)
    assert set(outcome.scores) == {"GB", "FR", "CE", "RU"} - set(automated) == set(breakdown)
    for power, sources in breakdown.items():
        assert set(sources) <= SOURCES
        assert sum(sources.values()) == match.state.powers[power].vp == outcome.scores[power]
    if "np" not in options:  # four Powers playing at random: someone scores on the map
        assert any(sources.get("map") for sources in breakdown.values())
