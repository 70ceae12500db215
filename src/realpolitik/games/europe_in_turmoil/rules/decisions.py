"""One handler per kind of decision (engine.flow). A decision is answered, then popped (or replaced
by its next step); what follows is queued as tasks and run by :func:`.driver.drive`, so no
decision ever waits beneath another and ``resume`` has nothing to do."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import Any

from ....engine.flow import Decision, Dispatch
from .actions import Act, shared
from .board import (
    add_sp,
    check_targets,
    controller,
    marker_check_bonus,
    matches,
    placement_cost,
    remove_sp,
    resolve_check,
    spaces_where,
)
from .cards import card_of, effective_ops, event_tasks, ops_task, play, play_choices
from .decks import leave_hand
from .mobilization import pick_slots, picks_of, record_picks, slot_options
from .naval import can_attempt, holder, last_box, move
from .state import State, index, other
from .tracks import Log, note


class Handler:
    def choices(self, state: State, seat: str, decision: Decision) -> Sequence[Act]:
        raise NotImplementedError

    def apply(self, state: State, seat: str, action: Act, decision: Decision, log: Log) -> None:
        raise NotImplementedError

    def resume(self, state: State, decision: Decision, log: Log) -> None:
        """Nothing waits beneath another decision here (module docstring)."""


class SetupReveal(Handler):
    """3.1 and 15.0: a player holding two or more Scoring cards may show them for +1 SP a step."""

    def choices(self, state: State, seat: str, decision: Decision) -> Sequence[Act]:
        return [Act("reveal"), Act("conceal")]

    def apply(self, state: State, seat: str, action: Act, decision: Decision, log: Log) -> None:
        if action.verb == "reveal":
            state.revealed[seat] = [c for c in state.hands[seat] if state.content.cards[c].scoring]
            state.reveals += 1
            note(log, f"{seat} reveals {len(state.revealed[seat])} Scoring cards", "§3.1", seat)
        state.flow.pop()


class SetupPlace(Handler):
    """3.4 and 15.0: any space without opponent SP (Norway closed), no adjacency needed."""

    def choices(self, state: State, seat: str, decision: Decision) -> Sequence[Act]:
        theirs = index(other(seat))
        return [
            shared("sp", 0, s)
            for s in state.content.space_ids
            if state.sp[s][theirs] == 0 and matches(state, s, {}, None)
        ]

    def apply(self, state: State, seat: str, action: Act, decision: Decision, log: Log) -> None:
        add_sp(state, seat, action.a)
        left = decision.data["left"] - 1
        note(log, f"{seat} places 1 SP in {action.a}", "§3.4", seat)
        if left:
            state.flow.replace(Decision("setup-place", seat, {"left": left}))
        else:
            state.flow.pop()


class Play(Handler):
    """4.5.2: the phasing player plays one card (5.0)."""

    def choices(self, state: State, seat: str, decision: Decision) -> Sequence[Act]:
        return play_choices(state, seat)

    def apply(self, state: State, seat: str, action: Act, decision: Decision, log: Log) -> None:
        state.flow.pop()
        play(state, seat, action, log)


class Order(Handler):
    """5.2: the phasing player decides whether the opponent's event comes before or after the OPs."""

    def choices(self, state: State, seat: str, decision: Decision) -> Sequence[Act]:
        return [Act("first", 0, "event"), Act("first", 0, "ops")]

    def apply(self, state: State, seat: str, action: Act, decision: Decision, log: Log) -> None:
        state.flow.pop()
        card = state.content.cards[decision.data["card"]]
        event = event_tasks(state, card, other(seat), seat)
        ops: dict[str, Any] = dict(decision.data["ops"])
        state.tasks[0:0] = [*event, ops] if action.a == "event" else [ops, *event]


class Place(Handler):
    """6.1: SP one at a time, adjacent to friendly SP present before the first; 1 OP, 2 into an
    opponent-controlled space, re-evaluated per SP; every OP must be spent (6.0)."""

    def affordable(self, state: State, seat: str, decision: Decision) -> list[str]:
        ops = decision.data["ops"]
        eligible: list[str] = decision.data["eligible"]
        if ops >= (4 if state.dreyfus and seat == "L" else 2):
            return list(eligible)  # 6.1.3: no space costs more (2, doubled by the Dreyfus Affair)
        return [s for s in eligible if placement_cost(state, seat, s, state.dreyfus) <= ops]

    def choices(self, state: State, seat: str, decision: Decision) -> Sequence[Act]:
        return [shared("sp", 0, s) for s in self.affordable(state, seat, decision)]

    def apply(self, state: State, seat: str, action: Act, decision: Decision, log: Log) -> None:
        cost = placement_cost(state, seat, action.a, state.dreyfus)
        add_sp(state, seat, action.a)
        decision.data["ops"] -= cost
        note(log, f"{seat} places 1 SP in {action.a} ({cost} OP)", "§6.1", seat)
        if decision.data["ops"] <= 0 or not self.affordable(state, seat, decision):
            state.flow.pop()


