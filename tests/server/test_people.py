"""Issue 19's platform features through the API, for any game (Tally, the engine's test double, and
La Belle Époque): names on seats, chat with private messages, the per-seat turn webhook, resigning,
replacing an absent player by a bot, rematch; and a database from before these features opens."""

from __future__ import annotations

import asyncio
import http.server
import json
import sqlite3
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from realpolitik.server.people import check_webhook, rematch_token
from realpolitik.server.rooms import Refused
from realpolitik.server.store import Store
from realpolitik.server.tokens import route_of

from .helpers import LiveServer, client, create, drive, seat_tokens, state, token

TALLY = "tally-double"


def _tally(http: Any, **body: Any) -> tuple[dict[str, Any], dict[str, str]]:
    created = create(http, game=TALLY, options={"rounds": 2}, seed=4, **body)
    return created, seat_tokens(created)


def test_names_are_chosen_at_creation_renamed_once_and_checked(db_url: str) -> None:
    with client(db_url) as http:
        created, tokens = _tally(http, names={"N": "Ada"})
        assert created["players"][0]["name"] == "Ada"
        assert state(http, tokens["S"])["names"] == {"N": "Ada"}
        for bad, words in (
            ("", "empty"),
            ("x" * 33, "at most 32"),
            ("<b>Bob</b>", "'<' or '>'"),
            ("a\x07b", "control"),
        ):
            refused = http.post(f"/api/play/{tokens['S']}/name", json={"name": bad})
            assert refused.status_code == 422 and words in refused.json()["detail"], refused.text
        assert state(http, tokens["S"])["names"] == {"N": "Ada"}  # nothing changed
        assert state(http, tokens["S"])["can_rename"] is True
        done = http.post(f"/api/play/{tokens['S']}/name", json={"name": "  Bob   Smith "})
        assert done.status_code == 200 and done.json()["name"] == "Bob Smith"
        again = http.post(f"/api/play/{tokens['S']}/name", json={"name": "Robert"})
        assert again.status_code == 409
        seen = state(http, token(created["spectator"]))
        assert seen["names"] == {"N": "Ada", "S": "Bob Smith"} and seen["can_rename"] is False
        spectator = http.post(f"/api/play/{token(created['spectator'])}/name", json={"name": "Eve"})
        assert spectator.status_code == 403
        assert create_refused(http, names={"N": "<script>"}) == 422
        assert create_refused(http, names={"Z": "Zed"}) == 422


def create_refused(http: Any, **body: Any) -> int:
    return int(http.post("/api/games", json={"game": TALLY, **body}).status_code)


def test_chat_is_stored_private_messages_reach_only_their_two_seats(db_url: str) -> None:
    with client(db_url) as http:
        created = create(http, game=TALLY, options={"seats": 3}, seed=4)
        tokens = seat_tokens(created)
        watcher = token(created["spectator"])

        def post(tok: str, **body: Any) -> Any:
            return http.post(f"/api/play/{tok}/chat", json=body)

        assert post(tokens["N"], text="hello all <b>").status_code == 201
        assert post(tokens["N"], text="psst", to="S").status_code == 201
        assert post(watcher, text="nice game").status_code == 201
        assert post(watcher, text="x", to="S").status_code == 422
        assert post(tokens["N"], text="me", to="N").status_code == 422
        assert post(tokens["N"], text=" ").status_code == 422
        assert post(tokens["N"], text="y" * 501).status_code == 422

        def read(tok: str) -> list[str]:
            return [m["text"] for m in http.get(f"/api/play/{tok}/chat").json()["messages"]]

        assert read(tokens["N"]) == ["hello all <b>", "psst", "nice game"]
        assert read(tokens["S"]) == ["hello all <b>", "psst", "nice game"]
        assert read(tokens["E"]) == ["hello all <b>", "nice game"]
        assert read(watcher) == ["hello all <b>", "nice game"]
        first = http.get(f"/api/play/{tokens['S']}/chat").json()["messages"]
        assert first[1]["from"] == ["N"] and first[1]["to"] == "S" and first[2]["from"] is None
    with client(db_url) as http:  # stored: a restart keeps them
        assert len(http.get(f"/api/play/{tokens['S']}/chat").json()["messages"]) == 3


def test_chat_is_rate_limited_per_link(sqlite_url: str) -> None:
    with client(sqlite_url, chat_burst=3.0, chat_per_minute=1.0) as http:
        _created, tokens = _tally(http)
        codes = [
            http.post(f"/api/play/{tokens['N']}/chat", json={"text": f"m{i}"}).status_code for i in range(5)
        ]
        assert codes == [201, 201, 201, 429, 429]
        assert http.post(f"/api/play/{tokens['S']}/chat", json={"text": "mine"}).status_code == 201


