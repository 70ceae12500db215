"""What must hold after every action (the battery runs it)."""

from __future__ import annotations

from .state import State


def check(state: State) -> None:
    content = state.content
    for s in state.seats:
        assert state.gold[s] >= 0, f"{s} has negative gold"
        assert 0 <= state.population[s] <= content.rules.population_cap, f"{s}'s Population is off the track"
        assert state.unrest[s] >= 0, f"{s} has negative unrest"
        if state.valued_unrest():
            assert state.unrest[s] == sum(state.unrest_values[s]), f"{s}'s unrest is not its markers' sum"
        else:
            assert not state.unrest_values[s], f"{s} holds valued markers without the option"
        for tile, n in state.owned[s].items():
            assert n > 0, f"{s} owns {n} {tile}"
            assert 0 <= state.used[s].get(tile, 0) <= n or content.tiles[tile].use != "once-per-war", (
                f"{s} used more {tile} than it owns"
            )
    for r, here in state.units.items():
        for s, u in here.items():
            assert min(u) >= 0 and any(u), f"{s}'s units in {r}: {u}"
            if not content.regions[r].sea:
                assert u[1] == 0 or state.options.get("deploy_ships") == "anywhere", (
                    f"a ship in land-locked {r}"
                )
    for r, tokens in state.tokens.items():
        assert all(n > 0 for n in tokens.values()), f"an empty token count in {r}"
    for tile, info in content.tiles.items():
        out = sum(state.owned[s].get(tile, 0) for s in state.seats)
        out += sum(1 for h in state.held if h[0] == tile) + (
            len(state.blockades) if tile == "blockade" else 0
        )
        assert state.stock[tile] >= 0 and state.stock[tile] + out <= info.copies, (
            f"{tile}: copies out of count"
        )
    on_map = sum(len(m) for m in state.markers.values())
    assert on_map + len(state.bag) <= len(content.markers), "more region markers than the bag held"
    assert set(state.grey).isdisjoint(state.white), "an empire in both alliance rows"
    assert (state.final is None) == (state.flow.top() is not None), (
        "a decision pending after the end, or none before"
    )
    assert (state.combat is None) or state.flow.top() is not None, "an attack with nobody to decide"
