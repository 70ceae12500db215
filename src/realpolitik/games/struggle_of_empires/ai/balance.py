"""Balance figures from a simulation's ``games.jsonl`` (``realpolitik simulate struggle-of-empires
--out DIR``): win rate per empire and per seat position (clockwise from the first player, drawn at
random at setup, L40: it deploys first and opens War 1's first auction, L55, L104), revolutions per
game (L387), each rate with its 95% Wilson interval; a shared win counts as a share.

    python -m realpolitik.games.struggle_of_empires.ai.balance DIR/games.jsonl

Only reads the results file: it imports nothing but the standard library.
"""

from __future__ import annotations

import json
import math
import sys
from collections.abc import Iterable, Mapping
from typing import Any

SEAT_ORDER = ("GB", "FR", "PR", "AU", "ES", "RU", "NL")
"""The seating order of the shipped content (data/empires.toml): clockwise."""


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion, in [0, 1]."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    centre = p + z * z / (2 * n)
    spread = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    scale = 1 + z * z / n
    return max(0.0, (centre - spread) / scale), min(1.0, (centre + spread) / scale)


def _shares(winners: Iterable[str]) -> dict[str, float]:
    won = list(winners)
    return {w: 1 / len(won) for w in won}


def figures(results: list[Mapping[str, Any]]) -> dict[str, Any]:
    """Win rates per empire and per position, mean VP, revolutions per game."""
    seats = [s for s in SEAT_ORDER if any(s in r["scores"] for r in results)]
    n = len(results)
    empire_wins = dict.fromkeys(seats, 0.0)
    position_wins = [0.0] * len(seats)
    positioned = 0
    vp = dict.fromkeys(seats, 0.0)
    revolutions = 0
    revolted = dict.fromkeys(seats, 0)
    for r in results:
        shares = _shares(r["winners"])
        for s in seats:
            empire_wins[s] += shares.get(s, 0.0)
            vp[s] += r["scores"][s]
        facts = r.get("facts") or {}
        revolutions += int(facts.get("revolutions") or 0)
        for s in seats:
            if r["scores"][s] == 0:
                revolted[s] += 1  # a final 0 is a revolution in practice (L387)
        first = r.get("first_player") or facts.get("first_player")
        if first in seats:
            positioned += 1
            start = seats.index(first)
            for i in range(len(seats)):
                position_wins[i] += shares.get(seats[(start + i) % len(seats)], 0.0)
    return {
        "games": n,
        "fair": 1 / len(seats),
        "empires": {s: (empire_wins[s], wilson(empire_wins[s], n), vp[s] / n) for s in seats},
        "positions": [(w, wilson(w, positioned)) for w in position_wins],
        "positioned": positioned,
        "revolutions_per_game": revolutions / n if n else 0.0,
        "final_zero": revolted,
    }


def report(results: list[Mapping[str, Any]]) -> str:
    f = figures(results)
    n, fair = f["games"], f["fair"]
    lines = [
        f"{n} games; fair share {fair:.1%}; 95% Wilson intervals; a shared win counts as a share.",
        "",
        "| empire | wins | win rate [95% CI] | mean VP | final 0 |",
        "| --- | ---: | --- | ---: | ---: |",
    ]
    for s, (wins, (lo, hi), mean_vp) in f["empires"].items():
        zero = f["final_zero"][s]
        lines.append(f"| {s} | {wins:g} | {wins / n:.1%} [{lo:.1%}, {hi:.1%}] | {mean_vp:.1f} | {zero} |")
    lines += ["", "| position from the first player | win rate [95% CI] |", "| --- | --- |"]
    m = f["positioned"]
    for i, (wins, (lo, hi)) in enumerate(f["positions"]):
        lines.append(f"| {i + 1} | {wins / m if m else 0:.1%} [{lo:.1%}, {hi:.1%}] |")
    lines += ["", f"Revolutions per game: {f['revolutions_per_game']:.2f}."]
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python -m realpolitik.games.struggle_of_empires.ai.balance DIR/games.jsonl")
        return 2
    with open(argv[0], encoding="utf-8") as handle:
        results = [json.loads(line) for line in handle if line.strip()]
    print(report(results))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
