"""The end of a war: War End Determination (L1113-1126), negotiated and separate peace (L1411-1417),
the Resolution Phase and the spoils (L1127-1133, L1418-1459).

* Every War Sequence ends with a sealed ``peace`` answer from each Great Power belligerent's seat
  (``peace sign`` or ``peace fight``). Everybody signing ends the war by treaty. When one whole
  side signs and only some of the other side do, those signers make a separate peace: they leave
  the war and the ETI rises 5 for each (L1413-1417, L1490). A Minor cannot negotiate (L1430-1432):
  no peace is offered in a war where one side has no Great Power.
* From the third War Sequence (L1119-1121: the two conditions "may be ignored in the first two
  turns"; reading: a belligerent always asks), a side with no Army in any Area outside the Home
  Countries, or whose every Controlled Area is held by enemy Armies alone, has lost (L1115-1118;
  reading G-R6: these tests rather than "every Military unit eliminated", L1418).
* Three War Sequences in a row without an attack: a stalemate (L1122-1124, L1425-1429).
* Otherwise the ETI rises 2 and the war goes on (L1491-1493: not in the Sequence that ends it).
* A war of three Alliances or more (L1201-1204; readings in docs/pax-britannica.md): a seat may
  accept peace with one enemy Alliance only (``peace with POWER``); a whole Alliance at peace with
  every other leaves the war, its conquests and losses settled at once (:func:`separate_peace`);
  the war ends when one Alliance has lost, every unbeaten one a victor (:func:`war_verdict`).

Spoils: the victors take the Areas they conquered and every Area of the defeated side their Armies
could reach (L1419-1421, G-R17); at a stalemate or a signed peace each side keeps its conquests
(reading: the treaty confirms the conquests; the text leaves a treaty's terms to the players).
Each Area goes to the victor with the most Army strength there (ties: the Alliance's order), who
places a Possession at no cost (an Influence when out of hexagonal counters, L132-133). Conflicting
markers go with no ETI (L1451-1456): every marker of the defeated side, every Interest and
Influence of others; the Control markers of neutral codominion partners stay (L1309-1313, G-R7).
A Minor that wins puts an Army (1) in each Area it gains, from the box if need be (L1433-1435).
Then surrendered units, units at sea and units in Areas without an own Control marker go home
(L1127-1133, L1408-1410, L1442).

**Division by agreement** (L1419-1424, L1427-1429): where the Armies of two or more of the taking
side's players stand in an Area it gains, the division above is only a proposal: those players'
seats answer at once, sealed, ``spoils agree`` or ``spoils dispute``. All agree: the proposal
stands. One disputes: "a Congress of Europe is automatically called and all players of the
squabbling alliance have Casus Belli against each other": every claimant places its free
Possession in each contested Area (a codominion; the defeated side's markers go as above), each
holds a Casus Belli against the others over it, and a Congress sits at once on those Areas (+3
ETI, members and host as at the Congress phase, rules/congress.py). What it leaves unresolved
stays side by side: the declarations of the turn are over (a war among the victors waits for a
new Casus Belli; those of the spoils expire with the turn, L1138-1141).

Not built: a side's announcement that the enemy is out of reach (L1443-1450),
free-form peace terms, the Minors' naval redeployment (L1436-1441), and the reduction to Influence
of Areas whose control is unclear (L1457-1459: spoils are only placed in conquered Areas here, so
no unclear Area arises).
"""

from __future__ import annotations

from collections.abc import Sequence

from ....engine.flow import Decision
from ..content import CONTROL
from .actions import Act
from .alliance import (
    SEA,
    War,
    active,
    current_war,
    enemy_powers,
    held_by,
    others,
    seat_for,
    side_of,
    side_strength,
)
from .board import (
    Log,
    add_unit,
    controls,
    counter_free,
    level_of,
    note,
    raise_cri_for_placement,
    raise_eti,
    rank,
    set_marker,
)
from .congress import convene
from .rights import fail as fail_minor
from .state import State, is_army
from .supply import army_reach
from .uprising import NATIVES

KIND = "peace"


def great_members(state: State, war: War, side: int) -> list[str]:
    return [p for p in war["sides"][side] if p in state.player_of]


