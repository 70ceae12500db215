"""La Belle Époque's map board in Chromium (issue 19): actions played by clicking, tapping and
pressing Enter on the map's territories, the map showing the cubes and holders the server's view
gives, the menu entries naming what they do; at phone size the map is visible, its territories are
finger-sized and do not overlap, and the page never scrolls sideways. Screenshots go with the others
(``lbe-map-desktop.png``, ``lbe-map-phone.png``)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import httpx

from tests.server.helpers import LiveServer, create, drive, seat_tokens, wait_until

from .lbe_support import DESKTOP, PHONE, TIMEOUT, gb_to_act, move_shown, open_page, scroll_to, wait_for


def _gb_view(current: dict[str, Any]) -> dict[str, Any]:
    view: dict[str, Any] = next(v for v in current["views"] if v["seat"] == "GB")["view"]
    return view


def _cubes(spaces: list[str | None]) -> Counter[str]:
    """Each owner's cubes in a territory, a disputed space counting for both."""
    return Counter(owner for space in spaces if space for owner in space.split("/"))


def _map_cubes(page: Any, territory: str) -> Counter[str]:
    text = page.get_attribute(f'.lbe-scroll [data-territory="{territory}"]', "data-cubes") or ""
    return Counter({owner: int(n) for owner, n in (pair.split(":") for pair in text.split())})


def _assert_map_shows(page: Any, view: dict[str, Any]) -> None:
    """Every territory on the map has the view's cubes, holder and disputes."""
    for tid, here in view["territories"].items():
        plate = f'.lbe-scroll [data-territory="{tid}"]'
        assert _map_cubes(page, tid) == _cubes(here["spaces"]), tid
        assert (page.get_attribute(plate, "data-holder") or None) == here["holder"], tid
        assert int(page.get_attribute(plate, "data-disputes") or "0") == here["disputes"], tid


def _in_sync(page: Any, http: httpx.Client, tok: str) -> dict[str, Any]:
    """The state once the bots are done and Britain decides (nothing moves then), and the page at it."""
    current = wait_until(http, tok, gb_to_act)
    wait_for(page, lambda: move_shown(page) == current["move"], f"the page at move {current['move']}")
    return current


def _boxes(page: Any) -> list[tuple[str, dict[str, float]]]:
    """Each map item (territory or fleet box) and the box of its plate, in page pixels. A redraw
    (a state message) can replace a node between finding it and measuring it: then measure again."""
    for _ in range(20):
        items = page.locator(".lbe-scroll .mapitem")
        out = []
        for i in range(items.count()):
            item = items.nth(i)
            box = item.locator(":scope > .plate-bg").bounding_box()
            if not box:
                break
            out.append((item.get_attribute("data-focus-key") or str(i), box))
        else:
            assert len(out) >= 26 + 3, "every territory and fleet box is on the map"
            return out
        page.wait_for_timeout(50)
    raise AssertionError("the map's places could not be measured")


def _assert_apart(boxes: list[tuple[str, dict[str, float]]]) -> None:
    for i, (a, p) in enumerate(boxes):
        for b, q in boxes[i + 1 :]:
            apart = (
                p["x"] + p["width"] <= q["x"] + 0.5
                or q["x"] + q["width"] <= p["x"] + 0.5
                or p["y"] + p["height"] <= q["y"] + 0.5
                or q["y"] + q["height"] <= p["y"] + 0.5
            )
            assert apart, f"{a} overlaps {b}"


def _action_phase(current: dict[str, Any]) -> bool:
    sends = [a for a in current["legal"].get("GB", []) if a.startswith("send ") and "@" not in a]
    return _gb_view(current)["phase"] == "action" and bool(sends)


