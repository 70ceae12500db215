"""Fixtures of the web app's tests: a database URL per test (SQLite in tmp_path, and PostgreSQL
when its server binaries are installed)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from .helpers import Postgres, postgres_bin

POSTGRES_MISSING = (
    "PostgreSQL server binaries (initdb, pg_ctl) not found; install Debian's package 'postgresql' "
    "to run the PostgreSQL tests"
)


@pytest.fixture(scope="session")
def postgres() -> Iterator[Postgres]:
    bindir = postgres_bin()
    if bindir is None:
        pytest.skip(POSTGRES_MISSING)
    server = Postgres(bindir)
    try:
        server.start()
    except Exception as error:  # a broken install should say so, not fail every test
        server.stop()
        pytest.skip(f"could not start PostgreSQL on loopback: {error}")
    yield server
    server.stop()


@pytest.fixture
def sqlite_url(tmp_path) -> str:
    return f"sqlite:///{tmp_path / 'games.db'}"


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request, tmp_path) -> str:
    """Each test using it runs on SQLite and on a real PostgreSQL server."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'games.db'}"
    server: Postgres = request.getfixturevalue("postgres")
    return server.new_database()
