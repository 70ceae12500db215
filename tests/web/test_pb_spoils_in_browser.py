"""Pax Britannica's division of the spoils on the web board (issue 16), in Chromium: Britain (a
desktop page) and France (a phone page) have beaten Belgium and both have Armies in the conquered
Kongo; the other five Powers are bots. The proposed division (the Kongo to Britain, the stronger
there, L1419-1421) comes to both as a dialog answered at once and sealed; France disputes it, so
both claimants hold the Kongo side by side and a Congress of Europe sits at once (L1422-1424).

The position is the one tests/pax_britannica/test_spoils.py builds; the server in this process
sets the game up with it."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

import httpx
import pytest

from realpolitik.games.pax_britannica.game import PaxBritannica
from realpolitik.games.pax_britannica.rules.peace import resolve_war
from realpolitik.games.pax_britannica.rules.state import State
from tests.pax_britannica.test_spoils import _kongo
from tests.server.helpers import LiveServer, wait_until

from .lbe_support import TIMEOUT, move_shown, wait_for
from .test_pb_board_in_browser import PHONE, answer_in_dialog, at_move, seven_with_two_humans, view_of

ORIGINAL_SETUP = PaxBritannica.setup


def _spoils_of_the_kongo(
    self: PaxBritannica, options: Mapping[str, Any], seed: int, log: Any = None
) -> State:
    patched = PaxBritannica.setup
    PaxBritannica.setup = ORIGINAL_SETUP  # type: ignore[method-assign]  # _kongo sets a game up itself
    try:
        state, war = _kongo()
    finally:
        PaxBritannica.setup = patched  # type: ignore[method-assign]
    resolve_war(state, war, "victory", [0], log)
    return state


def test_the_victors_answer_the_division_of_the_spoils_in_their_dialogs(
    browser: Any, tmp_path: Path, shots: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(PaxBritannica, "setup", _spoils_of_the_kongo)
    server = LiveServer(f"sqlite:///{tmp_path / 'games.db'}", bot_delay=0.0)
    with server, httpx.Client(base_url=server.base) as http:
        tokens, gb, fr = seven_with_two_humans(browser, server, http, styles_delay=0.8)
        current = wait_until(http, tokens["GB"], lambda s: set(s["to_act"]) == {"GB", "FR"})
        assert view_of(current, "GB")["spoils"]["proposal"] == {"kongo": "GB"}
        for page in (gb, fr):
            at_move(page, current["move"])
            page.locator('#dialog [data-spoils="kongo"]').wait_for(timeout=TIMEOUT)
            text = page.inner_text("#dialog")
            assert "The spoils of war" in text and "Kongo → " in text and "Great Britain" in text, text
            choices = page.locator("#dialog [data-action]").evaluate_all(
                "ns => ns.map(n => n.dataset.action)"
            )
            assert sorted(choices) == ["spoils agree", "spoils dispute"], choices
        gb.screenshot(path=str(shots / "pb-desktop-spoils.png"))
        # On the phone the map (wider than the screen) was scrolled to the Kongo, the place the
        # dialog is about, though its style sheet came late: the page waits for the sheet before
        # its first frame (generic.boardStyles), which otherwise has no width to scroll.
        box = fr.locator('.pb-map [data-area="kongo"]').bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], box
        # Sealed (L1419-1424): France's page learns that Britain answered, not what.
        move = move_shown(fr)
        answer_in_dialog(gb, "spoils agree")
        wait_for(fr, lambda: move_shown(fr) > move, "Britain's answer on France's page")
        wait_for(gb, lambda: "your answer: agree" in gb.inner_text("#dialog"), "Britain's own answer")
        assert "Answered: GB" in fr.inner_text("#dialog") and "agree" not in fr.inner_text("#dialog .muted")
        fr.screenshot(path=str(shots / "pb-phone-spoils.png"))
        answer_in_dialog(fr, "spoils dispute")
        # A dispute: both claimants in the Kongo side by side, and the Congress sits at once.
        current = wait_until(http, tokens["GB"], lambda s: view_of(s, "GB")["congress"] is not None)
        view = view_of(current, "GB")
        assert view["spoils"] is None and view["congress"]["area"] == "kongo"
        assert set(view["markers"]["kongo"]) == {"GB", "FR"}
        assert gb.errors == [] and fr.errors == [], (gb.errors, fr.errors)