def test_placing_and_sending_by_clicking_the_map_shows_the_cubes(
    browser: Any, tmp_path: Path, shots: Path
) -> None:
    server = LiveServer(f"sqlite:///{tmp_path / 'games.db'}", bot_delay=0.0)
    with server, httpx.Client(base_url=server.base) as http:
        created = create(http, seed=3, controllers={"FR": "bot", "CE": "bot", "RU": "bot"})
        tok = seat_tokens(created)["GB"]
        current = drive(http, {"GB": tok}, until=gb_to_act)
        page = open_page(browser, f"{server.base}/play/{tok}", DESKTOP)
        current = _in_sync(page, http, tok)
        _assert_map_shows(page, _gb_view(current))

        # §3.3 by a click: the territory's plate takes the starting cube.
        place = next(a for a in current["legal"]["GB"] if a.startswith("place "))
        where = place.split()[1]
        before = _map_cubes(page, where)
        classes = page.get_attribute(f'.lbe-scroll [data-territory="{where}"]', "class") or ""
        assert "legal" in classes.split()
        move = move_shown(page)
        page.click(f'.lbe-scroll [data-territory="{where}"]')
        if page.is_visible("#menu"):
            page.click(f'#menu [data-action="{place}"]')
        wait_for(page, lambda: move_shown(page) > move, "the placement")
        current = _in_sync(page, http, tok)
        assert _map_cubes(page, where)["GB"] == before["GB"] + 1
        _assert_map_shows(page, _gb_view(current))
        # §3.3.2: the setup panel counts Britain's cubes out of its pool of 10.
        placed = sum(_cubes(here["spaces"])["GB"] for here in _gb_view(current)["territories"].values())
        assert (page.text_content('[data-setup="GB"]') or "").startswith(f"{placed}/10 ")

        # The keyboard: focus a territory, Enter plays its action (one place per territory).
        current = drive(http, {"GB": tok}, until=gb_to_act)
        current = _in_sync(page, http, tok)
        place = next(a for a in current["legal"]["GB"] if a.startswith("place "))
        where = place.split()[1]
        before = _map_cubes(page, where)
        assert page.locator('.lbe-scroll .mapitem[tabindex="0"]').count() == 1  # one tab stop
        page.focus(f'.lbe-scroll [data-territory="{where}"]')
        label = page.get_attribute(f'.lbe-scroll [data-territory="{where}"]', "aria-label") or ""
        name = page.locator(f'.lbe-scroll [data-territory="{where}"] .tname').first.text_content() or ""
        assert label.startswith(name) and "Spaces: 1 " in label, label
        move = move_shown(page)
        page.keyboard.press("Enter")
        if page.is_visible("#menu"):
            page.keyboard.press("Enter")  # the focus went to the menu's first entry
        wait_for(page, lambda: move_shown(page) > move, "the placement by keyboard")
        current = _in_sync(page, http, tok)
        assert sum(_map_cubes(page, where).values()) == sum(before.values()) + 1
        _assert_map_shows(page, _gb_view(current))

        # The Action Phase: a territory offers every action on it; the menu names them.
        current = drive(http, {"GB": tok}, until=_action_phase)
        current = _in_sync(page, http, tok)
        send = next(a for a in current["legal"]["GB"] if a.startswith("send ") and "@" not in a)
        where = send.split()[1]
        on_it = [a for a in current["legal"]["GB"] if a.split(" ")[1:2] == [where] or f" {where}@" in a]
        before = _map_cubes(page, where)
        move = move_shown(page)
        page.click(f'.lbe-scroll [data-territory="{where}"]')
        if len(on_it) > 1:
            page.wait_for_selector("#menu:not([hidden])", timeout=TIMEOUT)
            offered = {
                page.locator("#menu [data-action]").nth(i).get_attribute("data-action")
                for i in range(page.locator("#menu [data-action]").count())
            }
            assert offered == set(on_it)
            entry = page.inner_text(f'#menu [data-action="{send}"]')
            assert entry.startswith("Send a DM cube to a free space of "), entry
            page.screenshot(path=str(shots / "lbe-map-menu.png"))
            page.click(f'#menu [data-action="{send}"]')
        wait_for(page, lambda: move_shown(page) > move, "the send")
        current = _in_sync(page, http, tok)
        assert _map_cubes(page, where)["GB"] == before["GB"] + 1
        _assert_map_shows(page, _gb_view(current))

        # Nothing on the map overlaps, and the page does not scroll sideways.
        _assert_apart(_boxes(page))
        assert page.evaluate("document.documentElement.scrollWidth") <= DESKTOP["width"]
        page.screenshot(path=str(shots / "lbe-map-desktop.png"))

        # The table is one click away, and the map comes back.
        page.click('[data-board-tool="table"]')
        assert page.is_visible(".lbe-table-svg") and page.is_hidden(".lbe-map-svg")
        page.click('[data-board-tool="map"]')
        assert page.is_visible(".lbe-map-svg") and page.is_hidden(".lbe-table-svg")
        assert not page.errors, page.errors


