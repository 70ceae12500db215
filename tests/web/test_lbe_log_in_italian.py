"""La Belle Époque's log in Italian (issue 19): the rules write each line in English once; the board
(``ui/static/log.js``) rewrites it from its English template into Italian. In whole games played by
bots — four Powers, and solo against three Non-Player Powers — no line is left as the rules wrote it
and no line mixes in English words (the check that found the last untranslated lines: the solo
verdict's band, objective ids in scorings, Prestige moves, a Non-Player Power's tie rolls)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.server.helpers import LBE, LiveServer, create, state, token, wait_until

from .lbe_support import TIMEOUT

ENGLISH = re.compile(r"\b(the|with|and|of|from|to|its|cube|cubes|space|wins|loses|plays|returns)\b")

GAMES = [
    ({}, {"GB": "bot", "FR": "bot", "CE": "bot", "RU": "bot"}, 11),
    ({"np": ["FR", "CE", "RU"]}, {"GB": "bot:heuristic"}, 13),
    ({"np": ["GB", "FR", "RU"]}, {"CE": "bot:heuristic"}, 19),
]


@pytest.mark.parametrize(("options", "controllers", "seed"), GAMES)
def test_every_line_of_a_whole_game_reads_in_italian(
    browser: Any, tmp_path: Path, options: dict[str, Any], controllers: dict[str, str], seed: int
) -> None:
    with LiveServer(f"sqlite:///{tmp_path / 'games.db'}", bot_delay=0.0) as server:
        with httpx.Client(base_url=server.base, timeout=60) as http:
            created = create(http, game=LBE, controllers=controllers, seed=seed, options=options)
            spectator = token(created["spectator"])
            wait_until(http, spectator, lambda s: bool(s["outcome"]), timeout=120)
            log = state(http, spectator)["log"]
        page = browser.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(f"{server.base}{created['spectator']}?lang=it")
        page.wait_for_selector("#log li", timeout=TIMEOUT)
        page.wait_for_function(f"document.querySelectorAll('#log li:not(.since)').length >= {len(log)}")
        # Every line, folded turns included (textContent reads hidden lines too).
        shown = page.eval_on_selector_all("#log li:not(.since)", "nodes => nodes.map(n => n.textContent)")
        page.close()
    assert len(shown) == len(log)
    untranslated = []
    for entry, text in zip(log, shown, strict=True):
        words = entry["text"]
        if entry.get("seat") and words.startswith(f"{entry['seat']} "):
            words = words[len(entry["seat"]) + 1 :]
        if words in text or ENGLISH.search(text):
            untranslated.append(text)
    assert untranslated == [], untranslated[:10]
    assert not errors, errors
