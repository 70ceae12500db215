"""The shared content machinery on a made-up two-file game: leaves, errors, overrides, audit.

The toy game has a ``rules`` table (``rules.toml``) and a table of regions (``regions.toml``);
its ``build`` checks one thing across values (neighbours must be regions) so that errors found
after validation are covered too.
"""

from __future__ import annotations

import ast
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

import realpolitik.engine.content as engine_content
from realpolitik.engine.content import (
    ContentError,
    ContentPackage,
    KeyPath,
    Leaf,
    NonNegInt,
    Origins,
    PosInt,
    Slug,
    Strict,
    Text,
    collect,
    fingerprint,
    leaves,
    merge,
    raw_leaves,
    read_data_dir,
    render,
)
from realpolitik.engine.errors import RealpolitikError
from realpolitik.engine.provenance import AuditEntry, Provenance, Status

RULES_TOML = """\
[rules]
turns = { value = 6, stated = "§2 The game lasts six turns" }
hand_size = { value = 5, implied = "§4 example: five cards are dealt to each player" }
"""

REGIONS_TOML = """\
[region.alsace]
name = { value = "Alsace", stated = "§3 map" }
vp = { value = 2, reconstructed = "G1", why = "the §9 example totals 5 VP for both regions" }
neighbours = { value = ["lorraine"], stated = "§3 map" }

[region.lorraine]
name = { value = "Lorraine", stated = "§3 map" }
vp = { value = 3, implied = "§9 example: 5 VP less Alsace's 2" }
"""


class RawRules(Strict):
    turns: Leaf[PosInt]
    hand_size: Leaf[PosInt]


class RawRegion(Strict):
    name: Leaf[Text]
    vp: Leaf[NonNegInt]
    neighbours: Leaf[list[Slug]] | None = None


class RawToy(Strict):
    rules: RawRules
    region: dict[Slug, RawRegion]


@dataclass(frozen=True, slots=True)
class Toy:
    turns: int
    vp: Mapping[str, int]
    provenance: Mapping[str, Provenance]
    audit: tuple[AuditEntry, ...]
    fingerprint: str


def kind_of(path: KeyPath) -> str:
    return "rules" if path[0] == "rules" else "region"


def build(data: Mapping[str, Any], origins: Origins) -> Toy:
    raw = origins.validate(RawToy, data)
    for rid, region in raw.region.items():
        for other in region.neighbours.value if region.neighbours else []:
            if other not in raw.region:
                raise origins.error(f"region.{rid}.neighbours", f"unknown region {other!r}")
    entries, provenance = collect(leaves(raw), origins, kind_of)
    vp = {rid: region.vp.value for rid, region in raw.region.items()}
    return Toy(raw.rules.turns.value, vp, provenance, entries, fingerprint(data))


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    folder = tmp_path / "data"
    folder.mkdir()
    (folder / "rules.toml").write_text(RULES_TOML, encoding="utf-8")
    (folder / "regions.toml").write_text(REGIONS_TOML, encoding="utf-8")
    return folder


@pytest.fixture
def package(data_dir: Path) -> ContentPackage[Toy]:
    return ContentPackage(data_dir, build, audit=lambda toy: toy.audit, guide="docs/toy.md")


def refused(package: ContentPackage[Toy], override: dict[str, Any]) -> ContentError:
    with pytest.raises(ContentError) as caught:
        package.load(override)
    return caught.value


def broken(data_dir: Path, file: str, old: str, new: str) -> ContentError:
    path = data_dir / file
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(ContentError) as caught:
        ContentPackage(data_dir, build, audit=lambda toy: toy.audit).load()
    return caught.value


def ours(value: Any) -> dict[str, Any]:
    return {"value": value, "reconstructed": "test", "why": "a test value"}


# --- leaves ----------------------------------------------------------------------------------------


def test_each_provenance_status(package: ContentPackage[Toy]) -> None:
    toy = package.load()
    assert (toy.turns, dict(toy.vp)) == (6, {"alsace": 2, "lorraine": 3})
    assert toy.provenance["rules.turns"] == Provenance(Status.STATED, "§2 The game lasts six turns")
    implied = toy.provenance["rules.hand_size"]
    assert implied.status is Status.IMPLIED and implied.source.startswith("§4 example")
    reconstructed = toy.provenance["region.alsace.vp"]
    assert (reconstructed.status, reconstructed.source) == (Status.RECONSTRUCTED, "G1")
    assert reconstructed.rationale == "the §9 example totals 5 VP for both regions"


