"""The public content API: caching, overrides, variants, audit, frozen objects."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from realpolitik.engine.provenance import AuditEntry, Status
from realpolitik.games import belle_epoque
from realpolitik.games.belle_epoque.content import (
    CONTENT_VERSION,
    Content,
    ContentError,
    audit_entries,
    load_content,
    load_override_file,
)

OWNER_CHINA = {"territory": {"china": {"spaces": {"value": 7, "stated": "owner's copy of the map"}}}}


def nested(key: str, value: Any) -> dict[str, Any]:
    """``a.b.c`` and a value -> ``{"a": {"b": {"c": value}}}``."""
    out: dict[str, Any] = {}
    node = out
    *parents, last = key.split(".")
    for part in parents:
        node = node.setdefault(part, {})
    node[last] = value
    return out


def test_shipped_content_is_cached(content: Content) -> None:
    assert load_content() is content
    assert content.version == CONTENT_VERSION


def test_content_is_frozen(content: Content) -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        content.territories["china"].spaces = 9  # type: ignore[misc]
    with pytest.raises(TypeError):
        content.territories["atlantis"] = content.territories["china"]  # type: ignore[index]
    with pytest.raises(dataclasses.FrozenInstanceError):
        content.powers["GB"].revenue = 99  # type: ignore[misc]


def test_override_replaces_one_value_with_its_provenance(content: Content) -> None:
    changed = load_content(OWNER_CHINA)
    assert changed is not content
    assert changed.territories["china"].spaces == 7
    assert content.territories["china"].spaces == 8  # the cached content is untouched
    prov = changed.provenance["territory.china.spaces"]
    assert (prov.status, prov.source) == (Status.STATED, "owner's copy of the map")
    assert changed.territories["china"].armament_order == (7, 6, 5, 4, 3, 2, 1)
    assert changed.fingerprint != content.fingerprint
    assert load_content(OWNER_CHINA).fingerprint == changed.fingerprint


def test_override_file_round_trip(tmp_path: Path) -> None:
    path = tmp_path / "owner.toml"
    path.write_text(
        "[territory.china]\n"
        'spaces = { value = 7, stated = "owner\'s copy of the map" }\n'
        "[power.GB.objectives.control-egypt-sudan]\n"
        "_remove = true\n"
    )
    override = load_override_file(path)
    assert isinstance(override, dict)
    changed = load_content(override)
    assert changed.territories["china"].spaces == 7
    assert "control-egypt-sudan" not in {o.id for o in changed.powers["GB"].objectives}
    entry = next(e for e in audit_entries(changed) if e.key == "territory.china.spaces")
    assert entry.file == str(path)
    assert entry.value == "7"
    untouched = next(e for e in audit_entries(changed) if e.key == "territory.japan.spaces")
    assert untouched.file == "territories.toml"


def test_override_example_of_the_docs_loads(tmp_path: Path) -> None:
    """The override shown in docs/content.md is valid and does what the text says."""
    docs = Path(__file__).resolve().parents[2] / "docs" / "content.md"
    text = docs.read_text(encoding="utf-8")
    blocks = [b.split("```", 1)[0] for b in text.split("```toml\n")[1:]]
    (example,) = [b for b in blocks if "my-copy.toml" in b]
    path = tmp_path / "my-copy.toml"
    path.write_text(example, encoding="utf-8")
    changed = load_content(load_override_file(path))
    assert changed.territories["china"].spaces == 7
    assert changed.powers["CE"].great_work.cost == 17
    ids = {o.id for o in changed.powers["GB"].objectives}
    assert "alliance-portugal" not in ids and "control-horn" in ids


def test_override_can_add_an_objective(content: Content) -> None:
    objective = {
        "kind": {"value": "control", "stated": "owner's Power card"},
        "territories": {"value": ["horn-of-africa"], "stated": "owner's Power card"},
        "vp": {"value": 2, "stated": "owner's Power card"},
    }
    changed = load_content({"power": {"GB": {"objectives": {"control-horn": objective}}}})
    added = changed.powers["GB"].objectives[-1]
    assert (added.id, added.territories, added.vp) == ("control-horn", ("horn-of-africa",), 2)
    assert len(changed.powers["GB"].objectives) == len(content.powers["GB"].objectives) + 1


def test_variant_applies_as_an_override(content: Content) -> None:
    variant = content.variants["portugal-setup-example"]
    assert "§3.3" in variant.description
    first, second = variant.override(), variant.override()
    assert first == second and first is not second
    changed = load_content(first)
    assert dict(changed.territories["tanganyika"].minor_setup) == {"portugal": 2}
    assert dict(changed.territories["namibia"].minor_setup) == {"portugal": 1}


def test_audit_lists_every_value_once(content: Content) -> None:
    entries = audit_entries(content)
    assert all(isinstance(e, AuditEntry) for e in entries)
    assert len(entries) == len(content.provenance) > 800
    by_key = {e.key: e for e in entries}
    china = by_key["territory.china.spaces"]
    assert (china.kind, china.value, china.file) == ("territory", "8", "territories.toml")
    assert china.provenance.status is Status.RECONSTRUCTED and china.provenance.rationale
    assert by_key["power.GB.revenue"].kind == "power"
    assert by_key["power.GB.objectives.control-china.vp"].kind == "objective"
    assert by_key["power.FR.great_work.cost"].kind == "great-work"
    assert by_key["territory.italy.armament_rate"].value == "[2 armies + 1 fleet -> 2 cubes]"
    assert by_key["minor.ottoman-empire.bonus"].value == "intrigue_draw=2"
    kinds = {e.kind for e in entries}
    assert kinds >= {
        "territory",
        "minor-nation",
        "minor-cubes",
        "power",
        "objective",
        "great-work",
        "prestige-track",
        "fleet-track",
        "event-card",
        "intrigue-card",
        "national-card",
        "solo",
        "np-power",
    }


def test_audit_counts_every_status(content: Content) -> None:
    statuses = {e.provenance.status for e in audit_entries(content)}
    assert statuses == {Status.STATED, Status.IMPLIED, Status.RECONSTRUCTED}


def test_game_package_audit_hook_uses_the_content() -> None:
    """``realpolitik data audit la-belle-epoque`` goes through the game package's hook."""
    entries = belle_epoque.audit_content(OWNER_CHINA)
    china = next(e for e in entries if e.key == "territory.china.spaces")
    assert china.value == "7"


