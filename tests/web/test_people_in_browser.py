"""Issue 19's platform features in Chromium, on any game (Tally, the engine's test double): chat
between two seats with a private message a third never sees and markup shown as text; names on
every page; the tab's title and icon when the turn comes; the lobby's names, copy buttons and links
kept over a reload; the "my games" page; resigning and a rematch from the page; the turn webhook
set on the page and called while the seat is away. Screenshots of each
changed page at 1280x800 and 390x844."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import httpx

from tests.server.helpers import LiveServer, create, drive, seat_tokens
from tests.server.test_people import _Receiver

from .lbe_support import TIMEOUT
from .test_generic_in_browser import DESKTOP, PHONE, TALLY, _overflows
from .test_play_in_browser import _wait_for

SIZES = ((DESKTOP, "desktop"), (PHONE, "phone"))


def _page(browser: Any, url: str, errors: list[str], size: dict[str, int] = DESKTOP) -> Any:
    page = browser.new_page(viewport=size)
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(url)
    page.wait_for_selector("#people [data-seat-row]", timeout=TIMEOUT)
    return page


def _say(page: Any, text: str, to: str = "") -> None:
    if to:
        page.select_option("#chat-to", to)
    page.fill("#chat-text", text)
    page.click("#chat-send")


def test_chat_between_two_seats_and_a_private_message_a_third_never_sees(
    browser: Any, tmp_path: Path, shots: Path
) -> None:
    with (
        LiveServer(f"sqlite:///{tmp_path / 'games.db'}") as server,
        httpx.Client(base_url=server.base) as http,
    ):
        created = create(http, game=TALLY, options={"seats": 3}, seed=4, names={"N": "Ada", "S": "Bea"})
        tokens = seat_tokens(created)
        errors: list[str] = []
        north, south, east = (_page(browser, f"{server.base}/play/{tokens[s]}", errors) for s in "NSE")
        # Names on every page and in the log's heading.
        for page in (north, south, east):
            assert "Ada" in page.inner_text("#people") and "Bea" in page.inner_text("#people")
            assert "N Ada" in page.inner_text("#log-title")
        # North's turn: North's tab says so, South's does not.
        _wait_for(north, lambda: north.title().startswith("● Your turn"), "North's tab title")
        assert north.get_attribute("#favicon", "href") == "/static/favicon-turn.svg"
        assert (
            not south.title().startswith("●")
            and south.get_attribute("#favicon", "href") == "/static/favicon.svg"
        )

        _say(north, "Hello <img src=x onerror=alert(1)> all")
        _say(north, "only for Bea", to="S")
        for page in (north, south, east):
            _wait_for(page, lambda p=page: "Hello" in p.inner_text("#chat"), "the public message")
        _wait_for(
            south,
            lambda: "only for Bea" in south.inner_text("#chat"),
            f"the private message: {north.inner_text('#chat-box')} / {south.inner_text('#chat')}",
        )
        _say(south, "thanks Ada", to="N")
        _wait_for(north, lambda: "thanks Ada" in north.inner_text("#chat"), "the answer")
        east.wait_for_timeout(500)
        assert "only for Bea" not in east.content() and "thanks Ada" not in east.content()
        # Typed markup is text on every page, never an element.
        assert north.locator("#chat img").count() == 0 and "<img src=x" in north.inner_text("#chat")
        assert south.locator("#chat li.private").count() == 2
        # A reload keeps the chat (stored in the database).
        east.reload()
        east.wait_for_selector("#chat li", timeout=TIMEOUT)
        assert "Hello" in east.inner_text("#chat") and "only for Bea" not in east.inner_text("#chat")

        # South passes North's turn along: South's tab title now says it is South's turn.
        north.locator('[data-action="pass"]').first.click()
        _wait_for(south, lambda: south.title().startswith("● Your turn"), "South's tab title")
        _wait_for(north, lambda: not north.title().startswith("●"), "North's tab title back")

        for size, name in SIZES:
            south.set_viewport_size(size)
            south.wait_for_timeout(200)
            if name == "phone":
                assert not _overflows(south)
            south.screenshot(path=str(shots / f"people-play-{name}.png"), full_page=True)
        assert not errors, errors


def test_names_in_the_lobby_copy_buttons_links_kept_and_my_games(
    browser: Any, tmp_path: Path, shots: Path
) -> None:
    with LiveServer(f"sqlite:///{tmp_path / 'games.db'}") as server:
        errors: list[str] = []
        context = browser.new_context(viewport=DESKTOP)
        lobby = context.new_page()
        lobby.on("pageerror", lambda error: errors.append(str(error)))
        lobby.goto(f"{server.base}/?game={TALLY}")
        lobby.wait_for_selector("body[data-ready]", timeout=TIMEOUT)
        lobby.wait_for_selector("#ctl-S", timeout=TIMEOUT)
        lobby.select_option("#ctl-S", "human")
        lobby.fill("#name-N", "Ada")
        lobby.fill("#name-S", "Bea")
        lobby.screenshot(path=str(shots / "people-lobby-desktop.png"), full_page=True)
        lobby.click("#go")
        lobby.wait_for_selector("#links:not([hidden])", timeout=TIMEOUT)
        assert "(Ada)" in lobby.inner_text("#link-list")
        assert lobby.locator("[data-copy]").count() == 3  # North, South, spectators
        link = lobby.get_attribute('[data-link="N"]', "href")
        lobby.reload()  # links never lost on reload
        lobby.wait_for_selector("#links:not([hidden])", timeout=TIMEOUT)
        assert lobby.get_attribute('[data-link="N"]', "href") == link
        lobby.screenshot(path=str(shots / "people-lobby-links-desktop.png"), full_page=True)
        phone_lobby = context.new_page()
        phone_lobby.set_viewport_size(PHONE)
        phone_lobby.goto(f"{server.base}/?game={TALLY}")
        phone_lobby.wait_for_selector("#links:not([hidden])", timeout=TIMEOUT)
        assert not _overflows(phone_lobby)
        phone_lobby.screenshot(path=str(shots / "people-lobby-phone.png"), full_page=True)

        play = context.new_page()
        play.on("pageerror", lambda error: errors.append(str(error)))
        play.goto(f"{server.base}{link}")
        play.wait_for_selector("#people [data-seat-row]", timeout=TIMEOUT)
        mine = context.new_page()
        mine.on("pageerror", lambda error: errors.append(str(error)))
        mine.goto(f"{server.base}/mine")
        mine.wait_for_selector("body[data-ready]", timeout=TIMEOUT)
        row = mine.locator(f'[data-mine="{link}"]')
        assert (
            "Tally" in row.inner_text() and "N (Ada)" in row.inner_text() and "your turn" in row.inner_text()
        )
        assert mine.locator("[data-created] li").count() == 3
        mine.screenshot(path=str(shots / "people-mine-desktop.png"), full_page=True)
        mine.set_viewport_size(PHONE)
        mine.wait_for_timeout(200)
        assert not _overflows(mine)
        mine.screenshot(path=str(shots / "people-mine-phone.png"), full_page=True)
        context.close()
        assert not errors, errors


def test_resign_and_a_rematch_from_the_page(browser: Any, tmp_path: Path, shots: Path) -> None:
    with (
        LiveServer(f"sqlite:///{tmp_path / 'games.db'}") as server,
        httpx.Client(base_url=server.base) as http,
    ):
        created = create(http, game=TALLY, options={"rounds": 1}, seed=4, names={"N": "Ada", "S": "Bea"})
        tokens = seat_tokens(created)
        errors: list[str] = []
        south = _page(browser, f"{server.base}/play/{tokens['S']}", errors)
        south.on("dialog", lambda dialog: dialog.accept())
        south.click("#resign")
        _wait_for(
            south, lambda: south.locator('[data-event="resigned"]').count() == 1, "the resignation noted"
        )
        assert "now played by Bot (heuristic)" in south.inner_text("#people")
        drive(http, {"N": tokens["N"]}, lambda s: False)
        north = _page(browser, f"{server.base}/play/{tokens['N']}", errors)
        north.wait_for_selector("#rematch", timeout=TIMEOUT)
        north.click("#rematch")
        north.wait_for_selector("#rematch-link", timeout=TIMEOUT)
        new_link = north.get_attribute("#rematch-link", "href")
        assert new_link and new_link.startswith("/play/") and tokens["N"] not in new_link
        # South's old page is offered its own new link (South is a person again in the rematch).
        _wait_for(south, lambda: south.locator("#rematch").count() == 1, "South's rematch button")
        assert "Open the rematch" in south.inner_text("#rematch")
        south.click("#rematch")
        south.wait_for_selector("#rematch-link", timeout=TIMEOUT)
        south.click("#rematch-link")
        south.wait_for_selector("#people [data-seat-row]", timeout=TIMEOUT)
        _wait_for(south, lambda: south.get_attribute("body", "data-move") == "0", "the rematch's first move")
        assert "Bea" in south.inner_text("#people") and south.locator("[data-event]").count() == 0
        for size, name in SIZES:
            north.set_viewport_size(size)
            north.wait_for_timeout(200)
            north.screenshot(path=str(shots / f"people-end-{name}.png"), full_page=True)
        assert not errors, errors


def test_a_clock_counts_down_and_a_forfeit_on_time_shows_in_the_standings(
    browser: Any, tmp_path: Path, shots: Path
) -> None:
    # A short custom clock (the server's minimum lowered for the test): the page counts each
    # seat's time down; North lets theirs run out, forfeits, and the end page ranks North last.
    clock = {"pace": "custom", "initial": 6, "per_move": 2, "cap": 8, "on_timeout": "forfeit"}
    with (
        LiveServer(f"sqlite:///{tmp_path / 'games.db'}", clock_minimum=0.5) as server,
        httpx.Client(base_url=server.base) as http,
    ):
        created = create(http, game=TALLY, options={"rounds": 2}, seed=4, clock=clock, names={"S": "Bea"})
        tokens = seat_tokens(created)
        errors: list[str] = []
        south = _page(browser, f"{server.base}/play/{tokens['S']}", errors)
        chip = south.locator('[data-clock-seat="N"]')
        first = chip.inner_text()
        assert first.startswith("0:0"), first
        _wait_for(south, lambda: chip.inner_text() != first, "North's clock counting down")
        for size, name in SIZES:
            south.set_viewport_size(size)
            south.screenshot(path=str(shots / f"clock-running-{name}.png"), full_page=True)
        # North never moves: after 6 s North forfeits and the bot plays on; South plays to the end
        # through the API (quickly: South's own bank is 6 s plus 2 s a decision).
        _wait_for(south, lambda: "forfeited on time" in south.inner_text("#people"), "the forfeit")
        assert south.locator('[data-clock-seat="N"]').count() == 0  # a bot is not timed
        drive(http, {"S": tokens["S"]}, lambda s: False)
        south.wait_for_selector("#standings", timeout=TIMEOUT)
        rows = south.locator("#standings [data-standing]")
        assert rows.last.get_attribute("data-standing") == "N" and "forfeited" in rows.last.inner_text()
        assert "South wins by forfeit" in south.inner_text("#status")
        assert not _overflows(south)
        for size, name in SIZES:
            south.set_viewport_size(size)
            south.screenshot(path=str(shots / f"clock-forfeit-{name}.png"), full_page=True)
        assert errors == []


def test_an_optional_sound_when_the_turn_comes(browser: Any, tmp_path: Path) -> None:
    # Off by default; turned on (the switch's click lets the browser start audio), the page beeps
    # once when its turn begins, not when it opens at its turn nor while the turn goes on.
    with (
        LiveServer(f"sqlite:///{tmp_path / 'games.db'}") as server,
        httpx.Client(base_url=server.base) as http,
    ):
        created = create(http, game=TALLY, options={"rounds": 2}, seed=4)
        tokens = seat_tokens(created)
        errors: list[str] = []
        north = _page(browser, f"{server.base}/play/{tokens['N']}", errors)
        south = _page(browser, f"{server.base}/play/{tokens['S']}", errors)
        first = north.evaluate("() => document.body.dataset.turn")
        waiting, moving = (south, "N") if first == "1" else (north, "S")
        assert not waiting.is_checked("#sound")
        waiting.check("#sound")
        assert waiting.evaluate("() => localStorage.getItem('rp-sound')") == "1"
        assert waiting.evaluate("() => document.body.dataset.beeps || '0'") == "0"
        # The other seat plays until the waiting page's turn comes.
        for _ in range(20):
            seen = http.get(f"/api/play/{tokens[moving]}").json()
            if moving not in seen["to_act"]:
                break
            action = {"action": seen["legal"][moving][0], "move": seen["move"], "seat": moving}
            assert http.post(f"/api/play/{tokens[moving]}/action", json=action).status_code == 200
        _wait_for(waiting, lambda: waiting.evaluate("() => document.body.dataset.beeps") == "1", "one beep")
        waiting.reload()
        waiting.wait_for_selector("#people [data-seat-row]", timeout=TIMEOUT)
        waiting.wait_for_timeout(500)
        assert waiting.is_checked("#sound")  # remembered
        assert (waiting.evaluate("() => document.body.dataset.beeps") or "0") == "0"  # no beep on opening
        assert errors == []


def test_a_webhook_set_on_the_page_is_called_when_the_turn_comes_while_the_seat_is_away(
    browser: Any, tmp_path: Path, shots: Path
) -> None:
    """Issue 19: South sets its turn webhook on its page, closes the page, and when North's move
    makes it South's turn a receiver on loopback gets the notice (not while the page is open)."""
    receiver = _Receiver()
    errors: list[str] = []
    try:
        with (
            LiveServer(f"sqlite:///{tmp_path / 'games.db'}", webhooks_to_local=True) as server,
            httpx.Client(base_url=server.base) as http,
        ):
            created = create(http, game=TALLY, options={"rounds": 2}, seed=4, names={"S": "Bea"})
            tokens = seat_tokens(created)
            south = _page(browser, f"{server.base}/play/{tokens['S']}", errors)
            south.click("details.webhook summary")
            south.fill("#webhook-url", receiver.url)
            south.press("#webhook-url", "Enter")
            south.wait_for_selector("details.webhook summary:has-text('Webhook set')", timeout=TIMEOUT)
            south.screenshot(path=str(shots / "webhook-set.png"))
            # While South's page is open, North's first move sends nothing.
            assert (
                http.post(f"/api/play/{tokens['N']}/action", json={"action": "pass", "move": 0}).status_code
                == 200
            )
            south.wait_for_timeout(400)
            assert receiver.bodies == []
            # South plays its turn out (through the API), then closes its page: away.
            mine = http.get(f"/api/play/{tokens['S']}").json()
            while "S" in mine["to_act"]:
                answer = {"action": mine["legal"]["S"][0], "move": mine["move"]}
                assert http.post(f"/api/play/{tokens['S']}/action", json=answer).status_code == 200
                mine = http.get(f"/api/play/{tokens['S']}").json()
            assert mine["to_act"] == ["N"] and receiver.bodies == []
            south.close()
            time.sleep(0.3)  # the socket closes: South is away
            # North plays on until it is South's turn again: then, and only then, the notice goes.
            north = http.get(f"/api/play/{tokens['N']}").json()
            while "S" not in north["to_act"] and not north["outcome"]:
                answer = {"action": north["legal"]["N"][0], "move": north["move"]}
                assert http.post(f"/api/play/{tokens['N']}/action", json=answer).status_code == 200
                north = http.get(f"/api/play/{tokens['N']}").json()
            assert "S" in north["to_act"], north["outcome"]
            _wait_for_bodies(receiver, 1)
            body = receiver.bodies[0]
            assert body["event"] == "your_turn" and body["seats"] == ["S"] and body["name"] == "Bea"
            assert tokens["S"] not in str(body)  # the notice never carries the seat's secret link
    finally:
        receiver.close()
    assert not errors, errors


