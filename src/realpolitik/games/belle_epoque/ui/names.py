"""Names and card texts as players read them. The content keeps notes for its readers inside a few
texts (a reconstructed card "(name unknown)", a reading "(regola dell'esempio italiano, ...)"); they
are provenance, not game text, so the screens leave them out."""

from __future__ import annotations

import re

_NOTES = re.compile(
    r"\s*\((?:name unknown|nome sconosciuto"
    r"|regola dell'esempio italiano[^()]*|rule of the Italian example[^()]*)\)"
)


def public(text: str) -> str:
    """``text`` without the content's notes to its own readers."""
    return _NOTES.sub("", text)
