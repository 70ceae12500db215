"""Struggle of Empires' public board for the browser: the regions with their printed VP values and
our map's places for them (:mod:`.layout`), the empires' names and colours, every tile's name, price
and text, the neutral markers' meaning, and the game's own words in English and French (all printed
on the physical game or written by us, so public). The module in ``static/`` draws the seat's view
with it; nothing here reads a state, so nothing hidden can leak through it."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from ....engine import JSON, BoardFiles
from ..content import Content, marker_of
from ..rules.setup import content_for
from . import layout
from .help import DECISIONS, KIND_VERBS, VERBS
from .log_text import catalog

STATIC_DIR = Path(__file__).resolve().parent / "static"

COLOURS: dict[str, tuple[str, str]] = {
    # Ours: (fill, ink) per empire, the terminal's colours (ui/terminal.py STYLES) made printable;
    # the letters on every chip are the first cue, so the board reads in monochrome too.
    "GB": ("#c0392b", "#ffffff"),
    "FR": ("#1f5fbf", "#ffffff"),
    "PR": ("#00838f", "#ffffff"),
    "AU": ("#f4f1e8", "#1d1d1f"),
    "ES": ("#f2c200", "#1d1d1f"),
    "RU": ("#2e7d32", "#ffffff"),
    "NL": ("#8e24aa", "#ffffff"),
}


def board_for(options: Mapping[str, JSON]) -> dict[str, JSON]:
    """The board data of a game with these options (the player count sets the rounds)."""
    players = options.get("players", 4)
    return board(content_for(options), players if isinstance(players, int) else 4)


WEB = BoardFiles(STATIC_DIR, board_for)
"""Struggle of Empires' :class:`~realpolitik.engine.plugin.WebUI`."""


def _both(en: str, fr: str) -> dict[str, str]:
    return {"en": en, "fr": fr}


def board(content: Content, players: int) -> dict[str, JSON]:
    c = content
    regions: dict[str, JSON] = {}
    for rid in c.region_ids:
        r = c.regions[rid]
        size = layout.SCORING_PLATE if r.scoring else layout.HOME_PLATE
        regions[rid] = {
            "name": _both(r.name_en, r.name_fr),
            "kind": r.kind,
            "sea": r.sea,
            "american": r.american,
            "naval_at": r.naval_at,
            "vp": list(r.vp),
            "adjacent": sorted(r.adjacent),
            "at": list(layout.AT[rid]),
            "size": list(size),
        }
    home_of = {e.home: eid for eid, e in c.empires.items()}
    for rid, entry in regions.items():
        assert isinstance(entry, dict)
        entry["home_of"] = home_of.get(rid)
    tiles: dict[str, JSON] = {
        tid: {
            "kind": t.kind,
            "name": _both(t.name_en, t.name_fr),
            "text": _both(t.text_en, t.text_fr),
            "copies": t.copies,
            "regions": list(t.regions),
            "use": t.use,
            "gold": t.gold,
            "population": t.population,
            "unrest": t.unrest,
        }
        for tid, t in c.tiles.items()
    }
    codes = sorted({code for _, code in c.markers})
    markers: dict[str, JSON] = {}
    for code in codes:
        m = marker_of(code)
        markers[code] = {"neutral": m.neutral, "strength": m.strength, "gold": m.gold, "vp": m.vp}
    return {
        "renderer": "struggle-of-empires",
        "wars": c.rules.wars,
        "rounds": c.rules.rounds(players),
        "actions_per_turn": c.rules.actions_per_turn,
        "empires": {
            eid: {
                "name": _both(e.name_en, e.name_fr),
                "home": e.home,
                "colour": COLOURS.get(eid, ("#555555", "#ffffff"))[0],
                "ink": COLOURS.get(eid, ("#555555", "#ffffff"))[1],
            }
            for eid, e in c.empires.items()
        },
        "regions": regions,
        "scoring": list(c.scoring_ids),
        "map": {"width": layout.WIDTH, "height": layout.HEIGHT, "land": list(layout.LAND)},
        "tiles": tiles,
        "tile_order": list(c.tile_ids),
        "markers": markers,
        # The game's own words for its menus and prompts (ui/help.py, shared with the terminal).
        "verbs": {verb: {lang: texts[lang][0] for lang in texts} for verb, texts in VERBS.items()},
        "kind_verbs": {
            f"{kind} {verb}": {lang: texts[lang][0] for lang in texts}
            for (kind, verb), texts in KIND_VERBS.items()
        },
        "decisions": {kind: dict(texts) for kind, texts in DECISIONS.items()},
        # Every log line's pattern and its English and French templates (static/log.js).
        "log": catalog(),
    }
