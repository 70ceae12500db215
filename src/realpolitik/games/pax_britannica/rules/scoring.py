"""Victory Points (L1552-1600): the VP Record Phase, the Final Record, the Great War."""

from __future__ import annotations

from collections import deque
from typing import Any

from .admin import colonial_income
from .board import Log, controls, land_of, linked_areas, note
from .state import State


def vp_of(state: State, power: str, pounds: int) -> int:
    """Line 24: pounds divided by the divisor, rounded down (GB 167 / 10 = 16, L1566)."""
    divisor = state.content.powers[power].divisor_tenths
    return pounds * 10 // divisor if divisor else 0


def victory_point_phase(state: State, log: Log) -> None:
    """Section V: buy VP with the treasury; what is left is lost (L1563-1570). A-H's treasury is
    added to Germany's first (L1548-1550)."""
    for power in state.seats:
        pounds = state.treasury.get(power, 0)
        if power == "DE" and "AH" in state.great:
            pounds += state.treasury.get("AH", 0)
        bought = vp_of(state, power, pounds)
        state.vp[power] = state.vp.get(power, 0) + bought
        state.record.setdefault(power, {})["vp_bought"] = bought
        note(log, f"{power} turns {pounds} pounds into {bought} VP ({state.vp[power]} in all)", "L1563")
    for power in state.great:
        state.treasury[power] = 0


def record_owners(state: State, power: str) -> list[str]:
    """Whose markers a Power's record counts: Germany's counts A-H's too (L1548-1550)."""
    return [power, "AH"] if power == "DE" and "AH" in state.great else [power]


def end_area_pounds(state: State, owner: str, income: dict[str, int]) -> int:
    """Line 29's re-figured income of one owner from its Section II ``income``
    (``admin.colonial_income``); the Colonial Office counts only with the option (reading G-R10)."""
    total = income["interest"] + income["influence"] + income["control"]
    if state.options.get("end_colonial_office", False):
        total += state.record.get(owner, {}).get("colonial_office", 0)
    return total


def end_area_vp(state: State, power: str) -> int:
    """Line 29: twice the Section II income re-figured from the Areas, over the divisor; A-H's
    markers count for Germany."""
    total = sum(
        end_area_pounds(state, owner, colonial_income(state, owner, linked_areas(state, owner)))
        for owner in record_owners(state, power)
    )
    return vp_of(state, power, total * state.content.game["end_area_vp_factor"])


def overland_path(state: State, power: str, starts: tuple[str, ...], ends: tuple[str, ...]) -> bool:
    """An overland chain of the Power's own Controlled Areas from one group to the other (L1589-1600)."""
    begin = [a for a in starts if controls(state, a, power)]
    goal = {a for a in ends if controls(state, a, power)}
    if not begin or not goal:
        return False
    seen = set(begin)
    frontier = deque(begin)
    while frontier:
        here = frontier.popleft()
        if here in goal:
            return True
        for other in land_of(state, here):
            if other not in seen and controls(state, other, power):
                seen.add(other)
                frontier.append(other)
    return False


def africa_bonus(state: State, power: str) -> int:
    regions = state.content.regions
    game = state.content.game
    bonus = 0
    if overland_path(state, power, regions["africa_north_west"], regions["africa_north_east"]):
        bonus += game["africa_east_west_vp"]
    if overland_path(state, power, regions["africa_mediterranean"], regions["africa_tip"]):
        bonus += game["africa_north_south_vp"]
    return bonus


def great_war(state: State, log: Log, why: str) -> None:
    """L1212-1216, L1461-1466: the game ends at once, without this turn's VP Record Phase; every
    player loses the turn's penalty, a culprit three times it."""
    note(log, f"The Great War breaks out: {why}", "L1461")
    final_record(state, log, great_war=True)


def final_record(state: State, log: Log, great_war: bool = False) -> None:
    """Section VI (L1574-1600)."""
    content = state.content
    penalty = content.track[state.turn - 1].penalty if great_war else 0
    factor = content.game["culprit_factor"]
    lines: dict[str, dict[str, int]] = {}
    for power in state.seats:
        blamed = power in state.blame  # A-H is no seat: its blame never triples Germany (L1216-1218)
        lines[power] = {
            "accumulated": state.vp.get(power, 0),
            "bonus": africa_bonus(state, power),
            "area_vp": end_area_vp(state, power),
            "great_war": -(penalty * (factor if blamed else 1)),
        }
        lines[power]["total"] = sum(lines[power].values())
    scores = {p: line["total"] for p, line in lines.items()}
    best = max(scores.values())
    winners = [p for p in state.seats if scores[p] == best]
    year = content.track[state.turn - 1].year
    summary = (
        ", ".join(content.powers[p].name for p in winners)
        + f" win{'s' if len(winners) == 1 else ''} with {best} VP"
    )
    result: dict[str, Any] = {
        "scores": scores,
        "winners": winners,
        "lines": lines,
        "great_war": great_war,
        "blame": list(state.blame),
        "end_turn": state.turn,
        "end_year": year,
        "summary": summary + (" (the Great War ended the game)" if great_war else ""),
    }
    state.final = result
    state.phase = "over"
    state.flow.clear()
    note(log, result["summary"], "L1574")
