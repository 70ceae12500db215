"""Read the data files, apply an override, validate everything, build one frozen :class:`Content`.

Each top-level table (``territory``, ``power``, ...) lives in exactly one file of ``data/``. An
override file uses the same keys and shape and replaces any subset of values; a value is always
replaced whole, with its own provenance. A table written ``{ _remove = true }`` removes that table
(an objective or a card the owner's copy does not have).
"""

from __future__ import annotations

import hashlib
import json
import tomllib
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

from pydantic import ValidationError

from .audit import collect
from .build import Builder
from .building import frozen
from .errors import ContentError
from .model import Content, Variant, copy_tree
from .origins import Origins
from .schema import RawContent

CONTENT_VERSION = "1.1"
"""Version of the content format and of the shipped data; records store it with the fingerprint."""

DATA_DIR = Path(__file__).resolve().parent.parent / "data"
REMOVE = "_remove"


class ContentOverride(dict[str, Any]):
    """An override read from a file: a plain dict that remembers the file, for error messages."""

    file: str = "<override>"


def read_data_dir(data_dir: Path) -> tuple[dict[str, Any], dict[str, str]]:
    """All ``*.toml`` files of ``data_dir`` merged, and top-level key -> file name."""
    merged: dict[str, Any] = {}
    files: dict[str, str] = {}
    paths = sorted(data_dir.glob("*.toml"))
    if not paths:
        raise ContentError(str(data_dir), "", "no data files (*.toml) in this folder")
    for path in paths:
        data = _read_toml(path, path.name)
        for key, value in data.items():
            if key in files:
                raise ContentError(
                    path.name,
                    key,
                    f"already defined in {files[key]}; each top-level table lives in one file",
                )
            files[key] = path.name
            merged[key] = value
    return merged, files


def _read_toml(path: Path, name: str) -> dict[str, Any]:
    try:
        with path.open("rb") as handle:
            return tomllib.load(handle)
    except OSError as error:
        raise ContentError(name, "", f"cannot read the file ({error.strerror})") from None
    except tomllib.TOMLDecodeError as error:
        raise ContentError(name, "", f"not valid TOML: {error}") from None


def is_leaf(node: object) -> bool:
    return isinstance(node, Mapping) and "value" in node


def merge(
    base: Mapping[str, Any], override: Mapping[str, Any], file: str
) -> tuple[dict[str, Any], frozenset[str]]:
    """``base`` with ``override`` applied (copy on write: ``base`` is never changed)."""
    touched: set[str] = set()

    def walk(into: Mapping[str, Any], over: Mapping[str, Any], path: str) -> dict[str, Any]:
        out = dict(into)
        for key, value in over.items():
            here = f"{path}.{key}" if path else str(key)
            current = out.get(key)
            if isinstance(value, Mapping) and value.get(REMOVE) is not None:
                if value.get(REMOVE) is not True or len(value) != 1:
                    raise ContentError(file, here, f"write `{REMOVE} = true` alone to remove it")
                if current is None:
                    raise ContentError(file, here, "nothing to remove: there is no such table")
                del out[key]
            elif is_leaf(value):
                if isinstance(current, Mapping) and not is_leaf(current):
                    raise ContentError(
                        file, here, "this is a table of values; override its values one by one"
                    )
                out[key] = value
            elif isinstance(value, Mapping) and is_leaf(current):
                raise ContentError(
                    file,
                    here,
                    "replace a value with a table { value = ..., stated|implied|reconstructed = "
                    '"..." } (it needs `value` and its provenance)',
                )
            elif isinstance(value, Mapping) and isinstance(current, Mapping):
                out[key] = walk(current, value, here)
                continue  # only the values inside count as touched
            else:
                out[key] = value
            touched.add(here)
        return out

    return walk(base, override, ""), frozenset(touched)


@cache
def _shipped_data() -> tuple[Mapping[str, Any], Mapping[str, str]]:
    data, files = read_data_dir(DATA_DIR)
    return MappingProxyType(data), MappingProxyType(files)


@cache
def _shipped_content() -> Content:
    data, files = _shipped_data()
    return build(data, Origins(files))


