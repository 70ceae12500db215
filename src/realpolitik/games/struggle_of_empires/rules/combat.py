"""An attack (LANCER UNE ATTAQUE, L248-333): support, alliance tiles, the naval combat, the land
combat, and the raids of the Pirates and Slave Revolt tiles (L540-552).

An attack is a context in ``state.combat`` and a small step machine (:func:`run`): each step either
settles itself or pushes a decision (an ally's support, a dual alliance tile's assignment, fight or
decline at sea, Blockade's +2, Reserve, Fighting Withdrawal) above the attacker's turn; when that
decision pops, the turn resumes and calls :func:`run` again. Sides are ``A`` (the attacker) and
``D`` (the defender: an empire, a neutral marker or a held token).
"""

from __future__ import annotations

from typing import Any

from ....engine.flow import Decision
from ..content import marker_of
from .economy import add_unrest, pay
from .log_lines import Log, say
from .movement import check_blockades
from .state import ARMY, FORT, SHIP, UNIT_NAMES, State

NAVAL, LAND = "naval", "land"


# -- starting an attack -------------------------------------------------------------------------------


def enemies(state: State, seat: str) -> list[str]:
    """L255: every empire but ``seat`` and the members of its own alliance row."""
    row = state.row_of(seat)
    return [o for o in state.seats if o != seat and (row is None or state.row_of(o) != row)]


def targets(state: State, seat: str, region: str, foes: list[str] | None = None) -> list[str]:
    """L251-255: an enemy empire present in ``region``, a neutral marker (by code), or a token held
    by Pirates or a Slave Revolt (``pirates``/``slave-revolt``). R1: the attacker needs an army or a
    ship of its own there. ``foes``: :func:`enemies`, if known."""
    mine = state.units[region].get(seat)
    if mine is None or mine[ARMY] + mine[SHIP] < 1:
        return []
    found: list[str] = []
    tokens, units = state.tokens[region], state.units[region]
    for other in enemies(state, seat) if foes is None else foes:
        if tokens.get(other) or other in units:
            found.append(other)
    for code in dict.fromkeys(state.markers.get(region, ())):
        if marker_of(code).neutral:
            found.append(code)
    for tile, where, _owner in state.held:
        if where == region and tile not in found:
            if tile == "pirates" and state.count(region, seat, SHIP) < 1:
                continue  # a naval fight: it needs a ship
            found.append(tile)
    return found


def start(
    state: State, seat: str, region: str, target: str, *, surprise: bool, log: Log, pay_gold: bool = True
) -> None:
    """Pay 2 gold (L250), then set up the context; :func:`run` takes it from there."""
    if pay_gold:
        pay(state, seat, state.content.rules.attack_cost, log, "attack")
    if target in state.seats:
        kind, defender = "player", target
    elif target in ("pirates", "slave-revolt"):
        kind, defender = "held", None
    else:
        kind, defender = "marker", None
    if surprise:
        _spend_single_use(state, seat, "surprise-attack")
    state.combat = {
        "attacker": seat,
        "defender": defender,
        "region": region,
        "kind": kind,
        "target": target,
        "surprise": surprise,
        "step": "support",
        "queue": _support_queue(state, seat, defender, region, surprise=surprise),
        "support": {},
        "ask": None,
        "offers": {},
        "answers": {},
        "assign": {},
        "naval": None,
        "boost": False,
        "phase": None,
        "dice": {},
        "reserve": [],
        "withdrawn": False,
        "winner": None,
        "losses": [],
    }
    say(
        log,
        "attack_surprise" if surprise else "attack",
        "L248-255",
        seat,
        seat=seat,
        target=target,
        region=region,
    )


def _support_queue(
    state: State, seat: str, defender: str | None, region: str, *, surprise: bool
) -> list[str]:
    """L310-314: the attacker asks its allies first, then the defender asks its own; a neutral
    never has allies (L303, L314), nor does a defender taken by surprise (L558-559)."""
    queue = [a for a in state.seats if a not in (seat, defender) and state.allied(a, seat)]
    if defender is not None and not surprise:
        queue += [a for a in state.seats if a not in (seat, defender) and state.allied(a, defender)]
    return [a for a in queue if _support_options(state, a, region)]


