"""``realpolitik play``: play a game in the terminal, hot-seat and against bots, with save and resume.

The loop speaks only the engine protocol (:class:`~realpolitik.engine.Match`, records, the legal
list, notation, views and the log), so every game plays here; what a game's board looks like comes
from its renderer (:mod:`realpolitik.cli.render_base`).
"""

from __future__ import annotations

import argparse
import secrets
import signal
import time
from collections.abc import Callable, Mapping, Sequence
from enum import Enum
from pathlib import Path
from typing import Any

from rich.console import Console, ConsoleOptions, RenderableType, RenderResult
from rich.panel import Panel
from rich.text import Text

from ..engine import (
    GamePlugin,
    IllegalAction,
    LogEntry,
    Match,
    Move,
    NotationError,
    RealpolitikError,
    RecordError,
    Seat,
    UndoRefused,
    example_id,
    plugin,
    plugin_for,
)
from ..engine.record import Record, load_record, replay
from .options import add_option_flags, given_flags, options_from
from .render_base import (
    LANGS,
    Renderer,
    action_menu,
    log_line,
    log_panel,
    make_renderer,
    score_table,
)
from .seats import SeatError, SeatPlan, automaton_requested, bot_action, parse_seats

EXIT_OK, EXIT_FAILED, EXIT_USAGE, EXIT_INTERRUPTED = 0, 1, 2, 130

DEFAULT_PACE = 0.6
"""Seconds between two bot moves, so people can follow them (``--fast``: none)."""


# -- the session -----------------------------------------------------------------------------------


class Step(Enum):
    STAY = "stay"
    """Keep asking the same seat (a command, or input that was refused)."""
    NEXT = "next"
    """The game moved (an action or an undo): look again at who acts."""
    QUIT = "quit"


COMMANDS = ("help", "undo", "log", "board", "details", "save ", "quit")
MIN_LOG, MAX_LOG = 6, 20
"""The log panel shows what happened since the person's last screen, at least the last 6 lines
and at most 20 (``log`` shows more)."""


class Tall:
    """A renderable laid out as if the console had no height limit: a game's screen that adapts to
    the terminal's size (a game's compact screen) then draws everything (``details``, and output that is
    not a terminal, such as a pipe or a file)."""

    def __init__(self, inner: RenderableType) -> None:
        self.inner = inner

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        tall = options.copy()
        tall.max_height = 10_000
        yield from console.render(self.inner, tall)


HINT = "number or action · help · undo · log · details · board · save FILE · quit"
SHORT_HINT = "help · undo · log · details · save FILE · quit"


