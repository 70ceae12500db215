"""The server restarts with every game intact, on SQLite and on PostgreSQL: a match is rebuilt by
replaying its stored actions, bots carry on, and undo still works."""

from __future__ import annotations

import time
from typing import Any

from .helpers import client, create, drive, seat_tokens, state, token, wait_until


def _snapshot(payload: dict[str, Any]) -> dict[str, Any]:
    return {key: payload[key] for key in ("move", "to_act", "views", "legal", "log", "undo", "outcome")}


def test_a_restart_keeps_every_game_and_its_hidden_hands(db_url: str) -> None:
    with client(db_url) as http:
        created = create(http, controllers={"CE": "bot", "RU": "bot"}, seed=21)
        tokens = seat_tokens(created)
        drive(http, tokens, until=lambda s: s["move"] >= 12)
        before = {seat: _snapshot(state(http, tok)) for seat, tok in tokens.items()}
        public = _snapshot(state(http, token(created["spectator"])))
    with client(db_url) as http:
        after = {seat: _snapshot(state(http, tok)) for seat, tok in tokens.items()}
        assert after == before
        assert _snapshot(state(http, token(created["spectator"]))) == public
        # And the game goes on.
        drive(http, tokens, until=lambda s: s["move"] >= before["GB"]["move"] + 3)


def test_undo_survives_a_restart(db_url: str) -> None:
    with client(db_url) as http:
        tokens = seat_tokens(create(http, seed=3))
        current = state(http, tokens["GB"])
        seat = current["to_act"][0]
        mine = state(http, tokens[seat])
        posted = http.post(
            f"/api/play/{tokens[seat]}/action", json={"action": mine["legal"][seat][0], "move": mine["move"]}
        )
        assert posted.status_code == 200
    with client(db_url) as http:
        again = state(http, tokens[seat])
        assert again["undo"][seat] is True
        undone = http.post(f"/api/play/{tokens[seat]}/undo", json={"move": again["move"]})
        assert undone.status_code == 200
    with client(db_url) as http:
        assert _snapshot(state(http, tokens[seat])) == _snapshot(mine)


def test_bots_carry_on_after_a_restart_in_the_middle_of_their_turn(sqlite_url: str) -> None:
    # Slow bots: the server stops while a bot is still thinking about its move.
    with client(sqlite_url, bot_delay=30.0) as http:
        created = create(http, controllers={"GB": "bot", "FR": "bot", "CE": "bot", "RU": "bot"}, seed=5)
        watch = token(created["spectator"])
        assert state(http, watch)["move"] == 0
        started = time.monotonic()
    assert time.monotonic() - started < 5, "shutting down must not wait for a sleeping bot"
    with client(sqlite_url) as http:
        moved = wait_until(http, watch, lambda s: s["move"] >= 10)
        assert moved["to_act"] or moved["outcome"]
