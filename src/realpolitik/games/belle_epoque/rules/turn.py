"""The game turn (§4): the automatic phases between decisions.

:func:`advance` runs everything that needs no decision — the Resource Phase, the Event Phase, the
Intrigue draws, the end of the Action Phase, Preparation and scoring — and stops at the next
decision, or at the end of the game.
"""

from __future__ import annotations

from ....engine import LogEntry, heading
from ....engine.flow import Decision
from .board import cube_to_reserve, evaluate, note, set_top
from .decisions import DECISIONS, np_decides
from .events import resolve_event
from .intrigue import intrigue_phase
from .np import phase as np_phase
from .scoring import era_scoring, final_scoring
from .setup import first_player
from .state import ARSENAL, BOXES, HOME, State

Log = list[LogEntry] | None


def advance(state: State, log: Log) -> None:
    """Run automatic steps until someone must decide or the game is over."""
    flow = state.flow  # (a state keeps its flow: decisions come and go on its stack)
    while state.final is None:
        stack = flow.stack
        if stack and stack[-1].resuming:  # (Dispatch.resume does nothing otherwise)
            DECISIONS.resume(state, flow, log)
            stack = flow.stack
        if stack:
            decision = stack[-1]
            if state.np is None or not state.is_np(decision.seat):
                return
            np_decides(state, log)  # §13: the automaton decides for an NP seat
            continue
        phase = state.phase
        if phase == "initial-setup":
            first_player(state, log)
            state.turn = 1
            state.phase = "turn-start"
        elif phase == "turn-start":
            _start_turn(state, log)
        elif phase == "intrigue":
            intrigue_phase(state, log)
        elif phase == "action":
            _next_action_turn(state, log)
        elif phase == "np-disputes":
            np_phase.next_dispute(state, log)
        elif phase == "end-of-turn":
            _end_of_turn(state, log)
        else:  # pragma: no cover - every phase is handled above
            raise AssertionError(f"unknown phase {phase!r}")


# -- start of the turn ----------------------------------------------------------------------------


def _start_turn(state: State, log: Log) -> None:
    content = state.content
    heading(log, f"Turn {state.turn} begins", "§4.0", 1)
    _add_era_deck(state, log)
    heading(log, "Resource Phase", "§5", 2)
    _resource_phase(state, log)
    heading(log, "Event Phase", "§6", 2)
    # §6: two Event cards, each resolved before the next is drawn.
    for _ in range(content.game.events_per_turn):
        if not state.event_draw:
            break
        card = state.event_draw.pop()
        state.reveals += 1
        event = content.event_cards[card]
        if log is not None:
            note(log, f"Event: {event.name_en}", "§6")
        if event.ends_game:
            # §6.3: the game ends at once; the rest of this turn is not played.
            state.event_discard.append(card)
            note(log, "The game ends at once: the rest of this turn is not played", "§6.3")
            state.end_turn = state.turn
            final_scoring(state, log)
            return
        resolve_event(state, card, log)  # (it ends with the alliances and control evaluated)
        state.event_discard.append(card)
    if state.turn in content.game.intrigue_turns:
        heading(log, "Intrigue Phase", "§7", 2)
        state.phase = "intrigue"
    else:
        heading(log, "Action Phase", "§8", 2)
        state.phase = "action"
    state.active = 0


def _add_era_deck(state: State, log: Log) -> None:
    """§6.1: at the start of Turns 4 and 7 the next era's cards join the draw pile (not the
    discards), after the unseen removals, and the pile is shuffled."""
    content = state.content
    era = content.game.era_of_turn[state.turn]
    if era == 1 or content.game.eras[era - 1][0] != state.turn:
        return
    deck = list(content.event_decks.by_era[era])
    promo = bool(state.options.get("dreyfus_affair")) and bool(content.event_decks.promos.get(era))
    if promo:
        deck.extend(content.event_decks.promos[era])
    removed = (content.event_decks.removed_with_promo if promo else content.event_decks.removed)[era]
    state.rng.shuffle(deck)
    state.event_box.extend(deck[:removed])
    state.event_draw.extend(deck[removed:])
    state.rng.shuffle(state.event_draw)
    note(
        log,
        f"Era {era}: {len(deck) - removed} cards join the Event deck ({removed} removed unseen)",
        "§6.1",
    )


