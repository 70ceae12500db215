"""A game to its end in the browser: four bots play it out while a spectator watches, the final
board with the scores is kept as a screenshot, the record downloaded from the page is uploaded in
the lobby, and the replay is stepped through move by move."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx

from tests.server.helpers import LBE, LiveServer, create, token, wait_until

from .lbe_support import TIMEOUT
from .test_play_in_browser import _move, _wait_for

BOTS = {"GB": "bot", "FR": "bot", "CE": "bot", "RU": "bot"}


def _step(page: Any, button: str, expected: int) -> None:
    page.click(f'[data-step="{button}"]')
    _wait_for(page, lambda: _move(page) == expected, f"the replay at move {expected}")


def test_a_finished_game_is_shown_exported_and_replayed(browser: Any, tmp_path: Path, shots: Path) -> None:
    with LiveServer(f"sqlite:///{tmp_path / 'games.db'}", bot_delay=0.0) as server:
        with httpx.Client(base_url=server.base) as http:
            created = create(http, game=LBE, controllers=BOTS, seed=11)
            final = wait_until(http, token(created["spectator"]), lambda s: bool(s["outcome"]), timeout=60)
        errors: list[str] = []
        context = browser.new_context(viewport={"width": 1500, "height": 1000}, accept_downloads=True)
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(f"{server.base}{created['spectator']}")
        page.wait_for_selector("#board svg", timeout=TIMEOUT)
        status = page.inner_text("#status")
        assert "Game over" in status and final["outcome"]["summary"] in status
        # The final standings: every Power with its VP by source (§10), the winner starred.
        standings = page.locator("#standings")
        assert standings.locator("tr[data-standing]").count() == 4
        breakdown = final["outcome"]["details"]["breakdown"]
        for seat, sources in breakdown.items():
            row = standings.locator(f'tr[data-standing="{seat}"]')
            for source, vp in sources.items():
                assert row.locator(f'td[data-source="{source}"]').inner_text() == str(vp)
        assert "★" in standings.locator(f'tr[data-standing="{final["outcome"]["winners"][0]}"]').inner_text()
        page.screenshot(path=str(shots / "end-of-game.png"), full_page=True)

        # The record, downloaded from the finished game's page, is opened from the lobby.
        with page.expect_download() as download:
            page.click('#buttons a[href$="/record"]')
        record = tmp_path / "record.json"
        download.value.save_as(record)
        page.goto(f"{server.base}/")
        # The lobby listens for the file once it has loaded the games it offers.
        page.wait_for_selector('body[data-ready="1"]', timeout=TIMEOUT)
        page.set_input_files("#record-file", str(record))
        page.wait_for_url("**/replay/**", timeout=TIMEOUT)
        page.wait_for_selector("#board svg", timeout=TIMEOUT)
        assert _move(page) == 0 and page.is_disabled('[data-step="previous"]')
        assert page.is_hidden("#hand-box")
        _step(page, "next", 1)
        _step(page, "next", 2)
        _step(page, "next", 3)
        _step(page, "previous", 2)
        assert f"2 of {final['move']}" in page.inner_text("#replay-pos")
        _step(page, "last", final["move"])
        assert page.is_disabled('[data-step="next"]')
        assert final["outcome"]["summary"] in page.inner_text("#status")
        page.screenshot(path=str(shots / "replay-end.png"), full_page=True)

        # The log is grouped by turn: the last turn open, earlier turns folded under their heading.
        turns = page.locator("#log li.h1")
        assert turns.count() >= 2, page.inner_text("#log")
        first_turn = turns.nth(0)
        assert first_turn.locator("button.fold").get_attribute("aria-expanded") == "false"
        assert turns.nth(turns.count() - 1).locator("button.fold").get_attribute("aria-expanded") == "true"
        hidden_before = page.locator("#log li[hidden]").count()
        assert hidden_before > 0
        first_turn.locator("button.fold").click()
        assert (
            page.locator("#log li.h1").nth(0).locator("button.fold").get_attribute("aria-expanded") == "true"
        )
        assert page.locator("#log li[hidden]").count() < hidden_before

        # "Go to" jumps to where a turn began: the option's move, and the log's last heading is it.
        jump = page.locator("#replay-jump")
        option = jump.locator("option", has_text="Turn 3 begins")
        target = int(option.get_attribute("data-move") or "-1")
        assert 0 < target < final["move"]
        jump.select_option(label=option.inner_text())
        _wait_for(page, lambda: _move(page) == target, f"the replay at Turn 3's start (move {target})")
        assert "Turn 3 begins" in page.locator("#log li.h1").last.inner_text()
        assert "Turn 3 begins" in jump.locator("option:checked").inner_text()
        page.screenshot(path=str(shots / "replay-turn-3.png"), full_page=True)
        _step(page, "first", 0)
        assert not errors, errors
        context.close()
