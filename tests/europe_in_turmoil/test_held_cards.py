"""Held cards (15.0 End of Turn, 4.5.2-4.5.3): every card left in a hand at the end of a turn is
kept, and its bottom is shown: the other player knows how many cards are held and that none is a
Scoring card (a Scoring card is told from the others by its edge, 4.5.3), never which they are."""

from __future__ import annotations

import json

import pytest

from realpolitik.engine import LogEntry, Rng, ScenarioError
from realpolitik.games.europe_in_turmoil import GAME
from realpolitik.games.europe_in_turmoil.ai.determinize import determinize
from realpolitik.games.europe_in_turmoil.rules import position
from realpolitik.games.europe_in_turmoil.rules.actions import parse
from realpolitik.games.europe_in_turmoil.rules.decks import hold_over
from realpolitik.games.europe_in_turmoil.rules.invariants import check as invariants
from realpolitik.games.europe_in_turmoil.rules.state import State


def at_turn_two(seed: int) -> State:
    """A random game played until turn 2 begins (the end of turn 1 held the cards left)."""
    state: State = GAME.setup(GAME.normalize_options({}), seed)
    rng = Rng.from_seed(seed, stream=5)
    while state.turn < 2 and not state.over:
        seat = GAME.to_act(state)[0]
        legal = [
            a
            for a in GAME.legal_actions(state, seat)
            if not (a.verb in ("event", "ops", "naval") and _is_scoring(state, a.n))
        ]
        # the Scoring cards go first, so no one loses by holding one (4.5.3)
        scoring = [a for a in legal if a.verb == "score"]
        choice = scoring or legal
        GAME.apply(state, seat, choice[rng.below(len(choice))], None)
    return state


def _is_scoring(state: State, number: int) -> bool:
    cid = state.content.by_number.get(number)
    return cid is not None and state.content.cards[cid].scoring


def first_running_turn_two() -> State:
    for seed in range(40):
        state = at_turn_two(seed)
        if not state.over and state.turn == 2 and state.held["A"] and state.held["L"]:
            return state
    pytest.fail("no seed reached turn 2 with held cards on both sides")


def test_the_cards_left_at_the_end_of_a_turn_are_held_15_0() -> None:
    state = first_running_turn_two()
    for seat in ("A", "L"):
        held = state.held[seat]
        assert held and set(held) <= set(state.hands[seat])
        # 4.5.3: a held card is never a Scoring card (the game would have been lost)
        assert not any(state.content.cards[c].scoring for c in held)
        # 4.5.1: the hand was dealt up to 8, the held cards counting toward it
        assert len(state.hands[seat]) == 8


def test_the_owner_sees_which_cards_are_held_the_other_only_how_many_15_0() -> None:
    state = first_running_turn_two()
    for seat, them in (("A", "L"), ("L", "A")):
        view = GAME.view(state, seat)
        marked = [c["id"] for c in view["hand"] if c["held"]]
        assert marked == [c for c in state.hands[seat] if c in state.held[seat]]
        assert view["held_counts"] == {"A": len(state.held["A"]), "L": len(state.held["L"])}
        text = json.dumps(view)
        for cid in state.hands[them]:
            if cid not in state.revealed[them] and cid not in state.peek[seat]:
                assert f'"{cid}"' not in text, f"{seat}'s view names {them}'s card {cid}"
    spectator = GAME.view(state, None)
    assert spectator["hand"] is None and spectator["held_counts"]["A"] == len(state.held["A"])


def test_a_held_card_played_is_no_longer_held_15_0() -> None:
    state = first_running_turn_two()
    seat = GAME.to_act(state)[0]
    cid = state.held[seat][0]
    number = state.content.cards[cid].number
    before = len(state.held[seat])
    GAME.apply(state, seat, parse(f"ops {number} place"), None)
    assert cid not in state.held[seat] and len(state.held[seat]) == before - 1


def test_hold_over_marks_every_card_left_and_logs_the_bottoms_shown_15_0() -> None:
    state: State = GAME.setup(GAME.normalize_options({}), 3)
    position.set_position(state, {"hands": {"A": [14], "L": [24, 9]}})
    log: list[LogEntry] = []
    hold_over(state, log)
    assert state.held == {"A": ["radical-party-founded"], "L": ["tsarist-repression", "russo-japanese-war"]}
    texts = [e.text for e in log]
    assert any("A holds 1 card over" in t and "no Scoring card" in t for t in texts)
    assert all(e.rule == "§15.0" for e in log)


def test_a_scenario_cannot_hold_a_scoring_card_4_5_3() -> None:
    state: State = GAME.setup(GAME.normalize_options({}), 3)
    with pytest.raises(ScenarioError):
        position.set_position(state, {"hands": {"A": [6, 14]}, "held": {"A": [6]}})
    position.set_position(state, {"hands": {"A": [6, 14]}, "held": {"A": [14]}})
    assert state.held["A"] == ["radical-party-founded"]


def test_the_determinizer_keeps_the_held_count_and_holds_no_scoring_card_15_0() -> None:
    state = first_running_turn_two()
    seat = GAME.to_act(state)[0]
    them = "L" if seat == "A" else "A"
    rng = Rng.from_seed(9, stream=1)
    moved = 0
    for _ in range(30):
        world = determinize(state, seat, rng)
        assert len(world.held[them]) == len(state.held[them])
        assert set(world.held[them]) <= set(world.hands[them])
        assert not any(world.content.cards[c].scoring for c in world.held[them])
        assert world.held[seat] == state.held[seat] and world.hands[seat] == state.hands[seat]
        assert GAME.view(world, seat) == GAME.view(state, seat)
        invariants(world)
        moved += world.held[them] != state.held[them]
    assert moved > 0  # the held cards themselves are resampled, not copied


def test_held_cards_pass_the_invariants_through_a_game_15_0() -> None:
    state: State = GAME.setup(GAME.normalize_options({}), 11)
    rng = Rng.from_seed(11, stream=2)
    seen_held = False
    for _ in range(3000):
        acting = GAME.to_act(state)
        if not acting:
            break
        seat = acting[0]
        legal = GAME.legal_actions(state, seat)
        scoring = [a for a in legal if a.verb == "score"]
        choice = scoring or legal
        GAME.apply(state, seat, choice[rng.below(len(choice))], None)
        invariants(state)
        seen_held = seen_held or bool(state.held["A"] or state.held["L"])
    assert seen_held
