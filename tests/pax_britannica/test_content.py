"""Content: the facts the text states are in the data with their provenance; the audit counts them."""

from __future__ import annotations

from collections import Counter

from realpolitik.engine.provenance import Status
from realpolitik.games.pax_britannica.content import PACKAGE, load_content

C = load_content()


def test_the_map_has_the_stated_counts_of_areas_and_sea_zones():
    assert len(C.areas) == 104  # L44
    assert len([s for s in C.seas.values() if not s.cape]) == 12  # L62
    assert sorted(s for s in C.seas if C.seas[s].cape) == ["cape-horn", "cape-of-good-hope"]  # L72


def test_errata_values_of_guiana_and_hawaii_are_stated():
    assert C.areas["guiana"].ev == 4  # L37
    assert C.areas["hawaii"].ev == 5  # L649
    assert C.provenance["area.guiana.ev"].status is Status.STATED
    assert C.provenance["area.hawaii.ev"].status is Status.STATED


def test_overland_routes_of_the_text():
    # L75-79: Panama and Central America are adjacent, Panama and Mexico are not; Aden has no route.
    assert "central-america" in C.areas["panama"].land
    assert "mexico" not in C.areas["panama"].land
    assert C.areas["aden"].land == ()
    # L38: New Zealand borders the South Pacific and Oceania, Fiji only Oceania.
    assert set(C.areas["new-zealand"].seas) == {"south-pacific", "oceania"}
    assert C.areas["fiji"].seas == ("oceania",)
    assert set(C.areas["dutch-east-indies"].seas) == {"indian-ocean", "north-pacific", "south-china-sea"}


def test_stated_costs_divisors_and_vp():
    assert C.costs["influence"] == 10 and C.costs["protectorate"] == 20  # L590-591
    assert C.game["canal_cost"] == 30 and C.game["canal_vp"] == 15  # L686, L692
    assert C.powers["GB"].divisor_tenths == 100  # L1566
    assert C.powers["RU"].divisor_tenths == 25 and C.powers["IT"].divisor_tenths == 25  # L1573
    assert C.game["africa_east_west_vp"] == 10 and C.game["africa_north_south_vp"] == 15  # L1590-1594


def test_the_event_cells_the_text_numbers():
    cells = C.event_cells
    assert cells["25"] == "german-colonial-agitation"  # L327: 2 then 5
    assert cells["15"] == "upheaval-in-russia" and cells["26"] == "pan-slav-agitation"  # L358
    assert cells["21"] == "war-in-south-america" and cells["36"] == "boer-oppression-of-uitlanders"
    assert cells["11"] == "war-in-the-balkans"  # L39
    assert len(cells) == 36


def test_powers_by_player_count():
    great = {p for p, power in C.powers.items() if power.great_from == 4}
    assert great == {"GB", "FR", "DE", "AH", "US"}  # L184-185 (A-H with Germany)
    assert [C.powers[p].great_from for p in ("JP", "RU", "IT")] == [5, 6, 7]
    assert {p for p, power in C.powers.items() if power.great_from == 0} == {"NL", "BE", "ES", "PT"}


def test_guiana_starts_as_an_anglo_franco_dutch_codominion():
    for power in ("GB", "FR", "NL"):  # L811, L1311-1313
        assert C.powers[power].setup.markers["guiana"] == "possession"


def test_every_reconstructed_value_has_a_rationale_and_the_audit_counts():
    audit = PACKAGE.audit()
    counts = Counter(entry.provenance.status for entry in audit)
    assert counts[Status.STATED] > 150 and counts[Status.IMPLIED] > 30
    assert sum(counts.values()) == len(audit) == len(C.provenance)
    assert all(e.provenance.rationale for e in audit if e.provenance.status is Status.RECONSTRUCTED)


def test_an_override_changes_one_value():
    changed = PACKAGE.load({"area": {"egypt": {"ev": {"value": 7, "stated": "owner's map"}}}})
    assert changed.areas["egypt"].ev == 7
    assert changed.provenance["area.egypt.ev"].status is Status.STATED
    assert load_content().areas["egypt"].ev == 6


def test_a_divisor_finer_than_tenths_is_refused():
    """VP are figured on the divisor in tenths (2.5 -> 25, so they stay whole numbers): 5.25 would
    have been rounded to 5.2 without a word; it is refused by name instead."""
    import pytest

    from realpolitik.engine.content import ContentError

    leaf = {"divisor": {"value": 5.2, "reconstructed": "G-D4", "why": "a test"}}
    assert PACKAGE.load({"power": {"FR": leaf}}).powers["FR"].divisor_tenths == 52
    for bad in (5.25, 0):
        with pytest.raises(ContentError, match=r"power\.FR\.divisor"):
            PACKAGE.load({"power": {"FR": {"divisor": {**leaf["divisor"], "value": bad}}}})
