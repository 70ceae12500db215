"""Run many games: in this process, in worker processes on this machine, or on Ray.

:func:`run_jobs` yields each game's result as soon as it is done (in completion order), so the
caller can show progress and write JSON lines as it goes. Each game is fully determined by its
job (game, options, seed, bot specs), so the results do not depend on the backend or the number
of workers, only their order does.

Ray is optional and heavy: it is imported only for ``backend="ray"``, with a clear error if it is
not installed (``pip install 'realpolitik[ray]'``). With ``address=None`` a local Ray starts with
``workers`` CPUs; with an address the games go to that cluster, whose nodes must have realpolitik
installed.
"""

from __future__ import annotations

import importlib
import multiprocessing
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import Any, TypeVar

from ..engine import JSON, RealpolitikError
from .play import GameJob, play_game

BACKENDS = ("local", "ray")


class SimulationError(RealpolitikError):
    """A simulation that cannot run as asked (bad backend, Ray missing ...)."""


def run_jobs(
    jobs: Sequence[GameJob], *, workers: int = 1, backend: str = "local", address: str | None = None
) -> Iterator[dict[str, JSON]]:
    """Play every job; yield each result when its game ends."""
    if backend == "ray":
        yield from _ray(jobs, workers, address)
    elif backend != "local":
        raise SimulationError(f"unknown backend {backend!r} (known: {', '.join(BACKENDS)})")
    elif workers <= 1 or len(jobs) <= 1:
        for job in jobs:
            yield play_game(job)
    else:
        yield from _processes(jobs, workers)


def _processes(jobs: Sequence[GameJob], workers: int) -> Iterator[dict[str, JSON]]:
    return in_processes(play_game, jobs, workers)


T = TypeVar("T")
R = TypeVar("R")


def in_processes(work: Callable[[T], R], items: Sequence[T], workers: int) -> Iterator[R]:
    """``work(item)`` for every item in worker processes (``work`` importable at module level),
    yielding each result as it is done; in this process when ``workers <= 1``."""
    if workers <= 1 or len(items) <= 1:
        for item in items:
            yield work(item)
        return
    # spawn, not fork: the caller may run a progress-bar thread, and forking a threaded process
    # can copy a held lock into the child.
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=min(workers, len(items)), mp_context=context) as pool:
        queue = iter(items)
        running: set[Future[R]] = set()
        # Keep a few items per worker in flight: enough to stay busy, few enough to stop fast.
        for item in queue:
            running.add(pool.submit(work, item))
            if len(running) >= 4 * workers:
                break
        while running:
            done, running = wait(running, return_when=FIRST_COMPLETED)
            for future in done:
                yield future.result()
                following = next(queue, None)
                if following is not None:
                    running.add(pool.submit(work, following))


def load_ray() -> Any:
    """The ``ray`` module, or a clear error saying how to install it."""
    try:
        return importlib.import_module("ray")
    except ImportError:
        raise SimulationError(
            "the ray backend needs Ray, an optional extra: pip install 'realpolitik[ray]' "
            "(or pip install ray)"
        ) from None


def _ray(jobs: Sequence[GameJob], workers: int, address: str | None) -> Iterator[dict[str, JSON]]:
    ray = load_ray()
    started_here = not ray.is_initialized()
    if started_here:
        if address is None:
            ray.init(num_cpus=max(1, workers), include_dashboard=False, log_to_driver=False)
        else:
            ray.init(address=address, log_to_driver=False)
    try:
        remote = ray.remote(num_cpus=1)(play_game)
        pending = [remote.remote(job) for job in jobs]
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            for ref in done:
                yield ray.get(ref)
    finally:
        if started_here:
            ray.shutdown()
