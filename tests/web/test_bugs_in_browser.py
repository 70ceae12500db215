"""Issue 19's bugs of the play page, each in Chromium: menus opened from a button stay open; the
hot-seat page never holds another seat's secret draws; an action sent while offline says so; the
end page has no empty list of legal actions; log lines do not repeat the Power; the Initial Setup
shows the order of §3.3.1."""

from __future__ import annotations

import json
import time
import urllib.request
from pathlib import Path
from typing import Any

import httpx

from tests.server.helpers import LiveServer, create, drive, seat_tokens, state, token

from .lbe_support import TIMEOUT


def _wait_for(page: Any, check: Any, what: str) -> None:
    deadline = time.monotonic() + TIMEOUT / 1000
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        page.wait_for_timeout(20)


def _move(page: Any) -> int:
    return int(page.get_attribute("body", "data-move") or "-1")


def _open(browser: Any, url: str, **size: Any) -> Any:
    page = browser.new_page(viewport=size or {"width": 1280, "height": 800})
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.errors = errors
    page.goto(url)
    page.wait_for_selector("#board svg", timeout=TIMEOUT)
    return page


def _in_action_phase(current: dict[str, Any]) -> bool:
    return current["views"][0]["view"]["phase"] == "action" and "GB" in current["to_act"]


def test_a_menu_opened_from_a_button_stays_open_and_buys(browser: Any, tmp_path: Path) -> None:
    with LiveServer(f"sqlite:///{tmp_path / 'games.db'}", bot_delay=0.0) as server:
        with httpx.Client(base_url=server.base) as http:
            created = create(http, seed=3, controllers={"FR": "bot", "CE": "bot", "RU": "bot"})
            tokens = seat_tokens(created)
            current = drive(http, tokens, until=_in_action_phase)
            assert any(a.startswith("buy ") for a in current["legal"]["GB"])
        page = _open(browser, f"{server.base}/play/{tokens['GB']}")
        _wait_for(page, lambda: page.get_attribute("body", "data-acting") == "GB", "GB to act")
        before = _move(page)
        page.click('#buttons [data-verb="buy"]')
        page.wait_for_timeout(150)
        assert page.is_visible("#menu"), "the Buy units menu closed at once"
        entries = page.locator("#menu [data-action]")
        assert entries.count() > 1
        choice = entries.first.get_attribute("data-action")
        entries.first.click()
        _wait_for(page, lambda: _move(page) > before, "the purchase")
        with httpx.Client(base_url=server.base) as http:
            lines = [line["text"] for line in state(http, tokens["GB"])["log"]]
        assert any(line.startswith("GB buys") for line in lines), choice
        assert not page.errors, page.errors


def test_the_hot_seat_page_never_holds_another_seats_secret_draws(browser: Any, tmp_path: Path) -> None:
    with LiveServer(f"sqlite:///{tmp_path / 'games.db'}", bot_delay=0.0) as server:
        with httpx.Client(base_url=server.base) as http:
            created = create(
                http, seed=5, table=True, controllers={"GB": "human", "FR": "human", "CE": "bot", "RU": "bot"}
            )
            tokens = seat_tokens(created)

            def drew_and_human_to_act(current: dict[str, Any]) -> bool:
                powers = current["views"][0]["view"]["powers"]
                drew = powers["GB"]["intrigue_count"] > 0 and powers["FR"]["intrigue_count"] > 0
                return drew and bool(set(current["to_act"]) & {"GB", "FR"})

            current = drive(http, tokens, until=drew_and_human_to_act)
            public = {line["i"] for line in state(http, token(created["spectator"]))["log"]}
            secret = {
                seat: [line["text"] for line in state(http, tokens[seat])["log"] if line["i"] not in public]
                for seat in ("GB", "FR")
            }
        acting = next(s for s in current["to_act"] if s in ("GB", "FR"))
        other = "FR" if acting == "GB" else "GB"
        assert secret[acting] and secret[other]
        page = _open(browser, f"{server.base}{created['table']}")
        page.wait_for_selector("#handover:not([hidden])", timeout=TIMEOUT)
        html = page.content()
        for line in secret["GB"] + secret["FR"]:
            assert line not in html, f"behind the hand-over screen: {line!r}"
        page.click(f'[data-reveal="{acting}"]')
        page.wait_for_selector("#hand .card", timeout=TIMEOUT)
        _wait_for(page, lambda: secret[acting][-1] in page.inner_text("#log"), "the revealed seat's lines")
        html = page.content()
        for line in secret[other]:
            assert line not in html, f"{acting}'s screen shows {other}'s {line!r}"
        assert not page.errors, page.errors


