"""Batch simulation, balance reports, tournaments and benchmarks (they speak only the engine
protocol; see docs/bots.md).

* :func:`play_game` plays one :class:`GameJob` between bots and returns its result line.
* :func:`run_jobs` plays many, in this process, in worker processes, or on Ray.
* :func:`write_report` writes the Markdown + PNG balance report of a batch.
* :func:`rotation_jobs` / :func:`standings` / :func:`seat_rows` make and score tournaments.
* :func:`already_played` reads a stopped batch's results back (``--resume``).
* :func:`run_bench` measures throughput and costs.
"""

from .bench import BenchSettings, Figure, run_bench
from .play import GameJob, play_game
from .report import Report, write_report
from .resume import ResumeError, already_played
from .runner import BACKENDS, SimulationError, run_jobs
from .tournament import BotRow, SeatRow, lineup_for, rotation_jobs, seat_rows, standings

__all__ = [
    "BACKENDS",
    "BenchSettings",
    "BotRow",
    "Figure",
    "GameJob",
    "Report",
    "ResumeError",
    "SeatRow",
    "SimulationError",
    "already_played",
    "lineup_for",
    "play_game",
    "rotation_jobs",
    "run_bench",
    "run_jobs",
    "seat_rows",
    "standings",
    "write_report",
]
