"""The Prestige track (§11) and the cards it hands out.

Each Power has a Prestige marker and a bonus marker. Moving up onto spaces beyond the bonus marker
takes each space's one-off bonus, every space passed included, and the bonus marker follows; moving
down never gives back or retakes a bonus (§11). The final colony adjustment moves without bonuses
(§10.2.1).
"""

from __future__ import annotations

from ....engine import LogEntry
from ..content.tracks import PrestigeBonusKind
from .state import State

Log = list[LogEntry] | None


def move_prestige(state: State, power: str, steps: int, log: Log, *, rule: str, bonuses: bool = True) -> None:
    """Move a Power's Prestige marker, clamped to the track, taking new bonuses on the way up."""
    track = state.content.prestige
    me = state.powers[power]
    start = me.prestige
    me.prestige = track.clamp(start + steps)
    if log is not None and me.prestige != start:
        log.append(LogEntry(f"{power} Prestige {start} → {me.prestige}", rule, power))
    if not bonuses or me.prestige <= me.bonus_mark:
        return
    for position in range(max(start, me.bonus_mark) + 1, me.prestige + 1):
        take_bonus(state, power, position, log)
    me.bonus_mark = me.prestige


def take_bonus(state: State, power: str, position: int, log: Log) -> None:
    """The one-off bonus of a Prestige track space (§11.1)."""
    bonus = state.content.prestige.space(position).bonus
    me = state.powers[power]
    if bonus.kind is PrestigeBonusKind.MONEY:
        if state.is_np(power):
            return  # §13.6: an NP takes DM cubes and Intrigue cards as bonuses, never money
        me.money += bonus.amount
    elif bonus.kind is PrestigeBonusKind.DM:
        # A16: from the General Reserve into the Embassies; nothing if the reserve is empty (G21).
        moved = min(bonus.amount, me.reserve)
        me.reserve -= moved
        me.embassies += moved
    elif bonus.kind is PrestigeBonusKind.INTRIGUE:
        for _ in range(bonus.amount):
            draw_intrigue(state, power, log)
    else:
        return
    if log is not None:
        log.append(LogEntry(f"{power} takes the Prestige bonus {bonus} (space {position})", "§11.1", power))


def draw_intrigue(state: State, power: str, log: Log) -> str | None:
    """Draw the top Intrigue card into a hand; the discards are reshuffled when the deck runs out
    (§7). Returns the card, or None if no card is left anywhere."""
    if not state.intrigue_draw and state.intrigue_discard:
        state.intrigue_draw = state.intrigue_discard
        state.intrigue_discard = []
        state.rng.shuffle(state.intrigue_draw)
        if log is not None:
            log.append(LogEntry("the Intrigue discards are shuffled into a new deck", "§7"))
    if not state.intrigue_draw:
        return None
    card = state.intrigue_draw.pop()
    state.powers[power].intrigue.append(card)
    state.reveals += 1
    if log is not None:
        log.append(LogEntry(f"{power} draws an Intrigue card", "§7", power))
        log.append(LogEntry(f"{power} draws {state.content.card_name(card)}", "§7", power, (power,)))
    return card
