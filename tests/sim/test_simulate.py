"""``realpolitik simulate``: seeded games in parallel, one JSON line each, and a report."""

from __future__ import annotations

import importlib.util
import json

import pytest

from realpolitik.cli.main import main
from realpolitik.sim.play import GameJob, play_game
from realpolitik.sim.report import write_report
from realpolitik.sim.runner import SimulationError, load_ray, run_jobs
from realpolitik.sim.stats import ranks, wilson

FIELDS = {"seed", "seats", "scores", "winners", "winner", "turns", "first_player", "facts", "record"}


def test_simulate_writes_json_lines_and_a_report(tmp_path, capsys):
    out = tmp_path / "sim"
    code = main(
        [
            "simulate",
            "la-belle-epoque",
            "--games",
            "6",
            "--workers",
            "2",
            "--seats",
            "random",
            "--out",
            str(out),
        ]
    )
    assert code == 0
    lines = [json.loads(line) for line in (out / "games.jsonl").read_text().splitlines()]
    assert len(lines) == 6
    assert sorted(r["seed"] for r in lines) == list(range(6))
    for result in lines:
        assert set(result) >= FIELDS
        assert set(result["scores"]) == {"GB", "FR", "CE", "RU"}
        assert set(result["winners"]) <= set(result["scores"])
        assert 1 <= result["turns"] <= 9
        assert result["first_player"] in result["scores"]
    report = (out / "report.md").read_text()
    for heading in ("Win rate per seat", "Victory Points per seat", "Game length", "First-player effect"):
        assert heading in report
    for plot in ("win_rates.png", "vp.png", "length.png"):
        assert (out / plot).stat().st_size > 1000
    assert "6 games" in capsys.readouterr().out


def test_games_do_not_depend_on_workers_or_backend():
    jobs = [GameJob("la-belle-epoque", seed, ("random",) * 4, {"players": 4}, seed) for seed in range(3)]
    alone = {r["seed"]: (r["scores"], r["winners"]) for r in run_jobs(jobs, workers=1)}
    again = {r["seed"]: (r["scores"], r["winners"]) for r in run_jobs(jobs[::-1], workers=1)}
    assert alone == again


def test_a_game_can_be_recorded_and_replayed(tmp_path):
    from realpolitik.engine.record import load_record, replay

    result = play_game(GameJob("la-belle-epoque", 4, ("random",) * 4, {}, 0, str(tmp_path)))
    assert result["record"] is not None
    match = replay(load_record(result["record"]), verify=True)
    outcome = match.outcome()
    assert outcome is not None
    assert dict(outcome.scores) == result["scores"]


def test_report_counts_shared_wins_as_shares(tmp_path):
    results = [
        {
            "index": i,
            "game": "g",
            "seed": i,
            "seats": {"A": "random", "B": "random"},
            "scores": {"A": 10, "B": 10 if i == 0 else 5},
            "winners": ["A", "B"] if i == 0 else ["A"],
            "turns": 9,
            "facts": {"sudden_end_turn": 7 if i == 1 else None},
            "first_player": "A",
            "actions": 100,
            "seconds": 0.1,
        }
        for i in range(4)
    ]
    report = write_report(results, tmp_path, "t")
    text = report.markdown.read_text()
    assert "| A | 3.5 |" in text and "| B | 0.5 |" in text
    # A game's own facts are reported under their own names (how often seen, and their mean).
    assert "Sudden end turn: in 1 of 4 games" in text and "mean 7.00" in text


def test_wilson_interval_and_ranks():
    low, high = wilson(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-3) and high == pytest.approx(0.5962, abs=1e-3)
    assert wilson(0, 0) == (0.0, 1.0)
    assert ranks({"A": 5, "B": 9, "C": 5}) == {"A": 2.5, "B": 1.0, "C": 2.5}


def test_unknown_backend_and_missing_ray_are_clear_errors():
    with pytest.raises(SimulationError, match="unknown backend"):
        list(run_jobs([], backend="slurm"))
    if importlib.util.find_spec("ray") is None:
        with pytest.raises(SimulationError, match="pip install"):
            load_ray()


def test_ray_backend_plays_the_same_games():
    """A local Ray (started by the backend) plays the same seeded games as the process pool (Ray
    is a test dependency: a missing install fails here rather than skipping)."""
    jobs = [GameJob("la-belle-epoque", seed, ("random",) * 4, {}, seed) for seed in range(4)]
    local = {r["seed"]: r["scores"] for r in run_jobs(jobs, workers=1)}
    remote = {r["seed"]: r["scores"] for r in run_jobs(jobs, workers=2, backend="ray")}
    assert remote == local


def test_simulate_checks_the_invariants_after_every_action(tmp_path, capsys):
    out = tmp_path / "inv"
    code = main(
        ["simulate", "europe-in-turmoil", "--games", "2", "--workers", "1", "--invariants", "--out", str(out)]
    )
    assert code == 0
    lines = [json.loads(line) for line in (out / "games.jsonl").read_text().splitlines()]
    assert all(r["invariants_checked"] == r["actions"] > 0 for r in lines)
    total = sum(r["actions"] for r in lines)
    assert f"invariants held after every one of the {total:,} actions" in capsys.readouterr().out


def test_a_broken_invariant_names_the_seed_and_the_action(monkeypatch):
    import dataclasses

    from realpolitik.engine import plugin
    from realpolitik.sim import play

    real = plugin("europe-in-turmoil")
    seen: list[int] = []

    def breaks_on_the_third(state: object) -> None:
        seen.append(1)
        assert len(seen) < 3, "a count that never goes down went down"

    broken = dataclasses.replace(real, invariants=breaks_on_the_third)
    monkeypatch.setattr(play, "plugin", lambda game_id: broken)
    job = GameJob("europe-in-turmoil", 5, ("random", "random"), {}, 0, None, True)
    with pytest.raises(
        AssertionError, match=r"europe-in-turmoil seed 5, action 3 \(.+\): invariant broken: a count"
    ):
        play_game(job)
    assert play_game(GameJob("europe-in-turmoil", 5, ("random", "random")))["invariants_checked"] == 0
