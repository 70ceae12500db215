"""What the terminal loop asks of a game's screen, and a plain fallback for games without one.

The loop in :mod:`realpolitik.cli.play` speaks only the engine protocol; everything that knows a
game's board lives in the game's folder and is reached through its plug-in's ``terminal``
capability, which builds a :class:`~realpolitik.engine.plugin.Renderer`. A game without one still
plays, with its view as plain panels (:class:`GenericRenderer`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.pretty import Pretty
from rich.table import Table
from rich.text import Text

from ..engine import JSON, GamePlugin, LogEntry, Outcome, Renderer, Seat

LANGS = ("en", "it", "fr")

_SEAT_STYLES = ("bold red", "bold bright_blue", "bold green", "bold yellow", "bold magenta", "bold cyan")

__all__ = ["LANGS", "GenericRenderer", "Renderer", "make_renderer"]


class GenericRenderer:
    """The screen of a game without a terminal renderer of its own: seat names from the plug-in,
    the view as plain panels (a table for each table of the view), the seat's hand apart, and the
    rules help reduced to the notation of the legal actions. Any registered game plays with it."""

    def __init__(self, plugin: GamePlugin, options: Mapping[str, JSON], lang: str) -> None:
        self.plugin = plugin
        self.options = options
        self.lang = lang
        self.seat_ids = tuple(plugin.seats(options))
        self.automata = set(plugin.automata(options))

    def seat_name(self, seat: Seat) -> str:
        return self.plugin.seat_name(seat, self.options, self.lang)

    def seat_label(self, seat: Seat) -> Text:
        index = self.seat_ids.index(seat) if seat in self.seat_ids else 0
        return Text(seat, style=_SEAT_STYLES[index % len(_SEAT_STYLES)])

    def players(self) -> list[tuple[Seat, ...]]:
        return self.plugin.people(self.options)

    def screen(self, view: Mapping[str, JSON], seat: Seat | None) -> RenderableType:
        who = "a spectator" if seat is None else f"{seat} ({self.seat_name(seat)})"
        title = Text.assemble((self.plugin.title_in(self.lang), "bold"), f" — as seen by {who}")
        return Group(title, *view_panels(view, self.seat_name, self.seat_ids))

    def decision(self, view: Mapping[str, JSON], seat: Seat) -> str:
        return f"{self.seat_name(seat)} ({seat}) to decide"

    def verb_title(self, verb: str) -> str:
        return self.plugin.word(f"verb.{verb}", self.lang, verb)

    def help(self, view: Mapping[str, JSON], seat: Seat, topic: str | None) -> str:
        return (
            f"{self.plugin.title_in(self.lang)} has no rules help in the terminal yet: choose an "
            "action from the menu by its number, or type its notation (Tab completes)."
        )

    def verdict(self, outcome: Outcome) -> Text | None:
        return None


HAND_KEYS = ("hand", "my_hand", "cards")
"""View keys shown as the seat's own hand, in a panel of their own."""


def view_panels(
    view: Mapping[str, JSON], seat_name: Callable[[Seat], str], seats: Sequence[Seat] = ()
) -> list[RenderableType]:
    """A view as people read it, compact enough for 80×24: its plain values on one wrapped line,
    every per-seat value (a table keyed by the seats: scores, hand sizes ...) as a column of one
    seats table, each other table as a table, and the hand (``hand``) apart. Keys are shown as
    words (``hand_sizes`` -> ``hand sizes``)."""
    facts = Text()
    per_seat: dict[str, Mapping[str, Any]] = {}
    parts: list[RenderableType] = []
    hand: RenderableType | None = None
    for key, value in view.items():
        words = key.replace("_", " ")
        if key in HAND_KEYS and value is not None:
            hand = Text.assemble(("Your hand: ", "bold"), _plain(value))
        elif _by_seat(value, seats):
            per_seat[words] = value
        elif isinstance(value, Mapping) and value:
            parts.append(_table(words, value, seat_name))
        elif isinstance(value, list) and value and all(isinstance(v, Mapping) for v in value):
            parts.append(_rows(words, value))
        else:
            if facts:
                facts.append(" · ", style="dim")
            facts.append(f"{words} ", style="bold")
            facts.append(_plain(value))
    shown: list[RenderableType] = [facts]
    if per_seat:
        table = Table(box=None, padding=(0, 1), show_edge=False)
        table.add_column("")
        for column in per_seat:
            table.add_column(column, justify="right")
        for seat in seats:
            if any(seat in values for values in per_seat.values()):
                table.add_row(_label(seat, seat_name), *(_plain(v.get(seat)) for v in per_seat.values()))
        shown.append(table)
    shown.extend(parts)
    if hand is not None:
        shown.append(hand)
    return shown


