"""A Diplomatic Dispute in numbers, for the players (§8.7): each side's modifier with every term that
makes it, who wins a tie, the 36 throws of the two dice, what the other side may still commit, and
for the seat about to commit, each of its legal commitments with its cost and odds.

The rules compute these numbers once, here, from :func:`.dispute.modifier` (the function the dice
roll uses) and :func:`.dispute.commit_choices` (the legal list); the view carries them, so an
interface shows them without knowing the rule.
"""

from __future__ import annotations

from typing import Any, Final

from ....engine import JSON
from . import actions as A
from .board import may_reach
from .dispute import STAGES, Terms, commit_choices, fleet_cost, modifier
from .state import State

THROWS: Final = 36
"""Two six-sided dice: the odds are counts out of 36 throws."""


def throws(diff: int, tie_to: str | None) -> tuple[int, int, int]:
    """Of the 36 throws, how many the attacker wins, loses and ties when its modifier exceeds the
    defender's by ``diff``; ``tie_to`` names who wins a tie (§8.7: the side with more Prestige;
    ``None``: both cubes go)."""
    win = lose = tie = 0
    for a in range(1, 7):
        for d in range(1, 7):
            margin = a - d + diff
            if margin > 0:
                win += 1
            elif margin < 0:
                lose += 1
            else:
                tie += 1
    if tie_to == "attacker":
        return win + tie, lose, 0
    if tie_to == "defender":
        return win, lose + tie, 0
    return win, lose, tie


def tie_to(state: State, data: dict[str, Any]) -> str | None:
    """§8.7: a tie goes to the side with more Prestige; equal Prestige, or an unallied minor
    nation defending, removes both cubes."""
    defender = data["defender"]
    if defender is None:
        return None
    a, d = state.powers[data["attacker"]].prestige, state.powers[defender].prestige
    return None if a == d else "attacker" if a > d else "defender"


def side_modifier(state: State, data: dict[str, Any], side: str, extra: A.Commit | None = None) -> JSON:
    """One side's modifier as committed so far (plus ``extra``): ``{"total", "terms"}``."""
    terms: Terms = []
    if side == "d" and data["defender"] is None:
        defence = state.content.minor_cubes[data["cube"]].defence  # §8.7.1
        return {"total": defence, "terms": [["t_minor_defence", defence, {}]]}
    power = data["attacker"] if side == "a" else data["defender"]
    fleets, armies, minors = data[f"{side}_fleets"], data[f"{side}_armies"], list(data[f"{side}_minors"])
    if extra is not None:
        fleets, armies, minors = fleets + extra.fleets, armies + extra.armies, minors + list(extra.minors)
    total = modifier(state, power, fleets, armies, minors, attacking=side == "a", terms=terms)
    return {"total": total, "terms": [[key, value, details] for key, value, details in terms or []]}


def potential(state: State, data: dict[str, Any], side: str, kinds: set[str]) -> int:
    """The modifier ``side`` reaches if it commits every own unit it can still pay for in the
    stages of these ``kinds`` (``"fleets"``, ``"armies"``): what the other side must fear."""
    power = data["attacker"] if side == "a" else data["defender"]
    territory = data["territory"]
    continent = state.content.territories[territory].continent
    me = state.powers[power]
    money = me.money
    fleets, armies = data[f"{side}_fleets"], data[f"{side}_armies"]
    if "fleets" in kinds:
        cost = fleet_cost(state, power)
        extra = me.fleets_active.get(continent, 0)
        if cost:
            extra = min(extra, money // cost)
            money -= extra * cost
        fleets += extra
    if "armies" in kinds and may_reach(state, power, territory):
        cost = state.content.dispute.army_cost
        armies += min(me.armies_arsenal, money // cost) if cost else me.armies_arsenal
    return modifier(state, power, fleets, armies, list(data[f"{side}_minors"]), attacking=side == "a")


def _odds(counts: tuple[int, int, int]) -> JSON:
    return {"win": counts[0], "lose": counts[1], "tie": counts[2]}


def standing(state: State, data: dict[str, Any]) -> JSON:
    """The dispute as it stands: both modifiers with their terms and the attacker's 36 throws."""
    a, d = side_modifier(state, data, "a"), side_modifier(state, data, "d")
    return {"a": a, "d": d, "throws": _odds(throws(a["total"] - d["total"], tie_to(state, data)))}


def prospects(state: State, seat: str, data: dict[str, Any]) -> JSON:
    """For the seat about to commit: each legal commitment (the legal list's own actions) with the
    modifier it gives, its £ cost, and the attacker's throws against the other side as it stands
    and as it could stand once that side has committed all it still can in the later stages."""
    side = "a" if seat == data["attacker"] else "d"
    other = "d" if side == "a" else "a"
    tie = tie_to(state, data)
    theirs = side_modifier(state, data, other)
    later = {STAGES[s].split("-")[1] for s in range(data["stage"] + 1, len(STAGES)) if STAGES[s][0] == other}
    can_add = other == "a" or data["defender"] is not None
    their_all = potential(state, data, other, later) if later and can_add else None
    army_cost = state.content.dispute.army_cost
    unit_fleet = fleet_cost(state, seat)
    options: list[JSON] = []
    for action in commit_choices(state, seat):
        assert isinstance(action, A.Commit)
        mine = side_modifier(state, data, side, action)

        def against(opponent: int, mine_total: int = mine["total"]) -> JSON:
            a, d = (mine_total, opponent) if side == "a" else (opponent, mine_total)
            return _odds(throws(a - d, tie))

        options.append(
            {
                "action": A.notation(action),
                "mine": mine,
                "cost": action.fleets * unit_fleet + action.armies * army_cost,
                "now": against(theirs["total"]),
                "all": against(their_all) if their_all is not None and their_all != theirs["total"] else None,
            }
        )
    return {
        "side": side,
        "tie": tie,
        "theirs": theirs,
        "theirs_all": their_all,
        "unit_cost": {"fleet": unit_fleet, "army": army_cost},
        "options": options,
    }