def _support_options(state: State, ally: str, region: str) -> list[str]:
    """What an ally may commit (L303-308): ships, armies, or both; forts never."""
    naval_at = state.content.regions[region].naval_at
    ships = naval_at is not None and state.count(naval_at, ally, SHIP) > 0
    armies = state.count(region, ally, ARMY) > 0
    options = []
    if ships:
        options.append("ships")
    if armies:
        options.append("armies")
    if ships and armies:
        options.append("all")
    return options


# -- the step machine ----------------------------------------------------------------------------------


def run(state: State, log: Log) -> bool:
    """Advance the attack until a decision is needed (True) or it is over (False)."""
    c = state.combat
    while c is not None:
        step = c["step"]
        if step == "support":
            if c["ask"] is not None:  # the offer is made (R22): now the ally answers
                ally, c["ask"] = c["ask"], None
                _ask_support(state, c, ally)
                return True
            if c["queue"]:
                ally = c["queue"].pop(0)
                asker = _asker(state, c, ally)
                if state.options.get("support_gold", "on-support") != "off" and state.gold[asker] > 0:
                    c["ask"] = ally
                    state.flow.push(Decision("offer", asker, {"ally": ally}))
                    return True
                _ask_support(state, c, ally)
                return True
            c["step"] = "assign"
            c["queue"] = _assign_queue(state, c)
        elif step == "assign":
            if c["queue"]:
                side, seat, tile = c["queue"].pop(0)
                state.flow.push(Decision("assign", seat, {"side": side, "tile": tile}))
                return True
            c["step"] = "naval"
        elif step == "naval":
            if _naval_choice(state, c, log):
                return True
        elif step in ("naval-roll", "land-roll"):
            phase = NAVAL if step == "naval-roll" else LAND
            c["phase"] = phase
            _roll(state, c, log)
            c["reserve"] = _reserve_queue(state, c)
            c["step"] = phase + "-reserve"
        elif step in ("naval-reserve", "land-reserve"):
            if c["reserve"]:
                seat = c["reserve"].pop(0)
                state.flow.push(Decision("reserve", seat, {}))
                return True
            c["step"] = c["phase"] + "-resolve"
        elif step == "naval-resolve":
            _resolve(state, c, log)
            c["step"] = "naval-losses"
        elif step == "naval-losses":
            if _take_losses(state, c, log):
                return True
            c["naval"] = c["winner"]  # L277-278, L294: the winner has naval support; none after a tie
            if c["kind"] == "held" and c["winner"] == "A":
                _take(state, c, log)
            if c["kind"] == "held" and c["target"] == "pirates":
                c["step"] = "done"
            else:
                c["step"] = "boost"
        elif step == "boost":
            side = c["naval"]
            seat = _main(c, side) if side else None
            c["step"] = "land-roll"
            if seat is not None and state.has(seat, "blockade") and "blockade" not in state.no_rebuy[seat]:
                state.flow.push(Decision("boost", seat, {}))
                return True
        elif step == "land-resolve":
            if _withdraw_asked(state, c):
                return True
            _resolve(state, c, log)
            c["step"] = "land-losses"
        elif step == "withdraw":
            _resolve(state, c, log)
            c["step"] = "land-losses"
        elif step == "land-losses":
            if _take_losses(state, c, log):
                return True
            if c["winner"] == "A":
                _take(state, c, log)
            c["step"] = "done"
        else:  # done
            state.combat = None
            check_blockades(state)
            return False
    return False


def _main(c: dict[str, Any], side: str) -> str | None:
    seat: str | None = c["attacker"] if side == "A" else c["defender"]
    return seat


def _assign_queue(state: State, c: dict[str, Any]) -> list[list[str]]:
    """L319-322: a tile showing army and ship is assigned to the naval or the land combat after
    support is settled and before any dice; asked only where a naval combat can happen."""
    region = c["region"]
    if c["kind"] != "player" or state.content.regions[region].naval_at is None:
        return []
    queue = []
    for side in ("A", "D"):
        seat = _main(c, side)
        assert seat is not None
        for tile in _alliance_tiles(state, seat, region):
            if state.content.tiles[tile].bonus == "either":
                queue.append([side, seat, tile])
    return queue


