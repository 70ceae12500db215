"""Play a Card (§8.6): which cards and halves may be played now with which choices, paying for
National cards, and the texts shown to the players.

The effects themselves are data (``data/*.toml``, ``effect``) run by :mod:`.resolution`. What a
card asks when it is played goes into the action (``play CARD/HALF CHOICE``): the target Power, the
option, Diplomatic Contrasts' territory and turn, the fleet box; choices inside the effect (each
cube to place or remove, the victim's pick) are later ``card`` decisions, so no legal list ever
multiplies them out.
"""

from __future__ import annotations

from itertools import product
from typing import Any, Final

from .....engine import LogEntry
from ...content import EffectStep
from .. import actions as A
from ..board import note
from ..state import PlayedCard, State
from .primitives import OPS, Ctx, Op, Slot, eligible, new_ctx, np_shielded, title_of
from .resolution import pending, start

Log = list[LogEntry] | None
Why = tuple[str, str | None]


def _targets(step: EffectStep) -> bool:
    return step.args.get("who") == "target" or step.args.get("owner") == "target"


class _Plan:
    """What a card's (or half's) steps ask when it is played: worked out once per content."""

    __slots__ = (
        "aimed",
        "always",
        "bare",
        "bare_plays",
        "card",
        "ctxs",
        "fixed",
        "half",
        "last",
        "options",
        "plays",
        "slotted",
        "source",
        "steps",
        "sure",
    )

    def __init__(self, source: str, card: str, half: int, steps: tuple[EffectStep, ...]) -> None:
        self.source, self.card, self.half = source, card, half
        self.plays: dict[str, A.Play] = {}
        """The shared Play action of each choice text (:meth:`play`)."""
        self.ctxs: dict[str, Ctx] = {}
        """The fresh context of the card played by each Power, for the probes (:meth:`ctx`)."""
        self.steps = [(step, OPS[step.op]) for step in steps]
        self.aimed = [(step, OPS[step.op]) for step in steps if _targets(step)]
        """Steps hitting the target Power: the card needs a target (§8.6.1)."""
        asks = any(step.op == "ask" for step in steps)
        self.options = [] if asks else list(dict.fromkeys(s.option for s in steps if s.option))
        """Options chosen at play (a card with an ``ask`` step asks later)."""
        self.slotted = [(step, op) for step, op in self.steps if type(op).slot is not Op.slot]
        """Steps asking for a choice at play (a territory, a fleet box ...)."""
        sure = {
            step.option
            for step, op in self.steps
            if type(op).decides is Op.decides and type(op).possible is Op.possible
        }
        self.always = None in sure
        """A step that runs whatever is chosen and always does something (:meth:`Op.possible`
        of a step that asks nothing): every way of playing the card is then worth offering."""
        self.sure = frozenset(option for option in sure if option is not None)
        """Options with such a step of their own: a way of playing the card with one of them is
        worth offering without probing the other steps."""
        self.bare = not self.aimed and not self.options and not self.slotted
        """Nothing is asked at play (no target, option or slot): one way to play it, the empty
        choice (:func:`_combos` of no slots)."""
        self.last: tuple[Slot, list[A.Play]] | None = None
        """The only slot of a card whose every way is worth offering (:attr:`always`), the last
        time it was asked, and its Play actions: the same slot object again (Diplomatic
        Contrasts' slots are kept by all they read, :func:`.primitives.blocks_key`) gives the same
        actions. The slot is held here, so its identity is not reused by another list."""
        self.bare_plays = [self.play("")] if self.bare else []
        """The one Play action of a card that asks nothing at play, in a list (callers only read it)."""
        self.fixed: list[A.Play] | None = None
        """The Play actions when they depend on nothing in the game: a card that asks only for
        an option (no target, no slot), each option with a step that always does something
        (or the whole card), is offered with every option (:func:`_play_options`)."""
        if not self.aimed and not self.slotted:
            if self.bare and self.always:
                self.fixed = [self.play("")]
            elif self.options and (self.always or self.sure.issuperset(self.options)):
                self.fixed = [self.play(option) for option in self.options]

    def ctx(self, player: str) -> Ctx:
        """``new_ctx`` of the card played by ``player``, shared by the probes, which only read it
        (:meth:`Op.possible` probes a copy)."""
        ctx = self.ctxs.get(player)
        if ctx is None:
            ctx = self.ctxs[player] = new_ctx(self.source, self.card, self.half, player)
        return ctx

    def play(self, text: str) -> A.Play:
        """``Play(card, half, text)``, shared."""
        action = self.plays.get(text)
        if action is None:
            action = self.plays[text] = A.shared(A.Play, self.card, self.half, text)
        return action


