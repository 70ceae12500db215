"""The Action Phase (§8): each Power's turn of 1 or 2 actions of different types.

:func:`action_choices` is the one source of truth for what a Power may do in its turn; the
apply functions assume the action came from it.
"""

from __future__ import annotations

from itertools import combinations
from typing import Final

from ....engine import LogEntry
from ..content import ArmamentRate, Content
from . import actions as A
from .board import (
    allied_colours,
    armaments_into_free_spaces,
    contrasts_against,
    defender_of,
    disputable_spaces,
    evaluate,
    held_minor_units,
    may_reach,
    name,
    note,
    reach_of,
    send_cube,
    set_base,
    undisputable,
)
from .cards.play import card_choices, play_card
from .dispute import start_dispute
from .prestige import move_prestige
from .state import ARMAMENT, ARSENAL, BOXES, State

Log = list[LogEntry] | None

KIND: Final = {
    A.Buy: "buy",
    A.Send: "send",
    A.GreatWork: "great-work",
    A.Invest: "invest",
    A.Prestige: "prestige",
    A.Play: "play",
    A.Resolve: "resolve",
    A.Deploy: "deploy",
    A.Sell: "sell",
    A.Pass: "pass",
}
"""Each action's type, for the once-per-turn restriction (§8.0.1)."""


def np_defends(state: State, territory: str, index: int) -> bool:
    """The dispute's base cube is an NP Power's, or of a minor nation allied with one (§13.3)."""
    return state.is_np(defender_of(state, territory, index))


# -- what may be done ------------------------------------------------------------------------------


def action_choices(state: State, power: str) -> list[A.Action]:
    me = state.powers[power]
    used = me.actions_used
    choices: list[A.Action] = []
    deploying = bool(used) and used[-1] == "deploy"
    content = state.content
    game = content.game
    if len(used) < game.actions_per_turn:
        if "buy" not in used:
            choices += buy_choices(state, power)
        if "send" not in used:
            choices += send_choices(state, power)
        if (
            "great-work" not in used
            and not me.great_work
            and me.money >= content.powers[power].great_work.cost
        ):
            choices.append(_GREAT_WORK)
        if "invest" not in used and me.embassies:
            choices.append(_INVEST)
        if "prestige" not in used and not me.prestige_used and me.money >= game.international_prestige_cost:
            choices.append(_PRESTIGE)
        if "play" not in used:
            choices += card_choices(state, power)
        if "resolve" not in used:
            choices += resolve_choices(state, power)
        if "deploy" not in used:
            choices += deploy_choices(state, power)
        if "sell" not in used and state.turn >= game.sell_armaments_from_turn:
            choices += sell_choices(state, power)
        if "pass" not in used:
            choices.append(_PASS)
    if deploying:
        choices += deploy_choices(state, power)
    if used:
        choices.append(_END)
    return choices


_GREAT_WORK: Final = A.GreatWork()
_INVEST: Final = A.Invest()
_PRESTIGE: Final = A.Prestige()
_PASS: Final = A.Pass()
_END: Final = A.End()
"""The actions without fields, shared (actions are immutable values)."""


def buy_choices(state: State, power: str) -> list[A.Action]:
    """§8.1: any Armies and Fleets left in the Reserve that the Power can pay for."""
    me = state.powers[power]
    key = (state.content.fingerprint, power, me.money, me.armies_built, me.fleets_built)
    found = _BUYS.get(key)
    if found is None:
        found = _BUYS[key] = _buy_choices(state, power)
    return found


_BUYS: Final[dict[tuple[str, str, int, int, int], list[A.Action]]] = {}
"""The Buy actions by (content, Power, money, Armies built, Fleets built): all they depend on.
Callers only read the list (``action_choices`` copies it into its own)."""


