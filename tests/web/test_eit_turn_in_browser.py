"""Europe in Turmoil in Chromium through a whole turn (issue 15, "Done means": a human-vs-human
online game through a turn). Two humans on two seat links, the Authoritarian on a desktop page and
the Liberal on a phone page, play turn 1 from the set-up to the first action round of turn 2,
every step by the clicks a person makes: a space of the map or a card of the hand and the menu's
confirmation, the buttons under the prompt, the dialog, and both pages for the sealed Stability
choices of a scoring (9.0). Each step is chosen at random among the seat's legal actions (seeded,
so the game is the same each run), Scoring cards first so no one loses by holding one (4.5.3).

Checked along the way: the page moves on after every click, each page only ever shows its own
hand, and neither page raises a script error; at the end both pages are at turn 2 (4.0), the
desktop's turn track says so, and the log has turn 2's heading and, once its folded turn 1 is
opened by a click, turn 1's scoring.
Screenshots: ``eit-turn-*.png`` in the screenshots folder."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import httpx

from tests.server.helpers import LiveServer, create, seat_tokens, wait_until

from .lbe_support import TIMEOUT, move_shown, wait_for
from .test_eit_board_in_browser import DESKTOP, EIT, PHONE, assert_own_hand_only, mine, open_eit, view_of

# The verbs a player clicks on the board: a space of the map, or a card (the board's `target`).
SPACE_VERBS = ("sp", "rm", "check", "from")
CARD_VERBS = ("event", "ops", "naval", "score", "combo", "card")


def click_action(page: Any, action: str) -> str:
    """Make ``action`` on the page the way a person does; return how it was clicked."""
    verb, *rest = action.split()
    move = move_shown(page)
    menu = page.locator(f'#menu [data-action="{action}"]')
    if verb in SPACE_VERBS or verb in CARD_VERBS:
        place = (
            page.locator(f'.eit-map [data-space="{rest[0]}"] .plate')
            if verb in SPACE_VERBS
            else page.locator(f'[data-target="card:{rest[0]}"]').first
        )
        place.click()
        menu.wait_for(state="visible", timeout=TIMEOUT)
        menu.click()
        how = "board"
    else:
        direct = [
            page.locator(f'#dialog [data-action="{action}"]'),
            page.locator(f'#buttons [data-action="{action}"]'),
        ]
        shown = next((loc.first for loc in direct if loc.count() and loc.first.is_visible()), None)
        if shown is not None:
            shown.click()
            how = "button"
        else:
            # Several choices of one verb: its button opens a menu of them.
            page.locator(f'#buttons [data-verb="{verb}"]').click()
            menu.wait_for(state="visible", timeout=TIMEOUT)
            menu.click()
            how = "verb menu"
    wait_for(page, lambda: move_shown(page) > move, f"the page after {action!r}")
    return how


def choose(legal: list[str], rng: random.Random) -> str:
    """A seeded random choice; a Scoring card is played as soon as it may be (4.5.3)."""
    scoring = [a for a in legal if a.startswith("score ")]
    return rng.choice(scoring or legal)


def test_two_humans_play_turn_one_to_turn_two_by_clicking(browser: Any, tmp_path: Path, shots: Path) -> None:
    server = LiveServer(f"sqlite:///{tmp_path / 'games.db'}", bot_delay=0.0)
    with server, httpx.Client(base_url=server.base) as http:
        created = create(http, game=EIT, seed=2, options={}, controllers={}, names={"A": "Ada", "L": "Bea"})
        tokens = seat_tokens(created)
        pages = {
            "A": open_eit(browser, f"{server.base}/play/{tokens['A']}", DESKTOP),
            "L": open_eit(browser, f"{server.base}/play/{tokens['L']}", PHONE),
        }
        rng = random.Random(2)
        clicks: dict[str, int] = {}
        verbs: set[str] = set()
        sealed = 0
        for _ in range(200):
            current = wait_until(http, tokens["A"], lambda s: bool(s["to_act"]) or s["outcome"] is not None)
            assert current["outcome"] is None, "the game ended in turn 1"
            if view_of(current)["turn"] == 2:
                break
            to_act = list(current["to_act"])
            sealed += len(to_act) > 1
            for seat in to_act:
                page = pages[seat]
                mine_now, legal = mine(http, tokens, seat)
                assert legal, (seat, mine_now["to_act"])
                wait_for(page, lambda p=page, m=mine_now: move_shown(p) >= m["move"], "the page at the move")
                action = choose(legal, rng)
                how = click_action(page, action)
                clicks[how] = clicks.get(how, 0) + 1
                verbs.add(action.split()[0])
        else:
            raise AssertionError("turn 2 not reached in 200 steps")

        a_state, _ = mine(http, tokens, "A")
        l_state, _ = mine(http, tokens, "L")
        assert view_of(a_state)["turn"] == view_of(l_state)["turn"] == 2
        for page in pages.values():
            wait_for(page, lambda p=page: move_shown(p) >= a_state["move"], "the page at turn 2")
        assert pages["A"].get_attribute('[data-track="turn"]', "data-value") == "2"
        assert_own_hand_only(pages["A"], "A", view_of(a_state), view_of(l_state))
        assert_own_hand_only(pages["L"], "L", view_of(l_state), view_of(a_state))
        log = pages["A"].inner_text("#log")
        assert "Turn 2" in log and "§4.0" in log
        # Turn 1 is folded in the log once turn 2 begins; a click on its heading opens it.
        assert " scored: Liberal " not in log
        pages["A"].locator('#log li.heading.h1 button.fold[aria-expanded="false"]').first.click()
        wait_for(pages["A"], lambda: " scored: Liberal " in pages["A"].inner_text("#log"), "turn 1 unfolded")
        log = pages["A"].inner_text("#log")
        assert " scored: Liberal " in log and "§10.1" in log
        # The turn's clicks went through every kind of control: the map and the hand, the buttons,
        # and both pages for the sealed Stability choices of the scoring (this seed plays one).
        assert clicks.get("board", 0) >= 20, clicks
        assert clicks.get("button", 0) + clicks.get("verb menu", 0) >= 1, clicks
        assert {"sp", "ops", "score", "stab"} <= verbs and sealed >= 1, (verbs, sealed)
        print("clicks", clicks, "verbs", sorted(verbs), "sealed steps", sealed)
        pages["A"].screenshot(path=str(shots / "eit-turn-desktop-turn2.png"))
        pages["L"].screenshot(path=str(shots / "eit-turn-phone-turn2.png"))
        for page in pages.values():
            assert page.errors == [], page.errors