_PLANS: Final[dict[tuple[str, str, str, int], _Plan]] = {}


def _plan(state: State, source: str, card: str, half: int) -> _Plan:
    content = state.content
    key = (content.fingerprint, source, card, half)
    plan = _PLANS.get(key)
    if plan is None:
        if source == "national":
            steps = content.national_cards[card].effect
        else:
            steps = content.intrigue_cards[card].half(half).effect
        plan = _PLANS[key] = _Plan(source, card, half, steps)
    return plan


_HALVES: Final[dict[tuple[str, str], list[_Plan]]] = {}


def _action_halves(state: State, card: str) -> list[_Plan]:
    """An Intrigue card's halves playable as an action, with their plans (Change of Strategy is
    played only after a dispute's dice, reactions.py)."""
    key = (state.content.fingerprint, card)
    found = _HALVES.get(key)
    if found is None:
        halves = state.content.intrigue_cards[card].halves
        found = _HALVES[key] = [
            _plan(state, "intrigue", card, number)
            for number, half in enumerate(halves, 1)
            if not half.reaction
        ]
    return found


def _slots(state: State, player: str, source: str, card: str, half: int) -> list[Slot]:
    """The choices the card asks for at play: its target (§8.6.1: an opposing Power no card has
    hit this turn, that a target step would hurt), its option, what its steps ask."""
    return _slots_of(state, player, _plan(state, source, card, half))


def _slots_of(state: State, player: str, plan: _Plan) -> list[Slot]:
    slots: list[Slot] = []
    if plan.aimed:
        # the target: an opposing Power no card hit this turn, not shielded (§13.4), that a target
        # step would hurt (a loop, not a comprehension: this runs at every decision)
        powers, targets = state.powers, []
        for p in state.content.power_ids:
            if (
                p != player
                and not powers[p].targeted
                and not (
                    state.np is not None
                    and np_shielded(state, p, plan.source, plan.card, plan.half, player=player)
                )
                and _hit_by(state, plan, p)
            ):
                targets.append(_TARGET_CHOICES.get(p) or _target_choice(p))  # (p.lower(), {"target": p})
        slots.append(targets)
    if plan.options:
        slots.append([(o, {"option": o}) for o in plan.options])
    for step, op in plan.slotted:
        slot = op.slot(state, player, step.args)
        if slot is not None:
            slots.append(slot)
    return slots


def _target_choice(power: str) -> tuple[str, dict[str, str]]:
    """A target's choice: its text (the notation is lowercase) and its context update, one
    shared pair per Power (slots are only read)."""
    found = _TARGET_CHOICES.get(power)
    if found is None:
        found = _TARGET_CHOICES[power] = (power.lower(), {"target": power})
    return found


_TARGET_CHOICES: Final[dict[str, tuple[str, dict[str, str]]]] = {}


def _hit_by(state: State, plan: _Plan, power: str) -> bool:
    """Whether a target step of the card would hurt ``power`` (§8.6.1)."""
    for step, op in plan.aimed:  # noqa: SIM110 - a loop: no generator at every target of every probe
        if op.hits(state, power, step.args):
            return True
    return False


_NOTHING_TO_CHOOSE: Final[Slot] = [("", {})]


def _choice_words(state: State, choice: str) -> str:
    """A card's choice as the log reads it: ``ru`` is Russia's code, a territory its name, a unit
    of a fleet box in words (the notation stays as it is)."""
    content = state.content
    words = []
    for token in choice.split():
        kind, _sep, where = token.partition(":")
        if token.upper() in content.powers:
            words.append(f"{token.upper()} as the target")
        elif token in content.territories:
            words.append(content.territories[token].name_en)
        elif where and where in content.continents:
            words.append(f"a {kind} in the {content.continents[where].name_en} fleet box")
        elif where == "arsenal":
            words.append(f"a {kind} in the Arsenal")
        else:
            words.append(token)
    return ", ".join(words)


def _combos(slots: list[Slot]) -> Slot:
    """Every combination of the slots' choices: (its text in the notation, context updates)."""
    if not slots:
        return _NOTHING_TO_CHOOSE
    if len(slots) == 1:
        return slots[0]
    combos: Slot = []
    for combo in product(*slots):
        updates: dict[str, str] = {}
        for _, update in combo:
            updates.update(update)
        combos.append((" ".join(text for text, _ in combo), updates))
    return combos


