"""A Pax Britannica Congress over a grievance (issue 16), in Chromium, with two human seats:
Great Britain on a desktop page and France on a phone page, the other five Powers bots.

France broke a treaty with Britain before the Congress (L826-827: a party "can convene a Congress
of Europe to invoke sanctions"): Britain holds a Casus Belli naming no Area, calls the Congress in
its dialog, and both pages name the question; Britain proposes that France pay it £5 and both
humans vote for it and sign, whatever the bots do in between (rules/congress.py: a grievance's
redress)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import httpx
import pytest

from realpolitik.games.pax_britannica.game import PaxBritannica
from tests.server.helpers import LiveServer, state, wait_until

from .lbe_support import TIMEOUT, move_shown, wait_for
from .test_pb_board_in_browser import (
    DESKTOP,
    answer_in_dialog,
    at_move,
    setup_with,
    seven_with_two_humans,
    view_of,
)

POSITION = {"casus_belli": [["GB", "FR", "treaty broken"]], "eti": 0, "phase": "negotiation"}
CONGRESS = ("call", "propose", "vote", "sign")


def _question(page: Any) -> str:
    node = page.locator("#dialog [data-congress-grievance]")
    node.wait_for(timeout=TIMEOUT)
    return str(node.inner_text())


def test_a_grievance_goes_to_the_congress_and_the_humans_settle_it(
    browser: Any, tmp_path: Path, shots: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(PaxBritannica, "setup", setup_with(POSITION))
    server = LiveServer(f"sqlite:///{tmp_path / 'games.db'}", bot_delay=0.0)
    with server, httpx.Client(base_url=server.base) as http:
        tokens, gb, fr = seven_with_two_humans(browser, server, http)
        current = wait_until(http, tokens["GB"], lambda s: "GB" in s["to_act"])
        assert view_of(current, "GB")["phase"] == "call"
        at_move(gb, current["move"])
        answer_in_dialog(gb, "congress call")
        paid = 0
        shot = {"GB": False, "FR": False}
        pages = {"GB": gb, "FR": fr}
        for _ in range(40):
            current = wait_until(
                http,
                tokens["GB"],
                lambda s: (
                    any(seat in s["to_act"] for seat in ("GB", "FR"))
                    or view_of(s, "GB")["phase"] not in CONGRESS
                ),
            )
            view = view_of(current, "GB")
            if view["phase"] not in CONGRESS:
                break
            seat = next(seat for seat in ("GB", "FR") if seat in current["to_act"])
            page = pages[seat]
            at_move(page, current["move"])
            text = _question(page)
            assert "Great Britain" in text and "France" in text and "treaty broken" in text, text
            legal = state(http, tokens[seat])["legal"].get(seat, [])
            if not shot[seat]:
                if seat == "GB":
                    page.locator("#dialog").screenshot(path=str(shots / "pb-desktop-congress-grievance.png"))
                else:
                    page.screenshot(path=str(shots / "pb-phone-congress-grievance.png"))
                shot[seat] = True
            if view["phase"] == "propose":
                choice = (
                    "propose redress pay 5"
                    if seat == "GB" and "propose redress pay 5" in legal
                    else "propose pass"
                )
                paid = 5 if choice != "propose pass" else paid
            elif view["phase"] == "vote":
                choice = "vote yes"
            else:
                choice = "sign"
            assert choice in legal, (choice, legal)
            answer_in_dialog(page, choice)
        final = state(http, tokens["GB"])
        log = " | ".join(str(e.get("text", e)) if isinstance(e, dict) else str(e) for e in final["log"])
        settled = re.search(r"The Congress settles GB's Casus Belli against FR: redress(?: pay (\d+))?", log)
        if settled is None:  # every treaty defeated, or one refused
            assert "No treaty for GB's Casus Belli against FR" in log or "Signatures:" in log, log
        elif settled.group(1):
            assert f"FR pays GB {settled.group(1)} pounds under the Congress's treaty" in log, log
        assert paid == 0 or "GB proposes for GB's Casus Belli against FR: redress pay 5" in log, log
        assert shot["GB"], "Britain's page never showed the grievance"
        gb.set_viewport_size(DESKTOP)
        wait_for(gb, lambda: move_shown(gb) >= final["move"], "the last move")
        assert gb.errors == [] and fr.errors == [], (gb.errors, fr.errors)