def _buy_choices(state: State, power: str) -> list[A.Action]:
    me, card = state.powers[power], state.content.powers[power]
    result: list[A.Action] = []
    for fleets in range(card.fleet_max - me.fleets_built + 1):
        cost = fleets * card.fleet_cost
        if cost > me.money:
            break
        most = min(card.army_max - me.armies_built, (me.money - cost) // card.army_cost)
        result.extend(A.shared(A.Buy, armies, fleets) for armies in range(most + 1) if armies or fleets)
    return result


def send_targets(state: State, power: str, territory: str, reach: bool | None = None) -> list[int]:
    """Where a DM cube sent to ``territory`` may go: 0 for a free space, or the 1-based space of a
    single opposing cube to dispute (§8.2, §8.2.1, §8.2.5). ``reach``: :func:`may_reach`, when
    the caller already knows it."""
    if reach is None:
        reach = may_reach(state, power, territory)
    if not reach or (state.contrasts and contrasts_against(state, power, territory)):
        return []
    targets = [index + 1 for index in disputable_spaces(state, power, territory)]
    if state.territories[territory].free:
        targets.insert(0, 0)
    return targets


def send_choices(state: State, power: str) -> list[A.Action]:
    """§8.2: for each territory the Power may reach, what :func:`send_targets` allows."""
    if not state.powers[power].embassies:
        return []
    result: list[A.Action] = []
    by_number, contrasts = state.spaces, state.contrasts
    ids = state.content.territory_ids
    allied = allied_colours(state, power)
    memo = _SENDS_SEEN.get(power)
    if memo is None or memo[0] != allied or len(memo[1]) > _STAMPS_KEPT:
        # other allies: other Sends everywhere
        memo = _SENDS_SEEN[power] = (allied, {}, undisputable(power, allied))
    seen, excluded = memo[1], memo[2]
    rows: list[list[A.Send] | None] | None = None
    for number in reach_of(state, power)[1]:
        if contrasts and contrasts_against(state, power, ids[number]):
            continue
        spaces = by_number[number]
        found = seen.get(spaces.stamp)
        if found is not None:
            result += found
            continue
        # send_targets' list (reach and contrasts checked above), as the shared Send objects:
        # a free space, then disputable_spaces (inlined: a space whose cube is not undisputable
        # and has no dispute on it), in space order
        base, top = spaces.base, spaces.top
        if rows is None:
            rows = _send_rows(state.content.fingerprint, ids)
        row = rows[number]
        if row is None or len(row) <= len(base):
            row = rows[number] = A.send_row(ids[number], len(base))
        sends: list[A.Action] = [row[0]] if spaces.free else []
        for index, cube in enumerate(base):
            if cube not in excluded and top[index] is None:
                sends.append(row[index + 1])
        seen[spaces.stamp] = sends
        result += sends
    return result


def _send_rows(fingerprint: str, ids: tuple[str, ...]) -> list[list[A.Send] | None]:
    """:data:`_SEND_ROWS`' list for a content (its fingerprint, and its territory ids in order)."""
    rows = _SEND_ROWS.get(fingerprint)
    if rows is None:
        rows = _SEND_ROWS[fingerprint] = [None] * len(ids)
    return rows


_SEND_ROWS: Final[dict[str, list[list[A.Send] | None]]] = {}
"""Content fingerprint (equal data, equal map) -> by territory number, :func:`.actions.send_row`'s
list of its shared Sends (the list itself, which ``send_row`` only ever lengthens), looked up
without the call; None until a territory's first Send. (Keyed by the fingerprint, whose hash is
kept, not by the tuple of ids, which would be hashed at each call.)"""

_STAMPS_KEPT: Final = 20_000
"""A memo by stamps (:data:`_SENDS_SEEN`, :data:`_SELLS_SEEN`) starts again past this many: stamps
only grow, so the old ones would pile up."""

_SENDS_SEEN: Final[dict[str, tuple[frozenset[str], dict[int, list[A.Action]], frozenset[str | None]]]] = {}
"""Power -> the allied minor colours, and the change stamp of a territory's cubes
(``TerritoryState.stamp``) -> the Sends they gave, worked out with those allies: a stamp is given
once, to one territory, and every change of the cubes gives a new one (:func:`.board.set_base`),
so it names the territory and its cubes both; all dropped when the allies change. The cubes and
the allies are everything the Sends depend on (reach and Diplomatic Contrasts are checked
apart). Third: the cubes that cannot be disputed with those allies (:func:`.board.undisputable`)."""


def resolve_choices(state: State, power: str) -> list[A.Action]:
    """§8.7: only the owner of the top cube of a dispute may resolve it; §13.3 NOTE: not a dispute
    with an NP Power, which phase e resolves. Only the territories of the index of disputes
    (``State.disputed``, never short) are looked at; the Power's are then put in map order."""
    result: list[A.Action] = []
    disputed = state.disputed
    if not disputed:
        return result
    territories = state.territories
    mine: list[str] = []
    for territory in disputed:  # (a dispute settled this turn may still be listed: no top cube)
        spaces = territories[territory]
        if spaces.tops and power in spaces.top:
            mine.append(territory)
    if len(mine) > 1:
        mine.sort(key=state.content.territory_index.__getitem__)
    for territory in mine:
        tops = territories[territory].top
        if tops.count(power) == 1:  # (the usual case: one dispute of the Power's there)
            indices: list[int] = [tops.index(power)]
        else:
            indices = [index for index, top in enumerate(tops) if top == power]
        for index in indices:
            if not (state.np is not None and np_defends(state, territory, index)):
                result.append(A.resolve(territory, index + 1))
    return result


def _deploy_moves(state: State) -> tuple[list[int], list[str]]:
    """This Deploy action's bookkeeping: fleets that arrived active from the Arsenal per box
    (in :data:`BOXES` order), and the minor fleets already moved; each fleet moves once."""
    data = state.flow.current().data
    arrived = data.setdefault("deploy_arrived", [0] * len(BOXES))
    minors = data.setdefault("deploy_minors", [])
    return arrived, minors


_NONE_MOVED: Final[list[str]] = []
"""A first Deploy's bookkeeping (no minor fleet moved), only read."""


def deploy_choices(state: State, power: str) -> list[A.Action]:
    """§8.8: Arsenal fleets to any box (arriving active); active fleets from box to box
    (arriving exhausted); exhausted fleets stay. A fleet moves once per action."""
    me = state.powers[power]
    result: list[A.Action] = []
    if me.fleets_arsenal:
        result += _DEPLOYS_FROM[ARSENAL]
    active = me.fleets_active
    if me.actions_used and me.actions_used[-1] == "deploy":
        arrived, moved_minors = _deploy_moves(state)
        for number, box in enumerate(BOXES):
            if active[box] - arrived[number] > 0:
                result += _DEPLOYS_FROM[box]
    else:  # (a first Deploy: no fleet has arrived yet)
        moved_minors = _NONE_MOVED
        for box in BOXES:
            if active[box] > 0:
                result += _DEPLOYS_FROM[box]
    units = state.minor_units
    for index in held_minor_units(state, power, "fleet"):  # its allied minors' fleets, in order
        unit = units[index]
        if unit.exhausted or unit.id in moved_minors:
            continue
        allowed = state.content.minors[unit.minor].fleet_continents
        result.extend(
            A.shared(A.Deploy, unit.id, box) for box in BOXES if box != unit.location and box in allowed
        )
    return result


_DEPLOYS_FROM: Final[dict[str, list[A.Action]]] = {
    source: [A.Deploy(source, box) for box in BOXES if box != source] for source in (ARSENAL, *BOXES)
}
"""A Power's own fleet moves from the Arsenal (to any box) or from a box (to another)."""


def sell_choices(state: State, power: str) -> list[A.Action]:
    """§8.9: a territory with no Armament cube, its exchange rate paid in full with active units
    (Armies from the Arsenal; Fleets from the Arsenal or a box, digest G6)."""
    me = state.powers[power]
    content = state.content
    result: list[A.Action] = []
    armies, cubes = me.armies_arsenal, me.armament_left
    fleets = me.fleets_arsenal + sum(me.fleets_active.values())
    payable = _affordable_rates(content, armies, fleets, cubes)
    if not payable:
        return result  # no exchange rate anywhere that the Power could pay
    fleet_sources = (ARSENAL,) * me.fleets_arsenal  # then each box's, in BOXES order
    for box in BOXES:
        if me.fleets_active[box]:
            fleet_sources += (box,) * me.fleets_active[box]
    key = (content.fingerprint, armies, cubes, fleet_sources)
    memo = _SELLS_SEEN.get(power)
    if memo is None or memo[0] != key:
        memo = _SELLS_SEEN[power] = (key, {})  # other units to pay with: other Sells everywhere
    seen = memo[1]
    if len(seen) > _STAMPS_KEPT:
        seen.clear()
    source_sets: dict[int, list[tuple[str, ...]]] = {0: [()]}
    """Fleets paid -> the distinct ways to take them (Arsenal or boxes), worked out once."""
    into_free: dict[tuple[str, int], list[A.Action]] | None = None
    by_number = state.spaces
    for territory, number, affordable in payable:
        spaces = by_number[number]
        found = seen.get(spaces.stamp)
        if found is not None:
            result += found
            continue
        sells: list[A.Action] = []
        seen[spaces.stamp] = sells
        base = spaces.base
        if spaces.armaments:
            continue
        free = spaces.free
        replaceable: list[int] | None = None
        for rate_index, rate in affordable:
            short = rate.cubes - free
            if short <= 0:  # into free spaces only: the list kept by the fleets (_FREE_SELLS)
                if into_free is None:
                    into_free = _FREE_SELLS.get((content.fingerprint, fleet_sources))
                    if into_free is None:
                        into_free = _FREE_SELLS[content.fingerprint, fleet_sources] = {}
                free_sells = into_free.get((territory, rate_index))
                if free_sells is None:
                    ways = _ways(source_sets, fleet_sources, rate.fleets)
                    free_sells = into_free[territory, rate_index] = [
                        A.shared(A.Sell, territory, rate_index, (), sources) for sources in ways
                    ]
                sells += free_sells
                continue
            if replaceable is None:
                top = spaces.top
                replaceable = [i + 1 for i, cube in enumerate(base) if cube is not None and top[i] is None]
            if short > len(replaceable):
                continue
            ways = _ways(source_sets, fleet_sources, rate.fleets)
            for replace in combinations(replaceable, short):
                for sources in ways:
                    sells.append(A.shared(A.Sell, territory, rate_index, replace, sources))
        result += sells
    return result


_SELLS_SEEN: Final[dict[str, tuple[tuple[str, int, int, tuple[str, ...]], dict[int, list[A.Action]]]]] = {}
"""Power -> what it can pay with (content, Armies in the Arsenal, Armament cubes left, its active
fleets: Arsenal and boxes), and the change stamp of a territory's cubes (``TerritoryState.stamp``,
which names the territory and its cubes both, as in :data:`_SENDS_SEEN`) -> the Sells they gave,
worked out with those units; all dropped when the units change. The units (which give the
affordable rates and the ways to take the fleets) and the cubes are everything the Sells depend on."""


def _ways(
    source_sets: dict[int, list[tuple[str, ...]]], fleet_sources: tuple[str, ...], fleets: int
) -> list[tuple[str, ...]]:
    """The distinct ways to take ``fleets`` of the Power's active fleets (Arsenal or boxes), kept
    in ``source_sets`` for the rest of the call."""
    ways = source_sets.get(fleets)
    if ways is None:
        ways = source_sets[fleets] = sorted(set(combinations(fleet_sources, fleets)))
    return ways


_FREE_SELLS: Final[dict[tuple[str, tuple[str, ...]], dict[tuple[str, int], list[A.Action]]]] = {}
"""The Sell actions into free spaces only, by (content, the Power's active fleets: Arsenal and
boxes), then by territory and rate: all they depend on (the rate's fleets come from the content,
the ways to take them from the fleets), so an entry cannot be stale. Callers only read the lists."""


_AFFORDABLE: Final[
    dict[tuple[str, int, int, int], list[tuple[str, int, list[tuple[int, ArmamentRate]]]]]
] = {}


def _affordable_rates(
    content: Content, armies: int, fleets: int, cubes: int
) -> list[tuple[str, int, list[tuple[int, ArmamentRate]]]]:
    """The territories (map order, with their numbers) with the exchange rates these active
    units and Armament cubes could pay, by content and units: it depends on nothing else."""
    key = (content.fingerprint, armies, fleets, cubes)
    found = _AFFORDABLE.get(key)
    if found is None:
        found = _AFFORDABLE[key] = []
        for territory, all_rates in content.armament_rates:
            paid = [
                (rate_index, rate)
                for rate_index, rate in all_rates
                if rate.armies <= armies and rate.fleets <= fleets and rate.cubes <= cubes
            ]
            if paid:
                found.append((territory, content.territory_index[territory], paid))
    return found


# -- doing it ----------------------------------------------------------------------------------------


def apply_action(state: State, power: str, action: A.Action, log: Log) -> None:
    """Apply one action of the Power's Action-Phase turn (already known to be legal). A dispute
    or a card may push decisions of their own: :func:`finish_action` runs once they are done
    (see ``decisions.ActionTurn``)."""
    me = state.powers[power]
    if isinstance(action, A.End):
        if log is not None:
            note(log, f"{power} ends its turn", "§8.0", power)
        end_action_turn(state)
        return
    kind = KIND[type(action)]
    continuing_deploy = kind == "deploy" and bool(me.actions_used) and me.actions_used[-1] == "deploy"
    if not continuing_deploy:
        me.actions_used.append(kind)
        data = state.flow.stack[-1].data  # (Flow.current: this action's decision, on top)
        if data:  # (the last action's Deploy bookkeeping, if any)
            data.pop("deploy_arrived", None)
            data.pop("deploy_minors", None)
    # (isinstance and the fields by name, not a match statement: mypyc compiles a class pattern
    # to generic attribute look-ups)
    if isinstance(action, A.Buy):
        _buy(state, power, action.armies, action.fleets, log)
    elif isinstance(action, A.Send):
        _send(state, power, action.territory, action.space, log)
    elif isinstance(action, A.GreatWork):
        _great_work(state, power, log)
    elif isinstance(action, A.Invest):
        me.embassies -= 1
        me.reserve += 1
        me.money += state.content.game.economic_investment_income
        note(
            log,
            f"{power} invests a DM cube for £{state.content.game.economic_investment_income}",
            "§8.4",
            power,
        )
    elif isinstance(action, A.Prestige):
        me.money -= state.content.game.international_prestige_cost
        me.prestige_used = True
        note(
            log,
            f"{power} pays £{state.content.game.international_prestige_cost} for International Prestige",
            "§8.5",
            power,
        )
        move_prestige(state, power, state.content.game.international_prestige_steps, log, rule="§8.5")
    elif isinstance(action, A.Play):
        play_card(state, power, action, log)
    elif isinstance(action, A.Resolve):
        start_dispute(state, power, action.territory, action.space - 1, log)
    elif isinstance(action, A.Deploy):
        _deploy(state, power, action.source, action.dest, log)
    elif isinstance(action, A.Sell):
        _sell(state, power, action, log)
    elif isinstance(action, A.Pass):
        me.passed = True
        state.next_order.append(power)
        if log is not None:
            note(log, f"{power} passes", "§8.10", power)
        end_action_turn(state)


def finish_action(state: State, power: str) -> None:
    """After an action and all it set off: the turn ends after the second one, unless fleets may
    still move (§8.0, §8.8)."""
    me = state.powers[power]
    done = len(me.actions_used) >= state.content.game.actions_per_turn
    if done and (me.actions_used[-1] != "deploy" or not deploy_choices(state, power)):
        end_action_turn(state)


def end_action_turn(state: State) -> None:
    """The acting Power's Action-Phase turn is over: the next Power in turn order acts."""
    state.flow.pop()
    state.active = (state.active + 1) % len(state.turn_order)


def _buy(state: State, power: str, armies: int, fleets: int, log: Log) -> None:
    me, card = state.powers[power], state.content.powers[power]
    cost = armies * card.army_cost + fleets * card.fleet_cost
    me.money -= cost
    me.armies_built += armies
    me.armies_arsenal += armies
    me.fleets_built += fleets
    me.fleets_arsenal += fleets
    me.fleet_track = state.content.fleet_track.clamp(me.fleet_track + fleets)
    if log is not None:
        units = ((armies, "army", "armies"), (fleets, "fleet", "fleets"))
        bought = " and ".join(f"{n} {one if n == 1 else many}" for n, one, many in units if n) or "nothing"
        note(log, f"{power} buys {bought} for £{cost}", "§8.1", power)


def _send(state: State, power: str, territory: str, space: int, log: Log) -> None:
    send_cube(state, power, territory, space - 1 if space else None, log)
    evaluate(state, log, territory)


def _great_work(state: State, power: str, log: Log) -> None:
    me = state.powers[power]
    work = state.content.powers[power].great_work
    me.money -= work.cost
    me.great_work = True
    note(log, f"{power} builds {work.name_en} for £{work.cost}", "§8.3", power)
    move_prestige(state, power, state.content.game.great_work_prestige, log, rule="§8.3")
    if work.bonus.value == "fleet-track":
        me.fleet_track = state.content.fleet_track.clamp(me.fleet_track + work.bonus_amount)


def _deploy(state: State, power: str, source: str, dest: str, log: Log) -> None:
    me = state.powers[power]
    arrived, moved_minors = _deploy_moves(state)
    if source == ARSENAL:
        me.fleets_arsenal -= 1
        me.fleets_active[dest] += 1
        arrived[BOXES.index(dest)] += 1
    elif source in BOXES:
        me.fleets_active[source] -= 1
        me.fleets_exhausted[dest] += 1
    else:
        unit = next(u for u in state.minor_units if u.id == source)
        unit.exhausted = unit.location != ARSENAL
        unit.location = dest
        moved_minors.append(source)
    if log is not None:
        note(log, f"{power} deploys a fleet {source} → {dest}", "§8.8", power)


def _sell(state: State, power: str, action: A.Sell, log: Log) -> None:
    me = state.powers[power]
    territory = action.territory
    rate = state.content.territories[territory].armament_rate[action.rate]
    me.armies_arsenal -= rate.armies
    me.armies_boxed += rate.armies
    for source in action.fleets_from:
        if source == ARSENAL:
            me.fleets_arsenal -= 1
        else:
            me.fleets_active[source] -= 1
        me.fleets_boxed += 1
        me.fleet_track = state.content.fleet_track.clamp(me.fleet_track - 1)  # digest G6
    spaces = state.territories[territory]
    armaments_into_free_spaces(state, territory, rate.cubes)
    for space in action.replace:
        owner = spaces.base[space - 1]
        if owner in state.powers:
            state.powers[owner].reserve += 1
        elif owner is not None:
            state.minor_reserve[owner] += 1
        set_base(state, territory, space - 1, ARMAMENT)
    me.armament_left -= rate.cubes
    if log is not None:
        note(log, f"{power} sells armaments to {name(state, territory)} ({rate})", "§8.9", power)
    blocker = contrasts_against(state, power, territory)
    if blocker and state.options.get("contrasts_armament_penalty", True):
        # §8.9.2, IT example: selling into another Power's Diplomatic Contrasts costs 1 Prestige.
        move_prestige(state, power, -1, log, rule="§8.9.2")
    evaluate(state, log, territory)
