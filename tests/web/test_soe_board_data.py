"""Struggle of Empires' web board data (ui/web.py, ui/layout.py) and its words: every region of the
content is on our map, inside the canvas, no plate over another; every tile text, verb and decision
comes in English and French; the board's own words and the platform's interface strings
(web/static/i18n.js) have a French entry for every English key."""

from __future__ import annotations

import re
from pathlib import Path

from realpolitik.games.struggle_of_empires import PLUGIN
from realpolitik.games.struggle_of_empires.content import load_content
from realpolitik.games.struggle_of_empires.rules.actions import VERBS
from realpolitik.games.struggle_of_empires.ui import layout
from realpolitik.games.struggle_of_empires.ui.web import STATIC_DIR, board

I18N = Path(__file__).resolve().parents[2] / "src/realpolitik/web/static/i18n.js"


def _plates() -> dict[str, tuple[float, float, float, float]]:
    data = board(load_content(), 4)
    regions = data["regions"]
    assert isinstance(regions, dict)
    out = {}
    for rid, r in regions.items():
        assert isinstance(r, dict)
        (x, y), (w, h) = r["at"], r["size"]
        out[rid] = (x - w / 2, y - h / 2, x + w / 2, y + h / 2)
    return out


def test_every_region_has_a_plate_inside_the_canvas_and_apart_from_the_others() -> None:
    content = load_content()
    plates = _plates()
    assert set(plates) == set(content.region_ids) == set(layout.AT)
    for rid, (left, top, right, bottom) in plates.items():
        assert left >= 0 and top >= 0 and right <= layout.WIDTH and bottom <= layout.HEIGHT, rid
    ids = sorted(plates)
    for i, a in enumerate(ids):
        for b in ids[i + 1 :]:
            p, q = plates[a], plates[b]
            apart = p[2] <= q[0] or q[2] <= p[0] or p[3] <= q[1] or q[3] <= p[1]
            assert apart, f"{a} overlaps {b}"


def test_the_board_speaks_english_and_french() -> None:
    data = PLUGIN.web.board({"players": 5}) if PLUGIN.web else {}
    assert data["rounds"] == 5  # L135: five rounds from five players
    tiles = data["tiles"]
    assert isinstance(tiles, dict) and len(tiles) == 38
    for tid, tile in tiles.items():
        assert isinstance(tile, dict)
        for field in ("name", "text"):
            texts = tile[field]
            assert isinstance(texts, dict) and texts["en"] and texts["fr"], (tid, field)
    verbs = data["verbs"]
    assert isinstance(verbs, dict) and set(verbs) == set(VERBS)
    for verb, texts in verbs.items():
        assert isinstance(texts, dict) and texts["en"] and texts["fr"], verb
    assert "fr" in PLUGIN.languages


def _keys(text: str, lang: str) -> set[str]:
    body = text.split(f"\n  {lang}: {{", 1)[1].split("\n  },", 1)[0]
    return set(re.findall(r"(\w+): \"", body))


def test_every_english_word_has_a_french_one() -> None:
    words = (STATIC_DIR / "words.js").read_text(encoding="utf-8")
    assert _keys(words, "en") == _keys(words, "fr")
    strings = I18N.read_text(encoding="utf-8")
    english = _keys(strings, "en")
    assert len(english) > 100
    assert english <= _keys(strings, "fr")
    assert english == _keys(strings, "it")  # Italian as it was
