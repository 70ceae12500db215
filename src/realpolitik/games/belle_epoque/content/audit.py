"""La Belle Époque's audit: its content kinds, its way of showing exchange rates, its EN/IT notes.

The walk itself is the engine's (:mod:`realpolitik.engine.content.audit`).
"""

from __future__ import annotations

from typing import Any

from ....engine.content import KeyPath, Origins, leaves, raw_leaves
from ....engine.content import collect as collect_entries
from ....engine.provenance import AuditEntry, Provenance
from .map import ArmamentRate
from .model import Content
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


def kind_of(path: KeyPath) -> str:
    if path[0] == "power" and len(path) > 2 and path[2] in ("objectives", "great_work"):
        return "objective" if path[2] == "objectives" else "great-work"
    return KINDS.get(path[0], path[0])


def show_rate(value: Any) -> str | None:
    """An exchange rate as people read it (``2 armies + 1 fleet -> 2 cubes``)."""
    if isinstance(value, RawRate):
        return str(ArmamentRate(value.armies, value.fleets, value.cubes))
    return None


def collect(
    raw: RawContent, origins: Origins
) -> tuple[tuple[AuditEntry, ...], dict[str, Provenance], dict[str, str]]:
    """The audit entries, the provenance by key and the EN/IT notes by key."""
    found = list(leaves(raw))  # a variant's override is a plain table: no Leaf objects inside
    for vid, variant in raw.variant.items():
        found.extend(raw_leaves(variant.override, ("variant", vid, "override"), Leaf[Any]))
    entries, provenance = collect_entries(found, origins, kind_of, show_rate)
    en_it = {
        ".".join(path): leaf.en_it.strip() for path, leaf in found if isinstance(leaf, Leaf) and leaf.en_it
    }
    return entries, provenance, en_it