class Checks(Handler):
    """6.2: two checks per card, in different spaces for OPs (events may repeat a space); a target
    needs opponent SP; each is resolved before the next is declared."""

    def targets(self, state: State, seat: str, decision: Decision) -> list[str]:
        data = decision.data
        found = [
            s
            for s in check_targets(state, seat)
            if not data["where"] or matches(state, s, data["where"], data["region"])
        ]
        if not data["event"]:
            found = [s for s in found if s != data["last"]]
        return found

    def choices(self, state: State, seat: str, decision: Decision) -> Sequence[Act]:
        return [shared("check", 0, s) for s in self.targets(state, seat, decision)]

    def apply(self, state: State, seat: str, action: Act, decision: Decision, log: Log) -> None:
        space, ops = action.a, decision.data["ops"]
        die = state.rng.die()
        twin = list(state.sp[space])
        total, removed, added = resolve_check(state, seat, space, ops, die)
        if removed + added == 0 and holder(state, "konig") == seat and not state.konig_used[seat]:
            state.konig_used[seat] = True  # König (our reading): a failed check is re-rolled
            state.sp[space] = twin
            die = state.rng.die()
            total, removed, added = resolve_check(state, seat, space, ops, die)
        bonus = marker_check_bonus(state, seat, space)
        markers = f" (Strategic Event markers {bonus:+d})" if bonus else ""
        note(
            log,
            f"{seat} Support Check in {space}: die {die}, total {total}{markers} against "
            f"{2 * state.content.spaces[space].stability}: -{removed} / +{added}",
            "§6.2",
            seat,
        )
        card = decision.data.get("card")
        if (
            state.readings.french_monarchy
            and card == "bonapartism-monarchism"
            and space == "paris"
            and controller(state, "paris") == "A"
        ):
            state.paris_monarchy = True  # 12.0 #20 optional rule
        decision.data["left"] -= 1
        decision.data["last"] = space
        if decision.data["left"] <= 0 or not self.targets(state, seat, decision):
            state.flow.pop()


class EventPlace(Handler):
    """6.1.1: event SP go anywhere the card allows, ignoring adjacency and control."""

    def spaces(self, state: State, decision: Decision) -> list[str]:
        data = decision.data
        return [
            s
            for s in spaces_where(state, data["where"], data["region"])
            if data["placed"].get(s, 0) < data["per_space"]
        ]

    def choices(self, state: State, seat: str, decision: Decision) -> Sequence[Act]:
        acts = [shared("sp", 0, s) for s in self.spaces(state, decision)]
        return [*acts, Act("done")] if decision.data["upto"] or not acts else acts

    def apply(self, state: State, seat: str, action: Act, decision: Decision, log: Log) -> None:
        if action.verb == "done":
            state.flow.pop()
            return
        add_sp(state, seat, action.a)
        decision.data["placed"] = {
            **decision.data["placed"],
            action.a: decision.data["placed"].get(action.a, 0) + 1,
        }
        decision.data["left"] -= 1
        note(log, f"{seat} places 1 SP in {action.a} (event)", "§6.1.1", seat)
        if decision.data["left"] <= 0 or not self.spaces(state, decision):
            state.flow.pop()


class EventRemove(Handler):
    """Removing SP (events, War Losses 8.4.3): ``victim``'s SP, chosen by the deciding seat."""

    def spaces(self, state: State, decision: Decision) -> list[str]:
        data = decision.data
        victim = index(data["victim"])
        return [
            s
            for s in spaces_where(state, data["where"], data["region"])
            if state.sp[s][victim] > 0 and data["removed"].get(s, 0) < data["per_space"]
        ]

    def choices(self, state: State, seat: str, decision: Decision) -> Sequence[Act]:
        return [shared("rm", 0, s) for s in self.spaces(state, decision)]

    def apply(self, state: State, seat: str, action: Act, decision: Decision, log: Log) -> None:
        remove_sp(state, decision.data["victim"], action.a)
        decision.data["removed"] = {
            **decision.data["removed"],
            action.a: decision.data["removed"].get(action.a, 0) + 1,
        }
        decision.data["left"] -= 1
        note(log, f"1 {decision.data['victim']} SP removed from {action.a}", "§7.0", seat)
        if decision.data["left"] <= 0 or not self.spaces(state, decision):
            state.flow.pop()


