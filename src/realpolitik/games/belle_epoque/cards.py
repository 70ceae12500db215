"""Play a Card (§8.6): the action, its costs and prerequisites, the §8.6.1 targeting limit and the
reminder cubes victims put on the card.

National cards are all playable here, each with its effect as the content describes it (mostly
reconstructed, see ``data/national.toml``). Intrigue cards are not playable yet: their effects are
the cards issue's work (issue 5), so for now they stay in the hands that drew them.
"""

from __future__ import annotations

from ...engine import LogEntry
from . import actions as A
from .board import evaluate, name, note, remove_base
from .prestige import move_prestige
from .state import ARMAMENT, Decision, PlayedCard, State

Log = list[LogEntry] | None

DISORDER_CUBES = 4
DISORDER_PER_POWER = 2
"""Nationalist Disorder: 4 cubes of opposing Powers, at most 2 of any one (§13.4.4 example)."""


def targetable(state: State, power: str, victim: str) -> bool:
    """§8.6.1: a Power with its marker on a card this turn cannot be targeted again."""
    return victim != power and not state.powers[victim].targeted


def _national_ready(state: State, power: str, card: str) -> bool:
    info = state.content.national_cards[card]
    if info.requires_great_work and not state.powers[power].great_work:
        return False  # §8.3: the Trans-Siberian Railway needs Russia's Great Work
    return state.powers[power].money >= info.cost.get(power, 0)


def card_choices(state: State, power: str) -> list[A.Action]:
    """Every National card the Power may play now, with each of its choices."""
    result: list[A.Action] = []
    for card in dict.fromkeys(state.powers[power].national):
        if not _national_ready(state, power, card):
            continue
        if card == "social-policy":
            result += [A.Play(card, 0, "prestige"), A.Play(card, 0, "money")]
        elif card == "diplomatic-contrasts":
            for territory in state.content.territory_ids:
                for when, turn in (("", state.turn), ("next", state.turn + 1)):
                    held = state.contrasts.get(territory)
                    if held is None or held[1] != turn:
                        result.append(A.Play(card, 0, f"{territory} {when}".strip()))
        elif card == "nationalist-disorder":
            if _disorder_targets(state, power, {}):
                result.append(A.Play(card))
        else:
            result.append(A.Play(card))
    return result


def _disorder_targets(state: State, power: str, removed: dict[str, int]) -> list[A.Action]:
    """Cubes Nationalist Disorder may still remove: base cubes of opposing Powers (never a top
    cube or an Armament cube, §8.2.5, §8.9.1; minor cubes are not Powers' cubes)."""
    result: list[A.Action] = []
    for territory in state.content.territory_ids:
        for index, cube in enumerate(state.territories[territory].base):
            if cube is None or cube == ARMAMENT or cube not in state.powers:
                continue
            if removed.get(cube, 0) >= DISORDER_PER_POWER:
                continue
            if cube in removed or targetable(state, power, cube):
                result.append(A.Remove(territory, index + 1))
    return result


def disorder_choices(state: State, power: str) -> list[A.Action]:
    decision = state.decision
    assert decision is not None
    return _disorder_targets(state, power, decision.data["removed"])


def play_card(state: State, power: str, action: A.Play, log: Log) -> None:
    me = state.powers[power]
    card = action.card
    info = state.content.national_cards[card]
    cost = info.cost.get(power, 0)
    me.money -= cost
    me.national.remove(card)
    note(log, f"{power} plays {info.name_en} (£{cost})", "§8.6", power)
    if card == "social-policy":
        if action.choice == "prestige":
            move_prestige(state, power, 2, log, rule="§8.6")
        else:
            me.money += 6
    elif card == "diplomatic-contrasts":
        territory, _, when = action.choice.partition(" ")
        turn = state.turn + 1 if when == "next" else state.turn
        state.contrasts[territory] = (power, turn)
        note(
            log,
            f"no other Power may send DM cubes to {name(state, territory)} in turn {turn}",
            "§8.9.2",
            power,
        )
    elif card == "nationalist-disorder":
        state.played.append(PlayedCard(card, "national", power, []))
        # The Power's turn waits while it picks the cubes, one decision each.
        assert state.decision is not None
        state.queue.insert(0, state.decision)
        state.decision = Decision("remove", power, removed={}, left=DISORDER_CUBES)
        return
    elif card == "superior-doctrine":
        me.superior_doctrine = True
    elif card == "empire-of-the-seas":
        me.empire_turn = state.turn
    elif card == "trans-siberian-railway":
        me.trans_siberian = True
    elif card == "france-own-card":
        moved = min(2, me.reserve)
        me.reserve -= moved
        me.embassies += moved
        move_prestige(state, power, 1, log, rule="§8.6")
    note(log, f"{info.name_en} targets no Power and goes back to the box", "§8.6", power)


def apply_remove(state: State, power: str, action: A.Remove, log: Log) -> None:
    """One cube of a Nationalist Disorder. Its owner becomes a victim: it puts a DM cube from its
    General Reserve on the card (§8.6; digest G21: the §8.6.1 mark holds even without a cube)."""
    decision = state.decision
    assert decision is not None
    removed: dict[str, int] = decision.data["removed"]
    victim = remove_base(state, action.territory, action.space - 1)
    if victim not in removed:
        played = next(p for p in state.played if p.player == power and p.card == "nationalist-disorder")
        me = state.powers[victim]
        me.targeted = True
        if me.reserve:
            me.reserve -= 1
            played.victims.append(victim)
    removed[victim] = removed.get(victim, 0) + 1
    decision.data["left"] -= 1
    note(
        log,
        f"Nationalist Disorder removes a {victim} cube from {name(state, action.territory)}",
        "§8.6",
        power,
    )
    evaluate(state, log)
    if decision.data["left"] <= 0 or not disorder_choices(state, power):
        state.decision = state.queue.pop(0)  # back to the Power's Action-Phase turn
