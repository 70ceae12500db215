"""Seat links: a link's token is its credential, so it is long, random and stored only hashed."""

from __future__ import annotations

import hashlib
import re
import secrets

TOKEN_BYTES = 24
"""192 random bits: unguessable, and 32 characters in a URL."""

_SHAPE = re.compile(r"^[A-Za-z0-9_-]{16,64}$")


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("ascii", "replace")).hexdigest()


def well_formed(token: str) -> bool:
    """A cheap check before touching the database (anything else is answered 404 at once)."""
    return bool(_SHAPE.match(token))
