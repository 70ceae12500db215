"""Decisions a La Belle Époque player can make with confidence, in Chromium (issue 19): a click on
the map selects a place and says what will happen, a second click (or Confirm) commits it, even
where the place has a single legal action; Escape closes the menu and gives the focus back to the
map (through the board's client hook); the dispute dialog keeps the disputed territory in sight on a
desktop and a phone and folds to a bar; before committing units it gives, for each legal
commitment, the modifier, the cost and the odds of the dice, which equal the rules' own numbers
(rules/dispute.py ``modifier``, ai/evaluation.py ``dice_odds`` and ``_potential``) in several
positions; the dice and the result of each dispute are on the map where it happened and in the
log; each Power's National Objectives are on screen, met or not as the rules say; the log reads in
Italian. Screenshots: ``lbe-decisions-{desktop,phone}-{en,it}.png``, ``lbe-confirm-menu.png``,
``lbe-dice-result.png``, ``lbe-objectives-it.png``, ``lbe-log-it.png``."""

from __future__ import annotations

import re
from functools import partial
from pathlib import Path
from typing import Any

import httpx

from realpolitik.games.belle_epoque.ai.evaluation import dice_odds
from realpolitik.games.belle_epoque.rules.dispute import modifier
from realpolitik.games.belle_epoque.rules.scoring import objective_met
from tests.belle_epoque.dispute_reference import reference_odds
from tests.server.helpers import LiveServer, create, drive, seat_tokens, wait_until

from .lbe_support import (
    DESKTOP,
    PHONE,
    TIMEOUT,
    gb_to_act,
    move_shown,
    open_page,
    scroll_to,
    wait_for,
)

STATIC = Path(__file__).resolve().parents[2] / "src/realpolitik/games/belle_epoque/ui/static"


def _python_odds(match: Any, seat: str, commits: list[str]) -> dict[str, tuple[int, ...]]:
    """The rules' numbers as the page's table shows them: each commitment's modifier, then its
    odds now and against everything the other side can still add."""
    rows = reference_odds(match.state, seat, commits, match.parse)["rows"]
    return {row[0]: (row[1], *row[3:]) for row in rows}


def _commits(current: dict[str, Any]) -> list[str]:
    return [a for a in current["legal"].get("GB", []) if a.startswith("commit")]


def _at_commit(current: dict[str, Any]) -> bool:
    return len(_commits(current)) > 1


def _disputing(legal: list[str]) -> str:
    """Britain's choices that lead to disputes (and units to commit in them), else the first."""
    for prefix in ("commit", "resolve", "buy", "send"):
        for action in legal:
            if action.startswith(prefix) and (prefix != "send" or "@" in action):
                return action
    return next((a for a in legal if a.startswith("send")), legal[0])


def _room_state(server: LiveServer) -> Any:
    """The rules' state of the one game the server holds (the test runs the server in-process)."""
    rooms = server.app.state.rooms._rooms
    assert len(rooms) == 1
    return next(iter(rooms.values())).match


def _synced(page: Any, http: httpx.Client, tok: str) -> dict[str, Any]:
    current = wait_until(http, tok, gb_to_act)
    wait_for(page, lambda: move_shown(page) == current["move"], f"the page at move {current['move']}")
    return current


def _box(page: Any, selector: str) -> dict[str, float]:
    for _ in range(20):  # a redraw may replace the node between finding and measuring it
        box = page.locator(selector).first.bounding_box()
        if box:
            return dict(box)
        page.wait_for_timeout(50)
    raise AssertionError(f"{selector} could not be measured")


def _apart(p: dict[str, float], q: dict[str, float]) -> bool:
    return (
        p["x"] + p["width"] <= q["x"] + 0.5
        or q["x"] + q["width"] <= p["x"] + 0.5
        or p["y"] + p["height"] <= q["y"] + 0.5
        or q["y"] + q["height"] <= p["y"] + 0.5
    )


def _settled(current: dict[str, Any], key: tuple[str, int]) -> bool:
    """The dispute at ``key`` is over (its dice rolled and its result applied)."""
    view = next(v for v in current["views"] if v["seat"] == "GB")["view"]
    dispute = view.get("dispute")
    return dispute is None or (dispute["territory"], dispute["space"]) != key


