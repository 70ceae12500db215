"""Benchmarks: figures, never assertions (``realpolitik bench``).

Everything runs in this process on one core:

* random playouts: whole games with uniformly random legal actions (``apply`` without a log),
  in actions per second and games per second: the best of a few rounds of the same games, since
  other work on a shared machine only ever slows a round down (the median is printed too);
* the cost of ``clone``, of ``apply`` and of ``legal_actions``, measured on positions sampled
  from those games;
* the replay time of a full game record (parse, legality checks, undo snapshots, final hash);
* ISMCTS iterations per second (games with ``determinize``) and the heuristic bot's time per
  decision (games with an evaluation);
* peak memory: the traced Python allocations of one playout (tracemalloc) and the process's
  peak resident size.
"""

from __future__ import annotations

import resource
import statistics
import sys
import time
import tracemalloc
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Any

import numpy as np

from ..bots import Budget, HeuristicBot, IsmctsBot, determinizer, hooks_for
from ..engine import Game, Rng, get_game, plugin, state_hash
from ..engine.match import Move
from ..engine.record import Record, replay


@dataclass(slots=True)
class BenchSettings:
    games: int = 20
    """Random playouts timed in each round."""
    rounds: int = 3
    """Rounds of the same playouts; the fastest one gives the throughput figure."""
    positions: int = 10
    """Positions for the ISMCTS and heuristic figures."""
    iterations: int = 300
    """ISMCTS iterations per position."""
    samples: int = 200
    """Positions sampled for the clone / apply / legal-action costs."""
    options: dict[str, Any] = field(default_factory=dict)
    seed: int = 0


@dataclass(slots=True)
class Figure:
    name: str
    value: float
    unit: str
    note: str = ""


def random_game(
    game: Game[Any, Any], options: dict[str, Any], seed: int, keep: Callable[[Any], None] | None = None
) -> tuple[Any, int]:
    """One random playout; ``keep(state)`` sees every decision point. Returns (state, actions)."""
    state = game.setup(options, seed)
    rng = Rng.from_seed(seed, stream=0xBE)
    count = 0
    while True:
        acting = game.to_act(state)
        if not acting:
            return state, count
        if keep is not None:
            keep(state)
        legal = game.legal_actions(state, acting[0])
        game.apply(state, acting[0], legal[rng.below(len(legal))], None)
        count += 1


def _per_call(fn: Callable[[], Any], calls: int) -> float:
    started = time.perf_counter()
    for _ in range(calls):
        fn()
    return (time.perf_counter() - started) / calls


def build_of(game: Game[Any, Any]) -> str:
    """How the game's rules run here: compiled to C by mypyc (``REALPOLITIK_MYPYC=1`` builds,
    ``make compiled``) or as pure Python; throughput differs about twofold."""
    module = sys.modules[type(game).__module__]
    compiled = str(getattr(module, "__file__", "")).endswith((".so", ".pyd"))
    return "compiled rules (mypyc)" if compiled else "pure-Python rules"


