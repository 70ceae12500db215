"""What La Belle Époque's browser tests share: page sizes, waiting on a page that redraws, the
move on screen and opening a seat's page."""

from __future__ import annotations

import time
from typing import Any

TIMEOUT = 30_000
"""How long a browser test waits for what it expects, in ms: a wait ends as soon as it holds, so
this only bounds a failure. 10 s timed out rendering Pax Britannica's map while a compiled build
and another suite shared the two cores (load 7.5, 2026-12-02)."""
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}


def scroll_to(locator: Any, tries: int = 10) -> None:
    """Scroll a board element into view; the board redraws when a state message arrives (a bot
    moved), which may detach the node being scrolled to, so the locator is resolved again."""
    for attempt in range(tries):
        try:
            locator.scroll_into_view_if_needed(timeout=3000)
            return
        except Exception:
            if attempt == tries - 1:
                raise
            time.sleep(0.1)


def wait_for(page: Any, check: Any, what: str) -> None:
    # Polled from Python: the page's Content-Security-Policy forbids wait_for_function's eval.
    deadline = time.monotonic() + TIMEOUT / 1000
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        page.wait_for_timeout(20)


def move_shown(page: Any) -> int:
    return int(page.get_attribute("body", "data-move") or "-1")


def open_page(browser: Any, url: str, size: dict[str, int], **options: Any) -> Any:
    context = browser.new_context(viewport=size, **options)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.errors = errors
    page.goto(url)
    page.wait_for_selector("#board svg.lbe-map-svg", timeout=TIMEOUT)
    return page


def gb_to_act(current: dict[str, Any]) -> bool:
    return "GB" in current["to_act"]
