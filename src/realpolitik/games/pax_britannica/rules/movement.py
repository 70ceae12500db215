"""The Movement/Status Change Phase (L533-702) as one decision per Great Power.

Reading (docs/pax-britannica.md): the rules let every player act at once "reacting to one
another" (L535-537); here each Great Power takes the whole phase in turn, the order rotating
one place each Game Turn, and ends it with ``done``. The German player also plays
Austria-Hungary's turn (L1534).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from ....engine.flow import Decision
from ..content import CONTROL, RANK
from .actions import DONE, Act, row, shared
from .board import (
    HOME,
    Graph,
    Log,
    MarkerScan,
    add_unit,
    army_destinations,
    can_start_army_move,
    controllers,
    controls,
    counter_free,
    graph,
    level_of,
    linked_areas,
    naval_destinations,
    note,
    raise_cri_for_placement,
    raise_eti,
    remove_unit,
    set_marker,
    unit_counter_refusal,
    units_at,
    units_in_play,
)
from .negotiation import make_offer, offer_choices, offer_refusal
from .state import State, is_army, unit_code
from .treaties import check_placement, check_units, reveal, reveal_choices

KIND = "movement"

PLACE: Final = row("place")
DOWNGRADE: Final = row("downgrade")
BUY: Final = row("buy")
MOVE_ARMY: Final = row("move", "army")
MOVE_NAVAL: Final = row("move", "naval")
FLEET: Final = row("fleet")
"""The shared actions of the menu (``actions.row``)."""


def movement_order(state: State) -> list[str]:
    order = list(state.great)
    shift = (state.turn - 1) % len(order)
    return order[shift:] + order[:shift]


def start_movement(state: State) -> None:
    for power in state.great:
        arriving = state.content.track[state.turn - 1].fleets.get(power, 0)
        if arriving:
            state.pending_fleets[power] = state.pending_fleets.get(power, 0) + arriving
    order = movement_order(state)
    state.flow.push(Decision(KIND, state.player_of[order[0]], {"power": order[0], "queue": order[1:]}))


def finish_turn_of(state: State, decision: Decision) -> None:
    queue: list[str] = decision.data["queue"]
    if queue:
        nxt = queue[0]
        state.flow.replace(Decision(KIND, state.player_of[nxt], {"power": nxt, "queue": queue[1:]}))
    else:
        state.flow.pop()


# -- legality ------------------------------------------------------------------------------------------


def india_radius(state: State) -> frozenset[str]:
    """The Areas within two Overland Routes of India (L620-625; India itself: game.regions.india)."""
    return graph(state).india_radius


def garrison_zone(state: State, power: str) -> tuple[frozenset[str], bool] | None:
    """The special garrison's Areas (L618-630) and whether its Army (10) units are held there now:
    Britain's Indian Army keeps three within two Areas of India; Russia's Western Garrison keeps
    three in Russia and its Western Areas, and with fewer than four Army (10) none leaves at all.
    None for the other Powers. (What :func:`garrison_refusal` reads, the same for every move.)"""
    if power == "GB":
        zone = india_radius(state)
        inside = sum(units_at(state, power, loc).count("A10") for loc in zone)
        return zone, inside <= 3
    if power != "RU":
        return None
    zone = frozenset((HOME, *state.content.regions["western_garrison"]))
    inside = sum(units_at(state, power, loc).count("A10") for loc in zone)
    total = sum(u.count("A10") for u in state.units.get(power, {}).values())
    return zone, inside <= 3 or total < 4


def garrison_refusal(
    state: State,
    power: str,
    code: str,
    src: str,
    dst: str,
    *,
    zone: tuple[frozenset[str], bool] | None = None,
) -> str | None:
    """The British Indian Army and the Russian Western Garrison (L618-630): at least three Army (10)
    stay within two Areas of India / in Russia and its Western Areas; with fewer than four Army (10),
    no Russian Army (10) leaves them at all. ``zone``: :func:`garrison_zone`, when the caller has
    it already."""
    if code != "A10" or power not in ("GB", "RU"):
        return None
    found = garrison_zone(state, power) if zone is None else zone
    if found is None:
        return None
    area, held = found
    if src in area and dst not in area and held:
        if power == "GB":
            return "the Indian Army keeps three Army (10) within two Areas of India (L620-625)"
        return "Russia's Western Garrison keeps its Army (10) units (L627-630)"
    return None


def place_refusal(  # noqa: PLR0917 (the rule's own inputs, precomputed by the menu)
    state: State,
    power: str,
    level: str,
    area: str,
    linked: set[str],
    used: tuple[int, int, int] | None = None,
) -> str | None:
    """Why ``power`` may not place (or upgrade to) ``level`` in ``area`` now, else None (L543-592)."""
    content = state.content
    if area not in content.areas:
        return f"there is no Area {area!r}"
    held = state.markers.get(area, {})
    mine = held.get(power)
    current = mine[0] if mine else None
    if mine is not None and RANK[level] <= RANK[mine[0]]:
        return f"{power} already has a {mine[0]} there (only upgrades, L585)"
    if mine is not None and not mine[1]:
        return "a new marker cannot be altered before it is established (L543-545)"
    if area not in linked:
        return f"{power} has no Communication Link to {content.areas[area].name} (L547)"
    cost = content.costs[level] - (content.costs[current] if current else 0)
    if cost > state.treasury.get(power, 0):
        return f"it costs {cost} pounds and {power} has {state.treasury.get(power, 0)} (L540-542)"
    if not counter_free(state, power, level, current, used):
        return f"{power} has no {level} counter left (L132-133)"
    others = {p: m for p, m in held.items() if p != power}
    established_control = any(lv in CONTROL and est for lv, est in others.values())
    if (level == "influence" or level in CONTROL) and area in state.minor_placed:
        return "a Minor Power placed Control there this turn (L479-480)"
    if level == "interest":
        if any(lv in ("possession", "state", "dominion") and est for lv, est in others.values()):
            return "an established Possession, State or Dominion is there (L548-549)"
        return None
    if level == "influence":
        return "an established Control marker is there (L550-551)" if established_control else None
    if level in ("state", "dominion"):
        wanted = ("US", "state_areas") if level == "state" else ("GB", "dominion_areas")
        if power != wanted[0] or area not in content.regions[wanted[1]]:
            return f"only {wanted[0]} places a {level}, in {', '.join(content.regions[wanted[1]])} (L556-560)"
        if mine != ("possession", True):
            return f"a {level} needs an established Possession first (L556-560)"
        if others and any(lv in CONTROL for lv, _ in others.values()):
            return f"a {level} cannot be part of a codominion (L655)"
        return None
    # Protectorate or Possession (L552-554; reading G-R19: the Control that bars it is another Power's).
    if established_control:
        return "another Power's established Control marker is there (L552-554)"
    if mine is not None and mine[0] == "protectorate":
        return None  # L591-592: an own Protectorate upgrades without the Area's conditions again
    kind = content.areas[area].type
    if kind in ("unorganized", "chinese-vassal") or area in state.unrest:
        return None
    if area in state.licences.get(power, ()):
        return None  # a Random Event's leave (L341-347)
    return "Control goes only in an Unorganized or Chinese Vassal Area, or one in Unrest (L552-554)"


Turn = dict[str, Any]
"""The ``movement`` decision's data: ``power``, ``queue`` and what moved or was offered this turn."""


