"""Scenario positions in the game's own words (see docs/scenarios.md and docs/belle-epoque.md).

```toml
[position]
turn = 5
phase = "action"                 # "initial-setup" (as set up), "turn-start" or "action"
turn_order = ["GB", "FR", "RU", "CE"]
active = "GB"                    # whose Action-Phase turn (phase "action"; default the first)
events = ["portuguese-bankruptcy", "italian-penetration-horn-of-africa"]   # next drawn first

[position.powers.GB]
money = 17
embassies = 3
prestige = 0
armies = 2                       # active in the Arsenal
fleets = { africa = 1, asia = 1 }          # active fleets, by box or "arsenal"
exhausted_fleets = { asia = 1 }
great_work = true

[position.territories]
horn-of-africa = ["GB", "GB", "GB", "FR", "GB", ""]   # per space: owner, "" free, "#" Armament,
china = { GB = 5, CE = 1 }                            #   "FR/GB" GB's cube disputing FR's
```

Every Power's General Reserve is what its 40 cubes leave (unless ``reserve`` is given, which is
then checked); minor-nation reserves likewise. Alliances and control follow from the cubes.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ....engine import ScenarioError
from ....engine.flow import Decision
from .board import holder_of, refresh_allies, set_cubes
from .state import ARMAMENT, ARSENAL, BOXES, HOME, State

_POWER_INTS = (
    "money",
    "embassies",
    "prestige",
    "vp",
    "fleet_track",
    "armament_left",
    "armies_built",
    "armies_boxed",
    "fleets_boxed",
    "empire_turn",
)
_POWER_BOOLS = (
    "great_work",
    "prestige_used",
    "passed",
    "superior_doctrine",
    "targeted",
    "trans_siberian",
)
_POWER_KEYS = {
    *_POWER_INTS,
    *_POWER_BOOLS,
    "reserve",
    "bonus_mark",
    "armies",
    "fleets",
    "exhausted_fleets",
    "intrigue",
    "national",
    "actions_used",
}
_TOP_KEYS = {
    "turn",
    "phase",
    "turn_order",
    "next_order",
    "active",
    "powers",
    "territories",
    "minors",
    "events",
    "intrigue_deck",
    "contrasts",
}


def set_position(state: State, position: Mapping[str, Any]) -> None:
    unknown = sorted(set(position) - _TOP_KEYS)
    if unknown:
        raise ScenarioError(
            f"position: unknown key(s) {', '.join(unknown)} (known: {', '.join(sorted(_TOP_KEYS))})"
        )
    content = state.content
    if "turn" in position:
        state.turn = _int(position["turn"], "turn")
    for key in ("turn_order", "next_order"):
        if key in position:
            setattr(state, key, [_power(state, p, key) for p in position[key]])
    for power, values in _table(position, "powers").items():
        _set_power(state, _power(state, power, "powers"), _as_table(values, f"powers.{power}"))
    for territory, spaces in _table(position, "territories").items():
        _set_territory(state, territory, spaces)
    for minor, values in _table(position, "minors").items():
        _set_minor(state, minor, _as_table(values, f"minors.{minor}"))
    if "events" in position:
        state.event_draw = _draw_pile(position, "events", content.event_cards, "event card")
    if "intrigue_deck" in position:
        state.intrigue_draw = _draw_pile(position, "intrigue_deck", content.intrigue_cards, "Intrigue card")
    for territory, power in _table(position, "contrasts").items():
        _territory(state, territory, "contrasts")
        state.contrasts[territory] = (_power(state, power, "contrasts"), state.turn)
    _balance_reserves(state, position)
    _quiet_evaluate(state)
    _set_phase(state, position)


def _draw_pile(position: Mapping[str, Any], key: str, known: Mapping[str, Any], what: str) -> list[str]:
    """A draw pile listed top card first, stored top card last."""
    cards: list[str] = list(position[key])
    for card in cards:
        if card not in known:
            raise ScenarioError(f"position.{key}: no {what} {card!r}")
    return list(reversed(cards))


def _set_phase(state: State, position: Mapping[str, Any]) -> None:
    phase = position.get("phase", state.phase)
    if phase == "initial-setup":
        return
    if not state.turn:
        raise ScenarioError("position: a turn is needed for this phase")
    if not state.turn_order:
        raise ScenarioError("position: a turn_order is needed for this phase")
    state.flow.clear()
    if phase == "turn-start":
        state.phase = "turn-start"
    elif phase == "action":
        state.phase = "action"
        active = position.get("active", state.turn_order[0])
        state.active = state.turn_order.index(_power(state, active, "active"))
        state.flow.push(Decision("action", active))
    else:
        raise ScenarioError(f"position.phase: {phase!r} is not initial-setup, turn-start or action")


def _set_power(state: State, power: str, values: Mapping[str, Any]) -> None:
    unknown = sorted(set(values) - _POWER_KEYS)
    if unknown:
        raise ScenarioError(f"position.powers.{power}: unknown key(s) {', '.join(unknown)}")
    me = state.powers[power]
    for key in _POWER_INTS:
        if key in values:
            setattr(me, key, _int(values[key], f"powers.{power}.{key}"))
    for key in _POWER_BOOLS:
        if key in values:
            if not isinstance(values[key], bool):
                raise ScenarioError(f"position.powers.{power}.{key} must be true or false")
            setattr(me, key, values[key])
    me.bonus_mark = _int(values.get("bonus_mark", me.prestige), f"powers.{power}.bonus_mark")
    if "armies" in values:
        me.armies_arsenal = _int(values["armies"], f"powers.{power}.armies")
        if "armies_built" not in values:
            me.armies_built = me.armies_arsenal + me.armies_boxed
    fleets = _table(values, "fleets")
    exhausted = _table(values, "exhausted_fleets")
    for box, n in fleets.items():
        if box == ARSENAL:
            me.fleets_arsenal = _int(n, f"powers.{power}.fleets.arsenal")
        elif box in BOXES:
            me.fleets_active[box] = _int(n, f"powers.{power}.fleets.{box}")
        else:
            raise ScenarioError(f"position.powers.{power}.fleets: no fleet box {box!r}")
    for box, n in exhausted.items():
        if box not in BOXES:
            raise ScenarioError(f"position.powers.{power}.exhausted_fleets: no fleet box {box!r}")
        me.fleets_exhausted[box] = _int(n, f"powers.{power}.exhausted_fleets.{box}")
    if fleets or exhausted:
        on_map = sum(me.fleets_active.values()) + sum(me.fleets_exhausted.values())
        me.fleets_built = me.fleets_arsenal + on_map + me.fleets_boxed
        if "fleet_track" not in values:
            me.fleet_track = me.fleets_built
    for key in ("intrigue", "national", "actions_used"):
        if key in values:
            setattr(me, key, [str(v) for v in values[key]])
    if "reserve" in values:
        me.reserve = _int(values["reserve"], f"powers.{power}.reserve")


def _set_territory(state: State, territory: str, spaces: Any) -> None:
    info = _territory(state, territory, "territories")
    base: list[str | None] = [None] * info.spaces
    top: list[str | None] = [None] * info.spaces
    if isinstance(spaces, Mapping):
        index = 0
        for owner, n in spaces.items():
            for _ in range(_int(n, f"territories.{territory}.{owner}")):
                if index >= info.spaces:
                    raise ScenarioError(
                        f"position.territories.{territory}: more cubes than its {info.spaces} spaces"
                    )
                base[index] = _owner(state, owner, territory)
                index += 1
        set_cubes(state, territory, base, top)  # the cubes with a new stamp
        return
    if not isinstance(spaces, list) or len(spaces) > info.spaces:
        raise ScenarioError(
            f"position.territories.{territory}: a list of at most {info.spaces} spaces, or a table of counts"
        )
    for index, entry in enumerate(spaces):
        text = str(entry).strip()
        if text in ("", "-"):
            continue
        cube, _, on_top = text.partition("/")
        base[index] = ARMAMENT if cube == ARMAMENT else _owner(state, cube, territory)
        if on_top:
            top[index] = _owner(state, on_top, territory)
            state.disputed.add(territory)  # the index of disputes (State.disputed)
    set_cubes(state, territory, base, top)  # the cubes with a new stamp


def _set_minor(state: State, minor: str, values: Mapping[str, Any]) -> None:
    for key, value in values.items():
        kind, _, flag = key.partition("_")
        units = [u for u in state.minor_units if u.minor == minor and u.kind == kind]
        if not units or flag not in ("", "exhausted"):
            raise ScenarioError(
                f"position.minors.{minor}: no {key!r} (army, fleet, army_exhausted, fleet_exhausted)"
            )
        for unit in units:
            if flag:
                unit.exhausted = bool(value)
            else:
                unit.location = str(value)


def _balance_reserves(state: State, position: Mapping[str, Any]) -> None:
    """Each Power has 40 DM cubes and each minor colour its supply (§2.0): the General Reserve
    holds what the position does not place elsewhere."""
    on_map: dict[str, int] = {}
    for spaces in state.territories.values():
        for cube in (*spaces.base, *spaces.top):
            if cube is not None and cube != ARMAMENT:
                on_map[cube] = on_map.get(cube, 0) + 1
    on_cards: dict[str, int] = {}
    for played in state.played:
        for victim in played.victims:
            on_cards[victim] = on_cards.get(victim, 0) + 1
    given = _table(position, "powers")
    for power, me in state.powers.items():
        left = (
            state.content.powers[power].dm_cubes
            - me.embassies
            - on_map.get(power, 0)
            - on_cards.get(power, 0)
        )
        if "reserve" not in _table(given, power):
            me.reserve = left
        if me.reserve < 0 or me.reserve != left:
            raise ScenarioError(
                f"position: {power} has more than its {state.content.powers[power].dm_cubes} DM cubes "
                f"(embassies {me.embassies}, map {on_map.get(power, 0)}, reserve {me.reserve})"
            )
    for colour, cubes in state.content.minor_cubes.items():
        left = cubes.supply - on_map.get(colour, 0)
        if left < 0:
            raise ScenarioError(f"position: more {colour} cubes on the map than its {cubes.supply}")
        state.minor_reserve[colour] = left


def _quiet_evaluate(state: State) -> None:
    """Alliances and control as the position's cubes make them, without the consequences of a
    change (the position already says where units and Prestige are)."""
    content = state.content
    for kind_is_minor in (True, False):
        for territory in content.territory_ids:
            if content.territories[territory].is_minor == kind_is_minor:
                state.territories[territory].holder = holder_of(state, territory)
    refresh_allies(state)
    for unit in state.minor_units:
        allied = state.territories[unit.minor].holder is not None
        if allied and unit.location == HOME:
            unit.location = ARSENAL
        elif not allied:
            unit.location = HOME


def _table(data: Mapping[str, Any], key: str) -> Mapping[str, Any]:
    """The sub-table ``data[key]`` (empty if absent)."""
    return _as_table(data.get(key, {}), key)


def _as_table(value: Any, key: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise ScenarioError(f"position.{key} must be a table")
    return value


def _int(value: Any, key: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise ScenarioError(f"position.{key} must be a whole number, got {value!r}")
    return value


def _power(state: State, power: Any, key: str) -> str:
    if power not in state.powers:
        raise ScenarioError(f"position.{key}: no Power {power!r} (GB, FR, CE, RU)")
    return str(power)


def _territory(state: State, territory: str, key: str) -> Any:
    if territory not in state.content.territories:
        raise ScenarioError(f"position.{key}: no territory {territory!r}")
    return state.content.territories[territory]


def _owner(state: State, owner: str, territory: str) -> str:
    if owner in state.powers or owner in state.content.minor_cubes:
        return owner
    raise ScenarioError(
        f"position.territories.{territory}: {owner!r} is not a Power or a minor cube colour "
        f"({', '.join(state.content.minor_cubes)})"
    )