class Use(Handler):
    """7.4: OPs from an event are used like a card's (placement or two checks); Colossus's 2 OPs
    may be declined."""

    def choices(self, state: State, seat: str, decision: Decision) -> Sequence[Act]:
        acts = [Act("bonus", 0, "place")]
        if check_targets(state, seat):
            acts.append(Act("bonus", 0, "checks"))
        return [*acts, Act("bonus", 0, "pass")] if decision.data["may_pass"] else acts

    def apply(self, state: State, seat: str, action: Act, decision: Decision, log: Log) -> None:
        state.flow.pop()
        if action.a != "pass":
            state.tasks.insert(0, ops_task(seat, decision.data["ops"], action.a, None))


class Pick(Handler):
    """Choosing cards: a replay from the discard (Bülow, 15.0), a card into hand (Intelligentsia),
    or discards (Bayern, Secret Treaty Clauses; 5.4: no event)."""

    def choices(self, state: State, seat: str, decision: Decision) -> Sequence[Act]:
        options = [c for c in decision.data["options"] if c in self.pile(state, seat, decision)]
        return [
            Act("card", state.content.cards[c].number)
            for c in sorted(set(options), key=lambda c: state.content.cards[c].number)
        ] or [Act("none")]

    def pile(self, state: State, seat: str, decision: Decision) -> list[str]:
        return state.hands[seat] if decision.data["purpose"] == "discard" else state.discard

    def apply(self, state: State, seat: str, action: Act, decision: Decision, log: Log) -> None:
        purpose = decision.data["purpose"]
        card = card_of(state, action.n) if action.verb == "card" else None
        count = decision.data["count"] - 1
        if count > 0 and card is not None:
            decision.data["count"] = count
        else:
            state.flow.pop()
        if card is None:
            return
        if purpose == "discard":
            leave_hand(state, seat, card.id)
            state.discard.append(card.id)
            note(log, f"{seat} discards {card.name}", "§5.4", seat)
        elif purpose == "take":
            state.discard.remove(card.id)
            state.hands[seat].append(card.id)
            note(log, f"{seat} takes {card.name} from the discard", "§9.0", seat)
        else:  # replay: the event happens as if played; a removed or lasting card goes to its place
            state.discard.remove(card.id)
            if card.lasting:
                state.in_effect[card.id] = seat
            if card.removed:
                state.removed.append(card.id)
            elif not card.lasting:
                state.discard.append(card.id)
            note(log, f"{seat} plays {card.name}'s event from the discard", "§7.0", seat)
            state.tasks[0:0] = event_tasks(state, card, seat, seat)


class ForeignSource(Handler):
    """Foreign Investments (Ex R2.4): up to 3 of one's SP leave one space for any others."""

    def choices(self, state: State, seat: str, decision: Decision) -> Sequence[Act]:
        return [Act("from", 0, s) for s in decision.data["sources"]]

    def apply(self, state: State, seat: str, action: Act, decision: Decision, log: Log) -> None:
        moved = remove_sp(state, seat, action.a, 3)
        state.flow.replace(
            Decision(
                "event-place",
                seat,
                {
                    "left": moved,
                    "per_space": moved,
                    "where": {},
                    "region": None,
                    "placed": {},
                    "upto": False,
                },
            )
        )
        note(log, f"{seat} moves {moved} SP out of {action.a}", "§7.0", seat)


class Tirpitz(Handler):
    def choices(self, state: State, seat: str, decision: Decision) -> Sequence[Act]:
        return [Act("tirpitz", k) for k in range(decision.data["most"] + 1)]

    def apply(self, state: State, seat: str, action: Act, decision: Decision, log: Log) -> None:
        state.flow.pop()
        remove_sp(state, "A", "wilhelm-ii", action.n)
        note(log, f"Admiral von Tirpitz: {action.n} SP from Wilhelm II", "§6.3.4", "A")
        state.tasks[0:0] = move(state, "A", action.n, log)


class Stability(Handler):
    """9.0 steps 1-2: both choose sealed Stability cards; the non-active player's resolve first,
    then the players alternate; then scoring, the crisis roll and the victory check."""

    def choices(self, state: State, seat: str, decision: Decision) -> Sequence[Act]:
        k = decision.data["counts"][seat]
        avail = sorted(state.stab_avail[seat])
        if k <= 0:
            return [Act("none")]
        return [Act("stab", 0, "+".join(pair)) for pair in combinations(avail, k)]

    def apply(self, state: State, seat: str, action: Act, decision: Decision, log: Log) -> None:
        picks = dict(decision.data["picks"])
        picks[seat] = action.a.split("+") if action.a else []
        decision.data["picks"] = picks
        if not decision.complete():
            return
        state.reveals += 1
        data = decision.data
        state.flow.pop()
        active, region = data["active"], data["region"]
        token = state.reveals
        first, second = picks[other(active)], picks[active]
        order: list[tuple[str, str]] = []
        for i in range(max(len(first), len(second))):
            order += [(other(active), first[i])] if i < len(first) else []
            order += [(active, second[i])] if i < len(second) else []
        extra = {"scoring": token, "scoring_card": data["card"], "scoring_player": active}
        tasks: list[dict[str, Any]] = [
            {"t": "stab-play", "seat": s, "stab": sid, "region": region, **extra} for s, sid in order
        ]
        tasks += [
            {"t": "region-score", "region": region, **extra},
            {"t": "crisis", "source": region, **extra},
            {"t": "victory"},
        ]
        state.tasks[0:0] = tasks


