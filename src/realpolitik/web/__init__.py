"""The browser client: static HTML, CSS and JavaScript (no build step), served by
:mod:`realpolitik.server`."""

from __future__ import annotations

from pathlib import Path

STATIC_DIR = Path(__file__).parent / "static"
