"""One seat of a registered game against bots, as a Gymnasium ``Env`` (single agent).

```python
from realpolitik.adapters.gymnasium import SeatEnv
env = SeatEnv("la-belle-epoque", seat="FR", opponents="heuristic", reward="rank")
obs, info = env.reset(seed=3)
obs, reward, terminated, truncated, info = env.step(env.action_space.sample(obs["action_mask"]))
```

* The learner plays ``seat`` (default: the first seat no automaton plays); every other seat is a
  bot made from ``opponents``, a bot spec (``random``, ``heuristic``, ``ismcts:iterations=50``)
  or a list of specs in seat order (the last fills the rest). Bots are seeded from the reset seed
  and their seat, so a seed gives the same game.
* Observations and masks are the PettingZoo environment's (``{"observation", "action_mask"}``);
  ``info["action_mask"]`` repeats the mask for libraries that read it there.
* When the learner and bots must answer a sealed decision at once, the learner answers first and
  the bots after it (the game keeps the learner's answer sealed from them).
* Rewards come at the end only (``reward=``: ``win``, ``rank``, ``score``); ``max_steps`` (the
  learner's decisions) truncates. An illegal index ends the game with ``illegal_reward``
  (default -1) and ``info["illegal"] = True``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from ..bots import Bot, make_bot
from ..engine import JSON, GamePlugin, Seat, plugin
from .encoding import REWARD_MODES, Legal, codec_for, rewards
from .pettingzoo import agents_of, observation_space, render_text


class SeatEnv(gymnasium.Env[dict[str, Any], np.int64]):
    """One seat against bots (see the module docstring)."""

    metadata: dict[str, Any] = {"render_modes": ["ansi", "human"]}  # noqa: RUF012 (gymnasium declares it so)

    def __init__(
        self,
        game: str | GamePlugin,
        options: Mapping[str, JSON] | None = None,
        *,
        seat: Seat | None = None,
        opponents: str | Sequence[str] = "random",
        reward: str = "win",
        render_mode: str | None = None,
        max_steps: int | None = None,
        max_actions: int | None = None,
        illegal_reward: float = -1.0,
    ) -> None:
        if reward not in REWARD_MODES:
            raise ValueError(f"reward must be one of {', '.join(REWARD_MODES)}, not {reward!r}")
        self.game_plugin = game if isinstance(game, GamePlugin) else plugin(game)
        self.codec = codec_for(self.game_plugin, options, max_actions)
        self.game_options = dict(self.codec.options)
        self.seats = agents_of(self.game_plugin, self.game_options)
        self.seat = seat if seat is not None else self.seats[0]
        if self.seat not in self.seats:
            raise ValueError(f"seat must be one of {', '.join(self.seats)}, not {self.seat!r}")
        specs = [opponents] if isinstance(opponents, str) else list(opponents)
        if not specs:
            raise ValueError("name at least one opponent bot spec")
        others = [s for s in self.seats if s != self.seat]
        self.specs = {s: specs[min(i, len(specs) - 1)] for i, s in enumerate(others)}
        for spec in self.specs.values():
            make_bot(spec, 0)  # a bad spec fails here, not at the first reset
        self.reward_mode = reward
        self.render_mode = render_mode
        self.max_steps = max_steps
        self.illegal_reward = illegal_reward
        self.observation_space = observation_space(self.codec)
        self.action_space = spaces.Discrete(self.codec.size)
        self.state: Any = None
        self.bots: dict[Seat, Bot] = {}
        self.steps = 0
        self._legal = Legal(self.seat, (), [])

    def _obs(self) -> tuple[dict[str, Any], dict[str, Any]]:
        # The learner's legal list, kept for step() to decode with (the position stays until then).
        self._legal = self.codec.legal(self.state, self.seat)
        mask = self.codec.mask_of(self._legal)
        return {"observation": self.codec.observe(self.state, self.seat), "action_mask": mask}, {
            "action_mask": mask
        }

    def _bots_play(self) -> None:
        """Bots answer until the learner is to act or the game is over."""
        game = self.game_plugin.game
        while True:
            acting = game.to_act(self.state)
            if not acting or self.seat in acting:
                return
            for seat in acting:
                if seat not in self.bots:
                    raise RuntimeError(f"{seat} is to act but plays neither the learner nor a bot")
            seat = acting[0]
            game.apply(self.state, seat, self.bots[seat].choose(game, self.state, seat), None)

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(0, 2**31))
        self.state = self.game_plugin.game.setup(self.game_options, game_seed)
        self.bots = {s: make_bot(spec, game_seed * 31 + i) for i, (s, spec) in enumerate(self.specs.items())}
        self.steps = 0
        self._bots_play()
        return self._obs()

    def step(self, action: Any) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        game = self.game_plugin.game
        try:
            legal = self._legal
            move = (
                legal.action(int(action))
                if legal.actions
                else self.codec.decode(self.state, self.seat, int(action))
            )
        except ValueError as error:
            obs, info = self._obs()
            return obs, self.illegal_reward, True, False, {**info, "illegal": True, "reason": str(error)}
        game.apply(self.state, self.seat, move, None)
        self.steps += 1
        self._bots_play()
        obs, info = self._obs()
        outcome = game.outcome(self.state)
        if outcome is not None or not game.to_act(self.state):
            reward = rewards(outcome, self.seats, self.reward_mode)[self.seat] if outcome is not None else 0.0
            info["outcome"] = outcome.to_json() if outcome is not None else None
            return obs, reward, True, False, info
        truncated = self.max_steps is not None and self.steps >= self.max_steps
        return obs, 0.0, False, truncated, info

    def render(self) -> str | None:
        if self.render_mode is None or self.state is None:
            return None
        text = render_text(self.game_plugin, self.state)
        if self.render_mode == "human":
            print(text)
            return None
        return text
