"""``realpolitik tournament``: bots against each other over seeds and seat rotations.

Example::

    realpolitik tournament GAME --lineup ismcts:iterations=300,heuristic --games 200

plays one ISMCTS bot against three heuristic bots, each seed from every seat, and prints each bot's
win rate per seat with a 95% confidence interval against the fair share.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from rich import box
from rich.console import Console
from rich.table import Table

from ..engine import GamePlugin, RealpolitikError, example_id
from ..sim.tournament import rotation_jobs, seat_rows, standings
from .options import add_option_flags
from .simulate import (
    add_batch_arguments,
    by_index,
    game_options,
    line_sink,
    parse_lineup,
    play_all,
    results_file,
    seat_count,
)

EXIT_OK = 0


def add_parser(commands: Any, game: GamePlugin | None) -> None:
    tour = commands.add_parser(
        "tournament", help="bots against each other over seeds and seat rotations, with confidence intervals"
    )
    tour.add_argument("game", help=f"game id, e.g. {example_id()}")
    tour.add_argument(
        "--lineup",
        default="heuristic,random",
        help="bot specs, comma-separated, one per seat; the last fills the remaining seats "
        "(default: heuristic,random = one heuristic against random bots)",
    )
    add_batch_arguments(tour, default_games=40)
    tour.add_argument("--out", type=Path, help="also write the games as JSON lines to this file")
    add_option_flags(tour, game)
    tour.set_defaults(handler=run)


def run(args: argparse.Namespace, console: Console) -> int:
    options = game_options(args)
    lineup = parse_lineup(args.lineup, seat_count(args.game, options))
    jobs = rotation_jobs(args.game, lineup, args.games, seed=args.seed, options=options)
    if args.out is None:
        if args.resume:
            raise RealpolitikError("--resume needs --out FILE: the games already played are read from it")
        results = play_all(console, jobs, args)
    else:
        with results_file(console, args.out, jobs, args.resume) as (done, left, handle):
            results = by_index(done + (play_all(console, left, args, line_sink(handle)) if left else []))
    rows = standings(results)
    seats = len(lineup)
    table = Table(
        box=box.SIMPLE_HEAD,
        title=f"{args.game}: {len(results)} games, {seats} seats rotated, seeds from {args.seed}",
        caption=(
            f"seats: seat-games held; win rate per seat held (95% Wilson interval) against the fair "
            f"share {100 / seats:.1f}%; VP and rank: means"
        ),
    )
    table.add_column("bot", overflow="fold")
    table.add_column("seats", justify="right", no_wrap=True)
    table.add_column("wins", justify="right", no_wrap=True)
    table.add_column("win rate [95% CI]", justify="right", no_wrap=True)
    table.add_column("vs fair", no_wrap=True)
    table.add_column("VP", justify="right", no_wrap=True)
    table.add_column("rank", justify="right", no_wrap=True)
    for row in rows:
        table.add_row(
            row.bot,
            str(row.seat_games),
            f"{row.wins:g}",
            f"{100 * row.rate:.1f}% [{100 * row.low:.1f}, {100 * row.high:.1f}]",
            {"above fair share": "above", "below fair share": "below"}.get(row.verdict, "n.s."),
            f"{row.mean_vp:.1f}",
            f"{row.mean_rank:.2f}",
        )
    console.print(table)
    console.print(_seat_table(results))
    return EXIT_OK


def _seat_table(results: list[dict[str, Any]]) -> Table:
    """Each bot in each seat it held: a bot strong in one seat and weak in another shows here
    (the content's balance as much as the bot's play)."""
    table = Table(
        box=box.SIMPLE_HEAD,
        title="by seat",
        caption="margin: mean VP over the best other seat in the same game",
    )
    for name in ("bot", "seat"):
        table.add_column(name, overflow="fold")
    for name in ("games", "wins", "win rate [95% CI]", "VP", "margin"):
        table.add_column(name, justify="right", no_wrap=True)
    for row in seat_rows(results):
        table.add_row(
            row.bot,
            row.seat,
            str(row.games),
            f"{row.wins:g}",
            f"{100 * row.rate:.1f}% [{100 * row.low:.1f}, {100 * row.high:.1f}]",
            f"{row.mean_vp:.1f}",
            f"{row.mean_margin:+.1f}",
        )
    return table