def test_leaf_is_strict() -> None:
    assert Leaf[int].model_validate({"value": 3, "stated": "§1"}).value == 3
    for bad in ("3", True, 3.0):
        with pytest.raises(ValueError, match="valid integer"):
            Leaf[int].model_validate({"value": bad, "stated": "§1"})
    with pytest.raises(ValueError, match="bare int"):
        Leaf[int].model_validate(3)
    with pytest.raises(ValueError, match="no `value`"):
        Leaf[int].model_validate({"stated": "§1"})


def test_a_game_may_extend_the_leaf() -> None:
    class NotedLeaf(Leaf[int]):
        note: str | None = None

        def provenance(self) -> Provenance:
            found = super().provenance()
            return Provenance(found.status, found.source, f"{found.rationale} NOTE: {self.note}".strip())

    leaf = NotedLeaf.model_validate({"value": 1, "reconstructed": "G2", "why": "fits", "note": "FR text"})
    assert leaf.provenance().rationale == "fits NOTE: FR text"
    assert list(leaves({"a": leaf})) == [(("a",), leaf)]
    with pytest.raises(ValueError, match="Extra inputs"):
        NotedLeaf.model_validate({"value": 1, "stated": "§1", "source": "x"})


def test_reconstructed_value_without_rationale_is_refused(data_dir: Path) -> None:
    error = broken(data_dir, "regions.toml", ', why = "the §9 example totals 5 VP for both regions"', "")
    assert (error.file, error.key) == ("regions.toml", "region.alsace.vp")
    assert "needs `why`" in error.reason


def test_exactly_one_non_empty_provenance(package: ContentPackage[Toy]) -> None:
    both = {"value": 7, "stated": "§2", "implied": "an example"}
    error = refused(package, {"rules": {"turns": both}})
    assert error.key == "rules.turns" and "found stated, implied" in error.reason
    assert "found none" in refused(package, {"rules": {"turns": {"value": 7}}}).reason
    error = refused(package, {"rules": {"turns": {"value": 7, "implied": " "}}})
    assert "`implied` is empty" in error.reason


def test_bare_value_is_refused(data_dir: Path) -> None:
    error = broken(
        data_dir, "rules.toml", 'turns = { value = 6, stated = "§2 The game lasts six turns" }', "turns = 6"
    )
    assert (error.file, error.key) == ("rules.toml", "rules.turns")
    assert "bare int" in error.reason and "provenance" in error.reason


def test_unknown_key_names_file_and_key(data_dir: Path) -> None:
    error = broken(
        data_dir, "regions.toml", "vp = { value = 3", 'vpp = { value = 1, stated = "x" }\nvp = { value = 3'
    )
    assert (error.file, error.key) == ("regions.toml", "region.lorraine.vpp")
    assert str(error) == (
        "regions.toml: region.lorraine.vpp: unknown key (check its spelling against docs/content.md)"
    )


def test_every_problem_is_counted(data_dir: Path) -> None:
    error = broken(data_dir, "regions.toml", "vp = { value = 3", "vpp = { value = 3")
    assert (error.file, error.key) == ("regions.toml", "region.lorraine.vp")
    assert error.reason == "is missing (required) (and 1 more problem(s), at region.lorraine.vpp)"


def test_unknown_key_points_to_the_game_guide(package: ContentPackage[Toy]) -> None:
    error = refused(package, {"rules": {"turnz": ours(7)}})
    assert (error.file, error.key) == ("<override>", "rules.turnz")
    assert error.reason == "unknown key (check its spelling against docs/toy.md)"


def test_wrong_type_and_bad_id(package: ContentPackage[Toy]) -> None:
    error = refused(package, {"rules": {"turns": ours("six")}})
    assert error.key == "rules.turns"
    assert "valid integer" in error.reason and "'six'" in error.reason
    error = refused(package, {"region": {"Saar Basin": {"name": ours("Saar"), "vp": ours(1)}}})
    assert error.key == "region.Saar Basin" and "not a valid id" in error.reason
    error = refused(package, {"rules": {"hand_size": ours(0)}})
    assert error.key == "rules.hand_size" and "greater than or equal to 1" in error.reason


