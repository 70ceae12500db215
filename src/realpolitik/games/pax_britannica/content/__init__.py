"""Pax Britannica's content (map, Powers, tables) as data with provenance (``data/*.toml``)."""

from __future__ import annotations

from .build import CONTROL, LEVELS, PACKAGE, RANK, Area, Content, Crt, Event, Power, load_content

__all__ = ["CONTROL", "LEVELS", "PACKAGE", "RANK", "Area", "Content", "Crt", "Event", "Power", "load_content"]