def movable(turn: Turn, loc: str, code: str, here: int) -> bool:
    """Reading (engine limit, docs/pax-britannica.md): a unit moves once a Movement turn, to any
    destination it could reach (L664-682: "any distance"); one that arrived this turn stays."""
    arrived = sum(1 for place, unit in turn.get("moved", ()) if place == loc and unit == code)
    return here > arrived


def placeable(state: State, g: Graph, scan: MarkerScan, area: str, levels: tuple[str, ...]) -> list[str]:
    """The levels of ``levels`` (in that order) that ``scan.power`` may place, or upgrade to, in
    ``area``, an Area it has a Communication Link to: exactly those :func:`place_refusal` lets
    through (L543-592), with what they ask of the Area's other markers worked out once for all the
    levels (tests/pax_britannica/test_menu_indexes.py checks that the two agree). ``g``:
    ``board.graph(state)``."""
    power = scan.power
    if area not in g.land:
        return []
    held = state.markers.get(area, {})
    mine = held.get(power)
    current = mine[0] if mine else None
    if mine is not None and not mine[1]:
        return []  # L543-545: not altered before it is established (nor lowered, L585)
    costs = g.costs
    paid = costs[current] if current else 0
    treasury = state.treasury.get(power, 0)
    established_control = established_high = any_control = False
    for other, marker in held.items():
        if other == power or marker[0] not in CONTROL:
            continue
        any_control = True
        if marker[1]:
            established_control = True
            if marker[0] != "protectorate":
                established_high = True  # an established Possession, State or Dominion
    minor_placed = area in state.minor_placed
    found: list[str] = []
    for level in levels:
        if current is not None and RANK[level] <= RANK[current]:
            continue  # L585: only upgrades
        if costs[level] - paid > treasury:
            continue  # L540-542
        # L132-133: the counter mix is an absolute limit; an upgrade flips or swaps its counter.
        if level in ("interest", "influence"):
            if (
                current not in ("interest", "influence")
                and scan.rounds.get(power, 0) >= g.round_markers[power]
            ):
                continue
        elif level in ("protectorate", "possession"):
            if (
                current not in ("protectorate", "possession")
                and scan.hexes.get(power, 0) >= g.hex_markers[power]
            ):
                continue
        elif scan.specials.get(power, 0) >= g.special_markers[power]:
            continue
        if level == "interest":
            if not established_high:  # L548-549
                found.append(level)
            continue
        if minor_placed:
            continue  # L479-480: Influence or Control where a Minor Power placed Control this turn
        if level == "influence":
            if not established_control:  # L550-551
                found.append(level)
            continue
        if level in ("state", "dominion"):  # L556-560, L655
            if (
                (power == "US" and level == "state" and area in g.state_areas)
                or (power == "GB" and level == "dominion" and area in g.dominion_areas)
            ) and (mine == ("possession", True) and not any_control):
                found.append(level)
            continue
        # Protectorate or Possession (L552-554, G-R19; L591-592; a Random Event's leave, L341-347).
        if established_control:
            continue
        if (
            (mine is not None and mine[0] == "protectorate")
            or g.area_type[area] in ("unorganized", "chinese-vassal")
            or area in state.unrest
            or area in state.licences.get(power, ())
        ):
            found.append(level)
    return found


