"""Pax Britannica's canal question on the web board (issue 16), in Chromium, with two human seats:
Great Britain on a desktop page and France on a phone page, the other five Powers bots.

The game starts from the position of the scenario file
tests/pax_britannica/scenarios/canals_suez_denied_by_a_neutral.toml (L1508-1533): France holds a
Casus Belli against Russia, Britain, neutral, Controls Egypt. France declares in the War Phase's
dialog; Britain declines to volunteer its Areas for coaling in its own (L1274-1276); at the start
of the War Sequence Britain's dialog asks, one Alliance at a time, whether to close the Suez Canal
(the passage, its two zones, the neutral's risk in words); Britain closes it to France and leaves
it open to Russia, so France's dialog offers a declaration on Britain at once (L1527-1530) while
the war panel shows the canal closed to France."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import pytest

from realpolitik.games.pax_britannica.game import PaxBritannica
from tests.server.helpers import LiveServer, wait_until

from .lbe_support import TIMEOUT, wait_for
from .test_pb_board_in_browser import answer_in_dialog, at_move, setup_with, seven_with_two_humans, view_of

SCENARIO = Path(__file__).parents[1] / "pax_britannica" / "scenarios" / "canals_suez_denied_by_a_neutral.toml"


def _human_to_act(current: dict[str, Any]) -> bool:
    return bool(current["outcome"]) or any(s in ("GB", "FR") for s in current["to_act"])


def test_the_controller_of_suez_closes_it_in_its_dialog_and_the_denied_declare_at_once(
    browser: Any, tmp_path: Path, shots: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(PaxBritannica, "setup", setup_with(SCENARIO))
    server = LiveServer(f"sqlite:///{tmp_path / 'games.db'}", bot_delay=0.0)
    with server, httpx.Client(base_url=server.base) as http:
        tokens, gb, fr = seven_with_two_humans(browser, server, http)

        # France declares on Russia in the War Phase's dialog.
        current = wait_until(http, tokens["FR"], _human_to_act)
        assert current["to_act"] == ["FR"] and view_of(current, "FR")["phase"] == "declare"
        at_move(fr, current["move"])
        answer_in_dialog(fr, "declare RU")

        # The neutrals with coastal Control are asked about coaling first (L1274-1276): Britain in
        # its dialog, the US is a bot.
        current = wait_until(http, tokens["GB"], _human_to_act)
        assert current["to_act"] == ["GB"] and view_of(current, "GB")["phase"] == "coal"
        at_move(gb, current["move"])
        gb.locator('#dialog [data-coal="GB"]').wait_for(timeout=TIMEOUT)
        assert "Volunteer my Areas to France's Alliance for coaling" in gb.inner_text("#dialog")
        gb.locator("#dialog").screenshot(path=str(shots / "pb-desktop-coal-dialog.png"))
        answer_in_dialog(gb, "coal none")
        current = wait_until(http, tokens["GB"], _human_to_act)
        view = view_of(current, "GB")
        assert current["to_act"] == ["GB"] and view["phase"] == "deny", (current["to_act"], view["phase"])
        assert view["denial"]["alliance"] == ["FR"] and view["denial"]["neutral"] is True

        # Britain's dialog: the passage, its zones, the Alliance asked about, the neutral's risk.
        at_move(gb, current["move"])
        gb.locator('#dialog .pb-denial[data-passage="suez"]').wait_for(timeout=TIMEOUT)
        text = gb.inner_text("#dialog")
        assert "Great Britain Controls Egypt: close the Suez Canal to the Alliance of" in text, text
        assert "Mediterranean" in text and "Indian Ocean" in text, text
        assert gb.locator('#dialog [data-neutral="true"]').count() == 1
        choices = gb.locator("#dialog [data-action]").evaluate_all("ns => ns.map(n => n.dataset.action)")
        assert sorted(choices) == ["allow suez FR", "deny suez FR"], choices
        assert "Deny the Suez Canal to France's Alliance" in text, text
        gb.screenshot(path=str(shots / "pb-desktop-deny-suez.png"))
        # France, waiting, sees the same question (public) and no buttons.
        at_move(fr, current["move"])
        fr.locator('#dialog .pb-denial[data-asked="GB"]').wait_for(timeout=TIMEOUT)
        assert fr.locator("#dialog [data-action]").count() == 0
        fr.screenshot(path=str(shots / "pb-phone-deny-waiting.png"))
        answer_in_dialog(gb, "deny suez FR")

        # The next question: Russia's Alliance, in a dialog opened anew.
        russia = gb.locator('#dialog [data-action="allow suez RU"]')
        wait_for(gb, lambda: russia.count() == 1, "Russia's question")
        answer_in_dialog(gb, "allow suez RU")

        # France holds a Casus Belli against Britain, usable at once: its dialog offers it, and the
        # war panel shows the canal closed to France.
        current = wait_until(http, tokens["FR"], _human_to_act)
        assert current["to_act"] == ["FR"], current["to_act"]
        view = view_of(current, "FR")
        assert view["wars"][0]["closed"] == {"suez": [0]}
        assert ["FR", "GB", "denied suez"] in view["casus_belli"]
        at_move(fr, current["move"])
        fr.locator('#dialog [data-action="declare GB"]').wait_for(timeout=TIMEOUT)
        held = fr.inner_text('#dialog [data-held="FR"]')
        assert "holds Casus Belli against" in held and "GB (denied suez)" in held, held
        panel = fr.inner_text('[data-panel="wars"]')
        assert "the Suez Canal denied to FR" in panel, panel
        fr.screenshot(path=str(shots / "pb-phone-declare-after-suez.png"))
        answer_in_dialog(fr, "declare GB")
        current = wait_until(http, tokens["GB"], lambda s: len(view_of(s, "GB")["wars"][0]["sides"][1]) == 2)
        assert view_of(current, "GB")["wars"][0]["sides"] == [["FR"], ["RU", "GB"]]  # L1529-1530
        assert gb.errors == [] and fr.errors == [], (gb.errors, fr.errors)
