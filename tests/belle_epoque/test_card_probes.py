"""The card options of the Action Phase (``cards.play.card_choices``) against their definition,
at every decision of seeded random games: each card (or half) is offered with each combination of
what it asks at play, worked out afresh, that would do something (§8.6), probed with
:meth:`Op.possible` on a fresh context. The fast path (shared probe contexts, probes without a
copy, the kept Diplomatic Contrasts slots, the shared Play actions) must give the same list: a
memo gone stale or a probe that drifted would offer an illegal card."""

from __future__ import annotations

import random
from typing import Any

import pytest

from realpolitik.games.belle_epoque.rules import actions as A
from realpolitik.games.belle_epoque.rules.cards import play as P
from realpolitik.games.belle_epoque.rules.cards import primitives
from realpolitik.games.belle_epoque.rules.cards.placement import Remove
from realpolitik.games.belle_epoque.rules.cards.primitives import OPS, BlockSends, Op, new_ctx
from realpolitik.games.belle_epoque.rules.cards.resolution import pending
from realpolitik.games.belle_epoque.rules.decisions import DECISIONS
from realpolitik.games.belle_epoque.rules.setup import setup_places
from realpolitik.games.belle_epoque.rules.state import State

from .cards_support import GAME

PURE = not str(P.__file__).endswith((".so", ".pyd"))
"""The checks' own tests break the rules on purpose by monkeypatching, which compiled rules
(mypyc binds their calls when they are built) do not see: they run on the pure-Python build."""


def _probe(op: Op, state: State, ctx: dict[str, Any], args: Any) -> bool:
    """:meth:`Op.possible` itself (the copy, ``begin``, ``finished`` and the options) for every
    step that decides, where Place, Remove, Ask, LoseUnit and ExhaustFleet answer without the
    copy (and Remove and Place from the index of cubes); a step that asks nothing answers for
    itself (Buy Fleet's price)."""
    if type(op).decides is not Op.decides:
        return Op.possible(op, state, ctx, args)
    return op.possible(state, ctx, args)


def plays_from_scratch(state: State, power: str, plan: Any) -> list[A.Action]:
    """The Play actions of one card (or half): every combination of its slots, worked out with
    the kept slots emptied, offered when a step of it (of its option, or of every option) would
    do something on a fresh context."""
    blocks = OPS["block_sends"]
    assert isinstance(blocks, BlockSends)
    blocks._slots.clear()
    found: list[A.Action] = []
    for text, updates in P._combos(P._slots_of(state, power, plan)):
        ctx = {**new_ctx(plan.source, plan.card, plan.half, power), **updates}
        option = updates.get("option", "")
        if any(
            (step.option is None or step.option == option) and _probe(OPS[step.op], state, ctx, step.args)
            for step, _ in plan.steps
        ):
            found.append(A.Play(plan.card, plan.half, text))
    return found


def cards_from_scratch(state: State, power: str) -> list[A.Action]:
    """§8.6 over the Power's hand, as ``card_choices`` lists it."""
    me = state.powers[power]
    found: list[A.Action] = []
    for card in dict.fromkeys(me.intrigue):
        for plan in P._action_halves(state, card):
            found += plays_from_scratch(state, power, plan)
    for card in dict.fromkeys(me.national):
        if P._national_ready(state, power, card):
            found += plays_from_scratch(state, power, P._plan(state, "national", card, 0))
    return found


def every_plan(state: State) -> list[Any]:
    """Every card and half of the content that may be played as an action, in or out of hand."""
    content = state.content
    plans = [plan for card in content.intrigue_cards for plan in P._action_halves(state, card)]
    return plans + [P._plan(state, "national", card, 0) for card in content.national_cards]


