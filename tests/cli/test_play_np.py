"""Non-Player Powers (§13) and the bots of :mod:`realpolitik.bots` at the terminal: the seat
parsing, a solo game to the §13.10 verdict in a pseudo-terminal, and bots by spec."""

from __future__ import annotations

from pathlib import Path

import pytest

from realpolitik.cli.main import main
from realpolitik.cli.seats import SeatError, SeatPlan, automaton_requested, bot_action, bot_seed, parse_seats
from realpolitik.engine import Match, get_game
from tests.cli.terminal import Mirror, Terminal, pass_or_first

SEATS = ("GB", "FR", "CE", "RU")
FOUR = [("GB",), ("FR",), ("CE",), ("RU",)]


def test_np_seats_are_read_from_seats_in_seat_order_and_any_case():
    assert automaton_requested("ru=NP,GB=human,fr=np", SEATS, "np") == ["FR", "RU"]
    assert automaton_requested("GB=human,FR=bot", SEATS, "np") == []
    assert automaton_requested(None, SEATS, "np") == []
    with pytest.raises(SeatError, match="SEAT one of GB, FR, CE, RU"):
        automaton_requested("XX=np", SEATS, "np")


def test_np_seats_are_planned_as_np_and_the_rest_default_to_you_first_then_random_bots():
    players = [("GB",), ("CE",)]  # what the renderer gives with FR and RU automated
    plans = parse_seats(None, SEATS, players, automata=("FR", "RU"), keyword="np")
    assert {s: str(p) for s, p in plans.items()} == {
        "GB": "human",
        "FR": "np",
        "CE": "bot:random",
        "RU": "np",
    }
    # An NP seat left out of --seats stays NP; a seat given as np must be one.
    plans = parse_seats("GB=human,FR=np", SEATS, players, automata=("FR", "RU"), keyword="np")
    assert plans["RU"] == SeatPlan(False, automaton="np") and plans["CE"] == SeatPlan(False, "random")
    with pytest.raises(SeatError, match="np seats are FR, RU"):
        parse_seats("RU=human", SEATS, players, automata=("FR", "RU"), keyword="np")
    with pytest.raises(SeatError, match="np seats are none"):
        parse_seats("RU=np", SEATS, FOUR, keyword="np")
    with pytest.raises(SeatError, match="a seat is human, bot or bot:SPEC"):
        parse_seats("RU=np", SEATS, FOUR)  # a game without an automaton has no such word


def test_bots_are_named_by_spec_and_bad_specs_are_refused():
    plans = parse_seats("GB=human,FR=bot:heuristic,CE=bot:ismcts:iterations=20,RU=bot", SEATS, FOUR)
    assert [str(p) for p in plans.values()] == [
        "human",
        "bot:heuristic",
        "bot:ismcts:iterations=20",
        "bot:random",
    ]
    with pytest.raises(SeatError, match="no bot 'genius'"):
        parse_seats("FR=bot:genius", SEATS, FOUR)
    with pytest.raises(SeatError, match="unknown setting"):
        parse_seats("FR=bot:heuristic:depth=3", SEATS, FOUR)
    with pytest.raises(SeatError, match="a seat is human, bot or bot:SPEC"):
        parse_seats("FR=robot", SEATS, FOUR)


def test_a_bot_by_spec_repeats_its_choice_at_the_same_position():
    match = Match(get_game("la-belle-epoque"), {}, 5)
    seat = match.to_act()[0]
    first = bot_action(match, seat, "heuristic")
    assert first in match.legal_actions(seat)
    assert bot_action(match, seat, "heuristic") == first
    assert bot_seed(match, seat) == bot_seed(match, seat) != bot_seed(Match(match.game, {}, 6), seat)


def test_np_is_refused_for_a_game_without_non_player_seats(capsys):
    assert main(["play", "tally-double", "--seats", "N=human,S=np"]) == 2
    assert "S=np: a seat is human, bot or bot:SPEC" in " ".join(capsys.readouterr().err.split())


def test_a_mixed_game_of_a_person_np_powers_and_a_heuristic_bot_starts(capsys, monkeypatch):
    monkeypatch.setattr("builtins.input", lambda prompt="": "quit" if prompt.endswith("> ") else "")
    code = main(
        [
            "play",
            "la-belle-epoque",
            "--seed",
            "2",
            "--fast",
            "--seats",
            "GB=human,FR=np,CE=bot:heuristic,RU=np",
        ]
    )
    out = " ".join(capsys.readouterr().out.split())
    assert code == 0
    assert "2 players + Non-Player Power (§13): FR, RU" in out
    assert "GB human FR np CE bot:heuristic RU np" in out
    assert "FR (NP)" in out and "RU (NP)" in out and "CE (NP)" not in out


def test_a_solo_game_against_three_np_powers_to_the_verdict(tmp_path: Path) -> None:
    seed = 4
    seats = "GB=human,FR=np,CE=np,RU=np"
    term = Terminal(
        "la-belle-epoque", "--seed", str(seed), "--fast", "--seats", seats, cwd=tmp_path, timeout=30
    )
    mirror = Mirror(seed, options={"np": ["FR", "CE", "RU"]})
    first = True
    while (seat := mirror.bots_move()) is not None:
        assert seat == "GB"  # the NP Powers never ask anyone
        screen = term.prompt(seat)
        if first:
            assert "1 player + Non-Player Power (§13): FR, CE, RU" in term.text
            assert "FR (NP)" in screen and "GB (NP)" not in screen
            first = False
        move = pass_or_first(mirror.legal(seat))
        term.send(move)
        mirror.play(seat, move)
    outcome = mirror.match.outcome()
    assert outcome is not None and set(outcome.scores) == {"GB"}  # NP Powers never score
    verdict = outcome.details["verdict"]
    final = " ".join(term.wait("Save the record of this game? File name (Enter: no): ").split())
    assert f"Solo verdict (§13.10): {verdict['name_en']} with {verdict['vp']} VP" in final
    assert outcome.summary in final
    term.send("")
    assert term.end() == 0
