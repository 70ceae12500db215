"""The paths made fast for load (docs/performance.md, "The web app under load"): an action's answer
carrying the link's new state; the state message built once per version and shared; the links
remembered; SQLite's group commit. Each must say exactly what the slow path said: no stale state
after any change, nothing of one link's seats in another link's message, nothing acknowledged that
is not stored."""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any

import pytest

from realpolitik.server.rooms import Room, state_payload
from realpolitik.server.store import LinkRow, NewLink, StaleMove, Store

from .helpers import LBE, client, create, seat_tokens, state, to_act, token

TIMING = ("idle", "clock")
"""Fields that follow the wall clock: two reads a moment apart may differ there."""


def _steady(payload: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in payload.items() if key not in TIMING}


def _reference(room: Room, link: LinkRow, reveal: str | None = None) -> dict[str, Any]:
    """The state message as the unshared builder (``state_payload``) makes it from the match now."""
    return state_payload(
        room.match,
        role=link.role,
        held=() if link.role == "spectator" else link.seats,
        controllers={seat: ctl for seat, (_p, ctl) in room.controllers.items()},
        log_epoch=room.log_epoch,
        error=room.error or room.notice,
        reveal=reveal,
    )


def _count_reads(store: Store) -> list[int]:
    """Make ``store.actions_from`` note where each read starts (the list it returns)."""
    reads: list[int] = []
    original = store.actions_from

    def counting(game_id: int, start: int) -> list[tuple[str, str, float]]:
        reads.append(start)
        rows: list[tuple[str, str, float]] = original(game_id, start)
        return rows

    store.actions_from = counting  # type: ignore[method-assign]
    return reads


def test_an_action_answered_with_since_carries_the_links_new_state(sqlite_url: str) -> None:
    with client(sqlite_url) as http:
        tokens = seat_tokens(create(http, game=LBE, seed=3))
        seat, mine = to_act(http, tokens)
        plain = http.post(
            f"/api/play/{tokens[seat]}/action", json={"action": mine["legal"][seat][0], "move": mine["move"]}
        )
        assert plain.status_code == 200 and "state" not in plain.json()  # not asked: as before
        seat, mine = to_act(http, tokens)
        answer = http.post(
            f"/api/play/{tokens[seat]}/action",
            params={"since": mine["log_length"], "epoch": mine["log_epoch"]},
            json={"action": mine["legal"][seat][0], "move": mine["move"]},
        )
        assert answer.status_code == 200, answer.text
        body = answer.json()
        assert body["ok"] and body["seat"] == seat and body["move"] == mine["move"] + 1
        carried = body["state"]
        assert carried["move"] == body["move"] and carried["log_from"] == mine["log_length"]
        # The same as a GET with the same parameters, and only this link's seats.
        again = http.get(
            f"/api/play/{tokens[seat]}", params={"since": mine["log_length"], "epoch": mine["log_epoch"]}
        )
        assert _steady(carried) == _steady(again.json())
        assert [entry["seat"] for entry in carried["views"]] == [seat]
        assert set(carried["legal"]) <= {seat}

        # Undo answers the same way, with the log from 0 when the epoch the client saw is old.
        undone = http.post(
            f"/api/play/{tokens[seat]}/undo",
            params={"since": carried["log_length"], "epoch": carried["log_epoch"]},
            json={"move": body["move"]},
        )
        assert undone.status_code == 200, undone.text
        after = undone.json()["state"]
        assert after["move"] == mine["move"] and after["log_epoch"] == carried["log_epoch"] + 1
        assert after["log_from"] == 0


def test_a_refused_reveal_changes_nothing_and_a_table_gets_only_the_revealed_seat(sqlite_url: str) -> None:
    with client(sqlite_url) as http:
        created = create(http, game=LBE, seed=5, table=True)
        table = token(created["table"])
        current = state(http, table)
        seat = current["to_act"][0]
        shown = http.get(f"/api/play/{table}", params={"reveal": seat}).json()
        action = shown["legal"][seat][0]
        # A seat the link does not hold: refused before the action is applied.
        bad = http.post(
            f"/api/play/{table}/action",
            params={"since": 0, "reveal": "XX"},
            json={"action": action, "move": 0},
        )
        assert bad.status_code == 422 and state(http, table)["move"] == 0
        # Without reveal, the shared screen's answer carries the public view only.
        public = http.post(
            f"/api/play/{table}/action", params={"since": 0}, json={"action": action, "move": 0, "seat": seat}
        ).json()["state"]
        assert [entry["seat"] for entry in public["views"]] == [None] and public["legal"] == {}
        assert not any(line.get("private") for line in public["log"])


