"""PettingZoo steps per CPU second: random masked play through the AEC environment.

    .venv-compiled/bin/python bench/pettingzoo_steps.py [GAME] [--games 10] [--seed 100]

Each game: ``env.reset(seed)``, then ``last()`` (observation and mask) and ``step(a random legal
index)`` to the end. Timed in CPU seconds of this process (``time.process_time``), so the figure
follows the code more than the machine's load; run the builds to compare alternately.
"""

from __future__ import annotations

import argparse

from realpolitik.engine import get_game
from realpolitik.sim.bench import build_of, pettingzoo_steps


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("game", nargs="?", default="la-belle-epoque")
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=100)
    args = parser.parse_args()

    steps, spent = pettingzoo_steps(args.game, {}, args.games, args.seed)
    print(
        f"{args.game} ({build_of(get_game(args.game))}): {steps} steps in {spent:.2f} CPU s, "
        f"{steps / spent:,.0f} steps/s"
    )


if __name__ == "__main__":
    main()
