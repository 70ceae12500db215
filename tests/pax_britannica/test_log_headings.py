"""Pax Britannica's log headings (LogEntry.heading): each Game Turn opens a group with its year and
each phase of the Game Turn Sequence a subgroup, in the order of L262-318 — the web page folds a
turn under its heading and a replay jumps to it."""

from __future__ import annotations

import random

import pytest

from realpolitik.engine import Match, get_game
from realpolitik.games.pax_britannica.rules.turn import PHASES

ORDER = [name for name, _line in PHASES.values()]


@pytest.mark.parametrize(("players", "seed"), [(4, 3), (7, 5)])
def test_each_game_turn_and_its_phases_open_with_headings(players: int, seed: int) -> None:
    match = Match(get_game("pax-britannica"), {"players": players, "turns": 3}, seed=seed)
    rng = random.Random(seed)
    while not match.is_over():
        seat = match.to_act()[0]
        match.play(seat, rng.choice(list(match.legal_actions(seat))))
    headings = [(e.heading, e.text) for e in match.log if e.heading]
    turns = [text for level, text in headings if level == 1]
    assert turns and turns[0] == "Game Turn 1 (1880)"
    assert [t.split(" (")[0] for t in turns] == [f"Game Turn {n}" for n in range(1, len(turns) + 1)]
    # Within each turn the phases come in the sequence's order (a Great War may cut the last short).
    group: list[str] = []
    for level, text in [*headings, (1, "end")]:
        if level == 1:
            assert group == ORDER[: len(group)], group
            group = []
        else:
            group.append(text)
    assert all(e.visible_to is None for e in match.log if e.heading)