def out_of_reach(state: State, war: War) -> int | None:
    """L1443-1450: the side whose Armies cannot reach any Area where the other side's Armies are
    (G-R17 reach), while the other side still has Armies in Areas; None if each can reach the other.
    Reading: only between two Alliances ("the first side ... the second side"); a war of three
    Alliances ends by the other tests."""
    sides = active(war)
    if len(sides) != 2:
        return None
    for side, other in ((sides[0], sides[1]), (sides[1], sides[0])):
        theirs = {
            loc
            for p in war["sides"][other]
            for loc, codes in state.units.get(p, {}).items()
            if loc != "home" and not loc.startswith(SEA) and any(is_army(c) for c in codes)
        }
        if not theirs:
            continue
        reach: set[str] = set()
        for power in war["sides"][side]:
            reach |= army_reach(state, war, power)
        if not reach & theirs:
            return side
    return None


def _negotiable(state: State, war: War) -> bool:
    """L1430-1432: a Minor cannot negotiate; an Alliance without a Great Power signs nothing, and
    nobody can make peace with it."""
    sides = active(war)
    return len(sides) > 1 and all(great_members(state, war, s) for s in sides)


def offer_peace(state: State, war: War) -> bool:
    """Push the sealed ``peace`` decision to every seat playing a belligerent (a Minor's neutral
    controller too); False when there is nothing to answer: no peace to sign and no end to
    announce."""
    announce = out_of_reach(state, war) is not None
    if not _negotiable(state, war) and not announce:
        return False
    powers = [p for side in war["sides"] for p in side]
    seats = list(dict.fromkeys(s for s in (seat_for(state, war, p) for p in powers) if s is not None))
    if not seats:
        return False
    state.flow.push(Decision(KIND, seats, {"answers": {}, "announce": announce}))
    return True


def offer_end(state: State, war: War) -> None:
    """The enemies of an Empire that cannot reach them may declare the war over (rules/natives.py)."""
    seats = list(dict.fromkeys(state.player_of[p] for p in war["sides"][1] if p in state.player_of))
    if seats:
        state.flow.push(Decision(KIND, seats, {"answers": {}, "announce": True}))


def _named(state: State, war: War, side: int) -> str:
    """The Power that names an Alliance in ``peace with POWER``: its first Great Power."""
    return great_members(state, war, side)[0]


class Peace:
    """Each belligerent's seat signs the peace, fights on, or (when one side cannot reach the other's
    Armies, L1443-1450) announces the end of the war; sealed until all have answered. In a war of
    three Alliances or more (L1201-1204) a seat may also accept peace with one enemy Alliance only
    (``peace with POWER``, naming its first Great Power)."""

    def choices(self, state: State, seat: str, decision: Decision) -> Sequence[Act]:
        war = current_war(state)
        assert war is not None
        actions = [Act("peace", ("fight",))]
        mine = {side_of(war, p) for p, s in state.player_of.items() if s == seat} - {None}
        if _negotiable(state, war) and mine:
            actions.insert(0, Act("peace", ("sign",)))
            sides = active(war)
            if len(sides) > 2:
                for side in sides:
                    if mine - {side}:
                        actions.append(Act("peace", ("with", _named(state, war, side))))
        if decision.data["announce"]:
            actions.append(Act("peace", ("announce",)))
        return actions

    def apply(self, state: State, seat: str, action: Act, decision: Decision, log: Log) -> None:
        answer = " ".join(action.args)
        decision.data["answers"] = {**decision.data["answers"], seat: answer}
        if not decision.complete():
            return
        war = current_war(state)
        assert war is not None
        answers = decision.data["answers"]
        accepts: dict[str, list[int]] = {}
        sides = active(war)
        for side in sides:
            for power in great_members(state, war, side):
                given = str(answers.get(state.player_of[power], "fight"))
                if given == "sign":
                    accepts[power] = [s for s in sides if s != side]
                elif given.startswith("with "):
                    named = side_of(war, given[5:])
                    accepts[power] = [] if named is None or named == side else [named]
        war["accepts"] = accepts
        war["announced"] = "announce" in answers.values()
        state.reveals += 1
        state.flow.pop()

    def resume(self, state: State, decision: Decision, log: Log) -> None:  # pragma: no cover
        raise AssertionError("a peace answer never suspends anything")


def side_lost(state: State, war: War, side: int) -> bool:
    """L1115-1118 (the enemy: every other Alliance, L1201-1204)."""
    mine = war["sides"][side]
    abroad = any(
        is_army(code)
        for p in mine
        for loc, codes in state.units.get(p, {}).items()
        if loc != "home" and not loc.startswith(SEA)
        for code in codes
    )
    if not abroad:
        return True
    controlled = [
        a
        for a, held in state.markers.items()
        if any(p in held and held[p][0] in CONTROL and held[p][1] for p in mine)
    ]
    if not controlled:
        return False
    return all(
        sum(side_strength(state, war, other, a, army=True) for other in others(war, side))
        and not side_strength(state, war, side, a, army=True)
        for a in controlled
    )


