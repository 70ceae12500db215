"""Struggle of Empires' combat dialog in Chromium (issue 17): a game played through the API, the
humans preferring attacks, until a human must answer inside an attack (L248-333); that human's
page, on a phone and in French, shows the attack (attacker, target, region ringed on the map) and
exactly the legal answers as finger-sized buttons; one of them is played from the dialog."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import httpx

from tests.server.helpers import LiveServer, create, drive, seat_tokens, state

from .lbe_support import PHONE, TIMEOUT, move_shown, wait_for
from .test_soe_board_in_browser import SOE, kind, open_soe, view_of

COMBAT = {"offer", "support", "lose", "assign", "naval", "boost", "reserve", "withdraw"}
HUMANS = {"GB", "FR"}


def test_a_human_answers_inside_an_attack_from_the_combat_dialog(
    browser: Any, tmp_path: Path, shots: Path
) -> None:
    rng = random.Random(4)

    def pick(legal: list[str]) -> str:
        attacks = [a for a in legal if a.startswith("attack ")]
        return rng.choice(attacks) if attacks and rng.random() < 0.8 else rng.choice(legal)

    server = LiveServer(f"sqlite:///{tmp_path / 'games.db'}", bot_delay=0.0)
    with server, httpx.Client(base_url=server.base) as http:
        created = create(http, game=SOE, seed=7, options={"players": 3}, controllers={"PR": "bot"})
        tokens = seat_tokens(created)
        current = drive(
            http,
            tokens,
            until=lambda s: kind(s) in COMBAT and bool(set(s["to_act"]) & HUMANS),
            pick=pick,
            max_moves=800,
        )
        assert kind(current) in COMBAT, "no human had to answer inside an attack"
        seat = next(s for s in current["to_act"] if s in HUMANS)
        page = open_soe(browser, f"{server.base}/play/{tokens[seat]}?lang=fr", PHONE)
        wait_for(page, lambda: move_shown(page) == current["move"], "the page at the combat")
        combat = view_of(current, seat)["combat"]
        dialog = page.locator("#dialog .soe-combat")
        dialog.wait_for(state="visible", timeout=TIMEOUT)
        region = current["views"][0]["view"]["combat"]["region"]
        assert combat["region"] == region
        assert "in-combat" in (page.get_attribute(f'.soe-map [data-region="{region}"]', "class") or "")
        words = dialog.inner_text()
        assert combat["attacker"] in words and "Combat" in words
        legal = state(http, tokens[seat])["legal"][seat]
        buttons = page.locator("#dialog .soe-combat [data-action]")
        offered = [buttons.nth(i).get_attribute("data-action") for i in range(buttons.count())]
        assert sorted(offered) == sorted(legal)
        for i in range(buttons.count()):
            box = buttons.nth(i).bounding_box()
            assert box and box["height"] >= 40
        page.screenshot(path=str(shots / "soe-phone-combat-fr.png"))
        move = move_shown(page)
        buttons.first.click()
        wait_for(page, lambda: move_shown(page) > move, "the answer")
        assert page.errors == []
