"""La Belle Époque's random playouts in two builds, alternated: CPU-time pairs for an A/B.

    .venv/bin/python bench/lbe_speed_pairs.py --before /tmp/base/src --pairs 6 --games 40
    .venv-compiled/bin/python bench/lbe_speed_pairs.py --before-python /tmp/base/.venv-compiled/bin/python

Each round plays the same seeded 4-player random games (``realpolitik.sim.bench.random_game``,
the content warmed first) in a fresh process of each build, one after the other, and reads the
process's own CPU time (``time.process_time()``), so that a machine shared with other work slows
both sides of a pair alike. ``--before`` puts an older ``src/`` first on ``PYTHONPATH`` (pure
builds); ``--before-python`` runs another interpreter (a compiled build of the older commit).
Prints each pair's actions per CPU-second and after/before, then the medians. Figures, never a
test.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys

ROUND = r"""
import json, sys, time
from realpolitik.engine import get_game
from realpolitik.sim.bench import build_of, random_game
game = get_game("la-belle-epoque")
options = game.normalize_options({})
random_game(game, options, 0)
first, games = int(sys.argv[1]), int(sys.argv[2])
started = time.process_time()
actions = sum(random_game(game, options, first + g)[1] for g in range(games))
print(json.dumps({"actions": actions, "cpu": time.process_time() - started, "build": build_of(game)}))
"""


def one_round(python: str, pythonpath: str | None, first: int, games: int) -> dict[str, float]:
    env = dict(os.environ, PYTHONHASHSEED="0")
    if pythonpath:
        env["PYTHONPATH"] = pythonpath
    done = subprocess.run(
        [python, "-c", ROUND, str(first), str(games)], env=env, check=True, capture_output=True, text=True
    )
    result: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--before", help="an older src/ folder, first on PYTHONPATH for the 'before' side")
    parser.add_argument("--before-python", help="the interpreter of the 'before' side (default: this one)")
    parser.add_argument("--pairs", type=int, default=6)
    parser.add_argument("--games", type=int, default=40, help="games a round (default 40)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if not args.before and not args.before_python:
        parser.error("give --before or --before-python")
    before_python = args.before_python or sys.executable
    ratios: list[float] = []
    speeds: tuple[list[float], list[float]] = ([], [])
    for pair in range(args.pairs):
        # alternate which side goes first, so that a trend in the machine's load favours neither
        sides = [("before", before_python, args.before), ("after", sys.executable, None)]
        if pair % 2:
            sides.reverse()
        rates: dict[str, float] = {}
        for name, python, path in sides:
            result = one_round(python, path, args.seed, args.games)
            rates[name] = result["actions"] / result["cpu"]
        speeds[0].append(rates["before"])
        speeds[1].append(rates["after"])
        ratios.append(rates["after"] / rates["before"])
        print(
            f"pair {pair + 1}: before {rates['before']:,.0f}  after {rates['after']:,.0f} actions/CPU-s"
            f"  x{ratios[-1]:.3f}",
            flush=True,
        )
    print(
        f"median: before {statistics.median(speeds[0]):,.0f}  after {statistics.median(speeds[1]):,.0f}"
        f"  pairs x{min(ratios):.3f}-x{max(ratios):.3f}, median x{statistics.median(ratios):.3f}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
