"""Decisions the bots settle by the game's own reasoning (``choose_special``): the alliance auction
(the bid by the projection, the proposals by what the alliances make of the armies facing each
empire's tokens) and the call for support inside an attack (the gold offered and the ally's
answer, by the odds of the land combat). Anything else is left to the bot (``None``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ....engine.plugin import against_rivals
from ..content import marker_of
from ..rules import combat
from ..rules.actions import Act
from ..rules.combat import LAND
from ..rules.decisions import DECISIONS
from ..rules.state import ARMY, FORT, State
from .evaluation import alliance_sides, front_value, values
from .odds import chances


def choose_special(state: State, seat: str, legal: Sequence[Act]) -> Act | None:
    top = state.flow.top()
    if top is None or len(legal) < 2:
        return None
    if top.kind == "auction":
        return _auction(state, seat, legal)
    if top.kind == "offer" and state.combat is not None:
        return _offer(state, seat, legal, top.data["ally"])
    if top.kind == "support" and state.combat is not None:
        return _support(state, seat, legal)
    return None


# -- the alliance auction (L101-131) -------------------------------------------------------------------


def _auction(state: State, seat: str, legal: Sequence[Act]) -> Act:
    """Each amount (and passing) judged by the projection once, each pair of proposals by the
    fronts it makes (:func:`.evaluation.front_value`), the two added for every bid."""
    wars_left = state.content.rules.wars - state.war + 1
    by_amount: dict[str, Mapping[str, float]] = {}
    by_pair: dict[str, dict[str, float]] = {}
    base = alliance_sides(state)
    rows = dict.fromkeys(state.grey, "grey") | dict.fromkeys(state.white, "white")
    best, best_score = legal[0], float("-inf")
    for action in legal:
        key = action.args[0] if action.verb == "bid" else "pass"
        if key not in by_amount:
            child = state.clone()
            DECISIONS.apply(child, child.flow, seat, action, None)
            by_amount[key] = values(child)
        pair = action.args[1] if action.verb == "bid" else "pass"
        if pair not in by_pair:
            sides = dict(base)
            if action.verb == "bid":
                sides = dict(rows)
                a, b = pair.split("/")
                if a != "-":
                    sides[a] = "grey"
                if b != "-":
                    sides[b] = "white"
            by_pair[pair] = {s: front_value(state, s, wars_left, sides) for s in state.seats}
        table = {s: by_amount[key][s] + by_pair[pair][s] for s in state.seats}
        score = against_rivals(table, seat)
        if score > best_score:
            best, best_score = action, score
    return best


# -- a call for support (L303-314, R22) ----------------------------------------------------------------


def _offer(state: State, seat: str, legal: Sequence[Act], ally: str) -> Act:
    """The smallest offer that buys the ally's support when the support is worth more to the
    asker than the gold; nothing when no offer changes the answer or the answer changes nothing."""
    best, best_score = legal[0], float("-inf")
    for action in sorted(legal, key=lambda a: int(a.args[0])):
        amount = int(action.args[0])
        answer = _best_answer(state, ally, seat, amount)
        score = against_rivals(_expected(state, ally, answer, seat, amount), seat)
        if score > best_score + 1e-9:
            best, best_score = action, score
    return best


def _support(state: State, seat: str, legal: Sequence[Act]) -> Act:
    top = state.flow.top()
    assert top is not None
    asker, offer = top.data["from"], int(top.data.get("offer", 0))
    answer = _best_answer(state, seat, asker, offer)
    return next(a for a in legal if a.args[0] == answer)


def _best_answer(state: State, ally: str, asker: str, offer: int) -> str:
    """The ally's answer by what each commitment is expected to bring it, gold included."""
    c = state.combat
    assert c is not None
    options = ["none", *combat._support_options(state, ally, c["region"])]
    best, best_score = "none", float("-inf")
    for option in options:
        score = against_rivals(_expected(state, ally, option, asker, offer), ally)
        if score > best_score + 1e-9:
            best, best_score = option, score
    return best


def _expected(state: State, ally: str, option: str, asker: str, offer: int) -> dict[str, float]:
    """Every empire's projection averaged over the land combat's outcome (win, tie, defeat, by the
    odds of :mod:`.odds`) when ``ally`` answers ``option`` for ``offer`` gold. The naval combat is
    not fought out: the side with more ships is supposed to have the naval support (L277-278)."""
    world = state.clone()
    c = world.combat
    assert c is not None
    upfront = world.options.get("support_gold", "on-support") == "upfront"
    if option != "none":
        c["support"] = {**c["support"], ally: option}
    if offer and (upfront or option != "none"):
        paid = min(offer, world.gold[asker])
        world.gold[asker] -= paid
        world.gold[ally] += paid
    if c["phase"] != LAND and c["naval"] is None and world.content.regions[c["region"]].naval_at:
        a_ships, d_ships = combat._side_ships(world, c, "A"), combat._side_ships(world, c, "D")
        c["naval"] = "A" if a_ships > d_ships else "D" if d_ships > a_ships else None
    c["phase"] = LAND
    attack, defence = combat.strength(world, c, "A"), combat.strength(world, c, "D")
    win, tie = chances(attack - defence)
    table: dict[str, float] = dict.fromkeys(world.seats, 0.0)
    for chance, winner in ((win, "A"), (tie, None), (1.0 - win - tie, "D")):
        if chance <= 0:
            continue
        outcome = _after(world, c, winner)
        for s, v in values(outcome).items():
            table[s] += chance * v
    return table


def _after(world: State, c: dict[str, Any], winner: str | None) -> State:
    """The position after the land combat in short (L275-282): the loser (both on a tie) loses
    an army with its unrest marker (L277, L326); a winning attacker takes a token (L278-282)."""
    after = world.clone()
    after.combat = None
    region, attacker, defender = c["region"], c["attacker"], c["defender"]
    losers = []
    if winner != "A":
        losers.append(attacker)
    if winner != "D" and defender is not None:
        losers.append(defender)
    for loser in losers:
        kind = next((k for k in (ARMY, FORT) if after.count(region, loser, k)), None)
        if kind is not None:
            after.add_unit(region, loser, kind, -1)
            after.unrest[loser] += 1
    if winner == "A":
        if c["kind"] == "player":
            if after.token_count(region, defender):
                after.add_token(region, defender, -1)
                after.add_token(region, attacker)
        else:  # a neutral (its reward, L300-301) or a held token (L545-547)
            after.add_token(region, attacker)
            if c["kind"] == "marker":
                marker = marker_of(c["target"])
                after.gold[attacker] += marker.gold
                after.vp[attacker] += marker.vp
    return after
