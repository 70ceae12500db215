"""Scenario positions in the game's own words (docs/scenarios.md; keys in docs/pax-britannica.md)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ....engine import LogEntry, ScenarioError
from ....engine.flow import Decision
from ..content import LEVELS
from .board import add_unit, set_marker
from .movement import KIND
from .state import PHASES, State
from .treaties import KINDS
from .turn import advance

KEYS = (
    "turn",
    "eti",
    "cri",
    "treasury",
    "vp",
    "markers",
    "units",
    "fleets",
    "unrest",
    "phase",
    "mover",
    "canals",
    "casus_belli",
    "treaties",
    "secret_treaties",
)


def set_position(state: State, position: Mapping[str, Any], log: list[LogEntry] | None = None) -> None:
    content = state.content
    for key in position:
        if key not in KEYS:
            raise ScenarioError(f"position: unknown key {key!r} ({', '.join(KEYS)})")
    if "turn" in position:
        state.turn = int(position["turn"])
    for key in ("eti", "cri"):
        if key in position:
            setattr(state, key, int(position[key]))
    for power, amount in _table(position, "treasury").items():
        state.treasury[_power(state, power)] = int(amount)
    for power, amount in _table(position, "vp").items():
        state.vp[_power(state, power)] = int(amount)
    for area, held in _table(position, "markers").items():
        if area not in content.areas:
            raise ScenarioError(f"position.markers: no Area {area!r}")
        state.markers.pop(area, None)
        for power, level in dict(held).items():
            text = str(level)
            established = not text.endswith("*")
            name = text.rstrip("*")
            if name not in LEVELS:
                raise ScenarioError(
                    f"position.markers.{area}.{power}: {name!r} is not a level ({', '.join(LEVELS)})"
                )
            set_marker(state, area, _power(state, power), name, established)
    for power, locs in _table(position, "units").items():
        p = _power(state, power)
        state.units[p] = {}
        for loc, codes in dict(locs).items():
            if loc != "home" and loc not in content.areas:
                raise ScenarioError(f"position.units.{power}: no Area {loc!r}")
            for code in codes:
                add_unit(state, p, loc, str(code))
    for power, seas in _table(position, "fleets").items():
        state.fleets[_power(state, power)] = sorted(str(s) for s in seas)
    if "unrest" in position:
        state.unrest = sorted(str(a) for a in position["unrest"])
    if "casus_belli" in position:
        state.cbs = [[str(h), str(a), str(r)] for h, a, r in position["casus_belli"]]
    if "treaties" in position:
        state.treaties = []
        for kind, a, b in position["treaties"]:
            if str(kind) not in KINDS:
                raise ScenarioError(f"position.treaties: {kind!r} is not one of {', '.join(KINDS)}")
            state.treaties.append([str(kind), _power(state, str(a)), _power(state, str(b))])
    if "secret_treaties" in position:  # L839-841: treaties only their signers see
        state.secret_treaties = []
        for kind, a, b in position["secret_treaties"]:
            if str(kind) not in KINDS:
                raise ScenarioError(f"position.secret_treaties: {kind!r} is not one of {', '.join(KINDS)}")
            treaty = [str(kind), _power(state, str(a)), _power(state, str(b))]
            state.treaties.append(treaty)
            state.secret_treaties.append(list(treaty))
    if "canals" in position:
        state.canals = [str(a) for a in position["canals"]]
    if "phase" in position or "mover" in position:
        phase = str(position.get("phase", "movement"))
        if phase not in PHASES[:-1]:
            raise ScenarioError(f"position.phase must be one of {', '.join(PHASES[:-1])}")
        state.flow.clear()
        state.phase = phase
        if phase == "movement":
            mover = _power(state, str(position.get("mover", state.great[0])))
            if mover not in state.great:
                raise ScenarioError(f"position.mover: {mover} is not a Great Power in this game")
            state.flow.push(Decision(KIND, state.player_of[mover], {"power": mover, "queue": []}))
    advance(state, log)


def _table(position: Mapping[str, Any], key: str) -> Mapping[str, Any]:
    value = position.get(key, {})
    if not isinstance(value, Mapping):
        raise ScenarioError(f"position.{key} must be a table")
    return value


def _power(state: State, power: str) -> str:
    if power not in state.content.powers:
        raise ScenarioError(f"no Power {power!r} ({', '.join(state.content.power_ids)})")
    return power
