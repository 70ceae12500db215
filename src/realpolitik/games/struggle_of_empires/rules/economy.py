"""Gold, loans and unrest (IMPORTANT A SAVOIR, L61-73)."""

from __future__ import annotations

from .log_lines import Log, say
from .state import State


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
        add_unrest(state, seat, loans, log)
        if why in ("auction", "attack", "upkeep"):
            say(log, f"borrow_{why}", "L65-68", seat, seat=seat, gold=loans * per, n=loans)
        else:  # a tile's price
            say(log, "borrow_tile", "L65-68", seat, seat=seat, gold=loans * per, n=loans, tile=why)
    else:
        state.gold[seat] = gold - amount


def add_unrest(state: State, seat: str, markers: int, log: Log = None) -> None:
    """L70-73: unrest markers are kept face down. G8: each counts one point; with the option
    ``unrest_markers=valued`` each is drawn from the face-down pool and only its owner learns its
    value (an empty pool gives markers worth 1, our reading)."""
    if markers <= 0:
        return
    if not state.valued_unrest():
        state.unrest[seat] += markers * state.content.rules.unrest_marker_value
        return
    pool = state.unrest_pool
    values = state.unrest_values[seat]
    drawn = [pool.pop() if pool else 1 for _ in range(markers)]
    values.extend(drawn)
    state.unrest[seat] += sum(drawn)
    state.reveals += 1  # the owner has seen the values: undo may not cross this
    shown = ", ".join(map(str, drawn))
    say(log, "unrest_drawn", "L70-73", seat, (seat,), seat=seat, values=shown)


def discard_unrest(state: State, seat: str, points: int) -> int:
    """Government Reform (L535-536) discards ``points`` unrest points; with valued markers, the
    markers worth the most without passing ``points`` (a 2, or two 1s; our reading). Returns the
    points discarded."""
    if not state.valued_unrest():
        gone = min(points, state.unrest[seat])
        state.unrest[seat] -= gone
        return gone
    values = state.unrest_values[seat]
    gone = 0
    for value in sorted(values, reverse=True):
        if gone + value <= points:
            values.remove(value)
            gone += value
    state.unrest[seat] -= gone
    return gone


def reform_discards(state: State, seat: str) -> bool:
    """Whether Government Reform would discard anything now."""
    if not state.valued_unrest():
        return state.unrest[seat] > 0
    return any(v <= state.content.rules.reform_unrest for v in state.unrest_values[seat])
