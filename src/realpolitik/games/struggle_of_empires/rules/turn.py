"""A turn of the action rounds (L133-154): two actions among Buy a tile (A, once a round), Build
(B), Move (C), Attack (D), Colonize or Enslave (E, once a round) and Pass (F), with the free tile
uses between them (L175-178). A move, a militia army, a raid or an attack's decisions are pushed
above the turn; the turn resumes when they are done and ends after its second action."""

from __future__ import annotations

from ....engine.flow import Decision
from . import combat
from .actions import Act
from .economy import add_unrest, discard_unrest, pay, reform_discards
from .log_lines import Log, say
from .movement import (
    army_may_enter,
    army_reach,
    can_move,
    lost_at_sea,
    move_unit,
    moves,
    needs_roll,
    sea_roll,
    ship_reach,
)
from .state import ARMY, FORT, SHIP, UNIT_NAMES, State
from .war import commerce_yield, end_turn

KINDS = {"army": ARMY, "ship": SHIP, "fort": FORT}
FREE_BUILDS = {
    "merc": ("mercenaries", ARMY),
    "press": ("pressgangs", SHIP),
    "natives": ("trained-natives", ARMY),
}


# -- what may be done ----------------------------------------------------------------------------------


def build_sites(state: State, seat: str, kind: int, reach: list[str] | None = None) -> list[str]:
    """L185-195: the home country, or any region a unit could legitimately reach from it; a fort
    is placed as an army (L597-598). ``reach``: the regions such a unit may enter, if known."""
    home = state.home(seat)
    if reach is None:
        reach = ship_reach(state, seat) if kind == SHIP else army_reach(state, seat)
    return [home] + [r for r in reach if r != home]


def natives_sites(state: State, seat: str) -> list[str]:
    """L514-518: a colony where the seat has a token or any unit."""
    return [
        r
        for r in state.content.scoring_ids
        if state.content.regions[r].colonial and (state.token_count(r, seat) or seat in state.units[r])
    ]


def free_uses(state: State, seat: str) -> list[Act]:
    """Tile uses that are free actions (L175-178)."""
    acts: list[Act] = []
    tiles = state.content.tiles
    for tile in sorted(state.owned[seat]):
        info = tiles[tile]
        if (
            info.kind == "commerce"
            and state.options.get("commerce") != "income"
            and state.unused(seat, tile) > 0
        ):
            acts += [Act("trade", (tile, r)) for r in info.regions if state.token_count(r, seat)]
    if (
        state.unused(seat, "improved-agriculture") > 0
        and state.population[seat] < state.content.rules.population_cap
    ):
        acts.append(Act("use", ("improved-agriculture",)))
    if state.has(seat, "government-reform") and reform_discards(state, seat):
        acts.append(Act("use", ("government-reform",)))
    if state.has(seat, "blockade"):
        placed = {r for r, _o in state.blockades}
        acts += [
            Act("blockade", (r,))
            for r in state.content.scoring_ids
            if state.content.regions[r].colonial and r not in placed and state.count(r, seat, SHIP)
        ]
    if state.unused(seat, "diplomatic-service") > 0:
        acts += [
            Act("ally", (t,))
            for t in state.content.tile_ids
            if tiles[t].kind == "alliance"
            and state.stock[t] > 0
            and state.population[seat] >= tiles[t].population
        ]
    if state.unused(seat, "war-office") > 0 and state.options.get("war_office") in ("free-action", "both"):
        acts += _attacks(state, seat, "free")
    return acts


def _attacks(state: State, seat: str, mode: str | None) -> list[Act]:
    acts: list[Act] = []
    foes = combat.enemies(state, seat)
    for region in state.content.scoring_ids:
        for target in combat.targets(state, seat, region, foes):
            acts.append(Act("attack", (region, target, mode) if mode else (region, target)))
            if mode is None and target in state.seats and state.has(seat, "surprise-attack"):
                acts.append(Act("attack", (region, target, "surprise")))
    return acts


