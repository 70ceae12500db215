"""The automaton's dice: all from the game's PRNG, each one logged with the rule it served."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from .....engine import LogEntry
from ..board import note
from ..state import State

Log = list[LogEntry] | None
T = TypeVar("T")


def roll(state: State, power: str, why: str, rule: str, log: Log) -> int:
    value = state.rng.die()
    note(log, f"{power} (NP) rolls {value}: {why}", rule, power)
    return value


def pick(state: State, power: str, tied: Sequence[T], what: str, *, rule: str, log: Log) -> T:
    """One of ``tied`` by a die (§13.4.3): odd/even for 2, 1-2 / 3-4 / 5-6 for 3; no die for 1."""
    if len(tied) == 1:
        return tied[0]
    value = roll(state, power, f"a tie for {what} between {', '.join(map(str, tied))}", rule, log)
    if len(tied) == 2:
        return tied[0] if value % 2 else tied[1]
    return tied[(value - 1) * len(tied) // 6]
