"""Where the web board's map of Europe draws each space: OUR OWN schematic, drawn by us for this
project. The placement is geographic only roughly (France in the west, Russia in the east, the
Balkans in the south-east, North Africa along the bottom); spaces that are not places (a church,
a school of painters, an army) sit inside their region near its capital. Nothing here is the
publisher's map art or its coordinates, and nothing here is a rule: the regions, adjacencies,
stabilities and battlegrounds come from the content (``data/map.toml``).

Coordinates are the centres of the spaces on a canvas of :data:`WIDTH` by :data:`HEIGHT` units; a
space is drawn as a :data:`NODE_W` by :data:`NODE_H` plate, so any two centres are at least a plate
apart (tests/web/test_eit_layout.py checks it)."""

from __future__ import annotations

WIDTH = 1080
HEIGHT = 800
NODE_W = 76
"""A space's plate: wide enough for a short name, and at least 40 px tall on a phone's map."""
NODE_H = 44

# Drawn by us: approximate geography, columns and rows of about one plate and a gap.
SPACES: dict[str, tuple[int, int]] = {
    # France (2.1.1), the west; Paris in the middle of its spaces (it touches all of them).
    "normandy-brittany": (70, 360),
    "picardy": (160, 330),
    "beau-monde": (250, 360),
    "french-writers": (340, 390),
    "bordeaux": (70, 420),
    "paris": (160, 420),
    "fauvism": (250, 420),
    "dijon": (340, 450),
    "french-catholic-church": (70, 480),
    "french-armed-forces": (160, 510),
    "colonials": (250, 510),
    "nice": (340, 530),
    # Germany, north-central.
    "kiel": (440, 200),
    "berlin": (530, 210),
    "east-prussia": (620, 190),
    "imperial-army": (440, 260),
    "wilhelm-ii": (530, 270),
    "silesia": (620, 260),
    "alsace-lorraine": (440, 330),
    "saxony": (530, 330),
    "jugendstil": (620, 330),
    "bavaria": (530, 390),
    # Austria-Hungary, south of Germany.
    "bohemia": (620, 420),
    "moravia": (710, 410),
    "galicia": (800, 400),
    "viennese-secession": (620, 480),
    "vienna": (710, 470),
    "dual-monarchy": (800, 460),
    "alto-adige": (530, 460),
    "trieste": (560, 540),
    "croatia": (650, 550),
    "budapest": (740, 530),
    "transylvania": (830, 520),
    # Russia, the east.
    "saint-petersburg": (800, 110),
    "symbolism": (890, 80),
    "russian-bourgeoisie": (980, 120),
    "nicolas-ii": (800, 170),
    "moscow": (890, 180),
    "siberia": (1010, 200),
    "poland": (710, 230),
    "tsarist-army": (800, 250),
    "orthodox-church": (900, 290),
    "crimea": (960, 380),
    # The Balkans, the south-east.
    "bosnia": (640, 620),
    "serbia": (730, 610),
    "romania": (880, 590),
    "bulgaria": (820, 650),
    "macedonia": (740, 680),
    "greece": (700, 740),
    # Independent spaces, each its own country.
    "spain-portugal": (90, 600),
    "switzerland": (430, 420),
    "italy": (440, 590),
    "belgium": (300, 280),
    "netherlands": (340, 220),
    "denmark": (460, 130),
    "norway": (420, 60),
    "sweden": (560, 80),
    "constantinople": (880, 730),
    "morocco": (70, 700),
    "algeria": (180, 720),
    "tunisia": (290, 700),
    "libya": (430, 740),
}

BOXES: dict[str, tuple[int, int]] = {
    # The three boxes (2.1.3): Great Britain, Egypt and the Ottoman Empire; ours, placed roughly.
    "uk": (170, 200),
    "egypt": (580, 760),
    "ottoman-empire": (1005, 730),
}

LABELS: dict[str, tuple[int, int]] = {
    # Where each region's name (and scoring values) is written: above its spaces.
    "france": (200, 300),
    "germany": (540, 165),
    "austria-hungary": (740, 370),
    "russia": (930, 40),
    "balkans": (800, 570),
}

LAND: tuple[tuple[int, int], ...] = (
    # A rough outline of the land behind the spaces (ours, by eye: not a coastline).
    (20, 300),
    (120, 280),
    (250, 240),
    (330, 170),
    (400, 30),
    (560, 20),
    (700, 50),
    (1070, 20),
    (1070, 460),
    (1000, 600),
    (940, 700),
    (840, 620),
    (780, 720),
    (700, 790),
    (660, 700),
    (560, 600),
    (500, 660),
    (420, 640),
    (390, 560),
    (300, 580),
    (150, 560),
    (40, 640),
    (20, 560),
)

AFRICA: tuple[tuple[int, int], ...] = (
    # The coast of North Africa along the bottom of the canvas (ours, by eye).
    (20, 680),
    (160, 670),
    (320, 660),
    (480, 700),
    (620, 720),
    (640, 800),
    (20, 800),
)


def positions() -> dict[str, tuple[int, int]]:
    """Every space and box -> its centre on our map."""
    return {**SPACES, **BOXES}