def _alliance_tiles(state: State, seat: str, region: str) -> list[str]:
    tiles = state.content.tiles
    return [
        t
        for t, n in state.owned[seat].items()
        if n and tiles[t].kind == "alliance" and region in tiles[t].regions
    ]


def _side_ships(state: State, c: dict[str, Any], side: str) -> int:
    naval_at = state.content.regions[c["region"]].naval_at
    seat = _main(c, side)
    if naval_at is None or seat is None:
        return 0
    total = state.count(naval_at, seat, SHIP)
    for ally, given in c["support"].items():
        if given in ("ships", "all") and _ally_side(state, c, ally) == side:
            total += state.count(naval_at, ally, SHIP)
    return total


def _ally_side(state: State, c: dict[str, Any], ally: str) -> str:
    return "A" if state.allied(ally, c["attacker"]) else "D"


def _naval_choice(state: State, c: dict[str, Any], log: Log) -> bool:
    """L257-267, L296-299: who gets naval support, by a fight at sea or without one.

    R3: a side with no ship there cannot fight at sea nor be given naval support."""
    region = state.content.regions[c["region"]]
    if region.naval_at is None:
        c["step"] = "land-roll"
        return False
    if c["kind"] != "player":
        if c["target"] == "pirates":
            c["step"] = "naval-roll"  # retaking a pirates' token is a fight at sea (L546-547)
            return False
        # L297-299: a neutral never fights at sea; the attacker has naval support with a ship there
        has_ship = state.count(region.naval_at, c["attacker"], SHIP) > 0
        c["naval"] = "A" if has_ship else None
        c["step"] = "boost"
        return False
    a_ships, d_ships = _side_ships(state, c, "A"), _side_ships(state, c, "D")
    asked = c.get("asked_naval", "")
    if a_ships == 0:
        c["naval"] = "D" if d_ships else None
        c["step"] = "boost"
        return False
    if asked == "":
        c["asked_naval"] = "A"
        state.flow.push(Decision("naval", c["attacker"], {"side": "A"}))
        return True
    if asked == "A-fight":
        if d_ships == 0:
            c["naval"] = "A"
            c["step"] = "boost"
            return False
        c["asked_naval"] = "D"
        state.flow.push(Decision("naval", c["defender"], {"side": "D"}))
        return True
    if asked == "A-decline":
        c["naval"] = "D" if d_ships else None
        say(log, "declines", "L263-265", c["attacker"], seat=c["attacker"])
    elif asked == "D-decline":
        c["naval"] = "A"
        say(log, "declines", "L265-266", c["defender"], seat=c["defender"])
    elif asked == "D-fight":
        c["step"] = "naval-roll"
        return False
    c["step"] = "boost"
    return False


def _roll(state: State, c: dict[str, Any], log: Log) -> None:
    """L273-275: each side rolls two dice (someone rolls for a neutral, L297)."""
    die = state.rng.die
    c["dice"] = {"A": [die(), die()], "D": [die(), die()]}
    say(
        log,
        f"{c['phase']}_dice",
        "L273-275",
        attacker=c["attacker"],
        a=str(c["dice"]["A"]),
        defender=c["target"],
        d=str(c["dice"]["D"]),
    )


def _reserve_queue(state: State, c: dict[str, Any]) -> list[str]:
    """L501-504: the attacker or the defender (never an ally) may use a Reserve after the dice."""
    queue = []
    for side in ("A", "D"):
        seat = _main(c, side)
        if seat is not None and state.unused(seat, "reserve") > 0:
            queue.append(seat)
    return queue


