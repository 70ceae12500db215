"""End to end in headless Chromium: create a game in the lobby, two people play from two browser
contexts by clicking the board, see each other's moves live, undo, reload, and carry on after the
server restarts. Neither page ever shows the other's hand."""

from __future__ import annotations

import json
import random
import time
import urllib.request
from pathlib import Path
from typing import Any

from tests.server.helpers import LiveServer

from .lbe_support import TIMEOUT


def _api(base: str, tok: str) -> dict[str, Any]:
    with urllib.request.urlopen(f"{base}/api/play/{tok}") as answer:
        result: dict[str, Any] = json.load(answer)
        return result


def _move(page: Any) -> int:
    return int(page.get_attribute("body", "data-move") or "-1")


def _wait_for(page: Any, check: Any, what: str) -> None:
    # Polled from Python: the pages' Content-Security-Policy forbids the eval that
    # Playwright's wait_for_function needs.
    deadline = time.monotonic() + TIMEOUT / 1000
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        page.wait_for_timeout(20)


def _wait_move(page: Any, above: int) -> None:
    _wait_for(page, lambda: _move(page) > above, f"a move after {above}")


def _create_in_lobby(page: Any, base: str) -> dict[str, str]:
    page.goto(f"{base}/")
    page.select_option("#ctl-FR", "human")
    page.select_option("#ctl-CE", "bot")
    page.select_option("#ctl-RU", "bot")
    page.fill("#seed", "3")
    page.click("#go")
    page.wait_for_selector("#links:not([hidden])", timeout=TIMEOUT)
    links = {}
    for key in ("GB", "FR", "spectator"):
        href = page.get_attribute(f'[data-link="{key}"]', "href")
        assert href
        links[key] = href
    return links


def _click_until(
    pages: dict[str, Any], base: str, tokens: dict[str, str], done: Any, limit: int = 60
) -> None:
    """Whoever must decide clicks the first highlighted place on their board."""
    for _ in range(limit):
        current = _api(base, tokens["GB"])
        if done(current):
            return
        seat = next((s for s in current["to_act"] if s in pages), None)
        if seat is None:  # a bot is thinking
            pages["GB"].wait_for_timeout(50)
            continue
        page = pages[seat]
        _wait_move_at_least(page, current["move"])
        _wait_acting(page, seat)
        before = _move(page)
        _click_a_legal_action(page)
        _wait_move(page, before)
    raise AssertionError("did not get there by clicking")


def _wait_acting(page: Any, seat: str) -> None:
    _wait_for(page, lambda: page.get_attribute("body", "data-acting") == seat, f"{seat} to act")


def _click_a_legal_action(page: Any) -> None:
    """A place on the board first; else the dispute dialog; else a button (never undo)."""
    for selector in ("#board .target.legal", "#dialog [data-action]", "#buttons [data-action]"):
        found = page.locator(selector)
        if found.count():
            found.first.click()
            menu = page.locator("#menu:not([hidden]) [data-action]")
            if menu.count():  # several actions start there: take the first
                menu.first.click()
            return
    raise AssertionError("the page offers no legal action")


def _wait_move_at_least(page: Any, move: int) -> None:
    _wait_for(page, lambda: _move(page) >= move, f"move {move}")


def test_two_people_play_by_clicking_with_live_updates(browser: Any, tmp_path: Path, shots: Path) -> None:
    url = f"sqlite:///{tmp_path / 'games.db'}"
    server = LiveServer(url, bot_delay=0.0)
    port = server.port
    with server:
        base = server.base
        lobby = browser.new_page()
        links = _create_in_lobby(lobby, base)
        tokens = {k: v.rsplit("/", 1)[-1] for k, v in links.items()}
        contexts = {
            seat: browser.new_context(viewport={"width": 1500, "height": 1000}) for seat in ("GB", "FR")
        }
        pages = {seat: contexts[seat].new_page() for seat in ("GB", "FR")}
        errors: list[str] = []
        for page in pages.values():
            page.on("pageerror", lambda error: errors.append(str(error)))
        for seat, page in pages.items():
            page.goto(f"{base}{links[seat]}")
            page.wait_for_selector("#board svg", timeout=TIMEOUT)

        # The Initial Setup by clicking; France's page follows Britain's moves live.
        _click_until(pages, base, tokens, lambda s: s["move"] >= 8)
        seen_by_fr = _move(pages["FR"])
        assert seen_by_fr >= 8
        pages["GB"].screenshot(path=str(shots / "setup.png"))

        # Undo: Britain places twice in a row (§3.3.1), so it can take its first cube back.
        _click_until(pages, base, tokens, lambda s: s["to_act"] == ["GB"] and not s["undo"].get("GB"))
        gb = pages["GB"]
        _wait_move_at_least(gb, _api(base, tokens["GB"])["move"])
        before = _move(gb)
        _click_a_legal_action(gb)
        _wait_move(gb, before)
        gb.click("[data-undo=GB]")
        _wait_for(gb, lambda: _move(gb) == before, "the undo")

        # Reload: the same state comes back.
        board_before = gb.inner_html("#board")
        gb.reload()
        gb.wait_for_selector("#board svg", timeout=TIMEOUT)
        assert _move(gb) == before and gb.inner_html("#board") == board_before

        _click_until(pages, base, tokens, lambda s: s["views"][0]["view"]["phase"] != "initial-setup")

    # The server stops and comes back on the same port and database: the pages reconnect.
    with LiveServer(url, port=port, bot_delay=0.0):
        for page in pages.values():
            page.wait_for_selector(".conn.on", timeout=TIMEOUT)
        _click_until(
            pages,
            base,
            tokens,
            lambda s: all(p["intrigue_count"] for p in s["views"][0]["view"]["powers"].values()),
            limit=80,
        )
        current = {seat: _api(base, tokens[seat]) for seat in ("GB", "FR")}
        hands = {
            seat: set(
                next(v for v in current[seat]["views"] if v["seat"] == seat)["view"]["powers"][seat][
                    "intrigue"
                ]
            )
            for seat in current
        }
        board_data = json.load(urllib.request.urlopen(f"{base}/api/play/{tokens['GB']}/board"))
        for seat, other in (("GB", "FR"), ("FR", "GB")):
            page = pages[seat]
            _wait_move_at_least(page, current[seat]["move"])
            shown = page.inner_text("#hand")
            for card in hands[seat]:
                assert board_data["cards"][card]["halves"][0]["name"]["en"] in shown
            html = page.content()
            for card in hands[other] - hands[seat]:
                for half in board_data["cards"][card]["halves"]:
                    assert half["name"]["en"] not in html, f"{seat}'s page shows {other}'s card"
        pages["GB"].screenshot(path=str(shots / "action-phase.png"), full_page=True)
        spectator = browser.new_page(viewport={"width": 1500, "height": 1000})
        spectator.goto(f"{base}{links['spectator']}")
        spectator.wait_for_selector("#board svg", timeout=TIMEOUT)
        assert spectator.is_hidden("#hand-box")
        spectator.select_option("#lang", "it")
        _wait_for(spectator, lambda: spectator.inner_text("#log-title") == "Cronaca", "Italian")
        assert "Turno" in spectator.inner_text("#title")
        assert not errors, errors


