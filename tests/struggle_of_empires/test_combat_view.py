"""What every empire sees at the table during an attack (issue 17): a Surprise Attack (L558-559),
the gold offered to each ally asked and its answer (L303-314, R22), the Blockade's +2 (L570), the
dice — public, so the same in every seat's view and a spectator's, on the terminal's screen and in
the web board's combat dialog, in English and French."""

from __future__ import annotations

import io
import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from realpolitik.cli.play import Tall
from realpolitik.engine import Match, plugin
from realpolitik.games.struggle_of_empires.ui.terminal import StruggleOfEmpiresRenderer
from realpolitik.games.struggle_of_empires.ui.web import board_for

SOE = plugin("struggle-of-empires")
GAME = SOE.game
SEATS = ("GB", "FR", "PR", "AU", "ES")


def _attack(surprise: bool) -> Match:
    """GB (grey, with ES) attacks FR (white, with PR and AU) in India: GB has 2 armies and a ship,
    ES an army and a ship, FR 2 armies, PR an army; FR keeps a Reserve, GB a Blockade."""
    match = Match(GAME, {"players": 5}, seed=1)
    position = {
        "clear": True,
        "grey": ["GB", "ES"],
        "white": ["FR", "PR", "AU"],
        "units": {
            "india": {
                "GB": {"army": 2, "ship": 1},
                "ES": {"army": 1, "ship": 1},
                "FR": {"army": 2},
                "PR": {"army": 1},
            }
        },
        "tokens": {"india": {"FR": 1}},
        "empires": {
            "GB": {"gold": 10, "tiles": {"surprise-attack": 1, "blockade": 1}},
            "FR": {"gold": 10, "tiles": {"reserve": 1}},
            "ES": {"gold": 3},
        },
        "turn": "GB",
    }
    GAME.set_position(match.state, position, match.log)
    match.play("GB", "attack india FR surprise" if surprise else "attack india FR")
    return match


def _same_for_everyone(match: Match) -> dict[str, Any]:
    combats = [match.view(seat)["combat"] for seat in (*SEATS, None)]
    assert all(c == combats[0] for c in combats)
    combat: dict[str, Any] = combats[0]
    return combat


def _surprise_at_the_reserve() -> Match:
    """The surprise attack played up to FR's Reserve decision (after the land dice)."""
    match = _attack(surprise=True)
    match.play("GB", "offer 2")
    match.play("ES", "support all")
    match.play("GB", "fight")  # FR has no ship: GB has the naval support
    match.play("GB", "boost")
    assert list(match.to_act()) == ["FR"] and match.view("FR")["decision"]["kind"] == "reserve"
    return match


def test_a_surprise_attack_its_offer_answer_and_blockade_are_public() -> None:
    match = _attack(surprise=True)
    combat = _same_for_everyone(match)
    assert combat["surprise"] is True and combat["defender"] == "FR" and combat["kind"] == "player"
    assert combat["offers"] == {} and combat["answers"] == {} and combat["boost"] is False
    match.play("GB", "offer 2")
    assert _same_for_everyone(match)["offers"] == {"ES": 2}
    match.play("ES", "support all")
    combat = _same_for_everyone(match)
    assert combat["answers"] == {"ES": "all"} and combat["support"] == {"ES": "all"}
    match.play("GB", "fight")
    match.play("GB", "boost")
    combat = _same_for_everyone(match)
    assert combat["boost"] is True and combat["naval_support"] == "A" and combat["phase"] == "land"
    assert set(combat["dice"]) == {"A", "D"}
    # L558-559: taken by surprise, the defender's allies were never asked
    assert "PR" not in combat["answers"] and "PR" not in combat["offers"]


