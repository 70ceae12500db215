"""Load on the web app over loopback: accepted actions a second, the latency of an action, and the
CPU the server (and this client) spent on each.

Starts ``realpolitik serve`` (1 or N processes) on SQLite or PostgreSQL, creates games of four
human seats, and plays every game at once from one asyncio client, as fast as answers come.
Bounded: ``--seconds`` of play, a fixed number of games, loopback only. A benchmark prints figures;
no test asserts them.

Two clients (``--mode``):

* ``ws`` (the default) does what the play page does: every seat's link keeps a websocket open and
  is sent the state after every change; the seat to act sends its first legal action with the
  move it saw on its own websocket and waits for the ``result`` message. 4 state messages go out
  per action (one per seat).
* ``ws-post`` is the same page before actions went on the websocket: it POSTs each action.
* ``post`` has no websocket: the seat to act posts with ``?since=N``, so the answer carries its
  link's new state; it reads (GET) another seat's state only when that seat must act next.
* ``poll`` is the first version of this script: no websocket; per action two GETs (the state of
  any seat, then of the seat to act) and the POST.

Both speak HTTP/1.1 over plain asyncio streams (a persistent connection per game), not through an
HTTP library, so the client takes as little of the machine's CPU as it can: its own CPU share is
printed beside the server's. ``server CPU ms/action`` (user + system time of every server process,
from ``/proc``, over the play, divided by the accepted actions) hardly depends on how loaded the
machine is, unlike actions/s.

    .venv/bin/python bench/load.py --seats 200 --seconds 20                  # SQLite, 1 process
    .venv/bin/python bench/load.py --seats 200 --postgres --workers 2        # a throwaway PostgreSQL
    .venv/bin/python bench/load.py --seats 48 --mode poll                    # the old client
    .venv/bin/python bench/load.py --seats 200 --database postgresql://u@127.0.0.1/db --workers 2
    .venv/bin/python bench/load.py --seats 200 --postgres --workers 2 --front nginx   # routed by game
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import functools
import json
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Coroutine, Iterator
from pathlib import Path
from typing import Any

import websockets

ROOT = Path(__file__).resolve().parent.parent
GAME = "la-belle-epoque"
TICK = os.sysconf("SC_CLK_TCK")


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


# -- CPU of a process tree, from /proc ---------------------------------------------------------------


def _tree(root: int) -> list[int]:
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        with contextlib.suppress(OSError, IndexError, ValueError):
            fields = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()
            children.setdefault(int(fields[1]), []).append(int(entry))
    found, todo = [], [root]
    while todo:
        pid = todo.pop()
        found.append(pid)
        todo.extend(children.get(pid, []))
    return found


def cpu_seconds(root: int) -> float:
    """User + system seconds of ``root`` and every process under it (living ones)."""
    total = 0
    for pid in _tree(root):
        with contextlib.suppress(OSError, IndexError, ValueError):
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])  # utime, stime (fields 14 and 15)
    return total / TICK


def own_cpu() -> float:
    times = os.times()
    return times.user + times.system


# -- the servers ----------------------------------------------------------------------------------------


@contextlib.contextmanager
def _postgres() -> Iterator[tuple[str, int]]:
    """A throwaway PostgreSQL on loopback with fsync on (the test suite's helper turns it off);
    yields its URL and the postmaster's pid."""
    sys.path.insert(0, str(ROOT))
    from tests.server.helpers import Postgres, postgres_bin  # noqa: PLC0415

    bindir = postgres_bin()
    if bindir is None:
        raise SystemExit("PostgreSQL server binaries not found (Debian package 'postgresql')")
    server = Postgres(bindir)
    server._run("initdb", "-D", str(server.data), "-U", "postgres", "--auth=trust", "-E", "UTF8")
    options = f"-c listen_addresses=127.0.0.1 -p {server.port} -k {server.root} -c max_connections=200"
    server._run(
        "pg_ctl", "-D", str(server.data), "-o", options, "-w", "-l", str(server.root / "log"), "start"
    )
    try:
        pid = int((server.data / "postmaster.pid").read_text().split()[0])
        yield server.new_database(), pid
    finally:
        server.stop()


@contextlib.contextmanager
def _serve(url: str, workers: int) -> Iterator[tuple[str, int]]:
    port = _free_port()
    with _process(_serve_command(url, port, workers), port, settle=2.0 if workers > 1 else 0.0) as pid:
        yield f"127.0.0.1:{port}", pid


def _serve_command(url: str, port: int, workers: int) -> list[str]:
    command = [sys.executable, "-m", "realpolitik.cli.main", "serve", "--database", url, "--port", str(port)]
    return [*command, "--bot-delay", "0", "--workers", str(workers)]


NGINX = """\
worker_processes 1;
pid {root}/nginx.pid;
error_log {root}/error.log warn;
events {{ worker_connections 4096; }}
http {{
    access_log off;
    # the route key every link of a game begins with (server/tokens.py); anything else anywhere
    map $request_uri $realpolitik_route {{
        "~^/(?:api/)?(?:play|watch|replay|ws)/(?<key>[A-Za-z0-9_-]{{4}})" $key;
        default $request_id;
    }}
    map $http_upgrade $realpolitik_connection {{
        default upgrade;
        "" "";
    }}
    upstream realpolitik {{
        hash $realpolitik_route consistent;
{servers}
        keepalive 256;
    }}
    server {{
        listen 127.0.0.1:{port};
        location / {{
            proxy_pass http://realpolitik;
            proxy_http_version 1.1;
            proxy_set_header Upgrade $http_upgrade;
            proxy_set_header Connection $realpolitik_connection;
            proxy_set_header Host $host;
            proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
            proxy_read_timeout 1h;
        }}
    }}
}}
"""
"""The front of ``--front nginx`` (docs/web.md, "Several processes", gives the same for a real
deployment): every page of one game to one process, by the route key of its links."""


@contextlib.contextmanager
def _front(url: str, processes: int) -> Iterator[tuple[str, list[int], int]]:
    """``processes`` single-process servers on their own ports behind nginx, which sends every
    request of one game to one of them by the route key of its links; yields nginx's address,
    the servers' pids and nginx's."""
    nginx = shutil.which("nginx") or ("/usr/sbin/nginx" if Path("/usr/sbin/nginx").exists() else None)
    if nginx is None:
        raise SystemExit("--front nginx needs nginx (Debian: apt-get install nginx-light)")
    with contextlib.ExitStack() as stack:
        pids = []
        ports = [_free_port() for _ in range(processes)]
        for port in ports:
            pids.append(stack.enter_context(_process(_serve_command(url, port, 1), port)))
        root = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="rp-front-")))
        port = _free_port()
        servers = "\n".join(f"        server 127.0.0.1:{p};" for p in ports)
        (root / "nginx.conf").write_text(NGINX.format(root=root, port=port, servers=servers))
        command = [nginx, "-p", str(root), "-c", str(root / "nginx.conf"), "-e", str(root / "error.log")]
        nginx_pid = stack.enter_context(_process([*command, "-g", "daemon off;"], port))
        yield f"127.0.0.1:{port}", pids, nginx_pid


