"""Game options given on the command line (``--option KEY=VALUE``, ``--players N``)."""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from ..engine import RealpolitikError


def parse_options(items: Iterable[str], players: int | None = None) -> dict[str, Any]:
    """``KEY=VALUE`` pairs; a value is read as JSON when it is JSON (``true``, ``3``, ``["FR"]``),
    else taken as a string."""
    options: dict[str, Any] = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep:
            raise RealpolitikError(f"--option {item!r}: write KEY=VALUE")
        try:
            options[key] = json.loads(value)
        except json.JSONDecodeError:
            options[key] = value
    if players is not None:
        options["players"] = players
    return options
