"""Options and setup (MISE EN PLACE DU JEU, L29-59)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ....engine import OptionsError, Rng
from ....engine.content import ContentError
from ....engine.flow import Decision
from ..content import Content, load_content
from ..options import SCHEMA
from .log_lines import Log, say, title
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
    title(log, "setup_heading", "L40-59", 1)
    draw_markers(state, rules.markers_per_war, log)  # L33
    state.first = seats[state.rng.below(len(seats))]  # L40: the first player at random
    start = seats.index(state.first)
    for i in range(len(seats)):
        seat = seats[(start + i) % len(seats)]
        for _ in range(rules.setup_tokens):  # L51-53: tokens where the markers say; markers out
            if state.bag:
                region, _code = state.bag.pop().split(":")
                state.add_token(region, seat)
    say(
        log,
        "setup",
        "L40-53",
        first=state.first,
        gold=rules.starting_gold,
        population=rules.starting_population,
        tokens=rules.setup_tokens,
    )
    total = rules.deployment_units * len(seats)
    if total:
        state.flow.push(Decision("deploy", state.first, {"left": total}))
    else:
        title(log, "war_heading", "L104", 1, n=1)
        title(log, "auction_heading", "L106", 2)
        open_auction(state, state.first)
    return state
