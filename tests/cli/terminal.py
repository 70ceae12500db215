"""Drive ``realpolitik play`` in a pseudo-terminal, and follow the same game in-process.

:class:`Terminal` runs the real program under pexpect and reads the screen as plain text (colours
stripped). :class:`Mirror` plays the same match in-process with the same seed and the same bots, so
a test knows which actions are legal at each prompt without scraping the menu, and can check that
the program and the engine agree move for move.
"""

from __future__ import annotations

import os
import random
import re
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from realpolitik.cli.seats import bot_action
from realpolitik.engine import Match, get_game

pexpect = pytest.importorskip("pexpect")

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07|\x1b[()][A-Z0-9]|\r")
CLEAR = "\x1b[2J"
GAME = "la-belle-epoque"


def plain(text: str) -> str:
    """What a person reads: the output without colour and cursor codes."""
    return ANSI.sub("", text)


class Terminal:
    """The program in a pseudo-terminal of ``size`` (rows, columns; 50x140 unless told)."""

    def __init__(self, *args: str, cwd: Path, timeout: float = 20, size: tuple[int, int] = (50, 140)) -> None:
        env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES", "NO_COLOR")}
        env["TERM"] = "xterm-256color"
        self.child = pexpect.spawn(
            sys.executable,
            ["-m", "realpolitik.cli.main", "play", *args],
            cwd=str(cwd),
            env=env,
            dimensions=size,
            encoding="utf-8",
            timeout=timeout,
            maxread=65536,
        )
        self.child.delaybeforesend = None  # pexpect sleeps 50 ms before each send by default
        self.raw = ""
        """Everything printed between the last two waits, with the codes."""

    @property
    def screen(self) -> str:
        """The text printed since the last screen clear (what is on screen now), in plain text."""
        return plain(self.raw.rsplit(CLEAR, 1)[-1])

    @property
    def text(self) -> str:
        """All the text printed between the last two waits, in plain text."""
        return plain(self.raw)

    def wait(self, pattern: str) -> str:
        """Wait for ``pattern`` (a literal) and return the plain text printed before it."""
        self.child.expect_exact(pattern)
        self.raw = self.child.before
        return self.text

    def prompt(self, seat: str) -> str:
        return self.wait(f"{seat}> ")

    def send(self, line: str) -> None:
        self.child.sendline(line)

    def interrupt(self) -> None:
        self.child.sendintr()

    def end(self) -> int:
        """Wait for the program to exit and return its exit status."""
        self.child.expect(pexpect.EOF)
        self.raw = self.child.before
        self.child.close()
        status: int = self.child.exitstatus if self.child.exitstatus is not None else -1
        return status


class Mirror:
    """The same match in-process: bots move as ``realpolitik play`` moves them."""

    def __init__(
        self,
        seed: int,
        humans: tuple[str, ...] = ("GB",),
        match: Match | None = None,
        options: dict[str, Any] | None = None,
        bots: dict[str, str] | None = None,
    ) -> None:
        self.match = match or Match(get_game(GAME), options or {}, seed)
        self.humans = humans
        self.bots = bots or {}
        """Seat -> bot spec, for bots other than ``random``."""

    def bots_move(self) -> str | None:
        """Play the bots up to the next human decision; return that seat (``None``: game over)."""
        while True:
            acting = self.match.to_act()
            if not acting:
                return None
            # As realpolitik play does: when several seats decide at once, the bots answer first.
            seat = next((s for s in acting if s not in self.humans), acting[0])
            if seat in self.humans:
                return seat
            self.match.play(seat, bot_action(self.match, seat, self.bots.get(seat, "random")))

    def next_seat(self) -> str:
        """The next human seat to decide (the game must not be over)."""
        seat = self.bots_move()
        assert seat is not None, "the game ended"
        return seat

    def legal(self, seat: str) -> list[str]:
        return self.match.legal_notations(seat)

    def play(self, seat: str, text: str) -> None:
        self.match.play(seat, text)

    def view(self, seat: str | None = None) -> dict[str, Any]:
        return self.match.view(seat)


def random_positions(game: Any, options: dict[str, Any], seed: int, every: int = 7) -> Iterator[Match]:
    """A random game of ``game`` (a Game), yielding the match every few actions."""
    match = Match(game, options, seed)
    chooser = random.Random(seed)
    n = 0
    while match.to_act():
        if n % every == 0:
            yield match
        seat = match.to_act()[0]
        match.play(seat, chooser.choice(match.legal_actions(seat)))
        n += 1


def pass_or_first(legal: list[str]) -> str:
    """A quick human: pass when allowed, else the first legal action."""
    return "pass" if "pass" in legal else legal[0]


Policy = Callable[[list[str]], str]
