"""Regional scoring (10.1) and the end of the game (10.4)."""

from __future__ import annotations

from .board import adjacent_independents, controller
from .state import State
from .tracks import Log, note


def levels(state: State, region: str) -> dict[str, dict[str, int]]:
    """Per side: spaces, battlegrounds and non-battlegrounds controlled in ``region``."""
    out = {s: {"sp": 0, "bg": 0, "nbg": 0} for s in ("A", "L")}
    for sid, space in state.content.spaces.items():
        if space.region != region:
            continue
        owner = controller(state, sid)
        if owner is None:
            continue
        out[owner]["sp"] += 1
        out[owner]["bg" if space.battleground else "nbg"] += 1
    return out


def battlegrounds(state: State, region: str) -> int:
    return sum(1 for s in state.content.spaces.values() if s.region == region and s.battleground)


def level(state: State, region: str, seat: str) -> str | None:
    """10.1.1: Control > Domination > Presence."""
    mine, theirs = levels(state, region)[seat], levels(state, region)["L" if seat == "A" else "A"]
    if mine["sp"] > theirs["sp"] and mine["bg"] == battlegrounds(state, region):
        return "control"
    if mine["sp"] > theirs["sp"] and mine["bg"] > theirs["bg"] and mine["bg"] >= 1 and mine["nbg"] >= 1:
        return "domination"
    return "presence" if mine["sp"] >= 1 else None


def region_points(state: State, region: str, seat: str) -> int:
    """10.1.2-10.1.4: the card's value for the highest level, +1 per battleground, +1 per adjacent
    independent controlled."""
    values = state.content.scoring[region]
    reached = level(state, region, seat)
    points = getattr(values, reached) if reached else 0
    points += levels(state, region)[seat]["bg"]
    points += sum(1 for s in adjacent_independents(state, region) if controller(state, s) == seat)
    return points


def score_region(state: State, region: str, log: Log) -> int:
    """10.1.5: only the net difference moves the VP marker (positive: the Liberal). The ±20
    limit is the track's; victory at 20 is checked by the caller."""
    lib, auth = region_points(state, region, "L"), region_points(state, region, "A")
    net = lib - auth
    state.vp += net
    note(log, f"{region} scored: Liberal {lib}, Authoritarian {auth}; VP {state.vp:+d}", "§10.1")
    return net


def clamp_vp(state: State) -> None:
    limit = state.content.vp_victory
    state.vp = max(-limit, min(limit, state.vp))


def finish(state: State, winners: list[str], result: str, log: Log) -> None:
    state.over = True
    state.winners = winners
    state.result = result
    state.tasks = []
    state.flow.clear()
    note(log, result, "§10.4")


def check_auto_victory(state: State, log: Log) -> bool:
    """10.4.1: 20 VP ends the game at once (checked after a whole event or scoring)."""
    limit = state.content.vp_victory
    if state.vp >= limit:
        finish(state, ["L"], f"the Liberal reaches {limit} VP", log)
    elif state.vp <= -limit:
        finish(state, ["A"], f"the Authoritarian reaches {limit} VP", log)
    return state.over


def by_sign(state: State, tie_winner: str | None, log: Log, what: str) -> None:
    """10.4.2 and 8.4.5: the VP sign decides; a tie is a draw, or goes to the war's winner."""
    if state.vp > 0:
        finish(state, ["L"], f"{what}: the Liberal wins with VP {state.vp:+d}", log)
    elif state.vp < 0:
        finish(state, ["A"], f"{what}: the Authoritarian wins with VP {state.vp:+d}", log)
    elif tie_winner is not None:
        finish(state, [tie_winner], f"{what}: VP 0, the Great War's winner wins", log)
    else:
        finish(state, ["A", "L"], f"{what}: VP 0, a draw", log)