def separate_peace(state: State, war: War, log: Log) -> bool:
    """Apply the peace answers; True when the whole war ends by treaty (L1411-1417).

    Two Alliances are at peace when every Great Power of each accepted peace with the other
    (``peace sign`` accepts it with every enemy Alliance). Everybody at peace: the war ends. Else a
    Great Power leaves the war (a separate peace, +5 ETI a seat, L1490) when it accepted peace with
    every other Alliance and every Great Power of those Alliances accepted peace with its own:
    with two Alliances, the signers of a side whose enemies all signed (L1413-1417: "his allies do
    sign ... the opposing side continues to fight against the remaining player"). Reading for
    three Alliances or more (L1201-1204): when all the Great Powers of an Alliance leave so, the
    whole Alliance does, its Minors with it (L1430-1432), and the peace confirms the conquests
    between it and the others (as at a negotiated peace); the others fight on. The war ends when
    fewer than two Alliances are left."""
    accepts: dict[str, list[int]] = war.get("accepts") or {}
    war["accepts"] = {}
    sides = active(war)
    gp = {s: great_members(state, war, s) for s in sides}
    if not _negotiable(state, war):
        return False

    def accepted(side: int, other: int) -> bool:
        return all(other in accepts.get(p, ()) for p in gp[side])

    if all(accepted(s, t) for s in sides for t in sides if s != t):
        return True
    for side in sides:
        if not all(accepted(t, side) for t in sides if t != side):
            continue
        leaving = [p for p in gp[side] if all(t in accepts.get(p, ()) for t in sides if t != side)]
        if not leaving:
            continue
        if len(leaving) == len(gp[side]):  # only with three Alliances or more: else all signed
            _settle(state, war, side, log)
            leaving = list(war["sides"][side])
        for power in leaving:
            war["sides"][side].remove(power)
            war["out"] = [*war["out"], power]
            send_home(state, war, power)
        _deserters(state, war, leaving, log)
        for seat in dict.fromkeys(state.player_of[p] for p in leaving if p in state.player_of):
            note(log, f"{seat} makes a separate peace", "L1413-1417", seat)
            raise_eti(
                state,
                state.content.tensions["separate_peace"],
                log,
                "a separate peace",
                "L1490",
                culprit=seat,
            )
    return len(active(war)) < 2


def _deserters(state: State, war: War, leaving: Sequence[str], log: Log) -> None:
    """L500-502: a champion of a Minor's rights that makes a separate peace while the Minor fights on
    takes the penalties (rules/rights.py)."""
    champions: dict[str, str] = war.get("champions", {})
    for power in leaving:
        minor = champions.get(power)
        if minor is not None and side_of(war, minor) is not None:
            del champions[power]
            fail_minor(state, power, minor, "a separate peace that leaves the Minor at war", log)


def _profiteers(state: State, war: War, how: str, winners: Sequence[int]) -> dict[str, set[str]]:
    """The champions still in the war of a Minor that did not win it (rules/rights.py, reading),
    each with the Areas it controls before the settlement."""
    found: dict[str, set[str]] = {}
    for power, minor in war.get("champions", {}).items():
        minor_side = side_of(war, minor)
        if side_of(war, power) is None or (how in ("victory", "remnant") and minor_side in winners):
            continue
        found[power] = {a for a in state.markers if controls(state, a, power)}
    return found


def _settle(state: State, war: War, side: int, log: Log) -> None:
    """A whole Alliance's separate peace in a war of three (reading): the Areas it conquered become
    its members', and the Areas conquered from it its conquerors' (as at a negotiated peace)."""
    mine = war["sides"][side]
    for area, taker in sorted(war["conquered"].items()):
        held = state.markers.get(area, {})
        lost = any(p in held and held[p][0] in CONTROL for p in mine)
        if taker == side or lost:
            _take(state, war, taker, area, log)
            del war["conquered"][area]