def test_files_of_the_data_folder(data_dir: Path, tmp_path: Path) -> None:
    data, files = read_data_dir(data_dir)
    assert files == {"rules": "rules.toml", "region": "regions.toml"}
    assert set(data) == {"rules", "region"}
    (data_dir / "more.toml").write_text('[rules.extra]\nvalue = 1\nstated = "x"\n')
    with pytest.raises(ContentError) as caught:
        read_data_dir(data_dir)
    assert (caught.value.file, caught.value.key) == ("rules.toml", "rules")
    assert "already defined in more.toml" in caught.value.reason
    (data_dir / "more.toml").write_text("[rules\n")
    with pytest.raises(ContentError, match="not valid TOML") as caught:
        read_data_dir(data_dir)
    assert caught.value.file == "more.toml"
    empty = tmp_path / "empty"
    empty.mkdir()
    with pytest.raises(ContentError, match="no data files"):
        read_data_dir(empty)


# --- overrides ---------------------------------------------------------------------------------------


def test_override_replaces_adds_and_removes(package: ContentPackage[Toy]) -> None:
    shipped = package.load()
    override = {
        "rules": {"turns": {"value": 8, "stated": "owner's copy"}},
        "region": {
            "lorraine": {"_remove": True},
            "alsace": {"neighbours": {"value": ["saar"], "stated": "owner's copy"}},
            "saar": {"name": {"value": "Saar", "stated": "owner's copy"}, "vp": ours(1)},
        },
    }
    toy = package.load(override)
    assert toy.turns == 8
    assert dict(toy.vp) == {"alsace": 2, "saar": 1}
    assert toy.provenance["rules.turns"].source == "owner's copy"
    assert toy.fingerprint != shipped.fingerprint
    assert package.load() is shipped  # the shipped content stays cached and unchanged
    assert package.load(override).fingerprint == toy.fingerprint


def test_merge_copies_and_reports_what_it_touched() -> None:
    base = {"region": {"a": {"vp": ours(1), "name": ours("A")}, "b": {"vp": ours(2)}}}
    merged, touched = merge(base, {"region": {"a": {"vp": ours(5)}, "b": {"_remove": True}}}, "o.toml")
    assert merged == {"region": {"a": {"vp": ours(5), "name": ours("A")}}}
    assert touched == {"region.a.vp", "region.b"}
    assert base["region"]["a"]["vp"] == ours(1) and "b" in base["region"]


def test_remove_needs_true_alone_and_something_to_remove(package: ContentPackage[Toy]) -> None:
    error = refused(package, {"region": {"saar": {"_remove": True}}})
    assert (error.key, error.reason) == ("region.saar", "nothing to remove: there is no such table")
    error = refused(package, {"region": {"alsace": {"_remove": 1}}})
    assert "`_remove = true` alone" in error.reason
    error = refused(package, {"region": {"alsace": {"_remove": True, "vp": ours(1)}}})
    assert "`_remove = true` alone" in error.reason


def test_override_keeps_the_shape_of_the_data(package: ContentPackage[Toy]) -> None:
    error = refused(package, {"region": {"alsace": ours(1)}})
    assert error.key == "region.alsace" and "table of values" in error.reason
    error = refused(package, {"region": {"alsace": {"vp": {"stated": "owner"}}}})
    assert error.key == "region.alsace.vp" and "needs `value`" in error.reason


def test_errors_blame_the_file_that_set_the_value(package: ContentPackage[Toy]) -> None:
    # The bad neighbour is in the override: the override is to blame.
    error = refused(package, {"region": {"alsace": {"neighbours": ours(["saar"])}}})
    assert (error.file, error.key) == ("<override>", "region.alsace.neighbours")
    assert "unknown region 'saar'" in error.reason
    # Removing Lorraine breaks a value the override did not set: the shipped file holds it.
    error = refused(package, {"region": {"lorraine": {"_remove": True}}})
    assert error.key == "region.alsace.neighbours"
    assert error.file == "regions.toml"


