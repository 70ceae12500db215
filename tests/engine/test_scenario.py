"""The scenario language: passing, failing and malformed files are reported precisely."""

from __future__ import annotations

from pathlib import Path

from realpolitik.engine.scenario import check_file

HEADER = 'game = "tally-double"\n[position]\nhands = { N = [2, 5], S = [1] }\n'


def write(tmp_path: Path, body: str) -> Path:
    path = tmp_path / "s.toml"
    path.write_text(HEADER + body, encoding="utf-8")
    return path


def test_failing_expectation_is_reported_not_hidden(tmp_path):
    result = check_file(write(tmp_path, '[[step]]\ndo = "bank"\nexpect = { "scores.N" = 5 }\n'))
    assert not result.passed
    [failure] = result.failures
    assert failure.what == "scores.N == 5" and failure.detail == "1"


def test_unknown_view_path_is_reported(tmp_path):
    result = check_file(write(tmp_path, '[[step]]\nexpect = { "money.N" = 1 }\n'))
    assert not result.passed and "'money' not among" in result.failures[0].detail


def test_unexpected_refusal_stops_the_scenario(tmp_path):
    result = check_file(write(tmp_path, '[[step]]\ndo = "play 9"\n[[step]]\ndo = "bank"\n'))
    assert result.error is not None and "holds no 9 card" in result.error
    assert len(result.checks) == 1


def test_expected_refusal_must_happen(tmp_path):
    result = check_file(write(tmp_path, '[[step]]\ndo = "bank"\nrefused = "twice"\n'))
    assert not result.passed and result.failures[0].detail == "it was accepted"


def test_refusal_rule_is_checked(tmp_path):
    result = check_file(write(tmp_path, '[[step]]\ndo = "play 9"\nrefused = "no 9"\nrule = "§7"\n'))
    assert not result.passed and "expected '§7'" in result.failures[0].detail


def test_scripted_dice_must_all_be_rolled(tmp_path):
    result = check_file(write(tmp_path, '[[step]]\ndo = "bank"\ndice = [3]\n'))
    assert result.error is not None and "scripted dice not rolled: [3]" in result.error


def test_too_few_scripted_dice_is_an_error_and_changes_nothing(tmp_path):
    result = check_file(write(tmp_path, '[[step]]\ndo = "roll"\ndice = []\n'))
    assert result.error is not None and "more dice than the scenario scripted" in result.error


def test_malformed_files_name_the_problem(tmp_path):
    cases = {
        "x = [": "not valid TOML",
        'game = "tally-double"\nbogus = 1\n': "unknown key(s) bogus",
        'game = "tally-double"\n[[step]]\nwhatever = 1\n': "step 1: unknown key(s) whatever",
        'game = "tally-double"\n[[step]]\ndice = [1]\n': "'dice' needs a 'do' action",
        'game = "tally-double"\n[[step]]\ndo = "roll"\ndice = "4"\n': "'dice' must be a list",
        'title = "no game"\n': "missing key 'game'",
        'game = "tally-double"\n[[step]]\nseat = "N"\n': "neither acts nor checks",
        'game = "tally-double"\nseed = "x"\n': "'seed' must be a int",
        'game = "nope"\n': "no game 'nope'",
        'game = "tally-double"\n[position]\nmoney = 3\n': "unknown key 'money'",
    }
    for text, message in cases.items():
        path = tmp_path / "bad.toml"
        path.write_text(text, encoding="utf-8")
        result = check_file(path)
        assert not result.passed and result.error is not None and message in result.error, (
            text,
            result.error,
        )
    assert "cannot read" in (check_file(tmp_path / "missing.toml").error or "")


def test_null_checks(tmp_path):
    ok = check_file(write(tmp_path, '[[step]]\nnull = ["hand"]\n'))
    assert ok.passed and ok.checks[0].what == "hand is null"
    bad = check_file(write(tmp_path, '[[step]]\nnull = ["round"]\n'))
    assert not bad.passed and bad.failures[0].detail == "1"
