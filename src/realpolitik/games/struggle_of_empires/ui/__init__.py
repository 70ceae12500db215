"""Struggle of Empires' own interfaces: the terminal screen (:mod:`.terminal`), in English and
French, and its rules help (:mod:`.help`). The platform reaches them through the game's plug-in;
nothing here knows the terminal loop."""

from __future__ import annotations

from collections.abc import Mapping

from ....engine import JSON, Renderer


class StruggleOfEmpiresTerminal:
    """Struggle of Empires' :class:`~realpolitik.engine.plugin.TerminalUI` (rich is imported only
    when a screen is made)."""

    def renderer(self, options: Mapping[str, JSON], lang: str) -> Renderer:
        from .terminal import make_renderer  # noqa: PLC0415 - rich is not needed to play headless

        return make_renderer(options, lang)
