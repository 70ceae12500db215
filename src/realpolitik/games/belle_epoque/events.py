"""Event cards (§6): the §6.2 placement and the effects the rulebook states.

Only the effects the rulebook gives are implemented here: Italian Penetration in the Horn of
Africa (§6.2 example, §12), Portuguese Bankruptcy (§12), and Sarajevo (§6.3, handled by the turn).
The other event cards' effects are the cards issue's work (issue 5); until then drawing one is
logged as having no effect, so a game can still be played from setup to the winner.
"""

from __future__ import annotations

from ...engine import LogEntry
from .board import first_free, name, note
from .state import ARMAMENT, State

Log = list[LogEntry] | None


def take_cube(state: State, owner: str) -> bool:
    """Take one cube of ``owner`` from the General Reserve (False if none is left, digest G21)."""
    if owner in state.powers:
        if state.powers[owner].reserve <= 0:
            return False
        state.powers[owner].reserve -= 1
        return True
    if state.minor_reserve[owner] <= 0:
        return False
    state.minor_reserve[owner] -= 1
    return True


def return_cube(state: State, owner: str) -> None:
    if owner in state.powers:
        state.powers[owner].reserve += 1
    else:
        state.minor_reserve[owner] += 1


def place_by_event(state: State, territory: str, owner: str, log: Log, rule: str = "§6.2") -> None:
    """§6.2: a free space first (the lowest-numbered, digest A3); if none, a die picks the space
    whose cube is replaced, whoever owns it; an Armament cube there cancels the placement."""
    if not take_cube(state, owner):
        note(log, f"no {name(state, owner)} cube left in the General Reserve", "§2.2")
        return
    spaces = state.territories[territory]
    index = first_free(state, territory)
    if index is not None:
        spaces.base[index] = owner
        note(log, f"{name(state, owner)} DM cube placed in {name(state, territory)}", rule)
        return
    die_space = state.content.territories[territory].die_space
    while True:
        roll = state.rng.die()
        if roll in die_space:  # digest A4: a face the territory does not print is re-rolled
            break
    index = die_space[roll] - 1
    current = spaces.base[index]
    if current == ARMAMENT:
        return_cube(state, owner)
        note(
            log,
            f"die {roll}: an Armament cube holds space {index + 1}; the placement is cancelled",
            rule,
        )
        return
    assert current is not None
    return_cube(state, current)
    # Digest G24: replacing the base of a dispute keeps the dispute going against the new cube.
    spaces.base[index] = owner
    note(
        log,
        f"die {roll}: {name(state, owner)} DM cube replaces the {name(state, current)} cube in space "
        f"{index + 1} of {name(state, territory)}",
        rule,
    )


def _italian_penetration(state: State, log: Log) -> None:
    # §6.2 example and §12: 2 Italian DM cubes in the Horn of Africa, one at a time.
    for _ in range(2):
        place_by_event(state, "horn-of-africa", "italy", log)


def _portuguese_bankruptcy(state: State, log: Log) -> None:
    # §12: every Portuguese DM cube in Africa is eliminated (to the General Reserve).
    content = state.content
    removed = 0
    for territory in content.continents["africa"].territories:
        spaces = state.territories[territory]
        for index, cube in enumerate(spaces.base):
            if cube == "portugal":
                state.minor_reserve["portugal"] += 1
                spaces.base[index] = spaces.top[index]
                spaces.top[index] = None
                removed += 1
    note(log, f"{removed} Portuguese DM cube(s) leave Africa", "§12")


_EFFECTS = {
    "italian-penetration-horn-of-africa": _italian_penetration,
    "portuguese-bankruptcy": _portuguese_bankruptcy,
}


def resolve_event(state: State, card: str, log: Log) -> None:
    effect = _EFFECTS.get(card)
    if effect is None:
        note(log, f"{state.content.card_name(card)}: effect not implemented yet (cards issue)", "§6")
        return
    effect(state, log)
