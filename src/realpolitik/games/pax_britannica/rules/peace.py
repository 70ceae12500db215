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
from .alliance import SEA, War, current_war, held_by, seat_for, side_strength
from .board import (
    Log,
    add_unit,
    counter_free,
    level_of,
    note,
    raise_cri_for_placement,
    raise_eti,
    rank,
    set_marker,
)
from .congress import convene
from .state import State, is_army
from .supply import army_reach
from .uprising import NATIVES

KIND = "peace"


def great_members(state: State, war: War, side: int) -> list[str]:
    return [p for p in war["sides"][side] if p in state.player_of]


def out_of_reach(state: State, war: War) -> int | None:
    """L1443-1450: the side whose Armies cannot reach any Area where the other side's Armies are
    (G-R17 reach), while the other side still has Armies in Areas; None if each can reach the other."""
    for side in (0, 1):
        theirs = {
            loc
            for p in war["sides"][1 - side]
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
    """L1430-1432: a Minor cannot negotiate; a side without a Great Power signs nothing."""
    return bool(great_members(state, war, 0) and great_members(state, war, 1))


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


class Peace:
    """Each belligerent's seat signs the peace, fights on, or (when one side cannot reach the other's
    Armies, L1443-1450) announces the end of the war; sealed until all have answered."""

    def choices(self, state: State, seat: str, decision: Decision) -> Sequence[Act]:
        war = current_war(state)
        assert war is not None
        actions = [Act("peace", ("fight",))]
        if _negotiable(state, war) and any(
            state.player_of.get(p) == seat for side in war["sides"] for p in side
        ):
            actions.insert(0, Act("peace", ("sign",)))
        if decision.data["announce"]:
            actions.append(Act("peace", ("announce",)))
        return actions

    def apply(self, state: State, seat: str, action: Act, decision: Decision, log: Log) -> None:
        decision.data["answers"] = {**decision.data["answers"], seat: action.args[0]}
        if not decision.complete():
            return
        war = current_war(state)
        assert war is not None
        answers = decision.data["answers"]
        war["signed"] = [
            p
            for s in (0, 1)
            for p in great_members(state, war, s)
            if answers.get(state.player_of[p]) == "sign"
        ]
        war["announced"] = "announce" in answers.values()
        state.reveals += 1
        state.flow.pop()

    def resume(self, state: State, decision: Decision, log: Log) -> None:  # pragma: no cover
        raise AssertionError("a peace answer never suspends anything")


def side_lost(state: State, war: War, side: int) -> bool:
    """L1115-1118."""
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
        side_strength(state, war, 1 - side, a, army=True)
        and not side_strength(state, war, side, a, army=True)
        for a in controlled
    )


def separate_peace(state: State, war: War, log: Log) -> bool:
    """Apply the signatures; True when the whole war ends by treaty."""
    signed = set(war["signed"])
    war["signed"] = []
    gp = [great_members(state, war, s) for s in (0, 1)]
    if gp[0] and gp[1] and all(p in signed for p in gp[0] + gp[1]):
        return True
    for side in (0, 1):
        if not gp[1 - side] or not all(p in signed for p in gp[1 - side]):
            continue
        leaving = [p for p in gp[side] if p in signed]
        if not leaving or len(leaving) == len(gp[side]):
            continue
        for power in leaving:
            war["sides"][side].remove(power)
            war["out"] = [*war["out"], power]
            send_home(state, war, power)
        for seat in dict.fromkeys(state.player_of[p] for p in leaving):
            note(log, f"{seat} makes a separate peace", "L1413-1417", seat)
            raise_eti(
                state,
                state.content.tensions["separate_peace"],
                log,
                "a separate peace",
                "L1490",
                culprit=seat,
            )
    return False


