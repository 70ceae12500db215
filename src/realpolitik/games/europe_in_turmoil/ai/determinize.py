"""Resampling what a seat cannot see: the opponent's hand and the draw pile's order (the
opponent's sealed Stability choice too), consistent with what the seat has seen: Scoring cards
the opponent revealed at setup (3.1) and the hand Helgoland showed stay in that hand."""

from __future__ import annotations

from itertools import combinations

from ....engine import Rng
from ..rules.state import State, other


def determinize(state: State, seat: str | None, rng: Rng) -> State:
    twin = state.clone()
    hidden = [s for s in ("A", "L") if s != seat]
    pool = list(twin.deck)
    kept: dict[str, list[str]] = {}
    for s in hidden:
        seen = set(twin.revealed[s])
        if seat is not None:
            seen |= set(twin.peek[seat])
        kept[s] = [c for c in twin.hands[s] if c in seen]
        pool += [c for c in twin.hands[s] if c not in seen]
    rng.shuffle(pool)
    for s in hidden:
        size = len(twin.hands[s]) - len(kept[s])
        twin.hands[s], pool = kept[s] + pool[:size], pool[size:]
    twin.deck = pool
    top = twin.flow.top()
    if top is not None and top.kind == "stability":
        picks = dict(top.data["picks"])
        for s in hidden:
            if s in picks:
                k = top.data["counts"][s]
                options = list(combinations(sorted(twin.stab_avail[s]), k)) if k else [()]
                picks[s] = list(options[rng.below(len(options))])
        top.data["picks"] = picks
    twin.rng = Rng.from_seed(rng.below(2**31), stream=11)
    return twin


__all__ = ["determinize", "other"]
