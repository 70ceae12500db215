"""Why an action is refused, in plain words with the rule. Only called for actions that are not in
the legal list (which alone decides legality); it finds the first rule the action breaks."""

from __future__ import annotations

from . import actions as A
from .action_phase import KIND, send_targets
from .board import contrasts_against, first_free, may_reach, name
from .cards.play import choice_refusal, play_refusal
from .setup import setup_refusal
from .state import ARMAMENT, State

Why = tuple[str, str | None]

_DECISIONS = {
    "place": ("place a starting DM cube (place TERRITORY)", "§3.3"),
    "action": ("take an action of your Action-Phase turn", "§8.0"),
    "commit": ("commit units to the dispute (commit ... or commit none)", "§8.7"),
    "keep": ("keep one of the Intrigue cards you drew (keep CARD)", "§8.2.3"),
    "remove": ("choose a DM cube for the card to remove (remove TERRITORY@SPACE)", "§8.6"),
    "card": ("make the choice the card in play asks for", "§8.6"),
    "reroll": ("play Change of Strategy to re-roll, or keep the roll (choose accept)", "§13.4.6"),
    "phase-e-card": ("play Empire of the Seas for phase e, or end to keep it", "§13.4.7"),
}


def explain(state: State, seat: str, action: A.Action) -> Why:
    decision = state.flow.top()
    if state.final is not None:
        return "the game is over", "§10.2"
    if decision is None or seat not in decision.waiting():
        return f"it is not {seat}'s decision now", None
    wanted, rule = _DECISIONS[decision.kind]
    if decision.kind == "place" and isinstance(action, A.Place):
        why = setup_refusal(state, seat, action.territory)
        return why if why else ("not a legal placement now", "§3.3")
    if decision.kind == "action" and type(action) in (*KIND, A.End):
        return _action(state, seat, action)
    if decision.kind == "keep" and isinstance(action, A.Keep):
        return f"{action.card} is not one of the cards you drew", rule
    if decision.kind == "commit" and isinstance(action, A.Commit):
        return "you do not have those units ready (active, in the right box, paid for)", "§8.7"
    if decision.kind == "card":
        return choice_refusal(state, seat, action)
    return f"now {seat} must {wanted}", rule


def _action(state: State, power: str, action: A.Action) -> Why:
    me = state.powers[power]
    used = me.actions_used
    if isinstance(action, A.End):
        return "take at least one action before ending the turn (or pass)", "§8.0"
    kind = KIND[type(action)]
    deploying = kind == "deploy" and bool(used) and used[-1] == "deploy"
    if kind in used and not deploying:
        return (
            f"each action may be taken only once in an Action-Phase turn ({kind} already taken)",
            "§8.0.1",
        )
    if len(used) >= state.content.game.actions_per_turn and not deploying:
        return "a Power takes 1 or 2 actions in its Action-Phase turn", "§8.0"
    content = state.content
    match action:
        case A.Send(territory, space):
            if territory not in content.territories:
                return f"there is no territory {territory!r}", "§8.2"
            if not me.embassies:
                return "no DM cube in the Embassies", "§8.2"
            blocker = contrasts_against(state, power, territory)
            if blocker:
                return (
                    f"{name(state, territory)} is under {blocker}'s Diplomatic Contrasts this turn",
                    "§8.9.2",
                )
            if not may_reach(state, power, territory):
                continent = content.territories[territory].continent
                return (
                    f"sending DM cubes to {continent.title()} needs a fleet in its box (even exhausted)",
                    "§8.2.1",
                )
            spaces = state.territories[territory]
            if space == 0 and first_free(state, territory) is None:
                return (
                    f"{name(state, territory)} has no free space; to dispute, name one (send {territory}@N)",
                    "§8.2",
                )
            if space:
                if not 1 <= space <= len(spaces.base):
                    return f"{name(state, territory)} has spaces 1 to {len(spaces.base)}", "§8.2"
                cube = spaces.base[space - 1]
                if cube is None:
                    return f"space {space} is free: send {territory} to take a free space", "§8.2.1"
                if cube == ARMAMENT:
                    return "Armament cubes cannot be disputed", "§8.9.1"
                if spaces.top[space - 1] is not None:
                    return (
                        "that space is already in a dispute: at most 2 cubes per dispute",
                        "§8.2.1",
                    )
                if cube == power:
                    return "a Power cannot dispute its own cube", "§8.2"
                if space not in send_targets(state, power, territory):
                    return (
                        "a Power does not dispute the cubes of its own allied minor nation",
                        "§8.2.5",
                    )
        case A.Buy(armies, fleets):
            card = content.powers[power]
            if me.armies_built + armies > card.army_max:
                return (
                    f"{power} has only {card.army_max - me.armies_built} Armies left in its Reserve",
                    "§8.1",
                )
            if me.fleets_built + fleets > card.fleet_max:
                return f"each Power may build at most {card.fleet_max} fleets", "§8.1"
            return (
                f"not enough money (£{armies * card.army_cost + fleets * card.fleet_cost} needed, "
                f"£{me.money} held)",
                "§8.1",
            )
        case A.GreatWork():
            if me.great_work:
                return "a Great Work is built once per game", "§8.3"
            return f"the Great Work costs £{content.powers[power].great_work.cost}", "§8.3"
        case A.Invest():
            return "no DM cube in the Embassies to invest", "§8.4"
        case A.Prestige():
            if me.prestige_used:
                return "International Prestige is taken once per game turn", "§8.5"
            return (
                f"International Prestige costs £{content.game.international_prestige_cost}",
                "§8.5",
            )
        case A.Play():
            return play_refusal(state, power, action)
        case A.Resolve(territory, space):
            tops = state.territories[territory].top if territory in state.territories else []
            if state.np is not None and 0 < space <= len(tops) and tops[space - 1] == power:
                return (
                    "a dispute with a Non-Player Power is resolved in phase e, after the Action Phase",
                    "§13.3",
                )
            return "only the owner of the top cube of a dispute may resolve it", "§8.7"
        case A.Deploy():
            return (
                "exhausted fleets cannot move; Arsenal fleets go to a box; a fleet moves once per action",
                "§8.8",
            )
        case A.Sell(territory):
            if state.turn < content.game.sell_armaments_from_turn:
                return (
                    f"Sell Armaments is available from Turn {content.game.sell_armaments_from_turn}",
                    "§8.9",
                )
            if territory in state.territories and ARMAMENT in state.territories[territory].base:
                return "that territory already has Armament cubes", "§8.9.1"
            return (
                "the exchange rate must be paid in full with active units, and never onto a dispute",
                "§8.9.1",
            )
    return "not possible now", None