def reroll(state: State, seat: str, log: Log) -> None:
    """Reserve: the dice are rolled again (all of them, or the user's own with the option, R6);
    only the new roll counts, so a natural 7 of the first no longer costs a unit (L503-504)."""
    c = state.combat
    assert c is not None
    state.used[seat]["reserve"] = state.used[seat].get("reserve", 0) + 1
    die = state.rng.die
    side = "A" if seat == c["attacker"] else "D"
    sides = (side,) if state.options.get("reserve_rerolls") == "own" else ("A", "D")
    for s in sides:
        c["dice"][s] = [die(), die()]
    say(
        log,
        "reserve",
        "L501-504",
        seat,
        seat=seat,
        tile="reserve",
        a=str(c["dice"]["A"]),
        d=str(c["dice"]["D"]),
    )
    c["reserve"] = list(_reserve_queue(state, c))


def strength(state: State, c: dict[str, Any], side: str) -> int:
    """T2 (L268-275): units + training + naval support + alliance tiles, dice not included."""
    rules = state.content.rules
    phase = c["phase"]
    region = c["region"]
    naval_at = state.content.regions[region].naval_at
    seat = _main(c, side)
    if seat is None:  # a neutral marker or a held token
        if c["kind"] == "held":
            return rules.pirates_strength if c["target"] == "pirates" else rules.slave_revolt_strength
        return marker_of(c["target"]).strength
    total = 0
    if phase == NAVAL:
        assert naval_at is not None
        own = state.count(naval_at, seat, SHIP)
        total += _side_ships(state, c, side)
    else:
        own = state.count(region, seat, ARMY)
        total += own
        if side == "D":
            forts = state.count(region, seat, FORT)
            total += rules.fort_value * forts  # L268-269: forts count in defence only
            own += forts
        for ally, given in c["support"].items():
            if given in ("armies", "all") and _ally_side(state, c, ally) == side:
                total += state.count(region, ally, ARMY)
        if c["naval"] == side:
            total += rules.blockade_support if c["boost"] else rules.naval_support
    # L270-272, L494-499: more training tiles than the opposing main combatant, with own units engaged
    tile = "naval-training" if phase == NAVAL else "army-training"
    other = _main(c, "D" if side == "A" else "A")
    theirs = state.has(other, tile) if other is not None else 0
    if own > 0 and state.has(seat, tile) > theirs:
        total += rules.training_bonus
    # L316-324: alliance tiles valid here, +1 army or +1 ship, the owner's own combats only
    for t in _alliance_tiles(state, seat, region):
        bonus = state.content.tiles[t].bonus
        target_phase = LAND if bonus == "army" else c["assign"].get(t, LAND)
        if target_phase == phase:
            total += state.owned[seat][t]
    return total


def totals(state: State, c: dict[str, Any]) -> tuple[int, int]:
    dice = c["dice"]
    a = strength(state, c, "A") + abs(dice["A"][0] - dice["A"][1])
    d = strength(state, c, "D") + abs(dice["D"][0] - dice["D"][1])
    return a, d


def _winner(state: State, c: dict[str, Any]) -> str | None:
    a, d = totals(state, c)
    return "A" if a > d else "D" if d > a else None


def _withdraw_asked(state: State, c: dict[str, Any]) -> bool:
    """L554-556: a beaten defender may play Fighting Withdrawal once the dice are known."""
    defender = c["defender"]
    if defender is None or _winner(state, c) != "A" or not state.has(defender, "fighting-withdrawal"):
        return False
    if "fighting-withdrawal" in state.no_rebuy[defender]:
        return False
    c["step"] = "withdraw"
    state.flow.push(Decision("withdraw", defender, {}))
    return True


def _committed(state: State, c: dict[str, Any], side: str, phase: str) -> list[str]:
    wanted = ("ships", "all") if phase == NAVAL else ("armies", "all")
    return [a for a, g in c["support"].items() if g in wanted and _ally_side(state, c, a) == side]


