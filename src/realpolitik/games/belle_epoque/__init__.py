"""La Belle Époque (Aleph Game Studio): 2-4 players, and the Non-Player Powers for solo play.

The content (map, Powers, tracks, cards) is data with provenance in ``data/``, loaded and validated
by :mod:`.content`; the rules are :data:`GAME` (see :mod:`.game`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...engine.provenance import AuditEntry
from .content import audit_entries, load_content, load_override_file
from .game import GAME, BelleEpoque


def audit_content(override: Mapping[str, Any] | None = None) -> list[AuditEntry]:
    """Every content value with its provenance (``realpolitik data audit la-belle-epoque``)."""
    return audit_entries(load_content(override))


__all__ = ["GAME", "BelleEpoque", "audit_content", "load_override_file"]