def _gb_in_action_phase(server: LiveServer) -> dict[str, str]:
    """A game with Britain's seat human and the others bots, driven to Britain's Action Phase."""
    with httpx.Client(base_url=server.base) as http:
        tokens = seat_tokens(create(http, seed=3, controllers={"FR": "bot", "CE": "bot", "RU": "bot"}))
        drive(http, tokens, until=_in_action_phase)
    return tokens


def test_offline_an_action_says_it_was_not_sent(browser: Any, tmp_path: Path) -> None:
    with LiveServer(f"sqlite:///{tmp_path / 'games.db'}", bot_delay=0.0) as server:
        tokens = _gb_in_action_phase(server)
        page = _open(browser, f"{server.base}/play/{tokens['GB']}")
        _wait_for(page, lambda: page.get_attribute("body", "data-acting") == "GB", "GB to act")
        page.wait_for_selector(".conn.on", timeout=TIMEOUT)
        before = _move(page)
        page.context.set_offline(True)
        page.locator("#action-list [data-action]").first.dispatch_event("click")
        _wait_for(page, lambda: "cannot be reached" in page.inner_text("#message"), "the offline message")
        assert "live" not in page.inner_text("#conn")
        assert _move(page) == before
        page.context.set_offline(False)


def test_log_lines_name_the_power_once_and_setup_shows_the_setup_order(browser: Any, tmp_path: Path) -> None:
    with LiveServer(f"sqlite:///{tmp_path / 'games.db'}", bot_delay=0.0) as server:
        with httpx.Client(base_url=server.base) as http:
            created = create(http, seed=3, controllers={"FR": "bot", "CE": "bot", "RU": "bot"})
            tokens = seat_tokens(created)
            state(http, tokens["GB"])
        page = _open(browser, f"{server.base}/play/{tokens['GB']}")
        _wait_for(page, lambda: page.get_attribute("body", "data-acting") == "GB", "GB to act")
        lines = page.locator("#log li").all_inner_texts()
        assert any("places a DM cube" in line for line in lines)
        for line in lines:
            words = line.split()
            assert len(words) < 2 or words[0] != words[1], f"the Power repeated: {line!r}"
        # §3.3.1: Russia, France, Central Empires, Great Britain.
        order = page.get_attribute("#board svg [data-order]", "data-order")
        assert order == "RU FR CE GB"


def test_the_end_page_has_no_empty_list_of_legal_actions(browser: Any, tmp_path: Path) -> None:
    with LiveServer(f"sqlite:///{tmp_path / 'games.db'}", bot_delay=0.0) as server:
        with httpx.Client(base_url=server.base) as http:
            created = create(http, seed=6, controllers={"GB": "bot", "FR": "bot", "CE": "bot", "RU": "bot"})
            spectator = token(created["spectator"])
            deadline = time.monotonic() + 60
            while not state(http, spectator)["outcome"]:
                assert time.monotonic() < deadline, "the bots did not finish"
                time.sleep(0.2)
        page = _open(browser, f"{server.base}/watch/{spectator}")
        page.wait_for_selector("#status b", timeout=TIMEOUT)
        assert page.is_hidden("#all-actions")
        board = json.load(urllib.request.urlopen(f"{server.base}/api/play/{spectator}/board"))
        assert board["cards"]


def test_a_live_page_sends_its_action_on_the_websocket(browser: Any, tmp_path: Path) -> None:
    """Issue 20: a page with a live socket sends actions on it (no POST); the move is played and
    the page shows it."""
    with LiveServer(f"sqlite:///{tmp_path / 'games.db'}", bot_delay=0.0) as server:
        tokens = _gb_in_action_phase(server)
        page = _open(browser, f"{server.base}/play/{tokens['GB']}")
        posts: list[str] = []
        page.on("request", lambda r: posts.append(r.url) if r.method == "POST" else None)
        frames: list[str] = []
        page.on("websocket", lambda ws: ws.on("framesent", lambda payload: frames.append(str(payload))))
        page.reload()  # the socket opened after the listeners are in place
        _wait_for(page, lambda: page.get_attribute("body", "data-acting") == "GB", "GB to act")
        page.wait_for_selector(".conn.on", timeout=TIMEOUT)
        before = _move(page)
        page.locator("#action-list [data-action]").first.dispatch_event("click")
        _wait_for(page, lambda: _move(page) > before, "the move played")
        assert not [url for url in posts if url.endswith("/action")], posts
        assert any('"type":"action"' in frame for frame in frames), frames
        with httpx.Client(base_url=server.base) as http:
            assert state(http, tokens["GB"])["move"] > before