def play_options(
    state: State, player: str, source: str, card: str, half: int
) -> list[tuple[str, dict[str, str]]]:
    """The ways to play a card (or half) now: (choice text, context updates), each of which would
    do something (a card doing nothing at all is not offered)."""
    return _play_options(state, player, _plan(state, source, card, half))


def _play_options(state: State, player: str, plan: _Plan) -> list[tuple[str, dict[str, str]]]:
    if plan.bare:  # the one empty choice, without working out the slots there are none of
        if plan.always or _does_something(state, plan, plan.ctx(player), ""):
            return list(_NOTHING_TO_CHOOSE)  # a copy: callers own it
        return []
    combos = _combos(_slots_of(state, player, plan))
    if plan.always:
        return list(combos)  # a copy: callers own it
    found = []
    base: Ctx | None = None
    sure = plan.sure
    for text, updates in combos:
        option = updates.get("option", "")
        if sure and option in sure:
            found.append((text, updates))
            continue
        if base is None:
            base = plan.ctx(player)
        ctx = {**base, **updates} if updates else base  # the probes only read it
        if _does_something(state, plan, ctx, option):
            found.append((text, updates))
    return found


def _does_something(state: State, plan: _Plan, ctx: Ctx, option: str) -> bool:
    """Whether a step of the card (those of ``option``, and those of every option) would do
    anything now (:meth:`Op.possible`); ``ctx`` is only read."""
    for step, op in plan.steps:
        if (step.option is None or step.option == option) and op.possible(state, ctx, step.args):
            return True
    return False


def _national_ready(state: State, power: str, card: str) -> bool:
    info = state.content.national_cards[card]
    if info.requires_great_work and not state.powers[power].great_work:
        return False  # §8.3: the Trans-Siberian Railway needs Russia's Great Work
    return state.powers[power].money >= info.cost.get(power, 0)


def card_choices(state: State, power: str) -> list[A.Action]:
    """Every card the Power may play as an action now, with each of its choices (§8.6)."""
    me = state.powers[power]
    hand = _HANDS.get(power)
    if (
        hand is None
        or hand.intrigue_cards != me.intrigue
        or hand.national_cards != me.national
        or hand.fingerprint != state.content.fingerprint
    ):
        hand = _HANDS[power] = _hand(state, power)
    result: list[A.Action] = []
    for plan in hand.intrigue:
        fixed = plan.fixed  # (_plays' first case, without the call)
        result += _plays(state, power, plan) if fixed is None else fixed
    money, great_work = me.money, me.great_work
    for plan, needs_great_work, cost in hand.national:
        if money >= cost and (great_work or not needs_great_work):  # _national_ready
            fixed = plan.fixed
            result += _plays(state, power, plan) if fixed is None else fixed
    return result


class _Hand:
    """A Power's hand as :func:`card_choices` goes over it: the plans of each distinct Intrigue
    card's halves playable as an action (:func:`_action_halves`), then of each distinct National
    card with what :func:`_national_ready` reads of it (the Great Work it needs, its cost to the
    Power). Kept by the content, the Power and the hand itself (both lists, compared in full)."""

    __slots__ = ("fingerprint", "intrigue", "intrigue_cards", "national", "national_cards")

    def __init__(self, state: State, power: str) -> None:
        me, content = state.powers[power], state.content
        self.fingerprint = content.fingerprint
        self.intrigue_cards = list(me.intrigue)
        self.national_cards = list(me.national)
        self.intrigue = [plan for card in dict.fromkeys(me.intrigue) for plan in _action_halves(state, card)]
        self.national: list[tuple[_Plan, bool, int]] = []
        for card in dict.fromkeys(me.national):
            info = content.national_cards[card]
            plan = _plan(state, "national", card, 0)
            self.national.append((plan, info.requires_great_work, info.cost.get(power, 0)))


_HANDS: Final[dict[str, _Hand]] = {}
"""Power -> its hand the last time :func:`card_choices` looked (a hand changes a few times a
game; the lists are compared whole at every call, so an entry cannot be stale)."""


