"""Reactions (digest G18): Change of Strategy, played in a dispute after both dice.

After the dice of a dispute (§8.7), a side that does not win and holds an Intrigue card with a
``reroll`` half is asked whether to play it: it re-rolls its own die having seen the other's
(§13.4.6). It costs no action and a Power that has passed may use it as a defender (digest A13).
Each side is asked at most once per dispute, the attacker first; a side without such a card is
never asked. The card targets no Power, so it goes to the discards.
"""

from __future__ import annotations

from typing import Any, Final

from ....engine import LogEntry
from ..content import Content
from . import actions as A
from .board import note
from .state import State

Log = list[LogEntry] | None

ACCEPT: Final = "accept"
"""``choose accept``: keep the roll and let the dispute be settled."""


def reroll_card(state: State, power: str) -> tuple[str, int] | None:
    """The first card in the Power's hand with a reroll half, and which half."""
    content = state.content
    for card in state.powers[power].intrigue:
        number = _reroll_half(content, card)
        if number:
            return card, number
    return None


def _reroll_half(content: Content, card: str) -> int:
    """The number of the card's first half that is a reaction (a reroll), 0 if none: by content."""
    key = (content.fingerprint, card)
    found = _REROLL_HALVES.get(key)
    if found is None:
        found = 0
        for number, half in enumerate(content.intrigue_cards[card].halves, 1):
            if half.reaction:
                found = number
                break
        _REROLL_HALVES[key] = found
    return found


_REROLL_HALVES: Final[dict[tuple[str, str], int]] = {}


def standing(state: State, data: dict[str, Any]) -> str:
    """Who the dice favour now: attacker, defender, or tie (both cubes go, §8.7)."""
    a_total = data["a_roll"] + data["a_mod"]
    d_total = data["d_roll"] + data["d_mod"]
    if a_total != d_total:
        return "attacker" if a_total > d_total else "defender"
    defender = data["defender"]
    if defender is not None:
        a_prestige = state.powers[data["attacker"]].prestige
        d_prestige = state.powers[defender].prestige
        if a_prestige != d_prestige:
            return "attacker" if a_prestige > d_prestige else "defender"
    return "tie"


def offer_reroll(state: State) -> bool:
    """Turn the dispute's decision into a ``reroll`` decision for the side that may react, if
    any; False when the dispute may be settled."""
    decision = state.flow.current()
    data = decision.data
    now = standing(state, data)
    asked: list[str] = data.setdefault("asked", [])
    for side, seat, wins in (("a", data["attacker"], "attacker"), ("d", data["defender"], "defender")):
        if seat is None or side in asked or now == wins or reroll_card(state, seat) is None:
            continue
        decision.kind = "reroll"  # the dispute's decision, asked of the side that may react
        decision.ask(seat)
        data["reroll_side"] = side
        return True
    decision.kind = "commit"
    return False


def reroll_choices(state: State, seat: str) -> list[A.Action]:
    found = reroll_card(state, seat)
    assert found is not None
    return [A.Play(found[0], found[1]), A.Choose(ACCEPT)]


def apply_reroll(state: State, seat: str, action: A.Action, log: Log) -> bool:
    """Play the card (a new die for that side) or accept; True when the dispute may be settled."""
    decision = state.flow.current()
    data = decision.data
    side = data["reroll_side"]
    data["asked"] = [*data["asked"], side]
    if isinstance(action, A.Play):
        half = state.content.intrigue_cards[action.card].half(action.half)
        state.powers[seat].intrigue.remove(action.card)
        state.intrigue_discard.append(action.card)
        old = data[f"{side}_roll"]
        data[f"{side}_roll"] = state.rng.die()
        note(log, f"{seat} plays {half.name_en}: re-rolls {old} → {data[f'{side}_roll']}", "§13.4.6", seat)
    else:
        note(log, f"{seat} keeps its roll", "§8.7", seat)
    return not offer_reroll(state)