def _by_seat(value: Any, seats: Sequence[Seat]) -> bool:
    """A table of plain values keyed by seats (``{"N": 3, "S": 1}``)."""
    return (
        isinstance(value, Mapping)
        and bool(value)
        and set(value) <= set(seats)
        and not any(isinstance(v, Mapping | list) for v in value.values())
    )


def _plain(value: Any) -> str:
    if value is None:
        return "—"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        return ", ".join(_plain(v) for v in value) if value else "none"
    if isinstance(value, Mapping):
        return ", ".join(f"{k} {_plain(v)}" for k, v in value.items())
    return str(value)


def _table(title: str, value: Mapping[str, Any], seat_name: Callable[[Seat], str]) -> RenderableType:
    rows = list(value.items())
    if all(isinstance(v, Mapping) for _, v in rows):
        columns = list(dict.fromkeys(c for _, v in rows for c in v))
        table = Table(title=title, title_justify="left")
        table.add_column("")
        for column in columns:
            table.add_column(str(column).replace("_", " "))
        for key, row in rows:
            table.add_row(_label(key, seat_name), *(_plain(row.get(c)) for c in columns))
        return table
    table = Table(title=title, title_justify="left", show_header=False)
    table.add_column("")
    table.add_column("")
    for key, item in rows:
        table.add_row(
            _label(key, seat_name), _plain(item) if not isinstance(item, Mapping | list) else Pretty(item)
        )
    return table


def _rows(title: str, value: list[Mapping[str, Any]]) -> RenderableType:
    columns = list(dict.fromkeys(c for row in value for c in row))
    table = Table(title=title, title_justify="left")
    for column in columns:
        table.add_column(str(column).replace("_", " "))
    for row in value:
        table.add_row(*(_plain(row.get(c)) for c in columns))
    return table


def _label(key: str, seat_name: Callable[[Seat], str]) -> str:
    name = seat_name(key)
    return key if name == key else f"{key} {name}"


def make_renderer(plugin: GamePlugin, options: Mapping[str, JSON], lang: str) -> Renderer:
    """The game's own terminal screen when it has one, else :class:`GenericRenderer`."""
    if plugin.terminal is not None:
        return plugin.terminal.renderer(options, lang)
    return GenericRenderer(plugin, options, lang)


# -- pieces every game's screen shares ----------------------------------------------------------------


def log_line(entry: LogEntry, text: str | None = None) -> Text:
    """One log entry with its rule citation in front (``§8.7  GB rolls 5 +1 = 6 ...``); a turn's
    heading stands out, a phase's is bold (``LogEntry.heading``). ``text``: the entry as the
    game's screen writes it in its language (a renderer's optional ``log_text``), else as logged."""
    rule = entry.rule or ""
    cited = (f"{rule:<8}" if len(rule) < 8 else f"{rule} ", "cyan")  # a long citation keeps a space
    words = entry.text if text is None else text
    if entry.heading == 1:
        return Text.assemble(cited, (f"━━ {words} ━━", "bold reverse"))
    if entry.heading == 2:
        return Text.assemble(cited, (f"── {words}", "bold"))
    return Text.assemble(cited, words)


def log_panel(
    entries: Sequence[LogEntry], earlier: int = 0, line: Callable[[LogEntry], Text] = log_line
) -> Panel:
    lines = Text()
    if earlier:
        lines.append(f"... {earlier} earlier lines: type log\n", style="dim")
    for n, entry in enumerate(entries):
        lines.append_text(line(entry))
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
