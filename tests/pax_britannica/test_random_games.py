"""Whole random games at every player count end with a result, the invariants holding throughout
(the battery plays two-turn games; these play all ten turns)."""

from __future__ import annotations

import pytest

from realpolitik.engine import Rng
from realpolitik.games.pax_britannica import GAME, PLUGIN


@pytest.mark.slow
@pytest.mark.parametrize("players", [4, 5, 6, 7])
def test_random_games_of_ten_turns_end_with_a_result(players: int):
    for seed in range(3):
        state = GAME.setup({"players": players}, seed)
        chooser = Rng.from_seed(seed, stream=99)
        steps = 0
        while GAME.to_act(state):
            acting = GAME.to_act(state)
            seat = acting[chooser.below(len(acting))]
            legal = GAME.legal_actions(state, seat)
            GAME.apply(state, seat, legal[chooser.below(len(legal))])
            assert PLUGIN.invariants is not None
            PLUGIN.invariants(state)
            steps += 1
            assert steps < 20_000
        outcome = GAME.outcome(state)
        assert outcome is not None and set(outcome.scores) == set(state.seats)
        assert outcome.details["end_turn"] == 10 or outcome.details["great_war"]
