"""Every kind of decision and its handler (engine.flow), in one dispatch."""

from __future__ import annotations

from ....engine import Refusal
from ....engine.flow import Decision, Dispatch
from . import combat
from .actions import Act
from .auction import Auction
from .log_lines import Log, say, title
from .state import ARMY, FORT, SHIP, State
from .turn import KINDS, Militia, Move, Raid, Turn
from .war import next_seat, open_auction


class Deploy:
    """L55-59: five units each, one at a time, clockwise from the first player, in any of the 11
    scoring regions, with no movement rule; R13: ships only where ships may go (option)."""

    def choices(self, state: State, seat: str, decision: Decision) -> list[Act]:
        acts = []
        anywhere = state.options.get("deploy_ships") == "anywhere"
        for region in state.content.scoring_ids:
            acts.append(Act("place", ("army", region)))
            if anywhere or state.content.regions[region].sea:
                acts.append(Act("place", ("ship", region)))
            acts.append(Act("place", ("fort", region)))
        return acts

    def apply(self, state: State, seat: str, action: Act, decision: Decision, log: Log) -> None:
        state.add_unit(action.args[1], seat, KINDS[action.args[0]])
        say(log, "deploy", "L55-59", seat, seat=seat, unit=action.args[0], region=action.args[1])
        decision.data["left"] -= 1
        if decision.data["left"] > 0:
            decision.ask(next_seat(state, seat))
        else:
            title(log, "war_heading", "L104", 1, n=1)
            title(log, "auction_heading", "L106", 2)
            open_auction(state, state.first)  # L104: the first player opens War 1's first auction

    def resume(self, state: State, decision: Decision, log: Log) -> None:  # pragma: no cover
        raise AssertionError("deployment never suspends anything")


class _Answer:
    """A decision inside an attack: its answer is recorded, then the attacker's turn resumes."""

    def resume(self, state: State, decision: Decision, log: Log) -> None:  # pragma: no cover
        raise AssertionError("an answer inside an attack never suspends anything")


class Support(_Answer):
    """L303-314: an ally commits ships, armies, both or nothing (never forts)."""

    def choices(self, state: State, seat: str, decision: Decision) -> list[Act]:
        c = state.combat
        assert c is not None
        return [Act("support", (o,)) for o in ("none", *combat._support_options(state, seat, c["region"]))]

    def apply(self, state: State, seat: str, action: Act, decision: Decision, log: Log) -> None:
        c = state.combat
        assert c is not None
        if action.args[0] != "none":
            c["support"] = {**c["support"], seat: action.args[0]}
        c["answers"] = {**c.get("answers", {}), seat: action.args[0]}  # said at the table
        if action.args[0] == "none":
            say(log, "no_support", "L303-314", seat, seat=seat)
        else:
            say(log, "support", "L303-314", seat, seat=seat, given=action.args[0])
        combat.pay_offer(state, seat, action.args[0] != "none", log)
        state.flow.pop()


class Offer(_Answer):
    """R22 (L312-314): before an ally answers, the side asking it may offer gold (only gold)."""

    def choices(self, state: State, seat: str, decision: Decision) -> list[Act]:
        return [Act("offer", (str(n),)) for n in combat.offer_amounts(state, seat)]

    def apply(self, state: State, seat: str, action: Act, decision: Decision, log: Log) -> None:
        combat.offer_gold(state, seat, decision.data["ally"], int(action.args[0]), log)
        state.flow.pop()


def check_offer(state: State, seat: str, action: Act) -> Refusal | None:
    """Any whole amount from 0 to the gold in hand (the legal list shows a few)."""
    if action.verb != "offer" or len(action.args) != 1 or not action.args[0].isdigit():
        return Refusal("offer N: the gold offered for support, 0 for none", "L312-314")
    if int(action.args[0]) > state.gold[seat]:
        return Refusal(f"{seat} has only {state.gold[seat]} gold to offer (no loan for a gift)", "L65-66")
    return None


