"""What must hold after every action (the battery checks it)."""

from __future__ import annotations

from ..content import CONTROL
from .board import counters_used, units_in_play
from .state import State, is_army
from .uprising import NATIVES


def check(state: State) -> None:
    content = state.content
    for power, money in state.treasury.items():
        assert money >= 0, f"{power}'s treasury is negative ({money})"
    for power in content.power_ids:
        rounds, hexes, special = counters_used(state, power)
        p = content.powers[power]
        assert rounds <= p.round_markers and hexes <= p.hex_markers and special <= p.special_markers, (
            f"{power} uses more Status marker counters than it has"
        )
        if power in state.great:  # L126-127, L136-137; G-R22: Minors take units from the box
            for size, count in units_in_play(state, power).items():
                limit = p.unit_counters.get(size)
                assert limit is None or count <= limit, (
                    f"{power} has {count} units of strength {size} in play, more than its {limit} counters"
                )
        fleets = state.fleets.get(power, [])
        assert len(set(fleets)) == len(fleets), f"{power} has two Merchant Fleets in one Sea Zone"
        assert all(not content.seas[s].cape for s in fleets), f"{power} has a Merchant Fleet in a Cape Zone"
    natives = sum(len(u) for n in NATIVES for u in state.units.get(n, {}).values())
    assert natives <= content.game["native_army_counters"], (
        f"{natives} Chinese and Ottoman Armies in play, more than the six counters (L130-131)"
    )
    settled = (
        state.phase in ("resentment", "vp", "events", "admin", "minors", "over") and state.flow.top() is None
    )
    settled = settled or (state.flow.top() is not None and state.phase == "movement")
    for area, held in state.markers.items():
        assert area in content.areas, f"a marker in {area}, which is no Area"
        rulers = [p for p, (lv, est) in held.items() if lv in CONTROL and est]
        # After Marker Adjustment; a Great War may end the game in the middle of an earlier phase.
        adjusted = state.phase in ("resentment", "vp") or (
            state.phase == "over" and state.final is not None and not state.final.get("great_war")
        )
        if adjusted:
            assert all(est for _, est in held.values()), (
                f"an unestablished marker in {area} after Marker Adjustment"
            )
            if rulers:
                assert not any(lv == "influence" for p, (lv, _) in held.items() if p not in rulers), (
                    f"Influence beside an established Control marker in {area} after Marker Adjustment"
                )
        for lv, _ in held.values():
            assert lv in ("interest", "influence") or lv in CONTROL
        if any(lv in ("state", "dominion") for lv, _ in held.values()):
            assert len([p for p, (lv, _) in held.items() if lv in CONTROL]) == 1, (
                f"a State or Dominion in a codominion in {area}"
            )
    if state.phase in ("resentment", "vp") and settled:
        for power, locs in state.units.items():
            for loc, units in locs.items():
                if loc != "home" and any(is_army(u) for u in units):
                    marker = state.markers.get(loc, {}).get(power)
                    assert marker is not None and marker[0] in CONTROL, (
                        f"{power} Armies in {loc} without Control"
                    )
    if not state.wars:  # L1127-1133: no unit stays at sea, no Empire's Army outlives its war
        for power, locs in state.units.items():
            assert power not in NATIVES or not any(locs.values()), f"{power} Armies outside a war"
            assert not any(loc.startswith("sea:") and units for loc, units in locs.items()), (
                f"{power} units at sea outside a war"
            )
    seen: set[str] = set()
    for war in state.wars:
        fighting = [p for side in war["sides"] for p in side]
        assert len(set(fighting)) == len(fighting), "a Power on both sides of a war"
        if war.get("native") is None:
            assert not seen & set(fighting), "a Power in two wars between Powers"
            seen |= set(fighting)
    assert (state.final is None) == (state.flow.top() is not None), (
        "a decision pending in a finished game, or none in a running one"
    )
