"""Europe in Turmoil's own web board in Chromium (issue 15, "Play"): an online game between two
humans, the Authoritarian on a desktop page and the Liberal on a phone page (two seat links). Both
place their first discretionary Support by clicking spaces on the map (3.4); then each plays one
action round: a card of the hand clicked, its Operations chosen from the card's menu (which says
what each play does), and Support placed by clicking the highlighted spaces (6.1); the
Authoritarian then makes two Support Checks (6.2) the same way, read in the log. Each page shows
its own hand with the card texts and the other side's hand as backs only. Screenshots:
``eit-*.png`` in the screenshots folder."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx

from realpolitik.games.europe_in_turmoil.content import load_content
from tests.server.helpers import LiveServer, create, seat_tokens, state, wait_until

from .lbe_support import TIMEOUT, move_shown, wait_for

EIT = "europe-in-turmoil"
DESKTOP = {"width": 1400, "height": 900}
PHONE = {"width": 390, "height": 844}


def open_eit(browser: Any, url: str, size: dict[str, int]) -> Any:
    phone = size["width"] < 700
    context = browser.new_context(viewport=size, has_touch=phone, is_mobile=phone)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.errors = errors
    page.goto(url)
    page.wait_for_selector("#board svg.eit-map", timeout=TIMEOUT)
    return page


def mine(http: httpx.Client, tokens: dict[str, str], seat: str) -> tuple[dict[str, Any], list[str]]:
    """The seat's own state (its view has its hand) and its legal actions."""
    current = state(http, tokens[seat])
    return current, list(current["legal"].get(seat, []))


def view_of(current: dict[str, Any]) -> dict[str, Any]:
    found: dict[str, Any] = current["views"][0]["view"]
    return found


def to_act(http: httpx.Client, tokens: dict[str, str], seat: str) -> dict[str, Any]:
    return wait_until(http, tokens[seat], lambda s: seat in s["to_act"])


def at_move(page: Any, move: int) -> None:
    wait_for(page, lambda: move_shown(page) >= move, f"the page at move {move}")


def map_sp(page: Any, space: str) -> dict[str, int]:
    """The SP the map draws in a space: side -> count."""
    text = page.get_attribute(f'.eit-map [data-space="{space}"]', "data-sp") or ""
    return {side: int(n) for side, n in (pair.split(":") for pair in text.split())}


def place_by_click(page: Any, space: str) -> None:
    """Click a space on the map, read what will happen, confirm it: the page moves on."""
    move = move_shown(page)
    page.locator(f'.eit-map [data-space="{space}"] .plate').click()
    confirm = page.locator(f'#menu [data-action="sp {space}"]')
    confirm.wait_for(state="visible", timeout=TIMEOUT)
    assert page.inner_text("#menu .menu-what").startswith("Place 1 SP in ")
    confirm.click()
    wait_for(page, lambda: move_shown(page) > move, f"the page after placing in {space}")


def send(http: httpx.Client, tokens: dict[str, str], seat: str, action: str) -> None:
    current, legal = mine(http, tokens, seat)
    assert action in legal, (action, legal)
    response = http.post(
        f"/api/play/{tokens[seat]}/action", json={"action": action, "move": current["move"], "seat": seat}
    )
    assert response.status_code == 200, response.text


def assert_own_hand_only(page: Any, seat: str, own: dict[str, Any], other: dict[str, Any]) -> None:
    """The page shows the seat's own cards with their texts, and the other hand as backs only."""
    them = "L" if seat == "A" else "A"
    shown = set(page.locator("#hand [data-card]").evaluate_all("ns => ns.map(n => n.dataset.card)"))
    assert shown == {c["id"] for c in own["hand"]}
    assert not shown & {c["id"] for c in other["hand"]}
    first = own["hand"][0]
    assert first["text"] in page.inner_text(f'#hand [data-card="{first["id"]}"]')
    size = own["hand_sizes"][them]
    assert page.get_attribute('[data-panel="opponent"] .backs', "data-opponent-hand") == str(size)
    assert page.locator('[data-panel="opponent"] .back').count() == size
    assert size == len(other["hand"])


