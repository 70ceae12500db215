"""The map: control, adjacency, space filters, Support placement and Support Checks (2.1, 6.1, 6.2)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from .state import AUTH, LIB, State, index, other

NORWAY = "norway"
"""Closed to all SP until #51 Norwegian Independence (4.5 sidebar)."""


def controller(state: State, space: str) -> str | None:
    """2.1.3: a side controls a space when its SP exceed the opponent's by at least the stability.
    Boxes count as controlled by their side (6.2.4)."""
    box = state.content.boxes.get(space)
    if box is not None:
        return box
    lib, auth = state.sp[space]
    stability = stability_of(state, space)
    if lib - auth >= stability:
        return "L"
    if auth - lib >= stability:
        return "A"
    return None


def stability_of(state: State, space: str) -> int:
    return state.content.spaces[space].stability


def icons_of(state: State, space: str) -> tuple[str, ...]:
    icons = state.content.spaces[space].icons
    if space == "paris" and state.paris_monarchy:
        return ("monarchy",)  # 12.0 #20 optional rule: Paris becomes a Monarchy space
    return icons


def open_to_sp(state: State, space: str) -> bool:
    return space != NORWAY or "norwegian-independence" in state.markers


def in_region(state: State, space: str, region: str | list[str]) -> bool:
    regions = [region] if isinstance(region, str) else region
    return state.content.spaces[space].region in regions


def adjacent_independents(state: State, region: str) -> list[str]:
    """10.1.4 and 15.0: independent spaces adjacent to a region (Algeria, Tunisia and Morocco
    count for France; Libya never counts; the boxes never do). Worked out once per content."""
    key = (state.content.fingerprint, region)
    found = _ADJACENT.get(key)
    if found is None:
        found = _adjacent_independents(state, region)
        _ADJACENT[key] = found
    return list(found)


_ADJACENT: dict[tuple[str, str], list[str]] = {}


def _adjacent_independents(state: State, region: str) -> list[str]:
    found = []
    for sid, space in state.content.spaces.items():
        if not space.independent or sid == "libya":
            continue
        near = any(
            n in state.content.spaces and state.content.spaces[n].region == region
            for n in state.content.adjacent[sid]
        )
        if near or (region == "france" and sid in ("algeria", "tunisia", "morocco")):
            found.append(sid)
    return found


def matches(state: State, space: str, where: Mapping[str, Any], region: str | None) -> bool:
    """Whether ``space`` passes an effect's filter (``@region`` is the region being scored)."""
    if not open_to_sp(state, space) or not _fixed_match(state, space, where, region):
        return False
    return not (where.get("uncontrolled") and controller(state, space) is not None)


def _fixed_match(state: State, space: str, where: Mapping[str, Any], region: str | None) -> bool:
    """The parts of a filter the position does not change: region, adjacency, spaces, icons."""
    wanted = where.get("region")
    if wanted is not None:
        regions = [wanted] if isinstance(wanted, str) else list(wanted)
        regions = [region if r == "@region" else r for r in regions]
        if state.content.spaces[space].region not in regions:
            return False
    near = where.get("adjacent")
    if near is not None:
        target = region if near == "@region" else near
        if target is None or space not in adjacent_independents(state, target):
            return False
    spaces = where.get("spaces")
    if spaces is not None and space not in spaces:
        return False
    icons = where.get("icons")
    return not (icons is not None and not set(icons) & set(icons_of(state, space)))


def spaces_where(state: State, where: Mapping[str, Any], region: str | None = None) -> list[str]:
    """The spaces passing ``where`` (:func:`matches`): the parts of the filter fixed by the map
    (region, adjacency, named spaces, icons) are worked out once per filter and content, then
    Norway's closure and ``uncontrolled`` are checked on the position."""
    key = (state.content.fingerprint, _filter_key(where), region, state.paris_monarchy)
    fixed = _FIXED.get(key)
    if fixed is None:
        fixed = [s for s in state.content.space_ids if _fixed_match(state, s, where, region)]
        _FIXED[key] = fixed
    uncontrolled = bool(where.get("uncontrolled"))
    return [
        s for s in fixed if open_to_sp(state, s) and not (uncontrolled and controller(state, s) is not None)
    ]


