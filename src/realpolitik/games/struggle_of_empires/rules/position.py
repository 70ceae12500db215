"""Scenario positions in the game's own words (docs/struggle-of-empires.md, "Scenario positions").

Keys: ``clear`` (empty the map first), ``war``, ``round``, ``first``, ``last_player``,
``empires`` (``{GB = {gold, population, vp, unrest, tiles = {army-training = 1}}}``; with valued
unrest markers ``unrest_values = [1, 3]``),
``tokens`` (``{north-america = {GB = 1}}``), ``units`` (``{north-america = {ES = {army = 2, ship = 2}}}``),
``markers`` (``{africa = ["n2g3"]}``), ``stock``, ``grey``/``white`` (the alliance rows), ``order``,
and what is decided next: ``auction = "GB"`` (an auction opened by GB) or ``turn = "ES"`` (ES's turn
with two actions; ``actions`` to change that).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ....engine import ScenarioError
from ....engine.flow import Decision
from .state import State
from .turn import KINDS
from .war import open_auction, turn_order

KEYS = (
    "clear",
    "war",
    "round",
    "first",
    "last_player",
    "empires",
    "tokens",
    "units",
    "markers",
    "stock",
    "grey",
    "white",
    "order",
    "auction",
    "turn",
    "actions",
)


def _seat(state: State, seat: Any) -> str:
    if seat not in state.seats:
        raise ScenarioError(f"position: no empire {seat!r} in this game (seats: {', '.join(state.seats)})")
    return str(seat)


def _region(state: State, region: Any) -> str:
    if region not in state.content.regions:
        raise ScenarioError(f"position: no region {region!r}")
    return str(region)


def _table(key: str, value: Any) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise ScenarioError(f"position.{key} must be a table")
    return value


def set_position(state: State, position: Mapping[str, Any]) -> None:
    unknown = sorted(set(position) - set(KEYS))
    if unknown:
        raise ScenarioError(f"position: unknown key(s) {', '.join(unknown)} (known: {', '.join(KEYS)})")
    if position.get("clear"):
        state.tokens = {r: {} for r in state.tokens}
        state.units = {r: {} for r in state.units}
        state.markers = {r: [] for r in state.markers}
    for key in ("war", "round"):
        if key in position:
            setattr(state, key, int(position[key]))
    for key in ("first", "last_player"):
        if key in position:
            setattr(state, key, _seat(state, position[key]))
    for given, values in _table("empires", position.get("empires", {})).items():
        seat = _seat(state, given)
        for field, value in _table(f"empires.{seat}", values).items():
            if field in ("gold", "population", "vp", "unrest"):
                getattr(state, field)[seat] = int(value)
                if field == "unrest" and state.valued_unrest():
                    state.unrest_values[seat] = [1] * int(value)
            elif field == "unrest_values":  # valued markers (G8 option): each marker's value
                state.unrest_values[seat] = [int(v) for v in value]
                state.unrest[seat] = sum(state.unrest_values[seat])
            elif field == "tiles":
                for tile, n in _table("tiles", value).items():
                    if tile not in state.content.tiles:
                        raise ScenarioError(f"position: no tile {tile!r}")
                    state.stock[tile] -= int(n) - state.owned[seat].get(tile, 0)
                    state.owned[seat][tile] = int(n)
                    if not state.owned[seat][tile]:
                        del state.owned[seat][tile]
            else:
                raise ScenarioError(f"position.empires.{seat}: unknown key {field!r}")
    for where, counts in _table("tokens", position.get("tokens", {})).items():
        region = _region(state, where)
        state.tokens[region] = {_seat(state, s): int(n) for s, n in _table(region, counts).items() if int(n)}
    for where, per_seat in _table("units", position.get("units", {})).items():
        region = _region(state, where)
        state.units[region] = {}
        for seat, kinds in _table(region, per_seat).items():
            for kind, n in _table(f"units.{region}.{seat}", kinds).items():
                if kind not in KINDS:
                    raise ScenarioError(f"position: unit kind {kind!r} (army, ship, fort)")
                state.add_unit(region, _seat(state, seat), KINDS[kind], int(n))
    for region, codes in _table("markers", position.get("markers", {})).items():
        state.markers[_region(state, region)] = [str(c) for c in codes]
    for tile, n in _table("stock", position.get("stock", {})).items():
        state.stock[str(tile)] = int(n)
    for row in ("grey", "white"):
        if row in position:
            setattr(state, row, [_seat(state, s) for s in position[row]])
    if "order" in position:
        state.order = [_seat(state, s) for s in position["order"]]
    if "auction" in position:
        state.combat = None
        state.flow.clear()
        open_auction(state, _seat(state, position["auction"]))
    elif "turn" in position:
        seat = _seat(state, position["turn"])
        if "order" not in position:
            state.order = turn_order(state) if seat in state.grey + state.white else list(state.seats)
        if seat not in state.order:
            raise ScenarioError(f"position: {seat} is not in the turn order {state.order}")
        state.combat = None
        state.flow.clear()
        actions = int(position.get("actions", state.content.rules.actions_per_turn))
        state.flow.push(Decision("turn", seat, {"actions": actions}))
