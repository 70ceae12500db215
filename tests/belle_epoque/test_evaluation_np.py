"""The bots' evaluation with Non-Player Powers (ai/evaluation.py ``values``, issue 18).

NP Powers never score (§13.0, digest A23): the final scores leave them out, and so must the
projection the bots play by, or a solo bot spends its actions denying Powers that cannot win.
"""

from __future__ import annotations

from typing import Any

import pytest

from realpolitik.bots import make_bot
from realpolitik.engine import get_game
from realpolitik.engine.plugin import against_rivals
from realpolitik.games.belle_epoque.ai.evaluation import seat_value, values

GAME: Any = get_game("la-belle-epoque")


def decisions(np: list[str], seed: int, limit: int = 400) -> Any:
    """Every position of a random game with these NP Powers (and the final one)."""
    state = GAME.setup(GAME.normalize_options({"np": np}), seed)
    bot = make_bot("random", seed)
    for _ in range(limit):
        yield state
        acting = GAME.to_act(state)
        if not acting:
            return
        GAME.apply(state, acting[0], bot.choose(GAME, state, acting[0]))


@pytest.mark.parametrize(
    ("np", "seed"), [(["FR", "CE", "RU"], 3), (["GB", "FR", "CE"], 4), (["CE", "RU"], 5)]
)
def test_np_powers_are_not_in_the_table(np: list[str], seed: int) -> None:
    humans = [p for p in ("GB", "FR", "CE", "RU") if p not in np]
    seen = 0
    for state in decisions(np, seed):
        table = values(state)
        assert sorted(table) == sorted(humans), state.turn
        if state.final is None:
            # Dropping the NP Powers changes no human's own projection: the same position read as
            # if nobody were automated gives every human the same figure.
            twin = state.clone()
            twin.np = None
            full = values(twin)
            assert sorted(full) == ["CE", "FR", "GB", "RU"]
            for power in humans:
                assert table[power] == pytest.approx(full[power])
            seen += 1
    assert seen > 50


def test_a_solo_player_plays_for_its_own_vp() -> None:
    """Alone against three automata the §13.10 bands judge the player's VP alone: the seat's value
    is its projected VP, not a margin over projections of Powers that never score."""
    for state in decisions(["GB", "CE", "RU"], 6, limit=120):
        if state.final is not None:
            break
        table = values(state)
        assert seat_value(state, "FR") == table["FR"] == against_rivals(table, "FR")


def test_four_players_keep_every_power() -> None:
    for state in decisions([], 7, limit=60):
        assert sorted(values(state)) == ["CE", "FR", "GB", "RU"]
