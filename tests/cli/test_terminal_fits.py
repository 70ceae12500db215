"""Issue 19: ``realpolitik play`` fits an ordinary terminal. At 100×40 (and, more tightly, at 80×24)
the screen drawn before a decision fits the window, so the header, the map, the hand and the prompt
are all in view; the details are one command away; messages stay until the next decision."""

from __future__ import annotations

from pathlib import Path

import pytest

from realpolitik.engine.record import load_record
from tests.cli.terminal import Mirror, Terminal

BOTS = "GB=human,FR=bot:random,CE=bot:random,RU=bot:random"


def _assert_fits(screen: str, rows: int, columns: int) -> None:
    lines = screen.rstrip("\n").split("\n")
    # The prompt is the line after the screen: the screen and it fit the window.
    assert len(lines) + 1 <= rows, f"{len(lines)} lines on a {rows}-line terminal:\n{screen}"
    assert max(len(line) for line in lines) <= columns


def _to_action_phase(term: Terminal, mirror: Mirror, prompted: bool = False) -> str:
    seat = mirror.next_seat()
    screen = term.screen if prompted else term.prompt(seat)
    while mirror.view()["phase"] != "action":
        term.send("1")
        mirror.play(seat, mirror.legal(seat)[0])
        seat = mirror.next_seat()
        screen = term.prompt(seat)
    return screen


@pytest.mark.parametrize(("rows", "columns"), [(40, 100), (24, 80)])
def test_the_screen_fits_with_header_map_hand_and_prompt(tmp_path: Path, rows: int, columns: int) -> None:
    term = Terminal(
        "la-belle-epoque", "--seed", "1", "--fast", "--seats", BOTS, cwd=tmp_path, size=(rows, columns)
    )
    mirror = Mirror(1)
    term.prompt(mirror.next_seat())
    for phase in ("setup", "action"):
        if phase == "action":
            _to_action_phase(term, mirror, prompted=True)
        screen = term.screen
        _assert_fits(screen, rows, columns)
        assert "La Belle Époque · Turn" in screen  # the header
        assert "Europe" in screen and "Africa" in screen and "Asia" in screen and "Belgium" in screen
        assert "Your hand — GB Great Britain" in screen
        assert "Great Britain (GB):" in screen  # the decision
    # The Action Phase's many sends are one line of the menu; the verb alone lists them.
    assert "type send to list them" in term.screen or "send ×" in term.screen
    term.send("send")
    listed = term.prompt("GB")
    assert "Send Diplomatic Missions" in listed and "choices; type a number or the whole action" in listed
    assert "not understood" not in listed
    # The details: every cube's letters, the Powers' mats, the card texts.
    term.send("details")
    details = term.prompt("GB")
    assert "Powers" in details and "(National):" in details and "Territory" in details
    term.interrupt()
    assert term.end() == 130


def test_messages_stay_until_the_next_decision(tmp_path: Path) -> None:
    term = Terminal("la-belle-epoque", "--seed", "1", "--fast", "--seats", BOTS, cwd=tmp_path, size=(40, 100))
    mirror = Mirror(1)
    _to_action_phase(term, mirror)
    move = next(a for a in mirror.legal("GB") if a.startswith("buy "))
    term.send(move)
    mirror.play("GB", move)
    term.prompt(mirror.next_seat())
    term.send("undo")
    screen = term.prompt("GB")
    assert f"undone: GB: {move}" in term.screen, "the undo's message was wiped by the redraw"
    _assert_fits(screen, 40, 100)
    term.interrupt()
    assert term.end() == 130


def test_the_autosave_is_per_game_and_the_record_keeps_who_sat_where(tmp_path: Path) -> None:
    seats = "GB=human,FR=human,CE=bot:random,RU=bot:random"
    term = Terminal(
        "la-belle-epoque", "--seed", "7", "--fast", "--seats", seats, cwd=tmp_path, size=(40, 100)
    )
    assert "Ctrl-C saves this game to" in term.wait("press Enter when you are ready")
    term.interrupt()
    assert term.end() == 130
    saved = tmp_path / "realpolitik-la-belle-epoque-7.json"
    assert str(saved) in term.text.replace("\n", "")
    record = load_record(saved)
    assert record.seats == {"GB": "human", "FR": "human", "CE": "bot:random", "RU": "bot:random"}
    # Another game does not overwrite it.
    other = Terminal("la-belle-epoque", "--seed", "8", "--fast", "--seats", seats, cwd=tmp_path)
    other.wait("press Enter when you are ready")
    other.interrupt()
    assert other.end() == 130
    assert load_record(saved).seed == 7 and (tmp_path / "realpolitik-la-belle-epoque-8.json").exists()
    # --load seats the same people and bots again: FR is still a person, not a bot.
    again = Terminal("--load", str(saved), "--fast", cwd=tmp_path)
    intro = again.wait("press Enter when you are ready")
    assert "FR human" in intro and "CE bot:random" in intro
    again.interrupt()
    assert again.end() == 130


def test_the_default_opponents_are_the_heuristic_bot(tmp_path: Path) -> None:
    term = Terminal("la-belle-epoque", "--seed", "1", "--fast", cwd=tmp_path, size=(40, 100))
    intro = term.prompt("GB")
    assert "FR bot:heuristic" in intro and "CE bot:heuristic" in intro and "RU bot:heuristic" in intro
    term.interrupt()
    assert term.end() == 130