def _hand(state: State, power: str) -> _Hand:
    """The Power's :class:`_Hand` now, kept by all it is made of (the content, the Power and both
    hand lists): the same hands come back, within a game and across games."""
    me = state.powers[power]
    key = (state.content.fingerprint, power, tuple(me.intrigue), tuple(me.national))
    hand = _HANDS_KEPT.get(key)
    if hand is None:
        if len(_HANDS_KEPT) > 10_000:
            _HANDS_KEPT.clear()
        hand = _HANDS_KEPT[key] = _Hand(state, power)
    return hand


_HANDS_KEPT: Final[dict[tuple[str, str, tuple[str, ...], tuple[str, ...]], _Hand]] = {}
"""The hands made, by (content, Power, Intrigue cards, National cards): :class:`_Hand` reads
nothing else, and callers only read it."""


def _plays(state: State, player: str, plan: _Plan) -> list[A.Play]:
    """:func:`_play_options` as the shared Play actions (callers only read the list)."""
    if plan.fixed is not None:
        return plan.fixed
    if plan.bare:  # (_play_options: the one empty choice, if a step would do something)
        return plan.bare_plays if _does_something(state, plan, plan.ctx(player), "") else []
    if plan.always and not plan.bare:
        slots = _slots_of(state, player, plan)
        if len(slots) == 1:  # _play_options: every choice of the one slot (_combos)
            slot = slots[0]
            last = plan.last
            if last is None or last[0] is not slot:
                last = plan.last = (slot, [plan.play(text) for text, _ in slot])
            return last[1]
        return [plan.play(text) for text, _ in _combos(slots)]  # (as _play_options)
    plays = plan.plays  # (plan.play, without its call for the actions made already)
    options = _play_options(state, player, plan)
    return [plays[text] if text in plays else plan.play(text) for text, _ in options]


def play_card(state: State, power: str, action: A.Play, log: Log) -> None:
    """Play a card already known to be legal: pay, put it in play, resolve its effect."""
    me = state.powers[power]
    content = state.content
    card = action.card
    if card in content.national_cards:
        source = "national"
        info = content.national_cards[card]
        cost = info.cost.get(power, 0)
        me.money -= cost
        me.national.remove(card)
        if log is not None:
            note(log, f"{power} plays {info.name_en} (£{cost}): {info.effect_summary}", "§8.6", power)
    else:
        source = "intrigue"
        half = content.intrigue_cards[card].half(action.half)
        me.intrigue.remove(card)
        if log is not None:
            note(log, f"{power} plays the Intrigue card {half.name_en}: {half.effect_summary}", "§8.6", power)
    if action.choice and log is not None:
        note(log, f"{power} chooses {_choice_words(state, action.choice)}", "§8.6", power)
    # The choice text back to its context updates (the action came from play_options).
    ctx = new_ctx(source, card, action.half, power)
    for text, updates in _combos(_slots(state, power, source, card, action.half)):
        if text == action.choice:
            ctx.update(updates)
            break
    state.played.append(PlayedCard(card, source, power, []))
    start(state, ctx, log)


# -- refusals -------------------------------------------------------------------------------------


def play_refusal(state: State, power: str, action: A.Play) -> Why:
    """Why ``action`` (a Play not in the legal list) is refused."""
    content = state.content
    me = state.powers[power]
    card = action.card
    if card in content.intrigue_cards:
        if card not in me.intrigue:
            return f"{power} does not hold the Intrigue card {card}", "§8.6"
        if action.half not in (1, 2):
            return f"choose a half: play {card}/1 or play {card}/2", "§8.6"
        half = content.intrigue_cards[card].half(action.half)
        if half.reaction:
            return f"{half.name_en} is played in a dispute after the dice, not as an action", "§13.4.6"
        options = [text for text, _ in play_options(state, power, "intrigue", card, action.half)]
        shielded = _shielded_target(state, power, action)
        if shielded is not None:
            return shielded
        return _choice_refusal(half.name_en, options, any(_targets(s) for s in half.effect))
    if card not in content.national_cards:
        return f"there is no card {card!r}", "§8.6"
    if card not in me.national:
        return f"{power} does not hold {card}", "§8.6"
    info = content.national_cards[card]
    if action.half:
        return "National cards have no halves: play CARD", "§8.6"
    if info.requires_great_work and not me.great_work:
        return f"{info.name_en} needs the Power's Great Work first", "§8.3"
    if me.money < info.cost.get(power, 0):
        return f"{info.name_en} costs £{info.cost.get(power, 0)} (£{me.money} held)", "§8.6"
    options = [text for text, _ in play_options(state, power, "national", card, 0)]
    return _choice_refusal(info.name_en, options, any(_targets(s) for s in info.effect))


