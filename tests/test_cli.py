"""The command line, run in-process with its real argument parser and output."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from realpolitik import __version__
from realpolitik.cli.main import main
from realpolitik.engine import Match
from realpolitik.engine.record import Record
from tests.engine.double import TALLY

SCENARIOS = Path(__file__).parent / "engine" / "scenarios"


def test_version_and_help_from_the_installed_script():
    script = Path(sys.executable).parent / "realpolitik"
    out = subprocess.run([str(script), "--version"], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == f"realpolitik {__version__}"
    helped = subprocess.run(
        [sys.executable, "-m", "realpolitik.cli.main", "--help"],
        capture_output=True,
        text=True,
        check=True,
    )
    for command in ("games", "replay", "scenario", "data"):
        assert command in helped.stdout


def test_games_lists_la_belle_epoque(capsys):
    assert main(["games"]) == 0
    out = capsys.readouterr().out
    assert "la-belle-epoque" in out and "La Belle Époque" in out


def test_replay_and_verify(tmp_path, capsys):
    match = Match(TALLY, {}, 3)
    match.play("N", "bank")
    match.play("N", "pass")
    path = tmp_path / "r.json"
    Record.of(match).save(path)
    assert main(["replay", str(path), "--verify"]) == 0
    out = capsys.readouterr().out
    assert "2 actions replayed" in out and "verified" in out and match.hash() in out


def test_replay_refuses_a_bad_record(tmp_path, capsys):
    match = Match(TALLY, {}, 3)
    raw = Record.of(match).model_dump()
    raw["actions"] = ["N: bank", "N: fly"]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(raw))
    assert main(["replay", str(path)]) == 1
    err = capsys.readouterr().err
    assert "action #1 'N: fly'" in err and "unknown action" in err


def test_scenario_check_reports_each_expectation(capsys):
    assert main(["scenario", "check", str(SCENARIOS)]) == 0
    out = capsys.readouterr().out
    assert "PASS" in out and "✓ step 1: N: bank" in out
    assert "2 passed, 0 failed" in out


def test_scenario_check_fails_with_exit_code_1(tmp_path, capsys):
    bad = tmp_path / "bad.toml"
    bad.write_text('game = "tally-double"\n[[step]]\nexpect = { "round" = 9 }\n')
    assert main(["scenario", "check", "-q", str(bad)]) == 1
    out = capsys.readouterr().out
    assert "FAIL" in out and "✗ step 1: round == 9" in out and "0 passed, 1 failed" in out


def test_no_command_prints_help(capsys):
    assert main([]) == 2
    assert "usage: realpolitik" in capsys.readouterr().out


def test_unknown_game_is_a_clear_error(capsys):
    assert main(["data", "audit", "chess"]) == 1
    assert "no game 'chess'" in capsys.readouterr().err


@pytest.mark.parametrize("argv", [["replay"], ["scenario"], ["data", "audit"]])
def test_missing_arguments_exit_2(argv):
    with pytest.raises(SystemExit) as exited:
        main(argv)
    assert exited.value.code == 2


def test_new_game_with_a_content_override_replays_exactly(tmp_path, capsys):
    override = tmp_path / "owner.toml"
    override.write_text('[territory.china]\nspaces = { value = 7, stated = "my copy of the map" }\n')
    record = tmp_path / "game.json"
    assert (
        main(
            [
                "new",
                "la-belle-epoque",
                "-o",
                str(record),
                "--seed",
                "5",
                "--players",
                "3",
                "--content",
                str(override),
            ]
        )
        == 0
    )
    data = json.loads(record.read_text())
    assert data["options"]["players"] == 3 and data["seed"] == 5
    assert data["options"]["content"]["territory"]["china"]["spaces"]["value"] == 7
    assert main(["replay", str(record), "--verify"]) == 0
    assert "verified" in capsys.readouterr().out


def test_new_game_refuses_bad_options(tmp_path, capsys):
    assert main(["new", "la-belle-epoque", "-o", str(tmp_path / "g.json"), "--option", "players=7"]) == 1
    assert "players must be 1, 2, 3 or 4 (§3.2)" in capsys.readouterr().err
    # 1 is the solo game: only with Non-Player Powers (§13).
    assert main(["new", "la-belle-epoque", "-o", str(tmp_path / "g.json"), "--players", "1"]) == 1
    assert "players must be 2, 3 or 4 (§3.2); 1 only with Non-Player Powers (§13)" in capsys.readouterr().err
    bad = tmp_path / "bad.toml"
    bad.write_text('[territory.atlantis]\nspaces = { value = 7, stated = "x" }\n')
    assert main(["new", "la-belle-epoque", "-o", str(tmp_path / "g.json"), "--content", str(bad)]) == 1
    assert "atlantis" in capsys.readouterr().err
    assert not (tmp_path / "g.json").exists()


def test_data_audit_counts_and_lists_reconstructed_values(capsys):
    from realpolitik.engine import Status
    from realpolitik.games.belle_epoque import audit_content

    audit = audit_content()
    reconstructed = [a for a in audit if a.provenance.status is Status.RECONSTRUCTED]
    assert main(["data", "audit", "la-belle-epoque", "--list"]) == 0
    out = capsys.readouterr().out
    all_row = next(line for line in out.splitlines() if " all " in line)
    assert str(len(reconstructed)) in all_row and str(len(audit)) in all_row
    assert "Reconstructed values (not the publisher's)" in out
    assert out.count("territories.toml") >= 1
