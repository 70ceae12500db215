"""``realpolitik play`` without a terminal: seat options, damaged saves, the generic loop (menu,
undo, help, log, save, refusals) on the engine's test double, which has no renderer of its own, and
a whole La Belle Époque game of bots alone written with ``--out``."""

from __future__ import annotations

import builtins
import json
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from realpolitik.cli.main import main
from realpolitik.engine import Match
from realpolitik.engine.record import Record, load_record, replay
from tests.engine.double import TALLY


def scripted(monkeypatch: pytest.MonkeyPatch, lines: list[str], then: str = "1") -> list[str]:
    """Answer the program's prompts with ``lines``, then ``then`` for ever; save questions get an
    empty answer. Returns the prompts seen."""
    answers: Iterator[str] = iter(lines)
    prompts: list[str] = []

    def ask(prompt: str = "") -> str:
        prompts.append(prompt)
        if "File name" in prompt:
            return ""
        return next(answers, then)

    monkeypatch.setattr(builtins, "input", ask)
    return prompts


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["play", *args])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize(
    ("seats", "message"),
    [
        # Tally has no automaton: "np" is no controller word of its own.
        ("N=np", "N=np: a seat is human, bot or bot:SPEC (e.g. bot:heuristic)"),
        ("N=bot:genius", "no bot 'genius' (known: random, heuristic, ismcts)"),
        ("X=human", "SEAT one of N, S"),
        ("N=robot", "a seat is human, bot or bot:SPEC (e.g. bot:heuristic)"),
    ],
)
def test_seats_that_cannot_be_played_are_refused(capsys, seats, message):
    code, _, err = run(capsys, "tally-double", "--seats", seats)
    assert code == 2
    assert message in " ".join(err.split())


def test_without_a_game_or_a_save_the_command_says_what_to_give(capsys):
    code, _, err = run(capsys)
    assert code == 2 and "name the game to play" in err


def _record(tmp_path: Path) -> Path:
    match = Match(TALLY, {}, 3)
    match.play("N", "bank")
    match.play("N", "pass")
    path = tmp_path / "good.json"
    Record.of(match).save(path)
    return path