def test_the_map_on_a_phone_is_visible_fits_and_plays_by_touch(
    browser: Any, tmp_path: Path, shots: Path
) -> None:
    server = LiveServer(f"sqlite:///{tmp_path / 'games.db'}", bot_delay=0.0)
    with server, httpx.Client(base_url=server.base) as http:
        created = create(http, seed=4, controllers={"FR": "bot", "CE": "bot", "RU": "bot"})
        tok = seat_tokens(created)["GB"]
        current = drive(http, {"GB": tok}, until=gb_to_act)
        page = open_page(browser, f"{server.base}/play/{tok}", PHONE, is_mobile=True, has_touch=True)
        current = _in_sync(page, http, tok)

        # Visible, inside the screen's width, and the page itself never wider than the phone.
        page.wait_for_selector(".lbe-scroll", state="visible", timeout=TIMEOUT)
        map_box = None
        for _ in range(20):  # measured again if a redraw replaced the node meanwhile
            map_box = page.locator(".lbe-scroll").bounding_box()
            if map_box:
                break
            page.wait_for_timeout(50)
        assert map_box and map_box["width"] > 300 and map_box["height"] > 300
        assert map_box["x"] >= 0 and map_box["x"] + map_box["width"] <= PHONE["width"]
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        _assert_apart(_boxes(page))
        # Every territory and fleet box is a finger's target (at least 40 px each way).
        for key, box in _boxes(page):
            assert box["width"] >= 40 and box["height"] >= 40, (key, box)
        page.screenshot(path=str(shots / "lbe-map-phone.png"))

        # A tap places a cube; the map shows it.
        place = next(a for a in current["legal"]["GB"] if a.startswith("place "))
        where = place.split()[1]
        plate = page.locator(f'.lbe-scroll [data-territory="{where}"]')
        scroll_to(plate)
        before = _map_cubes(page, where)
        move = move_shown(page)
        plate.tap()
        if page.is_visible("#menu"):
            page.tap(f'#menu [data-action="{place}"]')
        wait_for(page, lambda: move_shown(page) > move, "the placement by touch")
        current = _in_sync(page, http, tok)
        assert _map_cubes(page, where)["GB"] == before["GB"] + 1
        _assert_map_shows(page, _gb_view(current))

        # Zoomed in, the map pans inside its box; the page still does not scroll sideways.
        page.tap('[data-board-tool="zoom-in"]')
        assert page.inner_text(".zoom-level") == "150%"
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]

        # In Italian (longer names, some on two lines) nothing overlaps either.
        page.select_option("#lang", "it")
        wait_for(page, lambda: page.inner_text('[data-board-tool="map"]') == "Mappa", "Italian")
        _assert_apart(_boxes(page))
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        assert not page.errors, page.errors


def _can_dispute(current: dict[str, Any]) -> bool:
    sends = [a for a in current["legal"].get("GB", []) if a.startswith("send ") and "@" in a]
    return _gb_view(current)["phase"] == "action" and bool(sends)


def test_a_dispute_started_on_the_map_shows_both_cubes_in_the_space(browser: Any, tmp_path: Path) -> None:
    server = LiveServer(f"sqlite:///{tmp_path / 'games.db'}", bot_delay=0.0)
    with server, httpx.Client(base_url=server.base) as http:
        created = create(http, seed=3, controllers={"FR": "bot", "CE": "bot", "RU": "bot"})
        tok = seat_tokens(created)["GB"]
        current = drive(http, {"GB": tok}, until=_can_dispute)
        page = open_page(browser, f"{server.base}/play/{tok}", DESKTOP)
        current = _in_sync(page, http, tok)
        send = next(a for a in current["legal"]["GB"] if a.startswith("send ") and "@" in a)
        where, space = send.split()[1].split("@")
        defender = _gb_view(current)["territories"][where]["spaces"][int(space) - 1]
        plate = f'.lbe-scroll [data-territory="{where}"]'
        disputes = int(page.get_attribute(plate, "data-disputes") or "0")
        # The keyboard: Enter opens the territory's menu with the focus in it, Escape comes back.
        page.focus(plate)
        page.keyboard.press("Enter")
        page.wait_for_selector("#menu:not([hidden])", timeout=TIMEOUT)
        assert page.evaluate("document.activeElement.closest('#menu') !== null")
        page.keyboard.press("Escape")
        assert page.is_hidden("#menu")
        assert page.evaluate("document.activeElement.getAttribute('data-focus-key')") == f"t:{where}"
        move = move_shown(page)
        page.click(plate)
        page.wait_for_selector("#menu:not([hidden])", timeout=TIMEOUT)
        # §8.2: the entry names the cube it disputes.
        assert f"in space {space} of " in page.inner_text(f'#menu [data-action="{send}"]')
        page.click(f'#menu [data-action="{send}"]')
        wait_for(page, lambda: move_shown(page) > move, "the dispute")
        wait_for(
            page,
            lambda: int(page.get_attribute(plate, "data-disputes") or "0") == disputes + 1,
            "the dispute on the map",
        )
        label = page.get_attribute(plate, "aria-label") or ""
        assert "disputed by Great Britain" in label, label
        # Both cubes are in the space, each with its letters: Britain's on the defender's.
        cell = page.locator(f'{plate} [data-space="{space}"]')
        assert cell.get_attribute("data-cube") == f"{defender}/GB"
        letters = cell.locator(".cl").all_text_contents()
        assert len(letters) == 2 and letters[0] == "GB", letters
        if defender in ("FR", "CE", "RU"):
            assert letters[1] == defender, letters
        assert not page.errors, page.errors