def _rolls(match: Any, territory: str, space: int) -> str:
    """The dice of the last dispute in that space, from the rules' log: "a mod total d mod total"."""
    name = match.state.content.territories[territory].name_en
    found = ""
    started = False
    for entry in match.log:
        if entry.text.endswith(f"resolves the dispute in {name} (space {space})"):
            started = True
        elif started and " rolls " in entry.text:
            left, right = entry.text.split("; ")
            a = left.split(" rolls ")[1].split()
            d = right.split(" rolls ")[1].split()
            found = f"{a[0]} {a[1]} {a[3]} {d[0]} {d[1]} {d[3]}"
            started = False
    assert found, f"no dice for {territory} {space}"
    return found


def _python_standing(match: Any) -> list[int]:
    """Both modifiers as committed so far and the attacker's wins, losses and ties out of 36."""
    state = match.state
    data = state.flow.current().data
    attacker, defender, cube = data["attacker"], data["defender"], data["cube"]
    a_mod = modifier(
        state, attacker, data["a_fleets"], data["a_armies"], list(data["a_minors"]), attacking=True
    )
    if defender is None:
        d_mod, tie_to = state.content.minor_cubes[cube].defence, None
    else:
        d_mod = modifier(
            state, defender, data["d_fleets"], data["d_armies"], list(data["d_minors"]), attacking=False
        )
        a_p, d_p = state.powers[attacker].prestige, state.powers[defender].prestige
        tie_to = None if a_p == d_p else ("attacker" if a_p > d_p else "defender")
    return [a_mod, d_mod, *(round(p * 36) for p in dice_odds(a_mod, d_mod, tie_to))]


def _page_odds(page: Any) -> dict[str, tuple[int, ...]]:
    out: dict[str, tuple[int, ...]] = {}
    rows = page.locator("#dialog tr[data-choice]")
    for i in range(rows.count()):
        row = rows.nth(i)
        now = [int(row.get_attribute(k) or "-1") for k in ("data-a-win", "data-d-win", "data-tie")]
        alls = [row.get_attribute(k) or "" for k in ("data-a-win-all", "data-d-win-all", "data-tie-all")]
        # The page leaves "if it adds all it can" out when it changes nothing: the same as now.
        worst = [int(v) for v in alls] if all(alls) else now
        out[row.get_attribute("data-choice") or ""] = (
            int(row.get_attribute("data-mod") or "-99"),
            *now,
            *worst,
        )
    return out


def test_a_map_place_is_selected_first_then_confirmed_and_escape_gives_the_focus_back(
    browser: Any, tmp_path: Path, shots: Path
) -> None:
    # The board asks the page for the focus through its hook; it no longer reaches into the menu.
    assert "#menu" not in (STATIC / "board.js").read_text(encoding="utf-8")
    server = LiveServer(f"sqlite:///{tmp_path / 'games.db'}", bot_delay=0.0)
    with server, httpx.Client(base_url=server.base) as http:
        created = create(http, seed=3, controllers={"FR": "bot", "CE": "bot", "RU": "bot"})
        tok = seat_tokens(created)["GB"]
        page = open_page(browser, f"{server.base}/play/{tok}", DESKTOP)
        current = _synced(page, http, tok)
        # §3.3: a territory where the one legal action is a placement.
        place = next(a for a in current["legal"]["GB"] if a.startswith("place "))
        where = place.split()[1]
        assert [a for a in current["legal"]["GB"] if a.split()[1].split("@")[0] == where] == [place]
        plate = f'.lbe-scroll [data-territory="{where}"]'
        move = move_shown(page)
        page.click(plate)
        # The first click only selects: the menu says what will happen, nothing is sent.
        page.wait_for_selector("#menu:not([hidden]) .menu-what", timeout=TIMEOUT)
        said = page.inner_text("#menu .menu-what")
        assert said.startswith("Place a starting DM cube in "), said
        assert "selected" in (page.get_attribute(plate, "class") or "").split()
        page.wait_for_timeout(300)
        assert move_shown(page) == move
        page.screenshot(path=str(shots / "lbe-confirm-menu.png"))
        # Escape cancels: the menu closes, the place is no longer selected, nothing was sent.
        page.keyboard.press("Escape")
        assert page.is_hidden("#menu")
        assert "selected" not in (page.get_attribute(plate, "class") or "").split()
        assert move_shown(page) == move
        # Select again, then the second click on the same place commits it.
        page.click(plate)
        page.wait_for_selector("#menu:not([hidden]) .menu-what", timeout=TIMEOUT)
        page.click(plate)
        wait_for(page, lambda: move_shown(page) > move, "the placement by a second click")

        # The keyboard: Enter selects (the focus goes to Confirm), Escape gives the focus back to
        # the same place on the map, Enter twice commits.
        current = drive(http, {"GB": tok}, until=gb_to_act)
        current = _synced(page, http, tok)
        place = next(a for a in current["legal"]["GB"] if a.startswith("place "))
        where = place.split()[1]
        page.focus(f'.lbe-scroll [data-territory="{where}"]')
        move = move_shown(page)
        page.keyboard.press("Enter")
        page.wait_for_selector("#menu:not([hidden])", timeout=TIMEOUT)
        assert page.evaluate("document.activeElement.classList.contains('confirm')")
        page.keyboard.press("Escape")
        assert page.is_hidden("#menu")
        assert page.evaluate("document.activeElement.getAttribute('data-focus-key')") == f"t:{where}"
        assert move_shown(page) == move
        page.keyboard.press("Enter")
        page.wait_for_selector("#menu:not([hidden])", timeout=TIMEOUT)
        page.keyboard.press("Enter")
        wait_for(page, lambda: move_shown(page) > move, "the placement by the keyboard")

        # A card of the hand is chosen the same way: the first click says what it will do.
        current = drive(
            http, {"GB": tok}, until=lambda s: any(a.startswith("play ") for a in s["legal"].get("GB", []))
        )
        if not current["outcome"]:
            current = _synced(page, http, tok)
            card = next(a for a in current["legal"]["GB"] if a.startswith("play ")).split()[1].split("/")[0]
            move = move_shown(page)
            page.click(f'#hand [data-card="{card}"]')
            page.wait_for_selector("#menu:not([hidden])", timeout=TIMEOUT)
            page.wait_for_timeout(200)
            assert move_shown(page) == move
            page.keyboard.press("Escape")
            assert page.is_hidden("#menu")
        assert not page.errors, page.errors


