"""Europe in Turmoil's web board data (ui/web.py, ui/layout.py): every space and box of the content is
placed on our map, inside the canvas, no two plates overlapping; the printed values and links are
the content's; every Strategy and Stability card has a text; and nothing of a game's state is in it."""

from __future__ import annotations

import itertools
import json

import pytest

from realpolitik.games.europe_in_turmoil import PLUGIN
from realpolitik.games.europe_in_turmoil.content import load_content
from realpolitik.games.europe_in_turmoil.ui import layout
from realpolitik.games.europe_in_turmoil.ui.web import board


def test_the_plugin_serves_the_board_module() -> None:
    web = PLUGIN.web
    assert web is not None
    assert (web.static_dir / web.module).is_file()
    assert {"map.js", "board.css"} <= {p.name for p in web.static_dir.iterdir()}
    data = web.board({})
    assert data["renderer"] == "europe-in-turmoil"
    assert web.board({"scenario": "edwardian"}) == data  # the printed game does not change
    json.dumps(data)  # plain JSON for the page


def test_every_space_and_box_is_placed_inside_the_canvas_and_apart() -> None:
    content = load_content()
    data = board(content)
    places = {**data["spaces"], **data["boxes"]}
    assert set(data["spaces"]) == set(content.space_ids)
    assert set(data["boxes"]) == set(content.boxes)
    w, h = layout.NODE_W, layout.NODE_H
    for pid, place in places.items():
        x, y = place["at"]
        assert w / 2 <= x <= layout.WIDTH - w / 2 and h / 2 <= y <= layout.HEIGHT - h / 2, pid
    for (a, p), (b, q) in itertools.combinations(places.items(), 2):
        apart = abs(p["at"][0] - q["at"][0]) >= w or abs(p["at"][1] - q["at"][1]) >= h
        assert apart, f"{a} and {b} overlap on the map"


def test_printed_values_links_and_texts_come_from_the_content() -> None:
    content = load_content()
    data = board(content)
    for sid, space in content.spaces.items():
        shown = data["spaces"][sid]
        assert (shown["name"], shown["region"], shown["stability"], shown["battleground"]) == (
            space.name,
            space.region,
            space.stability,
            space.battleground,
        )
        assert shown["adjacent"] == list(content.adjacent.get(sid, ()))
    assert len(data["cards"]) == len(content.cards)
    assert all(card["text"] and card["name"] for card in data["cards"].values())
    assert len(data["stability"]) == 20
    assert all(s["text"].endswith(".") and s["side"] in ("A", "L") for s in data["stability"].values())
    assert [b["id"] for b in data["naval"]] == [b.id for b in content.naval]
    assert data["vp_victory"] == 20 and data["tension_max"] == 6
    for region in ("france", "germany", "austria-hungary", "russia", "balkans"):
        assert data["regions"][region]["scoring"]["control"] == content.scoring[region].control


def test_a_space_missing_from_our_map_is_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delitem(layout.SPACES, "paris")
    with pytest.raises(ValueError, match="no place for paris"):
        board(load_content())
