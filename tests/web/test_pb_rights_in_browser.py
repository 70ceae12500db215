"""A Minor's rights on Pax Britannica's web board (issue 16, L490-504), in Chromium, with two human
seats: Great Britain on a desktop page and France on a phone page, the other five Powers bots.

Germany has just established a Protectorate in the Kongo over Belgium's Influence. After Colonial
Combat both humans are asked in a dialog of their own, sealed, whether they defend Belgium's rights
(the bots pass); France's page learns that Britain answered, not what; Britain defends, so the
Influence stays and a Congress of Europe sits without a call."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import pytest

from realpolitik.games.pax_britannica.game import PaxBritannica
from tests.server.helpers import LiveServer, wait_until

from .lbe_support import TIMEOUT, move_shown, wait_for
from .test_pb_board_in_browser import answer_in_dialog, at_move, setup_with, seven_with_two_humans, view_of

POSITION = {
    "markers": {"kongo": {"BE": "influence", "DE": "protectorate"}},
    "units": {"DE": {"kongo": ["A3"]}},
    "phase": "combat",
}


def test_the_players_are_asked_in_a_dialog_whether_to_defend_a_minor(
    browser: Any, tmp_path: Path, shots: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(PaxBritannica, "setup", setup_with(POSITION))
    server = LiveServer(f"sqlite:///{tmp_path / 'games.db'}", bot_delay=0.0)
    with server, httpx.Client(base_url=server.base) as http:
        tokens, gb, fr = seven_with_two_humans(browser, server, http)
        current = wait_until(http, tokens["GB"], lambda s: set(s["to_act"]) == {"GB", "FR"})
        view = view_of(current, "GB")
        assert view["rights"]["area"] == "kongo" and view["rights"]["rulers"] == ["DE"]
        for page in (gb, fr):
            at_move(page, current["move"])
            page.locator('#dialog [data-rights="BE kongo"]').wait_for(timeout=TIMEOUT)
            text = page.inner_text("#dialog")
            assert "Belgium holds Influence in Kongo, where Germany now holds Control" in text, text
            assert "or lose 5 VP" in text, text
            choices = page.locator("#dialog [data-action]").evaluate_all(
                "ns => ns.map(n => n.dataset.action)"
            )
            assert sorted(choices) == ["rights defend", "rights pass"], choices
        gb.screenshot(path=str(shots / "pb-desktop-rights.png"))
        move = move_shown(fr)
        answer_in_dialog(gb, "rights defend")
        wait_for(fr, lambda: move_shown(fr) > move, "Britain's answer on France's page")
        text = fr.inner_text("#dialog")
        assert "Answered: GB" in text and "your answer" not in text, text  # who answered, not what
        fr.screenshot(path=str(shots / "pb-phone-rights.png"))
        answer_in_dialog(fr, "rights pass")
        current = wait_until(http, tokens["GB"], lambda s: view_of(s, "GB")["congress"] is not None)
        view = view_of(current, "GB")
        assert view["markers"]["kongo"]["BE"]["level"] == "influence"  # kept for the Congress
        assert view["congress"]["area"] == "kongo"
        assert ["GB", "DE", "rights of BE in kongo"] in view["casus_belli"]
        assert gb.errors == [] and fr.errors == [], (gb.errors, fr.errors)
