"""Empire of the Seas in phase e (§13.4.7): when Great Britain is the only human Power, it may play
its National card Empire of the Seas at the start of the Dispute Resolution with NP Powers, for the
disputes it is in there. It is a one-question decision: play the card, or ``end`` to decline."""

from __future__ import annotations

from typing import Final

from .....engine import LogEntry
from .....engine.flow import Decision
from .. import actions as A
from ..board import defender_of, note
from ..state import State

Log = list[LogEntry] | None

CARD: Final = "empire-of-the-seas"
POWER: Final = "GB"
DECISION: Final = "phase-e-card"


def offer(state: State, disputes: list[tuple[str, int]]) -> bool:
    """Ask Great Britain whether to play Empire of the Seas now; False when it may not."""
    humans = [p for p in state.content.power_ids if not state.is_np(p)]
    me = state.powers[POWER]
    if humans != [POWER] or CARD not in me.national:
        return False
    if me.money < state.content.national_cards[CARD].cost.get(POWER, 0):
        return False
    if not any(POWER in (state.territories[t].top[i], defender_of(state, t, i)) for t, i in disputes):
        return False
    state.flow.push(Decision(DECISION, POWER))
    return True


def choices(state: State) -> list[A.Action]:
    return [A.Play(CARD), A.End()]


def apply(state: State, action: A.Action, log: Log) -> None:
    me = state.powers[POWER]
    if isinstance(action, A.Play):
        cost = state.content.national_cards[CARD].cost.get(POWER, 0)
        me.money -= cost
        me.national.remove(CARD)
        me.empire_turn = state.turn  # dispute.py: British fleets free and +3 for the rest of the turn
        note(log, f"GB plays Empire of the Seas (£{cost}) for the disputes with NP Powers", "§13.4.7", POWER)
    else:
        note(log, "GB keeps Empire of the Seas", "§13.4.7", POWER)
    state.flow.pop()
