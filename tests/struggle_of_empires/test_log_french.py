"""Struggle of Empires' log in French (issue 17): every sentence of ``rules/log_lines.py`` has a
French form with the same values, every line of whole seeded games reads back to its sentence, and
written in French none keeps an English sentence or word; the web page's ``static/log.js`` writes
the same lines as the terminal's ``ui/log_text.py``; the French terminal shows its log in French."""

from __future__ import annotations

import json
import random
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from realpolitik.cli.render_base import log_line
from realpolitik.engine import Match, plugin
from realpolitik.games.struggle_of_empires.rules.log_lines import KINDS, LINES, WORDS, english
from realpolitik.games.struggle_of_empires.rules.setup import content_for
from realpolitik.games.struggle_of_empires.ui import log_text
from realpolitik.games.struggle_of_empires.ui.log_text import read, translate
from realpolitik.games.struggle_of_empires.ui.web import STATIC_DIR, board_for

SOE = plugin("struggle-of-empires")
GAME = SOE.game
PLACEHOLDER = re.compile(r"\{(\w+)\}")

# Words of the English sentences that are not French (a French line holding one is untranslated;
# "empire", "naval", "raid", "combat" and "pays" are words of both).
ENGLISH = re.compile(
    r"\b(the|with|and|for|in|on|of|its|gold|unrest|upkeep|passes|bids|wins|share|attacks|loses|"
    r"moves|builds|rolls|buys|uses|plays|offers|supports|declines|against|dice|grey|white|"
    r"turn|order|round|war|trades|takes|through|retakes|replaces|conquers|places|draws|borrows|"
    r"discards|blockades|colonizes|enslaves|arrives|arrive|back|lost|ships|armies|army|ship|"
    r"falls|natural|land|neutral|token|tokens|markers|drawn|first|each|has)\b"
)

# Sample values by kind, for the sentences no seeded game happens to write.
SAMPLES: dict[str, str] = {
    "empire": "FR",
    "region": "north-america",
    "tile": "army-training",
    "target": "n2g3",
    "number": "3",
    "word": "[3, 4]",
    "list": "GB 12, FR 9",
}

# Whole games, seeded, random players: the player counts and the options that write other lines
# (valued unrest markers' private lines, gold paid up front, units lost at sea giving unrest).
GAMES: list[tuple[dict[str, Any], int]] = [
    ({"players": 2}, 1),
    ({"players": 4}, 2),
    ({"players": 7}, 3),
    ({"players": 3, "unrest_markers": "valued", "support_gold": "upfront"}, 4),
    ({"players": 5, "sea_loss_unrest": True}, 5),
]


def _sample(name: str) -> str:
    kind = KINDS[name]
    return next(iter(WORDS[kind]["en"])) if kind in WORDS else SAMPLES[kind]


def _played(options: dict[str, Any], seed: int) -> Match:
    match = Match(GAME, options, seed=seed)
    rng = random.Random(seed)
    while not match.is_over():
        seat = match.to_act()[0]
        match.play(seat, rng.choice(list(match.legal_actions(seat))))
    return match


@pytest.fixture(scope="module")
def games() -> list[Match]:
    return [_played(options, seed) for options, seed in GAMES]


def test_every_sentence_has_a_french_form_with_the_same_values() -> None:
    for key, (en, fr) in LINES.items():
        assert fr.strip() and fr != en, key
        assert sorted(PLACEHOLDER.findall(en)) == sorted(PLACEHOLDER.findall(fr)), key
        for name in PLACEHOLDER.findall(en):
            assert name in KINDS, (key, name)
    for kind, words in WORDS.items():
        assert set(words["en"]) == set(words["fr"]), kind


def test_every_sentence_reads_back_to_itself_and_to_no_other() -> None:
    for key, (en, _fr) in LINES.items():
        values = {name: _sample(name) for name in PLACEHOLDER.findall(en)}
        text = english(key, dict(values))
        assert read(text) == (key, values), key
        others = [
            other
            for other, (template, _) in LINES.items()
            if other != key and re.match(log_text.pattern(template)[0], text)
        ]
        assert others == [], (key, others)
        french = translate(content_for({}), text, "fr")
        assert not ENGLISH.search(french), (key, french)


