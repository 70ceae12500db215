"""The HTTP protocol uvicorn runs, with a deadline for a request's headers.

uvicorn closes an idle keep-alive connection, but once a request's first byte has arrived it waits
for the rest of its headers for ever: a thousand clients sending a header line a minute (slowloris)
hold a thousand connections. :func:`guarded_protocol` gives uvicorn's httptools protocol a timer
from a connection's start, and from each request's first byte, to the end of its headers; a
request that is not there by then has its connection closed. (The body has its own deadline in
:class:`~realpolitik.server.limits.BodyLimit`.)
"""

from __future__ import annotations

import asyncio
from typing import Any

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

HEADER_TIMEOUT = 10.0
"""Seconds from a connection's start, or a request's first byte, to the end of its headers."""


class HeaderDeadline(HttpToolsProtocol):
    """uvicorn's httptools protocol with a deadline for each request's headers (module docstring).
    Name it to uvicorn as ``realpolitik.server.protocol:HeaderDeadline`` (an import string, so
    that worker processes find it too)."""

    header_timeout = HEADER_TIMEOUT
    _deadline: asyncio.TimerHandle | None = None

    def _arm(self) -> None:
        if self._deadline is None:
            self._deadline = self.loop.call_later(self.header_timeout, self._too_slow)

    def _disarm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _too_slow(self) -> None:
        self._deadline = None
        self.transport.close()

    def connection_made(self, transport: Any) -> None:
        super().connection_made(transport)
        self._arm()

    def on_message_begin(self) -> None:
        super().on_message_begin()
        self._arm()

    def on_headers_complete(self) -> None:
        self._disarm()
        super().on_headers_complete()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)


def guarded_protocol(header_timeout: float) -> type[HttpToolsProtocol]:
    """:class:`HeaderDeadline` with another deadline (tests, one-process servers)."""
    return type("HeaderDeadline", (HeaderDeadline,), {"header_timeout": header_timeout})
