"""Helpers shared by the server and browser tests: apps on a real database, a live uvicorn server
in a thread, a throwaway PostgreSQL server on loopback, and a driver that plays legal moves."""

from __future__ import annotations

import contextlib
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import uvicorn
from fastapi.testclient import TestClient

from realpolitik.server import Settings, create_app

LBE = "la-belle-epoque"

HttpClient = TestClient | httpx.Client
"""The in-process test client or a real HTTP client against a live server."""


def settings(url: str, **changes: Any) -> Settings:
    base = Settings(database=url, bot_delay=0.0, rate_per_second=1000.0, rate_burst=1000.0)
    for key, value in changes.items():
        setattr(base, key, value)
    return base


@contextlib.contextmanager
def client(url: str, **changes: Any) -> Iterator[TestClient]:
    with TestClient(create_app(settings(url, **changes))) as test_client:
        yield test_client


def token(link: str) -> str:
    return link.rstrip("/").rsplit("/", 1)[-1]


def create(http: HttpClient, **body: Any) -> dict[str, Any]:
    response = http.post("/api/games", json=body)
    assert response.status_code == 201, response.text
    created: dict[str, Any] = response.json()
    return created


def seat_tokens(created: dict[str, Any]) -> dict[str, str]:
    """Seat -> the token of the player's link that holds it (human seats only)."""
    out: dict[str, str] = {}
    for player in created["players"]:
        if "url" in player:
            for seat in player["seats"]:
                out[seat] = token(player["url"])
    return out


def state(http: HttpClient, tok: str, since: int = 0) -> dict[str, Any]:
    response = http.get(f"/api/play/{tok}", params={"since": since})
    assert response.status_code == 200, response.text
    result: dict[str, Any] = response.json()
    return result


def to_act(http: HttpClient, tokens: dict[str, str]) -> tuple[str, dict[str, Any]]:
    """The first seat to act and its link's state."""
    current = state(http, next(iter(tokens.values())))
    seat = current["to_act"][0]
    return seat, state(http, tokens[seat])


def wait_until(
    http: HttpClient, tok: str, check: Callable[[dict[str, Any]], bool], timeout: float = 60.0
) -> dict[str, Any]:
    """Poll the seat's state until ``check`` holds. The timeout only stops a test that would hang
    (a bot that never moves); a loaded machine (a CI host running other jobs) may take far longer
    than a quiet one, so it is generous: a healthy run returns at the first state that holds."""
    deadline = time.monotonic() + timeout
    while True:
        current = state(http, tok)
        if check(current):
            return current
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out; last state: move {current['move']}, to act {current['to_act']}")
        time.sleep(0.02)


def drive(
    http: HttpClient,
    tokens: dict[str, str],
    until: Callable[[dict[str, Any]], bool],
    max_moves: int = 400,
    pick: Callable[[list[str]], str] = lambda legal: legal[0],
) -> dict[str, Any]:
    """Play legal moves through the API for the human seats until ``until(state)`` holds (bots
    move by themselves on the server)."""
    any_token = next(iter(tokens.values()))
    for _ in range(max_moves):
        current = wait_until(
            http, any_token, lambda s: bool(s["outcome"]) or any(seat in tokens for seat in s["to_act"])
        )
        if until(current) or current["outcome"]:
            return current
        seat = next(seat for seat in current["to_act"] if seat in tokens)
        mine = state(http, tokens[seat])
        action = pick(mine["legal"][seat])
        response = http.post(
            f"/api/play/{tokens[seat]}/action", json={"action": action, "move": mine["move"], "seat": seat}
        )
        assert response.status_code == 200, response.text
    raise AssertionError("the game did not get there in time")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


