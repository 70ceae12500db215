"""Cards whose effect needs Python (named ``hook`` steps in the data)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ....engine.flow import Decision
from .board import add_sp, adjacent_independents, controller, controls_icon, icons_of, sp_to_control
from .decks import draw
from .naval import last_box, resolve_attempt
from .state import State, index, other
from .tracks import Log, change_tension, gain_vp, note


def run(state: State, name: str, task: Mapping[str, Any], log: Log) -> None:
    HOOKS[name](state, task, log)


def _tirpitz(state: State, task: Mapping[str, Any], log: Log) -> None:
    # Ex R2.1 (our reading): SP taken from Wilhelm II move the German navy a box each, up to 2.
    most = min(2, state.sp["wilhelm-ii"][index("A")])
    if most:
        state.flow.push(Decision("tirpitz", task["seat"], {"most": most}))


def _dreyfus(state: State, task: Mapping[str, Any], log: Log) -> None:
    state.dreyfus = True  # Ex R2.6, 15.0: the Liberal's OPs placement in France costs double this turn
    note(log, "Dreyfus Affair: Liberal OPs placement in France costs double this turn", "§6.1.3")


def _foreign_investments(state: State, task: Mapping[str, Any], log: Log) -> None:
    seat = task["seat"]
    sources = [s for s in state.content.space_ids if state.sp[s][index(seat)] > 0]
    if sources:
        state.flow.push(Decision("fi-source", seat, {"sources": sources}))


def _nothing(state: State, task: Mapping[str, Any], log: Log) -> None:
    """Eight Nation Alliance's rules are those of its play (cards.py)."""


def replay_options(state: State, seat: str) -> list[str]:
    """15.0: an event from the discard, never a removed one; its side must be the replaying
    player's or neutral; never a Scoring card or another replay."""
    found = []
    for cid in state.discard:
        card = state.content.cards[cid]
        if card.scoring or card.owner not in (seat, None) or cid == "eight-nation-alliance":
            continue
        if any(step.get("name", "").startswith("replay") for step in card.effect):
            continue
        if cid not in found:
            found.append(cid)
    return found


def _replay(state: State, task: Mapping[str, Any], log: Log) -> None:
    seat = task["seat"]
    if seat == "A" and len(controls_icon(state, "A", ["monarchy"], None)) < 3:
        note(log, "Bülow: fewer than 3 Authoritarian-controlled Monarchy spaces", "§7.0", seat)
        return  # Ex R2.1: three Authoritarian-controlled Monarchy spaces
    options = replay_options(state, seat)
    if options:
        state.flow.push(Decision("pick", seat, {"options": options, "purpose": "replay", "count": 1}))


def _two_power_standard(state: State, task: Mapping[str, Any], log: Log) -> None:
    # 15.0: three mandatory attempts when the British navy is behind; 2 level, 1 ahead (ours, G17)
    gap = state.navy["L"] - state.navy["A"]
    state.tps_left = 3 if gap < 0 else (2 if gap == 0 else 1)
    note(
        log,
        f"Two-Power Standard: the Liberal's next {state.tps_left} rounds are naval attempts",
        "§6.3.3",
        "L",
    )


def _absolutist_rule(state: State, task: Mapping[str, Any], log: Log) -> None:
    region = task["region"]
    monarch = "monarchy"
    thrones = list(controls_icon(state, "A", [monarch], region))
    if region == "france" and controller(state, "paris") == "A" and not state.readings.french_monarchy:
        thrones.append(
            "paris"
        )  # 'the Monarch space (Paris if France)'; C23: with 12.0 #20 only a Monarchy Paris
    others = [
        s for s in controls_icon(state, "A", ["government", "army", "annex"], region) if s not in thrones[:1]
    ]
    if thrones and others:
        gain_vp(state, "A", 2, log, why="Absolutist Rule", rule="§9.0")


def _secret_treaty(state: State, task: Mapping[str, Any], log: Log) -> None:
    region = task["region"]
    annex = len(controls_icon(state, "A", ["annex"], region))
    near = sum(1 for s in adjacent_independents(state, region) if controller(state, s) == "A")
    if annex + near >= 2:
        draw(state, "A", 1, log)
        if state.hands["A"]:
            state.flow.push(
                Decision("pick", "A", {"options": list(state.hands["A"]), "purpose": "discard", "count": 1})
            )


def _free_attempt(state: State, seat: str, log: Log) -> None:
    if state.navy[seat] < state.navy[other(seat)] and state.navy[seat] < last_box(state):
        state.tasks[0:0] = resolve_attempt(state, seat, 2, False, log)


def _naval_law(state: State, task: Mapping[str, Any], log: Log) -> None:
    _free_attempt(state, "A", log)


def _naval_estimates(state: State, task: Mapping[str, Any], log: Log) -> None:
    _free_attempt(state, "L", log)


def _workers_unite(state: State, task: Mapping[str, Any], log: Log) -> None:
    region = task["region"]
    for s in state.content.space_ids:
        space = state.content.spaces[s]
        if space.region == region and "workers" in icons_of(state, s) and controller(state, s) != "A":
            add_sp(state, "L", s, sp_to_control(state, "L", s))


def _intelligentsia(state: State, task: Mapping[str, Any], log: Log) -> None:
    if not controls_icon(state, "L", ["intellectual"], task["region"]):
        return
    change_tension(state, -1, "L", log)
    options = [
        c
        for c in dict.fromkeys(state.discard)
        if state.content.cards[c].ops == 2 and not state.content.cards[c].scoring
    ]
    if options:
        state.flow.push(Decision("pick", "L", {"options": options, "purpose": "take", "count": 1}))


def _popular_uproar(state: State, task: Mapping[str, Any], log: Log) -> None:
    region = task["region"]
    if controls_icon(state, "A", ["army"], region):
        token = task.get("scoring")
        state.tasks = [
            t for t in state.tasks if t.get("scoring") != token or t["t"] not in ("region-score", "crisis")
        ]
        card, player = task.get("scoring_card"), task.get("scoring_player")
        if card in state.discard and player in ("A", "L"):
            state.discard.remove(card)
            state.hands[player].append(card)
            state.slots.append(player)  # the card comes back and is played again this turn (15.0)
        note(
            log,
            "Popular Uproar: the scoring is cancelled; the Scoring card returns with an extra round",
            "§9.0",
            "L",
        )
        return
    spaces = [
        s
        for s in state.content.space_ids
        if "annex" in icons_of(state, s)
        and (
            state.content.spaces[s].region == region
            or (state.content.spaces[s].independent and controller(state, s) is None)
        )
    ]
    if spaces:
        state.flow.push(
            Decision(
                "event-place",
                "L",
                {
                    "left": 1,
                    "per_space": 1,
                    "where": {"spaces": spaces},
                    "region": region,
                    "placed": {},
                    "upto": False,
                },
            )
        )


HOOKS = {
    "tirpitz": _tirpitz,
    "dreyfus": _dreyfus,
    "foreign-investments": _foreign_investments,
    "eight-nation-alliance": _nothing,
    "replay-authoritarian": _replay,
    "replay-liberal": _replay,
    "two-power-standard": _two_power_standard,
    "absolutist-rule": _absolutist_rule,
    "secret-treaty-clauses": _secret_treaty,
    "naval-law-amendment": _naval_law,
    "naval-estimates": _naval_estimates,
    "workers-unite": _workers_unite,
    "popular-uproar": _popular_uproar,
    "intelligentsia": _intelligentsia,
}
