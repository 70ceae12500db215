"""The log's headings (LogEntry.heading): the Initial Setup and every turn open a group (§3.3,
§4.0), and each phase of §4's sequence opens a subgroup in the rulebook's order, so interfaces can
fold a turn and a replay can jump to one."""

from __future__ import annotations

import random

import pytest

from realpolitik.engine import Match
from realpolitik.games.belle_epoque import GAME
from realpolitik.games.belle_epoque.rules.setup import content_for

PHASES = {
    "Resource Phase",
    "Event Phase",
    "Intrigue Phase",
    "Action Phase",
    "Preparation Phase",
    "Scoring",
    "Final Scoring",
}


def _played(seed: int) -> Match:
    match = Match(GAME, {}, seed=seed)
    rng = random.Random(seed)
    while not match.is_over():
        seat = match.to_act()[0]
        match.play(seat, rng.choice(list(match.legal_actions(seat))))
    return match


@pytest.mark.parametrize("seed", [5, 6, 7])
def test_every_turn_and_phase_opens_with_a_heading_in_the_rules_order(seed: int) -> None:
    match = _played(seed)
    headings = [(e.heading, e.text, e.rule) for e in match.log if e.heading]
    assert headings[0] == (1, "Initial Setup", "§3.3")
    turns = [text for level, text, _ in headings if level == 1][1:]
    last = match.state.end_turn
    assert turns == [f"Turn {n} begins" for n in range(1, last + 1)]
    # Within a turn, §4's order: Resource, Event, (Intrigue), Action, Preparation, (Scoring).
    by_turn: list[list[str]] = []
    for level, text, _ in headings[1:]:
        if level == 1:
            by_turn.append([])
        else:
            assert text in PHASES
            by_turn[-1].append(text)
    intrigue = set(content_for({}).game.intrigue_turns)
    for number, phases in enumerate(by_turn[:-1], start=1):
        expected = ["Resource Phase", "Event Phase"]
        expected += ["Intrigue Phase"] if number in intrigue else []
        expected += ["Action Phase", "Preparation Phase"]
        assert phases[: len(expected)] == expected, (number, phases)
    assert by_turn[-1][-1] == "Final Scoring"
    # Headings are public and name no seat.
    assert all(e.visible_to is None and e.seat is None for e in match.log if e.heading)


def test_headings_reach_the_json_only_when_set() -> None:
    match = Match(GAME, {}, seed=1)
    first = match.log[0].to_json()
    assert first["heading"] == 1 and first["text"] == "Initial Setup"
    assert all("heading" not in e.to_json() for e in match.log if not e.heading)