def play_a_round(page: Any, http: httpx.Client, tokens: dict[str, str], seat: str, shots: Path) -> str:
    """The seat's action round on its page: a card of its own (or neutral) side played for OPs to
    place Support, from the card's menu; then a click on a highlighted space for every SP."""
    current = to_act(http, tokens, seat)
    at_move(page, current["move"])
    current, legal = mine(http, tokens, seat)
    own_side = {"A": "authoritarian", "L": "liberal"}[seat]
    hand = view_of(current)["hand"]
    card = next(c for c in hand if c["side"] in (own_side, "neutral") and f"ops {c['number']} place" in legal)
    play = f"ops {card['number']} place"
    page.locator(f'#hand [data-card="{card["id"]}"]').click()
    entry = page.locator(f'#menu [data-action="{play}"]')
    entry.wait_for(state="visible", timeout=TIMEOUT)
    # The card's menu says what each play does, in words.
    assert "OPs for placing Support" in entry.inner_text()
    if f"event {card['number']}" in legal:
        assert card["text"] in page.inner_text(f'#menu [data-action="event {card["number"]}"]')
    page.screenshot(path=str(shots / f"eit-{seat}-card-menu.png"))
    move = move_shown(page)
    entry.click()
    wait_for(page, lambda: move_shown(page) > move, "the page after the card")
    placed = ""
    for _ in range(8):
        current, legal = mine(http, tokens, seat)
        if view_of(current)["decision"]["kind"] != "place" or seat not in current["to_act"]:
            break
        at_move(page, current["move"])
        assert "OP(s) left" in page.inner_text("#prompt")
        space = next(a.split()[1] for a in legal if a.startswith("sp "))
        highlighted = page.get_attribute(f'.eit-map [data-space="{space}"]', "class") or ""
        assert "legal" in highlighted
        before = map_sp(page, space)[seat]
        if not placed:
            page.screenshot(path=str(shots / f"eit-{seat}-placing.png"))
        place_by_click(page, space)
        placed = space
        after = state(http, tokens[seat])
        assert view_of(after)["spaces"][space]["sp"][1 if seat == "A" else 0] == before + 1
        at_move(page, after["move"])
        assert map_sp(page, space)[seat] == before + 1
    assert placed, "no Support was placed"
    return placed


def check_by_click(page: Any, http: httpx.Client, tokens: dict[str, str], seat: str) -> str | None:
    """The seat's next round: a card played for two Support Checks (6.2) from its menu, each
    target clicked on the map and confirmed; None when no card of the hand allows it."""
    current = to_act(http, tokens, seat)
    at_move(page, current["move"])
    current, legal = mine(http, tokens, seat)
    own_side = {"A": "authoritarian", "L": "liberal"}[seat]
    card = next(
        (
            c
            for c in view_of(current)["hand"]
            if c["side"] in (own_side, "neutral") and f"ops {c['number']} checks" in legal
        ),
        None,
    )
    if card is None:
        return None
    page.locator(f'#hand [data-card="{card["id"]}"]').click()
    entry = page.locator(f'#menu [data-action="ops {card["number"]} checks"]')
    entry.wait_for(state="visible", timeout=TIMEOUT)
    assert "2 Support Checks (6.2)" in entry.inner_text()
    move = move_shown(page)
    entry.click()
    wait_for(page, lambda: move_shown(page) > move, "the page after the card")
    checked = None
    for _ in range(2):
        current, legal = mine(http, tokens, seat)
        if view_of(current)["decision"]["kind"] != "checks" or seat not in current["to_act"]:
            break
        at_move(page, current["move"])
        space = next(a.split()[1] for a in legal if a.startswith("check "))
        move = move_shown(page)
        page.locator(f'.eit-map [data-space="{space}"] .plate').click()
        confirm = page.locator(f'#menu [data-action="check {space}"]')
        confirm.wait_for(state="visible", timeout=TIMEOUT)
        assert page.inner_text("#menu .menu-what").startswith("Support Check in ")
        confirm.click()
        wait_for(page, lambda m=move: move_shown(page) > m, f"the page after the check in {space}")
        checked = space
    return checked


