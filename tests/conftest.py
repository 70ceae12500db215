"""Shared fixtures: the engine's test double is registered for every test (and scenario)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from realpolitik.engine import register, unregister
from tests.engine.double import TALLY


@pytest.fixture(autouse=True, scope="session")
def _tally_double() -> Iterator[None]:
    register(TALLY)
    yield
    unregister(TALLY.id)
