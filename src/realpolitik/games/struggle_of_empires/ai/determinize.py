"""What a seat cannot see, drawn anew: the order of the region-marker bag and the dice to come.

Unrest markers each count one point (G8), so their total is the public count of markers taken;
nothing else is hidden.
"""

from __future__ import annotations

from ....engine import Rng
from ..rules.state import State


def determinize(state: State, seat: str | None, rng: Rng) -> State:
    twin = state.clone()
    rng.shuffle(twin.bag)
    twin.rng = Rng.from_seed(rng.below(2**31), stream=11)
    return twin
