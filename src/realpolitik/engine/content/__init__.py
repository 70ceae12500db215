"""Content machinery shared by every game: data with provenance, overrides, audit, errors.

A game's ``data/*.toml`` holds every value as a leaf, ``{ value = ..., stated = "§x" }`` (or
``implied = "..."``, or ``reconstructed = "G4", why = "..."``). The game describes its files with
:class:`Strict` models of :class:`Leaf` fields and writes one ``build`` function; from here it gets
the reading of ``data/``, ``--content`` override files (with ``{ _remove = true }``), errors that
name the file and key (:class:`ContentError`), the audit walk (``realpolitik data audit``) and the
fingerprint records store. :class:`ContentPackage` puts these together; see ``docs/content.md``.
"""

from __future__ import annotations

from .audit import KeyPath, RenderHook, collect, leaves, raw_leaves, render, top_kind
from .errors import ContentError
from .files import (
    REMOVE,
    ContentOverride,
    fingerprint,
    is_leaf,
    merge,
    override_name,
    read_data_dir,
    read_override_file,
    read_toml,
)
from .leaf import PROVENANCE_KEYS, Leaf, NonNegInt, PosInt, Slug, Strict, Text
from .origins import Origins
from .package import ContentPackage

__all__ = [
    "PROVENANCE_KEYS",
    "REMOVE",
    "ContentError",
    "ContentOverride",
    "ContentPackage",
    "KeyPath",
    "Leaf",
    "NonNegInt",
    "Origins",
    "PosInt",
    "RenderHook",
    "Slug",
    "Strict",
    "Text",
    "collect",
    "fingerprint",
    "is_leaf",
    "leaves",
    "merge",
    "override_name",
    "raw_leaves",
    "read_data_dir",
    "read_override_file",
    "read_toml",
    "render",
    "top_kind",
]
