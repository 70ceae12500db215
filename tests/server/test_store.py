"""The store on SQLite and on a real PostgreSQL: games, links, and the action record."""

from __future__ import annotations

import pytest

from realpolitik.server.store import NewLink, StaleMove, Store, database_url
from realpolitik.server.tokens import hash_token, new_token


def _game(store: Store) -> tuple[int, str]:
    tok = new_token()
    game_id = store.create_game(
        game="la-belle-epoque",
        game_version="v",
        options={"players": 4, "content": {}},
        seed=2**40,
        seat_players=[("GB", 0, "human"), ("FR", 1, "bot:random")],
        new_links=[NewLink(tok, "player", ("GB",)), NewLink(new_token(), "spectator", ())],
    )
    return game_id, tok


def test_a_game_and_its_links_round_trip(db_url: str) -> None:
    store = Store(db_url)
    game_id, tok = _game(store)
    row = store.game(game_id)
    assert row is not None
    assert (row.game, row.seed, row.options) == ("la-belle-epoque", 2**40, {"players": 4, "content": {}})
    link = store.link(tok)
    assert link is not None and (link.game_id, link.role, link.seats) == (game_id, "player", ("GB",))
    assert store.controllers(game_id) == {"GB": (0, "human"), "FR": (1, "bot:random")}
    assert store.link(new_token()) is None
    store.close()


def test_tokens_are_stored_only_as_hashes(sqlite_url: str) -> None:
    store = Store(sqlite_url)
    _game_id, tok = _game(store)
    with store.engine.connect() as conn:
        dumped = "\n".join(str(row) for row in conn.exec_driver_sql("SELECT * FROM links"))
    assert tok not in dumped
    assert hash_token(tok) in dumped


def test_the_record_refuses_a_second_action_at_one_number(db_url: str) -> None:
    store = Store(db_url)
    game_id, _tok = _game(store)
    store.append(game_id, 0, "GB", "place china")
    with pytest.raises(StaleMove):
        store.append(game_id, 0, "GB", "place japan")
    store.append(game_id, 1, "FR", "place congo")
    assert store.actions(game_id) == [("GB", "place china"), ("FR", "place congo")]
    store.remove_last(game_id, 1, "FR", "place congo")
    assert store.actions(game_id) == [("GB", "place china")]
    assert store.count(game_id) == 1
    store.close()


def test_sqlite_runs_in_wal_mode(sqlite_url: str) -> None:
    store = Store(sqlite_url)
    with store.engine.connect() as conn:
        assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
        assert conn.exec_driver_sql("PRAGMA synchronous").scalar() == 2  # FULL


def test_plain_postgresql_urls_use_psycopg_3() -> None:
    assert database_url("postgresql://u:p@127.0.0.1:5432/db") == "postgresql+psycopg://u:p@127.0.0.1:5432/db"
    assert database_url("sqlite:///x.db") == "sqlite:///x.db"