def test_the_dispute_dialog_asks_the_defender_only(browser: Any, tmp_path: Path, shots: Path) -> None:
    import httpx

    from tests.server.helpers import create, drive, seat_tokens
    from tests.server.test_dispute import _defender_must_commit

    with LiveServer(f"sqlite:///{tmp_path / 'games.db'}", bot_delay=0.0) as server:
        with httpx.Client(base_url=server.base) as http:
            tokens = seat_tokens(create(http, seed=1))
            chooser = random.Random(1)
            current = drive(http, tokens, until=_defender_must_commit, pick=chooser.choice)
        dispute = current["views"][0]["view"]["dispute"]
        pages = {}
        for side in ("attacker", "defender"):
            page = browser.new_page(viewport={"width": 1500, "height": 1000})
            page.goto(f"{server.base}/play/{tokens[dispute[side]]}")
            page.wait_for_selector("#dialog:not([hidden]) .dispute", timeout=TIMEOUT)
            pages[side] = page
        assert pages["attacker"].locator("#dialog [data-action]").count() == 0
        choices = pages["defender"].locator("#dialog [data-action]")
        assert choices.count() > 0
        pages["defender"].screenshot(path=str(shots / "dispute.png"))
        before = _move(pages["defender"])
        choices.first.click()
        _wait_move(pages["attacker"], before)


def test_a_solo_game_against_np_powers_from_the_lobby_to_the_verdict(
    browser: Any, tmp_path: Path, shots: Path
) -> None:
    import httpx

    from tests.server.helpers import drive

    with LiveServer(f"sqlite:///{tmp_path / 'games.db'}", bot_delay=0.0) as server:
        lobby = browser.new_page()
        errors: list[str] = []
        lobby.on("pageerror", lambda error: errors.append(str(error)))
        lobby.goto(f"{server.base}/")
        for seat in ("FR", "CE", "RU"):
            lobby.select_option(f"#ctl-{seat}", "np")
        # §13: the NP Powers fix the count of players; the lobby shows it and does not send it.
        lobby.wait_for_selector("#opt-players:disabled", timeout=TIMEOUT)
        assert lobby.locator("#opt-players option:checked").inner_text() == "1"
        lobby.fill("#seed", "4")
        lobby.click("#go")
        lobby.wait_for_selector("#links:not([hidden])", timeout=TIMEOUT)
        for seat in ("FR", "CE", "RU"):
            assert "Non-Player Power" in lobby.inner_text(f'[data-automaton="{seat}"]')
        link = lobby.get_attribute('[data-link="GB"]', "href")
        assert link
        page = browser.new_page(viewport={"width": 1500, "height": 1000})
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(f"{server.base}{link}")
        page.wait_for_selector("#board svg", timeout=TIMEOUT)
        assert {page.get_attribute(f'[data-np="{s}"]', "data-np") for s in ("FR", "CE", "RU")} == {
            "FR",
            "CE",
            "RU",
        }
        assert page.locator('[data-np="GB"]').count() == 0
        with httpx.Client(base_url=server.base) as http:
            final = drive(http, {"GB": link.rsplit("/", 1)[-1]}, until=lambda s: False)
        verdict = final["outcome"]["details"]["verdict"]
        page.wait_for_selector(f'.verdict[data-verdict="{verdict["band"]}"]', timeout=TIMEOUT)
        assert verdict["name_en"] in page.inner_text("#status")
        page.screenshot(path=str(shots / "solo-verdict.png"), full_page=True)
        assert not errors, errors