def war_verdict(state: State, war: War) -> tuple[str, list[int]] | None:
    """What War End Determination finds: (how, the winning Alliances) or None to fight on.

    With three Alliances or more (L1201-1204; reading): the war ends as soon as one Alliance has
    lost (L1115-1118: "If no Army Units of one Alliance ..."); every Alliance that has not lost is
    a victor (each victor takes the beaten Alliances' Areas it reaches, and between the victors the
    conquests stand as at a stalemate); all have lost: a stalemate."""
    if war.get("announced"):
        war["announced"] = False
        side = out_of_reach(state, war)
        if side is not None:
            return "remnant", [side]  # L1443-1450: the side that cannot reach the other takes its reach
    if war["round"] > 2:
        sides = active(war)
        lost = [s for s in sides if side_lost(state, war, s)]
        standing = [s for s in sides if s not in lost]
        if lost and not standing:
            return "stalemate", []
        if lost:
            return "victory", standing
    if war["quiet"] >= 3:
        return "stalemate", []
    return None


def _taker(state: State, war: War, side: int, area: str) -> str:
    mine: list[str] = war["sides"][side]

    def weight(power: str) -> tuple[int, int, int]:
        here = state.units.get(power, {}).get(area, ())
        # an Empire takes back only its own lands, where its Armies stand (L1057)
        own = power not in NATIVES or (state.content.areas[area].type == "ottoman" and bool(here))
        return int(own), sum(int(c[1:]) for c in here if is_army(c)), -mine.index(power)

    return max(mine, key=weight)


def spoils(state: State, war: War, how: str, winners: Sequence[int]) -> dict[str, int]:
    """Area -> the Alliance that takes it. At a victory (L1419-1421) the victors keep their
    conquests and take every Area of a beaten Alliance their Armies could reach; reached by two
    victors (a war of three, reading): the one with more Army strength there, then the first in
    the last War Sequence's order. At an announced end (L1449-1450) the other side keeps what the
    first cannot reach. At a stalemate or a peace every Alliance keeps its conquests. A victor's
    own Area that a beaten Alliance had conquered is no spoil: it stays as it was (reading: a
    conquest is settled only at the war's end, L1375-1380, so the beaten side's is undone and the
    holder's marker stands; before, another victor took it as a free Possession beside the
    holder's State or Dominion). Nor is an Area an Alliance conquered back for one of its own
    members, who holds an established Control marker there (found by a five-player random run,
    seed 541411: Japan took Canada, Britain's Alliance took it back, and France, first in the
    Alliance's order, was given a Possession beside Britain's Dominion): it stays as it was."""
    taken = {
        a: s for a, s in war["conquered"].items() if war["sides"][s] and not _held_by_own(state, war, a, s)
    }
    if how in ("victory", "remnant") and winners:
        reach: dict[int, set[str]] = {}
        for winner in winners:
            found: set[str] = set()
            for power in war["sides"][winner]:
                found |= army_reach(state, war, power)
            reach[winner] = found
        everywhere: set[str] = set()
        for found in reach.values():
            everywhere |= found
        taken = {a: s for a, s in taken.items() if s in winners or (how == "remnant" and a not in everywhere)}
        beaten = [s for s in active(war) if s not in winners]
        order = list(war["order"])
        for area in sorted(everywhere):
            if area in taken or not any(held_by(state, war, area, s) for s in beaten):
                continue
            if _recovered(state, war, area, winners):
                continue
            takers = [w for w in winners if area in reach[w]]
            takers.sort(
                key=lambda w: (
                    -side_strength(state, war, w, area, army=True),
                    order.index(w) if w in order else len(order),
                )
            )
            taken[area] = takers[0]
    return taken


def _held_by_own(state: State, war: War, area: str, side: int) -> bool:
    """A member of Alliance ``side`` holds an established Control marker in ``area``."""
    held = state.markers.get(area, {})
    return any(p in held and held[p][0] in CONTROL and held[p][1] for p in war["sides"][side])


def _recovered(state: State, war: War, area: str, winners: Sequence[int]) -> bool:
    """A beaten Alliance's conquest of an Area where a victor holds an established Control marker."""
    conqueror = war["conquered"].get(area)
    if conqueror is None or conqueror in winners:
        return False
    held = state.markers.get(area, {})
    return any(p in held and held[p][0] in CONTROL and held[p][1] for w in winners for p in war["sides"][w])


SPOILS = "spoils"


