"""The sides of an Area and the port boxes of a Home Country in war (L1249-1256, L1515).

During a war, a Naval unit in an Area that touches two Sea Zones not next to each other (Canada,
between the North Atlantic and the North Pacific, is the rules' example) stands on the side of the
zone it came in by, and the US and Russian Home Countries have "port" boxes: a unit in the US North
Pacific box sails out only to the North Pacific, one in the North Atlantic/Caribbean box to either
of those two zones (L1251-1256). Read here as one rule: a Naval unit that came into an Area or a
Home Country from a zone may sail out to that zone or to a zone next to it (in war, for its Power,
:func:`~.straits.open_seas`), never across to the far side. So the box of a zone groups the zones
next to it, as the rules' example groups the North Atlantic and the Caribbean.

On this map (rules/alliance.py ``war_seas``: the Cape Zones part the zones they join in war) the
Areas with two sides are Canada, Mexico, Central America, Panama and Colombia (while no canal
joins the Caribbean and the South Pacific), Patagonia, the Cape Colony, Australia and the Dutch
East Indies; the Home Countries with boxes are exactly the US's and Russia's, as L1253 names them
(a test checks both lists against the map). So a Naval unit does not round the Cape of Good Hope
through the Cape Colony, nor Cape Horn through Patagonia, without passing the Cape Zone.

The same holds for every unit in the Area of a canal or of the Straits denied to its Power
(L1508-1530, L1515: in war a Canal Area has two coasts; rules/straits.py): the two zones are no
longer next to each other for it.

Kept per Power and place in ``war["coasts"]`` (``POWER:PLACE`` -> the zones its units came in by),
not per unit (a Power's units there share their sides: the counters carry no identity). A unit
that was there when the war began is on every side (wars begin and end within a turn: no unit is
bought in one), and so are all its Power's units that join it there. A retreat into a place
counts as coming in by the zone it left (it crosses that coast). The key goes when the last such
unit leaves.

Reading (docs/pax-britannica.md): the sides bind Naval units only outside a denied passage's Area
(the text speaks of Naval units; an Army in Canada goes aboard on either coast).
"""

from __future__ import annotations

from .actions import Act
from .alliance import SEA, War, current_war, war_seas
from .state import State, is_army
from .straits import AREAS, TITLES, open_seas, passages, sea_closed


def _key(power: str, place: str) -> str:
    return f"{power}:{place}"


def _bound(place: str, army: bool) -> bool:
    """The units whose sides are kept at ``place``: every unit in a passage's Area, Naval units
    elsewhere (an Area or ``home``)."""
    return place in AREAS or (not army and not place.startswith(SEA))


def came_in_by(war: War, power: str, place: str) -> list[str]:
    """The zones ``power``'s units at ``place`` came in by (empty: on every side)."""
    found: list[str] = war.get("coasts", {}).get(_key(power, place), [])
    return found


def coast_closed(state: State, war: War, power: str, place: str, sea: str, *, army: bool = False) -> bool:
    """A unit of ``power`` at ``place`` (an Area or ``home``) may not sail out into ``sea``: its
    Power's units there came in by zones none of which is ``sea`` or next to it (L1249-1256)."""
    if not _bound(place, army):
        return False
    came = came_in_by(war, power, place)
    if not came or sea in came:
        return False
    return all(sea not in open_seas(state, war, power, zone) for zone in came)


def _units_bound(state: State, power: str, place: str) -> bool:
    """``power`` has units at ``place`` whose sides are kept there."""
    units = state.units.get(power, {}).get(place, ())
    return bool(units) if place in AREAS else any(not is_army(code) for code in units)


def arrive(state: State, war: War, power: str, code: str, *, src: str, dst: str) -> None:
    """Before ``code`` of ``power`` moves from ``src`` to ``dst``: keep the zone it comes in by
    (a unit arriving where its Power's units are on every side joins them there)."""
    if not _bound(dst, is_army(code)):
        return
    key = _key(power, dst)
    coasts: dict[str, list[str]] = dict(war.get("coasts", {}))
    here = _units_bound(state, power, dst)
    if not src.startswith(SEA):  # overland, or out of home: no coast crossed
        if not here and key in coasts:
            del coasts[key]
            war["coasts"] = coasts
        return
    if here and key not in coasts:
        return  # its Power's units there are on every side, and it joins them
    came = list(coasts[key]) if here else []
    if src[4:] not in came:
        came.append(src[4:])
    coasts[key] = sorted(came)
    war["coasts"] = coasts


def depart(state: State, war: War, power: str, place: str) -> None:
    """After a move out of ``place``: forget its sides once none of ``power``'s units they bind is
    left there."""
    coasts = war.get("coasts")
    key = _key(power, place)
    if coasts and key in coasts and not _units_bound(state, power, place):
        war["coasts"] = {k: v for k, v in coasts.items() if k != key}


def move_refusal(state: State, power: str, action: Act) -> tuple[str, str] | None:
    """Why a war move (``move KIND N FROM TO``) is not in the menu, and the rule, when a denied
    passage or the side a unit stands on is why."""
    war = current_war(state)
    if war is None or action.verb != "move" or len(action.args) != 4:
        return None
    kind, src, dst = action.args[0], action.args[2], action.args[3]
    if not dst.startswith(SEA):
        return None
    if src.startswith(SEA):
        if dst[4:] in war_seas(state, src[4:]) and sea_closed(state, war, power, src[4:], dst[4:]):
            joining = [TITLES[p[0]] for p in passages(state) if {p[2], p[3]} == {src[4:], dst[4:]}]
            return f"{' and '.join(joining)} denied to {power}: no passage from {src} to {dst}", "L1508-1530"
        return None
    if coast_closed(state, war, power, src, dst[4:], army=kind == "army"):
        sides = " and ".join(came_in_by(war, power, src))
        reason = (
            f"{power}'s units in {src} came in from the {sides} and stand on that side: "
            f"they cannot sail out to {dst[4:]} (L1249-1256)"
        )
        return reason, "L1249-1256"
    return None