def choices(state: State, power: str, turn: Turn | None = None) -> list[Act]:
    """The ``movement`` menu (L533-702). What several of its parts read (the markers, the
    Communication Links, the units in play, the Armies' and Naval units' reach, the special
    garrisons) is worked out once per menu, and each action object is shared (``actions.row``)."""
    turn = turn or {}
    content = state.content
    g = graph(state)
    actions: list[Act] = []
    treasury = state.treasury.get(power, 0)
    scan = MarkerScan(state, power)
    linked = linked_areas(state, power, scan.own)
    special = ("state",) if power == "US" else ("dominion",) if power == "GB" else ()
    levels = ("interest", "influence", "protectorate", "possession", *special)
    for area in sorted(linked):
        for level in placeable(state, g, scan, area, levels):
            actions.append(PLACE.sub(level).act(area))
    for area in scan.downgrades:
        actions.append(DOWNGRADE.act(area))
    in_play = units_in_play(state, power)
    sizes = [
        str(size)
        for size, cost in sorted(content.unit_costs.items())
        if cost <= treasury and unit_counter_refusal(state, power, size, in_play) is None
    ]
    for kind in ("army", "naval"):
        buy = BUY.sub(kind)
        for size_word in sizes:
            actions.append(buy.act(size_word))
    arrived: dict[tuple[str, str], int] = {}  # what moved this turn, by destination and unit (movable)
    for place, unit in turn.get("moved", ()):
        arrived[(place, unit)] = arrived.get((place, unit), 0) + 1
    reach = (scan.passable, scan.enterable)
    zone = garrison_zone(state, power)
    for loc in sorted(state.units.get(power, {})):
        here = units_at(state, power, loc)
        codes = sorted(c for c in set(here) if here.count(c) > arrived.get((loc, c), 0))
        armies = [c for c in codes if is_army(c)]
        navals = [c for c in codes if not is_army(c)]
        if armies and (loc == HOME or loc in scan.own):  # can_start_army_move (L670-671)
            army_rows = [(c, MOVE_ARMY.sub(c[1:]).sub(loc)) for c in armies]
            for dest in army_destinations(state, power, loc, reach):
                for c, moves in army_rows:
                    if garrison_refusal(state, power, c, loc, dest, zone=zone) is None:
                        actions.append(moves.act(dest))
        if navals:
            naval_rows = [MOVE_NAVAL.sub(c[1:]).sub(loc) for c in navals]
            for dest in scan.havens:
                if dest != loc:  # naval_destinations (L664-667)
                    for moves in naval_rows:
                        actions.append(moves.act(dest))
    fleets = state.fleets.get(power, [])
    free = [s for s in g.open_seas if s not in fleets]
    if state.pending_fleets.get(power, 0):
        sail = FLEET.sub("new")
        for s in free:
            actions.append(sail.act(s))
    moved_fleets = turn.get("fleets", ())
    for sea in sorted(fleets):
        if sea not in moved_fleets:  # a fleet moves once a turn (the reading above)
            sail = FLEET.sub(sea)
            for s in free:
                actions.append(sail.act(s))
    for area in content.regions["canal_areas"]:
        if canal_refusal(state, power, area) is None:
            actions.append(shared("canal", (area,)))
    offered = turn.get("offered", ())
    for offer in offer_choices(state, power, scan):
        if _partner(offer) not in offered:
            actions.append(offer)
    actions.extend(reveal_choices(state, power))
    if done_refusal(state, power, turn, in_play) is None:
        actions.append(DONE)
    return actions