def _resource_phase(state: State, log: Log) -> None:
    """§5: base revenue, +£ of allied minor nations, and 3 DM cubes (4 with the Eiffel Tower),
    never more than the General Reserve holds (§2.2)."""
    content = state.content
    for power_id in state.turn_order:
        if state.is_np(power_id):
            np_phase.income(state, power_id, log)
            continue
        me = state.powers[power_id]
        power = content.powers[power_id]
        income = power.revenue + sum(
            content.minors[m].income for m in content.minor_ids if state.territories[m].holder == power_id
        )
        me.money += income
        dm = power.dm_per_turn
        if me.great_work and power.great_work.bonus.value == "resource-dm":
            dm += power.great_work.bonus_amount
        dm = min(dm, me.reserve)
        me.reserve -= dm
        me.embassies += dm
        if log is not None:
            note(log, f"{power_id} collects £{income} and {dm} DM cubes", "§5", power_id)


# -- Action Phase (§8) -----------------------------------------------------------------------------


def _next_action_turn(state: State, log: Log) -> None:
    """Give the next Power that has not passed its Action-Phase turn; when all have passed, the
    Action Phase ends (§8.0)."""
    order = state.turn_order
    for step in range(len(order)):
        index = (state.active + step) % len(order)
        power = order[index]
        if not state.powers[power].passed:
            state.active = index
            state.powers[power].actions_used = []
            if state.np is not None and state.is_np(power):
                np_phase.begin_action(state, power)  # §13.3: its whole Action Phase at once
            else:
                state.flow.push(Decision("action", power))
            return
    if state.np is not None:
        np_phase.begin_disputes(state, log)  # §13.3 e, before the §8.11 removal (digest C9)
        return
    state.phase = "end-of-turn"


# -- end of the turn --------------------------------------------------------------------------------


def _end_of_turn(state: State, log: Log) -> None:
    _remove_unresolved_disputes(state, log)
    heading(log, "Preparation Phase", "§9", 2)
    _preparation(state, log)
    if state.turn in state.content.game.scoring_turns:
        era_scoring(state, log)
    if state.turn >= state.content.game.turns:
        state.end_turn = state.turn
        final_scoring(state, log)
        return
    state.turn += 1  # §9 step 5
    state.phase = "turn-start"


def _remove_unresolved_disputes(state: State, log: Log) -> None:
    """§8.11: every dispute still standing loses the cube that started it."""
    removed = 0
    disputed = state.disputed  # (the index of disputes: every top cube's territory, and more)
    for territory in state.content.territory_ids:
        if territory not in disputed:
            continue
        spaces = state.territories[territory]
        for index, top in enumerate(spaces.top):
            if top is not None:
                cube_to_reserve(state, top)
                set_top(state, territory, index, None)
                removed += 1
    state.disputed.clear()  # no top cube is left anywhere
    if removed:
        note(log, f"{removed} unresolved dispute(s) removed", "§8.11")
        evaluate(state, log)


def _preparation(state: State, log: Log) -> None:
    """§9 in order, plus the per-turn markers the rules imply (digest G20)."""
    for me in state.powers.values():
        # 1) Armies back from the disputes, active, in the Arsenal.
        me.armies_arsenal += sum(me.armies_out.values())
        me.armies_out = {}
        # 2) Fleets turned active in their boxes (all of them, digest C5).
        for box in BOXES:
            me.fleets_active[box] += me.fleets_exhausted[box]
            me.fleets_exhausted[box] = 0
        me.prestige_used = False
        me.targeted = False
        me.passed = False
        me.actions_used = []
    for unit in state.minor_units:
        unit.exhausted = False
        if unit.kind == "army" and unit.location not in (HOME, ARSENAL):
            unit.location = ARSENAL if state.territories[unit.minor].holder else HOME
    # 3) The Next Turn Order Track becomes the Turn Order Track.
    if state.np is not None:
        state.turn_order = np_phase.rotate_order(state)  # §13.2
    elif len(state.next_order) == len(state.turn_order):
        state.turn_order = list(state.next_order)
    state.next_order = []
    # 4) Played cards leave play; their reminder cubes return to the General Reserve.
    for played in state.played:
        for victim in played.victims:
            state.powers[victim].reserve += 1
        if played.deck == "intrigue":
            state.intrigue_discard.append(played.card)
    state.played = []
    state.contrasts = {t: v for t, v in state.contrasts.items() if v[1] > state.turn}
    state.active = 0
    note(log, f"Preparation: next turn order {', '.join(state.turn_order)}", "§9")
