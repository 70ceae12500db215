"""Against a real uvicorn server on loopback: real websockets push every change to every seat and
spectator, and two submissions of one move at the same instant are applied once."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import httpx
import websockets

from .helpers import LiveServer, seat_tokens, token


async def _next_state(socket: Any, above: int) -> dict[str, Any]:
    while True:
        message: dict[str, Any] = json.loads(await asyncio.wait_for(socket.recv(), timeout=10))
        if message.get("type") == "state" and message["move"] > above:
            return message


def test_websockets_push_each_move_to_every_seat_and_spectator(sqlite_url: str) -> None:
    with LiveServer(sqlite_url, bot_delay=0.0) as server:

        async def scenario() -> None:
            async with httpx.AsyncClient(base_url=server.base) as http:
                created = (await http.post("/api/games", json={"seed": 3})).json()
                tokens = seat_tokens(created)
                ws = server.base.replace("http", "ws")
                links = [*tokens.values(), token(created["spectator"])]
                sockets = [await websockets.connect(f"{ws}/ws/{tok}") for tok in links]
                try:
                    first = [json.loads(await s.recv()) for s in sockets]
                    assert {m["move"] for m in first} == {0}
                    seat = first[0]["to_act"][0]
                    legal = next(m for m in first if seat in m["legal"])["legal"][seat]
                    posted = await http.post(
                        f"/api/play/{tokens[seat]}/action", json={"action": legal[0], "move": 0}
                    )
                    assert posted.status_code == 200
                    pushed = [await _next_state(s, 0) for s in sockets]
                    assert {m["move"] for m in pushed} == {1}
                    assert all(m["log"] and m["log_from"] > 0 for m in pushed)  # only what is new
                finally:
                    for s in sockets:
                        await s.close()
                # A bad token closes the socket without telling anything.
                try:
                    async with websockets.connect(f"{ws}/ws/{'Q' * 32}") as bad:
                        await bad.recv()
                    raise AssertionError("an unknown token opened a websocket")
                except (websockets.exceptions.InvalidStatus, websockets.exceptions.ConnectionClosed):
                    pass

        asyncio.run(scenario())


def test_simultaneous_submissions_of_one_move_are_applied_once(sqlite_url: str) -> None:
    with LiveServer(sqlite_url, bot_delay=0.0) as server:

        async def scenario() -> None:
            async with httpx.AsyncClient(base_url=server.base) as http:
                created = (await http.post("/api/games", json={"seed": 3})).json()
                tokens = seat_tokens(created)
                current = (await http.get(f"/api/play/{tokens['GB']}")).json()
                seat = current["to_act"][0]
                legal = (await http.get(f"/api/play/{tokens[seat]}")).json()["legal"][seat]
                url = f"/api/play/{tokens[seat]}/action"
                answers = await asyncio.gather(
                    *(http.post(url, json={"action": legal[i % 2], "move": 0}) for i in range(6))
                )
                codes = sorted(a.status_code for a in answers)
                assert codes == [200, 409, 409, 409, 409, 409]
                after = (await http.get(f"/api/play/{tokens[seat]}")).json()
                assert after["move"] == 1

        asyncio.run(scenario())
