"""PettingZoo's own API and seed tests on every registered game, and what the AEC environment
promises beyond them (sealed simultaneous answers, end rewards, render)."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test  # type: ignore[import-untyped]

from realpolitik.adapters.pettingzoo import env
from tests.adapters.cases import params


@pytest.mark.parametrize("game_id", params())
def test_api_test_passes(game_id: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter(
            "ignore", UserWarning
        )  # "Observation is not a NumPy array": a dict, as classic envs
        api_test(env(game_id, render_mode="ansi"), num_cycles=30)


@pytest.mark.parametrize("game_id", params())
def test_seed_test_passes(game_id: str) -> None:
    seed_test(lambda: env(game_id), num_cycles=30)


def _play(e, seed: int) -> list[tuple[str, int]]:
    e.reset(seed=seed)
    rng = np.random.default_rng(seed)
    moves = []
    for agent in e.agent_iter():
        obs, _, terminated, truncated, _ = e.last()
        if terminated or truncated:
            e.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        action = int(rng.choice(legal))
        moves.append((agent, action))
        e.step(action)
    return moves


def test_a_whole_game_ends_with_rewards_for_every_seat_and_the_same_seed_replays_it() -> None:
    e = env("tally-double", {"seats": 3}, reward="rank")
    e.reset(seed=5)
    totals = dict.fromkeys(e.possible_agents, 0.0)
    rng = np.random.default_rng(5)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        totals[agent] += reward
        if terminated or truncated:
            assert "outcome" in info
            e.step(None)
            continue
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert not e.agents
    # rank: +1 for the first, -1 for the last, 0 between (ties share): they sum to zero.
    assert sorted(totals.values()) != [0.0, 0.0, 0.0]
    assert sum(totals.values()) == pytest.approx(0.0)
    assert max(totals.values()) <= 1.0 and min(totals.values()) >= -1.0
    assert _play(env("tally-double"), 11) == _play(env("tally-double"), 11)


def test_a_sealed_wager_asks_each_seat_in_turn_and_shows_nobody_another_seats_wager() -> None:
    e = env("tally-double", {"seats": 3, "wagers": True})
    e.reset(seed=1)
    assert e.agent_selection == "N"
    before_s = e.observe("S")["observation"].copy()
    e.step(17)  # N: wager 2
    assert e.agent_selection == "S"  # the next seat still to answer
    after_s = e.observe("S")["observation"]
    # S learns only that N has wagered (the 'wagered' field), never how much.
    changed = np.flatnonzero(before_s != after_s)
    fields = e.codec.fields()
    starts = np.cumsum([0] + [f.size for f in fields])
    names = {
        f.name
        for f, start, end in zip(fields, starts, starts[1:], strict=False)
        if any(start <= i < end for i in changed)
    }
    assert names <= {"wagered", "to_act"}, names
    assert list(e.observe("N")["observation"][-4:]) == [0, 0, 0, 1]  # N sees its own wager 2
    assert e.observe("S")["action_mask"].sum() == 3 and e.observe("N")["action_mask"].sum() == 0
    e.step(15)
    assert e.agent_selection == "E"


def test_render_is_text_and_an_illegal_index_is_refused() -> None:
    e = env("tally-double", render_mode="ansi")
    e.reset(seed=3)
    text = e.render()
    assert isinstance(text, str) and "to act" in text
    obs = e.observe(e.agent_selection)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    with pytest.raises(ValueError, match="not legal"):
        e.step(illegal)


def test_max_steps_truncates() -> None:
    e = env("tally-double", max_steps=3)
    e.reset(seed=2)
    steps = 0
    for _agent in e.agent_iter():
        obs, _, terminated, truncated, _ = e.last()
        if terminated or truncated:
            assert truncated and not terminated
            e.step(None)
            continue
        e.step(int(np.flatnonzero(obs["action_mask"])[0]))
        steps += 1
    assert steps == 3


def test_the_generic_encoding_can_be_asked_for_a_game_that_has_its_own() -> None:
    own = env("europe-in-turmoil")
    generic = env("europe-in-turmoil", generic_encoding=True, max_actions=64)
    assert own.codec.specific and not generic.codec.specific
    assert generic.action_space(generic.possible_agents[0]).n == 64  # type: ignore[attr-defined]
    generic.reset(seed=3)
    observation, *_ = generic.last()
    legal = [i for i, ok in enumerate(observation["action_mask"]) if ok]
    assert legal
    generic.step(legal[0])
    assert generic.steps == 1
