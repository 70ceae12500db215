"""Scenario files: a position in the game's own words (docs/europe-in-turmoil.md lists the keys).

Cards are written by number; ``held`` (the cards of a hand held over from the last turn, 15.0)
comes after ``hands``. ``slots`` (the action rounds left this turn, the first acting now)
clears whatever was pending and starts that round.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ....engine import LogEntry, ScenarioError
from .driver import drive
from .state import State

KEYS = (
    "sp",
    "hands",
    "held",
    "deck",
    "discard",
    "removed",
    "in_effect",
    "vp",
    "tension",
    "turn",
    "navy",
    "plus",
    "reached",
    "markers",
    "gw_track",
    "tel_flipped",
    "naval_used",
    "stability",
    "ops_mod",
    "dreyfus",
    "tps_left",
    "rounds_done",
    "slots",
)


def _card(state: State, n: Any) -> str:
    cid = state.content.by_number.get(int(n))
    if cid is None:
        raise ScenarioError(f"position: no card #{n}")
    return cid


def _table(key: str, value: Any) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise ScenarioError(f"position.{key} must be a table")
    return value


def set_position(state: State, pos: Mapping[str, Any], log: list[LogEntry] | None = None) -> None:
    unknown = [k for k in pos if k not in KEYS]
    if unknown:
        raise ScenarioError(f"position: unknown key(s) {', '.join(unknown)} (known: {', '.join(KEYS)})")
    for key, value in pos.items():
        if key == "sp":
            for space, pair in _table(key, value).items():
                if space not in state.sp:
                    raise ScenarioError(f"position.sp: no space {space!r}")
                state.sp[space] = [int(pair[0]), int(pair[1])]
        elif key == "hands":
            for seat, cards in _table(key, value).items():
                state.hands[seat] = [_card(state, c) for c in cards]
                state.held[seat] = [c for c in state.held[seat] if c in state.hands[seat]]
        elif key == "held":  # 15.0: cards of the hand held over from the last turn
            for seat, cards in _table(key, value).items():
                held = [_card(state, c) for c in cards]
                if not set(held) <= set(state.hands[seat]) or any(
                    state.content.cards[c].scoring for c in held
                ):
                    raise ScenarioError(f"position.held.{seat}: held cards are non-Scoring cards of the hand")
                state.held[seat] = held
        elif key == "deck":  # in draw order: the first is drawn first
            state.deck = [_card(state, c) for c in reversed(value)]
        elif key in ("discard", "removed"):
            setattr(state, key, [_card(state, c) for c in value])
        elif key == "in_effect":
            state.in_effect = {_card(state, c): str(s) for c, s in _table(key, value).items()}
        elif key == "navy":
            for seat, box in _table(key, value).items():
                state.navy[seat] = state.content.naval_index[str(box)]
        elif key in ("plus", "naval_used", "ops_mod", "rounds_done"):
            getattr(state, key).update(dict(_table(key, value)))
        elif key == "reached":
            state.reached = {str(b): list(s) for b, s in _table(key, value).items()}
        elif key == "stability":
            for seat, cards in _table(key, value).items():
                state.stab_avail[seat] = list(cards)
        elif key in ("markers", "gw_track"):
            setattr(state, key, list(value))
        elif key in ("vp", "tension", "turn", "tps_left"):
            setattr(state, key, int(value))
        elif key in ("tel_flipped", "dreyfus"):
            setattr(state, key, bool(value))
    if "slots" in pos:
        state.flow.clear()
        state.tasks = []
        state.slots = [str(s) for s in pos["slots"]]
        drive(state, log)
