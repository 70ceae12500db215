"""Read the data files, apply an override, validate everything, build one frozen :class:`Content`.

Reading ``data/``, overrides (``{ _remove = true }`` included), error reporting and caching are the
engine's (:mod:`realpolitik.engine.content`); this module is La Belle Époque's ``build`` function
and the names the rest of the game imports.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ....engine.content import ContentError, ContentPackage, Origins, fingerprint, merge
from .audit import collect
from .build import Builder
from .building import frozen
from .model import Content, Variant, copy_tree
from .schema import RawContent

CONTENT_VERSION = "1.1"
"""Version of the content format and of the shipped data; records store it with the fingerprint."""

DATA_DIR = Path(__file__).resolve().parent.parent / "data"


def build(data: Mapping[str, Any], origins: Origins) -> Content:
    """Validate merged data and build the :class:`Content` (variants are checked too)."""
    raw = origins.validate(RawContent, data)
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
    return Content(
        version=CONTENT_VERSION,
        fingerprint=fingerprint(data),
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
            build(merged, origins.overridden(file, touched))
        except ContentError as error:
            raise ContentError(file, f"{prefix}.{error.key}", error.reason) from None
        out[vid] = Variant(vid, variant.description, copy_tree(variant.override))
    return out


PACKAGE: ContentPackage[Content] = ContentPackage(DATA_DIR, build, audit=lambda content: content.audit)
"""La Belle Époque's content capability: load, override, audit (the shipped content is cached)."""


def load_content(override: Mapping[str, Any] | None = None) -> Content:
    """The game's content, validated, with ``override`` applied (see :func:`load_override_file`).

    Without an override the result is built once and cached. Raises :class:`ContentError`
    naming the file and key of the first bad value.
    """
    return PACKAGE.load(override)


def load_content_from(data_dir: str | Path, override: Mapping[str, Any] | None = None) -> Content:
    """Like :func:`load_content` from another data folder (not cached; for tests and tools)."""
    return PACKAGE.load_from(data_dir, override)


def load_override_file(path: str | Path) -> dict[str, Any]:
    """Read a content override TOML (``--content FILE.toml``) and check it against the game.

    The file uses the keys and shape of the shipped files, e.g.::

        [territory.china]
        spaces = { value = 7, stated = "owner's copy of the map" }

    Returns the override as a dict (pass it to :func:`load_content`); errors name this file.
    """
    return PACKAGE.load_override_file(path)
