"""An NP Power sends its Diplomatic Missions (§13.7) and sells Armaments (§13.8)."""

from __future__ import annotations

from typing import Final

from .....engine import LogEntry
from ..board import (
    armaments_into_free_spaces,
    contrasts_against,
    cube_to_reserve,
    disputable_spaces,
    evaluate,
    first_free,
    holder_of,
    name,
    note,
    send_cube,
    set_base,
    set_cubes,
)
from ..state import ARMAMENT, State
from .dice import pick, roll

Log = list[LogEntry] | None

REROLLS: Final = 6
"""Digest C10 loop guard: after this many re-rolls of a column with no valid box, the cube goes
to the last column."""


def _valid(state: State, power: str, territory: str) -> bool:
    """§13.7 a/b: not an ally or colony of the NP; digest A22: not shut by another Power's
    Diplomatic Contrasts; and the cube can go somewhere (a free space or a cube to dispute)."""
    if state.territories[territory].holder == power or contrasts_against(state, power, territory):
        return False
    return first_free(state, territory) is not None or bool(disputable_spaces(state, power, territory))


def most_cubes(
    state: State, power: str, territory: str, spaces: list[int], *, what: str, rule: str, log: Log
) -> int:
    """The space (of ``spaces``) of the opposing owner with the most DM cubes in the territory;
    a tie goes to a die (§13.4.4, §13.7 NOTE, §13.8). Powers come before minor nations' cubes."""
    base = state.territories[territory].base
    owners = [base[i] for i in spaces]
    powers = [o for o in owners if o in state.powers]
    pool = powers or owners
    counted = {o: base.count(o) for o in dict.fromkeys(pool) if o is not None}
    most = max(counted.values())
    tied = [o for o, n in counted.items() if n == most]
    chosen = pick(state, power, tied, what, rule=rule, log=log)
    return next(i for i in spaces if base[i] == chosen)


def place_mission(state: State, power: str, territory: str, rule: str, log: Log) -> None:
    """One NP DM cube into the territory, without a fleet (§13.3): a free space, or if every space
    is taken, on the cube of the opposing Power with the most cubes there, starting a dispute that
    phase e resolves (§13.7 NOTE)."""
    who, rules = f"{power} (NP)", (rule, "§13.7")
    if first_free(state, territory) is not None:
        send_cube(state, power, territory, None, log, who=who, rules=rules)
    else:
        target = most_cubes(
            state,
            power,
            territory,
            disputable_spaces(state, power, territory),
            what="the cube to dispute",
            rule="§13.7",
            log=log,
        )
        assert state.np is not None
        state.np.created.append([territory, target])
        send_cube(state, power, territory, target, log, who=who, rules=rules, after="; phase e resolves it")
    evaluate(state, log, territory)


def send_missions(state: State, power: str, log: Log) -> None:
    """§13.7: one cube on the first column, one on the second, the rest on the last; one row die
    for all, a 1 or 5 puts an Armament cube on the last column (digest A18: the first row die only)."""
    assert state.np is not None
    me = state.powers[power]
    rules = state.content.non_player
    table = rules.powers[power].send
    cubes = me.embassies
    if not cubes:
        note(log, f"{power} (NP) has no DM cube to send", "§13.7", power)
        return
    row = roll(state, power, "the row of the Send Diplomatic Missions table", "§13.7", log)
    if row in rules.armament_rows:
        if me.armament_left > state.np.triggers.get(power, 0):
            state.np.triggers[power] = state.np.triggers.get(power, 0) + 1
            note(log, f"{power} (NP) puts an Armament cube on the last column", "§13.7", power)
        else:
            note(log, f"{power} (NP) has no Armament cube left for the last column", "§13.7", power)
    last = max(0, cubes - 2)
    for column in (0, 1)[: min(cubes, 2)]:
        if not _column(state, power, row, column, log):
            last += 1
    for number in range(last):
        # §13.7.1: every cube on the last column after the first needs a new row die.
        this_row = (
            row if number == 0 else roll(state, power, "the row for another last-column cube", "§13.7.1", log)
        )
        face = roll(state, power, f"the territory of row {this_row}'s last column", "§13.7", log)
        territory = table[this_row - 1].last_for(face)
        if contrasts_against(state, power, territory) or not (
            first_free(state, territory) is not None or disputable_spaces(state, power, territory)
        ):
            # Our reading: the last column names one territory; if it cannot take the cube, the
            # cube stays in the Embassies for a later turn (§8.2.6).
            note(
                log,
                f"{name(state, territory)} cannot take the cube: it stays in the Embassies",
                "§13.7",
                power,
            )
            continue
        place_mission(state, power, territory, "§13.7", log)


