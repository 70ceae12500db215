"""Game options on the command line, built from the game's options schema.

When the command line names a game (``realpolitik new GAME ...``), each option of its schema that
is meant for people becomes a flag of that subcommand: ``--players 3``, ``--dreyfus-affair`` /
``--no-dreyfus-affair``, ``--np FR,CE``. ``--option KEY=VALUE`` stays for any option (a JSON value),
and ``--content FILE`` reads a content override when the game has content with provenance.
``realpolitik new GAME --help`` lists the game's own flags with their help text.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from ..engine import GamePlugin, OptionsError, RealpolitikError, entries, plugin, text_in

DEST = "game_option_"


def plugin_named_in(argv: Sequence[str]) -> GamePlugin | None:
    """The game a command line names (the first word that is a known game id), so that its options
    become flags before the line is parsed."""
    known = {e.id for e in entries()}
    for word in argv:
        if word in known:
            try:
                return plugin(word)
            except RealpolitikError:
                return None  # the command reports an unusable game itself
    return None


def add_option_flags(parser: argparse.ArgumentParser, game: GamePlugin | None, lang: str = "en") -> None:
    """``--option`` for any game, then one flag per form option of ``game`` (when named)."""
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a game option by name (JSON value), e.g. --option NAME=3",
    )
    if game is None:
        return
    # A game option named like one of the command's own flags (a game's "seats" and play's
    # --seats) is given as --option NAME=VALUE instead; the heading says so.
    taken = set(parser._option_string_actions)
    clashes = [
        o for o in game.options.options if o.form and (o.flag in taken or f"--no-{o.flag[2:]}" in taken)
    ]
    note = "realpolitik games GAME lists every game's options"
    if clashes:
        note += "; give " + ", ".join(f"{o.name} as --option {o.name}=VALUE" for o in clashes)
    group = parser.add_argument_group(f"options of {game.title_in(lang)}", note)
    for option in game.options.options:
        if not option.form or option in clashes:
            continue
        help_text = text_in(option.help, lang) or text_in(option.label, lang)
        default = f" (default: {_shown(option.default)})"
        dest = DEST + option.name
        if option.kind == "bool":
            group.add_argument(
                option.flag,
                dest=dest,
                action=argparse.BooleanOptionalAction,
                default=None,
                help=help_text + default,
            )
            continue
        metavar = "|".join(str(c) for c in option.choices) if option.kind in ("int", "choice") else None
        if option.kind in ("seats", "strings"):
            metavar = "A,B,..."
        group.add_argument(option.flag, dest=dest, metavar=metavar or "VALUE", help=help_text + default)


def _shown(value: Any) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    if isinstance(value, list):
        return ",".join(str(v) for v in value) or "none"
    return str(value)


def parse_options(items: Iterable[str]) -> dict[str, Any]:
    """``KEY=VALUE`` pairs; a value is read as JSON when it is JSON (``true``, ``3``, ``["FR"]``),
    else taken as a string."""
    options: dict[str, Any] = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep:
            raise RealpolitikError(f"--option {item!r}: write KEY=VALUE")
        try:
            options[key] = json.loads(value)
        except json.JSONDecodeError:
            options[key] = value
    return options


def options_from(args: argparse.Namespace, game: GamePlugin) -> dict[str, Any]:
    """The options a command line gives: ``--option`` pairs, then the game's own flags, then a
    ``--content`` file (read by the game's content capability). Checked by the game later."""
    options = parse_options(getattr(args, "option", []) or [])
    for option in game.options.options:
        value = getattr(args, DEST + option.name, None)
        if value is None:
            continue
        try:
            options[option.name] = value if isinstance(value, bool) else option.parse(str(value))
        except OptionsError as error:
            raise OptionsError(f"{option.flag}: {error}") from None
    content: Path | None = getattr(args, "content", None)
    if content is not None:
        if game.content is None:
            raise RealpolitikError(f"{game.title_in('en')} has no content to override (--content)")
        options[game.content.option] = game.content.load_override(content)
    return options


def given_flags(args: argparse.Namespace, game: GamePlugin) -> list[str]:
    """The game-option flags given on the line (for the note that a saved game ignores them)."""
    shown = [o.flag for o in game.options.options if getattr(args, DEST + o.name, None) is not None]
    return shown + (["--option"] if getattr(args, "option", None) else [])


def describe_options(game: GamePlugin, lang: str = "en") -> list[Mapping[str, str]]:
    """Each option as a row for people: flag, kind and choices, default, help."""
    rows: list[Mapping[str, str]] = []
    for option in game.options.options:
        kind: str = option.kind
        if option.choices:
            kind += ": " + ", ".join(str(c) for c in option.choices)
        rows.append(
            {
                "flag": option.flag if option.form else f"--option {option.name}=...",
                "kind": kind,
                "default": _shown(option.default),
                "help": text_in(option.help, lang),
            }
        )
    return rows