def test_a_refusal_and_an_offer_of_no_gold_are_public() -> None:
    match = _attack(surprise=False)
    match.play("GB", "offer 0")
    match.play("ES", "support none")
    combat = _same_for_everyone(match)
    assert combat["offers"] == {"ES": 0} and combat["answers"] == {"ES": "none"} and combat["support"] == {}
    assert list(match.to_act()) == ["FR"]  # now the defender asks its own ally
    match.play("FR", "offer 1")
    match.play("PR", "support armies")
    combat = _same_for_everyone(match)
    assert combat["offers"] == {"ES": 0, "PR": 1}
    assert combat["answers"] == {"ES": "none", "PR": "armies"} and combat["surprise"] is False


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        (
            "en",
            [
                "Surprise Attack: the defender's allies are not asked",
                "ES asked, 2 gold offered: ships and armies",
                "Blockade: naval support +2",
            ],
        ),
        (
            "fr",
            [
                "Attaque surprise : les alliés du défenseur ne sont pas sollicités",
                "ES sollicité, 2 ors offerts : ses navires et ses armées",
                "Blocus : soutien naval +2",
            ],
        ),
    ],
)
def test_the_terminal_shows_them_to_a_seat_outside_the_attack(lang: str, words: list[str]) -> None:
    match = _surprise_at_the_reserve()
    assert SOE.terminal is not None
    renderer = SOE.terminal.renderer(match.options, lang)
    assert isinstance(renderer, StruggleOfEmpiresRenderer)
    console = Console(file=io.StringIO(), width=200, height=40, record=True, color_system=None)
    console.print(Tall(renderer.screen(match.view("AU"), "AU")))
    screen = console.export_text()
    for text in words:
        assert text in screen, (text, screen)


def test_the_terminal_shows_an_answer_awaited_and_a_refusal() -> None:
    match = _attack(surprise=False)
    match.play("GB", "offer 0")
    assert SOE.terminal is not None
    renderer = SOE.terminal.renderer(match.options, "en")
    assert isinstance(renderer, StruggleOfEmpiresRenderer)
    assert renderer.table_talk(match.view("AU")["combat"]).plain.strip() == (
        "ES asked, no gold offered: answer awaited"
    )
    match.play("ES", "support none")
    assert (
        renderer.table_talk(match.view("AU")["combat"]).plain.strip() == "ES asked, no gold offered: refuses"
    )


# Chromium is driven in a process of its own: the web tests' session-wide browser (tests/web) may
# be open in this one, and Playwright's sync API runs one instance a thread.
DIALOG = """
import json, sys
from playwright.sync_api import sync_playwright
from tests.web.conftest import ARGS, CHROMIUM
url, board, view, lang = json.load(sys.stdin)
with sync_playwright() as playwright:
    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
    page = browser.new_page()
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(url)
    shown = page.evaluate(
        \"\"\"async ([board, view, lang]) => {
            const { createBoard } = await import('/games/struggle-of-empires/board.js');
            const b = createBoard(board, () => lang);
            const box = b.combatDialog(view, 'AU', [], () => {});
            document.body.append(box);
            return {
              text: box.innerText,
              surprise: !!box.querySelector('[data-surprise]'),
              boost: !!box.querySelector('[data-boost]'),
              buttons: box.querySelectorAll('[data-action]').length,
              asked: [...box.querySelectorAll('.soe-asks [data-ally]')].map(
                (li) => [li.dataset.ally, li.dataset.answer]),
            };
        }\"\"\",
        [board, view, lang],
    )
    browser.close()
print(json.dumps({**shown, "errors": errors}))
"""


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", ["Surprise Attack", "2 gold offered", "ships and armies", "Blockade: naval support +2"]),
        ("fr", ["Attaque surprise", "2 or offert", "ses navires et ses armées", "Blocus : soutien naval +2"]),
    ],
)
def test_the_web_boards_combat_dialog_shows_them(tmp_path: Path, lang: str, words: list[str]) -> None:
    if not Path("/usr/bin/chromium").exists() and not shutil.which("chromium"):
        pytest.skip("Debian's chromium is not installed (apt-get install chromium)")
    pytest.importorskip("playwright.sync_api", reason="the Python package playwright is missing")
    from tests.server.helpers import LiveServer

    match = _surprise_at_the_reserve()
    view = match.view("AU")  # a seat outside the attack: the dialog without buttons
    with LiveServer(f"sqlite:///{tmp_path / 'games.db'}", bot_delay=0.0) as server:
        done = subprocess.run(
            [sys.executable, "-c", DIALOG],
            input=json.dumps([f"{server.base}/", board_for(match.options), view, lang]),
            capture_output=True,
            text=True,
            check=False,
            timeout=120,
            cwd=Path(__file__).resolve().parents[2],
        )
    assert done.returncode == 0, done.stderr
    shown = json.loads(done.stdout)
    assert shown["errors"] == []
    assert shown["surprise"] and shown["boost"] and shown["asked"] == [["ES", "all"]]
    assert shown["buttons"] == 0  # AU answers nothing here
    for text in words:
        assert text in shown["text"], (text, shown["text"])
