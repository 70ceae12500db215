"""The automatic steps: the turn (4.5), action rounds, OPs, naval attempts, scoring with its
Stability Check (9.0), the crisis roll (8.3), the Great War (8.4) and the end of the game (10.4).

``drive`` runs queued tasks until a decision is on the flow or the game is over; when nothing is
queued it starts the next action round, or ends the turn.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ....engine import heading
from ....engine.flow import Decision
from ..content import REGIONS
from . import mobilization, war
from .board import add_sp, check_targets, eligible_for_ops, placement_cost, sp_to_control
from .cards import card_of, mandatory_naval
from .decks import deal, draw, hold_over
from .effects import run_step
from .naval import holder, last_box, resolve_attempt, use_attempt
from .scoring import by_sign, check_auto_victory, clamp_vp, finish, level, score_region
from .state import State, index, other
from .tracks import Log, crisis_total, gw_status, note

Task = dict[str, Any]


def begin_turn(state: State, log: Log) -> None:
    heading(log, f"Turn {state.turn}", "§4.0", 1)
    rounds = state.content.value_at(state.content.action_rounds, state.turn)
    state.slots = ["A", "L"] * rounds
    state.rounds_done = {"A": 0, "L": 0}
    state.moltke_offered = False
    deal(state, log)


def era_cards(state: State, era: str) -> list[str]:
    return [c for c in state.content.card_ids if state.content.cards[c].era == era]


def inject_era(state: State, log: Log) -> None:
    """4.4: at turns 4 and 8 the new era's cards join the draw pile (the discards wait)."""
    for era, first in state.content.era_turns.items():
        if first == state.turn and first > 1:
            state.deck += era_cards(state, era)
            state.rng.shuffle(state.deck)
            note(log, f"the {era} cards are shuffled into the draw pile", "§4.4")


def end_turn(state: State, log: Log) -> None:
    """4.5.3: a Scoring card held loses the game (both: a draw); 4.5.5: the next turn."""
    holding = [s for s in ("A", "L") if any(state.content.cards[c].scoring for c in state.hands[s])]
    if len(holding) == 2:
        finish(state, ["A", "L"], "both players hold a Scoring card: a draw", log)
        return
    if holding:
        finish(state, [other(holding[0])], f"{holding[0]} holds a Scoring card and loses", log)
        return
    state.reveals += 1  # 15.0: held cards show their bottoms (none is a Scoring card)
    hold_over(state, log)
    for seat in ("A", "L"):
        state.naval_used[seat] = False
        state.extra_naval[seat] = 0
        state.colossus_used[seat] = False
        state.konig_used[seat] = False
        state.ops_mod[seat] = 0
    state.dreyfus = False
    state.turn += 1
    if state.turn > state.content.turns:
        state.tasks.append({"t": "final"})
        return
    inject_era(state, log)
    begin_turn(state, log)


def next_step(state: State, log: Log) -> None:
    """Nothing queued: the next action round, the Moltke attempt, or the end of the turn."""
    if state.slots:
        state.tasks.append({"t": "round", "seat": state.slots.pop(0)})
        return
    moltke = holder(state, "moltke")
    if moltke is not None and not state.moltke_offered:
        state.moltke_offered = True
        hand = [c for c in state.hands[moltke] if not state.content.cards[c].scoring]
        if hand and state.navy[moltke] < last_box(state):
            # Moltke (15.0): a free attempt after the last regular round, only with a card in hand
            state.flow.push(Decision("moltke", moltke, {}))
            return
    end_turn(state, log)


def drive(state: State, log: Log) -> None:
    while not state.over and state.flow.top() is None:
        if state.tasks:
            task = state.tasks.pop(0)
            TASKS[task["t"]](state, task, log)
        else:
            next_step(state, log)
    if state.over:
        state.flow.clear()


# -- tasks -------------------------------------------------------------------------------------------


def _round(state: State, task: Task, log: Log) -> None:
    seat = task["seat"]
    if seat == "A" and state.rounds_done["A"] == state.rounds_done["L"]:  # a pair begins (4.5.2)
        heading(log, f"Action round {state.rounds_done['A'] + 1}", "§4.5.2", 2)
    if not state.hands[seat]:
        note(log, f"{seat} has no card and forfeits the round", "§4.5.2", seat)
        state.rounds_done[seat] += 1
        return
    state.flow.push(Decision("play", seat, {"mandatory": mandatory_naval(state, seat)}))
    state.tasks.append({"t": "round-end", "seat": seat})


def _round_end(state: State, task: Task, log: Log) -> None:
    seat = task["seat"]
    state.rounds_done[seat] += 1
    if check_auto_victory(state, log):
        return
    if state.rounds_done[seat] == 2 and holder(state, "helgoland") == seat:
        # Helgoland: the holder looks at the opponent's hand at the end of its second round
        state.peek[seat] = sorted(state.hands[other(seat)])
        state.reveals += 1
        names = ", ".join(state.content.cards[c].name for c in state.peek[seat]) or "no card"
        note(log, f"Helgoland: {seat} sees {other(seat)}'s hand: {names}", "§6.3.5", seat, (seat,))