def check_cards(state: State, power: str) -> None:
    """The Power's card options, and every card's options whoever holds it, against scratch; the
    shared probe contexts are left as fresh as they were made."""
    assert P.card_choices(state, power) == cards_from_scratch(state, power)
    for plan in every_plan(state):
        assert P._plays(state, power, plan) == plays_from_scratch(state, power, plan)
        for player, ctx in plan.ctxs.items():
            assert ctx == new_ctx(plan.source, plan.card, plan.half, player)


def play_checking(seed: int, options: dict[str, Any], *, every: int = 1) -> int:
    """A seeded random game, checked at every ``every``-th Action-Phase decision (and every
    Initial Setup placement, whose Place actions are kept with the places, and every choice of a
    card in resolution, whose first options stand for the whole list). Returns the checks."""
    state = GAME.setup(GAME.normalize_options(options), seed)
    chooser = random.Random(seed)
    checked = 0
    while GAME.to_act(state):
        seat = GAME.to_act(state)[0]
        decision = state.flow.current()
        if decision.kind == "action":
            if checked % every == 0:
                check_cards(state, seat)
            checked += 1
        elif decision.kind == "card":
            ctx, op, step = pending(state)
            assert op.first_options(state, ctx, step.args, 2) == op.options(state, ctx, step.args)[:2]
        elif decision.kind == "place":
            expected = [A.Place(t) for t in setup_places(state, seat)]
            assert DECISIONS.legal_actions(state, state.flow, seat) == expected
        GAME.apply(state, seat, chooser.choice(GAME.legal_actions(state, seat)))
    return checked


@pytest.mark.parametrize(
    ("seed", "options"),
    [
        (21, {}),
        (22, {"players": 3}),
        (23, {"np": ["RU"]}),
        (24, {"intrigue_promos": True, "dreyfus_affair": True}),
    ],
)
def test_card_options_match_their_definition(seed: int, options: dict[str, Any]) -> None:
    assert play_checking(seed, options) > 100


@pytest.mark.skipif(not PURE, reason="monkeypatching needs the pure-Python rules")
def test_a_contrasts_key_without_the_contrasts_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """The check above sees a kept Diplomatic Contrasts slot that forgets which territories are
    under Contrasts (a key broken on purpose): the card would offer a territory already taken."""
    state = GAME.setup(GAME.normalize_options({}), 21)
    chooser = random.Random(21)
    while not (GAME.to_act(state) and state.flow.current().kind == "action"):
        seat = GAME.to_act(state)[0]
        GAME.apply(state, seat, chooser.choice(GAME.legal_actions(state, seat)))
    seat = GAME.to_act(state)[0]
    monkeypatch.setattr(primitives, "blocks_key", lambda state, args: ("broken", str(args["turn"])))
    plan = P._plan(state, "national", "diplomatic-contrasts", 0)
    P._plays(state, seat, plan)  # kept with no Contrasts on the map
    state.contrasts[state.content.territory_ids[0]] = ("FR", state.turn)
    with pytest.raises(AssertionError):
        assert P._plays(state, seat, plan) == plays_from_scratch(state, seat, plan)
    monkeypatch.undo()
    blocks = OPS["block_sends"]
    assert isinstance(blocks, BlockSends)
    blocks._slots.clear()  # (the slots kept under the broken key)
    assert P._plays(state, seat, plan) == plays_from_scratch(state, seat, plan)


@pytest.mark.skipif(not PURE, reason="monkeypatching needs the pure-Python rules")
def test_a_probe_writing_into_the_shared_context_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """The probes share one fresh context per card and Power: a probe that wrote into it (broken
    on purpose) is caught by the check, which would then hand a later probe a stale context."""

    def writing(self: Remove, state: State, ctx: dict[str, Any], args: Any) -> bool:
        ctx["hit"].append("GB")
        return Op.possible(self, state, ctx, args)

    monkeypatch.setattr(Remove, "possible", writing)
    try:
        with pytest.raises(AssertionError):
            play_checking(25, {}, every=5)
    finally:
        for plan in P._PLANS.values():
            plan.ctxs.clear()  # the contexts it wrote into: made afresh by the next probes
