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
    found: dict[str, Any] = {"end_turn": state.turn, "eti": state.eti, "cri": state.cri}
    # Reports count the games a fact appears in: name these only when they happened.
    if final.get("great_war"):
        found["great_war"] = 1
        found["great_war_blamed"] = ",".join(final.get("blame", [])) or "nobody"
    if state.rebellions:
        found["rebellions"] = state.rebellions
    return found
