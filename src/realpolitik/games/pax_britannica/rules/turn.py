"""The Game Turn Sequence (L262-318): the automatic phases run until a decision is due."""

from __future__ import annotations

from ....engine import heading
from ....engine.flow import Dispatch
from .actions import Act
from .adjustment import marker_adjustment_phase
from .admin import administrative_phase
from .battle import Attack, Join, Loss, Retreat
from .board import Log, great_war_due, note
from .coaling import Coal
from .combat import colonial_combat_phase
from .congress import Call, Propose, Sign, Vote, start_congress
from .events import random_events
from .maneuver import Maneuver
from .minors import minor_powers_phase
from .movement import Movement, start_movement
from .natives import Aid
from .negotiation import Dispute, Offer, start_negotiation
from .peace import Peace, Spoils
from .rights import Rights, start_rights
from .scoring import final_record, great_war, victory_point_phase
from .state import State
from .straits import Deny
from .war import Declare, Treaty, start_war_phase
from .war_sequence import run_wars

DECISIONS: Dispatch[State, Act] = Dispatch(
    {
        "movement": Movement(),
        "offer": Offer(),
        "dispute": Dispute(),
        "call": Call(),
        "propose": Propose(),
        "vote": Vote(),
        "sign": Sign(),
        "declare": Declare(),
        "treaty": Treaty(),
        "maneuver": Maneuver(),
        "attack": Attack(),
        "join": Join(),
        "retreat": Retreat(),
        "loss": Loss(),
        "peace": Peace(),
        "aid": Aid(),
        "spoils": Spoils(),
        "coal": Coal(),
        "deny": Deny(),
        "rights": Rights(),
    }
)


def chinese_resentment_phase(state: State, log: Log) -> None:
    """L918-950: the CRI rises for every Control marker in a Chinese Area, then three dice at or
    under its tens bring a Rebellion (CRI 122: 12 or less)."""
    content = state.content
    rates = content.resentment
    rise = 0
    for area, held in state.markers.items():
        kind = content.areas[area].type
        rate = (
            rates["control_in_empire"]
            if kind == "chinese-empire"
            else rates["control_in_vassal"]
            if kind == "chinese-vassal"
            else 0
        )
        rise += rate * sum(
            1 for lv, _ in held.values() if lv in ("protectorate", "possession", "state", "dominion")
        )
    if rise:
        state.cri += rise
        note(log, f"CRI +{rise}: {state.cri}", "L931")
    chinese = [a for a in content.area_ids if content.areas[a].type in ("chinese-empire", "chinese-vassal")]
    if all(any(lv == "possession" for lv, _ in state.markers.get(a, {}).values()) for a in chinese):
        return  # L948-950: no Rebellion while every Chinese Area is a Possession
    dice = [state.rng.die() for _ in range(content.game["rebellion_dice"])]
    if sum(dice) <= rebellion_threshold(state.cri):
        state.rebellions += 1
        state.uprisings.append(["CN"])  # fought first in the War Phase (rules/natives.py)
        note(log, f"Chinese Rebellion: {sum(dice)} against {rebellion_threshold(state.cri)}", "L920-925")


def rebellion_threshold(cri: int) -> int:
    return cri // 10


def advance(state: State, log: Log) -> None:
    """Run the automatic phases until a decision is pending or the game is over."""
    while state.final is None and state.flow.top() is None:
        if state.great_war_declared:
            great_war(state, log, "four European Powers are at war")
            return
        if great_war_due(state):
            great_war(state, log, f"the ETI reached {state.eti}")
            return
        phase = state.phase
        if phase == "events":
            year = state.content.track[state.turn - 1].year
            heading(log, f"Game Turn {state.turn} ({year})", "L262", 1)
            _phase(log, "events")
            random_events(state, log)
            state.phase = "admin"
            _phase(log, "admin")
        elif phase == "admin":
            administrative_phase(state, log)
            state.phase = "minors"
            _phase(log, "minors")
        elif phase == "minors":
            minor_powers_phase(state, log)
            state.phase = "movement"
            _phase(log, "movement")
            start_movement(state)
        elif phase == "movement":  # every Great Power has said done
            state.phase = "combat"
            _phase(log, "combat")
        elif phase == "combat":
            colonial_combat_phase(state, log)
            state.phase = "adjustment"
            _phase(log, "adjustment")
            start_rights(state)  # L490-493: a Minor's rights defended, before its Influence gives way
        elif phase == "adjustment":
            marker_adjustment_phase(state, log)
            state.phase = "negotiation"
            _phase(log, "negotiation")
            start_negotiation(state)
        elif phase == "negotiation":  # every dispute answered
            state.phase = "congress"
            _phase(log, "congress")
            start_congress(state, log)
        elif phase == "congress":  # no Congress called, or it has closed
            state.phase = "resentment"
            _phase(log, "resentment")
        elif phase == "resentment":
            chinese_resentment_phase(state, log)
            state.phase = "war"
            _phase(log, "war")
            start_war_phase(state, log)
        elif phase == "war":  # every declaration made, or a step of a war answered
            if state.great_war_declared:
                continue  # the loop's first test ends the game
            if run_wars(state, log):
                state.cbs = []  # L1163: the War Sequence clears every Casus Belli marker
                state.phase = "vp"
                _phase(log, "vp")
        elif phase == "vp":
            if great_war_due(state):
                continue
            victory_point_phase(state, log)
            end_of_turn(state, log)
        else:  # pragma: no cover
            raise AssertionError(f"unknown phase {phase!r}")
    if state.final is None and state.great_war_declared:
        great_war(state, log, "four European Powers are at war")
    elif state.final is None and great_war_due(state):
        great_war(state, log, f"the ETI reached {state.eti}")


PHASES = {
    "events": ("Random Events Phase", "L263"),
    "admin": ("Administrative Phase", "L267"),
    "minors": ("Minor Powers Phase", "L270"),
    "movement": ("Movement/Status Change Phase", "L275"),
    "combat": ("Colonial Combat Phase", "L285"),
    "adjustment": ("Marker Adjustment Phase", "L288"),
    "negotiation": ("Negotiation Phase", "L293"),
    "congress": ("Congress of Europe Phase", "L295"),
    "resentment": ("Chinese Resentment Phase", "L298"),
    "war": ("War Phase", "L302"),
    "vp": ("Victory Point Record Phase", "L305"),
}
"""Each phase of the Game Turn Sequence as the text names it, with its line."""


def _phase(log: Log, phase: str) -> None:
    name, line = PHASES[phase]
    heading(log, name, line, 2)


def end_of_turn(state: State, log: Log) -> None:
    """The Final Record Phase (L310-318): the next turn, or the end after the last."""
    state.cbs = []  # L1138-1141: a Casus Belli lasts only the turn it arises
    state.minor_placed = []
    state.congress = None
    state.wars, state.treaty_void, state.uprisings = (
        [],
        False,
        [],
    )  # L1540-1541: the broken treaty holds again (G-R21)
    state.licences, state.forced, state.co_mods = {}, {}, {}
    if state.turn >= state.options["turns"]:
        final_record(state, log)
        return
    state.turn += 1
    state.phase = "events"
