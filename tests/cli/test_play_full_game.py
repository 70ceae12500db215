"""A whole game to the final score: a person against three bots in the terminal; the record it
saves replays (``realpolitik replay --verify``) to the same result."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from realpolitik.engine.record import load_record, replay
from tests.cli.terminal import Mirror, Terminal, pass_or_first

RANDOM = "GB=human,FR=bot:random,CE=bot:random,RU=bot:random"


def test_a_whole_game_against_bots_to_the_final_score_and_its_record_replays(tmp_path: Path) -> None:
    seed = 4
    term = Terminal(
        "la-belle-epoque", "--seed", str(seed), "--fast", "--seats", RANDOM, cwd=tmp_path, timeout=30
    )
    mirror = Mirror(seed)
    decisions = 0
    while (seat := mirror.bots_move()) is not None:
        term.prompt(seat)
        move = pass_or_first(mirror.legal(seat))
        term.send(move)
        mirror.play(seat, move)
        decisions += 1
    outcome = mirror.match.outcome()
    assert outcome is not None
    final = term.wait("Save the record of this game? File name (Enter: no): ")
    assert "Final score" in final and outcome.summary in final
    for seat, score in outcome.scores.items():
        assert any(line.split()[:1] == [seat] and line.split()[-1] == str(score) for line in _rows(final))
    term.send("game.json")
    assert term.end() == 0
    assert "saved" in term.text and "game.json" in term.text

    replayed = subprocess.run(
        [sys.executable, "-m", "realpolitik.cli.main", "replay", "--verify", str(tmp_path / "game.json")],
        capture_output=True,
        text=True,
        check=True,
    )
    assert "verified" in replayed.stdout and outcome.summary in replayed.stdout
    assert replay(load_record(tmp_path / "game.json")).outcome() == outcome
    assert decisions > 10  # the Initial Setup alone is 10 placements, then a pass a turn at least


def _rows(screen: str) -> list[str]:
    """The score table's rows with the box characters removed."""
    return [line.replace("│", " ").strip() for line in screen.splitlines() if "│" in line]
