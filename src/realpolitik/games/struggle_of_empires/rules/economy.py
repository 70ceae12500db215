"""Gold, loans and unrest (IMPORTANT A SAVOIR, L61-73)."""

from __future__ import annotations

from ....engine import LogEntry
from .state import State

Log = list[LogEntry] | None


def note(log: Log, text: str, rule: str | None = None, seat: str | None = None) -> None:
    if log is not None:
        log.append(LogEntry(text, rule, seat))


def loan_size(state: State, seat: str) -> int:
    """L66-67: gold per unrest marker; Banking makes it 3 (L525)."""
    rules = state.content.rules
    return rules.loan_gold_banking if state.has(seat, "banking") else rules.loan_gold


def pay(state: State, seat: str, amount: int, log: Log, why: str) -> None:
    """Pay ``amount`` to the bank; a shortfall is borrowed in whole loans, one unrest marker each,
    never more than needed (L65-68): 1 gold short with 1 in hand -> take 2, 1 marker, 1 left."""
    if amount <= 0:
        return
    gold = state.gold[seat]
    if gold < amount:
        per = loan_size(state, seat)
        loans = -(-(amount - gold) // per)
        state.gold[seat] = gold + loans * per - amount
        add_unrest(state, seat, loans)
        note(log, f"{seat} borrows {loans * per} gold for {why} (+{loans} unrest)", "L65-68", seat)
    else:
        state.gold[seat] = gold - amount


def add_unrest(state: State, seat: str, markers: int) -> None:
    """L70-73: unrest markers are kept face down; each counts one point (G8)."""
    state.unrest[seat] += markers * state.content.rules.unrest_marker_value
