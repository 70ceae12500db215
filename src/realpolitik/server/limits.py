"""Request size and rate limits: small, in memory, enough to keep one careless or hostile client
from filling the database or the event loop (a reverse proxy can do more in front of it)."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


class TokenBucket:
    """``rate`` requests a second on average, ``burst`` at once, per key."""

    def __init__(self, rate: float, burst: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.rate = rate
        self.burst = burst
        self.clock = clock
        self._buckets: dict[str, tuple[float, float]] = {}

    def take(self, key: str) -> float:
        """0.0 if the request may go ahead; otherwise the seconds to wait."""
        now = self.clock()
        tokens, last = self._buckets.get(key, (self.burst, now))
        tokens = min(self.burst, tokens + (now - last) * self.rate)
        if tokens >= 1.0:
            self._buckets[key] = (tokens - 1.0, now)
            if len(self._buckets) > 10_000:
                self._forget(now)
            return 0.0
        self._buckets[key] = (tokens, now)
        return (1.0 - tokens) / self.rate

    def _forget(self, now: float) -> None:
        # Buckets full again carry no information: drop them so the table cannot grow forever.
        full = [k for k, (t, last) in self._buckets.items() if t + (now - last) * self.rate >= self.burst]
        for key in full:
            del self._buckets[key]


async def _reply(send: Send, status: int, detail: str, headers: list[tuple[bytes, bytes]]) -> None:
    body = json.dumps({"detail": detail}).encode()
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
                *headers,
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})


class BodyLimit:
    """Refuse bodies over ``max_bytes`` with 413, by header or while reading a chunked body, and a
    body that does not arrive within ``timeout`` seconds with 408. Either way the app is told the
    client left, and whatever it would answer instead is dropped."""

    def __init__(self, app: ASGIApp, max_bytes: int, timeout: float = 15.0) -> None:
        self.app = app
        self.max_bytes = max_bytes
        self.timeout = timeout

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for name, value in scope.get("headers", []):
            if name == b"content-length":
                try:
                    size = int(value)
                except ValueError:
                    await _reply(send, 400, "bad Content-Length header", [])
                    return
                if size > self.max_bytes:
                    await _reply(send, 413, f"request body over {self.max_bytes} bytes", [])
                    return
        seen = 0
        answered = False
        body_done = False
        response_started = False
        started = time.monotonic()

        async def refuse(status: int, detail: str) -> Message:
            nonlocal answered
            if not answered and not response_started:
                answered = True
                await _reply(send, status, detail, [(b"connection", b"close")])
            return {"type": "http.disconnect"}

        async def limited() -> Message:
            nonlocal seen, body_done
            if answered:
                return {"type": "http.disconnect"}
            if body_done:
                return await receive()  # after the body: only a disconnect, whenever it comes
            left = self.timeout - (time.monotonic() - started)
            try:
                message = await asyncio.wait_for(receive(), max(0.001, left))
            except TimeoutError:
                return await refuse(408, f"request body not received within {self.timeout:g} seconds")
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.max_bytes:
                    return await refuse(413, f"request body over {self.max_bytes} bytes")
                body_done = not message.get("more_body", False)
            return message

        async def guarded(message: Message) -> None:
            nonlocal response_started
            if not answered:
                response_started = True
                await send(message)

        await self.app(scope, limited, guarded)


CREATING = ("/api/games", "/api/replays")
"""The requests that add rows to the database: held to the stricter budget."""


class RateLimit:
    """A token bucket per client address for every API request and websocket, and a stricter one
    for creating games."""

    def __init__(self, app: ASGIApp, per_second: float, burst: float, creates_per_minute: float) -> None:
        self.app = app
        self.requests = TokenBucket(per_second, burst)
        self.creates = TokenBucket(creates_per_minute / 60.0, max(1.0, creates_per_minute))

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        path: str = scope.get("path", "")
        if scope["type"] not in ("http", "websocket") or not (path.startswith(("/api/", "/ws/"))):
            await self.app(scope, receive, send)
            return
        client = scope.get("client") or ("?", 0)
        key = str(client[0])
        wait = self.requests.take(key)
        if not wait and scope["type"] == "http" and scope.get("method") == "POST" and path in CREATING:
            wait = self.creates.take(key)
        if wait:
            if scope["type"] == "websocket":
                await send({"type": "websocket.close", "code": 1008, "reason": "too many requests"})
                return
            retry = str(max(1, int(wait + 0.999))).encode()
            await _reply(send, 429, "too many requests: slow down", [(b"retry-after", retry)])
            return
        await self.app(scope, receive, send)
