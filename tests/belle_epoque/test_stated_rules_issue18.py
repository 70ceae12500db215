"""Stated rules the data must honour and refusals that cite the right rule (issue 18): HMS
Dreadnought's Fleet-track box, a Non-Player ally of the Ottoman Empire, one label for one fact, the
audit table of docs/content.md, and the §13.4 / §8.6.1 refusals."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

from realpolitik.engine.provenance import Status
from realpolitik.games.belle_epoque.content import audit_entries, load_content
from realpolitik.games.belle_epoque.rules import actions as A
from realpolitik.games.belle_epoque.rules.board import evaluate, set_cubes
from realpolitik.games.belle_epoque.rules.dispute import modifier, naval_lead
from realpolitik.games.belle_epoque.rules.explain import explain
from realpolitik.games.belle_epoque.rules.intrigue import intrigue_phase

from .cards_support import act, position

ROOT = Path(__file__).resolve().parents[2]


# -- HMS Dreadnought (§8.3 "+1 box in the Fleet track", §12; reading: naval superiority) ----------


def test_dreadnought_box_adds_1_to_a_dispute_with_a_british_fleet() -> None:
    state = position(powers={"GB": {"money": 20}})
    # §8.7: one fleet +2, the British fleet +1
    assert modifier(state, "GB", 1, 0, [], attacking=True) == 3
    act(state, "great-work")
    assert state.powers["GB"].fleet_track == 1 and naval_lead(state, "GB") == 1
    assert modifier(state, "GB", 1, 0, [], attacking=True) == 4
    assert modifier(state, "GB", 1, 1, [], attacking=False) == 5
    assert modifier(state, "GB", 2, 1, [], attacking=True) == 5  # GB's cap stays +5
    assert modifier(state, "GB", 0, 2, [], attacking=True) == 2  # Armies alone: no naval lead


def test_other_great_works_give_no_naval_lead() -> None:
    state = position(powers={p: {"great_work": True} for p in ("FR", "CE", "RU")})
    assert [naval_lead(state, p) for p in ("FR", "CE", "RU")] == [0, 0, 0]


# -- §13.7 NOTE: an NP ally of the Ottoman Empire gets only fleet and Prestige bonuses -----------


def _ottoman_held_by(power: str, np: list[str]):
    players = 4 - len(np)
    state = position(players=players, options={"np": np} if np else None, turn=4)
    spaces = state.territories["ottoman-empire"]
    set_cubes(state, "ottoman-empire", [power] * len(spaces.base), spaces.top)  # a new stamp
    evaluate(state, None, "ottoman-empire")
    assert spaces.holder == power
    state.flow.clear()
    state.phase, state.active = "intrigue", 0
    state.turn_order = ["RU", "GB", "FR", "CE"]
    return state


def test_np_ally_of_the_ottoman_empire_draws_one_intrigue_card() -> None:
    state = _ottoman_held_by("RU", ["RU"])
    before = len(state.powers["RU"].intrigue)
    intrigue_phase(state, None)
    assert state.flow.top() is None or state.flow.top().seat != "RU"
    assert len(state.powers["RU"].intrigue) == before + 1


def test_a_player_ally_of_the_ottoman_empire_draws_two_and_keeps_one() -> None:
    state = _ottoman_held_by("RU", [])
    intrigue_phase(state, None)
    decision = state.flow.top()
    assert decision is not None and decision.kind == "keep" and decision.seat == "RU"
    assert len(decision.data["cards"]) == 2 and decision.data["keep"] == 1


# -- one label for one fact ----------------------------------------------------------------------


def test_italy_and_china_vp_carry_the_label_of_their_one_sentence() -> None:
    """§13.8 example: "With 5 VP we have Italy and China"; "with 3 VPs": Belgium, Melanesia, French
    Guinea and Namibia. The same sentence gives each the same label."""
    content = load_content()
    for territory in ("italy", "china", "belgium", "melanesia", "french-guinea", "namibia"):
        assert content.provenance[f"territory.{territory}.vp"].status is Status.STATED, territory
    assert (content.territories["italy"].vp, content.territories["china"].vp) == (5, 5)


def test_english_and_italian_card_summaries_carry_the_same_label() -> None:
    content = load_content()
    pairs = [
        (key, key[: -len("effect_summary")] + "effect_summary_it")
        for key in content.provenance
        if key.endswith("effect_summary")
    ]
    assert pairs
    for en, it in pairs:
        if it in content.provenance:
            assert content.provenance[en].status is content.provenance[it].status, en


def test_docs_audit_table_matches_data_audit() -> None:
    counts: Counter[tuple[str, str]] = Counter()
    for entry in audit_entries(load_content()):
        counts[(entry.kind, entry.provenance.status.value)] += 1
    text = (ROOT / "docs" / "content.md").read_text(encoding="utf-8")
    section = text[text.index("## Audit counts") :]
    rows = re.findall(r"^\| ([a-z-]+) \| (\d+) \| (\d+) \| (\d+) \| (\d+) \|$", section, re.MULTILINE)
    assert rows
    documented = {kind: tuple(int(x) for x in row) for kind, *row in rows}
    kinds = {kind for kind, _ in counts}
    assert set(documented) == kinds
    for kind in kinds:
        stated, implied, reconstructed = (counts[(kind, s)] for s in ("stated", "implied", "reconstructed"))
        assert documented[kind] == (stated, implied, reconstructed, stated + implied + reconstructed), kind


# -- refusals that cite the right rule -----------------------------------------------------------


def test_the_np_half_against_an_np_power_is_refused_by_section_13_4() -> None:
    state = position(players=3, options={"np": ["FR"]}, powers={"GB": {"intrigue": ["press-campaign"]}})
    half = 1 if state.content.intrigue_cards["press-campaign"].halves[0].np_symbol else 2
    why, rule = explain(state, "GB", A.Play("press-campaign", half, "fr"))
    assert rule == "§13.4" and "Non-Player" in why and "already" not in why


def test_a_power_hit_by_another_card_is_refused_by_section_8_6_1() -> None:
    state = position(powers={"GB": {"intrigue": ["press-campaign"]}, "FR": {"targeted": True}})
    half = 2 if state.content.intrigue_cards["press-campaign"].halves[0].np_symbol else 1
    why, rule = explain(state, "GB", A.Play("press-campaign", half, "fr"))
    assert rule == "§8.6.1" and "already" in why


def test_removing_a_protected_powers_cube_cites_section_8_6_1() -> None:
    state = position(
        territories={"belgium": ["CE", "FR", "CE"]}, powers={"GB": {"money": 7}, "FR": {"targeted": True}}
    )
    act(state, "play nationalist-disorder")
    why, rule = explain(state, "GB", A.Remove("belgium", 2))
    assert rule == "§8.6.1" and "FR" in why
