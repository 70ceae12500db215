"""Resolve a Diplomatic Dispute (§8.7): an exchange of decisions, then the dice.

Order (§8.7): the attacker commits fleets, the defender commits fleets, the defender commits
Armies, the attacker commits Armies; then both roll (the attacker's die first, then the
defender's: scenario files script them in that order). A stage where a side has nothing to commit
is skipped. The defender is the owner of the base cube, or the ally of the minor nation whose cube
it is (§8.7.4); an unallied minor defends with its fixed modifier (§8.7.1).
"""

from __future__ import annotations

from itertools import combinations
from typing import Final

from ....engine import LogEntry
from ....engine.flow import Decision
from . import actions as A
from .board import defender_of, evaluate, held_minor_units, may_reach, name, note, set_base, set_top
from .reactions import offer_reroll
from .state import ARSENAL, MinorUnit, State

Log = list[LogEntry] | None

STAGES: Final = ("attacker-fleets", "defender-fleets", "defender-armies", "attacker-armies")

NO_COMMIT: Final = A.Commit()
"""Committing nothing, shared (actions are immutable values)."""


def start_dispute(state: State, attacker: str, territory: str, index: int, log: Log) -> None:
    cube = state.territories[territory].base[index]
    assert cube is not None
    defender = defender_of(state, territory, index)
    if defender == attacker:
        # The minor nation became the attacker's ally after the dispute began: nobody commits
        # units for it, and it defends with its own fixed modifier (§8.7.1; our reading).
        defender = None
    if log is not None:
        note(
            log,
            f"{attacker} resolves the dispute in {name(state, territory)} (space {index + 1})",
            "§8.7",
            attacker,
        )
    # The dispute suspends the attacker's Action-Phase turn (or phase e, §13.9) until it is settled.
    state.flow.push(
        Decision(
            "commit",
            attacker,
            {
                "territory": territory,
                "index": index,
                "attacker": attacker,
                "defender": defender,
                "cube": cube,
                "stage": -1,
                "a_fleets": 0,
                "a_armies": 0,
                "a_minors": [],
                "d_fleets": 0,
                "d_armies": 0,
                "d_minors": [],
            },
        )
    )
    next_stage(state, log)


def _side(stage: str) -> str:
    return "a" if stage.startswith("attacker") else "d"


def commit_choices(state: State, power: str) -> list[A.Action]:
    """The units ``power`` may commit at this stage: own active units it can pay for, plus its
    allied minor nations' active units, free, where they may serve (§8.7.2, §8.7.3)."""
    units = _committable(state, power)
    if units is None:
        return [NO_COMMIT]
    return _commits(*units)


