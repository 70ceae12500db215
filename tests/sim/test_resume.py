"""``--resume``: a stopped ``tournament`` or ``simulate`` run continues from its results file,
playing only the games it lacks, and refuses a file that is not its own (sim/resume.py)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from realpolitik.cli.main import main
from realpolitik.sim.play import GameJob
from realpolitik.sim.resume import ResumeError, already_played

GAME = "tally-double"
TIMING = ("seconds", "think_seconds")


def _tournament(out: Path, *extra: str, games: int = 6, seed: int = 40) -> int:
    lineup = ["--lineup", "heuristic,random", "--games", str(games), "--seed", str(seed)]
    return main(["tournament", GAME, *lineup, "--workers", "1", "--out", str(out), *extra])


def _lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def _said(capsys: pytest.CaptureFixture[str]) -> tuple[str, str]:
    """What the command printed (out, err), its line wrapping undone."""
    out = capsys.readouterr()
    return " ".join(out.out.split()), " ".join(out.err.split())


def _without_timing(result: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in result.items() if k not in TIMING}


def test_a_stopped_tournament_plays_only_the_games_it_lacks(tmp_path, capsys):
    full = tmp_path / "full.jsonl"
    assert _tournament(full) == 0
    whole = {r["index"]: r for r in _lines(full)}
    assert sorted(whole) == list(range(6))

    # Stopped after three games, killed while writing the fourth line.
    stopped = tmp_path / "stopped.jsonl"
    kept = full.read_text().splitlines()[:3]
    stopped.write_text("\n".join(kept) + "\n" + kept[0][:25])
    capsys.readouterr()
    assert _tournament(stopped, "--resume") == 0
    said, _ = _said(capsys)
    assert "cut short" in said and "3 of 6 games already" in said, said

    lines = stopped.read_text().splitlines()
    assert lines[:3] == kept  # the games played before are kept as they were, not played again
    again = {r["index"]: r for r in _lines(stopped)}
    assert sorted(again) == list(range(6))  # every game once
    for index, result in again.items():
        # the games played on are the games of an uninterrupted run (same seeds, same bots)
        assert _without_timing(result) == _without_timing(whole[index])
    assert "6 games" in said  # the table counts the kept games too


def test_resume_refuses_a_file_of_another_run_and_changes_nothing(tmp_path, capsys):
    out = tmp_path / "games.jsonl"
    assert _tournament(out, games=4) == 0
    before = out.read_bytes()
    capsys.readouterr()
    assert _tournament(out, "--resume", games=8, seed=41) == 1
    _, err = _said(capsys)
    assert "line 1" in err and "seed" in err and "nothing was changed" in err, err
    assert out.read_bytes() == before
    # other bots: refused too
    other = ["--lineup", "random", "--games", "8", "--seed", "40", "--workers", "1"]
    assert main(["tournament", GAME, *other, "--out", str(out), "--resume"]) == 1
    assert "bots" in _said(capsys)[1]
    assert out.read_bytes() == before
    # more games than before: the same run, continued
    assert _tournament(out, "--resume", games=8) == 0
    assert sorted(r["index"] for r in _lines(out)) == list(range(8))


def test_resume_refuses_a_damaged_line_in_the_middle(tmp_path, capsys):
    out = tmp_path / "games.jsonl"
    assert _tournament(out, games=4) == 0
    lines = out.read_text().splitlines()
    lines[1] = lines[1][:30]
    damaged = "\n".join(lines) + "\n"
    out.write_text(damaged)
    capsys.readouterr()
    assert _tournament(out, "--resume", games=4) == 1
    assert "line 2: not a JSON line" in _said(capsys)[1]
    assert out.read_text() == damaged


def test_a_game_twice_or_beyond_the_run_is_refused(tmp_path):
    out = tmp_path / "games.jsonl"
    assert _tournament(out, games=2) == 0
    first = out.read_text().splitlines()[0]
    jobs = [GameJob(GAME, 40, ("heuristic", "random"), {}, i) for i in range(2)]
    out.write_text(f"{first}\n{first}\n")
    with pytest.raises(ResumeError, match="there twice"):
        already_played(out, jobs)
    with pytest.raises(ResumeError, match="not one of this run's 1 games"):
        already_played(out, [GameJob(GAME, 40, ("heuristic", "random"), {}, 5)])


def test_resume_needs_the_results_file(tmp_path, capsys):
    code = main(["tournament", GAME, "--games", "2", "--workers", "1", "--resume"])
    assert code == 1
    assert "--resume needs --out" in _said(capsys)[1]


def test_a_finished_run_resumed_plays_nothing(tmp_path, capsys):
    out = tmp_path / "games.jsonl"
    assert _tournament(out, games=4) == 0
    before = out.read_text()
    capsys.readouterr()
    assert _tournament(out, "--resume", games=4) == 0
    text, _ = _said(capsys)
    assert "4 of 4 games already" in text and "0 to play" in text
    assert out.read_text() == before


def test_simulate_resumes_into_its_folder_and_reports_every_game(tmp_path, capsys):
    folder = tmp_path / "sim"
    args = ["simulate", GAME, "--games", "5", "--seed", "7", "--workers", "1", "--out", str(folder)]
    assert main(args) == 0
    path = folder / "games.jsonl"
    whole = {r["index"]: r for r in _lines(path)}
    path.write_text("\n".join(path.read_text().splitlines()[:2]) + "\n")
    capsys.readouterr()
    assert main([*args, "--resume"]) == 0
    text, _ = _said(capsys)
    assert "3 games in" in text and "2 kept" in text, text
    again = {r["index"]: r for r in _lines(path)}
    assert {i: _without_timing(r) for i, r in again.items()} == {
        i: _without_timing(r) for i, r in whole.items()
    }
    assert "5 games" in (folder / "report.md").read_text()
    # another seed is another run
    assert main([*args[:-6], "--seed", "8", "--workers", "1", "--out", str(folder), "--resume"]) == 1