def _shielded_target(state: State, power: str, action: A.Play) -> Why | None:
    """A target the card may not hit, with the rule that protects it: §13.4 for a Non-Player Power
    against the half marked for automated Powers, §8.6.1 for a Power another card hit this turn."""
    content = state.content
    for token in action.choice.split():
        target = token.upper()
        if target not in content.powers or target == power:
            continue
        if state.np is not None and np_shielded(
            state, target, "intrigue", action.card, action.half, player=power
        ):
            name = content.intrigue_cards[action.card].half(action.half).name_en
            return (
                f"{name} is the half marked for automated Powers: a player may not play it against "
                f"the Non-Player Power {target}",
                "§13.4",
            )
        if state.powers[target].targeted:
            return f"{target} has already been hit by a card this turn and cannot be targeted", "§8.6.1"
    return None


def _choice_refusal(title: str, options: list[str], aimed: bool) -> Why:
    if not options:
        if aimed:
            return (
                f"{title} has no target now: no opposing Power it could hit is still free of "
                "a card this turn",
                "§8.6.1",
            )
        return f"{title} would have no effect now", "§8.6"
    if options == [""]:
        return f"{title} takes no choice: play it without one", "§8.6"
    shown = ", ".join(repr(o) for o in options[:10]) + (", ..." if len(options) > 10 else "")
    why = " (a Power already hit by a card this turn cannot be targeted)" if aimed else ""
    return f"{title}: choose one of {shown}{why}", "§8.6.1" if aimed else "§8.6"


def choice_refusal(state: State, seat: str, action: A.Action | None = None) -> Why:
    """Why a choice for the card in play is refused: what it asks for instead."""
    ctx, op, step = pending(state)
    options = [A.notation(a) for a in op.options(state, ctx, step.args)]
    title = title_of(state.content, ctx)
    rule = "§8.6.2" if step.op == "place" else "§8.6"
    if seat != ctx["chooser"]:
        return f"{ctx['seat']} is choosing for {title}", rule
    if isinstance(action, A.Remove | A.Place) and action.space and action.territory in state.territories:
        spaces = state.territories[action.territory].base
        cube = spaces[action.space - 1] if action.space <= len(spaces) else None
        if cube in state.powers and cube != ctx["player"] and not eligible(state, ctx, cube):
            if state.np is not None and np_shielded(
                state, cube, ctx["source"], ctx["card"], int(ctx["half"]), player=ctx["player"]
            ):
                return (
                    f"{title} is the half marked for automated Powers: it may not hit the cubes of "
                    f"the Non-Player Power {cube}",
                    "§13.4",
                )
            return f"{cube} has already been hit by another card this turn: its cubes are protected", "§8.6.1"
    shown = ", ".join(options[:10]) + (", ..." if len(options) > 10 else "")
    return f"{title} asks for one of: {shown}", rule


# -- texts for the view ---------------------------------------------------------------------------


def hand_view(state: State, power: str) -> list[dict[str, Any]]:
    """The Power's cards with their texts in English and Italian (for its own view only)."""
    content = state.content
    hand: list[dict[str, Any]] = []
    for card in state.powers[power].intrigue:
        halves = content.intrigue_cards[card].halves
        hand.append(
            {
                "card": card,
                "deck": "intrigue",
                "halves": [
                    {
                        "half": number,
                        "name_en": h.name_en,
                        "name_it": h.name_it,
                        "text_en": h.effect_summary,
                        "text_it": h.effect_summary_it,
                        "np_symbol": h.np_symbol,
                        "reaction": h.reaction,
                    }
                    for number, h in enumerate(halves, 1)
                ],
            }
        )
    for card in state.powers[power].national:
        info = content.national_cards[card]
        hand.append(
            {
                "card": card,
                "deck": "national",
                "name_en": info.name_en,
                "name_it": info.name_it,
                "cost": info.cost.get(power, 0),
                "requires_great_work": info.requires_great_work,
                "text_en": info.effect_summary,
                "text_it": info.effect_summary_it,
            }
        )
    return hand


def in_play_view(state: State) -> dict[str, Any]:
    """The card waiting for a choice: who played it, who chooses, and what."""
    ctx, _, step = pending(state)
    return {
        "card": ctx["card"],
        "name_en": title_of(state.content, ctx),
        "half": ctx["half"],
        "player": ctx["player"],
        "target": ctx["target"] or None,
        "seat": ctx["chooser"],
        "choosing": step.op,
    }