def load_content(override: Mapping[str, Any] | None = None) -> Content:
    """The game's content, validated, with ``override`` applied (see :func:`load_override_file`).

    Without an override the result is built once and cached. Raises :class:`ContentError`
    naming the file and key of the first bad value.
    """
    if override is None:
        return _shipped_content()
    data, files = _shipped_data()
    return apply_override(data, files, override)


def load_content_from(data_dir: str | Path, override: Mapping[str, Any] | None = None) -> Content:
    """Like :func:`load_content` from another data folder (not cached; for tests and tools)."""
    data, files = read_data_dir(Path(data_dir))
    if override is None:
        return build(data, Origins(files))
    return apply_override(data, files, override)


def apply_override(data: Mapping[str, Any], files: Mapping[str, str], override: Mapping[str, Any]) -> Content:
    name = getattr(override, "file", "<override>")
    merged, touched = merge(data, override, name)
    return build(merged, Origins(files, name, touched))


def load_override_file(path: str | Path) -> dict[str, Any]:
    """Read a content override TOML (``--content FILE.toml``) and check it against the game.

    The file uses the keys and shape of the shipped files, e.g.::

        [territory.china]
        spaces = { value = 7, stated = "owner's copy of the map" }

    Returns the override as a dict (pass it to :func:`load_content`); errors name this file.
    """
    path = Path(path)
    override = ContentOverride(_read_toml(path, str(path)))
    override.file = str(path)
    load_content(override)  # validate now, so the error names the file while it is at hand
    return override


def build(data: Mapping[str, Any], origins: Origins) -> Content:
    """Validate merged data and build the :class:`Content` (variants are checked too)."""
    try:
        raw = RawContent.model_validate(dict(data))
    except ValidationError as error:
        raise origins.from_validation(error) from None
    b = Builder(raw, origins)
    b.check_card_ids()
    game = b.game()
    continents = b.continents()
    territories = b.territories(continents)
    minors = b.minors(continents)
    minor_cubes = b.minor_cubes()
    national = b.national()
    prestige = b.prestige()
    fleet_track = b.fleet_track()
    powers = b.powers(territories, continents, national, prestige, fleet_track)
    setup = b.setup()
    events, decks = b.events(game)
    intrigue, deck, promos = b.intrigue()
    solo = b.solo(game)
    non_player = b.non_player(game)
    variants = _variants(raw, data, origins)  # last: the data itself is known to be good
    audit, provenance, en_it = collect(raw, origins)
    fingerprint = hashlib.sha256(
        json.dumps(data, sort_keys=True, ensure_ascii=False, default=str).encode()
    ).hexdigest()
    return Content(
        version=CONTENT_VERSION,
        fingerprint=fingerprint,
        game=game,
        dispute=b.dispute(),
        continents=frozen(continents),
        continent_ids=tuple(continents),
        territories=frozen(territories),
        territory_ids=tuple(territories),
        territory_index=frozen({tid: i for i, tid in enumerate(territories)}),
        minors=frozen(minors),
        minor_ids=tuple(minors),
        minor_cubes=frozen(minor_cubes),
        minor_cube_ids=tuple(minor_cubes),
        powers=frozen(powers),
        power_ids=tuple(powers),
        setup=setup,
        prestige=prestige,
        fleet_track=fleet_track,
        event_cards=frozen(events),
        event_decks=decks,
        intrigue_cards=frozen(intrigue),
        intrigue_deck=deck,
        intrigue_promos=promos,
        national_cards=frozen(national),
        solo=solo,
        non_player=non_player,
        variants=frozen(variants),
        provenance=frozen(provenance),
        audit=audit,
        en_it=frozen(en_it),
    )


def _variants(raw: RawContent, data: Mapping[str, Any], origins: Origins) -> dict[str, Variant]:
    """The shipped variants, each checked by applying it to the data without variants."""
    out: dict[str, Variant] = {}
    if not raw.variant:
        return out
    base = {key: value for key, value in data.items() if key != "variant"}
    file = origins.file_of("variant")
    for vid, variant in raw.variant.items():
        prefix = f"variant.{vid}.override"
        try:
            merged, touched = merge(base, variant.override, file)
            build(merged, Origins(origins.files, file, touched))
        except ContentError as error:
            raise ContentError(file, f"{prefix}.{error.key}", error.reason) from None
        out[vid] = Variant(vid, variant.description, copy_tree(variant.override))
    return out
