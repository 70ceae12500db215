"""engine.flow on a tiny made-up game: a raid suspends the raider's turn for the defender's answer,
an auction asks both seats at once, and the flow clones and serialises like any state."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from realpolitik.engine import LogEntry
from realpolitik.engine.canonical import canonical_json
from realpolitik.engine.flow import Decision, Dispatch, Flow

Log = list[LogEntry] | None


class Skirmish:
    """Two seats, N and S. On its turn a seat may ``raid`` (the other seat must answer ``yield`` or
    ``resist``), call an ``auction`` (both seats bid at once, sealed) or ``end`` its turn; the turn
    goes on after a raid or an auction and ends after its second action."""

    def __init__(self) -> None:
        self.flow = Flow()
        self.gold = {"N": 0, "S": 0}
        self.events: list[str] = []

    def clone(self) -> Skirmish:
        twin = Skirmish()
        twin.flow = self.flow.clone()
        twin.gold = dict(self.gold)
        twin.events = list(self.events)
        return twin


def other(seat: str) -> str:
    return "S" if seat == "N" else "N"


class Turn:
    def choices(self, state: Skirmish, seat: str, decision: Decision) -> Sequence[str]:
        return ["raid", "auction", "end"]

    def apply(self, state: Skirmish, seat: str, action: str, decision: Decision, log: Log) -> None:
        state.events.append(f"{seat} {action}")
        decision.data["actions"] += 1
        if action == "raid":
            state.flow.push(Decision("defend", other(seat), {"raider": seat}))
        elif action == "auction":
            state.flow.push(Decision("bid", ("N", "S"), {"bids": {}}))
        elif action == "end":
            state.flow.pop()
            return
        if state.flow.top() is decision:
            _finish_action(state, decision)

    def resume(self, state: Skirmish, decision: Decision, log: Log) -> None:
        state.events.append(f"{decision.seat}'s turn resumes")
        _finish_action(state, decision)


def _finish_action(state: Skirmish, decision: Decision) -> None:
    if decision.data["actions"] >= 2:
        state.events.append(f"{decision.seat}'s turn ends")
        state.flow.pop()


class Defend:
    def choices(self, state: Skirmish, seat: str, decision: Decision) -> Sequence[str]:
        return ["yield", "resist"]

    def apply(self, state: Skirmish, seat: str, action: str, decision: Decision, log: Log) -> None:
        state.events.append(f"{seat} {action}s")
        if action == "yield":
            state.gold[decision.data["raider"]] += 1
        state.flow.pop()

    def resume(self, state: Skirmish, decision: Decision, log: Log) -> None:  # pragma: no cover
        raise AssertionError("a defence suspends nothing")


class Bid:
    def choices(self, state: Skirmish, seat: str, decision: Decision) -> Sequence[str]:
        return ["0", "1", "2"]

    def apply(self, state: Skirmish, seat: str, action: str, decision: Decision, log: Log) -> None:
        decision.data["bids"] = {**decision.data["bids"], seat: int(action)}
        if decision.complete():
            bids: dict[str, int] = decision.data["bids"]
            best = max(bids.values())
            winners = sorted(s for s, b in bids.items() if b == best)
            state.events.append(f"bids {bids['N']}-{bids['S']}: {'/'.join(winners)}")
            state.flow.pop()

    def resume(self, state: Skirmish, decision: Decision, log: Log) -> None:  # pragma: no cover
        raise AssertionError("an auction suspends nothing")


RULES: Dispatch[Skirmish, str] = Dispatch({"turn": Turn(), "defend": Defend(), "bid": Bid()})


def new_game(seat: str = "N") -> Skirmish:
    state = Skirmish()
    state.flow.push(Decision("turn", seat, {"actions": 0}))
    return state


def play(state: Skirmish, seat: str, action: str) -> None:
    assert action in RULES.legal_actions(state, state.flow, seat)
    RULES.apply(state, state.flow, seat, action, None)


def test_a_raid_suspends_the_turn_for_the_defender_and_resumes_it_after_the_answer():
    state = new_game()
    play(state, "N", "raid")
    assert RULES.to_act(state.flow) == ("S",)
    assert RULES.legal_actions(state, state.flow, "N") == []
    assert [d.kind for d in state.flow.stack] == ["turn", "defend"]
    beneath = state.flow.beneath()
    assert beneath is not None and beneath.kind == "turn"
    play(state, "S", "yield")
    assert RULES.to_act(state.flow) == ("N",)
    assert state.gold == {"N": 1, "S": 0}
    assert state.events == ["N raid", "S yields", "N's turn resumes"]
    assert not state.flow.current().resuming


def test_the_resumed_turn_ends_after_its_second_action_and_the_flow_empties():
    state = new_game()
    play(state, "N", "raid")
    play(state, "S", "resist")
    play(state, "N", "raid")
    play(state, "S", "resist")
    assert state.events[-2:] == ["N's turn resumes", "N's turn ends"]
    assert len(state.flow) == 0 and state.flow.top() is None
    assert RULES.to_act(state.flow) == ()
    with pytest.raises(LookupError):
        state.flow.current()


def test_a_decision_finished_inside_its_own_step_resumes_what_it_suspended_at_once():
    state = new_game()
    flow = state.flow
    inner = flow.push(Decision("defend", "S", {"raider": "N"}))
    assert flow.pop() is inner and flow.current().resuming
    RULES.resume(state, flow, None)
    assert state.events == ["N's turn resumes"] and not flow.current().resuming


def test_replace_moves_on_without_resuming_the_decision_beneath():
    flow = Flow()
    flow.push(Decision("turn", "N", {"actions": 0}))
    flow.push(Decision("defend", "S"))
    flow.replace(Decision("defend", "N"))
    assert [(d.kind, d.seats) for d in flow.stack] == [("turn", ("N",)), ("defend", ("N",))]
    assert not flow.stack[0].resuming
    assert Flow().replace(Decision("turn", "S")).seat == "S"


@pytest.mark.parametrize("order", [("N", "S"), ("S", "N")])
def test_a_simultaneous_decision_collects_both_answers_in_either_order(order):
    state = new_game()
    play(state, "N", "auction")
    assert RULES.to_act(state.flow) == ("N", "S")
    first, second = order
    play(state, first, "2" if first == "N" else "1")
    assert RULES.to_act(state.flow) == (second,)
    assert RULES.legal_actions(state, state.flow, first) == []
    assert state.flow.current().answered == [first]
    assert not state.flow.current().complete()
    with pytest.raises(ValueError, match="does not wait for"):
        RULES.apply(state, state.flow, first, "0", None)
    play(state, second, "2" if second == "N" else "1")
    assert state.events == ["N auction", "bids 2-1: N", "N's turn resumes"]
    assert RULES.to_act(state.flow) == ("N",)


def test_single_seat_decisions_are_complete_and_ask_moves_them_to_another_seat():
    decision = Decision("defend", "S")
    assert decision.complete() and not decision.simultaneous and decision.waiting() == ("S",)
    decision.ask("N")
    assert decision.seat == "N" and decision.seats == ("N",)
    both = Decision("bid", ["N", "S"])
    with pytest.raises(ValueError):
        _ = both.seat
    both.answered.append("S")
    both.ask("N", "S")
    assert both.answered == [] and both.waiting() == ("N", "S")


def test_a_clone_is_independent_of_its_original():
    state = new_game()
    play(state, "N", "auction")
    play(state, "S", "1")
    twin = state.clone()
    assert twin.flow.to_json() == state.flow.to_json()
    twin.flow.current().data["bids"]["N"] = 2
    twin.flow.current().data["note"] = "twin only"
    twin.flow.current().answered.append("N")
    twin.flow.pop()
    assert [d.kind for d in state.flow.stack] == ["turn", "bid"]
    assert "note" not in state.flow.current().data and state.flow.current().data["bids"] == {"S": 1}
    assert state.flow.current().answered == ["S"]
    assert not state.flow.stack[0].resuming and twin.flow.stack[0].resuming
    play(state, "N", "2")
    assert state.events[-2:] == ["bids 2-1: N", "N's turn resumes"]


def test_to_json_is_stable_and_round_trips():
    state = new_game()
    play(state, "N", "auction")
    play(state, "S", "0")
    data = state.flow.to_json()
    assert data == [
        {"kind": "turn", "seats": ["N"], "data": {"actions": 1}},
        {"kind": "bid", "seats": ["N", "S"], "data": {"bids": {"S": 0}}, "answered": ["S"]},
    ]
    assert canonical_json(state.clone().flow.to_json()) == canonical_json(data)
    again = Flow.from_json(data)
    assert again.to_json() == data
    state.flow.pop()
    assert state.flow.to_json()[0]["resuming"] is True
    assert Flow.from_json(state.flow.to_json()).current().resuming


def test_an_unknown_kind_is_named():
    flow = Flow()
    flow.push(Decision("parley", "N"))
    with pytest.raises(KeyError, match="parley"):
        RULES.legal_actions(Skirmish(), flow, "N")


def test_decision_data_is_copied_one_level_deep():
    data: dict[str, Any] = {"cards": ["a"], "pools": {"N": 1}, "step": 0}
    decision = Decision("keep", "N", data)
    twin = decision.clone()
    twin.data["cards"].append("b")
    twin.data["pools"]["N"] = 0
    twin.data["step"] = 1
    assert decision.data == {"cards": ["a"], "pools": {"N": 1}, "step": 0}