def war_verdict(state: State, war: War) -> tuple[str, int | None] | None:
    """What War End Determination finds: (how, winning side) or None to fight on."""
    if war.get("announced"):
        war["announced"] = False
        side = out_of_reach(state, war)
        if side is not None:
            return "remnant", side  # L1443-1450: the side that cannot reach the other takes its reach
    if war["round"] > 2:
        lost = [side_lost(state, war, s) for s in (0, 1)]
        if lost[0] and lost[1]:
            return "stalemate", None
        if lost[0] or lost[1]:
            return "victory", 1 if lost[0] else 0
    if war["quiet"] >= 3:
        return "stalemate", None
    return None


def _taker(state: State, war: War, side: int, area: str) -> str:
    mine: list[str] = war["sides"][side]

    def weight(power: str) -> tuple[int, int, int]:
        here = state.units.get(power, {}).get(area, ())
        # an Empire takes back only its own lands, where its Armies stand (L1057)
        own = power not in NATIVES or (state.content.areas[area].type == "ottoman" and bool(here))
        return int(own), sum(int(c[1:]) for c in here if is_army(c)), -mine.index(power)

    return max(mine, key=weight)


def spoils(state: State, war: War, how: str, winner: int | None) -> dict[str, int]:
    taken = {a: s for a, s in war["conquered"].items() if war["sides"][s]}
    if how in ("victory", "remnant") and winner is not None:
        reach: set[str] = set()
        for power in war["sides"][winner]:
            reach |= army_reach(state, war, power)
        # L1449-1450: at an announced end the other side keeps what the first cannot reach
        taken = {a: s for a, s in taken.items() if s == winner or (how == "remnant" and a not in reach)}
        for area in sorted(reach):
            if area not in taken and held_by(state, war, area, 1 - winner):
                taken[area] = winner
    return taken


SPOILS = "spoils"


def contested(state: State, war: War, how: str, winner: int | None) -> dict[str, list[str]]:
    """Areas of the division where the Armies of two or more of the taking side's players stand:
    Area -> the claimants (Great Powers, one a seat, strongest first)."""
    found: dict[str, list[str]] = {}
    for area, side in sorted(spoils(state, war, how, winner).items()):
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


def ask_division(state: State, war: War, how: str, winner: int | None) -> bool:
    """L1419-1424: the victors' seats answer the proposed division at once (True: asked)."""
    if war.get("division") is not None:
        return False
    disputes = contested(state, war, how, winner)
    if not disputes:
        war["division"] = "agreed"
        return False
    war["ending"] = [how, -1 if winner is None else winner]
    seats = list(dict.fromkeys(state.player_of[p] for powers in disputes.values() for p in powers))
    proposal = {
        a: _taker(state, war, s, a) for a, s in spoils(state, war, how, winner).items() if a in disputes
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


def resolve_war(state: State, war: War, how: str, winner: int | None, log: Log) -> None:
    """The Resolution Phase (L1127-1133)."""
    if ask_division(state, war, how, winner):
        return  # the victors' answers come first (L1419-1424)
    disputes = contested(state, war, how, winner) if war.get("division") == "disputed" else {}
    names = " against ".join("+".join(side) for side in war["sides"])
    verdict = {
        "victory": "is won by",
        "stalemate": "ends in a stalemate",
        "peace": "ends by treaty",
        "remnant": "is declared over, out of reach, to the gain of",
    }[how]
    won = "+".join(war["sides"][winner]) if winner is not None else ""
    note(log, f"The war of {names} {verdict} {won}".rstrip(), "L1411-1429")
    for area, side in sorted(spoils(state, war, how, winner).items()):
        _take(state, war, side, area, log)
    congress = _squabble(state, war, disputes, log)
    for power in [p for side in war["sides"] for p in side] + list(war["out"]):
        if power in NATIVES:
            state.units.pop(power, None)  # the Empire's Armies leave the map (L1060)
            war["surrendered"].pop(power, None)
        else:
            send_home(state, war, power)
    if how in ("victory", "remnant") and winner is not None:
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
    enemy = war["sides"][1 - side]
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
