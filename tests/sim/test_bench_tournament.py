"""``realpolitik bench`` prints figures; ``realpolitik tournament`` prints its table."""

from __future__ import annotations

import json
import re

from realpolitik.cli.main import main
from realpolitik.sim.bench import BenchSettings, run_bench
from realpolitik.sim.tournament import lineup_for, rotation_jobs, seat_rows, standings


def test_bench_prints_its_figures(capsys):
    code = main(
        [
            "bench",
            "la-belle-epoque",
            "--games",
            "2",
            "--positions",
            "2",
            "--iterations",
            "20",
            "--samples",
            "20",
        ]
    )
    assert code == 0
    out = capsys.readouterr().out
    for figure in (
        "random playouts",
        "actions/s",
        "games/s",
        "clone",
        "legal_actions",
        "apply",
        "replay",
        "ISMCTS",
        "iterations/s",
        "memory",
    ):
        assert figure in out


def test_bench_figures_are_numbers_for_a_game_without_bots_hooks():
    figures = run_bench("tally-bare", BenchSettings(games=2, positions=2, iterations=10, samples=10))
    names = {f.name for f in figures}
    assert "random playouts" in names and "clone" in names
    assert "ISMCTS" not in names  # no determinize: no search figure
    assert all(f.value >= 0 for f in figures)


def test_bench_json(capsys):
    assert main(["bench", "tally-double", "--games", "1", "--samples", "5", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["tally-double"][0]["unit"] == "actions/s"


def test_rotations_put_every_bot_in_every_seat():
    lineup = lineup_for(["ismcts", "heuristic"], 4)
    assert lineup == ["ismcts", "heuristic", "heuristic", "heuristic"]
    jobs = rotation_jobs("la-belle-epoque", lineup, 8, seed=10)
    assert [j.seed for j in jobs] == [10, 10, 10, 10, 11, 11, 11, 11]
    assert {j.bots.index("ismcts") for j in jobs[:4]} == {0, 1, 2, 3}


def test_tournament_prints_its_table(capsys, tmp_path):
    out = tmp_path / "games.jsonl"
    code = main(
        [
            "tournament",
            "la-belle-epoque",
            "--lineup",
            "heuristic:samples=1,random",
            "--games",
            "2",
            "--workers",
            "2",
            "--out",
            str(out),
        ]
    )
    assert code == 0
    text = capsys.readouterr().out
    assert "heuristic" in text and "random" in text and "95% CI" in text, text
    assert re.search(r"\d+\.\d% \[\d+\.\d, \d+\.\d\]", text)  # a rate with its interval
    assert "by seat" in text and "margin" in text  # each bot in each seat it held
    results = [json.loads(line) for line in out.read_text().splitlines()]
    rows = {row.bot: row for row in standings(results)}
    assert rows["heuristic:samples=1"].seat_games == 2 and rows["random"].seat_games == 6
    assert rows["heuristic:samples=1"].mean_vp > rows["random"].mean_vp


def test_seat_rows_give_each_bot_in_each_seat():
    # Two seats, the lineup turned: x wins as A (by 3), ties as B; y loses as B, ties as A.
    results = [
        {"seats": {"A": "x", "B": "y"}, "scores": {"A": 10, "B": 7}, "winners": ["A"]},
        {"seats": {"A": "y", "B": "x"}, "scores": {"A": 5, "B": 5}, "winners": ["A", "B"]},
        {"seats": {"A": "x", "B": "y"}, "scores": {"A": 4, "B": 8}, "winners": ["B"]},
    ]
    rows = {(r.bot, r.seat): r for r in seat_rows(results)}
    assert list(rows) == [("x", "A"), ("x", "B"), ("y", "A"), ("y", "B")]
    xa = rows[("x", "A")]
    assert (xa.games, xa.wins, xa.rate, xa.mean_vp, xa.mean_margin) == (2, 1.0, 0.5, 7.0, -0.5)
    assert xa.low < 0.5 < xa.high
    xb, ya, yb = rows[("x", "B")], rows[("y", "A")], rows[("y", "B")]
    assert (xb.games, xb.wins, xb.mean_margin) == (1, 0.5, 0.0)
    assert (ya.games, ya.wins, ya.mean_margin) == (1, 0.5, 0.0)
    assert (yb.games, yb.wins, yb.mean_vp, yb.mean_margin) == (2, 1.0, 7.5, 0.5)
    # the per-bot standings agree with the per-seat rows
    by_bot = {row.bot: row for row in standings(results)}
    assert by_bot["x"].wins == xa.wins + xb.wins and by_bot["x"].seat_games == xa.games + xb.games