def _resolve(state: State, c: dict[str, Any], log: Log) -> None:
    """L275-294: the result and the losses it costs (defeat, tie, natural 7), queued in
    ``c["losses"]`` as ``[seat, forts]`` (one unit of ``seat``; ``forts``: a fort may be the one)
    or ``[loser, [ally, ...]]`` (the loser's natural 7 falls on one of these allies, its choice).
    The totals are taken before any unit is removed."""
    phase = c["phase"]
    region = c["region"]
    winner = _winner(state, c)
    a, d = totals(state, c)
    say(log, f"{phase}_result", "L273-275", region=region, a=a, d=d)
    c["winner"] = winner
    losses: list[list[Any]] = []
    for side in ("A", "D"):
        seat = _main(c, side)
        if seat is None:
            continue  # a neutral loses nothing (L292-293)
        lost = winner is not None and winner != side
        if side == "D" and c["withdrawn"]:
            continue  # L554-556: Fighting Withdrawal spares the defender and its allies
        # R2: a fort may go on a defeat, never on a tie (L291-292); only a defender has one in the
        # combat, forts counting in defence only (L268-269)
        forts = phase == LAND and side == "D" and winner is not None
        if lost or winner is None:
            losses.append([seat, forts and lost])
        dice = c["dice"][side]
        if dice[0] + dice[1] == 7:
            # L284-287: a natural 7 costs one more unit; the loser's falls on an ally that fought
            # beside it, the loser choosing which if several did
            allies = [a for a in _committed(state, c, side, phase) if _has_kind(state, a, region, phase)]
            if lost and len(allies) > 1 and state.options.get("loss_choice", "owner") == "owner":
                losses.append([seat, allies])
            elif lost and allies:
                losses.append([allies[0], False])
            else:
                losses.append([seat, forts])
    c["losses"] = losses


def _take_losses(state: State, c: dict[str, Any], log: Log) -> bool:
    """Remove the queued losses in order; True when an owner must choose (R2, option
    ``loss_choice=owner``): which unit, or (the loser) which ally pays its natural 7."""
    choose = state.options.get("loss_choice", "owner") == "owner"
    while c["losses"]:
        seat, what = c["losses"][0]
        if isinstance(what, list):
            state.flow.push(Decision("lose", seat, {"allies": list(what)}))
            return True
        kinds = loss_kinds(state, seat, c["region"], c["phase"], forts=what)
        if len(kinds) > 1 and choose:
            state.flow.push(Decision("lose", seat, {"kinds": [UNIT_NAMES[k] for k in kinds]}))
            return True
        c["losses"].pop(0)
        if kinds:
            remove_unit(state, seat, c["region"], c["phase"], kinds[0], log=log)
    return False


def loss_kinds(state: State, seat: str, region: str, phase: str, *, forts: bool) -> list[int]:
    """The kinds of unit ``seat`` could lose here, in the automatic order (R2: an army before a
    fort)."""
    if phase == NAVAL:
        naval_at = state.content.regions[region].naval_at
        return [SHIP] if naval_at is not None and state.count(naval_at, seat, SHIP) > 0 else []
    kinds = (ARMY, FORT) if forts else (ARMY,)
    return [k for k in kinds if state.count(region, seat, k) > 0]


def remove_unit(state: State, seat: str, region: str, phase: str, kind: int, *, log: Log) -> None:
    """One unit lost in combat, and its unrest marker (L277, L326)."""
    where = region
    if phase == NAVAL:
        naval_at = state.content.regions[region].naval_at
        assert naval_at is not None
        where = naval_at
    state.add_unit(where, seat, kind, -1)
    add_unrest(state, seat, 1, log)  # L326: one unrest marker per unit lost
    say(log, "loses", "L277, L326", seat, seat=seat, unit=UNIT_NAMES[kind], region=where)


def choose_loss(state: State, seat: str, choice: str, log: Log) -> None:
    """The answer to a ``lose`` decision: a unit kind, or the ally that pays a natural 7; in a
    raid (``raid`` in the decision's data) the next losses follow."""
    top = state.flow.current()
    if "raid" in top.data:
        region, pending = top.data["raid"], list(top.data["pending"])
        pending.pop(0)
        remove_unit(state, seat, region, LAND, UNIT_NAMES.index(choice), log=log)
        state.flow.pop()
        raid_losses(state, seat, region, pending, log)
        return
    c = state.combat
    assert c is not None
    if choice in state.seats:
        c["losses"][0] = [choice, False]
        say(log, "natural_seven", "L286-287", seat, seat=seat, ally=choice)
        return
    c["losses"].pop(0)
    remove_unit(state, seat, c["region"], c["phase"], UNIT_NAMES.index(choice), log=log)