def canal_refusal(state: State, power: str, area: str) -> str | None:
    """L683-699: an established Influence or Control marker there, no Unrest, 30 pounds."""
    content = state.content
    if area not in content.regions["canal_areas"]:
        return "a canal goes through Panama or Central America (L683)"
    if area in state.canals:
        return "a canal is already there"
    marker = state.markers.get(area, {}).get(power)
    if marker is None or not marker[1] or marker[0] == "interest":
        return "a canal needs an established Influence or Control marker there (L685)"
    if area in state.unrest:
        return "no canal in an Area in Unrest (L687)"
    if state.treasury.get(power, 0) < content.game["canal_cost"]:
        return f"a canal costs {content.game['canal_cost']} pounds (L686)"
    return None


def done_refusal(
    state: State, power: str, turn: Turn | None = None, in_play: dict[int, int] | None = None
) -> str | None:
    """L348-359: a forced expenditure on units comes first, as far as the treasury allows; then
    the special garrisons are rebuilt and brought back (L620-630). ``in_play``:
    ``board.units_in_play``, when the caller has it already."""
    if in_play is None:
        in_play = units_in_play(state, power)
    owed = state.forced.get(power)
    if not owed or owed[0] <= 0:
        return garrison_duty(state, power, turn or {}, in_play)
    buyable = [
        cost
        for size, cost in state.content.unit_costs.items()
        if unit_counter_refusal(state, power, size, in_play) is None
    ]
    if buyable and state.treasury.get(power, 0) >= min(buyable):  # no counter left: nothing to buy
        kind = "Naval units" if owed[1] else "military units"
        return f"{power} must still spend {owed[0]} pounds on {kind} (L348-359)"
    return None


def garrison_duty(state: State, power: str, turn: Turn, in_play: dict[int, int] | None = None) -> str | None:
    """L620-630: a lost Army (10) of the Indian Army or the Western Garrison is rebuilt as soon as
    the treasury allows, and the Indian Army ends the phase within two Areas of India when a unit
    can get there this turn."""
    if power not in ("GB", "RU"):
        return None
    cost = state.content.unit_costs[10]
    total = sum(units.count("A10") for units in state.units.get(power, {}).values())
    free = unit_counter_refusal(state, power, 10, in_play) is None  # L126-127: a counter to rebuild with
    if total < 3 and free and state.treasury.get(power, 0) >= cost:
        return f"{power} must first rebuild an Army (10) of its special garrison (L620-630)"
    if power != "GB":
        return None  # Russia's rebuilt units appear at home, inside the Western Garrison's Areas
    zone = india_radius(state)
    if sum(units_at(state, power, loc).count("A10") for loc in zone) >= 3:
        return None
    for loc, units in state.units.get(power, {}).items():
        if loc in zone or "A10" not in units or not movable(turn, loc, "A10", units.count("A10")):
            continue
        if can_start_army_move(state, power, loc) and zone & set(army_destinations(state, power, loc)):
            return "the Indian Army must end the phase within two Areas of India (L622-625)"
    return None


