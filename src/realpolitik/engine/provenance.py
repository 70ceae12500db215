"""Where a content value comes from.

The rulebooks lost their images, so much of every game's content is missing. Each value a game ships
says whether the publisher stated it, whether it was worked out from an example, or whether we
designed it to fit every example. Reconstructed values are never presented as the publisher's.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Status(StrEnum):
    """How a content value is known."""

    STATED = "stated"
    """The rulebook says it outright (``source`` cites the section)."""
    IMPLIED = "implied"
    """Worked out from an example or arithmetic in the text (``source`` gives the derivation)."""
    RECONSTRUCTED = "reconstructed"
    """Designed by us to fit every example (``rationale`` says why this value)."""


@dataclass(frozen=True, slots=True)
class Provenance:
    """The origin of one content value."""

    status: Status
    source: str
    """Rulebook section (stated), example and derivation (implied), or the gap (reconstructed)."""
    rationale: str = ""
    """One line on why a reconstructed value was chosen. Required for reconstructed values."""

    def __post_init__(self) -> None:
        if self.status is Status.RECONSTRUCTED and not self.rationale.strip():
            raise ValueError("a reconstructed value needs a one-line rationale")
        if self.status is not Status.RECONSTRUCTED and not self.source.strip():
            raise ValueError(f"a {self.status.value} value needs a source (section or example)")


@dataclass(frozen=True, slots=True)
class AuditEntry:
    """One content value as listed by ``realpolitik data audit``."""

    kind: str
    """Content kind, e.g. ``territory``, ``power``, ``event-card``."""
    key: str
    """Where the value lives, e.g. ``territory.belgium.spaces``."""
    value: str
    """The value, rendered for people."""
    provenance: Provenance
    file: str = ""
    """The data file that holds the value, relative to the game's data folder."""
