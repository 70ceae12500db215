"""Every registered game as a Python OpenSpiel game (``pyspiel``), so OpenSpiel's algorithms and
its test battery run on it.

```python
import pyspiel
from realpolitik.adapters.openspiel import load
game = load("la-belle-epoque", {"players": 2}, seed=0)     # registers python_realpolitik_<id>
pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)
```

* **Players** are the game's seats less the automaton's, numbered in seat order; the game is
  *sequential* with *imperfect information*: when several seats answer a sealed decision at once,
  they are asked one after another (the first still to answer, in seat order) and no information
  state shows another's sealed answer.
* **Actions** are the encoding's indices (the game's own, else the generic sorted-legal-list index;
  ``num_distinct_actions`` is its ``N``), legal actions sorted ascending as OpenSpiel requires.
* **Chance is sampled**: each game's randomness is the generator inside its state, drawn from the
  game's own seed; ``new_initial_state()`` takes the next seed from a generator seeded by the
  ``seed`` parameter, so one game object deals a reproducible series of different games. There are
  no explicit chance nodes.
* **Information state** (``information_state_string``): the plug-in's ``info_key`` when it has one,
  else the seat's view as canonical JSON (Markov: what the seat sees now; the view shows the
  public history that matters), followed by the seat's legal action indices when it is to act
  (so an information state has one action set, as ISMCTS requires). **Observation**: the same
  string, and the encoding's vector as ``observation_tensor``.
* ``resample_from_infostate(player, sampler)`` is the plug-in's determinizer (everything the
  player cannot see drawn anew), so OpenSpiel's ISMCTS runs; a game without one refuses.
* **Returns** at the end: ``reward`` parameter ``win`` (+1 winners, -1 the others) or ``rank``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-not-found]

from ..engine import JSON, GamePlugin, Rng, Seat, canonical_json, plugin
from .encoding import Codec, codec_for, rewards
from .pettingzoo import agents_of, render_text

MAX_GAME_LENGTH = 20_000
"""Declared ``max_game_length`` (the battery's bound on a random game)."""

REWARDS = ("win", "rank")


def short_name(game_id: str) -> str:
    """``python_realpolitik_la_belle_epoque``."""
    return "python_realpolitik_" + game_id.replace("-", "_")


class _Held:
    """The realpolitik state inside an OpenSpiel state: OpenSpiel clones Python states with
    ``copy.deepcopy``, which here is the game's own ``clone`` (never a deep copy of the content)."""

    __slots__ = ("codec", "state")

    def __init__(self, codec: Codec, state: Any) -> None:
        self.codec = codec
        self.state = state

    def __deepcopy__(self, memo: dict[int, Any]) -> _Held:
        return _Held(self.codec, self.codec.plugin.game.clone(self.state))


class RealpolitikSpielGame(pyspiel.Game):  # type: ignore[misc]
    """A registered game as a ``pyspiel.Game`` (parameters ``options`` as JSON, ``seed``,
    ``reward``)."""

    def __init__(self, game_plugin: GamePlugin, params: Mapping[str, Any] | None = None) -> None:
        params = dict(params or {})
        options: Mapping[str, JSON] = json.loads(str(params.get("options", "{}")))
        self.game_plugin = game_plugin
        self.codec = codec_for(game_plugin, options, int(params.get("max_actions", 0)) or None)
        self.seats = agents_of(game_plugin, self.codec.options)
        self.reward = str(params.get("reward", "win"))
        if self.reward not in REWARDS:
            raise ValueError(f"reward must be win or rank, not {self.reward!r}")
        self.seeds = Rng.from_seed(int(params.get("seed", 0)), stream=0x5B1E)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.codec.size,
            max_chance_outcomes=0,
            num_players=len(self.seats),
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=None,
            max_game_length=MAX_GAME_LENGTH,
        )
        super().__init__(
            _game_type(game_plugin),
            info,
            {k: params[k] for k in ("options", "seed", "reward") if k in params},
        )

    def new_initial_state(self) -> RealpolitikSpielState:
        seed = self.seeds.next_u32() & 0x7FFFFFFF
        return RealpolitikSpielState(self, self.game_plugin.game.setup(dict(self.codec.options), seed))

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> RealpolitikObserver:
        return RealpolitikObserver(self.codec, self.seats)


