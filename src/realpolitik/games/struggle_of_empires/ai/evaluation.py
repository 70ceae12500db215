"""Bots' hooks: a projected final score for each empire.

The projection counts VP, today's region scores for the Wars to come, gold, Population and units,
the tiles owned (what their uses still to come are worth, :func:`tile_value`), less what unrest
will cost. The alliance auction is judged with one term more, what the alliances make of the armies
facing one's tokens (:func:`front_value`, used by :func:`choose_special`). Every weight here is
the bot's estimate (ours), set by measurement (docs/struggle-of-empires.md), not content of the
game."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..rules.state import ARMY, FORT, State
from ..rules.war import region_scores
from .odds import win_chance

VALUE_SCALE = 8.0
"""A typical VP gap between two empires at the end of a game."""

GOLD_VP = 0.25
"""What a gold is worth in VP to the projection (the rate its gold term has always used)."""

PER_WAR: dict[str, float] = {
    # What one copy brings in VP for each War it serves (ours): a +1 in a combat decided by two
    # dice' difference moves the win chance by about a sixth, and a control token is worth 1-2 VP
    # a War; a free build saves a Population point (1/4 VP) and an action.
    "army-training": 0.6,  # L494: +1 in land combats while you own more than your opponent
    "naval-training": 0.3,  # L498: the same at sea, fewer naval fights
    "reserve": 0.4,  # L501: one combat re-rolled a War
    "war-office": 0.8,  # L506: one more attack a War
    "mercenaries": 0.35,  # L508: an army without Population
    "pressgangs": 0.3,  # L510: a ship without Population
    "trained-natives": 0.6,  # L514-518: an army straight into a colony, then a free move
    "militia": 0.3,  # L520: a second army on a build
    "logistics": 0.3,  # L524: one more unit a Move
    "banking": 0.3,  # L525: 3 gold a loan instead of 2
    "navigation": 0.3,  # L527: +2 on the sea roll's second die
    "diplomatic-service": 0.3,  # L530: an alliance tile bought as a free action
    "improved-agriculture": 0.3,  # L533: +1 Population a War
    "fighting-withdrawal": 0.5,  # L554-556: one lost combat without losses (single use)
    "surprise-attack": 0.5,  # L558-559: one attack without the defender's allies (single use)
    "blockade": 0.5,  # L563-570: a placed blockade or +2 naval support (single use)
}
"""Development tiles' worth per War served; tiles with an immediate effect (Industry, Pirates,
Slave Revolt) are worth nothing once bought: their effect is in the position already."""

TILE_WEIGHT = 0.75
"""The share of :data:`PER_WAR` and :data:`ALLIANCE_TILE` the projection counts: measured against
the evaluation without tiles (100 four-player games each, two seats each, seeds 2000-2099): at
1.0 the bot bought nine tiles a game and attacked less, and lost (41% of the wins on seeds
1000-1039); 0.3 gave 46%, 0.5 56%, 0.75 59.5% (docs/struggle-of-empires.md)."""

ALLIANCE_TILE = (0.5, 0.15)
"""An alliance tile this War (L481-491): worth its +1 where one has a token or an army in one of
its regions, much less elsewhere."""

FRONT_WEIGHT = 0.3
"""How much of a token's worth the chance of taking it (or losing it) to an enemy army in the same
region counts now: attacks cost gold and actions and are not all made."""


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
        projected[s] += gold * GOLD_VP + state.population[s] / 4 + state.units_of(s) / 3
        projected[s] += tile_value(state, s, wars_left)
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


def _war_left(state: State) -> float:
    """The part of the current War still to play: 1 before its rounds, less as rounds pass."""
    top = state.flow.top()
    if top is None or top.kind in ("deploy", "auction"):
        return 1.0
    rounds = state.content.rules.rounds(len(state.seats))
    return max(0.0, (rounds - state.round + 1) / rounds)


def tile_value(state: State, seat: str, wars_left: int) -> float:
    """What the seat's tiles will still bring (L158-181, L445-572): a commerce tile its gold for
    each use to come (1 gold a token in its region, L461-463), an alliance tile its +1 this War,
    a development tile its worth per War for the Wars (or uses) left; Government Reform what its
    discard saves (L535-536)."""
    tiles = state.content.tiles
    now = _war_left(state)
    total = 0.0
    for tile, copies in state.owned[seat].items():
        if copies <= 0:
            continue
        info = tiles[tile]
        left = copies - state.used[seat].get(tile, 0)  # uses still open this War
        if info.kind == "commerce":
            tokens = max(state.token_count(r, seat) for r in info.regions)
            uses = max(0, left) + copies * (wars_left - 1)
            total += tokens * uses * GOLD_VP
        elif info.kind == "alliance":
            present = any(state.token_count(r, seat) or state.count(r, seat, ARMY) for r in info.regions)
            total += copies * ALLIANCE_TILE[0 if present else 1] * now * TILE_WEIGHT
        elif tile == "government-reform":
            unrest = state.unrest[seat]
            rules = state.content.rules
            after = max(0, unrest - rules.reform_unrest)
            total += copies * (
                unrest_cost(unrest, rules.revolution_unrest, wars_left)
                - unrest_cost(after, rules.revolution_unrest, wars_left)
            )
        elif tile in PER_WAR:
            worth = PER_WAR[tile] * TILE_WEIGHT
            if info.use == "single-use":
                total += copies * worth
            elif info.use == "once-per-war":
                total += worth * (max(0, left) * now + copies * (wars_left - 1))
            else:  # permanent: a second copy of a training tile helps only against one copy
                first = worth * (wars_left - 1 + now)
                total += first * (1 + 0.5 * (copies - 1))
    return total


def front_value(state: State, seat: str, wars_left: int, sides: Mapping[str, str] | None = None) -> float:
    """The alliances' worth on the map (L303-314, L101-131: allies never fight each other): for
    each scoring region, the chance the seat's armies there would take an enemy's token, less the
    chance an enemy's armies there would take one of its own, by the odds of a land combat
    (:func:`.odds.win_chance`; a fort counts 2 in defence, L268-269), times a token's worth. During
    an auction an empire not yet placed (nor named in the standing proposal) is an enemy by half.
    ``sides``: the rows to suppose (each empire's ``grey`` or ``white``), else :func:`alliance_sides`."""
    if sides is None:
        sides = alliance_sides(state)
    mine = sides.get(seat)
    content = state.content
    fort = content.rules.fort_value
    total = 0.0
    for region in content.scoring_ids:
        tokens = state.tokens[region]
        worth = content.regions[region].vp[0] / 4 * (wars_left - 1 + 0.5)
        own_armies = state.count(region, seat, ARMY)
        own_defence = own_armies + fort * state.count(region, seat, FORT)
        for other in state.seats:
            if other == seat:
                continue
            theirs = sides.get(other)
            enemy = 0.5 if mine is None or theirs is None else (0.0 if mine == theirs else 1.0)
            if not enemy:
                continue
            if own_armies and tokens.get(other, 0):
                defence = state.count(region, other, ARMY) + fort * state.count(region, other, FORT)
                total += enemy * FRONT_WEIGHT * worth * win_chance(own_armies, defence)
            armies = state.count(region, other, ARMY)
            if armies and tokens.get(seat, 0):
                total -= enemy * FRONT_WEIGHT * worth * win_chance(armies, own_defence)
    return total


def alliance_sides(state: State) -> dict[str, str]:
    """The alliance rows, with the standing proposal of an auction counted as if it won (L124)."""
    sides = dict.fromkeys(state.grey, "grey")
    sides.update(dict.fromkeys(state.white, "white"))
    top = state.flow.top()
    if top is not None and top.kind == "auction" and top.data.get("high", -1) >= 0:
        if top.data.get("a", "-") != "-":
            sides[top.data["a"]] = "grey"
        if top.data.get("b", "-") != "-":
            sides[top.data["b"]] = "white"
    return sides


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