@pytest.mark.parametrize(
    ("url", "words"),
    [
        ("ftp://example.org/x", "http:// or https://"),
        ("javascript:alert(1)", "http:// or https://"),
        ("http://user:pw@example.org/", "user name"),
        ("https:///nohost", "no host"),
        ("http://example.org:99999/", "not a valid URL"),
    ],
)
def test_a_bad_webhook_is_refused(url: str, words: str) -> None:
    with pytest.raises(Refused) as refused:
        check_webhook(url)
    assert refused.value.status == 422 and words in refused.value.reason


class _Receiver:
    """A webhook receiver on loopback: it keeps every body posted to it."""

    def __init__(self) -> None:
        self.bodies: list[dict[str, Any]] = []
        bodies = self.bodies

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                length = int(self.headers.get("content-length", "0"))
                bodies.append(json.loads(self.rfile.read(length)))
                self.send_response(204)
                self.end_headers()

            def log_message(self, *_args: Any) -> None:
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/hook"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self) -> None:
        self.server.shutdown()


@pytest.fixture
def receiver() -> Iterator[_Receiver]:
    found = _Receiver()
    yield found
    found.close()


def _wait(check: Any, timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.02)


def test_the_webhook_is_called_when_the_turn_comes_and_the_seat_is_away(
    sqlite_url: str, receiver: _Receiver
) -> None:
    with LiveServer(sqlite_url, webhooks_to_local=True) as server, httpx.Client(base_url=server.base) as http:
        created, tokens = _tally(http, names={"S": "Bea"})
        assert http.post(f"/api/play/{tokens['S']}/webhook", json={"url": receiver.url}).status_code == 200
        assert state(http, tokens["S"])["webhook"] is True
        current = state(http, tokens["N"])
        assert current["to_act"] == ["N"]
        http.post(f"/api/play/{tokens['N']}/action", json={"action": "pass", "move": 0})
        _wait(lambda: len(receiver.bodies) == 1)
        body = receiver.bodies[0]
        assert body["event"] == "your_turn" and body["seats"] == ["S"] and body["name"] == "Bea"
        assert body["move"] == 1 and "token" not in json.dumps(body)
        # North never set one: nothing is sent for North's turn.
        assert (
            http.post(f"/api/play/{tokens['S']}/action", json={"action": "pass", "move": 1}).status_code
            == 200
        )
        time.sleep(0.3)
        assert len(receiver.bodies) == 1
    del created


async def _pass_while_open(base: str, tokens: dict[str, str]) -> None:
    """North passes while South's page has its websocket open."""
    import websockets

    async with (
        websockets.connect(f"{base.replace('http', 'ws')}/ws/{tokens['S']}") as socket,
        httpx.AsyncClient(base_url=base) as http,
    ):
        await socket.recv()
        await http.post(f"/api/play/{tokens['N']}/action", json={"action": "pass", "move": 0})
        await asyncio.sleep(0.5)


def test_no_webhook_while_the_seat_has_its_page_open_nor_to_loopback_by_default(
    sqlite_url: str, receiver: _Receiver
) -> None:
    with LiveServer(sqlite_url, webhooks_to_local=True) as server, httpx.Client(base_url=server.base) as http:
        _created, tokens = _tally(http)
        http.post(f"/api/play/{tokens['S']}/webhook", json={"url": receiver.url})
        asyncio.run(_pass_while_open(server.base, tokens))
    assert receiver.bodies == []
    with LiveServer(sqlite_url) as server, httpx.Client(base_url=server.base) as http:
        _created, tokens = _tally(http)
        http.post(f"/api/play/{tokens['S']}/webhook", json={"url": receiver.url})
        http.post(f"/api/play/{tokens['N']}/action", json={"action": "pass", "move": 0})
        time.sleep(0.5)
    assert receiver.bodies == []


def test_resigning_hands_the_seat_to_a_bot_and_the_game_goes_on(sqlite_url: str) -> None:
    with client(sqlite_url) as http:
        created, tokens = _tally(http)
        resigned = http.post(f"/api/play/{tokens['S']}/resign", json={})
        assert resigned.status_code == 200 and resigned.json()["controller"] == "bot:heuristic"
        again = http.post(f"/api/play/{tokens['S']}/resign", json={})
        assert again.status_code == 409
        seen = state(http, tokens["N"])
        assert seen["controllers"]["S"] == "bot:heuristic"
        assert seen["events"] == [
            {"move": 0, "kind": "resigned", "seats": ["S"], "controller": "bot:heuristic"}
        ]
        end = drive(http, {"N": tokens["N"]}, lambda s: False)
        assert end["outcome"] is not None
        # The resigned link cannot act any more.
        assert http.post(f"/api/play/{token(created['spectator'])}/resign", json={}).status_code == 403