def test_shared_state_messages_follow_every_change_and_never_cross_links(sqlite_url: str) -> None:
    """Every link's message equals the one built from scratch after actions, an undo, a name
    change, a chat message and a seat handed to a bot; nothing is served from an older version."""
    with client(sqlite_url) as http:
        created = create(http, game=LBE, seed=11, table=True)
        tokens = seat_tokens(created)
        links = {
            **tokens,
            "spectator": token(created["spectator"]),
            "table": token(created["table"]),
        }
        rooms = http.app.state.rooms  # type: ignore[attr-defined]
        store = http.app.state.store  # type: ignore[attr-defined]

        def check_all() -> None:
            # a game of human seats is loaded by the first page that opens it, not at creation
            assert http.get(f"/api/play/{links['spectator']}").status_code == 200
            room = rooms.loaded(1)
            for name, tok in links.items():
                link = store.link(tok)
                reveals: list[str | None] = [None, *link.seats] if link.role == "table" else [None]
                for reveal in reveals:
                    params = {} if reveal is None else {"reveal": reveal}
                    got = http.get(f"/api/play/{tok}", params=params).json()
                    want = _reference(room, link, reveal)
                    assert {k: got[k] for k in want} == json.loads(json.dumps(want)), (name, reveal)
                    seen = {entry["seat"] for entry in got["views"]}
                    assert seen <= (set(link.seats) if link.role == "player" else {None, reveal}), name
                    assert got["names"] == room.names_by_seat()

        check_all()
        for _ in range(6):
            seat, mine = to_act(http, tokens)
            assert (
                http.post(
                    f"/api/play/{tokens[seat]}/action",
                    json={"action": mine["legal"][seat][-1], "move": mine["move"]},
                ).status_code
                == 200
            )
            check_all()
        # An undo takes the shared parts back too.
        seat, mine = to_act(http, tokens)
        http.post(
            f"/api/play/{tokens[seat]}/action", json={"action": mine["legal"][seat][0], "move": mine["move"]}
        )
        last = state(http, tokens[seat])
        assert last["undo"].get(seat)
        assert http.post(f"/api/play/{tokens[seat]}/undo", json={"move": last["move"]}).status_code == 200
        assert state(http, tokens[seat])["move"] == last["move"] - 1
        check_all()
        # People change without a move: names and chat are never taken from a shared part.
        assert http.post(f"/api/play/{tokens['GB']}/name", json={"name": "Ada"}).status_code == 200
        check_all()
        assert state(http, links["spectator"])["names"]["GB"] == "Ada"
        assert http.post(f"/api/play/{tokens['FR']}/chat", json={"text": "hello"}).status_code == 201
        check_all()
        assert http.post(f"/api/play/{tokens['CE']}/resign", json={}).status_code == 200
        check_all()
        assert state(http, links["spectator"])["controllers"]["CE"].startswith("bot")


def test_websockets_get_the_new_version_after_an_undo_and_a_name(sqlite_url: str) -> None:
    with client(sqlite_url) as http:
        created = create(http, game=LBE, seed=4)
        tokens = seat_tokens(created)
        spectator = token(created["spectator"])
        with http.websocket_connect(f"/ws/{spectator}") as watching:
            first = json.loads(watching.receive_text())
            seat, mine = to_act(http, tokens)
            http.post(f"/api/play/{tokens[seat]}/action", json={"action": mine["legal"][seat][0], "move": 0})
            moved = json.loads(watching.receive_text())
            assert moved["move"] == first["move"] + 1
            assert state(http, tokens[seat])["undo"].get(seat)
            assert http.post(f"/api/play/{tokens[seat]}/undo", json={"move": 1}).status_code == 200
            back = json.loads(watching.receive_text())
            assert back["move"] == 0 and back["log_epoch"] == moved["log_epoch"] + 1
            assert back["views"] == first["views"]
            player = next(iter(tokens.values()))
            assert http.post(f"/api/play/{player}/name", json={"name": "Bea"}).status_code == 200
            named = json.loads(watching.receive_text())
            assert "Bea" in named["names"].values()


