"""What the terminal loop asks of a game's screen, and a plain fallback for games without one.

The loop in :mod:`realpolitik.cli.play` speaks only the engine protocol; everything that knows a
game's board lives in a ``render_<game>`` module that builds a :class:`Renderer`. A game without one
still plays, with its view printed as a tree (:class:`GenericRenderer`).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.pretty import Pretty
from rich.table import Table
from rich.text import Text

from ..engine import JSON, Game, LogEntry, Outcome, Seat

LANGS = ("en", "it")

RENDERER_MODULES: Mapping[str, str] = {"la-belle-epoque": "render_belle_epoque"}
"""Game id -> module under ``realpolitik.cli`` with ``make_renderer(game, options, lang)``. A game
not listed is looked up as ``render_<id with underscores>``, then falls back to the generic one."""

_SEAT_STYLES = ("bold red", "bold bright_blue", "bold green", "bold yellow", "bold magenta", "bold cyan")


class Renderer(Protocol):
    """A game's screen for the terminal, built from its JSON view (never from the state)."""

    def seat_name(self, seat: Seat) -> str:
        """The seat's full name, e.g. ``"Great Britain"``."""
        ...

    def seat_label(self, seat: Seat) -> Text:
        """The seat's short letters in its colour, e.g. a red ``GB``."""
        ...

    def players(self) -> list[tuple[Seat, ...]]:
        """Seats grouped by the person who holds them (a 2-player game gives each two Powers)."""
        ...

    def screen(self, view: Mapping[str, JSON], seat: Seat | None) -> RenderableType:
        """The board and the public mats as ``seat`` may see them, with its own hand."""
        ...

    def decision(self, view: Mapping[str, JSON], seat: Seat) -> str:
        """One line saying what ``seat`` must decide now."""
        ...

    def verb_title(self, verb: str) -> str:
        """Heading of a group of the action menu (the first word of the notation)."""
        ...

    def help(self, view: Mapping[str, JSON], seat: Seat, topic: str | None) -> str:
        """The rule for the current decision (or for ``topic``, a verb), in our own words."""
        ...

    def verdict(self, outcome: Outcome) -> Text | None:
        """What the end of a game says beyond the score table (LBE: the solo verdict of §13.10),
        or ``None``."""
        ...


class GenericRenderer:
    """The fallback: seat ids, the view as a tree, and no rules help beyond the notation."""

    def __init__(self, game: Game[Any, Any], options: Mapping[str, JSON], seats: Sequence[Seat]) -> None:
        self.game = game
        self.options = options
        self.seat_ids = tuple(seats)

    def seat_name(self, seat: Seat) -> str:
        return seat

    def seat_label(self, seat: Seat) -> Text:
        index = self.seat_ids.index(seat) if seat in self.seat_ids else 0
        return Text(seat, style=_SEAT_STYLES[index % len(_SEAT_STYLES)])

    def players(self) -> list[tuple[Seat, ...]]:
        return [(seat,) for seat in self.seat_ids]

    def screen(self, view: Mapping[str, JSON], seat: Seat | None) -> RenderableType:
        who = "spectator" if seat is None else seat
        return Group(Text(f"{self.game.title} — as seen by {who}", style="bold"), Pretty(dict(view)))

    def decision(self, view: Mapping[str, JSON], seat: Seat) -> str:
        return f"{seat} to act"

    def verb_title(self, verb: str) -> str:
        return verb

    def help(self, view: Mapping[str, JSON], seat: Seat, topic: str | None) -> str:
        return (
            f"{self.game.title} has no rules help in the terminal yet: choose an action from the "
            "menu by its number, or type its notation."
        )

    def verdict(self, outcome: Outcome) -> Text | None:
        return None


def make_renderer(
    game: Game[Any, Any], options: Mapping[str, JSON], seats: Sequence[Seat], lang: str
) -> Renderer:
    """The renderer of ``game``: its own module when there is one, else the generic one."""
    name = RENDERER_MODULES.get(game.id, "render_" + game.id.replace("-", "_"))
    try:
        module = importlib.import_module(f"realpolitik.cli.{name}")
    except ModuleNotFoundError as error:
        if error.name != f"realpolitik.cli.{name}":
            raise  # the module exists but is broken: say so rather than hide it
        return GenericRenderer(game, options, seats)
    renderer: Renderer = module.make_renderer(game, options, lang)
    return renderer


