"""The games the adapters' tests run on: every registered game, plus the Tally doubles."""

from __future__ import annotations

from typing import Any

import pytest

from realpolitik.engine import entries
from tests.engine.double import BARE_PLUGIN
from tests.engine.double import PLUGIN as TALLY_PLUGIN

DOUBLES = (TALLY_PLUGIN.id, BARE_PLUGIN.id)

SLOW_OPENSPIEL = {"la-belle-epoque", "struggle-of-empires", "pax-britannica", "europe-in-turmoil"}
"""Games whose OpenSpiel random game takes more than a few seconds (pure-Python rules driven
through pyspiel's checks at every step): their random_sim_test is marked slow."""


def game_ids() -> list[str]:
    # Read at collection time, before the session fixture registers the doubles: named here too.
    return list(dict.fromkeys([*(e.id for e in entries()), *DOUBLES]))


def params(slow: set[str] | frozenset[str] = frozenset()) -> list[Any]:
    return [
        pytest.param(game_id, marks=[pytest.mark.slow] if game_id in slow else [], id=game_id)
        for game_id in game_ids()
    ]
