"""Pax Britannica's public board for the browser: the world's Areas, Home Countries and Sea Zones
with their printed values and routes, the Powers' names and colours, the game-turn track and the
marker levels (all printed on the physical game, so public), and where OUR schematic map draws each
place (:mod:`.layout`). The module in ``static/`` draws the seat's view with it; nothing here reads
a state."""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path

from ....engine import JSON, BoardFiles
from ..content import LEVELS, Content
from ..options import content_for
from . import layout

STATIC_DIR = Path(__file__).resolve().parent / "static"

COLOURS = {
    # Ours: one colour per Power, dark enough for white letters; the letters are the first cue.
    "GB": "#c0392b",
    "FR": "#1f5fbf",
    "DE": "#3b3b3b",
    "AH": "#b07d00",
    "US": "#2e7d32",
    "JP": "#c2185b",
    "RU": "#00695c",
    "IT": "#7cb342",
    "NL": "#e65100",
    "BE": "#6d4c41",
    "ES": "#7b1fa2",
    "PT": "#0288d1",
}


NAMES_IT = {
    # The Powers' names in Italian (ours; the content names them in English).
    "GB": "Gran Bretagna",
    "FR": "Francia",
    "DE": "Germania",
    "AH": "Austria-Ungheria",
    "US": "Stati Uniti",
    "JP": "Giappone",
    "RU": "Russia",
    "IT": "Italia",
    "NL": "Paesi Bassi",
    "BE": "Belgio",
    "ES": "Spagna",
    "PT": "Portogallo",
}


def board_for(options: Mapping[str, JSON]) -> dict[str, JSON]:
    """The board data of a game with these options (its content, overrides included)."""
    return board(content_for(options))


WEB = BoardFiles(STATIC_DIR, board_for)
"""Pax Britannica's :class:`~realpolitik.engine.plugin.WebUI`."""


@lru_cache(maxsize=4)
def _places(
    areas: tuple[str, ...], homes: tuple[str, ...], seas: tuple[tuple[str, str], ...]
) -> dict[str, tuple[int, int]]:
    return layout.positions(areas, homes, [s for s, _ in seas], {f"sea:{s}": name for s, name in seas})


def board(content: Content) -> dict[str, JSON]:
    c = content
    at = _places(tuple(c.areas), tuple(c.homes), tuple((sid, s.name) for sid, s in c.seas.items()))

    def xy(key: str) -> list[JSON]:
        x, y = at[key]
        return [x, y]

    return {
        "renderer": "pax-britannica",
        "map": {
            "width": layout.WIDTH,
            "height": round(layout.height()),
            "drawn_by": "realpolitik (our own schematic, not the publisher's map)",
        },
        # L44-73: the Areas with their printed Economic Value, Combat Strength, type, coasts and
        # Overland Routes (values the game's data marks stated, implied or reconstructed).
        "areas": {
            aid: {
                "name": a.name,
                "type": a.type,
                "ev": a.ev,
                "cs": a.cs,
                "seas": list(a.seas),
                "land": list(a.land),
                "homes": list(a.homes),
                "at": xy(aid),
            }
            for aid, a in c.areas.items()
        },
        "homes": {
            pid: {"name": h.name, "seas": list(h.seas), "land": list(h.land), "at": xy(f"home:{pid}")}
            for pid, h in c.homes.items()
        },
        # L62-73: the twelve Sea Zones and the two Cape Zones (used only in war).
        "seas": {
            sid: {"name": s.name, "neighbours": list(s.neighbours), "cape": s.cape, "at": xy(f"sea:{sid}")}
            for sid, s in c.seas.items()
        },
        "powers": {
            pid: {
                "name": p.name,
                "name_it": NAMES_IT.get(pid, p.name),
                "colour": COLOURS.get(pid, "#555"),
                "european": p.european,
            }
            for pid, p in c.powers.items()
        },
        "levels": list(LEVELS),
        # The game-turn track (L33): each turn's year.
        "years": [t.year for t in c.track],
        # L1476-1481: the ETI at which the Great War breaks out.
        "great_war_eti": int(c.game["great_war_eti"]),
        "canal_areas": list(c.regions.get("canal_areas", ())),
        # L920-925: three dice at or below the CRI's tens bring a Chinese Rebellion.
        "rebellion_dice": int(c.game["rebellion_dice"]),
    }