class Lose(_Answer):
    """R2 (L277, L286-287): the owner picks the unit it loses (an army or a fort); a loser whose
    natural 7 falls on an ally picks the ally when several fought beside it."""

    def choices(self, state: State, seat: str, decision: Decision) -> list[Act]:
        options = decision.data.get("allies") or decision.data["kinds"]
        return [Act("lose", (o,)) for o in options]

    def apply(self, state: State, seat: str, action: Act, decision: Decision, log: Log) -> None:
        combat.choose_loss(state, seat, action.args[0], log)
        if "raid" not in decision.data:  # a raid's answer pops itself, then its next loss follows
            state.flow.pop()


class Assign(_Answer):
    """L319-322: a tile with army and ship boosts the naval or the land combat."""

    def choices(self, state: State, seat: str, decision: Decision) -> list[Act]:
        tile = decision.data["tile"]
        return [Act("assign", (tile, "naval")), Act("assign", (tile, "land"))]

    def apply(self, state: State, seat: str, action: Act, decision: Decision, log: Log) -> None:
        c = state.combat
        assert c is not None
        c["assign"] = {**c["assign"], action.args[0]: action.args[1]}
        state.flow.pop()


class Naval(_Answer):
    """L263-267: the attacker, then the defender, fights at sea or declines."""

    def choices(self, state: State, seat: str, decision: Decision) -> list[Act]:
        return [Act("fight"), Act("decline")]

    def apply(self, state: State, seat: str, action: Act, decision: Decision, log: Log) -> None:
        c = state.combat
        assert c is not None
        c["asked_naval"] = f"{decision.data['side']}-{action.verb}"
        state.flow.pop()


class Boost(_Answer):
    """L570: Blockade (b), +2 naval support instead of +1; back to stock after use."""

    def choices(self, state: State, seat: str, decision: Decision) -> list[Act]:
        return [Act("boost"), Act("no")]

    def apply(self, state: State, seat: str, action: Act, decision: Decision, log: Log) -> None:
        c = state.combat
        assert c is not None
        if action.verb == "boost":
            combat.spend_single_use(state, seat, "blockade")
            c["boost"] = True
            say(log, "boost", "L570", seat, seat=seat, tile="blockade")
        state.flow.pop()


class Reserve(_Answer):
    """L501-504: re-roll after the dice, or keep them."""

    def choices(self, state: State, seat: str, decision: Decision) -> list[Act]:
        return [Act("reserve"), Act("no")]

    def apply(self, state: State, seat: str, action: Act, decision: Decision, log: Log) -> None:
        if action.verb == "reserve":
            combat.reroll(state, seat, log)
        state.flow.pop()


class Withdraw(_Answer):
    """L554-556: a beaten defender loses no unit (nor do its allies); the token is still lost."""

    def choices(self, state: State, seat: str, decision: Decision) -> list[Act]:
        return [Act("withdraw"), Act("no")]

    def apply(self, state: State, seat: str, action: Act, decision: Decision, log: Log) -> None:
        c = state.combat
        assert c is not None
        if action.verb == "withdraw":
            combat.spend_single_use(state, seat, "fighting-withdrawal")
            c["withdrawn"] = True
            say(log, "withdraw", "L554-556", seat, seat=seat, tile="fighting-withdrawal")
        state.flow.pop()


DECISIONS: Dispatch[State, Act] = Dispatch(
    {
        "deploy": Deploy(),
        "auction": Auction(),
        "turn": Turn(),
        "move": Move(),
        "militia": Militia(),
        "raid": Raid(),
        "offer": Offer(),
        "support": Support(),
        "lose": Lose(),
        "assign": Assign(),
        "naval": Naval(),
        "boost": Boost(),
        "reserve": Reserve(),
        "withdraw": Withdraw(),
    }
)

__all__ = ["ARMY", "DECISIONS", "FORT", "SHIP"]