def contested(state: State, war: War, how: str, winners: Sequence[int]) -> dict[str, list[str]]:
    """Areas of the division where the Armies of two or more of the taking side's players stand:
    Area -> the claimants (Great Powers, one a seat, strongest first)."""
    found: dict[str, list[str]] = {}
    for area, side in sorted(spoils(state, war, how, winners).items()):
        claimants: dict[str, str] = {}
        ranked = sorted(
            war["sides"][side],
            key=lambda p: -sum(int(c[1:]) for c in state.units.get(p, {}).get(area, ()) if is_army(c)),
        )
        for power in ranked:
            seat = state.player_of.get(power)
            here = state.units.get(power, {}).get(area, ())
            if seat is not None and seat not in claimants and any(is_army(c) for c in here):
                claimants[seat] = power
        if len(claimants) > 1:
            found[area] = list(claimants.values())
    return found


def ask_division(state: State, war: War, how: str, winners: Sequence[int]) -> bool:
    """L1419-1424: the victors' seats answer the proposed division at once (True: asked)."""
    if war.get("division") is not None:
        return False
    disputes = contested(state, war, how, winners)
    if not disputes:
        war["division"] = "agreed"
        return False
    war["ending"] = [how, list(winners)]
    seats = list(dict.fromkeys(state.player_of[p] for powers in disputes.values() for p in powers))
    proposal = {
        a: _taker(state, war, s, a) for a, s in spoils(state, war, how, winners).items() if a in disputes
    }
    state.flow.push(Decision(SPOILS, seats, {"answers": {}, "proposal": proposal}))
    return True


class Spoils:
    """A victor's answer to the proposed division of the spoils (L1419-1424): agree or dispute."""

    def choices(self, state: State, seat: str, decision: Decision) -> Sequence[Act]:
        return [Act("spoils", ("agree",)), Act("spoils", ("dispute",))]

    def apply(self, state: State, seat: str, action: Act, decision: Decision, log: Log) -> None:
        decision.data["answers"] = {**decision.data["answers"], seat: action.args[0]}
        if not decision.complete():
            return
        state.reveals += 1
        war = current_war(state)
        assert war is not None
        disputed = sorted(s for s, a in decision.data["answers"].items() if a == "dispute")
        war["division"] = "disputed" if disputed else "agreed"
        if disputed:
            note(log, f"{', '.join(disputed)} dispute the division of the spoils", "L1422-1424")
        else:
            note(log, "The victors agree on the division of the spoils", "L1419-1421")
        state.flow.pop()

    def resume(self, state: State, decision: Decision, log: Log) -> None:  # pragma: no cover
        raise AssertionError("an answer on the spoils never suspends anything")


def _squabble(state: State, war: War, disputes: dict[str, list[str]], log: Log) -> list[str]:
    """L1422-1424: every claimant places its free Possession in a contested Area (a codominion) and
    holds a Casus Belli against the other claimants there. Returns the Areas for the Congress."""
    areas = []
    for area, claimants in sorted(disputes.items()):
        placed = []
        for power in claimants:
            current = level_of(state, area, power)
            if current is None or rank("possession") > rank(current):
                if counter_free(state, power, "possession", current):
                    set_marker(state, area, power, "possession", True)
                    raise_cri_for_placement(state, area, log)
                elif current is None:
                    continue  # L132-133: no counter left, no claim to place
            placed.append(power)
        for power in placed:
            for other in placed:
                cb = [power, other, f"control in {area}"]
                if other != power and cb not in state.cbs:
                    state.cbs.append(cb)
        if len(placed) > 1:
            areas.append(area)
            note(log, f"{' and '.join(placed)} each claim {area}", "L1422-1424")
    return areas


def resolve_war(state: State, war: War, how: str, winners: Sequence[int], log: Log) -> None:
    """The Resolution Phase (L1127-1133); ``winners``: the victorious Alliances (none at a
    stalemate or a peace)."""
    if ask_division(state, war, how, winners):
        return  # the victors' answers come first (L1419-1424)
    disputes = contested(state, war, how, winners) if war.get("division") == "disputed" else {}
    names = " against ".join("+".join(side) for side in war["sides"] if side)
    verdict = {
        "victory": "is won by",
        "stalemate": "ends in a stalemate",
        "peace": "ends by treaty",
        "remnant": "is declared over, out of reach, to the gain of",
    }[how]
    won = " and ".join("+".join(war["sides"][w]) for w in winners)
    note(log, f"The war of {names} {verdict} {won}".rstrip(), "L1411-1429")
    watched = _profiteers(state, war, how, winners)
    for area, side in sorted(spoils(state, war, how, winners).items()):
        _take(state, war, side, area, log)
    for power, held in watched.items():
        # L502-504: a supporter that comes out of the Minor's lost war with more territory
        if any(controls(state, a, power) and a not in held for a in state.markers):
            why = "it gains territory from a war the Minor lost"
            fail_minor(state, power, war["champions"][power], why, log)
    congress = _squabble(state, war, disputes, log)
    for power in [p for side in war["sides"] for p in side] + list(war["out"]):
        if power in NATIVES:
            state.units.pop(power, None)  # the Empire's Armies leave the map (L1060)
            war["surrendered"].pop(power, None)
        else:
            send_home(state, war, power)
    for winner in winners if how in ("victory", "remnant") else []:
        for power in war["sides"][winner]:
            if power not in state.player_of and power not in NATIVES:
                redeploy_minor(state, war, power, log)
    state.wars.remove(war)
    if congress:
        convene(state, congress, log)  # L1422-1424: a Congress is automatically called