class RealpolitikSpielState(pyspiel.State):  # type: ignore[misc]
    """A position of a registered game as a ``pyspiel.State``."""

    def __init__(self, game: RealpolitikSpielGame, state: Any) -> None:
        super().__init__(game)
        self._held = _Held(game.codec, state)
        self._seats = game.seats
        self._reward = game.reward

    @property
    def rp_state(self) -> Any:
        """The realpolitik state."""
        return self._held.state

    def _seat(self, player: int) -> Seat:
        return self._seats[player]

    def current_player(self) -> int:
        game = self._held.codec.plugin.game
        acting = game.to_act(self._held.state)
        if not acting:
            return int(pyspiel.PlayerId.TERMINAL)
        for seat in acting:
            if seat in self._seats:
                return self._seats.index(seat)
        raise RuntimeError(f"{acting} are to act but none is a player of this game")

    def _legal_actions(self, player: int) -> list[int]:
        if player < 0 or self.is_terminal():
            return []
        seat = self._seat(player)
        if seat not in self._held.codec.plugin.game.to_act(self._held.state):
            return []
        return sorted(self._held.codec.encoding.legal_indices(self._held.state, seat))

    def _apply_action(self, action: int) -> None:
        seat = self._seat(self.current_player())
        held = self._held
        held.codec.plugin.game.apply(held.state, seat, held.codec.decode(held.state, seat, action), None)

    def _action_to_string(self, player: int, action: int) -> str:
        held = self._held
        if 0 <= player < len(self._seats):
            try:
                move = held.codec.decode(held.state, self._seat(player), action)
            except ValueError:
                return f"#{action}"
            return f"{self._seat(player)}: {held.codec.plugin.game.notation(move)}"
        return f"#{action}"

    def is_terminal(self) -> bool:
        return not self._held.codec.plugin.game.to_act(self._held.state)

    def returns(self) -> list[float]:
        outcome = self._held.codec.plugin.game.outcome(self._held.state)
        if outcome is None:
            return [0.0] * len(self._seats)
        given = rewards(outcome, self._seats, self._reward)
        return [given[s] for s in self._seats]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> RealpolitikSpielState:
        held = self._held
        determinize = held.codec.plugin.determinize
        if determinize is None:
            raise pyspiel.SpielError(f"{held.codec.plugin.id} has no determinizer: it cannot resample")
        seed = int(float(probability_sampler()) * 2**31)
        world = determinize(held.state, self._seat(player_id), Rng.from_seed(seed, stream=0x1515))
        twin: RealpolitikSpielState = self.clone()
        twin._held = _Held(held.codec, world)
        return twin

    def __str__(self) -> str:
        return render_text(self._held.codec.plugin, self._held.state)


class RealpolitikObserver:
    """OpenSpiel's observer: the encoding's vector (``tensor``, its fields in ``dict``) and the
    information-state string (the plug-in's ``info_key``, else the view as canonical JSON)."""

    def __init__(self, codec: Codec, seats: list[Seat]) -> None:
        self.codec = codec
        self.seats = seats
        self.tensor = np.zeros(codec.shape, np.float32)
        self.dict: dict[str, Any] = {}
        at = 0
        for found in codec.fields():
            self.dict[found.name] = self.tensor[at : at + found.size]
            at += found.size

    def set_from(self, state: RealpolitikSpielState, player: int) -> None:
        self.tensor[:] = self.codec.observe(state.rp_state, self.seats[player])

    def string_from(self, state: RealpolitikSpielState, player: int) -> str:
        seat = self.seats[player]
        rp_state = state.rp_state
        key = self.codec.plugin.info_key
        seen = (
            key(rp_state, seat)
            if key is not None
            else canonical_json(self.codec.plugin.game.view(rp_state, seat))
        )
        # The seat knows its own legal actions: part of the key, so that one information state
        # never has two action sets (a view may leave out a per-turn counter the rules keep).
        legal = (
            sorted(self.codec.encoding.legal_indices(rp_state, seat))
            if seat in self.codec.plugin.game.to_act(rp_state)
            else []
        )
        return f"{seat}|{seen}|{','.join(map(str, legal))}"


def _game_type(game_plugin: GamePlugin) -> Any:
    return pyspiel.GameType(
        short_name=short_name(game_plugin.id),
        long_name=f"realpolitik {game_plugin.title_in('en')}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=16,
        min_num_players=1,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"options": "{}", "seed": 0, "reward": "win", "max_actions": 0},
    )


def _init_for(game_plugin: GamePlugin) -> Any:
    def __init__(self: RealpolitikSpielGame, params: Mapping[str, Any] | None = None) -> None:
        RealpolitikSpielGame.__init__(self, game_plugin, params)

    return __init__


_REGISTERED: set[str] = set()


def register(game: str | GamePlugin) -> str:
    """Register ``game`` with pyspiel (once per process); returns its short name."""
    game_plugin = game if isinstance(game, GamePlugin) else plugin(game)
    name = short_name(game_plugin.id)
    if name not in _REGISTERED:
        # A class per game, as OpenSpiel's own Python games register (a closure as the factory
        # crashed the interpreter at exit).
        factory = type(
            "RealpolitikSpielGame_" + game_plugin.id.replace("-", "_"),
            (RealpolitikSpielGame,),
            {"__init__": _init_for(game_plugin)},
        )
        pyspiel.register_game(_game_type(game_plugin), factory)
        _REGISTERED.add(name)
    return name


def load(
    game: str | GamePlugin,
    options: Mapping[str, JSON] | None = None,
    *,
    seed: int = 0,
    reward: str = "win",
    max_actions: int | None = None,
) -> RealpolitikSpielGame:
    """The game, registered and loaded through ``pyspiel.load_game``."""
    name = register(game)
    params: dict[str, Any] = {
        "options": json.dumps(dict(options or {}), sort_keys=True),
        "seed": seed,
        "reward": reward,
    }
    if max_actions:
        params["max_actions"] = max_actions
    loaded: RealpolitikSpielGame = pyspiel.load_game(name, params)
    return loaded
