"""Property-based API tests: schemathesis generates requests from the app's own OpenAPI schema
(well-formed and malformed), sends them in-process to the ASGI app on a temporary SQLite
database, and checks that no answer is a 5xx and that every documented answer matches the schema."""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("schemathesis", reason="the Python package schemathesis is missing")

import schemathesis
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, settings
from schemathesis.checks import (
    content_type_conformance,
    not_a_server_error,
    response_schema_conformance,
)

from realpolitik.engine import Match, get_game
from realpolitik.engine.record import Record
from realpolitik.server import create_app

from .helpers import LBE, create, seat_tokens, token
from .helpers import settings as app_settings

# One app for the module, since schemathesis reads the schema at import. The database lives in a
# temporary folder that goes with the test process; the limits are lifted so that hundreds of
# generated requests are judged on their content, not refused as a flood.
_FOLDER = tempfile.TemporaryDirectory(prefix="rp-schemathesis-")
APP = create_app(app_settings(f"sqlite:///{Path(_FOLDER.name) / 'games.db'}", creates_per_minute=100_000.0))
schema = schemathesis.openapi.from_asgi("/openapi.json", APP)
# Malformed requests too: they must get a 4xx with a message, never a 5xx.
schema.config.generation.update(modes=list(schemathesis.GenerationMode))

CHECKS = (not_a_server_error, response_schema_conformance, content_type_conformance)
EXAMPLES = settings(max_examples=50, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))

# Generated tokens almost never name a game: one real game's links let the generated bodies
# reach the action, undo and record handlers instead of stopping at the unknown-link 404.
_http = TestClient(APP)
_created = create(_http, game=LBE, seed=5)
_replay = _http.post("/api/replays", json=Record.of(Match(get_game(LBE), {}, 5)).model_dump())
REAL = {
    "player": next(iter(seat_tokens(_created).values())),
    "spectator": token(_created["spectator"]),
    "replay": token(_replay.json()["url"]),
}


@schema.parametrize()
@EXAMPLES
def test_api_never_fails_and_matches_its_schema(case: Any) -> None:
    case.call_and_validate(checks=CHECKS)


@pytest.mark.parametrize("link", sorted(REAL))
@schema.include(path_regex=r"\{token\}").parametrize()
@EXAMPLES
def test_api_on_real_links(case: Any, link: str) -> None:
    case.path_parameters["token"] = REAL[link]
    case.call_and_validate(checks=CHECKS)
