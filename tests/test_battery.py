"""The shared battery (realpolitik.testing) over every game in the registry, the test double
included: one test per game, check and option set, so a failure names all three."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from realpolitik.engine import entries, plugin
from realpolitik.testing import CHECKS, BatteryFailure, Check
from realpolitik.testing.battery import check_secrets
from tests.engine.double import BARE_PLUGIN
from tests.engine.double import PLUGIN as TALLY_PLUGIN

SEEDS = (1, 2)


def _cases() -> list[Any]:
    # The registry is read at collection time, before the session fixture registers the doubles,
    # so they are named here too.
    doubles = {p.id: p for p in (TALLY_PLUGIN, BARE_PLUGIN)}
    ids = list(dict.fromkeys([*(e.id for e in entries()), *doubles]))
    cases = []
    for game_id in ids:
        game = doubles.get(game_id) or plugin(game_id)
        for check in CHECKS:
            for index, options in enumerate(game.option_sets):
                cases.append(pytest.param(game_id, check, options, id=f"{game_id}-{check.name}-{index}"))
    return cases


@pytest.mark.parametrize(("game_id", "check", "options"), _cases())
def test_battery(game_id: str, check: Check, options: Mapping[str, Any]) -> None:
    for seed in SEEDS:
        check.run(plugin(game_id), options, seed)


def test_the_battery_catches_a_view_that_shows_another_hand() -> None:
    """The secrets check is not a check that cannot fail: a view leaking the other hand fails it."""
    game = TALLY_PLUGIN.game
    honest = type(game).view

    def leaky(self: Any, state: Any, seat: Any) -> dict[str, Any]:
        view = honest(self, state, seat)
        view["all_hands"] = {s: list(h) for s, h in state.hands.items()}
        return view

    try:
        type(game).view = leaky  # type: ignore[method-assign]
        with pytest.raises(BatteryFailure, match="view changes when what it cannot see is resampled"):
            check_secrets(TALLY_PLUGIN, {}, 1)
    finally:
        type(game).view = honest  # type: ignore[method-assign]
