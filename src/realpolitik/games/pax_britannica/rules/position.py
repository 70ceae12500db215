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
from .treaties import BAN, KINDS, PACT, UNIT_KINDS, allied_by_treaty, cap_kind, promise, sign, treaty_name
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

TREATY_FORMS = (
    "[defensive|offensive|pact, POWER, POWER], [ban, AREA, PROMISER, PARTNER] "
    "or [cap, army|naval, N, PROMISER, PARTNER]"
)
"""A treaty in a position, as the offers name it (rules/treaties.py stores the ban as
``["ban:AREA", promiser, partner]`` and the cap as ``["cap:KIND:N", promiser, partner]``)."""


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
        _treaties(state, position, "treaties", secret=False)
    if "secret_treaties" in position:  # L831-832: treaties only their signers see
        state.secret_treaties = []
        _treaties(state, position, "secret_treaties", secret=True)
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


def _treaties(state: State, position: Mapping[str, Any], key: str, secret: bool) -> None:
    """Each treaty of ``position[key]`` signed as its accepted offer signs it (rules/negotiation.py)."""
    entries = position[key]
    if not isinstance(entries, (list, tuple)):
        raise ScenarioError(f"position.{key} must be a list of treaties ({TREATY_FORMS})")
    for index, entry in enumerate(entries):
        where = f"position.{key}[{index}]"
        kind, a, b = _treaty(state, where, entry)
        if kind in (*KINDS, PACT):  # L823-825: alliances; a pact, one of a kind a pair
            if allied_by_treaty(state, a, b, kind):
                raise ScenarioError(f"{where}: {a} and {b} have a {treaty_name(kind)} treaty already")
            sign(state, kind, a, b, secret)
        else:  # L820 (a ban), L821-822 (a cap): the promiser binds itself to the partner
            if [kind, a, b] in state.treaties:
                raise ScenarioError(f"{where}: {a} has promised {b} that already")
            promise(state, kind, a, b, secret)


def _treaty(state: State, where: str, entry: Any) -> tuple[str, str, str]:
    """``(kind, signer, signer)`` as rules/treaties.py stores it; a ban's and a cap's first signer
    is the promiser."""
    if not isinstance(entry, (list, tuple)) or not entry:
        raise ScenarioError(f"{where}: a treaty is a list: {TREATY_FORMS}")
    kind, *terms = entry
    if kind in (*KINDS, PACT):
        if len(terms) != 2:
            raise ScenarioError(f"{where}: write [{kind}, POWER, POWER]")
        name = str(kind)
    elif kind == "ban":
        if len(terms) != 3:
            raise ScenarioError(f"{where}: write [ban, AREA, PROMISER, PARTNER]")
        area, *terms = terms
        if area not in state.content.areas:
            raise ScenarioError(f"{where}: no Area {area!r}")
        name = BAN + str(area)
    elif kind == "cap":
        if len(terms) != 4:
            raise ScenarioError(f"{where}: write [cap, army|naval, N, PROMISER, PARTNER]")
        unit, limit, *terms = terms
        if unit not in UNIT_KINDS:
            raise ScenarioError(f"{where}: a cap is on {' or '.join(UNIT_KINDS)} units, not {unit!r}")
        if isinstance(limit, bool) or not isinstance(limit, int) or limit < 0:
            raise ScenarioError(f"{where}: a cap's limit is a whole number from 0, not {limit!r}")
        name = cap_kind(str(unit), limit)
    else:
        raise ScenarioError(f"{where}: {kind!r} is not a treaty ({TREATY_FORMS})")
    a, b = (_power(state, str(p)) for p in terms)
    for power in (a, b):
        if power not in state.great:
            raise ScenarioError(f"{where}: {power} is not a Great Power in this game")
    if state.player_of[a] == state.player_of[b]:
        raise ScenarioError(f"{where}: {a} and {b} are one player's Powers: they sign no treaty together")
    return name, a, b


def _table(position: Mapping[str, Any], key: str) -> Mapping[str, Any]:
    value = position.get(key, {})
    if not isinstance(value, Mapping):
        raise ScenarioError(f"position.{key} must be a table")
    return value


def _power(state: State, power: str) -> str:
    if power not in state.content.powers:
        raise ScenarioError(f"no Power {power!r} ({', '.join(state.content.power_ids)})")
    return power