def _asker(state: State, c: dict[str, Any], ally: str) -> str:
    """Who asks ``ally`` for support: the attacker for its allies, the defender for its own."""
    asker: str = c["attacker"] if _ally_side(state, c, ally) == "A" else c["defender"]
    return asker


def _ask_support(state: State, c: dict[str, Any], ally: str) -> None:
    offer = c["offers"].get(ally, 0)
    state.flow.push(Decision("support", ally, {"from": _asker(state, c, ally), "offer": offer}))


def offer_gold(state: State, seat: str, ally: str, amount: int, log: Log) -> None:
    """R22 (L312-314): only gold may be offered for support; with ``support_gold=upfront`` it is
    handed over at once, otherwise when the ally commits units (:func:`pay_offer`)."""
    c = state.combat
    assert c is not None
    c["offers"] = {**c["offers"], ally: amount}
    if amount and state.options.get("support_gold", "on-support") == "upfront":
        state.gold[seat] -= amount
        state.gold[ally] += amount
    if amount:
        say(log, "offer", "L312-314", seat, seat=seat, ally=ally, gold=amount)
    else:
        say(log, "no_offer", "L312-314", seat, seat=seat, ally=ally)


def pay_offer(state: State, ally: str, committed: bool, log: Log) -> None:
    """R22, ``on-support``: the gold offered passes when the ally commits units."""
    c = state.combat
    assert c is not None
    amount = c["offers"].get(ally, 0)
    if committed and amount and state.options.get("support_gold", "on-support") == "on-support":
        asker = _asker(state, c, ally)
        paid = min(amount, state.gold[asker])
        state.gold[asker] -= paid
        state.gold[ally] += paid
        say(log, "support_paid", "L312-314", asker, seat=asker, ally=ally, gold=paid)


def offer_amounts(state: State, seat: str) -> list[int]:
    """The offers listed (any amount up to the gold in hand is legal: a gift is no debt, so no
    loan pays for it, L65-66)."""
    return list(range(min(state.gold[seat], 3) + 1))


def _has_kind(state: State, seat: str, region: str, phase: str) -> bool:
    naval_at = state.content.regions[region].naval_at
    if phase == NAVAL:
        return naval_at is not None and state.count(naval_at, seat, SHIP) > 0
    return state.count(region, seat, ARMY) > 0


def _take(state: State, c: dict[str, Any], log: Log) -> None:
    """L278-282, L300-301, L545-547: what a winning attacker gains."""
    seat, region, target = c["attacker"], c["region"], c["target"]
    if c["kind"] == "player":
        if state.token_count(region, target) > 0:  # L280-281: no token, nothing to replace
            state.add_token(region, target, -1)
            state.add_token(region, seat)
            say(log, "replaces", "L278-279", seat, seat=seat, target=target, region=region)
    elif c["kind"] == "marker":
        marker = marker_of(target)
        state.markers[region].remove(target)
        state.add_token(region, seat)
        state.gold[seat] += marker.gold
        state.vp[seat] += marker.vp
        say(log, "conquers", "L281-282, L300-301", seat, seat=seat, target=target, region=region)
    else:
        held = next(h for h in state.held if h[0] == target and h[1] == region)
        state.held.remove(held)
        state.stock[target] += 1
        state.add_token(region, seat)
        say(log, "retakes", "L545-547", seat, seat=seat, tile=target, region=region)


def _spend_single_use(state: State, seat: str, tile: str) -> None:
    """L168-171: used once, back to stock, not bought again by its user this round."""
    state.owned[seat][tile] -= 1
    if not state.owned[seat][tile]:
        del state.owned[seat][tile]
    state.stock[tile] += 1
    state.no_rebuy[seat].append(tile)


def spend_single_use(state: State, seat: str, tile: str) -> None:
    _spend_single_use(state, seat, tile)


