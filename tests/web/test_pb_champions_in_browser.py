"""A Minor's champions on Pax Britannica's war panel (issue 16, L500-504), in Chromium: Belgium,
a Minor, is at war with Germany, and France, which defended Belgium's rights, is bound to it. Both
human pages (Britain on a desktop, France on a phone) show France as Belgium's champion on the war
line, the reminder that a separate peace leaving Belgium at war, or territory gained from a war
Belgium did not win, would cost France 5 VP and +3 ETI."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import pytest

from realpolitik.games.pax_britannica.game import PaxBritannica
from realpolitik.games.pax_britannica.rules.alliance import new_war
from realpolitik.games.pax_britannica.rules.state import State
from tests.server.helpers import LiveServer, wait_until

from .lbe_support import TIMEOUT
from .test_pb_board_in_browser import at_move, seven_with_two_humans, view_of


def _with_war(original: Any) -> Any:
    def setup(self: PaxBritannica, options: Any, seed: int, log: Any = None) -> State:
        state: State = original(self, options, seed, log)
        war = new_war("BE", "DE")
        war["sides"][0].append("FR")
        war["champions"] = {"FR": "BE"}  # rules/rights.py: bound when Belgium declared
        state.wars.append(war)
        return state

    return setup


def test_the_war_line_names_a_minor_s_champions(
    browser: Any, tmp_path: Path, shots: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(PaxBritannica, "setup", _with_war(PaxBritannica.setup))
    server = LiveServer(f"sqlite:///{tmp_path / 'games.db'}", bot_delay=0.0)
    with server, httpx.Client(base_url=server.base) as http:
        tokens, gb, fr = seven_with_two_humans(browser, server, http)
        current = wait_until(http, tokens["GB"], lambda s: bool(view_of(s, "GB")["wars"]))
        assert view_of(current, "GB")["wars"][0]["champions"] == {"FR": "BE"}
        for page, name in ((gb, "pb-desktop-champions.png"), (fr, "pb-phone-champions.png")):
            at_move(page, current["move"])
            line = page.locator('[data-panel="wars"] .war').first
            line.wait_for(timeout=TIMEOUT)
            assert "champions: FR (BE)" in line.inner_text(), line.inner_text()
            line.scroll_into_view_if_needed()
            page.screenshot(path=str(shots / name))
        assert gb.errors == [] and fr.errors == [], (gb.errors, fr.errors)
