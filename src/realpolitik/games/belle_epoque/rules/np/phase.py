"""The NP turn: income (§13.3, digest G19), the NP Action Phase in five steps (§13.3), phase e
(§13.9) and the NP turn order (§13.2). The automaton's answers to the decisions an NP seat is
asked are in ``rules/decisions.py`` (:func:`np_decides`), its choices in :mod:`.targets`."""

from __future__ import annotations

from typing import Final

from .....engine import LogEntry
from .....engine.flow import Decision
from ..board import defender_of, note
from ..dispute import start_dispute
from ..prestige import move_prestige
from ..state import State
from . import empire
from .missions import sell_armaments, send_missions
from .targets import play_np_card

Log = list[LogEntry] | None

STEPS: Final = ("cards", "fleets", "prestige", "missions", "armaments")
"""§13.3: the five steps of an NP Power's Action Phase, in order."""


def income(state: State, power: str, log: Log) -> None:
    """§13.3 a: no money for an NP; digest C8/G19: its DM cubes, 3 a turn (France 4 from Turn 4,
    §13.7.2), from the General Reserve into the Embassies."""
    rules = state.content.non_player
    card = rules.powers[power]
    dm = rules.dm_per_turn
    if card.extra_dm_from_turn is not None and state.turn >= card.extra_dm_from_turn:
        dm += 1
    me = state.powers[power]
    dm = min(dm, me.reserve)
    me.reserve -= dm
    me.embassies += dm
    note(log, f"{power} (NP) collects {dm} DM cubes and no money", "§13.3", power)


def begin_action(state: State, power: str) -> None:
    state.flow.push(Decision("np-turn", power, {"step": 0}))


def continue_action(state: State, log: Log) -> None:
    """Run the NP's Action Phase from its next step; a card's choices may suspend it (the card's
    decision is pushed above the ``np-turn`` one, which resumes here when the card is done)."""
    decision = state.flow.current()
    assert decision.kind == "np-turn"
    power = decision.seat
    me = state.powers[power]
    card = state.content.non_player.powers[power]
    turn = state.turn - 1
    while decision.data["step"] < len(STEPS):
        step = STEPS[decision.data["step"]]
        decision.data["step"] += 1
        if step == "cards":
            note(log, f"{power} (NP) begins its Action Phase", "§13.3", power)
            play_np_card(state, power, card.card[turn], log)
            if state.flow.top() is not decision:
                return  # the card asks for choices first
        elif step == "fleets" and card.fleet[turn]:
            me.fleet_track = state.content.fleet_track.clamp(me.fleet_track + card.fleet[turn])
            note(log, f"{power} (NP) builds a fleet: Fleet Track {me.fleet_track}", "§13.5", power)
        elif step == "prestige" and card.prestige[turn]:
            move_prestige(state, power, card.prestige[turn], log, rule="§13.6")
        elif step == "missions":
            send_missions(state, power, log)
        elif step == "armaments":
            sell_armaments(state, power, log)
    # §13.3: the NP's whole Action Phase is done at once; it takes no further turn this phase.
    me.passed = True
    note(log, f"{power} (NP) ends its Action Phase", "§13.3", power)
    state.flow.pop()
    state.active = (state.active + 1) % len(state.turn_order)


# -- phase e (§13.9) ----------------------------------------------------------------------------------


def involves_np(state: State, territory: str, index: int) -> bool:
    """A dispute an NP Power is in, as attacker or defender (§13.3 NOTE, §13.9)."""
    spaces = state.territories[territory]
    return state.is_np(spaces.top[index]) or state.is_np(defender_of(state, territory, index))


def begin_disputes(state: State, log: Log) -> None:
    """Phase e: list the disputes with NP Powers (digest A21: those NP Powers started, in turn order
    and in the order they were made; then the humans', in turn order and map order) and mark each
    NP's Dispute Bonus, Arsenal Bonus / its disputes rounded half up, at most +4 (§13.9.1)."""
    assert state.np is not None
    found: list[list[object]] = []
    standing = {
        (t, i)
        for t in state.content.territory_ids
        for i, top in enumerate(state.territories[t].top)
        if top is not None and involves_np(state, t, i)
    }
    for power in state.turn_order:
        if state.is_np(power):
            for territory, index in state.np.created:
                key = (str(territory), int(index))
                if key in standing and state.territories[key[0]].top[key[1]] == power:
                    found.append([key[0], key[1]])
                    standing.discard(key)
    for power in state.turn_order:
        for territory in state.content.territory_ids:
            for index, top in enumerate(state.territories[territory].top):
                if top == power and (territory, index) in standing:
                    found.append([territory, index])
                    standing.discard((territory, index))
    rules = state.content.non_player
    state.np.bonus = {}
    for power in sorted(state.np.powers, key=state.turn_order.index):
        count = sum(
            1
            for t, i in found
            if power in (state.territories[str(t)].top[int(str(i))], defender_of(state, str(t), int(str(i))))
        )
        if count:
            arsenal = rules.powers[power].arsenal_bonus[state.turn - 1]
            bonus = min(rules.dispute_bonus_cap, (2 * arsenal + count) // (2 * count))
            state.np.bonus[power] = bonus
            note(
                log,
                f"{power} (NP) Dispute Bonus: Arsenal Bonus {arsenal} / {count} dispute(s) = +{bonus}",
                "§13.9.1",
                power,
            )
    state.np.created = found
    state.phase = "np-disputes"
    if found:
        note(log, f"Dispute Resolution with NP Powers: {len(found)} dispute(s)", "§13.3 e")
        keys = [(str(t), int(str(i))) for t, i in found]
        empire.offer(state, keys)


def next_dispute(state: State, log: Log) -> None:
    """Resolve the next dispute of phase e; its units and dice work as §8.7, with the NP's bonus
    for all its units (§13.9.2, §13.9.3)."""
    assert state.np is not None
    while state.np.created:
        territory, index = state.np.created.pop(0)
        territory, index = str(territory), int(str(index))
        attacker = state.territories[territory].top[index]
        if attacker is None:
            continue  # a card or an earlier dispute took it away
        start_dispute(state, attacker, territory, index, log)
        if state.flow.top() is not None:
            return
    state.np.created = []
    state.np.bonus = {}
    state.phase = "end-of-turn"


def rotate_order(state: State) -> list[str]:
    """§13.2: the NP Powers act first, the one that acted first becoming last (with 2 they swap);
    the humans follow in the order they passed (§9 step 3)."""
    automata = [p for p in state.turn_order if state.is_np(p)]
    automata = automata[1:] + automata[:1]
    humans = [p for p in state.next_order if not state.is_np(p)]
    if len(humans) != len(state.turn_order) - len(automata):
        humans = [p for p in state.turn_order if not state.is_np(p)]
    return automata + humans
