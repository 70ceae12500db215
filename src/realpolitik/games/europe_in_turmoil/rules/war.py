"""The Great War (8.4): participants, resolution (standard or Express), War Losses, final scoring.

The optional War Mobilization mini-game (8.4.4) is not built: 34 of its 35 cards are lost.
"""

from __future__ import annotations

from typing import Any

from .board import adjacent_independents, controller
from .naval import ahead
from .state import State
from .tracks import TEL, Log, gain_vp, note

MINORS = ("italy", "constantinople")


def participants(state: State, balkan_crisis: bool) -> dict[str, str]:
    """8.4.1: region -> ``A`` (Central Powers) or ``L`` (Entente); Britain has no region."""
    sides = {"germany": "A", "france": "L"}
    on_track = set(state.gw_track)
    if TEL in on_track or "dual-alliance" in on_track:
        sides["austria-hungary"] = "A"
    russia: str | None = None
    if "russian-collapse" not in state.markers:
        russia = "A" if TEL in on_track else ("L" if state.tel_flipped else None)
    if russia is not None:
        sides["russia"] = russia
    if "balkan-war" in on_track or "balkan-civil-war" in state.markers or balkan_crisis:
        sides["balkans"] = russia or "L"
    return sides


def modifiers(state: State) -> dict[str, int]:
    """8.4.2: markers on the track and active war events, +1 ahead at sea, and the Minor Major
    Power modifier, net and capped at +1 (15.0), with the Triple Alliance's +2 (15.0 table)."""
    mods = {"A": 0, "L": 0}
    for marker in (*state.gw_track, *state.markers):
        known = state.content.markers.get(marker)
        if known is not None:
            mods["A"] += known.war_a
            mods["L"] += known.war_l
    for seat in ("A", "L"):
        if ahead(state, seat):
            mods[seat] += 1
    held = {seat: sum(1 for s in MINORS if controller(state, s) == seat) for seat in ("A", "L")}
    if held["A"] > held["L"]:
        mods["A"] += 1
    elif held["L"] > held["A"]:
        mods["L"] += 1
    if "triple-alliance" in state.gw_track and "perfidious-italy" not in state.markers:
        mods["A"] += 2
    return mods


def winner_vp(state: State, seat: str) -> int:
    """8.4.2: 2 VP, +1 for Italy or Constantinople, +2 for both (C4: the rules, not ch. 13's 4)."""
    return 2 + sum(1 for s in MINORS if controller(state, s) == seat)


def war_space_list(state: State, region: str) -> list[str]:
    """8.4.3: the region's spaces and the independent spaces adjacent to it."""
    return [s for s, sp in state.content.spaces.items() if sp.region == region] + adjacent_independents(
        state, region
    )


def start(state: State, balkan_crisis: bool, log: Log) -> list[dict[str, Any]]:
    """Resolve the war; return the tasks of War Losses (standard) and final scoring (8.4.5)."""
    sides = participants(state, balkan_crisis)
    mods = modifiers(state)
    note(
        log,
        "the Great War: "
        + ", ".join(f"{r} {'Central Powers' if s == 'A' else 'Entente'}" for r, s in sides.items()),
        "§8.4.1",
    )
    tasks: list[dict[str, Any]] = []
    if state.readings.express:
        # 8.4.6: no dice; the side ahead on modifiers wins 4 VP + the net modifier; C21: a tie has no winner
        net = mods["L"] - mods["A"]
        if net:
            winner = "L" if net > 0 else "A"
            state.war_winner = winner
            gain_vp(state, winner, 4 + abs(net), log, why="Express Great War", rule="§8.4.6")
    else:
        rolls = {seat: state.rng.die() for seat in ("A", "L")}
        totals = {seat: rolls[seat] + mods[seat] for seat in ("A", "L")}
        note(
            log,
            f"war rolls: Authoritarian {rolls['A']}+{mods['A']}={totals['A']}, "
            f"Liberal {rolls['L']}+{mods['L']}={totals['L']}",
            "§8.4.2",
        )
        if abs(totals["A"] - totals["L"]) > 1:
            winner = "A" if totals["A"] > totals["L"] else "L"
            state.war_winner = winner
            gain_vp(state, winner, winner_vp(state, winner), log, why="the Great War", rule="§8.4.2")
        tasks.append({"t": "war-losses", "regions": list(sides), "sides": sides, "done": [], "turn_of": None})
    tasks.append({"t": "war-scoring", "regions": list(sides)})
    return tasks


def loss_steps(state: State, region: str, side: str) -> list[dict[str, Any]]:
    """8.4.3 and 15.0: the steps of one region, as roller, kind (``remove`` own SP / ``place`` OPs).

    A region on the loser's side: its side removes, then the other side, then its side again (the
    first bullet; 15.0's clarification spells out the three rolls). A region on the winner's side:
    the winner places d6 OPs, then the loser removes. When both sides lost, every region takes the
    first bullet of its own side's procedure: all three rolls, not only the first one."""
    winner = state.war_winner
    if winner is None:  # both lost: the first bullet, whole, for every region
        return [
            {"roller": side, "kind": "remove"},
            {"roller": "L" if side == "A" else "A", "kind": "remove"},
            {"roller": side, "kind": "remove"},
        ]
    loser = "L" if winner == "A" else "A"
    if side == loser:
        return [
            {"roller": loser, "kind": "remove"},
            {"roller": winner, "kind": "remove"},
            {"roller": loser, "kind": "remove"},
        ]
    return [{"roller": winner, "kind": "place"}, {"roller": loser, "kind": "remove"}]
