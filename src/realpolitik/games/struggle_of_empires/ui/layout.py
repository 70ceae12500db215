"""Where OUR map of Europe and the colonial world draws each region (a schematic drawn by us for
realpolitik, not the publisher's board): presentation only, never read by the rules.

Coordinates are in the SVG's own units (``WIDTH`` x ``HEIGHT``): each region's plate centre. The
continents behind the plates are rough outlines we drew so the eye finds the Americas on the left,
Europe in the middle, Africa below it and Asia on the right; they carry no rule."""

from __future__ import annotations

WIDTH = 1200
HEIGHT = 800

SCORING_PLATE = (200, 118)
"""A scoring region's plate (width, height): room for its name, VP values, tokens, units, markers."""
HOME_PLATE = (156, 86)
"""A home country's plate: its name, the empire's colour and the units at home."""

AT: dict[str, tuple[int, int]] = {
    # the Americas (left)
    "north-america": (135, 130),
    "caribbean": (175, 330),
    "south-america": (215, 560),
    # north-west Europe
    "great-britain": (420, 95),
    "united-provinces": (585, 95),
    "baltic": (770, 90),
    "russia": (1060, 120),
    # central Europe
    "france": (445, 245),
    "german-states": (640, 240),
    "prussia": (860, 225),
    "spain": (405, 395),
    "central-europe": (740, 385),
    "austria": (960, 355),
    # the south
    "mediterranean": (590, 520),
    "ottoman-empire": (875, 520),
    "africa": (520, 700),
    "india": (1090, 595),
    "east-indies": (1090, 728),
}

LAND: tuple[str, ...] = (
    # rough outlines, ours: North and South America, Europe, Africa, Asia
    "M30,40 L300,30 L310,220 L250,260 L150,270 L60,220 Z",
    "M120,420 L320,410 L330,520 L270,700 L190,760 L130,640 Z",
    "M330,20 L1180,20 L1180,460 L990,440 L800,470 L640,440 L470,470 L320,460 Z",
    "M380,600 L720,580 L720,760 L620,790 L440,790 L370,700 Z",
    "M960,500 L1190,500 L1190,790 L960,790 Z",
)