def test_the_dispute_dialog_gives_the_rules_odds_keeps_its_territory_in_sight_and_shows_the_dice(
    browser: Any, tmp_path: Path, shots: Path
) -> None:
    server = LiveServer(f"sqlite:///{tmp_path / 'games.db'}", bot_delay=0.0)
    with server, httpx.Client(base_url=server.base) as http:
        created = create(http, seed=3, controllers={"FR": "bot", "CE": "bot", "RU": "bot"})
        tok = seat_tokens(created)["GB"]
        current = drive(http, {"GB": tok}, until=_at_commit, pick=_disputing, max_moves=600)
        page = open_page(browser, f"{server.base}/play/{tok}", DESKTOP)
        phone = open_page(browser, f"{server.base}/play/{tok}", PHONE, is_mobile=True, has_touch=True)
        checked = 0
        first = True
        while checked < 3 and not current["outcome"]:
            current = _synced(page, http, tok)
            at = current["move"]
            wait_for(phone, lambda at=at: move_shown(phone) == at, "the phone in step")
            view = next(v for v in current["views"] if v["seat"] == "GB")["view"]
            dispute = view["dispute"]
            page.wait_for_selector("#dialog:not([hidden]) .dispute tr[data-choice]", timeout=TIMEOUT)
            # §8.7: the page's modifiers and odds are the rules' own, for every legal commitment.
            commits = _commits(current)
            assert _page_odds(page) == _python_odds(_room_state(server), "GB", commits)
            terms = page.inner_text("#dialog [data-terms='tie']")
            assert "Prestige" in terms or "minor nation" in terms, terms
            assert page.inner_text("#dialog [data-terms='cost']").startswith("Cost £")

            # The disputed territory stays in sight beside the dialog, on a desktop and a phone.
            plate = f'.lbe-scroll [data-territory="{dispute["territory"]}"]'
            for where in (page, phone):
                where.wait_for_selector("#dialog:not([hidden]) .dispute", timeout=TIMEOUT)
                where.wait_for_timeout(150)
                box = _box(where, plate)
                size = where.viewport_size
                assert _apart(_box(where, "#dialog"), box), "the dialog hides the disputed territory"
                assert box["y"] >= 0 and box["y"] + box["height"] <= size["height"], box
                assert box["x"] >= 0 and box["x"] + box["width"] <= size["width"], box
                assert where.evaluate("document.documentElement.scrollWidth") <= size["width"]
            if first:
                # In the table view too, the dialog keeps clear of the disputed territory.
                page.click('[data-board-tool="table"]')
                row = f'.lbe-table-scroll [data-territory="{dispute["territory"]}"]'
                scroll_to(page.locator(row))
                page.wait_for_timeout(150)
                assert _apart(_box(page, "#dialog"), _box(page, row)), (
                    "the dialog hides the table's territory"
                )
                page.click('[data-board-tool="map"]')
                scroll_to(page.locator(plate))
                page.wait_for_timeout(150)
                for where, name in ((page, "desktop"), (phone, "phone")):
                    where.screenshot(path=str(shots / f"lbe-decisions-{name}-en.png"))
                    where.select_option("#lang", "it")
                    wait_for(where, lambda w=where: "Vincete" in w.inner_text("#dialog"), "Italian")
                    where.screenshot(path=str(shots / f"lbe-decisions-{name}-it.png"))
                    where.select_option("#lang", "en")
                    wait_for(where, lambda w=where: "You win" in w.inner_text("#dialog"), "English")
                # A spectator sees the dispute as it stands, in the rules' numbers too.
                watcher = open_page(browser, f"{server.base}{created['spectator']}", DESKTOP)
                watcher.wait_for_selector("#dialog:not([hidden]) [data-standing]", timeout=TIMEOUT)
                assert watcher.locator("#dialog [data-action], #dialog [data-choice]").count() == 0
                shown = (watcher.get_attribute("#dialog [data-standing]", "data-standing") or "").split()
                assert [int(x) for x in shown] == _python_standing(_room_state(server))
                watcher.context.close()
                # The dialog folds to a bar (the map under it is free) and opens again.
                phone.tap("#dialog [data-dialog-toggle]")
                assert phone.is_hidden("#dialog .dispute")
                assert _box(phone, "#dialog")["height"] < 60
                phone.tap("#dialog [data-dialog-toggle]")
                assert phone.is_visible("#dialog .dispute")

            # A click on a choice selects it (nothing sent); Confirm commits it. In the second
            # position, the keyboard: the dialog took the focus (on Confirm), Enter on a choice
            # selects it and keeps the focus there, Tab reaches Confirm, Enter commits.
            choice = commits[-1]
            move = move_shown(page)
            if checked == 1:
                assert page.evaluate("document.activeElement.classList.contains('confirm')")
                page.focus(f'#dialog tr[data-choice="{choice}"] button')
                page.keyboard.press("Enter")
                wait_for(
                    page, lambda c=choice: page.get_attribute("#dialog .confirm", "data-action") == c, "key"
                )
                assert page.evaluate("document.activeElement.closest('tr')?.dataset.choice") == choice
                page.keyboard.press("Tab")
                assert page.evaluate("document.activeElement.classList.contains('confirm')")
                page.keyboard.press("Enter")
                wait_for(page, lambda m=move: move_shown(page) > m, "the commitment by the keyboard")
            else:
                page.click(f'#dialog tr[data-choice="{choice}"] button')
                wait_for(
                    page,
                    lambda c=choice: page.get_attribute("#dialog .confirm", "data-action") == c,
                    "the choice",
                )
                assert "chosen" in (page.get_attribute(f'#dialog tr[data-choice="{choice}"]', "class") or "")
                page.wait_for_timeout(200)
                assert move_shown(page) == move
                if first:  # by touch on the phone
                    phone.tap(f'#dialog tr[data-choice="{choice}"] button')
                    wait_for(
                        phone,
                        lambda c=choice: phone.get_attribute("#dialog .confirm", "data-action") == c,
                        "tap",
                    )
                    phone.tap("#dialog .confirm")
                else:
                    page.click("#dialog .confirm")
                wait_for(page, lambda m=move: move_shown(page) > m, "the commitment")

            # §8.7: the dice and the result, in the log (as dice) and on the territory.
            key: tuple[str, int] = (dispute["territory"], dispute["space"])
            wait_until(http, tok, partial(_settled, key=key))
            roll = _rolls(_room_state(server), dispute["territory"], dispute["space"])
            wait_for(
                page,
                lambda roll=roll: (
                    roll
                    in page.locator("#log .dice-line").evaluate_all(
                        "nodes => nodes.map(n => n.getAttribute('data-dice'))"
                    )
                ),
                "the dice in the log",
            )
            page.wait_for_timeout(200)
            result = page.locator(f"{plate} .dispute-result")
            if result.count():  # shown while the turn of the dispute lasts
                said = result.get_attribute("data-result") or ""
                a, d = roll.split()[:3], roll.split()[3:]
                assert f"{a[0]} {a[1]} = {a[2]}" in said and f"{d[0]} {d[1]} = {d[2]}" in said, said
                if first:
                    page.screenshot(path=str(shots / "lbe-dice-result.png"))
            checked += 1
            first = False
            current = drive(http, {"GB": tok}, until=_at_commit, pick=_disputing, max_moves=600)
        assert checked == 3
        assert not page.errors and not phone.errors, page.errors + phone.errors


