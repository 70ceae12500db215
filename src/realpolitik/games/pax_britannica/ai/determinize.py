"""Determinization: the board is public; what a seat cannot know is the dice to come and the
other disputants' sealed answers in a dispute (L784-811). Both are drawn anew."""

from __future__ import annotations

from ....engine import Rng
from ..rules.negotiation import ANSWERS
from ..rules.state import State

SEALED: dict[str, tuple[str, ...]] = {
    "dispute": ANSWERS,
    "call": ("call", "pass"),
    "vote": ("yes", "no"),
    "sign": ("sign", "refuse"),
    "aid": ("ottomans", "none"),  # the second call's "enemies" is never guessed
    "peace": ("sign", "fight"),  # "announce" only when a side is out of reach: never guessed
}
"""Decisions answered by several seats at once, and the answers a seat may give."""


def determinize(state: State, seat: str | None, rng: Rng) -> State:
    twin = state.clone()
    top = twin.flow.top()
    choices = SEALED.get(top.kind) if top is not None else None
    if top is not None and choices is not None:
        answers = top.data["answers"]
        top.data["answers"] = {
            s: (a if s == seat else choices[rng.below(len(choices))]) for s, a in answers.items()
        }
    twin.rng = Rng.from_seed(rng.below(2**31), stream=11)
    return twin
