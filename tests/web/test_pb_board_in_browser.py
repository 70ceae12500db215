"""Pax Britannica's own web board in Chromium (issue 16): an online game with two human seats, Great
Britain on a desktop page and France on a phone page (Germany and the United States are bots),
played through a whole turn: Britain offers France its Influence in Egypt by clicking Egypt on the
map (France accepts in the offer dialog), the two seats chat, France offers Britain £5 from the
offers' menu (Britain refuses), and the turn runs to its end. The map shows the markers the view
gives; on the phone an Area is a finger's target and the page never scrolls sideways. Screenshots:
``pb-*.png`` in the screenshots folder.

The helpers here serve tests/web/test_pb_congress_war_in_browser.py too."""

from __future__ import annotations

import time
import tomllib
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import httpx

from realpolitik.games.pax_britannica.game import PaxBritannica
from realpolitik.games.pax_britannica.rules.position import set_position
from realpolitik.games.pax_britannica.rules.state import State
from tests.server.helpers import LiveServer, create, seat_tokens, state, wait_until

from .lbe_support import TIMEOUT, move_shown, wait_for

PB = "pax-britannica"


def setup_with(position: Mapping[str, Any] | Path) -> Callable[..., State]:
    """A ``PaxBritannica.setup`` (for ``monkeypatch.setattr``) that sets every game the server
    creates up as usual, then puts ``position`` on the table (a scenario file's ``[position]``, or
    the file itself)."""
    original = PaxBritannica.setup
    table: Mapping[str, Any] = (
        tomllib.loads(position.read_text())["position"] if isinstance(position, Path) else position
    )

    def setup(self: PaxBritannica, options: Mapping[str, Any], seed: int, log: Any = None) -> State:
        game = original(self, options, seed, log)
        set_position(game, table, log)
        return game

    return setup


DESKTOP = {"width": 1400, "height": 900}
PHONE = {"width": 390, "height": 844}

# What a human seat answers when the test only needs the turn to go on (first listed wins).
CALM = (
    "done",
    "pass",
    "congress pass",
    "settle share",
    "vote yes",
    "sign",
    "accept",
    "peace sign",
    "aid none",
)


def open_pb(browser: Any, url: str, size: dict[str, int], styles_delay: float = 0.0) -> Any:
    """A page on ``url``; ``styles_delay``: the board's style sheet is held back that many seconds
    (a slow network), so a test can check that the page waits for it before its first frame."""
    phone = size["width"] < 700
    context = browser.new_context(viewport=size, has_touch=phone, is_mobile=phone)
    if styles_delay:

        def slow(route: Any) -> None:
            time.sleep(styles_delay)
            route.continue_()

        context.route("**/board.css", slow)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.errors = errors
    page.goto(url)
    page.wait_for_selector("#board svg.pb-map", timeout=TIMEOUT)
    return page


def seven_with_two_humans(
    browser: Any, server: LiveServer, http: httpx.Client, styles_delay: float = 0.0
) -> tuple[dict[str, str], Any, Any]:
    """A new seven-player game (two turns) with Britain on a desktop page and France on a phone
    page (its style sheet held back ``styles_delay`` seconds), the other five Powers bots: the
    seats' links and the two pages."""
    bots = dict.fromkeys(("DE", "US", "JP", "RU", "IT"), "bot")
    created = create(http, game=PB, seed=1, options={"players": 7, "turns": 2}, controllers=bots)
    tokens = seat_tokens(created)
    gb = open_pb(browser, f"{server.base}/play/{tokens['GB']}", DESKTOP)
    fr = open_pb(browser, f"{server.base}/play/{tokens['FR']}", PHONE, styles_delay)
    return tokens, gb, fr


def view_of(current: dict[str, Any], seat: str) -> dict[str, Any]:
    """The seat's view if the link holds it, else the link's own (the board is public: view.py)."""
    views = current["views"]
    found: dict[str, Any] = next((v for v in views if v["seat"] == seat), views[0])["view"]
    return found


def at_move(page: Any, move: int) -> None:
    wait_for(page, lambda: move_shown(page) >= move, f"the page at move {move}")


def answer_in_dialog(page: Any, action: str) -> None:
    """Press the decision dialog's button for ``action``."""
    button = page.locator(f'#dialog [data-action="{action}"]')
    button.wait_for(state="visible", timeout=TIMEOUT)
    move = move_shown(page)
    button.click()
    wait_for(page, lambda: move_shown(page) > move, f"the page after {action!r}")


