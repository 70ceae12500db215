"""Clocks (issue 19; server/clocks.py): the banks' arithmetic, the creation request's checks, a
time-out handing a seat to a bot, a forfeit ranking the seat last in the standings and the record,
a clock that runs out while the game is out of memory, and a rematch keeping the time control."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest

from realpolitik.engine import Outcome
from realpolitik.server.clocks import Clock, ClockError, ClockRule, check_clock, standings
from realpolitik.server.store import Store

from .helpers import client, create, drive, seat_tokens, state, wait_until

TALLY = "tally-double"

RULE = ClockRule("custom", initial=100.0, per_move=10.0, cap=105.0, on_timeout="bot")


def test_a_bank_runs_while_its_seat_decides_and_gets_its_increment_up_to_the_cap() -> None:
    clock = Clock(RULE, frozenset({"N", "S"}))
    clock.start(1000.0, ["N"])
    assert clock.remaining(1030.0) == {"N": 70.0, "S": 100.0}
    clock.advance(1030.0, ["N"])  # N's decision goes on (a second action of one decision)
    assert clock.remaining(1030.0) == {"N": 70.0, "S": 100.0}
    clock.advance(1040.0, ["S"])  # N's decision ends at 1040: 60 left, +10
    assert clock.banks == {"N": 70.0, "S": 100.0} and clock.since == {"S": 1040.0}
    clock.advance(1041.0, ["N"])  # S used 1 s: 99 + 10 is capped at 105
    assert clock.banks["S"] == 105.0
    assert clock.next_expiry(1041.0) == 70.0
    assert clock.expired(1110.0) == [] and clock.expired(1111.0) == ["N"]


def test_in_a_simultaneous_decision_every_seat_still_to_answer_runs() -> None:
    clock = Clock(RULE, frozenset({"N", "S", "E"}))
    clock.start(0.0, ["N", "S", "E"])
    clock.advance(20.0, ["N", "S"])  # E answered after 20 s
    clock.advance(50.0, ["S"])  # N after 50 s
    assert clock.banks == {"N": 60.0, "S": 50.0, "E": 90.0}  # S still deciding since 50
    assert clock.remaining(60.0)["S"] == 40.0
    clock.untime(["S"])  # handed to a bot: no longer timed
    assert clock.next_expiry(60.0) is None and "S" not in clock.remaining(60.0)


def test_seats_not_held_by_a_person_are_never_timed() -> None:
    clock = Clock(RULE, frozenset({"N"}))
    clock.start(0.0, ["S"])
    assert clock.next_expiry(0.0) is None and clock.remaining(500.0) == {"N": 100.0}


@pytest.mark.parametrize(
    ("raw", "words"),
    [
        ({"pace": "blitz"}, "pace must be one of live, fast, slow, custom, none"),
        ({"pace": {"live": 1}}, "pace must be a word"),
        ({"pace": "live", "on_timeout": "lose"}, "on_timeout must be 'bot' or 'forfeit'"),
        ({"pace": "live", "initial": 5}, "the 'live' pace sets initial itself"),
        ({"pace": "custom", "initial": 60, "per_move": 60}, "needs cap in seconds"),
        ({"pace": "custom", "initial": 60, "per_move": 1, "cap": 60}, "per_move must lie between 10"),
        ({"pace": "custom", "initial": 120, "per_move": 60, "cap": 60}, "cap must be at least initial"),
        ({"pace": "live", "period": 3}, "unknown field period"),
        ({"pace": "custom", "initial": True, "per_move": 60, "cap": 60}, "needs initial in seconds"),
    ],
)
def test_a_bad_clock_request_is_refused_with_the_reason(raw: dict[str, Any], words: str) -> None:
    with pytest.raises(ClockError, match=words):
        check_clock(raw)


def test_the_paces_and_no_clock() -> None:
    assert check_clock(None) is None and check_clock({"pace": "none"}) is None
    live = check_clock({"pace": "live"})
    assert live == ClockRule("live", 600.0, 60.0, 1200.0, "bot")
    slow = check_clock({"pace": "slow", "on_timeout": "forfeit"})
    assert slow is not None and slow.initial == 3 * 86400 and slow.on_timeout == "forfeit"


def test_standings_put_a_forfeited_seat_last_and_take_its_win_away() -> None:
    outcome = Outcome(scores={"N": 9, "S": 4, "E": 4}, winners=("N",))
    table = standings(outcome, ["N"])
    assert [row["seat"] for row in table["order"]] == ["S", "E", "N"]
    assert table["winners"] == ["S", "E"]
    assert standings(outcome, ["E"])["winners"] == ["N"]


def test_a_creation_with_a_bad_clock_is_refused_and_stores_nothing(sqlite_url: str) -> None:
    with client(sqlite_url) as http:
        bad = http.post("/api/games", json={"game": TALLY, "clock": {"pace": "custom", "initial": 1}})
        assert (
            bad.status_code == 422
            and "clock: initial must lie between 10 seconds and 30 days" in bad.json()["detail"]
        )
        store = Store(sqlite_url)
        try:
            assert store.game_ids() == []
        finally:
            store.close()
        plain = create(http, game=TALLY, seed=4)
        assert state(http, seat_tokens(plain)["N"])["clock"] is None


def _clocked(http: Any, on_timeout: str, **body: Any) -> dict[str, str]:
    clock = {"pace": "custom", "initial": 1.0, "per_move": 0.5, "cap": 1.5, "on_timeout": on_timeout}
    created = create(http, game=TALLY, options={"rounds": 2}, seed=4, clock=clock, **body)
    return seat_tokens(created)


def test_a_seat_that_runs_out_of_time_is_played_by_the_bot_and_the_game_goes_on(sqlite_url: str) -> None:
    with client(sqlite_url, clock_minimum=0.1) as http:
        tokens = _clocked(http, "bot")
        first = state(http, tokens["N"])
        assert first["clock"]["pace"] == "custom" and set(first["clock"]["remaining"]) == {"N", "S"}
        assert first["clock"]["running"] == first["to_act"]
        late = first["to_act"][0]
        other = "S" if late == "N" else "N"
        done = wait_until(http, tokens[other], lambda s: bool(s["events"]), timeout=10.0)
        assert done["events"][0]["kind"] == "timeout" and done["events"][0]["seats"] == [late]
        assert done["controllers"][late] == "bot:heuristic"
        assert late not in done["clock"]["remaining"]  # a bot's seat is not timed
        refused = http.post(f"/api/play/{tokens[late]}/resign", json={})
        assert refused.status_code == 409 and "already played by a bot" in refused.json()["detail"]
        # The bot plays for it and the game goes on to its end with the other person alone (whose
        # own bank, 1 s plus 0.5 s a decision, is enough for the driver's quick moves).
        end = drive(http, {other: tokens[other]}, lambda s: False)
        assert end["outcome"] is not None and end["forfeited"] == []
        # No forfeit: the standings are the rules' own ranking and winners.
        assert end["standings"]["winners"] == end["outcome"]["winners"]
        assert not any(row["forfeited"] for row in end["standings"]["order"])


def test_a_forfeit_on_time_ranks_the_seat_last_and_the_record_notes_it(sqlite_url: str) -> None:
    with client(sqlite_url, clock_minimum=0.1) as http:
        tokens = _clocked(http, "forfeit")
        late = state(http, tokens["N"])["to_act"][0]
        other = "S" if late == "N" else "N"
        wait_until(http, tokens[other], lambda s: bool(s["events"]), timeout=10.0)
        # The other person keeps playing (quickly: their own bank is 1-1.5 s).
        end = drive(http, {other: tokens[other]}, lambda s: False)
        assert end["outcome"] is not None
        assert end["forfeited"] == [late]
        order = [row["seat"] for row in end["standings"]["order"]]
        assert order[-1] == late and late not in end["standings"]["winners"]
        record = json.loads(http.get(f"/api/play/{tokens[other]}/record").text)
        assert record["events"] == [
            {
                "move": record["events"][0]["move"],
                "kind": "forfeited",
                "seats": [late],
                "controller": "bot:heuristic",
            }
        ]
        assert record["seats"][late] == "bot:heuristic" and record["seats"][other] == "human"


def test_the_clock_runs_out_while_the_game_is_out_of_memory(sqlite_url: str) -> None:
    # Evicted at once (no watcher), swept every 0.2 s: the sweep loads the game when its clock
    # runs out, and the time-out is stored with no request in between.
    with client(sqlite_url, clock_minimum=0.1, idle_seconds=0.0, sweep_seconds=0.2) as http:
        tokens = _clocked(http, "bot")
        late = state(http, tokens["N"])["to_act"][0]
        store = Store(sqlite_url)
        try:
            deadline = time.monotonic() + 10.0
            while not store.seat_events(1) and time.monotonic() < deadline:
                time.sleep(0.1)
            events = store.seat_events(1)
        finally:
            store.close()
        assert [(e.kind, e.seats) for e in events] == [("timeout", (late,))]


def test_the_banks_follow_from_the_record_after_a_restart(sqlite_url: str) -> None:
    clock = {"pace": "custom", "initial": 3600, "per_move": 60, "cap": 7200}
    with client(sqlite_url) as http:
        created = create(http, game=TALLY, options={"rounds": 2}, seed=4, clock=clock)
        tokens = seat_tokens(created)
        first = state(http, tokens["N"])
        seat = first["to_act"][0]
        legal = state(http, tokens[seat])["legal"][seat]
        played = http.post(
            f"/api/play/{tokens[seat]}/action", json={"action": legal[0], "move": 0, "seat": seat}
        )
        assert played.status_code == 200, played.text
        looked = time.time()
        before = state(http, tokens["N"])["clock"]
    with client(sqlite_url) as http:  # a new process: nothing of the clock is kept in memory
        after = state(http, tokens["N"])["clock"]
        between = time.time() - looked
    assert after["running"] == before["running"]
    for s in ("N", "S"):
        spent = before["remaining"][s] - after["remaining"][s]
        # Only the time between the two looks, on the running seat alone (figures rounded to 0.1 s).
        limit = between + 0.1 if s in after["running"] else 0.0
        assert -0.1 <= spent <= limit, (s, before, after, between)
    if seat not in after["running"]:
        assert after["remaining"][seat] > 3600.0  # its decision ended: +60 s


def test_a_rematch_keeps_the_time_control(sqlite_url: str) -> None:
    clock = {"pace": "fast", "on_timeout": "forfeit"}
    with client(sqlite_url) as http:
        created = create(http, game=TALLY, options={"rounds": 2}, seed=4, clock=clock)
        tokens = seat_tokens(created)
        drive(http, tokens, lambda s: False)
        again = http.post(f"/api/play/{tokens['N']}/rematch")
        assert again.status_code == 200, again.text
        fresh = state(http, again.json()["url"].rsplit("/", 1)[-1])
        assert fresh["clock"]["pace"] == "fast" and fresh["clock"]["on_timeout"] == "forfeit"
        # The fresh game's clock starts full; the seat to act may already have spent the moments
        # between the rematch and this look (0.1 s on a loaded machine), the other none.
        remaining = fresh["clock"]["remaining"]
        assert set(remaining) == {"N", "S"}
        for s, left in remaining.items():
            spent = 8 * 3600.0 - left
            assert spent == 0.0 or (s in fresh["clock"]["running"] and 0.0 <= spent <= 5.0), fresh["clock"]