def test_an_absent_player_is_replaced_after_the_idle_time_or_by_the_table(sqlite_url: str) -> None:
    with client(sqlite_url) as http:
        created, tokens = _tally(http, table=True)
        early = http.post(f"/api/play/{tokens['S']}/replace", json={"seat": "N"})
        assert early.status_code == 409 and "48 h" in early.json()["detail"]
        own = http.post(f"/api/play/{tokens['N']}/replace", json={"seat": "N"})
        assert own.status_code == 422 and "resign" in own.json()["detail"]
        waiting = http.post(f"/api/play/{tokens['N']}/replace", json={"seat": "S"})
        assert waiting.status_code == 409 and "not holding the game up" in waiting.json()["detail"]
        table = http.post(f"/api/play/{token(created['table'])}/replace", json={"seat": "S"})
        assert table.status_code == 200
        assert state(http, tokens["N"])["events"][0]["kind"] == "replaced"
    with client(sqlite_url, replace_after_seconds=0.0) as http:
        _created, tokens = _tally(http)
        done = http.post(f"/api/play/{tokens['S']}/replace", json={"seat": "N"})
        assert done.status_code == 200, done.text
        assert state(http, tokens["S"])["controllers"]["N"] == "bot:heuristic"


def test_a_rematch_has_the_same_seats_and_options_and_new_links_for_the_same_holders(db_url: str) -> None:
    with client(db_url) as http:
        created, tokens = _tally(http, names={"N": "Ada", "S": "Bea"})
        assert http.post(f"/api/play/{tokens['N']}/rematch").status_code == 409  # not over
        drive(http, tokens, lambda s: False)
        watcher = token(created["spectator"])
        assert http.post(f"/api/play/{watcher}/rematch").status_code == 409  # no rematch yet
        first = http.post(f"/api/play/{tokens['N']}/rematch")
        assert first.status_code == 200, first.text
        again = http.post(f"/api/play/{tokens['N']}/rematch").json()
        assert again == first.json()
        south = http.post(f"/api/play/{tokens['S']}/rematch").json()["url"]
        assert state(http, tokens["S"])["rematch"] is True
        new_n, new_s = token(first.json()["url"]), token(south)
        assert {new_n, new_s}.isdisjoint(tokens.values())
        fresh = state(http, new_n)
        assert fresh["move"] == 0 and fresh["seats"] == ["N"] and state(http, new_s)["seats"] == ["S"]
        assert fresh["game"]["options"] == state(http, tokens["N"])["game"]["options"]
        assert fresh["names"] == {"N": "Ada", "S": "Bea"} and fresh["secret_seed"] is True
        watch = http.post(f"/api/play/{watcher}/rematch").json()["url"]
        assert watch.startswith("/watch/") and state(http, token(watch))["role"] == "spectator"
        assert rematch_token(tokens["N"], 2) == new_n
        # the rematch keeps the game's route key: a front sends it to the same process
        assert {route_of(t) for t in (new_n, new_s, token(watch), watcher, *tokens.values())} == {
            route_of(watcher)
        }


def test_a_database_from_before_names_and_chat_still_opens(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'old.db'}"
    with client(url) as http:
        created, tokens = _tally(http)
    # As the store was before issue 19: none of the new tables.
    with sqlite3.connect(tmp_path / "old.db") as conn:
        for table in ("players", "chat", "seat_events", "rematches"):
            conn.execute(f"DROP TABLE {table}")
    with client(url) as http:
        seen = state(http, tokens["N"])
        assert seen["names"] == {} and seen["can_rename"] is True and seen["events"] == []
        assert http.post(f"/api/play/{tokens['S']}/name", json={"name": "Bea"}).status_code == 200
        assert http.post(f"/api/play/{tokens['S']}/chat", json={"text": "hi"}).status_code == 201
        assert state(http, tokens["N"])["names"] == {"S": "Bea"}
    Store(url).close()
    del created


def test_summary_lists_the_game_seats_and_whose_turn(sqlite_url: str) -> None:
    with client(sqlite_url) as http:
        _created, tokens = _tally(http, names={"N": "Ada"})
        summary = http.get(f"/api/play/{tokens['N']}/summary").json()
        assert summary["title"] == "Tally (test double)" and summary["seats"] == ["N"]
        assert summary["to_act"] == ["N"] and summary["yours"] == ["N"] and summary["names"] == {"N": "Ada"}
        assert http.get(f"/api/play/{tokens['S']}/summary").json()["yours"] == []
