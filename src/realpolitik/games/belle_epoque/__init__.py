"""La Belle Époque (Aleph Game Studio): 2-4 players, and the Non-Player Powers for solo play.

The content (map, Powers, tracks, cards) is data with provenance in ``data/``, loaded and validated
by :mod:`.content`. The rules module (``GAME``) lands with its issue; until then the game is listed
as content only.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ...engine.provenance import AuditEntry

GAME = None
"""The rules (the :class:`~realpolitik.engine.game.Game` object); not implemented yet."""


def audit_content(override: Mapping[str, Any] | None = None) -> list[AuditEntry]:
    """Every content value with its provenance (``realpolitik data audit la-belle-epoque``)."""
    from .content import audit_entries, load_content

    return audit_entries(load_content(override))


def load_override_file(path: str | Path) -> dict[str, Any]:
    """Read a content override file (``--content FILE.toml``), validated like the shipped data."""
    from .content import load_override_file as load

    return load(path)