def _column(state: State, power: str, row: int, column: int, log: Log) -> bool:
    """Points a-c of §13.7 for the first or second column; False sends the cube to the last column
    (the digest C10 loop guard)."""
    table = state.content.non_player.powers[power].send
    for attempt in range(REROLLS + 1):
        box = table[row - 1].first if column == 0 else table[row - 1].second
        for territory in box:
            if _valid(state, power, territory):
                place_mission(state, power, territory, "§13.7", log)
                return True
        if attempt == REROLLS:
            break
        # §13.7 c: re-roll the row for this column only and start again from point a (digest C10,
        # the IT reading; EN says "from point b").
        taken = f"{name(state, box[0])} ({name(state, box[1])})"
        row = roll(state, power, f"a new row for column {column + 1}: {taken} are taken", "§13.7", log)
    note(log, f"no box of column {column + 1} can take the cube: it goes to the last column", "§13.7", power)
    return False


# -- §13.8 Selling Armaments --------------------------------------------------------------------


def _changes_holder(state: State, power: str, territory: str, cubes: int) -> bool:
    """§13.8 b: would ``cubes`` Armament cubes (empty spaces first, then cubes of the opposing Power
    with the most) make an opposing Power lose the territory, or give it to the NP?"""
    spaces = state.territories[territory]
    before = spaces.holder
    saved = list(spaces.base)
    try:
        _fill(state, power, territory, cubes, None)
        after = holder_of(state, territory)
    finally:
        set_cubes(state, territory, saved, spaces.top)
    if after == before:
        return False
    return after == power or (before is not None and before != power)


def _replaceable(state: State, power: str, territory: str) -> list[int]:
    spaces = state.territories[territory]
    return [
        i
        for i, cube in enumerate(spaces.base)
        if cube in state.powers and cube != power and spaces.top[i] is None
    ]


def _fill(state: State, power: str, territory: str, cubes: int, log: Log | bool) -> None:
    """Put the cubes: empty spaces first (in the printed order), then replace cubes of the opposing
    Power with the most cubes (a die on ties, rolled only when it is done for real)."""
    spaces = state.territories[territory]
    placed = armaments_into_free_spaces(state, territory, cubes)
    while placed < cubes:
        options = _replaceable(state, power, territory)
        if log is None:
            counted = {o: spaces.base.count(o) for o in dict.fromkeys(spaces.base[i] for i in options)}
            most = max(counted.values())
            index = next(i for i in options if counted[spaces.base[i]] == most)
        else:
            real_log = log if isinstance(log, list) else None
            index = most_cubes(
                state,
                power,
                territory,
                options,
                what="the cube an Armament replaces",
                rule="§13.8",
                log=real_log,
            )
            owner = spaces.base[index]
            assert owner is not None
            cube_to_reserve(state, owner)
        set_base(state, territory, index, ARMAMENT)
        placed += 1


def sell_armaments(state: State, power: str, log: Log) -> None:
    """§13.8 with review R1: the NP places the exact number of cubes the territory's rate gives, or
    goes to the next territory; objectives by map VP (ties in priority order), the first where the
    sale changes its control or alliance. None: the cube returns to the General Reserve."""
    assert state.np is not None
    triggered = state.np.triggers.pop(power, 0)
    if not triggered:
        return
    content = state.content
    if state.turn < content.game.sell_armaments_from_turn:
        note(
            log,
            f"{power} (NP): no Armament sales before Turn {content.game.sell_armaments_from_turn}",
            "§13.8",
            power,
        )
        return  # digest A19: the base rules apply
    me = state.powers[power]
    objectives = content.non_player.powers[power].objectives
    ranked = sorted(objectives, key=lambda t: -content.territories[t].vp)  # stable: priority on ties
    for territory in ranked:
        rates = content.territories[territory].armament_rate
        spaces = state.territories[territory]
        if not rates or spaces.armaments:
            continue
        cubes = rates[0].cubes  # our reading: the territory's first printed rate
        room = sum(c is None for c in spaces.base) + len(_replaceable(state, power, territory))
        if cubes > me.armament_left or cubes > room:
            continue  # review R1: never fewer cubes than the rate
        if not _changes_holder(state, power, territory, cubes):
            continue
        _fill(state, power, territory, cubes, log if log is not None else True)
        me.armament_left -= cubes
        note(log, f"{power} (NP) sells {cubes} Armament cube(s) to {name(state, territory)}", "§13.8", power)
        evaluate(state, log, territory)
        return
    note(
        log,
        f"{power} (NP) finds no territory for its Armament cube: back to the General Reserve",
        "§13.8",
        power,
    )