def test_national_objectives_are_on_screen_met_as_the_rules_say_and_the_log_reads_in_italian(
    browser: Any, tmp_path: Path, shots: Path
) -> None:
    server = LiveServer(f"sqlite:///{tmp_path / 'games.db'}", bot_delay=0.0)
    with server, httpx.Client(base_url=server.base) as http:
        created = create(http, seed=3, controllers={"FR": "bot", "CE": "bot", "RU": "bot"})
        tok = seat_tokens(created)["GB"]
        drive(http, {"GB": tok}, until=_at_commit, pick=_disputing, max_moves=600)
        page = open_page(browser, f"{server.base}/play/{tok}?lang=it", DESKTOP)
        _synced(page, http, tok)
        state = _room_state(server).state
        # §10.1: every Power's objectives, each met or not exactly as the rules' objective_met says.
        rows = page.locator("[data-objective]")
        expected = {
            f"{p}:{o.id}": objective_met(state, o)
            for p in state.content.power_ids
            for o in state.content.powers[p].objectives
        }
        shown = {
            rows.nth(i).get_attribute("data-objective"): rows.nth(i).get_attribute("data-met") == "true"
            for i in range(rows.count())
        }
        assert shown == expected
        scroll_to(page.locator("details.objectives"))
        page.screenshot(path=str(shots / "lbe-objectives-it.png"))
        # The log in Italian: the dispute's start and the turn lines are in Italian, not English.
        scroll_to(page.locator("#log-box"))
        page.screenshot(path=str(shots / "lbe-log-it.png"))
        log = page.inner_text("#log")
        assert "Inizia il turno" in log or "risolve la disputa" in log or "contesta il cubo" in log, log[
            -800:
        ]
        assert "resolves the dispute" not in log and "disputes the" not in log
        # Every line of this game so far (setup, cards, sends, disputes) reads in Italian.
        english = re.compile(
            r"\b(the|plays|chooses|sends|buys|draws|wins|goes|cubes?|rolls|hit|takes|places)\b"
        )
        left = [line for line in page.locator("#log li").all_inner_texts() if english.search(line)]
        assert not left, left
        assert not page.errors, page.errors