def _committable(state: State, power: str) -> tuple[bool, int, list[str]] | None:
    """What ``power`` may commit at this stage (:func:`commit_choices`): fleets or Armies, how
    many of its own, and which allied minor units; None when it may commit nothing at all (no
    unit of its own to pay for and no allied minor unit)."""
    decision = state.flow.current()
    assert decision.kind == "commit"
    data = decision.data
    if state.np is not None and state.is_np(power):
        return None  # §13.3: an NP never uses Fleets or Armies (its Dispute Bonus does)
    stage = STAGES[data["stage"]]
    territory = data["territory"]
    continent = state.content.territories[territory].continent
    me = state.powers[power]
    if stage.endswith("fleets"):
        cost = fleet_cost(state, power)
        own = me.fleets_active[continent]
        if cost:
            own = min(own, me.money // cost)
        minors = [
            u.id
            for u in _allied(state, power, "fleet")
            if u.location == continent and not u.exhausted and continent in _where(state, u)
        ]
        return (True, own, minors) if own > 0 or minors else None
    if not may_reach(state, power, territory):
        return None  # §8.7 note: no fleet in that continent's box, no Armies
    cost = state.content.dispute.army_cost
    own = min(me.armies_arsenal, me.money // cost) if cost else me.armies_arsenal
    minors = [
        u.id
        for u in _allied(state, power, "army")
        if u.location == ARSENAL and not u.exhausted and continent in _where(state, u)
    ]
    return (False, own, minors) if own > 0 or minors else None


def _commits(fleets: bool, own: int, minors: list[str]) -> list[A.Action]:
    """Every commitment of 0 to ``own`` of the Power's Fleets (or Armies) with any subset of these
    minor units, kept by all it depends on (a copy: the caller owns the list)."""
    key = (fleets, own, tuple(minors))
    found = _COMMITS.get(key)
    if found is None:
        if fleets:
            found = [A.shared(A.Commit, n, 0, m) for n in range(own + 1) for m in _subsets(minors)]
        else:
            found = [A.shared(A.Commit, 0, n, m) for n in range(own + 1) for m in _subsets(minors)]
        _COMMITS[key] = found
    return list(found)


_COMMITS: Final[dict[tuple[bool, int, tuple[str, ...]], list[A.Action]]] = {}


def _subsets(items: list[str]) -> list[tuple[str, ...]]:
    return [combo for size in range(len(items) + 1) for combo in combinations(items, size)]


def _allied(state: State, power: str, kind: str) -> list[MinorUnit]:
    """The units of ``kind`` of the minor nations the Power holds, in their order."""
    held = held_minor_units(state, power, kind)
    if not held:
        return []
    units = state.minor_units
    return [units[index] for index in held]


def _where(state: State, unit: MinorUnit) -> frozenset[str]:
    nation = state.content.minors[unit.minor]
    return nation.fleet_continents if unit.kind == "fleet" else nation.army_continents


def fleet_cost(state: State, power: str) -> int:
    """£ per fleet committed: §8.7, or the Kiel Canal's price once built (§8.3)."""
    if state.powers[power].empire_turn == state.turn:
        return 0  # Empire of the Seas (reconstructed effect, data/national.toml)
    work = state.content.powers[power].great_work
    if state.powers[power].great_work and work.bonus.value == "dispute-fleet-cost":
        return work.bonus_amount
    return state.content.dispute.fleet_cost


def apply_commit(state: State, power: str, action: A.Commit, log: Log) -> None:
    decision = state.flow.current()
    data = decision.data
    stage = STAGES[data["stage"]]
    side = _side(stage)
    territory = data["territory"]
    continent = state.content.territories[territory].continent
    me = state.powers[power]
    if stage.endswith("fleets"):
        me.money -= action.fleets * fleet_cost(state, power)
        me.fleets_active[continent] -= action.fleets
        me.fleets_exhausted[continent] += action.fleets
        data[f"{side}_fleets"] += action.fleets
    else:
        me.money -= action.armies * state.content.dispute.army_cost
        me.armies_arsenal -= action.armies
        me.armies_out[territory] = me.armies_out.get(territory, 0) + action.armies
        data[f"{side}_armies"] += action.armies
    if action.minors:  # (none committed: no unit to look at)
        for unit in state.minor_units:
            if unit.id in action.minors:
                unit.exhausted = True
                if unit.kind == "army":
                    unit.location = territory
    data[f"{side}_minors"] = [*data[f"{side}_minors"], *action.minors]
    if log is not None and action != NO_COMMIT:
        note(log, f"{power} commits {A.notation(action).removeprefix('commit ')}", "§8.7", power)
    next_stage(state, log)


def next_stage(state: State, log: Log) -> None:
    """Move to the next stage that has a real choice, or roll when none is left."""
    decision = state.flow.current()
    data = decision.data
    while data["stage"] + 1 < len(STAGES):
        data["stage"] += 1
        stage = STAGES[data["stage"]]
        seat = data["attacker"] if stage.startswith("attacker") else data["defender"]
        if seat is None:
            continue  # an unallied minor nation commits nothing
        decision.ask(seat)
        if _committable(state, seat) is not None:  # more than committing nothing
            return
    _roll(state, log)


Terms = list[tuple[str, int, dict[str, int]]] | None
"""Where :func:`modifier` writes the terms that make a modifier, for the players (the dispute's
odds in the view, :mod:`.dispute_odds`): ``(key, value, details)``, e.g. ``("t_fleets", 4, {"n": 2,
"each": 2})``; ``None`` (the rules' and bots' calls) writes nothing."""


def modifier(
    state: State,
    power: str,
    fleets: int,
    armies: int,
    minors: list[str],
    *,
    attacking: bool,
    terms: Terms = None,
) -> int:
    """§8.7 modifiers: +2 a fleet and +1 an Army up to +4; GB with a British fleet +1 (cap 5);
    CE with Superior Doctrine +2 (max 6); CE attacking with its own Army +1 (digest A7: CE's cap is
    then 5, or 6 with Superior Doctrine); HMS Dreadnought +1 with an own fleet (`naval_lead`)."""
    if state.np is not None and power in state.np.powers:
        # §13.9.1: the NP's Dispute Bonus, the same in all its disputes of phase e (at most +4);
        # no unit bonus of allied minors (§13.7 NOTE).
        bonus = state.np.bonus.get(power, 0)
        if terms is not None:
            terms.append(("np_bonus", bonus, {}))
        return bonus
    rules = state.content.dispute
    minor_fleets = sum(1 for m in minors if m.endswith("-fleet"))
    minor_armies = len(minors) - minor_fleets
    own_fleet_bonus = rules.fleet_bonus
    if state.powers[power].empire_turn == state.turn:
        own_fleet_bonus += 1  # Empire of the Seas: British fleets +3 (the cap stays 5)
    units = (
        own_fleet_bonus * fleets
        + rules.fleet_bonus * minor_fleets
        + rules.army_bonus * (armies + minor_armies)
    )
    total, cap = min(units, rules.unit_cap), rules.unit_cap
    if terms is not None:
        if fleets:
            terms.append(("t_fleets", own_fleet_bonus * fleets, {"n": fleets, "each": own_fleet_bonus}))
        if minor_fleets:
            each = rules.fleet_bonus
            terms.append(("t_minor_fleets", each * minor_fleets, {"n": minor_fleets, "each": each}))
        if armies + minor_armies:
            n = armies + minor_armies
            terms.append(("t_armies", rules.army_bonus * n, {"n": n, "each": rules.army_bonus}))
        if units > rules.unit_cap:
            terms.append(("t_unit_cap", rules.unit_cap - units, {"cap": rules.unit_cap}))
    if power == "GB" and fleets:
        total += rules.british_fleet_bonus
        cap = rules.british_fleet_cap
        if terms is not None:
            terms.append(("t_british", rules.british_fleet_bonus, {"cap": cap}))
    if power == "CE" and state.powers[power].superior_doctrine:
        total += rules.superior_doctrine_bonus
        cap = rules.superior_doctrine_cap
        if terms is not None:
            terms.append(("t_doctrine", rules.superior_doctrine_bonus, {"cap": cap}))
    if power == "CE" and attacking and armies:
        total += rules.attacking_army_bonus
        cap = max(cap, rules.unit_cap + rules.attacking_army_bonus)
        if terms is not None:
            terms.append(("t_ce_army", rules.attacking_army_bonus, {"cap": cap}))
    if state.powers[power].dispute_bonus_turn == state.turn:
        total += state.powers[power].dispute_bonus  # a card's +N (Gunboat Diplomacy), within the cap
        if terms is not None:
            terms.append(("t_card", state.powers[power].dispute_bonus, {}))
    if fleets:
        lead = naval_lead(state, power)
        total += lead
        if terms is not None and lead:
            terms.append(("t_naval", lead, {}))
    if terms is not None and total > cap:
        terms.append(("t_cap", cap - total, {"cap": cap}))
    return min(total, cap)


def naval_lead(state: State, power: str) -> int:
    """The Fleet-track boxes a Great Work gave (§8.3, HMS Dreadnought "+1 box in the Fleet track",
    §12). Reading (issue 18, digest G15: the track has no rule of its own in the text): those boxes
    are naval superiority, +1 each to a dispute in which the Power commits its own fleet, within
    its cap (§8.7)."""
    work = state.content.powers[power].great_work
    if state.powers[power].great_work and work.bonus.value == "fleet-track":
        return work.bonus_amount
    return 0


def _roll(state: State, log: Log) -> None:
    decision = state.flow.current()
    data = decision.data
    attacker, defender, cube = data["attacker"], data["defender"], data["cube"]
    a_mod = modifier(state, attacker, data["a_fleets"], data["a_armies"], data["a_minors"], attacking=True)
    if defender is None:
        d_mod = state.content.minor_cubes[cube].defence  # §8.7.1
    else:
        d_mod = modifier(
            state, defender, data["d_fleets"], data["d_armies"], data["d_minors"], attacking=False
        )
    a_roll = state.rng.die()
    d_roll = state.rng.die()
    a_total, d_total = a_roll + a_mod, d_roll + d_mod
    if log is not None:
        who = name(state, defender) if defender else name(state, cube)
        note(
            log,
            f"{attacker} rolls {a_roll} {a_mod:+d} = {a_total}; {who} rolls {d_roll} {d_mod:+d} = {d_total}",
            "§8.7",
            attacker,
        )
    data.update(a_roll=a_roll, d_roll=d_roll, a_mod=a_mod, d_mod=d_mod)
    for side in (attacker, defender):
        if side is not None and state.powers[side].dispute_bonus_turn == state.turn:
            state.powers[side].dispute_bonus_turn = 0  # a card's +N serves one dispute
    if offer_reroll(state):
        return  # Change of Strategy: the side the dice do not favour may re-roll (digest G18)
    settle(state, log)


def settle(state: State, log: Log) -> None:
    """The dispute's outcome from its dice (§8.7), after any re-roll (§13.4.6)."""
    decision = state.flow.current()
    data = decision.data
    attacker, defender, cube = data["attacker"], data["defender"], data["cube"]
    territory, index = data["territory"], data["index"]
    a_total, d_total = data["a_roll"] + data["a_mod"], data["d_roll"] + data["d_mod"]
    who = (name(state, defender) if defender else name(state, cube)) if log is not None else ""
    winner = "attacker" if a_total > d_total else "defender" if d_total > a_total else "tie"
    if winner == "tie" and defender is not None:
        a_prestige, d_prestige = state.powers[attacker].prestige, state.powers[defender].prestige
        if a_prestige != d_prestige:
            winner = "attacker" if a_prestige > d_prestige else "defender"
    if winner in ("defender", "tie"):
        state.powers[attacker].reserve += 1
        set_top(state, territory, index, None)
    if winner in ("attacker", "tie"):
        if cube in state.powers:
            state.powers[cube].reserve += 1
        else:
            state.minor_reserve[cube] += 1
        set_base(state, territory, index, attacker if winner == "attacker" else None)
        set_top(state, territory, index, None)
    if log is not None:  # (the texts only for a log: random playouts and bots keep none)
        outcome = {
            "attacker": f"{attacker} wins the dispute: its cube takes the space",
            "defender": f"{who} wins the dispute: the {attacker} cube goes back to the General Reserve",
            "tie": "a tie with equal Prestige: both cubes go back to the General Reserve",
        }[winner]
        note(log, outcome, "§13.9" if state.phase == "np-disputes" else "§8.7", attacker)
    evaluate(state, log, territory)
    # The attacker's Action-Phase turn resumes; in phase e, the next dispute follows (§13.9).
    state.flow.pop()
