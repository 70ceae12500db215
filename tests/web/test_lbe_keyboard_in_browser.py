"""Issue 19 in Chromium: a whole Action-Phase turn of La Belle Époque played with the keyboard alone
(Tab to the map, Enter to act on a territory, Tab to the turn's end, Enter), and a card of the hand
played through its menu with the mouse. Screenshots: ``lbe-keyboard-*.png``,
``lbe-card-played.png``."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx

from tests.server.helpers import LiveServer, create, drive, seat_tokens, state

from .lbe_support import DESKTOP, TIMEOUT, move_shown, open_page, wait_for

BOTS = {"FR": "bot", "CE": "bot", "RU": "bot"}


def _action_turn(current: dict[str, Any]) -> bool:
    """Britain's own Action-Phase turn, with a placement or a send among its choices (§8.2)."""
    legal = current["legal"].get("GB", [])
    view = current["views"][0]["view"]
    return view["phase"] == "action" and any(a.startswith(("send ", "place ")) for a in legal)


def _active(page: Any, attribute: str) -> str | None:
    value = page.evaluate(f"document.activeElement && document.activeElement.getAttribute({attribute!r})")
    return str(value) if value is not None else None


@contextmanager
def _britain(tmp_path: Path, until: Any) -> Iterator[tuple[LiveServer, httpx.Client, str, dict[str, Any]]]:
    """A server with one game, Britain a person and the others bots, played on to ``until``."""
    with (
        LiveServer(f"sqlite:///{tmp_path / 'games.db'}", bot_delay=0.0) as server,
        httpx.Client(base_url=server.base) as http,
    ):
        created = create(http, seed=5, controllers=BOTS)
        tok = seat_tokens(created)["GB"]
        yield server, http, tok, drive(http, {"GB": tok}, until=until)


def _tab_until(page: Any, test: Any, what: str, limit: int = 250) -> None:
    for _ in range(limit):
        if test():
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {what}")


def test_a_turn_played_with_the_keyboard_alone(browser: Any, tmp_path: Path, shots: Path) -> None:
    with _britain(tmp_path, until=_action_turn) as (server, http, tok, current):
        page = open_page(browser, f"{server.base}/play/{tok}", DESKTOP)
        wait_for(page, lambda: move_shown(page) == current["move"], "the page at Britain's turn")
        page.evaluate("document.activeElement && document.activeElement.blur()")

        # Tab reaches the map: one item in the tab order, a place Britain may act on.
        _tab_until(page, lambda: (_active(page, "class") or "").startswith("mapitem"), "the map")
        page.screenshot(path=str(shots / "lbe-keyboard-map.png"))
        # Enter on it: the page's menu takes the keyboard; Enter again commits its first choice
        # (with several choices, the first entry, then Confirm).
        move = move_shown(page)
        page.keyboard.press("Enter")
        page.wait_for_selector("#menu:not([hidden])", timeout=TIMEOUT)
        for _ in range(3):
            page.keyboard.press("Enter")
            page.wait_for_timeout(200)
            if move_shown(page) > move:
                break
        wait_for(page, lambda: move_shown(page) > move, "an action on the map by the keyboard")
        acted = state(http, tok)
        gb_lines = [line["text"] for line in acted["log"] if line.get("seat") == "GB"]
        assert gb_lines, acted["log"][-5:]

        # Then the turn's end, still by the keyboard: Tab to the button that ends it, Enter.
        # (§8.0.1: after one action Britain may take another of another kind or end its turn.)
        assert "GB" in acted["to_act"] and "end" in acted["legal"]["GB"], acted["legal"]
        move = move_shown(page)
        page.evaluate("document.activeElement && document.activeElement.blur()")
        _tab_until(page, lambda: _active(page, "data-action") == "end", "the end of the turn")
        page.screenshot(path=str(shots / "lbe-keyboard-end.png"))
        page.keyboard.press("Enter")
        for _ in range(2):
            page.wait_for_timeout(200)
            if move_shown(page) > move:
                break
            page.keyboard.press("Enter")  # a confirmation, if the page asks for one
        wait_for(page, lambda: move_shown(page) > move, "the end of the turn by the keyboard")
        after = state(http, tok)
        assert any(line["text"].startswith("GB ends its turn") for line in after["log"]), after["log"][-5:]
        assert not page.errors, page.errors


def _card_to_play(current: dict[str, Any]) -> bool:
    return _action_turn(current) and any(a.startswith("play ") for a in current["legal"]["GB"])


def test_a_card_is_played_through_its_menu(browser: Any, tmp_path: Path, shots: Path) -> None:
    with _britain(tmp_path, until=_card_to_play) as (server, http, tok, current):
        plays = [a for a in current["legal"]["GB"] if a.startswith("play ")]
        card = plays[0].split()[1]
        page = open_page(browser, f"{server.base}/play/{tok}", DESKTOP)
        wait_for(page, lambda: move_shown(page) == current["move"], "the page at Britain's turn")
        move = move_shown(page)
        page.click(f'#hand [data-card="{card}"]')
        page.wait_for_selector("#menu:not([hidden]) [data-action]", timeout=TIMEOUT)
        # The menu offers exactly the card's legal plays.
        offered = page.eval_on_selector_all(
            "#menu [data-action]", "nodes => nodes.map(n => n.dataset.action)"
        )
        assert sorted(set(offered)) == sorted(a for a in plays if a.split()[1] == card), offered
        choice = offered[0]
        page.click(f'#menu [data-action="{choice}"]')
        page.wait_for_timeout(200)
        if move_shown(page) == move:  # the first click selected it: Confirm commits
            page.click("#menu button.confirm")
        wait_for(page, lambda: move_shown(page) > move, "the card's play")
        page.screenshot(path=str(shots / "lbe-card-played.png"))
        played = state(http, tok)
        assert any(line["text"].startswith("GB plays") for line in played["log"]), played["log"][-5:]
        assert not page.errors, page.errors


def test_the_rules_and_every_card_are_one_click_away(browser: Any, tmp_path: Path, shots: Path) -> None:
    with _britain(tmp_path, until=_action_turn) as (server, http, tok, current):
        board = http.get(f"/api/play/{tok}/board").json()
        for lang, words in (("en", "Action Phase (§8)"), ("it", "Fase delle Azioni (§8)")):
            page = open_page(browser, f"{server.base}/play/{tok}?lang={lang}", DESKTOP)
            wait_for(
                page, lambda page=page: move_shown(page) == current["move"], "the page at Britain's turn"
            )
            assert page.is_hidden("#reference .help-now")  # folded until asked for
            page.click("#reference > summary")
            now = page.inner_text("#reference .help-now")
            assert words in now, now  # the rule of the decision on screen, in the page's language
            # The cards are not on the page until asked for (no hand's card name in its HTML).
            assert page.locator("#reference [data-card-text]").count() == 0
            page.click("#reference .reference-cards > summary")
            page.wait_for_selector("#reference [data-card-text]", timeout=TIMEOUT)
            shown = page.locator("#reference [data-card-text]")
            assert shown.count() == len(board["cards"])
            # The panel stays open when the page draws again (a bot's move, a new state).
            page.evaluate("window.scrollTo(0, 0)")
            page.screenshot(path=str(shots / f"lbe-reference-{lang}.png"), full_page=True)
            assert page.is_visible("#reference .help-now")
            assert not page.errors, page.errors
            page.close()