def _partner(action: Act) -> str:
    """The Power an offer is made to: ``offer pay POWER AMOUNT``, else the last word."""
    return action.args[1] if action.args[0] == "pay" else action.args[-1]


def refusal(state: State, power: str, action: Act, turn: Turn | None = None) -> str | None:
    """Why a well-formed action is not legal for ``power`` now (None: it is)."""
    turn = turn or {}
    content = state.content
    verb, args = action.verb, action.args
    if verb == "place":
        return place_refusal(state, power, args[0], args[1], linked_areas(state, power))
    if verb == "done":
        return done_refusal(state, power, turn)
    if verb in ("offer", "secret"):
        if len(action.args) >= 2 and _partner(action) in turn.get("offered", ()):
            return f"{power} has made {_partner(action)} an offer this turn already (one a turn)"
        return offer_refusal(state, power, action)
    if verb == "canal":
        return canal_refusal(state, power, args[0])
    if verb == "reveal":
        if action not in reveal_choices(state, power):
            return f"{power} has no secret {args[0]} treaty with {args[1]} (L839-845)"
        return None
    if verb == "downgrade":
        marker = state.markers.get(args[0], {}).get(power)
        if marker is None or not marker[1] or marker[0] not in ("interest", "influence"):
            return "only an own established Interest or Influence may be downgraded (L593-598)"
        return None
    if verb == "buy":
        cost = content.unit_costs[int(args[1])]
        if cost > state.treasury.get(power, 0):
            return f"it costs {cost} pounds (L540-542)"
        return unit_counter_refusal(state, power, int(args[1]))
    if verb == "fleet":
        src, dst = args
        if dst not in content.seas or content.seas[dst].cape:
            return "Merchant Fleets go to Sea Zones, never Cape Zones (L661)"
        if dst in state.fleets.get(power, []):
            return "one Merchant Fleet of a nationality per Sea Zone (L658)"
        if src == "new":
            return None if state.pending_fleets.get(power, 0) else "no new Merchant Fleet is due (L659)"
        if src in turn.get("fleets", ()):
            return "that Merchant Fleet has moved this turn (one move a turn, any distance)"
        return None if src in state.fleets.get(power, []) else f"no {power} Merchant Fleet in {src}"
    if verb == "move":
        kind, strength, src, dst = args
        code = unit_code(kind, int(strength))
        if code not in units_at(state, power, src):
            return f"no {kind} ({strength}) of {power} in {src}"
        if not movable(turn, src, code, units_at(state, power, src).count(code)):
            return "that unit has moved this turn (one move a turn, any distance)"
        if kind == "army":
            if not can_start_army_move(state, power, src):
                return "an Army's path starts at home or in an own established Control Area (L670-671)"
            if dst not in army_destinations(state, power, src):
                return f"no legal path for an Army from {src} to {dst} (L668-682)"
            return garrison_refusal(state, power, code, src, dst)
        return (
            None
            if dst in naval_destinations(state, power, src)
            else "Naval units go to own established Control Areas or home (L664-667)"
        )
    return f"{verb} is not an action of this phase"


# -- effects -------------------------------------------------------------------------------------------


