"""Load on the web app over loopback: accepted actions a second and the latency of an action.

Starts ``realpolitik serve`` (1 or N processes) on SQLite or PostgreSQL, creates games of four
human seats, and plays every game at once from one asyncio client: for each game, the seat to act
reads its state and posts its first legal action, as fast as answers come. Prints the accepted
actions per second and the p50/p95/p99 of the action POSTs. Bounded: ``--seconds`` of play, a
fixed number of games, loopback only. A benchmark prints figures; no test asserts them.

    .venv/bin/python bench/load.py --seats 200 --seconds 20                         # SQLite, 1 process
    .venv/bin/python bench/load.py --seats 200 --postgres --workers 2               # a throwaway PostgreSQL
    .venv/bin/python bench/load.py --seats 200 --database postgresql://u@127.0.0.1/db --workers 2
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parent.parent
GAME = "la-belle-epoque"


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@contextlib.contextmanager
def _postgres() -> Iterator[str]:
    """A throwaway PostgreSQL on loopback (the test suite's helper; fsync stays on here)."""
    sys.path.insert(0, str(ROOT))
    from tests.server.helpers import Postgres, postgres_bin  # noqa: PLC0415

    bindir = postgres_bin()
    if bindir is None:
        raise SystemExit("PostgreSQL server binaries not found (Debian package 'postgresql')")
    server = Postgres(bindir)
    server.start()
    try:
        yield server.new_database()
    finally:
        server.stop()


@contextlib.contextmanager
def _serve(url: str, workers: int) -> Iterator[str]:
    port = _free_port()
    env = {
        **os.environ,
        "REALPOLITIK_RATE_PER_SECOND": "1000000",
        "REALPOLITIK_CREATES_PER_MINUTE": "1000000",
    }
    command = [sys.executable, "-m", "realpolitik.cli.main", "serve", "--database", url, "--port", str(port)]
    command += ["--bot-delay", "0", "--workers", str(workers)]
    process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            with contextlib.suppress(httpx.TransportError):
                if httpx.get(base + "/api/games").status_code == 200:
                    break
            if process.poll() is not None or time.monotonic() > deadline:
                raise SystemExit("the server did not start")
            time.sleep(0.2)
        yield base
    finally:
        process.terminate()
        try:
            process.wait(15)
        except subprocess.TimeoutExpired:
            process.kill()


async def _game(
    http: httpx.AsyncClient,
    tokens: dict[str, str],
    until: float,
    latencies: list[float],
    counts: dict[str, int],
) -> None:
    any_token = next(iter(tokens.values()))
    while time.monotonic() < until:
        current = (await http.get(f"/api/play/{any_token}")).json()
        if current["outcome"] or not current["to_act"]:
            return
        seat = current["to_act"][0]
        mine = (await http.get(f"/api/play/{tokens[seat]}")).json()
        legal = mine["legal"].get(seat)
        if not legal:
            continue
        started = time.perf_counter()
        answer = await http.post(
            f"/api/play/{tokens[seat]}/action", json={"action": legal[0], "move": mine["move"]}
        )
        latencies.append(time.perf_counter() - started)
        key = "accepted" if answer.status_code == 200 else str(answer.status_code)
        counts[key] = counts.get(key, 0) + 1


async def _run(base: str, seats: int, seconds: float) -> dict[str, Any]:
    limits = httpx.Limits(max_connections=seats, max_keepalive_connections=seats)
    async with httpx.AsyncClient(base_url=base, limits=limits, timeout=30) as http:
        games = []
        for _ in range(max(1, seats // 4)):
            created = (await http.post("/api/games", json={"game": GAME})).json()
            games.append(
                {seat: p["url"].rsplit("/", 1)[-1] for p in created["players"] for seat in p["seats"]}
            )
        latencies: list[float] = []
        counts: dict[str, int] = {}
        started = time.monotonic()
        until = started + seconds
        await asyncio.gather(*(_game(http, tokens, until, latencies, counts) for tokens in games))
        elapsed = time.monotonic() - started
    latencies.sort()

    def pct(p: float) -> float:
        return (
            1000 * latencies[min(len(latencies) - 1, int(p * len(latencies)))] if latencies else float("nan")
        )

    return {
        "seats": 4 * len(games),
        "accepted_per_s": counts.get("accepted", 0) / elapsed,
        "p50_ms": pct(0.50),
        "p95_ms": pct(0.95),
        "p99_ms": pct(0.99),
        "mean_ms": 1000 * statistics.fmean(latencies) if latencies else float("nan"),
        "answers": counts,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seats", type=int, default=200, help="seats playing at once (4 per game)")
    parser.add_argument("--seconds", type=float, default=20.0, help="seconds of play (bounded)")
    parser.add_argument(
        "--workers", type=int, default=1, help="server processes (PostgreSQL for more than 1)"
    )
    parser.add_argument("--database", help="a database URL (default: a fresh SQLite file)")
    parser.add_argument("--postgres", action="store_true", help="start a throwaway PostgreSQL on loopback")
    args = parser.parse_args()
    with contextlib.ExitStack() as stack:
        if args.postgres:
            url = stack.enter_context(_postgres())
        elif args.database:
            url = args.database
        else:
            folder = stack.enter_context(tempfile.TemporaryDirectory(prefix="rp-load-"))
            url = f"sqlite:///{folder}/games.db"
        base = stack.enter_context(_serve(url, args.workers))
        result = asyncio.run(_run(base, args.seats, args.seconds))
    kind = "postgresql" if url.startswith("postgres") else "sqlite"
    print(
        f"{kind} workers={args.workers} seats={result['seats']}: "
        f"{result['accepted_per_s']:.0f} accepted actions/s, "
        f"p50 {result['p50_ms']:.1f} ms, p95 {result['p95_ms']:.1f} ms, p99 {result['p99_ms']:.1f} ms "
        f"(answers {result['answers']})"
    )


if __name__ == "__main__":
    main()