# -- pieces every game's screen shares ----------------------------------------------------------------


def log_line(entry: LogEntry) -> Text:
    """One log entry with its rule citation in front (``§8.7  GB rolls 5 +1 = 6 ...``)."""
    return Text.assemble((f"{entry.rule or '':<8}", "cyan"), entry.text)


def log_panel(entries: Sequence[LogEntry], earlier: int = 0) -> Panel:
    lines = Text()
    if earlier:
        lines.append(f"... {earlier} earlier lines: type log\n", style="dim")
    for n, entry in enumerate(entries):
        lines.append_text(log_line(entry))
        if n < len(entries) - 1:
            lines.append("\n")
    return Panel(lines, title="Log", title_align="left")


def action_menu(
    legal: Sequence[str], verb_title: Callable[[str], str], width: int
) -> tuple[list[str], Group]:
    """The legal actions grouped by verb (a crowded verb also by its next word, e.g. one card with
    many targets), numbered in the order shown. Returns the notations in that order and the menu."""
    groups: dict[str, list[str]] = {}
    for text in legal:
        groups.setdefault(text.split(maxsplit=1)[0], []).append(text)
    order: list[str] = []

    def number(notation: str, shown: str, note: str = "") -> Text:
        order.append(notation)
        return Text.assemble((f"{len(order):>2} ", "bold cyan"), shown, (note, "dim"))

    parts: list[RenderableType] = []
    bare: list[str] = []
    for verb, items in groups.items():
        if items == [verb]:
            # One-word actions (pass, invest ...) share a line instead of a heading each.
            bare.append(verb)
            continue
        parts.append(Text(verb_title(verb), style="bold"))
        for sub, members in _subgroups(items).items():
            if sub:
                parts.append(Text(f"  {sub}", style="italic"))
            cut = len(f"{verb} {sub}".strip()) + 1
            parts.extend(_grid([number(t, t[cut:] if len(t) > cut else t) for t in members], width))
    if bare:
        titles = {verb: verb_title(verb) for verb in bare}
        parts.extend(_grid([number(v, v, f"  {t}" if t != v else "") for v, t in titles.items()], width))
    return order, Group(*parts)


def _grid(cells: Sequence[Text], width: int) -> list[Text]:
    """Cells in as many equal columns as fit (rich's Columns measures every cell each time, which
    was most of the cost of drawing a screen)."""
    cell = max(len(c) for c in cells) + 3
    per_row = max(1, width // cell)
    rows = []
    for start in range(0, len(cells), per_row):
        row = Text()
        for item in cells[start : start + per_row]:
            row.append_text(item)
            row.append(" " * (cell - len(item)))
        row.rstrip()
        rows.append(row)
    return rows


def _subgroups(items: Sequence[str]) -> dict[str, list[str]]:
    """A long list split by the word after the verb where that word repeats (``play
    diplomatic-contrasts belgium``, ``... netherlands``); ``""`` keys the rest."""
    if len(items) <= 12:
        return {"": list(items)}
    seconds: dict[str, list[str]] = {}
    for text in items:
        words = text.split()
        # A heading must name something (a card), not a count ("buy 2 armies").
        named = len(words) > 2 and not words[1].isdigit()
        seconds.setdefault(words[1] if named else "", []).append(text)
    out: dict[str, list[str]] = {"": []}
    for second, members in seconds.items():
        if second and len(members) >= 3:
            out[second] = members
        else:
            out[""].extend(members)
    if not out[""]:
        del out[""]
    return out


def score_table(outcome: Outcome, renderer: Renderer) -> Table:
    table = Table(title="Final score", title_justify="left")
    table.add_column("")
    table.add_column("score", justify="right")
    for seat, score in sorted(outcome.scores.items(), key=lambda item: -item[1]):
        label = Text.assemble(renderer.seat_label(seat), f" {renderer.seat_name(seat)}")
        if seat in outcome.winners:
            label.append("  winner", style="bold green")
        table.add_row(label, str(score))
    return table