def test_a_line_no_sentence_knows_is_shown_as_written() -> None:
    assert read("GB sings a song") is None
    assert translate(content_for({}), "GB sings a song", "fr") == "GB sings a song"


def test_every_line_of_seeded_games_is_written_in_french(games: list[Match]) -> None:
    written: set[str] = set()
    for match in games:
        content = match.state.content
        for entry in match.log:
            found = read(entry.text)
            assert found is not None, entry.text
            written.add(found[0])
            french = translate(content, entry.text, "fr")
            assert not ENGLISH.search(french), (entry.text, french)
            assert not any(re.match(log_text.pattern(en)[0], french) for en, _ in LINES.values()), french
    # The games write most sentences; the others are read back by the test above.
    assert len(written) >= len(LINES) * 2 // 3, sorted(set(LINES) - written)
    lines = [translate(games[1].state.content, e.text, "fr") for e in games[1].log]
    assert "Mise en place" in lines and "Enchère des alliances" in lines
    assert any(
        line.endswith("joue en premier ; chaque empire reçoit 10 ors, 5 de Population et 5 jetons")
        for line in lines
    )


def test_names_are_the_contents_in_both_languages() -> None:
    content = content_for({})
    text = english("buy", {"seat": "GB", "tile": "army-training"})
    assert text == "GB buys army-training"
    assert translate(content, text, "en") == f"GB buys {content.tiles['army-training'].name_en}"
    assert translate(content, text, "fr") == f"GB achète {content.tiles['army-training'].name_fr}"
    moved = english(
        "move", {"seat": "FR", "unit": "army", "origin": "france", "dest": "india", "result": "lost"}
    )
    assert moved == "FR moves an army france -> india: lost"
    india, france = content.regions["india"].name_fr, content.regions["france"].name_fr
    assert translate(content, moved, "fr") == (
        f"FR déplace une armée de la région {france} vers la région {india} : perdu en mer"
    )


def test_the_terminal_writes_its_log_in_its_language(games: list[Match]) -> None:
    assert SOE.terminal is not None
    match = games[1]
    french = SOE.terminal.renderer(match.options, "fr")
    entry = next(e for e in match.log if e.text.startswith(f"{match.state.first} plays first"))
    assert "joue en premier" in log_line(entry, french.log_text(entry)).plain  # type: ignore[attr-defined]
    heading = next(e for e in match.log if e.heading == 1)
    assert "Mise en place" in log_line(heading, french.log_text(heading)).plain  # type: ignore[attr-defined]


def test_the_french_terminal_shows_its_log_in_french(tmp_path: Path) -> None:
    terminal = pytest.importorskip("tests.cli.terminal")
    term = terminal.Terminal(
        "struggle-of-empires",
        "--lang",
        "fr",
        "--seed",
        "4",
        "--fast",
        "--seats",
        "GB=human,FR=bot:random,PR=bot:random,AU=bot:random",
        cwd=tmp_path,
        size=(40, 100),
    )
    term.prompt("GB")
    term.send("log all")
    shown = term.prompt("GB")
    assert "Mise en place" in shown and "joue en premier" in shown
    assert "plays first" not in shown and "Set-up" not in shown
    term.interrupt()
    assert term.end() == 130


def _node_lines(board: dict[str, Any], texts: list[str], lang: str) -> list[str]:
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed: log.js is also run by the web board's tests in Chromium")
    module = (STATIC_DIR / "log.js").as_uri()
    script = (
        f"import {{ logLine }} from {json.dumps(module)};\n"
        "let input = ''; process.stdin.on('data', (d) => { input += d; });\n"
        "process.stdin.on('end', () => { const {board, texts, lang} = JSON.parse(input);\n"
        "  process.stdout.write(JSON.stringify(texts.map((t) => logLine(t, board, lang)))); });\n"
    )
    done = subprocess.run(
        [node, "--input-type=module", "-e", script],
        input=json.dumps({"board": board, "texts": texts, "lang": lang}),
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    lines: list[str] = json.loads(done.stdout)
    return lines


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_web_pages_log_matches_the_terminals(games: list[Match], lang: str) -> None:
    for match in (games[2], games[3]):
        board = board_for(match.options)
        texts = [entry.text for entry in match.log]
        content = match.state.content
        assert _node_lines(board, texts, lang) == [translate(content, t, lang) for t in texts]
