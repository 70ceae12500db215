"""Gymnasium's environment checker on every registered game, and one seat against bots."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from realpolitik.adapters.gymnasium import SeatEnv
from tests.adapters.cases import params


@pytest.mark.parametrize("game_id", params())
def test_check_env_passes(game_id: str) -> None:
    with warnings.catch_warnings():
        # Unbounded observation boxes (the game's own numbers) and no registered spec: warnings only.
        warnings.simplefilter("ignore", UserWarning)
        check_env(SeatEnv(game_id), skip_render_check=True)


def _episode(env: SeatEnv, seed: int) -> tuple[list[int], float]:
    obs, _ = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    actions, reward, done = [], 0.0, False
    while not done:
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        actions.append(action)
        obs, reward, terminated, truncated, _ = env.step(action)
        done = terminated or truncated
    return actions, reward


def test_one_seat_against_bots_plays_a_whole_game_the_same_for_a_seed() -> None:
    env = SeatEnv("tally-double", {"seats": 3, "wagers": True}, seat="S", opponents=["heuristic", "random"])
    first = _episode(env, 4)
    assert first == _episode(env, 4)
    assert first[1] in (-1.0, 1.0)
    assert env.specs == {"N": "heuristic", "E": "random"}


def test_an_illegal_index_ends_the_episode_with_the_illegal_reward() -> None:
    env = SeatEnv("tally-double", illegal_reward=-5.0)
    obs, info = env.reset(seed=1)
    assert (info["action_mask"] == obs["action_mask"]).all()
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    _, reward, terminated, _, info = env.step(illegal)
    assert (reward, terminated, info["illegal"]) == (-5.0, True, True)


def test_bad_settings_are_refused() -> None:
    with pytest.raises(ValueError, match="seat must be one of N, S"):
        SeatEnv("tally-double", seat="W")
    with pytest.raises(ValueError, match="reward must be one of"):
        SeatEnv("tally-double", reward="elo")


def test_the_training_example_runs_and_prints_its_curve(tmp_path) -> None:
    # examples/train_reinforce.py (docs/research.md): a few games only, that it runs end to end
    # and writes the curve; the learning itself is measured by hand (figures in the docs).
    import subprocess
    import sys
    from pathlib import Path

    script = Path(__file__).resolve().parents[2] / "examples" / "train_reinforce.py"
    plot = tmp_path / "curve.png"
    arguments = ["--games", "2", "--eval-every", "1", "--eval-games", "2", "--plot", str(plot)]
    done = subprocess.run(
        [sys.executable, str(script), *arguments],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    lines = [line for line in done.stdout.splitlines() if line.startswith("after")]
    assert len(lines) == 3 and lines[0].startswith("after     0 games: won ")
    assert plot.stat().st_size > 1000
