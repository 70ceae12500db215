"""The ``realpolitik`` command.

Subcommands land with their issues; each one speaks only the engine protocol, so every game gets
them for free.
"""

from __future__ import annotations

import argparse
import importlib
import secrets
import sys
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

from rich.console import Console
from rich.table import Table

from .. import __version__
from ..engine import GamePlugin, Match, RealpolitikError, Status, entries, example_id, plugin
from ..engine.record import Record, load_record, replay
from ..engine.scenario import ScenarioResult, check_file
from .options import add_option_flags, describe_options, options_from, plugin_named_in

EXIT_OK, EXIT_FAILED, EXIT_USAGE = 0, 1, 2

SUBCOMMAND_MODULES: tuple[str, ...] = ("play", "serve", "simulate", "bench", "tournament")
"""Modules under ``realpolitik.cli`` that add their own subcommands: each defines
``add_parser(commands, game)``, which registers its parser with ``set_defaults(handler=...)``
(``game``: the plug-in of the game the command line names, if any, whose options become flags); a
handler takes ``(args, console)`` and returns the exit code."""


def game_help() -> str:
    return f"game id, e.g. {example_id()} (realpolitik games lists them)"


def build_parser(argv: Sequence[str] = ()) -> argparse.ArgumentParser:
    """The parser; the options of the game ``argv`` names (if any) are flags of its subcommands."""
    game = plugin_named_in(argv)
    parser = argparse.ArgumentParser(
        prog="realpolitik",
        description="Play, study and automate the great-power board games before 1914.",
    )
    parser.add_argument("--version", action="version", version=f"realpolitik {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    games = commands.add_parser("games", help="list the games realpolitik knows")
    games.add_argument("game", nargs="?", help="a game id: list its options (the flags of new, play ...)")

    new = commands.add_parser("new", help="start a game and write its record (to play or replay later)")
    new.add_argument("game", help=game_help())
    new.add_argument("-o", "--out", type=Path, required=True, help="record file to write (JSON)")
    new.add_argument("--seed", type=int, help="random seed (default: a fresh one)")
    new.add_argument("--content", type=Path, help="content override file (TOML), stored in the record")
    add_option_flags(new, game)

    rep = commands.add_parser("replay", help="replay a game record and show where it ends")
    rep.add_argument("record", type=Path, help="record file (JSON)")
    rep.add_argument("--verify", action="store_true", help="check the final state hash in the record")

    scen = commands.add_parser("scenario", help="rulebook scenarios")
    scen_commands = scen.add_subparsers(dest="scenario_command", metavar="SUBCOMMAND", required=True)
    chk = scen_commands.add_parser("check", help="run scenario files and report every expectation")
    chk.add_argument("paths", nargs="+", type=Path, help="scenario files or folders of them")
    chk.add_argument("-q", "--quiet", action="store_true", help="only report failures and the summary")

    data = commands.add_parser("data", help="game content")
    data_commands = data.add_subparsers(dest="data_command", metavar="SUBCOMMAND", required=True)
    aud = data_commands.add_parser("audit", help="count content values by provenance")
    aud.add_argument("game", help=game_help())
    aud.add_argument("--list", action="store_true", help="list every reconstructed value with its rationale")
    aud.add_argument("--content", type=Path, help="a content override file (TOML) to apply first")
    for module in SUBCOMMAND_MODULES:
        importlib.import_module(f"realpolitik.cli.{module}").add_parser(commands, game)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    words = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser(words)
    args = parser.parse_args(words)
    out = Console()
    err = Console(stderr=True)
    try:
        handler = getattr(args, "handler", None)
        if handler is not None:
            return int(handler(args, out))
        if args.command == "games":
            return _games(out) if args.game is None else _game_options(out, plugin(args.game))
        if args.command == "new":
            return _new(out, args)
        if args.command == "replay":
            return _replay(out, args.record, args.verify)
        if args.command == "scenario":
            return _scenario_check(out, args.paths, args.quiet)
        if args.command == "data":
            return _data_audit(out, args.game, args.list, args.content)
    except RealpolitikError as error:
        err.print(f"[bold red]error:[/] {error}", highlight=False)
        return EXIT_FAILED
    parser.print_help()
    return EXIT_USAGE


def _games(out: Console) -> int:
    table = Table(title="Games")
    table.add_column("id")
    table.add_column("title")
    table.add_column("players")
    table.add_column("about")
    for known in entries():
        try:
            game = known.plugin()
        except RealpolitikError as error:
            table.add_row(known.id, "", "", f"[red]cannot load:[/] {error}")
            continue
        table.add_row(known.id, game.title_in("en"), game.player_range(), game.summary.get("en", ""))
    out.print(table)
    return EXIT_OK


def _game_options(out: Console, game: GamePlugin) -> int:
    table = Table(title=f"{game.title_in('en')} ({game.id}): options of new, play, simulate ...")
    for column in ("flag", "kind", "default", "help"):
        table.add_column(column, overflow="fold")
    for row in describe_options(game):
        table.add_row(row["flag"], row["kind"], row["default"], row["help"])
    out.print(table)
    if game.automaton is not None:
        word = game.automaton.keyword
        out.print(f"--seats SEAT={word}: the game's automaton plays that seat ({game.automaton.name['en']})")
    return EXIT_OK


def _new(out: Console, args: argparse.Namespace) -> int:
    game = plugin(args.game)
    options = options_from(args, game)
    seed = args.seed if args.seed is not None else secrets.randbits(32)
    match = Match(game.game, options, seed)
    Record.of(match).save(args.out)
    out.print(f"new {match.game.title} game, seed {seed}, written to {args.out}")
    out.print(f"to act: {', '.join(match.to_act())}")
    return EXIT_OK


def _replay(out: Console, path: Path, verify: bool) -> int:
    record = load_record(path)
    match = replay(record, verify=verify)
    out.print(f"{record.game} {record.game_version}: {len(record.actions)} actions replayed")
    out.print(f"state hash {match.hash()}")
    if verify:
        out.print("[green]verified[/]: the replay ends in the recorded state")
    outcome = match.outcome()
    if outcome is None:
        out.print(f"game in progress; to act: {', '.join(match.to_act())}")
    else:
        out.print(outcome.summary or f"winners: {', '.join(outcome.winners)}")
    return EXIT_OK


def _scenario_files(paths: Sequence[Path]) -> list[Path]:
    files: list[Path] = []
    for path in paths:
        files.extend(sorted(path.rglob("*.toml")) if path.is_dir() else [path])
    return files


def _scenario_check(out: Console, paths: Sequence[Path], quiet: bool) -> int:
    results: list[ScenarioResult] = [check_file(path) for path in _scenario_files(paths)]
    for result in results:
        mark = "[green]PASS[/]" if result.passed else "[red]FAIL[/]"
        heading = " — ".join(part for part in (result.title, result.source) if part)
        if quiet and result.passed:
            continue
        out.print(f"{mark} {result.path}" + (f"  ({heading})" if heading else ""), highlight=False)
        for check in result.checks:
            if quiet and check.ok:
                continue
            sign = "[green]✓[/]" if check.ok else "[red]✗[/]"
            out.print(
                f"    {sign} step {check.step}: {check.what}  [dim]{check.detail}[/]",
                highlight=False,
            )
        if result.error:
            out.print(f"    [red]error:[/] {result.error}", highlight=False)
    passed = sum(result.passed for result in results)
    checks = sum(len(result.checks) for result in results)
    failed_checks = sum(len(result.failures) for result in results)
    out.print(
        f"{passed} passed, {len(results) - passed} failed "
        f"({checks - failed_checks} of {checks} expectations held)"
    )
    return EXIT_OK if passed == len(results) else EXIT_FAILED


def _data_audit(out: Console, game_id: str, listing: bool, content: Path | None) -> int:
    capability = plugin(game_id).content
    if capability is None:
        raise RealpolitikError(f"{game_id} has no content with provenance to audit")
    override = capability.load_override(content) if content is not None else None
    audit = capability.audit(override)
    counts: Counter[tuple[str, Status]] = Counter((item.kind, item.provenance.status) for item in audit)
    kinds = sorted({item.kind for item in audit})
    table = Table(title=f"{game_id}: content values by provenance")
    table.add_column("kind")
    for status in Status:
        table.add_column(status.value, justify="right")
    table.add_column("total", justify="right")
    for kind in kinds:
        row = [counts[(kind, status)] for status in Status]
        table.add_row(kind, *map(str, row), str(sum(row)))
    totals = [sum(counts[(kind, status)] for kind in kinds) for status in Status]
    table.add_row("[bold]all[/]", *map(str, totals), str(sum(totals)))
    out.print(table)
    if listing:
        rec = Table(title="Reconstructed values (not the publisher's)", show_lines=False)
        for column in ("key", "value", "rationale", "file"):
            rec.add_column(column, overflow="fold")
        for item in audit:
            if item.provenance.status is Status.RECONSTRUCTED:
                rec.add_row(item.key, item.value, item.provenance.rationale, item.file)
        out.print(rec)
    return EXIT_OK


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
