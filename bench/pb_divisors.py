"""Pax Britannica's VP divisors, what if (issue 16): re-figure finished games' scores under other
divisors and print each Power's win rate, to screen a retune before playing it.

Nearly every VP of the game is pounds over the Power's divisor (L1563-1570: the treasury bought
each turn; L1579-1583: twice the re-figured income at the end), so a game's Final Record lines
(the ``score_lines`` fact of ``realpolitik simulate``'s games.jsonl) re-figure under a divisor d'
in place of d as

    total' = round((accumulated + area_vp) * d / d') + bonus + great_war

(the Africa bonus and the Great War's penalty are VP, not pounds). This is a screen, not a
measurement: the rounding of each turn's purchase is approximated, and the bots, whose evaluation
counts VP, would play a little differently under other divisors. A candidate it finds is then
played for real (``simulate --option content=...``) and that run is the figure reported.

Germany's divisor also divides A-H's treasury and markers (L1548-1550), so ``DE`` stands for both.

    .venv/bin/python bench/pb_divisors.py RUN4/games.jsonl RUN7/games.jsonl
    .venv/bin/python bench/pb_divisors.py RUN7/games.jsonl --try '{"JP": 3, "DE": 7}'
    .venv/bin/python bench/pb_divisors.py RUN4/games.jsonl RUN7/games.jsonl --search

``--played '{"DE": 6, ...}'`` names divisors the runs were played with when they differ from the
shipped content (a run with a content override). ``--income '{"RU": 3.5}'`` screens a richer
Colonial Office row too: that many more pounds each turn, taken as all turned into VP at the VP
Record (L1563-1570: the treasury left is bought as VP) over the turns the game lasted, so an
upper bound of what the change gives. Figures only, no assertions.
"""

from __future__ import annotations

import argparse
import itertools
import json
from collections import defaultdict
from pathlib import Path
from typing import Any

from realpolitik.games.pax_britannica.content import load_content
from realpolitik.sim.stats import wilson


def _steps(low: float, high: float) -> tuple[float, ...]:
    """Every half from ``low`` to ``high`` (a divisor is a number of tenths, L1573's 2.5)."""
    return tuple(low + 0.5 * i for i in range(int((high - low) / 0.5) + 1))


# The divisors that are ours (G-D4, reconstructed) and the values the search tries (wide enough
# for bots that leave their money in the treasury and for bots that colonize with it); GB's (10),
# Russia's and Italy's (2.5) are stated (L1566, L1573) and never change here.
SEARCH = {
    "FR": _steps(2.5, 8.0),
    "DE": _steps(3.0, 10.0),
    "US": _steps(2.5, 8.0),
    "JP": _steps(2.0, 8.0),
}


def shipped_divisors() -> dict[str, float]:
    content = load_content()
    return {power: p.divisor_tenths / 10 for power, p in content.powers.items()}


EXTRA: dict[str, float] = {}
"""Pounds more each turn per Power (``--income``)."""


def load_runs(paths: list[Path]) -> dict[int, list[dict[str, Any]]]:
    """Games by player count; a game without ``score_lines`` (an older run) is refused. Each
    game's lines carry its last turn as ``_turns``."""
    runs: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for path in paths:
        for number, text in enumerate(path.read_text().splitlines(), 1):
            game = json.loads(text)
            facts = game.get("facts") or {}
            lines = facts.get("score_lines")
            if not lines:
                raise SystemExit(f"{path}:{number}: no score_lines fact (a run older than this script)")
            for line in lines.values():
                line["_turns"] = int(facts.get("end_turn", 10))
            runs[len(game["seats"])].append(lines)
    return runs


def refigure(
    lines: dict[str, dict[str, int]], played: dict[str, float], tried: dict[str, float]
) -> dict[str, float]:
    scores: dict[str, float] = {}
    for power, line in lines.items():
        ratio = played[power] / tried[power]
        extra = EXTRA.get(power, 0.0) * line["_turns"] / tried[power]
        scores[power] = (
            round((line["accumulated"] + line["area_vp"]) * ratio + extra) + line["bonus"] + line["great_war"]
        )
    return scores


def win_rates(
    games: list[dict[str, dict[str, int]]], played: dict[str, float], tried: dict[str, float]
) -> dict[str, float]:
    """Win shares per Power (a tie shares the win, as the simulation report counts it)."""
    wins: dict[str, float] = defaultdict(float)
    for lines in games:
        scores = refigure(lines, played, tried)
        best = max(scores.values())
        winners = [p for p, s in scores.items() if s == best]
        for power in winners:
            wins[power] += 1 / len(winners)
    return {power: wins[power] for power in games[0]}


def miss(wins: dict[str, float], n: int) -> float:
    """How far the worst Power's 95% interval lies outside [0.5x, 2x] its fair share (0: none)."""
    fair = 1 / len(wins)
    worst = 0.0
    for share in wins.values():
        low, high = wilson(share, n)
        worst = max(worst, 0.5 * fair - high, low - 2 * fair)
    return worst


def spread(wins: dict[str, float], n: int) -> float:
    """Sum of squared distances of the win rates from the fair share (a tie-break among fits)."""
    fair = 1 / len(wins)
    return sum((w / n - fair) ** 2 for w in wins.values())


def table(
    runs: dict[int, list[dict[str, dict[str, int]]]], played: dict[str, float], tried: dict[str, float]
) -> None:
    for players, games in sorted(runs.items()):
        wins = win_rates(games, played, tried)
        n = len(games)
        cells = []
        for power, share in wins.items():
            low, high = wilson(share, n)
            cells.append(f"{power} {100 * share / n:.1f}% [{100 * low:.1f}, {100 * high:.1f}]")
        print(
            f"{players} players, {n} games: "
            + ", ".join(cells)
            + f"; worst miss {100 * miss(wins, n):.1f} points"
        )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("runs", nargs="+", type=Path, help="games.jsonl files of realpolitik simulate")
    parser.add_argument(
        "--played", default="{}", help="JSON: divisors the runs were played with, if not shipped"
    )
    parser.add_argument("--try", dest="tried", default=None, help="JSON: divisors to re-figure with")
    parser.add_argument(
        "--search", action="store_true", help="try every combination of SEARCH, print the best"
    )
    parser.add_argument("--top", type=int, default=10)
    parser.add_argument("--income", default="{}", help="JSON: pounds more each turn per Power")
    args = parser.parse_args()
    EXTRA.update({k: float(v) for k, v in json.loads(args.income).items()})
    played = shipped_divisors() | {k: float(v) for k, v in json.loads(args.played).items()}
    runs = load_runs(args.runs)
    print("as played:", {p: played[p] for p in sorted(played) if p != "AH"})
    table(runs, played, played)
    if args.tried:
        tried = played | {k: float(v) for k, v in json.loads(args.tried).items()}
        print("re-figured with", json.loads(args.tried))
        table(runs, played, tried)
    if args.search:
        ranked = []
        for values in itertools.product(*SEARCH.values()):
            tried = played | dict(zip(SEARCH, values, strict=True))
            fits = [
                (miss(w, len(g)), spread(w, len(g)))
                for g in runs.values()
                for w in [win_rates(g, played, tried)]
            ]
            ranked.append(
                (max(f[0] for f in fits), sum(f[1] for f in fits), dict(zip(SEARCH, values, strict=True)))
            )
        ranked.sort(key=lambda r: (r[0], r[1]))
        for worst, total, candidate in ranked[: args.top]:
            print(f"worst miss {100 * worst:.1f} points, spread {total:.4f}: {json.dumps(candidate)}")
            table(runs, played, played | candidate)


if __name__ == "__main__":
    main()