def run_bench(game_id: str, settings: BenchSettings) -> list[Figure]:
    game = get_game(game_id)
    options = game.normalize_options(settings.options)
    figures: list[Figure] = []
    build = build_of(game)

    # Random playouts (one core): the headline throughput.
    # The same games in each round; the best round is the figure (as timeit does: a shared machine
    # only ever slows a round down), the median is shown beside it.
    rounds: list[float] = []
    actions = 0
    for _ in range(settings.rounds):
        started = time.perf_counter()
        actions = 0
        for g in range(settings.games):
            _, count = random_game(game, options, settings.seed + g)
            actions += count
        rounds.append(time.perf_counter() - started)
    elapsed = min(rounds)
    median = statistics.median(rounds)
    figures += [
        Figure(
            "random playouts",
            actions / elapsed,
            "actions/s",
            f"best of {settings.rounds} rounds of {settings.games} games (median {actions / median:,.0f}), "
            f"one core, {build}",
        ),
        Figure(
            "random playouts",
            settings.games / elapsed,
            "games/s",
            f"{actions / settings.games:.0f} actions a game",
        ),
    ]

    # Positions sampled from one more playout, for the per-call costs.
    seen: list[Any] = []

    def keep(state: Any) -> None:
        seen.append(game.clone(state))

    random_game(game, options, settings.seed + 10_000, keep)
    every = max(1, len(seen) // settings.samples)
    sample = seen[::every][: settings.samples]
    clone_s = legal_s = 0.0
    for state in sample:
        seat = game.to_act(state)[0]
        clone_s += _per_call(partial(game.clone, state), 5)
        legal_s += _per_call(partial(game.legal_actions, state, seat), 5)
    clone_s /= len(sample)
    legal_s /= len(sample)
    rng = Rng.from_seed(settings.seed, stream=0xA1)
    apply_total = 0.0
    for state in sample:
        seat = game.to_act(state)[0]
        legal = game.legal_actions(state, seat)
        twin = game.clone(state)
        action = legal[rng.below(len(legal))]
        tick = time.perf_counter()
        game.apply(twin, seat, action, None)
        apply_total += time.perf_counter() - tick
    figures += [
        Figure("clone", clone_s * 1e6, "µs", f"{len(sample)} positions"),
        Figure("legal_actions", legal_s * 1e6, "µs", "one call"),
        Figure("apply", apply_total / len(sample) * 1e6, "µs", "random legal action, no log"),
    ]

    # Replay of a full record: what loading a saved game costs.
    record = _random_record(game, options, settings.seed + 20_000)
    tick = time.perf_counter()
    replay(record, verify=True)
    figures.append(
        Figure(
            "replay of a full game",
            (time.perf_counter() - tick) * 1e3,
            "ms",
            f"{len(record.actions)} actions, verified",
        )
    )

    # Bots.
    decisions = [s for s in sample if len(game.legal_actions(s, game.to_act(s)[0])) > 1]
    step = max(1, len(decisions) // max(1, settings.positions))
    positions = decisions[::step][: settings.positions]
    hooks = hooks_for(game)
    if positions and hooks.values is not None:
        bot = HeuristicBot(settings.seed)
        tick = time.perf_counter()
        for state in positions:
            bot.choose(game, state, game.to_act(state)[0])
        figures.append(
            Figure(
                "heuristic decision",
                (time.perf_counter() - tick) / len(positions) * 1e3,
                "ms",
                f"{len(positions)} positions",
            )
        )
    if positions and determinizer(game) is not None:
        search = IsmctsBot(settings.seed, Budget(iterations=settings.iterations))
        iterations = 0
        tick = time.perf_counter()
        for state in positions:
            search.choose(game, state, game.to_act(state)[0])
            iterations += search.last_iterations
        spent = time.perf_counter() - tick
        figures.append(
            Figure(
                "ISMCTS",
                iterations / spent,
                "iterations/s",
                f"{settings.iterations} a decision, root prior included",
            )
        )
        figures.append(
            Figure("ISMCTS decision", spent / len(positions) * 1e3, "ms", f"{settings.iterations} iterations")
        )

    # Learning: the encoding's cost and the PettingZoo environment's steps (games with an encoding).
    figures += _encoding_figures(game_id, options, sample, settings)

    # Memory.
    tracemalloc.start()
    random_game(game, options, settings.seed + 30_000)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    figures.append(Figure("peak traced memory of a playout", peak / 1024, "KiB", "tracemalloc"))
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    figures.append(
        Figure(
            "peak resident memory",
            rss / (1024 * 1024 if sys.platform == "darwin" else 1024),
            "MiB",
            "whole process",
        )
    )
    return figures


def _encoding_figures(
    game_id: str, options: dict[str, Any], sample: list[Any], settings: BenchSettings
) -> list[Figure]:
    """What an environment pays per call on the sampled positions (the legal list with its
    indices, the observation array), and PettingZoo steps per CPU second with masks and
    observations (random masked play; needs the research extra)."""
    found = plugin(game_id)
    if found.encoding is None or not sample:
        return []
    try:
        from ..adapters.encoding import codec_for  # noqa: PLC0415 (the optional research extra)
    except ImportError:
        return []
    game = get_game(game_id)
    codec = codec_for(found, options)
    index_s = observe_s = 0.0
    for state in sample:
        seat = game.to_act(state)[0]
        index_s += _per_call(partial(codec.legal, state, seat), 3)
        observe_s += _per_call(partial(codec.observe, state, seat), 3)
    per = 1e6 / len(sample)
    figures = [
        Figure("encoding: legal indices", index_s * per, "µs", "legal list and indices, one call"),
        Figure("encoding: observation", observe_s * per, "µs", "the environment's array, one seat"),
    ]
    games = max(2, settings.games // 4)
    steps, spent = pettingzoo_steps(game_id, options, games, settings.seed)
    figures.append(
        Figure(
            "PettingZoo env steps",
            steps / spent,
            "steps/s",
            f"random masked play, observation and mask at every step, {games} games, CPU time",
        )
    )
    return figures


def pettingzoo_steps(
    game_id: str, options: dict[str, Any], games: int, seed: int, *, generic: bool = False
) -> tuple[int, float]:
    """Random masked play through the PettingZoo AEC environment (``reset(seed + g)``, then
    ``last()`` and ``step(a random legal index)`` to the end of each game): the steps taken and
    the CPU seconds they took (the figure follows the code, not the machine's load); ``generic``:
    through the generic encoding even for a game with its own. Needs the research extra."""
    from ..adapters.pettingzoo import env as aec_env  # noqa: PLC0415 (the optional research extra)

    environment = aec_env(game_id, options, generic_encoding=generic)
    rng = np.random.default_rng(7)
    steps = 0
    started = time.process_time()
    for g in range(games):
        environment.reset(seed=seed + g)
        for _agent in environment.agent_iter():
            obs, _, terminated, truncated, _ = environment.last()
            if terminated or truncated:
                environment.step(None)
                continue
            environment.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            steps += 1
    return steps, time.process_time() - started


def _random_record(game: Game[Any, Any], options: dict[str, Any], seed: int) -> Record:
    state = game.setup(options, seed)
    rng = Rng.from_seed(seed, stream=0xBE)
    moves = []
    while True:
        acting = game.to_act(state)
        if not acting:
            break
        legal = game.legal_actions(state, acting[0])
        action = legal[rng.below(len(legal))]
        moves.append(str(Move(acting[0], game.notation(action))))
        game.apply(state, acting[0], action, None)
    return Record(
        game=game.id,
        game_version=game.version,
        options=options,
        seed=seed,
        actions=moves,
        final_hash=state_hash(game.serialize(state)),
    )