class LiveServer:
    """The app under uvicorn in a thread, on a free loopback port (real HTTP and websockets)."""

    def __init__(self, url: str, port: int | None = None, **changes: Any) -> None:
        self.port = port or free_port()
        self.app = create_app(settings(url, **changes))
        config = uvicorn.Config(
            self.app, host="127.0.0.1", port=self.port, log_level="warning", lifespan="on"
        )
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def __enter__(self) -> LiveServer:
        self.thread.start()
        deadline = time.monotonic() + 10
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the live server did not start")
            time.sleep(0.02)
        return self

    def __exit__(self, *_exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)


# -- PostgreSQL on loopback --------------------------------------------------------------------


def postgres_bin() -> Path | None:
    """The folder holding initdb and pg_ctl: on PATH, or Debian's /usr/lib/postgresql/N/bin."""
    found = shutil.which("initdb")
    if found and shutil.which("pg_ctl"):
        return Path(found).resolve().parent
    for folder in sorted(Path("/usr/lib/postgresql").glob("*/bin"), reverse=True):
        if (folder / "initdb").exists() and (folder / "pg_ctl").exists():
            return folder
    return None


class Postgres:
    """A throwaway PostgreSQL server: trust auth, loopback only, a fresh database per test."""

    def __init__(self, bindir: Path) -> None:
        self.bindir = bindir
        self.port = free_port()
        self.root = Path(tempfile.mkdtemp(prefix="rp-pg-"))
        self.data = self.root / "data"
        self.paused = threading.Event()
        self.user: str | None = None
        if os.geteuid() == 0:
            # initdb refuses to run as root: run the server as Debian's postgres user.
            self.user = "postgres"
            entry = pwd.getpwnam(self.user)
            os.chown(self.root, entry.pw_uid, entry.pw_gid)

    def _run(self, *args: str) -> None:
        command = [str(self.bindir / args[0]), *args[1:]]
        if self.user is not None:
            command = ["runuser", "-u", self.user, "--", *command]
        done = subprocess.run(command, check=False, capture_output=True, timeout=60)
        if done.returncode:
            said = done.stderr.decode(errors="replace")
            raise RuntimeError(f"{args[0]} failed ({done.returncode}): {said}")

    def start(self) -> None:
        self._run("initdb", "-D", str(self.data), "-U", "postgres", "--auth=trust", "-E", "UTF8")
        options = f"-c listen_addresses=127.0.0.1 -p {self.port} -k {self.root} -c fsync=off"
        self._run("pg_ctl", "-D", str(self.data), "-o", options, "-w", "-l", str(self.root / "log"), "start")

    def pause(self) -> None:
        """Stop the server at once (no clean shutdown), keeping its data to :meth:`resume`;
        :attr:`paused` is set once it is down (a test run from a timer thread checks it)."""
        for attempt in range(3):
            try:
                self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")
                break
            except RuntimeError:
                if not self.running():
                    break  # it went down although pg_ctl said otherwise (seen on a loaded host)
                if attempt == 2:
                    raise
        self.paused.set()

    def running(self) -> bool:
        command = [str(self.bindir / "pg_ctl"), "-D", str(self.data), "status"]
        if self.user is not None:
            command = ["runuser", "-u", self.user, "--", *command]
        return subprocess.run(command, check=False, capture_output=True, timeout=60).returncode == 0

    def resume(self) -> None:
        self.paused.clear()
        options = f"-c listen_addresses=127.0.0.1 -p {self.port} -k {self.root} -c fsync=off"
        self._run("pg_ctl", "-D", str(self.data), "-o", options, "-w", "-l", str(self.root / "log"), "start")

    def stop(self) -> None:
        with contextlib.suppress(Exception):
            self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")
        shutil.rmtree(self.root, ignore_errors=True)

    def new_database(self) -> str:
        import psycopg

        name = f"rp_{uuid.uuid4().hex[:12]}"
        with psycopg.connect(
            f"postgresql://postgres@127.0.0.1:{self.port}/postgres", autocommit=True
        ) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        return f"postgresql://postgres@127.0.0.1:{self.port}/{name}"