@pytest.mark.parametrize(
    ("damage", "reason"),
    [
        (lambda text: text[: len(text) // 2], "not valid JSON"),
        (lambda text: "[1, 2]", "a record must be a JSON object"),
        (lambda text: text.replace('"N: pass"', '"N: fly"'), "action #1 'N: fly'"),
        (lambda text: text.replace('"N: pass"', '"N: roll"'), "replay ends in a different state"),
        (lambda text: text.replace('"tally-double"', '"no-such-game"'), "no game 'no-such-game'"),
    ],
)
def test_a_damaged_save_is_refused_with_the_reason(tmp_path, capsys, damage: Callable[[str], str], reason):
    path = _record(tmp_path)
    path.write_text(damage(path.read_text()))
    code, out, err = run(capsys, "--load", str(path))
    assert code == 1
    text = " ".join(err.split())
    assert f"cannot resume from {path}" in text and reason in text and "nothing was started" in text
    assert out == ""


def test_a_save_of_another_game_is_refused(tmp_path, capsys):
    code, _, err = run(capsys, "la-belle-epoque", "--load", str(_record(tmp_path)))
    assert code == 1 and "it is a game of tally-double, not la-belle-epoque" in " ".join(err.split())


def test_the_generic_loop_plays_a_game_without_a_renderer(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    prompts = scripted(
        monkeypatch,
        ["bank", "undo", "bank", "bank", "bank", "help", "log", "save mid.json", "0", "fly", "pass"],
    )
    code, out, _ = run(capsys, "tally-double", "--seats", "N=human,S=bot:random", "--seed", "3", "--fast")
    assert code == 0
    flat = " ".join(out.split())
    assert "Tally (test double) · seed 3" in flat and "N human S bot:random" in flat
    assert "Tally (test double) — as seen by N" in flat  # the generic screen: the view as a tree
    assert "undone: N: bank" in flat
    assert "'bank' is not legal: a seat may bank at most twice a turn (§2). Nothing changed." in flat
    assert "Legal 'bank' actions now" not in flat  # no bank left to offer
    assert "has no rules help in the terminal yet" in flat
    assert "saved 2 actions to mid.json" in flat
    assert "no action number 0" in flat
    assert "'fly' is not understood: unknown action" in flat
    assert "> N pass" in flat and "> S " in flat
    assert "Final score" in flat and "winner" in flat
    assert prompts[-1].startswith("Save the record of this game?")
    assert load_record(tmp_path / "mid.json").actions == ["N: bank", "N: bank"]


def test_undo_never_takes_back_a_die_and_changes_nothing(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    scripted(monkeypatch, ["roll", "undo", "save after.json", "quit"])
    code, out, _ = run(capsys, "tally-double", "--seats", "N=human,S=bot:random", "--seed", "5", "--fast")
    assert code == 0
    flat = " ".join(out.split())
    assert "undo refused: cannot undo past" in flat and "rolled a die or revealed hidden information" in flat
    assert "Nothing changed." in flat
    record = load_record(tmp_path / "after.json")
    assert record.actions[0] == "N: roll" and len(record.actions) >= 2  # the bot's move stayed too
    assert replay(record, verify=True).hash() == record.final_hash


def test_undo_takes_back_the_bots_moves_after_yours(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    # Seed 3: N passes, the bot S passes too (no die, no card shown), then it is N's turn again.
    scripted(monkeypatch, ["pass", "save before.json", "undo", "save after.json", "quit"])
    code, out, _ = run(capsys, "tally-double", "--seats", "N=human,S=bot:random", "--seed", "3", "--fast")
    assert code == 0
    assert load_record(tmp_path / "before.json").actions == ["N: pass", "S: pass"]
    assert load_record(tmp_path / "after.json").actions == []
    assert "undone: N: pass (and 1 bot move after it)" in " ".join(out.split())


def test_quit_offers_to_save(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    answers = iter(["bank", "quit", "kept.json"])
    monkeypatch.setattr(builtins, "input", lambda prompt="": next(answers))
    code, out, _ = run(capsys, "tally-double", "--seats", "N=human,S=bot:random", "--seed", "1", "--fast")
    assert code == 0 and "Goodbye" in out
    assert load_record(tmp_path / "kept.json").actions == ["N: bank"]


def test_end_of_input_autosaves(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    answers = iter(["bank"])

    def ask(prompt: str = "") -> str:
        try:
            return next(answers)
        except StopIteration:
            raise EOFError from None

    monkeypatch.setattr(builtins, "input", ask)
    code, out, _ = run(
        capsys, "tally-double", "--seed", "1", "--seats", "N=human,S=bot:random", "--autosave", "auto.json"
    )
    assert code == 130
    assert f"input ended: the game is saved in {tmp_path / 'auto.json'}" in "".join(out.split("\n"))
    assert json.loads((tmp_path / "auto.json").read_text())["actions"] == ["N: bank"]


def test_bots_alone_play_fast_and_write_the_record(tmp_path: Path) -> None:
    seats = "GB=bot,FR=bot:random,CE=bot,RU=bot"
    options = ["--seats", seats, "--players", "3", "--seed", "9", "--fast", "--out", "bots.json"]
    done = subprocess.run(
        [sys.executable, "-m", "realpolitik.cli.main", "play", "la-belle-epoque", *options],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    record = load_record(tmp_path / "bots.json")
    match = replay(record, verify=True)
    outcome = match.outcome()
    assert outcome is not None and outcome.summary in " ".join(done.stdout.split())
    assert record.options["players"] == 3 and len(record.actions) > 100


def test_an_action_typed_with_capitals_is_played_not_listed():
    """Notation may carry capitals (Struggle of Empires' bids name empires: ``bid 1 GB/FR``): typed
    in full it is played; a verb alone lists its choices and plays nothing."""
    import random

    from rich.console import Console

    from realpolitik.cli.play import Session, Step
    from realpolitik.cli.render_base import make_renderer
    from realpolitik.cli.seats import SeatPlan
    from realpolitik.engine import Match, plugin

    game = plugin("struggle-of-empires")
    match = Match(game.game, {"players": 2}, 1)
    chooser = random.Random(1)
    while not any(t.startswith("bid ") for t in match.legal_notations(match.to_act()[0])):
        seat = match.to_act()[0]
        match.play(seat, chooser.choice(match.legal_notations(seat)))
    seat = match.to_act()[0]
    plans = {s: SeatPlan(True) for s in match.game.seats(match.state)}
    session = Session(match, plans, make_renderer(game, match.options, "en"), Console(), pace=0, fast=True)
    session.draw(seat)
    moves = len(match.moves)
    assert session.handle(seat, "bid") is Step.STAY and len(match.moves) == moves
    bid = next(t for t in match.legal_notations(seat) if t.startswith("bid ") and any(c.isupper() for c in t))
    assert session.handle(seat, bid) is Step.NEXT
    assert str(match.moves[-1]) == f"{seat}: {bid}"