def test_override_file(package: ContentPackage[Toy], tmp_path: Path) -> None:
    path = tmp_path / "my-copy.toml"
    path.write_text('[region.lorraine]\nvp = { value = 4, stated = "my copy" }\n', encoding="utf-8")
    override = package.load_override_file(path)
    assert getattr(override, "file", None) == str(path)
    assert package.load(override).vp["lorraine"] == 4
    plain = package.load_override(path)
    assert type(plain) is dict and plain == override
    assert package.option == "content"
    entry = next(e for e in package.audit(override) if e.key == "region.lorraine.vp")
    assert (entry.file, entry.value, entry.provenance.source) == (str(path), "4", "my copy")

    path.write_text('[region.lorraine]\nvp = { value = -1, stated = "my copy" }\n', encoding="utf-8")
    with pytest.raises(ContentError) as caught:
        package.load_override_file(path)
    assert (caught.value.file, caught.value.key) == (str(path), "region.lorraine.vp")
    assert str(caught.value).startswith(f"{path}: region.lorraine.vp: value: ")
    path.write_text("[region.lorraine\n", encoding="utf-8")
    with pytest.raises(ContentError, match="not valid TOML"):
        package.load_override_file(path)
    with pytest.raises(ContentError, match="cannot read the file"):
        package.load_override_file(tmp_path / "absent.toml")


# --- audit and fingerprint -------------------------------------------------------------------------


def test_audit_entries(package: ContentPackage[Toy]) -> None:
    entries = package.audit()
    assert [e.key for e in entries] == [
        "rules.turns",
        "rules.hand_size",
        "region.alsace.name",
        "region.alsace.vp",
        "region.alsace.neighbours",
        "region.lorraine.name",
        "region.lorraine.vp",
    ]
    by_key = {e.key: e for e in entries}
    assert by_key["rules.turns"] == AuditEntry(
        "rules", "rules.turns", "6", Provenance(Status.STATED, "§2 The game lasts six turns"), "rules.toml"
    )
    assert by_key["region.alsace.neighbours"].value == "[lorraine]"
    assert by_key["region.alsace.vp"].provenance.status is Status.RECONSTRUCTED
    assert {e.file for e in entries if e.kind == "region"} == {"regions.toml"}
    counts = {status: sum(e.provenance.status is status for e in entries) for status in Status}
    assert counts == {Status.STATED: 4, Status.IMPLIED: 2, Status.RECONSTRUCTED: 1}
    removed = package.audit({"region": {"alsace": {"neighbours": {"_remove": True}}}})
    assert "region.alsace.neighbours" not in {e.key for e in removed}


def test_render_and_its_hook() -> None:
    class Rate(Strict):
        armies: NonNegInt = 0
        cubes: PosInt

    assert render([True, {"a": 1}, Rate(cubes=2)]) == "[true, {a: 1}, cubes=2]"

    def arrow(value: Any) -> str | None:
        return f"{value.armies} -> {value.cubes}" if isinstance(value, Rate) else None

    assert render({"x": [Rate(armies=2, cubes=1)]}, arrow) == "{x: [2 -> 1]}"


def test_raw_leaves_of_an_unchecked_table() -> None:
    table = {"a": {"vp": ours(1), "bad": {"value": 2}}, "b": {"deep": {"name": ours("B")}}}
    found = [(path, leaf.value) for path, leaf in raw_leaves(table, ("variant", "v"))]
    assert found == [(("variant", "v", "a", "vp"), 1), (("variant", "v", "b", "deep", "name"), "B")]


def test_fingerprint_is_of_the_data() -> None:
    one = {"a": ours(1), "b": {"c": ours("é")}}
    same = {"b": {"c": ours("é")}, "a": ours(1)}
    assert fingerprint(one) == fingerprint(same)
    assert fingerprint(one) != fingerprint({**one, "a": ours(2)})
    assert len(fingerprint(one)) == 64


def test_content_error() -> None:
    error = ContentError("regions.toml", "region.alsace.vp", "bad")
    assert isinstance(error, RealpolitikError)
    assert str(error) == "regions.toml: region.alsace.vp: bad"
    assert str(ContentError("x.toml", "", "unreadable")) == "x.toml: unreadable"


def test_engine_content_imports_no_game() -> None:
    folder = Path(engine_content.__file__).parent
    for source in folder.glob("*.py"):
        for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                assert "games" not in (node.module or "").split("."), source.name
