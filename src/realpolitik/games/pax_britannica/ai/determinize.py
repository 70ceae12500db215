"""Determinization: the board is public; what a seat cannot know is the dice to come, the other
seats' sealed answers (disputes, calls, votes, signatures, aid, peace, spoils, a Minor's
rights), the secret treaties it did
not sign and the terms of a secret offer between two others (L839-845). The answers and dice are
drawn anew; the world drawn has no secret treaty the seat did not sign (the one world consistent
with everything it sees that needs no guess), and a secret offer between others becomes an offer
of an alliance of a kind drawn at random."""

from __future__ import annotations

from ....engine import Rng
from ..rules.negotiation import ANSWERS
from ..rules.state import State
from ..rules.treaties import KINDS, signers_seats

SEALED: dict[str, tuple[str, ...]] = {
    "dispute": ANSWERS,
    "call": ("call", "pass"),
    "vote": ("yes", "no"),
    "sign": ("sign", "refuse"),
    "aid": ("ottomans", "none"),  # the second call's "enemies" is never guessed
    "peace": ("sign", "fight"),
    "spoils": ("agree", "dispute"),  # "announce" only when a side is out of reach: never guessed
    "rights": ("defend", "pass"),
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
    hidden = [t for t in twin.secret_treaties if seat is None or seat not in signers_seats(twin, t)]
    if hidden:
        twin.treaties = [t for t in twin.treaties if t not in hidden]
        twin.secret_treaties = [t for t in twin.secret_treaties if t not in hidden]
    if top is not None and top.kind == "offer" and top.data.get("secret"):
        parties = {twin.player_of.get(str(top.data[k])) for k in ("from", "to")}
        if seat is None or seat not in parties:
            kinds = [k for k in KINDS if k == "defensive" or "AH" not in (top.data["from"], top.data["to"])]
            top.data = {**top.data, "kind": "ally", "treaty": kinds[rng.below(len(kinds))], "area": ""}
    twin.rng = Rng.from_seed(rng.below(2**31), stream=11)
    return twin
