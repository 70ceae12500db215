"""Canals and Straits in war (L1508-1530): the Controller of a passage may close it to an Alliance.

* The passages: Suez (Egypt) joins the Mediterranean and the Indian Ocean (L1509-1511), the
  Straits (Anatolia) the Black Sea and the Mediterranean (L1512-1514), a canal in Panama or in
  Central America, once built, the Caribbean and the South Pacific (L1517-1525).
* During a War only (L1510, L1513; G-R8: the canals too), the players who Control the passage's
  Area (an established Control marker; a Minor's is no player's) may deny it to another Power: it
  then "cannot move Military Units nor draw Supply" from one of the two zones to the other
  (L1510-1511). No Controller, no denial; a codominion's members must all agree (L1526-1527).
  With both canals built, the Caribbean and the South Pacific are cut apart for a Power only when
  both are denied to it (L1522-1523).
* A neutral that denies a passage to some Alliances of the war but not to all of them (L1527:
  "to one (but not both) Alliances"), or that agrees to it as a codominion member (L1528), gives
  each Alliance denied a Casus Belli against it: any member may declare war on it at once (its
  ``declare`` decision, usable then or never), making it a member of another Alliance
  (L1528-1530).

Readings (docs/pax-britannica.md):

* The Controllers are asked at the start of each War Sequence of a war between Powers, before
  the Initiative die (a ``deny`` decision, one question a passage, Alliance and Controller, in the
  game's order): ``deny PASSAGE POWER`` or ``allow PASSAGE POWER``, POWER naming the Alliance as
  the coaling answer does. A denial is given to a whole Alliance (the unit of L1527-1530), never to
  the Controller's own; it holds for that War Sequence (``war["closed"]``: passage -> the indexes
  of the Alliances denied, public), and is asked again at the next one (unlike the coaling Areas
  of L1274-1276, nothing makes it last the whole war). A Controller in the war is asked about the
  enemy Alliances, a neutral about every Alliance. The Empires' wars (the Rebellion, the Ottoman
  war) have no denial.
* The passage is the adjacency of its two zones: a denied Power's units do not move between them
  (Naval units, and Armies at sea), its Lines of Supply do not cross from one to the other, nor do
  the moves of "could reach" (G-R17). A Line of Supply through the passage's Area itself needs the
  Area held (L1388-1390), which the denier's Area is not for those it denies unless they conquered
  it.
* A denied Power's units in the passage's Area stand on the coast they came in by (L1249-1252:
  the two zones are no longer adjacent for it; L1515: in war a Canal Area has two coasts) and sail
  out only by it: rules/sides.py, which keeps the sides of every Area and the port boxes.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from ....engine.flow import Decision
from .actions import Act
from .alliance import War, active, belligerents, current_war, enemies_in, side_of, war_seas
from .board import Log, controllers, note
from .state import State
from .uprising import native_of

KIND = "deny"

PASSAGES: Final[tuple[tuple[str, str, str, str], ...]] = (
    ("suez", "egypt", "mediterranean", "indian-ocean"),  # L1509-1511
    ("straits", "anatolia", "black-sea", "mediterranean"),  # L1512-1514
    ("panama", "panama", "caribbean", "south-pacific"),  # L1517-1520, once built
    ("central-america", "central-america", "caribbean", "south-pacific"),  # L1521-1523, once built
)
"""Each passage: its name, its Area, the two zones it joins."""
AREAS: Final[frozenset[str]] = frozenset(p[1] for p in PASSAGES)
TITLES: Final[dict[str, str]] = {
    "suez": "the Suez Canal",
    "straits": "the Straits",
    "panama": "the Panama canal",
    "central-america": "the Central American canal",
}


def passages(state: State) -> list[tuple[str, str, str, str]]:
    """The passages on the map: Suez and the Straits, a canal once built (L1524-1525)."""
    sites = state.content.regions["canal_areas"]
    return [p for p in PASSAGES if p[1] not in sites or p[1] in state.canals]


def deniers(state: State, area: str) -> list[str]:
    """The players who may deny the passage of ``area``: established Control (G-R8), a Power with
    a seat (L1526: "If no player has Control ... access cannot be denied"), in the game's order."""
    held = controllers(state, area)
    return [p for p in state.great if p in held and p in state.player_of]


def _closed(war: War, side: int, passage: str) -> bool:
    found: dict[str, list[int]] = war.get("closed", {})
    return side in found.get(passage, ())


def sea_closed(state: State, war: War, power: str, sea: str, other: str) -> bool:
    """The two zones' passage is closed to ``power``: every passage joining them is denied to its
    Alliance (L1510-1514; L1522-1523: both canals)."""
    side = side_of(war, power)
    if side is None or not war.get("closed"):
        return False
    joining = [p[0] for p in passages(state) if {p[2], p[3]} == {sea, other}]
    return bool(joining) and all(_closed(war, side, p) for p in joining)


