"""Card effects: the primitives a card's ``effect`` is made of (money, Prestige, Embassies, cards,
units, modifiers ...), and what they share: whom a step names, and the §8.6 / §8.6.1 bookkeeping
of victims.

A card in resolution is a flat *context* dict (it lives in the ``card`` Decision's data while a
choice is pending, so it clones and serialises like any decision):

``source`` (event/intrigue/national), ``card``, ``half``, ``player`` ("" for events), the choices
made at play (``target``, ``option``, ``territory``, ``when``, ``box``), the step being run
(``step``, ``begun``, ``left``, ``done``, ``hits``), ``hit`` (Powers this card has hit) and
``chooser`` (who decides now). The map primitives (place, remove, convert) are in
:mod:`.placement`; :mod:`.resolution` runs the steps.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from .....engine import LogEntry
from ...content import Content, EffectStep
from .. import actions as A
from ..board import name, note, power_cubes
from ..prestige import draw_intrigue, move_prestige
from ..state import BOXES, State

Log = list[LogEntry] | None
Ctx = dict[str, Any]
Args = Mapping[str, Any]
Slot = list[tuple[str, dict[str, str]]]
"""Choices a step asks for when the card is played: (text in the notation, context updates)."""

EVENT: Final = "event"


def new_ctx(source: str, card: str, half: int = 0, player: str = "") -> Ctx:
    return {
        "source": source,
        "card": card,
        "half": half,
        "player": player,
        "target": "",
        "option": "",
        "territory": "",
        "when": "",
        "box": "",
        "step": 0,
        "begun": False,
        "left": 0,
        "done": [],
        "hits": {},
        "hit": [],
        "chooser": player,
    }


def effect_of(content: Content, ctx: Ctx) -> tuple[EffectStep, ...]:
    """The steps of the card (or Intrigue half) a context resolves."""
    source, card = ctx["source"], ctx["card"]
    if source == EVENT:
        return content.event_cards[card].effect
    if source == "intrigue":
        return content.intrigue_cards[card].half(int(ctx["half"])).effect
    return content.national_cards[card].effect


def title_of(content: Content, ctx: Ctx) -> str:
    """The card's name, or the played half's for an Intrigue card."""
    if ctx["source"] == "intrigue":
        return content.intrigue_cards[ctx["card"]].half(int(ctx["half"])).name_en
    return content.card_name(ctx["card"])


def rule_of(ctx: Ctx) -> str:
    return "§6" if ctx["source"] == EVENT else "§8.6"


# -- whom a step names ---------------------------------------------------------------------------


def powers_of(state: State, ctx: Ctx, who: str) -> list[str]:
    """The Powers ``who`` names now: self, target, all, a Power, ally:MINOR, controller:COLONY."""
    if who == "self":
        return [ctx["player"]]
    if who == "target":
        return [ctx["target"]] if ctx["target"] else []
    if who == "all":
        return list(state.content.power_ids)
    if who in state.powers:
        return [who]
    holder = state.territories[who.partition(":")[2]].holder
    return [holder] if holder else []


def eligible(state: State, ctx: Ctx, power: str) -> bool:
    """§8.6.1: a card may not hit a Power already marked by another card this turn (a Power this
    card has hit already stays open to it). Events are not limited."""
    if ctx["source"] == EVENT:
        return True
    if power == ctx["player"]:
        return False
    if state.np is not None and np_shielded(
        state, power, ctx["source"], ctx["card"], int(ctx["half"]), player=ctx["player"]
    ):
        return False
    return power in ctx["hit"] or not state.powers[power].targeted


def np_shielded(state: State, power: str, source: str, card: str, half: int, *, player: str) -> bool:
    """§13.4: a human may not resolve the half with the NP symbol against an NP Power."""
    if source != "intrigue" or not state.is_np(power) or state.is_np(player):
        return False
    return state.content.intrigue_cards[card].half(half).np_symbol


def hit(state: State, ctx: Ctx, power: str, log: Log) -> None:
    """``power`` suffers this card's effect (§8.6): it is marked for the turn (§8.6.1) and puts a
    DM cube from its General Reserve on the card (none left: the mark holds anyway, digest G21)."""
    if ctx["source"] == EVENT or power == ctx["player"] or power in ctx["hit"]:
        return
    ctx["hit"].append(power)
    me = state.powers[power]
    me.targeted = True
    played = state.played[-1]
    assert played.card == ctx["card"] and played.player == ctx["player"]
    if me.reserve:
        me.reserve -= 1
        played.victims.append(power)
        if log is not None:
            note(log, f"{power} puts a reminder cube on {title_of(state.content, ctx)}", "§8.6", power)


# -- the primitives ------------------------------------------------------------------------------


class Op:
    """One primitive. Automatic ones implement :meth:`run`; those that ask a seat to choose
    implement :meth:`seat`, :meth:`options`, :meth:`choose` and :meth:`finished`."""

    def decides(self, ctx: Ctx, args: Args) -> bool:
        return False

    def slot(self, state: State, player: str, args: Args) -> Slot | None:
        """The choice this step asks for when the card is played (None: none)."""
        return None

    def hits(self, state: State, power: str, args: Args) -> bool:
        """Whether the step would hurt ``power`` as the card's target (target steps only)."""
        return True

    def possible(self, state: State, ctx: Ctx, args: Args) -> bool:
        """Whether the step would do anything now (a card doing nothing at all is not offered)."""
        if not self.decides(ctx, args):
            return True
        probe = dict(ctx, left=0, done=[], hits={})
        self.begin(state, probe, args)
        return not self.finished(state, probe, args) and self.has_options(state, probe, args)

    def begin(self, state: State, ctx: Ctx, args: Args) -> None:
        ctx["left"] = 1

    def run(self, state: State, ctx: Ctx, args: Args, log: Log) -> None:
        raise NotImplementedError

    def seat(self, state: State, ctx: Ctx, args: Args) -> str:
        return str(ctx["player"])

    def options(self, state: State, ctx: Ctx, args: Args) -> list[A.Action]:
        return []

    def has_options(self, state: State, ctx: Ctx, args: Args) -> bool:
        """Whether :meth:`options` is not empty (steps over the whole map stop at the first)."""
        return bool(self.options(state, ctx, args))

    def first_options(self, state: State, ctx: Ctx, args: Args, limit: int) -> list[A.Action]:
        """The first ``limit`` of :meth:`options` (steps over the whole map stop there)."""
        return self.options(state, ctx, args)[:limit]

    def choose(self, state: State, ctx: Ctx, args: Args, action: A.Action, log: Log) -> None:
        raise NotImplementedError

    def finished(self, state: State, ctx: Ctx, args: Args) -> bool:
        return int(ctx["left"]) <= 0