def test_on_a_phone_a_tap_selects_confirm_commits_and_the_objectives_fit(
    browser: Any, tmp_path: Path, shots: Path
) -> None:
    server = LiveServer(f"sqlite:///{tmp_path / 'games.db'}", bot_delay=0.0)
    with server, httpx.Client(base_url=server.base) as http:
        created = create(http, seed=4, controllers={"FR": "bot", "CE": "bot", "RU": "bot"})
        tok = seat_tokens(created)["GB"]
        page = open_page(browser, f"{server.base}/play/{tok}", PHONE, is_mobile=True, has_touch=True)
        current = _synced(page, http, tok)
        place = next(a for a in current["legal"]["GB"] if a.startswith("place "))
        where = place.split()[1]
        plate = page.locator(f'.lbe-scroll [data-territory="{where}"]')
        scroll_to(plate)
        move = move_shown(page)
        plate.tap()
        page.wait_for_selector("#menu:not([hidden]) .confirm", timeout=TIMEOUT)
        page.wait_for_timeout(200)
        assert move_shown(page) == move  # a tap only selects
        # The menu is inside the screen, its Confirm a finger's target.
        menu = _box(page, "#menu")
        assert menu["x"] >= 0 and menu["x"] + menu["width"] <= PHONE["width"], menu
        # The selected place stays in sight beside the menu.
        assert _apart(menu, _box(page, f'.lbe-scroll [data-territory="{where}"] > .plate-bg')), (
            "the menu hides the place"
        )
        confirm = _box(page, "#menu .confirm")
        assert confirm["height"] >= 40, confirm
        page.screenshot(path=str(shots / "lbe-confirm-phone.png"))
        page.tap("#menu .confirm")
        wait_for(page, lambda: move_shown(page) > move, "the placement by Confirm")
        # §10.1: the objectives are on the phone's page too, and the page does not scroll sideways.
        assert page.locator("[data-objective]").count() == sum(
            len(p.objectives) for p in _room_state(server).state.content.powers.values()
        )
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        assert not page.errors, page.errors
