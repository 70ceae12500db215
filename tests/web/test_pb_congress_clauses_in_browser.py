"""A Pax Britannica Congress treaty with clauses beyond its Area (issue 16), in Chromium, with two
human seats: Great Britain on a desktop page and France on a phone page, the other five Powers
bots.

The game starts from the position of the scenario file
tests/pax_britannica/scenarios/a15_congress_clause_binds_a_non_party_only_if_it_signs.toml (digest
A15, L858-890): Britain, Germany and Belgium dispute the Kongo and Japan holds Korea. Britain calls
the Congress in its dialog; it sits in France, whose player proposes first (L863): in its dialog it
adds two clauses (Belgium's marker in the Kongo one step down, a codominion for Russia in Korea)
and a third (Japan's Korea to the United States) it then removes, and chooses the codominion; the
server receives the treaty with its clauses (checked directly, rules/congress.py), and Britain's
page words them with the consent each needs (Belgium, a Minor, abides; Japan must agree,
L871-873, L883-890)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import pytest

from realpolitik.games.pax_britannica.game import PaxBritannica
from tests.server.helpers import LiveServer, wait_until

from .lbe_support import TIMEOUT, move_shown, wait_for
from .test_pb_board_in_browser import (
    DESKTOP,
    PHONE,
    answer_in_dialog,
    at_move,
    setup_with,
    seven_with_two_humans,
    view_of,
)

SCENARIO = (
    Path(__file__).parents[1]
    / "pax_britannica"
    / "scenarios"
    / "a15_congress_clause_binds_a_non_party_only_if_it_signs.toml"
)


def _add_clause(page: Any, kind: str, power: str, area: str, to: str = "") -> None:
    builder = page.locator("#dialog .pb-clauses")
    before = int(builder.get_attribute("data-clauses") or "0")
    builder.locator('select[data-field="kind"]').select_option(kind)
    builder.locator('select[data-field="power"]').select_option(power)
    builder.locator('select[data-field="area"]').select_option(area)
    if to:
        builder.locator('select[data-field="to"]').select_option(to)
    builder.locator("[data-add-clause]").click()
    wait_for(page, lambda: builder.get_attribute("data-clauses") == str(before + 1), f"the clause {kind}")


def test_a_member_proposes_a_treaty_with_clauses_and_the_others_read_them(
    browser: Any, tmp_path: Path, shots: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(PaxBritannica, "setup", setup_with(SCENARIO))
    server = LiveServer(f"sqlite:///{tmp_path / 'games.db'}", bot_delay=0.0)
    with server, httpx.Client(base_url=server.base) as http:
        tokens, gb, fr = seven_with_two_humans(browser, server, http)
        current = wait_until(http, tokens["GB"], lambda s: "GB" in s["to_act"])
        assert view_of(current, "GB")["phase"] == "call"
        at_move(gb, current["move"])
        answer_in_dialog(gb, "congress call")

        # The Congress sits in France (the first European Great Power no party, L848-857): its
        # player proposes first, in a dialog that builds clauses beyond the Kongo.
        current = wait_until(http, tokens["FR"], lambda s: s["to_act"] == ["FR"])
        view = view_of(current, "FR")
        assert view["phase"] == "propose" and view["congress"]["host"] == "FR"
        at_move(fr, current["move"])
        fr.locator("#dialog .pb-clauses").wait_for(timeout=TIMEOUT)
        _add_clause(fr, "downgrade", "BE", "kongo")
        _add_clause(fr, "codominion", "RU", "korea")
        _add_clause(fr, "transfer", "JP", "korea", "US")
        drafted = fr.locator("#dialog [data-draft]").evaluate_all("ns => ns.map(n => n.dataset.draft)")
        assert drafted == ["downgrade BE kongo", "codominion RU korea", "transfer JP korea US"], drafted
        assert "Japan's marker in Korea passes to United States" in fr.inner_text("#dialog")
        # Three is the most (rules/congress.py MAX_CLAUSES): the form gives way to a note.
        assert fr.locator("#dialog [data-add-clause]").count() == 0
        fr.locator('#dialog [data-draft="transfer JP korea US"] button').click()
        wait_for(fr, lambda: fr.locator("#dialog [data-draft]").count() == 2, "the third clause removed")
        text = fr.inner_text("#dialog")
        assert "a codominion for Russia in Korea (a free Protectorate)" in text, text
        fr.screenshot(path=str(shots / "pb-phone-congress-clauses.png"))
        # A limit on future actions (L868): the form asks for the promiser, the partner, N and the kind.
        builder = fr.locator("#dialog .pb-clauses")
        builder.locator('select[data-field="kind"]').select_option("cap")
        builder.locator('input[data-field="limit"]').wait_for(timeout=TIMEOUT)
        assert builder.locator('select[data-field="unit"]').count() == 1
        assert builder.locator('select[data-field="to"]').count() == 1
        builder.scroll_into_view_if_needed()
        fr.screenshot(path=str(shots / "pb-phone-congress-limit-form.png"))
        fr.set_viewport_size(DESKTOP)
        fr.locator("#dialog").screenshot(path=str(shots / "pb-desktop-congress-limit-form.png"))
        fr.set_viewport_size(PHONE)
        fr.set_viewport_size(DESKTOP)  # the same dialog on a desktop screen, for the record
        fr.locator("#dialog").screenshot(path=str(shots / "pb-desktop-congress-builder.png"))
        fr.set_viewport_size(PHONE)
        move = move_shown(fr)
        fr.locator('#dialog [data-action="propose codominion"]').click()
        wait_for(fr, lambda: move_shown(fr) > move, "France's proposal")

        # The treaty reached the server with its clauses; Britain's page words them.
        current = wait_until(http, tokens["GB"], lambda s: "GB" in s["to_act"])
        view = view_of(current, "GB")
        assert view["phase"] == "vote"
        assert view["congress"]["proposal"] == [
            "codominion",
            "clause",
            "downgrade",
            "BE",
            "kongo",
            "clause",
            "codominion",
            "RU",
            "korea",
        ]
        assert view["congress"]["bound"] == [[], ["JP"]]  # Belgium, a Minor, abides (L490)
        at_move(gb, current["move"])
        gb.locator('#dialog [data-clause="codominion RU korea"]').wait_for(timeout=TIMEOUT)
        text = gb.inner_text("#dialog")
        assert "Proposal: a codominion of the Powers there, with these clauses:" in text, text
        assert "Belgium's marker in Kongo one step down" in text, text
        assert "a codominion for Russia in Korea (a free Protectorate) (with the consent of Japan)" in text, (
            text
        )
        gb.locator("#dialog").screenshot(path=str(shots / "pb-desktop-congress-clauses.png"))
        assert gb.errors == [] and fr.errors == [], (gb.errors, fr.errors)
