"""Everything either rulebook names is in the data, and every value carries its provenance."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from realpolitik.engine.provenance import Status
from realpolitik.games.belle_epoque.content import Content, TerritoryKind, audit_entries

DOCS = Path(__file__).resolve().parents[2] / "docs" / "content.md"

EUROPE = {
    "belgium",
    "netherlands",
    "portugal",
    "spain",
    "italy",
    "serbia",
    "romania",
    "bulgaria",
    "greece",
    "ottoman-empire",
}
AFRICA = {
    "algeria-morocco",
    "french-guinea",
    "egypt-sudan",
    "horn-of-africa",
    "congo",
    "tanganyika",
    "namibia",
    "south-africa",
}
ASIA = {
    "japan",
    "china",
    "persia",
    "afghanistan-baluchistan",
    "manchuria-korea",
    "indochina",
    "micronesia",
    "melanesia",
}


def flat(text: str) -> str:
    """Case and hyphen/space differences removed, for finding names in the rulebook text."""
    return re.sub(r"[\s\-]+", " ", text.casefold().replace("’", "'"))


def test_twenty_six_territories_by_continent_section_g1(content: Content) -> None:
    assert len(content.territories) == 26
    by_continent = {c.id: set(c.territories) for c in content.continents.values()}
    assert by_continent == {"europe": EUROPE, "africa": AFRICA, "asia": ASIA}
    assert content.territory_ids == tuple(content.territories)
    assert all(content.territory_index[tid] == i for i, tid in enumerate(content.territory_ids))


def test_eleven_minor_nations_section_8_2_3(content: Content) -> None:
    minors = {tid for tid, t in content.territories.items() if t.kind is TerritoryKind.MINOR}
    assert minors == EUROPE | {"japan"}
    assert set(content.minors) == minors
    assert len(content.minors) == 11


def test_eight_minor_cube_colours_section_2_0(content: Content) -> None:
    assert set(content.minor_cubes) == {
        "italy",
        "japan",
        "united-states",
        "spain",
        "portugal",
        "belgium",
        "netherlands",
        "boer-states",
    }
    assert content.minor_cubes["united-states"].territory is None
    assert content.minor_cubes["spain"].territory == "spain"
    assert content.minor_cubes["boer-states"].name_en == "Boer States"


def test_four_powers_section_1_0(content: Content) -> None:
    assert content.power_ids == ("GB", "FR", "CE", "RU")


def test_territory_names_are_the_rulebooks_sections_3_8_10(
    content: Content, rulebook_en: str, rulebook_it: str
) -> None:
    en, it = flat(rulebook_en), flat(rulebook_it)
    for terr in content.territories.values():
        assert flat(terr.name_en) in en, terr.name_en
        assert flat(terr.name_it) in it, terr.name_it
    for cubes in content.minor_cubes.values():
        assert flat(cubes.name_en) in en and flat(cubes.name_it) in it


def test_every_territory_named_in_the_rules_is_on_the_map(content: Content, rulebook_en: str) -> None:
    """The §3.1 setup table and the §8.2.2 list name only territories the data has."""
    setup = rulebook_en.split("MINOR NATIONS DM CUBES SETUP", 1)[1].split("3.2 CHOOSING", 1)[0]
    named = {line.split("\t")[0].strip() for line in setup.splitlines() if "\t" in line}
    named -= {"AFRICA", "ASIA"}
    names = {t.name_en for t in content.territories.values()}
    assert named and named <= names


def test_twenty_six_event_cards_with_era_sizes_appendix_1(content: Content) -> None:
    """A1: Era I 10, Era II 11 plus the Dreyfus promo, Era III 4 (§2.0: 25 + 1 promo)."""
    decks = content.event_decks
    assert len(content.event_cards) == 26
    assert {era: len(ids) for era, ids in decks.by_era.items()} == {1: 10, 2: 11, 3: 4}
    assert {era: len(ids) for era, ids in decks.promos.items()} == {1: 0, 2: 1, 3: 0}


def test_event_names_are_the_appendix_titles_appendix_1(
    content: Content, rulebook_en: str, rulebook_it: str
) -> None:
    en = flat(rulebook_en.split("APPENDIX 1: HISTORICAL NOTES", 1)[1])
    it = flat(rulebook_it.split("A1.1 CARTE EVENTO", 1)[1])
    for card in content.event_cards.values():
        assert flat(card.name_en) in en, card.name_en
        assert flat(card.name_it) in it, card.name_it


def test_event_cards_sit_under_their_era_heading_appendix_1(content: Content, rulebook_en: str) -> None:
    appendix = flat(rulebook_en.split("APPENDIX 1: HISTORICAL NOTES", 1)[1])
    eras = {
        1: appendix.split("a1.1 era i event cards", 1)[1].split("a1.2", 1)[0],
        2: appendix.split("a1.2 era ii event cards", 1)[1].split("a1.3", 1)[0],
        3: appendix.split("a1.3 era iii event cards", 1)[1].split("a1.4", 1)[0],
    }
    for card in content.event_cards.values():
        assert flat(card.name_en) in eras[card.era], card.id


def test_twenty_eight_intrigue_cards_and_three_promos_section_2_0(content: Content) -> None:
    assert len(content.intrigue_deck) == 28
    assert len(content.intrigue_promos) == 3
    assert all(not content.intrigue_cards[cid].promo for cid in content.intrigue_deck)
    assert all(content.intrigue_cards[cid].promo for cid in content.intrigue_promos)


def test_every_intrigue_card_has_one_np_half_section_13_4(content: Content) -> None:
    for card in content.intrigue_cards.values():
        assert len(card.halves) == 2
        assert sum(half.np_symbol for half in card.halves) == 1, card.id
        assert card.np_half is not card.other_half


def test_intrigue_names_of_the_rulebooks_sections_8_6_2_13_4(
    content: Content, rulebook_en: str, rulebook_it: str
) -> None:
    en, it = flat(rulebook_en), flat(rulebook_it)
    stated = [
        (key.rsplit(".", 1)[0], key.endswith("name_en"))
        for key, prov in content.provenance.items()
        if key.startswith("intrigue.") and ".name_" in key and prov.status is Status.STATED
    ]
    assert len(stated) == 18  # the 9 known halves, in both languages
    for key, english in stated:
        _, cid, half = key.split(".")
        h = content.intrigue_cards[cid].halves[0 if half == "a" else 1]
        assert flat(h.name_en if english else h.name_it) in (en if english else it)


def test_sixteen_national_cards_four_per_power_section_2_0(content: Content) -> None:
    per_power = {p.id: p.national_cards for p in content.powers.values()}
    assert sum(len(cards) for cards in per_power.values()) == 16
    assert all(len(cards) == 4 for cards in per_power.values())
    common = {cid for cid, c in content.national_cards.items() if c.common}
    assert common == {"social-policy", "diplomatic-contrasts", "nationalist-disorder"}
    own = {p: set(cards) - common for p, cards in per_power.items()}
    assert own == {
        "GB": {"empire-of-the-seas"},
        "FR": {"france-own-card"},
        "CE": {"superior-doctrine"},
        "RU": {"trans-siberian-railway"},
    }


def test_national_and_great_work_names_of_the_rulebooks_section_8_3(
    content: Content, rulebook_en: str, rulebook_it: str
) -> None:
    en, it = flat(rulebook_en), flat(rulebook_it)
    for cid, card in content.national_cards.items():
        if cid == "france-own-card":  # unnamed in both texts
            continue
        assert flat(card.name_en) in en and flat(card.name_it) in it, cid
    for power in content.powers.values():
        assert flat(power.great_work.name_en) in en and flat(power.great_work.name_it) in it
        assert flat(power.name_en) in en and flat(power.name_it) in it


def test_card_ids_are_unique_slugs(content: Content) -> None:
    ids = [*content.event_cards, *content.intrigue_cards, *content.national_cards]
    assert len(ids) == len(set(ids))
    assert all(re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", cid) for cid in ids)
    assert content.card_name("big-stick-policy") == "Big Stick Policy"
    assert content.card_name("balkan-wars") == "The Balkan Wars"
    assert content.card_name("social-policy") == "Social Policy"


def test_tracks_cover_every_space_section_11(content: Content) -> None:
    track = content.prestige
    assert [s.position for s in track.spaces] == list(range(track.lowest, track.highest + 1))
    assert track.lowest < 0 < track.highest
    assert content.fleet_track.lowest == 0  # §13.1: NP fleet markers start on 0


def test_every_value_has_provenance(content: Content) -> None:
    entries = audit_entries(content)
    keys = [e.key for e in entries]
    assert len(keys) == len(set(keys)) == len(content.provenance)
    for entry in entries:
        assert entry.provenance.source
        if entry.provenance.status is Status.RECONSTRUCTED:
            assert entry.provenance.rationale
        assert entry.file.endswith(".toml")


@pytest.mark.parametrize(
    "key",
    [
        "territory.congo.spaces",
        "territory.tanganyika.spaces",
        "solo.bands.significant-victory.name_it",
        "event.may-coup-in-serbia.name_it",
        "national.diplomatic-contrasts.effect_summary",
        "np.powers.FR.arsenal_bonus",
    ],
)
def test_en_it_choices_are_recorded_digest_section_4(content: Content, key: str) -> None:
    assert key in content.en_it
    assert "EN/IT" in content.provenance[key].rationale


def test_docs_list_every_reconstruction_gap(content: Content) -> None:
    """docs/content.md summarises every gap the data fills (G2, G3, ...)."""
    gaps = {p.source for p in content.provenance.values() if p.status is Status.RECONSTRUCTED}
    text = DOCS.read_text(encoding="utf-8")
    for gap in gaps:
        assert f"| {gap} " in text, gap