def _order(state: State, task: Task, log: Log) -> None:
    state.flow.push(Decision("order", task["seat"], {"card": task["card"], "ops": task["ops"]}))


def _ops(state: State, task: Task, log: Log) -> None:
    seat, ops, use = task["seat"], task["ops"], task["use"]
    if use == "place":
        eligible = eligible_for_ops(state, seat)
        if task.get("limit") is not None:
            eligible = [s for s in eligible if s in task["limit"]]
        cheap = ops >= (4 if state.dreyfus and seat == "L" else 2)  # 6.1.3: the dearest space
        if eligible and (
            cheap or any(placement_cost(state, seat, s, state.dreyfus) <= ops for s in eligible)
        ):
            state.flow.push(Decision("place", seat, {"ops": ops, "eligible": eligible}))
    elif check_targets(state, seat):
        state.flow.push(
            Decision(
                "checks",
                seat,
                {
                    "left": 2,
                    "ops": ops,
                    "event": False,
                    "where": {},
                    "region": None,
                    "last": None,
                    "card": task.get("card"),
                },
            )
        )


def _naval(state: State, task: Task, log: Log) -> None:
    seat = task["seat"]
    if not task.get("free"):
        use_attempt(state, seat)
    state.tasks[0:0] = resolve_attempt(state, seat, task["ops"], task["own"], log)


def _step(state: State, task: Task, log: Log) -> None:
    run_step(state, task, log)


def _colossus(state: State, task: Task, log: Log) -> None:
    """Colossus: once a turn, 2 OPs after playing one's own event."""
    seat = task["seat"]
    if holder(state, "colossus") == seat and not state.colossus_used[seat]:
        state.colossus_used[seat] = True
        state.flow.push(Decision("use", seat, {"ops": 2, "may_pass": True}))


def _bayern(state: State, task: Task, log: Log) -> None:
    seat = task["seat"]
    draw(state, seat, 3, log)
    state.reveals += 1
    count = min(2, len(state.hands[seat]))
    if count:
        state.flow.push(
            Decision("pick", seat, {"options": list(state.hands[seat]), "purpose": "discard", "count": count})
        )


def _scoring(state: State, task: Task, log: Log) -> None:
    """9.0 step 1: refresh a deck down to one card (C16: before choosing), then both choose."""
    region, active = task["region"], task["seat"]
    for seat in ("A", "L"):
        if len(state.stab_avail[seat]) <= 1:
            state.stab_avail[seat] = [s for s, c in state.content.stability.items() if c.side == seat]
    counts = {seat: 1 + (1 if holder(state, "orion") == seat else 0) for seat in ("A", "L")}
    if region == "balkans" and "enver-pasha" in state.markers:
        counts["A"] += 1  # 15.0: Enver Pasha, only at a Balkans Scoring card play, then gone
        state.markers.remove("enver-pasha")
    for seat in ("A", "L"):
        counts[seat] = min(counts[seat], len(state.stab_avail[seat]))
    if region == "germany" and level(state, "germany", "L") == "control":
        finish(state, ["L"], "Liberal Control of Germany when the Germany Scoring card is played", log)
        return
    state.flow.push(
        Decision(
            "stability",
            ("A", "L"),
            {
                "region": region,
                "active": active,
                "counts": counts,
                "picks": {},
                "card": task["card"],
            },
        )
    )


def _stab_play(state: State, task: Task, log: Log) -> None:
    seat, sid = task["seat"], task["stab"]
    if sid in state.stab_avail[seat]:
        state.stab_avail[seat].remove(sid)
    card = state.content.stability[sid]
    note(log, f"{seat} plays the Stability card {card.name}", "§9.0", seat)
    state.tasks[0:0] = [
        {
            "t": "step",
            "step": dict(step),
            "seat": seat,
            "player": seat,
            "card": None,
            "region": task["region"],
            "scoring": task["scoring"],
            "scoring_card": task["scoring_card"],
            "scoring_player": task["scoring_player"],
        }
        for step in card.effect
    ]


def _region_score(state: State, task: Task, log: Log) -> None:
    score_region(state, task["region"], log)
    if not state.final_scoring:
        clamp_vp(state)


def _crisis(state: State, task: Task, log: Log) -> None:
    die = state.rng.die()
    total = crisis_total(state, die)
    note(log, f"crisis roll {die} + tension {state.tension} + status {gw_status(state)} = {total}", "§8.3.1")
    if total > state.content.crisis_threshold:
        # 8.3.1: the Action Phase ends at once; the rest of the card is ignored; no Verify Held
        note(log, "the Great War breaks out", "§8.3.1")
        heading(log, "The Great War", "§8.4", 1)
        state.slots = []
        balkan = task.get("source") == "balkans"
        if state.readings.mobilization:  # 8.4.4 replaces 8.4.2-8.4.3
            state.tasks = mobilization.start(state, balkan, log)
        else:
            state.tasks = war.start(state, balkan, log)


