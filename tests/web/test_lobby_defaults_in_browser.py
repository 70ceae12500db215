"""Issue 19's sensible defaults in the lobby: opponents are the heuristic bot, the 2- and 3-player
seat plans follow the rules (one menu per player, §3.2), and a solo game is a choice."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from tests.server.helpers import LiveServer

from .lbe_support import TIMEOUT


def _wait_for(page: Any, check: Any, what: str) -> None:
    deadline = time.monotonic() + TIMEOUT / 1000
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        page.wait_for_timeout(20)


def test_the_lobby_seats_players_by_the_rules_with_heuristic_opponents(browser: Any, tmp_path: Path) -> None:
    with LiveServer(f"sqlite:///{tmp_path / 'games.db'}", bot_delay=0.0) as server:
        lobby = browser.new_page()
        errors: list[str] = []
        lobby.on("pageerror", lambda error: errors.append(str(error)))
        lobby.goto(f"{server.base}/?lang=en")
        lobby.wait_for_selector("body[data-ready]", timeout=TIMEOUT)
        _wait_for(lobby, lambda: lobby.locator("[data-player]").count() == 4, "four players")
        values = [lobby.input_value(f"#ctl-{seat}") for seat in ("GB", "FR", "CE", "RU")]
        assert values == ["human", "bot:heuristic", "bot:heuristic", "bot:heuristic"]

        # §3.2: two players hold two Powers each: one menu for each player.
        lobby.select_option("#opt-players", label="2")
        _wait_for(lobby, lambda: lobby.locator("[data-player]").count() == 2, "two players")
        assert lobby.locator('[data-player="GB+FR"] select').count() == 1
        assert lobby.locator('[data-player="CE+RU"] select').count() == 1
        assert lobby.input_value("#ctl-CE") == "bot:heuristic"
        lobby.select_option("#opt-players", label="3")
        _wait_for(lobby, lambda: lobby.locator("[data-player]").count() == 3, "three players")

        # Solo is one click: you against the Non-Player Powers (§13).
        lobby.select_option("#opt-players", label="4")
        _wait_for(lobby, lambda: lobby.locator("[data-player]").count() == 4, "four players again")
        lobby.click("#solo")
        _wait_for(lobby, lambda: lobby.is_disabled("#opt-players"), "the players count derived")
        assert [lobby.input_value(f"#ctl-{seat}") for seat in ("FR", "CE", "RU")] == ["np", "np", "np"]
        lobby.click("#go")
        lobby.wait_for_selector("#links:not([hidden])", timeout=TIMEOUT)
        assert lobby.locator('[data-automaton="RU"]').count() == 1
        assert not errors, errors
