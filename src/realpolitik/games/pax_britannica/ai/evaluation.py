"""Evaluation hooks: each Power's projected final score (VP so far, this turn's treasury as VP,
the end-of-game Area VP and the Africa bonuses as they stand)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..rules.scoring import africa_bonus, end_area_vp, vp_of
from ..rules.state import State

VALUE_SCALE = 15.0
"""A typical gap between two Powers' final scores (about a turn and a half of VP)."""


def values(state: State) -> Mapping[str, float]:
    if state.final is not None:
        return {p: float(v) for p, v in state.final["scores"].items()}
    result = {}
    for power in state.seats:
        pounds = state.treasury.get(power, 0) + (state.treasury.get("AH", 0) if power == "DE" else 0)
        score = state.vp.get(power, 0) + vp_of(state, power, pounds)
        score += end_area_vp(state, power) + africa_bonus(state, power)
        result[power] = float(score)
    return result


def facts(state: State, seen: dict[str, Any]) -> dict[str, Any]:
    final = state.final or {}
    return {
        "end_turn": state.turn,
        "great_war": bool(final.get("great_war")),
        "eti": state.eti,
        "cri": state.cri,
        "rebellions": state.rebellions,
    }
