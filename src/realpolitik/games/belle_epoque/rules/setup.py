"""Game setup (§3.0-§3.3): options, pieces, decks, and the Initial Setup placements."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Final

from ....engine import OptionsError, Rng, heading
from ....engine.flow import Decision
from ..content import Content, ContentError, load_content
from ..options import SCHEMA
from .board import evaluate, first_free, name, note, set_base
from .state import MinorUnit, NonPlayers, State

Log = Any

PLAYERS: Final = (2, 3, 4)

SEATING: Final = {
    # §3.2 and digest G17: who holds which Powers, and the clockwise seating of the Powers
    # (a player with two Powers has them seated apart).
    2: (("GB", "FR"), ("CE", "RU")),
    3: (("GB",), ("CE",), ("RU", "FR")),
}
CLOCKWISE: Final = {2: ("GB", "CE", "FR", "RU"), 3: ("GB", "RU", "CE", "FR")}

DEFAULTS: Final[dict[str, Any]] = SCHEMA.defaults()
"""Options of a new game (the schema in ``options.py`` describes each). ``np``: the Powers played
by the game's automaton (§13), e.g. ``["FR", "CE", "RU"]`` for a solo Great Britain; each other
Power is one human player, so ``players`` is then 4 minus their number."""

POWER_IDS: Final = ("GB", "FR", "CE", "RU")


def normalize_options(options: Mapping[str, Any]) -> dict[str, Any]:
    """Options checked one by one against the schema (names, types, choices), then the rules that
    tie them together; defaults filled in."""
    given = SCHEMA.check(options)
    result = {**DEFAULTS, **given}
    np = result["np"]
    if len(np) > len(POWER_IDS) - 1:
        raise OptionsError("np: at least one Power must be a human player's (§13)")
    if np:
        # §13: each Power not automated is one human player (solo with 3 NP Powers).
        humans = len(POWER_IDS) - len(np)
        if "players" in options and options["players"] != humans:
            raise OptionsError(f"players must be {humans} with {len(np)} NP Power(s) (one Power each)")
        result["players"] = humans
        result["np"] = [p for p in POWER_IDS if p in np]
    elif result["players"] not in PLAYERS:
        raise OptionsError("players must be 2, 3 or 4 (§3.2); 1 only with Non-Player Powers (§13)")
    content_for(result)  # validates variants and the override now, with the loader's message
    return result


_CACHE: Final[dict[str, Content]] = {}


def content_for(options: Mapping[str, Any]) -> Content:
    """The content a game plays with: the shipped data, the chosen variants, then the override."""
    if not options.get("variants") and not options.get("content"):
        return load_content()
    key = repr((options.get("variants"), options.get("content")))
    if key not in _CACHE:
        base = load_content()
        merged: dict[str, Any] = {}
        for variant in options.get("variants", []):
            if variant not in base.variants:
                raise OptionsError(f"unknown variant {variant!r} (known: {', '.join(base.variants)})")
            _merge(merged, base.variants[variant].override())
        _merge(merged, dict(options.get("content") or {}))
        try:
            _CACHE[key] = load_content(merged)
        except ContentError as error:
            raise OptionsError(f"content override: {error}") from None
    return _CACHE[key]


def _merge(into: dict[str, Any], extra: Mapping[str, Any]) -> None:
    for key, value in extra.items():
        if isinstance(value, Mapping) and isinstance(into.get(key), dict) and "value" not in value:
            _merge(into[key], value)
        else:
            into[key] = value


def new_state(options: Mapping[str, Any], seed: int, log: Log) -> State:
    """Steps 1-7 of §3.0, then the Initial Setup decisions begin (step 8)."""
    content = content_for(options)
    state = State(content, dict(options), Rng.from_seed(seed))
    # Step 2 (§3.1): minor-nation cubes on the map, the rest in the General Reserve.
    for colour, cubes in content.minor_cubes.items():
        state.minor_reserve[colour] = cubes.reserve_at_start
        for territory, n in cubes.setup.items():
            for _ in range(n):
                index = first_free(state, territory)
                assert index is not None
                set_base(state, territory, index, colour)
    for minor, nation in content.minors.items():
        state.minor_units.extend(MinorUnit(minor, "army") for _ in range(nation.armies))
        state.minor_units.extend(MinorUnit(minor, "fleet") for _ in range(nation.fleets))
    # Step 3 (§6.1): Era I shuffled, 2 cards back in the box unseen.
    deck = list(content.event_decks.by_era[1])
    state.rng.shuffle(deck)
    removed = content.event_decks.removed[1]
    state.event_box = deck[:removed]
    state.event_draw = deck[removed:]
    # Step 4: the Intrigue deck.
    state.intrigue_draw = list(content.intrigue_deck)
    if options["intrigue_promos"]:
        state.intrigue_draw.extend(content.intrigue_promos)
    state.rng.shuffle(state.intrigue_draw)
    # Steps 5-7: the Powers' pieces (all units in the Reserve, §3.0 step 6).
    for power_id, power in content.powers.items():
        me = state.powers[power_id]
        me.money = power.start_money
        me.prestige = me.bonus_mark = power.start_prestige
        me.vp = power.start_vp
        if power.start_vp:
            me.scored["start"] = power.start_vp
        me.fleet_track = power.start_fleet_track
        me.armament_left = power.armament_cubes
        me.reserve = power.dm_cubes
        me.national = list(power.national_cards)
    if options.get("np"):
        np_setup(state, tuple(options["np"]), log)
    evaluate(state)
    # Step 8: Initial Setup (§3.3), of the human players only with NP Powers (§13.1).
    state.phase = "initial-setup"
    pools = {p: 0 if state.is_np(p) else content.powers[p].setup_pool for p in content.setup.order}
    first = next(p for p in content.setup.order if pools[p])
    state.flow.push(Decision("place", first, {"placed": [], "pools": pools}))
    heading(log, "Initial Setup", "§3.3", 1)
    note(log, "Initial Setup: each Power places its starting DM cubes, 2 at a time", "§3.3")
    return state


# -- Initial Setup (§3.3) ---------------------------------------------------------------------------


def debts_of(
    state: State, powers: Iterable[str], taken: dict[str, int] | None = None
) -> dict[str, dict[str, int]]:
    """Cubes each Power still owes each continent to meet its minima (§3.3.2), in one pass over
    the map. ``taken``: filled on the way with the spaces taken in each territory."""
    content = state.content
    minima = {p: content.powers[p].setup_minimum for p in powers}
    placed: dict[str, dict[str, int]] = {}
    """Continent -> the cubes placed there by each Power with a minimum in it."""
    for p, minimum in minima.items():
        for continent in minimum:
            placed.setdefault(continent, {})[p] = 0
    territories = state.territories
    for territory, continent, _, _ in content.reach:
        spaces = territories[territory]
        occupied = len(spaces.base) - spaces.free
        if taken is not None:
            taken[territory] = occupied
        counts = placed.get(continent)
        if not occupied or counts is None:
            continue  # (an empty territory, or a continent without minima: the quick test)
        for cube in spaces.base:
            if cube in counts:
                counts[cube] += 1
    return {
        p: {c: n - placed[c][p] if n > placed[c][p] else 0 for c, n in minimum.items()}
        for p, minimum in minima.items()
    }


def _indexed_debts(state: State, powers: Iterable[str]) -> dict[str, dict[str, int]]:
    """:func:`debts_of` (§3.3.2) from the index of each Power's base cubes by continent
    (``State.cube_counts``: a continent is its minor nations' group and its colonies') instead of
    a pass over the map; the same dictionaries, in the same order."""
    content, layout, counts = state.content, state.layout, state.cube_counts
    groups = layout.continent_groups
    debts: dict[str, dict[str, int]] = {}
    for p in powers:
        start = layout.slot[p]
        owed: dict[str, int] = {}
        for continent, n in content.powers[p].setup_minimum.items():
            minors, colonies = groups[continent]
            placed = counts[start + minors] + counts[start + colonies]
            owed[continent] = n - placed if n > placed else 0
        debts[p] = owed
    return debts


def _room(state: State, continent: str, taken: dict[str, int] | None = None) -> int:
    """Cubes the Initial Setup can still put in a continent under the half-spaces rule (§3.3).
    ``taken``: the spaces taken in each territory, when the caller has them (:func:`debts_of`)."""
    room = 0
    for territory, number, half in _halves(state.content, continent):
        if taken is None:
            spaces = state.spaces[number]
            occupied = len(spaces.base) - spaces.free
        else:
            occupied = taken[territory]
        if half > occupied:
            room += half - occupied
    return room


_HALVES: Final[dict[tuple[str, str], list[tuple[str, int, int]]]] = {}


def _halves(content: Content, continent: str) -> list[tuple[str, int, int]]:
    """The continent's territories, each with its number (``State.spaces``) and half its spaces
    (rounded down), by content (§3.3)."""
    key = (content.fingerprint, continent)
    found = _HALVES.get(key)
    if found is None:
        found = _HALVES[key] = [
            (t, content.territory_index[t], content.territories[t].spaces // 2)
            for t in content.continents[continent].territories
        ]
    return found


def _space_refusal(state: State, territory: str) -> tuple[str, str] | None:
    """§3.3: one cube a round in a territory, and at most half of its spaces taken."""
    decision = state.flow.current()
    if territory in decision.data["placed"]:
        return "only 1 DM cube at a time in a given territory in each round", "§3.3"
    spaces = state.content.territories[territory].spaces
    own = state.territories[territory]
    taken = len(own.base) - own.free
    if 2 * (taken + 1) > spaces:
        return f"at most half of the spaces may be occupied ({taken} of {spaces} already)", "§3.3"
    return None


def _minima_refusal(
    state: State, power: str, continent: str, debts: dict[str, dict[str, int]], room: int
) -> tuple[str, str] | None:
    """§3.3.2: a cube in ``continent`` must leave the Power enough cubes for its continent minima,
    and leave room in the continent for everyone's minima (the same for all its territories)."""
    decision = state.flow.current()
    if decision.data.get("relaxed"):
        return None
    pools: dict[str, int] = decision.data["pools"]
    own = debts[power]
    owed = own.get(continent, 0)
    paid = 1 if owed else 0  # the cube pays one of the continent's owed cubes, if any
    if sum(own.values()) - paid > pools[power] - 1:
        debt = dict(own)
        if paid:
            debt[continent] -= 1
        need = ", ".join(f"{n} in {c.title()}" for c, n in debt.items() if n)
        return f"the remaining cubes must still meet the continent minima ({need})", "§3.3.2"
    # §3.3.2 note: rather than rearranging cubes at the end, never take the last places in a
    # continent that the Powers still need to meet their minima (this reading: no Power is ever
    # painted into a corner, by itself or by the others).
    needed = owed - paid
    for other, theirs in debts.items():
        if other != power:
            needed += theirs.get(continent, 0)
    if needed and needed > room - 1:
        return (
            f"the last places in {continent.title()} are needed for the Powers' continent minima",
            "§3.3.2",
        )
    return None