def buyable(state: State, seat: str) -> list[str]:
    tiles = state.content.tiles
    found = []
    for t in state.content.tile_ids:
        info = tiles[t]
        if state.stock[t] < 1 or t in state.no_rebuy[seat] or state.population[seat] < info.population:
            continue
        if info.copies == 1 and state.has(seat, t):
            continue  # R16: duplicates only of tiles printed in several copies
        if t in ("pirates", "slave-revolt") and not combat.raid_targets(state, seat, t):
            continue
        found.append(t)
    return found


class Turn:
    def choices(self, state: State, seat: str, decision: Decision) -> list[Act]:
        acts = free_uses(state, seat)
        if decision.data["actions"] <= 0:
            return [*acts, Act("pass")]
        flags = state.round_flags[seat]
        if "buy" not in flags:
            acts += [Act("buy", (t,)) for t in buyable(state, seat)]
        armies = army_reach(state, seat)
        ships: list[str] | None = None
        if state.population[seat] >= 1:  # R19: no building at Population 0
            ships = ship_reach(state, seat)
            land = build_sites(state, seat, ARMY, armies)
            acts += [Act("build", ("army", r)) for r in land]
            acts += [Act("build", ("ship", r)) for r in build_sites(state, seat, SHIP, ships)]
            acts += [Act("build", ("fort", r)) for r in land]  # placed as an army (L597-598)
            # Militia's second army is paid too: it is offered after the build (L520-522)
        for variant, (tile, kind) in FREE_BUILDS.items():
            if state.unused(seat, tile) > 0:
                if variant == "natives":
                    sites = natives_sites(state, seat)
                elif kind == SHIP:
                    sites = build_sites(state, seat, SHIP, ships)
                else:
                    sites = build_sites(state, seat, ARMY, armies)
                acts += [Act("build", (UNIT_NAMES[kind], r, variant)) for r in sites]
        if can_move(state, seat):
            acts.append(Act("move"))
        acts += _attacks(state, seat, None)
        if state.unused(seat, "war-office") > 0 and state.options.get("war_office") == "no-gold":
            acts += _attacks(state, seat, "free")
        if "colonize" not in flags:
            if state.population[seat] >= 1:
                acts += [
                    Act("colonize", (r,)) for r in state.content.scoring_ids if "pop" in state.markers[r]
                ]
            if "slaves" in state.markers.get("africa", ()) and state.count("africa", seat, SHIP):
                acts.append(Act("enslave", ("africa",)))
        acts.append(Act("pass"))
        return acts

    def apply(self, state: State, seat: str, action: Act, decision: Decision, log: Log) -> None:
        verb, args = action.verb, action.args
        data = decision.data
        if verb == "pass":
            if data["actions"] > 0:
                say(log, "passes", "L346-348", seat, seat=seat)
            end_turn(state, seat, log)
            return
        if verb in ("trade", "use", "blockade", "ally") or (
            verb == "attack" and args[-1] == "free" and state.options.get("war_office") != "no-gold"
        ):
            self._free(state, seat, action, log)
            if verb == "attack" and combat.run(state, log):
                return  # the turn goes on when the attack is over (resume)
            if data["actions"] <= 0:
                self._after(state, seat, decision, log)
            return
        data["actions"] -= 1
        if verb == "buy":
            state.round_flags[seat].append("buy")
            if self._buy(state, seat, args[0], log):
                return
        elif verb == "build":
            if self._build(state, seat, args, log):
                return
        elif verb == "move":
            extra = 1 if state.has(seat, "logistics") else 0  # L524
            state.flow.push(Decision("move", seat, {"left": 2 + extra}))
            return
        elif verb == "attack":
            free = args[-1] == "free"  # the War Office with the no-gold reading (R7)
            if free:
                state.used[seat]["war-office"] = state.used[seat].get("war-office", 0) + 1
            surprise = args[-1] == "surprise"
            combat.start(state, seat, args[0], args[1], surprise=surprise, log=log, pay_gold=not free)
            if combat.run(state, log):
                return
        elif verb in ("colonize", "enslave"):
            state.round_flags[seat].append("colonize")
            region = args[0]
            code = "pop" if verb == "colonize" else "slaves"
            if verb == "colonize":
                state.population[seat] -= 1  # L337-338
            state.markers[region].remove(code)
            state.add_token(region, seat)
            say(log, verb, "L335-344", seat, seat=seat, region=region)
        self._after(state, seat, decision, log)

    def resume(self, state: State, decision: Decision, log: Log) -> None:
        if state.combat is not None and combat.run(state, log):
            return
        self._after(state, decision.seat, decision, log)

    def _after(self, state: State, seat: str, decision: Decision, log: Log) -> None:
        # L176-178: tiles may still be used once the two actions are taken; the turn waits for
        # them (or ``pass``) only when a use is open
        if decision.data["actions"] <= 0 and not free_uses(state, seat):
            end_turn(state, seat, log)

    # -- the actions ---------------------------------------------------------------------------

    def _free(self, state: State, seat: str, action: Act, log: Log) -> None:
        verb, args = action.verb, action.args
        used = state.used[seat]
        if verb == "trade":
            tile, region = args
            gain = commerce_yield(state, seat, tile, region) // max(1, state.owned[seat][tile])
            state.gold[seat] += gain
            used[tile] = used.get(tile, 0) + 1
            say(log, "trade", "L461-463", seat, seat=seat, tile=tile, gold=gain)
        elif verb == "use" and args[0] == "improved-agriculture":
            used["improved-agriculture"] = used.get("improved-agriculture", 0) + 1
            cap = state.content.rules.population_cap
            state.population[seat] = min(cap, state.population[seat] + 1)  # L533
            say(log, "agriculture", "L533", seat, seat=seat, tile="improved-agriculture")
        elif verb == "use":
            state.owned[seat]["government-reform"] -= 1  # R9: one use, then out of the game
            if not state.owned[seat]["government-reform"]:
                del state.owned[seat]["government-reform"]
            gone = discard_unrest(state, seat, state.content.rules.reform_unrest)
            say(log, "uses", "L535-536", seat, seat=seat, tile="government-reform")
            say(log, "reform_discard", "L535-536", seat, (seat,), seat=seat, n=gone)
        elif verb == "blockade":
            state.owned[seat]["blockade"] -= 1
            if not state.owned[seat]["blockade"]:
                del state.owned[seat]["blockade"]
            state.no_rebuy[seat].append("blockade")
            state.blockades.append([args[0], seat])
            say(log, "blockade", "L563-567", seat, seat=seat, region=args[0])
        elif verb == "ally":
            used["diplomatic-service"] = used.get("diplomatic-service", 0) + 1
            self._pay_tile(state, seat, args[0], log)
            state.owned[seat][args[0]] = state.owned[seat].get(args[0], 0) + 1
            say(log, "ally_tile", "L530-531", seat, seat=seat, tile=args[0], via="diplomatic-service")
        else:  # the War Office's attack (L506, R7)
            used["war-office"] = used.get("war-office", 0) + 1
            pay_gold = state.options.get("war_office") != "both"
            combat.start(state, seat, args[0], args[1], surprise=False, log=log, pay_gold=pay_gold)

    def _pay_tile(self, state: State, seat: str, tile: str, log: Log) -> None:
        info = state.content.tiles[tile]
        state.stock[tile] -= 1
        pay(state, seat, info.gold, log, tile)
        add_unrest(state, seat, info.unrest, log)
        state.population[seat] -= info.population

    def _buy(self, state: State, seat: str, tile: str, log: Log) -> bool:
        """L158-181; True when a raid's target is to be chosen."""
        self._pay_tile(state, seat, tile, log)
        say(log, "buy", "L158-164", seat, seat=seat, tile=tile)
        if tile in ("pirates", "slave-revolt"):
            state.flow.push(Decision("raid", seat, {"tile": tile}))
            return True
        state.owned[seat][tile] = state.owned[seat].get(tile, 0) + 1
        if tile == "industry":
            state.vp[seat] += state.content.rules.industry_vp  # L538
        return False

    def _build(self, state: State, seat: str, args: tuple[str, ...], log: Log) -> bool:
        """L183-195; True when Militia's second army (L520-522) or the trained natives' free move
        (L517-518) is offered."""
        kind, region = KINDS[args[0]], args[1]
        variant = args[2] if len(args) > 2 else None
        if variant is None:
            state.population[seat] -= 1
        else:
            tile = FREE_BUILDS[variant][0]
            state.used[seat][tile] = state.used[seat].get(tile, 0) + 1
        if variant == "natives":
            state.add_unit(region, seat, kind)  # L514-516: no ship, no sea roll
            say(log, "natives", "L514-518", seat, seat=seat, region=region)
            if natives_moves(state, seat, region):
                # L517-518: then a free move of that army, with the sea roll if it needs one
                state.flow.push(Decision("move", seat, {"left": 1, "natives": region}))
                return True
        else:
            place_built(state, seat, kind, region, log)
        if variant is None and state.has(seat, "militia") and state.population[seat] >= 1:
            state.flow.push(Decision("militia", seat, {}))
            return True
        return False


