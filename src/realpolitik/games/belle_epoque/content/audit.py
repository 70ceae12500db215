"""One audit entry per content value: what it is, where it lives and where it comes from."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from pydantic import BaseModel, ValidationError

from ....engine.provenance import AuditEntry
from .map import ArmamentRate
from .model import Content
from .origins import Origins
from .schema import Leaf, RawContent, RawRate

KINDS = {
    "game": "game",
    "dispute": "dispute",
    "continent": "continent",
    "map": "map",
    "territory": "territory",
    "minor": "minor-nation",
    "minor_cubes": "minor-cubes",
    "setup": "power",
    "power": "power",
    "prestige": "prestige-track",
    "fleet_track": "fleet-track",
    "event_decks": "event-card",
    "event": "event-card",
    "intrigue": "intrigue-card",
    "national": "national-card",
    "solo": "solo",
    "np": "np-power",
    "variant": "variant",
}
"""Top-level table -> the content kind shown by ``realpolitik data audit``."""


def audit_entries(content: Content) -> list[AuditEntry]:
    """One entry per content value (kind, key, rendered value, provenance, file), in file order.

    ``realpolitik data audit la-belle-epoque`` counts them by provenance per kind; ``--list`` shows
    every reconstructed value with its rationale.
    """
    return list(content.audit)


def kind_of(path: tuple[str, ...]) -> str:
    if path[0] == "power" and len(path) > 2 and path[2] in ("objectives", "great_work"):
        return "objective" if path[2] == "objectives" else "great-work"
    return KINDS.get(path[0], path[0])


def render(value: Any) -> str:
    """A value as people read it in the audit (``2 armies + 1 fleet -> 2 cubes``)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, RawRate):
        return str(ArmamentRate(value.armies, value.fleets, value.cubes))
    if isinstance(value, BaseModel):
        shown = value.model_dump(exclude_defaults=True)
        return ", ".join(f"{k}={render(v)}" for k, v in shown.items()) or "nothing"
    if isinstance(value, list):
        return "[" + ", ".join(render(item) for item in value) + "]"
    if isinstance(value, Mapping):
        return "{" + ", ".join(f"{k}: {render(v)}" for k, v in value.items()) + "}"
    return str(value)


def leaves(node: Any, path: tuple[str, ...] = ()) -> Iterator[tuple[tuple[str, ...], Leaf[Any]]]:
    """Every leaf under ``node`` with its path, in file-schema order."""
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


def raw_leaves(node: Mapping[str, Any], path: tuple[str, ...]) -> Iterator[tuple[tuple[str, ...], Leaf[Any]]]:
    """Leaves of an unchecked override table (a shipped variant); malformed ones are skipped."""
    for key, value in node.items():
        if isinstance(value, Mapping) and "value" in value:
            try:
                yield (*path, key), Leaf[Any].model_validate(dict(value))
            except ValidationError:
                continue
        elif isinstance(value, Mapping):
            yield from raw_leaves(value, (*path, key))


def collect(
    raw: RawContent, origins: Origins
) -> tuple[tuple[AuditEntry, ...], dict[str, Any], dict[str, str]]:
    """The audit entries, the provenance by key and the EN/IT notes by key."""
    found = list(leaves(raw))  # a variant's override is a plain table: no Leaf objects inside
    for vid, variant in raw.variant.items():
        found.extend(raw_leaves(variant.override, ("variant", vid, "override")))
    entries = []
    provenance = {}
    en_it = {}
    for path, leaf in found:
        key = ".".join(path)
        prov = leaf.provenance()
        provenance[key] = prov
        if leaf.en_it:
            en_it[key] = leaf.en_it.strip()
        entries.append(AuditEntry(kind_of(path), key, render(leaf.value), prov, origins.file_of(key)))
    return tuple(entries), provenance, en_it
