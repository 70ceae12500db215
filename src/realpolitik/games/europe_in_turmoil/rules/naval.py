"""The Naval Arms Race on the Deluxe chart (6.3): attempts, moves, box rewards and abilities.

The first navy to enter a box takes its reward; an ability lasts "until the opponent's navy reaches
this box" (6.3.5). The German High Water Mark (6.3.8) is the highest box the German navy ever held;
boxes it entered once are remembered in ``state.reached``, so it earns nothing twice and the British
navy is second there.
"""

from __future__ import annotations

from typing import Any

from .state import State, other
from .tracks import Log, gain_vp, note

BRITISH, GERMAN = "L", "A"


def box_id(state: State, i: int) -> str:
    return state.content.naval[i].id


def last_box(state: State) -> int:
    return len(state.content.naval) - 1


def holder(state: State, ability: str) -> str | None:
    """The seat whose navy reached the box with ``ability`` first, while the other navy has not."""
    for box in state.content.naval:
        if box.ability != ability:
            continue
        order = state.reached.get(box.id, [])
        if len(order) == 1:
            return order[0]
    return None


def ahead(state: State, seat: str) -> bool:
    """8.4.2 (C22): the navy markers themselves decide who is ahead."""
    return state.navy[seat] > state.navy[other(seat)]


def enter(state: State, seat: str, log: Log) -> list[dict[str, Any]]:
    """The navy of ``seat`` moves one box forward (6.3.5); returns tasks its reward needs."""
    i = state.navy[seat] + 1
    state.navy[seat] = i
    box = state.content.naval[i]
    order = state.reached.setdefault(box.id, [])
    if seat == GERMAN and state.hwm is not None and i > state.hwm:
        state.hwm = None  # 6.3.8: the mark goes back to the pool once passed
    note(log, f"{'British' if seat == 'L' else 'German'} navy enters {box.name}", "§6.3.5", seat)
    if seat in order:
        return []  # 6.3.8 and 15.0: a box entered before earns nothing again
    order.append(seat)
    first = len(order) == 1
    tasks: list[dict[str, Any]] = []
    if box.ability == "vp":
        gain_vp(state, seat, box.vp_first if first else box.vp_second, log, why=f"{box.name}", rule="§6.3.5")
    elif first and box.ability == "dreadnought":
        tasks.append(
            {
                "t": "step",
                "seat": seat,
                "player": seat,
                "card": None,
                "region": None,
                "step": {
                    "op": "place",
                    "n": 2,
                    "per_space": 1,
                    "upto": True,
                    "where": {"region": "independent", "uncontrolled": True},
                },
            }
        )
    elif first and box.ability == "bayern":
        tasks.append({"t": "bayern", "seat": seat})
    return tasks


def move(state: State, seat: str, boxes: int, log: Log) -> list[dict[str, Any]]:
    """An event moves a navy (6.3.4): it keeps its side (6.3.2 note) and enters each box in turn."""
    tasks: list[dict[str, Any]] = []
    for _ in range(boxes):
        if state.navy[seat] >= last_box(state):
            break
        tasks += enter(state, seat, log)
    return tasks


def move_back(state: State, boxes: int, log: Log) -> None:
    """6.3.8: the German navy moves back; the High Water Mark goes on its box first."""
    if state.navy[GERMAN] == 0:
        return
    if state.hwm is None:
        state.hwm = state.navy[GERMAN]
    state.navy[GERMAN] = max(0, state.navy[GERMAN] - boxes)
    note(log, f"German navy moves back to {state.content.naval[state.navy[GERMAN]].name}", "§6.3.8", GERMAN)


def can_attempt(state: State, seat: str) -> bool:
    """6.3.3 and 6.3.7: one regular attempt a turn (plus granted extra ones), none from the last box."""
    if state.navy[seat] >= last_box(state):
        return False
    if seat == "L" and state.tps_left > 0:
        return True
    return not state.naval_used[seat] or state.extra_naval[seat] > 0


def use_attempt(state: State, seat: str) -> None:
    if seat == "L" and state.tps_left > 0:
        state.tps_left -= 1
        state.naval_used[seat] = True  # 6.3.3: Two-Power Standard attempts count against the limit
    elif not state.naval_used[seat]:
        state.naval_used[seat] = True
    else:
        state.extra_naval[seat] -= 1


def attempt_total(state: State, seat: str, ops: int, own_event: bool, die: int) -> int:
    """6.3.1: d6 + OPs, +1 for one's own event, +1 on the "+1" side, +1 for the Liberal while
    Admiral Fisher is in effect (+1 for the Authoritarian with Reinhold von Sydow: ours, G15)."""
    total = die + ops + (1 if own_event else 0) + (1 if state.plus[seat] else 0)
    if seat == "L" and "admiral-fisher" in state.markers:
        total += 1
    if seat == "A" and "reinhold-von-sydow" in state.markers:
        total += 1
    return total


def resolve_attempt(state: State, seat: str, ops: int, own_event: bool, log: Log) -> list[dict[str, Any]]:
    """6.3.2: success on a total at least the next box's number; the Authoritarian cannot advance
    while both navies are on pre-Dreadnought; a failure flips the marker to "+1"."""
    need = state.content.naval[state.navy[seat] + 1].needed
    die = state.rng.die()
    total = attempt_total(state, seat, ops, own_event, die)
    if total < need and holder(state, "konig") == seat and not state.konig_used[seat]:
        state.konig_used[seat] = True  # König: a failed roll is re-rolled (our reading: automatically)
        die = state.rng.die()
        total = attempt_total(state, seat, ops, own_event, die)
        note(log, f"König: {seat} re-rolls", "§6.3.5", seat)
    locked = seat == GERMAN and state.navy["A"] == 0 and state.navy["L"] == 0
    note(
        log,
        f"{seat} naval attempt: die {die}, total {total} against {need}" + (" (locked)" if locked else ""),
        "§6.3.2",
        seat,
    )
    if total >= need and not locked:
        state.plus[seat] = False
        return enter(state, seat, log)
    if not locked or state.readings.lock_flip:
        state.plus[seat] = True
    return []


def nassau_penalty(state: State, seat: str, ops: int) -> int:
    """The Nassau box: cards the opponent of its holder plays lose OPs (C1: 3+ OPs cards -1, per
    15.0 and ch. 13; the chart's "2+ OPs cards are worth 1" as an option)."""
    if holder(state, "nassau") != other(seat):
        return ops
    if state.readings.nassau == "three-plus":
        return ops - 1 if ops >= 3 else ops
    return 1 if ops >= 2 else ops
