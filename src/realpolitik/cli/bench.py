"""``realpolitik bench``: throughput and costs per game, as figures (never assertions).

Example::

    realpolitik bench                       # every playable game, default budget
    realpolitik bench GAME --games 50 --iterations 1000
"""

from __future__ import annotations

import argparse
import dataclasses
import json
from typing import Any

from rich.console import Console
from rich.table import Table

from ..engine import GamePlugin, entries, plugin
from ..sim.bench import BenchSettings, run_bench
from .options import add_option_flags, options_from

EXIT_OK = 0


def add_parser(commands: Any, game: GamePlugin | None) -> None:
    bench = commands.add_parser(
        "bench", help="benchmark random playouts, clone/apply/legal costs, bots, memory"
    )
    bench.add_argument(
        "games_to_bench", nargs="*", metavar="GAME", help="game ids (default: every playable game)"
    )
    bench.add_argument("--games", type=int, default=20, help="random playouts to time (default 20)")
    bench.add_argument(
        "--rounds", type=int, default=3, help="rounds of those playouts; the best is reported (default 3)"
    )
    bench.add_argument("--positions", type=int, default=10, help="positions for the bot figures (default 10)")
    bench.add_argument(
        "--iterations", type=int, default=300, help="ISMCTS iterations a position (default 300)"
    )
    bench.add_argument("--samples", type=int, default=200, help="positions for per-call costs (default 200)")
    bench.add_argument("--seed", type=int, default=0)
    add_option_flags(bench, game)
    bench.add_argument("--json", action="store_true", help="print the figures as JSON")
    bench.set_defaults(handler=run)


def run(args: argparse.Namespace, console: Console) -> int:
    games = list(args.games_to_bench) or [e.id for e in entries()]
    settings = BenchSettings(
        games=max(1, args.games),
        rounds=max(1, args.rounds),
        positions=max(1, args.positions),
        iterations=max(1, args.iterations),
        samples=max(1, args.samples),
        options={},
        seed=args.seed,
    )
    everything = {}
    for game_id in games:
        # The flags of the game named on the command line, --option for every game benched.
        game_settings = dataclasses.replace(settings, options=options_from(args, plugin(game_id)))
        figures = run_bench(game_id, game_settings)
        everything[game_id] = [
            {"name": f.name, "value": round(f.value, 3), "unit": f.unit, "note": f.note} for f in figures
        ]
        if args.json:
            continue
        table = Table(title=f"bench: {game_id}")
        table.add_column("figure")
        table.add_column("value", justify="right")
        table.add_column("unit")
        table.add_column("note", style="dim")
        for figure in figures:
            table.add_row(figure.name, f"{figure.value:,.1f}", figure.unit, figure.note)
        console.print(table)
    if args.json:
        console.print_json(json.dumps(everything))
    return EXIT_OK
