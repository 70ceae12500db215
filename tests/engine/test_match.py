"""Match: only legal actions, refusals leave the state unchanged, undo rules, stable hash."""

from __future__ import annotations

import pytest

from realpolitik.engine import IllegalAction, Match, OptionsError, UndoRefused
from tests.engine.double import TALLY


def new_match(seed: int = 1, **options: int) -> Match:
    match = Match(TALLY, options, seed)
    TALLY.set_position(match.state, {"hands": {"N": [2, 5, 9], "S": [1, 3, 4]}})
    return match


def test_setup_is_deterministic_per_seed():
    assert Match(TALLY, {}, 5).hash() == Match(TALLY, {}, 5).hash()
    assert Match(TALLY, {}, 5).hash() != Match(TALLY, {}, 6).hash()


def test_options_are_validated_and_normalised():
    assert Match(TALLY, {"seats": 3}).options == {"seats": 3, "target": 15, "rounds": 4, "wagers": False}
    with pytest.raises(OptionsError, match="seats must be 2 or 3 \\(§1\\)"):
        Match(TALLY, {"seats": 5})


def test_illegal_action_is_refused_with_reason_and_rule_and_changes_nothing():
    match = new_match()
    match.play("N", "bank")
    match.play("N", "bank")
    before, log_length = match.hash(), len(match.log)
    with pytest.raises(IllegalAction) as refused:
        match.play("N", "bank")
    assert refused.value.reason == "a seat may bank at most twice a turn"
    assert refused.value.rule == "§2"
    assert "'bank' is not legal" in str(refused.value)
    assert match.hash() == before and len(match.moves) == 2 and len(match.log) == log_length


def test_wrong_seat_and_unreadable_actions_are_refused():
    match = new_match()
    with pytest.raises(IllegalAction, match="not S's decision now"):
        match.play("S", "roll")
    with pytest.raises(IllegalAction, match="unknown action"):
        match.play("N", "fly")
    with pytest.raises(IllegalAction, match="holds no 7 card"):
        match.play("N", "play 7")
    assert match.moves == []


def test_decision_passes_to_another_seat_mid_turn():
    match = new_match()
    match.play("N", "challenge")
    assert match.to_act() == ("S",)
    assert match.legal_notations("S") == ["accept", "refuse"]
    assert match.legal_notations("N") == []


def test_undo_restores_exact_previous_state_for_the_same_seat():
    match = new_match()
    start = match.hash()
    match.play("N", "bank")
    after_one = match.hash()
    match.play("N", "bank")
    assert str(match.undo("N")) == "N: bank"
    assert match.hash() == after_one
    match.undo("N")
    assert match.hash() == start and match.moves == []
    with pytest.raises(UndoRefused, match="no action has been taken"):
        match.undo("N")


def test_undo_refused_after_a_die_roll():
    match = new_match()
    match.play("N", "bank")
    match.play("N", "roll")
    with pytest.raises(
        UndoRefused, match="past N's action #2: it rolled a die or revealed hidden information"
    ):
        match.undo("N")


def test_undo_refused_after_hidden_information_is_revealed():
    match = new_match()
    match.play("N", "play 5")
    with pytest.raises(UndoRefused, match="revealed hidden information"):
        match.undo("N")


def test_undo_refused_for_another_seats_action():
    match = new_match()
    match.play("N", "challenge")
    with pytest.raises(UndoRefused, match="last action was N's, not S's"):
        match.undo("S")
    match.undo("N")
    assert match.to_act() == ("N",)


def test_undo_stops_at_the_barrier_but_allows_later_actions():
    match = new_match()
    match.play("N", "roll")  # barrier
    match.play("S", "bank")
    match.undo("S")
    with pytest.raises(UndoRefused, match="past N's action #1") as refused:
        match.undo("S")
    assert "N: roll" not in str(refused.value), "the refusal never quotes the action (it may be secret)"


def test_unexpected_error_during_apply_leaves_state_unchanged(monkeypatch):
    match = new_match()
    before = match.hash()

    def broken(state, seat, action, log=None):
        state.scores["N"] = 99
        raise RuntimeError("bug")

    monkeypatch.setattr(TALLY, "apply", broken)
    with pytest.raises(RuntimeError):
        match.play("N", "bank")
    assert match.hash() == before and match.moves == []


def test_views_hide_other_hands():
    match = new_match()
    assert match.view("N")["hand"] == [2, 5, 9]
    assert match.view("S")["hand"] == [1, 3, 4]
    spectator = match.view(None)
    assert spectator["hand"] is None and spectator["hand_sizes"] == {"N": 3, "S": 3}
    assert "deck" not in spectator


def test_game_over_refuses_actions():
    match = new_match(target=3)
    match.play("N", "play 5")
    assert match.is_over() and match.to_act() == ()
    outcome = match.outcome()
    assert outcome is not None and outcome.winners == ("N",)
    with pytest.raises(IllegalAction, match="the game is over"):
        match.play("S", "pass")
