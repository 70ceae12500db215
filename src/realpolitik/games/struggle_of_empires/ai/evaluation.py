"""Bots' hooks: a projected final score for each empire."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..rules.state import State
from ..rules.war import region_scores

VALUE_SCALE = 8.0
"""A typical VP gap between two empires at the end of a game."""


def values(state: State) -> Mapping[str, float]:
    """VP so far, plus today's region scores for each War still to score, plus a little for
    gold and Population, less what unrest will cost (L384-391)."""
    if state.final is not None:
        return {s: float(v) for s, v in state.final["scores"].items()}
    rules = state.content.rules
    wars_left = rules.wars - state.war + 1
    projected = {s: float(state.vp[s]) for s in state.seats}
    for region in state.content.scoring_ids:
        for seat, points in region_scores(state, region).items():
            projected[seat] += points * wars_left * 0.8
    top = state.flow.top()
    bidder = top.data.get("bidder") if top is not None and top.kind == "auction" else None
    for s in state.seats:
        gold = state.gold[s]
        if s == bidder and top is not None:
            gold -= top.data["high"]  # L124: the high bid is owed if nobody raises it
        projected[s] += gold / 4 + state.population[s] / 4 + state.units_of(s) / 3
        unrest = state.unrest[s]
        # L352-362: this War's income less its upkeep; a shortfall will be borrowed (L65-68)
        short = state.units_of(s) - gold - state.population[s] - state.tokens_of(s)
        if short > 0 and state.final is None:
            unrest += -(-short // rules.loan_gold)
        if unrest >= rules.revolution_unrest:
            projected[s] = 0.0
        else:
            projected[s] -= unrest_cost(unrest, rules.revolution_unrest, wars_left)
    return projected


def unrest_cost(unrest: int, revolution: int, wars_left: int) -> float:
    """What ``unrest`` points are expected to cost at the end (L384-391): a little each (the -7/-4
    penalties), and more and more as the revolution threshold comes near, sooner with Wars still to
    come (upkeep loans and combat losses keep adding markers). A linear cost alone made a loan look
    like a gain (2 gold worth more than 1 marker) until the very marker that made the revolution."""
    margin = revolution - 2 - 3 * (wars_left - 1)  # where the danger starts
    danger = max(0, unrest - margin)
    return unrest * 0.35 + 0.25 * danger * danger


def facts(state: State, seen: dict[str, Any]) -> dict[str, Any]:
    """The reports' ``first_player`` (drawn at random, L40: it deploys first and opens War 1's
    first auction), the Wars played and the revolutions at the end (L387)."""
    final = state.final or {}
    return {
        "first_player": state.first,
        "wars": state.war,
        "revolutions": len(final.get("revolution", [])),
    }
