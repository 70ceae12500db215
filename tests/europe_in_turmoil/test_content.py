"""Europe in Turmoil's content: counts and the facts the rulebook states."""

from __future__ import annotations

from realpolitik.engine.provenance import Status
from realpolitik.games.europe_in_turmoil.content import PACKAGE, load_content


def test_counts_of_2_0() -> None:
    content = load_content()
    assert len(content.cards) == 110
    assert sum(1 for c in content.cards.values() if c.scoring) == 5
    assert len(content.stability) == 20
    assert len([c for c in content.cards.values() if c.era == "victorian"]) == 38  # Ex T1-T3 deal arithmetic


def test_setup_totals_3_2_and_3_3() -> None:
    content = load_content()
    assert sum(content.standard_setup["A"].values()) == 25
    assert sum(content.standard_setup["L"].values()) == 17


def test_stated_values_are_labelled_stated() -> None:
    content = load_content()
    assert content.spaces["french-catholic-church"].stability == 4
    assert content.provenance["space.french-catholic-church.stability"].status is Status.STATED
    assert content.provenance["card.admiral-von-tirpitz.ops"].status is Status.STATED


def test_every_value_has_provenance_and_reconstructed_ones_a_rationale() -> None:
    entries = PACKAGE.audit()
    assert len(entries) > 1000
    assert all(e.provenance.rationale for e in entries if e.provenance.status is Status.RECONSTRUCTED)


def test_every_card_step_has_words_even_when_its_count_is_worked_out_in_play() -> None:
    """The card texts are written from the effect primitives: an OPs modifier reads "your cards" /
    "the opponent's cards", and a count that depends on spaces controlled is written out, not
    refused (it used to raise while wording every other kind of step)."""
    from realpolitik.games.europe_in_turmoil.rules.view import describe_step

    assert describe_step({"op": "ops-mod", "n": 1}) == "your cards +1 OPs this turn"
    assert (
        describe_step({"op": "ops-mod", "n": -1, "who": "opponent"})
        == "the opponent's cards -1 OPs this turn"
    )
    assert "1 per controlled farm space" in describe_step({"op": "place", "n": {"per_control": ["farm"]}})


def test_card_texts_name_spaces_regions_markers_and_cards_not_ids() -> None:
    """The view's card texts (written from the effect primitives) use the map's names: a player
    reads "Moscow, Nicolas II", not ``moscow, nicolas-ii`` (docs/europe-in-turmoil.md, view)."""
    from realpolitik.games.europe_in_turmoil.rules.view import card_text

    content = load_content()
    russo = card_text(content.cards["russo-japanese-war"], content)
    assert "among Moscow, Nicolas II" in russo and "nicolas-ii" not in russo
    cordiale = card_text(content.cards["entente-cordiale"], content)
    assert "The Entente Cordiale marker" in cordiale and "French Armed Forces" in cordiale
    assert "in Germany or Austria-Hungary" in card_text(content.cards["mitteleuropa"], content)
    churchill = card_text(content.cards["winston-churchill"], content)
    assert churchill.startswith(f"Playable only once {content.cards['liberals-gain-power-in-uk'].name}")
    assert card_text(content.cards["france-scoring"], content).startswith("Score France ")
    # no card's text keeps a space id that differs from its name
    ids = [sid for sid, sp in content.spaces.items() if sid != sp.name and "-" in sid]
    for card in content.cards.values():
        text = card_text(card, content)
        assert not any(sid in text for sid in ids), (card.id, text)
