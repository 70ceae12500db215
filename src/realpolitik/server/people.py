"""What people add to a game beside the rules: their names, their chat, their turn notifications,
and the rematch's links.

**Names** are plain text: 1 to 32 characters after trimming, no control characters and no markup
characters (``<``, ``>``), so a name is the same on every page whatever the page does with it (the
page still inserts it as text, never as HTML).

**Chat** messages are 1 to 500 characters of text (control characters other than a line break are
refused); the page shows them as text. A private message goes to one seat: only the links holding
the sender's or the addressee's seats see it.

**Webhooks** (:func:`check_webhook`, :func:`send_turn`): an ``http`` or ``https`` URL without
credentials, set by the seat's holder; the server posts a small JSON body to it when the seat's
turn begins and no page of the seat is open, with a 5-second timeout and following no redirect
at all (so never to another host). Addresses that are loopback, link-local, private, multicast
or reserved are refused when the request is made (the name is resolved first), unless the server
runs with ``Settings.webhooks_to_local`` (tests, a server inside a private network).

**Rematch links** are derived from the old link's token (keyed BLAKE2b with the new game's id):
the server never stores a token in clear, so it cannot hand out the new links by itself; each
holder's old page asks, presenting the old token, and the derived link is stored (hashed) then.
A rematch link keeps the old link's route key (``tokens.py``), so a rematch is served by the
process that served its game.
"""

from __future__ import annotations

import asyncio
import base64
import hashlib
import ipaddress
import logging
import re
import socket
from typing import Any
from urllib.parse import urlsplit

import httpx

from .rooms import Refused
from .tokens import route_of

log = logging.getLogger("realpolitik.server.people")

NAME_MAX = 32
CHAT_MAX = 500
WEBHOOK_MAX = 500
WEBHOOK_TIMEOUT = 5.0

_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")
_CHAT_CONTROL = re.compile(r"[\x00-\x09\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")


def check_name(raw: str) -> str:
    name = " ".join(raw.split())
    if not name:
        raise Refused(422, "a name cannot be empty")
    if len(name) > NAME_MAX:
        raise Refused(422, f"a name has at most {NAME_MAX} characters")
    if _CONTROL.search(name):
        raise Refused(422, "a name cannot hold control characters")
    if "<" in name or ">" in name:
        raise Refused(422, "a name cannot hold '<' or '>'")
    return name


def check_chat(raw: str) -> str:
    text = raw.strip()
    if not text:
        raise Refused(422, "a message cannot be empty")
    if len(text) > CHAT_MAX:
        raise Refused(422, f"a message has at most {CHAT_MAX} characters")
    if _CHAT_CONTROL.search(text):
        raise Refused(422, "a message cannot hold control characters")
    return text


def check_webhook(raw: str) -> str:
    """A webhook URL as the holder gives it: refused (422) unless http(s), with a host, without
    credentials, at most 500 characters. Where it points is checked again when it is called."""
    url = raw.strip()
    if len(url) > WEBHOOK_MAX:
        raise Refused(422, f"a webhook URL has at most {WEBHOOK_MAX} characters")
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError:
        raise Refused(422, "the webhook is not a valid URL") from None
    if parts.scheme not in ("http", "https"):
        raise Refused(422, "a webhook URL must start with http:// or https://")
    if not parts.hostname:
        raise Refused(422, "the webhook URL has no host")
    if parts.username is not None or parts.password is not None:
        raise Refused(422, "a webhook URL cannot carry a user name or password")
    if port == 0 or _CONTROL.search(url) or " " in url:
        raise Refused(422, "the webhook is not a valid URL")
    return url


def _public(address: str) -> bool:
    ip = ipaddress.ip_address(address.split("%", 1)[0])
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    return not (
        ip.is_loopback
        or ip.is_link_local
        or ip.is_private
        or ip.is_multicast
        or ip.is_reserved
        or ip.is_unspecified
    )


async def _allowed(url: str, allow_local: bool) -> bool:
    if allow_local:
        return True
    parts = urlsplit(url)
    host = parts.hostname or ""
    port = parts.port or (443 if parts.scheme == "https" else 80)
    try:
        found = await asyncio.get_running_loop().getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except OSError:
        return False
    return bool(found) and all(_public(str(info[4][0])) for info in found)


async def send_turn(url: str, body: dict[str, Any], *, allow_local: bool) -> bool:
    """Post ``body`` to a webhook; whether it answered 2xx. Never raises: a notification that
    cannot be delivered is logged and dropped, the game goes on."""
    if not await _allowed(url, allow_local):
        log.warning("webhook refused: %s points to a local or private address", urlsplit(url).hostname)
        return False
    try:
        async with httpx.AsyncClient(
            timeout=WEBHOOK_TIMEOUT, follow_redirects=False, trust_env=False
        ) as http:
            response = await http.post(url, json=body)
    except httpx.HTTPError as error:
        log.warning("webhook to %s failed: %s", urlsplit(url).hostname, type(error).__name__)
        return False
    return 200 <= response.status_code < 300


def rematch_token(old_token: str, new_game_id: int) -> str:
    """The token of the rematch's link for the holder of ``old_token`` (see the module docstring)."""
    digest = hashlib.blake2b(
        f"rematch:{new_game_id}".encode(), key=old_token.encode("ascii", "replace")[:64], digest_size=24
    ).digest()
    return route_of(old_token) + base64.urlsafe_b64encode(digest).decode().rstrip("=")
