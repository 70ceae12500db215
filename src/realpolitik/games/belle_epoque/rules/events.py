"""Event cards (§6): each card's effect, as its data gives it, resolved at once.

Events ask nobody anything: their placements follow §6.2 (a die decides when no space is free),
their removals take the lowest-numbered spaces first, and they are not bound by the §8.6.1 limit
(it concerns Intrigue and National cards). Sarajevo ends the game before any effect (§6.3; the
turn sees ``EventCard.ends_game``).
"""

from __future__ import annotations

from ....engine import LogEntry
from .board import evaluate, note
from .cards.primitives import new_ctx
from .cards.resolution import resume
from .state import State

Log = list[LogEntry] | None


def resolve_event(state: State, card: str, log: Log) -> None:
    event = state.content.event_cards[card]
    if log is not None:
        note(log, f"{event.name_en}: {event.effect_summary}", "§6")
    done = resume(state, new_ctx("event", card), log)
    assert done, f"event {card} asked for a choice"  # the content checks forbid it
    evaluate(state, log)
