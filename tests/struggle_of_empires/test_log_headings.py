"""Struggle of Empires' log headings (LogEntry.heading): the set-up and each War open a group (L40-59,
L104, L376-382), the auction, each round and the income and scoring a subgroup, in the rules' order
— the web page folds a War under its heading and a replay jumps to it."""

from __future__ import annotations

import random

import pytest

from realpolitik.engine import Match, get_game


@pytest.mark.parametrize(("players", "seed"), [(3, 1), (5, 2), (7, 3)])
def test_each_war_and_its_phases_open_with_a_heading(players: int, seed: int) -> None:
    game = get_game("struggle-of-empires")
    match = Match(game, {"players": players}, seed=seed)
    rng = random.Random(seed)
    while not match.is_over():
        seat = match.to_act()[0]
        match.play(seat, rng.choice(list(match.legal_actions(seat))))
    headings = [(e.heading, e.text) for e in match.log if e.heading]
    rounds = match.state.content.rules.rounds(players)
    war = [
        (2, "Alliance auction"),
        *[(2, f"Round {r}") for r in range(1, rounds + 1)],
        (2, "Income and scoring"),
    ]
    expected = [(1, "Set-up")]
    for number in range(1, match.state.content.rules.wars + 1):
        expected += [(1, f"War {number}"), *war]
    assert headings == expected
    assert all(e.visible_to is None for e in match.log if e.heading)
