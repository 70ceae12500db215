"""Setting up a game (L184-212)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ....engine import LogEntry, Rng
from ..options import content_for, normalize_options, seats_for
from .board import add_unit, note, set_marker
from .state import State, unit_code
from .turn import advance


def new_state(options: Mapping[str, Any], seed: int, log: list[LogEntry] | None = None) -> State:
    opts = normalize_options(options)
    content = content_for(opts)
    state = State(content, opts, Rng.from_seed(seed))
    players = int(opts["players"])
    state.seats = seats_for(players)
    great = [
        p
        for p in content.power_ids
        if content.powers[p].great_from and content.powers[p].great_from <= players
    ]
    state.great = tuple(great)
    state.minors = tuple(p for p in content.power_ids if p not in great)
    state.player_of = {p: ("DE" if p == "AH" else p) for p in great}
    for power in content.power_ids:
        spec = content.powers[power].setup
        for area, level in spec.markers.items():
            set_marker(state, area, power, level, True)
        for loc, strengths in spec.armies.items():
            for s in strengths:
                add_unit(state, power, loc, unit_code("army", s))
        for loc, strengths in spec.navals.items():
            for s in strengths:
                add_unit(state, power, loc, unit_code("naval", s))
        fleets = list(spec.fleets)
        if power in state.minors:
            fleets += [s for s in spec.minor_fleets if s not in fleets]  # L194
        state.fleets[power] = sorted(fleets)
    for power in state.great:
        state.treasury[power] = 0
    for power in state.seats:
        state.vp[power] = 0
    note(
        log,
        f"Pax Britannica for {players} players: " + ", ".join(content.powers[p].name for p in state.seats),
        "L184",
    )
    advance(state, log)
    return state
