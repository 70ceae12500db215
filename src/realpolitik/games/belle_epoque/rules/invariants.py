"""Invariants of a La Belle Époque state: what no legal sequence of actions can break (every DM
cube somewhere, units accounted for, tracks in range). The plug-in declares :func:`check`, so the
shared battery runs it after every action of its random games, and so do the game's own tests."""

from __future__ import annotations

from typing import Any

from ....engine import canonical_json
from .board import allies_of, holder_of
from .state import ARMAMENT, ARSENAL, BOXES, HOME, State

_STAMPED: dict[int, tuple[str, tuple[str | None, ...], tuple[str | None, ...]]] = {}
"""Every change stamp seen by :func:`check` (``TerritoryState.stamp``) -> the territory and the
cubes it stood for: a stamp seen again with other cubes is a write that gave no new stamp (the
Send memo would be stale). Emptied when it grows large (a stamp is then checked from its next
sighting on)."""

_MAP_STAMPED: dict[int, tuple[int, ...]] = {}
"""Every map stamp seen (``State.map_stamp``) -> the territories' stamps it stood for."""


def _check_stamps(state: State) -> None:
    """Equal stamps, equal cubes: each territory's stamp, and the map's, against what it stood
    for the last time it was seen (in this state, a clone, or any other game of the process)."""
    if len(_STAMPED) > 200_000:
        _STAMPED.clear()
        _MAP_STAMPED.clear()
    stamps = []
    for territory, spaces in state.territories.items():
        now = (territory, tuple(spaces.base), tuple(spaces.top))
        seen = _STAMPED.setdefault(spaces.stamp, now)
        assert seen == now, f"{territory}: cubes changed without a new stamp ({seen} -> {now})"
        assert spaces.stamp <= state.map_stamp, f"{territory}: a stamp newer than the map's"
        stamps.append(spaces.stamp)
    every = tuple(stamps)
    assert _MAP_STAMPED.setdefault(state.map_stamp, every) == every, "the map changed without a new stamp"


def check(state: Any) -> None:
    """Raise ``AssertionError`` naming the first broken invariant of ``state`` (a :class:`State`)."""
    assert isinstance(state, State)
    content = state.content
    _check_stamps(state)
    # The index of cubes by owner and group is exact (State.cube_counts, kept by board.set_base
    # and board.set_cubes).
    assert state.cube_counts == state.layout.fresh_counts(state.territories), "stale cube counts"
    # ... and so is the index of allied colours (State.allies, new at each change of a holder).
    assert state.allies == allies_of(state), "stale allied colours"
    on_map: dict[str, int] = {}
    armaments = 0
    for territory, spaces in state.territories.items():
        assert len(spaces.base) == content.territories[territory].spaces, territory
        # Each territory's counts are exact (TerritoryState.free, armaments, tops: kept by
        # board.set_base, set_top and set_cubes).
        assert spaces.free == spaces.base.count(None), f"{territory}: stale count of free spaces"
        assert spaces.armaments == spaces.base.count(ARMAMENT), f"{territory}: stale count of Armaments"
        assert spaces.tops == len(spaces.top) - spaces.top.count(None), f"{territory}: stale count of tops"
        for base, top in zip(spaces.base, spaces.top, strict=True):
            if base == ARMAMENT:
                armaments += 1
            elif base is not None:
                on_map[base] = on_map.get(base, 0) + 1
            if top is not None:
                # The index of disputes covers every top cube (State.disputed).
                assert territory in state.disputed, f"{territory}: a dispute missing from the index"
                # At most 2 cubes per dispute, never on a free space or an Armament cube (§8.2.1).
                assert base not in (None, ARMAMENT) and top != base, (territory, base, top)
                on_map[top] = on_map.get(top, 0) + 1
        assert spaces.holder == holder_of(state, territory), f"stale holder of {territory}"
    on_cards: dict[str, int] = {}
    for played in state.played:
        for victim in played.victims:
            on_cards[victim] = on_cards.get(victim, 0) + 1
    placed_armaments = 0
    for power_id, me in state.powers.items():
        card = content.powers[power_id]
        # §2.0: each Power's 40 DM cubes are in its Embassies, the General Reserve, the map or on cards.
        total = me.embassies + me.reserve + on_map.get(power_id, 0) + on_cards.get(power_id, 0)
        assert total == card.dm_cubes, f"{power_id} has {total} DM cubes"
        assert min(me.embassies, me.reserve, me.money) >= 0, power_id
        assert 0 <= me.armies_built <= card.army_max
        assert me.armies_arsenal + sum(me.armies_out.values()) + me.armies_boxed == me.armies_built
        assert 0 <= me.fleets_built <= card.fleet_max
        on_boxes = sum(me.fleets_active[b] + me.fleets_exhausted[b] for b in BOXES)
        assert me.fleets_arsenal + on_boxes + me.fleets_boxed == me.fleets_built
        assert 0 <= me.armament_left <= card.armament_cubes
        placed_armaments += card.armament_cubes - me.armament_left
        assert content.prestige.lowest <= me.prestige <= content.prestige.highest
        assert len(me.actions_used) <= content.game.actions_per_turn
    assert placed_armaments == armaments, "Armament cubes on the map and on the Power cards disagree"
    for colour, cubes in content.minor_cubes.items():
        assert state.minor_reserve[colour] + on_map.get(colour, 0) == cubes.supply, colour
    for unit in state.minor_units:
        allied = state.territories[unit.minor].holder is not None
        assert (unit.location == HOME) == (not allied), (unit.id, unit.location)
        if unit.kind == "fleet":
            assert unit.location in (HOME, ARSENAL, *BOXES)
    cards = (
        len(state.intrigue_draw)
        + len(state.intrigue_discard)
        + sum(len(me.intrigue) for me in state.powers.values())
        + sum(1 for p in state.played if p.deck == "intrigue")
    )
    assert cards == len(state.content.intrigue_deck) + (
        len(content.intrigue_promos) if state.options["intrigue_promos"] else 0
    )
    canonical_json(state.to_json())
