"""Real server processes (``realpolitik serve`` in subprocesses): two processes over one PostgreSQL
racing an undo against an action, and kill -9 in the middle of a stream of actions on SQLite and
PostgreSQL, with nothing acknowledged ever lost."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from realpolitik.server.store import Store

from .helpers import LBE, Postgres, create, free_port, seat_tokens, state

Process = subprocess.Popen[bytes]


@contextlib.contextmanager
def serve(url: str, port: int | None = None, workers: int = 1) -> Iterator[tuple[Process, httpx.Client]]:
    """``realpolitik serve`` on a free loopback port, and a client for it."""
    port = port or free_port()
    command = [
        sys.executable,
        "-m",
        "realpolitik.cli.main",
        "serve",
        "--database",
        url,
        "--port",
        str(port),
        "--bot-delay",
        "0",
        "--workers",
        str(workers),
    ]
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    http = httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=20)
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                if http.get("/api/games").status_code == 200:
                    break
            except httpx.TransportError:
                pass
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(
                    f"the server did not start: {process.stderr.read() if process.stderr else ''!r}"
                )
            time.sleep(0.1)
        yield process, http
    finally:
        http.close()
        if process.poll() is None:
            process.terminate()
            try:
                process.wait(10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


def _to_act(http: httpx.Client, tokens: dict[str, str]) -> tuple[str, dict[str, Any]]:
    current = state(http, next(iter(tokens.values())))
    seat = current["to_act"][0]
    return seat, state(http, tokens[seat])


def _agree(a: httpx.Client, b: httpx.Client, tok: str, timeout: float = 10.0) -> dict[str, Any]:
    """Both processes show the same state (the other's changes reach each by NOTIFY)."""
    deadline = time.monotonic() + timeout
    while True:
        one, two = state(a, tok), state(b, tok)
        keys = ("move", "to_act", "views", "legal", "undo")
        if all(one[k] == two[k] for k in keys):
            return one
        if time.monotonic() > deadline:
            raise AssertionError(f"the processes disagree: move {one['move']} vs {two['move']}")
        time.sleep(0.05)


def test_two_processes_racing_an_undo_against_the_next_action_keep_one_order(postgres: Postgres) -> None:
    url = postgres.new_database()
    with serve(url) as (_pa, a), serve(url) as (_pb, b):
        tokens = seat_tokens(create(a, game=LBE, seed=17))
        any_token = next(iter(tokens.values()))
        races = 0
        outcomes: set[tuple[int, int]] = set()
        for _ in range(60):
            seat, mine = _to_act(a, tokens)
            legal = mine["legal"][seat]
            posted = a.post(
                f"/api/play/{tokens[seat]}/action", json={"action": legal[0], "move": mine["move"]}
            )
            assert posted.status_code == 200, posted.text
            after = _agree(a, b, any_token)
            nxt = after["to_act"][0]
            if nxt == seat or not state(a, tokens[seat])["undo"][seat]:
                continue
            # The seat undoes through process A while the next seat acts through process B.
            theirs = state(b, tokens[nxt])
            answers: dict[str, int] = {}
            barrier = threading.Barrier(2)

            def undo(
                answers: dict[str, int] = answers,
                seat: str = seat,
                move: int = after["move"],
                barrier: threading.Barrier = barrier,
            ) -> None:
                barrier.wait()
                answers["undo"] = a.post(f"/api/play/{tokens[seat]}/undo", json={"move": move}).status_code

            def act(
                answers: dict[str, int] = answers,
                nxt: str = nxt,
                theirs: dict[str, Any] = theirs,
                barrier: threading.Barrier = barrier,
            ) -> None:
                barrier.wait()
                answers["act"] = b.post(
                    f"/api/play/{tokens[nxt]}/action",
                    json={"action": theirs["legal"][nxt][0], "move": theirs["move"]},
                ).status_code

            threads = [threading.Thread(target=undo), threading.Thread(target=act)]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            outcomes.add((answers["undo"], answers["act"]))
            assert sorted(answers.values()) == [200, 409], answers  # exactly one wins
            races += 1
            final = _agree(a, b, any_token)
            expected = after["move"] - 1 if answers["undo"] == 200 else after["move"] + 1
            assert final["move"] == expected
            if races >= 8:
                break
        assert races >= 3, "too few positions to race on"
        store = Store(url)
        game_id = store.game_ids()[-1]
        assert len(store.actions(game_id)) == final["move"]  # no gap: actions() would refuse one
        store.close()


def _stream(
    http: httpx.Client, tokens: dict[str, str], acked: list[tuple[int, str]], stop: threading.Event
) -> None:
    """Play legal actions as fast as they are accepted; note each acknowledged one."""
    while not stop.is_set():
        try:
            seat, mine = _to_act(http, tokens)
            if mine["outcome"]:
                return
            action = mine["legal"][seat][0]
            answer = http.post(
                f"/api/play/{tokens[seat]}/action", json={"action": action, "move": mine["move"]}
            )
        except (httpx.TransportError, AssertionError):
            return  # the server is gone
        if answer.status_code == 200:
            acked.append((mine["move"], f"{seat}: {action}"))


def _kill_rounds(url: str, rounds: int) -> int:
    total = 0
    port = free_port()
    with serve(url, port) as (_p, http):
        tokens = seat_tokens(create(http, game=LBE, seed=23))
    for number in range(rounds):
        acked: list[tuple[int, str]] = []
        stop = threading.Event()
        with serve(url, port) as (process, http):
            player = threading.Thread(target=_stream, args=(http, tokens, acked, stop))
            player.start()
            time.sleep(0.3 + 0.07 * (number % 5))
            os.kill(process.pid, signal.SIGKILL)  # no shutdown, no flush
            process.wait()
            stop.set()
            player.join(30)
        store = Store(url)
        stored = [f"{seat}: {text}" for seat, text in store.actions(store.game_ids()[-1])]
        store.close()
        for move, line in acked:
            assert stored[move] == line, f"round {number}: acknowledged move {move} lost"
        total += len(acked)
    return total


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_kill_9_loses_no_acknowledged_action(
    kind: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    if kind == "sqlite":
        url = f"sqlite:///{tmp_path / 'games.db'}"
    else:
        url = request.getfixturevalue("postgres").new_database()
    assert _kill_rounds(url, 3) > 0


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_kill_9_twenty_rounds(kind: str, tmp_path: Path, request: pytest.FixtureRequest) -> None:
    if kind == "sqlite":
        url = f"sqlite:///{tmp_path / 'games.db'}"
    else:
        url = request.getfixturevalue("postgres").new_database()
    acknowledged = _kill_rounds(url, 20)
    print(f"{kind}: 20 kill -9 rounds, {acknowledged} acknowledged actions, none lost")