class Money(Op):
    """``money``: gain (or lose, never below £0) ``amount``; ``per`` colony/minor held, ``max``."""

    def hits(self, state: State, power: str, args: Args) -> bool:
        return args["amount"] > 0 or state.powers[power].money > 0

    def run(self, state: State, ctx: Ctx, args: Args, log: Log) -> None:
        for power in powers_of(state, ctx, args["who"]):
            me = state.powers[power]
            amount = int(args["amount"])
            if "per" in args:
                amount *= sum(
                    1
                    for t in state.content.territory_ids
                    if state.territories[t].holder == power
                    and state.content.territories[t].is_colony == (args["per"] == "colony")
                )
            if "max" in args:
                amount = max(-args["max"], min(args["max"], amount))
            if amount > 0 and state.is_np(power):
                continue  # §13.3: an NP Power has no money and takes none
            after = max(0, me.money + amount)
            if after == me.money:
                continue
            note(
                log,
                f"{power} {'gains' if after > me.money else 'loses'} £{abs(after - me.money)}",
                rule_of(ctx),
                power,
            )
            if after < me.money:
                hit(state, ctx, power, log)
            me.money = after


class Prestige(Op):
    """``prestige``: move ``steps`` on the Prestige track; ``bonuses = false`` takes none (§11)."""

    def hits(self, state: State, power: str, args: Args) -> bool:
        return args["steps"] > 0 or state.powers[power].prestige > state.content.prestige.lowest

    def run(self, state: State, ctx: Ctx, args: Args, log: Log) -> None:
        for power in powers_of(state, ctx, args["who"]):
            before = state.powers[power].prestige
            move_prestige(
                state, power, int(args["steps"]), log, rule=rule_of(ctx), bonuses=args.get("bonuses", True)
            )
            if state.powers[power].prestige < before:
                hit(state, ctx, power, log)