def _victory(state: State, task: Task, log: Log) -> None:
    check_auto_victory(state, log)  # 9.0 note: after every step of the scoring


def _war_losses(state: State, task: Task, log: Log) -> None:
    """8.4.3: region by region, in an order the war's winner chooses (both lost: the Entente
    chooses first, then the players alternate)."""
    left = [r for r in task["regions"] if r not in task["done"]]
    if not left:
        if state.war_winner is not None:  # Italy and Constantinople to the winner
            for s in war.MINORS:
                add_sp(state, state.war_winner, s, sp_to_control(state, state.war_winner, s))
        return
    chooser = state.war_winner or ("L" if len(task["done"]) % 2 == 0 else "A")
    state.flow.push(Decision("war-order", chooser, {"left": left, "task": task}))


def _war_region(state: State, task: Task, log: Log) -> None:
    region, side = task["region"], task["side"]
    spaces = war.war_space_list(state, region)
    steps: list[Task] = []
    for step in war.loss_steps(state, region, side):
        roller = step["roller"]
        steps.append(
            {"t": "war-step", "roller": roller, "kind": step["kind"], "spaces": spaces, "region": region}
        )
    state.tasks[0:0] = steps


def _war_step(state: State, task: Task, log: Log) -> None:
    roller, spaces = task["roller"], task["spaces"]
    die = state.rng.die()
    note(log, f"War Losses in {task['region']}: {roller} rolls {die}", "§8.4.3", roller)
    if task["kind"] == "place":
        state.tasks.insert(0, {"t": "ops", "seat": roller, "ops": die, "use": "place", "limit": spaces})
        return
    victim = roller if state.readings.losses_own else other(roller)
    if any(state.sp[s][index(victim)] for s in spaces):
        state.flow.push(
            Decision(
                "event-remove",
                roller,
                {
                    "left": die,
                    "per_space": die,
                    "where": {"spaces": spaces},
                    "region": None,
                    "removed": {},
                    "victim": victim,
                },
            )
        )


def _war_scoring(state: State, task: Task, log: Log) -> None:
    """8.4.5: the participating regions, no Stability cards, no crisis; the VP sign decides."""
    state.final_scoring = True
    for region in task["regions"]:
        score_region(state, region, log)
    clamp_vp(state)
    if state.war_winner is None and not state.readings.express and state.vp == 0:
        finish(
            state,
            ["A", "L"],
            "after the Great War: VP 0 and no war winner: both lose (a shared result)",
            log,
        )
        return
    by_sign(state, state.war_winner, log, "after the Great War")


def _mobilize(state: State, task: Task, log: Log) -> None:
    """8.4.4: both players pick their Mobilization cards, sealed and at the same time."""
    empty: dict[str, list[str]] = {"A": [], "L": []}
    state.flow.push(Decision("mobilize", ("A", "L"), {"picks": dict(empty), "answers": dict(empty)}))


def _mob_priority(state: State, task: Task, log: Log) -> None:
    mobilization.run_priority(state, int(task["p"]), log)


def _mob_effect(state: State, task: Task, log: Log) -> None:
    mobilization.run_effect(state, task, log)


def _final(state: State, task: Task, log: Log) -> None:
    """10.4.2: every region scored; Liberal Control of Germany still wins; then the VP sign."""
    heading(log, "Final scoring", "§10.4", 2)
    state.final_scoring = True
    germany = level(state, "germany", "L") == "control"
    for region in REGIONS:
        score_region(state, region, log)
    clamp_vp(state)
    if germany:
        finish(state, ["L"], "final scoring: Liberal Control of Germany", log)
        return
    by_sign(state, None, log, "final scoring")


def _ask(state: State, task: Task, log: Log) -> None:
    if (
        task.get("if_scoring")
        and sum(1 for c in state.hands[task["seat"]] if state.content.cards[c].scoring) < 2
    ):
        return
    state.flow.push(Decision(task["kind"], task["seat"], dict(task["data"])))


def _setup_step(state: State, task: Task, log: Log) -> None:
    """3.4: the next discretionary placement, +1 SP for a player who revealed (15.0)."""
    seat = task["seat"]
    n = task["n"] + (1 if state.revealed[seat] else 0)
    state.flow.push(Decision("setup-place", seat, {"left": n}))


TASKS: dict[str, Callable[[State, Task, Log], None]] = {
    "ask": _ask,
    "setup-step": _setup_step,
    "round": _round,
    "round-end": _round_end,
    "order": _order,
    "ops": _ops,
    "naval": _naval,
    "step": _step,
    "colossus": _colossus,
    "bayern": _bayern,
    "scoring": _scoring,
    "stab-play": _stab_play,
    "region-score": _region_score,
    "crisis": _crisis,
    "victory": _victory,
    "war-losses": _war_losses,
    "war-region": _war_region,
    "war-step": _war_step,
    "war-scoring": _war_scoring,
    "final": _final,
    "mobilize": _mobilize,
    "mob-priority": _mob_priority,
    "mob-effect": _mob_effect,
}

__all__ = ["card_of", "drive"]
