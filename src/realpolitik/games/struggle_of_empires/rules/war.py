"""The War loop (DEROULEMENT D'UNE GUERRE, L75-90): markers, the auction's end, rounds and turns,
income and upkeep (L352-362), scoring (L364-374), the end of a War (L376-382) and of the game
(FIN DE LA PARTIE, L384-391)."""

from __future__ import annotations

from typing import Any

from ....engine.flow import Decision
from .economy import pay
from .log_lines import Log, say, title
from .state import State

# -- markers and the auction ------------------------------------------------------------------------


def draw_markers(state: State, count: int, log: Log) -> None:
    """L33, L94-99: markers drawn from the bag go face up on their regions (those already there
    stay). An empty bag places nothing more."""
    placed = 0
    while placed < count and state.bag:
        region, code = state.bag.pop().split(":")
        state.markers[region].append(code)
        placed += 1
    state.reveals += 1
    say(log, "markers_drawn", "L94-99", n=placed)


def open_auction(state: State, opener: str) -> None:
    """L104-108: one auction, bidding clockwise from ``opener``."""
    state.flow.replace(
        Decision(
            "auction",
            opener,
            {"opener": opener, "high": -1, "bidder": None, "a": None, "b": None, "passes": 0},
        )
    )


def unallied(state: State) -> list[str]:
    return [s for s in state.seats if s not in state.grey and s not in state.white]


def next_seat(state: State, seat: str) -> str:
    """Clockwise: the next seat in seating order."""
    return state.seats[(state.seats.index(seat) + 1) % len(state.seats)]


def turn_order(state: State) -> list[str]:
    """G6 (L136): the order comes from the tokens' places in the alliance rows. Default: the rows
    alternate, grey 1, white 1, grey 2, ...; the option ``rows`` plays the grey row, then the white."""
    if state.options.get("turn_order") == "rows":
        return [*state.grey, *state.white]
    order: list[str] = []
    for i in range(max(len(state.grey), len(state.white))):
        order += [row[i] for row in (state.grey, state.white) if i < len(row)]
    return order


def start_actions(state: State, log: Log) -> None:
    """Phase 3 (L133-154): rounds of turns in alliance order, two actions each."""
    state.order = turn_order(state)
    state.round = 1
    title(log, "round_heading", "L133", 2, n=1)
    _new_round(state)
    say(log, "turn_order", "L136", order=", ".join(state.order))
    state.flow.replace(Decision("turn", state.order[0], {"actions": state.content.rules.actions_per_turn}))


def _new_round(state: State) -> None:
    for seat in state.seats:
        state.round_flags[seat] = []
        state.no_rebuy[seat] = []


def end_turn(state: State, seat: str, log: Log) -> None:
    """The next turn; after the last turn of the last round, the end of the War."""
    index = state.order.index(seat) + 1
    if index < len(state.order):
        state.flow.replace(
            Decision("turn", state.order[index], {"actions": state.content.rules.actions_per_turn})
        )
        return
    state.round += 1  # L152-154
    if state.round <= state.content.rules.rounds(len(state.seats)):
        title(log, "round_heading", "L152-154", 2, n=state.round)
        _new_round(state)
        state.flow.replace(
            Decision("turn", state.order[0], {"actions": state.content.rules.actions_per_turn})
        )
        return
    end_war(state, log)


# -- phases 4-6 ----------------------------------------------------------------------------------------


def income(state: State, log: Log) -> None:
    """L352-362: income (1 gold per Population point and per token on the map, held tokens
    excluded), then upkeep (1 gold per unit, never refused: a loan if short), then +5 Population up
    to 9."""
    rules = state.content.rules
    for seat in state.seats:
        earned = state.population[seat] + state.tokens_of(seat)
        if state.options.get("commerce") == "income":
            earned += sum(commerce_yield(state, seat, t) for t in state.owned[seat] if _is_commerce(state, t))
        state.gold[seat] += earned
        upkeep = state.units_of(seat)
        pay(state, seat, upkeep, log, "upkeep")
        state.population[seat] = min(rules.population_cap, state.population[seat] + rules.population_growth)
        say(log, "income", "L352-362", seat, seat=seat, gold=earned, upkeep=upkeep)


