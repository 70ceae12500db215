"""Pax Britannica's web board data (ui/web.py, ui/layout.py): every place of the content is on our
map, inside the canvas, and far enough from every other to be its own finger-sized target; the
board is built from the options alone (the same for every call)."""

from __future__ import annotations

import math

from realpolitik.games.pax_britannica import PLUGIN
from realpolitik.games.pax_britannica.content import load_content


def test_every_area_home_and_sea_is_placed_apart_inside_the_canvas() -> None:
    assert PLUGIN.web is not None
    board = PLUGIN.web.board({"players": 4})
    content = load_content()
    assert set(board["areas"]) == set(content.areas) and len(board["areas"]) == 104
    assert set(board["seas"]) == set(content.seas) and len(board["seas"]) == 14
    assert set(board["homes"]) == set(content.homes)
    width, height = board["map"]["width"], board["map"]["height"]
    land = [tuple(a["at"]) for a in board["areas"].values()]
    land += [tuple(h["at"]) for h in board["homes"].values()]
    for x, y in land + [tuple(s["at"]) for s in board["seas"].values()]:
        assert 0 < x < width and 0 < y < height
    closest = min(math.dist(p, q) for i, p in enumerate(land) for q in land[i + 1 :])
    # map.js draws each place's target 46 units wide (46 px on a phone): targets never overlap.
    assert closest >= 46, closest
    # The routes the map draws are the content's.
    assert board["areas"]["egypt"]["land"] == list(content.areas["egypt"].land)
    assert board["seas"]["mediterranean"]["neighbours"] == list(content.seas["mediterranean"].neighbours)
    assert PLUGIN.web.board({"players": 4}) == board