def perform(state: State, power: str, action: Act, log: Log) -> None:
    content = state.content
    verb, args = action.verb, action.args
    if verb in ("offer", "secret"):
        make_offer(state, power, action, log)
    elif verb == "reveal":
        reveal(state, power, args[0], args[1], log)
    elif verb == "place":
        level, area = args
        current = level_of(state, area, power)
        cost = content.costs[level] - (content.costs[current] if current else 0)
        state.treasury[power] -= cost
        # L591-592: upgrading an own Protectorate needs no combat; State and Dominion follow an
        # established Possession. Every other new marker carries a Status Change marker.
        established = current is not None and (current == "protectorate" or level in ("state", "dominion"))
        established = established and level in CONTROL and level_of(state, area, power) is not None
        set_marker(state, area, power, level, established)
        note(log, f"{power} places a {level} in {content.areas[area].name} ({cost} pounds)", "L543", power)
        check_placement(state, power, area, log)
        if current is None or current not in CONTROL:
            raise_cri_for_placement(state, area, log)
        if level in CONTROL and not established:
            others = [p for p in controllers(state, area, established=False) if p != power]
            if others:
                note(log, f"{content.areas[area].name}: several Powers try for Control", "L727")
    elif verb == "downgrade":
        area = args[0]
        old = level_of(state, area, power)
        set_marker(state, area, power, "interest" if old == "influence" else None, True)
        note(log, f"{power} downgrades its {old} in {content.areas[area].name}", "L593", power)
    elif verb == "buy":
        kind, strength = args[0], int(args[1])
        cost = content.unit_costs[strength]
        state.treasury[power] -= cost
        owed = state.forced.get(power)
        forced = bool(owed and owed[0] > 0 and (kind == "naval" or not owed[1]))  # L349-359
        # L620-630: a special garrison's lost Army (10) rebuilt
        forced = forced or (
            power in ("GB", "RU")
            and kind == "army"
            and strength == 10
            and sum(units.count("A10") for units in state.units.get(power, {}).values()) < 3
        )
        add_unit(state, power, HOME, unit_code(kind, strength))
        note(log, f"{power} buys a {kind} ({strength}) for {cost} pounds", "L538", power)
        check_units(state, power, kind, log, forced)  # L821-822: a unit cap broken?
        if owed and (kind == "naval" or not owed[1]):
            owed[0] = max(0, owed[0] - cost)
        tensions = content.tensions
        if kind == "naval" and power not in tensions["naval_exempt"]:
            amount = tensions["big_naval"] if strength == 10 else tensions["small_naval"]
            raise_eti(state, amount, log, f"{power} builds a Naval ({strength})", "L1494-1496", culprit=power)
    elif verb == "move":
        kind, size, src, dst = args
        code = unit_code(kind, int(size))
        remove_unit(state, power, src, code)
        add_unit(state, power, dst, code)
        note(log, f"{power} moves a {kind} ({size}) from {src} to {dst}", "L664-682", power)
    elif verb == "fleet":
        src, dst = args
        if src == "new":
            state.pending_fleets[power] -= 1
            if not state.pending_fleets[power]:
                del state.pending_fleets[power]
        else:
            state.fleets[power].remove(src)
        state.fleets.setdefault(power, []).append(dst)
        state.fleets[power].sort()
        note(log, f"{power} sends a Merchant Fleet to {content.seas[dst].name}", "L657-663", power)
    elif verb == "canal":
        area = args[0]
        state.treasury[power] -= content.game["canal_cost"]
        state.canals.append(area)
        note(log, f"{power} builds a canal through {content.areas[area].name}", "L683-692", power)
        if state.canal_first is None:
            state.canal_first = power
            if power in state.seats:
                state.vp[power] = state.vp.get(power, 0) + content.game["canal_vp"]
                note(log, f"{power} gains {content.game['canal_vp']} VP for the first canal", "L692", power)


class Movement:
    """The ``movement`` decision: one Great Power's Movement/Status Change turn."""

    def choices(self, state: State, seat: str, decision: Decision) -> Sequence[Act]:
        return choices(state, decision.data["power"], decision.data)

    def apply(self, state: State, seat: str, action: Act, decision: Decision, log: Log) -> None:
        power = decision.data["power"]
        if action.verb == "done":
            note(log, f"{power} ends its Movement/Status Change turn", "L533", power)
            finish_turn_of(state, decision)
            return
        data = decision.data  # what moved or was offered this turn (replaced, never appended: flow.py)
        if action.verb == "move":
            code = unit_code(action.args[0], int(action.args[1]))
            data["moved"] = [*data.get("moved", []), [action.args[3], code]]
        elif action.verb == "fleet":
            data["fleets"] = [*data.get("fleets", []), action.args[1]]
        elif action.verb in ("offer", "secret"):
            data["offered"] = [*data.get("offered", []), _partner(action)]
        perform(state, power, action, log)

    def resume(self, state: State, decision: Decision, log: Log) -> None:
        """An offer was answered: the Power's turn goes on."""


def is_controlled(state: State, area: str, power: str) -> bool:
    return controls(state, area, power)
