"""Tournaments: bots against each other over seeds and seat rotations.

A lineup gives a bot spec per seat (fewer specs than seats: the last one fills the rest, so
``ismcts,heuristic`` is one ISMCTS against three heuristic bots). Game ``g`` plays seed
``seed + g // seats`` with the lineup turned by ``g % seats`` places, so every seed is played from
every seat when the number of games is a multiple of the seat count: seat advantages cancel out.

The table gives, per bot, its win rate per seat it held with a 95% Wilson interval against the
fair share (1 / seats), its mean VP and mean rank.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..engine import JSON
from .play import GameJob
from .stats import mean, ranks, wilson, win_shares


def lineup_for(specs: Sequence[str], seats: int) -> list[str]:
    if not specs:
        raise ValueError("a lineup needs at least one bot")
    if len(specs) > seats:
        raise ValueError(f"{len(specs)} bots for {seats} seats")
    return [*specs, *[specs[-1]] * (seats - len(specs))]


def rotation_jobs(
    game: str,
    lineup: Sequence[str],
    games: int,
    *,
    seed: int = 0,
    options: Mapping[str, JSON] | None = None,
    record_dir: str | None = None,
) -> list[GameJob]:
    """The games of a tournament (see the module docstring)."""
    n = len(lineup)
    jobs = []
    for g in range(games):
        turn = g % n
        bots = tuple(lineup[(i - turn) % n] for i in range(n))
        jobs.append(GameJob(game, seed + g // n, bots, dict(options or {}), g, record_dir))
    return jobs


@dataclass(frozen=True, slots=True)
class BotRow:
    bot: str
    seat_games: int
    wins: float
    rate: float
    low: float
    high: float
    fair: float
    mean_vp: float
    mean_rank: float

    @property
    def verdict(self) -> str:
        if self.low > self.fair:
            return "above fair share"
        if self.high < self.fair:
            return "below fair share"
        return "not significant"


@dataclass(slots=True)
class _Tally:
    """What one bot (or one bot in one seat) did over a tournament's games."""

    games: int = 0
    wins: float = 0.0
    vp: list[float] = field(default_factory=list)
    place: list[float] = field(default_factory=list)
    margin: list[float] = field(default_factory=list)

    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.games)


def _tally(results: Sequence[Mapping[str, Any]], by_seat: bool) -> tuple[dict[Any, _Tally], int]:
    """Each bot's (or each bot and seat's) tally, and the most seats a game had."""
    tallies: dict[Any, _Tally] = defaultdict(_Tally)
    seats = 0
    for result in results:
        shares = win_shares(result["winners"])
        scores = result["scores"]
        order = ranks(scores)
        seats = max(seats, len(result["seats"]))
        for seat, spec in result["seats"].items():
            tally = tallies[(spec, seat) if by_seat else spec]
            tally.games += 1
            tally.wins += shares.get(seat, 0.0)
            tally.vp.append(float(scores[seat]))
            tally.place.append(order[seat])
            others = [float(v) for s, v in scores.items() if s != seat]
            if others:
                tally.margin.append(float(scores[seat]) - max(others))
    return tallies, seats


def standings(results: Sequence[Mapping[str, Any]]) -> list[BotRow]:
    """One row per bot spec, best win rate first."""
    tallies, seats = _tally(results, by_seat=False)
    fair = 1 / seats if seats else 0.0
    rows = []
    for spec, tally in tallies.items():
        low, high = tally.interval()
        rate = tally.wins / tally.games
        rows.append(
            BotRow(spec, tally.games, tally.wins, rate, low, high, fair, mean(tally.vp), mean(tally.place))
        )
    return sorted(rows, key=lambda row: -row.rate)


@dataclass(frozen=True, slots=True)
class SeatRow:
    """One bot in one seat: how it did there (a Power's own strength shows against the bots')."""

    bot: str
    seat: str
    games: int
    wins: float
    rate: float
    low: float
    high: float
    mean_vp: float
    mean_margin: float
    """Mean VP over the best other seat (negative: behind the winner)."""


def seat_rows(results: Sequence[Mapping[str, Any]]) -> list[SeatRow]:
    """One row per bot and seat held: bots in the order they first appear, each one's seats by
    name (result lines read back from JSON have their seats sorted anyway)."""
    tallies, _ = _tally(results, by_seat=True)
    rows = []
    for (spec, seat), tally in tallies.items():
        low, high = tally.interval()
        rate = tally.wins / tally.games
        margin = mean(tally.margin)
        rows.append(SeatRow(spec, seat, tally.games, tally.wins, rate, low, high, mean(tally.vp), margin))
    first = {row.bot: i for i, row in reversed(list(enumerate(rows)))}
    return sorted(rows, key=lambda row: (first[row.bot], row.seat))
