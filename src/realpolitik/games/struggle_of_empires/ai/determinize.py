"""What a seat cannot see, drawn anew: the order of the region-marker bag, the dice to come and,
with valued unrest markers (G8, option ``unrest_markers=valued``), the values of the other empires'
markers and of the face-down pool.

Unrest markers' counts are public (they are taken in front of everyone, L66-72); with markers all
worth one point (the default) nothing else is hidden. With valued markers a seat knows its own
markers' values and so the rest of the pool's make-up, but not how it is split between the others
and the pool: those values are shuffled together and dealt back, each empire keeping its count.
"""

from __future__ import annotations

from ....engine import Rng
from ..rules.state import State


def determinize(state: State, seat: str | None, rng: Rng) -> State:
    twin = state.clone()
    rng.shuffle(twin.bag)
    if twin.valued_unrest() and twin.final is None:
        others = [s for s in twin.seats if s != seat]
        hidden = [v for s in others for v in twin.unrest_values[s]] + twin.unrest_pool
        rng.shuffle(hidden)
        for s in others:
            n = len(twin.unrest_values[s])
            twin.unrest_values[s], hidden = hidden[:n], hidden[n:]
            twin.unrest[s] = sum(twin.unrest_values[s])
        twin.unrest_pool = hidden
    twin.rng = Rng.from_seed(rng.below(2**31), stream=11)
    return twin
