"""Seat links: a link's token is its credential, so it is long, random and stored only hashed.

A token is a game's **route key** (:data:`ROUTE_CHARS` characters, random, the same for every link
of one game and of its rematches) followed by 192 random bits. The route key lets a front that
spreads games over several server processes send every page of one game to one process (the
``hash`` of nginx's ``upstream``: docs/web.md, "Several processes"), so that one process plays a
game's moves and builds its pages' messages instead of every process that holds one of its pages
(issue 20). It is no secret and adds nothing to a token's strength: the 192 bits do that. Tokens
made before route keys existed work as before; a front spreads their pages at random, which is
correct but costs more (each process then follows the game through PostgreSQL ``NOTIFY``)."""

from __future__ import annotations

import hashlib
import re
import secrets

TOKEN_BYTES = 24
"""192 random bits: unguessable, and 32 characters in a URL."""

_SHAPE = re.compile(r"^[A-Za-z0-9_-]{16,64}$")


ROUTE_CHARS = 4
"""The route key's length: 24 random bits, enough to spread games evenly over any number of
processes."""


def new_route() -> str:
    """A new game's route key."""
    return secrets.token_urlsafe(ROUTE_CHARS * 3 // 4)


def new_token(route: str | None = None) -> str:
    """A link's token: ``route`` (a new one when None: a link of its own, a replay's) and 192
    random bits."""
    return (new_route() if route is None else route) + secrets.token_urlsafe(TOKEN_BYTES)


def route_of(token: str) -> str:
    """The route key a token begins with."""
    return token[:ROUTE_CHARS]


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("ascii", "replace")).hexdigest()


def well_formed(token: str) -> bool:
    """A cheap check before touching the database (anything else is answered 404 at once)."""
    return bool(_SHAPE.match(token))
