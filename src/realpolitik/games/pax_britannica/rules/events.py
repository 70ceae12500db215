"""The Random Events Phase (L304-392): a die for the count, two dice read in order for each event."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .board import Log, note, raise_eti
from .state import State

MAX_REROLLS = 50
"""A repeated headline or Unrest Area is re-rolled (L333-335, L366-368); after this many tries in a
row the event is skipped (a safety net the printed tables never need)."""


def roll_cell(state: State) -> str:
    """L325-327: the first die then the second, read in order (2 then 5 is cell 25, not 52 or 7)."""
    first = state.rng.die()
    second = state.rng.die()
    return f"{first}{second}"


def random_events(state: State, log: Log) -> None:
    content = state.content
    state.co_mods, state.forced, state.licences = {}, {}, {}
    count = state.rng.die()
    note(log, f"{content.game['first_year'] + 4 * (state.turn - 1)}: {count} Random Event(s)", "L321")
    headlines: list[str] = []
    unrest_now: list[str] = []
    for _ in range(count):
        for _try in range(MAX_REROLLS):
            event_id = content.event_cells[roll_cell(state)]
            event = content.events[event_id]
            is_unrest = all(step["op"] == "unrest" for step in event.effects)
            if not is_unrest and event_id in headlines:
                continue  # L333-335: the same headline twice in a phase is re-rolled
            if not is_unrest:
                headlines.append(event_id)
            note(log, f"Random Event: {event.name}", "L325")
            for step in event.effects:
                apply_effect(state, step, unrest_now, log)
            break


def apply_effect(state: State, step: Mapping[str, Any], unrest_now: list[str], log: Log) -> None:
    op = step["op"]
    if op == "unrest":
        dice, areas = state.content.unrest[step["table"]]
        for _try in range(MAX_REROLLS):
            roll = state.rng.die() + state.rng.die() - 2 if dice == 2 else state.rng.die() - 1
            area = areas[roll]
            if area in unrest_now:
                continue  # L366-368: re-roll on the same table
            unrest_now.append(area)
            if area not in state.unrest:
                state.unrest.append(area)
                state.unrest.sort()
            note(log, f"Unrest in {state.content.areas[area].name}", "L364-368")
            return
    elif op == "eti":
        raise_eti(state, int(step["amount"]), log, "a Random Event", "L336")  # no culprit (L336-340)
    elif op == "cri":
        state.cri += int(step["amount"])
        note(log, f"CRI +{step['amount']}: {state.cri}", "L918")
    elif op == "co-factor":
        mods = state.co_mods.setdefault(step["power"], {})
        mods["factor"] = mods.get("factor", 1) * int(step["factor"])  # L343-344: 2-4 and 2-5 make x4
    elif op == "co-none":
        state.co_mods.setdefault(step["power"], {})["none"] = 1
    elif op == "co-shift":
        mods = state.co_mods.setdefault(step["power"], {})
        mods["shift"] = mods.get("shift", 0) + int(step["shift"])
    elif op == "forced-units":
        power = step["power"]
        if power in state.great:
            owed = state.forced.get(power, [0, False])
            state.forced[power] = [owed[0] + int(step["amount"]), bool(step["naval"]) or owed[1]]
    elif op == "licence":
        power = step["power"]
        if power in state.great:
            state.licences[power] = sorted(set(state.licences.get(power, [])) | set(step["areas"]))
    elif op == "casus-belli":
        if step["power"] in state.great:
            state.cbs.append([step["power"], step["against"], "random event"])
    elif op == "balkan-war":
        state.balkan_wars += 1