def test_lookups_for_the_rules(content: Content) -> None:
    horn = content.territories["horn-of-africa"]
    assert horn.die_faces == (1, 2, 3, 4, 5, 6)
    assert horn.armament_order == (6, 5, 4, 3, 2, 1)
    assert horn.is_colony and not horn.is_minor
    china = content.territories["china"]
    assert china.die_faces[6:] == (None, None)
    assert content.territories["japan"].minor_setup == {}
    assert content.prestige.space(content.prestige.lowest).vp < 0
    with pytest.raises(IndexError):
        content.prestige.space(content.prestige.highest + 1)
    assert content.prestige.clamp(99) == content.prestige.highest
    assert str(content.prestige.space(1).bonus) == "+£2"
    assert content.intrigue_deck.count("sabotage") == 2


def test_a_variant_cannot_hide_in_an_override() -> None:
    """An override cannot slip values past the checks by nesting them under a variant."""
    bad = {"variant": {"mine": {"description": "x", "override": {"territory": {"x": 1}}}}}
    with pytest.raises(ContentError) as caught:
        load_content(bad)
    assert caught.value.key.startswith("variant.mine.override.territory")


LEAF_KEYS = sorted(k for k in load_content().provenance if not k.startswith("variant."))


def wrong_type(value: Any) -> Any:
    """A value of another type than ``value``'s (strict loading refuses it)."""
    return 12345 if isinstance(value, str) else "not this"


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(LEAF_KEYS))
def test_any_value_of_the_wrong_type_is_refused_at_its_key(key: str) -> None:
    content = load_content()
    current = _raw_value(content, key)
    override = nested(key, {"value": wrong_type(current), "stated": "test"})
    with pytest.raises(ContentError) as caught:
        load_content(override)
    assert caught.value.key.startswith(key)
    assert caught.value.file == "<override>"


def _raw_value(content: Content, key: str) -> Any:
    """The value as written in the data: a string for names, a number for counts ..."""
    rendered = next(e.value for e in content.audit if e.key == key)
    return rendered if not rendered.lstrip("-").isdigit() else int(rendered)
