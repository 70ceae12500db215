"""The content: what the text states is there with its line, what is ours says so (L19-28, L445-572)."""

from __future__ import annotations

from collections import Counter

import pytest

from realpolitik.engine.content import ContentError
from realpolitik.engine.provenance import Status
from realpolitik.games.struggle_of_empires.content import PACKAGE, load_content, marker_of


def test_eleven_scoring_regions_and_seven_home_countries() -> None:
    content = load_content()
    kinds = Counter(r.kind for r in content.regions.values())
    assert kinds == {"colony": 6, "europe": 5, "home": 7}
    assert {r for r, reg in content.regions.items() if reg.american} == {
        "north-america",
        "south-america",
        "caribbean",
    }
    assert [r for r, reg in content.regions.items() if reg.kind != "home" and not reg.sea] == [
        "german-states",
        "central-europe",
        "ottoman-empire",
    ]
    assert content.regions["ottoman-empire"].naval_at == "mediterranean"  # L260-261


def test_german_states_values_come_from_the_scoring_example() -> None:
    content = load_content()
    assert content.regions["german-states"].vp == (8, 5, 3)
    assert content.provenance["region.german-states.vp"].status is Status.IMPLIED
    assert "great-britain" in content.regions["german-states"].adjacent  # L229-230


def test_thirty_eight_tiles_by_kind() -> None:
    content = load_content()
    assert Counter(t.kind for t in content.tiles.values()) == {
        "development": 20,
        "alliance": 11,
        "commerce": 7,
    }
    assert content.tiles["army-training"].copies == 6 and content.tiles["government-reform"].copies == 10
    assert content.tiles["levant-company"].regions == ("ottoman-empire", "mediterranean")  # §4: OCR untangled
    assert content.tiles["tobacco"].regions == ("north-america",)
    assert content.tiles["ottoman-empire"].bonus == "either" and content.tiles["naples"].bonus == "army"
    assert content.tiles["industry"].unrest == 2


def test_the_bag_holds_enough_markers_for_seven_players() -> None:
    content = load_content()
    assert len(content.markers) >= 10 * 3 + 5 * 7
    assert all(code != "slaves" or region == "africa" for region, code in content.markers)
    assert marker_of("n2g3") == marker_of("n2g3") and marker_of("n2g3").gold == 3
    assert marker_of("n1v").vp == 1 and not marker_of("pop").neutral


def test_every_value_has_a_provenance_and_every_reconstruction_a_reason() -> None:
    audit = PACKAGE.audit()
    counts = Counter(entry.provenance.status for entry in audit)
    assert counts[Status.STATED] and counts[Status.IMPLIED] and counts[Status.RECONSTRUCTED]
    for entry in audit:
        if entry.provenance.status is Status.RECONSTRUCTED:
            assert entry.provenance.rationale, entry.key


def test_the_rules_numbers_are_stated() -> None:
    content = load_content()
    rules = content.rules
    assert (rules.starting_gold, rules.starting_population, rules.population_cap) == (10, 5, 9)
    assert (rules.rounds(4), rules.rounds(5), rules.attack_cost, rules.revolution_unrest) == (6, 5, 2, 20)
    for name in ("starting_gold", "attack_cost", "penalty_first", "penalty_second", "fort_value"):
        assert content.provenance[f"rules.{name}"].status is Status.STATED


def test_an_override_is_checked_like_the_data() -> None:
    content = PACKAGE.load({"region": {"africa": {"vp": {"value": [5, 3], "stated": "owner's board"}}}})
    assert content.regions["africa"].vp == (5, 3)
    with pytest.raises(ContentError, match="two or three VP values"):
        PACKAGE.load({"region": {"africa": {"vp": {"value": [5], "stated": "owner's board"}}}})
