"""La Belle Époque's log in Italian (issue 19): the rules write each line in English once; the board
(``ui/static/log.js``) rewrites it from its English template into Italian. In whole games played by
bots — four Powers, and solo against three Non-Player Powers — no line is left as the rules wrote it
and no line mixes in English words (the check that found the last untranslated lines: the solo
verdict's band, objective ids in scorings, Prestige moves, a Non-Player Power's tie rolls). Then
every distinct line of 120 random games (every lineup, the promos) through the board's own
rendering at once: random play reaches the cards, events and Non-Player branches that three bot
games may never draw, so a new line without its Italian template fails whatever the seeds."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import httpx
import pytest

from realpolitik.engine import Rng, get_game
from tests.server.helpers import LBE, LiveServer, create, state, token, wait_until

from .lbe_support import TIMEOUT

ENGLISH = re.compile(r"\b(the|with|and|of|from|to|its|cube|cubes|space|wins|loses|plays|returns)\b")

HUMANS = {"GB": "human", "FR": "human", "CE": "human", "RU": "human"}

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
        status = page.inner_text("#status")  # the result in the page's bar, as the last line reads
        page.close()
    assert "Partita finita" in status and not ENGLISH.search(status), status
    assert log[-1]["text"] not in status, status
    assert len(shown) == len(log)
    untranslated = untranslated_lines(log, shown)
    assert untranslated == [], untranslated[:10]
    assert not errors, errors


# (options, first seed, games): every lineup the options allow, 120 random games in all.
RANDOM_GAMES: list[tuple[dict[str, Any], int, int]] = [
    ({"players": 4, "dreyfus_affair": True, "intrigue_promos": True}, 100, 40),
    ({"players": 3}, 200, 10),
    ({"players": 2}, 300, 10),
    ({"np": ["FR", "CE", "RU"]}, 400, 15),
    ({"np": ["GB", "FR", "RU"]}, 500, 15),
    ({"np": ["GB", "CE", "RU"]}, 600, 15),
    ({"np": ["GB", "FR", "CE"]}, 700, 15),
]


def random_lines() -> list[dict[str, Any]]:
    """Every distinct log line (with the seat it is about) of the random games above."""
    game = get_game("la-belle-epoque")
    lines: dict[str, Any] = {}
    for options, first, count in RANDOM_GAMES:
        for seed in range(first, first + count):
            log: list[Any] = []
            played: Any = game.setup(game.normalize_options(options), seed, log)
            rng = Rng.from_seed(seed, stream=0xBE)
            while acting := game.to_act(played):
                legal = game.legal_actions(played, acting[0])
                game.apply(played, acting[0], legal[rng.below(len(legal))], log)
            for entry in log:
                lines.setdefault(entry.text, entry.seat)
    return [{"text": text, "seat": seat} for text, seat in lines.items()]


def untranslated_lines(log: list[dict[str, Any]], shown: list[str]) -> list[str]:
    """The lines shown as the rules wrote them, or with English words in them."""
    left = []
    for entry, text in zip(log, shown, strict=True):
        words = entry["text"]
        if entry.get("seat") and words.startswith(f"{entry['seat']} "):
            words = words[len(entry["seat"]) + 1 :]
        if words in text or ENGLISH.search(text):
            left.append(text)
    return left


def test_every_line_random_games_write_reads_in_italian(browser: Any, tmp_path: Path) -> None:
    lines = random_lines()
    assert len(lines) > 5000  # thousands of distinct lines: the sample is not a handful
    with LiveServer(f"sqlite:///{tmp_path / 'games.db'}", bot_delay=0.0) as server:
        with httpx.Client(base_url=server.base, timeout=60) as http:
            options = {"dreyfus_affair": True, "intrigue_promos": True}
            created = create(http, game=LBE, controllers=HUMANS, seed=1, options=options)
            board = http.get(f"/api/play/{token(created['spectator'])}/board").json()
        page = browser.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(f"{server.base}{created['spectator']}?lang=it")
        page.wait_for_selector("#log li", timeout=TIMEOUT)
        # The board module the page loaded, asked for each line as the log would show it.
        shown = page.evaluate(
            """async ([board, lines]) => {
                const boards = await import(board.module);
                const logs = await import(board.module.replace(/board\\.js$/, "log.js"));
                const { getLang } = await import("/static/i18n.js");
                const R = boards.createBoard(board, getLang);
                return lines.map((entry) => {
                    const line = logs.logLine(entry, R);
                    return typeof line === "string" ? line : line.textContent;
                });
            }""",
            [board, lines],
        )
        page.close()
    assert len(shown) == len(lines)
    untranslated = untranslated_lines(lines, shown)
    assert untranslated == [], untranslated[:10]
    assert not errors, errors