class Mobilize(Handler):
    """8.4.4: each player picks one Mobilization card per nation on its side (plus U-Boat
    Offensive if it likes), sealed and simultaneous; any card of the nation may be picked. A seat
    answers one pick at a time (:func:`.mobilization.pick_slots`): it stays among the seats the
    decision waits for until its last pick, so both still pick at the same time."""

    def choices(self, state: State, seat: str, decision: Decision) -> Sequence[Act]:
        answers: list[str] = decision.data["answers"][seat]
        slots = pick_slots(state, seat)
        if len(answers) >= len(slots):
            return [Act("pass")]
        return [
            shared("mob", 0, c) if c else shared("pass") for c in slot_options(state, slots[len(answers)])
        ]

    def apply(self, state: State, seat: str, action: Act, decision: Decision, log: Log) -> None:
        answer = action.a if action.verb == "mob" else ""
        mine = [*decision.data["answers"][seat], answer]
        decision.data["answers"] = {**decision.data["answers"], seat: mine}
        decision.data["picks"] = {**decision.data["picks"], seat: picks_of(mine)}
        slots = pick_slots(state, seat)
        if answer:
            card = state.content.mobilization[answer]
            note(log, f"{seat} picks {card.name} (priority {card.priority})", "§8.4.4", seat, (seat,))
        if len(mine) < len(slots):
            # more picks to make: the seat is waited for again (engine.flow marked it answered)
            decision.answered = [s for s in decision.answered if s != seat]
            return
        note(log, f"{seat} has picked its Mobilization cards", "§8.4.4", seat)
        if not decision.complete():
            return
        state.flow.pop()
        record_picks(state, decision.data["picks"], log)


class Moltke(Handler):
    """Moltke (15.0): a free attempt after the last regular round; a card is still needed."""

    def choices(self, state: State, seat: str, decision: Decision) -> Sequence[Act]:
        acts = [
            shared("naval", state.content.cards[c].number)
            for c in sorted(state.hands[seat], key=lambda c: state.content.cards[c].number)
            if not state.content.cards[c].scoring
        ]
        return [*acts, Act("pass")] if can_attempt_any(state, seat) else [Act("pass")]

    def apply(self, state: State, seat: str, action: Act, decision: Decision, log: Log) -> None:
        state.flow.pop()
        if action.verb == "pass":
            return
        card = card_of(state, action.n)
        assert card is not None
        leave_hand(state, seat, card.id)
        state.discard.append(card.id)
        state.tasks.insert(
            0,
            {
                "t": "naval",
                "seat": seat,
                "ops": effective_ops(state, seat, card, naval=True),
                "own": card.owner == seat,
                "free": True,
            },
        )


def can_attempt_any(state: State, seat: str) -> bool:
    return state.navy[seat] < last_box(state)


class WarOrder(Handler):
    """8.4.3: the region whose War Losses come next."""

    def choices(self, state: State, seat: str, decision: Decision) -> Sequence[Act]:
        return [Act("region", 0, r) for r in decision.data["left"]]

    def apply(self, state: State, seat: str, action: Act, decision: Decision, log: Log) -> None:
        state.flow.pop()
        task = dict(decision.data["task"])
        task["done"] = [*task["done"], action.a]
        state.tasks[0:0] = [
            {"t": "war-region", "region": action.a, "side": task["sides"][action.a]},
            task,
        ]


DECISIONS: Dispatch[State, Act] = Dispatch(
    {
        "setup-reveal": SetupReveal(),
        "setup-place": SetupPlace(),
        "play": Play(),
        "order": Order(),
        "place": Place(),
        "checks": Checks(),
        "event-place": EventPlace(),
        "event-remove": EventRemove(),
        "use": Use(),
        "pick": Pick(),
        "fi-source": ForeignSource(),
        "tirpitz": Tirpitz(),
        "stability": Stability(),
        "moltke": Moltke(),
        "war-order": WarOrder(),
        "mobilize": Mobilize(),
    }
)

__all__ = ["DECISIONS", "can_attempt"]