def test_a_link_is_remembered_until_retention_deletes_its_game(sqlite_url: str) -> None:
    with client(sqlite_url) as http:
        tokens = seat_tokens(create(http, game=LBE, seed=2))
        store = http.app.state.store  # type: ignore[attr-defined]
        tok = tokens["GB"]
        assert store.cached_link(tok) is None
        assert state(http, tok)["move"] == 0
        assert store.cached_link(tok) == store.link(tok)
        assert store.expire(time.time() + 60) == 1
        assert store.cached_link(tok) is None
        assert http.get(f"/api/play/{tok}").status_code == 404


def _store(url: str) -> tuple[Store, list[int]]:
    store = Store(url)
    games = [
        store.create_game(
            game=LBE,
            game_version="1",
            options={},
            seed=n,
            seat_players=[("GB", 0, "human")],
            new_links=[NewLink(f"t{n}", "player", ("GB",))],
        )
        for n in range(6)
    ]
    return store, games


def test_group_commit_stores_each_action_once_in_order_or_refuses_it(db_url: str) -> None:
    """On both databases (PostgreSQL takes the batch's row locks in one statement, in id order)."""
    store, games = _store(db_url)
    notices = _listening(store, db_url)
    try:

        async def together() -> list[Any]:
            # Many games' actions wait together, with a stale one and a duplicate among them.
            calls = [store.append_async(game, 0, "GB", f"place {game}") for game in games]
            calls.append(store.append_async(games[0], 5, "GB", "place far"))  # not the next number
            calls.append(store.append_async(games[1], 0, "GB", "place again"))  # number 0 twice
            return await asyncio.gather(*calls, return_exceptions=True)

        results = asyncio.run(together())
        assert all(isinstance(r, float) for r in results[: len(games)])
        assert isinstance(results[-2], StaleMove) and isinstance(results[-1], StaleMove)
        for game in games:
            assert store.actions(game) == [("GB", f"place {game}")]

        async def in_order() -> list[float]:
            return list(
                await asyncio.gather(*(store.append_async(games[2], n, "GB", f"m{n}") for n in range(1, 6)))
            )

        assert len(asyncio.run(in_order())) == 5  # queued in order: each the next one of its batch
        assert [text for _s, text in store.actions(games[2])] == [
            f"place {games[2]}",
            "m1",
            "m2",
            "m3",
            "m4",
            "m5",
        ]
        # The blocking call (tests, tools) still works, beside the queue.
        assert store.append(games[3], 1, "GB", "x") > 0
        with pytest.raises(StaleMove):
            store.append(games[3], 1, "GB", "x")
        if notices is not None:
            # One notice for each stored action, carrying it, in the order stored; none for the
            # two refused.
            stored = {
                (game, n): store.actions_from(game, n)[0] for game in games for n in range(store.count(game))
            }
            deadline = time.monotonic() + 10
            while len(notices) < len(stored) and time.monotonic() < deadline:
                time.sleep(0.05)
            assert sorted(notices) == sorted((game, n + 1, stored[game, n]) for game, n in stored)
            ordered = [moves for game, moves, _appended in notices if game == games[2]]
            assert ordered == [1, 2, 3, 4, 5, 6]
    finally:
        store.close()


def _listening(store: Store, url: str) -> list[tuple[int, int, Any]] | None:
    """On PostgreSQL, the notices of every change, collected by ``store.listen`` in a thread
    until ``store`` closes (None on SQLite, which has none)."""
    import threading

    from realpolitik.server.store import listen

    if not store.postgres:
        return None
    notices: list[tuple[int, int, Any]] = []
    stop = threading.Event()
    ready = threading.Event()

    def on_change(game: int, moves: int, appended: Any) -> None:
        notices.append((game, moves, appended))

    thread = threading.Thread(target=listen, args=(url, on_change, ready.set, stop), daemon=True)
    thread.start()
    closing = store.close

    def close() -> None:
        stop.set()
        thread.join(5)
        closing()

    store.close = close  # type: ignore[method-assign]
    time.sleep(0.5)  # LISTEN is issued before the actions are stored
    return notices


