"""The War Phase, first part (L1079-1232): declarations, Austria-Hungary's treaty, alliances,
the Great War and its blame.

Built: at the start of the War Phase every Great Power holding a Casus Belli, in turn, may declare
war on the Powers it holds one against (``declare FR``, or ``declare FR+DE``: one declaration,
+5 ETI whatever the number of targets, L1487-1489); the target does not counter-declare. When
Germany or Austria-Hungary has been attacked by another Power, the German player then honours
their defensive treaty (the partner declares war on the attackers, +5 ETI) or breaks it (+5 ETI,
L1536-1542). Wars that share a belligerent are one war (L1225-1232). A Power at war with members
of every Alliance of a war forms a Third Alliance (L1201-1204, ``_join``). A war of four of Britain,
France, Germany, Austria-Hungary, Italy and Russia (in a four-player game: Britain, Germany and
France, or two of them and two of the others) is the Great War: the game ends at once, the first
declarer of each war merged into it and the declarer that made it great are blamed (A-H's
joining never blames Germany, L1212-1218).

The War Sequence that follows the declarations: rules/war_sequence.py.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ....engine.flow import Decision
from .actions import Act
from .alliance import begun, belligerents, enemies_in, new_war, side_of
from .board import Log, note, raise_eti
from .rights import DEFIED, bound_defenders, defiances, discharge, enlist
from .rights import fail as fail_minor
from .rights import parse as parse_rights
from .state import State
from .treaties import break_treaty, end_between, obligation

ONCE = ("entry into", "treaty broken", "denied")
"""Reasons of the Casus Belli that must be used as soon as they arise."""
GREAT_WAR_POWERS = ("GB", "FR", "DE", "AH", "IT", "RU")
CORE_THREE = ("GB", "FR", "DE")


def targets(state: State, power: str) -> list[str]:
    """The Powers ``power`` holds a Casus Belli against this turn (L1134-1141)."""
    found = []
    for holder, against, _ in state.cbs:
        if (
            holder == power
            and against != power
            and against not in found
            and not _allied(state, power, against)
        ):
            found.append(against)
    return found


def _wars(state: State) -> list[dict[str, Any]]:
    """The wars between Powers (the Empires' wars of rules/natives.py stand apart: L935-937)."""
    return [w for w in state.wars if w.get("native") is None]


def _allied(state: State, a: str, b: str) -> bool:
    """Two Powers of one Alliance of a war whose Alliances are set (L1091-1094): neither may declare
    on the other. Before its Alliance Determination they may (rules ``_join``: the declarer leaves)."""
    for war in _wars(state):
        if not begun(war):
            continue
        for side in war["sides"]:
            if a in side and b in side:
                return True
    return False


def start_war_phase(state: State, log: Log = None) -> None:
    # L496-497: a Minor whose rights a defied Congress awarded declares war on the defier first.
    minors_declared = False
    for minor, placer, _ in defiances(state):
        state.cbs = [c for c in state.cbs if c[:2] != [minor, placer] or not c[2].startswith(DEFIED)]
        if not state.great_war_declared and not _at_war(state, minor, placer):
            declare(state, minor, [placer], log)
            minors_declared = True
            war = next((w for w in _wars(state) if minor in belligerents(w)), None)
            if war is not None:
                enlist(state, war, minor, placer)  # L500-504: its defenders' conduct is watched
    if state.great_war_declared:
        return
    holders = [p for p in state.great if targets(state, p)]
    if holders:
        state.flow.push(
            Decision("declare", state.player_of[holders[0]], {"power": holders[0], "queue": holders[1:]})
        )
        return
    call = _treaty_call(state) if minors_declared else None  # the obligations a declaration raises
    if call is not None:
        state.flow.push(call)


def declaration_choices(state: State, power: str) -> list[Act]:
    found = targets(state, power)
    actions = [Act("declare", (t,)) for t in found]
    if len(found) > 1:
        actions.append(Act("declare", ("+".join(found),)))
    return [*actions, Act("pass")]


def declare(state: State, power: str, foes: list[str], log: Log) -> None:
    """One declaration of war by ``power`` on ``foes`` (+5 ETI once when a player declares,
    L1487-1489; a Minor's declaration is no player's and raises nothing)."""
    note(log, f"{power} declares war on {', '.join(foes)}", "L1134", power)
    end_between(state, power, foes, log)  # L1175-1176; a non-aggression pact broken (rules/treaties.py)
    for foe in foes:
        _join(state, power, foe)
    state.cbs = [c for c in state.cbs if not (c[0] == power and c[1] in foes)]
    if power in state.great:
        amount = state.content.tensions["declaration"]
        raise_eti(state, amount, log, f"{power} declares war", "L1487", culprit=power)
    _check_great_war(state, power, log)


def _join(state: State, attacker: str, defender: str) -> None:
    """Put ``attacker`` at war with ``defender``; wars sharing a belligerent merge (L1225-1232) into
    the earliest of them, which keeps its place and its War Sequence (a neutral may join a war being
    fought, L1294-1302).

    Alliances (L1091-1094, L1189-1192, L1201-1204; reading in docs/pax-britannica.md): a Power
    entering a war joins the first Alliance, in the war's order, that holds none of the Powers it is
    at war with (those it declared on or that declared on it); when every Alliance holds one, it
    forms a new Alliance: a Third Alliance. Until the war's Alliance Determination the Alliances are
    only presumed, so a declaration on a Power of one's own Alliance is allowed: the declarer leaves
    it for the first Alliance holding none of its enemies, or a new one."""
    mine = [w for w in _wars(state) if attacker in belligerents(w) or defender in belligerents(w)]
    if not mine:
        state.wars.append(new_war(attacker, defender))
        return
    war = mine[0]
    for other in mine[1:]:
        state.wars.remove(other)
        _merge(war, other, attacker, defender)
    war["declarers"].append([attacker, defender])
    a_side, d_side = side_of(war, attacker), side_of(war, defender)
    if a_side is None:
        _place(war, attacker)
    elif d_side is None:
        _place(war, defender)
    elif a_side == d_side:
        war["sides"][a_side].remove(attacker)
        _place(war, attacker)


def _foes(war: dict[str, Any], power: str) -> set[str]:
    """The Powers ``power`` is at war with by a declaration, either way."""
    return {p for pair in war["declarers"] if power in pair for p in pair if p != power}


def _place(war: dict[str, Any], power: str) -> None:
    """L1201-1204: the first Alliance still at war holding none of the Powers ``power`` is at war
    with, else a new Alliance (a Third Alliance, or a fourth...)."""
    foes = _foes(war, power)
    for side in war["sides"]:
        if side and not foes & set(side):
            side.append(power)
            return
    war["sides"].append([power])


def _merge(war: dict[str, Any], other: dict[str, Any], attacker: str, defender: str) -> None:
    """Fold ``other`` into ``war``: the declaration joins a Power of one to a Power of the other, so
    those two must land in different Alliances; the other Alliances are paired in order (no member
    of one war is at war with a member of the other yet), so the merged war has as many Alliances as
    the larger of the two (two and two make two, as before Third Alliances)."""
    inside, outside = (attacker, defender) if side_of(war, attacker) is not None else (defender, attacker)
    near, far = side_of(war, inside), side_of(other, outside)
    assert near is not None and far is not None
    free = list(range(len(war["sides"])))
    mapping: dict[int, int] = {}
    for index in [far] + [i for i in range(len(other["sides"])) if i != far]:
        fits = [i for i in free if not (index == far and i == near)]
        if fits:
            mapping[index] = fits[0]
            free.remove(fits[0])
        else:
            mapping[index] = len(war["sides"])
            war["sides"].append([])
    for index, side in enumerate(other["sides"]):
        target = war["sides"][mapping[index]]
        target += [p for p in side if p not in target]
    war["first"] += other["first"]
    war["declarers"] += other["declarers"]
    war["conquered"].update({a: mapping[s] for a, s in other["conquered"].items()})


def is_great_war(state: State, powers: Sequence[str]) -> bool:
    """L1208-1211, L1219-1220: four of the six European Powers; in a 4-player game Britain, Germany
    and France, or two of them and two of Austria-Hungary, Italy and Russia."""
    involved = {p for p in powers if p in GREAT_WAR_POWERS}
    if len(state.seats) == 4:
        core = len(involved & set(CORE_THREE))
        return core == 3 or (core == 2 and len(involved - set(CORE_THREE)) >= 2)
    return len(involved) >= 4


def _check_great_war(state: State, declarer: str, log: Log) -> None:
    for war in _wars(state):
        if declarer in belligerents(war) and is_great_war(state, belligerents(war)):
            blamed = [p for p in war["first"] if p in state.seats]
            if declarer != "AH" and declarer not in blamed:  # L1216-1218: A-H never blames Germany
                blamed.append(declarer)
            state.blame = [p for p in dict.fromkeys([*state.blame, *blamed]) if p in state.seats]
            state.great_war_declared = True
            note(log, f"A war of {', '.join(belligerents(war))} is the Great War", "L1208")
            return


def _treaty_call(state: State) -> Decision | None:
    """The next treaty obligation. Austria-Hungary's first (L1195-1199, L1536-1542): Germany attacked
    brings in Austria-Hungary, and the other way round; not when the partner itself started the
    war. Reading (G-R9): the obligation is answered once the round of declarations is over (so A-H
    can be the fourth Power, L1216-1218). Then the players' treaties (rules/treaties.py)."""
    if state.great_war_declared:
        return None
    if "AH" in state.great and not state.treaty_void:
        for victim, partner in (("DE", "AH"), ("AH", "DE")):
            attackers = {
                attacker
                for war in _wars(state)
                for attacker, defender in war["declarers"]
                if defender == victim and attacker != partner and not _at_war(state, partner, attacker)
            }
            if attackers:
                data = {
                    "power": partner,
                    "partner": victim,
                    "attackers": sorted(attackers),
                    "kind": "austria",
                }
                return Decision("treaty", state.player_of["DE"], data)
    engaged = {(a, b) for war in _wars(state) for a in belligerents(war) for b in belligerents(war)}
    found = obligation(state, engaged)
    if found is not None:
        return found
    # L497-500: the defenders of a Minor's rights must join the war it declared on the defier.
    for war in _wars(state):
        for attacker, defender in war["declarers"]:
            if attacker in state.great:
                continue
            for bound in bound_defenders(state, attacker, defender):
                if bound in state.great and not _at_war(state, bound, defender):
                    data = {"power": bound, "partner": attacker, "attackers": [defender], "kind": "rights"}
                    return Decision("treaty", state.player_of[bound], data)
    return None


def _at_war(state: State, a: str, b: str) -> bool:
    """Members of two different Alliances of one war between Powers."""
    return enemies_in(_wars(state), a, b)


class Declare:
    """A Great Power holding a Casus Belli declares war or passes."""

    def choices(self, state: State, seat: str, decision: Decision) -> Sequence[Act]:
        return declaration_choices(state, decision.data["power"])

    def apply(self, state: State, seat: str, action: Act, decision: Decision, log: Log) -> None:
        power = decision.data["power"]
        if action.verb == "declare":
            declare(state, power, action.args[0].split("+"), log)
        immediate = bool(decision.data.get("immediate"))
        if immediate:
            # L1300-1302, L1186-1187, L1529-1530: a Casus Belli usable at once or never; one held by
            # a Power now at war with its target (an ally declared first) is spent too.
            state.cbs = [
                c
                for c in state.cbs
                if not (c[2].startswith(ONCE) and (c[0] == power or _at_war(state, c[0], c[1])))
            ]
        _next(state, decision.data["queue"], immediate)

    def resume(self, state: State, decision: Decision, log: Log) -> None:  # pragma: no cover
        raise AssertionError("a declaration never suspends anything")


def _next(state: State, queue: list[str], immediate: bool = False) -> None:
    """The next Power with a Casus Belli, then the treaty obligations, then the war itself
    (``immediate``: the queue holds Casus Belli usable at once or never, L1529-1530)."""
    if state.great_war_declared:
        state.flow.clear()
        return
    waiting = [p for p in queue if targets(state, p)]
    if waiting:
        data: dict[str, Any] = {"power": waiting[0], "queue": waiting[1:]}
        if immediate:
            data["immediate"] = True
        state.flow.replace(Decision("declare", state.player_of[waiting[0]], data))
        return
    call = _treaty_call(state)
    if call is not None:
        state.flow.replace(call)
    else:
        state.flow.pop()


class Treaty:
    """An obligated Power's seat honours its treaty (declares war) or breaks it (L1186-1199)."""

    def choices(self, state: State, seat: str, decision: Decision) -> Sequence[Act]:
        return [Act("treaty", ("honour",)), Act("treaty", ("break",))]

    def apply(self, state: State, seat: str, action: Act, decision: Decision, log: Log) -> None:
        data = decision.data
        bound, partner = data["power"], data["partner"]
        if data.get("revealed"):  # made public when the obligation arose (rules/treaties.py)
            note(log, f"The secret {data['kind']} treaty of {bound} and {partner} is made public", "L843-845")
        if action.args[0] == "honour":
            declare(state, bound, list(data["attackers"]), log)
            _next(state, [])
            return
        amount = state.content.tensions["treaty_broken"]
        state.cbs = [c for c in state.cbs if not (c[0] == bound and c[2] == f"treaty with {partner}")]
        if data["kind"] == "rights":
            # L497-500: a defender failing the Minor loses 5 VP and the ETI rises by 3 (no treaty)
            state.cbs = [c for c in state.cbs if not (c[0] == bound and parse_rights(c[2]) is not None)]
            fail_minor(state, bound, partner, "it does not join the Minor's war", log)
            discharge(state, bound)
            _next(state, [])
            return
        if data["kind"] == "austria":
            state.treaty_void = True  # void until the next Game Turn (reading G-R21)
            note(log, "The German player breaks the treaty of Germany and Austria-Hungary", "L1538")
            raise_eti(state, amount, log, "a treaty broken", "L1497", culprit="DE")
            _next(state, [])
            return
        break_treaty(state, data["kind"], bound, partner)
        note(log, f"{bound} breaks its {data['kind']} treaty with {partner}", "L832-834", bound)
        raise_eti(state, amount, log, "a treaty broken", "L1497", culprit=state.player_of[bound])
        _next(state, [])
        if not state.great_war_declared and not _at_war(state, partner, bound):
            # L832-834, L1186-1187: the partner may declare war on the breaker at once.
            state.cbs.append([partner, bound, "treaty broken"])
            state.flow.push(
                Decision(
                    "declare", state.player_of[partner], {"power": partner, "queue": [], "immediate": True}
                )
            )

    def resume(self, state: State, decision: Decision, log: Log) -> None:
        """A partner has answered a breach: this obligation is still to be answered."""
