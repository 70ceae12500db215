"""Small statistics for reports: Wilson intervals, means, ranks.

>>> low, high = wilson(30, 100)
>>> round(low, 3), round(high, 3)
(0.219, 0.396)
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

Z95 = 1.959963984540054


def wilson(successes: float, trials: float, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default); ``(0, 1)`` with no trials.
    ``successes`` may be fractional (a shared win counts as a share). The interval always holds
    the observed rate: ``low <= successes / trials <= high``."""
    if trials <= 0:
        return 0.0, 1.0
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    spread = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    # At p = 0 (or 1) the bound is 0 (or 1) exactly, but rounding leaves a tiny positive lower
    # bound above 0 (an upper one below 1): clamp, so the interval always holds the rate and an
    # error bar is never negative.
    return max(0.0, min(p, centre - spread)), min(1.0, max(p, centre + spread))


def mean(values: Sequence[float]) -> float:
    return sum(values) / len(values) if values else float("nan")


def stdev(values: Sequence[float]) -> float:
    if len(values) < 2:
        return 0.0
    m = mean(values)
    return math.sqrt(sum((v - m) ** 2 for v in values) / (len(values) - 1))


def median(values: Sequence[float]) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    middle = len(ordered) // 2
    return ordered[middle] if len(ordered) % 2 else (ordered[middle - 1] + ordered[middle]) / 2


def win_shares(winners: Sequence[str]) -> dict[str, float]:
    """Each winner's share of one win (a shared victory splits it)."""
    return {w: 1.0 / len(winners) for w in winners} if winners else {}


def ranks(scores: Mapping[str, float]) -> dict[str, float]:
    """Rank per seat by score (1 = best; ties share the mean of their places)."""
    ordered = sorted(scores.values(), reverse=True)
    result = {}
    for seat, score in scores.items():
        first = ordered.index(score) + 1
        last = len(ordered) - ordered[::-1].index(score)
        result[seat] = (first + last) / 2
    return result


def error_bar(successes: float, trials: float) -> tuple[float, float]:
    """The distances below and above the observed rate to its Wilson bounds (never negative): a
    plot's error bar."""
    if trials <= 0:
        return 0.0, 0.0
    rate = successes / trials
    low, high = wilson(successes, trials)
    return max(0.0, rate - low), max(0.0, high - rate)


def fmt_rate(successes: float, trials: float) -> str:
    """``"31.0% [22.8, 40.6]"``."""
    if trials <= 0:
        return "-"
    low, high = wilson(successes, trials)
    return f"{100 * successes / trials:.1f}% [{100 * low:.1f}, {100 * high:.1f}]"
