"""A game with no board of its own, in headless Chromium: Tally is created from the lobby form (its
fields built from Tally's options schema) and played to its end with the generic board, sealed
wagers included. Screenshots of the lobby and of both boards at desktop and phone sizes."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx

from tests.server.helpers import LBE, LiveServer, create, drive, seat_tokens

from .lbe_support import TIMEOUT
from .test_play_in_browser import _move, _wait_for, _wait_move

TALLY = "tally-double"
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}


def _overflows(page: Any) -> bool:
    """Whether the page is wider than the screen (a phone would scroll sideways)."""
    width = int(page.evaluate("document.documentElement.scrollWidth"))
    return width > int(page.viewport_size["width"]) + 1


def test_tally_is_created_from_its_schema_and_played_to_the_end(
    browser: Any, tmp_path: Path, shots: Path
) -> None:
    with LiveServer(f"sqlite:///{tmp_path / 'games.db'}", bot_delay=0.0) as server:
        errors: list[str] = []
        lobby = browser.new_page(viewport=DESKTOP)
        lobby.on("pageerror", lambda error: errors.append(str(error)))
        lobby.goto(f"{server.base}/")
        lobby.wait_for_selector("body[data-ready]", timeout=TIMEOUT)
        lobby.select_option("#game", TALLY)
        lobby.wait_for_selector("#opt-wagers", timeout=TIMEOUT)
        # The fields are Tally's, from its schema: no field of another game is left over.
        names = [lobby.get_attribute(f"[data-field] >> nth={i}", "data-field") for i in range(4)]
        assert names == ["seats", "target", "rounds", "wagers"]
        assert lobby.locator("[data-field]").count() == 4 and lobby.locator("#opt-players").count() == 0
        assert (
            lobby.get_attribute("#opt-target", "min") == "1"
            and lobby.get_attribute("#opt-target", "max") == "99"
        )
        assert lobby.locator("#opt-seats option").all_inner_texts() == ["2", "3"]
        assert "Sealed wagers" in lobby.inner_text('[data-field="wagers"]')
        assert "every round opens with a sealed wager" in lobby.inner_text('[data-field="wagers"]').lower()
        # Tally has no automaton: the seat menu offers people and bots only.
        assert lobby.locator("#ctl-S option").all_inner_texts() == [
            "Human",
            "Bot (random)",
            "Bot (heuristic)",
        ]
        lobby.fill("#opt-rounds", "2")
        lobby.check("#opt-wagers")
        lobby.select_option("#ctl-S", "bot")
        lobby.wait_for_selector('[data-group="S"]', timeout=TIMEOUT)
        assert "North" in lobby.inner_text("#seating") and "South" in lobby.inner_text("#seating")
        lobby.screenshot(path=str(shots / "lobby-tally.png"), full_page=True)
        lobby.click("#go")
        lobby.wait_for_selector("#links:not([hidden])", timeout=TIMEOUT)
        link = lobby.get_attribute('[data-link="N"]', "href")
        assert link

        page = browser.new_page(viewport=DESKTOP)
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(f"{server.base}{link}")
        page.wait_for_selector(".generic-board", timeout=TIMEOUT)
        # The sealed wager opens the round: the choices are buttons grouped under their verb.
        page.wait_for_selector('[data-verb="wager"] [data-action="wager 2"]', timeout=TIMEOUT)
        assert "Choose for North" in page.inner_text("#prompt")
        assert page.locator("#hand .card").count() == 3
        assert "Round" in page.inner_text("#board") and "North" in page.inner_text("#mats")
        page.screenshot(path=str(shots / "tally-desktop.png"), full_page=True)
        clicks = 0
        while not page.locator("#status b").filter(has_text="Game over").count():
            assert clicks < 60, "the game did not end"
            _wait_for(
                page, lambda: page.get_attribute("body", "data-acting") == "N" or _over(page), "North to act"
            )
            if _over(page):
                break
            before = _move(page)
            # The last choice of the first row: wager 2, then play a card, roll or answer.
            page.locator("#buttons .verb-group").first.locator("[data-action]").last.click()
            _wait_move(page, before)
            clicks += 1
        page.wait_for_selector('[data-panel="outcome"]', timeout=TIMEOUT)
        log = page.inner_text("#log")
        assert "wagers: " in log and "each seat draws 3 cards" in log
        page.screenshot(path=str(shots / "tally-end.png"), full_page=True)
        phone = browser.new_page(viewport=PHONE)
        phone.goto(f"{server.base}{link}")
        phone.wait_for_selector('[data-panel="outcome"]', timeout=TIMEOUT)
        assert not _overflows(phone)
        phone.screenshot(path=str(shots / "tally-phone.png"), full_page=True)
        assert not errors, errors


def _over(page: Any) -> bool:
    return bool(page.locator("#status b").filter(has_text="Game over").count())


def test_the_lobby_and_boards_at_desktop_and_phone_sizes(browser: Any, tmp_path: Path, shots: Path) -> None:
    with LiveServer(f"sqlite:///{tmp_path / 'games.db'}", bot_delay=0.0) as server:
        errors: list[str] = []
        for size, name in ((DESKTOP, "desktop"), (PHONE, "phone")):
            lobby = browser.new_page(viewport=size)
            lobby.on("pageerror", lambda error: errors.append(str(error)))
            lobby.goto(f"{server.base}/")
            lobby.wait_for_selector('[data-group="CE"]', timeout=TIMEOUT)
            assert not _overflows(lobby)
            lobby.screenshot(path=str(shots / f"lobby-{name}.png"), full_page=True)
        with httpx.Client(base_url=server.base) as http:
            lbe = seat_tokens(create(http, game=LBE, controllers={"CE": "bot", "RU": "bot"}, seed=3))
            drive(http, lbe, until=lambda s: s["move"] >= 10)
            tally = seat_tokens(create(http, game=TALLY, options={"wagers": True, "seats": 3}, seed=2))
            # North has wagered: South's page shows who is done, never how much.
            answer = http.post(f"/api/play/{tally['N']}/action", json={"action": "wager 2", "move": 0})
            assert answer.status_code == 200
        for size, name in ((DESKTOP, "desktop"), (PHONE, "phone")):
            page = browser.new_page(viewport=size)
            page.on("pageerror", lambda error: errors.append(str(error)))
            page.goto(f"{server.base}/play/{lbe['GB']}")
            page.wait_for_selector("#board svg", timeout=TIMEOUT)
            page.screenshot(path=str(shots / f"lbe-{name}.png"), full_page=True)
            south = browser.new_page(viewport=size)
            south.on("pageerror", lambda error: errors.append(str(error)))
            south.goto(f"{server.base}/play/{tally['S']}")
            south.wait_for_selector('[data-verb="wager"]', timeout=TIMEOUT)
            assert not _overflows(south)
            south.screenshot(path=str(shots / f"tally-{name}.png"), full_page=True)
        assert not errors, errors