def test_a_failed_group_commit_acknowledges_nothing(sqlite_url: str) -> None:
    import sqlite3

    from realpolitik.server.store import StoreLimits, Unavailable

    store, games = _store(sqlite_url)
    store.close()
    store = Store(sqlite_url, StoreLimits(lock_timeout=0.2))
    blocker = sqlite3.connect(sqlite_url.removeprefix("sqlite:///"), isolation_level=None)
    try:
        blocker.execute("BEGIN IMMEDIATE")  # another writer holds the database

        async def together() -> list[Any]:
            calls = [store.append_async(game, 0, "GB", "place x") for game in games]
            return await asyncio.gather(*calls, return_exceptions=True)

        results = asyncio.run(together())
        assert all(isinstance(r, Unavailable) for r in results), results
        blocker.execute("ROLLBACK")
        assert all(store.actions(game) == [] for game in games)
    finally:
        blocker.close()
        store.close()


def test_a_process_following_another_reads_only_new_rows_and_notices_a_replaced_one(sqlite_url: str) -> None:
    """Two apps on one database stand for two processes: B follows A's moves from the rows after
    its last one, and an undo in A followed by the same action again (a new row with the same
    text) makes B read the whole record again."""
    with client(sqlite_url) as a, client(sqlite_url) as b:
        tokens = seat_tokens(create(a, game=LBE, seed=8))
        follower = b.app.state.rooms  # type: ignore[attr-defined]
        store_b = b.app.state.store  # type: ignore[attr-defined]
        assert state(b, tokens["GB"])["move"] == 0  # B loads the game
        room_b = follower.loaded(1)
        reads = _count_reads(store_b)
        portal = b.portal
        assert portal is not None

        def follow() -> None:
            portal.call(room_b.catch_up)  # what NOTIFY does on PostgreSQL

        for expected in range(1, 5):
            seat, mine = to_act(a, tokens)
            a.post(
                f"/api/play/{tokens[seat]}/action",
                json={"action": mine["legal"][seat][0], "move": mine["move"]},
            )
            follow()
            assert state(b, tokens[seat])["move"] == expected
        assert reads == [0, 0, 1, 2]  # after the first read, from the last known row on
        # An undo and the same action again in A: same text, a new row; B must see the new log.
        seat, mine = to_act(a, tokens)
        action = mine["legal"][seat][0]
        a.post(f"/api/play/{tokens[seat]}/action", json={"action": action, "move": mine["move"]})
        follow()
        assert a.post(f"/api/play/{tokens[seat]}/undo", json={"move": mine["move"] + 1}).status_code == 200
        a.post(f"/api/play/{tokens[seat]}/action", json={"action": action, "move": mine["move"]})
        reads.clear()
        follow()
        # Then the whole record: the same moves, so B's match and log stand as they are.
        assert reads == [mine["move"], 0]
        for tok in tokens.values():
            # Each process counts its own log epochs (A's undo cut its log; B's never changed).
            assert {**_steady(state(b, tok)), "log_epoch": 0} == {**_steady(state(a, tok)), "log_epoch": 0}