def _is_commerce(state: State, tile: str) -> bool:
    return state.content.tiles[tile].kind == "commerce"


def commerce_yield(state: State, seat: str, tile: str, region: str | None = None) -> int:
    """L461-463: 1 gold per own token in the tile's region (the better one if it names two)."""
    regions = state.content.tiles[tile].regions if region is None else (region,)
    return max(state.token_count(r, seat) for r in regions) * state.owned[seat].get(tile, 0)


def region_scores(state: State, region: str) -> dict[str, int]:
    """L366-374, example L441-444: the most tokens take the highest value, the next count the
    next value, ties share (dense ranking); units count for nothing."""
    values = state.content.regions[region].vp
    counts = {s: n for s, n in state.tokens[region].items() if n > 0}
    ranks = sorted(set(counts.values()), reverse=True)
    return {s: values[ranks.index(n)] for s, n in counts.items() if ranks.index(n) < len(values)}


def score(state: State, log: Log) -> None:
    for region in state.content.scoring_ids:
        for seat, points in region_scores(state, region).items():
            state.vp[seat] += points
    say(log, "vp", "L364-374", scores=", ".join(f"{s} {state.vp[s]}" for s in state.seats))


def end_war(state: State, log: Log) -> None:
    title(log, "income_heading", "L352-374", 2)
    income(state, log)
    score(state, log)
    # L376-382: back to round 1, tiles turned back, alliance tiles and blockades back to stock
    state.last_player = state.order[-1]
    tiles = state.content.tiles
    for seat in state.seats:
        state.used[seat] = {}
        for tile in [t for t in state.owned[seat] if tiles[t].kind == "alliance"]:
            state.stock[tile] += state.owned[seat].pop(tile)
    for _region, _owner in state.blockades:
        state.stock["blockade"] += 1
    state.blockades = []
    state.grey, state.white, state.order = [], [], []
    state.round = 1
    if state.war >= state.content.rules.wars:
        finish(state, log)
        return
    state.war += 1
    title(log, "war_heading", "L376-382", 1, n=state.war)
    draw_markers(state, state.content.rules.markers_per_war, log)
    title(log, "auction_heading", "L106", 2)
    open_auction(state, state.last_player)


def penalties(state: State) -> dict[str, int]:
    """L384-391: 20 unrest or more is a revolution (score 0); among the others, the highest unrest
    loses 7 VP and the second 4, ties sharing (R12: dense ranking; nobody is penalised for no
    unrest at all)."""
    rules = state.content.rules
    revolution = {s for s in state.seats if state.unrest[s] >= rules.revolution_unrest}
    levels = sorted(
        {state.unrest[s] for s in state.seats if s not in revolution and state.unrest[s] > 0}, reverse=True
    )
    result = {}
    for seat in state.seats:
        if seat in revolution:
            result[seat] = -state.vp[seat]
        elif levels and state.unrest[seat] == levels[0]:
            result[seat] = -rules.penalty_first
        elif len(levels) > 1 and state.unrest[seat] == levels[1]:
            result[seat] = -rules.penalty_second
        else:
            result[seat] = 0
    return result


def finish(state: State, log: Log) -> None:
    rules = state.content.rules
    penalty = penalties(state)
    scores = {s: state.vp[s] + penalty[s] for s in state.seats}
    revolution = [s for s in state.seats if state.unrest[s] >= rules.revolution_unrest]
    best = max(scores.values())
    winners = [s for s in state.seats if scores[s] == best]
    state.reveals += 1  # L385-386: unrest markers are revealed
    final: dict[str, Any] = {
        "scores": scores,
        "winners": winners,
        "unrest": dict(state.unrest),
        "revolution": revolution,
        "penalties": penalty,
        "summary": f"{', '.join(winners)} {'wins' if len(winners) == 1 else 'share the win'} with {best} VP",
    }
    state.final = final
    state.flow.clear()
    say(log, "wins" if len(winners) == 1 else "share", "L384-391", winners=", ".join(winners), n=best)