def place_built(state: State, seat: str, kind: int, region: str, log: Log) -> None:
    """ndt 2 (L194-195): placed at home, then a free move there (with the sea roll if needed); a
    unit sent back stays at home."""
    home = state.home(seat)
    result = "arrive"
    if region != home and needs_roll(state, home, region):
        result = sea_roll(state, seat, log)
    if result == "arrive":
        state.add_unit(region, seat, kind)
    elif result == "back":
        state.add_unit(home, seat, kind)
    else:
        lost_at_sea(state, seat, log)
    say(log, "build", "L183-195", seat, seat=seat, unit=UNIT_NAMES[kind], region=region, result=result)


def natives_moves(state: State, seat: str, region: str) -> list[tuple[int, str, str]]:
    """L517-518: the trained native army may move from where it was placed, once, for free."""
    return [
        (ARMY, region, target)
        for target in state.content.region_ids
        if target != region and army_may_enter(state, seat, target)
    ]


class Move:
    """Action C: up to two units (three with Logistics), one after the other (L200-203); also
    the free move of a trained native army just placed (``natives`` in the data, L517-518)."""

    def choices(self, state: State, seat: str, decision: Decision) -> list[Act]:
        origin = decision.data.get("natives")
        found = natives_moves(state, seat, origin) if origin else moves(state, seat)
        return [Act(UNIT_NAMES[k], (a, b)) for k, a, b in found] + [Act("done")]

    def apply(self, state: State, seat: str, action: Act, decision: Decision, log: Log) -> None:
        if action.verb != "done":
            move_unit(state, seat, KINDS[action.verb], action.args[0], action.args[1], log=log)
            decision.data["left"] -= 1
            if decision.data["left"] > 0 and can_move(state, seat):
                return
        state.flow.pop()

    def resume(self, state: State, decision: Decision, log: Log) -> None:  # pragma: no cover
        raise AssertionError("a move never suspends anything")