def test_a_notice_carrying_the_move_is_played_on_without_reading_the_record(sqlite_url: str) -> None:
    """PostgreSQL's NOTIFY of an append carries the move (store._notify): a process exactly one
    move behind plays it on without a query, and ends where reading the record would have put
    it; a notice it cannot use (two moves behind, or a move that does not play here) makes it
    read the record instead."""
    with client(sqlite_url) as a, client(sqlite_url) as b:
        tokens = seat_tokens(create(a, game=LBE, seed=8))
        follower = b.app.state.rooms  # type: ignore[attr-defined]
        store_b = b.app.state.store  # type: ignore[attr-defined]
        assert state(b, tokens["GB"])["move"] == 0
        room_b = follower.loaded(1)
        reads = _count_reads(store_b)
        portal = b.portal
        assert portal is not None

        def play_in_a() -> tuple[str, str, float]:
            seat, mine = to_act(a, tokens)
            a.post(
                f"/api/play/{tokens[seat]}/action",
                json={"action": mine["legal"][seat][0], "move": mine["move"]},
            )
            number = mine["move"]
            seat_, text, at = a.app.state.store.actions_from(1, number)[0]  # type: ignore[attr-defined]
            return seat_, text, at

        for expected in range(1, 4):
            appended = play_in_a()
            portal.call(follower.changed, 1, expected, appended)  # what the LISTEN thread does
            assert room_b.move == expected
        assert reads == []  # nothing read: each notice carried its move
        for tok in tokens.values():
            assert {**_steady(state(b, tok)), "log_epoch": 0} == {**_steady(state(a, tok)), "log_epoch": 0}
        # Two moves behind: the notice of the second is of no use alone; the record is read.
        play_in_a()
        second = play_in_a()
        portal.call(follower.changed, 1, 5, second)
        assert room_b.move == 5 and reads == [2]
        # A notice whose move does not play here (not the record's): the record is read.
        reads.clear()
        appended = play_in_a()
        portal.call(follower.changed, 1, 6, (appended[0], "not an action at all", appended[2]))
        assert room_b.move == 6 and reads == [4]
        for tok in tokens.values():
            assert {**_steady(state(b, tok)), "log_epoch": 0} == {**_steady(state(a, tok)), "log_epoch": 0}


def test_a_notice_of_a_move_the_room_has_reads_nothing(sqlite_url: str) -> None:
    """A process hears of its own appends too, often after its next action is applied in memory
    (the room one move ahead of the notice): the room has that move, so nothing is read; a notice
    of another move at that number (another process's) still makes it read the record."""
    with client(sqlite_url) as a:
        tokens = seat_tokens(create(a, game=LBE, seed=8))
        rooms = a.app.state.rooms  # type: ignore[attr-defined]
        store = a.app.state.store  # type: ignore[attr-defined]
        for _ in range(3):
            seat, mine = to_act(a, tokens)
            a.post(
                f"/api/play/{tokens[seat]}/action",
                json={"action": mine["legal"][seat][0], "move": mine["move"]},
            )
        room = rooms.loaded(1)
        second = store.actions_from(1, 1)[0]  # move 2, as its notice carried it
        reads = _count_reads(store)
        portal = a.portal
        assert portal is not None
        before = room.version
        portal.call(rooms.changed, 1, 2, second)  # heard late: the room is at move 3
        assert reads == [] and room.move == 3 and room.version == before
        portal.call(rooms.changed, 1, 2, (second[0], "another move", second[2]))
        assert reads and room.move == 3  # the record is read: it has the 3 moves this room has


def test_a_notice_payload_round_trips() -> None:
    from realpolitik.server.store import parse_notice

    assert parse_notice("12:3") == (12, 3, None)
    assert parse_notice("12:") == (12, -1, None)
    assert parse_notice('7:4|["GB", "place x: y|z", 1700000000.123456]') == (
        7,
        4,
        ("GB", "place x: y|z", 1700000000.123456),
    )
    with pytest.raises(ValueError):
        parse_notice("not a notice")


def test_a_game_of_human_seats_is_loaded_by_its_first_page_not_by_its_creator(sqlite_url: str) -> None:
    """With several processes behind a front that routes by game (docs/web.md), the process that
    happened to create a game must not keep it in memory, following every move through NOTIFY:
    a game of human seats is loaded by its first page; a game with a bot at once (its bot may
    open the game)."""
    with client(sqlite_url) as http:
        rooms = http.app.state.rooms  # type: ignore[attr-defined]
        humans = create(http, game=LBE, seed=5)
        assert rooms.loaded(1) is None
        assert http.get(f"/api/play/{token(humans['spectator'])}").status_code == 200
        assert rooms.loaded(1) is not None
        create(http, game=LBE, seed=6, controllers={"RU": "bot"})
        assert rooms.loaded(2) is not None
