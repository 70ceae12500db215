"""Every registered game as a PettingZoo ``AECEnv`` (``pip install 'realpolitik[research]'``).

```python
from realpolitik.adapters.pettingzoo import env
e = env("tally-double", {"seats": 3}, reward="rank")
e.reset(seed=7)
for agent in e.agent_iter():
    obs, reward, terminated, truncated, info = e.last()
    action = None if terminated or truncated else e.action_space(agent).sample(obs["action_mask"])
    e.step(action)
```

* **Agents** are the game's seats, less those its automaton plays (LBE's Non-Player Powers).
* **Observations** are ``{"observation": float32 vector, "action_mask": int8 vector}``, as
  PettingZoo's classic environments give them: the vector is the game's encoding of what the seat
  may see (``GamePlugin.encoding``, or the generic hashed view), the mask has a 1 at the index of
  each legal action of the seat (all 0 when the seat is not to act). Masks come from the legal
  list, the one source of legality.
* **Simultaneous decisions** (sealed answers): ``agent_selection`` cycles through the seats still
  to answer, in seat order; each answer is sealed in the game until the last one is given, and no
  observation shows another seat's sealed answer.
* **Rewards** come at the end only (``reward=``: ``win``, ``rank`` or ``score``; see
  :data:`~realpolitik.adapters.encoding.REWARD_MODES`). ``max_steps`` truncates a game.
* ``reset(seed=...)`` makes the game with that seed (the same seed, the same game); without a seed
  a fresh one is drawn. ``render()`` is text (``render_mode="ansi"`` returns it, ``"human"``
  prints it). An illegal index raises ``ValueError`` (wrap the env in PettingZoo's
  ``TerminateIllegalWrapper`` to end the game instead).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped]

from ..engine import JSON, GamePlugin, Seat, plugin
from .encoding import REWARD_MODES, Codec, Legal, codec_for, rewards


def _plugin(game: str | GamePlugin) -> GamePlugin:
    return game if isinstance(game, GamePlugin) else plugin(game)


def agents_of(game_plugin: GamePlugin, options: Mapping[str, JSON]) -> list[Seat]:
    """The seats people or learners play (the automaton's left out)."""
    automata = set(game_plugin.automata(options))
    return [s for s in game_plugin.seats(options) if s not in automata]


def observation_space(codec: Codec) -> spaces.Dict:
    return spaces.Dict(
        {
            "observation": spaces.Box(-np.inf, np.inf, shape=codec.shape, dtype=np.float32),
            "action_mask": spaces.Box(0, 1, shape=(codec.size,), dtype=np.int8),
        }
    )


def render_text(game_plugin: GamePlugin, state: Any) -> str:
    """The spectator's view and who is to act, as text."""
    game = game_plugin.game
    acting = game.to_act(state)
    lines = [json.dumps(game.view(state, None), sort_keys=True, ensure_ascii=False, default=str)]
    if acting:
        for seat in acting:
            legal = ", ".join(game.notation(a) for a in game.legal_actions(state, seat)[:20])
            lines.append(f"{seat} to act: {legal}")
    else:
        outcome = game.outcome(state)
        lines.append(f"over: {outcome.summary if outcome is not None else ''}")
    return "\n".join(lines)


class RealpolitikAEC(AECEnv):  # type: ignore[misc]
    """One game of a registered game as an AEC environment (see the module docstring)."""

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["ansi", "human"],
        "name": "realpolitik_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game: str | GamePlugin,
        options: Mapping[str, JSON] | None = None,
        *,
        reward: str = "win",
        render_mode: str | None = None,
        max_steps: int | None = None,
        max_actions: int | None = None,
        generic_encoding: bool = False,
    ) -> None:
        super().__init__()
        if reward not in REWARD_MODES:
            raise ValueError(f"reward must be one of {', '.join(REWARD_MODES)}, not {reward!r}")
        if render_mode is not None and render_mode not in ("ansi", "human"):
            raise ValueError(f"render_mode must be ansi or human, not {render_mode!r}")
        self.game_plugin = _plugin(game)
        self.codec = codec_for(self.game_plugin, options, max_actions, generic=generic_encoding)
        self.game_options = dict(self.codec.options)
        self.reward_mode = reward
        self.render_mode = render_mode
        self.max_steps = max_steps
        self.possible_agents = agents_of(self.game_plugin, self.game_options)
        self.metadata = {**type(self).metadata, "name": f"realpolitik_{self.game_plugin.id}_v0"}  # type: ignore[misc]
        space = observation_space(self.codec)
        self.observation_spaces = dict.fromkeys(self.possible_agents, space)
        self.action_spaces = {a: spaces.Discrete(self.codec.size) for a in self.possible_agents}
        self.state: Any = None
        self.steps = 0
        self._seeds = np.random.default_rng()
        self._position = 0
        """Counts the positions the environment has been in (every reset and step): a seat's
        legal list found by ``observe`` serves ``step`` only in the same position."""
        self._legal: tuple[int, Legal] = (-1, Legal("", (), []))

    def observation_space(self, agent: Seat) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: Seat) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game (``options`` here are PettingZoo's reset options, unused: the game's options
        are the constructor's)."""
        if seed is None:
            seed = int(self._seeds.integers(0, 2**31))
        game = self.game_plugin.game
        self.state = game.setup(self.game_options, int(seed))
        self._position += 1
        self.steps = 0
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[Seat, dict[str, Any]] = {a: {} for a in self.agents}
        self._skip_agent_selection = None
        self.agent_selection = self._next_agent()

    def _next_agent(self) -> Seat:
        acting = self.game_plugin.game.to_act(self.state)
        for seat in acting:
            if seat in self.agents:
                return seat
        if acting:
            raise RuntimeError(f"{acting} are to act but none is an agent of this environment")
        return (
            self.agent_selection if getattr(self, "agent_selection", None) in self.agents else self.agents[0]
        )

    def observe(self, agent: Seat) -> dict[str, Any]:
        legal = self.codec.legal(self.state, agent)
        if legal.actions:
            self._legal = (self._position, legal)  # step() decodes with it: no second legal list
        return {
            "observation": self.codec.observe(self.state, agent),
            "action_mask": self.codec.mask_of(legal),
        }

    def _decode(self, agent: Seat, index: int) -> Any:
        position, legal = self._legal
        if position == self._position and legal.seat == agent:
            return legal.action(index)
        return self.codec.decode(self.state, agent, index)

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is to act: give an action index, not None")
        game = self.game_plugin.game
        move = self._decode(agent, int(action))  # ValueError when not legal
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        game.apply(self.state, agent, move, None)
        self._position += 1
        self.steps += 1
        outcome = game.outcome(self.state)
        if outcome is not None or not game.to_act(self.state):
            if outcome is not None:
                self.rewards.update(rewards(outcome, self.agents, self.reward_mode))
            self.terminations = dict.fromkeys(self.agents, True)
            for a in self.agents:
                self.infos[a] = {"outcome": outcome.to_json() if outcome is not None else None}
        elif self.max_steps is not None and self.steps >= self.max_steps:
            self.truncations = dict.fromkeys(self.agents, True)
        self.agent_selection = self._next_agent()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        text = render_text(self.game_plugin, self.state)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        self.state = None


def env(game: str | GamePlugin, options: Mapping[str, JSON] | None = None, **settings: Any) -> RealpolitikAEC:
    """``RealpolitikAEC(game, options, **settings)``."""
    return RealpolitikAEC(game, options, **settings)