def redeploy_minor(state: State, war: War, power: str, log: Log) -> None:
    """L1433-1441: a victorious Minor puts one Army (1) in each of its Protectorates and Possessions
    (from the box when short) and sends every other Army home; its strongest Naval unit goes home,
    then one Naval unit to each Area outside home where its Naval units began the war (the richest
    first, if it has too few; reading: only those it still Controls), the rest home."""
    locs = state.units.get(power, {})
    navals = sorted(
        (c for codes in locs.values() for c in codes if not is_army(c)), key=lambda c: -int(c[1:])
    )
    armies = [c for codes in locs.values() for c in codes if is_army(c)]
    held = sorted(a for a, m in state.markers.items() if power in m and m[power][0] in CONTROL)
    state.units[power] = {}
    for area in held:
        if "A1" in armies:
            armies.remove("A1")
        add_unit(state, power, area, "A1")  # L1433-1435: from the box if need be
    for code in armies:
        add_unit(state, power, "home", code)
    stations = [a for a in war["stations"].get(power, []) if a in held]
    stations.sort(key=lambda a: (-state.content.areas[a].ev, a))
    if navals:
        add_unit(state, power, "home", navals.pop(0))
    for area in stations:
        if not navals:
            break
        add_unit(state, power, area, navals.pop(0))
    for code in navals:
        add_unit(state, power, "home", code)
    note(log, f"{power} garrisons its Areas and brings its fleets back to their stations", "L1433-1441")


def _take(state: State, war: War, side: int, area: str, log: Log) -> None:
    taker = _taker(state, war, side, area)
    enemy = enemy_powers(war, side)
    if taker in NATIVES:  # the Empire takes its land back: the enemies' markers go
        for other in [p for p in state.markers.get(area, {}) if p in enemy]:
            set_marker(state, area, other, None)
        note(log, f"The Ottoman Empire takes {area} back", "L1057")
        return
    current = level_of(state, area, taker)
    level = "possession" if counter_free(state, taker, "possession", current) else None
    if level is None and counter_free(state, taker, "influence", current):
        level = "influence"
    if level is None and current is None:
        note(log, f"{taker} has no Status marker counter left for {area}", "L132-133", taker)
        return
    if current is None or (level is not None and rank(level) > rank(current)):
        assert level is not None
        set_marker(state, area, taker, level, True)
        raise_cri_for_placement(state, area, log)
    for other, (lv, _) in list(state.markers.get(area, {}).items()):
        if other == taker:
            continue
        if other in enemy or lv not in CONTROL:
            set_marker(state, area, other, None)  # L1451-1456: no ETI
    if taker not in state.player_of and not any(is_army(c) for c in state.units.get(taker, {}).get(area, ())):
        add_unit(state, taker, area, "A1")  # L1433-1435: from the box
    note(log, f"{taker} takes {area}: {level_of(state, area, taker)}", "L1419-1421", taker)


def send_home(state: State, war: War, power: str) -> None:
    """L1127-1133, L1408-1410: surrendered units, units at sea and units in Areas without an own
    Control marker go to the Home Country."""
    for code in war["surrendered"].pop(power, []):
        add_unit(state, power, "home", code)
    locs = state.units.get(power, {})
    for loc in [loc for loc in locs if loc != "home"]:
        marker = state.markers.get(loc, {}).get(power) if not loc.startswith(SEA) else None
        if marker is None or marker[0] not in CONTROL:
            for code in locs.pop(loc):
                add_unit(state, power, "home", code)
