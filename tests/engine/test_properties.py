"""Property tests over random games of the double: notation, replay, undo, corrupted records."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from realpolitik.engine import Match, RecordError
from realpolitik.engine.record import Record, parse_record, replay
from tests.engine.double import TALLY

games = st.fixed_dictionaries(
    {
        "seed": st.integers(min_value=0, max_value=2**64),
        "seats": st.sampled_from([2, 3]),
        "choices": st.lists(st.integers(min_value=0, max_value=1000), max_size=40),
    }
)


def play_out(seed: int, seats: int, choices: list[int]) -> Match:
    """Play the chosen legal actions (choice index modulo the legal list) until they run out."""
    match = Match(TALLY, {"seats": seats}, seed)
    for choice in choices:
        acting = match.to_act()
        if not acting:
            break
        seat = acting[0]
        legal = match.legal_actions(seat)
        match.play(seat, legal[choice % len(legal)])
    return match


@given(games)
def test_notation_round_trips_for_every_legal_action(game):
    match = play_out(game["seed"], game["seats"], game["choices"])
    for seat in match.to_act():
        for action in match.legal_actions(seat):
            assert TALLY.parse_action(TALLY.notation(action)) == action


@given(games)
def test_record_replays_to_the_same_hash(game):
    match = play_out(game["seed"], game["seats"], game["choices"])
    record = parse_record(Record.of(match).to_json())
    assert replay(record, verify=True).hash() == match.hash()


@given(games, st.integers(min_value=0, max_value=1000))
def test_undo_restores_the_exact_previous_hash(game, choice):
    match = play_out(game["seed"], game["seats"], game["choices"])
    acting = match.to_act()
    if not acting:
        return
    seat = acting[0]
    before, checkpoint = match.hash(), TALLY.checkpoint(match.state)
    legal = match.legal_actions(seat)
    match.play(seat, legal[choice % len(legal)])
    if match.undo_refusal(seat) is None:
        match.undo(seat)
        assert match.hash() == before
    else:
        # The only reason a seat cannot take back its own last action: a die or a reveal.
        assert TALLY.checkpoint(match.state) != checkpoint


@settings(max_examples=60)
@given(games, st.data())
def test_corrupted_record_is_rejected_with_a_clear_message(game, data):
    match = play_out(game["seed"], game["seats"], game["choices"])
    text = Record.of(match).to_json()
    kind = data.draw(st.sampled_from(["truncate", "garbage-action", "bad-seat"]))
    if kind == "truncate":
        cut = data.draw(st.integers(min_value=0, max_value=len(text) - 2))
        try:
            parse_record(text[:cut])
        except RecordError as error:
            assert "JSON" in str(error) or "record" in str(error)
        else:
            raise AssertionError("a truncated record was accepted")
        return
    raw = json.loads(text)
    raw["actions"].append("N: explode" if kind == "garbage-action" else "Z: pass")
    try:
        replay(parse_record(json.dumps(raw)))
    except RecordError as error:
        assert error.index == len(raw["actions"]) - 1
        assert f"action #{error.index}" in str(error)
    else:
        raise AssertionError("a corrupted record replayed")