def test_two_humans_set_up_and_play_a_round_each_by_clicking_the_map(
    browser: Any, tmp_path: Path, shots: Path
) -> None:
    server = LiveServer(f"sqlite:///{tmp_path / 'games.db'}", bot_delay=0.0)
    with server, httpx.Client(base_url=server.base) as http:
        created = create(http, game=EIT, seed=3, options={}, controllers={}, names={"A": "Ada", "L": "Bea"})
        tokens = seat_tokens(created)
        assert set(tokens) == {"A", "L"}
        auth = open_eit(browser, f"{server.base}/play/{tokens['A']}", DESKTOP)
        lib = open_eit(browser, f"{server.base}/play/{tokens['L']}", PHONE)

        # 3.4, the discretionary setup: a Scoring-card reveal is answered first when offered.
        for seat in ("A", "L"):
            current, legal = mine(http, tokens, seat)
            if "conceal" in legal:
                send(http, tokens, seat, "conceal")
        # The Authoritarian's first step by clicks on the desktop map, the Liberal's on the phone.
        for seat, page in (("A", auth), ("L", lib)):
            current = to_act(http, tokens, seat)
            at_move(page, current["move"])
            assert view_of(current)["decision"]["kind"] == "setup-place"
            assert "Discretionary setup" in page.inner_text("#prompt")
            for _ in range(view_of(current)["decision"]["data"]["left"]):
                current, legal = mine(http, tokens, seat)
                space = next(a.split()[1] for a in legal if a.startswith("sp "))
                before = view_of(current)["spaces"][space]["sp"]
                at_move(page, current["move"])
                place_by_click(page, space)
                after = view_of(state(http, tokens[seat]))["spaces"][space]["sp"]
                i = 1 if seat == "A" else 0  # the view lists SP as [Liberal, Authoritarian]
                assert after[i] == before[i] + 1
                assert map_sp(page, space)[seat] == after[i]
        # The rest of the setup through the API (the same kind of click, four more times).
        while True:
            current = wait_until(http, tokens["A"], lambda s: bool(s["to_act"]))
            seat = current["to_act"][0]
            kind = view_of(mine(http, tokens, seat)[0])["decision"]["kind"]
            if kind != "setup-place":
                break
            send(http, tokens, seat, next(a for a in mine(http, tokens, seat)[1] if a.startswith("sp ")))

        # Each page shows its own hand (texts included) and the other's as backs.
        a_state, _ = mine(http, tokens, "A")
        l_state, _ = mine(http, tokens, "L")
        at_move(auth, a_state["move"])
        at_move(lib, l_state["move"])
        assert_own_hand_only(auth, "A", view_of(a_state), view_of(l_state))
        assert_own_hand_only(lib, "L", view_of(l_state), view_of(a_state))
        assert "VP" in auth.inner_text('[data-track="vp"]')
        assert auth.get_attribute('[data-track="tension"]', "data-value") == str(view_of(a_state)["tension"])
        assert auth.locator('[data-track="naval"] .nbox').count() == 14
        assert auth.locator('[data-panel="stability"] [data-stab]').count() == 20
        auth.screenshot(path=str(shots / "eit-desktop-setup.png"))
        lib.screenshot(path=str(shots / "eit-phone-setup.png"))

        # One action round each, in the order the rules give (the Authoritarian first, 4.5.2).
        play_a_round(auth, http, tokens, "A", shots)
        placed = play_a_round(lib, http, tokens, "L", shots)
        placed_l = load_content().spaces[placed].name

        # A second round for the Authoritarian: Support Checks by clicking.
        checked = check_by_click(auth, http, tokens, "A")
        print("checked", checked)
        if checked is not None:
            name = load_content().spaces[checked].name
            wait_for(
                auth,
                lambda: f"Support Check in {name}: die" in auth.inner_text("#log"),
                "the check in the log",
            )

        # The map zooms: the same map, wider in its box.
        auth.click("[data-zoom-in]")
        wait_for(auth, lambda: auth.get_attribute(".eit-scroll", "data-zoom") == "1.5", "the map at 150%")
        auth.click("[data-zoom-out]")
        wait_for(auth, lambda: auth.get_attribute(".eit-scroll", "data-zoom") == "1", "the map at 100%")

        # After the rounds: the hands again, the phone's map targets and the page widths.
        a_state, _ = mine(http, tokens, "A")
        l_state, _ = mine(http, tokens, "L")
        at_move(auth, a_state["move"])
        at_move(lib, l_state["move"])
        assert_own_hand_only(auth, "A", view_of(a_state), view_of(l_state))
        assert_own_hand_only(lib, "L", view_of(l_state), view_of(a_state))
        plate = lib.locator('.eit-map [data-space="paris"] .plate').bounding_box()
        assert plate is not None and plate["width"] >= 40 and plate["height"] >= 40, plate
        assert lib.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        assert auth.evaluate("document.documentElement.scrollWidth") <= DESKTOP["width"]
        # The log names the spaces (the rules write their ids) and cites the sections.
        log = auth.inner_text("#log")
        assert "places 1 SP in" in log and "§6.1" in log
        assert f"places 1 SP in {placed_l}" in log
        auth.screenshot(path=str(shots / "eit-desktop-round.png"))
        auth.screenshot(path=str(shots / "eit-desktop-round-full.png"), full_page=True)
        lib.screenshot(path=str(shots / "eit-phone-round.png"))
        lib.locator("#hand-box").scroll_into_view_if_needed()
        lib.screenshot(path=str(shots / "eit-phone-hand.png"))
        assert auth.errors == [] and lib.errors == [], (auth.errors, lib.errors)
