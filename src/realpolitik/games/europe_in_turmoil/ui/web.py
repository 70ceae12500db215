"""Europe in Turmoil's public board for the browser: the map's spaces (region, stability,
socio-political icons, battleground, adjacency) with where OUR schematic map draws them
(:mod:`.layout`), the regions' scoring values, the tracks' printed ranges, the Naval Arms Race chart,
and every Strategy and Stability card's text in our own words (all printed on the physical game, so
public). The module in ``static/`` draws the seat's view with it; nothing here reads a state."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ....engine import JSON, BoardFiles
from ..content import Content, load_content
from ..content.model import REGIONS
from ..rules.view import describe_step, marker_name, printed_card, region_name
from . import layout

STATIC_DIR = Path(__file__).resolve().parent / "static"

SIDES: dict[str, JSON] = {
    # Ours: the two ideologies' colours, dark enough for white figures on them.
    "A": {"name": "Authoritarian", "colour": "#8e2b1f"},
    "L": {"name": "Liberal", "colour": "#1f5fbf"},
}

REGION_COLOURS = {
    # Ours: a pale tint per scoring region (2.1.1); independents share a neutral one.
    "france": "#d9c9ef",
    "germany": "#d6d3c8",
    "austria-hungary": "#f2dfb6",
    "russia": "#cfe3cf",
    "balkans": "#f4cfc4",
    "independent": "#ece6d6",
}

ERAS = {"victorian": "Victorian Era", "edwardian": "Edwardian Era", "georgian": "Georgian Era"}


def board_for(options: Mapping[str, JSON]) -> dict[str, JSON]:
    """The board data: the content does not depend on the options (the scenario changes the
    setup, not the printed game)."""
    return board(load_content())


WEB = BoardFiles(STATIC_DIR, board_for)
"""Europe in Turmoil's :class:`~realpolitik.engine.plugin.WebUI`."""


def stability_text(steps: tuple[Mapping[str, Any], ...], content: Content) -> str:
    """A Stability card's text (the view's wording of the effect primitives); a count that
    depends on the spaces controlled is put in words."""
    parts = []
    for step in steps:
        n = step.get("n")
        if isinstance(n, Mapping):
            per = "/".join(str(i) for i in n.get("per_control", ()))
            words = describe_step({**step, "n": 0}, content).replace(
                " 0 SP", f" 1 SP for each {per} space you control,", 1
            )
        else:
            words = describe_step(step, content)
        parts.append(words)
    text = "; ".join(parts) or "no effect"
    return text[0].upper() + text[1:] + "."


def board(content: Content) -> dict[str, JSON]:
    c = content
    at = layout.positions()
    missing = [s for s in (*c.space_ids, *c.boxes) if s not in at]
    if missing:  # a space added to the data must be placed on our map too
        raise ValueError(f"the web map has no place for {', '.join(missing)} (ui/layout.py)")
    regions = [*REGIONS, "independent"]
    return {
        "renderer": "europe-in-turmoil",
        "map": {
            "width": layout.WIDTH,
            "height": layout.HEIGHT,
            "node": [layout.NODE_W, layout.NODE_H],
            "land": [list(p) for p in layout.LAND],
            "africa": [list(p) for p in layout.AFRICA],
            "drawn_by": "realpolitik (our own schematic, not the publisher's map)",
        },
        "sides": SIDES,
        # 2.1.1 and 10.1: the five scoring regions with their Presence/Domination/Control VP.
        "regions": {
            r: {
                "name": region_name(r),
                "colour": REGION_COLOURS[r],
                "label": list(layout.LABELS[r]) if r in layout.LABELS else None,
                "scoring": (
                    {
                        "presence": c.scoring[r].presence,
                        "domination": c.scoring[r].domination,
                        "control": c.scoring[r].control,
                    }
                    if r in c.scoring
                    else None
                ),
            }
            for r in regions
        },
        # 2.1: every space with its printed values and links.
        "spaces": {
            sid: {
                "name": s.name,
                "region": s.region,
                "stability": s.stability,
                "icons": list(s.icons),
                "battleground": s.battleground,
                "adjacent": list(c.adjacent.get(sid, ())),
                "at": list(at[sid]),
            }
            for sid, s in c.spaces.items()
        },
        # 2.1.3 and 6.2.4: the boxes, each counting as controlled by one side.
        "boxes": {
            bid: {
                "name": {"uk": "Great Britain", "egypt": "Egypt", "ottoman-empire": "Ottoman Empire"}.get(
                    bid, region_name(bid)
                ),
                "side": side,
                "adjacent": list(c.adjacent.get(bid, ())),
                "at": list(at[bid]),
            }
            for bid, side in c.boxes.items()
        },
        "turns": c.turns,
        "eras": {era: {"name": ERAS.get(era, era), "from": turn} for era, turn in c.era_turns.items()},
        # 10.4.1: 20 VP wins at once; 8.1.2: Tension never above 6.
        "vp_victory": c.vp_victory,
        "tension_max": c.tension_max,
        "crisis_threshold": c.crisis_threshold,
        # 8.2: the Great War Status track's positions and the markers that go on it.
        "gw_track": list(c.gw_track),
        "markers": {
            mid: {"name": marker_name(mid, c), "kind": m.kind, "war": {"A": m.war_a, "L": m.war_l}}
            for mid, m in c.markers.items()
        },
        # 6.3: the Deluxe Naval Arms Race chart, box by box.
        "naval": [
            {
                "id": b.id,
                "name": b.name,
                "needed": b.needed,
                "ability": b.ability,
                "vp": [b.vp_first, b.vp_second],
            }
            for b in c.naval
        ],
        # Every Strategy card, its text in our words (2.2; docs/europe-in-turmoil.md).
        "cards": {cid: printed_card(c, cid) for cid in c.cards},
        # 9.0: the two Stability decks, open information.
        "stability": {
            sid: {"name": s.name, "side": s.side, "text": stability_text(s.effect, c)}
            for sid, s in c.stability.items()
        },
    }
