"""La Belle Époque's own interfaces: the terminal screen and rules help (:mod:`.terminal`,
:mod:`.help`), the browser board (:mod:`.web` and ``static/``). The platform reaches them through the
game's plug-in; nothing here knows the terminal loop or the web server."""

from __future__ import annotations

from collections.abc import Mapping

from ....engine import JSON, Renderer


class BelleEpoqueTerminal:
    """La Belle Époque's :class:`~realpolitik.engine.plugin.TerminalUI` (rich is imported only
    when a screen is made)."""

    def renderer(self, options: Mapping[str, JSON], lang: str) -> Renderer:
        from .terminal import make_renderer  # noqa: PLC0415 - rich is not needed to play headless

        return make_renderer(options, lang)