_FIXED: dict[tuple[str, str, str | None, bool], list[str]] = {}


def _filter_key(where: Mapping[str, Any]) -> str:
    return repr(sorted(where.items()))


def controls_icon(state: State, seat: str, icons: Iterable[str], region: str | None) -> list[str]:
    """Spaces of ``region`` with one of ``icons`` that ``seat`` controls."""
    wanted = set(icons)
    return [
        s
        for s in state.content.space_ids
        if (region is None or state.content.spaces[s].region == region)
        and wanted & set(icons_of(state, s))
        and controller(state, s) == seat
    ]


# -- Support placement with OPs (6.1) --------------------------------------------------------------


def eligible_for_ops(state: State, seat: str) -> list[str]:
    """6.1.2: spaces with friendly SP, or adjacent to one, before the first SP of this play."""
    i = index(seat)
    base = [s for s in state.content.space_ids if state.sp[s][i] > 0]
    found = set(base)
    for s in base:
        found.update(n for n in state.content.adjacent[s] if n in state.content.spaces)
    return [s for s in state.content.space_ids if s in found and open_to_sp(state, s)]


def placement_cost(state: State, seat: str, space: str, dreyfus: bool) -> int:
    """6.1.3: 1 OP into a friendly-controlled or uncontrolled space, 2 into an opponent's; the
    Dreyfus Affair doubles the Liberal's OPs placement in France for the turn (Ex R2.6, 15.0)."""
    cost = 2 if controller(state, space) == other(seat) else 1
    if dreyfus and seat == "L" and state.content.spaces[space].region == "france":
        cost *= 2
    return cost


def add_sp(state: State, seat: str, space: str, n: int = 1) -> None:
    state.sp[space][index(seat)] += n


def remove_sp(state: State, seat: str, space: str, n: int = 1) -> int:
    """Remove up to ``n`` of ``seat``'s SP from ``space``; how many went."""
    have = state.sp[space][index(seat)]
    gone = min(have, n)
    state.sp[space][index(seat)] = have - gone
    return gone


def sp_to_control(state: State, seat: str, space: str) -> int:
    """SP ``seat`` must add for control (8.4.3, Workers Unite)."""
    mine, theirs = state.sp[space][index(seat)], state.sp[space][index(other(seat))]
    return max(0, theirs + stability_of(state, space) - mine)


# -- Support Checks (6.2) --------------------------------------------------------------------------


def check_modifier(state: State, seat: str, space: str) -> int:
    """6.2.4: +1 per adjacent friendly-controlled space, -1 per opponent-controlled one (the UK and
    Egypt count as Liberal, the Ottoman Empire as Authoritarian)."""
    total = 0
    for n in state.content.adjacent[space]:
        owner = controller(state, n)
        if owner == seat:
            total += 1
        elif owner is not None:
            total -= 1
    return total


def marker_check_bonus(state: State, seat: str, space: str) -> int:
    """What the active Strategic Event markers add to ``seat``'s Support Check in ``space`` (2.5.2;
    the effects are ours, G15: data ``[strategic.*]``)."""
    total = 0
    for marker in state.content.check_markers.get(space, ()):
        if marker.seat == seat and marker.id in state.markers:
            total += marker.check
    return total


def check_targets(state: State, seat: str) -> list[str]:
    """6.2.3 and 15.0: the only requirement is opponent SP in the target."""
    i = index(other(seat))
    return [s for s in state.content.space_ids if state.sp[s][i] > 0]


def resolve_check(state: State, seat: str, space: str, ops: int, die: int) -> tuple[int, int, int]:
    """6.2.4-6.2.5: the modified roll against twice the stability; on success remove the
    difference in opponent SP, then add friendly SP for any excess but never past control.
    Returns (total, removed, added)."""
    total = die + ops + check_modifier(state, seat, space) + marker_check_bonus(state, seat, space)
    diff = total - 2 * stability_of(state, space)
    if diff <= 0:
        return total, 0, 0
    removed = remove_sp(state, other(seat), space, diff)
    added = min(diff - removed, sp_to_control(state, seat, space)) if diff > removed else 0
    add_sp(state, seat, space, added)
    return total, removed, added


__all__ = ["AUTH", "LIB"]
