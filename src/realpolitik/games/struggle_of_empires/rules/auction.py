"""The alliance auction (Détermination des alliances, L101-131; example L398-406).

Bids are open and clockwise from the opener; a bid raises the last one (0 is a bid, L113) and
shows two unallied empires for Proposal A and Proposal B (one when a single empire is left,
L117-119); a seat that passed may bid again; the auction ends when all but the high bidder have
passed in a row (L111-112). The winner pays, A goes to the grey row and B to the white row; the next
auction opens with the seat left of the last opener, until everyone is allied.
"""

from __future__ import annotations

from typing import Any

from ....engine import Refusal
from ....engine.flow import Decision
from .actions import Act
from .economy import pay
from .log_lines import Log, say
from .state import State
from .war import next_seat, open_auction, start_actions, unallied

BID_SPAN = 2
"""How many raises above the lowest are listed (the direct check accepts any amount)."""


def lowest(data: dict[str, Any]) -> int:
    return 0 if data["high"] < 0 else data["high"] + 1


def proposals(state: State) -> list[tuple[str, str]]:
    free = unallied(state)
    if len(free) == 1:
        return [(free[0], "-"), ("-", free[0])]  # R11: the bidder chooses the row of the last one
    return [(a, b) for a in free for b in free if a != b]


class Auction:
    def choices(self, state: State, seat: str, decision: Decision) -> list[Act]:
        data = decision.data
        low = lowest(data)
        gold = state.gold[seat]
        amounts = list(range(low, min(gold, low + BID_SPAN) + 1))
        if gold > low + BID_SPAN:
            amounts.append(gold)
        if data["high"] < 0 and not amounts:
            amounts = [low]  # R10: the opener must bid, even without gold
        acts = [Act("bid", (str(n), f"{a}/{b}")) for n in amounts for a, b in proposals(state)]
        if data["high"] >= 0:
            acts.append(Act("pass"))
        return acts

    def apply(self, state: State, seat: str, action: Act, decision: Decision, log: Log) -> None:
        data = decision.data
        if action.verb == "pass":
            data["passes"] += 1
            say(log, "passes", "L110-112", seat, seat=seat)
            if data["passes"] >= len(state.seats) - 1:
                self._resolve(state, data, log)
                return
        else:
            amount, pair = int(action.args[0]), action.args[1].split("/")
            data.update(high=amount, bidder=seat, a=pair[0], b=pair[1], passes=0)
            say(log, "bid", "L110-122", seat, seat=seat, n=amount, a=pair[0], b=pair[1])
        decision.ask(next_seat(state, seat))

    def _resolve(self, state: State, data: dict[str, Any], log: Log) -> None:
        bidder = data["bidder"]
        pay(state, bidder, data["high"], log, "auction")
        if data["a"] != "-":
            state.grey.append(data["a"])
        if data["b"] != "-":
            state.white.append(data["b"])
        say(log, "auction_won", "L124-128", bidder=bidder, n=data["high"], a=data["a"], b=data["b"])
        if unallied(state):
            open_auction(state, next_seat(state, data["opener"]))  # L105, L108
        else:
            start_actions(state, log)

    def resume(self, state: State, decision: Decision, log: Log) -> None:  # pragma: no cover
        raise AssertionError("an auction never suspends anything")


def check_bid(state: State, seat: str, action: Act) -> Refusal | None:
    """The direct check of a bid of any amount (a bid beyond one's gold is paid with loans, R10)."""
    top = state.flow.top()
    if top is None or top.kind != "auction" or seat not in top.waiting():
        return Refusal("no auction is waiting for this seat", "L101-131")
    if action.verb == "pass":
        return None if top.data["high"] >= 0 else Refusal("the opener must bid first (0 is a bid)", "R10")
    if action.verb != "bid" or len(action.args) != 2 or not action.args[0].isdigit():
        return Refusal("write bid N A/B, e.g. bid 1 AU/FR", "L110-122")
    if int(action.args[0]) < lowest(top.data):
        return Refusal(f"a bid must beat the last one: at least {lowest(top.data)}", "L110")
    pair = tuple(action.args[1].split("/"))
    if pair not in proposals(state):
        return Refusal(
            "Proposals A and B name two different unallied empires (one only for the last one)", "L115-122"
        )
    return None
