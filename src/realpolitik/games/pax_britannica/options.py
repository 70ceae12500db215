"""Pax Britannica's options: the player count and the readings players may want the other way."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...engine import JSON, Option, OptionsError, OptionsSchema
from ...engine.content import ContentError
from .content import PACKAGE, Content

SCHEMA = OptionsSchema(
    (
        Option(
            "players",
            "int",
            4,
            {"en": "Players"},
            {"en": "4: GB, France, Germany (with A-H), the US; 5 adds Japan, 6 Russia, 7 Italy (L184-189)."},
            choices=(4, 5, 6, 7),
            rule="L184-189",
        ),
        Option(
            "turns",
            "int",
            10,
            {"en": "Game Turns"},
            {"en": "The last Game Turn: 10 (1880-1916) in the rules (L33); fewer for a short game."},
            minimum=1,
            maximum=10,
            rule="L33",
        ),
        Option(
            "end_colonial_office",
            "bool",
            False,
            {"en": "Colonial Office in the end VP"},
            {"en": "Line 29 counts the last Colonial Office income too (reading G-R10: off)."},
            rule="L1579-1583",
        ),
        Option(
            "eti_garrison",
            "bool",
            False,
            {"en": "ETI for ungarrisoned markers"},
            {"en": "An ungarrisoned Control marker reduced raises the ETI a point (reading G-R12: off)."},
            rule="L1476-1481",
        ),
        Option(
            "balkan_wars",
            "bool",
            False,
            {"en": "Balkan Wars border changes"},
            {
                "en": "After War in the Balkans (1-1): Greece-Serbia; after the second, Bulgaria-Greece for "
                "Anatolia-Serbia and Bulgaria on the Mediterranean (L39-43, optional)."
            },
            rule="L39-43",
        ),
        Option(
            "content",
            "table",
            {},
            {"en": "Content override"},
            {"en": "Corrections to the shipped content (--content FILE.toml)."},
        ),
    )
)


def normalize_options(options: Mapping[str, Any]) -> dict[str, JSON]:
    given = SCHEMA.check(options)
    merged = {**SCHEMA.defaults(), **given}
    if merged["content"]:
        try:
            PACKAGE.load(merged["content"])
        except ContentError as error:
            raise OptionsError(f"content: {error}") from None
    return merged


def content_for(options: Mapping[str, Any]) -> Content:
    """The shipped content, or the content with the game's override applied."""
    override = options.get("content")
    return PACKAGE.load(override) if override else PACKAGE.load()


GREAT_ALWAYS = ("GB", "FR", "DE", "US")
"""L184-185: the Great Powers of every game (Germany also plays Austria-Hungary)."""


def seats_for(players: int) -> tuple[str, ...]:
    extra = {5: ("JP",), 6: ("JP", "RU"), 7: ("JP", "RU", "IT")}.get(players, ())
    return GREAT_ALWAYS + extra