def _debtors(state: State, power: str) -> list[str]:
    """The Powers whose minima still bind: those with cubes left to place, and the placer."""
    decision = state.flow.current()
    pools: dict[str, int] = decision.data["pools"]
    return [p for p in pools if pools[p] or p == power]


def setup_refusal(state: State, power: str, territory: str) -> tuple[str, str] | None:
    """Why an Initial Setup placement is not allowed, or None if it is."""
    if territory not in state.content.territories:
        return f"there is no territory {territory!r}", "§3.3"
    refusal = _space_refusal(state, territory)
    if refusal is not None:
        return refusal
    continent = state.content.territories[territory].continent
    debts = debts_of(state, _debtors(state, power))
    return _minima_refusal(state, power, continent, debts, _room(state, continent))


def setup_places(state: State, power: str) -> list[str]:
    """Every territory :func:`setup_refusal` allows, in map order (callers only read the list).

    Worked out once for a position: a placement asks :func:`has_setup_place` and the legal list
    then asks again, for the same position. The last list of each Power is kept with everything it
    depends on (:func:`_places_key`: the cubes by the map's change stamp), so it cannot be stale."""
    key = _places_key(state, power)
    seen = _PLACES_SEEN.get(power)
    if seen is not None and seen[0] == key:
        return seen[1]
    places = _places(state, power)
    _PLACES_SEEN[power] = (key, places)
    return places