def _wait_for_bodies(receiver: _Receiver, count: int, timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while len(receiver.bodies) < count:
        assert time.monotonic() < deadline, f"the receiver got {len(receiver.bodies)} notices, not {count}"
        time.sleep(0.05)


def test_a_redraw_keeps_the_webhook_box_open_with_what_was_typed(browser: Any, tmp_path: Path) -> None:
    """The players' panel is drawn again whenever anything changes (a move, a page opening); a
    player half-way through typing a webhook address keeps the box open, the text and the focus."""
    errors: list[str] = []
    server = LiveServer(f"sqlite:///{tmp_path / 'games.db'}")
    with server, httpx.Client(base_url=server.base) as http:
        created = create(http, game=TALLY, options={"rounds": 2}, seed=4, names={"S": "Bea"})
        tokens = seat_tokens(created)
        south = _page(browser, f"{server.base}/play/{tokens['S']}", errors)
        south.click("details.webhook summary")
        south.fill("#webhook-url", "https://example.org/ho")
        move = int(south.evaluate("() => document.body.dataset.move"))
        north = http.post(f"/api/play/{tokens['N']}/action", json={"action": "pass", "move": 0})
        assert north.status_code == 200
        _wait_for(south, lambda: int(south.evaluate("() => document.body.dataset.move")) > move, "the move")
        assert south.evaluate("() => document.querySelector('details.webhook').open")
        assert south.input_value("#webhook-url") == "https://example.org/ho"
        assert south.evaluate("() => document.activeElement.id") == "webhook-url"
        south.close()
    assert errors == []