class Militia:
    """L520-522: the second army of a build, for one more Population."""

    def choices(self, state: State, seat: str, decision: Decision) -> list[Act]:
        return [Act("militia", (r,)) for r in build_sites(state, seat, ARMY)] + [Act("no")]

    def apply(self, state: State, seat: str, action: Act, decision: Decision, log: Log) -> None:
        if action.verb == "militia":
            state.population[seat] -= 1
            place_built(state, seat, ARMY, action.args[0], log)
        state.flow.pop()

    def resume(self, state: State, decision: Decision, log: Log) -> None:  # pragma: no cover
        raise AssertionError("a militia army never suspends anything")


class Raid:
    """L540-552: the Pirates or Slave Revolt just bought choose their victim's token."""

    def choices(self, state: State, seat: str, decision: Decision) -> list[Act]:
        return [Act("raid", (r, v)) for r, v in combat.raid_targets(state, seat, decision.data["tile"])]

    def apply(self, state: State, seat: str, action: Act, decision: Decision, log: Log) -> None:
        state.flow.pop()  # the raid is settled at once; the victim may still name its loss (R2)
        combat.raid(state, decision.data["tile"], action.args[0], action.args[1], log)

    def resume(self, state: State, decision: Decision, log: Log) -> None:  # pragma: no cover
        raise AssertionError("a raid never suspends anything")
