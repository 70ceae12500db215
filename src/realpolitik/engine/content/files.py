"""Reading a game's data folder and override files, and merging an override into the data.

Each top-level table (``territory``, ``power``, ...) lives in exactly one ``*.toml`` file of the
folder, so every value has one file to blame. An override file uses the same keys and shape and
replaces any subset of values; a value is always replaced whole, with its own provenance. A table
written ``{ _remove = true }`` removes that table (an objective or a card the owner's copy lacks).
"""

from __future__ import annotations

import hashlib
import json
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from .errors import ContentError

REMOVE = "_remove"
"""The key of ``{ _remove = true }``, the override that deletes a table."""


class ContentOverride(dict[str, Any]):
    """An override read from a file: a plain dict that remembers the file, for error messages."""

    file: str = "<override>"


def override_name(override: Mapping[str, Any]) -> str:
    """The file an override came from (``<override>`` for one built in code)."""
    return getattr(override, "file", "<override>")


def read_toml(path: Path, name: str) -> dict[str, Any]:
    """One TOML file; ``name`` is how errors call it (relative for data, as given for overrides)."""
    try:
        with path.open("rb") as handle:
            return tomllib.load(handle)
    except OSError as error:
        raise ContentError(name, "", f"cannot read the file ({error.strerror})") from None
    except tomllib.TOMLDecodeError as error:
        raise ContentError(name, "", f"not valid TOML: {error}") from None


def read_data_dir(data_dir: Path) -> tuple[dict[str, Any], dict[str, str]]:
    """All ``*.toml`` files of ``data_dir`` merged, and top-level key -> file name."""
    merged: dict[str, Any] = {}
    files: dict[str, str] = {}
    paths = sorted(data_dir.glob("*.toml"))
    if not paths:
        raise ContentError(str(data_dir), "", "no data files (*.toml) in this folder")
    for path in paths:
        data = read_toml(path, path.name)
        for key, value in data.items():
            if key in files:
                raise ContentError(
                    path.name,
                    key,
                    f"already defined in {files[key]}; each top-level table lives in one file",
                )
            files[key] = path.name
            merged[key] = value
    return merged, files


def read_override_file(path: str | Path) -> ContentOverride:
    """An override file as a dict that remembers its name (not yet checked against a game)."""
    path = Path(path)
    override = ContentOverride(read_toml(path, str(path)))
    override.file = str(path)
    return override


def is_leaf(node: object) -> bool:
    """Whether ``node`` is written as a value (a table with ``value``), not a table of values."""
    return isinstance(node, Mapping) and "value" in node


def merge(
    base: Mapping[str, Any], override: Mapping[str, Any], file: str
) -> tuple[dict[str, Any], frozenset[str]]:
    """``base`` with ``override`` applied, and the dotted keys it set, replaced or removed.

    Copy on write: ``base`` is never changed, so the cached shipped data stays as shipped.
    Errors name ``file``, the override's file.
    """
    touched: set[str] = set()

    def walk(into: Mapping[str, Any], over: Mapping[str, Any], path: str) -> dict[str, Any]:
        out = dict(into)
        for key, value in over.items():
            here = f"{path}.{key}" if path else str(key)
            current = out.get(key)
            if isinstance(value, Mapping) and value.get(REMOVE) is not None:
                if value.get(REMOVE) is not True or len(value) != 1:
                    raise ContentError(file, here, f"write `{REMOVE} = true` alone to remove it")
                if current is None:
                    raise ContentError(file, here, "nothing to remove: there is no such table")
                del out[key]
            elif is_leaf(value):
                if isinstance(current, Mapping) and not is_leaf(current):
                    raise ContentError(
                        file, here, "this is a table of values; override its values one by one"
                    )
                out[key] = value
            elif isinstance(value, Mapping) and is_leaf(current):
                raise ContentError(
                    file,
                    here,
                    "replace a value with a table { value = ..., stated|implied|reconstructed = "
                    '"..." } (it needs `value` and its provenance)',
                )
            elif isinstance(value, Mapping) and isinstance(current, Mapping):
                out[key] = walk(current, value, here)
                continue  # only the values inside count as touched
            else:
                out[key] = value
            touched.add(here)
        return out

    return walk(base, override, ""), frozenset(touched)


def fingerprint(data: Mapping[str, Any]) -> str:
    """SHA-256 of the merged data (shipped files plus any override): equal data, equal print.

    Records store it, so a replay can tell it runs on the content the game was played with.
    """
    text = json.dumps(data, sort_keys=True, ensure_ascii=False, default=str)
    return hashlib.sha256(text.encode()).hexdigest()