def say(page: Any, text: str, to: str = "") -> None:
    if to:
        page.select_option("#chat-to", to)
    page.fill("#chat-text", text)
    page.click("#chat-send")


def map_markers(page: Any, area: str) -> dict[str, str]:
    """The markers the map draws in an Area: Power -> level (``*``: not yet established)."""
    text = page.get_attribute(f'.pb-map [data-area="{area}"]', "data-markers") or ""
    return dict(pair.split(":") for pair in text.split())


def assert_map_shows(page: Any, view: dict[str, Any]) -> None:
    """Every Area on the map carries exactly the view's markers."""
    for area in page.locator(".pb-map [data-area]").evaluate_all("ns => ns.map(n => n.dataset.area)"):
        held = view["markers"].get(area, {})
        want = {p: m["level"] + ("" if m["established"] else "*") for p, m in held.items()}
        assert map_markers(page, area) == want, area


def drive(
    http: httpx.Client,
    tokens: dict[str, str],
    until: Callable[[dict[str, Any]], bool],
    pick: Callable[[str, list[str]], str],
    max_moves: int = 600,
) -> dict[str, Any]:
    """Play the human seats' decisions through the API until ``until(state)`` holds, the bots
    playing theirs on the server; a bot answering at the same moment (a sealed decision) makes the
    server refuse an action sent for the move before: it is then chosen again."""
    any_token = next(iter(tokens.values()))
    for _ in range(max_moves):
        current = wait_until(
            http, any_token, lambda s: bool(s["outcome"]) or any(seat in tokens for seat in s["to_act"])
        )
        if until(current) or current["outcome"]:
            return current
        seat = next(seat for seat in current["to_act"] if seat in tokens)
        mine = state(http, tokens[seat])
        if seat not in mine["to_act"]:
            continue
        action = pick(seat, mine["legal"][seat])
        response = http.post(
            f"/api/play/{tokens[seat]}/action", json={"action": action, "move": mine["move"], "seat": seat}
        )
        assert response.status_code == 200 or "moved on" in response.text, response.text
    raise AssertionError("the game did not get there in time")


def calm_for(_seat: str, legal: list[str]) -> str:
    return calm(legal)


def calm(legal: list[str]) -> str:
    return next((a for a in CALM if a in legal), legal[-1])


def _gb_moves(current: dict[str, Any]) -> bool:
    return "GB" in current["to_act"] and view_of(current, "GB")["phase"] == "movement"


def _fr_moves(current: dict[str, Any]) -> bool:
    return "FR" in current["to_act"] and view_of(current, "FR")["phase"] == "movement"


