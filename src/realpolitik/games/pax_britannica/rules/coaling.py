"""Neutrals volunteering Areas for coaling (L1274-1276): "A neutral Power's Control marker,
provided the neutral Power volunteers the Area for your coaling use. (Once volunteered verbally,
such a neutral Area remains a coaling Area for the duration of the War; the owning player cannot
change his mind.)"

Reading (docs/pax-britannica.md): when a war between Powers begins (Alliance Determination), each
Great Power outside it that Controls a coastal Area is asked in turn, in the game's order, whether
it volunteers its Control markers to one Alliance: ``coal POWER`` (the Alliance of that
belligerent) or ``coal none``. The answer is public (given "verbally") and holds for the whole
war (``war["coaling"]``: neutral -> the Alliance's index; in a three-cornered war, L1201-1204,
it names one of the three); rules/alliance.py's Coaling Rights then
count that neutral's established Control markers as the Alliance's own. Asked once a war: a
neutral who says no cannot volunteer later in this build.
"""

from __future__ import annotations

from collections.abc import Sequence

from ....engine.flow import Decision
from ..content import CONTROL
from .actions import Act
from .alliance import War, belligerents, current_war, side_of
from .board import Log, note
from .state import State

KIND = "coal"


def _coastal_control(state: State, power: str) -> bool:
    content = state.content
    return any(
        power in held and held[power][1] and held[power][0] in CONTROL and content.areas[area].seas
        for area, held in state.markers.items()
    )


def ask_neutrals(state: State, war: War) -> None:
    """Queue the neutral Great Powers that could volunteer coaling Areas to this war's Alliances."""
    fighting = set(belligerents(war))
    queue = [p for p in state.great if p not in fighting and _coastal_control(state, p)]
    war["coaling"] = {}
    if queue:
        state.flow.push(Decision(KIND, state.player_of[queue[0]], {"power": queue[0], "queue": queue[1:]}))


def choices(state: State, war: War) -> list[Act]:
    named = [next((p for p in side if p in state.player_of), side[0]) for side in war["sides"] if side]
    actions = [Act(KIND, ("none",))]
    actions.extend(Act(KIND, (p,)) for p in named)
    return actions


class Coal:
    """A neutral's answer: volunteer its Control markers to one Alliance for coaling, or not."""

    def choices(self, state: State, seat: str, decision: Decision) -> Sequence[Act]:
        war = current_war(state)
        return [] if war is None else choices(state, war)

    def apply(self, state: State, seat: str, action: Act, decision: Decision, log: Log) -> None:
        war = current_war(state)
        assert war is not None
        power = decision.data["power"]
        if action.args[0] != "none":
            side = side_of(war, action.args[0])
            assert side is not None
            war["coaling"] = {**war.get("coaling", {}), power: side}
            allies = "+".join(war["sides"][side])
            note(log, f"{power} volunteers its Areas to {allies} for coaling", "L1274-1276", power)
        queue = list(decision.data["queue"])
        if queue:
            data = {"power": queue[0], "queue": queue[1:]}
            state.flow.replace(Decision(KIND, state.player_of[queue[0]], data))
        else:
            state.flow.pop()

    def resume(self, state: State, decision: Decision, log: Log) -> None:  # pragma: no cover
        raise AssertionError("an answer on coaling never suspends anything")
