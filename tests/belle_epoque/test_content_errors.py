"""Bad content is refused with the file, the key and what a person must fix."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from realpolitik.engine.errors import RealpolitikError
from realpolitik.games.belle_epoque.content import ContentError, load_content, load_override_file
from realpolitik.games.belle_epoque.content.loader import DATA_DIR, load_content_from

OWNER = {"stated": "owner's copy of the map"}
OURS = {"reconstructed": "test", "why": "a test value"}


def leaf(value: Any, **provenance: str) -> dict[str, Any]:
    return {"value": value, **(provenance or OURS)}


def refused(override: dict[str, Any]) -> ContentError:
    with pytest.raises(ContentError) as caught:
        load_content(override)
    return caught.value


@pytest.fixture
def data_dir(tmp_path: Path) -> Iterator[Path]:
    """A private copy of the shipped data files, to break on purpose."""
    copy = tmp_path / "data"
    shutil.copytree(DATA_DIR, copy)
    yield copy


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path.name}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


# --- provenance of a value ---------------------------------------------------------------------


def test_reconstructed_value_needs_a_rationale() -> None:
    error = refused({"territory": {"china": {"spaces": {"value": 7, "reconstructed": "G2"}}}})
    assert error.file == "<override>"
    assert error.key == "territory.china.spaces"
    assert "needs `why`" in error.reason


def test_stated_value_needs_its_section() -> None:
    error = refused({"territory": {"china": {"spaces": {"value": 7, "stated": "  "}}}})
    assert error.key == "territory.china.spaces"
    assert "`stated` is empty" in error.reason


def test_a_value_needs_exactly_one_provenance() -> None:
    both = {"value": 7, "stated": "§1", "implied": "an example"}
    error = refused({"territory": {"china": {"spaces": both}}})
    assert error.key == "territory.china.spaces"
    assert "exactly one" in error.reason and "stated, implied" in error.reason
    error = refused({"territory": {"china": {"spaces": {"value": 7}}}})
    assert "found none" in error.reason


def test_bare_value_without_provenance_is_refused(data_dir: Path) -> None:
    path = data_dir / "territories.toml"
    edit(
        path,
        'vp = { value = 5, stated = "§13.8 example: \\"With 5 VP we have Italy and China',
        'vp = 5\nx_vp = { value = 5, stated = "',
    )
    with pytest.raises(ContentError) as caught:
        load_content_from(data_dir)
    error = caught.value
    assert error.file == "territories.toml"
    assert error.key == "territory.china.vp"
    assert "bare int" in error.reason and "provenance" in error.reason


def test_unknown_provenance_key_is_refused() -> None:
    error = refused({"territory": {"china": {"spaces": {"value": 7, "source": "my map"}}}})
    assert error.key == "territory.china.spaces.source"
    assert "unknown key" in error.reason


# --- types and keys ------------------------------------------------------------------------------


def test_wrong_type_is_refused() -> None:
    error = refused({"territory": {"china": {"spaces": leaf("eight", **OWNER)}}})
    assert error.key == "territory.china.spaces"
    assert "valid integer" in error.reason and "'eight'" in error.reason


def test_no_silent_conversion_of_booleans() -> None:
    error = refused({"power": {"GB": {"revenue": leaf(True, **OWNER)}}})
    assert error.key == "power.GB.revenue"


def test_unknown_key_is_refused() -> None:
    error = refused({"territory": {"china": {"spacez": leaf(7, **OWNER)}}})
    assert error.key == "territory.china.spacez"
    assert "unknown key" in error.reason


def test_unknown_top_level_table_is_refused() -> None:
    error = refused({"territorry": {"china": {"spaces": leaf(7)}}})
    assert error.key == "territorry"
    assert "unknown key" in error.reason


def test_missing_value_is_refused(data_dir: Path) -> None:
    edit(data_dir / "powers.toml", 'revenue = { value = 10, stated = "§5 table" }\n', "")
    with pytest.raises(ContentError) as caught:
        load_content_from(data_dir)
    assert (caught.value.file, caught.value.key) == ("powers.toml", "power.RU.revenue")
    assert "missing" in caught.value.reason


def test_bad_id_is_refused() -> None:
    error = refused({"territory": {"New Land": {"spaces": leaf(6)}}})
    assert error.key == "territory.New Land"
    assert "not a valid id" in error.reason


def test_unknown_power_is_refused() -> None:
    error = refused({"power": {"IT": {"revenue": leaf(9)}}})
    assert error.key == "power.IT"


def test_every_problem_is_counted_in_the_message() -> None:
    error = refused(
        {
            "territory": {
                "china": {"spaces": leaf("x")},
                "japan": {"vp": leaf("y")},
            }
        }
    )
    keys = {"territory.china.spaces", "territory.japan.vp"}
    assert error.key in keys
    (other,) = keys - {error.key}
    assert "1 more problem" in error.reason and other in error.reason


# --- checks across values ------------------------------------------------------------------------


def test_unknown_territory_in_an_objective() -> None:
    objective = {"kind": leaf("control"), "territories": leaf(["atlantis"]), "vp": leaf(3)}
    error = refused({"power": {"GB": {"objectives": {"control-atlantis": objective}}}})
    assert error.key == "power.GB.objectives.control-atlantis.territories"
    assert "unknown territory 'atlantis'" in error.reason


def test_alliance_objective_needs_a_minor_nation() -> None:
    error = refused({"power": {"GB": {"objectives": {"control-china": {"kind": leaf("alliance")}}}}})
    assert error.key == "power.GB.objectives.control-china.kind"
    assert "colony" in error.reason


def test_min_cubes_objective_needs_a_count() -> None:
    objective = {"kind": leaf("min-cubes"), "territories": leaf(["china"]), "vp": leaf(2)}
    error = refused({"power": {"RU": {"objectives": {"some-cubes": objective}}}})
    assert error.key == "power.RU.objectives.some-cubes.count"


def test_spaces_fewer_than_the_starting_cubes() -> None:
    error = refused({"territory": {"south-africa": {"spaces": leaf(2, **OWNER)}}})
    assert error.file == "<override>"
    assert error.key == "territory.south-africa.spaces"
    assert "3 minor cubes" in error.reason and "minor_cubes.boer-states.setup" in error.reason


def test_setup_cubes_beyond_the_supply() -> None:
    setup = leaf({"congo": 2, "micronesia": 1}, **OWNER)
    error = refused({"minor_cubes": {"belgium": {"setup": setup}}})
    assert error.key == "minor_cubes.belgium.setup"
    assert "supply is 2" in error.reason


def test_setup_cubes_in_an_unknown_territory() -> None:
    error = refused({"minor_cubes": {"spain": {"setup": leaf({"cuba": 1})}}})
    assert error.key == "minor_cubes.spain.setup"
    assert "unknown territory 'cuba'" in error.reason


def test_card_id_used_twice() -> None:
    event = {
        "name_en": leaf("Sabotage"),
        "name_it": leaf("Sabotaggio"),
        "era": leaf(1),
        "effect_summary": leaf("Nothing."),
    }
    error = refused({"event": {"sabotage": event}})
    assert error.file == "<override>"
    assert error.key == "intrigue.sabotage"
    assert "used twice" in error.reason and "event.sabotage" in error.reason


def test_duplicate_key_inside_a_file(data_dir: Path) -> None:
    path = data_dir / "events.toml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text + "\n[event.economic-crisis]\n", encoding="utf-8")
    with pytest.raises(ContentError) as caught:
        load_content_from(data_dir)
    assert caught.value.file == "events.toml"
    assert "not valid TOML" in caught.value.reason


def test_table_in_two_files(data_dir: Path) -> None:
    (data_dir / "extra.toml").write_text('[solo.end_turn_bonus]\n"9" = { value = 1, stated = "x" }\n')
    with pytest.raises(ContentError) as caught:
        load_content_from(data_dir)
    assert (caught.value.file, caught.value.key) == ("solo.toml", "solo")
    assert "extra.toml" in caught.value.reason


def test_empty_data_folder(tmp_path: Path) -> None:
    with pytest.raises(ContentError) as caught:
        load_content_from(tmp_path)
    assert "no data files" in caught.value.reason


def test_die_faces_must_be_die_faces() -> None:
    error = refused({"territory": {"japan": {"die_faces": leaf([1, 2, 7])}}})
    assert error.key == "territory.japan.die_faces"
    error = refused({"territory": {"japan": {"die_faces": leaf([1, 1, 2])}}})
    assert "appears twice" in error.reason
    error = refused({"territory": {"japan": {"spaces": leaf(4), "bottom_right": leaf(4)}}})
    assert error.key == "territory.japan.die_faces" and "6 die faces for 4 spaces" in error.reason


def test_bottom_right_must_be_a_space() -> None:
    error = refused({"territory": {"japan": {"bottom_right": leaf(9)}}})
    assert error.key == "territory.japan.bottom_right"
    assert "does not exist" in error.reason


def test_africa_rate_lives_on_the_continent() -> None:
    rate = leaf([{"armies": 2, "cubes": 1}])
    error = refused({"territory": {"congo": {"armament_rate": rate}}})
    assert error.key == "territory.congo.armament_rate"
    assert "continent.africa.armament_rate" in error.reason


def test_territory_outside_africa_needs_a_rate(data_dir: Path) -> None:
    path = data_dir / "territories.toml"
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    china = lines.index("[territory.china]\n")
    rate = next(i for i in range(china, len(lines)) if lines[i].startswith("armament_rate"))
    path.write_text("".join(lines[:rate] + lines[rate + 1 :]), encoding="utf-8")
    with pytest.raises(ContentError) as caught:
        load_content_from(data_dir)
    assert (caught.value.file, caught.value.key) == (
        "territories.toml",
        "territory.china.armament_rate",
    )
    assert "Asia has no continent rate" in caught.value.reason


def test_rate_cubes_must_fit() -> None:
    too_many = load_content().territories["italy"].spaces + 1
    error = refused({"territory": {"italy": {"armament_rate": leaf([{"armies": 1, "cubes": too_many}])}}})
    assert error.key == "territory.italy.armament_rate"
    assert "do not fit" in error.reason


def test_unknown_continent() -> None:
    error = refused({"territory": {"japan": {"continent": leaf("oceania")}}})
    assert error.key == "territory.japan.continent"
    assert "unknown continent 'oceania'" in error.reason


def test_minor_nation_needs_its_bonus() -> None:
    error = refused({"territory": {"congo": {"kind": leaf("minor")}}})
    assert error.key == "territory.congo.kind"
    assert "[minor.congo]" in error.reason


def test_minima_beyond_the_pool() -> None:
    error = refused({"power": {"RU": {"setup_minimum": {"asia": leaf(4)}}}})
    assert error.key == "power.RU.setup_minimum"
    assert "add up to 8" in error.reason and "pool is 7" in error.reason


def test_setup_order_must_list_every_power() -> None:
    error = refused({"setup": {"order": leaf(["RU", "FR", "CE"])}})
    assert error.key == "setup.order"


def test_start_off_the_prestige_track() -> None:
    error = refused({"power": {"FR": {"start_prestige": leaf(40)}}})
    assert error.key == "power.FR.start_prestige"
    assert "off the Prestige track" in error.reason


def test_prestige_track_needs_every_space(data_dir: Path) -> None:
    edit(data_dir / "tracks.toml", '[prestige.spaces."7"]', '[prestige.spaces."70"]')
    with pytest.raises(ContentError) as caught:
        load_content_from(data_dir)
    assert (caught.value.file, caught.value.key) == ("tracks.toml", "prestige.spaces.7")
    assert "missing" in caught.value.reason


def test_prestige_bonus_must_be_of_section_11_1() -> None:
    error = refused({"prestige": {"spaces": {"3": {"bonus": leaf("money-9")}}}})
    assert error.key == "prestige.spaces.3.bonus"


def test_national_card_cost_per_owner() -> None:
    error = refused({"national": {"superior-doctrine": {"cost": {"GB": leaf(5)}}}})
    assert error.key == "national.superior-doctrine.cost"
    assert "one cost per owner" in error.reason


def test_great_work_card_must_belong_to_the_power() -> None:
    error = refused({"power": {"RU": {"great_work": {"unlocks_card": leaf("superior-doctrine")}}}})
    assert error.key == "power.RU.great_work.unlocks_card"


def test_effect_steps_need_an_op() -> None:
    error = refused({"event": {"economic-crisis": {"effect": leaf([{"amount": 3}])}}})
    assert error.key == "event.economic-crisis.effect"
    assert "`op`" in error.reason


def test_solo_bands_must_not_leave_a_gap() -> None:
    error = refused({"solo": {"bands": {"minor-victory": {"min_vp": leaf(86, **OWNER)}}}})
    assert error.key == "solo.bands.minor-victory.min_vp"


def test_np_chart_needs_one_entry_per_turn() -> None:
    error = refused({"np": {"powers": {"FR": {"arsenal_bonus": leaf([3, 5])}}}})
    assert error.key == "np.powers.FR.arsenal_bonus"
    assert "one entry per turn (9)" in error.reason


def test_eras_must_cover_the_turns() -> None:
    error = refused({"game": {"eras": leaf([[1, 2, 3], [4, 5, 6]])}})
    assert error.key == "game.eras"


def test_broken_shipped_variant_is_named(data_dir: Path) -> None:
    edit(data_dir / "variants.toml", "tanganyika = 2, namibia = 1", "tanganyika = 9, namibia = 1")
    with pytest.raises(ContentError) as caught:
        load_content_from(data_dir)
    error = caught.value
    assert error.file == "variants.toml"
    assert error.key.startswith("variant.portugal-setup-example.override.")


# --- overrides -----------------------------------------------------------------------------------


def test_override_cannot_replace_a_table_with_a_value() -> None:
    error = refused({"territory": {"china": leaf(7)}})
    assert error.key == "territory.china"
    assert "table of values" in error.reason


def test_override_value_needs_its_table_shape() -> None:
    error = refused({"territory": {"china": {"spaces": {"stated": "owner"}}}})
    assert error.key == "territory.china.spaces"
    assert "needs `value`" in error.reason


def test_override_remove_needs_something_to_remove() -> None:
    error = refused({"power": {"GB": {"objectives": {"nothing-here": {"_remove": True}}}}})
    assert error.key == "power.GB.objectives.nothing-here"
    assert "nothing to remove" in error.reason
    error = refused({"power": {"GB": {"objectives": {"control-china": {"_remove": 1}}}}})
    assert "_remove = true" in error.reason


def test_override_file_errors_name_the_file(tmp_path: Path) -> None:
    path = tmp_path / "my-map.toml"
    path.write_text('[territory.china]\nspaces = { value = 0, stated = "my copy" }\n')
    with pytest.raises(ContentError) as caught:
        load_override_file(path)
    assert (caught.value.file, caught.value.key) == (str(path), "territory.china.spaces")
    assert "greater than or equal to 1" in caught.value.reason
    assert str(path) in str(caught.value)


def test_override_file_syntax_error(tmp_path: Path) -> None:
    path = tmp_path / "broken.toml"
    path.write_text("[territory.china\nspaces = 7\n")
    with pytest.raises(ContentError) as caught:
        load_override_file(path)
    assert caught.value.file == str(path)
    assert caught.value.key == ""
    assert "not valid TOML" in caught.value.reason


def test_missing_override_file(tmp_path: Path) -> None:
    with pytest.raises(ContentError) as caught:
        load_override_file(tmp_path / "absent.toml")
    assert "cannot read" in caught.value.reason


def test_content_error_is_a_realpolitik_error() -> None:
    error = ContentError("territories.toml", "territory.china.spaces", "bad")
    assert isinstance(error, RealpolitikError)
    assert str(error) == "territories.toml: territory.china.spaces: bad"
    assert str(ContentError("x.toml", "", "unreadable")) == "x.toml: unreadable"
