"""Europe in Turmoil's log headings (LogEntry.heading): each turn opens a group (4.0; the set-up
inside turn 1, 3.0), each pair of action rounds a subgroup (4.5.2), the Great War its own group
(8.4) — the web page folds a turn under its heading and a replay jumps to it."""

from __future__ import annotations

import random
from typing import Any

import pytest

from realpolitik.engine import Match, get_game


@pytest.mark.parametrize(("options", "seed"), [({}, 3), ({}, 8), ({"scenario": "edwardian"}, 4)])
def test_turns_and_action_rounds_open_with_headings_in_order(options: dict[str, Any], seed: int) -> None:
    match = Match(get_game("europe-in-turmoil"), options, seed=seed)
    rng = random.Random(seed)
    while not match.is_over():
        seat = match.to_act()[0]
        match.play(seat, rng.choice(list(match.legal_actions(seat))))
    headings = [(e.heading, e.text) for e in match.log if e.heading]
    first = 4 if options.get("scenario") == "edwardian" else 1
    turns = [text for level, text in headings if level == 1 and text.startswith("Turn ")]
    assert turns == [f"Turn {n}" for n in range(first, first + len(turns))]
    expected_round = 1
    for level, text in headings:
        if level == 1:
            expected_round = 1
        elif text.startswith("Action round "):
            assert text == f"Action round {expected_round}", headings
            expected_round += 1
    if first == 1:
        assert headings[:2] == [(1, "Turn 1"), (2, "Set-up")]
    assert all(e.visible_to is None for e in match.log if e.heading)