_PlacesKey = tuple[str, bool, tuple[str, ...], tuple[tuple[str, int], ...], int]
_PLACES_SEEN: Final[dict[str, tuple[_PlacesKey, list[str]]]] = {}
"""Power -> the key of the last position its Initial Setup places were worked out for, and them."""


def _places_key(state: State, power: str) -> _PlacesKey:
    """All the Initial Setup places read (§3.3, §3.3.2): the content, whether the minima still
    bind, the territories placed in this round, the cubes each Power has left to place, and the
    cubes on the map (the Powers' debts, the half-spaces rule and each continent's room), by the
    map's change stamp (``State.map_stamp``: equal stamps, equal cubes everywhere)."""
    data = state.flow.current().data
    pools: dict[str, int] = data["pools"]
    return (
        state.content.fingerprint,
        bool(data.get("relaxed")),
        tuple(data["placed"]),
        tuple(pools.items()),
        state.map_stamp,
    )


def has_setup_place(state: State, power: str) -> bool:
    """Whether the Power may place a starting cube at all: the whole list, which the legal
    actions then ask for (:func:`setup_places`)."""
    return bool(setup_places(state, power))


def _places(state: State, power: str) -> list[str]:
    """:func:`setup_refusal` over the map, continent by continent: one pass over each
    continent's territories counts their spaces taken, which give both the half-spaces rule of
    each territory and the continent's room (:func:`_room`); the debts come from the index of
    cubes (:func:`_indexed_debts`); the minima are checked once per continent with a place open."""
    content = state.content
    debts = _indexed_debts(state, _debtors(state, power))
    placed = state.flow.current().data["placed"]
    by_number = state.spaces
    found: list[str] = []
    for continent in content.continent_ids:
        room = 0
        open_here: list[str] = []
        for territory, number, half in _halves(content, continent):
            spaces = by_number[number]
            taken = len(spaces.base) - spaces.free
            if half > taken:  # 2 * (taken + 1) <= spaces: room for one more (§3.3)
                room += half - taken
                if territory not in placed:  # one cube a round in a territory (§3.3)
                    open_here.append(territory)
        if open_here and _minima_refusal(state, power, continent, debts, room) is None:
            found += open_here
    if not _by_continent(content):
        found.sort(key=content.territory_index.__getitem__)  # map order
    return found


