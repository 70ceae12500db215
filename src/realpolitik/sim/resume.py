"""Resuming a batch that stopped: the games of its results file already played.

A long ``simulate`` or ``tournament`` run (hours of ISMCTS games) writes one JSON line per game as
each ends (:func:`.play.play_game`), so a run that was stopped keeps every game it finished.
:func:`already_played` reads such a file back for the same batch: each line must be one of the
batch's games (same game, index, seed, bot of every seat and options), so a file of another batch
is refused, not mixed in. A last line cut short (the run was killed while writing it) is dropped:
that game is played again. Any other line that is not a game of the batch stops the resume with
the line's number and what does not match, and nothing is changed. :func:`rewrite` then writes the
games kept back, atomically, before new ones are appended.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..engine import JSON, RealpolitikError, plugin
from .play import GameJob


class ResumeError(RealpolitikError):
    """A results file that is not the batch's own (or is damaged in the middle)."""


@dataclass(frozen=True, slots=True)
class Resumed:
    results: list[dict[str, Any]]
    """The games already played, in file order."""
    cut_line: bool
    """The last line was cut short and is left out (its game will be played again)."""

    def left(self, jobs: Sequence[GameJob]) -> list[GameJob]:
        """The batch's games still to play."""
        done = {result["index"] for result in self.results}
        return [job for job in jobs if job.index not in done]


def _expected(job: GameJob) -> tuple[dict[str, str], str]:
    """What :func:`.play.play_game` writes for ``job``: its ``seats`` field (every seat but the
    automaton's, with its bot spec) and its ``options`` field (normalised), as canonical text."""
    game = plugin(job.game)
    options = game.normalize(dict(job.options))
    automata = set(game.automata(options))
    seats = {
        seat: spec for seat, spec in zip(game.seats(options), job.bots, strict=True) if seat not in automata
    }
    return seats, _canonical(options)


def _canonical(value: JSON | Mapping[str, JSON]) -> str:
    return json.dumps(value, sort_keys=True)


def _mismatch(line: Mapping[str, Any], job: GameJob, seats: Mapping[str, str], options: str) -> str | None:
    """What in ``line`` is not ``job``'s (None: it is that game); ``seats`` and ``options`` as
    :func:`_expected` gives them."""
    if line.get("game") != job.game:
        return f"game {line.get('game')!r}, this run plays {job.game!r}"
    if line.get("seed") != job.seed:
        return f"seed {line.get('seed')}, this run gives game {job.index} seed {job.seed}"
    if line.get("seats") != seats:
        return f"bots {line.get('seats')}, this run gives game {job.index} {seats}"
    # files written before options were recorded lack them
    if "options" in line and _canonical(line["options"]) != options:
        return f"options {_canonical(line['options'])}, this run has {options}"
    return None


def already_played(path: Path, jobs: Sequence[GameJob]) -> Resumed:
    """The games of ``jobs`` that ``path`` holds (nothing if the file does not exist). Raises
    :class:`ResumeError` naming the first line that is not one of them."""
    if not path.exists():
        return Resumed([], cut_line=False)
    text = path.read_text(encoding="utf-8")
    lines = text.split("\n")
    complete = text.endswith("\n") or not text
    by_index = {job.index: job for job in jobs}
    expected: dict[tuple[str, tuple[str, ...]], tuple[dict[str, str], str]] = {}
    results: list[dict[str, Any]] = []
    seen: set[int] = set()
    cut_line = False
    for number, raw in enumerate(lines, 1):
        if not raw.strip():
            continue
        last = number == len(lines)
        try:
            line = json.loads(raw)
        except json.JSONDecodeError:
            if last and not complete:
                cut_line = True  # killed while writing it: that game is played again
                continue
            raise ResumeError(f"{path}, line {number}: not a JSON line; nothing was changed") from None
        if not isinstance(line, dict) or not isinstance(line.get("index"), int):
            raise ResumeError(f"{path}, line {number}: not a game's result line; nothing was changed")
        job = by_index.get(line["index"])
        if job is None:
            raise ResumeError(
                f"{path}, line {number}: game {line['index']} is not one of this run's "
                f"{len(jobs)} games (give the same --games or more); nothing was changed"
            )
        if job.index in seen:
            raise ResumeError(f"{path}, line {number}: game {job.index} is there twice; nothing was changed")
        key = (job.game, job.bots)
        if key not in expected:
            expected[key] = _expected(job)
        wrong = _mismatch(line, job, *expected[key])
        if wrong is not None:
            raise ResumeError(
                f"{path}, line {number}: not a game of this run ({wrong}); resume with the same "
                "game, --seed, bots and options, or write to another file; nothing was changed"
            )
        results.append(line)
        seen.add(job.index)
    return Resumed(results, cut_line)


def rewrite(path: Path, results: Sequence[Mapping[str, Any]]) -> None:
    """Write ``results`` as the whole file, atomically (a crash leaves the old file or the new)."""
    partial = path.with_name(path.name + ".partial")
    with partial.open("w", encoding="utf-8") as handle:
        for result in results:
            handle.write(json.dumps(result, sort_keys=True) + "\n")
        handle.flush()
        os.fsync(handle.fileno())
    os.replace(partial, path)
