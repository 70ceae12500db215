"""Victory Points (§10): era scorings at the end of Turns 3 and 6, the final scoring, the winner."""

from __future__ import annotations

from typing import Any, Final

from ....engine import LogEntry, heading
from ..content import OTHER, Objective, ObjectiveKind
from .board import note, power_cubes
from .prestige import move_prestige
from .setup import SEATING
from .state import State

Log = list[LogEntry] | None


def objective_met(state: State, objective: Objective) -> bool:
    """Whether a National Objective holds now (each one scores on its own, §10.1)."""
    if objective.holder == OTHER:
        holders = [p for p in state.content.power_ids if p != objective.power]
    else:
        holders = [objective.holder]
    for territory in objective.territories:
        for holder in holders:
            if objective.kind is ObjectiveKind.MIN_CUBES:
                if power_cubes(state, territory, holder) >= objective.count:
                    return True
            elif state.territories[territory].holder == holder:
                return True
    return False


SOURCES: Final = ("start", "map", "objectives", "great-work", "prestige", "balkan-wars")
"""Where a Power's VP come from, in the final standings' order (``PowerState.scored``)."""


def score_items(state: State, power: str, *, final: bool) -> list[tuple[str, int]]:
    """What a Power scores now: map VP of its allies and colonies, its objectives (negative ones
    only at the end), its Great Work (§8.3, digest C6), and at the end Prestige and Balkan Wars."""
    return [(what, vp) for _, what, vp in _sourced_items(state, power, final=final)]


def _sourced_items(state: State, power: str, *, final: bool) -> list[tuple[str, str, int]]:
    """:func:`score_items` with each item's source (the final standings' breakdown)."""
    content = state.content
    items: list[tuple[str, str, int]] = []
    for territory in content.territory_ids:
        if state.territories[territory].holder == power:
            info = content.territories[territory]
            what = "alliance with" if info.is_minor else "control of"
            items.append(("map", f"{what} {info.name_en}", info.vp))
    for objective in content.powers[power].objectives:
        if (final or not objective.final_only) and objective_met(state, objective):
            items.append(("objectives", f"objective {objective.id}", objective.vp))
    if state.powers[power].great_work:
        work = content.powers[power].great_work
        items.append(("great-work", work.name_en, work.vp))
    if final:
        items.append(("prestige", "Prestige track", content.prestige.space(state.powers[power].prestige).vp))
        if state.balkan_wars == power:
            card = content.event_cards["balkan-wars"]
            items.append(("balkan-wars", card.name_en, card.final_vp or 0))
    return items


def era_scoring(state: State, log: Log) -> None:
    """§10.1: the end of Era I (Turn 3) and Era II (Turn 6); an NP Power never scores (§13.0)."""
    heading(log, "Scoring", "§10.1", 2)
    _score(state, log, final=False)


def _score(state: State, log: Log, *, final: bool) -> None:
    """Each scoring Power adds up its items (§10.1; at the end §10.2) and logs them."""
    for power in scorers(state):
        items = _sourced_items(state, power, final=final)
        me = state.powers[power]
        gained = sum(vp for _, _, vp in items)
        me.vp += gained
        for source, _, vp in items:
            me.scored[source] = me.scored.get(source, 0) + vp
        detail = "; ".join(f"{what} {vp:+d}" for _, what, vp in items) or "nothing"
        when, rule = (" at the end", "§10.2") if final else ("", "§10.1")
        note(log, f"{power} scores {gained} VP{when} ({detail})", rule, power)


def final_scoring(state: State, log: Log) -> None:
    """§10.2: colony Prestige without bonuses (§10.2.1), the final VP, then the winner."""
    heading(log, "Final Scoring", "§10.2", 2)
    content = state.content
    for power in content.power_ids:
        colonies = sum(1 for t in content.colony_ids if state.territories[t].holder == power)
        if colonies:
            move_prestige(
                state,
                power,
                colonies * content.game.final_colony_prestige,
                log,
                rule="§10.2.1",
                bonuses=False,
            )
    _score(state, log, final=True)
    state.final = decide_winner(state)
    state.phase = "over"
    state.flow.clear()
    note(log, state.final["summary"], "§10.2")


def scorers(state: State) -> list[str]:
    """The Powers that score VP: all but the NP Powers (§13.0, digest A23)."""
    return [p for p in state.content.power_ids if not state.is_np(p)]


def players(state: State) -> list[tuple[str, ...]]:
    """The players as groups of Powers (§3.2): one Power each in a 4-player game, and one human
    Power each with NP Powers (§13)."""
    if state.np is not None:
        return [(p,) for p in scorers(state)]
    count = state.options["players"]
    if count in SEATING:
        return [tuple(group) for group in SEATING[count]]
    return [(p,) for p in state.content.power_ids]


def decide_winner(state: State) -> dict[str, Any]:
    """Most VP; ties go to Prestige, then money, else the victory is shared (§10.2). A player
    with two Powers scores their average, rounded down; for that player's tie-breaks this
    reading adds the two Powers' Prestige and money."""
    table = []
    for group in players(state):
        vp = sum(state.powers[p].vp for p in group) // len(group)
        prestige = sum(state.powers[p].prestige for p in group)
        money = sum(state.powers[p].money for p in group)
        table.append((vp, prestige, money, group))
    if state.np is not None and len(table) == 1:
        return solo_verdict(state, table[0][0], table[0][3][0])
    best = max(row[:3] for row in table)
    winners = [p for row in table if row[:3] == best for p in row[3]]
    names = " and ".join(state.content.powers[p].name_en for p in winners)
    verb = "wins" if len(winners) == 1 else "win"
    return {
        # The scoring Powers only: with NP Powers in the game they never score (§13.0, §13.10
        # NOTE), so a mixed game's standings do not list them with 0 VP.
        "scores": {p: state.powers[p].vp for p in scorers(state)},
        # The VP of each scoring Power by source (§10.1-§10.2), for the final standings.
        "breakdown": {p: dict(state.powers[p].scored) for p in scorers(state)},
        "players": [{"powers": list(g), "vp": vp} for vp, _, _, g in table],
        "winners": winners,
        "summary": f"{names} {verb} with {best[0]} VP",
        "end_turn": state.end_turn,
    }


def solo_verdict(state: State, vp: int, power: str) -> dict[str, Any]:
    """§13.10: the solo player's final VP, +10 if the game ended on Turn 7 and +5 on Turn 8, read
    on the five-band table. A victory band makes the player the winner; a defeat has none."""
    solo = state.content.solo
    bonus = solo.end_turn_bonus.get(state.end_turn, 0)
    total = vp + bonus
    band = solo.band_for(total)
    victory = "victory" in band.id
    extra = f" (+{bonus} for a game ended on Turn {state.end_turn})" if bonus else ""
    return {
        "scores": {p: state.powers[p].vp for p in scorers(state)},
        "breakdown": {power: dict(state.powers[power].scored)},
        "players": [{"powers": [power], "vp": vp}],
        "winners": [power] if victory else [],
        "summary": f"{state.content.powers[power].name_en}: {band.name_en} with {total} VP{extra} (§13.10)",
        "end_turn": state.end_turn,
        "verdict": {
            "band": band.id,
            "name_en": band.name_en,
            "name_it": band.name_it,
            "vp": total,
            "bonus": bonus,
        },
    }
