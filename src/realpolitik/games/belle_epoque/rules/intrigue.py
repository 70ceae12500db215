"""The Intrigue Cards Phase (§7): each Power draws its Intrigue card, and a Power allied with the
Ottoman Empire keeps one of the two it drew (§8.2.3)."""

from __future__ import annotations

from ....engine import LogEntry, heading
from ....engine.flow import Decision
from .board import note
from .prestige import draw_intrigue
from .state import State

Log = list[LogEntry] | None


def intrigue_phase(state: State, log: Log) -> None:
    """Each Power draws an Intrigue card in turn order; an ally of the Ottoman Empire draws 2 and
    keeps 1 (§8.2.3; this reading applies it to the Intrigue Phase draw only, digest A10)."""
    content = state.content
    while state.active < len(state.turn_order):
        power = state.turn_order[state.active]
        state.active += 1
        draw, keep = 1, 1
        for minor in content.minor_ids:
            nation = content.minors[minor]
            # §13.7 NOTE: of an allied minor's bonuses only fleets (quantity) and Prestige apply to
            # a Non-Player Power, so an NP ally of the Ottoman Empire draws 1 like everyone else.
            if (
                nation.intrigue_draw > 1
                and state.territories[minor].holder == power
                and not state.is_np(power)
            ):
                draw, keep = nation.intrigue_draw, nation.intrigue_keep
        drawn = [c for c in (draw_intrigue(state, power, log) for _ in range(draw)) if c is not None]
        if len(drawn) > keep:
            state.flow.push(Decision("keep", power, {"cards": drawn, "keep": keep}))
            return
    heading(log, "Action Phase", "§8", 2)
    state.phase = "action"
    state.active = 0


def apply_keep(state: State, power: str, card: str, log: Log) -> None:
    cards: list[str] = state.flow.current().data["cards"]
    for other in cards:
        if other != card:
            state.powers[power].intrigue.remove(other)
            state.intrigue_discard.append(other)
    note(log, f"{power} keeps one Intrigue card and discards the other", "§8.2.3", power)
    state.flow.pop()
