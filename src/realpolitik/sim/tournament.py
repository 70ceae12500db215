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
from dataclasses import dataclass
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


def standings(results: Sequence[Mapping[str, Any]]) -> list[BotRow]:
    """One row per bot spec, best win rate first."""
    wins: dict[str, float] = defaultdict(float)
    held: dict[str, int] = defaultdict(int)
    vp: dict[str, list[float]] = defaultdict(list)
    place: dict[str, list[float]] = defaultdict(list)
    seats = 0
    for result in results:
        shares = win_shares(result["winners"])
        order = ranks(result["scores"])
        seats = max(seats, len(result["seats"]))
        for seat, spec in result["seats"].items():
            wins[spec] += shares.get(seat, 0.0)
            held[spec] += 1
            vp[spec].append(float(result["scores"][seat]))
            place[spec].append(order[seat])
    fair = 1 / seats if seats else 0.0
    rows = []
    for spec, count in held.items():
        low, high = wilson(wins[spec], count)
        rows.append(
            BotRow(
                spec,
                count,
                wins[spec],
                wins[spec] / count,
                low,
                high,
                fair,
                mean(vp[spec]),
                mean(place[spec]),
            )
        )
    return sorted(rows, key=lambda row: -row.rate)