@contextlib.contextmanager
def _process(command: list[str], port: int, settle: float = 0.0) -> Iterator[int]:
    """Run ``command`` until the block ends, once ``port`` answers ``GET /api/games`` with 200."""
    env = {
        **os.environ,
        "REALPOLITIK_RATE_PER_SECOND": "1000000",
        "REALPOLITIK_CREATES_PER_MINUTE": "1000000",
    }
    process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 60
        while True:
            with (
                contextlib.suppress(OSError),
                socket.create_connection(("127.0.0.1", port), timeout=1) as sock,
            ):
                sock.sendall(b"GET /api/games HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
                if sock.recv(64).startswith(b"HTTP/1.1 200"):
                    break
            if process.poll() is not None or time.monotonic() > deadline:
                raise SystemExit("the server did not start")
            time.sleep(0.2)
        time.sleep(settle)  # several workers: every one up, not only the first
        yield process.pid
    finally:
        process.terminate()
        try:
            process.wait(15)
        except subprocess.TimeoutExpired:
            process.kill()


# -- a small HTTP/1.1 client (keep-alive, Content-Length bodies) ------------------------------------------


class Http:
    """One persistent connection; requests go one at a time (a game's actions are sequential)."""

    def __init__(self, host: str) -> None:
        self.host, port = host.rsplit(":", 1)
        self.port = int(port)
        self.streams: tuple[asyncio.StreamReader, asyncio.StreamWriter] | None = None
        self.used = 0.0

    async def request(self, method: str, path: str, body: Any = None) -> tuple[int, bytes]:
        if self.streams is None or time.monotonic() - self.used > 3.0:
            await self.close()  # the server drops idle keep-alive connections after 5 s
            self.streams = await asyncio.open_connection(self.host, self.port)
        reader, writer = self.streams
        data = b"" if body is None else json.dumps(body).encode()
        head = f"{method} {path} HTTP/1.1\r\nHost: {self.host}\r\nContent-Length: {len(data)}\r\n"
        if body is not None:
            head += "Content-Type: application/json\r\n"
        writer.write(head.encode() + b"\r\n" + data)
        status_line = await reader.readuntil(b"\r\n")
        status = int(status_line.split()[1])
        length = 0
        closing = False
        for line in (await reader.readuntil(b"\r\n\r\n")).split(b"\r\n"):
            name, _sep, value = line.partition(b":")
            name = name.strip().lower()
            if name == b"content-length":
                length = int(value)
            elif name == b"connection" and value.strip().lower() == b"close":
                closing = True
        content = await reader.readexactly(length)
        self.used = time.monotonic()
        if closing:
            await self.close()
        return status, content

    async def close(self) -> None:
        if self.streams is not None:
            self.streams[1].close()
            self.streams = None


# -- the clients --------------------------------------------------------------------------------------


class Tally:
    def __init__(self) -> None:
        self.latencies: list[float] = []
        """Seconds from sending an action to its answer."""
        self.turns: list[float] = []
        """Seconds from sending an action to the next seat to act knowing it must (ws mode)."""
        self.counts: dict[str, int] = {}
        self.messages = 0

    def count(self, status: int) -> None:
        key = "accepted" if status == 200 else str(status)
        self.counts[key] = self.counts.get(key, 0) + 1


async def _poll_game(host: str, tokens: dict[str, str], until: float, tally: Tally) -> None:
    http = Http(host)
    any_token = next(iter(tokens.values()))
    try:
        while time.monotonic() < until:
            current = json.loads((await http.request("GET", f"/api/play/{any_token}"))[1])
            if current["outcome"] or not current["to_act"]:
                return
            seat = current["to_act"][0]
            mine = json.loads((await http.request("GET", f"/api/play/{tokens[seat]}"))[1])
            legal = mine["legal"].get(seat)
            if not legal:
                continue
            started = time.perf_counter()
            status, _ = await http.request(
                "POST", f"/api/play/{tokens[seat]}/action", {"action": legal[0], "move": mine["move"]}
            )
            tally.latencies.append(time.perf_counter() - started)
            tally.count(status)
    finally:
        await http.close()


async def _post_game(host: str, tokens: dict[str, str], until: float, tally: Tally) -> None:
    """No websocket: the POST's answer carries the acting link's new state; a GET only when
    another seat must act next."""
    http = Http(host)
    logs: dict[str, tuple[int, int]] = {}  # seat -> (log length, epoch) its link has

    def since(seat: str) -> str:
        length, epoch = logs.get(seat, (0, 0))
        return f"since={length}&epoch={epoch}"

    def keep(seat: str, state: dict[str, Any]) -> dict[str, Any]:
        logs[seat] = (int(state["log_length"]), int(state["log_epoch"]))
        return state

    try:
        first = next(iter(tokens))
        known = keep(
            first, json.loads((await http.request("GET", f"/api/play/{tokens[first]}?{since(first)}"))[1])
        )
        while time.monotonic() < until:
            if known["outcome"] or not known["to_act"]:
                return
            seat = known["to_act"][0]
            if not known["legal"].get(seat):
                answer = await http.request("GET", f"/api/play/{tokens[seat]}?{since(seat)}")
                known = keep(seat, json.loads(answer[1]))
                if not known["legal"].get(seat):
                    continue
            started = time.perf_counter()
            status, content = await http.request(
                "POST",
                f"/api/play/{tokens[seat]}/action?{since(seat)}",
                {"action": known["legal"][seat][0], "move": known["move"]},
            )
            tally.latencies.append(time.perf_counter() - started)
            tally.count(status)
            if status != 200:
                return
            known = keep(seat, json.loads(content)["state"])
    finally:
        await http.close()


class Seat:
    """A seat's page: its websocket's latest state message, kept as text until it is needed, and
    the answers to the actions it sent on it."""

    def __init__(self) -> None:
        self.raw: str | None = None
        self.state: dict[str, Any] | None = None
        self.arrived = asyncio.Event()
        self.socket: Any = None
        self.answers: dict[int, asyncio.Future[dict[str, Any]]] = {}
        self.sent = 0

    async def call(self, message: dict[str, Any], until: float) -> dict[str, Any] | None:
        """Send an action on this page's socket; its ``result`` (None: no answer before ``until``,
        e.g. a server that does not take actions on its sockets)."""
        self.sent += 1
        answer: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self.answers[self.sent] = answer
        await self.socket.send(json.dumps({**message, "id": self.sent}))
        try:
            return await asyncio.wait_for(answer, max(0.1, until - time.monotonic()))
        except TimeoutError:
            return None

    def latest(self) -> dict[str, Any] | None:
        if self.raw is not None:
            self.state, self.raw = json.loads(self.raw), None
        return self.state

    async def listen(self, socket_: Any, tally: Tally) -> None:
        with contextlib.suppress(websockets.ConnectionClosed):
            async for message in socket_:
                tally.messages += 1
                if message.startswith('{"type":"state"') or '"type": "state"' in message[:40]:
                    self.raw = str(message)
                    self.arrived.set()
                elif message.startswith('{"type":"result"'):
                    result = json.loads(message)
                    answer = self.answers.pop(result["id"], None)
                    if answer is not None and not answer.done():
                        answer.set_result(result)


async def _ws_game(
    host: str, tokens: dict[str, str], until: float, tally: Tally, on_socket: bool = True
) -> None:
    http = Http(host)
    pages = {seat: Seat() for seat in tokens}
    async with contextlib.AsyncExitStack() as stack:
        listeners = []
        for seat, tok in tokens.items():
            sock = await stack.enter_async_context(
                websockets.connect(f"ws://{host}/ws/{tok}", compression=None, max_size=None)
            )
            pages[seat].socket = sock
            listeners.append(asyncio.create_task(pages[seat].listen(sock, tally)))

        async def state_at(seat: str, move: int) -> dict[str, Any] | None:
            """The seat's state once it shows ``move`` or later (None: time is up)."""
            page = pages[seat]
            while True:
                known = page.latest()
                if known is not None and known["move"] >= move:
                    return known
                page.arrived.clear()
                left = until - time.monotonic()
                if left <= 0:
                    return None
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(page.arrived.wait(), left)

        try:
            any_seat = next(iter(tokens))
            move = 0
            while time.monotonic() < until:
                # Any seat's page says who must decide; that seat's page has its legal actions.
                known = await state_at(any_seat, move)
                if known is None or known["outcome"] or not known["to_act"]:
                    return
                seat = known["to_act"][0]
                mine = await state_at(seat, int(known["move"]))
                if mine is None:
                    return
                if mine["move"] != known["move"] or not mine["legal"].get(seat):
                    move = int(mine["move"])  # the game moved on meanwhile: look again
                    continue
                started = time.perf_counter()
                if on_socket:
                    answer = await pages[seat].call(
                        {"type": "action", "action": mine["legal"][seat][0], "move": move}, until
                    )
                    if answer is None:
                        return
                    status = 200 if answer["ok"] else int(answer["status"])
                else:
                    status, _content = await http.request(
                        "POST",
                        f"/api/play/{tokens[seat]}/action",
                        {"action": mine["legal"][seat][0], "move": move},
                    )
                tally.latencies.append(time.perf_counter() - started)
                tally.count(status)
                if status != 200:
                    return
                move += 1
                # Until the next seat to act knows it must, through its own socket.
                after = await state_at(any_seat, move)
                if after is None or not after["to_act"] or after["outcome"]:
                    continue
                if await state_at(after["to_act"][0], move) is not None:
                    tally.turns.append(time.perf_counter() - started)
        finally:
            for task in listeners:
                task.cancel()
            await http.close()


async def _run(
    host: str,
    *,
    seats: int,
    seconds: float,
    mode: str,
    server_pids: list[int],
    db_pid: int | None,
    front_pid: int | None = None,
) -> dict[str, Any]:
    creator = Http(host)
    games = []
    for _ in range(max(1, seats // 4)):
        status, content = await creator.request("POST", "/api/games", {"game": GAME})
        if status != 201:
            raise SystemExit(f"creating a game: {status} {content[:200]!r}")
        created = json.loads(content)
        games.append({seat: p["url"].rsplit("/", 1)[-1] for p in created["players"] for seat in p["seats"]})
    await creator.close()
    tally = Tally()
    clients: dict[str, Callable[[str, dict[str, str], float, Tally], Coroutine[Any, Any, None]]] = {
        "ws": _ws_game,
        "ws-post": functools.partial(_ws_game, on_socket=False),
        "poll": _poll_game,
        "post": _post_game,
    }
    play = clients[mode]

    def servers() -> float:
        return sum(cpu_seconds(pid) for pid in server_pids)

    server_before, client_before = servers(), own_cpu()
    db_before = cpu_seconds(db_pid) if db_pid else 0.0
    front_before = cpu_seconds(front_pid) if front_pid else 0.0
    started = time.monotonic()
    until = started + seconds
    await asyncio.gather(*(play(host, tokens, until, tally) for tokens in games))
    elapsed = time.monotonic() - started
    server_cpu, client_cpu = servers() - server_before, own_cpu() - client_before
    db_cpu = cpu_seconds(db_pid) - db_before if db_pid else 0.0
    front_cpu = cpu_seconds(front_pid) - front_before if front_pid else 0.0

    def pct(values: list[float], p: float) -> float:
        ordered = sorted(values)
        return 1000 * ordered[min(len(ordered) - 1, int(p * len(ordered)))] if ordered else float("nan")

    accepted = tally.counts.get("accepted", 0)
    return {
        "seats": 4 * len(games),
        "seconds": elapsed,
        "accepted": accepted,
        "accepted_per_s": accepted / elapsed,
        "p50_ms": pct(tally.latencies, 0.50),
        "p95_ms": pct(tally.latencies, 0.95),
        "p99_ms": pct(tally.latencies, 0.99),
        "mean_ms": 1000 * statistics.fmean(tally.latencies) if tally.latencies else float("nan"),
        "turn_p50_ms": pct(tally.turns, 0.50),
        "turn_p99_ms": pct(tally.turns, 0.99),
        "answers": tally.counts,
        "state_messages": tally.messages,
        "server_cpu_s": server_cpu,
        "server_cpu_ms_per_action": 1000 * server_cpu / max(1, accepted),
        "client_cpu_s": client_cpu,
        "db_cpu_s": db_cpu,
        "front_cpu_s": front_cpu,
        "client_share": client_cpu / max(1e-9, client_cpu + server_cpu + db_cpu + front_cpu),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--seats", type=int, default=200, help="seats playing at once (4 per game)")
    parser.add_argument("--seconds", type=float, default=20.0, help="seconds of play (bounded)")
    parser.add_argument(
        "--workers", type=int, default=1, help="server processes (PostgreSQL for more than 1)"
    )
    parser.add_argument(
        "--mode",
        choices=("ws", "ws-post", "poll", "post"),
        default="ws",
        help="the client (module docstring)",
    )
    parser.add_argument("--database", help="a database URL (default: a fresh SQLite file)")
    parser.add_argument("--postgres", action="store_true", help="start a throwaway PostgreSQL on loopback")
    parser.add_argument(
        "--front",
        choices=("none", "nginx"),
        default="none",
        help="none: one `serve --workers N` (the kernel spreads connections over the workers); "
        "nginx: N single-process servers behind nginx, every page of a game to one process by its "
        "links' route key (PostgreSQL)",
    )
    parser.add_argument("--json", action="store_true", help="print the figures as one JSON object too")
    args = parser.parse_args()
    db_pid: int | None = None
    with contextlib.ExitStack() as stack:
        if args.postgres:
            url, db_pid = stack.enter_context(_postgres())
        elif args.database:
            url = args.database
        else:
            folder = stack.enter_context(tempfile.TemporaryDirectory(prefix="rp-load-"))
            url = f"sqlite:///{folder}/games.db"
        front_pid: int | None = None
        if args.front == "nginx" and args.workers > 1 and not url.startswith("postgres"):
            raise SystemExit("--front nginx with several processes needs PostgreSQL (--postgres, --database)")
        if args.front == "nginx":
            host, pids, front_pid = stack.enter_context(_front(url, args.workers))
        else:
            host, pid = stack.enter_context(_serve(url, args.workers))
            pids = [pid]
        result = asyncio.run(
            _run(
                host,
                seats=args.seats,
                seconds=args.seconds,
                mode=args.mode,
                server_pids=pids,
                db_pid=db_pid,
                front_pid=front_pid,
            )
        )
    kind = "postgresql" if url.startswith("postgres") else "sqlite"
    turn = (
        f", next seat told p50 {result['turn_p50_ms']:.1f} ms"
        if result["turn_p50_ms"] == result["turn_p50_ms"]
        else ""
    )
    print(
        f"{kind} workers={args.workers} front={args.front} seats={result['seats']} mode={args.mode}: "
        f"{result['accepted_per_s']:.0f} accepted actions/s, "
        f"p50 {result['p50_ms']:.1f} ms, p95 {result['p95_ms']:.1f} ms, p99 {result['p99_ms']:.1f} ms{turn}; "
        f"server CPU {result['server_cpu_ms_per_action']:.2f} ms/action "
        f"({result['server_cpu_s']:.1f} s in {result['seconds']:.1f} s)"
        + (
            f", database CPU {1000 * result['db_cpu_s'] / max(1, result['accepted']):.2f} ms/action"
            if db_pid
            else ""
        )
        + (
            f", front CPU {1000 * result['front_cpu_s'] / max(1, result['accepted']):.2f} ms/action"
            if front_pid
            else ""
        )
        + f", client CPU {result['client_cpu_s']:.1f} s ({result['client_share']:.0%} of all) "
        f"(answers {result['answers']})"
    )
    if args.json:
        setting = {"kind": kind, "workers": args.workers, "front": args.front, "mode": args.mode}
        print(json.dumps({**setting, **result}))


if __name__ == "__main__":
    main()