def test_two_humans_play_a_turn_with_an_offer_accepted_one_refused_and_chat(
    browser: Any, tmp_path: Path, shots: Path
) -> None:
    server = LiveServer(f"sqlite:///{tmp_path / 'games.db'}", bot_delay=0.0)
    with server, httpx.Client(base_url=server.base) as http:
        created = create(
            http,
            game=PB,
            seed=1,
            options={"players": 4, "turns": 2},
            controllers={"DE": "bot", "US": "bot"},
            names={"GB": "Ada", "FR": "Bea"},
        )
        tokens = seat_tokens(created)
        assert set(tokens) == {"GB", "FR"}
        current = wait_until(http, tokens["GB"], _gb_moves)
        gb = open_pb(browser, f"{server.base}/play/{tokens['GB']}", DESKTOP)
        fr = open_pb(browser, f"{server.base}/play/{tokens['FR']}", PHONE)
        at_move(gb, current["move"])
        at_move(fr, current["move"])
        view = view_of(current, "GB")
        assert_map_shows(gb, view)
        assert gb.get_attribute(".pb-board", "data-turn") == "1"
        assert "ETI" in gb.inner_text('[data-track="eti"]') and "CRI" in gb.inner_text('[data-track="cri"]')
        # The record sheet: each Great Power's treasury as the view has it.
        for power in view["great_powers"]:
            assert gb.inner_text(f'#mats [data-treasury="{power}"]') == f"£{view['treasury'][power]}"
        gb.screenshot(path=str(shots / "pb-desktop-start.png"))
        fr.screenshot(path=str(shots / "pb-phone-start.png"))

        # The keyboard: a place takes the focus and Enter opens its menu; Escape closes it.
        gb.focus('.pb-map [data-area="india"]')
        gb.keyboard.press("Enter")
        gb.locator("#menu [data-action]").first.wait_for(state="visible", timeout=TIMEOUT)
        listed = gb.locator("#menu [data-action]").evaluate_all("ns => ns.map(n => n.dataset.action)")
        assert listed and all("india" in a.split() for a in listed), listed  # India's actions only
        gb.keyboard.press("Escape")
        wait_for(gb, lambda: not gb.is_visible("#menu"), "the menu closed by Escape")

        # The offer of a marker, by the map: Egypt (Britain's established Influence) lists what
        # Britain may do there; the menu entry reads as a sentence; France's page gets the dialog.
        assert view["markers"]["egypt"]["GB"] == {"level": "influence", "established": True}
        gb.locator('.pb-map [data-area="egypt"] circle.hit').click()
        entry = gb.locator('#menu [data-action="offer give egypt FR"]')
        entry.wait_for(state="visible", timeout=TIMEOUT)
        assert entry.inner_text() == "Offer my marker in Egypt to France"
        assert "picked" in (gb.get_attribute('.pb-map [data-area="egypt"]', "class") or "")
        assert "Economic Value" in gb.inner_text(".pb-details")
        entry.click()
        fr.locator('#dialog [data-decision="offer"]').wait_for(timeout=TIMEOUT)
        terms = fr.inner_text("#dialog .terms")
        assert "Influence marker in Egypt" in terms and "France" in terms, terms
        assert gb.locator('#dialog [data-action="accept"]').count() == 0  # only the recipient answers
        fr.screenshot(path=str(shots / "pb-phone-offer.png"))
        answer_in_dialog(fr, "accept")
        current = wait_until(http, tokens["GB"], _gb_moves)
        at_move(gb, current["move"])
        assert view_of(current, "GB")["markers"]["egypt"].get("FR", {}).get("level") == "influence"
        assert map_markers(gb, "egypt") == {"FR": "influence"}
        assert_map_shows(gb, view_of(current, "GB"))

        # Chat between the two seats: a public word and a private answer.
        say(gb, "Egypt is yours; Africa is big enough for both of us.")
        wait_for(fr, lambda: "Africa is big enough" in fr.inner_text("#chat"), "the message on France's page")
        say(fr, "Merci. Keep your money.", to="GB")
        wait_for(gb, lambda: "Keep your money" in gb.inner_text("#chat"), "France's private answer")
        assert gb.locator("#chat li.private").count() == 1

        # Britain ends its moves on the page; France moves next and offers £5 from the offers'
        # menu on the phone; Britain refuses in its dialog: nobody pays.
        at_move(gb, current["move"])
        gb.click('#buttons [data-action="done"]')
        current = drive(http, tokens, until=_fr_moves, pick=calm_for)
        assert _fr_moves(current)
        at_move(fr, current["move"])
        treasury = dict(view_of(current, "GB")["treasury"])
        fr.click('#buttons [data-verb="offer"]')
        fr.click('#menu [data-action="offer pay GB 5"]')
        gb.locator('#dialog [data-offer="pay"]').wait_for(timeout=TIMEOUT)
        assert "£5" in gb.inner_text("#dialog .terms")
        gb.screenshot(path=str(shots / "pb-desktop-offer.png"))
        answer_in_dialog(gb, "refuse")
        current = wait_until(http, tokens["FR"], _fr_moves)
        assert view_of(current, "GB")["treasury"] == treasury

        # The rest of the turn: the humans' decisions go through the API, the bots play theirs,
        # until Turn 2 is on both pages.
        current = drive(
            http,
            tokens,
            until=lambda s: view_of(s, "GB")["turn"] >= 2,
            pick=calm_for,
            max_moves=600,
        )
        assert view_of(current, "GB")["turn"] == 2, "the game did not reach Turn 2"
        for page in (gb, fr):
            at_move(page, current["move"])
            turn = lambda p=page: p.get_attribute(".pb-board", "data-turn") == "2"  # noqa: E731
            wait_for(page, turn, "Turn 2 on the page")
        current = state(http, tokens["GB"])
        at_move(gb, current["move"])
        assert_map_shows(gb, view_of(current, "GB"))

        # The phone: an Area is a finger's target (>= 40 px) and the page never scrolls sideways.
        box = fr.locator('.pb-map [data-area="egypt"] circle.hit').bounding_box()
        assert box is not None and box["width"] >= 40 and box["height"] >= 40, box
        assert fr.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        assert gb.evaluate("document.documentElement.scrollWidth") <= DESKTOP["width"]
        gb.screenshot(path=str(shots / "pb-desktop-turn2.png"))
        fr.locator('.pb-map [data-area="egypt"]').scroll_into_view_if_needed()
        fr.screenshot(path=str(shots / "pb-phone-turn2.png"))
        assert gb.errors == [] and fr.errors == [], (gb.errors, fr.errors)
