"""The War Sequence (L1083-1133), step by step, for each war of the turn in turn.

    Alliance Determination -> loop:
        the canals' and Straits' Controllers deny them or not (L1508-1530, rules/straits.py)
        Initiative (one die an Alliance, the higher moves first; reading G-R16: ties are rolled again)
        First Alliance: Maneuver, Attack (then conquest), Supply
        Second Alliance: Maneuver, Attack (then conquest), Supply
        Third Alliance (and any further one): Maneuver, Attack, Supply (L1201-1204)
        War End Determination (peace offers, then the tests of rules/peace.py)
    -> Resolution

Each step is a ``stage`` of the war record (rules/alliance.py); a step that needs a seat pushes a
decision and the machine carries on when the flow is empty again. All Casus Belli markers go when
the War Sequence begins (L1163).

The Chinese Rebellion and the Ottoman war (rules/natives.py) run through the same steps with the
Empire as the First Alliance and its automaton in place of a seat.

A three-cornered war (L1201-1204) has a Third Alliance: "add Third Alliance Maneuver, Attack,
and Supply Phases to the War Sequence". Reading: the Initiative die is rolled by every Alliance,
the order of the rolls (highest first) is the order of the phases; ties are rolled again (all
dice, as with two).
"""

from __future__ import annotations

from .alliance import War, active, belligerents, members
from .battle import automaton_attacks, start_attacks
from .board import Log, great_war_due, note, raise_eti
from .coaling import ask_neutrals
from .maneuver import start_maneuver
from .natives import (
    begin_uprisings,
    chinese_sweep,
    cut_off,
    native_maneuver,
    native_verdict,
    offer_aid,
    place_ottoman_armies,
    resolve_uprising,
)
from .peace import offer_end, offer_peace, resolve_war, send_home, separate_peace, war_verdict
from .state import State, is_army
from .straits import ask as ask_passages
from .supply import conquest, supply_phase
from .uprising import OTTOMANS, automaton, native_of


def run_wars(state: State, log: Log) -> bool:
    """Step the wars of the turn until a decision is due (False) or none is left (True)."""
    if state.uprisings:
        begin_uprisings(state, log)
    while state.wars:
        if state.final is not None or state.great_war_declared or great_war_due(state):
            return False
        _step(state, state.wars[0], log)
        if state.flow.top() is not None:
            return False
    return True


def _step(state: State, war: War, log: Log) -> None:
    stage = war["stage"]
    if stage == "alliance":
        _alliance_determination(state, war, log)
        war["stage"] = "initiative"
    elif stage == "initiative":
        if war.get("passages", 0) <= war["round"]:
            war["passages"] = war["round"] + 1  # asked once a War Sequence
            if ask_passages(state, war):  # L1508-1530: the canals' and Straits' Controllers first
                return
        _initiative(state, war, log)
        war["stage"], war["turn"] = "maneuver", 0
    elif stage == "maneuver":
        war["stage"] = "attack"
        side = war["order"][war["turn"]]
        if automaton(war) and side == 0:
            native_maneuver(state, war, log)
        else:
            start_maneuver(state, war, members(war, side))
    elif stage == "attack":
        war["stage"], war["fought"] = "attacks", []
        war.pop("stragglers", None)  # L1370-1374: a straggler is one of this Attack Phase
        automaton_attacks(state, war, war["order"][war["turn"]], log)
    elif stage == "attacks":
        war["stage"] = "supply"
        start_attacks(state, war, members(war, war["order"][war["turn"]]))
    elif stage == "supply":
        side = war["order"][war["turn"]]
        if not automaton(war):
            conquest(state, war, log)  # L1375: at the end of the Attack Phase
            supply_phase(state, war, side, log)
        elif side == 1:  # the Empire's enemies: supply for their units only (reading)
            chinese_sweep(state, war, log)  # L975-977: end of the Second Alliance Attack Phase
            supply_phase(state, war, side, log, areas=False)
        war["turn"] += 1
        war["stage"] = "maneuver" if war["turn"] < len(war["order"]) else "end"
    elif stage == "end":
        war["quiet"] = 0 if war["attacked"] else war["quiet"] + 1
        war["stage"] = "verdict"
        if not automaton(war):
            offer_peace(state, war)
        elif cut_off(state, war):  # the Empires never negotiate; their enemies may end a cut-off war
            offer_end(state, war)
    else:  # verdict
        _verdict(state, war, log)


