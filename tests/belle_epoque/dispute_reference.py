"""A dispute's numbers computed a second way, as a test oracle: the two dice enumerated here, what
the other side may still add worked out here from the state, and ``rules/dispute.py``'s ``modifier``
(the one the dice are rolled with); to check what the view carries (``rules/dispute_odds.py``)
and what the page shows against."""

from __future__ import annotations

from typing import Any

from realpolitik.games.belle_epoque.rules.board import may_reach
from realpolitik.games.belle_epoque.rules.dispute import STAGES, fleet_cost, modifier


def dice_odds(a_mod: int, d_mod: int, tie_to: str | None) -> tuple[float, float, float]:
    """Attacker wins, defender wins, both cubes go: the 36 throws of two dice, counted."""
    outcomes = [a - d + a_mod - d_mod for a in range(1, 7) for d in range(1, 7)]
    win, lose, tie = sum(m > 0 for m in outcomes), sum(m < 0 for m in outcomes), outcomes.count(0)
    if tie_to == "attacker":
        win, tie = win + tie, 0
    elif tie_to == "defender":
        lose, tie = lose + tie, 0
    return win / 36, lose / 36, tie / 36


def _potential(state: Any, power: str, kinds: set[str], data: dict[str, Any], side: str) -> int:
    """Every own unit the Power can still pay for in these stages, committed (§8.7)."""
    continent = state.content.territories[data["territory"]].continent
    me = state.powers[power]
    money, fleets, armies = me.money, data[f"{side}_fleets"], data[f"{side}_armies"]
    if "fleets" in kinds:
        cost = fleet_cost(state, power)
        extra = (
            me.fleets_active.get(continent, 0)
            if not cost
            else min(me.fleets_active.get(continent, 0), money // cost)
        )
        fleets, money = fleets + extra, money - extra * cost
    if "armies" in kinds and may_reach(state, power, data["territory"]):
        cost = state.content.dispute.army_cost
        armies += min(me.armies_arsenal, money // cost) if cost else me.armies_arsenal
    return modifier(state, power, fleets, armies, list(data[f"{side}_minors"]), attacking=side == "a")


def reference_odds(state: Any, seat: str, commits: list[str], parse: Any) -> dict[str, Any]:
    """The rules' numbers for a dispute being decided: for each commitment its modifier, cost and
    the attacker's wins, the defender's wins and the ties out of 36 against the other side now and
    if it adds all it still can; and the dispute as it stands."""
    data = state.flow.current().data
    attacker, defender, cube = data["attacker"], data["defender"], data["cube"]
    side = "a" if seat == attacker else "d"
    opponent, opp_side = (defender, "d") if side == "a" else (attacker, "a")
    if defender is None:
        tie_to = None
    else:
        a_p, d_p = state.powers[attacker].prestige, state.powers[defender].prestige
        tie_to = None if a_p == d_p else ("attacker" if a_p > d_p else "defender")
    if opponent is None:
        opp_now = opp_all = state.content.minor_cubes[cube].defence
    else:
        opp_now = modifier(
            state,
            opponent,
            data[f"{opp_side}_fleets"],
            data[f"{opp_side}_armies"],
            list(data[f"{opp_side}_minors"]),
            attacking=opp_side == "a",
        )
        later = {
            STAGES[s].split("-")[1] for s in range(data["stage"] + 1, len(STAGES)) if STAGES[s][0] == opp_side
        }
        opp_all = _potential(state, opponent, later, data, opp_side) if later else opp_now
    rows = []
    for text in commits:
        action = parse(text)
        mine = modifier(
            state,
            seat,
            data[f"{side}_fleets"] + action.fleets,
            data[f"{side}_armies"] + action.armies,
            [*data[f"{side}_minors"], *action.minors],
            attacking=side == "a",
        )
        cost = action.fleets * fleet_cost(state, seat) + action.armies * state.content.dispute.army_cost
        row: list[Any] = [text, mine, cost]
        for opp in (opp_now, opp_all):
            a_mod, d_mod = (mine, opp) if side == "a" else (opp, mine)
            row.extend(round(p * 36) for p in dice_odds(a_mod, d_mod, tie_to))
        rows.append(row)
    a_mod = modifier(
        state, attacker, data["a_fleets"], data["a_armies"], list(data["a_minors"]), attacking=True
    )
    if defender is None:
        d_mod = state.content.minor_cubes[cube].defence
    else:
        d_mod = modifier(
            state, defender, data["d_fleets"], data["d_armies"], list(data["d_minors"]), attacking=False
        )
    now = [a_mod, d_mod, *(round(p * 36) for p in dice_odds(a_mod, d_mod, tie_to))]
    return {"standing": now, "stage": data["stage"], "rows": rows}
