"""A dispute's numbers computed a second way, from the bots' evaluation (``ai/evaluation.py``
``dice_odds``, ``_potential``) and ``rules/dispute.py`` ``modifier``, to check what the view carries
(``rules/dispute_odds.py``) and what the page shows against."""

from __future__ import annotations

from typing import Any

from realpolitik.games.belle_epoque.ai.evaluation import _potential, dice_odds
from realpolitik.games.belle_epoque.rules.dispute import STAGES, fleet_cost, modifier


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