class Embassies(Op):
    """``embassies``: DM cubes from the General Reserve into the Embassies, or back (negative)."""

    def hits(self, state: State, power: str, args: Args) -> bool:
        me = state.powers[power]
        return bool(me.reserve if args["amount"] > 0 else me.embassies)

    def run(self, state: State, ctx: Ctx, args: Args, log: Log) -> None:
        for power in powers_of(state, ctx, args["who"]):
            me = state.powers[power]
            amount = int(args["amount"])
            moved = min(amount, me.reserve) if amount > 0 else -min(-amount, me.embassies)
            if not moved:
                continue
            me.reserve -= moved
            me.embassies += moved
            where = "into its Embassies" if moved > 0 else "from its Embassies to the General Reserve"
            note(log, f"{power} moves {abs(moved)} DM cube(s) {where}", rule_of(ctx), power)
            if moved < 0:
                hit(state, ctx, power, log)


class Draw(Op):
    """``draw``: Intrigue cards from the deck (§7)."""

    def run(self, state: State, ctx: Ctx, args: Args, log: Log) -> None:
        for power in powers_of(state, ctx, args["who"]):
            for _ in range(int(args["count"])):
                draw_intrigue(state, power, log)


class Discard(Op):
    """``discard``: Intrigue cards taken at random from the hand to the discard pile."""

    def hits(self, state: State, power: str, args: Args) -> bool:
        return bool(state.powers[power].intrigue)

    def run(self, state: State, ctx: Ctx, args: Args, log: Log) -> None:
        for power in powers_of(state, ctx, args["who"]):
            hand = state.powers[power].intrigue
            for _ in range(min(int(args["count"]), len(hand))):
                card = hand.pop(state.rng.below(len(hand)))
                state.intrigue_discard.append(card)
                state.reveals += 1
                note(log, f"{power} discards {state.content.card_name(card)} at random", rule_of(ctx), power)
                hit(state, ctx, power, log)


class Ask(Op):
    """``ask``: the target picks one of ``options`` (the steps marked ``if`` that follow); an
    option that would do nothing to it is not offered (Political Scandal, digest A12)."""

    def decides(self, ctx: Ctx, args: Args) -> bool:
        return True

    def begin(self, state: State, ctx: Ctx, args: Args) -> None:
        ctx["option"] = ""

    def seat(self, state: State, ctx: Ctx, args: Args) -> str:
        return str(ctx["target"])

    def options(self, state: State, ctx: Ctx, args: Args) -> list[A.Action]:
        return [A.Choose(option) for option in args["options"] if self._offered(state, ctx, option)]

    def possible(self, state: State, ctx: Ctx, args: Args) -> bool:
        """:meth:`Op.possible` without its copy of the context and the Choose actions:
        :meth:`begin` only empties the option (so the step is not finished), and there is an
        option to offer."""
        return any(self._offered(state, ctx, option) for option in args["options"])

    @staticmethod
    def _offered(state: State, ctx: Ctx, option: str) -> bool:
        """Whether the option would do something to the target (digest A12)."""
        target = ctx["target"]
        if not target:
            return False
        for s in effect_of(state.content, ctx):
            if s.option == option and s.args.get("who") == "target" and OPS[s.op].hits(state, target, s.args):
                return True
        return False

    def choose(self, state: State, ctx: Ctx, args: Args, action: A.Action, log: Log) -> None:
        assert isinstance(action, A.Choose)
        ctx["option"] = action.option
        note(log, f"{ctx['target']} chooses: {action.option}", "§8.6", ctx["target"])

    def finished(self, state: State, ctx: Ctx, args: Args) -> bool:
        return bool(ctx["option"])


def _fleet_sources(state: State, power: str) -> list[str]:
    me = state.powers[power]
    return (["arsenal"] if me.fleets_arsenal else []) + [b for b in BOXES if me.fleets_active[b]]