class Session:
    """One sitting at the terminal: asks people, runs bots, draws the screen, saves."""

    def __init__(
        self,
        match: Match,
        plans: Mapping[Seat, SeatPlan],
        renderer: Renderer,
        console: Console,
        *,
        pace: float = DEFAULT_PACE,
        fast: bool = False,
        autosave: Path | None = None,
        out: Path | None = None,
        ask: Callable[[str], str] | None = None,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self.match, self.plans, self.renderer, self.console = match, plans, renderer, console
        self.plugin = plugin_for(match.game)
        self.pace, self.fast, self.out = pace, fast, out
        # One autosave file per game (its game and seed in the name), never another game's.
        self.autosave = autosave or Path(f"realpolitik-{match.game.id}-{match.seed}.json")
        self.ask, self.sleep = ask or _input, sleep
        # People, not seats, take turns at the keyboard: in a 2-player game one person holds two
        # Powers and needs no hand-over between them.
        self.people: list[tuple[Seat, ...]] = []
        for group in renderer.players():
            humans = tuple(s for s in group if s in plans and plans[s].human)
            if humans:
                self.people.append(humans)
        grouped = {s for p in self.people for s in p}
        self.people += [(s,) for s, plan in plans.items() if plan.human and s not in grouped]
        self.person_of = {s: i for i, p in enumerate(self.people) for s in p}
        self.last_person: int | None = None
        self.seen: dict[int, int] = {}
        """Log length when each person last saw the screen."""
        self.menu: list[str] = []
        self.notes: list[Text] = []
        """Messages for the person (what undo took back, where a game was saved): printed now, and
        again under the next screen, so a redraw never wipes them before the next decision."""
        if console.is_terminal:
            _enable_completion(self._complete)

    # -- the loop ---------------------------------------------------------------------------------

    def run(self) -> int:
        try:
            while True:
                outcome = self.match.outcome()
                acting = self.match.to_act()
                if outcome is not None or not acting:
                    return self.finish()
                # Several seats may decide at once (a sealed bid): bots first, then each person in
                # turn; an answer stays sealed until the game reveals it (see announce).
                seat = next((s for s in acting if not self.plans[s].human), acting[0])
                if not self.plans[seat].human:
                    self.bot_move(seat)
                elif self.human_turn(seat) is Step.QUIT:
                    return EXIT_OK
        except KeyboardInterrupt:
            return self.interrupted("interrupted")
        except EOFError:
            return self.interrupted("input ended")

    def bot_move(self, seat: Seat) -> None:
        before = len(self.match.log)
        sealed = len(self.match.to_act()) > 1
        action = self.match.play(seat, bot_action(self.match, seat, self.plans[seat].bot))
        self.announce(seat, self.shown(seat, action, sealed, self.audience()), before, self.audience())
        if self.pace:
            self.sleep(self.pace)

    def audience(self) -> tuple[Seat, ...] | None:
        """Whose eyes are on the screen between decisions: the one person, or nobody in particular
        when several people share the terminal (then only public lines are shown)."""
        return self.people[0] if len(self.people) == 1 else None

    def shown(self, seat: Seat, action: Any, sealed: bool, audience: Sequence[Seat] | None) -> str:
        """The action as the people watching may see it: an answer to a decision several seats
        take at once, or an action the game keeps secret (a card kept), shows only that the seat
        has chosen, unless the watcher is that seat."""
        secret = sealed or self.plugin.secret(action)
        if secret and (audience is None or seat not in audience):
            return "has chosen (sealed until revealed)"
        return self.match.game.notation(action)

    def visible(self, index: int, seats: Sequence[Seat] | None) -> bool:
        entry = self.match.log[index]
        return entry.visible(None) if seats is None else any(entry.visible(s) for s in seats)

    def announce(self, seat: Seat, text: str, since: int, seats: Sequence[Seat] | None) -> None:
        self.console.print(
            Text.assemble(("  > ", "dim"), self.renderer.seat_label(seat), " ", (text, "bold"))
        )
        if self.fast:
            return
        for index in range(since, len(self.match.log)):
            if self.visible(index, seats):
                self.console.print(Text.assemble("      ", self.log_line(self.match.log[index])))

    # -- a person's decision ----------------------------------------------------------------------

    def human_turn(self, seat: Seat) -> Step:
        person = self.person_of[seat]
        if len(self.people) > 1 and person != self.last_person:
            self.hand_over(seat)
        self.last_person = person
        self.draw(seat)
        while True:
            step = self.handle(seat, self.ask(f"{seat}> "))
            if step is not Step.STAY:
                return step

    def say(self, message: Text) -> None:
        """Print a message and keep it for the next screen (see ``notes``)."""
        self.console.print(message, highlight=False)
        self.notes.append(message)

    def hand_over(self, seat: Seat) -> None:
        self.notes = []  # the previous person's messages are not the next one's to read
        if self.console.is_terminal:
            self.console.clear()
            # Clear the scrollback too, or the previous player's hand is one scroll away.
            self.console.file.write("\x1b[3J")
            self.console.file.flush()
        who = Text.assemble(
            "Hand-over: ", self.renderer.seat_label(seat), f" {self.renderer.seat_name(seat)}"
        )
        who.append(" plays next. The previous player's cards are hidden; pass the terminal over.")
        self.console.print(Panel(who, expand=False))
        self.ask(f"{seat}: press Enter when you are ready ")

    def draw(self, seat: Seat) -> None:
        """The screen, fitted to the terminal: the game's screen (compact on an ordinary terminal),
        the messages kept for this decision, as much of the new log as fits, the decision and the
        menu (condensed to one line per kind of action when the whole list would push the header
        off the screen), so the header, the map, the hand and the prompt stay in view."""
        person = self.person_of[seat]
        console = self.console
        view = self.match.view(seat)
        screen = self.renderer.screen(view, seat)
        legal = self.match.legal_notations(seat)
        self.menu, menu = action_menu(legal, self.renderer.verb_title, console.width)
        decision = Text(self.renderer.decision(view, seat), style="bold reverse")
        if not console.is_terminal:
            # Not a screen (a pipe, a file): nothing scrolls away, so everything is printed.
            console.print(Tall(screen))
            console.print(self.log_panel(self.people[person], self.seen.get(person, 0)))
            self._print_notes()
            console.print(decision)
            console.print(menu)
            console.print(HINT, style="dim")
            self.seen[person] = len(self.match.log)
            return
        console.clear()
        width = console.width
        drawn = console.render_lines(screen, console.options, pad=False)
        notes = [line for note in self.notes for line in console.render_lines(note, pad=False)]
        left = console.height - len(drawn) - len(notes) - len(console.render_lines(decision, pad=False)) - 2
        menu_lines = console.render_lines(menu, pad=False)
        shown: RenderableType = menu
        if len(menu_lines) > max(1, left - 1):
            shown = self.short_menu(tight=False)
            menu_lines = console.render_lines(shown, pad=False)
            if len(menu_lines) > max(1, left - 1):
                shown = self.short_menu(tight=True)
                menu_lines = console.render_lines(shown, pad=False)
        left -= len(menu_lines)
        console.print(screen)
        if left >= 2:
            console.print(self.log_lines(self.people[person], self.seen.get(person, 0), left))
        self._print_notes()
        console.print(decision)
        console.print(shown)
        console.print(HINT if len(HINT) < width else SHORT_HINT, style="dim")
        self.seen[person] = len(self.match.log)

    def _print_notes(self) -> None:
        for note in self.notes:
            self.console.print(note, highlight=False)
        self.notes = []

    def short_menu(self, *, tight: bool) -> Text:
        """The menu in one line per kind of action, with its numbers (the same as in the full
        list): typing the verb alone lists its choices. ``tight``: every kind on as few lines as
        the width allows, without headings."""
        groups: dict[str, list[int]] = {}
        for number, text in enumerate(self.menu, 1):
            groups.setdefault(text.split(maxsplit=1)[0], []).append(number)
        lines = Text()
        if tight:
            for verb, numbers in groups.items():
                if lines:
                    lines.append(" · ", style="dim")
                span = f"{numbers[0]}-{numbers[-1]}" if len(numbers) > 1 else f"{numbers[0]}"
                lines.append(f"{span} ", style="bold cyan")
                lines.append(verb if len(numbers) == 1 else f"{verb} ×{len(numbers)}")
            lines.append(" · a verb alone lists its choices", style="dim")
            return lines
        for verb, numbers in groups.items():
            if lines:
                lines.append("\n")
            if len(numbers) == 1:
                lines.append(f"{numbers[0]:>3} ", style="bold cyan")
                lines.append(self.menu[numbers[0] - 1])
                lines.append(f"  {self.renderer.verb_title(verb)}", style="dim")
                continue
            lines.append(f"{numbers[0]:>3}-{numbers[-1]} ", style="bold cyan")
            lines.append(verb, style="bold")
            lines.append(
                f" ×{len(numbers)}  {self.renderer.verb_title(verb)} · type {verb} to list them", style="dim"
            )
        return lines

    def log_line(self, entry: LogEntry) -> Text:
        """A log line in the screen's language when the game's renderer writes its log lines (an
        optional ``log_text(entry) -> str``, as a web board's ``logText``), else as logged."""
        write = getattr(self.renderer, "log_text", None)
        return log_line(entry, write(entry) if write is not None else None)

    def log_lines(self, seats: Sequence[Seat], since: int, room: int) -> Text:
        """The log's newest lines since the person's last screen, in ``room`` screen lines."""
        shown = [i for i in range(len(self.match.log)) if self.visible(i, seats)]
        recent = [i for i in shown if i >= since] or shown[-2:]
        out = Text("Log", style="bold")
        used = 1
        kept: list[Text] = []
        for index in reversed(recent):
            line = self.log_line(self.match.log[index])
            height = len(self.console.render_lines(line, pad=False))
            if used + height > room:
                break
            kept.append(line)
            used += height
        hidden = len(recent) - len(kept)
        if hidden:
            out.append(f" ({hidden} more: type log)", style="dim")
        for line in reversed(kept):
            out.append("\n")
            out.append_text(line)
        return out

    def log_panel(self, seats: Sequence[Seat], since: int) -> Panel:
        """What happened since the person's last screen: at least the last few lines, at most a
        screenful (``log`` shows more)."""
        shown = [i for i in range(len(self.match.log)) if self.visible(i, seats)]
        recent = [i for i in shown if i >= since]
        if len(recent) < MIN_LOG:
            recent = shown[-MIN_LOG:]
        cut = max(0, len(recent) - MAX_LOG)
        return log_panel([self.match.log[i] for i in recent[cut:]], cut, self.log_line)

    def handle(self, seat: Seat, line: str) -> Step:
        text = line.strip()
        word, _, rest = text.partition(" ")
        command, rest = word.lower(), rest.strip()
        if not text:
            return Step.STAY
        if text.isdigit():
            number = int(text)
            if 1 <= number <= len(self.menu):
                return self.act(seat, self.menu[number - 1])
            self.console.print(
                f"[red]no action number {number}[/]: choose 1 to {len(self.menu)}", highlight=False
            )
            return Step.STAY
        if command in ("help", "?"):
            body = self.renderer.help(self.match.view(seat), seat, rest or None)
            self.console.print(Panel(body, title=f"help {rest}".strip(), title_align="left"))
        elif command == "undo":
            return self.undo(seat)
        elif command == "log":
            self.show_log(self.people[self.person_of[seat]], rest)
        elif command == "board":
            self.draw(seat)
        elif command in ("details", "more"):
            self.details(seat)
        elif not rest and command in {t.split()[0] for t in self.menu} and text not in self.menu:
            # A verb alone ("send") lists its choices; with words after it, it is an action, played
            # as typed (notation may have capitals: "bid 2 GB/FR") and refused with the reason.
            self.list_verb(command)
        elif command == "save":
            self.save(rest)
        elif command in ("quit", "exit"):
            return self.quit()
        else:
            return self.act(seat, text)
        return Step.STAY

    def act(self, seat: Seat, text: str) -> Step:
        before = len(self.match.log)
        sealed = len(self.match.to_act()) > 1
        try:
            action = self.match.play(seat, text)
        except IllegalAction as error:
            self.refuse(text, error)
            return Step.STAY
        mine = self.people[self.person_of[seat]]
        self.announce(seat, self.shown(seat, action, sealed, mine), before, mine)
        return Step.NEXT

    def details(self, seat: Seat) -> None:
        """Everything the compact screen leaves out: every cube's letters, the Powers' mats, the
        card texts, the log since the last screen."""
        person = self.person_of[seat]
        view = self.match.view(seat)
        self.console.print(Tall(self.renderer.screen(view, seat)))
        self.console.print(self.log_panel(self.people[person], self.seen.get(person, 0)))
        self.console.print(Text(self.renderer.decision(view, seat), style="bold reverse"))

    def list_verb(self, verb: str) -> None:
        """A verb alone (``send``): its legal choices now, with their menu numbers."""
        same = [(n, t) for n, t in enumerate(self.menu, 1) if t.split()[0] == verb]
        self.console.print(
            Text.assemble(
                (f"{self.renderer.verb_title(verb)}: ", "bold"),
                f"{len(same)} choice{'s' if len(same) != 1 else ''}; type a number or the whole action",
            )
        )
        cells = [Text.assemble((f"{n:>3} ", "bold cyan"), t) for n, t in same]
        width = max(len(c) for c in cells) + 2
        per_row = max(1, self.console.width // width)
        for start in range(0, len(cells), per_row):
            row = Text()
            for cell in cells[start : start + per_row]:
                row.append_text(cell)
                row.append(" " * (width - len(cell)))
            row.rstrip()
            self.console.print(row)

    def refuse(self, text: str, error: IllegalAction) -> None:
        rule = f" ({error.rule})" if error.rule else ""
        what = "not understood" if isinstance(error.__cause__, NotationError) else "not legal"
        self.console.print(
            f"[red]✗ {text!r} is {what}:[/] {error.reason}{rule}. Nothing changed.", highlight=False
        )
        verb = text.split(maxsplit=1)[0].lower()
        same = [(n, t) for n, t in enumerate(self.menu, 1) if t.split()[0] == verb]
        if same:
            listed = ", ".join(f"{n} {t}" for n, t in same[:12]) + (" ..." if len(same) > 12 else "")
            self.console.print(f"Legal '{verb}' actions now: {listed}", highlight=False)
        else:
            verbs = ", ".join(dict.fromkeys(t.split()[0] for t in self.menu))
            self.console.print(
                f"Legal now: {verbs} (numbers 1 to {len(self.menu)} in the menu); "
                "commands: help, undo, log, board, save FILE, quit",
                highlight=False,
            )

    def undo(self, seat: Seat) -> Step:
        """Take back this person's last action and the bots' moves after it. Done all or nothing:
        if the engine refuses part way (a die or a card came between), the moves undone so far are
        played again, which gives back the very same state."""
        mine = self.people[self.person_of[seat]]
        moves = self.match.moves
        target = None
        for index in range(len(moves) - 1, -1, -1):
            if moves[index].seat in mine:
                target = index
                break
            if self.plans[moves[index].seat].human:
                self.console.print(
                    f"[red]cannot undo:[/] the last action was another player's ({moves[index]})"
                )
                return Step.STAY
        if target is None:
            self.console.print("[red]cannot undo:[/] you have taken no action yet")
            return Step.STAY
        undone: list[Move] = []
        try:
            while len(self.match.moves) > target:
                undone.append(self.match.undo(self.match.moves[-1].seat))
        except UndoRefused as error:
            for move in reversed(undone):
                self.match.play(move.seat, move.text)
            self.console.print(f"[red]undo refused:[/] {error}. Nothing changed.", highlight=False)
            return Step.STAY
        others = len(undone) - 1
        tail = f" (and {others} bot move{'s' if others != 1 else ''} after it)" if others else ""
        self.say(Text(f"undone: {undone[-1]}{tail}"))
        person = self.person_of[seat]
        self.seen[person] = min(self.seen.get(person, 0), len(self.match.log))
        return Step.NEXT

    def show_log(self, seats: Sequence[Seat], rest: str) -> None:
        shown = [i for i in range(len(self.match.log)) if self.visible(i, seats)]
        if rest != "all":
            count = int(rest) if rest.isdigit() else 40
            shown = shown[-count:]
        for index in shown:
            self.console.print(self.log_line(self.match.log[index]))

    def save(self, name: str) -> bool:
        if not name:
            self.console.print("[red]write[/] save FILE, e.g. save mygame.json")
            return False
        path = Path(name).expanduser()
        try:
            self.record().save(path)
        except OSError as error:
            self.console.print(f"[red]cannot save to {path}:[/] {error.strerror}", highlight=False)
            return False
        self.say(
            Text(
                f"saved {len(self.match.moves)} actions to {path}; resume with: "
                f"realpolitik play {self.match.game.id} --load {path}"
            )
        )
        return True

    def record(self) -> Record:
        """The record, with who sat where (kept as metadata: replaying ignores it; ``--load``
        seats the same people and bots again)."""
        return Record.of(self.match).model_copy(
            update={"seats": {seat: str(plan) for seat, plan in self.plans.items()}}
        )

    def quit(self) -> Step:
        answer = self.ask("Save the game before quitting? File name (Enter: quit without saving): ").strip()
        if answer and not self.save(answer):
            return Step.STAY  # never lose the game to a typo in the file name
        self.console.print("Goodbye.")
        return Step.QUIT

    def interrupted(self, why: str) -> int:
        try:
            self.record().save(self.autosave)
        except OSError as error:
            self.console.print(f"\n{why}: [red]could not autosave to {self.autosave}:[/] {error.strerror}")
            return EXIT_INTERRUPTED
        self.console.print(
            f"\n{why}: the game is saved in {self.autosave.resolve()} "
            f"({len(self.match.moves)} actions); resume "
            f"with: realpolitik play {self.match.game.id} --load {self.autosave}",
            highlight=False,
        )
        return EXIT_INTERRUPTED

    def finish(self) -> int:
        outcome = self.match.outcome()
        if not self.fast or self.people:
            self.console.print(self.renderer.screen(self.match.view(None), None))
        if outcome is not None:
            self.console.print(score_table(outcome, self.renderer))
            self.console.print(
                Text(outcome.summary or f"winners: {', '.join(outcome.winners)}", style="bold")
            )
            verdict = self.renderer.verdict(outcome)
            if verdict is not None:
                self.console.print(verdict)
        if self.out is not None:
            self.save(str(self.out))
            return EXIT_OK
        try:
            answer = self.ask("Save the record of this game? File name (Enter: no): ").strip()
        except EOFError:
            answer = ""
        if answer:
            self.save(answer)
        return EXIT_OK

    def _complete(self, text: str, state: int) -> str | None:
        options = [c for c in (*self.menu, *COMMANDS) if c.startswith(text.lower())]
        return options[state] if state < len(options) else None


def _input(prompt: str) -> str:
    """``input`` looked up at each call (so tests can replace it), with readline when loaded."""
    return input(prompt)


def _enable_completion(complete: Callable[[str, int], str | None]) -> None:
    """Tab completes the legal actions' notation and the commands (readline, where there is one)."""
    try:
        import readline  # noqa: PLC0415 (absent on some platforms; only wanted at a terminal)
    except ImportError:  # pragma: no cover
        return
    readline.set_completer(complete)
    # Complete the whole line, not one word: notations contain spaces ("buy 2 armies").
    readline.set_completer_delims("")
    if "libedit" in (readline.__doc__ or ""):  # pragma: no cover (macOS)
        readline.parse_and_bind("bind ^I rl_complete")
    else:
        readline.parse_and_bind("tab: complete")


# -- the command ------------------------------------------------------------------------------------


def add_parser(commands: Any, game: GamePlugin | None) -> None:
    play = commands.add_parser(
        "play",
        help="play a game in the terminal (hot-seat, against bots, save and resume)",
        description=(
            "Play in the terminal. You choose from a numbered menu of the legal actions or type an "
            "action's notation (Tab completes); commands: help, undo, log, board, save FILE, quit."
        ),
    )
    play.add_argument("game", nargs="?", help=f"game id, e.g. {example_id()} (optional with --load)")
    automaton = ""
    if game is not None and game.automaton is not None:
        automaton = f" or {game.automaton.keyword} ({game.automaton.name['en']})"
    play.add_argument(
        "--seats",
        metavar="SEAT=KIND,...",
        help="who plays each seat: human, bot[:SPEC] (random, heuristic, ismcts:iterations=300)"
        f"{automaton}, e.g. SEAT1=human,SEAT2=bot:heuristic "
        "(default: you play the first seat, heuristic bots the rest where the game has them)",
    )
    play.add_argument("--seed", type=int, help="random seed (default: a fresh one, shown at the start)")
    play.add_argument("--content", type=Path, help="content override file (TOML), stored in the record")
    play.add_argument("--lang", choices=LANGS, default="en", help="language of the screen (default: en)")
    play.add_argument("--load", type=Path, metavar="RECORD", help="resume a saved game (a record file)")
    play.add_argument("--fast", action="store_true", help="show bots' moves without pausing")
    play.add_argument(
        "--pace", type=float, default=DEFAULT_PACE, metavar="SECONDS", help="pause after each bot move"
    )
    play.add_argument("--out", type=Path, metavar="FILE", help="write the record here when the game ends")
    play.add_argument(
        "--autosave",
        type=Path,
        default=None,
        metavar="FILE",
        help="where Ctrl-C saves the game (default: ./realpolitik-GAME-SEED.json, one file per game)",
    )
    add_option_flags(play, game)
    play.set_defaults(handler=run)


def run(args: argparse.Namespace, console: Console) -> int:
    """Start or resume a match, then play it to the end or until the players quit."""
    err = Console(stderr=True)
    try:
        match = _open_match(args, console)
    except RecordError as error:
        err.print(
            f"[bold red]error:[/] cannot resume from {args.load}: {error}\n"
            "The file is damaged or is not a saved game of this program; nothing was started.",
            highlight=False,
        )
        return EXIT_FAILED
    except RealpolitikError as error:
        err.print(f"[bold red]error:[/] {error}", highlight=False)
        return EXIT_USAGE
    game = plugin_for(match.game)
    seats = match.game.seats(match.state)
    lang = args.lang if args.lang in game.languages else "en"
    renderer = make_renderer(game, match.options, lang)
    keyword = game.automaton.keyword if game.automaton is not None else None
    seating = args.seats or _saved_seats(args)
    try:
        plans = parse_seats(
            seating,
            seats,
            renderer.players(),
            game.automata(match.options),
            keyword,
            default_bot=default_bot(game),
        )
    except SeatError as error:
        err.print(f"[bold red]error:[/] {error}", highlight=False)
        return EXIT_USAGE
    session = Session(
        match,
        plans,
        renderer,
        console,
        pace=0.0 if args.fast else max(0.0, args.pace),
        fast=args.fast,
        autosave=args.autosave,
        out=args.out,
    )
    _introduce(console, match, game, plans, renderer.seat_label)
    console.print(f"Ctrl-C saves this game to {session.autosave.resolve()}", style="dim", highlight=False)
    # The screen promises that Ctrl-C saves the game: keep that promise even when the program was
    # started with SIGINT ignored (a background job of a non-interactive shell inherits SIG_IGN,
    # and Python then never raises KeyboardInterrupt).
    if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)
    return session.run()


def default_bot(game: GamePlugin) -> str:
    """The opponent a seat gets when nobody says: the heuristic bot where the game can value a
    position (random play is a test tool, not an opponent), else the random one."""
    if game.evaluation is not None and game.evaluation.values is not None:
        return "heuristic"
    return "random"


def _saved_seats(args: argparse.Namespace) -> str | None:
    """The seats a saved game was played with (the record's metadata), for ``--load`` without
    ``--seats``."""
    if args.load is None:
        return None
    saved = load_record(args.load).seats
    if not saved:
        return None
    return ",".join(f"{seat}={plan}" for seat, plan in saved.items())


def _open_match(args: argparse.Namespace, console: Console) -> Match:
    if args.load is not None:
        record = load_record(args.load)
        if args.game and args.game != record.game:
            raise RecordError(f"it is a game of {record.game}, not {args.game}")
        ignored = [
            flag for flag, value in (("--seed", args.seed), ("--content", args.content)) if value is not None
        ]
        if args.game:
            ignored += given_flags(args, plugin(args.game))
        if ignored:
            console.print(f"[yellow]note:[/] {', '.join(ignored)} ignored: the saved game fixes them")
        # A saved game carries the hash of its last state: check it, so a damaged file is refused
        # rather than resumed into a different game. Its automaton seats come with its options;
        # parse_seats refuses a --seats that disagrees.
        return replay(record, verify=record.final_hash is not None)
    if not args.game:
        raise RealpolitikError(
            f"name the game to play (e.g. realpolitik play {example_id()}) or --load RECORD"
        )
    game = plugin(args.game)
    options = options_from(args, game)
    seed = args.seed if args.seed is not None else secrets.randbits(32)
    if args.seats:
        # Automaton seats are a game option, so they are read before the game starts.
        keyword = game.automaton.keyword if game.automaton is not None else None
        wanted = automaton_requested(args.seats, game.seats(game.normalize(options)), keyword)
        if wanted and game.automaton is not None:
            options = game.automaton.with_seats(options, wanted)
    return Match(game.game, options, seed)


def _introduce(
    console: Console,
    match: Match,
    game: GamePlugin,
    plans: Mapping[Seat, SeatPlan],
    label: Callable[[Seat], Text],
) -> None:
    line = Text(f"{game.title_in('en')} · seed {match.seed}", style="bold")
    people = len(game.people(match.options))
    line.append(f" · {people} player{'' if people == 1 else 's'}")
    automata = game.automata(match.options)
    if automata and game.automaton is not None:
        name = game.automaton.name["en"]
        line.append(f" + {name}: {', '.join(automata)}")
    if match.moves:
        line.append(f" · resumed after {len(match.moves)} actions")
    console.print(line)
    seats = Text("seats: ")
    for seat, plan in plans.items():
        seats.append_text(label(seat))
        seats.append(f" {plan}   ")
    console.print(seats)
    console.print(
        "Type a number from the menu or an action; 'help' explains the current decision. "
        "Ctrl-C saves and stops.",
        style="dim",
    )