def open_seas(state: State, war: War, power: str, sea: str) -> list[str]:
    """The zones next to ``sea`` in war (:func:`~.alliance.war_seas`) that ``power`` may pass to."""
    found = war_seas(state, sea)
    if not war.get("closed"):
        return found
    return [s for s in found if not sea_closed(state, war, power, sea, s)]


# -- the Controllers' answers ------------------------------------------------------------------------


def _name(state: State, side: list[str]) -> str:
    """The Power that names an Alliance in an answer (as the coaling answer does)."""
    return next((p for p in side if p in state.player_of), side[0])


def ask(state: State, war: War) -> bool:
    """L1508-1530, at the start of a War Sequence: push the Controllers' questions (False: none)."""
    if native_of(war) is not None:
        return False
    war["closed"] = {}  # asked again each War Sequence
    questions: list[str] = []
    for name, area, _, _ in passages(state):
        held = deniers(state, area)
        if not held:
            continue  # L1526: no Controller, no denial
        for side in active(war):
            if any(p in war["sides"][side] for p in held):
                continue  # a codominion member never agrees to close it to its own Alliance
            questions.extend(f"{name}:{side}:{p}" for p in held)
    if not questions:
        return False
    state.flow.push(_question(state, questions, []))
    return True


def _question(state: State, queue: list[str], denied: list[str]) -> Decision:
    name, side, power = queue[0].split(":")
    data = {"power": power, "passage": name, "side": int(side), "queue": queue[1:], "denied": denied}
    return Decision(KIND, state.player_of[power], data)


def choices(state: State, war: War, passage: str, side: int) -> list[Act]:
    named = _name(state, war["sides"][side])
    return [Act("allow", (passage, named)), Act("deny", (passage, named))]


def _finish(state: State, war: War, denied: list[str], log: Log) -> None:
    """Every Controller has answered: the denials hold for this War Sequence; a neutral's gives the
    Alliances denied a Casus Belli usable at once (L1527-1530)."""
    closed: dict[str, list[int]] = {}
    for entry in denied:
        name, index = entry.split(":")
        found = set(closed.get(name, []))
        found.add(int(index))
        closed[name] = sorted(found)
    war["closed"] = closed
    fighting = belligerents(war)
    holders: list[str] = []
    for name, area, _, _ in passages(state):
        sides = closed.get(name, [])
        if not sides:
            continue
        held = deniers(state, area)
        alliances = ", ".join("+".join(war["sides"][s]) for s in sides)
        verb = "deny" if len(held) > 1 else "denies"
        note(log, f"{' and '.join(held)} {verb} {TITLES[name]} to {alliances}", "L1509-1527")
        if len(sides) == len(active(war)):
            continue  # L1527: denied to every Alliance, no Casus Belli
        for neutral in [p for p in held if p not in fighting]:
            for side in sides:
                for member in war["sides"][side]:
                    if member in state.player_of and not enemies_in(state.wars, member, neutral):
                        state.cbs.append([member, neutral, f"denied {name}"])
                        if member not in holders:
                            holders.append(member)
                        note(
                            log,
                            f"{member} holds a Casus Belli against {neutral}: {TITLES[name]} denied",
                            "L1527-1530",
                            member,
                        )
    if holders:  # L1529-1530: any member may declare war at once, or never for it
        data = {"power": holders[0], "queue": holders[1:], "immediate": True}
        state.flow.push(Decision("declare", state.player_of[holders[0]], data))


class Deny:
    """A Controller's answer on one passage and one Alliance: deny it the passage, or allow it."""

    def choices(self, state: State, seat: str, decision: Decision) -> Sequence[Act]:
        war = current_war(state)
        data = decision.data
        return [] if war is None else choices(state, war, data["passage"], data["side"])

    def apply(self, state: State, seat: str, action: Act, decision: Decision, log: Log) -> None:
        war = current_war(state)
        assert war is not None
        data = decision.data
        asked = f"{data['passage']}:{data['side']}"
        queue: list[str] = list(data["queue"])
        denied: list[str] = list(data["denied"])
        if action.verb == "deny":
            # L1526-1527: a codominion's members must all agree; the last one's denial closes it.
            if not any(q.startswith(asked + ":") for q in queue):
                denied.append(asked)
        else:
            queue = [q for q in queue if not q.startswith(asked + ":")]
        if queue:
            state.flow.replace(_question(state, queue, denied))
            return
        state.flow.pop()
        _finish(state, war, denied, log)

    def resume(self, state: State, decision: Decision, log: Log) -> None:  # pragma: no cover
        raise AssertionError("an answer on a passage never suspends anything")
