"""Pax Britannica's negotiation, Congress of Europe and war on the web board (issue 16), in Chromium,
with two human seats (Great Britain on a desktop page, France on a phone page; Germany and the US
bots).

The game starts from the position tests/pax_britannica/test_negotiation.py builds: Britain and
France both established a Protectorate in Gabon this turn (each holds a Casus Belli, L727-729), at
the end of the Marker Adjustment Phase of turn 1; the server in this process sets the game up with
it. Both answer the dispute at once in their dialogs (sealed: France's page shows that Britain
answered, not what), both call the Congress, Germany (the host, a bot) proposes, the two humans vote
in their dialogs (both against, so every proposal fails and the Casus Belli stand; after the
host, each member's turn to propose comes, and the humans pass in their dialogs, L863), a declaration is
made in the War Phase's dialog (the war's sides and stage are then on both pages), and the first
maneuver is played by clicking its destination on the map."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

import httpx
import pytest

from realpolitik.games.pax_britannica.game import PaxBritannica
from realpolitik.games.pax_britannica.rules.board import set_marker
from realpolitik.games.pax_britannica.rules.state import State
from realpolitik.games.pax_britannica.rules.turn import advance
from tests.pax_britannica.support import clear_area
from tests.server.helpers import LiveServer, create, seat_tokens, state, wait_until

from .lbe_support import TIMEOUT, move_shown, wait_for
from .test_pb_board_in_browser import DESKTOP, PB, PHONE, at_move, calm, open_pb, view_of

ORIGINAL_SETUP = PaxBritannica.setup

# Each human's choices, the first legal one wins: neither yields Gabon nor lets the Congress award
# it, so the Casus Belli stand for the War Phase between the two of them alone.
CHOICES = {
    "GB": ("settle hold", "congress call", "vote no", "sign", "declare FR", "treaty honour"),
    "FR": ("settle hold", "congress call", "vote no", "refuse", "declare GB", "treaty honour"),
}


def _gabon_dispute(self: PaxBritannica, options: Mapping[str, Any], seed: int, log: Any = None) -> State:
    state = ORIGINAL_SETUP(self, options, seed, log)
    clear_area(state, "gabon")
    for power in ("GB", "FR"):
        set_marker(state, "gabon", power, "protectorate", True)
        state.units[power]["gabon"] = ["A1"]
    state.cbs = [["FR", "GB", "control in gabon"], ["GB", "FR", "control in gabon"]]  # L727-729
    state.flow.clear()
    state.phase = "adjustment"
    advance(state, log)
    return state


def _humans_decide(current: dict[str, Any]) -> bool:
    return bool(current["outcome"]) or any(s in ("GB", "FR") for s in current["to_act"])


def _choose(seat: str, legal: list[str]) -> str:
    return next((a for a in CHOICES[seat] if a in legal), calm(legal))


def test_a_congress_vote_and_a_war_on_two_humans_pages(
    browser: Any, tmp_path: Path, shots: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(PaxBritannica, "setup", _gabon_dispute)
    server = LiveServer(f"sqlite:///{tmp_path / 'games.db'}", bot_delay=0.0)
    with server, httpx.Client(base_url=server.base) as http:
        created = create(
            http, game=PB, seed=1, options={"players": 4, "turns": 2}, controllers={"DE": "bot", "US": "bot"}
        )
        tokens = seat_tokens(created)
        gb = open_pb(browser, f"{server.base}/play/{tokens['GB']}", DESKTOP)
        fr = open_pb(browser, f"{server.base}/play/{tokens['FR']}", PHONE)
        pages = {"GB": gb, "FR": fr}
        current = wait_until(http, tokens["FR"], _humans_decide)
        assert set(current["to_act"]) == {"GB", "FR"} and view_of(current, "FR")["phase"] == "dispute"
        for page in (gb, fr):
            at_move(page, current["move"])
            page.locator('#dialog [data-decision="dispute"]').wait_for(timeout=TIMEOUT)
            assert "Dispute over Gabon" in page.inner_text("#dialog")
            assert page.locator('.pb-map [data-area="gabon"] .dispute-ring').count() == 1
        assert (
            fr.get_attribute('.pb-map [data-area="gabon"]', "data-markers")
            == "FR:protectorate GB:protectorate"
        )
        fr.screenshot(path=str(shots / "pb-phone-dispute.png"))
        # Sealed answers (L784-811): France's page learns that Britain answered, not what.
        move = move_shown(fr)
        gb.click('#dialog [data-action="settle hold"]')
        wait_for(fr, lambda: move_shown(fr) > move, "Britain's answer on France's page")
        wait_for(gb, lambda: "your answer: hold" in gb.inner_text("#dialog"), "Britain's own answer")
        assert "Answered: GB" in fr.inner_text("#dialog") and "hold" not in fr.inner_text("#dialog .muted")

        saw_vote = saw_propose = False
        for _ in range(60):
            current = wait_until(http, tokens["GB"], _humans_decide)
            if current["outcome"] or view_of(current, "GB")["wars"]:
                break
            seat = next(s for s in current["to_act"] if s in pages)
            mine = state(http, tokens[seat])
            legal = mine["legal"][seat]
            action = _choose(seat, legal)
            page = pages[seat]
            at_move(page, mine["move"])
            view = view_of(mine, seat)
            if view["phase"] == "propose" and not saw_propose:
                # A member's own turn to propose (L863): the treaties of the menu, those with a
                # payment to the other party (L866), and a pass, each in words.
                page.locator('#dialog [data-action="propose pass"]').wait_for(timeout=TIMEOUT)
                text = page.inner_text("#dialog")
                assert "may make a proposal or pass" in text and "Make no proposal" in text, text
                paid = [a for a in legal if a.startswith("propose award") and " pay " in a]
                assert paid, legal
                assert "who pays £" in page.inner_text(f'#dialog [data-action="{paid[0]}"]')
                page.screenshot(path=str(shots / f"pb-{'desktop' if seat == 'GB' else 'phone'}-propose.png"))
                saw_propose = True
            if view["phase"] == "vote":
                # The vote in the dialog: the proposal in words, the Congress's Area ringed.
                text = page.inner_text("#dialog")
                assert "Congress of Europe" in text and "Gabon" in text, text
                assert "Proposal:" in text
                assert page.locator('.pb-map [data-area="gabon"] .congress-ring').count() == 1
                if not saw_vote:
                    page.screenshot(path=str(shots / f"pb-{'desktop' if seat == 'GB' else 'phone'}-vote.png"))
                saw_vote = True
            button = page.locator(f'#dialog [data-action="{action}"]')
            if button.count():
                move = move_shown(page)
                button.click()
                wait_for(page, lambda p=page, m=move: move_shown(p) > m, f"{seat}'s {action!r}")
            else:  # a choice with no place in the dialog (a war's maneuver): through the API
                response = http.post(
                    f"/api/play/{tokens[seat]}/action",
                    json={"action": action, "move": mine["move"], "seat": seat},
                )
                # a bot answering the same sealed decision first: choose again
                assert response.status_code == 200 or "moved on" in response.text, response.text
        assert saw_vote, "the Congress's vote was not reached"
        assert saw_propose, "no member's turn to propose came to a human"
        wars = view_of(current, "GB")["wars"]
        assert wars, f"no war was declared (phase {view_of(current, 'GB')['phase']})"
        sides = {p for side in wars[0]["sides"] for p in side}
        for page in (gb, fr):
            at_move(page, current["move"])
            panel = page.locator('[data-panel="wars"] .war').first
            panel.wait_for(timeout=TIMEOUT)
            shown = {n.get_attribute("data-seat") for n in panel.locator(".chip").all()}
            assert sides <= shown, (sides, shown)
            # ``stage`` is the step due next, shown by name (words.js WAR_STEPS).
            step = {
                "alliance": "the Alliances form",
                "initiative": "initiative",
                "maneuver": "Maneuver",
                "attack": "Attack",
                "attacks": "Attack",
                "supply": "Supply",
                "end": "War End Determination",
                "verdict": "the war's end",
            }[wars[0]["stage"]]
            assert f"next: {step}" in panel.inner_text()
        gb.screenshot(path=str(shots / "pb-desktop-war.png"))
        fr.screenshot(path=str(shots / "pb-phone-war.png"))

        # The war's maneuver on the map: the first side's human clicks the place a move goes to
        # and picks the move in the menu; the unit is then drawn there.
        for _ in range(40):
            current = wait_until(http, tokens["GB"], _humans_decide)
            assert not current["outcome"], "the game ended before a maneuver"
            seat = next(s for s in current["to_act"] if s in pages)
            mine = state(http, tokens[seat])
            moves = [a for a in mine["legal"][seat] if a.startswith("move ")]
            if view_of(mine, seat)["phase"] == "maneuver" and moves:
                break
            body = {"action": _choose(seat, mine["legal"][seat]), "move": mine["move"], "seat": seat}
            response = http.post(f"/api/play/{tokens[seat]}/action", json=body)
            assert response.status_code == 200 or "moved on" in response.text, response.text
        else:
            raise AssertionError("no maneuver came to a human")
        page = pages[seat]
        at_move(page, mine["move"])
        action = moves[0]
        where = action.split()[-1]  # move army|naval STRENGTH FROM TO
        place = page.locator(f'.pb-map [data-target="{where}"]')
        assert "legal" in (place.get_attribute("class") or "").split()
        part = ".sea-plate" if where.startswith("sea:") else "circle.hit"
        place.locator(part).click()
        entry = page.locator(f'#menu [data-action="{action}"]')
        entry.wait_for(state="visible", timeout=TIMEOUT)
        move = move_shown(page)
        entry.click()
        wait_for(page, lambda: move_shown(page) > move, f"{seat}'s {action!r}")
        units = page.text_content(f'.pb-map [data-target="{where}"] .units-text') or ""
        assert seat in units, units
        page.screenshot(path=str(shots / f"pb-{'desktop' if seat == 'GB' else 'phone'}-maneuver.png"))
        assert gb.errors == [] and fr.errors == [], (gb.errors, fr.errors)
