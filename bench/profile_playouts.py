"""Profile random playouts of a game: where the time goes (cProfile, or pyinstrument if installed).

    .venv/bin/python bench/profile_playouts.py [GAME] [--games 30] [--pyinstrument] [--top 25]

Prints the functions with the most cumulative and own time, and the share of the time spent in
each phase of the game when the game's state has a ``phase`` attribute (La Belle Époque).
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import time
from collections import defaultdict
from typing import Any

from realpolitik.engine import Rng, get_game


def playouts(game_id: str, games: int, phases: dict[str, float] | None = None) -> int:
    game = get_game(game_id)
    options = game.normalize_options({})
    actions = 0
    for seed in range(games):
        state: Any = game.setup(options, seed)
        rng = Rng.from_seed(seed, stream=0xBE)
        while True:
            acting = game.to_act(state)
            if not acting:
                break
            phase = getattr(state, "phase", "-")
            tick = time.perf_counter()
            legal = game.legal_actions(state, acting[0])
            game.apply(state, acting[0], legal[rng.below(len(legal))], None)
            if phases is not None:
                phases[phase] += time.perf_counter() - tick
            actions += 1
    return actions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("game", nargs="?", default="la-belle-epoque")
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--top", type=int, default=25)
    parser.add_argument("--pyinstrument", action="store_true")
    args = parser.parse_args()

    phases: dict[str, float] = defaultdict(float)
    tick = time.perf_counter()
    actions = playouts(args.game, args.games, phases)
    spent = time.perf_counter() - tick
    rate = f"{actions / spent:,.0f} actions/s, {args.games / spent:.1f} games/s"
    print(f"{actions} actions in {spent:.2f} s: {rate}")
    total = sum(phases.values())
    for phase, seconds in sorted(phases.items(), key=lambda kv: -kv[1]):
        print(f"  phase {phase:15s} {100 * seconds / total:5.1f}% of legal_actions+apply time")

    if args.pyinstrument:
        from pyinstrument import Profiler  # noqa: PLC0415 - optional tool

        profiler = Profiler()
        profiler.start()
        playouts(args.game, args.games)
        profiler.stop()
        print(profiler.output_text(unicode=True, color=False))
        return
    profile = cProfile.Profile()
    profile.enable()
    playouts(args.game, args.games)
    profile.disable()
    stats = pstats.Stats(profile)
    stats.sort_stats("cumulative").print_stats(args.top)
    stats.sort_stats("tottime").print_stats(args.top)


if __name__ == "__main__":
    main()
