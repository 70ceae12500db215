"""Where the web board draws each place of Pax Britannica's world: OUR OWN schematic, not the
publisher's map (whose art is not used and not copied). Presentation only: no rule reads it.

Each Area, Home Country and Sea Zone gets a rough longitude and latitude of the region it names
(ours, from a world atlas's general knowledge); :func:`positions` projects them onto a plain
equirectangular canvas and then pushes crowded places apart (the Balkans, Western Europe, the
Caribbean, West Africa) so that every place is a finger-sized target, while staying roughly where it
lies. The drawing is deterministic: the same content always gives the same map.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Mapping

WIDTH = 1600
"""The canvas's width in SVG units (the height follows from the latitudes drawn)."""
NODE_GAP = 60.0
"""The least distance between two places' centres after spreading (a place is a 46-unit target)."""
SEA_GAP = 42.0
"""Sea Zones are labels over the water: they only keep this far from land places (above or below;
twice as far beside them)."""

# Longitude east of Greenwich, latitude north; ours (rationale: where the region lies on a world map).
AREAS: dict[str, tuple[float, float]] = {
    # the Balkans, the Ottoman lands, the Near and Middle East
    "serbia": (20.5, 44.0),
    "rumania": (26.0, 45.8),
    "bulgaria": (25.5, 42.7),
    "greece": (22.0, 39.5),
    "anatolia": (33.0, 39.0),
    "mesopotamia": (44.0, 33.0),
    "quwait": (47.8, 29.3),
    "arabia": (45.0, 24.0),
    "aden": (46.0, 14.5),
    "oman": (56.5, 21.0),
    "persia": (54.0, 32.5),
    "afghanistan": (66.0, 34.5),
    "baluchistan": (64.0, 27.5),
    "turkestan": (63.0, 41.5),
    # North Africa
    "marocco": (-6.5, 32.0),
    "algiers": (3.0, 33.0),
    "tunis": (9.5, 35.0),
    "tripoli": (17.0, 29.0),
    "egypt": (30.0, 27.0),
    # East Africa
    "soudan": (30.0, 15.0),
    "eritrea": (39.0, 16.0),
    "abyssinia": (39.0, 9.0),
    "berbera": (46.0, 10.0),
    "somalia": (46.0, 3.0),
    "kenya": (37.5, 0.5),
    "uganda": (32.0, 1.5),
    "zanzibar": (41.5, -5.5),
    "tanganyika": (34.5, -6.5),
    "mozambique": (38.0, -16.0),
    "nyasaland": (33.5, -13.0),
    "madagascar": (47.0, -19.5),
    # Southern Africa
    "rhodesia": (29.0, -18.0),
    "transvaal": (29.5, -25.0),
    "orange-free-state": (26.0, -29.0),
    "natal": (31.5, -29.5),
    "cape-colony": (21.0, -32.5),
    "bechuanaland": (23.5, -22.5),
    "sudwest-afrika": (17.0, -22.5),
    # Central and West Africa
    "angola": (17.0, -12.5),
    "kongo": (23.0, -3.0),
    "gabon": (11.5, -1.0),
    "kamerun": (12.5, 5.5),
    "chad": (19.0, 14.0),
    "nigeria": (8.0, 9.5),
    "dahomey": (2.3, 9.0),
    "ashantee": (-1.5, 7.5),
    "liberia": (-9.5, 6.5),
    "sierra-leone": (-12.0, 9.0),
    "senegambia": (-15.5, 14.0),
    "mauretania": (-10.5, 20.0),
    "rio-de-oro": (-14.0, 25.0),
    "taureg": (4.0, 23.0),
    "upper-niger": (-3.0, 15.0),
    # South and South-East Asia
    "india": (78.0, 21.0),
    "ceylon": (80.8, 7.5),
    "nepal": (84.0, 28.5),
    "burma": (96.0, 21.0),
    "tibet": (88.0, 32.0),
    "siam": (101.0, 15.0),
    "indo-china": (106.5, 14.0),
    "malaya": (102.0, 4.0),
    "dutch-east-indies": (110.0, -7.0),
    "borneo": (114.5, 1.0),
    "philippines": (122.0, 12.0),
    "new-guinea": (142.0, -5.5),
    # China and North-East Asia
    "south-china": (110.0, 24.0),
    "hong-kong": (114.2, 20.5),
    "formosa": (121.0, 23.5),
    "yangtze": (113.0, 30.5),
    "north-china": (116.5, 37.0),
    "sinkiang": (84.0, 41.5),
    "mongolia": (104.0, 46.5),
    "manchuria": (126.0, 45.0),
    "korea": (127.5, 37.5),
    # Oceania and the Pacific
    "australia": (134.0, -25.0),
    "new-zealand": (173.0, -41.0),
    "fiji": (178.0, -17.8),
    "samoa": (188.0, -13.8),  # -172: drawn east of the date line, beside Fiji
    "solomon-islands": (160.0, -9.0),
    "caroline-islands": (150.0, 7.0),
    "tahiti": (-149.5, -17.5),
    "hawaii": (-157.0, 20.5),
    # North America
    "alaska": (-150.0, 63.0),
    "canada": (-100.0, 56.0),
    "newfoundland": (-57.0, 49.0),
    "mexico": (-103.0, 23.5),
    "central-america": (-88.0, 14.5),
    "panama": (-80.0, 8.5),
    # the Caribbean
    "cuba": (-79.0, 21.8),
    "porto-rico": (-66.5, 18.2),
    "haiti": (-72.5, 19.0),
    "west-indies": (-61.5, 14.5),
    # South America
    "colombia": (-74.0, 4.5),
    "venezuela": (-66.0, 7.5),
    "guiana": (-57.0, 4.5),
    "brazil": (-50.0, -10.0),
    "ecuador": (-78.5, -1.5),
    "peru": (-75.5, -10.0),
    "bolivia": (-65.0, -17.0),
    "paraguay": (-58.0, -23.5),
    "chile": (-71.0, -30.0),
    "argentina": (-64.0, -33.0),
    "uruguay": (-55.5, -33.0),
    "patagonia": (-68.0, -45.0),
}

