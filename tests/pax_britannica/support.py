"""Helpers for Pax Britannica's tests: a fresh game stopped at a known point, scripted dice."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager

from realpolitik.games.pax_britannica import GAME
from realpolitik.games.pax_britannica.rules.state import State
from realpolitik.games.pax_britannica.rules.turn import advance


def fresh(players: int = 4, seed: int = 1) -> State:
    """A new game, at the first Movement/Status Change decision of turn 1."""
    return GAME.setup({"players": players}, seed)


@contextmanager
def dice(state: State, values: Iterable[int]) -> Iterator[None]:
    """Script the next dice exactly (fewer or more is an error)."""
    state.rng.script_dice(values)
    try:
        yield
    finally:
        left = state.rng.end_script()
    assert not left, f"dice scripted but not rolled: {left}"


def clear_area(state: State, area: str) -> None:
    state.markers.pop(area, None)
    for locs in state.units.values():
        locs.pop(area, None)


def war_phase(cbs: list[list[str]]) -> State:
    """Seven players at the War Phase of turn 1 with these Casus Belli and no other."""
    state = GAME.setup({"players": 7}, 1)
    state.cbs = cbs
    state.eti = 10
    state.flow.clear()
    state.phase = "resentment"
    with dice(state, [6, 6, 6]):  # the Rebellion test (L920-925): none
        advance(state, None)
    return state
