"""Shared fixtures: the engine's test double is registered for every test (and scenario)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from realpolitik.engine import register, unregister
from tests.engine.double import BARE_PLUGIN, PLUGIN


@pytest.fixture(autouse=True, scope="session")
def _tally_double() -> Iterator[None]:
    register(PLUGIN)
    register(BARE_PLUGIN)
    yield
    unregister(PLUGIN.id)
    unregister(BARE_PLUGIN.id)