HOMES: dict[str, tuple[float, float]] = {
    "GB": (-3.0, 54.0),
    "FR": (2.5, 46.5),
    "DE": (10.5, 51.5),
    "AH": (17.0, 47.5),
    "US": (-95.0, 39.0),
    "JP": (138.5, 36.5),
    "RU": (45.0, 56.0),
    "IT": (12.5, 42.5),
    "NL": (5.5, 53.5),
    "BE": (4.5, 50.5),
    "ES": (-4.0, 40.0),
    "PT": (-8.5, 39.5),
}

SEAS: dict[str, tuple[float, float]] = {
    "north-atlantic": (-38.0, 40.0),
    "south-atlantic": (-18.0, -22.0),
    "caribbean": (-76.0, 13.5),
    "mediterranean": (10.0, 38.0),
    "black-sea": (36.0, 47.5),
    "baltic-sea": (20.0, 58.0),
    "indian-ocean": (72.0, -12.0),
    "south-china-sea": (117.0, 15.0),
    "north-china-sea": (128.0, 31.0),
    "north-pacific": (-175.0, 32.0),
    "south-pacific": (-110.0, -28.0),
    "oceania": (160.0, -26.0),
    "cape-of-good-hope": (22.0, -42.0),
    "cape-horn": (-66.0, -57.0),
}

# The projection: piecewise linear in longitude and latitude (ours), giving crowded Europe, Africa
# and Asia more room than the open Pacific, and the latitudes of the colonial world more than the poles.
LON_KNOTS = ((-162.0, 0.0), (-125.0, 0.06), (-35.0, 0.33), (60.0, 0.69), (150.0, 0.945), (195.0, 1.0))
LAT_KNOTS = ((70.0, 0.0), (30.0, 0.36), (-10.0, 0.70), (-60.0, 1.0))
HEIGHT_RATIO = 0.66
MARGIN = 34.0


def _interpolate(value: float, knots: tuple[tuple[float, float], ...]) -> float:
    ascending = knots[0][0] < knots[-1][0]
    pairs = knots if ascending else tuple(reversed(knots))
    if value <= pairs[0][0]:
        return pairs[0][1]
    for (a, fa), (b, fb) in itertools.pairwise(pairs):
        if value <= b:
            return fa + (fb - fa) * (value - a) / (b - a)
    return pairs[-1][1]


def _project(lon: float, lat: float) -> tuple[float, float]:
    inner_w = WIDTH - 2 * MARGIN
    inner_h = WIDTH * HEIGHT_RATIO - 2 * MARGIN
    return MARGIN + _interpolate(lon, LON_KNOTS) * inner_w, MARGIN + _interpolate(lat, LAT_KNOTS) * inner_h


def height() -> float:
    return WIDTH * HEIGHT_RATIO


