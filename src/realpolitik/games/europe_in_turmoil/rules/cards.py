"""Playing a Strategy card (5.0, 6.0, 7.0): as an event, for OPs, for a naval attempt, a Scoring
card, or Eight Nation Alliance with an opponent's card; where the card goes afterwards.

A play only queues tasks (:mod:`.driver` runs them); the card leaves the hand and reaches its pile
at once, so a Great War breaking out in the middle of an event loses no card.
"""

from __future__ import annotations

from typing import Any

from ..content import Card
from .actions import Act, shared
from .board import check_targets
from .decks import leave_hand
from .naval import can_attempt, nassau_penalty
from .state import State, other
from .tracks import Log, gain_vp, note

EIGHT_NATION = "eight-nation-alliance"


def card_of(state: State, number: int) -> Card | None:
    cid = state.content.by_number.get(number)
    return state.content.cards[cid] if cid is not None else None


def effective_ops(state: State, seat: str, card: Card, naval: bool = False) -> int:
    """7.3 and 6.3.9: printed OPs, then the events' modifiers for this player, then the Nassau
    penalty (never for a naval attempt); never below 1 (7.3.2)."""
    ops = card.ops + state.ops_mod[seat]
    if not naval:
        ops = nassau_penalty(state, seat, ops)
    return max(1, ops)


def event_ok(state: State, card: Card) -> bool:
    """A prerequisite (2.2.7) or a 'cannot be played' condition (15.0, #70)."""
    return all(need in state.in_effect or need in state.played_events for need in card.requires)


def mandatory_naval(state: State, seat: str) -> bool:
    """Two-Power Standard (6.3.3, 15.0): the Liberal's next rounds are naval attempts."""
    return seat == "L" and state.tps_left > 0 and can_attempt(state, seat)


def play_choices(state: State, seat: str) -> list[Act]:
    hand = state.hands[seat]
    content = state.content
    acts: list[Act] = []
    checks = bool(check_targets(state, seat))
    forced = mandatory_naval(state, seat) and any(not content.cards[c].scoring for c in hand)
    naval = can_attempt(state, seat)
    for cid in sorted(hand, key=lambda c: content.cards[c].number):
        card = content.cards[cid]
        n = card.number
        if card.scoring:
            acts.append(
                shared("score", n)
            )  # 15.0: a Scoring card is "more mandatory" than Two-Power Standard
            continue
        if forced:
            acts.append(shared("naval", n))
            continue
        if cid != EIGHT_NATION and card.owner in (seat, None) and event_ok(state, card):
            acts.append(shared("event", n))
        acts.append(shared("ops", n, "place"))
        if checks:
            acts.append(shared("ops", n, "checks"))
        if naval:
            acts.append(shared("naval", n))
        if EIGHT_NATION in hand and card.owner == other(seat):
            acts.append(shared("combo", n, "place"))
            if checks:
                acts.append(shared("combo", n, "checks"))
    return acts


def _dispose(state: State, card: Card, as_event: bool, resolver: str) -> None:
    """2.2.5-2.2.8: an asterisk event is removed, an underlined one displayed, the rest discarded."""
    if as_event and card.lasting:
        state.in_effect[card.id] = resolver
    if as_event and card.removed:
        state.removed.append(card.id)
    elif not (as_event and card.lasting):
        state.discard.append(card.id)


def event_tasks(state: State, card: Card, resolver: str, player: str) -> list[dict[str, Any]]:
    """The card's effect steps, run by ``resolver`` (the opponent for 5.2 events)."""
    state.played_events.append(card.id)
    return [
        {"t": "step", "step": dict(step), "seat": resolver, "player": player, "card": card.id, "region": None}
        for step in card.effect
    ]


def ops_task(seat: str, ops: int, use: str, card: str | None) -> dict[str, Any]:
    return {"t": "ops", "seat": seat, "ops": ops, "use": use, "card": card}


def play(state: State, seat: str, action: Act, log: Log) -> None:
    """Apply a legal card play: the card leaves the hand and its tasks are queued (or the 5.2 order
    decision is pushed)."""
    card = card_of(state, action.n)
    assert card is not None
    leave_hand(state, seat, card.id)
    verb = action.verb
    tasks: list[dict[str, Any]] = []
    if verb == "score":
        note(log, f"{seat} plays {card.name}", "§9.0", seat)
        state.discard.append(card.id)
        tasks.append({"t": "scoring", "seat": seat, "card": card.id, "region": card.region})
    elif verb == "event":
        note(log, f"{seat} plays {card.name} as an event", "§7.1", seat)
        _dispose(state, card, True, seat)
        tasks += event_tasks(state, card, seat, seat)
        if card.owner == seat:
            tasks.append({"t": "colossus", "seat": seat})
    elif verb == "naval":
        note(log, f"{seat} plays {card.name} for a naval attempt", "§6.3", seat)
        state.discard.append(card.id)  # 6.3.6: the event never happens
        value = effective_ops(state, seat, card, naval=True)
        tasks.append({"t": "naval", "seat": seat, "ops": value, "own": card.owner == seat})
    elif verb == "combo":
        # 15.0 and Ex R2.2: Eight Nation Alliance cancels the opponent's event; that card's OPs are
        # used; both go to the discard (an asterisk card is not removed); no VP for Eight Nation.
        leave_hand(state, seat, EIGHT_NATION)
        state.discard += [card.id, EIGHT_NATION]
        note(log, f"{seat} plays Eight Nation Alliance with {card.name}: no event", "§5.2", seat)
        tasks.append(ops_task(seat, effective_ops(state, seat, card), action.a, card.id))
    else:  # ops
        note(
            log,
            f"{seat} plays {card.name} for {effective_ops(state, seat, card)} OPs ({action.a})",
            "§6.0",
            seat,
        )
        spend = ops_task(seat, effective_ops(state, seat, card), action.a, card.id)
        if card.owner == other(seat):
            if event_ok(state, card):
                _dispose(state, card, True, other(seat))
                state.tasks[0:0] = [{"t": "order", "seat": seat, "card": card.id, "ops": spend}]
                return
            # 5.2: a prerequisite unmet: no event, an asterisk card goes to the discard
            note(log, f"{card.name}'s event cannot happen", "§5.2", seat)
        state.discard.append(card.id)
        tasks.append(spend)
        if card.id == EIGHT_NATION:
            gain_vp(state, seat, 1, log, why="Eight Nation Alliance played alone for OPs", rule="§15.0")
    state.tasks[0:0] = tasks