class LoseUnit(Op):
    """``lose_unit``: the target returns 1 active Army or Fleet of its choice to its Reserve."""

    def decides(self, ctx: Ctx, args: Args) -> bool:
        return True

    def hits(self, state: State, power: str, args: Args) -> bool:
        return bool(state.powers[power].armies_arsenal or _fleet_sources(state, power))

    def seat(self, state: State, ctx: Ctx, args: Args) -> str:
        return str(ctx["target"])

    def options(self, state: State, ctx: Ctx, args: Args) -> list[A.Action]:
        target = ctx["target"]
        if not target:
            return []
        army: list[A.Action] = [A.Choose("army")] if state.powers[target].armies_arsenal else []
        return army + [A.Choose(f"fleet:{where}") for where in _fleet_sources(state, target)]

    def possible(self, state: State, ctx: Ctx, args: Args) -> bool:
        """:meth:`Op.possible` without its copy of the context and the Choose actions: begun, the
        step is not finished, and :meth:`options` has an Army or a Fleet of the target's."""
        target = ctx["target"]
        return bool(target) and self.hits(state, target, args)

    def choose(self, state: State, ctx: Ctx, args: Args, action: A.Action, log: Log) -> None:
        assert isinstance(action, A.Choose)
        power = ctx["target"]
        me = state.powers[power]
        if action.option == "army":
            me.armies_arsenal -= 1
            me.armies_built -= 1
        else:
            where = action.option.partition(":")[2]
            if where == "arsenal":
                me.fleets_arsenal -= 1
            else:
                me.fleets_active[where] -= 1
            me.fleets_built -= 1
            me.fleet_track = state.content.fleet_track.clamp(me.fleet_track - 1)  # digest G6
        ctx["left"] = 0
        if action.option == "army":
            returned = "an active army"
        elif where == "arsenal":
            returned = "a fleet from its Arsenal"
        else:
            returned = f"an active fleet from the {state.content.continents[where].name_en} fleet box"
        note(log, f"{power} returns {returned} to its Reserve", "§8.6", power)
        hit(state, ctx, power, log)


class ExhaustFleet(Op):
    """``exhaust_fleet``: the target turns one of its active fleets in a box (its choice) over."""

    def decides(self, ctx: Ctx, args: Args) -> bool:
        return True

    def hits(self, state: State, power: str, args: Args) -> bool:
        return any(state.powers[power].fleets_active.values())

    def seat(self, state: State, ctx: Ctx, args: Args) -> str:
        return str(ctx["target"])

    def options(self, state: State, ctx: Ctx, args: Args) -> list[A.Action]:
        target = ctx["target"]
        return [A.Choose(b) for b in BOXES if target and state.powers[target].fleets_active[b]]

    def possible(self, state: State, ctx: Ctx, args: Args) -> bool:
        """:meth:`Op.possible` without its copy of the context and the Choose actions: begun, the
        step is not finished, and the target has an active fleet in a box (:meth:`options`)."""
        target = ctx["target"]
        if not target:
            return False
        active = state.powers[target].fleets_active
        return any(active[box] for box in BOXES)

    def choose(self, state: State, ctx: Ctx, args: Args, action: A.Action, log: Log) -> None:
        assert isinstance(action, A.Choose)
        me = state.powers[ctx["target"]]
        me.fleets_active[action.option] -= 1
        me.fleets_exhausted[action.option] += 1
        ctx["left"] = 0
        note(log, f"{ctx['target']} turns a fleet in {action.option.title()} to its exhausted side", "§8.6")
        hit(state, ctx, ctx["target"], log)


class RefreshFleet(Op):
    """``refresh_fleet``: turn one of the player's exhausted fleets (box chosen at play) active."""

    def slot(self, state: State, player: str, args: Args) -> Slot:
        return [(b, {"box": b}) for b in BOXES if state.powers[player].fleets_exhausted[b]]

    def run(self, state: State, ctx: Ctx, args: Args, log: Log) -> None:
        me, box = state.powers[ctx["player"]], ctx["box"]
        if me.fleets_exhausted.get(box):
            me.fleets_exhausted[box] -= 1
            me.fleets_active[box] += 1
            note(log, f"{ctx['player']} turns a fleet in {box.title()} active again", "§8.6", ctx["player"])


class BuyFleet(Op):
    """``buy_fleet``: one Fleet from the Reserve into the Arsenal at ``cost`` (not an action)."""

    def possible(self, state: State, ctx: Ctx, args: Args) -> bool:
        me, card = state.powers[ctx["player"]], state.content.powers[ctx["player"]]
        return me.fleets_built < card.fleet_max and me.money >= args["cost"]

    def run(self, state: State, ctx: Ctx, args: Args, log: Log) -> None:
        if not self.possible(state, ctx, args):
            return
        me = state.powers[ctx["player"]]
        me.money -= int(args["cost"])
        me.fleets_built += 1
        me.fleets_arsenal += 1
        me.fleet_track = state.content.fleet_track.clamp(me.fleet_track + 1)  # as §8.1
        note(log, f"{ctx['player']} buys a fleet for £{args['cost']}", "§8.6", ctx["player"])


def blocks_key(state: State, args: Args) -> tuple[str, str, frozenset[str]]:
    """All :meth:`BlockSends.slot` reads: the content, the step's turn and the territories under
    Diplomatic Contrasts."""
    return (state.content.fingerprint, str(args["turn"]), frozenset(state.contrasts))


