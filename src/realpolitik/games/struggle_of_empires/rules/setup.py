"""Options and setup (MISE EN PLACE DU JEU, L29-59)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ....engine import OptionsError, Rng, heading
from ....engine.content import ContentError
from ....engine.flow import Decision
from ..content import Content, load_content
from ..options import SCHEMA
from .economy import Log, note
from .state import State
from .war import draw_markers, open_auction

_CACHE: dict[str, Content] = {}


def content_for(options: Mapping[str, Any]) -> Content:
    """The shipped content, or with the game's override applied (kept in the record)."""
    override = options.get("content") or None
    if not override:
        return load_content()
    key = repr(sorted(override.items()))
    if key not in _CACHE:
        _CACHE[key] = load_content(override)
    return _CACHE[key]


def normalize_options(options: Mapping[str, Any]) -> dict[str, Any]:
    result = {**SCHEMA.defaults(), **SCHEMA.check(options)}
    try:
        content = content_for(result)
    except ContentError as error:
        raise OptionsError(f"content: {error}") from None
    players = result["players"]
    if not content.rules.min_players <= players <= content.rules.max_players:
        raise OptionsError(f"players must be {content.rules.min_players} to {content.rules.max_players}")
    return result


def seats_for(options: Mapping[str, Any]) -> tuple[str, ...]:
    return content_for(options).empire_order[: int(options.get("players", 4))]


def new_state(options: Mapping[str, Any], seed: int, log: Log) -> State:
    content = content_for(options)
    rules = content.rules
    seats = seats_for(options)
    state = State(content, dict(options), seats, Rng.from_seed(seed))
    state.bag = [f"{region}:{code}" for region, code in content.markers]
    state.rng.shuffle(state.bag)  # L32: every region marker in a bag
    if state.valued_unrest():  # G8, option: face-down unrest markers of several values
        state.unrest_pool = [v + 1 for v, n in enumerate(rules.unrest_pool) for _ in range(n)]
        state.rng.shuffle(state.unrest_pool)
    draw_markers(state, rules.markers_per_war, log)  # L33
    state.first = seats[state.rng.below(len(seats))]  # L40: the first player at random
    start = seats.index(state.first)
    for i in range(len(seats)):
        seat = seats[(start + i) % len(seats)]
        for _ in range(rules.setup_tokens):  # L51-53: tokens where the markers say; markers out
            if state.bag:
                region, _code = state.bag.pop().split(":")
                state.add_token(region, seat)
    heading(log, "Set-up", "L40-59", 1)
    note(log, f"{state.first} plays first; each empire has 10 gold, 5 Population and 5 tokens", "L40-53")
    total = rules.deployment_units * len(seats)
    if total:
        state.flow.push(Decision("deploy", state.first, {"left": total}))
    else:
        heading(log, "War 1", "L104", 1)
        heading(log, "Alliance auction", "L106", 2)
        open_auction(state, state.first)
    return state
