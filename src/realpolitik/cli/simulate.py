"""``realpolitik simulate``: many seeded bot games in parallel, JSON lines and a balance report.

Example::

    realpolitik simulate GAME --games 1000 --seats random --workers 2 --out sim/random

writes ``games.jsonl`` (one line per game: seed, seats, scores, winners, turns, Sarajevo turn ...),
``report.md`` and its PNG plots into the ``--out`` folder.
"""

from __future__ import annotations

import argparse
import json
import os
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TextIO

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)

from ..bots import BotSpecError, parse_spec
from ..engine import GamePlugin, RealpolitikError, example_id, plugin
from ..sim.play import GameJob
from ..sim.report import write_report
from ..sim.resume import already_played, rewrite
from ..sim.runner import BACKENDS, run_jobs
from ..sim.tournament import lineup_for, rotation_jobs
from .options import add_option_flags, options_from

EXIT_OK, EXIT_FAILED = 0, 1


def add_parser(commands: Any, game: GamePlugin | None) -> None:
    sim = commands.add_parser(
        "simulate", help="play many seeded bot games in parallel and write a balance report"
    )
    sim.add_argument("game", help=f"game id, e.g. {example_id()}")
    add_batch_arguments(sim, default_games=100)
    sim.add_argument(
        "--seats",
        default="random",
        help="bot spec per seat in seat order, comma-separated; fewer than the seats: the last one "
        "fills the rest (default: random). E.g. heuristic,random or ismcts:iterations=200,heuristic",
    )
    sim.add_argument("--rotate", action="store_true", help="turn the seats' bots by one place each game")
    sim.add_argument("--out", type=Path, default=Path("sim-out"), help="output folder (default: sim-out)")
    sim.add_argument("--records", action="store_true", help="also write each game's record under OUT/records")
    sim.add_argument(
        "--invariants",
        action="store_true",
        help="check the game's invariants after every action (slower; a broken one stops the run "
        "naming the seed and the action)",
    )
    add_option_flags(sim, game)
    sim.set_defaults(handler=run)


def add_batch_arguments(parser: argparse.ArgumentParser, default_games: int) -> None:
    """The options ``simulate`` and ``tournament`` share (the game's own flags come last, once
    the command's own flags are known: see :func:`.options.add_option_flags`)."""
    parser.add_argument(
        "--games", type=int, default=default_games, help=f"games to play (default {default_games})"
    )
    parser.add_argument("--seed", type=int, default=0, help="first seed (default 0)")
    parser.add_argument(
        "--workers", type=int, default=os.cpu_count() or 1, help="parallel processes (default: all cores)"
    )
    parser.add_argument("--backend", choices=BACKENDS, default="local", help="local processes or Ray")
    parser.add_argument("--address", help="Ray cluster address (default: start a local Ray)")
    parser.add_argument(
        "--resume",
        action="store_true",
        help="continue a run that stopped: keep the games its results file already holds (the "
        "same game, --seed, bots and options are checked) and play only the rest",
    )


def game_options(args: argparse.Namespace) -> dict[str, Any]:
    return options_from(args, plugin(args.game))


def seat_count(game_id: str, options: dict[str, Any]) -> int:
    game = plugin(game_id)
    return len(game.seats(game.normalize(options)))


def parse_lineup(text: str, seats: int) -> list[str]:
    specs = [part.strip() for part in text.split(",") if part.strip()]
    try:
        for spec in specs:
            parse_spec(spec)
        return lineup_for(specs, seats)
    except (BotSpecError, ValueError) as error:
        raise RealpolitikError(f"--seats/--lineup: {error}") from None


