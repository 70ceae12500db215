"""Running a card's effect, step by step, through the decisions it asks for.

:func:`resume` runs the steps from where the context stands. An automatic step runs at once; a step
that asks for a choice (a cube to place or remove, the victim's pick) stops the run with
``ctx["chooser"]`` naming who decides, and the card waits in a ``card`` decision (its data is the
context) pushed on the flow: the Power's Action-Phase turn beneath it is suspended until the card
is done, as it is by a dispute.
A choice with a single option left to a victim is made for it; the player always chooses.
"""

from __future__ import annotations

from .....engine import LogEntry
from .....engine.flow import Decision
from ...content import EffectStep
from .. import actions as A
from ..board import note
from ..state import State
from . import placement  # noqa: F401  (registers the map primitives in OPS)
from .primitives import OPS, Ctx, Op, effect_of, title_of

Log = list[LogEntry] | None


def _reset_step(ctx: Ctx) -> None:
    ctx["step"] += 1
    ctx["begun"] = False
    ctx["left"] = 0
    ctx["done"] = []
    ctx["hits"] = {}


def applies(step: EffectStep, ctx: Ctx) -> bool:
    """A step marked ``if`` runs only under the option chosen (at play, or by an ``ask``)."""
    return step.option is None or step.option == ctx["option"]


def resume(state: State, ctx: Ctx, log: Log) -> bool:
    """Run the card's steps from ``ctx["step"]``: True when the effect is complete, False when
    ``ctx["chooser"]`` must choose (see :func:`pending`)."""
    steps = effect_of(state.content, ctx)
    while ctx["step"] < len(steps):
        step = steps[ctx["step"]]
        if applies(step, ctx):
            op = OPS[step.op]
            if not ctx["begun"]:
                op.begin(state, ctx, step.args)
                ctx["begun"] = True
            if op.decides(ctx, step.args):
                if _waits(state, ctx, op, step, log):
                    return False
            else:
                op.run(state, ctx, step.args, log)
        _reset_step(ctx)
    return True


def _waits(state: State, ctx: Ctx, op: Op, step: EffectStep, log: Log) -> bool:
    while not op.finished(state, ctx, step.args):
        options = op.first_options(state, ctx, step.args, 2)  # none, one, or more than one
        if not options:
            return False  # nothing (more) it can do: the step is over
        seat = op.seat(state, ctx, step.args)
        if len(options) == 1 and seat != ctx["player"]:
            op.choose(state, ctx, step.args, options[0], log)  # the victim's only choice
            continue
        ctx["chooser"] = seat
        return True
    return False


def pending(state: State) -> tuple[Ctx, Op, EffectStep]:
    """The card waiting in the current ``card`` decision: its context, primitive and step."""
    decision = state.flow.current()
    assert decision.kind == "card"
    ctx = decision.data
    step = effect_of(state.content, ctx)[ctx["step"]]
    return ctx, OPS[step.op], step


def start(state: State, ctx: Ctx, log: Log) -> None:
    """Resolve a card just played in an Action-Phase turn: at once, or by suspending the turn
    behind a ``card`` decision (like Nationalist Disorder's cube choices)."""
    if resume(state, ctx, log):
        finish(state, ctx, log)
        return
    state.flow.push(Decision("card", ctx["chooser"], ctx))


def choices(state: State, seat: str) -> list[A.Action]:
    ctx, op, step = pending(state)
    return op.options(state, ctx, step.args) if ctx["chooser"] == seat else []


def apply_choice(state: State, seat: str, action: A.Action, log: Log) -> None:
    """Apply a choice of the card in play, then run on; when the card is done, the Power's
    Action-Phase turn comes back (the caller then finishes the action)."""
    ctx, op, step = pending(state)
    op.choose(state, ctx, step.args, action, log)
    if not op.finished(state, ctx, step.args) and _waits(state, ctx, op, step, log):
        state.flow.current().ask(ctx["chooser"])
        return
    _next_step(state, ctx, log)


def skip_step(state: State, log: Log) -> None:
    """End the pending step with nothing more done (an NP with no objective left, §13.4.3), then
    run on as :func:`apply_choice` does."""
    ctx, _, _ = pending(state)
    _next_step(state, ctx, log)


def _next_step(state: State, ctx: Ctx, log: Log) -> None:
    """The pending step is over: run the card on; when it is done, the suspended turn resumes."""
    _reset_step(ctx)
    if resume(state, ctx, log):
        finish(state, ctx, log)
        state.flow.pop()
    else:
        state.flow.current().ask(ctx["chooser"])


def finish(state: State, ctx: Ctx, log: Log) -> None:
    """§8.6: a card that hit an opposing Power stays in play with the reminder cubes until
    Preparation; otherwise an Intrigue card goes to the discards and a National card to the box."""
    card = title_of(state.content, ctx)
    played = state.played[-1]
    assert played.card == ctx["card"]
    if ctx["hit"]:
        note(log, f"{card} stays in play until Preparation (it hit {', '.join(ctx['hit'])})", "§8.6")
        return
    state.played.pop()
    if played.deck == "intrigue":
        state.intrigue_discard.append(played.card)
        note(log, f"{card} hit no opposing Power: it goes to the discards", "§8.6")
    else:
        note(log, f"{card} hit no opposing Power: it goes back to the box", "§8.6")
