"""A second game through every command, with no file outside its own changed: the Tally double
(tests/engine/double.py) is a plug-in the platform learns of only through the registry. It is
created, played to the end in the terminal with the generic screen, replayed, simulated in worker
processes (found there through REALPOLITIK_GAMES), played in a tournament by the search and
heuristic bots, and benchmarked. The browser side is in tests/web and tests/server."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from realpolitik.cli.main import main
from realpolitik.engine import Match, Refusal, entries, plugin, register, unregister
from realpolitik.engine.errors import IllegalAction
from realpolitik.engine.record import load_record
from realpolitik.sim.tournament import standings
from tests.engine.double import PLUGIN, TALLY, Act


def test_the_registry_finds_the_plugin_with_its_options_and_seats():
    assert "tally-double" in {e.id for e in entries()}
    game = plugin("tally-double")
    assert game.options.names() == ("seats", "target", "rounds", "wagers")
    assert game.seats(game.normalize({"seats": 3})) == ("N", "S", "E")
    assert game.seat_name("E", {}, "en") == "East"
    described = game.describe()
    assert described["players"] == "2-3" and described["automaton"] is None
    assert [o["name"] for o in described["options"]] == ["seats", "target", "rounds", "wagers"]


def test_options_flags_come_from_the_schema(capsys, tmp_path):
    out = tmp_path / "t.json"
    assert main(["new", "tally-double", "-o", str(out), "--wagers", "--target", "9", "--seed", "4"]) == 0
    record = load_record(out)
    assert record.options == {"seats": 2, "target": 9, "rounds": 4, "wagers": True}
    assert main(["new", "tally-double", "-o", str(out), "--target", "0"]) == 1
    assert "--target: target must be at least 1" in capsys.readouterr().err
    assert main(["games", "tally-double"]) == 0
    listed = capsys.readouterr().out
    assert "--wagers" in listed and "sealed wager" in listed


def test_a_sealed_wager_game_played_to_the_end_in_the_terminal(capsys, monkeypatch, tmp_path):
    """Two people at one terminal (hot-seat) with the generic screen: each wagers in turn; the
    one who wagers second never sees the first one's wager on screen before the reveal."""
    answers = iter(["wager 2", "", "wager 1"])

    def ask(prompt: str = "") -> str:
        if prompt.endswith("> "):
            return next(answers, "1")
        return ""

    monkeypatch.setattr("builtins.input", ask)
    out = tmp_path / "game.json"
    code = main(
        [
            "play",
            "tally-double",
            "--wagers",
            "--seats",
            "N=human,S=human",
            "--seed",
            "5",
            "--fast",
            "--out",
            str(out),
        ]
    )
    assert code == 0
    screen = capsys.readouterr().out
    # N sees its own wager echoed; after the hand-over (which clears a real terminal) South's
    # screen up to the reveal never shows it.
    norths, souths = screen.split("Hand-over: S", 1)
    assert "> N wager 2" in norths
    assert "wager 2" not in souths.split("wagers: N 2, S 1")[0]
    assert "Final score" in screen
    record = load_record(out)
    assert record.actions[:2] == ["N: wager 2", "S: wager 1"]
    assert main(["replay", str(out), "--verify"]) == 0


def test_a_bot_never_shows_its_sealed_wager_to_the_person(capsys, monkeypatch):
    monkeypatch.setattr("builtins.input", lambda prompt="": "quit" if prompt.endswith("> ") else "")
    assert (
        main(["play", "tally-double", "--wagers", "--seats", "N=human,S=bot", "--seed", "3", "--fast"]) == 0
    )
    screen = capsys.readouterr().out
    assert "S has chosen (sealed until revealed)" in screen
    assert "S wager" not in screen