class BlockSends(Op):
    """``block_sends``: Diplomatic Contrasts on the territory chosen at play, this turn or the next
    (``turn``): other Powers may not send DM cubes there (§8.9.2). One per territory at a time."""

    def __init__(self) -> None:
        self._slots: dict[tuple[str, str, frozenset[str]], Slot] = {}
        """The slots by :func:`blocks_key`, all they read. Callers only read them."""

    def slot(self, state: State, player: str, args: Args) -> Slot:
        key = blocks_key(state, args)
        found = self._slots.get(key)
        if found is None:
            if len(self._slots) > 1000:
                self._slots.clear()
            whens = ("this", "next") if args["turn"] == "choose" else (args["turn"],)
            found = self._slots[key] = [
                (f"{t} next" if when == "next" else t, {"territory": t, "when": when})
                for t in state.content.territory_ids
                if t not in state.contrasts
                for when in whens
            ]
        return found

    def run(self, state: State, ctx: Ctx, args: Args, log: Log) -> None:
        turn = state.turn + (1 if ctx["when"] == "next" else 0)
        state.contrasts[ctx["territory"]] = (ctx["player"], turn)
        text = f"no other Power may send DM cubes to {name(state, ctx['territory'])} in turn {turn}"
        note(log, text, "§8.9.2", ctx["player"])


class Modifier(Op):
    """``modifier``: a lasting effect on the player, read by the rules where it applies."""

    def run(self, state: State, ctx: Ctx, args: Args, log: Log) -> None:
        me = state.powers[ctx["player"]]
        what = args["name"]
        if what == "superior-doctrine":
            me.superior_doctrine = True  # §8.7: +2 in disputes, maximum +6 (for good, digest A8)
        elif what == "empire-of-the-seas":
            me.empire_turn = state.turn  # dispute.py: British fleets free and +3 this turn
        elif what == "trans-siberian":
            me.trans_siberian = True  # board.may_reach: more territories without a fleet
        else:
            me.dispute_bonus = int(args.get("amount", 1))  # dispute.py: the next dispute this turn
            me.dispute_bonus_turn = state.turn
        note(log, f"{ctx['player']}: {what.replace('-', ' ')} in force", "§8.6", ctx["player"])


class Reroll(Op):
    """``reroll``: Change of Strategy, a reaction offered after a dispute's dice (reactions.py)."""

    def run(self, state: State, ctx: Ctx, args: Args, log: Log) -> None:
        return None


class FinalVp(Op):
    """``final_vp``: the card goes to the Power with the most DM cubes in ``territories`` (tops of
    disputes excluded); ties go to the higher Prestige, else to nobody (digest G22). It scores at
    the final scoring (§10.2, scoring.py)."""

    def run(self, state: State, ctx: Ctx, args: Args, log: Log) -> None:
        cubes = {p: sum(power_cubes(state, t, p) for t in args["territories"]) for p in state.powers}
        most = max(cubes.values())
        best = [p for p, n in cubes.items() if n == most and n > 0]
        if len(best) > 1:
            top = max(state.powers[p].prestige for p in best)
            best = [p for p in best if state.powers[p].prestige == top]
        state.balkan_wars = best[0] if len(best) == 1 else None
        card = title_of(state.content, ctx)
        if state.balkan_wars:
            note(log, f"{card} goes to {name(state, state.balkan_wars)}", "§10.2", state.balkan_wars)
        else:
            note(log, f"{card} goes to no Power (a tie)", "§10.2")


class EndGame(Op):
    """``end_game``: Sarajevo (§6.3). The turn sees ``EventCard.ends_game`` and stops before any
    effect runs, so this step only names the card's effect in the data."""

    def run(self, state: State, ctx: Ctx, args: Args, log: Log) -> None:
        return None


OPS: Final[dict[str, Op]] = {}
"""Every primitive by name: these, and the map's in :mod:`.placement`."""

OPS.update(
    {
        "money": Money(),
        "prestige": Prestige(),
        "embassies": Embassies(),
        "draw": Draw(),
        "discard": Discard(),
        "ask": Ask(),
        "lose_unit": LoseUnit(),
        "exhaust_fleet": ExhaustFleet(),
        "refresh_fleet": RefreshFleet(),
        "buy_fleet": BuyFleet(),
        "block_sends": BlockSends(),
        "modifier": Modifier(),
        "reroll": Reroll(),
        "final_vp": FinalVp(),
        "end_game": EndGame(),
    }
)
