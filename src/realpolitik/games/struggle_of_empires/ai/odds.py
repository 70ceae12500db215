"""The odds of a combat (L273-275): each side adds the difference of its two dice to its strength;
the higher total wins, equal totals tie. The difference of two dice is 0 six times in 36, 1 ten
times, 2 eight, 3 six, 4 four and 5 twice."""

from __future__ import annotations

DIFFERENCE: tuple[tuple[int, float], ...] = tuple(
    (d, n / 36) for d, n in ((0, 6), (1, 10), (2, 8), (3, 6), (4, 4), (5, 2))
)
"""Each difference of two dice with its chance."""

_TABLE: dict[int, tuple[float, float]] = {}


def chances(edge: int) -> tuple[float, float]:
    """The attacker's chance to win and to tie when its strength exceeds the defender's by
    ``edge`` (negative when weaker)."""
    if edge not in _TABLE:
        win = tie = 0.0
        for a, pa in DIFFERENCE:
            for d, pd in DIFFERENCE:
                if edge + a > d:
                    win += pa * pd
                elif edge + a == d:
                    tie += pa * pd
        _TABLE[edge] = (win, tie)
    return _TABLE[edge]


def win_chance(attack: int, defence: int) -> float:
    """The chance that strength ``attack`` beats ``defence`` outright."""
    return chances(attack - defence)[0]
