"""Determinization: the board is public; what a seat cannot know is the dice to come and the
other disputants' sealed answers in a dispute (L784-811). Both are drawn anew."""

from __future__ import annotations

from ....engine import Rng
from ..rules.negotiation import ANSWERS
from ..rules.state import State


def determinize(state: State, seat: str | None, rng: Rng) -> State:
    twin = state.clone()
    top = twin.flow.top()
    if top is not None and top.kind == "dispute":
        answers = top.data["answers"]
        top.data["answers"] = {
            s: (a if s == seat else ANSWERS[rng.below(len(ANSWERS))]) for s, a in answers.items()
        }
    twin.rng = Rng.from_seed(rng.below(2**31), stream=11)
    return twin