def _alliance_determination(state: State, war: War, log: Log) -> None:
    """L1091-1094, L1233-1237: a Minor fighting with no Great Power ally is played by a neutral
    Great Power (reading: the first in the game's order that is at war with nobody)."""
    state.cbs = []  # L1163
    if native_of(war) is not None:
        if war["sides"][0][0] == OTTOMANS:
            place_ottoman_armies(state, log)
        offer_aid(state, war)  # L1046-1048: the Ottomans may find allies; the Empires else play alone
        return
    for minor in [p for p in belligerents(war) if p not in state.player_of]:  # L1436-1441
        navals = state.units.get(minor, {})
        war["stations"][minor] = sorted(
            loc for loc, codes in navals.items() if loc != "home" and any(not is_army(c) for c in codes)
        )
    at_war = {p for w in state.wars for p in belligerents(w)}
    neutrals = [p for p in state.great if p not in at_war]
    for side in war["sides"]:
        if any(p in state.player_of for p in side):
            continue
        for minor in side:
            war["controller"][minor] = neutrals[0] if neutrals else ""
            if neutrals:
                note(log, f"{neutrals[0]} plays {minor}'s forces in the war", "L1233-1237", neutrals[0])
    ask_neutrals(state, war)  # L1274-1276: neutrals may volunteer Areas for coaling


def _initiative(state: State, war: War, log: Log) -> None:
    """L1096-1101."""
    war["round"] += 1
    war["attacked"] = False
    if automaton(war):
        war["order"] = [0, 1]  # L1096-1099: China, the Ottomans alone, always move first
        return
    sides = active(war)
    while True:  # L1099-1101: one die an Alliance (L1201-1204: each of three or more)
        rolls = [state.rng.die() for _ in sides]
        if len(set(rolls)) == len(rolls):
            break
    war["order"] = [side for _, side in sorted(zip(rolls, sides, strict=True), reverse=True)]
    names = ["+".join(war["sides"][side]) for side in war["order"]]
    if len(sides) == 2:
        text = f"initiative {rolls[0]} against {rolls[1]}, {names[0]} first"
    else:
        dice = ", ".join(f"{'+'.join(war['sides'][s])} {r}" for r, s in zip(rolls, sides, strict=True))
        text = f"initiative {dice}: {', then '.join(names)}"
    note(log, f"War Sequence {war['round']}: {text}", "L1096-1101")


def _verdict(state: State, war: War, log: Log) -> None:
    if war.get("ending") is not None:  # the victors have answered on the spoils (rules/peace.py)
        how, winners = war["ending"]
        resolve_war(state, war, how, list(winners), log)
        return
    if automaton(war):
        ending = native_verdict(state, war)
        if ending is not None:
            resolve_uprising(state, war, ending, log)
            for power in war["sides"][1]:
                send_home(state, war, power)
            state.wars.remove(war)
            return
        raise_eti(state, state.content.tensions["war_turn"], log, "a War Sequence ends", "L1491-1493")
        war["stage"] = "initiative"
        return
    if separate_peace(state, war, log):
        resolve_war(state, war, "peace", [], log)
        return
    found = war_verdict(state, war)
    if found is not None:
        resolve_war(state, war, found[0], found[1], log)
        return
    raise_eti(state, state.content.tensions["war_turn"], log, "a War Sequence ends", "L1491-1493")
    war["stage"] = "initiative"