# -- raids: the Pirates and the Slave Revolt tiles ---------------------------------------------------


def raid_targets(state: State, seat: str, tile: str) -> list[tuple[str, str]]:
    """L540-552: a control token of any other colour in a colony (the Americas for the Revolt)."""
    allowed = state.content.tiles[tile].regions or tuple(
        r for r in state.content.scoring_ids if state.content.regions[r].colonial
    )
    found = []
    for r in allowed:
        tokens = state.tokens[r]
        if tokens:
            found += [(r, other) for other in state.seats if other != seat and tokens.get(other, 0)]
    return found


def raid(state: State, tile: str, region: str, victim: str, log: Log) -> None:
    """The tile fights the victim at once (no allies, L544): Pirates at sea with strength 1 against
    the victim's ships there, a Slave Revolt on land with 3 against its armies and forts, naval
    support counting for the victim if it has a ship there (R15). A won raid holds the token on
    the tile (no income, no VP); a failed one sends the tile back to stock."""
    rules = state.content.rules
    naval = tile == "pirates"
    die = state.rng.die
    raider_dice, victim_dice = [die(), die()], [die(), die()]
    if naval:
        units = state.count(region, victim, SHIP)
        raider = rules.pirates_strength
        tile_kind = "naval-training"
    else:
        units = state.count(region, victim, ARMY) + rules.fort_value * state.count(region, victim, FORT)
        raider = rules.slave_revolt_strength
        tile_kind = "army-training"
        if state.count(region, victim, SHIP):
            units += rules.naval_support
    own = (
        state.count(region, victim, SHIP)
        if naval
        else state.count(region, victim, ARMY) + state.count(region, victim, FORT)
    )
    bonus = rules.training_bonus if own and state.has(victim, tile_kind) else 0
    r_total = raider + abs(raider_dice[0] - raider_dice[1])
    v_total = units + bonus + abs(victim_dice[0] - victim_dice[1])
    phase = NAVAL if naval else LAND
    say(log, "raid", "L540-552", tile=tile, region=region, victim=victim, a=r_total, d=v_total)
    won = r_total > v_total
    pending: list[bool] = []  # the victim's losses, each: may a fort be the one (not on a tie)
    if won or r_total == v_total:
        pending.append(won)
    if sum(victim_dice) == 7:
        pending.append(r_total != v_total)
    if won:
        state.add_token(region, victim, -1)
        state.held.append([tile, region, victim])
    else:
        state.stock[tile] += 1
    if naval:
        for forts in pending:
            _lose_at(state, victim, region, phase, forts=forts, log=log)
        check_blockades(state)
    else:
        raid_losses(state, victim, region, pending, log)


def raid_losses(state: State, victim: str, region: str, pending: list[bool], log: Log) -> None:
    """A land raid's losses in order; the victim names the unit when an army and a fort may go
    (R2, option ``loss_choice=owner``), through a ``lose`` decision."""
    choose = state.options.get("loss_choice", "owner") == "owner"
    while pending:
        kinds = loss_kinds(state, victim, region, LAND, forts=pending[0])
        if len(kinds) > 1 and choose:
            names = [UNIT_NAMES[k] for k in kinds]
            state.flow.push(Decision("lose", victim, {"kinds": names, "raid": region, "pending": pending}))
            return
        pending.pop(0)
        if kinds:
            remove_unit(state, victim, region, LAND, kinds[0], log=log)


def _lose_at(state: State, seat: str, region: str, phase: str, *, forts: bool, log: Log) -> None:
    if phase == NAVAL:
        if state.count(region, seat, SHIP):
            state.add_unit(region, seat, SHIP, -1)
            add_unrest(state, seat, 1, log)
            say(log, "loses", "L326", seat, seat=seat, unit="ship", region=region)
        return
    for kind in (ARMY, FORT) if forts else (ARMY,):
        if state.count(region, seat, kind):
            state.add_unit(region, seat, kind, -1)
            add_unrest(state, seat, 1, log)
            say(log, "loses", "L326", seat, seat=seat, unit=UNIT_NAMES[kind], region=region)
            return