@contextmanager
def results_file(
    console: Console, path: Path, jobs: list[GameJob], resume: bool
) -> Iterator[tuple[list[dict[str, Any]], list[GameJob], TextIO]]:
    """The results file of a batch, open for its new games' lines: ``(games already played,
    games left to play, file)``. Without ``resume`` the file starts empty; with it, the games it
    holds are checked against ``jobs`` (:func:`..sim.resume.already_played`), written back, and
    only the others are left to play."""
    path.parent.mkdir(parents=True, exist_ok=True)
    done: list[dict[str, Any]] = []
    left = jobs
    if resume:
        resumed = already_played(path, jobs)
        done, left = resumed.results, resumed.left(jobs)
        rewrite(path, done)
        if resumed.cut_line:
            console.print(f"{path}: its last line was cut short (stopped while writing it): left out")
        console.print(f"resuming: {len(done)} of {len(jobs)} games already in {path}, {len(left)} to play")
    with path.open("a" if resume else "w", encoding="utf-8") as handle:
        yield done, left, handle


def line_sink(handle: TextIO) -> Any:
    """Write each game's result line as it ends (flushed: a stopped run keeps its games)."""

    def sink(result: dict[str, Any]) -> None:
        handle.write(json.dumps(result, sort_keys=True) + "\n")
        handle.flush()

    return sink


def by_index(results: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return sorted(results, key=lambda result: int(result["index"]))


def play_all(
    console: Console, jobs: list[GameJob], args: argparse.Namespace, sink: Any = None
) -> list[dict[str, Any]]:
    """Run the jobs with a progress bar; ``sink(result)`` is called as each game ends."""
    results: list[dict[str, Any]] = []
    columns = (
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[rate]}"),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
    )
    started = time.perf_counter()
    with Progress(*columns, console=console, transient=False) as progress:
        task = progress.add_task("games", total=len(jobs), rate="")
        for result in run_jobs(jobs, workers=args.workers, backend=args.backend, address=args.address):
            results.append(result)
            if sink is not None:
                sink(result)
            elapsed = time.perf_counter() - started
            progress.update(task, advance=1, rate=f"{len(results) / max(elapsed, 1e-9):.1f} games/s")
    return results


def run(args: argparse.Namespace, console: Console) -> int:
    if args.games < 1:
        raise RealpolitikError("--games must be at least 1")
    if args.invariants and plugin(args.game).invariants is None:
        raise RealpolitikError(f"--invariants: {args.game} declares no invariants to check")
    options = game_options(args)
    lineup = parse_lineup(args.seats, seat_count(args.game, options))
    out: Path = args.out
    out.mkdir(parents=True, exist_ok=True)
    records = str(out / "records") if args.records else None
    if args.rotate:
        jobs = rotation_jobs(
            args.game, lineup, args.games, seed=args.seed, options=options, record_dir=records
        )
        # simulate plays distinct seeds: one per game, the lineup turned each game
        jobs = [
            GameJob(j.game, args.seed + j.index, j.bots, j.options, j.index, records, args.invariants)
            for j in jobs
        ]
    else:
        jobs = [
            GameJob(args.game, args.seed + g, tuple(lineup), options, g, records, args.invariants)
            for g in range(args.games)
        ]
    lines_path = out / "games.jsonl"
    started = time.perf_counter()
    with results_file(console, lines_path, jobs, args.resume) as (done, left, lines):
        played = play_all(console, left, args, line_sink(lines)) if left else []
    wall = time.perf_counter() - started
    results = by_index(done + played)
    report = write_report(results, out, f"Simulation: {args.game}, {len(results)} games")
    actions = sum(r["actions"] for r in played)
    where = f"{args.workers} worker(s)" if args.backend == "local" else "Ray"
    kept = f" (and {len(done)} kept from the stopped run)" if done else ""
    console.print(
        f"{len(played)} games in {wall:.1f} s ({len(played) / wall:.1f} games/s, "
        f"{actions / wall:,.0f} actions/s over {where}){kept}"
    )
    if args.invariants:
        checked = sum(r["invariants_checked"] for r in results)
        console.print(f"invariants held after every one of the {checked:,} actions")
    console.print(f"results: {lines_path}")
    console.print(f"report:  {report.markdown} (+ {len(report.plots)} plots)")
    return EXIT_OK
