"""Records: replay to the identical hash; bad records refused whole, with index and reason."""

from __future__ import annotations

import json

import pytest

from realpolitik.engine import Match, RecordError
from realpolitik.engine.record import Record, load_record, parse_record, replay
from tests.engine.double import TALLY


def played_match() -> Match:
    match = Match(TALLY, {"seats": 3}, seed=11)
    for seat, text in [
        ("N", "bank"),
        ("N", "roll"),
        ("S", "challenge"),
        ("E", "refuse"),
        ("E", "pass"),
    ]:
        match.play(seat, text)
    return match


def test_record_replays_to_identical_hash(tmp_path):
    match = played_match()
    path = tmp_path / "game.json"
    Record.of(match).save(path)
    data = json.loads(path.read_text())
    assert data["actions"] == ["N: bank", "N: roll", "S: challenge", "E: refuse", "E: pass"]
    assert data["game"] == "tally-double" and data["seed"] == 11 and data["format_version"] == 1
    again = replay(load_record(path), verify=True)
    assert again.hash() == match.hash()
    assert [str(m) for m in again.moves] == data["actions"]


def test_corrupt_json_is_refused():
    with pytest.raises(RecordError, match="not valid JSON"):
        parse_record('{"format": "realpolitik-record", ')


def test_wrong_format_or_version_is_refused():
    good = Record.of(played_match()).model_dump()
    with pytest.raises(RecordError, match="not a realpolitik record"):
        parse_record(json.dumps({**good, "format": "pgn"}))
    with pytest.raises(RecordError, match="format version 99 is not supported"):
        parse_record(json.dumps({**good, "format_version": 99}))
    with pytest.raises(RecordError, match="made with tally-double version 0"):
        replay(parse_record(json.dumps({**good, "game_version": "0"})))
    with pytest.raises(RecordError, match="no game 'chess'"):
        replay(parse_record(json.dumps({**good, "game": "chess"})))
    with pytest.raises(RecordError, match="bad record field 'seed'"):
        parse_record(json.dumps({**good, "seed": "soon"}))
    with pytest.raises(RecordError, match="bad record field 'surprise'"):
        parse_record(json.dumps({**good, "surprise": 1}))


def test_first_bad_action_is_named_with_its_index():
    good = Record.of(played_match()).model_dump()
    actions = list(good["actions"])
    for index, bad, reason in [
        (2, "S: dance", "unknown action"),
        (1, "N: play 42", "holds no 42 card"),
        (3, "S: refuse", "not S's decision now"),
        (0, "bank", "expected 'SEAT: action'"),
    ]:
        broken = {**good, "actions": [*actions[:index], bad, *actions[index + 1 :]]}
        with pytest.raises(RecordError) as refused:
            replay(parse_record(json.dumps(broken)))
        assert refused.value.index == index and reason in str(refused.value), str(refused.value)
        assert f"action #{index}" in str(refused.value)


def test_verify_detects_a_different_final_state():
    good = Record.of(played_match()).model_dump()
    with pytest.raises(RecordError, match="different state"):
        replay(parse_record(json.dumps({**good, "final_hash": "0" * 64})), verify=True)
    del good["final_hash"]
    with pytest.raises(RecordError, match="no final_hash"):
        replay(parse_record(json.dumps(good)), verify=True)


def test_unreadable_file(tmp_path):
    with pytest.raises(RecordError, match="cannot read"):
        load_record(tmp_path / "missing.json")
    binary = tmp_path / "b.json"
    binary.write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(RecordError):
        load_record(binary)


def test_a_record_carries_seat_notes_that_replaying_ignores():
    from realpolitik.engine.record import SeatNote

    match = played_match()
    note = SeatNote(move=3, kind="resigned", seats=["E"], controller="bot:heuristic")
    record = Record.of(match).model_copy(update={"events": [note], "seats": {"E": "bot:heuristic"}})
    data = json.loads(record.to_json())
    assert data["events"] == [{"move": 3, "kind": "resigned", "seats": ["E"], "controller": "bot:heuristic"}]
    again = parse_record(record.to_json())
    assert again.events == [note] and replay(again, verify=True).hash() == match.hash()
    # Without notes the field is left out, as before it existed.
    assert "events" not in json.loads(Record.of(match).to_json())
    bad = dict(data, events=[{"move": -1, "kind": "resigned", "seats": ["E"], "controller": "bot"}])
    with pytest.raises(RecordError, match="events"):
        parse_record(json.dumps(bad))
