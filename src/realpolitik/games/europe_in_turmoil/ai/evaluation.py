"""How good a position is for each side (the heuristic bot and search leaves).

The projected final VP: the VP now, plus what each region would score now, weighted by how many
scorings may still come, plus the naval race and cards in hand. Weights are guesses tuned only by
play, not rules.
"""

from __future__ import annotations

from typing import Any

from ..content import REGIONS
from ..rules.scoring import region_points
from ..rules.state import State

VALUE_SCALE = 5.0
REGION_WEIGHT = 0.6
NAVY = 0.4
CARD = 0.15


def values(state: State) -> dict[str, float]:
    if state.over:
        won = set(state.winners)
        if len(won) == 1:
            return {s: (30.0 if s in won else -30.0) for s in ("A", "L")}
        return {"A": 0.0, "L": 0.0}
    lead = float(state.vp)
    for region in REGIONS:
        lead += REGION_WEIGHT * (region_points(state, region, "L") - region_points(state, region, "A"))
    lead += NAVY * (state.navy["L"] - state.navy["A"])
    lead += CARD * (len(state.hands["L"]) - len(state.hands["A"]))
    return {"L": lead, "A": -lead}


def track(state: State, seen: dict[str, Any]) -> None:
    seen["turn"] = state.turn


def facts(state: State, seen: dict[str, Any]) -> dict[str, Any]:
    return {
        "turn": state.turn,
        "great_war": state.war_winner is not None or "Great War" in state.result,
        "war_winner": state.war_winner,
    }
