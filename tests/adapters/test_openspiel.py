"""Every registered game as a Python OpenSpiel game: OpenSpiel's own random_sim_test, and its
ISMCTS on the game's determinizer."""

from __future__ import annotations

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel", reason="the research extra (open-spiel) is not installed")

from realpolitik.adapters.openspiel import load  # noqa: E402
from tests.adapters.cases import SLOW_OPENSPIEL, params  # noqa: E402


@pytest.mark.parametrize("game_id", params(SLOW_OPENSPIEL))
def test_random_sim_test_passes(game_id: str) -> None:
    pyspiel.random_sim_test(load(game_id), num_sims=1, serialize=False, verbose=False)


def test_sealed_wagers_are_sequential_turns_with_information_states_that_hide_them() -> None:
    game = load("tally-double", {"seats": 3, "wagers": True}, seed=2)
    state = game.new_initial_state()
    assert (game.num_players(), game.num_distinct_actions()) == (3, 18)
    assert state.current_player() == 0 and state.legal_actions() == [15, 16, 17]
    s_before = state.information_state_string(1)
    state.apply_action(17)  # N wagers 2
    assert state.current_player() == 1
    s_after = state.information_state_string(1)
    assert s_before != s_after  # S sees that N has wagered ...
    assert '"my_wager":null' in s_after and "N" in s_after.split('"wagered":')[1][:8]
    twin = state.clone()
    assert str(twin) == str(state) and twin.history() == state.history()
    assert state.observation_tensor(1) == twin.observation_tensor(1)


def test_a_resampled_world_keeps_the_information_state() -> None:
    game = load("tally-double", {"seats": 2}, seed=1)
    state = game.new_initial_state()
    player = state.current_player()
    sampler = (
        pyspiel.UniformProbabilitySampler(0.0, 1.0) if hasattr(pyspiel, "UniformProbabilitySampler") else None
    )
    draw = sampler if sampler is not None else np.random.default_rng(0).random
    world = state.resample_from_infostate(player, draw)
    assert world.information_state_string(player) == state.information_state_string(player)
    assert (
        world.rp_state.hands["S"] != state.rp_state.hands["S"] or world.rp_state.deck != state.rp_state.deck
    )


def test_openspiel_ismcts_plays_a_game_to_the_end() -> None:
    from open_spiel.python.algorithms import ismcts, mcts  # type: ignore[import-untyped]

    game = load("tally-double", {"seats": 2}, seed=3)
    state = game.new_initial_state()
    rng = np.random.RandomState(0)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rng), 2.0, 30, random_state=rng)
    while not state.is_terminal():
        state.apply_action(bot.step(state))
    assert sorted(state.returns()) in ([-1.0, 1.0], [1.0, 1.0])