def _spread(
    points: dict[str, list[float]],
    anchors: Mapping[str, tuple[float, float]],
    gap: float,
    fixed: Iterable[str],
) -> None:
    """Push apart every pair closer than ``gap`` (a fixed point does not move), with a weak pull
    back to where each place lies; a few hundred rounds settle the crowded regions."""
    frozen = set(fixed)
    keys = sorted(points)
    for _round in range(400):
        moved = False
        for i, a in enumerate(keys):
            pa = points[a]
            for b in keys[i + 1 :]:
                pb = points[b]
                dx, dy = pb[0] - pa[0], pb[1] - pa[1]
                dist = math.hypot(dx, dy)
                if dist >= gap:
                    continue
                if dist < 1e-6:
                    dx, dy, dist = 1.0, 0.0, 1.0
                push = (gap - dist) / 2 + 0.01
                ux, uy = dx / dist * push, dy / dist * push
                if a not in frozen:
                    pa[0] -= ux
                    pa[1] -= uy
                if b not in frozen:
                    pb[0] += ux
                    pb[1] += uy
                moved = True
        for key in keys:
            if key in frozen:
                continue
            ax, ay = anchors[key]
            points[key][0] += (ax - points[key][0]) * 0.02
            points[key][1] += (ay - points[key][1]) * 0.02
        if not moved:
            break
    low, high = MARGIN, height() - MARGIN
    for key in keys:
        if key in frozen:
            continue
        points[key][0] = min(max(points[key][0], MARGIN), WIDTH - MARGIN)
        points[key][1] = min(max(points[key][1], low), high)


def positions(
    areas: Iterable[str], homes: Iterable[str], seas: Iterable[str], names: Mapping[str, str] | None = None
) -> dict[str, tuple[int, int]]:
    """Every place's centre on the canvas: areas by id, homes as ``home:XX``, seas as ``sea:ID``
    (its label's, placed where it covers no other place: ``names`` gives the labels' lengths).

    A place the content has and this layout does not know is an error (the map must show it)."""
    anchors: dict[str, tuple[float, float]] = {}
    for area in areas:
        if area not in AREAS:
            raise KeyError(f"the web board's layout has no place for the Area {area!r}")
        anchors[area] = _project(*AREAS[area])
    for home in homes:
        if home not in HOMES:
            raise KeyError(f"the web board's layout has no place for the Home Country {home!r}")
        anchors[f"home:{home}"] = _project(*HOMES[home])
    names = names or {}
    land = {k: [x, y] for k, (x, y) in anchors.items()}
    _spread(land, anchors, NODE_GAP, ())
    sea_anchors: dict[str, tuple[float, float]] = {}
    for sea in seas:
        if sea not in SEAS:
            raise KeyError(f"the web board's layout has no place for the Sea Zone {sea!r}")
        sea_anchors[f"sea:{sea}"] = _project(*SEAS[sea])
    placed = {k: (round(x), round(y)) for k, (x, y) in land.items()}
    taken = [_land_box(x, y) for x, y in placed.values()]
    for key in sorted(sea_anchors):
        x, y = _label_spot(sea_anchors[key], _sea_size(names.get(key, key)), taken)
        placed[key] = (x, y)
        taken.append(_sea_box(x, y, _sea_size(names.get(key, key))))
    return placed


Box = tuple[float, float, float, float]


def _land_box(x: float, y: float) -> Box:
    """What a place covers: its disc or tag, its name above, its markers and units below."""
    return (x - 30, y - 34, x + 30, y + 44)


def _sea_size(name: str) -> tuple[float, float]:
    return (len(name) * 6.2 + 14, 40.0)


def _sea_box(x: float, y: float, size: tuple[float, float]) -> Box:
    w, h = size
    return (x - w / 2, y - 12, x + w / 2, y - 12 + h)


def _overlap(a: Box, b: Box) -> float:
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0.0


def _label_spot(anchor: tuple[float, float], size: tuple[float, float], taken: list[Box]) -> tuple[int, int]:
    """The free spot nearest to where a Sea Zone lies for its label (the least covered one if
    none is free within reach), inside the canvas."""
    best: tuple[float, float, int, int] | None = None
    w, h = size
    for dx in range(-240, 241, 8):
        for dy in range(-160, 161, 8):
            x, y = anchor[0] + dx, anchor[1] + dy
            if x - w / 2 < 4 or x + w / 2 > WIDTH - 4 or y - 12 < 4 or y + h > height() - 4:
                continue
            box = _sea_box(x, y, size)
            cover = sum(_overlap(box, t) for t in taken)
            score = (cover, math.hypot(dx, dy))
            if best is None or score < best[:2]:
                best = (cover, math.hypot(dx, dy), round(x), round(y))
    if best is None:
        return round(anchor[0]), round(anchor[1])
    return best[2], best[3]
