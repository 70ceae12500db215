"""Canonical JSON and the state hash used to check that a replay reproduces a game exactly."""

from __future__ import annotations

import hashlib
import json
from typing import Any


def canonical_json(data: Any) -> str:
    """One fixed text for a JSON-able value: sorted keys, no spaces, UTF-8, no floats.

    Floats are refused because their text differs between languages and platforms; states hold
    integers (money, VP) and strings only.

    >>> canonical_json({"b": [1, 2], "a": "é"})
    '{"a":"é","b":[1,2]}'
    """
    _reject_floats(data)
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def state_hash(data: Any) -> str:
    """sha256 (hex) of the canonical JSON of ``data``."""
    return hashlib.sha256(canonical_json(data).encode("utf-8")).hexdigest()


def _reject_floats(data: Any, path: str = "$") -> None:
    if isinstance(data, float):
        raise TypeError(f"float at {path}: states must hold integers, not floats")
    if isinstance(data, dict):
        for key, value in data.items():
            if not isinstance(key, str):
                raise TypeError(f"non-string key {key!r} at {path}")
            _reject_floats(value, f"{path}.{key}")
    elif isinstance(data, list | tuple):
        for i, value in enumerate(data):
            _reject_floats(value, f"{path}[{i}]")