_GROUPED: Final[dict[str, bool]] = {}


def _by_continent(content: Content) -> bool:
    """Whether the map order lists the continents' territories one continent after the other (in
    ``continent_ids`` order, each in its own order): then :func:`_places` finds them in map order."""
    found = _GROUPED.get(content.fingerprint)
    if found is None:
        chained = [t for c in content.continent_ids for t in content.continents[c].territories]
        found = _GROUPED[content.fingerprint] = chained == list(content.territory_ids)
    return found


def apply_place(state: State, power: str, territory: str, log: Log) -> bool:
    """Place one Initial Setup cube. Returns True when the Initial Setup is over."""
    decision = state.flow.current()
    index = first_free(state, territory)
    assert index is not None
    set_base(state, territory, index, power)
    state.powers[power].reserve -= 1
    pools: dict[str, int] = decision.data["pools"]
    pools[power] -= 1
    decision.data["placed"].append(territory)
    if log is not None:
        note(log, f"{power} places a DM cube in {name(state, territory)}", "§3.3", power)
    per_round = state.content.setup.cubes_per_round
    if pools[power] and len(decision.data["placed"]) < per_round and has_setup_place(state, power):
        return False
    return _next_placer(state, power, pools, log)


def _next_placer(state: State, power: str, pools: dict[str, int], log: Log) -> bool:
    """The next Power in setup order with cubes left places (§3.3.1). A Power with no legal place
    now waits for the next round; if none has one, the minima stop binding (a safety net the
    checks above make unreachable in practice)."""
    order = state.content.setup.order
    position = order.index(power)
    for relaxed in (False, True):
        for step in range(1, len(order) + 1):
            nxt = order[(position + step) % len(order)]
            if not pools[nxt]:
                continue
            decision = state.flow.replace(Decision("place", nxt, {"placed": [], "pools": pools}))
            if relaxed:
                decision.data["relaxed"] = True
            if has_setup_place(state, nxt):
                return False
            note(log, f"{nxt} has no legal place for a starting cube this round", "§3.3", nxt)
    state.flow.pop()
    return True


def np_setup(state: State, powers: tuple[str, ...], log: Log) -> None:
    """§13.1 step 8: the NP Powers are set up from their NP cards before the humans' Initial Setup;
    their Fleet markers start on 0. They have no money (§13.3) and only the 3 National cards common
    to all Powers (§13.1)."""
    content = state.content
    state.np = NonPlayers(powers)
    common = [
        c for c in content.national_cards if all(c in content.powers[p].national_cards for p in POWER_IDS)
    ]
    for power in powers:
        me = state.powers[power]
        me.money = 0
        me.fleet_track = 0
        me.national = [c for c in me.national if c in common]
        for territory, cubes in content.non_player.powers[power].setup:
            for _ in range(cubes):
                index = first_free(state, territory)
                if index is None or not me.reserve:
                    break
                set_base(state, territory, index, power)
                me.reserve -= 1
        note(log, f"{power} is a Non-Player Power: set up from its NP card", "§13.1", power)


def first_player(state: State, log: Log) -> None:
    """Step 9: a random first player; Turn 1 runs clockwise from it (digest G17). With NP Powers,
    they act first, in an order drawn for Turn 1 (§13.2), then the humans."""
    players = state.options["players"]
    if state.np is not None:
        automata = sorted(state.np.powers, key=state.content.power_ids.index)
        state.rng.shuffle(automata)
        humans = [p for p in state.content.power_ids if p not in state.np.powers]
        first = state.rng.below(len(humans))
        state.turn_order = automata + humans[first:] + humans[:first]
        note(log, f"Turn 1 order: {', '.join(state.turn_order)} (NP Powers first)", "§13.2")
        return
    if players in CLOCKWISE:
        seating = list(CLOCKWISE[players])
    else:
        seating = list(state.content.power_ids)
        state.rng.shuffle(seating)
    first = state.rng.below(len(seating))
    state.turn_order = seating[first:] + seating[:first]
    note(log, f"Turn 1 order: {', '.join(state.turn_order)}", "§3.0")
