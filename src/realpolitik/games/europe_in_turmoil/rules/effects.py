"""The effect primitives Strategy and Stability cards are composed of (data ``effect`` lists).

Each step is a table ``{ op = "...", ... }`` run by the side resolving the event (the card's owner
for an opponent's event, 5.2); ``when = { control = [icons] }`` makes a step conditional on that
side controlling such a space in the region scored. Primitives:

* ``place`` ``n`` SP (or ``n = { per_control = [icons] }``) where ``where`` allows, at most
  ``per_space`` in one space, ``upto`` to stop early: event SP ignore adjacency and control (6.1.1);
* ``remove`` ``n`` opponent SP; ``checks`` ``n`` Support Checks with ``ops`` (a number or
  ``"card"``), the same space allowed (6.2.2); ``ops`` a grant played like a card (7.4);
* ``tension`` and ``crisis`` (8.1, 8.3); ``vp``; ``navy`` / ``navy-back`` (6.3.4, 6.3.8);
  ``extra-naval`` attempts (6.3.3); ``marker`` (2.5.2); ``ops-mod`` for the turn (7.3);
  ``discard`` random opponent cards (5.4); ``refresh`` the Stability decks (9.0);
* ``hook``: a card that needs Python (:mod:`.hooks`).

``where`` filters: ``region`` (a region, a list, or ``@region``), ``icons`` (any of),
``spaces``, ``uncontrolled``, ``adjacent = "@region"`` (independents next to it, 10.1.4).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ....engine.flow import Decision
from . import hooks
from .board import check_targets, controls_icon, matches, spaces_where
from .decks import leave_hand
from .naval import move, move_back
from .state import State, index, other
from .tracks import Log, change_tension, gain_vp, note, place_on_track

WAR_TRACK = (
    "three-emperor-league",
    "franco-russian-alliance",
    "entente-cordiale",
    "dual-alliance",
    "triple-alliance",
    "balkan-war",
)


def blamed(state: State, task: Mapping[str, Any]) -> str:
    """8.1.2 and 15.0: the event's ideology, or the card player for a neutral event."""
    card = task.get("card")
    owner = state.content.cards[card].owner if isinstance(card, str) and card in state.content.cards else None
    return owner or str(task["player"])


def amount(state: State, seat: str, n: Any, region: str | None) -> int:
    if isinstance(n, Mapping):
        return len(controls_icon(state, seat, n["per_control"], region))
    return int(n)


def place_decision(
    state: State, seat: str, step: Mapping[str, Any], region: str | None, n: int
) -> Decision | None:
    where = dict(step.get("where", {}))
    if not spaces_where(state, where, region) or n <= 0:
        return None
    return Decision(
        "event-place",
        seat,
        {
            "left": n,
            "per_space": int(step.get("per_space", n)),
            "where": where,
            "region": region,
            "placed": {},
            "upto": bool(step.get("upto", False)),
        },
    )


def run_step(state: State, task: Mapping[str, Any], log: Log) -> None:
    step: Mapping[str, Any] = task["step"]
    seat: str = task["seat"]
    region: str | None = task.get("region")
    op = step["op"]
    when = step.get("when")
    if when is not None and not controls_icon(state, seat, when["control"], region):
        return
    if op == "place":
        decision = place_decision(state, seat, step, region, amount(state, seat, step["n"], region))
        if decision is not None:
            state.flow.push(decision)
    elif op == "remove":
        where = dict(step.get("where", {}))
        victim = index(other(seat))
        if any(state.sp[s][victim] for s in spaces_where(state, where, region)):
            state.flow.push(
                Decision(
                    "event-remove",
                    seat,
                    {
                        "left": int(step["n"]),
                        "per_space": int(step.get("per_space", step["n"])),
                        "where": where,
                        "region": region,
                        "removed": {},
                        "victim": other(seat),
                    },
                )
            )
    elif op == "checks":
        where = dict(step.get("where", {}))
        if not any(matches(state, s, where, region) for s in check_targets(state, seat)):
            return
        ops = step["ops"]
        value = state.content.cards[task["card"]].ops if ops == "card" else int(ops)
        state.flow.push(
            Decision(
                "checks",
                seat,
                {
                    "left": int(step["n"]),
                    "ops": value,
                    "event": True,
                    "where": dict(step.get("where", {})),
                    "region": region,
                    "last": None,
                    "card": task.get("card"),
                },
            )
        )
    elif op == "ops":
        state.flow.push(Decision("use", seat, {"ops": int(step["n"]), "may_pass": False}))
    elif op == "tension":
        change_tension(state, int(step["n"]), blamed(state, task), log)
    elif op == "crisis":
        state.tasks.insert(0, {"t": "crisis", "source": None})
    elif op == "vp":
        gain_vp(state, seat, int(step["n"]), log, why="event", rule="§10.2")
    elif op == "navy":
        state.tasks[0:0] = move(state, seat, int(step["n"]), log)
    elif op == "navy-back":
        move_back(state, int(step["n"]), log)
    elif op == "extra-naval":
        state.extra_naval[seat] += int(step["n"])
    elif op == "marker":
        activate(state, str(step["id"]), log)
    elif op == "cancel":
        cancel(state, str(step["id"]), log)
    elif op == "ops-mod":
        target = seat if step.get("who", "self") == "self" else other(seat)
        state.ops_mod[target] += int(step["n"])
        note(log, f"{target}'s cards {int(step['n']):+d} OPs for the rest of the turn", "§7.3", target)
    elif op == "discard":
        loser = other(seat)
        for _ in range(int(step["n"])):
            hand = state.hands[loser]
            if hand:
                gone = hand[state.rng.below(len(hand))]
                leave_hand(state, loser, gone)
                state.discard.append(gone)
                state.reveals += 1
                note(log, f"{loser} discards {state.content.cards[gone].name} (no event, 5.4)", "§5.4", loser)
    elif op == "refresh":
        for side in ("A", "L"):
            state.stab_avail[side] = [s for s, c in state.content.stability.items() if c.side == side]
        note(log, "both Stability decks are available again", "§9.0")
    elif op == "hook":
        hooks.run(state, str(step["name"]), task, log)


def activate(state: State, marker: str, log: Log) -> None:
    """2.5.2: War Status markers go on the Great War track; the others turn to their active side."""
    if marker in WAR_TRACK:
        place_on_track(state, marker)
    elif marker not in state.markers:
        state.markers.append(marker)
    note(log, f"marker {marker} is active", "§2.5.2")


def cancel(state: State, cid: str, log: Log) -> None:
    """7.2 and 2.2.6: a lasting event stays displayed until a later event cancels it; the card then
    leaves the display (an asterisk card stays removed, 2.2.5; another is discarded) and the event
    markers it set are taken off. Status markers on the Great War track stay (their positions are
    the track's history, 8.2.3). Nothing happens when the event is not in effect."""
    if cid not in state.in_effect:
        return
    del state.in_effect[cid]
    card = state.content.cards[cid]
    if not card.removed:  # an asterisk card went to the removed cards when played (cards._dispose)
        state.discard.append(cid)
    for step in card.effect:
        if step.get("op") == "marker" and step.get("id") in state.markers:
            state.markers.remove(str(step["id"]))
    note(log, f"{card.name} is cancelled", "§7.2")
