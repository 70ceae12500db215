"""Pax Britannica's Congress of Europe and a war on the web board (issue 16), in Chromium, with two
human seats (Great Britain on a desktop page, France on a phone page; Germany and the US bots).

The game starts from the position tests/pax_britannica/test_congress.py builds (France's Influence
under a Belgian Protectorate in Gabon: France's Casus Belli, L482-485, at the Negotiation Phase of
turn 1): the server in this process sets the game up with it. France calls the Congress in its
dialog, Britain (the host) proposes to award Gabon to Belgium, both vote in their dialogs (Germany's
bot votes too), France refuses to sign or the proposals fail, and in the War Phase a declaration is
made in the dialog: the war's sides and stage are then on both pages."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

import httpx
import pytest

from realpolitik.games.pax_britannica.game import PaxBritannica
from realpolitik.games.pax_britannica.rules.board import set_marker
from realpolitik.games.pax_britannica.rules.state import State
from realpolitik.games.pax_britannica.rules.turn import advance
from tests.pax_britannica.support import clear_area
from tests.server.helpers import LiveServer, create, seat_tokens, state, wait_until

from .lbe_support import TIMEOUT, move_shown, wait_for
from .test_pb_board_in_browser import DESKTOP, PB, PHONE, at_move, calm, open_pb, view_of

ORIGINAL_SETUP = PaxBritannica.setup

# Each human's choices, first legal one wins (France resists Belgium's award; Britain backs it).
CHOICES = {
    "GB": (
        "propose award BE",
        "propose award FR",
        "propose codominion",
        "vote yes",
        "declare FR",
        "treaty honour",
    ),
    "FR": ("congress call", "vote no", "refuse", "declare BE", "declare GB", "treaty honour"),
}


def _gabon_congress(self: PaxBritannica, options: Mapping[str, Any], seed: int, log: Any = None) -> State:
    state = ORIGINAL_SETUP(self, options, seed, log)
    clear_area(state, "gabon")
    set_marker(state, "gabon", "FR", "influence", True)
    set_marker(state, "gabon", "BE", "protectorate", True)
    state.units["BE"]["gabon"] = ["A1"]
    state.cbs = [["FR", "BE", "protectorate in gabon"]]
    state.flow.clear()
    state.phase = "negotiation"
    advance(state, log)
    return state


def _humans_decide(current: dict[str, Any]) -> bool:
    return bool(current["outcome"]) or any(s in ("GB", "FR") for s in current["to_act"])


def _choose(seat: str, legal: list[str]) -> str:
    return next((a for a in CHOICES[seat] if a in legal), calm(legal))


def test_a_congress_vote_and_a_war_on_two_humans_pages(
    browser: Any, tmp_path: Path, shots: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(PaxBritannica, "setup", _gabon_congress)
    server = LiveServer(f"sqlite:///{tmp_path / 'games.db'}", bot_delay=0.0)
    with server, httpx.Client(base_url=server.base) as http:
        created = create(
            http, game=PB, seed=1, options={"players": 4, "turns": 2}, controllers={"DE": "bot", "US": "bot"}
        )
        tokens = seat_tokens(created)
        gb = open_pb(browser, f"{server.base}/play/{tokens['GB']}", DESKTOP)
        fr = open_pb(browser, f"{server.base}/play/{tokens['FR']}", PHONE)
        pages = {"GB": gb, "FR": fr}
        current = wait_until(http, tokens["FR"], _humans_decide)
        assert current["to_act"] == ["FR"] and view_of(current, "FR")["phase"] == "call"
        at_move(fr, current["move"])
        fr.locator('#dialog [data-decision="congress"]').wait_for(timeout=TIMEOUT)
        assert (
            fr.get_attribute('.pb-map [data-area="gabon"]', "data-markers") == "BE:protectorate FR:influence"
        )

        saw_vote = saw_proposal = False
        for _ in range(60):
            current = wait_until(http, tokens["GB"], _humans_decide)
            if current["outcome"] or view_of(current, "GB")["wars"]:
                break
            seat = next(s for s in current["to_act"] if s in pages)
            mine = state(http, tokens[seat])
            legal = mine["legal"][seat]
            action = _choose(seat, legal)
            page = pages[seat]
            at_move(page, mine["move"])
            view = view_of(mine, seat)
            if view["phase"] == "vote":
                # The vote in the dialog: the proposal in words, the Congress's Area ringed.
                text = page.inner_text("#dialog")
                assert "Congress of Europe" in text and "Gabon" in text, text
                assert "Proposal:" in text
                assert page.locator('.pb-map [data-area="gabon"] .congress-ring').count() == 1
                if not saw_vote:
                    page.screenshot(path=str(shots / f"pb-{'desktop' if seat == 'GB' else 'phone'}-vote.png"))
                saw_vote = True
            if view["phase"] == "propose":
                saw_proposal = True
            button = page.locator(f'#dialog [data-action="{action}"]')
            if button.count():
                move = move_shown(page)
                button.click()
                wait_for(page, lambda p=page, m=move: move_shown(p) > m, f"{seat}'s {action!r}")
            else:  # a choice with no place in the dialog (a war's maneuver): through the API
                response = http.post(
                    f"/api/play/{tokens[seat]}/action",
                    json={"action": action, "move": mine["move"], "seat": seat},
                )
                # a bot answering the same sealed decision first: choose again
                assert response.status_code == 200 or "moved on" in response.text, response.text
        assert saw_proposal and saw_vote, "the Congress's proposal and vote were not reached"
        wars = view_of(current, "GB")["wars"]
        assert wars, f"no war was declared (phase {view_of(current, 'GB')['phase']})"
        sides = {p for side in wars[0]["sides"] for p in side}
        for page in (gb, fr):
            at_move(page, current["move"])
            panel = page.locator('[data-panel="wars"] .war').first
            panel.wait_for(timeout=TIMEOUT)
            shown = {n.get_attribute("data-seat") for n in panel.locator(".chip").all()}
            assert sides <= shown, (sides, shown)
            assert f"stage {wars[0]['stage']}" in panel.inner_text()
        gb.screenshot(path=str(shots / "pb-desktop-war.png"))
        fr.screenshot(path=str(shots / "pb-phone-war.png"))
        assert gb.errors == [] and fr.errors == [], (gb.errors, fr.errors)