def test_simulate_in_worker_processes_and_a_bot_tournament(capsys, monkeypatch, tmp_path):
    # Worker processes start afresh: the environment names the plug-in for them.
    monkeypatch.setenv("REALPOLITIK_GAMES", "tests.engine.double:PLUGIN")
    sim = tmp_path / "sim"
    args = ["simulate", "tally-double", "--games", "6", "--workers", "2", "--out", str(sim), "--wagers"]
    assert main([*args, "--seats", "heuristic,random"]) == 0
    lines = [json.loads(line) for line in (sim / "games.jsonl").read_text().splitlines()]
    assert len(lines) == 6 and all(set(r["scores"]) == {"N", "S"} for r in lines)
    report = (sim / "report.md").read_text()
    assert "## Win rate per seat" in report and "| `heuristic` | 6 |" in report
    capsys.readouterr()
    code = main(
        [
            "tournament",
            "tally-double",
            "--lineup",
            "ismcts:iterations=30,heuristic",
            "--games",
            "4",
            "--workers",
            "1",
            "--out",
            str(tmp_path / "tour.jsonl"),
        ]
    )
    assert code == 0
    capsys.readouterr()
    rows = {row.bot: row for row in standings([json.loads(x) for x in (tmp_path / "tour.jsonl").open()])}
    assert rows["ismcts:iterations=30"].seat_games == 4 and rows["heuristic"].seat_games == 4
    assert (
        main(["bench", "tally-double", "--games", "2", "--positions", "2", "--iterations", "20", "--json"])
        == 0
    )
    figures = {f["name"] for f in json.loads(capsys.readouterr().out)["tally-double"]}
    assert {"random playouts", "ISMCTS", "heuristic decision"} <= figures


def test_a_direct_legality_check_is_what_the_match_asks(tmp_path):
    """``check_action`` (actions too many to list) replaces the lookup in the legal list."""
    asked: list[str] = []

    def check(state: object, seat: str, action: Act) -> Refusal | None:
        asked.append(TALLY.notation(action))
        return None if TALLY.notation(action) == "pass" else Refusal("only pass, in this test", "§T")

    register(dataclasses.replace(PLUGIN, check_action=check))
    try:
        match = Match(TALLY, {}, 1)
        with pytest.raises(IllegalAction, match=r"only pass, in this test") as refused:
            match.play("N", "roll")
        assert refused.value.rule == "§T" and match.moves == []
        match.play("N", "pass")
        assert asked == ["roll", "pass"] and [str(m) for m in match.moves] == ["N: pass"]
    finally:
        unregister(PLUGIN.id)
        register(PLUGIN)


def test_record_files_name_their_game(tmp_path):
    path = Path(tmp_path / "x.json")
    assert main(["new", "tally-double", "-o", str(path), "--seed", "2"]) == 0
    assert json.loads(path.read_text())["game"] == "tally-double"


def test_the_interfaces_name_no_game() -> None:
    """Issue 14's test of the architecture: nothing in the terminal, the bots, the simulator or the
    battery names La Belle Époque (server and web: tests/server/test_generic.py); help texts take
    their examples from the registry."""
    root = Path(__file__).resolve().parents[1] / "src" / "realpolitik"
    for folder in ("cli", "bots", "sim", "testing"):
        for path in (root / folder).rglob("*.py"):
            assert "belle" not in path.read_text(encoding="utf-8").lower(), f"{path} names a game"


def test_an_installed_distribution_is_found_through_its_entry_point(tmp_path, monkeypatch) -> None:
    """A game in another distribution declares ``[realpolitik.games]`` in its entry points (as
    pytest plugins do); a dist-info folder on the path is what an installed one looks like."""
    info = tmp_path / "tally_elsewhere-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: tally-elsewhere\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(
        "[realpolitik.games]\ntally-bare = tests.engine.double:BARE_PLUGIN\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    found = {e.id: e for e in entries()}
    assert found["tally-bare"].source in ("tests.engine.double:BARE_PLUGIN", "<registered>")
    from realpolitik.engine.registry import _installed

    installed = {e.id: e for e in _installed()}
    assert installed["tally-bare"].source == "tests.engine.double:BARE_PLUGIN"
    assert installed["tally-bare"].plugin().id == "tally-bare"
