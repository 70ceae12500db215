"""The audit walk: one entry per content value, with what it is, its file and its provenance.

``realpolitik data audit <game>`` counts the entries by provenance per kind; ``--list`` shows every
reconstructed value with its rationale.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any

from pydantic import BaseModel, ValidationError

from ..provenance import AuditEntry, Provenance
from .leaf import Leaf
from .origins import Origins

KeyPath = tuple[str, ...]
"""A value's place in the data: ``("territory", "china", "spaces")``."""
RenderHook = Callable[[Any], str | None]
"""A game's own way to show some values (``2 armies -> 1 cube``); None leaves it to :func:`render`."""


def top_kind(path: KeyPath) -> str:
    """The default kind of a value: its top-level table (``territory``)."""
    return path[0]


def render(value: Any, hook: RenderHook | None = None) -> str:
    """A value as people read it in the audit; ``hook`` goes first, at every depth."""
    if hook is not None:
        shown = hook(value)
        if shown is not None:
            return shown
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, BaseModel):
        fields = value.model_dump(exclude_defaults=True)
        return ", ".join(f"{k}={render(v, hook)}" for k, v in fields.items()) or "nothing"
    if isinstance(value, list):
        return "[" + ", ".join(render(item, hook) for item in value) + "]"
    if isinstance(value, Mapping):
        return "{" + ", ".join(f"{k}: {render(v, hook)}" for k, v in value.items()) + "}"
    return str(value)


def leaves(node: Any, path: KeyPath = ()) -> Iterator[tuple[KeyPath, Leaf[Any]]]:
    """Every leaf under a checked model ``node`` with its path, in file-schema order."""
    if isinstance(node, Leaf):
        yield path, node
    elif isinstance(node, BaseModel):
        for name in type(node).model_fields:
            value = getattr(node, name)
            if value is not None:
                yield from leaves(value, (*path, name))
    elif isinstance(node, Mapping):
        for key, value in node.items():
            yield from leaves(value, (*path, str(key)))


def raw_leaves(
    node: Mapping[str, Any], path: KeyPath, leaf: type[Leaf[Any]] = Leaf[Any]
) -> Iterator[tuple[KeyPath, Leaf[Any]]]:
    """Leaves of an unchecked table (an override shipped as data); malformed ones are skipped.

    ``leaf`` is the game's leaf model (a subclass of :class:`Leaf`, parametrized with ``Any``).
    """
    for key, value in node.items():
        if isinstance(value, Mapping) and "value" in value:
            try:
                yield (*path, key), leaf.model_validate(dict(value))
            except ValidationError:
                continue
        elif isinstance(value, Mapping):
            yield from raw_leaves(value, (*path, key), leaf)


def collect(
    found: Iterable[tuple[KeyPath, Leaf[Any]]],
    origins: Origins,
    kind_of: Callable[[KeyPath], str] = top_kind,
    hook: RenderHook | None = None,
) -> tuple[tuple[AuditEntry, ...], dict[str, Provenance]]:
    """The audit entries of ``found`` (from :func:`leaves`) and the provenance by dotted key."""
    entries = []
    provenance = {}
    for path, leaf in found:
        key = ".".join(path)
        prov = leaf.provenance()
        provenance[key] = prov
        entries.append(AuditEntry(kind_of(path), key, render(leaf.value, hook), prov, origins.file_of(key)))
    return tuple(entries), provenance
